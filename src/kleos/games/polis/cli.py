"""The Polis commands: ``kleos play polis``, ``kleos polis random`` and ``kleos polis data``.

The terminal game reads from ``sys.stdin`` and writes to ``sys.stdout`` (looked up at call time,
so tests can drive a whole game through a replaced stdin). Chance events resolve by themselves
from the game's own generator; the save file is the action log (:class:`GameRecord`), so loading
replays it exactly.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

from kleos.agents import Agent, agent_names, make_agent
from kleos.arena.selfplay import SHARED, run_selfplay
from kleos.arena.tournament import Progress
from kleos.core import registry
from kleos.core.action import Action, MalformedAction
from kleos.core.errors import DataError, IllegalAction, KleosError
from kleos.core.kit import option_lines
from kleos.core.kit.cli import CliParts
from kleos.core.protocol import CHANCE
from kleos.core.record import GameRecord, Replay
from kleos.games.polis.compact import from_compact, to_compact
from kleos.games.polis.game import PolisGame
from kleos.games.polis.i18n import N_, _
from kleos.games.polis.loader import EDITIONS, load_edition, provenance_summary, reconstructed_values
from kleos.games.polis.state import PolisState
from kleos.games.polis.tables import other
from kleos.games.polis.text import (
    card_label,
    describe,
    describe_action,
    losing_warning,
    outcome_text,
    refusal_words,
    score_line,
    side_name,
)

SIDE_CHOICES = ("athens", "sparta", "both")
LOG_LINES = 20

PLAY_HELP = N_("""\
Play Polis in the terminal against the built-in opponent (or hotseat with --as both).

