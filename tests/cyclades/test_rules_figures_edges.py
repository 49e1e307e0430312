"""Edges of the figures' lasting rules (rules/figures.py; C-SUMMON-4, C-DATA-6), asked of the module's
functions on a bare board: how long each figure lasts (the Kraken's option in both positions, two
cycles on, a turn begun outside the action phase), the Kraken beside island figures, each blocked sea
and its refusal, Chiron's option in both positions, the Minotaur's option in both positions, and the
figures told in words.

C-SUMMON-4: "Figure creatures may have lasting board effects under the creature booklet (C-DATA-6)."
C-DATA-6: "the lasting rules for figures (placement, duration, interactions) are all in the separate
creature booklet"; the booklet is lost, so the data sheet's readings (creatures.json) are the rule."""

from __future__ import annotations

import pytest
from cyc_helpers import game, war_turn

from kleos.games.cyclades.game import CycladesGame
from kleos.games.cyclades.rules import figures
from kleos.games.cyclades.state import CycladesState
from kleos.games.cyclades.tables import ATHENA, EMPTY, Tables


def _board(**options: str) -> tuple[Tables, CycladesState]:
    """Five players on Athena's turn of Blue's first marker, with the figure options given."""
    g: CycladesGame = game(5, **options)
    _, s = war_turn(5, ATHENA)
    return g.tables, s


def _isle(t: Tables, name: str) -> int:
    return t.island_index[name]


def _sea(t: Tables, name: str) -> int:
    return t.sea_index[name]


def _between_cycles(t: Tables, s: CycladesState, cycles: int) -> None:
    """``cycles`` cycles on, before any action turn of the new one."""
    s.cycle += cycles
    s.phase, s.queue, s.next_order = "offer", [], [EMPTY] * t.n_markers


# ----- how long a figure lasts ---------------------------------------------------------------------
def test_kraken_stays_until_summoned_again_in_its_default_reading() -> None:
    """C-DATA-6 (kraken, kraken_duration=stays, "no fleet may enter or be recruited into its space"):
    the Kraken still blocks its sea three cycles on, after its summoner's turns."""
    t, s = _board()
    figures.place(t, s, figures.KRAKEN, _sea(t, "S10"), 0)
    _between_cycles(t, s, 3)
    s.phase, s.queue, s.next_order[-1] = "action", [1], 0
    assert figures.where(t, s, figures.KRAKEN) == _sea(t, "S10")
    assert figures.sea_blocked(t, s, _sea(t, "S10"))


def test_kraken_lasts_like_the_others_in_the_figure_rule_reading() -> None:
    """C-DATA-6 (kraken, kraken_duration=figure_rule): the Kraken leaves when its summoner begins its
    next action turn, like the island figures."""
    t, s = _board(kraken_duration="figure_rule")
    figures.place(t, s, figures.KRAKEN, _sea(t, "S10"), 0)
    assert figures.where(t, s, figures.KRAKEN) == _sea(t, "S10")
    _between_cycles(t, s, 1)
    s.phase, s.queue = "action", [0]
    assert figures.where(t, s, figures.KRAKEN) == EMPTY
    assert not figures.sea_blocked(t, s, _sea(t, "S10"))


def test_an_island_figure_is_gone_two_cycles_on() -> None:
    """C-SUMMON-4, C-DATA-6 (data sheet: "its power lasts until the start of the summoner's next action
    turn"): two cycles after its placing the summoner has had a turn, even when no turn of this cycle has begun yet."""
    t, s = _board()
    figures.place(t, s, figures.MEDUSA, _isle(t, "I3"), 0)
    _between_cycles(t, s, 1)
    assert figures.pinned(t, s, _isle(t, "I3"))
    _between_cycles(t, s, 1)
    assert not figures.pinned(t, s, _isle(t, "I3"))


