#!/usr/bin/env python3
"""OpenSpiel's ISMCTS bot, wrapped as a Kleos agent, against Kleos's ``heuristic`` agent.

    PYTHONPATH=src .venv/bin/python examples/openspiel_vs_heuristic.py --games 4 --edition 2020 --simulations 100

The bot plays through :mod:`kleos.adapters.openspiel` (``load("polis", edition=...)``: it searches
OpenSpiel states, sampling the hands it cannot see with ``resample_from_infostate``, and scores
leaves with the Polis kit's evaluation); each game is played by Kleos itself, the agents seeing
only their views. Seats alternate; every game is seeded, so a run is reproducible.
Needs ``pip install 'kleos[research]'``.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from kleos.adapters.openspiel import SpielBotAgent, load, make_ismcts_bot
from kleos.agents.base import Agent, agent_rng, seat_chooser
from kleos.agents.registry import make_agent
from kleos.core.record import play_out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=2, help="games to play (seats alternate; default 2)")
    parser.add_argument("--edition", choices=("2012", "2020"), default="2020")
    parser.add_argument("--simulations", type=int, default=50, help="ISMCTS simulations per decision (default 50)")
    parser.add_argument("--opponent", default="heuristic", help="Kleos agent spec of the opponent (default heuristic)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    spiel_game = load("polis", edition=args.edition)
    game = spiel_game.kleos
    opponent = make_agent(args.opponent, game)
    wins = draws = losses = 0
    start = time.perf_counter()
    for k in range(args.games):
        seed = args.seed * 1000 + k
        bot = SpielBotAgent(spiel_game, make_ismcts_bot(spiel_game, max_simulations=args.simulations, seed=seed),
                            name=f"openspiel-ismcts:{args.simulations}")
        bot_seat = k % 2
        agents: dict[int, Agent] = {bot_seat: bot, 1 - bot_seat: opponent}
        rngs = {i: agent_rng(seed, i) for i in (0, 1)}
        state = play_out(game, game.new_state(seed), seat_chooser(game, agents, rngs))
        outcome = game.outcome(state)
        assert outcome is not None
        if outcome.winner is None:
            draws += 1
            result = "draw"
        elif outcome.winner == bot_seat:
            wins += 1
            result = "bot wins"
        else:
            losses += 1
            result = "bot loses"
        print(f"game {k + 1}: bot plays {game.seat_names[bot_seat]}, {result} ({outcome.reason}, "
              f"scores {outcome.scores[0]}-{outcome.scores[1]}, {state.steps} steps, round {state.round + 1})")
    seconds = time.perf_counter() - start
    print(f"\nopenspiel-ismcts:{args.simulations} vs {args.opponent}, Polis {args.edition}: "
          f"{wins} wins, {draws} draws, {losses} losses in {args.games} games ({seconds:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
