"""``kleos play pericles --plain``: the plain loop folds a run of alike lines (the other factions'
hidden deals) into one and shows each menu entry's gloss (a card's reading); ``q`` quits like
``quit``."""

from __future__ import annotations

import contextvars
import io
from pathlib import Path

import pytest

from decisions import recorded_to_decision_where
from kleos.cli import main
from kleos.core import registry
from kleos.core.record import Replay
from kleos.tui.look import Look

ASIDE = " (face down; the Advisory Council may add one at random to your Leader, P-HAND-6, P-LEADER-4)"
"""What the entourage's title says it is for (P-HAND-6, P-LEADER-4)."""


def play(argv: list[str], answers: str, monkeypatch: pytest.MonkeyPatch,
         capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(answers))
    code = contextvars.copy_context().run(main, ["play", "pericles", "--plain", *argv])
    return code, capsys.readouterr().out


def test_p_info_2_the_deal_is_a_line_a_faction_and_the_hand_reads_as_cards(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    save = tmp_path / "g.json"
    code, out = play(["--seed", "7", "--opponent", "random", "--save", str(save)], "q\ny\n", monkeypatch, capsys)
    assert code == 0 and save.exists()  # q saved and left
    lines = out.splitlines()
    for faction in ("DF", "EK", "AK"):
        assert lines.count(f"{faction} is dealt a card (hidden) (×9)") == 1
        assert f"{faction} is dealt a card (hidden)" not in lines
    own = [line for line in lines if line.startswith("AF is dealt A")]
    assert len(own) == 1 and len(own[0].split(", ")) == 9, own  # one's own cards listed on one line
    assert "  1. put into the entourage A04 (Leontis I (1): ORA: +4, 3 Strategos)   [entourage A04]" in lines
    # the menu says what is decided, as the terminal app's menu title does
    assert lines[lines.index("  1. put into the entourage A04 (Leontis I (1): ORA: +4, 3 Strategos)   [entourage A04]")
                 - 1] == f"Your choices (Aristocrats): form your entourage: set 3 more cards aside{ASIDE}"


def test_p_boule_5_the_titles_count_the_choices_left_and_say_where_an_issue_starts(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """P-HAND-6, P-BOULE-5, P-BOULE-7, P-BOULE-9: the entourage's three cards go aside one by one and
    the title counts them down; the Dominant's first issue starts on box 2 of its half, its later
    three at the centre, and the titles say so."""
    monkeypatch.chdir(tmp_path)
    _code, out = play(["--seed", "11", "--opponent", "heuristic"], "1\n" * 24 + "q\ny\n", monkeypatch, capsys)
    titles = [line.removeprefix("Your choices (Aristocrats): ") for line in out.splitlines()
              if line.startswith("Your choices (Aristocrats): ")]
    assert titles[:6] == [
        f"form your entourage: set 3 more cards aside{ASIDE}", f"form your entourage: set 2 more cards aside{ASIDE}",
        f"form your entourage: set 1 more card aside{ASIDE}",
        "choose 1 issue for the assembly: it starts on box 2 toward you (Ostracism and War/Peace at the centre)",
        "choose 3 issues for the assembly: each starts at the centre",
        "choose 2 issues for the assembly: each starts at the centre"]
    assert "carry out Citizenship, which you won (P-POLISSUE-1)" in titles  # P-POLISSUE-4


def test_p_solo_6_the_opening_names_the_bots_handicap(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    """The full-screen welcome tells the bots' extra Honor; the plain loop's opening does too, so
    that a player who sees Honor 30 against 10 knows why."""
    monkeypatch.chdir(tmp_path)  # q saves the game in the folder of the moment
    _code, out = play(["--seed", "7", "--opponent", "random"], "q\ny\n", monkeypatch, capsys)
    opening = out.splitlines()[1]
    assert opening.startswith("Handicap, extra starting Honor")
    assert opening.endswith(": Demagogues 20, Eurypontid King 20, Agiad King 20 "
                            "(kleos play --handicap N sets it, 0 turns it off).")
    _code, out = play(["--seed", "7", "--opponent", "random", "--handicap", "0"], "q\ny\n", monkeypatch, capsys)
    assert "none in this game" in out.splitlines()[1]


def test_an_unchanged_board_is_not_printed_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """Each decision shows the board, what changed on it, or one line when the seat saw that same
    board last; 'board' prints it whole on demand."""
    monkeypatch.chdir(tmp_path)
    _code, out = play(["--seed", "3", "--opponent", "heuristic"], "1\n" * 7 + "board\nq\ny\n", monkeypatch, capsys)
    lines = out.splitlines()
    same = "(The board is as above; 'board' shows it again.)"
    menus = [i for i, line in enumerate(lines) if line.startswith("Your choices (Aristocrats)")]
    boards = [i for i, line in enumerate(lines) if "Turn 1, " in line]  # a board's first line (after a prompt)
    changes = lines.count("Changed on the board:")
    assert len(menus) == 8 and len(boards) + lines.count(same) + changes == len(menus) + 1  # + 'board'
    assert lines.count(same) and changes
    shown_again = lines.index(same)
    assert max(i for i in boards if i < shown_again) < max(i for i in menus if i < shown_again)
    assert boards[-1] > menus[-1]  # 'board' printed it whole


def test_p_tmark_4_the_lending_title_counts_the_markers_still_to_lend() -> None:
    """P-TMARK-4: a faction holding more theater markers than its compatriot lends until both hold half
    (Rumors included, the odd one kept). "lend a theater marker", asked again and again, said neither
    how many nor why; the title now counts them down from both holdings, which every seat sees."""
    kit = registry.kit("pericles")
    for seed in (0, 1, 2, 3, 4, 5):
        record, seat, _legal = recorded_to_decision_where("pericles", seed, lambda legal: legal[0].verb == "lend",
                                                         "lending", limit=3000)
        game = kit.make_game(record.options)
        state = Replay(game, record).final_state()
        mine, theirs = game.view(state, seat).markers_held[seat], game.view(state, seat).markers_held[seat ^ 1]
        look = Look(kit)
        while state.step == "lend" and game.actors(state) == (seat,):
            left = (mine - theirs) // 2
            assert left >= 1
            title = look.title(game, game.view(state, seat), seat)
            assert title == (f"lend {left} more theater marker{'s' if left > 1 else ''} to your compatriot: you hold "
                             f"{mine}, they hold {theirs}, and both must hold half, Rumors included (P-TMARK-4)")
            game.apply_in_place(state, game.legal_actions(state, seat)[0], seat)
            mine, theirs = mine - 1, theirs + 1
        assert mine - theirs in (0, 1)