def test_a_figure_lasts_through_the_summoners_own_turn_and_the_others() -> None:
    """C-SUMMON-4, C-DATA-6: placed on the summoner's turn, the figure works for the rest of that turn
    and while the other seats act after it, in the same cycle."""
    t, s = _board()
    s.next_order = [EMPTY] * t.n_markers
    s.next_order[-1], s.queue = 3, [0, 1]  # Yellow's marker has finished turn 0; Blue acts in turn 1
    figures.place(t, s, figures.MEDUSA, _isle(t, "I3"), 0)
    assert s.figure_turn[figures.MEDUSA] == 1
    assert figures.pinned(t, s, _isle(t, "I3"))
    s.next_order[-2], s.queue = 0, [1]  # Blue's turn over, Red acts
    assert figures.pinned(t, s, _isle(t, "I3"))
    s.next_order[-3], s.queue = 1, [2]  # Red's turn over too, Green acts
    assert figures.pinned(t, s, _isle(t, "I3"))


def test_a_figure_of_the_last_seat_ignores_the_empty_track_spaces() -> None:
    """C-ACTION-6 ("their offering marker goes on the highest-numbered free space of the turn-order
    track"), C-DATA-6: the free spaces are no turns of anybody's, the last seat's included: its figure
    works while the other seats act."""
    t, s = _board()
    last = t.marker_owner[-1]
    s.next_order, s.queue = [EMPTY] * t.n_markers, [t.n_markers - 1, 0]
    figures.place(t, s, figures.CHIRON, _isle(t, "I6"), last)
    s.next_order[-1], s.queue = t.n_markers - 1, [0]
    assert figures.shielded(t, s, _isle(t, "I6"))


def test_a_second_marker_finishing_right_after_ends_the_figure() -> None:
    """C-TWO-3, C-DATA-6: with two markers a seat may play two turns in a row; the figure summoned in
    the first is gone once the second begins, and stays gone when it is over and another seat acts."""
    g = game(2)
    _, s = war_turn(2, ATHENA)
    t = g.tables
    s.next_order, s.queue = [EMPTY] * t.n_markers, [0, 1, 2]
    figures.place(t, s, figures.MEDUSA, _isle(t, "I3"), 0)
    s.next_order[-1], s.queue = 0, [1, 2]
    assert not figures.pinned(t, s, _isle(t, "I3"))  # the second marker's turn has begun
    s.next_order[-2], s.queue = 1, [2]
    assert not figures.pinned(t, s, _isle(t, "I3"))  # and is over: Red acts


def test_a_turn_at_the_queue_head_counts_only_in_the_action_phase() -> None:
    """C-ACTION-6, C-DATA-6: the next cycle's queue may already hold the summoner's marker first while
    the offerings go on; the figure still works until that action turn begins."""
    t, s = _board()
    figures.place(t, s, figures.CHIRON, _isle(t, "I6"), 0)
    _between_cycles(t, s, 1)
    s.queue = [0, 1]
    assert figures.shielded(t, s, _isle(t, "I6"))
    s.phase = "action"
    assert not figures.shielded(t, s, _isle(t, "I6"))


def test_expire_takes_off_every_figure_whose_power_ended_and_only_those() -> None:
    """C-DATA-6: once the summoner's next turn begins the figures leave the board, the last of the
    five (Chiron) too; a Kraken that stays is left."""
    t, s = _board()
    figures.place(t, s, figures.KRAKEN, _sea(t, "S10"), 0)
    figures.place(t, s, figures.CHIRON, _isle(t, "I6"), 0)
    figures.place(t, s, figures.MINOTAUR, _isle(t, "I2"), 1)
    _between_cycles(t, s, 1)
    s.phase, s.queue = "action", [0]
    figures.expire(t, s)
    assert s.figure_at[figures.CHIRON] == s.figure_seat[figures.CHIRON] == EMPTY
    assert s.figure_at[figures.MINOTAUR] == _isle(t, "I2") and s.figure_seat[figures.MINOTAUR] == 1
    assert s.figure_at[figures.KRAKEN] == _sea(t, "S10")


# ----- placing -------------------------------------------------------------------------------------
def test_the_kraken_meets_no_island_figure() -> None:
    """C-DATA-6 (data sheet: "if two figures are on one island they destroy each other"; "The Kraken is
    a figure with its own duration"): the Kraken stands on a sea, so a sea and an island of the same
    number do not make two figures meet, whichever is placed last."""
    t, s = _board()
    figures.place(t, s, figures.MEDUSA, 3, 1)
    figures.place(t, s, figures.KRAKEN, 3, 0)
    assert figures.where(t, s, figures.MEDUSA) == 3 and figures.where(t, s, figures.KRAKEN) == 3
    figures.place(t, s, figures.CHIRON, 4, 1)
    figures.place(t, s, figures.KRAKEN, 4, 0)
    figures.place(t, s, figures.POLYPHEMUS, 3, 2)
    assert figures.where(t, s, figures.KRAKEN) == 4 and figures.where(t, s, figures.CHIRON) == 4
    assert figures.where(t, s, figures.MEDUSA) == figures.where(t, s, figures.POLYPHEMUS) == EMPTY


