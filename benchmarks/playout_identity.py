#!/usr/bin/env python3
"""Do seeded random Polis playouts still go exactly the same way? A digest per game, to compare.

    PYTHONPATH=src .venv/bin/python benchmarks/playout_identity.py --out /tmp/before.json
    PYTHONPATH=src .venv/bin/python benchmarks/playout_identity.py --compare /tmp/before.json

Each game is the playout ``versus_openspiel.py`` times (legal actions, a seeded random pick applied
without re-checking, chance drawn by the state's generator). Every step feeds the game's digest with
the actors, the legal list (or the chance outcomes with their probabilities) as text, the action
taken and the whole position (:meth:`PolisGame.position_text`), so a speed-up that changes any
legal list, order, outcome or position shows as a differing game. Every 37th step a copy of the
state must equal it, and must list the same legal actions.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from kleos.core.protocol import CHANCE  # noqa: E402
from kleos.games.polis.game import PolisGame  # noqa: E402


def game_digest(game: PolisGame, seed: int) -> tuple[str, int]:
    """The digest of one seeded random game and its number of steps."""
    rnd = random.Random(seed)
    state = game.new_state(seed)
    h = hashlib.sha256()
    steps = 0
    while True:
        actors = game.actors(state)
        h.update(repr(actors).encode())
        if not actors:
            break
        seat = actors[0]
        if seat == CHANCE:
            outcomes = game.chance_outcomes(state)
            h.update("|".join(f"{a}:{p!r}" for a, p in outcomes).encode())
            taken = game.step_chance(state)
        else:
            legal = game.legal_actions(state, seat)
            h.update("|".join(str(a) for a in legal).encode())
            if steps % 37 == 0:
                twin = game.copy(state)
                assert twin == state, f"seed {seed} step {steps}: copy differs"
                assert game.legal_actions(twin, seat) == legal, f"seed {seed} step {steps}: copy's legal list"
            taken = legal[rnd.randrange(len(legal))]
            game.apply_in_place(state, taken, seat, validate=False)
        h.update(f"#{taken}#".encode())
        h.update(game.position_text(state).encode())
        steps += 1
    outcome = game.outcome(state)
    h.update(repr(None if outcome is None else outcome.to_json()).encode())
    return h.hexdigest(), steps


def digests(editions: list[str], games: int, first_seed: int) -> dict[str, dict[str, str]]:
    """Per edition, the digest of each seeded game (keyed by seed)."""
    out: dict[str, dict[str, str]] = {}
    for edition in editions:
        game = PolisGame(edition)
        started = time.process_time()
        total = 0
        per: dict[str, str] = {}
        for seed in range(first_seed, first_seed + games):
            per[str(seed)], steps = game_digest(game, seed)
            total += steps
        out[edition] = per
        print(f"{edition}: {games} games, {total} steps, {time.process_time() - started:.1f} s CPU")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=300, help="seeded games per edition (default 300)")
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--edition", action="append", help="2012 and/or 2020 (default both)")
    parser.add_argument("--out", type=Path, help="write the digests here")
    parser.add_argument("--compare", type=Path, help="compare with digests written earlier")
    args = parser.parse_args(argv)
    found = digests(args.edition or ["2012", "2020"], args.games, args.first_seed)
    if args.out is not None:
        args.out.write_text(json.dumps(found, indent=1, sort_keys=True))
    if args.compare is not None:
        expected = json.loads(args.compare.read_text())
        differ = [(e, seed) for e, per in found.items() for seed, d in per.items()
                  if expected.get(e, {}).get(seed) != d]
        for edition, seed in differ[:20]:
            print(f"DIFFERS: edition {edition} seed {seed}")
        print("identical" if not differ else f"{len(differ)} games differ")
        return 1 if differ else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
