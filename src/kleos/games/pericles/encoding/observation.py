"""The Pericles observation: a fixed-length numeric vector built only from one faction's view.

:class:`ObservationEncoder` turns ``game.view(state, seat)`` (never the state itself) into a flat
``float32`` vector laid out in named blocks (:mod:`kleos.adapters.blocks`), each feature clipped to
its block's bound, so the vector lies in ``[0, encoder.high]``. Secrets stay secret because the view
hides them and the vector reads only the view: another faction's Strategos and an unrevealed
commitment are 0 with a "hidden" flag (P-INFO-3, P-INFO-7), a card the viewer cannot place is
"unseen" (P-INFO-2), markers held by others are counted, not named (P-INFO-5), and a face-down marker
of another faction shows its side only (P-INFO-6). Signed numbers (Honor, track boxes, battle slots)
are shifted to be non-negative.

:func:`view_key` is an exact text of a view (OpenSpiel's information state string).
"""

from __future__ import annotations

import json
from collections.abc import MutableSequence

from kleos.adapters.blocks import Block, BlockLayout, Vector
from kleos.core.kit.encoding import IdentityCache
from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.rules.flow import DECISIONS
from kleos.games.pericles.state import (
    CHANCE_KINDS,
    GONE,
    HIDDEN,
    N_MIL,
    OFF,
    OVER,
    PHASES,
    UNSEEN,
)
from kleos.games.pericles.tables import ISSUES_PER_SIDE, MARKER_KINDS, N_PIECES, N_THEATERS
from kleos.games.pericles.view import SECRET_KIND, PericlesView, view_json

N_KINDS = len(MARKER_KINDS)
N_LOCS = UNSEEN + 1  # card locations, 0 .. UNSEEN
TRACK_BOXES = 15  # -7 .. 7, then off and gone
QUEUE_KINDS = 4 * N_KINDS + 2  # (owner, kind) known, then face down of Athens or Sparta
HONOR_SHIFT = 30
HONOR_CAP = 150
TURN_CAP = 40
COUNT_CAP = 60
PIECE_CAP = 20
SIGNED_SHIFT = 1  # slots holding -1 for "none"
MIL_CAP = 200


