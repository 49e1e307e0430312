"""The ``kleos`` command line: ``kleos games``, ``kleos play GAME``, ``kleos arena GAME``,
``kleos serve`` and each game's own ``kleos GAME …`` tools.

Games come from the registry (:mod:`kleos.core.registry`): every game is played through the one
``kleos play`` command of :mod:`kleos.tui.play`, and a kit may add its own tools
(:class:`~kleos.core.kit.cli.CliParts`); nothing here names a game.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable
from typing import Any

from kleos import BUILD, __version__, i18n
from kleos.agents import agents_about
from kleos.analysis.cli import add_analyse_parser
from kleos.arena.cli import add_arena_parser
from kleos.arena.selfplay_cli import add_random_parser
from kleos.core import registry
from kleos.core.kit import GameKit, option_lines
from kleos.core.kit.cli import CliParts
from kleos.i18n.argparse_words import speak_the_readers_language
from kleos.i18n.platform import N_, _
from kleos.server.cli import add_serve_parser
from kleos.server.ratings_cli import add_ratings_parser
from kleos.tui.rules_cli import add_rules_parser

DESCRIPTION = N_("""\
Kleos: play and study the strategy board games of classical Greece, rule for rule.

  kleos games                 the installed games, their editions, options and seats
  kleos play GAME             play a game in the terminal (try: kleos play GAME --help)
  kleos rules GAME [TOPIC]    a game's rules reference, whole or the parts on one topic
  kleos GAME …                a game's own tools, where it has any (try: kleos GAME --help)
  kleos arena GAME            tournaments between computer players, with ratings and charts
  kleos random GAME           self-play statistics: one agent in every seat, wins by seat
  kleos serve                 the web server: play in the browser, live or over days
  kleos ratings               the server's suspicious results: list them, void them
  kleos analyse game.json     a saved game move by move: mistakes, turning points, a chart
""")


def _game_line(kit: GameKit) -> list[str]:
    seats = f"{kit.min_seats}" if kit.min_seats == kit.max_seats else f"{kit.min_seats}-{kit.max_seats}"
    lines = [f"{kit.name:<10} " + _("{title} ({seats} seats): {summary}", title=kit.title, seats=seats,
                                              summary=kit.word(kit.summary))]
    lines.extend(option_lines(kit.options, word=kit.word))
    about = agents_about(kit)
    if about:
        lines.append("    " + _("computer players: {about}", about=about))
    handicap = kit.bot_handicap
    if handicap is not None:
        lines.append("    " + _("bot handicap (kleos play {game} --handicap N, {low}-{high}; default {default} for "
                              "each bot seat, 0: none): {what}", game=kit.name, low=handicap.minimum,
                              high=handicap.maximum, default=handicap.default, what=handicap.words(kit.word)))
    return lines


def cmd_games(args: argparse.Namespace) -> int:
    kits = registry.games()
    if args.json:
        data = [{"name": k.name, "title": k.title, "summary": k.summary, "min_seats": k.min_seats,
                 "max_seats": k.max_seats, "editions": list(k.editions()),
                 "options": [o.as_json(k.word) for o in k.options],
                 "bot_handicap": None if k.bot_handicap is None else k.bot_handicap.as_json(k.word)}
                for k in kits.values()]
        sys.stdout.write(json.dumps(data, indent=1, ensure_ascii=False) + "\n")
        return 0
    if not kits:
        sys.stdout.write(_("no game is installed") + "\n")
        return 0
    for kit in kits.values():
        sys.stdout.write("\n".join(_game_line(kit)) + "\n")
    sys.stdout.write(_("(rules: {build}; KLEOS_COMPILED=0 or 1 forces one)", build=BUILD) + "\n")
    return 0


def _add_game_commands(commands: Any, play_games: Any) -> None:
    """``kleos play GAME`` (the terminal app shell, the same for every game) and the game's own tools."""
    from kleos.tui.play import add_generic_play_parser

    for kit in registry.games().values():
        add_generic_play_parser(play_games, kit)
        parts = kit.cli_parts()
        if parts is not None:
            add_tool_commands(commands, kit.name, parts)


