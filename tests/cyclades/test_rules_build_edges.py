"""Edges of building (C-BUILD-1..3, C-COMP-14, C-APOLLO-5): the rule ID and the words of each refusal,
for every god's building type, so that a refusal cannot lose the rule it names or the value it quotes."""

from __future__ import annotations

from cyc_helpers import put, war_turn

from kleos.core.action import Action
from kleos.games.cyclades.rules import build
from kleos.games.cyclades.tables import ARES, ATHENA, EMPTY, POSEIDON, ZEUS

GODS = (POSEIDON, ARES, ZEUS, ATHENA)
TYPES = ("port", "fortress", "temple", "university")


def refusal(god: int, text: str, gold: int = 10) -> tuple[str, str]:
    """The rule and English words ``build.check`` refuses ``text`` with, seat 0 owning I2 (4 slots)
    and seat 1 owning I1."""
    g, s = war_turn(5, POSEIDON if god == EMPTY else god, gold=gold)
    put(g, s, 0, I2=1)
    put(g, s, 1, I1=1)
    refused = build.check(g.tables, s, 0, god, Action.parse(text))
    assert refused is not None, text
    return refused.rule, refused.message


def test_an_apollo_turn_refuses_building_under_its_own_rule() -> None:
    """C-APOLLO-5 ("Apolo no ofrece ninguna otra acción"; "Construir (todos los Dioses, excepto
    Apolo)")."""
    assert refusal(EMPTY, "build I2") == ("C-APOLLO-5", "an Apollo turn allows no building")


def test_a_build_without_one_island_tells_each_gods_type() -> None:
    """C-BUILD-1 ("Cada Dios tiene asociado un tipo específico de edifico"): the usage names the type
    the turn's god builds, for each of the four gods."""
    for god, kind in zip(GODS, TYPES, strict=True):
        rule, words = refusal(god, "build I2 I3")
        assert rule == "C-BUILD-1" and words.endswith(f"you build a {kind}"), (god, words)


def test_a_refused_build_for_gold_quotes_the_cost() -> None:
    """C-BUILD-2 ("siempre que pueda pagar su coste (2MO)"): with 1 GP, one short of the cost."""
    assert refusal(ZEUS, "build I2", gold=1) == ("C-BUILD-2", "a building costs 2 GP")
    g, s = war_turn(5, ZEUS, gold=2)
    put(g, s, 0, I2=1)
    assert build.check(g.tables, s, 0, ZEUS, Action.parse("build I2")) is None


def test_an_empty_supply_is_told_by_type() -> None:
    """C-COMP-10/14: with the 10 buildings of the god's type on the board, the refusal names that type,
    for each of the four gods."""
    for god, kind in zip(GODS, TYPES, strict=True):
        g, s = war_turn(5, god)
        put(g, s, 0, I2=1)
        t = g.tables
        first = t.slot_offset[t.island_index["I2"]]
        i2 = range(first, first + 4)
        for slot in [slot for slot in range(t.n_slots) if slot not in i2][:10]:
            s.buildings[slot] = god + 1
        refused = build.check(t, s, 0, god, Action.parse("build I2"))
        assert refused is not None and refused.rule == "C-COMP-14"
        assert refused.message == f"no {kind} is left in the supply"


def test_a_refused_island_is_named() -> None:
    """C-BUILD-3 ("Los edificios se sitúan en los recuadros blancos de cada isla", of an island the
    player owns): another player's island, and an own island without a free slot, each named."""
    assert refusal(ATHENA, "build I1") == ("C-BUILD-3", "I1 is not your island")
    g, s = war_turn(5, ATHENA)
    put(g, s, 0, I1=1)
    t = g.tables
    first = t.slot_offset[t.island_index["I1"]]
    s.buildings[first:first + 2] = [1, 2]  # I1 has 2 slots
    refused = build.check(t, s, 0, ATHENA, Action.parse("build I1"))
    assert refused is not None and (refused.rule, refused.message) == ("C-BUILD-3", "I1 has no free building slot")
