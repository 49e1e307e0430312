"""Edges of the Political Cards segment (``rules.hand``, P-HAND-1..8): each hand size at exactly its
target for every faction, with and without an Advisory Council used last turn, the entourage formed from
exactly seven cards, what goes back into the deck, and each refusal's rule and words.

Rulebook 5.21: "rellena su mano hasta tener nueve cartas"; 5.22: "Si una Facción *sí* usó su Séquito como
Consejo Asesor en el último turno, recibe sólo seis cartas" (P-HAND-4).
"""

from __future__ import annotations

import pytest
from per_helpers import AF, AK, DF, EK, game

from kleos.core.action import Action
from kleos.games.pericles.rules import hand, setup
from kleos.games.pericles.state import DECK, DISCARD, ENTOURAGE, HAND, OUT, PLAYED, PericlesState
from kleos.games.pericles.tables import Tables

FACTIONS_ALL = (AF, DF, EK, AK)


def _empty_hands() -> tuple[Tables, PericlesState]:
    """A new game's state with every political card in its side's deck and every Leader in its hand."""
    t = game().tables
    s = setup.new_state(t, 1)
    return t, s


def _give(t: Tables, s: PericlesState, f: int, n: int, where: int | None = None) -> list[int]:
    """Move ``n`` cards of ``f``'s side from the deck to ``where`` (its hand by default)."""
    cards = [c for c in t.side_cards[f // 2] if s.card_loc[c] == DECK][:n]
    for c in cards:
        s.card_loc[c] = HAND + f if where is None else where
    return cards


@pytest.mark.parametrize("f", FACTIONS_ALL)
def test_a_hand_is_dealt_to_exactly_nine_cards_and_the_leader_is_not_counted(f: int) -> None:
    """P-HAND-4: "draws until it has 9 cards"; P-HAND-7: the Leader is added apart. With the other
    factions full, ``f`` with 8 cards (and its Leader) is dealt one more; with 9 it is not."""
    t, s = _empty_hands()
    for other in FACTIONS_ALL:
        _give(t, s, other, 9 if other != f else 8)
    assert hand.next_dealee(t, s) == f
    _give(t, s, f, 1)
    assert hand.next_dealee(t, s) == -1


@pytest.mark.parametrize("f", FACTIONS_ALL)
def test_after_an_advisory_council_a_hand_is_exactly_six(f: int) -> None:
    """P-HAND-4 / P-LEADER-7: a faction that used its Advisory Council last turn "draws exactly 6 cards":
    with 5 it is dealt one more, with 6 it is done, while the others go on to 9."""
    t, s = _empty_hands()
    s.council_now = [int(other == f) for other in range(4)]
    for other in FACTIONS_ALL:
        _give(t, s, other, 9 if other != f else 5)
    assert hand.next_dealee(t, s) == f
    _give(t, s, f, 1)
    assert hand.next_dealee(t, s) == -1


def test_a_faction_whose_deck_is_empty_is_dealt_nothing() -> None:
    """P-HAND-1 (each faction draws only from its own side's deck): with Athens' deck empty, the
    Athenian factions short of cards are passed over and the first Spartan one is dealt."""
    t, s = _empty_hands()
    for c in t.side_cards[0]:
        s.card_loc[c] = DISCARD
    assert hand.next_dealee(t, s) == EK


def test_each_card_of_the_own_deck_is_dealt_with_equal_chance() -> None:
    """P-HAND-1, P-INFO-8: a deal is one card of the dealee's own side's deck, each equally likely."""
    t, s = _empty_hands()
    _give(t, s, DF, 5, DISCARD)
    s.actor = DF
    outcomes = hand.deal_outcomes(t, s)
    deck = [c for c in t.side_cards[0] if s.card_loc[c] == DECK]
    assert [str(a.args[1]) for a, _ in outcomes] == [t.card_ids[c] for c in deck]
    assert {str(a.args[0]) for a, _ in outcomes} == {"DF"} and {a.verb for a, _ in outcomes} == {"deal"}
    assert all(p == pytest.approx(1 / len(deck)) for _, p in outcomes)
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    hand.deal_apply(t, s, outcomes[0][0])
    assert s.card_loc[deck[0]] == HAND + DF


@pytest.mark.parametrize("f", FACTIONS_ALL)
def test_the_entourage_is_formed_down_to_exactly_six_cards(f: int) -> None:
    """P-HAND-6: a faction with more than six non-Leader cards forms its entourage, one card a step: at
    seven it still chooses, at six it is done; a Leader is never offered nor counted."""
    t, s = _empty_hands()
    cards = _give(t, s, f, 7)
    assert hand.next_former(t, s) == f
    offered = hand.entourage_legal(t, s, f)
    assert offered == [Action("entourage", (cid,)) for cid in sorted(t.card_ids[c] for c in cards)]
    hand.entourage_apply(t, s, f, offered[0])
    assert s.card_loc[t.card_index[str(offered[0].args[0])]] == ENTOURAGE + f
    assert hand.next_former(t, s) == -1


@pytest.mark.parametrize("f", FACTIONS_ALL)
def test_keeping_any_subset_of_the_entourage_and_discarding_the_rest(f: int) -> None:
    """P-HAND-2: a faction "may keep any number (0-3) of its 3 entourage cards and discard the rest":
    all 8 subsets offered; the kept card stays, the others are discarded, and the next keeper is asked."""
    t, s = _empty_hands()
    cards = _give(t, s, f, 3, ENTOURAGE + f)
    ids = sorted(t.card_ids[c] for c in cards)
    offered = hand.keep_legal(t, s, f)
    assert len(offered) == 8 and offered[0] == Action("keep", ()) and offered[-1] == Action("keep", tuple(ids))
    hand.keep_apply(t, s, f, Action("keep", (ids[1],)))
    assert [s.card_loc[t.card_index[i]] for i in ids] == [DISCARD, ENTOURAGE + f, DISCARD]
    assert s.cursor == f + 1


def test_the_keepers_are_asked_in_order_but_not_after_an_advisory_council() -> None:
    """P-HAND-2: "each faction that did not use its Advisory Council last turn" keeps: a faction with an
    entourage is asked from the cursor on, one that used its Council or has no entourage is passed over."""
    t, s = _empty_hands()
    for f in (DF, EK, AK):
        _give(t, s, f, 3, ENTOURAGE + f)
    s.council_now = [0, 1, 0, 0]
    assert hand.next_keeper(t, s) == EK
    s.cursor = AK
    assert hand.next_keeper(t, s) == AK
    s.cursor = 4
    assert hand.next_keeper(t, s) == -1


def test_the_reshuffle_returns_all_but_hands_and_kept_cards() -> None:
    """P-HAND-3: "all of a side's political cards go back into its deck [...] Leader cards and kept
    entourage cards are not included": kept entourage cards join their owner's hand (P-HAND-4), hands
    stay, discards and the cards played by the first and the last faction go back, and a played Leader
    returns to its owner (P-HAND-7)."""
    t, s = _empty_hands()
    kept = {f: _give(t, s, f, 1, ENTOURAGE + f)[0] for f in FACTIONS_ALL}
    held = {AF: _give(t, s, AF, 1), AK: _give(t, s, AK, 2)}
    thrown = _give(t, s, AF, 1, DISCARD) + _give(t, s, AF, 1, PLAYED + AF) + _give(t, s, AK, 1, PLAYED + AK)
    s.card_loc[t.leader_of[DF]] = OUT
    hand.reshuffle(t, s)
    assert all(s.card_loc[kept[f]] == HAND + f for f in FACTIONS_ALL)
    assert all(s.card_loc[c] == HAND + f for f, cards in held.items() for c in cards)
    assert all(s.card_loc[c] == DECK for c in thrown)
    assert s.card_loc[t.leader_of[DF]] == HAND + DF


def test_the_segment_begins_with_last_turns_councils_and_the_leaders_back() -> None:
    """P-HAND-2/4 read who used the Advisory Council last turn; P-HAND-7 puts every Leader in its
    owner's hand; the keepers are asked from the first faction."""
    t, s = _empty_hands()
    s.used_council, s.cursor = [0, 1, 0, 1], 3
    for f in FACTIONS_ALL:
        s.card_loc[t.leader_of[f]] = OUT if f % 2 else PLAYED + f
    hand.begin(t, s)
    assert (s.council_now, s.used_council, s.cursor) == ([0, 1, 0, 1], [0, 0, 0, 0], 0)
    assert [s.card_loc[t.leader_of[f]] for f in FACTIONS_ALL] == [HAND + f for f in FACTIONS_ALL]


def test_each_refusal_names_its_rule_and_words() -> None:
    """P-HAND-2 (keeping) and P-HAND-6 (forming the entourage, never with a Leader)."""
    t, s = _empty_hands()
    s.step = "keep"
    assert hand.check(t, s, AF, Action("keep", ("X",))) == (
        "P-HAND-2", "keep any of your own entourage cards: keep [card ...]")
    s.step = "entourage"
    leader = t.card_ids[t.leader_of[AK]]
    assert hand.check(t, s, AF, Action("entourage", (leader,))) == (
        "P-HAND-6", "a Leader card never joins the entourage")
    usage = ("P-HAND-6", "choose a non-Leader card of your hand for the entourage: entourage <card>")
    assert hand.check(t, s, AF, Action("entourage", ())) == usage
    assert hand.check(t, s, AF, Action("entourage", ("A01",))) == usage
