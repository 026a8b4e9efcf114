"""A PettingZoo AEC environment.

When pettingzoo and gymnasium import, CarcassonneAEC is a pettingzoo.AECEnv
with gymnasium spaces, and env() wraps it the way PettingZoo's own games are
wrapped (OrderEnforcingWrapper, AssertOutOfBoundsWrapper, and
TerminateIllegalWrapper when an illegal_reward is given).  Without them it is
the same class on plain Python with carcvar.spaces standing in for gymnasium's
spaces; nothing else changes.

Tile draws are resolved inside the environment from the game's seeded RNG,
so agents see only their own decisions.  Rewards (returns="scores"): each
step, the change of every player's score (the end-game scoring arrives with
the step that ends the game), so an agent's rewards over a game add up to its
final score; returns="win_loss": 0 until the end, then +1 / 0 / -1
(carcvar.observation.win_loss).  As in every AEC environment, last() returns
the reward collected since the agent last acted.

Observations are {"observation": ..., "action_mask": ...}.  "observation" is
{"board": planes x window x window, "vector": the header} (observation="dict",
the default) or the flat tensor (observation="flat"), from the agent's seat
(carcvar.observation); "action_mask" marks the agent's legal action ids (all
zeros when it is not the agent's turn).  With numpy they are float32 and int8
arrays; without numpy, nested lists of floats and bytes of 0/1.
"""
import random

from . import _compat
from .game import Game, CHANCE, num_distinct_actions, check_options
from .observation import ObservationEncoder, DEFAULT_WINDOW, win_loss
from . import spaces as _spaces
from .raster import board_rgb

try:   # the real frameworks when they are importable (they need numpy)
    import gymnasium as _gymnasium
    from pettingzoo import AECEnv as _AECEnv
    from pettingzoo.utils import wrappers as _wrappers
except ImportError:
    _gymnasium = _wrappers = None
    _AECEnv = object

#: True when CarcassonneAEC is a pettingzoo.AECEnv with gymnasium spaces
FRAMEWORK = _gymnasium is not None
_Box, _Dict, _Discrete = ((_gymnasium.spaces.Box, _gymnasium.spaces.Dict,
                           _gymnasium.spaces.Discrete) if FRAMEWORK
                          else (_spaces.Box, _spaces.Dict, _spaces.Discrete))
OBSERVATIONS = ("dict", "flat")
RETURNS = ("scores", "win_loss")


