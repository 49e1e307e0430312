"""A compact one-line text form of a whole Polis position, for bug reports, fixtures and golden files.

:meth:`PolisGame.position_text` writes one ``field=value`` line per state field (exact, but about
1,300 characters for the set-up); this form says the same in one line of about 300, written with
the notation's names (regions, poleis, projects, markets, cards: those the actions use), so a
reader sees ``Attika:A3`` rather than ``units[6]=3``. Every field of :class:`PolisState` is kept,
hidden ones included (battle hands, the face-down project pile, the generator): it is a full
position, not a player's view. :func:`from_compact` reads exactly what :func:`to_compact` writes
(``from_compact(g, to_compact(g, s)) == s`` and the text is stable).

Grammar (fields separated by one space, any whitespace when reading; ``n`` is a decimal integer,
possibly negative)::

    position := edition round phase active player player board poleis tag*
    edition  := "2012" | "2020"                      the game's edition (must match the game)
    round    := a round name of the edition          2012: 3 4 5a 5b; 2020: Alfa Epsilon Omega
    phase    := round_start | event | turn | battles | end_of_round | over
    active   := side | "-"                           whose turn (``state.active``)
    side     := "A" | "S"                            Athens (seat 0), Sparta (seat 1)
    player   := side ":" n "p," goods "," n "c," n "d," n "+" n "m,@" (polis | "-") [",passed"]
                prestige; goods; cubes and discs in supply; merchants in supply + in port;
                proxenos ("-": captive); "passed" if the side has passed this round.
                Athens' block comes first, then Sparta's.
    goods    := n "." n "." n "." n "." n "." n      iron.wood.wine.oil.silver.wheat, always six
                                                     (oil is 0 in 2020, which has none)
    board    := "-" | region ":" units ("," region ":" units)*
    units    := "A" n ["S" n] | "S" n                hoplites (territory) or galleys (sea) per side;
                                                     regions in map order, empty regions left out
    poleis   := "-" | polis ":" (side | "-") n ("," polis ":" (side | "-") n)*
                                                     owner and cubes; neutral empty poleis left out
    tag      := field "=" value                      a PolisState field (or sub-state) that is
                                                     not at its default, in the order below

Tags (written in this order, each only when its value differs from the default in brackets;
a reader accepts them in any order, each at most once; ``rng`` is required)::

    chance=project|event|die|card     [none]   the pending chance event
    chance_left=n                     [0]
    event=<event id>                  [none]   this round's event card
    event_flags=key:n,key:n           [none]   in order; a key may itself contain ':'
    event_pending=kind:side[:item]*   [none]   an event question (items: n or a name)
    pending=<compound action>         [none]   the decision in progress, by kind:
          hoplites|galleys|merchants:<polis>:<made>    march|sail:<region>:<moved>
          tribute:<territory>:n.n.n (hoplites per column)   proxenos:<region>+<region>... | proxenos:-
          siege:<polis>     trade:purchase|barter:<good>+<good>...:<roll>.<roll>... (or -)
          toll:<action with '~' for spaces>, e.g. toll:march~Thessalia
    turn_actions=verb[*n],...         [none]   verbs taken this turn, in order (verb*n: n in a row)
    turn_create_polis=verb:polis,...  [none]
    sieged_this_turn=polis,...        [none]
    first_passer=side  last_passer=side  eor_marker=side  battle_chooser=side   [-]
    after_battles=turn|end_of_round   [""]
    battle_queue=region,...           [none]
    battle=region,land|sea,attacker,retreat|deal|attack|defend[,key=value]*   [none]
          keys (each omitted at its default): rounds=n [0], retreat_queue=sides e.g. SA [none],
          deal=n.n [0.0], played=card+card [none] (the attacker's cards on the table),
          losses=n [0], discarded=cards [none] (played in earlier combat rounds), A=cards S=cards
          [empty hands]. The deck is not written: it is every copy of the battle's cards (R-BATTLE-8)
          minus the hands, the table and the discards; cards := card["*"n]("+"card["*"n])* with the
          notation's card codes (e.g. Phalanx/Othismos*2+Salpinx)
    eor_step=n [0]   eor_seat=side [A]   eor_pending=feed|phoros|grow:polis[*n]+...|grow:- [none]
    market_pos=good:n,...             [the edition's start spaces]  track index, 0 = first space
    slot_merchant=<market><number>:side,...   [none]  e.g. Persia2:A (slot numbers as in ``trade``)
    tribute_disc=territory:side,...   [none]
    siege_discs=polis:units,...       [none]   units as on the board, e.g. Argos:A1S2
    projects_face_up=project,...      [none]
    project_started=polis:project,... [none]
    projects_done=polis:project+project,...   [none]
    project_pile=project,... | -      [every tile, in table order]  the face-down pile, in order;
          or all-project+project... : every tile in table order but these (written when shorter)
    outcome=reason:side|-:n.n         [none]   why the game ended, winner ("-": none), scores
    steps=n                           [0]      decisions applied so far
    rng=n                                      the generator state (required)

Example (the 2012 set-up, seed 1)::

    2012 3 round_start - A:4p,4.4.4.4.0.4,22c,97d,7+1m,@Athinae S:4p,4.4.4.4.4.0,26c,97d,7+1m,@Sparti
    Attika:A3,Ionia:A2,Lakedaemon:S3,IonionPelagos:S1,Kyklades:A2,MyrtoonPelagos:S1,NotiesSporades:A1
    Athinae:A5,Sparti:S4,Chalkis:A1,Chios:A2,Pylos:S2,Gythion:S1 chance=project rng=100028436902272046

(one line; broken here to fit, and readable as it is: any whitespace separates fields).
Malformed text raises :class:`CompactError` (a ``ValueError``) naming the field that failed; so
does :func:`to_compact` for a state it cannot write (a value no rule produces, such as an owner
that is not a side). Rule switches and corrected data folders are part of the game, not of the
position: read a text with the same :class:`PolisGame` that wrote it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from kleos.core.action import Action, MalformedAction
from kleos.core.errors import KleosError
from kleos.core.protocol import Outcome
from kleos.core.rng import Rng
from kleos.games.polis.game import PolisGame
from kleos.games.polis.state import (
    BATTLES,
    CH_CARD,
    CH_DIE,
    CH_EVENT,
    CH_PROJECT,
    END_OF_ROUND,
    EVENT,
    OVER,
    ROUND_START,
    TURN,
    BattleState,
    PolisState,
)
from kleos.games.polis.tables import GOOD_INDEX, GOODS, N_GOODS, NO_ONE, CardInfo, Tables

__all__ = ["CompactError", "from_compact", "to_compact"]

PHASES = (ROUND_START, EVENT, TURN, BATTLES, END_OF_ROUND, OVER)
CHANCES = (CH_PROJECT, CH_EVENT, CH_DIE, CH_CARD)
BATTLE_PHASES = ("retreat", "deal", "attack", "defend")
AFTER_BATTLES = ("turn", "end_of_round")
SIDE_LETTERS = ("A", "S")
N_POSITIONAL = 8

_INT = re.compile(r"^-?[0-9]+$")
_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_/'-]*$")  # a name never looks like a number nor holds a separator
_FLAG_KEY = re.compile(r"^[A-Za-z0-9_:/'.-]+$")
_UNITS = re.compile(r"^(?:A(-?[0-9]+))?(?:S(-?[0-9]+))?$")
_SLOT = re.compile(r"^(.*?)([0-9]+)$")


class CompactError(KleosError, ValueError):
    """A compact position that cannot be read (or a state that cannot be written); names the field."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"compact position: {field}: {message}")
        self.field = field
        self.message = message


