"""Pericles in the browser (Chromium, Playwright): the board module draws the schematic map of the
theaters as SVG with each side's pieces and the marker queues, hides the other factions' Strategos
(P-INFO-3), and a person playing one faction against three random bots makes decisions by clicking
the shell's menu; on a 390×844 phone nothing overflows sideways.

The shared test server (tests/web/web_server.py) installs only the kits it names, so this module
starts its own server process with the Pericles kit added through ``KLEOS_GAME_KITS`` (the kit is
not an entry point yet) and uses the shared browser."""

# The fixtures come from web_server (not a conftest.py: see there), so the test functions' arguments
# name imported fixtures on purpose.
# ruff: noqa: F811
from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from web_helpers import READY, assert_score_totals_in_view, create_game, get_state, store_seat
from web_reader import check_reader_language
from web_server import TOY_KITS, LiveServer, browser, reader_context, shots  # noqa: F401

from kleos.core.action import Action
from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.state import PLAYED, PericlesState
from kleos.games.pericles.view import PericlesView
from kleos.games.pericles.web.tables import LAYOUT, board_tables
from kleos.server.language import LANG_COOKIE
from languages import in_languages, words
from per_newcomer import choose

PHONE = {"width": 390, "height": 844}
OPTIONS = {"scenario": "14_1_09a"}


class PericlesServer(LiveServer):
    """The test server with the Pericles kit installed beside the shared test kits."""

    def environment(self) -> dict[str, str]:
        env = super().environment()
        env["KLEOS_GAME_KITS"] = f"{TOY_KITS},kleos.games.pericles.kit:KIT"
        return env


@pytest.fixture(scope="module")
def pericles_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[PericlesServer]:
    server = PericlesServer(tmp_path_factory.mktemp("web-pericles") / "kleos.db")
    server.start()
    try:
        yield server
    finally:
        server.stop()


@contextmanager
def seat_page(browser: Any, base: str, seated: dict[str, Any], timeout: int = 30_000, language: str | None = None,
              **context: Any) -> Iterator[tuple[Any, list[str]]]:
    """The seat's game page (on a desktop unless ``context`` says otherwise, in ``language`` when
    given) and the page errors seen, in a browser context closed afterwards."""
    opened = reader_context(browser, language, **{"viewport": {"width": 1280, "height": 900}, **context})
    opened.set_default_timeout(timeout)
    try:
        page = opened.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        store_seat(page, base, seated)
        page.goto(f"{base}/play/{seated['game_id']}")
        yield page, errors
    finally:
        opened.close()


def test_tables_place_every_theater_once_and_mark_the_layout_a_reconstruction() -> None:
    tables = board_tables(PericlesGame(OPTIONS))
    keys = [th["key"] for th in tables["theaters"]]
    assert set(keys) == set(LAYOUT)
    assert len({(th["col"], th["row"]) for th in tables["theaters"]}) == len(keys)
    assert tables["layout"].startswith("reconstruction")
    assert len(tables["links"]) == 39


def _play_a_step(page: Any) -> None:
    """Open menu groups until an action shows and click it; wait until the game moved on."""
    page.wait_for_function(READY, timeout=30_000)
    seq = page.evaluate("document.body.dataset.seq")
    for _ in range(5):
        actions = page.locator("#menu button.choice[data-action]:not([disabled])")
        if actions.count():
            pick = actions.first.element_handle()  # this button, not whatever is first after the step
            pick.click()
            if pick.get_attribute("data-armed") == "1":
                pick.click()
            break
        page.locator("#menu button.choice[data-group]:not([disabled])").first.click()
    page.wait_for_function("s => document.body.dataset.seq !== s || document.body.dataset.status === 'over'",
                           arg=seq, timeout=30_000)


