"""Move hoplites (``march``) and galleys (``sail``): R-MOVE-*, R-ACT-MOVEHOP-*, R-ACT-MOVEGAL-*, EX-5, EX-6.

Each test clears the board's units first and places only the ones it needs, so every path that
matters is visible in the test. Map (reconstructed data, polis-data.md 11.1): Attika-Boiotia-Thessalia-
Makedonia, Megaris-Boiotia; Kyklades borders Attika, Megaris, Thessalia; Ionia borders only Noties sporades;
Myrtoon pelagos links Ionion pelagos to Kyklades and Noties sporades; Boiotia has no coast.
"""

from __future__ import annotations

import pytest
from rules_helpers import EDITIONS, assert_illegal, board, legal_set, units

from kleos.games.polis.board import controller, hoplite_can_reach
from kleos.games.polis.game import PolisGame
from kleos.games.polis.positions import play, set_polis, set_prestige, set_units
from kleos.games.polis.state import PolisState


@pytest.fixture(params=EDITIONS)
def game(request: pytest.FixtureRequest) -> PolisGame:
    return PolisGame(request.param)


# ----- common rules --------------------------------------------------------------------------------
def test_moves_cost_one_prestige(game: PolisGame) -> None:
    """R-ACT-MOVEHOP-1, R-ACT-MOVEGAL-1."""
    s = board(game, round=1, Attika=(1, 0), Kyklades=(1, 0))
    prestige = s.prestige[0]
    play(game, s, "march Boiotia", "from Attika", "sail NotiesSporades", "from Kyklades")
    assert s.prestige[0] == prestige - 2


def test_one_destination_for_every_unit(game: PolisGame) -> None:
    """R-MOVE-1, R-MOVE-2, R-MOVE-4: the destination is named once; units from different regions, one
    at a time, all end there."""
    s = board(game, round=1, Attika=(2, 0), Makedonia=(1, 0), Thessalia=(1, 0))
    assert_illegal(game, s, "march", "R-MOVE-1", listed=False)
    play(game, s, "march Thessalia")
    assert legal_set(game, s) == {"from Attika", "from Makedonia"}
    assert_illegal(game, s, "from Thessalia", "R-MOVE-1", listed=False)
    assert_illegal(game, s, "from Sikelia", "R-MOVE-2", listed=False)
    assert_illegal(game, s, "march Boiotia", "R-MOVE-4", listed=False)
    play(game, s, "from Makedonia", "from Attika", "done")
    assert (units(game, s, "Thessalia", 0), units(game, s, "Attika", 0), units(game, s, "Makedonia", 0)) == (3, 1, 0)


@pytest.mark.parametrize("verb,dest,start", [("march", "Thessalia", "Attika"), ("sail", "Kyklades", "NotiesSporades")])
def test_at_most_n_minus_the_units_already_there(game: PolisGame, verb: str, dest: str, start: str) -> None:
    """R-MOVE-3, R-ACT-MOVEHOP-12, R-ACT-MOVEGAL-6: N = 4 and 2 already there: 2 may come, then the
    action ends by itself; with 4 there the move cannot even start."""
    s = board(game, {dest: (2, 0), start: (4, 0)}, round=1)
    play(game, s, f"{verb} {dest}", f"from {start}", f"from {start}")
    assert s.pending is None
    assert (units(game, s, dest, 0), units(game, s, start, 0)) == (4, 2)
    s = board(game, {dest: (4, 0), start: (1, 0)}, round=1)
    assert_illegal(game, s, f"{verb} {dest}", "R-MOVE-3", listed=False)


def test_distance_does_not_matter(game: PolisGame) -> None:
    """R-MOVE-6: Lakedaemon to Makedonia in one move, around Arkadia (Athenian) through Messinia,
    Achaia, Megaris, Boiotia and Thessalia."""
    s = board(game, round=0, active="sparta", Lakedaemon=(0, 1), Arkadia=(1, 0))
    play(game, s, "march Makedonia", "from Lakedaemon")
    assert units(game, s, "Makedonia", 1) == 1


