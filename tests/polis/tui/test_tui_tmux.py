"""End to end: the real ``kleos play polis`` in a terminal (tmux), keys sent with send-keys and the
screen read with capture-pane. Bounded in time; skipped when tmux is not installed."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from kleos.core.record import GameRecord
from kleos.core.undo import replay
from kleos.games.polis.game import PolisGame

TMUX = shutil.which("tmux")
SRC = Path(__file__).resolve().parents[3] / "src"
DEADLINE = 150.0  # seconds for the whole test, start-up included

pytestmark = pytest.mark.skipif(TMUX is None, reason="tmux is not installed (apt-get install tmux): this test "
                                                      "drives the real terminal UI through tmux")


class Terminal:
    """One tmux server of its own (its own socket), one 80x24 window running a command."""

    def __init__(self, command: str, width: int = 80, height: int = 24) -> None:
        assert TMUX is not None
        self.socket = f"kleos-test-{os.getpid()}"
        self.base = [TMUX, "-L", self.socket]
        subprocess.run([*self.base, "new-session", "-d", "-s", "kleos", "-x", str(width), "-y", str(height),
                        command], check=True, timeout=20)
        self.started = time.monotonic()

    def screen(self) -> str:
        out = subprocess.run([*self.base, "capture-pane", "-p", "-t", "kleos"], capture_output=True, text=True,
                             timeout=20)
        return out.stdout

    def keys(self, *keys: str) -> None:
        subprocess.run([*self.base, "send-keys", "-t", "kleos", *keys], check=True, timeout=20)

    def wait(self, test: Callable[[str], bool], what: str) -> str:
        while time.monotonic() - self.started < DEADLINE:
            text = self.screen()
            if test(text):
                return text
            time.sleep(0.25)
        raise AssertionError(f"timed out waiting for {what}; the screen:\n{self.screen()}")

    def close(self) -> None:
        subprocess.run([*self.base, "kill-server"], capture_output=True, timeout=20)


def test_play_a_whole_game_in_a_real_terminal(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    python = shlex.quote(sys.executable)
    command = (f"cd {shlex.quote(str(tmp_path))} && env PYTHONPATH={shlex.quote(str(SRC))} TERM=xterm-256color "
               f"{python} -m kleos.cli play polis --seed 5 --opponent random --save {shlex.quote(str(save))}; "
               "echo KLEOS-EXIT-$?; sleep 60")
    term = Terminal(command)
    try:
        text = term.wait(lambda s: "Enter  start" in s, "the welcome screen")
        assert "You play Athens against the random computer player" in text
        term.keys("Enter")
        text = term.wait(lambda s: "Athens: Action 1 of 2" in s, "Athens' first decision")
        lines = text.splitlines()
        assert len(lines) <= 24 and all(len(line) <= 80 for line in lines)
        assert lines[0].startswith(" Polis 2020 · Round Alfa (1/3) N=3 · Athens to act")
        assert "? Help" in lines[-1] and "Q Quit" in lines[-1]  # the keys, at 80 columns
        assert lines[2].startswith(" Goods Athens ")  # in sight while choosing
        assert "Map" in lines[3] and "Log" in lines[3]
        # Athens always takes the first menu entry (and confirms), or the end of a step (key 0) when it is
        # the only one: keys only, until the game ends.
        while "Game over" not in text:
            assert time.monotonic() - term.started < DEADLINE, f"the game did not end in time:\n{text}"
            if "Replay:" in text:
                term.keys("Escape")
            elif "Confirm" in text:
                term.keys("y")
            else:
                term.keys("1" if "▏1 " in text else "0")
            time.sleep(0.15)
            text = term.screen()
        text = term.wait(lambda s: "3 Quit" in s, "the game-over menu")
        assert "Game over" in text and ("Score" in text or "no final" in text)  # an 80-column line may cut the reason
        term.keys("3")
        term.wait(lambda s: "Leave the game?" in s, "the quit question")
        term.keys("n")
        text = term.wait(lambda s: "KLEOS-EXIT-" in s, "the program's end")
        assert "KLEOS-EXIT-0" in text
    finally:
        term.close()
    record = GameRecord.loads(save.read_text(encoding="utf-8"))  # saved after every step
    game = PolisGame.from_options(record.options)
    assert record.seed == 5 and game.is_terminal(replay(game, record))
