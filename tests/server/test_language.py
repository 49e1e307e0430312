"""The reader's language on the server: the picker's cookie, then the signed-in account's choice,
then ``Accept-Language``; the catalogues' JSON export; error messages in the reader's language
with their codes unchanged; and one game read in German and Spanish at the same moment, each
socket and request in its own language (the per-seat message cache is kept per language).

The fixtures any_db and any_client come from account_helpers (SQLite and PostgreSQL)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from account_helpers import any_client, any_db, new_device, sign_in, sign_up  # noqa: F401
from alembic import command
from alembic.config import Config
from fastapi.testclient import TestClient
from server_helpers import auth, ctx_of, random_choice, two_players
from sqlalchemy import create_engine, inspect, select, update

from kleos import i18n
from kleos.core import registry
from kleos.server import endings, messages
from kleos.server import reading as reading_module
from kleos.server.db import MIGRATIONS, Database, EventRow, normalize_url
from kleos.server.language import LANG_COOKIE

GERMAN_NOT_FOUND = "keine Partie 'nothing'"
SPANISH_NOT_FOUND = "no existe la partida 'nothing'"


def language_of(client: TestClient, **headers: str) -> str:
    response = client.get("/api/i18n", headers=headers)
    assert response.status_code == 200, response.text
    found: str = response.json()["language"]
    return found


def missing_game(client: TestClient, **headers: str) -> dict[str, Any]:
    response = client.get("/api/games/nothing", headers=headers)
    assert response.status_code == 404
    body: dict[str, Any] = response.json()
    return body


def test_accept_language_chooses_among_the_three_languages(client: TestClient) -> None:
    assert language_of(client) == "en"
    assert language_of(client, **{"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"}) == "de"
    assert language_of(client, **{"Accept-Language": "fr;q=1, es-419;q=0.8, en;q=0.3"}) == "es"
    assert language_of(client, **{"Accept-Language": "fr, it"}) == "en"


def test_error_messages_follow_the_reader_and_codes_do_not(client: TestClient) -> None:
    english = missing_game(client)
    german = missing_game(client, **{"Accept-Language": "de"})
    spanish = missing_game(client, **{"Accept-Language": "es"})
    assert english["message"] == "no game 'nothing'"
    assert german["message"] == GERMAN_NOT_FOUND
    assert spanish["message"] == SPANISH_NOT_FOUND
    assert english["error"] == german["error"] == spanish["error"] == "not_found"


def test_the_picker_cookie_beats_the_account_which_beats_accept_language(any_client: TestClient) -> None:  # noqa: F811
    """On SQLite and PostgreSQL: the account's choice is a column (migration 0008)."""
    client = any_client
    sign_up(client, "Hypatia")
    chosen = client.post("/api/language", json={"language": "de"})
    assert chosen.status_code == 200 and chosen.json() == {"language": "de", "account": True}
    assert chosen.cookies.get(LANG_COOKIE) == "de"
    spanish_browser = {"Accept-Language": "es"}
    assert language_of(client, **spanish_browser) == "de"  # the cookie

    device = new_device(client)  # another browser: no picker cookie, the account remembers
    sign_in(device, "Hypatia")
    assert language_of(device, **spanish_browser) == "de"  # the account, over Accept-Language
    device.cookies.set(LANG_COOKIE, "es")
    assert language_of(device, **{"Accept-Language": "en"}) == "es"  # the cookie, over the account

    device.cookies.clear()
    assert language_of(device, **spanish_browser) == "es"  # signed out: the browser's language


def test_a_guest_choice_lives_in_the_cookie_only(client: TestClient) -> None:
    chosen = client.post("/api/language", json={"language": "es"})
    assert chosen.json() == {"language": "es", "account": False}
    assert missing_game(client, **{"Accept-Language": "de"})["message"] == SPANISH_NOT_FOUND
    refused = client.post("/api/language", json={"language": "fr"})
    assert refused.status_code == 422 and refused.json()["error"] == "bad_language"
    assert refused.json()["message"].startswith("idioma:")  # still the reader's (cookie) language


