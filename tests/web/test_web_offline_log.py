"""A game page whose WebSocket cannot connect plays on over HTTP, and there too it is sent only the
log steps it lacks: its reads while the socket is down and its actions carry ``since``, and the log
it puts together from those pieces is the server's whole log, step for step and word for word.
"""

# The fixtures come from web_server (not a conftest.py: see there), so the test functions' arguments
# name imported fixtures on purpose.
# ruff: noqa: F811
from __future__ import annotations

import re
from typing import Any
from urllib.parse import parse_qs, urlsplit

from web_helpers import assert_log_is, click_first_action, create_game, get_state, store_seat
from web_server import LiveServer, browser, desktop, live_server  # noqa: F401

MOVES = 3  # actions of the page's seat, each answered over HTTP (and the bot's replies read by polling)


def answers_of(page: Any, game_id: str) -> list[tuple[str, dict[str, Any], dict[str, Any]]]:
    """Every state the page reads or is answered over HTTP, as (``since`` it asked with, ``"?"`` for
    none; the request's JSON body or {}; the answer), in order."""
    seen: list[tuple[str, dict[str, Any], dict[str, Any]]] = []
    state_paths = {f"/api/games/{game_id}", f"/api/games/{game_id}/actions", f"/api/games/{game_id}/undo"}

    def on_response(response: Any) -> None:
        url = urlsplit(response.url)
        if url.path not in state_paths or response.status != 200:
            return
        body = response.request.post_data_json or {}
        since = parse_qs(url.query).get("since", [body.get("since", "?")])[0]
        seen.append((str(since), body, response.json()))

    page.on("response", on_response)
    return seen


def test_a_page_without_its_socket_is_sent_only_the_new_steps(live_server: LiveServer, desktop: Any) -> None:
    base = live_server.url
    seated = create_game(base, ["me", "random"], seed=5)
    game_id, token = seated["game_id"], seated["token"]
    page = desktop.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.route_web_socket(re.compile(r".*/ws$"), lambda socket: socket.close())  # the socket never opens
    answers = answers_of(page, game_id)
    store_seat(page, base, seated)
    page.goto(f"{base}/play/{game_id}")
    page.wait_for_function("() => document.body.dataset.seq !== undefined")
    assert page.get_attribute("#conn", "data-state") != "live"

    for _ in range(MOVES):
        server = get_state(base, game_id, token)
        assert server["outcome"] is None
        page.wait_for_function("n => Number(document.body.dataset.seq) >= n", arg=server["seq"])
        page.wait_for_selector("#menu button.choice")
        click_first_action(page)
        page.wait_for_function("n => Number(document.body.dataset.seq) > n", arg=server["seq"])
    server = get_state(base, game_id, token)
    page.wait_for_function("n => Number(document.body.dataset.seq) >= n", arg=server["seq"], timeout=30_000)

    whole = get_state(base, game_id, token)["log"]
    assert_log_is(page, whole)

    assert answers and all(since != "?" for since, _, _ in answers), [since for since, _, _ in answers]
    assert answers[0][0] == "0"  # the first read: the page holds no log yet, so all of it comes
    actions = [(since, answer) for since, body, answer in answers if "action" in body]
    assert len(actions) == MOVES and all(int(since) > 0 for since, _ in actions)
    pieces = [answer for since, _, answer in answers if int(since) > 0]
    assert any(answer["log_start"] > 1 and len(answer["log"]) < answer["steps"] for answer in pieces)
    assert errors == []
