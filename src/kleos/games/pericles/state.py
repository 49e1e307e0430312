"""The mutable state of a Pericles game: flat lists of small integers, cheap to copy.

Nothing here knows a rule; the rule modules change it. Indices come from
:mod:`kleos.games.pericles.tables`. Decks are stored as card locations, not as an order: every draw
is an explicit chance event, so no future card sits anywhere in the state (P-INFO-8).
"""

from __future__ import annotations

from typing import Any

from kleos.core.flatstate import fields_from_json, fields_to_json
from kleos.core.protocol import Outcome
from kleos.core.rng import Rng

# phases (``state.phase``), in the order of P-SEQ-1
ARISTOPHANES = "aristophanes"  # Aristophanes card, political cards, Boulé (P-SEQ-2)
ASSEMBLY = "assembly"
POLITICAL = "political"
THEATER = "theater"
FINAL = "final"
OVER = "over"
PHASES = (ARISTOPHANES, ASSEMBLY, POLITICAL, THEATER, FINAL, OVER)

# chance kinds (``state.chance``)
CH_ARIST = "aristophanes"  # the top Aristophanes card (P-ARIST-1)
CH_DEAL = "deal"  # a political card dealt to ``state.actor`` (P-HAND-4)
CH_ADVISOR = "advisor"  # the entourage card revealed at random by the Advisory Council (P-LEADER-4)
CH_BATTLE = "battle"  # the top card of side ``state.actor``'s battle deck (P-DIPLO-8, P-BATTLE-4)
CHANCE_KINDS = (CH_ARIST, CH_DEAL, CH_ADVISOR, CH_BATTLE)

# card locations (``state.card_loc``)
DECK, DISCARD = 0, 1
HAND, ENTOURAGE, PLAYED = 2, 6, 10  # + faction
OUT = 14  # a played Leader, back in its owner's hand next turn (P-HAND-7)
UNSEEN = 15  # views only: a card the viewer cannot place (another hand, entourage or the deck)

# track positions (``state.track``): -7..+7, + toward the side's first faction (AF / EK)
OFF = 99  # not on the track (available)
GONE = 98  # removed from the game (P-POLISSUE-9)

HIDDEN = -1  # views only: a secret number (another faction's Strategos stock)

# secret commitments (``state.committed[f]``): 0 not yet, 1 in but hidden, 2 revealed (P-INFO-7)
SECRET, REVEALED = 1, 2

# slots of ``state.mil``, the running Military issue's battles (rules/battle.py, rules/casualties.py)
M_NUM = 0  # battles begun in this issue (P-BATTLE-36: at most 2)
M_KIND = 1  # 0 land, 1 naval
M_WIN = 2  # winning side, -1 a draw (P-BATTLE-8)
M_DIFF = 3  # casualty differential (P-BATTLE-7)
M_STAGE = 4  # casualty stage (casualties.LOSER_ROW ... casualties.DONE)
M_DUE_ELITE = 5  # elite units still to eliminate in this stage
M_DUE_LINE = 6  # line units still to eliminate in this stage
M_SHIP = 7  # 1 once the State Ship is committed in this issue (P-SHIP-3)
M_W_ELITE = 8  # the winner's elite units of the battle's kind present when it was fought
M_W_LINE = 9  # ... and its line units
M_GOLD = 10  # Persian bases not yet spent on Persian gold in this build (P-GOLD-1)
M_GOLD_SN = 11  # Spartan naval units built with gold in this build (cap 3, P-GOLD-2)
M_GOLD_PL = 12  # Peloponnesian land units in Ionia (cap 4)
M_GOLD_PN = 13  # Peloponnesian naval units in the Aegean (cap 3)
M_BASES = 14  # enemy bases the winner may still eliminate (P-BATTLE-15)
N_MIL = 15

# where Honor came from (``state.honor_from[faction * N_HONOR + source]``), for the score sheet: the
# rules add every real change of a faction's Honor (a loss stops at 0, P-DEF-16) to the source that
# made it, so that a faction's sources always add up to its Honor
HONOR_SOURCES = ("start", "handicap", "political_phase", "theater_issues", "battles", "raids", "political_capital",
                 "wills", "persia", "victory")
H_START, H_HANDICAP, H_POLITICAL, H_ISSUES, H_BATTLES, H_RAIDS, H_CAPITAL, H_WILLS, H_PERSIA, H_VICTORY = range(10)
N_HONOR = len(HONOR_SOURCES)

