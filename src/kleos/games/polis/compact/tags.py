"""The tags of the compact position (``field=value``): one codec per :class:`PolisState` field that
is not positional, each with its default, in the order they are written (:data:`TAGS`)."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from kleos.core.protocol import Outcome
from kleos.core.rng import Rng
from kleos.games.polis.compact.grammar import (
    NAME,
    CompactError,
    check_int,
    expect_len,
    lookup,
    name_of,
    named_items,
    names_text,
    once,
    pair,
    read_int,
    read_ints,
    read_items,
    read_names,
    read_seat,
    read_side,
    read_units,
    token,
    units_text,
    write_ints,
    write_seat,
    write_side,
)
from kleos.games.polis.compact.pending import (
    read_battle,
    read_eor_pending,
    read_event_pending,
    read_pending,
    write_battle,
    write_eor_pending,
    write_event_pending,
    write_pending,
)
from kleos.games.polis.state import CHANCE_KINDS
from kleos.games.polis.tables import GOOD_INDEX, GOODS, N_GOODS, NO_ONE, Tables

AFTER_BATTLES = ("turn", "end_of_round")
_FLAG_KEY = re.compile(r"^[A-Za-z0-9_:/'.-]+$")
_SLOT = re.compile(r"^(.*?)([0-9]+)$")

Writer = Callable[[Tables, Any], str]
Reader = Callable[[Tables, str], Any]
Default = Callable[[Tables], Any]
Codec = tuple[Writer, Reader]


def _opt_choice(choices: Sequence[str], field: str) -> Codec:
    def write(t: Tables, value: Any) -> str:
        if value not in choices:
            raise CompactError(field, f"unknown value {value!r} (one of {', '.join(choices)})")
        return str(value)

    def read(t: Tables, text: str) -> Any:
        if text not in choices:
            raise CompactError(field, f"unknown value {text!r} (one of {', '.join(choices)})")
        return text

    return write, read


def _w_event(t: Tables, value: Any) -> str:
    if value not in t.event_index:
        raise CompactError("event", f"unknown event {value!r}")
    return token(value, "event", "the event")


def _r_event(t: Tables, text: str) -> str:
    if text not in t.event_index:
        raise CompactError("event", f"unknown event {text!r}")
    return text


def _w_flags(t: Tables, value: Any) -> str:
    parts = []
    seen: set[object] = set()
    for item in value:
        if not isinstance(item, tuple) or len(item) != 2:
            raise CompactError("event_flags", f"expected (name, number) pairs, found {item!r}")
        key, n = item
        if not isinstance(key, str) or not _FLAG_KEY.match(key):
            raise CompactError("event_flags", f"flag name {key!r} cannot be written in the compact form")
        once(seen, key, "event_flags", key)
        parts.append(f"{key}:{check_int(n, 'event_flags')}")
    return ",".join(parts) or "-"


def _r_flags(t: Tables, text: str) -> list[tuple[str, int]]:
    flags = []
    seen: set[object] = set()
    for item in read_items(text, "event_flags"):
        key, sep, n = item.rpartition(":")
        if not sep or not key or not _FLAG_KEY.match(key):
            raise CompactError("event_flags", f"expected name:number, got {item!r}")
        once(seen, key, "event_flags", key)
        flags.append((key, read_int(n, "event_flags")))
    return flags


def _w_verbs(t: Tables, value: Any) -> str:
    """Verbs in order, a run of the same verb as ``verb*n``."""
    runs: list[list[Any]] = []
    for verb in value:
        token(verb, "turn_actions", "the verb")
        if runs and runs[-1][0] == verb:
            runs[-1][1] += 1
        else:
            runs.append([verb, 1])
    return ",".join(v if n == 1 else f"{v}*{n}" for v, n in runs) or "-"


def _r_verbs(t: Tables, text: str) -> tuple[str, ...]:
    verbs: list[str] = []
    for item in read_items(text, "turn_actions"):
        verb, star, n = item.partition("*")
        count = read_int(n, "turn_actions", "a count after '*'") if star else 1
        if count < 1:
            raise CompactError("turn_actions", f"a count after '*' must be at least 1, got {item!r}")
        verbs.extend([token(verb, "turn_actions", "the verb")] * count)
    return tuple(verbs)


def _w_created(t: Tables, value: Any) -> str:
    parts = []
    for item in value:
        if not isinstance(item, tuple) or len(item) != 2:
            raise CompactError("turn_create_polis", f"expected (verb, polis) pairs, found {item!r}")
        verb = token(item[0], "turn_create_polis", "the verb")
        parts.append(f"{verb}:{name_of(t.polis_ids, item[1], 'turn_create_polis', 'polis')}")
    return ",".join(parts) or "-"


def _r_created(t: Tables, text: str) -> tuple[tuple[str, int], ...]:
    out = []
    for item in read_items(text, "turn_create_polis"):
        verb, name = pair(item, "turn_create_polis")
        out.append((token(verb, "turn_create_polis", "the verb"),
                    lookup(t.polis_index, name, "turn_create_polis", "polis")))
    return tuple(out)


def _names_tag(names: Callable[[Tables], Sequence[str]], index: Callable[[Tables], dict[str, int]], field: str,
               what: str, make: Callable[[list[int]], Any]) -> Codec:
    def write(t: Tables, value: Any) -> str:
        return names_text(value, names(t), field, what)

    def read(t: Tables, text: str) -> Any:
        return make(read_names(text, index(t), field, what))

    return write, read


def _seat_tag(field: str) -> Codec:
    return (lambda t, v: write_seat(v, field)), (lambda t, x: read_seat(x, field))


def _int_tag(field: str) -> Codec:
    return (lambda t, v: str(check_int(v, field))), (lambda t, x: read_int(x, field))


def _w_market_pos(t: Tables, value: Any) -> str:
    expect_len(value, N_GOODS, "market_pos")
    return ",".join(f"{GOODS[g]}:{check_int(n, 'market_pos')}" for g, n in enumerate(value)
                    if n != t.market_start[g]) or "-"


def _r_market_pos(t: Tables, text: str) -> list[int]:
    pos = list(t.market_start)
    for g, n, _item in named_items(text, "market_pos", GOOD_INDEX, "good"):
        pos[g] = read_int(n, "market_pos")
    return pos


def _slot_name(t: Tables, slot: int) -> str:
    info = t.slots[slot]
    market = name_of(t.market_ids, info.market, "slot_merchant", "market")
    return f"{market}{t.market_slots[info.market].index(slot) + 1}"


def _w_slots(t: Tables, value: Any) -> str:
    expect_len(value, len(t.slots), "slot_merchant")
    return ",".join(f"{_slot_name(t, i)}:{write_side(v, 'slot_merchant')}"
                    for i, v in enumerate(value) if v != NO_ONE) or "-"


def _r_slots(t: Tables, text: str) -> list[int]:
    field = "slot_merchant"
    out = [NO_ONE] * len(t.slots)
    seen: set[object] = set()
    for item in read_items(text, field):
        name, side = pair(item, field)
        m = _SLOT.match(name)
        market = lookup(t.market_index, m.group(1) if m else name, field, "market")
        number = int(m.group(2)) if m else 0
        if not 1 <= number <= len(t.market_slots[market]):
            raise CompactError(field, f"expected <market><slot number 1-{len(t.market_slots[market])}>, got {name!r}")
        slot = t.market_slots[market][number - 1]
        once(seen, slot, field, name)
        out[slot] = read_side(side, field)
    return out


def _w_tribute(t: Tables, value: Any) -> str:
    expect_len(value, t.n_territories, "tribute_disc")
    return ",".join(f"{name_of(t.region_ids, r, 'tribute_disc', 'territory')}:{write_side(v, 'tribute_disc')}"
                    for r, v in enumerate(value) if v != NO_ONE) or "-"


def _r_tribute(t: Tables, text: str) -> list[int]:
    field = "tribute_disc"
    out = [NO_ONE] * t.n_territories
    seen: set[object] = set()
    for item in read_items(text, field):
        name, side = pair(item, field)
        r = lookup(t.region_index, name, field, "region")
        if r >= t.n_territories:
            raise CompactError(field, f"{name} is a sea, not a territory")
        once(seen, r, field, name)
        out[r] = read_side(side, field)
    return out


def _w_sieges(t: Tables, value: Any) -> str:
    field = "siege_discs"
    expect_len(value, len(t.polis_ids) * 2, field)
    parts = []
    for p in range(len(t.polis_ids)):
        units = units_text(value[p * 2], value[p * 2 + 1], field)
        if units:
            parts.append(f"{name_of(t.polis_ids, p, field, 'polis')}:{units}")
    return ",".join(parts) or "-"


def _r_sieges(t: Tables, text: str) -> list[int]:
    field = "siege_discs"
    out = [0] * (len(t.polis_ids) * 2)
    for p, units, _item in named_items(text, field, t.polis_index, "polis"):
        out[p * 2], out[p * 2 + 1] = read_units(units, field)
    return out


def _project_ids(t: Tables) -> tuple[str, ...]:
    return tuple(p.id for p in t.projects)


def _w_started(t: Tables, value: Any) -> str:
    field = "project_started"
    expect_len(value, len(t.polis_ids), field)
    return ",".join(f"{name_of(t.polis_ids, p, field, 'polis')}:{name_of(_project_ids(t), tile, field, 'project')}"
                    for p, tile in enumerate(value) if tile != -1) or "-"


def _r_started(t: Tables, text: str) -> list[int]:
    field = "project_started"
    out = [-1] * len(t.polis_ids)
    for p, tile, _item in named_items(text, field, t.polis_index, "polis"):
        out[p] = lookup(t.project_index, tile, field, "project")
    return out


def _w_done(t: Tables, value: Any) -> str:
    field = "projects_done"
    expect_len(value, len(t.polis_ids), field)
    parts = []
    for p, tiles in enumerate(value):
        if not isinstance(tiles, tuple):
            raise CompactError(field, f"expected a tuple of tiles, found {tiles!r}")
        if tiles:
            parts.append(f"{name_of(t.polis_ids, p, field, 'polis')}:"
                         + names_text(tiles, _project_ids(t), field, "project", "+"))
    return ",".join(parts) or "-"


def _r_done(t: Tables, text: str) -> list[tuple[int, ...]]:
    field = "projects_done"
    out: list[tuple[int, ...]] = [() for _ in t.polis_ids]
    for p, tiles, _item in named_items(text, field, t.polis_index, "polis"):
        out[p] = tuple(read_names(tiles, t.project_index, field, "project", "+"))
    return out


def _w_pile(t: Tables, value: Any) -> str:
    """The pile in order or, when it is in table order, ``all-`` the tiles missing (the shorter)."""
    ids = _project_ids(t)
    explicit = names_text(value, ids, "project_pile", "project")
    if list(value) != sorted(set(value)):
        return explicit
    missing = "all-" + ("+".join(name_of(ids, i, "project_pile", "project")
                                 for i in range(len(ids)) if i not in value) or "-")
    return missing if len(missing) < len(explicit) else explicit


def _r_pile(t: Tables, text: str) -> list[int]:
    field = "project_pile"
    if not text.startswith("all-"):
        return read_names(text, t.project_index, field, "project")
    missing = read_names(text[4:], t.project_index, field, "project", "+")
    seen: set[object] = set()
    for i in missing:
        once(seen, i, field, t.projects[i].id)
    return [i for i in range(len(t.projects)) if i not in seen]


def _w_outcome(t: Tables, value: Any) -> str:
    field = "outcome"
    if not isinstance(value, Outcome):
        raise CompactError(field, f"expected an Outcome, found {value!r}")
    winner = "-" if value.winner is None else write_side(value.winner, field)
    return f"{token(value.reason, field, 'the reason')}:{winner}:{write_ints(value.scores, field)}"


def _r_outcome(t: Tables, text: str) -> Outcome:
    field = "outcome"
    parts = text.split(":")
    if len(parts) != 3 or not NAME.match(parts[0]):
        raise CompactError(field, f"expected <reason>:<winner A, S or ->:<score>.<score>, got {text!r}")
    winner = read_seat(parts[1], field)
    return Outcome(parts[0], None if winner == NO_ONE else winner, read_ints(parts[2], field))


def _w_rng(t: Tables, value: Any) -> str:
    if not isinstance(value, Rng):
        raise CompactError("rng", f"expected a generator, found {value!r}")
    return str(check_int(value.state, "rng"))


def _none(t: Tables) -> Any:
    return None


# (name, writer, reader, default): the tags in the order they are written
TAGS: tuple[tuple[str, Writer, Reader, Default | None], ...] = (
    ("chance", *_opt_choice(CHANCE_KINDS, "chance"), _none),
    ("chance_left", *_int_tag("chance_left"), lambda t: 0),
    ("event", _w_event, _r_event, _none),
    ("event_flags", _w_flags, _r_flags, lambda t: []),
    ("event_pending", write_event_pending, read_event_pending, _none),
    ("pending", write_pending, read_pending, _none),
    ("turn_actions", _w_verbs, _r_verbs, lambda t: ()),
    ("turn_create_polis", _w_created, _r_created, lambda t: ()),
    ("sieged_this_turn", *_names_tag(lambda t: t.polis_ids, lambda t: t.polis_index, "sieged_this_turn", "polis",
                                     tuple), lambda t: ()),
    ("first_passer", *_seat_tag("first_passer"), lambda t: NO_ONE),
    ("last_passer", *_seat_tag("last_passer"), lambda t: NO_ONE),
    ("eor_marker", *_seat_tag("eor_marker"), lambda t: NO_ONE),
    ("battle_chooser", *_seat_tag("battle_chooser"), lambda t: NO_ONE),
    ("after_battles", *_opt_choice(AFTER_BATTLES, "after_battles"), lambda t: ""),
    ("battle_queue", *_names_tag(lambda t: t.region_ids, lambda t: t.region_index, "battle_queue", "region", list),
     lambda t: []),
    ("battle", write_battle, read_battle, _none),
    ("eor_step", *_int_tag("eor_step"), lambda t: 0),
    ("eor_seat", *_seat_tag("eor_seat"), lambda t: 0),
    ("eor_pending", write_eor_pending, read_eor_pending, _none),
    ("market_pos", _w_market_pos, _r_market_pos, lambda t: list(t.market_start)),
    ("slot_merchant", _w_slots, _r_slots, lambda t: [NO_ONE] * len(t.slots)),
    ("tribute_disc", _w_tribute, _r_tribute, lambda t: [NO_ONE] * t.n_territories),
    ("siege_discs", _w_sieges, _r_sieges, lambda t: [0] * (len(t.polis_ids) * 2)),
    ("projects_face_up", *_names_tag(_project_ids, lambda t: t.project_index, "projects_face_up", "project", list),
     lambda t: []),
    ("project_started", _w_started, _r_started, lambda t: [-1] * len(t.polis_ids)),
    ("projects_done", _w_done, _r_done, lambda t: [() for _ in t.polis_ids]),
    ("project_pile", _w_pile, _r_pile, lambda t: list(range(len(t.projects)))),
    ("outcome", _w_outcome, _r_outcome, _none),
    ("steps", *_int_tag("steps"), lambda t: 0),
    ("rng", _w_rng, lambda t, x: Rng(read_int(x, "rng")), None),  # required
)
TAG_NAMES = tuple(name for name, *_ in TAGS)
