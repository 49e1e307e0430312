"""argparse's own words ("usage:", "options", its parse errors) in the reader's language.

argparse looks each of its words up at the moment it writes it, through the name ``_`` of its own
module (gettext's global domain, which follows the process's locale variables, not ``--lang``).
:func:`speak_the_readers_language` points that name at the platform catalogue, where the words are
marked below, so a command's usage line and its refusals of bad arguments follow the reader's
language as the help texts around them do. A word a later Python writes differently is not in the
catalogue and stays argparse's English; the pseudo-locale leaves these words English too, because
they carry ``%``-placeholders that its accents would break.
"""

from __future__ import annotations

import argparse

from kleos import i18n
from kleos.i18n.platform import N_

WORDS = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("show program's version number and exit"),
    N_("subcommands"),
    # TRANSLATORS: argparse's words below keep their %(name)s, %s and %r placeholders as written.
    N_("%(prog)s: error: %(message)s\n"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("the following arguments are required: %s"),
    N_("unrecognized arguments: %s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("not allowed with argument %s"),
    N_("one of the arguments %s is required"),
    N_("ignored explicit argument %r"),
    N_("unexpected option string: %s"),
    N_("can't open '%(filename)s': %(error)s"),
)
"""The words argparse (as Python 3.11 writes them) shows a user; the developer errors it raises while a
parser is built are left out."""


def argparse_word(message: str | None) -> str | None:
    """argparse's ``message`` in the reader's language (argparse also asks for ``None``, a missing
    description, and gets it back)."""
    if message is None or i18n.current() == i18n.PSEUDO:
        return message
    return i18n.gettext_in(i18n.PLATFORM_DOMAIN, message)


def speak_the_readers_language() -> None:
    """Make argparse write its words through :func:`argparse_word` (idempotent)."""
    setattr(argparse, "_", argparse_word)  # noqa: B010  (a module's global, read at each call)
