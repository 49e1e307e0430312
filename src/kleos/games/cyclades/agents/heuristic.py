"""A Cyclades player of rules of thumb: it bids for the god that brings it closest to a Metropolis,
never beyond what that god is worth to it, and plays its turns greedily one action ahead.

* Offerings (C-OFFER): each face-up god gets a worth in gold from the seat's position — the free
  unit, the building type it lacks for the economic route (C-METRO-2), Athena's Philosophers when
  they would complete the intellectual route (C-METRO-3), troops to attack with, fleets to reach
  with, Priests' discounts. It offers the lowest legal amount for the god with the best worth less
  price, keeping a reserve to build with, and prays to Apollo when no god is worth its price
  (Apollo's gold is best for a player with one island, C-APOLLO-1). Re-bids follow the same rule.
  A GP of the price weighs less once the seat holds more than a turn can spend (:func:`gold_weight`):
  bidding every GP at full weight, a rich bot prayed to Apollo cycle after cycle and ended games
  with 60 GP or more unspent (``benchmarks/cyc_heuristic.py`` measures the two against each other).
  Apollo's 4 GP for a seat with one island are worth a god's turn only while the seat is poor: a
  watched game (seed 8, three heuristics) had Blue, on one island, pray in five of the last six cycles
  (3 and 5 to 8) and end with 39 GP unspent, never taking a god's turn to win a second island.
* Turns: every candidate action is tried on a determinization of the seat's view (chance and the
  prompts it sets off, the seat's own included, played out by a simple policy until the seat is back
  at its turn's menu), the result scored by
  :func:`~kleos.games.cyclades.agents.evaluation.position_score` (less :data:`DUPLICATE` for each
  building beyond the first of its type: it built three Ports on one island) for the seat against
  the best other seat; it takes the best action while that beats stopping — ending the turn, scored as the
  turn stands, or ending a creature's effect — then stops.

It sees only its view; randomness comes only from the generator it is handed.
"""

from __future__ import annotations

import random

from kleos.core.action import Action
from kleos.core.protocol import CHANCE
from kleos.games.cyclades.agents.evaluation import building_kinds, position_score
from kleos.games.cyclades.game import CycladesGame
from kleos.games.cyclades.rules.actions import pending_prompt
from kleos.games.cyclades.rules.common import islands_of, net_cost
from kleos.games.cyclades.state import OFFER, CycladesState
from kleos.games.cyclades.tables import ARES, ATHENA, GODS, POSEIDON, ZEUS, Tables
from kleos.games.cyclades.view import CycladesView

RESERVE = 2  # gold kept back from an offering, to build with on the turn won
SPENDABLE = 6  # about the gold one god's turn can use (units, a building, a creature)
DUPLICATE = 0.5  # score points a building loses when the seat owns one of its type already
CANDIDATES = 40  # actions tried per decision at most (every verb is represented)
SIM_STEPS = 40  # steps of chance and other seats' prompts played out after a candidate
GAIN = 0.05  # how much better than ending the turn an action must look
STOPS = (Action("end"), Action("done"))  # ending the turn, ending a creature's effect


def god_worth(t: Tables, s: CycladesState, seat: int, god: int) -> float:
    """What a turn of ``god`` is worth to ``seat``, in gold (see the module docstring)."""
    worth = 2.0  # the free unit
    kinds, _ = building_kinds(t, s, seat)
    free_slot = any(not s.buildings[t.slot_offset[i] + k]
                    for i in islands_of(s, seat) for k in range(t.island_slots[i]))
    if god not in kinds and free_slot:
        worth += 1.5 + 1.5 * len(kinds)  # the fourth type makes a Metropolis (C-METRO-2)
    if god == ATHENA:
        worth += (3.0, 4.0, 7.0, 12.0, 12.0)[min(s.philosophers[seat], 4)]
    elif god == ARES:
        worth += 0.8 * max((s.troops[i] for i in islands_of(s, seat)), default=0)
    elif god == POSEIDON:
        fleets = sum(n for sea, n in enumerate(s.fleets) if s.fleet_owner[sea] == seat)
        worth += 2.0 if fleets < 3 else 0.5
    elif god == ZEUS:
        worth += 1.5 if s.priests[seat] < 2 else 0.5
    return worth


def gold_weight(gold: int) -> float:
    """What one GP of an offering costs a seat holding ``gold``: a full GP up to what a turn can spend,
    less beyond it (gold left at the end wins nothing, C-END-2), so a rich seat outbids instead of
    praying to Apollo cycle after cycle with its hoard."""
    return 1.0 if gold <= SPENDABLE else SPENDABLE / gold


