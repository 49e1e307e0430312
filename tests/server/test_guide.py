"""Help, hints and final scores for the players of any game (``kleos.server.guide``): the rules help
names its rule IDs and is read from the seat's view only, a hint is a legal action of the seat to act
and is refused to the others, and a finished game tells its scores."""

from __future__ import annotations

import random
import re
import threading

from fastapi.testclient import TestClient
from server_helpers import (
    Message,
    Table,
    auth,
    battle_position,
    create_all_persons,
    ctx_of,
    get_message,
    play,
    table_from_position,
    two_players,
)

from kleos.core.action import Action
from kleos.core.protocol import CHANCE
from kleos.core.registry import kit as get_kit
from kleos.games.polis import positions as pos
from kleos.games.polis.game import PolisGame
from kleos.games.polis.rules.scoring import score
from kleos.games.polis.state import PolisState
from kleos.server.guide import Hinter, spot_of
from kleos.server.thinking import call_with_deadline, pack
from step_cap import StepCap

RULE_ID = re.compile(r"^[A-Z]+(-[A-Z0-9*]+)+$")


def to_act(client: TestClient, table: Table) -> tuple[int, int]:
    """(the seat to act, the other seat) of a two-person game."""
    seat = get_message(client, table.game_id, table.tokens[0])["to_act"][0]
    return seat, 1 - seat


def help_of(client: TestClient, game_id: str, token: str | None) -> Message:
    answer = client.get(f"/api/games/{game_id}/help", headers=auth(token))
    assert answer.status_code == 200, answer.text
    found: Message = answer.json()
    return found


def test_help_lists_each_verb_with_its_rule_ids(client: TestClient) -> None:
    """Every verb's help names the IDs of its rules (e.g. ``R-ACT-GEN-7``); the seat to act gets
    the guide's advice and its verbs now, the other seat and a spectator get no advice."""
    table = two_players(client, seed=7)
    mover, waiter = to_act(client, table)
    mine = help_of(client, table.game_id, table.tokens[mover])
    assert mine["seat"] == mover and mine["verbs"] and mine["guide_intro"]
    assert all(v["rules"] and all(RULE_ID.match(r) for r in v["rules"]) for v in mine["verbs"]), mine["verbs"]
    legal = {Action.parse(e["action"]).verb for e in get_message(client, table.game_id, table.tokens[mover])["legal"]}
    assert set(mine["now"]) == legal
    assert mine["tip"]
    theirs = help_of(client, table.game_id, table.tokens[waiter])
    public = help_of(client, table.game_id, None)
    assert theirs["tip"] is None and theirs["now"] == [] and public["seat"] is None and public["tip"] is None
    assert theirs["verbs"] == public["verbs"] == mine["verbs"]


def hidden_hand_variant(game: PolisGame) -> tuple[PolisState, PolisState, int]:
    """A battle where Sparta attacks (R-BATTLE-1), and the same battle with one card of the other
    hand swapped for one of the unseen deck: (first, second, the seat to act). The seat to act sees
    the same view in both."""
    s = battle_position(game)
    rng = random.Random(1)
    cap = StepCap("not (a battle with both hands dealt and an attack to make)")
    while not (s.battle is not None and all(sum(h) for h in s.battle.hands) and game.actors(s)[0] != CHANCE
               and any(a.verb == "attack" for a in game.legal_actions(s, game.actors(s)[0]))) and cap():
        seat = game.actors(s)[0]
        if seat == CHANCE:
            game.apply_in_place(s, game.sample_chance(s), CHANCE)
            continue
        legal = game.legal_actions(s, seat)
        wanted = "fight" if s.battle is not None else "pass"
        game.apply_in_place(s, next((a for a in legal if a.verb == wanted), rng.choice(legal)), seat)
    attacker = game.actors(s)[0]
    other = s.copy()
    assert other.battle is not None
    hand, deck = other.battle.hands[1 - attacker], other.battle.deck
    held = next(i for i, n in enumerate(hand) if n)
    unseen = next(i for i, n in enumerate(deck) if n and i != held)
    hand[held], deck[held] = hand[held] - 1, deck[held] + 1
    hand[unseen], deck[unseen] = hand[unseen] + 1, deck[unseen] - 1
    assert game.view(s, attacker).state.to_json() == game.view(other, attacker).state.to_json()
    assert s.to_json() != other.to_json()
    return s, other, attacker


