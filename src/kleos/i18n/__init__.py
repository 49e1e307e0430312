"""The players' languages: gettext catalogues (through Babel) per text domain, and the reader's
locale per context.

Why a context variable: one server process serves people who read different languages at the same
time (one game can be played in German and Spanish at once), so the language is not a process
setting but belongs to the request, the WebSocket or the terminal session that renders the text.
Rules never translate: they carry rule IDs and parameters, and each surface renders them here.

A text domain is one catalogue set: ``kleos`` for the platform (``src/kleos/locale``) and one per
game, kept in the game's package (``games/<game>/locale``), so a game stays a plug-in. Each holds
``<lang>/LC_MESSAGES/<domain>.po``; ``scripts/build_catalogues.py`` compiles them to ``.mo`` at
set-up, and a catalogue that was not compiled (or is older than its ``.po``) is compiled in memory.

Marking strings (the names Babel's extraction looks for, see ``babel.cfg``)::

    from kleos.i18n import translator
    _, ngettext, N_ = translator("<game>", Path(...) / "locale")
    _("{city} is besieged", city=name)          # translated now, in the reader's language
    ngettext("one talent", "{n} talents", n)      # plural forms of the reader's language
    PHASES = (N_("Events"), N_("Actions"))       # marked now, translated where shown: _(PHASES[0])

The pseudo-locale ``pseudo`` (accented, lengthened, bracketed English) shows in a test run any
string that bypasses the catalogues and any layout that breaks on longer words.
"""

from __future__ import annotations

import gettext as _gettext
import io
import json
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar, Token
from dataclasses import dataclass
from pathlib import Path
from threading import Lock
from typing import Any

LANGUAGES: tuple[str, ...] = ("en", "es", "de")
"""The languages Kleos speaks, the source language first."""

SOURCE = "en"
PSEUDO = "pseudo"
LANGUAGE_NAMES: Mapping[str, str] = {"en": "English", "es": "Español", "de": "Deutsch"}
"""Each language's name in itself, for pickers."""

PLATFORM_DOMAIN = "kleos"
PLATFORM_LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"

_reader: ContextVar[str] = ContextVar("kleos_locale", default=SOURCE)


def current() -> str:
    """The reader's language in this context (a code of :data:`LANGUAGES`, or :data:`PSEUDO`)."""
    return _reader.get()


def known(code: str) -> bool:
    return code in LANGUAGES or code == PSEUDO


def set_locale(code: str) -> Token[str]:
    """Make ``code`` the reader's language for this context (and the contexts it starts)."""
    if not known(code):
        raise ValueError(f"unknown language {code!r}: choose one of {', '.join(LANGUAGES)}")
    return _reader.set(code)


@contextmanager
def use_locale(code: str) -> Iterator[None]:
    """Render in ``code`` within the block, then return to the previous language."""
    token = set_locale(code)
    try:
        yield
    finally:
        _reader.reset(token)


def normalise(tag: str | None) -> str | None:
    """The language of a POSIX locale or an HTTP language tag (``de_DE.UTF-8``, ``es-419``), if
    Kleos speaks it; ``C``/``POSIX`` and unknown languages give ``None``."""
    if not tag:
        return None
    base = tag.split(".")[0].split("@")[0].replace("_", "-").strip().lower()
    if base == PSEUDO:
        return PSEUDO
    language = base.split("-")[0]
    return language if language in LANGUAGES else None


def from_environment(env: Mapping[str, str]) -> str:
    """The terminal's language: ``KLEOS_LANG`` (which may also name the pseudo-locale), else the
    POSIX variables in the order gettext reads them (``LANGUAGE`` may list several,
    colon-separated); English when none names a known one."""
    own = normalise(env.get("KLEOS_LANG"))
    if own:
        return own
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        if not value:
            continue
        for part in value.split(":"):
            found = normalise(part)
            if found:
                return found
        if name != "LANGUAGE":  # the first set LC_* or LANG decides, as in gettext
            return SOURCE
    return SOURCE


def from_accept_language(header: str | None) -> str | None:
    """The best language of an HTTP ``Accept-Language`` header that Kleos speaks (by q-value, then
    order), or ``None``."""
    if not header:
        return None
    ranked: list[tuple[float, int, str]] = []
    for index, item in enumerate(header.split(",")):
        tag, _, params = item.strip().partition(";")
        quality = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        found = normalise(tag)
        if found and quality > 0:
            ranked.append((-quality, index, found))
    return min(ranked)[2] if ranked else None


# ---------------------------------------------------------------------------------------------
# Catalogues