@in_languages
def test_pericles_map_and_clicks_against_three_bots_on_a_phone(pericles_server: PericlesServer, browser: Any,
                                                               shots: Path, language: str) -> None:
    """The map, the hidden stocks and a few clicked steps on a phone, in the reader's language: the
    longer words of the pseudo-locale fit the phone's width too."""
    base = pericles_server.url
    answer = httpx.get(f"{base}/api/catalog/pericles/tables", params={"options": '{"scenario": "14_1_09a"}'},
                       timeout=30)
    assert answer.status_code == 200, answer.text
    theaters = len(answer.json()["theaters"])
    seated = create_game(base, ["me", "random", "random", "random"], game="pericles", options=OPTIONS, seed=5)
    me = seated["seat"]
    with seat_page(browser, base, seated, 20_000, language, viewport=PHONE, device_scale_factor=2, is_mobile=True,
                   has_touch=True) as (page, errors):
        page.wait_for_selector("#per-map g.theater")
        assert page.locator("#per-map g.theater").count() == theaters
        assert page.locator("#per-map line.link").count() == 39
        athens = page.locator('#per-map g.theater[data-name="Athens"] text.pieces').first.text_content() or ""
        assert "Ab2" in athens and "Al3" in athens  # the scenario's Athenian set-up
        ionia = page.locator('#per-map g.theater[data-name="Ionia"] text.pieces.side-1').text_content() or ""
        assert len(ionia.split()) >= 4, ionia  # four kinds of Spartan piece: the longest line of the set-up
        assert page.evaluate(TEXT_SPILLING) == []
        stocks = page.locator("table.per-factions tbody tr td:nth-child(3)").all_inner_texts()
        assert [s == "?" for s in stocks] == [seat != me for seat in range(4)]
        check_reader_language(page, language, base)
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        page.screenshot(path=str(shots / f"pericles-phone-start-{language}.png"), full_page=True)
        page.wait_for_function(READY, timeout=30_000)
        page.locator('#per-map g.theater[data-name="Athens"] rect').click()
        picked = page.locator("#menu button.choice[data-action]").evaluate_all("bs => bs.map(b => b.dataset.action)")
        assert picked and all("Athens" in action for action in picked)  # the map narrows the menu
        start = get_state(base, seated["game_id"], seated["token"])["seq"]
        steps = 0
        while steps < 4 and page.evaluate("document.body.dataset.status") != "over":
            _play_a_step(page)
            steps += 1
            assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        assert get_state(base, seated["game_id"], seated["token"])["seq"] > start
        check_reader_language(page, language, base)
        page.screenshot(path=str(shots / f"pericles-phone-played-{language}.png"), full_page=True)
        assert errors == []


TEXT_SPILLING = """() => [...document.querySelectorAll("#per-map g.theater")].flatMap((g) => {
    const box = g.querySelector("rect").getBBox();
    return [...g.querySelectorAll("text")].filter((text) => text.textContent).filter((text) => {
        const line = text.getBBox();
        return line.x < box.x || line.x + line.width > box.x + box.width;
    }).map((text) => `${g.dataset.name}: ${text.textContent}`);
})"""  # the lines of a Pericles theater's box (name, pieces, markers) that spill out of it


# ----- a newcomer plays the vignette in the browser with its own choices (issue 24) ------------------
DESKTOP = {"width": 1280, "height": 900}
MAX_DECISIONS = 200  # a guard: the person decides 15 to 40 times in the vignette


def seat_view(message: dict[str, Any]) -> PericlesView:
    """The seat's view from its message, as the newcomer reads it (its own secrets only)."""
    view = message["view"]
    state = PericlesState.from_json({**view["state"], "rng": 0})
    return PericlesView(view["seat"], state, tuple(view["hand_sizes"]), tuple(view["entourage_sizes"]),
                        tuple(view["stock_total"]), tuple(view["markers_held"]))


SAME_STEP = "s => document.body.dataset.seq === String(s) || document.body.dataset.status === 'over'"
SAME_STEP_TRIES = 12  # 5 s each: a loaded machine's bots and pushes may take a while


def same_step(page: Any, base: str, seated: dict[str, Any]) -> dict[str, Any]:
    """The seat's message once the page shows the same step and waits for the seat: read again while
    the server is ahead (the bots commit in secret beside the person, P-EXPED-2) or the page behind."""
    for _ in range(SAME_STEP_TRIES):
        message = get_state(base, seated["game_id"], seated["token"])
        if message.get("outcome") is not None:
            return message
        try:
            page.wait_for_function(SAME_STEP, arg=message["seq"], timeout=5_000)
            page.wait_for_function(READY, timeout=60_000)
        except PlaywrightTimeout:
            continue
        if page.evaluate("document.body.dataset.seq") == str(message["seq"]):
            return message
    raise AssertionError(f"the page never showed the server's step (last read: {message['seq']})")