class ObservationEncoder(BlockLayout):
    """The vector layout of one game (its tables) and the function that fills it from a view."""

    def __init__(self, game: PericlesGame) -> None:
        self.game = game
        t = self.tables = game.tables
        self.steps = tuple(sorted(DECISIONS))
        cards, arist = t.n_cards, len(t.arist_names)
        B = Block
        blocks = (
            B("seat", 4, 1, "the viewing faction, one-hot (" + ", ".join(t.seat_names) + "); zeros for a spectator"),
            B("turn", 1, TURN_CAP, "the turn"),
            B("phase", len(PHASES), 1, "phase one-hot: " + ", ".join(PHASES)),
            B("step", len(self.steps), 1, "the decision asked, one-hot: " + ", ".join(self.steps)),
            B("chance", len(CHANCE_KINDS), 1, "pending chance event: " + ", ".join(CHANCE_KINDS)),
            B("to_act", 5, 1, "who acts now: the four factions, then chance"),
            B("honor", 4, HONOR_CAP, f"Honor per faction + {HONOR_SHIFT}"),
            B("stock", 4, COUNT_CAP, "Strategos per faction as the view shows it (0 where hidden)"),
            B("stock_hidden", 4, 1, "1 for each faction whose stock the view hides (P-INFO-3)"),
            B("stock_total", 2, COUNT_CAP, "Strategos held by each side's two factions together"),
            B("hand_sizes", 4, 12, "cards in hand per faction"),
            B("entourage_sizes", 4, 3, "entourage cards per faction"),
            B("markers_held", 4, COUNT_CAP, "theater markers held per faction"),
            B("supply", 2, COUNT_CAP, "Strategos supply per side"),
            B("council", 2, COUNT_CAP, "Council of Strategoi per side"),
            B("set_aside", 2, COUNT_CAP, "tokens set aside per side"),
            B("dominant", 8, 1, "per side: its Dominant faction, one-hot"),
            B("favor", 10, 1, "per side: the favoured faction one-hot, then neutral"),
            B("flags", 8, 1, "War, Post-Plague, war with Persia, Callias, Alcibiades in Persia, Persia open, "
              "State Ship available, a hostage held by Athens"),
            B("hostage", 2, 1, "hostage marker per side"),
            B("defeat", 2, 1, "a major defeat this turn per side"),
            B("track", 2 * ISSUES_PER_SIDE * (TRACK_BOXES + 2), 1,
              "per side and issue: its box one-hot (-7..7, off, gone)"),
            B("pieces", N_THEATERS * N_PIECES, PIECE_CAP, "per theater and piece kind: the count"),
            B("treason", N_THEATERS * 2, 10, "per theater and side: treason markers"),
            B("held", 16 * N_KINDS, 20, "markers the viewer holds or owns, per (holder, owner, kind)"),
            B("queue", N_THEATERS * QUEUE_KINDS, 20, "per theater: markers in its queue per (owner, kind), "
              "then face-down markers the viewer may not identify, per side (P-INFO-6)"),
            B("queue_top", N_THEATERS * (QUEUE_KINDS + 1), 1, "per theater: its top marker one-hot, or empty"),
            B("card_loc", cards * N_LOCS, 1, "per card: its location as the viewer knows it, one-hot"),
            B("played", 4, 1, "per faction: its debate card is down"),
            B("commit", 4, 10, "per faction: Strategos committed as the view shows it (0 where hidden)"),
            B("committed", 12, 1, "per faction: not in, in secret, revealed (one-hot)"),
            B("draw", 2, 10, "per side: the battle card's value + 1 (0: none)"),
            B("mil", N_MIL, MIL_CAP, "the running Military issue's slots + 1"),
            B("revealed", N_THEATERS + 1 + 4 + N_KINDS + 1, 1,
              "the marker being resolved: theater one-hot (or none), owner one-hot, kind one-hot (or hidden)"),
            B("issue", 2 + ISSUES_PER_SIDE + 1, 1, "the debate's side one-hot, the debated issue one-hot (or none)"),
            B("counters", 8, COUNT_CAP, "debate, Boulé step, picks, cursor, passes, moves left, steps of the unit "
              "moving, Military stage"),
            B("moving", N_THEATERS + 1, 1, "the theater of the unit on its way, one-hot (or none)"),
            B("arist_card", arist + 1, 1, "this turn's Aristophanes card, one-hot (or none)"),
            B("outcome", 5, 1, "game over: the winner one-hot, or the last feature when nobody won"),
        )
        self.lay_out(blocks)

    # ----- encoding ---------------------------------------------------------------------------
    def encode(self, view: PericlesView) -> Vector:
        """The vector of ``view`` (a seat's or a spectator's)."""
        return self.vector(lambda out: self.fill(view, out))

    def fill(self, view: PericlesView, out: MutableSequence[int]) -> None:
        s, o = view.state, self.start
        if view.seat is not None and 0 <= view.seat < 4:
            out[o["seat"] + view.seat] = 1
        out[o["turn"]] = s.turn
        if s.phase in PHASES:
            out[o["phase"] + PHASES.index(s.phase)] = 1
        if s.step in self.steps and s.chance is None and s.phase != OVER:
            out[o["step"] + self.steps.index(s.step)] = 1
        if s.chance in CHANCE_KINDS:
            out[o["chance"] + CHANCE_KINDS.index(s.chance)] = 1
        for seat in self.game.actors(s):
            out[o["to_act"] + (4 if seat < 0 else seat)] = 1
        for f in range(4):
            out[o["honor"] + f] = max(0, s.honor[f] + HONOR_SHIFT)
            if s.stock[f] == HIDDEN:
                out[o["stock_hidden"] + f] = 1
            else:
                out[o["stock"] + f] = s.stock[f]
            out[o["hand_sizes"] + f] = view.hand_sizes[f]
            out[o["entourage_sizes"] + f] = view.entourage_sizes[f]
            out[o["markers_held"] + f] = view.markers_held[f]
            out[o["played"] + f] = 1 if s.played[f] else 0
            if s.commit[f] != HIDDEN:
                out[o["commit"] + f] = s.commit[f]
            out[o["committed"] + 3 * f + min(2, max(0, s.committed[f]))] = 1
        for side in (0, 1):
            out[o["stock_total"] + side] = view.stock_total[side]
            out[o["supply"] + side] = s.supply[side]
            out[o["council"] + side] = s.council[side]
            out[o["set_aside"] + side] = s.set_aside[side]
            out[o["dominant"] + 4 * side + s.dominant[side]] = 1
            favor = s.favor[side]
            out[o["favor"] + 5 * side + (favor if 0 <= favor < 4 else 4)] = 1
            out[o["hostage"] + side] = 1 if s.hostage[side] else 0
            out[o["defeat"] + side] = 1 if s.defeat[side] else 0
            out[o["draw"] + side] = s.draw[side] + 1 if s.draw[side] >= 0 else 0
        flags = (s.war, s.plague, s.persia_war, s.callias, s.alcibiades, s.persia_open, s.state_ship, s.hostage[0])
        for i, flag in enumerate(flags):
            out[o["flags"] + i] = 1 if flag else 0
        self._track(view, out)
        self._board(view, out)
        self._cards(view, out)
        self._resolution(view, out)
        if s.outcome is not None:
            out[o["outcome"] + (s.outcome.winner if s.outcome.winner is not None else 4)] = 1

    def _track(self, view: PericlesView, out: MutableSequence[int]) -> None:
        s, at = view.state, self.start["track"]
        for i, pos in enumerate(s.track):
            box = TRACK_BOXES if pos == OFF else TRACK_BOXES + 1 if pos == GONE else pos + 7
            out[at + i * (TRACK_BOXES + 2) + box] = 1

    def _board(self, view: PericlesView, out: MutableSequence[int]) -> None:
        s, o = view.state, self.start
        for i, n in enumerate(s.pieces):
            out[o["pieces"] + i] = n
        for i, n in enumerate(s.treason):
            out[o["treason"] + i] = n
        for i, n in enumerate(s.held):
            out[o["held"] + i] = n
        top: dict[int, int] = {}
        for entry in s.queue:
            th, kind = entry // 1000, queue_kind(entry)
            out[o["queue"] + th * QUEUE_KINDS + kind] += 1
            top[th] = kind
        for th in range(N_THEATERS):
            out[o["queue_top"] + th * (QUEUE_KINDS + 1) + top.get(th, QUEUE_KINDS)] = 1

    def _cards(self, view: PericlesView, out: MutableSequence[int]) -> None:
        s, at = view.state, self.start["card_loc"]
        for card, loc in enumerate(s.card_loc):
            out[at + card * N_LOCS + loc] = 1
        if 0 <= s.arist_card < len(self.tables.arist_names):
            out[self.start["arist_card"] + s.arist_card] = 1
        else:
            out[self.start["arist_card"] + len(self.tables.arist_names)] = 1

    def _resolution(self, view: PericlesView, out: MutableSequence[int]) -> None:
        s, o = view.state, self.start
        for i, v in enumerate(s.mil):
            out[o["mil"] + i] = max(0, v + SIGNED_SHIFT)
        at = o["revealed"]
        if s.revealed >= 0:
            th, owner, kind = s.revealed // 1000, s.revealed // 10 % 10, s.revealed % 10
            out[at + th] = 1
            if owner < 4:
                out[at + N_THEATERS + 1 + owner] = 1
            out[at + N_THEATERS + 5 + (kind if kind < N_KINDS else N_KINDS)] = 1
        else:
            out[at + N_THEATERS] = 1
        at = o["issue"]
        out[at + s.side] = 1 if s.side in (0, 1) else 0
        out[at + 2 + (s.issue if 0 <= s.issue < ISSUES_PER_SIDE else ISSUES_PER_SIDE)] = 1
        counters = (s.debate, s.boule, s.picks, s.cursor, s.passes, s.moves_left, len(s.visited), s.mil_stage)
        for i, v in enumerate(counters):
            out[o["counters"] + i] = max(0, v)
        moving = s.moving // 100 if s.moving >= 0 else N_THEATERS
        out[o["moving"] + moving] = 1


def queue_kind(entry: int) -> int:
    """A queue entry's category: (owner, kind) when known, else the face-down marker's side."""
    owner, kind = entry // 10 % 10, entry % 10
    if kind == SECRET_KIND:
        return 4 * N_KINDS + (owner - 4)
    return owner * N_KINDS + kind


def view_key(view: PericlesView) -> str:
    """An exact text of a view: equal texts exactly for equal views."""
    return json.dumps(view_json(view), sort_keys=True, separators=(",", ":"))


_CACHE: IdentityCache[PericlesGame, ObservationEncoder] = IdentityCache()


def encoder_for(game: PericlesGame) -> ObservationEncoder:
    """The (cached) encoder of a game."""
    return _CACHE.get(game, ObservationEncoder)
