"""The mutation sample CI runs (``scripts/mutation.py sample``) still fits the sources: every mutant's line
is in its module exactly once and its test exists, so an edit of a rules module that moves a sampled line
shows here, in a second, rather than as a failed sample run."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _script(name: str) -> ModuleType:
    """A script of ``scripts/`` loaded as a module (they are not a package)."""
    spec = importlib.util.spec_from_file_location(f"{name}_script", ROOT / "scripts" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


MUTATION = _script("mutation")
SAMPLE = MUTATION.load_sample()


def test_the_sample_spans_the_three_games() -> None:
    games = {mutant.path.split("/")[3] for mutant in SAMPLE}
    assert games == {"polis", "cyclades", "pericles"}
    assert 10 <= len(SAMPLE) <= 24


@pytest.mark.parametrize("mutant", SAMPLE, ids=[mutant.name for mutant in SAMPLE])
def test_each_mutant_still_fits_its_module_and_names_a_test(mutant: Any) -> None:
    source = (ROOT / mutant.path).read_text()
    assert source.count(mutant.before) == 1, "the sampled line moved: copy it again"
    assert mutant.after != mutant.before
    path, _, function = mutant.test.partition("::")
    assert re.search(rf"^def {re.escape(function)}\(", (ROOT / path).read_text(), re.MULTILINE)


def test_apply_writes_the_mutant_once_and_refuses_a_line_that_moved(tmp_path: Path) -> None:
    target = tmp_path / "src" / "rule.py"
    target.parent.mkdir()
    target.write_text("def ok(n: int) -> bool:\n    return n >= 3\n")
    mutant = MUTATION.Mutant("rule ok", "src/rule.py", "n >= 3", "n > 3", "tests/x.py::test_ok")
    MUTATION.apply(mutant, tmp_path)
    assert target.read_text().endswith("return n > 3\n")
    with pytest.raises(SystemExit, match="not exactly once"):
        MUTATION.apply(mutant, tmp_path)


def test_a_run_leaves_out_the_tests_that_read_the_rules_source() -> None:
    """A test that scans the rules' source as text would read every mutant's copy of each function in a
    run and fail before the first mutant: each one named exists and is in no module's test list."""
    scans = MUTATION._SOURCE_SCANS
    assert scans and all(any((ROOT / "tests").glob(f"*/{name}.py")) for name in scans)
    for game in MUTATION.GAMES:
        for module in MUTATION.rules_modules(game):
            assert not any(Path(test).stem in scans for test in MUTATION.tests_for(module)), module


def test_a_data_module_is_mutated_where_it_lives_and_collected_under_its_mutant() -> None:
    assert MUTATION.source_of("polis.tables") == "src/kleos/games/polis/tables.py"
    assert MUTATION.source_of("polis.siege") == "src/kleos/games/polis/rules/siege.py"
    for module in ("polis.tables", "cyclades.loader", "pericles.siege_x"):
        assert (ROOT / MUTATION.source_of(module)).exists() == (module != "pericles.siege_x")
    assert MUTATION.expand(["cyclades"])[-2:] == ["cyclades.tables", "cyclades.loader"]
    assert MUTATION.expand(["polis"])[-3:] == ["polis.tables", "polis.loader", "polis.scenarios"]
    with pytest.raises(SystemExit, match=r"unknown modules: polis\.nothing, chess\.tables"):
        MUTATION.expand(["polis.nothing", "chess.tables"])
    data, rules = MUTATION._config("pericles.tables"), MUTATION._config("pericles.battle")
    assert 'only_mutate = ["src/kleos/games/pericles/tables.py"]' in data
    assert 'forkserver_warmup = "none"' in data and 'forkserver_warmup = "collect"' in rules
    assert '"conftest.py"' in data and '"conftest.py"' in rules


def test_the_run_plugin_empties_the_projects_memo_tables_and_no_others() -> None:
    from functools import lru_cache

    plugin = _script("mutation_plugin")
    ours, theirs = ModuleType("kleos_probe.memo"), ModuleType("other_probe.memo")
    calls: list[str] = []

    def memo_in(module: ModuleType) -> None:
        @lru_cache(maxsize=4)
        def square(n: int) -> int:
            calls.append(module.__name__)
            return n * n

        square.__module__ = module.__name__
        module.square = square  # type: ignore[attr-defined]
        sys.modules[module.__name__] = module

    memo_in(ours)
    memo_in(theirs)
    try:
        for module in (ours, theirs, ours, theirs):
            assert module.square(3) == 9
        assert calls == ["kleos_probe.memo", "other_probe.memo"]
        assert plugin.clear_memo_tables("kleos_probe.") == 1
        for module in (ours, theirs):
            module.square(3)
        assert calls == ["kleos_probe.memo", "other_probe.memo", "kleos_probe.memo"]
    finally:
        del sys.modules[ours.__name__], sys.modules[theirs.__name__]


def test_a_recheck_runs_its_mutant_with_capped_memory() -> None:
    """A mutant that allocates without end fails its recheck instead of filling the machine (one of
    cyclades.loader's reached 20 GB): the child sees the cap as its address-space limit."""
    shown = subprocess.run(MUTATION.capped([sys.executable, "-c", "import resource; "
                                            "print(resource.getrlimit(resource.RLIMIT_AS)[0])"]),
                           capture_output=True, text=True, check=True).stdout
    assert int(shown) == MUTATION.RECHECK_MEMORY_KIB * 1024
