"""The plain menu's runs on a god's turn: a recruit's or a move's head and short end
(:mod:`kleos.games.cyclades.tui.runs`), which must say all the entry's whole words say beyond the
head — the price, the units the place holds already, the battle it starts, the island it takes."""

from __future__ import annotations

import re

import pytest
from cyc_helpers import begin_effect, put, war_turn

from decisions import recorded_to_decision_where
from kleos.core.action import Action
from kleos.core.registry import games
from kleos.games.cyclades import story
from kleos.games.cyclades.game import CycladesGame
from kleos.games.cyclades.rules import effects
from kleos.games.cyclades.state import CycladesState
from kleos.games.cyclades.tables import ARES, POSEIDON
from kleos.games.cyclades.tui.runs import run_end
from kleos.tui.look import Look
from kleos.tui.menu_runs import SharedRun, menu_runs, shared_lines
from kleos.tui.plain import PlainGame
from kleos.tui.session import Session


def poseidon_turn(recruited: int = 0) -> tuple[CycladesGame, CycladesState]:
    """Seat 0 (Blue) on Poseidon's turn holds I1 and fleets in S1 (1) and S6 (2); Red holds I7 and
    one fleet in S5, next to S6."""
    g, s = war_turn(3, POSEIDON)
    put(g, s, 0, I1=1, S1=1, S6=2)
    put(g, s, 1, I7=1, S5=1)
    s.recruited = recruited
    return g, s


def ends(g: CycladesGame, s: CycladesState, *texts: str) -> list[tuple[str, str] | None]:
    return [run_end(g, g.view(s, 0), Action.parse(text)) for text in texts]


def test_c_recruit_1_a_fleet_s_head_names_its_price_and_its_end_the_fleets_there_already() -> None:
    """C-RECRUIT-1 (the first fleet free, the second 1 GP), C-RECRUIT-2 (next to an own island, in a
    sea empty or holding only the player's fleets)."""
    g, s = poseidon_turn()
    free = "recruit a fleet (free of charge) in"
    assert ends(g, s, "recruit S3", "recruit S6") == [(free, "S3"), (free, "S6 (2 → 3)")]
    g, s = poseidon_turn(recruited=1)
    assert ends(g, s, "recruit S1") == [("recruit a fleet (1 GP) in", "S1 (1 → 2)")]


def test_c_fleet_3_a_sail_into_another_player_s_fleets_ends_against_them() -> None:
    """C-FLEET-1 (1 GP for the move), C-FLEET-3 (entering another player's fleets ends the move in a
    naval battle): the end names the defender and its fleets."""
    g, s = poseidon_turn()
    head = "sail from S6 (1 GP, first step)"
    assert ends(g, s, "sail S6 2 S3", "sail S6 1 S5", "sail S6 2 S5") == [
        (head, "to S3 with 2 fleets"), (head, "to S5 with 1 fleet (against Red 1)"),
        (head, "to S5 with 2 fleets (against Red 1)")]


@pytest.mark.parametrize(("red_holds_i3", "expected"), [
    (False, ("move troops from I1 (1 GP)", "to I3 with 2 troops (it was free)")),
    (True, ("move troops from I1 (1 GP)", "to I3 with 2 troops (was Red's)")),  # Red's territory marker
])
def test_c_troop_4_a_landing_that_takes_an_island_says_whose_it_was(
        red_holds_i3: bool, expected: tuple[str, str] | None) -> None:
    """C-TROOP-3 (landing on another player's troops is a battle), C-TROOP-4 (landing on an island
    with no troops takes it, a neutral one or another player's with a territory marker)."""
    g, s = war_turn(3, ARES)
    put(g, s, 0, I1=3, S6=1, S8=1)
    put(g, s, 1, I2=2, I7=1)
    if red_holds_i3:
        put(g, s, 1, I3=0)
    assert ends(g, s, "march I1 2 I3") == [expected]
    assert ends(g, s, "march I1 1 I2") == [("move troops from I1 (1 GP)", "to I2 with 1 troop (against Red 2)")]


def test_c_data_6_pegasus_s_flights_from_one_island_share_a_head_without_a_price() -> None:
    """C-DATA-6 (Pegasus: troops of an own island fly to any other island, no chain of fleets, no GP):
    while its effect is due each flight reads "Pegasus carries troops from I1" and its end."""
    g, s = war_turn(3, ARES)
    put(g, s, 0, I1=3, I2=1)
    put(g, s, 1, I7=2, I5=1)
    begin_effect(g, s, "pegasus")
    assert effects.pending(s) and effects.key_of(g.tables, s) == "pegasus"
    head = "Pegasus carries troops from I1"
    assert ends(g, s, "target I1 2 I2", "target I1 3 I7", "target I1 1 I4") == [
        (head, "to I2 with 2 troops (1 → 3)"), (head, "to I7 with 3 troops (against Red 2)"),
        (head, "to I4 with 1 troop (it was free)")]


