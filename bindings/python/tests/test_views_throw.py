"""Pig throwing's last throw through Python: Game.last_throw()
(carc_game_last_throw, CARCVAR_0.8) along tests/scenarios/pig_*.rec; and
Game.sample_chance() naming a catapult hurl as the hurl it is, not a draw."""
import os

import carcvar

SCEN = os.path.join(os.path.dirname(__file__), "..", "..", "..", "tests", "scenarios")


def replay_lines(name, n=None):
    """The record's first n lines (all: None), "# expect" lines left out."""
    lines = open(os.path.join(SCEN, name)).read().splitlines()[:n]
    return carcvar.Game.from_record(
        "\n".join(l for l in lines if not l.startswith("# expect")) + "\n")


def test_no_last_throw():
    assert carcvar.Game(players=2).last_throw() is None          # no pig_throwing
    g = carcvar.Game(players=2, modules="traders_builders,pig_throwing")
    assert g.last_throw() is None                                # none yet
    assert replay_lines("pig_throw_gaps_squash.rec", 77).last_throw() is None


def test_last_throw_squash():
    g = replay_lines("pig_throw_gaps_squash.rec", 78)
    assert g.last_throw() == {
        "turn": 11, "this_turn": True, "player": 0, "pig": 15, "from": (-3, -1),
        "to": (0, -1), "path": [(-3, -1), (-2, -1), (-1, -1), (0, -1)], "segment": 1,
        "distance": 3, "kind": "normal", "knock": None, "outcome": "lands",
        "stance": None, "replacing": None, "squashed": [7]}
    assert g.figures()[7].where == "supply"
    assert g.clone().last_throw() == g.last_throw()


def test_last_throw_kinds():
    t = replay_lines("pig_throw_high_precision.rec", 101).last_throw()
    assert (t["kind"], t["knock"], t["distance"], t["to"]) == ("high", 7, 4, (5, -1))
    t = replay_lines("pig_stance_replaced.rec", 78).last_throw()
    assert (t["outcome"], t["stance"], t["replacing"]) == ("replaced", 15, 7)
    t = replay_lines("pig_stance_caught_long.rec", 64).last_throw()
    assert (t["outcome"], t["kind"], t["replacing"]) == ("caught", "long", None)
    t = replay_lines("pig_dragon_nap.rec").last_throw()
    assert (t["player"], t["turn"], t["this_turn"], t["outcome"]) == (1, 8, False, "eaten")
    assert t["path"][0] == t["from"] == (-1, 0) and t["path"][-1] == t["to"] == (5, 0)
    assert len(t["path"]) == t["distance"] + 1 == 7


def test_sample_chance_names_a_hurl():
    # cat_knockout_last_tile.rec up to P1's aim: the hurl is the chance to come
    lines = [l for l in open(os.path.join(SCEN, "cat_knockout_last_tile.rec")).read()
             .splitlines() if not l.startswith("#")]
    g = carcvar.Game.from_record("\n".join(lines[:13]) + "\n")
    assert g.current_player == carcvar.CHANCE and g.sampled_only
    hurl = g.sample_chance()
    assert hurl.text.startswith("catapult hurl"), hurl.text
    assert not hurl.text.startswith("draw") and hurl.kind != 0 and hurl.id == -1
    assert g.catapult()["hurls"][0]["player"] == 1
    # a draw is still a draw
    g = carcvar.Game(players=2, modules="catapult")
    d = g.sample_chance()
    assert d.text.startswith("draw ") and d.kind == 0 and d.id == d.tile
