"""The Game object: a libcarcvar game handle with Pythonic views."""
import ctypes
import functools
import operator
import struct
import threading
from dataclasses import dataclass
from typing import List, Optional, Tuple

from . import _lib as L
from .errors import (RecordError, error_for, InvalidArgumentError, NotFoundError, CarcError,
                     IllegalActionError, WrongStateError, ParseError, UnsupportedError,
                     UnknownNameError, reason_name)

lib = L.lib
_raw = L.raw

#: legal ids fit in a buffer of the larger id space (player or chance): every
#: id is distinct and below that space's size
_IDS_CAP = 8192
_tls = threading.local()


def _ids_buffer():
    """This thread's buffer for legal_ids: (array, needed, byref(needed)),
    made once."""
    b = getattr(_tls, "ids", None)
    if b is None:
        needed = ctypes.c_size_t()
        b = _tls.ids = ((ctypes.c_int32 * _IDS_CAP)(), needed, ctypes.byref(needed))
    return b


@functools.lru_cache(maxsize=None)
def _draw_text(tile):
    return "draw " + lib.carc_tile_name(tile).decode()

CHANCE = -1
TERMINAL = -4

DECISION_KINDS = {0: "draw", 1: "place", 2: "deploy", 3: "end"}
FEATURE_KINDS = {0: "road", 1: "city", 2: "monastery", 3: "field"}
TOKEN_KINDS = {0: "wine", 1: "grain", 2: "cloth", 3: "abbey", 4: "bridge", 5: "castle",
               6: "tower_floor",
               # Under the Big Top: animal tokens revealed so far, of player -1
               8: "flea", 9: "monkey", 10: "seal", 11: "bear", 12: "tiger", 13: "elephant",
               # The Catapult: one of each kind a player, but the round's kind
               # from the player's hurl to the round's end
               16: "knockout", 17: "seduction", 18: "target", 19: "catch"}


def _kind_id(table, kind):
    """A kind given by its number or by its name in table."""
    if isinstance(kind, str):
        for k, name in table.items():
            if name == kind:
                return k
        raise ValueError(f"unknown kind {kind!r}")
    return kind


FIGURE_KINDS = {0: "follower", 1: "big", 2: "mayor", 3: "wagon", 4: "barn", 5: "builder",
                6: "pig", 7: "ringmaster", 8: "fairy", 9: "dragon", 10: "count", 11: "bigtop"}
WHERE = {0: "supply", 1: "board", 2: "removed", 3: "tile", 4: "attached", 5: "held"}
#: the quarters of the City of Carcassonne by their number (module count)
QUARTERS = ("castle", "blacksmith", "cathedral", "market")
REASONS = {0: "completed", 1: "end of game"}


def score_reason_name(reason):
    """The name of a score reason: "completed", "end of game", or the owning
    module's own name ("most wine"...); str(reason) for a number no module
    of the library names (carc_score_reason_name)."""
    name = lib.carc_score_reason_name(reason)
    return name.decode() if name is not None else str(reason)


def version():
    """Run-time library version string."""
    return lib.carc_version_string().decode()


def num_distinct_actions():
    return lib.carc_num_distinct_actions()


def max_chance_outcomes():
    return lib.carc_max_chance_outcomes()


def tile_names():
    return [lib.carc_tile_name(t).decode() for t in range(lib.carc_tile_type_count())]


def rule_names():
    # rule ids are fixed slots of their modules: unused ids have no name
    names = (lib.carc_rule_name(r) for r in range(lib.carc_rule_count()))
    return [n.decode() for n in names if n is not None]


def module_names(available_only=False):
    out = []
    for m in range(32):
        name = lib.carc_module_name(m)
        if name and (not available_only or lib.carc_module_available(m) == 1):
            out.append(name.decode())
    return out


@dataclass(frozen=True)
class Action:
    """A legal action (or chance outcome) for the decision it was listed for."""
    id: int
    kind: int
    text: str
    tile: int = 0
    x: int = 0
    y: int = 0
    rotation: int = 0
    figure: int = 0
    segment: int = 0
    target: int = 0
    arg: int = 0

    def __str__(self):
        return self.text

    def __repr__(self):
        return f"<Action {self.id} {self.text!r}>"

    def to_c(self):
        a = L.Action()
        for f in ("kind", "tile", "x", "y", "rotation", "figure", "segment", "target", "arg"):
            setattr(a, f, getattr(self, f))
        return a


#: the fields of a drawn tile's Action besides id, kind, text and tile
_DRAW_FIELDS = {"x": 0, "y": 0, "rotation": 0, "figure": 0, "segment": 0, "target": 0, "arg": 0}

_unpack_action = struct.Struct("<9i").unpack_from   # kind ... arg of a carc_action


class _ListedAction(Action):
    """An Action from Game.legal_actions(): its notation is written only when
    asked for (str(), .text, repr, ==), from a copy of the game taken when
    the list was made, so listing stays fast and the text stays right after
    the game moves on.  Equal to, and hashed like, the plain Action."""

    _FIELDS = ("kind", "tile", "x", "y", "rotation", "figure", "segment", "target", "arg")

    def __init__(self, game_copy, a, aid):
        d = self.__dict__           # frozen: set once, here; fields read from a when asked
        d["id"], d["_c"], d["_source"] = aid, a, game_copy

    def __getattr__(self, name):    # kind, tile, x, ... (only called for names not in __dict__)
        if name in self._FIELDS:
            d = self.__dict__
            d.update(zip(self._FIELDS, _unpack_action(d["_c"])))
            return d[name]
        raise AttributeError(name)

    @property
    def text(self):
        cached = self.__dict__.get("_text")
        if cached is None:
            cached = L.call_buffer(lib.carc_action_to_string, self.__dict__["_source"].handle,
                                   ctypes.byref(self.__dict__["_c"]))
            self.__dict__["_text"] = cached
        return cached

    def _plain(self):
        return Action(self.id, self.kind, self.text, self.tile, self.x, self.y, self.rotation,
                      self.figure, self.segment, self.target, self.arg)

    def __eq__(self, other):
        return self._plain() == (other._plain() if isinstance(other, _ListedAction) else other)

    def __hash__(self):
        return hash(self._plain())

    def __reduce__(self):
        return (Action, tuple(getattr(self._plain(), f) for f in Action.__dataclass_fields__))


@dataclass(frozen=True)
class Explanation:
    """Why an action is refused (Game.explain): code 0 if it is legal."""
    code: int
    reason: int
    side: int
    player: int
    position: int
    message: str

    @property
    def reason_name(self):
        return reason_name(self.reason)

    @property
    def legal(self):
        return self.code == 0


