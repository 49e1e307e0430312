"""The Pericles bots: the evaluation of a position, the ``heuristic`` faction player and ISMCTS with
Pericles knowledge, each choosing from its faction's view only (P-INFO)."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from per_helpers import registered  # noqa: F401  (installs the Pericles kit for a test that asks)

from decisions import first_decision_where
from kleos.agents import make_agent
from kleos.core.action import Action
from kleos.core.protocol import Outcome
from kleos.games.pericles.agents.evaluation import SEARCH_SIDE_SHARE, duel_value, evaluator_for, side_share, value
from kleos.games.pericles.agents.heuristic import (
    Blundering,
    HeuristicAgent,
    battle_weight,
    leaves_battle,
    links_to,
    move_score,
    move_scores,
    place_score,
    quick,
    undoes_redeployment,
)
from kleos.games.pericles.agents.search import evaluator
from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.kit import KIT
from kleos.games.pericles.rules.common import CONTESTED, ENEMY, status
from kleos.games.pericles.rules.military import links_on as military_links_on
from kleos.games.pericles.rules.military import move_legal, moves, reach
from kleos.games.pericles.rules.theater import entry_parts
from kleos.games.pericles.state import PericlesState
from kleos.games.pericles.tables import N_PIECES, PIECES

AF, DF, EK, AK = range(4)


def small(game: PericlesGame, blunders: int = 0) -> HeuristicAgent:
    """A heuristic with a short look-ahead, for quick tests (same rules, fewer rollouts)."""
    return HeuristicAgent(game, blunders=blunders, width=4, samples=1, horizon=20, rollouts=6)


def opened(scenario: str, seed: int, steps: int) -> tuple[PericlesGame, PericlesState]:
    """A game played ``steps`` random steps in, then to the next decision."""
    game = PericlesGame({"scenario": scenario})
    state = game.new_state(seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_terminal(state):
            break
        if game.is_chance(state):
            game.step_chance(state)
            continue
        seat = game.actors(state)[0]
        legal = game.legal_actions(state, seat)
        game.apply_in_place(state, legal[rng.randrange(len(legal))], seat)
    while game.is_chance(state):
        game.step_chance(state)
    return game, state


def test_honor_lead_raises_value_and_side_share() -> None:
    """P-VICTORY-11: the side with more combined Honor wins the war, its faction with more Honor the game."""
    game, state = opened("14_1_09a", 1, 0)
    t = game.tables
    before = value(t, state, AF)
    state.honor[AF] += 6
    assert value(t, state, AF) > before
    assert side_share(t, state, 0) > 0.5 > side_share(t, state, 1)
    assert value(t, state, AF) > value(t, state, DF)  # the compatriot gains the war, not the game


def test_a_finished_game_is_scored_by_its_outcome() -> None:
    """P-VICTORY-11: in the heuristic's value the winner ranks first, its compatriot next, the other
    side last, and the final margins still count (a wider win is worth more, a narrower loss less
    bad); the search's duel value ranks the winner first and tied compatriots alike."""
    game, state = opened("14_1_09a", 1, 0)
    state.outcome = Outcome("end of the vignette", DF, (10, 14, 9, 9))
    state.honor[:] = [10, 14, 9, 9]
    values = [value(game.tables, state, seat) for seat in range(4)]
    assert values[DF] > values[AF] > values[EK] == values[AK] > 0.0
    wider = state.copy()
    wider.honor[:] = [10, 18, 9, 9]
    assert value(game.tables, wider, DF) > values[DF]
    assert value(game.tables, wider, EK) < values[EK]
    evaluate = evaluator_for(game)
    duel = [evaluate(state, seat) for seat in range(4)]
    assert max(duel) == duel[DF] > duel[AF] and duel[EK] == duel[AK] < duel[DF]


def test_quick_policy_takes_the_oracle_honor() -> None:
    """P-ORACLE-2: +3 Honor at once is the Oracle option the quick policy prefers."""
    _, state = opened("14_1_09a", 1, 0)
    state.step = "resolve"
    legal = [Action("decline"), Action("oracle", ("honor",)), Action("oracle", ("treason", "Chios"))]
    assert quick(state, legal, random.Random(1)) == Action("oracle", ("honor",))


