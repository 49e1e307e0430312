"""The browser part of a kit: the game's board module and the tables it draws from.

The browser app shell (:mod:`kleos.web`) serves ``static_dir`` under ``/games/<name>/`` and loads
``board_module`` from there as an ES module; the server sends ``tables(game)`` to clients that draw
a game (names by index, adjacency, …). A game without a web part is shown as text.

A view's JSON (:meth:`~kleos.core.kit.GameKit.view_json`) may hold, under the key :data:`WARNINGS`,
an object from the notation of a legal action of the view's seat to why that action loses the game
at once (the words of :attr:`~kleos.core.kit.terminal.MenuParts.warning`). The browser shell lists
such actions after the safe ones, flags them and asks for a second tap showing the warning.

Under the key :data:`EXPLANATIONS` the server adds, for the seat to act, an object from the notation
of each of its legal actions to what choosing it does (the words of
:attr:`~kleos.core.kit.terminal.MenuParts.explain`, see :func:`explanations`); the browser shell
shows them on the action's button as a tooltip and as a line that opens on focus, hover or a tap on
its ⓘ.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic

from kleos.core.action import Action
from kleos.core.kit.params import G, V

JsonDict = dict[str, Any]

WARNINGS = "warnings"
"""The key of a view's JSON that names the legal actions losing the game at once (see above)."""

EXPLANATIONS = "explanations"
"""The key of a view's JSON that tells what each legal action of the seat to act does (see above)."""


def explanations(game: G, view: V, legal: Iterable[Action],
                 explain: Callable[[G, V, Action], str] | None) -> dict[str, str]:
    """Notation -> explanation of each action of ``legal`` the game explains (none without ``explain``)."""
    if explain is None:
        return {}
    found = {str(action): explain(game, view, action) for action in legal}
    return {action: words for action, words in found.items() if words}


@dataclass(frozen=True)
class WebParts(Generic[G]):
    """``static_dir``: the game's files for the browser; ``board_module``: the ES module in it that
    draws a game (see docs/architecture.md for its functions); ``tables``: the JSON tables a client
    needs to draw a game built with given options."""

    static_dir: Path
    board_module: str
    tables: Callable[[G], JsonDict]