def click_choice(page: Any, notation: str) -> None:
    """Find ``notation`` in the grouped menu (open the group holding it) and click it."""
    words = notation.split(" ")
    for _ in range(6):
        button = page.locator(f'#menu button.choice[data-action="{notation}"]:not([disabled])')
        if button.count():
            handle = button.first.element_handle()
            try:
                handle.click()
                if handle.get_attribute("data-armed") == "1":
                    handle.click()
                return
            except PlaywrightError:  # the menu was drawn again under the pointer (a message came in)
                continue
        groups = page.locator("#menu button.choice[data-group]:not([disabled])")
        keys = [groups.nth(i).get_attribute("data-group") for i in range(groups.count())]
        key = min((k for k in keys if k in words), key=words.index, default=None)  # the earliest word
        assert key is not None, f"{notation!r} is in no menu group {keys}"
        try:
            groups.nth(keys.index(key)).click()
        except PlaywrightError:
            continue
    raise AssertionError(f"{notation!r} never showed in the menu")


def rgb(page: Any, selector: str) -> tuple[int, int, int]:
    colour = page.eval_on_selector(selector, "e => getComputedStyle(e).backgroundColor")
    r, g, b = (int(x) for x in re.findall(r"\d+", colour)[:3])
    return r, g, b


def check_first_placement(page: Any, shots: Path) -> None:
    """Finding 10: grouped menu with plain headings, a legend and faction colours of their side;
    a tooltip explaining a marker kind where it is chosen (finding 8)."""
    assert page.locator("#menu button.choice[data-action]").count() == 0  # no flat list of 40
    labels = page.locator("#menu button.choice[data-group] .label").all_inner_texts()
    assert "MIL: Military marker" in labels and 2 <= len(labels) <= 6, labels
    legend = page.locator("#per-legend").inner_text()
    assert page.is_visible("#per-legend") and "Delian League base" in legend and "MIL = Military" in legend
    for seat, side in ((0, "blue"), (1, "blue"), (2, "red"), (3, "red")):
        r, _, b = rgb(page, f"table.per-factions .side-tag.seat-{seat}")
        assert (b > r) == (side == "blue"), (seat, r, b)  # Athenian factions blue, Spartan red
    tip = page.locator('#per-map g.theater[data-name="Athens"] title').text_content() or ""
    assert "Athenian base" in tip and "Markers, top first" in tip, tip
    page.locator('#menu button.choice[data-group="MIL"]').click()
    row = page.locator("#menu .menu-row.explained").first
    row.locator("button.explain-btn").click()
    line = row.locator("p.explain").inner_text()
    assert "Commander in Chief" in line and "[P-" in line, line
    page.screenshot(path=str(shots / "pericles-web-tooltip.png"))
    page.locator("#menu button[data-menu='back']").click()


def open_reference(page: Any, shots: Path) -> None:
    """The rules reference in the help panel (its Battles section with P-BATTLE-4 in view)."""
    page.click("#help-open")
    page.wait_for_selector("#help-dialog[open]")
    reference = page.locator("#help-dialog details[data-help='rules']")
    reference.locator("summary").click()
    text = reference.inner_text()
    assert "Battles: the maths" in text and "P-BATTLE-4" in text and "Every political card" in text
    reference.locator("h4", has_text="Battles: the maths").scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "pericles-web-reference.png"))
    page.click("#help-dialog [data-help-close]")
    page.wait_for_selector("#help-dialog", state="hidden")