def test_no_crossing_a_territory_the_opponent_controls(game: PolisGame) -> None:
    """R-MOVE-7, R-ACT-MOVEHOP-8, R-MAP-15: Sparta holds Boiotia (and Kyklades, the only sea route)."""
    s = board(game, round=1, Attika=(1, 0), Makedonia=(1, 0), Boiotia=(0, 1), Kyklades=(0, 1))
    play(game, s, "march Thessalia")
    assert "from Attika" not in legal_set(game, s)
    assert_illegal(game, s, "from Attika", "R-ACT-MOVEHOP-8", listed=False)


def test_a_tie_blocks_nobody(game: PolisGame) -> None:
    """R-MOVE-7, R-MAP-12: with 1 hoplite each nobody controls Boiotia, so it can be crossed."""
    s = board(game, round=1, Attika=(1, 0), Boiotia=(1, 1), Kyklades=(0, 1))
    play(game, s, "march Thessalia", "from Attika")
    assert units(game, s, "Thessalia", 0) == 1


def test_no_crossing_a_sea_the_opponent_controls(game: PolisGame) -> None:
    """R-ACT-MOVEHOP-8, R-MAP-15: a Spartan galley in Noties sporades shuts Ionia in."""
    s = board(game, round=1, Ionia=(1, 0), Boiotia=(1, 0), NotiesSporades=(0, 1))
    play(game, s, "march Attika")
    assert_illegal(game, s, "from Ionia", "R-ACT-MOVEHOP-8", listed=False)


def test_start_and_destination_may_be_opponent_controlled(game: PolisGame) -> None:
    """R-MOVE-8, R-ACT-MOVEHOP-4: Boiotia (Spartan) to adjacent Thessalia (Spartan) crosses nothing."""
    s = board(game, round=1, Boiotia=(1, 2), Thessalia=(0, 3), Kyklades=(1, 2), NotiesSporades=(0, 3))
    play(game, s, "march Thessalia", "from Boiotia", "sail NotiesSporades", "from Kyklades")
    assert units(game, s, "Thessalia", 0) == 1 and units(game, s, "NotiesSporades", 0) == 1


def test_no_crossing_a_territory_at_ones_own_limit(game: PolisGame) -> None:
    """R-MOVE-9, R-ACT-MOVEHOP-9, R-STACK-2: N = 3 Athenian hoplites in Thessalia; Boiotia has no coast, so
    the hoplite there cannot reach Makedonia."""
    s = board(game, round=0, Boiotia=(1, 0), Thessalia=(3, 0), Akarnania=(1, 0))
    play(game, s, "march Makedonia")
    assert_illegal(game, s, "from Boiotia", "R-ACT-MOVEHOP-9", listed=False)
    s = board(game, round=0, Boiotia=(1, 0), Thessalia=(2, 0))
    play(game, s, "march Makedonia", "from Boiotia")


def test_own_galleys_never_hinder_hoplites(game: PolisGame) -> None:
    """R-ACT-MOVEHOP-9, R-ACT-MOVEHOP-7: 3 own galleys (N) in Kyklades; the hoplite crosses it anyway."""
    s = board(game, round=0, Attika=(1, 0), Boiotia=(0, 1), Kyklades=(3, 0))
    play(game, s, "march Thessalia", "from Attika")
    assert units(game, s, "Thessalia", 0) == 1


def test_hoplites_need_no_ships(game: PolisGame) -> None:
    """R-ACT-MOVEHOP-7, R-ACT-MOVEHOP-5: no Athenian galley or merchant at sea, yet Ionia to Attika by sea."""
    s = board(game, round=0, Ionia=(1, 0))
    s.merchants_port[0] = 0
    play(game, s, "march Attika", "from Ionia")
    assert units(game, s, "Attika", 0) == 1


