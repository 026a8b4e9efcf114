"""An OpenSpiel-shaped adapter (pyspiel.Game / pyspiel.State interface) in pure
Python.  pyspiel itself is not imported; register these classes with
pyspiel.register_game where OpenSpiel is installed.

Chance nodes are explicit (current_player() == -1; chance_outcomes() gives
(id, probability) pairs); ids index the fixed spaces num_distinct_actions()
and max_chance_outcomes().  Returns are the final scores, given only at the
end.  Observations show only public information: the board, figures, scores
and the COUNTS of tiles left -- never the RNG state or the seed, so the
order of future draws cannot be read from them.
"""
from .game import Game, CHANCE, TERMINAL, num_distinct_actions, max_chance_outcomes, tile_names

CHANCE_PLAYER_ID = CHANCE
TERMINAL_PLAYER_ID = TERMINAL


class CarcGame:
    """Game factory: params players (2-6), seed, modules, rules."""

    def __init__(self, params=None):
        params = dict(params or {})
        self.params = {"players": int(params.get("players", 2)),
                       "seed": int(params.get("seed", 0)),
                       "modules": tuple(params.get("modules", ())),
                       "rules": dict(params.get("rules", {}))}

    def num_distinct_actions(self):
        return num_distinct_actions()

    def max_chance_outcomes(self):
        return max_chance_outcomes()

    def num_players(self):
        return self.params["players"]

    def min_utility(self):
        return 0.0

    def max_utility(self):
        return 400.0

    def max_game_length(self):
        return 3 * 72 + 8

    def get_type(self):
        return {"short_name": "carcassonne", "long_name": "Carcassonne (libcarcvar)",
                "dynamics": "sequential", "chance_mode": "explicit_stochastic",
                "information": "imperfect_information", "utility": "general_sum",
                "reward_model": "terminal", "max_num_players": 6, "min_num_players": 2,
                "provides_observation_string": True, "provides_observation_tensor": True}

    def get_game_info(self):
        return {"num_distinct_actions": self.num_distinct_actions(),
                "max_chance_outcomes": self.max_chance_outcomes(),
                "num_players": self.num_players(), "min_utility": self.min_utility(),
                "max_utility": self.max_utility(), "max_game_length": self.max_game_length()}

    def new_initial_state(self):
        p = self.params
        return CarcState(self, Game(p["players"], p["seed"], p["modules"], p["rules"]))

    def deserialize_state(self, data):
        return CarcState(self, Game.deserialize(bytes.fromhex(data)))


class CarcState:
    def __init__(self, game, handle):
        self._game = game
        self._g = handle
        self._history = []

    def get_game(self):
        return self._game

    def current_player(self):
        return self._g.current_player

    def is_chance_node(self):
        return self._g.current_player == CHANCE

    def is_terminal(self):
        return self._g.is_terminal

    def legal_actions(self, player=None):
        if self.is_terminal():
            return []
        if player is not None and player != self.current_player():
            return []
        return self._g.legal_ids()

    def legal_actions_mask(self, player=None):
        if player is not None and player != self.current_player():
            n = (max_chance_outcomes() if self.is_chance_node() else num_distinct_actions())
            return [0] * n
        return list(self._g.legal_mask())

    def chance_outcomes(self):
        return self._g.chance_outcomes()

    def apply_action(self, action):
        self._g.apply(int(action))
        self._history.append(int(action))

    def history(self):
        return list(self._history)

    def returns(self):
        if not self.is_terminal():
            return [0.0] * self._g.num_players
        return [float(s) for s in self._g.final_scores()]

    def rewards(self):
        return self.returns()

    def action_to_string(self, player, action):
        return str(self._g.action_from_id(action))

    def string_to_action(self, player, text):
        return self._g.parse(text).id

    def clone(self):
        s = CarcState(self._game, self._g.clone())
        s._history = list(self._history)
        return s

    def serialize(self):
        return self._g.serialize().hex()

    def observation_string(self, player):
        g = self._g
        remaining = {n: g.tiles_remaining(n) for n in tile_names() if g.tiles_remaining(n)}
        lines = [f"player {player} to observe; current player {g.current_player}; "
                 f"turn {g.turn}", g.board_text().rstrip(),
                 "tiles left: " + " ".join(f"{k}{v}" for k, v in sorted(remaining.items()))]
        d = g.decision
        if d.kind in ("place", "deploy"):
            lines.append(f"tile in play: {tile_names()[d.tile]}")
        return "\n".join(lines)

    def observation_tensor(self, player):
        """A flat list: scores, followers in supply, tiles left per type, the
        tile in play (one-hot), the current player (one-hot, -1 chance)."""
        g = self._g
        names = tile_names()
        n = g.num_players
        obs = [float(s) for s in g.scores()] + [0.0] * (6 - n)
        obs += [float(g.supply(p)) for p in range(n)] + [0.0] * (6 - n)
        obs += [float(g.tiles_remaining(t)) for t in range(len(names))]
        d = g.decision
        obs += [1.0 if d.kind in ("place", "deploy") and d.tile == t else 0.0
                for t in range(len(names))]
        obs += [1.0 if g.current_player == p else 0.0 for p in range(6)]
        return obs

    def __str__(self):
        return self._g.board_text()
