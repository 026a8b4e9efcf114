"""Host control from Python: first player, a chosen bag, the tiles set aside,
scores from play and of one turn (carc_game_new_setup and friends)."""
import pytest

import carcvar
from carcvar import Game


def test_bag_first_player_set_aside_and_scores():
    g = Game(seed=1, first_player=1, bag={"C": 1, "E": 1, "U": 2})
    assert g.setup() == (1, {"C": 1, "E": 1, "U": 2})
    assert g.tiles_remaining() == 4
    for text in ["draw E", "place 0,-1 r2", "deploy follower city S", "draw C", "draw U",
                 "place 1,0 r1", "deploy follower road W", "draw U", "place -1,0 r1", "pass"]:
        g.apply(text)
    assert g.is_terminal
    assert g.set_aside() == ["C"]
    assert g.play_scores() == [0, 4]
    assert g.final_scores() == [3, 4]
    assert g.turn_points(1) == [0, 4] and g.turn_points(3) == [0, 0]
    rec = g.record()
    assert rec.startswith("carcvar-record 3\n") and "first-player 1\n" in rec
    again = Game.from_record(rec)
    assert again.setup() == g.setup() and again.final_scores() == [3, 4]
    assert Game.deserialize(g.serialize()).set_aside() == ["C"]


def test_bad_setups_are_refused():
    with pytest.raises(carcvar.InvalidArgumentError):
        Game(first_player=2)
    with pytest.raises(carcvar.InvalidArgumentError):
        Game(bag={"C": 2})
    with pytest.raises(carcvar.NotFoundError):
        Game(bag={"nosuch": 1})
    assert Game().setup() == (0, None)


def test_board_view():
    g = Game(seed=1)
    for text in ["draw U", "place 1,0 r1", "deploy follower road E", "draw E"]:
        g.apply(text)
    v = g.board_view()
    assert "  0 R  D  RR[ U ]R" in v and " -1  +2     +013" in v
    assert "0r player 0's follower on a road" in v
    assert all(len(line) <= 40 for line in g.board_view(width=40).splitlines())
    with pytest.raises(carcvar.InvalidArgumentError):
        g.board_view(width=10)
