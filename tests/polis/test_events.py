"""Event cards (R-EVENT-1 … R-EVENT-9, R-ROUND-7 … R-ROUND-10), driven through the public API.

Each test builds a position at the event's chance node (``at_event``), sets up the board, applies
``event <id>`` and checks what the card did. Every effect function in ``rules/events.py`` is
exercised here by at least one test that fails if it broke.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest
from rules_helpers import at_event, pop

from kleos.core.action import Action
from kleos.core.errors import IllegalAction
from kleos.games.polis.board import units
from kleos.games.polis.game import PolisGame
from kleos.games.polis.invariants import state_problems
from kleos.games.polis.loader import load_edition
from kleos.games.polis.positions import goods_of, play, set_goods, set_polis, set_prestige, set_units
from kleos.games.polis.rules import battle, events
from kleos.games.polis.state import CH_EVENT, EVENT, TURN, PolisState
from kleos.games.polis.tables import ATHENS, SPARTA
from step_cap import StepCap

G12 = PolisGame("2012")
G20 = PolisGame("2020")
GAMES = {"2012": G12, "2020": G20}


def u(game: PolisGame, s: PolisState, region: str, side: int) -> int:
    return units(s, game.tables.region_index[region], side)


def owner(game: PolisGame, s: PolisState, polis: str) -> int:
    return s.owner[game.tables.polis_index[polis]]


def legal_text(game: PolisGame, s: PolisState) -> list[str]:
    return sorted(str(a) for a in game.legal_actions(s))


def rule_of(game: PolisGame, s: PolisState, action: str) -> str:
    with pytest.raises(IllegalAction) as err:
        game.apply_in_place(s, Action.parse(action))
    return err.value.rule


def cubes_in_play(game: PolisGame, s: PolisState, side: int) -> int:
    on_board = sum(s.units[r * 2 + side] for r in range(game.tables.n_regions))
    on_poleis = sum(p for p, o in zip(s.pop, s.owner, strict=True) if o == side)
    return on_board + on_poleis + s.supply_cubes[side]


def finish_turns(game: PolisGame, s: PolisState) -> None:
    """Both players pass (Sparta first if it is to act)."""
    cap = StepCap("s.phase == TURN")
    while s.phase == TURN and cap():
        game.apply_in_place(s, Action("pass"))


def to_next_round(game: PolisGame, s: PolisState) -> None:
    """Pass, release nothing, grow nothing, give no phoros, until the next round's event node."""
    start = s.round
    for side in (ATHENS, SPARTA):
        set_goods(s, side, wheat=20)
    cap = StepCap("not (s.round == start + 1 and s.chance == CH_EVENT)")
    while not (s.round == start + 1 and s.chance == CH_EVENT) and cap():
        assert s.outcome is None
        if game.is_chance(s):
            game.step_chance(s)
            continue
        acts = [str(a) for a in game.legal_actions(s)]
        pick = next((a for a in ("pass", "feed", "done", "phoros 0") if a in acts), acts[0])
        game.apply_in_place(s, Action.parse(pick))


# ----- the data ---------------------------------------------------------------------------------
@pytest.mark.parametrize("edition", ["2012", "2020"])
def test_every_card_has_a_registered_effect(edition: str) -> None:
    """Every card in the data names an effect implemented in rules/events.py, with an id the action
    notation can carry; a card found in two decks does the same thing in both."""
    b = load_edition(edition)
    seen: dict[str, tuple[str, str]] = {}
    for deck in b.events.decks:
        for card in deck.cards:
            assert card.effect in events.EFFECTS, f"{card.id}: no effect {card.effect!r}"
            assert Action.parse(f"event {card.id}") == Action("event", (card.id,))
            assert card.title and card.text
            signature = (card.effect, json.dumps(card.params, sort_keys=True))
            assert seen.setdefault(card.id, signature) == signature, card.id


