"""Helpers of the browser tests: the server's API over HTTP, seats in a page's local storage, and
a player that clicks through the game page's menu."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

import httpx
from playwright.sync_api import Error as PlaywrightError

from step_cap import WHOLE_GAME_STEPS, StepCap

SEATS_KEY = "kleos.seats.v1"
PASSWORD = "correct horse battery"


def create_game(base: str, seats: list[str], *, game: str = "polis", seat: int | str | None = None,
                options: dict[str, Any] | None = None, seed: int | None = None) -> dict[str, Any]:
    """Create a game over the API: ``seats`` as in the lobby ("me", "person" or an agent spec per seat)."""
    body: dict[str, Any] = {"game": game, "options": options or {}, "seats": seats,
                            "seat": seats.index("me") if seat is None else seat}
    if seed is not None:
        body["seed"] = seed
    answer = httpx.post(f"{base}/api/games", json=body, timeout=30)
    assert answer.status_code == 201, answer.text
    seated: dict[str, Any] = answer.json()
    return seated


def get_state(base: str, game_id: str, token: str | None = None) -> dict[str, Any]:
    headers = {} if token is None else {"Authorization": f"Bearer {token}"}
    answer = httpx.get(f"{base}/api/games/{game_id}", headers=headers, timeout=30)
    assert answer.status_code == 200, answer.text
    message: dict[str, Any] = answer.json()
    return message


def try_sign_up(page: Any, base: str, name: str) -> None:
    """Fill the front page's account form with a new name and submit it (the answer is not awaited)."""
    page.goto(f"{base}/")
    page.wait_for_selector("#account-form")
    page.fill("#account-name", name)
    page.fill("#account-password", PASSWORD)
    page.click("#sign-up")


def sign_up(page: Any, base: str, name: str) -> None:
    """Open an account through the front page's form, and wait until the page says who is signed in."""
    try_sign_up(page, base, name)
    page.wait_for_selector("#signed-in")
    assert name in page.inner_text("#signed-in")


def store_seat(page: Any, base: str, seated: dict[str, Any]) -> None:
    """Put a seat answer into the page origin's local storage, as the lobby does."""
    if not page.url.startswith(base):
        page.goto(f"{base}/static/css/kleos.css")
    page.evaluate("""([key, s]) => {
        const list = JSON.parse(localStorage.getItem(key) || "[]");
        list.push({game_id: s.game_id, game: s.game || null, seat: s.seat, side: s.side, token: s.token,
                   invite_url: s.invite_url, invites: s.invites || [], saved_at: Date.now() / 1000});
        localStorage.setItem(key, JSON.stringify(list));
    }""", [SEATS_KEY, seated])


READY = """() => {
    const b = document.body.dataset;
    const game = document.getElementById('game');
    if (b.status === 'over') return true;
    return b.yourTurn === '1' && game && game.getAttribute('aria-busy') === 'false'
        && document.querySelector('#menu button.choice:not([disabled])') !== null;
}"""


def open_game(page: Any, base: str, seated: dict[str, Any]) -> list[str]:
    """Open a seat's game page as its player (the seat put into local storage first); the page's
    errors, collected from now on."""
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    store_seat(page, base, seated)
    page.goto(f"{base}/play/{seated['game_id']}")
    return errors


