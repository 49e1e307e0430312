"""Mutation testing of the rules packages, one module at a time (docs/mutation.md).

Each run mutates one rules module (or one of the modules the rules stand on, ``DATA_MODULES``: the
tables compiled from a game's data and the loader that checks it) with mutmut and runs only the rule tests of its game
(``tests_for``: narrowed per module by ``TESTS_BY_MODULE``), so a module takes minutes on two
cores. Recorded golden games, bots and surfaces are left out on purpose: a rule must be guarded by a
test that states it. The work happens in ``build/mutation/<game>.<module>/``, never in ``src/``.

    python scripts/mutation.py list
    python scripts/mutation.py run cyclades.end pericles.final
    python scripts/mutation.py run cyclades.tables           # the tables the rules read
    python scripts/mutation.py run cyclades                  # every module of a game
    python scripts/mutation.py show cyclades.end <mutant>    # the change a mutant made (after a run)
    python scripts/mutation.py tally polis.tables            # a last run's verdicts, read again
    python scripts/mutation.py sample                        # the seeded sample CI runs (seconds)
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "src" / "kleos" / "games"
WORK = ROOT / "build" / "mutation"
GAMES = ("polis", "cyclades", "pericles")
MUTMUT = Path(sys.executable).with_name("mutmut")
SAMPLE = ROOT / "scripts" / "mutation_sample.toml"
PLUGIN = ROOT / "scripts" / "mutation_plugin.py"  # copied into each run as its conftest.py
# Modules beside a game's rules package that the rules stand on: a broken table or a check the loader
# forgets breaks a rule as surely as a broken rule function does.
DATA_MODULES = ("tables", "loader", "scenarios")  # a game has those of them it has files for
RECHECK_TIMEOUT = 900  # seconds for one mutant's test files, run whole
RECHECK_MEMORY_KIB = 4 * 1024 * 1024  # address space for them: a mutant that allocates without end fails
# (as killed) instead of filling the machine; one of cyclades.loader's took 20 GB in 13 minutes
TEST_TIMEOUT = 120  # seconds: a sampled mutant's test fails fast (loops have step caps) or counts as survived

# The rule tests of each game: golden games, bots, terminal, browser and command line are left out.
_SURFACES = ("golden", "tui", "cli", "agents", "search", "playouts", "encoding", "perft", "determinize")
# Tests that read the rules' source as text: in a run, that text holds every mutant's copy of each
# function (mutmut's trampolines), which such a test would judge as code; they guard no behaviour.
_SOURCE_SCANS = ("test_event_flag_names",)

# Modules whose rules only a few test files exercise: fewer tests, faster runs. A Polis list keeps
# test_generator_equals_checker.py: it alone holds ``candidates`` and ``check`` to ``legal``.
TESTS_BY_MODULE: dict[str, tuple[str, ...]] = {
    # a loader's checks are met by the packaged data, so every test that loads it passes over them; the
    # tests of a data folder's refusals are these files (the game's rule tests whole take hours a run)
    "polis.loader": ("tests/polis/test_data.py", "tests/polis/test_rules_polis_scenarios.py",
                     "tests/polis/test_tables_derived.py", "tests/polis/test_rules_polis_tables_edges.py",
                     "tests/polis/test_rules_events_edges.py"),
    "cyclades.loader": ("tests/cyclades/test_cyc_data.py", "tests/cyclades/test_cyc_options_model.py",
                        "tests/cyclades/test_cyc_tables.py"),
    "pericles.loader": ("tests/pericles/test_per_data.py", "tests/pericles/test_per_components.py",
                        "tests/pericles/test_per_options_model.py", "tests/pericles/test_per_tables.py",
                        "tests/pericles/test_per_reference.py", "tests/pericles/test_per_handicap.py"),
    "polis.scenarios": ("tests/polis/test_rules_polis_scenarios.py", "tests/polis/test_data.py",
                        "tests/polis/test_rules_polis_tables_edges.py"),
    "polis.routes": ("tests/polis/test_trade.py", "tests/polis/test_rules_routes.py", "tests/polis/test_events.py",
                     "tests/polis/test_generator_equals_checker.py"),
    "polis.siege": ("tests/polis/test_siege.py", "tests/polis/test_rules_siege_edges.py",
                    "tests/polis/test_end_of_round.py", "tests/polis/test_battle.py",
                    "tests/polis/test_generator_equals_checker.py"),
    "polis.movement": ("tests/polis/test_movement.py", "tests/polis/test_map_stack.py", "tests/polis/test_legality.py",
                       "tests/polis/test_generator_equals_checker.py", "tests/polis/test_proxenos.py",
                       "tests/polis/test_battle.py", "tests/polis/test_create.py", "tests/polis/test_setup.py",
                       "tests/polis/test_rules_movement_edges.py"),
    "polis.trade": ("tests/polis/test_trade.py", "tests/polis/test_rules_routes.py", "tests/polis/test_events.py",
                    "tests/polis/test_generator_equals_checker.py", "tests/polis/test_legality.py",
                    "tests/polis/test_turn.py", "tests/polis/test_end_of_round.py",
                    "tests/polis/test_rules_trade_edges.py"),
    "polis.proxenos": ("tests/polis/test_proxenos.py", "tests/polis/test_generator_equals_checker.py",
                       "tests/polis/test_rules_switches.py", "tests/polis/test_turn.py",
                       "tests/polis/test_map_stack.py", "tests/polis/test_legality.py", "tests/polis/test_stasis.py",
                       "tests/polis/test_rules_stasis_edges.py", "tests/polis/test_siege.py", "tests/polis/test_end.py",
                       "tests/polis/test_rules_proxenos_edges.py"),
    "polis.setup": ("tests/polis/test_setup.py", "tests/polis/test_compact.py", "tests/polis/test_turn.py",
                    "tests/polis/test_generator_equals_checker.py", "tests/polis/test_create.py",
                    "tests/polis/test_rules_polis_setup_edges.py"),
    "polis.create": ("tests/polis/test_create.py", "tests/polis/test_generator_equals_checker.py",
                     "tests/polis/test_legality.py", "tests/polis/test_turn.py", "tests/polis/test_map_stack.py",
                     "tests/polis/test_rules_switches.py", "tests/polis/test_setup.py", "tests/polis/test_round.py",
                     "tests/polis/test_battle.py", "tests/polis/test_rules_create_edges.py"),
    "polis.end_of_round": ("tests/polis/test_end_of_round.py", "tests/polis/test_generator_equals_checker.py",
                           "tests/polis/test_round.py", "tests/polis/test_end.py", "tests/polis/test_project.py",
                           "tests/polis/test_rules_switches.py", "tests/polis/test_rules_scoring.py",
                           "tests/polis/test_events.py", "tests/polis/test_siege.py", "tests/polis/test_turn.py",
                           "tests/polis/test_compact.py", "tests/polis/test_rules_end_of_round_edges.py"),
    "polis.battle": ("tests/polis/test_battle.py", "tests/polis/test_round.py", "tests/polis/test_events.py",
                     "tests/polis/test_rules_switches.py", "tests/polis/test_turn.py", "tests/polis/test_end.py",
                     "tests/polis/test_map_stack.py", "tests/polis/test_setup.py", "tests/polis/test_view.py",
                     "tests/polis/test_rules_polis_battle_edges.py"),
    "polis.actions": ("tests/polis/test_create.py", "tests/polis/test_generator_equals_checker.py",
                      "tests/polis/test_legality.py", "tests/polis/test_turn.py", "tests/polis/test_proxenos.py",
                      "tests/polis/test_rules_switches.py", "tests/polis/test_trade.py", "tests/polis/test_round.py",
                      "tests/polis/test_rules_polis_actions_edges.py"),
    "polis.events": ("tests/polis/test_events.py", "tests/polis/test_round.py", "tests/polis/test_rules_switches.py",
                     "tests/polis/test_compact.py", "tests/polis/test_end.py", "tests/polis/test_end_of_round.py",
                     "tests/polis/test_rules_trade_edges.py", "tests/polis/test_rules_tribute_edges.py",
                     "tests/polis/test_setup.py", "tests/polis/test_generator_equals_checker.py",
                     "tests/polis/test_rules_events_edges.py"),
    "polis.common": ("tests/polis/test_turn.py", "tests/polis/test_create.py", "tests/polis/test_legality.py",
                     "tests/polis/test_generator_equals_checker.py", "tests/polis/test_trade.py",
                     "tests/polis/test_siege.py", "tests/polis/test_project.py", "tests/polis/test_setup.py",
                     "tests/polis/test_round.py", "tests/polis/test_tribute.py",
                     "tests/polis/test_rules_polis_actions_edges.py", "tests/polis/test_rules_trade_edges.py",
                     "tests/polis/test_rules_siege_edges.py", "tests/polis/test_rules_create_edges.py",
                     "tests/polis/test_rules_polis_common_edges.py"),
    "pericles.battle": ("tests/pericles/test_per_battle.py", "tests/pericles/test_per_theater.py",
                        "tests/pericles/test_rules_battle_edges.py"),
    "pericles.hostages": ("tests/pericles/test_per_battle.py", "tests/pericles/test_rules_battle_edges.py"),
    "pericles.casualties": ("tests/pericles/test_per_battle.py", "tests/pericles/test_per_theater.py",
                            "tests/pericles/test_rules_battle_edges.py",
                            "tests/pericles/test_rules_casualties_edges.py",
                            "tests/pericles/test_rules_casualties_edges2.py"),
    "pericles.theater": ("tests/pericles/test_per_theater.py", "tests/pericles/test_per_issues.py",
                         "tests/pericles/test_per_pending.py", "tests/pericles/test_per_battle.py",
                         "tests/pericles/test_per_military.py", "tests/pericles/test_per_sequence.py",
                         "tests/pericles/test_per_state.py", "tests/pericles/test_rules_league_edges.py",
                         "tests/pericles/test_rules_diplomatic_edges2.py", "tests/pericles/test_rules_persia_edges.py",
                         "tests/pericles/test_rules_theater_edges.py"),
    "cyclades.battle": ("tests/cyclades/test_cyc_war_battle.py", "tests/cyclades/test_cyc_war_troop.py",
                        "tests/cyclades/test_cyc_war_fleet.py", "tests/cyclades/test_rules_battle_edges2.py",
                        "tests/cyclades/test_cyc_creatures_figures.py", "tests/cyclades/test_cyc_creatures_fleets.py"),
}

KILLED_STATUSES = ("killed", "caught by type check", "timeout")
LINKED = ("src", "tests", "docs", "examples")  # some tests read docs/ and examples/


RULE_ID = re.compile(r"^[RCP]-[A-Z0-9]+(-[A-Z0-9]+)*$")
QUOTED = re.compile(r'"([^"]*)"')


@dataclass(frozen=True)
class Tally:
    """How the mutants of one module ended; ``wording`` are survivors that only reword a message."""

    module: str
    by_status: dict[str, int]
    survivors: tuple[str, ...]
    wording: tuple[str, ...] = ()

    @property
    def total(self) -> int:
        return sum(self.by_status.values())

    @property
    def killed(self) -> int:
        return sum(self.by_status.get(status, 0) for status in KILLED_STATUSES)

    @property
    def rules_total(self) -> int:
        """Mutants that can change behaviour: all but those rewording a message."""
        return self.total - len(self.wording)

    def line(self) -> str:
        others = sorted((status, n) for status, n in self.by_status.items() if status not in ("killed", "survived"))
        rest = ", ".join(f"{status} {n}" for status, n in [("survived", len(self.survivors)), *others])
        share = 100.0 * self.killed / self.rules_total if self.rules_total else 100.0
        return (f"{self.module:24} killed {self.killed:4}/{self.rules_total:<4} ({share:5.1f}%) "
                f"message wording {len(self.wording):3}; {rest}")


def rewords_only(diff: str) -> bool:
    """True when a mutant changes nothing but the words of a message: one line, same code around the
    quotes, every changed string prose (it has a space) and not a rule ID."""
    removed = [line[1:] for line in diff.splitlines() if line.startswith("-") and not line.startswith("---")]
    added = [line[1:] for line in diff.splitlines() if line.startswith("+") and not line.startswith("+++")]
    if len(removed) != 1 or len(added) != 1:
        return False
    before, after = QUOTED.findall(removed[0]), QUOTED.findall(added[0])
    if QUOTED.sub('""', removed[0]) != QUOTED.sub('""', added[0]) or len(before) != len(after):
        return False
    changed = [old for old, new in zip(before, after, strict=True) if old != new]
    return bool(changed) and all(" " in old and not RULE_ID.match(old.strip()) for old in changed)


def rules_modules(game: str) -> list[str]:
    """The mutable modules of a game's rules package, as ``game.module``."""
    folder = RULES / game / "rules"
    return [f"{game}.{path.stem}" for path in sorted(folder.glob("*.py")) if path.stem != "__init__"]


