"""The Polis observation: a fixed-length numeric vector of a position, built only from one seat's view.

:class:`ObservationEncoder` turns ``game.view(state, seat)`` (never the state itself) into a flat
``float32`` vector whose layout depends only on the edition's tables: a list of named
:class:`Block` s, each a fixed number of raw integer features (counts, or 0/1 flags and
one-hots), clipped at the block's upper bound so the vector always lies in
``[0, encoder.high]``. The layout is documented in ``docs/adapters.md``
(:func:`layout_markdown` prints the table for an edition). The research adapters reach it through
the Polis kit's encoding part (:mod:`kleos.games.polis.encoding.parts`).

:func:`view_key` is an exact, compact text of a view (for search keys such as OpenSpiel's
information state string); two views have the same key exactly when they are equal.
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import Any

from kleos.adapters.blocks import Block, BlockLayout, Vector, layout_markdown
from kleos.core.kit.encoding import IdentityCache
from kleos.core.protocol import CHANCE
from kleos.games.polis.game import PolisGame
from kleos.games.polis.rules import actions as turn_actions
from kleos.games.polis.rules.battle import BATTLE_SIZE
from kleos.games.polis.state import (
    BATTLE_PHASES,
    BATTLES,
    CHANCE_KINDS,
    END_OF_ROUND,
    LIST_FIELDS,
    PHASES,
    SCALAR_FIELDS,
    TURN,
    PolisState,
)
from kleos.games.polis.tables import GOODS, N_GOODS, SIDES
from kleos.games.polis.view import PolisView

EOR_STEPS = (0, 2, 3, 4, 6, 7, 8)
EOR_PENDING = ("feed", "grow", "phoros")
EVENT_CHOICES = ("remove", "send", "betray", "treasury", "hire", "suppress")
CREATE_VERBS = ("hoplites", "galleys", "merchants")
AWAY_FLAGS = tuple(f"away:{side}" for side in SIDES)
GOODS_CAP = 99  # goods and prestige where the edition sets no maximum ([2012])

class ObservationEncoder(BlockLayout):
    """The vector layout of one edition (tables) and the function that fills it from a view."""

    def __init__(self, game: PolisGame) -> None:
        self.game = game
        t = self.tables = game.tables
        limits = t.bundle.setup.limits
        cubes = float(limits.cubes)
        discs = float(limits.discs if limits.discs is not None else 100)
        merchants = float(limits.merchants)
        goods = float(limits.goods_max if limits.goods_max is not None else GOODS_CAP)
        prestige = float(limits.prestige_max if limits.prestige_max is not None else GOODS_CAP)
        np_, nr, nt = len(t.polis_ids), t.n_regions, t.n_territories
        n_proj, n_slots = len(t.projects), len(t.slots)
        n_cards = max(len(t.land_cards), len(t.sea_cards))
        deck = float(max(sum(c.copies for c in t.land_cards), sum(c.copies for c in t.sea_cards)))
        copies = float(max(c.copies for c in (*t.land_cards, *t.sea_cards)))
        self.kinds = tuple(turn_actions.KINDS)
        self.steps = tuple(turn_actions.STEPS)
        self.events = tuple(dict.fromkeys(ev.id for deck_ in t.event_decks for ev in deck_))
        self.event_pos = {e: i for i, e in enumerate(self.events)}
        self.n_cards = n_cards
        B = Block
        blocks = (
            B("seat", 2, 1, "the viewing seat, one-hot (Athens, Sparta); zeros for a spectator"),
            B("round", len(t.round_names), 1, "the round, one-hot"),
            B("phase", len(PHASES), 1, "phase one-hot: " + ", ".join(PHASES)),
            B("to_act", 3, 1, "who acts now: Athens, Sparta, chance"),
            B("active", 2, 1, "whose turn it is (turn phase), one-hot"),
            B("passed", 2, 1, "has passed this round, per side"),
            B("first_passer", 2, 1, "first side to pass this round, one-hot"),
            B("last_passer", 2, 1, "last side to pass, one-hot"),
            B("eor_marker", 2, 1, "[2020] holder of the end-of-round marker, one-hot"),
            B("turn_actions", len(self.kinds), 1, "action verbs taken this turn: " + ", ".join(self.kinds)),
            B("turn_create_polis", 3 * np_, 1, "per hoplites/galleys/merchants: the polis used this turn"),
            B("sieged_this_turn", np_, 1, "poleis besieged this turn"),
            B("pending_kind", len(self.steps), 1, "compound action in progress: " + ", ".join(self.steps)),
            B("pending_polis", np_, 1, "its polis (create, siege), one-hot"),
            B("pending_region", nr, 1, "its region (march/sail destination, tribute territory), one-hot"),
            B("pending_count", 1, cubes, "units created or moved so far"),
            B("pending_path", nr, 1, "regions of the proxenos path so far"),
            B("pending_assigned", N_GOODS, cubes, "tribute hoplites assigned per good (" + ", ".join(GOODS) + ")"),
            B("pending_toll", len(self.kinds), 1, "verb of the action waiting for its toll good"),
            B("chance", len(CHANCE_KINDS), 1, "pending chance event: " + ", ".join(CHANCE_KINDS)),
            B("chance_left", 1, float(n_proj), "project tiles still to draw"),
            B("prestige", 2, prestige, "prestige per side"),
            B("goods", 2 * N_GOODS, goods, "goods per side (Athens first), in the order " + ", ".join(GOODS)),
            B("supply_cubes", 2, cubes, "cubes in each supply"),
            B("supply_discs", 2, discs, "discs in each supply"),
            B("merchants_supply", 2, merchants, "merchants not yet built"),
            B("merchants_port", 2, merchants, "merchants in the commercial port"),
            B("proxenos", 2 * (np_ + 1), 1, "per side: the proxenos's polis one-hot, last feature = captive"),
            B("units", 2 * nr, cubes, "per region (territories, then seas): Athens, Sparta units"),
            B("owner", 3 * np_, 1, "per polis: neutral, Athens, Sparta one-hot"),
            B("pop", np_, cubes, "population cubes per polis"),
            B("siege_discs", 2 * np_, discs, "[2020] per polis: Athens, Sparta siege discs"),
            B("tribute_disc", 2 * nt, 1, "per territory: tribute collected this round by Athens, Sparta"),
            B("slot_merchant", 2 * n_slots, 1, "per market slot: Athens, Sparta merchant"),
            B("market_pos", N_GOODS, float(t.track_len - 1), "market track space per good"),
            B("project_pile", n_proj, 1, "tiles still face down (their order is never known)"),
            B("project_face_up", n_proj, 1, "tiles face up, available"),
            B("project_started", n_proj, 1, "tiles started this round"),
            B("project_done", n_proj, 1, "tiles completed"),
            B("polis_started", np_, 1, "poleis with a project started this round"),
            B("polis_done", np_, float(n_proj), "completed projects per polis"),
            B("event", len(self.events), 1, "this round's event card, one-hot: " + ", ".join(self.events)),
            B("event_reader", 2, 1, "who read the event card, one-hot"),
            B("event_choice", len(EVENT_CHOICES), 1, "event question pending: " + ", ".join(EVENT_CHOICES)),
            B("event_choice_side", 2, 1, "who answers it, one-hot"),
            B("event_choice_count", 1, cubes, "units sent so far (send_units)"),
            B("away", 2, cubes, "units sent away by an event, per side"),
            B("battle_size", 1, cubes, "units that start a battle this round"),
            B("battle_queue", nr, 1, "regions where a battle is still to be fought"),
            B("battle_chooser", 2, 1, "who chooses the battle order, one-hot"),
            B("after_battles", 2, 1, "battles checked after a turn, after the round"),
            B("battle_region", nr, 1, "region of the battle in progress, one-hot"),
            B("battle_sea", 1, 1, "the battle is at sea"),
            B("battle_attacker", 2, 1, "attacker of the combat round, one-hot"),
            B("battle_phase", len(BATTLE_PHASES), 1, "battle step: " + ", ".join(BATTLE_PHASES)),
            B("battle_hands", 2 * n_cards, copies, "per side: cards in hand per card type (the hidden hand is 0)"),
            B("hidden_hand_sizes", 2, deck, "cards in each hand the viewer cannot see"),
            B("battle_unseen", n_cards, copies, "cards per type the viewer has not seen (deck + hidden hands)"),
            B("battle_played", n_cards, 2, "attacker's cards on the table per type"),
            B("battle_deal", 2, deck, "cards still to deal per side"),
            B("battle_losses", 1, 2, "defender's losses in the last combat round"),
            B("battle_rounds", 1, deck, "combat rounds fought"),
            B("retreat_queue", 2, 1, "sides still to declare retreat or fight"),
            B("eor_step", len(EOR_STEPS), 1, "end-of-round step one-hot: " + ", ".join(map(str, EOR_STEPS))),
            B("eor_seat", 1, 1, "0: first passer decides, 1: the other"),
            B("eor_pending", len(EOR_PENDING), 1, "end-of-round question: " + ", ".join(EOR_PENDING)),
            B("eor_grown", np_, cubes, "cubes grown per polis this step"),
            B("outcome", 3, 1, "game over: Athens won, Sparta won, draw"),
        )
        self.lay_out(blocks)
        offsets = self.offsets
        self.kind_pos = {verb: i for i, verb in enumerate(self.kinds)}
        self.step_pos = {kind: i for i, kind in enumerate(self.steps)}
        self._owner_cache: dict[tuple[int, ...], bytes] = {}
        # state lists copied as they are: (state field, start, end)
        self._copied = tuple((field, offsets[block].start, offsets[block].stop) for block, field in (
            ("prestige", "prestige"), ("goods", "goods"), ("supply_cubes", "supply_cubes"),
            ("supply_discs", "supply_discs"), ("merchants_supply", "merchants_supply"),
            ("merchants_port", "merchants_port"), ("units", "units"), ("pop", "pop"),
            ("siege_discs", "siege_discs"), ("market_pos", "market_pos")))

    # ----- encoding ---------------------------------------------------------------------------
    def encode(self, view: PolisView) -> Vector:
        """The observation vector of ``view`` (``float32``, length :attr:`size`)."""
        return self.vector(lambda out: self._fill(view, out))

    def _fill(self, view: PolisView, out: MutableSequence[int]) -> None:
        """Write the features of ``view`` into ``out`` (all zeros, of length :attr:`size`)."""
        t, s, o = self.tables, view.state, self.start
        np_ = len(t.polis_ids)
        if view.seat is not None:
            out[o["seat"] + view.seat] = 1
        out[o["round"] + s.round] = 1
        out[o["phase"] + PHASES.index(s.phase)] = 1
        for actor in self.game.actors(s):
            out[o["to_act"] + (2 if actor == CHANCE else actor)] = 1
        if s.phase == TURN and s.active >= 0:
            out[o["active"] + s.active] = 1
        out[o["passed"]] = 1 if s.passed[0] else 0
        out[o["passed"] + 1] = 1 if s.passed[1] else 0
        for name, side in (("first_passer", s.first_passer), ("last_passer", s.last_passer),
                           ("eor_marker", s.eor_marker)):
            if side >= 0:
                out[o[name] + side] = 1
        for verb in s.turn_actions:
            out[o["turn_actions"] + self.kind_pos[verb]] = 1
        for verb, polis in s.turn_create_polis:
            out[o["turn_create_polis"] + CREATE_VERBS.index(verb) * np_ + polis] = 1
        for polis in s.sieged_this_turn:
            out[o["sieged_this_turn"] + polis] = 1
        if s.phase == TURN and s.pending:
            self._pending(s, out)
        if s.chance is not None:
            out[o["chance"] + CHANCE_KINDS.index(s.chance)] = 1
            out[o["chance_left"]] = s.chance_left
        for name, at, end in self._copied:
            out[at:end] = getattr(s, name)
        for side in (0, 1):
            where = s.proxenos[side]
            out[o["proxenos"] + side * (np_ + 1) + (where if where >= 0 else np_)] = 1
        at = o["owner"]
        owners = tuple(s.owner)
        one_hots = self._owner_cache.get(owners)
        if one_hots is None:  # a handful of ownership patterns occur in a game: build each once
            one_hots = bytes(1 if owner + 1 == k else 0 for owner in owners for k in range(3))
            if len(self._owner_cache) > 4096:
                self._owner_cache.clear()
            self._owner_cache[owners] = one_hots
        out[at:at + 3 * np_] = one_hots
        at = o["tribute_disc"]
        for territory, side in enumerate(s.tribute_disc):
            if side >= 0:
                out[at + 2 * territory + side] = 1
        at = o["slot_merchant"]
        for slot, side in enumerate(s.slot_merchant):
            if side >= 0:
                out[at + 2 * slot + side] = 1
        for name, tiles in (("project_pile", s.project_pile), ("project_face_up", s.projects_face_up)):
            for tile in tiles:
                out[o[name] + tile] = 1
        for polis, tile in enumerate(s.project_started):
            if tile >= 0:
                out[o["project_started"] + tile] = 1
                out[o["polis_started"] + polis] = 1
        for polis, done in enumerate(s.projects_done):
            if done:
                out[o["polis_done"] + polis] = len(done)
                for tile in done:
                    out[o["project_done"] + tile] = 1
        self._event(s, out)
        self._battle(view, out)
        if s.phase == END_OF_ROUND:
            if s.eor_step in EOR_STEPS:
                out[o["eor_step"] + EOR_STEPS.index(s.eor_step)] = 1
            out[o["eor_seat"]] = s.eor_seat
        pending = s.eor_pending
        if pending:
            out[o["eor_pending"] + EOR_PENDING.index(pending[0])] = 1
            if pending[0] == "grow":
                at = o["eor_grown"]
                out[at:at + np_] = pending[1]
        outcome = s.outcome
        if outcome is not None:
            out[o["outcome"] + (2 if outcome.winner is None else outcome.winner)] = 1

    def _pending(self, s: PolisState, out: MutableSequence[int]) -> None:
        t, o = self.tables, self.start
        p = s.pending
        assert p is not None
        kind = p[0]
        if kind in self.step_pos:
            out[o["pending_kind"] + self.step_pos[kind]] = 1
        if kind in CREATE_VERBS:
            out[o["pending_polis"] + p[1]] = 1
            out[o["pending_count"]] = p[2]
        elif kind in ("march", "sail"):
            out[o["pending_region"] + p[1]] = 1
            out[o["pending_count"]] = p[2]
        elif kind == "siege":
            out[o["pending_polis"] + p[1]] = 1
        elif kind == "tribute":
            out[o["pending_region"] + p[1]] = 1
            for (g, _), n in zip(t.tribute[p[1]], p[2], strict=True):
                out[o["pending_assigned"] + g] = n
        elif kind == "proxenos":
            for region in p[1]:
                out[o["pending_path"] + region] = 1
        elif kind == turn_actions.TOLL:
            verb = str(p[1]).split()[0]
            if verb in self.kind_pos:
                out[o["pending_toll"] + self.kind_pos[verb]] = 1

    def _event(self, s: PolisState, out: MutableSequence[int]) -> None:
        o = self.start
        if s.event and s.event in self.event_pos:
            out[o["event"] + self.event_pos[s.event]] = 1
            reader = s.flag("event_reader", -1)
            if reader >= 0:
                out[o["event_reader"] + reader] = 1
        ep = s.event_pending
        if ep:
            if ep[0] in EVENT_CHOICES:
                out[o["event_choice"] + EVENT_CHOICES.index(ep[0])] = 1
            out[o["event_choice_side"] + int(ep[1])] = 1
            if ep[0] == "send":
                out[o["event_choice_count"]] = int(ep[2])
        for i, name in enumerate(AWAY_FLAGS):
            out[o["away"] + i] = s.flag(name)
        out[o["battle_size"]] = s.flag("battle_size", BATTLE_SIZE)

    def _battle(self, view: PolisView, out: MutableSequence[int]) -> None:
        s, o, nc = view.state, self.start, self.n_cards
        for region in s.battle_queue:
            out[o["battle_queue"] + region] = 1
        if s.phase == BATTLES:
            if s.battle_chooser >= 0:
                out[o["battle_chooser"] + s.battle_chooser] = 1
            if s.after_battles:
                out[o["after_battles"] + ("turn", "end_of_round").index(s.after_battles)] = 1
        b = s.battle
        if b is None:
            return
        out[o["battle_region"] + b.region] = 1
        out[o["battle_sea"]] = 1 if b.sea else 0
        out[o["battle_attacker"] + b.attacker] = 1
        out[o["battle_phase"] + BATTLE_PHASES.index(b.phase)] = 1
        n = len(b.deck)
        for side in (0, 1):
            at = o["battle_hands"] + side * nc
            out[at:at + n] = b.hands[side]
        out[o["hidden_hand_sizes"]:o["hidden_hand_sizes"] + 2] = view.hidden_hand_sizes
        out[o["battle_unseen"]:o["battle_unseen"] + n] = b.deck
        for card in b.played:
            out[o["battle_played"] + card] += 1
        out[o["battle_deal"]:o["battle_deal"] + 2] = b.deal
        out[o["battle_losses"]] = b.losses
        out[o["battle_rounds"]] = b.rounds
        if b.phase == "retreat":
            for side in b.retreat_queue:
                out[o["retreat_queue"] + side] = 1


_ENCODERS: IdentityCache[PolisGame, ObservationEncoder] = IdentityCache()


def encoder_for(game: PolisGame) -> ObservationEncoder:
    """The (cached) encoder of a game."""
    return _ENCODERS.get(game, ObservationEncoder)


def view_key(view: PolisView) -> str:
    """An exact text of everything in ``view`` (equal views, equal keys; and only those)."""
    s = view.state
    parts: list[Any] = [view.seat, view.hidden_hand_sizes]
    parts.extend(getattr(s, name) for name in LIST_FIELDS)
    parts.extend(getattr(s, name) for name in SCALAR_FIELDS)
    b = s.battle
    parts.append(None if b is None else tuple(b.to_json().values()))  # the fields in slot order
    parts.append(s.outcome)
    return repr(parts)


__all__ = ["Block", "ObservationEncoder", "encoder_for", "layout_markdown", "view_key"]
