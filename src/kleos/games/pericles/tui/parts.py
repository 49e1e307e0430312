"""The terminal part of the Pericles kit: the board's panels (theaters, assemblies, factions, battle),
the status bar, help for every verb with the rule IDs behind it, the rules reference, a first-game
guide and the story log. Menus use the terminal shell's defaults, which read ``legal_actions`` and
the kit's ``describe_action``; the log is the kit's ``describe_action`` under its ``log_visibility``
(secret steps stay secret, P-INFO), naming every revealed marker.
"""

from __future__ import annotations

from collections.abc import Sequence

from kleos.core.action import Action
from kleos.core.kit.terminal import (
    BoardParts,
    HelpParts,
    LogLine,
    MenuParts,
    TerminalParts,
    VerbHelp,
    drawn_by,
    panels_drawn_by,
)
from kleos.core.protocol import CHANCE
from kleos.games.pericles import story
from kleos.games.pericles.board_text import held_by, queue_of
from kleos.games.pericles.cards import card_gloss, card_title
from kleos.games.pericles.explain import ISSUE_EFFECTS, ISSUE_NAMES, explain, kind_name, seat_names, unit_name
from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.i18n import N_, _, ngettext
from kleos.games.pericles.kit import KIT
from kleos.games.pericles.loader import load_data
from kleos.games.pericles.reference import rules_reference
from kleos.games.pericles.rules import aristophanes, assembly, boule, diplomatic, final, hand, political, redeploy
from kleos.games.pericles.rules.common import CONTESTED, FRIENDLY, NEUTRAL, count, status
from kleos.games.pericles.rules.diplomatic import treason
from kleos.games.pericles.rules.theater import entry_parts, resolve_legal
from kleos.games.pericles.state import ENTOURAGE, PericlesState
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
    SB,
    side_of,
)
from kleos.games.pericles.tui import render, runs
from kleos.games.pericles.view import PericlesView, make_view

PANELS = panels_drawn_by({N_("Theaters"): render.theaters_view,
                         N_("Assemblies"): render.assemblies_view,
                         N_("Factions"): render.factions_view,
                         N_("Battle"): render.battle_view})
"""The board's panels by their English names; the shell is handed them under the reader's words."""


_outcome = drawn_by(render.outcome_view)
_status = drawn_by(render.status_line)


def _full_view(game: PericlesGame, state: PericlesState) -> PericlesView:
    """A finished game's replay with every hand, stock and marker shown: the view of nobody in
    particular, with the state's secrets put back."""
    view = make_view(state, None)
    view.state = state.copy()
    return view


def _heading(game: PericlesGame) -> str:
    sc = game.tables.scenario
    return _("Pericles: {name} (scenario {id})", name=sc.name, id=sc.id)


# ----- the log -------------------------------------------------------------------------------------------
def _log_lines(game: PericlesGame, before: PericlesState, seat: int, action: Action, after: PericlesState, index: int,
               readers: frozenset[int]) -> list[LogLine]:
    """The story log, as the browser's: the kit's words from its narrator's views (a revealed marker
    named from its owner's, P-THEATER-9, P-INFO-6), secret steps hidden as everywhere, then on lines
    of their own the debate the step reveals or settles, the expedition it ends and what it brought about
    (:func:`_told_lines`, :func:`kleos.games.pericles.story.changes`), the Honor standing where a turn
    ends (:func:`kleos.games.pericles.story.standing_told`), and a heading where a new phase or turn
    begins, and before the game's first step (the phase it starts in)."""
    allowed = KIT.log_visibility(game, before, seat, action, after)
    within: str | None = None  # the heading of a phase that began inside the step
    if allowed is not None and not allowed & readers:
        kind = "chance" if seat == CHANCE else "action"
        lines = [LogLine(index, seat, KIT.hidden_log_line(game, seat, action, allowed), kind)]
    else:
        narrator = KIT.log_narrator(game, before, seat, action, after)
        reader = min(allowed & readers) if seat == CHANCE and allowed else narrator
        lines, within = _told_lines(game, game.view(before, reader).state, seat, action,
                                    game.view(after, reader).state, index)
    public_before, public_after = game.view(before, None).state, game.view(after, None).state
    result = story.changes(game, public_before, public_after)
    standing = story.standing_told(public_before, public_after)
    lines += [LogLine(index, CHANCE, told, "result") for told in (result, standing) if told]
    opened = story.phase_heading(before, after)  # P-SEQ-1: told phase by phase
    if opened and opened != within:
        lines.append(LogLine(index, CHANCE, opened, "heading"))
    first = story.phase_heading(None, before) if index == 0 else None  # the game's first phase is headed too
    if first:
        lines.insert(0, LogLine(index, CHANCE, first, "heading"))
    outcome = game.outcome(after)
    if outcome is not None:
        lines.append(LogLine(index, CHANCE, _("Game over: {outcome}.", outcome=KIT.outcome_text(game, outcome)),
                             "heading"))
    return lines


