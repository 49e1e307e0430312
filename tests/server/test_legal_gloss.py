"""A legal action's ``gloss`` in a state message: the few words the terminal's menu shows after it
(a card's reading, a theater's status, a creature's price), so that the browser's buttons read as
much as the terminal's menu; absent for a game or an action without them."""

from __future__ import annotations

from decisions import at_first_decision, first_decision_where
from kleos.core.action import Action
from kleos.games.pericles.cards import card_gloss
from kleos.games.pericles.kit import KIT as PERICLES
from kleos.games.pericles.loader import load_data
from kleos.games.pericles.tables import FACTIONS
from kleos.server.messages import legal_items
from toygame.kit import KIT as TOY


def test_each_card_to_set_aside_carries_the_factions_reading_of_it() -> None:
    """P-CARD-1: the browser's entourage buttons name the card's half as the terminal's menu does."""
    game = PERICLES.make_game({})
    state, seat = at_first_decision(game, 7)
    view = game.view(state, seat)
    items = legal_items(PERICLES, game, view, game.legal_actions(state, seat))
    cards = [item for item in items if item["action"].startswith("entourage ")]
    assert cards
    for item in cards:
        assert item["gloss"] == card_gloss(load_data(), item["action"].split()[1], FACTIONS[seat])
        assert item["text"] == PERICLES.describe_action(game, view, Action.parse(item["action"]))


def test_a_game_without_glosses_sends_actions_and_words_only() -> None:
    game = TOY.make_game({})
    state, seat = at_first_decision(game, 1)
    items = legal_items(TOY, game, game.view(state, seat), game.legal_actions(state, seat))
    assert items and all(set(item) == {"action", "text"} for item in items)


def test_c_action_6_the_steps_that_end_a_turn_are_marked_for_the_browsers_menu() -> None:
    """C-ACTION-3, C-ACTION-6: on a god's turn Cyclades' "end" is marked ``ends`` (the kit's
    ``last_verbs``), so the browser lists it after the god's actions; no other action is."""
    from kleos.games.cyclades.kit import KIT as CYCLADES

    game = CYCLADES.make_game({"players": 3})
    state, seat, legal = first_decision_where(game, 3, lambda _s, legal: Action("end") in legal and len(legal) > 1,
                                              "god's turn with a choice besides ending it", 400)
    items = legal_items(CYCLADES, game, game.view(state, seat), legal)
    assert [item["action"] for item in items if item.get("ends")] == ["end"]


def test_p_redeploy_1_ending_the_redeployment_is_marked_for_the_browsers_menu() -> None:
    """P-REDEPLOY-1: Pericles' "redeploy done" (a last verb as the verb's only word) is marked
    ``ends``, so the browser lists it after the moves, not first as the engine lists it."""
    game = PERICLES.make_game({})
    done = Action("redeploy", ("done",))
    state, seat, legal = first_decision_where(game, 5, lambda _s, legal: done in legal and len(legal) > 1,
                                              "redeployment with a move to make", 5000)
    items = legal_items(PERICLES, game, game.view(state, seat), legal)
    assert legal[0] == done and [item["action"] for item in items if item.get("ends")] == ["redeploy done"]


def test_p_hand_6_the_seat_to_act_reads_what_it_decides_as_the_terminal_says_it() -> None:
    """P-HAND-6: the state message of the seat to act carries ``decision``, the terminal menu's title
    ("form your entourage: set 3 more cards aside"), which the browser shows above its menu; a seat
    that waits, the spectator and a game without titles get none."""
    from kleos.server.messages import seat_head

    game = PERICLES.make_game({})
    state, seat = at_first_decision(game, 7)
    mine = seat_head(PERICLES, game, state, 0, seat, meta={}, undo_allowed=False)
    assert mine["decision"].startswith("form your entourage: set 3 more cards aside ("), mine.get("decision")
    waiting = next(other for other in range(4) if other not in game.actors(state))
    assert "decision" not in seat_head(PERICLES, game, state, 0, waiting, meta={}, undo_allowed=False)
    assert "decision" not in seat_head(PERICLES, game, state, 0, None, meta={}, undo_allowed=False)
    toy = TOY.make_game({})
    toy_state, toy_seat = at_first_decision(toy, 1)
    assert "decision" not in seat_head(TOY, toy, toy_state, 0, toy_seat, meta={}, undo_allowed=False)
