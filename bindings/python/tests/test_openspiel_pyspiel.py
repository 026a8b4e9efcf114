"""carcvar.openspiel's pyspiel path, against fake_pyspiel (pyspiel itself
cannot be installed here): registration, load_game with a game string, states
that subclass pyspiel.State and survive its clone and serialization, the
observer, and an MCTS with random rollouts and sampled chance that uses only
the calls OpenSpiel's MCTSBot and RandomRolloutEvaluator make."""
import importlib.util
import math
import random
import sys

import pytest

import fake_pyspiel

np = pytest.importorskip("numpy")


@pytest.fixture(scope="module")
def os_mod():
    """carcvar.openspiel imported with fake_pyspiel as pyspiel (a separate
    module object, so the rest of the tests keep the plain one)."""
    saved = sys.modules.get("pyspiel")
    sys.modules["pyspiel"] = fake_pyspiel
    try:
        spec = importlib.util.find_spec("carcvar.openspiel")
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
    finally:
        if saved is None:
            del sys.modules["pyspiel"]
        else:
            sys.modules["pyspiel"] = saved
    assert mod.PYSPIEL
    return mod


def test_registers_and_loads_by_game_string(os_mod):
    pyspiel = fake_pyspiel
    assert "carcassonne" in pyspiel.registered_names()
    game = pyspiel.load_game("carcassonne(players=3,modules=base,rules=tiny_city:1)")
    assert isinstance(game, pyspiel.Game) and isinstance(game, os_mod.CarcGame)
    assert game.num_players() == 3 and game.num_distinct_actions() == 8192
    assert game.max_chance_outcomes() == 1024 and game.max_game_length() == 3 * 71
    t = game.get_type()
    assert t.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert t.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert t.information == pyspiel.GameType.Information.PERFECT_INFORMATION
    assert t.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert t.utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert game.get_parameters()["modules"] == "base"
    state = game.new_initial_state()
    assert isinstance(state, pyspiel.State) and state.is_chance_node()
    assert state._g.options()["rules"].get("tiny_city") == 1 or "tiny_city" in str(
        state._g.options())
    win = pyspiel.load_game("carcassonne(players=2,returns=win_loss)")
    assert win.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    assert (win.min_utility(), win.max_utility(), win.utility_sum()) == (-1.0, 1.0, 0.0)
    with pytest.raises(RuntimeError):
        pyspiel.load_game("carcassonne(colour=red)")        # not a parameter
    with pytest.raises(RuntimeError):
        pyspiel.load_game("carcassonne(players=two)")       # not an int
    with pytest.raises(Exception):
        pyspiel.load_game("carcassonne(players=9)")         # refused by the library


