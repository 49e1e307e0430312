"""Cyclades in Spanish and German: screens, the story of a seeded game and rules errors use the
rulebook's terms (docs/glossary-cyclades.md), and no marked string is left in English; the
pseudo-locale leaves no plain English sentence on the main screens."""

from __future__ import annotations

import random
import re

import pytest
from cyc_helpers import begin_effect, put, war_turn
from rich.console import Console
from rich.text import Text

from kleos.core.action import Action
from kleos.core.errors import IllegalAction
from kleos.games.cyclades import i18n as words
from kleos.games.cyclades.agents.heuristic import HeuristicAgent
from kleos.games.cyclades.game import CycladesGame
from kleos.games.cyclades.i18n import DOMAIN
from kleos.games.cyclades.kit import KIT
from kleos.games.cyclades.loader import load_data
from kleos.games.cyclades.reference import explain, rules_reference
from kleos.games.cyclades.rules import effects
from kleos.games.cyclades.state import CycladesState
from kleos.games.cyclades.tables import ATHENA, GODS
from kleos.games.cyclades.tui import guide, render
from kleos.i18n import gettext_in, translations, use_locale

TERMS = {  # the glossary's words, as the Spanish rulebook prints them and as ours in German
    "es": ("Metrópolis", "Tropas", "Flotas", "Sacerdotes", "Filósofos", "MO", "Dios", "Criatura", "ofrenda"),
    "de": ("Metropolen", "Truppen", "Flotten", "Priester", "Philosophen", "GS", "Gott", "Kreatur", "Opfer"),
}
SEED = 3


def plain(text: Text) -> str:
    console = Console(width=110, color_system=None, record=True)
    with console.capture() as capture:
        console.print(text)
    return capture.get()


def played(steps: int) -> tuple[CycladesGame, CycladesState, list[tuple[int, Action, CycladesState]]]:
    """A seeded 3-player game of the heuristic, ``steps`` decisions in: each decision with the state it
    was taken in, so that its story can be told in any language afterwards."""
    game = CycladesGame({"players": 3})
    state, agent, rng = game.new_state(SEED), HeuristicAgent(game), random.Random(SEED)
    taken: list[tuple[int, Action, CycladesState]] = []
    while len(taken) < steps and not game.is_terminal(state):
        if game.is_chance(state):
            game.step_chance(state)
            continue
        seat = game.actors(state)[0]
        action = agent.choose(game.view(state, seat), game.legal_actions(state, seat), rng)
        taken.append((seat, action, state))
        state = game.apply(state, action, seat)
    return game, state, taken


GAME, STATE, TAKEN = played(60)


def screens(game: CycladesGame, state: CycladesState) -> str:
    """Everything a seat reads on the board screen: status, panels, the guide's line, the menu's
    explanations, then the story of the game so far."""
    seat = game.actors(state)[0]
    view, legal = game.view(state, seat), game.legal_actions(state, seat)
    parts = [plain(render.status(game, view, render.DARK))]
    parts += [plain(draw(game, view, render.DARK, 110))
              for draw in (render.map_view, render.players_view, render.gods_view, render.creatures_view)]
    parts.append(guide.guide_tip(game, view, seat, legal))
    parts += [explain(game, view, action) for action in legal[:8]]
    parts += [KIT.describe_action(game, game.view(before, actor), action) for actor, action, before in TAKEN]
    return "\n".join(parts)


def english_left(text: str, language: str) -> list[str]:
    """Marked sentences of the catalogue that appear untranslated in ``text``."""
    catalogue = translations(DOMAIN, language)
    left = []
    for msgid in catalogue._catalog:  # type: ignore[attr-defined]
        source = msgid[0] if isinstance(msgid, tuple) else msgid
        if not source or "{" in source or len(source) < 12 or " " not in source:
            continue  # templates are checked by their filled words; single words may be shared
        if source in text and gettext_in(DOMAIN, source, language) != source:
            left.append(source)
    return left


@pytest.mark.parametrize("language", ["es", "de"])
def test_screens_and_story_speak_the_glossary(language: str) -> None:
    """The board screen and a seeded game's story in Spanish and German: the rulebook's terms are
    there, and no marked sentence is left in English."""
    with use_locale(language):
        text = screens(GAME, STATE)
    missing = [term for term in TERMS[language] if term not in text]
    assert not missing, f"{language}: terms not on screen: {missing}"
    assert not english_left(text, language)
    assert "Metropolises" not in text and "troops" not in text


