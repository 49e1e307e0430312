"""Shared runs in the plain loop's menu: entries that differ only by their last notation token and
the end of their words print as one line in which each end keeps its own number."""

from __future__ import annotations

from kleos.core.action import Action
from kleos.tui.menu_runs import SharedRun, shared_lines, shared_runs

PLACES = ("Sicily", "Boeotia", "Hellespont", "Ionia", "Lesbos")


def redeployments(origin: str, piece: str) -> list[Action]:
    return [Action("redeploy", (origin, piece, place)) for place in PLACES if place != origin]


def words_of(legal: list[Action]) -> list[str]:
    return [f"redeploy {a.args[1]} from {a.args[0]} to {a.args[2]}" if a.args != ("done",)
            else "end the redeployment" for a in legal]


def test_a_run_shares_the_notation_but_its_last_token_and_the_words_but_their_end() -> None:
    legal = [*redeployments("Ionia", "Dl"), *redeployments("Lesbos", "Dn"), Action("redeploy", ("done",))]
    runs = shared_runs(legal, words_of(legal), [""] * len(legal), set())
    assert runs == [SharedRun(0, 3, "redeploy Dl from Ionia to", ("Sicily", "Boeotia", "Hellespont", "Lesbos"),
                              "redeploy Ionia Dl"),
                    SharedRun(4, 7, "redeploy Dn from Lesbos to", ("Sicily", "Boeotia", "Hellespont", "Ionia"),
                              "redeploy Lesbos Dn")]


def test_a_flagged_taken_short_or_unlistable_run_keeps_its_lines() -> None:
    legal = redeployments("Ionia", "Dl")
    words = words_of(legal)
    assert len(shared_runs(legal, words, [""] * 4, set())) == 1
    assert shared_runs(legal, words, ["", "", "loses", ""], set()) == []  # a flagged entry breaks it in two
    assert shared_runs(legal, words, [""] * 4, {2}) == []  # an entry of a counted run is taken
    assert shared_runs(legal[:3], words[:3], [""] * 3, set()) == []  # three are too few
    glossed = [f"{text} (1 GP); {text[-3:]}: Blue 1 → 2" for text in words]
    assert shared_runs(legal, glossed, [""] * 4, set()) == []  # an end holding a semicolon
    counted = [f"bid {n}" for n in range(4)]
    assert shared_runs(legal, counted, [""] * 4, set()) == []  # an end that starts with a digit
    long_ends = [f"{text} for a very long while indeed, and longer" for text in words]
    assert shared_runs(legal, long_ends, [""] * 4, set()) == []  # ends longer than TAIL_MOST
    bracketed = [f"{text} (neutral, 0 markers there)" for text in words]
    assert len(shared_runs(legal, bracketed, [""] * 4, set())) == 1  # a comma inside brackets is no end


def test_a_shared_line_numbers_each_end_and_wraps_without_parting_a_number_from_its_end() -> None:
    run = SharedRun(8, 16, "redeploy Delian League ship (Dn) from Athens to",
                    tuple(f"Place{k}" for k in range(9)), "redeploy Athens Dn")
    lines = shared_lines(run, 2)
    assert lines[0].startswith("  9 to 17. redeploy Delian League ship (Dn) from Athens to: 9 Place0, 10 Place1")
    assert all(len(line) <= 100 for line in lines) and len(lines) > 1
    assert lines[-1].endswith("17 Place8   [redeploy Athens Dn …]")
    told = " ".join(line.strip() for line in lines)
    for k in range(9):
        assert f" {9 + k} Place{k}" in told


def recruits() -> list[Action]:
    return [Action("recruit", (f"S{k}",)) for k in range(1, 7)]


def test_entries_with_the_head_their_game_gives_share_a_line_whatever_their_words() -> None:
    """A game's heads and ends (``MenuParts.run_end``) join entries whose whole words, with their
    board effects after a semicolon, would never share a line; the run names the notation they share."""
    legal = [Action("end", ()), *recruits(), Action("build", ("I6",))]
    words = ["end the turn", *[f"recruit a fleet in {a.args[0]} (1 GP); {a.args[0]}: Blue 0 → 1 fleet"
                               for a in recruits()], "build a Port on I6"]
    assert shared_runs(legal, words, [""] * 8, set()) == []  # the words alone: ends hold semicolons
    splits: list[tuple[str, str] | None] = [None, *[("recruit a fleet (1 GP) in", str(a.args[0])) for a in recruits()],
                                            None]
    splits[4] = ("recruit a fleet (1 GP) in", "S4 (1 → 2)")
    assert shared_runs(legal, words, [""] * 8, set(), splits) == [
        SharedRun(1, 6, "recruit a fleet (1 GP) in", ("S1", "S2", "S3", "S4 (1 → 2)", "S5", "S6"), "recruit")]


def test_a_game_given_run_breaks_where_the_head_changes_or_an_end_cannot_be_listed() -> None:
    """A run ends where the head changes, at an entry with no end or a flag, and at an end that
    cannot stand in a list (a semicolon outside brackets, a leading digit): the entries around it
    that are still four or more keep their run."""
    legal = [*recruits(), *recruits()]
    free, paid = "recruit a fleet (free of charge) in", "recruit a fleet (1 GP) in"
    whole: list[tuple[str, str] | None] = [*[(free, f"S{k}") for k in range(6)], *[(paid, f"S{k}") for k in range(6)]]

    def spans(splits: list[tuple[str, str] | None], warnings: list[str] | None = None) -> list[tuple[int, int]]:
        return [(run.first, run.last) for run in shared_runs(legal, [""] * 12, warnings or [""] * 12, set(), splits)]

    assert spans(whole) == [(0, 5), (6, 11)]
    assert spans([*whole[:1], (free, "S1; a creature wakes"), *whole[2:]]) == [(2, 5), (6, 11)]
    assert spans([*whole[:8], None, *whole[9:]]) == [(0, 5)]  # 6-7 and 9-11 are too few
    assert spans([*whole[:10], (paid, "2 fleets"), *whole[11:]]) == [(0, 5), (6, 9)]
    assert spans(whole, [""] * 3 + ["loses"] + [""] * 8) == [(6, 11)]  # 0-2 and 4-5 are too few
