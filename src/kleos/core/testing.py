"""Game-agnostic test machinery: checked random playouts and perft counts, for any :class:`Game`.

:func:`random_playout` plays a seeded game with random legal actions (chance from the state's own
generator) and checks, along the way, every promise the protocol makes:

* while the game is not over somebody acts and has at least one legal action, with no duplicates;
  chance outcomes are positive and sum to 1, and sampling one does not change the state;
* ``legal_actions`` is repeatable and leaves the state alone; every legal action's notation
  round-trips (``Action.parse(str(a)) == a``) and the action applies without error on a copy;
  ``apply`` never changes the state it was given; actions of the wrong seat and unknown actions
  are refused with :class:`IllegalAction` and change nothing;
* ``copy`` equals the original and is independent of it; the JSON form and the position text both
  round-trip to the same position, which also offers the same legal actions;
* a seat's view is the same whatever the generator holds and whatever the game's ``secrets`` hook
  says the seat may not know (e.g. the opponent's hand); an optional hook inspects views directly;
* the game's own invariants (``invariants``: one state; ``transitions``: one step) hold;
* at the end the outcome is known, and replaying the action log (:mod:`kleos.core.record`),
  after a JSON round trip of the record, rebuilds the final position exactly.

Cheap checks run at every step; the expensive ones (every legal action applied, round trips, views)
every ``Checks.every`` steps and at the last position. A failed check raises
:class:`PlayoutFailure`, which names the seed, the step, the check and the last actions.
"""

from __future__ import annotations

import json
import math
import random
import traceback
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from kleos.core.action import Action
from kleos.core.errors import IllegalAction
from kleos.core.protocol import CHANCE, Game
from kleos.core.record import GameRecord, Replay

S = TypeVar("S")
V = TypeVar("V")

Policy = Callable[[random.Random, S, int, list[Action]], Action]
"""Chooses a seat's action: ``(random source, state, seat, legal actions) -> action``."""

Invariant = Callable[[S], Iterable[str]]
"""Problems found in one position (empty when it is sound)."""

Transition = Callable[[S, int, Action, S], Iterable[str]]
"""Problems found in one step: ``(before, seat, action, after)``."""

Secrets = Callable[[S, int | None], Iterable[S]]
"""Variants of a position that differ only in what ``seat`` may not know (``None``: a spectator)."""

ViewCheck = Callable[[S, V, int | None], Iterable[str]]
"""Problems found in ``view`` of the position for ``seat``."""


def uniform_policy(rnd: random.Random, state: Any, seat: int, legal: list[Action]) -> Action:
    """Any legal action with equal probability (sorted first, so the engine's listing order does not matter)."""
    return rnd.choice(sorted(legal, key=str))


def verb_policy(rnd: random.Random, state: Any, seat: int, legal: list[Action]) -> Action:
    """A verb with equal probability, then one of its actions: verbs with many argument combinations
    (e.g. a trade in every slot) do not crowd out the others."""
    by_verb: dict[str, list[Action]] = {}
    for action in legal:
        by_verb.setdefault(action.verb, []).append(action)
    verb = rnd.choice(sorted(by_verb))
    return rnd.choice(sorted(by_verb[verb], key=str))


@dataclass(frozen=True)
class Checks(Generic[S, V]):
    """What :func:`random_playout` checks. The defaults check every game-agnostic promise."""

    every: int = 1
    """Run the expensive checks every ``every`` steps (and always at the first and last position)."""
    apply_all: bool = True
    """In expensive steps, apply every legal action on a copy (not only the one chosen)."""
    invariants: Sequence[Invariant[S]] = ()
    transitions: Sequence[Transition[S]] = ()
    secrets: Secrets[S] | None = None
    view_check: ViewCheck[S, V] | None = None
    view_key: Callable[[V], object] | None = None
    """How views are compared (default: ``==`` on the views themselves)."""
    replay: bool = True
    near_misses: int = 4
    """In expensive steps, try this many illegal variants of legal actions (an argument changed, dropped
    or added, another verb): each must be refused with IllegalAction and change nothing."""
    history: int = 12
    """How many of the last actions a failure report lists."""
    determinize_every: int = 0
    """Every this many steps (0: never), each seat's view is determinized (:meth:`Game.determinize`, from
    a generator seeded by the playout's seed, the step and the seat): the state drawn must show the
    seat the same view, and ``determinize_steps`` random steps must play on from it. A bot's look-ahead
    plays every state it may draw, so a hidden part drawn out of the rules' bounds breaks a bot's turn."""
    determinize_steps: int = 40


