"""Polis as a PettingZoo AEC environment (agents ``"athens"`` and ``"sparta"``).

    from kleos.adapters.pettingzoo import env
    e = env(edition="2020")
    e.reset(seed=7)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        action = None if terminated or truncated else e.action_space(agent).sample(obs["action_mask"])
        e.step(action)

* Actions: ``Discrete(n)``, the edition's :class:`~kleos.adapters.actions.ActionCatalogue`
  (``env.unwrapped.catalogue.decode(i)`` is the Kleos action). A masked-out action raises
  :class:`~kleos.core.errors.IllegalAction` naming the rule it breaks.
* Observations: ``{"observation": float32 vector, "action_mask": int8 vector}``; the vector is
  built only from ``game.view(state, seat)`` (layout: ``docs/adapters.md``); the mask is all zeros
  for the agent not to act.
* Chance events (dice, cards, draws) are resolved inside the environment from the state's own
  generator, so ``reset(seed=s)`` starts exactly the Kleos game ``new_state(s)`` and the same
  seed and actions give the same game.
* Rewards: +1 for the winner and -1 for the loser at the end, 0 for a draw (shared victory) and
  for a game truncated after ``max_decisions`` decisions.
* Text: ``render()`` (``render_mode="ansi"`` returns it, ``"human"`` prints it) and
  ``env.unwrapped.text(agent)`` give :func:`kleos.games.polis.text.describe` of the agent's view;
  with ``text_in_info=True`` every info also carries it under ``"text"`` (slower).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.env_logger import EnvLogger

from kleos.adapters.actions import DEFAULT_MAX_DECISIONS, ActionCatalogue, catalogue_for
from kleos.adapters.observation import ObservationEncoder, encoder_for
from kleos.core.action import Action
from kleos.core.protocol import CHANCE
from kleos.games.polis.game import PolisGame
from kleos.games.polis.state import PolisState
from kleos.games.polis.tables import SIDES
from kleos.games.polis.text import describe

AGENTS = list(SIDES)  # ["athens", "sparta"]: seat 0 and seat 1

Observation = dict[str, npt.NDArray[Any]]


class PolisAECEnv(AECEnv):
    """One Polis game per episode; see the module docstring."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi", "human"], "name": "kleos_polis_v0",
                                          "is_parallelizable": False}

    def __init__(self, edition: str = "2020", render_mode: str | None = None, *,
                 max_decisions: int | None = DEFAULT_MAX_DECISIONS, text_in_info: bool = False,
                 data_dir: str | Path | None = None, rules: dict[str, Any] | None = None) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None, not {render_mode!r}")
        self.game = PolisGame(edition, Path(data_dir) if data_dir is not None else None, rules)
        self.edition = edition
        self.catalogue: ActionCatalogue = catalogue_for(self.game)
        self.encoder: ObservationEncoder = encoder_for(self.game)
        self.render_mode = render_mode
        self.max_decisions = max_decisions
        self.text_in_info = text_in_info
        self.possible_agents = list(AGENTS)
        self.agents = list(AGENTS)
        n = len(self.catalogue)
        self._action_spaces = {a: spaces.Discrete(n) for a in AGENTS}
        self._observation_spaces = {
            a: spaces.Dict({
                "observation": spaces.Box(low=np.zeros(self.encoder.size, dtype=np.float32),
                                          high=self.encoder.high.copy(), dtype=np.float32),
                "action_mask": spaces.Box(low=0, high=1, shape=(n,), dtype=np.int8),
            })
            for a in AGENTS
        }
        self.np_random, self.np_random_seed = seeding.np_random(None)
        self._kleos_state: PolisState | None = None
        self.game_seed: int | None = None  # the Kleos seed of the current episode
        self.decisions = 0
        self._legal: list[Action] = []
        self._legal_ids: list[int] = []

    # ----- spaces -----------------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_spaces[agent]

    # ----- episode ----------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start the Kleos game ``new_state(seed)``; without a seed, one drawn from the
        environment's generator (itself seeded by the last given seed)."""
        if seed is not None:
            self.np_random, self.np_random_seed = seeding.np_random(seed)
            game_seed = int(seed)
        else:
            game_seed = int(self.np_random.integers(0, 2**62))
        self.game_seed = game_seed
        self._kleos_state = self.game.new_state(game_seed)
        self.decisions = 0
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.agents[0]
        self._advance()

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        s = self._state()
        seat = AGENTS.index(agent)
        number = int(action)
        if number in self._legal_ids:
            self.game.apply_in_place(s, self.catalogue.decode(number), seat, validate=False)
        else:  # raises IllegalAction (or UnknownAction) with the reason, changing nothing
            self.game.apply_in_place(s, self.catalogue.decode(number), seat)
        self._cumulative_rewards[agent] = 0.0
        self.decisions += 1
        self._advance()
        self._accumulate_rewards()

    def _state(self) -> PolisState:
        if self._kleos_state is None:
            raise RuntimeError("call reset() before using the environment")
        return self._kleos_state

    @property
    def kleos_state(self) -> PolisState:
        """The Kleos state of the episode (the whole position: for analysis, not for agents)."""
        return self._state()

    def _advance(self) -> None:
        """Resolve chance events, then set the agent to act, or end the episode."""
        g, s = self.game, self._state()
        for a in self.agents:
            self.rewards[a] = 0.0
        while True:
            actors = g.actors(s)
            if actors != (CHANCE,):
                break
            g.step_chance(s)
        self._legal, self._legal_ids = [], []
        if not actors:
            outcome = g.outcome(s)
            assert outcome is not None
            for seat, a in enumerate(AGENTS):
                if a in self.rewards:
                    self.rewards[a] = 0.0 if outcome.winner is None else (1.0 if outcome.winner == seat else -1.0)
                    self.terminations[a] = True
            info = {"outcome": outcome.reason, "winner": None if outcome.winner is None else AGENTS[outcome.winner]}
            for a in self.agents:
                self.infos[a] = {**info, **self._text_info(a)}
            return
        if len(actors) != 1:
            raise AssertionError(f"several seats act at once: {actors}")
        seat = actors[0]
        self.agent_selection = AGENTS[seat]
        if self.max_decisions is not None and self.decisions >= self.max_decisions:
            for a in self.agents:
                self.truncations[a] = True
                self.infos[a] = {"truncated_after": self.decisions, **self._text_info(a)}
            return
        self._legal = g.legal_actions(s, seat)
        self._legal_ids = self.catalogue.encode_all(self._legal)
        if self.text_in_info:
            for a in self.agents:
                self.infos[a] = self._text_info(a)

    def _text_info(self, agent: str) -> dict[str, Any]:
        return {"text": self.text(agent)} if self.text_in_info else {}

    # ----- observations -----------------------------------------------------------------------
    def observe(self, agent: str) -> Observation:
        seat = AGENTS.index(agent)
        s = self._state()
        vector = self.encoder.encode(self.game.view(s, seat))
        mask = np.zeros(len(self.catalogue), dtype=np.int8)
        if agent == self.agent_selection and self._legal_ids:
            mask[self._legal_ids] = 1
        return {"observation": vector, "action_mask": mask}

    def legal_actions(self) -> list[Action]:
        """The Kleos actions the agent to act may take (their numbers: ``action_mask``)."""
        return list(self._legal)

    def text(self, agent: str | None = None) -> str:
        """The text view of ``agent`` (default: the agent to act)."""
        agent = agent if agent is not None else self.agent_selection
        return describe(self.game, self.game.view(self._state(), AGENTS.index(agent)), AGENTS.index(agent))

    def render(self) -> str | None:
        if self.render_mode is None:
            from gymnasium import logger

            logger.warn("render() called without a render_mode: pass render_mode='ansi' or 'human'")
            return None
        text = self.text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def raw_env(edition: str = "2020", render_mode: str | None = None, **kwargs: Any) -> PolisAECEnv:
    """The environment without PettingZoo's checking wrappers."""
    return PolisAECEnv(edition, render_mode, **kwargs)


class _OrderEnforcing(wrappers.OrderEnforcingWrapper):
    """PettingZoo's call-order checks, with ``last()`` handed straight to the environment: the
    inherited one reads five attributes through the wrappers' ``__getattr__``, which costs about a
    fifth of a step. Same checks, same results."""

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        if observe and not self._has_reset:
            EnvLogger.error_observe_before_reset()
        result: tuple[Any, float, bool, bool, dict[str, Any]] = self.env.last(observe)
        return result


def env(edition: str = "2020", render_mode: str | None = None, **kwargs: Any) -> Any:
    """The environment wrapped in PettingZoo's call-order check. (No bounds wrapper: the
    environment itself rejects a number outside the catalogue or a masked-out action.)"""
    return _OrderEnforcing(raw_env(edition, render_mode, **kwargs))
