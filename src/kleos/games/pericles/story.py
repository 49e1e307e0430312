"""Pericles actions told as a story (the kit's ``describe_action``: the menu's words and the log's):
which marker is revealed and who becomes Commander, what a revealed issue's owner does with it, the
battle-deck cards with each battle's totals part by part and its result, the casualties by side;
and what a step brought about in public numbers (:func:`changes`: Honor, units and bases).

A line reads only one faction's view (the public view for chance): the menu's, the actor's before
the step. The log (the kit's ``describe_step``) reads the views before and after the step of its
narrator: the actor, or for a reveal the marker's owner, since turning the marker up makes it public
(P-THEATER-9, P-INFO-6) even when the revealing faction could not see it and no decision follows (a
Rumor, P-THEATER-12; a Military issue without Strategos, P-MIL-2). Nothing here knows more than the
view it is given.
"""

from __future__ import annotations

from dataclasses import dataclass

from kleos.core.action import Action
from kleos.games.pericles.cards import card_title
from kleos.games.pericles.datamodel import CasualtyRow
from kleos.games.pericles.explain import (
    ISSUE_NAMES,
    PHASE_TITLES,
    faction_name,
    kind_name,
    play_name,
    side_name,
    unit_name,
)
from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.i18n import N_, _, ngettext
from kleos.games.pericles.reference import comedy_effects, theater_names
from kleos.games.pericles.rules import (
    assembly,
    battle,
    boule,
    casualties,
    expedition,
    final,
    league,
    military,
    persia,
    political,
)
from kleos.games.pericles.rules.battledeck import NONE
from kleos.games.pericles.rules.common import ENEMY, FRIENDLY, bases_in, count, in_use, room, status
from kleos.games.pericles.rules.diplomatic import LEAGUE_BASE, enemy_parts, treason
from kleos.games.pericles.rules.theater import entry_parts, idle_in_persia
from kleos.games.pericles.state import (
    ASSEMBLY,
    DISCARD,
    ENTOURAGE,
    HAND,
    HONOR_SOURCES,
    M_KIND,
    M_STAGE,
    M_W_ELITE,
    M_W_LINE,
    M_WIN,
    N_HONOR,
    OFF,
    OUT,
    PHASES,
    PLAYED,
    POLITICAL,
    UNSEEN,
    PericlesState,
    replaced,
)
from kleos.games.pericles.tables import (
    AN,
    DB,
    DL,
    DN,
    EAST_MED,
    FACTIONS,
    ISSUES_PER_SIDE,
    MARKER_KINDS,
    MIL,
    N_PIECES,
    PB,
    PERSIA,
    PIECES,
    RUM,
    SB,
    SIDE_BASES,
    SIDE_LAND,
    SIDE_NAVAL,
    SIDES,
    XB,
    Tables,
    factions_of,
)

WORDS = {"keep": N_("keep in the entourage:"), "entourage": N_("put into the entourage"),
         "play": N_("play the card"), "lend": N_("lend a marker:"),
         "decline": N_("decline the issue"), "oracle": N_("Oracle:"),
         "commit": N_("commit Strategos:"), "secret": N_("commit in secret:"), "resolve": N_("resolve the issue"),
         "league": N_("League:"), "disband": N_("remove for upkeep:"),
         "callias": N_("declare the Peace of Callias:"), "scuttle": N_("give up an Athenian ship in"),
         "cit": N_("Citizenship:"), "col": N_("Colony:"), "kry": N_("Krypteia: remove an Athenian treason marker in"),
         "ago": N_("Agoge: build Spartan land units:"), "hostage": N_("spend the hostage:"),
         "council": N_("call the Advisory Council:"), "stop": N_("stop on the centre box:"),
         "build": N_("build city-state units (naval units):"), "step": N_("carry the unit on to"),
         "done": N_("end the movement"), "split": N_("casualties: units to row 1:"),
         "gold": N_("Persian gold:"), "redeploy": N_("redeploy:"), "plague": N_("Plague: remove a unit in"),
         "relocate": N_("Peace: move a unit:"), "eliminate": N_("eliminate (nowhere to go):")}
"""Verbs told by their notation after a few words (the rest have their own sentences below)."""

RESOLVING = frozenset({"decline", "expedition", "raid", "build", "league", "commit", "oracle", "resolve"})
"""Verbs of the owner of a revealed marker: their line names the marker, public once revealed."""


def marker_words(entry: int, known: bool = True) -> str:
    """"AF's Military marker" (a face-down one the view cannot see: "the top marker")."""
    _th, _placer, owner, kind = entry_parts(entry)
    if not known or kind >= len(MARKER_KINDS):
        return _("the top marker")
    return _("{owner}'s {kind} marker", owner=FACTIONS[owner], kind=kind_name(MARKER_KINDS[kind]))


def tell(g: PericlesGame, s: PericlesState, action: Action) -> str:
    """``action`` as the story tells it, from the view state ``s`` before it."""
    special = {"keep": _keep, "place": _place, "reveal": _reveal, "expedition": _expedition, "raid": _raid,
               "draw": _draw, "row": _row, "casualty": _casualty, "raze": _raze, "second": _second, "ship": _ship,
               "move": _move, "redeploy": _unit_step, "relocate": _unit_step, "eliminate": _unit_step,
               "disband": _unit_step, "plague": _unit_step, "demobilise": _unit_step, "oracle": _oracle,
               "league": _league,
               "commit": _commit, "secret": _secret, "lend": _lend, "gold": _gold, "cit": _side_issue,
               "col": _side_issue, "kry": _side_issue, "ago": _side_issue, "build": _build, "issue": _issue,
               "debate": _debate, "aristophanes": _aristophanes, "advisor": _advisor, "deal": _deal}
    told = special.get(action.verb)
    text = told(g, s, action) if told is not None else _as_notation(action)
    if action.verb in RESOLVING and s.step == "resolve" and s.revealed >= 0:
        th = entry_parts(s.revealed)[0]
        return _("{marker} in {where}: {text}", marker=marker_words(s.revealed), where=g.tables.theater_keys[th],
                 text=text)
    return text


def _deal(g: PericlesGame, s: PericlesState, a: Action) -> str:
    """A political card drawn into a faction's hand (P-HAND-4): "AF is dealt A21", the faction first,
    so that a run of its deals reads as one line, "AF is dealt A21, A06, A22"."""
    if len(a.args) != 2:
        return _as_notation(a)
    return _("{faction} is dealt {card}", faction=str(a.args[0]), card=str(a.args[1]))


def _advisor(g: PericlesGame, s: PericlesState, a: Action) -> str:
    """P-LEADER-4: the entourage card drawn at random adds its base value to the Leader's."""
    faction, card = (str(x) for x in a.args) if len(a.args) == 2 else ("", "")
    if card not in g.tables.card_index:
        return _as_notation(a)
    return _("the Advisory Council draws {faction}'s entourage card {card}: +{value} to the Leader (P-LEADER-4)",
             faction=faction, card=card, value=g.tables.card_value[g.tables.card_index[card]])


def _aristophanes(g: PericlesGame, s: PericlesState, a: Action) -> str:
    """The turn's comedy by its play and letter, with what it does (P-ARIST-4); a card whose texts
    were not found says so."""
    t = g.tables
    name = str(a.args[0]) if a.args else ""
    if name not in t.arist_names:
        return _("the Aristophanes card is {card}", card=name)
    card = t.data.aristophanes.cards[t.arist_names.index(name)]
    effects = comedy_effects(card, theater_names(t.data))
    if card.provenance.get("default") == "reconstructed":
        return _("the Aristophanes card is {play} {letter}: {effects} (reconstructed)", play=play_name(card.play),
                 letter=card.letter, effects=effects)
    return _("the Aristophanes card is {play} {letter}: {effects}", play=play_name(card.play), letter=card.letter,
             effects=effects)


ANSWERS = {"yes": N_("yes"), "no": N_("no")}
"""The answers of yes-or-no steps (council, callias, hostage, stop) in the reader's words."""


def _as_notation(action: Action) -> str:
    """A verb's few words followed by the action's arguments as the notation writes them, for a
    step with no sentence of its own ("resolve the issue", "call the Advisory Council: yes"), but a yes
    or no in the reader's language ("den Beraterrat einberufen: ja", where it read "yes")."""
    words = _(WORDS[action.verb]) if action.verb in WORDS else action.verb
    return " ".join([words, *(_(ANSWERS[str(a)]) if str(a) in ANSWERS else str(a) for a in action.args)])


