"""No hidden information of Pericles reaches a faction: whole seeded games with all four seats people
played through the HTTP API, while every seat and a spectator also watch over WebSocket; every
message each of them received is checked against the server's own state.

What is secret (P-INFO-1..8): the other factions' hands and entourages and the debate cards not yet
both down (P-INFO-2, P-ASSEMBLY-5), their Strategos stocks (P-INFO-3), the theater markers they hold
(P-INFO-5), the identity of face-down markers on the map the seat neither placed nor owns (P-INFO-6),
secret Strategos commitments until all are in and revealed (P-INFO-7), the order of the political,
battle and Aristophanes decks (P-INFO-8: the engine keeps only which cards remain, and draws are
chance events) and the generator, which decides every draw before it happens.

Each message must be exactly the kit's redacted view of the true state at its step for its seat,
and, checked on its own from the rules, must show no secret of another faction; no generator state
or seed anywhere, no log entry from a later step, secret steps (the kit's ``SECRET_STEPS``, cards
dealt) logged as hidden for everyone else, and legal actions for the acting seats only, equal to the
engine's.

CI plays three vignettes (``14_1_09a``, theater phases only) and one whole First Peloponnesian War game
(``14_2``) chosen so that every secret step occurs; ``KLEOS_PER_LEAK_GAMES`` sets the
number of vignettes (default 3).
"""

from __future__ import annotations

import os
import random
import re
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import Message, Truth, create_all_persons, ctx_of, get_message, play_watched_persons, text_of

from kleos.core.kit.web import EXPLANATIONS
from kleos.core.protocol import CHANCE
from kleos.games.pericles.explain import explain
from kleos.games.pericles.game import PericlesGame
from kleos.games.pericles.kit import KIT, SECRET_STEPS
from kleos.games.pericles.state import (
    DECK,
    ENTOURAGE,
    HAND,
    HIDDEN,
    PLAYED,
    REVEALED,
    UNSEEN,
    PericlesState,
)
from kleos.games.pericles.tables import FACTIONS, MARKER_KINDS
from kleos.games.pericles.view import N_KINDS, SECRET_KIND, make_view, view_json

SEED = 7_314_159_265_358_979_323  # long enough that finding it in a message is no accident
VIGNETTES = int(os.environ.get("KLEOS_PER_LEAK_GAMES", "3"))
WAR_GAME = 37  # the 14_2 game (seed SEED + 37, choices Random(37)) meets every secret step in 341 decisions
MAX_STEPS = 3000  # seat decisions per game at most (random vignettes end in under 100, 14_2 in a few hundred)


def all_persons(client: TestClient, scenario: str, seed: int) -> tuple[str, dict[int, str]]:
    """A Pericles game of four persons (tokens by seat)."""
    return create_all_persons(client, "pericles", {"scenario": scenario}, 4, seed)


def secret_card(loc: int, seat: int | None, played: list[int]) -> bool:
    """P-INFO-2, P-INFO-8: a card in another faction's hand, entourage or face-down debate play, or
    in the deck, is secret to ``seat``; a debate card is face up once both factions of its side have
    played (P-ASSEMBLY-5)."""
    for base in (HAND, ENTOURAGE, PLAYED):
        if base <= loc < base + 4 and loc - base != seat:
            return not (base == PLAYED and played[loc - base] and played[(loc - base) ^ 1])
    return loc == DECK


def rules_check(served: dict[str, Any], true: PericlesState, seat: int | None) -> None:
    """The served state shows no secret of another faction, checked from the rules themselves (not
    through ``make_view``), so that a view that leaks fails here even if it is the kit's own."""
    where = f"seat {seat} at step {true.steps}"
    assert "rng" not in served and "seed" not in served
    if true.outcome is not None:  # the game is over: the screens are lifted, everything shown as it is
        for field in ("card_loc", "stock", "commit", "held", "queue"):
            assert served[field] == getattr(true, field), f"{where}: the end hides {field}"
        return
    for card, loc in enumerate(true.card_loc):  # P-INFO-2, P-INFO-8
        expected = UNSEEN if secret_card(loc, seat, true.played) else loc
        assert served["card_loc"][card] == expected, f"{where} sees card {card} at {served['card_loc'][card]}"
    for f in range(4):
        stock = served["stock"][f]  # P-INFO-3
        assert stock == (true.stock[f] if f == seat else HIDDEN), f"{where} sees the stock of {f}: {stock}"
        commit = served["commit"][f]  # P-INFO-7: a commitment is read by its faction until revealed
        shown = f == seat or true.committed[f] == REVEALED
        assert commit == (true.commit[f] if shown else HIDDEN), f"{where} sees the commitment of {f}: {commit}"
    for i, n in enumerate(true.held):  # P-INFO-5: held[(holder * 4 + owner) * N_KINDS + kind]
        holder, owner = i // N_KINDS // 4, i // N_KINDS % 4
        mine = seat is not None and seat in (holder, owner)
        assert served["held"][i] == (n if mine else 0), f"{where} sees markers held by {holder}"
    assert len(served["queue"]) == len(true.queue)
    for entry, shown_entry in zip(true.queue, served["queue"], strict=True):  # P-INFO-6
        placer, owner = entry // 100 % 10, entry // 10 % 10
        if seat is not None and seat in (placer, owner):
            assert shown_entry == entry
        else:
            assert shown_entry % 10 == SECRET_KIND, f"{where} sees the face-down marker {entry}"
            assert shown_entry // 100 == entry // 100, "the theater and placer of a marker are public"


