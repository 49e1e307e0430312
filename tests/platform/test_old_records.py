"""Games saved by Kleos 0.1 (before games became plug-ins) still load and replay to the same end.

The fixtures were written by the 0.1 code (the commit before the platform change): a heuristic
self-play game per edition, saved as ``kleos play`` saves (``GameRecord.dumps``), with the compact
line of the final position next to each.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from kleos.core import registry
from kleos.core.record import GameRecord, Replay
from kleos.games.polis.compact import to_compact
from kleos.games.polis.game import PolisGame

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.mark.parametrize("edition", ["2012", "2020"])
def test_a_record_saved_by_kleos_0_1_replays_to_the_same_final_position(edition: str) -> None:
    record = GameRecord.loads((FIXTURES / f"polis-{edition}-kleos-0.1.json").read_text())
    kit = registry.kit(record.game)
    game = kit.make_game(record.options)
    assert isinstance(game, PolisGame)
    final = Replay(game, record).final_state()
    expected = (FIXTURES / f"polis-{edition}-kleos-0.1.final.txt").read_text().strip()
    assert to_compact(game, final) == expected
    assert game.outcome(final) is not None