def test_destination_must_be_a_territory(game: PolisGame) -> None:
    """R-ACT-MOVEHOP-2, R-ACT-MOVEHOP-10, R-MAP-5: not a sea, never a neutral area."""
    s = board(game, round=1, Attika=(1, 0))
    assert_illegal(game, s, "march Kyklades", "R-ACT-MOVEHOP-2", listed=False)
    for neutral in ("Epidamnos", "Abdera", "Persia", "Illyria"):
        assert_illegal(game, s, f"march {neutral}", "R-ACT-MOVEHOP-10", listed=False)
    assert not any(str(a.args[0]) in ("Epidamnos", "Abdera") for a in game.legal_actions(s) if a.verb == "march")


def test_a_sea_path_ends_where_the_hoplite_lands(game: PolisGame) -> None:
    """R-ACT-MOVEHOP-6, R-ACT-MOVEHOP-3 (S1 example): Makedonia -> Thrakiko pelagos -> Kyklades -> Attika
    must end in Attika; it cannot go on over land to Arkadia. Sparta blocks every land path (Thessalia,
    Akarnania) and the sea next to Arkadia (Myrtoon pelagos)."""
    s = board(game, round=1, Makedonia=(2, 0), Megaris=(1, 0), Thessalia=(0, 1), Akarnania=(0, 1),
              MyrtoonPelagos=(0, 1))
    play(game, s, "march Arkadia")
    assert "from Makedonia" not in legal_set(game, s)
    assert_illegal(game, s, "from Makedonia", "R-ACT-MOVEHOP-8", listed=False)
    s = board(game, round=1, Makedonia=(2, 0), Thessalia=(0, 1), Akarnania=(0, 1), MyrtoonPelagos=(0, 1))
    play(game, s, "march Attika", "from Makedonia")
    assert units(game, s, "Attika", 0) == 1


def test_first_sea_borders_the_start_ports_do_not_matter(game: PolisGame) -> None:
    """R-ACT-MOVEHOP-5: no polis of Thessalia has a port on Kyklades, yet a Thessalian hoplite sails from
    Kyklades; Boiotia borders no sea, so its hoplites never reach Ionia."""
    s = board(game, round=1, Thessalia=(1, 0), Boiotia=(1, 0), IonionPelagos=(0, 1))
    t = game.tables
    assert t.region_index["Kyklades"] not in {sea for p in t.territory_poleis[t.region_index["Thessalia"]]
                                             for sea in t.polis_ports[p]}
    play(game, s, "march Ionia")
    assert legal_set(game, s) == {"from Thessalia"}
    assert_illegal(game, s, "from Boiotia", "R-ACT-MOVEHOP-11", listed=False)
    play(game, s, "from Thessalia")


def test_ionia_and_sikelia_only_by_sea(game: PolisGame) -> None:
    """R-ACT-MOVEHOP-11, R-ACT-MOVEHOP-3: they have no land neighbour; paths there and back are sea paths."""
    t = game.tables
    for name in ("Ionia", "Sikelia"):
        region = t.region_index[name]
        assert region in t.sea_only and not t.land_adj[region]
    s = board(game, round=1, Sikelia=(1, 0), Ionia=(1, 0))
    assert hoplite_can_reach(t, s, 0, t.region_index["Sikelia"], t.region_index["Messinia"])
    set_units(game, s, "IonionPelagos", sparta=1)  # Sikelia's only sea
    assert not hoplite_can_reach(t, s, 0, t.region_index["Sikelia"], t.region_index["Messinia"])
    play(game, s, "march Lakedaemon")
    assert legal_set(game, s) == {"from Ionia"}  # by Noties sporades and Myrtoon pelagos
    assert_illegal(game, s, "from Sikelia", "R-ACT-MOVEHOP-8", listed=False)


