"""The secret commitments of an Expedition Assembly, stated directly for every faction as Commander
(P-EXPED-2): until now the 0-4 cap of the factions that do not command was guarded only by the
recorded golden games."""

from __future__ import annotations

import pytest
from per_helpers import AF, AK, DF, EK, bare, give, military_issue, play, put, rule_of

from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.rules import expedition
from kleos.games.pericles.state import M_WIN, PericlesState

FACTIONS = (AF, DF, EK, AK)
TARGET = {0: "Boeotia", 1: "Aetolia"}  # a theater the other side controls, by the Commander's side


def _expedition(commander: int, stock: int) -> tuple[PericlesGame, PericlesState]:
    """``commander`` holds an Expedition Assembly in a theater the other side controls; every faction
    has ``stock`` Strategos."""
    g, s = bare()
    put(g, s, "Boeotia", Sl=1, Pb=1)
    put(g, s, "Aetolia", Al=1, Db=1)
    for f in FACTIONS:
        give(s, f, stock)
    military_issue(g, s, commander, TARGET[commander // 2])
    play(g, s, "expedition")
    assert s.step == "exped_secret", s.step
    return g, s


def _amounts(g: PericlesGame, s: PericlesState, f: int) -> list[int]:
    return [int(a.args[0]) for a in g.legal_actions(s, f)]


@pytest.mark.parametrize("commander", FACTIONS)
def test_commander_one_to_five_others_zero_to_four(commander: int) -> None:
    """P-EXPED-2: "The Commander must commit 1–5; each of the other three factions commits 0–4", with
    6 Strategos in every stock, whichever faction commands."""
    g, s = _expedition(commander, 6)
    for f in FACTIONS:
        assert _amounts(g, s, f) == ([1, 2, 3, 4, 5] if f == commander else [0, 1, 2, 3, 4]), f


@pytest.mark.parametrize("commander", FACTIONS)
def test_five_is_refused_to_the_others(commander: int) -> None:
    """P-EXPED-2: a faction that does not command may not commit 5, and the refusal names the rule."""
    g, s = _expedition(commander, 6)
    for f in FACTIONS:
        if f != commander:
            assert rule_of(g, s, "secret 5", seat=f) == "P-EXPED-2"


def test_commitments_stop_at_the_stock() -> None:
    """P-EXPED-2: commitments come from the stock: with 3 Strategos the cap is 3 for everyone."""
    g, s = _expedition(EK, 3)
    assert _amounts(g, s, EK) == [1, 2, 3] and _amounts(g, s, AF) == [0, 1, 2, 3]


def test_a_new_assembly_starts_with_no_commitment() -> None:
    """P-EXPED-2: at the start of an Expedition Assembly no faction has committed: all four are asked."""
    _g, s = _expedition(AF, 6)
    assert s.commit == [0, 0, 0, 0] and s.committed == [0, 0, 0, 0]
    assert expedition.secret_actors(s) == (AF, DF, EK, AK)


def test_nothing_of_the_issue_is_kept_after_it() -> None:
    """P-MIL-8: "every Strategos token committed by any faction goes back ... The issue is resolved":
    after it no commitment, drawn card, battle marker or casualty of the issue is kept."""
    g, s = _expedition(DF, 6)
    for f in FACTIONS:
        play(g, s, f"secret {1 if f == DF else 0}", seat=f)
    s.draw, s.killed = [3, 4], [1] * len(s.killed)
    s.mil = [1] * len(s.mil)
    expedition.finish(s)
    assert s.commit == [0, 0, 0, 0] and s.committed == [0, 0, 0, 0]
    assert s.draw == [-1, -1] and s.killed == [0] * len(s.killed)
    assert s.mil == [-1 if i == M_WIN else 0 for i in range(len(s.mil))]
