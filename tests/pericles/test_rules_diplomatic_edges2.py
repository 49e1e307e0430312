"""The Diplomatic issue (``rules.diplomatic``) at the edges ``test_rules_diplomatic_edges.py`` leaves open:
each faction in a friendly theater, the converting side's own treason markers, a conversion with no
friendly League base left in the pool, and the refused secret commitment.

Rulebook 8.51: "convierte una Base de Liga Enemiga en una Base Amiga y elimina *todos* los marcadores de
Traición amigos del Teatro" (P-DIPLO-2); "La Facción propietaria asigna en secreto hasta cinco fichas de
Strategos [...] y la Facción Dominante del otro Bando asigna en secreto hasta cuatro" (P-DIPLO-7).
"""

from __future__ import annotations

import pytest
from per_helpers import AF, AK, DF, EK, bare, play, rule_of

from kleos.core.action import Action
from kleos.core.errors import IllegalAction
from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.rules import diplomatic, flow
from kleos.games.pericles.rules.common import count
from kleos.games.pericles.state import PericlesState
from kleos.games.pericles.tables import DB, FACTIONS, MARKER_KINDS, N_PIECES, PB, PIECES

# each faction, a League base that makes Chios friendly to its side
FRIENDLY_BASE = [(AF, "Db"), (DF, "Db"), (EK, "Pb"), (AK, "Pb")]
# the Dominant of each side (bare() keeps the scenario's), its own League base and the enemy's
CONVERTERS = [(AF, DB, PB), (EK, PB, DB)]


def _set(g: PericlesGame, s: PericlesState, theater: str, piece: int, n: int) -> None:
    s.pieces[g.tables.theater_index[theater] * N_PIECES + piece] = n


@pytest.mark.parametrize(("owner", "code"), FRIENDLY_BASE)
def test_every_faction_removes_markers_in_a_theater_friendly_to_its_side(owner: int, code: str) -> None:
    """P-DIPLO-6: "In a friendly-controlled theater, the owner commits 0-3 Strategos and removes that
    many treason markers (friendly or enemy, its choice)": for each faction of both sides the commitments
    offered name the markers removed, never the bare count of a contested theater."""
    g, s = bare()
    th = g.tables.theater_index["Chios"]
    _set(g, s, "Chios", PIECES.index(code), 1)
    s.treason[th * 2], s.treason[th * 2 + 1] = 1, 1
    s.stock[owner] = 1
    assert diplomatic.legal(g.tables, s, th, owner) == [
        Action("commit", (0, 0, 0)), Action("commit", (1, 0, 1)), Action("commit", (1, 1, 0))]


@pytest.mark.parametrize(("owner", "own_base", "enemy_base"), CONVERTERS)
def test_a_conversion_removes_the_converting_sides_markers_there_only(owner: int, own_base: int,
                                                                      enemy_base: int) -> None:
    """P-DIPLO-2 / P-TREASON-5: "All of the owner's side's treason markers in that theater are then
    removed" — those there (one, which with 2 tokens beats the enemy base's 2), not the side's markers in
    the theater before it, nor the other side's."""
    g, s = bare()
    t = g.tables
    chios, lesbos = t.theater_index["Chios"], t.theater_index["Lesbos"]
    side = owner // 2
    _set(g, s, "Chios", enemy_base, 1)
    s.treason[chios * 2 + side] = 1
    s.treason[chios * 2 + 1 - side] = 2
    s.treason[lesbos * 2 + side] = s.treason[lesbos * 2 + 1 - side] = 1
    s.stock[owner] = 3
    diplomatic.apply_open(t, s, chios, owner, Action("commit", (2,)))
    assert (count(s, chios, own_base), count(s, chios, enemy_base)) == (1, 0)
    assert s.treason[chios * 2 + side] == 0 and s.treason[chios * 2 + 1 - side] == 2
    assert s.treason[lesbos * 2: lesbos * 2 + 2] == [1, 1]


@pytest.mark.parametrize(("owner", "own_base", "enemy_base"), CONVERTERS)
def test_a_conversion_without_a_friendly_league_base_left_keeps_the_enemy_base(owner: int, own_base: int,
                                                                               enemy_base: int) -> None:
    """P-DIPLO-2 with the pool empty (P-COMP-1): the test passes (3 tokens and 2 markers against two
    League bases, 4) but no friendly League base is left to place, so both enemy bases stay where they
    were and the tokens become treason markers (P-DIPLO-4), with no Honor for a conversion."""
    g, s = bare()
    t = g.tables
    chios = t.theater_index["Chios"]
    side = owner // 2
    _set(g, s, "Chios", enemy_base, 2)
    _set(g, s, "Athens" if side == 0 else "Sparta", own_base, t.piece_limits[own_base])
    s.treason[chios * 2 + side] = 2
    s.stock[owner] = 3
    diplomatic.apply_open(t, s, chios, owner, Action("commit", (3,)))
    assert (count(s, chios, enemy_base), count(s, chios, own_base)) == (2, 0)
    assert sum(s.pieces[chios * N_PIECES: (chios + 1) * N_PIECES]) == 2
    assert s.treason[chios * 2 + side] == 5 and s.honor == [10] * 4


def _neutral_issue(owner: int) -> tuple[PericlesGame, PericlesState]:
    """``owner``'s Diplomatic marker revealed in Cyclades, a neutral theater, at the secret commitments."""
    g, s = bare()
    s.phase, s.order, s.cursor = "theater", [AF, EK, DF, AK], 0
    s.held = [0] * len(s.held)
    s.held[(owner * 4 + owner) * len(MARKER_KINDS) + MARKER_KINDS.index("DIP")] = 1
    s.step = "place_next"
    flow.advance(g.tables, s)
    play(g, s, f"place {FACTIONS[owner]} DIP Cyclades", "reveal Cyclades", "resolve")
    assert s.step == "dip_secret"
    return g, s


@pytest.mark.parametrize("owner", [AF, EK])
def test_a_secret_commitment_past_the_cap_is_refused_under_p_diplo_7(owner: int) -> None:
    """P-DIPLO-7: "the owner secretly commits 0-5 Strategos and the other side's Dominant faction
    secretly commits 0-4" — 6 from the owner is refused with that rule and says what may be committed."""
    g, s = _neutral_issue(owner)
    s.stock[owner] = 9
    assert rule_of(g, s, "secret 6", owner) == "P-DIPLO-7"
    with pytest.raises(IllegalAction, match="secret <n>"):
        g.apply_in_place(s, Action("secret", (6,)), owner)
