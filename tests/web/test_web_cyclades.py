"""Cyclades in the browser (Chromium, Playwright): the board module draws the board of the player
count as SVG hexes, the side panels hide the other players' gold, and a person can make the
offerings of a 3-player game by clicking the shell's menu."""

# The fixtures come from web_server (not a conftest.py: see there), so the test functions' arguments
# name imported fixtures on purpose.
# ruff: noqa: F811
from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
from web_helpers import READY, create_game, get_state, open_game, store_seat
from web_reader import check_reader_language
from web_server import LiveServer, browser, desktop, live_server, shots  # noqa: F401

from languages import in_languages

MAX_DECISIONS = 600  # the newcomer's decisions at most: a game against two heuristic bots ends long before


@in_languages
def test_cyclades_board_and_offerings(live_server: LiveServer, desktop: Any, shots: Path, language: str) -> None:
    """The board, the hidden gold and a first offering, in the reader's language (whose words fit)."""
    base = live_server.url
    tables = httpx.get(f"{base}/api/catalog/cyclades/tables", params={"options": '{"players": 3}'}, timeout=30)
    assert tables.status_code == 200, tables.text
    islands, seas = len(tables.json()["islands"]), len(tables.json()["seas"])
    seated = create_game(base, ["me", "random", "random"], game="cyclades", options={"players": 3}, seed=5)
    page = desktop.new_page()
    errors = open_game(page, base, seated)
    page.wait_for_selector("#cyc-map polygon")
    assert page.locator("#cyc-map polygon.sea").count() == seas
    assert page.locator("#cyc-map polygon.island").count() >= islands  # an island may span several hexes
    page.wait_for_selector("#menu button.choice")
    gold = page.locator("#cyc-players tbody tr td:nth-child(2)").all_inner_texts()
    me = seated["seat"]
    assert [g == "?" for g in gold] == [seat != me for seat in range(3)]
    check_reader_language(page, language, base)
    page.screenshot(path=str(shots / f"cyclades-start-{language}.png"), full_page=True)
    before = get_state(base, seated["game_id"], seated["token"])["seq"]
    page.locator("#menu button.choice").first.click()
    page.wait_for_function("n => Number(document.body.dataset.seq) > n", arg=before)
    assert errors == []


def open_cyclades(page: Any, base: str, seated: dict[str, Any]) -> list[str]:
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    store_seat(page, base, seated)
    page.goto(f"{base}/play/{seated['game_id']}")
    page.wait_for_selector("#cyc-map polygon")
    page.wait_for_function(READY)
    return errors


def test_the_board_and_the_menu_explain_themselves(live_server: LiveServer, desktop: Any, browser: Any,
                                                   shots: Path) -> None:
    """C-SUMMON-2, C-GODS-10, C-DATA-6: a creature of the track tells its effect as a tooltip and, on a
    tap, in a line under it (a phone has no hover); a god tells what its turn gives; a hex tells what
    an island or a sea is; each offer button tells what the bid buys and costs (the kit's explain
    hook); the Help dialog holds the rules reference (battle maths, Metropolis, creatures)."""
    base = live_server.url
    seated = create_game(base, ["me", "random", "random"], game="cyclades", options={"players": 3}, seed=5)
    page = desktop.new_page()
    errors = open_cyclades(page, base, seated)
    creature = page.locator("#cyc-creatures li[data-told]").first
    words = creature.get_attribute("title")
    assert words and ": " in words and creature.locator(".cyc-tip").inner_text() == words
    assert not creature.locator(".cyc-tip").is_visible()
    creature.click()
    assert creature.locator(".cyc-tip").is_visible()
    page.screenshot(path=str(shots / "cyclades-creature-tooltip.png"))
    gods = page.eval_on_selector_all("#cyc-gods [data-god]", "els => els.map(e => e.getAttribute('title'))")
    assert any("free fleet" in g for g in gods) and any(g.startswith("Apollo: free") for g in gods)
    assert "cornucopias" in page.locator("#cyc-map polygon.island title").first.text_content()
    offer = page.locator("#menu button.choice[data-action^='offer'], #menu button.choice[data-group]").first
    if offer.get_attribute("data-group"):
        offer.click()
    bid = page.locator("#menu button.choice[data-action^='offer']").first
    assert "If nobody outbids you, you pay" in (bid.get_attribute("title") or "")
    page.click("#help-open")
    page.wait_for_selector("#help-dialog[open] details[data-help='rules']")
    page.click("#help-dialog details[data-help='rules'] summary")
    reference = page.inner_text("#help-dialog details[data-help='rules']")
    for needed in ("Battle maths", "4 Philosophers", "the most GP", "Sylph", "C-CYCLE-1"):
        assert needed in reference, needed
    gods = page.locator("#help-dialog details[data-help='rules'] table.help-table")
    assert gods.locator("tr").count() == 6 and "|" not in gods.inner_text()  # the gods' table, head and 5 gods
    gods.scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "cyclades-rules-reference.png"))
    assert errors == []

    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    try:
        mobile = phone.new_page()
        open_cyclades(mobile, base, seated)
        item = mobile.locator("#cyc-creatures li[data-told]").first
        item.scroll_into_view_if_needed()
        item.tap()
        assert item.locator(".cyc-tip").is_visible()
        mobile.screenshot(path=str(shots / "cyclades-creature-tap-phone.png"))
    finally:
        phone.close()


