"""Golden playthroughs: two seeded games per edition, played to their end and stored under
``tests/polis/golden/``, by the mechanism of every game (:func:`kleos.core.testing.golden_lines`).

A game is played by :func:`kleos.games.polis.invariants.prudent_policy` drawing from one
``random.Random(seed)`` for whichever side acts (random play that does not throw the game away at
once, so that games reach the later rounds), chance drawn from the state's own generator. The file
holds one line per step — who acted (a seat number or ``chance``), the action in notation — and,
after ``|``, a summary of the position it led to (round, phase, prestige, goods and poleis per
side), then the outcome. Two checks read each file:

* replaying its actions with full validation rebuilds every summary line (the rules did not change);
* playing the seed again writes the same lines (legal-action lists and chance did not change).

If a change of the engine is intended, regenerate with
``KLEOS_REGENERATE_GOLDEN=1 .venv/bin/python -m pytest -q -p no:cacheprovider tests/polis/test_golden.py``
and read the diff of ``tests/polis/golden/`` before committing it.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from kleos.core.testing import first_difference, golden_lines, golden_replay
from kleos.games.polis.game import PolisGame
from kleos.games.polis.invariants import prudent_policy
from kleos.games.polis.state import PolisState
from kleos.games.polis.tables import N_GOODS, SIDES

GOLDEN = Path(__file__).parent / "golden"
# (edition, seed): seeds whose games reach the last rounds
GAMES = [("2012", 25), ("2012", 31), ("2020", 30), ("2020", 83)]
MAX_STEPS = 5000  # a safety cap; every stored game ends long before it
REGENERATE = os.environ.get("KLEOS_REGENERATE_GOLDEN") == "1"


def _path(edition: str, seed: int) -> Path:
    return GOLDEN / f"polis-{edition}-seed{seed}.txt"


def digest(s: PolisState) -> str:
    """A short summary of the position: round, phase, and per side prestige, goods and poleis."""
    sides = range(len(SIDES))
    goods = ";".join(",".join(str(s.goods[side * N_GOODS + g]) for g in range(N_GOODS)) for side in sides)
    poleis = ",".join(str(sum(1 for owner in s.owner if owner == side)) for side in sides)
    return f"r{s.round + 1} {s.phase} prestige={s.prestige[0]},{s.prestige[1]} goods={goods} poleis={poleis}"


@pytest.mark.parametrize(("edition", "seed"), GAMES, ids=[f"{e}-seed{s}" for e, s in GAMES])
def test_golden_playthrough(edition: str, seed: int) -> None:
    """R-ROUND-1, R-END-7: a whole seeded game of each edition, replayed from its log and
    played again from its seed, equals the stored transcript line by line (summaries included)."""
    path = _path(edition, seed)
    played = golden_lines(PolisGame(edition), seed, digest, f"# polis edition={edition} seed={seed} agents=prudent",
                          MAX_STEPS, choose=prudent_policy)
    if REGENERATE:
        GOLDEN.mkdir(exist_ok=True)
        path.write_text("\n".join(played) + "\n", encoding="utf-8")
    stored = path.read_text(encoding="utf-8").splitlines()
    assert stored[-1].startswith("outcome Outcome("), "the stored game must end"
    replayed = golden_replay(PolisGame(edition), stored, digest)
    assert replayed == stored, "replaying the log: " + first_difference(stored, replayed)
    assert played == stored, "playing the seed again: " + first_difference(stored, played)


def test_every_edition_has_two_golden_games() -> None:
    for edition in ("2012", "2020"):
        assert len(list(GOLDEN.glob(f"polis-{edition}-seed*.txt"))) == 2, edition
