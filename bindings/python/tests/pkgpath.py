"""Where the tests take the carcvar package from.

By default (meson test) the source tree: bindings/python, with the library of
the build directory.  With CARCVAR_TEST_INSTALLED=1 (.ci/run) the installed
package only: nothing is added to sys.path or PYTHONPATH, and CARCVAR_LIBRARY
is left alone, so the package and its libcarcvar.so.0 are the ones pip
installed.
"""
import os

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.dirname(HERE)                      # bindings/python
ROOT = os.path.dirname(os.path.dirname(SOURCE))     # the checkout
INSTALLED = os.environ.get("CARCVAR_TEST_INSTALLED") == "1"


def pythonpath(*extra):
    """PYTHONPATH for a child process that must import carcvar as this one
    does: extra entries, the source tree (unless testing the installed
    package), then the current PYTHONPATH."""
    parts = list(extra) + ([] if INSTALLED else [SOURCE])
    parts += [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
    return os.pathsep.join(parts)
