"""Checks of the adapters' framework contracts, shared by test_adapters.py and
the hypothesis properties: what OpenSpiel's state API promises at every node,
and a re-implementation of pettingzoo.test.api_test's play-through checks."""
import math

from carcvar import _compat
from carcvar.openspiel import CHANCE_PLAYER_ID, TERMINAL_PLAYER_ID


# ------------------------------------------------------------------ OpenSpiel
def check_node(state):
    """Invariants of one OpenSpiel state."""
    game = state.get_game()
    n = game.num_players()
    player = state.current_player()
    assert state.num_players() == n
    assert not state.is_simultaneous_node()
    kinds = [state.is_chance_node(), state.is_player_node(), state.is_terminal()]
    assert kinds.count(True) == 1
    assert state.move_number() == len(state.history()) <= game.max_game_length()
    assert [a for _, a in state.full_history()] == state.history()

    legal = state.legal_actions()
    mask = state.legal_actions_mask()
    if state.is_terminal():
        assert player == TERMINAL_PLAYER_ID and legal == [] and not any(mask)
        assert state.chance_outcomes() == [] and state.legal_chance_outcomes() == []
        assert all(0 <= r <= game.max_utility() for r in state.returns())
    else:
        assert legal and legal == sorted(set(legal))
        assert [i for i, m in enumerate(mask) if m] == legal
        assert set(mask) <= {0, 1}
    if state.is_chance_node():
        assert player == CHANCE_PLAYER_ID
        assert len(mask) == game.max_chance_outcomes()
        outcomes = state.chance_outcomes()
        assert [a for a, _ in outcomes] == legal == state.legal_chance_outcomes()
        assert all(p > 0 for _, p in outcomes)
        assert math.isclose(sum(p for _, p in outcomes), 1.0, rel_tol=1e-12)
        assert all(0 <= a < game.max_chance_outcomes() for a in legal)
    else:
        assert len(mask) == game.num_distinct_actions()
    if state.is_player_node():
        assert 0 <= player < n
        assert all(0 <= a < game.num_distinct_actions() for a in legal)
        assert state.legal_chance_outcomes() == []
        for other in range(n):
            if other != player:
                assert state.legal_actions(other) == []
                assert not any(state.legal_actions_mask(other))
        assert state.legal_actions(player) == legal
        for a in (legal[0], legal[-1]):
            text = state.action_to_string(a)
            assert text == state.action_to_string(player, a)
            assert state.string_to_action(text) == a == state.string_to_action(player, text)
    if not state.is_terminal():
        assert state.returns() == [0.0] * n == state.rewards()
    for p in range(n):
        assert len(state.observation_tensor(p)) == game.observation_tensor_size()
        assert len(state.information_state_tensor(p)) == game.information_state_tensor_size()
        assert state.player_return(p) == state.returns()[p]
    assert game.observation_tensor_shape() == [game.observation_tensor_size()]


def pick(state, rng):
    """A random legal action, or a chance outcome by its probability."""
    if state.is_chance_node():
        ids, probs = zip(*state.chance_outcomes())
        return rng.choices(ids, probs)[0]
    return rng.choice(state.legal_actions())


# ------------------------------------------------------------------ PettingZoo
def is_array(x):
    return _compat.np is not None and isinstance(x, _compat.np.ndarray)


def aec_api_play(env, rng, seed, max_steps=None):
    """One game through env as pettingzoo.test.api_test's play_test walks it
    (actions from the action space's masked sample(), or rng if given);
    returns the trace [(agent, action, reward from last())] and the sum of
    every step's rewards per agent."""
    env.reset(seed=seed)
    assert env.agents == env.possible_agents and env.num_agents == len(env.agents) > 0
    assert env.max_num_agents == len(env.possible_agents)
    assert not any(env.terminations.values()) and not any(env.truncations.values())
    assert env.last(observe=False)[0] is None
    assert env.unwrapped is env
    for a in env.possible_agents:
        assert env.observation_space(a) is env.observation_space(a)
        assert env.action_space(a) is env.action_space(a)

    generated, finished, trace = set(), set(), []
    accumulated = {a: 0 for a in env.agents}
    totals = {a: 0 for a in env.agents}
    for agent in env.agent_iter(max_steps if max_steps is not None else 2 ** 63):
        generated.add(agent)
        assert agent not in finished, "agents cannot come back"
        assert isinstance(env.infos[agent], dict)
        obs, reward, terminated, truncated, info = env.last()
        assert isinstance(terminated, bool) and isinstance(truncated, bool)
        assert terminated == env.terminations[agent] and info == env.infos[agent]
        assert env.observation_space(agent).contains(obs), "observation out of its space"
        mask = obs["action_mask"]
        space = env.observation_space(agent)["observation"]
        parts = (obs["observation"].items() if isinstance(obs["observation"], dict)
                 else [(None, obs["observation"])])
        for key, part in parts:
            if is_array(part):
                assert part.dtype == (space if key is None else space[key]).dtype
                assert part.shape == (space if key is None else space[key]).shape
                assert mask.dtype == _compat.np.int8
            else:
                assert isinstance(part, list) and isinstance(mask, bytes)
        assert len(mask) == env.action_space(agent).n
        assert accumulated[agent] == reward, "last() reward is not the accumulated reward"
        if terminated or truncated:
            action = None
            assert not any(mask)
        else:
            legal = [i for i, m in enumerate(mask) if m]
            assert legal == env._game.legal_ids()
            action = (env.action_space(agent).sample(mask) if rng is None
                      else rng.choice(legal))
            assert env.action_space(agent).contains(action) and mask[action] == 1
            for other in env.agents:
                if other != agent:
                    assert not any(env.observe(other)["action_mask"])
        accumulated[agent] = 0
        assert env.step(action) is None
        for a, r in env.rewards.items():
            accumulated[a] += r
            totals[a] += r
        trace.append((agent, action, reward))
        if terminated or truncated:
            finished.add(agent)
        keys = set(env.agents)
        for d in (env.rewards, env._cumulative_rewards, env.terminations, env.truncations,
                  env.infos):
            assert set(d) == keys, "dict keys must equal agents"
        assert env.num_agents == len(env.agents)
        assert keys <= set(env.possible_agents)
        assert set(env.agents) == set(env.possible_agents) - finished
    if not env.agents:
        assert finished == generated == set(env.possible_agents)
    return trace, totals


def flat_observation(observation):
    """The flat tensor of an observation["observation"]: itself, or the
    "vector" then the "board" of the dict layout, as a list."""
    if not isinstance(observation, dict):
        return list(observation)
    board = observation["board"]
    if is_array(board):
        return list(observation["vector"]) + board.reshape(-1).tolist()
    flat = []
    for plane in board:
        for row in plane:
            flat += row
    return list(observation["vector"]) + flat
