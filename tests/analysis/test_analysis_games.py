"""The post-game analysis finds a known blunder in each game, and sees the forced result (small
budgets: a handful of searches per game).

* Polis (R-EOR-27, R-END-3, R-END-5): a seeded game of random moves reaches the Phoros of an end of
  round where Athens has 0 prestige and Sparta 1. Giving up no prestige wins by Athens' ostracism;
  Sparta gives up its last prestige instead, and the game ends in a draw (both at 0).
* Cyclades (C-END-2, C-END-4, C-TWO-9): a set position of the two-player game, last turn of the
  cycle, both players with 3 Metropolises, Blue richer (6 GP against 4, and Apollo will give Red 1):
  ending the turn wins on gold, building a Temple (2 GP) loses on gold. Red's gold is hidden from
  Blue, so this one is analysed with full information (the game is over), which the analysis allows
  and says.
* Pericles (P-VICTORY-11): a seeded vignette of random moves reaches the Eurypontid King's last
  Military marker; declining ends the game with the Agiad King ahead of it on Honor (13 to 10), the
  raid would bring 3 Honor. The standing after the decline is the final position's, exactly.
"""

from __future__ import annotations

import random
from typing import Any

from kleos.agents.registry import evaluator_for
from kleos.analysis import analyse
from kleos.analysis.engine import DIGITS, analyse_from
from kleos.core import registry
from kleos.core.action import Action
from kleos.core.protocol import CHANCE, Game
from kleos.core.record import GameRecord

BUDGET = 60


def random_game_with(name: str, options: dict[str, Any], seed: int, blunder: Any) -> tuple[GameRecord, int]:
    """A record of random moves (``random.Random(seed)``) where the first position for which
    ``blunder(game, state, seat, legal)`` names an action gets that action; its index."""
    game = registry.kit(name).make_game(options)
    state, rng = game.new_state(seed), random.Random(seed)
    record, at = GameRecord(name, dict(game.options), seed), -1
    while not game.is_terminal(state):
        seat = game.actors(state)[0]
        if seat == CHANCE:
            record.actions.append((seat, game.step_chance(state)))
            continue
        legal = game.legal_actions(state, seat)
        chosen = blunder(game, state, seat, legal) if at < 0 else None
        if chosen is not None:
            at = len(record.actions)
        action = chosen if chosen is not None else rng.choice(legal)
        game.apply_in_place(state, action, seat)
        record.actions.append((seat, action))
    assert at >= 0, "the scripted position was not reached"
    return record, at


def named(legal: list[Action], text: str) -> Action:
    return next(a for a in legal if str(a) == text)


def polis_phoros(game: Game[Any, Any], state: Any, seat: int, legal: list[Action]) -> Action | None:
    if [str(a) for a in legal] == ["phoros 0", "phoros 1"] and list(state.prestige) == [0, 1]:
        return named(legal, "phoros 1")
    return None


def test_polis_giving_up_the_last_prestige_is_a_blunder() -> None:
    record, at = random_game_with("polis", {"edition": "2020"}, 4, polis_phoros)
    assert record.actions[at][0] == 1 and at == len(record.actions) - 1  # Sparta's Phoros ends the game
    step = analyse(record, budget=BUDGET, repeats=2, seed=1, start=at).steps[0]
    assert (step.preferred, step.mark) == ("phoros 0", "blunder")
    assert (step.before, step.after) == (1.0, 0.5)  # the forced win, and the draw the move settles for