def add_tool_commands(commands: Any, name: str, parts: CliParts) -> None:
    """``kleos NAME …``: the ``random`` and ``rules`` commands every game's tools have, then the game's own."""
    p = commands.add_parser(name, help=parts.help, description=parts.description)
    sub = p.add_subparsers(dest=f"{name}_command", required=True, metavar="COMMAND")
    add_random_parser(sub, name)
    add_rules_parser(sub, name)
    if parts.add_commands is not None:
        parts.add_commands(sub)


def installed_games_text() -> str:
    """The help's list of installed games and where each one's commands are."""
    lines = [_("installed games:")]
    for kit in registry.games().values():
        parts = kit.cli_parts()
        tools = f", kleos {kit.name} --help" if parts is not None else ""
        lines.append(f"  {kit.name:<10} {kit.title}: kleos play {kit.name}{tools}")
    return "\n".join(lines) if len(lines) > 1 else _("no game is installed")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="kleos", description=_(DESCRIPTION), epilog=installed_games_text(),
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version", version=f"kleos {__version__}: {BUILD}")
    parser.add_argument("--lang", choices=[*i18n.LANGUAGES, i18n.PSEUDO], metavar="LANG",
                        help=_("the language to play in: en, es or de (default: KLEOS_LANG, then the locale "
                               "variables LANGUAGE, LC_ALL, LC_MESSAGES, LANG; else English)"))
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    games = commands.add_parser("games", help=_("list the installed games with their options and seats"),
                                description=_("The installed games: editions, options and seat counts."))
    games.add_argument("--json", action="store_true", help=_("print the list as JSON"))
    games.set_defaults(func=cmd_games)

    play = commands.add_parser("play", help=_("play a game in the terminal"),
                               description=_("Play a game in the terminal against the built-in opponents."))
    play_games = play.add_subparsers(dest="game", metavar="GAME", required=True)
    _add_game_commands(commands, play_games)
    add_rules_parser(commands)
    add_arena_parser(commands)
    add_random_parser(commands)
    add_serve_parser(commands)
    add_ratings_parser(commands)
    add_analyse_parser(commands)
    return parser


def split_language(argv: list[str]) -> tuple[str | None, list[str]]:
    """``--lang X`` (or ``--lang=X``) taken out of ``argv``, wherever it stands (``kleos --lang es
    play GAME`` and ``kleos play GAME --lang es`` alike), and the other words."""
    chosen: str | None = None
    rest: list[str] = []
    words = iter(enumerate(argv))
    for index, word in words:
        if word == "--":
            rest.extend(argv[index:])
            break
        if word == "--lang" and index + 1 < len(argv):
            chosen = argv[index + 1]
            next(words)
        elif word.startswith("--lang="):
            chosen = word.split("=", 1)[1]
        else:
            rest.append(word)
    return chosen, rest


def choose_language(argv: list[str]) -> str:
    """The terminal's language, chosen before the parser is built so that its help is translated
    too: ``--lang`` first, then the environment (:func:`kleos.i18n.from_environment`); argparse's
    own words follow it (:mod:`kleos.i18n.argparse_words`)."""
    chosen, _rest = split_language(argv)
    language = chosen if chosen is not None and i18n.known(chosen) else i18n.from_environment(os.environ)
    i18n.set_locale(language)
    speak_the_readers_language()
    return language


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status (0 ok, 2 usage or data error)."""
    words = sys.argv[1:] if argv is None else argv
    chosen, argv = split_language(words)
    choose_language(words)
    if chosen is not None and not i18n.known(chosen):
        sys.stderr.write(_("kleos: error: --lang {language}: choose one of {languages}",
                           language=chosen, languages=", ".join(i18n.LANGUAGES)) + "\n")
        return 2
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # --help, --version and usage errors
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
    func: Callable[[argparse.Namespace], int] = args.func
    try:
        return func(args)
    except KeyboardInterrupt:
        sys.stderr.write("\n" + _("interrupted") + "\n")
        return 130


if __name__ == "__main__":
    raise SystemExit(main())
