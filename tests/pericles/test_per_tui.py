"""The Pericles terminal part: its panels read one faction's view and keep the others' secrets
(P-INFO), the battle panel's breakdown adds up to the rules' strength (P-BATTLE-4..7), every verb's
help cites rules that exist, and the generic app plays Pericles with its panels, alone against
computer players and hotseat with hand-over screens (Textual pilot)."""

from __future__ import annotations

import argparse
import asyncio
import random
import re
from pathlib import Path
from typing import Any

import pytest
from per_helpers import played, put, registered  # noqa: F401  (registered installs the kit for the tests that name it)
from per_secrets import redrawn
from rich.console import Console
from rich.text import Text
from textual.widgets import Static

from kleos.core.action import Action
from kleos.core.kit.terminal import BoardContext
from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.kit import KIT
from kleos.games.pericles.rules import battle
from kleos.games.pericles.state import HAND
from kleos.games.pericles.tui import render
from kleos.games.pericles.tui.parts import VERBS, terminal_parts
from kleos.tui.app import GameApp
from kleos.tui.play import add_generic_play_parser, build_app
from kleos.tui.screen import MODE_CHOOSE, MODE_OVER, MODE_WAIT, GameScreen
from kleos.tui.session import Session
from kleos.tui.widgets import PassDeviceScreen

SPEC = Path("/work/shared/spec/pericles-rules.md")
AF, DF, EK, AK = range(4)


def plain(text: Text, width: int = 120) -> str:
    console = Console(width=width, color_system=None, record=True)
    with console.capture() as capture:
        console.print(text)
    return capture.get()


def test_theaters_panel_lists_every_theater_in_play_with_its_units() -> None:
    game, state = played("14_1_09a", 1, "place")
    text = plain(render.theaters_view(game, game.view(state, AF), render.DARK, 120))
    shown = {line.split()[0] for line in text.splitlines()[1:] if line and not line.startswith(" ")}
    in_play = {k for k, on in zip(game.tables.theater_keys, game.tables.in_play, strict=True) if on}
    assert in_play <= shown
    athens = next(line for line in text.splitlines() if line.startswith("Athens "))
    assert "Ab2" in athens and "Al3" in athens  # the scenario's Athenian set-up


def test_a_count_is_not_read_as_part_of_the_300s_code() -> None:
    """One of the 300 in Sparta reads "S300×1" on the theaters panel and the text board, never "S3001"
    (the browser's map writes it the same way)."""
    game, state = played("14_2", 1, "place")
    put(game, state, "Sparta", S300=1, Sl=6)
    view = game.view(state, AF)
    panel = next(line for line in plain(render.theaters_view(game, view, render.DARK, 120)).splitlines()
                 if line.startswith("Sparta "))
    board = [line for line in KIT.describe_view(game, view, AF).splitlines() if line.startswith("Sparta: ")][-1]
    for text in (panel, board):
        assert "S300×1" in text and "Sl6" in text and "S3001" not in text, text


def test_face_down_markers_of_other_factions_show_only_their_side() -> None:
    """P-INFO-6: a face-down marker shows everyone its side; its placer and owner know its kind."""
    game, state = played("14_1_09a", 2, "place")
    athens = game.tables.theater_index["Athens"]
    state.queue.append(athens * 1000 + AF * 100 + AF * 10 + 0)  # AF's own Military marker, placed by AF
    mine = plain(render.theaters_view(game, game.view(state, AF), render.DARK, 140))
    theirs = plain(render.theaters_view(game, game.view(state, EK), render.DARK, 140))
    row = next(line for line in mine.splitlines() if line.startswith("Athens "))
    assert row.rstrip().endswith("AF:MIL")
    row = next(line for line in theirs.splitlines() if line.startswith("Athens "))
    assert row.rstrip().endswith("?Athens") and "AF:MIL" not in theirs


