"""The worked examples of the Cyclades rulebook (seed 002, Spanish edition) as tests.

Each test sets up the position of one example given in the rulebook's text, plays it through the
engine and checks the result the rulebook states. The docstring names the rulebook's section (the seed
has no page numbers in its text; sections are quoted by their Spanish headings) and the rule IDs of
``/work/shared/spec/cyclades-rules.md``. Colours follow the examples where the board's colours allow
(Blue, Red, Green, Yellow, Black are seats 0 to 4 at every player count). No example disagrees with
the engine, so none is marked xfail.
"""

from __future__ import annotations

from cyc_helpers import at_offers, build_on, play, put, rule_of, war_turn

from kleos.core.action import Action
from kleos.core.protocol import CHANCE
from kleos.games.cyclades.game import CycladesGame
from kleos.games.cyclades.rules.common import income, metropolises
from kleos.games.cyclades.state import ACTION, CREATURES, OFFER, CycladesState
from kleos.games.cyclades.tables import ARES, ATHENA, EMPTY, GODS, POSEIDON, ZEUS
from step_cap import StepCap

BLUE, RED, GREEN, YELLOW, BLACK = range(5)


def _do(g: CycladesGame, s: CycladesState, *texts: str) -> None:
    """Apply actions; ``dice a d`` and ``creature x`` go to chance, the rest to the seat that acts."""
    for text in texts:
        action = Action.parse(text)
        g.apply_in_place(s, action, CHANCE if action.verb in ("dice", "creature") else None)


def _to_next_cycle(g: CycladesGame, s: CycladesState) -> None:
    """Everybody prays to Apollo or ends, up to the first chance event of the next cycle's update."""
    cycle = s.cycle
    cap = StepCap("s.cycle == cycle and not g.is_terminal(s)")
    while s.cycle == cycle and not g.is_terminal(s) and cap():
        if g.is_chance(s):
            g.step_chance(s)
            continue
        legal = g.legal_actions(s)
        g.apply_in_place(s, next((a for a in legal if a.verb in ("apollo", "end")), legal[0]))


def _island(g: CycladesGame, name: str) -> int:
    return g.tables.island_index[name]


def _sea(g: CycladesGame, name: str) -> int:
    return g.tables.sea_index[name]


# ----- 1/ CRIATURAS MITOLÓGICAS ------------------------------------------------------------------------
def test_example_creature_track_update() -> None:
    """Rulebook, "1/ Criaturas mitológicas", illustrated example: last cycle someone used the creature
    of the 3 GP slot; at the next cycle's start the unused Minotaur (2 GP) is discarded, the Pegasus
    slides to the 2 GP slot and the 3 and 4 GP slots are refilled from the deck
    (C-CREATURE-2, C-CREATURE-3, C-CREATURE-4, C-CYCLE-1)."""
    g, s = at_offers(5, seed=3)
    t = g.tables
    pegasus, minotaur = t.creature_index["pegasus"], t.creature_index["minotaur"]
    s.cycle, s.track = 3, [pegasus, EMPTY, minotaur]
    s.deck[pegasus] -= 1
    s.deck[minotaur] -= 1
    _to_next_cycle(g, s)
    assert s.phase == CREATURES and s.cycle == 4
    assert s.track == [EMPTY, EMPTY, pegasus] and s.discard[-1] == minotaur
    _do(g, s, "creature siren", "creature giant")
    assert s.track == [t.creature_index["giant"], t.creature_index["siren"], pegasus]


def test_example_creature_track_first_and_second_cycle() -> None:
    """Rulebook, "1/ Criaturas mitológicas", "Caso especial al principio del juego": in cycle 1 one card
    goes face up on the 4 GP slot; in cycle 2 an unused first card moves one slot right (3 GP) and the
    next card fills the 4 GP slot, the 2 GP slot staying empty (C-CREATURE-6, C-CREATURE-7)."""
    g, s = at_offers(4, seed=1)
    first = s.track[0]
    assert first != EMPTY and s.track[1:] == [EMPTY, EMPTY]
    _to_next_cycle(g, s)
    cap = StepCap("g.is_chance(s)")
    while g.is_chance(s) and cap():
        g.step_chance(s)
    assert s.cycle == 2 and s.track[1] == first and s.track[0] != EMPTY and s.track[2] == EMPTY


