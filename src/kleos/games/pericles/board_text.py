"""Pericles' board in words (:meth:`PericlesKit.describe_view`), from one seat's view only.

The plain loop prints it before each decision, the browser sends it as the position's description,
and a bug report quotes it. It tells what the full-screen panels show: each faction's Honor,
Strategos and issues won, each side's supply, each theater's units, treason markers and marker
queue (bottom to top; another faction's face-down marker shows only its side, P-INFO-6), and the
viewer's own hand, entourage, card on the table and theater markers (P-INFO-2, P-INFO-5).
The small helpers here (a marker's label, a theater's queue, a card's label) serve the panels too.
"""

from __future__ import annotations

from collections.abc import Iterator

from kleos.games.pericles.cards import card_title
from kleos.games.pericles.explain import PHASE_TITLES, kind_name, piece_count, seat_names, side_name
from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.i18n import _
from kleos.games.pericles.rules.common import CONTESTED, FRIENDLY, NEUTRAL, status
from kleos.games.pericles.rules.political import won
from kleos.games.pericles.state import ENTOURAGE, HAND, HIDDEN, PLAYED, PericlesState
from kleos.games.pericles.tables import FACTIONS, MARKER_KINDS, PIECES, SIDES, Tables
from kleos.games.pericles.view import SECRET_KIND, PericlesView

N_KINDS = len(MARKER_KINDS)


def marker_label(entry: int) -> str:
    """A queue entry as its owner and kind (``AF:MIL``), or ``?Athens`` for a face-down marker the
    viewer may not identify (P-INFO-6: only its side shows)."""
    owner, kind = entry // 10 % 10, entry % 10
    if kind == SECRET_KIND:
        return f"?{side_name(owner - 4)}"
    return f"{FACTIONS[owner]}:{MARKER_KINDS[kind]}"


def marker_told(entry: int) -> str:
    """A queue entry in words: "AF Military", or "Athens face down" when the viewer may not know it."""
    owner, kind = entry // 10 % 10, entry % 10
    if kind == SECRET_KIND:
        return _("{side} face down", side=side_name(owner - 4))
    return f"{FACTIONS[owner]} {kind_name(MARKER_KINDS[kind])}"


