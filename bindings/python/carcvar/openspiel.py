"""The game for OpenSpiel.

When pyspiel imports, CarcGame and CarcState subclass pyspiel.Game and
pyspiel.State the way OpenSpiel's own Python games do (python/games/), and
the game is registered under the short name "carcassonne":

    import pyspiel, carcvar.openspiel
    game = pyspiel.load_game("carcassonne(players=3,modules=inns_cathedrals)")

Without pyspiel the same classes stand alone and mirror pyspiel's API
(carcvar.openspiel.load_game takes the same game strings; the GameType enums
have pyspiel's names and values); doc/python.md lists the differences.

Chance nodes are explicit: current_player() == -1 and chance_outcomes() gives
(id, probability) pairs; ids index the fixed spaces num_distinct_actions() and
max_chance_outcomes().  Every action and every drawn tile is seen by all
players, and the order of the tiles still to be drawn is not part of the
state (draws are chance outcomes), so in OpenSpiel's terms the game is of
perfect information with explicit chance, like backgammon.  Observations and
information states never contain the seed or the RNG state.

A chance decision with no list of outcomes (Game.sampled_only: a catapult
hurl, whose outcome is a resting point) cannot be an OpenSpiel chance node:
the state samples it with the game's seeded model inside the apply_action
that led to it (the outcome then shows in the state), and a game of such a
module (SAMPLED_ONLY_MODULES) has chance mode SAMPLED_STOCHASTIC.

Returns are given at the end (reward model "terminal"): the final scores
(returns=scores) or +1 / 0 / -1 (returns=win_loss, zero-sum for 2 players).
"""
import copy
import enum
import re

from . import _compat
from .errors import CorruptDataError, LimitError
from .game import (Game, CHANCE, TERMINAL, num_distinct_actions, max_chance_outcomes, tile_names,
                   check_options)
from .observation import ObservationEncoder, DEFAULT_WINDOW, win_loss, module_lines
from .spaces import _nest

try:
    import pyspiel
except ImportError:
    pyspiel = None

#: True when the classes below are pyspiel.Game and pyspiel.State subclasses
PYSPIEL = pyspiel is not None
SHORT_NAME = "carcassonne"
_HEADER_WORDS = ("carcvar-record", "players", "seed", "modules", "rule")

#: parameters and their defaults (a pyspiel parameter_specification: int or
#: str values; modules "a+b", rules "name:value+name:value")
PARAMETERS = {"players": 2, "seed": 0, "modules": "", "rules": "", "window": DEFAULT_WINDOW,
              "returns": "scores"}


# --------------------------------------------------------------------- enums
class PlayerId(enum.IntEnum):
    """pyspiel.PlayerId."""
    DEFAULT_PLAYER_ID = 0
    CHANCE = -1
    SIMULTANEOUS = -2
    INVALID = -3
    TERMINAL = -4
    MEAN_FIELD = -5


class Dynamics(enum.IntEnum):
    SIMULTANEOUS = 0
    SEQUENTIAL = 1
    MEAN_FIELD = 2


class ChanceMode(enum.IntEnum):
    DETERMINISTIC = 0
    EXPLICIT_STOCHASTIC = 1
    SAMPLED_STOCHASTIC = 2


class Information(enum.IntEnum):
    ONE_SHOT = 0
    PERFECT_INFORMATION = 1
    IMPERFECT_INFORMATION = 2


class Utility(enum.IntEnum):
    ZERO_SUM = 0
    CONSTANT_SUM = 1
    GENERAL_SUM = 2
    IDENTICAL = 3


class RewardModel(enum.IntEnum):
    REWARDS = 0
    TERMINAL = 1


