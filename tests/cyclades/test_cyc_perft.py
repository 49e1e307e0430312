"""Perft counts of Cyclades: the number of leaves of the legal-action tree 1, 2 and 3 plies deep from
named positions, chance events expanded over all their outcomes (each outcome one branch).

How the numbers were obtained: each position below is built deterministically (a seeded game driven
by notation, or a bare board from ``cyc_helpers.war_turn`` with pieces put on it); the counts were
computed with ``kleos.core.testing.perft`` and cross-checked with a second recursion
(``kleos.core.testing.perft_by_copies``: copy, apply with full validation, chance expanded from
``chance_outcomes``);
the depth-1 lists were read and checked by hand against the rules cited in each docstring (e.g. 7 GP
at the first offering of 5 players: 4 gods x 7 amounts + Apollo = 29). A perft count is a regression
check: a change means the engine now offers a different set of actions somewhere in the tree. If the
change is intended, recompute with ``perft`` and review which first actions changed
(``kleos.core.testing.perft_divide``) before updating the literal.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from cyc_helpers import at_offers, begin_effect, build_on, play, put, war_turn

from kleos.core.action import Action
from kleos.core.protocol import CHANCE
from kleos.core.testing import perft, perft_by_copies
from kleos.games.cyclades.game import CycladesGame
from kleos.games.cyclades.state import CycladesState
from kleos.games.cyclades.tables import ARES, ATHENA, GODS, POSEIDON, ZEUS
from step_cap import StepCap

Position = tuple[CycladesGame, CycladesState]




def _offers(players: int) -> Callable[[], Position]:
    """The first offering of cycle 1 (seed 1): 7 GP each (C-AMB-30), the track's first marker to bid."""
    return lambda: at_offers(players, seed=1)


def _god_turn(god: int) -> Callable[[], Position]:
    """Seed 1, 5 players: the first four markers offer 1 to the face-up gods in track order, the fifth
    prays to Apollo; then turns end until ``god``'s turn starts (C-ACTION-1)."""
    def build() -> Position:
        g, s = at_offers(5, seed=1)
        ups = [GODS[x] for pos, x in enumerate(s.gods) if s.gods_up[pos]]
        play(g, s, *[f"offer {x} 1" for x in ups], "apollo")
        cap = StepCap("s.bidder[god] != s.queue[0]")
        while s.bidder[god] != s.queue[0] and cap():
            play(g, s, "end")
        return g, s
    return build


def _retreat() -> Position:
    """3 players, Blue (Ares) lands 3 troops from I1 on I2 held by Red with 3; a tied round leaves 2 and
    2; Red, who also holds I4 linked by its fleet in S9, decides first (C-BATTLE-7, C-BATTLE-9)."""
    g, s = war_turn(3, ARES)
    put(g, s, 0, I1=4, S6=1)
    put(g, s, 1, I2=3, I7=1, S9=1, I4=1)
    g.apply_in_place(s, Action.parse("march I1 3 I2"))
    g.apply_in_place(s, Action.parse("dice 1 1"), CHANCE)
    return g, s


def _battle_roll() -> Position:
    """3 players, Poseidon: Blue sails 3 fleets from S5 into Red's 3 in S6; the dice are next, a chance
    node of 16 face pairs (C-BATTLE-2, C-DATA-7)."""
    g, s = war_turn(3, POSEIDON)
    put(g, s, 0, S5=3, I3=1)
    put(g, s, 1, S6=3, I1=1, I7=1)
    g.apply_in_place(s, Action.parse("sail S5 3 S6"))
    return g, s


def _metropolis() -> Position:
    """5 players, Athena: Blue builds the University that completes its four types while owning Ports on
    two islands, so it must choose which Port to discard (C-METRO-2, C-AMB-20)."""
    g, s = war_turn(5, ATHENA)
    put(g, s, 0, I2=1, I9=1)
    build_on(g, s, "I2", "port", "fortress", "temple")
    build_on(g, s, "I9", "port")
    g.apply_in_place(s, Action.parse("build I2"))
    return g, s


def _harpy() -> Position:
    """5 players, Ares: Blue's Harpy must remove one troop of another player (C-DATA-6, harpy)."""
    g, s = war_turn(5, ARES)
    put(g, s, 0, I1=2)
    put(g, s, 1, I2=1)
    put(g, s, 2, I3=0, I4=2)
    begin_effect(g, s, "harpy")
    return g, s


# name: (builder, [perft 1, perft 2, perft 3])
POSITIONS: dict[str, tuple[Callable[[], Position], list[int]]] = {
    # 3 face-up gods x 7 amounts + Apollo; 2 players bid twice each (C-TWO-4)
    "offers-2p": (_offers(2), [22, 400, 3801]),
    # 2 face-up gods x 7 + Apollo (C-GODS-5)
    "offers-3p": (_offers(3), [15, 169, 1345]),
    "offers-4p": (_offers(4), [22, 400, 5839]),
    "offers-5p": (_offers(5), [29, 729, 15625]),
    # 2 Ports, 12 fleet seas, 2 one-fleet groups x 4 neighbours, the 4 GP creature, end
    "turn-poseidon": (_god_turn(POSEIDON), [24, 614, 16521]),
    # 2 Fortresses, 2 troop islands, 1 march, the creature, end
    "turn-ares": (_god_turn(ARES), [7, 53, 390]),
    # 2 Temples, a Priest, a swap, the creature, end
    "turn-zeus": (_god_turn(ZEUS), [6, 73, 995]),
    # 2 Universities, a Philosopher, the creature, end (Athena has no special action)
    "turn-athena": (_god_turn(ATHENA), [5, 34, 189]),
    # "retreat I4" or "stay"
    "battle-retreat": (_retreat, [2, 14, 179]),
    # 4 x 4 face pairs of the two dice
    "battle-roll": (_battle_roll, [16, 64, 902]),
    # which Port to discard
    "metropolis-discard": (_metropolis, [2, 4, 23]),
    # the two islands with enemy troops (I3 holds only a territory marker)
    "effect-harpy": (_harpy, [2, 8, 74]),
}


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_perft(name: str) -> None:
    """C-OFFER-2, C-OFFER-11, C-GODS-9, C-TWO-4, C-ACTION-3, C-ACTION-5, C-RECRUIT-1, C-RECRUIT-3,
    C-RECRUIT-5, C-RECRUIT-6, C-BUILD-1, C-FLEET-1, C-TROOP-2, C-ZEUS-1, C-SUMMON-2, C-BATTLE-2,
    C-BATTLE-7, C-BATTLE-9, C-METRO-2, C-AMB-20: the action tree from each named position has the stored
    number of leaves, by the core's perft and by the independent recursion above."""
    build, counts = POSITIONS[name]
    g, s = build()
    for depth, expected in enumerate(counts, start=1):
        assert perft(g, s, depth) == expected, (name, depth)
        assert perft_by_copies(g, s, depth) == expected, (name, depth)
