"""The Cyclades kit's words for actions and views (what logs, menus and bug reports show)."""

from __future__ import annotations

import pytest
from cyc_helpers import at_offers, play

from kleos.core.action import Action
from kleos.core.kit import OptionsError
from kleos.games.cyclades.game import CycladesGame
from kleos.games.cyclades.kit import KIT, action_words
from kleos.games.cyclades.rules.common import income


def test_action_words() -> None:
    cases = {"march I3 2 I5": "move 2 troops from I3 to I5 (1 GP)",
             "march I3 1 I5": "move 1 troop from I3 to I5 (1 GP)",
             "sail S5 3 S6": "sail 3 fleets from S5 to S6 (1 GP, first step)",
             "sail 1 S8": "sail on with 1 fleet to S8 (free)",
             "dice 2 1": "battle dice: attacker rolls 2, defender rolls 1",
             "retreat I4": "retreat to I4", "stay": "stay in the battle", "end": "end the turn"}
    assert {text: action_words(Action.parse(text)) for text in cases} == cases


def test_offer_names_the_god_and_view_tells_a_battle() -> None:
    game = CycladesGame({"players": 3})
    state = game.new_state(1)
    view = game.view(state, 0)
    assert KIT.describe_action(game, view, Action.parse("offer zeus 3")) == "offer 3 GP to Zeus"
    assert "battle" not in KIT.describe_view(game, view, 0)


def test_bank_and_marker_switches_are_options() -> None:
    """C-AMB-27, C-AMB-28: the data sheet's values for the bank and the territory markers are accepted,
    recorded when not the default, and an unknown value is refused naming the option."""
    assert KIT.make_game({"players": 3, "gold_supply": "98"}).options == {"players": 3, "gold_supply": "98"}
    assert KIT.make_game({"players": 3, "territory_markers": "3"}).options["territory_markers"] == "3"
    assert KIT.make_game({"players": 3, "gold_supply": "unlimited"}).options == {"players": 3}
    with pytest.raises(OptionsError) as refused:
        KIT.make_game({"players": 3, "gold_supply": "50"})
    assert refused.value.field == "gold_supply"


def test_a_sylphs_step_is_told_free() -> None:
    """C-FLEET-2, C-DATA-6 (sylph): the Sylph's steps cost nothing, so the menu and the log must not
    show Poseidon's "(1 GP, first step)" for them; Poseidon's own first step keeps its price."""
    from cyc_helpers import begin_effect, put, war_turn

    from kleos.games.cyclades.tables import ARES, POSEIDON

    g, s = war_turn(5, ARES, gold=0)
    put(g, s, 0, S12=2)
    begin_effect(g, s, "sylph")
    words = KIT.describe_action(g, g.view(s, 0), Action.parse("sail S12 1 S13"))
    assert words == ("sail 1 fleet from S12 to S13 (free: the Sylph's step); "
                     "S12: Blue 2 → 1 fleet; S13: Blue 0 → 1 fleet")
    g, s = war_turn(5, POSEIDON, gold=5)
    put(g, s, 0, S12=2)
    assert "(1 GP, first step)" in KIT.describe_action(g, g.view(s, 0), Action.parse("sail S12 1 S13"))


def test_the_text_board_says_where_each_players_forces_stand() -> None:
    """C-SETUP-3, C-BUILD-1, C-METRO-1: the text board (the plain loop's, the browser's description for
    a screen reader) has no map, so each player's line is followed by its troops by island, fleets by
    sea and buildings by island, Metropolises included."""
    game = CycladesGame({"players": 3})
    state = game.new_state(1)
    t = game.tables
    lines = KIT.describe_view(game, game.view(state, 0), 0).splitlines()
    for seat, name in enumerate(game.seat_names):
        forces = lines[lines.index(next(line for line in lines if line.startswith(f"{name}: "))) + 1]
        troops = [f"{t.island_ids[i]} {n}" for i, n in enumerate(state.troops) if n and state.owner[i] == seat]
        fleets = [f"{t.sea_ids[s]} {n}" for s, n in enumerate(state.fleets) if n and state.fleet_owner[s] == seat]
        assert troops and fleets
        assert forces == f"  troops {', '.join(troops)}; fleets {', '.join(fleets)}; buildings none", forces
    island = max((i for i, owner in enumerate(state.owner) if owner == 0), key=lambda i: t.island_slots[i])
    assert t.island_slots[island] >= 2
    first = t.slot_offset[island]
    state.buildings[first], state.buildings[first + 1] = 1, 3  # a Port and a Temple
    state.metropolis[island] = 1
    told = KIT.describe_view(game, game.view(state, 0), 0)
    assert f"buildings {t.island_ids[island]} Port+Temple+Metropolis" in told


def test_c_income_1_the_text_board_shows_every_prosperity_symbol_a_player_counts() -> None:
    """C-INCOME-1: the Islands line (prosperity printed and Apollo's markers) and the Trade seas line
    (a fleet's sea) add up to each player's income, so a player without a map sees where it comes
    from; a free island is named free."""
    game, state = at_offers(4, seed=2)
    t = game.tables
    lines = KIT.describe_view(game, game.view(state, 0), 0).splitlines()
    islands = next(line for line in lines if line.startswith("Islands: ")).removeprefix("Islands: ").split("; ")
    seas = next(line for line in lines if line.startswith("Trade seas (value, fleet owner): "))
    seas_told = seas.split(": ", 1)[1].split("; ")
    assert len(islands) == t.n_islands and any(" free" in island for island in islands)
    for seat, name in enumerate(game.seat_names):
        from_islands = sum(int(told.rsplit(" ", 1)[1]) for told in islands
                           if told.split(" ")[1].rstrip(",") == name and "prosperity" in told)
        from_seas = sum(int(told.split(" ")[1]) for told in seas_told if told.endswith(f" {name}"))
        assert from_islands + from_seas == income(t, state, seat), name


def test_c_offer_1_the_text_board_shows_each_face_up_gods_offering_in_the_offering_phase() -> None:
    game, state = at_offers(3, seed=1)
    first, second = (game.tables.god_names[state.gods[pos]] for pos in range(2))
    play(game, state, f"offer {first.lower()} 1")
    lines = KIT.describe_view(game, game.view(state, 0), 0).splitlines()
    offering = next(line for line in lines if line.startswith("Offerings: "))
    bidder = game.seat_names[game.tables.marker_owner[state.bidder[state.gods[0]]]]
    assert offering == f"Offerings: {first} {bidder} 1 GP; {second} none; Apollo: nobody"