def test_help_depends_only_on_the_seats_view(client: TestClient) -> None:
    """Two games that differ only in what the attacker may not see (the defender's hand, R-GEN-17, and
    the generator) give the attacker the same help, word for word."""
    game = PolisGame("2020")
    first, second, attacker = hidden_hand_variant(game)
    tables = [table_from_position(client, first, seed=3), table_from_position(client, second, seed=4)]
    helps = [help_of(client, t.game_id, t.tokens[attacker]) for t in tables]
    assert helps[0]["now"] == ["attack"] and helps[0]["tip"]
    assert helps[0] == helps[1]


def test_a_hint_is_a_legal_action_of_the_seat_to_act(client: TestClient) -> None:
    """The hint agent's choice is one of the seat's legal actions, told in words; the same position
    gives the same hint."""
    table = two_players(client, seed=11)
    mover, _ = to_act(client, table)
    legal = {e["action"]: e["text"] for e in get_message(client, table.game_id, table.tokens[mover])["legal"]}
    answers = [client.get(f"/api/games/{table.game_id}/hint", headers=auth(table.tokens[mover])) for _ in range(2)]
    assert all(a.status_code == 200 for a in answers), answers[0].text
    hint = answers[0].json()
    assert hint["action"] in legal and hint["text"] and hint["seat"] == mover
    assert answers[1].json() == hint


def test_a_ranking_hint_says_how_close_its_call_was(client: TestClient) -> None:
    """A hint agent that ranks its choices (the Pericles heuristic): the worker answers with its
    ranking and the hint's ``lookahead`` names the next best in words and notation, a legal action
    other than the hint's; a hint agent that does not rank (Polis's) gives ""."""
    game_id, tokens = create_all_persons(client, "pericles", {"scenario": "14_1_09a"}, 4, 3)
    seat = get_message(client, game_id, None)["to_act"][0]
    mine = get_message(client, game_id, tokens[seat])
    legal = {e["action"] for e in mine["legal"]}
    answer = client.get(f"/api/games/{game_id}/hint", headers=auth(tokens[seat]))
    assert answer.status_code == 200, answer.text
    hint = answer.json()
    close = re.fullmatch(r"Looking ahead, it rates this .*choices weighed\)?,?( so either will do)?: .* \[(.+)\]",
                         hint["lookahead"])
    assert close is not None, hint
    assert close.group(2) in legal and close.group(2) != hint["action"], hint
    table = two_players(client, seed=11)
    mover, _ = to_act(client, table)
    plain = client.get(f"/api/games/{table.game_id}/hint", headers=auth(table.tokens[mover])).json()
    assert plain["lookahead"] == ""


def test_a_hint_is_refused_off_turn_and_without_the_seats_token(client: TestClient) -> None:
    """409 for the seat that is not to act, 401 without a token (or a malformed header), 403 for a
    token of another game."""
    table = two_players(client, seed=7)
    other = two_players(client, seed=8)
    _, waiter = to_act(client, table)
    url = f"/api/games/{table.game_id}/hint"
    off_turn = client.get(url, headers=auth(table.tokens[waiter]))
    assert off_turn.status_code == 409 and off_turn.json()["error"] == "not_your_turn"
    assert client.get(url).status_code == 401
    assert client.get(url, headers={"Authorization": "Basic abc"}).status_code == 401
    assert client.get(url, headers=auth(other.tokens[0])).status_code == 403
    assert client.get("/api/games/nosuchgame/hint", headers=auth(table.tokens[0])).status_code == 404