@pytest.mark.parametrize("scenario", ["14_1_09a", "14_2"])
def test_heuristic_plays_only_legal_actions_from_its_view(scenario: str) -> None:
    """Four heuristic factions play (part of) a seeded game: every choice is one of the legal actions."""
    game = PericlesGame({"scenario": scenario})
    state = game.new_state(3)
    agents = {seat: small(game) for seat in range(4)}
    rng = random.Random(3)
    for _ in range(150):
        if game.is_terminal(state):
            break
        if game.is_chance(state):
            game.step_chance(state)
            continue
        seat = game.actors(state)[0]
        legal = game.legal_actions(state, seat)
        action = agents[seat].choose(game.view(state, seat), legal, rng)
        assert action in legal
        game.apply_in_place(state, action, seat)


def hidden_redrawn(scenario: str, seed: int, steps: int) -> tuple[PericlesGame, PericlesState, PericlesState, int]:
    """A position and another whose hidden parts (P-INFO-2..7: the others' hands, entourages, stocks,
    held and face-down markers) are redrawn by the determinizer from the actor's view, so the two
    differ only in what the actor cannot see."""
    game, state = opened(scenario, seed, steps)
    seat = game.actors(state)[0]
    view = game.view(state, seat)
    other = game.determinize(view, random.Random(seed + 99))
    assert game.view(other, seat) == view
    assert game.position_text(other) != game.position_text(state)  # something hidden did change
    return game, state, other, seat


@pytest.mark.parametrize(("scenario", "seed", "steps"), [("14_1_09a", 2, 20), ("14_2", 4, 120)])
def test_heuristic_chooses_the_same_whatever_the_hidden_parts(scenario: str, seed: int, steps: int) -> None:
    """P-INFO: the bot reads only its view, so redrawing what it cannot see leaves its choice alone."""
    game, state, other, seat = hidden_redrawn(scenario, seed, steps)
    legal = game.legal_actions(state, seat)
    assert legal == game.legal_actions(other, seat)
    first = small(game).choose(game.view(state, seat), legal, random.Random(7))
    second = small(game).choose(game.view(other, seat), legal, random.Random(7))
    assert first == second


def test_ismcts_chooses_the_same_whatever_the_hidden_parts(registered: None) -> None:  # noqa: F811
    """P-INFO: ISMCTS with the kit's Pericles knowledge searches from the view alone."""
    game, state, other, seat = hidden_redrawn("14_1_09a", 2, 20)
    legal = game.legal_actions(state, seat)
    first = make_agent("ismcts:easy", game).choose(game.view(state, seat), legal, random.Random(5))
    second = make_agent("ismcts:easy", game).choose(game.view(other, seat), legal, random.Random(5))
    assert first == second and first in legal


def test_kit_offers_the_heuristic_and_the_evaluation(registered: None) -> None:  # noqa: F811
    parts = KIT.agent_parts()
    assert parts is not None
    assert "heuristic" in parts.agents and parts.evaluator is not None and parts.knowledge is not None
    game = PericlesGame({"scenario": "14_1_09a"})
    assert isinstance(make_agent("heuristic", game), HeuristicAgent)


def test_blunders_ten_plays_at_random_and_zero_is_the_bot() -> None:
    """The bots' blunders: 10 tenths of the choices at random, 0 the bot itself; out of range is
    refused. (Not the rulebook's Honor handicap, which is a game option.)"""
    game, state = opened("14_1_09a", 2, 20)
    seat = game.actors(state)[0]
    view, legal = game.view(state, seat), game.legal_actions(state, seat)
    picks = {Blundering(small(game), 10).choose(view, legal, random.Random(i)) for i in range(20)}
    assert len(picks) > 1 and picks <= set(legal)
    assert small(game, blunders=0).choose(view, legal, random.Random(3)) == small(game).choose(
        view, legal, random.Random(3))
    with pytest.raises(ValueError):
        HeuristicAgent(game, blunders=11)


