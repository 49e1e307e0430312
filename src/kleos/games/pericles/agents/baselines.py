"""Plain Pericles players that any decent player beats: the yardsticks the bots are measured against.

* ``always-accept`` takes every issue it resolves (a random one of the issue's options other than
  ``decline``, P-THEATER-14) and plays every other decision at random;
* ``always-decline`` declines every issue it can (P-THEATER-14) and plays the rest at random;
* ``beginner`` is a scripted sensible newcomer: it takes its own issues when it can pay for them (a
  Raid, the Oracle's Honor, an Expedition where its side is at least as strong, League and Diplomatic
  moves with a little Strategos), commits to battles and fights a second one only when its side is
  the stronger there, places its own markers before its compatriot's and lends its least useful
  marker (Rumors first), so that its faction stays ahead of its compatriot; any other decision
  follows the heuristic's quick policy.

They see only their view and draw only from the generator they are handed.
"""

from __future__ import annotations

import random

from kleos.core.action import Action
from kleos.games.pericles.agents.heuristic import place_score, quick
from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.rules.common import land_strength, naval_strength
from kleos.games.pericles.rules.theater import RAID_COST, entry_parts
from kleos.games.pericles.state import HIDDEN, PericlesState
from kleos.games.pericles.view import PericlesView

LEND_ORDER = ("RUM", "DIP", "LEA", "ORA", "MIL")  # the markers a beginner lends first (least use to it)
DIP_COMMIT = 2  # Strategos a beginner spends on a Diplomatic issue at most
SECRET_SHARE = 2  # a beginner commits a 1/SECRET_SHARE of its stock to a battle it expects to win


def _random(legal: list[Action], rng: random.Random) -> Action:
    return legal[rng.randrange(len(legal))]


class AlwaysAccept:
    """Takes every issue it can (any option but ``decline``), otherwise plays at random."""

    name = "always-accept"

    def __init__(self, game: PericlesGame) -> None:
        """Built for a game like every agent of the kit; it reads only the view."""

    def choose(self, view: PericlesView, legal: list[Action], rng: random.Random) -> Action:
        taken = [a for a in legal if a.verb != "decline"]
        return _random(taken or legal, rng)


class AlwaysDecline:
    """Declines every issue it can, otherwise plays at random."""

    name = "always-decline"

    def __init__(self, game: PericlesGame) -> None:
        """Built for a game like every agent of the kit; it reads only the view."""

    def choose(self, view: PericlesView, legal: list[Action], rng: random.Random) -> Action:
        decline = Action("decline")
        return decline if decline in legal else _random(legal, rng)


def stronger_at(game: PericlesGame, s: PericlesState, theater: int, side: int) -> bool:
    """The side's land plus naval strength in ``theater`` is at least the enemy's (bases count)."""
    t = game.tables
    mine = land_strength(t, s, theater, side) + naval_strength(t, s, theater, side)
    theirs = land_strength(t, s, theater, 1 - side) + naval_strength(t, s, theater, 1 - side)
    return mine > 0 and mine >= theirs


def own_stock(s: PericlesState, f: int) -> int:
    return 0 if s.stock[f] == HIDDEN else s.stock[f]


class Beginner:
    """A scripted sensible newcomer (see the module docstring)."""

    name = "beginner"

    def __init__(self, game: PericlesGame) -> None:
        self.game = game

    def choose(self, view: PericlesView, legal: list[Action], rng: random.Random) -> Action:
        assert view.seat is not None
        if len(legal) == 1:
            return legal[0]
        s, f = view.state, view.seat
        scripted = {"resolve": self.resolve, "exped_secret": self.secret, "place": self.place,
                    "lend": self.lend, "ship": self.battle_choice, "second": self.battle_choice}
        rule = scripted.get(s.step)
        if rule is not None:
            return rule(s, f, legal, rng)
        return quick(s, legal, rng, self.game.tables)

    def fighting_theater(self, s: PericlesState) -> int:
        """The theater of the issue being resolved (the Expedition's), or -1."""
        return -1 if s.revealed < 0 else entry_parts(s.revealed)[0]

    def resolve(self, s: PericlesState, f: int, legal: list[Action], rng: random.Random) -> Action:
        """Its own issue taken when it can pay: sure Honor first, a fight only where it is stronger."""
        theater, _, owner, _ = entry_parts(s.revealed)
        decline = Action("decline")
        if owner != f and decline in legal:
            return decline
        for sure in (Action("raid"), Action("oracle", ("honor",))):
            if sure in legal and (sure.verb != "raid" or own_stock(s, f) >= RAID_COST):
                return sure
        if Action("expedition") in legal:
            return Action("expedition") if stronger_at(self.game, s, theater, f // 2) else decline
        commits = [a for a in legal if a.verb == "commit"]
        if commits:
            affordable = [a for a in commits if int(a.args[0]) <= DIP_COMMIT]
            return max(affordable or commits, key=lambda a: (int(a.args[0]), rng.random()))
        taken = [a for a in legal if a.verb != "decline" and a.args != ("none",)]
        return _random(taken or legal, rng)

    def secret(self, s: PericlesState, f: int, legal: list[Action], rng: random.Random) -> Action:
        """Half its stock to a battle its side should win, the least otherwise (P-EXPED-2)."""
        counts = sorted(int(a.args[0]) for a in legal)
        theater = self.fighting_theater(s)
        if theater >= 0 and stronger_at(self.game, s, theater, f // 2):
            want = max(counts[0], own_stock(s, f) // SECRET_SHARE)
            return Action("secret", (min(want, counts[-1]),))
        return Action("secret", (counts[0],))

    def battle_choice(self, s: PericlesState, f: int, legal: list[Action], rng: random.Random) -> Action:
        """The State Ship and a second battle (yes/no) only where its side is the stronger."""
        theater = self.fighting_theater(s)
        yes = "yes" if theater >= 0 and stronger_at(self.game, s, theater, f // 2) else "no"
        wanted = [a for a in legal if a.args == (yes,)]
        return wanted[0] if wanted else _random(legal, rng)

    def place(self, s: PericlesState, f: int, legal: list[Action], rng: random.Random) -> Action:
        """Its own markers first, each where its issue pays most (:func:`place_score`)."""
        return max(legal, key=lambda a: (place_score(self.game.tables, s, f, a), rng.random()))

    def lend(self, s: PericlesState, f: int, legal: list[Action], rng: random.Random) -> Action:
        """The marker of least use to it (Rumors first), so the compatriot gains little (P-AMB-8)."""
        return min(legal, key=lambda a: LEND_ORDER.index(str(a.args[0])) if str(a.args[0]) in LEND_ORDER else 0)
