"""The kit of Sealed Bids: the test game reaches every surface through this, as a real game would."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from kleos.core.action import Action
from kleos.core.kit import GameKit, JsonDict, OptionsError, OptionSpec
from kleos.core.kit.encoding import EncodingParts
from kleos.core.kit.terminal import MenuParts, TerminalParts
from kleos.core.protocol import CHANCE
from toygame.game import BidsGame, BidsState, BidsView


def explain(game: BidsGame, view: BidsView, action: Action) -> str:
    """What a bid does, as the toy's menus tell a newcomer (nothing for the other verbs)."""
    if action.verb != "play":
        return ""
    return (f"Card {action.args[0]} leaves your hand for good; if it is the highest card played this round "
            f"you take the prize of {view.state.prize} points, a tie takes nothing [T-BID]")


class BidsKit(GameKit[BidsGame, BidsState, BidsView]):
    name = "bids"
    title = "Sealed Bids"
    summary = "a test game: hidden hands, a public prize, everybody bids at once"
    min_seats = 2
    max_seats = 5
    seat_count_option = "players"
    options: ClassVar[tuple[OptionSpec, ...]] = (OptionSpec("players", "the number of seats, 2 to 5", 3),)

    def make_game(self, options: Mapping[str, Any]) -> BidsGame:
        unknown = sorted(set(options) - {"players"})
        if unknown:
            raise OptionsError(unknown[0], "unknown option (allowed: players)")
        players = options.get("players", 3)
        if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 5:
            raise OptionsError("players", f"must be a whole number from 2 to 5, not {players!r}")
        return BidsGame(players)

    def describe_view(self, game: BidsGame, view: BidsView, seat: int | None) -> str:
        s = view.state
        lines = [f"Round {min(s.round + 1, 3)} of 3, prize {s.prize or '(not yet turned)'}"]
        for other in range(s.players):
            mark = "played" if view.has_played[other] else "to play"
            hand = " ".join(map(str, sorted(s.hands[other]))) if other == seat else f"{view.hand_sizes[other]} cards"
            lines.append(f"{game.seat_names[other]}: {s.scores[other]} points, {hand}, {mark}")
        if s.last:
            lines.append("Last round: " + ", ".join(map(str, s.last)))
        return "\n".join(lines)

    def describe_action(self, game: BidsGame, view: BidsView, action: Action) -> str:
        if action.verb == "deal":
            return f"a card is dealt to {game.seat_names[int(action.args[0])]}"
        if action.verb == "prize":
            return f"the prize is {action.args[0]} points"
        return f"bid the card {action.args[0]}"

    def view_json(self, game: BidsGame, view: BidsView) -> JsonDict:
        data = view.state.to_json()
        del data["rng"]
        return {"seat": view.seat, "state": data, "hand_sizes": list(view.hand_sizes),
                "has_played": list(view.has_played)}

    def log_visibility(self, game: BidsGame, before: BidsState, seat: int, action: Action,
                       after: BidsState) -> frozenset[int] | None:
        if seat == CHANCE and action.verb == "deal":
            return frozenset({int(action.args[0])})
        return super().log_visibility(game, before, seat, action, after)

    def terminal_parts(self) -> TerminalParts[BidsGame, BidsState, BidsView]:
        """Only the menu's explanations: everything else is the shell's default."""
        return TerminalParts(menus=MenuParts(explain=explain))

    def encoding_parts(self) -> EncodingParts[BidsGame]:
        from toygame.encoding import encoding_parts

        return encoding_parts()


KIT = BidsKit()
