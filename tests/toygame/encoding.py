"""The research encoding of Sealed Bids: its numbered actions and its observation of a seat's view.

Built only from the view (:class:`~toygame.game.BidsView`): another seat's hand or secret bid
never reaches it. No view key: the adapters fall back on the kit's view JSON.
"""

from __future__ import annotations

from kleos.core.action import Action
from kleos.core.kit.encoding import ActionListing, EncodingParts, ObservationSpec
from toygame.game import CARDS, HAND, PRIZES, ROUNDS, BidsGame, BidsView

MOST_POINTS = max(PRIZES) * ROUNDS


def catalogue(game: BidsGame) -> ActionListing:
    """``play <card>`` for every card; chance: ``deal <seat> <card>``, then ``prize <n>``."""
    players = game.players
    deals = tuple(Action("deal", (seat, card)) for seat in range(players) for card in CARDS)
    return ActionListing(f"{players}-seat", tuple(Action("play", (card,)) for card in CARDS),
                         deals + tuple(Action("prize", (n,)) for n in PRIZES))


def _blocks(players: int) -> list[tuple[str, int, float]]:
    """(name, size, upper bound) of each block, in order."""
    cards = len(CARDS)
    return [("seat", players, 1), ("round", ROUNDS + 1, 1), ("prize", len(PRIZES) + 1, 1),
            ("own_hand", cards, 1), ("own_bid", cards, 1), ("hand_sizes", players, HAND),
            ("has_played", players, 1), ("scores", players, MOST_POINTS), ("last", players, max(CARDS)),
            ("unseen", cards, 1), ("over", 1, 1)]


def _encode(view: BidsView) -> list[float]:
    s = view.state
    n = s.players
    seat = [1.0 if view.seat == i else 0.0 for i in range(n)]
    own = s.hands[view.seat] if view.seat is not None else []
    bid = s.played[view.seat] if view.seat is not None else None
    last = [float(c) for c in s.last] + [0.0] * (n - len(s.last))
    return [*seat,
            *(1.0 if s.round == r else 0.0 for r in range(ROUNDS + 1)),
            *(1.0 if s.prize == p else 0.0 for p in range(len(PRIZES) + 1)),
            *(1.0 if c in own else 0.0 for c in CARDS),
            *(1.0 if c == bid else 0.0 for c in CARDS),
            *(float(k) for k in view.hand_sizes),
            *(1.0 if p else 0.0 for p in view.has_played),
            *(float(k) for k in s.scores),
            *last,
            *(1.0 if c in s.deck else 0.0 for c in CARDS),
            1.0 if s.over else 0.0]


def observation(game: BidsGame) -> ObservationSpec:
    blocks = _blocks(game.players)
    high = [bound for _, size, bound in blocks for _ in range(size)]
    return ObservationSpec(shape=(len(high),), encode=_encode, high=high)


def encoding_parts() -> EncodingParts[BidsGame]:
    return EncodingParts(catalogue=catalogue, observation=observation)
