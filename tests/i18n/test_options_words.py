"""Options in the reader's language (issue 30): an options error is a template and its parameters,
rendered by each surface (the command line, the server's 400 answer) in Spanish or German; the
options' help and meanings are listed in those languages too. Option names, choices and the field
an error names stay as typed."""

from __future__ import annotations

import contextvars
from pathlib import Path

import pytest

from kleos.cli import main
from kleos.core import registry
from kleos.core.kit import OptionsError, option_lines
from kleos.i18n import use_locale
from kleos.server.errors import ApiError
from kleos.server.games import catalog_entry, client_game


def _refusal(game: str, options: dict[str, object]) -> OptionsError:
    with pytest.raises(OptionsError) as caught:
        registry.kit(game).make_game(options)
    return caught.value


@pytest.mark.parametrize(("language", "game", "options", "words"), [
    ("es", "polis", {"edition": "1999"}, "edition: '1999' no es ninguna de estas: 2012, 2020"),
    ("de", "polis", {"edition": "1999"}, "edition: '1999' ist keine von diesen: 2012, 2020"),
    ("es", "cyclades", {"players": 9}, "players: debe ser un número entero de 2 a 5, no 9"),
    ("de", "cyclades", {"players": 9}, "players: muss eine ganze Zahl von 2 bis 5 sein, nicht 9"),
    ("es", "pericles", {"scenario": "troy"}, "scenario: 'troy' no es ninguna de estas:"),
    ("de", "pericles", {"nonsense": 1}, "nonsense: unbekannte Option (erlaubt: scenario, data_dir,"),
])
def test_an_options_error_is_rendered_in_the_readers_language(language: str, game: str,
                                                               options: dict[str, object], words: str) -> None:
    error = _refusal(game, options)
    with use_locale(language):
        shown = registry.kit(game).render_options_error(error)
    assert shown.startswith(words)
    assert registry.kit(game).render_options_error(error) == str(error)  # English by default, as before


def test_the_server_answers_a_bad_option_in_the_readers_language() -> None:
    kit = registry.kit("cyclades")
    with use_locale("de"), pytest.raises(ApiError) as caught:
        client_game(kit, {"players": 9})
    assert caught.value.status == 400 and caught.value.extra["field"] == "players"
    assert "muss eine ganze Zahl von 2 bis 5 sein" in caught.value.message


def test_the_command_line_says_a_bad_option_in_the_readers_language(capsys: pytest.CaptureFixture[str]) -> None:
    code = contextvars.copy_context().run(main, ["--lang", "es", "play", "cyclades", "--option", "players=9"])
    assert code == 2
    assert "debe ser un número entero de 2 a 5, no 9" in capsys.readouterr().err


@pytest.mark.parametrize(("language", "help_words", "meaning", "note"), [
    ("es", "Con qué edición (reglas y tablero) jugar.", "la primera edición: 4 rondas", "(reglas avanzadas)"),
    ("de", "Mit welcher Ausgabe (Regeln und Spielplan) gespielt wird.", "die erste Ausgabe: 4 Runden",
     "(erweiterte Regeln)"),
])
def test_the_options_help_is_listed_in_the_readers_language(language: str, help_words: str, meaning: str,
                                                            note: str) -> None:
    kit = registry.kit("polis")
    with use_locale(language):
        lines = "\n".join(option_lines(kit.options, word=kit.word))
        entry = catalog_entry(kit, None)
    assert help_words in lines and meaning in lines and note in lines
    edition = next(o for o in entry["options"] if o["name"] == "edition")
    assert edition["help"] == help_words and edition["meanings"]["2012"].startswith(meaning)
    assert edition["choices"] == ["2012", "2020"]


@pytest.mark.parametrize(("language", "words"), [("es", "Atenas contra Esparta"), ("de", "Athen gegen Sparta")])
def test_a_games_summary_is_listed_in_the_readers_language(language: str, words: str) -> None:
    with use_locale(language):
        entry = catalog_entry(registry.kit("polis"), None)
    assert words in entry["summary"]