def test_the_catalogues_export_as_json_for_the_reader(client: TestClient) -> None:
    response = client.get("/api/i18n?domain=kleos&domain=polis", headers={"Accept-Language": "es"})
    body = response.json()
    assert body["language"] == "es" and body["pseudo"] is False
    assert set(body["domains"]) == {"kleos", "polis"}
    assert body["domains"]["kleos"]["no game '{game_id}'"] == "no existe la partida '{game_id}'"
    assert [entry["code"] for entry in body["languages"]] == list(i18n.LANGUAGES)
    english = client.get("/api/i18n?domain=kleos").json()
    assert english["domains"] == {"kleos": {}}  # the source language needs no strings
    unknown = client.get("/api/i18n?domain=nowhere", headers={"Accept-Language": "de"})
    assert unknown.status_code == 404 and unknown.json()["error"] == "unknown_domain"


def test_a_game_domain_is_found_by_game_name(client: TestClient) -> None:
    body = client.get("/api/i18n?domain=cyclades&domain=pericles", headers={"Accept-Language": "de"}).json()
    assert set(body["domains"]) == {"cyclades", "pericles"}


def test_pseudo_locale_marks_every_server_message(client: TestClient) -> None:
    client.cookies.set(LANG_COOKIE, "pseudo")
    message = missing_game(client)["message"]
    assert message.startswith("⟦") and message.endswith("⟧") and "'nothing'" in message


def test_a_rules_refusal_keeps_its_rule_and_is_worded_for_the_reader(client: TestClient) -> None:
    """R-ACTION-LEGAL: an illegal action's 422 names the rule in every language; the words are the
    reader's (the pseudo-locale shows they went through the game's catalogue)."""
    table = two_players(client, seed=5)
    seat = next(iter(table.tokens))
    seq = client.get(f"/api/games/{table.game_id}", headers=auth(table.tokens[seat])).json()["seq"]
    answers = []
    for language in ("en", "pseudo"):
        response = client.post(f"/api/games/{table.game_id}/actions", headers={**auth(table.tokens[seat]),
                               "Cookie": f"{LANG_COOKIE}={language}"}, json={"seq": seq, "action": "pass"})
        answers.append(response)
    english, pseudo = (r.json() for r in answers)
    if english["error"] != "illegal":
        pytest.skip(f"'pass' was not refused by the rules here: {english}")
    assert english["rule"] == pseudo["rule"] and english["error"] == pseudo["error"] == "illegal"
    assert pseudo["message"].startswith("⟦") and not english["message"].startswith("⟦")


