"""Edge cases of the shapes the Polis rule modules share (rules/common.py): the step that waits on a die.

While a die is rolled chance is to act, so the game refuses a seat's action before any step is asked
(``PROTOCOL``); the step's own answers are asked here directly, as the rule modules' tables hold them.
"""

from __future__ import annotations

import pytest
from rules_helpers import GAMES, new

from kleos.core.action import Action
from kleos.core.errors import IllegalAction
from kleos.games.polis.positions import play, set_prestige, set_units
from kleos.games.polis.rules import actions
from kleos.games.polis.rules.common import no_decisions, rolling_step
from kleos.games.polis.state import PolisState
from kleos.games.polis.tables import ATHENS, SPARTA, Tables


def test_a_rolling_step_has_no_decisions_and_names_the_die() -> None:
    """R-GEN-13: a step that waits on a die lists no decision and refuses any, saying what is rolled."""
    rolled: list[Action] = []

    def take_roll(t: Tables, s: PolisState, side: int, action: Action) -> None:
        rolled.append(action)

    step = rolling_step("omen", "the omen die is being rolled", take_roll)
    game, s = new("2012")
    assert step.kind == "omen" and step.apply is take_roll and step.legal is no_decisions
    assert list(step.candidates(game.tables, s, ATHENS)) == [] and step.legal(game.tables, s, ATHENS) == []
    violation = step.check(game.tables, s, ATHENS, Action("pass"))
    assert violation is not None and (violation.rule, violation.message) == ("R-GEN-13", "the omen die is being rolled")
    step.apply(game.tables, s, ATHENS, Action("roll", (3,)))
    assert rolled == [Action("roll", (3,))]


@pytest.mark.parametrize(("verb", "die"), [("siege", "the siege die is being rolled"),
                                           ("trade", "the market dice are being rolled")])
def test_siege_and_trade_wait_on_their_dice(verb: str, die: str) -> None:
    """R-GEN-13: the siege's and the market's rolling steps answer in their own words; the game itself
    refuses a seat's action while the die is rolled, as chance is to act."""
    step = actions.STEPS[verb]
    game = GAMES["2012"]
    assert step.legal(game.tables, game.new_state(1), SPARTA) == []
    violation = step.check(game.tables, game.new_state(1), SPARTA, Action("toll", ("wine",)))
    assert violation is not None and violation.message == die
    game, s = new("2012", round=2, active="sparta")
    set_units(game, s, "Boiotia", athens=5)
    set_prestige(s, "athens", 9)
    play(game, s, "pass", "siege Thibae", "toll wine")
    assert s.pending == ("siege", 9) and s.chance is not None
    with pytest.raises(IllegalAction) as err:
        game.apply_in_place(s, Action.parse("toll wine"), seat=ATHENS)
    assert err.value.rule == "PROTOCOL"