@dataclass(frozen=True)
class Decision:
    kind: str
    player: int
    tile: int
    x: int
    y: int


@dataclass(frozen=True)
class ScoreEvent:
    player: int
    points: int
    reason: str
    feature: str
    x: int
    y: int
    segment: int
    turn: int


@dataclass(frozen=True)
class PlacedTile:
    name: str
    type: int
    x: int
    y: int
    rotation: int
    order: int
    #: the board sides ("N", "E", "S", "W") by which a road laid over the tile
    #: leaves (a bridge, carc_game_tile_overlay), "" when it has none
    overlay: str = ""


@dataclass(frozen=True)
class FigureView:
    kind: str
    owner: int
    where: str
    x: int
    y: int
    segment: int
    role: Optional[str] = None  # carc_game_figure_role: "castle", "acrobat" or None
    #: where "held": the module id that holds it (6: the Count, in a quarter of
    #: the City of Carcassonne) and that module's value (the quarter); else None
    held_by: Optional[int] = None
    held_arg: Optional[int] = None


@dataclass(frozen=True)
class Tower:
    """A tower (The Tower) on a placed tile (carc_game_structure): its floors
    (0: an empty foundation) and the index in figures() of the follower on
    its top, or -1 (the tower is open)."""
    height: int
    top: int

    @property
    def closed(self):
        return self.top >= 0


@dataclass(frozen=True)
class FigurePosition:
    """Where a figure stands (carc_game_figure_position, doc/geometry.md): the
    centre of its footprint in board millimetres (cell (x, y)'s centre is at
    (45x, 45y), y grows south), the footprint and height in millimetres, the
    cell, how many figures it stands on (0: on the board), whether it lies (a
    farmer), whether its kind was never measured (the meeple's size then) and
    whether a module holds it there (a follower in a quarter of the City of
    Carcassonne, since 0.9.0)."""
    x_mm: float
    y_mm: float
    width_mm: float
    depth_mm: float
    height_mm: float
    x: int
    y: int
    level: int
    lying: bool
    unmeasured: bool
    held: bool = False


@dataclass(frozen=True)
class Feature:
    kind: str
    complete: bool
    tiles: int
    pennants: int
    open_edges: int
    points: int
    owners: Tuple[int, ...]
    strength: Tuple[int, ...]


#: CARC_MIN_PLAYERS, CARC_MAX_PLAYERS
MIN_PLAYERS, MAX_PLAYERS = 2, 6


@functools.lru_cache(maxsize=None)
def rule_range(name):
    """(lowest, highest) value rule option `name` takes, both included; an
    unknown name raises UnknownNameError.  Read from the library, which
    accepts exactly the values of that range (carc_options_set_rule)."""
    rid = lib.carc_rule_by_name(name) if isinstance(name, str) else -1
    if rid < 0 or lib.carc_rule_name(rid) is None:
        known = rule_names()
        raise UnknownNameError(f"unknown rule {name!r}; the rules are: {', '.join(known)}",
                               name=name, known=known)
    o = L.Options()
    lib.carc_options_init(ctypes.byref(o))

    def accepted(v):
        try:
            lib.carc_options_set_rule(ctypes.byref(o), name, v)
            return True
        except InvalidArgumentError:
            return False

    default = lib.carc_rule_default(rid)
    lo, hi = -2**31, default              # lowest accepted value
    while lo < hi:
        mid = (lo + hi) // 2
        lo, hi = (lo, mid) if accepted(mid) else (mid + 1, hi)
    low = lo
    lo, hi = default, 2**31 - 1           # highest accepted value
    while lo < hi:
        mid = (lo + hi + 1) // 2
        lo, hi = (mid, hi) if accepted(mid) else (lo, mid - 1)
    return low, lo


@functools.lru_cache(maxsize=None)
def _rule_module(name):
    """The module that owns rule option `name` (a module's rule may be off its
    default only while the module is in play): the first module with which
    the library accepts a game with the rule off its default."""
    lo, hi = rule_range(name)
    rid = lib.carc_rule_by_name(name)
    off = lo if lo != lib.carc_rule_default(rid) else hi
    for m in range(32):
        if lib.carc_module_available(m) != 1:
            continue
        o = L.Options()
        lib.carc_options_init(ctypes.byref(o))
        o.modules |= 1 << m
        o.rules[rid] = off
        h = ctypes.c_void_p()
        try:
            lib.carc_game_new(ctypes.byref(h), ctypes.byref(o))
        except CarcError:
            continue
        lib.carc_game_free(h)
        return lib.carc_module_name(m).decode()
    return None


def _module_list(modules):
    """The names in modules: None, one string of comma-separated names
    ("big_top, inns_cathedrals"), or an iterable of names and module ids."""
    if modules is None:
        return []
    if isinstance(modules, bytes):
        modules = modules.decode()
    if isinstance(modules, str):
        return [m.strip() for m in modules.split(",") if m.strip()]
    try:
        return list(modules)
    except TypeError:
        raise TypeError("modules must be names: a list or a string of comma-separated names, "
                        f"not {type(modules).__name__}") from None