def _told_lines(game: PericlesGame, before: PericlesState, seat: int, action: Action, after: PericlesState,
                index: int) -> tuple[list[LogLine], str | None]:
    """A readable step's lines from its narrator's views: the action, then what it decided
    (:func:`kleos.games.pericles.story.outcomes_by_phase`); when the step ended the Assembly and the
    Political phase ran by itself, that phase's heading stands above its Oratory and Dominance, not
    below them (P-SEQ-5), and is returned so that it is not told twice."""
    kind = "chance" if seat == CHANCE else "action"
    text = story.tell(game, before, action)
    lines = [LogLine(index, seat, text if seat == CHANCE else f"{seat_names(game)[seat]}: {text}", kind)]
    earlier, later = story.outcomes_by_phase(game, before, action, after)
    lines += [LogLine(index, CHANCE, decided, "result") for decided in earlier]
    within = story.political_heading(before.turn) if later else None
    if within:
        lines.append(LogLine(index, CHANCE, within, "heading"))
    lines += [LogLine(index, CHANCE, decided, "result") for decided in later]
    return lines, within


# ----- menus -------------------------------------------------------------------------------------------
CARD_VERBS = ("entourage", "play")
"""The verbs whose argument is a card of the faction's hand."""


def _gloss(game: PericlesGame, view: PericlesView, action: Action) -> str:
    """A few words after a menu entry: a card's title, value and the faction's own half of it, so that
    a hand of bare ids (A04, S17) can be read; what winning an issue brings."""
    if not action.args:
        return ""
    code = str(action.args[0])
    if action.verb in CARD_VERBS and view.seat is not None:
        gloss = card_gloss(game.tables.data, code, FACTIONS[view.seat])
        kind = assembly.debated_kind(game.tables, view.state) if action.verb == "play" else None
        if kind is None or code not in game.tables.card_index:
            return gloss
        worth = assembly.modified_value(game.tables, view.state, view.seat, game.tables.card_index[code], kind)
        return _("{card}; counts {value} on {issue}", card=gloss, value=worth, issue=_(ISSUE_NAMES[kind]))
    if action.verb == "keep" and view.seat is not None:  # P-HAND-2: which cards stay, read as cards
        if len(action.args) == 1:
            return card_gloss(game.tables.data, code, FACTIONS[view.seat])
        return ", ".join(card_title(game.tables.data, str(card)) for card in action.args)
    if action.verb == "issue" and code in ISSUE_EFFECTS:  # its name is in the step's words already
        return _(ISSUE_EFFECTS[code][0])
    if action.verb == "debate" and code in ISSUE_NAMES and len(action.args) == 2 and view.seat is not None:
        return _debate_gloss(game, view.seat, code, int(action.args[1]))
    if action.verb == "place" and view.seat is not None:
        return _place_gloss(game, view, str(action.args[-1]))
    return ""


def _debate_gloss(game: PericlesGame, seat: int, code: str, box: int) -> str:
    """An issue to debate: where it stands from the chooser's seat and what winning it brings, so that
    "debate CIT 2" reads as two boxes toward you (the track's + end is the side's first faction's,
    P-ASSEMBLY-7); the step's words name the issue already."""
    effect = _(ISSUE_EFFECTS[code][0]) if code in ISSUE_EFFECTS else ""
    if box == 0:
        return effect
    toward = 2 * side_of(seat) + (0 if box > 0 else 1)
    if toward == seat:
        return ngettext("{n} box toward you; {effect}", "{n} boxes toward you; {effect}", abs(box), effect=effect)
    return ngettext("{n} box toward {faction}; {effect}", "{n} boxes toward {faction}; {effect}", abs(box),
                    faction=seat_names(game)[toward], effect=effect)


STATUS_WORDS = {"friendly": N_("friendly"), "contested": N_("contested"), "enemy": N_("enemy"),
                "neutral": N_("neutral")}
