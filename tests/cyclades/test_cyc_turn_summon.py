"""Summoning creatures with Temple discounts (C-SUMMON-1..6, C-BUILD-7/8, C-TWO-8); the effects
themselves are tested with rules/effects.py (test_cyc_creatures_*.py)."""

from __future__ import annotations

from cyc_helpers import build_on, play, put, rule_of, war_turn

from kleos.core.action import Action
from kleos.games.cyclades.game import CycladesGame
from kleos.games.cyclades.rules import actions, effects, figures, flow
from kleos.games.cyclades.rules.common import income
from kleos.games.cyclades.state import CycladesState
from kleos.games.cyclades.tables import ARES, ATHENA, POSEIDON, ZEUS


def _track(g: CycladesGame, s: CycladesState, *keys: str | None) -> None:
    s.track = [-1 if k is None else g.tables.creature_index[k] for k in keys]


def _uses(g: CycladesGame, s: CycladesState, slot_price: int) -> set[int]:
    """The Temple counts offered for the creature in the slot of ``slot_price``."""
    return {int(a.args[1]) for a in g.legal_actions(s) if a.verb == "summon" and a.args[0] == slot_price}


def test_price_by_slot_and_card_discarded() -> None:
    """C-SUMMON-2, C-SUMMON-3, C-SUMMON-4, C-SUMMON-6, C-CREATURE-1, C-CREATURE-9: the 3 GP slot costs 3;
    the card goes to the discard pile and its slot stays empty for the rest of the cycle."""
    g, s = war_turn(5, ARES, gold=10)
    _track(g, s, None, "fates", None)
    put(g, s, 0, I1=1)
    play(g, s, "summon 3 0")
    assert s.track == [-1, -1, -1] and s.discard[-1] == g.tables.creature_index["fates"]
    assert s.gold[0] == 10 - 3 + income(g.tables, s, 0)
    assert rule_of(g, s, "summon 3 0") == "C-SUMMON-6"


def test_any_main_god_many_summons() -> None:
    """C-SUMMON-1, C-SUMMON-5, C-ACTION-5: summoning works under every main god, several per turn while
    gold lasts."""
    for god in (POSEIDON, ARES, ZEUS, ATHENA):
        g, s = war_turn(5, god, gold=6)
        _track(g, s, "fates", None, "fates")
        play(g, s, "summon 4 0", "summon 2 0")
        assert s.gold[0] == 0 and len(s.discard) == 2


def test_temple_discounts_once_per_cycle() -> None:
    """C-BUILD-7, C-BUILD-8, C-METRO-8, C-TWO-8: each Temple (a Metropolis counts) lowers one summon by 1
    GP once per cycle, never below 1 GP; used Temples come back next cycle."""
    g, s = war_turn(5, ARES, gold=10)
    t = g.tables
    put(g, s, 0, I2=1, I9=1)
    build_on(g, s, "I9", "temple", "temple")
    s.metropolis[1] = 1
    _track(g, s, "fates", None, "fates")
    assert _uses(g, s, 2) == {0, 1}
    assert _uses(g, s, 4) == {0, 1, 2, 3}
    assert rule_of(g, s, "summon 2 2") == "C-BUILD-7"
    gold = s.gold[0]
    play(g, s, "summon 4 2")
    assert s.gold[0] == gold - 2 + income(t, s, 0) and s.temples_used[0] == 2
    assert _uses(g, s, 2) == {0, 1}
    play(g, s, "summon 2 1")
    assert s.temples_used[0] == 3
    s.queue.append(s.queue[0])  # the seat's second turn of the cycle (2-player game, C-TWO-8)
    actions._finish_turn(t, s)
    _track(g, s, "fates", None, None)
    assert _uses(g, s, 4) == {0}
    flow.start_cycle(t, s)
    s.phase, s.chance = "action", None
    _track(g, s, "fates", None, None)
    assert s.temples_used == [0] * 5 and _uses(g, s, 4) == {0, 1, 2, 3}


def test_summon_needs_gold_and_a_main_god() -> None:
    """C-ACTION-4, C-SUMMON-2: a 4 GP creature is refused with 3 GP and no Temple."""
    g, s = war_turn(5, ATHENA, gold=3)
    _track(g, s, "fates", None, None)
    assert rule_of(g, s, "summon 4 0") == "C-ACTION-4"
    assert not [a for a in g.legal_actions(s) if a.verb == "summon"]


def test_summon_opens_the_effect_prompt() -> None:
    """C-SUMMON-3, C-SUMMON-4: the paid card's effect is resolved at once, before anything else of the
    turn, and the card is discarded when it is done."""
    g, s = war_turn(5, ZEUS, gold=4)
    s.gold[1] = 7
    _track(g, s, None, None, "griffon")
    play(g, s, "summon 2 0")
    assert effects.pending(s) and s.track == [-1, -1, -1] and s.discard == []
    assert rule_of(g, s, "end") == "C-SUMMON-3"
    play(g, s, "take Red")
    assert s.gold[:2] == [4 - 2 + 3, 4] and s.discard == [g.tables.creature_index["griffon"]]
    assert Action("end") in g.legal_actions(s)


def test_a_figure_blocks_recruiting_fleets() -> None:
    """C-RECRUIT-2, C-SUMMON-4: no fleet may be recruited into the Kraken's sea."""
    g, s = war_turn(5, POSEIDON)
    t = g.tables
    put(g, s, 0, I1=1)
    sea = t.island_seas[0][0]
    figures.place(t, s, figures.KRAKEN, sea, 1)
    assert rule_of(g, s, f"recruit {t.sea_ids[sea]}") == "C-SUMMON-4"
    assert Action("recruit", (t.sea_ids[sea],)) not in g.legal_actions(s)
