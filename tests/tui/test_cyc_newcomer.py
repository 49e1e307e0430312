"""A newcomer finishes a game of Cyclades with the guide and the hint key alone (Textual pilot): a
2-player game in the terminal app, a person against the ``heuristic`` computer player, who turns the
first-game guide on and at every decision presses H (the hint highlights the computer's choice in
the menu), Enter and, when asked, y — nothing else — until the game-over screen. At every decision
the guide shows a tip for that kind of decision (offerings, Apollo, a god's turn, a fleet move, a
battle, a Metropolis, a creature), never the shell's generic line; seeded games of 2 to 5 players
check the same for every kind of decision."""

from __future__ import annotations

import random
import re
from collections import Counter

from newcomer_pilot import ask_hint, play_to_the_end, settle, shown, take_hint
from textual.pilot import Pilot

from kleos.core.undo import replay
from kleos.games.cyclades.agents.heuristic import HeuristicAgent
from kleos.games.cyclades.game import CycladesGame
from kleos.games.cyclades.kit import KIT
from kleos.games.cyclades.tui.guide import guide_tip
from kleos.tui.app import GameApp
from kleos.tui.look import Look
from kleos.tui.play import build_app
from kleos.tui.screen import MODE_OVER, GameScreen
from kleos.tui.widgets import ChoiceScreen, TextScreen

SEED = 4
MAX_DECISIONS = 600  # a guard: the game ends long before
TIP_KINDS = {  # the guide's first words for each kind of decision (src/kleos/games/cyclades/tui/guide.py)
    "Offerings:": "offer", "Apollo:": "apollo", "Poseidon's turn": "turn", "Ares's turn": "turn",
    "Zeus's turn": "turn", "Athena's turn": "turn", "Your fleet move goes on": "voyage", "Battle": "battle",
    "A new Metropolis": "metropolis", "Polyphemus": "creature",
}


def tip_kind(tip: str) -> str:
    """The kind of decision the guide's tip is about ('' for none of them)."""
    text = tip.removeprefix("Guide: ")
    for start, kind in TIP_KINDS.items():
        if text.startswith(start):
            return kind
    return "creature" if re.match(r"\w+'s effect:", text) else ""


def test_guide_and_hint_alone_carry_a_newcomer_to_the_end() -> None:
    app = build_app(KIT, {"players": 2}, seats=(0,), seed=SEED, opponent="heuristic")
    session = app.session
    generic = Look(KIT).parts.help.guide_tip is None
    assert not generic, "Cyclades brings its own guide tips"
    decisions: list[tuple[str, str]] = []  # (guide tip, the hinted action taken)

    async def script(app: GameApp, pilot: Pilot[str], screen: GameScreen) -> None:
        assert isinstance(app.screen, ChoiceScreen)  # the welcome screen
        await pilot.press("enter")
        await pilot.press("G")  # the first-game guide on
        for _ in range(MAX_DECISIONS):
            await settle(app, pilot, screen, 2000)
            if screen.mode == MODE_OVER:
                return
            tip = shown(screen, "#guide")
            if not decisions:  # the help (?) explains the offerings with their rules
                await pilot.press("question_mark")
                assert isinstance(app.screen, TextScreen)
                body = str(app.screen.body)
                assert "Offer gold to a god" in body and "C-OFFER-2" in body and "Pray to Apollo" in body
                await pilot.press("escape")
            hinted = await ask_hint(pilot, screen)
            await take_hint(app, pilot, screen, hinted, 0)
            decisions.append((tip, hinted))
        raise AssertionError(f"no game over after {MAX_DECISIONS} decisions")

    play_to_the_end(app, script, (120, 40))
    assert session.over and replay(session.game, session.record) == session.state
    kinds = Counter(tip_kind(tip) for tip, _ in decisions)
    missing = [(tip, action) for tip, action in decisions if not tip_kind(tip)]
    assert not missing, f"decisions without a guide tip of their kind: {missing[:5]}"
    assert kinds["offer"] and kinds["turn"], kinds
    verbs = Counter(action.split(" ")[0] for _, action in decisions)
    assert verbs["offer"] + verbs["apollo"] >= 4 and verbs["end"] >= 2, verbs


def test_every_decision_of_whole_games_has_its_guide_tip() -> None:
    """Seeded games of the heuristic for 2 to 5 players: the guide names the kind of every decision
    (C-OFFER, C-APOLLO-2, C-ACTION-3, C-FLEET-2, C-BATTLE-7, C-METRO-4, C-SUMMON-3), including those
    the pilot game above did not meet."""
    kinds: Counter[str] = Counter()
    for players in (2, 3, 4, 5):
        game = CycladesGame({"players": players})
        agent = HeuristicAgent(game)
        rng = random.Random(players)
        state = game.new_state(7)
        while not game.is_terminal(state):
            if game.is_chance(state):
                game.step_chance(state)
                continue
            seat = game.actors(state)[0]
            legal, view = game.legal_actions(state, seat), game.view(state, seat)
            tip = guide_tip(game, view, seat, legal)
            kinds[tip_kind(tip)] += 1
            assert tip_kind(tip), f"no tip of its kind for {sorted({a.verb for a in legal})}: {tip}"
            state = game.apply(state, agent.choose(view, legal, rng), seat)
    assert {"offer", "apollo", "turn", "voyage", "battle", "metropolis", "creature"} <= set(kinds), kinds
