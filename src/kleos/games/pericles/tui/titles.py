"""The titles of the Pericles menus: what the faction decides, with the numbers the decision needs.

A newcomer read "form your entourage", "call the Advisory Council?", "redeploy the Delian League units"
and could not tell how many cards go aside, what the Council would bring or cost, where units may go.
Each step's title here says it, from the seat's view only (``title``, the kit's ``MenuParts.title``);
:data:`STEP_TITLES` are the steps' short words, which the guide and a position with no numbers use.
"""

from __future__ import annotations

from collections.abc import Callable

from kleos.core.action import Action
from kleos.games.pericles import story
from kleos.games.pericles.board_text import held_by
from kleos.games.pericles.explain import ISSUE_NAMES, kind_name, seat_names, side_name, unit_name
from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.i18n import N_, _, ngettext
from kleos.games.pericles.rules import (
    aristophanes,
    assembly,
    boule,
    diplomatic,
    final,
    hand,
    military,
    political,
    redeploy,
)
from kleos.games.pericles.rules.battle import theater_of
from kleos.games.pericles.rules.casualties import base_kinds, victim
from kleos.games.pericles.rules.common import CONTESTED, FRIENDLY, NEUTRAL, count, status
from kleos.games.pericles.rules.diplomatic import treason
from kleos.games.pericles.rules.theater import entry_parts, resolve_legal
from kleos.games.pericles.state import (
    ENTOURAGE,
    M_BASES,
    M_DUE_ELITE,
    M_DUE_LINE,
    M_GOLD,
    M_GOLD_PL,
    M_GOLD_PN,
    M_GOLD_SN,
    M_STAGE,
    M_WIN,
    PericlesState,
)
from kleos.games.pericles.tables import (
    AB,
    DB,
    FACTIONS,
    ISSUES_PER_SIDE,
    LEA,
    MARKER_KINDS,
    MIL,
    ORA,
    PB,
    PIECES,
    S300,
    SB,
    side_of,
)
from kleos.games.pericles.view import PericlesView

REDEPLOY_TITLES = (N_("redeploy the Delian League units"), N_("redeploy the Athenian units"),
                   N_("redeploy the Peloponnesian League units"), N_("redeploy the Spartan units"))
"""The redeployment's title for each group in turn (P-REDEPLOY-1): a Dominant redeploys two groups."""


def title(game: PericlesGame, view: PericlesView, seat: int) -> str:
    """What the faction decides (the shell puts its name before it), with the numbers the decision
    needs: how many more of the same choice follow, where an issue starts, what the answer costs or
    brings (a newcomer's "form your entourage" gave no hint that three cards go aside one by one)."""
    told = TITLE_OF_STEP.get(view.state.step)
    return (told(game, view, seat) if told is not None else "") or step_words(view.state)


def _entourage_title(game: PericlesGame, view: PericlesView, seat: int) -> str:
    """P-HAND-6, P-LEADER-4: the cards still to set aside, and what the entourage is for."""
    left = hand.cards_to_set_aside(game.tables, view.state, seat)
    if left <= 0:
        return ""
    return ngettext("form your entourage: set {n} more card aside (face down; the Advisory Council may add one at "
                    "random to your Leader, P-HAND-6, P-LEADER-4)", "form your entourage: set {n} more cards aside "
                    "(face down; the Advisory Council may add one at random to your Leader, P-HAND-6, P-LEADER-4)",
                    left)


def _keep_title(game: PericlesGame, view: PericlesView, seat: int) -> str:
    """P-HAND-2..4: what keeping an entourage card is worth."""
    return _("keep entourage cards: each kept is one of the 9 cards you draw to, known in advance; the rest go back "
             "into your side's deck (P-HAND-2, P-HAND-3, P-HAND-4)")


