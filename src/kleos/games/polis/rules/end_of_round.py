"""End of round (R-EOR) and preparation of the next round (R-PREP).

Steps run in order, the first passer completing each step before the other player (R-EOR-2).
Decisions: feeding a shortfall (``release <polis>`` / ``feed``), growth (``grow <polis>`` /
``done``), Phoros (``phoros <prestige>``), and [2020] removing one of the new projects
(``discard <tile>``). Once the next round is prepared, :func:`begin` or :func:`apply` returns
:attr:`Handover.ROUND_OVER` and :mod:`kleos.games.polis.rules.flow` begins the next round.
"""

from __future__ import annotations

from kleos.core.action import Action
from kleos.core.errors import N_
from kleos.games.polis import pieces
from kleos.games.polis.board import owned_poleis
from kleos.games.polis.rules import scoring
from kleos.games.polis.rules.common import Handover, Violation, arg_name, broken, project_draws, unary_actions
from kleos.games.polis.state import CH_PROJECT, END_OF_ROUND, PolisState
from kleos.games.polis.tables import NO_ONE, SILVER, WHEAT, Tables, ceil_half, other

FEED, GROW, PHOROS, DISCARD = 2, 3, 6, 7


def order(s: PolisState) -> tuple[int, int]:
    first = s.first_passer if s.first_passer != NO_ONE else 0
    return first, other(first)


def begin(t: Tables, s: PolisState) -> Handover | None:
    """Both players have passed and the final battles are over (R-EOR-1)."""
    s.phase = END_OF_ROUND
    s.battle = None
    s.pending = None
    complete_projects(t, s)
    s.eor_step, s.eor_seat, s.eor_pending = FEED, 0, None
    return _run(t, s)


def complete_projects(t: Tables, s: PolisState) -> None:
    """Step 1: every started project is completed; the owner now gains its round prestige, a
    neutral polis's is lost (R-EOR-6, R-EOR-7). Phidias [2012]: half the population, rounded up."""
    for side in order(s):
        for polis, tile in enumerate(s.project_started):
            if tile == -1 or s.owner[polis] != side:
                continue
            info = t.projects[tile]
            gain = ceil_half(s.pop[polis]) if info.prestige < 0 else info.prestige
            pieces.gain_prestige(t, s, side, gain)
    for polis, tile in enumerate(s.project_started):
        if tile != -1:
            s.projects_done[polis] = (*s.projects_done[polis], tile)
            s.project_started[polis] = -1


def requirement(s: PolisState, side: int) -> int:
    """All population cubes on the player's poleis (R-EOR-9)."""
    return sum([p for p, o in zip(s.pop, s.owner, strict=True) if o == side])


def _releasable(t: Tables, s: PolisState, side: int) -> list[int]:
    return [p for p in owned_poleis(t, s, side) if p != t.capital[side]]  # R-EOR-15


def _growable(t: Tables, s: PolisState, side: int, grown: tuple[int, ...]) -> list[int]:
    """Poleis that can take one more cube this step (R-EOR-16 … R-EOR-18)."""
    if pieces.good(s, side, WHEAT) < 1 or s.supply_cubes[side] < 1:
        return []
    return [p for p in owned_poleis(t, s, side)
            if grown[p] < t.polis_growth[p] and s.pop[p] < t.polis_max[p]]


def phoros_options(t: Tables, s: PolisState, side: int) -> list[int]:
    """Prestige that may be given up for silver: [2012] any amount (R-EOR-26); [2020] 1 or 2, only
    with a polis besides the capital (R-EOR-24, R-EOR-25)."""
    if t.rules.phoros == "any":
        return list(range(1, s.prestige[side] + 1))
    if t.rules.phoros_needs_other_polis and not _releasable(t, s, side):
        return []
    return [n for n in (1, 2) if s.prestige[side] >= n]


