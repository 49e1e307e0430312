"""The Boulé segment at its edges (rules/boule.py): Councils refilled from part-full and by a single
token (P-BOULE-1), the hostage of either side against each Dominant of the other (P-BOULE-3/4), and
the rule IDs and messages of a refused answer.

Rulebook 5.3: "Repón de la reserva ambos Consejos de Strategoi para que vuelvan a tener hasta cinco
fichas de Strategos cada uno"; 5.33: the Dominant faction "puede decidir gastarlo y colocar la cuestión
Guerra/Paz en la casilla 2 de la Facción Oponente del contador de Asamblea del otro Bando".
"""

from __future__ import annotations

import pytest
from per_helpers import AF, AK, DF, EK, bare, game, run_until

from kleos.core.action import Action
from kleos.core.errors import IllegalAction
from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.rules import boule
from kleos.games.pericles.state import OFF, PericlesState
from kleos.games.pericles.tables import ATHENS, SPARTA


@pytest.mark.parametrize(("council", "supply", "after"), [
    ((3, 4), (10, 10), ((5, 5), (8, 9))),  # part-full Councils topped up to 5; one token alone moves too
    ((0, 5), (2, 0), ((2, 5), (0, 0))),  # a short supply gives what it has; a full Council takes none
])
def test_each_council_is_topped_up_to_five_from_its_supply(
        council: tuple[int, int], supply: tuple[int, int], after: tuple[tuple[int, int], tuple[int, int]]) -> None:
    """P-BOULE-1: "Each side's Council of Strategoi is refilled from that side's supply up to 5 tokens,
    or as many as the supply allows"."""
    g, s = bare()
    s.council, s.supply = list(council), list(supply)
    boule.refill(g.tables, s)
    assert (tuple(s.council), tuple(s.supply)) == after


@pytest.mark.parametrize("holder", [ATHENS, SPARTA])
def test_a_hostage_is_spent_only_while_the_other_sides_war_peace_is_off_the_track(holder: int) -> None:
    """P-BOULE-4: "A hostage cannot be spent if the target War/Peace issue is already on that track";
    the holder's own War/Peace issue on its own track does not matter."""
    g, s = bare()
    t = g.tables
    s.hostage[holder] = 1
    s.track[boule.wp_index(t, holder)] = 0
    assert boule.hostage_possible(t, s, holder)
    s.track[boule.wp_index(t, 1 - holder)] = 2
    assert not boule.hostage_possible(t, s, holder)
    s.track[boule.wp_index(t, 1 - holder)] = OFF
    s.hostage[holder] = 0
    assert not boule.hostage_possible(t, s, holder)


@pytest.mark.parametrize(("holder", "dominant", "box"), [
    (SPARTA, AF, -2),  # Athens' Opponent is DF: box 2 on its (negative) half
    (SPARTA, DF, 2),
    (ATHENS, EK, -2),  # Sparta's Opponent is AK
    (ATHENS, AK, 2),
])
def test_a_spent_hostage_puts_war_peace_on_box_2_of_the_other_sides_opponent(
        holder: int, dominant: int, box: int) -> None:
    """P-BOULE-3: "The other side's War/Peace issue then goes on box 2 on that other side's Opponent
    faction side of its track", for each side holding the hostage and each Dominant of the other."""
    g, s = bare()
    t = g.tables
    other = 1 - holder
    s.hostage[holder] = 1
    s.dominant[other] = dominant
    boule.hostage_apply(t, s, holder, Action("hostage", ("yes",)))
    placed = s.track[boule.wp_index(t, other)]
    assert placed == box and type(placed) is int
    assert s.hostage[holder] == 0 and s.track[boule.wp_index(t, holder)] == OFF


def test_a_kept_hostage_changes_nothing() -> None:
    """P-BOULE-3: spending the hostage is a choice ("may")."""
    g, s = bare()
    s.hostage[SPARTA] = 1
    boule.hostage_apply(g.tables, s, SPARTA, Action("hostage", ("no",)))
    assert s.hostage[SPARTA] == 1 and s.track[boule.wp_index(g.tables, ATHENS)] == OFF


def refused(g: PericlesGame, s: PericlesState, text: str) -> IllegalAction:
    """The refusal of ``text``, with its rule ID and message."""
    with pytest.raises(IllegalAction) as caught:
        g.apply_in_place(s, Action.parse(text))
    return caught.value


def test_refusals_at_the_hostage_and_at_the_choice_of_issues_name_their_rules() -> None:
    """P-BOULE-3 (the hostage answer is yes or no) and P-BOULE-10 (an issue neither on the track nor
    removed), each with its message: Athens holds a hostage in a new game."""
    g = game()
    s = g.new_state(2)
    s.hostage = [1, 0]
    g.apply_in_place(s, Action.parse("aristophanes KnightsB"))
    run_until(g, s, lambda st: st.step == "hostage")
    error = refused(g, s, "issue OST")
    assert (error.rule, error.message) == ("P-BOULE-3", "answer hostage yes or hostage no")
    g.apply_in_place(s, Action.parse("hostage no"))
    run_until(g, s, lambda st: st.step == "select" and not g.is_chance(st))
    error = refused(g, s, "issue XYZ")
    assert error.rule == "P-BOULE-10" and "issue <code>" in error.message
