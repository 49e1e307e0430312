"""The mutable state of a Polis game: flat lists of small integers, cheap to copy.

Nothing here knows a rule; :mod:`kleos.games.polis.game` and the rule modules change it.
Hidden information is limited to the battle hands (the decks are multisets drawn by explicit
chance events, so no future card or die is stored anywhere) and the generator.
"""

from __future__ import annotations

from typing import Any

from kleos.core.protocol import Outcome
from kleos.core.rng import Rng

# phases
ROUND_START = "round_start"
EVENT = "event"
TURN = "turn"
BATTLES = "battles"
END_OF_ROUND = "end_of_round"
OVER = "over"
PHASES = (ROUND_START, EVENT, TURN, BATTLES, END_OF_ROUND, OVER)
"""Every phase, in the order of a round."""

# chance kinds (``state.chance``): what the next chance outcome decides
CH_PROJECT = "project"  # draw a project tile from the face-down pile
CH_EVENT = "event"  # draw this round's event card
CH_DIE = "die"  # roll a d4
CH_CARD = "card"  # draw a battle card
CHANCE_KINDS = (CH_PROJECT, CH_EVENT, CH_DIE, CH_CARD)
BATTLE_PHASES = ("retreat", "deal", "attack", "defend")
"""The steps of a battle's combat round (``BattleState.phase``), in order."""


# The fields of a battle (its ``__slots__``, and the keys of its JSON in this order); named here
# because a compiled class has no ``__slots__`` to read.
BATTLE_FIELDS = ("attacker", "deal", "deck", "hands", "losses", "phase", "played", "region", "retreat_queue",
                 "rounds", "sea")


class BattleState:
    """One battle in progress. Hands and deck are counts per card type of the battle's kind."""

    __slots__ = BATTLE_FIELDS

    def __init__(self, region: int, sea: bool, attacker: int, deck: list[int]) -> None:
        self.region = region
        self.sea = sea
        self.attacker = attacker  # attacker of the current combat round
        self.deck = deck
        self.hands: list[list[int]] = [[0] * len(deck), [0] * len(deck)]
        self.deal: list[int] = [0, 0]  # cards still to draw per side before play goes on
        self.played: tuple[int, ...] = ()  # attacker's two cards (sorted) once laid
        self.losses = 0  # defender's losses this combat round
        self.phase = "retreat"  # retreat | deal | attack | defend
        self.retreat_queue: tuple[int, ...] = ()
        self.rounds = 0

    def copy(self) -> BattleState:
        # Through the constructor, not ``__new__``: a compiled class runs ``__init__`` in ``__new__`` too.
        b = BattleState(self.region, self.sea, self.attacker, self.deck[:])
        b.hands = [self.hands[0][:], self.hands[1][:]]
        b.deal = self.deal[:]
        b.played = self.played
        b.losses = self.losses
        b.phase = self.phase
        b.retreat_queue = self.retreat_queue
        b.rounds = self.rounds
        return b

    def to_json(self) -> dict[str, Any]:
        # Written out in ``__slots__`` order (a compiled class has no ``__slots__`` to loop over).
        return {"attacker": self.attacker, "deal": self.deal, "deck": self.deck, "hands": self.hands,
                "losses": self.losses, "phase": self.phase, "played": self.played, "region": self.region,
                "retreat_queue": self.retreat_queue, "rounds": self.rounds, "sea": self.sea}

    @staticmethod
    def from_json(d: dict[str, Any]) -> BattleState:
        b = BattleState(int(d["region"]), bool(d["sea"]), int(d["attacker"]), list(d["deck"]))
        b.hands = [list(h) for h in d["hands"]]
        b.deal = list(d["deal"])
        b.played = tuple(d["played"])
        b.losses = int(d["losses"])
        b.phase = str(d["phase"])
        b.retreat_queue = tuple(d["retreat_queue"])
        b.rounds = int(d["rounds"])
        return b


# Fields copied as lists (shallow) by PolisState.copy; everything else is immutable.
LIST_FIELDS = (
    "units", "owner", "pop", "goods", "prestige", "supply_cubes", "supply_discs", "merchants_supply",
    "merchants_port", "slot_merchant", "proxenos", "tribute_disc", "siege_discs", "market_pos",
    "project_pile", "projects_face_up", "project_started", "projects_done", "passed",
    "battle_queue", "event_flags",
)
SCALAR_FIELDS = (
    "edition", "round", "phase", "active", "turn_actions", "turn_create_polis", "sieged_this_turn",
    "first_passer", "last_passer", "eor_marker", "pending", "chance", "chance_left", "after_battles",
    "battle_chooser", "eor_step", "eor_seat", "eor_pending", "event", "event_pending", "steps",
)


STATE_FIELDS = (*LIST_FIELDS, *SCALAR_FIELDS, "battle", "outcome", "rng")  # PolisState's ``__slots__``