def test_the_default_stays_english() -> None:
    text = screens(GAME, STATE)
    assert "Metropolises" in text and "GP" in text and "Metrópolis" not in text


def _unbracketed(text: str) -> str:
    """``text`` without its pseudo-locale segments (nested ones too)."""
    while True:
        shorter = re.sub(r"⟦[^⟦⟧]*⟧", " ", text)
        if shorter == text:
            return text
        text = shorter


def test_pseudo_locale_leaves_no_plain_english_on_the_main_screens() -> None:
    """Everything but names (seats, islands, seas, the game's title), rule IDs (a family, "C-FLEET",
    too), action notation and the map's building letters ("PPP": three Ports) went through the
    catalogue: outside the pseudo brackets no English word is left."""
    with use_locale("pseudo"):
        text = re.sub(r"C-[A-Z]+(-[\d./-]+)?", " ", screens(GAME, STATE))
    names = {*GAME.seat_names, "Cyclades"}
    left = {word for word in re.findall(r"[A-Za-z]{3,}", _unbracketed(text))
            if word not in names and not re.fullmatch(f"[{render.BUILDING_LETTERS}]+", word)}
    assert not left, f"plain English outside the catalogue: {sorted(left)}"


@pytest.mark.parametrize(("language", "wanted"), [
    ("es", "I99 no es una isla de este tablero"),
    ("de", "I99 ist keine Insel dieses Spielplans"),
])
def test_an_illegal_action_is_told_in_the_readers_language(language: str, wanted: str) -> None:
    """C-BUILD-3: the rules raise a rule ID, an English template and its parameters; a surface renders
    the template from the game's catalogue (the English message stays for logs)."""
    game, state = _builder()
    seat = game.actors(state)[0]
    with pytest.raises(IllegalAction) as raised:
        game.apply(state, Action.parse("build I99"), seat)
    error = raised.value
    assert error.rule == "C-BUILD-3" and error.message == "I99 is not an island of this board"
    assert gettext_in(DOMAIN, error.template, language).format(**error.params) == wanted


def _builder() -> tuple[CycladesGame, CycladesState]:
    """The first state of the seeded game where a seat may build."""
    for _seat, action, before in TAKEN:
        if action.verb == "build":
            return GAME, before
    raise AssertionError("the seeded game never builds")


@pytest.mark.parametrize("language", ["es", "de"])
def test_rules_reference_is_translated_with_its_rule_ids(language: str) -> None:
    english = rules_reference()
    with use_locale(language):
        told = rules_reference()
    assert told != english and told.startswith("# Cyclades: ")
    assert set(re.findall(r"C-[A-Z]+-\d+", told)) == set(re.findall(r"C-[A-Z]+-\d+", english))
    assert ("Metrópolis" if language == "es" else "Metropolen") in told


def test_every_name_and_effect_of_the_data_is_marked() -> None:
    """The data's English words reach the catalogue only through the marks of kleos.games.cyclades.i18n."""
    data = load_data()
    marked = {*words.GOD_NAMES, *words.BUILDING_NAMES, *words.CREATURE_NAMES, *words.CREATURE_EFFECTS}
    named = {*(g.name for g in data.gods.gods), data.gods.apollo.name,
             *(g.building.capitalize() for g in data.gods.gods)}
    for c in data.creatures.creatures:
        named |= {c.name_en, c.effect}
    assert named <= marked, sorted(named - marked)
    assert set(words.PARAMETERS) >= {name for c in data.creatures.creatures for name in c.params}


@pytest.mark.parametrize(("language", "face_down"), [("es", "{god} está boca abajo en este ciclo"),
                                                     ("de", "{god} liegt in diesem Zyklus verdeckt")])
def test_a_gods_name_in_an_error_is_translated_too(language: str, face_down: str) -> None:
    """C-GODS-9: the kit renders an offering to a face-down god with the god's name in the reader's
    language, while the error's English message stays as it was."""
    game, state = GAME, next(before for _seat, action, before in TAKEN if action.verb == "offer")
    with use_locale(language):  # a face-down god whose name the language writes its own way (Athena)
        down = next(god for pos, god in enumerate(state.gods)
                    if not state.gods_up[pos] and words.god(game.tables, god) != game.tables.god_names[god])
    key, english = GODS[down], game.tables.god_names[down]
    with pytest.raises(IllegalAction) as raised:
        game.apply(state, Action.parse(f"offer {key} 1"), game.actors(state)[0])
    assert raised.value.rule == "C-GODS-9" and raised.value.message == f"{english} is face down this cycle"
    with use_locale(language):
        shown = KIT.render_illegal(raised.value)
        assert shown == face_down.format(god=words.term(english)) and "{" not in shown


