"""What a browser test checks of a page in its reader's language (issue 30).

In the pseudo-locale every visible text of the shell went through the catalogues (it holds the
pseudo-locale's ``⟦…⟧``) unless its words are names (games, seats, agents, players, ids) or
notation, or it lies in a region whose words the game's own text domain gives (the board, the
menu's choices, the log lines, the kit's option texts): those are the game parts' words, checked
by their own catalogues. And the longer words still fit: the page does not scroll sideways at its
width and no button, heading or label has its words cut off."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

import httpx

from kleos import i18n

# Regions that hold the game's own words (its text domain), not the shell's.
GAME_WORDS = [".board-slot", "#board-main", "#menu .choice", "#menu .menu-title", ".log-entry", "#description",
              ".game-text", "#options", "#advanced-options", "#handicap-help", ".side-tag", ".clock-name",
              ".last-turn-text", "#announce", "#current-action", "#menu .help", "#menu .explain", ".outcome-text",
              ".help-verb", ".hint-text", ".hint-why", "#lang-pick", ".brand", "code", "kbd"]

PLAIN_ENGLISH = """([skip, names]) => {
    const known = new Set(names.map((n) => n.toLowerCase()));
    const out = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent.trim();
        const el = node.parentElement;
        if (!text || !el || el.closest(skip.join(",")) || !el.checkVisibility()) continue;
        if (text.includes("⟦")) continue;
        const words = (text.match(/[A-Za-z]{3,}/g) || []).filter((w) => !known.has(w.toLowerCase()));
        if (words.length) out.push(text);
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
    """The words that are names: the games' titles and names, their seats, the agents, and the
    languages' own names."""
    catalog = httpx.get(f"{base}/api/catalog", timeout=30).json()["games"]
    words = ["Kleos", "English", "Español", "Deutsch", "JSON", "openskill", "Plackett", "Luce"]
    for entry in catalog:
        words += [entry["name"], *re.findall(r"[A-Za-z]{3,}", entry["title"])]
        for seat in entry.get("seat_names", []):
            words += re.findall(r"[A-Za-z]{3,}", seat)
        for agent in entry.get("opponents", []):
            words += re.findall(r"[A-Za-z]{3,}", agent)
    return words


def plain_english(page: Any, base: str, names: Iterable[str] = ()) -> list[str]:
    """The visible shell texts of ``page`` that bypassed the catalogues (read in the pseudo-locale)."""
    found: list[str] = page.evaluate(PLAIN_ENGLISH, [GAME_WORDS, [*names_of(base), *names]])
    return found


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
