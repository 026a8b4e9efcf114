"""Loading libcarcvar and declaring every C function's signature.

The library is found, in this order, at:
  1. the path in the environment variable CARCVAR_LIBRARY, if it is set (and
     only there: a path that does not load is an ImportError);
  2. libcarcvar.so.0 next to this package;
  3. libcarcvar.so.0 through the dynamic loader (its SONAME);
  4. whatever ctypes.util.find_library("carcvar") finds.
"""
import ctypes
import ctypes.util
import operator
import os
import threading

from .errors import error_for, CarcError

EXPECTED_MAJOR = 0
SONAME = "libcarcvar.so.0"

c_int = ctypes.c_int
c_int32 = ctypes.c_int32
c_uint32 = ctypes.c_uint32
c_size_t = ctypes.c_size_t
c_char_p = ctypes.c_char_p
c_void_p = ctypes.c_void_p
P = ctypes.POINTER


def checked_int(value, lo, hi, what="value"):
    """An exact Python (or numpy) integer in [lo, hi]; ctypes itself would
    wrap 2**32 + 5 to 5 and truncate 3.7 to 3, silently."""
    try:
        v = operator.index(value)
    except TypeError:
        raise TypeError(f"{what} must be an integer, not {type(value).__name__}") from None
    if not lo <= v <= hi:
        raise OverflowError(f"{what} {v} is outside [{lo}, {hi}]")
    return v


# ctypes turns an exception of from_param into ctypes.ArgumentError; the
# original is kept here so the call can raise it as it is (_Checked).
_arg_error = threading.local()


def _refuse(exc):
    _arg_error.exc = exc
    raise exc


class _Int(ctypes.c_int):
    """An int argument: refused (OverflowError, TypeError) instead of wrapped."""
    @classmethod
    def from_param(cls, value):
        try:
            return ctypes.c_int(checked_int(value, -2**31, 2**31 - 1))
        except (OverflowError, TypeError) as e:
            _refuse(e)


class _Str(ctypes.c_char_p):
    """A NUL-terminated text argument: str or bytes, refused (ValueError) if
    it holds a NUL, which C would take for the end of the text."""
    @classmethod
    def from_param(cls, value):
        if isinstance(value, str):
            value = value.encode()
        if not isinstance(value, (bytes, bytearray)):
            _refuse(TypeError(f"expected str or bytes, not {type(value).__name__}"))
        if b"\0" in value:
            _refuse(ValueError("text with an embedded NUL character"))
        return ctypes.c_char_p(bytes(value))


class Options(ctypes.Structure):
    _fields_ = [("struct_size", c_size_t), ("num_players", c_int32), ("reserved0", c_uint32),
                ("seed", ctypes.c_uint64), ("modules", ctypes.c_uint64),
                ("rules", c_int32 * 64)]


class Action(ctypes.Structure):
    _fields_ = [("kind", c_int32), ("tile", c_int32), ("x", c_int32), ("y", c_int32),
                ("rotation", c_int32), ("figure", c_int32), ("segment", c_int32),
                ("target", c_int32), ("arg", c_int32), ("reserved", c_int32 * 3)]


class Decision(ctypes.Structure):
    _fields_ = [("kind", c_int32), ("player", c_int32), ("tile", c_int32), ("x", c_int32),
                ("y", c_int32), ("flags", c_int32), ("reserved", c_int32 * 2)]


class TileInfo(ctypes.Structure):
    _fields_ = [("type", c_int32), ("module", c_int32), ("count", c_int32),
                ("num_segments", c_int32), ("edges", ctypes.c_char * 5),
                ("reserved", ctypes.c_char * 3)]


class SegmentInfo(ctypes.Structure):
    _fields_ = [("kind", c_int32), ("edges", c_uint32), ("half_edges", c_uint32),
                ("touches", c_uint32), ("pennants", c_int32)]


class PlacedTile(ctypes.Structure):
    _fields_ = [("type", c_int32), ("x", c_int32), ("y", c_int32), ("rotation", c_int32),
                ("order", c_int32), ("reserved", c_int32 * 3)]


class Figure(ctypes.Structure):
    _fields_ = [("kind", c_int32), ("owner", c_int32), ("where", c_int32), ("x", c_int32),
                ("y", c_int32), ("segment", c_int32), ("arg", c_int32), ("state", c_int32)]


