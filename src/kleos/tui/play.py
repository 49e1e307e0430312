"""``kleos play GAME`` for any game of the registry: the terminal app shell with the game's kit.

Every game gets :func:`add_generic_play_parser`'s command: the full-screen app in a terminal, the
plain text loop (:mod:`kleos.tui.plain`) otherwise or when asked.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Collection, Mapping, Sequence
from pathlib import Path
from typing import Any

from kleos.agents import agent_names, agents_about, parse_spec
from kleos.core.errors import KleosError
from kleos.core.kit import GameKit, OptionsError, option_lines
from kleos.core.kit.cli import error_line, problem, runs
from kleos.core.kit.handicap import with_bot_handicap
from kleos.core.kit.options import command_options
from kleos.core.kit.params import G, S, V
from kleos.core.record import GameRecord
from kleos.i18n.platform import _
from kleos.tui.app import GameApp
from kleos.tui.plain import play_plain, print_replay
from kleos.tui.session import Session, default_opponent


class PlayError(KleosError):
    """A game that cannot start as asked (unknown seat, a saved game of another game, bad options)."""


def build_session(kit: GameKit[G, S, V], options: Mapping[str, Any] | None = None, seats: Collection[int] = (0,),
                  seed: int | None = None, *, opponent: str | None = None, opponents: Mapping[int, str] | None = None,
                  load: Path | None = None, save: Path | None = None, game: G | None = None) -> Session:
    """A new game of ``kit`` (``options``, or ``game`` when the caller built it already; ``seed``,
    random when ``None``) or the game saved in ``load``, replayed; ``seats`` are played by people
    (0-based; several: hotseat, none: watch the computer), the other seats by ``opponents[seat]`` or
    ``opponent`` (default: the kit's)."""
    if load is not None:
        record, game = _saved_record(kit, load), None
    else:
        game = game if game is not None else kit.make_game(options or {})
        record = GameRecord(kit.name, dict(game.options), seed if seed is not None else _random_seed())
    try:
        session = Session.from_record(record, frozenset(seats), opponent, save if save is not None else load,
                                      opponents=opponents, game=game)
    except (KleosError, ValueError) as exc:
        if load is None:
            raise
        raise PlayError(_("{file} does not replay: {error}", file=load, error=exc)) from exc
    bad = sorted(set(seats) - set(session.seats))
    if bad:
        raise PlayError(_("no seat {seat}: the game has {count} seats", seat=bad[0] + 1, count=len(session.seats)))
    return session


def _saved_record(kit: GameKit, path: Path) -> GameRecord:
    """The game saved in ``path``, which must be one of ``kit``'s."""
    try:
        record = GameRecord.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, KeyError, TypeError, KleosError) as exc:
        raise PlayError(_("cannot load {file}: {error}", file=path, error=exc)) from exc
    if record.game != kit.name:
        raise PlayError(_("{file} is a saved game of {game!r}, not {expected}", file=path, game=record.game,
                          expected=kit.name))
    return record


def build_app(kit: GameKit[G, S, V], options: Mapping[str, Any] | None = None, seats: Collection[int] = (0,),
              seed: int | None = None, *, opponent: str | None = None, opponents: Mapping[int, str] | None = None,
              load: Path | None = None, save: Path | None = None, replay: bool = False, guide: bool = False,
              light: bool = False, confirm: bool = True, mono: bool = False,
              game: G | None = None) -> GameApp:
    """The app for :func:`build_session`'s game; ``replay``: start by stepping through it; ``mono``:
    black and white, as with ``NO_COLOR`` set."""
    session = build_session(kit, options, seats, seed, opponent=opponent, opponents=opponents, load=load, save=save,
                            game=game)
    return GameApp(session, guide=guide, light=light, confirm=confirm, replay=replay, welcome=load is None, mono=mono)


def run(kit: GameKit, options: Mapping[str, Any] | None = None, seats: Collection[int] = (0,),
        seed: int | None = None, **settings: Any) -> int:
    """Play in the terminal app until the player leaves; prints the closing message. The exit status:
    0, or 2 when the game cannot start (the reason on standard error). ``settings``: see
    :func:`build_app`."""
    try:
        app = build_app(kit, options, seats, seed, **settings)
    except (OSError, ValueError, KeyError, TypeError, KleosError) as exc:
        sys.stderr.write(error_line(problem(kit, exc)))
        return 2
    message = app.run()
    if message:
        sys.stdout.write(message + "\n")
    return 0


