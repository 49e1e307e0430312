"""Action notation: ``str`` and :meth:`Action.parse` round-trip; text that is no action is refused."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kleos.core.action import Action, MalformedAction, act, built

TOKEN_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.+/'-"
NUMERIC = r"-?[0-9]+"

# A name: any token of the notation that does not read as an integer.
names = st.text(alphabet=TOKEN_CHARS, min_size=1, max_size=12).filter(lambda s: re.fullmatch(NUMERIC, s) is None)
args = st.lists(st.one_of(st.integers(min_value=-10**12, max_value=10**12), names), max_size=5)


@settings(deadline=None)
@given(verb=names, arguments=args)
def test_notation_round_trips(verb: str, arguments: list[str | int]) -> None:
    """Every action whose verb and names are tokens prints and reads back as itself."""
    action = Action(verb, tuple(arguments))
    text = str(action)
    assert Action.parse(text) == action
    assert Action.parse(f"  {text}  ") == action
    assert str(Action.parse(text)) == text


@settings(deadline=None)
@given(verb=names, arguments=args)
def test_repr_names_the_notation(verb: str, arguments: list[str | int]) -> None:
    action = Action(verb, tuple(arguments))
    assert repr(action) == f"Action.parse({str(action)!r})"


def test_examples_from_the_rules_notation() -> None:
    """The notation used across the Polis rules modules and tests."""
    assert str(act("hoplites", "Athinae")) == "hoplites Athinae"
    assert Action.parse("trade Persia 2 wine") == Action("trade", ("Persia", 2, "wine"))
    assert Action.parse("roll 3") == act("roll", 3)
    assert Action.parse("card Phalanx/Proothisi") == Action("card", ("Phalanx/Proothisi",))
    assert Action.parse("phoros 0") == Action("phoros", (0,))
    assert Action.parse("pass") == Action("pass")
    assert Action.parse("x -3") == Action("x", (-3,))
    assert str(Action("pass")) == "pass"


def test_integers_and_names_are_told_apart() -> None:
    """Decimal integers become ints; everything else stays a name."""
    assert Action.parse("a 12 b12 1e3 -4 --4").args == (12, "b12", "1e3", -4, "--4")


@pytest.mark.parametrize("text", [
    "",
    "   ",
    "\t\n",
    "3 hoplites",  # a verb is not a number
    "-1",
    "hoplites Athinae!",
    "trade Persia 2 wine;",
    "march (Attika)",
    "pay \"iron\"",
    "grow Athínai",  # names are ASCII
    "a,b",
])
def test_malformed_text_is_refused(text: str) -> None:
    with pytest.raises(MalformedAction):
        Action.parse(text)


@settings(deadline=None)
@given(st.text(max_size=30))
def test_parse_either_reads_or_refuses(text: str) -> None:
    """Any text either parses to an action that prints as its normalised tokens, or is refused."""
    try:
        action = Action.parse(text)
    except MalformedAction:
        return
    assert str(action) == " ".join(str(int(t)) if re.fullmatch(NUMERIC, t) else t for t in text.split())


def test_actions_are_values() -> None:
    """Actions compare and hash by value, so they can be looked up in legal-action lists and sets."""
    a, b = Action.parse("siege Thibae"), act("siege", "Thibae")
    assert a == b and hash(a) == hash(b)
    assert len({a, b, act("siege", "Argos")}) == 2
    with pytest.raises(AttributeError):
        setattr(a, "verb", "pass")  # noqa: B010 - assigning to a frozen field must fail


def test_built_actions_are_the_actions_and_built_once() -> None:
    """A built action equals (and hashes as) the one the constructor gives, and asking again gives the
    same object: the menus that look their actions up list exactly what they built before."""
    first = built("sail", ("s1", 2, "s3"))
    assert first == Action("sail", ("s1", 2, "s3")) and hash(first) == hash(Action("sail", ("s1", 2, "s3")))
    assert built("sail", ("s1", 2, "s3")) is first
    assert built("sail", ("s1", 3, "s3")) == Action("sail", ("s1", 3, "s3")) != first
    assert built("end") == Action("end") and str(built("end")) == "end"
