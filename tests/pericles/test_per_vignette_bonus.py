"""The vignette's end bonus (P-VICTORY-6, P-VICTORY-7): the sources report War in the Aegean scored on
Honor alone, so by default nothing is added at its end; the ``vignette_end_bonus`` option scores the
political bonus (Dominant +5, Opponent -5) before the sides are compared, and reaches every surface
through the game's options (the lobby's and the command lines' specs, records)."""

from __future__ import annotations

import random

import pytest
from per_helpers import AF, DF, EK, game

from kleos.core.kit import OptionsError
from kleos.core.kit.options import command_options
from kleos.core.protocol import CHANCE
from kleos.games.pericles.agents.evaluation import PROJECTION, faction_score
from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.kit import KIT
from kleos.games.pericles.rules import final
from kleos.games.pericles.state import H_VICTORY, N_HONOR, PericlesState

OPTION = final.VIGNETTE_END_BONUS


def _ended(g: PericlesGame, honor: list[int]) -> PericlesState:
    s = g.new_state(1)
    s.honor = honor[:]
    final.end_scoring(g.tables, s, "end")
    return s


def test_p_victory_7_vignette_has_no_end_bonus_by_default() -> None:
    """P-VICTORY-6, P-VICTORY-7: without the option the vignette ends on Honor alone: the Opponent
    ahead of its Dominant keeps its lead and wins (nothing under the victory bonuses)."""
    g = game("14_1_09a")
    assert g.tables.options.vignette_end_bonus == "none" and OPTION not in g.options
    s = _ended(g, [10, 12, 10, 9])
    assert s.honor == [10, 12, 10, 9]
    assert s.outcome is not None and s.outcome.winner == DF
    assert all(s.honor_from[f * N_HONOR + H_VICTORY] == 0 for f in range(4))


def test_p_victory_7_vignette_end_bonus_option_scores_dominance() -> None:
    """P-VICTORY-7, P-VICTORY-11: with the option each side's Dominant (AF, EK in the vignette) gains 5
    and its Opponent loses 5 (down to 0, P-DEF-16) before the comparison, which turns the duel to the
    Dominant; no base or theater bonus (P-VICTORY-8..10) comes with it."""
    g = game("14_1_09a", **{OPTION: "political"})
    assert g.options == {"scenario": "14_1_09a", OPTION: "political"}
    s = _ended(g, [10, 12, 10, 3])
    assert s.honor == [15, 7, 15, 0]
    assert s.outcome is not None and s.outcome.winner == AF
    assert [s.honor_from[f * N_HONOR + H_VICTORY] for f in range(4)] == [5, -5, 5, -3]


def test_p_victory_7_whole_war_scores_it_once_whatever_the_option() -> None:
    """P-VICTORY-7..10: 14_2 always scores its end bonuses; the option does not add a second +5/-5."""
    honor = [10, 10, 10, 10]
    plain = _ended(game("14_2"), honor)
    asked = _ended(game("14_2", **{OPTION: "political"}), honor)
    assert asked.honor == plain.honor and plain.honor[AF] - plain.honor[DF] >= 10


def _random_game(g: PericlesGame, seed: int) -> PericlesState:
    s = g.new_state(seed)
    rng = random.Random(seed)
    while g.actors(s):
        seat = CHANCE if g.is_chance(s) else g.actors(s)[0]
        action = g.sample_chance(s) if seat == CHANCE else rng.choice(g.legal_actions(s, seat))
        g.apply_in_place(s, action, seat)
    return s


def test_p_victory_7_a_played_vignette_ends_with_the_bonus_only_when_asked() -> None:
    """P-VICTORY-6, P-VICTORY-7: the same seeded random vignette played with the option off and on ends
    with the same Honor but for the Dominants' +5 and the Opponents' -5 (floored at 0)."""
    off = _random_game(game("14_1_09a"), 5)
    on = _random_game(game("14_1_09a", **{OPTION: "political"}), 5)
    assert off.outcome is not None and on.outcome is not None
    for f in range(4):
        dominant = f in (AF, EK)
        assert on.honor[f] == (off.honor[f] + 5 if dominant else max(0, off.honor[f] - 5))


def test_p_victory_7_option_reaches_the_surfaces_through_the_kit() -> None:
    """P-VICTORY-7: the kit declares the option (lobby, ``kleos play/arena --option``) with both values
    in plain words and its default ``none``; a value read from the command line makes the game; a
    wrong value is refused naming the option."""
    spec = next(o for o in KIT.options if o.name == OPTION)
    assert spec.choices == ("none", "political") and spec.default == "none" and spec.advanced
    assert spec.meaning("political") and "P-VICTORY-7" in spec.source
    made = KIT.make_game(command_options(KIT, ["scenario=14_1_09a", f"{OPTION}=political"]))
    assert isinstance(made, PericlesGame) and made.options[OPTION] == "political"
    with pytest.raises(OptionsError, match=OPTION):
        game("14_1_09a", **{OPTION: "yes"})


def test_p_victory_7_bots_credit_the_bonus_until_it_is_scored() -> None:
    """P-VICTORY-7: with the option the bots' evaluation projects the Dominance bonus while the vignette
    is under way (``PROJECTION`` of ±5) and, once the bonus is in the Honor, counts the Honor alone, as
    without the option."""
    plain, asked = game("14_1_09a"), game("14_1_09a", **{OPTION: "political"})
    s = plain.new_state(1)
    assert faction_score(asked.tables, s, AF) - faction_score(plain.tables, s, AF) == PROJECTION * 5
    assert faction_score(asked.tables, s, DF) - faction_score(plain.tables, s, DF) == -PROJECTION * 5
    ended = _random_game(asked, 5)
    assert [faction_score(asked.tables, ended, f) for f in range(4)] == [
        faction_score(plain.tables, ended, f) for f in range(4)]
