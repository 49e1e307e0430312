"""Game clocks (live Fischer banks and async per-move limits) for N seats, and forfeits."""

from __future__ import annotations

import pytest

from kleos.core.clock import Clock, ClockError, TimeControl, forfeit_outcome


def test_parse_and_text_round_trip() -> None:
    assert TimeControl.parse("10+5") == TimeControl("live", base=600, increment=5)
    assert TimeControl.parse("3d") == TimeControl("async", per_move=3 * 86400)
    assert TimeControl.parse("12h").per_move == 12 * 3600
    for text in ("10+5", "0.5+0", "3d", "12h"):
        assert TimeControl.parse(text).text() == text


@pytest.mark.parametrize("text", ["", "10", "10+", "+5", "3w", "0+5", "0d", "100d", "10+9999"])
def test_bad_time_controls_are_refused_with_a_reason(text: str) -> None:
    with pytest.raises(ClockError):
        TimeControl.parse(text)


def test_live_bank_runs_only_while_asked_and_gains_the_increment() -> None:
    clock = Clock.start(TimeControl.parse("1+2"), seats=2)
    clock.ask((0,), now=100.0)
    assert clock.left(0, 130.0) == 30.0
    assert clock.left(1, 130.0) == 60.0  # not asked: its bank does not run
    clock.decided(0, now=130.0)
    assert clock.remaining[0] == 32.0  # 60 - 30 + 2
    clock.ask((1,), now=130.0)
    assert clock.flagged(189.0) == []
    assert clock.flagged(190.0) == [1]
    assert clock.deadline(1) == 190.0


def test_simultaneous_choices_run_every_asked_clock_until_each_decides() -> None:
    clock = Clock.start(TimeControl.parse("1+0"), seats=3)
    clock.ask((0, 1, 2), now=0.0)
    clock.decided(1, now=10.0)
    clock.ask((0, 2), now=10.0)  # still waiting for 0 and 2: their clocks keep their start
    assert clock.left(0, 50.0) == 10.0
    assert clock.left(1, 50.0) == 50.0
    assert clock.flagged(60.0) == [0, 2]


def test_async_limit_counts_from_when_the_seat_was_asked() -> None:
    clock = Clock.start(TimeControl.parse("1d"), seats=2)
    clock.ask((1,), now=1000.0)
    assert clock.deadline(1) == 1000.0 + 86400
    assert clock.flagged(1000.0 + 86399) == []
    assert clock.flagged(1000.0 + 86400) == [1]
    clock.decided(1, now=2000.0)
    assert clock.remaining[1] == 86400  # an async clock has no bank to spend
    assert clock.deadline(1) is None


def test_json_round_trip() -> None:
    clock = Clock.start(TimeControl.parse("5+3"), seats=4)
    clock.ask((2, 3), now=7.5)
    assert Clock.from_json(clock.to_json()) == clock


def test_forfeit_outcomes() -> None:
    two = forfeit_outcome(2, {0}, "Athens resigned")
    assert (two.winner, two.scores) == (1, (0, 1))
    three = forfeit_outcome(3, {1}, "Red ran out of time")
    assert (three.winner, three.scores) == (None, (1, 0, 1))
    with pytest.raises(ValueError):
        forfeit_outcome(2, {2}, "nobody")