LIST_FIELDS = (
    "honor", "stock", "supply", "council", "set_aside", "dominant", "favor", "used_council", "council_now",
    "card_loc", "played", "track", "pieces", "treason", "hostage", "arist_deck", "will_code", "will_theater",
    "held", "queue", "order", "defeat", "granary_start", "commit", "committed", "draw", "built", "no_bases",
    "chosen", "moved", "visited", "mil", "killed", "plague_due",
    "gone", "honor_from",
)
# list fields the rules only ever replace whole, never change in place (:func:`replaced`): a copy shares
# them; the rarely changed ones are here so that the copies search makes constantly copy fewer lists
SHARED_FIELDS = ("council_now", "order", "granary_start", "no_bases", "hostage", "defeat", "built", "killed",
                 "plague_due", "gone", "dominant", "favor", "will_code", "will_theater", "arist_deck",
                 "used_council", "set_aside", "draw", "council", "chosen", "moved")
SCALAR_FIELDS = (
    "turn", "phase", "step", "chance", "actor", "side", "debate", "issue", "boule", "picks", "war", "plague",
    "persia_war", "callias", "alcibiades", "persia_open", "state_ship", "arist_card", "cursor", "passes",
    "revealed", "steps", "mil_stage", "moves_left", "moving",
)


def replaced(values: list[int], index: int, value: int) -> list[int]:
    """A new list equal to ``values`` but for ``values[index] = value``: how the rules change a list of
    :data:`SHARED_FIELDS`, which copies of the state may share."""
    new = values.copy()
    new[index] = value
    return new


