"""The log tells the story (kit.describe_action, which the terminal's log and the server's log both
use): who did what to whom, with totals and results, in words a player uses; gold held is never named."""

from __future__ import annotations

import random
import re

import pytest
from cyc_helpers import at_offers, begin_effect, build_on, put, settle, war_turn

from kleos.core.action import Action
from kleos.core.protocol import CHANCE
from kleos.games.cyclades import i18n as cyc_words
from kleos.games.cyclades import story
from kleos.games.cyclades.game import CycladesGame
from kleos.games.cyclades.kit import KIT
from kleos.games.cyclades.rules import battle, metro
from kleos.games.cyclades.rules.common import buildings_on, income
from kleos.games.cyclades.state import CycladesState
from kleos.games.cyclades.tables import ARES, ATHENA, GODS, POSEIDON, ZEUS


def told(game: CycladesGame, state: CycladesState, text: str, seat: int | None = None) -> str:
    """The log's line for ``text`` (from the actor's view, chance: the public one), then the step taken."""
    actor = game.actors(state)[0]
    view = game.view(state, None if actor == CHANCE else actor if seat is None else seat)
    line = KIT.describe_action(game, view, Action.parse(text))
    game.apply_in_place(state, Action.parse(text), actor)
    return line


def test_a_pegasus_invasion_says_who_took_which_island_from_whom() -> None:
    """C-SUMMON-3, C-TROOP-4, C-DATA-6 (pegasus): the creature is named with its price, then where its
    troops went and who holds the island now."""
    game, state = war_turn(3, ZEUS, seat=1)
    index = game.tables.creature_index
    state.track = [index["pegasus"], -1, -1]
    put(game, state, 1, I5=2)
    put(game, state, 0, I1=0, I3=1)  # Blue's I1 under a territory marker: no troops to defend it
    assert told(game, state, "summon 4 0").startswith("summon Pegasus (4 GP)")
    line = told(game, state, "target I5 2 I1")
    assert line.startswith("Pegasus carries 2 troops from I5 to I1")
    assert "I1 is Red's with 2 troops (Blue had none)" in line


def test_a_creature_of_one_being_is_named_without_an_article() -> None:
    """C-DATA-6: the log names a kind of creature with its article ("the Kraken", "the Fates", never
    "the The Fates") and one being of the myths by its name alone ("Medusa"); every such name is a
    creature of the deck."""
    named = {c.name_en: cyc_words.the_creature(c) for c in CycladesGame().tables.data.creatures.creatures}
    assert named.keys() >= cyc_words.PROPER_NAMES
    assert named["Kraken"] == "the Kraken" and named["The Fates"] == "the Fates"
    assert [named[n] for n in ("Medusa", "Chiron", "Pegasus", "Polyphemus")] == ["Medusa", "Chiron", "Pegasus",
                                                                                  "Polyphemus"]


def test_battle_dice_are_told_with_totals_losses_and_who_holds_the_island() -> None:
    """C-BATTLE-2/3/5/11: each side's die, units and Fortress bonus with the totals, who loses a troop,
    and at the end who holds the island."""
    game, state = war_turn(3, ARES, seat=0)
    t = game.tables
    home, target, sea = next((a, b, x) for a in range(t.n_islands) for b in range(t.n_islands) if a != b
                             for x in t.island_seas[a] if x in t.island_seas[b])
    put(game, state, 0, **{t.island_ids[home]: 3, t.sea_ids[sea]: 1})
    put(game, state, 1, **{t.island_ids[target]: 1, t.island_ids[(target + 1) % t.n_islands
                                                             if (target + 1) % t.n_islands != home else
                                                             (target + 2) % t.n_islands]: 1})
    name = t.island_ids[target]
    build_on(game, state, name, "fortress")
    start = told(game, state, f"march {t.island_ids[home]} 3 {name}")
    assert f"land battle in {name}: Blue attacks with 3 troops, Red defends with 1 troop" in start
    settle_line = told(game, state, "dice 2 0")
    assert "Blue 2 + 3 troops = 5 against Red 0 + 1 troop + 1 (Fortresses) = 2: Red loses one troop" in settle_line
    assert f"the battle is over; {name} is Blue's with 3 troops (Red had 1 troop)" in settle_line  # said once
    assert settle_line.count(f"{name} is Blue's") == 1 and not battle.in_battle(state)