PAYS = re.compile(r"you pay (\d+) GP")


def newcomer_pick(told: dict[str, str], gold: int, built: int) -> str:
    """The newcomer's own choice from the explanations the page shows (see the terminal's pilot):
    the cheapest god it can pay with gold to spare or Apollo; a free unit; a building or two; a move
    where nobody defends or into a battle; stay in battles; else the first choice, ending last."""
    offers = sorted((int(m.group(1)), a) for a, w in told.items() if (m := PAYS.search(w)))
    if offers or "apollo" in told:
        cheap = [a for pay, a in offers if pay <= max(1, gold - 2)]
        return cheap[0] if cheap else "apollo"
    wanted: list[Callable[[str, str], bool]] = [
        lambda a, w: a.startswith("recruit") and "for free" in w,
        lambda a, w: a.startswith("build") and gold >= 2 and built < 2,
        lambda a, w: "nobody defends" in w or "a battle starts" in w,
        lambda a, w: a == "stay"]
    for test in wanted:
        found = next((a for a, w in told.items() if test(a, w)), None)
        if found:
            return found
    rest = [a for a in told if a.split(" ")[0] not in ("end", "done")]
    return rest[0] if rest else next(iter(told))


def click_to(page: Any, action: str) -> str:
    """Open the menu's groups down to ``action`` and tap it (twice when it asks); its tooltip."""
    words = action.split(" ")
    for _ in range(4):
        button = page.locator(f"#menu button.choice[data-action='{action}']")
        if button.count():
            pick = button.element_handle()  # the menu is drawn again once the step is sent
            title: str = pick.get_attribute("title") or ""
            pick.click()
            if pick.get_attribute("data-armed") == "1":
                pick.click()
            return title
        groups = page.locator("#menu button.choice[data-group]")
        keys = groups.evaluate_all("els => els.map(e => e.dataset.group)")
        key = next(k for k in keys if k in words)
        groups.nth(keys.index(key)).click()
    raise AssertionError(f"{action} is not in the menu")


def test_a_newcomer_plays_a_whole_game_in_the_browser_by_its_own_choices(live_server: LiveServer, desktop: Any,
                                                                         shots: Path) -> None:
    """A 3-player game against two heuristic bots to its end: at each decision the newcomer reads the
    explanations the page gives each choice (the buttons' tooltips, the view's 'explanations'),
    picks by its own simple rules and taps its way through the menu; the log tells the story."""
    base = live_server.url
    seated = create_game(base, ["me", "heuristic", "heuristic"], game="cyclades", options={"players": 3}, seed=4)
    page = desktop.new_page()
    errors = open_cyclades(page, base, seated)
    built, cycle, picks, ends_checked = 0, 0, [], False
    for _ in range(MAX_DECISIONS):
        page.wait_for_function(READY, timeout=60_000)
        if page.evaluate("document.body.dataset.status") == "over":
            break
        message = get_state(base, seated["game_id"], seated["token"])
        if not message["your_turn"]:
            continue
        state, told = message["view"]["state"], message["view"]["explanations"]
        assert set(told) == {e["action"] for e in message["legal"]}
        if state["cycle"] != cycle:
            built, cycle = 0, state["cycle"]
        if "end" in told and len(told) > 1 and not ends_checked:  # C-ACTION-3: the turn's choices first
            page.wait_for_selector("#menu button.choice")
            order = page.locator("#menu button.choice").evaluate_all(
                "bs => bs.map(b => b.dataset.action || b.dataset.group)")
            assert order[-1] == "end" and "end" not in order[:-1], order
            assert [e["action"] for e in message["legal"] if e.get("ends")] == ["end"]
            ends_checked = True
        action = newcomer_pick(told, state["gold"][seated["seat"]], built)
        built += action.startswith("build")
        assert click_to(page, action) == told[action]  # the page showed what the newcomer read
        picks.append(action)
        page.wait_for_function("s => Number(document.body.dataset.seq) > s || document.body.dataset.status === 'over'",
                               arg=message["seq"], timeout=60_000)
        if len(picks) == 30:
            page.locator("#log-panel").scroll_into_view_if_needed()
            page.screenshot(path=str(shots / "cyclades-story-log.png"), full_page=True)
    else:
        raise AssertionError(f"no game over after {MAX_DECISIONS} decisions: {picks[-10:]}")
    final = get_state(base, seated["game_id"], seated["token"])
    assert final["outcome"] is not None and "Game over" in page.inner_text("#turn-title")
    assert any(p.startswith(("offer", "apollo")) for p in picks) and "end" in picks and ends_checked
    story = [e["text"] for e in final["log"]]
    assert any("offerings settled: " in t for t in story) and any("income (C-INCOME-1)" in t for t in story)
    # C-CYCLE-1: the log panel heads each cycle and its actions, where the server's log puts them
    sent = [text for e in final["log"] for text in (e.get("heading_before"), e.get("heading_after")) if text]
    shown = page.locator("#log-panel li.log-heading").all_inner_texts()
    assert shown == sent and shown[:2] == ["Cycle 1", "Cycle 1: actions"] and "Cycle 2" in shown, shown[:4]
    page.screenshot(path=str(shots / "cyclades-newcomer-over.png"), full_page=True)
    assert errors == []
