"""Pericles in Spanish, German and the pseudo-locale: the terminal's panels, help and guide, the story
of a seeded game and the rules' refusals read in the reader's language with the rulebooks' terms
(docs/glossary-pericles.md), no marked English sentence is left on a translated screen, and the rules
themselves stay language-free (P-INFO-6 and P-THEATER-7 are the rules the samples touch)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from per_helpers import played, registered  # noqa: F401  (registered installs the kit for the command line)
from rich.console import Console
from rich.text import Text

from kleos import i18n
from kleos.cli import main
from kleos.core.action import Action
from kleos.core.errors import IllegalAction
from kleos.games.pericles import story
from kleos.games.pericles.agents.explain import reason
from kleos.games.pericles.explain import explain, refusal_text
from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.i18n import DOMAIN
from kleos.games.pericles.kit import KIT
from kleos.games.pericles.loader import load_data
from kleos.games.pericles.reference import rules_reference
from kleos.games.pericles.rules import aristophanes
from kleos.games.pericles.state import PericlesState
from kleos.games.pericles.tui import render
from kleos.games.pericles.tui.parts import terminal_parts

PACKAGE = Path(__file__).resolve().parents[2] / "src" / "kleos" / "games" / "pericles"
AF = 0
SCENARIO = "14_1_09a"


def plain(text: Text | str, width: int = 120) -> str:
    console = Console(width=width, color_system=None, record=True)
    with console.capture() as capture:
        console.print(text)
    return capture.get()


def told_game(seed: int, until: str) -> tuple[PericlesGame, PericlesState, list[str]]:
    """A seeded random vignette run to a decision at step ``until``, with the story (in the reader's
    language of the moment) of every decision on the way, each from its actor's views."""
    lines: list[str] = []

    def tell(game: PericlesGame, before: PericlesState, seat: int, action: Action, after: PericlesState) -> None:
        lines.append(story.tell_step(game, game.view(before, seat).state, action, game.view(after, seat).state))

    game, state = played(SCENARIO, seed, until, told=tell)
    return game, state, lines


def screens(game: PericlesGame, state: PericlesState) -> str:
    """The Aristocrats' status bar and panels, as plain text."""
    view = game.view(state, AF)
    parts = [render.status_line(game, view, render.DARK), render.theaters_view(game, view, render.DARK, 120),
             render.assemblies_view(game, view, render.DARK, 120), render.factions_view(game, view, render.DARK, 120),
             render.battle_view(game, view, render.DARK, 120)]
    return "\n".join(plain(part) for part in parts) + KIT.describe_view(game, view, AF)


def catalogue(language: str) -> dict[str, str]:
    path = PACKAGE / "locale" / language / "LC_MESSAGES" / f"{DOMAIN}.po"
    with path.open("rb") as handle:
        return {str(m.id): str(m.string) for m in read_po(handle) if m.id and isinstance(m.id, str)}


def english_fragments(language: str) -> Iterator[str]:
    """The literal runs (16 characters or more, with an English word in them) of every marked string
    the language translates differently: any of them on a translated screen is English that bypassed
    the catalogue (a run of rule IDs alone is the same in every language)."""
    for msgid, translation in catalogue(language).items():
        if translation == msgid:
            continue
        for run in re.split(r"\{\w*\}", msgid):
            run = run.strip()
            if len(run) >= 16 and re.search(r"[a-z]{3,}", run):
                yield run


def untranslated(text: str, language: str) -> list[str]:
    flat = " ".join(text.split())
    return sorted({run for run in english_fragments(language) if " ".join(run.split()) in flat})


@pytest.mark.parametrize(("language", "terms"), [
    ("es", ("Fase de Teatros", "Honor", "Strategos", "Séquito", "Asamblea de Atenas", "Teatro", "Aristócratas",
            "marcadores de Traición", "Liga de Delos")),
    ("de", ("Schauplatzphase", "Ehre", "Strategos", "Gefolge", "Versammlung von Athen", "Schauplatz",
            "Aristokraten", "Verratsmarker", "Attischer Seebund")),
])
def test_the_panels_speak_the_rulebooks_terms(language: str, terms: tuple[str, ...]) -> None:
    game, state, _told = told_game(1, "place")
    with i18n.use_locale(language):
        text = screens(game, state)
    missing = [term for term in terms if term not in text]
    assert not missing, f"{missing} not on the {language} screens:\n{text[:1500]}"
    assert untranslated(text, language) == []
    assert re.search(r"^Athens ", text, re.MULTILINE)  # theater keys are notation: the same in every language


