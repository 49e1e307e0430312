"""Game options mean the same from every source: ``--option NAME=VALUE`` text in every command and
the server's JSON go through one parser, with the same validation and the same messages."""

from __future__ import annotations

import argparse
from dataclasses import dataclass

import pytest

from kleos.arena.cli import game_options
from kleos.core import registry
from kleos.core.kit import OptionsError
from kleos.core.kit.options import option, option_specs, read_options
from kleos.tui.play import _options


def play_args(*pairs: str) -> argparse.Namespace:
    return argparse.Namespace(option=list(pairs), seats=None, players=None)


@pytest.mark.parametrize("given", [98, "98"])
def test_a_bank_of_98_from_the_server_json_is_the_bank_of_the_command_lines(given: object) -> None:
    # C-COMP-3: the bank's size is one of the data sheet's choices; the command lines read
    # gold_supply=98 as the choice "98", while the server's JSON number 98 was refused
    kit = registry.kit("cyclades")
    played = kit.make_game(_options(kit, play_args("gold_supply=98")))
    arena = kit.make_game(game_options(kit, ["gold_supply=98"], None, None))
    served = kit.make_game({"gold_supply": given})
    assert played.options == arena.options == served.options == {"players": 3, "gold_supply": "98"}


@pytest.mark.parametrize(("text", "value"), [("players=four", "four"), ("gold_supply=99", "99"),
                                             ("territory_markers=2", 2)])
def test_a_refused_value_gets_the_same_message_from_text_and_from_json(text: str, value: object) -> None:
    kit = registry.kit("cyclades")
    name = text.partition("=")[0]
    with pytest.raises(OptionsError) as from_text:
        kit.make_game(_options(kit, play_args(text)))
    with pytest.raises(OptionsError) as from_json:
        kit.make_game({name: value})
    assert from_text.value.field == from_json.value.field == name
    assert kit.render_options_error(from_text.value) == kit.render_options_error(from_json.value)


def test_a_number_option_is_read_from_text_and_a_pair_needs_a_name() -> None:
    kit = registry.kit("cyclades")
    assert _options(kit, play_args("players=4"))["players"] == 4
    assert kit.make_game({"players": 4}).options == kit.make_game(_options(kit, play_args("players=4"))).options
    with pytest.raises(ValueError, match="write NAME=VALUE"):
        _options(kit, play_args("=4"))


def test_an_unknown_option_is_refused_alike_and_names_the_known_ones() -> None:
    kit = registry.kit("polis")
    with pytest.raises(OptionsError, match="allowed: edition, scenario, rules, data_dir") as from_text:
        kit.make_game(_options(kit, play_args("speed=3")))
    with pytest.raises(OptionsError) as from_json:
        kit.make_game({"speed": 3})
    assert str(from_text.value) == str(from_json.value)


@dataclass(frozen=True)
class _Board:
    """A toy options model: a board chosen among the packaged ones, or one of a data folder's."""

    board: str = option("small", help="a board", choices=("small", "large"), open_choices=True)
    size: str = option("small", help="a size", choices=("small", "large"))


def test_open_choices_pass_any_other_name_to_the_game_and_closed_ones_refuse_it() -> None:
    """An option with ``open_choices`` lists the packaged choices but lets another name through, for
    the game to judge against the data it loads (a user's data folder may hold more); a closed one
    refuses it. Both refuse what is no name, with the one message of a choice."""
    assert read_options(_Board, {"board": "my_isles"}, text=True).board == "my_isles"
    assert read_options(_Board, {"board": "large"}).board == "large"
    with pytest.raises(OptionsError, match=r"^size: 'my_isles' is not one of small, large$"):
        read_options(_Board, {"size": "my_isles"})
    for no_name in ("", "  ", None, ["small"]):
        with pytest.raises(OptionsError, match=r"^board: .* is not one of small, large$"):
            read_options(_Board, {"board": no_name})
    assert [spec.choices for spec in option_specs(_Board)] == [("small", "large"), ("small", "large")]