def game_modules(game: str) -> list[str]:
    """Every module a run may mutate for a game: its rules modules, then the data modules it has."""
    data = [f"{game}.{name}" for name in DATA_MODULES]
    return rules_modules(game) + [module for module in data if (ROOT / source_of(module)).is_file()]


def is_data_module(module: str) -> bool:
    return module.split(".")[1] in DATA_MODULES


def source_of(module: str) -> str:
    """The file a module's run mutates, relative to the project: ``rules/<name>.py``, or for a data
    module the game package's ``<name>.py``."""
    game, name = module.split(".")
    folder = f"src/kleos/games/{game}"
    return f"{folder}/{name}.py" if is_data_module(module) else f"{folder}/rules/{name}.py"


def tests_for(module: str) -> tuple[str, ...]:
    """The test paths that guard a module: its own list, else its game's rule tests."""
    if module in TESTS_BY_MODULE:
        return TESTS_BY_MODULE[module]
    game = module.split(".")[0]
    files = sorted((ROOT / "tests" / game).glob("test_*.py"))
    return tuple(str(path.relative_to(ROOT)) for path in files
                 if not any(word in path.stem for word in _SURFACES) and path.stem not in _SOURCE_SCANS)


def _toml_list(items: tuple[str, ...] | list[str]) -> str:
    return "[" + ", ".join(f'"{item}"' for item in items) + "]"


