"""What a legal Pericles action does, in words a newcomer can act on (the terminal's menu and ``?``,
the browser's tooltip): the marker kinds where markers are placed, a card's value and what it earns
on the debated issue, the casualty rows with the losses each gives, League units, the State Ship.

Every text reads only the acting faction's view and ends with the rule IDs behind it in brackets.
The words for marker kinds and units are shared with the rules reference (:mod:`.reference`) and
the story log (:mod:`.story`).
"""

from __future__ import annotations

from collections.abc import Callable

from kleos.core.action import Action
from kleos.core.errors import IllegalAction
from kleos.games.pericles.cards import card_gloss
from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.i18n import N_, _
from kleos.games.pericles.rules import assembly, battle, casualties
from kleos.games.pericles.rules.theater import entry_parts
from kleos.games.pericles.state import M_KIND, M_STAGE, M_WIN, PericlesState
from kleos.games.pericles.tables import FACTIONS, MARKER_KINDS
from kleos.games.pericles.view import PericlesView

FACTION_NAMES = {"AF": N_("the Aristocrats"), "DF": N_("the Demagogues"), "EK": N_("the Eurypontid King"),
                 "AK": N_("the Agiad King")}
SIDE_NAMES = (N_("Athens"), N_("Sparta"))
SEAT_NAMES = (N_("Aristocrats"), N_("Demagogues"), N_("Eurypontid King"), N_("Agiad King"))
THEATER_NAMES = (N_("Sicily"), N_("Corcyra"), N_("Aetolia"), N_("Naupactus"), N_("Isthmus of Corinth"), N_("Sparta"),
                 N_("Athens"), N_("Boeotia"), N_("Thessaly"), N_("Macedonia"), N_("Chalcidice"), N_("Amphipolis"),
                 N_("Hellespont"), N_("Ionia"), N_("Lesbos"), N_("Chios"), N_("Samos"), N_("Cyclades"),
                 N_("Southern Sporades"), N_("Eastern Mediterranean"), N_("Persia"))
"""The theaters' full names as the packaged data gives them, marked so that the reference and the
browser's tooltips show them translated (their keys are notation and stay as they are)."""
"""The factions' names as the packaged data gives them, marked so that every surface can translate them."""
PHASE_TITLES = {"aristophanes": N_("Aristophanes phase"), "assembly": N_("Assembly phase"),
                "political": N_("Political phase"), "theater": N_("Theater phase"), "final": N_("Final phase"),
                "over": N_("game over")}
"""Each phase by the engine's name for it, as the status bar and the position's summary say it (P-SEQ-1)."""

KINDS: dict[str, tuple[str, str, str]] = {
    "MIL": (N_("Military"), N_("when revealed, its owner becomes Commander in Chief here: builds at home, then "
            "commits Strategos to move one unit per token (and a raid or a battle if the theater is "
            "contested); declining it still costs 1 Strategos"), "P-MIL-1, P-EXPED-1, P-THEATER-14"),
    "LEA": (N_("League"), N_("builds a League base (4 Strategos, +2 Honor), turns a League base into your "
            "city-state's (2 Strategos, +2 Honor), builds free League units (1 ship or 2 land per League "
            "base) or removes a treason marker; only where your side is present"), "P-LEAGUE-1..6"),
    "DIP": (N_("Diplomatic"), N_("commit 0-3 Strategos: in an enemy or contested theater, more than the enemy's "
            "units and bases (value) converts an enemy League base, else places treason markers; in a "
            "neutral one both sides bid in secret plus a battle card and twice the enemy's total founds "
            "a League base"), "P-DIPLO-1..9"),
    "ORA": (N_("Oracle"), N_("works wherever it sits: +3 Honor, or +1 Honor and remove an enemy League unit, or "
            "treason markers in three theaters"), "P-ORACLE-2"),
    "RUM": (N_("Rumor"), N_("does nothing when revealed: a bluff that hides your real markers and delays what "
            "lies beneath it"), "P-TMARK-2, P-THEATER-12"),
}
"""Each theater marker kind: its name, what it does when revealed, and the rules behind it."""