def stock_words(description: str, names: tuple[str, ...], seat: int | None, over: bool = False) -> None:
    """The text gives the reader's own Strategos stock and '?' for everyone else's (P-INFO-3); once the
    game is over, everyone's."""
    for f, name in enumerate(names):
        line = next(x for x in description.splitlines() if x.startswith(name))
        stock = re.search(r"Strategos (\S+),", line)
        assert stock is not None, line
        assert (stock.group(1) != "?") == (f == seat or over), f"seat {seat} reads {name}'s stock: {line}"


MARKER_NAMED = re.compile(r"\b(AF|DF|EK|AK)'s (Military|League|Diplomatic|Oracle|Rumor) marker")
KIND_WORDS = {"Military": "MIL", "League": "LEA", "Diplomatic": "DIP", "Oracle": "ORA", "Rumor": "RUM"}


def public_markers(before: PericlesState, after: PericlesState) -> set[tuple[str, str]]:
    """(owner, kind) of the markers face up around a step: the one being resolved, the one this step
    turned up (P-THEATER-9: public once revealed)."""
    entries = [e for e in before.queue if e not in after.queue or before.queue.count(e) > after.queue.count(e)]
    entries += [e for e in (before.revealed, after.revealed) if e >= 0]
    return {(FACTIONS[e // 10 % 10], MARKER_KINDS[e % 10]) for e in entries}


def check_story(text: str, before: PericlesState, after: PericlesState) -> None:
    """P-INFO-6: a public line names only a marker face up at that step; a battle's result follows
    from its totals (P-BATTLE-7)."""
    for owner, kind in MARKER_NAMED.findall(text):
        assert (owner, KIND_WORDS[kind]) in public_markers(before, after), f"{text!r} names a face-down marker"
    totals = re.findall(r"(Athens|Sparta) (\d+) \(units", text)
    won = re.search(r"(Athens|Sparta) wins by (\d+)", text)
    if won:
        (_, athens), (_, sparta) = totals
        assert int(won.group(2)) == abs(int(athens) - int(sparta)) and won.group(1) == (
            "Athens" if int(athens) > int(sparta) else "Sparta"), text


def check_log(message: Message, seat: int | None, truth: Truth) -> None:
    """No later step; a secret step or a card dealt shows only to its readers (P-INFO-2, P-INFO-7);
    the story's public lines name no face-down marker (P-INFO-6)."""
    seq = message["seq"]
    for entry in message["log"]:
        assert entry["seq"] <= seq, f"a later step (a draw, a deal) reached step {seq}"
        true = truth.log[entry["seq"]]
        before = truth.states[entry["seq"] - 1]
        if true.readers is None:
            check_story(entry["text"], before, truth.states[entry["seq"]])
        if true.seat == CHANCE and true.action.startswith("deal "):
            assert true.readers is not None and len(true.readers) == 1
        elif true.seat != CHANCE and before.step in SECRET_STEPS:
            assert true.readers == frozenset({true.seat}), f"the secret step {true.action} is public"
        if true.readers is None or seat in true.readers:
            assert entry["action"] == true.action and not entry["hidden"]
        else:
            assert entry["hidden"] and entry["action"] != true.action
            assert true.action not in entry["text"]


def check_message(message: Message, seat: int | None, game: PericlesGame, truth: Truth) -> None:
    """``message`` (for ``seat``, None for the spectator) shows only what ``seat`` may know."""
    assert message["seat"] == seat
    text = text_of(message)
    assert '"rng":' not in text and '"seed":' not in text
    assert not set(re.findall(r"\d+", text)) & truth.secrets, "a generator state or the seed leaked"
    seq = message["seq"]
    state = truth.states[seq]
    rules_check(message["view"]["state"], state, seat)
    view = make_view(state, seat)
    served = dict(message["view"])
    explained = served.pop(EXPLANATIONS, {})
    assert served == view_json(view), f"seat {seat} at step {seq} is served more than its view"
    assert message["description"] == KIT.describe_view(game, view, seat)
    stock_words(message["description"], game.seat_names, seat, state.outcome is not None)
    acting = seat is not None and not game.is_terminal(state) and seat in game.actors(state)
    assert message["your_turn"] == acting, f"seat {seat} at step {seq}: your_turn {message['your_turn']}"
    if acting:
        assert seat is not None
        legal = game.legal_actions(state, seat)
        assert [item["action"] for item in message["legal"]] == [str(a) for a in legal]
        assert explained == {str(a): explain(game, view, a) for a in legal}, "explanations read the view only"
    else:
        assert message["legal"] == [] and explained == {}
    check_log(message, seat, truth)


def play_watched(client: TestClient, scenario: str, seed: int, rng: random.Random) -> tuple[int, Truth]:
    """Play a whole game (a seeded random seat among those to act, a seeded random legal action),
    every seat and a spectator also on WebSocket; check every message. Returns the number of
    messages checked and the replayed truth."""
    game = PericlesGame({"scenario": scenario})
    game_id, tokens = all_persons(client, scenario, seed)

    def pick(message: Message, state: PericlesState) -> tuple[int, str]:
        seat: int = rng.choice(message["to_act"])
        return seat, str(rng.choice(game.legal_actions(state, seat)))

    received = play_watched_persons(client, game_id, tokens, pick, MAX_STEPS)
    truth = Truth(client, game_id, game, seed)
    for seat, message in received:
        check_message(message, seat, game, truth)
    return len(received), truth


def steps_met(truth: Truth) -> set[str]:
    """The decision steps the seats met in the game."""
    return {before.step for before in truth.states[:-1] if before.chance is None}


def test_no_leak_in_whole_vignettes(client: TestClient) -> None:
    """P-INFO-3, P-INFO-5, P-INFO-6, P-INFO-7: whole vignettes (markers placed face down, secret
    expedition commitments), every message of every seat and of a spectator checked."""
    for game_number in range(VIGNETTES):
        checked, truth = play_watched(client, "14_1_09a", SEED + game_number, random.Random(game_number))
        final = truth.states[-1]
        assert final.outcome is not None
        assert {"place", "reveal", "exped_secret"} <= steps_met(truth)
        assert checked > 5 * 80


def test_no_leak_in_a_whole_war(client: TestClient) -> None:
    """P-INFO-1..8: a whole First Peloponnesian War game that meets every secret step (hands,
    entourages, lending, placing, diplomatic and expedition commitments)."""
    checked, truth = play_watched(client, "14_2", SEED + WAR_GAME, random.Random(WAR_GAME))
    assert truth.states[-1].outcome is not None
    assert set(SECRET_STEPS) <= steps_met(truth), set(SECRET_STEPS) - steps_met(truth)
    hidden_deals = [e for e in truth.log.values() if e.seat == CHANCE and e.readers is not None]
    assert hidden_deals, "cards are dealt into hidden hands"
    assert checked > 5 * 200


def test_secrets_differ_from_what_others_are_shown(client: TestClient) -> None:
    """P-INFO-2, P-INFO-8: the check can fail — at the start every faction holds cards in its hand
    that the other seats' messages would place if the view did not hide them."""
    game_id, tokens = all_persons(client, "14_2", SEED)
    state = ctx_of(client).store.current(game_id).state
    assert all(HAND + f in state.card_loc for f in range(4))
    for seat, token in tokens.items():
        served = get_message(client, game_id, token)["view"]["state"]
        assert served["stock"][seat] == state.stock[seat] and served["stock"].count(HIDDEN) == 3
        assert served["card_loc"].count(HAND + seat) == state.card_loc.count(HAND + seat)
        others = [c for c, loc in enumerate(state.card_loc) if secret_card(loc, seat, state.played)]
        assert others and all(served["card_loc"][c] == UNSEEN for c in others)
        assert any(state.card_loc[c] != UNSEEN for c in others)
    for path in ("replay", "record"):  # the seed and the whole history wait for the end
        assert client.get(f"/api/games/{game_id}/{path}").status_code == 409


def test_the_story_check_catches_a_face_down_marker_named() -> None:
    """P-INFO-6: the log check can fail — a line naming a marker just placed face down is refused,
    the same words once it is revealed pass."""
    game = PericlesGame({"scenario": "14_1_09a"})
    before = game.new_state(1)
    seat = game.actors(before)[0]
    place = next(a for a in game.legal_actions(before, seat) if a.args[1] == "MIL")
    after = game.apply(before, place, seat)
    words = f"{place.args[0]}'s Military marker in {place.args[2]}"
    with pytest.raises(AssertionError, match="face-down marker"):
        check_story(f"an innocent line naming {words}", before, after)
    revealed = after.copy()
    revealed.revealed = revealed.queue[-1]
    check_story(f"reveal {words}", after, revealed)
