#!/usr/bin/env bash
# Sets up a virtual environment (once) and runs every check: ruff, mypy --strict, the layering
# contracts, the rule-coverage gate of every installed game, a small fixed sample of mutants of the
# rules (scripts/mutation_sample.toml), and the test suite (with the golden playthrough diff).
set -euo pipefail
cd "$(dirname "$0")/.."
# The rules tests (golden playthroughs and perft counts among them): on both builds when the compiled one is there
RULES_TESTS=(tests/core tests/polis tests/cyclades tests/pericles --ignore=tests/polis/agents
             --ignore=tests/polis/tui --ignore=tests/polis/encoding -k "not (tui or agent or encoding or cli)")
python3 -m venv .venv >/dev/null 2>&1 || true
if [ ! -x .venv/bin/pytest ] || [ pyproject.toml -nt .venv/.installed-dev ]; then
    .venv/bin/python -m pip install --quiet --upgrade pip >/dev/null
    .venv/bin/python -m pip install --quiet -e '.[dev]'
    touch .venv/.installed-dev
fi
# The compiled build of the rules (mypyc, when a C compiler is here; rebuilt only when a source changed)
echo "== compiled build"; .venv/bin/python scripts/build_compiled.py
# The translation catalogues (.po -> .mo)
echo "== catalogues"; .venv/bin/python scripts/catalogues.py compile
# Servers and the browser that the server and web tests run against (Debian packages, installed once)
for script in scripts/services.sh scripts/browser.sh; do
    if [ -f "$script" ]; then echo "== $script"; bash "$script"; fi
done
echo "== ruff";  .venv/bin/ruff check src tests benchmarks scripts
echo "== mypy --strict"; .venv/bin/mypy
echo "== layering (import-linter)"; .venv/bin/lint-imports
echo "== rule coverage"
if [ -f ../shared/tools/rule_coverage.py ]; then
    # every game package (installed as a plug-in or not yet) whose rules specification is in ../shared/spec
    for game in $(ls src/kleos/games); do
        if [ -f "../shared/spec/$game-rules.md" ]; then
            .venv/bin/python ../shared/tools/rule_coverage.py --game "$game" --min-percent 95
        fi
    done
else
    echo "(../shared/tools/rule_coverage.py not found: skipped)"
fi
echo "== mutation sample (known-killed mutants of the rules: each must fail its named test; interpreted build)"
KLEOS_COMPILED=0 .venv/bin/python scripts/mutation.py sample
echo "== pytest ($(.venv/bin/python -c 'import kleos; print(kleos.BUILD)'))"
set +e
.venv/bin/pytest "$@"
status=$?
set -e
if [ "$status" -eq 5 ]; then
    echo "pytest collected no test: that is a failure here"
    exit 1
fi
if [ "$status" -eq 0 ] && [ -f src/kleos/compiled.txt ] && [ "$#" -eq 0 ]; then
    # The suite above ran on the compiled build; the rules tests run on the pure-Python one too.
    echo "== pytest: the rules tests on the interpreted build"
    KLEOS_COMPILED=0 .venv/bin/pytest "${RULES_TESTS[@]}" || status=$?
fi
exit "$status"
