"""Pig throwing through Python: Game.throws() (carc_game_throws, CARCVAR_0.7),
Game.dragon_asleep() and the figures removed from play, along the records
tests/scenarios/pig_*.rec."""
import os

import carcvar

SCEN = os.path.join(os.path.dirname(__file__), "..", "..", "..", "tests", "scenarios")


def replay_until(name, stop):
    """The record up to (not including) its first line `stop`."""
    out = []
    for line in open(os.path.join(SCEN, name)).read().splitlines():
        if line == stop:
            break
        out.append(line)
    return carcvar.Game.from_record("\n".join(out) + "\n")


def test_throws_absent_without_the_module():
    assert carcvar.Game(players=2).throws() is None
    assert carcvar.Game(players=2).dragon_asleep() is False


def test_throw_lands_and_squashes():
    g = replay_until("pig_throw_gaps_squash.rec", "throw")
    t = g.throws()
    assert len(t) == 1
    assert t[0]["to"] == (0, -1) and t[0]["distance"] == 3 and t[0]["kind"] == "normal"
    assert t[0]["outcome"] == "lands" and t[0]["knock"] is None and t[0]["stance"] is None
    (victim,) = t[0]["squashed"]
    assert g.figures()[victim].owner == 1
    g.apply("throw")
    g.apply("throw 0,-1")
    assert len(g.throws()) == 1  # part-way: the same throw
    g.apply("throw 0,-1 field Nw")
    assert g.throws() == []
    assert g.figures()[victim].where == "supply"


def test_high_precision_and_stance():
    g = replay_until("pig_throw_high_precision.rec", "throw")
    t = g.throws()
    assert [x["knock"] for x in t] == [None, 7]
    assert all(x["kind"] == "high" and x["high_passed"] == 1 for x in t)
    g = replay_until("pig_stance_caught_long.rec", "throw")
    (t,) = g.throws()
    assert t["kind"] == "long" and t["outcome"] == "caught" and t["squashed"] == []
    g.apply("throw")
    g.apply("throw 0,-1")
    g.apply("throw 0,-1 field Nw")
    assert [f.where for f in g.figures() if f.kind == "pig" and f.owner == 0] == ["removed"]


def test_dragon_nap():
    g = replay_until("pig_dragon_nap.rec", "throw")
    (t,) = g.throws()
    assert t["outcome"] == "eaten"
    assert not g.dragon_asleep()
    g.apply("throw")
    g.apply("throw -3,0")
    g.apply("throw -3,0 field Nw")
    assert g.dragon_asleep()
    g = replay_until("pig_dragon_nap.rec", "draw DG_RRR_d")
    assert not g.dragon_asleep()
