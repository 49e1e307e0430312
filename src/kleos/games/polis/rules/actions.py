"""The turn phase's choices: which action to take next, the post-pass good, passing.

Rules common to every action live here (R-TURN-3 two different actions, R-ACT-GEN-2/3 prestige,
R-TURN-7 the extra good after the opponent's pass, R-ACT-GEN-5 validate before paying); the
actions themselves live in the modules named after them. :func:`choose` and :func:`step` return
:attr:`Handover.TURN_OVER` or :attr:`Handover.PASSED` when the decision ended the turn.
"""

from __future__ import annotations

from functools import lru_cache

from kleos.core.action import Action
from kleos.core.errors import N_
from kleos.games.polis import pieces
from kleos.games.polis.rules import create, movement, project, proxenos, siege, stasis, trade, tribute, turn
from kleos.games.polis.rules.common import (
    MILITARY,
    ActionKind,
    Generator,
    Handover,
    StepKind,
    Violation,
    arg_good,
    broken,
    unary_actions,
)
from kleos.games.polis.state import PolisState
from kleos.games.polis.tables import GOODS, N_GOODS, Tables

KINDS: dict[str, ActionKind] = {
    k.verb: k
    for module in (create, project, movement, siege, tribute, trade, proxenos, stasis)
    for k in module.KINDS
}
TOLL = "toll"
PASS = turn.PASS


def _toll_step_candidates(t: Tables, s: PolisState, side: int) -> list[Action]:
    return [Action(TOLL, (GOODS[g],)) for g in t.goods]


def _toll_step_check(t: Tables, s: PolisState, side: int, action: Action) -> Violation | None:
    assert s.pending is not None
    elsewhere = turn.between_actions_only(t, action, "chosen")
    if elsewhere is not None:
        return elsewhere
    g = arg_good(action, 0)
    if action.verb != TOLL or g is None or g not in t.goods or len(action.args) != 1:
        return broken("R-TURN-7", N_("pay 1 good first: toll <{good}>"), good='|'.join(GOODS[x] for x in t.goods))
    if s.goods[side * N_GOODS + g] < 1:
        return broken("R-GEN-9", N_("you have no {good} to pay"), good=GOODS[g])
    chosen = Action.parse(s.pending[1])
    if not _legal_after_paying(t, s, side, chosen, g):
        return broken("R-ACT-GEN-5", N_("after paying 1 {good} you could not carry out '{chosen}'"),
                      good=GOODS[g], chosen=chosen)
    return None


def _toll_step_apply(t: Tables, s: PolisState, side: int, action: Action) -> None:
    assert s.pending is not None
    chosen = _parsed(s.pending[1])
    g = arg_good(action, 0)
    assert g is not None
    pieces.pay_good(s, side, g, 1)  # R-TURN-7
    s.pending = None
    _begin(t, s, side, chosen)


def _toll_step_legal(t: Tables, s: PolisState, side: int) -> list[Action]:
    """The goods that can pay the toll and leave the chosen action possible (R-TURN-7, R-ACT-GEN-5);
    paying a good the action's check never looks at leaves it as legal as it is now."""
    assert s.pending is not None
    chosen = _parsed(s.pending[1])
    kind = KINDS[chosen.verb]
    read = kind.goods_read if kind.uses_goods else frozenset()
    if kind.reads is not None and kind.uses_goods:
        read = kind.reads(t, chosen)
    named = unary_actions(t, TOLL, GOODS)
    as_is: bool | None = None
    out: list[Action] = []
    for g in t.goods:
        if s.goods[side * N_GOODS + g] < 1:
            continue
        if read is not None and g not in read:
            if as_is is None:
                as_is = _passes(t, s, side, kind, chosen)
            if as_is:
                out.append(named[g])
        elif _passes_after_paying(t, s, side, kind, chosen, g):
            out.append(named[g])
    return out


def _passes(t: Tables, s: PolisState, side: int, kind: ActionKind, action: Action) -> bool:
    """``_kind_check(...) is None``, asked of the kind's generator: it lists exactly what the check
    accepts (``tests/polis/test_generator_equals_checker.py``) and is much cheaper than the check's
    own searches (a march's reach table, say)."""
    cost = kind.cost_in_prestige(t, side, action)
    if cost and s.prestige[side] < cost:
        return False
    return action in kind.legal(t, s, side)


