"""A newcomer plays a whole game of Cyclades in Spanish (issue 30), and in the pseudo-locale and
any other language of the test run, with the guide and the hint key alone (Textual pilot): at every
decision they read the guide's tip and the hint in the reader's language, press H, Enter and, when
asked, y; the help page explains the offerings in the rulebook's words; the game ends on the
game-over line in that language. Nothing the newcomer is shown on the way is the shell's English
(in the pseudo-locale: no English word outside the catalogues' ``⟦…⟧`` but names and notation)."""

from __future__ import annotations

import asyncio

import pytest
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
from languages import WHOLE_GAME_LANGUAGES, english_left, words, words_pattern

SEED = 4
MAX_DECISIONS = 600  # a guard: the game ends long before
ENGLISH = ("Confirm", "Not allowed", "Choose", "would choose", "Guide:", "Game over", "is thinking")
LANGUAGES = sorted({"es", *WHOLE_GAME_LANGUAGES} - {i18n.SOURCE})


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_newcomer_plays_a_whole_game_of_cyclades_in_the_readers_language(language: str) -> None:
    with i18n.use_locale(language):
        app = build_app(KIT, {"players": 2}, seats=(0,), seed=SEED, opponent="heuristic")
    session = app.session
    seen: list[str] = []
    hinted_as = words_pattern("Hint: the {kind} computer player would choose '{action}'", language)
    guide, offer = words("Guide: ", language), words("Offer gold to a god", language, "cyclades")

    async def script(app: GameApp, pilot: Pilot[str], screen: GameScreen) -> None:
        assert isinstance(app.screen, ChoiceScreen)
        welcome = str(app.screen.query_one(Static).render())
        assert words_pattern("You play {who}{opponents}.", language).search(welcome), welcome
        seen.append(welcome)
        await pilot.press("enter")
        await pilot.press("G")  # the first-game guide on
        for decision in range(MAX_DECISIONS):
            await settle(app, pilot, screen, 2000)
            if screen.mode == MODE_OVER:
                return
            tip = shown(screen, "#guide")
            assert tip.startswith(guide), tip
            if decision == 0:
                await pilot.press("question_mark")
                assert isinstance(app.screen, TextScreen)
                body = str(app.screen.body)
                assert offer in body and "C-OFFER-2" in body, body[:400]
                await pilot.press("escape")
            await pilot.press("H")
            detail = shown(screen, "#detail")
            hinted = hinted_as.search(detail)
            assert hinted and hinted.start() == 0, detail
            seen.extend([tip, detail, shown(screen, "#menu-title"), shown(screen, "#status")])
            await take_hint(app, pilot, screen, hinted.group(2), 0)
        raise AssertionError(f"no game over after {MAX_DECISIONS} decisions")

    async def go() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            screen = app.game_screen
            assert screen is not None
            await script(app, pilot, screen)
            seen.append(shown(screen, "#detail"))
            over = words_pattern("Game over: {words}.", language)
            assert over.search(shown(screen, "#detail")) or over.search(shown(screen, "#status"))

    with i18n.use_locale(language):
        asyncio.run(go())
    assert session.over and replay(session.game, session.record) == session.state
    leftovers = [text for text in seen for word in ENGLISH if word in text]
    if language == i18n.PSEUDO:  # the seats' names, the computer player's and the steps' notation aside
        notation = {word for _seat, action in session.record.actions for word in str(action).split()}
        leftovers = english_left(seen, [KIT.title, *session.game.seat_names, "heuristic", *notation])
    assert not leftovers, leftovers[:5]
    assert len(seen) > 40
