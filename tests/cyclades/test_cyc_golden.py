"""Golden playthroughs: one seeded game per player count (2 to 5), played to its end and stored.

Each game is played by seeded random agents (``random.Random(seed)`` choosing among the engine's legal
actions, in the order the engine lists them) with chance drawn from the state's own generator. Every
step is written to ``tests/cyclades/golden/cyclades-<n>p-seed<seed>.txt`` as one line: who acted
(a seat or ``chance``), the action in notation, and a digest of the position after it (cycle, phase,
gold, islands owned and Metropolises per seat). Two checks read each file:

* replaying its actions with full validation reproduces every digest line (the rules did not change);
* playing the seeded game again writes the same file (the legal-action lists and chance did not change).

A changed line means the engine now plays differently. If the change was intended, regenerate with
``KLEOS_REGENERATE_GOLDEN=1 .venv/bin/pytest -q -p no:cacheprovider tests/cyclades/test_cyc_golden.py``
and review the diff of ``tests/cyclades/golden/`` before committing it. Together under a few seconds.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from kleos.core.testing import first_difference, golden_lines, golden_replay
from kleos.games.cyclades.game import CycladesGame
from kleos.games.cyclades.state import CycladesState

GOLDEN = Path(__file__).parent / "golden"
GAMES = [(2, 2), (3, 3), (4, 4), (5, 5)]  # (players, seed)
MAX_STEPS = 3000  # a safety cap; every stored game ends well before it
REGENERATE = os.environ.get("KLEOS_REGENERATE_GOLDEN") == "1"


def _path(players: int, seed: int) -> Path:
    return GOLDEN / f"cyclades-{players}p-seed{seed}.txt"


def digest(s: CycladesState) -> str:
    """A short position summary: cycle, phase, gold, islands owned and Metropolises per seat."""
    seats = range(s.players)
    islands = [sum(1 for o in s.owner if o == seat) for seat in seats]
    metros = [sum(m for i, m in enumerate(s.metropolis) if s.owner[i] == seat) for seat in seats]
    gold = ",".join(map(str, s.gold))
    return (f"c{s.cycle} {s.phase} gold={gold} islands={','.join(map(str, islands))} "
            f"metro={','.join(map(str, metros))}")


@pytest.mark.parametrize(("players", "seed"), GAMES, ids=[f"{p}p" for p, _ in GAMES])
def test_golden_playthrough(players: int, seed: int) -> None:
    """C-CYCLE-1, C-END-2: a whole seeded game per player count, replayed from its log and replayed
    from its seed, equals the stored transcript step by step (digests included)."""
    path = _path(players, seed)
    played = golden_lines(CycladesGame({"players": players}), seed, digest,
                          f"# cyclades players={players} seed={seed} agents=random", MAX_STEPS)
    if REGENERATE:
        GOLDEN.mkdir(exist_ok=True)
        path.write_text("\n".join(played) + "\n", encoding="utf-8")
    stored = path.read_text(encoding="utf-8").splitlines()
    assert stored[-1].startswith("outcome ") and "None" not in stored[-1], "the stored game must end"
    replayed = golden_replay(CycladesGame({"players": players}), stored, digest)
    assert replayed == stored, "replaying the log: " + first_difference(stored, replayed)
    assert played == stored, "playing the seed again: " + first_difference(stored, played)