# ----- 3/ INGRESOS ------------------------------------------------------------------------------------
def test_example_income_island_and_trade_space() -> None:
    """Rulebook, "3/ Ingresos", illustrated examples: an island with 2 prosperity symbols gives Blue
    2 GP; a trade space printed with 1 gives Green, whose fleet is there, 1 GP
    (C-INCOME-1, C-INCOME-2, C-INCOME-3, C-INCOME-4)."""
    g, s = war_turn(5, ZEUS)
    t = g.tables
    island = next(i for i in range(t.n_islands) if t.island_prosperity[i] == 2)
    trade = next(x for x in range(t.n_seas) if t.sea_trade[x] == 1)
    put(g, s, BLUE, **{t.island_ids[island]: 1})
    put(g, s, GREEN, **{t.sea_ids[trade]: 1})
    assert income(t, s, BLUE) == 2 and income(t, s, GREEN) == 1


# ----- 4/ OFRENDAS ------------------------------------------------------------------------------------
def _five_at_offers(order: list[int]) -> tuple[CycladesGame, CycladesState]:
    """A 5-player game at its first offering, the turn-order track set to ``order`` (seats = markers)."""
    g, s = at_offers(5, seed=2)
    s.turn_order = list(order)
    return g, s


def test_example_outbid_chain() -> None:
    """Rulebook, "4/ Ofrendas", illustrated example: Blue offers 5 to Ares; Red offers 6 there, so Blue
    must re-bid at once elsewhere and offers 1 to Poseidon; Yellow offers 3 to Poseidon, displacing Blue,
    who goes back to Ares with 7, displacing Red, who must now choose another god
    (C-OFFER-4, C-OFFER-5, C-OFFER-6, C-OFFER-7)."""
    g, s = _five_at_offers([BLUE, RED, YELLOW, GREEN, BLACK])
    ares, poseidon = GODS[ARES], GODS[POSEIDON]
    play(g, s, f"offer {ares} 5")
    assert g.actors(s) == (RED,)
    play(g, s, f"offer {ares} 6")
    assert g.actors(s) == (BLUE,) and s.bidder[ARES] == RED
    assert rule_of(g, s, f"offer {ares} 7") == "C-OFFER-5"
    play(g, s, f"offer {poseidon} 1")
    assert g.actors(s) == (YELLOW,)
    play(g, s, f"offer {poseidon} 3")
    assert g.actors(s) == (BLUE,)  # the chain is resolved before Green bids (C-OFFER-6)
    play(g, s, f"offer {ares} 7")  # back to Ares (C-OFFER-7)
    assert s.bidder[ARES] == BLUE and s.bid[ARES] == 7 and s.bidder[POSEIDON] == YELLOW
    assert g.actors(s) == (RED,) and s.displaced == RED
    assert rule_of(g, s, f"offer {ares} 8") == "C-OFFER-5"  # "what will Red do?": not Ares again


def test_example_bid_above_ten() -> None:
    """Rulebook, "4/ Ofrendas": to bid 13 a player shows a territory marker on 10+ and the offering
    marker on 3; the engine stores the plain integer 13, and it is paid in full (C-OFFER-10, C-OFFER-13)."""
    g, s = _five_at_offers([BLUE, RED, YELLOW, GREEN, BLACK])
    s.gold[BLUE] = 20
    play(g, s, f"offer {GODS[ZEUS]} 13", *["apollo"] * 4)
    assert s.bid[ZEUS] == 13 and s.bidder[ZEUS] == BLUE and s.gold[BLUE] == 7


