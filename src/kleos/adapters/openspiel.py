"""Polis as an OpenSpiel game (``pyspiel.load_game("kleos_polis(edition=2012)")``).

Importing this module registers the Python game ``kleos_polis`` with ``pyspiel``. It is
sequential, zero-sum (+1 / -1, 0 for a draw or a truncated game), of imperfect information (the
battle hands) and has explicit chance nodes: ``chance_outcomes()`` are Kleos's own outcomes with
their probabilities (dice, battle cards, project tiles, event cards), numbered by the edition's
:class:`~kleos.adapters.actions.ActionCatalogue` (players' actions and chance outcomes are
numbered separately).

* ``information_state_string(p)``: an exact text of ``game.view(state, p)`` plus the decision and
  chance-outcome counts (equal strings, equal views); ``observation_string(p)``: the readable
  :func:`kleos.games.polis.text.describe` of the same view. Both tensors are the observation
  vector of :mod:`kleos.adapters.observation` (layout: ``docs/adapters.md``). Neither is
  perfect-recall: they show what the seat sees now, not what it saw before.
* ``resample_from_infostate(p, sampler)`` deals the hidden hands with ``game.determinize``, so
  OpenSpiel's ISMCTS bot can search (:func:`make_ismcts_bot`).
* ``max_game_length`` (parameter, default 2000) ends a game as a draw after that many decisions
  or that many chance outcomes (``max_chance_nodes_in_history``): the rules set no bound on a
  game's length, OpenSpiel needs one.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from kleos.adapters.actions import DEFAULT_MAX_DECISIONS, ActionCatalogue, catalogue_for
from kleos.adapters.observation import ObservationEncoder, encoder_for, view_key
from kleos.agents.polis_eval import win_probability
from kleos.core.action import Action
from kleos.core.protocol import CHANCE
from kleos.games.polis.game import PolisGame
from kleos.games.polis.state import PolisState
from kleos.games.polis.text import describe
from kleos.games.polis.view import PolisView

SHORT_NAME = "kleos_polis"

GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Kleos: Polis",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"edition": 2020, "max_game_length": DEFAULT_MAX_DECISIONS},
)


class _Spec:
    """What every state of one loaded game shares (never copied with a state)."""

    def __init__(self, kleos: PolisGame, max_length: int) -> None:
        self.kleos = kleos
        self.catalogue: ActionCatalogue = catalogue_for(kleos)
        self.encoder: ObservationEncoder = encoder_for(kleos)
        self.max_length = max_length
        self.initial = kleos.new_state(0)
        self.py_game: PolisSpielGame | None = None


_SPECS: dict[tuple[str, int], _Spec] = {}


def _spec(options: dict[str, Any], max_length: int) -> _Spec:
    """The shared part of the games with these Kleos options and maximum length (cached)."""
    key = (json.dumps(options, sort_keys=True), max_length)
    if key not in _SPECS:
        _SPECS[key] = _Spec(PolisGame.from_options(options), max_length)
    return _SPECS[key]


def _restore(options: dict[str, Any], max_length: int, state: dict[str, Any], decisions: int, chances: int) -> _Core:
    spec = _spec(options, max_length)
    return _Core(spec, spec.kleos.state_from_json(state), decisions, chances)


class _Core:
    """The Kleos state behind an OpenSpiel state. OpenSpiel clones Python states with
    ``copy.deepcopy`` of their attributes and serializes them with ``pickle``: this keeps both
    cheap (a flat state copy) and leaves the shared tables alone."""

    __slots__ = ("chances", "decisions", "legal", "spec", "state")

    def __init__(self, spec: _Spec, state: PolisState, decisions: int = 0, chances: int = 0) -> None:
        self.spec = spec
        self.state = state
        self.decisions = decisions  # player decisions taken through this adapter
        self.chances = chances  # chance outcomes applied through this adapter
        self.legal: list[Action] | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> _Core:
        core = _Core(self.spec, self.state.copy(), self.decisions, self.chances)
        core.legal = self.legal
        return core

    def __reduce__(self) -> tuple[Any, ...]:
        kleos = self.spec.kleos
        return (_restore, (kleos.options, self.spec.max_length, kleos.state_to_json(self.state), self.decisions,
                           self.chances))

    def over(self) -> bool:
        """The game is over, or truncated (``max_game_length`` decisions or chance outcomes)."""
        return (self.state.outcome is not None or self.decisions >= self.spec.max_length
                or self.chances >= self.spec.max_length)

    def key(self) -> str:
        return f"decisions={self.decisions} chances={self.chances}"


class PolisSpielGame(pyspiel.Game):
    """The OpenSpiel game of one edition (integer parameters ``edition``, 2012 or 2020, and
    ``max_game_length``; integers so that OpenSpiel's game strings read them back)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        edition = str(params.get("edition", "2020"))
        max_length = int(params.get("max_game_length", DEFAULT_MAX_DECISIONS))
        if max_length < 1:
            raise ValueError("max_game_length must be at least 1")
        spec = _spec({"edition": edition}, max_length)
        info = pyspiel.GameInfo(
            num_distinct_actions=spec.catalogue.num_actions,
            max_chance_outcomes=spec.catalogue.num_chance,
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=max_length,
        )
        super().__init__(GAME_TYPE, info, {"edition": int(edition), "max_game_length": max_length})
        self.spec = spec
        spec.py_game = self

    @property
    def kleos(self) -> PolisGame:
        return self.spec.kleos

    @property
    def catalogue(self) -> ActionCatalogue:
        return self.spec.catalogue

    def new_initial_state(self) -> PolisSpielState:
        return PolisSpielState(self, _Core(self.spec, self.spec.initial.copy()))

    def state_from_kleos(self, state: PolisState) -> PolisSpielState:
        """An OpenSpiel state holding a copy of a Kleos state (counted from there: its past is not
        in the OpenSpiel history)."""
        return PolisSpielState(self, _Core(self.spec, state.copy()))

    def max_chance_nodes_in_history(self) -> int:
        """The game is truncated after as many chance outcomes as decisions (``max_game_length``)."""
        return self.spec.max_length

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> PolisObserver:
        return PolisObserver(self.spec, iig_obs_type, params)


class PolisSpielState(pyspiel.State):
    """An OpenSpiel state wrapping a Kleos :class:`PolisState` (``kleos_state``)."""

    def __init__(self, game: PolisSpielGame, core: _Core | None = None) -> None:
        super().__init__(game)
        self._core = core if core is not None else _Core(game.spec, game.spec.initial.copy())

    @property
    def kleos_state(self) -> PolisState:
        return self._core.state

    @property
    def decisions(self) -> int:
        """Player decisions taken through this state so far (chance outcomes not counted)."""
        return self._core.decisions

    @property
    def chances(self) -> int:
        """Chance outcomes applied through this state so far."""
        return self._core.chances

    def current_player(self) -> int:
        c = self._core
        if c.over():
            return int(pyspiel.PlayerId.TERMINAL)
        actors = c.spec.kleos.actors(c.state)
        if actors == (CHANCE,):
            return int(pyspiel.PlayerId.CHANCE)
        return actors[0]

    def is_terminal(self) -> bool:
        return self._core.over()

    def _kleos_legal(self) -> list[Action]:
        c = self._core
        if c.legal is None:
            c.legal = c.spec.kleos.legal_actions(c.state)
        return c.legal

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self._core.spec.catalogue.encode_all(self._kleos_legal()))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        c = self._core
        cat = c.spec.catalogue
        return sorted((cat.encode_chance(a), p) for a, p in c.spec.kleos.chance_outcomes(c.state))

    def _apply_action(self, action: int) -> None:
        c = self._core
        g, cat = c.spec.kleos, c.spec.catalogue
        if g.is_chance(c.state):
            g.apply_in_place(c.state, cat.decode_chance(int(action)), CHANCE)
            c.chances += 1
        else:
            chosen = cat.decode(int(action))
            known = c.legal is not None and chosen in c.legal
            g.apply_in_place(c.state, chosen, validate=not known)
            c.decisions += 1
        c.legal = None

    def _action_to_string(self, player: int, action: int) -> str:
        cat = self._core.spec.catalogue
        return str(cat.decode_chance(action) if player == CHANCE else cat.decode(action))

    def returns(self) -> list[float]:
        outcome = self._core.state.outcome
        if outcome is None or outcome.winner is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if outcome.winner == 0 else [-1.0, 1.0]

    def resample_from_infostate(self, player_id: int, probability_sampler: Callable[[], float]) -> PolisSpielState:
        """A state ``player_id`` cannot tell from this one: the hands it does not see dealt again
        from the cards it has not seen (``game.determinize``), with a fresh generator."""
        c = self._core
        seed = int(probability_sampler() * 2**53) ^ (int(probability_sampler() * 2**53) << 53)
        view = c.spec.kleos.view(c.state, player_id)
        state = c.spec.kleos.determinize(view, random.Random(seed))
        game = c.spec.py_game if c.spec.py_game is not None else self.get_game()
        return PolisSpielState(game, _Core(c.spec, state, c.decisions, c.chances))

    def __str__(self) -> str:
        c = self._core
        return c.key() + "\n" + c.spec.kleos.position_text(c.state)


