"""``menu WORD`` in the plain loop: a long menu (a Pericles placement or redeployment of 40 to 90
entries) ends with a word on it, and ``menu WORD`` lists only the entries that name the word, each
by its own number, so that a screen reader need not read the whole list out again."""

from __future__ import annotations

import re

import pytest

from decisions import recorded_to_decision_where
from kleos.core.action import Action
from kleos.core.kit.terminal import ends_step
from kleos.tui.plain import PlainGame
from kleos.tui.session import Session

SEED = 5


def long_menu() -> tuple[PlainGame, int]:
    """A Pericles game played by seeded random choices up to its first menu of over 45 entries."""
    record, seat, _legal = recorded_to_decision_where("pericles", SEED, lambda legal: len(legal) > 45,
                                                      "menu of over 45 entries")
    return PlainGame(Session.from_record(record, frozenset({seat}), "random")), seat


def test_p_redeploy_1_a_long_menu_ends_with_a_word_on_menu_word(capsys: pytest.CaptureFixture[str]) -> None:
    """P-REDEPLOY-1: the redeployment's 51 entries; "end the redeployment" (``redeploy done``, first
    in the engine's order) is the last number, after every move; then a word on ``menu WORD``."""
    plain, seat = long_menu()
    legal = plain.ordered(plain.session.legal(seat))
    assert str(legal[-1]) == "redeploy done" and all(a.args != ("done",) for a in legal[:-1])
    plain.menu(seat, legal)
    lines = capsys.readouterr().out.splitlines()
    assert any(line.endswith("   [redeploy done]") for line in lines)
    hint = f"({len(legal)} choices: 'menu WORD' lists only those that name WORD, such as a place or a piece.)"
    assert lines[-1] == hint


def test_p_redeploy_1_one_unit_s_destinations_share_a_line_each_with_its_own_number(
        capsys: pytest.CaptureFixture[str]) -> None:
    """P-REDEPLOY-1: a unit's redeployment to each place it may reach is one line ("1 to 8. redeploy
    … from Isthmus to: 1 Sicily, 2 Boeotia, …   [redeploy Isthmus Dl …]"), said once how it is
    answered; every number stands for the action it stood for when each had its own line."""
    plain, seat = long_menu()
    legal = plain.ordered(plain.session.legal(seat))
    plain.menu(seat, legal)
    out = capsys.readouterr().out
    assert len(out.splitlines()) < len(legal) // 2
    numbered = {}
    for run in re.finditer(r"^  +(\d+) to (\d+)\. (.+?): (.+?)   \[([^]\n]+) …\]$", out, re.MULTILINE | re.DOTALL):
        first, last, stem = int(run[1]), int(run[2]), run[5]
        ends = re.findall(r"(\d+) ([A-Za-z]+)", run[4])
        assert [int(n) for n, _place in ends] == list(range(first, last + 1))
        for n, place in ends:
            numbered[int(n)] = f"{stem} {place}"
            assert plain.words(plain.session.view(seat), legal[int(n) - 1]).endswith(f" {place}")
    assert numbered and all(str(legal[n - 1]) == notation for n, notation in numbered.items())
    assert "answer the number before the one you want" in out
    plain.menu(seat, legal)
    assert "answer the number before the one you want" not in capsys.readouterr().out  # said once


def test_menu_word_lists_the_entries_naming_it_by_their_own_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    plain, seat = long_menu()
    legal = plain.ordered(plain.session.legal(seat))
    word = str(legal[len(legal) // 2]).split()[-1]  # a theater the middle entry names
    assert plain.answer(seat, legal, f"menu {word.upper()}") is True
    lines = capsys.readouterr().out.splitlines()
    naming = [i for i, action in enumerate(legal) if word.casefold() in str(action).casefold()]
    assert 0 < len(lines) < len(legal) and len(lines) >= len(naming)
    for line in lines:
        match = re.match(r"\s+(\d+)\. .*   \[(.+)\]$", line)
        assert match, line
        number, notation = int(match[1]), match[2]
        assert str(legal[number - 1]) == notation
        assert word.casefold() in line.casefold()
    plain.menu(seat, legal, "xyzzy")
    assert capsys.readouterr().out.strip() == "No choice names 'xyzzy'; 'menu' shows them all."


def test_ends_step_is_a_last_verb_alone_or_as_the_only_word_after_a_verb() -> None:
    last = ("done", "decline")
    assert ends_step(Action("done"), last) and ends_step(Action("redeploy", ("done",)), last)
    assert ends_step(Action("decline"), last)
    assert not ends_step(Action("redeploy", ("Isthmus", "Dl", "Boeotia")), last)
    assert not ends_step(Action("give", ("done", "2")), last) and not ends_step(Action("pass"), last)
