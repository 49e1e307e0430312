"""The browser UI driven by Chromium (Playwright): a whole game against the AI by clicking the
menu, the lobby with an invite and live updates for two players and a spectator, a phone-sized
screen, and replays with export/import of the record.

Screenshots go to $KLEOS_SCREENSHOTS (default: <tmp>/kleos-web-shots) for a person to look at.
"""

# The fixtures come from web_server (not a conftest.py: see there), so the test functions' arguments
# name imported fixtures on purpose.
# ruff: noqa: F811
from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import httpx
from web_helpers import (
    assert_log_is,
    battle_record,
    click_first_action,
    create_game,
    get_state,
    play_both_over_http,
    play_by_clicking,
    play_over_http,
    store_seat,
)
from web_reader import check_reader_language
from web_server import LiveServer, browser, desktop, live_server, reader_context, shots  # noqa: F401

from kleos.server.language import LANG_COOKIE
from languages import in_languages, in_lean_languages, words_pattern

PHONE = {"width": 390, "height": 844}


def record_frames(page: Any) -> list[tuple[str, dict[str, Any]]]:
    """Every JSON frame the page's WebSockets send ("sent") and receive ("got"), in order."""
    frames: list[tuple[str, dict[str, Any]]] = []

    def on_socket(socket: Any) -> None:
        socket.on("framesent", lambda payload: frames.append(("sent", json.loads(payload))))
        socket.on("framereceived", lambda payload: frames.append(("got", json.loads(payload))))

    page.on("websocket", on_socket)
    return frames


def log_in(base: str, game_id: str, token: str, language: str) -> list[dict[str, Any]]:
    """The seat's whole log as the server words it for a reader of ``language`` (its cookie)."""
    answer = httpx.get(f"{base}/api/games/{game_id}", headers={"Authorization": f"Bearer {token}"},
                       cookies={LANG_COOKIE: language}, timeout=30)
    assert answer.status_code == 200, answer.text
    log: list[dict[str, Any]] = answer.json()["log"]
    return log


def seat_token(page: Any, game_id: str) -> str:
    """The seat token the page keeps for ``game_id``."""
    seats = json.loads(page.evaluate("localStorage.getItem('kleos.seats.v1')"))
    return str(next(s["token"] for s in seats if s["game_id"] == game_id))


def watch_errors(page: Any) -> list[str]:
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    return errors


@in_lean_languages
def test_full_game_against_the_ai_by_clicking(live_server: LiveServer, desktop: Any, shots: Path,
                                              language: str) -> None:
    """A person plays a whole game against the `random` AI only by clicking the menu the page
    builds from the server's legal actions (groups, then one step per click), undoing one own step
    on the way, until the game ends; the page then shows the result and the after-game tools, in
    the reader's language at the start, at each of its decisions and at the end."""
    base = live_server.url
    seated = create_game(base, ["me", "random"], seed=11)
    page = desktop.new_page()
    errors = watch_errors(page)
    store_seat(page, base, seated)
    page.goto(f"{base}/play/{seated['game_id']}")
    page.wait_for_selector("#menu button.choice, body[data-your-turn='0']")
    assert page.locator("#map g.region").count() == 17
    assert page.locator("#map g.polis").count() == 18
    assert page.locator("#map g.market").count() == 5
    check_reader_language(page, language, base)
    page.screenshot(path=str(shots / f"desktop-start-{language}.png"))
    help_button = page.locator("#menu .help-btn").first
    help_button.click()
    rules = words_pattern("Rules: {rules}", language).search(page.inner_text("#menu .help"))
    assert rules and re.match(r"R-[A-Z]+", rules.group(1))
    help_button.click()
    assert page.locator("#menu .help").count() == 0

    counts = play_by_clicking(page, random.Random(11), prefer_undo_once=True,  # the words of every stage too
                              look=lambda: check_reader_language(page, language, base))
    assert counts["actions"] >= 3 and counts["undos"] == 1

    final = get_state(base, seated["game_id"], seated["token"])
    assert final["outcome"] is not None
    page.wait_for_function("n => Number(document.body.dataset.seq) >= n", arg=final["seq"])
    assert words_pattern("Game over: {result}", language).search(page.inner_text("#turn-title"))
    assert page.locator("#tools [data-tool='replay']").is_visible()
    assert page.locator("#tools [data-tool='rematch']").is_visible()
    log_rows = page.locator("#log-panel li.log-entry").count()
    assert log_rows == final["steps"]
    # The log put together from incremental pieces (one of them after the undo) is the server's whole log.
    whole_log = log_in(base, seated["game_id"], seated["token"], language)
    assert_log_is(page, whole_log)
    check_reader_language(page, language, base)
    page.screenshot(path=str(shots / f"desktop-over-{language}.png"), full_page=True)

    # Rematch: the sides are swapped and the bot stays a bot.
    page.click("#tools [data-tool='rematch']")
    page.wait_for_url(re.compile(r"/play/(?!" + re.escape(seated["game_id"]) + r")"))
    page.wait_for_function("() => document.body.dataset.seq !== undefined")
    assert words_pattern("you are {side}", language).search(page.inner_text("#game-title"))
    rematch = json.loads(page.evaluate("localStorage.getItem('kleos.seats.v1')"))[-1]
    assert page.url.endswith(rematch["game_id"]) and rematch["seat"] == 1  # Sparta now
    assert errors == []


