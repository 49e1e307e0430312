"""The five creature figures on the board and their lasting rules (C-SUMMON-4, C-DATA-6, C-COMP-5).

The creature booklet is lost (C-DATA-6): what each figure does follows the data sheet's engine reading
(``creatures.json``), with the doubtful parts as options (``options.json``):

* Kraken, on a sea: no fleet may enter or be recruited into its space. ``kraken_duration``: ``stays``
  (until summoned again, default) or ``figure_rule`` (like the others);
* Minotaur, on an island: helps its owner defend. ``minotaur_mode``: ``unit_worth_2`` (an extra
  defending unit worth ``minotaur_value`` in the total, lost only after every troop there, and
  defending an island without troops; default) or ``bonus_2`` (a bonus that is never lost, and no help
  on an island without troops);
* Medusa, on an island: troops there cannot leave it (no Ares move, no Pegasus, no land retreat);
* Polyphemus, on an island: no fleet may enter or be recruited into the seas next to it (the push of
  the fleets already there is a step of rules/effects.py);
* Chiron, on an island: ``chiron_protection``: ``full`` (no troops land there, by Ares or Pegasus, and
  Giant and Harpy cannot target it; default) or ``pegasus_giant_harpy`` (only Pegasus, Giant, Harpy).

A figure's power lasts until its summoner's next action turn begins, on a main god or Apollo (the data
sheet, AID-EN). That end is read from the turn-order bookkeeping instead of being stored: a figure is
*active* while its summoner has started no action turn since it was placed, so no other module has to
remember to take figures off. Two figures on one island destroy each other (the data sheet).

The rulebook (seed 002) says every summoned card goes face up on the discard pile as soon as its power
is used; the data sheet has the summoner keep a figure's card until the figure leaves. The seed wins:
the card is discarded at once (rules/effects.py) and only the figure stays.
"""

from __future__ import annotations

from kleos.core.errors import N_
from kleos.games.cyclades.rules.common import Told, Violation, broken, seat_word, told
from kleos.games.cyclades.state import ACTION, CycladesState
from kleos.games.cyclades.tables import EMPTY, Tables

FIGURES = ("kraken", "minotaur", "medusa", "polyphemus", "chiron")  # order of the ``figure_*`` fields
KRAKEN, MINOTAUR, MEDUSA, POLYPHEMUS, CHIRON = range(5)
ISLAND_FIGURES = (MINOTAUR, MEDUSA, POLYPHEMUS, CHIRON)


# ----- where the figures are ----------------------------------------------------------------------
def _turns_started(t: Tables, s: CycladesState, seat: int) -> list[int]:
    """The numbers (0 = first) of the action turns of this cycle that ``seat`` has begun: finished ones
    fill the turn-order track from its last space (C-ACTION-6), the head of the queue is acting."""
    n = len(s.next_order)
    started = [n - 1 - space for space, m in enumerate(s.next_order) if m != EMPTY and t.marker_owner[m] == seat]
    if s.phase == ACTION and s.queue and t.marker_owner[s.queue[0]] == seat:
        started.append(finished_turns(s))
    return started


def finished_turns(s: CycladesState) -> int:
    """How many action turns of this cycle are over (the turn now acting has this number)."""
    return sum(1 for m in s.next_order if m != EMPTY)


def active(t: Tables, s: CycladesState, figure: int) -> bool:
    """Whether ``figure`` stands on the board with its power: placed, and its summoner has begun no
    action turn since (a Kraken that ``stays`` is active until summoned again)."""
    if s.figure_at[figure] == EMPTY:
        return False
    if figure == KRAKEN and t.options.kraken_duration == "stays":
        return True
    placed = s.figure_cycle[figure]
    if s.cycle > placed + 1:
        return False
    started = _turns_started(t, s, s.figure_seat[figure])
    if s.cycle == placed:
        return not any(n > s.figure_turn[figure] for n in started)
    return not started


def where(t: Tables, s: CycladesState, figure: int) -> int:
    """The island (sea for the Kraken) where ``figure`` is active, or -1."""
    return s.figure_at[figure] if active(t, s, figure) else EMPTY


def place(t: Tables, s: CycladesState, figure: int, at: int, seat: int) -> None:
    """Put ``figure`` on ``at`` for ``seat`` (moving it if it was on the board). An island figure that
    meets another active one destroys it and is destroyed (the data sheet)."""
    s.figure_at[figure], s.figure_seat[figure] = at, seat
    s.figure_cycle[figure], s.figure_turn[figure] = s.cycle, finished_turns(s)
    if figure == KRAKEN:
        return
    for other in ISLAND_FIGURES:
        if other != figure and where(t, s, other) == at:
            remove(s, other)
            remove(s, figure)


