"""The reader's language of the browser and terminal tests (issue 30).

A test that plays or shows a game takes a ``language`` argument through :data:`in_languages` and
runs once per language of :data:`READER_LANGUAGES`: English, the pseudo-locale (which shows any
text that bypasses the catalogues and any layout that breaks on longer words), Spanish and German.
The costliest few (a whole game played by clicking or by a newcomer in the terminal, the final
scores of three games at two widths: each a large share of the suite's minutes on a CI's two
cores) take :data:`in_lean_languages` instead: English, the pseudo-locale and Spanish.
``KLEOS_TEST_LANGUAGES=en,pseudo,es,de`` sets both (or narrows them: ``en``) without touching the
tests.

Expected words are never English literals in such a test: they are the catalogue's template in
the test's language (:func:`words`), or the test checks data attributes, ids and notation.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from typing import Any

import pytest

from kleos import i18n
from kleos.i18n import platform  # noqa: F401  (declares the platform's text domain)

DEFAULT_LANGUAGES = ("en", i18n.PSEUDO, "es", "de")
LEAN_LANGUAGES = ("en", i18n.PSEUDO, "es")


def reader_languages(setting: str | None, default: tuple[str, ...] = DEFAULT_LANGUAGES) -> tuple[str, ...]:
    """The languages named in ``setting`` (comma-separated), each one Kleos knows; ``default`` when
    none is named."""
    named = tuple(code.strip() for code in (setting or "").split(",") if code.strip())
    unknown = [code for code in named if not i18n.known(code)]
    if unknown:
        raise ValueError(f"KLEOS_TEST_LANGUAGES names unknown languages: {unknown}")
    return named or default


READER_LANGUAGES = reader_languages(os.environ.get("KLEOS_TEST_LANGUAGES"))
WHOLE_GAME_LANGUAGES = reader_languages(os.environ.get("KLEOS_TEST_LANGUAGES"), LEAN_LANGUAGES)

in_languages = pytest.mark.parametrize("language", READER_LANGUAGES)
"""Run the decorated test once per reader's language (its ``language`` argument)."""

in_lean_languages = pytest.mark.parametrize("language", WHOLE_GAME_LANGUAGES)
"""Run one of the costliest tests once per language of the lean set (English, the
pseudo-locale, Spanish, unless ``KLEOS_TEST_LANGUAGES`` says otherwise)."""


def words(template: str, language: str, domain: str = i18n.PLATFORM_DOMAIN, **params: Any) -> str:
    """``template`` of ``domain``'s catalogue as a reader of ``language`` sees it, placeholders filled."""
    text = i18n.gettext_in(domain, template, language)
    return text.format(**params) if params else text


def words_pattern(template: str, language: str, domain: str = i18n.PLATFORM_DOMAIN) -> re.Pattern[str]:
    """A pattern of ``template`` as a reader of ``language`` sees it, each ``{placeholder}`` matching
    whatever fills it (the page's words around a side's or a step's name)."""
    parts = re.split(r"\{\w+\}", i18n.gettext_in(domain, template, language))
    return re.compile("(.+)".join(re.escape(part) for part in parts))


PSEUDO_PART = re.compile(r"⟦[^⟦⟧]*⟧")
WORD = re.compile(r"[A-Za-z]{3,}")


def english_left(texts: Iterable[str], names: Iterable[str] = ()) -> list[str]:
    """The lines of ``texts`` that keep plain English words once the pseudo-locale's ``⟦…⟧`` parts
    and the ``names`` (seats, games, agents: never translated) are taken out."""
    known = {name.lower() for name in names}
    left: list[str] = []
    for text in texts:
        for line in text.splitlines():
            rest, before = line, ""
            while rest != before:  # inner parts first: a translated word inside a translated line
                before, rest = rest, PSEUDO_PART.sub(" ", rest)
            if any(word.lower() not in known for word in WORD.findall(rest)):
                left.append(line.strip())
    return left
