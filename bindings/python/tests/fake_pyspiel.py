"""A minimal stand-in for pyspiel (OpenSpiel's C++ core as Python sees it),
written from OpenSpiel's documented API and its python_games.cc behaviour,
which cannot be installed here.  It does what the C++ side does for a Python
game, and checks the calls it gets as strictly as pybind11 and SPIEL_CHECKs
would:

- register_game(GameType, creator); load_game("name(k=v,...)") converts the
  values (int, float, true/false, string), refuses parameters outside the
  game's parameter_specification or of another type, fills in the defaults
  and calls creator(params);
- GameType and GameInfo take their fields by keyword, enums as enums;
- a State keeps its C++ side (game, history, move number) outside the Python
  object's __dict__; clone() is new_initial_state() plus a deep copy of every
  __dict__ entry; serialize() pickles __dict__; apply_action() calls
  _apply_action() and records (player, action); legal_actions(player) calls
  _legal_actions(player) only for the player to move, chance outcomes at
  chance nodes, nothing at terminal states;
- observation and information-state tensors and strings come from the game's
  make_py_observer(): called as make_py_observer(params) for the default
  observer and make_py_observer(IIGObservationType(perfect_recall=True),
  params) for the information state; a tensor is the observer's dict pieces
  in order, its shape the one piece's shape or [total size] for several.
"""
import base64
import copy
import enum
import pickle
import re
import weakref


class PlayerId(enum.IntEnum):
    DEFAULT_PLAYER_ID = 0
    CHANCE = -1
    SIMULTANEOUS = -2
    INVALID = -3
    TERMINAL = -4
    MEAN_FIELD = -5


class PrivateInfoType(enum.IntEnum):
    NONE = 0
    SINGLE_PLAYER = 1
    ALL_PLAYERS = 2


class IIGObservationType:
    def __init__(self, public_info=True, perfect_recall=False,
                 private_info=PrivateInfoType.SINGLE_PLAYER):
        assert isinstance(public_info, bool) and isinstance(perfect_recall, bool)
        self.public_info, self.perfect_recall, self.private_info = (
            public_info, perfect_recall, private_info)


class GameType:
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

    def __init__(self, *, short_name, long_name, dynamics, chance_mode, information, utility,
                 reward_model, max_num_players, min_num_players,
                 provides_information_state_string, provides_information_state_tensor,
                 provides_observation_string, provides_observation_tensor,
                 parameter_specification=None, default_loadable=True,
                 provides_factored_observation_string=False):
        for value, kind in ((dynamics, GameType.Dynamics), (chance_mode, GameType.ChanceMode),
                            (information, GameType.Information), (utility, GameType.Utility),
                            (reward_model, GameType.RewardModel)):
            if not isinstance(value, kind):
                raise TypeError(f"{kind.__name__} expected, got {value!r}")
        assert isinstance(short_name, str) and re.fullmatch(r"\w+", short_name)
        assert isinstance(max_num_players, int) and isinstance(min_num_players, int)
        for v in (parameter_specification or {}).values():
            if type(v) not in (int, float, bool, str):
                raise TypeError(f"parameter values must be int, float, bool or str: {v!r}")
        self.short_name, self.long_name = short_name, long_name
        self.dynamics, self.chance_mode, self.information = dynamics, chance_mode, information
        self.utility, self.reward_model = utility, reward_model
        self.max_num_players, self.min_num_players = max_num_players, min_num_players
        self.provides_information_state_string = provides_information_state_string
        self.provides_information_state_tensor = provides_information_state_tensor
        self.provides_observation_string = provides_observation_string
        self.provides_observation_tensor = provides_observation_tensor
        self.parameter_specification = dict(parameter_specification or {})
        self.default_loadable = default_loadable


class GameInfo:
    def __init__(self, *, num_distinct_actions, max_chance_outcomes, num_players, min_utility,
                 max_utility, utility_sum=None, max_game_length):
        for v in (num_distinct_actions, max_chance_outcomes, num_players, max_game_length):
            assert type(v) is int and v >= 0, v
        assert min_utility <= max_utility
        self.num_distinct_actions, self.max_chance_outcomes = (num_distinct_actions,
                                                               max_chance_outcomes)
        self.num_players, self.max_game_length = num_players, max_game_length
        self.min_utility, self.max_utility = float(min_utility), float(max_utility)
        self.utility_sum = None if utility_sum is None else float(utility_sum)


_registry = {}
calls = []          # (what, detail): the calls the fake received, for tests


def register_game(game_type, creator):
    assert isinstance(game_type, GameType) and callable(creator)
    _registry[game_type.short_name] = (game_type, creator)
    calls.append(("register_game", game_type.short_name))


