"""Which build of Kleos runs: the pure-Python modules, or the rules compiled with mypyc beside them.

``scripts/build_compiled.py`` compiles the rules of every game (where a C compiler is present) into
extension modules next to their sources; Python then imports those in place of the ``.py`` files.
The pure-Python package is always there as the fallback. ``KLEOS_COMPILED`` chooses:

* unset: the compiled build when it is complete and newer than every source it was built from,
  else the pure-Python one (an edited rule is never shadowed by a stale build);
* ``0``: the pure-Python build even when a compiled one is there;
* ``1``: the compiled build, and an error when it is missing or out of date.

All compiled modules or none: compiled classes are not interchangeable with their Python twins.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping, Sequence
from importlib.machinery import SOURCE_SUFFIXES, FileFinder, ModuleSpec, SourceFileLoader
from pathlib import Path
from types import ModuleType

SWITCH = "KLEOS_COMPILED"
PACKAGE_DIR = Path(__file__).resolve().parent
MANIFEST = "compiled.txt"  # written by the build, next to this file: one extension module a line


class BuildError(RuntimeError):
    """``KLEOS_COMPILED=1`` asked for a compiled build that is not there or out of date."""


def compiled_files(package_dir: Path = PACKAGE_DIR) -> list[Path] | None:
    """The extension modules the last build listed in :data:`MANIFEST` (None: no build), missing or not."""
    manifest = package_dir / MANIFEST
    if not manifest.exists():
        return None
    return [package_dir / line for line in manifest.read_text().split()]


def source_of(extension: Path) -> Path:
    """The ``.py`` file an extension module was compiled from (``board.cpython-311-….so`` -> ``board.py``)."""
    return extension.with_name(extension.name.split(".", 1)[0] + ".py")


def stale(files: Sequence[Path], built: float) -> list[Path]:
    """Compiled modules missing, or whose source changed after the build finished at ``built`` (the
    manifest's time: the modules' own files are small shims the build may leave untouched)."""
    return [p for p in files if not p.exists() or source_of(p).stat().st_mtime > built]


class SourceOnly:
    """A finder that loads ``kleos`` modules from their ``.py`` files, passing over extension modules."""

    def find_spec(self, name: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if not name.startswith("kleos.") or not path:
            return None
        for entry in path:
            spec = FileFinder(entry, (SourceFileLoader, SOURCE_SUFFIXES)).find_spec(name, target)
            if spec is not None:
                return spec
        return None


def decide(environ: Mapping[str, str], package_dir: Path = PACKAGE_DIR) -> tuple[str, bool]:
    """The build this process should run (see the module docstring): its description, and whether
    it is the compiled one."""
    wanted = environ.get(SWITCH, "")
    files = compiled_files(package_dir)
    if wanted == "0" or files is None:
        if wanted == "1":
            raise BuildError(f"{SWITCH}=1 but no compiled module is built: run scripts/build_compiled.py")
        return "interpreted build" + (f" ({SWITCH}=0)" if wanted == "0" else ""), False
    old = stale(files, (package_dir / MANIFEST).stat().st_mtime)
    if old:
        if wanted == "1":
            raise BuildError(f"{SWITCH}=1 but the compiled build is missing or older than {source_of(old[0])}: "
                             "run scripts/build_compiled.py")
        return f"interpreted build (the compiled one is out of date: {len(old)} modules)", False
    return f"compiled build (mypyc, {len(files)} modules)", True


def install(environ: Mapping[str, str] = os.environ) -> str:
    """Decide the build for this process and keep the compiled modules out if it is the interpreted one."""
    description, compiled = decide(environ)
    if not compiled:
        _source_only()
    return description


def _source_only() -> None:
    if not any(isinstance(f, SourceOnly) for f in sys.meta_path):
        sys.meta_path.insert(0, SourceOnly())
