"""Help for the players of any game: its rules help and first-game guide, a hint, and the final scores.

Everything here is read from one seat's view (a spectator's without a token), through the game's
kit, never from the state, so that help and hints cannot leak what the seat may not see:

* ``GET /api/games/{id}/help``: the help of each verb with the IDs of the rules behind it, the
  guide's first page, the guide's advice for the seat's current decision, the rules reference (the
  lobby reads the reference and the verbs' help before a game: ``GET /api/catalog/{game}/rules``);
* ``GET /api/games/{id}/hint`` (the seat's token): what a strong computer player would choose now
  (the kit's hint agent, as in the terminal, or ISMCTS at its easy level when the kit names only
  the random player). The search runs in a worker process under a deadline, like a bot's
  decision (:mod:`kleos.server.bots`): never in the web process. It counts against a per-token
  rate limit, and at most a few hints per web process wait for a worker at once;
* ``GET /api/games/{id}/scores``: a finished game's scores per seat, with the parts they add up
  from when the kit tells them (:meth:`~kleos.core.kit.GameKit.score_breakdown`).
"""

from __future__ import annotations

import math
import random
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from limits import RateLimitItemPerMinute
from starlette.concurrency import run_in_threadpool

from kleos.agents.hints import lookahead_words
from kleos.core.action import Action
from kleos.core.kit import GameKit
from kleos.core.kit.terminal import HelpParts
from kleos.core.protocol import Game
from kleos.i18n import word_in
from kleos.i18n.platform import N_
from kleos.server.deps import Token
from kleos.server.errors import ERROR_RESPONSES, ApiError
from kleos.server.games import stored_kit
from kleos.server.live import ACTIVE
from kleos.server.pool import Thinkers
from kleos.server.ratelimit import Limit, client_of
from kleos.server.store import GameStore
from kleos.server.thinking import ANSWER_GRACE_SECONDS, Decision, capped_spec, pack, rank
from kleos.server.tokens import seat_of

HINT_SECONDS = 8.0  # a hint's search stops here (or at the bots' own deadline, if shorter)
HINTS_PER_MINUTE = 20  # per seat token
HINTS_AT_ONCE = 2  # searches running together in one process; more wait for a later try (429)
EASY_HINT = "ismcts:easy"
WEB_GUIDE = ("The menu lists only the moves the rules allow you now; each **?** button explains a kind of move "
             "and names its rules. **Hint** shows what a strong computer player would do; the log and the "
             "last-turn panel tell what the other players did.")
WEB_TIP = "Choose from the menu; the ? buttons explain each kind of move, Hint shows what the computer would do."

router = APIRouter(prefix="/api/games", tags=["guide"], responses=ERROR_RESPONSES)




@dataclass(frozen=True)
class Spot:
    """One seat's position in a game: only its view and its own legal actions (``seat``: ``None``
    for a spectator; ``legal`` is empty unless the seat is to act)."""

    game_id: str
    kit: GameKit
    game: Game[Any, Any]
    seq: int
    seat: int | None
    view: Any
    legal: tuple[Action, ...]
    to_act: bool
    finished: bool
    options: str = "{}"  # the game's stored options (a worker process rebuilds the game from them)


def spot_of(store: GameStore, game_id: str, token: str | None) -> Spot:
    """The seat of ``token`` (a spectator without one) and what it may see now (404, 403 from the store)."""
    current = store.committed(game_id).current  # one committed position: meta and state together
    meta, state = current.meta, current.loaded.state
    seat = None if token is None else seat_of(meta.seats, token, game_id)
    game = store.game_for(meta.game, meta.options)
    to_act = seat is not None and meta.status == ACTIVE and seat in game.actors(state)
    legal = tuple(game.legal_actions(state, seat)) if to_act else ()
    return Spot(game_id, stored_kit(meta.game), game, meta.seq, seat, game.view(state, seat), legal, to_act,
                meta.status != ACTIVE or game.is_terminal(state), meta.options)


# ----- help ---------------------------------------------------------------------------------------
def help_of(kit: GameKit) -> HelpParts:
    """The kit's help pages, or none (a game without help still gets the generic guide)."""
    try:
        parts = kit.help_parts()
    except ImportError:  # the terminal part's libraries are not installed with this server
        parts = None
    return parts if parts is not None else HelpParts()


def verbs_now(legal: Sequence[Action]) -> list[str]:
    """The verbs of the seat's legal actions, in the order they first come."""
    return list(dict.fromkeys(action.verb for action in legal))