def test_place_score_puts_a_raid_before_a_rumor() -> None:
    """P-RAID-1, P-THEATER-12: a Military marker where the side is contested can raid for Honor; a
    Rumor does nothing, and no issue but a Spartan League has an effect in Persia (P-PERSIA-3)."""
    game, state = opened("14_1_09a", 1, 0)
    t = game.tables
    contested = next(th for th in range(len(t.theater_keys)) if status(state, th, 0) == CONTESTED)
    where = t.theater_keys[contested]
    mil = place_score(t, state, AF, Action("place", ("AF", "MIL", where)))
    assert mil > place_score(t, state, AF, Action("place", ("AF", "RUM", where)))
    assert mil > place_score(t, state, AF, Action("place", ("AF", "MIL", "Persia")))


def test_place_score_gives_a_military_issue_no_unit_can_reach_no_more_than_a_rumor() -> None:
    """P-EXPED-7, P-MIL-8, P-MOVE-9: at the start of the war no Spartan unit passes the Athenian
    Cyclades (a lone ship there leaves behind less than the Delian base's naval 2), so a Spartan
    Military issue in Samos brings no battle and spends the Commander's Strategos; the bot before
    scored it as any enemy theater. With the Cyclades empty the way opens and Samos scores as Athens."""
    game = PericlesGame({"scenario": "14_2"})
    state = game.new_state(91)
    t = game.tables

    def score(kind: str, where: str, s: PericlesState = state, reach: bool = True) -> float:
        return place_score(t, s, EK, Action("place", ("EK", kind, where)), reach)

    assert status(state, t.theater_index["Samos"], 1) == status(state, t.theater_index["Athens"], 1) == ENEMY
    assert score("MIL", "Samos") <= score("RUM", "Samos") < score("MIL", "Athens")
    assert score("MIL", "Samos", reach=False) == score("MIL", "Athens")
    unreached = [t.theater_keys[th] for th, ok in enumerate(reach(t, state, 1)) if not ok]
    assert unreached == ["Ionia", "Lesbos", "Chios", "Samos", "Sporades", "EastMed", "Persia"]
    opened_way = state.copy()
    cyclades = t.theater_index["Cyclades"]
    for piece in range(N_PIECES):
        opened_way.pieces[cyclades * N_PIECES + piece] = 0
    assert score("MIL", "Samos", opened_way) == score("MIL", "Athens", opened_way)


def test_reach_holds_every_first_step_of_a_move() -> None:
    """P-MOVE-4, P-MOVE-9: every theater a unit may step into from where it stands is reached, on the
    menus of random positions of both scenarios, and every theater with a unit of the side."""
    checked = 0
    for scenario, seed, steps in (("14_2", 5, 120), ("14_2", 6, 400), ("14_1_09a", 7, 60), ("14_1_09a", 8, 200)):
        game, state = opened(scenario, seed, steps)
        t = game.tables
        state.moves_left = 5  # as if an Expedition Assembly had committed tokens: every unit's menu
        for side in (0, 1):
            reached = reach(t, state, side)
            for th, _piece, steps_to in moves(t, state, side):
                assert reached[th] and all(reached[to] for to in steps_to)
                checked += len(steps_to)
    assert checked > 20


def test_duel_value_counts_the_compatriot_duel_in_a_lost_war() -> None:
    """P-VICTORY-11: only the winning side's faction with more Honor wins, but the search's duel
    value still rewards out-scoring the compatriot when the side is far behind in the war, where
    the product value (side share times faction share) hardly moves."""
    game, state = opened("14_1_09a", 1, 0)
    t = game.tables
    state.honor[EK] += 30  # Athens has all but lost the war
    before_duel, before_product = duel_value(t, state, AF), value(t, state, AF)
    state.honor[AF] += 4
    assert duel_value(t, state, AF) - before_duel > 0.1
    assert value(t, state, AF) - before_product < 0.01
    assert duel_value(t, state, AF) > duel_value(t, state, DF)


