#!/usr/bin/env python3
"""Compile the games' rules with mypyc, next to their sources: the compiled build of Kleos.

    .venv/bin/python scripts/build_compiled.py            # build if a C compiler is here, unless up to date
    .venv/bin/python scripts/build_compiled.py --clean    # remove the compiled build (back to pure Python)

The modules of :data:`COMPILED_GLOBS` become extension modules beside their ``.py`` files, and
``src/kleos/compiled.txt`` lists them; ``kleos.build`` then loads them instead of the sources (or
not: ``KLEOS_COMPILED=0``), and ``kleos --version`` says which build runs. Without a C compiler or
mypyc the script says so and leaves the pure-Python build, which always works. Everything it writes
is git-ignored (``*.so``, ``build/``, ``compiled.txt``).
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import sysconfig
import time
from fnmatch import fnmatch
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"
PACKAGE = SRC / "kleos"
MANIFEST = PACKAGE / "compiled.txt"
TEMP = ROOT / "build" / "mypyc"

# Under src/: the rules, tables and states of every game and the protocol they fill in (the code a
# playout or a search runs), and the agents' code a search spends its time in.
COMPILED_GLOBS: tuple[str, ...] = (
    "kleos/core/protocol.py",
    "kleos/core/rng.py",
    "kleos/games/polis/rules/*.py",
    "kleos/games/polis/state.py",
    "kleos/games/polis/tables.py",
    "kleos/games/polis/board.py",
    "kleos/games/polis/pieces.py",
    "kleos/games/polis/agents/heuristic/*.py",  # the search's rollout policy and evaluation
    "kleos/games/cyclades/agents/evaluation.py",
    "kleos/games/cyclades/agents/heuristic.py",
    "kleos/games/cyclades/agents/search.py",
    "kleos/games/cyclades/rules/*.py",
    "kleos/games/cyclades/state.py",
    "kleos/games/cyclades/tables.py",
    "kleos/games/pericles/agents/evaluation.py",
    "kleos/games/pericles/agents/heuristic.py",  # the look-ahead a vignette search spends ~90% in
    "kleos/games/pericles/rules/*.py",
    "kleos/games/pericles/state.py",
    "kleos/games/pericles/tables.py",
)
LEFT_OUT: frozenset[str] = frozenset()  # modules of those globs that stay interpreted


def compiled_sources() -> list[Path]:
    """The modules to compile, in a stable order (package ``__init__`` files stay interpreted)."""
    found = {p for pattern in COMPILED_GLOBS for p in SRC.glob(pattern) if p.name != "__init__.py"}
    return sorted(p for p in found if str(p.relative_to(SRC)) not in LEFT_OUT)


def extension_of(source: Path) -> Path:
    """Where the build puts the extension module of ``source`` (this interpreter's suffix)."""
    return source.with_suffix(EXTENSION_SUFFIXES[0])


def up_to_date(sources: list[Path]) -> bool:
    """The manifest lists exactly these modules, each built after its source was last changed."""
    if not MANIFEST.exists():
        return False
    listed = MANIFEST.read_text().split()
    wanted = [str(extension_of(p).relative_to(PACKAGE)) for p in sources]
    built = MANIFEST.stat().st_mtime  # written last: the modules' own files are shims a build may leave as they were
    return listed == wanted and all(extension_of(p).exists() and built >= p.stat().st_mtime for p in sources)


def compiler() -> str | None:
    """The C compiler the build would use, if one is installed."""
    cc = (sysconfig.get_config_var("CC") or "cc").split()[0]
    return shutil.which(cc)


def clean() -> None:
    """Remove every compiled module of the package and the manifest: the pure-Python build remains."""
    MANIFEST.unlink(missing_ok=True)
    for suffix in EXTENSION_SUFFIXES:
        for path in [*PACKAGE.rglob(f"*{suffix}"), *SRC.glob(f"*__mypyc{suffix}")]:
            path.unlink()


def build(sources: list[Path], jobs: int) -> None:
    """Compile ``sources`` in place (from ``src/``, so that the module names come out right)."""
    from mypyc.build import mypycify
    from setuptools import setup

    MANIFEST.unlink(missing_ok=True)  # no half-built build is ever taken for a whole one
    os.chdir(SRC)
    modules = mypycify([str(p.relative_to(SRC)) for p in sources], opt_level="3", multi_file=True,
                       target_dir=str(TEMP))
    setup(name="kleos-compiled", ext_modules=modules,
          script_args=["--quiet", "build_ext", "--inplace", "--build-temp", str(TEMP), f"--parallel={jobs}"])
    MANIFEST.write_text("".join(f"{extension_of(p).relative_to(PACKAGE)}\n" for p in sources))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--clean", action="store_true", help="remove the compiled build")
    parser.add_argument("--force", action="store_true", help="build even when up to date")
    parser.add_argument("--jobs", type=int, default=2, help="C files compiled at once (default 2)")
    parser.add_argument("--only", default="*", metavar="GLOB",
                        help="compile only the modules matching this (e.g. 'kleos/games/polis/*'), to try one game")
    args = parser.parse_args(argv)
    if args.clean:
        clean()
        print("compiled build removed: the pure-Python build runs")
        return 0
    sources = [p for p in compiled_sources() if fnmatch(str(p.relative_to(SRC)), args.only)]
    if not args.force and up_to_date(sources):
        print(f"compiled build up to date ({len(sources)} modules)")
        return 0
    if compiler() is None:
        print("no C compiler: the pure-Python build runs")
        return 0
    try:
        import mypyc  # noqa: F401
    except ImportError:
        print("mypyc is not installed (pip install mypy): the pure-Python build runs")
        return 0
    started = time.monotonic()
    clean()
    build(sources, args.jobs)
    print(f"compiled {len(sources)} modules with mypyc in {time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
