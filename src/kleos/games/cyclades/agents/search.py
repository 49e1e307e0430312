"""Cyclades knowledge for the paired search of ISMCTS (:class:`~kleos.core.kit.agents.SearchKnowledge`).

What is searched: the offerings (C-OFFER: which god, or Apollo), the choice of a whole action at a
main-god turn's menu (recruit, build, move, summon, end: C-ACTION-3) and the battle retreats
(C-BATTLE-7). The inner steps of a Metropolis (C-METRO-4/5), of a creature's effect and Apollo's
prosperity marker follow the ``heuristic`` player without search.

* ``candidates``: at an offering, the ``heuristic`` player's own choice, then the cheapest legal
  offering to each face-up god by the heuristic's margin (worth less price), and Apollo; at a turn's
  menu, the heuristic's ``TURN_WIDTH`` best actions by its look-ahead value, ending the turn always
  among them; in a battle, stay and each retreat.
* ``rollout``: the ``heuristic`` player for every seat, on the determinized state itself (it is
  already one sample of what the searching seat cannot see).
* ``horizon``: the end of the cycle in which the search began (C-END-1), so every candidate is
  judged at the same point of the game, after every seat has played its turns, where the evaluation
  (:mod:`~kleos.games.cyclades.agents.evaluation`) need not guess what is still to come this cycle.

Everything reads the view, or the determinized state the search hands in, never the true state.
"""

from __future__ import annotations

import random
from typing import Any

from kleos.core.action import Action
from kleos.core.kit.agents import SearchKnowledge
from kleos.games.cyclades.agents.heuristic import HeuristicAgent, god_worth
from kleos.games.cyclades.game import CycladesGame
from kleos.games.cyclades.rules import battle
from kleos.games.cyclades.rules.actions import pending_prompt
from kleos.games.cyclades.rules.common import net_cost
from kleos.games.cyclades.state import ACTION, OFFER, CycladesState
from kleos.games.cyclades.tables import GODS, Tables
from kleos.games.cyclades.view import CycladesView

TURN_WIDTH = 4  # turn actions of the heuristic's ranking compared by the search
OFFER_WIDTH = 5  # offerings compared (the heuristic's choice, then by margin; Apollo included)


def searched(s: CycladesState) -> bool:
    """Whether the decision to take in ``s`` is one the search compares candidates for: an offering,
    a turn's menu, or a battle's retreat prompt (everything else follows the heuristic)."""
    if s.phase == OFFER:
        return True
    if s.phase != ACTION or s.apollo_choice:
        return False
    prompt = pending_prompt(s)
    return prompt is None or prompt is battle


def offer_candidates(t: Tables, s: CycladesState, seat: int, legal: list[Action], pick: Action) -> list[Action]:
    """``pick`` first, then the cheapest legal offering to each god by margin (god worth less net
    price, C-OFFER-13), and Apollo; at most ``OFFER_WIDTH``."""
    cheapest: dict[str, Action] = {}
    for action in legal:
        if action.verb == "offer":
            name = str(action.args[0])
            if name not in cheapest or int(action.args[1]) < int(cheapest[name].args[1]):
                cheapest[name] = action

    def margin(action: Action) -> float:
        god = GODS.index(str(action.args[0]))
        return god_worth(t, s, seat, god) - net_cost(int(action.args[1]), s.priests[seat])

    ranked = sorted(cheapest.values(), key=margin, reverse=True)
    apollo = [a for a in legal if a.verb == "apollo"]
    found = list(dict.fromkeys([pick, *ranked, *apollo]))
    if len(found) > OFFER_WIDTH:  # keep Apollo, the fallback that costs nothing
        found = list(dict.fromkeys([*found[:OFFER_WIDTH - len(apollo)], *apollo]))
    return found


def turn_candidates(guide: HeuristicAgent, view: CycladesView, legal: list[Action],
                    rng: random.Random) -> list[Action]:
    """The heuristic's ``TURN_WIDTH`` best turn actions by its look-ahead (its own choice first),
    with ``end`` among them."""
    scored = guide.action_values(view, legal, rng)
    pick = HeuristicAgent._pick(scored)
    ranked = [pick, *(a for _, a in scored)]
    end = Action("end")
    top = list(dict.fromkeys(ranked))[:TURN_WIDTH]
    if end in legal and end not in top:
        top[-1] = end
    return top


def cycle_over(start: CycladesState, s: CycladesState) -> bool:
    """The rollout horizon: the cycle in which the search began is over (C-END-1)."""
    return s.cycle != start.cycle or s.outcome is not None


def knowledge_for(game: CycladesGame) -> SearchKnowledge:
    """The paired-search knowledge for ``game`` (any player count; zero-sum with two seats)."""
    t = game.tables
    guide = HeuristicAgent(game)

    def prior(s: Any, seat: int, legal: list[Action]) -> list[float]:
        """Flat: the tree mode is not used for Cyclades (the paired search needs no prior)."""
        return [0.5] * len(legal)

    def policy(s: Any, seat: int, legal: list[Action], rng: random.Random) -> Action:
        return guide.decide(s, seat, legal, rng)

    def settled(s: Any) -> bool:
        return False

    def shortcut(view: Any, legal: list[Action], rng: random.Random) -> Action | None:
        """Decisions outside :func:`searched` follow the heuristic player."""
        if searched(view.state):
            return None
        return guide.choose(view, legal, random.Random(rng.getrandbits(64)))

    def candidates(view: Any, legal: list[Action], rng: random.Random) -> list[Action]:
        s, seat = view.state, int(view.seat)
        sub = random.Random(rng.getrandbits(64))
        if s.phase == OFFER:
            return offer_candidates(t, s, seat, legal, guide.choose(view, legal, sub))
        if pending_prompt(s) is None:
            return turn_candidates(guide, view, legal, sub)
        return list(legal)  # a battle's retreat prompt: stay, or one of a few retreats

    return SearchKnowledge(prior, policy, settled, shortcut=shortcut, candidates=candidates,
                           horizon=cycle_over, rollout=policy, zero_sum=t.players == 2)