def top_owner(g: PericlesGame, s: PericlesState, theater: str) -> int:
    """The owner of the top marker in ``theater`` (public: the marker shows its side, P-INFO-6)."""
    th = g.tables.theater_index[theater]
    return entry_parts([e for e in s.queue if e // 1000 == th][-1])[2]


def changes(g: PericlesGame, before: PericlesState, after: PericlesState) -> str:
    """What a step brought about in public numbers (P-INFO-1), from views before and after it: Honor
    won and lost, units and bases gained and lost by theater, as the rules worked them out (battle
    Honor, casualties, bases); "" when nothing changed. A unit's move is told where it ends
    (:func:`_stopped`), not as units gained and lost link by link, and a redeployment by its own words
    (the last of a turn, whose marks of units moved the next turn clears, read twice: "+1 the 300 (S300)"
    under "redeploy the 300 (S300) from Athens to Sparta")."""
    honor = [f"{FACTIONS[f]} {b}→{a}{_honor_sources(before, after, f)}"
             for f, (b, a) in enumerate(zip(before.honor, after.honor, strict=True)) if a != b]
    stopped = _stopped(g, before, after)
    if before.step == "redeploy":  # its words say where from and to, also when the turn ends with it
        pieces = []
    elif not stopped and after.moving < 0 and before.moving < 0:
        pieces = _piece_changes(g, before, after)
    else:  # a move told where it ends; a redeployment's words say where from and to
        pieces = stopped if before.step in ("move", "move_on") else []
    parts = ([_("Honor {changes}", changes=", ".join(honor))] if honor else []) + pieces
    return _("Result: {parts}.", parts="; ".join(parts)) if parts else ""


def _stopped(g: PericlesGame, before: PericlesState, after: PericlesState) -> list[str]:
    """Where a unit's move ended in the step (P-MOVE-6, P-MOVE-7): told once, at its end, for a move of
    one link or several (the words of each step name the links)."""
    t = g.tables
    target = entry_parts(before.revealed)[0] if before.revealed >= 0 else -1
    ends = [i for i, (b, a) in enumerate(zip(before.moved, after.moved, strict=True)) if a > b]
    return [_(MOVE_ENDS[i // N_PIECES == target], unit=unit_name(PIECES[i % N_PIECES]), code=PIECES[i % N_PIECES],
              theater=t.theater_keys[i // N_PIECES]) for i in ends]


MOVE_ENDS = {True: N_("the move of {unit} ({code}) ends in {theater}, the expedition's theater (P-MOVE-6)"),
             False: N_("the move of {unit} ({code}) ends in {theater}, where it can go no further (P-MOVE-7, "
                       "P-MOVE-8)")}
"""Why a move ends where it does: a moving unit stops only on entering the expedition's theater or
where no line onward is open to it, so a unit sent elsewhere travels until it is stuck (P-MOVE-5..8)."""


HONOR_CAUSES = {"wills": (N_("will of the Assembly met, P-WILL-3"), N_("will of the Assembly not met, P-WILL-4")),
                "persia": (N_("Persia"), N_("War with Persia, P-PERSIA-13")),
                "political_capital": (N_("political capital, P-CAPITAL-2"), N_("political capital, P-CAPITAL-2")),
                "victory": (N_("victory scoring, P-VICTORY"), N_("victory scoring, P-VICTORY"))}
"""Score-sheet parts whose name alone does not tell a newcomer why Honor moved: words for a gain and
for a loss, with the rule; the other parts (political phase, theater issues, battles, raids, …) are
told by their names."""


def _honor_sources(before: PericlesState, after: PericlesState, f: int) -> str:
    """" (battles)": where a faction's Honor change came from, as the rules kept it (``honor_from``, the
    score sheet's parts: political phase, theater issues, raids, political capital, wills, …)."""
    at = f * N_HONOR
    moved = [(i, after.honor_from[at + i] - before.honor_from[at + i]) for i in range(N_HONOR)
             if after.honor_from[at + i] != before.honor_from[at + i]]
    return f" ({'; '.join(_honor_cause(HONOR_SOURCES[i], delta) for i, delta in moved)})" if moved else ""


def _honor_cause(source: str, delta: int) -> str:
    if source in HONOR_CAUSES:
        return _(HONOR_CAUSES[source][0 if delta > 0 else 1])
    return _(source.replace("_", " "))


def _piece_changes(g: PericlesGame, before: PericlesState, after: PericlesState) -> list[str]:
    """Units and bases lost and gained by theater, each named as well as coded ("-1 Delian League base
    (Db)"): a newcomer reading "-1 Db" after a battle had to look the code up."""
    out = []
    for th, key in enumerate(g.tables.theater_keys):
        at = th * len(PIECES)
        deltas = [(after.pieces[at + p] - before.pieces[at + p], code) for p, code in enumerate(PIECES)]
        gone = [f"-{-n} {unit_name(code)} ({code})" for n, code in deltas if n < 0]
        new = [f"+{n} {unit_name(code)} ({code})" for n, code in deltas if n > 0]
        if gone or new:
            out.append(_("in {where}: {changes}", where=key, changes=", ".join(gone + new)))
    return out


def tell_step(g: PericlesGame, before: PericlesState, action: Action, after: PericlesState) -> str:
    """The log's line of a step, from one faction's views before and after it: the action as
    :func:`tell` says it, then the debate it reveals or settles and the expedition it ends
    (:func:`outcomes_told`) and what it brought about (:func:`changes`), so that the browser's log
    reads as the terminal's."""
    return told_step(g, before, action, after)[0]


def told_step(g: PericlesGame, before: PericlesState, action: Action,
              after: PericlesState) -> tuple[str, str | None, str]:
    """:func:`tell_step`'s line and, for the step that ends the Assembly when the Political phase then
    runs by itself, that phase's heading and the end of the line that tells it, so that the logs head
    the phase where its words begin (P-SEQ-5); ``None`` and "" for any other step."""
    earlier, later = outcomes_by_phase(g, before, action, after)
    said, changed = tell(g, before, action), changes(g, before, after)
    if not later:
        return joined([said, *earlier, changed]), None, ""
    rest = joined([*later, changed])
    return joined([said, *earlier, rest]), political_heading(before.turn), rest


def joined(parts: list[str]) -> str:
    """Parts of a log line, each told as a sentence: a full stop added where one lacks, empty ones left out."""
    text = ""
    for more in parts:
        if more:
            text = f"{text}{'' if text.endswith('.') else '.'} {more}" if text else more
    return text


def outcomes_told(g: PericlesGame, before: PericlesState, action: Action, after: PericlesState) -> list[str]:
    """What the step decided beyond its own words: the debate it reveals or settles
    (:func:`debate_told`), an expedition whose movement ends without a battle
    (:func:`expedition_told`), the Political phase's Oratory, Dominance and War/Peace when the step
    ends the Assembly (:func:`political_told`) and the bonuses of the game's end (:func:`ending_told`),
    as many as apply."""
    earlier, later = outcomes_by_phase(g, before, action, after)
    return earlier + later


def outcomes_by_phase(g: PericlesGame, before: PericlesState, action: Action,
                      after: PericlesState) -> tuple[list[str], list[str]]:
    """:func:`outcomes_told` in two parts: what belongs to the phase the step was taken in, and what
    belongs to the Political phase when the step ends the Assembly and that phase runs by itself
    (empty otherwise). The terminal's log puts the Political phase's heading between the two
    (:func:`political_heading`): after the step, it would stand below the Oratory and Dominance it
    heads, as if the Assembly had decided them."""
    debated = debate_table(g, before, action, after)
    political = political_told(g, before, action, after, debated)
    earlier = [debate_told(g, before, action, after, debated), issue_start_told(before, action, after),
               diplomacy_told(g, before, action, after), idle_decline_told(g, before, action),
               nothing_to_remove_told(g, before, action), plague_told(g, before, action, after)]
    rest = [expedition_told(g, before, action, after), callias_told(g, before, action, after),
            *ending_told(g, before, after)]
    later = [*political, *rest] if political else []
    earlier += [] if political else rest
    return [line for line in earlier if line], [line for line in later if line]


def issue_start_told(before: PericlesState, action: Action, after: PericlesState) -> str:
    """Where an issue chosen in step A or B of the Boulé starts on its side's track: "Military (MIL) starts
    on box 2 toward AK" (P-BOULE-5, P-BOULE-6), or at the centre for Ostracism and War/Peace (P-BOULE-9). A reader
    of the log sees later debates start there; steps C and D put every issue on the centre (P-BOULE-7,
    P-BOULE-8) and go untold. "" for any other step."""
    if action.verb != "issue" or before.step != "select":
        return ""
    side = before.side
    base = side * ISSUES_PER_SIDE
    placed = [after.track[base + i] for i in range(ISSUES_PER_SIDE)
              if before.track[base + i] == OFF != after.track[base + i]]
    if len(placed) != 1 or not boule.off_centre(before):
        return ""
    code = str(action.args[0])
    issue = _(ISSUE_NAMES.get(code, code))
    if placed[0] == 0:
        return _("{issue} ({code}) starts at the centre, as Ostracism and War/Peace always do (P-BOULE-9)",
                 issue=issue, code=code)
    return _("{issue} ({code}) starts {where} (P-BOULE-5, P-BOULE-6)", issue=issue, code=code,
             where=where_on_track(side, placed[0]))


def political_heading(turn: int) -> str:
    """The log's heading of a turn's Political phase (:func:`turn_heading`)."""
    return turn_heading(turn, POLITICAL)


def turn_heading(turn: int, phase: str) -> str:
    """The log's heading of a turn's phase: "Turn 2: Assembly phase" (P-SEQ-1)."""
    return _("Turn {turn}: {phase}", turn=turn, phase=_(PHASE_TITLES[phase]))


def standing_told(before: PericlesState, after: PericlesState) -> str:
    """At the end of a turn the game outlives, the Honor of each side and faction: "Honor after turn 1
    (P-VICTORY-11): Athens 77 (AF 40, DF 37), Sparta 58 (EK 33, AK 25)." Honor is public (P-INFO-1);
    a reader who only watches the log (``kleos play --as none``) never sees the board, and without
    this line could not tell who leads the war. "" for any other step."""
    if after.turn == before.turn or after.outcome is not None:
        return ""
    sides = [_("{side} {total} ({first} {first_honor}, {second} {second_honor})", side=side_name(side),
               total=after.honor[first] + after.honor[second], first=FACTIONS[first], first_honor=after.honor[first],
               second=FACTIONS[second], second_honor=after.honor[second])
             for side in (0, 1) for first, second in [factions_of(side)]]
    return _("Honor after turn {turn} (P-VICTORY-11): {athens}, {sparta}.", turn=before.turn, athens=sides[0],
             sparta=sides[1])


def ending_told(g: PericlesGame, before: PericlesState, after: PericlesState) -> list[str]:
    """When the step ended the game, how: the four conditions of an automatic Honor victory with their
    numbers (P-VICTORY-1), the winning side's bonus of a conquest or a starved Athens (P-VICTORY-3/4),
    or the end-of-game bonuses a line each, with what each counted (P-VICTORY-7..10: political, then
    each side's bases and the theaters it controls, by name). Without these lines a game ended on a
    Rumor, or a faction gained some 30 Honor for "victory scoring", and a newcomer could follow
    neither. None when the step did not end the game."""
    outcome = after.outcome
    if outcome is None or before.outcome is not None:
        return []
    if outcome.reason == final.HONOR_VICTORY and outcome.winner is not None:
        return [_honor_victory_told(after, outcome.winner)]
    if outcome.reason in (final.CONQUEST, final.STARVED) and outcome.winner is not None:
        side = outcome.winner // 2
        return [_("Victory bonus for {side} (P-VICTORY-3): {political}.", side=side_name(side),
                  political=_gain_and_loss(after, side, final.DOMINANCE_HONOR))]
    if outcome.reason not in (final.SCENARIO_END, final.VIGNETTE_END, final.PEACE_END):
        return []
    bonuses = final.end_bonuses(g.tables, after)
    if not bonuses:
        return [_("End of the game: this scenario has no end-of-game bonuses (P-VICTORY-6); the sides' Honor "
                  "decides (P-VICTORY-11).")]
    return [_bonus_told(g, after, bonus) for bonus in bonuses]


def _honor_victory_told(s: PericlesState, f: int) -> str:
    """P-VICTORY-1 (a)-(d) with the numbers that met them."""
    side, honor = f // 2, s.honor
    first, second = factions_of(1 - side)
    return _("Automatic Honor victory (P-VICTORY-1): {faction} is Dominant with {honor} Honor, more than "
             "{compatriot} ({compatriot_honor}) and at least 3 times {first} ({first_honor}) and {second} "
             "({second_honor}); {side} {total} against {other} {other_total}.",
             faction=FACTIONS[f], honor=honor[f], compatriot=FACTIONS[f ^ 1], compatriot_honor=honor[f ^ 1],
             first=FACTIONS[first], first_honor=honor[first], second=FACTIONS[second],
             second_honor=honor[second], side=side_name(side), total=honor[f] + honor[f ^ 1],
             other=side_name(1 - side), other_total=honor[first] + honor[second])


def _gain_and_loss(s: PericlesState, side: int, honor: int) -> str:
    dominant = s.dominant[side]
    return _("Dominant {dominant} +{honor}, Opponent {opponent} -{honor}", dominant=FACTIONS[dominant],
             opponent=FACTIONS[dominant ^ 1], honor=honor)


def _bonus_told(g: PericlesGame, s: PericlesState, bonus: final.Bonus) -> str:
    """One end-of-game bonus (:func:`kleos.games.pericles.rules.final.end_bonuses`) by the rules' name:
    what it counted, the Honor it gave and how the side's factions shared it (the odd point to the
    Dominant)."""
    kind, side, honor, held = bonus.kind, bonus.side, bonus.honor, bonus.theaters
    if kind == final.POLITICAL:
        return _("Political bonus for {side} (P-VICTORY-7): {political}.", side=side_name(side),
                 political=_gain_and_loss(s, side, honor))
    dominant = s.dominant[side]
    shares = _("{dominant} {first}, {opponent} {second}", dominant=FACTIONS[dominant], first=honor - honor // 2,
               opponent=FACTIONS[dominant ^ 1], second=honor // 2)
    if kind == final.BASES:
        return ngettext("Economic bonus for {side} (P-VICTORY-8): {n} base on the map, 3 Honor each: +{honor} "
                        "({shares}).",
                        "Economic bonus for {side} (P-VICTORY-8): {n} bases on the map, 3 Honor each: +{honor} "
                        "({shares}).", bonus.bases, side=side_name(side), honor=honor, shares=shares)
    rule = "P-VICTORY-9" if side == 0 else "P-VICTORY-10"
    if not held:
        return _("Geographic bonus for {side} ({rule}): no theater controlled, +0.", side=side_name(side), rule=rule)
    return ngettext("Geographic bonus for {side} ({rule}): {n} theater controlled ({theaters}), {each} Honor "
                    "each: +{honor} ({shares}).",
                    "Geographic bonus for {side} ({rule}): {n} theaters controlled ({theaters}), {each} Honor "
                    "each: +{honor} ({shares}).",
                    len(held), side=side_name(side), theaters=", ".join(g.tables.theater_keys[th] for th in held),
                    each=final.THEATER_HONOR[side], honor=honor, shares=shares, rule=rule)


def expedition_told(g: PericlesGame, before: PericlesState, action: Action, after: PericlesState) -> str:
    """An Expedition Assembly whose movement ends with no battle: in a contested or enemy theater left
    uncontested (P-EXPED-7), or in a neutral or friendly one, where none ever follows (P-MIL-5); the
    issue ends (P-MIL-8). Without this line the expedition's end went untold: its commitments were made,
    its units moved, then the next marker was revealed. A battle that follows is told by its own lines."""
    if before.step == "move" and action.verb == "done" and not expedition.in_progress(before):
        return _("The expedition to {theater} ends with its movement: no battle follows one to a neutral or "
                 "friendly theater (P-MIL-5); the Strategos committed go back to the supply (P-MIL-8).",
                 theater=g.tables.theater_keys[entry_parts(before.revealed)[0]])
    if before.step not in ("move", "move_on") or not expedition.in_progress(before) or expedition.in_progress(after):
        return ""
    theater, side = battle.theater_of(before), battle.commander(before) // 2
    name = g.tables.theater_keys[theater]
    here = status(after, theater, side)
    if here == FRIENDLY:
        why = _("{side} alone is there after the movement", side=side_name(side))
    elif here == ENEMY:
        why = _("{side} has nothing there after the movement", side=side_name(side))
    else:
        why = _("neither side has anything there after the movement")
    return _("No battle in {theater}: {why} (P-EXPED-7); the Strategos committed go back to the supply "
             "(P-MIL-8).", theater=name, why=why)


def idle_decline_told(g: PericlesGame, before: PericlesState, action: Action) -> str:
    """Why a League issue is declined where it could do nothing (P-LEAGUE-1): "decline the issue" read as
    a choice, and a bot's declines as a refusal to play, where declining was all the rules left. "" for
    any other step, and for a decline that was a choice."""
    if action.verb != "decline" or before.step != "resolve" or before.revealed < 0:
        return ""
    theater, _placer, owner, kind = entry_parts(before.revealed)
    side = owner // 2
    if MARKER_KINDS[kind] != "LEA" or theater == PERSIA or league.takes_effect(before, theater, side):
        return ""  # in Persia the reveal itself says nothing happens (P-PERSIA-3)
    return _("{side} neither controls nor contests {theater}, so its League issue can do nothing there and is "
             "declined (P-LEAGUE-1).", side=side_name(side), theater=g.tables.theater_keys[theater])


def plague_told(g: PericlesGame, before: PericlesState, action: Action, after: PericlesState) -> str:
    """What a Plague takes (P-PLAGUE-3..6), told as its card is drawn: the card said only "Plague", and
    units went from Athens and the contested theaters with no word of the rule. "" for any other step."""
    t = g.tables
    name = str(action.args[0]) if action.verb == "aristophanes" and action.args else ""
    if name not in t.arist_names or not t.data.aristophanes.cards[t.arist_names.index(name)].plague:
        return ""
    parts = [_("The Plague strikes (P-PLAGUE-3, P-PLAGUE-4): in Athens each side loses a third of its land units "
               "and a third of its naval units, rounded up, and in every theater it contests one land and one "
               "naval unit, never the last land unit of a Land theater nor the last ship of a Naval theater "
               "(P-PLAGUE-5).")]
    if not before.plague:
        parts.append(_("From now on the game is Post-Plague (P-PLAGUE-2)."))
    if after.plague_due:
        parts.append(_("The Dominant factions choose which units go (P-PLAGUE-6)."))
    return joined(parts)


def nothing_to_remove_told(g: PericlesGame, before: PericlesState, action: Action) -> str:
    """A Diplomatic issue in a theater its side controls only removes treason markers (P-DIPLO-6); where
    there are none, "commit no Strategos: no treason marker removed" read as a choice to do nothing.
    "" for any other step."""
    if action.verb != "commit" or len(action.args) != 3 or before.step != "resolve" or before.revealed < 0:
        return ""
    theater, _placer, owner, _kind = entry_parts(before.revealed)
    if treason(before, theater, 0) or treason(before, theater, 1):
        return ""
    return _("{side} controls {theater}, where a Diplomatic issue only removes treason markers, and there are "
             "none (P-DIPLO-6).", side=side_name(owner // 2), theater=g.tables.theater_keys[theater])


def callias_told(g: PericlesGame, before: PericlesState, action: Action, after: PericlesState) -> str:
    """What the Peace of Callias did (P-PERSIA-9..12), where "declare the Peace of Callias: yes" was
    followed by pieces gained and lost and a ship given up with no word of why: the Eastern Mediterranean
    closed, its units sent home, the bases there removed or turned Persian, the war over, and the ship
    Athens still owes. "" for any other step."""
    if action.verb != "callias" or action.args[0] != "yes" or before.step != "callias":
        return ""
    t = g.tables
    parts = [_("the Eastern Mediterranean closes for the rest of the game: no unit may enter it and no marker "
               "go there (P-PERSIA-10); the Athenian and Delian League bases there are removed (P-PERSIA-9, "
               "P-PERSIA-11)")]
    homes = [ngettext("{n} unit to {home}", "{n} units to {home}", n, home=t.theater_keys[persia.HOMES[side]])
             for side in (0, 1) if (n := sum(count(before, EAST_MED, p) for p in (*SIDE_LAND[side],
                                                                                  *SIDE_NAVAL[side])))]
    if homes:
        parts.append(_("the units there go home: {homes} (P-PERSIA-11)", homes=", ".join(homes)))
    theirs = count(before, EAST_MED, SB) + count(before, EAST_MED, PB)
    persian = count(after, PERSIA, XB) - count(before, PERSIA, XB)
    if persian:
        parts.append(ngettext("{n} base of Sparta there becomes a Persian base in Persia (P-PERSIA-11)",
                              "{n} bases of Sparta there become Persian bases in Persia (P-PERSIA-11)", persian))
    if theirs > persian:
        parts.append(ngettext("{n} base of Sparta there is removed with no Persian base left to replace it "
                              "(P-PERSIA-11)", "{n} bases of Sparta there are removed with no Persian base left "
                              "to replace them (P-PERSIA-11)", theirs - persian))
    told = _("The Peace of Callias: {parts}; the War with Persia is over, and with it its Honor cost "
             "(P-PERSIA-12, P-PERSIA-13).", parts="; ".join(parts))
    if after.step == "scuttle":
        return joined([told, _("Athens now gives up one Athenian trireme, from anywhere on the map (P-PERSIA-9).")])
    return joined([told, _("Athens has no Athenian trireme left to give up (P-PERSIA-9).")])


def diplomacy_told(g: PericlesGame, before: PericlesState, action: Action, after: PericlesState) -> str:
    """The test of a Diplomatic issue in a contested or enemy theater, where "commit 1 Strategos to
    diplomacy" was followed by nothing and the treason markers it placed went untold: "Diplomacy in
    Cyclades: Athens 1 (Strategos 1, treason 0) against Sparta 1 (units worth 1, bases worth 0): not greater, so Athens
    places 1 treason marker there (P-DIPLO-2, P-DIPLO-4)". The base that changes hands is also in the
    step's result. "" for any other step."""
    if action.verb != "commit" or len(action.args) != 1 or before.step != "resolve" or before.revealed < 0:
        return ""
    t = g.tables
    theater, _placer, owner, _kind = entry_parts(before.revealed)
    side, k = owner // 2, int(action.args[0])
    own, (units, bases) = treason(before, theater, side), enemy_parts(t, before, theater, side)
    enemy, their_base = units + bases, LEAGUE_BASE[1 - side]
    test = _("Diplomacy in {where}: {side} {total} (Strategos {k}, treason {own}) against {other} {enemy} (units "
             "worth {units}, bases worth {bases})", where=t.theater_keys[theater], side=side_name(side),
             total=k + own, k=k, own=own, other=side_name(1 - side), enemy=enemy, units=units, bases=bases)
    if count(after, theater, their_base) < count(before, theater, their_base):
        turned = _("{test}: greater, so a League base of {other} there becomes one of {side} (P-DIPLO-2, P-DIPLO-3).",
                   test=test, other=side_name(1 - side), side=side_name(side))
        if not own:
            return turned
        return joined([turned, ngettext("The {n} treason marker of {side} there is spent (P-DIPLO-2).",
                                        "The {n} treason markers of {side} there are spent (P-DIPLO-2).", own,
                                        side=side_name(side))])
    placed = treason(after, theater, side) - own
    if k + own <= enemy:
        why, rule = _("not greater"), "P-DIPLO-4"
    elif count(before, theater, their_base):
        why, rule = _("greater, but {side} has no League base left to put there", side=side_name(side)), "P-COMP-1"
    else:
        why, rule = _("greater, but {other} has no League base there", other=side_name(1 - side)), "P-DIPLO-5"
    if not k and not placed:  # P-DIPLO-4: as many markers as Strategos committed
        return _("{test}: {why}, and with no Strategos committed no treason marker is placed ({rule}).", test=test,
                 why=why, rule=rule)
    said = ngettext("{test}: {why}, so {side} places {n} treason marker there", "{test}: {why}, so {side} places "
                    "{n} treason markers there", placed, test=test, why=why, side=side_name(side))
    if placed < k:
        return _("{said}, its 10 being in play ({rule}, P-TREASON-1).", said=said, rule=rule)
    return f"{said} ({rule})."


# ----- the Political phase (P-ORATORY, P-DOMINANT, P-WARPEACE) -----------------------------------
def political_told(g: PericlesGame, before: PericlesState, action: Action, after: PericlesState,
                   debated: DebateTable | None) -> list[str]:
    """When the step ends the Assembly, what the Political phase then works out by itself, a line each:
    each side's Oratory with both factions' values (P-ORATORY), each side's Dominant faction and why
    (P-DOMINANT), and a War/Peace change (P-WARPEACE-1..3), after a line that opens the phase (the
    log's heading for it follows the step, before the phase's first choice). These steps ask nobody,
    so before this the log showed only their Honor, as "(debates)", and a new Dominant nowhere.
    Worked out from the views: the tracks as the last debate left them (:func:`_assembly_end`), with
    the rules' own functions; ``debated`` is the step's :func:`debate_table`."""
    if PHASES.index(before.phase) >= PHASES.index(POLITICAL) or PHASES.index(after.phase) < PHASES.index(POLITICAL):
        return []
    t, work = g.tables, _assembly_end(g, before, action, after, debated)
    if work is None:
        return []
    lines = [_("The Assembly is over. The Political phase begins (P-SEQ-5): Oratory, then each side's Dominant "
               "faction.")]
    for side in (0, 1):
        honor = list(work.honor)
        political.oratory(t, work, side)
        lines.append(_oratory_told(t, work, side, [b - a for a, b in zip(honor, work.honor, strict=True)]))
    for side in (0, 1):
        favor, honor = work.favor[side], list(work.honor)
        political.dominance(t, work, side)
        lines.append(_dominant_told(t, work, side, favor, [b - a for a, b in zip(honor, work.honor, strict=True)]))
    war = work.war
    political.war_peace(t, work)
    if war and not work.war:
        lines.append(_("Peace (P-WARPEACE-2): both sides won War/Peace; {first} and {second} gain 10 Honor each "
                       "(P-WARPEACE-3).", first=FACTIONS[political.winner_of(t, work, 0, "WP")],
                       second=FACTIONS[political.winner_of(t, work, 1, "WP")]))
    elif work.war and not war:
        winners = [FACTIONS[f] for f in (political.winner_of(t, work, side, "WP") for side in (0, 1)) if f >= 0]
        lines.append(_("War is declared (P-WARPEACE-1): {factions} won War/Peace in Peace.",
                       factions=_(" and ").join(winners)))
    return lines


def _assembly_end(g: PericlesGame, before: PericlesState, action: Action, after: PericlesState,
                  debated: DebateTable | None) -> PericlesState | None:
    """The tracks as the Political phase reads them: ``before`` with the debate the step settled on its
    new box, read from ``after`` or, when the won issues have already left the tracks (P-TMARK-3), from
    the two debate cards; None when the views show neither."""
    work = before.copy()
    work.played = [0] * 4
    if before.issue < 0:
        return work
    at = before.side * ISSUES_PER_SIDE + before.issue
    box = after.track[at]
    if abs(box) > assembly.CAPTURE:
        if debated is None or not debated[2]:
            return None
        box = _settled_box(g, debated[0], action, after)
    work.track[at] = box
    return work


def _loss(change: int) -> str:
    """"-3"; a faction already at 0 Honor loses nothing (P-AMB-30), which the words say."""
    return f"{change}" if change else _("-0 (no Honor left to lose)")


def _oratory_told(t: Tables, s: PericlesState, side: int, changes: list[int]) -> str:
    """P-ORATORY-2..6 for one side, with the Honor that really changed hands."""
    a, b = factions_of(side)
    ostracised = political.ostracised_by(t, s, side)
    if ostracised >= 0:
        return _("Oratory for {side} (P-ORATORY-2): {winner} won Ostracism: {winner} {gain} Honor, {other} "
                 "{loss}.", side=side_name(side), winner=FACTIONS[ostracised], other=FACTIONS[ostracised ^ 1],
                 gain=f"+{changes[ostracised]}", loss=_loss(changes[ostracised ^ 1]))
    va, vb = political.oratory_value(t, s, a), political.oratory_value(t, s, b)
    values = {"side": side_name(side), "first": FACTIONS[a], "first_value": va, "second": FACTIONS[b],
              "second_value": vb}
    if va == vb:
        return _("Oratory for {side} (P-ORATORY-6): the boxes of the won issues add up to {first} {first_value}, "
                 "{second} {second_value}: no Honor changes hands.", **values)
    high = a if va > vb else b
    if not changes[high]:
        return _("Oratory for {side} (P-ORATORY-3, P-ORATORY-5): the boxes of the won issues add up to {first} "
                 "{first_value}, {second} {second_value}, but {low} has no Honor to lose: no Honor changes hands.",
                 low=FACTIONS[high ^ 1], **values)
    if changes[high] < min(abs(va - vb), political.ORATORY_MOST):
        return _("Oratory for {side} (P-ORATORY-3, P-ORATORY-5): the boxes of the won issues add up to {first} "
                 "{first_value}, {second} {second_value}: {high} takes {n} Honor from {low}, all {low} had.",
                 high=FACTIONS[high], n=changes[high], low=FACTIONS[high ^ 1], **values)
    return _("Oratory for {side} (P-ORATORY-3, P-ORATORY-4): the boxes of the won issues add up to {first} "
             "{first_value}, {second} {second_value}: {high} takes {n} Honor from {low}.", high=FACTIONS[high],
             n=changes[high], low=FACTIONS[high ^ 1], **values)


def _dominant_told(t: Tables, s: PericlesState, side: int, favor_before: int, changes: list[int]) -> str:
    """P-DOMINANT-1..7 for one side: who is Dominant now and by which rule, with the Honor that really
    moved (a faction at 0 loses nothing, P-AMB-30); ``s`` after the rule."""
    a, b = factions_of(side)
    dominant = s.dominant[side]
    names = {"side": side_name(side), "dominant": FACTIONS[dominant], "other": FACTIONS[dominant ^ 1]}
    if political.ostracised_by(t, s, side) >= 0:
        return _("Dominant faction of {side} (P-DOMINANT-1, P-DOMINANT-2): {dominant}, who won Ostracism; the "
                 "favor marker goes to {dominant}.", **names)
    na, nb = len(political.won(t, s, a)), len(political.won(t, s, b))
    names["won"] = f"{FACTIONS[a]} {na}, {FACTIONS[b]} {nb}"
    if na != nb:
        if favor_before == dominant:
            return _("Dominant faction of {side} (P-DOMINANT-3, P-DOMINANT-4): {dominant}, with more issues won "
                     "({won}); the favor marker was already with {dominant}: {dominant} {gain} Honor, {other} "
                     "{loss}.", gain=f"+{changes[dominant]}", loss=_loss(changes[dominant ^ 1]), **names)
        where = _("now on {dominant}'s box", **names) if s.favor[side] == dominant else _("now neutral")
        return _("Dominant faction of {side} (P-DOMINANT-3): {dominant}, with more issues won ({won}); the favor "
                 "marker moves toward {dominant} ({where}).", where=where, **names)
    if favor_before >= 0:
        return _("Dominant faction of {side} (P-DOMINANT-5, P-DOMINANT-6): {dominant}, as many issues won ({won}) "
                 "and the favor marker with {dominant}.", **names)
    va, vb = political.oratory_value(t, s, a), political.oratory_value(t, s, b)
    if va != vb:
        return _("Dominant faction of {side} (P-DOMINANT-6): {dominant}, as many issues won ({won}), the favor "
                 "neutral and the higher Oratory value ({high} to {low}).", high=max(va, vb), low=min(va, vb),
                 **names)
    return _("Dominant faction of {side} (P-DOMINANT-6): {dominant} stays Dominant: as many issues won ({won}), "
             "the favor neutral, Oratory equal.", **names)


# ----- debates (P-ASSEMBLY) ----------------------------------------------------------------------
def debate_told(g: PericlesGame, before: PericlesState, action: Action, after: PericlesState,
                debated: DebateTable | None) -> str:
    """The two debate cards when a step turns them face up (the second card down, P-ASSEMBLY-5), and
    the debate's result when the step settles it: who won by how much and where the issue now
    stands (P-ASSEMBLY-7..10). Told from one faction's views: a card is named only once the view
    after the step shows it, face up or discarded (``debated``, the step's :func:`debate_table`)."""
    pair = factions_of(before.side)
    if debated is None:
        return ""
    table, cards, settled = debated
    values = assembly.values(g.tables, table)
    parts = []
    if action.verb == "play":
        first, second = (_counted(g, table, f, cards[f], values[f]) for f in pair)
        parts.append(_("Both cards face up: {first}, {second}.", first=first, second=second))
    if settled and before.issue >= 0:
        parts.append(_debate_result(g, before, _settled_box(g, table, action, after), values, pair))
    return " ".join(parts)


DebateTable = tuple[PericlesState, dict[int, int], bool]
"""A debate as the views show it: the table with both cards, the cards by faction, whether settled."""


def debate_table(g: PericlesGame, before: PericlesState, action: Action, after: PericlesState) -> DebateTable | None:
    """The debate the step turns face up or settles, as far as the views show it: ``before`` with both
    cards on the table (and the Advisory Council's card), the cards by faction, and whether the step
    settled it; None when the step does neither or a card cannot be seen."""
    pair = factions_of(before.side)
    if before.phase != ASSEMBLY or (action.verb != "play" and not any(before.played[f] for f in pair)):
        return None
    cards = _debate_cards(g, before, action, after, pair)
    settled = not any(after.played[f] for f in pair)
    if cards is None or not (settled or all(after.played[f] for f in pair)):
        return None
    table = before.copy()
    for f, card in cards.items():
        table.card_loc[card] = PLAYED + f
    if action.verb == "advisor":
        table.revealed = g.tables.card_index[str(action.args[1])]
        table.card_loc[table.revealed] = ENTOURAGE + FACTIONS.index(str(action.args[0]))
    return table, cards, settled


def _counted(g: PericlesGame, table: PericlesState, f: int, card: int, value: int) -> str:
    """One face-up debate card with what it counts: its id, title and printed value, and the bonus of
    the faction's half when its conditions hold (P-CARD-4), so that the sum can be followed."""
    t = g.tables
    code = t.card_ids[card]
    bonus = assembly.modified_value(t, table, f, card, assembly.debated_kind(t, table)) - t.card_value[card]
    titled = f"{code} {card_title(t.data, code)}".rstrip()
    if bonus:
        return _("{faction} {card} +{bonus} counts {value}", faction=FACTIONS[f], card=titled, bonus=bonus,
                 value=value)
    return _("{faction} {card} counts {value}", faction=FACTIONS[f], card=titled, value=value)


def _debate_cards(g: PericlesGame, before: PericlesState, action: Action, after: PericlesState,
                  pair: tuple[int, int]) -> dict[int, int] | None:
    """Each faction's debate card as far as the views show it: face up before the step, the actor's
    own card, or the one card the step took from hiding to the table or the discards."""
    t = g.tables
    cards = {f: before.card_loc.index(PLAYED + f) for f in pair if PLAYED + f in before.card_loc}
    if action.verb == "play":
        card = t.card_index[str(action.args[0])]
        owner = before.card_loc[card] - HAND
        waiting = [f for f in pair if not before.played[f]]
        if owner not in pair and before.card_loc[card] == UNSEEN and len(waiting) == 1:
            owner = waiting[0]  # told by the compatriot: the card of the faction yet to play
        if owner in pair:
            cards[owner] = card
    for f in pair:
        if f not in cards:
            shown = [c for c, loc in enumerate(after.card_loc) if before.card_loc[c] == UNSEEN
                     and loc in (PLAYED + f, DISCARD, OUT)]
            if len(shown) != 1:
                return None
            cards[f] = shown[0]
    return cards


def _settled_box(g: PericlesGame, table: PericlesState, action: Action, after: PericlesState) -> int:
    """Where the debate put its issue (P-ASSEMBLY-7..10): the track after the step, unless the step
    also ended the Assembly and the won issues left the track (P-TMARK-3, P-POLISSUE-9): then the move
    the rules made, from ``table`` (the step's state with both cards played); a War/Peace stopped at
    the centre (P-ASSEMBLY-9) is at the centre."""
    box = after.track[table.side * ISSUES_PER_SIDE + table.issue]
    if abs(box) <= assembly.CAPTURE:
        return box
    return 0 if action.verb == "stop" and action.args[0] == "yes" else assembly.outcome_move(g.tables, table)[1]


def _debate_result(g: PericlesGame, before: PericlesState, box: int, values: dict[int, int],
                   pair: tuple[int, int]) -> str:
    """"Citizenship: DF wins 5 to 2, now on box 1 toward DF" (P-ASSEMBLY-7..10); ``box`` is where the
    issue now stands (:func:`_settled_box`)."""
    issue = _(ISSUE_NAMES[g.tables.issue_kinds[before.side][before.issue]])
    toward = FACTIONS[pair[0] if box > 0 else pair[1]]
    a, b = values[pair[0]], values[pair[1]]
    if a == b:
        where = where_on_track(before.side, box)
        return _("{issue}: a tie at {value}, it stays {where}.", issue=issue, value=a, where=where)
    if box == 0:
        where = _("now at the centre")
    elif abs(box) >= assembly.CAPTURE:
        where = _("captured by {faction}", faction=toward)
    else:
        where = _("now on box {box} toward {faction}", box=abs(box), faction=toward)
    return _("{issue}: {faction} wins {high} to {low}, {where}.", issue=issue, faction=FACTIONS[pair[0] if a > b
             else pair[1]], high=max(a, b), low=min(a, b), where=where)


def _keep(g: PericlesGame, s: PericlesState, a: Action) -> str:
    """P-HAND-2: the entourage cards kept for the next turn; the rest are discarded."""
    if not a.args:
        return _("keep no entourage card: all are discarded")
    return _as_notation(a)


def _place(g: PericlesGame, s: PericlesState, a: Action) -> str:
    owner, kind, where = (str(x) for x in a.args)
    return _("place {owner}'s {kind} marker ({code}) face down in {where}", owner=owner, kind=kind_name(kind),
             code=kind, where=where)


def _reveal(g: PericlesGame, s: PericlesState, a: Action) -> str:
    th = g.tables.theater_index[str(a.args[0])]
    top = [e for e in s.queue if e // 1000 == th][-1:]
    if not top:
        return _("reveal the top marker in {where}", where=a.args[0])
    if top[0] % 10 >= len(MARKER_KINDS):  # face down to this view: who placed it is public, not what it is
        return _("reveal the marker {placer} placed face down in {where}", placer=FACTIONS[top[0] // 100 % 10],
                 where=a.args[0])
    th, _placer, owner, kind = entry_parts(top[0])
    marker, where = marker_words(top[0]), a.args[0]
    if kind == RUM:
        return _("reveal {marker} in {where}: a Rumor, nothing happens", marker=marker, where=where)
    if idle_in_persia(th, owner, kind):
        return _("reveal {marker} in {where}: an issue in Persia, nothing happens (P-PERSIA-3)", marker=marker,
                 where=where)
    if kind == MIL and s.stock[owner] == 0:  # seen only by its owner (P-INFO-3), then public: no decision follows
        return _("reveal {marker} in {where}: {code} ({faction}) has no Strategos, so the issue ends with no "
                 "effect (P-MIL-2)", marker=marker, where=where, code=FACTIONS[owner],
                 faction=faction_name(FACTIONS[owner]))
    if kind == MIL:
        return _("reveal {marker} in {where}: {code} ({faction}) is now Commander in Chief", marker=marker,
                 where=where, code=FACTIONS[owner], faction=faction_name(FACTIONS[owner]))
    return _("reveal {marker} in {where}", marker=marker, where=where)


def _expedition(g: PericlesGame, s: PericlesState, a: Action) -> str:
    """P-EXPED-1, P-EXPED-2; an enemy theater no unit of the Commander's side could enter now is said to
    bring no battle (P-EXPED-7), so that the choice between it and declining reads for what it is."""
    if not a.args:
        th, side = entry_parts(s.revealed)[0] if s.revealed >= 0 else -1, s.actor // 2  # the Commander resolves
        if th >= 0 and 0 <= side <= 1 and status(s, th, side) == ENEMY and not military.reach(g.tables, s, side)[th]:
            return _("hold an Expedition Assembly: all four factions commit Strategos in secret; no unit of "
                     "{side} can reach {where} now, so no battle would follow (P-EXPED-7)", side=side_name(side),
                     where=g.tables.theater_keys[th])
        return _("hold an Expedition Assembly: all four factions commit Strategos in secret (the sums show in "
                 "the battle's totals)")
    n = int(a.args[0]) if str(a.args[0]).isdigit() else 0
    return ngettext("hold an Expedition Assembly with {n} Strategos: {n} unit may move; no battle follows (P-MIL-5)",
                    "hold an Expedition Assembly with {n} Strategos: {n} units may move; no battle follows (P-MIL-5)",
                    n)


def _raid(g: PericlesGame, s: PericlesState, a: Action) -> str:
    return _("raid: spend 3 Strategos for 3 Honor; the enemy Dominant faction loses Strategos by a battle card")


def _ship(g: PericlesGame, s: PericlesState, a: Action) -> str:
    return _("commit the State Ship (+1 for Athens)") if a.args[0] == "yes" else _("keep the State Ship back")


def _move(g: PericlesGame, s: PericlesState, a: Action) -> str:
    """A unit's first link; the 300 is said to move itself (P-300-3), for after "1 unit may move" a reader
    saw two units go and took it for a broken rule."""
    frm, piece, to = (str(x) for x in a.args)
    if piece == "S300":
        return _("move the 300 (S300) from {origin} toward {to}: it moves itself, outside the movement allowance "
                 "(P-300-3)", origin=frm, to=to)
    return _("move {unit} ({code}) from {origin} toward {to}", unit=unit_name(piece), code=piece, origin=frm, to=to)


UNIT_STEPS = {"redeploy": N_("redeploy {unit} ({code}) from {origin} to {to}"),
              "relocate": N_("Peace: move {unit} ({code}) from {origin} to {to}"),
              "eliminate": N_("eliminate {unit} ({code}) in {origin}: nowhere to redeploy"),
              "disband": N_("remove {unit} ({code}) in {origin} for upkeep"),
              "plague": N_("Plague: remove {unit} ({code}) in {origin}"),
              "demobilise": N_("Peace: demobilise {unit} ({code}) in {origin}, contested")}
"""Steps on one unit of a theater (P-REDEPLOY-1, P-ARIST-4, P-UPKEEP-1, P-PLAGUE-6), told in words."""


REDEPLOY_ENDS = (N_("end the redeployment of the Delian League units"),
                 N_("end the redeployment of the Athenian units"),
                 N_("end the redeployment of the Peloponnesian League units"),
                 N_("end the redeployment of the Spartan units"))
"""The end of each group's redeployment (P-REDEPLOY-1: the groups in turn, a side's Dominant for both
of its groups), so that a Dominant's two ends read as two groups, not as one end told twice."""


def _unit_step(g: PericlesGame, s: PericlesState, a: Action) -> str:
    """"redeploy Athenian trireme (An) from Sparta to Aetolia"; the end of a group's redeployment in words."""
    if a.verb == "redeploy" and len(a.args) == 1:
        group = s.cursor if s.step == "redeploy" and 0 <= s.cursor < len(REDEPLOY_ENDS) else -1
        return _(REDEPLOY_ENDS[group]) if group >= 0 else _("end the redeployment")
    if len(a.args) not in (2, 3):
        return _as_notation(a)
    origin, piece, *to = (str(x) for x in a.args)
    return _(UNIT_STEPS[a.verb], unit=unit_name(piece), code=piece, origin=origin, to=to[0] if to else "")


# ----- a revealed issue's choices, in a few words after its marker (the explanation, ``?``, says the rest) --
LEAGUE_CHOICES = {"base": N_("build a League base (4 Strategos, +2 Honor)"),
                  "convert": N_("turn a League base into a city-state base (2 Strategos, +2 Honor)"),
                  "persian": N_("build a Persian base"),
                  "argos": N_("build Argos land units in Sparta")}


def _oracle(g: PericlesGame, s: PericlesState, a: Action) -> str:
    """P-ORACLE-2: 3 Honor, an enemy unit removed for 1 Honor, or a treason marker."""
    what = str(a.args[0]) if a.args else ""
    if what == "honor":
        return _("take 3 Honor")
    if what == "remove" and len(a.args) == 3:
        return _("remove {unit} ({code}) in {where}, +1 Honor", unit=unit_name(str(a.args[2])),
                 code=a.args[2], where=a.args[1])
    if what == "treason" and len(a.args) == 2:
        return _("place a treason marker in {where}", where=a.args[1])
    return _as_notation(a)


def _league(g: PericlesGame, s: PericlesState, a: Action) -> str:
    """P-LEAGUE-3..6, P-PERSIA-2, P-ARGOS-1."""
    what = str(a.args[0]) if a.args else ""
    if what in LEAGUE_CHOICES:
        return _(LEAGUE_CHOICES[what])
    if what == "units" and len(a.args) == 2:
        if s.revealed >= 0:
            theater, _placer, owner, _kind = entry_parts(s.revealed)
            if not count(s, theater, LEAGUE_BASE[owner // 2]):  # P-LEAGUE-5 builds by the bases there
                return _("free League units: with no League base of {side} there, none are built",
                         side=side_name(owner // 2))
        return _("free League units: {ships}", ships=_ships_by_bases(a.args[1]))
    if what == "treason" and len(a.args) == 2:
        return _("remove a treason marker of {side}", side=side_name(int(a.args[1])))
    return _as_notation(a)


def _commit(g: PericlesGame, s: PericlesState, a: Action) -> str:
    """P-DIPLO-1..6: Strategos spent on diplomacy, or on removing treason markers."""
    if a.args and str(a.args[0]) == "0":
        return _("commit no Strategos: no treason marker removed") if len(a.args) == 3 else \
            _("commit no Strategos to diplomacy (own treason markers there still count)")
    if len(a.args) == 3:
        return _("commit {k} Strategos to remove treason markers: {own} own, {enemy} enemy",
                 k=a.args[0], own=a.args[1], enemy=a.args[2])
    return _("commit {k} Strategos to diplomacy", k=a.args[0] if a.args else 0)


def _secret(g: PericlesGame, s: PericlesState, a: Action) -> str:
    """P-EXPED-2, P-DIPLO-7: a face-down commitment."""
    return _("commit {k} Strategos face down", k=a.args[0] if a.args else 0)


def _lend(g: PericlesGame, s: PericlesState, a: Action) -> str:
    """P-TMARK-4: a marker lent to the compatriot stays its owner's."""
    return _("lend one {kind} marker to the compatriot", kind=kind_name(str(a.args[0]))) if a.args else _as_notation(a)


def _gold(g: PericlesGame, s: PericlesState, a: Action) -> str:
    """P-GOLD-1: Persian gold builds Spartan or League units."""
    if len(a.args) != 2:
        return _("stop building with Persian gold")
    template = N_("Persian gold: build a ship in {where}") if a.args[1] == "naval" else N_(
        "Persian gold: build 2 land units in {where}")
    return _(template, where=a.args[0])


SIDE_ISSUE_WORDS = {
    ("cit", "none"): N_("Citizenship: convert no base"),
    ("col", "none"): N_("Colony: found none"),
    ("kry", "none"): N_("Krypteia: remove no more treason markers"),
    ("kry", "theater"): N_("Krypteia: remove an Athenian treason marker in {where}"),
}
"""The side issues resolved at once (P-POLISSUE-4..8), by verb and choice."""


def _issue(g: PericlesGame, s: PericlesState, a: Action) -> str:
    """P-BOULE-5: an issue put on the side's track, named as well as coded."""
    code = str(a.args[0]) if a.args else ""
    if code not in ISSUE_NAMES:
        return _as_notation(a)
    return _("choose the issue {issue} ({code})", issue=_(ISSUE_NAMES[code]), code=code)


def _debate(g: PericlesGame, s: PericlesState, a: Action) -> str:
    """P-ASSEMBLY-3, P-ASSEMBLY-7: the issue to debate and where it stands on the side's track (its +
    end is the side's first faction's), as the debate's result says it afterwards."""
    code = str(a.args[0]) if a.args else ""
    if code not in ISSUE_NAMES or len(a.args) != 2:
        return _as_notation(a)
    return _("debate {issue} ({code}), {where}", issue=_(ISSUE_NAMES[code]), code=code,
             where=where_on_track(s.side, int(a.args[1])))


def where_on_track(side: int, box: int) -> str:
    """"on box 2 toward AF" or "at the centre": where an issue stands on ``side``'s track, whose + end
    is the side's first faction's (P-ASSEMBLY-7)."""
    if box == 0:
        return _("at the centre")
    return _("on box {box} toward {faction}", box=abs(box), faction=FACTIONS[2 * side + (0 if box > 0 else 1)])


def _side_issue(g: PericlesGame, s: PericlesState, a: Action) -> str:
    """Citizenship, Colony, Krypteia and Agoge as what they place or remove (P-POLISSUE-4..8)."""
    first = str(a.args[0]) if a.args else "none"
    if a.verb == "ago":
        if not first.isdigit():
            return _as_notation(a)
        n = int(first)
        return ngettext("Agoge: build {n} Spartan land unit at home", "Agoge: build {n} Spartan land units at home", n)
    if a.verb in ("cit", "col") and first != "none":
        th = g.tables.theater_index.get(first)
        if len(a.args) != 2 or th is None:
            return _as_notation(a)
        naval = a.args[1] == "naval"
        return _citizenship(g, s, th, naval) if a.verb == "cit" else _colony(g, s, th, naval)
    choice = "none" if first == "none" else "theater" if a.verb == "kry" else str(a.args[-1])
    template = SIDE_ISSUE_WORDS.get((a.verb, choice))
    if template is None:
        return _as_notation(a)
    return _(template, where=first)


def _citizenship(g: PericlesGame, s: PericlesState, theater: int, naval: bool) -> str:
    """P-POLISSUE-4, P-POLISSUE-5: the base converted and the Athenian units it comes with, as many as
    the pool holds."""
    units = _placed_units(g, s, theater, *political.citizenship_units(naval))
    return _("Citizenship: the Delian League base in {where} becomes Athenian, with {units}, +2 Honor",
             where=g.tables.theater_keys[theater], units=units)


def _colony(g: PericlesGame, s: PericlesState, theater: int, naval: bool) -> str:
    """P-POLISSUE-6, P-AMB-18: the League base and units a Colony places. A theater with 3 bases, or a
    pool with no Delian base left, takes the units alone; "found a Delian League base" would say what
    does not happen (P-THEATER-3, P-COMP-1)."""
    t = g.tables
    where, units = t.theater_keys[theater], _placed_units(g, s, theater, *political.colony_units(t, naval))
    if room(t, s, theater, DB):
        return _("Colony: found a Delian League base in {where}, with {units}, +2 Honor", where=where, units=units)
    if bases_in(s, theater) >= t.data.counters.max_bases_per_theater:
        why = _("{n} bases there already, P-THEATER-3", n=bases_in(s, theater))
    else:
        why = _("none left in the pool, P-COMP-1")
    return _("Colony: no Delian League base can go in {where} ({why}); only {units}, +2 Honor", where=where, why=why,
             units=units)


def _units_counted(piece: int, n: int) -> str:
    """"2 League land units": the units a side issue places (P-POLISSUE-5, P-POLISSUE-6)."""
    if piece == DN:
        return ngettext("{n} League ship", "{n} League ships", n)
    if piece == DL:
        return ngettext("{n} League land unit", "{n} League land units", n)
    if piece == AN:
        return ngettext("{n} Athenian ship", "{n} Athenian ships", n)
    return ngettext("{n} Athenian land unit", "{n} Athenian land units", n)


def _placed_units(g: PericlesGame, s: PericlesState, theater: int, piece: int, wanted: int) -> str:
    """"2 League land units", with "(the pool holds no more, P-COMP-1)" when it holds fewer than
    wanted: the rules place what is left."""
    placed = min(wanted, room(g.tables, s, theater, piece))
    units = _units_counted(piece, placed)
    return units if placed == wanted else _("{units} (the pool holds no more, P-COMP-1)", units=units)


def _build(g: PericlesGame, s: PericlesState, a: Action) -> str:
    """P-MIL-4: per city-state base at home, 1 ship or 2 land units."""
    if not a.args or a.args[0] == "none":
        return _("build nothing at home")
    return _("build at home: {ships}", ships=_ships_by_bases(a.args[0])) + _pool_short(g, s, a)


def _pool_short(g: PericlesGame, s: PericlesState, a: Action) -> str:
    """"; only 3 Al left in the pool (P-COMP-1)" when a home build asks for more units of a kind than the
    pool holds: the rules place what is left, and the result line would otherwise not add up."""
    if s.revealed < 0 or not str(a.args[0]).isdigit():
        return ""
    theater, _placer, owner, _kind = entry_parts(s.revealed)
    short = []
    for piece, n in military.home_build(s, theater, owner, int(str(a.args[0]))):
        left = max(0, g.tables.piece_limits[piece] - in_use(s, piece))
        if n > left:
            short.append(_("only {n} {code} left in the pool (P-COMP-1)", n=left, code=PIECES[piece]))
    return "".join(f"; {note}" for note in short)


def _ships_by_bases(naval: object) -> str:
    """"1 base builds a ship, the others 2 land units each" (P-MIL-4, P-LEAGUE-5)."""
    n = int(str(naval)) if str(naval).isdigit() else 0
    if not n:
        return _("every base builds 2 land units")
    return ngettext("{n} base builds a ship, the others 2 land units each",
                    "{n} bases build a ship each, the others 2 land units each", n)


def _second(g: PericlesGame, s: PericlesState, a: Action) -> str:
    if a.args[0] != "yes":
        return _("fight no second battle")
    template = (N_("fight a second battle, a land one, in {where}") if s.mil[M_KIND] == battle.NAVAL
                else N_("fight a second battle, a naval one, in {where}"))
    return _(template, where=g.tables.theater_keys[battle.theater_of(s)])


def _victim(s: PericlesState) -> int:
    stage = s.mil[M_STAGE]
    return s.mil[M_WIN] if stage in (casualties.WINNER_ROW, casualties.WINNER_PICK) else 1 - s.mil[M_WIN]


def _row(g: PericlesGame, s: PericlesState, a: Action) -> str:
    due = next((d for act, d in casualties.choices(g.tables, s, s.mil[M_STAGE]) if act == a), None)
    if due is None:
        return _("casualties by table row {row}", row=a.args[0])
    return _("count casualties on row {row}: {loss}", row=a.args[0], loss=_losses(side_name(_victim(s)), *due))


def _losses(side: str, elite: int, other: int) -> str:
    """"Sparta loses 3 units, 1 of them elite" (elite: Spartan hoplites, Athenian triremes)."""
    n = elite + other
    if not n:
        return _("{side} loses no unit", side=side)
    if not elite:
        return ngettext("{side} loses {n} unit", "{side} loses {n} units", n, side=side)
    if elite == n:
        return ngettext("{side} loses {n} elite unit", "{side} loses {n} elite units", n, side=side)
    return ngettext("{side} loses {n} unit, {elite} of them elite", "{side} loses {n} units, {elite} of them elite",
                    n, side=side, elite=elite)


def _casualty(g: PericlesGame, s: PericlesState, a: Action) -> str:
    where = g.tables.theater_keys[battle.theater_of(s)]
    if a.args[0] == "S300":  # a name of its own, always Sparta's: not "Sparta's the 300"
        return _("eliminate the 300 (S300) in {where}", where=where)
    return _("eliminate {side}'s {unit} ({code}) in {where}", side=side_name(_victim(s)),
             unit=unit_name(str(a.args[0])), code=a.args[0], where=where)


def _raze(g: PericlesGame, s: PericlesState, a: Action) -> str:
    """P-BATTLE-15; the first base to fall takes the loser's treason markers there with it (P-BATTLE-16),
    which no result line would show."""
    if a.args[0] == casualties.STOP:
        return _("leave the enemy's remaining bases")
    th, loser = battle.theater_of(s), 1 - s.mil[M_WIN]
    said = _("eliminate {side}'s {unit} in {where}", side=side_name(loser), unit=unit_name(str(a.args[0])),
             where=g.tables.theater_keys[th])
    markers = treason(s, th, loser)
    if not markers:
        return said
    return ngettext("{said}; {side}'s {n} treason marker there goes with it (P-BATTLE-16)",
                    "{said}; {side}'s {n} treason markers there go with it (P-BATTLE-16)", markers, said=said,
                    side=side_name(loser))


# ----- battle-deck cards: battles, neutral diplomacy, raids ----------------------------------------
def _draw(g: PericlesGame, s: PericlesState, a: Action) -> str:
    side = SIDES.index(str(a.args[0]))
    value = 0 if a.args[1] == NONE else g.tables.card_value[g.tables.card_index[str(a.args[1])]]
    if a.args[1] == NONE:
        text = _("{side} turns up no card (value 0)", side=side_name(side))
    else:
        text = _("{side} turns up {card} (value {value})", side=side_name(side), card=a.args[1], value=value)
    if s.step == "battle_draw" and s.draw[1 - side] >= 0:
        return f"{text}. {battle_result(g, s, side, value)}"
    if s.step == "dip_draw" and s.draw[1 - side] >= 0 and s.revealed >= 0:
        return f"{text}. {_diplomacy_result(s, side, value)}"
    if s.step == "raid_draw":
        enemy = FACTIONS[s.dominant[1 - side]]
        return f"{text}. " + _("Raid: {enemy} loses {n} Strategos, and 1 Honor for each it lacks (P-RAID-3, P-RAID-4).",
                               enemy=enemy, n=value)
    return text


@dataclass(frozen=True)
class Strength:
    """One side's battle strength, part by part (P-BATTLE-4..6), as the log and the Battle panel show it."""

    units: int
    bases: int
    strategos: int
    treason: int
    card: int

    @property
    def total(self) -> int:
        return self.units + self.bases + self.strategos + self.treason + self.card


def battle_strength(t: Tables, s: PericlesState, side: int, card: int | None = None) -> Strength:
    """The parts of :func:`kleos.games.pericles.rules.battle.strength`, from what a view shows: only
    revealed commitments count (P-INFO-7), so the breakdown never needs a secret. ``card``: the value of
    the side's card when it is not on the table yet (the step that turns it up), else the card drawn."""
    mv = t.data.military_values
    th, kind = battle.theater_of(s), s.mil[M_KIND]
    return Strength(units=sum(count(s, th, p) * battle.unit_value(t, p) for p in battle.kind_pieces(kind, side)),
                    bases=mv.base * sum(count(s, th, b) for b in SIDE_BASES[side]),
                    strategos=mv.strategos * battle.committed_total(s, side, th),
                    treason=mv.treason * treason(s, th, side), card=max(0, s.draw[side]) if card is None else card)


def strength_parts(g: PericlesGame, s: PericlesState, side: int, card: int) -> tuple[str, int]:
    """A side's battle strength part by part (P-BATTLE-4..6) and its total, ``card`` its card's value."""
    st = battle_strength(g.tables, s, side, card)
    return _("{side} {total} (units worth {units}, bases worth {bases}, Strategos {tokens}, treason {plots}, "
             "card {card})", side=side_name(side), total=st.total, units=st.units, bases=st.bases,
             tokens=st.strategos, plots=st.treason, card=st.card), st.total


def battle_result(g: PericlesGame, s: PericlesState, last: int, value: int) -> str:
    """The battle's totals and result once the last card (``value``, side ``last``) is up (P-BATTLE-7, 8)."""
    cards = [max(0, s.draw[0]), max(0, s.draw[1])]
    cards[last] = value
    where = g.tables.theater_keys[battle.theater_of(s)]
    athens, a_total = strength_parts(g, s, 0, cards[0])
    sparta, s_total = strength_parts(g, s, 1, cards[1])
    if a_total == s_total:
        result = _("a draw: no casualties, no battle Honor")
    else:
        winner = 0 if a_total > s_total else 1
        result = _("{side} wins by {margin}", side=side_name(winner), margin=abs(a_total - s_total))
    template = (N_("The naval battle in {where}: {athens} against {sparta}: {result}.")
                if s.mil[M_KIND] == battle.NAVAL
                else N_("The land battle in {where}: {athens} against {sparta}: {result}."))
    return joined([_(template, where=where, athens=athens, sparta=sparta, result=result),
                   no_losses_told(g, s, last, value)])


def no_losses_told(g: PericlesGame, s: PericlesState, last: int, value: int) -> str:
    """Why a won battle takes no unit from the loser, where "Sparta wins by 3" and then nothing read as a
    bug: the loser has no unit of the battle's kind there (P-BATTLE-3, P-BATTLE-9), the winner has none
    either (the table counts the winner's units, P-BATTLE-10, P-BATTLE-17), or no row of the Loser
    Casualty Table finds a complete group (P-BATTLE-10, P-BATTLE-13), and then no battle Honor either
    unless bases fall (P-BATTLE-15, P-BATTLE-25..28). "" when the loser loses units or nobody wins. Worked
    out on a copy of the state with the last card up, as the rules will."""
    t, fought = g.tables, s.copy()
    fought.draw = replaced(fought.draw, last, value)
    battle.fight(t, fought)
    if fought.mil[M_WIN] < 0:
        return ""
    casualties.start(t, fought)
    if any(sum(due) for _act, due in casualties.choices(t, fought, casualties.LOSER_ROW)):
        return ""
    th, kind, loser = battle.theater_of(fought), fought.mil[M_KIND], 1 - fought.mil[M_WIN]
    if not any(count(fought, th, p) for p in battle.kind_pieces(kind, loser)):
        template = (N_("{side} has no ships in {where} to lose (P-BATTLE-3, P-BATTLE-9)") if kind == battle.NAVAL
                    else N_("{side} has no land units in {where} to lose (P-BATTLE-3, P-BATTLE-9)"))
        text = _(template, side=side_name(loser), where=t.theater_keys[th])
    elif not fought.mil[M_W_ELITE] + fought.mil[M_W_LINE]:
        template = (N_("{side} loses no unit: {winner} won with no ships of its own there, and the loser's "
                       "casualties are counted from the winner's units (P-BATTLE-10, P-BATTLE-17)")
                    if kind == battle.NAVAL else
                    N_("{side} loses no unit: {winner} won with no land units of its own there, and the loser's "
                       "casualties are counted from the winner's units (P-BATTLE-10, P-BATTLE-17)"))
        text = _(template, side=side_name(loser), winner=side_name(1 - loser))
    else:
        rows = [_row_finds_none(fought, row) for row in casualties.table_rows(t, fought, casualties.LOSER_ROW)]
        text = _("{side} loses no unit (P-BATTLE-10, P-BATTLE-13): {rows}", side=side_name(loser),
                 rows="; ".join(rows))
    if casualties.razable(fought) and casualties.base_kinds(fought):
        return f"{text}."
    return joined([text, _("No battle Honor is won or lost (P-BATTLE-25, P-BATTLE-28).")])


def _row_finds_none(s: PericlesState, row: CasualtyRow) -> str:
    """"row L2, for Athenian trireme (An): 1 for every 2 of Sparta's units, and Sparta had 1": why one row
    of the Loser Casualty Table eliminates nothing (the battle's winner in ``s.mil``)."""
    winner = s.mil[M_WIN]
    loser = 1 - winner
    pieces = casualties.class_pieces(s.mil[M_KIND], loser, row.casualty_class)
    names = _(" or ").join(f"{unit_name(PIECES[p])} ({PIECES[p]})" for p in pieces)
    if not casualties.present(s, loser, row.casualty_class):
        return _("row {row}, for {units}: {side} has none there", row=row.row_id, units=names,
                 side=side_name(loser))
    return ngettext("row {row}, for {units}: {per} for every {size} of {winner}'s units, and {winner} had {n}",
                    "row {row}, for {units}: {per} for every {size} of {winner}'s units, and {winner} had {n}",
                    casualties.counted(s, row), row=row.row_id, units=names, per=row.per_group,
                    size=row.group_size, winner=side_name(winner))


def _diplomacy_result(s: PericlesState, last: int, value: int) -> str:
    """Neutral diplomacy (P-DIPLO-8, P-DIPLO-9): each side's Strategos, revealed together before the
    cards (P-DIPLO-7), and card; the owner needs at least twice the other side's total."""
    owner_side = entry_parts(s.revealed)[2] // 2
    commits = [sum(s.commit[f] for f in (2 * side, 2 * side + 1) if s.commit[f] > 0) for side in (0, 1)]
    cards = [max(0, s.draw[0]), max(0, s.draw[1])]
    cards[last] = value
    totals = [commits[side] + cards[side] for side in (0, 1)]
    won = totals[owner_side] >= 2 * totals[1 - owner_side]
    result = _("a League base is founded") if won else _("nothing happens")
    owner, other = owner_side, 1 - owner_side
    return _("Diplomacy: {owner} {owner_total} (Strategos {owner_tokens}, card {owner_card}) against {other} "
             "{other_total} (Strategos {other_tokens}, card {other_card}); twice needed: {result}.",
             owner=side_name(owner), owner_total=totals[owner], owner_tokens=commits[owner],
             owner_card=cards[owner], other=side_name(other), other_total=totals[other],
             other_tokens=commits[other], other_card=cards[other], result=result)


def phase_heading(before: PericlesState | None, after: PericlesState) -> str | None:
    """The log's heading where a turn's phase begins ("Turn 2: Assembly phase", P-SEQ-1), and for
    ``before`` ``None`` the phase the game begins in; none at the end (the game over line says it)
    nor in a step of no phase of its own."""
    opened = before is None or (after.turn, after.phase) != (before.turn, before.phase)
    if not opened or after.phase not in PHASE_TITLES or after.outcome is not None:
        return None
    return turn_heading(after.turn, after.phase)
