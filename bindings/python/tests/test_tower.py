"""The Tower (issue 30) through the Python package: Game.tower (carc_game_structure,
CARCVAR_0.6), Game.prisoners, the floors as tokens and the role of a tower-top
follower, at points of tests/scenarios/tower_top_capture_c2.rec (Red 0, Blue 1)
and tower_reach.rec."""
import os

import pytest

import carcvar

pytestmark = pytest.mark.skipif(
    "tower" not in carcvar.module_names(available_only=True), reason="module not built")


def _record(name, stop=None):
    """The record's text up to (not including) the first line equal to `stop`."""
    path = os.path.join(os.path.dirname(__file__), "..", "..", "..", "tests", "scenarios", name)
    out = []
    with open(path) as f:
        for line in f:
            if stop is not None and line.rstrip("\n") == stop:
                break
            out.append(line)
    return carcvar.Game.from_record("".join(out))


def test_towers_heights_and_tops():
    g = _record("tower_top_capture_c2.rec", "draw B")    # Red's follower on (0,1)
    assert g.tower(0, 1) == carcvar.Tower(height=1, top=0)
    assert g.tower(0, 1).closed
    assert g.tower(1, 1) == carcvar.Tower(1, -1) and not g.tower(1, 1).closed
    assert g.tower(0, 0) is None                         # the start tile: no foundation
    with pytest.raises(carcvar.NotFoundError):
        g.tower(7, 7)
    assert g.figures()[0].role == "top" and g.figures()[0].where == "tile"
    assert g.tokens(0, "tower_floor") == 9 and g.tokens(1, "tower_floor") == 9
    g = _record("tower_top_capture_c2.rec")              # captured; a floor on it
    assert g.tower(0, 1) == carcvar.Tower(2, -1)
    assert g.prisoners(1) == [0] and g.prisoners(0) == []
    assert g.figures()[0].where == "held" and g.figures()[0].role is None


def test_prisoners_of_the_reach_game():
    g = _record("tower_reach.rec")
    assert g.prisoners(0) == [7, 8, 9, 10]
    assert g.tower(0, 1) == carcvar.Tower(5, -1)
    assert g.tokens(0, "tower_floor") == 3
    assert g.final_scores() == [0, 0]                    # prisoners score nothing
