"""A rule-based Polis player that plans its food, keeps a prestige reserve and fights only good battles.

:class:`HeuristicAgent` sees only its seat's :class:`PolisView`, the legal actions and its own
generator. Every choice of the turn phase is made the same way: each sensible legal action is
carried out to its end on a copy of the view's state (the agent's own step policy answers the
action's inner decisions; a siege die branches on success and failure, market dice take a middle
roll) and the positions reached are compared with one evaluation, in points of final score:

* the score now (population, prestige, posterity, projects under way);
* goods, valued by what they can still buy; wheat by the food plan: each wheat short of the
  coming feeding costs a prestige, and a shortfall that prestige cannot pay, or that would leave
  no prestige for the ostracism check, costs poleis or the game, so it weighs far more; wheat
  beyond the requirement is worth what growth makes of it;
* the rest of the round: a greedy plan over what the seat can still do with its goods, prestige
  and merchants (tribute, trades, sieges with the [2020] siege discs in the odds, a civil war
  where its proxenos stands), credited at part of its value; once the seat has passed the plan is
  gone, so it passes only when nothing is worth doing, and an action that would leave the feeding
  unpaid (or the prestige at 0 for the ostracism check) costs far more than it can bring;
* merchants, trade routes and Megalopolis for the coming rounds, mouths the next round could not
  feed, threats to its poleis, battles to come (with no prestige, a forced Salpinx loses the game),
  prestige an event takes at the ends of turns;
* less a share of the opponent's score, so taking from the opponent counts more than gaining.

Battles: the attacker lays the two cards with the best expected result against the answers the
defender could give from hands drawn from the cards this seat has not seen; the defender answers
so as to lose the fewest units and concede the least prestige; before each combat round a few
rollouts of the battle decide between fighting on and retreating (only with prestige to spare).
End of round: feeding releases the poleis that cost least only when prestige cannot pay the
shortfall and still pass the ostracism check; growth stops where the next round's need could not
be fed; Phoros only with plenty of prestige. Event choices are tried on determinized copies.

The agent is split by the kind of decision each module handles (one mixin class per module, put
together in :class:`HeuristicAgent`):

* ``model.py``: what the parts share and import (it imports none of them): the weights
  (:class:`Params`), :func:`goods_values`, :func:`food_cost`, :class:`Valuer` and the plan's
  :data:`Option`;
* ``valuation.py``: the evaluation (``evaluate``, ``evaluate_parts``);
* ``plan.py``: the rest-of-round plan, the preconditions and odds of tribute, trades, sieges and
  civil wars, reachable markets, threats and battles to come;
* ``turn.py``: the choice of a turn action (``action_values``, ``simulate``);
* ``steps.py``: the inner decisions of an action (toll, tribute columns, units, the proxenos' path);
* ``battle.py``: attack, defence, retreat;
* ``end_of_round.py``: feeding, growth, Phoros, discarding a project, the next round's wheat;
* ``events.py``: event choices;
* ``base.py``: the shared attributes and the methods one module calls in another;
* ``agent.py``: :class:`HeuristicAgent` and its entry point ``choose``.
"""

from __future__ import annotations

from kleos.games.polis.agents.heuristic.agent import HeuristicAgent
from kleos.games.polis.agents.heuristic.battle import BATTLE_ROLLOUTS, BATTLE_SAMPLES
from kleos.games.polis.agents.heuristic.model import (
    LOSS,
    SIEGE,
    STASIS,
    TRADE,
    TRIBUTE,
    Option,
    Params,
    Valuer,
    food_cost,
    goods_values,
)
from kleos.games.polis.agents.heuristic.steps import COUNT_KINDS

__all__ = [
    "BATTLE_ROLLOUTS",
    "BATTLE_SAMPLES",
    "COUNT_KINDS",
    "LOSS",
    "SIEGE",
    "STASIS",
    "TRADE",
    "TRIBUTE",
    "HeuristicAgent",
    "Option",
    "Params",
    "Valuer",
    "food_cost",
    "goods_values",
]