def test_a_newcomer_plays_the_vignette_in_the_browser_with_its_own_choices(
        pericles_server: PericlesServer, browser: Any, shots: Path) -> None:
    """P-THEATER-4, P-EXPED-2, P-BATTLE-7: a person as the Aristocrats against three heuristic bots
    decides every step itself (tests/per_newcomer.py) by clicking through the grouped menu, reads the
    legend, a tooltip and the rules reference, and plays the vignette to its end; the log told the
    story (a Commander, a battle's totals and result) and the game had no handicap (P-DATA-14)."""
    base = pericles_server.url
    seated = create_game(base, ["me", "heuristic", "heuristic", "heuristic"], game="pericles", options=OPTIONS,
                         seed=1)  # a seed whose game has a battle (with the bots of 5 Dec 2026; was 5)
    game = PericlesGame(OPTIONS)
    with seat_page(browser, base, seated) as (page, errors):
        page.wait_for_selector("#per-map g.theater")
        decisions = 0
        for _ in range(MAX_DECISIONS):
            page.wait_for_function(READY, timeout=60_000)
            message = same_step(page, base, seated)
            if message.get("outcome") is not None:
                break
            view = seat_view(message)
            legal = [Action.parse(item["action"]) for item in message["legal"]]
            if decisions == 0:
                assert view.state.step == "place" and "honor_handicap" not in message.get("options", {})
                check_first_placement(page, shots)
                open_reference(page, shots)
            seq = page.evaluate("document.body.dataset.seq")
            click_choice(page, str(choose(game, view, legal)))
            decisions += 1
            page.wait_for_function("s => document.body.dataset.seq !== s || document.body.dataset.status === 'over'",
                                   arg=seq, timeout=60_000)
        else:
            raise AssertionError(f"no game over after {MAX_DECISIONS} decisions")
        page.wait_for_function("() => document.body.dataset.status === 'over'", timeout=60_000)
        log = page.locator("#log-panel").inner_text()
        assert "is now Commander in Chief" in log and "(units" in log and "wins by" in log, log[-1500:]
        page.wait_for_function("() => document.querySelectorAll('#scores thead th').length > 4")  # with its parts
        assert_score_totals_in_view(page)  # the total before the parts, which once pushed it out of the panel
        page.locator("#log-panel").scroll_into_view_if_needed()
        page.screenshot(path=str(shots / "pericles-web-log.png"), full_page=True)
        assert decisions >= 10 and errors == []


# ----- the hint's reason, the story log and its results in the browser (issue 24) -----------------------
STORY_SEED = 3  # seeded random choices of four persons: a Rumor and a Military issue without Strategos
# revealed by a faction of the other pair, and a battle with casualties and battle Honor


def persons_vignette(base: str, seed: int, options: dict[str, Any] = OPTIONS,
                     stop: Callable[[dict[str, Any]], bool] = lambda message: False) -> dict[str, Any]:
    """A game of four persons (the vignette unless ``options`` say otherwise) played over HTTP to its
    end or to the first decision whose message for seat 0 satisfies ``stop`` (the first seat to act
    picks a seeded random legal action); seat 0's answer, to open its page."""
    created = httpx.post(f"{base}/api/games", json={"game": "pericles", "options": options, "seed": seed,
                                                     "seats": ["me", "person", "person", "person"], "seat": 0},
                         timeout=30).json()
    tokens = {created["seat"]: created["token"]}
    for invite in created["invites"]:
        joined = httpx.post(f"{base}/api/join", json={"invite": invite["invite"]}, timeout=30).json()
        tokens[joined["seat"]] = joined["token"]
    rng = random.Random(seed)
    message = get_state(base, created["game_id"])
    for _ in range(300):
        if message["outcome"] is not None or stop(get_state(base, created["game_id"], tokens[0])):
            return dict(created)
        seat = message["to_act"][0]
        mine = get_state(base, created["game_id"], tokens[seat])
        answer = httpx.post(f"{base}/api/games/{created['game_id']}/actions",
                            headers={"Authorization": f"Bearer {tokens[seat]}"}, timeout=30,
                            json={"seq": mine["seq"], "action": rng.choice(mine["legal"])["action"]})
        assert answer.status_code == 200, answer.text
        message = answer.json()
    raise AssertionError("the vignette did not end in 300 decisions")


def test_the_browser_log_names_every_reveal_and_tells_the_results(pericles_server: PericlesServer, browser: Any,
                                                                  shots: Path) -> None:
    """P-THEATER-9, P-THEATER-12, P-MIL-2, P-BATTLE-9..11: the log panel names a Rumor and a Military
    issue without Strategos revealed by a faction that could not see them, and shows what steps
    brought about ("Result:" with losses and Honor), as the terminal's log does."""
    base = pericles_server.url
    seated = persons_vignette(base, STORY_SEED)
    with seat_page(browser, base, seated) as (page, errors):
        page.wait_for_selector("#log-panel li.log-entry")
        lines = page.locator("#log-panel li.log-entry .log-text").all_inner_texts()
        reveals = [line for line in lines if line.startswith("reveal ")]
        assert reveals and all(re.match(r"reveal (AF|DF|EK|AK)'s \w+ marker in ", line) for line in reveals), reveals
        assert any("Rumor marker" in line and "nothing happens" in line for line in reveals), reveals
        assert any("Military marker" in line for line in reveals), reveals
        assert not any("the top marker" in line or "placed face down in" in line for line in lines)
        battles = [line for line in lines if "Result: Honor" in line and ("casualties" in line or "eliminate" in line)]
        assert battles, "a battle's losses and Honor are in the browser's log"
        page.locator("#log-panel li.log-entry", has_text=battles[0][:40]).first.scroll_into_view_if_needed()
        page.screenshot(path=str(shots / "pericles-web-story-results.png"))
        assert errors == []


