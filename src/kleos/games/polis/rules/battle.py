"""Battles (R-BATTLE): when they happen, the hidden hands, combat rounds and retreats.

The deck is a multiset of card halves (land halves for a land battle, sea halves at sea); each
card dealt or drawn is a chance event ``card <Formation/Manoeuvre>``, so no deck order is ever
stored. Decisions: ``battle <region>`` (order of several battles), ``retreat`` / ``fight``,
``attack <card> <card>`` and ``defend <card> <card>`` (the first answers the attacker's first card).
When the last battle of a check is over, :func:`start_check` or :func:`apply` returns
:attr:`Handover.BATTLES_OVER`; what follows (``state.after_battles``) is begun by
:mod:`kleos.games.polis.rules.flow`.
"""

from __future__ import annotations

from kleos.core.action import Action
from kleos.core.errors import N_
from kleos.games.polis import pieces
from kleos.games.polis.board import units
from kleos.games.polis.rules.common import Handover, Violation, arg_name, broken
from kleos.games.polis.state import BATTLES, CH_CARD, BattleState, PolisState
from kleos.games.polis.tables import ATHENS, SPARTA, CardInfo, Tables, other

BATTLE_SIZE = 8  # R-BATTLE-1


# ----- the battle check -----------------------------------------------------------------------
def battle_regions(t: Tables, s: PolisState) -> list[int]:
    """Regions holding at least 8 units of both players together (R-BATTLE-1)."""
    size = s.flag("battle_size", BATTLE_SIZE)
    u = s.units
    return [r for r, (a, b) in enumerate(zip(u[::2], u[1::2], strict=True)) if a and b and a + b >= size]


def start_check(t: Tables, s: PolisState, chooser: int, after: str) -> Handover | None:
    """A battle check: every region found is fought once, in the chooser's order (R-BATTLE-6/7).
    ``after`` names what follows the check (``"turn"`` or ``"end_of_round"``)."""
    s.after_battles = after
    s.battle_chooser = chooser
    s.battle_queue = battle_regions(t, s)
    s.phase = BATTLES
    if not s.battle_queue:  # as _next_battle finds it, without asking again
        s.battle = None
        return Handover.BATTLES_OVER
    return _next_battle(t, s)


def _next_battle(t: Tables, s: PolisState) -> Handover | None:
    """The battle over, the next of the check: the only one left begins by itself; with several the
    chooser names one. A battle changes the units of its own region only, so the regions still queued
    hold the battle they were found with."""
    s.battle = None
    if len(s.battle_queue) == 1:
        _start_battle(t, s, s.battle_queue.pop())
    elif not s.battle_queue:
        return Handover.BATTLES_OVER
    return None


def _start_battle(t: Tables, s: PolisState, region: int) -> None:
    sea = t.is_sea(region)
    cards = t.cards(sea)
    attacker = ATHENS if sea else SPARTA  # R-BATTLE-14
    b = BattleState(region, sea, attacker, [c.copies for c in cards])  # R-BATTLE-8
    s.battle = b
    _open_retreat_window(s, b, first=attacker)  # R-BATTLE-31: before hands are dealt


def _open_retreat_window(s: PolisState, b: BattleState, first: int) -> None:
    """The next attacker declares first (A-5); a player with 0 prestige cannot retreat (R-BATTLE-32)."""
    b.phase = "retreat"
    b.retreat_queue = tuple(p for p in (first, other(first)) if s.prestige[p] >= 1)
    if not b.retreat_queue:
        _start_dealing(s, b)


def _start_dealing(s: PolisState, b: BattleState) -> None:
    b.phase = "deal"
    if b.rounds == 0:
        b.deal = [units(s, b.region, 0), units(s, b.region, 1)]  # R-BATTLE-13
    s.chance = CH_CARD


# ----- whose decision -------------------------------------------------------------------------
def actor(s: PolisState) -> int:
    b = s.battle
    if b is None:
        return s.battle_chooser
    if b.phase == "retreat":
        return b.retreat_queue[0]
    if b.phase == "attack":
        return b.attacker
    return other(b.attacker)


def _pair_codes(hand: list[int], ordered: bool) -> list[tuple[int, int]]:
    """Two cards from ``hand`` (counts per card type). The attacker's two cards lie side by side,
    so their order does not matter (R-BATTLE-16); the defender's first card answers the
    attacker's first, so his order does (R-BATTLE-17), unless the attacker's two cards are alike."""
    pairs = []
    for i, n in enumerate(hand):
        if not n:
            continue
        for j in range(0 if ordered else i, len(hand)):
            if hand[j] - (1 if j == i else 0) >= 1:
                pairs.append((i, j))
    return pairs


def legal(t: Tables, s: PolisState, side: int) -> list[Action]:
    b = s.battle
    if b is None:
        return [Action("battle", (t.region_ids[r],)) for r in sorted(s.battle_queue)]
    if b.phase == "retreat":
        return [Action("fight"), Action("retreat")]
    cards = t.cards(b.sea)
    if b.phase == "attack":
        pairs = _pair_codes(b.hands[side], ordered=False)
        return [Action("attack", (cards[i].code, cards[j].code)) for i, j in pairs]
    pairs = _pair_codes(b.hands[side], ordered=b.played[0] != b.played[1])
    return [Action("defend", (cards[i].code, cards[j].code)) for i, j in pairs]


