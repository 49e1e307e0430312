"""Edges of the offerings (C-OFFER-2/4/5/11, C-TWO-5/6, C-GODS-9): each refusal's rule and the value it
quotes, the least offering and the budget at exactly their values, an outbid marker's other gods, and
a player outbidding its own marker with the cost of that marker freed.

Rulebook: "cada jugador debe hacer 2 ofrendas a dos Dioses en lugar de a un único Dios (puedes superarte en
la puja a ti mismo)" (C-TWO-4/5); "El jugador que hizo la ofrenda previa tendrá que retirar su marcador, e
inmediatamente pujar por el favor de otro Dios DISTINTO" (C-OFFER-5).
"""

from __future__ import annotations

from cyc_helpers import at_offers

from kleos.core.action import Action
from kleos.games.cyclades.game import CycladesGame
from kleos.games.cyclades.rules import offer
from kleos.games.cyclades.state import CycladesState
from kleos.games.cyclades.tables import GODS


def _up(s: CycladesState) -> list[str]:
    return [GODS[god] for pos, god in enumerate(s.gods) if s.gods_up[pos]]


def _refusal(g: CycladesGame, s: CycladesState, seat: int, text: str) -> tuple[str, str] | None:
    refused = offer.check(g.tables, s, seat, Action.parse(text))
    return None if refused is None else (refused.rule, refused.message)


def test_an_outbid_marker_goes_to_any_other_god_but_not_back() -> None:
    """C-OFFER-5: "its owner must place it again straight away on a god other than the one where it was
    just outbid": refused there, naming the god; accepted on another at the least offering (C-OFFER-2,
    exactly 1 GP), which a first placement may also make."""
    g, s = at_offers(5)
    x, y = _up(s)[:2]
    seat = g.tables.marker_owner[s.turn_order[0]]
    assert _refusal(g, s, seat, f"offer {y} 1") is None
    s.displaced, s.displaced_from = s.turn_order[1], GODS.index(x)
    seat = g.tables.marker_owner[s.displaced]
    assert _refusal(g, s, seat, f"offer {x} 3") == (
        "C-OFFER-5", f"an outbid offering must go to a god other than {x.capitalize()}")
    assert _refusal(g, s, seat, f"offer {y} 1") is None
    assert _refusal(g, s, seat, f"offer {y} 0") == ("C-OFFER-2", "an offering to a main god is at least 1 GP")


def test_each_refusal_quotes_its_value() -> None:
    """C-OFFER-2 (a main god or Apollo), C-OFFER-4 (strictly higher than the bid there, quoted),
    C-OFFER-11 (the cost in all and the gold held, quoted), C-GODS-9 (the face-down god named)."""
    g, s = at_offers(3)
    x = _up(s)[0]
    down = next(GODS[god] for pos, god in enumerate(s.gods) if not s.gods_up[pos])
    seat = g.tables.marker_owner[s.turn_order[0]]
    assert _refusal(g, s, seat, "offer hades 2") == (
        "C-OFFER-2", "'hades' is not a main god (poseidon, ares, zeus, athena) nor Apollo")
    assert _refusal(g, s, seat, f"offer {down} 2") == ("C-GODS-9", f"{down.capitalize()} is face down this cycle")
    s.bidder[GODS.index(x)], s.bid[GODS.index(x)] = s.turn_order[1], 3
    assert _refusal(g, s, seat, f"offer {x} 3") == ("C-OFFER-4", f"{x.capitalize()} holds 3 GP: a new offering "
                                                                 "must be higher")
    assert _refusal(g, s, seat, f"offer {x} 4") is None
    s.gold[seat] = 4
    assert _refusal(g, s, seat, f"offer {x} 5") == ("C-OFFER-11", "that would cost 5 GP in all, and you have 4")


