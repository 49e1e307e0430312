"""A game in progress, as the terminal UI sees it: the record, the position, the plain-words log.

Nothing here imports Textual: the session applies actions, names what happened without leaking a
hidden card, builds the agents' requests (run in a worker thread by the app), undoes, saves and
loads. The save file is the action log (:class:`GameRecord`), exactly as in the plain text loop.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path

from kleos.agents import Agent, make_agent
from kleos.agents.simple import SimpleAgent
from kleos.core.action import Action, MalformedAction
from kleos.core.errors import IllegalAction
from kleos.core.protocol import CHANCE
from kleos.core.record import GameRecord
from kleos.core.undo import undo, undo_blocker
from kleos.games.polis.board import units
from kleos.games.polis.game import PolisGame
from kleos.games.polis.rules.battle import pair_result
from kleos.games.polis.state import END_OF_ROUND, PolisState
from kleos.games.polis.tables import GOODS, other
from kleos.games.polis.text import card_label, describe_action, outcome_text, round_label, side_name
from kleos.games.polis.view import PolisView


@dataclass(frozen=True)
class LogLine:
    """One line of the game log: the index of the record entry it tells about, and the text."""

    index: int
    seat: int
    text: str
    kind: str = "action"  # action | chance | result | heading


@dataclass
class AgentRequest:
    """Everything an agent needs, copied on the UI thread so the worker thread shares no state."""

    seat: int
    view: PolisView
    legal: list[Action]
    rng: random.Random
    token: tuple[int, int]  # (generation, record length): a stale answer is dropped


def decision_rng(seed: int, seat: int, step: int) -> random.Random:
    """The agent's generator for one decision: the same as the plain loop's, so both front ends play
    the same game from the same log, and a resumed game goes on as the uninterrupted one."""
    return random.Random(f"kleos-play:{seed}:{seat}:{step}")


@dataclass
class Session:
    """One game: which seats are people, the computer opponent, the record and the position."""

    game: PolisGame
    record: GameRecord
    humans: frozenset[int]
    opponent_spec: str = "simple"
    save_path: Path | None = None
    readers: frozenset[int] | None = None  # seats whose drawn cards the log may name
    state: PolisState = field(init=False)
    log: list[LogLine] = field(init=False)
    generation: int = field(init=False, default=0)
    agents: dict[int, Agent] = field(init=False)

    def __post_init__(self) -> None:
        self.agents = {seat: make_agent(self.opponent_spec, self.game)
                       for seat in (0, 1) if seat not in self.humans}
        self.rebuild()

    # ----- construction ---------------------------------------------------------------------------
    @staticmethod
    def new(edition: str, seed: int, humans: frozenset[int], opponent: str = "simple",
            save_path: Path | None = None) -> Session:
        game = PolisGame(edition)
        record = GameRecord("polis", dict(game.options), seed)
        return Session(game, record, humans, opponent, save_path)

    @staticmethod
    def from_record(record: GameRecord, humans: frozenset[int], opponent: str = "simple",
                    save_path: Path | None = None, readers: frozenset[int] | None = None) -> Session:
        if record.game != "polis":
            raise ValueError(f"a saved game of {record.game!r}, not polis")
        game = PolisGame.from_options(record.options)
        record.options = dict(game.options)
        return Session(game, record, humans, opponent, save_path, readers)

    @staticmethod
    def load(path: Path, humans: frozenset[int], opponent: str = "simple",
             save_path: Path | None = None) -> Session:
        record = GameRecord.loads(path.read_text(encoding="utf-8"))
        return Session.from_record(record, humans, opponent, save_path if save_path is not None else path)

    def rebuild(self) -> None:
        """Replay the record from the start: the position and the log (every action validated)."""
        self.generation += 1
        self.state = self.game.new_state(self.record.seed)
        self.log = []
        actions = list(self.record.actions)
        self.record.actions = []
        for seat, action in actions:
            self._do(seat, action)

    # ----- who acts -------------------------------------------------------------------------------
    @property
    def hotseat(self) -> bool:
        return len(self.humans) == 2

    @property
    def over(self) -> bool:
        return self.game.is_terminal(self.state)

    def to_act(self) -> int | None:
        """The seat to act (``CHANCE`` for a chance event), or ``None`` when the game is over."""
        actors = self.game.actors(self.state)
        return actors[0] if actors else None

    def is_human(self, seat: int) -> bool:
        return seat in self.humans

    def legal(self, seat: int) -> list[Action]:
        return self.game.legal_actions(self.state, seat)

    def view(self, seat: int | None) -> PolisView:
        return self.game.view(self.state, seat)

    @property
    def _readers(self) -> frozenset[int]:
        if self.readers is not None:
            return self.readers
        return frozenset() if self.hotseat else self.humans

    # ----- acting ---------------------------------------------------------------------------------
    def apply(self, seat: int, action: Action) -> list[LogLine]:
        """Carry out a seat's action (validated: raises :class:`IllegalAction`); the new log lines."""
        if seat == CHANCE:
            raise IllegalAction("PROTOCOL", "chance events are drawn by the session")
        if action not in self.legal(seat):
            self.game.apply(self.state, action, seat)  # on a copy: raises, naming the rule broken
            raise IllegalAction("PROTOCOL", f"'{action}' is not one of the legal actions here")
        return self._do(seat, action)

    def settle(self) -> list[LogLine]:
        """Resolve every pending chance event (dice, cards, tiles, events) from the game's generator."""
        lines: list[LogLine] = []
        while self.to_act() == CHANCE:
            lines.extend(self.step_chance())
        return lines

    def step_chance(self) -> list[LogLine]:
        """Resolve the pending chance event from the game's own generator."""
        return self._do(CHANCE, self.game.sample_chance(self.state))

    def _do(self, seat: int, action: Action) -> list[LogLine]:
        before = self.state.copy()
        lines = self._lines_before(seat, action)
        self.game.apply_in_place(self.state, action, seat)
        self.record.actions.append((seat, action))
        changes = self._changes(before)
        if changes and lines and lines[0].kind in ("action", "chance"):
            first = lines[0]
            lines[0] = LogLine(first.index, first.seat, f"{first.text}  → {changes}", first.kind)
        lines.extend(self._lines_after(before))
        self.log.extend(lines)
        return lines

    def _changes(self, before: PolisState) -> str:
        """What the step changed in goods and prestige, e.g. ``Athens +3 silver, +1 wheat``."""
        t, s = self.game.tables, self.state
        parts: list[str] = []
        for side in (0, 1):
            deltas: list[str] = []
            d = s.prestige[side] - before.prestige[side]
            if d:
                deltas.append(f"{d:+d} prestige")
            for g in t.goods:
                i = side * len(GOODS) + g
                d = s.goods[i] - before.goods[i]
                if d:
                    deltas.append(f"{d:+d} {GOODS[g]}")
            if deltas:
                parts.append(f"{side_name(side)} {', '.join(deltas)}")
        return "; ".join(parts)

    def _card_recipient(self) -> int | None:
        b = self.state.battle
        if b is None:
            return None
        return b.attacker if b.deal[b.attacker] > 0 else other(b.attacker)

    def _lines_before(self, seat: int, action: Action) -> list[LogLine]:
        index = len(self.record.actions)
        t, s = self.game.tables, self.state
        if seat == CHANCE:
            if action.verb == "card":
                to = self._card_recipient()
                if to is not None and to in self._readers:
                    card = next(c for c in t.cards(s.battle.sea)  # type: ignore[union-attr]
                                if c.code == str(action.args[0]))
                    who = "You draw" if len(self._readers) == 1 else f"{side_name(to)} draws"
                    return [LogLine(index, seat, f"{who} {card_label(card)}", "chance")]
                name = side_name(to) if to is not None else "A player"
                return [LogLine(index, seat, f"{name} draws a battle card", "chance")]
            return [LogLine(index, seat, describe_action(self.game, s, action), "chance")]
        lines = [LogLine(index, seat, f"{side_name(seat)}: {describe_action(self.game, s, action)}")]
        b = s.battle
        if action.verb == "defend" and b is not None and len(b.played) == 2:
            cards = t.cards(b.sea)
            index_of = {c.code: c for c in cards}
            unit = "galley" if b.sea else "hoplite"
            att_side, dfn_side = b.attacker, other(b.attacker)
            for n, (a, d) in enumerate(zip(b.played, action.args, strict=True), start=1):
                att, dfn = cards[a], index_of[str(d)]
                lost, gain = pair_result(att, dfn)
                result = (f"no match: {side_name(dfn_side)} loses a {unit}" if lost
                          else "matched: no loss")
                if gain:
                    result += f"; {side_name(att_side)} {gain:+d} prestige"
                lines.append(LogLine(index, seat, f"  Pair {n}: {side_name(att_side)}'s {card_label(att)} "
                                     f"against {side_name(dfn_side)}'s {card_label(dfn)}: {result}", "result"))
        return lines

    def _lines_after(self, before: PolisState) -> list[LogLine]:
        t, s = self.game.tables, self.state
        index = len(self.record.actions) - 1
        out: list[LogLine] = []

        def say(text: str) -> None:
            out.append(LogLine(index, CHANCE, text, "heading"))

        b0, b1 = before.battle, s.battle
        if b0 is not None and (b1 is None or b1.region != b0.region):
            unit = "galleys" if b0.sea else "hoplites"
            say(f"The battle in {t.region_ids[b0.region]} ends: {unit} Athens {units(s, b0.region, 0)}, "
                f"Sparta {units(s, b0.region, 1)}; prestige Athens {s.prestige[0]}, Sparta {s.prestige[1]}.")
        if b1 is not None and (b0 is None or b0.region != b1.region):
            kind = "sea" if b1.sea else "land"
            unit = "galleys" if b1.sea else "hoplites"
            say(f"Battle in {t.region_ids[b1.region]} ({kind}): {unit} Athens {units(s, b1.region, 0)}, "
                f"Sparta {units(s, b1.region, 1)}; {side_name(b1.attacker)} attacks first.")
        if s.phase == END_OF_ROUND and before.phase != END_OF_ROUND:
            say("Both players have passed: the end of the round.")
        if s.round != before.round and s.outcome is None:
            say(f"=== {round_label(t, s).capitalize()} ===")
        if s.outcome is not None and before.outcome is None:
            say(f"Game over: {outcome_text(s)}.")
        return out

    # ----- the computer's decisions -----------------------------------------------------------------
    def agent_request(self, seat: int) -> AgentRequest:
        return AgentRequest(seat, self.view(seat), self.legal(seat),
                            decision_rng(self.record.seed, seat, len(self.record.actions)), self.token)

    @property
    def token(self) -> tuple[int, int]:
        return (self.generation, len(self.record.actions))

    def agent_choose(self, request: AgentRequest) -> Action:
        """Run in a worker thread: reads only the request."""
        return self.agents[request.seat].choose(request.view, request.legal, request.rng)

    def hint(self, seat: int) -> Action:
        """What the simple computer player would do here, from the seat's own view."""
        agent = SimpleAgent(self.game)
        return agent.choose(self.view(seat), self.legal(seat),
                            decision_rng(self.record.seed, seat, len(self.record.actions)))

    # ----- typed actions --------------------------------------------------------------------------
    def parse(self, seat: int, text: str) -> tuple[Action | None, str]:
        """A typed action: (the legal action, '') or (None, why it cannot be taken)."""
        try:
            action = Action.parse(text)
        except MalformedAction as exc:
            return None, f"Not understood: {exc}"
        if action in self.legal(seat):
            return action, ""
        try:
            self.game.apply(self.state, action, seat)
        except IllegalAction as exc:
            return None, f"Not allowed ({exc.rule}): {exc.message}"
        return None, f"'{action}' is not one of your choices here"

    # ----- undo, save, load -----------------------------------------------------------------------
    def undo_blocker(self, seat: int) -> str | None:
        return undo_blocker(self.record, seat)

    def undo(self, seat: int) -> None:
        self.record = undo(self.game, self.record, seat)
        self.rebuild()

    def truncate(self, length: int) -> None:
        """Keep only the first ``length`` actions (play on from an earlier point of a replay)."""
        self.record = GameRecord(self.record.game, dict(self.record.options), self.record.seed,
                                 list(self.record.actions[:length]))
        self.rebuild()

    def default_save(self) -> Path:
        return Path(f"kleos-polis-{self.record.seed}.json")

    def save(self, path: Path | None = None) -> Path:
        target = path or self.save_path or self.default_save()
        target.write_text(self.record.dumps() + "\n", encoding="utf-8")
        if path is not None:
            self.save_path = path
        return target

    def autosave(self) -> Path | None:
        if self.save_path is None:
            return None
        return self.save(self.save_path)

    def replace_record(self, record: GameRecord) -> None:
        """Load another game into this session (same seats and opponent)."""
        if record.game != "polis":
            raise ValueError(f"a saved game of {record.game!r}, not polis")
        game = PolisGame.from_options(record.options)
        old = (self.game, self.record)
        self.game, self.record = game, record
        try:
            self.agents = {seat: make_agent(self.opponent_spec, game) for seat in (0, 1) if seat not in self.humans}
            self.rebuild()
        except Exception:
            self.game, self.record = old
            self.agents = {seat: make_agent(self.opponent_spec, self.game)
                           for seat in (0, 1) if seat not in self.humans}
            self.rebuild()
            raise

    def since_last(self, seat: int) -> list[LogLine]:
        """The log lines after ``seat``'s last action (what happened while it waited)."""
        last = max((i for i, (s, _) in enumerate(self.record.actions) if s == seat), default=-1)
        return [line for line in self.log if line.index > last]