At each decision the board is shown from your side with a numbered menu of your legal actions.
Answer with a number or with the action's notation (e.g. 'march Thessalia', 'pay iron').
Commands: help, board, menu, log [N], save [FILE], quit. Dice, cards and events resolve by
themselves. End of input saves the game; --load FILE resumes it.
""")

GAME_HELP = N_("""\
Answer with the number of a menu entry, or type the action itself, e.g. 'march Thessalia',
'trade Persia 1 wine', 'pay iron', 'done', 'pass'.
  help          this text
  board         show the board again
  menu          show the numbered actions again
  log [N]       the last N actions in plain words (default 20)
  save [FILE]   save the game (the action log) to FILE (default: the game's save file)
  quit          save and leave (asks for confirmation); resume with --load FILE
""")


# ----- argument parsers ---------------------------------------------------------------------------
def add_play_parser(play_commands: Any) -> None:
    p = play_commands.add_parser(
        "polis", help=_("play Polis against the built-in opponent"),
        description=_(PLAY_HELP), epilog=_options_epilog(), formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--edition", choices=EDITIONS, default="2020",
                   help=_("rules edition: 2012 (yucata/German) or 2020 (Devir); default 2020"))
    p.add_argument("--as", dest="side", choices=SIDE_CHOICES, default="athens",
                   help=_("the side you play; 'both' is hotseat for two people (default athens)"))
    p.add_argument("--opponent", choices=agent_names(registry.kit(PolisGame.name)), default="ismcts:normal",
                   help=_("the computer opponent (default ismcts:normal, the strongest at under a second a "
                        "move; heuristic answers at once; ismcts:hard searches about four times longer)"))
    p.add_argument("--seed", type=int, default=None,
                   help=_("seed of the dice and draws (default: random, printed at the start)"))
    p.add_argument("--save", type=Path, default=None, metavar="FILE",
                   help=_("save the game to FILE after every action (an action log in JSON)"))
    p.add_argument("--load", type=Path, default=None, metavar="FILE",
                   help=_("resume the game saved in FILE (its edition and seed are used)"))
    p.add_argument("--replay", type=Path, default=None, metavar="FILE",
                   help=_("replay the game saved in FILE step by step (in the full-screen UI; the plain "
                        "loop prints its log)"))
    p.add_argument("--plain", action="store_true",
                   help=_("use the plain text loop even in a terminal (the full-screen UI is the default "
                        "when standard input and output are terminals)"))
    p.add_argument("--guide", action="store_true", help=_("full-screen UI: start with the first-game guide on"))
    p.add_argument("--light", action="store_true", help=_("full-screen UI: colours for a light background"))
    p.add_argument("--mono", action="store_true",
                   help=_("full-screen UI: no colour, black and white (also with NO_COLOR set)"))
    p.add_argument("--no-confirm", action="store_true",
                   help=_("full-screen UI: carry out a chosen action at once, without the confirmation step"))
    p.set_defaults(func=cmd_play)


def _options_epilog() -> str:
    """The game's options in the plain words ``kleos games`` and the lobby use (the edition is
    chosen here with --edition)."""
    kit = registry.kit(PolisGame.name)
    return "\n".join([_("game options, in plain words (choose the edition with --edition):"),
                      *option_lines(kit.options, "  ", kit.word)])


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


# ----- kleos play polis -----------------------------------------------------------------------------
class TerminalGame:
    """One game in the terminal: humans answer menus, the opponent agent and chance play by themselves."""

    def __init__(self, game: PolisGame, record: GameRecord, humans: frozenset[int], opponent: Agent,
                 save_path: Path | None, default_save: Path) -> None:
        self.game = game
        self.record = record
        self.humans = humans
        self.opponent = opponent
        self.save_path = save_path
        self.default_save = default_save
        self.state: PolisState = game.new_state(record.seed)
        self.log: list[str] = []
        self.last_decider: int | None = None
        self.hotseat = len(humans) == 2

    # -- saving and replaying
    def replay_saved(self) -> None:
        """Rebuild the position and the plain-words log from the record's actions."""
        for seat, action in self.record.actions:
            line = self._log_line(seat, action)
            self.game.apply_in_place(self.state, action, seat)
            self.log.append(line)

    def save(self, path: Path | None = None) -> Path:
        target = path or self.save_path or self.default_save
        target.write_text(self.record.dumps() + "\n", encoding="utf-8")
        return target

    def _autosave(self) -> None:
        if self.save_path is not None:
            self.save(self.save_path)

    def _agent_rng(self, seat: int) -> random.Random:
        """A generator per decision, so a resumed game goes on exactly as the uninterrupted one."""
        return random.Random(f"kleos-play:{self.record.seed}:{seat}:{len(self.record.actions)}")

    # -- text helpers
    def _viewer(self) -> int | None:
        if len(self.humans) == 1:
            return next(iter(self.humans))
        return self.last_decider

    def _card_recipient(self) -> int | None:
        b = self.state.battle
        if b is None:
            return None
        return b.attacker if b.deal[b.attacker] > 0 else other(b.attacker)

    def _log_line(self, seat: int, action: Action) -> str:
        """Plain words for the log, never naming a card dealt to a hand the reader may not see."""
        if seat == CHANCE and action.verb == "card":
            to = self._card_recipient()
            battle = self.state.battle
            if to is not None and battle is not None and not self.hotseat and to in self.humans:
                card = next(c for c in self.game.tables.cards(battle.sea) if c.code == str(action.args[0]))
                return _("You draw {card}", card=card_label(card))
            if to is not None:
                return _("{side} draws a battle card", side=side_name(to))
            return _("A player draws a battle card")
        text = describe_action(self.game, self.state, action)
        if seat == CHANCE:
            return text
        return f"{side_name(seat)}: {text}"

    def _apply(self, seat: int, action: Action) -> str:
        line = self._log_line(seat, action)
        self.game.apply_in_place(self.state, action, seat)
        self.record.actions.append((seat, action))
        self.log.append(line)
        return line

    # -- the loop
    def run(self) -> int:
        while True:
            actors = self.game.actors(self.state)
            if not actors:
                return self._finish()
            seat = actors[0]
            if seat == CHANCE:
                _out(self._apply(CHANCE, self.game.sample_chance(self.state)))
                continue
            legal = self.game.legal_actions(self.state, seat)
            if seat in self.humans:
                action = self._ask(seat, legal)
                if action is None:
                    return 0
                self._apply(seat, action)
                self._autosave()
            else:
                view = self.game.view(self.state, seat)
                action = self.opponent.choose(view, legal, self._agent_rng(seat))
                _out(f"{self._apply(seat, action)}   [{action}]")

    def _finish(self) -> int:
        viewer = self._viewer()
        _out()
        _out(describe(self.game, self.state, viewer))
        _out()
        _out(_("Game over: {outcome}.", outcome=outcome_text(self.state)))
        _out(score_line(self.game, self.state))
        if self.save_path is not None:
            _out(_("Game saved to {path}.", path=self.save(self.save_path)))
        return 0

    def _read(self, prompt: str) -> str | None:
        sys.stdout.write(prompt)
        sys.stdout.flush()
        line = sys.stdin.readline()
        if not line:
            return None
        return line.rstrip("\n")

    def _save_and_leave(self, why: str) -> None:
        path = self.save()
        _out(_("{why} Game saved to {path}. Resume with: kleos play polis --load {path}", why=why, path=path))

    def _pass_device(self, seat: int) -> bool:
        """Hotseat: before showing a hidden hand to ``seat``, let the other player look away."""
        if not self.hotseat or self.state.battle is None or self.last_decider in (None, seat):
            return True
        _out("\n" * 3 + _("Pass the device to {side}: the next screen shows {side}'s battle hand.",
                          side=side_name(seat)))
        answer = self._read(_("{side}, press Enter when ready. ", side=side_name(seat)))
        if answer is None:
            self._save_and_leave(_("End of input."))
            return False
        _out("\n" * 30)
        return True

    def _menu(self, seat: int, legal: list[Action]) -> None:
        _out(_("Your choices ({side}):", side=side_name(seat)))
        width = len(str(len(legal)))
        for i, action in enumerate(legal, start=1):
            warning = losing_warning(self.game, self.state, seat, action)
            flag = "   " + _("!! LOSES THE GAME: {why}", why=warning) if warning else ""
            _out(f"  {i:>{width}}. {describe_action(self.game, self.state, action)}   [{action}]{flag}")

    def _ask(self, seat: int, legal: list[Action]) -> Action | None:
        if not self._pass_device(seat):
            return None
        self.last_decider = seat
        _out()
        _out(describe(self.game, self.state, seat))
        _out()
        self._menu(seat, legal)
        while True:
            line = self._read(f"{side_name(seat)}> ")
            if line is None:
                _out()
                self._save_and_leave(_("End of input."))
                return None
            text = line.strip()
            if not text:
                continue
            word, _space, rest = text.partition(" ")
            word = word.lower()
            if text.isdigit():
                n = int(text)
                if 1 <= n <= len(legal):
                    return legal[n - 1]
                _out(_("There is no choice {n}: answer 1 to {last}, or 'help'.", n=n, last=len(legal)))
            elif word in ("help", "?", "h"):
                _out(_(GAME_HELP))
            elif word == "board":
                _out(describe(self.game, self.state, seat))
            elif word in ("menu", "actions"):
                self._menu(seat, legal)
            elif word == "log":
                self._show_log(rest)
            elif word == "save":
                self._save_command(rest)
            elif word in ("quit", "exit"):
                answer = self._read(_("Quit now? The game will be saved. [y/N] "))
                if answer is None or answer.strip().lower() in ("y", "yes"):
                    self._save_and_leave(_("Leaving.") if answer is not None else _("End of input."))
                    return None
                _out(_("Going on."))
            else:
                action = self._parse(text, seat, legal)
                if action is not None:
                    return action

    def _show_log(self, rest: str) -> None:
        n = int(rest) if rest.strip().isdigit() else LOG_LINES
        lines = self.log[-n:] if n > 0 else []
        _out("\n".join(lines) if lines else _("(nothing has happened yet)"))

    def _save_command(self, rest: str) -> None:
        path = Path(rest.strip()) if rest.strip() else None
        try:
            _out(_("Game saved to {path}.", path=self.save(path)))
        except OSError as exc:
            _out(_("Could not save: {error}", error=exc))

    def _parse(self, text: str, seat: int, legal: list[Action]) -> Action | None:
        try:
            action = Action.parse(text)
        except MalformedAction as exc:
            _out(_("Not understood: {error}. Answer a number from the menu, an action, or 'help'.", error=exc))
            return None
        if action in legal:
            return action
        try:
            self.game.apply(self.state, action, seat)  # a copy: only to learn which rule it breaks
        except IllegalAction as exc:
            _out(_("Not allowed ({rule}): {text}", rule=exc.rule, text=refusal_words(exc)))
            return None
        _out(_("'{action}' is not one of your choices here.", action=action))
        return None