def test_factions_panel_hides_other_stocks_and_hands() -> None:
    """P-INFO-2, P-INFO-3: only the viewer's Strategos and cards are shown."""
    game, state = played("14_2", 3, "play")
    state.stock = [11, 12, 13, 14]
    text = plain(render.factions_view(game, game.view(state, DF), render.DARK, 120))
    stocks = {line.split()[0]: line for line in text.splitlines()[1:5]}
    assert re.search(r"\b12\b", stocks["Demagogues"]) and "?" not in stocks["Demagogues"]
    assert all("?" in stocks[name] for name in ("Aristocrats", "Eurypontid", "Agiad"))
    mine = [game.tables.card_ids[c] for c, loc in enumerate(state.card_loc) if loc == HAND + DF]
    others = [game.tables.card_ids[c] for c, loc in enumerate(state.card_loc) if loc == HAND + AF]
    hand = next(line for line in text.splitlines() if line.startswith("Your hand:"))
    assert all(card in hand for card in mine) and not any(f"{card}(" in text for card in others)


def test_battle_panel_breakdown_adds_up_to_the_strength_of_the_rules() -> None:
    """P-BATTLE-4..7: units, bases, Strategos, treason and the card make the side's total."""
    for seed in range(40):
        try:
            game, state = played("14_1_09a", seed, "row")
        except AssertionError:
            continue
        view = game.view(state, AF).state
        assert render.in_battle(view)
        th, kind = battle.theater_of(state), state.mil[1]
        for side in (0, 1):
            parts = render.strength_parts(game.tables, view, side)
            assert parts.total == battle.strength(game.tables, state, side, kind, th)
        text = plain(render.battle_view(game, game.view(state, AF), render.DARK, 120))
        assert "units bases Strategos treason card total" in text and "Result:" in text
        return
    pytest.fail("no battle reached in 40 seeded games")


def test_battle_breakdown_leaves_out_secret_commitments() -> None:
    """P-INFO-7: a commitment not yet revealed is not in another faction's breakdown."""
    for seed in range(40):
        try:
            game, state = played("14_1_09a", seed, "ship")
        except AssertionError:
            continue
        state.committed[EK] = 1  # in, not revealed
        breakdowns = set()
        for secret in (0, 5):
            state.commit[EK] = secret
            breakdowns.add(render.strength_parts(game.tables, game.view(state, AF).state, 1))
        assert len(breakdowns) == 1
        return
    pytest.fail("no State Ship decision reached in 40 seeded games")


def test_every_verb_help_cites_rules_of_the_spec() -> None:
    if not SPEC.exists():
        pytest.skip(f"{SPEC} is missing")
    ids = set(re.findall(r"\*\*(P-[A-Z0-9]+-\d+)\*\*", SPEC.read_text(encoding="utf-8")))
    cited = {rule for help in VERBS.values() for rule in help.rules}
    assert cited and cited <= ids, sorted(cited - ids)
    guide = terminal_parts().help.guide_intro or ""
    assert set(re.findall(r"P-[A-Z]+-\d+", guide)) <= ids


def test_every_verb_the_engine_offers_has_help() -> None:
    game = PericlesGame({"scenario": "14_2"})
    verbs: set[str] = set()
    for seed in range(3):
        state, rng = game.new_state(seed), random.Random(seed)
        while game.actors(state) and state.turn < 4:
            if game.is_chance(state):
                game.step_chance(state)
                continue
            seat = game.actors(state)[0]
            legal = game.legal_actions(state, seat)
            verbs |= {a.verb for a in legal}
            game.apply_in_place(state, legal[rng.randrange(len(legal))], seat, validate=False)
    assert verbs - set(VERBS) == set()


def test_panel_for_a_decision_follows_its_verb() -> None:
    parts = terminal_parts()
    choose = parts.menus.panel_for
    assert choose is not None
    game = PericlesGame({"scenario": "14_2"})
    view = game.view(game.new_state(1), 0)
    assert choose(game, view, [Action("play", ("A01",))], ()) == "Factions"
    assert choose(game, view, [Action("debate", ("MIL", 0))], ()) == "Assemblies"
    assert choose(game, view, [Action("row", ("L1",))], ()) == "Battle"
    assert choose(game, view, [Action("place", ("AF", "MIL", "Athens"))], ()) == "Theaters"


