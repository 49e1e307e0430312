"""Edges of recruiting (C-RECRUIT-1..9, C-COMP-12..14, C-ACTION-4, C-APOLLO-5): the rule ID and the words
of each refusal, for each god that recruits, and each limit at exactly its value.

Rulebook: "Poseidón: [...] la primera Flota es gratuita, la segunda cuesta 1 MO, la tercera 2 MO y la
cuarta 3 MO" (C-RECRUIT-1); the limits of 8 fleets and 8 troops per colour (C-COMP-12/13).
"""

from __future__ import annotations

import pytest
from cyc_helpers import put, war_turn

from kleos.core.action import Action
from kleos.games.cyclades.rules import figures, recruit
from kleos.games.cyclades.state import CycladesState
from kleos.games.cyclades.tables import ARES, ATHENA, EMPTY, POSEIDON, ZEUS, Tables


def _turn(god: int, gold: int = 10, recruited: int = 0) -> tuple[Tables, CycladesState]:
    """``god``'s turn (Poseidon's for an Apollo turn) on the 2-3-player board: seat 0 holds I1 (by seas
    S1, S3, S5, S6) and a fleet in S6, seat 1 holds I7 and a fleet in S5; ``recruited`` units bought
    already this turn."""
    g, s = war_turn(3, POSEIDON if god == EMPTY else god, gold=gold)
    put(g, s, 0, I1=1, S6=1)
    put(g, s, 1, I7=1, S5=1)
    s.recruited = recruited
    return g.tables, s


def refusal(god: int, text: str, gold: int = 10, recruited: int = 0) -> tuple[str, str]:
    """The rule and English words ``recruit.check`` refuses ``text`` with on ``god``'s turn."""
    t, s = _turn(god, gold, recruited)
    refused = recruit.check(t, s, 0, god, Action.parse(text))
    assert refused is not None, text
    return refused.rule, refused.message


def test_an_apollo_turn_refuses_recruiting_under_its_own_rule() -> None:
    """C-APOLLO-5: "An Apollo turn allows no other action: no recruiting [...]"."""
    assert refusal(EMPTY, "recruit S6") == ("C-APOLLO-5", "an Apollo turn allows no recruiting")


def test_the_usage_of_each_god_is_told() -> None:
    """C-RECRUIT-1/3/9: a fleet names its sea and a troop its island; Priests and Philosophers are not
    placed — each god's own words."""
    assert refusal(POSEIDON, "recruit") == ("C-RECRUIT-1", "write 'recruit <sea>' to recruit a fleet")
    assert refusal(ARES, "recruit I1 I2") == ("C-RECRUIT-3", "write 'recruit <island>' to recruit a troop")
    for god, name in ((ZEUS, "Zeus"), (ATHENA, "Athena")):
        assert refusal(god, "recruit I1") == (
            "C-RECRUIT-9", f"Priests and Philosophers are not placed: write 'recruit' (under {name})")


@pytest.mark.parametrize(("god", "name", "rule", "most"), [
    (POSEIDON, "Poseidon", "C-RECRUIT-1", 4), (ARES, "Ares", "C-RECRUIT-3", 4),
    (ZEUS, "Zeus", "C-RECRUIT-5", 2), (ATHENA, "Athena", "C-RECRUIT-6", 2),
])
def test_past_the_ladder_each_god_quotes_its_limit(god: int, name: str, rule: str, most: int) -> None:
    """C-RECRUIT-1/3/5/6: at most 4 fleets or troops, 2 Priests or Philosophers a turn: the one past the
    ladder is refused under the god's rule, quoting the limit."""
    text = {POSEIDON: "recruit S6", ARES: "recruit I1"}.get(god, "recruit")
    assert refusal(god, text, recruited=most) == (rule, f"at most {most} recruits per turn under {name}")
    t, s = _turn(god, recruited=most - 1)
    assert recruit.check(t, s, 0, god, Action.parse(text)) is None


def test_a_recruit_short_of_gold_quotes_its_price() -> None:
    """C-ACTION-4, C-RECRUIT-3: the third troop costs 3 GP: refused with 2, quoted; allowed with 3."""
    assert refusal(ARES, "recruit I1", gold=2, recruited=2) == ("C-ACTION-4", "the next recruit costs 3 GP")
    t, s = _turn(ARES, gold=3, recruited=2)
    assert recruit.check(t, s, 0, ARES, Action.parse("recruit I1")) is None
    assert recruit.legal(t, s, 0, ARES) == [Action.parse("recruit I1")]
    s.gold[0] = 2
    assert recruit.legal(t, s, 0, ARES) == []


