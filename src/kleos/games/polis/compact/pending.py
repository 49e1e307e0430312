"""Tags for decisions in progress: an action's next step (``pending``), an event question
(``event_pending``), an end-of-round decision (``eor_pending``) and a battle (``battle``)."""

from __future__ import annotations

from typing import Any

from kleos.core.action import Action, MalformedAction
from kleos.games.polis.compact.grammar import (
    NAME,
    NUMBER,
    SIDE_LETTERS,
    CompactError,
    check_int,
    expect_len,
    lookup,
    multiset_text,
    name_of,
    names_text,
    once,
    pair,
    read_int,
    read_ints,
    read_multiset,
    read_names,
    read_side,
    token,
    write_ints,
    write_side,
)
from kleos.games.polis.state import BATTLE_PHASES, BattleState
from kleos.games.polis.tables import GOOD_INDEX, GOODS, CardInfo, Tables


def write_event_pending(t: Tables, value: Any) -> str:
    field = "event_pending"
    if not isinstance(value, tuple) or len(value) < 2:
        raise CompactError(field, f"expected (kind, side, ...), found {value!r}")
    kind, side, *data = value
    parts = [token(kind, field, "the kind"), write_side(side, field)]
    for x in data:
        parts.append(str(x) if isinstance(x, int) and not isinstance(x, bool) else token(x, field, "an item"))
    return ":".join(parts)


def read_event_pending(t: Tables, text: str) -> tuple[Any, ...]:
    field = "event_pending"
    parts = text.split(":")
    if len(parts) < 2 or not NAME.match(parts[0]):
        raise CompactError(field, f"expected kind:side[:item]..., got {text!r}")
    data: list[int | str] = []
    for x in parts[2:]:
        if NUMBER.match(x):
            data.append(int(x))
        elif NAME.match(x):
            data.append(x)
        else:
            raise CompactError(field, f"an item is a number or a name, got {x!r}")
    return (parts[0], read_side(parts[1], field), *data)


CREATE, MOVE = ("hoplites", "galleys", "merchants"), ("march", "sail")


def write_pending(t: Tables, value: Any) -> str:
    field = "pending"
    if not isinstance(value, tuple) or not value:
        raise CompactError(field, f"expected a tuple starting with its kind, found {value!r}")
    kind, *rest = value
    shape = f"a {kind} in progress has an unexpected shape: {value!r}"
    if kind in CREATE or kind in MOVE:
        if len(rest) != 2:
            raise CompactError(field, shape)
        names, what = (t.polis_ids, "polis") if kind in CREATE else (t.region_ids, "region")
        return f"{kind}:{name_of(names, rest[0], field, what)}:{check_int(rest[1], field)}"
    if kind == "tribute":
        if len(rest) != 2 or not isinstance(rest[1], tuple):
            raise CompactError(field, shape)
        return f"tribute:{name_of(t.region_ids, rest[0], field, 'region')}:{write_ints(rest[1], field)}"
    if kind == "proxenos":
        if len(rest) != 1 or not isinstance(rest[0], tuple):
            raise CompactError(field, shape)
        return f"proxenos:{names_text(rest[0], t.region_ids, field, 'region', '+')}"
    if kind == "siege":
        if len(rest) != 1:
            raise CompactError(field, shape)
        return f"siege:{name_of(t.polis_ids, rest[0], field, 'polis')}"
    if kind == "trade":
        if len(rest) != 3 or not isinstance(rest[0], bool) or not isinstance(rest[1], tuple) \
                or not isinstance(rest[2], tuple):
            raise CompactError(field, shape)
        goods = names_text(rest[1], GOODS, field, "good", "+")
        return f"trade:{'purchase' if rest[0] else 'barter'}:{goods}:{write_ints(rest[2], field)}"
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


def read_pending(t: Tables, text: str) -> tuple[Any, ...]:
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
        return (kind, lookup(t.polis_index, parts[0], field, "polis"), read_int(parts[1], field))
    if kind in MOVE:
        return (kind, lookup(t.region_index, parts[0], field, "region"), read_int(parts[1], field))
    if kind == "tribute":
        return (kind, lookup(t.region_index, parts[0], field, "region"), read_ints(parts[1], field))
    if kind == "proxenos":
        return (kind, tuple(read_names(parts[0], t.region_index, field, "region", "+")))
    if kind == "siege":
        return (kind, lookup(t.polis_index, parts[0], field, "polis"))
    if kind == "trade":
        if parts[0] not in ("purchase", "barter"):
            raise CompactError(field, f"expected purchase or barter, got {parts[0]!r}")
        goods = tuple(read_names(parts[1], GOOD_INDEX, field, "good", "+"))
        return (kind, parts[0] == "purchase", goods, read_ints(parts[2], field))
    action = parts[0].replace("~", " ")
    try:
        ok = str(Action.parse(action)) == action
    except MalformedAction:
        ok = False
    if not ok:
        raise CompactError(field, f"the tolled action {action!r} is not in the action notation")
    return (kind, action)


