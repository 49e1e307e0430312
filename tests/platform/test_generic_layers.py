"""The generic layers know no game: no module of theirs names an installed game, its title or its
seats (import-linter checks the imports; this checks the words, in code and in the browser files)."""

from __future__ import annotations

import re
from pathlib import Path

from kleos.core import registry

SOURCE = Path(__file__).resolve().parents[2] / "src" / "kleos"
GENERIC = ("core", "agents", "arena", "server", "tui", "web", "adapters", "analysis", "cli.py", "__main__.py")
SUFFIXES = {".py", ".js", ".html", ".css", ".mako"}


def generic_files() -> list[Path]:
    files: list[Path] = []
    for name in GENERIC:
        place = SOURCE / name
        files.extend([place] if place.is_file() else sorted(p for p in place.rglob("*") if p.suffix in SUFFIXES))
    return files


def game_words() -> set[str]:
    words: set[str] = set()
    for kit in registry.games().values():
        game = kit.make_game(kit.default_options())
        words.update({kit.name, kit.title, *game.seat_names})
    return {w.lower() for w in words}


def test_no_generic_module_names_a_game() -> None:
    words = game_words()
    assert words, "no game installed: nothing to check against"
    pattern = re.compile(r"\b(" + "|".join(re.escape(w) for w in sorted(words)) + r")\b", re.IGNORECASE)
    found = []
    for path in generic_files():
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            match = pattern.search(line)
            if match:
                found.append(f"{path.relative_to(SOURCE)}:{number}: {match.group(0)}")
    assert not found, "generic modules name a game:\n" + "\n".join(found[:40])