def test_lobby_invite_live_updates_spectator_and_resync(live_server: LiveServer, browser: Any, shots: Path) -> None:
    """Create a game against a person in the lobby, show the invite link, join it from a second
    browser context; both pages (and a spectator's) follow each move live over the WebSocket; a
    page whose connection dropped resyncs when it reconnects; a used invite gives no seat. The
    pages read the log incrementally: a hello names the event whose log the page holds, and the
    reconnected page is sent only the steps it missed, yet shows the whole log."""
    base = live_server.url
    contexts = [browser.new_context(viewport={"width": 1280, "height": 900}) for _ in range(4)]
    try:
        alice, bob, watcher, late = (c.new_page() for c in contexts)
        errors = watch_errors(alice) + watch_errors(bob)
        bob_frames = record_frames(bob)
        alice.goto(f"{base}/")
        alice.check("#game-polis")
        alice.wait_for_selector("#seat-1 option[value='random']", state="attached")
        alice.select_option("#option-edition", "2020")
        alice.select_option("#seat-0", "me")
        alice.select_option("#seat-1", "person")
        alice.click("#create-btn")
        invite_box = alice.locator("#created input.invite-url")
        invite_box.wait_for()
        invite_url = invite_box.input_value()
        match = re.fullmatch(re.escape(base) + r"/play/([A-Za-z0-9_-]+)#invite=(.+)", invite_url)
        assert match, invite_url
        game_id = match.group(1)
        alice.locator(f"#my-games li[data-game='{game_id}']").wait_for()
        alice.screenshot(path=str(shots / "lobby-created.png"), full_page=True)

        alice.click("#go-play")
        alice.wait_for_selector("#banner input.invite-url")
        assert alice.locator("#banner input.invite-url").input_value() == invite_url

        bob.goto(invite_url)
        bob.wait_for_function("() => document.body.dataset.seq !== undefined")
        assert "you are Sparta" in bob.inner_text("#game-title")
        assert "#invite" not in bob.url  # the code leaves the address bar once used
        # Alice's page learns live that the opponent joined.
        alice.wait_for_selector("#banner", state="hidden")
        assert "person" in alice.inner_text("[data-board='sparta'] .who")

        watcher.goto(f"{base}/play/{game_id}")
        watcher.wait_for_function("() => document.body.dataset.seq !== undefined")
        assert "watching" in watcher.inner_text("#banner").lower()
        assert watcher.locator("#menu button.choice").count() == 0

        state = get_state(base, game_id)
        mover, other = (alice, bob) if state["to_act"] == [0] else (bob, alice)
        seq = int(mover.evaluate("document.body.dataset.seq"))
        mover.wait_for_selector("#menu button.choice")
        action = click_first_action(mover)
        for page in (mover, other, watcher):
            page.wait_for_function("n => Number(document.body.dataset.seq) > n", arg=seq)
            assert page.locator("#log-panel li.log-entry").last.get_attribute("data-step") is not None
        assert get_state(base, game_id)["log"][-1]["action"] == action
        for page in (mover, other, watcher):
            assert page.locator("#log-panel li.log-entry").count() == get_state(base, game_id)["steps"]

        # A dropped connection comes back and resyncs: whoever is to act moves meanwhile (over HTTP).
        bob.evaluate("window.kleosLive.closed = true; window.kleosLive.drop()")
        bob.wait_for_selector("#conn[data-state='offline']")
        before = get_state(base, game_id)
        actor = before["to_act"][0]
        seats = {p: json.loads(p.evaluate("localStorage.getItem('kleos.seats.v1')"))[-1] for p in (alice, bob)}
        token = next(s["token"] for s in seats.values() if s["seat"] == actor and s["game_id"] == game_id)
        acting = get_state(base, game_id, token)
        answer = httpx.post(f"{base}/api/games/{game_id}/actions", headers={"Authorization": f"Bearer {token}"},
                            json={"seq": acting["seq"], "action": acting["legal"][0]["action"]})
        assert answer.status_code == 200, answer.text
        after = get_state(base, game_id)
        assert after["seq"] > before["seq"]
        assert int(bob.evaluate("document.body.dataset.seq")) < after["seq"]  # it missed the push
        alice.wait_for_function("n => Number(document.body.dataset.seq) >= n", arg=after["seq"])
        bob.evaluate("window.kleosLive.closed = false; window.kleosLive.reconnectNow()")
        bob.wait_for_function("n => Number(document.body.dataset.seq) >= n", arg=after["seq"])
        bob.wait_for_selector("#conn[data-state='live']")
        assert bob.locator("#log-panel li.log-entry").count() == after["steps"]
        whole_log = get_state(base, game_id, seat_token(bob, game_id))["log"]
        assert_log_is(bob, whole_log)
        hellos = [frame for way, frame in bob_frames if way == "sent" and frame.get("type") == "hello"]
        assert hellos[0]["since"] == 0  # a new page holds no log
        assert 0 < hellos[-1]["since"] < after["seq"]  # the reconnected one holds the log up to its last push
        last_push = [frame for way, frame in bob_frames if way == "got" and frame.get("type") == "state"][-1]
        assert 1 < last_push["log_start"] <= after["steps"]
        assert len(last_push["log"]) == after["steps"] - last_push["log_start"] + 1 < after["steps"]

        # Whose turn it is shows in each player's lobby list.
        bob.goto(f"{base}/")
        row = bob.locator(f"#my-games li[data-game='{game_id}']")
        row.wait_for()
        bob_turn = 1 in get_state(base, game_id)["to_act"]
        assert ("your turn" in row.inner_text()) == bob_turn

        # The invite is used up: a third person only watches.
        late.goto(invite_url)
        late.wait_for_selector("#notice:not([hidden])")
        assert "already used" in late.inner_text("#notice")
        late.wait_for_function("() => document.body.dataset.seq !== undefined")
        assert "spectator" in late.inner_text("#game-title")
        alice.screenshot(path=str(shots / "desktop-live.png"))
        assert errors == []
    finally:
        for context in contexts:
            context.close()


