import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
if "CARCVAR_LIBRARY" not in os.environ:
    built = os.path.join(HERE, "..", "..", "..", "build", "lib", "libcarcvar.so.0")
    if os.path.exists(built):
        os.environ["CARCVAR_LIBRARY"] = os.path.abspath(built)
