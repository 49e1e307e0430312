"""The mutable state of a Cyclades game: flat lists of small integers, cheap to copy.

Nothing here knows a rule; :mod:`kleos.games.cyclades.game` and the rule modules change it. Indices
come from :mod:`kleos.games.cyclades.tables`. The creature deck is a multiset of counts drawn by
explicit chance events, so no future card is stored anywhere (C-INFO-3); the only secret a seat may
not see is the other seats' gold (C-INFO-1), and the generator.
"""

from __future__ import annotations

from typing import Any

from kleos.core.flatstate import fields_from_json, fields_to_json
from kleos.core.protocol import Outcome
from kleos.core.rng import Rng

# phases (``state.phase``)
SETUP = "setup"  # the turn-order track is drawn (C-SETUP-7)
CREATURES = "creatures"  # phase 1 (C-CREATURE)
GODS = "gods"  # phase 2 (C-GODS)
OFFER = "offer"  # phase 4 (C-OFFER); income (phase 3) is automatic
ACTION = "action"  # phase 5 (C-ACTION)
OVER = "over"

# chance kinds (``state.chance``): what the next chance outcome decides
CH_ORDER = "order"  # the random turn order at setup
CH_CREATURE = "creature"  # the top card of the creature deck
CH_GODS = "gods"  # the god boards' shuffle
CH_BATTLE = "battle"  # the two battle dice of a round (rules/battle.py)
CH_SWAP = "swap"  # the card that replaces a creature Zeus swapped away (rules/zeus.py)
CHANCE_KINDS = (CH_ORDER, CH_CREATURE, CH_GODS, CH_BATTLE, CH_SWAP)

LIST_FIELDS = (
    "gold", "priests", "philosophers",
    "owner", "troops", "markers", "metropolis", "buildings",
    "fleets", "fleet_owner",
    "track", "deck", "discard",
    "gods", "gods_up",
    "turn_order", "bid", "bidder", "apollo", "next_order", "queue",
    "temples_used",
    "figure_at", "figure_seat", "figure_cycle", "figure_turn",
)
SCALAR_FIELDS = (
    "players", "cycle", "phase", "chance", "offer_index", "displaced", "displaced_from", "pair_second",
    "apollo_choice", "steps",
    "battle_place", "battle_naval", "battle_attacker", "battle_defender", "battle_attack", "battle_stage",
    "voyage_sea", "voyage_left", "voyage_step",
    "effect_seat", "effect_card", "effect_stage", "effect_left", "effect_from", "effect_chimera",
    "recruited", "metro_seat", "metro_stage", "metro_todo", "metro_island", "swap_slot",
)


