"""Held and face-up tiles (issue 21) through the Python package: Game.held_tiles
and the observation's held / face_up blocks, at points of the bazaar round of
tests/scenarios/bcb_bazaar_round.rec (Red 0, Blue 1, Green 2)."""
import os

import pytest

import carcvar
from carcvar.observation import ObservationEncoder

pytestmark = pytest.mark.skipif(
    "bridges_castles" not in carcvar.module_names(available_only=True),
    reason="module not built")

HEADER = ("carcvar-record", "players", "seed", "modules", "rule", "first-player", "bag")


def _game(name, actions):
    """The game after the record's first `actions` action lines."""
    path = os.path.join(os.path.dirname(__file__), "..", "..", "..", "tests", "scenarios", name)
    out, seen = [], 0
    with open(path) as f:
        for line in f:
            word = line.split()[0] if line.split() else ""
            if word and not word.startswith("#") and word not in HEADER:
                if seen == actions:
                    break
                seen += 1
            out.append(line)
    assert seen == actions
    return carcvar.Game.from_record("".join(out))


def test_held_tiles_through_the_bazaar_round():
    g = _game("bcb_bazaar_round.rec", 6)            # U, V, B revealed
    assert g.held_tiles(-1) == ["U", "V", "B"]
    assert [g.held_tiles(p) for p in range(3)] == [[], [], []]
    g = _game("bcb_bazaar_round.rec", 11)           # Blue bought U for 3
    assert g.held_tiles(-1) == ["V", "B"]
    assert [g.held_tiles(p) for p in range(3)] == [[], ["U"], []]
    g = _game("bcb_bazaar_round.rec", 15)           # V sold to Red, B to Green free
    assert g.held_tiles(-1) == []
    # Blue's turn has begun: U is the tile in hand (the decision), no longer held
    assert g.current_player == 1 and g.decision.tile == carcvar.tile_names().index("U")
    assert [g.held_tiles(p) for p in range(3)] == [["V"], [], ["B"]]
    with pytest.raises(ValueError):
        g.held_tiles(3)
    with pytest.raises(ValueError):
        g.held_tiles(-2)
    with carcvar.Game(players=2, seed=1) as base:
        assert base.held_tiles(0) == [] and base.held_tiles(-1) == []


def test_held_tiles_in_the_observation():
    enc = ObservationEncoder(players=3, modules=["bridges_castles"], window=5)
    t = enc.num_tile_types
    hs, hn = enc.offsets["held"]
    fs, fn = enc.offsets["face_up"]
    assert (hn, fn) == (6 * t, t) and fs + t == enc.header_size and hs + 6 * t == fs
    slot = {name: enc.tile_types.index(carcvar.tile_names().index(name))
            for name in ("U", "V", "B")}

    g = _game("bcb_bazaar_round.rec", 11)
    for observer in range(3):
        v = enc.tensor(g, observer)
        face_up = v[fs:fs + t]
        assert face_up[slot["V"]] == face_up[slot["B"]] == 1.0 and sum(face_up) == 2.0
        held = v[hs:hs + hn]
        seat = (1 - observer) % 3                    # Blue's relative seat
        assert held[seat * t + slot["U"]] == 1.0 and sum(held) == 1.0
        assert all(lo <= x <= hi for x, lo, hi in zip(v, enc.low, enc.high))

    g = _game("bcb_bazaar_round.rec", 15)
    v = enc.tensor(g, 2)                             # Green sees itself at seat 0
    held = v[hs:hs + hn]
    assert held[0 * t + slot["B"]] == 1.0            # Green's B
    assert held[1 * t + slot["V"]] == 1.0            # Red (seat 0) at relative seat 1
    assert sum(held) == 2.0 and sum(v[fs:fs + t]) == 0.0

    # games without such a module: no blocks, the base layout unchanged
    base = ObservationEncoder(players=2)
    assert base.offsets["held"][1] == 0 and base.offsets["face_up"][1] == 0
    assert base.header_size == 86


def test_held_tiles_in_the_observation_string():
    from carcvar.openspiel import CarcGame
    game = CarcGame({"players": 3, "seed": 1, "modules": "bridges_castles"})
    state = game.new_initial_state()
    for a in ("draw BB_F_b", "place 0,1 r0", "pass", "bazaar U", "bazaar V", "bazaar B",
              "bazaar pick 0", "bazaar bid 2", "pass", "bazaar bid 3", "bazaar buy"):
        state.apply_action(state._g.parse(a).id)
    lines = state.observation_string(0).split("\n")
    assert "holds: player 1 U" in lines and "face up: V B" in lines
    plain = CarcGame({"players": 2, "seed": 1}).new_initial_state().observation_string(0)
    assert "holds" not in plain and "face up" not in plain