def test_a_search_is_cancelled_at_its_deadline() -> None:
    """A search that never ends is stopped by its deadline (in a worker, a bot's decision or a hint
    is cut so): no answer."""
    stop = threading.Event()

    def endless() -> Action:
        while not stop.is_set():
            pass
        return Action.parse("pass")

    try:
        assert call_with_deadline(endless, 0.05) is None
    finally:
        stop.set()
    assert call_with_deadline(lambda: Action.parse("pass"), 30.0) == Action.parse("pass")


def test_a_hint_search_past_its_deadline_gives_no_hint(client: TestClient) -> None:
    """A hint asked of a worker process with an endless budget and a short deadline: no answer, and
    the worker is free again for the next decision."""
    table = two_players(client, seed=11)
    mover, _ = to_act(client, table)
    spot = spot_of(ctx_of(client).store, table.game_id, table.tokens[mover])
    thinkers = ctx_of(client).thinkers
    endless = pack("kleos-hint-test", "polis", spot.options, "ismcts:2000000000", spot.view, spot.legal,
                   random.Random(1), 0.5)
    assert Hinter().run(thinkers, endless) is None
    quick = pack("kleos-hint-test2", "polis", spot.options, "random", spot.view, spot.legal, random.Random(1), 30.0)
    answer = Hinter().run(thinkers, quick)
    assert answer is not None and 0 <= answer < len(spot.legal)


def test_the_final_scores_of_a_finished_game(client: TestClient) -> None:
    """R-END-7: before the end the scores are refused (409); after it every seat has its score and
    the winner is marked, as the outcome says."""
    table = two_players(client, seed=5)
    url = f"/api/games/{table.game_id}/scores"
    assert client.get(url).status_code == 409
    last: Message = {}
    for _, message in play(client, table, random.Random(5)):
        last = message
    outcome = last["outcome"]
    answer = client.get(url)
    assert answer.status_code == 200, answer.text
    scores = answer.json()
    assert [s["score"] for s in scores["seats"]] == outcome["scores"]
    assert [s["winner"] for s in scores["seats"]] == [outcome["winner"] == seat for seat in range(2)]
    assert scores["reason"] == outcome["reason"] and scores["outcome_text"]
    assert scores["reason_text"] == last["reason_text"] == get_kit("polis").reason_words(outcome["reason"])
    if outcome["reason"] not in ("score", "goods_tiebreak", "shared"):  # ended unscored: no parts shown
        assert all(seat["parts"] is None for seat in scores["seats"])


def test_an_end_reason_reads_as_words_in_the_readers_language() -> None:
    """R-END-4, C-END-2: the kits word the codes their outcomes end by, sent beside each outcome so that a
    page never shows "prestige_debt" or "metropolises"; a reason a kit does not know reads as itself."""
    from kleos import i18n

    polis, cyclades = get_kit("polis"), get_kit("cyclades")
    assert polis.reason_words("prestige_debt") == "a prestige loss that could not be paid"
    assert cyclades.reason_words("metropolises") == "Metropolises won"
    assert get_kit("pericles").reason_words("end of the vignette") == "end of the vignette"
    with i18n.use_locale("es"):
        assert cyclades.reason_words("metropolises") == "Metrópolis conseguidas"
        assert polis.reason_words("starvation") != "starvation" and "_" not in polis.reason_words("prestige_debt")
    assert polis.reason_words("some_new_reason") == "some new reason"


def test_the_score_breakdown_adds_up_to_the_score() -> None:
    """R-END-7: population on own poleis + prestige + posterity, per side, from the public view."""
    game = PolisGame("2020")
    s = pos.turn_position(game, round=2, active="athens")
    parts = get_kit("polis").score_breakdown(game, game.view(s, None))
    assert parts is not None
    for side in (0, 1):
        assert set(parts[side]) == {"population", "prestige", "posterity"}
        assert sum(parts[side].values()) == score(game.tables, s, side)
