"""The rule switches of ``edition.json`` that choose between two readings of an unclear rule, each
played in both positions: the default reading of the spec's ruling and the other one it names.

- ``salpinx_unpaid_loses`` (A-8, R-BATTLE-24): an attacker who cannot pay his Salpinx loses at once,
  or stops at 0 prestige and is judged by the zero-prestige check at the round's end (R-EOR-28).
- ``ransom_to_capital_even_if_occupied`` (A-20, R-ACT-RANSOM-5, R-MAP-23): the ransomed proxenos
  goes to its capital even past the opponent's proxenos there, or there is no ransom while it is.
- ``zero_prestige_after_each_step`` (A-23, R-EOR-28, R-END-3): zero prestige is checked once after
  the end-of-round steps, or after each step.
- ``spoilage_rounding`` (A-1, R-EOR-20, R-EOR-21): perishable goods keep half rounded up, or the
  printed German rule's half rounded down.

``siege_disc_scope`` and ``post_pass_siege_repeat`` are played in both positions by
``test_options.py``, ``test_siege.py`` and ``test_rules_siege_edges.py``.

The games load an empty event file, so no event card decides anything.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from rules_helpers import EDITIONS, assert_illegal, feed_exactly, legal, over, put_proxenos

from kleos.games.polis import positions as pos
from kleos.games.polis.game import PolisGame
from kleos.games.polis.rules import end_of_round
from kleos.games.polis.state import BATTLES, END_OF_ROUND, PolisState
from kleos.games.polis.tables import ATHENS, NO_ONE, SPARTA

READINGS = (True, False)


@pytest.fixture(scope="module")
def no_events(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("no_events")
    (folder / "events.json").write_text('{"decks": []}', encoding="utf-8")
    return folder


def game_with(folder: Path, edition: str, switch: str, value: bool) -> PolisGame:
    """A game with one switch set; the default value must give the packaged rules exactly."""
    game = PolisGame(edition, folder, rules={switch: value})
    assert getattr(game.tables.rules, switch) is value
    return game


# ----- salpinx_unpaid_loses (A-8) -----------------------------------------------------------------
def unpaid_salpinx(game: PolisGame) -> PolisState:
    """Sparta, at 0 prestige, ends his turn with 5 hoplites against 3 in Boiotia and attacks with
    Salpinx (-1) and Ippiko/Antistasi (0) against two Phalanx/Proothisi: a net -1 he cannot pay; Athens loses
    both units of the pairs and keeps 1, which ends the battle (R-BATTLE-26)."""
    s = pos.turn_position(game, round=1, active="sparta")
    pos.set_units(game, s, "Boiotia", 3, 5)
    pos.set_prestige(s, SPARTA, 0)
    pos.play(game, s, "hoplites Sparti", "pay iron", "galleys Pylos", "pay wood IonionPelagos")
    assert s.phase == BATTLES and s.battle is not None
    pos.play(game, s, "fight")  # Athens; Sparta, at 0, has no retreat to declare (R-BATTLE-32)
    hands = {SPARTA: ("Salpinx", "Ippiko/Antistasi", "Ippiko/Antistasi", "Peltastes/Antistasi", "Peltastes/Antistasi"),
             ATHENS: ("Phalanx/Proothisi", "Phalanx/Proothisi", "Toxotis/Voli")}
    for side in (SPARTA, ATHENS):  # the first attacker on land is dealt first (R-BATTLE-14)
        pos.play(game, s, *(f"card {code}" for code in hands[side]))
    pos.play(game, s, "attack Ippiko/Antistasi Salpinx", "defend Phalanx/Proothisi Phalanx/Proothisi")
    return s


@pytest.mark.parametrize("edition", EDITIONS)
def test_unpaid_salpinx_loses_at_once_by_default(edition: str, no_events: Path) -> None:
    """R-BATTLE-24, R-BATTLE-34, R-END-1 (A-8, salpinx_unpaid_loses on): the game ends in the combat
    round and Athens wins, before any unit is lost."""
    game = game_with(no_events, edition, "salpinx_unpaid_loses", True)
    s = unpaid_salpinx(game)
    assert over(s) == ("salpinx", ATHENS)
    assert s.units[game.tables.region_index["Boiotia"] * 2 + ATHENS] == 3


@pytest.mark.parametrize("edition", EDITIONS)
def test_unpaid_salpinx_stops_at_zero_when_switched_off(edition: str, no_events: Path) -> None:
    """A-8 (config, salpinx_unpaid_loses off), R-BATTLE-20, R-BATTLE-26: Sparta's prestige stays at 0,
    Athens loses his two units, the battle ends and the game goes on to Athens' turn; at the round's
    end the zero-prestige check judges Sparta (R-EOR-28, R-END-3)."""
    game = game_with(no_events, edition, "salpinx_unpaid_loses", False)
    s = unpaid_salpinx(game)
    assert s.outcome is None and s.prestige[SPARTA] == 0
    assert s.units[game.tables.region_index["Boiotia"] * 2 + ATHENS] == 1
    assert s.battle is None and s.active == ATHENS and game.actors(s) == (ATHENS,)
    feed_exactly(s)
    pos.play(game, s, "pass", "pass")
    if s.phase == END_OF_ROUND:  # [2012] Phoros: Athens may give some; Sparta, at 0, has none to give
        pos.play(game, s, "phoros 0")
    assert over(s) == ("ostracism", ATHENS)


# ----- ransom_to_capital_even_if_occupied (A-20) -------------------------------------------------
def captive_with_sparta_in_athinae(game: PolisGame) -> PolisState:
    """Athens' proxenos is held by Sparta, whose proxenos stands in Athinae; Athens has 3 silver."""
    s = pos.turn_position(game, round=1, active="athens")
    put_proxenos(game, s, ATHENS, None)
    put_proxenos(game, s, SPARTA, "Athinae")
    pos.set_goods(s, ATHENS, silver=3)
    return s