def check_options(players=2, modules=(), rules=None):
    """(players, modules, rules) checked and made plain: players an int
    2..6, modules a tuple of module names (from a list of names or ids, or
    one string of comma-separated names), rules a dict {name: int}.  A
    mistake raises an exception that names the value and what is allowed:
    InvalidArgumentError for players or a rule value out of range,
    UnknownNameError for a module or rule name that does not exist,
    UnsupportedError for a module this library was built without (all but
    the last are ValueErrors); TypeError and OverflowError as everywhere."""
    players = L.checked_int(players, -2**31, 2**31 - 1, "players")
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise InvalidArgumentError(f"players must be {MIN_PLAYERS} to {MAX_PLAYERS}, "
                                   f"not {players}")
    names = []
    for m in _module_list(modules):
        if isinstance(m, bytes):
            m = m.decode()
        if isinstance(m, str):
            mid = lib.carc_module_by_name(m) if "\0" not in m else -10
        else:
            try:
                mid = operator.index(m)
            except TypeError:
                raise TypeError(f"a module must be a name, not {type(m).__name__}") from None
            if not 0 <= mid < 32 or lib.carc_module_name(mid) is None:
                mid = -10
        available = module_names(available_only=True)
        if mid < 0:
            raise UnknownNameError(f"unknown module {m!r}; the modules are: "
                                   f"{', '.join(available)}", mid, name=m, known=available)
        name = lib.carc_module_name(mid).decode()
        if lib.carc_module_available(mid) != 1:
            raise UnsupportedError(f"module {name!r} is not built into this library; "
                                   f"the modules are: {', '.join(available)}")
        if name not in names:
            names.append(name)
    if rules is None:
        rules = {}
    if isinstance(rules, (str, bytes)):
        raise TypeError(f"rules must be a dict {{name: value}}, not {type(rules).__name__} "
                        f"(the rules are: {', '.join(rule_names())})")
    checked = {}
    for name, value in dict(rules).items():
        if isinstance(name, bytes):
            name = name.decode()
        if not isinstance(name, str):
            raise TypeError(f"a rule name must be a string, not {type(name).__name__}")
        lo, hi = rule_range(name)
        try:
            v = operator.index(value)
        except TypeError:
            raise TypeError(f"rule {name} must be an integer, not "
                            f"{type(value).__name__}") from None
        if not lo <= v <= hi:
            raise InvalidArgumentError(f"rule {name} must be {lo} to {hi}, not {v}")
        checked[name] = v
        if v != lib.carc_rule_default(lib.carc_rule_by_name(name)):
            owner = _rule_module(name)
            if owner is not None and owner != "base" and owner not in names:
                default = lib.carc_rule_default(lib.carc_rule_by_name(name))
                raise InvalidArgumentError(
                    f"rule {name} belongs to module {owner}, which is not in play: add "
                    f"{owner!r} to modules, or leave the rule at its default {default} "
                    f"(not {v})")
    return players, tuple(names), checked


def _options(players, seed, modules, rules):
    players, modules, rules = check_options(players, modules, rules)
    o = L.Options()
    lib.carc_options_init(ctypes.byref(o))
    o.num_players = players
    o.seed = L.checked_int(seed, 0, 2**64 - 1, "seed")
    for m in modules:
        o.modules |= 1 << lib.carc_module_by_name(m)
    for name, value in rules.items():
        lib.carc_options_set_rule(ctypes.byref(o), name, value)
    return o


