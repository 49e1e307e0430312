"""A 3-seat Cyclades game in the browser (Chromium, Playwright): one person creates it in the lobby
(seat 1 theirs, seat 2 an invited person, seat 3 the ``heuristic`` bot), a second person joins by
the invite link in another browser context, and both play a whole cycle — the offerings (C-OFFER)
and the god turns (C-ACTION) — only by clicking legal entries of their menus, while the bot plays its
own; each page follows every step of the others live, without a reload."""

# The fixtures come from web_server (not a conftest.py: see there), so the test functions' arguments
# name imported fixtures on purpose.
# ruff: noqa: F811
from __future__ import annotations

import json
import random
import re
import time
from pathlib import Path
from typing import Any

from web_helpers import READY, get_state
from web_server import LiveServer, browser, live_server, shots  # noqa: F401

SEED = 23
BOT = "heuristic"
MAX_CLICKS = 600
END_SHARE = 0.3
MAX_CYCLES = 4  # the people play until each has had a god turn, within this many cycles
DEADLINE_S = 240.0  # a guard against a hung page, not a speed check
LIVE = "n => Number(document.body.dataset.seq) >= n"


def watch_errors(page: Any, errors: list[str]) -> None:
    page.on("pageerror", lambda exc: errors.append(str(exc)))


def seeded_create(route: Any) -> None:
    """The lobby's create request with a seed added (the lobby has no seed field; the test server
    accepts client seeds), so the game is the same on every run."""
    body = json.loads(route.request.post_data or "{}")
    route.continue_(post_data=json.dumps({**body, "seed": SEED}))


def create_in_lobby(page: Any, base: str) -> str:
    """The lobby: Cyclades, 3 players, me / a person / the bot; returns the invite link."""
    page.goto(f"{base}/")
    page.check("#game-cyclades")
    page.fill("#option-players", "3")
    page.locator("#option-players").dispatch_event("input")
    page.wait_for_selector("#seat-2", state="attached")
    assert page.locator("#seats select").count() == 3
    page.select_option("#seat-0", "me")
    page.select_option("#seat-1", "person")
    page.select_option("#seat-2", BOT)
    page.route(re.compile(r".*/api/games$"), seeded_create)
    page.click("#create-btn")
    invite = page.locator("#created input.invite-url")
    invite.wait_for()
    assert page.locator("#created input.invite-url").count() == 1  # one person to invite, the bot needs none
    url: str = invite.input_value()
    return url


def click_one(page: Any, rng: random.Random) -> str | None:
    """Click one enabled menu entry (a group opens a level; an action sends a step); returns the
    action sent, or None for a group. Apollo is passed over while a god can still be offered to,
    and ending the turn or a step is taken at a rate of ``END_SHARE`` when offered, so the humans reach the
    god turns and the cycle moves on."""
    choices = page.locator("#menu button.choice:not([disabled])")
    count = choices.count()
    assert count > 0
    entries: list[tuple[str | None, str | None]] = [
        (choices.nth(i).get_attribute("data-action"), choices.nth(i).get_attribute("data-group")) for i in range(count)]
    words = [(action or group or "").split(" ")[0] for action, group in entries]
    gods = [i for i, w in enumerate(words) if w != "apollo"]
    ends = [i for i, (action, _) in enumerate(entries) if action is not None and words[i] in ("end", "done")]
    pick = rng.choice(ends) if ends and rng.random() < END_SHARE else rng.choice(gods or list(range(count)))
    button = choices.nth(pick).element_handle()  # the element itself: the menu is redrawn after a click
    action = entries[pick][0]
    button.click()
    if action is not None and button.get_attribute("data-armed") == "1":  # a second tap confirms
        button.click()
    return action


def god_turns(log: list[dict[str, Any]], seat: int) -> int:
    """Main-god turns ``seat`` has ended (an ``end`` of the action phase; Apollo's turn is a marker)."""
    return sum(1 for entry in log if entry["seat"] == seat and entry["action"] == "end")


