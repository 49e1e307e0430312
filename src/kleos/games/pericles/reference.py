"""The Pericles rules reference for newcomers (the terminal's ``R`` page, the browser's help panel):
written from the rules specification with its rule IDs, in the order a first game needs them, and
ending with every marker kind, unit, Leader, political card and Aristophanes card of the data in use.

The text is Markdown of headings, paragraphs and ``-`` lists only, which both UIs render.
"""

from __future__ import annotations

from kleos.games.pericles.cards import half_words
from kleos.games.pericles.datamodel import AristophanesCard, PericlesData
from kleos.games.pericles.explain import KINDS, UNITS, kind_line, play_name, side_name, unit_words
from kleos.games.pericles.i18n import N_, _
from kleos.games.pericles.tables import SIDES

OVERVIEW = (
    N_("""\
# Pericles: the rules reference
"""),
    N_("""\
## The goal
Four factions, two sides: Athens has the Aristocrats (AF) and the Demagogues (DF), Sparta the
Eurypontid King (EK) and the Agiad King (AK) (P-DEF-1). At the end the side with more Honor in total
wins the war, and its faction with more Honor wins the game: your compatriot is your ally and your
rival (P-VICTORY-11). Honor never drops below 0 (P-DEF-16).
"""),
    N_("""\
## A turn (P-SEQ-1)
- Aristophanes: a comedy card changes this turn (issues placed, Plague, units), cards are dealt,
  and each side chooses the issues its Assembly will debate (P-ARIST, P-HAND, P-BOULE).
- Assembly: six debates per side between its two factions (P-ASSEMBLY-1).
- Political: Oratory Honor, the Dominant faction, the Council of Strategoi pays, political issues
  (War/Peace, Games, Citizenship, Colony, Krypteia, Agoge), then won issues become theater markers
  (P-SEQ-5, P-TMARK-1).
- Theater: markers are placed face down and revealed top first; this is where bases, units, battles
  and most Honor come from (P-SEQ-6).
- Final: victory check, upkeep, redeployment, then a new turn (P-SEQ-7). On the scenario's last turn
  the game ends after the victory check (P-SEQ-8).
- The vignette 14_1_09a is one Theater phase only: you start with markers in hand and 8 Strategos.
"""),
    N_("""\
## Strategos: the currency
Strategos tokens pay for everything in the Theater phase: diplomacy, League bases, expeditions,
raids. They are earned in debates (aligned card halves) and from the Council (P-CARD-6, P-COUNCIL-1).
They can never be given to another faction (P-DEF-17). What is left at the end of the Theater phase
goes back to the supply and gives 1 Honor per full 4 tokens (P-CAPITAL-1, P-CAPITAL-2).
"""),
    N_("""\
## The Assembly: debates and issues
- The Dominant faction chooses the issue of debates 1, 3 and 5, the Opponent of 2, 4 and 6
  (P-ASSEMBLY-3).
- Both factions play a card face down (P-ASSEMBLY-5). A card shows its value in brackets, e.g.
  A12(3): the card value before bonuses (P-DEF-23). Each faction reads its own half: a bonus counts
  when its issue and condition hold; an aligned half also pays its Strategos, win or lose
  (P-CARD-2, P-CARD-4, P-CARD-6).
- The higher modified value moves the issue that many boxes toward its player's half; equal values
  move nothing (P-ASSEMBLY-7, P-ASSEMBLY-8). Box 7 captures the issue (P-ASSEMBLY-10).
- After the sixth debate each faction wins every issue on its half (P-ASSEMBLY-13). The last card in
  hand, the 7th card, pays Strategos from the Council (a Leader pays its printed amount, any other
  card 1) (P-COUNCIL-2, P-COUNCIL-3).
- Your Leader may call the Advisory Council: a random entourage card adds its value; next turn you
  get 6 cards and no entourage (P-LEADER-3, P-LEADER-4, P-LEADER-7).
"""),
    N_("""\
## The Dominant faction and Oratory
- Oratory: the Ostracism winner gains 3 Honor and its compatriot loses 3; otherwise each faction adds
  the box numbers of the issues it won, and the higher gains up to 3 Honor from the other
  (P-ORATORY-2..4).
- The Dominant faction chooses more debate issues, is paid first by the Council, makes the side's
  choices in upkeep and redeployment, and wins ties at the end (P-DOMINANT, P-VICTORY-3).
"""),
    N_("""\
## The Theater phase: markers
- Each won Diplomatic, League, Military and Oracle issue gives its winner one marker of that kind,
  and every faction also gets 2 Rumors (P-TMARK-1, P-TMARK-2). A faction with more markers lends
  some to its compatriot; a lent marker stays its owner's (P-TMARK-4, P-TMARK-5).
- The Honor order (most Honor first; ties: Athenian Dominant, Spartan Dominant, Athenian Opponent,
  Spartan Opponent) is fixed for the phase (P-THEATER-1, P-THEATER-2).
- Placement: in Honor order each faction places one marker face down on top of a theater's queue,
  until all are placed (P-THEATER-4, P-THEATER-5). Only the placer and the owner know what it is
  (P-INFO-6).
- Resolution: in Honor order each faction reveals one marker of its side on top of a queue
  (P-THEATER-9); its owner resolves it or declines it (a declined Military issue still costs 1
  Strategos) (P-THEATER-14). Strategos come from the owner's own stock (P-THEATER-16).
- Theater status: friendly (only your side's units or bases), contested (both), enemy, neutral
  (nobody) (P-DEF-11).
"""),
    N_("""\
## Military issues, expeditions and raids
- The owner of a revealed Military marker is the Commander in Chief; the theater is the Expedition
  theater (P-MIL-1). In its home theater it may first build free city-state units: 1 ship or 2 land
  units per own base there (P-MIL-3, P-MIL-4).
- Friendly or neutral theater: the Commander commits 1-5 Strategos; each moves one unit (P-EXPED-1,
  P-MOVE-1). Contested or enemy theater: all four factions commit in secret (Commander 1-5, others
  0-4); the Commander's and its compatriot's tokens move units, and a battle follows if both sides are
  there after movement (P-EXPED-2, P-EXPED-7).
- Moving: one unit at a time along connection lines; it stops on entering the Expedition theater,
  or where it may not leave: leaving needs your strength of the tested kind left behind to be at
  least the enemy's there (P-MOVE-3, P-MOVE-6, P-MOVE-9). It need not head for the Expedition
  theater, but it cannot stop anywhere else by choice: it goes on until no line onward is open to it,
  so a route may be chosen that traps it (P-MOVE-5, P-MOVE-7, P-MOVE-8; this engine lets no move
  enter a theater twice).
- Raid (contested theater only): spend 3 Strategos for 3 Honor; a card of your battle deck takes that
  many Strategos from the enemy Dominant faction, and Honor for each one it lacks (P-RAID-1..4).
"""),
    N_("""\
## Battles: the maths
- Strength of a side = its units of the battle's kind (Spartan land units and Athenian ships 2 each,
  the rest 1) + 2 per base + 1 per committed Strategos (State Ship and the 300 too) + 1 per treason
  marker + the value of the top card of its battle deck (P-BATTLE-4, P-BATTLE-5, P-DEF-9).
- A Naval theater fights a naval battle first, a Land theater a land battle (P-BATTLE-2). The
  higher total wins; the difference is the casualty differential; equal totals are a draw with no
  losses (P-BATTLE-7, P-BATTLE-8).
- Example: 2 Athenian ships (4) + 1 base (2) + 3 Strategos (3) + card 2 = 11 against 3 Spartan ships
  (3) + 1 base (2) + 2 Strategos (2) + card 4 = 11: a draw. One more Strategos would win by 1.
- The winner may fight a second battle of the other kind at once with the same commitments
  (P-BATTLE-34, P-BATTLE-35). The Athenian Dominant may add the State Ship (+1) once a turn
  (P-SHIP-1, P-SHIP-2).
"""),
    N_("""\
## Casualties
- The loser loses units of the battle's kind, counted on the Loser Casualty Table from the winner's
  units present, never more than the differential (P-BATTLE-9..11). The table has rows; the chooser
  picks the row ("row L1") and only complete groups count (P-BATTLE-13). Elite units are Spartan
  land units and Athenian ships; the menu says what each row costs.
- The winner then loses units from the Winner Casualty Table, counted from the loser's losses
  (P-BATTLE-18). The side facing the victim chooses which units (P-BATTLE-12, P-BATTLE-19).
- If the loser has no unit of the kind left and the winner committed more Strategos, the winner may
  also eliminate bases (P-BATTLE-15).
- Battle Honor: the Commander's side winning gives the Commander 2 per enemy unit or base eliminated
  and its compatriot 1; the other side winning gives each of its factions 1 per enemy unit or base
  eliminated; every faction of the losing side loses 1 per own unit or base lost; a hostage gives 5
  more (P-BATTLE-25..28).
"""),
    N_("""\
## Diplomacy, Leagues, Oracles, treason
- Diplomatic, enemy or contested theater: commit 0-3 Strategos; if they plus your treason markers
  there beat the enemy units' values plus 2 per enemy base, an enemy League base turns to your side
  (+2 Honor); else your side places that many treason markers (P-DIPLO-1..4). Friendly theater: each
  token removes a treason marker (P-DIPLO-6). Neutral: both sides bid in secret plus a battle card;
  twice the other side's total founds a League base (P-DIPLO-7..9).
- League (friendly or contested theater): a League base for 4 Strategos (+2 Honor), a League base
  turned into your city-state's for 2 (+2 Honor), free League units, or one treason marker removed
  (P-LEAGUE-1..6).
- Oracle (anywhere): +3 Honor, or +1 Honor and an enemy League unit removed, or treason markers in
  three theaters (P-ORACLE-2).
- Treason markers add 1 each to their side's battles and diplomacy in their theater (P-TREASON-7).
"""),
    N_("""\
## Honor: where it comes from
- Oratory (up to 3), Ostracism (3), Games, battles, raids (3), diplomacy and League bases (2 each),
  the Oracle (3), Political Capital (1 per 4 Strategos left) (P-DATA-12, P-CAPITAL-2).
"""),
    N_("""\
## The end and tie-breaks
- Conquest: Sparta controlling Athens, or Athens controlling Sparta, wins at once (P-VICTORY-2).
- Last turn: the Dominant faction of each side gains 5 Honor and its Opponent loses 5; each side gains
  3 Honor per base it has (split between its factions); Athens 3 and Sparta 6 per theater controlled
  (P-VICTORY-7..10). Scenario rules may switch these bonuses off, as the vignette does.
- The side with more Honor in total wins the war; its faction with more Honor wins, the Dominant on
  a tie (P-VICTORY-11). Equal sides: the faction with the most Honor wins; still tied, Athens
  (P-VICTORY-12).
"""),
)
"""The reference's sections, each marked whole so that a translation keeps its paragraphs together."""


