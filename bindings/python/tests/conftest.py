import os
import sys

from pkgpath import INSTALLED, ROOT, SOURCE

if not INSTALLED:
    sys.path.insert(0, SOURCE)
    if "CARCVAR_LIBRARY" not in os.environ:
        built = os.path.join(ROOT, "build", "lib", "libcarcvar.so.0")
        if os.path.exists(built):
            os.environ["CARCVAR_LIBRARY"] = os.path.abspath(built)