def test_deck_sizes_and_left_out_cards() -> None:
    """[2012] deck 3 is the card sheet's 8 cards (2 No Event); the other decks carry 2 No Event each;
    [2020] three decks of 8 with Xerxes in Alfa (source); Superstition and Great Commanders are left out."""
    t12, t20 = G12.tables, G20.tables
    assert [len(d) for d in t12.event_decks] == [8, 8, 10, 9]
    for deck in t12.event_decks:
        assert Counter(c.id for c in deck)["NoEvent"] == 2
    assert {c.id for c in t12.event_decks[0]} == {
        "NoEvent", "EarthquakeInSparta", "PersianFleetDestroyed", "Philopersians", "XerxesAssassinated",
        "Leotychidas", "HolyWar"}
    assert [len(d) for d in t20.event_decks] == [8, 8, 8]
    xerxes = next(c for c in t20.event_decks[0] if c.id == "XerxesAssassinated")
    assert xerxes.tag_of("effect") == "source"
    for t in (t12, t20):
        assert not {"Superstition", "GreatCommanders", "LiberationOfSlaves"} & set(t.event_index)
    assert all("oil" not in c.text for c in t20.event_index.values())


def test_every_effect_is_used_by_some_card() -> None:
    used = {c.effect for t in (G12.tables, G20.tables) for c in t.event_index.values()}
    assert used == set(events.EFFECTS)


# ----- R-EVENT-1, R-ROUND-7 … R-ROUND-10 ----------------------------------------------------------
@pytest.mark.parametrize("edition", ["2012", "2020"])
def test_one_event_per_round_then_the_turns(edition: str) -> None:
    """R-EVENT-1: the event chance node offers exactly this round's deck; No Event changes nothing
    and the start player (tie: Sparta, R-ROUND-9) begins."""
    game = GAMES[edition]
    s = at_event(game)
    outcomes = game.chance_outcomes(s)
    assert {str(a) for a, _ in outcomes} == {f"event {c.id}" for c in game.tables.event_decks[0]}
    assert sum(p for _, p in outcomes) == pytest.approx(1)
    before = s.copy()
    play(game, s, "event NoEvent")
    assert s.event == "NoEvent" and s.phase == TURN and s.active == SPARTA
    assert (s.units, s.pop, s.goods, s.prestige) == (before.units, before.pop, before.goods, before.prestige)


def test_reader_by_prestige_before_and_start_player_after_the_event() -> None:
    """R-ROUND-7/R-ROUND-10: Sparta, with more prestige before the event, reads it; R-ROUND-9/10:
    the start player is decided on prestige after it (Athens 4 + 1 = Sparta 5: tie, Sparta starts)."""
    s = at_event(G12)
    set_prestige(s, "athens", 4)
    set_prestige(s, "sparta", 5)
    play(G12, s, "event PersianFleetDestroyed")
    assert s.flag(events.READER) == SPARTA
    assert s.prestige == [5, 5] and goods_of(s, "sparta")["silver"] == 5
    assert s.active == SPARTA  # before the event Athens had less and would have started


def test_2020_first_round_reader_is_athens() -> None:
    """R-ROUND-7 [2020]: in round 1 Athens reads even with less prestige, so Athens answers first."""
    s = at_event(G20)
    set_prestige(s, "sparta", 6)
    play(G20, s, "event Philopersians")
    assert G20.actors(s) == (ATHENS,)


# ----- grant: gains, losses, R-EVENT-2, R-EVENT-5, R-EVENT-6 ---------------------------------------
@pytest.mark.parametrize("edition", ["2012", "2020"])
def test_each_side_gets_what_its_text_names(edition: str) -> None:
    """R-EVENT-2: Holy War gives Sparta a hoplite in Thessalia and Athens one in Boiotia, from the supply."""
    game = GAMES[edition]
    s = at_event(game)
    supply = s.supply_cubes[:]
    play(game, s, "event HolyWar")
    assert (u(game, s, "Thessalia", SPARTA), u(game, s, "Thessalia", ATHENS)) == (1, 0)
    assert (u(game, s, "Boiotia", ATHENS), u(game, s, "Boiotia", SPARTA)) == (1, 0)
    assert s.supply_cubes == [supply[0] - 1, supply[1] - 1]


