"""The Dungeon through Python: Game.dungeon() (carc_game_dungeon, CARCVAR_0.7)
on the scenario record tests/scenarios/dungeon_dragon_rushes_in_fairy_escort.rec,
cut at three moments: Blue's follower (figure 7) below with the dragon; the
fairy beside it there; out again, the dragon on the volcano."""
import os

import carcvar

REC = os.path.join(os.path.dirname(__file__), "..", "..", "..", "tests", "scenarios",
                   "dungeon_dragon_rushes_in_fairy_escort.rec")


def upto(stop):
    lines = open(REC).read().split("\n")
    cut = lines.index(stop) if stop else len(lines)
    return carcvar.Game.from_record("\n".join(lines[:cut]) + "\n")


def test_not_in_play():
    assert carcvar.Game(players=2).dungeon() is None


def test_dragon_and_fairy_below():
    g = upto("draw U")
    d = g.dungeon()
    assert d["pieces"] == [7] and d["pieces_of"] == [0, 1]
    assert d["dragon_inside"] is True and d["fairy_piece"] is None
    assert d["entrances"] == 2
    assert g.dragon()["dragon"] is None
    g = upto("dungeon leave")
    d = g.dungeon()
    assert d["fairy_piece"] == 7 and d["dragon_inside"] is True
    g = upto(None)
    d = g.dungeon()
    assert d["pieces"] == [] and d["dragon_inside"] is False and d["fairy_piece"] is None
    assert g.dragon()["dragon"] == (-1, 2)