def test_full_view_of_a_replay_shows_every_stock() -> None:
    game, state = played("14_1_09a", 1, "place")
    full = terminal_parts().board.full_view
    assert full is not None
    ctx = BoardContext(game, full(game, state), None, render.DARK, reveal=True)
    text = plain(terminal_parts().board.panels["Factions"](ctx, 120))
    assert "?" not in "\n".join(text.splitlines()[1:5])


def test_panels_over_a_whole_game_show_nothing_the_view_hides() -> None:
    """P-INFO-2..7 over a whole seeded game: every panel drawn for a faction is the same when all it
    may not know (other hands and stocks, face-down markers, held markers, secret commitments) is
    drawn anew, so no panel reads a secret."""
    game = PericlesGame({"scenario": "14_1_09a"})
    ctx_parts = terminal_parts().board
    state, rng = game.new_state(11), random.Random(11)
    drawn = changed = 0
    while game.actors(state):
        if game.is_chance(state):
            game.step_chance(state)
            continue
        for seat in range(4):
            other = redrawn(state, seat, random.Random(drawn))
            changed += other.to_json() != state.to_json()
            for name, draw in ctx_parts.panels.items():
                mine = plain(draw(BoardContext(game, game.view(state, seat), seat, render.DARK), 140), 140)
                again = plain(draw(BoardContext(game, game.view(other, seat), seat, render.DARK), 140), 140)
                assert mine == again, f"{name} panel of seat {seat} at step {state.step}"
            drawn += 1
        seat = game.actors(state)[0]
        legal = game.legal_actions(state, seat)
        game.apply_in_place(state, legal[rng.randrange(len(legal))], seat, validate=False)
    assert game.outcome(state) is not None and drawn > 200
    assert changed > drawn // 2  # the secrets were really drawn anew


# ----- the app ---------------------------------------------------------------------------------------
def _text(screen: GameScreen, selector: str) -> str:
    return str(screen.query_one(selector, Static).render())


async def _started(app: GameApp, pilot: Any) -> GameScreen:
    """The game screen once the app is up and its welcome is passed."""
    await pilot.pause()
    screen = app.game_screen
    assert screen is not None
    await pilot.press("enter")
    return screen


async def _settle(app: GameApp, pilot: object, screen: GameScreen) -> None:
    for _ in range(2000):
        if isinstance(app.screen, PassDeviceScreen) or (app.screen is screen and screen.mode != MODE_WAIT):
            return
        await app.workers.wait_for_complete()
        await pilot.pause(0)  # type: ignore[attr-defined]
    raise AssertionError("the app never came back to a person")


@pytest.mark.usefixtures("registered")
def test_app_plays_pericles_against_three_computer_factions() -> None:
    """The shell shows the Pericles status and panels; a person makes decisions from the menu."""
    app = build_app(KIT, {"scenario": "14_1_09a"}, seats=(0,), seed=4, opponent="random", confirm=False)
    session = app.session
    boards: list[str] = []

    async def go() -> None:
        async with app.run_test(size=(140, 50)) as pilot:
            screen = await _started(app, pilot)
            for _ in range(12):
                await _settle(app, pilot, screen)
                if screen.mode == MODE_OVER:
                    break
                assert screen.mode == MODE_CHOOSE and screen.seat == AF
                status = _text(screen, "#status")
                assert "Pericles · turn 9" in status and "You: Aristocrats" in status
                boards.append(_text(screen, "#board"))
                title = _text(screen, "#menu-title")
                assert title.startswith("Aristocrats: ") and "Aristocrats: Aristocrats" not in title
                before = len(session.record.actions)
                for _ in range(6):
                    await pilot.press("1")
                    await pilot.pause(0)
                    if len(session.record.actions) > before or screen.mode != MODE_CHOOSE:
                        break
            await pilot.press("tab")

    asyncio.run(go())
    mine = [action for seat, action in session.record.actions if seat == AF]
    assert len(mine) >= 3
    assert any("Your hand:" in b or "markers (bottom → top)" in b for b in boards)
    others = {seat for seat, _ in session.record.actions if seat not in (AF, -1)}
    assert others  # the computer factions played in their workers


