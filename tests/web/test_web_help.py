"""Help for the player on the game page (Chromium, Playwright): the help dialog names the rule IDs,
the Hint button marks a legal menu entry, the "last turn" panel tells the bot's step in words, the
game-over screen shows the scores, and "Notify me" asks for the notification permission and, once
granted, notifies when the turn comes back while the tab is hidden."""

# The fixtures come from web_server (not a conftest.py: see there), so the test functions' arguments
# name imported fixtures on purpose.
# ruff: noqa: F811
from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

from web_helpers import click_first_action, create_game, get_state, open_game, play_over_http
from web_server import LiveServer, browser, desktop, live_server  # noqa: F401

SHOTS = Path("/tmp/kleos-shots")
RULE_ID = re.compile(r"\b[A-Z]+-[A-Z]+-[A-Z0-9*]+\b")


TURN_BACK = "() => document.body.dataset.yourTurn === '1' || document.body.dataset.status === 'over'"


def shots() -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    return SHOTS


def test_help_dialog_shows_the_rule_ids(live_server: LiveServer, desktop: Any) -> None:
    """The Help button opens the kit's help: the guide's advice now, the choices now and every verb
    with the IDs of its rules (e.g. R-ACT-GEN-7)."""
    base = live_server.url
    seated = create_game(live_server.url, ["me", "random"], seed=5)
    page = desktop.new_page()
    errors = open_game(page, base, seated)
    page.wait_for_selector("#menu button.choice")
    page.click("#help-open")
    page.wait_for_selector("#help-dialog[open] [data-rules]")
    rules = page.eval_on_selector_all("#help-dialog [data-rules]", "els => els.map(e => e.textContent)")
    assert rules and all(RULE_ID.search(text) for text in rules), rules
    assert page.locator("#help-dialog [data-help='tip']").inner_text().strip()
    assert page.locator("#help-dialog [data-help='now'] .help-verb").count() >= 1
    page.screenshot(path=str(shots() / "help-dialog.png"))
    page.click("#help-dialog [data-help-close]")
    page.wait_for_selector("#help-dialog", state="hidden")
    assert errors == []


def test_hint_marks_a_legal_menu_entry(live_server: LiveServer, desktop: Any) -> None:
    """The Hint button asks the kit's hint agent and marks its choice in the menu, with its words."""
    base = live_server.url
    seated = create_game(base, ["me", "random"], seed=9)
    page = desktop.new_page()
    errors = open_game(page, base, seated)
    page.wait_for_selector("#menu button.choice")
    page.wait_for_selector("#hint-ask:not([hidden])")
    legal = {e["action"]: e["text"] for e in get_state(base, seated["game_id"], seated["token"])["legal"]}
    page.click("#hint-ask")
    hinted = page.wait_for_selector("#menu button.choice.hinted")
    action = hinted.get_attribute("data-action")
    assert action in legal
    assert page.locator("#hint-line").get_attribute("data-action") == action
    assert legal[action] in page.inner_text("#hint-line")
    page.screenshot(path=str(shots() / "hint.png"))
    assert errors == []


def test_last_turn_panel_tells_the_bots_step(live_server: LiveServer, desktop: Any) -> None:
    """After my step the bot plays; the panel beside the menu tells its step in the log's words."""
    base = live_server.url
    seated = create_game(base, ["me", "random"], seed=5)
    page = desktop.new_page()
    errors = open_game(page, base, seated)
    page.wait_for_selector("#menu button.choice")
    before = get_state(base, seated["game_id"], seated["token"])
    mine = seated["seat"]
    for _ in range(12):  # my steps until the bot has made one after my last
        seq = page.evaluate("document.body.dataset.seq")
        click_first_action(page)
        if page.locator("#menu button.choice.armed").count():
            page.locator("#menu button.choice.armed").first.click()
        page.wait_for_function("s => document.body.dataset.seq !== s", arg=seq)
        page.wait_for_function(TURN_BACK)
        log = get_state(base, seated["game_id"], seated["token"])["log"]
        last_mine = max(i for i, e in enumerate(log) if e["seat"] == mine)
        theirs = [e for e in log[last_mine + 1:] if e["seat"] == 1 - mine]
        if theirs:
            break
    else:
        raise AssertionError("the bot never played")
    assert len(log) > len(before["log"])
    page.wait_for_selector("#last-turn:not([hidden])")
    panel = page.inner_text("#last-turn")
    name = before["seat_names"][1 - mine]
    for entry in theirs:
        text = entry["text"].removeprefix(f"{name}: ")
        assert text in panel, (text, panel)
    page.screenshot(path=str(shots() / "last-turn.png"))
    assert errors == []