CYCLADES_POSITION = "\n".join([
    'gold=[6,4]',
    'priests=[17,0]',
    'philosophers=[0,1]',
    'owner=[0,0,0,0,1,1,0,1]',
    'troops=[0,0,7,0,0,0,1,0]',
    'markers=[1,4,0,0,4,4,3,0]',
    'metropolis=[1,0,1,1,1,1,0,1]',
    'buildings=[0,1,2,0,0,0,0,0,2,0,2,4,0,0,0,0,0]',
    'fleets=[0,0,0,1,1,0,1,0,0,0,0,0,1,3,0,1,1,0,1,1,0,0,0,0,0,0,0,1,0,0]',
    'fleet_owner=[-1,-1,-1,0,0,-1,0,-1,-1,-1,-1,-1,0,0,-1,1,1,-1,1,1,-1,-1,-1,-1,-1,-1,-1,0,-1,-1]',
    'track=[-1,-1,-1]',
    'deck=[1,0,0,0,0,1,1,0,0,0,0,1,0,1,0,0,1]',
    'discard=[3,8,9,7,1,15,2,4,12,10,14]',
    'gods=[0,3,2,1]',
    'gods_up=[1,1,1,0]',
    'turn_order=[3,0,1,2]',
    'bid=[23,0,11,8]',
    'bidder=[1,-1,0,2]',
    'apollo=[3]',
    'next_order=[-1,-1,2,1]',
    'queue=[0,3]',
    'temples_used=[3,0]',
    'figure_at=[9,5,2,7,6]',
    'figure_seat=[0,1,1,0,0]',
    'figure_cycle=[48,40,47,26,48]',
    'figure_turn=[0,1,0,2,0]',
    'players=2',
    'cycle=48',
    'phase="action"',
    'chance=null',
    'offer_index=4',
    'displaced=-1',
    'displaced_from=-1',
    'pair_second=0',
    'apollo_choice=0',
    'steps=973',
    'battle_place=-1',
    'battle_naval=0',
    'battle_attacker=-1',
    'battle_defender=-1',
    'battle_attack=0',
    'battle_stage=0',
    'voyage_sea=4',
    'voyage_left=2',
    'voyage_step=969',
    'effect_seat=-1',
    'effect_card=-1',
    'effect_stage=0',
    'effect_left=0',
    'effect_from=-1',
    'effect_chimera=0',
    'recruited=0',
    'metro_seat=-1',
    'metro_stage=0',
    'metro_todo=0',
    'metro_island=-1',
    'swap_slot=-1',
    'outcome=null',
    'rng=11686132987704123101',
])


def test_cyclades_spending_the_tie_break_gold_is_a_blunder() -> None:
    game = registry.kit("cyclades").make_game({"players": 2})
    position = game.parse_position(CYCLADES_POSITION)
    assert game.actors(position) == (0,) and position.gold == [6, 4]
    assert [str(a) for a in game.legal_actions(position, 0)] == ["end", "recruit", "build I7"]
    state = game.copy(position)
    actions: list[tuple[int, Action]] = []
    while not game.is_terminal(state):  # the Temple, then the Metropolis's steps, then the end of the turn
        seat = game.actors(state)[0]
        legal = game.legal_actions(state, seat)
        action = named(legal, "build I7") if not actions else next((a for a in legal if str(a) == "end"), legal[0])
        game.apply_in_place(state, action, seat)
        actions.append((seat, action))
    outcome = game.outcome(state)
    assert outcome is not None and outcome.winner == 1
    result = analyse_from(game, position, actions, budget=BUDGET, repeats=2, seed=1, full_information=True, upto=1)
    step = result.steps[0]
    assert result.full_information and (step.preferred, step.mark) == ("end", "blunder")
    assert (step.before, step.after) == (1.0, 0.0)  # a forced win thrown into a forced loss


def pericles_decline(game: Game[Any, Any], state: Any, seat: int, legal: list[Action]) -> Action | None:
    words = sorted(str(a) for a in legal)
    if seat != 2 or words != ["decline", "expedition", "raid"]:
        return None
    decline = named(legal, "decline")
    return decline if game.is_terminal(game.apply(state, decline, seat)) else None


def test_pericles_declining_the_last_issue_is_a_blunder() -> None:
    record, at = random_game_with("pericles", {"scenario": "14_1_09a"}, 2, pericles_decline)
    assert at == len(record.actions) - 1  # the decline ends the vignette
    game = registry.kit("pericles").make_game(record.options)
    final = game.new_state(record.seed)
    for seat, action in record.actions:
        game.apply_in_place(final, action, seat)
    step = analyse(record, budget=BUDGET, repeats=2, seed=1, start=at).steps[0]
    assert (step.preferred, step.mark) == ("raid", "blunder")
    assert step.after == round(evaluator_for(game)(final, 2), DIGITS)  # the end, seen as it is