if PYSPIEL:   # the real enums, so values compare equal to OpenSpiel's own
    PlayerId = pyspiel.PlayerId  # noqa: F811
    Dynamics = pyspiel.GameType.Dynamics  # noqa: F811
    ChanceMode = pyspiel.GameType.ChanceMode  # noqa: F811
    Information = pyspiel.GameType.Information  # noqa: F811
    Utility = pyspiel.GameType.Utility  # noqa: F811
    RewardModel = pyspiel.GameType.RewardModel  # noqa: F811

CHANCE_PLAYER_ID = CHANCE
TERMINAL_PLAYER_ID = TERMINAL


class _GameTypeFields:
    """pyspiel.GameType without pyspiel: the same fields, enums nested as in
    pyspiel (GameType.Dynamics.SEQUENTIAL)."""
    Dynamics, ChanceMode, Information, Utility, RewardModel = (
        Dynamics, ChanceMode, Information, Utility, RewardModel)
    _FIELDS = ("short_name", "long_name", "dynamics", "chance_mode", "information", "utility",
               "reward_model", "max_num_players", "min_num_players",
               "provides_information_state_string", "provides_information_state_tensor",
               "provides_observation_string", "provides_observation_tensor",
               "parameter_specification")

    def __init__(self, **fields):
        missing = set(self._FIELDS) - set(fields)
        extra = set(fields) - set(self._FIELDS)
        if missing or extra:
            raise TypeError(f"GameType fields: missing {sorted(missing)}, unknown {sorted(extra)}")
        self.__dict__.update(fields)

    def __eq__(self, other):
        return all(getattr(self, f) == getattr(other, f, None) for f in self._FIELDS)

    def __repr__(self):
        return "GameType(" + ", ".join(f"{f}={getattr(self, f)!r}" for f in self._FIELDS) + ")"


GameType = pyspiel.GameType if PYSPIEL else _GameTypeFields


#: modules with chance decisions that have no list of outcomes (sampled
#: only: Game.sampled_only), which the adapter samples inside apply_action
SAMPLED_ONLY_MODULES = ("catapult",)


def game_type(utility=Utility.GENERAL_SUM, sampled=False):
    """The game's GameType (utility: zero-sum for win/loss returns with two
    players, general-sum otherwise; sampled: the game plays a module of
    SAMPLED_ONLY_MODULES, whose chance decisions are sampled inside
    apply_action -- chance mode SAMPLED_STOCHASTIC --, the tile draws staying
    explicit chance nodes)."""
    return GameType(
        short_name=SHORT_NAME, long_name="Carcassonne (libcarcvar)",
        dynamics=Dynamics.SEQUENTIAL,
        chance_mode=ChanceMode.SAMPLED_STOCHASTIC if sampled else ChanceMode.EXPLICIT_STOCHASTIC,
        information=Information.PERFECT_INFORMATION, utility=utility,
        reward_model=RewardModel.TERMINAL, max_num_players=6, min_num_players=2,
        provides_information_state_string=True, provides_information_state_tensor=True,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification=dict(PARAMETERS))


# ---------------------------------------------------------------- parameters
def _split(text):
    """The words of "a+b" (or "a b"; in a parameter dict also "a,b")."""
    return [p for p in re.split(r"[+, ]", text) if p]


def parse_game_string(text):
    """("carcassonne", {params}) of "carcassonne(players=3,modules=a+b)";
    "players=3,seed=1" (no name) is accepted too.  Values are converted as
    OpenSpiel does: int, float, true/false, else a string."""
    text = text.strip()
    m = re.fullmatch(r"(\w+)\((.*)\)", text, re.S)
    name, body = (m.group(1), m.group(2)) if m else (
        (SHORT_NAME, text) if "=" in text or not text else (text, ""))
    params = {}
    for item in filter(None, (s.strip() for s in body.split(","))):
        if "=" not in item:
            raise ValueError(f"game parameter {item!r} is not name=value (in a game string "
                             f"join modules and rules with +: modules=big_top+inns_cathedrals)")
        key, value = (s.strip() for s in item.split("=", 1))
        if re.fullmatch(r"-?\d+", value):
            params[key] = int(value)
        elif value in ("true", "false", "True", "False"):
            params[key] = value.lower() == "true"
        else:
            try:
                params[key] = float(value)
            except ValueError:
                params[key] = value
    return name, params