CHEAP: Checks[Any, Any] = Checks(every=0, apply_all=False, replay=False)
"""Only the cheap per-step checks (``every=0`` turns the expensive ones off)."""


class PlayoutFailure(AssertionError):
    """A check failed during a playout; carries what is needed to reproduce it."""

    def __init__(self, seed: int, step: int, check: str, detail: str, record: GameRecord,
                 history: int = 12) -> None:
        self.seed = seed
        self.step = step
        self.check = check
        self.detail = detail
        self.record = record
        last = record.actions[-history:] if history else []
        trail = "; ".join(f"{'chance' if seat == CHANCE else seat}: {action}" for seat, action in last)
        super().__init__(f"seed {seed}, step {step}: {check}: {detail}\n  last actions: {trail}")


@dataclass
class Playout(Generic[S]):
    """A finished playout: the final state, its log and how many steps it took."""

    seed: int
    state: S
    record: GameRecord
    steps: int
    finished: bool
    checked_steps: int = 0
    notes: list[str] = field(default_factory=list)


class _Checker(Generic[S, V]):
    def __init__(self, game: Game[S, V], seed: int, checks: Checks[S, V], record: GameRecord) -> None:
        self.game = game
        self.seed = seed
        self.checks = checks
        self.record = record
        self.step = 0

    # ----- reporting ----------------------------------------------------------------------------
    def fail(self, check: str, detail: str) -> PlayoutFailure:
        return PlayoutFailure(self.seed, self.step, check, detail, self.record, self.checks.history)

    def expect(self, ok: bool, check: str, detail: str) -> None:
        if not ok:
            raise self.fail(check, detail)

    def text(self, state: S) -> str:
        return self.game.position_text(state)

    def unchanged(self, state: S, before: str, check: str, what: str) -> None:
        after = self.text(state)
        if after != before:
            raise self.fail(check, f"{what} changed the state:\n{_diff(before, after)}")

    # ----- per-step checks ------------------------------------------------------------------------
    def cheap(self, state: S, actors: tuple[int, ...]) -> list[Action]:
        """Checks run at every step; returns the legal actions of the seat that acts."""
        g = self.game
        for invariant in self.checks.invariants:
            problems = list(invariant(state))
            self.expect(not problems, "invariant", "; ".join(problems))
        self.expect(g.outcome(state) is None, "outcome", "an outcome is set while seats are still to act")
        if actors == (CHANCE,):
            outcomes = g.chance_outcomes(state)
            self.expect(bool(outcomes), "chance", "a chance event with no outcomes")
            total = math.fsum(p for _, p in outcomes)
            self.expect(abs(total - 1.0) < 1e-9, "chance", f"outcome probabilities sum to {total}")
            self.expect(all(p > 0 for _, p in outcomes), "chance", "an outcome with probability <= 0")
            names = [a for a, _ in outcomes]
            self.expect(len(set(names)) == len(names), "chance", f"duplicate outcomes in {names}")
            return names
        self.expect(CHANCE not in actors, "actors", f"chance acts together with seats: {actors}")
        legal = g.legal_actions(state, actors[0])
        self.expect(bool(legal), "legal_actions", f"seat {actors[0]} is to act but has no legal action")
        self.expect(len(set(legal)) == len(legal), "legal_actions",
                    f"duplicate legal actions: {sorted(str(a) for a in legal)}")
        return legal

    def step_check(self, before: S, seat: int, action: Action, after: S) -> None:
        for transition in self.checks.transitions:
            problems = list(transition(before, seat, action, after))
            self.expect(not problems, "transition", f"after '{action}' by seat {seat}: " + "; ".join(problems))

    # ----- expensive checks -----------------------------------------------------------------------
    def full(self, state: S, actors: tuple[int, ...], legal: list[Action]) -> None:
        g = self.game
        text = self.text(state)
        seat = actors[0]
        # legal_actions is repeatable and does not touch the state
        again = g.legal_actions(state, seat)
        self.expect(again == legal, "legal_actions", "two calls gave different lists")
        self.unchanged(state, text, "legal_actions", "legal_actions")
        if seat == CHANCE:
            sampled = g.sample_chance(state)
            self.expect(sampled in legal, "chance", f"sample_chance gave '{sampled}', not an outcome")
            self.unchanged(state, text, "chance", "sample_chance")
        # notation round trip
        for action in legal:
            try:
                parsed = Action.parse(str(action))
            except Exception as exc:  # a MalformedAction, or worse
                raise self.fail("notation", f"'{action}' does not parse: {exc!r}") from exc
            self.expect(parsed == action, "notation", f"'{action}' parses as {parsed!r}, not {action!r}")
        # every legal action applies on a copy; apply never changes its argument
        if self.checks.apply_all:
            for action in legal:
                child = g.copy(state)
                try:
                    g.apply_in_place(child, action, seat, validate=False)
                except Exception as exc:
                    raise self.fail("apply", f"legal action '{action}' raised {exc!r}{_where(exc)}") from exc
                for invariant in self.checks.invariants:
                    problems = list(invariant(child))
                    self.expect(not problems, "invariant", f"after legal action '{action}': " + "; ".join(problems))
                self.step_check(state, seat, action, child)
            self.unchanged(state, text, "apply", "apply() of the legal actions")
        # protocol refusals change nothing
        self._refusals(state, text, actors, legal)
        # copies: equal and independent
        copy = g.copy(state)
        self.expect(self.text(copy) == text, "copy", "copy differs from the original:\n"
                    + _diff(text, self.text(copy)))
        g.apply_in_place(copy, legal[0], seat)
        self.unchanged(state, text, "copy", f"applying '{legal[0]}' to a copy")
        # JSON and position text round trips, each giving the same legal actions
        data = json.loads(json.dumps(g.state_to_json(state)))
        from_json = g.state_from_json(data)
        self.expect(self.text(from_json) == text, "json", "JSON round trip differs:\n"
                    + _diff(text, self.text(from_json)))
        self.expect(g.legal_actions(from_json, seat) == legal, "json",
                    "the state read back from JSON offers different legal actions")
        parsed_state = g.parse_position(text)
        self.expect(self.text(parsed_state) == text, "position_text", "position text round trip differs:\n"
                    + _diff(text, self.text(parsed_state)))
        self.expect(g.legal_actions(parsed_state, seat) == legal, "position_text",
                    "the state read back from its text offers different legal actions")
        self.views(state, text)

    def _refusals(self, state: S, text: str, actors: tuple[int, ...], legal: list[Action]) -> None:
        g = self.game
        seat = actors[0]
        bogus = Action("zz-not-an-action", (7,))
        if bogus not in legal:
            self._refused(state, text, bogus, seat, "an unknown action")
        for other in [*range(len(g.seat_names)), CHANCE]:
            if other not in actors:
                self._refused(state, text, legal[0], other, f"seat {other}, not to act,")
        rnd = random.Random(self.seed * 1_000_003 + self.step)
        for action in near_misses(legal, rnd, self.checks.near_misses):
            self._refused(state, text, action, seat, f"seat {seat} (a near miss of a legal action)")

    def _refused(self, state: S, text: str, action: Action, seat: int, who: str) -> None:
        try:
            self.game.apply_in_place(state, action, seat)
        except IllegalAction:
            self.unchanged(state, text, "refusal", f"refusing '{action}' for {who}")
            return
        except Exception as exc:
            raise self.fail("refusal", f"'{action}' by {who} raised {exc!r}{_where(exc)}, not IllegalAction") from exc
        raise self.fail("refusal", f"'{action}' by {who} was accepted")

    def views(self, state: S, text: str) -> None:
        g = self.game
        key = self.checks.view_key or (lambda v: v)
        for seat in [*range(len(g.seat_names)), None]:
            view = g.view(state, seat)
            self.unchanged(state, text, "view", f"view({seat})")
            if self.checks.view_check is not None:
                problems = list(self.checks.view_check(state, view, seat))
                self.expect(not problems, "view", f"view of seat {seat}: " + "; ".join(problems))
            # the generator never shows through a view
            other = g.copy(state)
            g.rng(other).state ^= 0x5DEECE66D_1234
            self.expect(key(g.view(other, seat)) == key(view), "view",
                        f"view of seat {seat} depends on the generator state")
            if self.checks.secrets is not None:
                for variant in self.checks.secrets(state, seat):
                    if key(g.view(variant, seat)) != key(view):
                        raise self.fail("view", f"view of seat {seat} shows information hidden from it:\n"
                                        + _diff(text, self.text(variant)))

    def determinized(self, state: S) -> None:
        """Each seat's determinization shows it its view and plays on (:attr:`Checks.determinize_every`)."""
        g = self.game
        key = self.checks.view_key or (lambda v: v)
        for seat in range(len(g.seat_names)):
            view = g.view(state, seat)
            rnd = random.Random(self.seed * 1_000_003 + self.step * 31 + seat)
            try:
                drawn = g.determinize(view, rnd)
            except NotImplementedError:
                return  # a game with nothing hidden draws nothing
            self.expect(key(g.view(drawn, seat)) == key(view), "determinize",
                        f"seat {seat}'s determinization shows it another view")
            done = 0
            try:
                while done < self.checks.determinize_steps and g.actors(drawn):
                    actors = g.actors(drawn)
                    if actors == (CHANCE,):
                        g.step_chance(drawn)
                    else:
                        g.apply_in_place(drawn, rnd.choice(g.legal_actions(drawn, actors[0])), actors[0],
                                         validate=False)
                    done += 1
            except Exception as exc:
                raise self.fail("determinize", f"seat {seat}'s determinization, {done} steps on, raised "
                                f"{exc!r}{_where(exc)}") from exc

    def final(self, state: S, start_text: str | None) -> None:
        g = self.game
        self.expect(g.outcome(state) is not None, "outcome", "the game is over but has no outcome")
        try:
            g.legal_actions(state)
        except IllegalAction:
            pass
        else:
            raise self.fail("terminal", "legal_actions answered after the end of the game")
        text = self.text(state)
        self.views(state, text)
        for invariant in self.checks.invariants:
            problems = list(invariant(state))
            self.expect(not problems, "invariant", "; ".join(problems))
        if not self.checks.replay:
            return
        record = GameRecord.loads(self.record.dumps())
        self.expect(record.actions == self.record.actions, "record", "the log changed in a JSON round trip")
        try:
            if start_text is None:
                replayed = Replay(g, record).final_state()
            else:
                replayed = g.parse_position(start_text)
                for seat, action in record.actions:
                    g.apply_in_place(replayed, action, seat)
        except Exception as exc:
            raise self.fail("replay", f"replaying the log raised {exc!r}{_where(exc)}") from exc
        self.expect(self.text(replayed) == text, "replay", "replaying the log ends elsewhere:\n"
                    + _diff(text, self.text(replayed)))


