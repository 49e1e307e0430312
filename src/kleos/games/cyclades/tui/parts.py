"""The terminal part of the Cyclades kit: the board's panels (hex map, players, gods, creatures), the
status bar and the end of the game, each verb's help and the first-game guide (:mod:`.guide`), the rules
reference and each menu entry's explanation (:mod:`kleos.games.cyclades.reference`).
"""

from __future__ import annotations

from kleos.core.kit.terminal import BoardParts, HelpParts, MenuParts, TerminalParts, drawn_by, panels_drawn_by
from kleos.games.cyclades import reference
from kleos.games.cyclades.game import CycladesGame
from kleos.games.cyclades.i18n import N_, _
from kleos.games.cyclades.state import CycladesState
from kleos.games.cyclades.tui import guide, render, runs
from kleos.games.cyclades.view import CycladesView

PANELS = panels_drawn_by({N_("Map"): render.map_view, N_("Players"): render.players_view,
                         N_("Gods"): render.gods_view,
                         N_("Creatures"): render.creatures_view})
"""The board's panels by name (the name is marked: the terminal shows it in the reader's language)."""


_outcome = drawn_by(render.outcome_view)
_status = drawn_by(render.status)


def _full_view(game: CycladesGame, state: CycladesState) -> CycladesView:
    """A finished game's replay shows every seat's gold."""
    return CycladesView(None, state)


def _heading(game: CycladesGame) -> str:
    return _("Cyclades for {players} players", players=game.tables.players)


def terminal_parts() -> TerminalParts[CycladesGame, CycladesState, CycladesView]:
    """The terminal part, its help in the reader's language (built at each call, in the caller's context)."""
    return TerminalParts(
        board=BoardParts(panels=PANELS, status=_status, palettes=(render.DARK, render.LIGHT), outcome=_outcome,
                         final_panel="Players", full_view=_full_view),
        help=HelpParts(heading=_heading, verbs=guide.verbs(), guide_intro=guide.guide_intro(),
                       guide_tip=guide.guide_tip, rules=reference.rules_reference(),
                       game_rules=lambda game: reference.rules_reference(game.tables.data)),
        menus=MenuParts(title=guide.decision_title, notation_example="offer ares 2", explain=reference.explain,
                        gloss=reference.gloss, last_verbs=("end", "done"), run_end=runs.run_end),
    )
