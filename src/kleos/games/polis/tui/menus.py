"""How Polis decisions look in the terminal app: menu titles, the words after a menu entry (cards'
values, what a project or a trade costs), which steps need no confirmation, which board panel
matters for a decision, and the first-game guide's line. Each reads the deciding seat's view."""

from __future__ import annotations

from collections.abc import Sequence

from kleos.core.action import Action
from kleos.games.polis.game import PolisGame
from kleos.games.polis.i18n import _
from kleos.games.polis.rules.end_of_round import requirement
from kleos.games.polis.rules.project import payment
from kleos.games.polis.rules.trade import price
from kleos.games.polis.state import BATTLES, END_OF_ROUND, EVENT, TURN
from kleos.games.polis.tables import GOODS, WHEAT, other
from kleos.games.polis.text import amount, losing_warning, side_name, unknown_name
from kleos.games.polis.tui import render
from kleos.games.polis.tui.help import GuideContext, guide_tip
from kleos.games.polis.view import PolisView


def decision_title(game: PolisGame, view: PolisView, seat: int) -> str:
    return render.decision_title(game, view.state, seat)


def gloss(game: PolisGame, view: PolisView, action: Action) -> str:
    """A few words after a menu entry, where the notation alone says too little."""
    t, st = game.tables, view.state
    if action.verb in ("attack", "defend") and st.battle is not None:
        values = {c.code: c.value for c in t.cards(st.battle.sea)}
        return "(" + ", ".join(f"{values.get(str(a), 0):+d}" for a in action.args) + ")"
    if action.verb == "project" and len(action.args) >= 2 and str(action.args[0]) in t.project_index:
        subs = frozenset(GOODS.index(str(g)) for g in action.args[2:] if str(g) in GOODS)
        paid = payment(t, t.project_index[str(action.args[0])], subs)
        return _("pay {goods}", goods=", ".join(amount(n, g) for g, n in paid.items()))
    if action.verb == "trade" and len(action.args) == 3:
        market, number, good = str(action.args[0]), int(action.args[1]), str(action.args[2])
        slot = t.slots[t.market_slots[t.market_index[market]][number - 1]]
        if good == "silver" and slot.reward == WHEAT:
            return f"{slot.value}→{amount(slot.value, WHEAT)}"
        due = price(t, st, t.market_slots[t.market_index[market]][number - 1], GOODS.index(good))
        return f"{due}→{amount(slot.value, slot.reward)}"
    return ""


def small_step(game: PolisGame, view: PolisView, seat: int) -> bool:
    """The small steps inside an action (paying for the next unit, moving the next one …) need no
    confirmation: they are shown as they are highlighted and can be undone."""
    st = view.state
    return st.phase == TURN and st.pending is not None


def panel_for(game: PolisGame, view: PolisView, legal: Sequence[Action], prefix: tuple[str, ...]) -> str:
    """The board panel that matters for the decision (and the menu group chosen in it)."""
    st = view.state
    verb = prefix[0] if prefix else (st.pending[0] if st.pending is not None and st.phase == TURN else "")
    if st.phase == BATTLES:
        return "Battle"
    if st.phase == EVENT:
        return "Players"
    if st.phase == END_OF_ROUND:
        return "Projects" if any(a.verb == "discard" for a in legal) else "Players"
    return {"trade": "Markets", "project": "Projects", "stasis": "Poleis"}.get(verb, "Map")


def guide(game: PolisGame, view: PolisView, seat: int, legal: Sequence[Action]) -> str:
    """The first-game guide's line for this decision."""
    st = view.state
    ctx = GuideContext(
        edition=game.edition, round_index=st.round, phase=st.phase, side=side_name(seat),
        pending=st.pending[0] if st.pending is not None and st.phase == TURN else None,
        actions_taken=len(st.turn_actions), opponent_passed=st.passed[other(seat)] if st.phase == TURN else False,
        verbs=frozenset(a.verb for a in legal), wheat=st.goods[seat * len(GOODS) + WHEAT],
        food_need=requirement(st, seat), prestige=st.prestige[seat],
        battle_phase=st.battle.phase if st.battle is not None else None)
    return guide_tip(ctx)


def warning(game: PolisGame, view: PolisView, seat: int, action: Action) -> str:
    """Why a choice loses the game at once ("" when it does not): the menu flags it and asks first."""
    return losing_warning(game, view.state, seat, action)


def refusal(game: PolisGame, action: Action) -> str:
    """A typed action naming something that does not exist: which name ("no territory named …")."""
    return unknown_name(game, action)
