"""Pericles' board in words (``board_text.describe``, the plain loop's board and the browser's
description) tells what the panels tell, from one seat's view: each theater's marker queue and
treason markers, and the viewer's own hand, entourage and markers, never another's (P-INFO)."""

from __future__ import annotations

from per_helpers import played, registered  # noqa: F401  (registered installs the kit)

from kleos.games.pericles.kit import KIT
from kleos.games.pericles.state import ENTOURAGE, HAND

AF, DF, EK, AK = range(4)
MIL, LEA, DIP, ORA, RUM = range(5)
KINDS = 5


def board_line(text: str, start: str) -> str:
    return next(line for line in text.splitlines() if line.startswith(start))


def test_p_info_6_a_face_down_marker_shows_its_side_and_its_owner_knows_its_kind() -> None:
    """The queue reads bottom to top (P-THEATER-5); AF sees its own Military marker by name, EK sees
    an Athenian marker face down, and AF sees EK's as a Spartan one face down."""
    game, state = played("14_1_09a", 2, "place")
    athens = game.tables.theater_index["Athens"]
    state.queue.append(athens * 1000 + EK * 100 + EK * 10 + DIP)
    state.queue.append(athens * 1000 + AF * 100 + AF * 10 + MIL)
    mine = KIT.describe_view(game, game.view(state, AF), AF)
    theirs = KIT.describe_view(game, game.view(state, EK), EK)
    assert board_line(mine, "Athens: A").endswith("; markers, bottom to top: Sparta face down, AF Military")
    assert board_line(theirs, "Athens: A").endswith("; markers, bottom to top: EK Diplomatic, Athens face down")


def test_p_info_2_the_viewer_reads_its_own_hand_and_entourage_and_no_other() -> None:
    game, state = played("14_2", 3, "play")
    t = game.tables
    text = KIT.describe_view(game, game.view(state, DF), DF)
    mine = [t.card_ids[c] for c, loc in enumerate(state.card_loc) if loc == HAND + DF]
    entourage = [t.card_ids[c] for c, loc in enumerate(state.card_loc) if loc == ENTOURAGE + DF]
    others = [t.card_ids[c] for c, loc in enumerate(state.card_loc) if loc in (HAND + AF, ENTOURAGE + AF)]
    hand = board_line(text, "Your hand: ")
    assert mine and all(card in hand for card in mine)
    assert all(card in board_line(text, "Your entourage: ") for card in entourage)
    assert not any(f"{card} " in text for card in others)
    spectator = KIT.describe_view(game, game.view(state, None), None)
    assert "Your hand" not in spectator and not any(f"{card} " in spectator for card in mine)


def test_p_info_9_treason_markers_are_public_and_told_by_side() -> None:
    game, state = played("14_2", 1, "place")
    boeotia = game.tables.theater_index["Boeotia"]
    state.treason[boeotia * 2 + 1] = 2
    text = KIT.describe_view(game, game.view(state, AF), AF)
    assert "; treason markers: Sparta 2" in board_line(text, "Boeotia: ")


def test_p_info_5_the_markers_one_holds_are_told_by_kind_to_their_holder_alone() -> None:
    game, state = played("14_1_09a", 2, "place")
    state.held = [0] * len(state.held)
    state.held[(AF * 4 + AF) * KINDS + MIL] = 1
    state.held[(AF * 4 + AF) * KINDS + RUM] = 2
    state.held[(AF * 4 + DF) * KINDS + ORA] = 1  # DF's Oracle marker, lent to AF (P-INFO-6)
    mine = KIT.describe_view(game, game.view(state, AF), AF)
    assert board_line(mine, "Your theater markers: ") == "Your theater markers: Military, Rumor ×2, DF Oracle"
    assert "Your theater markers" not in KIT.describe_view(game, game.view(state, EK), EK)


def test_p_def_11_each_theater_line_says_who_controls_it() -> None:
    """P-DEF-11: a theater with units or bases of one side only is controlled by that side, with both
    contested; the line says so after the pieces (the panels show it as a column), and a theater
    where neither side has any (Persia's bases count for neither) says nothing of control."""
    from per_helpers import bare, put

    game, state = bare()
    put(game, state, "Boeotia", Db=1, Pl=2)
    put(game, state, "Athens", Al=1)
    put(game, state, "Sparta", Sb=1)
    put(game, state, "Persia", Xb=2)
    text = KIT.describe_view(game, game.view(state, AF), AF)
    assert board_line(text, "Boeotia: ") == "Boeotia: Db1 Pl2 (contested)"
    assert board_line(text, "Athens: A") == "Athens: Al1 (controlled by Athens)"
    assert board_line(text, "Sparta: S") == "Sparta: Sb1 (controlled by Sparta)"
    assert board_line(text, "Persia: ") == "Persia: Xb2"
