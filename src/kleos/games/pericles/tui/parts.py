"""The terminal part of the Pericles kit: the board's panels (theaters, assemblies, factions, battle),
the status bar, help for every verb with the rule IDs behind it, the rules reference, a first-game
guide and the story log. Menus use the terminal shell's defaults, which read ``legal_actions`` and
the kit's ``describe_action``; the log is the kit's ``describe_action`` under its ``log_visibility``
(secret steps stay secret, P-INFO), naming every revealed marker.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text

from kleos.core.action import Action
from kleos.core.kit.terminal import (
    BoardContext,
    BoardParts,
    HelpParts,
    LogLine,
    MenuParts,
    PanelDraw,
    TerminalParts,
    VerbHelp,
)
from kleos.core.protocol import CHANCE, Game, Outcome
from kleos.games.pericles import story
from kleos.games.pericles.explain import explain
from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.kit import KIT
from kleos.games.pericles.loader import load_data
from kleos.games.pericles.reference import rules_reference
from kleos.games.pericles.state import PericlesState
from kleos.games.pericles.tui import render
from kleos.games.pericles.view import PericlesView, make_view


def _pericles(ctx: BoardContext) -> tuple[PericlesGame, PericlesView]:
    assert isinstance(ctx.game, PericlesGame) and isinstance(ctx.view, PericlesView)
    return ctx.game, ctx.view


def _theaters(ctx: BoardContext, width: int) -> Text:
    return render.theaters_view(*_pericles(ctx), ctx.palette, width)


def _assemblies(ctx: BoardContext, width: int) -> Text:
    return render.assemblies_view(*_pericles(ctx), ctx.palette, width)


def _factions(ctx: BoardContext, width: int) -> Text:
    return render.factions_view(*_pericles(ctx), ctx.palette, width)


def _battle(ctx: BoardContext, width: int) -> Text:
    return render.battle_view(*_pericles(ctx), ctx.palette, width)


PANELS: dict[str, PanelDraw] = {"Theaters": _theaters, "Assemblies": _assemblies, "Factions": _factions,
                                "Battle": _battle}


def _status(ctx: BoardContext, note: str) -> Text:
    return render.status_line(*_pericles(ctx), ctx.palette, note)


def _outcome(ctx: BoardContext, outcome: Outcome) -> Text:
    game, view = _pericles(ctx)
    return render.outcome_view(game, view, outcome, ctx.palette)


def _full_view(game: Game[Any, Any], state: Any) -> PericlesView:
    """A finished game's replay with every hand, stock and marker shown: the view of nobody in
    particular, with the state's secrets put back."""
    view = make_view(state, None)
    view.state = state.copy()
    return view


def _heading(game: Game[Any, Any]) -> str:
    assert isinstance(game, PericlesGame)
    sc = game.tables.scenario
    return f"Pericles: {sc.name} (scenario {sc.id})"


# ----- the log -------------------------------------------------------------------------------------------
def _log_lines(game: Game[Any, Any], before: Any, seat: int, action: Action, after: Any, index: int,
               readers: frozenset[int]) -> list[LogLine]:
    """The story log, as the browser's: the kit's words from its narrator's views (a revealed marker
    named from its owner's, P-THEATER-9, P-INFO-6), secret steps hidden as everywhere, and what the
    step brought about on a line of its own (:func:`kleos.games.pericles.story.changes`)."""
    assert isinstance(game, PericlesGame) and isinstance(before, PericlesState)
    allowed = KIT.log_visibility(game, before, seat, action, after)
    kind = "chance" if seat == CHANCE else "action"
    narrator = KIT.log_narrator(game, before, seat, action, after)
    if allowed is not None and not allowed & readers:
        lines = [LogLine(index, seat, KIT.hidden_log_text(game, seat, action), kind)]
    else:
        reader = min(allowed & readers) if seat == CHANCE and allowed else narrator
        text = story.tell(game, game.view(before, reader).state, action)
        lines = [LogLine(index, seat, text if seat == CHANCE else f"{game.seat_names[seat]}: {text}", kind)]
    result = story.changes(game, game.view(before, None).state, game.view(after, None).state)
    if result:
        lines.append(LogLine(index, CHANCE, result, "result"))
    outcome = game.outcome(after)
    if outcome is not None:
        lines.append(LogLine(index, CHANCE, f"Game over: {KIT.outcome_text(game, outcome)}.", "heading"))
    return lines


