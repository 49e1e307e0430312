"""Accounts: sign-up, sign-in, sessions that outlive a browser and a server restart, seats linked
to the account that took them and handed back on another device, the games of an account in
order, and guests who still play by invite. SQLite, and the main path on PostgreSQL too."""

# The fixtures any_db and any_client come from account_helpers, so test arguments name imports on purpose.
# ruff: noqa: F811

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from account_helpers import PASSWORD, any_client, any_db, my_games, new_device, session, sign_in, sign_up  # noqa: F401
from conftest import make_settings
from fastapi.testclient import TestClient
from server_helpers import auth, get_message, new_game, post_action
from sqlalchemy import create_engine, inspect

from kleos.server import accounts
from kleos.server.app import create_app
from kleos.server.config import Settings
from kleos.server.db import Database, normalize_url
from kleos.server.live import SeatInfo

FIXTURES = Path(__file__).parent / "fixtures"
FINISHED_RECORD = json.loads((FIXTURES / "polis-record-0.1.json").read_text())


def test_sign_up_signs_in_with_a_cookie_that_outlives_the_browser(client: TestClient) -> None:
    created = client.post("/api/accounts", json={"name": "Alice", "password": PASSWORD})
    assert created.status_code == 201
    assert created.json()["account"]["name"] == "Alice" and created.json()["token"].startswith("ks_")
    cookie = created.headers["set-cookie"]
    assert "HttpOnly" in cookie and "samesite=lax" in cookie.lower()
    max_age = int(cookie.split("Max-Age=")[1].split(";")[0])
    assert max_age >= 30 * 24 * 3600  # a persistent cookie, not one for this browser session only
    assert client.get("/api/me").json()["account"]["name"] == "Alice"


def test_a_name_taken_in_any_case_is_refused_with_a_message(client: TestClient) -> None:
    sign_up(client, "Alice")
    for name in ("Alice", "alice", "ALICE"):
        again = client.post("/api/accounts", json={"name": name, "password": "another password"})
        assert again.status_code == 409
        assert again.json()["error"] == "name_taken" and "is taken" in again.json()["message"]
        assert again.json()["field"] == "name"


def test_bad_names_and_short_passwords_are_400(client: TestClient) -> None:
    for body in ({"name": " lead", "password": PASSWORD}, {"name": "x", "password": PASSWORD},
                 {"name": "a<b>", "password": PASSWORD}, {"name": "Bob", "password": "short"},
                 {"name": "Bob", "password": PASSWORD, "admin": True}):
        response = client.post("/api/accounts", json=body)
        assert response.status_code == 400, body
        assert response.json()["error"] == "invalid_request"


def test_wrong_password_and_unknown_name_are_the_same_401(client: TestClient) -> None:
    sign_up(client, "Alice")
    wrong = client.post("/api/sessions", json={"name": "Alice", "password": "not the password"})
    unknown = client.post("/api/sessions", json={"name": "Nobody", "password": PASSWORD})
    assert wrong.status_code == unknown.status_code == 401
    assert wrong.json() == unknown.json() == {"error": "bad_credentials",
                                              "message": "no account with this name and password"}
    assert sign_in(client, "alice")["account"]["name"] == "Alice"  # names are matched without case


def test_no_session_is_401_and_sign_out_ends_only_that_session(client: TestClient) -> None:
    assert new_device(client).get("/api/me").status_code == 401
    first = sign_up(client, "Alice")["token"]
    second = sign_in(new_device(client), "Alice")["token"]
    out = client.delete("/api/sessions/current", headers=session(second))
    assert out.status_code == 200 and "kleos_session=" in out.headers["set-cookie"]
    new_device(client)
    assert client.get("/api/me", headers=session(second)).status_code == 401
    assert client.get("/api/me", headers=session(first)).json()["account"]["name"] == "Alice"


def test_a_session_survives_a_browser_and_a_server_restart(settings: Settings) -> None:
    with TestClient(create_app(settings)) as client:
        token = sign_up(client, "Alice")["token"]
        game_id = new_game(client, game="polis", seed=7, opponent="person")["game_id"]
    with TestClient(create_app(settings)) as restarted:  # a new process, a browser that kept its cookie
        restarted.cookies.set("kleos_session", token)
        assert restarted.get("/api/me").json()["account"]["name"] == "Alice"
        assert [g["game_id"] for g in my_games(restarted)] == [game_id]


def test_seats_are_linked_and_found_again_on_another_device(any_client: TestClient) -> None:
    client = any_client
    sign_up(client, "Alice")
    created = new_game(client, game="polis", seed=7, opponent="person")
    joined = new_device(client).post("/api/join", json={"invite": created["invite"]}).json()  # a guest
    device = new_device(client)
    sign_in(device, "Alice")
    games = my_games(device)
    assert [(g["game_id"], g["seat"]) for g in games] == [(created["game_id"], created["seat"])]
    assert games[0]["token"] == created["token"]  # the seat token, handed back to its owner only
    message = get_message(device, created["game_id"], games[0]["token"])
    assert message["seat"] == created["seat"]
    names = {p["seat"]: p["name"] for p in games[0]["players"]}
    assert names == {created["seat"]: "Alice", joined["seat"]: None}
    assert games[0]["opponent"]["joined"] and games[0]["opponent"]["name"] is None