class HeuristicAgent:
    name = "heuristic"

    def __init__(self, game: CycladesGame, *, wealth_aware: bool = True, duplicate_penalty: float = DUPLICATE,
                 rich_apollo: bool = False) -> None:
        """``wealth_aware``, ``duplicate_penalty`` and ``rich_apollo`` (a one-island seat prays to
        Apollo however rich it is) switch the December 2026 changes off for measurements
        (``benchmarks/cyc_heuristic.py``); the compiled build allows no subclass."""
        self.game = game
        self.t = game.tables
        self.wealth_aware = wealth_aware
        self.duplicate_penalty = duplicate_penalty
        self.rich_apollo = rich_apollo

    def choose(self, view: CycladesView, legal: list[Action], rng: random.Random) -> Action:
        assert view.seat is not None
        if len(legal) == 1:
            return legal[0]
        if view.state.phase == OFFER:
            return self._offer(view.state, view.seat, legal)
        return self._greedy(view, legal, rng)

    # ----- offerings ------------------------------------------------------------------------------
    def _offer(self, s: CycladesState, seat: int, legal: list[Action]) -> Action:
        t = self.t
        cheapest: dict[int, Action] = {}
        for action in legal:
            if action.verb == "offer":
                god = GODS.index(str(action.args[0]))
                if god not in cheapest or int(action.args[1]) < int(cheapest[god].args[1]):
                    cheapest[god] = action
        best: Action | None = None
        best_margin = 0.0
        for god, action in cheapest.items():
            price = net_cost(int(action.args[1]), s.priests[seat])
            if price > max(1, s.gold[seat] - RESERVE):
                continue
            margin = god_worth(t, s, seat, god) - price * (gold_weight(s.gold[seat]) if self.wealth_aware else 1.0)
            if margin > best_margin:
                best, best_margin = action, margin
        apollo = Action("apollo")
        poor = self.rich_apollo or s.gold[seat] <= SPENDABLE  # Apollo's 4 GP matter to a poor seat only
        if best is None or (apollo in legal and len(islands_of(s, seat)) <= 1 and best_margin < 3 and poor):
            return apollo if apollo in legal else min(legal, key=lambda a: int(a.args[1]) if a.args else 0)
        return best

    # ----- turns ----------------------------------------------------------------------------------
    def decide(self, state: CycladesState, seat: int, legal: list[Action], rng: random.Random) -> Action:
        """``choose`` on a full state that is already a determinization of the seat's view (as in a
        search's rollouts): the same rules, without drawing another determinization."""
        if len(legal) == 1:
            return legal[0]
        if state.phase == OFFER:
            return self._offer(state, seat, legal)
        return self._pick(self._scored(state, seat, self._sample(legal, rng), rng))

    def action_values(self, view: CycladesView, legal: list[Action], rng: random.Random) -> list[tuple[float, Action]]:
        """The turn actions ``choose`` would compare (at most ``CANDIDATES``) with their look-ahead
        values (the seat's margin after each), best first; ties keep the legal order."""
        assert view.seat is not None
        candidates = self._sample(legal, rng)
        scored = self._scored(self.game.determinize(view, rng), view.seat, candidates, rng)
        order = sorted(range(len(scored)), key=lambda i: -scored[i][0])
        return [scored[i] for i in order]

    def _greedy(self, view: CycladesView, legal: list[Action], rng: random.Random) -> Action:
        seat = view.seat
        assert seat is not None
        candidates = self._sample(legal, rng)
        state = self.game.determinize(view, rng)
        return self._pick(self._scored(state, seat, candidates, rng))

    def _scored(self, state: CycladesState, seat: int, candidates: list[Action],
                rng: random.Random) -> list[tuple[float, Action]]:
        return [(self._after(state, seat, action, rng), action) for action in candidates]

    @staticmethod
    def _pick(scored: list[tuple[float, Action]]) -> Action:
        """The best-valued action while it beats stopping by ``GAIN`` (ties: the later). Stopping is
        ending the turn, or ending a creature's effect ('done'): without that baseline a Sylph's free
        steps, which cost nothing, were all taken, wandering or sailing a fleet back and forth."""
        stop = next(((value, action) for value, action in scored if action in STOPS), None)
        value, index = max((value, i) for i, (value, _) in enumerate(scored))
        if stop is not None and value < stop[0] + GAIN:
            return stop[1]
        return scored[index][1]

    def _sample(self, legal: list[Action], rng: random.Random) -> list[Action]:
        """At most ``CANDIDATES`` actions: one of each verb first, then a random sample of the rest."""
        if len(legal) <= CANDIDATES:
            return legal
        chosen: dict[Action, None] = {}
        for verb in dict.fromkeys(a.verb for a in legal):
            chosen[next(a for a in legal if a.verb == verb)] = None
        rest = [a for a in legal if a not in chosen]
        for action in rng.sample(rest, CANDIDATES - len(chosen)):
            chosen[action] = None
        return list(chosen)

    def _after(self, start: CycladesState, seat: int, action: Action, rng: random.Random) -> float:
        """The seat's margin over the best other seat after ``action`` and what it sets off."""
        game = self.game
        if action.verb == "end":  # scored as the turn stands: what runs after it (another's Apollo gold,
            return self._margin(start, seat)  # the next turns) is not the ending's doing
        s = start.copy()
        game.apply_in_place(s, action, seat, validate=False)
        for _ in range(SIM_STEPS):
            actors = game.actors(s)
            if not actors or (seat in actors and pending_prompt(s) is None):
                break  # back at the seat's own turn menu (a prompt it must answer is played out)
            if actors[0] == CHANCE:
                outcomes = game.chance_outcomes(s)
                pick = rng.choices(range(len(outcomes)), weights=[p for _, p in outcomes])[0]
                game.apply_in_place(s, outcomes[pick][0], validate=False)
            else:
                other = actors[0]
                game.apply_in_place(s, game.legal_actions(s, other)[0], other, validate=False)
        return self._margin(s, seat)

    def _margin(self, s: CycladesState, seat: int) -> float:
        """The seat's score less the best other seat's (:meth:`_score`)."""
        mine = self._score(s, seat)
        return mine - max(self._score(s, other) for other in range(self.t.players) if other != seat)

    def _score(self, s: CycladesState, seat: int) -> float:
        """:func:`position_score` less ``duplicate_penalty`` for each building beyond the first of its
        type: a second Port takes a slot the economic route needs (C-METRO-2) and adds only its
        battle bonus, yet position_score valued it above the 2 GP it cost."""
        return position_score(self.t, s, seat, self.duplicate_penalty)
