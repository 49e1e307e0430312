"""Components and standing definitions: piece colours (P-DEF-4), the single War/Peace status (P-DEF-25),
the counter sheet (P-COMP-10), non-binding talk (P-INFO-10), the theater numbering a bot's die reads
(P-SOLO-2) and every decision exposed to a pluggable agent (P-SOLO-5, P-SOLO-6)."""

from __future__ import annotations

import json
import random
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from per_helpers import AF, EK, clear_board, game, play, put, rule_of

from kleos.agents import agents_about
from kleos.core import registry
from kleos.core.action import Action
from kleos.core.errors import DataError
from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.loader import counter_inventory, load_data
from kleos.games.pericles.rules import actions, flow, military, political
from kleos.games.pericles.state import CH_ADVISOR, CH_ARIST, CH_BATTLE, CH_DEAL, OFF, PericlesState
from kleos.games.pericles.tables import (
    AL,
    AR,
    ISSUES_PER_SIDE,
    MARKER_KINDS,
    PIECES,
    SIDE_BASES,
    SIDE_LAND,
    SIDE_NAVAL,
    SL,
    XB,
)
from kleos.games.pericles.view import PericlesView
from kleos.i18n import use_locale


def _folder(tmp_path: Path, table: str, edit: Any) -> Path:
    raw = json.loads((Path(str(resources.files("kleos.games.pericles") / "data")) / f"{table}.json")
                     .read_text(encoding="utf-8"))
    edit(raw)
    (tmp_path / f"{table}.json").write_text(json.dumps(raw), encoding="utf-8")
    return tmp_path


# ----- P-DEF-4: piece colours ------------------------------------------------------------------------
def test_piece_colours_by_owner() -> None:
    """P-DEF-4: Athens blue, the Delian League white, Sparta red, the Peloponnesian League yellow, Argos
    tan and on the Athenian side, Persia black and on neither side."""
    colours = load_data().counters.colours
    by_prefix = {"A": "blue", "D": "white", "S": "red", "P": "yellow"}
    for side in (0, 1):
        for p in (*SIDE_BASES[side], *SIDE_LAND[side], *SIDE_NAVAL[side]):
            if p != AR:
                assert colours[PIECES[p]] == by_prefix[PIECES[p][0]], PIECES[p]
    assert colours["Ar"] == "tan" and AR in SIDE_LAND[0]
    assert colours["Xb"] == "black"
    assert all(XB not in (*SIDE_BASES[side], *SIDE_LAND[side], *SIDE_NAVAL[side]) for side in (0, 1))


def test_a_piece_without_a_colour_is_refused(tmp_path: Path) -> None:
    """P-DEF-4 at load: a counters file that leaves a piece without its colour names the field."""
    with pytest.raises(DataError) as err:
        load_data(_folder(tmp_path, "counters", lambda raw: raw["colours"].pop("Ar")))
    assert "counters.json" in str(err.value) and "colours" in str(err.value)


# ----- P-COMP-10: the counter sheet -------------------------------------------------------------------
def test_markers_fit_on_the_counter_sheet() -> None:
    """P-COMP-10, P-DATA-11: every marker the engine uses (36 debate issues, 52 theater issues, 8 Rumors,
    20 treason, 2 hostage, 4 Honor, 4 Honor-order, Plague and Callias) fits on the sheet of 130."""
    data = load_data()
    inventory = counter_inventory(data)
    assert inventory == {"debate issues": 2 * ISSUES_PER_SIDE, "theater issues": 4 * 13, "Rumors": 8, "treason": 20,
                         "hostages": 2, "Honor": 4, "Honor order": 4, "Plague": 1, "Callias": 1}
    assert sum(inventory.values()) == 128 <= data.counters.counter_sheet == 130


def test_the_inventory_counts_both_sides_markers(tmp_path: Path) -> None:
    """P-COMP-10: the treason and hostage markers are counted per side, twice over (two hostages and
    nine treason markers a side: 4 and 18 counters)."""
    data = load_data(_folder(tmp_path, "counters", lambda raw: raw.update(hostages_per_side=2, treason_per_side=9)))
    inventory = counter_inventory(data)
    assert (inventory["hostages"], inventory["treason"]) == (4, 18)
    assert all(type(count) is int for count in inventory.values())


