"""Index tables compiled once per set of options from the validated data.

The rules work on small integers (faction, side, theater, piece, card, issue indices) so that states
are flat lists that copy fast; this module is the only place that maps names to indices.

Seats are the four factions in the order of P-DEF-1: 0 Aristocrats, 1 Demagogues (Athens), 2 Eurypontid
King, 3 Agiad King (Sparta). A faction's side is ``seat // 2`` and its compatriot ``seat ^ 1`` (P-DEF-2).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from kleos.core.frozen import reduce_frozen
from kleos.games.pericles.datamodel import Attribute, Leader, PericlesData, Scenario
from kleos.games.pericles.options import PericlesOptions  # a compiled dataclass reads its fields' types

FACTIONS = ("AF", "DF", "EK", "AK")
SIDES = ("athens", "sparta")
ATHENS, SPARTA = 0, 1
PIECES = ("Ab", "An", "Al", "Db", "Dn", "Dl", "Sb", "Sn", "Sl", "S300", "Pb", "Pn", "Pl", "Ar", "Xb")
N_PIECES = len(PIECES)
(AB, AN, AL, DB, DN, DL, SB, SN, SL, S300, PB, PN, PL, AR, XB) = range(N_PIECES)
BASES = (AB, DB, SB, PB)
SIDE_BASES = ((AB, DB), (SB, PB))
SIDE_LAND = ((AL, DL, AR), (SL, S300, PL))
SIDE_NAVAL = ((AN, DN), (SN, PN))
N_THEATERS = 21  # 20 map theaters and Persia (index 20)
PERSIA = 20
EAST_MED = 19
MARKER_KINDS = ("MIL", "LEA", "DIP", "ORA", "RUM")
MIL, LEA, DIP, ORA, RUM = range(5)
ISSUES_PER_SIDE = 18


@dataclass(frozen=True)
class Tables:
    """Everything the rules need for one set of options, as indices."""

    data: PericlesData
    options: PericlesOptions
    scenario: Scenario
    seat_names: tuple[str, ...]
    theater_keys: tuple[str, ...]
    theater_index: Mapping[str, int]
    naval_border: tuple[bool, ...]
    in_play: tuple[bool, ...]
    links: tuple[tuple[int, int, str, tuple[int, ...]], ...]
    exits: Mapping[tuple[int, int], tuple[str, str]]  # (from, to) -> (land test, naval test) leaving ``from``
    exits_from: tuple[tuple[int, ...], ...]  # [from] the theaters ``exits`` leads to, in its order
    card_ids: tuple[str, ...]
    card_index: Mapping[str, int]
    card_side: tuple[int, ...]
    card_value: tuple[int, ...]
    card_attrs: tuple[tuple[tuple[Attribute, ...], ...], ...]  # [card][faction within side]
    leader_of: tuple[int, ...]  # card index of each faction's Leader
    leader_council: tuple[tuple[int, int], ...]  # (Pre-Plague, Post-Plague) Strategos per faction
    side_cards: tuple[tuple[int, ...], ...]  # non-Leader cards of each side
    issue_kinds: tuple[tuple[str, ...], ...]  # [side][issue index] debate issue code
    arist_names: tuple[str, ...]
    council_size: int
    piece_limits: tuple[int, ...]
    treason_limit: int

    def __reduce__(self) -> tuple[Any, ...]:
        """Copies and pickles rebuild the tables through the constructor (see :mod:`kleos.core.frozen`)."""
        return reduce_frozen(self)

    @property
    def n_cards(self) -> int:
        return len(self.card_ids)


def compile_tables(data: PericlesData, options: PericlesOptions) -> Tables:
    scenario = data.scenario(options.scenario)
    ths = sorted(data.theaters.theaters, key=lambda t: t.number)
    keys = tuple(t.key for t in ths)
    naval = [t.border == "naval" for t in ths]
    naval[6] = options.athens_border == "naval"  # P-AMB-36: Athens' border is an option
    links = tuple((c.a - 1, c.b - 1, c.kind, tuple(e - 1 for e in c.base_end)) for c in data.connections.connections)
    tests: dict[str, tuple[str, str]] = {k.id: (k.land_exit, k.naval_exit) for k in data.connection_kinds.kinds}
    exits: dict[tuple[int, int], tuple[str, str]] = {}
    for a, b, kind, base_end in links:
        for frm, to in ((a, b), (b, a)):
            land_test, naval_test = tests[kind]
            if frm not in base_end and options.base_condition_ends == "per_link":
                land_test, naval_test = land_test.replace("+Base", ""), naval_test.replace("+Base", "")
            if kind == "crossing_base" and options.crossing_base_land_test == "land":
                land_test = "L"  # P-AMB-22, the other reading
            exits[(frm, to)] = (land_test, naval_test)
    ids: list[str] = []
    side: list[int] = []
    value: list[int] = []
    attrs: list[tuple[tuple[Attribute, ...], ...]] = []
    side_cards: list[tuple[int, ...]] = []
    for s, deck in enumerate((data.cards_athens, data.cards_sparta)):
        start = len(ids)
        for card in deck.cards:
            ids.append(card.id)
            side.append(s)
            value.append(card.value)
            attrs.append(tuple(tuple(h) for h in card.halves))
        side_cards.append(tuple(range(start, len(ids))))
    by_faction: dict[str, Leader] = {leader.faction: leader for leader in data.leaders.leaders}
    leader_of: list[int] = []
    council: list[tuple[int, int]] = []
    for f, code in enumerate(FACTIONS):
        leader = by_faction[code]
        leader_of.append(len(ids))
        ids.append(f"L{code}")
        side.append(f // 2)
        value.append(leader.value)
        both = tuple(leader.attributes)
        attrs.append((both, both))
        council.append((leader.council_pre, leader.council_post))
    iss = data.issues
    kinds: list[tuple[str, ...]] = []
    for side_key in SIDES:
        row: list[str] = []
        for kind, n in iss.debate_common.items():
            row.extend([kind] * n)
        row.extend(iss.debate_side[side_key])
        kinds.append(tuple(row))
    names: dict[str, str] = {f.code: f.name for f in iss.factions}
    return Tables(
        data=data, options=options, scenario=scenario,
        seat_names=tuple(names[c] for c in FACTIONS),
        theater_keys=keys, theater_index={k: i for i, k in enumerate(keys)},
        naval_border=tuple(naval), in_play=tuple(n + 1 in scenario.theaters_in_play for n in range(N_THEATERS)),
        links=links, exits=exits, exits_from=exits_by_origin(exits, len(keys)),
        card_ids=tuple(ids), card_index={c: i for i, c in enumerate(ids)},
        card_side=tuple(side), card_value=tuple(value), card_attrs=tuple(attrs),
        leader_of=tuple(leader_of), leader_council=tuple(council), side_cards=tuple(side_cards),
        issue_kinds=tuple(kinds), arist_names=tuple(f"{c.play}{c.letter}" for c in data.aristophanes.cards),
        council_size=data.counters.council_size,
        piece_limits=tuple(data.counters.pieces[p] for p in PIECES),
        treason_limit=data.counters.treason_per_side,
    )


def exits_by_origin(exits: Mapping[tuple[int, int], tuple[str, str]], theaters: int) -> tuple[tuple[int, ...], ...]:
    """Per theater, where its exits lead: the movement menus look up a theater's ways out, not scan all."""
    return tuple(tuple(to for frm, to in exits if frm == th) for th in range(theaters))


def side_of(seat: int) -> int:
    return seat // 2


def factions_of(side: int) -> tuple[int, int]:
    return (2 * side, 2 * side + 1)
