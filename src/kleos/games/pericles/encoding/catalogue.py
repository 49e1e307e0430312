"""The Pericles action catalogue: every action a game can offer, numbered in a fixed order.

:func:`catalogue_for` lists, from the game's tables alone (scenario and options), the actions of
every rule module in their notation, by section (each in the tables' order; an action is listed
once, at its first place):

1. ``cards``: ``keep`` (every set of 0-3 cards of a side, P-HAND-2), ``entourage <card>``,
   ``play <card>``, ``council yes|no``, ``hostage yes|no``.
2. ``assembly``: ``issue <kind>``, ``debate <kind> <box>`` (boxes -6..6: a captured issue is never
   debated, P-ASSEMBLY-4), ``stop yes|no``.
3. ``political``: ``lend <kind>``, ``cit``/``col``/``kry``/``ago`` (P-POLISSUE-4..8), ``relocate``,
   ``plague``, ``demobilise``.
4. ``theater``: ``place <faction> <kind> <theater>``, ``reveal <theater>``, ``decline``, ``resolve``,
   ``commit`` (open diplomacy, with the treason markers removed), ``secret <n>``, ``league``,
   ``oracle``, ``raid``.
5. ``military``: ``build``, ``expedition``, ``move``, ``step``, ``done``, ``ship``, ``row``, ``split``,
   ``casualty``, ``raze``, ``second``, ``gold``.
6. ``final``: ``redeploy``, ``eliminate``, ``disband``, ``callias``, ``scuttle``.

Chance outcomes (``aristophanes``, ``deal``, ``advisor``, ``draw``) are numbered apart.

Why every legal action has an index: names (cards, theaters, pieces, issue and marker kinds, seats)
come from the tables the rules build their actions from; numbers are bounded by the rules: at most
3 Strategos in open diplomacy (P-DIPLO-1), 5 in secret (P-DIPLO-7, P-EXPED-2), 5 for an expedition
(P-EXPED-1), 3 bases per theater (P-COMP) for home and League builds, 3 Agoge units (P-POLISSUE-8),
and a casualty split at most the units on the map (the sum of the piece limits).
``tests/pericles/test_per_encoding.py`` checks it over seeded random games of both scenarios.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import combinations

from kleos.adapters.actions import ActionCatalogue
from kleos.core.action import Action, act
from kleos.core.kit.encoding import per_tables
from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.rules import diplomatic, expedition, hand, military, political
from kleos.games.pericles.tables import FACTIONS, MARKER_KINDS, N_THEATERS, PERSIA, PIECES, SIDES, Tables

SECTIONS = ("cards", "assembly", "political", "theater", "military", "final")
YES_NO = ("yes", "no")
UNITS = ("naval", "land")

Actions = Iterator[Action]


def _each(verb: str, names: Iterable[str | int]) -> Actions:
    return (act(verb, name) for name in names)


def _yes_no(*verbs: str) -> Actions:
    return (act(verb, answer) for verb in verbs for answer in YES_NO)


def _trips(t: Tables, verb: str) -> Actions:
    """``<verb> <theater> <piece> <theater>``: a unit moved, redeployed or relocated."""
    keys = t.theater_keys
    return (act(verb, a, p, b) for a in keys for p in PIECES for b in keys if b != a)


def _pairs(t: Tables, verb: str) -> Actions:
    """``<verb> <theater> <piece>``: a unit removed in a theater."""
    return (act(verb, th, p) for th in t.theater_keys for p in PIECES)


def max_bases(t: Tables) -> int:
    return t.data.counters.max_bases_per_theater


def split_cap(t: Tables) -> int:
    """The most units a casualty split can count: every piece on the map."""
    return sum(t.piece_limits)


def _cards(t: Tables) -> Actions:
    for side in range(len(SIDES)):
        ids = sorted(t.card_ids[c] for c in (*t.side_cards[side], *(t.leader_of[f] for f in (2 * side, 2 * side + 1))))
        for n in range(hand.ENTOURAGE_SIZE + 1):
            yield from (Action("keep", combo) for combo in combinations(ids, n))
    yield from _each("entourage", t.card_ids)
    yield from _each("play", t.card_ids)
    yield from _yes_no("council", "hostage")


def issue_kinds(t: Tables) -> tuple[str, ...]:
    return tuple(dict.fromkeys(k for side in t.issue_kinds for k in side))


def _assembly(t: Tables) -> Actions:
    kinds = issue_kinds(t)
    yield from _each("issue", kinds)
    yield from (act("debate", k, box) for k in kinds for box in range(-6, 7))
    yield from _yes_no("stop")


def _political(t: Tables) -> Actions:
    keys = t.theater_keys
    yield from _each("lend", MARKER_KINDS)
    for verb in ("cit", "col"):
        yield act(verb, "none")
        yield from (act(verb, th, unit) for th in keys for unit in UNITS)
    yield act("kry", "none")
    yield from _each("kry", keys)
    yield act("ago", "none")
    yield from _each("ago", range(political.AGOGE_MAX + 1))
    yield from _trips(t, "relocate")
    yield from _pairs(t, "plague")
    yield from _pairs(t, "demobilise")  # Peace C (P-ARIST-4)


def _theater(t: Tables) -> Actions:
    keys = t.theater_keys
    yield from (act("place", f, k, th) for f in FACTIONS for k in MARKER_KINDS for th in keys)
    yield from _each("reveal", keys)
    yield act("decline")
    yield act("resolve")
    for k in range(diplomatic.OPEN_LIMIT + 1):
        yield act("commit", k)
        yield from (act("commit", k, a, b) for a in range(k + 1) for b in range(k + 1 - a))
    most = max(diplomatic.OWNER_SECRET, diplomatic.ENEMY_SECRET, expedition.COMMANDER_MAX, expedition.OTHER_MAX)
    yield from _each("secret", range(most + 1))
    yield from _each("league", ("persian", "argos", "base", "convert"))
    yield from (act("league", "units", n) for n in range(max_bases(t) + 1))
    yield from (act("league", "treason", who) for who in (0, 1))
    yield act("oracle", "honor")
    yield from (act("oracle", "treason", keys[th]) for th in range(PERSIA))
    yield from (act("oracle", "remove", th, p) for th in keys for p in PIECES)
    yield act("raid")


def _military(t: Tables) -> Actions:
    keys = t.theater_keys
    yield act("build", "none")
    yield from _each("build", range(max_bases(t) + 1))
    yield act("expedition")
    yield from _each("expedition", range(1, military.EXPED_MAX + 1))
    yield from _trips(t, "move")
    yield from _each("step", keys)
    yield act("done")
    yield from _yes_no("ship", "second")
    rows = dict.fromkeys(r.row_id for r in t.data.casualty_tables.rows)
    yield from _each("row", rows)
    yield act("split", "all")
    yield from _each("split", range(split_cap(t) + 1))
    yield from _each("casualty", PIECES)
    yield from _each("raze", (*PIECES, "stop"))
    yield act("gold", "done")
    yield from (act("gold", th, unit) for th in keys for unit in ("land", "naval"))


def _final(t: Tables) -> Actions:
    yield act("redeploy", "done")
    yield from _trips(t, "redeploy")
    yield from _pairs(t, "eliminate")
    yield from _pairs(t, "disband")
    yield from _yes_no("callias")
    yield from _each("scuttle", t.theater_keys[:N_THEATERS])


def _chance(t: Tables) -> Actions:
    yield from _each("aristophanes", t.arist_names)
    for verb in ("deal", "advisor"):
        for f, code in enumerate(FACTIONS):
            cards = (*t.side_cards[f // 2], t.leader_of[f])
            yield from (act(verb, code, t.card_ids[c]) for c in cards)
    for side, name in enumerate(SIDES):
        yield from (act("draw", name, t.card_ids[c]) for c in t.side_cards[side])
        yield act("draw", name, "none")


def build_catalogue(t: Tables) -> ActionCatalogue:
    """The catalogue of a game's tables (see the module docstring for the order)."""
    parts = (_cards, _assembly, _political, _theater, _military, _final)
    sections = [(name, part(t)) for name, part in zip(SECTIONS, parts, strict=True)]
    return ActionCatalogue.in_sections(f"pericles-{t.scenario.id}", sections, _chance(t))


catalogue_for = per_tables(PericlesGame, build_catalogue)
"""The (cached) catalogue of a game's tables. Called with a game or its tables."""
