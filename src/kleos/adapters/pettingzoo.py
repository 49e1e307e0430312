"""Any installed game with a research encoding as a PettingZoo AEC environment.

    from kleos.adapters.pettingzoo import env
    e = env(name, **options)                # a game's registry name, then its options
    e.reset(seed=7)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        action = None if terminated or truncated else e.action_space(agent).sample(obs["action_mask"])
        e.step(action)

* Agents: one per seat, named by the seat's name in lower case (spaces as ``_``).
* Actions: ``Discrete(n)``, the game's :class:`~kleos.adapters.actions.ActionCatalogue`
  (``env.unwrapped.catalogue.decode(i)`` is the Kleos action). A masked-out action raises
  :class:`~kleos.core.errors.IllegalAction` naming the rule it breaks.
* Observations: ``{"observation": float32 array, "action_mask": int8 vector}``; the array is built
  only from ``game.view(state, seat)`` by the game's encoding part; the mask is all zeros for the
  agents not to act.
* Several seats choosing at once (a simultaneous secret choice) act one after the other, in seat
  order: each sees only its view, which hides what the others have chosen, so the order reveals
  nothing.
* Chance events are resolved inside the environment from the state's own generator, so
  ``reset(seed=s)`` starts exactly the Kleos game ``new_state(s)`` and the same seed and actions
  give the same game.
* Rewards, zero-sum: +1 for the winner and ``-1/(n-1)`` for each of the ``n-1`` others at the end
  (+1 / -1 with two seats); 0 for everybody after a draw (a shared victory) and after a game
  truncated at ``max_decisions`` decisions.
* Text: ``render()`` (``render_mode="ansi"`` returns it, ``"human"`` prints it) and
  ``env.unwrapped.text(agent)`` give the kit's ``describe_view`` of the agent's view; with
  ``text_in_info=True`` every info also carries it under ``"text"`` (slower).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.env_logger import EnvLogger

from kleos.adapters.actions import DEFAULT_MAX_DECISIONS, ActionCatalogue
from kleos.adapters.encoding import Encoding, encoding_for, make_game, terminal_rewards
from kleos.adapters.observation import VectorEncoder
from kleos.core.action import Action
from kleos.core.protocol import CHANCE
from kleos.core.steps import count_step

Observation = dict[str, npt.NDArray[Any]]
CHANCE_STEPS = 1_000  # chance events in a row between two decisions (a game has a few): more is a broken rule


def agent_names(seat_names: Sequence[str]) -> list[str]:
    """PettingZoo agent names for the seats: lower case, ``_`` for spaces, unique."""
    names: list[str] = []
    for seat, name in enumerate(seat_names):
        agent = "_".join(name.lower().split()) or f"seat_{seat}"
        names.append(agent if agent not in names else f"{agent}_{seat}")
    return names


class KleosAECEnv(AECEnv):
    """One game per episode; see the module docstring."""

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "name": "kleos_v0",  # noqa: RUF012
                                "is_parallelizable": False}

    def __init__(self, game: str, render_mode: str | None = None, *,
                 max_decisions: int | None = DEFAULT_MAX_DECISIONS, text_in_info: bool = False,
                 **options: Any) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None, not {render_mode!r}")
        self.game = make_game(game, options)
        self.encoding: Encoding = encoding_for(self.game)
        self.kit = self.encoding.kit
        self.metadata = {**type(self).metadata, "name": f"kleos_{self.kit.name}_v0"}
        self.catalogue: ActionCatalogue = self.encoding.catalogue
        self.encoder: VectorEncoder = self.encoding.observation
        self.render_mode = render_mode
        self.max_decisions = max_decisions
        self.text_in_info = text_in_info
        agents = agent_names(self.game.seat_names)
        self.possible_agents = list(agents)
        self.agents = list(agents)
        self._seats = {agent: seat for seat, agent in enumerate(agents)}
        n = len(self.catalogue)
        self._action_spaces = {a: spaces.Discrete(n) for a in agents}
        self._observation_spaces = {
            a: spaces.Dict({
                "observation": spaces.Box(low=self.encoder.low.copy(), high=self.encoder.high.copy(),
                                          dtype=np.float32),
                "action_mask": spaces.Box(low=0, high=1, shape=(n,), dtype=np.int8),
            })
            for a in agents
        }
        self.np_random, self.np_random_seed = seeding.np_random(None)
        self._kleos_state: Any = None
        self.game_seed: int | None = None  # the Kleos seed of the current episode
        self.decisions = 0
        self._legal: list[Action] = []
        self._legal_ids: list[int] = []

    # ----- spaces -----------------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_spaces[agent]

    def seat(self, agent: str) -> int:
        """The Kleos seat of an agent."""
        return self._seats[agent]

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
        seat = self._seats[agent]
        number = int(action)
        if number in self._legal_ids:
            self.game.apply_in_place(s, self.catalogue.decode(number), seat, validate=False)
        else:  # raises IllegalAction (or UnknownAction) with the reason, changing nothing
            self.game.apply_in_place(s, self.catalogue.decode(number), seat)
        self._cumulative_rewards[agent] = 0.0
        self.decisions += 1
        self._advance()
        self._accumulate_rewards()

    def _state(self) -> Any:
        if self._kleos_state is None:
            raise RuntimeError("call reset() before using the environment")
        return self._kleos_state

    @property
    def kleos_state(self) -> Any:
        """The Kleos state of the episode (the whole position: for analysis, not for agents)."""
        return self._state()

    def _advance(self) -> None:
        """Resolve chance events, then set the agent to act, or end the episode."""
        g, s = self.game, self._state()
        for a in self.agents:
            self.rewards[a] = 0.0
        steps = 0
        while True:
            actors = g.actors(s)
            if actors != (CHANCE,):
                break
            steps = count_step(steps, CHANCE_STEPS, "the chance steps between two decisions")
            g.step_chance(s)
        self._legal, self._legal_ids = [], []
        if not actors:
            self._finish()
            return
        seat = actors[0]  # several at once: in seat order, each seeing only its view
        self.agent_selection = self.possible_agents[seat]
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

    def _finish(self) -> None:
        outcome = self.game.outcome(self._state())
        assert outcome is not None
        values = terminal_rewards(outcome.winner, len(self.possible_agents))
        for seat, a in enumerate(self.possible_agents):
            if a in self.rewards:
                self.rewards[a] = values[seat]
                self.terminations[a] = True
        winner = None if outcome.winner is None else self.possible_agents[outcome.winner]
        info = {"outcome": outcome.reason, "winner": winner}
        for a in self.agents:
            self.infos[a] = {**info, **self._text_info(a)}

    def _text_info(self, agent: str) -> dict[str, Any]:
        return {"text": self.text(agent)} if self.text_in_info else {}

    # ----- observations -----------------------------------------------------------------------
    def observe(self, agent: str) -> Observation:
        seat = self._seats[agent]
        vector = self.encoder.encode(self.game.view(self._state(), seat))
        mask = np.zeros(len(self.catalogue), dtype=np.int8)
        if agent == self.agent_selection and self._legal_ids:
            mask[self._legal_ids] = 1
        return {"observation": vector, "action_mask": mask}

    def legal_actions(self) -> list[Action]:
        """The Kleos actions the agent to act may take (their numbers: ``action_mask``)."""
        return list(self._legal)

    def text(self, agent: str | None = None) -> str:
        """The text view of ``agent`` (default: the agent to act)."""
        seat = self._seats[agent if agent is not None else self.agent_selection]
        return self.encoding.describe(self.game.view(self._state(), seat), seat)

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


def raw_env(game: str, render_mode: str | None = None, **kwargs: Any) -> KleosAECEnv:
    """The environment of game ``game`` (its registry name; ``kwargs``: the environment's keywords
    and the game's options) without PettingZoo's checking wrappers."""
    return KleosAECEnv(game, render_mode, **kwargs)


class _OrderEnforcing(wrappers.OrderEnforcingWrapper):
    """PettingZoo's call-order checks, with ``last()`` handed straight to the environment: the
    inherited one reads five attributes through the wrappers' ``__getattr__``, which costs about a
    fifth of a step. Same checks, same results."""

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        if observe and not self._has_reset:
            EnvLogger.error_observe_before_reset()
        result: tuple[Any, float, bool, bool, dict[str, Any]] = self.env.last(observe)
        return result


def env(game: str, render_mode: str | None = None, **kwargs: Any) -> Any:
    """The environment wrapped in PettingZoo's call-order check. (No bounds wrapper: the
    environment itself rejects a number outside the catalogue or a masked-out action.)"""
    return _OrderEnforcing(raw_env(game, render_mode, **kwargs))