ISSUE_NAMES: dict[str, str] = {
    **{code: name for code, (name, _effect, _rules) in KINDS.items() if code != "RUM"},  # a Rumor is no issue
    "OST": N_("Ostracism"), "GAM": N_("Games"), "WP": N_("War/Peace"), "CIT": N_("Citizenship"), "COL": N_("Colony"),
    "KRY": N_("Krypteia"), "AGO": N_("Agoge"),
}
"""Each Assembly issue's name by its code (P-POLISSUE-1, P-TMARK-1)."""

ISSUE_EFFECTS: dict[str, tuple[str, str]] = {
    "MIL": (N_("won: a Military marker"), "P-TMARK-1"), "LEA": (N_("won: a League marker"), "P-TMARK-1"),
    "DIP": (N_("won: a Diplomatic marker"), "P-TMARK-1"), "ORA": (N_("won: an Oracle marker"), "P-TMARK-1"),
    "OST": (N_("won: 3 Honor from your compatriot and you become Dominant"), "P-ORATORY-2, P-DOMINANT-1"),
    "GAM": (N_("won: 3 Honor in Peace, 3 Strategos from the supply in War"), "P-POLISSUE-2, P-POLISSUE-3"),
    "WP": (N_("won: War if at Peace; in War, Peace if the other side wins its War/Peace too (+10 Honor each)"),
           "P-WARPEACE-1..3"),
    "CIT": (N_("won: a Delian League base becomes Athenian, with a ship or 2 land units, +2 Honor"),
            "P-POLISSUE-4, P-POLISSUE-5"),
    "COL": (N_("won in Peace: a new Delian League base with a ship or 2 land units, +2 Honor"), "P-POLISSUE-6"),
    "KRY": (N_("won: remove up to 6 Athenian treason markers"), "P-POLISSUE-7"),
    "AGO": (N_("won in War: build up to 3 Spartan land units at home"), "P-POLISSUE-8"),
}
"""What winning each Assembly issue brings, in a few words (the menu's gloss of an issue to choose),
and the rules behind it."""

UNITS: dict[str, str] = {
    "Ab": N_("Athenian base (value 2 in land and naval battles, supports 4 upkeep)"),
    "An": N_("Athenian trireme: naval unit, value 2"),
    "Al": N_("Athenian hoplites: land unit, value 1"),
    "Db": N_("Delian League base (Athens' ally; value 2)"),
    "Dn": N_("Delian League ship: naval unit, value 1"),
    "Dl": N_("Delian League troops: land unit, value 1"),
    "Sb": N_("Spartan base (value 2 in land and naval battles, supports 4 upkeep)"),
    "Sn": N_("Spartan ship: naval unit, value 1"),
    "Sl": N_("Spartan hoplites: land unit, value 2"),
    "S300": N_("the 300: Spartan land unit, value 2, also counts as a committed Strategos"),
    "Pb": N_("Peloponnesian League base (Sparta's ally; value 2)"),
    "Pn": N_("Peloponnesian League ship: naval unit, value 1"),
    "Pl": N_("Peloponnesian League troops: land unit, value 1"),
    "Ar": N_("Argos troops: Athenian-side land unit, value 1, never leaves Sparta"),
    "Xb": N_("Persian base (in Persia; pays Persian gold to Sparta)"),
}
"""Each unit code of the board (``Db1`` is one Delian League base) in words [P-DEF-4..9]."""


UNIT_NAMES: dict[str, str] = {
    "Ab": N_("Athenian base"),
    "An": N_("Athenian trireme"),
    "Al": N_("Athenian hoplites"),
    "Db": N_("Delian League base"),
    "Dn": N_("Delian League ship"),
    "Dl": N_("Delian League troops"),
    "Sb": N_("Spartan base"),
    "Sn": N_("Spartan ship"),
    "Sl": N_("Spartan hoplites"),
    "S300": N_("the 300"),
    "Pb": N_("Peloponnesian League base"),
    "Pn": N_("Peloponnesian League ship"),
    "Pl": N_("Peloponnesian League troops"),
    "Ar": N_("Argos troops"),
    "Xb": N_("Persian base"),
}
"""Each unit code's name alone, its own entry in the catalogues: cut from :data:`UNITS`'s translated
description, a name lost the pseudo-locale's closing mark and left a log line's words unbalanced."""


