"""The words of the log: an actor's account made neutral for every seat, with any number of seats."""

from __future__ import annotations

from kleos.core import registry
from kleos.core.action import Action
from kleos.server.messages import LogEntry, decode_readers, encode_readers, hidden_lines, neutral_text


def test_two_seats_name_the_opponent() -> None:
    text = "Defend: you lose 2 units, the opponent's polis grows, your turn ends; the opponent gains 1"
    assert neutral_text(text, 1, ["Athens", "Sparta"]) == (
        "Sparta: Defend: Sparta loses 2 units, Athens' polis grows, Sparta's turn ends; Athens gains 1")


def test_more_seats_name_the_actor_and_leave_the_opponent_alone() -> None:
    text = "Your bid: you lose the card, the opponent keeps theirs"
    names = ["North", "East", "South"]
    assert neutral_text(text, 2, names) == "South: South's bid: South loses the card, the opponent keeps theirs"
    assert neutral_text("a card is dealt", -1, names) == "a card is dealt"  # chance is not prefixed


def test_readers_round_trip() -> None:
    for readers in (None, frozenset(), frozenset({1}), frozenset({0, 2, 4})):
        assert decode_readers(encode_readers(readers)) == readers
    assert encode_readers(frozenset({2, 0})) == "0,2" and encode_readers(frozenset()) == ""


def test_a_battle_card_drawn_into_one_hand_reads_as_before_for_the_other_seat() -> None:
    """The log line other seats read for a hidden Polis battle card keeps its 0.1 wording."""
    kit = registry.kit("polis")
    game = kit.make_game({})
    card = Action("card", ("Phalanx/Othismos",))
    entry = LogEntry(7, -1, str(card), frozenset({1}))
    entry.keep("en", "you draw Phalanx", hidden_lines(kit, game, -1, card, entry.readers))
    hidden = entry.for_seat(0, 3)
    assert (hidden["action"], hidden["text"], hidden["hidden"]) == (
        "card (hidden)", "Sparta drew a battle card (hidden)", True)
    assert entry.for_seat(1, 3)["action"] == "card Phalanx/Othismos"
    nobody = LogEntry(8, -1, str(card), frozenset())
    nobody.keep("en", "", hidden_lines(kit, game, -1, card, nobody.readers))
    assert nobody.for_seat(None, 4)["text"] == "a player drew a battle card (hidden)"
