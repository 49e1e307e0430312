"""Any installed game with a research encoding as an OpenSpiel game (``kleos_<name>``).

Importing this module registers with ``pyspiel`` a Python game ``kleos_<name>`` for every
installed game whose kit has an encoding part (``pyspiel.load_game("kleos_<name>(edition=2012)")``);
:func:`load` registers a game added later (a kit registered in a test) and loads it. Each is
sequential, zero-sum (+1 for the winner, ``-1/(n-1)`` for each other seat, 0 for everybody after a
draw or a truncated game), of imperfect information, for the kit's seat range, and has explicit
chance nodes: ``chance_outcomes()`` are Kleos's own outcomes with their probabilities, numbered by
the game's :class:`~kleos.adapters.actions.ActionCatalogue` (players' actions and chance
outcomes are numbered separately).

* Several seats choosing at once (a simultaneous secret choice) are sequentialized: they act one
  after the other in seat order, and each sees only its view, which hides the choices already
  made, so the game stays what it is (OpenSpiel's simultaneous-move games are not used).
* Parameters: the kit's options that have a plain default (a text made of digits is read as an
  integer, as OpenSpiel's game strings read it back; it reaches the kit as text again) and
  ``max_game_length`` (default 2000): the game ends as a draw after that many decisions or that
  many chance outcomes (``max_chance_nodes_in_history``); rules need not bound a game's length,
  OpenSpiel needs a bound.
* ``information_state_string(p)``: the decision and chance-outcome counts and an exact text of
  ``game.view(state, p)`` (the game's ``key``, else its view JSON: equal strings, equal views);
  ``observation_string(p)``: the kit's readable ``describe_view`` of the same view. Both tensors are
  the game's observation array, flattened. Neither is perfect-recall: they show what the seat sees
  now, not what it saw before.
* ``resample_from_infostate(p, sampler)`` redraws what ``p`` cannot see with ``game.determinize``,
  so OpenSpiel's ISMCTS bot can search (:func:`make_ismcts_bot`).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from kleos.adapters.actions import DEFAULT_MAX_DECISIONS, ActionCatalogue
from kleos.adapters.encoding import Encoding, NoEncoding, encoding_for, terminal_rewards
from kleos.core import registry
from kleos.core.action import Action
from kleos.core.kit import GameKit
from kleos.core.kit.agents import Evaluator
from kleos.core.kit.params import S, V
from kleos.core.protocol import CHANCE, Game

PREFIX = "kleos_"
LENGTH = "max_game_length"
Scalar = int | float | bool | str


def short_name(game: str) -> str:
    """The OpenSpiel name of a Kleos game."""
    return PREFIX + game


_NUMBER_CHARS = frozenset("+-0123456789.")


def _readable(text: str) -> bool:
    """Whether OpenSpiel's game strings read ``text`` back: they read a text made only of digits,
    signs and dots as a number, so one such as ``1-2-3`` cannot be written."""
    return text.isdigit() or not set(text) <= _NUMBER_CHARS


def _parameters(kit: GameKit) -> dict[str, Scalar]:
    """The OpenSpiel parameters of a kit: its options with a plain default that game strings can
    read back (any other keeps its default under OpenSpiel), and the length bound."""
    params: dict[str, Scalar] = {}
    for spec in kit.options:
        default = spec.default
        if spec.local_only or not isinstance(default, Scalar):
            continue
        if isinstance(default, str) and not _readable(default):
            continue
        params[spec.name] = int(default) if isinstance(default, str) and default.isdigit() else default
    params[LENGTH] = DEFAULT_MAX_DECISIONS
    return params


def _options(kit: GameKit, params: Mapping[str, Any]) -> dict[str, Any]:
    """The kit's options from OpenSpiel parameters, read by the kit's one options parser (a choice
    such as ``"98"``, which a game string gives back as a number, is the choice again)."""
    names = {spec.name for spec in kit.options}
    return kit.checked_options({name: value for name, value in params.items() if name in names})


class _Spec:
    """What every state of one loaded game shares (never copied with a state)."""

    def __init__(self, kit: GameKit, game: Game[Any, Any], max_length: int) -> None:
        self.kit = kit
        self.kleos = game
        self.encoding: Encoding = encoding_for(game)
        self.catalogue: ActionCatalogue = self.encoding.catalogue
        self.seats = len(game.seat_names)
        self.max_length = max_length
        self.initial = game.new_state(0)
        self.py_game: KleosSpielGame | None = None


_SPECS: dict[tuple[str, str, int], _Spec] = {}


def _spec(name: str, options: Mapping[str, Any], max_length: int) -> _Spec:
    """The shared part of the games ``name`` with these options and maximum length (cached)."""
    key = (name, json.dumps(dict(options), sort_keys=True), max_length)
    if key not in _SPECS:
        kit = registry.kit(name)
        _SPECS[key] = _Spec(kit, kit.make_game(options), max_length)
    return _SPECS[key]


def _restore(name: str, options: dict[str, Any], max_length: int, state: dict[str, Any], decisions: int,
             chances: int) -> _Core:
    spec = _spec(name, options, max_length)
    return _Core(spec, spec.kleos.state_from_json(state), decisions, chances)


class _Core:
    """The Kleos state behind an OpenSpiel state. OpenSpiel clones Python states with
    ``copy.deepcopy`` of their attributes and serializes them with ``pickle``: this keeps both
    cheap (the game's own state copy) and leaves the shared tables alone."""

    __slots__ = ("chances", "decisions", "legal", "spec", "state")

    def __init__(self, spec: _Spec, state: Any, decisions: int = 0, chances: int = 0) -> None:
        self.spec = spec
        self.state = state
        self.decisions = decisions  # player decisions taken through this adapter
        self.chances = chances  # chance outcomes applied through this adapter
        self.legal: list[Action] | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> _Core:
        core = _Core(self.spec, self.spec.kleos.copy(self.state), self.decisions, self.chances)
        core.legal = self.legal
        return core

    def __reduce__(self) -> tuple[Any, ...]:
        kleos = self.spec.kleos
        return (_restore, (self.spec.kit.name, kleos.options, self.spec.max_length, kleos.state_to_json(self.state),
                           self.decisions, self.chances))

    def truncated(self) -> bool:
        """``max_game_length`` decisions or chance outcomes were taken: the game stops as a draw."""
        return self.decisions >= self.spec.max_length or self.chances >= self.spec.max_length

    def over(self) -> bool:
        """The game is over, or truncated."""
        return self.truncated() or not self.spec.kleos.actors(self.state)

    def key(self) -> str:
        return f"decisions={self.decisions} chances={self.chances}"


_TYPES: dict[str, tuple[pyspiel.GameType, dict[str, Scalar]]] = {}
"""The registered games: their OpenSpiel type and parameter defaults, by Kleos name."""


def _game_type(kit: GameKit, params: dict[str, Scalar]) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=short_name(kit.name),
        long_name=f"Kleos: {kit.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=kit.max_seats,
        min_num_players=kit.min_seats,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )


class KleosSpielGame(pyspiel.Game):
    """The OpenSpiel game of one Kleos game and its options (see the module docstring)."""

    def __init__(self, name: str, params: Mapping[str, Any] | None = None) -> None:
        kit = registry.kit(name)
        game_type, defaults = _TYPES[name]
        given = {**defaults, **dict(params or {})}
        max_length = int(given.pop(LENGTH))
        if max_length < 1:
            raise ValueError(f"{LENGTH} must be at least 1")
        spec = _spec(name, _options(kit, given), max_length)
        seats = spec.seats
        info = pyspiel.GameInfo(
            num_distinct_actions=spec.catalogue.num_actions,
            max_chance_outcomes=spec.catalogue.num_chance,
            num_players=seats,
            min_utility=min(terminal_rewards(0, seats)),
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=max_length,
        )
        super().__init__(game_type, info, {**given, LENGTH: max_length})
        self.spec = spec
        spec.py_game = self

    @property
    def kleos(self) -> Game[Any, Any]:
        return self.spec.kleos

    @property
    def catalogue(self) -> ActionCatalogue:
        return self.spec.catalogue

    def new_initial_state(self) -> KleosSpielState:
        return KleosSpielState(self, _Core(self.spec, self.spec.kleos.copy(self.spec.initial)))

    def state_from_kleos(self, state: Any) -> KleosSpielState:
        """An OpenSpiel state holding a copy of a Kleos state (counted from there: its past is not
        in the OpenSpiel history)."""
        return KleosSpielState(self, _Core(self.spec, self.spec.kleos.copy(state)))

    def max_chance_nodes_in_history(self) -> int:
        """The game is truncated after as many chance outcomes as decisions (``max_game_length``)."""
        return self.spec.max_length

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> KleosObserver:
        return KleosObserver(self.spec, iig_obs_type, params)


