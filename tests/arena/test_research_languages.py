"""The research command lines in the reader's language (issue 30): ``kleos arena``, ``kleos random``
and ``kleos analyse`` describe themselves, and the self-play tallies and the arena's report give
their headings, in Spanish and German (agent names, seat names and numbers stay as they are)."""

from __future__ import annotations

import contextvars

import pytest

from kleos.arena.selfplay import tally_lines
from kleos.cli import main
from kleos.i18n import use_locale

TALLY = {"games": 4, "seats": ["Athens", "Sparta"], "wins": {"Athens": 3, "Sparta": 1},
         "reasons": {"score": 4}, "rounds": 12, "steps": 400}


def _help(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    code = contextvars.copy_context().run(main, argv)
    assert code == 0
    return capsys.readouterr().out


@pytest.mark.parametrize(("language", "words"), [
    ("es", {"arena": "Juega una liguilla entre agentes", "random": "Juega partidas sembradas",
            "analyse": "analizar"}),
    ("de", {"arena": "Spielt ein Rundenturnier zwischen Agenten", "random": "Spielt Partien mit Startwert",
            "analyse": "analysieren"}),
])
def test_the_research_commands_describe_themselves_in_the_readers_language(
        language: str, words: dict[str, str], capsys: pytest.CaptureFixture[str]) -> None:
    for command in ("arena", "random"):
        text = _help(["--lang", language, command, "--help"], capsys)
        assert words[command] in text, command
        assert "ismcts:easy" in text or "ismcts" in text  # agent names and examples stay as typed
    assert "Play a round robin" not in _help(["--lang", language, "arena", "--help"], capsys)
    assert "(default 0)" not in _help(["--lang", language, "analyse", "--help"], capsys)


@pytest.mark.parametrize(("language", "headings"), [
    ("es", ("Victorias por asiento:", "Motivos del final:", "Duración media: 3.00 rondas, 100.0 pasos")),
    ("de", ("Siege je Platz:", "Gründe für das Ende:", "Mittlere Länge: 3.00 Runden, 100.0 Schritte")),
])
def test_the_self_play_tallies_have_the_readers_headings(language: str, headings: tuple[str, ...]) -> None:
    with use_locale(language):
        text = "\n".join(tally_lines(TALLY, 2.0))
    for heading in headings:
        assert heading in text
    assert "Athens" in text  # the tallies' seat names are kept as the tallies hold them
    assert "Wins by seat:" in "\n".join(tally_lines(TALLY, 2.0))  # English by default


def test_the_polis_tools_describe_themselves_in_the_readers_language(capsys: pytest.CaptureFixture[str]) -> None:
    assert "Carga y valida los datos de una edición" in _help(["--lang", "es", "polis", "data", "--help"], capsys)
    assert "Lädt und prüft die Daten einer Ausgabe" in _help(["--lang", "de", "polis", "data", "--help"], capsys)
