"""A game's handicap for the seats bots play, and the steps every surface takes with it.

The rules of a game may give a bot seat something extra (a solitaire variant's extra starting
points for the bots, say). A game declares it as :attr:`kleos.core.kit.GameKit.bot_handicap`: what
it gives in words and its range (:class:`HandicapSpec`), and how an amount is written into and read
from the game's options (:class:`BotHandicap`). The functions below are what the command lines, the
lobby and rematches do with it, the same for every game; the kit base class holds none of it.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from kleos.core.kit import WHOLE_NUMBER, JsonDict, OptionsError
from kleos.i18n.platform import N_

if TYPE_CHECKING:
    from kleos.core.kit import GameKit

HANDICAP = "handicap"
"""The field an :class:`OptionsError` about a bot handicap names (the request's, not the game's)."""
NO_HANDICAP = N_("{title} has no handicap for bots")


def filled(text: str, **params: str | int) -> str:
    """``text`` as written, filled with ``params``: a handicap's help where no language is asked."""
    return text.format(**params) if params else text


@dataclass(frozen=True)
class HandicapSpec:
    """What a handicap gives, in words, and the amount a bot seat gets unless told otherwise, within
    ``minimum``..``maximum``; 0 gives nothing."""

    help: str
    default: int
    minimum: int = 0
    maximum: int = 0
    values: tuple[tuple[str, str | int], ...] = ()
    """Filled into ``help`` once it is in the reader's language: what the game's data says (amounts,
    rule IDs), so that the catalogue holds one template, not the English with the numbers in it."""

    def words(self, word: Callable[..., str] = filled) -> str:
        """``help`` in the words of ``word`` (a kit's :meth:`~kleos.core.kit.GameKit.word`: the
        reader's language), filled with ``values``; English without one."""
        return word(self.help, **dict(self.values))

    def as_json(self, word: Callable[..., str] = filled) -> JsonDict:
        """As ``kleos games --json`` and the server's catalog list it, the help in ``word``'s language."""
        return {"help": self.words(word), "default": self.default, "minimum": self.minimum,
                "maximum": self.maximum}


@dataclass(frozen=True)
class BotHandicap(HandicapSpec, ABC):
    """A game's handicap: its :class:`HandicapSpec` and the game's reading of its options."""

    @abstractmethod
    def given(self, options: Mapping[str, Any], bot_seats: Collection[int], amount: int) -> dict[str, Any]:
        """``options`` with ``amount`` given to each of ``bot_seats`` and the other seats' left as they
        are (validated when the game is made, not here)."""

    @abstractmethod
    def of_seats(self, options: Mapping[str, Any]) -> dict[int, int]:
        """Each seat's handicap in ``options``, seats without one left out."""

    def default_for(self, options: Mapping[str, Any]) -> int:
        """The amount a bot seat gets unless told otherwise, for a game of ``options``."""
        return self.default


def with_bot_handicap(kit: GameKit, options: Mapping[str, Any], bot_seats: Collection[int],
                      amount: int | None) -> dict[str, Any]:
    """``options`` for a new game whose ``bot_seats`` bots play: each gets ``amount`` of the game's
    handicap, or its default when ``None`` (0: none). Asking for one is an :class:`OptionsError` for
    a game without a handicap, outside its range, or above 0 with no bot seat."""
    spec = kit.bot_handicap
    if spec is None:
        if amount is not None:
            raise OptionsError(HANDICAP, NO_HANDICAP, title=kit.title)
        return dict(options)
    if amount is not None and not spec.minimum <= amount <= spec.maximum:
        raise OptionsError(HANDICAP, WHOLE_NUMBER, least=spec.minimum, most=spec.maximum, value=amount)
    if not bot_seats:
        if amount:
            raise OptionsError(HANDICAP, N_("no seat is played by a bot: there is nobody to give it to"))
        return dict(options)
    return spec.given(options, bot_seats, spec.default_for(options) if amount is None else amount)


def handicaps(kit: GameKit, options: Mapping[str, Any]) -> dict[int, int]:
    """Each seat's handicap in ``options`` (empty for a game without one)."""
    spec = kit.bot_handicap
    return {} if spec is None else spec.of_seats(options)


def handicaps_moved(kit: GameKit, options: Mapping[str, Any], seat_count: int, step: int = 1) -> dict[str, Any]:
    """``options`` with every seat's handicap moved ``step`` seats on, for a rematch whose players
    (bots included) each move on so many seats."""
    spec = kit.bot_handicap
    old = handicaps(kit, options)
    if spec is None or not old:
        return dict(options)
    out = spec.given(options, range(seat_count), 0)
    by_amount: dict[int, list[int]] = {}
    for seat, amount in old.items():
        by_amount.setdefault(amount, []).append((seat + step) % seat_count)
    for amount, seats in sorted(by_amount.items()):
        out = spec.given(out, seats, amount)
    return out


__all__ = ["HANDICAP", "NO_HANDICAP", "BotHandicap", "HandicapSpec", "handicaps", "handicaps_moved",
           "with_bot_handicap"]