def test_each_fleet_refusal_names_the_sea() -> None:
    """C-RECRUIT-2 (next to an island of the player's, in a sea empty or holding only its fleets),
    C-RECRUIT-8 (the 8 fleets of a colour, C-COMP-12)."""
    assert refusal(POSEIDON, "recruit X9") == ("C-RECRUIT-2", "X9 is not a sea of this board")
    assert refusal(POSEIDON, "recruit S5") == ("C-RECRUIT-2", "S5 holds another player's fleets")
    t, s = _turn(POSEIDON)
    far = next(t.sea_ids[sea] for sea in range(t.n_seas) if sea not in t.island_seas[t.island_index["I1"]])
    refused = recruit.check(t, s, 0, POSEIDON, Action.parse(f"recruit {far}"))
    assert refused is not None and (refused.rule, refused.message) == ("C-RECRUIT-2",
                                                                       f"{far} is not next to an island of yours")


def test_each_troop_refusal_names_the_island() -> None:
    """C-RECRUIT-4: a troop goes on an island of the player's."""
    assert refusal(ARES, "recruit X9") == ("C-RECRUIT-4", "X9 is not an island of this board")
    assert refusal(ARES, "recruit I7") == ("C-RECRUIT-4", "I7 is not your island")


@pytest.mark.parametrize(("god", "field", "unit", "text"), [
    (POSEIDON, "fleets", "fleets", "recruit S6"), (ARES, "troops", "troops", "recruit I1")])
def test_the_eighth_unit_of_a_colour_is_the_last(god: int, field: str, unit: str, text: str) -> None:
    """C-RECRUIT-8, C-COMP-12/13: "A recruit is not allowed if it would take the player above the 8-fleet
    or 8-troop limit": with 7 on the board one more is offered, with 8 none, refused quoting the 8."""
    t, s = _turn(god)
    getattr(s, field)[t.sea_index["S6"] if god == POSEIDON else t.island_index["I1"]] = 7
    assert Action.parse(text) in recruit.legal(t, s, 0, god)
    assert recruit.check(t, s, 0, god, Action.parse(text)) is None
    getattr(s, field)[t.sea_index["S6"] if god == POSEIDON else t.island_index["I1"]] = 8
    assert recruit.legal(t, s, 0, god) == []
    refused = recruit.check(t, s, 0, god, Action.parse(text))
    assert refused is not None
    assert (refused.rule, refused.message) == ("C-RECRUIT-8", f"you already have 8 {unit} on the board "
                                               f"(C-COMP-{12 if god == POSEIDON else 13})")


@pytest.mark.parametrize(("god", "field", "words"), [
    (ZEUS, "priests", "no Priest cards are left in the supply"),
    (ATHENA, "philosophers", "no Philosopher cards are left in the supply")])
def test_an_empty_card_supply_is_told_by_kind(god: int, field: str, words: str) -> None:
    """C-COMP-14: Priest and Philosopher cards are limited to the supply: with one left, one is offered;
    with none, the recruit is refused, naming the kind."""
    t, s = _turn(god)
    supply = getattr(t, field)
    assert supply > 0, "the default options limit the cards"
    getattr(s, field)[1] = supply - 1
    assert recruit.legal(t, s, 0, god) == [Action("recruit")]
    getattr(s, field)[1] = supply
    assert recruit.legal(t, s, 0, god) == []
    refused = recruit.check(t, s, 0, god, Action("recruit"))
    assert refused is not None and (refused.rule, refused.message) == ("C-COMP-14", words)


def test_a_fleet_is_never_offered_where_the_kraken_is() -> None:
    """C-RECRUIT-2, C-SUMMON-4 (no fleet may enter the Kraken's sea): the seas by I1 are offered but
    the Kraken's, and a fleet there is refused naming it; the other seas stay offered."""
    t, s = _turn(POSEIDON)
    assert [str(a.args[0]) for a in recruit.legal(t, s, 0, POSEIDON)] == ["S1", "S3", "S6"]
    figures.place(t, s, figures.KRAKEN, t.sea_index["S3"], 1)
    assert [str(a.args[0]) for a in recruit.legal(t, s, 0, POSEIDON)] == ["S1", "S6"]
    refused = recruit.check(t, s, 0, POSEIDON, Action.parse("recruit S3"))
    assert refused is not None and (refused.rule, refused.message) == (
        "C-SUMMON-4", "no fleet may enter S3: the Kraken is there")
