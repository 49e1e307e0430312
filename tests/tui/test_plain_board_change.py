"""The plain loop prints only what changed on the board since the seat last saw it, in the same turn
and phase (:mod:`kleos.tui.board_change`): a screen reader no longer reads 20 to 80 unchanged lines
after each small step."""

from __future__ import annotations

import contextvars
import io
from pathlib import Path

import pytest

from kleos.cli import main
from kleos.tui.board_change import changed_lines, parts

BOARD = """\
Turn 1, Muster; Peace
Red: 5 gold
  troops A 1, B 2
Blue: 4 gold

Places:
  Place   Red Blue
  A         1    0
  B         2    0
  C         0    3
  D         0    1
  E         0    0
Market:
  North:
    1: 3 wheat [available]
  South:
    1: 4 wheat [available]
    2: 5 wheat [available]
    3: 6 wheat [available]"""


def board(*changes: tuple[str, str]) -> str:
    text = BOARD
    for old, new in changes:
        assert old in text
        text = text.replace(old, new)
    return text


def test_parts_group_an_unindented_line_with_the_indented_lines_under_it() -> None:
    found = parts(BOARD)
    assert found[:3] == ["Turn 1, Muster; Peace", "Red: 5 gold\n  troops A 1, B 2", "Blue: 4 gold"]
    assert found[3].startswith("Places:\n  Place") and found[3].count("\n") == 6  # a blank line ends none
    assert [part.split("\n", 1)[0] for part in found] == ["Turn 1, Muster; Peace", "Red: 5 gold", "Blue: 4 gold",
                                                          "Places:", "Market:"]


def test_a_changed_short_part_is_printed_whole() -> None:
    assert changed_lines(BOARD, board(("troops A 1", "troops A 2"))) == ["Red: 5 gold", "  troops A 2, B 2"]
    assert changed_lines(BOARD, board(("Blue: 4", "Blue: 3"))) == ["Blue: 3 gold"]


def test_a_table_row_comes_under_the_table_heading_and_its_column_heads() -> None:
    now = board(("  C         0    3", "  C         1    2"))
    assert changed_lines(BOARD, now) == ["Places:", "  Place   Red Blue", "  C         1    2"]


def test_a_nested_line_comes_under_the_lines_it_belongs_to() -> None:
    now = board(("2: 5 wheat [available]", "2: 5 wheat [taken by Red]"))
    assert changed_lines(BOARD, now) == ["Market:", "  South:", "    2: 5 wheat [taken by Red]"]


def test_a_new_part_is_printed_and_a_part_gone_is_named() -> None:
    now = board(("Blue: 4 gold\n", "Blue: 4 gold\nIn progress: a march (0 moved)\n"))
    assert changed_lines(BOARD, now) == ["In progress: a march (0 moved)"]
    assert changed_lines(now, BOARD) == ["No longer on the board: In progress: a march (0 moved)"]


def test_a_changed_line_is_matched_by_what_it_names_not_by_its_place_in_the_list() -> None:
    """One-line parts named by the words before their colon (Pericles's theaters): Sicily's line gone
    and Corcyra's changed in one stretch. Matched in order only, Corcyra's new line stood for Sicily's
    and Corcyra's old line was named as gone; now Sicily is the one gone. Two parts of one name on a
    side (a side and a theater both called Sparta) are matched in order: the first for the first."""
    last = ("Turn 1, Theaters\nSparta: supply 11\nSicily: markers Athens\nCorcyra: Pb1 Pn1; markers DF MIL, Sparta\n"
            "Athens: Ab2\nBoeotia: Pl2\nThessaly: -\nLesbos: Dn1\nChios: Dn1")
    now = "Turn 1, Theaters\nSparta: supply 15\nCorcyra: Pb2 Pn1; markers DF MIL\nAthens: Ab2\nBoeotia: Pl2\n" \
          "Thessaly: -\nLesbos: Dn1\nChios: Dn1"
    assert changed_lines(last, now) == ["Sparta: supply 15", "Corcyra: Pb2 Pn1; markers DF MIL",
                                        "No longer on the board: Sicily: markers Athens"]
    twice = last.replace("Sicily: markers Athens", "Sparta: Sl4")
    assert changed_lines(twice, now) == ["Sparta: supply 15", "Corcyra: Pb2 Pn1; markers DF MIL",
                                         "No longer on the board: Sparta: Sl4"]