def play_by_clicking(page: Any, rng: random.Random, *, max_clicks: int = 1500, deadline_s: float = 150.0,
                     prefer_undo_once: bool = False, look: Callable[[], None] | None = None,
                     look_every: int = 1, stop_after: int | None = None) -> dict[str, int]:
    """Click menu entries (groups open a level, actions send one step) until the game is over (or
    ``stop_after`` clicks were made: a bounded part of a long game), calling ``look`` on the page
    ready for a click once every ``look_every`` clicks (the first included: each decision by
    default). Returns counts: clicks, actions, undos."""
    counts = {"clicks": 0, "actions": 0, "undos": 0}
    start = time.monotonic()
    undone = not prefer_undo_once
    looked = -look_every
    while page.evaluate("document.body.dataset.status") != "over":
        if stop_after is not None and counts["clicks"] >= stop_after:
            break
        assert time.monotonic() - start < deadline_s, f"the game did not end in time ({counts})"
        assert counts["clicks"] < max_clicks, f"too many clicks ({counts})"
        page.wait_for_function(READY, timeout=30_000)
        if page.evaluate("document.body.dataset.status") == "over":
            break
        if look is not None and counts["clicks"] - looked >= look_every:
            look()
            looked = counts["clicks"]
        if not undone and page.locator("#undo:not([hidden]):not([disabled])").count():
            seq = page.evaluate("document.body.dataset.seq")
            page.click("#undo")
            page.wait_for_function("s => document.body.dataset.seq !== s", arg=seq)
            counts["undos"] += 1
            undone = True
            continue
        choices = page.locator("#menu button.choice:not([disabled])")
        n = choices.count()
        if n == 0:
            continue
        pick = choices.nth(rng.randrange(n)).element_handle()
        is_action = pick.get_attribute("data-action") is not None
        seq = page.evaluate("document.body.dataset.seq")
        try:
            pick.click()
        except PlaywrightError:  # the menu was drawn again under the pointer (another seat's step came in)
            continue
        counts["clicks"] += 1
        if is_action and pick.get_attribute("data-armed") == "1":  # "pass" asks for a second tap
            pick.click()
            counts["clicks"] += 1
        if is_action:
            counts["actions"] += 1
            page.wait_for_function("s => document.body.dataset.seq !== s || document.body.dataset.status === 'over'",
                                   arg=seq, timeout=30_000)
    return counts


def play_over_http(base: str, seated: dict[str, Any], rng: random.Random, deadline_s: float = 60.0,
                   steps: int | None = None) -> dict[str, Any]:
    """Play a game against a bot through the HTTP API (random legal actions) to its end, or until
    ``steps`` own steps were taken; the last state read."""
    token = seated["token"]
    headers = {"Authorization": f"Bearer {token}"}
    start, taken = time.monotonic(), 0
    with httpx.Client(base_url=base, headers=headers, timeout=30) as client:
        while True:
            assert time.monotonic() - start < deadline_s, "the game did not end in time"
            message: dict[str, Any] = client.get(f"/api/games/{seated['game_id']}").json()
            if message["outcome"] is not None or (steps is not None and taken >= steps):
                return message
            if not message["your_turn"]:
                time.sleep(0.02)
                continue
            action = rng.choice(message["legal"])["action"]
            answer = client.post(f"/api/games/{seated['game_id']}/actions",
                                 json={"seq": message["seq"], "action": action})
            assert answer.status_code in (200, 409), answer.text
            taken += answer.status_code == 200


def _battle_seeker(game: Any, state: Any, seat: int, legal: list[Any], rng: random.Random) -> Any:
    """A scripted player that heads for a battle: hoplites in round 1, then marches onto the
    opponent's largest stack (one march moves up to N hoplites), fights, feeds, never retreats."""
    by_verb: dict[str, list[Any]] = {}
    for action in legal:
        by_verb.setdefault(action.verb, []).append(action)
    for verb in ("fight", "attack", "defend", "battle"):
        if verb in by_verb:
            return by_verb[verb][0]
    if state.pending is not None:
        kind = state.pending[0]
        if kind in ("march", "sail"):
            return (by_verb.get("from") or by_verb.get("done") or legal)[0]
        if kind in ("hoplites", "galleys", "merchants"):
            pays = by_verb.get("pay")
            return rng.choice(pays) if pays else (by_verb.get("done") or legal)[0]
        return rng.choice(legal)
    if state.phase == "end_of_round":
        for verb in ("feed", "phoros", "done", "grow", "discard"):
            if verb in by_verb:
                return by_verb[verb][0]
        return legal[0]
    if state.phase != "turn":
        return rng.choice(legal)
    tables, opponent, later = game.tables, 1 - seat, state.round >= 1
    weights = []
    for action in legal:
        if action.verb == "march":
            region = tables.region_index[str(action.args[0])]
            weights.append(20.0 * state.units[region * 2 + opponent] if later else 0.0)
        else:
            weights.append({"hoplites": 3.0, "tribute": 0.1 if later else 0.5, "trade": 1.0,
                            "pass": 0.2 if later else 1.0}.get(action.verb, 0.0))
    if sum(weights) == 0:
        return rng.choice(legal)
    return rng.choices(legal, weights)[0]


