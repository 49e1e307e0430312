"""The browser's log heads each round or phase as the terminal's does (the kit's ``log_heading``):
"Turn 2: Assembly phase" in Pericles (P-SEQ-1), "Cycle 2" and "Cycle 2: actions" in Cyclades
(C-CYCLE-1), "Round Épsilon (2 of 3, N = 4)" in Polis (R-ROUND-1). A log entry carries the heading
of the part its step opens (``heading_after``), and the game's first entry the part the game begins
in too (``heading_before``); the headings are public, so a step hidden from a reader keeps them,
and they are told in the reader's language.

Each game is played through the HTTP API with seeded random choices of persons, and the log is read
against the server's own game replayed from its seed (:class:`server_helpers.Truth`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from conftest import make_settings
from fastapi.testclient import TestClient
from server_helpers import Message, Truth, auth, create_all_persons, ctx_of, get_message

from kleos.agents import make_agent
from kleos.core.kit import GameKit
from kleos.games.cyclades.kit import KIT as CYCLADES
from kleos.games.cyclades.state import ACTION
from kleos.games.pericles.explain import PHASE_TITLES
from kleos.games.pericles.kit import KIT as PERICLES
from kleos.games.polis.kit import KIT as POLIS
from kleos.server.app import create_app
from kleos.server.language import LANG_COOKIE

Opens = Callable[[Any, Any], bool]
"""(state before a step, state after it) -> whether the step opens a part of the game with a heading."""


def pericles_opens(before: Any, after: Any) -> bool:
    """P-SEQ-1: a new phase or turn, but not the end (the game-over line says it)."""
    new = (after.turn, after.phase) != (before.turn, before.phase)
    return new and after.phase in PHASE_TITLES and after.outcome is None


def cyclades_opens(before: Any, after: Any) -> bool:
    """C-CYCLE-1: a new cycle, and its actions after the offerings."""
    return bool(after.cycle >= 1 and (after.cycle != before.cycle or after.phase == ACTION != before.phase))


def polis_opens(before: Any, after: Any) -> bool:
    """R-ROUND-1: a new round, while the game goes on."""
    return after.round != before.round and after.outcome is None


@dataclass(frozen=True)
class Case:
    name: str
    options: dict[str, Any]
    seats: int
    seed: int
    decisions: int  # seeded random decisions played (or the game's end)
    kit: GameKit[Any, Any, Any]
    opens: Opens
    english: str  # how every heading of the game begins in English
    spanish: str  # and in Spanish
    headed_start: bool  # whether the game begins in a part with a heading (not in a set-up)
    agent: str | None = None  # the bot that picks each seat's action from its view (None: at random)


CASES = {
    "pericles": Case("pericles", {"scenario": "14_2"}, 4, 3, 300, PERICLES, pericles_opens, "Turn ", "Turno ",
                         True),
    "cyclades": Case("cyclades", {"players": 2}, 2, 5, 160, CYCLADES, cyclades_opens, "Cycle ", "Ciclo ",
                         False),  # the turn order is drawn first (C-SETUP), then Cycle 1 begins
    "polis": Case("polis", {"edition": "2020"}, 2, 2, 300, POLIS, polis_opens, "Round ", "Ronda ", True,
                      "simple"),  # random Polis starves in its first round
}


@dataclass(frozen=True)
class Played:
    case: Case
    client: TestClient
    game_id: str
    tokens: dict[int, str]
    truth: Truth


@pytest.fixture(scope="module", params=sorted(CASES))
def played(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Played]:
    """One seeded game of persons per game, played for a bounded number of random decisions."""
    case = CASES[request.param]
    with TestClient(create_app(make_settings(tmp_path_factory.mktemp(case.name)))) as client:
        game_id, tokens = create_all_persons(client, case.name, case.options, case.seats, case.seed)
        rng = random.Random(case.seed)
        game = case.kit.make_game(case.options)
        agent = None if case.agent is None else make_agent(case.agent, game)
        message = get_message(client, game_id, None)
        for _ in range(case.decisions):
            if message["status"] == "finished":
                break
            seat = message["to_act"][0]
            mine = get_message(client, game_id, tokens[seat])
            if agent is None:
                action = rng.choice(mine["legal"])["action"]
            else:
                state = ctx_of(client).store.current(game_id).state
                action = str(agent.choose(game.view(state, seat), game.legal_actions(state, seat), rng))
            answer = client.post(f"/api/games/{game_id}/actions", headers=auth(tokens[seat]),
                                 json={"seq": mine["seq"], "action": action})
            assert answer.status_code == 200, answer.text
            message = answer.json()
        yield Played(case, client, game_id, tokens, Truth(client, game_id, game, case.seed))


def read_log(played: Played, seat: int | None, language: str = "en") -> list[Message]:
    headers = auth(None if seat is None else played.tokens[seat])
    headers["Cookie"] = f"{LANG_COOKIE}={language}"
    answer = played.client.get(f"/api/games/{played.game_id}", headers=headers)
    assert answer.status_code == 200, answer.text
    log: list[Message] = answer.json()["log"]
    return log


def test_c_cycle_1_p_seq_1_r_round_1_each_part_of_the_game_is_headed_where_it_begins(played: Played) -> None:
    """A heading follows exactly the entries whose step opens a round or phase, in the spectator's
    log; the first entry is headed by the part the game begins in, unless it begins with a set-up;
    two parts or more are seen."""
    case, states = played.case, played.truth.states
    log = read_log(played, None)
    assert len(log) == len(states) - 1
    opened = [entry["step"] for entry in log if "heading_after" in entry or "heading_within" in entry]
    assert opened == [k for k in range(1, len(states)) if case.opens(states[k - 1], states[k])]
    assert len(opened) >= 2, opened
    assert all(heading.startswith(case.english) for entry in log for heading in headings_of(entry))
    assert ("heading_before" in log[0]) is case.headed_start
    assert log[0].get("heading_before", case.english).startswith(case.english)
    assert not any("heading_before" in entry for entry in log[1:])
    headings = [heading for entry in log[1:] for heading in headings_of(entry)]
    assert len(set(headings)) == len(headings), "a part of the game headed twice"


def headings_of(entry: Message) -> list[str]:
    """An entry's headings in their order: above it, inside it, below it."""
    return [entry[key] for key in ("heading_before", "heading_within", "heading_after") if key in entry]