class Game:
    """A game.  Close it with close(), or use it as a context manager."""

    def __init__(self, players=2, seed=0, modules=(), rules=None, _handle=None,
                 first_player=0, bag=None):
        """first_player: who plays the first turn; bag: the tiles that may be
        drawn, {tile name or type: copies} (the game ends when it is empty);
        None: every tile of the modules in play (carc_game_new_setup)."""
        self._h = None
        if _handle is not None:
            self._h = _handle
            return
        h = ctypes.c_void_p()
        opts = _options(players, seed, modules, rules or {})
        if first_player == 0 and bag is None:
            lib.carc_game_new(ctypes.byref(h), ctypes.byref(opts))
        else:
            su = L.Setup()
            lib.carc_setup_init(ctypes.byref(su))
            su.first_player = L.checked_int(first_player, -2**31, 2**31 - 1, "first_player")
            if bag is not None:
                su.bag_given = 1
                for tile, count in dict(bag).items():
                    t = (lib.carc_tile_by_name(tile) if isinstance(tile, str)
                         else L.checked_int(tile, 0, 255, "tile"))
                    if t < 0:
                        raise NotFoundError(f"unknown tile {tile!r}", t)
                    su.bag[t] = L.checked_int(count, 0, 255, "count")
            lib.carc_game_new_setup(ctypes.byref(h), ctypes.byref(opts), ctypes.byref(su))
        self._h = h

    # ------------------------------------------------------------ lifetime
    @classmethod
    def _wrap(cls, handle):
        return cls(_handle=handle)

    def close(self):
        h, self._h = getattr(self, "_h", None), None
        if h and lib is not None:
            lib.carc_game_free(h)

    def __del__(self):
        try:
            self.close()
        except Exception:  # interpreter shutdown: the library may be gone
            pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    @property
    def handle(self):
        if not self._h:
            raise InvalidArgumentError("the game is closed")
        return self._h

    # ---------------------------------------------------------- creation
    @classmethod
    def from_record(cls, text):
        data = text.encode() if isinstance(text, str) else bytes(text)
        h = ctypes.c_void_p()
        err = L.RecordErrorStruct()
        rc = lib.carc_record_replay(ctypes.byref(h), data, len(data), ctypes.byref(err))
        if rc < 0:
            raise RecordError(rc, err.line, err.message.decode(errors="replace"))
        return cls._wrap(h)

    def replay_html(self):
        """The replay viewer of this game so far (record_html of its record)."""
        return record_html(self.record())

    @classmethod
    def deserialize(cls, data):
        data = bytes(data)
        h = ctypes.c_void_p()
        lib.carc_game_deserialize(ctypes.byref(h), data, len(data))
        return cls._wrap(h)

    def clone(self):
        h = ctypes.c_void_p()
        lib.carc_game_clone(ctypes.byref(h), self.handle)
        return Game._wrap(h)

    __copy__ = clone

    def __deepcopy__(self, memo):
        return self.clone()

    def copy_from(self, other):
        """Overwrite this game with other (same options) without allocating."""
        lib.carc_game_copy(self.handle, other.handle)

    def __reduce__(self):
        return (Game.deserialize, (self.serialize(),))

    def serialize(self):
        return L.call_buffer(lib.carc_game_serialize, self.handle, kind="bytes")

    def record(self):
        return L.call_buffer(lib.carc_game_write_record, self.handle)

    def public_record(self):
        """The record without the game's secret (its seed and which outcomes
        its RNG chose): what every player may see; it still replays."""
        return L.call_buffer(lib.carc_game_write_public_record, self.handle)

    def options(self):
        o = L.Options()
        lib.carc_game_options(self.handle, ctypes.byref(o))
        mods = [lib.carc_module_name(m).decode() for m in range(32) if (o.modules >> m) & 1]
        rules = {lib.carc_rule_name(r).decode(): o.rules[r] for r in range(lib.carc_rule_count())
                 if lib.carc_rule_name(r)}
        return {"players": o.num_players, "seed": o.seed, "modules": mods, "rules": rules}

    # ------------------------------------------------------------- state
    @property
    def num_players(self):
        return lib.carc_game_num_players(self.handle)

    @property
    def current_player(self):
        """Player to act, -1 (chance: a tile draw) or -4 (the game is over)."""
        r = _raw.carc_game_current_player(self._h or self.handle)
        if r < 0 and r != -1 and r != -4:
            return lib.carc_game_current_player(self.handle)   # raises with the reason
        return r

    @property
    def is_terminal(self):
        r = _raw.carc_game_is_terminal(self._h or self.handle)
        if r < 0:
            return bool(lib.carc_game_is_terminal(self.handle))  # raises
        return bool(r)

    @property
    def turn(self):
        return lib.carc_game_turn(self.handle)

    @property
    def decision(self):
        d = L.Decision()
        lib.carc_game_decision(self.handle, ctypes.byref(d))
        return Decision(DECISION_KINDS.get(d.kind, str(d.kind)), d.player, d.tile, d.x, d.y)

    @property
    def sampled_only(self):
        """True at a chance decision with no list of outcomes
        (CARC_DECISION_F_SAMPLED_ONLY: a catapult hurl): chance_outcomes()
        refuses it; sample_chance() samples it with the game's seeded model,
        apply_outcome() answers it with a host's outcome."""
        d = L.Decision()
        lib.carc_game_decision(self.handle, ctypes.byref(d))
        return d.player == CHANCE and bool(d.flags & 1)

    def decision_feature(self):
        """The feature the pending decision is about, as (x, y, segment): the cell
        of one of its tiles (the decision's x, y) and the feature's segment index
        on that tile's type (carc_game_decision_feature) -- a castle decision's
        small city, so that two castle decisions of one placement can be told
        apart.  None when the decision is about no feature."""
        x, y, seg = ctypes.c_int(), ctypes.c_int(), ctypes.c_int()
        rc = lib.carc_game_decision_feature(self.handle, ctypes.byref(x), ctypes.byref(y),
                                            ctypes.byref(seg))
        if rc == -10:  # CARC_E_NOTFOUND
            return None
        if rc < 0:
            raise error_for(rc)
        return (x.value, y.value, seg.value)

    # ----------------------------------------------------------- actions
    def _action(self, a, aid=None):
        if aid is None:
            i = ctypes.c_int32()
            lib.carc_action_to_id(self.handle, ctypes.byref(a), ctypes.byref(i))
            aid = i.value
        text = L.call_buffer(lib.carc_action_to_string, self.handle, ctypes.byref(a))
        return Action(aid, a.kind, text, a.tile, a.x, a.y, a.rotation, a.figure, a.segment,
                      a.target, a.arg)

    def legal_ids(self):
        """The legal ids of the pending decision, ascending: one call into C
        (carc_game_legal_ids into a buffer of the whole id space, kept per
        thread), not a call for the size and another for the ids."""
        try:
            buf, needed, ref = _tls.ids
        except AttributeError:
            buf, needed, ref = _ids_buffer()
        rc = _raw.carc_game_legal_ids(self._h or self.handle, buf, _IDS_CAP, ref)
        if rc < 0:
            raise error_for(rc, f"carc_game_legal_ids: {L.strerror(rc)}")
        return buf[:needed.value]

    def legal_actions(self):
        """Action objects, ids ascending; their notation is written only when
        asked for (see _ListedAction), so this is about as fast as legal_ids()."""
        ids = self.legal_ids()
        acts = L.call_array(lib.carc_game_legal_actions, L.Action, self.handle)
        snapshot = self.clone()
        return [_ListedAction(snapshot, a, i) for a, i in zip(acts, ids)]

    def legal_mask(self):
        n = max_chance_outcomes() if self.current_player == CHANCE else num_distinct_actions()
        buf = (ctypes.c_uint8 * n)()
        lib.carc_game_legal_mask(self.handle, buf, n)
        return bytes(buf)

    def parse(self, text):
        """The Action a notation string names in the pending decision."""
        a = L.Action()
        lib.carc_action_from_string(self.handle, text, ctypes.byref(a))
        return self._action(a)

    def action_from_id(self, aid):
        a = L.Action()
        lib.carc_action_from_id(self.handle, aid, ctypes.byref(a))
        return self._action(a, L.checked_int(aid, -2**31, 2**31 - 1, "id"))

    def apply(self, action):
        """Apply an Action, an integer id, or a notation string.  A refused
        action raises IllegalActionError, WrongStateError or ParseError whose
        message says why, with .reason_code / .reason_name / .side / .player /
        .position (see explain)."""
        if type(action) is int and -2147483648 <= action <= 2147483647 and self._h \
                and _raw.carc_game_apply_id(self._h, action) >= 0:
            return      # the common case in one call; a refusal is explained below
        try:
            if isinstance(action, Action):
                a = action.to_c()
                lib.carc_game_apply(self.handle, ctypes.byref(a))
            elif isinstance(action, str):
                a = L.Action()
                lib.carc_action_from_string(self.handle, action, ctypes.byref(a))
                lib.carc_game_apply(self.handle, ctypes.byref(a))
            else:
                lib.carc_game_apply_id(self.handle, action)
        except (IllegalActionError, WrongStateError, ParseError) as exc:
            why = self._explain_refusal(action)
            if why is None or why.code >= 0:
                raise
            raise error_for(why.code, why.message, reason_code=why.reason, side=why.side,
                            player=why.player, position=why.position) from exc

    def play_random(self, steps=None, rng=0):
        """Play up to `steps` decisions (None: to the end of the game) at
        random, in C (carc_game_play_random, CARCVAR_0.7): a chance decision
        is sampled with the game's own RNG, a player's decision takes a
        uniformly random legal id from the splitmix64 generator `rng` -- an
        integer seed, or a RandomChoices whose state goes on from call to
        call.  Returns the number of decisions played (0 once the game is
        over)."""
        gen = rng if isinstance(rng, RandomChoices) else RandomChoices(rng)
        n = 2**31 - 1 if steps is None else L.checked_int(steps, 0, 2**31 - 1, "steps")
        return lib.carc_game_play_random(self.handle, n, ctypes.byref(gen._state))

    def explain(self, action):
        """Why an action (an Action, an id or a notation string) would be
        refused now, without changing the game: an Explanation whose .code
        is 0 for a legal action, else the negative code apply would raise,
        with .reason (CARC_REASON_*), .reason_name, .side, .player,
        .position and .message (carc_game_explain)."""
        e = L.ExplanationStruct()
        if isinstance(action, str):
            lib.carc_game_explain_text(self.handle, action, ctypes.byref(e))
        else:
            if isinstance(action, Action):
                a = action.to_c()
            else:
                a = L.Action()
                aid = L.checked_int(action, -2**31, 2**31 - 1, "id")
                try:
                    lib.carc_action_from_id(self.handle, aid, ctypes.byref(a))
                except CarcError:
                    if self.is_terminal:
                        return Explanation(-5, 1, -1, -1, -1, "the game is over: no more actions")
                    return Explanation(-3, 13, -1, -1, -1,
                                       f"no action has id {aid} at this decision")
            lib.carc_game_explain(self.handle, ctypes.byref(a), ctypes.byref(e))
        return Explanation(e.code, e.reason, e.side, e.player, e.position,
                           e.message.decode(errors="replace"))

    def _explain_refusal(self, action):
        try:
            return self.explain(action)
        except (CarcError, TypeError, ValueError, OverflowError):
            return None

    def apply_outcome(self, action, words):
        """Answer the pending sampled-only chance decision with a structured
        outcome (carc_game_apply_outcome): words, a sequence of 1 to 32
        integers 0..65535 whose meaning the module owning the decision
        defines (a resting point in mm, touched figures, per-player
        results); action names the outcome: an Action, a notation string, or
        a module action kind (int), whose fields other than the kind are 0
        or agree with the words.  A refusal raises WrongStateError,
        IllegalActionError or InvalidArgumentError with the library's
        reason (.reason_code, .reason_name, message), the game unchanged."""
        if isinstance(action, Action):
            a = action.to_c()
        elif isinstance(action, str):
            a = L.Action()
            lib.carc_action_from_string(self.handle, action, ctypes.byref(a))
        else:
            a = L.Action()
            a.kind = L.checked_int(action, -2**31, 2**31 - 1, "action kind")
        ws = [L.checked_int(w, 0, 0xFFFF, "word") for w in words]
        buf = (ctypes.c_uint16 * max(len(ws), 1))(*ws)
        why = L.ExplanationStruct()
        rc = lib.carc_game_apply_outcome(self.handle, ctypes.byref(a), buf, len(ws),
                                         ctypes.byref(why))
        if rc < 0:
            raise error_for(rc, why.message.decode(errors="replace") or L.strerror(rc),
                            reason_code=why.reason, side=why.side, player=why.player,
                            position=why.position)

    def _module_chance(self):
        """Whether a module of the game has chance outcomes other than a draw
        (The Catapult's hurls), asked once per game."""
        v = self.__dict__.get("_mchance")
        if v is None:
            o = L.Options()
            lib.carc_game_options(self.handle, ctypes.byref(o))
            m = lib.carc_module_by_name(b"catapult")
            v = self.__dict__["_mchance"] = m >= 0 and bool((o.modules >> m) & 1)
        return v

    def sample_chance(self):
        """Sample the pending chance decision with the game's RNG, apply it,
        and return the outcome applied: a draw ("draw A") or a module's
        outcome (a catapult hurl: "catapult hurl 12.5,-3"), its text that of
        the decision it answered; its id too, or -1 for an outcome with no id
        (a sampled-only decision's, as a hurl's)."""
        if self._module_chance():
            d = L.Decision()
            lib.carc_game_decision(self.handle, ctypes.byref(d))
            if d.kind != 0:  # not a draw: its id and text need the game before
                before = self.clone()
                a = L.Action()
                lib.carc_game_sample_chance(self.handle, ctypes.byref(a))   # raises
                i = ctypes.c_int32(-1)
                try:
                    lib.carc_action_to_id(before.handle, ctypes.byref(a), ctypes.byref(i))
                except CarcError:  # a sampled-only outcome has no id: -1
                    i.value = -1
                return before._action(a, i.value)
        a = L.Action()
        if _raw.carc_game_sample_chance(self._h or self.handle, ctypes.byref(a)) < 0:
            lib.carc_game_sample_chance(self.handle, ctypes.byref(a))   # raises
        out = object.__new__(Action)    # Action(a.tile, a.kind, text, a.tile), made faster
        out.__dict__.update(_DRAW_FIELDS, id=a.tile, kind=a.kind, text=_draw_text(a.tile),
                            tile=a.tile)
        return out

    def chance_outcomes(self) -> List[Tuple[int, float]]:
        needed = ctypes.c_size_t()
        rc = lib.carc_game_chance_outcomes(self.handle, None, None, 0, ctypes.byref(needed))
        if rc not in (0, -4):
            raise error_for(rc)
        n = needed.value
        ids, probs = (ctypes.c_int32 * max(n, 1))(), (ctypes.c_double * max(n, 1))()
        rc = lib.carc_game_chance_outcomes(self.handle, ids, probs, n, ctypes.byref(needed))
        if rc < 0:
            raise error_for(rc)
        return list(zip(ids[:n], probs[:n]))

    def tiles_remaining(self, tile=None):
        t = -1 if tile is None else (lib.carc_tile_by_name(tile.encode())
                                     if isinstance(tile, str) else L.checked_int(tile, -2**31, 2**31 - 1, "tile"))
        return lib.carc_game_tiles_remaining(self.handle, t)

    # ------------------------------------------------------------ scores
    def score(self, player):
        s = ctypes.c_int32()
        lib.carc_game_score(self.handle, player, ctypes.byref(s))
        return s.value

    def scores(self):
        return [self.score(p) for p in range(self.num_players)]

    def setup(self):
        """(first_player, bag): bag is {tile name: copies} or None (the full pile)."""
        su = L.Setup()
        lib.carc_game_setup(self.handle, ctypes.byref(su))
        bag = None
        if su.bag_given:
            bag = {lib.carc_tile_name(t).decode(): su.bag[t]
                   for t in range(lib.carc_tile_type_count()) if su.bag[t]}
        return su.first_player, bag

    def set_aside(self):
        """Names of the tiles set aside so far because they fitted nowhere."""
        types = L.call_array(lib.carc_game_set_aside, ctypes.c_int32, self.handle)
        return [lib.carc_tile_name(t).decode() for t in types]

    def held_tiles(self, player):
        """Names of the tiles out of the draw pile that everyone knows and nobody has
        laid yet (carc_game_held_tiles): player >= 0, the tiles that player holds to
        play on a later turn instead of drawing (a bazaar's); player -1, the tiles
        lying face up that nobody owns yet (a bazaar's auction row, in the order
        revealed).  A held tile is no longer listed once it is the tile in hand (the
        decision's tile).  Empty in games without such a module; ValueError for a
        player below -1 or past the players."""
        types = L.call_array(lib.carc_game_held_tiles, ctypes.c_int32, self.handle,
                             L.checked_int(player, -2**31, 2**31 - 1, "player"))
        return [lib.carc_tile_name(t).decode() for t in types]

    def play_scores(self):
        """Scores from play alone: the live scores without the end-game scoring."""
        buf = (ctypes.c_int32 * 6)()
        lib.carc_game_play_scores(self.handle, buf, 6)
        return list(buf[:self.num_players])

    def turn_points(self, turn):
        """Points each player scored during turn `turn`, end-game scoring left out."""
        buf = (ctypes.c_int32 * 6)()
        lib.carc_game_turn_points(self.handle, L.checked_int(turn, -2**31, 2**31 - 1, "turn"),
                                  buf, 6)
        return list(buf[:self.num_players])

    def board_view(self, width=80, center=None, all_columns=False):
        """The board for a person (carc_game_board_view): coordinates on both
        axes, whole tile names, centre features, the last tile and the legal
        cells marked, a legend, at most `width` columns (a wider board is
        panned, centred on `center`=(x, y) or on the last tile; with
        all_columns, drawn in strips of columns instead)."""
        v = L.BoardView()
        lib.carc_board_view_init(ctypes.byref(v))
        v.width = L.checked_int(width, -2**31, 2**31 - 1, "width")
        if all_columns:
            v.flags |= 16
        if center is not None:
            v.flags |= 8
            v.center_x = L.checked_int(center[0], -2**31, 2**31 - 1, "x")
            v.center_y = L.checked_int(center[1], -2**31, 2**31 - 1, "y")
        return L.call_buffer(lib.carc_game_board_view, self.handle, ctypes.byref(v))

    def hand_view(self, width=80):
        """The tile to place in each rotation that fits somewhere, drawn as
        the board view draws tiles, with a legend (carc_game_hand_view);
        WrongStateError when no placement is pending."""
        v = L.BoardView()
        lib.carc_board_view_init(ctypes.byref(v))
        v.width = L.checked_int(width, -2**31, 2**31 - 1, "width")
        return L.call_buffer(lib.carc_game_hand_view, self.handle, ctypes.byref(v))

    def final_scores(self):
        buf = (ctypes.c_int32 * 6)()
        lib.carc_game_final_scores(self.handle, buf, 6)
        return list(buf[:self.num_players])

    def score_log(self):
        ev = L.call_array(lib.carc_game_score_log, L.ScoreEvent, self.handle)
        return [ScoreEvent(e.player, e.points, score_reason_name(e.reason),
                           FEATURE_KINDS.get(e.feature, str(e.feature)), e.x, e.y, e.segment,
                           e.turn) for e in ev]

    def feature(self, x, y, segment):
        f = L.FeatureInfo()
        lib.carc_game_feature(self.handle, x, y, segment, ctypes.byref(f))
        n = self.num_players
        return Feature(FEATURE_KINDS.get(f.kind, str(f.kind)), bool(f.complete), f.tiles,
                       f.pennants, f.open_edges, f.points,
                       tuple(p for p in range(n) if (f.owners >> p) & 1), tuple(f.strength[:n]))

    # ------------------------------------------------------------- board
    def _placed(self, t):
        sides = ctypes.c_int(0)
        lib.carc_game_tile_overlay(self.handle, t.x, t.y, ctypes.byref(sides), None)
        overlay = "".join(c for i, c in enumerate("NESW") if sides.value >> i & 1)
        return PlacedTile(lib.carc_tile_name(t.type).decode(), t.type, t.x, t.y, t.rotation,
                          t.order, overlay)

    def board(self):
        out = []
        for i in range(lib.carc_game_tile_count(self.handle)):
            t = L.PlacedTile()
            lib.carc_game_tile_by_order(self.handle, i, ctypes.byref(t))
            out.append(self._placed(t))
        return out

    def tile_at(self, x, y):
        t = L.PlacedTile()
        rc = lib.carc_game_tile_at(self.handle, x, y, ctypes.byref(t))
        if rc == -10:
            return None
        if rc < 0:
            raise error_for(rc)
        return self._placed(t)

    def figures(self):
        figs = L.call_array(lib.carc_game_figures, L.Figure, self.handle)
        roles = [lib.carc_game_figure_role(self.handle, i) for i in range(len(figs))]
        return [FigureView(FIGURE_KINDS.get(f.kind, str(f.kind)), f.owner,
                           WHERE.get(f.where, str(f.where)), f.x, f.y, f.segment,
                           r.decode() if r else None,
                           (f.state >> 8) & 0xFF if f.where == 5 else None,
                           f.arg if f.where == 5 else None) for f, r in zip(figs, roles)]

    def quarters(self):
        """The City of Carcassonne (module count): {"count": the quarter the
        Count stands on, or None without the module; "castle", "blacksmith",
        "cathedral", "market": the owners of the followers in that quarter, one
        entry per follower, ascending}.  Read from figures(): followers and the
        Count held by module 6, the quarter their held_arg (doc/rules.md)."""
        out = {"count": None}
        out.update({q: [] for q in QUARTERS})
        for f in self.figures():
            if f.held_by != 6 or not 0 <= f.held_arg < len(QUARTERS):
                continue
            if f.kind == "count":
                out["count"] = QUARTERS[f.held_arg]
            else:
                out[QUARTERS[f.held_arg]].append(f.owner)
        for q in QUARTERS:
            out[q].sort()
        return out

    def figure_position(self, index):
        """The position of figure `index` (an index of figures()) on the board, a
        FigurePosition; a follower in a quarter of the City of Carcassonne where its
        quarter is drawn (held True); NotFoundError for a figure off the board (in
        supply, held with no place, removed), InvalidArgumentError for an index out of
        range."""
        p = L.FigurePosition()
        lib.carc_game_figure_position(self.handle,
                                      L.checked_int(index, -2**31, 2**31 - 1, "index"),
                                      ctypes.byref(p))
        return FigurePosition(p.x_mm, p.y_mm, p.width_mm, p.depth_mm, p.height_mm, p.x, p.y,
                              p.level, bool(p.flags & 1), bool(p.flags & 2),
                              bool(p.flags & 4))

    def dragon(self):
        """The Princess & the Dragon (carc_game_dragon): a dict with "dragon" (its
        cell (x, y), or None before the first volcano), "flight" (None, or a dict
        with "visited": the cells of this flight, its start first, "steps_left"
        and "mover": the player whose step is pending, or None), "fairy" (its
        cell or None) and "fairy_follower" (the index in figures() of the
        follower it stands next to, or None).  None when the game does not play
        princess_dragon."""
        d = L.DragonInfo()
        rc = lib.carc_game_dragon(self.handle, ctypes.byref(d))
        if rc == -10:  # CARC_E_NOTFOUND: no princess_dragon in this game
            return None
        if rc < 0:
            raise error_for(rc)
        flight = None
        if d.flying:
            flight = {"visited": [(d.visited_x[i], d.visited_y[i]) for i in range(d.num_visited)],
                      "steps_left": d.steps_left,
                      "mover": d.mover if d.mover >= 0 else None}
        return {"dragon": (d.dragon_x, d.dragon_y) if d.dragon_on_board else None,
                "flight": flight,
                "fairy": (d.fairy_x, d.fairy_y) if d.fairy_on_board else None,
                "fairy_follower": d.fairy_follower if d.fairy_follower >= 0 else None}

    def dungeon(self):
        """The Dungeon (carc_game_dungeon, CARCVAR_0.7): a dict with "pieces" (the
        indices in figures() of the pieces in the dungeon, ascending), "pieces_of"
        (how many each player has there), "dragon_inside" (bool), "fairy_piece"
        (the index of the piece the fairy stands beside there, or None) and
        "entrances" (how many placed tiles are entrances).  None when the game
        does not play the dungeon."""
        d = L.DungeonInfo()
        rc = lib.carc_game_dungeon(self.handle, ctypes.byref(d))
        if rc == -10:  # CARC_E_NOTFOUND: no dungeon in this game
            return None
        if rc < 0:
            raise error_for(rc)
        pieces = [i for i, f in enumerate(self.figures())
                  if f.held_by == 11 and f.held_arg == 0 and f.owner >= 0]
        return {"pieces": pieces,
                "pieces_of": [d.pieces_of[p] for p in range(self.num_players)],
                "dragon_inside": bool(d.dragon_inside),
                "fairy_piece": d.fairy_piece if d.fairy_piece >= 0 else None,
                "entrances": d.num_entrances}

    def dragon_asleep(self):
        """Pig throwing (B10): True while the dragon naps after eating a thrown
        pig (its state byte, carc_game_figures), False otherwise or without
        the dragon."""
        figs = L.call_array(lib.carc_game_figures, L.Figure, self.handle)
        return any(f.kind == 9 and f.state & 0xFF == 1 for f in figs)

    def throws(self):
        """Pig throwing (carc_game_throws, CARCVAR_0.7): the throws legal now,
        each a dict with "to" (the landing cell), "segment", "distance", "kind"
        ("normal", "long" or "high"), "knock" (the figure a precision throw
        knocks off, or None), "high_passed" (obstacles only a high throw
        passes), "outcome" ("lands", "eaten", "caught", "replaced",
        "big squashed"), "squashed" (indices of figures() sent home) and
        "stance" (the big meeple of the defensive stance, or None).  None when
        the game does not play pig_throwing.  Figures removed from play are
        figures() with where "removed"."""
        needed = ctypes.c_size_t(0)
        rc = lib.carc_game_throws(self.handle, None, 0, ctypes.byref(needed))
        if rc == -10:  # CARC_E_NOTFOUND: no pig_throwing in this game
            return None
        if rc not in (0, -4):
            raise error_for(rc)
        arr = (L.ThrowInfo * max(needed.value, 1))()
        rc = lib.carc_game_throws(self.handle, arr, needed.value, ctypes.byref(needed))
        if rc < 0:
            raise error_for(rc)
        kinds = ("normal", "long", "high")
        outcomes = ("lands", "eaten", "caught", "replaced", "big squashed")
        return [{"to": (t.x, t.y), "segment": t.segment, "distance": t.distance,
                 "kind": kinds[t.kind], "knock": t.knock if t.knock >= 0 else None,
                 "high_passed": t.high_passed, "outcome": outcomes[t.outcome],
                 "squashed": list(t.squashed[:min(t.num_squashed, 8)]),
                 "stance": t.stance_figure if t.stance_figure >= 0 else None}
                for t in arr[:needed.value]]

    def last_throw(self):
        """Pig throwing (carc_game_last_throw, CARCVAR_0.8): the last throw made
        in the game, whichever turn, as a dict with "turn", "this_turn" (made in
        the current turn), "player", "pig" (its index in figures()), "from" and
        "to" (cells), "path" (the cells from the pig's to the landing, a cell
        between may be empty), "segment", "distance", "kind" ("normal", "long"
        or "high"), "knock" (the figure a precision throw knocked off, or
        None), "outcome" ("lands", "eaten", "caught", "replaced", "big
        squashed"), "stance" (the big meeple of the stance, or None),
        "replacing" (the meeple that took its place, or None) and "squashed"
        (figures the landing sent home).  None before the first throw or when
        the game does not play pig_throwing."""
        r = L.ThrowRecord()
        r.size = ctypes.sizeof(r)
        rc = lib.carc_game_last_throw(self.handle, ctypes.byref(r))
        if rc == -10:  # CARC_E_NOTFOUND: no throw yet, or no pig_throwing
            return None
        if rc < 0:
            raise error_for(rc)
        kinds = ("normal", "long", "high")
        outcomes = ("lands", "eaten", "caught", "replaced", "big squashed")
        n = min(r.num_path, 32)
        opt = lambda v: v if v >= 0 else None  # noqa: E731
        return {"turn": r.turn, "this_turn": bool(r.this_turn), "player": r.player,
                "pig": r.pig, "from": (r.from_x, r.from_y), "to": (r.x, r.y),
                "path": list(zip(r.path_x[:n], r.path_y[:n])), "segment": r.segment,
                "distance": r.distance, "kind": kinds[r.kind], "knock": opt(r.knock),
                "outcome": outcomes[r.outcome], "stance": opt(r.stance_figure),
                "replacing": opt(r.replacing_figure),
                "squashed": list(r.squashed[:min(r.num_squashed, 8)])}

    def catapult(self):
        """The Catapult (carc_game_catapult, CARCVAR_0.7): the round running, or
        else the last one, as a dict with "in_round", "kind" (a name of
        TOKEN_KINDS, or None before a kind is chosen), "fair" (the fair tile's
        cell), "rounds" (finished), "waiting" (fair tiles whose round has not
        begun) and "hurls": one dict per hurl made, in order, with "player",
        "result" (1 on the map, 0 off it; a catch: 0 caught, 1 far enough, 2 not
        far enough, 3 touched), "point" ((x_mm, y_mm) or None) and
        "knocked_out".  None when the game does not play catapult."""
        c = L.CatapultInfo()
        rc = lib.carc_game_catapult(self.handle, ctypes.byref(c))
        if rc == -10:  # CARC_E_NOTFOUND: no catapult in this game
            return None
        if rc < 0:
            raise error_for(rc)
        hurls = [{"player": c.hurler[i], "result": c.result[i],
                  "point": (c.x_mm[i], c.y_mm[i]) if c.point_known[i] else None,
                  "knocked_out": c.knocked_out[i]} for i in range(c.num_hurls)]
        return {"in_round": bool(c.in_round),
                "kind": TOKEN_KINDS.get(c.kind) if c.kind >= 0 else None,
                "fair": (c.fair_x, c.fair_y), "rounds": c.rounds,
                "waiting": c.rounds_waiting, "hurls": hurls}

    def tower(self, x, y):
        """The tower on the placed tile at cell (x, y), a Tower, or None when no
        tower foundation lies there (carc_game_structure, CARCVAR_0.6);
        NotFoundError when no tile lies there.  Floors a player still holds:
        tokens(p, "tower_floor")."""
        st = L.StructureInfo()
        rc = lib.carc_game_structure(self.handle, L.checked_int(x, -2**31, 2**31 - 1, "x"),
                                     L.checked_int(y, -2**31, 2**31 - 1, "y"), ctypes.byref(st))
        if rc < 0:
            raise error_for(rc)
        return Tower(st.height, st.top) if st.kind == 1 else None

    def prisoners(self, captor):
        """The figures (indices of figures()) the tower holds as prisoners of
        player `captor`: held by the tower module (CARC_WHERE_HELD, holding
        module 4) with the captor as their arg."""
        figs = L.call_array(lib.carc_game_figures, L.Figure, self.handle)
        return [i for i, f in enumerate(figs)
                if f.where == 5 and (f.state >> 8) & 0xFF == 4 and f.arg == captor]

    def supply(self, player, kind=0):
        """Figures of a kind (an int or a name of FIGURE_KINDS) in a player's supply."""
        return lib.carc_game_supply(self.handle, player, _kind_id(FIGURE_KINDS, kind))

    def tokens(self, player, kind):
        """Tokens of a kind (an int or a name of TOKEN_KINDS: "wine", "abbey", ...) a
        player holds; 0 when no module of the game has that kind.  player -1: the
        tokens that belong to no player (the revealed animals: tokens(-1, "seal"))."""
        return lib.carc_game_tokens(self.handle, player, _kind_id(TOKEN_KINDS, kind))

    def goods(self, player):
        """The goods tokens a player holds (Traders & Builders): {"wine": n, ...}."""
        return {name: self.tokens(player, k) for k, name in TOKEN_KINDS.items()
                if name in ("wine", "grain", "cloth")}

    def board_text(self):
        return L.call_buffer(lib.carc_game_board_text, self.handle)

    def board_svg(self):
        return L.call_buffer(lib.carc_game_board_svg, self.handle)

    def __repr__(self):
        if not self._h:
            return "<carcvar.Game closed>"
        return (f"<carcvar.Game players={self.num_players} turn={self.turn} "
                f"decision={self.decision.kind}>")


