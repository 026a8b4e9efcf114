"""Conformance of the OpenSpiel- and PettingZoo-shaped adapters: the checks
those frameworks' own API tests make, in both the numpy and the pure-Python
modes."""
import os
import random
import subprocess
import sys

import pytest

import carcvar
from carcvar import _compat
from carcvar.openspiel import (CarcGame, CHANCE_PLAYER_ID, ChanceMode, Dynamics, Information,
                               RewardModel, Utility, game_type)
from carcvar.observation import (ObservationEncoder, PLANE_TILE, PLANE_EDGE, PLANE_ORDER,
                                 PLANE_OWNER, PLANE_FEATURE, PLANE_JUST_LAID)
from carcvar.pettingzoo import CarcassonneAEC, FRAMEWORK, _Box as PZBox, _Dict as PZDict
from carcvar.spaces import Box, Dict, Discrete

from pkgpath import pythonpath
from conformance import aec_api_play, check_node, flat_observation, is_array, pick

np = pytest.importorskip("numpy") if _compat.np is not None else None
MODES = ["numpy", "pure"] if _compat.np is not None else ["pure"]


@pytest.fixture(params=MODES)
def mode(request, monkeypatch):
    """Run a test with numpy and again as if numpy were missing."""
    if request.param == "pure":
        monkeypatch.setattr(_compat, "np", None)
    return request.param


@pytest.fixture(params=MODES)
def pz_mode(request, monkeypatch):
    """mode for the PettingZoo environment: gymnasium's spaces need numpy, so
    with the real frameworks importable only the numpy mode runs (the
    dependency-free version is checked in a child process without them)."""
    if request.param == "pure":
        if FRAMEWORK:
            pytest.skip("with pettingzoo and gymnasium, numpy is always there")
        monkeypatch.setattr(_compat, "np", None)
    return request.param


def playout(state, rng, every=None):
    """Play to the end, calling every(state) at each node."""
    while True:
        if every:
            every(state)
        if state.is_terminal():
            return state
        state.apply_action(pick(state, rng))


def states_along(seed, players=2, stride=17):
    """(state, rng) at every stride-th node of a seeded random game."""
    rng = random.Random(seed)
    state = CarcGame({"players": players, "seed": seed}).new_initial_state()
    i = 0
    while not state.is_terminal():
        if i % stride == 0:
            yield state.clone(), random.Random(rng.random())
        state.apply_action(pick(state, rng))
        i += 1
    yield state, rng


# ----------------------------------------------------------------- OpenSpiel
def test_game_description():
    game = CarcGame({"players": 3, "seed": 4})
    assert game.get_type() == game_type()
    t = game.get_type()
    assert (t.dynamics, t.chance_mode, t.information, t.reward_model, t.utility) == (
        Dynamics.SEQUENTIAL, ChanceMode.EXPLICIT_STOCHASTIC, Information.PERFECT_INFORMATION,
        RewardModel.TERMINAL, Utility.GENERAL_SUM)
    assert (int(t.dynamics), int(t.chance_mode), int(t.information)) == (1, 1, 1)
    assert t.short_name == "carcassonne" and set(t.parameter_specification) == {
        "players", "seed", "modules", "rules", "window", "returns"}
    assert game.get_parameters() == {"players": 3, "seed": 4, "modules": "", "rules": "",
                                     "window": 31, "returns": "scores"}
    assert game.num_distinct_actions() == 8192 and game.max_chance_outcomes() == 1024
    assert game.num_players() == 3 and game.max_game_length() == 3 * 71
    assert game.min_utility() == 0.0 < game.max_utility()
    enc = game.encoder
    assert game.observation_tensor_size() == enc.header_size + 28 * 31 * 31
    assert game.information_state_tensor_size() == enc.size + 2 * 213
    assert game.information_state_tensor_shape() == [game.information_state_tensor_size()]
    assert game.get_game_info()["max_game_length"] == 213
    assert CarcGame({"window": 5}).observation_tensor_size() == enc.header_size + 28 * 25
    with pytest.raises(ValueError):
        CarcGame({"window": 4})
    with pytest.raises(ValueError):
        CarcGame({"player": 3})