def _select_title(game: PericlesGame, view: PericlesView, seat: int) -> str:
    """P-BOULE-5..9: the issues still to choose and where they start on the track."""
    s = view.state
    if s.picks <= 0:
        return ""
    box = boule.STEPS[s.boule][2]
    if box:
        return ngettext("choose {n} issue for the assembly: it starts on box {box} toward you (Ostracism and "
                        "War/Peace at the centre)", "choose {n} issues for the assembly: each starts on box "
                        "{box} toward you (Ostracism and War/Peace at the centre)", s.picks, box=box)
    return ngettext("choose {n} issue for the assembly: it starts at the centre",
                    "choose {n} issues for the assembly: each starts at the centre", s.picks)


def _upkeep_title(game: PericlesGame, view: PericlesView, seat: int) -> str:
    """P-UPKEEP-2, P-UPKEEP-3: what the side's units cost and what its bases keep."""
    s = view.state
    cost, capacity = final.upkeep_cost(s, s.side), final.upkeep_capacity(s, s.side)
    return _("remove units for upkeep: your side's units cost {cost} and its bases keep {capacity} (2 a ship, "
             "1 a land unit, 4 a base; P-UPKEEP-2, P-UPKEEP-3)", cost=cost, capacity=capacity)


def _debate_title(game: PericlesGame, view: PericlesView, seat: int) -> str:
    """P-ASSEMBLY-3, P-ASSEMBLY-13: which debate of the six, and who chooses which."""
    return _("choose the issue for debate {k} of {n}: the Dominant faction chooses in debates 1, 3 and 5, the other "
             "in 2, 4 and 6, and after the last each faction wins the issues on its half (P-ASSEMBLY-3, "
             "P-ASSEMBLY-13)", k=view.state.debate, n=assembly.DEBATES)


def _place_title(game: PericlesGame, view: PericlesView, seat: int) -> str:
    """P-THEATER-4, P-THEATER-5, P-THEATER-9: the markers left to place, and which is revealed first."""
    if seat < 0:
        return ""
    held = list(held_by(view.state, seat))
    left = sum(n for _owner, _kind, n in held)
    title = _("place a marker face down ({n} left to place): in each theater the last placed lies on top and is "
              "revealed first (P-THEATER-4, P-THEATER-5, P-THEATER-9)", n=left)
    league = any(MARKER_KINDS[kind] == "LEA" for _owner, kind, _n in held)
    persia = bool(view.state.persia_open) and any(MARKER_KINDS[kind] != "RUM" for _owner, kind, _n in held)
    if league and persia:
        return _("{title}; 'idle': a League marker does nothing where your side neither controls nor contests "
                 "(P-LEAGUE-1), and in Persia no issue does but a Spartan League one (P-PERSIA-2, P-PERSIA-3)",
                 title=title)
    if league:
        return _("{title}; 'idle': a League marker does nothing where your side neither controls nor contests "
                 "(P-LEAGUE-1)", title=title)
    if persia:
        return _("{title}; 'idle': in Persia no issue does anything but a Spartan League one (P-PERSIA-2, "
                 "P-PERSIA-3)", title=title)
    return title


def _side_title(game: PericlesGame, view: PericlesView, seat: int) -> str:
    """P-POLISSUE-1: the side issue being carried out."""
    s = view.state
    if not 0 <= s.cursor < len(political.SIDE_ISSUES):
        return ""
    kind = political.SIDE_ISSUES[s.cursor][0]
    return _("carry out {issue}, which you won (P-POLISSUE-1)", issue=_(ISSUE_NAMES[kind]))


REDEPLOY_BASES = {(DB,): N_("a Delian League base (P-REDEPLOY-5)"),
                  (AB, DB): N_("an Athenian or a Delian League base (P-REDEPLOY-6)"),
                  (PB,): N_("a Peloponnesian League base (P-REDEPLOY-5)"),
                  (SB,): N_("a Spartan base (P-REDEPLOY-7)"),
                  (SB, PB): N_("a Spartan or a Peloponnesian League base (option spartan_redeploy_bases, P-AMB-35)")}
"""Where each group's units may go, by the bases :func:`redeploy.usable_bases` gives."""


