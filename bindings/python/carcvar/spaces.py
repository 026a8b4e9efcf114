"""Small stand-ins for gymnasium's Discrete, Box and Dict spaces.

gymnasium is not imported: these classes offer the part of its interface that
PettingZoo code uses (n, shape, dtype, low/high, seed(), sample(mask=None),
contains(), ``in``).  With numpy they hand out and accept numpy values as
gymnasium does; without it they work on Python ints, lists and bytes.
"""
import random

from . import _compat


class Space:
    def __init__(self, shape, dtype, seed=None):
        self.shape = tuple(shape)
        self._dtype = dtype
        self.seed(seed)

    @property
    def dtype(self):
        return _compat.dtype(self._dtype)

    def seed(self, seed=None):
        """Seed the sampler (None: from the operating system)."""
        self._rng = random.Random(seed)
        return [seed]

    def __contains__(self, x):
        return self.contains(x)


def _as_int(x):
    """x as a Python int if it is an integer scalar, else None."""
    np = _compat.np
    if isinstance(x, int):
        return int(x)
    if (np is not None and isinstance(x, (np.generic, np.ndarray)) and x.shape == ()
            and np.issubdtype(x.dtype, np.integer)):
        return int(x)
    return None


class Discrete(Space):
    """Integers start, start + 1, ..., start + n - 1."""

    def __init__(self, n, start=0, seed=None):
        if n <= 0:
            raise ValueError("Discrete needs n > 0")
        self.n = int(n)
        self.start = int(start)
        super().__init__((), "int64", seed)

    def sample(self, mask=None):
        """A uniform element; with a mask (length n, entries 0/1, e.g. an int8
        array or bytes) a uniform element whose mask entry is 1, or start if
        there is none (as gymnasium does)."""
        if mask is None:
            return self.start + self._rng.randrange(self.n)
        if len(mask) != self.n:
            raise ValueError(f"mask has length {len(mask)}, the space has {self.n} elements")
        np = _compat.np
        if np is not None and isinstance(mask, np.ndarray):
            allowed = np.flatnonzero(mask).tolist()
        else:
            allowed = [i for i, m in enumerate(mask) if m]
        if any(mask[i] != 1 for i in allowed):
            raise ValueError("mask entries must be 0 or 1")
        return self.start + (self._rng.choice(allowed) if allowed else 0)

    def contains(self, x):
        v = _as_int(x)
        return v is not None and self.start <= v < self.start + self.n

    def __eq__(self, other):
        return isinstance(other, Discrete) and (self.n, self.start) == (other.n, other.start)

    def __hash__(self):
        return hash((Discrete, self.n, self.start))

    def __repr__(self):
        start = f", start={self.start}" if self.start else ""
        return f"Discrete({self.n}{start})"


def _size(shape):
    n = 1
    for d in shape:
        n *= d
    return n


def _flatten(x, shape):
    """Nested lists of the given shape as one flat list, or None if x does not
    have that shape."""
    if not shape:
        return [x]
    if isinstance(x, (bytes, bytearray)) and len(shape) == 1:
        return list(x) if len(x) == shape[0] else None
    try:
        if isinstance(x, (str, bytes, bytearray)) or len(x) != shape[0]:
            return None
    except TypeError:
        return None
    out = []
    for item in x:
        flat = _flatten(item, shape[1:])
        if flat is None:
            return None
        out += flat
    return out


def _nest(flat, shape):
    """A flat list as nested lists of the given shape (row-major)."""
    if len(shape) <= 1:
        return list(flat)
    step = _size(shape[1:])
    return [_nest(flat[i * step:(i + 1) * step], shape[1:]) for i in range(shape[0])]


