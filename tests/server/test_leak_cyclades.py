"""No hidden information of Cyclades reaches a seat: whole seeded games of 2, 3 and 5 players, every
seat a person played through the HTTP API, while every seat and a spectator also watch over
WebSocket; every message each of them received is checked against the server's own state.

What is secret (C-INFO-1..5): the other seats' gold (C-INFO-1, C-INCOME-5), the order of the
creature deck (C-INFO-3: the engine stores only counts, and draws are chance events) and the
generator, which decides the god shuffle, the creature draws and the dice before they happen.
Offerings and bid amounts are public in Cyclades (C-INFO-2), so a bid in progress is shown to all.

Each message must be exactly the redacted view of the true state at its step (nothing more), with
the other seats' gold shown as hidden in the JSON and in the text, no generator state or seed
anywhere, no log entry from a later step, and legal actions only for the seat to act, with the
menu's explanations of them told from that seat's view. The log's story lines (who took what, battle
totals, income, the gods won, Apollo's gold) are told from the actor's view and name no gold held.

``KLEOS_CYC_LEAK_GAMES`` (default 1) sets the games per player count; CI plays one of each.
"""

from __future__ import annotations

import os
import random
import re
from collections.abc import Iterable

import pytest
from fastapi.testclient import TestClient
from server_helpers import (
    Message,
    Truth,
    create_all_persons,
    ctx_of,
    get_message,
    play_watched_persons,
    post_action,
    text_of,
)

from kleos import i18n
from kleos.core.action import Action
from kleos.core.kit.web import EXPLANATIONS, explanations
from kleos.core.protocol import CHANCE
from kleos.games.cyclades.agents.heuristic import HeuristicAgent
from kleos.games.cyclades.game import CycladesGame
from kleos.games.cyclades.kit import KIT
from kleos.games.cyclades.reference import explain
from kleos.games.cyclades.state import CycladesState
from kleos.games.cyclades.view import HIDDEN, make_view, view_json

SEED = 6_543_210_987_654_321_123  # long enough that finding it in a message is no accident
GAMES = int(os.environ.get("KLEOS_CYC_LEAK_GAMES", "1"))
MAX_STEPS = 3000  # seat decisions per game at most (heuristic games end in a few hundred)
EXPLORE = 0.15  # share of random legal actions among the heuristic's, to reach creatures and battles


def all_persons(client: TestClient, players: int, seed: int) -> tuple[str, dict[int, str]]:
    """A Cyclades game of ``players`` persons (tokens by seat)."""
    return create_all_persons(client, "cyclades", {"players": players}, players, seed)


def gold_words(description: str, seat_names: Iterable[str], seat: int | None, over: bool = False) -> None:
    """The text names the reader's own gold and says "hidden" for everyone else's (C-INFO-1); once the
    game is over, everyone's (C-END-4)."""
    for other, name in enumerate(seat_names):
        line = next(x for x in description.splitlines() if x.startswith(f"{name}: "))
        shown = re.match(rf"{name}: (\d+) GP,", line)
        if other == seat or over:
            assert shown is not None, f"seat {seat} does not see its own gold: {line}"
        else:
            assert shown is None and line.startswith(f"{name}: hidden,"), f"seat {seat} sees {name}'s gold: {line}"


def check_message(message: Message, seat: int | None, game: CycladesGame, truth: Truth) -> None:
    """``message`` (for ``seat``, None for the spectator) shows only what ``seat`` may know."""
    assert message["seat"] == seat
    text = text_of(message)
    assert '"rng":' not in text and '"seed":' not in text
    numbers = set(re.findall(r"\d+", text))
    assert not numbers & truth.secrets, "a generator state or the seed leaked"
    seq = message["seq"]
    state = truth.states[seq]
    served = message["view"]["state"]
    gold = served["gold"]
    over = state.outcome is not None
    assert [g == HIDDEN for g in gold] == [other != seat and not over for other in range(game.tables.players)], \
        f"seat {seat} at step {seq} sees gold {gold}"
    if seat is not None or over:
        assert [g for g in gold if g != HIDDEN] == [g for other, g in enumerate(state.gold) if other == seat or over]
    view = make_view(state, seat)
    served_view = dict(message["view"])
    told = served_view.pop(EXPLANATIONS, None)
    assert served_view == view_json(view), f"seat {seat} at step {seq} is served more than its view"
    if told is not None:  # the menu's explanations: for the seat to act, from its view only
        assert seat is not None and message["your_turn"]
        assert told == explanations(game, view, game.legal_actions(state, seat), explain)
    assert message["description"] == KIT.describe_view(game, view, seat)
    gold_words(message["description"], game.seat_names, seat, over)
    if message["your_turn"]:
        assert seat is not None
        assert [item["action"] for item in message["legal"]] == [str(a) for a in game.legal_actions(state, seat)]
    else:
        assert message["legal"] == []
    for entry in message["log"]:
        assert entry["seq"] <= seq, f"a later step (the god shuffle, a creature, dice) reached step {seq}"
        true = truth.log[entry["seq"]]
        assert true.readers is None and entry["action"] == true.action and not entry["hidden"]


