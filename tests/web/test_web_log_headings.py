"""The browser's log heads each round or phase on a line of its own, where the server's log entries
carry it (the kit's ``log_heading``); the panel beside the menu names the round or phase begun since
the seat's last step, and a screen reader hears it first among the news.

Polis begins in its first round (R-ROUND-1): the first entry is headed "Round Alfa (1 of 3, N = 3)".
"""

# The fixtures come from web_server (not a conftest.py: see there), so the test functions' arguments
# name imported fixtures on purpose.
# ruff: noqa: F811
from __future__ import annotations

from typing import Any

from web_helpers import READY, create_game, get_state, store_seat
from web_server import LiveServer, browser, live_server  # noqa: F401

NEWS = """async () => {
    const { newsLines } = await import("/static/js/announce.js");
    const { openedSince } = await import("/static/js/lastturn.js");
    const step = (n, seat, extra) => ({ step: n, seat, hidden: false, text: `step ${n}`, ...extra });
    const log = [step(1, 0), step(2, 1, { heading_after: "Turn 1: Assembly phase" }), step(3, 2),
                 step(4, 0, { heading_after: "Turn 1: Theater phase" }), step(5, 3)];
    const names = ["AF", "DF", "EK", "AK"];
    return { heard: newsLines({ log, seat: 0, your_turn: false }, names, 1, ""),
             quiet: newsLines({ log: log.slice(0, 4), seat: 0, your_turn: false }, names, 3, ""),
             ownOpened: openedSince(log, 0), otherOpened: openedSince(log.slice(0, 3), 0),
             none: openedSince(log.slice(0, 1), 0) };
}"""


def test_r_round_1_the_log_panel_heads_the_first_round_and_the_panel_names_it(live_server: LiveServer,
                                                                              browser: Any) -> None:
    """R-ROUND-1: the first round's heading stands above the game's first step in the log panel, as
    the server sent it, and the panel beside the menu names the round the seat plays in; a spectator's
    panel names the round the game is in."""
    base = live_server.url
    seated = create_game(base, ["me", "random"], game="polis", options={"edition": "2020"}, seed=5)
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    store_seat(page, base, seated)
    page.goto(f"{base}/play/{seated['game_id']}")
    page.wait_for_function(READY, timeout=30_000)
    log = get_state(base, seated["game_id"], seated["token"])["log"]
    first = log[0]["heading_before"]
    assert first == "Round Alfa (1 of 3, N = 3)", first
    items = page.locator("#log-panel ol.log > li")
    assert items.first.get_attribute("class") == "log-heading" and items.first.inner_text() == first
    assert page.locator("#log-panel li.log-heading").all_inner_texts() == [
        text for e in log for text in (e.get("heading_before"), e.get("heading_after")) if text]
    assert page.locator("#last-turn .last-turn-heading").inner_text() == first
    assert errors == []
    page.close()
    watcher = browser.new_page()  # a page of its own, with no seat stored: a spectator
    watcher.goto(f"{base}/play/{seated['game_id']}")
    watcher.wait_for_selector("#last-turn:not([hidden]) .last-turn-heading")
    assert "Latest moves" in watcher.inner_text("#last-turn h3")
    assert watcher.locator("#last-turn .last-turn-heading").inner_text() == first
    watcher.close()


def test_the_news_begin_with_the_phase_begun_since(live_server: LiveServer, browser: Any) -> None:
    """A screen reader hears the latest heading among the new entries first (the seat's own step may
    have opened it), then the other seats' steps; the panel beside the menu names the phase begun
    since the seat's last step, its own step included, and nothing when none began."""
    page = browser.new_page()
    page.goto(f"{live_server.url}/")
    found = page.evaluate(NEWS)
    assert found["heard"] == ["Turn 1: Theater phase", "DF: step 2", "EK: step 3", "AK: step 5"], found
    assert found["quiet"] == ["Turn 1: Theater phase"], found
    assert found["ownOpened"] == "Turn 1: Theater phase" and found["otherOpened"] == "Turn 1: Assembly phase"
    assert found["none"] is None
    page.close()


SPLIT = """async () => {
    const { renderLog, logText } = await import("/static/js/log.js");
    const { openedSince } = await import("/static/js/lastturn.js");
    const text = "EK: play S09. Military: EK wins. The Assembly is over. Oratory for Athens.";
    const within = text.slice(text.indexOf("The Assembly"));
    const log = [{ step: 1, seat: 2, hidden: false, action: "play S09", text, heading_within: "Turn 1: Political phase",
                   text_within: within },
                 { step: 2, seat: 0, hidden: false, action: "lend", text: "AF: lend 🎲 X",
                   heading_within: "Never", text_within: "not its end" },
                 { step: 3, seat: 0, hidden: false, action: "lend", text: "AF: lend",
                   heading_after: "Turn 1: Theater phase" }];
    const names = ["AF", "DF", "EK", "AK"];
    const root = document.createElement("div");
    renderLog(root, log, names);
    const items = [...root.querySelectorAll("ol.log > li")].map((li) => [li.className, li.textContent]);
    return { items, download: logText(log, names), opened: openedSince(log.slice(0, 1), 2) };
}"""


def test_p_seq_5_the_browser_log_heads_a_phase_where_its_words_begin(live_server: LiveServer, browser: Any) -> None:
    """P-SEQ-5: an entry whose step ends the Assembly carries the Political phase's heading inside it
    (``heading_within``, whose words ``text_within`` end the line): the log shows the last debate, the
    heading, then the phase's words on a line of their own; the download heads them the same way, and
    the seat whose step it was reads the phase as begun since. Words that do not end the line leave it
    whole."""
    page = browser.new_page()
    page.goto(f"{live_server.url}/")
    found = page.evaluate(SPLIT)
    kinds = [cls.split()[0] for cls, _text in found["items"]]
    assert kinds == ["log-entry", "log-heading", "log-entry", "log-entry", "log-entry", "log-heading"], found["items"]
    assert found["items"][3][1].endswith("lend 🎲 X"), found["items"]  # words that do not end the line: no split
    assert found["items"][0][1].endswith("play S09. Military: EK wins."), found["items"]
    assert found["items"][1][1] == "Turn 1: Political phase"
    assert "continued" in found["items"][2][0] and found["items"][2][1].endswith("The Assembly is over. Oratory for "
                                                                                 "Athens."), found["items"]
    assert found["download"][:3] == ["1\tEK\tplay S09\tEK: play S09. Military: EK wins.", "## Turn 1: Political phase",
                                     "1\t\t\tThe Assembly is over. Oratory for Athens."], found["download"]
    assert found["opened"] == "Turn 1: Political phase"
    page.close()
