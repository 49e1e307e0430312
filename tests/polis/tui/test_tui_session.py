"""The terminal UI's game session (kleos.tui.session): the plain-words log never names a hidden card,
battles are told pair by pair, typed actions name the rule they break, save files are action logs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tui_driver import agent_chooser, new_session, polis_game, record_until, warlike_chooser

from kleos.core.action import Action
from kleos.core.protocol import CHANCE
from kleos.core.record import GameRecord
from kleos.games.polis.game import PolisGame
from kleos.games.polis.rules.battle import pair_result
from kleos.games.polis.state import PolisState
from kleos.tui.session import Session
from step_cap import StepCap

ATHENS, SPARTA = 0, 1


def battle_record() -> GameRecord:
    """A 2020 game (seed 6) played by two players who gather galleys in Kyklades, stopped at the
    first decision of its first battle."""
    game = PolisGame("2020")
    choosers = {0: warlike_chooser(game, "Kyklades", 6), 1: warlike_chooser(game, "Kyklades", 7)}
    return record_until("2020", 6, choosers, lambda g, s: s.battle is not None)


def play_battle_round(session: Session) -> None:
    """Fight on until the first defence has been laid (every decision: the first legal action)."""
    cap = StepCap("True (until the first defence)")
    while cap():
        seat = session.to_act()
        assert seat is not None
        if seat == CHANCE:
            session.step_chance()
            continue
        action = session.legal(seat)[0]
        session.apply(seat, action)
        if action.verb == "defend":
            return


def test_hotseat_log_never_names_a_drawn_card() -> None:
    """R-GEN-17: battle hands are hidden from the opponent, so a shared screen names no card drawn."""
    session = Session.from_record(battle_record(), frozenset({0, 1}))
    start = len(session.log)
    play_battle_round(session)
    draws = [line.text for line in session.log[start:] if line.kind == "chance"]
    assert draws and all(text.endswith("draws a battle card") for text in draws)
    codes = {c.code for c in polis_game(session.game).tables.sea_cards}
    assert not any(code in text for text in draws for code in codes)


def test_against_the_computer_only_your_own_cards_are_named() -> None:
    """R-GEN-17: Athens reads his own draws; Sparta's (the computer's) stay hidden."""
    session = Session.from_record(battle_record(), frozenset({ATHENS}))
    start = len(session.log)
    play_battle_round(session)
    draws = [line.text for line in session.log[start:] if line.kind == "chance"]
    assert any(text.startswith("You draw ") for text in draws)
    assert any(text == "Sparta draws a battle card" for text in draws)


def test_a_defence_is_told_pair_by_pair() -> None:
    """R-BATTLE-18..23: each pair's result (loss, prestige) is logged after the defence."""
    session = Session.from_record(battle_record(), frozenset({0, 1}))
    while True:
        seat = session.to_act()
        assert seat is not None
        if seat == CHANCE:
            session.step_chance()
            continue
        b = session.state.battle
        action = session.legal(seat)[0]
        if action.verb == "defend":
            assert b is not None
            cards = polis_game(session.game).tables.cards(b.sea)
            by_code = {c.code: c for c in cards}
            expected = [pair_result(cards[a], by_code[str(d)]) for a, d in zip(b.played, action.args, strict=True)]
            lines = session.apply(seat, action)
            break
        session.apply(seat, action)
    results = [line.text for line in lines if line.kind == "result"]
    assert [r.split(":")[0].strip() for r in results] == ["Pair 1", "Pair 2"]
    for text, (lost, gain) in zip(results, expected, strict=True):
        assert ("no match" in text) == lost
        assert (f"{gain:+d} prestige" in text) == bool(gain)


def test_typed_actions_name_the_rule_they_break() -> None:
    session = new_session("2020", 3, frozenset({SPARTA}))
    session.settle()
    assert session.to_act() == SPARTA
    action, why = session.parse(SPARTA, "march Messinia")
    assert action == Action("march", ("Messinia",)) and why == ""
    action, why = session.parse(SPARTA, "siege Athinae")
    assert action is None and why.startswith("Not allowed (R-")
    action, why = session.parse(SPARTA, "42 march")
    assert action is None and why.startswith("Not understood")


def test_the_save_file_is_the_action_log_and_loads_back(tmp_path: Path) -> None:
    session = new_session("2012", 4, frozenset({ATHENS}), "random")
    chooser = agent_chooser(session.game, "simple", 1)
    for _ in range(40):
        seat = session.to_act()
        if seat is None:
            break
        if seat == CHANCE:
            session.step_chance()
        elif session.is_human(seat):
            session.apply(seat, chooser(seat, session.view(seat), session.legal(seat)))
        else:
            session.apply(seat, session.agent_choose(session.agent_request(seat)))
    path = session.save(tmp_path / "game.json")
    data = json.loads(path.read_text(encoding="utf-8"))
    assert set(data) == {"game", "options", "seed", "actions"} and data["options"]["edition"] == "2012"
    assert len(data["actions"]) == len(session.record.actions)
    loaded = Session.load(path, frozenset({ATHENS}), "random")
    assert loaded.state == session.state
    assert [line.text for line in loaded.log] == [line.text for line in session.log]
    assert loaded.save_path == path


def test_changes_of_goods_are_told() -> None:
    session = new_session("2020", 3, frozenset({SPARTA}))
    session.settle()
    lines = session.apply(SPARTA, Action("tribute", ("Lakedaemon",)))
    assert lines[0].text.startswith("Sparta: Collect tribute in Lakedaemon")
    while session.state.pending is not None:
        legal = session.legal(SPARTA)
        lines = session.apply(SPARTA, legal[0])
    assert "→ Sparta +" in session.log[-1].text or any("→ Sparta +" in line.text for line in lines)


@pytest.mark.parametrize("edition", ["2012", "2020"])
def test_undo_through_the_session(edition: str) -> None:
    session = new_session(edition, 3, frozenset({0, 1}))
    session.settle()
    seat = session.to_act()
    assert seat is not None and seat != CHANCE
    before: PolisState = session.state.copy()
    log_before = len(session.log)
    session.apply(seat, session.legal(seat)[0])
    assert session.undo_blocker(seat) is None
    session.undo(seat)
    assert session.state == before and len(session.log) == log_before
    assert session.undo_blocker(seat) is not None