def _config(module: str) -> str:
    """A pyproject holding only what pytest and mutmut need for one module."""
    # a data module's work is mostly done when a test module is imported (tables compiled into module
    # constants): each mutant's tests are then collected in its own process, with the mutant switched on
    warmup = "none" if is_data_module(module) else "collect"
    return "\n".join(
        [
            "[tool.pytest.ini_options]",
            'pythonpath = ["tests"]',
            'addopts = "-q -m \\"not slow\\" -p no:cacheprovider -p no:randomly"',
            'markers = ["slow: long random-playout runs"]',
            "",
            "[tool.mutmut]",
            'source_paths = ["src"]',
            f'only_mutate = ["{source_of(module)}"]',
            f"pytest_add_cli_args_test_selection = {_toml_list(tests_for(module))}",
            "use_git_change_detection = false",
            'also_copy = ["docs", "examples", "conftest.py"]',
            "# each mutant forks from a process that has only collected the tests: forked from the one that ran",
            "# them, it would inherit the rules' memo tables (Polis' Tables.plans) filled by the unmutated code",
            "# and answer from them, hiding the mutant",
            'process_isolation = "forkserver"',
            f'forkserver_warmup = "{warmup}"',
            "",
        ]
    )


def prepare(module: str) -> Path:
    """A fresh work folder for one module: its config, and links to the sources and tests."""
    folder = WORK / module
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    (folder / "pyproject.toml").write_text(_config(module))
    shutil.copyfile(PLUGIN, folder / "conftest.py")
    for name in LINKED:
        (folder / name).symlink_to(ROOT / name, target_is_directory=True)
    return folder