class CycladesState:
    """A whole game position.

    * per seat: ``gold``, ``priests``, ``philosophers``;
    * per island: ``owner`` (seat or -1), ``troops``, ``markers`` (Apollo prosperity markers),
      ``metropolis`` (0/1); ``buildings[slot]`` 0 for none, else 1 + building index;
    * per sea: ``fleets`` and ``fleet_owner`` (seat or -1; one player per sea outside battles);
    * creatures: ``track[slot]`` card index or -1 (slot 0 costs 4 GP), ``deck[card]`` counts,
      ``discard`` face-up pile in order;
    * gods: ``gods[position]`` god index, ``gods_up[position]`` 1 when face up;
    * offerings: ``turn_order[space]`` marker; ``bid[god]`` / ``bidder[god]`` (marker or -1);
      ``apollo`` markers in Apollo-space order; ``displaced`` marker that must re-bid (or -1) and the
      god it lost (``displaced_from``); ``offer_index`` the next initial placement;
    * actions: ``queue`` markers still to act (head is acting), ``next_order`` next cycle's track
      (-1 free); ``apollo_choice`` 1 while the first Apollo player chooses an island;
    * a battle in progress (rules/battle.py): ``battle_place`` island or sea (-1: none), ``battle_naval``
      (0/1), ``battle_attacker`` / ``battle_defender`` seats, ``battle_attack`` the attacker's units in it
      (the defender's stay in ``troops`` / ``fleets``), ``battle_stage`` (roll, defender or attacker retreat);
    * a fleet move in progress (rules/fleet.py): ``voyage_sea`` where the group is (-1: none),
      ``voyage_left`` steps left, ``voyage_step`` the ``steps`` value at its last step;
    * the figures (rules/figures.py), per figure in ``figures.FIGURES`` order: ``figure_at`` its island
      or sea (-1: off the board), ``figure_seat`` its summoner, ``figure_cycle`` / ``figure_turn`` the
      cycle and turn number when it was placed (its power ends at the summoner's next turn);
    * a creature effect in progress (rules/effects.py): ``effect_seat`` the summoner (-1: none),
      ``effect_card``, ``effect_stage``, ``effect_left`` (steps or count left), ``effect_from`` (a place
      the effect remembers), ``effect_chimera`` 1 when the Chimera resolves another card;
    * the turn's counters (rules/recruit.py, rules/summon.py): ``recruited`` units recruited this turn,
      ``temples_used[seat]`` Temples whose discount was used this cycle (C-BUILD-7, C-TWO-8);
    * a Metropolis being gained (rules/metro.py): ``metro_seat`` (-1: none), ``metro_stage``, ``metro_todo``
      (bit mask of building types still to choose for discard), ``metro_island`` (island being cleared);
    * ``swap_slot`` the creature slot a Zeus swap refills by the next chance event (-1: none).
    """

    __slots__ = (*LIST_FIELDS, *SCALAR_FIELDS, "outcome", "rng")

    gold: list[int]
    priests: list[int]
    philosophers: list[int]
    owner: list[int]
    troops: list[int]
    markers: list[int]
    metropolis: list[int]
    buildings: list[int]
    fleets: list[int]
    fleet_owner: list[int]
    track: list[int]
    deck: list[int]
    discard: list[int]
    gods: list[int]
    gods_up: list[int]
    turn_order: list[int]
    bid: list[int]
    bidder: list[int]
    apollo: list[int]
    next_order: list[int]
    queue: list[int]
    players: int
    cycle: int
    phase: str
    chance: str | None
    offer_index: int
    displaced: int
    displaced_from: int
    pair_second: int
    apollo_choice: int
    steps: int
    battle_place: int
    battle_naval: int
    battle_attacker: int
    battle_defender: int
    battle_attack: int
    battle_stage: int
    voyage_sea: int
    voyage_left: int
    voyage_step: int
    figure_at: list[int]
    figure_seat: list[int]
    figure_cycle: list[int]
    figure_turn: list[int]
    effect_seat: int
    effect_card: int
    effect_stage: int
    effect_left: int
    effect_from: int
    effect_chimera: int
    temples_used: list[int]
    recruited: int
    metro_seat: int
    metro_stage: int
    metro_todo: int
    metro_island: int
    swap_slot: int
    outcome: Outcome | None
    rng: Rng

    def copy(self) -> CycladesState:
        """An independent copy: lists are copied, everything else is immutable and shared.

        Written out field by field (not a loop over names), lists by ``list.copy`` (quicker than a slice
        here), the instance made by calling the class (quicker than ``__new__``, and a direct call on the
        compiled build): search copies states constantly.
        """
        new = CycladesState()
        new.gold = self.gold.copy()
        new.priests = self.priests.copy()
        new.philosophers = self.philosophers.copy()
        new.owner = self.owner.copy()
        new.troops = self.troops.copy()
        new.markers = self.markers.copy()
        new.metropolis = self.metropolis.copy()
        new.buildings = self.buildings.copy()
        new.fleets = self.fleets.copy()
        new.fleet_owner = self.fleet_owner.copy()
        new.track = self.track.copy()
        new.deck = self.deck.copy()
        new.discard = self.discard.copy()
        new.gods = self.gods.copy()
        new.gods_up = self.gods_up.copy()
        new.turn_order = self.turn_order.copy()
        new.bid = self.bid.copy()
        new.bidder = self.bidder.copy()
        new.apollo = self.apollo.copy()
        new.next_order = self.next_order.copy()
        new.queue = self.queue.copy()
        new.players = self.players
        new.cycle = self.cycle
        new.phase = self.phase
        new.chance = self.chance
        new.offer_index = self.offer_index
        new.displaced = self.displaced
        new.displaced_from = self.displaced_from
        new.pair_second = self.pair_second
        new.apollo_choice = self.apollo_choice
        new.steps = self.steps
        new.battle_place = self.battle_place
        new.battle_naval = self.battle_naval
        new.battle_attacker = self.battle_attacker
        new.battle_defender = self.battle_defender
        new.battle_attack = self.battle_attack
        new.battle_stage = self.battle_stage
        new.voyage_sea = self.voyage_sea
        new.voyage_left = self.voyage_left
        new.voyage_step = self.voyage_step
        new.figure_at = self.figure_at.copy()
        new.figure_seat = self.figure_seat.copy()
        new.figure_cycle = self.figure_cycle.copy()
        new.figure_turn = self.figure_turn.copy()
        new.effect_seat = self.effect_seat
        new.effect_card = self.effect_card
        new.effect_stage = self.effect_stage
        new.effect_left = self.effect_left
        new.effect_from = self.effect_from
        new.effect_chimera = self.effect_chimera
        new.temples_used = self.temples_used.copy()
        new.recruited = self.recruited
        new.metro_seat = self.metro_seat
        new.metro_stage = self.metro_stage
        new.metro_todo = self.metro_todo
        new.metro_island = self.metro_island
        new.swap_slot = self.swap_slot
        new.outcome = self.outcome
        new.rng = Rng(self.rng.state)
        return new

    # ----- JSON -------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return fields_to_json(self, LIST_FIELDS, SCALAR_FIELDS)

    @staticmethod
    def from_json(data: dict[str, Any]) -> CycladesState:
        return fields_from_json(CycladesState, data, LIST_FIELDS, SCALAR_FIELDS)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, CycladesState):
            return NotImplemented
        return self.to_json() == other.to_json()