@pytest.mark.parametrize("edition", EDITIONS)
def test_ransom_to_an_occupied_capital_by_default(edition: str, no_events: Path) -> None:
    """R-ACT-RANSOM-5, R-MAP-23 (A-20, ransom_to_capital_even_if_occupied on): the ransomed proxenos
    joins Sparta's in Athinae; one proxenos per polis limits only moves."""
    game = game_with(no_events, edition, "ransom_to_capital_even_if_occupied", True)
    s = captive_with_sparta_in_athinae(game)
    assert "ransom" in legal(game, s)
    pos.play(game, s, "ransom")
    athinae = game.tables.capital[ATHENS]
    assert s.proxenos == [athinae, athinae]


@pytest.mark.parametrize("edition", EDITIONS)
def test_no_ransom_while_the_capital_is_occupied_when_switched_off(edition: str, no_events: Path) -> None:
    """A-20 (config, ransom_to_capital_even_if_occupied off), R-ACT-RANSOM-5, R-MAP-23: while Sparta's
    proxenos stands in Athinae there is no ransom (not listed, refused, nothing paid); once it has left,
    the ransom is possible again (R-ACT-RANSOM-3, R-ACT-RANSOM-4)."""
    game = game_with(no_events, edition, "ransom_to_capital_even_if_occupied", False)
    s = captive_with_sparta_in_athinae(game)
    refusal = assert_illegal(game, s, "ransom", "R-ACT-RANSOM-5")
    assert refusal.message == "the opponent's proxenos stands in Athinae: no ransom while it is there"
    put_proxenos(game, s, SPARTA, "Thibae")
    assert "ransom" in legal(game, s)
    pos.play(game, s, "ransom")
    assert s.proxenos[ATHENS] == game.tables.capital[ATHENS]
    assert pos.goods_of(s, "athens")["silver"] == 1


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_free_proxenos_is_never_blocked_by_the_switch(edition: str, no_events: Path) -> None:
    """R-ACT-RANSOM-3: with the switch off, a proxenos on the map still has no ransom to take, and the
    refusal names that rule, not the occupied capital."""
    game = game_with(no_events, edition, "ransom_to_capital_even_if_occupied", False)
    s = captive_with_sparta_in_athinae(game)
    put_proxenos(game, s, ATHENS, "Chalkis")
    assert_illegal(game, s, "ransom", "R-ACT-RANSOM-3")
    assert s.proxenos[SPARTA] != NO_ONE


# ----- zero_prestige_after_each_step (A-23) --------------------------------------------------------
def fed_with_the_last_prestige(game: PolisGame) -> PolisState:
    """Athens owns Chios with 3 cubes (base 2) and lacks 3 wheat; with 3 prestige, feeding takes him to
    0 and Megalopolis would give 1 back (R-EOR-13, R-EOR-19)."""
    s = pos.turn_position(game, round=0, active="athens")
    pos.set_polis(game, s, "Chios", "athens", 3)
    pos.set_prestige(s, ATHENS, 3)
    feed_exactly(s)
    pos.set_goods(s, ATHENS, wheat=end_of_round.requirement(s, ATHENS) - 3)
    pos.play(game, s, "pass", "pass", "feed")
    return s


