"""The observation encoded in C (carc_game_observation, issue 35): the same
values as the Python encoder on many positions of random games, with every
module set of the library, into a caller's buffer without allocating."""
import ctypes
import random

import pytest

import carcvar
from carcvar import _compat
from carcvar import _lib as L
from carcvar.observation import ObservationEncoder

BUILT = carcvar.module_names(available_only=True)
SETS = [(), ("princess_dragon", "tower", "count"), ("bridges_castles", "big_top"),
        ("inns_cathedrals", "traders_builders", "abbey_mayor"),
        ("catapult",), ("pig_throwing", "traders_builders", "inns_cathedrals"),
        ("dungeon", "tower", "princess_dragon"), tuple(BUILT)]


def c_tensor(enc, g, player):
    buf = (ctypes.c_float * enc.size)()
    needed = ctypes.c_size_t()
    rc = L.raw.carc_game_observation(g.handle, player, enc.window, buf, enc.size,
                                     ctypes.byref(needed))
    assert rc == 0 and needed.value == enc.size
    return list(buf)


@pytest.mark.parametrize("modules", SETS, ids=lambda m: "+".join(m) or "base")
def test_c_and_python_agree(modules):
    rng = random.Random(len(modules))
    positions = 0
    for players, window in ((2, 7), (4, 5)):
        py = ObservationEncoder(players, modules, window=window, use_c=False)
        g = carcvar.Game(players, seed=players + len(modules), modules=modules)
        step = 0
        while not g.is_terminal:
            if step % 5 == 0:
                p = step % players
                assert c_tensor(py, g, p) == py.tensor(g, p), (modules, players, step)
                positions += 1
            g.play_random(1, rng.randrange(2**32))
            step += 1
        assert c_tensor(py, g, 0) == py.tensor(g, 0)       # the final position
    assert positions > 40


def test_the_base_layout_from_c():
    g = carcvar.Game(players=2, seed=3)
    g.play_random(60, 4)
    needed = ctypes.c_size_t()
    assert L.raw.carc_game_observation(g.handle, 0, 31, None, 0, ctypes.byref(needed)) == -4
    assert needed.value == 26994 == ObservationEncoder(players=2).size
    enc = ObservationEncoder(players=2, use_c=False)
    assert c_tensor(enc, g, 1) == enc.tensor(g, 1)
    for player, window in ((2, 31), (-1, 31), (0, 30), (0, -1), (0, 513)):
        assert L.raw.carc_game_observation(g.handle, player, window, None, 0,
                                           ctypes.byref(needed)) == -1


def test_the_encoder_uses_c_and_writes_into_a_buffer():
    g = carcvar.Game(players=3, seed=5, modules=["tower"])
    g.play_random(90, 1)
    ref = ObservationEncoder(3, ["tower"], window=9, use_c=False)
    auto = ObservationEncoder(3, ["tower"], window=9)
    want = ref.tensor(g, 2)
    assert auto.tensor(g, 2) == want and auto._use_c is True
    out = (ctypes.c_float * auto.size)()
    assert list(auto.encode_into(g, 2, out)) == want
    np = _compat.np
    if np is not None:
        arr = np.full(auto.size, 7.0, dtype=np.float32)
        assert auto.encode_into(g, 2, arr) is arr and arr.tolist() == want
        assert auto.array(g, 2).tolist() == want == ref.array(g, 2).tolist()
        with pytest.raises(ValueError):
            auto.encode_into(g, 2, np.zeros(auto.size, dtype=np.float64))
    with pytest.raises(ValueError):
        auto.encode_into(g, 3, out)
    with pytest.raises(ValueError):
        auto.encode_into(g, 0, (ctypes.c_float * 3)())
