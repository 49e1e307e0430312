"""Polis in Spanish, German and the pseudo-locale: the screens, the action descriptions, the help and
the story of a seeded game use the rulebooks' terms (docs/glossary-polis.md), and no marked string
bypasses the catalogues.

The rule IDs cited are those the rendered texts speak of: the turn's actions (R-TURN-2), tribute
(R-ACT-TRIBUTE-*), the end of round (R-EOR-*).
"""

from __future__ import annotations

import contextvars
import io
import random
import re
from pathlib import Path

import pytest
from rich.console import Console
from rich.text import Text

from kleos.cli import main
from kleos.core.action import Action
from kleos.core.errors import IllegalAction
from kleos.core.protocol import CHANCE
from kleos.games.polis.game import PolisGame
from kleos.games.polis.kit import KIT
from kleos.games.polis.reference import data_sections
from kleos.games.polis.state import PolisState
from kleos.games.polis.text import describe, describe_action, project_text, refusal_text
from kleos.games.polis.tui import help as texts
from kleos.games.polis.tui import render
from kleos.games.polis.tui.log import log_lines
from kleos.i18n import gettext_in, use_locale
from step_cap import StepCap

G20 = PolisGame("2020")
G12 = PolisGame("2012")
CORINTHIAN = PolisGame("2012", scenario="corinthian_war")


def _played(game: PolisGame, seed: int, steps: int) -> list[tuple[PolisState, int, Action, PolisState]]:
    """A seeded game of random legal choices: each step with the states around it."""
    rnd = random.Random(seed)
    s = game.new_state(seed)
    out = []
    for _step in range(steps):
        if game.is_terminal(s):
            break
        if game.is_chance(s):
            seat, action = CHANCE, game.sample_chance(s)
        else:
            seat = game.actors(s)[0]
            legal = game.legal_actions(s, seat)
            passing = [a for a in legal if a.verb != "pass"] if rnd.random() < 0.9 else legal
            action = rnd.choice(passing or legal)
        after = game.apply(s, action, seat)
        out.append((s, seat, action, after))
        s = after
    return out


def _story(game: PolisGame, seed: int, steps: int) -> str:
    lines: list[str] = []
    for n, (before, seat, action, after) in enumerate(_played(game, seed, steps)):
        lines.extend(line.text for line in log_lines(game, before, seat, action, after, n, frozenset({0, 1})))
    return "\n".join(lines)


