"""Sieges at their edges (R-ACT-SIEGE): the rule a refusal names when several could, a supply holding
exactly the cubes to place, Sparta's own siege discs under the A-10 reading, and a second failure's
second disc.

``test_siege.py`` states the rules; these add the boundaries, the other seat and the refusals that a
legal-actions check alone does not show (``check`` names the rule of an action ``legal`` left out).
"""

from __future__ import annotations

from functools import partial

import pytest
from rules_helpers import EDITIONS, GAMES, assert_illegal, legal, polis
from rules_helpers import board as cleared_board

from kleos.games.polis.game import PolisGame
from kleos.games.polis.positions import play, set_polis, set_units
from kleos.games.polis.state import PolisState

board = partial(cleared_board, prestige=10, goods={"iron": 10, "wood": 10, "silver": 10, "wheat": 20})


def failed_once_this_turn(game: PolisGame) -> PolisState:
    """[2012] Sparta, after Athens' pass, has just failed at Thibae (fortification 3): the post-pass
    sequence is one turn, so Thibae is refused for the rest of it (R-ACT-SIEGE-27, A-12)."""
    s = board(game, Boiotia=(0, 4))
    play(game, s, "pass", "siege Thibae", "toll wine", "roll 1")
    return s


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_siege_names_one_polis(edition: str) -> None:
    """R-ACT-SIEGE-2: "siege <polis>" — an unknown name, or a second argument, is refused under that
    rule (and the refusal names nothing else)."""
    game = GAMES[edition]
    s = board(game, Boiotia=(3, 0))
    assert_illegal(game, s, "siege Nowhere", "R-ACT-SIEGE-2", listed=False)
    assert_illegal(game, s, "siege Thibae Thibae", "R-ACT-SIEGE-2", listed=False)
    assert_illegal(game, s, "siege", "R-ACT-SIEGE-2", listed=False)


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_refusal_names_the_polis(edition: str) -> None:
    """R-ACT-SIEGE-3, R-ACT-SIEGE-6: the refusal says which polis it is about."""
    game = GAMES[edition]
    s = board(game, round=2, Lakedaemon=(5, 0))
    assert "Sparti" in assert_illegal(game, s, "siege Sparti", "R-ACT-SIEGE-3", listed=False).message
    s = board(game, Boiotia=(2, 0))
    assert "Boiotia" in assert_illegal(game, s, "siege Thibae", "R-ACT-SIEGE-6", listed=False).message


def test_exactly_the_cubes_to_place_is_enough_2012() -> None:
    """R-ACT-SIEGE-7: the supply must hold the cubes to place — exactly that many is enough, for a
    neutral polis (its base population) and for the opponent's (its current population, here 2 of a
    base of 3): the second siege of the turn is refused for R-ACT-SIEGE-27, not for the cubes."""
    game = GAMES["2012"]
    s = failed_once_this_turn(game)
    s.supply_cubes[1] = 3
    assert_illegal(game, s, "siege Thibae", "R-ACT-SIEGE-27", listed=False)
    s = failed_once_this_turn(game)
    set_polis(game, s, "Thibae", "athens", 2)
    s.supply_cubes[1] = 2
    assert_illegal(game, s, "siege Thibae", "R-ACT-SIEGE-27", listed=False)
    s.supply_cubes[1] = 1
    assert_illegal(game, s, "siege Thibae", "R-ACT-SIEGE-7", listed=False)


def test_spartas_disc_counts_at_its_own_polis_under_a10_2020() -> None:
    """R-ACT-SIEGE-9 [2020] with A-10's siege_disc_scope=polis: "+1 per own siege disc" on the polis
    besieged — for Sparta too: after failing at Athens' Chios, Sparta's disc there turns a roll of 1
    into 2, enough for Chios (fortification 2)."""
    game = PolisGame("2020", rules={"siege_disc_scope": "polis"})
    chios = polis(game, "Chios")
    assert game.tables.polis_base[chios] == 2
    s = board(game, round=2, Ionia=(0, 4))
    set_polis(game, s, "Chios", "athens", 2)
    play(game, s, "pass", "siege Chios", "toll wine", "roll 1")
    assert s.owner[chios] == 0 and s.siege_discs[chios * 2 + 1] == 1
    play(game, s, "siege Chios", "toll wine", "roll 1")
    assert s.owner[chios] == 1


def test_a_second_failure_leaves_a_second_disc_2020() -> None:
    """R-ACT-SIEGE-14 [2020]: each failed siege places a disc from the supply next to the polis, so two
    failures leave two."""
    game = GAMES["2020"]
    s = board(game, Boiotia=(0, 5))
    thibae = polis(game, "Thibae")
    play(game, s, "pass", "siege Thibae", "toll wine", "roll 1")
    play(game, s, "siege Thibae", "toll wine", "roll 1")
    assert s.owner[thibae] == -1
    assert s.siege_discs[thibae * 2 + 1] == 2


def test_post_pass_siege_repeat_switched_on_in_2012() -> None:
    """R-ACT-SIEGE-27 (A-12) with the reading switch post_pass_siege_repeat on in [2012]: once the
    opponent has passed, the remaining player may besiege a polis again in the same turn (the
    switch's other position is ``test_siege.py``'s once-per-turn test)."""
    game = PolisGame("2012", rules={"post_pass_siege_repeat": True})
    s = board(game, Boiotia=(0, 5))
    play(game, s, "pass", "siege Thibae", "toll wine", "roll 1", "siege Thibae", "toll wine", "roll 4")
    assert s.owner[polis(game, "Thibae")] == 1


def sieges(game: PolisGame, s: PolisState) -> list[str]:
    """The legal sieges, in the engine's order."""
    return [text for text in legal(game, s) if text.startswith("siege ")]


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_polis_refused_for_the_cubes_does_not_hide_the_next(edition: str) -> None:
    """R-ACT-SIEGE-7: "Zusätzlich kann eine Polis nur dann belagert werden, wenn der Spieler noch genügend
    Klötzchen in seinem Vorrat besitzt" — the refusal is about that polis only: with 2 cubes, Thibae
    (base 3) is left out and Naupaktos (base 1) and Kerkyra (base 2), which come after it, are still
    listed."""
    game = GAMES[edition]
    s = board(game, Boiotia=(3, 0), Thessalia=(1, 0), Akarnania=(2, 0))
    s.supply_cubes[0] = 2
    assert sieges(game, s) == ["siege Naupaktos", "siege Kerkyra"]
    s.supply_cubes[0] = 3
    assert sieges(game, s) == ["siege Thibae", "siege Naupaktos", "siege Kerkyra"]


def test_a_polis_besieged_this_turn_does_not_hide_the_next_2012() -> None:
    """R-ACT-SIEGE-27 [2012]: "(1x pro Zug)" — once per turn for that polis only: after failing at Thibae,
    Sparta may still besiege Naupaktos, which comes after it."""
    game = GAMES["2012"]
    s = failed_once_this_turn(game)
    set_units(game, s, "Thessalia", athens=0, sparta=1)
    assert sieges(game, s) == ["siege Naupaktos"]
