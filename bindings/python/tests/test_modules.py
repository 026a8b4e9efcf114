"""Module figures and tokens through the Python package (Traders & Builders goods,
Inns & Cathedrals big meeple), with exact values from whole seeded games."""
import pytest

import carcvar


def _play(g, seed):
    import random
    rnd = random.Random(seed)
    while not g.is_terminal:
        if g.current_player == carcvar.CHANCE:
            g.sample_chance()
        else:
            g.apply(rnd.choice(g.legal_ids()))


def available(name):
    return name in carcvar.module_names(available_only=True)


@pytest.mark.skipif(not available("traders_builders"), reason="module not built")
def test_goods_are_visible_and_scored():
    g = carcvar.Game(players=3, seed=3, modules=["traders_builders"])
    assert g.goods(0) == {"wine": 0, "grain": 0, "cloth": 0}
    assert g.supply(0, "builder") == 1 and g.supply(0, "pig") == 1
    _play(g, 3)
    goods = [g.goods(p) for p in range(3)]
    # this game ends with player 0 holding 1 grain, player 2 1 wine and 1 cloth
    assert goods == [{"wine": 0, "grain": 1, "cloth": 0}, {"wine": 0, "grain": 0, "cloth": 0},
                     {"wine": 1, "grain": 0, "cloth": 1}]
    # the most of each good scored 10 at the end: 10 to player 0, 20 to player 2
    goods_points = [0, 0, 0]
    for e in g.score_log():
        if e.reason not in ("completed", "end of game"):
            goods_points[e.player] += e.points
    assert goods_points == [10, 0, 20]
    assert g.tokens(0, 0) == goods[0]["wine"]
    with pytest.raises(ValueError):
        g.tokens(0, "gold")
    with pytest.raises(carcvar.InvalidArgumentError):
        g.tokens(7, "wine")


@pytest.mark.skipif(not available("inns_cathedrals"), reason="module not built")
def test_big_meeple_in_supply_and_figures():
    g = carcvar.Game(players=2, seed=1, modules=["inns_cathedrals"])
    assert g.supply(0, "big") == 1 and g.supply(1, "follower") == 7
    assert sorted(f.kind for f in g.figures() if f.owner == 0).count("big") == 1
    assert g.tokens(0, "wine") == 0   # no module of this game owns goods


@pytest.mark.skipif(not available("bridges_castles"), reason="module not built")
def test_castle_knight_role():
    # tests/scenarios/bcb_castle_end_and_declined.rec, its first turns: player 0's
    # knight turns the start city into a castle, player 1's is an ordinary knight
    g = carcvar.Game(players=2, seed=1, modules=["bridges_castles"])
    for a in ("draw E", "place 0,-1 r2", "deploy follower city S", "castle",
              "draw E", "place 1,-1 r0", "deploy follower city N"):
        g.apply(a)
    on_board = {(f.x, f.y): f for f in g.figures() if f.where == "board"}
    assert on_board[(0, -1)].owner == 0 and on_board[(0, -1)].role == "castle"
    assert on_board[(1, -1)].owner == 1 and on_board[(1, -1)].role is None
    assert [f.role for f in g.figures()].count("castle") == 1
    assert 'class="castle-glyph"' in g.board_svg()


@pytest.mark.skipif(not available("big_top"), reason="module not built")
def test_revealed_animals_are_public():
    import os
    rec = os.path.join(os.path.dirname(__file__), "..", "..", "..", "tests", "scenarios",
                       "bt_circus_examples.rec")
    with open(rec) as f:
        g = carcvar.Game.from_record(f.read())
    # one circus scored: the seal is out, nothing else; no player holds one
    assert {k: g.tokens(-1, k) for k in ("flea", "monkey", "seal", "bear", "tiger",
                                         "elephant")} == {
        "flea": 0, "monkey": 0, "seal": 1, "bear": 0, "tiger": 0, "elephant": 0}
    assert g.tokens(0, "seal") == 0 and g.tokens(1, "seal") == 0
    assert g.tokens(-1, "wine") == 0
    with pytest.raises(carcvar.InvalidArgumentError):
        g.tokens(-2, "seal")