@pytest.fixture
def worded_heads(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each seat's message also says the language it was rendered in (the game parts' words are
    rendered the same way, through the context's language)."""
    original = messages.seat_head

    def seat_head(*args: Any, **kwargs: Any) -> dict[str, Any]:
        head: dict[str, Any] = original(*args, **kwargs)
        head["rendered_in"] = i18n.current()
        return head

    monkeypatch.setattr(reading_module, "seat_head", seat_head)


@pytest.mark.usefixtures("worded_heads")
def test_one_game_read_in_german_and_spanish_at_once(client: TestClient) -> None:
    table = two_players(client, seed=9)
    url = f"/api/games/{table.game_id}/ws"
    german, spanish = {"Accept-Language": "de"}, {"Accept-Language": "es"}
    with client.websocket_connect(url, headers=german) as ws0, client.websocket_connect(url, headers=spanish) as ws1, \
            client.websocket_connect(url, headers=spanish) as ws0_es:
        ws0.send_json({"type": "hello", "token": table.tokens[0]})
        ws1.send_json({"type": "hello", "token": table.tokens[1]})
        ws0_es.send_json({"type": "hello", "token": table.tokens[0]})  # seat 0 again, on a Spanish screen
        states = {"ws0": ws0.receive_json(), "ws1": ws1.receive_json(), "ws0_es": ws0_es.receive_json()}
        assert {k: v["rendered_in"] for k, v in states.items()} == {"ws0": "de", "ws1": "es", "ws0_es": "es"}
        seat = states["ws0"]["to_act"][0]
        mover = ws0 if seat == 0 else ws1
        action = random_choice(states["ws0" if seat == 0 else "ws1"], random.Random(3))
        mover.send_json({"type": "action", "seq": states["ws0"]["seq"], "action": action, "id": "m"})
        assert mover.receive_json()["type"] == "ack"
        after = {"ws0": ws0.receive_json(), "ws1": ws1.receive_json(), "ws0_es": ws0_es.receive_json()}
        assert {k: (v["rendered_in"], v["seq"] > states[k]["seq"]) for k, v in after.items()} == {
            "ws0": ("de", True), "ws1": ("es", True), "ws0_es": ("es", True)}
        ws1.send_json({"type": "language", "language": "de", "id": "l"})
        assert ws1.receive_json() == {"type": "ack", "id": "l", "language": "de"}
        assert ws1.receive_json()["rendered_in"] == "de"
        ws1.send_json({"type": "language", "language": "fr", "id": "x"})
        refused = ws1.receive_json()
        assert refused["error"] == "invalid_message" and refused["id"] == "x"
    # REST reads at the same moment keep their own language too (the cached heads are per language)
    for language in ("de", "es", "de"):
        message = client.get(f"/api/games/{table.game_id}", headers={**auth(table.tokens[0]),
                                                                      "Accept-Language": language}).json()
        assert message["rendered_in"] == language
    heads = ctx_of(client).store.cache.get(table.game_id)
    assert heads is not None and {key[1] for key in heads.heads} >= {"de", "es"}


def test_the_account_language_column_comes_and_goes_with_its_migration(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'm.db'}"
    database = Database(url)

    def columns() -> set[str]:
        engine = create_engine(normalize_url(url))
        try:
            return {c["name"] for c in inspect(engine).get_columns("accounts")}
        finally:
            engine.dispose()

    database.migrate()
    assert "language" in columns()
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", normalize_url(url))
    command.downgrade(config, "0007")
    assert "language" not in columns()
    database.migrate()
    assert "language" in columns()
    database.dispose()


def tag_steps(monkeypatch: pytest.MonkeyPatch) -> None:
    """Polis' log lines end with the language they were rendered in (``[de]``)."""
    kit = registry.kit("polis")
    original = type(kit).describe_step

    def describe_step(self: Any, *args: Any) -> str:
        return f"{original(self, *args)} [{i18n.current()}]"

    monkeypatch.setattr(type(kit), "describe_step", describe_step)


def test_log_lines_are_read_in_each_reader_s_language(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each reader reads a log line in theirs, whoever acted and in whatever language (the kit's
    words say the language they were rendered in)."""
    tag_steps(monkeypatch)
    table = two_players(client, seed=13)
    message = client.get(f"/api/games/{table.game_id}", headers=auth(table.tokens[0])).json()
    seat = message["to_act"][0]
    mine = client.get(f"/api/games/{table.game_id}", headers=auth(table.tokens[seat])).json()
    action = random_choice(mine, random.Random(4))
    answer = client.post(f"/api/games/{table.game_id}/actions", json={"seq": mine["seq"], "action": action},
                         headers={**auth(table.tokens[seat]), "Accept-Language": "de"})
    assert answer.status_code == 200, answer.text
    texts = [entry["text"] for entry in answer.json()["log"] if entry["seq"] > mine["seq"] and not entry["hidden"]]
    assert texts and all(text.endswith("[de]") for text in texts)
    for language in ("en", "es"):
        read = client.get(f"/api/games/{table.game_id}",
                          headers={**auth(table.tokens[1 - seat]), "Accept-Language": language}).json()
        theirs = [entry["text"] for entry in read["log"] if entry["seq"] > mine["seq"] and not entry["hidden"]]
        assert theirs and all(text.endswith(f"[{language}]") for text in theirs), (language, theirs)


def shown_lines(message: dict[str, Any]) -> list[str]:
    return [entry["text"] for entry in message["log"] if not entry["hidden"]]


def stored_texts(client: TestClient, game_id: str) -> list[str]:
    with ctx_of(client).store.db.read() as s:
        return list(s.scalars(select(EventRow.text).where(EventRow.game_id == game_id)).all())


def test_a_game_played_in_german_is_stored_without_words_and_replays_in_spanish(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """The log stores actions, seats and readers, never words: a game played by German readers is
    read from its rows, replayed and exported in Spanish, and its record imported by a German
    reader is read in Spanish too."""
    tag_steps(monkeypatch)
    table = two_players(client, seed=13)
    german, spanish = {"Accept-Language": "de"}, {"Accept-Language": "es"}
    rng = random.Random(8)
    for _ in range(6):
        first = client.get(f"/api/games/{table.game_id}", headers={**auth(table.tokens[0]), **german}).json()
        seat = first["to_act"][0]
        mine = client.get(f"/api/games/{table.game_id}", headers={**auth(table.tokens[seat]), **german}).json()
        answer = client.post(f"/api/games/{table.game_id}/actions", json={"seq": mine["seq"],
                             "action": random_choice(mine, rng)}, headers={**auth(table.tokens[seat]), **german})
        assert answer.status_code == 200, answer.text
        assert all(line.endswith("[de]") for line in shown_lines(answer.json()))
    texts = stored_texts(client, table.game_id)
    assert len(texts) > 6 and set(texts) == {""}, "a log row holds rendered words"
    ctx_of(client).store.forget(table.game_id)  # read from the rows again
    read = client.get(f"/api/games/{table.game_id}", headers={**auth(table.tokens[0]), **spanish}).json()
    assert read["log"] and all(line.endswith("[es]") for line in shown_lines(read))
    assert client.post(f"/api/games/{table.game_id}/resign", headers=auth(table.tokens[0])).status_code == 200
    ctx_of(client).store.forget(table.game_id)
    replay = client.get(f"/api/games/{table.game_id}/replay", params={"step": 3}, headers=spanish).json()
    assert len(replay["log"]) == len(read["log"]) and all(line.endswith("[es]") for line in shown_lines(replay))
    record = client.get(f"/api/games/{table.game_id}/record", headers=german).json()
    imported = client.post("/api/import", json={"record": record, "seat": 0, "opponent": "person"}, headers=german)
    assert imported.status_code == 201, imported.text
    again = imported.json()
    assert set(stored_texts(client, again["game_id"])) == {""}
    ctx_of(client).store.forget(again["game_id"])
    assert again["seat"] == 0
    read_again = client.get(f"/api/games/{again['game_id']}", headers={**auth(again["token"]), **spanish})
    assert shown_lines(read_again.json()) == shown_lines(read)


def test_a_socket_s_language_message_brings_the_log_in_that_language(client: TestClient,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """After ``{"type": "language"}`` the socket gets the game again with every log line (not only
    the new ones) in the new language, then the next steps' lines in it too."""
    tag_steps(monkeypatch)
    table = two_players(client, seed=9)
    with client.websocket_connect(f"/api/games/{table.game_id}/ws", headers={"Accept-Language": "de"}) as ws:
        ws.send_json({"type": "hello", "token": table.tokens[0], "since": 0})
        first = ws.receive_json()
        assert first["log"] and all(line.endswith("[de]") for line in shown_lines(first))
        ws.send_json({"type": "language", "language": "es", "id": "l"})
        assert ws.receive_json() == {"type": "ack", "id": "l", "language": "es"}
        again = ws.receive_json()
        assert len(again["log"]) == len(first["log"]) and all(line.endswith("[es]") for line in shown_lines(again))
        seat = again["to_act"][0]
        mine = client.get(f"/api/games/{table.game_id}", headers={**auth(table.tokens[seat]), "Accept-Language": "de"})
        action = random_choice(mine.json(), random.Random(2))
        moved = client.post(f"/api/games/{table.game_id}/actions", json={"seq": again["seq"], "action": action},
                            headers={**auth(table.tokens[seat]), "Accept-Language": "de"})
        assert moved.status_code == 200, moved.text
        pushed = ws.receive_json()
        assert pushed["seq"] > again["seq"] and all(line.endswith("[es]") for line in shown_lines(pushed))


def test_a_game_stored_with_lines_in_every_language_is_read_as_stored(client: TestClient) -> None:
    """Rows written when lines were stored in every language are read as they were stored, in the
    reader's language, without playing the game again."""
    table = two_players(client, seed=13)
    store = ctx_of(client).store
    old = i18n.in_every_language(lambda: f"an old line [{i18n.current()}]")
    with store.db.write() as s:
        s.execute(update(EventRow).where(EventRow.game_id == table.game_id).values(text=old))
    store.forget(table.game_id)
    for language in ("de", "es", "en"):
        read = client.get(f"/api/games/{table.game_id}", headers={**auth(table.tokens[0]), "Accept-Language": language})
        lines = shown_lines(read.json())
        assert lines and all(line == f"an old line [{language}]" for line in lines), (language, lines)


def test_a_forfeit_is_told_in_the_reader_s_language() -> None:
    outcome: dict[str, Any] = {"losers": [1], "reason": "resigned", "scores": [1, 0, 1]}
    names = ["Athen", "Sparta", "Argos"]
    with i18n.use_locale("de"):
        assert endings.forfeit_text(names, outcome) == "Sparta gab auf: Athen und Argos teilen sich den Sieg."
    with i18n.use_locale("es"):
        assert endings.forfeit_text(names, {**outcome, "scores": [1, 0, 0]}) == "Sparta se rindió: gana Athen."
    english = "Sparta ran out of time: Athen and Argos share the win."
    assert endings.forfeit_text(names, {**outcome, "reason": "time"}) == english
