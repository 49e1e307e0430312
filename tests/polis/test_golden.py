"""Golden playthroughs: seeded full games replayed against the committed transcripts.

``scripts/golden.py`` plays two seeded games per edition (random agents drawing from
``random.Random(seed)``, chance from the state's generator) and writes one line per step. Any change
of the engine's behaviour (a legal-action set, an effect, a chance probability) changes some line;
if the change was intended, regenerate with ``python scripts/golden.py`` and review the diff.
"""

from __future__ import annotations

import importlib.util
import io
from pathlib import Path
from types import ModuleType

import pytest

from kleos.core.action import Action
from kleos.core.protocol import CHANCE
from kleos.core.record import GameRecord, Replay
from kleos.games.polis.game import PolisGame

ROOT = Path(__file__).resolve().parents[2]


def _golden_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("kleos_golden_script", ROOT / "scripts" / "golden.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


golden = _golden_module()
FILES = sorted((ROOT / "tests" / "golden").glob("polis-*-seed*.txt"))


def test_golden_playthroughs_match_the_engine() -> None:
    """``scripts/golden.py --check`` in-process: regenerated transcripts equal the committed ones."""
    out = io.StringIO()
    status = golden.check_golden(out)
    assert status == 0, "golden playthroughs differ (regenerate with scripts/golden.py if intended):\n" + out.getvalue()


def test_every_edition_has_two_golden_games() -> None:
    for edition in ("2012", "2020"):
        assert len([p for p in FILES if p.name.startswith(f"polis-{edition}-")]) == 2, edition


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_transcript_is_a_legal_log(path: Path) -> None:
    """Read back as an action log, each transcript replays with every action validated and ends as its
    last summary line says."""
    _, edition, seed_part = path.stem.split("-")
    seed = int(seed_part.removeprefix("seed"))
    game = PolisGame(edition)
    names = {name: seat for seat, name in enumerate(game.seat_names)} | {"chance": CHANCE}
    record = GameRecord(game.name, game.options, seed)
    lines = path.read_text(encoding="utf-8").splitlines()
    for line in lines:
        if line.startswith("#"):
            continue
        _, rest = line.split(" ", 1)
        who, text = rest.split(": ", 1)
        record.actions.append((names[who], Action.parse(text)))
    final = Replay(game, record).final_state()
    assert game.is_terminal(final)
    assert lines[-1] == golden.summary(game, final, "end")
