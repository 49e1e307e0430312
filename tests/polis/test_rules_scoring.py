"""Final scoring for both sides (``rules.scoring``): a mutant that always gave the score victory to
Athens survived, since every score victory in the tests was Athens'."""

from __future__ import annotations

from pathlib import Path

import pytest

from kleos.games.polis import positions as pos
from kleos.games.polis.game import PolisGame
from kleos.games.polis.rules import end_of_round
from kleos.games.polis.state import OVER
from kleos.games.polis.tables import ATHENS, SPARTA


@pytest.mark.parametrize(("edition", "sparta_prestige", "winner"), [
    ("2020", 5, SPARTA),  # 11 against 12
    ("2020", 3, ATHENS),  # 11 against 10
    ("2012", 6, SPARTA),  # 12 against 13
])
def test_the_higher_score_wins_whichever_side(edition: str, sparta_prestige: int, winner: int,
                                              tmp_path: Path) -> None:
    """R-END-7, R-END-9: "The higher score wins": Sparta one point ahead wins on score as Athens does."""
    (tmp_path / "events.json").write_text('{"decks": []}', encoding="utf-8")
    game = PolisGame(edition, tmp_path)
    s = pos.turn_position(game, round=game.tables.last_round, active="athens", projects=())
    pos.set_prestige(s, SPARTA, sparta_prestige)
    for side in (ATHENS, SPARTA):
        pos.set_goods(s, side, wheat=end_of_round.requirement(s, side))
    pos.play(game, s, "pass", "pass")
    assert s.phase == OVER and s.outcome is not None
    assert (s.outcome.reason, s.outcome.winner) == ("score", winner)