@dataclass(frozen=True)
class Domain:
    """A text domain: its name and the directory holding ``<lang>/LC_MESSAGES/<name>.po``."""

    name: str
    directory: Path

    def po_path(self, language: str) -> Path:
        return self.directory / language / "LC_MESSAGES" / f"{self.name}.po"

    def mo_path(self, language: str) -> Path:
        return self.po_path(language).with_suffix(".mo")


_domains: dict[str, Domain] = {}
_loaded: dict[tuple[str, str], _gettext.NullTranslations] = {}
_lock = Lock()


def register_domain(name: str, directory: Path) -> Domain:
    """Declare a text domain (a game's package does so for its own catalogues)."""
    domain = Domain(name, directory)
    known_domain = _domains.get(name)
    if known_domain is not None and known_domain != domain:
        raise ValueError(f"text domain {name!r} is already kept in {known_domain.directory}")
    _domains[name] = domain
    return domain


def domains() -> tuple[Domain, ...]:
    """The text domains declared so far, the platform's first."""
    return tuple(_domains.values())


def compile_po(po_file: Path) -> bytes:
    """The ``.mo`` bytes of a ``.po`` catalogue (fuzzy entries left out, as msgfmt does)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po_file.open("rb") as handle:
        catalogue = read_po(handle, domain=po_file.stem)
    out = io.BytesIO()
    write_mo(out, catalogue, use_fuzzy=False)
    return out.getvalue()


def _load(domain: Domain, language: str) -> _gettext.NullTranslations:
    po_file, mo_file = domain.po_path(language), domain.mo_path(language)
    if mo_file.exists() and (not po_file.exists() or mo_file.stat().st_mtime >= po_file.stat().st_mtime):
        with mo_file.open("rb") as handle:
            return _gettext.GNUTranslations(handle)
    if po_file.exists():
        return _gettext.GNUTranslations(io.BytesIO(compile_po(po_file)))
    return _gettext.NullTranslations()


def translations(domain_name: str, language: str) -> _gettext.NullTranslations:
    """The loaded catalogue of ``domain_name`` in ``language`` (empty for the source language)."""
    key = (domain_name, language)
    found = _loaded.get(key)
    if found is None:
        with _lock:
            found = _loaded.get(key)
            if found is None:
                domain = _domains.get(domain_name)
                if domain is None or language in (SOURCE, PSEUDO):
                    found = _gettext.NullTranslations()
                else:
                    found = _load(domain, language)
                _loaded[key] = found
    return found


def forget_loaded() -> None:
    """Drop the loaded catalogues (after a ``.po`` changed, e.g. in tests)."""
    with _lock:
        _loaded.clear()


# ---------------------------------------------------------------------------------------------
# Translating


_ACCENTED = str.maketrans("aeiouyAEIOUYcnsCNSz", "àéîõüýÀÉÎÕÜÝçñšÇÑŠž")


def pseudo(text: str) -> str:
    """The pseudo-locale form of ``text``: accented, about a third longer, bracketed; ``{name}``
    placeholders and ``<tags>`` are kept as they are. Idempotent: a string already in that form
    (translated once, then passed through a catalogue again) is left as it is."""
    if text.startswith("⟦") and text.endswith("⟧"):
        return text
    out: list[str] = []
    depth = 0
    for char in text:
        if char in "{<":
            depth += 1
        elif char in "}>" and depth:
            depth -= 1
            out.append(char)
            continue
        out.append(char if depth else char.translate(_ACCENTED))
    return f"⟦{''.join(out)}{_padding(len(text))}⟧"


def _padding(length: int) -> str:
    """A third of ``length`` in tildes, in runs of ten with a space between: a long text may still
    break its lines there, as the longer words of a real language would let it."""
    count = max(1, length // 3)
    return " ".join("~" * min(10, count - start) for start in range(0, count, 10))


def _fill(template: str, params: Mapping[str, Any]) -> str:
    return template.format(**params) if params else template


def gettext_in(domain_name: str, message: str, language: str | None = None) -> str:
    """``message`` in ``language`` (default: the reader's), unformatted."""
    language = language or current()
    if language == PSEUDO:
        return pseudo(message)
    return translations(domain_name, language).gettext(message)


def ngettext_in(domain_name: str, singular: str, plural: str, n: int, language: str | None = None) -> str:
    language = language or current()
    if language == PSEUDO:
        return pseudo(singular if n == 1 else plural)
    return translations(domain_name, language).ngettext(singular, plural, n)


def word_in(domain_name: str | None, text: str) -> str:
    """A word a game declared (a panel's name, a verb's title, a part of a score) in the reader's
    language: from the game's catalogue, else the platform's (which holds the shell's own names)."""
    if domain_name is not None:
        found = gettext_in(domain_name, text)
        if found != text:
            return found
    return gettext_in(PLATFORM_DOMAIN, text)


Gettext = Callable[..., str]


def translator(domain_name: str, directory: Path | None = None) -> tuple[Gettext, Gettext, Callable[[str], str]]:
    """The three marking functions of a text domain: ``_``, ``ngettext`` and ``N_``.

    ``_(message, **params)`` translates into the reader's language at the call and fills the
    ``{name}`` placeholders; ``ngettext(singular, plural, n, **params)`` also chooses the plural
    form (``n`` is a placeholder too); ``N_`` only marks a string for extraction.
    """
    if directory is not None:
        register_domain(domain_name, directory)
    elif domain_name == PLATFORM_DOMAIN:
        register_domain(PLATFORM_DOMAIN, PLATFORM_LOCALE_DIR)

    def _(message: str, **params: Any) -> str:
        return _fill(gettext_in(domain_name, message), params)

    def ngettext(singular: str, plural: str, n: int, **params: Any) -> str:
        return _fill(ngettext_in(domain_name, singular, plural, n), {"n": number(n), **params})

    def N_(message: str) -> str:
        return message

    return _, ngettext, N_


# ---------------------------------------------------------------------------------------------
# Texts stored once and read in every language

_EVERY_PREFIX = '{"' + SOURCE + '":'


def in_every_language(render: Callable[[], str]) -> str:
    """``render()`` in each language, kept together as one text to store (JSON): a line written
    once (a game's log, read by players of several languages) is read in each reader's language
    with :func:`for_reader`, and a line stored before it existed stays readable as it was."""
    texts: dict[str, str] = {}
    for language in LANGUAGES:
        with use_locale(language):
            texts[language] = render()
    return json.dumps(texts, ensure_ascii=False, separators=(",", ":"))


def kept_in_every_language(stored: str) -> bool:
    """Whether ``stored`` was kept by :func:`in_every_language` (as old games' log rows were)."""
    return stored.startswith(_EVERY_PREFIX)


def for_reader(stored: str, language: str | None = None) -> str:
    """A text kept by :func:`in_every_language`, in the reader's language (English if it lacks
    that one); any other text as it is."""
    if not kept_in_every_language(stored):
        return stored
    try:
        texts = json.loads(stored)
    except ValueError:
        return stored
    language = language or current()
    if language == PSEUDO:
        return pseudo(texts.get(SOURCE, ""))
    found = texts.get(language) or texts.get(SOURCE, "")
    return str(found)


# ---------------------------------------------------------------------------------------------
# Numbers and dates


def _babel_locale(language: str | None = None) -> str:
    language = language or current()
    return SOURCE if language == PSEUDO else language


def number(value: float, language: str | None = None) -> str:
    """``value`` written as the reader's language writes numbers (``1,234.5`` / ``1.234,5``)."""
    from babel.numbers import format_decimal

    return str(format_decimal(value, locale=_babel_locale(language)))


def percent(value: float, language: str | None = None) -> str:
    """A fraction (0.587) as the reader's language writes a percentage (``58.7%`` / ``58,7 %``)."""
    from babel.numbers import format_percent

    return str(format_percent(round(value, 3), locale=_babel_locale(language), decimal_quantization=False))


# ---------------------------------------------------------------------------------------------
# The browser's share of the catalogues


def catalogue_json(language: str, domain_names: tuple[str, ...] | None = None) -> dict[str, Any]:
    """The catalogues the browser needs, as JSON-ready data: per domain, each translated msgid's
    text (a list of forms for plurals). The browser's strings come from the same ``.po`` files as
    the terminal's and the server's; untranslated ones are left out and shown in English."""
    from babel.messages.pofile import read_po

    names = domain_names or tuple(_domains)
    out: dict[str, dict[str, str | list[str]]] = {}
    for name in names:
        domain = _domains.get(name)
        entries: dict[str, str | list[str]] = {}
        po_file = domain.po_path(language) if domain else None
        if po_file is not None and language not in (SOURCE, PSEUDO) and po_file.exists():
            with po_file.open("rb") as handle:
                catalogue = read_po(handle)
            for message in catalogue:
                if not message.id or message.fuzzy or not message.string:
                    continue
                key = str(message.id[0] if isinstance(message.id, (tuple, list)) else message.id)
                if isinstance(message.string, tuple):
                    if all(message.string):
                        entries[key] = list(message.string)
                else:
                    entries[key] = message.string
        out[name] = entries
    return {"language": language, "pseudo": language == PSEUDO, "domains": out}