# ----- menus -------------------------------------------------------------------------------------------
PANEL_OF_VERB = {
    "keep": "Factions", "entourage": "Factions", "play": "Factions", "council": "Factions", "lend": "Factions",
    "issue": "Assemblies", "debate": "Assemblies", "stop": "Assemblies", "hostage": "Assemblies",
    "row": "Battle", "split": "Battle", "casualty": "Battle", "raze": "Battle", "second": "Battle", "ship": "Battle",
}


def _panel_for(game: Game[Any, Any], view: Any, legal: Sequence[Action], words: tuple[str, ...]) -> str | None:
    """The panel that matters for the decision: the hand for cards, the tracks for debates, the
    battle for casualties, the theaters for everything on the map."""
    verbs = {a.verb for a in legal}
    for verb in (words[:1] or tuple(sorted(verbs))):
        if verb in PANEL_OF_VERB:
            return PANEL_OF_VERB[verb]
    return "Theaters" if verbs else None


def _title(game: Game[Any, Any], view: Any, seat: int) -> str:
    """What the faction decides (the shell puts its name before it)."""
    assert isinstance(view, PericlesView)
    return STEP_TITLES.get(view.state.step, view.state.step)


STEP_TITLES = {
    "keep": "keep entourage cards", "entourage": "form your entourage", "hostage": "use the hostage?",
    "select": "choose an issue for the assembly", "debate": "choose the issue to debate",
    "play": "play a card in the debate", "council": "call the Advisory Council?",
    "stop": "stop War/Peace on the centre box?", "lend": "lend a theater marker", "place": "place a marker",
    "reveal": "reveal a marker", "resolve": "resolve the revealed marker", "move": "move units",
    "move_on": "carry the unit on", "dip_secret": "commit Strategos in secret",
    "exped_secret": "commit Strategos to the expedition in secret", "ship": "commit the State Ship?",
    "row": "choose the casualty row", "casualty": "eliminate a unit", "raze": "eliminate an enemy base?",
    "second": "fight a second battle?", "gold": "Persian gold", "redeploy": "redeploy units",
    "upkeep": "remove units for upkeep", "side": "side issue", "callias": "declare the Peace of Callias?",
    "scuttle": "give up a ship", "plague": "Plague removals", "demobilise": "Peace: remove a unit",
    "relocate": "Peace: move a unit home",
}


# ----- help --------------------------------------------------------------------------------------------
def _verb(title: str, text: str, *rules: str) -> VerbHelp:
    return VerbHelp(title, text, tuple(rules))