class FigurePosition(ctypes.Structure):
    _fields_ = [("x_mm", ctypes.c_double), ("y_mm", ctypes.c_double),
                ("width_mm", ctypes.c_double), ("depth_mm", ctypes.c_double),
                ("height_mm", ctypes.c_double), ("x", c_int32), ("y", c_int32),
                ("level", c_int32), ("flags", c_int32), ("reserved", c_int32 * 4)]


class DragonInfo(ctypes.Structure):
    _fields_ = [("dragon_on_board", c_int32), ("dragon_x", c_int32), ("dragon_y", c_int32),
                ("flying", c_int32), ("steps_left", c_int32), ("mover", c_int32),
                ("num_visited", c_int32), ("visited_x", c_int32 * 7),
                ("visited_y", c_int32 * 7), ("fairy_on_board", c_int32),
                ("fairy_x", c_int32), ("fairy_y", c_int32), ("fairy_follower", c_int32),
                ("reserved", c_int32 * 4)]


class DungeonInfo(ctypes.Structure):
    _fields_ = [("num_pieces", c_int32), ("pieces_of", c_int32 * 6),
                ("dragon_inside", c_int32), ("fairy_piece", c_int32),
                ("num_entrances", c_int32), ("reserved", c_int32 * 4)]


class ThrowRecord(ctypes.Structure):
    _fields_ = [("size", ctypes.c_uint32), ("turn", c_int32), ("this_turn", c_int32),
                ("player", c_int32), ("pig", c_int32), ("from_x", c_int32), ("from_y", c_int32),
                ("x", c_int32), ("y", c_int32), ("segment", c_int32), ("distance", c_int32),
                ("kind", c_int32), ("knock", c_int32), ("outcome", c_int32),
                ("stance_figure", c_int32), ("replacing_figure", c_int32),
                ("num_squashed", c_int32), ("squashed", c_int32 * 8), ("num_path", c_int32),
                ("path_x", c_int32 * 32), ("path_y", c_int32 * 32), ("reserved", c_int32 * 8)]


class ThrowInfo(ctypes.Structure):
    _fields_ = [("x", c_int32), ("y", c_int32), ("segment", c_int32), ("distance", c_int32),
                ("kind", c_int32), ("knock", c_int32), ("high_passed", c_int32),
                ("outcome", c_int32), ("num_squashed", c_int32), ("squashed", c_int32 * 8),
                ("stance_figure", c_int32), ("reserved", c_int32 * 3)]


class CatapultInfo(ctypes.Structure):
    _fields_ = [("in_round", c_int32), ("kind", c_int32), ("fair_x", c_int32),
                ("fair_y", c_int32), ("rounds", c_int32), ("rounds_waiting", c_int32),
                ("num_hurls", c_int32), ("hurler", c_int32 * 6), ("result", c_int32 * 6),
                ("point_known", c_int32 * 6), ("x_mm", ctypes.c_double * 6),
                ("y_mm", ctypes.c_double * 6), ("knocked_out", c_int32 * 6),
                ("reserved", c_int32 * 4)]


class StructureInfo(ctypes.Structure):
    _fields_ = [("kind", c_int32), ("height", c_int32), ("top", c_int32),
                ("reserved", c_int32 * 5)]


class FeatureInfo(ctypes.Structure):
    _fields_ = [("kind", c_int32), ("complete", c_int32), ("tiles", c_int32),
                ("pennants", c_int32), ("open_edges", c_int32), ("points", c_int32),
                ("owners", c_uint32), ("strength", c_int32 * 6), ("reserved", c_int32 * 4)]


class ScoreEvent(ctypes.Structure):
    _fields_ = [("player", c_int32), ("points", c_int32), ("reason", c_int32),
                ("feature", c_int32), ("x", c_int32), ("y", c_int32), ("segment", c_int32),
                ("turn", c_int32)]


class RecordErrorStruct(ctypes.Structure):
    _fields_ = [("line", c_int32), ("code", c_int32), ("message", ctypes.c_char * 160)]


class Setup(ctypes.Structure):
    _fields_ = [("struct_size", c_size_t), ("first_player", c_int32), ("bag_given", c_int32),
                ("bag", ctypes.c_uint8 * 256)]


class BoardView(ctypes.Structure):
    _fields_ = [("struct_size", c_size_t), ("width", c_int32), ("flags", c_int32),
                ("center_x", c_int32), ("center_y", c_int32), ("reserved", c_int32 * 4)]


class ExplanationStruct(ctypes.Structure):
    _fields_ = [("code", c_int32), ("reason", c_int32), ("side", c_int32), ("player", c_int32),
                ("position", c_int32), ("reserved", c_int32 * 3), ("message", ctypes.c_char * 200)]


