"""The Count of Carcassonne from Python: the Count and the followers in the
City's quarters (Game.quarters(), FigureView.held_by / held_arg), through
the scenario record tests/scenarios/count_blocked.rec."""
import os

import carcvar

SCENARIOS = os.path.join(os.path.dirname(__file__), "..", "..", "..", "tests", "scenarios")


def test_quarters_of_a_record():
    with open(os.path.join(SCENARIOS, "count_blocked.rec")) as f:
        text = f.read()
    g = carcvar.Game.from_record(text)
    q = g.quarters()
    assert q == {"count": "castle", "castle": [1], "blacksmith": [], "cathedral": [],
                 "market": []}
    held = [f for f in g.figures() if f.where == "held"]
    assert sorted((f.kind, f.owner, f.held_by, f.held_arg) for f in held) == [
        ("count", -1, 6, 0), ("follower", 1, 6, 0)]


def test_no_count_no_quarters():
    with carcvar.Game(players=2, seed=1) as g:
        assert g.quarters() == {"count": None, "castle": [], "blacksmith": [],
                                "cathedral": [], "market": []}
        assert all(f.held_by is None and f.held_arg is None for f in g.figures())


def test_count_starts_on_the_castle():
    with carcvar.Game(players=3, seed=4, modules="count") as g:
        assert g.quarters()["count"] == "castle"
        assert g.tile_at(0, 0).name == "CO_7" and g.tiles_remaining() == 72
