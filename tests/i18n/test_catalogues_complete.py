"""No string left behind: every string marked in the sources of every text domain is in each
translated language's catalogue, translated (not empty, not fuzzy)."""

from __future__ import annotations

import pytest

from kleos.i18n.catalogues import Source, gaps, sources


@pytest.mark.parametrize("source", sources(), ids=lambda s: s.domain)
def test_every_marked_string_is_translated(source: Source) -> None:
    found = [str(gap) for gap in gaps(source)]
    assert not found, "run `python scripts/catalogues.py extract`, then translate:\n" + "\n".join(found[:40])


def test_a_marked_but_untranslated_string_is_caught(tmp_path_factory: pytest.TempPathFactory) -> None:
    root = tmp_path_factory.mktemp("pkg")
    (root / "games").mkdir()
    (root / "words.py").write_text('from kleos.i18n.platform import _\n\nTITLE = _("A brand new string")\n')
    (root / "page.js").write_text('const { t, tn } = translator("kleos");\nh("p", t("A browser string"));\n'
                                  'tn("one seat", "{n} seats", 3);\n')
    (root / "games" / "hidden.py").write_text('_("A game string, not the platform\'s")\n')
    source = Source("kleos", root, skip=("games",))
    found = {(g.language, g.kind, g.message) for g in gaps(source)}
    wanted = {"A brand new string", "A browser string", "one seat"}
    assert found == {(language, "missing", text) for language in ("es", "de") for text in wanted}


def test_a_translation_must_fill_the_same_placeholders() -> None:
    from kleos.i18n.catalogues import same_placeholders

    assert same_placeholders("{city} is besieged", "{city} wird belagert")
    assert not same_placeholders("{city} is besieged", "{stadt} wird belagert")
    assert not same_placeholders("{city} is besieged", "wird belagert")
    assert not same_placeholders("{city} is besieged", "{city wird belagert")
    assert same_placeholders(("one talent", "{n} talents"), ("ein Talent", "{n} Talente"))
    assert not same_placeholders(("one talent of {city}", "{n} talents of {city}"), ("ein Talent", "{n} Talente"))
