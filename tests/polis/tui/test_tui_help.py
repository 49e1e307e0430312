"""The Polis help of the terminal app (kleos.games.polis.tui.help): every verb is explained with the
IDs of its rules."""

from __future__ import annotations

from kleos.games.polis.tui.help import ACTION_HELP


def test_every_verb_has_help_with_rule_ids() -> None:
    """Each verb the engine can offer has a brief with rule IDs (R-… or A-…)."""
    verbs = {"hoplites", "galleys", "merchants", "project", "march", "sail", "siege", "tribute", "trade",
             "proxenos", "ransom", "stasis", "pass", "toll", "pay", "from", "assign", "via", "enter", "done",
             "battle", "fight", "retreat", "attack", "defend", "feed", "release", "grow", "phoros", "discard",
             "remove", "send", "take", "give", "hire", "suppress", "decline"}
    assert verbs <= set(ACTION_HELP)
    for verb in verbs:
        h = ACTION_HELP[verb]
        assert h.rules and all(r.startswith(("R-", "A-")) for r in h.rules), verb
    assert "R-MOVE-*" in ACTION_HELP["march"].rules and "R-ACT-MOVEHOP-*" in ACTION_HELP["march"].rules
