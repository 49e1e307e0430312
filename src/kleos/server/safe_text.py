"""Text that people type and other people read: display names, passwords and chat lines.

* Control, format and bidirectional-override characters (Unicode categories ``Cc``, ``Cf``, ``Cs``,
  ``Co``, ``Cn`` and the line/paragraph separators: NUL, U+202E, zero-width joiners, …) are
  refused in names and stripped from chat: they can hide or reorder what a reader sees.
* Two names are the same name when their *skeletons* are equal: NFKC (full-width and compatibility
  forms), accents dropped (``Álice`` is ``Alice``: a name that differs only by an accent is too
  easily mistaken for the other), letters that look like a Latin letter read as that letter (the
  Unicode confusables of ``confusable-homoglyphs``: Cyrillic ``А`` is ``A``), case folded, inner
  spaces collapsed.
* A password must have :data:`MIN_PASSWORD` characters besides spaces and must not be one of the
  30,000 most common passwords that ``zxcvbn`` ships (NIST SP 800-63B: a length and a blocklist,
  no composition rules), nor the account's own name.
"""

from __future__ import annotations

import functools
import unicodedata

from confusable_homoglyphs import confusables
from zxcvbn.frequency_lists import FREQUENCY_LISTS

MIN_PASSWORD = 8
UNSAFE_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
KEPT_WHITESPACE = frozenset(" ")


def is_unsafe(ch: str) -> bool:
    """Whether ``ch`` is a control, format (bidi override, zero-width…) or unassigned character."""
    return ch not in KEPT_WHITESPACE and unicodedata.category(ch) in UNSAFE_CATEGORIES


def unsafe_characters(text: str) -> list[str]:
    """The unsafe characters of ``text``, as ``U+XXXX`` (for an error message)."""
    return sorted({f"U+{ord(ch):04X}" for ch in text if is_unsafe(ch)})


def strip_unsafe(text: str) -> str:
    """``text`` without its unsafe characters; tabs and line breaks become spaces."""
    return "".join(" " if ch in "\t\n\r" else ch for ch in text if ch in "\t\n\r" or not is_unsafe(ch))


@functools.cache
def _latin_look(ch: str) -> str:
    """The ASCII letter ``ch`` looks like (itself when none, or when it is Latin already)."""
    found = confusables.is_confusable(ch, greedy=True, preferred_aliases=["latin"])
    if not found:
        return ch
    for glyph in found[0]["homoglyphs"]:
        if glyph["c"].isascii() and glyph["c"].isalpha():
            return str(glyph["c"])
    return ch


def skeleton(name: str) -> str:
    """The form in which two names that a reader could mistake for each other are equal."""
    decomposed = unicodedata.normalize("NFD", unicodedata.normalize("NFKC", name))
    bare = "".join(_latin_look(ch) for ch in decomposed if unicodedata.category(ch) != "Mn")
    return " ".join(unicodedata.normalize("NFKC", bare.casefold()).split())


@functools.cache
def _common_passwords() -> frozenset[str]:
    return frozenset(FREQUENCY_LISTS["passwords"])


def password_problem(password: str, name: str) -> str | None:
    """Why ``password`` must not be used by ``name`` (``None``: it may)."""
    if len(password.strip()) < MIN_PASSWORD:
        return f"use at least {MIN_PASSWORD} characters besides spaces"
    folded = password.strip().casefold()
    if folded in _common_passwords() or folded.rstrip("0123456789!") in _common_passwords():
        return "this is one of the most common passwords: choose one nobody would guess"
    if skeleton(name).replace(" ", "") in skeleton(password).replace(" ", ""):
        return "the password must not contain your name"
    return None
