"""Action logs (:mod:`kleos.core.record`): JSON round trips and exact replays."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kleos.core.action import Action
from kleos.core.errors import IllegalAction
from kleos.core.protocol import CHANCE
from kleos.core.record import GameRecord, Replay, play_out
from kleos.games.polis.game import PolisGame
from kleos.games.polis.state import PolisState

TOKEN = st.text(alphabet="abcdefghijklmnopqrstuvwxyzABCDEFGHIJ_/.'", min_size=1, max_size=8)
ACTIONS = st.builds(lambda verb, args: Action(verb, tuple(args)), TOKEN,
                    st.lists(st.one_of(st.integers(-99, 99), TOKEN), max_size=3))


@settings(deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**63),
       actions=st.lists(st.tuples(st.sampled_from([0, 1, CHANCE]), ACTIONS), max_size=20),
       options=st.dictionaries(st.text(max_size=6), st.one_of(st.integers(), st.text(max_size=6)), max_size=3))
def test_record_json_round_trip(seed: int, actions: list[tuple[int, Action]], options: dict[str, object]) -> None:
    record = GameRecord("polis", dict(options), seed, list(actions))
    assert GameRecord.loads(record.dumps()) == record
    assert GameRecord.from_json(json.loads(json.dumps(record.to_json()))) == record


def test_record_text_is_readable() -> None:
    """Seats as numbers (chance -1), actions in notation, non-ASCII kept as is."""
    record = GameRecord("polis", {"edition": "2020", "note": "Épsilon"}, 7,
                        [(CHANCE, Action.parse("event Plague")), (1, Action.parse("trade Persia 2 wine"))])
    data = json.loads(record.dumps())
    assert data == {"game": "polis", "options": {"edition": "2020", "note": "Épsilon"}, "seed": 7,
                    "actions": [[-1, "event Plague"], [1, "trade Persia 2 wine"]]}
    assert "Épsilon" in record.dumps()


def _random_record(game: PolisGame, seed: int) -> tuple[GameRecord, PolisState]:
    rnd = random.Random(seed)
    record = GameRecord(game.name, game.options, seed)

    def choose(state: PolisState, seat: int, legal: list[Action]) -> Action:
        return rnd.choice(legal)

    final = play_out(game, game.new_state(seed), choose, record)
    return record, final


@pytest.mark.parametrize("edition", ["2012", "2020"])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_replay_rebuilds_the_game_exactly(edition: str, seed: int) -> None:
    """A log (options, seed, actions with chance outcomes) replays to the identical final state,
    also after a JSON round trip, and every intermediate state is reached in order."""
    game = PolisGame(edition)
    record, final = _random_record(game, seed)
    assert game.is_terminal(final)
    assert any(seat == CHANCE for seat, _ in record.actions)
    loaded = GameRecord.loads(record.dumps())
    replayed = Replay(PolisGame(str(loaded.options["edition"])), loaded).final_state()
    assert game.position_text(replayed) == game.position_text(final)
    steps = list(Replay(game, loaded).states())
    assert len(steps) == len(record.actions)
    assert [(seat, action) for seat, action, _ in steps] == record.actions
    assert game.position_text(steps[-1][2]) == game.position_text(final)


def test_replay_rejects_a_tampered_log() -> None:
    """Replays validate every action: a log edited into an illegal action fails loudly."""
    game = PolisGame("2020")
    record, _ = _random_record(game, 4)
    index = next(i for i, (seat, _) in enumerate(record.actions) if seat != CHANCE)
    record.actions[index] = (record.actions[index][0], Action.parse("siege Athinae"))
    with pytest.raises(IllegalAction):
        Replay(game, record).final_state()


def test_play_out_stops_at_max_steps() -> None:
    game = PolisGame("2020")
    with pytest.raises(RuntimeError):
        play_out(game, game.new_state(0), lambda s, seat, legal: legal[0], max_steps=3)