def both_debate_cards_down(message: dict[str, Any]) -> bool:
    played = message["view"]["state"]["played"]
    return any(played[f] and played[f ^ 1] for f in (0, 2))


def test_p_assembly_5_the_factions_panel_shows_both_debate_cards_face_up(pericles_server: PericlesServer,
                                                                         browser: Any) -> None:
    """P-ASSEMBLY-5, P-INFO-2: while a debate waits on the Advisory Council, the Factions panel of a
    faction shows both debate cards of the side by name and value (its own as its card on the
    table), as the terminal's panel does; hands stay secret."""
    base = pericles_server.url
    seated = persons_vignette(base, 2, {"scenario": "14_2"}, both_debate_cards_down)
    message = get_state(base, seated["game_id"], seated["token"])
    assert both_debate_cards_down(message) and message["outcome"] is None
    view = seat_view(message)
    tables = board_tables(PericlesGame({"scenario": "14_2"}))
    on_table = {f: [c for c, loc in enumerate(view.state.card_loc) if loc == PLAYED + f] for f in range(4)}
    shown = [f for f in range(4) if on_table[f]]
    assert len(shown) == 2, on_table
    label = {f: f"{tables['factions'][f]} {tables['cards'][c]}({tables['card_values'][c]})"
             for f in shown for c in on_table[f]}
    with seat_page(browser, base, seated) as (page, errors):
        page.wait_for_selector("#per-debate")
        line = page.locator("#per-debate").inner_text()
        assert line.startswith("Debate cards face up: ")
        assert all((label[f] in line) == (f != 0) for f in shown), (line, label)
        mine = page.locator("#per-factions").inner_text()
        assert (0 in shown) == ("Your card on the table: " in mine), mine
        entourages = page.locator("table.per-factions tbody tr td:nth-child(5)").all_inner_texts()
        assert entourages == [str(n) for n in view.entourage_sizes]
        assert errors == []


@in_languages
def test_the_hint_panel_says_why(pericles_server: PericlesServer, browser: Any, shots: Path, language: str) -> None:
    """P-MIL, P-THEATER-4: the browser's hint panel gives the hint's reason (the agents' explanation, as
    the terminal shows it) after the hinted action's words, in the reader's language, and then how
    close the call was when the server gives it."""
    base = pericles_server.url
    seated = create_game(base, ["me", "random", "random", "random"], game="pericles", options=OPTIONS, seed=5)
    with seat_page(browser, base, seated, language=language) as (page, errors):
        page.wait_for_function(READY, timeout=60_000)
        page.wait_for_selector("#hint-ask:not([hidden])")
        page.click("#hint-ask")
        why = page.wait_for_selector("#hint-line .hint-why").inner_text()
        hint = httpx.get(f"{base}/api/games/{seated['game_id']}/hint", timeout=60, cookies={LANG_COOKIE: language},
                         headers={"Authorization": f"Bearer {seated['token']}"}).json()
        assert hint["why"] and why.strip() == words("Why: {why}", language, why=hint["why"]), (why, hint)
        assert re.search(r"\(P-[A-Z]+", why), why
        assert page.locator("#hint-line").get_attribute("data-action") == hint["action"]
        assert hint["lookahead"], hint  # how close the call was (the heuristic ranks its choices), after the reason
        assert page.locator("#hint-line .hint-lookahead").inner_text().strip() == hint["lookahead"], hint
        check_reader_language(page, language, base)
        page.screenshot(path=str(shots / f"pericles-web-hint-why-{language}.png"))
        assert errors == []