@in_languages
def test_phone_screen_shows_map_and_menu(live_server: LiveServer, browser: Any, shots: Path, language: str) -> None:
    """On a 390×844 phone screen the map and the action menu are both on the first screen, nothing
    overflows sideways, the buttons are large enough to tap, and tapping a place on the map narrows
    the menu to the choices about it; in the reader's language, whose longer words fit too."""
    base = live_server.url
    seated = create_game(base, ["me", "random"], seed=5)
    context = reader_context(browser, language, viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=2)
    try:
        page = context.new_page()
        errors = watch_errors(page)
        store_seat(page, base, seated)
        page.goto(f"{base}/play/{seated['game_id']}")
        page.wait_for_selector("#menu button.choice")
        check_reader_language(page, language, base)
        map_box = page.locator("#map").bounding_box()
        menu_box = page.locator("#menu button.choice").first.bounding_box()
        assert map_box is not None and menu_box is not None
        assert map_box["width"] > 300 and map_box["x"] >= 0 and map_box["x"] + map_box["width"] <= PHONE["width"]
        assert map_box["height"] > 200
        assert menu_box["y"] + 40 < PHONE["height"], "the first menu entry is not on the first screen"
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        heights = page.eval_on_selector_all("#menu button.choice",
                                            "els => els.map(e => e.getBoundingClientRect().height)")
        assert min(heights) >= 44
        page.screenshot(path=str(shots / f"phone-start-{language}.png"))

        place = page.locator("#map .choosable").first
        name = place.get_attribute("data-name")
        place.tap()
        page.wait_for_selector("#menu .menu-head h3")
        assert words_pattern("Choices involving {name}", language).search(page.inner_text("#menu .menu-head h3"))
        actions = page.eval_on_selector_all("#menu button.choice[data-action]", "els => els.map(e => e.dataset.action)")
        assert actions and all(name in a.split(" ") for a in actions)
        check_reader_language(page, language, base)
        page.screenshot(path=str(shots / f"phone-filtered-{language}.png"), full_page=True)
        page.click("#menu [data-menu='back']")
        page.wait_for_selector("#menu .menu-head", state="detached")
        assert errors == []
    finally:
        context.close()


