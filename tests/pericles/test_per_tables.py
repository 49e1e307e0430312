"""The tables the Pericles rules read, compiled from the data and the options: the exit test of every
link in both readings of ``base_condition_ends``, and a copy sent to another process (a mutation run
of ``pericles.tables`` found both untested)."""

from __future__ import annotations

import pickle

from per_helpers import game

from kleos.games.pericles.game import PericlesGame

BASE = "+Base"


def _kind_tests(g: PericlesGame) -> dict[str, tuple[str, str]]:
    return {k.id: (k.land_exit, k.naval_exit) for k in g.tables.data.connection_kinds.kinds}


def test_p_move_11_a_base_is_asked_only_at_the_marked_end_or_at_both() -> None:
    """P-MOVE-11, P-DATA-3, option base_condition_ends: in ``per_link`` (the default) a link's base
    condition holds leaving the end the map marks and is dropped leaving the other, on land and at sea
    alike; in ``both_ends`` every exit keeps its kind's tests. Both kinds with a base condition are met:
    a coastal link asks it of land units, a crossing of ships."""
    per_link, both = game(base_condition_ends="per_link"), game(base_condition_ends="both_ends")
    kinds = _kind_tests(per_link)
    assert {kind for kind, tests in kinds.items() if any(BASE in test for test in tests)} == {
        "coastal_base", "crossing_base"}
    dropped = set()
    for frm_to, tests in per_link.tables.exits.items():
        link = next(link for link in per_link.tables.links if set(link[:2]) == set(frm_to))
        kind, marked = link[2], link[3]
        assert both.tables.exits[frm_to] == kinds[kind]
        if frm_to[0] in marked or kind not in ("coastal_base", "crossing_base"):
            assert tests == kinds[kind], frm_to
        else:
            assert tests == tuple(test.replace(BASE, "") for test in kinds[kind]), frm_to
            dropped.add(kind)
    assert dropped == {"coastal_base", "crossing_base"}


def test_tables_sent_to_another_process_arrive_equal() -> None:
    """A bot's worker process receives the tables pickled: they arrive equal, options and all."""
    t = game(athens_border="land").tables
    copy = pickle.loads(pickle.dumps(t))
    assert copy == t and copy is not t and copy.options.athens_border == "land"