def normalize_parameters(params=None):
    """The canonical parameters (PARAMETERS' keys and types) of a dict, a game
    string, or None.  modules may be a list or "a+b"; rules a dict or
    "name:value+name:value"."""
    if params is None:
        params = {}
    elif isinstance(params, str):
        name, params = parse_game_string(params)
        if name != SHORT_NAME:
            raise ValueError(f"not a {SHORT_NAME} game string: {name!r}")
    params = dict(params)
    unknown = set(params) - set(PARAMETERS)
    if unknown:
        raise ValueError(f"unknown parameters {sorted(unknown)}; known: {sorted(PARAMETERS)}")
    out = dict(PARAMETERS)
    out.update(params)
    modules = out["modules"]
    if not isinstance(modules, str):
        modules = list(modules)             # names or module ids, checked below
    rules = out["rules"]
    if not isinstance(rules, str):
        rules = "+".join(f"{k}:{int(v)}" for k, v in dict(rules).items())
    for word in _split(rules):
        if not re.fullmatch(r"[\w-]+:-?\d+", word):
            raise ValueError(f"rule {word!r} is not name:value")
    for key in ("players", "seed", "window"):
        if isinstance(out[key], bool) or not isinstance(out[key], int):
            if isinstance(out[key], float) and out[key] == int(out[key]):
                out[key] = int(out[key])
            else:
                raise ValueError(f"{key} must be an integer, not {out[key]!r}")
    if out["returns"] not in ("scores", "win_loss"):
        raise ValueError(f"returns must be scores or win_loss, not {out['returns']!r}")
    # the same checks and messages as carcvar.Game (players 2..6, module and
    # rule names that exist, rule values in their range)
    _, names, _ = check_options(out["players"],
                                _split(modules) if isinstance(modules, str) else modules,
                                {k: int(v) for k, v in (w.split(":") for w in _split(rules))})
    out["modules"], out["rules"] = "+".join(names), "+".join(_split(rules))
    return out


def _game_options(p):
    modules = tuple(_split(p["modules"]))
    rules = {k: int(v) for k, v in (w.split(":") for w in _split(p["rules"]))}
    return p["players"], p["seed"], modules, rules


# ------------------------------------------------------------ shared helpers
def _record_lines(record):
    """(header lines, body lines) of a game record, comments and blanks dropped."""
    header, body = [], []
    for line in record.splitlines():
        text = line.split("#", 1)[0].strip()
        if not text:
            continue
        if not body and text.split()[0] in _HEADER_WORDS:
            header.append(text)
        else:
            body.append(text)
    return header, body


def _replay(record, stop=None):
    """Replay the first `stop` actions of a record (all if None): the new Game
    and its history as (player, id) pairs.  Draws the record marks `rng` are
    drawn again from the RNG, so the replayed game is exact."""
    header, body = _record_lines(record)
    game = Game.from_record("\n".join(header) + "\n")
    history = []
    for text in body:
        if text.startswith("outcome "):   # a sampled-only chance decision
            if not text.endswith(" rng"):
                raise CorruptDataError("a host-supplied outcome (" + text + ") cannot be "
                                       "replayed here: the adapter samples every outcome")
            continue                      # sampled again after the action before it
        if stop is not None and len(history) >= stop:
            break
        player = game.current_player
        if text.startswith("draw ") and text.endswith(" rng"):
            drawn = game.sample_chance().id
            if tile_names()[drawn] != text.split()[1]:
                raise CorruptDataError("the record's RNG draws do not replay")
        else:
            drawn = game.parse(text).id
            game.apply(drawn)
        _sample_hidden(game)
        history.append((player, drawn))
    return game, history


