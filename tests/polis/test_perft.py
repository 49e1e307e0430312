"""Perft-like counts: the number of legal actions at depth 1 and 2 from named positions.

Each file in ``tests/polis/perft/`` names a position (a start, piece edits and actions in notation,
applied with full validation), the seat to act, its legal actions and, for each of them, the number
of legal actions (or chance outcomes) after it. A change of any count means the engine now offers a
different set of actions somewhere two plies deep: if that was intended, regenerate the files with
``python scripts/golden.py --perft`` and review the diff.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from kleos.core.errors import RunawayLoop
from kleos.core.testing import perft
from kleos.games.polis import invariants
from kleos.games.polis.game import PolisGame
from kleos.games.polis.invariants import build_position, state_problems, to_act

PERFT_DIR = Path(__file__).parent / "perft"
FILES = sorted(PERFT_DIR.glob("*.json"))
REQUIRED = {"start-sparta", "start-athens", "mid-march", "toll-after-pass", "battle-attack", "battle-defend",
            "feeding", "trade-rich"}


def _load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def test_every_edition_has_the_named_positions() -> None:
    """At least 8 named positions per edition, the required kinds among them."""
    for edition in ("2012", "2020"):
        names = {_load(p)["name"] for p in FILES if _load(p)["edition"] == edition}
        assert len(names) >= 8, edition
        assert names >= REQUIRED, (edition, REQUIRED - names)


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_perft_counts(path: Path) -> None:
    data = _load(path)
    name = f"{data['edition']} {data['name']}"
    game = PolisGame(data["edition"])
    s = build_position(game, data)
    assert state_problems(game.tables, s) == [], name
    assert to_act(game, s) == data["to_act"], f"{name}: {to_act(game, s)} acts, not {data['to_act']}"
    seat = game.current_seat(s)
    assert seat is not None, name
    legal = sorted(str(a) for a in game.legal_actions(s, seat))
    expected = sorted(data["divide"])
    assert legal == expected, (f"{name}: depth-1 actions changed; new: {sorted(set(legal) - set(expected))}, "
                               f"gone: {sorted(set(expected) - set(legal))}")
    assert perft(game, s, 1) == data["perft"]["1"], name
    divide = {str(a): perft(game, game.apply(s, a, seat), 1) for a in game.legal_actions(s, seat)}
    changed = {a: (data["divide"][a], n) for a, n in divide.items() if data["divide"][a] != n}
    assert not changed, f"{name}: depth-2 counts changed below (was, now): {changed}"
    assert perft(game, s, 2) == data["perft"]["2"], name


def test_a_start_that_keeps_dealing_fails_with_a_message(monkeypatch: pytest.MonkeyPatch) -> None:
    """A position's ``first_decision`` steps chance until a player decides: past ``CHANCE_STEPS`` (here
    2, fewer than the set-up's 4) it raises instead of spinning."""
    monkeypatch.setattr(invariants, "CHANCE_STEPS", 2)
    with pytest.raises(RunawayLoop, match="chance steps before the first decision: still going after 2 steps"):
        build_position(PolisGame("2012"), {"start": {"seed": 1, "first_decision": True}})
    monkeypatch.setattr(invariants, "CHANCE_STEPS", 4)
    assert to_act(PolisGame("2012"), build_position(PolisGame("2012"), {"start": {"seed": 1, "first_decision": True}}))