def verbs_json(parts: HelpParts) -> list[dict[str, Any]]:
    """Every kind of move's help: its word, title, text and the IDs of the rules behind it."""
    return [{"verb": verb, "title": h.title, "text": h.text, "rules": list(h.rules)} for verb, h in parts.verbs.items()]


def rules_json(kit: GameKit) -> dict[str, Any]:
    """A game's rules reference (``None`` when the game writes none) and the help of every kind of
    move, in the reader's language: what the lobby shows before a game, and the game's help during one."""
    parts = help_of(kit)
    return {"game": kit.name, "title": kit.title, "rules": parts.rules, "verbs": verbs_json(parts)}


def help_json(spot: Spot) -> dict[str, Any]:
    """The help pages as the seat sees them: every verb's help, which verbs it has now, the guide."""
    parts = help_of(spot.kit)
    tip: str | None = None
    if spot.to_act and spot.seat is not None:
        tip = parts.guide_tip(spot.game, spot.view, spot.seat, list(spot.legal)) if parts.guide_tip else WEB_TIP
    return {
        "game": spot.kit.name,
        "title": spot.kit.title,
        "seq": spot.seq,
        "seat": spot.seat,
        "verbs": verbs_json(parts),
        "now": verbs_now(spot.legal),
        "guide_intro": parts.guide_intro or WEB_GUIDE,
        "tip": tip,
        "rules": parts.rules,
        "hint_agent": hint_spec(spot.kit),
    }


@router.get("/{game_id}/help")
async def get_help(request: Request, game_id: str, token: Token) -> JSONResponse:
    """The rules help (with rule IDs) and the first-game guide for the seat of the token (or a spectator)."""
    store = request.app.state.ctx.store
    spot = await run_in_threadpool(spot_of, store, game_id, token)
    return JSONResponse(await run_in_threadpool(help_json, spot))


# ----- hint ---------------------------------------------------------------------------------------
def hint_spec(kit: GameKit) -> str:
    """The agent that gives hints: the kit's (as in the terminal), or easy ISMCTS instead of random."""
    parts = kit.agent_parts()
    spec = parts.hint if parts is not None else "random"
    return EASY_HINT if spec == "random" else spec


@dataclass
class Hinter:
    """Hint searches handed to the worker processes, at most ``at_once`` waiting together per web
    process (more are refused with 429). A search still running at its deadline is cancelled in
    its worker, as a bot's decision is."""

    at_once: int = HINTS_AT_ONCE
    _slots: threading.BoundedSemaphore = field(init=False)

    def __post_init__(self) -> None:
        self._slots = threading.BoundedSemaphore(self.at_once)

    def run(self, thinkers: Thinkers, decision: Decision) -> int | None:
        """The worker's answer (an index into the legal actions), or ``None`` past the deadline."""
        ranked = self.rank(thinkers, decision)
        return ranked[0][1] if ranked else None

    def rank(self, thinkers: Thinkers, decision: Decision) -> list[tuple[float, int]] | None:
        """The worker's ranking (:func:`~kleos.server.thinking.rank`: its choice first, as (value,
        index into the legal actions)), or ``None`` past the deadline or when malformed."""
        if not self._slots.acquire(blocking=False):
            raise ApiError(429, "hints_busy", N_("the server is computing other hints: try again in a moment"),
                           retry_after=2)
        try:
            answer = thinkers.work(rank, decision, decision.key, decision.seconds + ANSWER_GRACE_SECONDS)
        finally:
            self._slots.release()
        if not isinstance(answer, list) or not answer or not all(
                isinstance(pair, tuple) and len(pair) == 2 and isinstance(pair[1], int) for pair in answer):
            return None
        return [(float(value), index) for value, index in answer]


_hinters_lock = threading.Lock()


def hinter_of(state: Any) -> Hinter:
    """The application's hinter (made on first use: the application's state holds it)."""
    with _hinters_lock:
        found = getattr(state, "kleos_hinter", None)
        if not isinstance(found, Hinter):
            found = Hinter()
            state.kleos_hinter = found
        return found


def hint_rng(spot: Spot) -> random.Random:
    """The same hint for the same position (never drawn from the game's secret seed)."""
    return random.Random(f"kleos-hint:{spot.game_id}:{spot.seat}:{spot.seq}")


