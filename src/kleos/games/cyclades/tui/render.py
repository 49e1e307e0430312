"""Rich renderables of a Cyclades position for the terminal: status, hex map, players, gods, creatures.

Every function reads a :class:`CycladesView` (what one seat may know: other seats' gold is hidden).
The map draws the board of the player count cell by cell on its hex grid (data sheet §2.1: row R,
column C, rows offset by half a cell): a sea cell shows its id, its trade value and the fleets in it;
an island's first cell its id, prosperity and who holds it with how many troops, its second cell the
buildings and the Metropolis (a one-cell island shows them after its troops).
"""

from __future__ import annotations

from rich.text import Text

from kleos.core.kit.terminal import Palette, fill_template
from kleos.core.protocol import Outcome
from kleos.games.cyclades import i18n as words
from kleos.games.cyclades.game import CycladesGame
from kleos.games.cyclades.i18n import _
from kleos.games.cyclades.loader import doubled_x, parse_cell
from kleos.games.cyclades.reference import creature, creature_words
from kleos.games.cyclades.rules.common import income, islands_of, metropolises
from kleos.games.cyclades.state import OVER, CycladesState
from kleos.games.cyclades.tables import EMPTY, N_GODS, Tables
from kleos.games.cyclades.view import HIDDEN, CycladesView
from kleos.tui.text import Cell, grid, lines, paragraph, seat_text, seats_text

DARK = Palette(("bold #58a6ff", "bold #ff7b72", "bold #56d364", "bold #f0d429", "bold #c9d1d9"),
               "#9da5ae", "bold #f0b429", "#56d364", "bold #e6edf3", "reverse")
LIGHT = Palette(("bold #0a3d91", "bold #b3261e", "bold #1a7f37", "bold #8a6a00", "bold #1f2328"),
                "#57606a", "bold #8a5a00", "#1a7f37", "bold #1f2328", "reverse")

CELL = 8  # characters per hex cell; rows are offset by half of it
BUILDING_LETTERS = "PFTU"  # port, fortress, temple, university: the building of each main god, in god order
SEA = "~"


# ----- geometry --------------------------------------------------------------------------------------
Layout = tuple[int, tuple[tuple[tuple[int, str, int, int], ...], ...]]
_LAYOUTS: dict[tuple[int, str], Layout] = {}


def _layout(t: Tables) -> Layout:
    """(width in cells, per row the cells left to right as (half-cell column, kind, index, part)).

    ``kind`` is ``"sea"`` or ``"island"``; ``part`` numbers an island's cells (0 is the one that shows
    its owner and troops). Computed once per board of a data set.
    """
    key = (id(t.data), t.board)
    if key not in _LAYOUTS:
        _LAYOUTS[key] = _compute_layout(t)
    return _LAYOUTS[key]


def _compute_layout(t: Tables) -> Layout:
    board = t.data.board(t.board)
    widths = list(board.row_widths)
    widest = max(widths)
    rows: list[list[tuple[int, str, int, int]]] = [[] for _row in widths]
    for sea in board.seas:
        r, c = parse_cell(sea.cell)
        rows[r].append((doubled_x((r, c), widths) + widest - 1, "sea", t.sea_index[sea.id], 0))
    for island in board.islands:
        for part, cell in enumerate(island.cells):
            r, c = parse_cell(cell)
            rows[r].append((doubled_x((r, c), widths) + widest - 1, "island", t.island_index[island.id], part))
    return widest, tuple(tuple(sorted(row)) for row in rows)


def map_width(t: Tables) -> int:
    """Characters the hex map needs; narrower panels get the list form instead."""
    widest, _rows = _layout(t)
    return widest * CELL + CELL // 2


# ----- small pieces ----------------------------------------------------------------------------------
def seat_words(game: CycladesGame) -> list[str]:
    """The players' colours in the reader's language (the English names stay the seats' identifiers)."""
    return [words.seat(game.tables, i) for i in range(len(game.seat_names))]


def _initial(game: CycladesGame, seat: int) -> str:
    return game.seat_names[seat][:1] if seat >= 0 else ""


def _buildings(t: Tables, s: CycladesState, island: int) -> str:
    first = t.slot_offset[island]
    letters = [BUILDING_LETTERS[b - 1] for b in s.buildings[first:first + t.island_slots[island]] if b]
    return "".join(letters)


def _sea_lines(game: CycladesGame, s: CycladesState, sea: int, p: Palette) -> tuple[Text, Text]:
    t = game.tables
    top = Text(f"{t.sea_ids[sea]}", style=p.dim)
    if t.sea_trade[sea]:
        top.append(f"${t.sea_trade[sea]}", style=p.good)
    owner, fleets = s.fleet_owner[sea], s.fleets[sea]
    if not fleets:
        return top, Text(SEA * 3, style=p.dim)
    return top, Text(f"{_initial(game, owner)}{fleets}{SEA}", style=p.seat(owner))