def _sample_hidden(game):
    """Sample the pending sampled-only chance decisions (a catapult hurl: no
    list of outcomes, so no OpenSpiel chance node) with the game's seeded
    model, as part of the action before them."""
    while game.sampled_only:
        game.sample_chance()


# ------------------------------------------------------------------ observer
class CarcObserver:
    """OpenSpiel's Python observer interface (make_py_observer): a flat float
    tensor and named views of it, in this order:

      vector   (header_size,)              the header of carcvar.observation
      board    (planes, window, window)    the planes of carcvar.observation
      history  (max_game_length, 2)        only with perfect recall (the
                                           information state): per move so far
                                           (id + 1, 0) for a player action,
                                           (0, id + 1) for a drawn tile

    Without numpy, tensor is a list and the views are nested lists rebuilt by
    set_from()."""

    def __init__(self, game, iig_obs_type=None, params=None):
        if isinstance(iig_obs_type, dict):       # pyspiel calls make_py_observer(params)
            iig_obs_type, params = None, iig_obs_type
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        self.perfect_recall = bool(getattr(iig_obs_type, "perfect_recall", False))
        self._encoder = game.encoder
        self._max_length = game.max_game_length()
        enc = self._encoder
        self.pieces = [("vector", enc.header_size, enc.vector_shape),
                       ("board", enc.size - enc.header_size, enc.board_shape)]
        if self.perfect_recall:
            self.pieces.append(("history", 2 * self._max_length, (self._max_length, 2)))
        self.size = sum(n for _, n, _ in self.pieces)
        np = _compat.np
        self.tensor = np.zeros(self.size, np.float32) if np is not None else [0.0] * self.size
        self._views()

    def _views(self):
        np = _compat.np
        self.dict, start = {}, 0
        for name, n, shape in self.pieces:
            part = self.tensor[start:start + n]
            self.dict[name] = part.reshape(shape) if np is not None else _nest(part, shape)
            start += n

    def values(self, state, player):
        """The tensor as a list of floats (what set_from writes)."""
        values = self._encoder.tensor(state._g, _check_player(state, player))
        if self.perfect_recall:
            values += self._history(state)
        return values

    def _history(self, state):
        """The history piece: (move + 1) of each player move and draw."""
        if len(state._moves) > self._max_length:
            raise LimitError(f"{len(state._moves)} moves: more than max_game_length() "
                             f"{self._max_length}, the history piece's size")
        moves = [0.0] * (2 * self._max_length)
        for i, (who, action) in enumerate(state._moves):
            moves[2 * i + (1 if who == CHANCE else 0)] = float(action + 1)
        return moves

    def set_from(self, state, player):
        """Fill tensor (and dict) with state as player sees it."""
        if _compat.np is not None and hasattr(self.tensor, "dtype"):
            # in place: the encoder writes its part straight into the tensor
            enc = self._encoder
            history = self._history(state) if self.perfect_recall else None
            enc.encode_into(state._g, _check_player(state, player), self.tensor[:enc.size])
            if history is not None:
                self.tensor[enc.size:] = history
        else:
            values = self.values(state, player)
            self.tensor = values
            self._views()

    def string_from(self, state, player):
        """The observation string, or with perfect recall the information
        state string (the game's record without its seed)."""
        player = _check_player(state, player)
        g = state._g
        if self.perfect_recall:
            header, body = _record_lines(g.record())
            header = [line for line in header if not line.startswith("seed ")]
            body = [line[:-len(" rng")] if line.endswith(" rng") else line for line in body]
            return "\n".join(header + body) + "\n"
        names = tile_names()
        remaining = {names[t]: g.tiles_remaining(t) for t in range(len(names))}
        lines = [f"player {player} to observe; current player {g.current_player}; "
                 f"turn {g.turn}", g.board_text().rstrip(),
                 "tiles left: " + " ".join(f"{k}{v}" for k, v in sorted(remaining.items())
                                           if v)]
        # tiles out of the pile that everyone knows (a bazaar's), when there are any
        held = [f"player {p} {' '.join(g.held_tiles(p))}" for p in range(g.num_players)
                if g.held_tiles(p)]
        if held:
            lines.append("holds: " + "; ".join(held))
        if g.held_tiles(-1):
            lines.append("face up: " + " ".join(g.held_tiles(-1)))
        lines += module_lines(g)      # the dragon, the fairy, towers, the Count
        d = g.decision
        if d.kind in ("place", "deploy"):
            lines.append(f"tile in play: {names[d.tile]}")
        return "\n".join(lines)


