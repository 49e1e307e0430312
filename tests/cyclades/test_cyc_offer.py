"""Offerings, the turn-order track, Apollo and the end of a cycle (C-OFFER, C-TWO, C-ACTION, C-APOLLO, C-END)."""

from __future__ import annotations

from cyc_helpers import at_offers, finish_cycle, play, rule_of

from kleos.core.action import Action
from kleos.games.cyclades.game import CycladesGame
from kleos.games.cyclades.state import ACTION, OFFER, OVER, CycladesState
from kleos.games.cyclades.tables import GODS
from step_cap import StepCap


def _up(s: CycladesState) -> list[str]:
    return [GODS[g] for pos, g in enumerate(s.gods) if s.gods_up[pos]]


def _offers(g: CycladesGame, s: CycladesState) -> set[str]:
    return {str(a) for a in g.legal_actions(s)}


def test_outbid_chain_and_payment() -> None:
    """C-OFFER-1, C-OFFER-3..8, C-OFFER-12..14, C-OFFER-16: track order; strictly higher outbids; the
    outbid marker re-bids at once on another god and may return to a god through a chain; only final
    bids are paid; Apollo is free."""
    g, s = at_offers(5, seed=2)
    a, b, c, d, _ = (g.tables.marker_owner[m] for m in s.turn_order)
    x, y, _, _ = _up(s)
    play(g, s, f"offer {x} 5")
    assert g.actors(s) == (b,)
    assert rule_of(g, s, f"offer {x} 5") == "C-OFFER-4"
    play(g, s, f"offer {x} 6")  # a is outbid and must re-bid now (C-OFFER-5)
    assert g.actors(s) == (a,) and s.displaced == s.turn_order[0]
    assert rule_of(g, s, f"offer {x} 7") == "C-OFFER-5"
    play(g, s, f"offer {y} 1")
    assert g.actors(s) == (c,)
    play(g, s, f"offer {y} 3")  # a again, may go back to x (C-OFFER-7)
    play(g, s, f"offer {x} 7")  # b displaced
    assert g.actors(s) == (b,)
    play(g, s, "apollo", "apollo", "apollo")
    assert s.phase == ACTION and s.apollo == [s.turn_order[1], s.turn_order[3], s.turn_order[4]]
    assert s.gold[a] == 7 - 7 and s.gold[c] == 7 - 3 and s.gold[b] == 7 and s.gold[d] == 7
    order = [g.tables.marker_owner[m] for m in s.queue]
    gods_order = [GODS[god] for god in s.gods]
    expected = [a, c] if gods_order.index(x) < gods_order.index(y) else [c, a]
    assert order[:2] == expected  # C-ACTION-1: z and w have no bidder and are skipped (C-OFFER-16)


def test_offer_bounds_and_affordability() -> None:
    """C-OFFER-2, C-OFFER-10, C-OFFER-11, C-AMB-4, C-AMB-5, C-OFFER-15, C-INFO-5: at least 1, no maximum
    but what the player can pay after Priests; Priests lower the cost, not the bid."""
    g, s = at_offers(5)
    x = _up(s)[0]
    seat = g.actors(s)[0]
    assert rule_of(g, s, f"offer {x} 0") == "C-OFFER-2"
    assert rule_of(g, s, f"offer {x} 8") == "C-OFFER-11"
    assert f"offer {x} 7" in _offers(g, s)
    s.priests[seat] = 2
    assert f"offer {x} 9" in _offers(g, s) and f"offer {x} 10" not in _offers(g, s)
    play(g, s, f"offer {x} 9")
    other = g.actors(s)[0]
    assert rule_of(g, s, f"offer {x} 9") == "C-OFFER-4"  # compared on the bid, not the cost
    s.gold[other] = 20
    assert f"offer {x} 12" in _offers(g, s)  # bids above 10 are plain integers


def test_priests_payment_minimum_one() -> None:
    """C-OFFER-13, C-RECRUIT-5: payment is the bid less one per Priest, never below 1 GP."""
    g, s = at_offers(5)
    seat = g.actors(s)[0]
    s.priests[seat] = 5
    play(g, s, f"offer {_up(s)[0]} 3", *["apollo"] * 4)
    assert s.gold[seat] == 6


