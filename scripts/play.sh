#!/usr/bin/env bash
# Sets up a virtual environment (once) and starts a game of Polis against the built-in AI.
# Any arguments are passed to `kleos play polis` (try --help).
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m venv .venv >/dev/null 2>&1 || true
if [ ! -x .venv/bin/kleos ] || [ pyproject.toml -nt .venv/.installed ]; then
    .venv/bin/python -m pip install --quiet --upgrade pip >/dev/null
    .venv/bin/python -m pip install --quiet -e .
    touch .venv/.installed
fi
exec .venv/bin/kleos play polis "$@"