def _cards(data: PericlesData) -> list[str]:
    lines = [_("## Every political card (value in brackets; each faction reads its own half) (P-CARD-1..6)")]
    for deck in (data.cards_athens, data.cards_sparta):
        first, second = deck.factions
        for card in deck.cards:
            lines.append("- " + _("{card}({value}) {title}: {first} half {first_half}; {second} half {second_half}",
                                  card=card.id, value=card.value, title=card.title, first=first,
                                  first_half=half_words(card.halves[0]), second=second,
                                  second_half=half_words(card.halves[1])))
    lines.append("")
    lines.append(_("## The Leaders (P-LEADER-1..8)"))
    for leader in data.leaders.leaders:
        lines.append("- " + _("{faction} Leader ({value}): {bonuses}; as the 7th card the Council pays {pre} before "
                              "the Plague, {post} after", faction=leader.faction, value=leader.value,
                              bonuses=half_words(leader.attributes), pre=leader.council_pre, post=leader.council_post))
    return lines


WILLS = {"CTRL": N_("{side} must control {theater}"), "CC": N_("{side} must contest or control {theater}"),
         "BUILD": N_("{side} must build or convert a League base in {theater}")}
"""The will of the Assembly's conditions in words (P-WILL-5, P-WILL-7, P-WILL-8)."""


