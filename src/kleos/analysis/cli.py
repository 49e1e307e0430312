"""``kleos analyse game.json``: the analysis of a saved game, with a progress bar on the terminal and
a report (text, JSON or Markdown) on the standard output or in a file."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, TextIO

from kleos.analysis.engine import DEFAULT_BUDGET, DEFAULT_REPEATS, analyse
from kleos.analysis.report import analysis_json, markdown, terminal_lines
from kleos.core import registry
from kleos.core.kit.cli import error_line
from kleos.core.record import GameRecord
from kleos.i18n.platform import _

BAR_WIDTH = 30


def add_analyse_parser(commands: Any) -> None:
    p = commands.add_parser(
        "analyse", help=_("analyse a saved game: each move's value, the mistakes, the turning points"),
        description=_("Search every decision of a saved game from the seat's own view: the seat's estimated "
                    "value before and after its move, the move the searcher preferred, marks for moves "
                    "that lost a lot, a sparkline per seat and the turning points."))
    p.add_argument("record", type=Path, help=_("a saved game (JSON record)"))
    p.add_argument("--budget", type=int, default=DEFAULT_BUDGET,
                   help=_("forward-model calls per search (default {budget})", budget=DEFAULT_BUDGET))
    p.add_argument("--repeats", type=int, default=DEFAULT_REPEATS,
                   help=_("searches per decision, each with its own seed (default {repeats}): their spread is "
                          "shown", repeats=DEFAULT_REPEATS))
    p.add_argument("--seed", type=int, default=0, help=_("seed of the searches (default 0)"))
    p.add_argument("--from", dest="start", type=int, default=0,
                   help=_("analyse from step N on (0-based; the steps before are replayed, not analysed)"))
    p.add_argument("--upto", type=int, default=None, help=_("analyse only the steps before step N (0-based)"))
    p.add_argument("--full-information", action="store_true",
                   help=_("search from the true positions, hidden cards included (finished games only)"))
    p.add_argument("--format", choices=("text", "json", "markdown"), default="text", help=_("the report's form"))
    p.add_argument("--out", type=Path, default=None, help=_("write the report here instead of the standard output"))
    p.add_argument("--quiet", action="store_true", help=_("no progress bar"))
    p.set_defaults(func=cmd_analyse)


def cmd_analyse(args: argparse.Namespace) -> int:
    try:
        record = GameRecord.loads(args.record.read_text(encoding="utf-8"))
        registry.kit(record.game)
    except (OSError, ValueError, KeyError, registry.UnknownGame) as exc:
        sys.stderr.write(error_line(_("cannot read {file}: {problem}", file=args.record, problem=exc)))
        return 2
    bar = None if args.quiet else progress_bar(sys.stderr)
    try:
        result = analyse(record, budget=args.budget, repeats=args.repeats, seed=args.seed,
                         full_information=args.full_information, start=args.start, upto=args.upto,
                         progress=bar)
    except ValueError as exc:
        sys.stderr.write(error_line(exc))
        return 2
    if args.format == "json":
        text = json.dumps(analysis_json(result), indent=1, ensure_ascii=False) + "\n"
    elif args.format == "markdown":
        text = markdown(result)
    else:
        text = "\n".join(terminal_lines(result)) + "\n"
    if args.out is None:
        sys.stdout.write(text)
    else:
        args.out.write_text(text, encoding="utf-8")
    return 0


def progress_bar(stream: TextIO) -> Any:
    """A callback drawing ``[#####.....] done/total`` on ``stream``, a new line at the end."""

    def draw(done: int, total: int) -> None:
        filled = BAR_WIDTH * done // max(1, total)
        stream.write(f"\r[{'#' * filled}{'.' * (BAR_WIDTH - filled)}] {done}/{total} steps")
        if done >= total:
            stream.write("\n")
        stream.flush()

    return draw