@pytest.mark.parametrize(("language", "words"), [("es", ("colocar", "revelar", "marcador de Rumor")),
                                                  ("de", ("legen", "aufdecken", "Gerücht-Marker"))])
def test_the_story_of_a_seeded_game_is_told_in_the_readers_language(language: str, words: tuple[str, ...]) -> None:
    with i18n.use_locale(language):
        _game, _state, told = told_game(3, "resolve")
    text = "\n".join(told)
    assert untranslated(text, language) == [], text[:2000]
    assert all(word in text for word in words), text[:2000]
    with i18n.use_locale("en"):
        _game, _state, english = told_game(3, "resolve")
    assert len(english) == len(told) and english != told  # the same steps, other words


def test_help_guide_and_menu_words_in_spanish_and_german() -> None:
    with i18n.use_locale("es"):
        parts = terminal_parts()
        assert set(parts.board.panels) == {"Teatros", "Asambleas", "Facciones", "Batalla"}
        assert parts.board.final_panel == "Facciones"
        assert parts.help.verbs["place"].title == "Colocar un marcador"
        assert parts.help.guide_intro is not None and parts.help.guide_intro.startswith("# Tu primera partida")
    with i18n.use_locale("de"):
        parts = terminal_parts()
        assert parts.help.verbs["raid"].title == "Raubzug" and "P-RAID-1" in parts.help.verbs["raid"].rules
        assert parts.help.welcome is not None and "Ehre" in parts.help.welcome
    assert terminal_parts().help.verbs["place"].title == "Place a marker"  # English stays the default


def test_a_menu_explanation_and_its_rule_ids_in_german() -> None:
    game, state, _told = told_game(1, "place")
    view = game.view(state, AF)
    action = next(a for a in game.legal_actions(state, AF) if a.verb == "place")
    with i18n.use_locale("de"):
        text = explain(game, view, action)
    assert "verdeckt" in text and "[P-THEATER-4, P-THEATER-5" in text
    assert untranslated(text, "de") == []


LETTERS = re.compile(r"[A-Za-zÀ-ÿ]+")
NOTATION = re.compile(r"^(?:[A-Z][A-Za-z]*\d*|[A-Z]{2,}\d*|P|INFO|[a-z]\d+|id|x|T\d+)$")


def bare(text: str) -> str:
    """``text`` without its pseudo-locale runs (brackets may nest)."""
    out, depth = [], 0
    for char in text:
        if char == "⟦":
            depth += 1
        elif char == "⟧":
            depth = max(0, depth - 1)
        elif not depth:
            out.append(char)
    return "".join(out)


def test_the_pseudo_locale_leaves_no_plain_english_on_the_main_screens() -> None:
    """Outside the pseudo-locale's brackets only notation is left: theater keys, faction, unit, marker
    and card codes, rule IDs. A lowercase word there is a sentence that bypassed the catalogue."""
    with i18n.use_locale(i18n.PSEUDO):
        game, state, told = told_game(1, "place")
        parts = terminal_parts()
        text = "\n".join([screens(game, state), *told, *(h.title + " " + h.text for h in parts.help.verbs.values()),
                          parts.help.guide_intro or "", parts.help.welcome or ""])
    left = [word for word in LETTERS.findall(bare(text)) if not NOTATION.match(word)]
    assert left == [], f"plain words outside the catalogue: {sorted(set(left))[:40]}"


