"""Edges of collecting tribute (rules/tribute.py, R-ACT-TRIBUTE): each refusal says what it refuses and
where; a territory without a tribute table (possible with a replaced ``tribute.json``) is refused under
its own rule; an event that forbids one territory leaves the others; the action ends by itself once every
column is full."""

from __future__ import annotations

import dataclasses

import pytest
from rules_helpers import EDITIONS, assert_illegal, legal, new

from kleos.core.action import Action
from kleos.games.polis.positions import goods_of, play, set_polis, set_units
from kleos.games.polis.rules import tribute
from kleos.games.polis.tables import ATHENS, GOODS


@pytest.mark.parametrize("edition", EDITIONS)
def test_each_refusal_names_what_is_missing_and_where(edition: str) -> None:
    """R-ACT-TRIBUTE-3 ("The player must own a polis in the territory and have a hoplite there"; a
    territory, not a sea), R-ACT-TRIBUTE-6 (once per territory per round), R-EVENT-4 (an event may forbid
    it): each refusal tells the player which condition fails, naming the territory."""
    game, s = new(edition)
    assert assert_illegal(game, s, "tribute", "R-ACT-TRIBUTE-3").message == "usage: tribute <territory>"
    assert assert_illegal(game, s, "tribute Kyklades", "R-ACT-TRIBUTE-3").message == "usage: tribute <territory>"
    set_units(game, s, "Boiotia", athens=2)  # hoplites, but Thibae is neutral
    assert assert_illegal(game, s, "tribute Boiotia", "R-ACT-TRIBUTE-3").message == "you own no polis in Boiotia"
    set_units(game, s, "Boiotia", athens=0)
    set_polis(game, s, "Thibae", "athens", 3)
    assert assert_illegal(game, s, "tribute Boiotia", "R-ACT-TRIBUTE-3").message == "you have no hoplite in Boiotia"
    s.set_flag("no_tribute:Attika", 1)
    refused = assert_illegal(game, s, "tribute Attika", "R-EVENT-4")
    assert refused.message == "this round's event forbids tribute in Attika"
    s.tribute_disc[game.tables.region_index["Ionia"]] = ATHENS
    refused = assert_illegal(game, s, "tribute Ionia", "R-ACT-TRIBUTE-6")
    assert refused.message == "tribute was already collected in Ionia this round"


def test_an_empty_disc_supply_is_named_2020() -> None:
    """R-ACT-TRIBUTE-13 [2020], A-13 (tribute needs 1 disc): with no disc in supply the refusal says so."""
    game, s = new("2020")
    s.supply_discs[ATHENS] = 0
    assert assert_illegal(game, s, "tribute Attika", "R-ACT-TRIBUTE-13").message == "needs a disc in your supply"


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_territory_without_a_tribute_table_is_refused_for_it(edition: str) -> None:
    """R-ACT-TRIBUTE-7 (the goods come from the territory's tribute table): both shipped editions give
    every territory a table, but a replaced ``tribute.json`` may leave one out; tribute there is refused
    under R-ACT-TRIBUTE-7, naming the territory, where it was accepted with the table."""
    game, s = new(edition)
    t = game.tables
    attika = t.region_index["Attika"]
    assert tribute.check(t, s, ATHENS, Action("tribute", ("Attika",))) is None
    bare = dataclasses.replace(t, tribute=tuple(() if r == attika else table for r, table in enumerate(t.tribute)))
    refused = tribute.check(bare, s, ATHENS, Action("tribute", ("Attika",)))
    assert refused is not None and refused.rule == "R-ACT-TRIBUTE-7"
    assert refused.message == "Attika has no tribute table"


@pytest.mark.parametrize("edition", EDITIONS)
def test_an_event_forbids_tribute_in_its_territory_only(edition: str) -> None:
    """R-EVENT-4 (an event that forbids an action "in a territory" forbids it there only), R-ACT-TRIBUTE-3:
    with hoplites and poleis in Attika and Ionia, forbidding tribute in the first of them listed leaves
    the other one legal."""
    game, s = new(edition)
    offered = [a for a in legal(game, s) if a.startswith("tribute ")]
    assert {"tribute Attika", "tribute Ionia"} <= set(offered)
    first = offered[0]
    s.set_flag(f"no_tribute:{first.split()[1]}", 1)
    assert [a for a in legal(game, s) if a.startswith("tribute ")] == offered[1:]


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_collection_ends_by_itself_once_every_column_is_full(edition: str) -> None:
    """R-ACT-TRIBUTE-8 ("a column takes at most as many hoplites as it has amounts", A-14), R-ACT-TRIBUTE-9:
    eight hoplites in Achaia, whose table has fewer amounts than that: once every column is full the
    goods are collected and the action is over, with hoplites left unassigned; a full column is refused
    by name before that."""
    game, s = new(edition)
    t = game.tables
    achaia = t.region_index["Achaia"]
    set_units(game, s, "Achaia", athens=8)
    columns = [(g, len(amounts)) for g, amounts in t.tribute[achaia]]
    assert sum(n for _, n in columns) < 8
    play(game, s, "tribute Achaia", "assign iron", "assign iron")
    assert assert_illegal(game, s, "assign iron", "R-ACT-TRIBUTE-8").message == "the iron column is full"
    before = goods_of(s, "athens")["wine"]
    rest = [f"assign {GOODS[g]}" for g, n in columns[1:] for _ in range(n)]
    play(game, s, *rest)
    assert s.pending is None and s.tribute_disc[achaia] == ATHENS
    assert goods_of(s, "athens")["wine"] == before + 1


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_steps_of_a_collection_refuse_with_their_words(edition: str) -> None:
    """R-ACT-TRIBUTE-8 (hoplites are assigned before the collection), R-ACT-TRIBUTE-7 (the columns of the
    territory's table), R-TURN-4 (a pass only where an action is chosen): inside a collection in Ionia
    each wrong step is refused with what it lacks."""
    game, s = new(edition)
    play(game, s, "tribute Ionia")
    assert assert_illegal(game, s, "done", "R-ACT-TRIBUTE-8").message == "assign a hoplite first"
    refused = assert_illegal(game, s, "assign iron", "R-ACT-TRIBUTE-7")
    assert refused.message == "assign a hoplite to one of: wine, silver, wheat"
    refused = assert_illegal(game, s, "pass", "R-TURN-4")
    assert refused.message == "finish the tribute action first; pass only where you would choose an action"


@pytest.mark.parametrize("edition", EDITIONS)
def test_no_hoplite_left_to_assign_is_refused_for_it(edition: str) -> None:
    """R-ACT-TRIBUTE-8 (one hoplite per amount taken): a collection in Ionia whose hoplites are all on
    columns (a position that play ends at once, written by hand) refuses one more."""
    game, s = new(edition)
    t = game.tables
    ionia = t.region_index["Ionia"]
    set_units(game, s, "Ionia", athens=2)
    s.pending = ("tribute", ionia, (2, 0, 0))
    refused = tribute._step_check(t, s, ATHENS, Action("assign", ("silver",)))
    assert refused is not None and refused.rule == "R-ACT-TRIBUTE-8"
    assert refused.message == "every hoplite there is already assigned"