def test_c_battle_11_a_defence_that_holds_names_the_holder_at_the_end() -> None:
    """C-BATTLE-5, C-BATTLE-11: when the attacker's last troop falls the island stays the defender's,
    and the end of the battle says so (no change of owner follows to say it)."""
    game, state = war_turn(3, ARES, seat=0)
    t = game.tables
    home, target, sea = next((a, b, x) for a in range(t.n_islands) for b in range(t.n_islands) if a != b
                             for x in t.island_seas[a] if x in t.island_seas[b])
    put(game, state, 0, **{t.island_ids[home]: 1, t.sea_ids[sea]: 1})
    other = next(i for i in range(t.n_islands) if i not in (home, target))
    put(game, state, 1, **{t.island_ids[target]: 2, t.island_ids[other]: 1})  # not Red's last island (C-TROOP-7)
    name = t.island_ids[target]
    told(game, state, f"march {t.island_ids[home]} 1 {name}")
    line = ""
    for _ in range(3):
        line = told(game, state, "dice 0 3")
        if not battle.in_battle(state):
            break
    assert f"the battle is over: {name} is Red's" in line and state.owner[t.island_index[name]] == 1, line


def test_recruits_and_buildings_are_named() -> None:
    """C-RECRUIT-5/6, C-BUILD-1, C-BUILD-2: which of Priest or Philosopher was recruited, which building
    went where, each with its price: a building 2 GP, the first unit of a turn free."""
    game, state = war_turn(3, ATHENA)
    put(game, state, 0, I1=1)
    assert told(game, state, "recruit").startswith(
        "recruit a Philosopher (free of charge); Blue gains 1 Philosopher (now 1)")
    assert told(game, state, "build I1") == "build a University on I1 (2 GP)"  # the words say it: no second "stands"
    game, state = war_turn(3, ZEUS)
    put(game, state, 0, I1=1)
    assert told(game, state, "recruit").startswith("recruit a Priest (free of charge); Blue gains 1 Priest (now 1)")


@pytest.mark.parametrize(("god", "where", "prices"), [
    (POSEIDON, "sea", ["free of charge", "1 GP", "2 GP", "3 GP"]),
    (ARES, "I1", ["free of charge", "2 GP", "3 GP", "4 GP"]),
    (ZEUS, "", ["free of charge", "4 GP"])])
def test_c_recruit_1_each_recruit_says_its_price_on_the_ladder(god: int, where: str, prices: list[str]) -> None:
    """C-RECRUIT-1, C-RECRUIT-3, C-RECRUIT-5: a turn's units cost more one by one (fleets free, 1, 2, 3;
    troops free, 2, 3, 4; Priests free, 4); the words of each recruit say what this one costs, so a
    newcomer need not know the ladders."""
    game, state = war_turn(3, god, gold=20)
    put(game, state, 0, I1=1)
    if where == "sea":
        where = str(next(a for a in game.legal_actions(state, 0) if a.verb == "recruit").args[0])
    action = f"recruit {where}".strip()
    lines = [told(game, state, action) for _ in prices]
    assert [line.split("; ")[0] for line in lines] == [f"{lines[0].split(' (')[0]} ({price})" for price in prices]


def test_c_two_8_the_end_of_a_turn_names_its_god() -> None:
    """C-ACTION-1, C-TWO-8: a turn's end names the god it was played with, so that the two turns of a
    player in a two-player cycle are read apart."""
    game, state = war_turn(2, ZEUS)
    assert told(game, state, "end").startswith("end the turn with Zeus")
    game, state = war_turn(3, ATHENA, seat=2)
    assert told(game, state, "end").startswith("end the turn with Athena")