def queue_of(s: PericlesState, theater: int) -> list[int]:
    """A theater's markers, bottom first (the last is the top of the queue, P-THEATER-5)."""
    return [e for e in s.queue if e // 1000 == theater]


def card_label(t: Tables, card: int) -> str:
    return f"{t.card_ids[card]}({t.card_value[card]})"


def cards_at(t: Tables, s: PericlesState, where: int) -> list[int]:
    return sorted((c for c, loc in enumerate(s.card_loc) if loc == where), key=lambda c: t.card_ids[c])


def held_by(s: PericlesState, holder: int) -> Iterator[tuple[int, int, int]]:
    """The theater markers ``holder`` holds, as (owner, kind, count) with a count above 0 (a view keeps
    only the viewer's): the one reading of ``held`` the panel and the text board share."""
    for owner in range(len(FACTIONS)):
        for kind in range(N_KINDS):
            if n := s.held[(holder * len(FACTIONS) + owner) * N_KINDS + kind]:
                yield owner, kind, n


def held_markers(s: PericlesState, holder: int) -> str:
    """The theater markers ``holder`` holds, as owner:kind×n (a view keeps only the viewer's)."""
    return " ".join(f"{'' if owner == holder else FACTIONS[owner] + ':'}{MARKER_KINDS[kind]}×{n}"
                    for owner, kind, n in held_by(s, holder))


def describe(game: PericlesGame, view: PericlesView, seat: int | None) -> str:
    """The board as lines of text: the heading, the factions, the sides, the theaters, one's own."""
    t, s = game.tables, view.state
    lines = [_("Turn {turn}, {phase}; {war}, {plague}; {alcibiades}", turn=s.turn,
               phase=_(PHASE_TITLES[s.phase]),
               war=_("War") if s.war else _("Peace"), plague=_("Post-Plague") if s.plague else _("Pre-Plague"),
               alcibiades=_("Alcibiades in Persia") if s.alcibiades else _("Alcibiades in Athens"))]
    lines.extend(faction_line(game, view, f, name) for f, name in enumerate(seat_names(game)))
    for side in range(len(SIDES)):
        lines.append(_("{side}: supply {supply}, Council {council}", side=side_name(side), supply=s.supply[side],
                       council=s.council[side]))
    lines.extend(line for th in range(len(t.theater_keys)) if (line := theater_line(t, s, th)))
    if seat is not None and 0 <= seat < len(FACTIONS):
        lines.extend(own_lines(t, s, seat))
    return "\n".join(lines)


def faction_line(game: PericlesGame, view: PericlesView, f: int, name: str) -> str:
    """"Aristocrats (Dominant): Honor 10, Strategos 0, hand 7, winning CIT on box 2" (P-ASSEMBLY-13)."""
    s = view.state
    stock = "?" if s.stock[f] == HIDDEN else str(s.stock[f])
    dom = _(" (Dominant)") if s.dominant[f // 2] == f else ""
    issues = ", ".join(_("{issue} on box {box}", issue=k, box=b) for k, b in won(game.tables, s, f))
    line = _("{name}{dominant}: Honor {honor}, Strategos {stock}, hand {hand}", name=name, dominant=dom,
             honor=s.honor[f], stock=stock, hand=view.hand_sizes[f])
    return _("{line}, winning {issues}", line=line, issues=issues) if issues else line


def theater_line(t: Tables, s: PericlesState, th: int) -> str:
    """"Boeotia: Ab1 Al2 Pl2 (contested); treason markers: Athens 1; markers, bottom to top: Athens face
    down, AF Diplomatic", or "" for a theater with none of these. The control in words (P-DEF-11), which
    the panels show as a column: a reader of the codes had to work it out from their first letters."""
    here = [piece_count(PIECES[p], n) for p in range(len(PIECES)) if (n := s.pieces[th * len(PIECES) + p])]
    told = [" ".join(here) + control_told(s, th)] if here else []
    treason = [_("{side} {n}", side=side_name(side), n=n) for side in range(len(SIDES))
               if (n := s.treason[th * 2 + side])]
    if treason:
        told.append(_("treason markers: {sides}", sides=", ".join(treason)))
    queue = queue_of(s, th)
    if queue:
        told.append(_("markers, bottom to top: {markers}", markers=", ".join(marker_told(e) for e in queue)))
    return f"{t.theater_keys[th]}: {'; '.join(told)}" if told else ""


def control_told(s: PericlesState, th: int) -> str:
    """" (contested)", " (controlled by Athens)", or "" where neither side has a unit or base (P-DEF-11)."""
    held = status(s, th, 0)
    if held == CONTESTED:
        return _(" (contested)")
    if held == NEUTRAL:
        return ""
    return _(" (controlled by {side})", side=side_name(0 if held == FRIENDLY else 1))


def own_lines(t: Tables, s: PericlesState, seat: int) -> list[str]:
    """The viewer's own secrets (P-INFO-2, P-INFO-5): hand, entourage, card on the table, markers."""
    def titled(where: int) -> str:
        return ", ".join(f"{t.card_ids[c]} {card_title(t.data, t.card_ids[c])}".rstrip()
                         for c in cards_at(t, s, where))

    lines = [_("Your hand: {cards}", cards=titled(HAND + seat) or _("empty")),
             _("Your entourage: {cards}", cards=titled(ENTOURAGE + seat) or _("empty"))]
    played = titled(PLAYED + seat)
    if played:
        lines.append(_("Your card on the table: {card}", card=played))
    held = [held_told(owner, kind, n, seat) for owner, kind, n in held_by(s, seat)]
    if held:
        lines.append(_("Your theater markers: {markers}", markers=", ".join(held)))
    return lines


def held_told(owner: int, kind: int, n: int, seat: int) -> str:
    """"Military", "Rumor ×2", or "DF Oracle" for a marker of another faction that ``seat`` holds."""
    name = kind_name(MARKER_KINDS[kind]) if owner == seat else f"{FACTIONS[owner]} {kind_name(MARKER_KINDS[kind])}"
    return _("{marker} ×{n}", marker=name, n=n) if n > 1 else name
