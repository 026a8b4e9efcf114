"""The observation of the 0.7.0 modules (catapult, pig_throwing, dungeon):
their header blocks and planes, present only in games that play the module,
with exact values along the scenario records, and the C encoder
(carc_game_observation) agreeing value for value."""
import os

import carcvar
from carcvar.observation import ObservationEncoder, module_lines

from test_observation_c import c_tensor

SCEN = os.path.join(os.path.dirname(__file__), "..", "..", "..", "tests", "scenarios")
NEW_BLOCKS = ("catapult", "catapult_kind", "catapult_tokens", "hurls", "pig_throwing",
              "removed", "dungeon", "dungeon_pieces", "dungeon_fairy")


def record(name, drop=0, stop=None):
    """The game of a scenario record, without its last `drop` move lines or
    up to (not including) its first line `stop`."""
    lines = open(os.path.join(SCEN, name)).read().splitlines()
    if stop is not None:
        lines = lines[:lines.index(stop)]
    moves = [i for i, line in enumerate(lines) if line and not line.startswith("#")]
    if drop:
        lines = lines[:moves[-drop]]
    return carcvar.Game.from_record("\n".join(lines) + "\n")


def block(enc, t, name):
    s, n = enc.offsets[name]
    return t[s:s + n]


def plane_cells(enc, t, name):
    """Cells (x, y) where a module plane is non-zero, with the value."""
    first, _ = enc.plane_offsets[name]
    w, r = enc.window, enc.radius
    base = enc.header_size + first * w * w
    return {(i % w - r, i // w - r): v for i, v in enumerate(t[base:base + w * w]) if v}


def encoders(g, window=9):
    opts = g.options()
    py = ObservationEncoder(g.num_players, opts["modules"], opts["rules"], window=window,
                            use_c=False)
    return py


def check(g, player, window=9):
    """The Python tensor, after checking the C one is the same."""
    enc = encoders(g, window)
    t = enc.tensor(g, player)
    assert c_tensor(enc, g, player) == t
    return enc, t


def test_layout_only_with_the_modules():
    base = ObservationEncoder(2)
    assert base.size == 26994 and not set(NEW_BLOCKS) & set(base.offsets)
    old = ObservationEncoder(2, ("tower", "princess_dragon"))
    assert "fair" not in old.plane_offsets and "dungeon_entrance" not in old.plane_offsets
    cat = ObservationEncoder(2, ("catapult",), window=5)
    start = cat.offsets["face_up"][0]
    assert cat.offsets["catapult"] == (start, 5)
    assert cat.offsets["catapult_kind"] == (start + 5, 4)
    assert cat.offsets["catapult_tokens"] == (start + 9, 24)
    assert cat.offsets["hurls"] == (start + 33, 18)
    assert cat.header_size == start + 51
    assert cat.plane_offsets == {"fair": (28, 1)} and cat.planes == 29
    pig = ObservationEncoder(2, ("pig_throwing", "traders_builders"), window=5)
    assert pig.figure_kinds == ["builder", "pig"]
    s = pig.offsets["face_up"][0]
    assert pig.offsets["pig_throwing"] == (s, 2) and pig.offsets["removed"] == (s + 2, 18)
    assert pig.plane_offsets == {}
    dun = ObservationEncoder(2, ("dungeon", "tower", "princess_dragon"), window=5)
    s = dun.offsets["quarters"] if "quarters" in dun.offsets else dun.offsets["prisoners"]
    s = s[0] + s[1]
    assert dun.figure_kinds == ["dragon", "fairy"]
    assert dun.offsets["dungeon"] == (s, 3)
    assert dun.offsets["dungeon_pieces"] == (s + 3, 18)
    assert dun.offsets["dungeon_fairy"] == (s + 21, 6)
    assert dun.plane_offsets["dungeon_entrance"] == (dun.planes - 1, 1)


def zeros(n):
    return [0.0] * n


def test_catapult_round_and_fair():
    # cat_knockout_orphan_pig.rec: player 1 lays the fair tile CA_F at 0,2
    # and chooses knock-out; player 1 hurls first (on the map, 1 follower
    # knocked out), then player 0 (off the map)
    g = record("cat_knockout_orphan_pig.rec", stop="catapult knockout")
    enc, t = check(g, 0)
    assert block(enc, t, "catapult") == [1.0, 0.0, 2.0, 0.0, 0.0]
    assert block(enc, t, "catapult_kind") == zeros(4)
    assert block(enc, t, "catapult_tokens") == [1.0] * 8 + zeros(16)
    assert block(enc, t, "hurls") == zeros(18)
    assert plane_cells(enc, t, "fair") == {(0, 2): 1.0}
    g = record("cat_knockout_orphan_pig.rec", drop=1)     # player 0's hurl pending
    enc, t = check(g, 1)                                  # seen by player 1
    assert block(enc, t, "catapult_kind") == [1.0, 0.0, 0.0, 0.0]
    # player 1's knock-out token is out until the round ends
    assert block(enc, t, "catapult_tokens")[:8] == [0.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0]
    assert block(enc, t, "hurls") == [1.0, 1.0, 1.0] + zeros(15)
    g = record("cat_knockout_orphan_pig.rec")
    enc, t = check(g, 0)
    assert block(enc, t, "catapult") == [0.0, 0.0, 2.0, 1.0, 0.0]
    assert block(enc, t, "catapult_kind") == [1.0, 0.0, 0.0, 0.0]
    assert block(enc, t, "catapult_tokens") == [1.0] * 8 + zeros(16)
    assert block(enc, t, "hurls") == [1.0, 0.0, 0.0, 1.0, 1.0, 1.0] + zeros(12)


def test_pig_nap_and_removed():
    # pig_dragon_nap.rec: player 0 throws the pig onto the dragon at -3,0:
    # eaten (removed from play), the dragon naps
    g = record("pig_dragon_nap.rec", stop="draw DG_Rr_v")
    enc, t = check(g, 0)
    assert enc.figure_kinds == ["builder", "dragon", "fairy", "pig"]
    assert block(enc, t, "pig_throwing") == [1.0, 0.0]
    removed = zeros(30)
    removed[0 * 5 + 4] = 1.0                 # seat 0 (player 0), kind pig
    assert block(enc, t, "removed") == removed
    enc, t = check(g, 1)
    removed = zeros(30)
    removed[1 * 5 + 4] = 1.0                 # player 0 is seat 1 for player 1
    assert block(enc, t, "removed") == removed
    g = record("pig_dragon_nap.rec", stop="throw")
    enc, t = check(g, 0)
    assert block(enc, t, "pig_throwing") == [0.0, 0.0] and block(enc, t, "removed") == zeros(30)


def test_pig_thrown_this_turn():
    # pig_builder_double_turn.rec: player 0 throws, then lays the builder's
    # second tile: at that deployment no second throw
    g = record("pig_builder_double_turn.rec", stop="throw")
    enc, t = check(g, 0)
    assert block(enc, t, "pig_throwing") == [0.0, 0.0]
    g = record("pig_builder_double_turn.rec", drop=1)
    assert g.decision.kind == "deploy" and (g.decision.x, g.decision.y) == (5, 1)
    enc, t = check(g, 1)
    assert block(enc, t, "pig_throwing") == [0.0, 1.0]


def test_pig_stance_removes_the_pig():
    g = record("pig_stance_caught_long.rec")
    enc, t = check(g, 1)
    assert enc.figure_kinds == ["big", "builder", "pig"]
    removed = zeros(24)
    removed[1 * 4 + 3] = 1.0                 # player 0's pig, seat 1 for player 1
    assert block(enc, t, "removed") == removed


def test_dungeon_pieces_fairy_and_entrances():
    name = "dungeon_dragon_rushes_in_fairy_escort.rec"
    # player 1 went down at the tower foundation 1,1; -1,1 is not laid yet
    g = record(name, stop="draw TO_L")
    enc, t = check(g, 0)
    assert enc.figure_kinds == ["dragon", "fairy"]
    assert block(enc, t, "dungeon") == [0.0, 0.0, 1.0]
    assert block(enc, t, "dungeon_pieces") == zeros(3) + [1.0] + zeros(14)
    assert plane_cells(enc, t, "dungeon_entrance") == {(1, 1): 1.0}
    # the dragon's flight reached 1,1: it went down; the fairy joins piece 7
    lines = [x for x in open(os.path.join(SCEN, name)).read().splitlines()
             if x and not x.startswith("#")]
    g = record(name, drop=len(lines) - lines.index("dungeon fairy 7") - 1)
    enc, t = check(g, 1)
    assert block(enc, t, "dungeon") == [1.0, 1.0, 2.0]
    assert block(enc, t, "dungeon_pieces") == [1.0] + zeros(17)
    assert block(enc, t, "dungeon_fairy") == [1.0] + zeros(5)
    assert plane_cells(enc, t, "dungeon_entrance") == {(-1, 1): 1.0, (1, 1): 1.0}
    enc, t = check(g, 0)
    assert block(enc, t, "dungeon_fairy") == [0.0, 1.0] + zeros(4)
    # piece 7 left with the fairy by 1,1: nobody below, the dragon still is
    g = record(name, stop="draw DG_R_v")
    enc, t = check(g, 0)
    assert block(enc, t, "dungeon") == [1.0, 0.0, 2.0]
    assert block(enc, t, "dungeon_pieces") == zeros(18)


def test_module_lines():
    g = record("cat_knockout_orphan_pig.rec", drop=1)
    assert module_lines(g) == [
        "catapult: round of knockout at 0,2; hurls: player 1 on the map, 1 knocked out; "
        "0 rounds done, 0 waiting",
        "catapult tokens: player 0 knockout seduction target catch; "
        "player 1 seduction target catch"]
    g = record("pig_dragon_nap.rec", stop="draw DG_Rr_v")
    assert module_lines(g) == ["dragon: -3,0", "pig throwing: dragon asleep",
                               "removed: player 0 pig"]
    g = record("pig_builder_double_turn.rec", drop=1)
    assert module_lines(g) == ["pig throwing: pig thrown this turn"]
    g = record("dungeon_dragon_rushes_in_fairy_escort.rec", stop="draw TO_L")
    assert module_lines(g)[-1] == "dungeon: player 1 follower; 1 entrances"
    g = record("dungeon_dragon_rushes_in_fairy_escort.rec", stop="draw B")
    assert module_lines(g)[-1] == "dungeon: player 1 follower; dragon inside; 2 entrances"
    assert module_lines(carcvar.Game(players=2, modules=["catapult"])) == [
        "catapult tokens: player 0 knockout seduction target catch; "
        "player 1 knockout seduction target catch"]


def test_bounds_hold_in_games_with_the_new_modules():
    import random
    for modules in (("catapult", "pig_throwing", "traders_builders", "dungeon", "tower",
                     "princess_dragon"), ("catapult",)):
        enc = ObservationEncoder(3, modules, window=7)
        g = carcvar.Game(3, seed=11, modules=modules)
        rng = random.Random(11)
        s, _ = enc.offsets["catapult"]
        assert (enc.low[s + 1], enc.high[s + 1]) == (-256.0, 256.0)
        while not g.is_terminal:
            t = enc.tensor(g, g.turn % 3)
            bad = [i for i, v in enumerate(t) if not enc.low[i] <= v <= enc.high[i]]
            assert not bad, [(i, t[i], enc.low[i], enc.high[i]) for i in bad[:5]]
            g.play_random(3, rng.randrange(2**32))


def test_c_and_python_agree_along_every_record_of_the_modules():
    """Every position of every scenario record of catapult, pig throwing and
    the dungeon (throws, naps, removals, hurls of every kind, pieces below),
    for every player."""
    names = sorted(n for n in os.listdir(SCEN)
                   if n.startswith(("cat_", "pig_", "dungeon_")) and n.endswith(".rec"))
    assert len(names) >= 20
    positions, nonzero = 0, set()
    for name in names:
        lines = open(os.path.join(SCEN, name)).read().splitlines()
        moves = [i for i, line in enumerate(lines) if line and not line.startswith("#")]
        for k in range(len(moves)):
            try:
                g = carcvar.Game.from_record("\n".join(lines[:moves[k] + 1]) + "\n")
            except carcvar.CarcError:
                continue      # a header line alone, or a record that expects a refusal
            enc = encoders(g, window=7)
            for p in range(g.num_players):
                t = enc.tensor(g, p)
                assert c_tensor(enc, g, p) == t, (name, k, p)
                positions += 1
                nonzero |= {b for b in NEW_BLOCKS if b in enc.offsets and any(block(enc, t, b))}
    assert positions > 1000
    assert nonzero == set(NEW_BLOCKS)