"""A theater's status for a side in words (P-DEF-11)."""


def _place_gloss(game: PericlesGame, view: PericlesView, theater: str) -> str:
    """Where a marker would go: the theater's status for the placer's side and the markers already
    queued there (P-DEF-11, P-THEATER-5)."""
    th = game.tables.theater_index.get(theater)
    if th is None or view.seat is None:
        return ""
    queued = len(queue_of(view.state, th))
    return ngettext("{status}, {n} marker there", "{status}, {n} markers there", queued,
                    status=_(STATUS_WORDS[status(view.state, th, side_of(view.seat))]))


PANEL_OF_VERB = {
    "keep": "Factions", "entourage": "Factions", "play": "Factions", "council": "Factions", "lend": "Factions",
    "issue": "Assemblies", "debate": "Assemblies", "stop": "Assemblies", "hostage": "Assemblies",
    "row": "Battle", "split": "Battle", "casualty": "Battle", "raze": "Battle", "second": "Battle", "ship": "Battle",
}


def _panel_for(game: PericlesGame, view: PericlesView, legal: Sequence[Action], words: tuple[str, ...]) -> str | None:
    """The panel that matters for the decision: the hand for cards, the tracks for debates, the
    battle for casualties, the theaters for everything on the map."""
    verbs = {a.verb for a in legal}
    for verb in (words[:1] or tuple(sorted(verbs))):
        if verb in PANEL_OF_VERB:
            return _(PANEL_OF_VERB[verb])
    return _("Theaters") if verbs else None


REDEPLOY_TITLES = (N_("redeploy the Delian League units"), N_("redeploy the Athenian units"),
                   N_("redeploy the Peloponnesian League units"), N_("redeploy the Spartan units"))
"""The redeployment's title for each group in turn (P-REDEPLOY-1): a Dominant redeploys two groups."""


def _title(game: PericlesGame, view: PericlesView, seat: int) -> str:
    """What the faction decides (the shell puts its name before it), with how many more of the same
    choice follow and, for an issue, where it will start on the track (P-BOULE-5..9): a newcomer's
    "form your entourage" gave no hint that three cards go aside one by one."""
    s = view.state
    if s.step == "entourage":
        left = hand.cards_to_set_aside(game.tables, s, seat)
        if left > 0:
            return ngettext("form your entourage: set {n} more card aside (face down; the Advisory Council may add "
                            "one at random to your Leader, P-HAND-6, P-LEADER-4)", "form your entourage: set {n} more "
                            "cards aside (face down; the Advisory Council may add one at random to your Leader, "
                            "P-HAND-6, P-LEADER-4)", left)
    if s.step == "keep":
        return _("keep entourage cards: each kept is one of the 9 cards you draw to, known in advance; the rest go "
                 "back into your side's deck (P-HAND-2, P-HAND-3, P-HAND-4)")
    if s.step == "select" and s.picks > 0:
        box = boule.STEPS[s.boule][2]
        if box:
            return ngettext("choose {n} issue for the assembly: it starts on box {box} toward you (Ostracism and "
                            "War/Peace at the centre)", "choose {n} issues for the assembly: each starts on box "
                            "{box} toward you (Ostracism and War/Peace at the centre)", s.picks, box=box)
        return ngettext("choose {n} issue for the assembly: it starts at the centre",
                        "choose {n} issues for the assembly: each starts at the centre", s.picks)
    if s.step == "lend" and seat >= 0:
        return _lend_title(view, seat)
    if s.step == "upkeep":
        cost, capacity = final.upkeep_cost(s, s.side), final.upkeep_capacity(s, s.side)
        return _("remove units for upkeep: your side's units cost {cost} and its bases keep {capacity} (2 a ship, "
                 "1 a land unit, 4 a base; P-UPKEEP-2, P-UPKEEP-3)", cost=cost, capacity=capacity)
    if s.step == "relocate":
        return _("Peace: each Athenian and Spartan city-state unit goes to its home theater or to a theater with a "
                 "base of its own city-state; choose where (P-WARPEACE-5)")
    if s.step == "demobilise":
        return _("Peace: the Aristophanes card has each side remove one unit from a theater contested for it; "
                 "choose which (P-ARIST-4)")
    if s.step == "scuttle":
        return _("give up an Athenian ship from anywhere on the map: the Peace of Callias costs the base in the "
                 "Eastern Mediterranean and one ship (P-PERSIA-9)")
    if s.step == "plague" and s.plague_due:
        return _plague_title(game, s)
    if s.step in ("dip_secret", "exped_secret") and s.revealed >= 0:
        return _secret_title(game, s, seat)
    if s.step == "resolve" and s.revealed >= 0 and entry_parts(s.revealed)[2] == seat:
        return _only_decline(game, s) or _resolve_title(game, s)
    if s.step == "council" and seat >= 0:
        return _council_title(game, s, seat)
    if s.step == "play" and s.issue >= 0:
        return _play_title(game, s)
    if s.step == "debate":
        return _("choose the issue for debate {k} of {n}: the Dominant faction chooses in debates 1, 3 and 5, the "
                 "other in 2, 4 and 6, and after the last each faction wins the issues on its half (P-ASSEMBLY-3, "
                 "P-ASSEMBLY-13)", k=s.debate, n=assembly.DEBATES)
    if s.step == "place" and seat >= 0:
        left = sum(n for _owner, _kind, n in held_by(s, seat))
        return _("place a marker face down ({n} left to place): in each theater the last placed lies on top and is "
                 "revealed first (P-THEATER-4, P-THEATER-5, P-THEATER-9)", n=left)
    if s.step in ("move", "move_on") and s.revealed >= 0:
        return _move_title(game, s)
    if s.step == "callias":
        return _callias_title(s)
    if s.step in YES_NO_TITLES:
        return _(YES_NO_TITLES[s.step])
    if s.step == "reveal":
        return _("reveal a marker of your side on top of a theater's queue: its owner then resolves the issue there, "
                 "or declines it; a Rumor does nothing (P-THEATER-9, P-THEATER-12..14)")
    if s.step == "redeploy" and 0 <= s.cursor < len(REDEPLOY_TITLES):
        return _redeploy_title(game, s)
    if s.step == "side" and 0 <= s.cursor < len(political.SIDE_ISSUES):
        kind = political.SIDE_ISSUES[s.cursor][0]
        return _("carry out {issue}, which you won (P-POLISSUE-1)", issue=_(ISSUE_NAMES[kind]))
    return _step_words(s)