class PolisState:
    """A whole game position. Indices: see :mod:`kleos.games.polis.tables`.

    * ``units[region * 2 + side]``: hoplites in a territory, galleys in a sea.
    * ``owner[polis]``: side or -1; ``pop[polis]``: cubes on its card (0 when neutral).
    * ``goods[side * 6 + good]``; ``prestige[side]``.
    * ``siege_discs[polis * 2 + side]`` [2020]; ``tribute_disc[territory]``: side or -1.
    * ``slot_merchant[slot]``: side or -1; ``proxenos[side]``: polis, or -1 while captive.
    * ``projects_done[polis]``: completed tiles (tuple); ``project_started[polis]``: tile or -1.
    * ``pending``: the compound action in progress, an immutable tuple whose first item is its
      kind; ``chance``: the kind of the pending chance event, or ``None``.
    """

    __slots__ = STATE_FIELDS

    units: list[int]
    owner: list[int]
    pop: list[int]
    goods: list[int]
    prestige: list[int]
    supply_cubes: list[int]
    supply_discs: list[int]
    merchants_supply: list[int]
    merchants_port: list[int]
    slot_merchant: list[int]
    proxenos: list[int]
    tribute_disc: list[int]
    siege_discs: list[int]
    market_pos: list[int]
    project_pile: list[int]
    projects_face_up: list[int]
    project_started: list[int]
    projects_done: list[tuple[int, ...]]
    passed: list[bool]
    battle_queue: list[int]
    event_flags: list[tuple[str, int]]
    edition: str
    round: int
    phase: str
    active: int
    turn_actions: tuple[str, ...]
    turn_create_polis: tuple[tuple[str, int], ...]
    sieged_this_turn: tuple[int, ...]
    first_passer: int
    last_passer: int
    eor_marker: int
    pending: tuple[Any, ...] | None
    chance: str | None
    chance_left: int
    after_battles: str
    battle_chooser: int
    eor_step: int
    eor_seat: int
    eor_pending: tuple[Any, ...] | None
    event: str | None
    event_pending: tuple[Any, ...] | None
    steps: int
    battle: BattleState | None
    outcome: Outcome | None
    rng: Rng

    def copy(self) -> PolisState:
        """An independent copy: lists are copied, everything else is immutable and shared.

        Written out field by field (not a loop over names), lists by ``list.copy`` (quicker than a slice
        here), the instance made by calling the class (quicker than ``__new__``, and a direct call on the
        compiled build): search copies states constantly.
        """
        new = PolisState()
        new.units = self.units.copy()
        new.owner = self.owner.copy()
        new.pop = self.pop.copy()
        new.goods = self.goods.copy()
        new.prestige = self.prestige.copy()
        new.supply_cubes = self.supply_cubes.copy()
        new.supply_discs = self.supply_discs.copy()
        new.merchants_supply = self.merchants_supply.copy()
        new.merchants_port = self.merchants_port.copy()
        new.slot_merchant = self.slot_merchant.copy()
        new.proxenos = self.proxenos.copy()
        new.tribute_disc = self.tribute_disc.copy()
        new.siege_discs = self.siege_discs.copy()
        new.market_pos = self.market_pos.copy()
        new.project_pile = self.project_pile.copy()
        new.projects_face_up = self.projects_face_up.copy()
        new.project_started = self.project_started.copy()
        new.projects_done = self.projects_done.copy()
        new.passed = self.passed.copy()
        new.battle_queue = self.battle_queue.copy()
        new.event_flags = self.event_flags.copy()
        new.edition = self.edition
        new.round = self.round
        new.phase = self.phase
        new.active = self.active
        new.turn_actions = self.turn_actions
        new.turn_create_polis = self.turn_create_polis
        new.sieged_this_turn = self.sieged_this_turn
        new.first_passer = self.first_passer
        new.last_passer = self.last_passer
        new.eor_marker = self.eor_marker
        new.pending = self.pending
        new.chance = self.chance
        new.chance_left = self.chance_left
        new.after_battles = self.after_battles
        new.battle_chooser = self.battle_chooser
        new.eor_step = self.eor_step
        new.eor_seat = self.eor_seat
        new.eor_pending = self.eor_pending
        new.event = self.event
        new.event_pending = self.event_pending
        new.steps = self.steps
        new.battle = self.battle.copy() if self.battle is not None else None
        new.outcome = self.outcome
        new.rng = Rng(self.rng.state)
        return new

    # ----- small queries used everywhere --------------------------------------------------------
    def flag(self, name: str, default: int = 0) -> int:
        for key, value in self.event_flags:
            if key == name:
                return value
        return default

    def flagged(self, prefix: str) -> set[str]:
        """The names ``x`` whose flag ``prefix + x`` is set (non-zero): :meth:`flag` for many at once."""
        seen: set[str] = set()
        found: set[str] = set()
        for key, value in self.event_flags:
            if key not in seen:
                seen.add(key)
                if value and key.startswith(prefix):
                    found.add(key[len(prefix):])
        return found

    def set_flag(self, name: str, value: int) -> None:
        self.event_flags = [(k, v) for k, v in self.event_flags if k != name] + [(name, value)]

    # ----- JSON -------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {}
        for name in LIST_FIELDS:
            data[name] = _jsonable(getattr(self, name))
        for name in SCALAR_FIELDS:
            data[name] = _jsonable(getattr(self, name))
        data["battle"] = None if self.battle is None else self.battle.to_json()
        data["outcome"] = None if self.outcome is None else self.outcome.to_json()
        data["rng"] = self.rng.state
        return data

    @staticmethod
    def from_json(data: dict[str, Any]) -> PolisState:
        s = PolisState.__new__(PolisState)
        for name in LIST_FIELDS:
            setattr(s, name, [_from_jsonable(v) for v in data[name]])
        for name in SCALAR_FIELDS:
            setattr(s, name, _from_jsonable(data[name]))
        s.battle = None if data["battle"] is None else BattleState.from_json(data["battle"])
        s.outcome = None if data["outcome"] is None else Outcome.from_json(data["outcome"])
        s.rng = Rng(int(data["rng"]))
        return s

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PolisState):
            return NotImplemented
        return self.to_json() == other.to_json()


def _jsonable(value: Any) -> Any:
    if isinstance(value, tuple):
        return {"t": [_jsonable(v) for v in value]}
    if isinstance(value, list):
        return [_jsonable(v) for v in value]
    return value


def _from_jsonable(value: Any) -> Any:
    if isinstance(value, dict) and set(value) == {"t"}:
        return tuple(_from_jsonable(v) for v in value["t"])
    if isinstance(value, list):
        return [_from_jsonable(v) for v in value]
    return value
