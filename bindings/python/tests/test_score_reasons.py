"""Score reasons by name (carc_score_reason_name): ScoreEvent.reason names a
module's reasons ("most wine", ...) with no table in the bindings."""
import os

import pytest

import carcvar

SCENARIOS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..",
                         "tests", "scenarios")


def available(name):
    return name in carcvar.module_names(available_only=True)


def test_core_and_unknown_names():
    assert carcvar.score_reason_name(0) == "completed"
    assert carcvar.score_reason_name(1) == "end of game"
    # numbers no module names come back as the number
    assert carcvar.score_reason_name(2) == "2"
    assert carcvar.score_reason_name(-1) == "-1"
    assert carcvar.score_reason_name(16) == "16"   # the base module names none
    with pytest.raises(OverflowError):
        carcvar.score_reason_name(2 ** 40)


@pytest.mark.skipif(not available("traders_builders"), reason="module not built")
def test_goods_majorities_by_name():
    assert [carcvar.score_reason_name(48 + k) for k in range(4)] == [
        "most wine", "most grain", "most cloth", "51"]
    with open(os.path.join(SCENARIOS, "tb_goods_three_kinds_end.rec")) as f:
        g = carcvar.Game.from_record(f.read())
    assert g.is_terminal
    assert [(e.player, e.points, e.reason) for e in g.score_log()] == [
        (1, 10, "completed"), (0, 10, "most wine"), (0, 10, "most grain"),
        (0, 10, "most cloth")]
    assert "# player 0 scores 10: most cloth\n" in g.record()
    assert "most grain" in g.replay_html()


@pytest.mark.skipif(not available("traders_builders"), reason="module not built")
def test_seeded_game_goods_reasons():
    # the seeded game of test_modules.py: player 0 the most grain, player 2
    # the most wine and the most cloth
    import random
    g = carcvar.Game(players=3, seed=3, modules=["traders_builders"])
    rnd = random.Random(3)
    while not g.is_terminal:
        if g.current_player == carcvar.CHANCE:
            g.sample_chance()
        else:
            g.apply(rnd.choice(g.legal_ids()))
    goods = sorted((e.player, e.reason) for e in g.score_log()
                   if e.reason not in ("completed", "end of game"))
    assert goods == [(0, "most grain"), (2, "most cloth"), (2, "most wine")]