def run_plain(kit: GameKit, options: Mapping[str, Any] | None = None, seats: Collection[int] = (0,),
              seed: int | None = None, *, replay: bool = False, **where: Any) -> int:
    """Play in the plain text loop (:mod:`kleos.tui.plain`); with ``replay``, print the saved game's
    log instead. ``where``: who plays and which files, as for :func:`build_session`."""
    try:
        session = build_session(kit, options, seats, seed, **where)
    except (OSError, ValueError, KeyError, TypeError, KleosError) as exc:
        sys.stderr.write(error_line(problem(kit, exc)))
        return 2
    load: Path | None = where.get("load")
    if replay and load is not None:
        return print_replay(session, load)
    return play_plain(session, resumed=load)


def use_app(plain: bool) -> bool:
    """The full-screen app runs unless the plain loop is asked for or either end is not a terminal."""
    if plain:
        return False
    try:
        return sys.stdin.isatty() and sys.stdout.isatty()
    except (AttributeError, ValueError):
        return False


def _random_seed() -> int:
    return random.SystemRandom().randrange(1, 1_000_000)


# ----- the generic command ------------------------------------------------------------------------
def headline(kit: GameKit) -> str:
    """The game's summary, after its title unless the summary already names the game."""
    summary = kit.word(kit.summary)
    return summary if kit.title.casefold() in summary.casefold() else f"{kit.title}: {summary}"


def add_generic_play_parser(play_games: Any, kit: GameKit) -> None:
    """``kleos play <kit.name>``: options, seats, opponents, seed, save and load, for any game."""
    seats = f"{kit.min_seats}" if kit.min_seats == kit.max_seats else f"{kit.min_seats}-{kit.max_seats}"
    options = "\n".join([_("game options (--option NAME=VALUE):"), *option_lines(kit.options, "  ", kit.word)])
    p = play_games.add_parser(kit.name,
                              help=_("play {game} ({seats} seats) in the terminal", game=kit.title, seats=seats),
                              description=_("{headline}. The full-screen terminal app. Its rules: R in the app, or "
                                            "'kleos rules {name}' before a game.", headline=headline(kit),
                                            name=kit.name),
                              epilog=options if kit.options else None,
                              formatter_class=argparse.RawDescriptionHelpFormatter)
    counted = kit.seat_count_option is not None
    p.add_argument("--seats", default=None, metavar="N|WHO,WHO,...",
                   help=(_("the number of seats ({seats}), or who plays each seat in order: 'human' or an agent "
                           "(e.g. human,ismcts:normal,random)", seats=seats) if counted
                         else _("who plays each seat in order: 'human' or an agent (e.g. human,ismcts:normal,random)")))
    if counted:
        p.add_argument("--players", type=int, default=None, metavar="N",
                       help=_("the number of seats ({seats})", seats=seats))
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                   help=_("a game option (the value in JSON, or plain text); see: kleos games"))
    p.add_argument("--as", dest="humans", default=None, metavar="SEATS",
                   help=_("the seats people play: numbers from 1 or seat names, separated by commas; 'all' "
                          "for hotseat, 'none' to watch (default 1, or the 'human' seats of --seats)"))
    if kit.editions():
        p.add_argument("--edition", choices=kit.editions(), default=None,
                       help=_("the game's edition (--option edition=E; default: the game's)"))
    about = agents_about(kit)
    p.add_argument("--opponent", choices=agent_names(kit), default=default_opponent(kit),
                   help=_("the computer player of the other seats") + f" ({_('default')}: {default_opponent(kit)})"
                   + (f". {about}" if about else ""))
    p.add_argument("--handicap", type=int, default=None, metavar="N", help=_handicap_help(kit))
    p.add_argument("--seed", type=int, default=None, help=_("seed of chance (default: random)"))
    p.add_argument("--save", type=Path, default=None, metavar="FILE", help=_("save the game after every step"))
    p.add_argument("--load", type=Path, default=None, metavar="FILE", help=_("resume the game saved in FILE"))
    p.add_argument("--replay", type=Path, default=None, metavar="FILE", help=_("replay the game saved in FILE"))
    p.add_argument("--guide", action="store_true", help=_("start with the first-game guide on"))
    p.add_argument("--light", action="store_true", help=_("colours for a light background"))
    p.add_argument("--mono", action="store_true",
                   help=_("no colour: black and white, seats told apart by bold, underline and slant "
                          "(also with NO_COLOR set)"))
    p.add_argument("--no-confirm", action="store_true", help=_("carry out a chosen action without confirming"))
    p.add_argument("--plain", action="store_true",
                   help=_("the plain text loop (numbered menus on standard input) even in a terminal; it is "
                          "the default when standard input or output is not a terminal"))
    runs(p, lambda args: _play(kit, args))


def _handicap_help(kit: GameKit) -> str:
    spec = kit.bot_handicap
    if spec is None:
        return _("a handicap for the computer's seats: {game} has none, so this is refused", game=kit.title)
    return _("{what}: N ({low}-{high}) for every seat the computer plays in a new game; without it they get "
             "{default}, and --handicap 0 gives none", what=spec.words(kit.word), low=spec.minimum, high=spec.maximum,
             default=spec.default)


