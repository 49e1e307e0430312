"""The text rendering of a Polis position and of single actions (kleos.games.polis.text).

Hidden information (R-GEN-17): a seat's text shows its own battle hand and only the size of the
other hand. The action texts state the costs the rules charge (R-ACT-GEN-2 prestige of military
actions, R-ACT-TRADE-12 cargo prices, R-ACT-PROXENOS-10 bribes, R-EOR-13 feeding).
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from kleos.core.action import Action
from kleos.games.polis import positions as pos
from kleos.games.polis.game import PolisGame
from kleos.games.polis.rules import end_of_round
from kleos.games.polis.state import BATTLES, END_OF_ROUND, BattleState, PolisState
from kleos.games.polis.tables import ATHENS, SPARTA
from kleos.games.polis.text import describe, describe_action, project_name

G20 = PolisGame("2020")
G12 = PolisGame("2012")


def _sayer(s: PolisState) -> Callable[[str], str]:
    def say(text: str) -> str:
        return describe_action(G20, s, Action.parse(text))

    return say


def _battle_position(game: PolisGame) -> PolisState:
    """A land battle in Boiotia (round index 1, 4 hoplites each): Sparta attacks; Athens holds two
    Phalanx/Othismos and two Toxotis/Voli, Sparta the Salpinx, the Mercenaries and two Ippiko."""
    s = pos.turn_position(game, round=1, active="sparta")
    pos.set_units(game, s, "Boiotia", 4, 4)
    t = game.tables
    cards = [c.code for c in t.land_cards]
    deck = [c.copies for c in t.land_cards]
    b = BattleState(t.region_index["Boiotia"], False, SPARTA, deck)
    hands = {ATHENS: ["Phalanx/Othismos", "Phalanx/Othismos", "Toxotis/Voli", "Toxotis/Voli"],
             SPARTA: ["Salpinx", "Mercenaries", "Ippiko/Antistasi", "Ippiko/Antistasi"]}
    for side, codes in hands.items():
        for code in codes:
            i = cards.index(code)
            b.deck[i] -= 1
            b.hands[side][i] += 1
    b.phase = "attack"
    s.battle = b
    s.phase = BATTLES
    s.after_battles = "turn"
    s.battle_chooser = SPARTA
    return s


@pytest.mark.parametrize("game", [G20, G12], ids=["2020", "2012"])
def test_describe_shows_the_key_facts_of_the_setup(game: PolisGame) -> None:
    """R-SETUP-4 … R-SETUP-6: the [2020] set-up (also [2012]'s provisional one, R-SETUP-19) as text."""
    s = pos.turn_position(game, active="sparta", projects=("Theatre",))
    text = describe(game, s, ATHENS)
    assert game.tables.round_names[0] in text
    assert "To act: Sparta" in text and "You are Athens" in text
    assert "Sparta's turn; actions taken this turn: none." in text
    assert "Passed: nobody" in text
    # Athinae: Athens, 5 cubes of at most 10, capital, Athens's proxenos
    line = next(x for x in text.splitlines() if x.strip().startswith("Athinae"))
    assert "Athens" in line and "5/10" in line and "capital" in line and "Athens's proxenos" in line
    # units and control: 3 Athenian hoplites in Attika, 2 Spartan galleys in Myrtoon pelagos
    attika = next(x for x in text.splitlines() if x.strip().startswith("Attika"))
    assert attika.split()[1:4] == ["3", "0", "Athens"]
    galleys = game.tables.bundle.setup.sparta.galleys["MyrtoonPelagos"]
    myrtoon = next(x for x in text.splitlines() if x.strip().startswith("MyrtoonPelagos"))
    assert myrtoon.split()[1:4] == ["0", str(galleys), "Sparta"]
    # goods and prestige (Athens: its set-up prestige, 4 iron; food need 8)
    setup = game.tables.bundle.setup.athens
    athens = next(x for x in text.splitlines() if x.strip().startswith("Athens ") and "supply" not in x)
    assert athens.split()[1:3] == [str(setup.prestige), str(setup.goods["iron"])]
    assert athens.split()[-1] == str(sum(setup.poleis.values()))
    # the face-up project with its cost, and a market slot with its price and availability
    assert "Theatre (theatres): cost 1 iron, 2 wood, 1 silver" in text
    assert "1: 3 wheat for iron 3" in text and "[available]" in text and "[not yet available]" in text
    assert "merchants: 1 in port" in text
    assert "Event of the round: none" in text


def test_describe_marks_passes_actions_and_the_pending_action() -> None:
    """R-TURN-3, R-TURN-9: actions taken this turn, the first passer, an action in progress."""
    s = pos.turn_position(G20, active="sparta")
    pos.play(G20, s, "pass", "march Thessalia")
    text = describe(G20, s, ATHENS)
    assert "Passed: Sparta (first passer: Sparta)" in text
    assert "Athens acts alone" in text
    assert "In progress: 'march Thessalia' after paying 1 good for the opponent's pass" in text
    pos.play(G20, s, "toll wine")
    text = describe(G20, s, ATHENS)
    assert "actions taken this turn: march" in text
    assert "In progress: move hoplites to Thessalia (0 moved so far)" in text


def test_describe_never_shows_the_opponents_hand() -> None:
    """R-GEN-17: battle hands are hidden from the opponent until played."""
    s = _battle_position(G20)
    athens = describe(G20, s, ATHENS)
    sparta = describe(G20, s, SPARTA)
    assert "Your hand (4): Phalanx/Othismos (+2), Phalanx/Othismos (+2), Toxotis/Voli (+1), Toxotis/Voli (+1)" in athens
    assert "Sparta holds 4 cards (hidden)" in athens
    for secret in ("Salpinx", "Mercenaries", "Ippiko"):
        assert secret not in athens
        assert secret in sparta
    assert "Phalanx" not in sparta and "Athens holds 4 cards (hidden)" in sparta
    spectator = describe(G20, s, None)
    assert "Salpinx" not in spectator and "Phalanx" not in spectator


def test_describe_accepts_only_the_matching_view() -> None:
    s = _battle_position(G20)
    assert describe(G20, G20.view(s, SPARTA), SPARTA) == describe(G20, s, SPARTA)
    with pytest.raises(ValueError):
        describe(G20, G20.view(s, SPARTA), ATHENS)


def test_describe_shows_the_outcome() -> None:
    """R-END-3: ostracism ends the game."""
    s = pos.turn_position(G20, active="athens")
    from kleos.games.polis import pieces

    pieces.end_game(s, "ostracism", SPARTA)
    assert "Game over: Sparta wins by ostracism" in describe(G20, s, ATHENS)


def test_action_texts_state_costs() -> None:
    """R-ACT-GEN-2 (military actions cost 1 prestige), R-ACT-TRIBUTE-2 (free at home),
    R-ACT-TRADE-12 (price from the value table), R-ACT-SIEGE-10/11 (odds), R-TURN-4 (pass)."""
    s = pos.turn_position(G20, active="athens")
    say = _sayer(s)
    assert say("march Thessalia") == "Move hoplites to Thessalia (1 prestige)"
    assert say("sail Kyklades") == "Move galleys to Kyklades (1 prestige)"
    assert say("tribute Attika").startswith("Collect tribute in Attika (free in the capital's own territory")
    assert say("tribute Ionia").startswith("Collect tribute in Ionia (1 prestige")
    assert say("trade Persia 1 wine").startswith("Trade at Persia slot 1: pay 3 wine for 3 wheat")
    assert say("trade Persia 1 silver").startswith("Trade at Persia slot 1: buy 3 wheat for 3 silver")
    assert say("hoplites Athinae").startswith("Create hoplites from Athinae (5 cubes), in Attika: 1 iron or 1 silver")
    assert say("pass").startswith("Pass: end the turn")
    pos.set_units(G20, s, "Boiotia", 3, 0)
    assert "succeeds on a roll of 3+ (50%)" in say("siege Thibae")
    assert "with 3 cubes and +3 prestige" in say("siege Thibae")
    pos.set_polis(G20, s, "Thibae", "sparta", 3)
    s.proxenos[ATHENS] = G20.tables.polis_index["Thibae"]
    assert say("stasis") == "Civil war in Thibae: pay 9 silver, take it with 3 cubes, +3 prestige"


def test_action_texts_after_the_opponents_pass_and_inside_actions() -> None:
    """R-TURN-7 (the extra good), R-ACT-HOPLITES-4 (a cube becomes a hoplite), R-ACT-PROXENOS-10
    (bribes: 1 silver per opponent unit on the path), R-ACT-TRIBUTE-9 (the k-th amount)."""
    s = pos.turn_position(G20, round=1, active="sparta")
    pos.play(G20, s, "pass")
    say = _sayer(s)
    assert say("march Thessalia").endswith("(+1 good of any kind: the opponent has passed)")
    pos.play(G20, s, "hoplites Athinae")
    assert say("toll wine") == "Pay 1 wine for the opponent's pass, then carry out 'hoplites Athinae'"
    pos.play(G20, s, "toll wine")
    assert say("pay iron") == "Pay 1 iron for a hoplite in Attika (Athinae population 5 -> 4)"

    s = pos.turn_position(G20, active="athens")
    pos.set_goods(s, "athens", silver=5)
    pos.set_units(G20, s, "Boiotia", 0, 2)
    pos.play(G20, s, "proxenos", "via Attika")
    say = _sayer(s)
    assert say("via Boiotia") == "Proxenos path via Boiotia (bribe 2 silver; bribes so far: 2 silver)"
    pos.play(G20, s, "via Boiotia")
    assert say("enter Thibae") == "Proxenos enters Thibae (pays the bribes: 2 silver)"

    s = pos.turn_position(G20, active="athens")
    pos.play(G20, s, "tribute Attika", "assign wine")
    say = _sayer(s)
    assert say("assign wine") == "Assign a hoplite to wine (2 there would yield 3 wine)"
    assert say("done") == "Collect the tribute now: 1 wine"


def test_a_log_line_is_read_by_every_seat_so_no_action_speaks_to_you() -> None:
    """R-TURN-4, R-TURN-7, R-ACT-PROXENOS-1, R-ACT-MERCHANTS-1, R-ACT-TRIBUTE-2: the words of an action
    serve the menu and the log that both sides (and a watcher) read: none says "you" or "your"."""
    s = pos.turn_position(G20, round=1, active="sparta")
    pos.play(G20, s, "pass")
    say = _sayer(s)
    texts = [say(str(action)) for action in G20.legal_actions(s)]
    s = pos.turn_position(G20, active="athens")
    say = _sayer(s)
    texts += [say(str(action)) for action in G20.legal_actions(s)]
    assert any("proxenos" in text for text in texts) and any("merchants" in text for text in texts)
    assert not [text for text in texts if re.search(r"\b(you|your)\b", text, re.IGNORECASE)]


def test_battle_action_texts() -> None:
    """R-BATTLE-19 … R-BATTLE-22: a defence's losses and the attacker's gain; R-BATTLE-32 retreat."""
    s = _battle_position(G20)
    assert describe_action(G20, s, Action.parse("attack Salpinx Mercenaries")) == \
        "Attack with Salpinx (-1) and Mercenaries (0)"
    pos.play(G20, s, "attack Ippiko/Antistasi Ippiko/Antistasi")
    text = describe_action(G20, s, Action.parse("defend Phalanx/Othismos Toxotis/Voli"))
    assert text == ("Defend: Phalanx/Othismos (+2) against Ippiko/Antistasi; Toxotis/Voli (+1) against "
                    "Ippiko/Antistasi (Athens loses 2 units, Sparta gains 0 prestige)")


def test_end_of_round_texts() -> None:
    """R-EOR-13 (wheat first, then prestige), R-EOR-12 (release), R-EOR-16 (growth), R-EOR-25 (Phoros)."""
    s = pos.turn_position(G20, active="athens")
    s.phase = END_OF_ROUND
    s.first_passer = ATHENS
    s.eor_step, s.eor_seat, s.eor_pending = end_of_round.FEED, 0, ("feed",)
    pos.set_goods(s, "athens", wheat=5)
    say = _sayer(s)
    assert say("feed") == "Feed 8 population: pay 5 wheat and 3 prestige for the shortfall"
    assert say("release Chios").startswith("Release Chios to neutrality (food requirement 8 -> 6")
    s.eor_step = end_of_round.GROW
    assert say("grow Athinae") == "Grow Athinae: 1 wheat, population 5 -> 6"
    s.eor_step = end_of_round.PHOROS
    assert say("phoros 2") == "Phoros: give up 2 prestige for 3 silver"
    assert say("phoros 0") == "No Phoros"


def test_chance_texts() -> None:
    """R-GEN-13 die; R-SETUP-9 projects revealed."""
    s = G20.new_state(1)
    outcome = G20.sample_chance(s)
    tile = project_name(G20.tables, str(outcome.args[0]))  # the edition's printed name: "Fidiás"
    assert describe_action(G20, s, outcome).startswith(f"Project revealed: {tile} (")
    s = pos.turn_position(G20, active="athens")
    pos.play(G20, s, "trade Persia 1 wine")
    assert describe_action(G20, s, Action.parse("roll 3")) == "Die: 3"