def test_c_data_6_the_kraken_s_seas_share_a_head_each_end_naming_the_fleets_it_sinks() -> None:
    """C-DATA-6 (Kraken: the figure goes onto a sea and destroys the fleets there): its first target's
    entries read "the Kraken rises in" with the sea, and "(sinks Red's 1 fleet)" where fleets are; a
    later move of the figure (a price per space) has no end."""
    g, s = poseidon_turn()
    begin_effect(g, s, "kraken")
    assert effects.pending(s) and effects.key_of(g.tables, s) == "kraken"
    head = "the Kraken rises in"
    assert ends(g, s, "target S3", "target S5", "target S6") == [
        (head, "S3"), (head, "S5 (sinks Red's 1 fleet)"), (head, "S6 (sinks Blue's 2 fleets)")]
    g.apply_in_place(s, Action.parse("target S3"), 0)
    assert effects.pending(s)  # the figure may move on, for a price: told in full
    assert all(split is None for split in ends(g, s, *map(str, g.legal_actions(s, 0))))


def test_a_step_that_brings_about_more_than_its_end_says_keeps_its_whole_words(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """An end replaces the entry's words: a step told with one fact more (a creature woken, a
    Metropolis earned) has no end, and other steps (building, ending the turn) none either."""
    g, s = poseidon_turn()
    assert ends(g, s, "recruit S3", "end", "build I1")[1:] == [None, None]
    told = story.facts_of
    monkeypatch.setattr(story, "facts_of", lambda *args: [*told(*args), "a Metropolis rises on I1"])
    assert ends(g, s, "recruit S3", "sail S6 2 S3") == [None, None]


def test_the_plain_menu_lists_the_sails_from_one_sea_on_one_line() -> None:
    """The menu of the Poseidon turn above (14 entries, over the flat limit of 12): the six sails from
    S6 share a line, each end numbered as its entry; the two from S1 and three recruits are too few."""
    g, s = poseidon_turn()
    look, view = Look(games()["cyclades"]), g.view(s, 0)
    legal = g.legal_actions(s)
    words = [look.entry_words(g, view, action) for action in legal]
    runs = menu_runs(legal, words, [""] * len(legal), look.flat_limit,
                     [look.run_end(g, view, action) for action in legal])
    shared = [run for run in runs.values() if isinstance(run, SharedRun)]
    assert [(run.first, run.last) for run in shared] == [(7, 12)]
    assert [str(legal[i]) for i in (7, 12)] == ["sail S6 1 S3", "sail S6 2 S8"]
    told = " ".join(line.strip() for line in shared_lines(shared[0], 2))
    assert told == ("8 to 13. sail from S6 (1 GP, first step): 8 to S3 with 1 fleet, 9 to S3 with 2 fleets, "
                    "10 to S5 with 1 fleet (against Red 1), 11 to S5 with 2 fleets (against Red 1), "
                    "12 to S8 with 1 fleet, 13 to S8 with 2 fleets   [sail S6 …]")


def test_the_plain_loop_prints_a_poseidon_turn_s_recruits_and_sails_in_few_lines(
        capsys: pytest.CaptureFixture[str]) -> None:
    """A seeded game of random choices up to its first menu of over 40 entries (a Poseidon turn): the
    plain loop prints the recruits on one run ("recruit a fleet (… GP) in: 2 S1, 3 S3, …") and
    fewer lines than entries, every entry still named by its number."""
    record, seat, legal = recorded_to_decision_where(
        "cyclades", 2, lambda legal: len(legal) > 40 and sum(a.verb == "recruit" for a in legal) >= 4,
        "Poseidon menu of over 40 entries", limit=20_000)
    plain = PlainGame(Session.from_record(record, frozenset({seat}), "random"))
    plain.menu(seat, plain.ordered(plain.session.legal(seat)))
    lines = capsys.readouterr().out.splitlines()
    recruits = [line for line in lines if re.match(r"^  \d+ to \d+\. recruit a fleet \(.*\) in: \d+ S\d+, ", line)]
    assert len(recruits) == 1, lines
    numbers = [int(n) for n in re.findall(r"(\d+) (?=S\d|to S\d)", " ".join(lines))]
    told = {int(n) for line in lines for n in re.findall(r"^\s+(\d+)\. ", line)} | set(numbers)
    assert told == set(range(1, len(legal) + 1)), lines
    assert len(lines) < len(legal) - 10, lines


def test_c_fleet_1_a_next_step_s_head_says_it_is_free_and_the_steps_left() -> None:
    """C-FLEET-1 (1 GP buys a move of up to 3 steps), C-FLEET-2 (the group goes on from the sea it
    entered): after a bought first step the next step's entries share "sail on from S3 (free, 2 steps
    left of the move)", and after a second step "1 step left"."""
    g, s = poseidon_turn()
    g.apply_in_place(s, Action.parse("sail S6 2 S3"), 0)
    onward = [a for a in g.legal_actions(s, 0) if a.verb == "sail" and len(a.args) == 2]
    assert onward
    heads = {split[0] for split in ends(g, s, *map(str, onward)) if split is not None}
    assert heads == {"sail on from S3 (free, 2 steps left of the move)"}, heads
    step = next(a for a in onward if a.args[0] == 2 and str(a.args[1]) != "S5")  # S5: Red, a battle
    g.apply_in_place(s, step, 0)
    onward = [a for a in g.legal_actions(s, 0) if a.verb == "sail" and len(a.args) == 2]
    heads = {split[0] for split in ends(g, s, *map(str, onward)) if split is not None}
    assert heads == {f"sail on from {step.args[1]} (free, 1 step left of the move)"}, heads
