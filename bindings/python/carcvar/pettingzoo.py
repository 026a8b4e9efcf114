"""A PettingZoo AEC environment (the pettingzoo.AECEnv interface) in pure
Python; neither pettingzoo nor gymnasium is imported (carcvar.spaces stands in
for gymnasium's spaces).

Tile draws are resolved inside the environment from the game's seeded RNG,
so agents see only their own decisions.  Rewards: each step, the change of
every player's score (the end-game scoring arrives with the step that ends
the game), so the rewards an agent collects over a game add up to its final
score.  As in every AEC environment, last() returns the reward collected
since the agent last acted.

Observations are {"observation": ..., "action_mask": ...}: the observation
tensor of carcvar.observation from the agent's seat (a float32 numpy array,
or a list of floats when numpy is missing) and the mask of its legal action
ids (an int8 numpy array, or bytes of 0/1 when numpy is missing; all zeros
when it is not the agent's turn).
"""
import random

from . import _compat
from .game import Game, CHANCE, num_distinct_actions
from .observation import ObservationEncoder, DEFAULT_WINDOW
from .spaces import Box, Dict, Discrete


class CarcassonneAEC:
    metadata = {"name": "carcassonne_v0", "render_modes": ["ansi", "human"],
                "is_parallelizable": False}

    def __init__(self, players=2, modules=(), rules=None, render_mode=None,
                 window=DEFAULT_WINDOW):
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        self.num_players = players
        self.modules = tuple(modules)
        self.rules = dict(rules or {})
        self.encoder = ObservationEncoder(players, self.modules, self.rules, window)
        self.possible_agents = [f"player_{i}" for i in range(players)]
        n = num_distinct_actions()
        self.action_spaces = {a: Discrete(n) for a in self.possible_agents}
        self.observation_spaces = {
            a: Dict({"observation": self.encoder.space(),
                     "action_mask": Box(0, 1, (n,), "int8")})
            for a in self.possible_agents}
        self.agents = []
        self.rewards, self._cumulative_rewards = {}, {}
        self.terminations, self.truncations, self.infos = {}, {}, {}
        self.agent_selection = None
        self._game = None
        self._seeds = None

    # ------------------------------------------------------------------ spaces
    def action_space(self, agent):
        return self.action_spaces[agent]

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    @property
    def num_agents(self):
        return len(self.agents)

    @property
    def max_num_agents(self):
        return len(self.possible_agents)

    @property
    def unwrapped(self):
        return self

    # --------------------------------------------------------------- lifecycle
    def reset(self, seed=None, options=None):
        """Start a game.  reset(seed=s) plays the game carcvar.Game(seed=s) and
        reseeds the environment; reset() takes the next seed from the
        environment's RNG (seeded from the operating system until a seed is
        given)."""
        if seed is not None:
            self._seeds = random.Random(seed)
            game_seed = int(seed) % 2 ** 64
        else:
            if self._seeds is None:
                self._seeds = random.Random()
            game_seed = self._seeds.getrandbits(64)
        self.close()
        self._game = Game(self.num_players, game_seed, self.modules, self.rules)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0 for a in self.agents}
        self._cumulative_rewards = {a: 0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._scores = [0] * self.num_players
        self._advance()

    def _advance(self):
        """Draw tiles until a player has to decide or the game is over."""
        while self._game.current_player == CHANCE:
            self._game.sample_chance()
        current = self._game.current_player
        self.agent_selection = (self.possible_agents[current] if current >= 0
                                else self.agents[0])

    def close(self):
        if self._game is not None:
            self._game.close()
            self._game = None

    # ------------------------------------------------------------- observing
    def _seat(self, agent):
        return self.possible_agents.index(agent)

    def _live_game(self):
        if self._game is None:
            raise RuntimeError("call reset() first")
        return self._game

    def observe(self, agent):
        p = self._seat(agent)
        self._live_game()
        mine = self._game.current_player == p
        mask = self._game.legal_mask() if mine else bytes(num_distinct_actions())
        return {"observation": self.encoder.array(self._game, p),
                "action_mask": _compat.int8_mask(mask)}

    def last(self, observe=True):
        a = self.agent_selection
        obs = self.observe(a) if observe else None
        return (obs, self._cumulative_rewards[a], self.terminations[a], self.truncations[a],
                self.infos[a])

    def state(self):
        """The global state: the observation tensor from player_0's seat
        (everything is public)."""
        return self.encoder.array(self._live_game(), 0)

    def render(self):
        """The board as text ("ansi", or no render mode); printed ("human")."""
        if self._game is None:
            return None
        text = self._game.board_text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    # ----------------------------------------------------------------- acting
    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is alive: None is the action of terminated agents")
        self._live_game().apply(int(action))   # an illegal action raises and changes nothing
        self._cumulative_rewards[agent] = 0
        self._advance()
        final = self._game.is_terminal
        scores = self._game.final_scores() if final else self._game.scores()
        for i, a in enumerate(self.possible_agents):
            self.rewards[a] = scores[i] - self._scores[i]
            self._cumulative_rewards[a] += self.rewards[a]
            if final:
                self.terminations[a] = True
        self._scores = scores

    def _was_dead_step(self, action):
        """A terminated agent leaves: its entries go, the next one is selected
        (the game ends for all agents at once, so every remaining agent is
        terminated too) and the per-step rewards are cleared."""
        if action is not None:
            raise ValueError("when an agent is terminated, the only valid action is None")
        agent = self.agent_selection
        for d in (self.terminations, self.truncations, self.rewards, self._cumulative_rewards,
                  self.infos):
            del d[agent]
        self.agents.remove(agent)
        if self.agents:
            self.agent_selection = self.agents[0]
        for a in self.rewards:
            self.rewards[a] = 0

    def agent_iter(self, max_iter=2 ** 63):
        """The agent to act, until every agent has left (or max_iter steps)."""
        for _ in range(max_iter):
            if not self.agents:
                return
            yield self.agent_selection

    def __str__(self):
        return self.metadata["name"]


def env(**kwargs):
    """PettingZoo's factory convention: carcvar.pettingzoo.env(players=3)."""
    return CarcassonneAEC(**kwargs)