@pytest.mark.parametrize(("seed", "step"), [(1, "place"), (3, "resolve"), (7, "row")])
def test_the_pseudo_locale_leaves_no_plain_english_in_menus_and_hints(seed: int, step: str) -> None:
    """Every legal action's menu words and newcomer explanation, and the hint's why, at a decision of
    each kind: outside the brackets only notation (the codes the player types) is left."""
    with i18n.use_locale(i18n.PSEUDO):
        game, state, _told = told_game(seed, step)
        seat = game.actors(state)[0]
        view = game.view(state, seat)
        legal = game.legal_actions(state, seat)
        lines = [text for action in legal for text in (KIT.describe_action(game, view, action),
                                                        explain(game, view, action), reason(game, view, action, legal))]
    words = [word for line in lines for word in LETTERS.findall(bare(line))]
    notation = {word for action in legal for arg in action.args for word in LETTERS.findall(str(arg))}
    left = [word for word in words if not NOTATION.match(word) and word not in notation]
    assert lines and left == [], f"plain words outside the catalogue: {sorted(set(left))[:40]}"


@pytest.mark.parametrize(("language", "expected"), [
    ("es", "P-THEATER-7: coloca un marcador que tengas en un Teatro abierto: place <owner> <kind> <theater>"),
    ("de", "P-THEATER-7: lege einen Marker, den du hältst, in einen offenen Schauplatz: "
           "place <owner> <kind> <theater>"),
])
def test_an_illegal_action_is_refused_in_the_readers_language(language: str, expected: str) -> None:
    """P-THEATER-7: the rules raise an English template; the surface renders it from the catalogue."""
    game, state, _told = told_game(1, "place")
    seat = game.actors(state)[0]
    with pytest.raises(IllegalAction) as caught:
        game.apply(state, Action("pass", ()), seat)
    error = caught.value
    assert error.rule == "P-THEATER-7" and error.params == {}
    assert error.message.startswith("place a marker you hold")  # the rules' own text stays English
    with i18n.use_locale(language):
        assert refusal_text(error) == expected


def test_a_refusal_with_parameters_keeps_them_in_every_language() -> None:
    game, state, _told = told_game(1, "place")
    seat = game.actors(state)[0]
    with pytest.raises(IllegalAction) as caught:
        game.apply(state, Action("nonsense", ("x",)), seat)
    assert caught.value.template == "place a marker you hold in an open theater: place <owner> <kind> <theater>"
    error = IllegalAction("PROTOCOL", "'{action}' is not one of the legal actions here", action="fly Athens")
    with i18n.use_locale("es"):
        assert refusal_text(error) == "PROTOCOL: 'fly Athens' no es una de las acciones legales aquí"
    with i18n.use_locale("de"):
        assert refusal_text(error) == "PROTOCOL: 'fly Athens' ist hier keine der erlaubten Aktionen"


UNMARKED = re.compile(r'return \((?:"P-[A-Z]+-\d+"|rule\[[^\]]*\]),\s*f?"')


def test_every_rules_refusal_is_a_marked_template() -> None:
    """A refusal message written without the marker (or as an f-string) would reach no catalogue: the
    rules must return ``(rule, N_("template {x}"), {"x": ...})``."""
    found = [f"{path.name}:{source[:match.start()].count(chr(10)) + 1}"
             for path in sorted((PACKAGE / "rules").glob("*.py"))
             for source in [path.read_text(encoding="utf-8")] for match in UNMARKED.finditer(source)]
    assert found == []


@pytest.mark.parametrize(("language", "terms"), [
    ("es", ("## El objetivo", "Comandante en Jefe", "Tabla de Bajas del Perdedor", "Barco de Estado",
            "Consejo Asesor")),
    ("de", ("## Das Ziel", "Oberbefehlshaber", "Verlusttabelle des Verlierers", "Staatsschiff", "Beraterrat")),
])
def test_the_rules_reference_in_spanish_and_german(language: str, terms: tuple[str, ...]) -> None:
    """The R page: every section, marker kind, unit, card bonus and comedy in the reader's words (the
    data's own names, such as card titles, stay as the data gives them)."""
    with i18n.use_locale(language):
        text = rules_reference(load_data())
    assert [term for term in terms if term not in text] == []
    assert untranslated(text, language) == []
    assert len([line for line in text.splitlines() if line.startswith("- ")]) > 60  # every card and comedy listed