def _redeploy_title(game: PericlesGame, view: PericlesView, seat: int) -> str:
    """The group whose turn it is, where its units may go and what must move first: "redeploy the
    Delian League units" asked eight times in a row told a newcomer neither the destinations nor the
    limits, nor when to stop (P-REDEPLOY-1, P-REDEPLOY-3..8)."""
    s = view.state
    t, group = game.tables, s.cursor
    if not 0 <= group < len(REDEPLOY_TITLES):
        return ""
    bases = _(REDEPLOY_BASES[redeploy.usable_bases(t, group)])
    title = _("{group}, one unit at a time: each may go to a theater with {bases} and room (at most 15 of your "
              "side's units there, P-REDEPLOY-4); where your side has no base, at most 1 unit may stay "
              "(P-REDEPLOY-3)", group=_(REDEPLOY_TITLES[group]), bases=bases)
    over = redeploy.survey(t, s, group)[1]
    if not over:
        return title
    return _("{title}. Over the limit now: {theaters}; move units away from there, or with nowhere to go "
             "eliminate them, before you end (P-REDEPLOY-8)", title=title,
             theaters=", ".join(t.theater_keys[th] for th in over))


def _lend_title(game: PericlesGame, view: PericlesView, seat: int) -> str:
    """How many markers are still to lend and why: "lend a theater marker", asked twice in a row,
    told a newcomer neither (P-TMARK-4: until both compatriots hold half, Rumors included)."""
    if seat < 0:
        return ""
    mine, theirs = view.markers_held[seat], view.markers_held[seat ^ 1]
    return ngettext("lend {n} more theater marker to your compatriot: you hold {mine}, they hold {theirs}, and "
                    "both must hold half, Rumors included (P-TMARK-4)",
                    "lend {n} more theater markers to your compatriot: you hold {mine}, they hold {theirs}, and "
                    "both must hold half, Rumors included (P-TMARK-4)", (mine - theirs) // 2, mine=mine,
                    theirs=theirs)


def _plague_title(game: PericlesGame, view: PericlesView, seat: int) -> str:
    """The Plague removal asked now and why it is due: the menu names only the units, and "Plague
    removals" left a newcomer asking why Boeotia lost a unit (P-PLAGUE-3, P-PLAGUE-4, P-PLAGUE-6)."""
    s = view.state
    if not s.plague_due:
        return ""
    theater, _side, naval = aristophanes.due_parts(s.plague_due[0])
    where = game.tables.theater_keys[theater]
    if theater == aristophanes.ATHENS_THEATER:
        why = _("in Athens a side loses a third of its land and of its naval units, rounded up, and one more of "
                "each if it contests Athens (P-PLAGUE-3, P-PLAGUE-4)")
    else:
        why = _("a side loses one land and one naval unit in each theater it contests (P-PLAGUE-4)")
    unit = _("a naval unit") if naval else _("a land unit")
    return _("Plague: your side loses {unit} in {theater}; {why}", unit=unit, theater=where, why=why)


def _secret_title(game: PericlesGame, view: PericlesView, seat: int) -> str:
    """A secret commitment with what it is for and what it does: "commit Strategos in secret" alone
    named neither the issue nor the theater (P-DIPLO-7, P-DIPLO-9, P-EXPED-2, P-MOVE-1, P-BATTLE-4)."""
    s = view.state
    if s.revealed < 0:
        return ""
    th, _placer, owner, _kind = entry_parts(s.revealed)
    where, code = game.tables.theater_keys[th], FACTIONS[owner]
    ours = side_of(owner) == side_of(seat)
    if s.step == "dip_secret" and ours:
        return _("commit Strategos in secret to {code}'s Diplomatic issue in {theater}: with a battle card each, your "
                 "side's total must be at least twice the other's to place a League base (P-DIPLO-7, P-DIPLO-9)",
                 code=code, theater=where)
    if s.step == "dip_secret":
        return _("commit Strategos in secret against {code}'s Diplomatic issue in {theater}: with a battle card "
                 "each, {code}'s side needs at least twice your side's total to place a League base (P-DIPLO-7, "
                 "P-DIPLO-9)", code=code, theater=where)
    if ours:
        return _("commit Strategos in secret to {code}'s expedition to {theater}: each moves one unit of your side "
                 "and adds 1 to its battle total (P-EXPED-2, P-MOVE-1, P-BATTLE-4)", code=code, theater=where)
    return _("commit Strategos in secret against {code}'s expedition to {theater}: each adds 1 to your side's "
             "battle total (P-EXPED-2, P-BATTLE-4)", code=code, theater=where)


