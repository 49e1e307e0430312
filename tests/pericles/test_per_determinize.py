"""Determinized states (what a bot searches from a faction's view) are positions the rules allow."""

from __future__ import annotations

import random

from kleos.games.pericles.game import PericlesGame


def _check_game(g: PericlesGame, seed: int) -> int:
    """Play a seeded random game; at each decision redraw the actor's view and check that every seat
    to act in the redrawn state has a legal action. Returns the decisions checked."""
    s = g.new_state(seed)
    rng = random.Random(seed)
    checked = 0
    for step in range(3000):
        if g.is_terminal(s):
            break
        if g.is_chance(s):
            g.step_chance(s)
            continue
        seat = g.actors(s)[0]
        redrawn = g.determinize(g.view(s, seat), random.Random(step))
        if not g.is_chance(redrawn) and not g.is_terminal(redrawn):
            for actor in g.actors(redrawn):
                assert g.legal_actions(redrawn, actor), f"seed {seed} step {step}: seat {actor} has no action"
        checked += 1
        g.apply_in_place(s, rng.choice(g.legal_actions(s, seat)), seat)
    return checked


def test_redrawn_expedition_commitments_stay_legal() -> None:
    """P-EXPED-2, P-INFO-1: while an expedition's commitments are secret, a redrawn view gives the
    Commander a stock of at least one Strategos and secret commitments within their limits, so every
    faction to act has a choice (a search from such a state never meets a seat without actions).
    Seed 1 of the First Peloponnesian War reaches a secret expedition at step 289."""
    g = PericlesGame({"scenario": "14_2"})
    assert _check_game(g, 1) > 289
