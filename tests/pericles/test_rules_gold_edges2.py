"""Persian gold (``rules.gold``) at the edges ``test_rules_gold_edges.py`` leaves open: the second Spartan
faction as Commander and exactly one Persian base in Persia (P-GOLD-1).

Rulebook 9.11: "Cuando una Facción espartana construye unidades militares de su Ciudad-estado, también
puede construir unidades militares espartanas o de Liga por cada base persa en Persia."
"""

from __future__ import annotations

import pytest
from per_helpers import AK, EK, bare, give, military_issue, play, put

from kleos.games.pericles.rules.common import count
from kleos.games.pericles.tables import SN


@pytest.mark.parametrize("owner", [EK, AK])
@pytest.mark.parametrize(("bases", "gold"), [(0, False), (1, True)])
def test_each_spartan_faction_spends_gold_from_a_single_persian_base(owner: int, bases: int, gold: bool) -> None:
    """P-GOLD-1: "When a Spartan faction builds city-state units in step 1, it may also build units paid
    for by each Persian base in Persia" — either Spartan faction, and one base is enough; with none the
    build ends without a gold step."""
    g, s = bare()
    put(g, s, "Sparta", Sb=1)
    put(g, s, "Persia", Xb=bases)
    give(s, owner, 2)
    military_issue(g, s, owner, "Sparta")
    play(g, s, "build 0")
    assert (s.step == "gold" and s.actor == owner) == gold
    if gold:
        sparta = g.tables.theater_index["Sparta"]
        play(g, s, "gold Sparta naval")
        assert count(s, sparta, SN) == 1 and s.step != "gold"
