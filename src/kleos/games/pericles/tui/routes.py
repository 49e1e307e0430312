"""How far a moving unit is from the expedition, for the words after a move in the menus.

A unit on an expedition may go anywhere (P-MOVE-5) and stops only on entering the Expedition theater
or where it may not leave (P-MOVE-6..8), so a menu of forty first steps ("move Athenian trireme from
Athens toward Corcyra") does not say which of them lead to the fight. Each entry is told the links
still between where it would stand and the Expedition theater, along the connections its kind may
use, out of theaters with the friendly base a line may ask for, and into theaters it may enter (P-MOVE-4,
P-MOVE-9, P-MOVE-11, P-MOVE-16), never back through a theater it has passed this move. The exit
strengths are left out: they change as units come and go (P-MOVE-3).
"""

from __future__ import annotations

from kleos.core.action import Action
from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.i18n import _, ngettext
from kleos.games.pericles.rules.military import MOVERS, can_enter, is_land, line_open
from kleos.games.pericles.rules.theater import entry_parts
from kleos.games.pericles.state import PericlesState
from kleos.games.pericles.tables import PIECES, Tables
from kleos.games.pericles.view import PericlesView


def links_to(t: Tables, s: PericlesState, start: int, piece: int, target: int, passed: set[int]) -> int | None:
    """The fewest links from ``start`` to ``target`` for one ``piece``, avoiding the theaters in
    ``passed``; None when no route is open to its kind."""
    side = 0 if piece in MOVERS[0] else 1
    column = 0 if is_land(piece) else 1
    seen, frontier, links = {start} | passed, [start], 0
    while frontier:
        if target in frontier:
            return links
        ahead: list[int] = []
        for here in frontier:
            for to in t.exits_from[here]:
                if to not in seen and line_open(s, here, t.exits[(here, to)][column], side) and \
                        can_enter(t, s, to, piece, side):
                    seen.add(to)
                    ahead.append(to)
        frontier, links = ahead, links + 1
    return None


def move_gloss(game: PericlesGame, view: PericlesView, action: Action) -> str:
    """After a first step (``move <from> <piece> <to>``) or a further one (``step <to>``): the
    Expedition theater itself, or the links still between it and the step's end."""
    s, t = view.state, game.tables
    to = t.theater_index.get(str(action.args[-1])) if action.args else None
    if s.revealed < 0 or to is None:
        return ""
    target = entry_parts(s.revealed)[0]
    frm = t.theater_index.get(str(action.args[0]))
    if action.verb == "move" and len(action.args) == 3 and frm is not None and str(action.args[1]) in PIECES:
        piece, passed = PIECES.index(str(action.args[1])), {frm}
    elif action.verb == "step" and len(action.args) == 1 and s.moving >= 0:
        piece, passed = s.moving % 100, set(s.visited)
    else:
        return ""  # not a move of this game's words (a typed one is glossed only once legal)
    if to == target:
        return _("the expedition theater")
    links = links_to(t, s, to, piece, target, passed)
    name = t.theater_keys[target]
    if links is None:
        return _("no way on to {theater}", theater=name)
    return ngettext("{n} link from {theater}", "{n} links from {theater}", links, theater=name)
