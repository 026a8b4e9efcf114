"""A PettingZoo AEC-shaped environment in pure Python (pettingzoo is not
imported).  Tile draws are resolved inside the environment from the game's
seeded RNG, so agents see only their own decisions.  Rewards: each step, the
change of every player's score (the end-game scoring arrives on the last
step), so the cumulative reward of an agent is its final score.
Observations: {"observation": list of floats (see openspiel.CarcState.
observation_tensor), "action_mask": bytes of length num_distinct_actions()}.
"""
from .game import Game, CHANCE, num_distinct_actions
from .openspiel import CarcState, CarcGame


class Discrete:
    def __init__(self, n):
        self.n = n

    def contains(self, x):
        return 0 <= int(x) < self.n


class CarcassonneAEC:
    metadata = {"name": "carcassonne_v0", "is_parallelizable": False}

    def __init__(self, players=2, modules=(), rules=None):
        self.num_players = players
        self.modules = tuple(modules)
        self.rules = dict(rules or {})
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self.agents = []
        self._game = None
        self._spaces = {a: Discrete(num_distinct_actions()) for a in self.possible_agents}

    # spaces
    def action_space(self, agent):
        return self._spaces[agent]

    def observation_space(self, agent):
        return None  # a dict of a float list and a mask (see the module doc)

    # lifecycle
    def reset(self, seed=None, options=None):
        if self._game is not None:
            self._game.close()
        self._game = Game(self.num_players, 0 if seed is None else seed, self.modules,
                          self.rules)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0 for a in self.agents}
        self._cumulative_rewards = {a: 0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._scores = [0] * self.num_players
        self._advance()

    def _advance(self):
        while self._game.current_player == CHANCE:
            self._game.sample_chance()
        if self._game.is_terminal:
            self.agent_selection = self.agents[0] if self.agents else None
        else:
            self.agent_selection = self.possible_agents[self._game.current_player]

    def observe(self, agent):
        state = CarcState(CarcGame({"players": self.num_players}), self._game)
        p = self.possible_agents.index(agent)
        mine = (not self._game.is_terminal and self._game.current_player == p)
        mask = self._game.legal_mask() if mine else bytes(num_distinct_actions())
        return {"observation": state.observation_tensor(p), "action_mask": mask}

    def last(self, observe=True):
        a = self.agent_selection
        obs = self.observe(a) if observe else None
        return (obs, self._cumulative_rewards[a], self.terminations[a], self.truncations[a],
                self.infos[a])

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            # PettingZoo convention: a dead agent steps with None and leaves
            self.agents.remove(agent)
            self.agent_selection = self.agents[0] if self.agents else None
            return
        self._game.apply(int(action))
        self._advance()
        final = self._game.is_terminal
        scores = self._game.final_scores() if final else self._game.scores()
        for i, a in enumerate(self.possible_agents):
            self.rewards[a] = scores[i] - self._scores[i]
            self._cumulative_rewards[a] += self.rewards[a]
            if final:
                self.terminations[a] = True
        self._scores = scores

    def agent_iter(self, max_iter=2 ** 63):
        for _ in range(max_iter):
            if not self.agents:
                return
            yield self.agent_selection

    def render(self):
        return self._game.board_text() if self._game else ""

    def close(self):
        if self._game is not None:
            self._game.close()
            self._game = None
