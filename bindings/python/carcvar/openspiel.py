"""An OpenSpiel-shaped adapter (the pyspiel.Game / pyspiel.State interface) in
pure Python.  pyspiel itself is not imported; wrap or register these classes
where OpenSpiel is installed.

Chance nodes are explicit: current_player() == -1 and chance_outcomes() gives
(id, probability) pairs; ids index the fixed spaces num_distinct_actions() and
max_chance_outcomes().  Every action and every drawn tile is seen by all
players, and the order of the tiles still to be drawn is not part of the
state (draws are chance outcomes), so in OpenSpiel's terms the game is of
perfect information with explicit chance, like backgammon: it is imperfect
only through the unknown future draws.  Observations and information states
never contain the seed or the RNG state.

Returns are the final scores, given at the end (reward model "terminal"):
rewards() is zero until the game ends and then equals returns().
"""
from dataclasses import dataclass
from typing import Tuple

from .errors import CorruptDataError
from .game import Game, CHANCE, TERMINAL, num_distinct_actions, max_chance_outcomes, tile_names
from .observation import ObservationEncoder, DEFAULT_WINDOW

CHANCE_PLAYER_ID = CHANCE
TERMINAL_PLAYER_ID = TERMINAL
_HEADER_WORDS = ("carcvar-record", "players", "seed", "modules", "rule")


@dataclass(frozen=True)
class GameType:
    """The fields of pyspiel.GameType, with strings for its enums."""
    short_name: str = "carcassonne"
    long_name: str = "Carcassonne (libcarcvar)"
    dynamics: str = "sequential"
    chance_mode: str = "explicit_stochastic"
    information: str = "perfect_information"
    utility: str = "general_sum"
    reward_model: str = "terminal"
    max_num_players: int = 6
    min_num_players: int = 2
    provides_information_state_string: bool = True
    provides_information_state_tensor: bool = True
    provides_observation_string: bool = True
    provides_observation_tensor: bool = True
    parameter_specification: Tuple[str, ...] = ("players", "seed", "modules", "rules",
                                                "window")


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
    for text in body[:stop]:
        player = game.current_player
        if text.startswith("draw ") and text.endswith(" rng"):
            drawn = game.sample_chance().id
            if tile_names()[drawn] != text.split()[1]:
                raise CorruptDataError("the record's RNG draws do not replay")
        else:
            drawn = game.parse(text).id
            game.apply(drawn)
        history.append((player, drawn))
    return game, history


class CarcGame:
    """Game factory.  params: players (2-6), seed, modules, rules, window (the
    side of the observation planes, odd; see carcvar.observation)."""

    def __init__(self, params=None):
        params = dict(params or {})
        unknown = set(params) - set(GameType.parameter_specification)
        if unknown:
            raise ValueError(f"unknown parameters {sorted(unknown)}")
        self.params = {"players": int(params.get("players", 2)),
                       "seed": int(params.get("seed", 0)),
                       "modules": tuple(params.get("modules", ())),
                       "rules": dict(params.get("rules", {})),
                       "window": int(params.get("window", DEFAULT_WINDOW))}
        p = self.params
        self.encoder = ObservationEncoder(p["players"], p["modules"], p["rules"], p["window"])
        with self._new_game() as g:
            self._options = g.options()

    def _new_game(self):
        p = self.params
        return Game(p["players"], p["seed"], p["modules"], p["rules"])

    # ------------------------------------------------------------ pyspiel.Game
    def get_type(self):
        return GameType()

    def get_parameters(self):
        p = self.params
        return {"players": p["players"], "seed": p["seed"], "modules": list(p["modules"]),
                "rules": dict(p["rules"]), "window": p["window"]}

    def num_distinct_actions(self):
        return num_distinct_actions()

    def max_chance_outcomes(self):
        return max_chance_outcomes()

    def num_players(self):
        return self.params["players"]

    def min_utility(self):
        return 0.0

    def max_utility(self):
        """An upper bound of a final score (carcvar.observation explains it)."""
        return float(self.encoder.max_score)

    def max_game_length(self):
        """Most actions and chance outcomes in one game (3 per tile to draw)."""
        return self.encoder.max_game_length

    def observation_tensor_shape(self):
        return list(self.encoder.shape)

    def observation_tensor_size(self):
        return self.encoder.size

    def information_state_tensor_shape(self):
        return [self.information_state_tensor_size()]

    def information_state_tensor_size(self):
        return self.encoder.size + 2 * self.max_game_length()

    def get_game_info(self):
        return {"num_distinct_actions": self.num_distinct_actions(),
                "max_chance_outcomes": self.max_chance_outcomes(),
                "num_players": self.num_players(), "min_utility": self.min_utility(),
                "max_utility": self.max_utility(), "max_game_length": self.max_game_length()}

    def new_initial_state(self):
        return CarcState(self, self._new_game(), [])

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
        return CarcState(self, g, history)

    def __str__(self):
        p = self.params
        return f"carcassonne(players={p['players']},seed={p['seed']})"