@pytest.mark.parametrize(("language", "plays"), [
    ("es", {"Acharnians": "Acarnienses", "Frogs": "Ranas", "Knights": "Caballeros", "Peace": "Paz"}),
    ("de", {"Acharnians": "Acharner", "Frogs": "Frösche", "Knights": "Ritter", "Peace": "Frieden"}),
])
def test_p_arist_4_the_comedies_are_named_as_the_readers_rulebook_names_them(language: str,
                                                                             plays: dict[str, str]) -> None:
    """P-ARIST-4: the turn's comedy is named in the reader's language, as the Spanish rulebook names "Ranas
    A, B o C" and "Los acarnienses", in the story of the card drawn and on the rules reference; every play
    of the deck has its word in the catalogue."""
    from kleos.games.pericles.explain import PLAY_NAMES

    data = load_data()
    assert {card.play for card in data.aristophanes.cards} <= set(PLAY_NAMES)
    words = catalogue(language)
    assert all(words.get(play) for play in PLAY_NAMES), [play for play in PLAY_NAMES if not words.get(play)]
    game = KIT.make_game({"scenario": "14_2"})
    state = game.new_state(1)
    for play, word in plays.items():
        card = next(c for c in data.aristophanes.cards if c.play == play)
        with i18n.use_locale(language):
            line = story.tell(game, state, Action("aristophanes", (f"{card.play}{card.letter}",)))
            reference = rules_reference(data)
        assert f" {word} {card.letter}: " in line and f" {play} {card.letter}" not in line, line
        assert f"- {word} {card.letter}: " in reference and f"- {play} {card.letter}: " not in reference


def test_the_command_line_reports_in_german(registered: None, capsys: pytest.CaptureFixture[str]) -> None:  # noqa: F811
    """``kleos --lang de pericles random``: the report's words in German, its names and numbers as ever."""
    with i18n.use_locale("en"):  # the command line chooses the language for the rest of its context
        assert main(["--lang", "de", "pericles", "random", "--option", f"scenario={SCENARIO}", "--games", "1",
                     "--no-progress"]) == 0
        assert main(["--lang", "es", "pericles", "random", "--games", "0"]) == 2
    out, err = capsys.readouterr()
    assert "Siege je Platz:" in out and "Siege je Team:" in out and "Agiad King" not in out
    assert "Agiadenkönig" in out
    assert "--games debe ser al menos 1" in err
    assert i18n.current() == "en"


@pytest.mark.parametrize("language", ["es", "de"])
def test_the_browser_tables_words_are_catalogue_entries(language: str) -> None:
    """The board module translates the tables' English words where it shows them (t(T.unit_names[code])):
    each must be a translated entry of the game's catalogue, or the browser would show it in English."""
    from kleos.games.pericles.web.tables import board_tables

    tables = board_tables(PericlesGame({"scenario": SCENARIO}))
    words = [*tables["unit_names"].values(), *tables["marker_names"].values(), *tables["seat_names"],
             *(theater["name"] for theater in tables["theaters"]),
             *(text for name, effect, _rules in tables["marker_texts"].values() for text in (name, effect))]
    entries = catalogue(language)
    assert [word for word in words if not entries.get(word)] == []  # translated (some words are the same: Rumor)


def test_the_end_of_a_game_in_spanish_names_its_reason() -> None:
    """P-VICTORY-2: a conquest told in the reader's language; the outcome keeps the rules' English reason."""
    from kleos.core.protocol import Outcome
    from kleos.games.pericles.ending import outcome_words

    game = PericlesGame({"scenario": SCENARIO})
    outcome = Outcome("conquest", 3, (10, 12, 20, 26))
    with i18n.use_locale("es"):
        text = outcome_words(game, outcome)
    assert text.startswith("vence Esparta (conquista); la facción ganadora: Rey Agíadas, 26 de Honor.")
    assert outcome.reason == "conquest"


@pytest.mark.parametrize("language", ["es", "de"])
def test_the_options_words_are_in_the_catalogue(language: str) -> None:
    """The lobby's option texts are English source strings of the game's catalogue (a surface shows
    them through the game's text domain); the starting Honor's text is built from the data, not marked."""
    entries = catalogue(language)
    texts = [text for spec in KIT.options if spec.name != "honor_handicap"
             for text in (spec.help, spec.label, *(meaning for _value, meaning in spec.meanings)) if text]
    assert texts and [text for text in texts if not entries.get(text)] == []


