"""What the generic agents learn about Cyclades: the evaluation of a position, and ISMCTS playing
from a seat's view with it."""

from __future__ import annotations

import random

from cyc_helpers import put, war_turn
from cyc_kit import registered  # noqa: F401  (installs the Cyclades kit for every test here)

from kleos.agents import make_agent
from kleos.core.action import Action
from kleos.core.protocol import Outcome
from kleos.games.cyclades.agents.evaluation import WEIGHTS, evaluator_for, win_shares
from kleos.games.cyclades.agents.heuristic import (
    DUPLICATE,
    RESERVE,
    SPENDABLE,
    HeuristicAgent,
    god_worth,
    gold_weight,
)
from kleos.games.cyclades.game import CycladesGame
from kleos.games.cyclades.rules.common import net_cost
from kleos.games.cyclades.state import CycladesState
from kleos.games.cyclades.tables import ATHENA
from step_cap import StepCap


def started(players: int, seed: int = 2) -> tuple[CycladesGame, CycladesState]:
    game = CycladesGame({"players": players})
    state = game.new_state(seed)
    cap = StepCap("game.is_chance(state)")
    while game.is_chance(state) and cap():
        game.step_chance(state)
    return game, state


def test_shares_sum_to_one_and_favour_metropolises() -> None:
    """C-END-2: Metropolises win the game, so a seat with one is the favourite."""
    game, state = started(4)
    shares = win_shares(game.tables, state)
    assert abs(sum(shares) - 1) < 1e-9 and max(shares) - min(shares) < 0.2
    island = next(i for i, o in enumerate(state.owner) if o == 2)
    state.metropolis[island] = 1
    shares = win_shares(game.tables, state)
    assert max(range(4), key=shares.__getitem__) == 2 and shares[2] > 0.5


def test_a_finished_game_is_scored_by_its_outcome() -> None:
    game, state = started(3)
    state.outcome = Outcome("2 Metropolises", 1, (0, 2, 1))
    evaluate = evaluator_for(game)
    assert [evaluate(state, seat) for seat in range(3)] == [0.0, 1.0, 0.0]
    state.outcome = Outcome("tie", None, (2, 2, 1))
    assert [evaluate(state, seat) for seat in range(3)] == [0.5, 0.5, 0.0]


def test_ismcts_chooses_a_legal_offering_from_its_view() -> None:
    game, state = started(3, seed=5)
    seat = game.actors(state)[0]
    legal = game.legal_actions(state, seat)
    agent = make_agent("ismcts:easy", game)
    choice = agent.choose(game.view(state, seat), legal, random.Random(1))
    assert choice in legal


def test_heuristic_values_athena_most_when_philosophers_make_a_metropolis() -> None:
    """C-METRO-3: a fourth Philosopher is a Metropolis, so Athena's worth jumps with three."""
    game, state = started(3)
    seat = 0
    before = god_worth(game.tables, state, seat, ATHENA)
    state.philosophers[seat] = 3
    assert god_worth(game.tables, state, seat, ATHENA) > before + 5
    assert god_worth(game.tables, state, seat, ATHENA) > max(god_worth(game.tables, state, seat, g) for g in (0, 1, 2))


def test_heuristic_offers_within_its_gold_and_plays_only_legal_actions() -> None:
    """C-OFFER-11: an offering must be paid; the heuristic keeps a reserve besides."""
    for players in (2, 3, 5):
        game, state = started(players, seed=players)
        agents = {seat: HeuristicAgent(game) for seat in range(players)}
        rng = random.Random(players)
        for _ in range(300):
            if game.is_terminal(state):
                break
            if game.is_chance(state):
                game.step_chance(state)
                continue
            seat = game.actors(state)[0]
            legal = game.legal_actions(state, seat)
            action = agents[seat].choose(game.view(state, seat), legal, rng)
            assert action in legal
            if action.verb == "offer":
                assert net_cost(int(action.args[1]), state.priests[seat]) <= max(1, state.gold[seat] - RESERVE)
            game.apply_in_place(state, action, seat)