class CarcState:
    """A game state; see the module documentation."""

    def __init__(self, game, handle, history):
        self._game = game
        self._g = handle
        self._history = list(history)      # (player, action) pairs

    def _player(self, player):
        if player is None:
            player = self.current_player()
        if not 0 <= player < self.num_players():
            raise ValueError(f"player {player} is not a seat of this game")
        return player

    # ------------------------------------------------------------- structure
    def get_game(self):
        return self._game

    def num_players(self):
        return self._g.num_players

    def current_player(self):
        return self._g.current_player

    def is_chance_node(self):
        return self._g.current_player == CHANCE

    def is_terminal(self):
        return self._g.is_terminal

    def is_player_node(self):
        return self._g.current_player >= 0

    def is_simultaneous_node(self):
        return False

    def move_number(self):
        """Actions and chance outcomes applied so far."""
        return len(self._history)

    def history(self):
        return [a for _, a in self._history]

    def full_history(self):
        """(player, action) pairs, player -1 for chance outcomes."""
        return list(self._history)

    def history_str(self):
        return ", ".join(str(a) for a in self.history())

    # --------------------------------------------------------------- actions
    def legal_actions(self, player=None):
        if self.is_terminal() or (player is not None and player != self.current_player()):
            return []
        return self._g.legal_ids()

    def legal_actions_mask(self, player=None):
        n = max_chance_outcomes() if self.is_chance_node() else num_distinct_actions()
        if self.is_terminal() or (player is not None and player != self.current_player()):
            return [0] * n
        return list(self._g.legal_mask())

    def legal_chance_outcomes(self):
        return [a for a, _ in self.chance_outcomes()] if self.is_chance_node() else []

    def chance_outcomes(self):
        return self._g.chance_outcomes() if self.is_chance_node() else []

    def apply_action(self, action):
        player = self.current_player()
        self._g.apply(int(action))
        self._history.append((player, int(action)))

    def child(self, action):
        state = self.clone()
        state.apply_action(action)
        return state

    def undo_action(self, player, action):
        """Take back the last action, which must be (player, action): the game
        is rebuilt by replaying its record without it."""
        if not self._history or self._history[-1] != (player, int(action)):
            raise ValueError(f"({player}, {action}) is not the last action")
        game, history = _replay(self._g.record(), len(self._history) - 1)
        self._g.close()
        self._g, self._history = game, history

    def action_to_string(self, *args):
        """action_to_string(action) or action_to_string(player, action): the
        notation of an action of the pending decision."""
        if len(args) not in (1, 2):
            raise TypeError("action_to_string(action) or action_to_string(player, action)")
        return str(self._g.action_from_id(int(args[-1])))

    def string_to_action(self, *args):
        """string_to_action(text) or string_to_action(player, text)."""
        if len(args) not in (1, 2):
            raise TypeError("string_to_action(text) or string_to_action(player, text)")
        return self._g.parse(args[-1]).id

    # --------------------------------------------------------------- payoffs
    def returns(self):
        if not self.is_terminal():
            return [0.0] * self.num_players()
        return [float(s) for s in self._g.final_scores()]

    def player_return(self, player):
        return self.returns()[self._player(player)]

    def rewards(self):
        """Rewards of the last transition: the returns once the game is over
        (only the action that ends it reaches a terminal state), else zeros."""
        return self.returns()

    def player_reward(self, player):
        return self.rewards()[self._player(player)]

    # ----------------------------------------------------------- persistence
    def clone(self):
        return CarcState(self._game, self._g.clone(), self._history)

    def serialize(self):
        """The game's serialized bytes as hex (the history is rebuilt from it)."""
        return self._g.serialize().hex()

    # ---------------------------------------------------------- observations
    def observation_string(self, player=None):
        player = self._player(player)
        g = self._g
        names = tile_names()
        remaining = {names[t]: g.tiles_remaining(t) for t in range(len(names))}
        lines = [f"player {player} to observe; current player {g.current_player}; "
                 f"turn {g.turn}", g.board_text().rstrip(),
                 "tiles left: " + " ".join(f"{k}{v}" for k, v in sorted(remaining.items())
                                           if v)]
        d = g.decision
        if d.kind in ("place", "deploy"):
            lines.append(f"tile in play: {names[d.tile]}")
        return "\n".join(lines)

    def observation_tensor(self, player=None):
        """Player-relative floats, layout in carcvar.observation (length
        get_game().observation_tensor_size())."""
        return self._game.encoder.tensor(self._g, self._player(player))

    def information_state_string(self, player=None):
        """Every action and draw so far, as a game record without the seed
        (the same for every player: nothing is private)."""
        self._player(player)
        header, body = _record_lines(self._g.record())
        header = [line for line in header if not line.startswith("seed ")]
        body = [line[:-len(" rng")] if line.endswith(" rng") else line for line in body]
        return "\n".join(header + body) + "\n"

    def information_state_tensor(self, player=None):
        """observation_tensor(player), then max_game_length() pairs, one per
        move so far (zeros after): (player action id + 1, 0) or (0, chance
        outcome id + 1)."""
        tensor = self.observation_tensor(player)
        moves = [0.0] * (2 * self._game.max_game_length())
        for i, (who, action) in enumerate(self._history):
            moves[2 * i + (1 if who == CHANCE else 0)] = float(action + 1)
        return tensor + moves

    def __str__(self):
        return self._g.board_text()