def random_playout(state, rng):
    while not state.is_terminal():
        if state.is_chance_node():
            ids, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(ids, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_states_through_pyspiel_clone_serialize_and_history(os_mod):
    pyspiel = fake_pyspiel
    game = pyspiel.load_game("carcassonne(players=2)")
    rng = random.Random(3)
    state = game.new_initial_state()
    for _ in range(40):
        if state.is_chance_node():
            ids, probs = zip(*state.chance_outcomes())
            assert math.isclose(sum(probs), 1.0)
            state.apply_action(rng.choices(ids, probs)[0])
        else:
            legal = state.legal_actions()
            assert legal == state.legal_actions(state.current_player())
            assert state.legal_actions(1 - state.current_player()) == []
            a = rng.choice(legal)
            assert state.string_to_action(state.action_to_string(a)) == a
            state.apply_action(a)
    copy = state.clone()                       # new_initial_state + deepcopy of __dict__
    assert copy.history() == state.history() and copy._g is not state._g
    assert copy._g.serialize() == state._g.serialize()
    copy.apply_action(copy.legal_actions()[0])
    assert copy.history() != state.history() and len(state.history()) == 40
    restored = game.deserialize_state(state.serialize())   # pickled __dict__
    assert restored.history() == state.history()
    assert restored._g.serialize() == state._g.serialize()
    assert [(h.player, h.action) for h in state.full_history()] == state._moves
    random_playout(state, rng)
    assert state.is_terminal() and state.legal_actions() == []
    assert state.returns() == [float(s) for s in state._g.final_scores()]
    assert state.rewards() == state.returns() and state.player_return(1) == state.returns()[1]


def test_observer_shapes_and_tensors(os_mod):
    pyspiel = fake_pyspiel
    game = pyspiel.load_game("carcassonne(players=3,window=11)")
    obs = game.make_py_observer()
    assert list(obs.dict) == ["vector", "board"]
    assert obs.dict["board"].shape == (28, 11, 11) and obs.dict["vector"].shape == (86,)
    info = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    assert list(info.dict) == ["vector", "board", "history"]
    assert info.dict["history"].shape == (game.max_game_length(), 2)
    size = 86 + 28 * 121
    assert game.observation_tensor_shape() == [size]
    assert game.information_state_tensor_shape() == [size + 2 * game.max_game_length()]
    state = game.new_initial_state()
    state.apply_action(state.chance_outcomes()[0][0])
    t = state.observation_tensor(1)
    enc = game.encoder
    assert t == [float(x) for x in np.asarray(enc.tensor(state._g, 1), np.float32)]
    obs.set_from(state, 0)
    assert obs.dict["board"][0, 5, 5] == 1.0               # the start tile, at the centre
    it = state.information_state_tensor(0)
    assert it[size:size + 2] == [0.0, state.history()[0] + 1.0]
    assert "player 2 to observe" in state.observation_string(2)
    assert state.information_state_string(0).startswith("carcvar-record")
    assert "seed" not in state.information_state_string(0)
    with pytest.raises(ValueError):
        game.make_py_observer(params={"x": 1})


class _Node:
    __slots__ = ("player", "prior", "visits", "total", "children")

    def __init__(self, player, prior):
        self.player, self.prior, self.visits, self.total, self.children = (
            player, prior, 0, 0.0, {})


def mcts_move(game, state, simulations, rng, uct_c=2.0):
    """A UCT search with random-rollout evaluation, written against the
    pyspiel calls OpenSpiel's MCTSBot and RandomRolloutEvaluator make:
    get_type().dynamics / reward_model, num_players, clone, is_terminal,
    is_chance_node, chance_outcomes (sampled), legal_actions(player),
    current_player, apply_action, returns."""
    t = game.get_type()
    assert t.dynamics == fake_pyspiel.GameType.Dynamics.SEQUENTIAL
    assert t.reward_model == fake_pyspiel.GameType.RewardModel.TERMINAL
    root = _Node(state.current_player(), 1.0)
    scale = max(game.max_utility(), 1.0)
    for _ in range(simulations):
        working, path, node = state.clone(), [], root
        while not working.is_terminal():
            if working.is_chance_node():         # sampled chance: a child per outcome
                ids, probs = zip(*working.chance_outcomes())
                outcome = rng.choices(ids, probs)[0]
                node = node.children.setdefault(outcome, _Node(-1, 0.0))
                working.apply_action(outcome)
                continue
            if not node.children:
                legal = working.legal_actions(working.current_player())
                node.children = {a: _Node(working.current_player(), 1 / len(legal))
                                 for a in legal}
                break
            parent = node
            action, node = max(node.children.items(), key=lambda kv: (
                kv[1].total / kv[1].visits / scale if kv[1].visits else math.inf) +
                uct_c * math.sqrt(math.log(parent.visits + 1) / (kv[1].visits + 1)))
            working.apply_action(action)
            path.append(node)
        rollout = working.clone()
        random_playout(rollout, rng)
        returns = rollout.returns()
        assert len(returns) == game.num_players()
        root.visits += 1
        for n in path:
            n.visits += 1
            n.total += returns[n.player] if n.player >= 0 else 0.0
    return max(root.children.items(), key=lambda kv: kv[1].visits)[0]


def test_mcts_with_random_rollouts(os_mod):
    game = fake_pyspiel.load_game("carcassonne(players=2,returns=win_loss)")
    rng = random.Random(5)
    state = game.new_initial_state()
    moves = 0
    while moves < 3 and not state.is_terminal():
        if state.is_chance_node():
            ids, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(ids, probs)[0])
            continue
        action = mcts_move(game, state, 12, rng)
        assert action in state.legal_actions()
        state.apply_action(action)
        moves += 1
    assert moves == 3 and len(state.history()) >= 4