def _only_decline(game: PericlesGame, s: PericlesState) -> str:
    """Why declining is the owner's only answer, or "": a menu of one "decline the issue" told a
    newcomer nothing (P-LEAGUE-1, P-THEATER-17). Read from the owner's view, which holds its stock."""
    if resolve_legal(game.tables, s) != [Action("decline")]:
        return ""
    th, _placer, owner, kind = entry_parts(s.revealed)
    if MARKER_KINDS[kind] == "LEA" and status(s, th, side_of(owner)) not in (FRIENDLY, CONTESTED):
        why = _("a League issue works only in a theater your side controls or contests (P-LEAGUE-1)")
    else:
        why = _("none of its options can be carried out here (P-THEATER-17)")
    return _("resolve the revealed marker: declining is the only choice; {why}", why=why)


def _play_title(game: PericlesGame, view: PericlesView, seat: int) -> str:
    """Which debate of the six, on which issue and where it stands, and how a debate moves it: "play a
    card in the debate" named none of them, and a newcomer could not tell when the Assembly ends
    (P-ASSEMBLY-1, P-ASSEMBLY-5..10)."""
    s = view.state
    if s.issue < 0:
        return ""
    code = game.tables.issue_kinds[s.side][s.issue]
    box = s.track[s.side * ISSUES_PER_SIDE + s.issue]
    return _("play a card in debate {k} of {n} on {issue} ({code}), {where}: the higher count moves it toward its "
             "faction by the difference, and box 7 captures it (P-ASSEMBLY-5..10)", k=s.debate, n=assembly.DEBATES,
             issue=_(ISSUE_NAMES[code]), code=code, where=story.where_on_track(s.side, box))


