"""``kleos play pericles --plain``: the plain loop folds a run of alike lines (the other factions'
hidden deals) into one and shows each menu entry's gloss (a card's reading); ``q`` quits like
``quit``."""

from __future__ import annotations

import contextvars
import io
from pathlib import Path

import pytest

from kleos.cli import main


def play(argv: list[str], answers: str, monkeypatch: pytest.MonkeyPatch,
         capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(answers))
    code = contextvars.copy_context().run(main, ["play", "pericles", "--plain", *argv])
    return code, capsys.readouterr().out


def test_p_info_2_the_deal_is_a_line_a_faction_and_the_hand_reads_as_cards(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    save = tmp_path / "g.json"
    code, out = play(["--seed", "7", "--opponent", "random", "--save", str(save)], "q\ny\n", monkeypatch, capsys)
    assert code == 0 and save.exists()  # q saved and left
    lines = out.splitlines()
    for faction in ("DF", "EK", "AK"):
        assert lines.count(f"a card is dealt: {faction} (hidden) (×9)") == 1
        assert f"a card is dealt: {faction} (hidden)" not in lines
    assert sum(line.startswith("a card is dealt: AF A") for line in lines) == 9  # own cards one by one
    assert "  1. put into the entourage A04 (Leontis I (1): ORA: +4, 3 Strategos)   [entourage A04]" in lines
