#!/usr/bin/env bash
# Sets up a virtual environment (once) and starts a game of Polis against the built-in AI.
# Any arguments are passed to `kleos play polis` (try --help).
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m venv .venv >/dev/null 2>&1 || true
# With a C compiler, the compiled build of the rules (mypyc) too; without, the pure-Python one.
extra=""
if command -v cc >/dev/null 2>&1; then extra="[compiled]"; fi
if [ ! -x .venv/bin/kleos ] || [ pyproject.toml -nt .venv/.installed ]; then
    .venv/bin/python -m pip install --quiet --upgrade pip >/dev/null
    .venv/bin/python -m pip install --quiet -e ".$extra"
    touch .venv/.installed
fi
.venv/bin/python scripts/build_compiled.py >/dev/null 2>&1 || echo "(the compiled build failed: the pure-Python one runs)"
.venv/bin/python scripts/catalogues.py compile >/dev/null
exec .venv/bin/kleos play polis "$@"
