"""Edges of starting a project (rules/project.py, R-ACT-PROJECT): each refusal names its rule and says
what it refuses; a good named twice among those paid in silver is refused; the menu offers every
affordable way to pay, worked out from the tile's cost; and the goods a check reads are those of the
payment, none for an action that names no tile or polis."""

from __future__ import annotations

import dataclasses

import pytest
from rules_helpers import EDITIONS, assert_illegal

from kleos.core.action import Action
from kleos.games.polis.game import PolisGame
from kleos.games.polis.positions import set_goods, turn_position
from kleos.games.polis.rules import project
from kleos.games.polis.tables import GOODS, SPARTA, Tables

USAGE = "usage: project <tile> <polis> [goods paid in silver ...]"


@pytest.fixture(params=EDITIONS)
def game(request: pytest.FixtureRequest) -> PolisGame:
    return PolisGame(request.param)


def fresh(t: Tables) -> Tables:
    """The same tables with empty memos, so a test works the menus out itself rather than reading what
    an earlier test left in the shared tables."""
    return dataclasses.replace(t, plans={}, project_payments={})


def test_each_refusal_names_its_rule_and_what_it_refuses(game: PolisGame) -> None:
    """R-ACT-PROJECT-1 (a face-up tile, in a polis of one's own), -2 (a polis the tile lists), -3 (one
    project per polis per round), -4 (the cost paid), -5 (only goods of the cost paid in silver)."""
    s = turn_position(game, round=0, active="athens", projects=("Socrates", "Theatre"))
    set_goods(s, "athens", silver=10)

    def refused(text: str, rule: str) -> str:
        return assert_illegal(game, s, text, rule, listed=False).message

    assert refused("project", "R-ACT-PROJECT-1") == USAGE
    assert refused("project Socrates", "R-ACT-PROJECT-1") == USAGE
    assert refused("project Socrates Nowhere", "R-ACT-PROJECT-1") == USAGE
    assert refused("project Socrates Athinae gold", "R-ACT-PROJECT-1") == USAGE
    assert refused("project Democritus Athinae", "R-ACT-PROJECT-1") == "Democritus is not face up on the project spaces"
    assert refused("project Theatre Thibae", "R-ACT-PROJECT-1") == "Thibae is not yours"
    assert refused("project Socrates Chalkis", "R-ACT-PROJECT-2") == "Socrates cannot be built in Chalkis"
    assert refused("project Socrates Athinae iron", "R-ACT-PROJECT-5") == (
        "only goods of the cost (other than silver) can be paid in silver")
    set_goods(s, "athens", iron=1, wood=1)  # the Theatre costs 1 iron, 2 wood, 1 silver
    assert refused("project Theatre Athinae", "R-ACT-PROJECT-4") == "needs 2 wood"
    set_goods(s, "athens", silver=10)
    t = game.tables
    s.project_started[t.polis_index["Athinae"]] = t.project_index["Socrates"]  # started in an earlier turn
    assert refused("project Theatre Athinae", "R-ACT-PROJECT-3") == "Athinae already started a project this round"


def test_a_good_named_twice_among_those_paid_in_silver_is_refused(game: PolisGame) -> None:
    """R-ACT-PROJECT-5 (each good of the cost is paid in goods or entirely in silver, once): naming the
    iron twice is malformed, refused under R-ACT-PROJECT-1 with the usage, not read as naming it once."""
    s = turn_position(game, round=0, active="sparta", projects=("TempleOfZeus",))
    set_goods(s, "sparta", iron=0, wood=4, silver=10)
    assert_illegal(game, s, "project TempleOfZeus Sparti iron iron", "R-ACT-PROJECT-1", listed=False)
    assert "project TempleOfZeus Sparti iron" in {str(a) for a in game.legal_actions(s)}  # s is unchanged


def test_the_menu_offers_every_affordable_way_to_pay(game: PolisGame) -> None:
    """R-ACT-PROJECT-4/5: with goods and silver enough for any way, the menu lists the tile once for each
    set of its goods paid in silver (both, either, none), each accepted by the check; with only the
    printed cost's silver, only the printed cost."""
    s = turn_position(game, round=0, active="sparta", projects=("TempleOfZeus",))
    t = fresh(game.tables)
    zeus = t.projects[t.project_index["TempleOfZeus"]]
    swappable = sorted({GOODS[g] for g, _ in zeus.cost if GOODS[g] != "silver"}, key=GOODS.index)
    assert len(swappable) == 2
    set_goods(s, "sparta", **{name: 20 for name in GOODS})
    offered = {str(a) for a in project.legal(t, s, SPARTA)}
    base = "project TempleOfZeus Sparti"
    assert offered == {base, *(f"{base} {g}" for g in swappable), f"{base} {' '.join(swappable)}"}
    assert all(project.check(t, s, SPARTA, Action.parse(text)) is None for text in offered)
    set_goods(s, "sparta", silver=3)  # the printed cost's silver, none to spare for a swap
    assert {str(a) for a in project.legal(t, s, SPARTA)} == {base}


def test_the_goods_a_check_reads(game: PolisGame) -> None:
    """The goods the check of a project looks at are those of its payment (the silver in place of the
    goods named); an action without a known tile, polis or goods list reads none."""
    t = game.tables
    silver, wood = GOODS.index("silver"), GOODS.index("wood")
    assert project.reads(t, Action.parse("project TempleOfZeus Sparti iron")) == frozenset({silver, wood})
    assert project.reads(t, Action.parse("project Nowhere Sparti")) == frozenset()
    assert project.reads(t, Action.parse("project TempleOfZeus Nowhere")) == frozenset()
    assert project.reads(t, Action.parse("project TempleOfZeus Sparti iron iron")) == frozenset()