def test_turn_order_reverses_and_apollo() -> None:
    """C-ACTION-2, C-ACTION-6, C-ACTION-7, C-AMB-1, C-APOLLO-1, C-APOLLO-2, C-APOLLO-5, C-END-1: the first
    to finish takes the last space; the first Apollo player places a prosperity marker on an own island."""
    g, s = at_offers(5, seed=5)
    first = s.turn_order[0]
    seat = g.tables.marker_owner[first]
    play(g, s, f"offer {_up(s)[0]} 1", *["apollo"] * 4)
    assert g.actors(s) == (seat,) and Action("end") in g.legal_actions(s)
    assert rule_of(g, s, "prosper I1") == "C-ACTION-3"
    play(g, s, "end")
    assert s.next_order[-1] == first
    chooser = g.actors(s)[0]
    assert chooser == g.tables.marker_owner[s.apollo[0]]
    own = {g.tables.island_ids[i] for i, o in enumerate(s.owner) if o == chooser}
    assert {str(a.args[0]) for a in g.legal_actions(s)} == own
    foreign = next(g.tables.island_ids[i] for i, o in enumerate(s.owner) if o not in (chooser, -1))
    assert rule_of(g, s, f"prosper {foreign}") == "C-APOLLO-2"
    gold = list(s.gold)
    island = sorted(own)[0]
    play(g, s, f"prosper {island}")
    assert s.markers[g.tables.island_index[island]] == 1
    assert s.phase == OFFER and s.cycle == 2 and s.turn_order[-1] == first
    assert all(gold[p] < s.gold[p] for p in range(5))


def test_apollo_one_island_gains_four() -> None:
    """C-APOLLO-1, C-AMB-16: 4 GP with one island (or none), 1 GP with more."""
    g, s = at_offers(3)
    seat = g.actors(s)[0]
    island = next(i for i, o in enumerate(s.owner) if o == seat)
    s.owner[island] = -1
    s.troops[island] = 0
    gold = s.gold[seat]
    play(g, s, "apollo")
    cap = StepCap("s.phase == OFFER")
    while s.phase == OFFER and cap():
        play(g, s, "apollo")
    cap = StepCap("g.actors(s) and s.phase == ACTION")
    while g.actors(s) and s.phase == ACTION and cap():
        play(g, s, str(g.legal_actions(s)[0]))
    assert s.gold[seat] >= gold + 4


def test_two_players() -> None:
    """C-TWO-2, C-TWO-3, C-TWO-4, C-TWO-5, C-TWO-6, C-TWO-7, C-AMB-25, C-SETUP-6: four markers, two per
    player; a player may outbid himself; both offerings must be affordable together and are paid
    separately less Priests; not both on Apollo."""
    g, s = at_offers(2, seed=9)
    assert len(s.turn_order) == 4 and g.tables.marker_owner == (0, 0, 1, 1)
    x, y, _ = _up(s)
    seat = g.actors(s)[0]
    play(g, s, f"offer {x} 4")
    cap = StepCap("g.actors(s)[0] != seat")
    while g.actors(s)[0] != seat and cap():
        play(g, s, "apollo" if not s.apollo else f"offer {y} 1")
    assert rule_of(g, s, f"offer {_up(s)[2]} 4") in ("C-TWO-6", "C-OFFER-4")
    if s.bidder[GODS.index(x)] == s.turn_order[0] or g.tables.marker_owner[s.bidder[GODS.index(x)]] == seat:
        play(g, s, f"offer {x} 5")  # outbids his own marker (C-TWO-5)
        assert g.actors(s) == (seat,) and s.displaced != -1


def test_two_player_double_apollo_forbidden() -> None:
    """C-TWO-4, C-AMB-25: the second marker of a player on Apollo may not go to Apollo too."""
    g, s = at_offers(2, seed=1)
    seat = g.actors(s)[0]
    play(g, s, "apollo")
    cap = StepCap("g.actors(s)[0] != seat")
    while g.actors(s)[0] != seat and cap():
        play(g, s, f"offer {_up(s)[s.offer_index % 3]} {1 + s.bid[GODS.index(_up(s)[s.offer_index % 3])]}")
    assert rule_of(g, s, "apollo") == "C-TWO-4"


def test_end_of_cycle_victory() -> None:
    """C-END-2, C-END-3, C-END-4, C-END-5, C-END-6, C-TWO-9, C-CYCLE-3: the game ends only at the end
    of a cycle; 2 Metropolises (3 with 2 players) qualify; the richest qualifier wins, a full tie is
    shared."""
    g, s = at_offers(4)
    for seat in (0, 1):
        for island in [i for i, o in enumerate(s.owner) if o == seat]:
            s.metropolis[island] = 1
    s.gold[0], s.gold[1] = 10, 10
    play(g, s, "apollo", "apollo", "apollo", "apollo")
    assert s.phase == ACTION  # holding two Metropolises mid-cycle does not end the game
    finish_cycle(g, s)
    assert s.phase == OVER and s.outcome is not None and g.actors(s) == ()
    assert s.outcome.winner is None and s.outcome.scores[:2] == (2, 2)
    g2, s2 = at_offers(2)
    for island in [i for i, o in enumerate(s2.owner) if o == 0]:
        s2.metropolis[island] = 1
    finish_cycle(g2, s2)
    assert s2.phase != OVER  # two are not enough with 2 players
