"""Keeping the catalogues: extract the marked strings of each text domain from the sources, merge
them into each language's ``.po`` (new strings empty, vanished ones dropped), compile ``.mo``
files, and list what is missing or untranslated (a test fails on any).

A domain's sources are the Python and JavaScript files of its package: the platform's domain
``kleos`` is everything under ``src/kleos`` but the games; a game's domain is its package. A game's
data files keep their user-facing words in English too (event cards' titles and texts): the fields
listed in ``locale/data-fields.json`` (``{"data/*/events.json": ["title", "text"]}``) are extracted
like marked strings, and the game renders them through its catalogue.
Run it as ``python scripts/catalogues.py extract|compile|check``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from string import Formatter

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from kleos.i18n import LANGUAGES, SOURCE, compile_po

PACKAGE_ROOT = Path(__file__).resolve().parent.parent
PYTHON_KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "IllegalAction": (2,)}
JS_KEYWORDS = {"t": None, "tn": (1, 2)}
METHODS = [("**/locale/**", "ignore"), ("**.py", "python"), ("**.js", "javascript")]
DATA_FIELDS_FILE = "data-fields.json"
TRANSLATED = tuple(language for language in LANGUAGES if language != SOURCE)
HEADER_COMMENT = "# The {domain} text domain of Kleos in {language}: see docs/i18n.md."


@dataclass(frozen=True)
class Source:
    """A text domain's sources: the package directory, and the subpackages left to other domains."""

    domain: str
    root: Path
    skip: tuple[str, ...] = ()

    @property
    def locale_dir(self) -> Path:
        return self.root / "locale"


def sources(package_root: Path = PACKAGE_ROOT) -> list[Source]:
    """The platform's domain and one per game package."""
    games = package_root / "games"
    found = [Source("kleos", package_root, skip=("games",))]
    for game in sorted(p for p in games.iterdir() if (p / "__init__.py").exists()):
        found.append(Source(game.name, game))
    return found


@dataclass
class Extracted:
    """One domain's marked strings: msgid (or singular, plural) → where they occur."""

    messages: dict[str | tuple[str, str], list[tuple[str, int]]] = field(default_factory=dict)


def extract(source: Source) -> Extracted:
    """Every string marked in ``source`` (Python ``_``, ``N_``, ``ngettext``; JavaScript ``t``, ``tn``)."""
    out = Extracted()
    for method, keywords in (("python", PYTHON_KEYWORDS), ("javascript", JS_KEYWORDS)):
        pattern = "**.py" if method == "python" else "**.js"
        methods = [("**/locale/**", "ignore"), *((f"{s}/**", "ignore") for s in source.skip), (pattern, method)]
        for filename, lineno, message, _comments, _context in extract_from_dir(
                str(source.root), methods, keywords=keywords, comment_tags=("TRANSLATORS:",), strip_comment_tags=True):
            key: str | tuple[str, str] = message if isinstance(message, str) else (message[0], message[1])
            if not key:
                continue
            out.messages.setdefault(key, []).append((filename, lineno))
    for filename, text in data_strings(source):
        out.messages.setdefault(text, []).append((filename, 0))
    return out


def data_strings(source: Source) -> Iterator[tuple[str, str]]:
    """The user-facing words of the domain's data files: (file relative to the root, text) for
    every string held by a field that ``locale/data-fields.json`` lists for that file."""
    listing = source.locale_dir / DATA_FIELDS_FILE
    if not listing.exists():
        return
    for pattern, fields in json.loads(listing.read_text(encoding="utf-8")).items():
        for path in sorted(source.root.glob(pattern)):
            data = json.loads(path.read_text(encoding="utf-8"))
            for text in _field_strings(data, frozenset(fields)):
                yield str(path.relative_to(source.root)), text


def _field_strings(data: object, fields: frozenset[str]) -> Iterator[str]:
    """Every non-empty string under a key in ``fields`` (or in a list under it, or a mapping such as a
    name per edition), anywhere in ``data`` but in the ``provenance`` records (which name the fields
    whose origin they give, and are never shown)."""
    if isinstance(data, dict):
        for key, value in data.items():
            if key == "provenance":
                continue
            if key in fields and isinstance(value, (str, list, dict)):  # a dict: a name per edition
                texts = [value] if isinstance(value, str) else value.values() if isinstance(value, dict) else value
                yield from (text for text in texts if isinstance(text, str) and text)
            else:
                yield from _field_strings(value, fields)
    elif isinstance(data, list):
        for item in data:
            yield from _field_strings(item, fields)