class _InfoStateType:
    perfect_recall = True


def _check_player(state, player):
    n = state._g.num_players
    if player is None:
        player = state._g.current_player
    if not 0 <= player < n:
        raise ValueError(f"player {player} is not a seat of this game")
    return int(player)


# ---------------------------------------------------------------------- game
class _GameLogic:
    """What CarcGame adds to pyspiel.Game (or to _PureGame)."""

    def _prepare(self, params):
        """(GameType, GameInfo fields, parameters, attributes to set after the
        base class's __init__)."""
        p = normalize_parameters(params)
        players, seed, modules, rules = _game_options(p)
        encoder = ObservationEncoder(players, modules, rules, p["window"])
        with Game(players, seed, modules, rules) as g:
            options = g.options()
        win = p["returns"] == "win_loss"
        utility = Utility.ZERO_SUM if win and players == 2 else Utility.GENERAL_SUM
        info = dict(num_distinct_actions=num_distinct_actions(),
                    max_chance_outcomes=max_chance_outcomes(), num_players=players,
                    min_utility=-1.0 if win else 0.0,
                    max_utility=1.0 if win else float(encoder.max_score),
                    utility_sum=0.0 if utility == Utility.ZERO_SUM else None,
                    max_game_length=encoder.max_game_length)
        attrs = {"_p": p, "encoder": encoder, "_options": options}
        sampled = any(m in SAMPLED_ONLY_MODULES for m in options["modules"])
        return game_type(utility, sampled), info, dict(p), attrs

    def _new_handle(self):
        return Game(*_game_options(self._p))

    def new_initial_state(self):
        return CarcState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        return CarcObserver(self, iig_obs_type, params)

    def __str__(self):
        p, d = self._p, PARAMETERS
        args = ",".join(f"{k}={p[k]}" for k in d if p[k] != d[k] or k == "players")
        return f"{SHORT_NAME}({args})"


class _PureGame:
    """pyspiel.Game's own part, for when pyspiel is not installed."""

    def __init__(self, game_type, game_info, params):
        self._type, self._info, self._params = game_type, dict(game_info), dict(params)
        self._observers = {}

    def get_type(self):
        return self._type

    def get_parameters(self):
        return dict(self._params)

    def num_distinct_actions(self):
        return self._info["num_distinct_actions"]

    def max_chance_outcomes(self):
        return self._info["max_chance_outcomes"]

    def num_players(self):
        return self._info["num_players"]

    def min_utility(self):
        return self._info["min_utility"]

    def max_utility(self):
        return self._info["max_utility"]

    def utility_sum(self):
        return self._info["utility_sum"]

    def max_game_length(self):
        return self._info["max_game_length"]

    def _observer(self, info_state):
        if info_state not in self._observers:
            self._observers[info_state] = self.make_py_observer(
                _InfoStateType() if info_state else None, {})
        return self._observers[info_state]

    def observation_tensor_shape(self):
        return [self._observer(False).size]     # several pieces: flat, as pyspiel does

    def observation_tensor_size(self):
        return self._observer(False).size

    def information_state_tensor_shape(self):
        return [self._observer(True).size]

    def information_state_tensor_size(self):
        return self._observer(True).size

    def get_game_info(self):
        return dict(self._info)

    def deserialize_state(self, data):
        """Restore CarcState.serialize(); the history is rebuilt from the
        game's record."""
        g = Game.deserialize(bytes.fromhex(data))
        if g.options() != self._options:
            g.close()
            raise ValueError("the state belongs to a game with other parameters")
        replayed, history = _replay(g.record())
        same = replayed.serialize() == g.serialize()
        replayed.close()
        if not same:
            g.close()
            raise CorruptDataError("the serialized state does not match its own record")
        state = CarcState(self)
        state._g.close()
        state._g, state._moves = g, history
        return state