def side_name(side: int) -> str:
    """Athens or Sparta in the reader's language."""
    return _(SIDE_NAMES[side])


def seat_names(game: PericlesGame) -> tuple[str, ...]:
    """The game's faction names in the reader's language (a name the data renamed stays as it is)."""
    return tuple(_(name) for name in game.seat_names)


def faction_name(code: str) -> str:
    """"the Aristocrats" for ``AF``, in the reader's language."""
    return _(FACTION_NAMES[code])


def kind_name(code: str) -> str:
    """A marker kind's name ("Military" for ``MIL``) in the reader's language."""
    return _(KINDS[code][0])


def unit_words(code: str) -> str:
    """A unit code's description in the reader's language (the code itself if it has none)."""
    return _(UNITS[code]) if code in UNITS else code


def refusal_words(error: IllegalAction) -> str:
    """An illegal action's message in the reader's language: the rules raise an English template and
    its parameters, the game's catalogue translates the template and a faction's code among the
    parameters is named as the reader's language names its seat (theaters and pieces are notation)."""
    params = {key: _(SEAT_NAMES[FACTIONS.index(value)]) if key == "faction" and value in FACTIONS else value
              for key, value in error.params.items()}
    return _(error.template, **params)


def refusal_text(error: IllegalAction) -> str:
    """An illegal action's rule and message in the reader's language."""
    return f"{error.rule}: {refusal_words(error)}"


def kind_line(code: str) -> str:
    """A marker kind in one sentence, its rules in brackets (for the reference and the legend)."""
    text, rules = _kind_text(code)
    return f"{text} [{rules}]"


def _kind_text(code: str) -> tuple[str, str]:
    """A marker kind's sentence without its rules, and the rules, to end a longer text with both."""
    name, effect, rules = KINDS[code]
    return f"{code} = {_(name)}: {_(effect)}", rules


PLAY_NAMES = {"Acharnians": N_("Acharnians"), "Birds": N_("Birds"), "Clouds": N_("Clouds"), "Frogs": N_("Frogs"),
              "Knights": N_("Knights"), "Lysistrata": N_("Lysistrata"), "Peace": N_("Peace"), "Wasps": N_("Wasps")}
"""The comedies of the Aristophanes deck by the data's play names, each a word of the catalogue: the
Spanish rulebook names its cards "Ranas A, B o C", not "Frogs"."""


def play_name(play: str) -> str:
    """A comedy's title in the reader's language (the data's name for a play the catalogue lacks)."""
    return _(PLAY_NAMES[play]) if play in PLAY_NAMES else play


def unit_name(code: str) -> str:
    """The unit's name alone ("Athenian trireme") in the reader's language (the code itself if it has none)."""
    return _(UNIT_NAMES[code]) if code in UNIT_NAMES else code


def piece_count(code: str, n: int) -> str:
    """``Sl6``: a piece code with its count, and ``S300×1`` where the code itself ends in a digit, so
    that the count cannot be read as part of it."""
    return f"{code}×{n}" if code[-1].isdigit() else f"{code}{n}"


