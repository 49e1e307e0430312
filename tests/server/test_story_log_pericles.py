"""The browser's log of Pericles tells what the terminal's tells (issue 24): a marker revealed by a
faction that neither placed nor owns it, and resolved with no decision, is named for every reader
(P-THEATER-9, P-THEATER-12, P-MIL-2, P-INFO-6); what a step brought about (a battle's losses, Honor
won and lost, P-BATTLE-9..11) follows its line, in the words of the terminal's "Result:" lines.

One seeded vignette of four persons played through the HTTP API (seeded random choices): seed 3
meets a Rumor and a Military issue whose owner has no Strategos, both revealed by a faction of the
other pair, and a battle with casualties and battle Honor.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from conftest import make_settings
from fastapi.testclient import TestClient
from server_helpers import Message, Truth, auth, create_all_persons, ctx_of, get_message

from kleos.core.record import GameRecord
from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.rules.theater import entry_parts
from kleos.games.pericles.state import PericlesState
from kleos.games.pericles.tables import FACTIONS, MARKER_KINDS
from kleos.server.app import create_app
from kleos.tui.session import Session

VIGNETTE = {"scenario": "14_1_09a"}
SEED = 3
MAX_DECISIONS = 300  # the vignette of seed 3 ends after 105
KIND_WORDS = {"MIL": "Military", "LEA": "League", "DIP": "Diplomatic", "ORA": "Oracle", "RUM": "Rumor"}


@dataclass(frozen=True)
class Played:
    client: TestClient
    game_id: str
    tokens: dict[int, str]


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Played]:
    """The seeded vignette to its end, once for the module: the first seat to act picks a seeded
    random legal action."""
    with TestClient(create_app(make_settings(tmp_path_factory.mktemp("story")))) as client:
        game_id, tokens = create_all_persons(client, "pericles", VIGNETTE, 4, SEED)
        rng = random.Random(SEED)
        message = get_message(client, game_id, None)
        for _ in range(MAX_DECISIONS):
            if message["status"] == "finished":
                break
            seat = message["to_act"][0]
            mine = get_message(client, game_id, tokens[seat])
            action = rng.choice(mine["legal"])["action"]
            answer = client.post(f"/api/games/{game_id}/actions", headers=auth(tokens[seat]),
                                 json={"seq": mine["seq"], "action": action})
            assert answer.status_code == 200, answer.text
            message = answer.json()
        assert message["status"] == "finished", f"the vignette did not end in {MAX_DECISIONS} decisions"
        yield Played(client, game_id, tokens)


def revealed_entry(game: PericlesGame, before: PericlesState, theater: str) -> int:
    th = game.tables.theater_index[theater]
    return [e for e in before.queue if e // 1000 == th][-1]


def test_p_theater_12_a_marker_resolved_without_a_decision_is_named_for_every_reader(played: Played) -> None:
    """P-THEATER-9, P-THEATER-12, P-MIL-2, P-INFO-6: every reveal in the browser's log names its
    marker for every seat and the spectator, among them a Rumor and a Military issue without
    Strategos revealed by a faction that could not see them, which no later decision names."""
    client, game_id, tokens = played.client, played.game_id, played.tokens
    game = PericlesGame(VIGNETTE)
    truth = Truth(client, game_id, game, SEED)
    logs = [get_message(client, game_id, token)["log"] for token in (None, *tokens.values())]
    unseen: list[str] = []
    for entry in logs[0]:
        if not entry["action"].startswith("reveal "):
            continue
        before, after = truth.states[entry["seq"] - 1], truth.states[entry["seq"]]
        _, placer, owner, kind = entry_parts(revealed_entry(game, before, entry["action"].split()[1]))
        marker = f"{FACTIONS[owner]}'s {KIND_WORDS[MARKER_KINDS[kind]]} marker"
        assert marker in entry["text"], entry
        assert all(log[entry["step"] - 1] == entry for log in logs[1:]), "every reader reads the same line"
        if entry["seat"] not in (placer, owner) and after.revealed < 0:
            unseen.append(MARKER_KINDS[kind])
    assert {"RUM", "MIL"} <= set(unseen), unseen


def test_p_battle_11_the_browser_log_reads_as_the_terminal_log(played: Played) -> None:
    """P-BATTLE-9..11, P-INFO-1: each public line of the browser's log is the terminal's line of the
    same step followed by the terminal's "Result:" line (losses, Honor), one source for both."""
    client, game_id = played.client, played.game_id
    loaded = ctx_of(client).store.current(game_id)
    record = GameRecord("pericles", dict(VIGNETTE), SEED, list(loaded.actions))
    session = Session.from_record(record, frozenset(), readers=frozenset())
    terminal: dict[int, list[str]] = {}
    for line in session.log:
        if line.kind != "heading":
            terminal.setdefault(line.index, []).append(line.text)
    browser: list[Message] = get_message(client, game_id, None)["log"]
    assert len(browser) == len(terminal) == len(loaded.actions)
    for entry in browser:
        if not entry["hidden"]:
            assert entry["text"] == one_line(terminal[entry["step"] - 1]), entry
    battles = [entry["text"] for entry in browser if "Result: Honor" in entry["text"]
               and ("casualties" in entry["text"] or "eliminate" in entry["text"])]
    assert battles, "a battle's losses and Honor are in the browser's log"


def one_line(told: list[str]) -> str:
    """The terminal's lines of a step as one: the story's line, then its "Result:" line."""
    if len(told) == 1:
        return told[0]
    return f"{told[0]}{'' if told[0].endswith('.') else '.'} {told[1]}"