def test_example_end_of_actions_turn_order() -> None:
    """Rulebook, "5/ Realizar acciones", "Ejemplo: fin de las acciones": Red plays first and puts its
    marker on space 5 of the turn-order track, Green plays next and takes space 4, and so on; whoever
    plays last bids first in the next cycle (C-ACTION-1, C-ACTION-6, C-ACTION-7, C-AMB-1)."""
    g, s = _five_at_offers([BLUE, RED, YELLOW, GREEN, BLACK])
    first, second = GODS[s.gods[0]], GODS[s.gods[1]]
    play(g, s, f"offer {GODS[s.gods[2]]} 1", f"offer {first} 1", f"offer {GODS[s.gods[3]]} 1",
         f"offer {second} 1", "apollo")
    assert s.phase == ACTION and g.actors(s) == (RED,)
    play(g, s, "end")
    assert s.next_order[4] == RED and g.actors(s) == (GREEN,)
    play(g, s, "end")
    assert s.next_order[3] == GREEN
    play(g, s, "end", "end")
    assert g.actors(s) == (BLACK,)  # Apollo plays last (C-ACTION-2)
    island = next(g.tables.island_ids[i] for i, o in enumerate(s.owner) if o == BLACK)
    play(g, s, f"prosper {island}")
    assert s.phase == OFFER and s.cycle == 2
    assert s.turn_order[0] == BLACK and s.turn_order[4] == RED and s.turn_order[3] == GREEN


# ----- Poseidón: mover flotas ---------------------------------------------------------------------------
def test_example_fleet_move() -> None:
    """Rulebook, "Ejemplo de movimiento de Flota": a group of 3 fleets joins the adjacent fleet, the 4 move
    on together one space, then 2 stay behind and the other 2 make a last move; one purchase of 1 GP
    covers the 3 steps (C-FLEET-1, C-FLEET-2)."""
    g, s = war_turn(3, POSEIDON)
    put(g, s, BLUE, S5=3, S6=1, I1=1)
    play(g, s, "sail S5 3 S6")
    assert (s.fleet_owner[_sea(g, "S6")], s.fleets[_sea(g, "S6")]) == (BLUE, 4) and s.fleets[_sea(g, "S5")] == 0
    play(g, s, "sail 4 S8")
    assert s.fleets[_sea(g, "S8")] == 4 and s.fleets[_sea(g, "S6")] == 0
    play(g, s, "sail 2 S9")
    assert s.fleets[_sea(g, "S8")] == 2 and s.fleets[_sea(g, "S9")] == 2
    assert s.gold[BLUE] == 9
    assert not [a for a in g.legal_actions(s) if a.verb == "sail" and len(a.args) == 2]


# ----- Ares: mover tropas, "Última isla" ----------------------------------------------------------------
def test_example_last_island_with_a_metropolis() -> None:
    """Rulebook, "Ares, Mover Tropas", "Última isla": the Ares player who already owns a Metropolis may
    attack another player's last island if it holds a Metropolis, since winning the invasion would win
    the game; without a Metropolis of its own the last island is protected (C-TROOP-7, C-AMB-14)."""
    g, s = war_turn(3, ARES)
    put(g, s, BLUE, I1=2, S6=1)
    put(g, s, RED, I2=1)
    s.metropolis[_island(g, "I2")] = 1
    assert rule_of(g, s, "march I1 1 I2") == "C-TROOP-7"
    put(g, s, BLUE, I3=1)
    s.metropolis[_island(g, "I3")] = 1
    _do(g, s, "march I1 1 I2")
    assert s.battle_place == _island(g, "I2") and s.battle_attacker == BLUE and s.battle_defender == RED


def test_example_landing_on_an_empty_island_with_a_fortress() -> None:
    """Rulebook, "Ares, Mover Tropas": landing where there are no troops claims the island without a
    battle, even with a Fortress on it; an origin left empty keeps a territory marker and stays the
    mover's (C-TROOP-4, C-TROOP-5, C-TROOP-6)."""
    g, s = war_turn(3, ARES)
    put(g, s, BLUE, I1=1, S6=1)
    put(g, s, RED, I2=0, I7=1)
    build_on(g, s, "I2", "fortress")
    play(g, s, "march I1 1 I2")
    i1, i2 = _island(g, "I1"), _island(g, "I2")
    assert s.battle_place == -1 and s.owner[i2] == BLUE and s.troops[i2] == 1
    assert s.owner[i1] == BLUE and s.troops[i1] == 0


# ----- Explicación de la batalla --------------------------------------------------------------------------
def _land(defender: int, attack: int) -> tuple[CycladesGame, CycladesState]:
    """Blue (Ares) lands ``attack`` troops from I1 on I2, held by Red with ``defender`` troops."""
    g, s = war_turn(3, ARES)
    put(g, s, BLUE, I1=attack + 1, S6=1)
    put(g, s, RED, I2=defender, I7=1)
    _do(g, s, f"march I1 {attack} I2")
    return g, s


