"""``kleos play GAME --handicap N``: a game with a bot handicap (Pericles' Honor handicap, P-DATA-14)
gives it to the seats the computer plays, its default unless told, ``--handicap 0`` none; a game
without one (the test game Sealed Bids) refuses the flag; a saved game keeps the handicap it had."""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from kleos.core import registry
from kleos.core.kit import GameKit
from kleos.core.record import GameRecord
from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.kit import KIT as PERICLES
from kleos.tui.app import GameApp
from kleos.tui.play import add_generic_play_parser
from kleos.tui.session import Session
from toygame.kit import KIT as BIDS

VIGNETTE = ["--option", "scenario=14_1_09a", "--seed", "2"]
BOTS = ["--seats", "human,random,random,random"]


@pytest.fixture(autouse=True)
def toy_kit() -> Iterator[None]:
    registry.register(BIDS)
    yield
    registry.unregister(BIDS.name)


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[GameApp]:
    """The apps the play command starts, collected instead of run."""
    apps: list[GameApp] = []

    def fake_run(self: GameApp, *args: Any, **kwargs: Any) -> str:
        apps.append(self)
        return ""

    monkeypatch.setattr(GameApp, "run", fake_run)
    monkeypatch.setattr("kleos.tui.play.use_app", lambda plain: not plain)  # as in a terminal
    return apps


def play(kit: GameKit, *argv: str) -> int:
    parser = argparse.ArgumentParser()
    add_generic_play_parser(parser.add_subparsers(dest="game"), kit)
    args = parser.parse_args([kit.name, *argv])
    status: int = args.func(args)
    return status


def handicap_of(session: Session) -> dict[str, int]:
    assert isinstance(session.game, PericlesGame)
    bonus = dict(session.game.validated.honor_handicap)
    return bonus


def test_p_data_14_bots_get_the_default_handicap(started: list[GameApp]) -> None:
    """P-DATA-14: without --handicap each faction the computer plays in the full war (14_2) starts
    with 20 more Honor, the person's none; the record keeps it."""
    assert play(PERICLES, "--seed", "2", *BOTS) == 0
    session = started[0].session
    assert handicap_of(session) == {"AF": 0, "DF": 20, "EK": 20, "AK": 20}
    assert session.record.options["honor_handicap"] == {"DF": 20, "EK": 20, "AK": 20}
    plain = PericlesGame({}).new_state(2).honor
    assert session.game.new_state(2).honor == [plain[0], plain[1] + 20, plain[2] + 20, plain[3] + 20]


def test_the_one_phase_vignette_has_no_default_handicap(started: list[GameApp]) -> None:
    """P-DATA-14 (issue 24): the vignette 14_1_09a is one Theater phase from 10 Honor each, too short
    to catch up +20, so its bots get no handicap unless asked; the welcome screen says so."""
    assert play(PERICLES, *VIGNETTE, *BOTS) == 0
    session = started[0].session
    assert handicap_of(session) == {"AF": 0, "DF": 0, "EK": 0, "AK": 0}
    assert "honor_handicap" not in session.record.options
    text = started[0].handicap_text()
    assert "none in this game" in text and "0 in 14_1_09a" in text, text
    assert play(PERICLES, *VIGNETTE, *BOTS, "--handicap", "20") == 0
    assert handicap_of(started[1].session) == {"AF": 0, "DF": 20, "EK": 20, "AK": 20}


def test_the_welcome_screen_tells_the_handicap(started: list[GameApp]) -> None:
    """P-DATA-14: the welcome screen names each bot seat's handicap, or says there is none."""
    assert play(PERICLES, *VIGNETTE, *BOTS, "--handicap", "12") == 0
    text = started[0].handicap_text()
    assert "Handicap, extra starting Honor" in text and text.count(" 12") == 3, text
    assert started[0].welcome_screen() is not None
    assert play(PERICLES, *VIGNETTE, *BOTS, "--handicap", "0") == 0
    assert "none in this game" in started[1].handicap_text()


