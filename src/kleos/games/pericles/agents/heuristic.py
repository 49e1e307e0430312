"""A Pericles faction player of rules of thumb and short look-ahead, one class for every seat.

It plays its side's war and its own Honor through the evaluation of
:mod:`~kleos.games.pericles.agents.evaluation` (side share times faction share):

* every decision with a choice compares at most ``WIDTH`` candidates (its quick pick, the best
  placements by :func:`place_score`, one of each verb, then a sample); each is played on
  ``ROLLOUTS / candidates`` (at least ``SAMPLES``) determinizations of the seat's view, shared by
  all candidates (common random numbers), then every seat follows the quick policy for ``HORIZON``
  steps and the evaluation scores the result. So the issue it selects and debates (P-BOULE,
  P-ASSEMBLY) is the one whose Honor and Strategos come to it, the card it plays moves the track
  its way, the markers it places and reveals (P-THEATER) are those whose issues pay, the Strategos
  it commits (P-EXPED-2, P-DIPLO-7) are weighed against the battle's and the raid's results, and
  the Plague, Peace, redeployment and upkeep choices (P-PLAGUE, P-WARPEACE, P-REDEPLOY, P-UPKEEP)
  keep what is worth most to its side. An issue's resolution (P-THEATER-14) gets ``RESOLVE_FACTOR``
  times the rollouts, and ``decline`` is chosen only when it beats the best way of taking the issue
  by ``DECLINE_COST``: the look-ahead is noisy, and a close call between doing nothing and taking
  one's own issue is better settled by taking it (the old bot declined almost every issue);
* the quick policy (its look-ahead's and the search's rollouts) is cheap: it never declines an
  issue it can resolve when something else is offered, prefers the Honor of an Oracle or a raid,
  mostly places by :func:`place_score`, mostly moves a unit toward the theater of the Military issue
  being resolved (:func:`move_score`; the decisions' candidates include those moves too) and else
  ends movement and redeployment rather than wander, and otherwise picks at random.

``aim=False`` leaves out the moves toward the issue's theater (the bot before them, a comparison's
baseline: ``benchmarks/per_strength.py --variant unaimed --side``); ``kind=False`` aims every unit alike,
as the bot did before it weighed a unit by what it adds to the battle that follows (:func:`battle_weight`:
a ship adds nothing to a land battle; ``--variant kindless``); ``stay=False`` lets its decisions move a
unit out of that battle (:func:`leaves_battle`; ``--variant deserting``); ``steps_back=True`` lets it
redeploy a unit back where one of its kind came from (:func:`undoes_redeployment`; the bot before,
for ``benchmarks/per_redeploy.py``). ``lean`` is the value a move toward the issue's theater is credited
per point of its :func:`move_score` when the candidates are ranked: a few rollouts of a move cannot
tell one unit's strength in a battle from the noise of the cards, so a close call sends the unit that
adds most (0: the bot before, ``--variant unleaning``). ``reach=False`` scores a Military issue in an enemy
theater none of its side's units can reach (:func:`reached`) as any other, and ranks its moves by the
map's links alone rather than along the routes the unit can pass (:func:`move_scores`): the bot before,
``benchmarks/per_reach.py``, ``--variant unreached``.

``evaluate`` replaces that evaluation, ``determinize`` the kit's determinization and ``policy`` the
quick policy of its look-ahead (the search's guide scores with the search's objective and draws the
unseen markers from the scenario's sheet; an experiment of the search plays its futures' expeditions
on purpose, :mod:`~kleos.games.pericles.agents.search`). ``blunders`` (0-10) makes it weaker for a human
opponent: that many tenths of its decisions are taken uniformly at random. (Not the rulebook's Honor
handicap, which is a game option.)

It sees only its view (``game.view(state, seat)``); randomness comes only from the generator it is
handed.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from functools import partial

from kleos.core.action import Action
from kleos.core.kit.agents import Agent
from kleos.games.pericles.agents.evaluation import SIDE_SHARE, value
from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.rules import battle, military
from kleos.games.pericles.rules.common import CONTESTED, ENEMY, NEUTRAL, status
from kleos.games.pericles.rules.theater import entry_parts
from kleos.games.pericles.state import HIDDEN, PericlesState
from kleos.games.pericles.tables import FACTIONS, N_PIECES, PERSIA, PIECES, Tables
from kleos.games.pericles.view import PericlesView

WIDTH = 10  # candidates compared per decision at most
SAMPLES = 3  # determinizations each candidate is played on at least
ROLLOUTS = 30  # look-ahead rollouts per decision: fewer candidates are each played on more samples
HORIZON = 120  # steps (chance included) played after a candidate before the evaluation
GREEDY_PLACE = 0.6  # the quick policy's chance of placing by ``place_score`` (else at random)
GREEDY_MOVE = 0.6  # its chance of moving a unit toward the theater by ``move_score``, when one can
WANDER = 0.35  # the quick policy's chance of moving or redeploying a unit rather than stopping
DECLINE_COST = 0.02  # value an issue declined must beat taking it by: a close call takes the issue
RESOLVE_FACTOR = 2  # an issue's resolution (a few a round, and each decides Honor) gets this many more rollouts
MOVE_LEAN = 0.03  # value a move toward the theater is credited per point of its move_score
HONOR_NOW = (Action("oracle", ("honor",)), Action("raid"))  # +3 Honor at once (P-ORACLE-2, P-RAID-2)


def place_score(t: Tables, s: PericlesState, f: int, action: Action, reach: bool = True) -> float:
    """How promising placing a marker is (P-THEATER-7), before any look-ahead: a Military issue where
    it can raid (a contested theater, P-RAID-1) or fight, an Oracle's sure Honor (P-ORACLE-2), League
    and Diplomatic issues where the side is not yet alone; Rumors last. Own markers before the
    compatriot's (the Honor is the owner's). A Military issue in an enemy theater that none of the
    side's units can reach (:func:`reached`) is worth no more than a Rumor: no battle follows
    (P-EXPED-7) and the Strategos committed are spent (P-MIL-8); ``reach=False`` scores it as any enemy
    theater (the bot before, a comparison's baseline)."""
    owner = FACTIONS.index(str(action.args[0]))
    kind = str(action.args[1])
    th = t.theater_index[str(action.args[2])]
    side = owner // 2
    here = status(s, th, side)
    score = 0.5 if owner == f else 0.0
    if th == PERSIA and not (kind == "LEA" and side == 1):
        return score - 2.0  # P-PERSIA-3: no effect there
    if kind == "MIL":
        stock = s.stock[owner]
        if here == CONTESTED and (stock == HIDDEN or stock >= 3):
            score += 3.0
        elif here == ENEMY:
            score += 1.5 if not reach or reached(t, s, side)[th] else 0.0
        else:
            score += 0.5
    elif kind == "ORA":
        score += 2.5
    elif kind in ("LEA", "DIP"):
        score += 1.5 if here in (NEUTRAL, CONTESTED) else 1.0
    return score


def move_score(t: Tables, s: PericlesState, action: Action, kind: bool = True) -> int:
    """How many links a movement step brings a unit nearer the theater of the Military issue being
    resolved (P-MOVE-3..7: a unit that enters it stops there and fights, P-BATTLE-1); 0 for any other
    step. Links are counted on the map's connections, whichever units may use them. When a battle
    follows (the theater is contested or enemy-held for the moving side, P-MIL-6, P-MIL-7), the links
    count times the unit's value in that battle (:func:`battle_weight`); ``kind=False`` counts links only
    (the bot before, a comparison's baseline)."""
    return move_scores(t, s, [action], kind)[0]


def move_scores(t: Tables, s: PericlesState, legal: list[Action], kind: bool = True,
                passable: bool = False) -> list[int]:
    """:func:`move_score` of each action, the links to the issue's theater looked up once. ``passable``
    counts the links along the routes the moving unit's kind can pass as things stand
    (:func:`~kleos.games.pericles.rules.military.links_on`: the exit tests where it would pass, P-MOVE-9),
    so that a step into a theater it could not leave again toward the issue saves nothing; dearer, the
    bot's own decisions use it and its look-ahead's rollouts do not."""
    if s.revealed < 0:
        return [0] * len(legal)
    target = entry_parts(s.revealed)[0]
    theater = battle_theater(s) if kind else -1
    side = s.actor // 2
    plain = links_to(t, target)
    by_piece: dict[int, list[int]] = {}
    scores: list[int] = []
    for action in legal:
        piece = _moved_piece(s, action)
        far = plain
        if passable and piece >= 0:
            known = by_piece.get(piece)
            if known is None:
                known = by_piece[piece] = military.links_on(t, s, side, piece, target)
            far = known
        saved = _links_saved(t, s, action, far)
        scores.append(saved if theater < 0 else saved * battle_weight(t, theater, side, piece))
    return scores


def battle_theater(s: PericlesState) -> int:
    """The issue's theater while a battle is to come there for the moving side (it is contested or
    enemy-held, P-MIL-6, P-MIL-7), else -1."""
    if s.revealed < 0:
        return -1
    theater = entry_parts(s.revealed)[0]
    return theater if status(s, theater, s.actor // 2) in (CONTESTED, ENEMY) else -1


def battle_weight(t: Tables, theater: int, side: int, piece: int) -> int:
    """What a unit of ``piece`` adds to its side's total in the battle ``theater`` fights first
    (P-BATTLE-2, P-BATTLE-4, P-BATTLE-5): its value (P-DEF-9) if it is of that battle's kind, else 0. A
    ship brought to a land battle adds nothing to it (the naval battle after it is optional,
    P-BATTLE-34), and a Spartan hoplite adds twice a League one."""
    return battle.unit_value(t, piece) if piece in battle.kind_pieces(battle.first_kind(t, theater), side) else 0


def leaves_battle(t: Tables, s: PericlesState, action: Action) -> bool:
    """Whether ``action`` moves a unit out of the issue's theater before the battle there, when the unit
    would add to that battle (:func:`battle_weight`): its side's total drops by its value (P-BATTLE-4,
    P-BATTLE-5). The exit test lets it go only when enough stays (P-MOVE-9), but the battle is the
    issue's point; the bot leaves such moves out of its decisions."""
    return action.verb == "move" and _leaves(t, battle_theater(s), s.actor // 2, action)


def _leaves(t: Tables, theater: int, side: int, action: Action) -> bool:
    """:func:`leaves_battle` for a ``move``, the battle's theater (-1: none) found once."""
    return (theater >= 0 and t.theater_index[str(action.args[0])] == theater
            and battle_weight(t, theater, side, PIECES.index(str(action.args[1]))) > 0)


def _moved_piece(s: PericlesState, action: Action) -> int:
    """The piece a movement step moves: named by ``move``, on its way for ``step`` (-1 for others)."""
    if action.verb == "move":
        return PIECES.index(str(action.args[1]))
    if action.verb == "step" and s.moving >= 0:
        return s.moving % 100
    return -1


def _links_saved(t: Tables, s: PericlesState, action: Action, far: list[int]) -> int:
    if action.verb == "move":
        return far[t.theater_index[str(action.args[0])]] - far[t.theater_index[str(action.args[2])]]
    if action.verb == "step" and s.moving >= 0:
        return far[s.moving // 100] - far[t.theater_index[str(action.args[0])]]
    return 0


_REACHED: dict[tuple[int, ...], list[bool]] = {}
_REACHED_TABLES: list[Tables] = []  # the tables the memo is for: another game's map starts it afresh
REACHED_MEMO = 4096  # positions remembered at most


def reached(t: Tables, s: PericlesState, side: int) -> list[bool]:
    """:func:`~kleos.games.pericles.rules.military.reach`, remembered per position: between two placements
    no unit moves, so a look-ahead's rollouts ask it again and again for the same few positions."""
    if not _REACHED_TABLES or _REACHED_TABLES[0] is not t:
        _REACHED.clear()
        _REACHED_TABLES[:] = [t]
    key = (side, s.war, s.persia_war, s.callias, *s.pieces)
    known = _REACHED.get(key)
    if known is None:
        if len(_REACHED) >= REACHED_MEMO:
            _REACHED.clear()
        known = _REACHED[key] = military.reach(t, s, side)
    return known


_LINKS: dict[tuple[tuple[tuple[int, ...], ...], int], list[int]] = {}


def links_to(t: Tables, target: int) -> list[int]:
    """Each theater's number of links to ``target`` (a large number where none leads there)."""
    key = (t.exits_from, target)
    known = _LINKS.get(key)
    if known is not None:
        return known
    far = [len(t.exits_from)] * len(t.exits_from)
    far[target] = 0
    frontier = [target]
    while frontier:
        nearer = []
        for here in frontier:
            for there in range(len(t.exits_from)):
                if far[there] > far[here] + 1 and here in t.exits_from[there]:
                    far[there] = far[here] + 1
                    nearer.append(there)
        frontier = nearer
    _LINKS[key] = far
    return far


def aimed_move(t: Tables, s: PericlesState, legal: list[Action], kind: bool = True) -> Action | None:
    """The movement step that brings a unit nearest the issue's theater, if any brings one nearer."""
    scores = move_scores(t, s, legal, kind)
    best = max(range(len(legal)), key=scores.__getitem__)
    return legal[best] if scores[best] > 0 else None


def undoes_redeployment(t: Tables, s: PericlesState, action: Action) -> bool:
    """Whether ``action`` redeploys a unit out of a theater that a unit of its kind was redeployed into
    this phase. Units of a kind are alike, so the two steps end where one step, or none, would
    (P-REDEPLOY-1): the bot leaves such steps out rather than swap two troops between two theaters."""
    if action.verb != "redeploy" or len(action.args) != 3:
        return False
    theater = t.theater_index[str(action.args[0])]
    return s.moved[theater * N_PIECES + PIECES.index(str(action.args[1]))] > 0


def stop_action(legal: list[Action]) -> Action | None:
    """The action that ends a movement or a redeployment, when ``legal`` has one."""
    for action in legal:
        if action.verb == "done" or (action.verb in ("redeploy", "gold") and action.args == ("done",)):
            return action
    return None


def quick(s: PericlesState, legal: list[Action], rng: random.Random, t: Tables | None = None,
          aim: bool = True, kind: bool = True, reach: bool = True) -> Action:
    """The cheap policy of the look-ahead and of the search's rollouts (see the module docstring);
    ``aim=False`` moves units as the bot did before :func:`move_score`, ``kind=False`` as it did
    before the score weighed a unit by its battle (:func:`battle_weight`), ``reach=False`` places as it
    did before :func:`reached`, for comparisons."""
    if len(legal) == 1:
        return legal[0]
    step = s.step
    if step == "resolve":
        for action in HONOR_NOW:
            if action in legal:
                return action
        useful = [a for a in legal if a.verb != "decline"]
        if useful:
            return useful[rng.randrange(len(useful))]
    if step == "place" and t is not None and rng.random() < GREEDY_PLACE:
        return max(legal, key=lambda a: place_score(t, s, s.actor, a, reach) + rng.random())
    if aim and step in ("move", "move_on") and t is not None and rng.random() < GREEDY_MOVE:
        aimed = aimed_move(t, s, legal, kind)
        if aimed is not None:
            return aimed
    if step in ("move", "redeploy", "gold"):
        stop = stop_action(legal)
        if stop is not None and rng.random() >= WANDER:
            return stop
    if step == "council":
        return Action("council", ("no",))
    return legal[rng.randrange(len(legal))]


Policy = Callable[[PericlesState, int, list[Action], random.Random], Action]  # a rollout's (state, seat, legal, rng)


def play_on(game: PericlesGame, s: PericlesState, steps: int, rng: random.Random, policy: Policy | None = None) -> int:
    """Every seat follows ``policy`` (:func:`quick` unless given; chance from the state's own
    generator) for ``steps`` steps or to the end; returns the steps taken."""
    taken = 0
    while taken < steps and s.outcome is None:
        if game.is_chance(s):
            game.step_chance(s)
        else:
            actors = game.actors(s)
            if not actors:
                break
            legal = game.legal_actions(s, actors[0])
            action = quick(s, legal, rng, game.tables) if policy is None else policy(s, actors[0], legal, rng)
            game.apply_in_place(s, action, actors[0], validate=False)
        taken += 1
    return taken


def _quick_as(t: Tables, aim: bool, kind: bool, reach: bool, s: PericlesState, seat: int, legal: list[Action],
              rng: random.Random) -> Action:
    return quick(s, legal, rng, t, aim, kind, reach)


class HeuristicAgent:
    name = "heuristic"

    def __init__(self, game: PericlesGame, blunders: int = 0, width: int = WIDTH, samples: int = SAMPLES,
                 horizon: int = HORIZON, rollouts: int = ROLLOUTS, side_weight: float = SIDE_SHARE,
                 evaluate: Callable[[Tables, PericlesState, int], float] | None = None,
                 determinize: Callable[[PericlesView, random.Random], PericlesState] | None = None,
                 policy: Policy | None = None, aim: bool = True, steps_back: bool = False,
                 kind: bool = True, stay: bool = True, lean: float = MOVE_LEAN, reach: bool = True) -> None:
        if not 0 <= blunders <= 10:
            raise ValueError("blunders: 0 (full strength) to 10 (random)")
        self.game = game
        self.t = game.tables
        self.blunders = blunders
        self.width, self.samples, self.horizon, self.rollouts = width, samples, horizon, rollouts
        self.evaluate = evaluate if evaluate is not None else partial(value, side_weight=side_weight)
        self.determinize = determinize if determinize is not None else game.determinize
        self.aim, self.kind, self.stay, self.lean, self.reach = aim, kind, stay, lean, reach
        self.steps_back = steps_back
        self.policy = policy if policy is not None or (aim and kind and reach) else \
            partial(_quick_as, game.tables, aim, kind, reach)

    def choose(self, view: PericlesView, legal: list[Action], rng: random.Random) -> Action:
        assert view.seat is not None
        if len(legal) == 1:
            return legal[0]
        return self.ranked(view, legal, rng)[0][1]

    def candidates(self, s: PericlesState, legal: list[Action], rng: random.Random) -> list[Action]:
        """At most ``width`` actions: the quick pick, for a placement the best by :func:`place_score`,
        the stop, one of each verb, then a sample; never a redeployment that undoes one
        (:func:`undoes_redeployment`) nor a move out of the battle to come (:func:`leaves_battle`)."""
        if s.step == "redeploy" and not self.steps_back:
            legal = [a for a in legal if not undoes_redeployment(self.t, s, a)] or legal
        if s.step == "move" and self.stay and (theater := battle_theater(s)) >= 0:
            side = s.actor // 2
            legal = [a for a in legal if a.verb != "move" or not _leaves(self.t, theater, side, a)] or legal
        if len(legal) <= self.width:
            return list(legal)
        chosen: dict[Action, None] = {quick(s, legal, rng, self.t, self.aim, self.kind, self.reach): None}
        if s.step == "place":  # the best placements by their static score, then a sample
            seat = s.actor
            ranked = sorted(legal, key=lambda a: -place_score(self.t, s, seat, a, self.reach))
            for action in ranked[:self.width - 2]:
                chosen[action] = None
        if self.aim and s.step in ("move", "move_on"):  # the moves that bring a unit nearest the theater
            scores = move_scores(self.t, s, legal, self.kind, self.reach)
            nearest = sorted(range(len(legal)), key=lambda i: -scores[i])
            for i in nearest[:self.width // 2]:
                if scores[i] > 0:
                    chosen[legal[i]] = None
        stop = stop_action(legal)
        if stop is not None:
            chosen[stop] = None
        for verb in dict.fromkeys(a.verb for a in legal):
            if len(chosen) < self.width:
                chosen.setdefault(next(a for a in legal if a.verb == verb), None)
        rest = [a for a in legal if a not in chosen]
        for action in rng.sample(rest, max(0, min(len(rest), self.width - len(chosen)))):
            chosen[action] = None
        return list(chosen)

    def action_values(self, view: PericlesView, legal: list[Action],
                      rng: random.Random) -> list[tuple[float, Action]]:
        """The candidates with their mean look-ahead values, best first (ties keep their order); a declined
        issue ranks ``DECLINE_COST`` lower and a move toward the issue's theater ``lean`` per point of its
        :func:`move_score` higher than its value."""
        return [(mean, action) for mean, _rank, action in self._scored(view, legal, rng)]

    def ranked(self, view: PericlesView, legal: list[Action], rng: random.Random) -> list[tuple[float, Action]]:
        """The candidates best first with the value they are ranked by (the look-ahead's mean, less
        ``DECLINE_COST`` for a decline, plus the lean of a move toward the issue's theater), for a hint
        (:class:`~kleos.core.kit.agents.Ranking`); :meth:`choose` plays its first. A blunder (``blunders``
        tenths of the decisions) is one random action, unvalued (``nan``)."""
        if self.blunders and rng.random() < self.blunders / 10:
            return [(math.nan, legal[rng.randrange(len(legal))])]
        return [(rank, action) for _mean, rank, action in self._scored(view, legal, rng)]

    def _scored(self, view: PericlesView, legal: list[Action],
                rng: random.Random) -> list[tuple[float, float, Action]]:
        """(mean look-ahead value, value ranked by, candidate), best first."""
        assert view.seat is not None
        seat = view.seat
        picks = self.candidates(view.state, legal, rng)
        totals = [0.0] * len(picks)
        rollouts = self.rollouts * (RESOLVE_FACTOR if view.state.step == "resolve" else 1)
        samples = max(self.samples, rollouts // len(picks))
        for _ in range(samples):
            start = self.determinize(view, rng)
            seed = rng.getrandbits(64)
            for i, action in enumerate(picks):
                s = start.copy()
                self.game.apply_in_place(s, action, seat, validate=False)
                play_on(self.game, s, self.horizon, random.Random(seed), self.policy)
                totals[i] += self.evaluate(self.t, s, seat)
        means = [total / samples for total in totals]
        leaning = self._leaning(view.state, picks)
        ranks = [means[i] + leaning[i] - DECLINE_COST * (picks[i].verb == "decline") for i in range(len(picks))]
        order = sorted(range(len(picks)), key=lambda i: (-ranks[i], i))
        return [(means[i], ranks[i], picks[i]) for i in order]


    def _leaning(self, s: PericlesState, picks: list[Action]) -> list[float]:
        """What each candidate's rank gains for bringing a unit nearer the issue's theater (``lean``)."""
        if not (self.aim and self.lean and s.step in ("move", "move_on")):
            return [0.0] * len(picks)
        return [self.lean * max(0, score) for score in move_scores(self.t, s, picks, self.kind, self.reach)]


class Blundering:
    """Any Pericles bot made weaker for a human opponent: ``blunders`` tenths (0-10) of its decisions
    with a choice are taken uniformly at random, the rest are its own."""

    def __init__(self, agent: Agent[PericlesView], blunders: int) -> None:
        if not 0 <= blunders <= 10:
            raise ValueError("blunders: 0 (full strength) to 10 (random)")
        self.agent = agent
        self.blunders = blunders
        self.name = f"{agent.name}+blunders{blunders}" if blunders else str(agent.name)

    def choose(self, view: PericlesView, legal: list[Action], rng: random.Random) -> Action:
        if len(legal) > 1 and self.blunders and rng.random() < self.blunders / 10:
            return legal[rng.randrange(len(legal))]
        return self.agent.choose(view, legal, rng)