def _run(t: Tables, s: PolisState) -> Handover | None:
    """Carry out automatic work until a player must decide or the round is over, one step (or one
    seat of a step) at a time."""
    each_step = t.rules.zero_prestige_after_each_step
    while s.outcome is None:
        if each_step and _between_steps(s) and not scoring.zero_prestige_check(s):
            return None  # A-23 (config): the other reading of R-EOR-28
        step = s.eor_step
        if step == FEED:
            if not _feed_auto(t, s):
                return None
        elif step == GROW:
            if not _grow_auto(t, s):
                return None
        elif step == 4:
            _megalopolis(t, s)
            if s.round == t.last_round:  # R-EOR-5, R-END-6
                if scoring.zero_prestige_check(s):
                    scoring.final_scoring(t, s)
                return None
            _spoilage(t, s)
            s.eor_step, s.eor_seat = PHOROS, 0
        elif step == PHOROS:
            if not _phoros_auto(t, s):
                return None
        elif step == 8:
            return _prepare_next_round(t, s) if scoring.zero_prestige_check(s) else None  # R-EOR-28
        else:
            return None
    return None


def _between_steps(s: PolisState) -> bool:
    """A step is over and the next not begun: before feeding (after step 1), growth, Megalopolis
    and Phoros (after Spoilage, which changes no prestige, so also after Megalopolis). The check
    after Phoros and after Megalopolis of the last round is made in both readings."""
    return s.eor_seat == 0 and s.eor_pending is None and s.eor_step in (FEED, GROW, 4, PHOROS)


def _advance_seat(s: PolisState, next_step: int) -> None:
    s.eor_pending = None
    if s.eor_seat == 0:
        s.eor_seat = 1
    else:
        s.eor_step, s.eor_seat = next_step, 0


def _feed_auto(t: Tables, s: PolisState) -> bool:
    """Pay the requirement in wheat when it is enough (R-EOR-10); otherwise ask, or end the game
    when only the capital is left and wheat and prestige cannot feed it (R-EOR-15, R-END-2)."""
    side = order(s)[s.eor_seat]
    need = requirement(s, side)
    wheat = pieces.good(s, side, WHEAT)
    if wheat >= need:
        pieces.pay_good(s, side, WHEAT, need)
        _advance_seat(s, GROW)
        return True
    if not _releasable(t, s, side) and wheat + s.prestige[side] < need:
        pieces.end_game(s, "starvation", other(side))
        return False
    s.eor_pending = ("feed",)
    return False


def _grown(s: PolisState) -> tuple[int, ...]:
    """Per polis, the cubes it has grown by in this growth step: none before the step's first decision."""
    return s.eor_pending[1] if s.eor_pending else tuple(0 for _ in s.owner)


def _grow_auto(t: Tables, s: PolisState) -> bool:
    side = order(s)[s.eor_seat]
    grown = _grown(s)
    if not _growable(t, s, side, grown):
        _advance_seat(s, 4)
        return True
    s.eor_pending = ("grow", grown)
    return False


def _megalopolis(t: Tables, s: PolisState) -> None:
    """+1 prestige per own polis above its base population, capital included (R-EOR-19)."""
    for side in order(s):
        bonus = sum(1 for p in owned_poleis(t, s, side) if s.pop[p] > t.polis_base[p])
        pieces.gain_prestige(t, s, side, bonus)


def _spoilage(t: Tables, s: PolisState) -> None:
    """Keep half of each perishable good, rounded up (R-EOR-20; A-1 for the printed German rule)."""
    for side in order(s):
        for g in t.perishable:
            amount = pieces.good(s, side, g)
            keep = ceil_half(amount) if t.rules.spoilage_rounding == "keep_half_up" else amount // 2
            pieces.pay_good(s, side, g, amount - keep)


def _phoros_auto(t: Tables, s: PolisState) -> bool:
    side = order(s)[s.eor_seat]
    if not phoros_options(t, s, side):
        _advance_seat(s, 8)
        return True
    s.eor_pending = ("phoros",)
    return False


