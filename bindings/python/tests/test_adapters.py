"""Conformance of the OpenSpiel- and PettingZoo-shaped adapters, checking the
properties those frameworks' own API tests check."""
import random

from carcvar.openspiel import CarcGame, CHANCE_PLAYER_ID, TERMINAL_PLAYER_ID
from carcvar.pettingzoo import CarcassonneAEC


def random_playout(state, rng):
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
            ids, probs = zip(*outcomes)
            state.apply_action(rng.choices(ids, probs)[0])
        else:
            legal = state.legal_actions()
            assert legal and legal == sorted(legal)
            mask = state.legal_actions_mask()
            assert [i for i, m in enumerate(mask) if m] == legal
            assert all(0 <= a < state.get_game().num_distinct_actions() for a in legal)
            assert state.returns() == [0.0] * state.get_game().num_players()
            state.apply_action(rng.choice(legal))
    return state


def test_openspiel_game_info():
    game = CarcGame({"players": 3, "seed": 4})
    info = game.get_game_info()
    assert info["num_distinct_actions"] == 8192 and info["max_chance_outcomes"] == 1024
    assert info["num_players"] == 3
    assert game.get_type()["chance_mode"] == "explicit_stochastic"


def test_openspiel_full_game_and_determinism():
    game = CarcGame({"players": 2, "seed": 7})
    a = random_playout(game.new_initial_state(), random.Random(1))
    b = random_playout(game.new_initial_state(), random.Random(1))
    assert a.history() == b.history() and a.returns() == b.returns()
    assert a.current_player() == TERMINAL_PLAYER_ID and a.legal_actions() == []
    assert sum(a.returns()) > 0


def test_openspiel_chance_clone_serialize_strings():
    game = CarcGame({"players": 2, "seed": 2})
    s = game.new_initial_state()
    assert s.current_player() == CHANCE_PLAYER_ID and s.is_chance_node()
    assert len(s.legal_actions_mask()) == game.max_chance_outcomes()
    s.apply_action(s.chance_outcomes()[0][0])
    c = s.clone()
    action = s.legal_actions()[0]
    text = s.action_to_string(s.current_player(), action)
    assert s.string_to_action(s.current_player(), text) == action
    c.apply_action(action)
    assert c.history() != s.history()          # clones are independent
    restored = game.deserialize_state(c.serialize())
    assert restored.serialize() == c.serialize()
    assert s.legal_actions(player=1 - s.current_player()) == []


def test_observation_hides_the_draw_order():
    # same public history, different seeds: identical observations
    a = CarcGame({"players": 2, "seed": 1}).new_initial_state()
    b = CarcGame({"players": 2, "seed": 2}).new_initial_state()
    for s in (a, b):
        s.apply_action(s.string_to_action(-1, "draw V"))
    for p in (0, 1):
        assert a.observation_string(p) == b.observation_string(p)
        assert a.observation_tensor(p) == b.observation_tensor(p)
    assert "V" in a.observation_string(0)


def test_pettingzoo_aec_conformance():
    def run(seed):
        env = CarcassonneAEC(players=3)
        env.reset(seed=seed)
        rng = random.Random(seed)
        assert env.agents == env.possible_agents
        trace = []
        for agent in env.agent_iter():
            obs, reward, term, trunc, info = env.last()
            assert set(obs) == {"observation", "action_mask"}
            assert len(obs["action_mask"]) == env.action_space(agent).n
            if term or trunc:
                env.step(None)
                continue
            legal = [i for i, m in enumerate(obs["action_mask"]) if m]
            assert legal and env._game.legal_ids() == legal
            choice = rng.choice(legal)
            trace.append((agent, choice))
            env.step(choice)
        assert env.agents == []
        finals = dict(env._cumulative_rewards)
        env.close()
        return trace, finals

    t1, f1 = run(5)
    t2, f2 = run(5)
    assert t1 == t2 and f1 == f2 and len(t1) > 100
    assert sum(f1.values()) > 0
