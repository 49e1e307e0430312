"""Rating integrity (issue 27, hole 4): results that cannot be farmed. A game resigned before
every person made a few decisions is aborted; the same accounts playing again and again, or
accounts from one address, are flagged; an operator lists and voids results with ``kleos
ratings``, and the ladder follows. Sealed Bids (``tests/toygame``) is the game."""

from __future__ import annotations

import contextvars
from collections.abc import Iterator
from pathlib import Path

import pytest
from account_helpers import PASSWORD
from conftest import make_settings
from fastapi.testclient import TestClient
from server_helpers import auth, get_message, post_action

from kleos.cli import main
from kleos.core import registry
from kleos.server import integrity
from kleos.server.app import create_app
from kleos.server.config import Settings
from toygame.kit import KIT

KIND = KIT.name
MAX_STEPS = 200


@pytest.fixture
def settings_file(tmp_path: Path) -> Settings:
    return make_settings(tmp_path)


@pytest.fixture
def server(settings_file: Settings) -> Iterator[TestClient]:
    registry.register(KIT)
    try:
        with TestClient(create_app(settings_file)) as client:
            yield client
    finally:
        registry.unregister(KIT.name)


def device(client: TestClient, address: str) -> TestClient:
    """Another browser on the same server, from ``address`` (not entered: the application, started
    by ``client``, must not start twice)."""
    return TestClient(client.app, client=(address, 4321))


def account(client: TestClient, name: str) -> dict[str, str]:
    response = client.post("/api/accounts", json={"name": name, "password": PASSWORD})
    assert response.status_code == 201, response.text
    client.cookies.clear()
    return auth(response.json()["token"])


def duel(client: TestClient, first: dict[str, str], second: dict[str, str], second_client: TestClient,
         seed: int) -> tuple[str, dict[int, str]]:
    created = client.post("/api/games", json={"game": KIND, "options": {"players": 2}, "seed": seed,
                                              "seats": ["me", "person"]}, headers=first)
    assert created.status_code == 201, created.text
    joined = second_client.post("/api/join", json={"invite": created.json()["invites"][0]["invite"]}, headers=second)
    assert joined.status_code == 200, joined.text
    return created.json()["game_id"], {0: created.json()["token"], 1: joined.json()["token"]}


def play_out(client: TestClient, game_id: str, tokens: dict[int, str]) -> None:
    for _ in range(MAX_STEPS):
        moved = False
        for token in tokens.values():
            message = get_message(client, game_id, token)
            if message["status"] == "finished":
                return
            if message["your_turn"]:
                assert post_action(client, game_id, token, message["seq"], message["legal"][0]["action"]).status_code \
                    == 200
                moved = True
                break
        assert moved, "nobody could move"
    raise AssertionError(f"game {game_id} did not end in {MAX_STEPS} steps")


def rated_games(client: TestClient) -> int:
    board = client.get(f"/api/ladder/{KIND}").json()
    count: int = board["rated_games"]
    return count


def test_resigning_at_once_aborts_the_game(server: TestClient) -> None:
    """A resignation before each seat made MIN_DECISIONS decisions rates nobody."""
    other = device(server, "198.51.100.2")
    alice, bob = account(server, "Alice"), account(other, "Bob")
    for seed in range(3):
        game_id, tokens = duel(server, alice, bob, other, seed)
        assert server.post(f"/api/games/{game_id}/resign", headers=auth(tokens[0])).status_code == 200
    assert rated_games(server) == 0
    assert server.get(f"/api/ladder/{KIND}").json()["players"] == []


def test_accounts_sharing_an_address_are_not_rated(server: TestClient) -> None:
    """Two accounts from one address: six resigned-to games put nobody on the ladder."""
    alice, bob = account(server, "Alice"), account(server, "Bob")
    for seed in range(6):
        game_id, tokens = duel(server, alice, bob, server, seed)
        play_out(server, game_id, tokens)
    assert rated_games(server) == 0


def test_the_same_pair_again_and_again_is_flagged(server: TestClient) -> None:
    other = device(server, "198.51.100.2")
    alice, bob = account(server, "Alice"), account(other, "Bob")
    for seed in range(integrity.PAIR_GAMES + 2):
        game_id, tokens = duel(server, alice, bob, other, seed)
        play_out(server, game_id, tokens)
    assert rated_games(server) == integrity.PAIR_GAMES


def test_an_operator_lists_and_voids_results_and_the_ladder_follows(
        server: TestClient, settings_file: Settings, capsys: pytest.CaptureFixture[str]) -> None:
    other = device(server, "198.51.100.2")
    alice, bob = account(server, "Alice"), account(other, "Bob")
    game_ids = []
    for seed in range(integrity.PAIR_GAMES + 1):
        game_id, tokens = duel(server, alice, bob, other, seed)
        play_out(server, game_id, tokens)
        game_ids.append(game_id)
    assert rated_games(server) == integrity.PAIR_GAMES
    database = ["--database", settings_file.database_url]
    assert main(["ratings", "suspicious", *database]) == 0
    listed = capsys.readouterr().out
    assert f"{game_ids[-1]}\t{KIND}\trepeated\tAlice, Bob" in listed and "1 game kept out of the ratings" in listed
    # a game id may begin with '-': the ids follow '--', as the command's help says
    assert main(["ratings", "void", *database, "--", *game_ids[:2]]) == 0
    # voided games neither count nor make the later ones repeats: the last one is rated now
    assert rated_games(server) == integrity.PAIR_GAMES - 1
    assert main(["ratings", "suspicious", *database]) == 0
    listed = capsys.readouterr().out
    assert f"{game_ids[0]}\t{KIND}\tvoided" in listed and "2 games kept out of the ratings" in listed
    assert "2 games voided: the ladders leave them out" in listed
    assert main(["ratings", "void", *database, "--", "no-such-game"]) == 1
    capsys.readouterr()
    in_german = contextvars.copy_context().run(main, ["--lang", "de", "ratings", "void", *database, "--", "nope"])
    said = capsys.readouterr()
    assert in_german == 1 and said.err == "keine beendete Partie 'nope'\n"
    assert said.out == "0 Partien annulliert: die Ranglisten lassen sie aus\n"
    assert main(["ratings", "void", *database, "--", "-looks-like-a-flag"]) == 1