# ----- decisions --------------------------------------------------------------------------------
def actor(s: PolisState) -> int:
    if s.eor_step == DISCARD:
        return s.eor_seat
    return order(s)[s.eor_seat]


FEED_ACTION, DONE_ACTION = Action("feed"), Action("done")


def legal(t: Tables, s: PolisState, side: int) -> list[Action]:
    """The candidates :func:`check` accepts, in their order. Feeding and growth, asked at every
    round's end of every playout, are generated: feed while wheat and prestige cover the cubes
    (R-END-1), release any own polis but the capital (R-EOR-15), done, or grow where a cube may go
    (R-EOR-16 … R-EOR-18); the other steps filter their candidates through :func:`check`."""
    if s.eor_step == FEED:
        fed = pieces.good(s, side, WHEAT) + s.prestige[side] >= requirement(s, side)
        release = unary_actions(t, "release", t.polis_ids)
        return ([FEED_ACTION] if fed else []) + [release[p] for p in _releasable(t, s, side)]
    if s.eor_step == GROW:
        grown = _grown(s)
        grow = unary_actions(t, "grow", t.polis_ids)
        return [DONE_ACTION] + [grow[p] for p in _growable(t, s, side, grown)]
    return [a for a in _candidates(t, s, side) if check(t, s, side, a) is None]


def _candidates(t: Tables, s: PolisState, side: int) -> list[Action]:
    if s.eor_step == FEED:
        return [Action("feed")] + [Action("release", (t.polis_ids[p],)) for p in _releasable(t, s, side)]
    if s.eor_step == GROW:
        return [Action("done")] + [Action("grow", (t.polis_ids[p],)) for p in owned_poleis(t, s, side)]
    if s.eor_step == PHOROS:
        return [Action("phoros", (0,))] + [Action("phoros", (n,)) for n in phoros_options(t, s, side)]
    return [Action("discard", (t.projects[tile].id,)) for tile in s.projects_face_up]


def check(t: Tables, s: PolisState, side: int, action: Action) -> Violation | None:
    if s.eor_step == FEED:
        return _check_feed(t, s, side, action)
    if s.eor_step == GROW:
        if action.verb == "done" and not action.args:
            return None
        polis = arg_name(action, 0, t.polis_index)
        grown = _grown(s)
        if action.verb != "grow" or polis is None or len(action.args) != 1:
            return broken("R-EOR-16", N_("grow <polis> (1 wheat each) or done"))
        if s.owner[polis] != side:
            return broken("R-EOR-16", N_("{polis} is not yours"), polis=t.polis_ids[polis])
        if polis not in _growable(t, s, side, grown):
            return broken("R-EOR-17", N_("{polis} cannot grow more this round (growth, maximum, wheat, cubes)"),
                          polis=t.polis_ids[polis])
        return None
    if s.eor_step == PHOROS:
        n = action.args[0] if action.args else None
        if action.verb != "phoros" or not isinstance(n, int) or len(action.args) != 1:
            return broken("R-EOR-23", N_("phoros <prestige given up> (0 for none)"))
        if n != 0 and n not in phoros_options(t, s, side):
            return broken("R-EOR-25" if t.rules.phoros == "one_or_two" else "R-EOR-26", N_("phoros {n} is not allowed"),
                          n=n)
        return None
    tile = arg_name(action, 0, t.project_index)
    if action.verb != "discard" or tile is None or tile not in s.projects_face_up or len(action.args) != 1:
        return broken("R-PREP-7", N_("discard one of the new face-up projects"))
    return None


def _check_feed(t: Tables, s: PolisState, side: int, action: Action) -> Violation | None:
    need, wheat = requirement(s, side), pieces.good(s, side, WHEAT)
    if action.verb == "feed" and not action.args:
        if wheat + s.prestige[side] < need:
            return broken("R-END-1", N_("not enough wheat and prestige: release a polis"))
        return None
    polis = arg_name(action, 0, t.polis_index)
    if action.verb != "release" or polis is None or len(action.args) != 1:
        return broken("R-EOR-11", N_("feed (wheat, then prestige for the rest) or release <polis>"))
    if polis == t.capital[side]:
        return broken("R-EOR-15", N_("the capital can never be released"))
    if s.owner[polis] != side:
        return broken("R-EOR-12", N_("{polis} is not yours"), polis=t.polis_ids[polis])
    return None


