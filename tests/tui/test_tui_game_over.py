"""The game-over screen of every game in the terminal (issue 24): the winner named in words, each
seat's final score with the game's breakdown, the winner starred, and one key each to replay (the
record kept), save, quit or start a rematch. Textual pilot on finished games of seeded random
players; a capture of each screen is kept (SVG) for a person to look at."""

from __future__ import annotations

import asyncio
import os
import tempfile
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import OptionList, Static

from finished_games import FINISHED, play_to_the_end
from kleos import i18n
from kleos.core import registry
from kleos.core.protocol import Outcome
from kleos.games.cyclades.ending import outcome_words as cyclades_words
from kleos.games.cyclades.game import CycladesGame
from kleos.games.pericles.ending import outcome_words as pericles_words
from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.tables import FACTIONS
from kleos.tui.play import build_app
from kleos.tui.screen import MODE_OVER, OVER_ENTRIES
from languages import english_left, in_languages
from languages import words as tui_words

SHOTS = Path(os.environ.get("KLEOS_SCREENSHOTS", Path(tempfile.gettempdir()) / "kleos-web-shots"))


def finished_record(path: Path, name: str, options: dict[str, Any], seed: int, players: str) -> Outcome:
    session = play_to_the_end(name, options, seed, players, save_path=path)
    assert session.outcome is not None
    return session.outcome


@in_languages
@pytest.mark.parametrize(("name", "options", "seed", "players", "words"), FINISHED, ids=[f[0] for f in FINISHED])
def test_the_game_over_screen_names_the_winner_and_the_scores(
        tmp_path: Path, name: str, options: dict[str, Any], seed: int, players: str, words: str,
        language: str) -> None:
    """R-END-7, C-END-3, P-VICTORY-11: the end in words, one line per seat with its score (and its
    parts where the game tells them), the winner starred; the menu offers replay, save, quit and a
    rematch under keys 1 to 4 — in the reader's language, with no shell word left in English."""
    path = tmp_path / "finished.json"
    outcome = finished_record(path, name, options, seed, players)
    kit = registry.kit(name)
    with i18n.use_locale("en"):
        assert words in kit.outcome_text(kit.make_game(options), outcome)
    with i18n.use_locale(language):
        app = build_app(kit, seats=(0,), seed=seed, opponent="random", load=path)
        game = app.session.game
        told = kit.outcome_text(game, outcome).rstrip(".")
        word = kit.word
        seat_names = [word(name) for name in game.seat_names]  # as the game's catalogue words them
        part_words = {"polis": [word("population"), word("prestige"), word("posterity")],
                      "pericles": [word("start")]}.get(name, [])

    async def go() -> None:
        async with app.run_test(size=(150, 46)) as pilot:
            await pilot.pause()
            screen = app.game_screen
            assert screen is not None and screen.mode == MODE_OVER
            detail = str(screen.query_one("#detail", Static).render())
            assert detail.startswith(tui_words("Game over: {words}.", language, words=told)), detail
            for seat, seat_name in enumerate(seat_names):
                line = next(x for x in detail.splitlines() if x.startswith(seat_name))
                assert tui_words("  score {score}", language, score=outcome.scores[seat]) in line
                assert all(part in line for part in part_words), line  # R-END-7, P-VICTORY-11
                if isinstance(game, PericlesGame):  # where the Honor came from (P-VICTORY-11)
                    assert f"{part_words[0]} {game.tables.scenario.honor[FACTIONS[seat]]}" in line, line
                assert (tui_words("  ★ winner", language) in line) == (outcome.winner == seat), line
            menu = screen.query_one("#menu", OptionList)
            entries = [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]
            assert [e.split()[0] for e in entries] == ["1", "2", "3", "4"]
            for entry, (_key, text) in zip(entries, OVER_ENTRIES, strict=True):
                assert tui_words(text, language) in entry
            if language == i18n.PSEUDO:  # every word of the sheet and the menu went through a catalogue
                assert english_left([detail, *entries]) == []
            SHOTS.mkdir(parents=True, exist_ok=True)
            app.save_screenshot(str(SHOTS / f"tui-game-over-{name}-{language}.svg"))

    with i18n.use_locale(language):
        asyncio.run(go())


def test_cyclades_words_name_the_tie_break() -> None:
    """C-END-4, C-END-5, C-AMB-24: two players reach 2 Metropolises: the richest wins "on a
    tie-break: most gold"; with the FAQ order, most Metropolises first; a full tie is shared."""
    game = CycladesGame({"players": 3})
    tied = cyclades_words(game, Outcome("metropolises", 1, (2, 2, 1)))
    assert tied.startswith("Red wins on a tie-break: most gold.")
    shared = cyclades_words(game, Outcome("metropolises", None, (2, 2, 0)))
    assert shared.startswith("Blue and Red share the win: tied on gold and Metropolises.")
    faq = CycladesGame({"players": 3, "end_tie_order": "metropolises_first"})
    assert cyclades_words(faq, Outcome("metropolises", 2, (2, 0, 3))).startswith(
        "Green wins on a tie-break: most Metropolises.")
    assert cyclades_words(game, Outcome("resigned", 1, (0, 1, 1))) == ""


def test_pericles_words_name_the_side_and_the_faction() -> None:
    """P-VICTORY-11: the winning side, then its faction with its Honor, and both sides' Honor."""
    game = PericlesGame({"scenario": "14_1_09a"})
    names = game.seat_names
    text = pericles_words(game, Outcome("conquest", 1, (20, 25, 9, 3)))
    assert text.startswith(f"Athens wins (conquest); the winning faction: {names[1]}, 25 Honor.")
    assert f"Athens 45 Honor ({names[0]} 20, {names[1]} 25); Sparta 12 Honor" in text
