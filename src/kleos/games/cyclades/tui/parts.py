"""The terminal part of the Cyclades kit: the board's panels (hex map, players, gods, creatures), the
status bar and the end of the game, each verb's help and the first-game guide (:mod:`.guide`), the rules
reference and each menu entry's explanation (:mod:`kleos.games.cyclades.reference`).
"""

from __future__ import annotations

from typing import Any

from rich.text import Text

from kleos.core.kit.terminal import BoardContext, BoardParts, HelpParts, MenuParts, PanelDraw, TerminalParts
from kleos.core.protocol import Game, Outcome
from kleos.games.cyclades import reference
from kleos.games.cyclades.game import CycladesGame
from kleos.games.cyclades.i18n import N_, _
from kleos.games.cyclades.tui import guide, render
from kleos.games.cyclades.view import CycladesView


def _cyclades(ctx: BoardContext) -> tuple[CycladesGame, CycladesView]:
    assert isinstance(ctx.game, CycladesGame) and isinstance(ctx.view, CycladesView)
    return ctx.game, ctx.view


def _map(ctx: BoardContext, width: int) -> Text:
    return render.map_view(*_cyclades(ctx), ctx.palette, width)


def _players(ctx: BoardContext, width: int) -> Text:
    return render.players_view(*_cyclades(ctx), ctx.palette, width)


def _gods(ctx: BoardContext, width: int) -> Text:
    return render.gods_view(*_cyclades(ctx), ctx.palette, width)


def _creatures(ctx: BoardContext, width: int) -> Text:
    return render.creatures_view(*_cyclades(ctx), ctx.palette, width)


PANELS: dict[str, PanelDraw] = {N_("Map"): _map, N_("Players"): _players, N_("Gods"): _gods,
                                N_("Creatures"): _creatures}
"""The board's panels by name (the name is marked: the terminal shows it in the reader's language)."""


def _status(ctx: BoardContext, note: str) -> Text:
    return render.status(*_cyclades(ctx), ctx.palette, note)


def _outcome(ctx: BoardContext, outcome: Outcome) -> Text:
    game, view = _cyclades(ctx)
    return render.outcome_view(game, view, outcome, ctx.palette)


def _full_view(game: Game[Any, Any], state: Any) -> CycladesView:
    """A finished game's replay shows every seat's gold."""
    return CycladesView(None, state)


def _heading(game: Game[Any, Any]) -> str:
    assert isinstance(game, CycladesGame)
    return _("Cyclades for {players} players", players=game.tables.players)


def terminal_parts() -> TerminalParts:
    """The terminal part, its help in the reader's language (built at each call, in the caller's context)."""
    return TerminalParts(
        board=BoardParts(panels=PANELS, status=_status, palettes=(render.DARK, render.LIGHT), outcome=_outcome,
                         final_panel="Players", full_view=_full_view),
        help=HelpParts(heading=_heading, verbs=guide.verbs(), guide_intro=guide.guide_intro(),
                       guide_tip=guide.guide_tip, rules=reference.rules_reference()),
        menus=MenuParts(notation_example="offer ares 2", explain=reference.explain, gloss=reference.gloss),
    )
