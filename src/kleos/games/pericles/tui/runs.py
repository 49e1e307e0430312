"""How a Pericles menu entry reads inside a run of the plain menu (:mod:`kleos.tui.menu_runs`).

Colony offers each friendly or contested theater twice, with ships or with land units; Citizenship each
Delian base twice; the Oracle each enemy League unit on the map. The two kinds alternate, so the
words of neighbours differ in two places and no shared run could join them: a newcomer's Colony menu
was 21 lines. Entries in a row that share a head ("Colony (+2 Honor): found a Delian League base,
with League units, in") are listed on one line by their short ends ("Isthmus (1 ship)"). An entry
whose words say more than its end could (no room for the base, a pool short of units) keeps its own
line.
"""

from __future__ import annotations

from kleos.core.action import Action
from kleos.games.pericles import story
from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.i18n import N_, _, ngettext
from kleos.games.pericles.rules import political
from kleos.games.pericles.rules.common import room
from kleos.games.pericles.rules.theater import entry_parts
from kleos.games.pericles.tables import DB, PIECES
from kleos.games.pericles.view import PericlesView

HeadEnd = tuple[str, str]
"""The words an entry shares with its neighbours in a run, and its own short end: what the kit's
``MenuParts.run_end`` (:data:`kleos.core.kit.terminal.RunEnd`) returns."""

UNIT_KINDS = {"n": N_("League ship"), "l": N_("League troops")}
"""A League unit by the last letter of its code (Pn, Dl), for an end that names its code too."""


def run_end(game: PericlesGame, view: PericlesView, action: Action) -> HeadEnd | None:
    """A side issue's or an Oracle removal's head and short end (None for any other entry, or when the
    entry's words say more than its end could)."""
    args = [str(arg) for arg in action.args]
    if action.verb in ("cit", "col") and len(args) == 2 and args[1] in ("naval", "land"):
        return _side_issue(game, view, action.verb, args[0], args[1] == "naval")
    if action.verb == "oracle" and len(args) == 3 and args[0] == "remove":
        return _oracle_removal(game, view, args[1], args[2])
    return None


def _side_issue(game: PericlesGame, view: PericlesView, verb: str, where: str, naval: bool) -> HeadEnd | None:
    """"Colony (+2 Honor): found a Delian League base, with League units, in" and "Samos (2 land units)"
    (P-POLISSUE-4..6): only when every unit fits in the pool and, for a Colony, the base fits too."""
    t, s = game.tables, view.state
    theater = t.theater_index.get(where)
    if theater is None:
        return None
    piece, wanted = political.citizenship_units(naval) if verb == "cit" else political.colony_units(t, naval)
    if room(t, s, theater, piece) < wanted or (verb == "col" and not room(t, s, theater, DB)):
        return None
    units = ngettext("{n} ship", "{n} ships", wanted) if naval else ngettext("{n} land unit", "{n} land units", wanted)
    end = _("{where} ({units})", where=where, units=units)
    if verb == "cit":
        return _("Citizenship (+2 Honor): a Delian League base becomes Athenian, with Athenian units, in"), end
    return _("Colony (+2 Honor): found a Delian League base, with League units, in"), end


def _oracle_removal(game: PericlesGame, view: PericlesView, where: str, code: str) -> HeadEnd | None:
    """"AF's Oracle marker in Sicily: remove an enemy League unit (+1 Honor)" and "League ship (Pn) in Corcyra"
    (P-ORACLE-2)."""
    s = view.state
    if s.revealed < 0 or code not in PIECES or code[-1:] not in UNIT_KINDS:
        return None
    marker = _("{marker} in {where}", marker=story.marker_words(s.revealed),
               where=game.tables.theater_keys[entry_parts(s.revealed)[0]])
    head = _("{marker}: remove an enemy League unit (+1 Honor)", marker=marker)
    return head, _("{unit} ({code}) in {where}", unit=_(UNIT_KINDS[code[-1]]), code=code, where=where)