def _check_status(result, func, args):
    """errcheck for functions returning CARC_OK or a negative code."""
    if result < 0:
        raise error_for(result, f"{func.__name__}: {strerror(result)}")
    return result


def _check_nonneg(result, func, args):
    """errcheck for functions returning a count or id, negative on error."""
    if result < 0:
        raise error_for(result, f"{func.__name__}: {strerror(result)}")
    return result


def _check_player(result, func, args):
    """carc_game_current_player: -1 (chance) and -4 (terminal) are values."""
    if result < 0 and result not in (-1, -4):
        raise error_for(result, f"{func.__name__}: {strerror(result)}")
    return result


G = c_void_p  # carc_game *
BUF = (c_char_p, c_size_t, P(c_size_t))

# name: (argtypes, restype, errcheck) -- every function of carcvar.h
SIGNATURES = {
    "carc_version_number": ([], c_int, None),
    "carc_version_string": ([], c_char_p, None),
    "carc_strerror": ([_Int], c_char_p, None),
    "carc_num_distinct_actions": ([], c_int, None),
    "carc_max_chance_outcomes": ([], c_int, None),
    "carc_max_tiles": ([], c_int, None),
    "carc_options_init": ([P(Options)], None, None),
    "carc_rule_count": ([], c_int, None),
    "carc_rule_name": ([_Int], c_char_p, None),
    "carc_rule_by_name": ([_Str], c_int, None),
    "carc_rule_default": ([_Int], c_int, None),
    "carc_options_set_rule": ([P(Options), _Str, _Int], c_int, _check_status),
    "carc_module_name": ([_Int], c_char_p, None),
    "carc_module_by_name": ([_Str], c_int, None),
    "carc_module_available": ([_Int], c_int, None),
    "carc_tile_type_count": ([], c_int, None),
    "carc_tile_name": ([_Int], c_char_p, None),
    "carc_tile_by_name": ([_Str], c_int, None),
    "carc_tile_info_get": ([_Int, _Int, P(TileInfo)], c_int, _check_status),
    "carc_segment_info_get": ([_Int, _Int, _Int, P(SegmentInfo)], c_int, _check_status),
    "carc_game_new": ([P(G), P(Options)], c_int, _check_status),
    "carc_game_free": ([G], None, None),
    "carc_game_clone": ([P(G), G], c_int, _check_status),
    "carc_game_copy": ([G, G], c_int, _check_status),
    "carc_game_options": ([G, P(Options)], c_int, _check_status),
    "carc_game_num_players": ([G], c_int, _check_nonneg),
    "carc_game_current_player": ([G], c_int, _check_player),
    "carc_game_is_terminal": ([G], c_int, _check_nonneg),
    "carc_game_turn": ([G], c_int, _check_nonneg),
    "carc_game_decision": ([G, P(Decision)], c_int, _check_status),
    "carc_game_decision_feature": ([G, P(c_int), P(c_int), P(c_int)], c_int, None),
    "carc_game_legal_actions": ([G, P(Action), c_size_t, P(c_size_t)], c_int, None),
    "carc_game_legal_ids": ([G, P(c_int32), c_size_t, P(c_size_t)], c_int, None),
    "carc_game_legal_mask": ([G, P(ctypes.c_uint8), c_size_t], c_int, _check_status),
    "carc_game_apply": ([G, P(Action)], c_int, _check_status),
    "carc_game_apply_id": ([G, _Int], c_int, _check_status),
    "carc_action_to_id": ([G, P(Action), P(c_int32)], c_int, _check_status),
    "carc_action_from_id": ([G, _Int, P(Action)], c_int, _check_status),
    "carc_action_to_string": ([G, P(Action)] + list(BUF), c_int, None),
    "carc_action_from_string": ([G, _Str, P(Action)], c_int, _check_status),
    "carc_game_chance_outcomes": ([G, P(c_int32), P(ctypes.c_double), c_size_t, P(c_size_t)],
                                  c_int, None),
    "carc_game_sample_chance": ([G, P(Action)], c_int, _check_status),
    "carc_game_apply_outcome": ([G, P(Action), P(ctypes.c_uint16), c_size_t,
                                 P(ExplanationStruct)], c_int, None),
    "carc_game_tiles_remaining": ([G, _Int], c_int, _check_nonneg),
    "carc_game_tile_count": ([G], c_int, _check_nonneg),
    "carc_game_tile_by_order": ([G, _Int, P(PlacedTile)], c_int, _check_status),
    "carc_game_tile_at": ([G, _Int, _Int, P(PlacedTile)], c_int, None),
    "carc_game_tile_overlay": ([G, _Int, _Int, P(c_int), P(c_int)], c_int, _check_status),
    "carc_game_figures": ([G, P(Figure), c_size_t, P(c_size_t)], c_int, None),
    "carc_game_supply": ([G, _Int, _Int], c_int, _check_nonneg),
    "carc_game_tokens": ([G, _Int, _Int], c_int, _check_nonneg),
    "carc_game_figure_role": ([G, _Int], c_char_p, None),
    "carc_game_figure_position": ([G, _Int, P(FigurePosition)], c_int, _check_status),
    "carc_game_dragon": ([G, P(DragonInfo)], c_int, None),
    "carc_game_dungeon": ([G, P(DungeonInfo)], c_int, None),
    "carc_game_catapult": ([G, P(CatapultInfo)], c_int, None),
    "carc_game_structure": ([G, _Int, _Int, P(StructureInfo)], c_int, None),
    "carc_game_throws": ([G, P(ThrowInfo), c_size_t, P(c_size_t)], c_int, None),
    "carc_game_last_throw": ([G, P(ThrowRecord)], c_int, None),
    "carc_game_board_text": ([G] + list(BUF), c_int, None),
    "carc_game_board_svg": ([G] + list(BUF), c_int, None),
    "carc_game_score": ([G, _Int, P(c_int32)], c_int, _check_status),
    "carc_game_final_scores": ([G, P(c_int32), c_size_t], c_int, _check_status),
    "carc_game_feature": ([G, _Int, _Int, _Int, P(FeatureInfo)], c_int, _check_status),
    "carc_game_score_log": ([G, P(ScoreEvent), c_size_t, P(c_size_t)], c_int, None),
    "carc_game_serialize": ([G, c_char_p, c_size_t, P(c_size_t)], c_int, None),
    "carc_game_snapshot": ([G, c_char_p, c_size_t, P(c_size_t)], c_int, None),
    "carc_game_deserialize": ([P(G), c_char_p, c_size_t], c_int, _check_status),
    "carc_game_write_record": ([G] + list(BUF), c_int, None),
    "carc_game_write_public_record": ([G] + list(BUF), c_int, None),
    "carc_record_replay": ([P(G), c_char_p, c_size_t, P(RecordErrorStruct)], c_int, None),
    "carc_game_explain": ([G, P(Action), P(ExplanationStruct)], c_int, _check_status),
    "carc_game_explain_text": ([G, _Str, P(ExplanationStruct)], c_int, _check_status),
    "carc_options_set_rule_explain": ([P(Options), _Str, _Int, P(ExplanationStruct)], c_int,
                                      None),
    "carc_options_explain": ([P(Options), P(Setup), P(ExplanationStruct)], c_int, _check_status),
    "carc_setup_init": ([P(Setup)], None, None),
    "carc_game_new_setup": ([P(G), P(Options), P(Setup)], c_int, _check_status),
    "carc_game_setup": ([G, P(Setup)], c_int, _check_status),
    "carc_game_set_aside": ([G, P(c_int32), c_size_t, P(c_size_t)], c_int, None),
    "carc_game_held_tiles": ([G, _Int, P(c_int32), c_size_t, P(c_size_t)], c_int, None),
    "carc_game_play_scores": ([G, P(c_int32), c_size_t], c_int, _check_status),
    "carc_game_turn_points": ([G, _Int, P(c_int32), c_size_t], c_int, _check_status),
    "carc_board_view_init": ([P(BoardView)], None, None),
    "carc_game_board_view": ([G, P(BoardView)] + list(BUF), c_int, None),
    "carc_game_hand_view": ([G, P(BoardView)] + list(BUF), c_int, None),
    "carc_record_html": ([c_char_p, c_size_t] + list(BUF) + [P(RecordErrorStruct)], c_int,
                         None),
    "carc_score_reason_name": ([_Int], c_char_p, None),
    "carc_game_play_random": ([G, _Int, P(ctypes.c_uint64)], c_int, _check_nonneg),
    "carc_random_playouts": ([P(Options), _Int, ctypes.c_uint64, P(c_int32), c_size_t,
                              P(ctypes.c_int64)], c_int, _check_status),
    "carc_game_observation": ([G, c_int, c_int, c_void_p, c_size_t, P(c_size_t)], c_int, None),
}