def test_placing_records_summoner_cycle_and_turn() -> None:
    """C-DATA-6: a figure remembers who summoned it, in which cycle and turn (its duration's start)."""
    t, s = _board()
    assert not figures.active(t, s, figures.POLYPHEMUS)  # not on the board: no power
    s.cycle = 4
    figures.place(t, s, figures.POLYPHEMUS, _isle(t, "I5"), 2)
    assert (s.figure_at[figures.POLYPHEMUS], s.figure_seat[figures.POLYPHEMUS]) == (_isle(t, "I5"), 2)
    assert (s.figure_cycle[figures.POLYPHEMUS], s.figure_turn[figures.POLYPHEMUS]) == (4, 0)


# ----- seas ----------------------------------------------------------------------------------------
def _blocked_each(t: Tables, s: CycladesState) -> frozenset[int]:
    return frozenset(sea for sea in range(t.n_seas) if figures.sea_blocked(t, s, sea))


def test_blocked_seas_are_the_krakens_and_those_next_to_polyphemus() -> None:
    """C-SUMMON-4, C-DATA-6 (kraken, polyphemus: "no fleet may enter or be recruited into the sea spaces
    next to it"): no figure, the Kraken alone, Polyphemus alone, both; the set is the one sea by sea."""
    t, s = _board()
    assert figures.blocked_seas(t, s) == _blocked_each(t, s) == frozenset()
    kraken = _sea(t, "S3")
    figures.place(t, s, figures.KRAKEN, kraken, 0)
    assert figures.blocked_seas(t, s) == _blocked_each(t, s) == {kraken}
    figures.remove(s, figures.KRAKEN)
    cyclops = _isle(t, "I2")
    next_to = frozenset(sea for sea in range(t.n_seas) if cyclops in t.sea_islands[sea])
    assert len(next_to) >= 2 and kraken not in next_to
    figures.place(t, s, figures.POLYPHEMUS, cyclops, 1)
    assert figures.blocked_seas(t, s) == _blocked_each(t, s) == next_to
    figures.place(t, s, figures.KRAKEN, kraken, 0)
    assert figures.blocked_seas(t, s) == _blocked_each(t, s) == next_to | {kraken}


def test_each_blocked_sea_is_refused_with_its_figure() -> None:
    """C-SUMMON-4: a blocked sea is refused naming the Kraken or Polyphemus and the sea; the Kraken is
    named when both block it; a free sea is no violation."""
    t, s = _board()
    cyclops = _isle(t, "I2")
    near = next(sea for sea in range(t.n_seas) if cyclops in t.sea_islands[sea])
    far = next(sea for sea in range(t.n_seas) if cyclops not in t.sea_islands[sea])
    figures.place(t, s, figures.POLYPHEMUS, cyclops, 1)
    figures.place(t, s, figures.KRAKEN, far, 0)
    for sea, words in ((near, "Polyphemus stands next to it"), (far, "the Kraken is there")):
        refused = figures.sea_violation(t, s, sea)
        assert refused is not None
        assert (refused.rule, refused.message) == ("C-SUMMON-4", f"no fleet may enter {t.sea_ids[sea]}: {words}")
    figures.place(t, s, figures.KRAKEN, near, 0)
    both = figures.sea_violation(t, s, near)
    assert both is not None and both.message == f"no fleet may enter {t.sea_ids[near]}: the Kraken is there"
    assert figures.sea_violation(t, s, far) is None