def test_the_welcome_screen_and_the_help_say_the_bots_are_not_phormio(started: list[GameApp],
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    """P-SOLO-3: where the computer plays a faction the welcome screen says the bots are Kleos's own, not
    the official Phormio bot, as ``--opponent``'s help does; with people in every seat it says nothing."""
    assert play(PERICLES, *VIGNETTE, *BOTS) == 0
    assert "not the official Phormio bot" in started[0].welcome_screen().text.plain
    assert play(PERICLES, *VIGNETTE, "--as", "all") == 0
    assert "Phormio" not in started[1].welcome_screen().text.plain
    with pytest.raises(SystemExit):
        play(PERICLES, "--help")
    assert "not the official Phormio bot" in " ".join(capsys.readouterr().out.split())


def test_handicap_n_and_zero(started: list[GameApp]) -> None:
    """``--handicap 7`` gives the bots' factions 7 (people's seats from --as); ``--handicap 0`` none."""
    assert play(PERICLES, *VIGNETTE, "--as", "1,3", "--opponent", "random", "--handicap", "7") == 0
    assert handicap_of(started[0].session) == {"AF": 0, "DF": 7, "EK": 0, "AK": 7}
    assert play(PERICLES, *VIGNETTE, *BOTS, "--handicap", "0") == 0
    assert "honor_handicap" not in started[1].session.record.options
    assert handicap_of(started[1].session) == {"AF": 0, "DF": 0, "EK": 0, "AK": 0}


def test_bad_handicaps_are_refused(started: list[GameApp], capsys: pytest.CaptureFixture[str]) -> None:
    """Out of the game's range, or with nobody for the computer to play: exit 2 with the reason."""
    assert play(PERICLES, *VIGNETTE, *BOTS, "--handicap", "41") == 2
    assert "--handicap: must be a whole number from 0 to 40, not 41" in capsys.readouterr().err
    assert play(PERICLES, *VIGNETTE, "--as", "all", "--handicap", "5") == 2
    assert "--handicap: no seat is played by a bot" in capsys.readouterr().err
    assert started == []


def test_a_game_without_a_handicap_refuses_the_flag(started: list[GameApp],
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """A game whose kit offers no bot handicap: ``--handicap`` (even 0) is an error, its help says so,
    and without the flag nothing changes."""
    for amount in ("3", "0"):
        assert play(BIDS, "--seed", "1", "--handicap", amount) == 2
        assert "--handicap: Sealed Bids has no handicap for bots" in capsys.readouterr().err
    assert play(BIDS, "--seed", "1") == 0
    assert started[0].session.record.options == {"players": 3}
    with pytest.raises(SystemExit):
        play(BIDS, "--help")
    assert "Sealed Bids has none, so this is refused" in " ".join(capsys.readouterr().out.split())


def test_a_saved_game_keeps_its_handicap(tmp_path: Path, started: list[GameApp],
                                         capsys: pytest.CaptureFixture[str]) -> None:
    """P-DATA-14: loading a saved game neither adds the default handicap nor drops the one it had;
    ``--handicap`` with ``--load`` is refused."""
    with_one = tmp_path / "with.json"
    with_one.write_text(GameRecord("pericles", {"scenario": "14_1_09a", "honor_handicap": {"EK": 9}}, 4).dumps(),
                        encoding="utf-8")
    without = tmp_path / "without.json"
    without.write_text(GameRecord("pericles", {"scenario": "14_1_09a"}, 4).dumps(), encoding="utf-8")
    assert play(PERICLES, "--load", str(with_one)) == 0
    assert handicap_of(started[0].session) == {"AF": 0, "DF": 0, "EK": 9, "AK": 0}
    assert play(PERICLES, "--load", str(without)) == 0
    assert "honor_handicap" not in started[1].session.record.options
    assert play(PERICLES, "--load", str(without), "--handicap", "3") == 2
    assert "keeps the handicap it was started with" in capsys.readouterr().err
    assert len(started) == 2