REDEPLOY_BASES = {(DB,): N_("a Delian League base (P-REDEPLOY-5)"),
                  (AB, DB): N_("an Athenian or a Delian League base (P-REDEPLOY-6)"),
                  (PB,): N_("a Peloponnesian League base (P-REDEPLOY-5)"),
                  (SB,): N_("a Spartan base (P-REDEPLOY-7)"),
                  (SB, PB): N_("a Spartan or a Peloponnesian League base (option spartan_redeploy_bases, P-AMB-35)")}
"""Where each group's units may go, by the bases :func:`redeploy.usable_bases` gives."""


def _redeploy_title(game: PericlesGame, s: PericlesState) -> str:
    """The group whose turn it is, where its units may go and what must move first: "redeploy the
    Delian League units" asked eight times in a row told a newcomer neither the destinations nor the
    limits, nor when to stop (P-REDEPLOY-1, P-REDEPLOY-3..8)."""
    t, group = game.tables, s.cursor
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


def _lend_title(view: PericlesView, seat: int) -> str:
    """How many markers are still to lend and why: "lend a theater marker", asked twice in a row,
    told a newcomer neither (P-TMARK-4: until both compatriots hold half, Rumors included)."""
    mine, theirs = view.markers_held[seat], view.markers_held[seat ^ 1]
    return ngettext("lend {n} more theater marker to your compatriot: you hold {mine}, they hold {theirs}, and "
                    "both must hold half, Rumors included (P-TMARK-4)",
                    "lend {n} more theater markers to your compatriot: you hold {mine}, they hold {theirs}, and "
                    "both must hold half, Rumors included (P-TMARK-4)", (mine - theirs) // 2, mine=mine,
                    theirs=theirs)


def _plague_title(game: PericlesGame, s: PericlesState) -> str:
    """The Plague removal asked now and why it is due: the menu names only the units, and "Plague
    removals" left a newcomer asking why Boeotia lost a unit (P-PLAGUE-3, P-PLAGUE-4, P-PLAGUE-6)."""
    theater, _side, naval = aristophanes.due_parts(s.plague_due[0])
    where = game.tables.theater_keys[theater]
    if theater == aristophanes.ATHENS_THEATER:
        why = _("in Athens a side loses a third of its land and of its naval units, rounded up, and one more of "
                "each if it contests Athens (P-PLAGUE-3, P-PLAGUE-4)")
    else:
        why = _("a side loses one land and one naval unit in each theater it contests (P-PLAGUE-4)")
    unit = _("a naval unit") if naval else _("a land unit")
    return _("Plague: your side loses {unit} in {theater}; {why}", unit=unit, theater=where, why=why)


