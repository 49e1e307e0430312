"""``kleos play GAME --plain``: the plain text loop plays a game it has never heard of (the test game
Sealed Bids, tests/toygame) from standard input, through the same session as the full-screen app."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

import pytest

from kleos.cli import main
from kleos.core import registry
from kleos.core.record import GameRecord, Replay
from toygame.kit import KIT


@pytest.fixture(autouse=True)
def toy_kit() -> Iterator[None]:
    registry.register(KIT)
    yield
    registry.unregister(KIT.name)


def play(argv: list[str], answers: str, monkeypatch: pytest.MonkeyPatch,
         capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(answers))
    code = main(["play", KIT.name, *argv])
    return code, capsys.readouterr().out


def test_a_whole_game_against_the_computer(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    """Always answering '1' plays a legal game to its end; the computer's secret bids are told without
    their notation; the save file replays to that end."""
    save = tmp_path / "g.json"
    code, out = play(["--seed", "3", "--opponent", "random", "--save", str(save)], "1\n" * 200, monkeypatch, capsys)
    assert code == 0
    assert "seed 3. You play Player 1 against 2 computer players (random)." in out
    assert "Your choices (Player 1):" in out and "Player 1> " in out and "Game over" in out
    assert "Player 2: a secret step (hidden)\n" in out and "(hidden)   [play" not in out  # bids stay secret
    record = GameRecord.loads(save.read_text(encoding="utf-8"))
    game = KIT.make_game(record.options)
    assert record.game == KIT.name and record.seed == 3 and game.is_terminal(Replay(game, record).final_state())


def test_hotseat_passes_the_device_before_a_hand_is_shown(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    """Several people at one screen: before the next one's hand is drawn, the previous one looks away."""
    code, out = play(["--as", "all", "--seed", "2", "--save", str(tmp_path / "g.json")], "1\n" * 400,
                     monkeypatch, capsys)
    assert code == 0 and "Game over" in out
    handed = out.index("Pass the device to Player 2.")
    assert out.index("Player 1> ") < handed < out.index("Player 2> ")


def test_quit_and_resume(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """``quit`` saves; ``--load`` resumes from the same step, and ``--replay`` prints the steps."""
    save = tmp_path / "g.json"
    code, out = play(["--seed", "4", "--save", str(save)], "1\nquit\ny\n", monkeypatch, capsys)
    assert code == 0 and f"Leaving. Game saved to {save}. Resume with: kleos play {KIT.name} --load {save}" in out
    steps = len(GameRecord.loads(save.read_text(encoding="utf-8")).actions)
    code, out = play(["--load", str(save)], "", monkeypatch, capsys)
    assert code == 0 and out.startswith(f"Resumed {save}: {steps} actions replayed.")
    code, out = play(["--replay", str(save)], "", monkeypatch, capsys)
    assert code == 0 and out.startswith(f"Replay of {save}: {steps} actions.")


def test_refusals(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A number off the menu, words that are not an action and an illegal action are refused and asked again."""
    code, out = play(["--seed", "5", "--save", str(tmp_path / "g.json")], "99\nfly away!!\nplay 999\nquit\ny\n",
                     monkeypatch, capsys)
    assert code == 0
    assert "There is no choice 99" in out and "Not understood" in out
    assert "Not allowed" in out or "not one of your choices" in out