# ----- islands -------------------------------------------------------------------------------------
def test_chiron_landings_in_both_readings() -> None:
    """C-TROOP-3, C-DATA-6 (chiron_protection): ``full`` refuses any landing on his island and
    ``pegasus_giant_harpy`` only a Pegasus flight; another island is never refused."""
    for option, ares_refused in (("full", True), ("pegasus_giant_harpy", False)):
        t, s = _board(chiron_protection=option)
        island, other = _isle(t, "I6"), _isle(t, "I2")
        figures.place(t, s, figures.CHIRON, island, 1)
        pegasus = figures.landing_violation(t, s, island, pegasus=True)
        assert pegasus is not None and pegasus.rule == "C-SUMMON-4"
        assert pegasus.message == "Chiron protects I6: no troops may land there"
        assert (figures.landing_violation(t, s, island) is not None) == ares_refused, option
        assert figures.landing_violation(t, s, other, pegasus=True) is None
        assert figures.shielded(t, s, island) and not figures.shielded(t, s, other)


def test_medusa_pins_only_her_island() -> None:
    """C-TROOP-1, C-DATA-6 (medusa, "troops there cannot leave it"): the island next door is free."""
    t, s = _board()
    figures.place(t, s, figures.MEDUSA, _isle(t, "I3"), 0)
    assert figures.pinned(t, s, _isle(t, "I3")) and not figures.pinned(t, s, _isle(t, "I2"))


def test_minotaur_in_both_readings_with_and_without_troops() -> None:
    """C-BATTLE-2, C-DATA-6 (minotaur, "an extra defending unit worth a bonus"; param minotaur_value=2):
    ``unit_worth_2`` guards its island with or without troops; ``bonus_2`` adds 2 only where troops
    defend; the island next door gets nothing."""
    for option, guards, empty_bonus in (("unit_worth_2", True, 2), ("bonus_2", False, 0)):
        t, s = _board(minotaur_mode=option)
        island, other = _isle(t, "I2"), _isle(t, "I3")
        figures.place(t, s, figures.MINOTAUR, island, 1)
        s.troops[other] = 2
        assert figures.minotaur_guards(t, s, island) == guards, option
        assert not figures.minotaur_guards(t, s, other)
        assert figures.minotaur_bonus(t, s, island) == empty_bonus, option
        assert figures.minotaur_bonus(t, s, other) == 0
        s.troops[island] = 1
        assert figures.minotaur_bonus(t, s, island) == 2, option


def test_parameters_come_from_the_data_with_a_default_for_the_missing() -> None:
    """C-DATA-6: a creature's numbers are data (creatures.json: Minotaur ``minotaur_value`` 2, Kraken
    ``kraken_move_cost`` 1); a number the data does not give takes the caller's default."""
    t, _ = _board()
    assert figures.param(t, "minotaur", "minotaur_value", 9) == 2
    assert figures.param(t, "kraken", "kraken_move_cost", 9) == 1
    assert figures.param(t, "kraken", "no_such_number", 9) == 9


def test_the_minotaurs_worth_is_read_from_the_data(monkeypatch: pytest.MonkeyPatch) -> None:
    """C-BATTLE-2, C-DATA-6 (creatures.json, minotaur: "an extra defending unit worth a bonus"): the
    Minotaur is worth the data's ``minotaur_value``, and 2 when the data gives none."""
    t, s = _board()
    island = _isle(t, "I2")
    figures.place(t, s, figures.MINOTAUR, island, 1)
    params = next(c.params for c in t.data.creatures.creatures if c.key == "minotaur")
    monkeypatch.setitem(params, "minotaur_value", 3)
    assert figures.minotaur_bonus(t, s, island) == 3
    monkeypatch.delitem(params, "minotaur_value")
    assert figures.minotaur_bonus(t, s, island) == 2


# ----- words ---------------------------------------------------------------------------------------
def test_every_figure_told_with_its_space_and_summoner() -> None:
    """C-SUMMON-4, C-INFO-4: the Kraken is told on its sea, the island figures on their islands, each
    with its summoner, in the figures' order."""
    t, s = _board()
    figures.place(t, s, figures.CHIRON, _isle(t, "I6"), 2)
    figures.place(t, s, figures.KRAKEN, _sea(t, "S1"), 0)
    figures.place(t, s, figures.MEDUSA, _isle(t, "I3"), 1)
    shown = figures.describe(t, s)
    assert shown is not None
    assert shown.text == "Figures: Kraken on S1 (Blue), Medusa on I3 (Red), Chiron on I6 (Green)"
