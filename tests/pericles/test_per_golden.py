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
from pathlib import Path

import pytest

from kleos.core.testing import first_difference, golden_lines, golden_replay
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


@pytest.mark.parametrize(("scenario", "seed"), GAMES, ids=[sc for sc, _ in GAMES])
def test_golden_playthrough(scenario: str, seed: int) -> None:
    """P-SEQ-1, P-VICTORY rulings: a whole seeded game of each scenario, replayed from its log and
    played again from its seed, equals the stored transcript line by line (summaries included)."""
    path = _path(scenario, seed)
    played = golden_lines(PericlesGame({"scenario": scenario}), seed, digest,
                          f"# pericles scenario={scenario} seed={seed} agents=random", MAX_STEPS)
    if REGENERATE:
        GOLDEN.mkdir(exist_ok=True)
        path.write_text("\n".join(played) + "\n", encoding="utf-8")
    stored = path.read_text(encoding="utf-8").splitlines()
    assert stored[-1].startswith("outcome Outcome("), "the stored game must end"
    replayed = golden_replay(PericlesGame({"scenario": scenario}), stored, digest)
    assert replayed == stored, "replaying the log: " + first_difference(stored, replayed)
    assert played == stored, "playing the seed again: " + first_difference(stored, played)
