"""Event cards (R-EVENT): one per round, applied at round start by the reader, then the other player.

Each card in the data names an ``effect`` implemented here and its ``params``. An effect either
acts at once, sets a round-long flag the rules consult (``state.flag``), or asks players to
choose (``state.event_pending``), in which case the phase stays ``EVENT`` until the choices are
made. Effects never exceed the stacking limit or a polis's maximum population (R-EVENT-5), and a
forced prestige loss that cannot be paid loses the game (R-EVENT-6).
"""

from __future__ import annotations

from collections.abc import Callable

from kleos.core.action import Action
from kleos.games.polis.datamodel import Event
from kleos.games.polis.rules.common import Violation
from kleos.games.polis.state import PolisState
from kleos.games.polis.tables import Tables, other

Effect = Callable[[Tables, PolisState, Event, int], None]  # (tables, state, card, side)
EFFECTS: dict[str, Effect] = {}


def effect(name: str) -> Callable[[Effect], Effect]:
    def register(fn: Effect) -> Effect:
        EFFECTS[name] = fn
        return fn

    return register


@effect("none")
def _no_event(t: Tables, s: PolisState, card: Event, side: int) -> None:
    """A card with no effect."""


def reveal(t: Tables, s: PolisState, event_id: str, reader: int) -> None:
    """Apply a card: the reader's effects first, then the other player's (R-ROUND-8)."""
    card = t.event_index[event_id]
    fn = EFFECTS[card.effect]
    for side in (reader, other(reader)):
        fn(t, s, card, side)
        if s.outcome is not None or s.event_pending is not None:
            return


# ----- event choices (effects that ask a player) ------------------------------------------------
def actor(s: PolisState) -> int:
    assert s.event_pending is not None
    return int(s.event_pending[1])


def legal(t: Tables, s: PolisState, side: int) -> list[Action]:
    assert s.event_pending is not None
    return CHOICES[s.event_pending[0]][0](t, s, side)


def check(t: Tables, s: PolisState, side: int, action: Action) -> Violation | None:
    if action in legal(t, s, side):
        return None
    return ("R-EVENT-1", f"answer the event first: {', '.join(str(a) for a in legal(t, s, side))}")


def apply(t: Tables, s: PolisState, side: int, action: Action) -> None:
    assert s.event_pending is not None
    CHOICES[s.event_pending[0]][1](t, s, side, action)


ChoiceLegal = Callable[[Tables, PolisState, int], list[Action]]
ChoiceApply = Callable[[Tables, PolisState, int, Action], None]
CHOICES: dict[str, tuple[ChoiceLegal, ChoiceApply]] = {}


def on_turn_end(t: Tables, s: PolisState, side: int) -> None:
    """Effects checked at the end of every turn (e.g. Hermocopidae [2012], R-EVENT-7)."""
    hook = s.flag("turn_end_hook", 0)
    if hook:
        TURN_END_HOOKS[hook - 1](t, s, side)


TURN_END_HOOKS: list[Callable[[Tables, PolisState, int], None]] = []