def _island_lines(game: CycladesGame, s: CycladesState, island: int, part: int, p: Palette) -> tuple[Text, Text]:
    t = game.tables
    owner = s.owner[island]
    extra = ("M " if s.metropolis[island] else "") + _buildings(t, s, island)
    if part == 0:
        top = Text(t.island_ids[island], style=p.head)
        top.append(f"*{t.island_prosperity[island] + s.markers[island]}", style=p.good)
        who = Text(f"{_initial(game, owner)}{s.troops[island]}" if owner != EMPTY else _("free"),
                   style=p.seat(owner) if owner != EMPTY else p.dim)
        if extra and _cells(t, island) == 1:  # no second cell to show the buildings: after the troops
            who.append(" " + extra.replace(" ", ""), style=p.warn if s.metropolis[island] else "")
        return top, who
    top = Text(t.island_ids[island], style=p.dim)
    if part == 1:
        return top, Text(extra or ".", style=p.warn if s.metropolis[island] else "")
    return top, Text("")


def _cells(t: Tables, island: int) -> int:
    """How many hex cells ``island`` covers on the board of the player count."""
    _widest, rows = _layout(t)
    return sum(1 for row in rows for _half, kind, index, _part in row if kind == "island" and index == island)


def map_view(game: CycladesGame, view: CycladesView, p: Palette, width: int = 100) -> Text:
    """The board on its hex grid, or one line per island and sea when the panel is too narrow."""
    t, s = game.tables, view.state
    if width < map_width(t):
        return list_view(game, view, p, width)
    _widest, rows = _layout(t)
    out: list[Text] = []
    for row in rows:
        top, bottom = Text(), Text()
        for half, kind, index, part in row:
            column = half * CELL // 2  # neighbours in a row are two halves, a whole cell, apart
            pieces = _sea_lines(game, s, index, p) if kind == "sea" else _island_lines(game, s, index, part, p)
            for line, piece in zip((top, bottom), pieces, strict=True):
                line.append(" " * max(column - len(line.plain), 1 if line.plain else 0))
                piece.truncate(CELL - 1)
                line.append_text(piece)
        out.extend([top, bottom])
    legend = _("I3*2 island and its prosperity · B2 its owner's initial and troops · M Metropolis, P F T U "
               "buildings (Port, Fortress, Temple, University), shown on an island's second cell ('.' none) · "
               "S7$1 sea and trade value · R2~ fleets")
    return lines(*out, Text(""), paragraph(legend, width, p.dim))


def list_view(game: CycladesGame, view: CycladesView, p: Palette, width: int = 80) -> Text:
    """The board as lines (narrow panels): owned islands, then seas with fleets."""
    t, s = game.tables, view.state
    rows: list[list[Cell] | None] = []
    for island in range(t.n_islands):
        owner = s.owner[island]
        who = seat_text(seat_words(game), owner, p) if owner != EMPTY else Text(_("free"), style=p.dim)
        rows.append([t.island_ids[island], who,
                     str(s.troops[island]), str(t.island_prosperity[island] + s.markers[island]),
                     ("M " if s.metropolis[island] else "") + _buildings(t, s, island)])
    head = [_("island"), _("owner"), _("troops"), _("prosperity"), _("buildings")]
    table = grid(head, rows, width, p, right=(2, 3))
    fleets = Text(_("Fleets: "), style=p.head)
    shown = False
    for sea in range(t.n_seas):
        if s.fleets[sea]:
            fleets.append(f"{t.sea_ids[sea]} ")
            fleets.append(f"{_initial(game, s.fleet_owner[sea])}{s.fleets[sea]}  ", style=p.seat(s.fleet_owner[sea]))
            shown = True
    if not shown:
        fleets.append(_("none"), style=p.dim)
    return lines(table, Text(""), paragraph(fleets, width))


# ----- players, gods, creatures ----------------------------------------------------------------------
def players_view(game: CycladesGame, view: CycladesView, p: Palette, width: int = 80) -> Text:
    t, s = game.tables, view.state
    rows: list[list[Cell] | None] = []
    for seat in range(t.players):
        gold = "?" if s.gold[seat] == HIDDEN else str(s.gold[seat])
        fleets = sum(n for sea, n in enumerate(s.fleets) if s.fleet_owner[sea] == seat)
        troops = sum(n for island, n in enumerate(s.troops) if s.owner[island] == seat)
        rows.append([seat_text(seat_words(game), seat, p), gold, str(income(t, s, seat)), str(len(islands_of(s, seat))),
                     str(metropolises(s, seat)), str(troops), str(fleets), str(s.priests[seat]),
                     str(s.philosophers[seat])])
    head = [_("player"), _("gold"), _("income"), _("islands"), _("metropolises"), _("troops"), _("fleets"),
            _("priests"), _("philosophers")]
    table = grid(head, rows, width, p, right=tuple(range(1, len(head))))
    note = _("Win: {n} Metropolises at the end of a cycle (C-END-2); gold behind the screens is hidden from "
             "the other players (C-INFO-1).", n=t.win_metropolises)
    return lines(table, Text(""), paragraph(note, width, p.dim))