def test_a_seeded_game_tells_income_the_gods_won_and_apollos_gold_without_gold_held() -> None:
    """C-INCOME-1, C-OFFER-13, C-APOLLO-1, C-INFO-1: over a seeded game the log names each cycle's
    income, who won which god for how much, Apollo's gold; no line changes when the gold held does."""
    game = CycladesGame({"players": 3})
    state = game.new_state(11)
    rng = random.Random(5)
    lines: list[str] = []
    for _ in range(400):
        if game.is_terminal(state) or state.cycle > 3:
            break
        actor = game.actors(state)[0]
        action = game.sample_chance(state) if actor == CHANCE else rng.choice(game.legal_actions(state, actor))
        view = game.view(state, None if actor == CHANCE else actor)
        line = KIT.describe_action(game, view, action)
        richer = state.copy()
        richer.gold = [g + 13 for g in richer.gold]
        assert KIT.describe_action(game, game.view(richer, None if actor == CHANCE else actor), action) == line
        lines.append(line)
        game.apply_in_place(state, action, actor)
    else:
        raise AssertionError("three cycles took more than 400 steps")
    text = "\n".join(lines)
    assert text.count("income (C-INCOME-1): ") >= 3 and "offerings settled: " in text
    assert any("Apollo gives" in line for line in lines) and "pray" in text
    settle(game, state)


@pytest.mark.parametrize(("players", "down"), [(2, 1), (3, 2), (4, 1), (5, 0)])
def test_c_gods_9_each_cycle_names_the_gods_face_down_as_its_offerings_open(players: int, down: int) -> None:
    """C-GODS-2..6, C-GODS-9: the step that opens a cycle's offerings names the gods face up and those
    face down, as the track lies (with three players two of each, the second cycle of a pair turned over
    with no shuffle to tell it; with five none is face down and nothing is said); every offering of the
    cycle goes to a god it named face up."""
    game = CycladesGame({"players": players})
    state, rng = game.new_state(7), random.Random(players)
    up: set[str] = set()
    cycles = 0
    for _ in range(600):
        if state.cycle > 4 or game.is_terminal(state):
            break
        actor = game.actors(state)[0]
        action = game.sample_chance(state) if actor == CHANCE else rng.choice(game.legal_actions(state, actor))
        line = KIT.describe_action(game, game.view(state, None if actor == CHANCE else actor), action)
        if action.verb == "offer":
            assert str(action.args[0]) in up, (action, up)
        game.apply_in_place(state, action, actor)
        face = re.search(r"face up this cycle: ([^;]*); face down, taking no offerings: ([^(]*) \(C-GODS-9\)", line)
        if "income (C-INCOME-1): " not in line:
            assert face is None, line
            continue
        cycles += 1
        up = {GODS[god] for pos, god in enumerate(state.gods) if state.gods_up[pos]}
        lying = [[cyc_words.god(game.tables, god) for pos, god in enumerate(state.gods) if state.gods_up[pos] == flag]
                 for flag in (1, 0)]
        assert len(lying[1]) == down
        if not down:
            assert face is None, line
            continue
        assert face and face[1].split(", ") == lying[0] and face[2].split(", ") == lying[1], line
    assert cycles >= 3, cycles


