"""Python bindings for libcarcvar, a Carcassonne rules engine (ctypes).

    import carcvar
    with carcvar.Game(players=2, seed=1) as g:
        while not g.is_terminal:
            if g.current_player == carcvar.CHANCE:
                g.sample_chance()
            else:
                g.apply(g.legal_ids()[0])
        print(g.final_scores())
"""
from .errors import (CarcError, InvalidArgumentError, NoMemoryError, IllegalActionError,
                     BufferTooSmallError, WrongStateError, ParseError, CorruptDataError,
                     VersionError, UnsupportedError, NotFoundError, LimitError, RecordError)
from .game import (Game, Action, Decision, ScoreEvent, PlacedTile, FigureView, Feature,
                   CHANCE, TERMINAL, version, num_distinct_actions, max_chance_outcomes,
                   tile_names, rule_names, module_names, tile_info, record_html,
                   FIGURE_KINDS, TOKEN_KINDS)

__version__ = version()
__all__ = [
    "Game", "Action", "Decision", "ScoreEvent", "PlacedTile", "FigureView", "Feature",
    "CHANCE", "TERMINAL", "version", "num_distinct_actions", "max_chance_outcomes",
    "FIGURE_KINDS", "TOKEN_KINDS",
    "tile_names", "rule_names", "module_names", "tile_info", "record_html",
    "CarcError", "InvalidArgumentError", "NoMemoryError", "IllegalActionError",
    "BufferTooSmallError", "WrongStateError", "ParseError", "CorruptDataError",
    "VersionError", "UnsupportedError", "NotFoundError", "LimitError", "RecordError",
]
# refusal reasons (carc_game_explain)
from .game import Explanation  # noqa: E402
from .errors import REFUSAL_REASONS  # noqa: E402
__all__ += ["Explanation", "REFUSAL_REASONS"]
# score reason names (carc_score_reason_name)
from .game import score_reason_name  # noqa: E402
__all__ += ["score_reason_name"]
# figure geometry (carc_game_figure_position)
from .game import FigurePosition  # noqa: E402
__all__ += ["FigurePosition"]
from .game import Tower  # noqa: E402
__all__ += ["Tower"]
# constructor checks (issue 34): names, ranges and the one shared check
from .game import rule_range, check_options, MIN_PLAYERS, MAX_PLAYERS  # noqa: E402
from .errors import UnknownNameError  # noqa: E402
__all__ += ["rule_range", "check_options", "MIN_PLAYERS", "MAX_PLAYERS", "UnknownNameError"]
# the fast path (issue 35): random play in C
from .game import RandomChoices, random_playouts  # noqa: E402
__all__ += ["RandomChoices", "random_playouts"]
