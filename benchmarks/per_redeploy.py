#!/usr/bin/env python3
"""Pericles: how often a bot's redeployment undoes one of its own, a unit sent back where one of its
kind came from (two troops swapped between two theaters).

    nice -n 10 .venv/bin/python benchmarks/per_redeploy.py [--games 6] [--scenario 14_2] [--seed 0]
        [--variants heuristic,steps-back] [--jobs 2]

Units of a kind are alike, so redeploying one out of a theater that one of its kind was redeployed
into this phase ends where one step, or none, would (P-REDEPLOY-1): to a person watching, the bot
wanders. For each variant, game ``i`` (seed ``seed + i``) is played with that variant in all four seats
(``pericles_agents.play``), and every redeployment is counted, and among them those that undo one
(:func:`~kleos.games.pericles.agents.heuristic.undoes_redeployment`). ``heuristic`` is the kit's bot,
``steps-back`` the same bot allowed such steps (as it was before it left them out). A figure of
behaviour, not of strength.
"""

from __future__ import annotations

import pericles_agents  # the same directory: one seeded game
from per_strength import maker

from kleos.core import registry
from kleos.core.action import Action
from kleos.games.pericles.agents.heuristic import undoes_redeployment
from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.kit import KIT
from kleos.games.pericles.state import PericlesState
from kleos.games.pericles.tables import Tables


class RedeployCount:
    """Counts the redeployments of units, and those that undo one of the same phase."""

    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self.moves = self.undone = 0

    def before(self, state: PericlesState, seat: int, action: Action) -> None:
        if state.step == "redeploy" and action.verb == "redeploy" and len(action.args) == 3:
            self.moves += 1
            self.undone += undoes_redeployment(self.tables, state, action)

    def after(self, state: PericlesState) -> None:
        return None


def one(job: tuple[str, str, int]) -> tuple[str, int, int]:
    """One seeded game of ``variant`` in every seat: (variant, redeployments, those that undo one)."""
    variant, scenario, seed = job
    registry.register(KIT)
    game = PericlesGame({"scenario": scenario})
    count = RedeployCount(game.tables)
    pericles_agents.play(game, seed, {seat: maker(variant)(game) for seat in range(4)}, watcher=count)
    return variant, count.moves, count.undone


def main() -> None:
    args = pericles_agents.variant_options(__doc__.split("\n\n")[0], "heuristic,steps-back")
    for variant, (moves, undone) in pericles_agents.count_variants(one, args, 2).items():
        print(f"  {variant}: {moves} units redeployed, {undone} of them back where one of their kind came from")


if __name__ == "__main__":
    main()
