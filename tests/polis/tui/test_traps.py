"""Traps a new player fell into in the terminal app (issue 17), each driven by keys with Textual's
pilot: a choice that loses the game flagged, listed last and confirmed; menu keys that stay put from
one step to the next; the Phoros menu's keys are the prestige given up."""

from __future__ import annotations

import asyncio
import html
import io
import random
import re
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Static
from tui_driver import agent_chooser, new_session, polis_game, press, record_until, settle

from kleos.agents import RandomAgent
from kleos.core.action import Action
from kleos.core.protocol import CHANCE
from kleos.core.record import GameRecord
from kleos.games.polis.game import PolisGame
from kleos.games.polis.state import PolisState
from kleos.games.polis.tables import GOODS
from kleos.tui.app import GameApp
from kleos.tui.plain import PlainGame
from kleos.tui.screen import MODE_CHOOSE, MODE_CONFIRM, GameScreen
from kleos.tui.session import Session
from kleos.tui.widgets import ChoiceScreen

ATHENS, SPARTA = 0, 1
Script = Callable[[GameApp, Pilot[str], GameScreen], Awaitable[None]]


def run(session: Session, script: Script, *, size: tuple[int, int] = (100, 30), **options: Any) -> GameApp:
    options.setdefault("welcome", False)
    app = GameApp(session, **options)

    async def go() -> None:
        async with app.run_test(size=size) as pilot:
            await settle(app, pilot)
            screen = app.game_screen
            assert screen is not None
            await script(app, pilot, screen)

    asyncio.run(go())
    return app


def shown(screen: GameScreen, selector: str) -> str:
    return str(screen.query_one(selector, Static).render())


def menu_lines(screen: GameScreen) -> list[str]:
    return [str(screen.menu.get_option_at_index(i).prompt) for i in range(screen.menu.option_count)]


def fatal_feeding() -> Session:
    """2020, seed 24, random players: Athens must feed a shortfall of 1 wheat with its 1 prestige
    (ostracism at the round's end) or release a polis."""
    game = PolisGame("2020")
    choosers = {ATHENS: agent_chooser(game, "random", 24), SPARTA: agent_chooser(game, "random", 124)}

    def feeding(g: PolisGame, s: PolisState) -> bool:
        return s.eor_pending == ("feed",) and g.actors(s) == (ATHENS,)

    record = record_until("2020", 24, choosers, feeding)
    return Session.from_record(record, frozenset({ATHENS}), "simple")


def phoros_decision() -> Session:
    """2020, seed 2, simple players: Athens (3 prestige) chooses its Phoros: 0, 1 or 2."""
    game = PolisGame("2020")
    choosers = {ATHENS: agent_chooser(game, "simple", 2), SPARTA: agent_chooser(game, "simple", 102)}

    def phoros(g: PolisGame, s: PolisState) -> bool:
        return s.eor_pending == ("phoros",) and g.actors(s) == (ATHENS,)

    record: GameRecord = record_until("2020", 2, choosers, phoros)
    return Session.from_record(record, frozenset({ATHENS}), "simple")


def test_a_feeding_that_loses_is_listed_last_flagged_and_confirmed() -> None:
    """R-EOR-13, R-END-3: feeding the shortfall with the last prestige point loses by ostracism; the
    menu lists it after the releases, says so, and asks even with confirmations off; Enter alone
    goes back."""
    session = fatal_feeding()

    async def script(app: GameApp, pilot: Pilot[str], screen: GameScreen) -> None:
        assert screen.mode == MODE_CHOOSE and screen.seat == ATHENS
        entries = screen.levels[-1].entries
        assert [e.action for e in entries][-1] == Action("feed")
        assert [bool(e.warning) for e in entries] == [False] * (len(entries) - 1) + [True]
        assert "loses the game" in menu_lines(screen)[-1]
        feed = entries[-1]
        await press(pilot, *(["down"] * (len(entries) - 1)))
        assert "ostracism" in shown(screen, "#detail")
        await press(pilot, feed.key)
        assert screen.mode == MODE_CONFIRM and screen.chosen == Action("feed")  # asked though confirm=False
        assert "loses the game" in shown(screen, "#menu-title")
        await press(pilot, "enter")  # Enter alone does not lose the game
        assert screen.mode == MODE_CHOOSE and session.record.actions[-1][1] != Action("feed")
        await press(pilot, feed.key, "y")
        assert (ATHENS, Action("feed")) in session.record.actions

    run(session, script, confirm=False)