def _secret_title(game: PericlesGame, s: PericlesState, seat: int) -> str:
    """A secret commitment with what it is for and what it does: "commit Strategos in secret" alone
    named neither the issue nor the theater (P-DIPLO-7, P-DIPLO-9, P-EXPED-2, P-MOVE-1, P-BATTLE-4)."""
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


def _play_title(game: PericlesGame, s: PericlesState) -> str:
    """Which debate of the six, on which issue and where it stands, and how a debate moves it: "play a
    card in the debate" named none of them, and a newcomer could not tell when the Assembly ends
    (P-ASSEMBLY-1, P-ASSEMBLY-5..10)."""
    code = game.tables.issue_kinds[s.side][s.issue]
    box = s.track[s.side * ISSUES_PER_SIDE + s.issue]
    return _("play a card in debate {k} of {n} on {issue} ({code}), {where}: the higher count moves it toward its "
             "faction by the difference, and box 7 captures it (P-ASSEMBLY-5..10)", k=s.debate, n=assembly.DEBATES,
             issue=_(ISSUE_NAMES[code]), code=code, where=story.where_on_track(s.side, box))


def _move_title(game: PericlesGame, s: PericlesState) -> str:
    """Where the expedition goes, how many units may still move and when a unit stops: "move units" and
    "carry the unit on" said none of it (P-MOVE-1, P-MOVE-5..9)."""
    t = game.tables
    target = t.theater_keys[entry_parts(s.revealed)[0]]
    if s.step == "move_on" and s.moving >= 0:
        code = PIECES[s.moving % 100]
        return _("carry {unit} ({code}) on from {here}: it stops only on entering {theater}, or where it may not "
                 "leave (P-MOVE-5..8)", unit=unit_name(code), code=code, here=t.theater_keys[s.moving // 100],
                 theater=target)
    return ngettext("move units for the expedition to {theater}: {n} move left, one per Strategos committed; a unit "
                    "stops on entering {theater}, or where it may not leave (P-MOVE-1, P-MOVE-6..9)", "move units "
                    "for the expedition to {theater}: {n} moves left, one per Strategos committed; a unit stops on "
                    "entering {theater}, or where it may not leave (P-MOVE-1, P-MOVE-6..9)", s.moves_left,
                    theater=target)


YES_NO_TITLES = {
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
"""Titles of yes-or-no steps that say what the choice does (the step's name alone did not)."""


def _callias_title(s: PericlesState) -> str:
    """The Peace of Callias's price and what the war with Persia costs each Final phase without it
    (P-PERSIA-8..14)."""
    return _("declare the Peace of Callias? Athens gives up its base in the Eastern Mediterranean and one "
             "Athenian ship, and the war with Persia ends; without it the Athenian Dominant loses {n} Honor this "
             "turn, 1 more unless Athens controls the Eastern Mediterranean with an Athenian ship there "
             "(P-PERSIA-8..14)", n=s.turn)


def _council_title(game: PericlesGame, s: PericlesState, seat: int) -> str:
    """What calling the Advisory Council would bring and cost: "call the Advisory Council?" told a
    newcomer neither the chance of winning the debate with it nor the cost next turn (P-LEADER-3..7).
    Both cards are face up by now (P-ASSEMBLY-5) and the entourage is the seat's own."""
    t = game.tables
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


def _step_words(s: PericlesState) -> str:
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


# ----- help --------------------------------------------------------------------------------------------
def _verb(title: str, text: str, *rules: str) -> VerbHelp:
    return VerbHelp(title, text, tuple(rules))


VERBS: dict[str, VerbHelp] = {
    "keep": _verb(N_("Keep entourage cards"), N_("Keep any of last turn's entourage cards in hand; the rest are "
                  "discarded before the new cards are dealt."), "P-HAND-2"),
    "entourage": _verb(N_("Form the entourage"), N_("Put a non-Leader card of a full hand aside as entourage: it "
                       "backs the Advisory Council and may be kept next turn."), "P-HAND-6"),
    "hostage": _verb(N_("Hostage"), N_("The Dominant faction of a side holding a hostage may use it."), "P-BOULE-3"),
    "issue": _verb(N_("Choose issues"), N_("Put an issue on your side's track for this turn's debates."), "P-BOULE-5"),
    "debate": _verb(N_("Debate an issue"), N_("Choose which issue on the track the next debate is about: the "
                    "Dominant chooses in debates 1, 3 and 5, the Opponent in 2, 4 and 6."),
                    "P-ASSEMBLY-3"),
    "play": _verb(N_("Play a card"), N_("Both factions of the side play a card face down; the higher modified "
                  "value moves the issue toward its half, and aligned halves pay Strategos."),
                  "P-ASSEMBLY-5", "P-CARD-4"),
    "council": _verb(N_("Advisory Council"), N_("Add a random entourage card's value to your Leader; next turn you "
                     "get six cards and no entourage."), "P-LEADER-4", "P-LEADER-7"),
    "stop": _verb(N_("War/Peace at the centre"), N_("The debate's winner may stop the War/Peace issue on the "
                  "centre box."), "P-ASSEMBLY-9"),
    "lend": _verb(N_("Lend a marker"), N_("Give one of your theater markers to your compatriot."), "P-TMARK-1"),
    "place": _verb(N_("Place a marker"), N_("Markers go face down on top of a theater's queue, in Honor order; "
                   "the top one is revealed first. MIL = Military (its owner commands an expedition: units "
                   "move, a battle if contested), LEA = League (a base or League units), DIP = Diplomatic "
                   "(treason markers or an enemy base converted), ORA = Oracle (Honor), RUM = Rumor (does "
                   "nothing: a bluff). The number in brackets after a card is its value."),
                   "P-THEATER-1", "P-THEATER-5", "P-MIL-1", "P-LEAGUE-1", "P-DIPLO-1", "P-ORACLE-2",
                   "P-THEATER-12"),
    "reveal": _verb(N_("Reveal a marker"), N_("Reveal the top marker of your side in a theater and resolve its "
                    "issue."), "P-THEATER-9"),
    "decline": _verb(N_("Decline"), N_("Leave the revealed issue without effect."), "P-THEATER-9"),
    "commit": _verb(N_("Diplomacy"), N_("Commit Strategos to place treason markers or convert an enemy base."),
                    "P-DIPLO-1"),
    "resolve": _verb(N_("Neutral diplomacy"), N_("In a neutral theater both sides commit in secret."), "P-DIPLO-7"),
    "secret": _verb(N_("Secret commitment"), N_("Commit Strategos face down; everyone reveals together."),
                    "P-DIPLO-7", "P-EXPED-1"),
    "league": _verb(N_("League issue"), N_("Build a League base or units, convert a base, or remove treason."),
                    "P-LEAGUE-1"),
    "oracle": _verb(N_("Oracle"), N_("Gain Honor, remove an enemy League unit, or place treason markers."),
                    "P-ORACLE-1"),
    "build": _verb(N_("Build at home"), N_("The Commander builds city-state units at home before the expedition."),
                   "P-MIL-1"),
    "expedition": _verb(N_("Expedition"), N_("Commit Strategos and move units into the Expedition theater."),
                        "P-MIL-1", "P-EXPED-1"),
    "raid": _verb(N_("Raid"), N_("Spend 3 Strategos for 3 Honor in a contested Expedition theater."), "P-RAID-1"),
    "move": _verb(N_("Move a unit"), N_("Units move one at a time, link by link, each exit tested."), "P-MOVE-3"),
    "step": _verb(N_("Carry on"), N_("Take the moving unit one more link."), "P-MOVE-3"),
    "done": _verb(N_("End the movement"), N_("Stop moving units; the battle follows."), "P-MOVE-3"),
    "ship": _verb(N_("State Ship"), N_("The Athenian Dominant faction may commit the State Ship as a Strategos."),
                  "P-SHIP-1"),
    "row": _verb(N_("Casualty row"), N_("Choose the casualty table row the loss is counted on."), "P-BATTLE-13"),
    "split": _verb(N_("Casualty split"), N_("Share the counted units between the two rows."), "P-BATTLE-13"),
    "casualty": _verb(N_("Casualty"), N_("Eliminate a unit of the battle's kind and the class owed."), "P-BATTLE-9"),
    "raze": _verb(N_("Raze"), N_("The winner may eliminate enemy bases left without units."), "P-BATTLE-15"),
    "second": _verb(N_("Second battle"), N_("The winner may fight a battle of the other kind."), "P-BATTLE-34"),
    "gold": _verb(N_("Persian gold"), N_("Persian bases pay for Spartan and Peloponnesian units."), "P-GOLD-1"),
    "redeploy": _verb(N_("Redeploy"), N_("Each group moves its units to friendly bases in side order."),
                      "P-REDEPLOY-1"),
    "eliminate": _verb(N_("Eliminate"), N_("A unit with nowhere to redeploy is eliminated."), "P-REDEPLOY-1"),
    "disband": _verb(N_("Upkeep"), N_("Remove units beyond what the side's bases support."), "P-UPKEEP-1"),
    "cit": _verb(N_("Citizenship"), N_("Convert a Delian base to an Athenian one."), "P-POLISSUE-1"),
    "col": _verb(N_("Colony"), N_("Found a colony in a friendly or contested theater."), "P-POLISSUE-1"),
    "kry": _verb(N_("Krypteia"), N_("Remove Athenian treason markers."), "P-POLISSUE-1"),
    "ago": _verb(N_("Agoge"), N_("Build Spartan land units at home."), "P-POLISSUE-1"),
    "callias": _verb(N_("Peace of Callias"), N_("Athens may make peace with Persia."), "P-PERSIA-8"),
    "scuttle": _verb(N_("Give up a ship"), N_("An Athenian ship is given up for the Peace of Callias."), "P-PERSIA-8"),
    "plague": _verb(N_("Plague"), N_("An Acharnians card brings a Plague. Each side loses a third of its land and "
                    "a third of its naval units in Athens (rounded up), and one land and one naval unit in each "
                    "theater it contests, but never the last land unit of a Land theater or the last naval unit "
                    "of a Naval theater. The side's Dominant faction chooses which units, League units too."),
                    "P-PLAGUE-1", "P-PLAGUE-3", "P-PLAGUE-4", "P-PLAGUE-5", "P-PLAGUE-6"),
    "demobilise": _verb(N_("Demobilisation"), N_("Peace C: the Dominant faction removes one unit of its side from a "
                        "contested theater."), "P-ARIST-4"),
    "relocate": _verb(N_("Peace"), N_("At peace, units in enemy theaters go home."), "P-WARPEACE-1"),
}

GUIDE_INTRO = N_("""\
# Your first game of Pericles

You lead one of four **factions**: the Aristocrats and the Demagogues of Athens, the Eurypontid and
the Agiad Kings of Sparta. Your side must win the war, but **you** win on Honor: your compatriot is
also your rival (P-VICTORY-1).

A turn (P-SEQ-1): **Aristophanes** (a comedy changes the rules for a turn), the **Assembly** (both
factions of a side play cards face down to pull issues onto their half of the track), the
**Political** phase (won issues are resolved or become theater markers), the **Theater** phase
(markers are placed face down, then revealed top first: diplomacy, leagues, oracles, expeditions and
battles), and the **Final** phase (redeployment, upkeep, victory).

Panels (Tab cycles them): **Theaters** (units, bases, treason and each marker queue), **Assemblies**
(both tracks), **Factions** (Honor, Strategos, your hand and entourage), **Battle** (a battle's
strength part by part). Press `?` on a menu entry for the rule behind it.
""")

WELCOME = N_("""\
Pericles: four factions of Athens and Sparta debate, scheme and fight; your side must win the war and \
you must end with more Honor than your compatriot.

R opens the rules reference (turn, markers, battle maths, every card); on any menu entry the line \
under the menu and ? say what it does and the rules behind it; H gives a hint, U undoes your last step.
""")

TIPS = {
    "keep": N_("Keep cards whose halves align with the issues you want (P-HAND-2)."),
    "entourage": N_("Put aside cards you will not need this turn: they back your Advisory Council (P-HAND-6)."),
    "select": N_("Pick issues you can win: your card halves show which issues pay you Strategos (P-BOULE-5)."),
    "debate": N_("Debate issues already leaning your way, or block one your compatriot is about to win "
              "(P-ASSEMBLY-3)."),
    "play": N_("A high card wins the debate; an aligned half pays Strategos even when it loses (P-CARD-4)."),
    "place": N_("Your marker on top is revealed first; bury a Rumor on a rival's marker to delay it "
             "(P-THEATER-5)."),
    "reveal": N_("Reveal where the issue helps you most now; a Military marker starts an expedition (P-MIL-1)."),
    "move": N_("Bring enough units to win: see the Battle panel once it starts (P-MOVE-3, P-BATTLE-4)."),
    "exped_secret": N_("Commit only what the battle needs: Strategos committed are spent (P-EXPED-1)."),
    "row": N_("Choose the row that costs the loser most and you least (P-BATTLE-13)."),
    "ship": N_("The State Ship adds 1 Strategos to this battle and is spent until next turn: use it where "
            "one point decides the battle (P-SHIP-1, P-SHIP-2, P-SHIP-4)."),
    "second": N_("A second battle of the other kind uses the same committed Strategos and bases again: fight "
              "it when your units of that kind are stronger there (P-BATTLE-34, P-BATTLE-6)."),
    "raze": N_("Eliminating an enemy base takes 2 strength from every later battle of theirs here and makes "
            "them remove their treason markers (P-BATTLE-15, P-BATTLE-16)."),
    "move_on": N_("Carry the unit on only if the next exit test is worth the risk; stopping keeps it safe "
               "where it stands (P-MOVE-3)."),
    "redeploy": N_("Units go back to friendly bases; unsupplied ones are lost (P-REDEPLOY-1)."),
}


RESOLVE_TIPS = {  # the revealed issue decides what "resolve" is about; the first verb found wins
    "expedition": N_("A Military marker starts an expedition: build at home first if you need units, then "
                  "commit only what the battle needs (P-MIL-1, P-EXPED-1)."),
    "raid": N_("A raid trades 3 Strategos for 3 Honor at once; an expedition risks more for the theater "
            "(P-RAID-1)."),
    "league": N_("League bases pay 2 Honor and hold the theater; free League units follow the bases you "
              "have; removing treason protects them (P-LEAGUE-2, P-LEAGUE-3, P-LEAGUE-5, P-LEAGUE-6)."),
    "oracle": N_("3 Honor at once, unless removing an enemy League unit or three treason markers win you "
              "more later (P-ORACLE-2)."),
    "commit": N_("Diplomacy needs Strategos; keep some for battles (P-DIPLO-1)."),
    "resolve": N_("In a neutral theater both sides commit in secret and add a battle card; you need twice "
               "their total for a League base (P-DIPLO-7, P-DIPLO-9)."),
    "decline": N_("The revealed issue can do nothing here: decline it and the next marker comes up "
               "(P-THEATER-9)."),
}


def _resolve_tip(legal: Sequence[Action]) -> str | None:
    """The tip for the revealed issue, told by the verbs it offers."""
    verbs = {action.verb for action in legal}
    return next((_(tip) for verb, tip in RESOLVE_TIPS.items() if verb in verbs), None)


def _guide_tip(game: PericlesGame, view: PericlesView, seat: int, legal: Sequence[Action]) -> str:
    step = view.state.step
    tip = _resolve_tip(legal) if step == "resolve" else _(TIPS[step]) if step in TIPS else None
    what = _step_words(view.state)
    return tip or _("Decide: {what}. Press ? for the rule behind each choice.", what=what)


def _game_rules(game: PericlesGame) -> str:
    """The reference from the data this game plays with (a ``data_dir``'s corrected values)."""
    return rules_reference(game.tables.data)


def translated_verbs() -> dict[str, VerbHelp]:
    """Each verb's help in the reader's language (the rule IDs as they are)."""
    return {verb: VerbHelp(_(h.title), _(h.text), h.rules) for verb, h in VERBS.items()}


def terminal_parts() -> TerminalParts[PericlesGame, PericlesState, PericlesView]:
    """The terminal part in the reader's language of the moment (the shell asks for it once a
    session's language is chosen)."""
    return TerminalParts(
        board=BoardParts(panels={_(name): draw for name, draw in PANELS.items()}, status=_status,
                         palettes=(render.DARK, render.LIGHT), outcome=_outcome, final_panel=_("Factions"),
                         full_view=_full_view),
        help=HelpParts(verbs=translated_verbs(), heading=_heading, guide_intro=_(GUIDE_INTRO), guide_tip=_guide_tip,
                       rules=rules_reference(load_data()), game_rules=_game_rules, welcome=_(WELCOME)),
        menus=MenuParts(title=_title, gloss=_gloss, panel_for=_panel_for, notation_example="place AF MIL Athens",
                        explain=explain, last_verbs=("done", "decline"), run_end=runs.run_end),
        log_lines=_log_lines,
    )