def test_game_strings_and_parameters_without_pyspiel():
    from carcvar import openspiel
    if openspiel.PYSPIEL:
        pytest.skip("pyspiel is installed: load_game is pyspiel's")
    a = openspiel.load_game("carcassonne(players=3,seed=9,modules=base,rules=tiny_city:1)")
    b = CarcGame("players=3,seed=9,modules=base,rules=tiny_city:1")
    c = openspiel.load_game("carcassonne", {"players": 3, "seed": 9, "modules": ["base"],
                                            "rules": {"tiny_city": 1}})
    d = CarcGame({"players": 3, "seed": 9, "modules": "base", "rules": "tiny_city:1"})
    assert a.get_parameters() == b.get_parameters() == c.get_parameters() == d.get_parameters()
    assert a.get_parameters()["rules"] == "tiny_city:1"
    assert str(a) == "carcassonne(players=3,seed=9,modules=base,rules=tiny_city:1)"
    assert openspiel.load_game(str(a)).get_parameters() == a.get_parameters()
    assert CarcGame("carcassonne()").num_players() == 2 == CarcGame().num_players()
    g = a.new_initial_state()._g
    assert g.options()["rules"]["tiny_city"] == 1 and g.num_players == 3
    for bad in ("carcassonne(colour=red)", "chess(players=2)", "carcassonne(players=two)",
                "carcassonne(returns=money)", "carcassonne(rules=tiny_city)"):
        with pytest.raises(ValueError):
            openspiel.load_game(bad)
    with pytest.raises(carcvar.CarcError):
        openspiel.load_game("carcassonne(players=9)")
    win = openspiel.load_game("carcassonne(players=2,returns=win_loss)")
    assert win.get_type().utility == Utility.ZERO_SUM and win.utility_sum() == 0.0
    assert (win.min_utility(), win.max_utility()) == (-1.0, 1.0)
    assert openspiel.load_game("carcassonne(players=3,returns=win_loss)").get_type().utility \
        == Utility.GENERAL_SUM
    assert openspiel.PlayerId.CHANCE == -1 and openspiel.PlayerId.TERMINAL == -4
    assert Dynamics.SEQUENTIAL.name == "SEQUENTIAL" and openspiel.GameType.Dynamics is Dynamics


def test_win_loss_returns():
    game = CarcGame({"players": 3, "seed": 2, "returns": "win_loss"})
    state = playout(game.new_initial_state(), random.Random(2))
    final = state._g.final_scores()
    assert state.returns() == carcvar.observation.win_loss(final)
    assert carcvar.observation.win_loss([5, 9, 9]) == [-1.0, 0.0, 0.0]
    assert carcvar.observation.win_loss([5, 9, 2]) == [-1.0, 1.0, -1.0]
    assert carcvar.observation.win_loss([4, 4]) == [0.0, 0.0]


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3), (5, 4), (6, 5)])
def test_every_node_of_random_games(players, seed):
    game = CarcGame({"players": players, "seed": seed})
    rewards = [0.0] * players

    def check(state):
        check_node(state)
        for p in range(players):
            rewards[p] += state.rewards()[p]
    end = playout(game.new_initial_state(), random.Random(seed), check)
    assert end.returns() == rewards and sum(rewards) > 0     # rewards add up to returns
    assert end.returns() == [float(s) for s in end._g.final_scores()]


def test_determinism_for_a_seed():
    game = CarcGame({"players": 2, "seed": 7})
    a = playout(game.new_initial_state(), random.Random(1))
    b = playout(game.new_initial_state(), random.Random(1))
    assert a.history() == b.history() and a.returns() == b.returns()
    assert a.serialize() == b.serialize()