HUMAN_WORDS = ("human", "person", "me")


def _play(kit: GameKit, args: argparse.Namespace) -> int:
    try:
        lineup = seat_lineup(kit, args.seats)
        options = _options(kit, args, len(lineup) if lineup else None)
        game = kit.make_game(options)
        if lineup and len(lineup) != len(game.seat_names):
            raise ValueError(_("--seats names {count} players for a game of {seats} seats", count=len(lineup),
                               seats=len(game.seat_names)))
        if lineup and args.humans is not None:
            raise ValueError(_("say who plays each seat either with --seats WHO,WHO,... or with --as, not both"))
        if lineup:
            humans = frozenset(i for i, who in enumerate(lineup) if who in HUMAN_WORDS)
            opponents = {i: who for i, who in enumerate(lineup) if who not in HUMAN_WORDS}
        else:
            humans = parse_seats(game.seat_names, args.humans if args.humans is not None else "1")
            opponents = {}
        load = args.load if args.load is not None else args.replay
        if load is None:
            given = handicapped(kit, options, [s for s in range(len(game.seat_names)) if s not in humans],
                                args.handicap)
            game, options = (game, options) if given == options else (kit.make_game(given), given)
        elif args.handicap is not None:
            raise ValueError(_("--handicap: a saved game keeps the handicap it was started with"))
    except (ValueError, KleosError) as exc:
        sys.stderr.write(error_line(problem(kit, exc)))
        return 2
    where: dict[str, Any] = {"opponent": args.opponent, "opponents": opponents, "load": load, "save": args.save,
                             "game": game if load is None else None}
    if not use_app(args.plain):
        return run_plain(kit, options, humans, args.seed, replay=args.replay is not None and args.load is None,
                         **where)
    return run(kit, options, humans, args.seed, replay=args.replay is not None, guide=args.guide, light=args.light,
               confirm=not args.no_confirm, mono=args.mono, **where)


def handicapped(kit: GameKit, options: dict[str, Any], bot_seats: list[int], amount: int | None) -> dict[str, Any]:
    """``options`` with the game's bot handicap given to ``bot_seats`` (``amount``, else the game's
    default), checked by the kit at once so that a bad amount is reported as ``--handicap``'s."""
    try:
        out = with_bot_handicap(kit, options, bot_seats, amount)
        if out != options:
            kit.read_options(out)
    except OptionsError as exc:
        raise ValueError(f"--handicap: {kit.render_options_error(exc, with_field=False)}" if amount is not None
                         else kit.render_options_error(exc)) from exc
    return out


def seat_lineup(kit: GameKit, text: str | None) -> list[str]:
    """Who plays each seat from ``--seats WHO,WHO,...`` ('human' or an agent spec), or ``[]`` when
    ``text`` is absent or a plain number of seats (raises ValueError naming a bad entry)."""
    if text is None or text.strip().isdigit():
        return []
    lineup = [part.strip().lower() for part in text.split(",")]
    for who in lineup:
        if who not in HUMAN_WORDS:
            parse_spec(who, kit)  # raises with the known agents
    return lineup


def _options(kit: GameKit, args: argparse.Namespace, lineup: int | None = None) -> dict[str, Any]:
    """The game options of the command line; the seat count from ``--players``, ``--seats N`` or the
    length of a ``--seats`` lineup, which must agree."""
    counts = {n for n in (getattr(args, "players", None), lineup,
                          int(args.seats) if args.seats is not None and args.seats.strip().isdigit() else None)
              if n is not None}
    if len(counts) > 1:
        numbers = ", ".join(map(str, sorted(counts)))
        raise ValueError(_("--players and --seats disagree on the number of seats ({numbers})", numbers=numbers))
    return command_options(kit, args.option, getattr(args, "edition", None), counts.pop() if counts else None)


def parse_seats(seat_names: Sequence[str], text: str) -> frozenset[int]:
    """The seats named in ``text``: 1-based numbers or seat names (of ``seat_names``), comma-separated;
    ``all``, ``none``."""
    names = [name.lower() for name in seat_names]
    word = text.strip().lower()
    if word in ("all", "both"):
        return frozenset(range(len(names)))
    if word == "none":
        return frozenset()
    seats: set[int] = set()
    for part in filter(None, (p.strip().lower() for p in word.split(","))):
        if part.isdigit() and 1 <= int(part) <= len(names):
            seats.add(int(part) - 1)
        elif part in names:
            seats.add(names.index(part))
        else:
            raise ValueError(_("no seat '{part}': give 1 to {count} or one of {names}", part=part, count=len(names),
                                   names=", ".join(seat_names)))
    return frozenset(seats)
