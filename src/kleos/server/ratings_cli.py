"""``kleos ratings``: the operator's view of rating integrity (:mod:`kleos.server.integrity`).

  kleos ratings suspicious [--database URL]            the finished games kept out of the ratings
  kleos ratings void GAME_ID… [--reason TEXT]          void results; the ladder follows
"""

from __future__ import annotations

import argparse
import sys

from kleos.i18n.platform import _, ngettext
from kleos.server.config import DEFAULT_DATABASE
from kleos.server.db import Database
from kleos.server.integrity import Suspicious, account_names, void
from kleos.server.ratings import BOT_PREFIX, Ratings, finished_order, load_played


def suspicious(db: Database) -> list[Suspicious]:
    """Every finished game that a check or an operator keeps out of the ratings, by kind, in the
    order the games finished."""
    out: list[Suspicious] = []
    with db.read() as s:
        for kind in sorted(Ratings(db).finished_counts()):
            for played in load_played(s, finished_order(s, kind)):
                if played.excluded is not None:
                    out.append(Suspicious(played.game_id, kind, played.excluded,
                                          tuple(p for p in played.players if p is not None)))
        names = account_names(s, (p for x in out for p in x.players if not p.startswith(BOT_PREFIX)))
    return [Suspicious(x.game_id, x.game, x.reason, tuple(names.get(p, p) for p in x.players)) for x in out]


def cmd_suspicious(args: argparse.Namespace) -> int:
    db = Database(args.database)
    try:
        found = suspicious(db)
    finally:
        db.dispose()
    for x in found:
        sys.stdout.write(f"{x.game_id}\t{x.game}\t{x.reason}\t{', '.join(x.players)}\n")
    sys.stdout.write(ngettext("{n} game kept out of the ratings", "{n} games kept out of the ratings", len(found))
                     + "\n")
    return 0


def cmd_void(args: argparse.Namespace) -> int:
    db = Database(args.database)
    try:
        unknown = void(db, args.game_ids, args.reason)
    finally:
        db.dispose()
    for game_id in unknown:
        sys.stderr.write(_("no finished game '{game_id}'", game_id=game_id) + "\n")
    done = len(args.game_ids) - len(unknown)
    sys.stdout.write(ngettext("{n} game voided: the ladders leave it out",
                              "{n} games voided: the ladders leave them out", done) + "\n")
    return 1 if unknown else 0


def add_ratings_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    ratings = commands.add_parser("ratings", help=_("rating integrity: list suspicious results, void them"),
                                  description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    actions = ratings.add_subparsers(dest="ratings_command", metavar="ACTION", required=True)
    listed = actions.add_parser("suspicious", help=_("the finished games kept out of the ratings, and why"))
    voided = actions.add_parser("void", help=_("void the results of finished games"),
                                epilog=_("A game id may begin with '-': put the ids after '--', e.g. "
                                         "kleos ratings void --reason farming -- -Fu1 x2Q"))
    voided.add_argument("game_ids", nargs="+", metavar="GAME_ID",
                        help=_("the games to void (after '--' when one begins with '-')"))
    voided.add_argument("--reason", default="voided by an operator", help=_("why (kept with the game)"))
    for parser in (listed, voided):
        parser.add_argument("--database", default=DEFAULT_DATABASE,
                            help=_("the server's database (default {database})", database=DEFAULT_DATABASE))
    listed.set_defaults(func=cmd_suspicious)
    voided.set_defaults(func=cmd_void)
