"""Game.decision_feature (carc_game_decision_feature): the feature the pending
decision is about -- each castle decision of one placement names its own small
city (issue 36 item 7; tests/scenarios/bcb_castles_per_tile.rec)."""
import pytest

import carcvar

pytestmark = pytest.mark.skipif(
    "bridges_castles" not in carcvar.module_names(available_only=True),
    reason="module not built")

# Player 0's I at (0,-1) turned twice closes two small cities of player 0:
# its city S (segment 0, with the start tile) and its city E (segment 1,
# with the E at (1,-1)).
MOVES = ("draw V", "place 1,0 r0", "pass", "draw B", "place 0,1 r0", "pass",
         "draw E", "place 1,-1 r3", "deploy follower city W",
         "draw B", "place -1,1 r0", "pass", "draw I", "place 0,-1 r2")


def _game(per_tile=1):
    g = carcvar.Game(players=2, seed=1, modules=["bridges_castles"],
                     rules={"bcb_castles_per_tile": per_tile})
    for a in MOVES:
        g.apply(a)
    return g


def test_each_castle_decision_names_its_city():
    g = _game()
    assert g.decision_feature() is None  # the deployment
    g.apply("deploy follower city S")
    d = g.decision
    assert (d.player, d.x, d.y) == (0, 0, -1)
    assert g.decision_feature() == (0, -1, 0)
    assert g.feature(0, -1, 0).tiles == 2
    g.apply("castle")
    assert g.decision_feature() == (0, -1, 1)
    g.apply("castle")
    assert g.current_player == carcvar.CHANCE
    assert g.decision_feature() is None


def test_one_castle_per_tile_rule():
    g = _game(2)
    g.apply("deploy follower city S")
    assert g.decision_feature() == (0, -1, 0)
    g.apply("castle")
    assert g.decision_feature() is None  # the second city is not offered
    assert g.scores()[0] == 4
