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


def test_a_follower_in_a_city_quarter():
    # count_am_mayor_castle.rec: player 1's mayor enters the castle quarter,
    # drawn on CO_7 at (0, 0), its north-west quadrant (spot 11 mm, 11 mm)
    text = ("carcvar-record 2\nplayers 2\nseed 1\nmodules base,abbey_mayor,count\n"
            "draw U\nplace 0,2 r0\ndeploy follower road N\ndraw W\nplace 0,3 r2\npass\n"
            "enter castle mayor\ncount castle\n")
    with carcvar.Game.from_record(text) as g:
        figs = g.figures()
        mayor = next(i for i, f in enumerate(figs) if f.kind == "mayor" and f.owner == 1)
        p = g.figure_position(mayor)
        assert (p.x, p.y, p.held, p.lying, p.unmeasured) == (0, 0, True, False, True)
        assert (p.x_mm, p.y_mm) == (-11.5, -11.5)
        count = next(i for i, f in enumerate(figs) if f.kind == "count")
        with pytest.raises(carcvar.NotFoundError):
            g.figure_position(count)                          # the Count has no place
