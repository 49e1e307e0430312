"""Kleos 0.1's request form, read at the edge (:mod:`kleos.server.legacy`): its bodies become the
options and seats of the form of every game before the store sees them (docs/web-api.md keeps
them working for old clients)."""

from __future__ import annotations

from typing import Any

import pytest

from kleos.core import registry
from kleos.server.errors import ApiError
from kleos.server.games import AnyGame, SeatAsk, client_game
from kleos.server.legacy import OldSeats, create_request, seat_ask
from kleos.server.schemas import CreateGame, ImportGame


def polis() -> AnyGame:
    game, _ = client_game(registry.kit("polis"), {"edition": "2020"})
    return game


def test_edition_and_rules_fill_only_the_options_not_given() -> None:
    options, _ = create_request(CreateGame(edition="2012", rules={"a": 1}, options={"edition": "2020"}))
    assert options == {"edition": "2020", "rules": {"a": 1}}
    options, _ = create_request(CreateGame(edition="2012"))
    assert options == {"edition": "2012"}


@pytest.mark.parametrize(("old", "new"), [
    ({"side": "sparta", "opponent": "random"}, SeatAsk(1, ("random", "me"))),
    ({"side": "athens"}, SeatAsk(0, ("me", "person"))),
    ({"seat": 1, "opponent": "random"}, SeatAsk(1, ("random", "me"))),
    ({}, SeatAsk(0, ("me", "person"))),
])
def test_side_and_opponent_plan_the_seats_of_the_new_form(old: dict[str, Any], new: SeatAsk) -> None:
    ask = seat_ask(CreateGame(**old))
    assert isinstance(ask, OldSeats)
    kit = registry.kit("polis")
    assert ask.plan(kit, polis()) == new.plan(kit, polis())


def test_a_body_with_seats_and_no_side_or_opponent_is_the_new_form() -> None:
    ask = seat_ask(ImportGame(record={}, seats=["me", "random"], seat=0))
    assert type(ask) is SeatAsk and ask == SeatAsk(0, ("me", "random"))


def test_an_unknown_side_is_refused_with_the_sides_to_choose() -> None:
    with pytest.raises(ApiError) as refused:
        OldSeats(side="thebes").plan(registry.kit("polis"), polis())
    assert refused.value.code == "bad_side" and refused.value.params["choices"] == "athens, sparta, random"


def test_the_fields_named_in_refusals_are_those_of_the_form_used() -> None:
    assert OldSeats(opponent="ismcts:9999").others() == [("opponent", "ismcts:9999")]
    assert OldSeats().others() == [("opponent", "person")]
    assert SeatAsk(0, ("me", "person", "random")).others() == [("seats.1", "person"), ("seats.2", "random")]
