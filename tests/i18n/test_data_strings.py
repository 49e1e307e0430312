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
