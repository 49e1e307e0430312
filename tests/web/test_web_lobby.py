"""The lobby's New game form as a newcomer meets it (issue 24, findings 12 and 14): a few real
choices first (the game, the players, the seats, the scenario or edition), every reading of an
unclear rule behind a closed "Advanced rules" section with its default selected, and each option and
value in a plain sentence without rule IDs (those stay in a tooltip); "My games" rows in words
(finding 13). The page fits 1280 px and a phone; screenshots of both are kept for a person to look at."""

# The fixtures come from web_server (not a conftest.py: see there), so the test functions' arguments
# name imported fixtures on purpose.
# ruff: noqa: F811
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import httpx
import pytest
from web_helpers import create_game, store_seat
from web_server import LiveServer, browser, live_server, shots  # noqa: F401

RULE_ID = re.compile(r"\b[RCP]-[A-Z]+-\d+")
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}

FORM = """() => {
  const rows = (root) => [...document.querySelectorAll(root + ' [data-option-row]')].map((row) => {
    const control = row.querySelector('[data-option]');
    return {name: row.dataset.optionRow, value: control.value, tooltip: row.getAttribute('title') || '',
            text: row.textContent, offered: control.tagName === 'SELECT'
              ? [...control.options].map((o) => ({value: o.value, text: o.textContent})) : []};
  });
  const more = document.querySelector('#advanced-rules');
  return {basic: rows('#options'), advanced: rows('#advanced-options'), open: more.open, hidden: more.hidden,
          seats: document.querySelectorAll('#seats select').length,
          scroll: document.scrollingElement.scrollWidth, inner: innerWidth};
}"""


def catalog(base: str) -> dict[str, dict[str, Any]]:
    games = httpx.get(f"{base}/api/catalog", timeout=30).json()["games"]
    return {g["name"]: g for g in games}