def _env_without_pythonpath() -> dict[str, str]:
    """The environment for a run's processes: mutmut puts the mutated sources on the path itself."""
    return {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}


def _mutmut(folder: Path, *args: str) -> str:
    done = subprocess.run(["nice", "-n", "15", str(MUTMUT), *args], cwd=folder, env=_env_without_pythonpath(),
                          capture_output=True, text=True, check=False)
    return done.stdout + done.stderr


def capped(command: list[str]) -> list[str]:
    """``command`` run with at most ``RECHECK_MEMORY_KIB`` of address space (a shell's ``ulimit -v``:
    the recheck runs its mutants from threads, where a ``preexec_fn`` is not safe)."""
    return ["sh", "-c", f'ulimit -v {RECHECK_MEMORY_KIB} && exec "$@"', "capped", *command]


def by_file(module: str, folder: Path, mutant: str) -> str:
    """A mutant's verdict from its module's test files run whole (not the test IDs mutmut recorded), as
    the run copied them: ``killed`` when they fail, collection included, ``survived`` when they pass,
    ``timeout`` past ``RECHECK_TIMEOUT``, and ``pytest exit <n>`` (counted as not killed) when pytest
    could not run them at all."""
    copy = folder / "mutants"
    env = _env_without_pythonpath() | {"MUTANT_UNDER_TEST": mutant, "PYTHONPATH": str(copy / "src")}
    tests = [test for test in tests_for(module) if (copy / test).exists()]
    command = capped(["nice", "-n", "15", sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:randomly", *tests])
    try:
        done = subprocess.run(command, cwd=copy, env=env, capture_output=True, check=False, timeout=RECHECK_TIMEOUT)
    except subprocess.TimeoutExpired:
        return "timeout"
    return {0: "survived", 1: "killed", 2: "killed"}.get(done.returncode, f"pytest exit {done.returncode}")


def recheck(module: str, folder: Path, verdicts: list[tuple[str, str]], jobs: int = 2) -> list[tuple[str, str]]:
    """A data module's ``timeout`` and ``survived`` verdicts decided again by file. A mutant of the
    tables changes what some tests are parametrized over, so the test IDs mutmut recorded are no longer
    collected: pytest refuses them, and mutmut books that as a timeout, killed or not. And the tables a
    test module compiles when it is imported are booked to whichever test ran first, so the tests that
    read them are not among those mutmut runs for the mutant."""
    if not is_data_module(module):
        return verdicts
    again = [name for name, status in verdicts if status in ("timeout", "survived")]
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        decided = dict(zip(again, pool.map(lambda name: by_file(module, folder, name), again), strict=True))
    return [(name, decided.get(name, status)) for name, status in verdicts]


def tally(module: str, folder: Path) -> Tally:
    """Read mutmut's verdicts for the module just run (a data module's timeouts and survivors decided
    again by file)."""
    lines = _mutmut(folder, "results", "--all", "true").splitlines()
    found = [(match[1], match[2]) for line in lines if (match := re.match(r"\s+(\S+__mutmut_\d+): (.+)$", line))]
    verdicts = recheck(module, folder, found)
    survivors = tuple(name for name, status in verdicts if status not in KILLED_STATUSES and status != "not checked")
    wording = tuple(name for name in survivors if rewords_only(_mutmut(folder, "show", name)))
    rest = tuple(name for name in survivors if name not in wording)
    return Tally(module, dict(Counter(status for _, status in verdicts)), rest, wording)


def run(module: str, children: int, names: tuple[str, ...] = ()) -> Tally:
    """Mutate one module and run its tests against every mutant (or the named ones)."""
    folder = prepare(module)
    log = _mutmut(folder, "run", "--max-children", str(children), *names)
    (folder / "run.log").write_text(log)
    if "failed to collect stats" in log or "failed to run clean test" in log:
        raise SystemExit(f"{module}: the tests fail before any mutant; see {folder / 'run.log'}")
    return tally(module, folder)


def expand(targets: list[str]) -> list[str]:
    """``cyclades`` means every module of the game; ``cyclades.end`` one module."""
    modules: list[str] = []
    for target in targets:
        modules += game_modules(target) if target in GAMES else [target]
    unknown = [m for m in modules if m.split(".")[0] not in GAMES or m not in game_modules(m.split(".")[0])]
    if unknown:
        raise SystemExit(f"unknown modules: {', '.join(unknown)} (see `mutation.py list`)")
    return modules


def report(tallies: list[Tally]) -> None:
    """One line per module, the survivors by name, and the total."""
    for item in tallies:
        print(item.line(), flush=True)
        for name in item.survivors:
            print(f"    survived: {name}")
    killed, total = sum(t.killed for t in tallies), sum(t.rules_total for t in tallies)
    wording = sum(len(t.wording) for t in tallies)
    share = 100.0 * killed / total if total else 0.0
    print(f"total killed {killed}/{total} ({share:.1f}%), besides {wording} survivors that only reword a message")


@dataclass(frozen=True)
class Mutant:
    """One known-killed mutant of the sample: ``before`` (once in the file) becomes ``after``, and the
    named test must then fail. ``name`` is mutmut's name for it, for the record."""

    name: str
    path: str
    before: str
    after: str
    test: str


def load_sample(path: Path = SAMPLE) -> list[Mutant]:
    """The sample's mutants, in the file's order."""
    return [Mutant(**entry) for entry in tomllib.loads(path.read_text())["mutant"]]


def apply(mutant: Mutant, tree: Path) -> None:
    """Write the mutant into the copy of the sources at ``tree`` (and drop the module's bytecode, which
    an edit in the same second with the same size could leave looking fresh)."""
    target = tree / mutant.path
    text = target.read_text()
    if text.count(mutant.before) != 1:
        raise SystemExit(f"{mutant.name}: `{mutant.before}` is not exactly once in {mutant.path}; "
                         f"update {SAMPLE.name} to the module as it is now")
    target.write_text(text.replace(mutant.before, mutant.after))
    for stale in (target.parent / "__pycache__").glob(f"{target.stem}.*.pyc"):
        stale.unlink()


def _pytest(tree: Path, tests: list[str]) -> subprocess.CompletedProcess[str]:
    """Run tests importing the sources of ``tree`` (rootdir and settings stay the project's)."""
    env = {**os.environ, "PYTHONPATH": str(tree / "src")}
    command = [sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider", "-p", "no:randomly", *tests]
    try:
        return subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, check=False,
                              timeout=TEST_TIMEOUT)
    except subprocess.TimeoutExpired:
        return subprocess.CompletedProcess(command, -1, f"no verdict after {TEST_TIMEOUT} s", "")


def _kill_each(mutants: list[Mutant], tree: Path) -> list[tuple[Mutant, bool]]:
    """Apply each mutant alone to the copy at ``tree``, run its test, put the module back: killed or not."""
    verdicts: list[tuple[Mutant, bool]] = []
    for mutant in mutants:
        original = (tree / mutant.path).read_text()
        apply(mutant, tree)
        killed = _pytest(tree, [mutant.test]).returncode == 1
        print(f"{'killed' if killed else 'SURVIVED':8} {mutant.name}  by {mutant.test}", flush=True)
        verdicts.append((mutant, killed))
        (tree / mutant.path).write_text(original)
    return verdicts


def run_sample(mutants: list[Mutant], jobs: int = 2) -> list[str]:
    """Run the sample on ``jobs`` copies of ``src/`` at once: the names of the mutants whose test stayed
    green (empty when every one is killed). The tests must pass first, unmutated."""
    with tempfile.TemporaryDirectory(prefix="kleos-mutants-") as folder:
        trees = [Path(folder) / str(n) for n in range(jobs)]
        for tree in trees:
            shutil.copytree(ROOT / "src", tree / "src", ignore=shutil.ignore_patterns("__pycache__"))
        clean = _pytest(trees[0], sorted({m.test for m in mutants}))
        if clean.returncode != 0:
            raise SystemExit(f"the sample's tests fail without any mutant:\n{clean.stdout[-3000:]}")
        with ThreadPoolExecutor(max_workers=jobs) as pool:
            shares = pool.map(_kill_each, [mutants[n::jobs] for n in range(jobs)], trees)
            verdicts = [verdict for share in shares for verdict in share]
    return [mutant.name for mutant, killed in verdicts if not killed]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("list", help="the modules a run may mutate and the tests that guard each")
    run_parser = sub.add_parser("run", help="mutate modules (game, game.module or game.tables/loader) and report")
    run_parser.add_argument("targets", nargs="+")
    run_parser.add_argument("--children", type=int, default=2)
    tally_parser = sub.add_parser("tally", help="the verdicts of a module's last run, read again (and a data "
                                                "module's timeouts and survivors decided again by file)")
    tally_parser.add_argument("modules", nargs="+")
    show_parser = sub.add_parser("show", help="the change a mutant made, from the module's last run")
    show_parser.add_argument("module")
    show_parser.add_argument("mutant")
    sample_parser = sub.add_parser("sample", help="the fixed sample of known-killed mutants: each must fail its test")
    sample_parser.add_argument("--file", type=Path, default=SAMPLE, help="another list of mutants, same format")
    sample_parser.add_argument("--jobs", type=int, default=2, help="mutants run at once, each in its own copy")
    args = parser.parse_args()
    if args.command == "list":
        for module in expand(list(GAMES)):
            print(module, " ".join(tests_for(module)))
    elif args.command == "run":
        tallies: list[Tally] = []
        for module in expand(args.targets):
            tallies.append(run(module, args.children))
            print(tallies[-1].line(), flush=True)
        print()
        report(tallies)
    elif args.command == "tally":
        report([tally(module, WORK / module) for module in expand(args.modules)])
    elif args.command == "sample":
        survivors = run_sample(load_sample(args.file), args.jobs)
        if survivors:
            raise SystemExit(f"{len(survivors)} mutants of the sample survived: {', '.join(survivors)}")
    else:
        print(_mutmut(WORK / args.module, "show", args.mutant))


if __name__ == "__main__":
    main()
