"""A scripted Pericles newcomer who makes its own choices from what it sees (its view and the plain
words of each choice), shared by the terminal and the browser newcomer tests.

Its habits, as a first-time player reading the rules reference would play: it places Military markers
where its side is at least as strong as the enemy and League or Diplomatic markers where its side
stands, takes its own revealed issues when it can pay rather than declining them, commits all it may
to an expedition, moves units into the Expedition theater, adds the State Ship, fights a second
battle only where it is stronger, and counts casualties on the row that hurts the enemy most or
itself least (P-THEATER-4, P-THEATER-14, P-EXPED-2, P-MOVE-6, P-SHIP-2, P-BATTLE-34, P-BATTLE-13).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from kleos.core.action import Action
from kleos.games.pericles.explain import explain
from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.rules import battle
from kleos.games.pericles.rules.common import land_strength, naval_strength, units_of
from kleos.games.pericles.rules.theater import entry_parts
from kleos.games.pericles.state import M_KIND, PericlesState
from kleos.games.pericles.view import PericlesView

RESOLVE_ORDER = ("expedition", "raid", "build", "league", "commit", "oracle", "resolve")
"""A revealed issue of its own is used, never declined, when one of these is offered."""


def strength(g: PericlesGame, s: PericlesState, theater: int, side: int) -> int:
    return land_strength(g.tables, s, theater, side) + naval_strength(g.tables, s, theater, side)


def choose(g: PericlesGame, view: PericlesView, legal: Sequence[Action]) -> Action:
    """The newcomer's choice among ``legal`` from ``view`` (its own faction's) alone."""
    s, seat = view.state, view.seat
    assert seat is not None and legal
    side = seat // 2
    pick = {"place": _place, "resolve": _resolve, "move": _move, "move_on": _onward, "ship": _ship,
            "second": _second, "row": _row, "raze": _raze}.get(s.step)
    if pick is not None:
        return pick(g, view, legal, side)
    if s.step in ("exped_secret", "dip_secret"):
        return _secret(view, legal, side)
    return legal[0]


def _secret(view: PericlesView, legal: Sequence[Action], side: int) -> Action:
    """All it may for its own issue, 2 to help its compatriot's, 1 against the enemy's: Strategos
    kept for its own markers."""
    s = view.state
    owner = entry_parts(s.revealed)[2] if s.revealed >= 0 else -1
    want = 99 if owner == view.seat else 2 if owner // 2 == side else 1
    amounts = sorted(int(str(a.args[0])) for a in legal)
    chosen = max((n for n in amounts if n <= want), default=amounts[0])
    return next(a for a in legal if int(str(a.args[0])) == chosen)


def _place(g: PericlesGame, view: PericlesView, legal: Sequence[Action], side: int) -> Action:
    s = view.state

    def score(a: Action) -> tuple[int, int]:
        kind, where = str(a.args[1]), g.tables.theater_index[str(a.args[2])]
        mine, theirs = strength(g, s, where, side), strength(g, s, where, 1 - side)
        here = units_of(s, where, side) > 0
        useful = {"MIL": mine >= theirs and theirs > 0, "LEA": here, "DIP": theirs > 0, "ORA": True,
                  "RUM": True}.get(kind, False)
        order = ("MIL", "LEA", "DIP", "ORA", "RUM").index(kind) if kind in ("MIL", "LEA", "DIP", "ORA", "RUM") else 9
        return (0 if useful else 1, order)

    return min(legal, key=score)


def _resolve(g: PericlesGame, view: PericlesView, legal: Sequence[Action], side: int) -> Action:
    for verb in RESOLVE_ORDER:
        offered = [a for a in legal if a.verb == verb]
        if offered:
            return max(offered, key=lambda a: [int(x) for x in map(str, a.args) if x.isdigit()] or [0])
    return legal[0]


def _move(g: PericlesGame, view: PericlesView, legal: Sequence[Action], side: int) -> Action:
    s = view.state
    target = g.tables.theater_keys[battle.theater_of(s)] if s.revealed >= 0 else None
    inward = [a for a in legal if a.verb == "move" and a.args[2] == target]
    return inward[0] if inward else next((a for a in legal if a.verb == "done"), legal[0])


def _onward(g: PericlesGame, view: PericlesView, legal: Sequence[Action], side: int) -> Action:
    s = view.state
    target = g.tables.theater_keys[battle.theater_of(s)] if s.revealed >= 0 else None
    return next((a for a in legal if a.args and a.args[0] == target), legal[0])


def _ship(g: PericlesGame, view: PericlesView, legal: Sequence[Action], side: int) -> Action:
    return next((a for a in legal if a.args[0] == "yes"), legal[0])


def _second(g: PericlesGame, view: PericlesView, legal: Sequence[Action], side: int) -> Action:
    """Fight again only with more of the other kind's strength than the enemy there."""
    s = view.state
    th, other = battle.theater_of(s), 1 - s.mil[M_KIND]
    measure = naval_strength if other == battle.NAVAL else land_strength
    stronger = measure(g.tables, s, th, side) > measure(g.tables, s, th, 1 - side)
    return next((a for a in legal if a.args[0] == ("yes" if stronger else "no")), legal[0])


LOSSES = re.compile(r"(Athens|Sparta) loses (\d+) elite and (\d+) other")


def _row(g: PericlesGame, view: PericlesView, legal: Sequence[Action], side: int) -> Action:
    """The row whose plain words promise the enemy the most losses, or this side the fewest."""

    def hurt(a: Action) -> int:
        found = LOSSES.search(explain(g, view, a))
        if found is None:
            return 0
        losses = int(found.group(2)) + int(found.group(3))
        return losses if found.group(1) != ("Athens", "Sparta")[side] else -losses

    return max(legal, key=hurt)


def _raze(g: PericlesGame, view: PericlesView, legal: Sequence[Action], side: int) -> Action:
    return next((a for a in legal if a.args[0] != "stop"), legal[0])
