"""The edges of the Final phase (``rules.final``) that whole-game tests never reach: equal totals, every
faction and both sides, each half of a two-part condition (P-VICTORY, P-WILL, P-UPKEEP, P-ARGOS)."""

from __future__ import annotations

import pytest
from per_helpers import AF, AK, DF, EK, clear_board, game, put

from kleos.core.action import Action
from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.rules import final
from kleos.games.pericles.state import PericlesState
from kleos.games.pericles.tables import AR, N_PIECES, PIECES

FACTIONS = (AF, DF, EK, AK)
GRANARIES = ("Sicily", "Sparta", "Hellespont")


def _fresh(scenario: str = "14_2") -> tuple[PericlesGame, PericlesState]:
    g = game(scenario)
    return g, g.new_state(1)


def _empty_board() -> tuple[PericlesGame, PericlesState]:
    """No piece anywhere, Athens fed at the start of the turn: no automatic victory but what a test sets."""
    g, s = _fresh()
    clear_board(s)
    s.granary_start = [1]
    return g, s


# ----- P-VICTORY-1: automatic Honor victory, four conditions -------------------------------------
def _honor_leader(f: int) -> PericlesState:
    """Faction ``f`` Dominant with 30 Honor, its compatriot 10, each enemy faction 10: exactly 3 times
    each enemy (the boundary of condition c)."""
    _g, s = _fresh()
    side = f // 2
    s.dominant[side] = f
    s.honor = [10, 10, 10, 10]
    s.honor[f] = 30
    return s


@pytest.mark.parametrize("f", FACTIONS)
def test_honor_victory_at_three_times_each_enemy(f: int) -> None:
    """P-VICTORY-1: "(c) it has at least 3 times the Honor of each faction of the other side": exactly
    3 times is enough, for every faction of both sides."""
    assert final.honor_victory(_honor_leader(f), f)