def test_agents_choose_the_same_whatever_the_hidden_gold() -> None:
    """C-INFO-1: other players' gold is secret, so redrawing it must not change any agent's choice."""
    game, state = started(4, seed=9)
    seat = game.actors(state)[0]
    other = state.copy()
    other.gold = [g if s == seat else g + 7 * (s + 1) for s, g in enumerate(state.gold)]
    assert game.view(state, seat).state == game.view(other, seat).state
    legal = game.legal_actions(state, seat)
    assert legal == game.legal_actions(other, seat)
    for spec in ("heuristic", "ismcts:easy"):
        first = make_agent(spec, game).choose(game.view(state, seat), legal, random.Random(4))
        second = make_agent(spec, game).choose(game.view(other, seat), legal, random.Random(4))
        assert first == second


def test_heuristic_takes_the_fourth_philosopher() -> None:
    """C-METRO-3, C-RECRUIT-6: on Athena's turn with three Philosophers the free fourth one makes a
    Metropolis; the look-ahead plays out the Metropolis prompt it sets off before judging."""
    game, state = war_turn(3, ATHENA, seat=0, gold=10)
    put(game, state, 0, I1=2, I2=1)  # two islands: where the Metropolis goes is a prompt of its own
    state.philosophers[0] = 3
    legal = game.legal_actions(state, 0)
    choice = HeuristicAgent(game).choose(game.view(state, 0), legal, random.Random(2))
    assert choice.verb == "recruit"


def reverses(before: Action, after: Action) -> bool:
    """``after`` moves the units ``before`` moved straight back (same count, the two places swapped)."""
    a, b = before.args, after.args
    return (before.verb == after.verb and before.verb in ("sail", "march") and len(a) == len(b) == 3
            and (a[0], a[1], a[2]) == (b[2], b[1], b[0]))


def test_the_hint_never_moves_a_fleet_straight_back_during_a_sylphs_free_steps() -> None:
    """C-FLEET-2, C-DATA-6 (sylph): the heuristic (the terminal's hint) takes a free step only when it
    helps, and ends the effect ('done') when no step does, instead of sailing the same fleet back and
    forth or wandering until the steps run out; over seeded Sylph turns it never undoes its own
    previous step nor sails back to a sea it left."""
    from cyc_helpers import begin_effect

    from kleos.games.cyclades.rules import effects
    from kleos.games.cyclades.tables import ARES

    for seed in range(4):
        g, s = war_turn(3, ARES, gold=0)
        put(g, s, 0, I1=1, S1=2, S5=1)
        put(g, s, 1, I2=2, S3=1)
        begin_effect(g, s, "sylph")
        agent = HeuristicAgent(g)
        rng = random.Random(seed)
        steps: list[Action] = []
        for _ in range(12):
            if not effects.pending(s):
                break
            choice = agent.choose(g.view(s, 0), g.legal_actions(s, 0), rng)
            if steps:
                assert not reverses(steps[-1], choice), (seed, steps, choice)
            steps.append(choice)
            g.apply_in_place(s, choice, 0)
            for _ in range(20):  # a battle's dice and the other side's answers, until seat 0 is asked again
                actors = g.actors(s)
                if not actors or actors == (0,):
                    break
                if g.is_chance(s):
                    g.step_chance(s)
                else:
                    g.apply_in_place(s, g.legal_actions(s, actors[0])[0], actors[0])
        else:
            raise AssertionError(f"the Sylph's effect never ended: {steps}")
        sails = [step for step in steps if step.verb == "sail"]
        for n, step in enumerate(sails):  # never back to a sea a fleet left earlier in the effect
            assert str(step.args[2]) not in {str(earlier.args[0]) for earlier in sails[:n]}, (seed, steps)
        assert steps[-1] == Action("done") and len(steps) < 10, (seed, steps)  # free steps taken only for a gain


def test_the_hint_never_undoes_its_own_move_in_seeded_games() -> None:
    """C-TROOP-1, C-FLEET-1, C-ACTION-6: in seeded 3-player games of the heuristic (the terminal's
    hint), no seat moves troops or fleets straight back where its previous step of the same turn took
    them. Ending a turn used to be scored after what runs next (another seat's Apollo gold, say), so a
    paid move that kept the turn open looked better than ending it, back and forth while gold lasted."""
    for seed in range(3):
        game = CycladesGame({"players": 3})
        agent, rng = HeuristicAgent(game), random.Random(seed)
        state = game.new_state(seed)
        previous: dict[int, Action | None] = {}
        for _ in range(3000):
            if game.is_terminal(state):
                break
            if game.is_chance(state):
                game.step_chance(state)
                continue
            seat = game.actors(state)[0]
            choice = agent.choose(game.view(state, seat), game.legal_actions(state, seat), rng)
            before = previous.get(seat)
            assert before is None or not reverses(before, choice), (seed, str(before), str(choice))
            previous[seat] = None if choice.verb == "end" else choice
            game.apply_in_place(state, choice, seat)
        else:
            raise AssertionError(f"seed {seed}: the game did not end in 3000 steps")