def test_a_new_heading_or_a_change_of_more_than_half_shows_the_whole_board() -> None:
    assert changed_lines(BOARD, board(("Turn 1, Muster", "Turn 1, Battle"))) is None
    many = BOARD
    for row in ("A         1    0", "B         2    0", "C         0    3", "D         0    1", "E         0    0"):
        many = many.replace(row, row.replace(" 0", " 9"))
    many = many.replace("[available]", "[gone]").replace("5 gold", "6 gold").replace("4 gold", "1 gold")
    assert changed_lines(BOARD, many) is None
    assert changed_lines(BOARD, BOARD) == []


def play(game: str, argv: list[str], answers: str, monkeypatch: pytest.MonkeyPatch,
         capsys: pytest.CaptureFixture[str]) -> list[str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(answers))
    contextvars.copy_context().run(main, ["play", game, "--plain", *argv])
    return capsys.readouterr().out.splitlines()


def after_menu(lines: list[str], n: int) -> list[str]:
    """The lines between the ``n``-th prompt answered (0-based) and the next menu."""
    prompts = [i for i, line in enumerate(lines) if line.startswith("Your choices")]
    return lines[prompts[n] + 1:prompts[n + 1]]


def test_p_info_2_setting_a_card_aside_changes_three_lines_of_the_board(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """P-INFO-2: in Pericles' entourage, the second card's prompt shows the faction's new hand count
    (its cards stay secret to the others) and its own hand and entourage, not the whole board."""
    monkeypatch.chdir(tmp_path)
    lines = play("pericles", ["--as", "1", "--opponent", "heuristic", "--seed", "41"], "1\n1\nq\ny\n",
                 monkeypatch, capsys)
    shown = [line for line in after_menu(lines, 0) if line and not line.startswith(("  ", "Aristocrats> "))]
    assert shown[-5:] == [
        "Changed on the board:", "Aristocrats (Dominant): Honor 10, Strategos 0, hand 9",
        "Your hand: A07 Cecropis I (2), A12 Aegeis II (3), A14 Leontis II (3), A16 Oeneis II (3), A19 Aiantis II (3), "
        "A20 Antiochis II (4), A23 Pandionis III (4), A25 Acamantis III (4), LAF Leader (3)",
        "Your entourage: A06 Oeneis I (1)", "(The rest of the board is as above; 'board' shows all of it.)"]


def test_r_act_hoplites_4_a_hoplite_created_shows_its_rows_under_their_tables(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """R-ACT-HOPLITES-4: in Polis, creating a hoplite in Chios (a cube from Chios to Ionia) prints
    the resource table, Ionia's row of the map and Chios' row of the poleis (each under its table's
    heading and column heads), and says that the step in progress is over; not the other 70 lines."""
    monkeypatch.chdir(tmp_path)
    lines = play("polis", ["--opponent", "heuristic", "--seed", "3"], "1\n1\nq\ny\n", monkeypatch, capsys)
    shown = after_menu(lines, 1)
    start = shown.index("Changed on the board:")
    end = shown.index("(The rest of the board is as above; 'board' shows all of it.)")
    told = shown[start + 1:end]
    assert len(told) == 12
    assert told[5:11] == ["Map (stacking limit 3):", "  Region              Athens Sparta  Control   Notes",
                          "  Ionia                    3      0  Athens    poleis Chios, Samos",
                          "Poleis:", "  Polis        Territory    Owner    Pop/max (base, growth)  Notes",
                          "  Chios        Ionia        Athens   1/3 (2, +1)"]
    assert told[11] == "No longer on the board: In progress: create hoplites in Chios (0 created so far)."
