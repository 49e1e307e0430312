"""A newcomer plays a whole game of Cyclades in Spanish (issue 30), with the guide and the hint key
alone (Textual pilot): at every decision they read the guide's tip and the hint in Spanish, press H,
Enter and, when asked, y; the help page explains the offerings in the rulebook's words; the game
ends on the Spanish game-over line. Nothing the newcomer is shown on the way is the shell's English."""

from __future__ import annotations

import asyncio
import re

from newcomer_pilot import settle, shown, take_hint
from textual.pilot import Pilot
from textual.widgets import Static

from kleos import i18n
from kleos.core.undo import replay
from kleos.games.cyclades.kit import KIT
from kleos.tui.app import GameApp
from kleos.tui.play import build_app
from kleos.tui.screen import MODE_OVER, GameScreen
from kleos.tui.widgets import ChoiceScreen, TextScreen

SEED = 4
MAX_DECISIONS = 600  # a guard: the game ends long before
HINTED = re.compile(r"elegiría '([^']+)'")
ENGLISH = ("Confirm", "Not allowed", "Choose", "would choose", "Guide:", "Game over", "is thinking")


def test_a_newcomer_plays_a_whole_game_of_cyclades_in_spanish() -> None:
    app = build_app(KIT, {"players": 2}, seats=(0,), seed=SEED, opponent="heuristic")
    session = app.session
    seen: list[str] = []

    async def script(app: GameApp, pilot: Pilot[str], screen: GameScreen) -> None:
        assert isinstance(app.screen, ChoiceScreen)
        welcome = str(app.screen.query_one(Static).render())
        assert "Juegas con" in welcome, welcome
        seen.append(welcome)
        await pilot.press("enter")
        await pilot.press("G")  # the first-game guide on
        for decision in range(MAX_DECISIONS):
            await settle(app, pilot, screen, 2000)
            if screen.mode == MODE_OVER:
                return
            tip = shown(screen, "#guide")
            assert tip.startswith("Guía: "), tip
            if decision == 0:
                await pilot.press("question_mark")
                assert isinstance(app.screen, TextScreen)
                body = str(app.screen.body)
                assert "Hacer una ofrenda a un Dios" in body and "C-OFFER-2" in body, body[:400]
                await pilot.press("escape")
            await pilot.press("H")
            detail = shown(screen, "#detail")
            hinted = HINTED.search(detail)
            assert hinted and detail.startswith("Pista: "), detail
            seen.extend([tip, detail, shown(screen, "#menu-title"), shown(screen, "#status")])
            await take_hint(app, pilot, screen, hinted.group(1), 0)
        raise AssertionError(f"no game over after {MAX_DECISIONS} decisions")

    async def go() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            screen = app.game_screen
            assert screen is not None
            await script(app, pilot, screen)
            seen.append(shown(screen, "#detail"))
            assert "Fin de la partida" in shown(screen, "#detail") or "Fin de la partida" in shown(screen, "#status")

    with i18n.use_locale("es"):
        asyncio.run(go())
    assert session.over and replay(session.game, session.record) == session.state
    leftovers = [text for text in seen for word in ENGLISH if word in text]
    assert not leftovers, leftovers[:5]
    assert len(seen) > 40
