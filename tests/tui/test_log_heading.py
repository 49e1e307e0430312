"""The default log's headings (the kit's ``log_heading``): the generic session asks the game for a
heading after each step it tells with ``describe_step``, and once before the game's first step, with
public views only."""

from __future__ import annotations

from typing import Any

import pytest

from kleos.core.kit import LogWords
from kleos.core.protocol import CHANCE
from kleos.games.cyclades.kit import KIT
from kleos.tui.session import Session


def test_the_session_puts_the_game_s_headings_around_the_lines_of_a_step(monkeypatch: pytest.MonkeyPatch) -> None:
    session = Session.start(KIT, {"players": 2}, 1, frozenset())
    asked: list[tuple[Any, Any]] = []

    def heading(game: Any, before: Any, after: Any) -> str | None:
        asked.append((before, after))
        if before is None:
            return "Start"
        return f"Phase {after.state.phase}" if after.state.phase != before.state.phase else None

    monkeypatch.setattr(session.kit, "log_heading", heading)
    first = session.step_chance()  # index 0: the turn order is drawn, the set-up ends
    assert [(line.text, line.kind) for line in first if line.kind == "heading"] == [("Start", "heading"),
                                                                                    ("Phase creatures", "heading")]
    assert first[0].text == "Start" and first[1].text.startswith("the turn order is drawn")
    assert all(view.seat is None for pair in asked for view in pair if view is not None)  # public views only
    second = session.step_chance()  # a creature enters the track: the phase moves on to the gods
    assert [line.text for line in second if line.kind == "heading"] == ["Phase gods"]
    assert second[0].seat == CHANCE and second[0].kind == "chance"


def test_a_part_begun_inside_a_step_is_headed_where_its_words_begin(monkeypatch: pytest.MonkeyPatch) -> None:
    """The kit's ``log_words`` names a heading and the end of the step's words that belong to
    it: the session's log splits the line there, the heading between the two parts, and does not head
    the same part again below the step; words the line does not end with leave it whole."""
    session = Session.start(KIT, {"players": 2}, 1, frozenset())
    told: list[str] = []

    def within(game: Any, before: Any, action: Any, after: Any) -> LogWords:
        words = KIT.describe_step(game, before, action, after)
        told.append(words)
        return LogWords(words, "Middle", words.split(": ", 1)[1]) if ": " in words else LogWords(words)

    monkeypatch.setattr(session.kit, "log_words", within)
    monkeypatch.setattr(session.kit, "log_heading", lambda game, before, after: "Middle" if before else None)
    lines = session.step_chance()  # "the turn order is drawn: …"
    assert told and ": " in told[0]
    rest = told[0].split(": ", 1)[1]
    head = told[0][:-len(rest)].rstrip()  # "the turn order is drawn:"
    assert [(line.text, line.kind) for line in lines] == [(head, "chance"), ("Middle", "heading"), (rest, "result")]
    monkeypatch.setattr(session.kit, "log_words",
                        lambda game, before, action, after: LogWords("the whole line", "Middle", "no end"))
    lines = session.step_chance()
    assert [line.kind for line in lines] == ["chance", "heading"] and lines[1].text == "Middle"