def test_c_end_2_each_cycle_after_the_first_opens_with_who_is_how_near_two_metropolises() -> None:
    """C-END-2 (two Metropolises win, three with two players), C-METRO-2 (one building of each of
    the four kinds makes one), C-METRO-3 (four Philosophers make one): a watcher sees no board, so
    the step that opens a cycle's offerings ends with each player's Metropolises, building kinds,
    Philosophers and islands; the first cycle has none (all start alike), and no other step has it."""
    game, state = war_turn(3, ZEUS)
    put(game, state, 0, I7=1, I1=0)
    put(game, state, 1, I5=2)
    build_on(game, state, "I7", "port", "temple", "temple", "university")  # four slots, three kinds
    build_on(game, state, "I5", "port")
    state.metropolis[game.tables.island_index["I1"]] = 1
    state.philosophers = [2, 0, 1]
    assert story.standing(game.tables, state) == (
        "standing (2 Metropolises win, C-END-2): Blue 1 Metropolis, 3 of 4 building kinds, 2 Philosophers, 2 islands"
        " | Red 0 Metropolises, 1 of 4 building kinds, 0 Philosophers, 1 island"
        " | Green 0 Metropolises, 0 of 4 building kinds, 1 Philosopher, 0 islands")
    game = CycladesGame({"players": 3})
    state, rng = game.new_state(11), random.Random(5)
    opened: list[tuple[int, str]] = []
    for _ in range(400):
        if state.cycle > 3:
            break
        actor = game.actors(state)[0]
        action = game.sample_chance(state) if actor == CHANCE else rng.choice(game.legal_actions(state, actor))
        line = KIT.describe_action(game, game.view(state, None if actor == CHANCE else actor), action)
        game.apply_in_place(state, action, actor)
        if "standing (2 Metropolises win, C-END-2): " in line:
            opened.append((state.cycle, line.rsplit("; ", 1)[1]))
            assert state.phase == "offer" and opened[-1][1] == story.standing(game.tables, state)
    else:
        raise AssertionError("three cycles took more than 400 steps")
    assert [cycle for cycle, _told in opened] == [2, 3]  # the loop stops as cycle 4 begins
    two, two_state = war_turn(2, ZEUS)
    assert story.standing(two.tables, two_state).startswith("standing (3 Metropolises win, C-END-2): Blue 0 ")


def test_c_offer_13_a_god_won_is_told_with_the_priests_taken_off_the_offering() -> None:
    """C-OFFER-13: the settled offerings name each offering and, for a player with Priests, what they
    take off it ("for 5 GP less 2 Priests = 3 GP", never below 1 GP); without Priests, the offering only."""
    game, state = at_offers(3, seed=4)
    state.priests = [2, 0, 1]
    settled = ""
    for _ in range(60):
        actor = game.actors(state)[0]
        offers = [a for a in game.legal_actions(state, actor) if a.verb == "offer"]
        line = told(game, state, str(max(offers, key=lambda a: int(a.args[1])) if offers else "apollo"))
        if "offerings settled: " in line:
            settled = line
            break
    won = re.findall(r"(Blue|Red|Green) has (\w+) for (\d+) GP(?: less (\d) Priests? = (\d+) GP)?", settled)
    assert len(won) >= 2, settled
    for player, _god, bid, priests, paid in won:
        held = state.priests[("Blue", "Red", "Green").index(player)]
        assert (int(priests) if priests else 0) == held
        assert not held or int(paid) == max(1, int(bid) - held)


def test_c_income_1_the_fates_are_told_with_the_income_they_pay_again() -> None:
    """C-INCOME-1, C-DATA-6 (fates): summoning the Fates pays the summoner's income again, named
    from public facts; a name that carries its article ("The Fates") is not given a second one."""
    game, state = war_turn(3, ZEUS, seat=1)
    state.track = [game.tables.creature_index["fates"], -1, -1]
    put(game, state, 1, I5=1, I7=1)
    state.markers[game.tables.island_index["I5"]] = 2
    paid = income(game.tables, state, 1)
    line = told(game, state, "summon 4 0")
    assert line.startswith(f"summon the Fates (4 GP); the Fates pay Red their income again: {paid} GP")
    assert paid >= 2


def test_c_metro_2_the_cyclops_and_the_metropolis_it_completes_name_the_buildings() -> None:
    """C-METRO-2, C-DATA-6 (cyclops): the Cyclops's change is told building by building; a fourth kind
    earns a Metropolis, told with its route, and each building given up is named once."""
    game, state = war_turn(5, ARES)
    put(game, state, 0, I2=1, I9=1)
    build_on(game, state, "I2", "port", "fortress", "temple")
    build_on(game, state, "I9", "fortress", "temple")
    begin_effect(game, state, "cyclops")
    line = told(game, state, "target I9 temple university")
    assert line == ("the Cyclops turns the Temple on I9 into a University; Blue earns a Metropolis with a building "
                    "of each kind (C-METRO-2); given up for the Metropolis: the Port on I2, the Temple on I2, the "
                    "University on I9")  # the one of each kind given up at once; the Cyclops's change not said twice
    assert metro.pending(state)
    choices = {str(a) for a in game.legal_actions(state)}
    assert choices == {"discard I2 fortress", "discard I9 fortress"}
    assert told(game, state, "discard I2 fortress") == "for the Metropolis, give up the Fortress on I2"


