"""``kleos play GAME --plain``: the rules can be read where the choice is made, as in the full-screen
app (? R H) and the browser (ⓘ): ``explain N`` says what menu entry N does, ``rules`` lists the
rules reference's headings and ``rules WORD`` prints the parts that name a word or a rule ID, ``hint``
gives the hint bot's choice. Before, the plain loop (a screen reader's way in) had none of them."""

from __future__ import annotations

import contextvars
import io
import re
from pathlib import Path

import pytest

from kleos.cli import main
from kleos.core.action import Action
from kleos.tui.menu_runs import counted_runs
from kleos.tui.plain import rules_naming
from kleos.tui.rule_ids import names

GAMES = {"polis": ["--seed", "3", "--opponent", "random"], "cyclades": ["--seed", "3", "--opponent", "random"],
         "pericles": ["--seed", "11", "--opponent", "random"]}


def plain_output(game: str, answers: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                 capsys: pytest.CaptureFixture[str], args: list[str] | None = None) -> str:
    """All the plain loop prints when seat 1, a person, answers ``answers`` and then quits (``args``:
    the game's other arguments, by default those of :data:`GAMES`)."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("sys.stdin", io.StringIO(answers + "quit\ny\n"))
    code = contextvars.copy_context().run(main, ["play", game, "--plain", "--as", "1", *(args or GAMES[game])])
    assert code == 0
    return capsys.readouterr().out


def play(game: str, answers: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
         capsys: pytest.CaptureFixture[str]) -> list[str]:
    """The plain loop's replies to ``answers`` (the lines after the first prompt), seat 1 a person."""
    out = plain_output(game, answers, tmp_path, monkeypatch, capsys)
    prompt = out.index("> ", out.index("Your choices"))
    return out[prompt:].splitlines()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_explain_n_says_what_the_entry_does(game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    """``explain 1`` and ``? 1`` repeat entry 1 with its notation, then the game's explanation or its
    help on that kind of choice, with rule IDs; a number off the menu is refused with the range."""
    lines = play(game, "explain 1\n? 1\nexplain 99\n", tmp_path, monkeypatch, capsys)
    first = lines[0].split("> ", 1)[1]
    assert first.startswith("1. ") and first.endswith("]")
    assert lines[1] and "(The game says no more" not in lines[1]
    assert re.search(r"[\[ ][RCP]-[A-Z]+", lines[1]), lines[1]
    assert lines[2].split("> ", 1)[1] == first and lines[3] == lines[1]
    assert lines[4].split("> ", 1)[1].startswith("Which entry? Answer 'explain N' with N from 1 to ")


@pytest.mark.parametrize(("game", "word", "expected"), [
    ("polis", "siege", "== Sieges (R-ACT-SIEGE) =="),
    ("cyclades", "Zeus", "| Zeus | 1 Priest |"),
    ("pericles", "P-ORATORY-3", "== The Dominant faction and Oratory =="),
])
def test_rules_word_prints_the_parts_that_name_it(game: str, word: str, expected: str, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """``rules`` lists the headings, the choices' help last; ``rules WORD`` a part naming WORD under
    its heading (P-ORATORY-3 through the reference's "P-ORATORY-2..4")."""
    lines = play(game, f"rules\nrules {word}\nrules xyzzy\n", tmp_path, monkeypatch, capsys)
    text = "\n".join(lines)
    assert "The choices\n'rules WORD' shows the parts that name WORD" in text
    assert any(line.split("> ", 1)[-1].startswith(expected) for line in lines), text
    assert any(line.endswith("The rules do not name 'xyzzy'.") for line in lines)


def test_p_boule_5_a_rule_id_no_part_cites_falls_back_to_its_family(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """P-BOULE-5 is cited by the help on choosing issues; P-BOULE-7 by no part: the parts on P-BOULE."""
    lines = play("pericles", "rules P-BOULE-5\nrules P-BOULE-7\n", tmp_path, monkeypatch, capsys)
    told = "- issue, Choose issues: Put an issue on your side's track for this turn's debates. (rules: P-BOULE-5)"
    assert told in lines
    assert any(line.endswith("No part names P-BOULE-7; the parts on P-BOULE:") for line in lines)


def test_hint_names_a_menu_entry(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    """``hint`` gives the hint bot's choice as the menu's number, words and notation; with no reason
    of the bot's own (a card set aside as entourage), what the choice does, as ``explain N`` says it."""
    lines = play("pericles", "hint\n", tmp_path, monkeypatch, capsys)
    hint = lines[0].split("> ", 1)[1]
    assert hint.startswith("Hint (heuristic): ") and "put into the entourage" in hint and hint.endswith("]")
    number = hint.removeprefix("Hint (heuristic): ").split(".", 1)[0]
    explained = play("pericles", f"explain {number}\n", tmp_path, monkeypatch, capsys)
    assert explained[1] and lines[1] == f"What it does: {explained[1]}"


def test_a_rule_range_names_each_rule_in_it() -> None:
    """A reference citing "P-ORATORY-2..4" names P-ORATORY-3, not P-ORATORY-5; a table row is a part,
    told under its table's first row."""
    assert names("oratory (p-oratory-2..4)", "p-oratory-3")
    assert not names("oratory (p-oratory-2..4)", "p-oratory-5")
    assert not names("p-oratory-2..4", "p-dominant-3")
    assert names("(p-card-1)", "p-card-1") and not names("(p-card-12)", "p-card-1")  # an ID, not a prefix
    text = "# Gods\n\n| God | Unit |\n|---|---|\n| Zeus | Priest |\n| Ares | troop |\n"
    assert rules_naming(text, "ares") == ["== Gods ==", "| God | Unit |", "| Ares | troop |"]


def test_c_action_6_the_plain_menu_numbers_end_the_turn_last(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    """C-ACTION-6: on a god's turn "end the turn" is the plain menu's last number, as in the full-screen
    app and the browser, and answering 1 does something else; before, "end the turn" was 1, and a
    newcomer's first answer ended the turn."""
    lines = play("cyclades", "1\n" * 4, tmp_path, monkeypatch, capsys)
    start = next(i for i, line in enumerate(lines) if line.endswith("your turn with Zeus")) + 1
    end = next(i for i in range(start, len(lines)) if not re.match(r"\s+\d+\. ", lines[i]))
    menu, answered = lines[start:end], lines[end]
    assert len(menu) > 1 and menu[-1].endswith("end the turn with Zeus   [end]"), menu
    assert sum(line.endswith("[end]") for line in menu) == 1
    assert answered.startswith("Blue> ") and "end the turn with Zeus" not in answered, answered



def test_c_offer_2_a_long_menu_gives_a_run_of_bids_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    """C-OFFER-2: the bids on one god are one line of a long menu ("1 to 6. offer 2 GP to Zeus …
    offer 7 GP to Zeus"), and each number of the line is the next bid, as ``explain N`` reads it; the
    note on how such a line is read comes with the first menu only (``menu`` prints it again without)."""
    out = plain_output("cyclades", "explain 1\nexplain 3\nmenu\n", tmp_path, monkeypatch, capsys,
                       ["--seed", "3", "--opponent", "heuristic"])
    run = re.search(r"^  1 to (\d+)\. offer (\d+) GP to (\w+)(?: \([^)]*\))? … offer (\d+) GP to \3 .*\[offer (\w+) "
                    r"\2 … offer \5 \4\]$", out, re.MULTILINE)
    assert run, out
    last, low, god = int(run[1]), int(run[2]), run[5]
    assert int(run[4]) - low == last - 1 and last >= 4
    assert out.count("(A line numbered 1 to ") == 1
    assert len(re.findall(rf"^  1 to {last}\. offer", out, re.MULTILINE)) == 2
    assert re.search(rf"> 1\. offer {low} GP to \w+.*\[offer {god} {low}\]$", out, re.MULTILINE), out
    assert re.search(rf"> 3\. offer {low + 2} GP to \w+.*\[offer {god} {low + 2}\]$", out, re.MULTILINE), out


def test_counted_runs_group_only_a_count_of_one_argument() -> None:
    """A run is four or more entries whose one differing number counts up by one; another verb,
    another argument, a gap or a flagged entry ends it."""
    bids = [Action("offer", ("zeus", n)) for n in range(2, 8)]
    others = [Action("offer", ("ares", n)) for n in (2, 3, 4)] + [Action("apollo")]
    legal = bids + others
    assert counted_runs(legal, [""] * len(legal)) == [(0, 5)]  # three bids on Ares are too few
    flagged = [""] * len(legal)
    flagged[3] = "loses"
    assert counted_runs(legal, flagged) == []  # 0-2 and 4-5 are too short
    gap = [Action("commit", (n,)) for n in (0, 1, 2, 4, 5, 6, 7)]
    assert counted_runs(gap, [""] * len(gap)) == [(3, 6)]