def test_example_battle_round_with_fortresses() -> None:
    """Rulebook, "Explicación de la batalla", 1) and 2): each side rolls one die and adds its units; the
    defender adds 1 per Fortress on the island; the lower total loses one unit to its reserve
    (C-BATTLE-2, C-BATTLE-3, C-BATTLE-5, C-BATTLE-6, C-BUILD-6)."""
    g, s = _land(defender=2, attack=3)
    build_on(g, s, "I2", "fortress", "fortress")
    _do(g, s, "dice 2 1")  # 3 + 2 = 5 against 2 + 1 + 2 = 5: a tie, both lose one
    assert s.battle_attack == 2 and s.troops[_island(g, "I2")] == 1
    g, s = _land(defender=2, attack=3)
    build_on(g, s, "I2", "fortress", "fortress")
    _do(g, s, "dice 3 1")  # 6 against 5: the defender loses one
    assert s.battle_attack == 3 and s.troops[_island(g, "I2")] == 1


def test_example_naval_battle_with_ports() -> None:
    """Rulebook, "Explicación de la batalla", 1): at sea the defender adds 1 per Port on its islands next
    to the battle space; an island is one area, so its Port helps in every adjacent sea
    (C-BATTLE-4, C-BATTLE-14, C-BUILD-5)."""
    g, s = war_turn(3, POSEIDON)
    put(g, s, BLUE, S5=2, I3=1)
    put(g, s, RED, S6=2, I1=1, I7=1)
    build_on(g, s, "I1", "port")
    _do(g, s, "sail S5 2 S6")
    _do(g, s, "dice 1 0")  # 2 + 1 = 3 against 2 + 0 + 1 = 3: a tie
    assert s.battle_attack == 1 and s.fleets[_sea(g, "S6")] == 1


def test_example_retreat_defender_first_then_attacker() -> None:
    """Rulebook, "Explicación de la batalla", 3) and "Retirada durante una batalla en tierra": while both
    sides have troops the defender may retreat first, to an own island linked by its fleets, then the
    attacker; a retreat ends the battle and the other side holds the island (C-BATTLE-7, C-BATTLE-9,
    C-BATTLE-11)."""
    g, s = _land(defender=3, attack=3)
    put(g, s, RED, S9=1, I4=1)
    _do(g, s, "dice 1 1")
    assert g.actors(s) == (RED,) and {str(a) for a in g.legal_actions(s)} == {"stay", "retreat I4"}
    _do(g, s, "stay")
    assert g.actors(s) == (BLUE,) and {str(a) for a in g.legal_actions(s)} == {"stay", "retreat I1"}
    _do(g, s, "stay")
    assert s.battle_place == _island(g, "I2")  # neither retreats: a new round (step 1)
    _do(g, s, "dice 0 0", "retreat I4")
    i2 = _island(g, "I2")
    assert s.owner[i2] == BLUE and s.troops[i2] == 1 and s.troops[_island(g, "I4")] == 2


def test_example_naval_retreat() -> None:
    """Rulebook, "Retirada durante una batalla marítima": fleets retreat to an adjacent space that is
    empty or their own; a space of a third player is no retreat (C-BATTLE-10)."""
    g, s = war_turn(3, POSEIDON)
    put(g, s, BLUE, S5=3, I3=1)
    put(g, s, RED, S6=3, S8=1, I1=1, I7=1)
    put(g, s, GREEN, S3=1)
    _do(g, s, "sail S5 3 S6")
    _do(g, s, "dice 0 0")
    assert {str(a) for a in g.legal_actions(s)} == {"stay", "retreat S5", "retreat S8"}
    assert rule_of(g, s, "retreat S3") == "C-BATTLE-10"


def test_example_mutual_destruction_on_land() -> None:
    """Rulebook, "Explicación de la batalla", "Nota": both armies may be wiped out at once; in a land
    battle the defender keeps the island under a territory marker and its income (C-BATTLE-12)."""
    g, s = _land(defender=1, attack=1)
    _do(g, s, "dice 2 2")
    i2 = _island(g, "I2")
    assert s.owner[i2] == RED and s.troops[i2] == 0 and s.battle_place == -1