def test_replay_step_by_step_and_record_export_import(live_server: LiveServer, desktop: Any, shots: Path,
                                                      tmp_path: Path) -> None:
    """A finished game replays step by step (buttons, slider, log entries, keyboard), each step
    showing the public view after it; its record downloads from the page and imports in the lobby."""
    base = live_server.url
    seated = create_game(base, ["random", "me"], seed=21)
    final = play_over_http(base, seated, random.Random(21))
    steps = final["steps"]
    page = desktop.new_page()
    errors = watch_errors(page)
    page.goto(f"{base}/replay/{seated['game_id']}")
    page.wait_for_selector(f"body[data-step='{steps}']")
    assert page.inner_text("#step-label") == f"step {steps} of {steps}"
    page.click("#first")
    page.wait_for_selector("body[data-step='0']")
    page.click("#next")
    page.wait_for_selector("body[data-step='1']")
    first = httpx.get(f"{base}/api/games/{seated['game_id']}/replay?step=1").json()
    side = ("Athens", "Sparta")[first["action"]["seat"]] + ": " if first["action"]["seat"] >= 0 else ""
    assert first["action"]["text"].removeprefix(side) in page.inner_text("#current-action")
    page.keyboard.press("ArrowRight")
    page.wait_for_selector("body[data-step='2']")
    middle = steps // 2
    page.locator(f"#log-panel li[data-step='{middle}']").click()
    page.wait_for_selector(f"body[data-step='{middle}']")
    expected = httpx.get(f"{base}/api/games/{seated['game_id']}/replay?step={middle}").json()["view"]["state"]
    units = page.eval_on_selector_all("#map [data-units]", "els => els.map(e => e.dataset.units)")
    assert sum(int(u.split(":")[1]) for u in units) == sum(expected["units"])
    page.screenshot(path=str(shots / "desktop-replay.png"))

    with page.expect_download() as download_info:
        page.click("#tools a[download]")
    record_path = tmp_path / "record.json"
    download_info.value.save_as(record_path)
    record = json.loads(record_path.read_text())
    assert record["game"] == "polis" and len(record["actions"]) == steps

    page.goto(f"{base}/")
    page.wait_for_selector("#import-opponent option[value='random']", state="attached")
    page.set_input_files("#import-file", str(record_path))
    page.select_option("#import-opponent", "random")
    page.click("#import-btn")
    page.wait_for_url(re.compile(r"/play/"))
    page.wait_for_selector("body[data-status='over']")
    imported_id = page.url.rsplit("/", 1)[-1]
    assert imported_id != seated["game_id"]
    assert get_state(base, imported_id)["outcome"] == final["outcome"]
    assert errors == []


