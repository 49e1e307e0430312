"""The Political Cards segment (P-HAND): keeping entourage cards, dealing, forming the entourage.

Each faction draws only from its own side's deck (P-HAND-1). Deals are chance events over the cards
left in the deck; once all hands are dealt, what is left is the side's battle deck (P-HAND-5).
Entourage choices are one card per step, so every decision stays small (P-HAND-6).
"""

from __future__ import annotations

from itertools import combinations

from kleos.core.action import Action, built
from kleos.core.errors import N_
from kleos.games.pericles.rules.common import Violation
from kleos.games.pericles.state import DECK, DISCARD, ENTOURAGE, HAND, OUT, PericlesState
from kleos.games.pericles.tables import FACTIONS, Tables

FULL_HAND = 9  # P-HAND-4
SHORT_HAND = 6  # after an Advisory Council (P-LEADER-7)
ENTOURAGE_SIZE = 3


def cards_at(t: Tables, s: PericlesState, where: int) -> list[int]:
    return [c for c, loc in enumerate(s.card_loc) if loc == where]


def hand_cards(t: Tables, s: PericlesState, f: int) -> list[int]:
    """Non-Leader cards in ``f``'s hand."""
    return [c for c in cards_at(t, s, HAND + f) if c != t.leader_of[f]]


def begin(t: Tables, s: PericlesState) -> None:
    """Who used the Advisory Council last turn is read now (P-HAND-2/4); Leaders return (P-HAND-7)."""
    s.council_now = s.used_council[:]
    s.used_council = [0] * 4
    for f, card in enumerate(t.leader_of):
        s.card_loc[card] = HAND + f
    s.cursor = 0


def next_keeper(t: Tables, s: PericlesState) -> int:
    """The next faction with entourage cards to keep or discard (P-HAND-2), or -1."""
    for f in range(s.cursor, 4):
        if not s.council_now[f] and cards_at(t, s, ENTOURAGE + f):
            return f
    return -1


def keep_legal(t: Tables, s: PericlesState, f: int) -> list[Action]:
    """Any subset (0-3) of the entourage, as the kept card ids."""
    ids = sorted(t.card_ids[c] for c in cards_at(t, s, ENTOURAGE + f))
    return [Action("keep", combo) for n in range(len(ids) + 1) for combo in combinations(ids, n)]


def keep_apply(t: Tables, s: PericlesState, f: int, action: Action) -> None:
    kept = {t.card_index[str(a)] for a in action.args}
    for c in cards_at(t, s, ENTOURAGE + f):
        if c not in kept:
            s.card_loc[c] = DISCARD
    s.cursor = f + 1


def reshuffle(t: Tables, s: PericlesState) -> None:
    """P-HAND-3: every card of a side but Leaders and kept entourage cards goes back to its deck;
    kept cards then join their owner's hand and count toward the nine (P-HAND-4)."""
    for side_cards in t.side_cards:
        for c in side_cards:
            loc = s.card_loc[c]
            if ENTOURAGE <= loc < ENTOURAGE + 4:
                s.card_loc[c] = HAND + loc - ENTOURAGE
            elif not HAND <= loc < HAND + 4:
                s.card_loc[c] = DECK
    for f, card in enumerate(t.leader_of):
        if s.card_loc[card] == OUT:
            s.card_loc[card] = HAND + f


def next_dealee(t: Tables, s: PericlesState) -> int:
    """The next faction short of its hand size with cards left in its deck, or -1 (P-HAND-4). Every
    hand is counted in one pass over the cards (each deal asks again)."""
    held = [0, 0, 0, 0]
    for c, loc in enumerate(s.card_loc):
        f = loc - HAND
        if 0 <= f < 4 and c != t.leader_of[f]:
            held[f] += 1
    for f in range(4):
        target = SHORT_HAND if s.council_now[f] else FULL_HAND
        if held[f] < target and any(s.card_loc[c] == DECK for c in t.side_cards[f // 2]):
            return f
    return -1


def deal_outcomes(t: Tables, s: PericlesState) -> list[tuple[Action, float]]:
    deck = [c for c in t.side_cards[s.actor // 2] if s.card_loc[c] == DECK]
    faction = FACTIONS[s.actor]
    return [(built("deal", (faction, t.card_ids[c])), 1 / len(deck)) for c in deck]


def deal_apply(t: Tables, s: PericlesState, action: Action) -> None:
    f = FACTIONS.index(str(action.args[0]))
    s.card_loc[t.card_index[str(action.args[1])]] = HAND + f


def cards_to_set_aside(t: Tables, s: PericlesState, f: int) -> int:
    """How many more cards the faction sets aside as entourage: those beyond six non-Leader cards
    (P-HAND-6, P-AMB-7); 0 or less when it has formed it."""
    return len(hand_cards(t, s, f)) - SHORT_HAND


def next_former(t: Tables, s: PericlesState) -> int:
    """The first faction that still forms its entourage (:func:`cards_to_set_aside`), -1 when none."""
    for f in range(4):
        if cards_to_set_aside(t, s, f) > 0:
            return f
    return -1


def entourage_legal(t: Tables, s: PericlesState, f: int) -> list[Action]:
    return [Action("entourage", (t.card_ids[c],)) for c in sorted(hand_cards(t, s, f), key=lambda c: t.card_ids[c])]


def entourage_apply(t: Tables, s: PericlesState, f: int, action: Action) -> None:
    s.card_loc[t.card_index[str(action.args[0])]] = ENTOURAGE + f


def check(t: Tables, s: PericlesState, f: int, action: Action) -> Violation | None:
    if s.step == "keep":
        return ("P-HAND-2", N_("keep any of your own entourage cards: keep [card ...]"))
    if action.verb == "entourage" and action.args and str(action.args[0]) in {t.card_ids[c] for c in t.leader_of}:
        return ("P-HAND-6", N_("a Leader card never joins the entourage"))
    return ("P-HAND-6", N_("choose a non-Leader card of your hand for the entourage: entourage <card>"))

