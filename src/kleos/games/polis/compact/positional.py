"""The positional fields of the compact position: each side's player block, the board, the poleis."""

from __future__ import annotations

from kleos.games.polis.compact.grammar import (
    SIDE_LETTERS,
    CompactError,
    check_int,
    expect_len,
    lookup,
    name_of,
    named_items,
    read_int,
    read_ints,
    read_seat,
    read_units,
    units_text,
    write_ints,
    write_seat,
)
from kleos.games.polis.state import PolisState
from kleos.games.polis.tables import GOODS, N_GOODS, NO_ONE, Tables


def player_text(t: Tables, s: PolisState, side: int) -> str:
    field = f"{SIDE_LETTERS[side]} player"
    goods = write_ints(s.goods[side * N_GOODS:(side + 1) * N_GOODS], field)
    prox = s.proxenos[side]
    where = "-" if prox == NO_ONE else name_of(t.polis_ids, prox, field, "polis")
    parts = [f"{check_int(s.prestige[side], field)}p", goods, f"{check_int(s.supply_cubes[side], field)}c",
             f"{check_int(s.supply_discs[side], field)}d",
             f"{check_int(s.merchants_supply[side], field)}+{check_int(s.merchants_port[side], field)}m",
             f"@{where}"]
    if not isinstance(s.passed[side], bool):
        raise CompactError(field, f"passed must be true or false, found {s.passed[side]!r}")
    if s.passed[side]:
        parts.append("passed")
    return f"{SIDE_LETTERS[side]}:" + ",".join(parts)


def read_player(t: Tables, s: PolisState, side: int, text: str) -> None:
    letter = SIDE_LETTERS[side]
    field = f"{letter} player"
    if not text.startswith(f"{letter}:"):
        raise CompactError(field, f"expected {letter}:<prestige>p,<goods>,<cubes>c,<discs>d,<supply>+<port>m,"
                                  f"@<proxenos>, got {text!r}")
    parts = text[2:].split(",")
    passed = parts[-1] == "passed"
    if passed:
        parts.pop()
    if len(parts) != 6:
        raise CompactError(field, f"expected 6 comma-separated items (prestige, goods, cubes, discs, merchants, "
                                  f"proxenos) and an optional 'passed', got {text!r}")
    prestige, goods, cubes, discs, merchants, prox = parts

    def number(item: str, suffix: str, what: str) -> int:
        if not item.endswith(suffix):
            raise CompactError(f"{field}: {what}", f"expected <n>{suffix}, got {item!r}")
        return read_int(item[:-1], f"{field}: {what}")

    s.prestige[side] = number(prestige, "p", "prestige")
    s.goods[side * N_GOODS:(side + 1) * N_GOODS] = read_ints(goods, f"{field}: goods ({'.'.join(GOODS)})", N_GOODS)
    s.supply_cubes[side] = number(cubes, "c", "cubes")
    s.supply_discs[side] = number(discs, "d", "discs")
    supply, plus, port = merchants.removesuffix("m").partition("+")
    if not merchants.endswith("m") or not plus:
        raise CompactError(f"{field}: merchants", f"expected <supply>+<port>m, got {merchants!r}")
    s.merchants_supply[side] = read_int(supply, f"{field}: merchants")
    s.merchants_port[side] = read_int(port, f"{field}: merchants")
    if not prox.startswith("@"):
        raise CompactError(f"{field}: proxenos", f"expected @<polis> or @- (captive), got {prox!r}")
    s.proxenos[side] = NO_ONE if prox == "@-" else lookup(t.polis_index, prox[1:], f"{field}: proxenos", "polis")
    s.passed[side] = passed


def board_text(t: Tables, s: PolisState) -> str:
    expect_len(s.units, t.n_regions * 2, "board")
    parts = []
    for r in range(t.n_regions):
        units = units_text(s.units[r * 2], s.units[r * 2 + 1], "board")
        if units:
            parts.append(f"{name_of(t.region_ids, r, 'board', 'region')}:{units}")
    return ",".join(parts) or "-"


def read_board(t: Tables, s: PolisState, text: str) -> None:
    for r, units, _item in named_items(text, "board", t.region_index, "region"):
        s.units[r * 2], s.units[r * 2 + 1] = read_units(units, "board")


def poleis_text(t: Tables, s: PolisState) -> str:
    n = len(t.polis_ids)
    expect_len(s.owner, n, "poleis")
    expect_len(s.pop, n, "poleis")
    parts = []
    for p in range(n):
        owner, pop = s.owner[p], check_int(s.pop[p], "poleis")
        if owner == NO_ONE and pop == 0:
            continue
        parts.append(f"{name_of(t.polis_ids, p, 'poleis', 'polis')}:{write_seat(owner, 'poleis')}{pop}")
    return ",".join(parts) or "-"


def read_poleis(t: Tables, s: PolisState, text: str) -> None:
    for p, value, item in named_items(text, "poleis", t.polis_index, "polis"):
        s.owner[p] = read_seat(value[:1], "poleis")
        s.pop[p] = read_int(value[1:], "poleis", f"the cubes after the owner in {item!r}")
