"""The fast path from Python (issue 35): legal_ids() calls C once per
decision; the play loop's calls give the same games as before."""
import carcvar
from carcvar import _lib as L


def test_legal_ids_calls_c_once(monkeypatch):
    """legal_ids() and legal_actions() each call carc_game_legal_ids once."""
    calls = []
    for owner in (L.lib, getattr(L, "raw", None)):
        if owner is None:
            continue
        real = owner.carc_game_legal_ids

        def counted(*args, _real=real):
            calls.append(1)
            return _real(*args)
        counted.__name__ = "carc_game_legal_ids"
        monkeypatch.setattr(owner, "carc_game_legal_ids", counted)
    # the same seeded game through legal_ids() and ids, and through
    # legal_actions() and Action objects: the fast calls play the same game
    g, b = carcvar.Game(players=3, seed=5), carcvar.Game(players=3, seed=5)
    asked = 0
    while not g.is_terminal:
        if g.current_player == carcvar.CHANCE:
            drawn, other = g.sample_chance(), b.sample_chance()
            assert drawn == other and drawn.text.startswith("draw ") and drawn.id == drawn.tile
            continue
        ids = g.legal_ids()
        asked += 1
        assert ids == sorted(set(ids)) and ids
        acts = b.legal_actions()
        assert ids == [a.id for a in acts]
        g.apply(ids[(asked * 7) % len(ids)])
        b.apply(acts[(asked * 7) % len(acts)])
    assert asked > 100 and len(calls) == 2 * asked    # one each for g and for b's listing
    assert b.is_terminal and g.serialize() == b.serialize() and g.scores() == b.scores()


def _splitmix(state):
    state = (state + 0x9E3779B97F4A7C15) & (2**64 - 1)
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & (2**64 - 1)
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & (2**64 - 1)
    return state, z ^ (z >> 31)


def _host_play(g, state, steps=None):
    """What play_random does, step by step from Python."""
    played = 0
    while not g.is_terminal and (steps is None or played < steps):
        if g.current_player == carcvar.CHANCE:
            g.sample_chance()
        else:
            ids = g.legal_ids()
            state, r = _splitmix(state)
            g.apply(ids[r % len(ids)])
        played += 1
    return played, state


def test_play_random_plays_the_documented_game():
    g, h = carcvar.Game(players=2, seed=8), carcvar.Game(players=2, seed=8)
    rng = carcvar.RandomChoices(21)
    assert g.play_random(25, rng) == 25
    n, state = _host_play(h, 21, 25)
    assert n == 25 and rng.state == state and g.serialize() == h.serialize()
    rest = g.play_random(rng=rng)                     # to the end, the same stream
    n, state = _host_play(h, state)
    assert rest == n and g.is_terminal and rng.state == state
    assert g.serialize() == h.serialize()
    assert g.play_random(rng=rng) == 0
    assert carcvar.Game(players=2, seed=1).play_random(rng=1) == 213   # 71 x 3 decisions


def test_random_playouts_in_one_call():
    scores = carcvar.random_playouts(4, players=3, seed=30, choices=5)
    assert len(scores) == 4 and all(len(s) == 3 for s in scores)
    state = 5
    for i in range(4):
        h = carcvar.Game(players=3, seed=30 + i)
        _, state = _host_play(h, state)
        assert scores[i] == h.final_scores()
    mods = carcvar.random_playouts(2, players=2, seed=1,
                                   modules=["princess_dragon", "tower", "count"])
    assert len(mods) == 2
    assert carcvar.random_playouts(0) == []
