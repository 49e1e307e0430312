"""Shapes shared by the rule modules: how an action kind and a step of a compound action look, and
the :class:`Handover` a phase returns when it has run its course.

Each top-level action (create hoplites, siege, trade …) is an :class:`ActionKind`; each decision
inside a compound action (paying for the next hoplite, moving the next unit …) is handled by the
:class:`StepKind` named by ``state.pending[0]``. Both have one ``check`` that returns the rule a
candidate breaks, or ``None``: legal actions are exactly the candidates that pass it, so the
menus, the AI and the error messages can never disagree.

Each kind and step also carries ``legal``, a generator that lists those same actions, in the
same order, straight from the state (reach sets, affordable goods) instead of building every
candidate and running it through ``check``: search and playouts ask for the legal actions at every
node. The check stays the one statement of the rules; ``tests/polis/test_generator_equals_checker.py``
holds every generator equal to it on thousands of positions.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from functools import partial
from typing import NamedTuple

from kleos.core.action import Action
from kleos.core.errors import IllegalAction
from kleos.games.polis.state import PolisState
from kleos.games.polis.tables import GOOD_INDEX, GOODS, Tables


class Violation(NamedTuple):
    """The rule an action breaks: its ID, an English template and the template's parameters.

    The rules stay language-free: each surface renders ``template`` in its reader's language from
    the game's catalogue and fills it with ``params`` (``message`` is the English text, for logs)."""

    rule: str
    template: str
    params: tuple[tuple[str, object], ...] = ()

    @property
    def message(self) -> str:
        return self.template.format(**dict(self.params)) if self.params else self.template


def broken(rule: str, template: str, **params: object) -> Violation:
    """The violation of ``rule``, told by ``template`` filled with ``params``."""
    return Violation(rule, template, tuple(params.items()))


Candidates = Callable[[Tables, PolisState, int], Iterable[Action]]
Generator = Callable[[Tables, PolisState, int], list[Action]]  # a new list at every call
Check = Callable[[Tables, PolisState, int, Action], Violation | None]
Apply = Callable[[Tables, PolisState, int, Action], None]

DEVELOPMENT, MILITARY, POLITICAL = "development", "military", "political"


class Handover(Enum):
    """What a phase function returns when its phase has run its course, for
    :mod:`kleos.games.polis.rules.flow` to begin the next one (``None``: the phase goes on, a seat or
    chance decides next). The phase modules never call one another; this is how they hand over."""

    TURN_OVER = "turn over"  # the active player's turn ended after its actions (R-TURN-3)
    PASSED = "passed"  # the active player passed, ending his turn and his round (R-TURN-4, R-TURN-5)
    BATTLES_OVER = "battles over"  # every battle of a battle check is fought (R-BATTLE-7)
    ROUND_OVER = "round over"  # the end of round and the next round's preparation are done (R-PREP)
    EVENT_DRAWN = "event drawn"  # this round's event card came up by chance: it is read (R-ROUND-8)
    EVENT_OVER = "event over"  # the event card is applied: the turns may begin (R-ROUND-9)


@dataclass(frozen=True)
class ActionKind:
    """A top-level action type (R-TURN-2). ``start`` runs after the costs common to all actions
    (post-pass good, prestige) are paid; it either finishes the action (last of all, with
    :func:`kleos.games.polis.rules.turn.finish_action`) or sets ``pending``: an action that leaves
    nothing pending is complete, and the turn may be over (:mod:`kleos.games.polis.rules.actions`)."""

    verb: str
    group: str
    candidates: Candidates
    check: Check
    start: Apply
    legal: Generator  # the candidates ``check`` accepts (before the costs common to all actions), generated
    uses_goods: bool = True  # whether the post-pass good could make it impossible (R-ACT-GEN-5)
    prestige_cost: Callable[[Tables, int, Action], int] | None = None  # default: 1 if military
    most_prestige: int = 1  # the most ``prestige_cost`` ever asks: a player with that much can pay any
    goods_read: frozenset[int] | None = None  # the only goods ``check`` looks at (None: any)
    reads: Callable[[Tables, Action], frozenset[int]] | None = None  # those of one action, if known

    def cost_in_prestige(self, t: Tables, side: int, action: Action) -> int:
        """Military actions cost 1 prestige (R-ACT-GEN-2), the others nothing (R-ACT-GEN-4); no cost
        depends on the position, only on the action and who takes it."""
        if self.prestige_cost is not None:
            return self.prestige_cost(t, side, action)
        return 1 if self.group == MILITARY else 0


@dataclass(frozen=True)
class StepKind:
    """A decision inside a compound action, keyed by ``state.pending[0]``. ``apply`` sets the next
    ``pending`` or finishes the action, as :attr:`ActionKind.start` does."""

    kind: str
    candidates: Candidates
    check: Check
    apply: Apply
    legal: Generator  # the candidates ``check`` accepts, generated (see above)


def unary_actions(t: Tables, verb: str, names: Sequence[str]) -> tuple[Action, ...]:
    """``Action(verb, (name,))`` for every name, built once per edition and verb (each verb takes one
    kind of name): generators pick from it by index instead of building actions at every node."""
    found = t.action_catalog.get(verb)
    if found is None:
        found = t.action_catalog[verb] = tuple(Action(verb, (name,)) for name in names)
    return found


def project_draws(t: Tables, s: PolisState) -> list[tuple[Action, float]]:
    """Each tile of the face-down pile, equally likely: the chance outcomes of a project draw at the
    round start (R-ROUND-5) and after a round (R-PREP-6), the actions built once per edition."""
    key = ("project draws",)
    named: tuple[Action, ...] | None = t.plans.get(key)
    if named is None:
        named = t.plans[key] = tuple(Action("project", (info.id,)) for info in t.projects)
    n = len(s.project_pile)
    return [(named[tile], 1 / n) for tile in s.project_pile]


def illegal(violation: Violation) -> IllegalAction:
    return IllegalAction(violation.rule, violation.template, **dict(violation.params))


def arg_good(action: Action, index: int) -> int | None:
    """The good named by argument ``index``, or None if it is not a good's name."""
    if len(action.args) <= index:
        return None
    name = action.args[index]
    return GOOD_INDEX.get(name) if isinstance(name, str) else None


def arg_name(action: Action, index: int, names: dict[str, int]) -> int | None:
    if len(action.args) <= index:
        return None
    name = action.args[index]
    return names.get(name) if isinstance(name, str) else None


def good_name(g: int) -> str:
    return GOODS[g]


def no_decisions(t: Tables, s: PolisState, side: int) -> list[Action]:
    """No player decides anything here: a die decides."""
    return []


def _waiting_on_die(rolling: str, t: Tables, s: PolisState, side: int, action: Action) -> Violation | None:
    return broken("R-GEN-13", rolling)


def rolling_step(kind: str, rolling: str, apply: Apply) -> StepKind:
    """A step that waits on a die: the player has no decisions, and any action tried is refused
    with ``rolling`` (what is being rolled, R-GEN-13); ``apply`` takes the roll. (While the die is
    rolled chance is to act, so the game refuses a seat's action before asking this step.)"""
    return StepKind(kind, no_decisions, partial(_waiting_on_die, rolling), apply, no_decisions)
