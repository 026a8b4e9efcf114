"""numpy when it is importable, plain Python otherwise.

Everything that may hand out arrays looks up ``_compat.np`` at call time, so
the pure-Python path can be tested by setting it to None.
"""
try:
    import numpy as np
except ImportError:  # pragma: no cover - depends on the machine
    np = None


def dtype(name):
    """np.dtype(name) with numpy, else the name itself."""
    return np.dtype(name) if np is not None else name


def float32_vector(values):
    """A float32 array of values (numpy), or the list itself."""
    if np is None:
        return values
    return np.asarray(values, dtype=np.float32)


def int8_mask(data):
    """A mask (bytes of 0/1) as a writable int8 array (numpy), or the bytes."""
    if np is None:
        return bytes(data)
    return np.frombuffer(bytes(data), dtype=np.int8).copy()