@pytest.mark.parametrize("played", ["pericles"], indirect=True)  # the one game with a phase begun inside a step
def test_p_seq_5_the_political_phase_is_headed_where_its_words_begin(played: Played) -> None:
    """P-SEQ-5: the step that ends the Assembly tells the last debate, then the Political phase that
    runs by itself; its heading stands inside the entry (``heading_within``), before the end of the
    line that tells the phase (``text_within``), not after it. The line itself is unchanged."""
    log = read_log(played, None)
    inside = [entry for entry in log if "heading_within" in entry]
    assert inside, "no step ended the Assembly"
    for entry in inside:
        assert entry["text"].endswith(entry["text_within"]), entry
        at = len(entry["text"]) - len(entry["text_within"])
        assert entry["heading_within"].startswith("Turn ") and entry["heading_within"].endswith("Political phase")
        assert entry["text"][at:].startswith("The Assembly is over. The Political phase begins (P-SEQ-5)"), entry
        assert "Oratory for" not in entry["text"][:at] and "Oratory for" in entry["text"][at:], entry
        assert entry.get("heading_after") != entry["heading_within"], entry


def test_headings_are_public_and_told_in_the_reader_s_language(played: Played) -> None:
    """Every seat reads the spectator's headings, on its hidden entries too; a Spanish reader reads
    them in Spanish at the same entries."""
    case = played.case
    public = read_log(played, None)
    marks = [headings_of(entry) for entry in public]
    for seat in played.tokens:
        assert [headings_of(entry) for entry in read_log(played, seat)] == marks
    spanish = [headings_of(entry) for entry in read_log(played, 0, "es")]
    assert [len(told) for told in spanish] == [len(told) for told in marks]
    told = [text for entry in spanish for text in entry]
    assert told and all(text.startswith(case.spanish) for text in told), told[:3]