def test_c_offer_4_a_rich_heuristic_outbids_where_it_once_prayed_to_apollo() -> None:
    """C-OFFER-4, C-END-2: gold left at the end wins nothing, so a seat holding far more than a turn
    can spend outbids dear offerings (a GP weighs ``gold_weight``) where bidding at full weight it
    would pray to Apollo; with little gold both bid the same."""
    game, state = started(3, seed=4)
    t = game.tables
    seat = game.actors(state)[0]
    for pos, other in zip((0, 1), (s for s in range(3) if s != seat), strict=True):
        god = state.gods[pos]
        state.bid[god], state.bidder[god] = 9, t.marker_owner.index(other)
    state.gold[seat] = 60

    legal = game.legal_actions(state, seat)
    assert Action("apollo") in legal and min(int(a.args[1]) for a in legal if a.verb == "offer") == 10
    view = game.view(state, seat)
    assert HeuristicAgent(game, wealth_aware=False).choose(view, legal, random.Random(0)) == Action("apollo")
    assert HeuristicAgent(game).choose(view, legal, random.Random(0)).verb == "offer"
    assert gold_weight(SPENDABLE) == 1.0 and gold_weight(60) == SPENDABLE / 60


def test_c_metro_2_the_heuristic_scores_a_second_building_of_a_type_less() -> None:
    """C-METRO-2: a Metropolis takes four different buildings, so a second Port adds less to the
    heuristic's score than the first did (by ``DUPLICATE``): it built three Ports on one island."""
    game, state = started(3, seed=4)
    t = game.tables
    agent = HeuristicAgent(game)
    island = max((i for i, owner in enumerate(state.owner) if owner == 0), key=lambda i: t.island_slots[i])
    first = t.slot_offset[island]
    assert t.island_slots[island] >= 2 and not any(state.buildings[first:first + 2])
    bare = agent._score(state, 0)
    state.buildings[first] = 1  # a Port
    one = agent._score(state, 0)
    state.buildings[first + 1] = 1  # a second Port
    two = agent._score(state, 0)
    assert abs((one - bare) - (WEIGHTS["building_type"] + WEIGHTS["building"])) < 1e-9  # a new type
    assert abs((two - one) - (WEIGHTS["building"] - DUPLICATE)) < 1e-9  # the same type again


def test_c_apollo_1_a_rich_heuristic_on_one_island_takes_a_god_instead_of_apollo() -> None:
    """C-APOLLO-1, C-END-2: Apollo's 4 GP are worth a god's turn to a seat on one island while it holds
    at most what a turn can spend (``SPENDABLE``); with one GP more it outbids (a watched game had a
    seat on one island pray in five of the last six cycles and end with 39 GP). ``rich_apollo``
    prays however rich the seat is."""
    game, state = started(3, seed=4)
    t = game.tables
    seat = game.actors(state)[0]
    for island in [i for i, owner in enumerate(state.owner) if owner == seat][1:]:
        state.owner[island], state.troops[island] = -1, 0  # one island left
    for pos, other in zip((0, 1), (s for s in range(3) if s != seat), strict=True):
        god = state.gods[pos]
        state.bid[god], state.bidder[god] = 2, t.marker_owner.index(other)
    legal = game.legal_actions(state, seat)
    assert Action("apollo") in legal and min(int(a.args[1]) for a in legal if a.verb == "offer") == 3
    state.gold[seat] = SPENDABLE
    assert HeuristicAgent(game).choose(game.view(state, seat), legal, random.Random(0)) == Action("apollo")
    state.gold[seat] = SPENDABLE + 1
    rich = game.view(state, seat)
    assert HeuristicAgent(game).choose(rich, legal, random.Random(0)).verb == "offer"
    assert HeuristicAgent(game, rich_apollo=True).choose(rich, legal, random.Random(0)) == Action("apollo")
