"""Every installed game's options in plain words (issue 24, finding 12): each option says what it
means for play and each of its choices what choosing it means, without rule IDs (those stay in the
option's source); the readings of unclear rules are marked advanced and default to the rulebook's;
``kleos games`` and ``kleos play GAME --help`` print the same sentences the lobby shows."""

from __future__ import annotations

import re

import pytest

from kleos.cli import main
from kleos.core import registry
from kleos.core.kit import OptionSpec

RULE_ID = re.compile(r"\b[RCP]-[A-Z]+-\d+")
GAMES = sorted(registry.games())


def specs(name: str) -> tuple[OptionSpec, ...]:
    return registry.kit(name).options


@pytest.mark.parametrize("name", GAMES)
def test_every_option_and_choice_is_told_in_plain_words(name: str) -> None:
    """C-DATA-2, P-DATA-14: a plain sentence per option and per choice, no rule ID in either; the
    default is one of the choices."""
    for spec in specs(name):
        assert spec.help and not RULE_ID.search(spec.help), spec
        if spec.local_only or not spec.choices:
            continue
        assert [choice for choice, _ in spec.meanings] == list(spec.choices), spec.name
        assert all(text and not RULE_ID.search(text) for _, text in spec.meanings), spec.name
        assert str(spec.default) in spec.choices, spec.name


def test_the_rules_readings_are_advanced_and_the_first_choices_are_not() -> None:
    """C-SETUP-1: the lobby's few real choices (players, scenario, edition) are in view; the 16
    Cyclades and 9 Pericles rules readings are advanced, each with the source of its reading; a
    first Cyclades game has 3 players."""
    shown = {name: [s.name for s in specs(name) if not s.advanced and not s.local_only]
             for name in ("cyclades", "pericles", "polis")}
    assert shown == {"cyclades": ["players"], "pericles": ["scenario"], "polis": ["edition", "scenario"]}
    advanced = {name: [s for s in specs(name) if s.advanced] for name in ("cyclades", "pericles")}
    assert (len(advanced["cyclades"]), len(advanced["pericles"])) == (16, 10)
    assert all(RULE_ID.search(s.source) for s in advanced["cyclades"] + advanced["pericles"])
    players = next(s for s in specs("cyclades") if s.name == "players")
    assert players.default == 3 and len(registry.kit("cyclades").make_game({}).seat_names) == 3


def run_cli(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    try:
        main(list(args))
    except SystemExit as done:  # --help exits
        assert done.code == 0
    return capsys.readouterr().out


def test_the_command_line_prints_the_same_sentences(capsys: pytest.CaptureFixture[str]) -> None:
    """C-DATA-6, P-BATTLE-13: ``kleos games`` and ``kleos play cyclades --help`` print each option's
    sentence and each choice's meaning, as the lobby does."""
    games = run_cli(capsys, "games")
    help_text = " ".join(run_cli(capsys, "play", "cyclades", "--help").split())
    for name in ("cyclades", "pericles"):
        for spec in specs(name):
            assert spec.help in games
            assert all(f"{choice}: {text}" in games for choice, text in spec.meanings)
    for spec in specs("cyclades"):
        assert " ".join(spec.help.split()) in help_text
        assert all(" ".join(f"{choice}: {text}".split()) in help_text for choice, text in spec.meanings)


def test_play_polis_help_prints_the_same_sentences(capsys: pytest.CaptureFixture[str]) -> None:
    """R-ROUND-1, R-ROUND-2: Polis' own ``kleos play polis --help`` prints each option's sentence and each
    choice's meaning (the editions' rounds) too, as the generic games' help does."""
    help_text = " ".join(run_cli(capsys, "play", "polis", "--help").split())
    for spec in specs("polis"):
        assert " ".join(spec.help.split()) in help_text, spec.name
        assert all(" ".join(f"{choice}: {text}".split()) in help_text for choice, text in spec.meanings)