def test_units_never_exceed_the_stacking_limit_or_the_supply() -> None:
    """R-EVENT-5: Athens already has N = 3 hoplites in Messinia; Sparta has no cube in its supply."""
    s = at_event(G12)
    set_units(G12, s, "Messinia", athens=3)
    s.supply_cubes[SPARTA] = 0
    play(G12, s, "event EarthquakeInSparta")
    assert u(G12, s, "Messinia", ATHENS) == 3
    assert u(G12, s, "IonionPelagos", SPARTA) == 1
    s2 = at_event(G12)
    play(G12, s2, "event EarthquakeInSparta")
    assert u(G12, s2, "IonionPelagos", SPARTA) == 2 and u(G12, s2, "Messinia", ATHENS) == 1


def test_lost_units_go_to_the_supply() -> None:
    """Peasant Revolts (reconstructed): each side loses a hoplite in Messinia and in Ionia where it has one."""
    s = at_event(G12, round=1)
    set_units(G12, s, "Messinia", athens=1, sparta=2)
    supply = s.supply_cubes[:]
    play(G12, s, "event PeasantRevolts")
    assert u(G12, s, "Ionia", ATHENS) == 1 and u(G12, s, "Messinia", ATHENS) == 0
    assert u(G12, s, "Messinia", SPARTA) == 1 and u(G12, s, "Ionia", SPARTA) == 0
    assert s.supply_cubes == [supply[0] + 2, supply[1] + 1]


def test_plague_takes_population_but_never_the_capitals_last_cube() -> None:
    """Plague and Humiliation (reconstructed): Athinae loses 2 cubes, +1 hoplite in Messinia; a capital
    with 1 cube keeps it."""
    s = at_event(G12, round=2)
    play(G12, s, "event PlagueAndHumiliation")
    assert pop(G12, s, "Athinae") == 3 and u(G12, s, "Messinia", ATHENS) == 1
    s2 = at_event(G12, round=2)
    set_polis(G12, s2, "Athinae", "athens", 1)
    play(G12, s2, "event PlagueAndHumiliation")
    assert pop(G12, s2, "Athinae") == 1 and owner(G12, s2, "Athinae") == ATHENS


def test_a_forced_prestige_loss_that_cannot_be_paid_loses(tmp_path: Path) -> None:
    """R-EVENT-6: a (user-supplied) card takes 2 prestige from Sparta, which has 1: Athens wins at once."""
    card = {"id": "Omen", "title": "Bad omen", "text": "Sparta: -2 prestige.", "effect": "grant",
            "params": {"sparta_prestige": -2, "athens_prestige": 1}}
    deck = [{"round": r, "cards": [card]} for r in ("3", "4", "5a", "5b")]
    (tmp_path / "events.json").write_text(json.dumps({"decks": deck}))
    game = PolisGame("2012", data_dir=tmp_path)
    s = at_event(game)
    set_prestige(s, "sparta", 1)
    play(game, s, "event Omen")
    assert s.outcome is not None and s.outcome.winner == ATHENS
    assert game.is_terminal(s)


# ----- round-long flags, R-EVENT-3, R-EVENT-4 ------------------------------------------------------
@pytest.mark.parametrize("edition", ["2012", "2020"])
def test_xerxes_closes_persia_for_the_round_only(edition: str) -> None:
    """R-EVENT-3/R-EVENT-4: no trade with Persia this round; the flag is gone next round."""
    game = GAMES[edition]
    s = at_event(game)
    play(game, s, "event XerxesAssassinated")
    assert s.flag("market_closed:Persia") == 1
    play(game, s, "pass")  # Sparta starts; Athens is to act
    assert rule_of(game, s, "trade Persia 1 wine") == "R-EVENT-4"
    to_next_round(game, s)
    assert s.event_flags == []
    play(game, s, "event NoEvent")
    assert s.flag("market_closed:Persia") == 0


@pytest.mark.parametrize("edition", ["2012", "2020"])
def test_leotychidas_makes_athens_start(edition: str) -> None:
    """The card overrides R-ROUND-9 (and [2020] the fixed first-round start player): Athens starts
    although it has more prestige."""
    game = GAMES[edition]
    s = at_event(game)
    set_prestige(s, "athens", 6)
    play(game, s, "event Leotychidas")
    assert s.phase == TURN and s.active == ATHENS


def test_alcibiades_lowers_the_battle_size() -> None:
    """With 4 + 3 units in Kyklades a battle breaks out this round (7, not 8: R-BATTLE-1 changed)."""
    s = at_event(G12, round=3)
    set_units(G12, s, "Kyklades", athens=4, sparta=3)
    t = G12.tables
    assert t.region_index["Kyklades"] not in battle.battle_regions(t, s)
    play(G12, s, "event AlcibiadesFlees")
    assert t.region_index["Kyklades"] in battle.battle_regions(t, s)


