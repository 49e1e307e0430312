#!/usr/bin/env python3
"""Do seeded random playouts still go exactly the same way? A digest per game, to compare.

    PYTHONPATH=src .venv/bin/python benchmarks/playout_identity.py --out /tmp/before.json
    PYTHONPATH=src .venv/bin/python benchmarks/playout_identity.py --compare /tmp/before.json
    PYTHONPATH=src .venv/bin/python benchmarks/playout_identity.py --variant "pericles 14_2" --games 50

Variants: Polis per edition, Cyclades per number of players, Pericles per scenario (see
:data:`VARIANTS`); by default every one. Each game is the playout ``versus_openspiel.py`` times
(legal actions, a seeded random pick applied without re-checking, chance drawn by the state's
generator). Every step feeds the game's digest with the actors, the legal list (or the chance
outcomes with their probabilities) as text, the action taken and the whole position
(``game.position_text``), so a speed-up or a build that changes any legal list, order, outcome or
position shows as a differing game. Every 37th step a copy of the state must equal it, and must
list the same legal actions. ``--max-steps`` stops long games early (the digest then covers the
steps played), for cheap checks.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

import kleos  # noqa: E402
from kleos.core import registry  # noqa: E402
from kleos.core.protocol import CHANCE, Game  # noqa: E402

# variant label -> (game, options on top of the game's defaults)
VARIANTS: dict[str, tuple[str, dict[str, Any]]] = {
    "polis 2012": ("polis", {"edition": "2012"}),
    "polis 2020": ("polis", {"edition": "2020"}),
    "cyclades 2": ("cyclades", {"players": 2}),
    "cyclades 3": ("cyclades", {"players": 3}),
    "cyclades 4": ("cyclades", {"players": 4}),
    "cyclades 5": ("cyclades", {"players": 5}),
    "pericles 14_2": ("pericles", {"scenario": "14_2"}),
    "pericles 14_1_09a": ("pericles", {"scenario": "14_1_09a"}),
}


def make_game(variant: str) -> Game[Any, Any]:
    """The game a variant label names, built through its kit."""
    name, options = VARIANTS[variant]
    kit = registry.games()[name]
    game: Game[Any, Any] = kit.make_game({**kit.default_options(), **options})
    return game


def game_digest(game: Game[Any, Any], seed: int, max_steps: int | None = None) -> tuple[str, int]:
    """The digest of one seeded random game and its number of steps."""
    rnd = random.Random(seed)
    state = game.new_state(seed)
    h = hashlib.sha256()
    steps = 0
    while max_steps is None or steps < max_steps:
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


def digests(variants: list[str], games: int, first_seed: int, max_steps: int | None = None,
            quiet: bool = False) -> dict[str, dict[str, str]]:
    """Per variant, the digest of each seeded game (keyed by seed)."""
    out: dict[str, dict[str, str]] = {}
    for variant in variants:
        game = make_game(variant)
        started = time.process_time()
        total = 0
        per: dict[str, str] = {}
        for seed in range(first_seed, first_seed + games):
            per[str(seed)], steps = game_digest(game, seed, max_steps)
            total += steps
        out[variant] = per
        if not quiet:
            print(f"{variant}: {games} games, {total} steps, {time.process_time() - started:.1f} s CPU", flush=True)
    return out


def differing(found: dict[str, dict[str, str]], expected: dict[str, dict[str, str]]) -> list[tuple[str, str]]:
    """(variant, seed) of the games whose digests differ from (or are missing in) ``expected``."""
    return [(v, seed) for v, per in found.items() for seed, d in per.items() if expected.get(v, {}).get(seed) != d]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=300, help="seeded games per variant (default 300)")
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--variant", action="append", choices=sorted(VARIANTS),
                        help="a variant to play (repeatable; default every one)")
    parser.add_argument("--max-steps", type=int, default=None, help="stop each game after this many steps")
    parser.add_argument("--out", type=Path, help="write the digests here")
    parser.add_argument("--compare", type=Path, help="compare with digests written earlier")
    args = parser.parse_args(argv)
    print(kleos.BUILD, flush=True)
    found = digests(args.variant or list(VARIANTS), args.games, args.first_seed, args.max_steps)
    if args.out is not None:
        args.out.write_text(json.dumps(found, indent=1, sort_keys=True))
    if args.compare is not None:
        differ = differing(found, json.loads(args.compare.read_text()))
        for variant, seed in differ[:20]:
            print(f"DIFFERS: {variant} seed {seed}")
        print("identical" if not differ else f"{len(differ)} games differ")
        return 1 if differ else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