def _passes_after_paying(t: Tables, s: PolisState, side: int, kind: ActionKind, action: Action, g: int) -> bool:
    """:func:`_legal_after_paying` through :func:`_passes`, for a good ``side`` holds."""
    i = side * N_GOODS + g
    s.goods[i] -= 1
    try:
        return _passes(t, s, side, kind, action)
    finally:
        s.goods[i] += 1


@lru_cache(maxsize=4096)
def _parsed(text: str) -> Action:
    """The action a pending toll is for, read back from the state (which holds it as text)."""
    return Action.parse(text)


TOLL_STEP = StepKind(TOLL, _toll_step_candidates, _toll_step_check, _toll_step_apply, _toll_step_legal)
STEPS: dict[str, StepKind] = {
    step.kind: step
    for module in (create, movement, siege, tribute, trade, proxenos)
    for step in module.STEPS
}
STEPS[TOLL] = TOLL_STEP


def is_free_ransom(t: Tables, verb: str) -> bool:
    """[2020] ransom is not an action: no action slot, no extra good (R-ACT-RANSOM-2, R-TURN-14)."""
    return verb == proxenos.RANSOM and not t.rules.ransom_is_action


def _kind_check(t: Tables, s: PolisState, side: int, kind: ActionKind, action: Action) -> Violation | None:
    cost = kind.cost_in_prestige(t, side, action)
    if cost and s.prestige[side] < cost:
        return broken("R-ACT-GEN-3", N_("a military action costs {cost} prestige"), cost=cost)
    return kind.check(t, s, side, action)


def _legal_after_paying(t: Tables, s: PolisState, side: int, action: Action, g: int) -> bool:
    i = side * N_GOODS + g
    if s.goods[i] < 1:
        return False
    s.goods[i] -= 1
    try:
        return _kind_check(t, s, side, KINDS[action.verb], action) is None
    finally:
        s.goods[i] += 1


def _toll_payable(t: Tables, s: PolisState, side: int, kind: ActionKind, action: Action) -> bool:
    """Some good can pay the post-pass toll and leave the action possible (R-TURN-7, R-ACT-GEN-5).
    An action that needs no goods stays possible after any toll."""
    if not kind.uses_goods:
        return any(s.goods[side * N_GOODS + g] >= 1 for g in t.goods)
    return any(_legal_after_paying(t, s, side, action, g) for g in t.goods)


def check_choice(t: Tables, s: PolisState, side: int, action: Action) -> Violation | None:
    """Is ``action`` a legal next action (or pass) for ``side`` at the start of a choice?"""
    if action.verb == PASS:
        return None if not action.args else broken("R-TURN-4", N_("usage: pass"))
    kind = KINDS.get(action.verb)
    if kind is None:
        return broken("R-TURN-2", N_("unknown action '{verb}'; actions: {names}, pass"),
                      verb=action.verb, names=', '.join(sorted(KINDS)))
    if action.verb == proxenos.RANSOM and not t.rules.ransom_is_action:
        return _kind_check(t, s, side, kind, action)
    post_pass = turn.opponent_passed(s, side)
    if not post_pass and action.verb in s.turn_actions:
        return broken("R-TURN-3", N_("the two actions of a turn must differ ('{verb}' already taken)"),
                      verb=action.verb)
    violation = _kind_check(t, s, side, kind, action)
    if violation is not None or not post_pass:
        return violation
    if not _toll_payable(t, s, side, kind, action):
        return broken("R-TURN-7", N_("after the opponent's pass each action costs 1 extra good you cannot pay"))
    return None


PASS_ACTION = Action(PASS)


MenuPlan = tuple[tuple[str, ActionKind, Generator, bool, bool, bool], ...]