def test_game_over_shows_the_scores(live_server: LiveServer, desktop: Any) -> None:
    """R-END-7: a finished game's page shows a score table, one row per seat, the winner marked, and
    why the game ended."""
    base = live_server.url
    seated = create_game(base, ["me", "random"], seed=13)
    final = play_over_http(base, seated, random.Random(13))
    page = desktop.new_page()
    errors = open_game(page, base, seated)
    page.wait_for_selector("#scores:not([hidden]) .score-table")
    rows = page.locator("#scores .score-table tbody tr")
    assert rows.count() == 2
    totals = page.eval_on_selector_all("#scores .score-table td.total", "els => els.map(e => e.textContent)")
    assert totals == [str(x) for x in final["outcome"]["scores"]]
    winner = final["outcome"]["winner"]
    assert page.locator("#scores tr.winner").count() == (0 if winner is None else 1)
    assert "ended by" in page.inner_text("#scores .end-reason")
    page.screenshot(path=str(shots() / "game-over-scores.png"))
    assert errors == []


NOTES = """() => {
  window.__asked = 0;
  window.__notes = [];
  const Real = window.Notification;
  if (!Real) return;
  const ask = Real.requestPermission.bind(Real);
  window.Notification = class extends Real {
    constructor(title, options) { window.__notes.push(title); super(title, options); }
    static requestPermission(...args) { window.__asked += 1; return ask(...args); }
  };
}"""


def test_notify_me_asks_permission_and_notifies_when_hidden(live_server: LiveServer, browser: Any) -> None:
    """Switching "Notify me" on asks for the permission; with it granted, the turn coming back while
    the tab is hidden raises a notification (and a beep)."""
    base = live_server.url
    asking = browser.new_context(viewport={"width": 1280, "height": 900})
    granted = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        for context in (asking, granted):
            context.set_default_timeout(20_000)
            context.add_init_script(f"({NOTES})()")
        granted.grant_permissions(["notifications"], origin=base)

        page = asking.new_page()
        errors = open_game(page, base, create_game(base, ["me", "random"], seed=5))
        page.wait_for_selector("#notify-toggle")
        page.click("#notify-toggle")
        page.wait_for_function("() => window.__asked === 1")
        assert page.get_attribute("#notify-toggle", "aria-pressed") == "true"

        seated = create_game(base, ["me", "random"], seed=5)
        page = granted.new_page()
        errors += open_game(page, base, seated)
        page.wait_for_selector("#menu button.choice")
        page.click("#notify-toggle")
        assert page.inner_text("#notify-toggle") == "Notify me: on"
        page.evaluate("Object.defineProperty(document, 'hidden', { get: () => true, configurable: true })")
        for _ in range(12):
            seq = page.evaluate("document.body.dataset.seq")
            click_first_action(page)
            if page.locator("#menu button.choice.armed").count():
                page.locator("#menu button.choice.armed").first.click()
            page.wait_for_function("s => document.body.dataset.seq !== s", arg=seq)
            page.wait_for_function(TURN_BACK)
            if page.evaluate("(window.kleosNotified || []).length"):
                break
        assert page.evaluate("window.__notes") == ["Your turn"]
        assert errors == []
    finally:
        asking.close()
        granted.close()


def test_a_hint_without_a_reason_says_what_the_choice_does(live_server: LiveServer, desktop: Any) -> None:
    """C-OFFER-4: a Cyclades hint (the bot gives no reason of its own) ends with what the hinted
    choice does, the words of its ⓘ: "What it does: Bid 1 for Poseidon's turn this cycle: …"."""
    base = live_server.url
    seated = create_game(base, ["me", "random"], game="cyclades", options={"players": 2}, seed=9)
    page = desktop.new_page()
    errors = open_game(page, base, seated)
    page.wait_for_selector("#menu button.choice")
    page.wait_for_selector("#hint-ask:not([hidden])")
    explained = get_state(base, seated["game_id"], seated["token"])["view"]["explanations"]
    page.click("#hint-ask")
    why = page.wait_for_selector("#hint-line .hint-why").inner_text()
    action = page.locator("#hint-line").get_attribute("data-action")
    assert explained.get(action)
    assert why.strip() == f"What it does: {explained[action]}"
    assert errors == []
