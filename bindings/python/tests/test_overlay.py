"""A road laid over a tile (a bridge of Bridges, Castles & Bazaars) through
the Python package: PlacedTile.overlay and the observation's edge planes,
where a bridged field side is a road too (doc/python.md)."""
import pytest

import carcvar
from carcvar.observation import ObservationEncoder, PLANE_EDGE, EDGE_KINDS

pytestmark = pytest.mark.skipif(
    "bridges_castles" not in carcvar.module_names(available_only=True),
    reason="module not built")

# tests/test_bridges_castles.c, bridge_on_neighbour: three monasteries B in a
# column south of the start tile; the third one's player lays a bridge W-E
# on the second, at (0, 2).
MOVES = ("draw B", "place 0,1 r0", "pass", "draw B", "place 0,2 r0", "pass",
         "draw B", "place 0,3 r0", "bridge", "bridge 0,2", "bridge ew")


def _game():
    g = carcvar.Game(players=2, seed=1, modules=["bridges_castles"])
    for a in MOVES[:-1]:
        g.apply(a)
    return g


def test_placed_tile_overlay():
    g = _game()
    assert g.tile_at(0, 2).overlay == ""
    g.apply(MOVES[-1])
    assert g.tile_at(0, 2).overlay == "EW"
    assert g.tile_at(0, 1).overlay == ""
    assert [t.overlay for t in g.board() if t.overlay] == ["EW"]


def test_observation_edges_of_a_bridge():
    g = _game()
    enc = ObservationEncoder(players=2, modules=["bridges_castles"])
    radius = enc.radius
    area = enc.window * enc.window
    cell = (2 + radius) * enc.window + radius
    road = EDGE_KINDS.index("R")

    def edge(t, side, kind):
        return t[enc.header_size + (PLANE_EDGE + 3 * side + kind) * area + cell]

    before = enc.tensor(g, 0)
    g.apply(MOVES[-1])
    after = enc.tensor(g, 0)
    for side in (1, 3):  # east, west: field under, road over
        assert edge(before, side, road) == 0.0
        assert edge(after, side, road) == 1.0
        assert edge(after, side, EDGE_KINDS.index("F")) == 1.0
    for side in (0, 2):
        assert edge(after, side, road) == 0.0
