"""Ratings per game kind (openskill) on the server: finished games of two and three seats between
accounts and bots move the ratings towards the result, a game with a guest or an imported one
changes nothing, the cached ratings follow new games, the ladder is ordered by the cautious
ordinal, and the lobby lists finished games with their replays. Sealed Bids (``tests/toygame``)
is the game: it ends in three short rounds. The main path runs on SQLite and PostgreSQL.

Bots are played by the test itself (the worker is held back), so that every game is the same on
every run: the seat decisions are seeded."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from account_helpers import sign_up
from conftest import make_settings
from fastapi import FastAPI
from fastapi.testclient import TestClient
from server_helpers import Message, auth, ctx_of, get_message, post_action
from server_services import create_database

from kleos.core import registry
from kleos.server import integrity
from kleos.server.app import create_app
from kleos.server.config import Settings
from kleos.server.ratings import Ratings, places
from toygame.kit import KIT

KIND = KIT.name
START_MU = 25.0


@pytest.fixture(params=["sqlite", "postgresql"])
def toy_any(request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    """The server with Sealed Bids installed, on SQLite or on a fresh PostgreSQL database."""
    settings = make_settings(tmp_path)
    if request.param == "postgresql":
        settings = make_settings(tmp_path, database_url=create_database(request.getfixturevalue("postgres_url"),
                                                                        "kleos_ratings"))
    yield from _toy_client(settings, monkeypatch)


@pytest.fixture
def toy(settings: Settings, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    """The server with Sealed Bids installed, on SQLite."""
    yield from _toy_client(settings, monkeypatch)


def _toy_client(settings: Settings, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    registry.register(KIT)
    try:
        with TestClient(create_app(settings)) as client:
            monkeypatch.setattr(ctx_of(client).bots, "schedule", lambda game_id: None)  # the test plays the bots
            # one test client is one address, and these tests replay pairs: the integrity checks
            # that would flag that are tested in test_rating_integrity
            monkeypatch.setattr(integrity, "shared_addresses", lambda s, accounts: set())
            monkeypatch.setattr(integrity, "PAIR_GAMES", 1_000_000)
            yield client
    finally:
        registry.unregister(KIT.name)


# ----- playing ---------------------------------------------------------------------------------------
class Players:
    """The accounts of a test by name, each with its session token (no cookie is kept)."""

    def __init__(self, client: TestClient) -> None:
        self.client = client
        self.sessions: dict[str, str] = {}

    def session(self, name: str) -> dict[str, str]:
        if name not in self.sessions:
            self.sessions[name] = sign_up(self.client, name)["token"]
            self.client.cookies.clear()
        return auth(self.sessions[name])


@dataclass
class Played:
    game_id: str
    outcome: Message


def play(client: TestClient, players: Players, seats: list[str], seed: int) -> Played:
    """A game of Sealed Bids played to the end. ``seats``: ``@Name`` an account, ``guest`` a person
    without one, anything else a bot's agent; the first seat creates the game and is a person."""
    creator = seats[0]
    spec = ["me", *("person" if s == "guest" or s.startswith("@") else s for s in seats[1:])]
    headers = players.session(creator[1:]) if creator.startswith("@") else {}
    created = client.post("/api/games", json={"game": KIND, "options": {"players": len(seats)}, "seats": spec,
                                              "seed": seed}, headers=headers)
    assert created.status_code == 201, created.text
    game_id = created.json()["game_id"]
    tokens = {0: created.json()["token"]}
    for invite in created.json()["invites"]:
        who = seats[invite["seat"]]
        joined = client.post("/api/join", json={"invite": invite["invite"]},
                             headers=players.session(who[1:]) if who.startswith("@") else {})
        assert joined.status_code == 200, joined.text
        tokens[invite["seat"]] = joined.json()["token"]
    rng = random.Random(seed)
    store = ctx_of(client).store
    for _ in range(200):
        job = store.bot_job(game_id)
        if job is not None:
            store.act_as_bot(game_id, job.seat, job.seq, rng.choice(job.legal))
            continue
        moved = False
        for token in tokens.values():
            message = get_message(client, game_id, token)
            if message["status"] == "finished":
                return Played(game_id, message["outcome"])
            if message["your_turn"]:
                action = rng.choice(message["legal"])["action"]
                assert post_action(client, game_id, token, message["seq"], action).status_code == 200
                moved = True
                break
        assert moved, "nobody could move"
    raise AssertionError(f"game {game_id} did not end")


def ladder(client: TestClient, kind: str = KIND) -> Message:
    response = client.get(f"/api/ladder/{kind}")
    assert response.status_code == 200, response.text
    data: Message = response.json()
    return data


def by_name(board: Message) -> dict[str, Message]:
    return {p["name"]: p for p in board["players"]}