def test_search_objectives_score_with_their_value() -> None:
    """The guide and the search score positions with the objective they are given."""
    game, state = opened("14_1_09a", 1, 0)
    state.honor[DF] += 3
    t = game.tables
    assert evaluator(game, "duel")(state, AF) == duel_value(t, state, AF)
    assert evaluator(game, "product")(state, AF) == value(t, state, AF, SEARCH_SIDE_SHARE)


def test_heuristic_look_ahead_uses_the_evaluation_it_is_given() -> None:
    """A heuristic handed an evaluation scores every candidate with it (here a constant)."""
    game, state = opened("14_1_09a", 2, 20)
    seat = game.actors(state)[0]
    agent = HeuristicAgent(game, width=4, samples=1, horizon=10, rollouts=4, evaluate=lambda t, s, f: 0.25)
    values = agent.action_values(game.view(state, seat), game.legal_actions(state, seat), random.Random(1))
    assert values and all(v == 0.25 for v, _ in values)


Found = Callable[[PericlesGame, PericlesState, list[Action]], bool]


def first_decision(seed: int, found: Found, what: str) -> tuple[PericlesGame, PericlesState, list[Action]]:
    """A random 14_2 game (seeded) played to its first decision that ``found`` accepts."""
    game = PericlesGame({"scenario": "14_2"})
    state, _seat, legal = first_decision_where(game, seed, lambda s, legal: found(game, s, legal), what)
    return game, state, legal


def first_move_toward_the_issue(seed: int) -> tuple[PericlesGame, PericlesState, list[Action]]:
    """The first movement step where a unit can get nearer the Military issue's theater."""
    return first_decision(seed, lambda game, state, legal: state.step == "move" and any(
        move_score(game.tables, state, a) > 0 for a in legal), "movement toward an issue")


@pytest.mark.parametrize("seed", [0, 4])
def test_p_move_3_the_heuristic_moves_units_toward_the_military_issue(seed: int) -> None:
    """P-MOVE-3..7, P-BATTLE-1: a unit moved in a Military issue fights only where it stops, in the
    issue's theater. ``move_score`` counts the links a step saves on the way there; the quick policy
    takes such a step most of the time and the old policy (``aim=False``) rarely, and the look-ahead
    always weighs the best of them."""
    game, state, legal = first_move_toward_the_issue(seed)
    t = game.tables
    far = links_to(t, entry_parts(state.revealed)[0])
    assert far[entry_parts(state.revealed)[0]] == 0
    for action in legal:
        if action.verb == "move":
            frm, to = (t.theater_index[str(action.args[i])] for i in (0, 2))
            assert move_score(t, state, action, kind=False) == far[frm] - far[to]
        else:
            assert move_score(t, state, action) == 0
    aimed = [sum(move_score(t, state, quick(state, legal, random.Random(k), t, aim)) > 0 for k in range(200))
             for aim in (True, False)]
    assert aimed[0] >= 110 and aimed[1] < aimed[0] - 50, aimed
    best = max(legal, key=lambda a: move_score(t, state, a))
    assert best in small(game).candidates(state, legal, random.Random(1))
    assert best in HeuristicAgent(game).candidates(state, legal, random.Random(1))


def first_move_before_a_battle(seed: int) -> tuple[PericlesGame, PericlesState, list[Action]]:
    """The first movement step of an expedition a battle follows (its theater contested or enemy-held
    for the Commander's side) where both a unit of the battle's kind and one of the other kind may move."""
    def found(game: PericlesGame, state: PericlesState, legal: list[Action]) -> bool:
        if state.step != "move" or state.revealed < 0:
            return False
        theater, side = entry_parts(state.revealed)[0], state.actor // 2
        if status(state, theater, side) not in (CONTESTED, ENEMY):
            return False
        weights = {battle_weight(game.tables, theater, side, PIECES.index(str(a.args[1])))
                   for a in legal if a.verb == "move"}
        return 0 in weights and len(weights) > 1
    return first_decision(seed, found, "movement before a battle")


