"""The edges of Persian gold (``rules.gold``) that ``test_per_battle.py`` leaves open: each cap reached
exactly, the pools, two land units per base and ``gold done`` (P-GOLD-1, P-GOLD-2)."""

from __future__ import annotations

from per_helpers import EK, bare, give, military_issue, play, put

from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.rules.common import count, in_use
from kleos.games.pericles.state import PericlesState
from kleos.games.pericles.tables import PL, PN, SN


def _gold(bases: int, empty: tuple[int, ...] = (), **where: dict[str, int]) -> tuple[PericlesGame, PericlesState]:
    """EK, Spartan Commander, has just built at home with ``bases`` Persian bases in Persia (and the
    pools of the ``empty`` pieces emptied into Athens)."""
    g, s = bare()
    put(g, s, "Sparta", Sb=1)  # a build at home needs it (P-MIL-3)
    put(g, s, "Persia", Xb=bases)
    for theater, pieces in where.items():
        put(g, s, theater, **pieces)
    for piece in empty:
        s.pieces[g.tables.theater_index["Athens"] * 15 + piece] += g.tables.piece_limits[piece] - in_use(s, piece)
    give(s, EK, 2)
    military_issue(g, s, EK, "Sparta")
    play(g, s, "build 0")
    assert s.step == "gold" and s.actor == EK
    return g, s


def _offers(g: PericlesGame, s: PericlesState) -> list[str]:
    return [str(a) for a in g.legal_actions(s)]


def test_three_spartan_ships_at_most() -> None:
    """P-GOLD-2: "up to 3 Spartan naval units in the Sparta theater if a Spartan base is there" — with 4
    Persian bases, the fourth finds Sparta closed after exactly 3 ships."""
    g, s = _gold(4)
    sparta = g.tables.theater_index["Sparta"]
    before = count(s, sparta, SN)
    play(g, s, "gold Sparta naval", "gold Sparta naval")
    assert count(s, sparta, SN) == before + 2 and "gold Sparta naval" in _offers(g, s)
    play(g, s, "gold Sparta naval")
    assert count(s, sparta, SN) == before + 3
    assert s.step != "gold" or "gold Sparta naval" not in _offers(g, s)


def test_three_peloponnesian_ships_at_most() -> None:
    """P-GOLD-2: "up to 3 Peloponnesian League naval units in any Aegean theater" — in all: with 4
    Persian bases, exactly 3."""
    g, s = _gold(4, Lesbos={"Pb": 1})
    lesbos = g.tables.theater_index["Lesbos"]
    play(g, s, "gold Lesbos naval", "gold Lesbos naval", "gold Lesbos naval")
    assert count(s, lesbos, PN) == 3 and "gold Lesbos naval" not in _offers(g, s)


def test_two_land_units_per_base_in_ionia() -> None:
    """P-GOLD-1: "1 naval unit or 2 land units per Persian base" — one base, two land units."""
    g, s = _gold(2, Ionia={"Pb": 1})
    play(g, s, "gold Ionia land")
    assert count(s, g.tables.theater_index["Ionia"], PL) == 2


def test_an_empty_pool_closes_each_destination() -> None:
    """P-GOLD-2 "as far as pieces allow" (P-COMP-1): with no Spartan ship, Peloponnesian land unit or
    Peloponnesian ship left in the pool, only ``gold done`` is offered."""
    g, s = _gold(2, (SN, PL, PN), Ionia={"Pb": 1}, Lesbos={"Pb": 1})
    assert s.step == "gold" and _offers(g, s) == ["gold done"]


def test_gold_done_ends_the_step() -> None:
    """P-GOLD-1: the Commander "may" build with the gold: ``gold done`` leaves the rest unspent and the
    step ends."""
    g, s = _gold(3)
    play(g, s, "gold done")
    assert s.step != "gold"