def test_done_keeps_its_key_while_the_choices_change() -> None:
    """R-ACT-GEN-9: issue 17's keys (seed 3: Enter, 3, y, 1, 1) create two merchants, not one: the
    first payment's key still pays the second one, and "done" has the key 0 in every step."""
    session = new_session("2020", 3, frozenset({ATHENS}), "simple")

    async def script(app: GameApp, pilot: Pilot[str], screen: GameScreen) -> None:
        assert screen.seat == ATHENS
        await press(pilot, "3", "y")  # merchants Athinae
        assert session.state.pending is not None and session.state.pending[0] == "merchants"
        await press(pilot, "1")
        done = [e for e in screen.levels[-1].entries if e.action == Action("done")]
        assert [e.key for e in done] == ["0"] and screen.levels[-1].entries[-1] == done[0]
        await press(pilot, "1")
        made = [a for _, a in session.record.actions[-3:]]
        assert made[-2:] == [Action("pay", ("wood",)), Action("pay", ("wood",))]
        assert session.state.pending is None or session.state.pending[2] == 2

    run(session, script)


def test_phoros_keys_are_the_prestige_given_up() -> None:
    """R-EOR-23, R-EOR-25: pressing 2 in the Phoros menu gives up 2 prestige (the key was 3)."""
    session = phoros_decision()

    async def script(app: GameApp, pilot: Pilot[str], screen: GameScreen) -> None:
        entries = screen.levels[-1].entries
        assert {e.key: e.action for e in entries} == {str(n): Action("phoros", (n,)) for n in (0, 1, 2)}
        await press(pilot, "2", "y")
        assert (ATHENS, Action("phoros", (2,))) in session.record.actions

    run(session, script)


def siege_game(seed: int, steps: int, besiege: bool = True) -> Session:
    """2020: random players that besiege whenever they may (``besiege``), ``steps`` steps from the
    start or to the end, both seats played by the computer afterwards (the log is all the test reads)."""
    game = PolisGame("2020")
    state = game.new_state(seed)
    rng, agent = random.Random(seed), RandomAgent()
    record = GameRecord("polis", dict(game.options), seed)
    for _ in range(steps):
        if game.is_terminal(state):
            break
        seat = game.actors(state)[0]
        if seat == CHANCE:
            action = game.sample_chance(state)
        else:
            legal = game.legal_actions(state, seat)
            sieges = [a for a in legal if a.verb == "siege" and besiege]
            action = sieges[0] if sieges else agent.choose(game.view(state, seat), legal, rng)
        game.apply_in_place(state, action, seat)
        record.actions.append((seat, action))
    return Session.from_record(record, frozenset(), "random")


def test_siege_results_are_stated_in_the_log() -> None:
    """R-ACT-SIEGE-11, R-ACT-SIEGE-12, R-ACT-SIEGE-19: the die's line says whether the polis falls or
    holds (seed 3: Athens fails at Pylos with a 1, then takes it with a 4 and its +1)."""
    texts = [line.text for line in siege_game(3, 31).log]
    assert "Die: 1: Pylos holds (1 against 2): Athens loses a hoplite; Pylos loses a population cube" in texts
    assert any(t.startswith("Die: 4: Pylos falls to Athens (4 + 1 against 2; +2 prestige)") for t in texts)


def test_a_siege_without_a_roll_has_its_result_line() -> None:
    """R-ACT-SIEGE-10: a fortification of 1 falls without a roll, and the log says so (seed 4: Sparta
    besieges Naupaktos)."""
    lines = siege_game(4, 16).log
    at = next(i for i, line in enumerate(lines) if line.text.startswith("Sparta: Besiege Naupaktos"))
    assert lines[at + 1].kind == "result"
    assert "Naupaktos falls to Sparta (no roll needed; +1 prestige)" in lines[at + 1].text