def random_playout(game: Game[S, V], seed: int, check: Checks[S, V] | None = None, *,
                   policy: Policy[S] | None = None, start: S | None = None,
                   max_steps: int = 20_000) -> Playout[S]:
    """Play one seeded game with random legal actions, checking as ``check`` says (``None``: no checks).

    Seats choose with ``policy`` (default :func:`uniform_policy`) from ``random.Random(seed)``; chance
    comes from the state's own generator. ``start`` replaces ``game.new_state(seed)`` (it is copied,
    not changed). Raises :class:`PlayoutFailure` on the first failed check; an exception raised by the
    game is reported the same way.
    """
    choose: Policy[S] = policy or uniform_policy
    rnd = random.Random(seed)
    state = game.new_state(seed) if start is None else game.copy(start)
    start_text = None if start is None else game.position_text(state)
    options = dict(getattr(game, "options", {}))
    record = GameRecord(game.name, options, seed)
    checks: Checks[S, V] = check if check is not None else CHEAP
    checker = _Checker(game, seed, checks, record)
    checked = 0
    for step in range(max_steps):
        checker.step = step
        try:
            actors = game.actors(state)
            if not actors:
                if check is not None:
                    checker.final(state, start_text)
                return Playout(seed, state, record, step, True, checked)
            if check is None:
                if actors == (CHANCE,):
                    legal = [a for a, _ in game.chance_outcomes(state)]
                else:
                    legal = game.legal_actions(state, actors[0])
            else:
                legal = checker.cheap(state, actors)
                if checks.every and step % checks.every == 0:
                    checker.full(state, actors, legal)
                    checked += 1
                if checks.determinize_every and step % checks.determinize_every == 0:
                    checker.determinized(state)
            seat = actors[0] if len(actors) == 1 else rnd.choice(actors)
            if seat == CHANCE:
                action = game.sample_chance(state)
            else:
                if seat != actors[0]:
                    legal = game.legal_actions(state, seat)
                action = choose(rnd, state, seat, legal)
            if check is None:
                game.apply_in_place(state, action, seat, validate=False)
            else:
                text = game.position_text(state)
                after = game.apply(state, action, seat)
                checker.unchanged(state, text, "apply", f"apply('{action}')")
                checker.step_check(state, seat, action, after)
                state = after
            record.actions.append((seat, action))
        except PlayoutFailure:
            raise
        except Exception as exc:
            raise checker.fail("exception", repr(exc) + _where(exc)) from exc
    return Playout(seed, state, record, max_steps, False, checked, [f"stopped after {max_steps} steps"])