def diagnose(t: Tables, s: PolisState, side: int, action: Action) -> Violation:
    b = s.battle
    if b is None:
        return broken("R-BATTLE-6", N_("choose the next battle: battle <region>"))
    if b.phase == "retreat":
        return broken("R-BATTLE-31", N_("declare 'retreat' or 'fight' now"))
    if action.verb in ("retreat", "fight"):
        return broken("R-BATTLE-31", N_("a retreat is declared only before cards are drawn"))
    if b.phase == "attack":
        if action.verb != "attack":
            return broken("R-BATTLE-16", N_("lay two cards: attack <card> <card>"))
        swapped = Action("attack", tuple(reversed(action.args)))
        if len(action.args) == 2 and swapped in legal(t, s, side):
            return broken("R-BATTLE-16", N_("name the two cards the other way round: {swapped}"), swapped=swapped)
        return broken("R-BATTLE-16", N_("lay two cards from your own hand"))
    if action.verb != "defend":
        return broken("R-BATTLE-17", N_("answer with two cards: defend <card> <card>"))
    return broken("R-BATTLE-17",
                  N_("answer with two cards from your own hand, the first facing the attacker's first card"))


# ----- applying decisions ---------------------------------------------------------------------
def apply(t: Tables, s: PolisState, side: int, action: Action) -> Handover | None:
    b = s.battle
    if b is None:
        region = arg_name(action, 0, t.region_index)
        assert region is not None
        s.battle_queue.remove(region)
        _start_battle(t, s, region)
        return None
    if b.phase == "retreat":
        if action.verb == "retreat":
            return _retreat(t, s, side)
        b.retreat_queue = b.retreat_queue[1:]
        if not b.retreat_queue:
            _start_dealing(s, b)
        return None
    cards = t.cards(b.sea)
    index = {c.code: i for i, c in enumerate(cards)}
    chosen = (index[str(action.args[0])], index[str(action.args[1])])
    for c in chosen:
        b.hands[side][c] -= 1
    if b.phase == "attack":
        b.played = chosen
        b.phase = "defend"
        return None
    return _resolve(t, s, b, b.played, chosen)


def _retreat(t: Tables, s: PolisState, side: int) -> Handover | None:
    """The retreating player pays 1 prestige to his opponent; units stay (R-BATTLE-32)."""
    pieces.lose_prestige(s, side, 1)
    pieces.gain_prestige(t, s, other(side), 1)
    return _next_battle(t, s)


def pair_result(att: CardInfo, dfn: CardInfo) -> tuple[bool, int]:
    """(defender loses a unit, attacker's prestige change) for one pair (R-BATTLE-19 … R-BATTLE-22)."""
    if att.special == "salpinx":
        matched = False
    elif att.special == "mercenaries" or dfn.special == "mercenaries":
        matched = True
    elif dfn.special == "salpinx":
        matched = False
    else:
        matched = att.formation == dfn.formation
    if not matched:
        return True, att.value
    return False, max(0, att.value - dfn.value)


def _resolve(t: Tables, s: PolisState, b: BattleState, att: tuple[int, ...],
             dfn: tuple[int, int]) -> Handover | None:
    cards = t.cards(b.sea)
    attacker, defender = b.attacker, other(b.attacker)
    losses, delta = 0, 0
    for a, d in zip(att, dfn, strict=True):
        lost, gain = pair_result(cards[a], cards[d])
        losses += lost
        delta += gain
    if s.prestige[attacker] + delta < 0:  # R-BATTLE-24: only a Salpinx can do this
        if t.rules.salpinx_unpaid_loses:
            pieces.end_game(s, "salpinx", winner=defender)
            return None
        delta = -s.prestige[attacker]  # A-8 (config): he pays what he has; R-EOR-28 judges him later
    if delta > 0:
        pieces.gain_prestige(t, s, attacker, delta)
    elif delta < 0:
        pieces.lose_prestige(s, attacker, -delta)
    for _ in range(losses):
        pieces.remove_unit(t, s, b.region, defender, to_supply=True)  # R-BATTLE-20, R-BATTLE-37
    b.losses = losses
    b.played = ()
    b.rounds += 1
    if units(s, b.region, defender) < 2:  # R-BATTLE-26
        return _next_battle(t, s)
    if sum(b.deck) < 2 + (2 - losses):  # R-BATTLE-27
        return _next_battle(t, s)
    b.deal = [0, 0]
    b.deal[attacker] = 2  # R-BATTLE-29
    b.deal[defender] = 2 - losses
    b.attacker = defender  # R-BATTLE-30 (the draws follow the retreat window)
    _open_retreat_window(s, b, first=defender)  # R-BATTLE-28
    return None


# ----- chance: dealing and drawing ------------------------------------------------------------
def chance_outcomes(t: Tables, s: PolisState) -> list[tuple[Action, float]]:
    b = s.battle
    assert b is not None
    total = sum(b.deck)
    cards = t.cards(b.sea)
    return [(Action("card", (cards[i].code,)), n / total) for i, n in enumerate(b.deck) if n]


def apply_chance(t: Tables, s: PolisState, action: Action) -> None:
    b = s.battle
    assert b is not None
    cards = t.cards(b.sea)
    i = next(k for k, c in enumerate(cards) if c.code == action.args[0])
    to = b.attacker if b.deal[b.attacker] > 0 else other(b.attacker)
    b.deck[i] -= 1
    b.hands[to][i] += 1
    b.deal[to] -= 1
    if b.deal[0] == 0 and b.deal[1] == 0:
        s.chance = None
        b.phase = "attack"  # R-BATTLE-16
