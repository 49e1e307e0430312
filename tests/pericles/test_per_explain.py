"""What a Pericles action does, in plain words (issue 24, finding 8): the marker kinds where markers
are placed (P-THEATER-4, P-MIL-1, P-LEAGUE-1, P-DIPLO-1, P-THEATER-12), a card's value in brackets
(P-CARD-4), the casualty rows with the losses each gives (P-BATTLE-13), League units (P-LEAGUE-5) and
the State Ship (P-SHIP-1); every legal action of seeded games has a line ending with its rule IDs, and
a line never names a marker the seat cannot see (P-INFO-6)."""

from __future__ import annotations

import random
import re

import pytest

from kleos.core.action import Action
from kleos.core.protocol import CHANCE
from kleos.games.pericles.explain import explain
from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.kit import KIT
from kleos.games.pericles.state import PericlesState
from kleos.games.pericles.view import SECRET_KIND

MAX_STEPS = 4000  # decisions per seeded random game at most (vignettes end in under 200)
RULES_AT_END = re.compile(r"\[P-[A-Z0-9]+-[0-9][^\]]*\]$")


def positions(scenario: str, seed: int) -> list[tuple[PericlesGame, PericlesState, int]]:
    """Every decision of a seeded random game: (game, state before it, the seat asked)."""
    g = KIT.make_game({"scenario": scenario})
    s = g.new_state(seed)
    rng = random.Random(seed)
    out: list[tuple[PericlesGame, PericlesState, int]] = []
    for _ in range(MAX_STEPS):
        if not g.actors(s):
            return out
        if g.is_chance(s):
            g.apply_in_place(s, g.sample_chance(s), CHANCE)
            continue
        seat = g.actors(s)[0]
        out.append((g, s.copy(), seat))
        g.apply_in_place(s, rng.choice(g.legal_actions(s, seat)), seat)
    raise AssertionError(f"a {scenario} game of seed {seed} did not end in {MAX_STEPS} decisions")


def first_at(step: str, scenario: str = "14_1_09a") -> tuple[PericlesGame, PericlesState, int]:
    for seed in range(6):
        for found in positions(scenario, seed):
            if found[1].step == step:
                return found
    raise AssertionError(f"no {step} decision in six seeded {scenario} games")


def said(g: PericlesGame, s: PericlesState, seat: int, text: str) -> str:
    return explain(g, g.view(s, seat), Action.parse(text))


@pytest.mark.parametrize("scenario", ["14_1_09a", "14_2"])
def test_every_legal_action_is_explained_with_its_rules(scenario: str) -> None:
    """Every legal action of a seeded random game has a plain line ending with its rule IDs."""
    for g, s, seat in positions(scenario, 1):
        view = g.view(s, seat)
        for action in g.legal_actions(s, seat):
            words = explain(g, view, action)
            assert RULES_AT_END.search(words), f"{action} at {s.step}: {words!r}"


def test_p_theater_4_placing_says_what_each_marker_kind_does() -> None:
    """P-THEATER-4, P-MIL-1, P-LEAGUE-3, P-DIPLO-1, P-THEATER-12: the kinds are named where chosen."""
    g, s, seat = first_at("place")
    legal = {str(a) for a in g.legal_actions(s, seat)}
    texts = {kind: said(g, s, seat, next(a for a in legal if f" {kind} " in a)) for kind in ("MIL", "LEA", "DIP", "RUM")
             if any(f" {kind} " in a for a in legal)}
    assert set(texts) == {"MIL", "LEA", "DIP", "RUM"}, legal
    assert "Commander in Chief" in texts["MIL"] and "P-MIL-1" in texts["MIL"]
    assert "League base" in texts["LEA"] and "Diplomatic" in texts["DIP"]
    assert "does nothing" in texts["RUM"] and "bluff" in texts["RUM"]
    assert "top" in texts["MIL"] and "revealed first" in texts["MIL"]


def test_p_card_4_a_card_s_number_in_brackets_is_its_value() -> None:
    """P-CARD-4, P-CARD-6: playing a card says its value (the bracketed number) and what it earns."""
    g, s, seat = first_at("play", "14_2")
    action = g.legal_actions(s, seat)[0]
    card = g.tables.card_index[str(action.args[0])]
    words = explain(g, g.view(s, seat), action)
    assert f"card value {g.tables.card_value[card]} (the number shown in brackets)" in words
    assert "Strategos earned" in words and "P-CARD-4" in words


def test_p_battle_13_each_casualty_row_says_who_loses_what() -> None:
    """P-BATTLE-10, P-BATTLE-13: each row's line tells what it counts and the losses it gives here."""
    g, s, seat = first_at("row")
    for action in g.legal_actions(s, seat):
        words = explain(g, g.view(s, seat), action)
        assert f"row {action.args[0]}" in words and re.search(r"(Athens|Sparta) loses \d+ elite and \d+", words)


def test_p_ship_1_the_state_ship_and_p_league_5_league_units_have_effect_lines() -> None:
    """P-SHIP-1..4: committing the State Ship adds 1 and says the battle's totals so far;
    P-LEAGUE-5: League units are free, per League base."""
    g, s, seat = first_at("ship")
    words = said(g, s, seat, "ship yes")
    assert "one more committed Strategos" in words and re.search(r"Athens \d+ against Sparta \d+", words)
    assert "later battle" in said(g, s, seat, "ship no")
    for g, s, seat in positions("14_1_09a", 0) + positions("14_1_09a", 2):
        units = [a for a in g.legal_actions(s, seat) if a.verb == "league" and a.args[0] == "units"]
        if units:
            words = explain(g, g.view(s, seat), units[-1])
            assert "Free League units" in words and "League base" in words and "P-LEAGUE-5" in words
            return
    raise AssertionError("no League units choice in two seeded vignettes")


def test_p_info_6_a_reveal_names_only_a_marker_the_seat_knows() -> None:
    """P-INFO-6: revealing a marker the seat placed or owns names it; one it cannot see stays unnamed."""
    named = unnamed = 0
    for g, s, seat in positions("14_1_09a", 0) + positions("14_1_09a", 1):
        if s.step != "reveal":
            continue
        view = g.view(s, seat)
        for action in g.legal_actions(s, seat):
            th = g.tables.theater_index[str(action.args[0])]
            top = [e for e in view.state.queue if e // 1000 == th][-1]
            words = explain(g, view, action)
            if top % 10 == SECRET_KIND:
                unnamed += 1
                assert "do not know" in words and not re.search(r"(Military|League|Diplomatic|Oracle|Rumor)", words)
            else:
                named += 1
                assert "marker in" in words
    assert named and unnamed


def test_p_300_3_the_300_s_move_is_explained_as_moving_itself() -> None:
    """P-300-3, P-MOVE-1: the help of a move says one token of the allowance goes, except for the 300,
    which moves itself (its help said it used a token, and the allowance then did not drop)."""
    kinds = set()
    for g, s, seat in positions("14_2", 1) + positions("14_2", 2) + positions("14_2", 3):
        if s.step != "move":
            continue
        for action in g.legal_actions(s, seat):
            if action.verb != "move":
                continue
            words = explain(g, g.view(s, seat), action)
            the_300 = action.args[1] == "S300"
            assert ("using no token of the movement allowance" in words) == the_300, words
            assert ("uses one token of the movement allowance" in words) != the_300, words
            assert ("P-300-3" in words) == the_300, words
            kinds.add(the_300)
    assert kinds == {True, False}, kinds
