"""``kleos rules GAME [TOPIC]``: a game's rules reference outside a game, whole or the parts that
mention a topic, so that a newcomer can read the rules before a first game, or look one up while
playing elsewhere. The text is the one the terminal app shows under ``R`` (and the browser under
"Rules reference"), with the help of each kind of move, in the reader's language.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from kleos.core import registry
from kleos.core.errors import KleosError
from kleos.core.kit.cli import add_game_command, error_line, problem, runs
from kleos.core.kit.options import command_options
from kleos.core.kit.terminal import VerbHelp
from kleos.i18n.platform import N_, _
from kleos.tui.look import Look, verb_line
from kleos.tui.rule_ids import names

RULES_HELP = N_("""\
Print a game's rules reference: the whole of it, or, with a TOPIC, each section and each kind of move
whose text mentions it (a word, a name or a rule ID, in any case). The same text the terminal app
shows under R and the browser under "Rules reference", in the language of --lang.

On a terminal, a reference taller than the screen opens in $PAGER (default: less).

examples: kleos rules GAME --sections    kleos rules GAME battle    kleos rules GAME RULE-ID
""")
"""The command's long description, marked only (translated when the parser is built)."""


@dataclass(frozen=True)
class Section:
    """A part of the reference: its ``## `` heading (without the marks) and its whole text."""

    heading: str
    text: str


def split_sections(markdown: str) -> tuple[str, list[Section]]:
    """The reference's opening (its title and what stands before the first ``## `` heading) and its
    sections in order."""
    opening: list[str] = []
    sections: list[tuple[str, list[str]]] = []
    for line in markdown.splitlines():
        if line.startswith("## "):
            sections.append((line[3:].strip(), [line]))
        elif sections:
            sections[-1][1].append(line)
        else:
            opening.append(line)
    return "\n".join(opening).strip(), [Section(heading, "\n".join(lines).strip()) for heading, lines in sections]


def mentions(topic: str, *texts: str) -> bool:
    """Whether any of ``texts`` names ``topic``, ignoring case: a rule ID also within a range that holds
    it (:func:`~kleos.tui.rule_ids.names`)."""
    return any(names(text, topic) for text in texts)


def topic_text(opening: str, sections: Sequence[Section], verbs: Mapping[str, VerbHelp], topic: str) -> str | None:
    """The parts of the reference that mention ``topic`` under its title: the opening's text after
    the title, each section, each kind of move (None when nothing does)."""
    title, _sep, intro = opening.partition("\n")
    texts = (intro.strip(), *(section.text for section in sections))
    found = [text for text in texts if text and mentions(topic, text)]
    moves = [verb_line(verb, h) for verb, h in verbs.items() if mentions(topic, verb, h.title, h.text, *h.rules)]
    if not found and not moves:
        return None
    parts = [title, *found]
    if moves:
        parts.append("\n".join([_("## Kinds of move that mention {topic}", topic=topic), "", *moves]))
    return "\n\n".join(parts)


def pager_command(environ: Mapping[str, str]) -> str | None:
    """The pager for a reference taller than the terminal: ``$PAGER`` (empty: none), else ``less``
    where it is installed, else none."""
    if "PAGER" in environ:
        return environ["PAGER"].strip() or None
    return "less" if shutil.which("less") else None


def run_pager(command: str, drawn: str) -> None:
    """Feed ``drawn`` to the pager ``command``. ``less`` is told (unless ``$LESS`` says otherwise) to
    keep the colours, to leave the text on the screen when it ends and to end by itself when the text
    fits, as git tells it."""
    environ = {**os.environ}
    environ.setdefault("LESS", "FRX")
    subprocess.run(command, shell=True, input=drawn, text=True, env=environ, check=False)


def stdout_is_terminal() -> bool:
    """Whether the standard output is a terminal (a function, so that a test can say it is)."""
    return sys.stdout.isatty()


def show(markdown: str, plain: bool, paged: bool = True) -> None:
    """Print ``markdown``: drawn by ``rich`` on a terminal, through the pager when taller than the
    terminal (unless not ``paged``); as it is otherwise (or with ``plain``)."""
    if plain or not stdout_is_terminal():
        sys.stdout.write(markdown.rstrip("\n") + "\n")
        return
    from rich.console import Console
    from rich.markdown import Markdown

    console = Console()
    with console.capture() as captured:
        console.print(Markdown(markdown))
    drawn = captured.get()
    command = pager_command(os.environ) if paged else None
    if command is not None and drawn.count("\n") > console.height:
        run_pager(command, drawn)
    else:
        sys.stdout.write(drawn)


def run_rules(args: argparse.Namespace) -> int:
    """Print the reference of ``args.game``, whole, its section headings, or the parts on a topic."""
    kit = registry.kit(args.game)
    look: Look[Any, Any, Any] = Look(kit)
    try:
        game = kit.make_game(command_options(kit, args.option)) if args.option else None
    except (OSError, ValueError, KleosError) as exc:
        sys.stderr.write(error_line(problem(kit, exc)))
        return 2
    reference = look.rules(game)
    opening, sections = split_sections(reference)
    if args.sections:
        sys.stdout.write("".join(f"{section.heading}\n" for section in sections))
        return 0
    if args.topic is None:
        show(reference, args.plain, not args.no_pager)
        return 0
    text = topic_text(opening, sections, look.verbs, args.topic)
    if text is None:
        headings = "; ".join(section.heading for section in sections)
        sys.stderr.write(error_line(_("nothing in the rules of {game} mentions {topic!r}; its sections: {headings}",
                                      game=look.word(look.kit.title), topic=args.topic, headings=headings)))
        return 1
    show(text, args.plain, not args.no_pager)
    return 0


def add_rules_parser(commands: Any, game: str | None = None) -> None:
    """``kleos rules GAME [TOPIC]``, or with ``game`` ``kleos GAME rules [TOPIC]`` among a game's own
    commands."""
    add_game_command(commands, "rules", _("the rules reference, whole or the parts on one topic"), _(RULES_HELP),
                     _add_rules_flags, game)


def _add_rules_flags(p: argparse.ArgumentParser) -> None:
    p.add_argument("topic", nargs="?", default=None, metavar="TOPIC",
                   help=_("a word, a name or a rule ID: only the sections and kinds of move that mention it"))
    p.add_argument("--sections", action="store_true", help=_("list the section headings only"))
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                   help=_("a game option, as for kleos play: the reference as that game reads it (e.g. "
                          "data_dir=FOLDER for its corrected data)"))
    p.add_argument("--plain", action="store_true",
                   help=_("print the Markdown as it is, even on a terminal (it is, when the output is not one)"))
    p.add_argument("--no-pager", action="store_true",
                   help=_("on a terminal, print a reference taller than the screen at once instead of through "
                          "$PAGER (default: less)"))
    runs(p, run_rules)
