"""The search's on-purpose rollout policy (``search.campaign``, an experiment) plays an expedition to
win its battle (P-EXPED-2, P-MOVE-1): the Commander commits all it may, units go into the Expedition
theater, and movement stops rather than wander elsewhere."""

from __future__ import annotations

import random

from per_helpers import played

from kleos.core.action import Action
from kleos.games.pericles.agents.heuristic import play_on
from kleos.games.pericles.agents.search import campaign
from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.rules.battle import commander, theater_of
from kleos.games.pericles.state import PericlesState


def expedition_steps(seeds: range) -> list[tuple[PericlesGame, PericlesState, int, list[Action]]]:
    """Every commitment and movement decision with a choice met in random vignette games of ``seeds``."""
    found = []

    def told(g: PericlesGame, before: PericlesState, seat: int, action: Action, after: PericlesState) -> None:
        legal = g.legal_actions(before, seat)
        if before.step in ("exped_secret", "move") and len(legal) > 1:
            found.append((g, before, seat, legal))

    for seed in seeds:
        played("14_1_09a", seed, "over", told=told)
    return found


def test_the_commander_commits_all_and_units_go_to_the_expedition() -> None:
    """P-EXPED-2: the Commander commits the most its stock allows (1-5); P-MOVE-1: a unit that can
    reach the Expedition theater in one link goes there, and with none the movement stops."""
    kinds = set()
    for game, s, seat, legal in expedition_steps(range(12)):
        policy = campaign(game.tables)
        action = policy(s, seat, legal, random.Random(0))
        assert action in legal
        target = game.tables.theater_keys[theater_of(s)]
        if s.step == "exped_secret" and seat == commander(s):
            assert action == max(legal, key=lambda a: int(a.args[0]))
            kinds.add("commit")
        elif s.step == "move":
            into = [a for a in legal if a.args and a.args[-1] == target]
            assert action in into if into else action == Action("done")
            kinds.add("into" if into else "stop")
    assert kinds == {"commit", "into", "stop"}


def test_rollouts_with_the_policy_are_seeded() -> None:
    """The same generator gives the same future (the search compares candidates on the same ones)."""
    game = PericlesGame({"scenario": "14_1_09a"})
    policy = campaign(game.tables)
    ends = []
    for _ in range(2):
        s = game.new_state(4)
        play_on(game, s, 10_000, random.Random(9), policy)
        assert s.outcome is not None
        ends.append(s.honor)
    assert ends[0] == ends[1]
