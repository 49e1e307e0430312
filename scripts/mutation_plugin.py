"""Pytest hooks for a mutation run (``scripts/mutation.py`` copies this file in as the run's
``conftest.py``; the project's own tests never load it).

Before each test it empties every ``functools`` memo table of the project (``tables_for``, the
packaged data, ...). Otherwise the first test to compile a game's tables would be the only one that
runs the code building them: mutmut would link that code to that one test alone, and each later test
would answer from a table the unmutated code had filled, hiding the mutant.
"""

from __future__ import annotations

import sys

import pytest


def clear_memo_tables(prefix: str = "kleos.") -> int:
    """Empty the ``cache_clear``-able functions defined in the loaded modules under ``prefix``; how many."""
    cleared = 0
    for name, module in list(sys.modules.items()):
        if not name.startswith(prefix) or module is None:
            continue
        for value in list(vars(module).values()):
            clear = getattr(value, "cache_clear", None)
            if callable(clear) and getattr(value, "__module__", None) == name:
                clear()
                cleared += 1
    return cleared


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    del item
    clear_memo_tables()
