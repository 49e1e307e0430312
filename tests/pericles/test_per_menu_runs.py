"""The plain menu's runs of Pericles choices whose words differ in two places (a theater and a unit
kind): each gives a shared head and a short end (:mod:`kleos.games.pericles.tui.runs`), so that a
Colony's 20 choices or an Oracle's removals are read as one numbered line, not one line each."""

from __future__ import annotations

import re

import pytest

from decisions import recorded_to_decision_where
from kleos.core.action import Action
from kleos.tui.plain import PlainGame
from kleos.tui.session import Session


def _removals(legal: list[Action]) -> int:
    return sum(a.verb == "oracle" and bool(a.args) and a.args[0] == "remove" for a in legal)


def test_p_oracle_2_the_removals_share_one_line_each_end_naming_the_unit_and_its_theater(
        capsys: pytest.CaptureFixture[str]) -> None:
    """P-ORACLE-2 (1 Honor and one enemy League unit removed from any theater): a seeded game of
    random choices up to an Oracle with at least four units to remove; the plain loop lists them after
    one head, "…'s Oracle marker in X: remove an enemy League unit (+1 Honor)", each end "League ship (Pn) in
    Corcyra" after the number an answer gives it."""
    record, seat, _legal = recorded_to_decision_where("pericles", 3, lambda legal: _removals(legal) >= 4,
                                                     "Oracle with four removals", limit=20_000)
    plain = PlainGame(Session.from_record(record, frozenset({seat}), "random"))
    ordered = plain.ordered(plain.session.legal(seat))
    plain.menu(seat, ordered)
    out = capsys.readouterr().out
    lines = out.splitlines()
    heads = [line for line in lines if re.match(r"^  \d+ to \d+\. \w\w's Oracle marker in \w+: remove an enemy "
                                                r"League unit \(\+1 Honor\):", line)]
    assert len(heads) == 1, out
    removals = [a for a in ordered if a.verb == "oracle" and a.args[0] == "remove"]
    for action in removals:
        number = ordered.index(action) + 1
        kind = "League ship" if str(action.args[2]).endswith("n") else "League troops"
        assert f"{number} {kind} ({action.args[2]}) in {action.args[1]}" in " ".join(out.split()), (action, out)
