"""Edges of redeployment (``rules.redeploy``): the rule ID and the words of each refusal (P-REDEPLOY-3,
P-REDEPLOY-5, P-REDEPLOY-8), which the rule tests asked only by rule ID."""

from __future__ import annotations

from per_helpers import AF, bare

from kleos.core.action import Action
from kleos.games.pericles.rules import redeploy


def test_each_refusal_names_its_rule_and_words() -> None:
    """P-REDEPLOY-3 (units over a theater's limit cannot stay: ``redeploy done`` refused), P-REDEPLOY-8
    (only a unit over the limit with nowhere to go is eliminated), P-REDEPLOY-5 (a destination with a
    base the group may use and room)."""
    g, s = bare()
    t = g.tables
    assert redeploy.check(t, s, AF, Action.parse("redeploy done")) == (
        "P-REDEPLOY-3", "units over a theater's limit must be redeployed or, with nowhere to go, eliminated")
    assert redeploy.check(t, s, AF, Action.parse("eliminate Athens Al")) == (
        "P-REDEPLOY-8", "only a unit over the limit with no legal destination is eliminated")
    usage = ("P-REDEPLOY-5", "redeploy a unit of this group to a theater with a base it may use and room: "
             "redeploy <from> <piece> <to>")
    assert redeploy.check(t, s, AF, Action.parse("redeploy Athens Al Boeotia")) == usage
    assert redeploy.check(t, s, AF, Action.parse("redeploy")) == usage