def apply(t: Tables, s: PolisState, side: int, action: Action) -> Handover | None:
    if s.eor_step == FEED:
        if action.verb == "feed":
            need, wheat = requirement(s, side), pieces.good(s, side, WHEAT)
            pieces.pay_good(s, side, WHEAT, wheat)  # R-EOR-13: wheat first
            pieces.lose_prestige(s, side, need - wheat)
            _advance_seat(s, GROW)
        else:
            pieces.make_neutral(s, t.polis_index[str(action.args[0])])  # R-EOR-12
    elif s.eor_step == GROW:
        if action.verb == "done":
            _advance_seat(s, 4)
        else:
            polis = t.polis_index[str(action.args[0])]
            assert s.eor_pending is not None
            grown = tuple(n + (1 if p == polis else 0) for p, n in enumerate(s.eor_pending[1]))
            pieces.pay_good(s, side, WHEAT, 1)
            s.supply_cubes[side] -= 1
            s.pop[polis] += 1
            s.eor_pending = ("grow", grown)
    elif s.eor_step == PHOROS:
        n = int(action.args[0])
        if n:
            silver = n if t.rules.phoros == "any" else (1 if n == 1 else 3)
            pieces.lose_prestige(s, side, n)
            pieces.gain_good(t, s, side, SILVER, silver)
        _advance_seat(s, 8)
    else:
        tile = t.project_index[str(action.args[0])]
        s.projects_face_up.remove(tile)  # R-PREP-7/8: removed from the game
        return _end_round(s)
    return _run(t, s)


# ----- preparation of the next round ----------------------------------------------------------
def _prepare_next_round(t: Tables, s: PolisState) -> Handover | None:
    """R-PREP-1 … R-PREP-6 and R-PREP-10 … R-PREP-13."""
    for territory, side in enumerate(s.tribute_disc):
        if side != NO_ONE:
            s.supply_discs[side] += 1
            s.tribute_disc[territory] = NO_ONE
    for polis in range(len(t.polis_ids)):
        for side in (0, 1):
            pieces.return_siege_discs(s, polis, side)
    for slot, side in enumerate(s.slot_merchant):
        if side != NO_ONE:
            s.merchants_port[side] += 1
            s.slot_merchant[slot] = NO_ONE
    s.projects_face_up = []
    s.eor_marker = NO_ONE
    drawn = t.rules.projects_drawn_after_round
    if s.round < len(drawn) and s.project_pile:
        s.eor_step = DISCARD
        s.chance_left = min(drawn[s.round], len(s.project_pile))
        s.chance = CH_PROJECT
        return None
    return _end_round(s)


def chance_outcomes(t: Tables, s: PolisState) -> list[tuple[Action, float]]:
    return project_draws(t, s)


def apply_chance(t: Tables, s: PolisState, action: Action) -> None:
    tile = t.project_index[str(action.args[0])]
    s.project_pile.remove(tile)
    s.projects_face_up.append(tile)
    s.chance_left -= 1
    if s.chance_left > 0 and s.project_pile:
        return
    s.chance = None
    # the player with less prestige removes one; tie: the first passer (R-PREP-7 … R-PREP-9)
    a, b = s.prestige
    s.eor_seat = 0 if a < b else 1 if b < a else order(s)[0]


def _end_round(s: PolisState) -> Handover:
    """The round is over and the next one prepared: on to its round start (R-PREP-1, R-PREP-10)."""
    s.round += 1
    s.eor_step, s.eor_seat, s.eor_pending = 0, 0, None
    return Handover.ROUND_OVER