def hint_json(spot: Spot, hinter: Hinter, thinkers: Thinkers, max_budget: int, seconds: float) -> dict[str, Any]:
    """The hint agent's choice from the seat's view and legal actions only, in notation and words."""
    spec = capped_spec(hint_spec(spot.kit), max_budget)
    decision = pack(f"kleos-hint-{spot.game_id}-{spot.seq}-{spot.seat}", spot.kit.name, spot.options, spec,
                    spot.view, spot.legal, hint_rng(spot), seconds)
    ranked = [(math.nan, 0)] if len(spot.legal) == 1 else hinter.rank(thinkers, decision)
    if not ranked or not all(0 <= index < len(spot.legal) for _value, index in ranked):
        raise ApiError(503, "hint_timeout", N_("no hint within {seconds} s: try again, or choose without one"),
                       params={"seconds": f"{seconds:g}"})
    action = spot.legal[ranked[0][1]]
    parts = spot.kit.agent_parts()
    why = parts.explain(spot.game, spot.view, list(spot.legal), action) if parts is not None and parts.explain else ""
    close = lookahead_words(spot.kit, spot.game, spot.view, [(value, spot.legal[i]) for value, i in ranked])
    return {"seq": spot.seq, "seat": spot.seat, "agent": spec, "action": str(action),
            "text": spot.kit.describe_action(spot.game, spot.view, action), "verb": action.verb, "why": why,
            "lookahead": close}


def hint_limit() -> Limit:
    return Limit("hints", (RateLimitItemPerMinute(HINTS_PER_MINUTE),), "hints")


@router.get("/{game_id}/hint")
async def get_hint(request: Request, game_id: str, token: Token) -> JSONResponse:
    """What a strong computer player would choose in the token's seat now (409 when it is not to act)."""
    ctx = request.app.state.ctx
    if token is None:
        raise ApiError(401, "no_token", N_("a hint needs a seat token (Authorization: Bearer <token>)"))
    spot = await run_in_threadpool(spot_of, ctx.store, game_id, token)
    if not spot.to_act:
        raise ApiError(409, "not_your_turn", N_("a hint is for a decision of yours: wait for your turn"),
                       seq=spot.seq)
    ctx.limiter.limits.setdefault("hints", hint_limit())
    await ctx.limiter.check("hints", client_of({}, token))
    seconds = min(HINT_SECONDS, ctx.settings.bot_decision_seconds)
    answer = await run_in_threadpool(hint_json, spot, hinter_of(request.app.state), ctx.thinkers,
                                     ctx.settings.bot_max_budget, seconds)
    return JSONResponse(answer)


# ----- scores -------------------------------------------------------------------------------------
@router.get("/{game_id}/scores")
async def get_scores(request: Request, game_id: str) -> JSONResponse:
    """A finished game's scores per seat, with what they add up from when the game tells (409 before the end)."""
    store = request.app.state.ctx.store
    return JSONResponse(await run_in_threadpool(final_scores, store, game_id))


def final_scores(store: GameStore, game_id: str) -> dict[str, Any]:
    """A finished game's end: reason, winner, and per seat its score and, if the kit tells, its parts
    (read from the public view)."""
    current = store.committed(game_id).current
    meta, state = current.meta, current.loaded.state
    game = store.game_for(meta.game, meta.options)
    outcome = game.outcome(state)
    if outcome is None:
        raise ApiError(409, "not_finished", N_("the scores are shown once the game is over"))
    kit = stored_kit(meta.game)
    parts = kit.score_breakdown(game, game.view(state, None))
    names = game.seat_names
    seats: list[dict[str, Any]] = [
        {"seat": seat, "side": kit.seat_name(game, seat), "score": outcome.scores[seat] if seat < len(outcome.scores)
         else None, "winner": outcome.winner == seat, "parts": None} for seat in range(len(names))]
    for seat, entry in enumerate(seats):
        shown = parts[seat] if parts is not None and seat < len(parts) else None
        if shown is not None and sum(shown.values()) == entry["score"]:  # not for a game ended unscored
            entry["parts"] = shown
    keys = {key for seat in seats for key in (seat["parts"] or {})}
    return {"game_id": game_id, "reason": outcome.reason, "reason_text": kit.reason_words(outcome.reason),
            "winner": outcome.winner,
            "outcome_text": kit.outcome_text(game, outcome), "seats": seats,
            "part_words": {key: word_in(kit.text_domain(), key.replace("_", " ")) for key in sorted(keys)}}
