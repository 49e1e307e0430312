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
