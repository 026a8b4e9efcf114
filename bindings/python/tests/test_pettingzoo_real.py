"""PettingZoo's own tests and wrappers on the environment.  They run whenever
pettingzoo and gymnasium import (.ci/run puts ../shared/pydeps on the path)."""
import warnings

import pytest

pettingzoo = pytest.importorskip("pettingzoo")
gymnasium = pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")
from pettingzoo.test import api_test, seed_test  # noqa: E402
from pettingzoo.utils import wrappers  # noqa: E402

import carcvar  # noqa: E402
from carcvar import pettingzoo as cpz  # noqa: E402


def quiet(f, *args, **kw):
    """Run f with the frameworks' advice warnings silenced (not errors)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return f(*args, **kw)


def test_the_real_classes_are_used():
    assert cpz.FRAMEWORK
    env = cpz.env(players=2)
    assert isinstance(env, pettingzoo.AECEnv) and isinstance(env.unwrapped, pettingzoo.AECEnv)
    assert isinstance(env, wrappers.OrderEnforcingWrapper)
    space = env.observation_space("player_0")
    assert isinstance(space, gymnasium.spaces.Dict)
    assert isinstance(space["observation"]["board"], gymnasium.spaces.Box)
    assert isinstance(env.action_space("player_0"), gymnasium.spaces.Discrete)
    with pytest.raises(AttributeError):
        env.agent_selection                      # OrderEnforcingWrapper: reset() first


@pytest.mark.parametrize("kw", [
    {"players": 2}, {"players": 3}, {"players": 6},
    {"players": 2, "observation": "flat"}, {"players": 3, "returns": "win_loss"},
    {"players": 2, "max_cycles": 3}, {"players": 2, "illegal_reward": -1},
    {"players": 4, "modules": carcvar.module_names(True)}])   # every module built in
def test_api_test(kw):
    quiet(api_test, cpz.env(**kw), num_cycles=1000)
    quiet(api_test, cpz.raw_env(**{k: v for k, v in kw.items() if k != "illegal_reward"}),
          num_cycles=1000)


def test_seed_test():
    quiet(seed_test, lambda: cpz.env(players=3), num_cycles=300)
    quiet(seed_test, lambda: cpz.env(players=2, observation="flat"), num_cycles=300)


def play(env, seed, pick=None):
    """Play env to the end; the sum of the rewards last() returned, per agent."""
    env.reset(seed=seed)
    totals = {a: 0 for a in env.possible_agents}
    for agent in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        totals[agent] += reward
        if term or trunc:
            env.step(None)
        else:
            env.step(pick(env, obs) if pick else
                     env.action_space(agent).sample(obs["action_mask"]))
    return totals


def test_illegal_move_ends_the_game():
    env = cpz.env(players=3, illegal_reward=-5)
    env.reset(seed=2)
    offender = env.agent_selection
    obs = env.observe(offender)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    quiet(env.step, illegal)
    assert all(env.terminations.values()) and all(env.truncations.values())
    seen = {}
    for agent in env.agent_iter():
        _, reward, term, trunc, _ = env.last()
        assert term and trunc
        seen[agent] = reward
        env.step(None)
    assert seen == {a: (-5 if a == offender else 0) for a in env.possible_agents}
    # without the wrapper an illegal action raises and changes nothing
    raw = cpz.raw_env(players=3)
    raw.reset(seed=2)
    before = raw._game.serialize()
    with pytest.raises(carcvar.IllegalActionError):
        raw.step(illegal)
    assert raw._game.serialize() == before
    # AssertOutOfBoundsWrapper: an id outside the action space
    env = cpz.env(players=2)
    env.reset(seed=1)
    with pytest.raises(AssertionError):
        env.step(8192)


@pytest.mark.parametrize("players,cycles", [(2, 1), (3, 4)])
def test_max_cycles_truncates(players, cycles):
    env = cpz.env(players=players, max_cycles=cycles)
    env.reset(seed=7)
    places = {a: 0 for a in env.possible_agents}
    ended = []
    for agent in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        if term or trunc:
            assert trunc and not term and not obs["action_mask"].any()
            ended.append(agent)
            env.step(None)
            continue
        if env.unwrapped._game.decision.kind == "place":
            places[agent] += 1
        env.step(env.action_space(agent).sample(obs["action_mask"]))
    assert places == {a: cycles for a in env.possible_agents}
    assert sorted(ended) == env.possible_agents


def test_rewards_add_up_to_scores_and_win_loss():
    env = cpz.env(players=3)
    totals = play(env, 11)
    final = env.unwrapped._game.final_scores()
    assert totals == {a: final[i] for i, a in enumerate(env.possible_agents)}
    env = cpz.env(players=3, returns="win_loss")
    totals = play(env, 11)
    final = env.unwrapped._game.final_scores()
    assert list(totals.values()) == carcvar.observation.win_loss(final)
    assert sorted(totals.values()) in ([-1, -1, 1], [-1, 0, 0], [0, 0, 0])


def test_observation_shapes_through_gymnasium():
    env = cpz.env(players=2)
    env.reset(seed=3)
    obs, *_ = env.last()
    space = env.observation_space(env.agent_selection)
    assert obs["observation"]["board"].shape == space["observation"]["board"].shape
    assert obs["observation"]["board"].shape == (28, 31, 31)
    assert obs["observation"]["vector"].shape == (86,)
    assert gymnasium.spaces.flatdim(space["observation"]) == env.unwrapped.encoder.size
    # the start tile is at the centre of plane 0
    assert obs["observation"]["board"][0, 15, 15] == 1.0
    assert space.contains(obs)


def test_state_and_render_tests():
    from pettingzoo.test.render_test import render_test
    from pettingzoo.test.state_test import test_state, test_state_space
    env = cpz.env(players=3)
    quiet(test_state_space, env)
    # test_state samples actions without the mask: the illegal-move wrapper ends the game
    quiet(test_state, cpz.env(players=3, illegal_reward=-1), 50)
    quiet(render_test, lambda render_mode=None: cpz.env(players=2, render_mode=render_mode))