class PolisObserver:
    """OpenSpiel's observer protocol: ``tensor``/``dict`` filled by ``set_from``, ``string_from``.

    Perfect-recall requests (the information state) get the exact view text; the others (the
    observation) the readable description. Private information of one player (the default) or
    none (a spectator's public view) are supported."""

    def __init__(self, spec: _Spec, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        self.spec = spec
        private = pyspiel.PrivateInfoType.SINGLE_PLAYER
        self.exact = False
        if iig_obs_type is not None:
            private = iig_obs_type.private_info
            self.exact = bool(iig_obs_type.perfect_recall)
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("kleos_polis observes one player's view or the public view, not all hands at once")
        self.public = private == pyspiel.PrivateInfoType.NONE
        self.tensor = np.zeros(spec.encoder.size, dtype=np.float32)
        self.dict = {"observation": self.tensor}

    def _view(self, state: PolisSpielState, player: int) -> PolisView:
        core: _Core = state._core
        return core.spec.kleos.view(core.state, None if self.public else player)

    def set_from(self, state: PolisSpielState, player: int) -> None:
        self.tensor[:] = self.spec.encoder.encode(self._view(state, player))

    def string_from(self, state: PolisSpielState, player: int) -> str:
        view = self._view(state, player)
        if self.exact:
            return f"{state._core.key()} {view_key(view)}"
        return describe(self.spec.kleos, view, view.seat)


pyspiel.register_game(GAME_TYPE, PolisSpielGame)


def load(edition: str = "2020", max_game_length: int = DEFAULT_MAX_DECISIONS) -> PolisSpielGame:
    """The registered game for an edition."""
    game: PolisSpielGame = pyspiel.load_game(SHORT_NAME, {"edition": int(edition), "max_game_length": max_game_length})
    return game


# ----- search ---------------------------------------------------------------------------------
class KleosEvaluator(mcts.Evaluator):
    """Leaf values for OpenSpiel's MCTS/ISMCTS from Kleos's static Polis evaluation
    (:func:`kleos.agents.polis_eval.win_probability`, mapped to [-1, 1]); uniform priors."""

    def evaluate(self, state: PolisSpielState) -> np.ndarray[Any, np.dtype[np.float64]]:
        c = state._core
        if c.state.outcome is None and c.over():
            return np.array([0.0, 0.0])
        v = 2.0 * win_probability(c.spec.kleos.tables, c.state, 0) - 1.0
        return np.array([v, -v])

    def prior(self, state: PolisSpielState) -> list[tuple[int, float]]:
        if state.is_chance_node():
            return list(state.chance_outcomes())
        legal = state.legal_actions(state.current_player())
        return [(a, 1.0 / len(legal)) for a in legal]


def make_ismcts_bot(game: PolisSpielGame, *, max_simulations: int = 100, seed: int = 0, uct_c: float = 2.0,
                    evaluator: Any = None) -> Any:
    """OpenSpiel's ISMCTS bot on this game, reproducible from ``seed`` (its own generator and the
    determinizations); ``evaluator`` defaults to :class:`KleosEvaluator`."""
    rng = np.random.RandomState(seed)
    bot = ismcts.ISMCTSBot(game, evaluator or KleosEvaluator(), uct_c, max_simulations, random_state=rng,
                           final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT)
    draws = random.Random(seed)

    def resample(state: PolisSpielState, player: int) -> PolisSpielState:
        return state.resample_from_infostate(player, draws.random)

    bot.set_resampler(resample)
    return bot


class SpielBotAgent:
    """A Kleos agent (``choose(view, legal, rng)``) played by an OpenSpiel bot of this game.

    The agent sees only its view: the position handed to the bot is ``game.determinize(view)``,
    so a bot that samples what it cannot see (ISMCTS) never learns the opponent's hand."""

    def __init__(self, game: PolisSpielGame, bot: Any, name: str = "openspiel") -> None:
        self.game = game
        self.bot = bot
        self.name = name

    def choose(self, view: Any, legal: list[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        state = PolisSpielState(self.game, _Core(self.game.spec, self.game.kleos.determinize(view, rng)))
        action = self.game.catalogue.decode(int(self.bot.step(state)))
        if action not in legal:
            raise AssertionError(f"the bot chose '{action}', not a legal action here")
        return action