class RandomChoices:
    """The generator of carc_game_play_random and random_playouts: splitmix64,
    one step per player decision (the id at index r % n of the n legal ids).
    Pass the same object to successive Game.play_random calls to go on with
    its stream; .state is its state now."""

    def __init__(self, seed=0):
        self._state = ctypes.c_uint64(L.checked_int(seed, 0, 2**64 - 1, "seed"))

    @property
    def state(self):
        return self._state.value

    def __repr__(self):
        return f"<carcvar.RandomChoices state={self.state}>"


def random_playouts(games, players=2, seed=0, modules=(), rules=None, choices=0):
    """Play `games` random games in C, one call for all of them
    (carc_random_playouts, CARCVAR_0.7): game i is Game(players, seed + i,
    modules, rules) played to its end as Game.play_random plays it, with one
    generator seeded with `choices` for the whole batch.  Returns each game's
    final scores, a list per game.  The fast way to many random games from
    Python: no call per decision."""
    o = _options(players, seed, modules, rules or {})
    n = L.checked_int(games, 0, 2**31 - 1, "games")
    buf = (ctypes.c_int32 * max(n * o.num_players, 1))()
    decisions = ctypes.c_int64()
    lib.carc_random_playouts(ctypes.byref(o), n, L.checked_int(choices, 0, 2**64 - 1, "choices"),
                             buf, n * o.num_players, ctypes.byref(decisions))
    p = o.num_players
    return [buf[i * p:(i + 1) * p] for i in range(n)]


