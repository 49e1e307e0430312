"""What a browser test checks of a page in its reader's language (issue 30).

In the pseudo-locale every visible text went through the catalogues (the platform's or the game's:
what is left once the pseudo-locale's ``⟦…⟧`` parts are taken out has no English word) unless its
words are names or notation: the games' titles and names, the agents', the languages' own names,
rule IDs, and the shown game's proper names and notation read from its own package
(:func:`languages.game_names`: Polis's regions, poleis and markets as its editions print them,
Pericles' theater keys, cards, factions, issues and markers, Cyclades' islands and seas). Only the
language picker, the brand, code, keys and Cyclades' building letters are left out: the board,
the menu, the log, the options and the hints are read like the rest, and so is what a pointer or a
screen reader is told (tooltips, ``aria-label``, placeholders, an SVG shape's title). And the longer words still
fit: the page does not scroll sideways at its width and no button, heading or label has its
words cut off."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import httpx

from kleos import i18n
from languages import english_left, game_names

# Regions whose words are never a catalogue's: the picker (each language's own name), the brand,
# code and keys, and Cyclades' building letters on the map (P F T U: notation, as the terminal's
# legend says in every language).
NOT_WORDS = ["#lang-pick", ".brand", "code", "kbd", "#cyc-map .buildings"]

VISIBLE_TEXTS = """(skip) => {
    const TOLD = ["title", "aria-label", "placeholder", "alt"];
    const out = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent.trim();
        const el = node.parentElement;
        if (!text || !el || el.closest(skip.join(",")) || !el.checkVisibility()) continue;
        if (/[A-Za-z]{3}/.test(text)) out.push(text);
    }
    // What a pointer or a screen reader is told: tooltips, labels, placeholders, an SVG shape's title.
    for (const el of document.body.querySelectorAll("[title], [aria-label], [placeholder], [alt], svg title")) {
        const svgTitle = el.tagName.toLowerCase() === "title";
        const owner = svgTitle ? el.parentElement : el;
        if (!owner || owner.closest(skip.join(",")) || !owner.checkVisibility()) continue;
        const said = svgTitle ? [el.textContent] : TOLD.map((name) => el.getAttribute(name));
        for (const text of said) {  // an address (the invite box's example) is notation, not words
            if (text && /[A-Za-z]{3}/.test(text) && !/^ *https?:[/][/]/.test(text)) out.push(text.trim());
        }
    }
    return out;
}"""

OVERFLOW = """() => {
    const root = document.documentElement;
    const out = [];
    const name = (el) => {
        const within = el.parentElement && el.parentElement.closest("[id]");
        return `${within ? "#" + within.id + " " : ""}${el.tagName.toLowerCase()}${el.id ? "#" + el.id : ""}`;
    };
    const sticks_out = (el) => el.getBoundingClientRect().right > root.clientWidth + 1;
    const scrolled = (el) => {  // inside a box that scrolls or clips and itself fits
        for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
            if (getComputedStyle(up).overflowX !== "visible" && !sticks_out(up)) return true;
        }
        return false;
    };
    const out_of = (el) => sticks_out(el) && !scrolled(el);
    if (root.scrollWidth > root.clientWidth + 1) {  // the innermost elements that stick out
        const wide = [...document.body.querySelectorAll("*")].filter((el) => out_of(el)
            && ![...el.children].some(out_of) && el.checkVisibility());
        out.push(`the page: ${root.scrollWidth}px in ${root.clientWidth}px, by ${wide.slice(0, 5).map(name)}`);
    }
    for (const el of document.querySelectorAll("button, h1, h2, h3, h4, th, label, summary, .choice, .tab")) {
        const style = getComputedStyle(el);
        const inline = style.display.startsWith("inline") && el.tagName !== "BUTTON";
        if (!el.checkVisibility() || inline || style.textOverflow === "ellipsis") continue;  // cut on purpose
        if (el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0) {
            out.push(`${name(el)}: ${el.textContent.trim().slice(0, 60)}`
                     + ` (${el.scrollWidth}px in ${el.clientWidth}px)`);
        }
    }
    return out;
}"""


def names_of(base: str) -> list[str]:
    """The names every page may show untranslated: the games' names and titles, the agents and the
    languages' own names."""
    catalog = httpx.get(f"{base}/api/catalog", timeout=30).json()["games"]
    names = ["Kleos", "English", "Español", "Deutsch", "JSON", "openskill", "Plackett", "Luce"]
    for entry in catalog:
        names += [entry["name"], entry["title"], *entry.get("opponents", [])]
    return names


def plain_english(page: Any, base: str, names: Iterable[str] = ()) -> list[str]:
    """The visible texts of ``page`` that bypassed the catalogues (read in the pseudo-locale)."""
    texts: list[str] = page.evaluate(VISIBLE_TEXTS, NOT_WORDS)
    game = page.evaluate("document.body.dataset.game || ''")
    return english_left(texts, [*names_of(base), *game_names(game), *names])


def overflowing(page: Any) -> list[str]:
    """Where the page's words do not fit: sideways scrolling, or a control or heading cut off."""
    found: list[str] = page.evaluate(OVERFLOW)
    return found


def check_reader_language(page: Any, language: str, base: str, names: Iterable[str] = ()) -> None:
    """The page speaks ``language``; in the pseudo-locale, no shell text bypassed the catalogues
    and the longer words fit the page's width."""
    pseudo = language == i18n.PSEUDO
    page.wait_for_function("lang => document.documentElement.lang === lang", arg="en" if pseudo else language)
    if not pseudo:
        return
    left = plain_english(page, base, names)
    assert left == [], f"shell text that bypassed the catalogues: {left}"
    cut = overflowing(page)
    assert cut == [], f"words that do not fit at {page.viewport_size['width']}px: {cut}"