def names_by_place(seats: list[str], outcome: Message) -> dict[str, int]:
    """The ladder name of each seat's player and its place in the game."""
    ranks = places(outcome, len(seats))
    assert ranks is not None
    return {(s[1:] if s.startswith("@") else f"bot:{s}"): r for s, r in zip(seats, ranks, strict=True)}


def decisive(client: TestClient, players: Players, seats: list[str], first_seed: int) -> Played:
    """The first game from ``first_seed`` on whose places are not all equal (seeded: the same every run)."""
    for seed in range(first_seed, first_seed + 20):
        game = play(client, players, seats, seed)
        if len(set(names_by_place(seats, game.outcome).values())) > 1:
            return game
    raise AssertionError("twenty draws in a row")


# ----- the tests ---------------------------------------------------------------------------------------
def test_places_read_from_any_finished_outcome() -> None:
    assert places({"reason": "points", "winner": 1, "scores": [3, 5, 1]}, 3) == (2, 1, 3)
    assert places({"reason": "points", "winner": None, "scores": [4, 4]}, 2) == (1, 1)
    assert places({"reason": "points", "winner": None, "scores": [4, 4, 2]}, 3) == (1, 1, 2)
    # an ending that does not follow the scores (a resignation, a clock run out): the winner is first
    assert places({"reason": "resigned", "winner": 0, "scores": [0, 9]}, 2) == (1, 2)
    assert places({"reason": "timeout", "winner": 2, "scores": [], "extra": 1}, 3) == (2, 2, 1)
    # a forfeit with three seats: the seats still in share the win, the one that resigned is last
    forfeit = {"reason": "resigned", "winner": None, "scores": [1, 0, 1], "seat": 1, "losers": [1]}
    assert places(forfeit, 3) == (1, 2, 1)
    assert places({"reason": "x", "winner": None, "scores": [1, 2], "ranks": [2, 1]}, 2) == (2, 1)
    assert places({"reason": "x", "winner": 5, "scores": [1, 2]}, 2) is None
    assert places(None, 2) is None


def test_two_and_three_seat_games_move_ratings_towards_the_result(toy_any: TestClient) -> None:
    client = toy_any
    players = Players(client)
    duel = ["@Alice", "@Bob"]
    first = decisive(client, players, duel, 1)
    board = ladder(client)
    assert board["rated_games"] == 1 and board["game"] == KIND and board["title"] == KIT.title
    placed = names_by_place(duel, first.outcome)
    winner = min(placed, key=lambda n: placed[n])
    loser = max(placed, key=lambda n: placed[n])
    rows = by_name(board)
    assert rows[winner]["mu"] > START_MU > rows[loser]["mu"]
    assert rows[winner]["wins"] == 1 and rows[loser]["wins"] == 0
    assert all(r["games"] == 1 and not r["bot"] for r in rows.values())

    trio = ["@Carol", "@Alice", "random"]
    second = decisive(client, players, trio, 10)
    placed = names_by_place(trio, second.outcome)
    rows = by_name(ladder(client))
    assert rows["bot:random"]["bot"] and rows["bot:random"]["agent"] == "random"
    best, worst = min(placed.values()), max(placed.values())
    for name, place in placed.items():
        before = START_MU if name != "Alice" else by_name(board)["Alice"]["mu"]
        if place == best:
            assert rows[name]["mu"] > before, (name, placed)
        elif place == worst:
            assert rows[name]["mu"] < before, (name, placed)
    assert rows["Alice"]["games"] == 2 and rows["Carol"]["games"] == 1


def test_a_game_with_a_guest_or_imported_is_not_rated(toy: TestClient) -> None:
    client = toy
    players = Players(client)
    guest_game = play(client, players, ["@Alice", "guest"], 3)
    board = ladder(client)
    assert board["rated_games"] == 0 and board["players"] == [] and board["finished_games"] == 1
    listed = {g["game_id"]: g for g in client.get("/api/lobby/finished").json()["games"]}
    assert listed[guest_game.game_id]["rated"] is False

    rated = play(client, players, ["@Alice", "random"], 4)
    assert ladder(client)["rated_games"] == 1
    record = client.get(f"/api/games/{rated.game_id}/record").json()
    imported = client.post("/api/import", json={"record": record, "seats": ["me", "random"]},
                           headers=players.session("Alice"))
    assert imported.status_code == 201, imported.text
    board = ladder(client)
    assert board["finished_games"] == 3 and board["rated_games"] == 1
    assert by_name(board)["Alice"]["games"] == 1


