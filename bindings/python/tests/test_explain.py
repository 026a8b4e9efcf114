"""Refused actions carry the library's reason (carc_game_explain): a reason
code, its name, the side / player / position, and an actionable message."""
import pytest

import carcvar
from carcvar import Game, IllegalActionError, ParseError, WrongStateError


def placed_u():
    g = Game(seed=1)
    g.apply("draw U")
    return g


def test_edge_mismatch_names_the_side():
    g = placed_u()
    before = g.serialize()
    with pytest.raises(IllegalActionError) as info:
        g.apply("place 1,0 r0")
    e = info.value
    assert e.code == -3 and e.reason_code == 5 and e.reason_name == "edge_mismatch"
    assert e.side == 3 and e.player == -1 and e.position == -1
    assert str(e) == "west side: your field meets a road; here U fits r1 r3"
    assert g.serialize() == before


def test_cell_taken_not_adjacent_and_wrong_kind():
    g = placed_u()
    for text, name, words in [("place 0,0 r1", "cell_taken", "already holds tile D"),
                              ("place 4,4 r1", "not_adjacent", "touches no tile"),
                              ("pass", "wrong_kind", "cannot pass")]:
        with pytest.raises(IllegalActionError) as info:
            g.apply(text)
        assert info.value.reason_name == name and words in str(info.value)


def test_malformed_text_says_where():
    g = placed_u()
    with pytest.raises(ParseError) as info:
        g.apply("place 1;0 r1")
    e = info.value
    assert e.code == -6 and e.reason_name == "malformed" and e.position == 6
    assert "with a comma" in str(e)
    assert isinstance(e, ValueError)


def test_occupied_names_the_player():
    g = placed_u()
    g.apply("place 1,0 r1")
    g.apply("deploy follower road E")
    g.apply("draw U")
    g.apply("place 2,0 r1")
    with pytest.raises(IllegalActionError) as info:
        g.apply("deploy follower road E")
    assert info.value.reason_name == "occupied" and info.value.player == 0
    assert "occupied by player 0" in str(info.value)


def test_explain_does_not_apply():
    g = placed_u()
    ok = g.explain("place 1,0 r1")
    assert ok.legal and ok.code == 0 and ok.reason_name == "legal"
    bad = g.explain("place 1,0 r0")
    assert not bad.legal and bad.side == 3
    legal = g.legal_actions()
    assert all(g.explain(a).legal for a in legal)
    assert all(g.explain(a.id).legal for a in legal)
    assert g.explain(5000).reason_name == "not_offered"
    assert g.decision.kind == "place"


def test_illegal_id_and_game_over():
    g = placed_u()
    with pytest.raises(IllegalActionError) as info:
        g.apply(5000)
    assert info.value.reason_name in ("not_offered", "wrong_kind")
    while not g.is_terminal:
        if g.current_player == carcvar.CHANCE:
            g.sample_chance()
        else:
            g.apply(g.legal_ids()[0])
    with pytest.raises(WrongStateError) as info:
        g.apply("pass")
    assert info.value.reason_name == "game_over" and "over" in str(info.value)


def test_reason_names_cover_the_header():
    import os
    import re
    header = os.path.join(os.path.dirname(__file__), "..", "..", "..", "include", "carcvar",
                          "carcvar.h")
    found = {int(v): n.lower() for n, v in
             re.findall(r"CARC_REASON_(\w+) = (\d+)", open(header).read())}
    assert found == carcvar.REFUSAL_REASONS