class KleosSpielState(pyspiel.State):
    """An OpenSpiel state wrapping a Kleos state (``kleos_state``)."""

    def __init__(self, game: KleosSpielGame, core: _Core | None = None) -> None:
        super().__init__(game)
        self._core = core if core is not None else _Core(game.spec, game.spec.kleos.copy(game.spec.initial))

    @property
    def kleos_state(self) -> Any:
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
        actors = c.spec.kleos.actors(c.state)
        if not actors or c.truncated():
            return int(pyspiel.PlayerId.TERMINAL)
        if actors == (CHANCE,):
            return int(pyspiel.PlayerId.CHANCE)
        return actors[0]  # several at once: in seat order, each seeing only its view

    def is_terminal(self) -> bool:
        return self._core.over()

    def _kleos_legal(self) -> list[Action]:
        c = self._core
        if c.legal is None:
            c.legal = c.spec.kleos.legal_actions(c.state, c.spec.kleos.actors(c.state)[0])
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
        seat = g.actors(c.state)[0]
        if seat == CHANCE:
            g.apply_in_place(c.state, cat.decode_chance(int(action)), CHANCE)
            c.chances += 1
        else:
            chosen = cat.decode(int(action))
            known = c.legal is not None and chosen in c.legal
            g.apply_in_place(c.state, chosen, seat, validate=not known)
            c.decisions += 1
        c.legal = None

    def _action_to_string(self, player: int, action: int) -> str:
        cat = self._core.spec.catalogue
        return str(cat.decode_chance(action) if player == CHANCE else cat.decode(action))

    def returns(self) -> list[float]:
        c = self._core
        outcome = c.spec.kleos.outcome(c.state)
        return terminal_rewards(None if outcome is None else outcome.winner, c.spec.seats)

    def resample_from_infostate(self, player_id: int, probability_sampler: Callable[[], float]) -> KleosSpielState:
        """A state ``player_id`` cannot tell from this one: what it does not see drawn again
        (``game.determinize``), with a fresh generator."""
        c = self._core
        seed = int(probability_sampler() * 2**53) ^ (int(probability_sampler() * 2**53) << 53)
        view = c.spec.kleos.view(c.state, player_id)
        state = c.spec.kleos.determinize(view, random.Random(seed))
        game = c.spec.py_game if c.spec.py_game is not None else self.get_game()
        return KleosSpielState(game, _Core(c.spec, state, c.decisions, c.chances))

    def __str__(self) -> str:
        c = self._core
        return c.key() + "\n" + c.spec.kleos.position_text(c.state)


class KleosObserver:
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
            raise ValueError(f"{short_name(spec.kit.name)} observes one player's view or the public view, "
                             "not every seat's secrets at once")
        self.public = private == pyspiel.PrivateInfoType.NONE
        self.tensor = np.zeros(spec.encoding.observation.size, dtype=np.float32)
        self.dict = {"observation": self.tensor}

    def _view(self, state: KleosSpielState, player: int) -> Any:
        core: _Core = state._core
        return core.spec.kleos.view(core.state, None if self.public else player)

    def set_from(self, state: KleosSpielState, player: int) -> None:
        self.tensor[:] = self.spec.encoding.observation.encode(self._view(state, player)).reshape(-1)

    def string_from(self, state: KleosSpielState, player: int) -> str:
        view = self._view(state, player)
        if self.exact:
            return f"{state._core.key()} {self.spec.encoding.observation.key(view)}"
        return self.spec.encoding.describe(view, None if self.public else player)


def _game_class(name: str) -> type[KleosSpielGame]:
    """A class of the games of ``name``, for ``pyspiel.register_game`` (which builds a game from its
    parameters alone)."""

    def __init__(self: KleosSpielGame, params: Mapping[str, Any] | None = None) -> None:
        KleosSpielGame.__init__(self, name, params)

    return type(f"KleosSpielGame_{name}", (KleosSpielGame,), {"__init__": __init__})


def register(name: str) -> str:
    """Register game ``name`` with ``pyspiel`` (once) and give its OpenSpiel name.

    :class:`~kleos.adapters.encoding.NoEncoding` if its kit has no encoding part."""
    if name not in _TYPES:
        kit = registry.kit(name)
        if kit.encoding_parts() is None:
            raise NoEncoding(name)
        params = _parameters(kit)
        _TYPES[name] = (_game_type(kit, params), params)
        pyspiel.register_game(_TYPES[name][0], _game_class(name))
    return short_name(name)


def load(game: str, *, max_game_length: int = DEFAULT_MAX_DECISIONS, **options: Scalar) -> KleosSpielGame:
    """The OpenSpiel game of Kleos game ``game`` (its registry name) with these options (an option
    declared as an integer parameter may be given as its text, ``edition="2012"``)."""
    name = register(game)
    defaults = _TYPES[game][1]
    params: dict[str, Scalar] = {}
    for key, value in options.items():
        wanted = defaults.get(key)
        params[key] = int(value) if isinstance(wanted, int) and isinstance(value, str) and value.isdigit() else value
    loaded: KleosSpielGame = pyspiel.load_game(name, {**params, LENGTH: max_game_length})
    return loaded


