"""Polis invariants for checked playouts: what must hold in every position and at every step.

Each problem is reported as ``"<rule ID>: <what is wrong>"``. :func:`polis_checks` bundles them
into a :class:`kleos.core.testing.Checks` for :func:`kleos.core.testing.random_playout`, with the
view hooks (the opponent's battle hand and the generator stay hidden, R-GEN-17).

Also here: :func:`rich_start`, a seeded random mid-game position (later rounds, goods, armies
big enough to fight) so playouts reach battles, sieges and later rounds that purely random play
from the set-up rarely sees; :func:`prudent_policy`, a random agent that avoids the quickest
ways to lose; and :func:`build_position`, which rebuilds the named positions of the perft files.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import Any

from kleos.core.action import Action
from kleos.core.protocol import CHANCE
from kleos.core.steps import count_step
from kleos.core.testing import Checks, verb_policy
from kleos.games.polis import positions
from kleos.games.polis.compact import CompactError, from_compact, to_compact
from kleos.games.polis.game import PolisGame
from kleos.games.polis.rules.setup import UNLIMITED_DISCS
from kleos.games.polis.state import BATTLES, OVER, TURN, PolisState
from kleos.games.polis.tables import GOODS, N_GOODS, NO_ONE, SIDES, Tables, other
from kleos.games.polis.view import PolisView

Problems = list[str]


# ----- one position -----------------------------------------------------------------------------
def state_problems(t: Tables, s: PolisState) -> Problems:
    """Every invariant of one position."""
    out: Problems = []
    out += _count_problems(t, s)
    out += _stock_problems(t, s)
    out += _map_problems(t, s)
    out += _battle_problems(t, s)
    out += _market_and_project_problems(t, s)
    out += _flow_problems(t, s)
    return out


def _count_problems(t: Tables, s: PolisState) -> Problems:
    """Pieces are conserved: cubes (R-COMP-4), merchants (R-COMP-10), discs (R-COMP-5, R-COMP-7, R-COMP-12)."""
    out: Problems = []
    limits = t.bundle.setup.limits
    n_poleis = len(t.polis_ids)
    for side, name in enumerate(SIDES):
        population = sum(s.pop[p] for p in range(n_poleis) if s.owner[p] == side)
        on_map = sum(s.units[r * 2 + side] for r in range(t.n_regions))
        if s.supply_cubes[side] + population + on_map != limits.cubes:
            out.append(f"R-COMP-4: {name} has {s.supply_cubes[side]} cubes in supply + {population} population + "
                       f"{on_map} units = {s.supply_cubes[side] + population + on_map}, not {limits.cubes}")
        if s.supply_cubes[side] < 0:
            out.append(f"R-COMP-4: {name} has {s.supply_cubes[side]} cubes in supply")
        on_slots = sum(1 for m in s.slot_merchant if m == side)
        merchants = s.merchants_supply[side] + s.merchants_port[side] + on_slots
        if merchants != limits.merchants:
            out.append(f"R-COMP-10: {name} has {s.merchants_supply[side]} merchants in supply + "
                       f"{s.merchants_port[side]} in port + {on_slots} on slots = {merchants}, not {limits.merchants}")
        if min(s.merchants_supply[side], s.merchants_port[side]) < 0:
            out.append(f"R-COMP-10: {name} has a negative merchant count")
        owned = sum(1 for o in s.owner if o == side)
        tribute = sum(1 for d in s.tribute_disc if d == side)
        siege = sum(s.siege_discs[p * 2 + side] for p in range(n_poleis))
        total = limits.discs if limits.discs is not None else UNLIMITED_DISCS
        discs = s.supply_discs[side] + owned + tribute + siege
        if discs != total:
            out.append(f"R-COMP-12: {name} has {s.supply_discs[side]} discs in supply + {owned} on poleis + "
                       f"{tribute} on tribute spaces + {siege} siege discs = {discs}, not {total}")
        if s.supply_discs[side] < 0:
            out.append(f"R-COMP-5: {name} has {s.supply_discs[side]} discs in supply")
    return out


def _stock_problems(t: Tables, s: PolisState) -> Problems:
    """No negative stock (R-GEN-8, R-GEN-9); [2020] goods within the board (R-GEN-11)."""
    out: Problems = []
    limits = t.bundle.setup.limits
    for side, name in enumerate(SIDES):
        if s.prestige[side] < 0:
            out.append(f"R-GEN-8: {name} has prestige {s.prestige[side]}")
        if limits.prestige_max is not None and s.prestige[side] > limits.prestige_max:
            out.append(f"R-GEN-11: {name} has prestige {s.prestige[side]} > {limits.prestige_max}")
        for g in range(N_GOODS):
            n = s.goods[side * N_GOODS + g]
            if n < 0:
                out.append(f"R-GEN-9: {name} has {n} {GOODS[g]}")
            if g not in t.goods and n != 0:
                out.append(f"R-GEN-5: {name} has {n} {GOODS[g]}, not a good of this edition")
            if limits.goods_max is not None and n > limits.goods_max:
                out.append(f"R-GEN-11: {name} has {n} {GOODS[g]} > {limits.goods_max}")
    return out


def _map_problems(t: Tables, s: PolisState) -> Problems:
    out: Problems = []
    n = t.round_values[s.round] if 0 <= s.round < len(t.round_values) else None
    if n is None:
        out.append(f"R-ROUND-1: round index {s.round} out of range")
    for r in range(t.n_regions):
        for side, name in enumerate(SIDES):
            k = s.units[r * 2 + side]
            if k < 0:
                out.append(f"R-COMP-9: {name} has {k} units in {t.region_ids[r]}")
            if n is not None and k > n:
                out.append(f"R-STACK-1: {name} has {k} units in {t.region_ids[r]} (limit {n})")
    for p, polis in enumerate(t.polis_ids):
        owner, pop = s.owner[p], s.pop[p]
        if owner not in (NO_ONE, 0, 1):
            out.append(f"R-MAP-17: {polis} has owner {owner}")
        elif owner == NO_ONE and pop != 0:
            out.append(f"R-MAP-18: neutral {polis} holds {pop} cubes")
        elif owner != NO_ONE and not 1 <= pop <= t.polis_max[p]:
            out.append(f"R-MAP-19: {SIDES[owner]}'s {polis} holds {pop} cubes (1 … {t.polis_max[p]})")
        for side, name in enumerate(SIDES):
            discs = s.siege_discs[p * 2 + side]
            if discs < 0:
                out.append(f"R-ACT-SIEGE-14: {name} has {discs} siege discs on {polis}")
            if discs and not t.rules.siege_discs:
                out.append(f"R-COMP-12: {name} has siege discs on {polis} in an edition without them")
            if discs and owner == side:
                out.append(f"R-ACT-SIEGE-24: {name} keeps siege discs on its own {polis}")
            territory = t.polis_territory[p]
            if discs and territory != NO_ONE and s.units[territory * 2 + side] == 0:
                out.append(f"R-ACT-SIEGE-28: {name} keeps siege discs on {polis} with no hoplite in "
                           f"{t.region_ids[territory]}")
    for side, name in enumerate(SIDES):
        capital = t.capital[side]
        if s.owner[capital] != side:
            out.append(f"R-MAP-25: {name} does not own its capital {t.polis_ids[capital]}")
        proxenos = s.proxenos[side]
        if proxenos != NO_ONE and not 0 <= proxenos < len(t.polis_ids):
            out.append(f"R-COMP-11: {name}'s proxenos is at {proxenos}, neither a polis nor captive")
    for territory, side in enumerate(s.tribute_disc):
        if side not in (NO_ONE, 0, 1):
            out.append(f"R-ACT-TRIBUTE-11: tribute disc {side} in {t.region_ids[territory]}")
    return out


def _battle_problems(t: Tables, s: PolisState) -> Problems:
    """Battle hands (R-BATTLE-13, R-BATTLE-33) and the deck (R-BATTLE-8)."""
    b = s.battle
    if b is None:
        return []
    out: Problems = []
    if s.phase != BATTLES:
        out.append(f"R-BATTLE-1: a battle is stored in phase {s.phase}")
    cards = t.cards(b.sea)
    if t.is_sea(b.region) != b.sea:
        out.append(f"R-BATTLE-14: battle in {t.region_ids[b.region]} has sea={b.sea}")
    for i, card in enumerate(cards):
        held = b.deck[i] + b.hands[0][i] + b.hands[1][i]
        if min(b.deck[i], b.hands[0][i], b.hands[1][i]) < 0:
            out.append(f"R-BATTLE-8: negative count of {card.code}")
        if held > card.copies:
            out.append(f"R-BATTLE-8: {held} copies of {card.code} in deck and hands, only {card.copies} exist")
    for side, name in enumerate(SIDES):
        hand = sum(b.hands[side])
        units = s.units[b.region * 2 + side]
        if hand > units:
            out.append(f"R-BATTLE-13: {name} holds {hand} cards with {units} units in {t.region_ids[b.region]}")
        if b.phase == "attack" and not b.played and hand != units:
            out.append(f"R-BATTLE-33: {name} starts a combat round with {hand} cards and {units} units")
    return out


def _market_and_project_problems(t: Tables, s: PolisState) -> Problems:
    out: Problems = []
    for g in t.tradable:
        if not 0 <= s.market_pos[g] < t.track_len:
            out.append(f"R-ACT-TRADE-16: {GOODS[g]} market marker at {s.market_pos[g]} (track 0 … {t.track_len - 1})")
    n = t.round_values[s.round] if 0 <= s.round < len(t.round_values) else 0
    for slot, side in enumerate(s.slot_merchant):
        if side not in (NO_ONE, 0, 1):
            out.append(f"R-COMP-10: slot {slot} holds merchant {side}")
        elif side != NO_ONE and t.slots[slot].value > n:
            out.append(f"R-ACT-TRADE-5: a merchant on a cargo of {t.slots[slot].value} in a round of value {n}")
    tiles: list[int] = [*s.project_pile, *s.projects_face_up]
    tiles += [tile for tile in s.project_started if tile != -1]
    for done in s.projects_done:
        tiles += list(done)
    if len(set(tiles)) != len(tiles):
        out.append(f"R-COMP-1: project tiles appear twice: {sorted(x for x in tiles if tiles.count(x) > 1)}")
    if any(not 0 <= x < len(t.projects) for x in tiles) or len(tiles) > len(t.projects):
        out.append(f"R-COMP-1: {len(tiles)} project tiles in play, at most {len(t.projects)}")
    for polis, tile in enumerate(s.project_started):
        if tile != -1 and 0 <= tile < len(t.projects) and polis not in t.projects[tile].poleis:
            out.append(f"R-ACT-PROJECT-2: {t.projects[tile].id} started in {t.polis_ids[polis]}")
    return out


def _flow_problems(t: Tables, s: PolisState) -> Problems:
    out: Problems = []
    if (s.phase == OVER) != (s.outcome is not None):
        out.append(f"R-END-1: phase {s.phase} with outcome {s.outcome}")
    if s.phase == TURN and s.chance is None and s.passed[s.active]:
        out.append(f"R-TURN-5: {SIDES[s.active]} acts after passing")
    if s.phase == TURN and not s.passed[other(s.active)]:
        taken = s.turn_actions
        if len(taken) > 2 or len(set(taken)) != len(taken):
            out.append(f"R-TURN-3: {SIDES[s.active]}'s turn holds the actions {list(taken)}")
    return out


# ----- one step ---------------------------------------------------------------------------------
def step_problems(t: Tables, before: PolisState, seat: int, action: Action, after: PolisState) -> Problems:
    """Invariants of one step: proxenoi (R-COMP-11, R-MAP-23), tiles never come back, one step counted."""
    out: Problems = []
    if after.steps != before.steps + 1:
        out.append(f"PROTOCOL: step counter went from {before.steps} to {after.steps}")
    if after.round < before.round:
        out.append(f"R-ROUND-4: round went back from {before.round} to {after.round}")
    a, b = after.proxenos
    if a == b != NO_ONE and before.proxenos != after.proxenos:
        ransom = action.verb == "ransom" or (action.verb == "toll" and before.pending == ("toll", "ransom"))
        if not ransom:
            out.append(f"R-MAP-23: both proxenoi in {t.polis_ids[a]} after '{action}' (only a ransom may do that)")
    for side, name in enumerate(SIDES):
        was, now = before.proxenos[side], after.proxenos[side]
        if was != NO_ONE and now == NO_ONE and after.owner[was] != other(side):
            out.append(f"R-ACT-SIEGE-20: {name}'s proxenos was captured in {t.polis_ids[was]}, "
                       "which the opponent did not take")
        if was == NO_ONE and now != NO_ONE and now != t.capital[side]:
            out.append(f"R-ACT-RANSOM-5: {name}'s proxenos came back to {t.polis_ids[now]}, not its capital")
    if after.round > before.round:
        if any(d != NO_ONE for d in after.tribute_disc) or any(after.siege_discs):
            out.append("R-PREP-3: tribute or siege discs left on the board into the next round (R-PREP-11)")
        if any(m != NO_ONE for m in after.slot_merchant):
            out.append("R-PREP-5: merchants left on the markets into the next round (R-PREP-12)")
        if any(x != -1 for x in after.project_started):
            out.append("R-EOR-6: a started project was not completed at the end of the round")
    old = _tiles(before)
    new = _tiles(after)
    if not new <= old:
        out.append(f"R-COMP-1: project tiles {sorted(new - old)} came back into play")
    return out


def _tiles(s: PolisState) -> set[int]:
    tiles = {*s.project_pile, *s.projects_face_up, *(x for x in s.project_started if x != -1)}
    for done in s.projects_done:
        tiles.update(done)
    return tiles


# ----- views (R-GEN-17) -------------------------------------------------------------------------
def view_problems(s: PolisState, view: PolisView, seat: int | None) -> Problems:
    """A view hides the other hand(s) and the generator, and shows everything else exactly."""
    out: Problems = []
    v = view.state
    if view.seat != seat:
        out.append(f"R-GEN-17: view for seat {seat} says seat {view.seat}")
    if v.rng.state != 0:
        out.append("R-GEN-17: the view holds the generator state")
    real, seen = s.to_json(), v.to_json()
    for key in real:
        if key not in ("rng", "battle") and real[key] != seen.get(key):
            out.append(f"R-GEN-17: the view changes open information '{key}'")
    if (s.battle is None) != (v.battle is None):
        out.append("R-GEN-17: the view adds or drops the battle")
    if s.battle is None or v.battle is None:
        return out
    b, vb = s.battle, v.battle
    unseen = list(b.deck)
    for side, name in enumerate(SIDES):
        if side == seat:
            if vb.hands[side] != b.hands[side]:
                out.append(f"R-GEN-17: {name} does not see its own hand")
            continue
        if any(vb.hands[side]):
            out.append(f"R-GEN-17: the view of seat {seat} shows {name}'s hand")
        if view.hidden_hand_sizes[side] != sum(b.hands[side]):
            out.append(f"R-GEN-17: {name}'s hidden hand size shown as {view.hidden_hand_sizes[side]}")
        unseen = [d + h for d, h in zip(unseen, b.hands[side], strict=True)]
    if vb.deck != unseen:
        out.append("R-GEN-17: the view's unseen cards are not the deck plus the hidden hands")
    for name in ("region", "sea", "attacker", "deal", "played", "losses", "phase", "retreat_queue", "rounds"):
        if getattr(b, name) != getattr(vb, name):
            out.append(f"R-GEN-17: the view changes the battle's open '{name}'")
    return out


def hidden_variants(s: PolisState, seat: int | None, limit: int = 3) -> list[PolisState]:
    """Positions that differ from ``s`` only in cards ``seat`` cannot see: one card of a hidden
    hand swapped with a card of another type from the deck (same hand size)."""
    b = s.battle
    out: list[PolisState] = []
    if b is None:
        return out
    for side in (0, 1):
        if side == seat:
            continue
        for i, held in enumerate(b.hands[side]):
            if not held:
                continue
            for j, left in enumerate(b.deck):
                if j == i or not left:
                    continue
                variant = s.copy()
                vb = variant.battle
                assert vb is not None
                vb.hands[side][i] -= 1
                vb.hands[side][j] += 1
                vb.deck[j] -= 1
                vb.deck[i] += 1
                out.append(variant)
                if len(out) >= limit:
                    return out
                break
    return out


# ----- notation ---------------------------------------------------------------------------------
def notation_problems(game: PolisGame, s: PolisState) -> Problems:
    """The compact one-line form and the position text both read back to the same position, and
    the compact form is stable (bug reports and fixtures rebuild positions from these)."""
    out: Problems = []
    try:
        compact = to_compact(game, s)
        back = from_compact(game, compact)
    except CompactError as exc:
        return [f"NOTATION: the compact form fails: {exc}"]
    if back != s:
        out.append(f"NOTATION: the compact form {compact!r} reads back to another position")
    elif to_compact(game, back) != compact:
        out.append("NOTATION: the compact form is not stable under a round trip")
    if game.parse_position(game.position_text(s)) != s:
        out.append("NOTATION: the position text reads back to another position")
    return out


def polis_checks(game: PolisGame, every: int = 1, apply_all: bool = True,
                 replay: bool = True) -> Checks[PolisState, PolisView]:
    """All the generic checks plus the Polis invariants and view hooks."""
    t = game.tables

    def invariant(s: PolisState) -> Iterable[str]:
        return state_problems(t, s)

    def transition(before: PolisState, seat: int, action: Action, after: PolisState) -> Iterable[str]:
        return step_problems(t, before, seat, action, after)

    return Checks(every=every, apply_all=apply_all, invariants=(invariant,), transitions=(transition,),
                  secrets=hidden_variants, view_check=view_problems, replay=replay)


# ----- playout helpers --------------------------------------------------------------------------
CHANCE_STEPS = 1_000
"""The set-up's chance steps (4 in both editions) pass this only when a rule keeps dealing."""
MILITARY_VERBS = frozenset({"march", "sail", "siege", "tribute"})