@pytest.mark.usefixtures("registered")
def test_hotseat_hand_over_hides_the_previous_faction_hand() -> None:
    """Four people at one screen: between two people a hand-over screen, and under it no hand."""
    session = Session.start(KIT, {"scenario": "14_1_09a"}, 6, frozenset({0, 1, 2, 3}))
    app = GameApp(session, welcome=False, confirm=False)
    handovers: list[str] = []
    deciders: list[int] = []

    async def go() -> None:
        async with app.run_test(size=(140, 50)) as pilot:
            await pilot.pause()
            screen = app.game_screen
            assert screen is not None
            for _ in range(40):
                await _settle(app, pilot, screen)
                if isinstance(app.screen, PassDeviceScreen):
                    handovers.append(str(app.screen.query_one("#pass-text", Static).render()))
                    assert screen.viewer is None
                    assert "Your hand:" not in _text(screen, "#board")
                    await pilot.press("enter")
                    continue
                if screen.mode == MODE_OVER or len(handovers) >= 3:
                    break
                assert screen.seat is not None
                deciders.append(screen.seat)
                before = len(session.record.actions)
                for _ in range(6):
                    await pilot.press("1")
                    await pilot.pause(0)
                    if len(session.record.actions) > before or screen.mode != MODE_CHOOSE:
                        break

    asyncio.run(go())
    assert len(set(deciders)) >= 2 and handovers
    names = set(KIT.make_game({"scenario": "14_1_09a"}).seat_names)
    assert all(text.startswith("Pass the device to ") and any(n in text for n in names) for text in handovers)


@pytest.mark.usefixtures("registered")
def test_generic_play_command_seats_four_factions(monkeypatch: pytest.MonkeyPatch) -> None:
    """``kleos play pericles --option scenario=14_1_09a --seats human,random,random,random``."""
    started: list[GameApp] = []

    def fake_run(self: GameApp, *args: object, **kwargs: object) -> str:
        started.append(self)
        return ""

    monkeypatch.setattr(GameApp, "run", fake_run)
    monkeypatch.setattr("kleos.tui.play.use_app", lambda plain: not plain)  # as in a terminal
    parser = argparse.ArgumentParser()
    add_generic_play_parser(parser.add_subparsers(dest="game"), KIT)
    args = parser.parse_args(["pericles", "--option", "scenario=14_1_09a", "--seats", "human,random,random,random",
                              "--seed", "2"])
    assert args.func(args) == 0
    session = started[0].session
    assert isinstance(session.game, PericlesGame) and session.game.tables.scenario.id == "14_1_09a"
    assert session.humans == frozenset({AF}) and set(session.agents) == {DF, EK, AK}
    wrong = parser.parse_args(["pericles", "--seats", "human,random,random"])
    assert wrong.func(wrong) == 2 and len(started) == 1


@pytest.mark.usefixtures("registered")
def test_the_app_shows_the_pericles_screens_in_german() -> None:
    """The terminal app in German (``kleos --lang de``): the game's status bar and board panel speak
    the glossary's words while the notation stays (Textual pilot, P-INFO: the Aristocrats' view)."""
    from kleos import i18n

    with i18n.use_locale("de"):
        app = build_app(KIT, {"scenario": "14_1_09a"}, seats=(0,), seed=4, opponent="random", confirm=False)
        seen: dict[str, str] = {}

        async def go() -> None:
            async with app.run_test(size=(140, 50)) as pilot:
                screen = await _started(app, pilot)
                await _settle(app, pilot, screen)
                seen["status"], seen["board"] = _text(screen, "#status"), _text(screen, "#board")

        asyncio.run(go())
    assert "Pericles · Runde 9 · Schauplatzphase" in seen["status"], seen["status"]
    assert "Du: Aristokraten, Ehre" in seen["status"]
    assert "Marker (unten → oben)" in seen["board"] and "Athens" in seen["board"], seen["board"][:600]
