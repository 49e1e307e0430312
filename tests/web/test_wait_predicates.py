"""The browser tests' wait predicates are JavaScript functions, never bare expressions.

Playwright evaluates a bare-expression predicate with `eval` on every poll after the first, and the
page's Content-Security-Policy (script-src 'self', no 'unsafe-eval') refuses that: the test then
fails only when the condition is not already true at the first poll, a flake that CI found. A
function is evaluated once (through the debugging protocol, outside the policy) and then called.
"""

from __future__ import annotations

import ast
from pathlib import Path

WEB_TESTS = Path(__file__).parent


def _looks_like_function(source: str) -> bool:
    text = source.strip()
    return text.startswith("function") or "=>" in text.split("{", 1)[0]


def _module_strings(tree: ast.Module) -> dict[str, str]:
    """Module-level NAME = "..." bindings, so a predicate kept in a constant is checked too."""
    found: dict[str, str] = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    found[target.id] = node.value.value
    return found


def bare_predicates(source: str) -> list[tuple[int, str]]:
    """(line, predicate) of every wait_for_function call whose predicate is a string but no function."""
    tree = ast.parse(source)
    strings = _module_strings(tree)
    bad: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr == "wait_for_function" and node.args):
            continue
        first = node.args[0]
        predicate = (first.value if isinstance(first, ast.Constant) and isinstance(first.value, str)
                     else strings.get(first.id) if isinstance(first, ast.Name) else None)
        if predicate is not None and not _looks_like_function(predicate):
            bad.append((node.lineno, predicate))
    return bad


def test_the_check_tells_a_bare_expression_from_a_function() -> None:
    source = ('READY = "() => document.body.dataset.ready === \'1\'"\n'
              'SEATS = "n => document.querySelectorAll(\'select\').length === n"\n'
              'page.wait_for_function(READY)\n'
              'page.wait_for_function(SEATS, arg=2)\n'
              'page.wait_for_function("function () { return true }")\n'
              'page.wait_for_function("document.body.dataset.status === \'over\'")\n')
    assert bare_predicates(source) == [(6, "document.body.dataset.status === 'over'")]


def test_every_wait_predicate_in_the_browser_tests_is_a_function() -> None:
    offenders = [f"{path.name}:{line}: {predicate}"
                 for path in sorted(WEB_TESTS.glob("*.py")) if path.name != Path(__file__).name
                 for line, predicate in bare_predicates(path.read_text(encoding="utf-8"))]
    assert offenders == [], "write these as `() => …` so the page's CSP does not refuse them:\n" + "\n".join(offenders)
