"""Games are found by entry point, by registration and through ``KLEOS_GAME_KITS``; the kit's
shared members behave for every game."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from kleos.cli import main
from kleos.core import registry
from kleos.core.kit import OptionsError
from toygame.kit import KIT as TOY


@pytest.fixture
def toy() -> Iterator[None]:
    registry.register(TOY)
    yield
    registry.unregister(TOY.name)


def test_the_installed_games_come_from_the_entry_points() -> None:
    kit = registry.kit("polis")
    assert (kit.min_seats, kit.max_seats) == (2, 2)
    assert kit.editions() == ("2012", "2020")
    assert "bids" not in registry.games()


def test_an_unknown_game_names_the_ones_there_are() -> None:
    with pytest.raises(registry.UnknownGame, match=r"unknown game 'chess' \(available: .*polis"):
        registry.kit("chess")


def test_a_registered_kit_is_listed_until_it_is_removed(toy: None) -> None:
    assert registry.kit("bids") is TOY
    assert list(registry.games()) == sorted(registry.games())


def test_a_kit_named_in_the_environment_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(registry.ENVIRONMENT_VARIABLE, "toygame.kit:KIT")
    registry.rediscover()
    try:
        assert registry.kit("bids").title == "Sealed Bids"
    finally:
        monkeypatch.delenv(registry.ENVIRONMENT_VARIABLE)
        registry.rediscover()
    assert "bids" not in registry.games()


@pytest.mark.parametrize(("options", "field"), [
    ({"edition": "1999"}, "edition"), ({"colour": "red"}, "colour"), ({"rules": []}, "rules"),
    ({"rules": {"no_such_switch": 1}}, "rules"),
])
def test_polis_options_are_refused_naming_the_field(options: dict[str, object], field: str) -> None:
    with pytest.raises(OptionsError) as caught:
        registry.kit("polis").make_game(options)
    assert caught.value.field == field


def test_polis_options_rebuild_the_same_game() -> None:
    kit = registry.kit("polis")
    game = kit.make_game({"edition": "2012"})
    again = kit.make_game(game.options)
    assert game.position_text(game.new_state(3)) == again.position_text(again.new_state(3))


def test_kleos_games_lists_every_game_with_seats_and_options(toy: None, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    assert "Polis (2 seats)" in out and "edition [2012 | 2020]" in out
    assert "Sealed Bids (2-5 seats)" in out and "players" in out
