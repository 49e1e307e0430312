"""Rich renderables of a Pericles position for the terminal: status, theaters, assemblies, factions, battle.

Every function reads a :class:`PericlesView` (what one faction may know, P-INFO): the other factions'
hands, entourages, Strategos stocks and held markers are hidden there, and a face-down marker on the
map shows only its side unless the viewer placed or owns it (P-INFO-6). Nothing here reads a state
that a view did not redact.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text

from kleos.core.kit.terminal import Palette
from kleos.core.protocol import Outcome
from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.rules import battle
from kleos.games.pericles.rules.common import count, status
from kleos.games.pericles.state import (
    ENTOURAGE,
    GONE,
    HAND,
    HIDDEN,
    M_KIND,
    M_NUM,
    M_WIN,
    OFF,
    OVER,
    PLAYED,
    REVEALED,
    PericlesState,
)
from kleos.games.pericles.tables import (
    FACTIONS,
    ISSUES_PER_SIDE,
    MARKER_KINDS,
    N_PIECES,
    N_THEATERS,
    PERSIA,
    PIECES,
    SIDE_BASES,
    SIDE_LAND,
    SIDE_NAVAL,
    SIDES,
    XB,
    Tables,
)
from kleos.games.pericles.view import SECRET_KIND, PericlesView
from kleos.tui.text import Cell, grid, lines, paragraph, seat_text, seats_text

# seat colours: the two Athenian factions in blues, the two Spartan ones in reds
DARK = Palette(("bold #58a6ff", "bold #79c0ff", "bold #ff7b72", "bold #f0883e"),
               "#9da5ae", "bold #f0b429", "#56d364", "bold #e6edf3", "reverse")
LIGHT = Palette(("bold #0a3d91", "bold #1f6feb", "bold #b3261e", "bold #9a4a00"),
                "#57606a", "bold #8a5a00", "#1a7f37", "bold #1f2328", "reverse")
SIDE_NAMES = ("Athens", "Sparta")
N_KINDS = len(MARKER_KINDS)
BATTLE_STEPS = frozenset({"ship", "row", "casualty", "raze", "second"})
"""Decisions taken while a battle of the running Military issue is on the table."""


# ----- small pieces ----------------------------------------------------------------------------------
def side_style(side: int, p: Palette) -> str:
    return p.seat(2 * side)


def pieces_text(s: PericlesState, theater: int, pieces: tuple[int, ...]) -> str:
    """``An2 Al3``: each piece kind present with its count."""
    return " ".join(f"{PIECES[q]}{n}" for q in pieces if (n := count(s, theater, q)))


def marker_label(entry: int) -> str:
    """A queue entry as its owner and kind (``AF:MIL``), or ``?Athens`` for a face-down marker the
    viewer may not identify (P-INFO-6: only its side shows)."""
    owner, kind = entry // 10 % 10, entry % 10
    if kind == SECRET_KIND:
        return f"?{SIDE_NAMES[owner - 4]}"
    return f"{FACTIONS[owner]}:{MARKER_KINDS[kind]}"


def queue_of(s: PericlesState, theater: int) -> list[int]:
    """A theater's markers, bottom first (the last is the top of the queue, P-THEATER-5)."""
    return [e for e in s.queue if e // 1000 == theater]


def card_label(t: Tables, card: int) -> str:
    return f"{t.card_ids[card]}({t.card_value[card]})"


def cards_at(t: Tables, s: PericlesState, where: int) -> list[int]:
    return sorted((c for c, loc in enumerate(s.card_loc) if loc == where), key=lambda c: t.card_ids[c])


# ----- theaters ----------------------------------------------------------------------------------------
def theater_rows(game: PericlesGame, view: PericlesView, p: Palette) -> list[list[Cell] | None]:
    t, s = game.tables, view.state
    rows: list[list[Cell] | None] = []
    for th in range(N_THEATERS):
        if not t.in_play[th]:
            continue
        name = Text(t.theater_keys[th], style=p.head if s.revealed >= 0 and s.revealed // 1000 == th else "")
        border = "-" if th == PERSIA else "N" if t.naval_border[th] else "L"
        cells: list[Cell] = [name, border, status(s, th, 0)[:4]]
        for side in (0, 1):
            extra = (XB,) if side else ()  # the Persian bases stand with Sparta (P-PERSIA-2)
            here = pieces_text(s, th, (*SIDE_BASES[side], *extra, *SIDE_NAVAL[side], *SIDE_LAND[side]))
            treason = s.treason[th * 2 + side]
            if treason:
                here = f"{here} T{treason}".strip()
            cells.append(Text(here or "-", style=side_style(side, p) if here else p.dim))
        queue = queue_of(s, th)
        cells.append(" ".join(marker_label(e) for e in queue) if queue else Text("", style=p.dim))
        rows.append(cells)
    return rows


def theaters_view(game: PericlesGame, view: PericlesView, p: Palette, width: int = 100) -> Text:
    """One line per theater in play: its border, its status for Athens, each side's bases, units and
    treason markers, and its marker queue bottom to top (face-down markers of others show only a side)."""
    table = grid(["theater", "", "Ath", "Athens", "Sparta", "markers (bottom → top)"],
                 theater_rows(game, view, p), width, p)
    legend = ("N/L naval or land border · Ath: the theater's status for Athens (frie/cont/enem/neut) · "
              "Ab An Al Athenian base, ship, hoplite · Db Dn Dl Delian League · Sb Sn Sl S300 Spartan · "
              "Pb Pn Pl Peloponnesian League · Ar Argos · Xb Persian base · T treason markers · "
              "?Athens a face-down marker whose kind you may not know (P-INFO-6)")
    return lines(table, Text(""), paragraph(legend, width, p.dim))


# ----- assemblies ------------------------------------------------------------------------------------
def track_rows(game: PericlesGame, view: PericlesView, side: int, p: Palette) -> list[list[Cell] | None]:
    """The side's track from +7 (its first faction's end) to -7: the boxes holding issues, and the centre."""
    t, s = game.tables, view.state
    base = side * ISSUES_PER_SIDE
    at: dict[int, list[str]] = {}
    for i, kind in enumerate(t.issue_kinds[side]):
        pos = s.track[base + i]
        marker = kind + ("*" if s.issue == i and s.side == side else "")
        at.setdefault(pos, []).append(marker)
    first, second = 2 * side, 2 * side + 1
    rows: list[list[Cell] | None] = []
    for pos in range(7, -8, -1):
        if pos and pos not in at:
            continue
        owner = first if pos > 0 else second if pos < 0 else -1
        label = Text(f"{pos:+d}" if pos else " 0", style=p.seat(owner) if owner >= 0 else p.dim)
        rows.append([label, " ".join(sorted(at.get(pos, [])))])
    rows.append(["off", " ".join(sorted(at.get(OFF, [])))])
    if at.get(GONE):
        rows.append(["gone", " ".join(sorted(at[GONE]))])
    return rows


def assemblies_view(game: PericlesGame, view: PericlesView, p: Palette, width: int = 100) -> Text:
    """Both assemblies' tracks (P-ASSEMBLY): each side's issues by box, + toward its first faction."""
    s = view.state
    parts: list[Text] = []
    for side in (0, 1):
        first, second = game.seat_names[2 * side], game.seat_names[2 * side + 1]
        head = Text(f"{SIDE_NAMES[side]} assembly", style=side_style(side, p))
        head.append(f"  (+ toward {first}, − toward {second}; Council {s.council[side]}, "
                    f"supply {s.supply[side]})", style=p.dim)
        parts.extend([head, grid(["box", "issues"], track_rows(game, view, side, p), width, p, right=(0,)),
                      Text("")])
    if s.issue >= 0:
        parts.append(Text(f"Debating: {game.tables.issue_kinds[s.side][s.issue]}* in the "
                          f"{SIDE_NAMES[s.side]} assembly, debate {s.debate}", style=p.warn))
    parts.append(paragraph("Issues: MIL Military, LEA League, DIP Diplomatic, ORA Oracle, OST Ostracism, "
                           "GAM Games, WP War/Peace, CIT Citizenship, COL Colony, KRY Krypteia, AGO Agoge; "
                           "an issue on a faction's half at the end is won by it (P-ASSEMBLY-13).", width, p.dim))
    return lines(*parts)


# ----- factions ----------------------------------------------------------------------------------------
def held_markers(s: PericlesState, holder: int) -> str:
    """The theater markers ``holder`` holds, as owner:kind×n (a view keeps only the viewer's)."""
    out = []
    for owner in range(4):
        for kind in range(N_KINDS):
            n = s.held[(holder * 4 + owner) * N_KINDS + kind]
            if n:
                out.append(f"{'' if owner == holder else FACTIONS[owner] + ':'}{MARKER_KINDS[kind]}×{n}")
    return " ".join(out)


def factions_view(game: PericlesGame, view: PericlesView, p: Palette, width: int = 100) -> Text:
    """Honor and Strategos of each faction (another's stock is hidden, P-INFO-3), cards in hand and
    entourage (the viewer's own by name), markers held, and the viewer's hand and entourage."""
    t, s = game.tables, view.state
    rows: list[list[Cell] | None] = []
    for f in range(4):
        dom = "Dominant" if s.dominant[f // 2] == f else ""
        stock = "?" if s.stock[f] == HIDDEN else str(s.stock[f])
        rows.append([seat_text(game.seat_names, f, p), str(s.honor[f]), stock, str(view.hand_sizes[f]),
                     str(view.entourage_sizes[f]), str(view.markers_held[f]), dom])
    table = grid(["faction", "Honor", "Strategos", "hand", "entourage", "markers", ""], rows, width, p,
                 right=(1, 2, 3, 4, 5))
    totals = Text(f"Strategos per side (both factions): Athens {view.stock_total[0]}, "
                  f"Sparta {view.stock_total[1]}", style=p.dim)
    parts = [table, totals, Text("")]
    seat = view.seat
    if seat is not None and 0 <= seat < 4:
        hand = " ".join(card_label(t, c) for c in cards_at(t, s, HAND + seat)) or "empty"
        ent = " ".join(card_label(t, c) for c in cards_at(t, s, ENTOURAGE + seat)) or "empty"
        played = " ".join(card_label(t, c) for c in cards_at(t, s, PLAYED + seat))
        you = Text("Your hand: ", style=p.head)
        you.append(hand)
        parts.append(paragraph(you, width))
        ent_line = Text("Your entourage: ", style=p.head)
        ent_line.append(ent)
        parts.append(paragraph(ent_line, width))
        if played:
            parts.append(Text(f"Your card on the table: {played}"))
        mine = held_markers(s, seat)
        parts.append(Text(f"Your theater markers: {mine or 'none'}"))
    parts.append(paragraph("Cards are shown as id(value). Other factions' hands, entourages, Strategos "
                           "and markers are secret (P-INFO-2, P-INFO-3, P-INFO-5).", width, p.dim))
    return lines(*parts)


# ----- battle ------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Strength:
    """One side's battle strength, part by part (P-BATTLE-4..6)."""

    units: int
    bases: int
    strategos: int
    treason: int
    card: int

    @property
    def total(self) -> int:
        return self.units + self.bases + self.strategos + self.treason + self.card


def in_battle(s: PericlesState) -> bool:
    """A battle of the running Military issue is on the table (a Theater-phase decision about it)."""
    return s.phase != OVER and s.revealed >= 0 and s.mil[M_NUM] > 0 and s.step in BATTLE_STEPS


def strength_parts(t: Tables, s: PericlesState, side: int) -> Strength:
    """The parts of :func:`kleos.games.pericles.rules.battle.strength`, from what the view shows: only
    revealed commitments count (P-INFO-7), so the breakdown never needs a secret."""
    mv = t.data.military_values
    th, kind = battle.theater_of(s), s.mil[M_KIND]
    units = sum(count(s, th, q) * battle.unit_value(t, q) for q in battle.kind_pieces(kind, side))
    bases = mv.base * sum(count(s, th, b) for b in SIDE_BASES[side])
    strategos = mv.strategos * battle.committed_total(s, side, th)
    treason = mv.treason * s.treason[th * 2 + side]
    return Strength(units, bases, strategos, treason, max(0, s.draw[side]))


def battle_view(game: PericlesGame, view: PericlesView, p: Palette, width: int = 100) -> Text:
    """The battle being fought: its theater and kind, each side's strength part by part and the result."""
    t, s = game.tables, view.state
    if not in_battle(s):
        return paragraph("No battle is being fought. Battles come with Military issues in the Theater "
                         "phase (P-MIL-1, P-BATTLE-4).", width, p.dim)
    th = battle.theater_of(s)
    kind = "naval" if s.mil[M_KIND] else "land"
    head = Text(f"Battle {s.mil[M_NUM]} in {t.theater_keys[th]}: a {kind} battle", style=p.head)
    rows: list[list[Cell] | None] = []
    for side in (0, 1):
        st = strength_parts(t, s, side)
        rows.append([Text(SIDE_NAMES[side], style=side_style(side, p)), str(st.units), str(st.bases),
                     str(st.strategos), str(st.treason), str(st.card) if s.draw[side] >= 0 else "-", str(st.total)])
    table = grid(["side", "units", "bases", "Strategos", "treason", "card", "total"], rows, width, p,
                 right=(1, 2, 3, 4, 5, 6))
    win = s.mil[M_WIN]
    result = Text("Result: ")
    if s.step == "ship":
        result.append("not fought yet", style=p.dim)
    else:
        result.append("a draw" if win < 0 else f"{SIDE_NAMES[win]} wins", style=p.warn)
    commits = ", ".join(f"{FACTIONS[f]} {s.commit[f]}" for f in range(4) if s.committed[f] == REVEALED)
    note = ("Strength: units of the battle's kind (Spartan hoplites and Athenian ships count 2), bases, "
            "committed Strategos (the State Ship and the 300 too), treason markers and the battle card "
            "(P-BATTLE-4..7).")
    return lines(head, table, result, Text(f"Revealed commitments: {commits or 'none'}"),
                 paragraph(note, width, p.dim))


# ----- status and outcome ------------------------------------------------------------------------------
def status_line(game: PericlesGame, view: PericlesView, p: Palette, note: str = "") -> Text:
    s = view.state
    line = Text("Pericles", style=p.head)
    line.append(f" · turn {s.turn} · ")
    if s.phase == OVER:
        line.append("game over", style=p.warn)
    else:
        line.append(f"{s.phase} phase, {s.step} · {'War' if s.war else 'Peace'}")
        actors = [a for a in game.actors(s) if a >= 0]
        if actors:
            line.append(" · to act: ")
            line.append_text(seats_text(game.seat_names, actors, p))
    line.append("\n")
    if view.seat is not None and 0 <= view.seat < 4:
        line.append("You: ")
        line.append_text(seat_text(game.seat_names, view.seat, p))
        line.append(f", Honor {s.honor[view.seat]}, Strategos {s.stock[view.seat]}")
    if note:
        line.append(f"  {note}", style=p.dim)
    return line


def outcome_view(game: PericlesGame, view: PericlesView, outcome: Outcome, p: Palette) -> Text:
    s = view.state
    text = Text("Game over: ", style=p.warn)
    text.append(outcome.reason)
    if outcome.winner is not None:
        text.append(" · winner ")
        text.append_text(seat_text(game.seat_names, outcome.winner, p))
    text.append("\nHonor: ")
    for f in range(4):
        if f:
            text.append(", ")
        text.append_text(seat_text(game.seat_names, f, p))
        text.append(f" {s.honor[f]}")
    return text


__all__ = ["DARK", "LIGHT", "N_PIECES", "SIDES", "Strength", "assemblies_view", "battle_view", "factions_view",
           "in_battle", "outcome_view", "status_line", "strength_parts", "theaters_view"]
