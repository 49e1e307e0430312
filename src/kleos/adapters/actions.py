"""A fixed integer action space: a game's :class:`~kleos.core.kit.encoding.ActionListing`, numbered.

Research frameworks want actions as integers ``0 … n-1`` with ``n`` known before the game starts.
A game lists, through its kit's encoding part, every action it can ever offer; the
:class:`ActionCatalogue` numbers them in that order and maps :class:`~kleos.core.action.Action`
⇄ ``int``, chance outcomes apart. An action outside the catalogue raises :class:`UnknownAction`.
Needs nothing beyond the core (no numpy).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from kleos.core.action import Action
from kleos.core.errors import KleosError
from kleos.core.kit.encoding import ActionListing

DEFAULT_MAX_DECISIONS = 2000
"""Decisions after which the adapters end a game as a draw (truncation). Rules need not bound a
game's length, frameworks need a bound; games between agents are far shorter."""


class UnknownAction(KleosError, ValueError):
    """An action (or number) that is not in the game's catalogue."""


def _index(items: tuple[Action, ...], what: str, name: str) -> dict[Action, int]:
    index = {a: i for i, a in enumerate(items)}
    if len(index) != len(items):
        twice = sorted({str(a) for a in items if items.count(a) > 1})
        raise ValueError(f"the {name} catalogue lists {what} more than once: {', '.join(twice)}")
    return index


@dataclass(frozen=True, eq=False)
class ActionCatalogue(ActionListing):
    """Every player action of a game (``actions``) and every chance outcome (``chance``), numbered
    in the listing's order; ``sections`` gives named ranges of player-action numbers."""

    _index: dict[Action, int] = field(init=False, repr=False)
    _chance_index: dict[Action, int] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_index", _index(self.actions, "actions", self.name))
        object.__setattr__(self, "_chance_index", _index(self.chance, "chance outcomes", self.name))

    @staticmethod
    def of(listing: ActionListing) -> ActionCatalogue:
        """The catalogue of a listing (the listing itself when it is one already)."""
        if isinstance(listing, ActionCatalogue):
            return listing
        return ActionCatalogue(listing.name, tuple(listing.actions), tuple(listing.chance), dict(listing.sections))

    @staticmethod
    def in_sections(name: str, sections: Iterable[tuple[str, Iterable[Action]]],
                    chance: Iterable[Action]) -> ActionCatalogue:
        """A catalogue listing each action at its first place, section by section, each section the
        range of numbers its new actions fill (an action met again keeps its first number), and the
        chance outcomes in order, each once."""
        listed: dict[Action, None] = {}
        ranges: dict[str, range] = {}
        for section, actions in sections:
            start = len(listed)
            listed.update(dict.fromkeys(actions))
            ranges[section] = range(start, len(listed))
        return ActionCatalogue(name, tuple(listed), tuple(dict.fromkeys(chance)), ranges)

    def __len__(self) -> int:
        return len(self.actions)

    @property
    def num_actions(self) -> int:
        return len(self.actions)

    @property
    def num_chance(self) -> int:
        return len(self.chance)

    def encode(self, action: Action) -> int:
        """The number of a player action; :class:`UnknownAction` if it can never be legal."""
        return _number_of(self._index, action, "'{item}' is not in the {name} action catalogue ({n} actions)",
                          self.name)

    def decode(self, number: int) -> Action:
        """The player action numbered ``number``."""
        return _numbered(self.actions, number, "action", self.name)

    def encode_chance(self, outcome: Action) -> int:
        return _number_of(self._chance_index, outcome,
                          "'{item}' is not a chance outcome of the {name} catalogue ({n} outcomes)", self.name)

    def decode_chance(self, number: int) -> Action:
        return _numbered(self.chance, number, "chance outcome", self.name)

    def encode_all(self, actions: Iterable[Action]) -> list[int]:
        """Numbers of several player actions, in the given order."""
        index = self._index
        try:
            return [index[a] for a in actions]
        except KeyError:
            for a in actions:
                self.encode(a)
            raise

    def __contains__(self, action: object) -> bool:
        return action in self._index


def _number_of(index: dict[Action, int], item: Action, unknown: str, name: str) -> int:
    """``item``'s number in ``index``; else :class:`UnknownAction` told by the template ``unknown``."""
    number = index.get(item)
    if number is None:
        raise UnknownAction(unknown.format(item=item, name=name, n=len(index)))
    return number


def _numbered(items: tuple[Action, ...], number: int, what: str, name: str) -> Action:
    """The item numbered ``number`` of ``items`` (``what`` names them when there is none)."""
    if not 0 <= number < len(items):
        raise UnknownAction(f"{what} number {number} is outside the {name} catalogue (0 … {len(items) - 1})")
    return items[number]