class PericlesState:
    """A whole game position.

    * per faction (seat 0-3): ``honor``, ``stock`` (Strategos behind the shield), ``used_council`` (the
      Advisory Council was used this turn: no entourage next turn, P-LEADER-7), ``council_now`` (used
      last turn, read while dealing), ``played`` (1 once its card of the current debate is down);
    * per side (0 Athens, 1 Sparta): ``supply``, ``council`` (Council of Strategoi), ``set_aside``
      (tokens an Aristophanes card or a failed will holds back until the Final phase), ``dominant``
      (seat), ``favor`` (seat or -1 neutral), ``hostage`` (0/1), ``defeat`` (1 after a major defeat this
      turn), ``will_code`` / ``will_theater`` (-1: none), ``granary_start`` (Athens only, P-VICTORY-4);
    * ``card_loc[card]`` where each political or Leader card is (DECK, DISCARD, HAND+f, ENTOURAGE+f,
      PLAYED+f, OUT); ``arist_deck[card]`` 1 while the Aristophanes card is undrawn; ``arist_card`` the
      card of this turn (-1: none);
    * ``track[side * 18 + issue]`` the position of each debate issue (OFF, GONE or -7..7);
    * ``pieces[theater * 15 + piece]`` counts; ``treason[theater * 2 + side]`` counts;
    * theater markers: ``held[(holder * 4 + owner) * 5 + kind]`` counts; ``queue`` the markers on the
      map in placement order, each ``theater * 1000 + placer * 100 + owner * 10 + kind`` (the last
      entry of a theater is the top of its queue, P-THEATER-5); ``order`` the Honor order (P-THEATER-1);
    * where play stands: ``phase``, ``step`` (the decision asked), ``actor`` (seat asked), ``side``,
      ``debate`` (1-6), ``issue`` (debated issue index, -1 none), ``boule`` (Boulé step 0-3), ``picks``
      (choices left in this step), ``cursor`` (position in the Honor order), ``passes`` (passes in a
      row), ``revealed`` (the marker being resolved, -1 none);
    * status: ``turn``, ``war`` (1 War, 0 Peace), ``plague`` (1 Post-Plague), ``persia_war``, ``callias``,
      ``alcibiades`` (0 Athens, 1 Persia), ``persia_open``, ``state_ship`` (1 available);
    * secret commitments (P-INFO-7): ``commit[f]`` Strategos committed, ``committed[f]`` 1 once in, 2 once
      revealed (both public; the number itself only once revealed);
      ``draw[side]`` the value of the battle-deck card just turned up (-1: none yet);
    * this turn: ``built[theater]`` 1 once a League base was built or converted there (P-WILL-5),
      ``no_bases[side]`` 1 if the side had no base piece left in the Aristophanes phase (P-WILL-6);
    * ``chosen`` the theaters already picked by an Oracle's treason option (three different ones);
    * a Military issue (rules/military.py): ``mil_stage`` (0 before the home build, 1 after),
      ``moves_left`` (movement allowance), ``moved[theater * 15 + piece]`` units that moved and stand
      there, ``moving`` the unit on its way (``theater * 100 + piece``, -1 none), ``visited`` its route;
      ``mil`` its battles and Persian gold (slots ``M_*`` above), ``killed[piece]`` pieces eliminated in
      the battle being fought (both sides);
    * ``plague_due`` the Plague removals still to choose, one entry per unit, each
      ``theater * 10 + side * 2 + naval`` (rules/aristophanes.py, P-PLAGUE-6);
    * ``gone[piece]`` pieces removed from the game for good (Campaign rule 14.43, P-PLAGUE-7): no longer
      in the pool, so they count as in use (rules/common.py ``in_use``);
    * ``honor_from[f * N_HONOR + source]`` each faction's Honor by where it came from (``HONOR_SOURCES``),
      public like Honor itself: the parts of the final score sheet.
    """

    __slots__ = (*LIST_FIELDS, *SCALAR_FIELDS, "outcome", "rng")

    honor: list[int]
    stock: list[int]
    supply: list[int]
    council: list[int]
    set_aside: list[int]
    dominant: list[int]
    favor: list[int]
    used_council: list[int]
    council_now: list[int]
    card_loc: list[int]
    played: list[int]
    track: list[int]
    pieces: list[int]
    treason: list[int]
    hostage: list[int]
    arist_deck: list[int]
    will_code: list[int]
    will_theater: list[int]
    held: list[int]
    queue: list[int]
    order: list[int]
    defeat: list[int]
    granary_start: list[int]
    commit: list[int]
    committed: list[int]
    draw: list[int]
    built: list[int]
    no_bases: list[int]
    chosen: list[int]
    moved: list[int]
    visited: list[int]
    mil: list[int]
    killed: list[int]
    plague_due: list[int]
    gone: list[int]
    honor_from: list[int]
    turn: int
    phase: str
    step: str
    chance: str | None
    actor: int
    side: int
    debate: int
    issue: int
    boule: int
    picks: int
    war: int
    plague: int
    persia_war: int
    callias: int
    alcibiades: int
    persia_open: int
    state_ship: int
    arist_card: int
    cursor: int
    passes: int
    revealed: int
    steps: int
    mil_stage: int
    moves_left: int
    moving: int
    outcome: Outcome | None
    rng: Rng

    def copy(self) -> PericlesState:
        """An independent copy: lists are copied but for :data:`SHARED_FIELDS`, which the rules only
        replace whole; everything else is immutable and shared.

        Written out field by field (not a loop over names), lists by ``list.copy`` (quicker than a slice
        here), the instance made by calling the class (quicker than ``__new__``, and a direct call on the
        compiled build): search copies states constantly. Tests hold it to :data:`LIST_FIELDS` and
        :data:`SCALAR_FIELDS`, and the rules to :data:`SHARED_FIELDS`.
        """
        new = PericlesState()
        new.honor = self.honor.copy()
        new.honor_from = self.honor_from.copy()
        new.stock = self.stock.copy()
        new.supply = self.supply.copy()
        new.council = self.council
        new.set_aside = self.set_aside
        new.dominant = self.dominant
        new.favor = self.favor
        new.used_council = self.used_council
        new.council_now = self.council_now
        new.card_loc = self.card_loc.copy()
        new.played = self.played.copy()
        new.track = self.track.copy()
        new.pieces = self.pieces.copy()
        new.treason = self.treason.copy()
        new.hostage = self.hostage
        new.arist_deck = self.arist_deck
        new.will_code = self.will_code
        new.will_theater = self.will_theater
        new.held = self.held.copy()
        new.queue = self.queue.copy()
        new.order = self.order
        new.defeat = self.defeat
        new.granary_start = self.granary_start
        new.commit = self.commit.copy()
        new.committed = self.committed.copy()
        new.draw = self.draw
        new.built = self.built
        new.no_bases = self.no_bases
        new.chosen = self.chosen
        new.moved = self.moved
        new.visited = self.visited.copy()
        new.mil = self.mil.copy()
        new.killed = self.killed
        new.plague_due = self.plague_due
        new.gone = self.gone
        new.turn = self.turn
        new.phase = self.phase
        new.step = self.step
        new.chance = self.chance
        new.actor = self.actor
        new.side = self.side
        new.debate = self.debate
        new.issue = self.issue
        new.boule = self.boule
        new.picks = self.picks
        new.war = self.war
        new.plague = self.plague
        new.persia_war = self.persia_war
        new.callias = self.callias
        new.alcibiades = self.alcibiades
        new.persia_open = self.persia_open
        new.state_ship = self.state_ship
        new.arist_card = self.arist_card
        new.cursor = self.cursor
        new.passes = self.passes
        new.revealed = self.revealed
        new.steps = self.steps
        new.mil_stage = self.mil_stage
        new.moves_left = self.moves_left
        new.moving = self.moving
        new.outcome = self.outcome
        new.rng = Rng(self.rng.state)
        return new

    # ----- JSON ----------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return fields_to_json(self, LIST_FIELDS, SCALAR_FIELDS)

    @staticmethod
    def from_json(data: dict[str, Any]) -> PericlesState:
        if "honor_from" not in data:  # saved before Honor was kept by source: all of it counts as the start
            data = {**data, "honor_from": [h if source == H_START else 0 for h in data["honor"]
                                           for source in range(N_HONOR)]}
        return fields_from_json(PericlesState, data, LIST_FIELDS, SCALAR_FIELDS)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PericlesState):
            return NotImplemented
        return self.to_json() == other.to_json()