def test_etna_caps_the_hoplites_counted_for_tribute_in_sikelia() -> None:
    """Tribute in Sikelia counts at most 3 of Sparta's 5 hoplites: the third assignment collects."""
    s = at_event(G12, round=3)
    set_polis(G12, s, "Syrakousai", "sparta", 4)
    set_units(G12, s, "Sikelia", sparta=5)
    play(G12, s, "event EtnaErupts", "tribute Sikelia", "assign wheat", "assign wheat")
    assert s.pending is not None
    play(G12, s, "assign wheat")
    assert s.pending is None and goods_of(s, "sparta")["wheat"] == 6


def test_carthage_strikes_the_stronger_army_judged_before_the_card() -> None:
    """Athens 3 against Sparta 2 in Sikelia: only Athens loses 2 (Sparta's 2 now outnumber Athens' 1,
    but strength is judged once)."""
    s = at_event(G12, round=3)
    set_units(G12, s, "Sikelia", athens=3, sparta=2)
    play(G12, s, "event CarthageLandsInSicily")
    assert (u(G12, s, "Sikelia", ATHENS), u(G12, s, "Sikelia", SPARTA)) == (1, 2)


def test_carthage_tie_strikes_both_and_an_empty_sikelia_pays_no_tribute() -> None:
    s = at_event(G12, round=3)
    set_units(G12, s, "Sikelia", athens=3, sparta=3)
    play(G12, s, "event CarthageLandsInSicily")
    assert (u(G12, s, "Sikelia", ATHENS), u(G12, s, "Sikelia", SPARTA)) == (1, 1)
    assert s.flag("no_tribute:Sikelia") == 0
    s2 = at_event(G12, round=3)
    play(G12, s2, "event CarthageLandsInSicily")
    set_polis(G12, s2, "Syrakousai", "sparta", 4)
    set_units(G12, s2, "Sikelia", sparta=2)
    assert rule_of(G12, s2, "tribute Sikelia") == "R-EVENT-4"


def test_long_walls_fill_athinae_up_to_its_maximum() -> None:
    """R-EVENT-5: of 4 hoplites in Attika only 2 fit into Athinae (8 of 10); Sparta is untouched."""
    s = at_event(G12, round=2)
    set_polis(G12, s, "Athinae", "athens", 8)
    set_units(G12, s, "Attika", athens=4, sparta=1)
    total = cubes_in_play(G12, s, ATHENS)
    play(G12, s, "event BehindTheLongWalls")
    assert pop(G12, s, "Athinae") == 10 and u(G12, s, "Attika", ATHENS) == 2
    assert u(G12, s, "Attika", SPARTA) == 1
    assert cubes_in_play(G12, s, ATHENS) == total


# ----- turn-end checks: R-EVENT-7 ------------------------------------------------------------------
def test_hermocopidae_is_checked_at_the_end_of_every_turn() -> None:
    """R-EVENT-7: Athens, with a hoplite in Sikelia, loses 1 prestige at the end of Sparta's turn and
    again at the end of its own, long before the round ends."""
    s = at_event(G12, round=3)
    set_units(G12, s, "Sikelia", athens=1)
    play(G12, s, "event Hermocopidae")
    assert s.active == SPARTA and s.prestige == [4, 4]
    play(G12, s, "tribute Lakedaemon", "assign iron", "done", "march Arkadia", "from Lakedaemon", "done")
    assert s.prestige == [3, 3] and s.active == ATHENS  # Sparta paid 1 for the march
    play(G12, s, "tribute Attika", "assign wine", "done", "march Megaris", "from Attika", "done")
    assert s.prestige == [1, 3] and s.active == SPARTA  # Athens: 1 for the march, 1 for the herms


def test_hermocopidae_unpaid_loses_the_game() -> None:
    """R-EVENT-6 with R-EVENT-7: Athens has no prestige left when Sparta's turn ends."""
    s = at_event(G12, round=3)
    set_units(G12, s, "Sikelia", athens=1)
    play(G12, s, "event Hermocopidae")
    set_prestige(s, "athens", 0)
    play(G12, s, "pass")
    assert s.outcome is not None and s.outcome.winner == SPARTA