if PYSPIEL:
    class CarcGame(_GameLogic, pyspiel.Game):
        """The game (pyspiel.Game); params: a dict, a game string or None."""

        def __init__(self, params=None):
            game_type_, info, params_, attrs = self._prepare(params)
            pyspiel.Game.__init__(self, game_type_, pyspiel.GameInfo(**info), params_)
            for name, value in attrs.items():   # after the C++ object exists
                setattr(self, name, value)
else:
    class CarcGame(_GameLogic, _PureGame):
        """The game (pyspiel.Game's interface); params: a dict, a game string
        ("carcassonne(players=3)" or "players=3") or None."""

        def __init__(self, params=None):
            game_type_, info, params_, attrs = self._prepare(params)
            self.__dict__.update(attrs)
            _PureGame.__init__(self, game_type_, info, params_)


# --------------------------------------------------------------------- state
class _StateLogic:
    """What CarcState implements of pyspiel.State (the methods OpenSpiel's
    Python games implement).  Everything in the instance's __dict__ is
    deep-copied by clone() and pickled by serialize() under pyspiel: a Game
    handle (clone, serialize), the moves, the returns mode."""

    def _setup(self, game):
        self._g = game._new_handle()
        self._moves = []                       # (player, action) pairs
        self._win_loss = game._p["returns"] == "win_loss"

    def current_player(self):
        return self._g.current_player

    def is_terminal(self):
        return self._g.is_terminal

    def _legal_actions(self, player):
        return self._g.legal_ids()

    def chance_outcomes(self):
        return self._g.chance_outcomes() if self._g.current_player == CHANCE else []

    def _apply_action(self, action):
        player = self._g.current_player
        self._g.apply(int(action))
        _sample_hidden(self._g)
        self._moves.append((player, int(action)))

    def _action_to_string(self, player, action):
        return str(self._g.action_from_id(int(action)))

    def returns(self):
        if not self._g.is_terminal:
            return [0.0] * self._g.num_players
        final = [float(s) for s in self._g.final_scores()]
        return win_loss(final) if self._win_loss else final

    def rewards(self):
        """Rewards of the last transition: the returns once the game is over
        (only the action that ends it reaches a terminal state), else zeros."""
        return self.returns()

    def __str__(self):
        return self._g.board_text()

    def __repr__(self):
        g = self._g
        return (f"<CarcState players={g.num_players} turn={g.turn} "
                f"current_player={g.current_player} moves={len(self._moves)}>")


