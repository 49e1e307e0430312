"""``kleos rules GAME [TOPIC]`` and ``kleos GAME rules``: the rules reference the terminal app shows
under R, readable without starting a game, whole, by its section headings or by topic, in the
reader's language, with a clear refusal when nothing mentions the topic."""

from __future__ import annotations

import contextvars
from collections.abc import Iterator
from typing import Any

import pytest

from kleos.cli import main
from kleos.core import registry
from kleos.tui.look import Look
from kleos.tui.play import headline
from kleos.tui.rules_cli import Section, split_sections, topic_text
from toygame.kit import KIT as TOY

GAMES = ("polis", "cyclades", "pericles")


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = contextvars.copy_context().run(main, argv)  # --lang sets the language in this context only
    out, err = capsys.readouterr()
    return code, out, err


def _reference(game: str) -> str:
    look: Look[Any, Any, Any] = Look(registry.kit(game))
    return look.rules()


@pytest.fixture
def toy() -> Iterator[None]:
    registry.register(TOY)
    yield
    registry.unregister(TOY.name)


@pytest.mark.parametrize("game", GAMES)
def test_the_whole_reference_is_the_one_the_app_shows(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(["rules", game], capsys)
    assert (code, err) == (0, "")
    assert out == _reference(game).rstrip("\n") + "\n"  # not a terminal: the Markdown as it is


@pytest.mark.parametrize("game", GAMES)
def test_the_game_tools_alias_prints_the_same(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert _run([game, "rules", "battle"], capsys) == _run(["rules", game, "battle"], capsys)


@pytest.mark.parametrize("game", GAMES)
def test_sections_lists_each_heading_once_in_order(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = _run(["rules", game, "--sections"], capsys)
    headings = [line[3:].strip() for line in _reference(game).splitlines() if line.startswith("## ")]
    assert code == 0 and len(headings) >= 8
    assert out.splitlines() == headings


def test_a_topic_prints_only_the_sections_that_mention_it(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = _run(["rules", "cyclades", "pegasus"], capsys)  # any case
    assert code == 0
    assert out.startswith("# Cyclades: rules reference\n")
    assert "**Pegasus**: Move troops of one own island" in out
    assert "## Creatures" in out and "## Offerings" not in out and "## Metropolises" not in out


def test_a_rule_id_finds_its_sections_and_its_kinds_of_move(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = _run(["rules", "pericles", "P-BATTLE-13"], capsys)
    assert code == 0
    assert "## Kinds of move that mention P-BATTLE-13" in out
    assert "- **row**, Casualty row: Choose the casualty table row the loss is counted on. (rules: P-BATTLE-13)" in out
    assert "- **split**, Casualty split:" in out
    assert "**ship**" not in out  # P-SHIP-1 only


@pytest.mark.parametrize(("topic", "text", "found"), [
    ("P-MOVE-7", "it stops (P-MOVE-6..9)", True),  # within a range
    ("P-MOVE-1", "a unit (P-MOVE-16)", False),  # not inside a longer ID
    ("P-MOVE-10", "a unit (P-MOVE-1)", False),
    ("p-move-16", "a unit (P-MOVE-16)", True),  # any case
    ("P-300-2", "the 300 (P-300-1..4)", True),  # a prefix with digits
    ("R-ACT-TRIBUTE-2", "free at home (R-ACT-TRIBUTE-2)", True),
    ("R-ACT-TRIBUTE-2", "(XR-ACT-TRIBUTE-2)", False),
    ("battle", "the Land Battle", True)])  # a word: any case, anywhere
def test_a_rule_id_is_found_alone_or_in_a_range(topic: str, text: str, found: bool) -> None:
    """A rule ID cited in a range ("P-RAID-1..4") is found by each ID in it, and "P-MOVE-1" does not
    find "P-MOVE-16"; a word is found as part of any text."""
    from kleos.tui.rules_cli import mentions

    assert mentions(topic, text) is found


def test_a_rule_id_the_log_cites_finds_the_rule_it_names(capsys: pytest.CaptureFixture[str]) -> None:
    """P-MOVE-7, P-MOVE-8: the log says a move ends "where it can go no further (P-MOVE-7, P-MOVE-8)";
    a player who looks the ID up reads why (a unit cannot stop anywhere else by choice)."""
    code, out, _err = _run(["rules", "pericles", "P-MOVE-7"], capsys)
    assert code == 0 and "## Military issues, expeditions and raids" in out
    assert "it cannot stop anywhere else by choice" in out and "(P-MOVE-5, P-MOVE-7, P-MOVE-8" in out
    code, out, _err = _run(["rules", "pericles", "P-RAID-3"], capsys)
    assert code == 0 and "(P-RAID-1..4)" in out  # found within the range


def test_nothing_found_is_refused_with_the_sections_to_try(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(["rules", "polis", "xyzzy"], capsys)
    assert (code, out) == (1, "")
    assert err == ("error: nothing in the rules of Polis mentions 'xyzzy'; its sections: Aim and end of the game; "
                   "A round; Control and stacking; Actions (R-TURN-2, R-ACT-GEN); Battles (R-BATTLE); "
                   "Trade (R-ACT-TRADE); Sieges (R-ACT-SIEGE); Proxenos and civil war; Hidden information; "
                   "Every project tile (R-ACT-PROJECT); Every event card (R-EVENT)\n")


def test_an_unknown_game_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, _out, err = _run(["rules", "chess"], capsys)
    assert code == 2 and "invalid choice: 'chess'" in err


@pytest.mark.parametrize(("language", "title", "heading", "refusal"), [
    ("es", "# Cyclades: referencia de reglas", "Ofrendas (C-OFFER)", "error: nada en las reglas de"),
    ("de", "# Cyclades: Regelübersicht", "Opferphase (C-OFFER)", "Fehler: nichts in den Regeln von"),
])
def test_the_reference_and_the_refusal_are_in_the_readers_language(
        language: str, title: str, heading: str, refusal: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = _run(["--lang", language, "rules", "cyclades"], capsys)
    assert code == 0 and out.startswith(title + "\n")
    assert heading in _run(["--lang", language, "rules", "cyclades", "--sections"], capsys)[1].splitlines()
    code, _out, err = _run(["--lang", language, "rules", "cyclades", "xyzzy"], capsys)
    assert code == 1 and err.startswith(refusal)


def test_a_game_without_a_written_reference_gets_one_from_its_moves(
        toy: None, capsys: pytest.CaptureFixture[str]) -> None:
    """The test game declares no reference and no help of its moves: the reference is its title and
    summary, and a topic is looked for there too."""
    code, out, _err = _run(["rules", "bids"], capsys)
    assert code == 0 and out.startswith("# Sealed Bids\n\na test game: hidden hands, a public prize")
    assert _run(["rules", "bids", "--sections"], capsys) == (0, "", "")
    code, out, _err = _run(["rules", "bids", "PRIZE"], capsys)
    assert (code, out) == (0, "# Sealed Bids\n\na test game: hidden hands, a public prize, everybody bids at once\n\n"
                              "The menu lists exactly the legal actions; ? explains the ones you have now.\n")
    assert _run(["rules", "bids", "dice"], capsys)[0] == 1


def test_split_sections_keeps_the_opening_and_each_section_whole() -> None:
    opening, sections = split_sections("# T\nintro\n## A\na1\n\na2\n## B (X-1)\nb\n")
    assert opening == "# T\nintro"
    assert sections == [Section("A", "## A\na1\n\na2"), Section("B (X-1)", "## B (X-1)\nb")]
    assert split_sections("# T only") == ("# T only", [])


def test_topic_text_is_none_when_nothing_mentions_the_topic() -> None:
    sections = [Section("A", "## A\nalpha"), Section("B", "## B\nbeta")]
    assert topic_text("# T\nintro", sections, {}, "gamma") is None
    assert topic_text("# T\nintro", sections, {}, "BETA") == "# T\n\n## B\nbeta"
    assert topic_text("# T\nintro", sections, {}, "Intro") == "# T\n\nintro"
    assert topic_text("# Title", sections, {}, "title") is None  # the title alone is not a mention


@pytest.mark.parametrize("game", GAMES)
def test_play_help_says_where_the_rules_are(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = _run(["play", game, "--help"], capsys)
    assert code == 0 and f"Its rules: R in the app, or 'kleos rules {game}' before a game." in " ".join(out.split())


@pytest.mark.parametrize(("game", "opening"), [
    ("polis", "Fran Díaz's Polis: Athens against Sparta"),
    ("cyclades", "Cathala and Maublanc's Cyclades: bid for"),
    ("pericles", "Herman's Pericles: four factions")])
def test_play_help_names_the_game_once(game: str, opening: str, capsys: pytest.CaptureFixture[str]) -> None:
    _code, out, _err = _run(["play", game, "--help"], capsys)
    description = " ".join(out.split("\n\n")[1].split())
    assert description.startswith(opening)  # the summary names the game: no "Polis: Fran Díaz's Polis"


def test_play_help_puts_the_title_before_a_summary_that_does_not_name_it() -> None:
    assert headline(TOY) == "Sealed Bids: a test game: hidden hands, a public prize, everybody bids at once"