# ----- Apolo -------------------------------------------------------------------------------------------
def test_example_apollo_gold_and_single_marker() -> None:
    """Rulebook, "Apolo": 1 GP with more than one island, 4 GP with a single one; when several players
    chose Apollo all gain the gold but only the first places a prosperity marker (C-APOLLO-1,
    C-APOLLO-2, C-OFFER-9, C-ACTION-2)."""
    g, s = _five_at_offers([BLUE, RED, YELLOW, GREEN, BLACK])
    lone = next(i for i, o in enumerate(s.owner) if o == RED)
    s.owner[lone], s.troops[lone] = -1, 0  # Red keeps a single island
    play(g, s, *["apollo"] * 4)
    gold = list(s.gold)
    play(g, s, "apollo")  # the Apollo turns start at once: each gains its gold first
    assert s.apollo == [BLUE, RED, YELLOW, GREEN, BLACK]
    markers = sum(s.markers)
    own = next(g.tables.island_ids[i] for i, o in enumerate(s.owner) if o == BLUE)
    play(g, s, f"prosper {own}")
    cap = StepCap("s.phase == ACTION")
    while s.phase == ACTION and cap():
        play(g, s, str(g.legal_actions(s)[0]))
    assert sum(s.markers) == markers + 1 and s.markers[_island(g, own)] == 1
    gained = [s.gold[p] - gold[p] - income(g.tables, s, p) for p in range(5)]
    assert gained == [1, 4, 1, 1, 1]


# ----- Metrópolis ----------------------------------------------------------------------------------------
def test_example_economic_metropolis() -> None:
    """Rulebook, "Metrópolis", "Desarrollo económico": the four types spread over several islands are
    discarded at once for a Metropolis on an empty Metropolis space of an own island
    (C-METRO-2, C-METRO-4, C-BUILD-10)."""
    g, s = war_turn(5, ATHENA)
    put(g, s, BLUE, I2=1, I9=1)
    build_on(g, s, "I2", "port", "fortress")
    build_on(g, s, "I9", "temple")
    play(g, s, "build I9")
    assert all(b == 0 for b in s.buildings)  # one of each type discarded at once
    assert {str(a) for a in g.legal_actions(s)} == {"metropolis I2", "metropolis I9"}
    play(g, s, "metropolis I9")
    assert s.metropolis[_island(g, "I9")] == 1 and metropolises(s, BLUE) == 1


def test_example_intellectual_metropolis() -> None:
    """Rulebook, "Metrópolis", "Desarrollo intelectual": a fourth Philosopher makes the player discard
    all four for a Metropolis (C-METRO-3, C-RECRUIT-10)."""
    g, s = war_turn(5, ATHENA)
    put(g, s, BLUE, I2=1)
    s.philosophers[BLUE] = 3
    play(g, s, "recruit")
    assert s.philosophers[BLUE] == 0 and metropolises(s, BLUE) == 1


def test_example_only_island_already_has_a_metropolis() -> None:
    """Rulebook, "Metrópolis", "Desarrollo intelectual": a player whose only island already has a
    Metropolis simply discards the 4 Philosophers; the new Metropolis replaces the old (C-METRO-7)."""
    g, s = war_turn(5, ATHENA)
    put(g, s, BLUE, I2=1)
    s.metropolis[_island(g, "I2")] = 1
    s.philosophers[BLUE] = 3
    play(g, s, "recruit")
    assert s.philosophers[BLUE] == 0 and metropolises(s, BLUE) == 1 and s.metro_seat == -1


# ----- Partida para 2 jugadores ------------------------------------------------------------------------
def test_example_two_players_outbid_yourself() -> None:
    """Rulebook, "Partida para 2 jugadores": each player makes two offerings and may outbid himself; the
    displaced marker must go to another god (C-TWO-4, C-TWO-5, C-OFFER-5)."""
    g, s = at_offers(2, seed=9)
    t = g.tables
    up = [GODS[god] for pos, god in enumerate(s.gods) if s.gods_up[pos]]
    s.turn_order = [0, 1, 2, 3]  # Blue's two markers bid first
    assert t.marker_owner[0] == t.marker_owner[1]
    seat = t.marker_owner[0]
    play(g, s, f"offer {up[0]} 2", f"offer {up[0]} 3")
    assert s.bidder[GODS.index(up[0])] == 1 and g.actors(s) == (seat,) and s.displaced == 0
    assert rule_of(g, s, f"offer {up[0]} 4") == "C-OFFER-5"