def open_lobby(browser: Any, base: str, viewport: dict[str, int]) -> tuple[Any, Any, list[str]]:
    """A guest's lobby page; the console errors and page errors it shows are collected."""
    context = browser.new_context(viewport=viewport, is_mobile=viewport is PHONE, has_touch=viewport is PHONE)
    context.set_default_timeout(20_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    page.goto(f"{base}/")
    page.wait_for_selector("#game-list .game-choice")
    return context, page, errors


@pytest.mark.parametrize(("game", "basic", "advanced"), [
    ("cyclades", ["players"], 16), ("pericles", ["scenario"], 10), ("polis", ["edition", "scenario"], 1)])
def test_new_game_offers_a_few_choices_and_hides_the_rules_readings(
        live_server: LiveServer, browser: Any, shots: Path, game: str, basic: list[str], advanced: int) -> None:
    """C-SETUP-1, C-DATA-2, P-DATA-14: the game's few real choices are in view (Cyclades: 3 players
    and 3 seat rows by default); every rules reading is behind a closed "Advanced rules" section,
    its default selected; each option has a plain sentence and each value says what it means for
    play, with no rule ID in view (the rule IDs are the row's tooltip)."""
    base = live_server.url
    entry = catalog(base)[game]
    context, page, errors = open_lobby(browser, base, DESKTOP)
    try:
        page.check(f"#game-{game}")
        page.wait_for_function("n => document.querySelectorAll('#seats select').length === n",
                               arg=len(entry["seat_names"]))
        form = page.evaluate(FORM)
        assert [row["name"] for row in form["basic"]] == basic, form["basic"]
        assert len(form["advanced"]) == advanced and not form["open"] and not form["hidden"]
        if game == "cyclades":
            assert page.input_value("#option-players") == "3" and form["seats"] == 3
        specs = {o["name"]: o for o in entry["options"]}
        for row in form["basic"] + form["advanced"]:
            spec = specs[row["name"]]
            assert not RULE_ID.search(row["text"]), row
            assert spec["help"] in row["text"]
            if not row["offered"]:
                continue
            assert row["value"] == str(spec["default"]), row
            for offered in row["offered"]:
                meaning = spec["meanings"][offered["value"]]
                assert offered["text"].startswith(meaning), offered
                assert offered["text"].endswith("(default)") == (offered["value"] == str(spec["default"]))
        assert any(RULE_ID.search(row["tooltip"]) for row in form["advanced"]) or game == "polis"
        about = page.locator("#seats-about")  # P-SOLO-3: the bots are not the official Phormio bot
        assert about.count() == (1 if entry["agents_about"] else 0) == (1 if game == "pericles" else 0)
        if game == "pericles":
            assert "Phormio" in about.inner_text() and not RULE_ID.search(about.inner_text())
        page.screenshot(path=str(shots / f"lobby-{game}-desktop.png"), full_page=True)
        page.click("#advanced-rules summary")
        page.screenshot(path=str(shots / f"lobby-{game}-advanced.png"), full_page=True)
        assert errors == []
    finally:
        context.close()


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280", "phone"])
def test_the_lobby_fits_the_screen_and_a_guest_sees_no_errors(
        live_server: LiveServer, browser: Any, shots: Path, viewport: dict[str, int]) -> None:
    """The guest's lobby is no wider than the viewport (at 1280 px and on a phone), with the
    advanced rules open too, and its console shows no error (no 401 for a guest)."""
    base = live_server.url
    context, page, errors = open_lobby(browser, base, viewport)
    try:
        page.check("#game-cyclades")
        page.wait_for_function("() => document.querySelectorAll('#seats select').length === 3")
        page.click("#advanced-rules summary")
        page.wait_for_timeout(300)  # the account and finished-games requests answer
        form = page.evaluate(FORM)
        page.screenshot(path=str(shots / f"lobby-{viewport['width']}.png"), full_page=True)
        assert form["scroll"] <= form["inner"], form["scroll"]
        assert errors == []
    finally:
        context.close()


def test_my_games_rows_read_as_sentences(live_server: LiveServer, browser: Any, shots: Path) -> None:
    """C-SETUP-1, P-DATA-14: each of my games is one line of words: the game, a non-default scenario
    by name, the number of players and who they are ("Cyclades, 3 players, vs 2 bots"), then whose
    turn it is, my seat and the last move's time; a changed rules reading is only a "variant" tag
    (the reading in its tooltip); no option value is dumped into the row."""
    base = live_server.url
    cyclades = create_game(base, ["me", "random", "random"], game="cyclades", options={}, seed=3)
    pericles = create_game(base, ["me", "person", "random", "random"], game="pericles",
                           options={"scenario": "14_1_09a", "colony_points": "upkeep"}, seed=4)
    context, page, errors = open_lobby(browser, base, DESKTOP)
    try:
        store_seat(page, base, {**cyclades, "game": "cyclades"})
        store_seat(page, base, {**pericles, "game": "pericles"})
        page.goto(f"{base}/")
        page.wait_for_selector(f"#my-games [data-game='{pericles['game_id']}']")
        row = page.locator(f"#my-games [data-game='{cyclades['game_id']}']")
        page.wait_for_function("id => /your turn|to play/.test(document.querySelector("
                               "`#my-games [data-game='${id}'] .state`).textContent)", arg=cyclades["game_id"])
        assert row.locator(".game-link").inner_text() == "Cyclades, 3 players, vs 2 bots"
        assert re.search(r"you play \w+ · last move (just now|\d+ min ago)", row.inner_text()), row.inner_text()
        assert row.locator(".variant").count() == 0
        other = page.locator(f"#my-games [data-game='{pericles['game_id']}']")
        assert other.locator(".game-link").inner_text() == \
            "Pericles, War in the Aegean, 4 players, vs 2 bots and a person (an invite not accepted yet)"
        assert other.locator(".variant").inner_text() == "variant"
        assert "Colony units: 2 naval units or 4 land units" in (other.locator(".variant").get_attribute("title") or "")
        text = page.inner_text("#my-games")
        assert not any(word in text for word in ("base17", "gold_first", "unlimited", "upkeep", "14_1_09a"))
        page.locator("#mine").screenshot(path=str(shots / "lobby-my-games.png"))
        assert errors == []
    finally:
        context.close()


@pytest.mark.parametrize(("game", "heading", "verb"), [
    ("cyclades", "Creatures (summon on any main god's turn)", "summon"),
    ("pericles", "Battles: the maths", "expedition"),
    ("polis", "Sieges (R-ACT-SIEGE)", "from")])
def test_the_rules_can_be_read_before_a_game(
        live_server: LiveServer, browser: Any, game: str, heading: str, verb: str) -> None:
    """The New game form's "Read the rules" button opens the chosen game's rules reference and every
    kind of move with its rule IDs, before any game is made; Close (or Esc) shuts it and the form is
    as it was."""
    base = live_server.url
    context, page, errors = open_lobby(browser, base, DESKTOP)
    try:
        page.check(f"#game-{game}")
        title = catalog(base)[game]["title"]
        button = page.locator("#rules-open")
        assert button.inner_text() == f"Read the rules of {title}"
        button.click()
        page.wait_for_selector("#rules-dialog[open] [data-rules-part='reference'] h4")
        assert page.locator("#rules-title").inner_text() == f"Rules of {title}"
        headings = page.eval_on_selector_all("#rules-dialog [data-rules-part='reference'] h4",
                                             "els => els.map(e => e.textContent)")
        assert heading in headings, headings
        assert not page.locator("#rules-dialog details[data-rules-part='verbs']").evaluate("d => d.open")
        page.click("#rules-dialog details[data-rules-part='verbs'] summary")
        rules = page.locator(f"#rules-dialog .help-verb[data-verb='{verb}'] [data-rules]").get_attribute("data-rules")
        assert rules and RULE_ID.search(rules), rules
        page.keyboard.press("Escape")
        page.wait_for_selector("#rules-dialog", state="hidden")
        assert page.is_checked(f"#game-{game}") and not page.locator("#created").is_visible()
        assert errors == []
    finally:
        context.close()


def test_the_rules_come_in_the_readers_language(live_server: LiveServer, browser: Any) -> None:
    """With the Spanish language cookie the button, the dialog's title and the reference are Spanish."""
    base = live_server.url
    context = browser.new_context(viewport=DESKTOP, locale="es-ES")
    try:
        context.add_cookies([{"name": "kleos_lang", "value": "es", "url": base}])
        page = context.new_page()
        page.goto(f"{base}/")
        page.wait_for_selector("#game-list .game-choice")
        page.check("#game-cyclades")
        assert page.locator("#rules-open").inner_text() == "Leer las reglas de Cyclades"
        page.click("#rules-open")
        page.wait_for_selector("#rules-dialog[open] [data-rules-part='reference'] h4")
        assert page.locator("#rules-title").inner_text() == "Reglas de Cyclades"
        assert page.locator("#rules-dialog [data-rules-part='reference'] h3").inner_text() == \
            "Cyclades: referencia de reglas"
    finally:
        context.close()
