"""The Aristophanes phase: the card (P-ARIST), Plague (P-PLAGUE), will (P-WILL-1), political cards
(P-HAND) and the Boulé (P-BOULE)."""

from __future__ import annotations

from per_helpers import AF, AK, DF, EK, at_step, first_legal, game, play, rule_of

from kleos.core.action import Action
from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.rules.boule import wp_index
from kleos.games.pericles.rules.common import count
from kleos.games.pericles.state import DISCARD, ENTOURAGE, HAND, OFF, PericlesState
from kleos.games.pericles.tables import AL, AN, DL, DN, ISSUES_PER_SIDE, PL, PN, SL
from step_cap import StepCap


def _draw(name: str, seed: int = 1) -> tuple[PericlesGame, PericlesState]:
    g = game()
    s = g.new_state(seed)
    g.apply_in_place(s, Action("aristophanes", (name,)))
    return g, s


def test_card_is_a_chance_draw_over_the_undrawn_cards() -> None:
    """P-ARIST-1, P-INFO-8: 24 equally likely cards; a drawn card leaves the deck."""
    g = game()
    s = g.new_state(1)
    outcomes = g.chance_outcomes(s)
    assert len(outcomes) == 24 and abs(sum(p for _, p in outcomes) - 1) < 1e-9
    g.apply_in_place(s, Action("aristophanes", ("PeaceA",)))
    assert s.arist_deck[g.tables.arist_names.index("PeaceA")] == 0


def test_card_places_issues_on_the_centre() -> None:
    """P-ARIST-2: Peace B puts War/Peace and Games on both tracks' centre boxes."""
    g, s = _draw("PeaceB")
    for side in (0, 1):
        kinds = g.tables.issue_kinds[side]
        placed = {kinds[i] for i in range(ISSUES_PER_SIDE) if s.track[side * ISSUES_PER_SIDE + i] == 0}
        assert placed == {"WP", "GAM"}


def test_major_defeat_war_peace_is_not_placed_again() -> None:
    """P-ARIST-3: a War/Peace issue already on the track (major defeat) stays where it is."""
    g = game()
    s = g.new_state(1)
    s.track[wp_index(g.tables, 0)] = -2
    g.apply_in_place(s, Action("aristophanes", ("PeaceA",)))
    assert s.track[wp_index(g.tables, 0)] == -2 and s.track[wp_index(g.tables, 1)] == 0


def test_card_strategos_and_units() -> None:
    """P-ARIST-4: Knights B gives the Aristocrats 2 Strategos and Athens a land unit in Athens."""
    g = game()
    s = g.new_state(1)
    athens = g.tables.theater_index["Athens"]
    before = count(s, athens, AL)
    g.apply_in_place(s, Action("aristophanes", ("KnightsB",)))
    assert s.stock[AF] == 2 and s.supply[0] == 24
    assert count(s, athens, AL) == before + 1


def test_set_aside_returns_in_the_final_phase() -> None:
    """P-ARIST-4, P-AMB-31: Frogs C sets 6 tokens of each supply aside."""
    _g, s = _draw("FrogsC")
    assert s.set_aside == [6, 6]
    assert s.alcibiades == 1 and s.persia_open == 1  # P-ALC-2, P-ALC-3, P-PERSIA-1


def test_will_is_set() -> None:
    """P-WILL-1: Wasps B puts the wills in Amphipolis (Athens: Control or Contest; Sparta: Control)."""
    g, s = _draw("WaspsB")
    amph = g.tables.theater_index["Amphipolis"]
    assert s.will_theater == [amph, amph] and s.will_code == [1, 0]


def test_plague() -> None:
    """P-PLAGUE-1, P-PLAGUE-2, P-PLAGUE-3, P-PLAGUE-4, P-PLAGUE-5, P-DEF-24: Post-Plague; a third of each side's
    units in
    Athens (rounded up); one land and one
    naval unit per side in contested theaters; never the last land unit in a Land theater."""
    g = game()
    s = g.new_state(1)
    t = g.tables
    athens, boeotia, isthmus = (t.theater_index[k] for k in ("Athens", "Boeotia", "Isthmus"))
    g.apply_in_place(s, Action("aristophanes", ("AcharniansA",)))
    assert s.plague == 1
    assert count(s, athens, AN) == 2 and count(s, athens, AL) == 2  # 3 -> 2 each
    assert count(s, boeotia, DL) == 1  # the last Delian land unit of a Land theater stays
    assert count(s, boeotia, PL) == 1  # 2 -> 1
    assert count(s, isthmus, PN) == 2 and count(s, isthmus, PL) == 2
    assert count(s, isthmus, DN) == 0