def registered_names():
    return sorted(_registry)


def _parse(text):
    m = re.fullmatch(r"(\w+)(?:\((.*)\))?", text.strip())
    if not m:
        raise RuntimeError(f"bad game string {text!r}")
    params = {}
    for item in filter(None, (m.group(2) or "").split(",")):
        key, value = item.split("=", 1)
        if re.fullmatch(r"-?\d+", value):
            params[key] = int(value)
        elif value in ("true", "false"):
            params[key] = value == "true"
        else:
            try:
                params[key] = float(value)
            except ValueError:
                params[key] = value
    return m.group(1), params


def load_game(text, params=None):
    name, parsed = _parse(text)
    parsed.update(params or {})
    if name not in _registry:
        raise RuntimeError(f"unknown game {name}")
    game_type, creator = _registry[name]
    spec = game_type.parameter_specification
    for key, value in parsed.items():
        if key not in spec:
            raise RuntimeError(f"unknown parameter {key} for {name}")
        if type(value) is not type(spec[key]) and not (
                type(spec[key]) is float and type(value) is int):
            raise RuntimeError(f"parameter {key}: {type(spec[key]).__name__} expected")
    full = dict(spec)
    full.update(parsed)                     # RegisterPyGame fills in the defaults
    calls.append(("load_game", text))
    game = creator(full)
    assert isinstance(game, Game) and getattr(game, "_fake_ready", False), \
        "the game must call pyspiel.Game.__init__"
    return game


class Game:
    def __init__(self, game_type, game_info, params):
        assert isinstance(game_type, GameType) and isinstance(game_info, GameInfo)
        assert isinstance(params, dict)
        for key, value in params.items():
            assert key in game_type.parameter_specification, key
            assert type(value) in (int, float, bool, str), (key, value)
        self._fake_type, self._fake_info = game_type, game_info
        self._fake_params = dict(game_type.parameter_specification)
        self._fake_params.update(params)
        self._fake_observers = {}
        self._fake_ready = True

    def get_type(self):
        return self._fake_type

    def get_parameters(self):
        return dict(self._fake_params)

    def num_players(self):
        return self._fake_info.num_players

    def num_distinct_actions(self):
        return self._fake_info.num_distinct_actions

    def max_chance_outcomes(self):
        return self._fake_info.max_chance_outcomes

    def min_utility(self):
        return self._fake_info.min_utility

    def max_utility(self):
        return self._fake_info.max_utility

    def utility_sum(self):
        return self._fake_info.utility_sum

    def max_game_length(self):
        return self._fake_info.max_game_length

    def new_initial_state(self):
        raise NotImplementedError("new_initial_state is pure virtual")

    def _observer(self, info_state):
        if info_state not in self._fake_observers:
            if info_state:
                obs = self.make_py_observer(IIGObservationType(perfect_recall=True), {})
            else:
                obs = self.make_py_observer({})      # PyGame::MakeObserver(no type, params)
            for attr in ("tensor", "dict", "set_from", "string_from"):
                assert hasattr(obs, attr), f"the observer lacks {attr}"
            self._fake_observers[info_state] = obs
        return self._fake_observers[info_state]

    def _shape(self, info_state):
        observer = self._observer(info_state)
        observer.set_from(self.new_initial_state(), 0)
        pieces = [list(getattr(v, "shape", ())) for v in observer.dict.values()]
        if len(pieces) == 1:
            return pieces[0]
        size = 0
        for shape in pieces:
            n = 1
            for d in shape:
                n *= d
            size += n
        return [size]

    def observation_tensor_shape(self):
        return self._shape(False)

    def observation_tensor_size(self):
        return self._shape(False)[0]

    def information_state_tensor_shape(self):
        return self._shape(True)

    def information_state_tensor_size(self):
        return self._shape(True)[0]

    def deserialize_state(self, text):
        state = self.new_initial_state()
        history, move, d = text.split("\n", 2)
        assert history.startswith("history=") and move.startswith("move_number=")
        assert d.startswith("__dict__=")
        side = _cpp[state]
        side["history"] = [tuple(int(x) for x in h.split(":"))
                           for h in history[len("history="):].split(",") if h]
        side["move_number"] = int(move[len("move_number="):])
        for k, v in pickle.loads(base64.b64decode(d[len("__dict__="):])).items():
            setattr(state, k, v)
        return state

    def __deepcopy__(self, memo):   # a C++ game is shared, never copied with a state
        raise TypeError("a pyspiel.Game cannot be deep-copied (held in a state's __dict__?)")

    def __reduce__(self):
        raise TypeError("a pyspiel.Game cannot be pickled (held in a state's __dict__?)")

    def __str__(self):
        params = ",".join(f"{k}={v}" for k, v in self._fake_params.items())
        return f"{self._fake_type.short_name}({params})"