def write_battle(t: Tables, b: Any) -> str:
    field = "battle"
    if not isinstance(b, BattleState):
        raise CompactError(field, f"expected a battle, found {b!r}")
    if not isinstance(b.sea, bool) or b.sea != t.is_sea(check_int(b.region, field)):
        raise CompactError(field, f"sea={b.sea!r} does not match the region {b.region!r}")
    cards = t.cards(b.sea)
    codes = [c.code for c in cards]
    if b.phase not in BATTLE_PHASES:
        raise CompactError(field, f"unknown battle phase {b.phase!r}")
    parts = [name_of(t.region_ids, b.region, field, "region"), "sea" if b.sea else "land",
             write_side(b.attacker, field), b.phase]
    expect_len(b.hands, 2, field)
    expect_len(b.deal, 2, field)
    for seq, what in ((b.deck, "deck"), (b.hands[0], "A hand"), (b.hands[1], "S hand")):
        if len(seq) != len(cards):
            raise CompactError(field, f"the {what} has {len(seq)} card types, the edition {len(cards)}")
    if not isinstance(b.played, tuple) or not isinstance(b.retreat_queue, tuple):
        raise CompactError(field, "played and retreat_queue must be tuples")
    for i in b.played:
        name_of(codes, i, field, "card")
    discarded = [c.copies - check_int(n, field) - check_int(a, field) - check_int(h, field) - b.played.count(i)
                 for i, (c, n, a, h) in enumerate(zip(cards, b.deck, b.hands[0], b.hands[1], strict=True))]
    if any(n < 0 for n in discarded):
        raise CompactError(field, "the deck, hands and table hold more cards of a kind than the edition has")
    if check_int(b.rounds, field):
        parts.append(f"rounds={b.rounds}")
    if b.retreat_queue:
        parts.append("retreat_queue=" + "".join(write_side(x, field) for x in b.retreat_queue))
    if any(b.deal):
        parts.append(f"deal={write_ints(b.deal, field)}")
    if b.played:
        parts.append("played=" + names_text(b.played, codes, field, "card", "+"))
    if check_int(b.losses, field):
        parts.append(f"losses={b.losses}")
    if any(discarded):
        parts.append("discarded=" + multiset_text(discarded, codes, field, "card"))
    for side in (0, 1):
        if any(b.hands[side]):
            parts.append(f"{SIDE_LETTERS[side]}=" + multiset_text(b.hands[side], codes, field, "card"))
    return ",".join(parts)


def read_battle(t: Tables, text: str) -> BattleState:
    field = "battle"
    parts = text.split(",")
    if len(parts) < 4:
        raise CompactError(field, f"expected <region>,land|sea,<attacker>,<step>[,key=value]..., got {text!r}")
    region = lookup(t.region_index, parts[0], field, "region")
    if parts[1] not in ("land", "sea"):
        raise CompactError(field, f"expected land or sea, got {parts[1]!r}")
    sea = parts[1] == "sea"
    if sea != t.is_sea(region):
        raise CompactError(field, f"{parts[0]} is {'a sea' if t.is_sea(region) else 'a territory'}: "
                                  f"the battle is {'sea' if t.is_sea(region) else 'land'}")
    cards: tuple[CardInfo, ...] = t.cards(sea)
    index = {c.code: i for i, c in enumerate(cards)}
    b = BattleState(region, sea, read_side(parts[2], field), [c.copies for c in cards])
    if parts[3] not in BATTLE_PHASES:
        raise CompactError(field, f"unknown battle step {parts[3]!r} (one of {', '.join(BATTLE_PHASES)})")
    b.phase = parts[3]
    discarded = [0] * len(cards)
    seen: set[object] = set()
    for item in parts[4:]:
        key, value = pair(item, field, "=")
        once(seen, key, field, key)
        sub = f"battle: {key}"
        if key == "rounds":
            b.rounds = read_int(value, sub)
        elif key == "retreat_queue":
            b.retreat_queue = tuple(read_side(x, sub) for x in value)
        elif key == "deal":
            b.deal = list(read_ints(value, sub, 2))
        elif key == "played":
            b.played = tuple(read_names(value, index, sub, "card", "+"))
        elif key == "losses":
            b.losses = read_int(value, sub)
        elif key == "discarded":
            discarded = read_multiset(value, index, len(cards), sub, "card")
        elif key in SIDE_LETTERS:
            b.hands[SIDE_LETTERS.index(key)] = read_multiset(value, index, len(cards), sub, "card")
        else:
            raise CompactError(field, f"unknown key {key!r} (rounds, retreat_queue, deal, played, losses, "
                                      f"discarded, A, S)")
    b.deck = [c.copies - discarded[i] - b.hands[0][i] - b.hands[1][i] - b.played.count(i)
              for i, c in enumerate(cards)]
    if any(n < 0 for n in b.deck):
        raise CompactError(field, "the hands, the table and the discards hold more cards of a kind than the "
                                  "edition has")
    return b


def write_eor_pending(t: Tables, value: Any) -> str:
    field = "eor_pending"
    if value in (("feed",), ("phoros",)):
        return str(value[0])
    if isinstance(value, tuple) and len(value) == 2 and value[0] == "grow" and isinstance(value[1], tuple):
        expect_len(value[1], len(t.polis_ids), field)
        return "grow:" + multiset_text(value[1], t.polis_ids, field, "polis")
    raise CompactError(field, f"unknown end-of-round decision in progress {value!r}")


def read_eor_pending(t: Tables, text: str) -> tuple[Any, ...]:
    field = "eor_pending"
    if text in ("feed", "phoros"):
        return (text,)
    if text.startswith("grow:"):
        return ("grow", tuple(read_multiset(text[5:], t.polis_index, len(t.polis_ids), field, "polis")))
    raise CompactError(field, f"expected feed, phoros or grow:<polis>[*n]+... (grow:- for none), got {text!r}")