def test_more_markers_than_the_sheet_are_refused(tmp_path: Path) -> None:
    """P-COMP-10 at load: 12 treason markers a side would need 132 counters, more than the sheet holds."""
    with pytest.raises(DataError) as err:
        load_data(_folder(tmp_path, "counters", lambda raw: raw.update(treason_per_side=12)))
    assert "counter_sheet" in str(err.value) and "P-COMP-10" in str(err.value)


# ----- P-DEF-25: one War/Peace status -----------------------------------------------------------------
def test_war_peace_is_one_status_between_the_sides() -> None:
    """P-DEF-25: in Peace, Sparta alone winning its War/Peace issue puts both sides at War: the Athenian
    and the Spartan city-state units both lose their Peace entry limits (P-WARPEACE-7), and every
    faction's view shows the same status."""
    g = game()
    s = g.new_state(1)
    t = g.tables
    clear_board(s)
    s.track = [OFF] * len(s.track)
    s.war = 0
    put(g, s, "Boeotia", Sl=1)
    put(g, s, "Isthmus", Al=1)
    boeotia, isthmus = t.theater_index["Boeotia"], t.theater_index["Isthmus"]
    assert not military.can_enter(t, s, boeotia, AL, 0) and not military.can_enter(t, s, isthmus, SL, 1)
    wp = next(i for i, k in enumerate(t.issue_kinds[1]) if k == "WP")
    s.track[ISSUES_PER_SIDE + wp] = 1  # won by a Spartan faction only
    political.war_peace(t, s)
    assert military.can_enter(t, s, boeotia, AL, 0) and military.can_enter(t, s, isthmus, SL, 1)
    assert {g.view(s, f).state.war for f in range(4)} == {1}


# ----- P-INFO-10: nothing agreed binds; a misplaced marker is resolved normally -------------------------
def test_misplaced_marker_is_resolved_by_the_rules() -> None:
    """P-INFO-10: an Athenian Military marker put in Sparta (by mistake or not) stays there, nobody can
    take it back, and its owner resolves it with the ordinary choices of a Military issue in an enemy
    theater (decline or an Expedition, P-THEATER-14)."""
    g = game("14_1_09a")
    s = g.new_state(1)
    k = len(MARKER_KINDS)
    s.held = [0] * len(s.held)
    s.held[(AF * 4 + AF) * k + MARKER_KINDS.index("MIL")] = 1
    s.held[(EK * 4 + EK) * k + MARKER_KINDS.index("RUM")] = 1
    s.step = "place_next"
    flow.advance(g.tables, s)
    play(g, s, "place AF MIL Sparta")
    queue = s.queue[:]
    assert rule_of(g, s, "place AF MIL Athens", seat=AF) != ""  # AF cannot place (or move) it again
    play(g, s, "place EK RUM Lesbos")
    assert s.queue[:len(queue)] == queue
    assert [str(a) for a in g.legal_actions(s)] == ["reveal Sparta"]
    play(g, s, "reveal Sparta")
    assert s.step == "resolve" and s.actor == AF
    assert [str(a) for a in g.legal_actions(s)] == ["decline", "expedition"]


# ----- P-SOLO-2: theaters 1-20 -----------------------------------------------------------------------
def test_theaters_are_numbered_one_to_twenty(tmp_path: Path) -> None:
    """P-SOLO-2: the map theaters carry the numbers 1-20, one per face of a twenty-sided die (Persia is
    21, off the die); a data file numbering them otherwise is refused at load. (The die roll itself
    belongs to the solitaire bot's procedure, not to the engine.)"""
    numbers = sorted(th.number for th in load_data().theaters.theaters)
    assert numbers[:20] == list(range(1, 21)) and numbers[20] == 21
    with pytest.raises(DataError) as err:
        load_data(_folder(tmp_path, "theaters", lambda raw: raw["theaters"][0].update(number=22)))
    assert "theaters.json" in str(err.value)