class Box(Space):
    """An array of the given shape (any number of dimensions) with per-entry
    bounds low <= x <= high; without numpy, nested lists of that shape."""

    def __init__(self, low, high, shape=None, dtype="float32", seed=None):
        if shape is None:
            shape = (len(high),) if hasattr(high, "__len__") else (len(low),)
        shape = tuple(int(d) for d in shape)
        n = _size(shape)
        lows = _flatten(low, shape) if hasattr(low, "__len__") else [low] * n
        highs = _flatten(high, shape) if hasattr(high, "__len__") else [high] * n
        if lows is None and hasattr(low, "__len__") and len(low) == n:
            lows = list(low)                 # a flat list for any shape
        if highs is None and hasattr(high, "__len__") and len(high) == n:
            highs = list(high)
        if lows is None or highs is None or len(lows) != n or len(highs) != n:
            raise ValueError("low and high must have the size of the shape")
        if any(lo > hi for lo, hi in zip(lows, highs)):
            raise ValueError("low must not exceed high")
        self._integer = dtype.startswith(("int", "uint"))
        cast = int if self._integer else float
        self._low = [cast(v) for v in lows]
        self._high = [cast(v) for v in highs]
        super().__init__(shape, dtype, seed)

    def _bound(self, name):
        values = getattr(self, name)
        np = _compat.np
        if np is None:
            return _nest(values, self.shape)
        cache = self.__dict__.setdefault("_arrays", {})
        if name not in cache:
            cache[name] = np.array(values, dtype=self.dtype).reshape(self.shape)
            cache[name].flags.writeable = False
        return cache[name]

    @property
    def low(self):
        return self._bound("_low")

    @property
    def high(self):
        return self._bound("_high")

    def sample(self, mask=None):
        """A uniform array within the bounds (integers for integer dtypes)."""
        if mask is not None:
            raise ValueError("Box.sample takes no mask")
        np = _compat.np
        if np is not None:
            gen = np.random.default_rng(self._rng.getrandbits(64))
            if self._integer:
                return gen.integers(self.low, self.high, endpoint=True).astype(self.dtype)
            return gen.uniform(self.low, self.high).astype(self.dtype)
        if self._integer:
            flat = [self._rng.randint(lo, hi) for lo, hi in zip(self._low, self._high)]
        else:
            flat = [self._rng.uniform(lo, hi) for lo, hi in zip(self._low, self._high)]
        return _nest(flat, self.shape)

    def contains(self, x):
        np = _compat.np
        if np is not None:
            if not isinstance(x, np.ndarray):
                try:
                    x = np.asarray(x, dtype=self.dtype)
                except (TypeError, ValueError):
                    return False
            return bool(x.shape == self.shape and np.can_cast(x.dtype, self.dtype)
                        and np.all(x >= self.low) and np.all(x <= self.high))
        flat = _flatten(x, self.shape)
        if flat is None:
            return False
        for v, lo, hi in zip(flat, self._low, self._high):
            if isinstance(v, bool) or not isinstance(v, (int, float)):
                return False
            if self._integer and v != int(v):
                return False
            if not lo <= v <= hi:
                return False
        return True

    def __eq__(self, other):
        return (isinstance(other, Box) and self.shape == other.shape
                and self._dtype == other._dtype and self._low == other._low
                and self._high == other._high)

    def __hash__(self):
        return hash((Box, self.shape, self._dtype))

    def __repr__(self):
        return f"Box({min(self._low)}, {max(self._high)}, {self.shape}, {self._dtype})"


class Dict(Space):
    """A dict of named subspaces."""

    def __init__(self, spaces, seed=None):
        self.spaces = dict(spaces)
        super().__init__((), None, seed)

    @property
    def dtype(self):
        return None

    def seed(self, seed=None):
        rng = random.Random(seed)
        self._rng = rng
        for space in getattr(self, "spaces", {}).values():
            space.seed(rng.getrandbits(64) if seed is not None else None)
        return [seed]

    def sample(self, mask=None):
        return {k: s.sample(None if mask is None else mask.get(k))
                for k, s in self.spaces.items()}

    def contains(self, x):
        return (isinstance(x, dict) and set(x) == set(self.spaces)
                and all(s.contains(x[k]) for k, s in self.spaces.items()))

    def __getitem__(self, key):
        return self.spaces[key]

    def __iter__(self):
        return iter(self.spaces)

    def keys(self):
        return self.spaces.keys()

    def items(self):
        return self.spaces.items()

    def __eq__(self, other):
        return isinstance(other, Dict) and self.spaces == other.spaces

    def __hash__(self):
        return hash((Dict, tuple(self.spaces)))

    def __repr__(self):
        return "Dict(" + ", ".join(f"{k!r}: {s!r}" for k, s in self.spaces.items()) + ")"
