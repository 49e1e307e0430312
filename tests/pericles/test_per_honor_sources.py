"""Where each faction's Honor came from (issue 24): the rules keep every real change of Honor under
the rule that made it (``honor_from``), so the score sheet of the game-over screens shows the parts of
the final Honor — the scenario's start, the bots' handicap (P-DATA-14), the political phase, theater issues,
battles, raids, Political Capital, wills, Persia and the victory bonuses — adding up to it."""

from __future__ import annotations

import random
from typing import Any

from kleos.core.protocol import CHANCE
from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.kit import KIT
from kleos.games.pericles.rules import common
from kleos.games.pericles.state import H_BATTLES, HONOR_SOURCES, N_HONOR, PericlesState
from kleos.games.pericles.tables import FACTIONS

MAX_STEPS = 5000


def sources(s: PericlesState, f: int) -> list[int]:
    return s.honor_from[f * N_HONOR:(f + 1) * N_HONOR]


def play(game: PericlesGame, seed: int) -> list[tuple[PericlesState, str, PericlesState]]:
    """A seeded random game to its end: (state before, verb, state after) per step."""
    s = game.new_state(seed)
    rng = random.Random(seed)
    out: list[tuple[PericlesState, str, PericlesState]] = []
    for _ in range(MAX_STEPS):
        if not game.actors(s):
            return out
        seat = CHANCE if game.is_chance(s) else game.actors(s)[0]
        action = game.sample_chance(s) if seat == CHANCE else rng.choice(game.legal_actions(s, seat))
        before = s.copy()
        game.apply_in_place(s, action, seat)
        out.append((before, action.verb, s.copy()))
    raise AssertionError(f"no end in {MAX_STEPS} steps")


def test_p_honor_the_sources_add_up_to_the_honor_at_every_step() -> None:
    """P-DEF-16, P-DATA-14: at every step of seeded games (a vignette and a whole war, a handicap
    given) each faction's sources add up to its Honor; the start is the scenario's and the handicap."""
    games: list[tuple[dict[str, Any], dict[str, int], int]] = [
        ({"scenario": "14_1_09a"}, {}, 3), ({"scenario": "14_2", "honor_handicap": {"DF": 20}}, {"DF": 20}, 1)]
    for options, handicap, seed in games:
        game = PericlesGame(options)
        steps = play(game, seed)
        first = steps[0][0]
        assert [sources(first, f)[:2] for f in range(4)] == [
            [game.tables.scenario.honor[code], handicap.get(code, 0)] for code in FACTIONS]
        for _, verb, after in steps:
            assert all(sum(sources(after, f)) == after.honor[f] for f in range(4)), verb
        final = steps[-1][2]
        assert final.outcome is not None and any(sources(final, f)[2:] != [0] * (N_HONOR - 2) for f in range(4))


def test_p_battle_25_battle_honor_is_kept_as_battles() -> None:
    """P-BATTLE-25..30: the Honor a battle gives and takes (seed 3 of the vignette fights one with
    casualties) goes under "battles", nothing else moves."""
    game = PericlesGame({"scenario": "14_1_09a"})
    fought = [(b, a) for b, verb, a in play(game, 3) if b.honor != a.honor and verb in ("row", "casualty", "raze")]
    assert fought
    for before, after in fought:
        for f in range(4):
            moved = [x - y for x, y in zip(sources(after, f), sources(before, f), strict=True)]
            assert moved == [after.honor[f] - before.honor[f] if i == H_BATTLES else 0 for i in range(N_HONOR)]


def test_p_def_16_a_loss_stopped_at_zero_is_kept_as_the_real_loss() -> None:
    """P-DEF-16: Honor stops at 0, and only the real change is kept under its source."""
    s = PericlesGame({"scenario": "14_1_09a"}).new_state(1)
    s.honor[0] = 2
    s.honor_from[0:N_HONOR] = [2] + [0] * (N_HONOR - 1)
    assert common.gain(s, 0, -5, H_BATTLES) == -2
    assert s.honor[0] == 0 and sum(sources(s, 0)) == 0 and sources(s, 0)[H_BATTLES] == -2


def test_p_victory_11_the_score_sheet_shows_the_parts_of_the_final_honor() -> None:
    """P-VICTORY-11: the kit's breakdown (the game-over screens' score sheet) gives each faction the
    same named parts, from the public view, adding up to its final Honor."""
    game = PericlesGame({"scenario": "14_2"})
    final = play(game, 1)[-1][2]
    assert final.outcome is not None
    parts = KIT.score_breakdown(game, game.view(final, None))
    assert parts is not None and len(parts) == 4
    assert all(list(p) == list(parts[0]) and set(p) <= set(HONOR_SOURCES) for p in parts)
    assert [sum(p.values()) for p in parts] == list(final.outcome.scores)
    assert "start" in parts[0] and "victory" in parts[0]


def test_a_state_saved_before_the_sources_loads_with_its_honor_as_the_start() -> None:
    """An older saved state (no sources) still loads: its Honor counts as the start."""
    s = PericlesGame({"scenario": "14_1_09a"}).new_state(2)
    data = s.to_json()
    del data["honor_from"]
    loaded = PericlesState.from_json(data)
    assert [sources(loaded, f)[0] for f in range(4)] == loaded.honor
    assert all(sum(sources(loaded, f)) == loaded.honor[f] for f in range(4))