def test_two_players_outbid_their_own_marker_with_its_cost_freed() -> None:
    """C-TWO-5 ("A player may outbid their own other marker"), C-TWO-6 ("The combined net cost of a
    player's two offerings must never be more than their GP"): with 5 GP and its first marker on a god
    at 4, the second may outbid it at 5 (the 4 is freed), may go to another god at 1 (5 in all), not at 2,
    refused quoting the 6 GP in all."""
    g, s = at_offers(2, seed=9)
    t = g.tables
    x, y = _up(s)[:2]
    first, second = (m for m in range(4) if t.marker_owner[m] == 0)
    s.turn_order = [first, second, *(m for m in range(4) if t.marker_owner[m] == 1)]
    s.offer_index = 1
    s.bidder[GODS.index(x)], s.bid[GODS.index(x)] = first, 4
    s.gold[0], s.priests[0] = 5, 0
    assert _refusal(g, s, 0, f"offer {x} 5") is None
    assert _refusal(g, s, 0, f"offer {y} 1") is None
    assert _refusal(g, s, 0, f"offer {y} 2") == ("C-TWO-6", "that would cost 6 GP in all, and you have 5")
    offered = {str(a) for a in offer.legal(t, s, 0)}
    assert {f"offer {x} 5", f"offer {y} 1"} <= offered and f"offer {y} 2" not in offered


def test_the_two_halves_of_the_double_apollo_refusal() -> None:
    """C-TWO-4 ("Apollo counts as a god, so a player cannot have both markers on Apollo"), C-OFFER-5
    ("Apollo is always a legal choice"): the second marker of a player whose first is on Apollo is
    refused Apollo while a god is open to it, and allowed it when none is (no gold); a player with no
    marker on Apollo may always go there."""
    g, s = at_offers(2, seed=9)
    t = g.tables
    first, second = (m for m in range(4) if t.marker_owner[m] == 0)
    s.turn_order = [first, second, *(m for m in range(4) if t.marker_owner[m] == 1)]
    s.offer_index = 1
    assert _refusal(g, s, 0, "apollo") is None
    s.apollo = [first]
    assert _refusal(g, s, 0, "apollo") == (
        "C-TWO-4", "your two offerings must go to two different gods (Apollo counts as one)")
    assert "apollo" not in {str(a) for a in offer.legal(t, s, 0)}
    s.gold[0], s.priests[0] = 0, 0
    assert _refusal(g, s, 0, "apollo") is None and [str(a) for a in offer.legal(t, s, 0)] == ["apollo"]


def test_what_is_not_an_offering_is_refused_as_such() -> None:
    """The two forms of a placement, ``offer <god> <amount>`` and ``apollo`` alone (C-OFFER-2): anything
    else is refused, the action quoted."""
    g, s = at_offers(5)
    seat = g.tables.marker_owner[s.turn_order[0]]
    usage = "is not an offering: use 'offer <god> <amount>' or 'apollo'"
    for text in ("offer", "apollo 3", "bid zeus 3"):
        assert _refusal(g, s, seat, text) == ("PROTOCOL", f"'{text}' {usage}")


def test_the_amounts_offered_stop_at_what_the_player_can_pay() -> None:
    """C-OFFER-11 with C-OFFER-13 (net cost: the bid less one per Priest, at least 1 GP): with 1 GP and
    2 Priests the offerings 1 to 3 are listed; with 0 GP none, whatever the Priests — only Apollo."""
    g, s = at_offers(5)
    x = _up(s)[0]
    seat = g.tables.marker_owner[s.turn_order[0]]
    s.gold[seat], s.priests[seat] = 1, 2
    amounts = sorted(int(a.args[1]) for a in offer.legal(g.tables, s, seat) if a.args and a.args[0] == x)
    assert amounts == [1, 2, 3]
    s.gold[seat] = 0
    assert [str(a) for a in offer.legal(g.tables, s, seat)] == ["apollo"]


def test_the_offering_phase_starts_with_no_bid_and_nothing_outbid() -> None:
    """C-OFFER-1: the phase begins with every god free (no marker, no amount) and no outbid marker
    waiting (C-OFFER-5): the state a saved game and the observation encoding read."""
    _, s = at_offers(5)
    assert s.bid == [0] * 4 and s.displaced == s.displaced_from == -1 and s.apollo == []