def _move_title(game: PericlesGame, view: PericlesView, seat: int) -> str:
    """Where the expedition goes, how many units may still move and when a unit stops: "move units" and
    "carry the unit on" said none of it (P-MOVE-1, P-MOVE-5..9)."""
    s, t = view.state, game.tables
    if s.revealed < 0:
        return ""
    target = t.theater_keys[entry_parts(s.revealed)[0]]
    if s.step == "move_on" and s.moving >= 0:
        code = PIECES[s.moving % 100]
        return _("carry {unit} ({code}) on from {here}: it stops only on entering {theater}, or where it may not "
                 "leave (P-MOVE-5..8)", unit=unit_name(code), code=code, here=t.theater_keys[s.moving // 100],
                 theater=target)
    words = ngettext("move units for the expedition to {theater}: {n} move left, one per Strategos committed; a unit "
                     "stops on entering {theater}, or where it may not leave (P-MOVE-1, P-MOVE-6..9)", "move units "
                     "for the expedition to {theater}: {n} moves left, one per Strategos committed; a unit stops on "
                     "entering {theater}, or where it may not leave (P-MOVE-1, P-MOVE-6..9)", s.moves_left,
                     theater=target)
    if any(piece == S300 for _th, piece, _to in military.moves(t, s, seat // 2)):
        return _("{words}; the 300 moves itself, outside them (P-300-3)", words=words)
    return words


def _casualty_title(game: PericlesGame, view: PericlesView, seat: int) -> str:
    """P-BATTLE-12..14: how many units the side still loses, of which class, and where."""
    s = view.state
    stage = s.mil[M_STAGE]
    elite, line = s.mil[M_DUE_ELITE], s.mil[M_DUE_LINE]
    return ngettext("eliminate a unit: {side} still loses {n} unit in {theater} ({elite} elite, {line} line), one "
                    "at a time; choose which kind goes (P-BATTLE-12..14)", "eliminate a unit: {side} still loses {n} "
                    "units in {theater} ({elite} elite, {line} line), one at a time; choose which kind goes "
                    "(P-BATTLE-12..14)", elite + line, side=side_name(victim(s, stage)),
                    theater=game.tables.theater_keys[theater_of(s)], elite=elite, line=line)


def _raze_title(game: PericlesGame, view: PericlesView, seat: int) -> str:
    """P-BATTLE-15, P-BATTLE-16: why bases may go, how many (the differential's count, cut to the bases
    there), and what goes with them."""
    s = view.state
    there = sum(count(s, theater_of(s), base) for base in base_kinds(s))
    return ngettext("eliminate an enemy base? {side} has no unit of the battle's kind left in {theater} and your side "
                    "committed more Strategos: {n} more of its bases may go, and with any its treason markers there "
                    "(P-BATTLE-15, P-BATTLE-16)", "eliminate an enemy base? {side} has no unit of the battle's kind "
                    "left in {theater} and your side committed more Strategos: up to {n} more of its bases may go, and "
                    "with any its treason markers there (P-BATTLE-15, P-BATTLE-16)", min(s.mil[M_BASES], there),
                    side=side_name(1 - s.mil[M_WIN]), theater=game.tables.theater_keys[theater_of(s)])


def _hostage_title(game: PericlesGame, view: PericlesView, seat: int) -> str:
    """P-BOULE-3: what spending the hostage does, and to whom."""
    s, other = view.state, 1 - side_of(seat)
    opponent = s.dominant[other] ^ 1  # the other faction of that side, as boule.chooser finds it
    return _("use the hostage? Spent, it puts {side}'s War/Peace issue on box 2 toward {faction}, its Opponent "
             "faction, before any issue is chosen (P-BOULE-3)", side=side_name(other),
             faction=seat_names(game)[opponent])


def _gold_title(game: PericlesGame, view: PericlesView, seat: int) -> str:
    """P-GOLD-1, P-GOLD-2: the Persian bases left to spend and each destination's cap."""
    m = view.state.mil
    return ngettext("Persian gold: {n} Persian base left to spend, each on 1 ship or 2 land units: Spartan ships in "
                    "Sparta ({sn} of 3 built), Peloponnesian land units in Ionia ({pl} of 4), Peloponnesian ships in "
                    "an Aegean theater with a Spartan or Peloponnesian base ({pn} of 3) (P-GOLD-1, P-GOLD-2)",
                    "Persian gold: {n} Persian bases left to spend, each on 1 ship or 2 land units: Spartan ships in "
                    "Sparta ({sn} of 3 built), Peloponnesian land units in Ionia ({pl} of 4), Peloponnesian ships in "
                    "an Aegean theater with a Spartan or Peloponnesian base ({pn} of 3) (P-GOLD-1, P-GOLD-2)",
                    m[M_GOLD], sn=m[M_GOLD_SN], pl=m[M_GOLD_PL], pn=m[M_GOLD_PN])


FIXED_TITLES = {
    "relocate": N_("Peace: each Athenian and Spartan city-state unit goes to its home theater or to a theater with "
                   "a base of its own city-state; choose where (P-WARPEACE-5)"),
    "demobilise": N_("Peace: the Aristophanes card has each side remove one unit from a theater contested for it; "
                     "choose which (P-ARIST-4)"),
    "scuttle": N_("give up an Athenian ship from anywhere on the map: the Peace of Callias costs the base in the "
                  "Eastern Mediterranean and one ship (P-PERSIA-9)"),
    "reveal": N_("reveal a marker of your side on top of a theater's queue: its owner then resolves the issue there, "
                 "or declines it; a Rumor does nothing (P-THEATER-9, P-THEATER-12..14)"),
    "ship": N_("commit the State Ship? It counts as 1 Strategos for Athens in this battle and any second one, "
               "then is spent until next turn (P-SHIP-1..4)"),
    "second": N_("fight a second battle, of the other kind, in this theater? The committed Strategos and the "
                 "bases count again (P-BATTLE-34)"),
    "row": N_("choose the casualty table's row the casualties are counted on: the loser's rows count the winner's "
              "units, the winner's rows the loser's units lost; only complete groups count (P-BATTLE-10..13, "
              "P-BATTLE-18, P-BATTLE-19)"),
    "stop": N_("stop War/Peace on the centre box? The debate's move would carry it through the centre, and the "
               "winner may stop it there (P-ASSEMBLY-9)"),
}
"""Titles that say what a step is for and what the answer does, the same at every such step (the step's
name alone did not)."""


def _fixed_title(game: PericlesGame, view: PericlesView, seat: int) -> str:
    return _(FIXED_TITLES[view.state.step])


def _callias_title(game: PericlesGame, view: PericlesView, seat: int) -> str:
    """The Peace of Callias's price and what the war with Persia costs each Final phase without it
    (P-PERSIA-8..14)."""
    s = view.state
    return _("declare the Peace of Callias? Athens gives up its base in the Eastern Mediterranean and one "
             "Athenian ship, and the war with Persia ends; without it the Athenian Dominant loses {n} Honor this "
             "turn, 1 more unless Athens controls the Eastern Mediterranean with an Athenian ship there "
             "(P-PERSIA-8..14)", n=s.turn)


def _council_title(game: PericlesGame, view: PericlesView, seat: int) -> str:
    """What calling the Advisory Council would bring and cost: "call the Advisory Council?" told a
    newcomer neither the chance of winning the debate with it nor the cost next turn (P-LEADER-3..7).
    Both cards are face up by now (P-ASSEMBLY-5) and the entourage is the seat's own."""
    s, t = view.state, game.tables
    if seat < 0:
        return ""
    counts = assembly.values(t, s)
    mine, theirs = counts[seat], counts[seat ^ 1]
    drawn = [t.card_value[c] for c, where in enumerate(s.card_loc) if where == ENTOURAGE + seat]
    wins = sum(mine + value > theirs for value in drawn)
    return ngettext("call the Advisory Council? Your Leader counts {mine} against {theirs}; one of your {n} "
                    "entourage card, drawn at random, adds its value ({values}) and {wins} of them would win the "
                    "debate; then the whole entourage is discarded and next turn you draw only 6 cards, with no "
                    "entourage (P-LEADER-3..7)", "call the Advisory Council? Your Leader counts {mine} against "
                    "{theirs}; one of your {n} entourage cards, drawn at random, adds its value ({values}) and "
                    "{wins} of them would win the debate; then the whole entourage is discarded and next turn you "
                    "draw only 6 cards, with no entourage (P-LEADER-3..7)", len(drawn), mine=mine, theirs=theirs,
                    values=", ".join(str(value) for value in sorted(drawn)), wins=wins)


def _resolve_step_title(game: PericlesGame, view: PericlesView, seat: int) -> str:
    """The owner's revealed issue: why declining is its only answer, or what it can do here."""
    s = view.state
    if s.revealed < 0 or entry_parts(s.revealed)[2] != seat:
        return ""
    return _only_decline(game, s) or _resolve_title(game, s)


def _resolve_title(game: PericlesGame, s: PericlesState) -> str:
    """What the owner's revealed issue can do here: "resolve the revealed marker" over "resolve the
    issue" and "decline the issue" told a newcomer neither what a Diplomatic issue would do nor what it
    needs (P-ORACLE-2, P-LEAGUE-2..6, P-DIPLO-1..9, P-MIL-1)."""
    th, _placer, owner, kind = entry_parts(s.revealed)
    t, side = game.tables, side_of(owner)
    marker = _("resolve your {kind} marker in {theater}", kind=kind_name(MARKER_KINDS[kind]),
               theater=t.theater_keys[th])
    if kind == ORA:
        return _("{marker}: 3 Honor, or an enemy League unit removed and 1 Honor, or your side's treason markers "
                 "in 3 different theaters, placed one at a time (P-ORACLE-2)", marker=marker)
    if kind == LEA:
        return _("{marker}: a League base for 4 Strategos, a League base made your city-state's for 2, free League "
                 "units for each League base, or a treason marker removed (P-LEAGUE-2..6)", marker=marker)
    if kind == MIL:
        return _("{marker}: you are Commander in Chief of an expedition there (P-MIL-1..7)", marker=marker)
    where = status(s, th, side)
    if where == NEUTRAL:
        return _("{marker} (neutral): both sides commit Strategos in secret and add a battle card; at least twice the "
                 "other side's total places your League base (P-DIPLO-7..9)", marker=marker)
    if where == FRIENDLY:
        return _("{marker} (friendly): each Strategos committed removes a treason marker there (P-DIPLO-6)",
                 marker=marker)
    if not count(s, th, diplomatic.LEAGUE_BASE[1 - side]):
        return _("{marker}: no enemy League base there to make yours, so each Strategos committed becomes a treason "
                 "marker (P-DIPLO-1, P-DIPLO-4, P-DIPLO-5)", marker=marker)
    return ngettext("{marker}: the Strategos committed plus your side's {n} treason marker there must beat {need} "
                    "(the enemy units' military value, 2 a base) to make an enemy League base yours; if not, each "
                    "Strategos becomes a treason marker (P-DIPLO-1..5)", "{marker}: the Strategos committed plus your "
                    "side's {n} treason markers there must beat {need} (the enemy units' military value, 2 a base) "
                    "to make an enemy League base yours; if not, each Strategos becomes a treason marker "
                    "(P-DIPLO-1..5)", treason(s, th, side), marker=marker, need=diplomatic.enemy_value(t, s, th, side))


TITLE_OF_STEP: dict[str, Callable[[PericlesGame, PericlesView, int], str]] = {
    "entourage": _entourage_title, "keep": _keep_title, "select": _select_title, "lend": _lend_title,
    "upkeep": _upkeep_title, "plague": _plague_title, "dip_secret": _secret_title, "exped_secret": _secret_title,
    "resolve": _resolve_step_title, "council": _council_title, "play": _play_title, "debate": _debate_title,
    "place": _place_title, "move": _move_title, "move_on": _move_title, "callias": _callias_title,
    "redeploy": _redeploy_title, "side": _side_title, "casualty": _casualty_title, "raze": _raze_title,
    "hostage": _hostage_title, "gold": _gold_title, **dict.fromkeys(FIXED_TITLES, _fixed_title),
}
"""Each step's title with the numbers it needs ("" when the position gives none: the step's words then)."""


def step_words(s: PericlesState) -> str:
    """The step's title in words; a redeployment's names the group whose turn it is."""
    if s.step == "redeploy" and 0 <= s.cursor < len(REDEPLOY_TITLES):
        return _(REDEPLOY_TITLES[s.cursor])
    return _(STEP_TITLES[s.step]) if s.step in STEP_TITLES else s.step


STEP_TITLES = {
    "keep": N_("keep entourage cards"), "entourage": N_("form your entourage"), "hostage": N_("use the hostage?"),
    "select": N_("choose an issue for the assembly"), "debate": N_("choose the issue to debate"),
    "play": N_("play a card in the debate"), "council": N_("call the Advisory Council?"),
    "stop": N_("stop War/Peace on the centre box?"), "lend": N_("lend a theater marker"), "place": N_("place a marker"),
    "reveal": N_("reveal a marker"), "resolve": N_("resolve the revealed marker"), "move": N_("move units"),
    "move_on": N_("carry the unit on"), "dip_secret": N_("commit Strategos in secret"),
    "exped_secret": N_("commit Strategos to the expedition in secret"), "ship": N_("commit the State Ship?"),
    "row": N_("choose the casualty row"), "casualty": N_("eliminate a unit"), "raze": N_("eliminate an enemy base?"),
    "second": N_("fight a second battle?"), "gold": N_("Persian gold"), "redeploy": N_("redeploy units"),
    "upkeep": N_("remove units for upkeep"), "side": N_("side issue"), "callias": N_("declare the Peace of Callias?"),
    "scuttle": N_("give up a ship"), "plague": N_("Plague removals"), "demobilise": N_("Peace: remove a unit"),
    "relocate": N_("Peace: move a unit home"),
}