def prudent_policy(rnd: random.Random, s: PolisState, seat: int, legal: list[Action]) -> Action:
    """A random agent that rarely passes early, keeps some prestige for the end of round and feeds
    with prestige only when it can afford it; otherwise :func:`kleos.core.testing.verb_policy`."""
    keep = legal
    verbs = {a.verb for a in legal}
    if s.phase == TURN and s.pending is None:
        if "pass" in verbs and len(verbs) > 1 and rnd.random() < 0.85:
            keep = [a for a in keep if a.verb != "pass"]
        if s.prestige[seat] <= 3:
            safe = [a for a in keep if a.verb not in MILITARY_VERBS]
            keep = safe or keep
    elif "feed" in verbs and "release" in verbs:
        keep = [a for a in legal if a.verb == ("feed" if s.prestige[seat] > 4 else "release")]
    elif "retreat" in verbs and s.prestige[seat] <= 3:
        keep = [a for a in legal if a.verb == "fight"]
    elif any(a.verb == "phoros" for a in legal) and s.prestige[seat] <= 5:
        keep = [Action("phoros", (0,))]
    return verb_policy(rnd, s, seat, keep or legal)


def rich_start(game: PolisGame, seed: int) -> PolisState:
    """A seeded random mid-game position: any round, either side to act, more prestige and goods,
    extra poleis, merchants in port, proxenoi moved and armies large enough to fight. Every piece
    count stays conserved (the builders of :mod:`kleos.games.polis.positions` move pieces to and
    from the supply)."""
    t = game.tables
    rnd = random.Random(seed)
    round_index = rnd.randrange(len(t.round_values))
    faces = rnd.sample(range(len(t.projects)), 3)
    s = positions.turn_position(game, round=round_index, active=rnd.choice(SIDES), seed=seed,
                                projects=tuple(t.projects[x].id for x in faces))
    n = t.round_values[round_index]
    for side in (0, 1):
        s.prestige[side] = rnd.randint(3, 14)
        for g in t.goods:
            s.goods[side * N_GOODS + g] = rnd.randint(1, 12)
    neutral = [p for p in range(len(t.polis_ids)) if s.owner[p] == NO_ONE]
    for p in rnd.sample(neutral, rnd.randint(0, 6)):
        side = rnd.randrange(2)
        pop = rnd.randint(1, t.polis_max[p])
        if s.supply_cubes[side] >= pop + 6:
            positions.set_polis(game, s, t.polis_ids[p], side, pop)
    regions = rnd.sample(range(t.n_regions), rnd.randint(2, 6))
    for r in regions:
        for side in (0, 1):
            want = rnd.randint(n - 2 if n >= 4 else 0, n)
            have = s.units[r * 2 + side]
            if want > have and s.supply_cubes[side] < want - have:
                continue
            counts = {"athens": want} if side == 0 else {"sparta": want}
            positions.set_units(game, s, t.region_ids[r], **counts)
    for side in (0, 1):
        extra = rnd.randint(0, 3)
        s.merchants_supply[side] -= extra
        s.merchants_port[side] += extra
    spots = rnd.sample(range(len(t.polis_ids)), 2)
    if rnd.random() < 0.5:
        s.proxenos = [spots[0], spots[1]]
    if rnd.random() < 0.15:
        s.proxenos[rnd.randrange(2)] = NO_ONE  # captive
    return s