def test_c_metro_3_four_philosophers_are_told_as_given_up_not_as_a_net_loss() -> None:
    """C-METRO-3: the fourth Philosopher is told as gained, then the four as given up for the
    Metropolis (not "loses 3 Philosophers"); the buildings' route is not named."""
    game, state = war_turn(3, ATHENA)
    put(game, state, 0, I1=1)
    state.philosophers[0] = 3
    line = told(game, state, "recruit")
    assert line.startswith("recruit a Philosopher (free of charge); Blue gains 1 Philosopher (now 4); "
                           "Blue gives up 4 Philosophers for a Metropolis (C-METRO-3)")
    assert "each kind" not in line and "loses" not in line


def test_the_griffon_and_the_dryad_name_their_victim_and_the_griffon_no_amount() -> None:
    """C-INFO-1, C-DATA-6 (griffon, dryad): the Griffon's take is told as half of the victim's gold,
    never as a number; the Dryad's Priest is counted."""
    game, state = war_turn(3, ZEUS)
    begin_effect(game, state, "griffon")
    line = told(game, state, "take Red")
    assert line == "the Griffon takes half of Red's gold, rounded down (the amount stays secret)"
    game, state = war_turn(3, ZEUS)
    state.priests[2] = 2
    begin_effect(game, state, "dryad")
    assert told(game, state, "take Green").startswith(
        "the Dryad takes from Green; Blue gains 1 Priest (now 1); Green loses 1 Priest (now 1)")


def test_c_data_6_the_figures_are_told_where_they_go_and_what_they_sink_or_push() -> None:
    """C-DATA-6 (kraken, polyphemus, minotaur, medusa, chiron), C-SUMMON-4: a figure's step says where
    it goes; the Kraken's fleets sunk and the price of its next space, and the owner's push away from
    Polyphemus, are told with the seas that changed."""
    game, state = war_turn(5, ARES)
    put(game, state, 1, S13=2)
    begin_effect(game, state, "kraken")
    assert told(game, state, "target S12") == "the Kraken rises in S12"
    assert told(game, state, "target S13") == "the Kraken moves on to S13 (1 GP); S13 is empty (was Red's 2 fleets)"
    for key, words in (("minotaur", "the Minotaur goes to I4"), ("medusa", "Medusa goes to I4"),
                       ("chiron", "Chiron goes to I4")):
        game, state = war_turn(5, ARES)
        begin_effect(game, state, key)
        assert told(game, state, "target I4") == words
    game, state = war_turn(5, ARES)
    put(game, state, 1, S3=1)
    begin_effect(game, state, "polyphemus")
    assert told(game, state, "target I1") == "Polyphemus goes to I1"
    assert told(game, state, "push S6") == ("push the fleets in S3 away from Polyphemus, to S6; S3 is empty (was "
                                            "Red's 1 fleet); S6: Red 0 → 1 fleet")
    game, state = war_turn(5, ARES)  # S4's one way out, S5, is Green's: Red's fleets there are destroyed
    put(game, state, 1, S4=2)
    put(game, state, 2, S5=1)
    begin_effect(game, state, "polyphemus")
    assert told(game, state, "target I1") == ("Polyphemus goes to I1; Red's 2 fleets have no sea open to be pushed "
                                              "to and are destroyed (Polyphemus); S4 is empty (was Red's 2 fleets)")
    assert state.fleets[game.tables.sea_index["S4"]] == 0 and state.fleets[game.tables.sea_index["S5"]] == 1


