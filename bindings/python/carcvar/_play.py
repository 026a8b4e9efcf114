"""The console entry point `carcvar-play` (pyproject.toml [project.scripts]):
runs the C program carcvar-play that pip installs inside the package, next
to libcarcvar.so.0 (it finds the library there by its $ORIGIN run path).
Arguments, output and exit status are the program's own (doc/play.md)."""
import os
import sys

PROGRAM = os.path.join(os.path.dirname(os.path.abspath(__file__)), "carcvar-play")


def main(argv=None):
    args = sys.argv[1:] if argv is None else list(argv)
    if not os.access(PROGRAM, os.X_OK):
        sys.stderr.write(
            "carcvar-play: the program is not installed with this carcvar package ({}): "
            "pip install . installs it; in a checkout, meson compile -C build carcvar-play "
            "builds build/examples/carcvar-play\n".format(os.path.dirname(PROGRAM)))
        return 2
    sys.stdout.flush()
    os.execv(PROGRAM, [PROGRAM] + args)
    return 1  # not reached


if __name__ == "__main__":
    sys.exit(main())