def test_second_plague_keeps_post_plague() -> None:
    """P-PLAGUE-2, P-PLAGUE-3: a later Plague keeps Post-Plague; it strikes Athens and contested
    theaters only (Sparta keeps the unit Acharnians B adds)."""
    g = game()
    s = g.new_state(1)
    s.plague = 1
    g.apply_in_place(s, Action("aristophanes", ("AcharniansB",)))
    assert s.plague == 1
    assert count(s, g.tables.theater_index["Sparta"], SL) == 5


def test_dominant_chooses_plague_casualties() -> None:
    """P-PLAGUE-6, P-PLAGUE-3, P-AMB-41: with Athenian and Delian land units in Athens (3 + 2), the Athenian
    Dominant chooses both land units the Plague takes there, League units included; a unit of another
    kind or place is refused naming the rule, and the phase goes on once the removals are made."""
    g = game()
    s = g.new_state(1)
    t = g.tables
    athens = t.theater_index["Athens"]
    s.pieces[athens * 15 + DL] = 2
    g.apply_in_place(s, Action("aristophanes", ("AcharniansA",)))
    assert s.step == "plague" and s.actor == s.dominant[0]
    assert [str(a) for a in g.legal_actions(s, s.actor)] == ["plague Athens Al", "plague Athens Dl"]
    assert rule_of(g, s, "plague Athens An") == "P-PLAGUE-6"
    assert rule_of(g, s, "plague Boeotia Dl") == "P-PLAGUE-6"
    play(g, s, "plague Athens Dl")
    assert s.step == "plague"  # a third of 5, rounded up: a second land unit
    play(g, s, "plague Athens Dl")
    assert count(s, athens, DL) == 0 and count(s, athens, AL) == 3
    assert count(s, athens, AN) == 2  # naval units: one kind only, no question asked
    assert s.step != "plague" and not s.plague_due


def test_plague_choice_keeps_the_last_unit() -> None:
    """P-PLAGUE-5, P-PLAGUE-6: the guard is checked at each removal, so a choice that empties one kind
    still leaves the side's last unit of the theater's kind in place."""
    g = game()
    s = g.new_state(1)
    t = g.tables
    boeotia = t.theater_index["Boeotia"]
    s.pieces[boeotia * 15 + AL] = 1  # with the Delian land unit there: 2 Athenian-side land units
    g.apply_in_place(s, Action("aristophanes", ("AcharniansA",)))
    cap = StepCap("s.step == 'plague' and not str(g.legal_actions(s, s.actor)[0]).startswith('plague Boeotia')")
    while s.step == "plague" and not str(g.legal_actions(s, s.actor)[0]).startswith("plague Boeotia") and cap():
        play(g, s, str(g.legal_actions(s, s.actor)[0]))
    assert s.step == "plague"
    assert [str(a) for a in g.legal_actions(s, s.actor)] == ["plague Boeotia Al", "plague Boeotia Dl"]
    play(g, s, "plague Boeotia Al")
    assert count(s, boeotia, DL) == 1 and count(s, boeotia, AL) == 0


def test_campaign_plague_losses_leave_the_game() -> None:
    """P-PLAGUE-7: with the Campaign rule 14.43 a Plague's losses leave the game: the pool does not get
    them back (they still count against the component limit, P-COMP-1); without it they return."""
    from dataclasses import replace

    from kleos.games.pericles.rules.common import in_use

    for campaign in (False, True):
        g = game()
        scenario = g.tables.scenario.model_copy(update={"campaign_14_43": campaign})
        g.tables = replace(g.tables, scenario=scenario)
        s = g.new_state(1)
        athens = g.tables.theater_index["Athens"]
        before = (in_use(s, AL), in_use(s, AN))
        g.apply_in_place(s, Action("aristophanes", ("AcharniansA",)))
        assert count(s, athens, AL) == 2 and count(s, athens, AN) == 2
        if campaign:
            assert (in_use(s, AL), in_use(s, AN)) == before and s.gone[AL] == 1 and s.gone[AN] == 1
        else:
            assert in_use(s, AL) < before[0] and s.gone == [0] * len(s.gone)


