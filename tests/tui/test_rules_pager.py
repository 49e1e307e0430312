"""``kleos rules`` on a terminal: a reference taller than the screen opens in the pager (``$PAGER``,
else ``less``), drawn with its colours; ``--no-pager``, a short text or an empty ``$PAGER`` print at
once."""

from __future__ import annotations

import contextvars
import shlex
from pathlib import Path

import pytest

from kleos.cli import main
from kleos.tui import rules_cli
from kleos.tui.rules_cli import pager_command


@pytest.fixture
def terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Standard output is a 100 × 30 terminal with colours."""
    monkeypatch.setattr(rules_cli, "stdout_is_terminal", lambda: True)
    monkeypatch.setenv("COLUMNS", "100")
    monkeypatch.setenv("LINES", "30")
    monkeypatch.setenv("TERM", "xterm-256color")
    monkeypatch.setenv("FORCE_COLOR", "1")  # rich draws as on a terminal
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("LESS", raising=False)


@pytest.fixture
def paged(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The file that ``$PAGER`` writes what it is given into, the ``$LESS`` it sees on the first line."""
    path = tmp_path / "paged.txt"
    monkeypatch.setenv("PAGER", f'(echo "LESS=$LESS"; cat) > {shlex.quote(str(path))}')
    return path


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = contextvars.copy_context().run(main, argv)
    return code, capsys.readouterr().out


@pytest.mark.usefixtures("terminal")
def test_a_long_reference_opens_in_the_pager_with_its_colours(paged: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out = _run(["rules", "pericles"], capsys)
    assert (code, out) == (0, "")
    first, _newline, text = paged.read_text().partition("\n")
    assert first == "LESS=FRX"  # less keeps colours, leaves the text, ends when it fits
    assert "\x1b[" in text and "Pericles" in text and text.count("\n") > 30


@pytest.mark.usefixtures("terminal")
def test_the_readers_own_less_settings_are_kept(
        paged: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("LESS", "-R")
    _run(["rules", "cyclades"], capsys)
    assert paged.read_text().startswith("LESS=-R\n")


@pytest.mark.usefixtures("terminal")
def test_no_pager_prints_the_drawn_reference_at_once(paged: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out = _run(["rules", "pericles", "--no-pager"], capsys)
    assert code == 0 and not paged.exists()
    assert "\x1b[" in out and out.count("\n") > 30


@pytest.mark.usefixtures("terminal")
def test_a_text_that_fits_the_screen_is_printed_at_once(
        paged: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("LINES", "1000")
    code, out = _run(["rules", "cyclades", "pegasus"], capsys)
    assert code == 0 and not paged.exists()
    assert "Pegasus" in out


@pytest.mark.usefixtures("terminal")
def test_an_empty_pager_setting_prints_at_once(monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("PAGER", "")
    code, out = _run(["rules", "polis"], capsys)
    assert code == 0 and out.count("\n") > 30


def test_the_pager_is_pager_else_less_where_installed(monkeypatch: pytest.MonkeyPatch) -> None:
    assert pager_command({"PAGER": "most -s"}) == "most -s"
    assert pager_command({"PAGER": "  "}) is None
    monkeypatch.setattr("shutil.which", lambda name: "/usr/bin/less" if name == "less" else None)
    assert pager_command({}) == "less"
    monkeypatch.setattr("shutil.which", lambda name: None)
    assert pager_command({}) is None
