"""Property-based tests: random streams of legal picks, raw ids and garbage
notation never crash, illegal input raises and changes nothing."""
from hypothesis import given, settings, strategies as st, HealthCheck

import carcvar

step = st.one_of(
    st.tuples(st.just("legal"), st.integers(0, 10 ** 6)),
    st.tuples(st.just("id"), st.integers(-100, 9000)),
    st.tuples(st.just("text"), st.text(max_size=30)),
)


@settings(max_examples=200, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2 ** 32), players=st.integers(2, 6),
       steps=st.lists(step, min_size=1, max_size=120))
def test_random_streams(seed, players, steps):
    with carcvar.Game(players=players, seed=seed) as g:
        last = [0] * players
        for kind, value in steps:
            if g.is_terminal:
                break
            if g.current_player == carcvar.CHANCE and kind == "legal":
                g.sample_chance()
                continue
            before = g.serialize()
            legal = g.legal_ids()
            try:
                if kind == "legal":
                    g.apply(legal[value % len(legal)])
                elif kind == "id":
                    g.apply(value)
                else:
                    g.apply(value)
            except (carcvar.CarcError, ValueError, OverflowError):
                # a refusal by the library, or by the bindings (a NUL in
                # text, an id beyond 32 bits): nothing changed either way
                assert g.serialize() == before
                if kind == "id":
                    assert value not in legal
            scores = g.scores()
            assert all(s >= t for s, t in zip(scores, last))
            last = scores
        assert carcvar.Game.deserialize(g.serialize()).serialize() == g.serialize()


# ------------------------------------------------------------------ adapters
from carcvar.openspiel import CarcGame  # noqa: E402
from carcvar.pettingzoo import CarcassonneAEC  # noqa: E402
from carcvar.spaces import Discrete  # noqa: E402

from conformance import aec_api_play, check_node  # noqa: E402

adapter_settings = settings(max_examples=20, deadline=None, database=None,
                            suppress_health_check=[HealthCheck.too_slow])


class Scripted:
    """rng.choice() stand-in that picks by a list of drawn integers."""

    def __init__(self, picks):
        self.picks = iter(picks)

    def choice(self, seq):
        return seq[next(self.picks, 0) % len(seq)]


@adapter_settings
@given(seed=st.integers(0, 2 ** 64 - 1), players=st.integers(2, 6),
       picks=st.lists(st.integers(0, 10 ** 6), min_size=10, max_size=250))
def test_openspiel_random_walks(seed, players, picks):
    game = CarcGame({"players": players, "seed": seed})
    state = game.new_initial_state()
    for c in picks:
        check_node(state)
        if state.is_terminal():
            break
        legal = state.legal_actions()
        action, player = legal[c % len(legal)], state.current_player()
        if c % 5 == 0:          # round trip and undo keep everything
            restored = game.deserialize_state(state.serialize())
            assert restored.full_history() == state.full_history()
            assert restored.legal_actions() == legal
            child = state.child(action)
            child.undo_action(player, action)
            assert child.serialize() == state.serialize()
        state.apply_action(action)
    check_node(state)


@adapter_settings
@given(seed=st.integers(0, 2 ** 64 - 1), players=st.integers(2, 6),
       picks=st.lists(st.integers(0, 10 ** 6), min_size=10, max_size=250))
def test_pettingzoo_random_walks(seed, players, picks):
    env = CarcassonneAEC(players=players)
    trace, totals = aec_api_play(env, Scripted(picks), seed, max_steps=len(picks))
    assert len(trace) == len(picks) or not env.agents
    assert totals == {a: s for a, s in zip(env.possible_agents, env._game.scores())}
    env.close()


@settings(max_examples=100, deadline=None, database=None)
@given(mask=st.lists(st.integers(0, 1), min_size=1, max_size=50), seed=st.integers())
def test_discrete_masked_sample(mask, seed):
    d = Discrete(len(mask), seed=seed)
    a = d.sample(bytes(mask))
    assert d.contains(a)
    assert mask[a] == 1 if any(mask) else a == 0
