"""How long the plain loop's menus are: for seeded games of bots, the largest menu (legal actions) a
seat met and the lines ``kleos play --plain`` prints for it, a counted run ("1 to 6. offer 2 GP to
Zeus … offer 7 GP to Zeus") being one line, and how many menus had over 30 entries.

    PYTHONPATH=src .venv/bin/python benchmarks/plain_menu_lines.py --game cyclades --players 3 --seeds 3
    PYTHONPATH=src .venv/bin/python benchmarks/plain_menu_lines.py --game pericles --agent random

Counts, not timings: the same command gives the same figures on any machine. The menu's flat limit
is the app's default (no game sets its own).
"""

from __future__ import annotations

import argparse
import random
from typing import Any

from kleos.agents.registry import make_agent
from kleos.core import registry
from kleos.core.action import Action
from kleos.core.kit.agents import Agent
from kleos.core.protocol import Game
from kleos.core.record import play_out
from kleos.tui.menu import FLAT_LIMIT
from kleos.tui.plain import counted_runs, printed_lines

LONG = 30
"""A menu with more entries than this counts as long."""


class Menus:
    """The figures of one game's menus, gathered as its seats choose (one bot for every seat)."""

    def __init__(self, game: Game[Any, Any], agent: Agent[Any], rng: random.Random) -> None:
        self.game, self.agent, self.rng = game, agent, rng
        self.largest = self.lines = self.long = self.count = 0

    def choose(self, state: Any, seat: int, legal: list[Action]) -> Action:
        self.count += 1
        self.long += len(legal) > LONG
        if len(legal) > self.largest:
            runs = counted_runs(legal, [""] * len(legal)) if len(legal) > FLAT_LIMIT else []
            self.largest, self.lines = len(legal), printed_lines(len(legal), runs)
        return self.agent.choose(self.game.view(state, seat), legal, self.rng)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", required=True, help="an installed game (kleos games lists them)")
    parser.add_argument("--players", type=int, default=None, help="seats, for a game with a seat-count option")
    parser.add_argument("--seeds", type=int, default=3, help="games, seeded 0, 1, … (default 3)")
    parser.add_argument("--agent", default="heuristic", help="the bot of every seat (default heuristic)")
    parser.add_argument("--max-steps", type=int, default=100_000, help="steps per game at most (default 100000)")
    args = parser.parse_args(argv)
    kit = registry.games()[args.game]
    options = kit.default_options()
    if args.players is not None and kit.seat_count_option is not None:
        options = {**options, kit.seat_count_option: args.players}
    game = kit.make_game(options)
    for seed in range(args.seeds):
        menus = Menus(game, make_agent(args.agent, game), random.Random(seed))
        play_out(game, game.new_state(seed), menus.choose, max_steps=args.max_steps)
        print(f"{args.game} seed {seed}: largest menu {menus.largest} entries, printed in {menus.lines} lines; "
              f"{menus.long} of {menus.count} menus over {LONG} entries", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