def gods_view(game: CycladesGame, view: CycladesView, p: Palette, width: int = 80) -> Text:
    """The god track with this cycle's offerings, Apollo's spaces and the turn order."""
    t, s = game.tables, view.state
    rows: list[list[Cell] | None] = []
    for pos in range(N_GODS):
        god = s.gods[pos]
        marker = s.bidder[god]
        bidder = seat_text(seat_words(game), t.marker_owner[marker], p) if marker != EMPTY else Text("-", style=p.dim)
        state = "" if s.gods_up[pos] else _("face down")
        rows.append([str(pos + 1), words.god(t, god), state, bidder, str(s.bid[god]) if marker != EMPTY else ""])
    table = grid(["", _("god"), "", _("offering by"), _("GP")], rows, width, p, right=(4,))
    apollo = Text(_("Apollo: "), style=p.head)
    for i, marker in enumerate(s.apollo):
        apollo.append(f"{i + 1}. ")
        apollo.append_text(seat_text(seat_words(game), t.marker_owner[marker], p))
        apollo.append("  ")
    if not s.apollo:
        apollo.append(_("nobody"), style=p.dim)
    order = Text(_("Turn order: "), style=p.head)
    for i, marker in enumerate(s.turn_order):
        order.append(f"{i + 1}. ")
        holder = t.marker_owner[marker] if marker != EMPTY else -1  # an empty slot reads "-"
        order.append_text(seat_text(seat_words(game), holder, p))
        order.append("  ")
    return lines(table, Text(""), paragraph(apollo, width), paragraph(order, width))


def creatures_view(game: CycladesGame, view: CycladesView, p: Palette, width: int = 80) -> Text:
    t, s = game.tables, view.state
    rows: list[list[Cell] | None] = []
    for slot, card in enumerate(s.track):
        name = words.creature_name(creature(t, card)) if card >= 0 else "-"
        rows.append([words.gold(t.slot_costs[slot]), name])
    table = grid([_("price"), _("creature")], rows, width, p)
    told = [paragraph(Text.assemble(*fill_template(_("{creature}: "), creature=words.creature_name(creature(t, card))),
                                    style=p.head)
                      + Text(creature_words(creature(t, card))), width)
            for card in dict.fromkeys(c for c in s.track if c >= 0)]
    left = sum(s.deck)
    discard = ", ".join(words.creature_name(creature(t, c)) for c in s.discard[-5:]) or _("empty")
    note = _("Deck: {left} cards (order unknown). Discard pile (last 5): {discard}. Temples take 1 GP off a "
             "creature each (once a cycle); R lists every creature (C-SUMMON-2, C-BUILD-7).",
             left=left, discard=discard)
    return lines(table, Text(""), *told, Text(""), paragraph(note, width, p.dim))


# ----- status and outcome ----------------------------------------------------------------------------
def status(game: CycladesGame, view: CycladesView, p: Palette, note: str = "") -> Text:
    s = view.state
    line = Text("Cyclades", style=p.head)
    line.append(" · " + _("{players} players · cycle {cycle}", players=game.tables.players, cycle=s.cycle) + " · ")
    if s.phase == OVER:
        line.append(_("game over"), style=p.warn)
    else:
        line.append(_("phase: {phase}", phase=words.phase(s.phase)))
        actors = [a for a in game.actors(s) if a >= 0]
        if actors:
            line.append_text(Text.assemble(*fill_template(_(" · to act: {seats}"),
                                                          seats=seats_text(seat_words(game), actors, p))))
    line.append("\n")
    if view.seat is not None and view.seat >= 0:
        line.append_text(Text.assemble(*fill_template(_("You: {seat}, {gold} GP"),
                                                      seat=seat_text(seat_words(game), view.seat, p),
                                                      gold=str(s.gold[view.seat]))))
    if note:
        line.append(f"  {note}", style=p.dim)
    return line


def outcome_view(game: CycladesGame, view: CycladesView, p: Palette, outcome: Outcome) -> Text:
    s = view.state
    text = Text(_("Game over: "), style=p.warn)
    text.append(words.reason(outcome.reason))
    if outcome.winner is not None:
        text.append_text(Text.assemble(*fill_template(_(" · winner {seat}"),
                                                      seat=seat_text(seat_words(game), outcome.winner, p))))
    text.append("\n" + _("Metropolises: "))
    for seat in range(game.tables.players):
        if seat:
            text.append(", ")
        text.append_text(seat_text(seat_words(game), seat, p))
        text.append(f" {metropolises(s, seat)}")
    return text