@pytest.mark.parametrize("seed", [1, 3])
def test_p_battle_2_the_heuristic_brings_units_of_the_battle_s_kind(seed: int) -> None:
    """P-BATTLE-2, P-BATTLE-4, P-BATTLE-5, P-DEF-9: before a battle a Land theater fights on land and
    a Naval one at sea, and a unit of the other kind adds nothing to it. ``move_score`` counts a step's
    links times the unit's value in that battle (2 for a Spartan hoplite or an Athenian trireme, 1 for
    a League unit, 0 for the other kind); ``kind=False``, the bot before, counts links alone."""
    game, state, legal = first_move_before_a_battle(seed)
    t = game.tables
    theater, side = entry_parts(state.revealed)[0], state.actor // 2
    far = links_to(t, theater)
    kind = {PIECES.index(p) for p in (("Al", "Dl", "Ar"), ("Sl", "S300", "Pl"))[side]}
    if t.naval_border[theater]:
        kind = {PIECES.index(p) for p in (("An", "Dn"), ("Sn", "Pn"))[side]}
    moves = [a for a in legal if a.verb == "move"]
    for action in moves:
        frm, piece, to = t.theater_index[str(action.args[0])], PIECES.index(str(action.args[1])), \
            t.theater_index[str(action.args[2])]
        value = (2 if str(action.args[1]) in ("Sl", "S300", "An") else 1) if piece in kind else 0
        assert move_score(t, state, action) == (far[frm] - far[to]) * value, action
        assert move_score(t, state, action, kind=False) == far[frm] - far[to], action
    assert any(piece not in kind for piece in (PIECES.index(str(a.args[1])) for a in moves))


@pytest.mark.parametrize("seed", [1, 23])
def test_p_battle_4_the_heuristic_keeps_its_units_in_the_battle_to_come(seed: int) -> None:
    """P-BATTLE-4, P-BATTLE-5, P-MOVE-9: a unit of the battle's kind that leaves the issue's theater
    before its battle takes its value off its side's total, even where the exit test lets it go. The
    bot's decisions leave such moves out (``leaves_battle``); with ``stay=False``, the bot before, they
    are among its candidates."""
    game, state, legal = first_decision(seed, lambda game, state, legal: state.step == "move" and any(
        leaves_battle(game.tables, state, a) for a in legal), "a move out of the battle to come")
    t = game.tables
    theater, side = entry_parts(state.revealed)[0], state.actor // 2
    leaving = [a for a in legal if leaves_battle(t, state, a)]
    for action in leaving:
        assert t.theater_index[str(action.args[0])] == theater
        assert battle_weight(t, theater, side, PIECES.index(str(action.args[1]))) > 0
    assert not any(leaves_battle(t, state, a) for a in legal if a.verb != "move")
    for rng_seed in range(5):
        assert not set(leaving) & set(HeuristicAgent(game).candidates(state, legal, random.Random(rng_seed)))
    before = [set(leaving) & set(HeuristicAgent(game, stay=False).candidates(state, legal, random.Random(k)))
              for k in range(5)]
    assert any(before)


@pytest.mark.parametrize("seed", [1, 3])
def test_p_battle_4_a_close_call_sends_the_unit_that_adds_most(seed: int) -> None:
    """P-BATTLE-4, P-BATTLE-5, P-MOVE-6: a few rollouts of a move cannot tell one unit's strength in the
    battle from the noise of the cards, so the ranking credits a move ``lean`` per point of its
    ``move_score``. Where the look-ahead sees every candidate alike, the bot sends the unit that adds
    most; with ``lean=0.0``, the bot before, its quick pick stays first."""
    game, state, legal = first_move_before_a_battle(seed)
    view = game.view(state, state.actor)

    def alike(_t: object, _s: object, _seat: int) -> float:
        return 0.5

    def score(action: Action) -> int:
        return move_score(game.tables, state, action)

    best = max(score(action) for action in legal)
    assert best > 0
    # a generator whose quick pick (the first candidate) is not the best move
    k = next(k for k in range(40) if score(HeuristicAgent(game).candidates(state, legal, random.Random(k))[0]) < best)

    def ranked(lean: float) -> list[tuple[float, Action]]:
        agent = HeuristicAgent(game, evaluate=alike, lean=lean, rollouts=10)
        return agent.action_values(view, legal, random.Random(k))

    leaning = ranked(0.03)
    assert score(leaning[0][1]) == best
    assert [value for value, _ in leaning] == [0.5] * len(leaning)  # the values stay the look-ahead's
    assert score(ranked(0.0)[0][1]) < best


