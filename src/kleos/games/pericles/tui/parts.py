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
from kleos.games.pericles.board_text import queue_of
from kleos.games.pericles.cards import card_gloss, card_title
from kleos.games.pericles.explain import ISSUE_EFFECTS, ISSUE_NAMES, explain, seat_names
from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.i18n import N_, _, ngettext
from kleos.games.pericles.kit import KIT
from kleos.games.pericles.loader import load_data
from kleos.games.pericles.reference import rules_reference
from kleos.games.pericles.rules import assembly, league, military
from kleos.games.pericles.rules.common import ENEMY, status
from kleos.games.pericles.rules.theater import idle_in_persia
from kleos.games.pericles.state import PericlesState
from kleos.games.pericles.tables import FACTIONS, MARKER_KINDS, side_of
from kleos.games.pericles.tui import render, routes, runs, titles
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


SCENARIO_NAMES = (N_("The First Peloponnesian War"), N_("War in the Aegean"))
"""The packaged scenarios' names (``name`` in their data files), for the catalogue: a heading names its
war in the reader's language; a scenario of a data folder the catalogue lacks keeps its own words."""


def _heading(game: PericlesGame) -> str:
    sc = game.tables.scenario
    return _("Pericles: {name} (scenario {id})", name=_(sc.name), id=sc.id)


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
    a hand of bare ids (A04, S17) can be read; what winning an issue brings; how far a move's step is
    from the expedition."""
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
        return _place_gloss(game, view, str(action.args[1]) if len(action.args) == 3 else "", str(action.args[-1]))
    if action.verb in ("move", "step"):  # which of many first steps lead to the fight (P-MOVE-5)
        return routes.move_gloss(game, view, action)
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


def _place_gloss(game: PericlesGame, view: PericlesView, kind: str, theater: str) -> str:
    """Where a marker would go: the theater's status for the placer's side and the markers already
    queued there (P-DEF-11, P-THEATER-5); an empty queue goes unsaid, as most are, so that the twenty
    theaters of a placement fit a few lines. A Military marker in an enemy theater no unit of the side
    could enter as things stand (:func:`~kleos.games.pericles.rules.military.reach`) says so: its
    expedition would bring no battle (P-MIL-7, P-EXPED-7); a marker that would do nothing there reads
    "idle" in place of the status (:func:`idle`), short enough that a run of twenty theaters still folds
    into a few lines, the title saying what "idle" means."""
    th = game.tables.theater_index.get(theater)
    if th is None or view.seat is None:
        return ""
    side = side_of(view.seat)
    here = status(view.state, th, side)
    words = _(STATUS_WORDS[here])
    if kind == "MIL" and here == ENEMY and not military.reach(game.tables, view.state, side)[th]:
        words = _("{status}, out of reach now", status=words)
    elif idle(view.state, th, side, kind):  # the menu's title says why (P-LEAGUE-1, P-PERSIA-3)
        words = _("idle")
    queued = len(queue_of(view.state, th))
    return ngettext("{status}, {n} marker there", "{status}, {n} markers there", queued,
                    status=words) if queued else words


def idle(s: PericlesState, th: int, side: int, kind: str) -> bool:
    """Whether a ``kind`` marker of ``side`` would do nothing in ``th`` as things stand: a League marker
    where the side neither controls nor contests (:func:`~kleos.games.pericles.rules.league.takes_effect`,
    P-LEAGUE-1), any issue but a Spartan League one in Persia (P-PERSIA-3). A Rumor is never called idle:
    it is meant to do nothing."""
    if kind not in MARKER_KINDS or kind == "RUM":
        return False
    return idle_in_persia(th, 2 * side, MARKER_KINDS.index(kind)) or (
        kind == "LEA" and not league.takes_effect(s, th, side))


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
    "scuttle": _verb(N_("Give up a ship"), N_("An Athenian ship is given up for the Peace of Callias."), "P-PERSIA-9"),
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
    what = titles.step_words(view.state)
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
        menus=MenuParts(title=titles.title, gloss=_gloss, panel_for=_panel_for, notation_example="place AF MIL Athens",
                        explain=explain, last_verbs=("done", "decline"), run_end=runs.run_end),
        log_lines=_log_lines,
    )