PLAIN: dict[str, str] = {
    "keep": N_("Keep these cards of last turn's entourage in hand; the rest are discarded before the deal [P-HAND-2]"),
    "entourage": N_("Set this card aside as entourage: it backs your Leader's Advisory Council and may be kept "
                 "next turn [P-HAND-6, P-LEADER-4]"),
    "council": N_("Advisory Council: a random entourage card's value is added to your Leader's; next turn you get "
               "6 cards and no entourage [P-LEADER-4, P-LEADER-7]"),
    "resolve": N_("Neutral theater: both sides bid Strategos in secret and add a battle card; twice the other "
               "side's total founds a League base of the owner's side [P-DIPLO-7..9]"),
    "stop": N_("Stop the War/Peace issue on the centre box: nobody wins it this turn [P-ASSEMBLY-9]"),
    "callias": N_("Peace of Callias: Athens makes peace with Persia (ships are given up, the Eastern "
               "Mediterranean closes) [P-PERSIA-8]"),
    "scuttle": N_("Give up this Athenian ship for the Peace of Callias [P-PERSIA-8]"),
    "redeploy": N_("Move a unit to any legal theater (friendly bases; 1 unit at most where your side has no base); "
                "done ends this group's redeployment [P-REDEPLOY-1..8]"),
    "eliminate": N_("This unit has nowhere legal to stay or go and is eliminated [P-REDEPLOY-8]"),
    "disband": N_("Remove this unit: bases support 4 upkeep each, ships cost 2 and land units 1 [P-UPKEEP-2, "
               "P-UPKEEP-3]"),
    "cit": N_("Citizenship: turn a Delian League base into an Athenian one (and build a unit there); none skips "
           "it [P-POLISSUE-1]"),
    "col": N_("Colony: found a base in a friendly or contested theater; none skips it [P-POLISSUE-1, P-POLISSUE-6]"),
    "kry": N_("Krypteia: remove Athenian treason markers from this theater; none skips it [P-POLISSUE-1]"),
    "ago": N_("Agoge: build this many Spartan land units at home (value 2 each) [P-POLISSUE-1]"),
    "plague": N_("Plague: remove this unit (the Dominant faction chooses the side's losses) [P-PLAGUE-6]"),
    "demobilise": N_("Peace: remove this unit of your side from a contested theater [P-ARIST-4]"),
    "relocate": N_("Peace: units in enemy theaters go home; this one goes here [P-WARPEACE-1]"),
}
"""Verbs whose effect needs no numbers from the position: one plain line each."""


def explain(game: PericlesGame, view: PericlesView, action: Action) -> str:
    """What choosing ``action`` does for the faction whose view this is ("" when nothing to add)."""
    tell = EXPLAINERS.get(action.verb)
    if tell is not None:
        return tell(game, view.state, view.seat, action)
    return _(PLAIN[action.verb]) if action.verb in PLAIN else ""


Explainer = Callable[[PericlesGame, PericlesState, int | None, Action], str]


def _place(g: PericlesGame, s: PericlesState, seat: int | None, a: Action) -> str:
    owner, kind, where = (str(x) for x in a.args)
    text, rules = _kind_text(kind)
    if seat is not None and FACTIONS[seat] == owner:
        template = N_("Put your {kind} marker face down on top of {where}'s queue; the top marker is revealed first, "
                      "so this one comes up before those already there. {text} [P-THEATER-4, P-THEATER-5, {rules}]")
    else:
        template = N_("Put {owner}'s (lent) {kind} marker face down on top of {where}'s queue; the top marker is "
                      "revealed first, so this one comes up before those already there. {text} "
                      "[P-THEATER-4, P-THEATER-5, {rules}]")
    return _(template, owner=faction_name(owner), kind=kind_name(kind), where=where, text=text, rules=rules)


