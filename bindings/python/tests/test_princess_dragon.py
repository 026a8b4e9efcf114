"""The Princess & the Dragon through Python: Game.dragon() (carc_game_dragon)
along the flight of tests/scenarios/pd_volcano_flight_dead_end.rec."""
import os

import carcvar

SCEN = os.path.join(os.path.dirname(__file__), "..", "..", "..", "tests", "scenarios")


def replay_prefix(name, lines):
    text = open(os.path.join(SCEN, name)).read().splitlines()
    body = [l for l in text if not l.startswith("#")]
    return carcvar.Game.from_record("\n".join(body[:lines]) + "\n")


def test_dragon_absent_without_the_module():
    assert carcvar.Game(players=2).dragon() is None


def test_dragon_flight():
    g = carcvar.Game(players=2, modules="princess_dragon")
    d = g.dragon()
    assert d == {"dragon": None, "flight": None, "fairy": None, "fairy_follower": None}
    # up to the first step of the flight: 4 header lines, 12 actions
    g = replay_prefix("pd_volcano_flight_dead_end.rec", 16)
    d = g.dragon()
    assert d["dragon"] == (1, 1)
    assert d["flight"] == {"visited": [(1, 1)], "steps_left": 6, "mover": 1}
    g.apply("dragon n")
    d = g.dragon()
    assert d["dragon"] == (1, 0)
    assert d["flight"] == {"visited": [(1, 1), (1, 0)], "steps_left": 5, "mover": 0}
