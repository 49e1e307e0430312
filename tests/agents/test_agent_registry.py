"""Agent specifications (kleos.agents.registry): the generic kinds for every game, a game's own
kinds only for that game, and the names a game offers in its menus."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from kleos.agents import Agent, AgentSpecError, RandomAgent, agent_names, make_agent, parse_spec
from kleos.agents.ismcts import ISMCTSAgent
from kleos.agents.registry import LEVELS, evaluator_for, game_kinds
from kleos.core import registry
from kleos.core.action import Action
from kleos.core.kit.agents import AgentParts
from toygame.game import BidsGame
from toygame.kit import KIT as TOY


@pytest.fixture
def toy() -> Iterator[BidsGame]:
    registry.register(TOY)
    yield BidsGame(3)
    registry.unregister(TOY.name)


def test_levels_grow() -> None:
    assert LEVELS["easy"] < LEVELS["normal"] < LEVELS["hard"]


def test_specs_name_a_kind_and_a_budget() -> None:
    assert parse_spec("random") == ("random", None)
    assert parse_spec("ismcts") == ("ismcts", LEVELS["normal"])
    assert parse_spec("ismcts:easy") == ("ismcts", LEVELS["easy"])
    assert parse_spec("ismcts:250") == ("ismcts", 250)
    for wrong in ("clever", "ismcts:0", "ismcts:fast", "random:easy", ""):
        with pytest.raises(AgentSpecError):
            parse_spec(wrong)


def test_a_game_without_agent_parts_offers_the_generic_agents(toy: BidsGame) -> None:
    assert TOY.agent_parts() is None
    assert agent_names(TOY) == ("random", "ismcts:easy", "ismcts:normal", "ismcts:hard")
    assert parse_spec("ismcts:hard", TOY) == ("ismcts", LEVELS["hard"])
    assert isinstance(make_agent("random", toy), RandomAgent)
    searcher = make_agent("ismcts:easy", toy)
    assert isinstance(searcher, ISMCTSAgent) and isinstance(searcher, Agent)
    assert searcher.name == "ismcts:easy" and searcher.model_calls == LEVELS["easy"]
    assert searcher.playout  # no evaluation in the kit: leaves are played out to the end


def test_a_kind_another_game_brings_is_refused_for_this_one(toy: BidsGame) -> None:
    """Every kind any installed game brings parses without a game, but only its own game builds it."""
    others = {kind for kit in registry.games().values() if kit is not TOY for kind in game_kinds(kit)}
    assert others, "no installed game brings an agent kind of its own"
    for kind in sorted(others):
        assert parse_spec(kind) == (kind, None)
        with pytest.raises(AgentSpecError):
            parse_spec(kind, TOY)
        with pytest.raises(AgentSpecError, match="unknown agent"):
            make_agent(kind, toy)
    with pytest.raises(AgentSpecError, match="no evaluation"):
        evaluator_for(toy)


class Always:
    """A game's own agent kind: plays its first legal action."""

    name = "first"

    def choose(self, view: object, legal: list[Action], rng: random.Random) -> Action:
        return legal[0]


def test_a_kit_adds_its_own_kinds(monkeypatch: pytest.MonkeyPatch, toy: BidsGame) -> None:
    parts = AgentParts(agents={"first": lambda game: Always()}, hint="first")
    monkeypatch.setattr(type(TOY), "agent_parts", lambda self: parts)
    assert agent_names(TOY) == ("random", "first", "ismcts:easy", "ismcts:normal", "ismcts:hard")
    assert parse_spec("first") == ("first", None)
    assert isinstance(make_agent("first", toy), Always)
    with pytest.raises(AgentSpecError, match="takes no level"):
        make_agent("first:easy", toy)