@pytest.mark.parametrize("f", FACTIONS)
def test_honor_victory_needs_to_be_dominant(f: int) -> None:
    """P-VICTORY-1: "(a) it is Dominant": the same Honor as the compatriot's Opponent does not win."""
    s = _honor_leader(f)
    s.dominant[f // 2] = f ^ 1
    assert not final.honor_victory(s, f)


@pytest.mark.parametrize("f", FACTIONS)
def test_honor_victory_needs_more_than_the_compatriot(f: int) -> None:
    """P-VICTORY-1: "(b) it has more Honor than its compatriot": equal Honor is not more."""
    s = _honor_leader(f)
    s.honor[f ^ 1] = 30
    assert not final.honor_victory(s, f)


@pytest.mark.parametrize(("f", "enemy"), [(f, e) for f in FACTIONS for e in FACTIONS if e // 2 != f // 2])
def test_honor_victory_needs_three_times_every_enemy(f: int, enemy: int) -> None:
    """P-VICTORY-1: "(c) ... at least 3 times the Honor of each faction of the other side": one enemy
    faction at 11 (30 < 33) is enough to stop it, whichever it is."""
    s = _honor_leader(f)
    s.honor[enemy] = 11
    assert not final.honor_victory(s, f)


def test_honor_victory_counts_the_compatriot_in_the_side_total() -> None:
    """P-VICTORY-1: "(d) its Honor plus its compatriot's is more than the other side's combined Honor":
    30 + 29 against 10 + 9 (the compatriot's Honor is added, not taken away)."""
    s = _honor_leader(AF)
    s.honor = [30, 29, 10, 9]
    assert final.honor_victory(s, AF)


def test_automatic_honor_victory_reason() -> None:
    """P-VICTORY-1: on an allowed turn the faction wins at once, and the outcome says why."""
    g, s = _fresh()
    s.honor, s.granary_start, s.turn = [30, 5, 10, 9], [1], 2
    assert final.automatic_victory(g.tables, s) and s.outcome is not None
    assert (s.outcome.reason, s.outcome.winner, s.step) == ("automatic Honor victory", AF, "over")
    assert s.outcome.scores == (30, 5, 10, 9)


# ----- P-VICTORY-2/3: conquest, both sides ------------------------------------------------------
def test_athens_conquers_sparta() -> None:
    """P-VICTORY-2, P-VICTORY-3: "If Athens controls the Sparta theater, Athens wins": the Athenian
    Dominant +5, its Opponent -5, and the Athenian faction with more Honor wins."""
    g, s = _empty_board()
    put(g, s, "Sparta", Al=1)
    put(g, s, "Athens", Ab=1)
    assert final.automatic_victory(g.tables, s) and s.outcome is not None
    assert (s.outcome.reason, s.outcome.winner) == ("conquest", AF)
    assert s.honor == [15, 5, 10, 10]


def test_both_capitals_reason() -> None:
    """P-VICTORY-2: "If both happen, the game is a draw": no winner, and the outcome says so."""
    g, s = _empty_board()
    put(g, s, "Athens", Sl=1)
    put(g, s, "Sparta", Al=1)
    assert final.automatic_victory(g.tables, s) and s.outcome is not None
    assert (s.outcome.reason, s.outcome.winner) == ("conquest of both capitals: a draw", None)


# ----- P-VICTORY-4/5: the granaries, both halves ---------------------------------------------------
@pytest.mark.parametrize("theater", GRANARIES)
@pytest.mark.parametrize("base", ["Ab", "Db"])
def test_every_granary_feeds_athens_with_either_base(theater: str, base: str) -> None:
    """P-VICTORY-5: "The granary theaters are the Hellespont (13), ... Sicily (1) and Sparta (6)";
    P-VICTORY-4: a base "(Athenian or Delian)" there feeds Athens."""
    g, s = _empty_board()
    put(g, s, theater, **{base: 1})
    assert final.athens_granary_base(s)


def test_a_base_outside_the_granaries_does_not_feed_athens() -> None:
    """P-VICTORY-5: a base in a theater next to the granaries (Corcyra, Isthmus, Ionia) is no granary."""
    g, s = _empty_board()
    for theater in ("Corcyra", "Isthmus", "Ionia", "Athens"):
        put(g, s, theater, Ab=1, Db=1)
    assert not final.athens_granary_base(s)


@pytest.mark.parametrize(("persia_war", "callias", "feeds"), [(1, 0, True), (0, 0, False), (1, 1, False)])
def test_eastern_mediterranean_only_during_war_with_persia(persia_war: int, callias: int, feeds: bool) -> None:
    """P-VICTORY-5: "The Eastern Mediterranean counts only while War with Persia is active, and never
    after the Peace of Callias"."""
    g, s = _empty_board()
    put(g, s, "EastMed", Ab=1)
    s.persia_war, s.callias = persia_war, callias
    assert final.athens_granary_base(s) == feeds


@pytest.mark.parametrize(("at_start", "now", "starved"), [(0, 0, True), (1, 0, False), (0, 1, False)])
def test_granary_turn_start_and_final_phase(at_start: int, now: int, starved: bool) -> None:
    """P-VICTORY-4: "if Athens started the turn with no base (Athenian or Delian) in any granary
    theater, and still has none in the Final phase, Sparta wins": both halves are needed."""
    g, s = _empty_board()
    s.granary_start = [at_start]
    put(g, s, "Sicily", Ab=now)
    assert final.automatic_victory(g.tables, s) == starved
    if starved:
        assert s.outcome is not None and s.outcome.reason == "Athens starved: no granary base"
        assert s.outcome.winner == AK and s.honor == [10, 10, 5, 15]


# ----- P-VICTORY-3/11: the Dominant wins a tie, on both sides ------------------------------------
@pytest.mark.parametrize("side", [0, 1])
@pytest.mark.parametrize("dominant_first", [True, False])
def test_best_faction_dominant_wins_a_tie(side: int, dominant_first: bool) -> None:
    """P-VICTORY-3, P-VICTORY-11: "its faction with more Honor wins the game (the Dominant on a tie)"."""
    _g, s = _fresh()
    dom = 2 * side + (0 if dominant_first else 1)
    s.dominant[side] = dom
    s.honor = [7, 7, 7, 7]
    assert final.best_of(s, side) == dom
    s.honor = [5, 5, 5, 5]
    s.honor[dom ^ 1] = 8
    s.honor[dom ^ 2] = 3  # a lower faction of the other side changes nothing
    assert final.best_of(s, side) == dom ^ 1


# ----- P-VICTORY-7..12: end-of-game scoring -------------------------------------------------------
def test_political_bonus_goes_to_each_sides_own_factions() -> None:
    """P-VICTORY-7: "each side's Dominant faction gains 5 Honor, its Opponent loses 5", with the
    Dominants AF and EK: the -5 falls on DF and AK, not on the other side."""
    g, s = _fresh()
    clear_board(s)
    s.dominant = [AF, EK]
    final.end_scoring(g.tables, s, "end")
    assert s.honor == [15, 5, 15, 5]


def test_athens_scores_three_per_held_theater() -> None:
    """P-VICTORY-10: Athens 3 Honor per theater it controls: two theaters, 6, split 3/3."""
    g, s = _fresh()
    clear_board(s)
    put(g, s, "Aetolia", Al=1)
    put(g, s, "Corcyra", Al=1)
    final.end_scoring(g.tables, s, "end")
    assert s.honor[AF] == 10 + 5 + 3 and s.honor[DF] == 10 - 5 + 3


def test_athens_ahead_wins_though_a_spartan_faction_is_highest() -> None:
    """P-VICTORY-11: "the side with the higher combined Honor wins the war, and its faction with more
    Honor wins the game": Athens 12 + 11 over Sparta 15 + 0; AF wins though EK has the most."""
    g, s = _fresh("14_1_09a")
    s.honor = [12, 11, 15, 0]
    final.end_scoring(g.tables, s, "end")
    assert s.outcome is not None and (s.outcome.reason, s.outcome.winner) == ("end", AF)


def test_equal_sides_and_equal_leaders_go_to_athens_dominant() -> None:
    """P-VICTORY-12: equal sides and no single highest faction: Athens' faction with more Honor, the
    Dominant on a tie (DF here)."""
    g, s = _fresh("14_1_09a")
    s.dominant[0] = DF
    final.end_scoring(g.tables, s, "end")
    assert s.outcome is not None and (s.outcome.reason, s.outcome.winner) == ("end", DF)


# ----- P-WILL: the will of the assembly -----------------------------------------------------------
def test_a_side_without_a_will_does_not_stop_the_other() -> None:
    """P-WILL-3, P-WILL-4: each side's will is checked on its own: Athens has none, Sparta's failed
    will still costs its factions 5 each and sets 5 tokens aside (added to those already aside)."""
    g, s = _fresh()
    t = g.tables
    athens = t.theater_index["Athens"]
    s.will_code, s.will_theater = [-1, 0], [-1, athens]
    s.set_aside = [0, 2]
    final.check_wills(t, s)
    assert s.honor == [10, 10, 5, 5] and s.set_aside == [0, 7]
    assert s.will_code == [-1, -1] and s.will_theater == [-1, -1]


@pytest.mark.parametrize(("built", "base", "met"), [(1, 1, True), (1, 0, False), (0, 1, False)])
def test_build_will_needs_the_build_and_the_base(built: int, base: int, met: bool) -> None:
    """P-WILL-5: met "only if, in the named theater, a League base was built ... this turn, and that
    base is still there in the Final phase": both halves."""
    g, s = _empty_board()
    th = g.tables.theater_index["Boeotia"]
    s.will_code, s.will_theater = [final.BUILD, -1], [th, -1]
    s.no_bases = [0, 0]
    s.built[th] = built
    put(g, s, "Boeotia", Db=base)
    assert final.will_met(s, 0) is met


@pytest.mark.parametrize("side", [0, 1])
def test_no_base_left_exactly_at_the_limit(side: int) -> None:
    """P-WILL-6: "no base pieces left to build": every base piece of the side in use, exactly the pool."""
    g, s = _empty_board()
    t = g.tables
    names = (("Ab", "Db"), ("Sb", "Pb"))[side]
    for name in names:
        s.gone[PIECES.index(name)] = t.piece_limits[PIECES.index(name)]
    assert final.no_base_left(t, s, side)
    s.gone[PIECES.index(names[0])] -= 1
    assert not final.no_base_left(t, s, side)


def test_set_aside_tokens_all_return() -> None:
    """P-AMB-31: tokens set aside return to the supply at the start of the Final phase, none left aside."""
    _g, s = _fresh()
    s.set_aside, s.supply = [5, 3], [10, 10]
    final.return_set_aside(s)
    assert s.set_aside == [0, 0] and s.supply == [15, 13]


# ----- P-UPKEEP and P-ARGOS -----------------------------------------------------------------------
def test_upkeep_capacity_four_per_base() -> None:
    """P-UPKEEP-1: 4 per base of the side on the map: two bases hold 8."""
    g, s = _empty_board()
    put(g, s, "Athens", Ab=1)
    put(g, s, "Lesbos", Db=1)
    assert final.upkeep_capacity(s, 0) == 8


def test_upkeep_names_its_rule() -> None:
    """P-UPKEEP-3: an action other than a disband is refused under the upkeep rule."""
    g, s = _empty_board()
    violation = final.check(g.tables, s, AF, Action("pass", ()))
    assert violation is not None and violation[0] == "P-UPKEEP-3"


@pytest.mark.parametrize(("delian", "argos", "left"), [(0, 2, 1), (0, 1, 1), (1, 3, 3)])
def test_argos_limit_needs_no_delian_base_and_more_than_one(delian: int, argos: int, left: int) -> None:
    """P-ARGOS-3, P-UPKEEP-4: "If the Sparta theater has no Delian League base, at most 1 Argos unit may
    remain there": two become one, one stays, and with a Delian base all three stay."""
    g, s = _empty_board()
    put(g, s, "Sparta", Db=delian, Ar=argos)
    final.argos_limit(s)
    sparta = g.tables.theater_index["Sparta"]
    assert s.pieces[sparta * N_PIECES + AR] == left
