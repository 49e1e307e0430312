"""``kleos play GAME --plain``: the plain text loop plays a game it has never heard of (the test game
Sealed Bids, tests/toygame) from standard input, through the same session as the full-screen app;
its own messages in every reader's language (``--lang``)."""

from __future__ import annotations

import contextvars
import io
from collections.abc import Iterator
from pathlib import Path

import pytest

from kleos.cli import main
from kleos.core import registry
from kleos.core.record import GameRecord, Replay
from languages import in_languages, words, words_pattern
from toygame.kit import KIT


@pytest.fixture(autouse=True)
def toy_kit() -> Iterator[None]:
    registry.register(KIT)
    yield
    registry.unregister(KIT.name)


def play(argv: list[str], answers: str, monkeypatch: pytest.MonkeyPatch,
         capsys: pytest.CaptureFixture[str], language: str = "en") -> tuple[int, str]:
    """``kleos --lang LANGUAGE play`` the test game, answering ``answers`` (the language is set in a
    copied context, so that it does not outlive the call)."""
    monkeypatch.setattr("sys.stdin", io.StringIO(answers))
    code = contextvars.copy_context().run(main, ["--lang", language, "play", KIT.name, *argv])
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


@in_languages
def test_a_game_of_computers_only_says_it_is_watched(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str], language: str) -> None:
    """``--as none``: the welcome says the computer plays every seat, in the reader's language (it said
    "You play nobody (the computer plays every seat) against 3 computer players"), and the game runs
    to its end without a prompt."""
    code, out = play(["--as", "none", "--seed", "3", "--opponent", "random", "--save", str(tmp_path / "g.json")], "",
                     monkeypatch, capsys, language)
    assert code == 0
    welcome = out.splitlines()[0]
    assert welcome.endswith(" " + words("You watch: the computer plays all {n} seats ({kinds}).", language, n=3,
                                        kinds="random")), welcome
    assert words_pattern("Game over: {words}.", language).search(out)


@in_languages
def test_hotseat_passes_the_device_before_a_hand_is_shown(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str], language: str) -> None:
    """Several people at one screen: before the next one's hand is drawn, the previous one looks away."""
    code, out = play(["--as", "all", "--seed", "2", "--save", str(tmp_path / "g.json")], "1\n" * 400,
                     monkeypatch, capsys, language)
    assert code == 0 and words_pattern("Game over: {words}.", language).search(out)
    first, second = (words(name, language) for name in KIT.make_game({"players": 3}).seat_names[:2])
    handed = out.index(words("Pass the device to {name}.", language, name=second))
    assert out.index(f"{first}> ") < handed < out.index(f"{second}> ")


@in_languages
def test_quit_and_resume(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                         language: str) -> None:
    """``quit`` saves; ``--load`` resumes from the same step, and ``--replay`` prints the steps."""
    save = tmp_path / "g.json"
    code, out = play(["--seed", "4", "--save", str(save)], "1\nquit\ny\n", monkeypatch, capsys, language)
    saved = words("Game saved to {file}. Resume with: {command}", language, file=save,
                  command=f"kleos play {KIT.name} --load {save}")
    assert code == 0 and f"{words('Leaving.', language)} {saved}" in out
    steps = len(GameRecord.loads(save.read_text(encoding="utf-8")).actions)
    code, out = play(["--load", str(save)], "", monkeypatch, capsys, language)
    assert code == 0 and out.startswith(words("Resumed {file}: {n} actions replayed.", language, file=save, n=steps))
    code, out = play(["--replay", str(save)], "", monkeypatch, capsys, language)
    assert code == 0 and out.startswith(words("Replay of {file}: {n} actions.", language, file=save, n=steps))


@in_languages
def test_refusals(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path,
                  language: str) -> None:
    """A number off the menu, words that are not an action and an illegal action are refused and asked again."""
    code, out = play(["--seed", "5", "--save", str(tmp_path / "g.json")], "99\nfly away!!\nplay 999\nquit\ny\n",
                     monkeypatch, capsys, language)
    assert code == 0
    off_menu = words_pattern("There is no choice {n}: answer 1 to {last}, or 'help'.", language)
    assert any((found := off_menu.search(line)) and found.group(1) == "99" for line in out.splitlines())
    assert words_pattern("Not understood: {why}", language).search(out)
    assert (words_pattern("Not allowed ({rule}): {why}", language).search(out)
            or words_pattern("'{action}' is not one of your choices here", language).search(out))


@in_languages
def test_an_answer_is_said_back_with_its_notation(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str], language: str) -> None:
    """The log leaves out a person's own steps (the board shows them), and a secret step may change
    nothing on one's board, so the loop says back the action an answer by number chose."""
    code, out = play(["--seed", "4", "--save", str(tmp_path / "g.json")], "1\nquit\ny\n", monkeypatch, capsys,
                     language)
    record = GameRecord.loads((tmp_path / "g.json").read_text(encoding="utf-8"))
    game = KIT.make_game(record.options)
    chosen = next(action for seat, action in record.actions if seat == 0)
    said = words("You chose: {action}   [{notation}]", language, notation=chosen,
                 action=KIT.describe_action(game, game.view(game.new_state(4), 0), chosen))  # a bid's words need
    # no position
    assert code == 0 and said in out
