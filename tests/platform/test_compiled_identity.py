"""The compiled build plays exactly the games the interpreted one plays (benchmarks/playout_identity.py:
every step's actors, legal list, action and position of seeded random games of every variant: Polis
by edition, Cyclades by number of players, Pericles by scenario, each game's rules compiled)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from kleos.build import compiled_files

ROOT = Path(__file__).resolve().parents[2]
HARNESS = ROOT / "benchmarks" / "playout_identity.py"
GAMES = 16  # seeded games per variant (Polis by edition, Cyclades by players, Pericles by scenario)
MAX_STEPS = 1000  # per game: whole games of Polis and Pericles, Cyclades to its last cycles or its end


def digests_on(switch: str, out: Path) -> dict[str, Any]:
    """The harness's digests in a process forced onto one build (``KLEOS_COMPILED`` = ``switch``)."""
    run = subprocess.run([sys.executable, str(HARNESS), "--games", str(GAMES), "--max-steps", str(MAX_STEPS),
                          "--out", str(out)], env={**os.environ, "KLEOS_COMPILED": switch},
                         capture_output=True, text=True, check=True)
    assert run.stdout.startswith("compiled build" if switch == "1" else "interpreted build"), run.stdout
    found: dict[str, Any] = json.loads(out.read_text())
    return found


@pytest.mark.skipif(compiled_files() is None, reason="no compiled build here (scripts/build_compiled.py)")
def test_compiled_and_interpreted_builds_play_the_same_games(tmp_path: Path) -> None:
    interpreted = digests_on("0", tmp_path / "interpreted.json")
    compiled = digests_on("1", tmp_path / "compiled.json")
    assert len(compiled) == 8 and all(len(per) == GAMES for per in compiled.values())
    assert [v for v in compiled if compiled[v] != interpreted[v]] == []