def test_the_menus_buttons_read_as_much_as_the_terminals_menu(pericles_server: PericlesServer,
                                                               browser: Any) -> None:
    """Each button shows the server's ``gloss`` of its action (here a theater's status, or "idle" where the
    marker would do nothing (P-LEAGUE-1), and the queue for a placement, P-DEF-11; an empty queue unsaid), as the
    terminal's menu does after the entry; above the menu, the message's ``decision`` says what is decided, as
    the terminal menu's title does."""
    base = pericles_server.url
    seated = create_game(base, ["me", "random", "random", "random"], game="pericles", options=OPTIONS, seed=5)
    with seat_page(browser, base, seated) as (page, errors):
        page.wait_for_function(READY, timeout=30_000)
        message = get_state(base, seated["game_id"], seated["token"])
        glossed = {item["action"]: item["gloss"] for item in message["legal"] if "gloss" in item}
        status = r"(friendly|contested|enemy|neutral|idle)(, out of reach now)?"
        assert glossed and all(re.fullmatch(rf"{status}(, \d+ markers? there)?", words)
                               for words in glossed.values()), glossed
        assert message.get("decision"), "the seat to act reads what it decides, as the terminal's menu title"
        assert page.locator("#menu #decision").inner_text() == message["decision"]
        page.locator('#per-map g.theater[data-name="Athens"] rect').click()
        buttons = page.locator("#menu button.choice[data-action]")
        shown = buttons.evaluate_all(
            "bs => bs.map(b => [b.dataset.action, (b.querySelector('.gloss') || {}).textContent || ''])")
        assert shown and all(words == glossed.get(action, "") for action, words in shown), shown
        assert any(words for _action, words in shown)
        assert errors == []


FACTION_OF_SEAT = ("AF", "DF", "EK", "AK")
NEWS = """async () => {
    const { newsLines } = await import("/static/js/announce.js");
    const dealt = (step, faction) => ({ step, seat: -1, hidden: true, text: `${faction} is dealt a card (hidden)` });
    const log = [dealt(1, "DF"), dealt(2, "DF"), dealt(3, "DF"), dealt(4, "EK")];
    return newsLines({ log, seat: 0, your_turn: false }, ["AF", "DF", "EK", "AK"], 0, "");
}"""


def test_a_deal_of_hidden_cards_is_one_line_a_faction_since_your_last_move(pericles_server: PericlesServer,
                                                                             browser: Any) -> None:
    """P-INFO-2: the panel beside the menu folds each faction's hidden deal into one line "(×9)" and
    lists the seat's own nine cards on one; the screen reader hears a run once too. The log keeps each
    step."""
    base = pericles_server.url
    seated = create_game(base, ["me", "random", "random", "random"], game="pericles", options={"scenario": "14_2"},
                         seed=5)
    with seat_page(browser, base, seated) as (page, errors):
        page.wait_for_function(READY, timeout=30_000)
        page.wait_for_selector("#last-turn:not([hidden])")
        lines = page.locator("#last-turn li .last-turn-text").all_inner_texts()
        others = [faction for faction in ("AF", "DF", "EK", "AK") if faction != FACTION_OF_SEAT[seated["seat"]]]
        for faction in others:
            assert f"{faction} is dealt a card (hidden) (×9)" in lines, lines
        mine = FACTION_OF_SEAT[seated["seat"]]
        own = [line for line in lines if line.startswith(f"{mine} is dealt ")]
        assert len(own) == 1 and len(own[0].split(", ")) == 9, lines  # one's own deal listed on one line
        logged = page.locator("#log-panel li.log-entry .log-text").all_inner_texts()
        assert sum(text == f"{others[0]} is dealt a card (hidden)" for text in logged) == 9  # a line per step
        heard = page.evaluate(NEWS)
        assert heard == ["chance: DF is dealt a card (hidden) (×3)", "chance: EK is dealt a card (hidden)"], heard
        assert errors == []



def test_a_count_after_a_code_that_ends_in_a_digit_reads_apart_on_the_map(pericles_server: PericlesServer,
                                                                           browser: Any) -> None:
    """P-DEF-7: the 300 (S300) in Sparta at the start of the full war is drawn "S300×1", never "S3001";
    a code without a final digit keeps its count beside it ("Sl4")."""
    base = pericles_server.url
    seated = create_game(base, ["me", "random", "random", "random"], game="pericles", options={"scenario": "14_2"},
                         seed=5)
    with seat_page(browser, base, seated) as (page, errors):
        page.wait_for_selector("#per-map g.theater")
        sparta = page.locator('#per-map g.theater[data-name="Sparta"] text.pieces.side-1').text_content() or ""
        assert "S300×1" in sparta.split() and "S3001" not in sparta, sparta
        assert any(re.fullmatch(r"Sl\d+", part) for part in sparta.split()), sparta
        assert errors == []