def redeployment_with_a_step_back(seed: int) -> tuple[PericlesGame, PericlesState, list[Action]]:
    """The first redeployment step where a unit could leave a theater a unit of its kind was
    redeployed into this phase."""
    return first_decision(seed, lambda game, state, legal: state.step == "redeploy" and any(
        undoes_redeployment(game.tables, state, a) for a in legal), "redeployment with a step back")


@pytest.mark.parametrize("seed", [1, 3, 11])
def test_p_redeploy_1_the_heuristic_never_swaps_units_of_a_kind_back(seed: int) -> None:
    """P-REDEPLOY-1: units of a kind are alike, so redeploying one out of a theater that one of its kind
    was redeployed into this phase ends where one step, or none, would (a watched game swapped two
    Peloponnesian troops between Boeotia and the Isthmus). The heuristic's candidates leave such
    steps out, and only them, and its choice is never one."""
    game, state, legal = redeployment_with_a_step_back(seed)
    t = game.tables
    back = [a for a in legal if undoes_redeployment(t, state, a)]
    for action in back:  # each leaves a theater that a unit of its kind entered
        theater, piece = t.theater_index[str(action.args[0])], PIECES.index(str(action.args[1]))
        assert state.moved[theater * N_PIECES + piece] > 0
    wide = HeuristicAgent(game, width=len(legal) + 1, samples=1, horizon=10, rollouts=1)
    assert set(wide.candidates(state, legal, random.Random(0))) == set(legal) - set(back)
    before = HeuristicAgent(game, width=len(legal) + 1, samples=1, horizon=10, rollouts=1, steps_back=True)
    assert set(before.candidates(state, legal, random.Random(0))) == set(legal)  # the bot before, for a benchmark
    seat = game.actors(state)[0]
    for k in range(3):
        assert small(game).choose(game.view(state, seat), legal, random.Random(k)) not in back


def test_p_move_9_a_move_into_a_theater_the_unit_cannot_leave_saves_no_links() -> None:
    """P-MOVE-6, P-MOVE-9, P-MOVE-10: at the start of the war a Spartan Military issue in the
    Hellespont (enemy-held): a Peloponnesian ship from the Isthmus to Athens is a link nearer on the map,
    but in Athens the Athenian navy (3 triremes at 2 and 2 bases at 2) outweighs a lone ship, so it could
    go no further. Counted along the routes the unit can pass (``passable``, the bot's decisions), that
    move saves nothing; counted on the map (the rollouts, and the bot before) it saves a link."""
    game = PericlesGame({"scenario": "14_2"})
    state = game.new_state(91)
    t = game.tables
    hellespont, athens = t.theater_index["Hellespont"], t.theater_index["Athens"]
    state.revealed = hellespont * 1000 + EK * 100 + EK * 10  # EK's marker; the kind digit is not read here
    state.actor, state.step, state.moves_left = EK, "move", 1
    to_athens = Action("move", ("Isthmus", "Pn", "Athens"))
    assert to_athens in move_legal(t, state, EK)
    plain, passable = (move_scores(t, state, [to_athens], kind=False, passable=p)[0] for p in (False, True))
    far = military_links_on(t, state, 1, PIECES.index("Pn"), hellespont)
    assert far[athens] == len(t.theater_keys) and plain > 0 >= passable