def check_story(game: CycladesGame, truth: Truth) -> int:
    """Every log line tells the step from its actor's view (the public one for chance) and names no
    gold (C-INFO-1): told again with every seat's gold changed, the writer's own included, it is the
    same line. Returns how many lines tell more than the step (a result after ';')."""
    told_more = 0
    for seq, entry in truth.log.items():
        before = truth.states[seq - 1]
        reader = None if entry.seat == CHANCE else entry.seat
        assert entry.readers is None
        action = Action.parse(entry.action)
        line = KIT.describe_action(game, make_view(before, reader), action)
        other = before.copy()
        other.gold = [g + 17 + 5 * n for n, g in enumerate(other.gold)]
        assert KIT.describe_action(game, make_view(other, reader), action) == line, (seq, line)
        assert entry.line(i18n.SOURCE).endswith(line), (seq, entry.line(i18n.SOURCE), line)
        told_more += ";" in line
    return told_more


def choose(game: CycladesGame, agent: HeuristicAgent, state: CycladesState, seat: int, rng: random.Random) -> str:
    """The heuristic's choice from ``seat``'s view, or now and then a random legal action."""
    legal = game.legal_actions(state, seat)
    if rng.random() < EXPLORE:
        return str(rng.choice(legal))
    return str(agent.choose(game.view(state, seat), legal, rng))


def play_watched(client: TestClient, players: int, seed: int) -> tuple[int, CycladesState]:
    """Play a whole game, every seat and a spectator also on WebSocket; check every message.
    Returns the number of messages checked and the final state."""
    game = CycladesGame({"players": players})
    agent = HeuristicAgent(game)
    rng = random.Random(seed)
    game_id, tokens = all_persons(client, players, seed)

    def pick(message: Message, state: CycladesState) -> tuple[int, str]:
        seat: int = message["to_act"][0]
        return seat, choose(game, agent, state, seat, rng)

    received = play_watched_persons(client, game_id, tokens, pick, MAX_STEPS)
    truth = Truth(client, game_id, game, seed)
    for seat, message in received:
        check_message(message, seat, game, truth)
    assert check_story(game, truth) > 20, "the log tells what the steps brought about"
    return len(received), truth.states[-1]


@pytest.mark.parametrize("players", [2, 3, 5])
def test_no_leak_in_whole_cyclades_games(client: TestClient, players: int) -> None:
    """C-INFO-1, C-INFO-3: whole games, every message of every seat and of a spectator checked."""
    for game_number in range(GAMES):
        checked, final = play_watched(client, players, SEED + 1000 * players + game_number)
        assert final.outcome is not None
        assert final.cycle >= 2, "a whole game runs through more than one cycle of god shuffles"
        assert checked > 100 * players


def test_secret_gold_differs_from_what_others_are_shown(client: TestClient) -> None:
    """C-INFO-1: the check can fail — the true gold of each seat is a real number that the other
    seats' messages would carry if the view did not hide it."""
    game_id, tokens = all_persons(client, 3, SEED)
    state = ctx_of(client).store.current(game_id).state
    assert all(g > 0 for g in state.gold)
    for seat, token in tokens.items():
        gold = get_message(client, game_id, token)["view"]["state"]["gold"]
        assert gold[seat] == state.gold[seat] and gold.count(HIDDEN) == 2
    for path in ("replay", "record"):  # the seed and the whole history wait for the end
        assert client.get(f"/api/games/{game_id}/{path}").status_code == 409


def test_chance_is_drawn_by_the_server_only(client: TestClient) -> None:
    """C-INFO-3: a seat cannot draw the creature deck or shuffle the gods itself; chance steps are
    the server's, and the log shows them only once drawn."""
    game_id, tokens = all_persons(client, 2, SEED)
    loaded = ctx_of(client).store.current(game_id)
    drawn = [action for seat, action in loaded.actions if seat == CHANCE]
    assert any(a.verb == "gods" for a in drawn) and any(a.verb == "creature" for a in drawn)
    message = get_message(client, game_id, tokens[0])
    seat = message["to_act"][0]
    for action in drawn:
        answer = post_action(client, game_id, tokens[seat], message["seq"], str(action))
        assert answer.status_code in (409, 422), answer.text
    assert ctx_of(client).store.current(game_id).actions == loaded.actions
    assert message["log"][-1]["action"] in [str(a) for _, a in loaded.actions]