VERBS: dict[str, VerbHelp] = {
    "keep": _verb("Keep entourage cards", "Keep any of last turn's entourage cards in hand; the rest are "
                  "discarded before the new cards are dealt.", "P-HAND-2"),
    "entourage": _verb("Form the entourage", "Put a non-Leader card of a full hand aside as entourage: it "
                       "backs the Advisory Council and may be kept next turn.", "P-HAND-6"),
    "hostage": _verb("Hostage", "The Dominant faction of a side holding a hostage may use it.", "P-BOULE-3"),
    "issue": _verb("Choose issues", "Put an issue on your side's track for this turn's debates.", "P-BOULE-5"),
    "debate": _verb("Debate an issue", "Choose which issue on the track the next debate is about: the "
                    "Dominant chooses in debates 1, 3 and 5, the Opponent in 2, 4 and 6.",
                    "P-ASSEMBLY-3"),
    "play": _verb("Play a card", "Both factions of the side play a card face down; the higher modified "
                  "value moves the issue toward its half, and aligned halves pay Strategos.",
                  "P-ASSEMBLY-5", "P-CARD-4"),
    "council": _verb("Advisory Council", "Add a random entourage card's value to your Leader; next turn you "
                     "get six cards and no entourage.", "P-LEADER-4", "P-LEADER-7"),
    "stop": _verb("War/Peace at the centre", "The debate's winner may stop the War/Peace issue on the "
                  "centre box.", "P-ASSEMBLY-9"),
    "lend": _verb("Lend a marker", "Give one of your theater markers to your compatriot.", "P-TMARK-1"),
    "place": _verb("Place a marker", "Markers go face down on top of a theater's queue, in Honor order; "
                   "the top one is revealed first. MIL = Military (its owner commands an expedition: units "
                   "move, a battle if contested), LEA = League (a base or League units), DIP = Diplomatic "
                   "(treason markers or an enemy base converted), ORA = Oracle (Honor), RUM = Rumor (does "
                   "nothing: a bluff). The number in brackets after a card is its value.",
                   "P-THEATER-1", "P-THEATER-5", "P-MIL-1", "P-LEAGUE-1", "P-DIPLO-1", "P-ORACLE-2",
                   "P-THEATER-12"),
    "reveal": _verb("Reveal a marker", "Reveal the top marker of your side in a theater and resolve its "
                    "issue.", "P-THEATER-9"),
    "decline": _verb("Decline", "Leave the revealed issue without effect.", "P-THEATER-9"),
    "commit": _verb("Diplomacy", "Commit Strategos to place treason markers or convert an enemy base.",
                    "P-DIPLO-1"),
    "resolve": _verb("Neutral diplomacy", "In a neutral theater both sides commit in secret.", "P-DIPLO-7"),
    "secret": _verb("Secret commitment", "Commit Strategos face down; everyone reveals together.",
                    "P-DIPLO-7", "P-EXPED-1"),
    "league": _verb("League issue", "Build a League base or units, convert a base, or remove treason.",
                    "P-LEAGUE-1"),
    "oracle": _verb("Oracle", "Gain Honor, remove an enemy League unit, or place treason markers.",
                    "P-ORACLE-1"),
    "build": _verb("Build at home", "The Commander builds city-state units at home before the expedition.",
                   "P-MIL-1"),
    "expedition": _verb("Expedition", "Commit Strategos and move units into the Expedition theater.",
                        "P-MIL-1", "P-EXPED-1"),
    "raid": _verb("Raid", "Spend 3 Strategos for 3 Honor in a contested Expedition theater.", "P-RAID-1"),
    "move": _verb("Move a unit", "Units move one at a time, link by link, each exit tested.", "P-MOVE-3"),
    "step": _verb("Carry on", "Take the moving unit one more link.", "P-MOVE-3"),
    "done": _verb("End the movement", "Stop moving units; the battle follows.", "P-MOVE-3"),
    "ship": _verb("State Ship", "The Athenian Dominant faction may commit the State Ship as a Strategos.",
                  "P-SHIP-1"),
    "row": _verb("Casualty row", "Choose the casualty table row the loss is counted on.", "P-BATTLE-13"),
    "split": _verb("Casualty split", "Share the counted units between the two rows.", "P-BATTLE-13"),
    "casualty": _verb("Casualty", "Eliminate a unit of the battle's kind and the class owed.", "P-BATTLE-9"),
    "raze": _verb("Raze", "The winner may eliminate enemy bases left without units.", "P-BATTLE-15"),
    "second": _verb("Second battle", "The winner may fight a battle of the other kind.", "P-BATTLE-34"),
    "gold": _verb("Persian gold", "Persian bases pay for Spartan and Peloponnesian units.", "P-GOLD-1"),
    "redeploy": _verb("Redeploy", "Each group moves its units to friendly bases in side order.",
                      "P-REDEPLOY-1"),
    "eliminate": _verb("Eliminate", "A unit with nowhere to redeploy is eliminated.", "P-REDEPLOY-1"),
    "disband": _verb("Upkeep", "Remove units beyond what the side's bases support.", "P-UPKEEP-1"),
    "cit": _verb("Citizenship", "Convert a Delian base to an Athenian one.", "P-POLISSUE-1"),
    "col": _verb("Colony", "Found a colony in a friendly or contested theater.", "P-POLISSUE-1"),
    "kry": _verb("Krypteia", "Remove Athenian treason markers.", "P-POLISSUE-1"),
    "ago": _verb("Agoge", "Build Spartan land units at home.", "P-POLISSUE-1"),
    "callias": _verb("Peace of Callias", "Athens may make peace with Persia.", "P-PERSIA-8"),
    "scuttle": _verb("Give up a ship", "An Athenian ship is given up for the Peace of Callias.", "P-PERSIA-8"),
    "plague": _verb("Plague", "The Dominant faction chooses the side's Plague removals.", "P-PLAGUE-6"),
    "demobilise": _verb("Demobilisation", "Peace C: the Dominant faction removes one unit of its side from a "
                        "contested theater.", "P-ARIST-4"),
    "relocate": _verb("Peace", "At peace, units in enemy theaters go home.", "P-WARPEACE-1"),
}

GUIDE_INTRO = """\
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
"""

WELCOME = """\
Pericles: four factions of Athens and Sparta debate, scheme and fight; your side must win the war and \
you must end with more Honor than your compatriot.

R opens the rules reference (turn, markers, battle maths, every card); on any menu entry the line \
under the menu and ? say what it does and the rules behind it; H gives a hint, U undoes your last step.
"""

