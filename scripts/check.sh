#!/usr/bin/env bash
# Sets up a virtual environment (once) and runs every check: ruff, mypy --strict, the test suite,
# the golden playthrough diff and the rule-coverage gate.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m venv .venv >/dev/null 2>&1 || true
if [ ! -x .venv/bin/pytest ] || [ pyproject.toml -nt .venv/.installed-dev ]; then
    .venv/bin/python -m pip install --quiet --upgrade pip >/dev/null
    .venv/bin/python -m pip install --quiet -e '.[dev]'
    touch .venv/.installed-dev
fi
# Servers and the browser that the server and web tests run against (Debian packages, installed once)
for script in scripts/services.sh scripts/browser.sh; do
    if [ -f "$script" ]; then echo "== $script"; bash "$script"; fi
done
echo "== ruff";  .venv/bin/ruff check src tests benchmarks scripts
echo "== mypy --strict"; .venv/bin/mypy
echo "== rule coverage"
if [ -f ../shared/tools/rule_coverage.py ]; then
    .venv/bin/python ../shared/tools/rule_coverage.py --game polis --min-percent 95
else
    echo "(../shared/tools/rule_coverage.py not found: skipped)"
fi
echo "== pytest"; .venv/bin/pytest "$@"
