"""Accessibility of the browser pages (WCAG 2.2 AA as the target, docs/accessibility.md):

* axe-core, through Playwright, on every page (lobby signed out and signed in, a mid-game page of
  each game, a replay, the ladder) finds no violation of any impact (critical, serious, moderate or minor);
* each game page in mid-game offers the board in words as a list of lines (the `t` key goes there)
  and is screenshotted as seen with protanopia, deuteranopia and tritanopia
  (Chromium's own simulation) to $KLEOS_SCREENSHOTS, and fits a window at 200% zoom;
* the polite live region announces the bot's steps, chance results, "your turn" and the end;
* a whole game of each game (Polis, 2-player Cyclades, the Pericles vignette) is played against bots
  with the keyboard only: not one mouse or pointer event reaches the page, and the focused choice shows its focus.
"""

# The fixtures come from web_server (not a conftest.py: see there), so the test functions' arguments
# name imported fixtures on purpose.
# ruff: noqa: F811
from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from web_helpers import READY, create_game, get_state, play_over_http, store_seat
from web_server import LiveServer, browser, desktop, live_server, shots  # noqa: F401

IMPACTS = ("critical", "serious", "moderate", "minor")  # every impact axe-core reports is asserted
VISIONS = ("protanopia", "deuteranopia", "tritanopia")
# (game, seats, options, own steps taken over HTTP before the page is checked)
MID_GAMES = [
    ("polis", ["me", "random"], {}, 4),
    ("cyclades", ["me", "random"], {"players": 2}, 8),
    ("pericles", ["me", "random", "random", "random"], {}, 6),
]
# (game, options, the other seats): Cyclades against its heuristic bot, which ends the game by its
# third metropolis in about a hundred own decisions (a random bot would take several hundred); the
# Pericles vignette (its default scenario) against three random factions
KEYBOARD_GAMES = [("polis", {}, ["random"]), ("cyclades", {"players": 2}, ["heuristic"]),
                  ("pericles", {}, ["random", "random", "random"])]
MOVED = "s => document.body.dataset.seq !== s || document.body.dataset.status === 'over'"
MAX_KEY_DECISIONS = 1500  # own decisions at most in a keyboard game; the game ends long before
HEARD = """(() => {
    window.kleosHeard = [];
    new MutationObserver(() => {
        const el = document.getElementById('announce');
        if (el) window.kleosHeard.push(el.textContent);
    }).observe(document, {childList: true, subtree: true, characterData: true});
})()"""
POINTERS = """(() => {
    window.kleosPointer = 0;
    for (const kind of ['mousedown', 'mouseup', 'pointerdown', 'pointerup', 'mousemove', 'pointermove', 'wheel'])
        window.addEventListener(kind, () => { window.kleosPointer += 1; }, true);
})()"""