class _PureState:
    """pyspiel.State's own part, for when pyspiel is not installed."""

    def get_game(self):
        return self._game

    def num_players(self):
        return self._g.num_players

    def is_chance_node(self):
        return self._g.current_player == CHANCE

    def is_player_node(self):
        return self._g.current_player >= 0

    def is_simultaneous_node(self):
        return False

    def move_number(self):
        """Actions and chance outcomes applied so far."""
        return len(self._moves)

    def history(self):
        return [a for _, a in self._moves]

    def full_history(self):
        """(player, action) pairs, player -1 for chance outcomes (pyspiel:
        PlayerAction objects with .player and .action)."""
        return list(self._moves)

    def history_str(self):
        return ", ".join(str(a) for a in self.history())

    def legal_actions(self, player=None):
        current = self.current_player()
        if player is None:
            player = current
        if self.is_terminal() or player != current:
            return []
        if current == CHANCE:
            return [a for a, _ in self.chance_outcomes()]
        return self._legal_actions(player)

    def legal_actions_mask(self, player=None):
        n = max_chance_outcomes() if self.is_chance_node() else num_distinct_actions()
        if self.is_terminal() or (player is not None and player != self.current_player()):
            return [0] * n
        return list(self._g.legal_mask())

    def legal_chance_outcomes(self):
        return [a for a, _ in self.chance_outcomes()]

    def apply_action(self, action):
        self._apply_action(action)

    def child(self, action):
        state = self.clone()
        state.apply_action(action)
        return state

    def clone(self):
        state = copy.copy(self)
        state._g, state._moves = self._g.clone(), list(self._moves)
        return state

    def __deepcopy__(self, memo):
        return self.clone()

    def undo_action(self, player, action):
        """Take back the last action, which must be (player, action): the game
        is rebuilt by replaying its record without it."""
        if not self._moves or self._moves[-1] != (player, int(action)):
            raise ValueError(f"({player}, {action}) is not the last action")
        game, history = _replay(self._g.record(), len(self._moves) - 1)
        self._g.close()
        self._g, self._moves = game, history

    def action_to_string(self, *args):
        """action_to_string(action) or action_to_string(player, action): the
        notation of an action of the pending decision."""
        if len(args) not in (1, 2):
            raise TypeError("action_to_string(action) or action_to_string(player, action)")
        player = args[0] if len(args) == 2 else self.current_player()
        return self._action_to_string(player, args[-1])

    def string_to_action(self, *args):
        """string_to_action(text) or string_to_action(player, text)."""
        if len(args) not in (1, 2):
            raise TypeError("string_to_action(text) or string_to_action(player, text)")
        return self._g.parse(args[-1]).id

    def player_return(self, player):
        return self.returns()[_check_player(self, player)]

    def player_reward(self, player):
        return self.rewards()[_check_player(self, player)]

    def serialize(self):
        """The game's serialized bytes as hex (the history is rebuilt from it)."""
        return self._g.serialize().hex()

    def _observe(self, info_state, player):
        return self._game._observer(info_state).values(self, player)

    def observation_string(self, player=None):
        return self._game._observer(False).string_from(self, player)

    def observation_tensor(self, player=None):
        """vector then board (CarcObserver), a list of floats."""
        return self._observe(False, player)

    def information_state_string(self, player=None):
        """Every action and draw so far, as a game record without the seed
        (the same for every player: nothing is private)."""
        return self._game._observer(True).string_from(self, player)

    def information_state_tensor(self, player=None):
        """observation_tensor(player), then the history piece (CarcObserver)."""
        return self._observe(True, player)


if PYSPIEL:
    class CarcState(_StateLogic, pyspiel.State):
        """A state (pyspiel.State); made by CarcGame.new_initial_state()."""

        def __init__(self, game):
            pyspiel.State.__init__(self, game)
            self._setup(game)

    pyspiel.register_game(game_type(), CarcGame)
else:
    class CarcState(_StateLogic, _PureState):
        """A state with pyspiel.State's interface; made by
        CarcGame.new_initial_state()."""

        def __init__(self, game):
            self._game = game
            self._setup(game)


def load_game(game, params=None):
    """pyspiel.load_game for this game: load_game("carcassonne(players=3)")
    or load_game("carcassonne", {"players": 3}).  With pyspiel, pyspiel's own."""
    if PYSPIEL:
        return pyspiel.load_game(game, params) if params is not None else pyspiel.load_game(game)
    name, string_params = parse_game_string(game)
    if name != SHORT_NAME:
        raise ValueError(f"unknown game {name!r}: this module loads {SHORT_NAME!r}")
    merged = dict(string_params)
    merged.update(params or {})
    return CarcGame(merged)