def test_clones_are_independent():
    for state, rng in states_along(3, players=3):
        if state.is_terminal():
            continue
        before = (state.legal_actions(), state.serialize(), state.current_player(),
                  state.history())
        clone = state.clone()
        clone.apply_action(pick(clone, rng))
        assert (state.legal_actions(), state.serialize(), state.current_player(),
                state.history()) == before
        assert clone.history() == before[3] + clone.history()[-1:]
        after_clone = (clone.legal_actions(), clone.serialize(), clone.current_player())
        state.apply_action(pick(state, rng))      # and the other way round
        assert (clone.legal_actions(), clone.serialize(), clone.current_player()) == after_clone
        child = clone.child(pick(clone, rng))
        assert clone.move_number() + 1 == child.move_number()
        assert (clone.legal_actions(), clone.serialize(), clone.current_player()) == after_clone


def test_serialize_round_trip_by_behaviour():
    game = CarcGame({"players": 2, "seed": 9})
    for state, rng in states_along(9, stride=23):
        restored = game.deserialize_state(state.serialize())
        assert restored.history() == state.history()
        assert restored.full_history() == state.full_history()
        seed = rng.random()
        ra, rb = random.Random(seed), random.Random(seed)
        a, b = state.clone(), restored
        while True:
            assert a.history() == b.history() and a.legal_actions() == b.legal_actions()
            assert a.current_player() == b.current_player() and a.returns() == b.returns()
            if not a.is_chance_node() and not a.is_terminal():
                p = a.current_player()
                assert a.observation_tensor(p) == b.observation_tensor(p)
                assert a.information_state_string(p) == b.information_state_string(p)
            if a.is_terminal():
                break
            a.apply_action(pick(a, ra))
            b.apply_action(pick(b, rb))
        assert b.is_terminal() and a.returns() == b.returns() and sum(a.returns()) > 0


def test_deserialize_refuses_other_games():
    state = CarcGame({"players": 3}).new_initial_state()
    with pytest.raises(ValueError):
        CarcGame({"players": 2}).deserialize_state(state.serialize())
    with pytest.raises(carcvar.CorruptDataError):
        CarcGame({"players": 3}).deserialize_state(state.serialize()[:-2])


def test_undo_action():
    for state, rng in states_along(4, players=2, stride=11):
        if state.is_terminal():
            continue
        action, player = pick(state, rng), state.current_player()
        child = state.child(action)
        child.undo_action(player, action)
        assert child.serialize() == state.serialize()
        assert child.full_history() == state.full_history()
        assert child.legal_actions() == state.legal_actions()
        with pytest.raises(ValueError):
            state.child(action).undo_action(player, action + 1)
    # draws made by the RNG (as a record marks them) are undone exactly too
    g = carcvar.Game(seed=3)
    g.sample_chance()
    g.apply(g.legal_ids()[0])
    game = CarcGame({"seed": 3})
    s = game.deserialize_state(g.serialize().hex())
    assert s.history()[0] == g.board()[1].type
    last = s.full_history()[-1]
    s.undo_action(*last)
    g2 = carcvar.Game(seed=3)
    g2.sample_chance()
    assert s.serialize() == g2.serialize().hex()