def test_a_typed_name_that_does_not_exist_is_named() -> None:
    """R-MOVE-1: ":march Atlantis" says there is no territory of that name (it said "usage: march
    <territory>"); a name in the wrong case is pointed to the right one."""
    session = new_session("2020", 3, frozenset({ATHENS}), "simple")

    async def script(app: GameApp, pilot: Pilot[str], screen: GameScreen) -> None:
        await pilot.press(":", *"march Atlantis", "enter")
        assert "no territory named Atlantis" in shown(screen, "#detail")
        await pilot.press(":", *"siege chios", "enter")
        assert "no polis named chios (did you mean Chios?)" in shown(screen, "#detail")
        assert screen.mode == MODE_CHOOSE

    run(session, script)


def second_round() -> Session:
    """2020, seed 2, simple players: the first turn of the second round."""
    game = PolisGame("2020")
    choosers = {ATHENS: agent_chooser(game, "simple", 2), SPARTA: agent_chooser(game, "simple", 102)}
    record = record_until("2020", 2, choosers, lambda g, s: s.round == 1 and s.phase == "turn")
    return Session.from_record(record, frozenset({ATHENS}), "simple")


def test_end_of_round_effects_have_their_own_lines_and_a_summary() -> None:
    """R-EOR-1, R-EOR-6, R-EOR-10, R-EOR-19, R-EOR-20: Sparta's last pass no longer carries Athens'
    feeding and the completed projects' prestige on its line: they follow the round's heading on a
    line of their own, as Megalopolis and spoilage after Athens' growth; the round ends with a summary."""
    texts = [line.text for line in second_round().log]
    passed = texts.index("Both players have passed: the end of the round.")
    assert texts[passed - 1] == "Sparta: Pass: no more actions; the round ends"  # nothing appended
    assert texts[passed + 1] == ("  With the end of round's completed projects, feeding: "
                                 "Athens -7 wheat; Sparta +2 prestige")
    grow = next(n for n, t in enumerate(texts) if t.startswith("Athens: Grow Chios"))
    assert "→" not in texts[grow]
    assert texts[grow + 1].startswith("  With the end of round's Megalopolis and spoilage: Athens +1 prestige")
    summary = texts.index("=== Round Epsilon (2 of 3, N = 4) ===") - 1
    assert texts[summary] == ("Round Alfa summary: Athens 3 prestige, 3 poleis, 8 population, score 11; "
                              "Sparta 2 prestige, 4 poleis, 7 population, score 9.")


def test_texts_name_buildings_in_words_and_count_cubes_and_rounds_alike() -> None:
    """R-ACT-PROJECT-1, R-PREP-7, R-ROUND-1: project names in words as the edition prints them
    ("Theatre with episkenion", not its notation), "1 cube" in the singular, and the round heading
    spelled as the status bar does, the first round's too."""
    session = second_round()
    game = polis_game(session.game)
    headings = [line.text for line in session.log if line.kind == "heading" and "===" in line.text]
    assert headings == ["=== Round Alfa (1 of 3, N = 3) ===", "=== Round Epsilon (2 of 3, N = 4) ==="]
    assert session.log[0].text == headings[0]  # the game's first round heads its first step
    view = session.view(ATHENS)

    def say(text: str) -> str:
        return session.kit.describe_action(game, view, Action.parse(text))

    assert say("project TheatreWithEpiskenion Athinae").startswith("Start Theatre with episkenion in Athinae")
    assert say("project TempleOfZeus Athinae").startswith("Start Temple of Zeus in Athinae")
    chalkis = game.tables.polis_index["Chalkis"]
    assert view.state.pop[chalkis] == 1 and say("hoplites Chalkis").startswith("Create hoplites from Chalkis (1 cube),")


def test_an_ostracism_shows_no_final_score_as_in_the_browser() -> None:
    """R-END-3, R-END-4: a game lost to ostracism stops unscored; the terminal printed a score line
    (10–11) while the browser had none. Both now say there was no final scoring, in the same words."""
    session = siege_game(4, 2000, besiege=False)
    outcome = session.outcome
    assert outcome is not None and outcome.reason == "ostracism"
    words = session.kit.outcome_text(session.game, outcome)
    assert words.endswith("no final scoring (R-END-4)")

    async def script(app: GameApp, pilot: Pilot[str], screen: GameScreen) -> None:
        detail = shown(screen, "#detail")
        assert words in detail.replace("\n", " ") and "Score (population" not in detail

    run(session, script, size=(160, 40))