def test_c_data_6_the_sphinx_and_the_siren_name_what_they_take() -> None:
    """C-DATA-6 (sphinx, siren), C-TROOP-5, C-COMP-12: each sale to the Sphinx names the unit or card
    and its price; the Siren names the lone fleet it takes, and where its own comes from when all eight
    are out."""
    game, state = war_turn(5, ARES, gold=0)
    put(game, state, 0, I3=1, S12=2)
    state.priests[0] = state.philosophers[0] = 1
    begin_effect(game, state, "sphinx")
    assert told(game, state, "sell I3").startswith("sell a troop on I3 to the Sphinx for 2 GP; I3: Blue 1 → 0 troops")
    assert told(game, state, "sell S12").startswith("sell a fleet in S12 to the Sphinx for 2 GP; S12: Blue 2 → 1")
    assert told(game, state, "sell priest") == "sell a Priest to the Sphinx for 2 GP; Blue loses 1 Priest (now 0)"
    assert told(game, state, "sell philosopher").startswith("sell a Philosopher to the Sphinx for 2 GP")
    game, state = war_turn(5, POSEIDON)
    put(game, state, 1, S12=1)
    begin_effect(game, state, "siren")
    assert told(game, state, "target S12").startswith("the Siren takes the lone fleet in S12; S12 is Blue's")
    game, state = war_turn(5, POSEIDON)  # C-COMP-12: all eight of Blue's fleets out, one comes off the board
    put(game, state, 1, S9=1)
    put(game, state, 0, S1=4, S3=4)
    begin_effect(game, state, "siren")
    assert told(game, state, "target S9") == "the Siren takes the lone fleet in S9; S9 is empty (was Red's 1 fleet)"
    assert told(game, state, "from S3") == ("all eight fleets are out: the one that takes the Siren's sea comes "
                                            "from S3; S3: Blue 4 → 3 fleets; S9: Blue 0 → 1 fleet")


def test_c_summon_3_a_creature_with_nothing_to_act_on_is_told_so() -> None:
    """C-SUMMON-3, C-DATA-6 (cyclops, chimera): a creature summoned with nothing it could act on now
    (no building of the summoner's, an empty discard pile) is discarded, and the log says so; one
    with a choice to make is not."""
    for key in ("cyclops", "chimera"):
        game, state = war_turn(3, ZEUS)
        state.track = [game.tables.creature_index[key], -1, -1]
        state.discard = []
        line = told(game, state, "summon 4 0")
        assert line.endswith(f"the {key.capitalize()} finds nothing to act on: no effect"), line
    game, state = war_turn(3, ZEUS)
    put(game, state, 0, I1=1)
    build_on(game, state, "I1", "port")
    state.track = [game.tables.creature_index["cyclops"], -1, -1]
    assert "nothing to act on" not in told(game, state, "summon 4 0")


def test_c_data_6_the_giant_names_the_building_it_destroys_once() -> None:
    """C-DATA-6 (giant), C-BUILD: the Giant's words name the building and its island; the board's
    facts do not say it again."""
    game, state = war_turn(3, ARES)
    put(game, state, 1, I2=1)
    build_on(game, state, "I2", "temple", "port")
    begin_effect(game, state, "giant")
    assert told(game, state, "target I2 temple") == "the Giant destroys the Temple on I2"
    first = game.tables.slot_offset[game.tables.island_index["I2"]]
    assert state.buildings[first:first + 2] == [0, 1]  # the Temple gone, the Port kept


def test_c_metro_4_buildings_the_metropolis_moves_aside_are_no_change() -> None:
    """C-METRO-4, C-METRO-3: a Metropolis placed on an island with room takes its first spaces and the
    buildings there move to others; the line names the Metropolis, not those buildings as gone and
    built again (they were counted space by space)."""
    game, state = war_turn(3, ATHENA)
    t = game.tables
    island = next(i for i in range(t.n_islands) if t.island_slots[i] >= t.metropolis_covers[i] + 2)
    name = t.island_ids[island]
    put(game, state, 0, **{name: 1})
    build_on(game, state, name, "temple", "port")
    state.philosophers[0] = 3
    line = told(game, state, "recruit")
    assert line == ("recruit a Philosopher (free of charge); Blue gains 1 Philosopher (now 4); Blue gives up 4 "
                    "Philosophers for a "
                    f"Metropolis (C-METRO-3); a Metropolis rises on {name}"), line
    assert buildings_on(t, state, island, 2) == buildings_on(t, state, island, 0) == 1  # both kept