def _plain(renderable: Text) -> str:
    console = Console(width=100, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def _panels(game: PolisGame, s: PolisState) -> str:
    view = game.view(s, 0)
    parts = [render.status(game, view, render.DARK), render.map_view(game, view, render.DARK),
             render.poleis_view(game, view, render.DARK), render.players_view(game, view, render.DARK),
             render.projects_view(game, view, render.DARK), render.markets_view(game, view, render.DARK),
             render.battle_view(game, view, render.DARK, [])]
    return "\n".join(_plain(p) for p in parts)


def _opening(game: PolisGame) -> PolisState:
    s = game.new_state(3)
    cap = StepCap("game.is_chance(s)")
    while game.is_chance(s) and cap():
        s = game.apply(s, game.sample_chance(s))
    return s


@pytest.mark.parametrize(("language", "words"), [
    ("es", ("Fase: turnos", "Esparta", "Atenas", "prestigio", "trigo", "madera", "Proyectos boca arriba",
            "necesidad de trigo")),
    ("de", ("Phase: Züge", "Athen", "Sparta", "Prestige", "Weizen", "Holz", "Offene Projekte", "Weizenbedarf")),
])
def test_the_position_speaks_the_rulebooks_words(language: str, words: tuple[str, ...]) -> None:
    s = _opening(G20)
    with use_locale(language):
        text = describe(G20, s, 0) + _panels(G20, s)
    for word in words:
        assert word in text, word
    for english in ("Face-up projects", "food need", "Event of the round", "Phase: turns", "Market slots"):
        assert english not in text, english


@pytest.mark.parametrize(("language", "verbs"), [
    ("es", {"hoplites": "Crear hoplitas", "galleys": "Crear galeras", "march": "Mover hoplitas",
            "tribute": "Recaudar tributo", "trade": "Comerciar", "pass": "Pasar"}),
    ("de", {"hoplites": "Hopliten ausbilden", "galleys": "Galeeren bauen", "march": "Hopliten",
            "tribute": "Tribut", "trade": "Handel", "pass": "Passen"}),
])
def test_the_menu_says_what_each_action_does_in_the_rulebooks_words(language: str, verbs: dict[str, str]) -> None:
    """The turn's actions (R-TURN-2) told as the rulebook names them; the notation stays English."""
    s = _opening(G20)
    seat = G20.actors(s)[0]
    legal = {a.verb: a for a in G20.legal_actions(s, seat)}
    with use_locale(language):
        for verb, words in verbs.items():
            if verb in legal:
                assert words in describe_action(G20, s, legal[verb]), verb
    assert any(verb in legal for verb in verbs)


def test_the_help_and_the_guide_are_translated() -> None:
    with use_locale("es"):
        help_es = texts.action_help()
        assert help_es["tribute"].title == "Recaudar tributo" and help_es["stasis"].title.startswith("Guerra civil")
        assert help_es["tribute"].rules == texts.ACTION_HELP["tribute"].rules  # rule IDs are never translated
        assert "## Asedios (R-ACT-SIEGE)" in texts.rules_reference()
        assert "Tu primera partida" in texts.guide_intro()
    with use_locale("de"):
        assert texts.action_help()["siege"].title == "Polis belagern"
        assert "Proxenos auslösen" in texts.action_help()["ransom"].title
        assert "Regelübersicht" in texts.rules_reference()
        assert "Athen gegen Sparta" in texts.welcome()
    assert texts.rules_reference() == texts.RULES_REFERENCE + "\n" + data_sections()  # English by default, unchanged


@pytest.mark.parametrize(("language", "words", "english"), [
    ("es", ("Atenas", "Esparta", "prestigio"), ("Both players have passed", " wins by ", "Round ", "Die: ")),
    ("de", ("Athen", "Prestige", "Würfel"), ("Both players have passed", " wins by ", "Round ", "Die: ")),
])
def test_a_seeded_games_story_is_told_in_the_readers_language(language: str, words: tuple[str, ...],
                                                                english: tuple[str, ...]) -> None:
    with use_locale(language):
        story = _story(G20, 11, 260)
    for word in words:
        assert word in story, word
    for phrase in english:
        assert phrase not in story, phrase


_BRACKETED = re.compile(r"⟦[^⟦⟧]*⟧")
_ENGLISH = re.compile(r"\b(the|of|and|to|with|for|your|round|prestige|hoplites?|galleys?|battle|none|"
                      r"nobody|wheat|silver|cube|cubes|pass|turn|Athens|Sparta)\b", re.IGNORECASE)


def _unbracketed(text: str) -> str:
    """What is left once every pseudo-locale string (nested ones too) is taken out."""
    while True:
        shorter = _BRACKETED.sub("", text)
        if shorter == text:
            return text
        text = shorter


@pytest.mark.parametrize("game", [G20, G12, CORINTHIAN], ids=["2020", "2012", "corinthian_war"])
def test_the_pseudo_locale_leaves_no_plain_english_on_the_main_screens(game: PolisGame) -> None:
    """Every word of the screens comes from the catalogue; only names and numbers are left."""
    s = _opening(game)
    with use_locale("pseudo"):
        screens = describe(game, s, 0) + "\n" + _panels(game, s)
        menu = "\n".join(describe_action(game, s, a) for a in game.legal_actions(s, game.actors(s)[0]))
        help_pages = texts.rules_reference() + texts.guide_intro() + texts.keys_help()
    event = game.tables.event_index.get(s.event or "")
    for name, text in (("screens", screens), ("menu", menu), ("help", help_pages)):
        left = _unbracketed(text).replace(game.tables.rules.title, "")  # the edition's title is a name
        if event is not None:  # the event cards' words are data, not yet in the catalogue
            left = " ".join(left.split()).replace(" ".join(f"{event.title}: {event.text}".split()), "")
        assert not _ENGLISH.search(left), (name, _ENGLISH.search(left), left[:2000])


@pytest.mark.parametrize(("game", "project", "names"), [
    (G20, "TempleOfZeus", {"en": "Temple of Zeus", "es": "Templo de Zeus", "de": "Tempel des Zeus"}),
    (G20, "Phidias", {"en": "Fidiás", "es": "Fidiás", "de": "Phidias"}),
    (G12, "Socrates", {"en": "Sokrates", "es": "Sócrates", "de": "Sokrates"}),
    (G12, "FestivalOfDemeter", {"en": "Festival of Demeter", "es": "Fiesta de Deméter", "de": "Fest der Demeter"}),
], ids=["2020-temple", "2020-artist", "2012-philosopher", "2012-festival"])
def test_a_project_tile_is_named_as_its_edition_prints_it_in_the_readers_language(
        game: PolisGame, project: str, names: dict[str, str]) -> None:
    """R-ACT-PROJECT-1: the tiles' names are data words (the edition's printed name, ``names`` in
    projects.json), translated through the catalogue; the id stays the notation."""
    tile = game.tables.project_index[project]
    for language, name in names.items():
        with use_locale(language):
            assert project_text(game.tables, tile).startswith(f"{name} ("), (language, project_text(game.tables, tile))


def test_a_game_saved_in_one_language_replays_in_another() -> None:
    """The record holds actions, never rendered text: the same steps tell the same story in German
    and in Spanish, line for line."""
    steps = _played(G20, 5, 120)
    with use_locale("de"):
        german = [describe_action(G20, before, action) for before, _seat, action, _after in steps]
    with use_locale("es"):
        spanish = [describe_action(G20, before, action) for before, _seat, action, _after in steps]
    assert len(german) == len(spanish) and german != spanish


def _refusal(game: PolisGame, s: PolisState, text: str) -> IllegalAction:
    with pytest.raises(IllegalAction) as caught:
        game.apply(s, Action.parse(text), game.actors(s)[0])
    return caught.value


@pytest.mark.parametrize(("language", "expected"), [
    ("en", "R-TURN-3: the two actions of a turn must differ ('tribute' already taken)"),
    ("es", "R-TURN-3: las dos acciones de un turno deben ser distintas ('tribute' ya hecha)"),
    ("de", "R-TURN-3: die zwei Aktionen eines Zuges müssen verschieden sein ('tribute' schon gewählt)"),
])
def test_a_rules_error_is_told_in_the_readers_language(language: str, expected: str) -> None:
    """R-TURN-3: a turn's two actions differ; the rules carry the rule ID, an English template and its
    parameters, and the surface renders them (the action notation stays as typed)."""
    s = _opening(G20)
    seat = G20.actors(s)[0]
    tribute = next(a for a in G20.legal_actions(s, seat) if a.verb == "tribute")
    s = G20.apply(s, tribute, seat)
    while G20.actors(s) == (seat,) and s.pending is not None:
        s = G20.apply(s, G20.legal_actions(s, seat)[0], seat)
    error = _refusal(G20, s, str(tribute))
    assert error.rule == "R-TURN-3" and error.params == {"verb": "tribute"}
    assert error.message == "the two actions of a turn must differ ('tribute' already taken)"
    with use_locale(language):
        assert refusal_text(error) == expected


def test_a_goods_name_in_a_rules_error_is_translated() -> None:
    """R-GEN-9 (a good one does not have): the good is named in the reader's words."""
    error = IllegalAction("R-GEN-9", "you have no {good} to pay", good="wheat")
    with use_locale("es"):
        assert refusal_text(error) == "R-GEN-9: no tienes trigo para pagar"
    with use_locale("de"):
        assert refusal_text(error) == "R-GEN-9: du hast kein Weizen zum Bezahlen"


def test_the_plain_terminal_loop_speaks_german(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    """``kleos --lang de play polis``: the menu, a refusal (R-ACT-SIEGE-3: capitals are never
    besieged) and leaving are told in German; the notation typed stays as it is. Run in a copied
    context, so the language chosen does not outlive the command."""
    monkeypatch.setattr("sys.stdin", io.StringIO("siege Sparti\nquit\ny\n"))
    argv = ["--lang", "de", "play", "polis", "--seed", "5", "--save", str(tmp_path / "g.json")]
    code = contextvars.copy_context().run(main, argv)
    out = capsys.readouterr().out
    assert code == 0
    assert "Du spielst Athen gegen den Computerspieler ismcts:normal." in out
    assert "1. Hopliten ausbilden aus Chios" in out and "[hoplites Chios]" in out
    assert "Nicht erlaubt (R-ACT-SIEGE-3): Sparti ist eine Hauptstadt und kann nie belagert werden" in out
    assert "Partie gespeichert in" in out
    assert "Deine Wahlmöglichkeiten (Athen):" in out and "Beende." in out  # the plain loop's own words


@pytest.mark.parametrize(("language", "expected"), [("es", "no tienes trigo para pagar"),
                                                    ("de", "du hast kein Weizen zum Bezahlen")])
def test_the_kit_names_a_good_of_a_rules_error_in_the_readers_words(language: str, expected: str) -> None:
    """R-GEN-9: the surfaces (terminal menus, the server's 422) render a refusal through the kit,
    which names the good as the reader's language does, not as the notation writes it."""
    error = IllegalAction("R-GEN-9", "you have no {good} to pay", good="wheat")
    with use_locale(language):
        assert KIT.render_illegal(error) == expected
        accepts = IllegalAction("R-ACT-TRADE-11", "that slot accepts {good}", good="wine, oil")
        usage = IllegalAction("R-TURN-7", "pay 1 good first: toll <{good}>", good="wine|oil")
        shown = KIT.render_illegal(accepts), KIT.render_illegal(usage)

    def word(text: str) -> str:
        return gettext_in("polis", text, language)

    assert shown[0] == word("that slot accepts {good}").format(good=f"{word('wine')}, {word('oil')}")
    assert shown[1] == word("pay 1 good first: toll <{good}>").format(good="wine|oil")  # a usage: notation
