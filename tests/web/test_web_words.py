"""The static pages' words reach the catalogues: every element of the shell's HTML marked for
translation (``data-t``, ``data-t-attr``) has its English text listed in ``js/page-words.js``,
where the catalogues' extraction finds it, and the pages declare no text left unmarked."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser

from kleos import i18n
from kleos.i18n import platform
from kleos.web.ui import STATIC_DIR

PAGES = ("index.html", "game.html", "replay.html", "ladder.html")
ATTRIBUTES = ("placeholder", "title", "aria-label")
NOT_WORDS = re.compile(r"^[\W\d_]*$|^Kleos$")  # symbols, numbers and the brand need no translation


class Words(HTMLParser):
    """The marked words of a page, and the text of unmarked elements."""

    def __init__(self) -> None:
        super().__init__()
        self.open: list[tuple[str, bool, list[str]]] = []
        self.marked: list[str] = []
        self.unmarked: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        for name in (found.get("data-t-attr") or "").split():
            if found.get(name):
                self.marked.append(str(found[name]))
        for name in ATTRIBUTES:
            value = found.get(name)
            if value and name not in (found.get("data-t-attr") or "") and not NOT_WORDS.match(value) \
                    and not value.startswith("https://"):
                self.unmarked.append(value)
        if tag not in ("meta", "link", "input", "br"):
            self.open.append((tag, "data-t" in found, []))

    def handle_endtag(self, tag: str) -> None:
        while self.open:
            name, marked, parts = self.open.pop()
            text = " ".join("".join(parts).split())
            if marked and text:
                self.marked.append(text)
            elif not marked and text and not NOT_WORDS.match(text) and name not in ("script", "style"):
                self.unmarked.append(text)
            if name == tag:
                break

    def handle_data(self, data: str) -> None:
        if self.open:
            self.open[-1][2].append(data)


def listed() -> set[str]:
    source = (STATIC_DIR / "js" / "page-words.js").read_text(encoding="utf-8")
    return {json.loads(found) for found in re.findall(r'\bt\(("(?:[^"\\]|\\.)*")\)', source)}


def test_every_marked_word_of_the_pages_is_listed_for_extraction() -> None:
    words = listed()
    for page in PAGES:
        parser = Words()
        parser.feed((STATIC_DIR / page).read_text(encoding="utf-8"))
        missing = [word for word in parser.marked if word not in words]
        assert missing == [], f"{page}: add these to js/page-words.js: {missing}"
        assert parser.unmarked == [], f"{page}: text without data-t: {parser.unmarked}"


def test_the_listed_words_are_translated_in_every_language() -> None:
    german, spanish = (i18n.catalogue_json(language, (platform.DOMAIN,))["domains"][platform.DOMAIN]
                       for language in ("de", "es"))
    untranslated = sorted(word for word in listed() if word not in german or word not in spanish)
    assert untranslated == []
