"""The Pericles rules reference a newcomer can plan from (issue 24): the turn and phases (P-SEQ-1),
the Assembly (P-ASSEMBLY), markers and their kinds (P-TMARK, P-THEATER), Honor and its sources
(P-DATA-12), battle maths (P-BATTLE-4..8), casualties (P-BATTLE-9..20), the end and tie-breaks
(P-VICTORY-11, P-VICTORY-12), and every marker kind, unit, Leader, political card and Aristophanes
card of the data; shown by the terminal's R page and sent to the browser's help."""

from __future__ import annotations

import re

from kleos.games.pericles.explain import KINDS, UNITS
from kleos.games.pericles.kit import KIT
from kleos.games.pericles.loader import load_data
from kleos.games.pericles.reference import rules_reference

REFERENCE = rules_reference(load_data())


def test_the_reference_covers_what_a_newcomer_plans_with() -> None:
    """Each topic a first game needs has its section, with its rules cited."""
    heads = re.findall(r"^## (.*)$", REFERENCE, re.MULTILINE)
    for topic in ("A turn", "Assembly", "markers", "Military", "Battles: the maths", "Casualties",
                  "Honor: where it comes from", "The end and tie-breaks", "Every marker kind",
                  "Every unit code", "Every political card", "The Leaders", "Every Aristophanes card"):
        assert any(topic in head for head in heads), f"no section on {topic}: {heads}"
    for rule in ("P-SEQ-1", "P-ASSEMBLY-7", "P-TMARK-1", "P-THEATER-9", "P-MIL-1", "P-BATTLE-4", "P-BATTLE-7",
                 "P-BATTLE-13", "P-VICTORY-11", "P-VICTORY-12", "P-CAPITAL-2"):
        assert rule in REFERENCE, rule


def test_every_marker_kind_unit_and_card_is_listed_with_its_effect() -> None:
    """P-TMARK-1, P-DEF-9, P-CARD-1, P-LEADER-1, P-ARIST-1: nothing a newcomer meets is left unexplained."""
    data = load_data()
    lines = REFERENCE.splitlines()
    for code in KINDS:
        assert any(line.startswith(f"- {code} = ") for line in lines), code
    for code in UNITS:
        assert any(line.startswith(f"- {code}: ") for line in lines), code
    for card in [*data.cards_athens.cards, *data.cards_sparta.cards]:
        assert any(line.startswith(f"- {card.id}({card.value}) {card.title}: ") for line in lines), card.id
    for leader in data.leaders.leaders:
        assert any(line.startswith(f"- {leader.faction} Leader ({leader.value}): ") for line in lines)
    for comedy in data.aristophanes.cards:
        assert any(line.startswith(f"- {comedy.play} {comedy.letter}: ") for line in lines)


def test_the_battle_example_adds_up() -> None:
    """P-BATTLE-4, P-DEF-9: the worked example's sums are right (ships 2 for Athens, 1 for Sparta)."""
    example = next(line for line in REFERENCE.splitlines() if line.startswith("- Example:"))
    sums = re.findall(r"((?:\(\d+\) \+ |\d+ \+ |[^=])+?)= (\d+)", example)
    assert len(sums) == 2, example
    for left, total in sums:
        parts = [int(n) for n in re.findall(r"\((\d+)\)", left)] + [int(n) for n in re.findall(r"card (\d+)", left)]
        assert sum(parts) == int(total), (left, total)


def test_every_block_is_one_line_for_the_browser() -> None:
    """The browser's Markdown reads each line as a block: no list item or paragraph runs on."""
    assert not [line for line in REFERENCE.splitlines() if line.startswith("  ")]


def test_both_uis_get_the_reference() -> None:
    """The terminal's R page and the server's help (the browser's "Rules reference") are this text."""
    parts = KIT.terminal_parts()
    assert parts is not None and parts.help.rules == REFERENCE
    assert parts.help.welcome is not None and "R opens the rules reference" in parts.help.welcome
