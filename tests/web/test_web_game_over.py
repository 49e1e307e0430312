"""The game-over screen in the browser for every game (issue 24): the Final scores panel names the
winner in words (the kit's outcome_text: "Red wins with 2 Metropolises", "Sparta wins …; the
winning faction: …"), lists each seat's score with the winner starred, and offers replay, the
record's export and a rematch with one click each, under the scores. Finished games are imported
from records of seeded computer players; screenshots (desktop and phone) are kept."""

# The fixtures come from web_server (not a conftest.py: see there), so the test functions' arguments
# name imported fixtures on purpose.
# ruff: noqa: F811
from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest
from web_helpers import assert_score_totals_in_view, store_seat
from web_reader import check_reader_language
from web_server import LiveServer, browser, live_server, reader_context, shots  # noqa: F401

from finished_games import FINISHED, play_to_the_end
from kleos import i18n
from kleos.core import registry
from languages import in_lean_languages


def finished_game(name: str, options: dict[str, Any], seed: int, players: str, language: str) -> tuple[
        dict[str, Any], str, str, str]:
    """The record of a finished game, its end in words in English and in ``language``, and why it ended in
    ``language`` (the kit's words for its reason)."""
    session = play_to_the_end(name, options, seed, players)
    assert session.outcome is not None
    kit = registry.kit(name)
    told = {}
    for reader in ("en", language):
        with i18n.use_locale(reader):
            told[reader] = kit.outcome_text(session.game, session.outcome)
            why = kit.reason_words(session.outcome.reason)
    record: dict[str, Any] = session.record.to_json()
    return record, told["en"], told[language], why


@in_lean_languages
@pytest.mark.parametrize(("name", "options", "seed", "players", "words"), FINISHED, ids=[f[0] for f in FINISHED])
@pytest.mark.parametrize("viewport", [{"width": 1280, "height": 800}, {"width": 390, "height": 844}],
                         ids=["1280", "phone"])
def test_the_final_scores_name_the_winner_with_one_click_tools(
        live_server: LiveServer, browser: Any, shots: Path, name: str, options: dict[str, Any], seed: int,
        players: str, words: str, viewport: dict[str, int], language: str) -> None:
    """R-END-7, C-END-3, P-VICTORY-11: the winner in words (in the reader's language), a row per
    seat with the winner starred, in the upper half of the first screen, and under the scores the
    buttons for replay, export and rematch, which do what the game's tools do."""
    base = live_server.url
    record, told_in_english, told, why = finished_game(name, options, seed, players, language)
    assert words in told_in_english
    answer = httpx.post(f"{base}/api/import", json={"record": record, "seat": 0, "opponent": "random"}, timeout=60)
    assert answer.status_code == 201, answer.text
    seated = {**answer.json(), "game": name}
    phone = viewport["width"] < 600
    context = reader_context(browser, language, viewport=viewport, is_mobile=phone, has_touch=phone)
    context.set_default_timeout(20_000)
    try:
        page = context.new_page()
        store_seat(page, base, seated)
        page.goto(f"{base}/play/{seated['game_id']}")
        page.wait_for_selector("#scores:not([hidden]) .end-tools [data-end-tool='rematch']")
        assert told in page.inner_text("#scores .outcome-text")
        reason = page.inner_text("#scores .end-reason")  # the game's own reason in words, not its code
        assert why in reason or name == "polis", (why, reason)  # Polis ends by "score", a word the page knows
        assert "metropolises" not in reason and "_" not in reason, reason
        rows = page.locator("#scores tbody tr")
        assert rows.count() == len(registry.kit(name).make_game(options).seat_names)
        assert page.locator("#scores tr.winner").count() == 1
        if name == "pericles":  # where each faction's Honor came from (P-VICTORY-11)
            # the sheet is drawn from the outcome first, then redrawn with the parts the server sends
            page.wait_for_function("() => document.querySelectorAll('#scores thead th').length > 2")
            heads = page.locator("#scores thead th").all_inner_texts()
            with i18n.use_locale(language):
                start, score = i18n.word_in("pericles", "start"), i18n.gettext_in("kleos", "Score")
            assert start[:1].upper() + start[1:] in heads and heads[1] == score, heads
        assert_score_totals_in_view(page)
        tools = page.eval_on_selector_all("#scores .end-tools button", "els => els.map(e => e.dataset.endTool)")
        assert tools == ["replay", "export", "rematch"]
        top = page.evaluate("document.querySelector('#scores').getBoundingClientRect().top")
        assert top < viewport["height"] / 2, top  # the result is on the first screen, on a phone too
        check_reader_language(page, language, base)
        page.screenshot(path=str(shots / f"game-over-{name}-{viewport['width']}-{language}.png"))
        page.click("#scores [data-end-tool='replay']")
        page.wait_for_url(f"**/replay/{seated['game_id']}")
    finally:
        context.close()
