"""Rich renderables of a Pericles position for the terminal: status, theaters, assemblies, factions, battle.

Every function reads a :class:`PericlesView` (what one faction may know, P-INFO): the other factions'
hands, entourages, Strategos stocks and held markers are hidden there, and a face-down marker on the
map shows only its side unless the viewer placed or owns it (P-INFO-6). Nothing here reads a state
that a view did not redact.
"""

from __future__ import annotations

from rich.text import Text

from kleos.core.kit.terminal import Palette, fill_template
from kleos.core.protocol import Outcome
from kleos.games.pericles.board_text import card_label, cards_at, held_markers, marker_label, queue_of
from kleos.games.pericles.explain import PHASE_TITLES, piece_count, seat_names, side_name
from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.i18n import N_, _
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
from kleos.games.pericles.story import Strength
from kleos.games.pericles.story import battle_strength as strength_parts
from kleos.games.pericles.tables import (
    FACTIONS,
    ISSUES_PER_SIDE,
    N_PIECES,
    N_THEATERS,
    PERSIA,
    PIECES,
    SIDE_BASES,
    SIDE_LAND,
    SIDE_NAVAL,
    SIDES,
    XB,
)
from kleos.games.pericles.view import PericlesView
from kleos.tui.text import Cell, grid, lines, paragraph, seat_text, seats_text

# seat colours: the two Athenian factions in blues, the two Spartan ones in reds
DARK = Palette(("bold #58a6ff", "bold #79c0ff", "bold #ff7b72", "bold #f0883e"),
               "#9da5ae", "bold #f0b429", "#56d364", "bold #e6edf3", "reverse")
LIGHT = Palette(("bold #0a3d91", "bold #1f6feb", "bold #b3261e", "bold #9a4a00"),
                "#57606a", "bold #8a5a00", "#1a7f37", "bold #1f2328", "reverse")
BATTLE_STEPS = frozenset({"ship", "row", "casualty", "raze", "second"})
"""Decisions taken while a battle of the running Military issue is on the table."""

STATUS_SHORT = {"friendly": N_("frie"), "contested": N_("cont"), "enemy": N_("enem"), "neutral": N_("neut")}
"""A theater's status for Athens in four letters, as the legend spells them out (P-DEF-11)."""

STEP_WORDS = {
    "plague": N_("plague"), "demobilise": N_("demobilise"), "relocate": N_("relocate"), "keep": N_("keep"),
    "entourage": N_("entourage"), "hostage": N_("hostage"), "select": N_("select"), "debate": N_("debate"),
    "play": N_("play"), "council": N_("council"), "stop": N_("stop"), "lend": N_("lend"), "place": N_("place"),
    "reveal": N_("reveal"), "resolve": N_("resolve"), "dip_secret": N_("dip_secret"), "upkeep": N_("upkeep"),
    "side": N_("side issue"), "callias": N_("callias"), "scuttle": N_("scuttle"), "move": N_("move"),
    "move_on": N_("move_on"), "exped_secret": N_("exped_secret"), "ship": N_("ship"), "row": N_("row"),
    "casualty": N_("casualty"), "raze": N_("raze"), "second": N_("second"), "gold": N_("gold"),
    "redeploy": N_("redeploy"), "deal": N_("deal"), "battle_draw": N_("battle_draw"), "dip_draw": N_("dip_draw"),
    "raid_draw": N_("raid_draw"),
}
"""The step the game stands at, as the status bar shows it: the engine's step names in English."""


# ----- small pieces ----------------------------------------------------------------------------------
def side_style(side: int, p: Palette) -> str:
    return p.seat(2 * side)


def pieces_text(s: PericlesState, theater: int, pieces: tuple[int, ...]) -> str:
    """``An2 Al3``: each piece kind present with its count (``S300×1``, :func:`piece_count`)."""
    return " ".join(piece_count(PIECES[q], n) for q in pieces if (n := count(s, theater, q)))




