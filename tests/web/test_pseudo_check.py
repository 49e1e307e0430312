"""The pseudo-locale check itself (issue 30): what it takes for names and notation, and what it
still finds. No browser: the lines are the kind a page or a terminal screen shows."""

from __future__ import annotations

import pytest

from kleos import i18n
from kleos.games.pericles.kit import KIT as PERICLES
from kleos.games.polis.kit import KIT as POLIS
from kleos.games.polis.loader import EDITIONS
from languages import english_left, game_names

TITLE = "Polis: Fight for the Hegemony"


def test_a_name_of_several_words_passes_only_whole() -> None:
    names = game_names("polis")
    assert TITLE in names
    assert english_left([TITLE, "Euxinos Pontos", "Thrakiko", "Pelagos"], names) == []
    assert english_left(["Fight for the army"], names) == ["Fight for the army"]


def test_a_half_translated_line_and_an_english_game_word_are_found() -> None:
    lines = ["⟦Rééçrüît~~⟧ the army", "Army 3 · Gold 2", "⟦Mõvé ⟦Ššš⟧ tõ~~⟧ Chios"]
    assert english_left(lines, game_names("pericles")) == lines[:2]


def test_rule_ids_and_notation_are_not_english() -> None:
    line = "RUM = ⟦Rümõr~⟧: ⟦dõéš ñõthîñg~~~⟧ [P-TMARK-2, P-THEATER-12] AF:MIL LAF(3) EastMed"
    assert english_left([line], game_names("pericles")) == []
    assert english_left(["R-TRADE-3 C-BUILD-1"]) == []


@pytest.mark.parametrize("game", ["polis", "pericles", "cyclades"])
def test_a_games_names_hide_no_word_its_catalogues_translate_but_places(game: str) -> None:
    """A name the check takes is never a word of the game's or the platform's catalogues (a unit, a
    good, a phase: "Army", "Gold"), unless it is a place the notation names: Pericles' theater keys
    (their full names are translated where shown in words) and Polis's Sparta (the polis's name as
    the 2012 edition prints it, and the side's)."""
    names = game_names(game)  # imports the game, which declares its text domain
    translated = {word.lower() for domain in (i18n.PLATFORM_DOMAIN, game) for word in single_words(domain)}
    taken = {name for name in names if name.lower() in translated}
    assert taken <= places(game), taken - places(game)


def single_words(domain: str) -> set[str]:
    """The one-word messages of ``domain``'s catalogue that Spanish or German words differently."""
    words = set()
    for key in i18n.translations(domain, "es")._catalog:  # type: ignore[attr-defined]
        msgid = key if isinstance(key, str) else key[0]
        if msgid and " " not in msgid and any(i18n.gettext_in(domain, msgid, lang) != msgid for lang in ("es", "de")):
            words.add(msgid)
    return words


def places(game: str) -> set[str]:
    if game == "pericles":
        return set(PERICLES.make_game({}).tables.theater_keys)
    if game == "polis":
        return {name for edition in EDITIONS
                for polis in POLIS.make_game({"edition": edition}).tables.bundle.poleis.poleis
                for name in polis.names.values()}
    return set()