def _seed_from(args: argparse.Namespace) -> int:
    if args.seed is not None:
        return int(args.seed)
    return random.SystemRandom().randrange(1, 1_000_000)


def _use_tui(args: argparse.Namespace) -> bool:
    """The full-screen UI runs when asked for nothing else and both ends are terminals."""
    if getattr(args, "plain", False):
        return False
    try:
        return sys.stdin.isatty() and sys.stdout.isatty()
    except (AttributeError, ValueError):
        return False


def cmd_play(args: argparse.Namespace) -> int:
    humans = frozenset({"athens": {0}, "sparta": {1}, "both": {0, 1}}[args.side])
    replay_path: Path | None = getattr(args, "replay", None)
    load_path: Path | None = args.load if args.load is not None else replay_path
    if load_path is not None:
        try:
            record = GameRecord.loads(load_path.read_text(encoding="utf-8"))
        except (OSError, ValueError, KeyError, TypeError, KleosError) as exc:
            _err(f"error: cannot load {load_path}: {exc}")
            return 2
        if record.game != "polis":
            _err(f"error: {load_path} is a saved game of {record.game!r}, not polis")
            return 2
        edition = str(record.options.get("edition", args.edition))
    else:
        edition = args.edition
        record = GameRecord("polis", {"edition": edition}, _seed_from(args))
    try:
        game = PolisGame(edition)
    except DataError as exc:
        _err(f"error: {exc}")
        return 2
    record.options = dict(game.options)
    save_path = args.save if args.save is not None else args.load
    if _use_tui(args):
        try:
            from kleos.games.polis.tui.app import PolisApp
            from kleos.tui.session import Session
        except ImportError as exc:  # textual missing: the plain loop still works
            _err(f"(the full-screen UI is not available: {exc}; using the plain text loop)")
        else:
            try:
                session = Session.from_record(record, humans, args.opponent, save_path)
            except (KleosError, ValueError) as exc:
                _err(f"error: {load_path} does not replay: {exc}")
                return 2
            app = PolisApp(session, guide=getattr(args, "guide", False), light=getattr(args, "light", False),
                           confirm=not getattr(args, "no_confirm", False), replay=replay_path is not None,
                           welcome=load_path is None, mono=getattr(args, "mono", False))
            message = app.run()
            if message:
                _out(message)
            return 0
    default_save = Path(f"kleos-polis-{record.seed}.json")
    opponent = make_agent(args.opponent, game)
    session_plain = TerminalGame(game, record, humans, opponent, save_path, default_save)
    if load_path is not None:
        try:
            session_plain.replay_saved()
        except KleosError as exc:
            _err(f"error: {load_path} does not replay: {exc}")
            return 2
        if replay_path is not None and args.load is None:
            _out(_("Replay of {path}: {n} actions.", path=replay_path, n=len(record.actions)))
            for number, line in enumerate(session_plain.log, start=1):
                _out(f"{number:>4}. {line}")
            _out()
            _out(describe(game, session_plain.state, None))
            if session_plain.state.outcome is not None:
                _out(_("Game over: {outcome}.", outcome=outcome_text(session_plain.state)))
            return 0
        _out(_("Resumed {path}: {n} actions replayed.", path=load_path, n=len(record.actions)))
    params = {"title": game.tables.rules.title, "seed": record.seed, "opponent": opponent.name}
    if len(humans) == 2:
        _out(_("{title}, seed {seed}. You play Athens and Sparta.", **params))
    else:
        _out(_("{title}, seed {seed}. You play {side} against the {opponent} opponent.", side=side_name(min(humans)),
               **params))
    _out(_("Type 'help' at any prompt for the commands."))
    return session_plain.run()


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
    """``kleos play polis`` and ``kleos polis …`` for the platform's command line."""
    return CliParts(add_play=add_play_parser, add_commands=add_polis_parser)