def test_battle_screen_hand_cards_and_attack(live_server: LiveServer, browser: Any, shots: Path) -> None:
    """A game imported up to a battle (R-BATTLE-16): the battle screen shows the region, the units,
    this seat's own hand as cards (as many as its units there, R-BATTLE-13) and only a count for the
    other hand; picking two cards finds the legal attack, whose plain-words account is shown, and
    playing it moves the game on. A spectator sees no hand at all."""
    base = live_server.url
    record, seat = battle_record()
    answer = httpx.post(f"{base}/api/import", json={"record": record, "side": ("athens", "sparta")[seat],
                                                      "opponent": "random"}, timeout=60)
    assert answer.status_code == 201, answer.text
    seated = answer.json()
    assert seated["seat"] == seat
    message = get_state(base, seated["game_id"], seated["token"])
    battle = message["view"]["state"]["battle"]
    assert battle is not None and message["your_turn"]
    hand_size = sum(battle["hands"][seat])

    context = browser.new_context(viewport={"width": 1366, "height": 1000})
    watcher_context = browser.new_context(viewport={"width": 1366, "height": 900})
    try:
        page = context.new_page()
        errors = watch_errors(page)
        store_seat(page, base, seated)
        page.goto(f"{base}/play/{seated['game_id']}")
        page.wait_for_selector("#battle:not([hidden]) .hand")
        region_id = httpx.get(f"{base}/api/editions/2020").json()["regions"][battle["region"]]
        assert page.locator(f"#map g.region.battle[data-region='{region_id}']").count() == 1
        assert "Battle in" in page.inner_text("#battle h2")
        tiles = page.locator("#battle .hand button.bcard")
        assert tiles.count() == hand_size
        other = 1 - seat
        hidden = message["view"]["hidden_hand_sizes"][other]
        assert f"holds {hidden} card" in page.inner_text("#battle")
        legal_attacks = {e["action"] for e in message["legal"] if e["action"].startswith("attack ")}
        assert legal_attacks

        # Pick the two cards of the first legal attack, in the hand's order.
        wanted = sorted(legal_attacks)[0].split(" ")[1:]
        used: set[int] = set()
        for code in wanted:
            for i in range(tiles.count()):
                if i not in used and tiles.nth(i).get_attribute("data-card") == code:
                    tiles.nth(i).click()
                    used.add(i)
                    break
        play = page.locator("#battle .pick-info button[data-action]")
        play.wait_for()
        assert play.get_attribute("data-action") in legal_attacks
        text = next(e["text"] for e in message["legal"] if e["action"] == play.get_attribute("data-action"))
        assert text in page.inner_text("#battle .pick-info")
        page.screenshot(path=str(shots / "desktop-battle.png"))

        watcher = watcher_context.new_page()
        watcher.goto(f"{base}/play/{seated['game_id']}")
        watcher.wait_for_selector("#battle:not([hidden])")
        assert watcher.locator("#battle .hand").count() == 0
        assert watcher.locator("#battle button.bcard[data-card]").count() == 0

        seq = int(page.evaluate("document.body.dataset.seq"))
        play_action = play.get_attribute("data-action")
        play.click()
        page.wait_for_function("n => Number(document.body.dataset.seq) > n", arg=seq)
        watcher.wait_for_function("n => Number(document.body.dataset.seq) > n", arg=seq)
        log = get_state(base, seated["game_id"])["log"]
        played = log[len(record["actions"]):]
        assert played[0]["seat"] == seat and played[0]["action"] == play_action
        assert errors == []
    finally:
        context.close()
        watcher_context.close()


def test_rematch_between_two_persons(live_server: LiveServer, browser: Any) -> None:
    """After a game between two persons, one asks for a rematch from the game page (sides swapped,
    the other seat invited); the other player's page shows the offer live and accepting it seats
    them in the new game; both then find it under "my games"."""
    base = live_server.url
    first = create_game(base, ["me", "person"], seed=8)
    joined = httpx.post(f"{base}/api/join", json={"invite": first["invite"]}, timeout=30).json()
    play_both_over_http(base, first["game_id"], {0: first["token"], 1: joined["token"]}, random.Random(8))
    contexts = [browser.new_context(viewport={"width": 1280, "height": 900}) for _ in range(2)]
    try:
        athens, sparta = (c.new_page() for c in contexts)
        errors = watch_errors(athens) + watch_errors(sparta)
        store_seat(athens, base, first)
        store_seat(sparta, base, joined)
        for page in (athens, sparta):
            page.goto(f"{base}/play/{first['game_id']}")
            page.wait_for_selector("body[data-status='over']")
        athens.click("#tools [data-tool='rematch']")
        athens.wait_for_url(re.compile(r"/play/(?!" + re.escape(first["game_id"]) + r")"))
        athens.wait_for_function("() => document.body.dataset.seq !== undefined")
        new_id = athens.url.rsplit("/", 1)[-1]
        assert "you are Sparta" in athens.inner_text("#game-title")
        athens.wait_for_selector("#banner input.invite-url")

        accept = sparta.locator("#tools [data-tool='rematch']")
        accept.wait_for()
        sparta.wait_for_function("() => document.querySelector(\"#tools [data-tool='rematch']\")"
                                 ".textContent.includes('Accept')")
        accept.click()
        sparta.wait_for_url(f"{base}/play/{new_id}")
        sparta.wait_for_function("() => document.body.dataset.seq !== undefined")
        assert "you are Athens" in sparta.inner_text("#game-title")
        athens.wait_for_selector("#banner", state="hidden")  # the opponent has joined, live
        sparta.goto(f"{base}/")
        sparta.locator(f"#my-games li[data-game='{new_id}']").wait_for()
        assert errors == []
    finally:
        for context in contexts:
            context.close()