def _reveal(g: PericlesGame, s: PericlesState, seat: int | None, a: Action) -> str:
    th = g.tables.theater_index[str(a.args[0])]
    top = [e for e in s.queue if e // 1000 == th][-1:]
    if top and top[0] % 10 < len(MARKER_KINDS):
        _th, _placer, owner, kind = entry_parts(top[0])
        code = MARKER_KINDS[kind]
        text, rules = _kind_text(code)
        return _("Turn up {owner}'s {kind} marker in {where}; its owner decides what it does. {text} "
                 "[P-THEATER-9, P-DEF-21, {rules}]", owner=FACTIONS[owner], kind=kind_name(code), where=a.args[0],
                 text=text, rules=rules)
    return _("Turn up your side's top marker in {where} (you do not know which it is); its owner decides what it "
             "does [P-THEATER-9, P-DEF-21]", where=a.args[0])


def _revealed_kind(s: PericlesState) -> str:
    return MARKER_KINDS[entry_parts(s.revealed)[3]] if s.revealed >= 0 else ""


def _decline(g: PericlesGame, s: PericlesState, seat: int | None, a: Action) -> str:
    if _revealed_kind(s) == "MIL":
        return _("Leave the Military issue unused: no expedition and no battle, and it still costs you 1 "
                 "Strategos; the marker goes back to your pool [P-THEATER-14]")
    return _("Leave the revealed issue without effect; the marker goes back to its owner [P-THEATER-14]")


def _expedition(g: PericlesGame, s: PericlesState, seat: int | None, a: Action) -> str:
    if not a.args:
        return _("Hold an Expedition Assembly here: all four factions secretly commit Strategos (you 1-5, "
                 "the others 0-4); your and your compatriot's tokens each move one unit, and a battle "
                 "follows if both sides are still here [P-EXPED-2, P-MOVE-1, P-EXPED-7]")
    return _("Commit {n} Strategos to an Expedition Assembly: each token moves one friendly unit toward this "
             "theater; the tokens are spent [P-EXPED-1, P-MOVE-1]", n=a.args[0])


def _raid(g: PericlesGame, s: PericlesState, seat: int | None, a: Action) -> str:
    return _("Raid instead of fighting: spend 3 Strategos for +3 Honor now; your side turns up a battle card "
             "and the enemy Dominant faction loses that many Strategos (Honor for any it lacks) "
             "[P-RAID-1..4]")


def _build(g: PericlesGame, s: PericlesState, seat: int | None, a: Action) -> str:
    if a.args[0] == "none":
        return _("Build nothing at home before the expedition [P-MIL-3]")
    return _("Build at home for free: {n} naval unit(s) (1 per base) and 2 land units for each other "
             "city-state base here [P-MIL-3, P-MIL-4]", n=a.args[0])


LEAGUE_WORDS = {
    "base": N_("Spend 4 Strategos: place a League base of your side here and gain 2 Honor [P-LEAGUE-3]"),
    "convert": N_("Spend 2 Strategos: turn a friendly League base here into a base of your own city-state, "
                  "+2 Honor [P-LEAGUE-4]"),
    "persian": N_("Build a Persian base in Persia (Persian gold for Sparta) [P-PERSIA-2]"),
    "argos": N_("Build up to 4 Argos land units in Sparta (they never leave it) [P-ARGOS-1]"),
}
"""The League choices whose words need no number from the action."""


def _league(g: PericlesGame, s: PericlesState, seat: int | None, a: Action) -> str:
    what = str(a.args[0])
    if what == "units":
        return _("Free League units, one choice per friendly League base here: {naval} base(s) give 1 League "
                 "ship each, the others 2 League land units each; League units fight like any unit of "
                 "value 1 and need League bases to stay [P-LEAGUE-5, P-REDEPLOY-5]", naval=int(a.args[1]))
    if what == "treason":
        return _("Remove one of {side}'s treason markers here (each adds 1 to that side's battles) [P-LEAGUE-6]",
                 side=side_name(int(a.args[1])))
    return _(LEAGUE_WORDS[what]) if what in LEAGUE_WORDS else ""


def _commit(g: PericlesGame, s: PericlesState, seat: int | None, a: Action) -> str:
    k = a.args[0]
    if len(a.args) == 3:
        return _("Spend {k} Strategos to remove treason markers here: {own} of your side's and {enemy} of the "
                 "enemy's [P-DIPLO-6]", k=k, own=a.args[1], enemy=a.args[2])
    return _("Spend {k} Strategos on diplomacy: if {k} plus your side's treason markers here beat the enemy's "
             "unit values plus 2 per base, an enemy League base turns to your side (+2 Honor); otherwise "
             "{k} treason markers of your side are placed here [P-DIPLO-1..5]", k=k)


def _secret(g: PericlesGame, s: PericlesState, seat: int | None, a: Action) -> str:
    if s.step == "exped_secret":
        return _("Commit {n} Strategos face down to the expedition: the Commander's side's tokens move "
                 "units, and every token of a side adds 1 to its battle strength; all are spent "
                 "[P-EXPED-2, P-EXPED-8, P-BATTLE-4]", n=a.args[0])
    return _("Bid {n} Strategos face down for the neutral theater; each side adds a battle card, and "
             "the marker's owner founds a League base if its total is at least twice the other's "
             "[P-DIPLO-7..9]", n=a.args[0])


def _oracle(g: PericlesGame, s: PericlesState, seat: int | None, a: Action) -> str:
    what = str(a.args[0])
    if what == "honor":
        return _("Gain 3 Honor at once [P-ORACLE-2]")
    if what == "remove":
        return _("Gain 1 Honor and remove an enemy {unit} from {where} [P-ORACLE-2]",
                 unit=unit_name(str(a.args[2])), where=a.args[1])
    return _("Place a treason marker of your side in {where} (three different theaters in all): each adds "
             "1 to your side's battles and diplomacy there [P-ORACLE-2, P-TREASON-7]", where=a.args[1])


def _move(g: PericlesGame, s: PericlesState, seat: int | None, a: Action) -> str:
    frm, piece, to = (str(x) for x in a.args)
    if piece == "S300":
        return _("Move the 300 from {origin} toward {to}: it moves itself, using no token of the movement "
                 "allowance, and stops on entering the Expedition theater or where an exit test fails (your "
                 "strength of that kind left behind must match the enemy's) [P-300-3, P-MOVE-6, P-MOVE-9]",
                 origin=frm, to=to)
    return _("Move {unit} from {origin} toward {to}: it uses one token of the movement allowance and "
             "stops on entering the Expedition theater or where an exit test fails (your strength of that "
             "kind left behind must match the enemy's) [P-MOVE-3, P-MOVE-6, P-MOVE-9]",
             unit=unit_name(piece), origin=frm, to=to)


def _step(g: PericlesGame, s: PericlesState, seat: int | None, a: Action) -> str:
    return _("Carry the moving unit on to {to} (the exit test is made again) [P-MOVE-5, P-MOVE-9]", to=a.args[0])


def _done(g: PericlesGame, s: PericlesState, seat: int | None, a: Action) -> str:
    if s.step in ("move", "move_on"):
        return _("Stop moving units; the other side reveals its commitments and a battle follows if both "
                 "sides are in the Expedition theater [P-EXPED-5, P-EXPED-7]")
    return ""


def _battle_now(g: PericlesGame, s: PericlesState) -> str:
    th = battle.theater_of(s)
    kind = s.mil[M_KIND]
    totals = [battle.strength(g.tables, s, side, kind, th) for side in (0, 1)]
    template = (N_("the naval battle in {where} stands Athens {athens} against Sparta {sparta} before the battle "
                   "cards") if kind == battle.NAVAL else
                N_("the land battle in {where} stands Athens {athens} against Sparta {sparta} before the battle "
                   "cards"))
    return _(template, where=g.tables.theater_keys[th], athens=totals[0], sparta=totals[1])


def _ship(g: PericlesGame, s: PericlesState, seat: int | None, a: Action) -> str:
    if a.args[0] == "no":
        return _("Keep the State Ship for a later battle this turn [P-SHIP-2]")
    return _("Add the State Ship as one more committed Strategos for Athens in this battle (it stays in "
             "for a second battle here); it moves nothing and is used up until next turn; {battle} "
             "[P-SHIP-1..4]", battle=_battle_now(g, s))


def _row(g: PericlesGame, s: PericlesState, seat: int | None, a: Action) -> str:
    stage = s.mil[M_STAGE]
    loser = 1 - s.mil[M_WIN] if stage == casualties.LOSER_ROW else s.mil[M_WIN]
    due = next((d for act, d in casualties.choices(g.tables, s, stage) if act == a), None)
    row = next((r for r in casualties.table_rows(g.tables, s, stage) if r.row_id == a.args[0]), None)
    if due is None or row is None:
        return ""
    if row.count_what == "winner_units":
        template = N_("Count casualties on row {row}: for every {size} {counted}unit(s) of the winner in the "
                      "battle, {per} {victims} unit(s) die (elite = Spartan hoplites or Athenian triremes); here "
                      "{loser} loses {elite} elite and {other} other unit(s), never more than the difference in "
                      "totals [P-BATTLE-10, P-BATTLE-11, P-BATTLE-13]")
    else:
        template = N_("Count casualties on row {row}: for every {size} {counted}unit(s) of the loser killed, "
                      "{per} {victims} unit(s) die (elite = Spartan hoplites or Athenian triremes); here "
                      "{loser} loses {elite} elite and {other} other unit(s), never more than the difference in "
                      "totals [P-BATTLE-10, P-BATTLE-11, P-BATTLE-13]")
    counted = "" if row.count_class == "any" else f"{_(CLASS_WORDS.get(row.count_class, row.count_class))} "
    return _(template, row=row.row_id, size=row.group_size, counted=counted, per=row.per_group,
             victims=_(CLASS_WORDS.get(row.casualty_class, row.casualty_class)), loser=side_name(loser),
             elite=due[0], other=due[1])


CLASS_WORDS = {"elite": N_("elite"), "line": N_("line")}
"""A casualty table's unit classes (P-BATTLE-10: elite are Spartan hoplites and Athenian triremes)."""


def _split(g: PericlesGame, s: PericlesState, seat: int | None, a: Action) -> str:
    return _("Share the counted units between the two casualty rows; only complete groups count [P-BATTLE-13]")


def _casualty(g: PericlesGame, s: PericlesState, seat: int | None, a: Action) -> str:
    return _("This {unit} dies (back to the pool); each unit lost costs its side's factions 1 Honor and gives the "
             "winners Honor [P-BATTLE-9, P-BATTLE-25, P-BATTLE-28]", unit=unit_name(str(a.args[0])))


def _raze(g: PericlesGame, s: PericlesState, seat: int | None, a: Action) -> str:
    if a.args[0] == casualties.STOP:
        return _("Leave the remaining enemy bases standing [P-BATTLE-15]")
    return _("Eliminate an enemy {unit}: their battles here lose 2 strength, they remove their treason markers "
             "here, and it counts for battle Honor [P-BATTLE-15, P-BATTLE-16]", unit=unit_name(str(a.args[0])))


def _second(g: PericlesGame, s: PericlesState, seat: int | None, a: Action) -> str:
    if a.args[0] == "no":
        return _("End the Military issue here; committed Strategos go back to the supply [P-MIL-8]")
    if s.mil[M_KIND] == battle.NAVAL:
        return _("Fight a land battle here at once: the same commitments and bases count again, each side "
                 "turns up a new card [P-BATTLE-34, P-BATTLE-35]")
    return _("Fight a naval battle here at once: the same commitments and bases count again, each side "
             "turns up a new card [P-BATTLE-34, P-BATTLE-35]")


def _play(g: PericlesGame, s: PericlesState, seat: int | None, a: Action) -> str:
    t = g.tables
    card = t.card_index[str(a.args[0])]
    if seat is None:
        return ""
    kind = assembly.debated_kind(t, s)
    value = assembly.modified_value(t, s, seat, card, kind)
    pay = assembly.strategos_due(t, s, seat, card, kind)
    return _("Play {card}: card value {value} (the number shown in brackets), {modified} on this issue with your "
             "half's bonuses, and {pay} Strategos earned win or lose; the higher value moves the issue that many "
             "boxes toward its player [P-CARD-4, P-CARD-6, P-ASSEMBLY-7]", card=t.card_ids[card],
             value=t.card_value[card], modified=value, pay=pay)


def _entourage(g: PericlesGame, s: PericlesState, seat: int | None, a: Action) -> str:
    """The card as the faction reads it (P-CARD-1), then what setting it aside does."""
    effect = _(PLAIN["entourage"])
    reading = card_gloss(g.tables.data, str(a.args[0]), FACTIONS[seat]) if seat is not None else ""
    return _("{card}: {reading}. {effect}", card=str(a.args[0]), reading=reading, effect=effect) if reading else effect


def _lend(g: PericlesGame, s: PericlesState, seat: int | None, a: Action) -> str:
    return _("Lend one of your {kind} markers to your compatriot: it places it, but it stays yours and you decide "
             "what it does [P-TMARK-4, P-TMARK-5]", kind=kind_name(str(a.args[0])))


def _gold(g: PericlesGame, s: PericlesState, seat: int | None, a: Action) -> str:
    if a.args[0] == "done":
        return _("Stop building with Persian gold [P-GOLD-1]")
    return _("Persian gold: each Persian base in Persia pays for 1 ship or 2 land units; this builds {what} in "
             "{where} (caps: 3 Spartan ships, 4 League troops in Ionia, 3 League ships in the Aegean) "
             "[P-GOLD-1, P-GOLD-2]", what=a.args[1], where=a.args[0])


def _hostage(g: PericlesGame, s: PericlesState, seat: int | None, a: Action) -> str:
    return _("Spend your side's hostage (see the Boulé rules) [P-BOULE-3]")


def _issue(g: PericlesGame, s: PericlesState, seat: int | None, a: Action) -> str:
    code = str(a.args[0])
    if code not in KINDS:
        if code not in ISSUE_EFFECTS:
            return _("Put the {code} issue on your side's Assembly track for this turn's debates. [P-BOULE-5]",
                     code=code)
        effect, rules = ISSUE_EFFECTS[code]
        return _("Put the {code} issue ({name}) on your side's Assembly track for this turn's debates; {effect}. "
                 "[P-BOULE-5, {rules}]", code=code, name=_(ISSUE_NAMES[code]), effect=_(effect), rules=rules)
    text, rules = _kind_text(code)
    return _("Put the {code} issue on your side's Assembly track for this turn's debates. Won, it becomes a "
             "theater marker: {text} [P-BOULE-5, {rules}]", code=code, text=text, rules=rules)


def _debate(g: PericlesGame, s: PericlesState, seat: int | None, a: Action) -> str:
    code = str(a.args[0])
    if code not in KINDS:
        return _("Debate {code} (now on box {box}): both factions play a card; the higher value pulls it toward "
                 "its half, box 7 captures it. [P-ASSEMBLY-3, P-ASSEMBLY-7, P-ASSEMBLY-10]", code=code,
                 box=a.args[1])
    text, rules = _kind_text(code)
    return _("Debate {code} (now on box {box}): both factions play a card; the higher value pulls it toward "
             "its half, box 7 captures it. {text} [P-ASSEMBLY-3, P-ASSEMBLY-7, P-ASSEMBLY-10, {rules}]",
             code=code, box=a.args[1], text=text, rules=rules)


EXPLAINERS: dict[str, Explainer] = {
    "place": _place, "reveal": _reveal, "decline": _decline, "expedition": _expedition, "raid": _raid,
    "build": _build, "league": _league, "commit": _commit, "secret": _secret, "oracle": _oracle,
    "move": _move, "step": _step, "done": _done, "ship": _ship, "row": _row, "split": _split,
    "casualty": _casualty, "raze": _raze, "second": _second, "play": _play, "entourage": _entourage, "lend": _lend,
    "hostage": _hostage, "gold": _gold, "issue": _issue, "debate": _debate,
}


__all__ = [
    "FACTION_NAMES",
    "ISSUE_EFFECTS",
    "ISSUE_NAMES",
    "KINDS",
    "PHASE_TITLES",
    "SIDE_NAMES",
    "UNITS",
    "explain",
    "faction_name",
    "kind_line",
    "kind_name",
    "piece_count",
    "refusal_text",
    "refusal_words",
    "seat_names",
    "side_name",
    "unit_name",
    "unit_words",
]