def test_a_guest_still_plays_by_invite(client: TestClient) -> None:
    created = new_game(client, game="polis", seed=7, opponent="person")
    joined = client.post("/api/join", json={"invite": created["invite"]})
    assert joined.status_code == 200
    message = get_message(client, created["game_id"], created["token"])
    seat = message["to_act"][0]
    token = created["token"] if seat == created["seat"] else joined.json()["token"]
    legal = get_message(client, created["game_id"], token)["legal"][0]["action"]
    assert post_action(client, created["game_id"], token, message["seq"], legal).status_code == 200
    assert client.get("/api/me/games").status_code == 401


def test_my_games_list_your_turn_first_then_waiting_then_finished(client: TestClient) -> None:
    sign_up(client, "Alice")
    finished = client.post("/api/import", json={"record": FINISHED_RECORD, "opponent": "random"})
    assert finished.status_code == 201
    made = [new_game(client, game="polis", seed=7, opponent="person", seat=seat) for seat in (0, 1)]
    games = my_games(client)
    assert {g["game_id"] for g in games} == {finished.json()["game_id"], *(m["game_id"] for m in made)}
    sections = [g["section"] for g in games]
    assert sorted(set(sections)) == ["finished", "waiting", "your_turn"]
    assert sections == sorted(sections, key=["your_turn", "waiting", "finished"].index)
    for game in games:
        message = get_message(client, game["game_id"], game["token"])
        assert game["your_turn"] == message["your_turn"]
        assert (game["section"] == "finished") == (message["status"] == "finished")
        assert game["reason_text"] == message["reason_text"]  # why it ended, in words; None while it runs
        assert (game["reason_text"] is None) == (message["outcome"] is None)


def test_a_rematch_asked_while_signed_in_is_linked_too(client: TestClient) -> None:
    sign_up(client, "Alice")
    finished = client.post("/api/import", json={"record": FINISHED_RECORD, "opponent": "random"}).json()
    rematch = client.post(f"/api/games/{finished['game_id']}/rematch", headers=auth(finished["token"]))
    assert rematch.status_code == 200
    assert rematch.json()["game_id"] in {g["game_id"] for g in my_games(client)}


def test_the_database_holds_no_readable_token(settings: Settings) -> None:
    """Seat tokens are sealed under the account key, session tokens hashed, passwords Argon2id."""
    with TestClient(create_app(settings)) as client:
        signed = sign_up(client, "Alice")
        created = new_game(client, game="polis", seed=7, opponent="person")
        assert my_games(client)[0]["token"] == created["token"]
    path = settings.database_url.removeprefix("sqlite:///")
    with sqlite3.connect(path) as connection:
        dump = "\n".join(connection.iterdump())
    assert created["game_id"] in dump and "$argon2id$" in dump
    assert created["token"] not in dump and signed["token"] not in dump and PASSWORD not in dump


def test_sign_ups_and_sign_ins_have_quotas(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(accounts, "SIGNUPS_PER_HOUR", 2)
    monkeypatch.setattr(accounts, "LOGIN_LIMIT", "3/minute")
    with TestClient(create_app(make_settings(tmp_path))) as client:
        sign_up(client, "Alice")
        sign_up(client, "Bob")
        third = client.post("/api/accounts", json={"name": "Carol", "password": PASSWORD})
        assert third.status_code == 429 and third.json()["limit"] == "signups"
        assert int(third.headers["Retry-After"]) >= 1
        tries = [client.post("/api/sessions", json={"name": "Alice", "password": "wrong password"}).status_code
                 for _ in range(4)]
        assert tries == [401, 401, 401, 429]


def test_the_migration_adds_and_removes_the_account_tables(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'm.db'}"
    database = Database(url)
    engine = create_engine(normalize_url(url))
    database.migrate("0002")
    with engine.connect() as connection:
        assert "accounts" not in inspect(connection).get_table_names()
    database.migrate()
    with engine.connect() as connection:
        tables = set(inspect(connection).get_table_names())
    assert {"accounts", "account_sessions", "account_seats", "open_games"} <= tables
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(Path(accounts.__file__).parent / "migrations"))
    config.set_main_option("sqlalchemy.url", url)
    command.downgrade(config, "0002")
    with engine.connect() as connection:
        assert not {"accounts", "account_seats"} & set(inspect(connection).get_table_names())
    engine.dispose()
    database.dispose()


@pytest.mark.skipif("name" not in getattr(SeatInfo, "__dataclass_fields__", {}),
                    reason="the game's seats in memory carry no account name yet")
def test_names_appear_in_the_game_message(any_client: TestClient) -> None:
    client = any_client
    sign_up(client, "Alice")
    created = new_game(client, game="polis", seed=7, opponent="person")
    sign_up(new_device(client), "Bob")
    client.post("/api/join", json={"invite": created["invite"]})
    players = get_message(client, created["game_id"], None)["players"]
    assert sorted(p.get("name") for p in players) == ["Alice", "Bob"]


def test_the_cookie_is_secure_behind_an_https_address(tmp_path: Path) -> None:
    with TestClient(create_app(make_settings(tmp_path, public_url="https://play.example"))) as client:
        created = client.post("/api/accounts", json={"name": "Alice", "password": PASSWORD})
    assert "Secure" in created.headers["set-cookie"]
