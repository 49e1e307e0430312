"""``--option NAME=VALUE`` means the same in every command: one parser, the game's choices honoured."""

from __future__ import annotations

import argparse

import pytest

from kleos.arena.cli import game_options
from kleos.core import registry
from kleos.core.kit.option_text import option_pair
from kleos.tui.play import _options


def play_args(*pairs: str) -> argparse.Namespace:
    return argparse.Namespace(option=list(pairs), seats=None, players=None)


@pytest.mark.parametrize("pair", ["gold_supply=98", "gold_supply=100", "gold_supply=unlimited"])
def test_play_and_arena_read_a_numeric_choice_alike_and_the_game_accepts_it(pair: str) -> None:
    # C-COMP-3: the bank's size is a choice of the data sheet; `kleos play` once sent the number 98,
    # which the game refused, while `kleos arena` sent the choice "98"
    kit = registry.kit("cyclades")
    played = _options(kit, play_args(pair))
    arena = game_options(kit, [pair], None, None)
    assert played == arena
    assert played["gold_supply"] == pair.partition("=")[2]
    kit.make_game(played)


def test_options_without_choices_are_json_and_a_pair_needs_a_name() -> None:
    kit = registry.kit("cyclades")
    assert option_pair(kit.options, "players=4") == ("players", 4)
    assert option_pair(kit.options, "players=four") == ("players", "four")
    with pytest.raises(ValueError, match="write NAME=VALUE"):
        option_pair(kit.options, "=4")