class PlayerAction:
    def __init__(self, player, action):
        self.player, self.action = player, action


_cpp = weakref.WeakKeyDictionary()          # the C++ side of each state


class State:
    def __init__(self, game):
        assert isinstance(game, Game)
        _cpp[self] = {"game": game, "history": [], "move_number": 0}

    def get_game(self):
        return _cpp[self]["game"]

    def num_players(self):
        return self.get_game().num_players()

    def current_player(self):
        raise NotImplementedError("current_player is pure virtual")

    def is_chance_node(self):
        return self.current_player() == PlayerId.CHANCE

    def is_player_node(self):
        return self.current_player() >= 0

    def is_simultaneous_node(self):
        return self.current_player() == PlayerId.SIMULTANEOUS

    def is_terminal(self):
        raise NotImplementedError("is_terminal is pure virtual")

    def legal_chance_outcomes(self):
        return [a for a, _ in self.chance_outcomes()]

    def legal_actions(self, player=None):
        current = self.current_player()
        if player is None:
            player = current
        if self.is_terminal():
            return []
        if self.is_chance_node():
            return self.legal_chance_outcomes()
        if player == current:
            actions = list(self._legal_actions(player))
            assert actions == sorted(set(actions)), "legal actions must be ascending"
            assert all(0 <= a < self.get_game().num_distinct_actions() for a in actions)
            return actions
        if player < 0:
            raise RuntimeError(f"Called LegalActions for pseudo-player {player}")
        return []

    def legal_actions_mask(self, player=None):
        n = (self.get_game().max_chance_outcomes() if self.is_chance_node()
             else self.get_game().num_distinct_actions())
        mask = [0] * n
        for a in self.legal_actions(player):
            mask[a] = 1
        return mask

    def apply_action(self, action):
        assert not self.is_terminal(), "apply_action on a terminal state"
        player = self.current_player()
        legal = self.legal_actions()
        assert action in legal, f"illegal action {action} (SPIEL_CHECK in debug builds)"
        if player == PlayerId.CHANCE:
            outcomes = self.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
        self._apply_action(action)
        side = _cpp[self]
        side["history"].append((int(player), int(action)))
        side["move_number"] += 1

    def child(self, action):
        state = self.clone()
        state.apply_action(action)
        return state

    def clone(self):
        state = self.get_game().new_initial_state()
        for k, v in self.__dict__.items():
            setattr(state, k, copy.deepcopy(v))
        side, mine = _cpp[state], _cpp[self]
        side["history"], side["move_number"] = list(mine["history"]), mine["move_number"]
        return state

    def history(self):
        return [a for _, a in _cpp[self]["history"]]

    def full_history(self):
        return [PlayerAction(p, a) for p, a in _cpp[self]["history"]]

    def history_str(self):
        return ", ".join(str(a) for a in self.history())

    def move_number(self):
        return _cpp[self]["move_number"]

    def player_return(self, player):
        return self.returns()[player]

    def action_to_string(self, *args):
        player, action = (self.current_player(), args[0]) if len(args) == 1 else args
        return self._action_to_string(player, action)

    def string_to_action(self, *args):
        player, text = (self.current_player(), args[0]) if len(args) == 1 else args
        for a in self.legal_actions(player):
            if self._action_to_string(player, a) == text:
                return a
        raise RuntimeError(f"no action {text!r}")

    def _check_player(self, player):
        assert 0 <= player < self.num_players(), f"SPIEL_CHECK: player {player}"

    def _tensor(self, info_state, player):
        self._check_player(player)
        observer = self.get_game()._observer(info_state)
        observer.set_from(self, player)
        out = []
        for piece in observer.dict.values():
            out += [float(x) for x in getattr(piece, "reshape", lambda n: piece)(-1)]
        return out

    def observation_tensor(self, player=None):
        return self._tensor(False, self.current_player() if player is None else player)

    def information_state_tensor(self, player=None):
        return self._tensor(True, self.current_player() if player is None else player)

    def observation_string(self, player=None):
        player = self.current_player() if player is None else player
        self._check_player(player)
        return self.get_game()._observer(False).string_from(self, player)

    def information_state_string(self, player=None):
        player = self.current_player() if player is None else player
        self._check_player(player)
        return self.get_game()._observer(True).string_from(self, player)

    def serialize(self):
        side = _cpp[self]
        return ("history=" + ",".join(f"{p}:{a}" for p, a in side["history"]) +
                f"\nmove_number={side['move_number']}\n__dict__=" +
                base64.b64encode(pickle.dumps(self.__dict__)).decode())