def _register_installed() -> None:
    for name, kit in registry.games().items():
        if kit.encoding_parts() is not None:
            register(name)


_register_installed()


# ----- search ---------------------------------------------------------------------------------
class KleosEvaluator(mcts.Evaluator):
    """Leaf values for OpenSpiel's MCTS/ISMCTS from the game's own evaluation (its kit's agent
    part), read as win chances ``e`` in [0, 1] and mapped to the expected reward
    ``(n·e - 1)/(n - 1)`` (``2e - 1`` with two seats); uniform priors."""

    def __init__(self, evaluate: Evaluator) -> None:
        self.evaluate_seat = evaluate

    def evaluate(self, state: KleosSpielState) -> np.ndarray[Any, np.dtype[np.float64]]:
        c = state._core
        n = c.spec.seats
        if c.spec.kleos.outcome(c.state) is None and c.truncated():
            return np.zeros(n)
        return np.array([(n * self.evaluate_seat(c.state, seat) - 1.0) / (n - 1) for seat in range(n)])

    def prior(self, state: KleosSpielState) -> list[tuple[int, float]]:
        if state.is_chance_node():
            return list(state.chance_outcomes())
        legal = state.legal_actions(state.current_player())
        return [(a, 1.0 / len(legal)) for a in legal]


def default_evaluator(game: KleosSpielGame, seed: int = 0) -> Any:
    """:class:`KleosEvaluator` when the game's kit brings an evaluation, else random rollouts."""
    parts = game.spec.kit.agent_parts()
    if parts is not None and parts.evaluator is not None:
        return KleosEvaluator(parts.evaluator(game.kleos))
    return mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(seed))


def make_ismcts_bot(game: KleosSpielGame, *, max_simulations: int = 100, seed: int = 0, uct_c: float = 2.0,
                    evaluator: Any = None) -> Any:
    """OpenSpiel's ISMCTS bot on this game, reproducible from ``seed`` (its own generator and the
    determinizations); ``evaluator`` defaults to :func:`default_evaluator`."""
    rng = np.random.RandomState(seed)
    bot = ismcts.ISMCTSBot(game, evaluator or default_evaluator(game, seed), uct_c, max_simulations,
                           random_state=rng, final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT)
    draws = random.Random(seed)

    def resample(state: KleosSpielState, player: int) -> KleosSpielState:
        return state.resample_from_infostate(player, draws.random)

    bot.set_resampler(resample)
    return bot


def _own_seat(game: Game[S, V], view: V, state: S, legal: list[Action]) -> int:
    """The seat a view belongs to: the view's ``seat`` when it has one, else the one seat to act in
    ``state`` (a determinization of the view) whose legal actions are ``legal``."""
    actors = [seat for seat in game.actors(state) if seat != CHANCE]
    seat = getattr(view, "seat", None)
    if isinstance(seat, int) and seat in actors:
        return seat
    for seat in actors:
        if len(actors) == 1 or game.legal_actions(state, seat) == legal:
            return int(seat)
    raise ValueError("the agent's seat is not among the seats to act")


class SpielBotAgent:
    """A Kleos agent (``choose(view, legal, rng)``) played by an OpenSpiel bot of this game.

    The agent sees only its view: the position handed to the bot is ``game.determinize(view)``,
    so a bot that samples what it cannot see (ISMCTS) never learns another seat's secrets. When
    several seats choose at once and seats before this one (in the sequential order) have not
    chosen yet, their choices are drawn at random: this seat could not see them anyway."""

    def __init__(self, game: KleosSpielGame, bot: Any, name: str = "openspiel") -> None:
        self.game = game
        self.bot = bot
        self.name = name

    def choose(self, view: Any, legal: list[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        kleos = self.game.kleos
        state = kleos.determinize(view, rng)
        seat = _own_seat(kleos, view, state, legal)
        while (actors := kleos.actors(state)) and actors[0] != seat:
            ahead = kleos.legal_actions(state, actors[0])
            kleos.apply_in_place(state, ahead[rng.randrange(len(ahead))], actors[0], validate=False)
        spiel_state = KleosSpielState(self.game, _Core(self.game.spec, state))
        action = self.game.catalogue.decode(int(self.bot.step(spiel_state)))
        if action not in legal:
            raise AssertionError(f"the bot chose '{action}', not a legal action here")
        return action