def test_observation_tensor_is_player_relative_and_shows_the_board():
    record = ("carcvar-record 1\nplayers 3\n"
              "draw W\nplace 1,0 r0\ndeploy follower road W\n"      # player 0 scores later
              "draw E\nplace 0,-1 r2\n")
    g = carcvar.Game.from_record(record)
    game = CarcGame({"players": 3})
    state = game.deserialize_state(g.serialize().hex())
    enc = game.encoder
    w, r = enc.window, enc.radius
    area = w * w

    def plane(t, p, x, y):
        return t[enc.header_size + p * area + (y + r) * w + x + r]
    s0, s1, s2 = (state.observation_tensor(p) for p in range(3))
    assert s0 != s1 != s2 != s0
    score = enc.offsets["score"][0]
    supply = enc.offsets["supply"][0]
    to_play = enc.offsets["to_play"][0]
    assert s0[supply:supply + 3] == [6.0, 7.0, 7.0]     # own supply first
    assert s1[supply:supply + 3] == [7.0, 7.0, 6.0]
    assert s2[supply:supply + 3] == [7.0, 6.0, 7.0]
    assert s1[to_play:to_play + 3] == [1.0, 0.0, 0.0]   # player 1 is to deploy
    assert s0[to_play:to_play + 3] == [0.0, 1.0, 0.0]
    assert s0[score:score + 6] == [0.0] * 6
    for t in (s0, s1):
        assert plane(t, PLANE_TILE, 0, 0) == plane(t, PLANE_TILE, 1, 0) == 1.0
        assert plane(t, PLANE_TILE, 2, 0) == 0.0
        assert [plane(t, PLANE_ORDER, x, y) for x, y in ((0, 0), (1, 0), (0, -1))] == [1, 2, 3]
        assert plane(t, PLANE_JUST_LAID, 0, -1) == 1.0 and plane(t, PLANE_JUST_LAID, 1, 0) == 0
        # W at 1,0 unrotated: field north, roads east, south and west
        assert [plane(t, PLANE_EDGE + 3 * e + k, 1, 0) for e in range(4) for k in range(3)] \
            == [0, 0, 1, 0, 1, 0, 0, 1, 0, 0, 1, 0]
        assert plane(t, PLANE_FEATURE + 0, 1, 0) == 1.0            # on a road
    assert plane(s0, PLANE_OWNER + 0, 1, 0) == 1.0 and plane(s0, PLANE_OWNER + 2, 1, 0) == 0
    assert plane(s1, PLANE_OWNER + 2, 1, 0) == 1.0 and plane(s1, PLANE_OWNER + 0, 1, 0) == 0
    # a finished game shows its scores, own first
    end = playout(game.new_initial_state(), random.Random(2))
    final = [int(v) for v in end.returns()]
    for p in range(3):
        t = end.observation_tensor(p)
        assert t[score:score + 3] == [float(final[(p + k) % 3]) for k in range(3)]
        assert t[enc.offsets["terminal"][0]] == 1.0
    with pytest.raises(ValueError):
        state.observation_tensor(3)


def test_tiles_outside_the_window_are_counted():
    game = CarcGame({"window": 3})
    end = playout(game.new_initial_state(), random.Random(5))
    t = end.observation_tensor(0)
    inside = sum(t[game.encoder.header_size + PLANE_TILE * 9:][:9])
    assert inside + t[game.encoder.offsets["outside_window"][0]] == len(end._g.board())
    assert t[game.encoder.offsets["outside_window"][0]] > 0
    assert len(t) == game.observation_tensor_size()


def test_nothing_hides_but_the_draw_order():
    # same public history, different seeds: identical observations and
    # information states, and neither shows the seed
    a = CarcGame({"players": 2, "seed": 1}).new_initial_state()
    b = CarcGame({"players": 2, "seed": 2}).new_initial_state()
    rng = random.Random(0)
    for _ in range(40):
        action = pick(a, rng)
        a.apply_action(action)
        b.apply_action(action)
    for p in (0, 1):
        assert a.observation_string(p) == b.observation_string(p)
        assert a.observation_tensor(p) == b.observation_tensor(p)
        assert a.information_state_string(p) == b.information_state_string(p)
        assert a.information_state_tensor(p) == b.information_state_tensor(p)
    info = a.information_state_string(0)
    assert "seed" not in info and info == a.information_state_string(1)
    assert carcvar.Game.from_record(info).legal_ids() == a.legal_actions()  # it is a record
    assert a.serialize() != b.serialize()                                  # the RNG differs


def test_information_state_tensor_holds_the_history():
    state = CarcGame({"players": 2}).new_initial_state()
    rng = random.Random(1)
    for _ in range(7):
        state.apply_action(pick(state, rng))
    t = state.information_state_tensor(0)
    game = state.get_game()
    moves = t[game.observation_tensor_size():]
    assert t[:game.observation_tensor_size()] == state.observation_tensor(0)
    assert len(moves) == 2 * game.max_game_length()
    for i, (who, action) in enumerate(state.full_history()):
        expected = [0.0, action + 1.0] if who == CHANCE_PLAYER_ID else [action + 1.0, 0.0]
        assert moves[2 * i:2 * i + 2] == expected
    assert not any(moves[2 * state.move_number():])


