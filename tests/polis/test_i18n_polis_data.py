"""Polis's data words in Spanish and German: the event cards (R-EVENT-1: one is revealed and read
each round), the project types (R-ACT-PROJECT) and the steps of a combat round (R-BATTLE-28,
R-BATTLE-29) are kept in English in the data and rendered through the game's catalogue, with the
rulebooks' words where they print them (docs/glossary-polis.md)."""

from __future__ import annotations

import pytest

from kleos.games.polis.datamodel import Event
from kleos.games.polis.game import PolisGame
from kleos.games.polis.text import battle_step_name, describe, event_text, event_title, project_text, project_type_name
from kleos.games.polis.web.tables import board_tables
from kleos.i18n import use_locale
from kleos.i18n.catalogues import data_strings, sources

G12 = PolisGame("2012")
G20 = PolisGame("2020")


def _event(game: PolisGame, event_id: str) -> Event:
    return game.tables.event_index[event_id]


@pytest.mark.parametrize(("language", "title", "text"), [
    ("es", "Terremoto en Esparta", "Esparta: +1 galera en Ionion Pelagos. Atenas: +1 hoplita en Messinia."),
    ("de", "Erdbeben in Sparta", "Sparta: +1 Galeere in Ionion Pelagos. Athen: +1 Hoplit in Messinia."),
])
def test_an_event_card_is_read_in_the_readers_language(language: str, title: str, text: str) -> None:
    s = G12.new_state(5).copy()
    s.event = "EarthquakeInSparta"
    with use_locale(language):
        assert event_title(_event(G12, s.event)) == title
        assert event_text(_event(G12, s.event)) == text
        position = describe(G12, s, 0)
    assert title in position and text in position
    assert "Earthquake in Sparta" not in position
    assert event_title(_event(G12, "EarthquakeInSparta")) == "Earthquake in Sparta"  # English by default


@pytest.mark.parametrize(("event_id", "word"), [("EgyptRebels", "Ägypten rebelliert gegen Persien"),
                                               ("Hermocopidae", "Hermenfrevel")])
def test_the_german_titles_are_the_2012_rulebooks_own(event_id: str, word: str) -> None:
    """The German rules name two cards: the German catalogue uses those words."""
    with use_locale("de"):
        assert event_title(_event(G12, event_id)) == word


@pytest.mark.parametrize("game", [G12, G20], ids=["2012", "2020"])
@pytest.mark.parametrize("language", ["es", "de"])
def test_every_event_card_of_both_editions_is_translated(game: PolisGame, language: str) -> None:
    cards = list(game.tables.event_index.values())
    with use_locale(language):
        untranslated = [ev.id for ev in cards if event_title(ev) == ev.title or event_text(ev) == ev.text]
    assert len(cards) >= 10
    assert not untranslated


def test_the_data_words_are_extracted_into_the_catalogue() -> None:
    polis = next(s for s in sources() if s.domain == "polis")
    found = {text for _path, text in data_strings(polis)}
    assert "Earthquake in Sparta" in found and "Xerxes I assassinated" in found
    assert "Nothing happens this round." in found
    assert "reconstructed" not in found  # a provenance record is never shown


@pytest.mark.parametrize(("language", "kinds", "steps"), [
    ("es", {"philosophers": "filósofos", "mysteries": "misterios", "games": "juegos"},
     {"attack": "ataque", "defend": "defensa"}),
    ("de", {"philosophers": "Philosophen", "mysteries": "Feste", "games": "Wettkämpfe"},
     {"attack": "Angriff", "defend": "Verteidigung"}),
])
def test_project_types_and_battle_steps_are_translated(language: str, kinds: dict[str, str],
                                                       steps: dict[str, str]) -> None:
    t = G20.tables
    with use_locale(language):
        for kind, word in kinds.items():
            assert project_type_name(kind) == word
        for step, word in steps.items():
            assert battle_step_name(step) == word
        tile = next(i for i, p in enumerate(t.projects) if p.type == "philosophers")
        assert f"({kinds['philosophers']})" in project_text(t, tile)
    assert project_type_name("mysteries") == "festivals" and battle_step_name("defend") == "defence"


@pytest.mark.parametrize(("language", "title", "kind", "step"), [
    ("es", "Terremoto en Esparta", "filósofos", "ataque"),
    ("de", "Erdbeben in Sparta", "Philosophen", "Angriff"),
])
def test_the_browsers_tables_carry_the_readers_words(language: str, title: str, kind: str, step: str) -> None:
    with use_locale(language):
        tables = board_tables(G12)
    assert tables["events"]["EarthquakeInSparta"]["title"] == title
    assert any(p["type_name"] == kind for p in tables["projects"] if p["type"] == "philosophers")
    assert tables["battle_steps"]["attack"] == step


@pytest.mark.parametrize(("language", "title"), [("es", "Terremoto en Esparta"), ("de", "Erdbeben in Sparta")])
def test_the_terminal_panels_show_the_event_in_the_readers_language(language: str, title: str) -> None:
    """The status line and the players' panel of the terminal read the revealed card (R-EVENT-1) in
    the reader's words, not the data's English."""
    from kleos.games.polis.tui.render import players_view, status
    from kleos.tui.look import DARK

    s = G12.new_state(5).copy()
    s.event = "EarthquakeInSparta"
    view = G12.view(s, 0)
    with use_locale(language):
        shown = status(G12, view, DARK).plain + players_view(G12, view, DARK).plain
    assert title in shown and "Earthquake in Sparta" not in shown
