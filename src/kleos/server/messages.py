"""What the server says about a game, built for one seat (or a spectator) from that seat's view only.

Everything a client receives about a position goes through :func:`seat_message` (or
:func:`replay_message`), which starts from ``game.view(state, seat)``: the other hand and the
generator are gone before anything is serialized. The log is redacted per seat the same way: a
battle card drawn into one hand is shown to everybody else as ``card (hidden)``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from kleos.core.action import Action
from kleos.core.errors import KleosError
from kleos.core.protocol import CHANCE, Outcome
from kleos.games.polis.game import PolisGame
from kleos.games.polis.state import PolisState
from kleos.games.polis.tables import SIDE_NAMES, SIDES
from kleos.games.polis.text import describe, describe_action
from kleos.games.polis.view import PolisView

GAME_NAME = "polis"
EDITIONS = ("2012", "2020")
HIDDEN_CARD = "card (hidden)"
STATE_KEYS_NEVER_SENT = ("rng",)


class OptionsError(KleosError):
    """Game options a client may not use or that do not validate."""


def make_game(options: Mapping[str, Any]) -> PolisGame:
    """The game for client-supplied ``options``: an edition and rule switches, nothing else."""
    unknown = set(options) - {"edition", "rules"}
    if unknown:
        raise OptionsError(f"unknown game options: {', '.join(sorted(unknown))} (allowed: edition, rules)")
    edition = str(options.get("edition", "2020"))
    if edition not in EDITIONS:
        raise OptionsError(f"unknown edition '{edition}': choose 2012 or 2020")
    rules = options.get("rules") or {}
    if not isinstance(rules, dict):
        raise OptionsError("rules must be an object of rule switches")
    try:
        return PolisGame(edition, None, rules)
    except (KleosError, ValueError, TypeError) as exc:
        raise OptionsError(f"invalid rule switches: {exc}") from exc


@dataclass(frozen=True)
class LogEntry:
    """One effective step of the log: ``seq`` of the event that made it, the acting seat
    (-1 for chance), the notation, a plain-words account, and who may see it (``None``: all)."""

    seq: int
    seat: int
    action: str
    text: str
    visible_to: int | None
    _json: dict[tuple[int | None, int], str] = field(default_factory=dict, compare=False, repr=False)

    def json_for_seat(self, seat: int | None, step: int) -> str:
        """:meth:`for_seat` as JSON text, kept: a log entry never changes once written."""
        key = (None if self.visible_to is None or self.visible_to == seat else -2, step)
        text = self._json.get(key)
        if text is None:
            text = dumps(self.for_seat(seat, step))
            self._json[key] = text
        return text

    def for_seat(self, seat: int | None, step: int) -> dict[str, Any]:
        hidden = self.visible_to is not None and self.visible_to != seat
        entry: dict[str, Any] = {"step": step, "seq": self.seq, "seat": self.seat}
        if hidden:
            drawer = SIDE_NAMES[self.visible_to] if self.visible_to is not None else "a player"
            entry.update(action=HIDDEN_CARD, text=f"{drawer} drew a battle card (hidden)", hidden=True)
        else:
            entry.update(action=self.action, text=self.text, hidden=False)
        return entry


def log_for_seat(log: Sequence[LogEntry], seat: int | None) -> list[dict[str, Any]]:
    return [entry.for_seat(seat, step) for step, entry in enumerate(log, start=1)]


def dumps(value: Any) -> str:
    """Compact JSON, as sent to clients."""
    return json.dumps(value, separators=(",", ":"))


def log_start(log: Sequence[LogEntry], since: int | None) -> int:
    """The first step a client that holds the log as it was at event ``since`` lacks (1: all).

    Undo only removes the last entries, so the current entries with ``seq <= since`` are a prefix
    of what the client holds; it keeps its first ``start - 1`` entries and appends the rest."""
    if since is None or since <= 0:
        return 1
    lo, hi = 0, len(log)
    while lo < hi:  # entries are in seq order
        mid = (lo + hi) // 2
        if log[mid].seq <= since:
            lo = mid + 1
        else:
            hi = mid
    return lo + 1


def log_json(log: Sequence[LogEntry], seat: int | None, start: int = 1) -> str:
    """The log from step ``start`` on, for ``seat``, as a JSON array (entries' JSON is kept)."""
    return "[" + ",".join(log[i].json_for_seat(seat, i + 1) for i in range(start - 1, len(log))) + "]"


def with_log(head: str, log: Sequence[LogEntry], seat: int | None, since: int | None) -> str:
    """A message's JSON ``head`` (an object without its log) completed with the log: all of it, or
    only the steps after event ``since`` together with ``log_start`` (the first step sent)."""
    start = log_start(log, since)
    extra = "" if since is None else f',"log_start":{start}'
    return f'{head[:-1]},"log":{log_json(log, seat, start)}{extra}}}'


def hand_sizes(state: PolisState) -> tuple[int, int]:
    b = state.battle
    return (0, 0) if b is None else (sum(b.hands[0]), sum(b.hands[1]))


def chance_visibility(action: Action, before: tuple[int, int], state: PolisState) -> int | None:
    """The only seat that may see chance outcome ``action`` (a battle card goes into one hand),
    given the hand sizes ``before`` it and ``state`` after it; ``None`` when it is public."""
    if action.verb != "card":
        return None
    after = hand_sizes(state)
    for side in (0, 1):
        if after[side] > before[side]:
            return side
    return CHANCE  # the card went nowhere visible: show it to nobody


def action_text(game: PolisGame, state: PolisState, seat: int, action: Action) -> str:
    """The plain-words account of ``action`` before it is applied, from the actor's view only."""
    if seat == CHANCE:
        return describe_action(game, state, action)
    return describe_action(game, game.view(state, seat), action)


def possessive(name: str) -> str:
    return name + ("'" if name.endswith("s") else "'s")


_SECOND_PERSON = re.compile(r"\b(you lose|the opponent's|the opponent|your|Your)\b")


def neutral_text(text: str, seat: int) -> str:
    """An actor's account of its own step (``describe_action`` speaks to the actor: "you lose …",
    "your turn") made readable by both seats and spectators: the actor's side is named first and
    second-person words name the sides."""
    if seat not in (0, 1):
        return text
    me, them = SIDE_NAMES[seat], SIDE_NAMES[1 - seat]
    words = {"you lose": f"{me} loses", "the opponent's": possessive(them), "the opponent": them,
             "your": possessive(me), "Your": possessive(me)}
    return f"{me}: " + _SECOND_PERSON.sub(lambda m: words[m.group(1)], text)


def log_text(game: PolisGame, state: PolisState, seat: int, action: Action) -> str:
    """The log's account of ``action`` (before it is applied): neutral, the same for every seat."""
    return neutral_text(action_text(game, state, seat, action), seat)


def plain(value: Any) -> Any:
    """State JSON for clients: the ``{"t": [...]}`` tuple encoding becomes a plain list."""
    if isinstance(value, dict):
        if set(value) == {"t"}:
            return [plain(v) for v in value["t"]]
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    return value


def view_json(game: PolisGame, view: PolisView) -> dict[str, Any]:
    """A view as JSON: the redacted state (no generator), the seat and the hidden hand sizes."""
    state = game.state_to_json(view.state)
    for key in STATE_KEYS_NEVER_SENT:
        state.pop(key, None)
    return {"seat": view.seat, "state": plain(state), "hidden_hand_sizes": list(view.hidden_hand_sizes)}


def outcome_json(outcome: Outcome | None) -> dict[str, Any] | None:
    return None if outcome is None else outcome.to_json()


def side_name(seat: int | None) -> str | None:
    return None if seat is None else SIDE_NAMES[seat]


def seat_message(game: PolisGame, state: PolisState, log: Sequence[LogEntry], seat: int | None, *,
                 meta: Mapping[str, Any], undo_allowed: bool) -> dict[str, Any]:
    """The full message for ``seat`` (``None``: spectator) about the game at its current step."""
    message = seat_head(game, state, len(log), seat, meta=meta, undo_allowed=undo_allowed)
    message["log"] = log_for_seat(log, seat)
    return message


def seat_head(game: PolisGame, state: PolisState, steps: int, seat: int | None, *,
              meta: Mapping[str, Any], undo_allowed: bool) -> dict[str, Any]:
    """:func:`seat_message` without its ``log`` (which :func:`with_log` adds to the JSON text)."""
    view = game.view(state, seat)
    actors = [a for a in game.actors(state) if a != CHANCE]
    your_turn = seat is not None and seat in actors
    legal: list[dict[str, str]] = []
    if your_turn and seat is not None:
        legal = [{"action": str(a), "text": describe_action(game, view, a)} for a in game.legal_actions(state, seat)]
    return {
        "type": "state",
        **meta,
        "seat": seat,
        "side": side_name(seat),
        "to_act": actors,
        "your_turn": your_turn,
        "steps": steps,
        "view": view_json(game, view),
        "description": describe(game, view, seat),
        "legal": legal,
        "undoable": undo_allowed,
        "outcome": outcome_json(game.outcome(state)),
    }


def replay_message(game: PolisGame, state: PolisState, log: Sequence[LogEntry], step: int,
                   meta: Mapping[str, Any]) -> dict[str, Any]:
    """The public view after ``step`` steps of a finished game, with the whole public log."""
    view = game.view(state, None)
    return {
        "type": "replay",
        **meta,
        "step": step,
        "steps": len(log),
        "view": view_json(game, view),
        "description": describe(game, view, None),
        "log": log_for_seat(log, None),
        "action": log[step - 1].for_seat(None, step) if step > 0 else None,
        "outcome": outcome_json(game.outcome(state)),
    }


def edition_json(game: PolisGame) -> dict[str, Any]:
    """The index tables a client needs to draw a state (names by index)."""
    t = game.tables
    return {
        "edition": t.edition,
        "title": t.rules.title,
        "sides": list(SIDES),
        "side_names": list(SIDE_NAMES),
        "rounds": list(t.round_names),
        "goods": [name for name in ("iron", "wood", "wine", "oil", "silver", "wheat")],
        "regions": list(t.region_ids),
        "territories": t.n_territories,
        "land_adjacent": [list(a) for a in t.land_adj],
        "sea_adjacent": [list(a) for a in t.sea_adj],
        "coasts": [list(c) for c in t.coasts],
        "poleis": list(t.polis_ids),
        "polis_territory": list(t.polis_territory),
        "markets": list(t.market_ids),
        "projects": [p.id for p in t.projects],
        "land_cards": [c.code for c in t.land_cards],
        "sea_cards": [c.code for c in t.sea_cards],
    }
