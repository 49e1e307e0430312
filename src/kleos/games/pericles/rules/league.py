"""The League issue (P-LEAGUE), Argos (P-ARGOS-1) and Persian bases (P-PERSIA-2, P-PERSIA-5).

The owner chooses one option (P-LEAGUE-2) in a friendly-controlled or contested theater (P-LEAGUE-1);
Strategos come from its stock and an option it cannot pay is not offered (P-THEATER-16, P-THEATER-17).
Building units places as many as the pieces allow (P-COMP-1); the Argos option builds as many of the
four Argos units as are free ("up to 4": the engine does not ask for fewer).
"""

from __future__ import annotations

from kleos.core.action import Action
from kleos.games.pericles.rules.common import (
    CONTESTED,
    FRIENDLY,
    bases_in,
    count,
    gain,
    in_use,
    place,
    remove,
    spend,
    status,
)
from kleos.games.pericles.state import H_ISSUES, PericlesState, replaced
from kleos.games.pericles.tables import AB, AR, DB, DL, DN, PB, PERSIA, PL, PN, SB, XB, Tables

BUILD_COST, CONVERT_COST = 4, 2  # P-LEAGUE-3, P-LEAGUE-4
LEAGUE_BASE = (DB, PB)
CITY_BASE = (AB, SB)
LEAGUE_UNITS = ((DN, DL), (PN, PL))  # (naval, land) per side
SPARTA_THEATER = 5
ARGOS_UNITS = 4


def takes_effect(s: PericlesState, theater: int, side: int) -> bool:
    """Whether a League issue of ``side`` could do anything in ``theater`` as things stand, its costs and
    the pieces left aside: in a friendly-controlled or contested theater (P-LEAGUE-1), in Persia for
    Sparta only (P-PERSIA-2), in the Sparta theater for Athens with a Delian League base there (P-ARGOS-1).
    What the placement menu warns of: a League marker placed where it would be idle."""
    if theater == PERSIA:
        return side == 1
    if side == 0 and theater == SPARTA_THEATER and count(s, theater, DB):
        return True
    return status(s, theater, side) in (FRIENDLY, CONTESTED)


def legal(t: Tables, s: PericlesState, theater: int, owner: int) -> list[Action]:
    side = owner // 2
    out = [Action("decline")]
    if theater == PERSIA:  # P-PERSIA-2: only a Spartan League issue, only a Persian base
        if side == 1 and s.stock[owner] >= BUILD_COST and in_use(s, XB) < t.piece_limits[XB]:
            out.append(Action("league", ("persian",)))
        return out
    if side == 0 and theater == SPARTA_THEATER and count(s, theater, DB) and in_use(s, AR) < t.piece_limits[AR]:
        out.append(Action("league", ("argos",)))  # P-ARGOS-1, an extra use of the issue
    if status(s, theater, side) not in (FRIENDLY, CONTESTED):
        return out
    league_base = LEAGUE_BASE[side]
    if (s.stock[owner] >= BUILD_COST and bases_in(s, theater) < t.data.counters.max_bases_per_theater
            and in_use(s, league_base) < t.piece_limits[league_base]):
        out.append(Action("league", ("base",)))
    if (s.stock[owner] >= CONVERT_COST and count(s, theater, league_base)
            and in_use(s, CITY_BASE[side]) < t.piece_limits[CITY_BASE[side]]):
        out.append(Action("league", ("convert",)))
    bases = count(s, theater, league_base)
    out.extend(Action("league", ("units", naval)) for naval in range(bases + 1))
    out.extend(Action("league", ("treason", who)) for who in (0, 1) if s.treason[theater * 2 + who])
    return out


def apply(t: Tables, s: PericlesState, theater: int, owner: int, action: Action) -> None:
    if action.verb == "decline":
        return
    side = owner // 2
    option = action.args[0]
    if option == "persian":  # P-PERSIA-5
        spend(s, owner, BUILD_COST)
        place(t, s, PERSIA, XB, 1)
        gain(s, owner, 2, H_ISSUES)
    elif option == "argos":
        place(t, s, theater, AR, ARGOS_UNITS)
    elif option == "base":  # P-LEAGUE-3
        spend(s, owner, BUILD_COST)
        place(t, s, theater, LEAGUE_BASE[side], 1)
        gain(s, owner, 2, H_ISSUES)
        s.built = replaced(s.built, theater, 1)
    elif option == "convert":  # P-LEAGUE-4
        spend(s, owner, CONVERT_COST)
        remove(s, theater, LEAGUE_BASE[side])
        s.pieces[theater * 15 + CITY_BASE[side]] += 1
        gain(s, owner, 2, H_ISSUES)
        s.built = replaced(s.built, theater, 1)
    elif option == "units":  # P-LEAGUE-5, P-AMB-16
        naval_unit, land_unit = LEAGUE_UNITS[side]
        bases = count(s, theater, LEAGUE_BASE[side])
        naval = int(action.args[1])
        place(t, s, theater, naval_unit, naval)
        place(t, s, theater, land_unit, 2 * (bases - naval))
    else:  # P-LEAGUE-6
        s.treason[theater * 2 + int(action.args[1])] -= 1