def test_example_intellectual_metropolis_destroys_buildings_in_the_way() -> None:
    """Rulebook, "Metrópolis", "Desarrollo intelectual": if the only space left is partly occupied by
    buildings, the player must destroy them to place the Metropolis (C-METRO-5, C-METRO-4)."""
    g, s = war_turn(5, ATHENA)
    t = g.tables
    put(g, s, BLUE, I9=1)
    build_on(g, s, "I9", "port", "port", "port")
    s.philosophers[BLUE] = 3
    play(g, s, "recruit")
    i9 = _island(g, "I9")
    kept = [b for b in s.buildings[t.slot_offset[i9]:t.slot_offset[i9] + t.island_slots[i9]] if b]
    assert s.metropolis[i9] == 1 and len(kept) < 3


# ----- Ofrendas: Sacerdotes and affordability -----------------------------------------------------------
def test_example_priests_and_affordability() -> None:
    """Rulebook, "Reclutar Sacerdotes" and "4/ Ofrendas", "Importante": each Priest lowers the payment by
    1 GP but at least 1 GP is always paid; an offering the player cannot pay is forbidden
    (C-OFFER-11, C-OFFER-13, C-OFFER-15)."""
    g, s = _five_at_offers([BLUE, RED, YELLOW, GREEN, BLACK])
    assert s.gold[BLUE] == 7
    assert rule_of(g, s, f"offer {GODS[ZEUS]} 8") == "C-OFFER-11"
    s.priests[BLUE] = 5
    play(g, s, f"offer {GODS[ZEUS]} 3", *["apollo"] * 4)
    assert s.bid[ZEUS] == 3 and s.gold[BLUE] == 6


# ----- Fin de la partida y victoria ---------------------------------------------------------------------
def _metropolises_on_own_islands(s: CycladesState, seat: int, count: int) -> None:
    for i in [i for i, o in enumerate(s.owner) if o == seat][:count]:
        s.metropolis[i] = 1


def test_example_two_metropolises_richest_wins() -> None:
    """Rulebook, "Fin de la partida y victoria": the game ends at the end of a cycle in which a player
    owns 2 Metropolises; if several do, the one with most GP behind the screen wins
    (C-END-2, C-END-3, C-END-4, C-CYCLE-3)."""
    g, s = at_offers(3, seed=1)
    _metropolises_on_own_islands(s, 0, 2)
    _metropolises_on_own_islands(s, 1, 2)
    s.gold = [3, 7, 5]
    play(g, s, *["apollo"] * 3)
    assert not g.is_terminal(s)  # only at the end of the cycle (C-END-6)
    cap = StepCap("not g.is_terminal(s): the game must end with this cycle (C-END-2)", limit=500)
    while not g.is_terminal(s) and cap():
        play(g, s, str(g.legal_actions(s)[0]))
    outcome = g.outcome(s)
    assert outcome is not None and outcome.winner == 1 and s.cycle == 1


def test_example_two_players_need_three_metropolises() -> None:
    """Rulebook, "Partida para 2 jugadores": the game ends when a player owns 3 Metropolises at the end of
    a cycle, not 2 (C-TWO-9, C-END-2)."""
    g, s = at_offers(2, seed=1)
    _metropolises_on_own_islands(s, 0, 2)
    _to_next_cycle(g, s)
    assert not g.is_terminal(s) and s.cycle == 2
    g, s = at_offers(2, seed=1)
    _metropolises_on_own_islands(s, 0, 2)
    s.owner[next(i for i, o in enumerate(s.owner) if o == -1)] = 0
    _metropolises_on_own_islands(s, 0, 3)
    _to_next_cycle(g, s)
    outcome = g.outcome(s)
    assert g.is_terminal(s) and outcome is not None and outcome.winner == 0