def test_free_trade_costs_the_player_who_cuts_off_the_other() -> None:
    """Athens controls Noties Sporades, Sparta's only way to Persia and Aegyptos: Athens loses 1
    prestige at the end of its turn; Sparta, blocking nothing, loses none."""
    s = at_event(G12, round=2)
    play(G12, s, "event FreeTradeWithPersia", "pass")
    assert s.prestige == [4, 4]
    play(G12, s, "pass")
    assert s.prestige == [3, 4]


# ----- effects that ask the players ---------------------------------------------------------------
def test_philopersians_reader_chooses_first_then_the_other() -> None:
    """R-ROUND-8: Athens (reader on a tie) removes a unit and gains 1 prestige, then Sparta; then the
    turns begin. An answer that is not offered is refused (R-EVENT-1)."""
    s = at_event(G12)
    play(G12, s, "event Philopersians")
    assert s.phase == EVENT and G12.actors(s) == (ATHENS,)
    assert legal_text(G12, s) == ["remove Attika", "remove Ionia", "remove Kyklades", "remove NotiesSporades"]
    assert rule_of(G12, s, "remove Lakedaemon") == "R-EVENT-1"
    play(G12, s, "remove Ionia")
    assert u(G12, s, "Ionia", ATHENS) == 1 and s.prestige == [5, 4]
    assert G12.actors(s) == (SPARTA,)
    play(G12, s, "remove MyrtoonPelagos")
    assert s.prestige == [5, 5] and s.phase == TURN and s.active == SPARTA


def test_a_choice_with_one_answer_is_made_at_once() -> None:
    """R-EVENT-9: Sparta has units in one region only, so only Athens is asked."""
    s = at_event(G12)
    set_units(G12, s, "IonionPelagos", sparta=0)
    set_units(G12, s, "MyrtoonPelagos", sparta=0)
    play(G12, s, "event Philopersians", "remove Kyklades")
    assert u(G12, s, "Lakedaemon", SPARTA) == 2 and s.prestige == [5, 5] and s.phase == TURN


def test_pending_event_choice_survives_json() -> None:
    s = at_event(G20)
    play(G20, s, "event Philopersians")
    again = G20.state_from_json(json.loads(json.dumps(G20.state_to_json(s))))
    assert again == s and G20.legal_actions(again) == G20.legal_actions(s)


def test_egypt_athens_sends_galleys_and_gets_half_back_rounded_up() -> None:
    """R-EVENT-8: Athens sends 3 galleys; when the round ends 2 come back (half of 3, rounded in its
    favour) to Kyklades, Athinae's sea. At least 2 must be sent before 'done' is offered."""
    s = at_event(G12, round=1)
    play(G12, s, "event EgyptRebels")
    assert legal_text(G12, s) == ["send Kyklades", "send NotiesSporades"]
    play(G12, s, "send Kyklades", "send NotiesSporades")
    assert legal_text(G12, s) == ["done", "send Kyklades"]
    play(G12, s, "send Kyklades")  # no galley left: 'done' is the only answer, made at once
    assert s.phase == TURN and s.prestige == [4, 4]
    assert u(G12, s, "Kyklades", ATHENS) == 0 and s.flag("away:athens") == 3
    play(G12, s, "pass")
    assert u(G12, s, "Kyklades", ATHENS) == 0
    play(G12, s, "pass")
    assert u(G12, s, "Kyklades", ATHENS) == 2 and u(G12, s, "NotiesSporades", ATHENS) == 0


def test_egypt_each_galley_short_of_two_costs_a_prestige() -> None:
    """Athens has 1 galley: it is sent at once and the missing one costs 1 prestige (R-EVENT-9)."""
    s = at_event(G12, round=1)
    set_units(G12, s, "Kyklades", athens=0)
    play(G12, s, "event EgyptRebels")
    assert s.phase == TURN and u(G12, s, "NotiesSporades", ATHENS) == 0 and s.prestige == [3, 4]