@pytest.mark.parametrize("argv", [
    ["play", "polis", "--edition", "2012", "--option", "scenario=troy"],
    ["play", "polis", "--plain", "--option", "scenario=troy"],
    ["polis", "data", "--edition", "2012", "--data-dir", "/no/such/folder"],
    ["polis", "show", "2012 nonsense"],
    ["cyclades", "data", "--data-dir", "/no/such/folder"],
    ["pericles", "data", "--data-dir", "/no/such/folder"],
    ["analyse", "/no/such/game.json"],
], ids=["play", "plain", "polis-data", "polis-show", "cyclades-data", "pericles-data", "analyse"])
def test_a_command_that_cannot_start_says_so_in_the_readers_language(argv: list[str],
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """Each command that refuses its input ends with one line on standard error, its first word in
    the reader's language: the play commands and the games' tools wrote an English "error:" before."""
    code = contextvars.copy_context().run(main, ["--lang", "de", *argv])
    err = capsys.readouterr().err
    assert code == 2 and err.startswith("Fehler: ") and err.count("\n") == 1, err


def test_an_uneven_arena_is_noted_in_the_readers_language(capsys: pytest.CaptureFixture[str],
                                                          tmp_path: Path) -> None:
    """The arena's note on games that do not share out over a table's seatings, in German."""
    out = contextvars.copy_context().run(main, ["--lang", "de", "arena", "polis", "--agents", "random,simple",
                                                "--games", "3", "--seed", "1", "--no-progress",
                                                "--out", str(tmp_path / "report")])
    assert out == 0
    assert "kleos arena: Hinweis: 3 Partien je Tisch verteilen sich nicht gleichmäßig auf seine 2 Sitzordnungen" \
        in capsys.readouterr().err


@pytest.mark.parametrize(("argv", "words"), [
    (["arena", "polis", "--agents", "random,random"], "kleos arena: nenne mindestens zwei verschiedene Agenten"),
    (["arena", "polis", "--agents", "random,oracle"], "kleos arena: unbekannter Agent 'oracle': wähle aus random,"),
    (["arena", "polis", "--agents", "random,ismcts:wise"], "kleos arena: unbekannte Stufe 'wise': easy, normal,"),
    (["arena", "polis", "--agents", "random,ismcts", "--games", "0"], "kleos arena: --games und --workers müssen"),
])
def test_a_refused_arena_says_why_in_the_readers_language(argv: list[str], words: str,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    code = contextvars.copy_context().run(main, ["--lang", "de", *argv])
    assert code == 2 and capsys.readouterr().err.startswith(words)


@pytest.mark.parametrize(("argv", "words"), [
    (["serve", "--port", "0"], "kleos serve: ungültiger Port 0"),
    (["serve", "--default-game", "chess"], "kleos serve: unbekanntes Spiel 'chess' (installiert: "),
    (["serve", "--bot-workers", "0"], "kleos serve: --bot-workers muss mindestens 1 sein"),
])
def test_the_servers_command_line_refuses_in_the_readers_language(argv: list[str], words: str,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """The operator's commands speak the reader's language too; they were English whatever --lang said.
    Each refusal comes before the server would start."""
    code = contextvars.copy_context().run(main, ["--lang", "de", *argv])
    assert code == 2 and capsys.readouterr().err.startswith(words)


def test_the_servers_help_is_in_the_readers_language(capsys: pytest.CaptureFixture[str]) -> None:
    assert contextvars.copy_context().run(main, ["--lang", "es", "serve", "--help"]) == 0
    shown = " ".join(capsys.readouterr().out.split())
    assert "Arranca el servidor web de Kleos" in shown and "dirección en la que escuchar" in shown
    assert "partidas que un cliente puede crear por hora (por defecto" in shown
