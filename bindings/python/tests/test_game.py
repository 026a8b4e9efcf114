"""Every wrapped function of the C API, through carcvar.Game and friends."""
import copy
import ctypes
import pickle

import pytest

import carcvar
from carcvar import _lib as L


def play_to_end(g, pick=lambda ids: ids[0]):
    while not g.is_terminal:
        if g.current_player == carcvar.CHANCE:
            g.sample_chance()
        else:
            g.apply(pick(g.legal_ids()))


def test_signature_table_covers_the_header():
    import os
    import re
    header = os.path.join(os.path.dirname(__file__), "..", "..", "..", "include", "carcvar",
                          "carcvar.h")
    names = set(re.findall(r"CARC_API [^;(]*?\b(carc_\w+)\s*\(", open(header).read()))
    assert names and names == set(L.SIGNATURES)


def test_versions_and_constants():
    assert carcvar.version() == "0.19.1"
    assert L.lib.carc_version_number() == 1901
    assert carcvar.num_distinct_actions() == 8192
    assert carcvar.max_chance_outcomes() == 1024
    assert L.lib.carc_max_tiles() == 256
    assert L.strerror(-3) == "illegal action"


def test_struct_layouts():
    o = L.Options()
    L.lib.carc_options_init(ctypes.byref(o))
    assert o.struct_size == ctypes.sizeof(L.Options) == 288
    assert o.num_players == 2 and o.rules[0] == 2
    assert ctypes.sizeof(L.Action) == 48
    assert ctypes.sizeof(L.FeatureInfo) == 68
    assert ctypes.sizeof(L.RecordErrorStruct) == 168


def test_catalogue():
    names = carcvar.tile_names()
    # the base set first (24 types), then the tile sets of the modules built in
    assert names[:3] == ["A", "B", "C"] and names[23] == "X" and len(names) >= 24
    assert len(names) == len(set(names))
    assert carcvar.rule_names()[0] == "tiny_city"
    assert "base" in carcvar.module_names(available_only=True)
    assert "tower" in carcvar.module_names()
    assert L.lib.carc_rule_default(0) == 2 and L.lib.carc_rule_by_name(b"tiny_city") == 0
    # every reserved module id (1-11) is built since 0.7.0; 12 is a free slot
    assert all(L.lib.carc_module_available(m) == 1 for m in range(12))
    assert L.lib.carc_module_available(12) == 0
    d = carcvar.tile_info("D", 1)
    assert d["edges"] == "RCRF" and d["count"] == 4 and len(d["segments"]) == 4
    with pytest.raises(carcvar.NotFoundError):
        carcvar.tile_info("nope")
    with pytest.raises(carcvar.InvalidArgumentError):
        carcvar.tile_info("D", 4)


def test_options_and_errors():
    with carcvar.Game(players=6, seed=9, rules={"tiny_city": 1}) as g:
        assert g.num_players == 6
        o = g.options()
        assert (o["players"], o["seed"], o["modules"]) == (6, 9, ["base"])
        assert o["rules"]["tiny_city"] == 1   # (and the defaults of the other modules' rules)
    with pytest.raises(carcvar.InvalidArgumentError):
        carcvar.Game(players=7)
    with pytest.raises(carcvar.InvalidArgumentError):   # pig throwing needs traders_builders
        carcvar.Game(modules=["pig_throwing"])
    with pytest.raises(carcvar.InvalidArgumentError):   # the dungeon needs the tower
        carcvar.Game(modules=["dungeon"])
    with pytest.raises(carcvar.NotFoundError):
        carcvar.Game(modules=["nope"])
    with pytest.raises(carcvar.NotFoundError):
        carcvar.Game(rules={"nope": 1})
    with pytest.raises(carcvar.InvalidArgumentError):
        carcvar.Game(rules={"tiny_city": 3})
    # a rule of a module not in play: refused off its default, harmless at it
    with pytest.raises(carcvar.InvalidArgumentError):
        carcvar.Game(players=3, rules={"bt_quarters": 2})
    with carcvar.Game(players=3, rules={"bt_quarters": 1}) as g:
        assert g.options()["rules"]["bt_quarters"] == 1
    with carcvar.Game(players=3, modules=["big_top"], rules={"bt_quarters": 2}) as g:
        assert g.options()["rules"]["bt_quarters"] == 2


def test_decisions_actions_and_ids():
    g = carcvar.Game(seed=5)
    assert g.current_player == carcvar.CHANCE and g.decision.kind == "draw"
    outcomes = g.chance_outcomes()
    assert abs(sum(p for _, p in outcomes) - 1) < 1e-12 and len(outcomes) == 24
    assert len(g.legal_mask()) == 1024
    g.apply("draw V")
    assert g.decision.kind == "place" and g.decision.tile == carcvar.tile_names().index("V")
    acts = g.legal_actions()
    assert [a.id for a in acts] == g.legal_ids() == sorted(g.legal_ids())
    mask = g.legal_mask()
    assert len(mask) == 8192 and sum(mask) == len(acts)
    a = acts[0]
    assert str(a).startswith("place ") and g.parse(str(a)).id == a.id
    assert g.action_from_id(a.id) == a
    g.apply(a)
    assert g.decision.kind == "deploy"
    deploys = g.legal_actions()
    assert str(deploys[0]) == "pass" and deploys[0].id == 0
    g.apply(deploys[-1])
    with pytest.raises(carcvar.IllegalActionError):
        g.apply(123)
    with pytest.raises(carcvar.ParseError):
        g.apply("fly away")
    assert g.tiles_remaining() == 70 and g.tiles_remaining("V") == 8
    g.close()
    g.close()  # idempotent
    with pytest.raises(carcvar.InvalidArgumentError):
        g.legal_ids()