def test_egypt_shortfall_without_prestige_loses() -> None:
    """R-EVENT-6: no galley and 1 prestige against a 2-prestige penalty: Athens loses."""
    s = at_event(G12, round=1)
    set_units(G12, s, "Kyklades", athens=0)
    set_units(G12, s, "NotiesSporades", athens=0)
    set_prestige(s, "athens", 1)
    play(G12, s, "event EgyptRebels")
    assert s.outcome is not None and s.outcome.winner == SPARTA


@pytest.mark.parametrize("edition", ["2012", "2020"])
def test_persian_king_hoplites_earn_prestige_and_come_back(edition: str) -> None:
    """+2 prestige per hoplite sent; all come back to the capital's territory when the round ends."""
    game = GAMES[edition]
    s = at_event(game, round=1)
    play(game, s, "event MurderOfThePersianKing", "send Attika", "send Ionia", "done")
    assert s.prestige[ATHENS] == s.prestige[SPARTA] + 4
    assert game.actors(s) == (SPARTA,)
    play(game, s, "done")
    assert u(game, s, "Attika", ATHENS) == 2 and u(game, s, "Ionia", ATHENS) == 1
    finish_turns(game, s)
    assert u(game, s, "Attika", ATHENS) == 4 and u(game, s, "Ionia", ATHENS) == 1


def test_betrayal_a_small_polis_changes_sides_with_its_projects() -> None:
    """Athens takes Argos (1 cube, a finished project); Sparta may not take it back and takes Chalkis."""
    s = at_event(G12, round=1)
    set_polis(G12, s, "Argos", "sparta", 1)
    argos = G12.tables.polis_index["Argos"]
    s.projects_done[argos] = (0,)
    play(G12, s, "event Betrayal")
    assert legal_text(G12, s) == ["take Argos", "take Gythion"]
    play(G12, s, "take Argos")
    assert owner(G12, s, "Argos") == ATHENS and s.projects_done[argos] == (0,)
    assert owner(G12, s, "Chalkis") == SPARTA and pop(G12, s, "Chalkis") == 1
    assert s.phase == TURN


def test_treasury_prestige_for_twice_the_silver_and_none_left_loses() -> None:
    """Athens gives 3 prestige for 6 silver; Sparta, with 0 prestige, must give 1 and loses (R-EVENT-6)."""
    s = at_event(G20, round=1)
    set_prestige(s, "sparta", 0)
    play(G20, s, "event TreasuryTransfer")
    assert legal_text(G20, s) == ["give 1", "give 2", "give 3"]
    play(G20, s, "give 3")
    assert s.prestige[ATHENS] == 0 and goods_of(s, "athens")["silver"] == 6
    assert s.outcome is not None and s.outcome.winner == ATHENS


def test_mercenaries_cost_silver_not_population() -> None:
    """Each unit costs 2 silver and no population, within the stacking limit (R-EVENT-5): Attika is full."""
    s = at_event(G12, round=2)
    set_goods(s, "athens", silver=5)
    set_units(G12, s, "Attika", athens=5)
    play(G12, s, "event Mercenaries")
    acts = legal_text(G12, s)
    assert "hire Attika" not in acts and "hire Kyklades" in acts and "hire Ionia" in acts
    play(G12, s, "hire Kyklades", "hire Ionia")
    assert u(G12, s, "Kyklades", ATHENS) == 3 and u(G12, s, "Ionia", ATHENS) == 3
    assert goods_of(s, "athens")["silver"] == 1 and pop(G12, s, "Athinae") == 5
    assert G12.actors(s) == (SPARTA,)  # Athens could hire no more: done at once
    play(G12, s, "hire Lakedaemon", "done")
    assert u(G12, s, "Lakedaemon", SPARTA) == 4 and s.phase == TURN


def test_pacifism_prestige_instead_of_tribute_at_home() -> None:
    """Athens uses its 3 hoplites in Attika (Athinae has 5 cubes): +3 prestige, and its disc marks
    Attika's tribute as taken this round (R-ACT-TRIBUTE-6)."""
    s = at_event(G12, round=2)
    play(G12, s, "event Pacifism")
    assert legal_text(G12, s) == ["decline", "suppress 1", "suppress 2", "suppress 3"]
    play(G12, s, "suppress 3", "decline")
    assert s.prestige == [7, 4] and s.phase == TURN
    play(G12, s, "pass")
    assert rule_of(G12, s, "tribute Attika") == "R-ACT-TRIBUTE-6"


