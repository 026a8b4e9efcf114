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
            except carcvar.CarcError:
                assert g.serialize() == before
                if kind == "id":
                    assert value not in legal
            scores = g.scores()
            assert all(s >= t for s, t in zip(scores, last))
            last = scores
        assert carcvar.Game.deserialize(g.serialize()).serialize() == g.serialize()