@pytest.mark.parametrize(("language", "faction"), [("es", "Aristócratas"), ("de", "Aristokraten")])
def test_a_faction_in_a_refusal_is_named_in_the_readers_words(language: str, faction: str) -> None:
    """P-ARIST-4: the rules name the faction that demobilises by its code (AF); the kit's refusal
    names it as the reader's language names its seat, the rest of the template translated."""
    game, state, _told = told_game(1, "place")
    violation = aristophanes.demob_check(game.tables, state, 0, Action("pass", ()))
    assert violation is not None and len(violation) == 3
    rule, template, params = violation[0], violation[1], violation[2]
    error = IllegalAction(rule, template, **params)
    assert rule == "P-ARIST-4" and params == {"faction": "AF"}
    with i18n.use_locale(language):
        shown = KIT.render_illegal(error)
    assert shown == i18n.gettext_in(DOMAIN, template, language).format(faction=faction)
    assert "AF" not in shown.split()


@pytest.mark.parametrize(("language", "words"), [("es", "Honor inicial extra para cada facción que juega un bot; "
                                                        "20 por defecto"),
                                                 ("de", "zusätzliche Anfangsehre für jede Fraktion, die ein Bot "
                                                        "spielt; Vorgabe 20")])
def test_p_data_14_the_bot_handicap_is_told_in_the_readers_words(language: str, words: str) -> None:
    """P-DATA-14, P-SOLO-6: the bots' extra Honor, told at a game's start and in the lobby, is a template of
    the game's catalogue filled with the data's numbers (the full war's 20, the vignette's 0), not English
    with the numbers in it."""
    spec = KIT.bot_handicap
    assert spec is not None
    with i18n.use_locale(language):
        text = spec.words(KIT.word)
        listed = spec.as_json(KIT.word)
    assert text.startswith(words) and "0 " in text and "14_1_09a" in text and "(P-DATA-14" in text, text
    assert listed["help"] == text and listed["default"] == 20
    assert spec.words().startswith("extra starting Honor for each faction a bot plays; default 20 in the full war, "
                                   "0 in 14_1_09a (P-DATA-14")


@pytest.mark.parametrize(("language", "scenario", "heading"), [
    ("es", "14_2", "Pericles: La Primera Guerra del Peloponeso (escenario 14_2)"),
    ("de", "14_1_09a", "Pericles: Krieg in der Ägäis (Szenario 14_1_09a)"),
    ("en", "14_2", "Pericles: The First Peloponnesian War (scenario 14_2)")])
def test_the_heading_names_the_scenario_in_the_readers_words(language: str, scenario: str, heading: str) -> None:
    """The game's heading (a plain game's first line, the help screen's title) names the war as the
    lobby's scenario choice does, in the reader's language; the data file's name is the English."""
    from kleos.games.pericles.tui import parts

    game = PericlesGame({"scenario": scenario})
    with i18n.use_locale(language):
        assert parts._heading(game) == heading


def test_p_def_4_a_unit_s_name_is_its_own_entry_whole_in_every_language() -> None:
    """P-DEF-4..9: a unit's name alone (a log line's "Delian League ship (Dn)") is its own catalogue entry,
    the start of its description in every language, and whole in the pseudo-locale, where a name cut from
    the translated description lost its closing mark and left the log line's words unbalanced."""
    from kleos.games.pericles.explain import UNIT_NAMES, UNITS, unit_name, unit_words

    assert set(UNIT_NAMES) == set(UNITS)
    for language in ("en", "es", "de"):
        with i18n.use_locale(language):
            for code in UNITS:
                assert unit_words(code).startswith(unit_name(code)), (language, code)
    with i18n.use_locale(i18n.PSEUDO):
        for code in UNITS:
            name = unit_name(code)
            assert name.startswith("⟦") and name.endswith("⟧") and name.count("⟦") == name.count("⟧"), name
