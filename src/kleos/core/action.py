"""Actions: small frozen values with a one-line text form that round-trips.

An action is a verb followed by arguments, e.g. ``hoplites Athinae`` or ``roll 3``. Names never
contain spaces; integers are written in decimal. The same notation serves tests, logs, bug
reports and the text UIs.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from kleos.core.errors import KleosError

Arg = str | int

_TOKEN = re.compile(r"^[A-Za-z0-9_.+/'-]+$")
_INT = re.compile(r"^-?[0-9]+$")


class MalformedAction(KleosError):
    """Text that is not an action in the notation at all (as opposed to an illegal one)."""


class Action(NamedTuple):
    """A verb and its arguments. ``str(action)`` is its notation; :meth:`parse` reads it back.

    A named tuple rather than a frozen dataclass: actions are built, hashed and compared at every
    node of a search, and the tuple does all three in C.
    """

    verb: str
    args: tuple[Arg, ...] = ()

    def __str__(self) -> str:
        if not self.args:
            return self.verb
        return self.verb + " " + " ".join(str(a) for a in self.args)

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"

    @staticmethod
    def parse(text: str) -> Action:
        """Read an action from its notation; raise :class:`MalformedAction` if it is not one."""
        tokens = text.split()
        if not tokens:
            raise MalformedAction("empty action")
        for token in tokens:
            if not _TOKEN.match(token):
                raise MalformedAction(f"bad token {token!r} in {text!r}")
        verb = tokens[0]
        if _INT.match(verb):
            raise MalformedAction(f"an action starts with a verb, not a number: {text!r}")
        args: list[Arg] = [int(t) if _INT.match(t) else t for t in tokens[1:]]
        return Action(verb, tuple(args))


def act(verb: str, *args: Arg) -> Action:
    """Shorthand constructor: ``act("roll", 3)``."""
    return Action(verb, args)


_BUILT: dict[tuple[str, tuple[Arg, ...]], Action] = {}


def built(verb: str, args: tuple[Arg, ...] = ()) -> Action:
    """The action ``verb args``, built once per process and then looked up: the menus a search or a
    playout asks for at every step list the same actions again and again, and building a named tuple
    runs Python code where a look-up does not."""
    found = _BUILT.get((verb, args))
    if found is None:
        found = _BUILT[verb, args] = Action(verb, args)
    return found
