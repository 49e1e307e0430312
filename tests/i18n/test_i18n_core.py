"""The language layer: choosing the reader's language (terminal variables, the browser's
Accept-Language), per-context readers, catalogues with plural forms, the pseudo-locale, numbers by
locale, the browser's JSON share, and rules errors that stay language-free."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from kleos import i18n
from kleos.core.errors import IllegalAction

PO = r'''msgid ""
msgstr ""
"Language: de\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\n"
"Content-Type: text/plain; charset=utf-8\n"

msgid "{city} is besieged"
msgstr "{city} wird belagert"

msgid "one talent"
msgid_plural "{n} talents"
msgstr[0] "ein Talent"
msgstr[1] "{n} Talente"

#, fuzzy
msgid "a guess"
msgstr "eine Vermutung"
'''


@pytest.fixture
def toy_domain(tmp_path: Path) -> str:
    name = f"toy{abs(hash(tmp_path)) % 10_000}"
    (tmp_path / "de" / "LC_MESSAGES").mkdir(parents=True)
    (tmp_path / "de" / "LC_MESSAGES" / f"{name}.po").write_text(PO, encoding="utf-8")
    i18n.register_domain(name, tmp_path)
    return name


@pytest.mark.parametrize(("env", "expected"), [
    ({}, "en"), ({"LANG": "de_DE.UTF-8"}, "de"), ({"LANG": "C"}, "en"),
    ({"LC_ALL": "es_ES.UTF-8", "LANG": "de_DE"}, "es"),
    ({"LANGUAGE": "fr:es", "LANG": "de_DE"}, "es"), ({"LANGUAGE": "fr", "LANG": "de_AT.UTF-8"}, "de"),
    ({"LC_MESSAGES": "fr_FR", "LANG": "de_DE"}, "en"),
])
def test_the_terminal_follows_the_locale_variables(env: dict[str, str], expected: str) -> None:
    assert i18n.from_environment(env) == expected


@pytest.mark.parametrize(("header", "expected"), [
    ("de-DE,de;q=0.9,en;q=0.8", "de"), ("fr-FR, es;q=0.5, de;q=0.7", "de"), ("es-419", "es"),
    ("fr, it", None), ("", None), ("en;q=0, es;q=0.1", "es"), ("*", None),
])
def test_the_browser_follows_accept_language(header: str, expected: str | None) -> None:
    assert i18n.from_accept_language(header) == expected


def test_translation_plural_and_fuzzy(toy_domain: str) -> None:
    _, ngettext, n_ = i18n.translator(toy_domain)
    assert _("{city} is besieged", city="Argos") == "Argos is besieged"
    with i18n.use_locale("de"):
        assert _("{city} is besieged", city="Argos") == "Argos wird belagert"
        assert ngettext("one talent", "{n} talents", 1) == "ein Talent"
        assert ngettext("one talent", "{n} talents", 1200) == "1.200 Talente"
        assert _("a guess") == "a guess"  # fuzzy entries are not trusted
        assert _("not in the catalogue") == "not in the catalogue"
    assert i18n.current() == "en" and n_("marked only") == "marked only"


def test_each_context_reads_its_own_language(toy_domain: str) -> None:
    _, _n, _m = i18n.translator(toy_domain)

    def render(language: str) -> str:
        with i18n.use_locale(language):
            return _("{city} is besieged", city="Sparta")

    with ThreadPoolExecutor(4) as pool:
        answers = list(pool.map(render, ["de", "en", "de", "es"] * 5))
    assert answers[:4] == ["Sparta wird belagert", "Sparta is besieged", "Sparta wird belagert", "Sparta is besieged"]
    with pytest.raises(ValueError, match="unknown language"):
        i18n.set_locale("fr")


def test_the_pseudo_locale_marks_every_string_it_renders(toy_domain: str) -> None:
    _, _n, _m = i18n.translator(toy_domain)
    with i18n.use_locale(i18n.PSEUDO):
        text = _("{city} is besieged", city="Argos")
    assert text.startswith("⟦Argos ") and text.endswith("⟧") and "îš béšîégéd" in text
    assert len(i18n.pseudo("a long enough sentence")) > len("a long enough sentence") * 1.3
    assert i18n.pseudo(i18n.pseudo("twice")) == i18n.pseudo("twice")


def test_numbers_and_percentages_by_locale() -> None:
    assert i18n.number(1234567.5, "en") == "1,234,567.5"
    assert i18n.number(1234567.5, "de") == "1.234.567,5"
    assert i18n.number(1234567.5, "es") == "1.234.567,5"
    assert i18n.percent(0.587, "en") == "58.7%"
    assert i18n.percent(0.587, "de").replace("\xa0", " ") == "58,7 %"


def test_the_browser_share_holds_translated_entries_only(toy_domain: str) -> None:
    data = i18n.catalogue_json("de", (toy_domain,))
    entries = data["domains"][toy_domain]
    assert entries == {"{city} is besieged": "{city} wird belagert", "one talent": ["ein Talent", "{n} Talente"]}
    assert i18n.catalogue_json("en", (toy_domain,))["domains"][toy_domain] == {}


def test_an_illegal_action_carries_its_rule_template_and_parameters() -> None:
    error = IllegalAction("R-TRADE-3", "{city} has no {good} to sell", city="Corinth", good="wine")
    assert str(error) == "R-TRADE-3: Corinth has no wine to sell"
    assert error.template == "{city} has no {good} to sell" and error.params == {"city": "Corinth", "good": "wine"}
    plain = IllegalAction("R-TURN-1", "not your turn {literally}")
    assert plain.message == "not your turn {literally}" and plain.params == {}


@pytest.mark.parametrize(("argv", "env", "expected"), [
    (["--lang", "de", "games"], {}, "de"), (["--lang=es", "games"], {"LANG": "de_DE"}, "es"),
    (["games"], {"LANG": "de_DE.UTF-8"}, "de"), (["games"], {"KLEOS_LANG": "pseudo", "LANG": "de_DE"}, "pseudo"),
    (["--lang", "fr", "games"], {"LANG": "es_ES"}, "es"),  # an unknown --lang is refused by the parser later
])
def test_the_command_line_chooses_its_language_before_parsing(
        argv: list[str], env: dict[str, str], expected: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from kleos.cli import choose_language

    for name in ("KLEOS_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    token = i18n.set_locale("en")
    try:
        assert choose_language(argv) == expected and i18n.current() == expected
    finally:
        i18n._reader.reset(token)


def test_an_unknown_language_is_a_usage_error() -> None:
    from kleos.cli import main

    assert main(["--lang", "fr", "games"]) == 2


def test_a_kit_renders_an_illegal_action_through_its_games_catalogue() -> None:
    from kleos.core import registry

    kit = registry.kit("polis")
    assert kit.text_domain() == "polis"
    error = IllegalAction("R-TRADE-3", "{city} has no {good} to sell", city="Corinth", good="wine")
    assert kit.render_illegal(error) == "Corinth has no wine to sell"
    with i18n.use_locale(i18n.PSEUDO):
        assert kit.render_illegal(error) == "⟦Corinth hàš ñõ ⟦wîñé~⟧ tõ šéll~~~~~~~~~⟧"  # the good in words too


def test_a_text_kept_in_every_language_is_read_in_the_readers(toy_domain: str) -> None:
    _, _n, _m = i18n.translator(toy_domain)
    stored = i18n.in_every_language(lambda: _("{city} is besieged", city="Argos"))
    assert i18n.for_reader(stored, "de") == "Argos wird belagert"
    assert i18n.for_reader(stored, "en") == i18n.for_reader(stored, "es") == "Argos is besieged"
    assert i18n.for_reader(stored, i18n.PSEUDO).startswith("⟦Àrgõš îš")
    with i18n.use_locale("de"):
        assert i18n.for_reader(stored) == "Argos wird belagert"
    assert i18n.for_reader("a line stored before", "de") == "a line stored before"


@pytest.mark.parametrize(("argv", "chosen", "rest"), [
    (["--lang", "es", "play", "polis"], "es", ["play", "polis"]),
    (["play", "polis", "--lang", "de", "--seed", "3"], "de", ["play", "polis", "--seed", "3"]),
    (["play", "polis", "--lang=es"], "es", ["play", "polis"]),
    (["games"], None, ["games"]),
    (["play", "polis", "--", "--lang", "de"], None, ["play", "polis", "--", "--lang", "de"]),
])
def test_lang_is_taken_wherever_it_stands(argv: list[str], chosen: str | None, rest: list[str]) -> None:
    from kleos.cli import split_language

    assert split_language(argv) == (chosen, rest)


def test_the_main_command_takes_lang_after_the_game(capsys: pytest.CaptureFixture[str]) -> None:
    from kleos.cli import main

    token = i18n.set_locale("en")
    try:
        assert main(["play", "polis", "--lang", "es", "--help"]) == 0
        assert "La aplicación de terminal a pantalla completa" in capsys.readouterr().out
    finally:
        i18n._reader.reset(token)