def battle_record(max_seeds: int = 200) -> tuple[dict[str, Any], int]:
    """A Polis record (2020) played by a scripted battle seeker on both sides up to the first
    moment a seat has to attack in a battle, and that seat. Deterministic: seeded games, the
    first seed that gets there."""
    from kleos.core.protocol import CHANCE
    from kleos.games.polis.game import PolisGame

    game = PolisGame("2020")
    for seed in range(max_seeds):
        state = game.new_state(seed)
        rng = random.Random(seed)
        actions: list[list[Any]] = []
        cap = StepCap("game.outcome(state) is None", WHOLE_GAME_STEPS)
        while game.outcome(state) is None and cap():
            seat = game.actors(state)[0]
            if seat == CHANCE:
                outcome = game.sample_chance(state)
                actions.append([seat, str(outcome)])
                state = game.apply(state, outcome, seat)
                continue
            legal = game.legal_actions(state, seat)
            if state.battle is not None and any(a.verb == "attack" for a in legal):
                return {"game": "polis", "options": {"edition": "2020"}, "seed": seed, "actions": actions}, seat
            action = _battle_seeker(game, state, seat, legal, rng)
            actions.append([seat, str(action)])
            state = game.apply(state, action, seat)
    raise AssertionError("no seeded game reached a battle")


def play_both_over_http(base: str, game_id: str, tokens: dict[int, str], rng: random.Random,
                        deadline_s: float = 60.0) -> dict[str, Any]:
    """Play both seats of a game between two persons to its end through the HTTP API."""
    start = time.monotonic()
    with httpx.Client(base_url=base, timeout=30) as client:
        while True:
            assert time.monotonic() - start < deadline_s, "the game did not end in time"
            public: dict[str, Any] = client.get(f"/api/games/{game_id}").json()
            if public["outcome"] is not None:
                return public
            seat = public["to_act"][0]
            headers = {"Authorization": f"Bearer {tokens[seat]}"}
            message = client.get(f"/api/games/{game_id}", headers=headers).json()
            action = rng.choice(message["legal"])["action"]
            answer = client.post(f"/api/games/{game_id}/actions", headers=headers,
                                 json={"seq": message["seq"], "action": action})
            assert answer.status_code == 200, answer.text


def click_first_action(page: Any) -> str:
    """Open menu groups until an action shows, click the first one and return its notation."""
    for _ in range(4):
        actions = page.locator("#menu button.choice[data-action]:not([disabled])")
        if actions.count():
            action: str = actions.first.get_attribute("data-action")
            actions.first.click()
            return action
        page.locator("#menu button.choice[data-group]:not([disabled])").first.click()
    raise AssertionError("no action in the menu")


def assert_log_is(page: Any, whole_log: list[dict[str, Any]]) -> None:
    """The page's log panel shows ``whole_log`` (the server's), step for step: each line's text is not
    empty and ends its entry's text."""
    entries = page.locator("#log-panel li.log-entry")
    steps = entries.evaluate_all("items => items.map((li) => li.dataset.step)")
    assert [int(step) for step in steps] == [entry["step"] for entry in whole_log]
    shown = [text.strip() for text in page.locator("#log-panel li.log-entry .log-text").all_inner_texts()]
    assert all(entry["text"].endswith(text) and text for entry, text in zip(whole_log, shown, strict=True))


def assert_score_totals_in_view(page: Any) -> None:
    """Each seat's total on the final score sheet lies inside the sheet's panel, not behind its right edge
    (a sheet of several score parts put it in the last column, which a narrow panel cut off)."""
    wrap = page.evaluate("document.querySelector('#scores .table-wrap').getBoundingClientRect().right")
    totals = page.eval_on_selector_all("#scores td.total", "els => els.map(e => e.getBoundingClientRect().right)")
    assert totals and max(totals) <= wrap + 0.5, (totals, wrap)