# ---------------------------------------------------------------- PettingZoo
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_pettingzoo_api(players, pz_mode):
    env = CarcassonneAEC(players=players)
    seeds = (players, 100 + players) if pz_mode == "numpy" else (players,)
    for seed in seeds:
        trace, totals = aec_api_play(env, None, seed)
        final = env._game.final_scores()
        assert totals == {a: final[i] for i, a in enumerate(env.possible_agents)}
        assert len(trace) > 100 and [a for a, act, _ in trace[-players:]] == \
            env.possible_agents and all(act is None for _, act, _ in trace[-players:])
    env.close()


def test_pettingzoo_dead_steps_and_errors(pz_mode):
    env = CarcassonneAEC(players=3)
    env.reset(seed=11)
    with pytest.raises(ValueError):
        env.step(None)                               # a live agent must act
    with pytest.raises(carcvar.IllegalActionError):
        env.step(8191)
    assert env._cumulative_rewards[env.agent_selection] == 0
    while not env.terminations[env.agent_selection]:
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(env.action_space(env.agent_selection).sample(mask))
    assert all(env.terminations.values()) and env.agents == env.possible_agents
    state = env._game.serialize()
    with pytest.raises(ValueError):
        env.step(0)                                  # a dead agent steps with None
    assert env.agents == env.possible_agents and env._game.serialize() == state
    left = list(env.agents)
    while env.agents:
        obs, reward, term, trunc, info = env.last()
        assert term and not trunc and not any(obs["action_mask"])
        env.step(None)
        left.pop(0)
        assert env.agents == left and set(env.rewards) == set(left)
        assert all(r == 0 for r in env.rewards.values())
    assert list(env.agent_iter()) == []
    env.close()
    env.close()
    with pytest.raises(RuntimeError):
        env.observe("player_0")


def test_pettingzoo_determinism_and_reset_seeds(pz_mode):
    def run(seed):
        env = CarcassonneAEC(players=3)
        trace, totals = aec_api_play(env, random.Random(seed), seed, max_steps=60)
        observations = env.observe(env.agent_selection)
        return trace, totals, observations
    (t1, r1, o1), (t2, r2, o2) = run(5), run(5)
    assert t1 == t2 and r1 == r2
    assert flat_observation(o1["observation"]) == flat_observation(o2["observation"])
    assert bytes(o1["action_mask"]) == bytes(o2["action_mask"])

    a, b = CarcassonneAEC(), CarcassonneAEC()
    a.reset(seed=4)
    b.reset(seed=4)
    g = carcvar.Game(seed=4)
    g.sample_chance()                                # the environment drew the first tile
    assert a._game.serialize() == b._game.serialize() == g.serialize()
    a.reset()
    b.reset()                                        # continue the seeded sequence
    assert a._game.serialize() == b._game.serialize()
    fresh = set()
    for _ in range(3):
        c = CarcassonneAEC()
        c.reset()                                    # unseeded: a fresh seed each time
        fresh.add(c._game.serialize())
    assert len(fresh) == 3
    # pettingzoo's test_action_flexibility: numpy integers are actions too
    a.reset(seed=0)
    action = a.action_space(a.agent_selection).sample(a.observe(a.agent_selection)
                                                      ["action_mask"])
    if np is not None:
        action = np.int32(action)
    a.step(action)


