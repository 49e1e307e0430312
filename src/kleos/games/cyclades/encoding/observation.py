"""The Cyclades observation: a fixed-length numeric vector of a position, built only from one seat's view.

:class:`ObservationEncoder` turns ``game.view(state, seat)`` (never the state itself) into a flat
``float32`` vector whose layout depends only on the game's tables (player count, board, options):
a list of named :class:`Block` s of raw integer features (counts, 0/1 flags, one-hots), each clipped
at its block's upper bound, so the vector always lies in ``[0, encoder.high]``. The only secret of
Cyclades is the other seats' gold (C-INFO-1): the view shows it as hidden, and so does the vector
(``gold`` 0 and ``gold_hidden`` 1 for every seat but the viewer's). ``docs/cyclades.md`` shows the
layout (:func:`layout_markdown`).

:func:`view_key` is an exact text of a view (OpenSpiel's information state string): two views have
the same key exactly when they are equal.
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import Any

from kleos.adapters.blocks import Block, BlockLayout, Vector, layout_markdown
from kleos.core.kit.encoding import IdentityCache
from kleos.core.protocol import CHANCE
from kleos.games.cyclades.encoding.catalogue import OFFER_CAP, max_units
from kleos.games.cyclades.game import CycladesGame
from kleos.games.cyclades.rules import actions, figures, gods, metro, offer
from kleos.games.cyclades.rules.common import BUILDING_KINDS, TEMPLE, island_slots
from kleos.games.cyclades.state import (
    ACTION,
    CHANCE_KINDS,
    CREATURES,
    LIST_FIELDS,
    OFFER,
    OVER,
    SCALAR_FIELDS,
    SETUP,
)
from kleos.games.cyclades.state import GODS as GODS_PHASE
from kleos.games.cyclades.tables import EMPTY, GODS, N_GODS, NOBODY
from kleos.games.cyclades.view import HIDDEN, CycladesView

PHASES = (SETUP, CREATURES, GODS_PHASE, gods.INCOME, OFFER, offer.PAYMENT, ACTION, actions.END_OF_CYCLE, OVER)
BATTLE_STAGES = ("roll", "defender", "attacker")  # rules/battle.py ROLL, DEFENDER, ATTACKER
EFFECT_STAGES = ("first", "more", "push")  # rules/effects.py FIRST, MORE, PUSH
METRO_STAGES = ("discard", "place", "destroy")  # rules/metro.py DISCARD, PLACE, DESTROY
ISLAND_FIGURES = tuple(figures.FIGURES[f] for f in figures.ISLAND_FIGURES)
GOLD_CAP = 250  # gold shown up to the largest offering the catalogue lists
CYCLE_CAP = 99
COUNT_CAP = 99  # Priests, Philosophers and income where no supply bounds them
STEPS_CAP = 10  # creature steps left (the Sylph's ``sylph_steps``)

class ObservationEncoder(BlockLayout):
    """The vector layout of one game (its tables) and the function that fills it from a view."""

    def __init__(self, game: CycladesGame) -> None:
        self.game = game
        t = self.tables = game.tables
        p, i, s, m, c = t.players, t.n_islands, t.n_seas, t.n_markers, len(t.creature_keys)
        k, f, slots = BUILDING_KINDS, len(figures.FIGURES), len(t.slot_costs)
        units = float(max_units(t))
        priests = float(t.priests if t.priests >= 0 else COUNT_CAP)
        philosophers = float(t.philosophers if t.philosophers >= 0 else COUNT_CAP)
        copies = float(max(1, *t.deck_counts))
        temples = float(t.building_supply[TEMPLE] + t.metropolis_supply)
        seats = ", ".join(t.seat_names)
        B = Block
        blocks = (
            B("seat", p, 1, f"the viewing seat, one-hot ({seats}); zeros for a spectator"),
            B("cycle", 1, CYCLE_CAP, "the cycle (0 before the first)"),
            B("phase", len(PHASES), 1, "phase one-hot: " + ", ".join(PHASES)),
            B("chance", len(CHANCE_KINDS), 1, "pending chance event: " + ", ".join(CHANCE_KINDS)),
            B("to_act", p + 1, 1, "who acts now: the seats, then chance"),
            B("gold", p, GOLD_CAP, "gold per seat as the view shows it: the viewer's own, 0 where hidden"),
            B("gold_hidden", p, 1, "1 for each seat whose gold the view hides (C-INFO-1)"),
            B("priests", p, priests, "Priests per seat"),
            B("philosophers", p, philosophers, "Philosophers per seat"),
            B("income", p, COUNT_CAP, "income per seat now (C-INCOME-1..4)"),
            B("metropolises", p, float(t.metropolis_supply), "Metropolises per seat"),
            B("temples_used", p, temples, "Temple discounts used this cycle per seat (C-BUILD-7)"),
            B("island_owner", i * (p + 1), 1, "per island: owner one-hot (the seats, then nobody)"),
            B("island_troops", i, float(t.troops_max), "per island: troops"),
            B("island_markers", i, float(t.prosperity_markers), "per island: Apollo prosperity markers"),
            B("island_metropolis", i, 1, "per island: a Metropolis"),
            B("island_buildings", i * k, float(max(t.island_slots)),
              "per island: buildings per type (" + ", ".join(t.building_names) + ")"),
            B("island_figures", i * len(ISLAND_FIGURES), 1,
              "per island: active figures (" + ", ".join(ISLAND_FIGURES) + ")"),
            B("sea_owner", s * (p + 1), 1, "per sea: fleet owner one-hot (the seats, then nobody)"),
            B("sea_fleets", s, float(t.fleets_max), "per sea: fleets"),
            B("sea_kraken", s, 1, "per sea: the active Kraken"),
            B("figure_seat", f * p, 1, "per figure (" + ", ".join(figures.FIGURES) + "): its summoner while active"),
            B("track", slots * c, 1,
              "per creature slot (" + ", ".join(map(str, t.slot_costs)) + " GP): its card, one-hot"),
            B("deck", c, copies, "cards per creature left in the deck (a multiset: C-INFO-3)"),
            B("discard", c, copies, "cards per creature on the discard pile"),
            B("god_at", N_GODS * N_GODS, 1, "per god-track position: its god one-hot (" + ", ".join(GODS) + ")"),
            B("god_up", N_GODS, 1, "per god-track position: face up this cycle"),
            B("bid", N_GODS, float(OFFER_CAP), "per god: the offering on it"),
            B("bidder", N_GODS * m, 1,
              "per god: the offering marker on it, one-hot (marker m is seat m // markers per seat)"),
            B("apollo", m, float(m), "per marker: its Apollo space (1 = first), 0 when not on Apollo"),
            B("turn_order", m * m, 1, "per turn-order space: its marker, one-hot"),
            B("next_order", m * m, 1, "per space of next cycle's turn order: its marker, one-hot"),
            B("queue", m, float(m), "per marker: its place in the action queue (1 = acting), 0 when not queued"),
            B("displaced", m, 1, "the outbid marker that must be placed again, one-hot"),
            B("displaced_from", N_GODS, 1, "the god it lost, one-hot"),
            B("offer_index", 1, float(m), "initial placements made this cycle"),
            B("apollo_choice", 1, 1, "the first Apollo player chooses a prosperity island"),
            B("pair_second", 1, 1, "3 players: the second cycle of a pair (C-GODS-7)"),
            B("battle_place", i + s, 1, "the battle's island or sea, one-hot (islands, then seas)"),
            B("battle_attacker", p, 1, "the attacker, one-hot"),
            B("battle_defender", p, 1, "the defender, one-hot"),
            B("battle_attack", 1, units, "the attacker's units in the battle"),
            B("battle_stage", len(BATTLE_STAGES), 1, "battle step: " + ", ".join(BATTLE_STAGES)),
            B("voyage_sea", s, 1, "a fleet move going on: the group's sea, one-hot"),
            B("voyage_left", 1, 3, "its steps left"),
            B("effect_seat", p, 1, "a creature's effect going on: its summoner, one-hot"),
            B("effect_card", c, 1, "its creature, one-hot"),
            B("effect_stage", len(EFFECT_STAGES), 1, "its step: " + ", ".join(EFFECT_STAGES)),
            B("effect_left", 1, STEPS_CAP, "its steps left (the Sylph)"),
            B("effect_from", s, 1, "the sea it remembers (Siren, Sylph, Kraken, Polyphemus' push), one-hot"),
            B("effect_chimera", 1, 1, "the effect is resolved through the Chimera"),
            B("recruited", 1, float(max(len(x) for x in t.recruit_costs)), "units recruited this turn"),
            B("metro_seat", p, 1, "a Metropolis being gained: its owner, one-hot"),
            B("metro_stage", len(METRO_STAGES), 1, "its question: " + ", ".join(METRO_STAGES)),
            B("metro_todo", k, 1, "building types still to choose for discarding"),
            B("metro_island", i, 1, "the island being cleared, one-hot"),
            B("swap_slot", slots, 1, "the creature slot a Zeus swap refills next, one-hot"),
            B("outcome", p + 1, 1, "game over: the winner one-hot, or the last feature when nobody won"),
        )
        self.lay_out(blocks)
        offsets = self.offsets
        # where each island's and sea's owner one-hot starts, and each slot's building counts (less 1:
        # ``buildings[slot]`` is 1 + the building type)
        self._island_at = tuple(offsets["island_owner"].start + n * (p + 1) for n in range(i))
        self._sea_at = tuple(offsets["sea_owner"].start + n * (p + 1) for n in range(s))
        self._slot_at = tuple(offsets["island_buildings"].start + n * k - 1
                              for n in range(i) for _ in island_slots(t, n))
        # state lists copied as they are: (state field, start, end)
        self._copied = tuple((field, offsets[block].start, offsets[block].stop) for block, field in (
            ("priests", "priests"), ("philosophers", "philosophers"), ("temples_used", "temples_used"),
            ("island_troops", "troops"), ("island_markers", "markers"), ("island_metropolis", "metropolis"),
            ("sea_fleets", "fleets"), ("deck", "deck"), ("god_up", "gods_up")))

    # ----- encoding ---------------------------------------------------------------------------
    def encode(self, view: CycladesView) -> Vector:
        """The observation vector of ``view`` (``float32``, length :attr:`size`)."""
        return self.vector(lambda out: self._fill(view, out))

    def _fill(self, view: CycladesView, out: MutableSequence[int]) -> None:
        """Write the features of ``view`` into ``out`` (all zeros, of length :attr:`size`)."""
        t, s, o = self.tables, view.state, self.start
        p = t.players
        if view.seat is not None:
            out[o["seat"] + view.seat] = 1
        out[o["cycle"]] = s.cycle
        if s.phase in PHASES:
            out[o["phase"] + PHASES.index(s.phase)] = 1
        if s.chance in CHANCE_KINDS:
            out[o["chance"] + CHANCE_KINDS.index(s.chance)] = 1
        for actor in self.game.actors(s):
            out[o["to_act"] + (p if actor == CHANCE else actor)] = 1
        for seat in range(p):
            gold = s.gold[seat]
            if gold == HIDDEN:
                out[o["gold_hidden"] + seat] = 1
            else:
                out[o["gold"] + seat] = gold
        self._board(view, out)
        self._gods(view, out)
        self._prompts(view, out)

    def _board(self, view: CycladesView, out: MutableSequence[int]) -> None:
        t, s, o = self.tables, view.state, self.start
        p = t.players
        for field, at, end in self._copied:
            out[at:end] = getattr(s, field)
        # owners, with income (C-INCOME-1..4, as ``rules.common.income`` counts it) and Metropolises
        # per seat in the same pass
        at_income, at_metro = o["income"], o["metropolises"]
        for at, owner, printed, markers, metropolis in zip(self._island_at, s.owner, t.island_prosperity,
                                                            s.markers, s.metropolis, strict=True):
            if owner == NOBODY:
                out[at + p] = 1
            else:
                out[at + owner] = 1
                out[at_income + owner] += printed + markers
                out[at_metro + owner] += metropolis
        for at, building in zip(self._slot_at, s.buildings, strict=True):
            if building:
                out[at + building] += 1
        for at, owner, fleets, trade in zip(self._sea_at, s.fleet_owner, s.fleets, t.sea_trade, strict=True):
            if owner == NOBODY or fleets == 0:
                out[at + p] = 1
            else:
                out[at + owner] = 1
                out[at_income + owner] += trade
        for figure, at in enumerate(s.figure_at):
            place = figures.where(t, s, figure) if at != EMPTY else EMPTY
            if place == EMPTY:
                continue
            out[o["figure_seat"] + figure * p + s.figure_seat[figure]] = 1
            if figure == figures.KRAKEN:
                out[o["sea_kraken"] + place] = 1
            else:
                n = figures.ISLAND_FIGURES.index(figure)
                out[o["island_figures"] + place * len(ISLAND_FIGURES) + n] = 1
        c = len(t.creature_keys)
        for slot, card in enumerate(s.track):
            if card != EMPTY:
                out[o["track"] + slot * c + card] = 1
        for card in s.discard:
            out[o["discard"] + card] += 1

    def _gods(self, view: CycladesView, out: MutableSequence[int]) -> None:
        t, s, o = self.tables, view.state, self.start
        m = t.n_markers
        for pos, god in enumerate(s.gods):
            out[o["god_at"] + pos * N_GODS + god] = 1
        for god in range(N_GODS):
            if s.bidder[god] != EMPTY:
                out[o["bid"] + god] = s.bid[god]
                out[o["bidder"] + god * m + s.bidder[god]] = 1
        for rank, marker in enumerate(s.apollo, start=1):
            out[o["apollo"] + marker] = rank
        for name, track in (("turn_order", s.turn_order), ("next_order", s.next_order)):
            for space, marker in enumerate(track):
                if marker != EMPTY:
                    out[o[name] + space * m + marker] = 1
        for rank, marker in enumerate(s.queue, start=1):
            out[o["queue"] + marker] = rank
        if s.displaced != EMPTY:
            out[o["displaced"] + s.displaced] = 1
        if s.displaced_from != EMPTY:
            out[o["displaced_from"] + s.displaced_from] = 1
        out[o["offer_index"]] = s.offer_index
        out[o["apollo_choice"]] = s.apollo_choice
        out[o["pair_second"]] = s.pair_second

    def _prompts(self, view: CycladesView, out: MutableSequence[int]) -> None:
        t, s, o = self.tables, view.state, self.start
        if s.battle_place != EMPTY:
            out[o["battle_place"] + (t.n_islands if s.battle_naval else 0) + s.battle_place] = 1
            out[o["battle_attacker"] + s.battle_attacker] = 1
            out[o["battle_defender"] + s.battle_defender] = 1
            out[o["battle_attack"]] = s.battle_attack
            out[o["battle_stage"] + s.battle_stage] = 1
        if s.voyage_sea != EMPTY and s.voyage_step == s.steps and s.voyage_left > 0:
            out[o["voyage_sea"] + s.voyage_sea] = 1
            out[o["voyage_left"]] = s.voyage_left
        if s.effect_seat != EMPTY:
            out[o["effect_seat"] + s.effect_seat] = 1
            out[o["effect_card"] + s.effect_card] = 1
            out[o["effect_stage"] + s.effect_stage] = 1
            out[o["effect_left"]] = s.effect_left
            if s.effect_from != EMPTY:
                out[o["effect_from"] + s.effect_from] = 1
            out[o["effect_chimera"]] = s.effect_chimera
        out[o["recruited"]] = s.recruited
        if metro.pending(s):
            out[o["metro_seat"] + s.metro_seat] = 1
            if s.metro_stage != metro.NONE:
                out[o["metro_stage"] + s.metro_stage - 1] = 1
            for kind in range(BUILDING_KINDS):
                out[o["metro_todo"] + kind] = s.metro_todo >> kind & 1
            if s.metro_island != EMPTY:
                out[o["metro_island"] + s.metro_island] = 1
        if s.swap_slot != EMPTY:
            out[o["swap_slot"] + s.swap_slot] = 1
        if s.outcome is not None:
            winner = s.outcome.winner
            out[o["outcome"] + (t.players if winner is None else winner)] = 1


_ENCODERS: IdentityCache[CycladesGame, ObservationEncoder] = IdentityCache()


def encoder_for(game: CycladesGame) -> ObservationEncoder:
    """The (cached) encoder of a game."""
    return _ENCODERS.get(game, ObservationEncoder)


def view_key(view: CycladesView) -> str:
    """An exact text of everything in ``view`` (equal views, equal keys; and only those)."""
    s = view.state
    parts: list[Any] = [view.seat]
    parts.extend(getattr(s, name) for name in LIST_FIELDS)
    parts.extend(getattr(s, name) for name in SCALAR_FIELDS)
    parts.append(s.outcome)
    return repr(parts)


__all__ = ["Block", "ObservationEncoder", "encoder_for", "layout_markdown", "view_key"]