def test_the_cache_follows_new_games_and_matches_a_fresh_count(toy: TestClient) -> None:
    client = toy
    players = Players(client)
    play(client, players, ["@Alice", "random"], 5)
    assert by_name(ladder(client))["Alice"]["games"] == 1
    play(client, players, ["@Bob", "@Alice", "random"], 6)
    play(client, players, ["@Alice", "ismcts:easy"], 7)
    board = ladder(client)
    assert by_name(board)["Alice"]["games"] == 3 and board["rated_games"] == 3
    app = client.app
    assert isinstance(app, FastAPI)
    cached = app.state.kleos_ratings.of(KIND)
    fresh = Ratings(ctx_of(client).db).of(KIND)  # everything at once, from the database
    assert cached.applied == fresh.applied
    assert {p: (round(x.mu, 9), round(x.sigma, 9), x.games, x.wins) for p, x in cached.standings.items()} == \
        {p: (round(x.mu, 9), round(x.sigma, 9), x.games, x.wins) for p, x in fresh.standings.items()}


def test_the_ladder_is_ordered_by_ordinal(toy: TestClient) -> None:
    client = toy
    players = Players(client)
    for seed, seats in enumerate([["@Alice", "@Bob"], ["@Bob", "@Carol", "random"], ["@Carol", "@Alice"],
                                  ["@Dan", "random"], ["@Alice", "@Dan", "@Bob"]], start=20):
        play(client, players, seats, seed)
    board = ladder(client)
    ordinals = [p["ordinal"] for p in board["players"]]
    assert ordinals == sorted(ordinals, reverse=True)
    assert [p["rank"] for p in board["players"]] == list(range(1, len(ordinals) + 1))
    assert {p["name"] for p in board["players"]} == {"Alice", "Bob", "Carol", "Dan", "bot:random"}
    for p in board["players"]:
        assert p["ordinal"] == pytest.approx(p["mu"] - 3 * p["sigma"], abs=1e-3)
    assert [p["name"] for p in ladder_limited(client, 2)] == [p["name"] for p in board["players"][:2]]


def ladder_limited(client: TestClient, limit: int) -> list[Message]:
    response = client.get(f"/api/ladder/{KIND}", params={"limit": limit})
    assert response.status_code == 200, response.text
    found: list[Message] = response.json()["players"]
    return found


def test_my_ratings_and_the_finished_games_with_replays(toy: TestClient) -> None:
    client = toy
    players = Players(client)
    games = [play(client, players, ["@Alice", "random"], 30), play(client, players, ["@Bob", "@Alice"], 31)]
    mine = client.get("/api/me/ratings", headers=players.session("Alice"))
    assert mine.status_code == 200, mine.text
    (entry,) = mine.json()["ratings"]
    assert entry["game"] == KIND and entry["games"] == 2 and entry["name"] == "Alice"
    assert entry["rank"] == next(p["rank"] for p in ladder(client)["players"] if p["name"] == "Alice")
    assert client.get("/api/me/ratings").json()["error"] == "not_signed_in"

    listed = client.get("/api/lobby/finished", params={"kind": KIND, "limit": 5}).json()["games"]
    assert [g["game_id"] for g in listed] == [g.game_id for g in reversed(games)]  # newest first
    newest = listed[0]
    assert newest["rated"] and newest["title"] == KIT.title and newest["outcome"] == games[1].outcome
    assert newest["reason_text"] == KIT.reason_words(newest["outcome"]["reason"])  # the reason in words
    assert {p["seat"]: p["name"] for p in newest["players"]} == {0: "Bob", 1: "Alice"}
    assert sorted(p["place"] for p in newest["players"]) == sorted(places(games[1].outcome, 2) or ())
    replay = client.get(newest["replay_api"])
    assert replay.status_code == 200 and replay.json()["outcome"] == games[1].outcome
    assert newest["replay"] == f"/replay/{newest['game_id']}"
    assert client.get(newest["replay"]).status_code == 200  # the replay page
    assert len(client.get("/api/lobby/finished", params={"limit": 1}).json()["games"]) == 1
    page = client.get("/ladder")  # the ladder page: the shell's strict policy, its own module
    assert page.status_code == 200 and '<script type="module" src="/static/js/ladder.js"></script>' in page.text
    assert "default-src 'self'" in page.headers["content-security-policy"]


@pytest.mark.parametrize("path", ["/api/ladder/nosuchgame", "/api/lobby/finished?kind=nosuchgame"])
def test_an_unknown_kind_is_a_404_that_names_the_installed_games(toy: TestClient, path: str) -> None:
    answer = toy.get(path)
    body: dict[str, Any] = answer.json()
    assert answer.status_code == 404 and body["error"] == "unknown_game"
    assert "nosuchgame" in body["message"] and KIND in body["available"]


@pytest.mark.parametrize("query", ["limit=0", "limit=101", "limit=many"])
def test_a_bad_limit_is_refused_with_the_field_named(toy: TestClient, query: str) -> None:
    answer = toy.get(f"/api/lobby/finished?{query}")
    assert answer.status_code == 400 and answer.json()["error"] == "invalid_request"
    assert "limit" in answer.json()["message"]
    assert toy.get(f"/api/ladder/{KIND}?limit=0").status_code == 400
