"""The build switch (kleos.build): which build a process runs, and the finder that keeps compiled modules out."""

from __future__ import annotations

import importlib.util
import os
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest

from kleos.build import MANIFEST, BuildError, SourceOnly, decide
from kleos.core import registry


def fake_build(package: Path, *, newer_source: bool = False) -> Path:
    """A package dir with one source and a (dummy) compiled twin listed in the manifest."""
    source = package / "rules.py"
    source.write_text("X = 1\n")
    built = package / f"rules{EXTENSION_SUFFIXES[0]}"
    built.write_bytes(b"not a real extension")
    (package / MANIFEST).write_text(built.name + "\n")
    os.utime(source, (1_000, 1_000))
    os.utime(package / MANIFEST, (2_000, 2_000))
    if newer_source:
        os.utime(source, (3_000, 3_000))
    return built


def test_without_a_build_the_interpreted_one_runs_and_forcing_the_compiled_one_fails(tmp_path: Path) -> None:
    assert decide({}, tmp_path) == ("interpreted build", False)
    with pytest.raises(BuildError, match="no compiled module"):
        decide({"KLEOS_COMPILED": "1"}, tmp_path)


def test_a_fresh_build_runs_unless_switched_off(tmp_path: Path) -> None:
    fake_build(tmp_path)
    assert decide({}, tmp_path) == ("compiled build (mypyc, 1 modules)", True)
    assert decide({"KLEOS_COMPILED": "1"}, tmp_path)[1]
    assert decide({"KLEOS_COMPILED": "0"}, tmp_path) == ("interpreted build (KLEOS_COMPILED=0)", False)


def test_a_build_older_than_its_source_or_missing_is_never_used(tmp_path: Path) -> None:
    built = fake_build(tmp_path, newer_source=True)
    assert decide({}, tmp_path) == ("interpreted build (the compiled one is out of date: 1 modules)", False)
    with pytest.raises(BuildError, match="older than"):
        decide({"KLEOS_COMPILED": "1"}, tmp_path)
    built.unlink()
    assert not decide({}, tmp_path)[1]


def test_the_source_only_finder_takes_the_py_file_over_its_compiled_twin(tmp_path: Path) -> None:
    fake_build(tmp_path)
    spec = SourceOnly().find_spec("kleos.rules", [str(tmp_path)])
    assert spec is not None and spec.origin == str(tmp_path / "rules.py")
    assert SourceOnly().find_spec("elsewhere.rules", [str(tmp_path)]) is None  # only the kleos package


def test_the_default_build_compiles_every_game_s_rules_state_and_tables_and_the_protocol() -> None:
    """scripts/build_compiled.py: each installed game's rules, state and tables, and the core protocol and
    generator they run on, are in the compiled build (their ``__init__`` files stay interpreted)."""
    script = Path(__file__).resolve().parents[2] / "scripts" / "build_compiled.py"
    spec = importlib.util.spec_from_file_location("build_compiled", script)
    assert spec is not None and spec.loader is not None
    build_script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build_script)
    compiled = {str(p.relative_to(build_script.SRC)) for p in build_script.compiled_sources()}
    assert {"kleos/core/protocol.py", "kleos/core/rng.py"} <= compiled
    for game in registry.games():
        assert {f"kleos/games/{game}/state.py", f"kleos/games/{game}/tables.py"} <= compiled, game
        rules = {p for p in compiled if p.startswith(f"kleos/games/{game}/rules/")}
        assert len(rules) >= 10, (game, sorted(rules))
    assert not any(p.endswith("__init__.py") for p in compiled)
