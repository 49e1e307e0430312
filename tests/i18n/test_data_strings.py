"""A game's data files keep their user-facing words in English; the fields its
``locale/data-fields.json`` lists are extracted like marked strings, so a data word missing from a
catalogue fails the completeness check like any other."""

from __future__ import annotations

import json

import pytest

from kleos.i18n.catalogues import Source, gaps


def test_listed_data_fields_are_extracted_and_checked(tmp_path_factory: pytest.TempPathFactory) -> None:
    root = tmp_path_factory.mktemp("game")
    (root / "data" / "2012").mkdir(parents=True)
    (root / "locale").mkdir()
    cards = {"provenance": {"title": "reconstructed"}, "note": "for the authors",
             "cards": [{"id": "Quake", "title": "Earthquake", "text": "Sparta loses a hoplite.", "effect": "grant"}]}
    (root / "data" / "2012" / "events.json").write_text(json.dumps(cards))
    (root / "locale" / "data-fields.json").write_text(json.dumps({"data/*/events.json": ["title", "text"]}))
    found = {(g.language, g.message) for g in gaps(Source("game", root))}
    wanted = {"Earthquake", "Sparta loses a hoplite."}
    assert found == {(language, text) for language in ("es", "de") for text in wanted}


def test_a_listed_field_holding_a_name_per_edition_gives_every_name(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Polis's project tiles keep a printed name per edition (``names``: {"2012": …, "2020": …})."""
    root = tmp_path_factory.mktemp("game")
    (root / "data" / "2020").mkdir(parents=True)
    (root / "locale").mkdir()
    tiles = {"provenance": {"default": "rulebook"},
             "projects": [{"provenance": {"names.2012": "source"}, "id": "Socrates", "type": "philosophers",
                           "names": {"2012": "Sokrates", "2020": "Socrates"}}]}
    (root / "data" / "2020" / "projects.json").write_text(json.dumps(tiles))
    (root / "locale" / "data-fields.json").write_text(json.dumps({"data/*/projects.json": ["names"]}))
    found = {(g.language, g.message) for g in gaps(Source("game", root))}
    assert found == {(language, name) for language in ("es", "de") for name in ("Sokrates", "Socrates")}