def test_pacifism_suppresses_at_most_the_capitals_population() -> None:
    """[2012] Pacifism (card text, polis-data.md round 5α: "max = capital population"): with 7
    hoplites in Attika and 5 cubes in Athinae, at most 5 suppress the pacifists, for 5 prestige."""
    s = at_event(G12, round=2)
    set_units(G12, s, "Attika", athens=7)
    assert pop(G12, s, "Athinae") == 5
    play(G12, s, "event Pacifism")
    assert legal_text(G12, s) == ["decline", *(f"suppress {n}" for n in range(1, 6))]
    with pytest.raises(IllegalAction):
        G12.apply_in_place(s, Action.parse("suppress 6"))
    play(G12, s, "suppress 5", "decline")
    assert s.prestige == [9, 4]


def test_pacifism_cap_binds_in_a_legal_position() -> None:
    """[2012] Pacifism: hoplites at home suppress at most the capital's population (polis-data.md
    round 5α, "max = capital population"), in a position that keeps every invariant (stacking
    R-STACK-1: 5 units in round 5α): Athens has 5 hoplites in Attika and 3 cubes in Athinae, Sparta
    4 hoplites in Lakedaemon and 2 cubes in Sparti; each may suppress only up to its population."""
    s = at_event(G12, round=2)
    set_polis(G12, s, "Athinae", "athens", 3)
    set_polis(G12, s, "Sparti", "sparta", 2)
    set_units(G12, s, "Attika", athens=5)
    set_units(G12, s, "Lakedaemon", sparta=4)
    assert state_problems(G12.tables, s) == []
    before = list(s.prestige)
    play(G12, s, "event Pacifism")
    assert legal_text(G12, s) == ["decline", "suppress 1", "suppress 2", "suppress 3"]
    with pytest.raises(IllegalAction):
        G12.apply_in_place(s, Action.parse("suppress 4"))
    play(G12, s, "suppress 3")
    assert legal_text(G12, s) == ["decline", "suppress 1", "suppress 2"]
    with pytest.raises(IllegalAction):
        G12.apply_in_place(s, Action.parse("suppress 4"))
    play(G12, s, "suppress 2")
    assert s.prestige == [before[0] + 3, before[1] + 2]
    assert state_problems(G12.tables, s) == []


# ----- random play --------------------------------------------------------------------------------
def random_game(game: PolisGame, seed: int, round: int = 0, event: str | None = None) -> PolisState:
    """Random legal actions and chance from the state's generator; optionally start at ``round``
    with ``event`` drawn."""
    rng = random.Random(seed)
    s = at_event(game, round, seed) if event else game.new_state(seed)
    if event:
        play(game, s, f"event {event}")
    cap = StepCap("not game.is_terminal(s)")
    while not game.is_terminal(s) and cap():
        if game.is_chance(s):
            game.step_chance(s)
        else:
            acts = game.legal_actions(s)
            assert acts, f"no legal action in phase {s.phase}"
            game.apply_in_place(s, rng.choice(acts))
        assert s.steps < 20000
    return s


@pytest.mark.parametrize("edition", ["2012", "2020"])
def test_random_games_with_events(edition: str) -> None:
    """50 seeded random games per edition run to the end, cube totals conserved."""
    game = GAMES[edition]
    limit = game.tables.bundle.setup.limits.cubes
    for seed in range(50):
        s = random_game(game, seed)
        assert s.outcome is not None
        assert [cubes_in_play(game, s, side) for side in (0, 1)] == [limit, limit]


@pytest.mark.parametrize("edition", ["2012", "2020"])
def test_random_games_from_every_card(edition: str) -> None:
    """Every card of every deck, drawn in its own round, then random play to the end (3 seeds each),
    cube totals conserved."""
    game = GAMES[edition]
    limit = game.tables.bundle.setup.limits.cubes
    for r, deck in enumerate(game.tables.event_decks):
        for card_id in sorted({c.id for c in deck}):
            for seed in range(3):
                s = random_game(game, seed, r, card_id)
                assert s.outcome is not None
                assert [cubes_in_play(game, s, side) for side in (0, 1)] == [limit, limit]
