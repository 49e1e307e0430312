"""Edges of moving hoplites and galleys (rules/movement.py, R-MOVE, R-ACT-MOVEHOP, R-ACT-MOVEGAL): each
refusal names its rule and says what it refuses; the reason a unit cannot reach the destination is
the rule that keeps it out (the opponent's control where both control and a full region of one's own
stand in the way); and the two refusals the shipped map never calls for (no chain of seas, no path at
all) hold on a map with regions cut off, as a replaced map file may have.

Map (reconstructed data, polis-data.md 11.1): Ionion pelagos links only to Myrtoon pelagos (and, by the
diolkos, to Kyklades for the owner of Korinthos); Myrtoon links to Kyklades and Noties sporades, both
of which link to Thrakiko pelagos; Boiotia has no coast; Ionia is reached only by sea."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

import pytest
from rules_helpers import EDITIONS, assert_illegal, board, units

from kleos.games.polis.game import PolisGame
from kleos.games.polis.positions import play, set_units


@pytest.fixture(params=EDITIONS)
def game(request: pytest.FixtureRequest) -> PolisGame:
    return PolisGame(request.param)


# ----- starting a move: each refusal's rule and words ------------------------------------------------
def test_a_full_destination_is_refused_with_the_limit_and_the_region(game: PolisGame) -> None:
    """R-MOVE-3: N = 3 in the first round."""
    s = board(game, round=0, Thessalia=(3, 0), Attika=(1, 0))
    err = assert_illegal(game, s, "march Thessalia", "R-MOVE-3", listed=False)
    assert err.message == "already 3 units in Thessalia"


def test_an_unreachable_destination_is_named(game: PolisGame) -> None:
    """R-ACT-GEN-6: no Athenian unit on the board at all."""
    s = board(game, round=1)
    err = assert_illegal(game, s, "sail Kyklades", "R-ACT-GEN-6", listed=False)
    assert err.message == "no unit can reach Kyklades"


@pytest.mark.parametrize("text,rule,message", [
    ("sail Persia", "R-ACT-MOVEGAL-2", "Persia is not a sea"),
    ("march Epidamnos", "R-ACT-MOVEHOP-10", "hoplites can never enter the neutral area of Epidamnos"),
    ("sail Attika", "R-ACT-MOVEGAL-2", "Attika is not a sea"),
    ("march Kyklades", "R-ACT-MOVEHOP-2", "Kyklades is not a territory"),
    ("march", "R-MOVE-1", "usage: march <territory>"),
    ("sail", "R-MOVE-1", "usage: sail <sea>"),
    ("march Atlantis", "R-MOVE-1", "usage: march <territory>"),
    ("sail Kyklades Attika", "R-MOVE-1", "usage: sail <sea>"),
    ("march Thessalia Boiotia", "R-MOVE-1", "usage: march <territory>"),
])
def test_a_refused_destination_is_named_with_its_rule(game: PolisGame, text: str, rule: str, message: str) -> None:
    """R-ACT-MOVEGAL-2, R-ACT-MOVEHOP-10, R-MAP-5: never a neutral area; R-ACT-MOVEHOP-2: galleys sail to
    seas, hoplites march to territories; R-MOVE-1: one destination, named once, and a second name is not
    a second move (the verb's usage)."""
    s = board(game, round=1, Attika=(1, 0), Kyklades=(1, 0))
    err = assert_illegal(game, s, text, rule, listed=False)
    assert err.message == message


# ----- moving a unit: each refusal's rule and words -----------------------------------------------
def test_a_unit_step_names_exactly_one_region(game: PolisGame) -> None:
    """R-MOVE-4: ``from`` and one start region; two regions are not two units."""
    s = board(game, round=1, Attika=(1, 0), Boiotia=(1, 0))
    play(game, s, "march Thessalia")
    for text in ("from Attika Boiotia", "from", "from Atlantis", "hold Attika"):
        err = assert_illegal(game, s, text, "R-MOVE-4", listed=False)
        assert err.message == "move the next unit with 'from <region>', or 'done'"


def test_a_step_into_a_full_destination_is_refused(game: PolisGame) -> None:
    """R-MOVE-3: the action ends by itself when the destination fills, so a step that finds it full
    (here filled at exactly N = 3 behind the action's back) is refused, not carried out."""
    s = board(game, round=0, Attika=(2, 0), Thessalia=(1, 0))
    play(game, s, "march Thessalia", "from Attika")
    set_units(game, s, "Thessalia", athens=3, sparta=0)
    err = assert_illegal(game, s, "from Attika", "R-MOVE-3", listed=False)
    assert err.message == "Thessalia is full"


def test_units_at_the_destination_and_empty_starts_are_named(game: PolisGame) -> None:
    """R-MOVE-1, R-MOVE-2."""
    s = board(game, round=1, Attika=(1, 0), Thessalia=(1, 0))
    play(game, s, "march Thessalia")
    err = assert_illegal(game, s, "from Thessalia", "R-MOVE-1", listed=False)
    assert err.message == "units already in Thessalia do not move"
    err = assert_illegal(game, s, "from Sikelia", "R-MOVE-2", listed=False)
    assert err.message == "you have no unit to move in Sikelia"


def test_the_action_counts_the_units_moved(game: PolisGame) -> None:
    """R-MOVE-4: one unit at a time; the pending action records how many have moved, so 'done' is
    offered after the first."""
    s = board(game, round=1, Attika=(3, 0))
    thessalia = game.tables.region_index["Thessalia"]
    play(game, s, "march Thessalia")
    assert s.pending == ("march", thessalia, 0)
    play(game, s, "from Attika")
    assert s.pending == ("march", thessalia, 1)
    play(game, s, "from Attika")
    assert s.pending == ("march", thessalia, 2)


# ----- why a unit cannot reach the destination -------------------------------------------------------
def test_a_full_region_of_ones_own_is_told_with_the_route(game: PolisGame) -> None:
    """R-ACT-MOVEHOP-9, R-MOVE-9: lifting the stacking limit alone would free the path."""
    s = board(game, round=0, Boiotia=(1, 0), Thessalia=(3, 0), Akarnania=(1, 0))
    play(game, s, "march Makedonia")
    err = assert_illegal(game, s, "from Boiotia", "R-ACT-MOVEHOP-9", listed=False)
    assert err.message == ("a path from Boiotia to Makedonia would cross a region where you already have N units "
                           "(R-MOVE-9)")


def test_the_opponents_control_is_told_with_the_route(game: PolisGame) -> None:
    """R-ACT-MOVEHOP-8, R-MOVE-7."""
    s = board(game, round=1, Attika=(1, 0), Makedonia=(1, 0), Boiotia=(0, 1), Kyklades=(0, 1))
    play(game, s, "march Thessalia")
    err = assert_illegal(game, s, "from Attika", "R-ACT-MOVEHOP-8", listed=False)
    assert err.message == "every path from Attika to Thessalia crosses a region the opponent controls (R-MOVE-7)"


def test_control_is_named_where_control_and_a_full_region_both_block(game: PolisGame) -> None:
    """R-ACT-MOVEGAL-4, R-MOVE-7, R-MOVE-9: the galley in Ionion pelagos must cross Myrtoon pelagos (3 own
    galleys, N = 3) and then Kyklades or Noties sporades (both Spartan); neither lifting the limit nor
    lifting control alone frees a path, so the refusal names the opponent's control, which no move of
    one's own can lift (Korinthos is not Athenian, so the diolkos is shut)."""
    s = board(game, round=0, IonionPelagos=(1, 0), MyrtoonPelagos=(3, 0), Kyklades=(1, 2), NotiesSporades=(0, 1))
    play(game, s, "sail ThrakikoPelagos")
    err = assert_illegal(game, s, "from IonionPelagos", "R-ACT-MOVEGAL-4", listed=False)
    assert err.message == ("every path from IonionPelagos to ThrakikoPelagos crosses a region the opponent "
                           "controls (R-MOVE-7)")
    play(game, s, "from Kyklades")
    assert units(game, s, "ThrakikoPelagos", 0) == 1


def test_a_sea_only_start_with_no_sea_path_is_told_so(game: PolisGame) -> None:
    """R-ACT-MOVEHOP-11, R-ACT-MOVEHOP-6: a hoplite in Ionia lands where its sea path ends; Boiotia has no
    coast, so no path leads there from Ionia, whatever the control and the limits."""
    s = board(game, round=1, Ionia=(1, 0), Attika=(1, 0))
    play(game, s, "march Boiotia")
    err = assert_illegal(game, s, "from Ionia", "R-ACT-MOVEHOP-11", listed=False)
    assert err.message == "Ionia and Sikelia are reached only by sea: no sea path leads from Ionia to Boiotia"


# ----- a map with regions cut off ------------------------------------------------------------------
@pytest.fixture(scope="module")
def cut_map(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The shipped map less the link Myrtoon pelagos-Ionion pelagos and every land link of Boiotia (the
    per-link sources of the adjacency lists go with the links they name)."""
    shipped = resources.files("kleos.games.polis") / "data" / "common" / "map.json"
    data = json.loads(shipped.read_text(encoding="utf-8"))
    data["sea_adjacency"] = [pair for pair in data["sea_adjacency"] if set(pair) != {"MyrtoonPelagos", "IonionPelagos"}]
    data["land_adjacency"] = [pair for pair in data["land_adjacency"] if "Boiotia" not in pair]
    data["provenance"] = {key: value for key, value in data["provenance"].items() if "_adjacency[" not in key}
    folder = tmp_path_factory.mktemp("cut_map")
    (folder / "map.json").write_text(json.dumps(data), encoding="utf-8")
    return folder


@pytest.mark.parametrize("edition", EDITIONS)
def test_no_chain_of_seas_on_a_cut_map(cut_map: Path, edition: str) -> None:
    """R-ACT-MOVEGAL-3: with Ionion pelagos cut off, its galley has no chain of seas to Noties sporades,
    though no region on the way is controlled or full."""
    game = PolisGame(edition, cut_map)
    s = board(game, round=1, IonionPelagos=(1, 0), Kyklades=(1, 0))
    play(game, s, "sail NotiesSporades")
    err = assert_illegal(game, s, "from IonionPelagos", "R-ACT-MOVEGAL-3", listed=False)
    assert err.message == "no chain of adjacent seas leads from IonionPelagos to NotiesSporades"


@pytest.mark.parametrize("edition", EDITIONS)
def test_no_path_at_all_on_a_cut_map(cut_map: Path, edition: str) -> None:
    """R-ACT-MOVEHOP-3: Boiotia, with no coast and no land link, has neither a land nor a sea path."""
    game = PolisGame(edition, cut_map)
    s = board(game, round=1, Boiotia=(1, 0), Attika=(1, 0))
    play(game, s, "march Megaris")
    err = assert_illegal(game, s, "from Boiotia", "R-ACT-MOVEHOP-3", listed=False)
    assert err.message == "neither a land path nor a sea path leads from Boiotia to Megaris"