# ----- named positions (perft files) ------------------------------------------------------------
def build_position(game: PolisGame, spec: Mapping[str, Any]) -> PolisState:
    """A position from its description in a perft file.

    ``start``: ``{"seed": k}`` (the set-up; with ``"first_decision": true`` the round-start chance
    events are resolved from the generator) or ``{"turn": {"round": r, "active": side, "seed": k,
    "projects": [...]}}`` (:func:`kleos.games.polis.positions.turn_position`). ``edits``: changes that
    keep the piece counts (``["units", region, athens, sparta]``, ``["polis", polis, owner, pop]``,
    ``["goods", side, {good: n}]``, ``["prestige", side, n]``, ``["merchants", side, in_port]``,
    ``["proxenos", side, polis or null]``). ``actions``: notation, chance outcomes included, each
    applied with full validation.
    """
    start = spec["start"]
    if "turn" in start:
        turn = start["turn"]
        s = positions.turn_position(game, round=int(turn.get("round", 0)), active=str(turn.get("active", "sparta")),
                                    seed=int(turn.get("seed", 0)), projects=tuple(turn.get("projects", ())))
    else:
        s = game.new_state(int(start["seed"]))
        if start.get("first_decision"):
            steps = 0
            while game.is_chance(s):
                steps = count_step(steps, CHANCE_STEPS, "the chance steps before the first decision")
                game.step_chance(s)
    t = game.tables
    for edit in spec.get("edits", ()):
        kind, *args = edit
        if kind == "units":
            positions.set_units(game, s, args[0], athens=args[1], sparta=args[2])
        elif kind == "polis":
            positions.set_polis(game, s, args[0], args[1], int(args[2]))
        elif kind == "goods":
            positions.set_goods(s, args[0], **{str(k): int(v) for k, v in args[1].items()})
        elif kind == "prestige":
            positions.set_prestige(s, args[0], int(args[1]))
        elif kind == "merchants":
            side = positions.side_index(args[0])
            total = s.merchants_supply[side] + s.merchants_port[side]
            s.merchants_port[side] = int(args[1])
            s.merchants_supply[side] = total - int(args[1])
        elif kind == "proxenos":
            side = positions.side_index(args[0])
            s.proxenos[side] = NO_ONE if args[1] is None else t.polis_index[args[1]]
        else:
            raise ValueError(f"unknown edit {kind!r}")
    for text in spec.get("actions", ()):
        game.apply_in_place(s, Action.parse(text))
    return s


def to_act(game: PolisGame, s: PolisState) -> str:
    """Who acts: a seat name, ``chance`` or ``over``."""
    seat = game.current_seat(s)
    if seat is None:
        return "over"
    return "chance" if seat == CHANCE else game.seat_names[seat]
