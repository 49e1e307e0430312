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
the test's language (:func:`words`), or the test checks data attributes, ids and notation. In the
pseudo-locale a test looks for words left in English (:func:`english_left`), taking out the names
a reader sees untranslated in every language: the games' places and notation from their own
packages (:func:`game_names`) and the rule IDs.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Iterator
from functools import cache
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
RULE_ID = re.compile(r"(?<![A-Za-z])[CPR]-[A-Z]+(?:-[A-Za-z0-9.]+)*")


def english_left(texts: Iterable[str], names: Iterable[str] = ()) -> list[str]:
    """The lines of ``texts`` that keep plain English words once the pseudo-locale's ``⟦…⟧`` parts
    and the ``names`` (seats, games, agents, places, notation: never translated) and rule IDs are
    taken out. A name of several words is taken out only whole ("Polis: Fight for the Hegemony"
    leaves no "the")."""
    named = names_pattern(names)
    left: list[str] = []
    for text in texts:
        for line in text.splitlines():
            rest, before = line, ""
            while rest != before:  # inner parts first: a translated word inside a translated line
                before, rest = rest, PSEUDO_PART.sub(" ", rest)
            rest = RULE_ID.sub(" ", rest)
            if WORD.search(named.sub(" ", rest) if named else rest):
                left.append(line.strip())
    return left


def names_pattern(names: Iterable[str]) -> re.Pattern[str] | None:
    """Any of ``names`` as a whole (any case, not inside a longer word), the longest first."""
    chosen = sorted({name for name in names if name.strip()}, key=len, reverse=True)
    if not chosen:
        return None
    return re.compile(r"(?<![A-Za-z])(?:" + "|".join(map(re.escape, chosen)) + r")(?![A-Za-z])", re.IGNORECASE)


@cache
def game_names(game: str) -> tuple[str, ...]:
    """The proper names and notation of ``game`` as its package holds them, which a reader sees
    untranslated in every language (none for a name that is no game's). The games are imported
    when first asked for, not by every test that imports this module."""
    names = {"polis": polis_names, "pericles": pericles_names, "cyclades": cyclades_names}.get(game)
    return tuple(names()) if names else ()


def polis_names() -> Iterator[str]:
    """Polis's regions, poleis and markets (ids and the names each edition prints: Greek places
    that both rulebooks keep, and each of their words) and the editions' titles."""
    from kleos.games.polis.kit import KIT as POLIS
    from kleos.games.polis.loader import EDITIONS

    for edition in EDITIONS:
        t = POLIS.make_game({"edition": edition}).tables
        yield t.rules.title
        m = t.bundle.map
        places = [(p.id, p.names) for p in (*m.territories, *m.seas)] + [(p.id, p.names) for p in m.markets]
        places += [(p.id, p.names) for p in t.bundle.poleis.poleis]
        for place, printed in places:  # the map writes a name of two words on two lines
            yield from (place, *printed.values(), *" ".join(printed.values()).split())


def pericles_names() -> Iterator[str]:
    """Pericles' notation: the theaters' keys, the cards (Aristophanes' by play and letter:
    ``PeaceB``), factions, pieces, debate issues and marker kinds by their codes, and the scenario's
    id."""
    from kleos.games.pericles.kit import KIT as PERICLES
    from kleos.games.pericles.tables import FACTIONS, MARKER_KINDS, PIECES

    t = PERICLES.make_game({}).tables
    yield from (*t.theater_keys, *t.card_ids, *t.arist_names, *FACTIONS, *PIECES, *MARKER_KINDS, t.scenario.id)
    yield from {kind for kinds in t.issue_kinds for kind in kinds}


def cyclades_names() -> Iterator[str]:
    """Cyclades' islands and seas by their ids (the gods and creatures have names in each
    rulebook's language, so they go through the catalogue)."""
    from kleos.games.cyclades.kit import KIT as CYCLADES

    t = CYCLADES.make_game({"players": 5}).tables
    yield from (*t.island_ids, *t.sea_ids)