def _candidates():
    here = os.path.join(os.path.dirname(os.path.abspath(__file__)), SONAME)
    if os.path.exists(here):
        yield here
    yield SONAME
    found = ctypes.util.find_library("carcvar")
    if found:
        yield found


def _load():
    env = os.environ.get("CARCVAR_LIBRARY")
    if env:  # an override: a wrong path is an error, never a fall-back
        try:
            return ctypes.CDLL(env)
        except OSError as e:
            raise ImportError(f"cannot load libcarcvar from CARCVAR_LIBRARY={env!r}: {e}"
                              ) from None
    tried = []
    for path in _candidates():
        try:
            return ctypes.CDLL(path)
        except OSError as e:
            tried.append(f"{path}: {e}")
    raise ImportError("cannot load libcarcvar; tried:\n  " + "\n  ".join(tried) +
                      "\nset CARCVAR_LIBRARY to the path of libcarcvar.so.0")


class _Checked:
    """A C function whose refused arguments raise their own exception
    (OverflowError, TypeError, ValueError), not ctypes.ArgumentError."""
    __slots__ = ("f", "__name__")

    def __init__(self, f):
        self.f = f
        self.__name__ = f.__name__

    def __call__(self, *args):
        try:
            return self.f(*args)
        except ctypes.ArgumentError:
            exc = getattr(_arg_error, "exc", None)
            _arg_error.exc = None
            if exc is not None:
                raise exc from None
            raise