TIPS = {
    "keep": "Keep cards whose halves align with the issues you want (P-HAND-2).",
    "entourage": "Put aside cards you will not need this turn: they back your Advisory Council (P-HAND-6).",
    "select": "Pick issues you can win: your card halves show which issues pay you Strategos (P-BOULE-5).",
    "debate": "Debate issues already leaning your way, or block one your compatriot is about to win "
              "(P-ASSEMBLY-3).",
    "play": "A high card wins the debate; an aligned half pays Strategos even when it loses (P-CARD-4).",
    "place": "Your marker on top is revealed first; bury a Rumor on a rival's marker to delay it "
             "(P-THEATER-5).",
    "reveal": "Reveal where the issue helps you most now; a Military marker starts an expedition (P-MIL-1).",
    "move": "Bring enough units to win: see the Battle panel once it starts (P-MOVE-3, P-BATTLE-4).",
    "exped_secret": "Commit only what the battle needs: Strategos committed are spent (P-EXPED-1).",
    "row": "Choose the row that costs the loser most and you least (P-BATTLE-13).",
    "ship": "The State Ship adds 1 Strategos to this battle and is spent until next turn: use it where "
            "one point decides the battle (P-SHIP-1, P-SHIP-2, P-SHIP-4).",
    "second": "A second battle of the other kind uses the same committed Strategos and bases again: fight "
              "it when your units of that kind are stronger there (P-BATTLE-34, P-BATTLE-6).",
    "raze": "Eliminating an enemy base takes 2 strength from every later battle of theirs here and makes "
            "them remove their treason markers (P-BATTLE-15, P-BATTLE-16).",
    "move_on": "Carry the unit on only if the next exit test is worth the risk; stopping keeps it safe "
               "where it stands (P-MOVE-3).",
    "redeploy": "Units go back to friendly bases; unsupplied ones are lost (P-REDEPLOY-1).",
}


RESOLVE_TIPS = {  # the revealed issue decides what "resolve" is about; the first verb found wins
    "expedition": "A Military marker starts an expedition: build at home first if you need units, then "
                  "commit only what the battle needs (P-MIL-1, P-EXPED-1).",
    "raid": "A raid trades 3 Strategos for 3 Honor at once; an expedition risks more for the theater "
            "(P-RAID-1).",
    "league": "League bases pay 2 Honor and hold the theater; free League units follow the bases you "
              "have; removing treason protects them (P-LEAGUE-2, P-LEAGUE-3, P-LEAGUE-5, P-LEAGUE-6).",
    "oracle": "3 Honor at once, unless removing an enemy League unit or three treason markers win you "
              "more later (P-ORACLE-2).",
    "commit": "Diplomacy needs Strategos; keep some for battles (P-DIPLO-1).",
    "resolve": "In a neutral theater both sides commit in secret and add a battle card; you need twice "
               "their total for a League base (P-DIPLO-7, P-DIPLO-9).",
    "decline": "The revealed issue can do nothing here: decline it and the next marker comes up "
               "(P-THEATER-9).",
}


def _resolve_tip(legal: Sequence[Action]) -> str | None:
    """The tip for the revealed issue, told by the verbs it offers."""
    verbs = {action.verb for action in legal}
    return next((tip for verb, tip in RESOLVE_TIPS.items() if verb in verbs), None)


def _guide_tip(game: Game[Any, Any], view: Any, seat: int, legal: Sequence[Action]) -> str:
    assert isinstance(view, PericlesView)
    step = view.state.step
    tip = _resolve_tip(legal) if step == "resolve" else TIPS.get(step)
    return tip or f"Decide: {STEP_TITLES.get(step, step)}. Press ? for the rule behind each choice."


def terminal_parts() -> TerminalParts:
    return TerminalParts(
        board=BoardParts(panels=PANELS, status=_status, palettes=(render.DARK, render.LIGHT), outcome=_outcome,
                         final_panel="Factions", full_view=_full_view),
        help=HelpParts(verbs=VERBS, heading=_heading, guide_intro=GUIDE_INTRO, guide_tip=_guide_tip,
                       rules=rules_reference(load_data()), welcome=WELCOME),
        menus=MenuParts(title=_title, panel_for=_panel_for, notation_example="place AF MIL Athens", explain=explain,
                        last_verbs=("done", "decline")),
        log_lines=_log_lines,
    )