# ----- small readers and writers ---------------------------------------------------------------
def _int(text: str, field: str, what: str = "a number") -> int:
    if not _INT.match(text):
        raise CompactError(field, f"expected {what}, got {text!r}")
    return int(text)


def _check_int(value: object, field: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise CompactError(field, f"expected an integer, found {value!r}")
    return value


def _ints(text: str, field: str, count: int | None = None) -> tuple[int, ...]:
    """``n.n.n`` (``-``: none)."""
    values = () if text == "-" else tuple(_int(x, field) for x in text.split("."))
    if count is not None and len(values) != count:
        raise CompactError(field, f"expected {count} numbers separated by '.', got {text!r}")
    return values


def _write_ints(values: Sequence[object], field: str) -> str:
    return ".".join(str(_check_int(v, field)) for v in values) or "-"


def _side(text: str, field: str) -> int:
    if text not in SIDE_LETTERS:
        raise CompactError(field, f"expected a side, A (Athens) or S (Sparta), got {text!r}")
    return SIDE_LETTERS.index(text)


def _seat(text: str, field: str) -> int:
    return NO_ONE if text == "-" else _side(text, field)


def _write_side(value: object, field: str) -> str:
    if isinstance(value, int) and not isinstance(value, bool) and value in (0, 1):
        return SIDE_LETTERS[value]
    raise CompactError(field, f"expected a side (0 or 1), found {value!r}")


def _write_seat(value: object, field: str) -> str:
    return "-" if value == NO_ONE and not isinstance(value, bool) else _write_side(value, field)


def _index(names: Sequence[str], value: object, field: str, what: str) -> str:
    """The name of index ``value`` in ``names``."""
    i = _check_int(value, field)
    if not 0 <= i < len(names):
        raise CompactError(field, f"no {what} with index {i}")
    name = names[i]
    if not _NAME.match(name):
        raise CompactError(field, f"the {what} name {name!r} cannot be written in the compact form")
    return name


def _lookup(index: dict[str, int], text: str, field: str, what: str) -> int:
    if text not in index:
        raise CompactError(field, f"unknown {what} {text!r}")
    return index[text]


def _token(value: object, field: str, what: str) -> str:
    if not isinstance(value, str) or not _NAME.match(value):
        raise CompactError(field, f"{what} {value!r} cannot be written in the compact form")
    return value


def _pair(text: str, field: str, sep: str = ":") -> tuple[str, str]:
    left, found, right = text.partition(sep)
    if not found or not left or not right:
        raise CompactError(field, f"expected name{sep}value, got {text!r}")
    return left, right


def _items(text: str, field: str) -> list[str]:
    """Comma-separated items (``-``: none); an empty item is an error."""
    if text == "-":
        return []
    items = text.split(",")
    if any(not x for x in items):
        raise CompactError(field, f"empty item in {text!r}")
    return items


def _once(seen: set[object], key: object, field: str, text: str) -> None:
    if key in seen:
        raise CompactError(field, f"{text!r} is listed twice")
    seen.add(key)


def _expect_len(values: Sequence[object], n: int, field: str) -> None:
    if len(values) != n:
        raise CompactError(field, f"expected {n} entries for this edition, found {len(values)}")


def _units_text(a: int, b: int, field: str) -> str:
    _check_int(a, field)
    _check_int(b, field)
    return (f"A{a}" if a else "") + (f"S{b}" if b else "")


def _units(text: str, field: str) -> tuple[int, int]:
    m = _UNITS.match(text)
    if m is None or not text:
        raise CompactError(field, f"expected units as A<n>S<n> (either may be left out), got {text!r}")
    return int(m.group(1) or 0), int(m.group(2) or 0)


def _multiset_text(counts: Sequence[int], names: Sequence[str], field: str, what: str) -> str:
    parts = []
    for i, n in enumerate(counts):
        _check_int(n, field)
        if n < 0:
            raise CompactError(field, f"negative count {n} of {names[i]}")
        if n:
            name = _index(names, i, field, what)
            parts.append(name if n == 1 else f"{name}*{n}")
    return "+".join(parts) or "-"


def _multiset(text: str, index: dict[str, int], size: int, field: str, what: str) -> list[int]:
    counts = [0] * size
    if text == "-":
        return counts
    seen: set[object] = set()
    for part in text.split("+"):
        name, star, n = part.partition("*")
        i = _lookup(index, name, field, what)
        _once(seen, i, field, name)
        counts[i] = _int(n, field, "a count after '*'") if star else 1
        if counts[i] < 1:
            raise CompactError(field, f"a count after '*' must be at least 1, got {part!r}")
    return counts


def _name_list_text(values: Sequence[object], names: Sequence[str], field: str, what: str, sep: str = ",") -> str:
    return sep.join(_index(names, v, field, what) for v in values) or "-"


def _name_list(text: str, index: dict[str, int], field: str, what: str, sep: str = ",") -> list[int]:
    if text == "-":
        return []
    return [_lookup(index, x, field, what) for x in text.split(sep)]


# ----- the positional fields -----------------------------------------------------------------
def _player_text(t: Tables, s: PolisState, side: int) -> str:
    field = f"{SIDE_LETTERS[side]} player"
    goods = _write_ints(s.goods[side * N_GOODS:(side + 1) * N_GOODS], field)
    prox = s.proxenos[side]
    where = "-" if prox == NO_ONE else _index(t.polis_ids, prox, field, "polis")
    parts = [f"{_check_int(s.prestige[side], field)}p", goods, f"{_check_int(s.supply_cubes[side], field)}c",
             f"{_check_int(s.supply_discs[side], field)}d",
             f"{_check_int(s.merchants_supply[side], field)}+{_check_int(s.merchants_port[side], field)}m",
             f"@{where}"]
    if not isinstance(s.passed[side], bool):
        raise CompactError(field, f"passed must be true or false, found {s.passed[side]!r}")
    if s.passed[side]:
        parts.append("passed")
    return f"{SIDE_LETTERS[side]}:" + ",".join(parts)


def _read_player(t: Tables, s: PolisState, side: int, text: str) -> None:
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
        return _int(item[:-1], f"{field}: {what}")

    s.prestige[side] = number(prestige, "p", "prestige")
    s.goods[side * N_GOODS:(side + 1) * N_GOODS] = _ints(goods, f"{field}: goods ({'.'.join(GOODS)})", N_GOODS)
    s.supply_cubes[side] = number(cubes, "c", "cubes")
    s.supply_discs[side] = number(discs, "d", "discs")
    supply, plus, port = merchants.removesuffix("m").partition("+")
    if not merchants.endswith("m") or not plus:
        raise CompactError(f"{field}: merchants", f"expected <supply>+<port>m, got {merchants!r}")
    s.merchants_supply[side] = _int(supply, f"{field}: merchants")
    s.merchants_port[side] = _int(port, f"{field}: merchants")
    if not prox.startswith("@"):
        raise CompactError(f"{field}: proxenos", f"expected @<polis> or @- (captive), got {prox!r}")
    s.proxenos[side] = NO_ONE if prox == "@-" else _lookup(t.polis_index, prox[1:], f"{field}: proxenos", "polis")
    s.passed[side] = passed


def _board_text(t: Tables, s: PolisState) -> str:
    _expect_len(s.units, t.n_regions * 2, "board")
    parts = []
    for r in range(t.n_regions):
        units = _units_text(s.units[r * 2], s.units[r * 2 + 1], "board")
        if units:
            parts.append(f"{_index(t.region_ids, r, 'board', 'region')}:{units}")
    return ",".join(parts) or "-"


def _read_board(t: Tables, s: PolisState, text: str) -> None:
    seen: set[object] = set()
    for item in _items(text, "board"):
        name, units = _pair(item, "board")
        r = _lookup(t.region_index, name, "board", "region")
        _once(seen, r, "board", name)
        s.units[r * 2], s.units[r * 2 + 1] = _units(units, "board")


def _poleis_text(t: Tables, s: PolisState) -> str:
    n = len(t.polis_ids)
    _expect_len(s.owner, n, "poleis")
    _expect_len(s.pop, n, "poleis")
    parts = []
    for p in range(n):
        owner, pop = s.owner[p], _check_int(s.pop[p], "poleis")
        if owner == NO_ONE and pop == 0:
            continue
        parts.append(f"{_index(t.polis_ids, p, 'poleis', 'polis')}:{_write_seat(owner, 'poleis')}{pop}")
    return ",".join(parts) or "-"


def _read_poleis(t: Tables, s: PolisState, text: str) -> None:
    seen: set[object] = set()
    for item in _items(text, "poleis"):
        name, value = _pair(item, "poleis")
        p = _lookup(t.polis_index, name, "poleis", "polis")
        _once(seen, p, "poleis", name)
        s.owner[p] = _seat(value[:1], "poleis")
        s.pop[p] = _int(value[1:], "poleis", f"the cubes after the owner in {item!r}")


# ----- tags ----------------------------------------------------------------------------------
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
    return _token(value, "event", "the event")


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
        _once(seen, key, "event_flags", key)
        parts.append(f"{key}:{_check_int(n, 'event_flags')}")
    return ",".join(parts) or "-"


def _r_flags(t: Tables, text: str) -> list[tuple[str, int]]:
    flags = []
    seen: set[object] = set()
    for item in _items(text, "event_flags"):
        key, sep, n = item.rpartition(":")
        if not sep or not key or not _FLAG_KEY.match(key):
            raise CompactError("event_flags", f"expected name:number, got {item!r}")
        _once(seen, key, "event_flags", key)
        flags.append((key, _int(n, "event_flags")))
    return flags


def _w_event_pending(t: Tables, value: Any) -> str:
    field = "event_pending"
    if not isinstance(value, tuple) or len(value) < 2:
        raise CompactError(field, f"expected (kind, side, ...), found {value!r}")
    kind, side, *data = value
    parts = [_token(kind, field, "the kind"), _write_side(side, field)]
    for x in data:
        parts.append(str(x) if isinstance(x, int) and not isinstance(x, bool) else _token(x, field, "an item"))
    return ":".join(parts)


def _r_event_pending(t: Tables, text: str) -> tuple[Any, ...]:
    field = "event_pending"
    parts = text.split(":")
    if len(parts) < 2 or not _NAME.match(parts[0]):
        raise CompactError(field, f"expected kind:side[:item]..., got {text!r}")
    data: list[int | str] = []
    for x in parts[2:]:
        if _INT.match(x):
            data.append(int(x))
        elif _NAME.match(x):
            data.append(x)
        else:
            raise CompactError(field, f"an item is a number or a name, got {x!r}")
    return (parts[0], _side(parts[1], field), *data)


CREATE, MOVE = ("hoplites", "galleys", "merchants"), ("march", "sail")


def _w_pending(t: Tables, value: Any) -> str:
    field = "pending"
    if not isinstance(value, tuple) or not value:
        raise CompactError(field, f"expected a tuple starting with its kind, found {value!r}")
    kind, *rest = value
    shape = f"a {kind} in progress has an unexpected shape: {value!r}"
    if kind in CREATE or kind in MOVE:
        if len(rest) != 2:
            raise CompactError(field, shape)
        names, what = (t.polis_ids, "polis") if kind in CREATE else (t.region_ids, "region")
        return f"{kind}:{_index(names, rest[0], field, what)}:{_check_int(rest[1], field)}"
    if kind == "tribute":
        if len(rest) != 2 or not isinstance(rest[1], tuple):
            raise CompactError(field, shape)
        return f"tribute:{_index(t.region_ids, rest[0], field, 'region')}:{_write_ints(rest[1], field)}"
    if kind == "proxenos":
        if len(rest) != 1 or not isinstance(rest[0], tuple):
            raise CompactError(field, shape)
        return f"proxenos:{_name_list_text(rest[0], t.region_ids, field, 'region', '+')}"
    if kind == "siege":
        if len(rest) != 1:
            raise CompactError(field, shape)
        return f"siege:{_index(t.polis_ids, rest[0], field, 'polis')}"
    if kind == "trade":
        if len(rest) != 3 or not isinstance(rest[0], bool) or not isinstance(rest[1], tuple) \
                or not isinstance(rest[2], tuple):
            raise CompactError(field, shape)
        goods = _name_list_text(rest[1], GOODS, field, "good", "+")
        return f"trade:{'purchase' if rest[0] else 'barter'}:{goods}:{_write_ints(rest[2], field)}"
    if kind == "toll":
        if len(rest) != 1 or not isinstance(rest[0], str):
            raise CompactError(field, shape)
        try:
            ok = str(Action.parse(rest[0])) == rest[0]
        except MalformedAction:
            ok = False
        if not ok:
            raise CompactError(field, f"the tolled action {rest[0]!r} is not in the action notation")
        return "toll:" + rest[0].replace(" ", "~")
    raise CompactError(field, f"unknown kind of action in progress {kind!r}")


def _r_pending(t: Tables, text: str) -> tuple[Any, ...]:
    field = "pending"
    kind, _, rest = text.partition(":")
    parts = rest.split(":")
    usage = {
        **{k: f"{k}:<polis>:<made>" for k in CREATE}, **{k: f"{k}:<region>:<moved>" for k in MOVE},
        "tribute": "tribute:<territory>:<n>.<n>...", "proxenos": "proxenos:<region>+<region>... or proxenos:-",
        "siege": "siege:<polis>", "trade": "trade:purchase|barter:<good>+<good>...:<roll>.<roll>... (or -)",
        "toll": "toll:<action with ~ for spaces>",
    }
    if kind not in usage:
        raise CompactError(field, f"unknown kind {kind!r} (one of {', '.join(usage)})")
    count = {"tribute": 2, "proxenos": 1, "siege": 1, "trade": 3, "toll": 1}.get(kind, 2)
    if not rest or len(parts) != count or not all(parts):
        raise CompactError(field, f"expected {usage[kind]}, got {text!r}")
    if kind in CREATE:
        return (kind, _lookup(t.polis_index, parts[0], field, "polis"), _int(parts[1], field))
    if kind in MOVE:
        return (kind, _lookup(t.region_index, parts[0], field, "region"), _int(parts[1], field))
    if kind == "tribute":
        return (kind, _lookup(t.region_index, parts[0], field, "region"), _ints(parts[1], field))
    if kind == "proxenos":
        return (kind, tuple(_name_list(parts[0], t.region_index, field, "region", "+")))
    if kind == "siege":
        return (kind, _lookup(t.polis_index, parts[0], field, "polis"))
    if kind == "trade":
        if parts[0] not in ("purchase", "barter"):
            raise CompactError(field, f"expected purchase or barter, got {parts[0]!r}")
        goods = tuple(_name_list(parts[1], GOOD_INDEX, field, "good", "+"))
        return (kind, parts[0] == "purchase", goods, _ints(parts[2], field))
    action = parts[0].replace("~", " ")
    try:
        ok = str(Action.parse(action)) == action
    except MalformedAction:
        ok = False
    if not ok:
        raise CompactError(field, f"the tolled action {action!r} is not in the action notation")
    return (kind, action)


def _w_verbs(t: Tables, value: Any) -> str:
    """Verbs in order, a run of the same verb as ``verb*n``."""
    runs: list[list[Any]] = []
    for verb in value:
        _token(verb, "turn_actions", "the verb")
        if runs and runs[-1][0] == verb:
            runs[-1][1] += 1
        else:
            runs.append([verb, 1])
    return ",".join(v if n == 1 else f"{v}*{n}" for v, n in runs) or "-"


def _r_verbs(t: Tables, text: str) -> tuple[str, ...]:
    verbs: list[str] = []
    for item in _items(text, "turn_actions"):
        verb, star, n = item.partition("*")
        count = _int(n, "turn_actions", "a count after '*'") if star else 1
        if count < 1:
            raise CompactError("turn_actions", f"a count after '*' must be at least 1, got {item!r}")
        verbs.extend([_token(verb, "turn_actions", "the verb")] * count)
    return tuple(verbs)


def _w_created(t: Tables, value: Any) -> str:
    parts = []
    for item in value:
        if not isinstance(item, tuple) or len(item) != 2:
            raise CompactError("turn_create_polis", f"expected (verb, polis) pairs, found {item!r}")
        verb = _token(item[0], "turn_create_polis", "the verb")
        parts.append(f"{verb}:{_index(t.polis_ids, item[1], 'turn_create_polis', 'polis')}")
    return ",".join(parts) or "-"


def _r_created(t: Tables, text: str) -> tuple[tuple[str, int], ...]:
    out = []
    for item in _items(text, "turn_create_polis"):
        verb, name = _pair(item, "turn_create_polis")
        out.append((_token(verb, "turn_create_polis", "the verb"),
                    _lookup(t.polis_index, name, "turn_create_polis", "polis")))
    return tuple(out)


def _names_tag(names: Callable[[Tables], Sequence[str]], index: Callable[[Tables], dict[str, int]], field: str,
               what: str, make: Callable[[list[int]], Any]) -> Codec:
    def write(t: Tables, value: Any) -> str:
        return _name_list_text(value, names(t), field, what)

    def read(t: Tables, text: str) -> Any:
        return make(_name_list(text, index(t), field, what))

    return write, read


def _seat_tag(field: str) -> Codec:
    return (lambda t, v: _write_seat(v, field)), (lambda t, x: _seat(x, field))


def _int_tag(field: str) -> Codec:
    return (lambda t, v: str(_check_int(v, field))), (lambda t, x: _int(x, field))


def _w_battle(t: Tables, b: Any) -> str:
    field = "battle"
    if not isinstance(b, BattleState):
        raise CompactError(field, f"expected a battle, found {b!r}")
    if not isinstance(b.sea, bool) or b.sea != t.is_sea(_check_int(b.region, field)):
        raise CompactError(field, f"sea={b.sea!r} does not match the region {b.region!r}")
    cards = t.cards(b.sea)
    codes = [c.code for c in cards]
    if b.phase not in BATTLE_PHASES:
        raise CompactError(field, f"unknown battle phase {b.phase!r}")
    parts = [_index(t.region_ids, b.region, field, "region"), "sea" if b.sea else "land",
             _write_side(b.attacker, field), b.phase]
    _expect_len(b.hands, 2, field)
    _expect_len(b.deal, 2, field)
    for seq, what in ((b.deck, "deck"), (b.hands[0], "A hand"), (b.hands[1], "S hand")):
        if len(seq) != len(cards):
            raise CompactError(field, f"the {what} has {len(seq)} card types, the edition {len(cards)}")
    if not isinstance(b.played, tuple) or not isinstance(b.retreat_queue, tuple):
        raise CompactError(field, "played and retreat_queue must be tuples")
    for i in b.played:
        _index(codes, i, field, "card")
    discarded = [c.copies - _check_int(n, field) - _check_int(a, field) - _check_int(h, field) - b.played.count(i)
                 for i, (c, n, a, h) in enumerate(zip(cards, b.deck, b.hands[0], b.hands[1], strict=True))]
    if any(n < 0 for n in discarded):
        raise CompactError(field, "the deck, hands and table hold more cards of a kind than the edition has")
    if _check_int(b.rounds, field):
        parts.append(f"rounds={b.rounds}")
    if b.retreat_queue:
        parts.append("retreat_queue=" + "".join(_write_side(x, field) for x in b.retreat_queue))
    if any(b.deal):
        parts.append(f"deal={_write_ints(b.deal, field)}")
    if b.played:
        parts.append("played=" + _name_list_text(b.played, codes, field, "card", "+"))
    if _check_int(b.losses, field):
        parts.append(f"losses={b.losses}")
    if any(discarded):
        parts.append("discarded=" + _multiset_text(discarded, codes, field, "card"))
    for side in (0, 1):
        if any(b.hands[side]):
            parts.append(f"{SIDE_LETTERS[side]}=" + _multiset_text(b.hands[side], codes, field, "card"))
    return ",".join(parts)


def _r_battle(t: Tables, text: str) -> BattleState:
    field = "battle"
    parts = text.split(",")
    if len(parts) < 4:
        raise CompactError(field, f"expected <region>,land|sea,<attacker>,<step>[,key=value]..., got {text!r}")
    region = _lookup(t.region_index, parts[0], field, "region")
    if parts[1] not in ("land", "sea"):
        raise CompactError(field, f"expected land or sea, got {parts[1]!r}")
    sea = parts[1] == "sea"
    if sea != t.is_sea(region):
        raise CompactError(field, f"{parts[0]} is {'a sea' if t.is_sea(region) else 'a territory'}: "
                                  f"the battle is {'sea' if t.is_sea(region) else 'land'}")
    cards: tuple[CardInfo, ...] = t.cards(sea)
    index = {c.code: i for i, c in enumerate(cards)}
    b = BattleState(region, sea, _side(parts[2], field), [c.copies for c in cards])
    if parts[3] not in BATTLE_PHASES:
        raise CompactError(field, f"unknown battle step {parts[3]!r} (one of {', '.join(BATTLE_PHASES)})")
    b.phase = parts[3]
    discarded = [0] * len(cards)
    seen: set[object] = set()
    for item in parts[4:]:
        key, value = _pair(item, field, "=")
        _once(seen, key, field, key)
        sub = f"battle: {key}"
        if key == "rounds":
            b.rounds = _int(value, sub)
        elif key == "retreat_queue":
            b.retreat_queue = tuple(_side(x, sub) for x in value)
        elif key == "deal":
            b.deal = list(_ints(value, sub, 2))
        elif key == "played":
            b.played = tuple(_name_list(value, index, sub, "card", "+"))
        elif key == "losses":
            b.losses = _int(value, sub)
        elif key == "discarded":
            discarded = _multiset(value, index, len(cards), sub, "card")
        elif key in SIDE_LETTERS:
            b.hands[SIDE_LETTERS.index(key)] = _multiset(value, index, len(cards), sub, "card")
        else:
            raise CompactError(field, f"unknown key {key!r} (rounds, retreat_queue, deal, played, losses, "
                                      f"discarded, A, S)")
    b.deck = [c.copies - discarded[i] - b.hands[0][i] - b.hands[1][i] - b.played.count(i)
              for i, c in enumerate(cards)]
    if any(n < 0 for n in b.deck):
        raise CompactError(field, "the hands, the table and the discards hold more cards of a kind than the "
                                  "edition has")
    return b


def _w_eor_pending(t: Tables, value: Any) -> str:
    field = "eor_pending"
    if value in (("feed",), ("phoros",)):
        return str(value[0])
    if isinstance(value, tuple) and len(value) == 2 and value[0] == "grow" and isinstance(value[1], tuple):
        _expect_len(value[1], len(t.polis_ids), field)
        return "grow:" + _multiset_text(value[1], t.polis_ids, field, "polis")
    raise CompactError(field, f"unknown end-of-round decision in progress {value!r}")


def _r_eor_pending(t: Tables, text: str) -> tuple[Any, ...]:
    field = "eor_pending"
    if text in ("feed", "phoros"):
        return (text,)
    if text.startswith("grow:"):
        return ("grow", tuple(_multiset(text[5:], t.polis_index, len(t.polis_ids), field, "polis")))
    raise CompactError(field, f"expected feed, phoros or grow:<polis>[*n]+... (grow:- for none), got {text!r}")


def _w_market_pos(t: Tables, value: Any) -> str:
    _expect_len(value, N_GOODS, "market_pos")
    return ",".join(f"{GOODS[g]}:{_check_int(n, 'market_pos')}" for g, n in enumerate(value)
                    if n != t.market_start[g]) or "-"


def _r_market_pos(t: Tables, text: str) -> list[int]:
    pos = list(t.market_start)
    seen: set[object] = set()
    for item in _items(text, "market_pos"):
        name, n = _pair(item, "market_pos")
        g = _lookup(GOOD_INDEX, name, "market_pos", "good")
        _once(seen, g, "market_pos", name)
        pos[g] = _int(n, "market_pos")
    return pos


def _slot_name(t: Tables, slot: int) -> str:
    info = t.slots[slot]
    market = _index(t.market_ids, info.market, "slot_merchant", "market")
    return f"{market}{t.market_slots[info.market].index(slot) + 1}"


def _w_slots(t: Tables, value: Any) -> str:
    _expect_len(value, len(t.slots), "slot_merchant")
    return ",".join(f"{_slot_name(t, i)}:{_write_side(v, 'slot_merchant')}"
                    for i, v in enumerate(value) if v != NO_ONE) or "-"


def _r_slots(t: Tables, text: str) -> list[int]:
    field = "slot_merchant"
    out = [NO_ONE] * len(t.slots)
    seen: set[object] = set()
    for item in _items(text, field):
        name, side = _pair(item, field)
        m = _SLOT.match(name)
        market = _lookup(t.market_index, m.group(1) if m else name, field, "market")
        number = int(m.group(2)) if m else 0
        if not 1 <= number <= len(t.market_slots[market]):
            raise CompactError(field, f"expected <market><slot number 1-{len(t.market_slots[market])}>, got {name!r}")
        slot = t.market_slots[market][number - 1]
        _once(seen, slot, field, name)
        out[slot] = _side(side, field)
    return out


def _w_tribute(t: Tables, value: Any) -> str:
    _expect_len(value, t.n_territories, "tribute_disc")
    return ",".join(f"{_index(t.region_ids, r, 'tribute_disc', 'territory')}:{_write_side(v, 'tribute_disc')}"
                    for r, v in enumerate(value) if v != NO_ONE) or "-"


def _r_tribute(t: Tables, text: str) -> list[int]:
    field = "tribute_disc"
    out = [NO_ONE] * t.n_territories
    seen: set[object] = set()
    for item in _items(text, field):
        name, side = _pair(item, field)
        r = _lookup(t.region_index, name, field, "region")
        if r >= t.n_territories:
            raise CompactError(field, f"{name} is a sea, not a territory")
        _once(seen, r, field, name)
        out[r] = _side(side, field)
    return out


def _w_sieges(t: Tables, value: Any) -> str:
    field = "siege_discs"
    _expect_len(value, len(t.polis_ids) * 2, field)
    parts = []
    for p in range(len(t.polis_ids)):
        units = _units_text(value[p * 2], value[p * 2 + 1], field)
        if units:
            parts.append(f"{_index(t.polis_ids, p, field, 'polis')}:{units}")
    return ",".join(parts) or "-"


def _r_sieges(t: Tables, text: str) -> list[int]:
    field = "siege_discs"
    out = [0] * (len(t.polis_ids) * 2)
    seen: set[object] = set()
    for item in _items(text, field):
        name, units = _pair(item, field)
        p = _lookup(t.polis_index, name, field, "polis")
        _once(seen, p, field, name)
        out[p * 2], out[p * 2 + 1] = _units(units, field)
    return out


def _project_ids(t: Tables) -> tuple[str, ...]:
    return tuple(p.id for p in t.projects)


def _w_started(t: Tables, value: Any) -> str:
    field = "project_started"
    _expect_len(value, len(t.polis_ids), field)
    return ",".join(f"{_index(t.polis_ids, p, field, 'polis')}:{_index(_project_ids(t), tile, field, 'project')}"
                    for p, tile in enumerate(value) if tile != -1) or "-"


def _r_started(t: Tables, text: str) -> list[int]:
    field = "project_started"
    out = [-1] * len(t.polis_ids)
    seen: set[object] = set()
    for item in _items(text, field):
        name, tile = _pair(item, field)
        p = _lookup(t.polis_index, name, field, "polis")
        _once(seen, p, field, name)
        out[p] = _lookup(t.project_index, tile, field, "project")
    return out


def _w_done(t: Tables, value: Any) -> str:
    field = "projects_done"
    _expect_len(value, len(t.polis_ids), field)
    parts = []
    for p, tiles in enumerate(value):
        if not isinstance(tiles, tuple):
            raise CompactError(field, f"expected a tuple of tiles, found {tiles!r}")
        if tiles:
            parts.append(f"{_index(t.polis_ids, p, field, 'polis')}:"
                         + _name_list_text(tiles, _project_ids(t), field, "project", "+"))
    return ",".join(parts) or "-"


def _r_done(t: Tables, text: str) -> list[tuple[int, ...]]:
    field = "projects_done"
    out: list[tuple[int, ...]] = [() for _ in t.polis_ids]
    seen: set[object] = set()
    for item in _items(text, field):
        name, tiles = _pair(item, field)
        p = _lookup(t.polis_index, name, field, "polis")
        _once(seen, p, field, name)
        out[p] = tuple(_name_list(tiles, t.project_index, field, "project", "+"))
    return out


def _w_pile(t: Tables, value: Any) -> str:
    """The pile in order or, when it is in table order, ``all-`` the tiles missing (the shorter)."""
    ids = _project_ids(t)
    explicit = _name_list_text(value, ids, "project_pile", "project")
    if list(value) != sorted(set(value)):
        return explicit
    missing = "all-" + ("+".join(_index(ids, i, "project_pile", "project")
                                 for i in range(len(ids)) if i not in value) or "-")
    return missing if len(missing) < len(explicit) else explicit


def _r_pile(t: Tables, text: str) -> list[int]:
    field = "project_pile"
    if not text.startswith("all-"):
        return _name_list(text, t.project_index, field, "project")
    missing = _name_list(text[4:], t.project_index, field, "project", "+")
    seen: set[object] = set()
    for i in missing:
        _once(seen, i, field, t.projects[i].id)
    return [i for i in range(len(t.projects)) if i not in seen]


def _w_outcome(t: Tables, value: Any) -> str:
    field = "outcome"
    if not isinstance(value, Outcome):
        raise CompactError(field, f"expected an Outcome, found {value!r}")
    winner = "-" if value.winner is None else _write_side(value.winner, field)
    return f"{_token(value.reason, field, 'the reason')}:{winner}:{_write_ints(value.scores, field)}"


def _r_outcome(t: Tables, text: str) -> Outcome:
    field = "outcome"
    parts = text.split(":")
    if len(parts) != 3 or not _NAME.match(parts[0]):
        raise CompactError(field, f"expected <reason>:<winner A, S or ->:<score>.<score>, got {text!r}")
    winner = _seat(parts[1], field)
    return Outcome(parts[0], None if winner == NO_ONE else winner, _ints(parts[2], field))


def _w_rng(t: Tables, value: Any) -> str:
    if not isinstance(value, Rng):
        raise CompactError("rng", f"expected a generator, found {value!r}")
    return str(_check_int(value.state, "rng"))


def _none(t: Tables) -> Any:
    return None


# (name, writer, reader, default): the tags in the order they are written
TAGS: tuple[tuple[str, Writer, Reader, Default | None], ...] = (
    ("chance", *_opt_choice(CHANCES, "chance"), _none),
    ("chance_left", *_int_tag("chance_left"), lambda t: 0),
    ("event", _w_event, _r_event, _none),
    ("event_flags", _w_flags, _r_flags, lambda t: []),
    ("event_pending", _w_event_pending, _r_event_pending, _none),
    ("pending", _w_pending, _r_pending, _none),
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
    ("battle", _w_battle, _r_battle, _none),
    ("eor_step", *_int_tag("eor_step"), lambda t: 0),
    ("eor_seat", *_seat_tag("eor_seat"), lambda t: 0),
    ("eor_pending", _w_eor_pending, _r_eor_pending, _none),
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
    ("rng", _w_rng, lambda t, x: Rng(_int(x, "rng")), None),  # required
)
TAG_NAMES = tuple(name for name, *_ in TAGS)


# ----- the public functions ------------------------------------------------------------------
def to_compact(game: PolisGame, state: PolisState) -> str:
    """The one-line compact form of ``state`` (grammar: see the module docstring)."""
    t, s = game.tables, state
    if s.edition != t.edition:
        raise CompactError("edition", f"the state is of edition {s.edition!r}, the game of {t.edition!r}")
    if not 0 <= _check_int(s.round, "round") < len(t.round_names):
        raise CompactError("round", f"round index {s.round} is outside the edition's {len(t.round_names)} rounds")
    if s.phase not in PHASES:
        raise CompactError("phase", f"unknown phase {s.phase!r}")
    for name, n in (("goods", 2 * N_GOODS), ("prestige", 2), ("supply_cubes", 2), ("supply_discs", 2),
                    ("merchants_supply", 2), ("merchants_port", 2), ("proxenos", 2), ("passed", 2)):
        _expect_len(getattr(s, name), n, name)
    out = [t.edition, t.round_names[s.round], s.phase, _write_seat(s.active, "active"),
           _player_text(t, s, 0), _player_text(t, s, 1), _board_text(t, s), _poleis_text(t, s)]
    for name, write, _, default in TAGS:
        value = getattr(s, name)
        if default is not None and _same(value, default(t)):
            continue
        out.append(f"{name}={write(t, value)}")
    return " ".join(out)


def _same(value: Any, default: Any) -> bool:
    return type(value) is type(default) and bool(value == default)


def from_compact(game: PolisGame, text: str) -> PolisState:
    """Read a position written by :func:`to_compact`; raise :class:`CompactError` naming the field
    at fault if ``text`` is not one."""
    t = game.tables
    tokens = text.split()
    names = ("edition", "round", "phase", "active", "A player", "S player", "board", "poleis")
    if len(tokens) < N_POSITIONAL:
        missing = names[len(tokens)]
        raise CompactError(missing, f"missing: a position starts with {N_POSITIONAL} fields "
                                    f"({', '.join(names)}), found {len(tokens)}")
    edition, round_name, phase, active, athens, sparta, board, poleis = tokens[:N_POSITIONAL]
    if edition != t.edition:
        raise CompactError("edition", f"expected {t.edition!r} (the game's edition), got {edition!r}")
    if round_name not in t.round_names:
        raise CompactError("round", f"unknown round {round_name!r} (one of {', '.join(t.round_names)})")
    if phase not in PHASES:
        raise CompactError("phase", f"unknown phase {phase!r} (one of {', '.join(PHASES)})")
    s = _blank(t)
    s.round = t.round_names.index(round_name)
    s.phase = phase
    s.active = _seat(active, "active")
    _read_player(t, s, 0, athens)
    _read_player(t, s, 1, sparta)
    _read_board(t, s, board)
    _read_poleis(t, s, poleis)
    readers = {name: read for name, _, read, _ in TAGS}
    seen: set[object] = set()
    for token in tokens[N_POSITIONAL:]:
        key, eq, value = token.partition("=")
        if not eq or not value:
            raise CompactError(key or token, f"expected field=value after the {N_POSITIONAL} positional fields, "
                                             f"got {token!r}")
        if key not in readers:
            raise CompactError(key, f"unknown field (one of {', '.join(TAG_NAMES)})")
        _once(seen, key, key, key)
        setattr(s, key, readers[key](t, value))
    if "rng" not in seen:
        raise CompactError("rng", "missing: the generator state is required (rng=<n>)")
    return s


def _blank(t: Tables) -> PolisState:
    """A state with every field at the compact form's default (the positional fields zeroed)."""
    s = PolisState.__new__(PolisState)
    n_poleis = len(t.polis_ids)
    s.units = [0] * (t.n_regions * 2)
    s.owner = [NO_ONE] * n_poleis
    s.pop = [0] * n_poleis
    s.goods = [0] * (2 * N_GOODS)
    s.prestige = [0, 0]
    s.supply_cubes = [0, 0]
    s.supply_discs = [0, 0]
    s.merchants_supply = [0, 0]
    s.merchants_port = [0, 0]
    s.proxenos = [NO_ONE, NO_ONE]
    s.passed = [False, False]
    s.edition = t.edition
    s.round = 0
    s.phase = ROUND_START
    s.active = NO_ONE
    s.rng = Rng(0)
    for name, _, _, default in TAGS:
        if default is not None:
            setattr(s, name, default(t))
    return s
