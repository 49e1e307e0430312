"""The menu's title says what a Cyclades seat decides (the terminal app's menu, the plain loop's
"Your choices (Blue): your turn with Ares"), read from the seat's view only."""

from __future__ import annotations

import random

from kleos.core.protocol import CHANCE
from kleos.games.cyclades.game import CycladesGame
from kleos.games.cyclades.rules import actions as turn
from kleos.games.cyclades.state import OFFER
from kleos.games.cyclades.tables import EMPTY
from kleos.games.cyclades.tui.guide import decision_title


def test_c_cycle_1_each_decision_is_titled_by_its_phase_and_step() -> None:
    """C-CYCLE-1, C-OFFER-1, C-APOLLO-2, C-BATTLE-2, C-ACTION-1: offerings, Apollo's prosperity
    marker, a battle's stay-or-retreat and a god's turn each get their own title; every decision
    of three seeded random games gets one."""
    seen: set[str] = set()
    for seed in (1, 2, 3):
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
            game.apply_in_place(s, rng.choice(legal), seat)
    assert {"bid for a god or pray to Apollo", "Apollo: place the prosperity marker", "battle", "your"} <= seen