def test_pettingzoo_spaces_render_state(pz_mode):
    env = CarcassonneAEC(players=2, render_mode="ansi")
    env.reset(seed=1)
    space = env.observation_space("player_0")
    assert isinstance(space, PZDict) and set(space.keys()) == {"observation", "action_mask"}
    pieces = space["observation"]
    assert isinstance(pieces, PZDict) and set(pieces.keys()) == {"board", "vector"}
    enc = env.encoder
    assert pieces["board"].shape == (28, 31, 31) == enc.board_shape
    assert pieces["vector"].shape == (enc.header_size,) == (86,)
    for box in pieces.spaces.values():
        assert str(box.dtype) == "float32"
    assert space["action_mask"] == PZBox(0, 1, (8192,), dtype="int8")
    assert space.contains(space.sample())
    obs = env.observe("player_0")
    assert space.contains(obs) and not space.contains({"observation": obs["observation"]})
    assert is_array(obs["observation"]["board"]) == (pz_mode == "numpy")
    flat = flat_observation(obs["observation"])
    assert flat == enc.tensor(env._game, 0)
    state = env.state()
    assert list(state) == flat and env.state_space.shape == (enc.size,)
    # the flat layout
    env2 = CarcassonneAEC(players=2, observation="flat")
    env2.reset(seed=1)
    assert env2.observation_space("player_0")["observation"].shape == enc.shape
    assert list(env2.observe("player_0")["observation"]) == flat
    assert "player 0" in env.render()
    assert str(env) == "carcassonne_v0" and env.num_agents == env.max_num_agents == 2
    for bad in ({"render_mode": "video"}, {"observation": "planes"}, {"returns": "x"},
                {"max_cycles": 0}):
        with pytest.raises(ValueError):
            CarcassonneAEC(**bad)
    env.close()


def test_spaces(mode):
    d = Discrete(5)
    d.seed(3)
    first = [d.sample() for _ in range(20)]
    d.seed(3)
    assert [d.sample() for _ in range(20)] == first and set(first) <= set(range(5))
    mask = bytes([0, 1, 0, 0, 1])
    if mode == "numpy":
        mask = np.frombuffer(mask, dtype=np.int8)
        assert d.contains(np.int64(4)) and not d.contains(np.float64(1))
    assert {d.sample(mask) for _ in range(50)} == {1, 4}
    assert d.sample(bytes(5)) == 0
    with pytest.raises(ValueError):
        d.sample(bytes(4))
    with pytest.raises(ValueError):
        d.sample(bytes([2, 0, 0, 0, 0]))
    assert 4 in d and 5 not in d and -1 not in d and "1" not in d and d == Discrete(5)
    b = Box(0, [1.0, 2.0], (2,))
    assert b.contains([0.5, 2.0]) and not b.contains([0.5, 2.5]) and not b.contains([0.5])
    assert b.contains(b.sample()) and b != Box(0, 1, (2,))
    m = Box(0, 1, (3,), "int8")
    assert m.contains(m.sample()) and not m.contains([0, 2, 0])
    assert Dict({"a": d}).contains({"a": 2}) and not Dict({"a": d}).contains({"a": 9})


def test_works_without_numpy():
    code = """
import sys
sys.modules["numpy"] = None          # import numpy now fails
import random
from carcvar import _compat
from carcvar.pettingzoo import CarcassonneAEC
from carcvar.openspiel import CarcGame
assert _compat.np is None
env = CarcassonneAEC(players=2)
env.reset(seed=3)
for agent in env.agent_iter():
    obs, reward, term, trunc, info = env.last()
    assert isinstance(obs["observation"]["vector"], list) and isinstance(obs["action_mask"], bytes)
    assert len(obs["observation"]["board"][27][30]) == 31
    env.step(None if term else env.action_space(agent).sample(obs["action_mask"]))
state = CarcGame({"players": 2}).new_initial_state()
assert len(state.observation_tensor(0)) == state.get_game().observation_tensor_size()
print("ok")
"""
    env = dict(os.environ, PYTHONPATH=pythonpath())
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0 and out.stdout == "ok\n", out.stderr


def test_encoder_bounds_hold():
    enc = ObservationEncoder(players=4)
    for state, _ in states_along(8, players=4, stride=5):
        for p in range(4):
            t = enc.tensor(state._g, p)
            assert all(lo <= v <= hi for v, lo, hi in zip(t, enc.low, enc.high))
