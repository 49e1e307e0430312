"""The menu's title says what a Cyclades seat decides (the terminal app's menu, the plain loop's
"Your choices (Blue): your turn with Ares"), read from the seat's view only."""

from __future__ import annotations

import random
from collections.abc import Iterator

from kleos.core.action import Action
from kleos.core.protocol import CHANCE
from kleos.games.cyclades.game import CycladesGame
from kleos.games.cyclades.rules import actions as turn
from kleos.games.cyclades.state import OFFER, CycladesState
from kleos.games.cyclades.tables import EMPTY
from kleos.games.cyclades.tui.guide import decision_title


def decisions(seeds: tuple[int, ...]) -> Iterator[tuple[CycladesGame, CycladesState, int, list[Action]]]:
    """Each decision of seeded 3-player games of random choices (chance from the state's generator),
    before the choice is applied: (game, state, seat, legal actions)."""
    for seed in seeds:
        game = CycladesGame({"players": 3})
        s, rng = game.new_state(seed), random.Random(seed)
        for _ in range(3000):
            if game.outcome(s) is not None:
                break
            seat = CHANCE if game.is_chance(s) else game.actors(s)[0]
            if seat == CHANCE:
                game.apply_in_place(s, game.sample_chance(s), seat)
                continue
            legal = game.legal_actions(s, seat)
            yield game, s, seat, legal
            game.apply_in_place(s, rng.choice(legal), seat)


def test_c_cycle_1_each_decision_is_titled_by_its_phase_and_step() -> None:
    """C-CYCLE-1, C-OFFER-1, C-APOLLO-2, C-BATTLE-2, C-ACTION-1: offerings, Apollo's prosperity
    marker, a battle's stay-or-retreat and a god's turn each get their own title; every decision
    of three seeded random games gets one."""
    seen: set[str] = set()
    for game, s, seat, legal in decisions((1, 2, 3)):
        verbs = {a.verb for a in legal}
        title = decision_title(game, game.view(s, seat), seat)
        if s.phase == OFFER:
            assert title == "bid for a god or pray to Apollo"
        elif "prosper" in verbs:
            assert title == "Apollo: place the prosperity marker"
        elif "retreat" in verbs:
            assert title.startswith("battle in ") and title.endswith(": stay or retreat"), title
        elif turn.pending_prompt(s) is None and "end" in verbs and s.voyage_sea == EMPTY:
            god = game.tables.god_names[turn.turn_god(s)]
            assert title == f"your turn with {god}", title
        assert title and title != "Choose an action"
        seen.add(title.split(" ")[0] if title.startswith(("battle", "your")) else title)
    assert {"bid for a god or pray to Apollo", "Apollo: place the prosperity marker", "battle", "your"} <= seen


def test_c_fleet_1_a_next_step_and_a_creature_s_effect_say_what_they_are() -> None:
    """C-FLEET-1, C-FLEET-2: a fleet's next step is titled free with the steps its move has left, and
    how it stops; C-SUMMON-3, C-DATA-6: a creature's effect is titled with what the creature does (it
    read "Kraken's effect", "sail on, or stop here")."""
    from kleos.games.cyclades import i18n as words
    from kleos.games.cyclades.reference import creature
    from kleos.games.cyclades.rules import effects, fleet

    told: dict[str, str] = {}
    for game, s, seat, _legal in decisions((1, 2, 3, 4)):
        title = decision_title(game, game.view(s, seat), seat)
        if turn.pending_prompt(s) is effects and s.effect_card != EMPTY:
            card = creature(game.tables, s.effect_card)
            assert title == f"{words.creature_name(card)}'s effect: {words.effect(card)}", title
            told["effect"] = title
        elif turn.pending_prompt(s) is None and fleet.continuing(s, seat):
            steps = "step" if s.voyage_left == 1 else "steps"
            assert title == (f"sail on (free, {s.voyage_left} {steps} left of this move), or stop here by "
                             "choosing anything else (C-FLEET-1, C-FLEET-2)"), title
            told["sail on"] = title
    assert set(told) == {"effect", "sail on"}, told
