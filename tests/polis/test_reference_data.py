"""The Polis rules reference lists every project tile and every event card of both editions from the
data (R-ACT-PROJECT-1..11, R-EVENT-1, R-ROUND-5..8), each value the data marks reconstructed saying so,
in the reader's language; the terminal's R page and ``kleos rules polis`` show it."""

from __future__ import annotations

import re

import pytest

from kleos.games.polis.loader import EDITIONS
from kleos.games.polis.reference import data_sections
from kleos.games.polis.tables import tables_for
from kleos.games.polis.tui import help as texts
from kleos.i18n import use_locale


def _section(text: str, heading: str) -> list[str]:
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(heading))
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("## ")), len(lines))
    return lines[start + 1:end]


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_project_tile_is_listed_once_with_its_values(edition: str) -> None:
    """R-ACT-PROJECT-4, R-ACT-PROJECT-8, R-ACT-PROJECT-9, R-ACT-PROJECT-11: cost, round prestige,
    posterity and poleis of each tile, as the game's project text gives them."""
    t = tables_for(edition)
    lines = [line for line in _section(data_sections(), "## Every project tile") if line.startswith(f"- [{edition}] ")]
    assert len(lines) == len(t.projects) == 14
    for tile, info in enumerate(t.projects):
        record = next(p for p in t.bundle.projects.projects if p.id == info.id)
        line = lines[tile]
        assert f"posterity {info.posterity}; in " in line
        assert line.endswith("(reconstructed)") == (record.provenance["default"] == "reconstructed")
    assert all(line.endswith("(reconstructed)") for line in lines) == (edition == "2020")


def test_phidias_gives_half_the_capitals_population() -> None:
    """R-ACT-PROJECT-10 [2012]: Phidias, only in Athinae, half of Athinae's population."""
    phidias = next(line for line in data_sections().splitlines() if line.startswith("- [2012] Phidias"))
    assert phidias == ("- [2012] Phidias (artists): cost 4 silver; prestige half the capital's population at round "
                       "end, posterity 2; in Athinae")


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_event_card_is_listed_under_its_rounds_deck(edition: str) -> None:
    """R-EVENT-1, R-ROUND-8: each deck in round order, each card with its copies and its effect."""
    t = tables_for(edition)
    lines = _section(data_sections(), "## Every event card")
    decks = [line for line in lines if line.startswith(f"- [{edition}] round ")]
    assert decks == [f"- [{edition}] round {name}:" for name in t.round_names]
    for name in t.round_names:
        start = lines.index(f"- [{edition}] round {name}:") + 1
        end = next((i for i in range(start, len(lines)) if not lines[i].startswith("  - ")), len(lines))
        cards = lines[start:end]
        deck = next(d for d in t.bundle.events.decks if d.round == name)
        assert len(cards) == len(deck.cards)
        for card, line in zip(deck.cards, cards, strict=True):
            copies = f" ×{card.copies}" if card.copies > 1 else ""
            assert line.startswith(f"  - **{card.title}**{copies}: {card.text}")


def test_the_2020_decks_are_marked_reconstructed_but_the_known_card() -> None:
    """The Devir decks are reconstructions (polis-data.md 11.6), but for 'Xerxes I assassinated'."""
    lines = [line for line in _section(data_sections(), "## Every event card") if line.startswith("  - ")]
    known = [line for line in lines if not line.endswith("(reconstructed)")]
    assert any(line.startswith("  - **Xerxes I assassinated**") for line in known)
    assert len(lines) - len(known) == 20  # the other 20 cards of the three Devir decks
    assert not any("Xerxes I assassinated" in line for line in lines if line.endswith("(reconstructed)"))


def test_the_terminal_reference_ends_with_the_data_sections() -> None:
    reference = texts.rules_reference()
    assert reference.endswith(data_sections())
    headings = re.findall(r"^## .*$", reference, flags=re.MULTILINE)
    assert headings[-2:] == ["## Every project tile (R-ACT-PROJECT)", "## Every event card (R-EVENT)"]


@pytest.mark.parametrize(("language", "words"), [
    ("es", ("## Cada loseta de proyecto", "**Terremoto en Esparta**", "(reconstruido)", "- [2020] ronda Alfa:")),
    ("de", ("## Jede Ereigniskarte", "(rekonstruiert)", "- [2012] Runde 3:"))])
def test_the_data_sections_are_in_the_readers_language(language: str, words: tuple[str, ...]) -> None:
    with use_locale(language):
        told = data_sections()
    assert all(word in told for word in words), [w for w in words if w not in told]
    assert "(reconstructed)" not in told and "Every event card" not in told