def near_misses(legal: list[Action], rnd: random.Random, limit: int) -> list[Action]:
    """Up to ``limit`` actions that are not legal but look like legal ones: one argument replaced by an
    argument of another legal action (or an integer moved by one), the last argument dropped, an
    argument added, or another legal action's verb."""
    if not legal or limit <= 0:
        return []
    known = set(legal)
    pool: list[str | int] = [*sorted({a for action in legal for a in action.args}, key=str), "zz", 0, 99]
    verbs = sorted({action.verb for action in legal})
    out: list[Action] = []
    for _ in range(20 * limit):
        base = rnd.choice(legal)
        kind = rnd.randrange(4)
        args = list(base.args)
        if kind == 0 and args:
            i = rnd.randrange(len(args))
            old = args[i]
            args[i] = old + rnd.choice((-1, 1)) if isinstance(old, int) and rnd.random() < 0.5 else rnd.choice(pool)
            candidate = Action(base.verb, tuple(args))
        elif kind == 1 and args:
            candidate = Action(base.verb, tuple(args[:-1]))
        elif kind == 2:
            candidate = Action(base.verb, (*args, rnd.choice(pool)))
        else:
            candidate = Action(rnd.choice(verbs), base.args)
        if candidate not in known and candidate not in out:
            out.append(candidate)
            if len(out) >= limit:
                break
    return out