@pytest.mark.parametrize("edition", EDITIONS)
def test_zero_prestige_checked_once_after_the_steps_by_default(edition: str, no_events: Path) -> None:
    """R-EOR-28, R-END-3 (A-23, zero_prestige_after_each_step off): 0 after feeding is no defeat, since
    Megalopolis gives 1 back before the one check."""
    game = game_with(no_events, edition, "zero_prestige_after_each_step", False)
    s = fed_with_the_last_prestige(game)
    assert s.outcome is None and s.prestige[ATHENS] == 1


@pytest.mark.parametrize("edition", EDITIONS)
def test_zero_prestige_checked_after_each_step_when_switched_on(edition: str, no_events: Path) -> None:
    """A-23 (config, zero_prestige_after_each_step on), R-EOR-28, R-END-3, R-END-4: the check after the
    feeding step ends the game before growth and Megalopolis; Sparta wins."""
    game = game_with(no_events, edition, "zero_prestige_after_each_step", True)
    s = fed_with_the_last_prestige(game)
    assert over(s) == ("ostracism", SPARTA)
    assert s.prestige[ATHENS] == 0 and s.eor_step == end_of_round.GROW


def both_at_zero_with_a_big_polis_each(game: PolisGame) -> PolisState:
    """Both players end their turns at 0 prestige, fed exactly, each owning a polis above its base
    population, so that Megalopolis gives each 1 (R-EOR-19)."""
    s = pos.turn_position(game, round=0, active="athens")
    pos.set_polis(game, s, "Chios", "athens", 3)
    pos.set_polis(game, s, "Thibae", "sparta", 5)
    for side in (ATHENS, SPARTA):
        pos.set_prestige(s, side, 0)
    feed_exactly(s)
    pos.play(game, s, "pass", "pass")
    return s


@pytest.mark.parametrize(("each_step", "outcome"), [(False, None), (True, ("ostracism", None))])
def test_zero_prestige_before_feeding(each_step: bool, outcome: tuple[str, None] | None, no_events: Path) -> None:
    """R-EOR-28, R-END-5 (A-23, A-24): both at 0 when the round ends, each saved by Megalopolis. Checked
    once after the steps (off): no one loses. Checked after each step (on): the check after step 1
    finds both at 0, a draw."""
    for edition in EDITIONS:
        game = game_with(no_events, edition, "zero_prestige_after_each_step", each_step)
        s = both_at_zero_with_a_big_polis_each(game)
        if outcome is None:
            assert s.outcome is None and s.prestige == [1, 1], edition
        else:
            assert over(s) == outcome, edition
            assert s.eor_step == end_of_round.FEED, edition


@pytest.mark.parametrize("each_step", READINGS)
def test_the_check_after_phoros_holds_in_both_readings(each_step: bool, no_events: Path) -> None:
    """R-EOR-27, R-EOR-28 (A-23): Phoros that takes Athens to 0 loses in either reading."""
    game = game_with(no_events, "2012", "zero_prestige_after_each_step", each_step)
    s = pos.turn_position(game, round=0, active="athens")
    pos.set_prestige(s, ATHENS, 2)
    feed_exactly(s)
    pos.play(game, s, "pass", "pass")
    assert s.phase == END_OF_ROUND and s.eor_step == end_of_round.PHOROS
    pos.play(game, s, "phoros 2", "phoros 0")
    assert over(s) == ("ostracism", SPARTA)


# ----- spoilage_rounding (A-1) ----------------------------------------------------------------------
@pytest.mark.parametrize(("rounding", "kept"), [("keep_half_up", 3), ("german_printed", 2)])
def test_spoilage_rounding_in_both_positions(rounding: str, kept: int, no_events: Path) -> None:
    """R-EOR-20, R-EOR-21 (A-1): 5 wine keep ceil(5 / 2) = 3 by default; the printed German rule
    (spoilage_rounding german_printed) keeps floor(5 / 2) = 2."""
    for edition in EDITIONS:
        game = PolisGame(edition, no_events, rules={"spoilage_rounding": rounding})
        s = pos.turn_position(game, round=0, active="athens")
        feed_exactly(s)
        pos.set_goods(s, ATHENS, wine=5)
        pos.play(game, s, "pass", "pass")
        assert s.phase == END_OF_ROUND and s.eor_step == end_of_round.PHOROS, edition
        assert pos.goods_of(s, "athens")["wine"] == kept, edition