def top(app: GameApp) -> object:
    """The screen on top (typed loosely, so that checks after an isinstance assert still type-check)."""
    return app.screen


def screenshot_text(app: GameApp) -> str:
    """The rendered terminal as plain text (the SVG screenshot without its markup)."""
    return html.unescape(re.sub(r"<[^>]+>", "", app.export_screenshot())).replace("\u00a0", " ")


def test_long_menu_titles_wrap_and_the_goods_stay_in_sight() -> None:
    """R-ACT-TRIBUTE-3: at 160 columns the tribute step's title was cut ("Tribute in Attika
    (hoplites assigned:"); it now wraps whole. The status bar shows each side's goods, the
    player's first, whatever board view is on."""
    session = new_session("2020", 3, frozenset({ATHENS}), "simple")

    async def script(app: GameApp, pilot: Pilot[str], screen: GameScreen) -> None:
        await pilot.press(":", *"tribute Attika", "enter", "y")
        title = shown(screen, "#menu-title")
        assert title.startswith("Athens: Tribute in Attika (hoplites assigned:") and title.endswith(")")
        screen_text = " ".join(screenshot_text(app).split())
        assert " ".join(title.split()[-3:]) in screen_text  # its end is on the screen too
        status = shown(screen, "#status").splitlines()
        st, goods = session.state, polis_game(session.game).tables.goods
        mine = ", ".join(f"{st.goods[g]} {GOODS[g]}" for g in goods)  # Athens' goods come first in the state
        assert status[-1].replace("\u00a0", " ").startswith(f"Goods Athens {mine} · Sparta ")

    run(session, script, size=(160, 40))


def test_loading_another_game_offers_to_save_this_one(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """L asked for a file and replaced the game unsaved; it now asks first: Esc stays, y saves."""
    monkeypatch.chdir(tmp_path)
    session = new_session("2020", 3, frozenset({ATHENS}), "simple")

    async def script(app: GameApp, pilot: Pilot[str], screen: GameScreen) -> None:
        await pilot.press("L")
        question = top(app)
        assert isinstance(question, ChoiceScreen) and "Load another game?" in str(question.text)
        await pilot.press("escape")
        assert top(app) is screen and not screen.notation.display
        await pilot.press("L", "y")
        assert (tmp_path / session.default_save()).exists()
        assert screen.notation.display and screen.notation.value == "load "

    run(session, script)


def test_the_computers_first_moves_are_shown_after_the_welcome() -> None:
    """The welcome covered the board while Sparta made the first moves; closing it says who moved, how
    often, the latest move, and where to read them all."""
    session = new_session("2020", 3, frozenset({ATHENS}), "simple")

    async def script(app: GameApp, pilot: Pilot[str], screen: GameScreen) -> None:
        assert isinstance(app.screen, ChoiceScreen)
        moved = [line for line in session.log if line.kind == "action" and line.seat == SPARTA]
        assert moved and screen.mode == MODE_CHOOSE
        await pilot.press("enter")
        detail = shown(screen, "#detail")
        assert f"Sparta moved first ({len(moved)} steps; Tab to the Log view reads them all)" in detail
        assert detail.endswith(f"Latest: {moved[-1].text}")

    run(session, script, welcome=True)


def test_the_plain_loop_flags_the_losing_feeding(monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """R-EOR-13, R-END-3: the plain text loop (kleos play polis --plain) says which numbered choice
    loses the game (numbered as its menu lists them)."""
    session = fatal_feeding()
    plain = PlainGame(session)
    legal = plain.ordered(session.legal(ATHENS))
    number = legal.index(Action("feed")) + 1
    monkeypatch.setattr("sys.stdin", io.StringIO(f"{number}\n"))
    assert plain.decide(ATHENS)
    assert session.record.actions[-1] == (ATHENS, Action("feed"))
    lines = capsys.readouterr().out.splitlines()
    flagged = [line for line in lines if "LOSES THE GAME" in line]
    assert len(flagged) == 1 and flagged[0].startswith(f"  {number}. ") and "[feed]" in flagged[0]
