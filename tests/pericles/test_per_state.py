"""Setup of the scenarios, round trips, views and determinization (P-SETUP, P-INFO)."""

from __future__ import annotations

import json
import random

from per_helpers import AF, AK, DF, EK, at_step, game, played, put, run_until

from kleos.core.action import Action
from kleos.core.protocol import CHANCE
from kleos.games.pericles.kit import KIT
from kleos.games.pericles.rules.common import count
from kleos.games.pericles.state import (
    ENTOURAGE,
    HAND,
    HIDDEN,
    LIST_FIELDS,
    PLAYED,
    SCALAR_FIELDS,
    SHARED_FIELDS,
    UNSEEN,
    PericlesState,
)
from kleos.games.pericles.tables import AN, N_PIECES, PIECES


def test_first_war_setup() -> None:
    """P-SETUP-1, P-SETUP-3, P-SETUP-4, P-SETUP-6, P-DEF-3: 14.2 starts in Peace, Pre-Plague, AF and AK
    Dominant, stocks 0, State Ship available, at the Aristophanes card of turn 1."""
    g = game()
    s = g.new_state(3)
    assert (s.turn, s.phase, s.war, s.plague, s.alcibiades) == (1, "aristophanes", 0, 0, 0)
    assert s.dominant == [AF, AK] and s.stock == [0, 0, 0, 0] and s.state_ship == 1
    assert s.supply == [26, 26] and s.chance == "aristophanes"
    assert count(s, g.tables.theater_index["Athens"], AN) == 3
    assert s.card_loc[g.tables.leader_of[DF]] == HAND + DF  # P-SETUP-2: Leaders out of the decks


def test_vignette_setup() -> None:
    """P-SETUP-1: 14.1.09 A starts at the Theater phase with markers assigned and 8 Strategos each."""
    g = game("14_1_09a")
    s = g.new_state(1)
    assert s.phase == "theater" and s.step == "place" and s.stock == [8, 8, 8, 8] and s.war == 1
    assert s.order[0] == AF  # Honor tie broken by the Athenian Dominant first (P-THEATER-2)


def test_round_trips_and_copy() -> None:
    """State JSON and text round trips are exact; a copy is independent."""
    g, s = at_step("play")
    data = json.loads(json.dumps(g.state_to_json(s)))
    assert g.position_text(g.state_from_json(data)) == g.position_text(s)
    assert g.parse_position(g.position_text(s)) == s
    c = g.copy(s)
    c.honor[0] += 5
    c.pieces[0] += 1
    assert s.honor[0] != c.honor[0] and s.pieces[0] != c.pieces[0]


def test_copy_takes_every_field_and_shares_no_list() -> None:
    """The field-by-field copy misses no field: each list is equal but its own (the lists the rules
    only replace whole, :data:`SHARED_FIELDS`, are shared), each scalar equal."""
    _g, s = at_step("play")
    c = s.copy()
    assert {n for n in (*LIST_FIELDS, *SCALAR_FIELDS, "outcome", "rng") if not hasattr(c, n)} == set()
    for name in LIST_FIELDS:
        own = getattr(c, name) is not getattr(s, name)
        assert getattr(c, name) == getattr(s, name) and own == (name not in SHARED_FIELDS), name
    assert all(getattr(c, name) == getattr(s, name) for name in SCALAR_FIELDS)
    assert c.rng.state == s.rng.state and c.rng is not s.rng and c == s


def test_rules_replace_the_shared_lists_whole() -> None:
    """A copy shares :data:`SHARED_FIELDS` with its original, which is sound only while no step changes
    one of those lists in place: checked over every step of seeded random games of both scenarios."""
    changed = []
    for scenario, seed in (("14_2", 5), ("14_2", 6), ("14_1_09a", 7)):
        g, rnd = game(scenario), random.Random(seed)
        s = g.new_state(seed)
        for _ in range(1500):
            actors = g.actors(s)
            if not actors:
                break
            before = {name: (getattr(s, name), list(getattr(s, name))) for name in SHARED_FIELDS}
            if actors[0] == CHANCE:
                g.step_chance(s)
            else:
                legal = g.legal_actions(s, actors[0])
                g.apply_in_place(s, legal[rnd.randrange(len(legal))], actors[0], validate=False)
            changed += [name for name, (obj, was) in before.items() if getattr(s, name) is obj and obj != was]
    assert changed == []


def test_view_hides_hands_and_stocks() -> None:
    """P-INFO-2, P-INFO-3, P-INFO-8: a faction sees its own hand and stock, not the others' nor the deck."""
    g, s = at_step("play")
    s.stock = [3, 4, 5, 6]
    v = g.view(s, DF)
    own = [c for c, loc in enumerate(s.card_loc) if loc == HAND + DF]
    assert all(v.state.card_loc[c] == HAND + DF for c in own)
    assert HAND + AF not in v.state.card_loc and ENTOURAGE + AF not in v.state.card_loc
    assert v.state.stock == [HIDDEN, 4, HIDDEN, HIDDEN] and v.stock_total == (7, 11)
    assert v.hand_sizes[AF] == s.card_loc.count(HAND + AF)
    assert 0 not in v.state.card_loc  # the deck's cards are unseen: no order, no contents


