"""Seat and colour names in the reader's language (issue 30): the Cyclades colours, the Polis sides
and the Pericles factions stay English identifiers in options, records and messages, and are shown
through the game's catalogue by the kit's seat-name hook: in the terminal's header and score sheet,
the lobby's catalogue (``seat_labels``) and the browser's Cyclades tables."""

from __future__ import annotations

import pytest

from kleos.core import registry
from kleos.core.kit.terminal import BoardContext
from kleos.core.protocol import Outcome
from kleos.i18n import use_locale
from kleos.server.games import catalog_entry
from kleos.tui.look import DARK, Look

NAMES = {
    "es": {"cyclades": ["Azul", "Rojo", "Verde"], "polis": ["Atenas", "Esparta"],
           "pericles": ["Aristócratas", "Demagogos", "Rey Euripóntidas", "Rey Agíadas"]},
    "de": {"cyclades": ["Blau", "Rot", "Grün"], "polis": ["Athen", "Sparta"],
           "pericles": ["Aristokraten", "Demagogen", "Eurypontidenkönig", "Agiadenkönig"]},
}


@pytest.mark.parametrize("language", ["es", "de"])
@pytest.mark.parametrize("name", ["cyclades", "polis", "pericles"])
def test_every_seat_is_named_in_the_readers_language(language: str, name: str) -> None:
    kit = registry.kit(name)
    game = kit.make_game({})
    with use_locale(language):
        shown = [kit.seat_name(game, seat) for seat in range(len(game.seat_names))]
        entry = catalog_entry(kit, None)
    assert shown == NAMES[language][name]
    assert entry["seat_labels"] == shown
    assert entry["seat_names"] == list(game.seat_names)  # the identifiers stay English
    assert [kit.seat_name(game, seat) for seat in range(len(game.seat_names))] == list(game.seat_names)


def test_the_five_cyclades_colours_are_translated() -> None:
    kit = registry.kit("cyclades")
    game = kit.make_game({"players": 5})
    with use_locale("es"):
        assert [kit.seat_name(game, s) for s in range(5)] == ["Azul", "Rojo", "Verde", "Amarillo", "Negro"]
    with use_locale("de"):
        assert [kit.seat_name(game, s) for s in range(5)] == ["Blau", "Rot", "Grün", "Gelb", "Schwarz"]
        assert kit.seat_name(game, None) != "spectator"  # the platform's word, translated too


@pytest.mark.parametrize(("language", "blue"), [("es", "Azul"), ("de", "Blau")])
def test_the_terminal_score_sheet_and_the_browser_tables_name_the_colours(language: str, blue: str) -> None:
    kit = registry.kit("cyclades")
    game = kit.make_game({})
    state = game.new_state(4)
    ctx = BoardContext(game, game.view(state, 0), 0, DARK)
    parts = kit.web_parts()
    assert parts is not None
    with use_locale(language):
        sheet = Look(kit).score_sheet(ctx, Outcome(winner=0, scores=(2, 1, 0), reason="metropolises")).plain
        tables = parts.tables(game)
    assert blue in sheet and "Blue" not in sheet
    assert tables["seat_labels"][0] == blue and tables["seat_names"][0] == "Blue"


@pytest.mark.parametrize(("language", "blue", "red"), [("es", "Azul", "Rojo"), ("de", "Blau", "Rot")])
def test_the_cyclades_position_names_the_players_by_their_colours(language: str, blue: str, red: str) -> None:
    kit = registry.kit("cyclades")
    game = kit.make_game({})
    state = game.new_state(4)
    with use_locale(language):
        text = kit.describe_view(game, game.view(state, 0), 0)
    assert f"\n{blue}: " in text and f"\n{red}: " in text
    assert "\nBlue: " not in text


@pytest.mark.parametrize(("language", "blue"), [("es", "Azul"), ("de", "Blau")])
def test_the_cyclades_terminal_panels_name_the_colours(language: str, blue: str) -> None:
    """The players' panel and the map's list of the terminal name each player by its colour in the
    reader's words."""
    from kleos.games.cyclades.game import CycladesGame
    from kleos.games.cyclades.tui.render import list_view, players_view

    game = CycladesGame({})
    view = game.view(game.new_state(4), 0)
    with use_locale(language):
        shown = players_view(game, view, DARK).plain + list_view(game, view, DARK).plain
    assert blue in shown and "Blue" not in shown
