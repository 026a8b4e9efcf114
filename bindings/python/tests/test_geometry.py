"""Game.figure_position (carc_game_figure_position, doc/geometry.md): where a
figure stands in board millimetres, its footprint, and the refusals."""
import pytest

import carcvar


def test_a_knight_and_a_farmer():
    with carcvar.Game(players=2, seed=1) as g:
        for a in ("draw E", "place 0,1 r1", "deploy follower segment 0"):
            g.apply(a)
        figs = g.figures()
        knight = next(i for i, f in enumerate(figs) if f.where == "board")
        p = g.figure_position(knight)
        # E's city spot (33.5, 22.5) on the tile at (0, 1), whose centre is (0, 45)
        assert (p.x_mm, p.y_mm) == (11.0, 45.0)
        assert (p.width_mm, p.depth_mm, p.height_mm) == (16.0, 9.94, 15.98)
        assert (p.x, p.y, p.level, p.lying, p.unmeasured) == (0, 1, 0, False, False)
        assert isinstance(p, carcvar.FigurePosition)
        for a in ("draw E", "place 0,-1 r2", "deploy follower segment 1"):
            g.apply(a)
        farmer = next(i for i, f in enumerate(g.figures()) if f.where == "board" and f.owner == 1)
        p = g.figure_position(farmer)
        # field spot (22.5, 26.5) turned twice: (22.5, 18.5) on the tile at (0, -1)
        assert (p.x_mm, p.y_mm, p.lying) == (0.0, -49.0, True)
        assert (p.width_mm, p.depth_mm, p.height_mm) == (16.0, 15.98, 9.94)


def test_refusals():
    with carcvar.Game(players=2, seed=1) as g:
        with pytest.raises(carcvar.NotFoundError):
            g.figure_position(0)                              # in supply
        with pytest.raises(carcvar.InvalidArgumentError):
            g.figure_position(len(g.figures()))
        with pytest.raises(carcvar.InvalidArgumentError):
            g.figure_position(-1)