def axe_violations(page: Any) -> list[str]:
    """axe-core's findings of every impact on the page as it is now, one line each."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page).response
    return [f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes'][:3]]}"
            for v in results["violations"] if v["impact"] in IMPACTS]


def open_game(page: Any, base: str, seated: dict[str, Any]) -> None:
    store_seat(page, base, seated)
    page.goto(f"{base}/play/{seated['game_id']}")
    page.wait_for_function(READY, timeout=30_000)


FOCUS_LOG = """() => {
    window.kleosFocus = [];
    document.addEventListener('focusin', (event) => { const e = event.target;
        window.kleosFocus.push(`${e.tagName.toLowerCase()}#${e.id}.${e.getAttribute('class') || ''}`
            + `@${e.getAttribute('href') || ''}`); });
}"""


def tab_round(page: Any, limit: int = 600, burst: int = 25) -> list[str]:
    """Press Tab from the menu until focus has come back round to the top of the page: what took focus
    on the way (a tag and its id, class or link). Fails when focus is caught before that."""
    page.keyboard.press("m")
    page.evaluate(FOCUS_LOG)
    for _ in range(0, limit, burst):
        for _ in range(burst):
            page.keyboard.press("Tab")
        seen: list[str] = page.evaluate("window.kleosFocus")
        back = next((i for i, stop in enumerate(seen) if stop.startswith("a#.brand")), None)
        if back is not None:
            return seen[:back + 1]
    raise AssertionError(f"focus never came back to the top: caught around {seen[-5:]}")


def shoot_visions(page: Any, shots: Path, name: str) -> None:
    cdp = page.context.new_cdp_session(page)
    for vision in VISIONS:
        cdp.send("Emulation.setEmulatedVisionDeficiency", {"type": vision})
        page.screenshot(path=str(shots / f"access-{name}-{vision}.png"))
    cdp.send("Emulation.setEmulatedVisionDeficiency", {"type": "none"})
    cdp.detach()


def test_lobby_account_and_ladder_pages_pass_axe(live_server: LiveServer, desktop: Any) -> None:
    base = live_server.url
    page = desktop.new_page()
    page.goto(f"{base}/")
    page.wait_for_selector("#account-form")
    page.wait_for_selector("#game-list input")
    assert axe_violations(page) == []
    page.click("#rules-open")  # the test game (first in the list) has no rules text: the dialog says so
    page.wait_for_selector("#rules-dialog[open] p:has-text('no rules text')")
    assert axe_violations(page) == []
    page.keyboard.press("Escape")
    page.check("#game-cyclades")
    page.click("#rules-open")  # the chosen game's rules, read before a game
    page.wait_for_selector("#rules-dialog[open] [data-rules-part='reference'] h4")
    page.click("#rules-dialog details[data-rules-part='verbs'] summary")
    assert axe_violations(page) == []
    page.keyboard.press("Escape")
    page.wait_for_selector("#rules-dialog", state="hidden")
    assert page.evaluate("document.activeElement.id") == "rules-open"  # focus back where it was
    page.fill("#account-name", "axe-reader")
    page.fill("#account-password", "correct horse battery")
    page.click("#sign-up")
    page.wait_for_selector("#signed-in")
    assert axe_violations(page) == []
    page.goto(f"{base}/ladder?game=polis")
    page.wait_for_selector("#ladder-body table, #ladder-body p:not(:has-text('Loading'))")
    assert axe_violations(page) == []


@pytest.mark.parametrize(("game", "seats", "options", "steps"), MID_GAMES, ids=[g[0] for g in MID_GAMES])
def test_each_game_in_mid_game_passes_axe_colour_blind_and_zoomed(live_server: LiveServer, browser: Any, shots: Path,
                                                                 game: str, seats: list[str], options: dict[str, Any],
                                                                 steps: int) -> None:
    base = live_server.url
    seated = create_game(base, seats, game=game, options=options, seed=5)
    state = play_over_http(base, seated, random.Random(5), steps=steps)
    assert state["outcome"] is None and state["steps"] > steps
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    try:
        page = context.new_page()
        open_game(page, base, seated)
        assert axe_violations(page) == []
        page.keyboard.press("h")  # the help dialog, opened from the keyboard, is checked too
        page.wait_for_selector("#help-dialog[open] [data-help='keys']")
        assert axe_violations(page) == []
        page.keyboard.press("Escape")
        assert page.locator("#help-dialog[open]").count() == 0
        stops = tab_round(page)  # no keyboard trap: Tab goes through the tools at the bottom and round again
        assert any(stop.endswith("@/") for stop in stops[:-1])
        page.keyboard.press("t")  # the board in words, a list a screen reader walks line by line
        assert page.evaluate("document.activeElement.id") == "description"
        lines = page.locator("#description [role='listitem']").all_inner_texts()
        now = get_state(base, seated["game_id"], seated["token"])  # the seat's turn: nothing moves meanwhile
        assert [line.strip() for line in lines] == [x.strip() for x in now["description"].splitlines() if x.strip()]
        page.evaluate("window.scrollTo(0, 0)")
        shoot_visions(page, shots, game)
        page.set_viewport_size({"width": 683, "height": 450})  # 200% zoom of the same window
        page.wait_for_timeout(100)
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
        page.screenshot(path=str(shots / f"access-{game}-zoom200.png"))
    finally:
        context.close()


def test_a_replay_passes_axe(live_server: LiveServer, desktop: Any) -> None:
    base = live_server.url
    seated = create_game(base, ["me", "random"], seed=6)
    play_over_http(base, seated, random.Random(6))  # random players starve in Polis within a few dozen steps
    page = desktop.new_page()
    page.goto(f"{base}/replay/{seated['game_id']}?step=10")
    page.wait_for_function("() => document.getElementById('step-label').textContent.startsWith('step 10 ')")
    assert axe_violations(page) == []


def test_the_live_region_announces_the_bots_steps_and_the_turn(live_server: LiveServer, desktop: Any) -> None:
    """Every step of the bot and every chance result after the player's own step is spoken in
    order through the polite live region, then "Your turn."; nothing of the past is read on load."""
    base = live_server.url
    seated = create_game(base, ["me", "random"], seed=8)
    page = desktop.new_page()
    page.add_init_script(HEARD)
    open_game(page, base, seated)
    region = page.locator("#announce")
    assert region.get_attribute("aria-live") == "polite" and region.get_attribute("role") == "status"
    mine = seated["seat"]
    for _ in range(40):  # own steps until one is answered by the bot
        before = get_state(base, seated["game_id"], seated["token"])
        page.evaluate("window.kleosHeard = []")
        page.locator("#menu button.choice[data-action]").first.focus()
        page.keyboard.press("Enter")
        if page.locator("#menu button.choice[data-armed='1']").count():
            page.keyboard.press("Enter")
        page.wait_for_function("s => Number(document.body.dataset.seq) > s", arg=before["seq"])
        page.wait_for_function(READY, timeout=30_000)
        after = get_state(base, seated["game_id"], seated["token"])
        others = [e for e in after["log"] if e["step"] > before["steps"] and e["seat"] != mine]
        if others:
            break
    else:
        raise AssertionError("the bot never moved")
    heard = "\n".join(page.evaluate("window.kleosHeard"))
    names = after["seat_names"]
    bot_lines = [e for e in others if e["seat"] >= 0]
    assert bot_lines, others
    for entry in others:
        text = entry["text"].removeprefix(f"{names[entry['seat']]}: ") if entry["seat"] >= 0 else entry["text"]
        assert text in heard, (text, heard)
    assert heard.rstrip().endswith("Your turn.")
    assert names[1 - mine] in heard


def keyboard_decision(page: Any, rng: random.Random) -> bool:
    """One decision by keys: to the menu (m), down to a random choice, Enter (twice where a step asks
    to be confirmed). True when a step was sent, False when a group of the menu was opened."""
    if not page.evaluate("document.activeElement.matches('#menu button.choice')"):
        page.keyboard.press("m")
    page.keyboard.press("Home")
    n = page.locator("#menu button.choice:not([disabled])").count()
    for _ in range(rng.randrange(n)):
        page.keyboard.press("ArrowDown")
    focused = page.evaluate("""() => { const e = document.activeElement, st = getComputedStyle(e);
        return {action: e.dataset.action || null, choice: e.matches('#menu button.choice'),
                outline: st.outlineStyle !== 'none' && parseFloat(st.outlineWidth) >= 2}; }""")
    assert focused["choice"] and focused["outline"], focused
    page.keyboard.press("Enter")
    if focused["action"] is None:
        return False
    if page.locator("#menu button.choice[data-armed='1']").count():
        page.keyboard.press("Enter")
    return True


@pytest.mark.parametrize(("game", "options", "bots"), KEYBOARD_GAMES, ids=[g[0] for g in KEYBOARD_GAMES])
def test_a_whole_game_against_bots_with_the_keyboard_only(live_server: LiveServer, browser: Any, shots: Path,
                                                         game: str, options: dict[str, Any], bots: list[str]) -> None:
    base = live_server.url
    seated = create_game(base, ["me", *bots], game=game, options=options, seed=9)
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    context.set_default_timeout(30_000)
    try:
        page = context.new_page()
        page.add_init_script(POINTERS)
        page.add_init_script(HEARD)
        open_game(page, base, seated)
        rng, sent = random.Random(9), 0
        for _ in range(MAX_KEY_DECISIONS):
            page.wait_for_function(READY)
            if page.evaluate("document.body.dataset.status") == "over":
                break
            seq = page.evaluate("document.body.dataset.seq")
            if keyboard_decision(page, rng):
                sent += 1
                page.wait_for_function(MOVED, arg=seq)
        else:
            raise AssertionError(f"no game over after {MAX_KEY_DECISIONS} decisions")
        final = get_state(base, seated["game_id"], seated["token"])
        assert final["outcome"] is not None and sent >= 3
        page.wait_for_function("() => (window.kleosHeard || []).some(t => t.includes('Game over'))")
        assert page.evaluate("window.kleosPointer") == 0
        page.screenshot(path=str(shots / f"access-{game}-keyboard-over.png"), full_page=True)
    finally:
        context.close()
