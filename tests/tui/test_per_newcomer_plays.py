"""A newcomer plays the Pericles vignette to its end with its own choices (Textual pilot, issue 24):
the War in the Aegean (``14_1_09a``) as the Aristocrats against three ``heuristic`` computer
factions, deciding every step itself (:mod:`per_newcomer`: its issues used when it can pay, battles
where it is stronger) and typing its choice, never asking for a hint. On the way it reads the welcome
(no handicap in the one-phase vignette, P-DATA-14), the rules reference (R), the plain line under the
menu for a marker it may place (P-THEATER-4) and the story log: the revealed markers, the Commander
and each battle's totals and result (P-THEATER-9, P-MIL-1, P-BATTLE-7). Captures of the reference,
the explained menu and the log are kept with the browser's screenshots."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from newcomer_pilot import play_to_the_end, settle, shown, type_choice
from textual.pilot import Pilot

from kleos.core.undo import replay
from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.kit import KIT
from kleos.games.pericles.view import PericlesView
from kleos.tui.app import GameApp
from kleos.tui.play import build_app
from kleos.tui.screen import MODE_OVER, GameScreen
from kleos.tui.widgets import ChoiceScreen, TextScreen
from per_newcomer import choose

SEED = 5  # the Aristocrats command an expedition, a battle is fought, and they end 18 to the winner's 19
SCENARIO = {"scenario": "14_1_09a"}
MAX_DECISIONS = 200  # a guard: the person decides 15 to 40 times in the vignette
SHOTS = Path(os.environ.get("KLEOS_SCREENSHOTS", Path(tempfile.gettempdir()) / "kleos-web-shots"))


def test_a_newcomer_plays_the_vignette_to_its_end_with_its_own_choices() -> None:
    """P-THEATER-4, P-THEATER-9, P-EXPED-2, P-BATTLE-7: its own choices end the game; what it read
    on the way told it what each choice does and what happened."""
    app = build_app(KIT, SCENARIO, seats=(0,), seed=SEED, opponent="heuristic")
    session = app.session
    game = session.game
    assert isinstance(game, PericlesGame)
    SHOTS.mkdir(parents=True, exist_ok=True)
    seen: dict[str, str] = {}
    taken: list[str] = []

    async def script(app: GameApp, pilot: Pilot[str], screen: GameScreen) -> None:
        assert isinstance(app.screen, ChoiceScreen)  # the welcome screen
        seen["welcome"] = app.handicap_text()
        await pilot.press("enter")
        await pilot.press("R")
        assert isinstance(app.screen, TextScreen)
        seen["rules"] = str(app.screen.body)
        app.save_screenshot("pericles-tui-rules.svg", str(SHOTS))
        await pilot.press("escape")
        for _ in range(MAX_DECISIONS):
            await settle(app, pilot, screen, 5000)
            if screen.mode == MODE_OVER:
                app.save_screenshot("pericles-tui-over.svg", str(SHOTS))
                return
            view = session.view(0)
            assert isinstance(view, PericlesView)
            if view.state.step == "place" and "place" not in seen:
                await pilot.press("enter")  # open the highlighted marker kind: its theaters, each explained
                seen["place"] = shown(screen, "#detail")
                app.save_screenshot("pericles-tui-explain.svg", str(SHOTS))
            choice = choose(game, view, session.legal(0))
            await type_choice(app, pilot, screen, str(choice), 0)
            taken.append(str(choice))
            if any("wins by" in line.text or "a draw" in line.text for line in session.log) and "log" not in seen:
                seen["log"] = "\n".join(line.text for line in session.log)
                await pilot.press("tab", "tab", "tab", "tab")  # the Log panel, after the four board panels
                app.save_screenshot("pericles-tui-log.svg", str(SHOTS))
                await pilot.press("tab")
        raise AssertionError(f"no game over after {MAX_DECISIONS} decisions")

    play_to_the_end(app, script, (150, 48))
    assert session.over and replay(game, session.record) == session.state
    assert "none in this game" in seen["welcome"], seen["welcome"]
    assert "Battles: the maths" in seen["rules"] and "P-BATTLE-4" in seen["rules"]
    assert "marker face down" in seen["place"] and " = " in seen["place"] and "[P-" in seen["place"], seen["place"]
    story = seen.get("log", "\n".join(line.text for line in session.log))
    assert "Commander in Chief" in story and "(units" in story, story[-2000:]
    own_issues = [t for t in taken if t.split(" ")[0] in ("expedition", "raid", "league", "commit", "oracle")]
    assert own_issues and "decline" not in taken, taken  # it used its issues, never declined one