# ----- perft ----------------------------------------------------------------------------------------
def perft(game: Game[S, Any], state: S, depth: int) -> int:
    """Leaf count of the tree of legal actions ``depth`` plies deep (each chance outcome is one branch;
    a game that ends earlier contributes nothing)."""
    if depth == 0:
        return 1
    actors = game.actors(state)
    if not actors:
        return 0
    seat = actors[0]
    legal = game.legal_actions(state, seat)
    if depth == 1:
        return len(legal)
    total = 0
    for action in legal:
        total += perft(game, game.apply(state, action, seat), depth - 1)
    return total


def perft_divide(game: Game[S, Any], state: S, depth: int) -> dict[str, int]:
    """:func:`perft` split by the first action (its notation), for finding where two counts differ."""
    actors = game.actors(state)
    if not actors or depth < 1:
        return {}
    seat = actors[0]
    return {str(a): perft(game, game.apply(state, a, seat), depth - 1) for a in game.legal_actions(state, seat)}


def perft_by_copies(game: Game[S, Any], state: S, depth: int) -> int:
    """:func:`perft` counted another way, to cross-check it: copies changed in place with validation,
    chance branches taken from ``chance_outcomes``."""
    if depth == 0:
        return 1
    if game.is_terminal(state):
        return 0
    if game.is_chance(state):
        moves, seat = [a for a, _ in game.chance_outcomes(state)], CHANCE
    else:
        seat = game.actors(state)[0]
        moves = game.legal_actions(state, seat)
    if depth == 1:
        return len(moves)
    total = 0
    for action in moves:
        child = game.copy(state)
        game.apply_in_place(child, action, seat)
        total += perft_by_copies(game, child, depth - 1)
    return total


