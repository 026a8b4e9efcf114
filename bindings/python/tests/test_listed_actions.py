"""Game.legal_actions() writes no notation until it is asked for, and the
text it then writes is the one of the decision the list was made for."""
import pickle
import random

import carcvar
from carcvar import game as game_mod


def a_deploy_decision(seed=1):
    g = carcvar.Game(players=2, seed=seed)
    rng = random.Random(seed)
    while g.decision.kind != "deploy" or len(g.legal_ids()) < 3:
        if g.current_player == carcvar.CHANCE:
            g.sample_chance()
        else:
            g.apply(rng.choice(g.legal_ids()))
    return g


def test_listing_formats_no_text(monkeypatch):
    g = a_deploy_decision()
    calls = []
    real = game_mod.L.call_buffer

    def counting(func, *args, **kw):
        calls.append(func.__name__)
        return real(func, *args, **kw)
    monkeypatch.setattr(game_mod.L, "call_buffer", counting)
    actions = g.legal_actions()
    assert calls == [] and [a.id for a in actions] == g.legal_ids()
    kinds = [a.kind for a in actions]
    assert calls == []
    assert kinds == [g.action_from_id(a.id).kind for a in actions]
    del calls[:]
    str(actions[1])
    assert calls == ["carc_action_to_string"]


def test_listed_actions_equal_parsed_ones_and_keep_their_text():
    g = a_deploy_decision()
    actions = g.legal_actions()
    texts = [str(g.action_from_id(a.id)) for a in actions]
    g.apply(actions[-1])                     # the deploy decision is gone
    assert [a.text for a in actions] == texts
    assert any(t.startswith("deploy ") for t in texts)
    h = a_deploy_decision()
    for a in actions:
        same = h.parse(a.text)
        assert a == same and same == a and hash(a) == hash(same)
        assert (a.x, a.y, a.segment, a.figure, a.kind) == (same.x, same.y, same.segment,
                                                            same.figure, same.kind)
        back = pickle.loads(pickle.dumps(a))
        assert type(back) is carcvar.Action and back == a
    assert repr(actions[0]) == f"<Action {actions[0].id} {texts[0]!r}>"
    h.apply(actions[0])                      # applying a listed action works
    g.close()
    assert str(actions[1]) == texts[1]       # its own copy of the game, still open


def test_placement_ids_map_to_cells():
    from carcvar.observation import ObservationEncoder, PLANE_ORDER
    enc = ObservationEncoder(players=2, window=15)
    g = carcvar.Game(players=2, seed=4)
    rng = random.Random(4)
    checked = 0
    while not g.is_terminal and g.turn < 30:
        if g.current_player == carcvar.CHANCE:
            g.sample_chance()
            continue
        ids = g.legal_ids()
        cells = enc.placement_cells(g, ids)
        if g.decision.kind == "place":
            t = enc.tensor(g, 0)
            area = enc.window ** 2
            for aid, (row, col, rot) in cells.items():
                x, y = col - enc.radius, row - enc.radius
                assert g.parse(f"place {x},{y} r{rot}").id == aid
                anchor = (aid - 1) // 16
                side = ((aid - 1) // 4) % 4
                ax, ay = x - (0, 1, 0, -1)[side], y - (-1, 0, 1, 0)[side]
                order_cell = enc.header_size + PLANE_ORDER * area + \
                    (ay + enc.radius) * enc.window + ax + enc.radius
                assert t[order_cell] == anchor + 1      # the anchor, read off the planes
                checked += 1
        else:
            assert cells == {}
        g.apply(rng.choice(ids))
    assert checked > 50
