"""argparse's own words in the reader's language: the usage line, the headings of a command's help
and its refusals of bad arguments follow ``--lang`` as the help texts around them do."""

from __future__ import annotations

import argparse
import contextvars
import inspect
import re

import pytest

from kleos.cli import main
from kleos.i18n import PLATFORM_DOMAIN, PSEUDO, gettext_in, use_locale
from kleos.i18n.argparse_words import WORDS, argparse_word

PLACEHOLDER = re.compile(r"%\(\w+\)[sr]|%[sr]")


def _run(argv: list[str]) -> int:
    code: int = contextvars.copy_context().run(main, argv)
    return code


@pytest.mark.parametrize(("language", "usage", "options", "help_line"), [
    ("de", "Aufruf: kleos play polis", "Optionen:", "diese Hilfe zeigen und beenden"),
    ("es", "uso: kleos play polis", "opciones:", "mostrar esta ayuda y salir"),
    ("en", "usage: kleos play polis", "options:", "show this help message and exit"),
])
def test_a_commands_help_has_its_headings_in_the_readers_language(language: str, usage: str, options: str,
                                                                 help_line: str,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    assert _run(["--lang", language, "play", "polis", "--help"]) == 0
    shown = capsys.readouterr().out
    assert shown.startswith(usage) and f"\n{options}\n" in shown and help_line in shown, shown


@pytest.mark.parametrize(("language", "argv", "words"), [
    ("es", ["play", "polis", "--bogus"], "kleos: error: argumentos no reconocidos: --bogus"),
    ("de", ["arena"], "kleos arena: Fehler: diese Argumente fehlen: game, --agents"),
    ("de", ["play", "polis", "--edition", "1999"],
     "kleos play polis: Fehler: Argument --edition: ungültige Wahl: '1999' (zur Wahl: '2012', '2020')"),
    ("es", ["play", "polis", "--seed"], "kleos play polis: error: argumento --seed: se esperaba un argumento"),
    ("en", ["play", "polis", "--bogus"], "kleos: error: unrecognized arguments: --bogus"),
])
def test_a_bad_argument_is_refused_in_the_readers_language(language: str, argv: list[str], words: str,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    """argparse's refusal (its usage line, then the error) in the reader's language; exit status 2."""
    assert _run(["--lang", language, *argv]) == 2
    err = capsys.readouterr().err
    assert err.rstrip("\n").endswith(words), err


def test_every_word_is_one_argparse_writes() -> None:
    """A word misspelt here would never be asked for, and would stay English without a sign."""
    source = inspect.getsource(argparse)
    missing = [word for word in WORDS if repr(word) not in source and f'"{word}"' not in source]
    assert missing == []


@pytest.mark.parametrize("language", ["es", "de"])
def test_a_translated_word_keeps_argparse_s_placeholders(language: str) -> None:
    for word in WORDS:
        translated = gettext_in(PLATFORM_DOMAIN, word, language)
        assert translated != word or word == "%(prog)s: error: %(message)s\n", (language, word)
        assert sorted(PLACEHOLDER.findall(translated)) == sorted(PLACEHOLDER.findall(word)), (language, word)


def test_the_pseudo_locale_leaves_argparse_s_words_as_written() -> None:
    """Its accents would break a ``%(prog)s``; a missing description (``None``) passes through."""
    with use_locale(PSEUDO):
        assert argparse_word("%(prog)s: error: %(message)s\n") == "%(prog)s: error: %(message)s\n"
    with use_locale("de"):
        assert argparse_word(None) is None and argparse_word("options") == "Optionen"