class CarcassonneAEC(_AECEnv):
    """players 2-6; modules and rules as carcvar.Game; observation "dict" or
    "flat"; returns "scores" or "win_loss"; max_cycles: when set, every agent
    is truncated once each player has had that many turns; window: the side of
    the observation planes (odd)."""
    metadata = {"name": "carcassonne_v0", "render_modes": ["ansi", "human", "rgb_array"],
                "is_parallelizable": False}

    def __init__(self, players=2, modules=(), rules=None, render_mode=None,
                 window=DEFAULT_WINDOW, observation="dict", returns="scores", max_cycles=None):
        if FRAMEWORK:
            super().__init__()
        players, modules, rules = check_options(players, modules, rules)
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        if observation not in OBSERVATIONS:
            raise ValueError(f"observation must be one of {OBSERVATIONS}")
        if returns not in RETURNS:
            raise ValueError(f"returns must be one of {RETURNS}")
        if max_cycles is not None and int(max_cycles) < 1:
            raise ValueError("max_cycles must be at least 1")
        self.render_mode = render_mode
        self.num_players = players
        self.modules = modules
        self.rules = rules
        self.observation_format = observation
        self.returns = returns
        self.max_cycles = None if max_cycles is None else int(max_cycles)
        self.encoder = ObservationEncoder(players, self.modules, self.rules, window)
        self.possible_agents = [f"player_{i}" for i in range(players)]
        n = num_distinct_actions()
        self.action_spaces = {a: _Discrete(n) for a in self.possible_agents}
        self.observation_spaces = {a: self._observation_space() for a in self.possible_agents}
        self.state_space = self.encoder.space(_Box)
        self.agents = []
        self.rewards, self._cumulative_rewards = {}, {}
        self.terminations, self.truncations, self.infos = {}, {}, {}
        self.agent_selection = None
        self._game = None
        self._seeds = None

    def _observation_space(self):
        obs = (self.encoder.pieces_space(_Box, _Dict) if self.observation_format == "dict"
               else self.encoder.space(_Box))
        n = num_distinct_actions()
        mask = (_Box(0, 1, (n,), dtype=_compat.np.int8) if FRAMEWORK
                else _spaces.Box(0, 1, (n,), "int8"))
        return _Dict({"observation": obs, "action_mask": mask})

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
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
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
        game = self._live_game()
        live = (agent in self.terminations and not self.terminations[agent]
                and not self.truncations[agent])
        mine = live and game.current_player == p
        mask = game.legal_mask() if mine else bytes(num_distinct_actions())
        obs = (self.encoder.pieces(game, p) if self.observation_format == "dict"
               else self.encoder.array(game, p))
        return {"observation": obs, "action_mask": _compat.int8_mask(mask)}

    def last(self, observe=True):
        a = self.agent_selection
        obs = self.observe(a) if observe else None
        return (obs, self._cumulative_rewards[a], self.terminations[a], self.truncations[a],
                self.infos[a])

    def state(self):
        """The global state: the flat observation tensor from player_0's seat
        (everything is public); its space is state_space."""
        return self.encoder.array(self._live_game(), 0)

    def render(self):
        """The board as text ("ansi", or no render mode); printed ("human");
        an RGB image ("rgb_array": a uint8 numpy array, height x width x 3,
        16 pixels a tile, carcvar.raster.board_rgb)."""
        if self._game is None:
            return None
        if self.render_mode == "rgb_array":
            return board_rgb(self._game)
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
        self._cumulative_rewards[agent] = 0.0
        self._advance()
        final = self._game.is_terminal
        truncated = (not final and self.max_cycles is not None
                     and self._game.turn > self.max_cycles * self.num_players)
        scores = self._game.final_scores() if final else self._game.scores()
        if self.returns == "win_loss":
            outcome = win_loss(scores) if final else [0.0] * self.num_players
            change = [o - p for o, p in zip(outcome, self._scores)]
            self._scores = outcome
        else:
            change = [float(s - p) for s, p in zip(scores, self._scores)]
            self._scores = scores
        for i, a in enumerate(self.possible_agents):
            self.rewards[a] = change[i]
            self._cumulative_rewards[a] += change[i]
            if final:
                self.terminations[a] = True
            if truncated:
                self.truncations[a] = True

    def _was_dead_step(self, action):
        """A terminated or truncated agent leaves: its entries go, the next one
        is selected (the game ends for all agents at once, so every remaining
        agent has ended too) and the per-step rewards are cleared."""
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
            self.rewards[a] = 0.0

    def agent_iter(self, max_iter=2 ** 63):
        """The agent to act, until every agent has left (or max_iter steps)."""
        for _ in range(max_iter):
            if not self.agents:
                return
            yield self.agent_selection

    def __str__(self):
        return self.metadata["name"]

    def __repr__(self):
        return (f"<CarcassonneAEC players={self.num_players} agents={len(self.agents)} "
                f"selection={self.agent_selection}>")


raw_env = CarcassonneAEC


def env(illegal_reward=None, **kwargs):
    """PettingZoo's factory convention: carcvar.pettingzoo.env(players=3).
    With PettingZoo, the environment comes wrapped as its own games are
    (OrderEnforcingWrapper over AssertOutOfBoundsWrapper; with illegal_reward,
    TerminateIllegalWrapper ends the game when an agent plays an action its
    mask forbids, giving it illegal_reward).  Without PettingZoo, the plain
    environment (an illegal action raises carcvar.IllegalActionError)."""
    e = CarcassonneAEC(**kwargs)
    if not FRAMEWORK:
        if illegal_reward is not None:
            raise RuntimeError("illegal_reward needs pettingzoo's TerminateIllegalWrapper")
        return e
    if illegal_reward is not None:
        e = _wrappers.TerminateIllegalWrapper(e, illegal_reward=illegal_reward)
    e = _wrappers.AssertOutOfBoundsWrapper(e)
    return _wrappers.OrderEnforcingWrapper(e)