# ----- galleys ---------------------------------------------------------------------------------------
def test_galley_destination_is_a_sea(game: PolisGame) -> None:
    """R-ACT-MOVEGAL-2, R-ACT-MOVEGAL-3: never a territory or a market; a territory is no galley's start."""
    s = board(game, round=1, Kyklades=(1, 0), Attika=(1, 0))
    assert_illegal(game, s, "sail Attika", "R-ACT-MOVEGAL-2", listed=False)
    assert_illegal(game, s, "sail Persia", "R-ACT-MOVEGAL-2", listed=False)
    play(game, s, "sail NotiesSporades")
    assert_illegal(game, s, "from Attika", "R-MOVE-2", listed=False)


def test_galleys_move_only_through_seas(game: PolisGame) -> None:
    """R-ACT-MOVEGAL-3, R-ACT-MOVEGAL-4: Ionion pelagos to Kyklades must cross Myrtoon pelagos (Spartan);
    the land of Megaris between them is no path for a galley."""
    s = board(game, round=1, IonionPelagos=(1, 0), NotiesSporades=(1, 0), MyrtoonPelagos=(0, 1))
    play(game, s, "sail Kyklades")
    assert legal_set(game, s) == {"from NotiesSporades"}
    assert_illegal(game, s, "from IonionPelagos", "R-ACT-MOVEGAL-4", listed=False)


def test_galleys_cannot_cross_ones_own_full_sea(game: PolisGame) -> None:
    """R-ACT-MOVEGAL-5, R-MOVE-9: N = 3 own galleys in Myrtoon pelagos block the galley from Ionion."""
    s = board(game, round=0, IonionPelagos=(1, 0), MyrtoonPelagos=(3, 0), NotiesSporades=(1, 0))
    play(game, s, "sail Kyklades")
    assert_illegal(game, s, "from IonionPelagos", "R-ACT-MOVEGAL-5", listed=False)
    play(game, s, "from MyrtoonPelagos")  # the full sea is its start: it is not crossed
    play(game, s, "from IonionPelagos")  # now Myrtoon holds 2: it can be crossed


def test_galleys_move_one_by_one(game: PolisGame) -> None:
    """R-ACT-MOVEGAL-6, R-MOVE-5, R-MOVE-11: 2 against 2 in Noties sporades; once one Athenian galley
    leaves, Sparta controls it and the Thrakiko galley can no longer cross it (Kyklades is Spartan)."""
    placed = {"NotiesSporades": (2, 2), "ThrakikoPelagos": (1, 0), "Kyklades": (0, 1)}
    s = board(game, placed, round=1)
    play(game, s, "sail MyrtoonPelagos", "from NotiesSporades")
    assert controller(s, game.tables.region_index["NotiesSporades"]) == 1
    assert_illegal(game, s, "from ThrakikoPelagos", "R-ACT-MOVEGAL-4", listed=False)
    s = board(game, placed, round=1)
    play(game, s, "sail MyrtoonPelagos", "from ThrakikoPelagos", "from NotiesSporades")
    assert units(game, s, "MyrtoonPelagos", 0) == 2


# ----- diolkos -----------------------------------------------------------------------------------------
def test_diolkos_for_the_owner_of_korinthos(game: PolisGame) -> None:
    """R-MOVE-10, R-MAP-24: with Myrtoon pelagos Spartan, only the owner of Korinthos links Ionion pelagos
    and Kyklades, for galleys and for hoplites' sea paths; Sparta's owning it does not help Athens."""
    placed = {"IonionPelagos": (1, 0), "MyrtoonPelagos": (0, 1), "Sikelia": (1, 0), "Attika": (0, 0)}
    s = board(game, placed, round=1)
    assert_illegal(game, s, "sail Kyklades", "R-ACT-GEN-6", listed=False)
    set_polis(game, s, "Korinthos", "sparta", 4)
    assert_illegal(game, s, "sail Kyklades", "R-ACT-GEN-6", listed=False)
    set_polis(game, s, "Korinthos", "athens", 4)
    play(game, s, "sail Kyklades", "from IonionPelagos", "march Attika", "from Sikelia")
    assert units(game, s, "Kyklades", 0) == 1 and units(game, s, "Attika", 0) == 1


