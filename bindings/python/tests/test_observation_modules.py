"""The modules of 0.6.0 in the observation (issues 29 and 30): the dragon's
flight, the fairy's follower, towers, floors, prisoners, the City's quarters
and the Count, at exact points of the scenario records (tests/scenarios)."""
import os

import pytest

import carcvar
from carcvar.observation import ObservationEncoder, PLANES

SCEN = os.path.join(os.path.dirname(__file__), "..", "..", "..", "tests", "scenarios")
BUILT = set(carcvar.module_names(available_only=True))


def replay(name, lines=None, stop=None):
    """The record's moves: its first `lines` lines without comments, or up to
    (not including) the first line equal to `stop`."""
    body = [l for l in open(os.path.join(SCEN, name)).read().splitlines()
            if not l.startswith("#")]
    if stop is not None:
        body = body[:body.index(stop)]
    if lines is not None:
        body = body[:lines]
    return carcvar.Game.from_record("\n".join(body) + "\n")


def encoder(g, window=7):
    o = g.options()
    return ObservationEncoder(o["players"], o["modules"], o["rules"], window=window)


def block(enc, t, name):
    s, n = enc.offsets[name]
    return t[s:s + n]


def cell(enc, t, name, x, y, k=0):
    """The value of module plane `name` (its k-th plane) at cell (x, y)."""
    first, _ = enc.plane_offsets[name]
    w = enc.window
    return t[enc.header_size + (first + k) * w * w + (y + enc.radius) * w + x + enc.radius]