def _side(code: str) -> str:
    """A side's data code (``athens``) as its name in the reader's language."""
    return side_name(SIDES.index(code)) if code in SIDES else code.title()


def _will(side: int, code: str, theater: str) -> str:
    if code in WILLS:
        return _(WILLS[code], side=side_name(side), theater=theater)
    return _("{side} must {will} {theater}", side=side_name(side), will=code, theater=theater)


def _comedy(card: AristophanesCard, names: dict[int, str]) -> str:
    return f"- {play_name(card.play)} {card.letter}: {comedy_effects(card, names)}"


def theater_names(data: PericlesData) -> dict[int, str]:
    """Each theater's number and its name in the reader's language (the cards name theaters by number)."""
    return {th.number: _(th.name) for th in data.theaters.theaters}


def comedy_effects(card: AristophanesCard, names: dict[int, str]) -> str:
    """What an Aristophanes card does, in words (P-ARIST-4, P-WILL-1); ``names``: theater number to name."""
    parts = [_("{side} {issue} on its track", side=_side(p.side), issue=p.issue) for p in card.issues]
    parts += [_("{side} sets {n} Strategos aside", side=_side(side), n=n) for side, n in card.set_aside.items()]
    parts += [_("{faction} gets {n} Strategos", faction=g.faction, n=g.strategos) for g in card.gifts]
    parts += [_("{side} gets {count} {piece} in {theater}", side=_side(u.side), count=u.count, piece=u.piece,
                theater=names.get(u.theater, u.theater)) for u in card.units]
    if card.will is not None:
        athens, sparta = (_will(side, w.code, names.get(w.theater, str(w.theater)))
                          for side, w in enumerate((card.will.athens, card.will.sparta)))
        parts.append(_("will of the Assembly ({athens} and {sparta}: +5 Honor each if met, -5 if not)",
                       athens=athens, sparta=sparta))
    if card.plague:
        parts.append(_("Plague"))
    if card.alcibiades_to_persia:
        parts.append(_("Alcibiades goes to Persia"))
    if card.demobilise:
        parts.append(_("demobilisation"))
    return ", ".join(parts) or _("no effect")


