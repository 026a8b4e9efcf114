"""The PettingZoo environment's rewards (floats) and its "rgb_array" render
mode (issue 34)."""
import pytest

from carcvar import _compat
from carcvar.pettingzoo import CarcassonneAEC
from carcvar.raster import CITY, FIELD, MONASTERY, PLAYER, ROAD, board_rgb
import carcvar

np = pytest.importorskip("numpy")


def test_rewards_are_floats():
    """Every reward the environment hands out is a Python float, from the
    reset to the last agent's dead step, and they add up to the scores."""
    env = CarcassonneAEC(players=3)
    env.reset(seed=7)
    totals = {a: 0.0 for a in env.agents}
    seen = 0
    for agent in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        assert type(reward) is float, (agent, reward)
        assert all(type(r) is float for r in env.rewards.values())
        assert all(type(r) is float for r in env._cumulative_rewards.values())
        totals[agent] += reward
        seen += 1
        if term or trunc:
            env.step(None)
        else:
            mask = obs["action_mask"]
            env.step(int(np.flatnonzero(mask)[-1]))
    final = env._game.final_scores() if env._game else None
    assert seen > 100
    assert totals == {f"player_{i}": float(s) for i, s in enumerate(final)}
    env2 = CarcassonneAEC(players=2, returns="win_loss")
    env2.reset(seed=1)
    assert all(type(r) is float for r in env2.rewards.values())
    env.close()
    env2.close()


def test_rgb_array_of_the_start_tile():
    """The start tile D (city north, road east to west, field south) as a
    16 x 16 picture."""
    env = CarcassonneAEC(players=2, render_mode="rgb_array")
    env.reset(seed=1)
    img = env.render()
    assert isinstance(img, np.ndarray) and img.dtype == np.uint8 and img.shape == (16, 16, 3)
    assert tuple(img[2, 8]) == CITY           # north
    assert tuple(img[8, 14]) == ROAD          # east
    assert tuple(img[8, 2]) == ROAD           # west
    assert tuple(img[14, 8]) == FIELD         # south
    env.close()


def test_rgb_array_grows_with_the_board_and_shows_figures():
    """A monastery (tile B) placed south of the start tile with a monk: the
    picture is 1 x 2 tiles, a red centre in the lower tile and player 0's
    colour on it."""
    with carcvar.Game(players=2, seed=1) as g:
        g.apply("draw B")
        g.apply("place 0,1 r0")
        g.apply("deploy follower monastery")
        img = board_rgb(g)
        assert img.shape == (32, 16, 3)
        assert tuple(img[16 + 5, 5]) == MONASTERY       # the centre square, beside the monk
        colours = {tuple(p) for p in img.reshape(-1, 3)}
        assert PLAYER[0] in colours and PLAYER[1] not in colours
        big = board_rgb(g, tile_px=40)
        assert big.shape == (80, 40, 3)
        with pytest.raises(ValueError):
            board_rgb(g, tile_px=4)


def test_rgb_array_needs_numpy(monkeypatch):
    env = CarcassonneAEC(players=2, render_mode="rgb_array")
    env.reset(seed=1)
    monkeypatch.setattr(_compat, "np", None)
    with pytest.raises(RuntimeError, match="numpy"):
        env.render()
    env.close()


def test_render_modes_listed():
    assert CarcassonneAEC.metadata["render_modes"] == ["ansi", "human", "rgb_array"]
    with pytest.raises(ValueError):
        CarcassonneAEC(render_mode="video")