class _Lib:
    """The library's functions, each declared (SIGNATURES) and checked."""


_cdll = _load()
lib = _Lib()
for _name, (_args, _res, _check) in SIGNATURES.items():
    try:
        _f = getattr(_cdll, _name)
    except AttributeError as e:
        raise ImportError(f"libcarcvar lacks {_name}: the library is older than "
                          f"these bindings") from e
    _f.argtypes = _args
    _f.restype = _res
    if _check is not None:
        _f.errcheck = _check
    checked = any(a in (_Int, _Str) for a in _args)
    setattr(lib, _name, _Checked(_f) if checked else _f)


class _Raw:
    """Unchecked twins (no errcheck, plain ctypes arguments) of the functions
    a play loop calls at every decision, for game.py's hot paths: the caller
    checks the arguments and the result itself."""


raw = _Raw()
for _name, _args in (("carc_game_legal_ids", [G, P(c_int32), c_size_t, P(c_size_t)]),
                     ("carc_game_apply_id", [G, c_int32]),
                     ("carc_game_current_player", [G]),
                     ("carc_game_is_terminal", [G]),
                     ("carc_game_sample_chance", [G, P(Action)]),
                     ("carc_game_observation", [G, c_int, c_int, c_void_p, c_size_t,
                                                P(c_size_t)])):
    _f = _cdll[_name]          # a new function object: lib's keeps its errcheck
    _f.argtypes = _args
    _f.restype = c_int
    setattr(raw, _name, _f)

_major = lib.carc_version_number() // 10000
if _major != EXPECTED_MAJOR:
    raise ImportError(f"libcarcvar major version {_major}, these bindings need "
                      f"{EXPECTED_MAJOR}")


def strerror(code):
    return lib.carc_strerror(code).decode()


def call_buffer(func, *args, kind="text"):
    """The (buf, cap, needed) protocol: ask the size, then fill.  Returns str
    for text functions (NUL-terminated) or bytes."""
    needed = c_size_t(0)
    rc = func(*args, None, 0, ctypes.byref(needed))
    if rc not in (0, -4):
        raise error_for(rc, f"{func.__name__}: {strerror(rc)}")
    buf = ctypes.create_string_buffer(max(needed.value, 1))
    rc = func(*args, buf, needed.value, ctypes.byref(needed))
    if rc < 0:
        raise error_for(rc, f"{func.__name__}: {strerror(rc)}")
    if kind == "text":
        return buf.value.decode()
    return buf.raw[:needed.value]


def call_array(func, ctype, *args):
    """(array, cap, needed) protocol for arrays of ctype."""
    needed = c_size_t(0)
    rc = func(*args, None, 0, ctypes.byref(needed))
    if rc not in (0, -4):
        raise error_for(rc, f"{func.__name__}: {strerror(rc)}")
    arr = (ctype * max(needed.value, 1))()
    rc = func(*args, arr, needed.value, ctypes.byref(needed))
    if rc < 0:
        raise error_for(rc, f"{func.__name__}: {strerror(rc)}")
    return arr[:needed.value]


__all__ = ["lib", "strerror", "call_buffer", "call_array", "CarcError"]