# ----- P-SOLO-5, P-SOLO-6: every decision reachable by a pluggable agent --------------------------------
SECTION_2 = {  # pericles-rules.md §2 -> the engine's decision steps
    "KEEP_ENTOURAGE": {"keep"}, "FORM_ENTOURAGE": {"entourage"}, "USE_HOSTAGE": {"hostage"},
    "SELECT_ISSUES": {"select"}, "CHOOSE_DEBATE_ISSUE": {"debate"}, "PLAY_CARD": {"play"},
    "USE_ADVISORY_COUNCIL": {"council"}, "STOP_WAR_PEACE_AT_ZERO": {"stop"},
    "CITIZENSHIP/COLONY/KRYPTEIA/AGOGE": {"side"}, "PEACE_RELOCATION": {"relocate"},
    "LEND_THEATER_MARKERS": {"lend"}, "PLACE_MARKER": {"place"}, "REVEAL": {"reveal"},
    "RESOLVE_OR_DECLINE": {"resolve"}, "ALLOCATE_SECRET": {"dip_secret", "exped_secret"},
    "MOVE_UNITS": {"move", "move_on"}, "USE_STATE_SHIP": {"ship"},
    "CHOOSE_CASUALTIES": {"row", "casualty", "raze"}, "SECOND_BATTLE": {"second"},
    "PERSIAN_GOLD": {"gold"}, "PEACE_OF_CALLIAS": {"callias", "scuttle"}, "UPKEEP_REMOVALS": {"upkeep"},
    "REDEPLOY": {"redeploy"}, "PLAGUE (P-PLAGUE-6)": {"plague"}, "PEACE_C (P-ARIST-4)": {"demobilise"},
}


def test_every_decision_is_a_step_an_agent_answers() -> None:
    """P-SOLO-5: each decision point of §2 is a decision step of the engine, answered through the one
    legality path (``legal`` and its refusal rule), so a bot can be plugged in at any of them."""
    steps = set().union(*SECTION_2.values())
    assert steps == set(flow.DECISIONS)
    assert steps == set(actions.CHECKS)


class RandomAgent:
    """A stand-in pluggable agent: it sees only its faction's view and its legal actions, and picks one
    at random (seeded)."""

    def __init__(self, seed: int) -> None:
        self.rnd = random.Random(seed)
        self.seen: set[str] = set()

    def act(self, view: PericlesView, legal: list[Action]) -> Action:
        self.seen.add(view.state.step)
        return self.rnd.choice(legal)


@pytest.mark.parametrize("scenario", ["14_1_09a", "14_2"])
def test_one_agent_can_play_every_faction(scenario: str) -> None:
    """P-SOLO-6, P-SOLO-5, P-SETUP-5: with fewer than 4 players one controller plays several factions:
    a single agent, fed each acting faction's view and legal actions, plays a whole game to its end,
    every step it meets a decision step."""
    g: PericlesGame = game(scenario)
    s: PericlesState = g.new_state(7)
    agent = RandomAgent(7)
    for _ in range(20_000):
        if g.is_terminal(s):
            break
        if g.is_chance(s):
            g.step_chance(s)
            continue
        seat = g.actors(s)[0]
        g.apply_in_place(s, agent.act(g.view(s, seat), g.legal_actions(s, seat)), seat)
    assert g.is_terminal(s) and s.outcome is not None
    assert agent.seen and agent.seen <= set(flow.DECISIONS)


# ----- P-SOLO-3, P-SOLO-4: the solitaire aids and the six-sided die ----------------------------------------
def test_the_computer_factions_say_they_are_not_the_official_phormio_bot() -> None:
    """P-SOLO-3 (pericles-data.md §8): the Strategic Matrix and Phormio Decisions cards are lost, so the
    engine's own players stand in and say so wherever opponents are chosen: ``kleos games``, ``kleos
    play pericles --help``, the terminal's welcome and the lobby's seats (``agents_about``), in the
    reader's language. A game with nothing to say shows nothing."""
    kit = registry.games()["pericles"]
    about = agents_about(kit)
    assert "not the official Phormio bot" in about
    with use_locale("es"):
        assert "no el bot oficial Phormio" in agents_about(kit)
    assert agents_about(registry.games()["polis"]) == ""


def test_no_rule_rolls_the_six_sided_die() -> None:
    """P-SOLO-4: no procedure of the rulebook uses the six-sided die: every chance step of a whole game
    is a card drawn (Aristophanes, a dealt card, an advisor revealed, a battle card), never a roll."""
    g: PericlesGame = game("14_1_09a")
    s: PericlesState = g.new_state(11)
    rnd = random.Random(11)
    drawn: set[str] = set()
    for _ in range(20_000):
        if g.is_terminal(s):
            break
        if g.is_chance(s):
            drawn.add(s.chance or "")
            outcomes = g.chance_outcomes(s)
            assert not any(a.verb == "roll" for a, _ in outcomes)
            g.step_chance(s)
            continue
        seat = g.actors(s)[0]
        g.apply_in_place(s, rnd.choice(g.legal_actions(s, seat)), seat)
    assert g.is_terminal(s)
    assert drawn and drawn <= {CH_ARIST, CH_DEAL, CH_ADVISOR, CH_BATTLE}
