"""The Polis tools: ``kleos polis random`` (the platform's ``kleos random polis`` under the game's name),
``kleos polis data`` and ``kleos polis show``.

``kleos play polis`` is the platform's play command, the same for every game (:mod:`kleos.tui.play`).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from kleos.core.errors import DataError, KleosError
from kleos.core.kit.cli import CliParts, error_line
from kleos.core.protocol import CHANCE
from kleos.core.record import GameRecord, Replay
from kleos.games.polis.compact import from_compact, read_edition_token, to_compact
from kleos.games.polis.game import PolisGame
from kleos.games.polis.i18n import _
from kleos.games.polis.loader import EDITIONS, load_edition, provenance_summary, reconstructed_values
from kleos.games.polis.state import PolisState
from kleos.games.polis.text import describe, side_name


def add_commands(sub: Any) -> None:
    """``kleos polis data`` and ``kleos polis show`` (``random`` is the platform's)."""
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
        first = args.position.split(maxsplit=1)[0] if args.position.strip() else ""
        edition, scenario = read_edition_token(first)
        if edition not in EDITIONS:
            raise ValueError(f"a compact position starts with the edition ({', '.join(EDITIONS)}), not {first!r}")
        game = PolisGame(edition, scenario=scenario)
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
        sys.stderr.write(error_line(exc))
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
        sys.stderr.write(error_line(exc))
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
    return CliParts(help=_("Polis tools: random playouts, the data summary, positions"),
                    description=_("Tools for Polis: seeded computer-vs-computer games and the loaded data."),
                    add_commands=add_commands)