def tile_info(tile, rotation=0):
    t = lib.carc_tile_by_name(tile.encode()) if isinstance(tile, str) else L.checked_int(tile, -2**31, 2**31 - 1, "tile")
    if t < 0:
        raise NotFoundError(f"unknown tile {tile!r}", t)
    info = L.TileInfo()
    lib.carc_tile_info_get(t, rotation, ctypes.byref(info))
    segs = []
    for s in range(info.num_segments):
        si = L.SegmentInfo()
        lib.carc_segment_info_get(t, rotation, s, ctypes.byref(si))
        segs.append({"kind": FEATURE_KINDS.get(si.kind, str(si.kind)), "edges": si.edges,
                     "half_edges": si.half_edges, "touches": si.touches,
                     "pennants": si.pennants})
    return {"name": lib.carc_tile_name(t).decode(), "type": t, "count": info.count,
            "module": lib.carc_module_name(info.module).decode(),
            "edges": info.edges.decode(), "segments": segs}


def record_html(record):
    """The replay viewer of a game record (str or bytes): one self-contained
    HTML page, as carc_record_html() writes it -- the board at every step with
    a slider and step buttons, the move list with who scored what, and the
    scores by feature.  Raises RecordError (line and reason) for a record
    that does not replay."""
    data = record.encode() if isinstance(record, str) else bytes(record)
    err = L.RecordErrorStruct()
    needed = ctypes.c_size_t(0)
    rc = lib.carc_record_html(data, len(data), None, 0, ctypes.byref(needed), ctypes.byref(err))
    if rc == 0 or rc == -4:
        buf = ctypes.create_string_buffer(max(needed.value, 1))
        rc = lib.carc_record_html(data, len(data), buf, needed.value, ctypes.byref(needed),
                                  ctypes.byref(err))
        if rc == 0:
            return buf.value.decode()
    if err.code < 0:
        raise RecordError(rc, err.line, err.message.decode(errors="replace"))
    raise error_for(rc, f"carc_record_html: {L.strerror(rc)}")
