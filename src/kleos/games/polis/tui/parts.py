"""The terminal part of the Polis kit: the board's panels, the status bar, help, guide, menus and log.

Built on first use by :meth:`kleos.games.polis.kit.PolisKit.terminal_parts`, so that importing the
kit does not load Rich.
"""

from __future__ import annotations

from rich.text import Text

from kleos.core.kit.terminal import (
    BoardContext,
    BoardParts,
    HelpParts,
    MenuParts,
    PanelDraw,
    TerminalParts,
    drawn_by,
    panels_drawn_by,
)
from kleos.core.protocol import Outcome
from kleos.games.polis.game import PolisGame
from kleos.games.polis.state import PolisState
from kleos.games.polis.text import game_title
from kleos.games.polis.tui import help as texts
from kleos.games.polis.tui import menus, render
from kleos.games.polis.tui.log import battle_results, log_lines
from kleos.games.polis.view import PolisView


def _battle(ctx: BoardContext[PolisGame, PolisView], width: int) -> Text:
    return render.battle_view(ctx.game, ctx.view, ctx.palette, battle_results(list(ctx.log)), ctx.reveal, width)


PANELS: dict[str, PanelDraw[PolisGame, PolisView]] = {
    **panels_drawn_by({"Map": render.map_view, "Poleis": render.poleis_view, "Players": render.players_view,
                       "Projects": render.projects_view, "Markets": render.markets_view}),
    "Battle": _battle}

VIEWS = (*PANELS, "Log")
"""The board's panels as the app shows them (the app adds the log)."""


_status = drawn_by(render.status)


def _outcome(ctx: BoardContext[PolisGame, PolisView], outcome: Outcome) -> Text:
    return render.outcome_view(ctx.game, ctx.view.state, ctx.palette)


def _everything(game: PolisGame, state: PolisState) -> PolisView:
    """A finished game's replay shows both hands: a view that hides nothing."""
    return PolisView(None, state, (0, 0))


def _heading(game: PolisGame) -> str:
    return game_title(game.tables)


def terminal_parts() -> TerminalParts[PolisGame, PolisState, PolisView]:
    """The terminal part, its help in the reader's language of the moment (built at each call)."""
    return TerminalParts(
        board=BoardParts(panels=PANELS, status=_status, palettes=(render.DARK, render.LIGHT), outcome=_outcome,
                         final_panel="Players", full_view=_everything),
        help=HelpParts(verbs=texts.action_help(), keys=texts.keys_help(), rules=texts.rules_reference(),
                       game_rules=texts.game_rules,
                       welcome=texts.welcome(), heading=_heading, guide_intro=texts.guide_intro(),
                       guide_tip=menus.guide),
        menus=MenuParts(title=menus.decision_title, gloss=menus.gloss, small_step=menus.small_step,
                        panel_for=menus.panel_for, notation_example="march Thessalia", warning=menus.warning,
                        refusal=menus.refusal),
        log_lines=log_lines,
    )
