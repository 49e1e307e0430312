"""How long the plain loop's menus and boards are: for seeded games of bots, the largest menu (legal
actions) a seat met and the lines ``kleos play --plain`` prints for it, a counted run ("1 to 6.
offer 2 GP to Zeus … offer 7 GP to Zeus") being one line and a shared run ("1 to 8. redeploy … to:
1 Sicily, 2 Boeotia, …") wrapped at 100 columns (and the lines with counted runs only, the loop's
rule until December 2026), and how many menus had over 30 entries and the most lines one of them
printed (and without the runs the game's ``MenuParts.run_end`` makes);
and, as if seat 1 were the person, the board lines printed before its decisions: the whole board
each time, whole unless the same as last time (one line then; the loop's rule until December 2026),
and what the loop prints (one line for a board seen already, else only what changed in the same turn
and phase, with the two lines around it).

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
from kleos.core.kit import GameKit
from kleos.core.kit.agents import Agent
from kleos.core.protocol import Game
from kleos.core.record import play_out
from kleos.tui.board_change import changed_lines
from kleos.tui.look import Look
from kleos.tui.menu_runs import counted_of, menu_runs, printed_lines

LONG = 30
"""A menu with more entries than this counts as long."""


class Menus:
    """The figures of one game's menus, gathered as its seats choose (one bot for every seat)."""

    def __init__(self, kit: GameKit[Any, Any, Any], game: Game[Any, Any], agent: Agent[Any],
                 rng: random.Random) -> None:
        self.kit, self.game, self.agent, self.rng = kit, game, agent, rng
        self.look = Look(kit)
        self.largest = self.lines = self.counted_lines = self.long = self.count = 0
        self.longest = self.longest_unsplit = 0
        self.board_whole = self.board_unless_same = self.board_printed = 0
        self.last_board: str | None = None

    def choose(self, state: Any, seat: int, legal: list[Action]) -> Action:
        self.count += 1
        if seat == 0:
            self.count_board(self.kit.describe_view(self.game, self.game.view(state, seat), seat))
        self.long += len(legal) > LONG
        view = self.game.view(state, seat)
        if len(legal) > self.largest or len(legal) > LONG:
            words = [self.look.entry_words(self.game, view, action) for action in legal]
            ends = [self.look.run_end(self.game, view, action) for action in legal]
            runs = menu_runs(legal, words, [""] * len(legal), self.look.flat_limit, ends)
            lines = printed_lines(len(legal), runs)
            if len(legal) > LONG:
                unsplit = printed_lines(len(legal), menu_runs(legal, words, [""] * len(legal), self.look.flat_limit))
                self.longest, self.longest_unsplit = max(self.longest, lines), max(self.longest_unsplit, unsplit)
            if len(legal) > self.largest:
                self.largest, self.lines = len(legal), lines
                self.counted_lines = printed_lines(len(legal), counted_of(runs))
        return self.agent.choose(view, legal, self.rng)

    def count_board(self, board: str) -> None:
        """Add the board's lines, whole and as the plain loop prints them before a decision."""
        whole = board.count("\n") + 1
        self.board_whole += whole
        self.board_unless_same += 1 if board == self.last_board else whole
        changed = changed_lines(self.last_board, board) if self.last_board is not None else None
        self.board_printed += 1 if board == self.last_board else whole if changed is None else len(changed) + 2
        self.last_board = board


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
        menus = Menus(kit, game, make_agent(args.agent, game), random.Random(seed))
        play_out(game, game.new_state(seed), menus.choose, max_steps=args.max_steps)
        print(f"{args.game} seed {seed}: largest menu {menus.largest} entries, printed in {menus.lines} lines "
              f"({menus.counted_lines} with counted runs only); "
              f"{menus.long} of {menus.count} menus over {LONG} entries, the longest printed in {menus.longest} "
              f"lines ({menus.longest_unsplit} without the game's own run ends); "
              f"seat 1's boards {menus.board_whole} lines "
              f"whole, {menus.board_unless_same} whole unless the same, {menus.board_printed} printed", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