def test_three_seats_two_people_and_a_bot_play_a_cycle(live_server: LiveServer, browser: Any, shots: Path) -> None:
    base = live_server.url
    contexts = [browser.new_context(viewport={"width": 1280, "height": 900}) for _ in range(2)]
    try:
        for context in contexts:
            context.set_default_timeout(30_000)
        alice, bob = (c.new_page() for c in contexts)
        errors: list[str] = []
        watch_errors(alice, errors)
        watch_errors(bob, errors)
        invite_url = create_in_lobby(alice, base)
        game_id = re.fullmatch(re.escape(base) + r"/play/([A-Za-z0-9_-]+)#invite=.+", invite_url).group(1)  # type: ignore[union-attr]
        alice.click("#go-play")
        alice.wait_for_selector("#cyc-map polygon")
        bob.goto(invite_url)
        bob.wait_for_selector("#cyc-map polygon")
        for page in (alice, bob):  # a mark that a reload would wipe: the pages must follow the game live
            page.evaluate("window.notReloaded = true")
        assert "you are Blue" in alice.inner_text("#game-title")
        assert "you are Red" in bob.inner_text("#game-title")
        start = get_state(base, game_id)
        assert [(p["kind"], p["agent"]) for p in start["players"]] == [("person", None), ("person", None), ("bot", BOT)]
        assert all(p["joined"] for p in start["players"])
        pages = {0: alice, 1: bob}
        rng = random.Random(SEED)
        sent: dict[int, list[str]] = {0: [], 1: []}
        clicks = 0
        began = time.monotonic()
        while True:
            public = get_state(base, game_id)
            state = public["view"]["state"]
            done = state["cycle"] >= 2 and all(god_turns(public["log"], seat) for seat in pages)
            if public["outcome"] is not None or done or state["cycle"] > MAX_CYCLES:
                break
            assert clicks < MAX_CLICKS and time.monotonic() - began < DEADLINE_S, (clicks, state["phase"])
            actor = public["to_act"][0]
            if actor not in pages:  # the bot's move: the server plays it on its own
                time.sleep(0.05)
                continue
            page = pages[actor]
            page.wait_for_function(READY)
            seq = public["seq"]
            action = click_one(page, rng)
            clicks += 1
            if action is None:
                continue
            page.wait_for_function("s => Number(document.body.dataset.seq) > s", arg=seq)
            sent[actor].append(action)
            now = get_state(base, game_id)["seq"]
            for other in pages.values():  # both pages learn of the step (and the bot's after it) live
                other.wait_for_function(LIVE, arg=now)
        final = get_state(base, game_id)
        log = final["log"]
        phases = {seat: [entry["action"].split(" ")[0] for entry in log if entry["seat"] == seat] for seat in range(3)}
        for seat in (0, 1):
            assert [a.split(" ")[0] for a in sent[seat]] == phases[seat], "a click was not a step of this seat"
            assert "offer" in phases[seat], f"seat {seat} made no offering (C-OFFER)"
            assert god_turns(log, seat) >= 1, f"seat {seat} had no god turn (C-ACTION)"
        assert {"offer", "apollo"} & set(phases[2]) and len(phases[2]) >= 2, "the bot did not play"
        assert final["view"]["state"]["cycle"] >= 2, "the first cycle did not end"
        for page in (alice, bob):
            page.wait_for_function(LIVE, arg=final["seq"])
            assert page.locator("#log-panel li.log-entry").count() == final["steps"]
            assert page.evaluate("window.notReloaded") is True
            gold = page.locator("#cyc-players tbody tr td:nth-child(2)").all_inner_texts()
            assert [g == "?" for g in gold] == [seat != (0 if page is alice else 1) for seat in range(3)]
        alice.screenshot(path=str(shots / "cyclades-3-seats-blue.png"), full_page=True)
        bob.screenshot(path=str(shots / "cyclades-3-seats-red.png"), full_page=True)
        assert errors == []
    finally:
        for context in contexts:
            context.close()