@pytest.mark.parametrize("language", ["es", "de"])
def test_a_players_colour_and_a_creature_in_an_error_are_translated_too(language: str) -> None:
    """C-SUMMON-3: while a creature's effect is resolved only its summoner decides; the refusal to
    another player names the creature and the summoner's colour in the reader's language, while the
    error's English message keeps the colour, the seat's identifier."""
    g, s = war_turn(3, ATHENA)
    put(g, s, 1, I2=2)  # a troop for the Harpy to take
    begin_effect(g, s, "harpy", seat=0)
    assert effects.pending(s)
    violation = effects.check(g.tables, s, 1, Action.parse("end"))
    assert violation is not None and violation.rule == "C-SUMMON-3"
    error = IllegalAction(violation.rule, violation.template, **violation.params)
    summoner = g.seat_names[0]
    assert error.message == f"the Harpy's effect is being resolved: {summoner} decides now"
    template = gettext_in(DOMAIN, "the {key}'s effect is being resolved: {player} decides now", language)
    worded = {name: gettext_in(DOMAIN, name, language) for name in ("Harpy", summoner)}
    assert all(word != english for english, word in worded.items())  # Arpía, Azul; Harpyie, Blau
    with use_locale(language):
        shown = KIT.render_illegal(error)
    assert shown == template.format(key=worded["Harpy"], player=worded[summoner])
    assert not {"Harpy", summoner} & set(re.findall(r"\w+", shown))


@pytest.mark.parametrize(("language", "told"), [
    ("es", ("se sortea el orden de juego: Rojo, Verde, Azul", "se colocan los Dioses: Zeus, Poseidón, Atenea, Ares",
            "una Criatura entra en el track: Cíclope")),
    ("de", ("die Zugreihenfolge wird ausgelost: Rot, Grün, Blau",
            "die Götter werden ausgelegt: Zeus, Poseidon, Athene, Ares", "eine Kreatur kommt auf die Leiste: Zyklop"))])
def test_the_set_up_steps_name_colours_gods_and_creatures_in_the_readers_words(language: str,
                                                                              told: tuple[str, ...]) -> None:
    """C-SETUP-6, C-GODS-9, C-SUMMON-1: the log tells the drawn turn order by the players' colours,
    the god boards and a creature entering the track by their names in the reader's language (the
    notation keeps markers, keys and ids)."""
    game = CycladesGame({"players": 3})
    view = game.view(game.new_state(SEED), None)
    steps = ("order 1 2 0", "gods zeus poseidon athena ares", "creature cyclops")
    with use_locale(language):
        lines = [KIT.describe_action(game, view, Action.parse(step)) for step in steps]
    assert tuple(line.split(";")[0] for line in lines) == told


@pytest.mark.parametrize("language", ["es", "de"])
def test_the_browser_menu_heads_each_verb_in_the_readers_words(language: str) -> None:
    """The board tables give the menu a heading per verb from the game's catalogue, not the verb."""
    from kleos.games.cyclades.web.tables import board_tables

    with use_locale(language):
        titles = board_tables(CycladesGame({"players": 3}))["verb_titles"]
    assert titles["offer"] == gettext_in(DOMAIN, "Offer gold to a god", language) != "Offer gold to a god"
    assert titles["sail"] == gettext_in(DOMAIN, "Move fleets (Poseidon)", language)


@pytest.mark.parametrize(("language", "winner", "tally"), [("de", "Rot", "Blau 0, Rot 2, Grün 1"),
                                                           ("es", "Rojo", "Azul 0, Rojo 2, Verde 1")])
def test_the_end_of_a_game_names_the_colours_in_the_readers_language(language: str, winner: str, tally: str) -> None:
    """C-END-2, C-END-3: the game-over line names the winner and every player's Metropolises in the reader's
    colours, where a German game ended 'Red gewinnt mit 2 Metropolen. Metropolen: Blue 0, Red 2, Green 0'."""
    from kleos.core.protocol import Outcome
    from kleos.games.cyclades.ending import outcome_words

    game = CycladesGame({"players": 3})
    with use_locale(language):
        text = outcome_words(game, Outcome("metropolises", 1, (0, 2, 1)))
    assert text.startswith(winner) and text.endswith(tally), text
    assert not re.search(r"\b(Red|Blue|Green)\b", text), text