def _menu_plan(t: Tables) -> tuple[MenuPlan, MenuPlan]:
    """Per kind, in the order of :data:`KINDS`: its verb, the kind, its generator, whether it needs
    1 prestige (military, R-ACT-GEN-2/3), whether its prestige cost depends on the action instead,
    whether it is a free ransom (R-ACT-RANSOM-2); worked out once per edition. Twice: for a player
    with prestige, and without the kinds that need 1 for one without (R-ACT-GEN-3)."""
    key = ("menu",)
    found: tuple[MenuPlan, MenuPlan] | None = t.plans.get(key)
    if found is None:
        plan = tuple(
            (verb, kind, kind.legal,
             kind.group == MILITARY and kind.prestige_cost is None,
             kind.group == MILITARY and kind.prestige_cost is not None, is_free_ransom(t, verb))
            for verb, kind in KINDS.items())
        found = t.plans[key] = (plan, tuple(entry for entry in plan if not entry[3]))
    return found


def choices(t: Tables, s: PolisState, side: int) -> list[Action]:
    """Every legal action for ``side`` when choosing the next action, ``pass`` always among them.

    Exactly the candidates that :func:`check_choice` accepts, in the order of :data:`KINDS` and of
    each kind's candidates; built per kind (:attr:`ActionKind.legal`), with the costs common to
    all actions (prestige, the post-pass good) applied to the whole kind at once: this runs at every
    search node.
    """
    out: list[Action] = []
    post_pass = s.passed[1 - side]
    prestige = s.prestige[side]
    taken = () if post_pass else s.turn_actions  # R-TURN-3 holds until the opponent passes
    for verb, kind, legal, _, priced, free in _menu_plan(t)[prestige < 1]:  # R-ACT-GEN-3
        if taken and verb in taken and not free:
            continue  # R-TURN-3
        found = legal(t, s, side)
        if found:
            if priced and prestige < kind.most_prestige:
                found = [a for a in found if prestige >= kind.cost_in_prestige(t, side, a)]
            if post_pass and not free and found:
                found = _toll_payable_among(t, s, side, kind, found)
            out += found
    out.append(PASS_ACTION)
    return out


def _toll_payable_among(t: Tables, s: PolisState, side: int, kind: ActionKind, legal: list[Action]) -> list[Action]:
    """The actions of ``legal`` that stay possible after some good pays the post-pass toll (what
    :func:`_toll_payable` asks of one action), found with one pass over the kind per good, until
    every action has a good that pays for it."""
    base = side * N_GOODS
    goods = s.goods
    if not kind.uses_goods:
        for g in t.goods:
            if goods[base + g] >= 1:
                return legal
        return []
    read = kind.goods_read
    if read is not None:
        for g in t.goods:
            if g not in read and goods[base + g] >= 1:
                return legal  # a good the kind's check never looks at pays the toll
    unpaid = set(legal)
    for g in t.goods:
        i = base + g
        if goods[i] < 1:
            continue
        goods[i] -= 1
        try:
            unpaid.difference_update(kind.legal(t, s, side))
        finally:
            goods[i] += 1
        if not unpaid:
            return legal
    return [a for a in legal if a not in unpaid]


def choose(t: Tables, s: PolisState, side: int, action: Action) -> Handover | None:
    """Apply a legal choice: pass, or begin an action (after the post-pass good, if due)."""
    if action.verb == PASS:
        return turn.do_pass(t, s, side)
    if is_free_ransom(t, action.verb):
        KINDS[action.verb].start(t, s, side, action)
        return None
    if s.passed[1 - side]:  # turn.opponent_passed
        s.pending = (TOLL, str(action))
        return None
    _begin(t, s, side, action)
    return turn.after_action(s) if s.pending is None else None  # nothing pending: complete, the turn may be over


def step(t: Tables, s: PolisState, side: int, action: Action) -> Handover | None:
    """Apply a legal decision (or die roll: ``side`` is then chance) inside the action in progress."""
    pending = s.pending  # a local: narrowing ``s.pending`` would outlive the step, which may clear it
    assert pending is not None
    STEPS[pending[0]].apply(t, s, side, action)
    return turn.after_action(s) if s.pending is None else None  # nothing pending: complete, the turn may be over


def _begin(t: Tables, s: PolisState, side: int, action: Action) -> None:
    kind = KINDS[action.verb]
    s.turn_actions = (*s.turn_actions, action.verb)
    cost = kind.cost_in_prestige(t, side, action)
    if cost:
        pieces.lose_prestige(s, side, cost)  # R-ACT-GEN-2, paid before it is carried out
    kind.start(t, s, side, action)
