"""Fingerprint seeded Polis games between two agents: the digest of every game's action sequence.

A speed-up of an agent that must not change its play (e.g. the heuristic rollout policy of the
paired ISMCTS search) is checked by recording the fingerprints before the change and comparing
after: identical digests mean identical games, hence unchanged strength by construction.

    PYTHONPATH=src .venv/bin/python benchmarks/polis_search_fingerprint.py --games 20 --out before.json
    PYTHONPATH=src .venv/bin/python benchmarks/polis_search_fingerprint.py --games 20 --compare before.json
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from typing import Any

from kleos.agents.base import agent_rng
from kleos.agents.registry import make_agent
from kleos.arena.tournament import GameSpec, schedule
from kleos.core.action import Action
from kleos.games.polis.game import PolisGame


def actions_of(spec: GameSpec) -> list[tuple[int, Action]]:
    """The (seat, action) sequence of one game, played as the arena plays it (chance included as -1)."""
    game = PolisGame(spec.options["edition"])
    agents = [make_agent(name, game) for name in spec.seats]
    rngs = [agent_rng(spec.seed, seat) for seat in range(len(spec.seats))]
    state = game.new_state(spec.seed)
    played: list[tuple[int, Action]] = []
    while actors := game.actors(state):
        if game.is_chance(state):
            game.step_chance(state)
            continue
        chosen = [(seat, agents[seat].choose(game.view(state, seat), game.legal_actions(state, seat), rngs[seat]))
                  for seat in actors]
        for seat, action in chosen:
            game.apply_in_place(state, action, seat, validate=False)
            played.append((seat, action))
    return played


def digest(played: list[tuple[int, Action]]) -> str:
    """A short hash of the sequence (seat and notation of every action)."""
    text = "\n".join(f"{seat} {action}" for seat, action in played)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def main() -> int:
    """Play, print one line per game, write or compare the fingerprints."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--agent", default="ismcts:normal")
    parser.add_argument("--opponent", default="heuristic")
    parser.add_argument("--games", type=int, default=20, help="games per edition (sides swapped)")
    parser.add_argument("--edition", choices=("2012", "2020", "both"), default="both")
    parser.add_argument("--seed", type=int, default=18)
    parser.add_argument("--out", help="write the fingerprints to this JSON file")
    parser.add_argument("--compare", help="compare with fingerprints written earlier by --out")
    args = parser.parse_args()
    editions = ("2012", "2020") if args.edition == "both" else (args.edition,)
    found: dict[str, Any] = {}
    for edition in editions:
        specs = schedule("polis", {"edition": edition}, [args.agent, args.opponent], args.games, args.seed)
        for spec in specs:
            started = time.process_time()
            played = actions_of(spec)
            key = f"{edition}/{spec.index}"
            found[key] = {"seats": list(spec.seats), "seed": spec.seed, "actions": len(played),
                          "digest": digest(played)}
            print(f"{key} {' v '.join(spec.seats)} seed={spec.seed} actions={len(played)} "
                  f"digest={found[key]['digest']} cpu={time.process_time() - started:.1f}s", flush=True)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as handle:
            json.dump(found, handle, indent=1)
    if args.compare:
        with open(args.compare, encoding="utf-8") as handle:
            before = json.load(handle)
        same = sum(1 for key, entry in found.items() if before.get(key) == entry)
        print(f"identical: {same}/{len(found)}")
        return 0 if same == len(found) else 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