# ----- Construir: Templo -------------------------------------------------------------------------------
def test_example_temples_never_below_one_gold() -> None:
    """Rulebook, "Construir", "Templo": each Temple lowers a creature's price by 1 GP once per cycle, and a
    creature always costs at least 1 GP whatever the number of Temples (C-BUILD-7, C-BUILD-8, C-SUMMON-2)."""
    g, s = war_turn(5, ZEUS, gold=10)
    put(g, s, BLUE, I2=1)
    build_on(g, s, "I2", "temple", "temple", "temple")
    s.track = [EMPTY, EMPTY, g.tables.creature_index["fates"]]
    uses = {int(a.args[1]) for a in g.legal_actions(s) if a.verb == "summon"}
    assert uses == {0, 1}  # 2 GP less 1 Temple = 1 GP; a second Temple would go below 1
    play(g, s, "summon 2 1")
    assert s.gold[BLUE] == 10 - 1 + income(g.tables, s, BLUE)


def test_example_creature_track_second_cycle_after_use() -> None:
    """Rulebook, "Caso especial al principio del juego": if the first card was used in cycle 1, two cards
    from the deck go on the 4 GP and 3 GP slots in cycle 2 (C-CREATURE-7)."""
    g, s = at_offers(4, seed=1)
    s.discard.append(s.track[0])
    s.track[0] = EMPTY  # as if summoned in cycle 1 (C-SUMMON-6)
    _to_next_cycle(g, s)
    cap = StepCap("g.is_chance(s)")
    while g.is_chance(s) and cap():
        g.step_chance(s)
    assert s.cycle == 2 and s.track[0] != EMPTY and s.track[1] != EMPTY and s.track[2] == EMPTY


# ----- 5/ Realizar acciones: alternating actions -----------------------------------------------------------
def test_example_recruit_build_recruit() -> None:
    """Rulebook, "5/ Realizar acciones": actions may alternate, "for example recruit, build and recruit
    again"; the second troop still costs 2 GP after the build, which costs 2 (C-ACTION-3, C-RECRUIT-3,
    C-BUILD-2, C-AMB-8)."""
    g, s = war_turn(3, ARES, gold=10)
    put(g, s, BLUE, I1=1)
    play(g, s, "recruit I1", "build I1", "recruit I1")
    assert s.gold[BLUE] == 10 - 0 - 2 - 2 and s.troops[_island(g, "I1")] == 3


def test_example_after_mutual_destruction_the_island_is_undefended() -> None:
    """Rulebook, "Explicación de la batalla", "Nota": after both armies are wiped out the defender keeps the
    island but cannot defend it from a later attack until it recruits troops: a second landing takes it
    without a battle (C-BATTLE-12, C-TROOP-4, C-TROOP-8)."""
    g, s = _land(defender=1, attack=1)
    _do(g, s, "dice 2 2")
    i2 = _island(g, "I2")
    assert s.owner[i2] == RED and s.troops[i2] == 0
    _do(g, s, "march I1 1 I2")
    assert s.battle_place == -1 and s.owner[i2] == BLUE and s.troops[i2] == 1


def test_example_two_players_priests_and_both_offerings() -> None:
    """Rulebook, "Partida para 2 jugadores", "Nota": a player must be able to pay both offerings together,
    and a Priest lowers each of the two offerings by 1 GP (C-TWO-6, C-TWO-7)."""
    g, s = at_offers(2, seed=9)
    t = g.tables
    up = [GODS[god] for pos, god in enumerate(s.gods) if s.gods_up[pos]]
    s.turn_order = [0, 2, 1, 3]  # the two players alternate, Blue's markers first
    seat, other = t.marker_owner[0], t.marker_owner[2]
    assert t.marker_owner[1] == seat and seat != other
    s.priests[seat] = 1
    play(g, s, f"offer {up[0]} 5", "apollo")  # Blue's net 4 of 7 GP
    assert rule_of(g, s, f"offer {up[1]} 5") == "C-TWO-6"  # net 4 more: 8 > 7
    play(g, s, f"offer {up[1]} 4", f"offer {up[2]} 1")
    assert s.phase == ACTION and s.gold[seat] == 7 - 4 - 3
