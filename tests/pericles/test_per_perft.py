"""Perft counts of Pericles: the number of leaves of the legal-action tree 1, 2 and 3 plies deep from
named positions, each chance outcome one branch.

How the numbers were obtained: each position is built deterministically — a new game of a scenario,
a seeded game driven by first legal actions to the first decision of a step (``per_helpers.at_step``),
or a bare board with pieces put on it — and counted with ``kleos.core.testing.perft``, cross-checked
by the independent recursion below (copy, validated application, chance expanded from
``chance_outcomes``). The depth-1 lists were read against the rules cited in each comment. A changed
count means the engine now offers a different set of actions somewhere in the tree: if that is
intended, find where with ``kleos.core.testing.perft_divide`` and update the literal.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from per_helpers import AF, AK, DF, at_step, bare, commit_all, game, give, military_issue, play, put

from kleos.core.testing import perft, perft_by_copies
from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.state import PericlesState

Position = tuple[PericlesGame, PericlesState]




def _start(scenario: str) -> Callable[[], Position]:
    def build() -> Position:
        g = game(scenario)
        return g, g.new_state(1)
    return build


def _step(step: str, scenario: str = "14_2") -> Callable[[], Position]:
    return lambda: at_step(step, scenario)


def _boeotia() -> Position:
    """Bare board: DF (3 Strategos, AF 1, AK 2) reveals a Military issue in Boeotia, held by Sparta
    (1 Spartan + 2 Peloponnesian land units and a base) against 4 Athenian land units in Athens."""
    g, s = bare()
    put(g, s, "Athens", Ab=1, Al=4)
    put(g, s, "Boeotia", Sl=1, Pl=2, Pb=1)
    give(s, DF, 3)
    give(s, AF, 1)
    give(s, AK, 2)
    military_issue(g, s, DF, "Boeotia")
    return g, s


def _expedition_move() -> Position:
    """:func:`_boeotia` after the Expedition Assembly (DF 3, AF 1; AK 1): the first unit to move."""
    g, s = _boeotia()
    play(g, s, "expedition")
    commit_all(g, s, 1, 3, 0, 1)
    return g, s


def _battle_row() -> Position:
    """:func:`_expedition_move` with all four land units moved in: Athens wins the land battle 8 to 7
    and DF chooses the row of Sparta's casualties."""
    g, s = _expedition_move()
    for _ in range(4):
        play(g, s, "move Athens Al Boeotia")
    play(g, s, "done")
    return g, s


# name: (builder, [perft 1, perft 2, perft 3])
POSITIONS: dict[str, tuple[Callable[[], Position], list[int]]] = {
    # the 24 Aristophanes cards (8 plays x 3) as the first chance event of turn 1 (P-ARIST-1, P-SETUP-2);
    # Peace C stops at the Athenian demobilisation (2 Delian land units, in Isthmus and Boeotia), then the
    # Spartan one (3 units), where the other 23 cards go on to the 30 ways of keeping entourages (P-ARIST-4)
    "start-14_2": (_start("14_2"), [24, 23 * 30 + 2, 23 * 870 + 2 * 3]),
    # the vignette starts at placement: AF's 4 marker kinds x the 10 theaters in play (P-THEATER-4,
    # P-THEATER-7, P-THEATER-8: Persia is open)
    "start-14_1_09a": (_start("14_1_09a"), [40, 1600, 64000]),
    # turn 2: keep any subset of the 3 entourage cards, 2^3 (P-HAND-2)
    "keep": (_step("keep"), [8, 64, 512]),
    # the Boulé: the 9 available debate issues (P-BOULE-2, P-BOULE-10)
    "select": (_step("select"), [9, 81, 675]),
    # 9 cards in hand, 3 put into the entourage one at a time: 9 x 8 x 7 (P-HAND-6)
    "entourage": (_step("entourage"), [9, 72, 504]),
    # the Dominant chooses among the issues on the track, not captured (P-ASSEMBLY-3, P-ASSEMBLY-4)
    "debate": (_step("debate"), [6, 42, 294]),
    # 6 cards and the Leader (P-ASSEMBLY-5, P-LEADER-1)
    "play": (_step("play"), [7, 49, 246]),
    # lending a marker of one of two kinds to the compatriot (P-TMARK-4)
    "lend": (_step("lend"), [2, 76, 2888]),
    # DF holds only Rumors: the 20 map theaters (P-THEATER-7, P-THEATER-8: Persia is closed)
    "place": (_step("place"), [20, 400, 16000]),
    # resolve or decline the revealed issue (P-THEATER-14)
    "resolve": (_step("resolve"), [2, 5, 25]),
    # the Peace of Callias declared or not (P-PERSIA-8)
    "callias": (_step("callias"), [2, 60, 3110]),
    # the vignette's first revealed issue asking for Strategos: decline or commit 0-3 (P-THEATER-14, P-DIPLO-1)
    "resolve-14_1_09a": (_step("resolve", "14_1_09a"), [5, 5, 25]),
    # the Commander's choice in an enemy-controlled theater (P-MIL-7, P-THEATER-14)
    "military-enemy": (_boeotia, [2, 3, 30]),
    # end the movement or move an Athenian land unit out of Athens along a connection (P-MOVE-1, P-MOVE-4)
    "expedition-move": (_expedition_move, [7, 24, 97]),
    # the winner's Commander picks the loser's row (P-BATTLE-13)
    "battle-row": (_battle_row, [2, 4, 4]),
}
# wide positions counted two plies deep: done, or a Delian unit to a theater with a friendly base
# (P-REDEPLOY-1, P-REDEPLOY-6)
SHALLOW: dict[str, tuple[Callable[[], Position], list[int]]] = {
    "redeploy": (_step("redeploy"), [58, 2973]),
}


@pytest.mark.parametrize("name", [*sorted(POSITIONS), *sorted(SHALLOW)])
def test_perft(name: str) -> None:
    """P-ARIST-1, P-HAND-2, P-HAND-6, P-BOULE-2, P-BOULE-10, P-ASSEMBLY-3, P-ASSEMBLY-4, P-ASSEMBLY-5,
    P-LEADER-1, P-TMARK-4, P-THEATER-4, P-THEATER-7, P-THEATER-8, P-THEATER-14, P-DIPLO-1, P-PERSIA-8,
    P-MIL-7, P-MOVE-1, P-MOVE-4, P-BATTLE-13, P-REDEPLOY-1, P-REDEPLOY-6: the action tree from each
    named position has the stored number of leaves, by the core's perft and by the recursion above."""
    build, counts = POSITIONS[name] if name in POSITIONS else SHALLOW[name]
    g, s = build()
    for depth, expected in enumerate(counts, start=1):
        assert perft(g, s, depth) == expected, (name, depth)
        assert perft_by_copies(g, s, depth) == expected, (name, depth)