# ----- golden playthroughs --------------------------------------------------------------------------
def golden_lines(game: Game[S, Any], seed: int, digest: Callable[[S], str], header: str,
                 max_steps: int = 20_000, choose: Policy[S] | None = None) -> list[str]:
    """A seeded random game as golden lines: ``header``, ``start | digest``, then per step ``<seat or
    chance> <action> | <digest of the position it led to>``, then ``outcome …``. One
    ``random.Random(seed)`` picks among the legal actions in the engine's order, through ``choose``
    when a game's random play needs a hand to reach its later rounds; chance comes from the state's
    own generator."""
    state = game.new_state(seed)
    rng = random.Random(seed)
    lines = [header, f"start | {digest(state)}"]
    for _ in range(max_steps):
        if game.is_terminal(state):
            break
        if game.is_chance(state):
            action, who = game.step_chance(state), "chance"
        else:
            seat = game.actors(state)[0]
            legal = game.legal_actions(state, seat)
            action = rng.choice(legal) if choose is None else choose(rng, state, seat, legal)
            game.apply_in_place(state, action, seat, validate=False)
            who = str(seat)
        lines.append(f"{who} {action} | {digest(state)}")
    lines.append(f"outcome {game.outcome(state)}")
    return lines


def golden_replay(game: Game[S, Any], lines: list[str], digest: Callable[[S], str]) -> list[str]:
    """The lines rebuilt by applying the stored actions with validation (the seed is read from the
    header's ``seed=N``): equal to ``lines`` while the rules have not changed."""
    seed = int(lines[0].rsplit("seed=", 1)[1].split()[0])
    state = game.new_state(seed)
    out = [lines[0], f"start | {digest(state)}"]
    for line in lines[2:-1]:
        who, text = line.split(" | ")[0].split(" ", 1)
        game.apply_in_place(state, Action.parse(text), CHANCE if who == "chance" else int(who))
        out.append(f"{who} {text} | {digest(state)}")
    out.append(f"outcome {game.outcome(state)}")
    return out


def first_difference(expected: list[str], got: list[str]) -> str:
    """Where two lists of golden lines part, for a readable failure."""
    for n, (a, b) in enumerate(zip(expected, got, strict=False)):
        if a != b:
            return f"line {n + 1}:\n  golden: {a}\n  now:    {b}"
    return f"lengths differ: golden {len(expected)} lines, now {len(got)}"


def _where(exc: BaseException) -> str:
    """`` at file:line in function`` of the innermost frame of an exception, for bug reports."""
    frames = traceback.extract_tb(exc.__traceback__)
    if not frames:
        return ""
    last = frames[-1]
    return f" at {last.filename}:{last.lineno} in {last.name}"


def _diff(before: str, after: str, limit: int = 12) -> str:
    """The lines that differ between two position texts (at most ``limit``)."""
    a, b = before.splitlines(), after.splitlines()
    out = []
    for i in range(max(len(a), len(b))):
        x = a[i] if i < len(a) else "<none>"
        y = b[i] if i < len(b) else "<none>"
        if x != y:
            out.append(f"  - {x[:300]}\n  + {y[:300]}")
        if len(out) >= limit:
            out.append("  ...")
            break
    return "\n".join(out) if out else "  (texts differ only in line endings)"