def template(source: Source, extracted: Extracted) -> Catalog:
    catalogue = Catalog(domain=source.domain, project="Kleos", charset="utf-8")
    for key, places in sorted(extracted.messages.items(), key=lambda item: str(item[0])):
        catalogue.add(key, locations=places)
    return catalogue


def read(path: Path, language: str) -> Catalog:
    if not path.exists():
        fresh = Catalog(locale=language, domain=path.stem, project="Kleos", version="0.1", charset="utf-8",
                        header_comment=HEADER_COMMENT.format(domain=path.stem, language=language),
                        copyright_holder="the Kleos authors", fuzzy=False)
        return fresh
    with path.open("rb") as handle:
        return read_po(handle, locale=language)


def update(source: Source, language: str, extracted: Extracted) -> Path:
    """Merge the extracted strings into the language's ``.po``: translations kept, new strings
    added empty, strings no longer in the sources dropped (no fuzzy guessing: a changed string is
    translated again)."""
    path = source.locale_dir / language / "LC_MESSAGES" / f"{source.domain}.po"
    path.parent.mkdir(parents=True, exist_ok=True)
    catalogue = read(path, language)
    catalogue.update(template(source, extracted), no_fuzzy_matching=True)
    catalogue.obsolete.clear()
    with path.open("wb") as handle:
        write_po(handle, catalogue, width=100, sort_output=True, ignore_obsolete=True)
    return path


def compile_all(package_root: Path = PACKAGE_ROOT) -> list[Path]:
    """Write the ``.mo`` of every ``.po`` (git-ignored; set-up runs this)."""
    written = []
    for po_file in sorted(package_root.glob("**/locale/*/LC_MESSAGES/*.po")):
        mo_file = po_file.with_suffix(".mo")
        mo_file.write_bytes(compile_po(po_file))
        written.append(mo_file)
    return written


@dataclass(frozen=True)
class Gap:
    """A marked string a language's catalogue lacks (``missing``) or leaves empty or fuzzy."""

    domain: str
    language: str
    message: str
    kind: str
    where: str

    def __str__(self) -> str:
        return f"{self.domain}/{self.language}: {self.kind}: {self.message!r} ({self.where})"


def placeholders(text: str) -> set[str]:
    """The ``{name}`` fields of a template (a malformed one has the impossible field ``{?}``)."""
    try:
        return {name for _text, name, _spec, _conv in Formatter().parse(text) if name is not None}
    except ValueError:
        return {"?"}


def same_placeholders(key: str | tuple[str, str], translated: str | tuple[str, ...] | list[str]) -> bool:
    """Whether a translation fills the same fields as its source (every plural form: those of the
    plural source, which may add ``{n}``)."""
    if isinstance(key, str):
        return isinstance(translated, str) and placeholders(translated) == placeholders(key)
    wanted = placeholders(key[0]) | placeholders(key[1])
    forms = tuple(translated) if not isinstance(translated, str) else (translated,)
    return all(placeholders(form) <= wanted and placeholders(form) >= placeholders(key[0]) - {"n"}
               for form in forms)


def gaps(source: Source, extracted: Extracted | None = None) -> Iterator[Gap]:
    """What each translated language of ``source`` still lacks."""
    extracted = extracted or extract(source)
    for language in TRANSLATED:
        path = source.locale_dir / language / "LC_MESSAGES" / f"{source.domain}.po"
        catalogue = read(path, language)
        for key, places in extracted.messages.items():
            msgid = key if isinstance(key, str) else key[0]
            where = f"{places[0][0]}:{places[0][1]}"
            entry = catalogue.get(msgid)
            if entry is None:
                yield Gap(source.domain, language, msgid, "missing", where)
            elif entry.fuzzy or not entry.string or (isinstance(entry.string, tuple) and not all(entry.string)):
                yield Gap(source.domain, language, msgid, "untranslated", where)
            elif not same_placeholders(key, entry.string):
                yield Gap(source.domain, language, msgid, "placeholders differ", where)