def one_line_each(text: str) -> str:
    """Each paragraph and list item on one line: the browser's Markdown reads a line as a block."""
    out: list[str] = []
    for line in text.splitlines():
        starts = (not line.strip() or line.startswith(("- ", "#")) or not out or not out[-1].strip()
                  or out[-1].startswith("#"))
        if starts:
            out.append(line)
        else:
            out[-1] = f"{out[-1]} {line.strip()}"
    return "\n".join(out)


def rules_reference(data: PericlesData) -> str:
    """The whole reference for ``data`` (the packaged data, or a corrected folder's)."""
    overview = "\n".join(_(section) for section in OVERVIEW)
    lines = [one_line_each(overview), "", _("## Every marker kind (P-TMARK-1, P-THEATER-12)")]
    lines += [f"- {kind_line(code)}" for code in KINDS]
    lines += ["", _("## Every unit code on the board (Db1 = one Delian League base) (P-DEF-4..9)")]
    lines += [f"- {code}: {unit_words(code)}" for code in UNITS]
    lines.append("")
    lines += _cards(data)
    lines += ["", _("## Every Aristophanes card: the turn's comedy puts issues on the tracks (P-ARIST-1..4, "
                    "P-WILL-1..8)")]
    names = theater_names(data)
    lines += [_comedy(card, names) for card in data.aristophanes.cards]
    return "\n".join(lines) + "\n"