def test_scores_board_figures_log():
    rec = ("carcvar-record 1\nplayers 2\n"
           "draw W\nplace 1,0 r0\ndeploy follower road W\n"
           "draw W\nplace -1,0 r0\npass\n")
    g = carcvar.Game.from_record(rec)
    assert g.scores() == [3, 0] and g.score(0) == 3 and g.final_scores() == [3, 0]
    log = g.score_log()
    assert log == [carcvar.ScoreEvent(0, 3, "completed", "road", 1, 0, 2, 2)]
    f = g.feature(0, 0, 1)
    assert (f.kind, f.complete, f.tiles, f.points, f.owners) == ("road", True, 3, 3, ())
    assert [t.name for t in g.board()] == ["D", "W", "W"]
    assert g.tile_at(1, 0).name == "W" and g.tile_at(5, 5) is None
    figs = g.figures()
    assert len(figs) == 14 and all(f.where == "supply" for f in figs)
    assert g.supply(0) == 7
    assert "player 0: 3 points" in g.board_text()
    svg = g.board_svg()
    assert svg.startswith("<?xml") and svg.count('class="tile"') == 3
    assert g.turn == 3 and g.current_player == carcvar.CHANCE  # turn 3 has begun
    assert "draw W" in g.record()


def test_record_errors():
    with pytest.raises(carcvar.RecordError) as e:
        carcvar.Game.from_record("carcvar-record 1\ndraw D\nplace 9,9 r0\n")
    assert e.value.line == 3 and e.value.code == -3 and "illegal" in e.value.reason


def test_clone_copy_pickle_serialize():
    g = carcvar.Game(seed=11)
    play_to_end(g, lambda ids: ids[len(ids) // 2])
    data = g.serialize()
    assert carcvar.Game.deserialize(data).serialize() == data
    assert pickle.loads(pickle.dumps(g)).serialize() == data
    assert copy.deepcopy(g).serialize() == data
    h = carcvar.Game(seed=11)
    c = h.clone()
    c.sample_chance()
    assert h.tiles_remaining() == 71 and c.tiles_remaining() == 70
    h.copy_from(c)
    assert h.serialize() == c.serialize()
    with pytest.raises(carcvar.CorruptDataError):
        carcvar.Game.deserialize(data[:-1] + bytes([data[-1] ^ 1]))
    with pytest.raises(carcvar.WrongStateError):
        g.sample_chance()
    assert carcvar.Game.from_record(g.record()).serialize() == data
    closed = carcvar.Game()
    closed.close()
    assert "closed" in repr(closed)


def test_public_record_hides_the_seed_and_replays():
    g = carcvar.Game(players=2, seed=77)
    for _ in range(30):
        if g.current_player == carcvar.CHANCE:
            g.sample_chance()
        else:
            g.apply(g.legal_ids()[0])
    text = g.public_record()
    assert "seed" not in text and " rng" not in text
    assert "seed 77" in g.record()
    r = carcvar.Game.from_record(text)
    assert [r.score(p) for p in range(2)] == [g.score(p) for p in range(2)]


def test_out_of_range_integers_are_refused_not_wrapped():
    g = carcvar.Game(players=2, seed=3)
    g.sample_chance()
    legal = g.legal_ids()[0]
    for bad in (2**32 + legal, -2**31 - 1, 2**63):
        with pytest.raises(OverflowError):
            g.apply(bad)
    with pytest.raises(TypeError):
        g.apply(float(legal))
    with pytest.raises(OverflowError):
        g.tile_at(2**32, 0)
    with pytest.raises(OverflowError):
        carcvar.Game(players=2**32 + 3)
    with pytest.raises(OverflowError):
        carcvar.Game(players=2, seed=-1)
    with pytest.raises(OverflowError):
        carcvar.Game(players=2, seed=2**64)
    assert carcvar.Game(players=2, seed=2**64 - 1).options()["seed"] == 2**64 - 1
    g.apply(legal)  # the right id still works; the refusals changed nothing
    try:
        import numpy as np
    except ImportError:
        return
    h = carcvar.Game(players=np.int64(3), seed=np.uint64(9))
    h.sample_chance()
    h.apply(np.int32(h.legal_ids()[0]))


def test_text_with_an_embedded_nul_is_refused():
    g = carcvar.Game(players=2, seed=3)
    g.sample_chance()
    text = g.action_from_id(g.legal_ids()[0]).text
    with pytest.raises(ValueError):
        g.apply(text + "\0junk")
    with pytest.raises(ValueError):
        carcvar.Game(players=2, rules={"tiny_city\0x": 1})
    g.apply(text)
