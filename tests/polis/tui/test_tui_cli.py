"""``kleos play polis`` picks the Textual app in a terminal and the plain text loop otherwise (or with
--plain); --replay and --load reach the app with the saved game."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from tui_driver import polis_game

from kleos.cli import main
from kleos.core.record import GameRecord
from kleos.tui.app import GameApp


class Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def fake_run(calls: list[GameApp]) -> Any:
    def run(self: GameApp, *args: Any, **kwargs: Any) -> str:
        calls.append(self)
        return "closing words"

    return run


def test_a_terminal_gets_the_textual_app(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    calls: list[GameApp] = []
    monkeypatch.setattr(GameApp, "run", fake_run(calls))
    monkeypatch.setattr("sys.stdin", Tty())
    monkeypatch.setattr("sys.stdout", Tty())
    code = main(["play", "polis", "--edition", "2012", "--as", "both", "--seed", "9", "--guide", "--light",
                 "--no-confirm", "--mono"])
    assert code == 0 and len(calls) == 1
    app = calls[0]
    assert app.session.hotseat and app.session.record.seed == 9 and polis_game(app.session.game).edition == "2012"
    assert app.guide and app.light and not app.confirm and app.welcome and not app.replay_first
    assert app.no_color  # --mono: black and white


def test_plain_when_asked_or_when_not_a_terminal(monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    calls: list[GameApp] = []
    monkeypatch.setattr(GameApp, "run", fake_run(calls))
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\ny\n"))
    code = main(["play", "polis", "--seed", "4", "--save", "/dev/null"])
    assert code == 0 and not calls
    assert "Type 'help' at any prompt" in capsys.readouterr().out
    tty_in = Tty("quit\ny\n")
    monkeypatch.setattr("sys.stdin", tty_in)
    code = main(["play", "polis", "--seed", "4", "--plain", "--save", "/dev/null"])
    assert code == 0 and not calls


def test_load_and_replay_reach_the_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    record = GameRecord("polis", {"edition": "2020"}, 21)
    path = tmp_path / "saved.json"
    path.write_text(record.dumps(), encoding="utf-8")
    calls: list[GameApp] = []
    monkeypatch.setattr(GameApp, "run", fake_run(calls))
    monkeypatch.setattr("sys.stdin", Tty())
    monkeypatch.setattr("sys.stdout", Tty())
    assert main(["play", "polis", "--load", str(path)]) == 0
    assert main(["play", "polis", "--replay", str(path)]) == 0
    loaded, replayed = calls
    assert loaded.session.record.seed == 21 and loaded.session.save_path == path and not loaded.welcome
    assert replayed.replay_first


def test_replay_in_the_plain_loop_prints_the_log(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    record = GameRecord("polis", {"edition": "2020"}, 21)
    path = tmp_path / "saved.json"
    path.write_text(record.dumps(), encoding="utf-8")
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(["play", "polis", "--replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"Replay of {path}: 0 actions.")
    bad = tmp_path / "bad.json"
    bad.write_text("{}", encoding="utf-8")
    assert main(["play", "polis", "--replay", str(bad)]) == 2
