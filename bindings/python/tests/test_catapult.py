"""The Catapult through Python: Game.catapult() (carc_game_catapult) and the
tokens held, along tests/scenarios/cat_knockout_last_tile.rec."""
import os

import carcvar

SCEN = os.path.join(os.path.dirname(__file__), "..", "..", "..", "tests", "scenarios")


def replay_prefix(name, lines):
    text = open(os.path.join(SCEN, name)).read().splitlines()
    body = [l for l in text if not l.startswith("#")]
    return carcvar.Game.from_record("\n".join(body[:lines]) + "\n")


def test_catapult_absent_without_the_module():
    assert carcvar.Game(players=2).catapult() is None
    assert carcvar.Game(players=2).tokens(0, "knockout") == 0


def test_knockout_round():
    g = carcvar.Game(players=2, modules="catapult")
    assert g.catapult() == {"in_round": False, "kind": None, "fair": (0, 0), "rounds": 0,
                            "waiting": 0, "hurls": []}
    assert g.tokens(1, "knockout") == 1
    # after P1's knock-out hurl: 5 header lines, 9 actions
    g = replay_prefix("cat_knockout_last_tile.rec", 14)
    c = g.catapult()
    assert c["in_round"] and c["kind"] == "knockout" and c["fair"] == (0, 1)
    assert c["hurls"] == [{"player": 1, "result": 1, "point": (45.0, 0.0), "knocked_out": 1}]
    assert g.tokens(1, "knockout") == 0 and g.tokens(0, "knockout") == 1
    g = replay_prefix("cat_knockout_last_tile.rec", 16)
    c = g.catapult()
    assert not c["in_round"] and c["rounds"] == 1
    assert c["hurls"][1] == {"player": 0, "result": 0, "point": None, "knocked_out": 0}
    assert g.tokens(1, "knockout") == 1