# ----- theaters ----------------------------------------------------------------------------------------
def theater_rows(game: PericlesGame, view: PericlesView, p: Palette) -> list[list[Cell] | None]:
    t, s = game.tables, view.state
    rows: list[list[Cell] | None] = []
    for th in range(N_THEATERS):
        if not t.in_play[th]:
            continue
        name = Text(t.theater_keys[th], style=p.head if s.revealed >= 0 and s.revealed // 1000 == th else "")
        border = "-" if th == PERSIA else "N" if t.naval_border[th] else "L"
        cells: list[Cell] = [name, border, _(STATUS_SHORT[status(s, th, 0)])]
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
    table = grid([_("theater"), "", _("Ath"), side_name(0), side_name(1), _("markers (bottom → top)")],
                 theater_rows(game, view, p), width, p)
    legend = _("N/L naval or land border · Ath: the theater's status for Athens (frie/cont/enem/neut) · "
               "Ab An Al Athenian base, ship, hoplite · Db Dn Dl Delian League · Sb Sn Sl S300 Spartan · "
               "Pb Pn Pl Peloponnesian League · Ar Argos · Xb Persian base · T treason markers · "
               "?{athens} a face-down marker whose kind you may not know (P-INFO-6)", athens=side_name(0))
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
    rows.append([_("off"), " ".join(sorted(at.get(OFF, [])))])
    if at.get(GONE):
        rows.append([_("gone"), " ".join(sorted(at[GONE]))])
    return rows


def assemblies_view(game: PericlesGame, view: PericlesView, p: Palette, width: int = 100) -> Text:
    """Both assemblies' tracks (P-ASSEMBLY): each side's issues by box, + toward its first faction."""
    s = view.state
    parts: list[Text] = []
    for side in (0, 1):
        first, second = seat_names(game)[2 * side], seat_names(game)[2 * side + 1]
        head = Text(_("{side} assembly", side=side_name(side)), style=side_style(side, p))
        head.append("  " + _("(+ toward {first}, − toward {second}; Council {council}, supply {supply})",
                             first=first, second=second, council=s.council[side], supply=s.supply[side]),
                    style=p.dim)
        parts.extend([head, grid([_("box"), _("issues")], track_rows(game, view, side, p), width, p, right=(0,)),
                      Text("")])
    if s.issue >= 0:
        parts.append(Text(_("Debating: {issue}* in the {side} assembly, debate {debate}",
                            issue=game.tables.issue_kinds[s.side][s.issue], side=side_name(s.side),
                            debate=s.debate), style=p.warn))
    parts.append(paragraph(_("Issues: MIL Military, LEA League, DIP Diplomatic, ORA Oracle, OST Ostracism, "
                             "GAM Games, WP War/Peace, CIT Citizenship, COL Colony, KRY Krypteia, AGO Agoge; "
                             "an issue on a faction's half at the end is won by it (P-ASSEMBLY-13)."), width, p.dim))
    return lines(*parts)


# ----- factions ----------------------------------------------------------------------------------------
def factions_view(game: PericlesGame, view: PericlesView, p: Palette, width: int = 100) -> Text:
    """Honor and Strategos of each faction (another's stock is hidden, P-INFO-3), cards in hand and
    entourage (the viewer's own by name), markers held, and the viewer's hand and entourage."""
    t, s = game.tables, view.state
    rows: list[list[Cell] | None] = []
    for f in range(4):
        dom = _("Dominant") if s.dominant[f // 2] == f else ""
        stock = "?" if s.stock[f] == HIDDEN else str(s.stock[f])
        rows.append([seat_text(seat_names(game), f, p), str(s.honor[f]), stock, str(view.hand_sizes[f]),
                     str(view.entourage_sizes[f]), str(view.markers_held[f]), dom])
    table = grid([_("faction"), _("Honor"), _("Strategos"), _("hand"), _("entourage"), _("markers"), ""], rows,
                 width, p, right=(1, 2, 3, 4, 5))
    totals = Text(_("Strategos per side (both factions): Athens {athens}, Sparta {sparta}",
                    athens=view.stock_total[0], sparta=view.stock_total[1]), style=p.dim)
    parts = [table, totals, Text("")]
    face_up = [f"{FACTIONS[f]} {card_label(t, c)}" for f in range(4) for c in cards_at(t, s, PLAYED + f)
               if f != view.seat and s.played[f ^ 1]]
    if face_up:
        parts.append(Text(_("Debate cards face up: {cards}", cards=", ".join(face_up))))
    seat = view.seat
    if seat is not None and 0 <= seat < 4:
        hand = " ".join(card_label(t, c) for c in cards_at(t, s, HAND + seat)) or _("empty")
        ent = " ".join(card_label(t, c) for c in cards_at(t, s, ENTOURAGE + seat)) or _("empty")
        played = " ".join(card_label(t, c) for c in cards_at(t, s, PLAYED + seat))
        hand_line = fill_template(_("{label} {cards}"), label=Text(_("Your hand:"), style=p.head), cards=hand)
        parts.append(paragraph(Text.assemble(*hand_line), width))
        entourage_line = fill_template(_("{label} {cards}"), label=Text(_("Your entourage:"), style=p.head), cards=ent)
        parts.append(paragraph(Text.assemble(*entourage_line), width))
        if played:
            parts.append(Text(_("Your card on the table: {card}", card=played)))
        mine = held_markers(s, seat)
        parts.append(Text(_("Your theater markers: {markers}", markers=mine or _("none"))))
    parts.append(paragraph(_("Cards are shown as id(value). Other factions' hands, entourages, Strategos "
                             "and markers are secret (P-INFO-2, P-INFO-3, P-INFO-5)."), width, p.dim))
    return lines(*parts)


# ----- battle ------------------------------------------------------------------------------------------
def in_battle(s: PericlesState) -> bool:
    """A battle of the running Military issue is on the table (a Theater-phase decision about it)."""
    return s.phase != OVER and s.revealed >= 0 and s.mil[M_NUM] > 0 and s.step in BATTLE_STEPS


def battle_view(game: PericlesGame, view: PericlesView, p: Palette, width: int = 100) -> Text:
    """The battle being fought: its theater and kind, each side's strength part by part and the result."""
    t, s = game.tables, view.state
    if not in_battle(s):
        return paragraph(_("No battle is being fought. Battles come with Military issues in the Theater "
                           "phase (P-MIL-1, P-BATTLE-4)."), width, p.dim)
    th = battle.theater_of(s)
    template = (N_("Battle {number} in {theater}: a naval battle") if s.mil[M_KIND]
                else N_("Battle {number} in {theater}: a land battle"))
    head = Text(_(template, number=s.mil[M_NUM], theater=t.theater_keys[th]), style=p.head)
    rows: list[list[Cell] | None] = []
    for side in (0, 1):
        st = strength_parts(t, s, side)
        rows.append([Text(side_name(side), style=side_style(side, p)), str(st.units), str(st.bases),
                     str(st.strategos), str(st.treason), str(st.card) if s.draw[side] >= 0 else "-", str(st.total)])
    table = grid([_("side"), _("units"), _("bases"), _("Strategos"), _("treason"), _("card"), _("total")], rows,
                 width, p, right=(1, 2, 3, 4, 5, 6))
    win = s.mil[M_WIN]
    if s.step == "ship":
        verdict = Text(_("not fought yet"), style=p.dim)
    else:
        verdict = Text(_("a draw") if win < 0 else _("{side} wins", side=side_name(win)), style=p.warn)
    result = Text.assemble(*fill_template(_("Result: {verdict}"), verdict=verdict))
    commits = ", ".join(f"{FACTIONS[f]} {s.commit[f]}" for f in range(4) if s.committed[f] == REVEALED)
    note = _("Strength: units of the battle's kind (Spartan hoplites and Athenian ships count 2), bases, "
             "committed Strategos (the State Ship and the 300 too), treason markers and the battle card "
             "(P-BATTLE-4..7).")
    return lines(head, table, result, Text(_("Revealed commitments: {commits}", commits=commits or _("none"))),
                 paragraph(note, width, p.dim))


# ----- status and outcome ------------------------------------------------------------------------------
def status_line(game: PericlesGame, view: PericlesView, p: Palette, note: str = "") -> Text:
    s = view.state
    line = Text("Pericles", style=p.head)
    line.append(" · " + _("turn {turn}", turn=s.turn) + " · ")
    if s.phase == OVER:
        line.append(_("game over"), style=p.warn)
    else:
        phase = _(PHASE_TITLES[s.phase]) if s.phase in PHASE_TITLES else s.phase
        step = _(STEP_WORDS[s.step]) if s.step in STEP_WORDS else s.step
        line.append(_("{phase}, {step}", phase=phase, step=step) + " · " + (_("War") if s.war else _("Peace")))
        actors = [a for a in game.actors(s) if a >= 0]
        if actors:
            line.append_text(Text.assemble(*fill_template(_(" · to act: {seats}"),
                                                          seats=seats_text(seat_names(game), actors, p))))
    line.append("\n")
    if view.seat is not None and 0 <= view.seat < 4:
        line.append_text(Text.assemble(*fill_template(_("You: {seat}, Honor {honor}, Strategos {stock}"),
                                seat=seat_text(seat_names(game), view.seat, p), honor=s.honor[view.seat],
                                stock=s.stock[view.seat])))
    if note:
        line.append(f"  {note}", style=p.dim)
    return line


def outcome_view(game: PericlesGame, view: PericlesView, p: Palette, outcome: Outcome) -> Text:
    s = view.state
    text = Text.assemble(*fill_template(_("{label} {reason}"), label=Text(_("Game over:"), style=p.warn),
                                        reason=_(outcome.reason)))
    if outcome.winner is not None:
        text.append_text(Text.assemble(*fill_template(_(" · winner {seat}"),
                                                      seat=seat_text(seat_names(game), outcome.winner, p))))
    scores = Text(", ").join(Text.assemble(*fill_template(_("{seat} {honor}"), seat=seat_text(seat_names(game), f, p),
                                                          honor=s.honor[f]))
                             for f in range(4))
    text.append("\n")
    text.append_text(Text.assemble(*fill_template(_("Honor: {scores}"), scores=scores)))
    return text


__all__ = ["DARK", "LIGHT", "N_PIECES", "SIDES", "Strength", "assemblies_view", "battle_view", "factions_view",
           "in_battle", "outcome_view", "status_line", "strength_parts", "theaters_view"]