def test_the_screens_are_lifted_once_the_game_is_over() -> None:
    """P-INFO-3, P-INFO-7: stocks and commitments stay hidden while the game runs; at its end every seat
    and a spectator see all of them, so the board of the end reads every faction's Strategos, not "?"."""
    g, s = played("14_1_09a", 3, "over")
    assert s.outcome is not None
    s.stock = [1, 2, 3, 4]
    running = s.copy()
    running.outcome = None
    assert g.view(running, None).state.stock == [HIDDEN] * 4 and g.view(running, EK).state.stock[AF] == HIDDEN
    for reader in (None, AF, EK):
        shown = g.view(s, reader).state
        assert (shown.stock, shown.commit, shown.card_loc, shown.held, shown.queue) == (
            s.stock, s.commit, s.card_loc, s.held, s.queue)
    board = KIT.describe_view(g, g.view(s, None), None)
    assert "Strategos ?" not in board and "Strategos 4" in board, board


def test_debate_card_secret_until_both_are_down() -> None:
    """P-ASSEMBLY-5, P-SEQ-9: a played card stays hidden from the compatriot until both are down."""
    g, s = at_step("play")
    assert g.actors(s) == (AF, DF)
    card = g.legal_actions(s, AF)[0]
    g.apply_in_place(s, card, AF)
    assert g.actors(s) == (DF,)
    v = g.view(s, DF)
    assert PLAYED + AF not in v.state.card_loc and v.state.played[AF] == 1
    assert g.view(s, AF).state.card_loc[g.tables.card_index[str(card.args[0])]] == PLAYED + AF


def test_view_hides_markers() -> None:
    """P-INFO-5, P-INFO-6: held markers and face-down markers show only what the viewer may know."""
    g = game("14_1_09a")
    s = g.new_state(2)
    g.apply_in_place(s, Action.parse("place AF MIL Samos"), AF)
    v_ek = g.view(s, EK)
    assert sum(v_ek.state.held[:20]) == 0 and v_ek.markers_held[AF] == 5
    assert v_ek.state.queue[0] % 10 == 9  # a face-down marker: its side only
    assert g.view(s, AF).state.queue == s.queue


def test_marker_faces() -> None:
    """P-DEF-20: a theater marker face down shows only its city-state's emblem (the side of its owner,
    not the faction nor the issue); face up, once revealed, everyone reads the issue and the owner."""
    g = game("14_1_09a")
    s = g.new_state(2)
    g.apply_in_place(s, Action.parse("place AF MIL Samos"), AF)
    entry = g.view(s, EK).state.queue[0]
    assert entry // 10 % 10 == 4 + 0 and entry % 10 == 9  # Athens' emblem, the issue unknown
    assert entry // 1000 == g.tables.theater_index["Samos"]
    g, s = at_step("resolve", "14_1_09a")
    for seat in (AF, DF, EK, AK):
        assert g.view(s, seat).state.revealed == s.revealed >= 0


def test_determinize_is_consistent_with_the_view() -> None:
    """A determinized state shows the viewer exactly its view, whatever the hidden parts drawn."""
    g, s = at_step("play", seed=4)
    g.apply_in_place(s, g.legal_actions(s, AF)[0], AF)
    s.stock = [2, 1, 0, 3]
    for seat in (AF, DF, EK, AK):
        view = g.view(s, seat)
        for seed in range(3):
            full = g.determinize(view, random.Random(seed))
            assert UNSEEN not in full.card_loc and HIDDEN not in full.stock
            again = g.view(full, seat)
            assert again.state == view.state and again.hand_sizes == view.hand_sizes


def test_determinize_markers() -> None:
    """Determinized markers keep the public counts; hidden map markers keep their side."""
    g = game("14_1_09a")
    s = g.new_state(5)
    run_until(g, s, lambda st: len(st.queue) >= 5)
    view = g.view(s, DF)
    full = g.determinize(view, random.Random(1))
    assert g.view(full, DF).state == view.state
    assert [e // 10 % 10 // 2 for e in full.queue] == [e // 10 % 10 // 2 for e in s.queue]


def test_put_helper_names_pieces() -> None:
    """The test helper writes the counts it is given (guards the other tests' set-ups)."""
    g, s = at_step("play")
    put(g, s, "Boeotia", Sl=2)
    assert s.pieces[g.tables.theater_index["Boeotia"] * N_PIECES + PIECES.index("Sl")] == 2
    assert isinstance(s, PericlesState)