# ----- worked examples ---------------------------------------------------------------------------------
def ex5_board(game: PolisGame, kyklades: tuple[int, int] = (2, 0)) -> PolisState:
    """EX-5's board in the last rounds (N = 5): Athens Ionia 1, Attika 2, Boiotia 2; Sparta Boiotia 2."""
    s = board(game, round=game.tables.last_round, Ionia=(1, 0), Attika=(2, 0), Boiotia=(2, 2),
              Kyklades=kyklades)
    set_prestige(s, "athens", 5)
    return s


def test_ex5_five_hoplites_to_thessalia(game: PolisGame) -> None:
    """EX-5, R-MOVE-2, R-MOVE-4, R-MOVE-8, R-MAP-14, R-ACT-MOVEHOP-5/11: Ionia by sea (Noties sporades
    free, Kyklades Athenian); two from Attika through Boiotia (tied); two from Boiotia, the last after
    Sparta took control of Boiotia, which is its start and is not crossed."""
    s = ex5_board(game)
    play(game, s, "march Thessalia", "from Ionia", "from Attika", "from Attika", "from Boiotia")
    assert controller(s, game.tables.region_index["Boiotia"]) == 1
    play(game, s, "from Boiotia")
    assert s.pending is None  # 5 = N: the action ended by itself
    assert units(game, s, "Thessalia", 0) == 5
    assert s.prestige[0] == 4


def test_ex5_order_matters(game: PolisGame) -> None:
    """EX-5, R-MOVE-5, R-MOVE-11, R-MAP-14: had a Boiotia hoplite moved first, Sparta would control Boiotia
    and block the Attika hoplites; with Kyklades Spartan they would have no other way; with Kyklades
    Athenian they would go by sea."""
    s = ex5_board(game, kyklades=(0, 1))
    play(game, s, "march Thessalia", "from Boiotia")
    assert_illegal(game, s, "from Attika", "R-ACT-MOVEHOP-8", listed=False)
    s = ex5_board(game, kyklades=(2, 0))
    play(game, s, "march Thessalia", "from Boiotia", "from Attika", "from Attika")
    assert units(game, s, "Thessalia", 0) == 3


def test_ex6_full_territory_cannot_be_crossed_2020() -> None:
    """EX-6 [2020], R-ACT-MOVEHOP-9, R-STACK-2: in Omega, with 5 own hoplites in Thessalia, none can go
    Megaris -> Boiotia -> Thessalia -> Makedonia (the sea way is shut by a Spartan galley in Thrakiko)."""
    game = PolisGame("2020")
    s = board(game, round=2, Megaris=(1, 0), Thessalia=(5, 0), Akarnania=(1, 0), ThrakikoPelagos=(0, 1))
    play(game, s, "march Makedonia")
    assert_illegal(game, s, "from Megaris", "R-ACT-MOVEHOP-9", listed=False)
    s = board(game, round=2, Megaris=(1, 0), Thessalia=(4, 0), ThrakikoPelagos=(0, 1))
    play(game, s, "march Makedonia", "from Megaris")


def test_ex6_full_territory_cannot_be_crossed_2012() -> None:
    """EX-6 [2012], R-ACT-MOVEHOP-9: in the fourth round (N = 5) no hoplite goes Boiotia -> Thessalia ->
    Makedonia when its owner has 5 in Thessalia."""
    game = PolisGame("2012")
    s = board(game, round=3, Boiotia=(1, 0), Thessalia=(5, 0), Akarnania=(1, 0))
    play(game, s, "march Makedonia")
    assert_illegal(game, s, "from Boiotia", "R-ACT-MOVEHOP-9", listed=False)


def test_a_path_never_passes_a_region_twice(game: PolisGame) -> None:
    """R-MOVE-12: the proxenos, whose exact path is named, cannot enter a region twice."""
    s = board(game, round=1)
    play(game, s, "proxenos", "via Attika", "via Boiotia")
    assert_illegal(game, s, "via Attika", "R-MOVE-12", listed=False)
