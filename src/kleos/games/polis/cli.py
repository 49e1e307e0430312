"""The Polis tools: ``kleos polis random``, ``kleos polis data`` and ``kleos polis show``.

``kleos play polis`` is the platform's play command, the same for every game (:mod:`kleos.tui.play`).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from kleos.agents import agent_names
from kleos.arena.selfplay import SHARED, run_selfplay
from kleos.arena.tournament import Progress
from kleos.core import registry
from kleos.core.errors import DataError, KleosError
from kleos.core.kit.cli import CliParts
from kleos.core.protocol import CHANCE
from kleos.core.record import GameRecord, Replay
from kleos.games.polis.compact import from_compact, to_compact
from kleos.games.polis.game import PolisGame
from kleos.games.polis.i18n import _
from kleos.games.polis.loader import EDITIONS, load_edition, provenance_summary, reconstructed_values
from kleos.games.polis.state import PolisState
from kleos.games.polis.text import describe, side_name


def add_polis_parser(commands: Any) -> None:
    p = commands.add_parser("polis", help=_("Polis tools: random playouts, the data summary, positions"),
                            description=_("Tools for Polis: seeded computer-vs-computer games and the loaded data."))
    sub = p.add_subparsers(dest="polis_command", metavar="COMMAND", required=True)

    r = sub.add_parser("random", help=_("play seeded games of an agent against itself and summarise them"),
                       description=_("Play N seeded games (the agent against itself) and print wins by side, "
                                     "draws, end reasons, average length and the time taken. The same seed "
                                     "always gives the same games."))
    r.add_argument("--games", type=int, default=100, help=_("number of games (default 100)"))
    r.add_argument("--seed", type=int, default=0, help=_("seed of the first game; game i uses seed+i (default 0)"))
    r.add_argument("--edition", choices=EDITIONS, default="2020", help=_("rules edition (default 2020)"))
    r.add_argument("--agent", choices=agent_names(registry.kit(PolisGame.name)), default="random",
                   help=_("the agent on both sides (default random)"))
    r.add_argument("--no-progress", action="store_true", help=_("do not draw the progress bar on stderr"))
    r.set_defaults(func=cmd_random)

    d = sub.add_parser("data", help=_("summarise the loaded data files and their provenance"),
                       description=_("Load and validate one edition's data and count how many values come "
                                     "from a rulebook, from another public source, or are reconstructed."))
    d.add_argument("--edition", choices=EDITIONS, default="2020", help=_("rules edition (default 2020)"))
    d.add_argument("--reconstructed", action="store_true",
                   help=_("list every reconstructed value (file, record, field, value)"))
    d.add_argument("--data-dir", type=Path, default=None, metavar="DIR",
                   help=_("a folder of corrected <table>.json files that replace the packaged ones"))
    d.set_defaults(func=cmd_data)

    s = sub.add_parser("show", help=_("draw a position given in the compact notation, or a saved game's position"),
                       description=_("Draw a position (board, players, markets, legal actions of the side to act). "
                                     "Give it as one compact line (docs/notation.md), or with --load FILE a "
                                     "saved game, at its end or after --step N actions; the compact line is "
                                     "printed too, to paste into a bug report or a test."))
    s.add_argument("position", nargs="?", default=None, help=_("a compact position line (quote it)"))
    s.add_argument("--load", type=Path, default=None, metavar="FILE", help=_("a saved game (action log)"))
    s.add_argument("--step", type=int, default=None, metavar="N",
                   help=_("with --load: the position after N actions"))
    s.add_argument("--as", dest="side", choices=("athens", "sparta", "all"), default="all",
                   help=_("draw what this side may see (default all: the full position, hidden hands included)"))
    s.set_defaults(func=cmd_show)


def _out(text: str = "") -> None:
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def _err(text: str) -> None:
    sys.stderr.write(text + "\n")
    sys.stderr.flush()


# ----- kleos polis random ---------------------------------------------------------------------------
def run_random(edition: str, games: int, seed: int, agent: str, progress: bool = False) -> dict[str, Any]:
    """Play ``games`` seeded games of ``agent`` against itself (the platform's self-play); the tallies
    (deterministic per seed), with a finished game without a winner counted as a draw."""
    kit = registry.kit(PolisGame.name)
    tally = run_selfplay(kit, {"edition": edition}, agent, games, seed,
                         progress=Progress(games) if progress else None)
    wins = {("draw" if name == SHARED else name): count for name, count in tally["wins"].items()}
    return {"edition": edition, "games": games, "seed": seed, "agent": agent, "wins": wins,
            "reasons": tally["reasons"], "steps": tally["steps"], "rounds": tally["rounds"],
            "round_count": len(PolisGame(edition).tables.round_names)}


def cmd_random(args: argparse.Namespace) -> int:
    if args.games < 1:
        _err("error: --games must be at least 1")
        return 2
    start = time.perf_counter()
    tally = run_random(args.edition, args.games, args.seed, args.agent, progress=not args.no_progress)
    elapsed = time.perf_counter() - start
    n = tally["games"]

    def pct(k: int) -> str:
        return f"{k} ({100 * k / n:.1f}%)"

    wins = tally["wins"]
    _out(_("Polis {edition}: {n} games, {agent} agent against itself, seeds {first}..{last}", edition=args.edition,
           n=n, agent=args.agent, first=args.seed, last=args.seed + n - 1))
    _out(_("Wins: Athens {athens}, Sparta {sparta}, draws {draws}", athens=pct(wins.get("Athens", 0)),
           sparta=pct(wins.get("Sparta", 0)), draws=pct(wins.get("draw", 0))))
    _out(_("End reasons:"))
    for reason, count in sorted(tally["reasons"].items(), key=lambda kv: (-kv[1], kv[0])):
        _out(f"  {reason:<16} {count:>6}")
    _out(_("Average length: {steps} steps; average round reached: {rounds} of {count}",
           steps=f"{tally['steps'] / n:.1f}", rounds=f"{tally['rounds'] / n:.2f}", count=tally["round_count"]))
    _out(_("Time: {seconds} s ({ms} ms per game)", seconds=f"{elapsed:.2f}", ms=f"{1000 * elapsed / n:.1f}"))
    return 0


# ----- kleos polis data -----------------------------------------------------------------------------
def _short_file(name: str) -> str:
    if not name:
        return "(no file)"
    marker = "/kleos/games/polis/data/"
    return "packaged " + name.split(marker, 1)[1] if marker in name else name


def _position_from(args: argparse.Namespace) -> tuple[PolisGame, PolisState]:
    """The game and position named on the command line (raises ValueError/OSError/KleosError)."""
    if (args.position is None) == (args.load is None):
        raise ValueError("give either a compact position or --load FILE")
    if args.position is not None:
        edition = args.position.split(maxsplit=1)[0] if args.position.strip() else ""
        if edition not in EDITIONS:
            raise ValueError(f"a compact position starts with the edition ({', '.join(EDITIONS)}), not {edition!r}")
        game = PolisGame(edition)
        return game, from_compact(game, args.position)
    record = GameRecord.loads(Path(args.load).read_text(encoding="utf-8"))
    if record.game != "polis":
        raise ValueError(f"{args.load} is a saved game of {record.game!r}, not polis")
    game = PolisGame.from_options(record.options)
    steps = len(record.actions) if args.step is None else args.step
    if not 0 <= steps <= len(record.actions):
        raise ValueError(f"--step must be between 0 and {len(record.actions)} (the actions in {args.load})")
    prefix = GameRecord(record.game, record.options, record.seed, record.actions[:steps])
    return game, Replay(game, prefix).final_state()


def cmd_show(args: argparse.Namespace) -> int:
    try:
        game, state = _position_from(args)
    except (OSError, ValueError, KeyError, TypeError, KleosError) as exc:
        _err(f"error: {exc}")
        return 2
    seat = {"athens": 0, "sparta": 1, "all": None}[args.side]
    _out(to_compact(game, state))
    _out("")
    _out(describe(game, state if seat is None else game.view(state, seat), seat))
    actors = game.actors(state)
    if actors and actors[0] != CHANCE and (seat is None or seat in actors):
        acting = actors[0] if seat is None else seat
        _out(_("Legal actions of {side}:", side=side_name(acting)))
        for i, action in enumerate(game.legal_actions(state, acting), 1):
            _out(f"  {i:>3}. {action}")
    return 0


def cmd_data(args: argparse.Namespace) -> int:
    try:
        bundle = load_edition(args.edition, args.data_dir)
    except DataError as exc:
        _err(f"error: {exc}")
        return 2
    e = bundle.edition
    _out(_("Polis data, edition {edition}: {title}", edition=e.edition, title=e.title))
    _out(_("Files:"))
    for table, name in bundle.files.items():
        _out(f"  {table:<13} {_short_file(name)}")
    m = bundle.map
    slots = sum(len(ms.slots) for ms in bundle.markets.markets)
    events = sum(ev.copies for deck in bundle.events.decks for ev in deck.cards)
    _out(_("Contents: {rounds} rounds ({names}), {territories} territories, {seas} seas, {poleis} poleis, "
           "{markets} markets with {slots} slots, {projects} projects, {events} event cards, {cards} battle cards",
           rounds=len(e.rounds), names=", ".join(r.name for r in e.rounds), territories=len(m.territories),
           seas=len(m.seas), poleis=len(bundle.poleis.poleis), markets=len(m.markets), slots=slots,
           projects=len(bundle.projects.projects), events=events,
           cards=sum(c.copies for c in bundle.battle_cards.land)))
    summary = provenance_summary(bundle)
    total = sum(summary.values())
    _out(_("Provenance of {n} values:", n=total))
    for tag, count in summary.items():
        share = 100 * count / total if total else 0.0
        _out(f"  {tag:<14} {count:>5} ({share:.1f}%)")
    if args.reconstructed:
        values = reconstructed_values(bundle)
        _out(_("Reconstructed values ({n}): file | record | field = value", n=len(values)))
        for file, record, field, value in values:
            _out(f"  {_short_file(file)} | {record or '(top level)'} | {field} = {json.dumps(value, default=str)}")
    else:
        _out(_("List the reconstructed values with --reconstructed."))
    return 0


def cli_parts() -> CliParts:
    """``kleos polis …`` for the platform's command line."""
    return CliParts(add_commands=add_polis_parser)
