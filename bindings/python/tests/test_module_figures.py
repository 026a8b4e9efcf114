"""Figure kinds a module adds reach the observation without a change to the
encoder: a header block and a plane per kind, named by the public enum (or by
number).  Only the base game is built into the library today, so the
figures a module would add are put into the game's figure list here."""
import pytest

import carcvar
from carcvar import game as game_mod
from carcvar.game import FigureView
from carcvar.observation import ObservationEncoder, PLANES


def test_base_game_layout_is_unchanged():
    enc = ObservationEncoder(players=2)
    assert enc.figure_kinds == [] and enc.planes == PLANES == 28
    assert enc.header_size == 86 and enc.size == 26994


def test_a_modules_figures_get_a_block_and_a_plane(monkeypatch):
    real = game_mod.Game.figures
    extra = {"on": False}

    def figures(self):
        out = real(self)
        if extra["on"]:
            out += [FigureView("big", 0, "supply", 0, 0, -1),
                    FigureView("big", 1, "supply", 0, 0, -1),
                    FigureView("builder", 1, "board", 0, 0, 1),
                    FigureView("99", -1, "tile", 0, 0, -1)]    # a kind without a name
        return out
    monkeypatch.setattr(game_mod.Game, "figures", figures)
    extra["on"] = True
    enc = ObservationEncoder(players=2, window=5)
    assert enc.figure_kinds == ["99", "big", "builder"] and enc.planes == PLANES + 3
    assert enc.board_shape == (31, 5, 5)
    start, length = enc.offsets["supply_by_kind"]
    assert length == 6 * 3 and enc.header_size == 86 + 18
    with carcvar.Game(players=2, seed=1) as g:
        t = enc.tensor(g, 1)                                   # as player 1 sees it
        assert t[start + 0 * 3 + 1] == 1.0                     # own big follower (seat 1)
        assert t[start + 1 * 3 + 1] == 1.0                     # player 0's, relative seat 1
        assert t[start + 1 * 3 + 2] == 0.0
        area = 25
        centre = 2 * 5 + 2
        base = enc.header_size
        assert t[base + (PLANES + 2) * area + centre] == 1.0   # the builder on the start tile
        assert t[base + (PLANES + 0) * area + centre] == 1.0   # kind 99 on the tile
        assert all(lo <= v <= hi for v, lo, hi in zip(t, enc.low, enc.high))
        assert len(t) == enc.size


@pytest.mark.skipif("big_top" not in carcvar.module_names(available_only=True),
                    reason="module not built")
def test_revealed_animal_tokens_in_the_observation():
    import os
    rec = os.path.join(os.path.dirname(__file__), "..", "..", "..", "tests", "scenarios",
                       "bt_circus_examples.rec")
    with open(rec) as f:
        g = carcvar.Game.from_record(f.read())
    enc = ObservationEncoder(players=2, modules=["big_top"], window=5)
    start, length = enc.offsets["tokens_out"]
    assert length == 6 and start + 6 == enc.header_size
    assert enc.high[start:start + 6] == [1.0, 4.0, 5.0, 3.0, 2.0, 1.0]
    t = enc.tensor(g, 0)
    assert t[start:start + 6] == [0.0, 0.0, 1.0, 0.0, 0.0, 0.0]     # the seal is out
    assert t[start:start + 6] == enc.tensor(g, 1)[start:start + 6]  # public, same for all
    assert all(lo <= v <= hi for v, lo, hi in zip(t, enc.low, enc.high))
    assert ObservationEncoder(players=2).offsets["tokens_out"][1] == 0
