"""Game.hand_view (carc_game_hand_view) and Game.board_view's whole names,
centre features and all_columns strips."""
import pytest

import carcvar


def test_hand_view_and_board_view():
    with carcvar.Game(modules="inns_cathedrals,big_top") as g:
        for move in ("draw IC_CcRr_p_i", "place 0,-1 r2", "pass", "draw BT_ffrf_ac"):
            g.apply(move)
        assert g.hand_view() == (
            "      r0                r1                r3\n"
            "       .                 .                 .\n"
            ". BT_ffrf_ac  .   R BT_ffrf_ac  .   . BT_ffrf_ac  R\n"
            " %     R           %     .           %     .\n"
            "legend: edges C city, R road, . field; % acrobat space\n")
        view = g.board_view()
        assert " -1  +3            R[IC_CcRr_p_i]C\n" in view
        assert "; ! pennant; & inn on a road\n" in view
        g.apply("place 1,0 r1")
        with pytest.raises(carcvar.WrongStateError):
            g.hand_view()


def test_board_view_all_columns():
    with carcvar.Game() as g:
        for x in range(1, 7):
            for move in ("draw U", f"place {x},0 r1", "pass"):
                g.apply(move)
        strips = g.board_view(width=40, all_columns=True)
        assert "\nx 0..3, y 0..0\n" in strips and "\nx 4..6, y 0..0\n" in strips
        assert "showing" in g.board_view(width=40)