def plane_cells(enc, t, name, k=0):
    """{(x, y): value} of the non-zero cells of a module plane."""
    first, _ = enc.plane_offsets[name]
    w, r = enc.window, enc.radius
    base = enc.header_size + (first + k) * w * w
    return {(i % w - r, i // w - r): t[base + i] for i in range(w * w) if t[base + i]}


def in_bounds(enc, t):
    return all(lo <= v <= hi for v, lo, hi in zip(t, enc.low, enc.high))


def test_other_games_keep_their_layout():
    base = ObservationEncoder(players=2)
    assert (base.header_size, base.planes, base.plane_offsets) == (86, PLANES, {})
    for name in ("dragon", "floors", "count", "quarters", "prisoners"):
        assert name not in base.offsets


@pytest.mark.skipif("princess_dragon" not in BUILT, reason="module not built")
def test_the_dragon_flight():
    # pd_volcano_flight_dead_end: the dragon on the volcano at 1,1, its flight
    # begun; player 1 makes the first step
    g = replay("pd_volcano_flight_dead_end.rec", 16)
    enc = encoder(g)
    assert enc.dragon and not enc.towers and not enc.count
    assert [enc.offsets[k][1] for k in ("dragon", "dragon_mover", "fairy_follower",
                                        "fairy_feature")] == [3, 6, 6, 4]
    assert enc.plane_offsets == {"dragon_visited": (PLANES + 2, 1)}   # after dragon, fairy
    t0, t1 = enc.tensor(g, 0), enc.tensor(g, 1)
    assert block(enc, t0, "dragon") == [1.0, 1.0, 6.0]
    assert block(enc, t0, "dragon_mover") == [0.0, 1.0, 0.0, 0.0, 0.0, 0.0]
    assert block(enc, t1, "dragon_mover") == [1.0, 0.0, 0.0, 0.0, 0.0, 0.0]
    assert plane_cells(enc, t0, "dragon_visited") == {(1, 1): 1.0}
    g.apply("dragon n")
    t0 = enc.tensor(g, 0)
    assert block(enc, t0, "dragon") == [1.0, 1.0, 5.0]
    assert block(enc, t0, "dragon_mover") == [1.0, 0.0, 0.0, 0.0, 0.0, 0.0]
    assert plane_cells(enc, t0, "dragon_visited") == {(1, 1): 1.0, (1, 0): 1.0}
    assert in_bounds(enc, t0)
    g = replay("pd_volcano_flight_dead_end.rec")           # the flight is over
    t0 = enc.tensor(g, 0)
    assert block(enc, t0, "dragon")[1:] == [0.0, 0.0] and block(enc, t0, "dragon")[0] == 1.0
    assert plane_cells(enc, t0, "dragon_visited") == {}


@pytest.mark.skipif("princess_dragon" not in BUILT, reason="module not built")
def test_the_fairys_follower():
    # pd_fairy_next_to_follower: player 0 moves the fairy next to its
    # follower on the road of 1,1 ("fairy 0": figure 0)
    g = replay("pd_fairy_next_to_follower.rec", 19)
    enc = encoder(g)
    t = enc.tensor(g, 0)
    assert block(enc, t, "fairy_follower") == [0.0] * 6
    g.apply("fairy 0")
    assert g.dragon()["fairy_follower"] == 0
    t0, t1 = enc.tensor(g, 0), enc.tensor(g, 1)
    assert block(enc, t0, "fairy_follower") == [1.0, 0, 0, 0, 0, 0]
    assert block(enc, t1, "fairy_follower") == [0, 1.0, 0, 0, 0, 0]
    assert block(enc, t0, "fairy_feature") == [1.0, 0.0, 0.0, 0.0]   # a road
    assert block(enc, t0, "dragon") == [0.0, 0.0, 0.0]               # no volcano yet
    assert in_bounds(enc, t0)
    g = replay("pd_fairy_next_to_follower.rec")   # the road scored: the fairy alone
    t0 = enc.tensor(g, 0)
    assert block(enc, t0, "fairy_follower") == [0.0] * 6
    assert block(enc, t0, "fairy_feature") == [0.0] * 4


@pytest.mark.skipif("tower" not in BUILT, reason="module not built")
def test_towers_floors_and_prisoners():
    # tower_top_capture_c2 (Red 0, Blue 1): Red's follower on top of the
    # tower at 0,1 (height 1); an open tower of height 1 at 1,1
    g = replay("tower_top_capture_c2.rec", stop="draw B")
    enc = encoder(g)
    assert enc.towers and [enc.offsets[k][1] for k in ("floors", "prisoners")] == [6, 36]
    first = PLANES + len(enc.figure_kinds)
    assert enc.plane_offsets == {"tower": (first, 1), "tower_height": (first + 1, 1),
                                 "tower_open": (first + 2, 1), "tower_top": (first + 3, 6)}
    t0, t1 = enc.tensor(g, 0), enc.tensor(g, 1)
    assert plane_cells(enc, t0, "tower") == {(0, 1): 1.0, (1, 1): 1.0}
    assert plane_cells(enc, t0, "tower_height") == {(0, 1): 1.0, (1, 1): 1.0}
    assert plane_cells(enc, t0, "tower_open") == {(1, 1): 1.0}
    assert plane_cells(enc, t0, "tower_top", 0) == {(0, 1): 1.0}      # Red, seen by Red
    assert plane_cells(enc, t1, "tower_top", 1) == {(0, 1): 1.0}      # ... by Blue
    assert plane_cells(enc, t1, "tower_top", 0) == {}
    assert block(enc, t0, "floors") == [9.0, 9.0, 0, 0, 0, 0]
    assert block(enc, t0, "prisoners") == [0.0] * 36
    g = replay("tower_top_capture_c2.rec")        # Blue captured Red's top follower
    t0, t1 = enc.tensor(g, 0), enc.tensor(g, 1)
    assert plane_cells(enc, t0, "tower_height")[0, 1] == 2.0
    assert plane_cells(enc, t0, "tower_open") == {(0, 1): 1.0, (1, 1): 1.0}
    assert block(enc, t0, "floors") == [8.0, 8.0, 0, 0, 0, 0]
    p0, p1 = block(enc, t0, "prisoners"), block(enc, t1, "prisoners")
    assert p0[1 * 6 + 0] == 1.0 and sum(p0) == 1.0     # captor Blue (seat 1), owner Red (0)
    assert p1[0 * 6 + 1] == 1.0 and sum(p1) == 1.0     # seen by Blue: captor 0, owner 1
    assert in_bounds(enc, t0) and in_bounds(enc, t1)


@pytest.mark.skipif("tower" not in BUILT, reason="module not built")
def test_tower_reach_heights():
    g = replay("tower_reach.rec")
    enc = encoder(g)
    t = enc.tensor(g, 0)
    assert plane_cells(enc, t, "tower_height") == {(-1, 1): 1.0, (0, 1): 5.0, (0, 2): 1.0}
    assert block(enc, t, "floors")[:2] == [3.0, 10.0]
    assert block(enc, t, "prisoners")[1] == 4.0        # Red holds four of Blue's followers
    assert enc.high[enc.offsets["floors"][0]] == 10.0
    assert in_bounds(enc, t)


@pytest.mark.skipif("count" not in BUILT, reason="module not built")
def test_the_count_and_the_quarters():
    g = replay("count_blocked.rec")                   # the Count and a follower of 1 on the castle
    enc = encoder(g)
    assert enc.count and [enc.offsets[k][1] for k in ("count", "quarters")] == [4, 24]
    t0, t1 = enc.tensor(g, 0), enc.tensor(g, 1)
    assert block(enc, t0, "count") == [1.0, 0.0, 0.0, 0.0]
    q0, q1 = block(enc, t0, "quarters"), block(enc, t1, "quarters")
    assert q0[0 * 6 + 1] == 1.0 and sum(q0) == 1.0
    assert q1[0 * 6 + 0] == 1.0 and sum(q1) == 1.0
    assert in_bounds(enc, t0)
    g = replay("count_unblocked.rec")
    assert block(enc, enc.tensor(g, 0), "count") == [0.0, 1.0, 0.0, 0.0]   # blacksmith


@pytest.mark.skipif(not {"princess_dragon", "tower", "count"} <= set(BUILT),
                    reason="module not built")
def test_the_observation_string_lines():
    from carcvar.observation import module_lines
    assert module_lines(carcvar.Game(players=2)) == []
    assert module_lines(replay("pd_volcano_flight_dead_end.rec", 16)) == [
        "dragon: 1,1; flight 1,1, 6 steps left, player 1 to move"]
    assert module_lines(replay("pd_fairy_next_to_follower.rec", 20)) == [
        "dragon: not on the board", "fairy: 1,1 beside a follower of player 0"]
    assert module_lines(replay("tower_top_capture_c2.rec", stop="draw B")) == [
        "towers: 0,1 height 1 closed by player 0; 1,1 height 1 open", "floors: 9 9"]
    assert module_lines(replay("tower_reach.rec")) == [
        "towers: -1,1 height 1 open; 0,1 height 5 open; 0,2 height 1 open", "floors: 3 10",
        "prisoners: player 0 holds 4 of player 1"]
    assert module_lines(replay("count_blocked.rec")) == ["count: castle; castle: player 1"]
    from carcvar.openspiel import CarcGame
    state = CarcGame({"players": 2, "seed": 1, "modules": "tower,count"}).new_initial_state()
    lines = state.observation_string(1).split("\n")
    assert "floors: 10 10" in lines and "count: castle" in lines
