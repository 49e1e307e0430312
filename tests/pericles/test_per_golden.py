"""Golden playthroughs: one seeded game of each scenario (the First Peloponnesian War and the War in
the Aegean vignette), played to its end and stored under ``tests/pericles/golden/``.

A game is played by one ``random.Random(seed)`` picking among the engine's legal actions (in the
engine's order) for whichever faction acts, chance drawn from the state's own generator. The file
holds one line per step — who acted (a seat number or ``chance``), the action in notation — and,
after ``|``, a summary of the position it led to (turn, phase and step, War or Peace, Honor,
Strategos stocks, supply and Council per side, units and bases on the map per side), then the outcome.

Two checks read each file:

* replaying its actions with full validation rebuilds every summary line (the rules did not change);
* playing the seed again writes the same lines (legal-action lists and chance did not change).

If a change of the engine is intended, regenerate with
``KLEOS_REGENERATE_GOLDEN=1 .venv/bin/python -m pytest -q -p no:cacheprovider tests/pericles/test_per_golden.py``
and read the diff of ``tests/pericles/golden/`` before committing it.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from kleos.core.action import Action
from kleos.core.protocol import CHANCE
from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.state import PericlesState
from kleos.games.pericles.tables import N_PIECES, N_THEATERS, SIDE_BASES, SIDE_LAND, SIDE_NAVAL

GOLDEN = Path(__file__).parent / "golden"
# (scenario, seed): 14_2 seed 47 holds a Plague choice, Peace relocations and battles
GAMES = [("14_2", 47), ("14_1_09a", 1)]
MAX_STEPS = 5000  # a safety cap; both stored games end long before it
REGENERATE = os.environ.get("KLEOS_REGENERATE_GOLDEN") == "1"


def _path(scenario: str, seed: int) -> Path:
    return GOLDEN / f"pericles-{scenario}-seed{seed}.txt"


def _on_map(s: PericlesState, kinds: tuple[int, ...]) -> int:
    return sum(s.pieces[th * N_PIECES + p] for th in range(N_THEATERS) for p in kinds)


def digest(s: PericlesState) -> str:
    """A short summary of the position: what a change of the rules would most likely move."""
    units = [_on_map(s, SIDE_LAND[side] + SIDE_NAVAL[side]) for side in (0, 1)]
    bases = [_on_map(s, SIDE_BASES[side]) for side in (0, 1)]

    def nums(xs: list[int]) -> str:
        return ",".join(map(str, xs))

    return (f"t{s.turn} {s.phase}/{s.step} {'W' if s.war else 'P'} honor={nums(s.honor)} "
            f"stock={nums(s.stock)} supply={nums(s.supply)} council={nums(s.council)} "
            f"units={nums(units)} bases={nums(bases)}")


def play_game(scenario: str, seed: int) -> list[str]:
    """The golden lines of one seeded random game, ending with its outcome."""
    g = PericlesGame({"scenario": scenario})
    s = g.new_state(seed)
    rng = random.Random(seed)
    lines = [f"# pericles scenario={scenario} seed={seed} agents=random", f"start | {digest(s)}"]
    for _ in range(MAX_STEPS):
        if g.is_terminal(s):
            break
        if g.is_chance(s):
            action, who = g.step_chance(s), "chance"
        else:
            seat = g.actors(s)[0]
            action = rng.choice(g.legal_actions(s, seat))
            g.apply_in_place(s, action, seat, validate=False)
            who = str(seat)
        lines.append(f"{who} {action} | {digest(s)}")
    lines.append(f"outcome {g.outcome(s)}")
    return lines


def replay(scenario: str, lines: list[str]) -> list[str]:
    """Re-apply the stored actions with validation and rebuild the lines from the engine's positions."""
    seed = int(lines[0].rsplit("seed=", 1)[1].split()[0])
    g = PericlesGame({"scenario": scenario})
    s = g.new_state(seed)
    out = [lines[0], f"start | {digest(s)}"]
    for line in lines[2:-1]:
        who, text = line.split(" | ")[0].split(" ", 1)
        g.apply_in_place(s, Action.parse(text), CHANCE if who == "chance" else int(who))
        out.append(f"{who} {text} | {digest(s)}")
    out.append(f"outcome {g.outcome(s)}")
    return out


def _first_difference(expected: list[str], got: list[str]) -> str:
    for n, (a, b) in enumerate(zip(expected, got, strict=False)):
        if a != b:
            return f"line {n + 1}:\n  golden: {a}\n  now:    {b}"
    return f"lengths differ: golden {len(expected)} lines, now {len(got)}"


@pytest.mark.parametrize(("scenario", "seed"), GAMES, ids=[sc for sc, _ in GAMES])
def test_golden_playthrough(scenario: str, seed: int) -> None:
    """P-SEQ-1, P-VICTORY rulings: a whole seeded game of each scenario, replayed from its log and
    played again from its seed, equals the stored transcript line by line (summaries included)."""
    path = _path(scenario, seed)
    played = play_game(scenario, seed)
    if REGENERATE:
        GOLDEN.mkdir(exist_ok=True)
        path.write_text("\n".join(played) + "\n", encoding="utf-8")
    stored = path.read_text(encoding="utf-8").splitlines()
    assert stored[-1].startswith("outcome Outcome("), "the stored game must end"
    replayed = replay(scenario, stored)
    assert replayed == stored, "replaying the log: " + _first_difference(stored, replayed)
    assert played == stored, "playing the seed again: " + _first_difference(stored, played)