def test_alcibiades_starts_in_athens_and_has_no_strength() -> None:
    """P-ALC-1: in 14.2 Alcibiades starts in Athens and stays there while cards other than the Frogs are
    drawn; he is no unit: moving him changes no battle strength in Athens."""
    from kleos.games.pericles.rules import battle

    g, s = _draw("WaspsA")
    t = g.tables
    assert s.alcibiades == 0
    athens = t.theater_index["Athens"]
    before = [battle.strength(t, s, side, kind, athens) for side in (0, 1) for kind in (0, 1)]
    s.alcibiades = 1
    assert [battle.strength(t, s, side, kind, athens) for side in (0, 1) for kind in (0, 1)] == before
    assert _draw("FrogsA")[1].alcibiades == 1  # the Frogs move him (P-ALC-2)


def test_hands_dealt_and_entourage() -> None:
    """P-HAND-1, P-HAND-4, P-HAND-5, P-HAND-6, P-HAND-7: nine cards from the own deck, three to the
    entourage, hands of six plus the Leader; the rest is the battle deck."""
    g, s = at_step("select")
    t = g.tables
    for f in range(4):
        hand = [c for c, loc in enumerate(s.card_loc) if loc == HAND + f]
        assert len(hand) == 7 and t.leader_of[f] in hand
        assert all(t.card_side[c] == f // 2 for c in hand)
        assert s.card_loc.count(ENTOURAGE + f) == 3
    assert sum(1 for c in t.side_cards[0] if s.card_loc[c] == 0) == 30 - 18


def test_entourage_refuses_a_leader() -> None:
    """P-HAND-6: a Leader never joins the entourage."""
    g, s = at_step("entourage")
    assert rule_of(g, s, f"entourage L{['AF', 'DF', 'EK', 'AK'][s.actor]}") == "P-HAND-6"


def test_keep_entourage_next_turn() -> None:
    """P-HAND-2, P-HAND-3, P-HAND-8: next turn a faction keeps any of its unused entourage cards; the
    others go back into the deck."""
    g, s = at_step("keep")
    f = s.actor
    cards = sorted(g.tables.card_ids[c] for c, loc in enumerate(s.card_loc) if loc == ENTOURAGE + f)
    assert len(g.legal_actions(s)) == 8
    play(g, s, f"keep {cards[0]}")
    assert s.card_loc[g.tables.card_index[cards[0]]] == ENTOURAGE + f
    assert s.card_loc[g.tables.card_index[cards[1]]] == DISCARD


def test_councils_refilled() -> None:
    """P-BOULE-1, P-DEF-19: each Council is topped up to 5 from its supply."""
    _g, s = at_step("select")
    assert s.council == [5, 5]


def _to_select(card: str = "KnightsA") -> tuple[PericlesGame, PericlesState]:
    """A new game with a known Aristophanes card, played to the first issue selection."""
    g = game()
    s = g.new_state(2)
    g.apply_in_place(s, Action("aristophanes", (card,)))
    cap = StepCap("s.step != 'select' or g.is_chance(s)")
    while (s.step != "select" or g.is_chance(s)) and cap():
        first_legal(g, s)
    return g, s


def test_boule_boxes() -> None:
    """P-BOULE-2, P-BOULE-5, P-BOULE-6, P-BOULE-7, P-BOULE-8, P-BOULE-9, P-BOULE-11: Dominant box 2, Opponent box 1,
    then 3 and 2 on the centre;
    Ostracism and War/Peace always on the centre; Athens then Sparta at each step."""
    g, s = _to_select()
    assert s.actor == AF and s.side == 0
    play(g, s, "issue GAM")
    assert s.actor == AK and s.side == 1
    play(g, s, "issue OST")
    assert s.actor == DF
    play(g, s, "issue DIP")
    assert s.actor == EK
    play(g, s, "issue LEA")
    t = g.tables
    assert s.track[t.issue_kinds[0].index("GAM")] == 2  # AF: + side, box 2
    assert s.track[ISSUES_PER_SIDE + t.issue_kinds[1].index("OST")] == 0
    assert s.track[t.issue_kinds[0].index("DIP")] == -1  # DF: - side, box 1
    assert s.track[ISSUES_PER_SIDE + t.issue_kinds[1].index("LEA")] == 1  # EK: + side, box 1
    for _ in range(3 + 3 + 2 + 2):
        assert s.step == "select"
        play(g, s, str(g.legal_actions(s)[0]))
    assert s.step in ("debate", "play")
    on_track = [p for p in s.track if p != OFF]
    assert len(on_track) >= 14


def test_taken_issue_cannot_be_chosen_again() -> None:
    """P-BOULE-10: an issue on the track is not available."""
    g, s = _to_select()
    play(g, s, "issue OST", "issue OST")
    play(g, s, "issue GAM")
    assert s.actor == EK
    play(g, s, "issue GAM")
    g2, s2 = g, s
    assert rule_of(g2, s2, "issue OST") == "P-BOULE-10"


def test_hostage() -> None:
    """P-BOULE-3, P-BOULE-4: a hostage puts the other side's War/Peace on box 2 of its Opponent."""
    g = game()
    s = g.new_state(1)
    s.hostage = [0, 1]
    g.apply_in_place(s, Action.parse("aristophanes KnightsA"))
    cap = StepCap("s.step != 'hostage'")
    while s.step != "hostage" and cap():
        first_legal(g, s)
    assert s.actor == AK
    play(g, s, "hostage yes")
    assert s.hostage == [0, 0] and s.track[wp_index(g.tables, 0)] == -2  # DF is the Athenian Opponent
    g = game()
    s = g.new_state(1)
    s.hostage = [0, 1]
    g.apply_in_place(s, Action.parse("aristophanes PeaceA"))  # War/Peace already on the Athenian track
    cap = StepCap("s.step not in ('hostage', 'select') or g.is_chance(s)")
    while (s.step not in ("hostage", "select") or g.is_chance(s)) and cap():
        first_legal(g, s)
    assert s.step == "select"


def test_boxes_hold_any_number() -> None:
    """P-BOULE-12: any number of issues may share a box: the five centre picks of a side all sit on 0."""
    g, s = _to_select()
    play(g, s, "issue GAM", "issue OST", "issue DIP", "issue LEA")
    for _ in range(3 + 3 + 2 + 2):
        play(g, s, str(g.legal_actions(s)[0]))
    athens_centre = [p for p in s.track[:ISSUES_PER_SIDE] if p == 0]
    assert len(athens_centre) >= 5


def test_p_plague_4_the_removal_menu_says_why_each_unit_is_due() -> None:
    """P-PLAGUE-3, P-PLAGUE-4, P-PLAGUE-6: the Dominant's menu title names the kind and theater of the
    removal asked and the rule that makes it due, in Athens a third and elsewhere a contested theater,
    so a newcomer is not left with "Plague removals" alone."""
    from kleos.games.pericles.tui.parts import terminal_parts

    title = terminal_parts().menus.title
    assert title is not None
    g = game()
    s = g.new_state(1)
    t = g.tables
    athens, boeotia = t.theater_index["Athens"], t.theater_index["Boeotia"]
    s.pieces[athens * 15 + DL] = 2
    s.pieces[boeotia * 15 + AL] = 2
    s.pieces[boeotia * 15 + PL] = 2
    g.apply_in_place(s, Action("aristophanes", ("AcharniansA",)))
    dominant = s.actor
    words = title(g, g.view(s, dominant), dominant)
    assert words.startswith("Plague: your side loses a land unit in Athens; in Athens a side loses a third"), words
    assert "(P-PLAGUE-3, P-PLAGUE-4)" in words
    while s.step == "plague" and s.plague_due[0] // 10 == athens:
        play(g, s, str(g.legal_actions(s, s.actor)[0]))
    assert s.step == "plague" and s.plague_due[0] // 10 == boeotia, s.plague_due
    words = title(g, g.view(s, s.actor), s.actor)
    assert words == (f"Plague: your side loses a {('land', 'naval')[s.plague_due[0] % 2]} unit in Boeotia; a side "
                     "loses one land and one naval unit in each theater it contests (P-PLAGUE-4)"), words