def remove(s: CycladesState, figure: int) -> None:
    s.figure_at[figure] = s.figure_seat[figure] = EMPTY


def expire(t: Tables, s: CycladesState) -> None:
    """Take off the board the figures whose power has ended (for views; every query already ignores
    them)."""
    for figure in range(len(FIGURES)):
        if s.figure_at[figure] != EMPTY and not active(t, s, figure):
            remove(s, figure)


# ----- lasting effects, as queries of the other rule modules ----------------------------------------
def sea_blocked(t: Tables, s: CycladesState, sea: int) -> bool:
    """No fleet may enter ``sea`` or be recruited into it: the Kraken is there, or Polyphemus stands on
    an island next to it (C-SUMMON-4; fleet moves, recruits, retreats, creature moves)."""
    if where(t, s, KRAKEN) == sea:
        return True
    cyclops = where(t, s, POLYPHEMUS)
    return cyclops != EMPTY and cyclops in t.sea_islands[sea]


def blocked_seas(t: Tables, s: CycladesState) -> frozenset[int]:
    """Every sea :func:`sea_blocked` holds, with the two figures looked up once: the fleet menus ask
    about each sea next to each fleet, and the answer is the same for all of them."""
    kraken = where(t, s, KRAKEN)
    cyclops = where(t, s, POLYPHEMUS)
    if cyclops == EMPTY:
        return NO_SEAS if kraken == EMPTY else frozenset((kraken,))
    return frozenset(sea for sea in range(t.n_seas) if sea == kraken or cyclops in t.sea_islands[sea])


NO_SEAS: frozenset[int] = frozenset()


def sea_violation(t: Tables, s: CycladesState, sea: int) -> Violation | None:
    """:func:`sea_blocked` as the violation to report."""
    if not sea_blocked(t, s, sea):
        return None
    if where(t, s, KRAKEN) == sea:
        return broken("C-SUMMON-4", N_("no fleet may enter {sea}: the Kraken is there"), sea=t.sea_ids[sea])
    return broken("C-SUMMON-4", N_("no fleet may enter {sea}: Polyphemus stands next to it"), sea=t.sea_ids[sea])


def pinned(t: Tables, s: CycladesState, island: int) -> bool:
    """Medusa stands on ``island``: its troops cannot leave it (Ares, Pegasus, land retreats)."""
    return where(t, s, MEDUSA) == island


def landing_violation(t: Tables, s: CycladesState, island: int, pegasus: bool = False) -> Violation | None:
    """Chiron forbids troops to land on his island: any landing (``chiron_protection=full``) or only a
    Pegasus flight (``pegasus_giant_harpy``)."""
    if where(t, s, CHIRON) != island:
        return None
    if not pegasus and t.options.chiron_protection != "full":
        return None
    return broken("C-SUMMON-4", N_("Chiron protects {island}: no troops may land there"), island=t.island_ids[island])


def shielded(t: Tables, s: CycladesState, island: int) -> bool:
    """Chiron's island cannot be targeted by the Giant or the Harpy (both readings of the option)."""
    return where(t, s, CHIRON) == island


def minotaur_guards(t: Tables, s: CycladesState, island: int) -> bool:
    """Whether the Minotaur counts as a defending unit of ``island`` (``minotaur_mode=unit_worth_2``)."""
    return where(t, s, MINOTAUR) == island and t.options.minotaur_mode == "unit_worth_2"


def minotaur_bonus(t: Tables, s: CycladesState, island: int) -> int:
    """What the Minotaur adds to the defence of ``island`` in a land battle (its worth, data param)."""
    if where(t, s, MINOTAUR) != island:
        return 0
    if not minotaur_guards(t, s, island) and s.troops[island] == 0:
        return 0
    return _params(t, "minotaur").get("minotaur_value", 2)


def _params(t: Tables, key: str) -> dict[str, int]:
    return next(c.params for c in t.data.creatures.creatures if c.key == key)


def param(t: Tables, key: str, name: str, default: int) -> int:
    """A creature's numeric parameter from ``creatures.json`` (reconstructed values stay data)."""
    return _params(t, key).get(name, default)


def describe(t: Tables, s: CycladesState) -> Told | None:
    """The active figures in words, from public fields (for views and logs), or None."""
    parts = []
    for figure, key in enumerate(FIGURES):
        at = where(t, s, figure)
        if at != EMPTY:
            place = t.sea_ids[at] if figure == KRAKEN else t.island_ids[at]
            parts.append(told(N_("{figure} on {place} ({player})"), figure=told(key.capitalize()), place=place,
                              player=seat_word(t, s.figure_seat[figure])))
    return told(N_("Figures: {figures}"), figures=tuple(parts)) if parts else None
