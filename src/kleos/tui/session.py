"""A game in progress, as the terminal app sees it: the record, the position, the plain-words log.

Nothing here imports Textual: the session applies actions, tells them in the log without leaking a
secret to a screen that may not show it, builds the agents' requests (run in a worker thread by the
app), undoes, saves and loads. The save file is the action log (:class:`GameRecord`). Any game of
the registry can be played: N seats, any of them people, and several seats acting at once.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kleos.agents import Agent, make_agent
from kleos.agents.hints import Ranked, lookahead_words, ranking
from kleos.core import registry
from kleos.core.action import Action, MalformedAction
from kleos.core.clock import forfeit_outcome
from kleos.core.errors import IllegalAction
from kleos.core.kit import GameKit
from kleos.core.kit.handicap import handicaps
from kleos.core.kit.terminal import LogLine, TerminalParts
from kleos.core.protocol import CHANCE, Game, Outcome
from kleos.core.record import GameRecord
from kleos.core.undo import undo, undo_blocker
from kleos.i18n.platform import _

__all__ = ["AgentRequest", "LogLine", "Session", "decision_rng", "free_path"]


@dataclass
class AgentRequest:
    """Everything an agent needs, copied on the UI thread so the worker thread shares no state."""

    seat: int
    view: Any
    legal: list[Action]
    rng: random.Random
    token: tuple[int, int]  # (generation, record length): a stale answer is dropped


def decision_rng(seed: int, seat: int, step: int) -> random.Random:
    """The agent's generator for one decision: the same as the plain loop's, so both front ends play
    the same game from the same log, and a resumed game goes on as the uninterrupted one."""
    return random.Random(f"kleos-play:{seed}:{seat}:{step}")


def free_path(path: Path, tries: int = 1000) -> Path:
    """``path``, or the first ``stem-2``, ``stem-3`` … beside it that does not exist yet."""
    if not path.exists():
        return path
    for n in range(2, tries):
        candidate = path.with_name(f"{path.stem}-{n}{path.suffix}")
        if not candidate.exists():
            return candidate
    raise OSError(f"no free file name beside {path}")


def split_at_heading(line: LogLine, within: tuple[str, str] | None) -> list[LogLine]:
    """A step's log line, and when a round or phase begins inside the step (the kit's
    ``log_words``: its heading and the words of the line that belong to it), the line in two
    with the heading between; the whole line when its words do not end so."""
    if within is None or not line.text.endswith(within[1]) or not 0 < len(within[1]) < len(line.text):
        return [line]
    heading, words = within
    head = line.text[:-len(words)].rstrip()
    return [LogLine(line.index, line.seat, head, line.kind), LogLine(line.index, CHANCE, heading, "heading"),
            LogLine(line.index, CHANCE, words, "result")]


def default_opponent(kit: GameKit) -> str:
    parts = kit.agent_parts()
    return parts.default_opponent if parts is not None else "random"


def hint_spec(kit: GameKit) -> str:
    """The agent that gives players hints: the kit's choice, or the random player."""
    parts = kit.agent_parts()
    return parts.hint if parts is not None else "random"


@dataclass
class Session:
    """One game: which seats are people, the computer players, the record and the position.

    ``opponent_spec`` plays every seat that is not a person, unless ``opponents`` names another
    agent for that seat; ``readers`` are the seats whose secrets the log may name (by default the
    one person at the screen, nobody in hotseat)."""

    game: Game[Any, Any]
    record: GameRecord
    humans: frozenset[int]
    opponent_spec: str = "random"
    save_path: Path | None = None
    readers: frozenset[int] | None = None
    opponents: Mapping[int, str] = field(default_factory=dict)
    kit: GameKit = field(init=False)
    parts: TerminalParts | None = field(init=False)
    state: Any = field(init=False)
    log: list[LogLine] = field(init=False)
    generation: int = field(init=False, default=0)
    agents: dict[int, Agent] = field(init=False)
    _views: dict[tuple[tuple[int, int], int | None], Any] = field(init=False, default_factory=dict)
    forfeit: Outcome | None = field(init=False, default=None)  # the game ended by a resignation

    def __post_init__(self) -> None:
        self.kit = registry.kit(self.game.name)
        self.parts = self.kit.terminal_parts()
        self.agents = self._make_agents(self.game)
        self.rebuild()

    # ----- construction ---------------------------------------------------------------------------
    @staticmethod
    def start(kit: GameKit, options: Mapping[str, Any], seed: int, humans: frozenset[int],
              opponent: str | None = None, save_path: Path | None = None) -> Session:
        """A new game of ``kit`` (options validated by the kit: :class:`OptionsError`)."""
        game = kit.make_game(options)
        record = GameRecord(kit.name, dict(game.options), seed)
        return Session(game, record, humans, opponent or default_opponent(kit), save_path)

    @staticmethod
    def from_record(record: GameRecord, humans: frozenset[int], opponent: str | None = None,
                    save_path: Path | None = None, readers: frozenset[int] | None = None,
                    opponents: Mapping[int, str] | None = None, game: Game[Any, Any] | None = None) -> Session:
        """A saved game, replayed (every action validated); its game comes from the registry, unless
        the caller built it already for ``record.options`` (``game``)."""
        kit = registry.kit(record.game)
        if game is None:
            game = kit.make_game(record.options)
            record.options = dict(game.options)
        return Session(game, record, humans, opponent or default_opponent(kit), save_path, readers,
                       dict(opponents or {}))

    @staticmethod
    def load(path: Path, humans: frozenset[int], opponent: str | None = None,
             save_path: Path | None = None) -> Session:
        record = GameRecord.loads(path.read_text(encoding="utf-8"))
        return Session.from_record(record, humans, opponent, save_path if save_path is not None else path)

    def _make_agents(self, game: Game[Any, Any]) -> dict[int, Agent]:
        return {seat: make_agent(self.spec_for(seat), game) for seat in self.seats if seat not in self.humans}

    def rebuild(self) -> None:
        """Replay the record from the start: the position and the log (every action validated)."""
        self.generation += 1
        self._views.clear()
        self.forfeit = None
        self.state = self.game.new_state(self.record.seed)
        self.log = []
        actions = list(self.record.actions)
        self.record.actions = []
        for seat, action in actions:
            self._do(seat, action)
        for seat in self.record.resigned[:1]:  # a saved game that was resigned stays over
            self._forfeit(seat)

    # ----- who acts -------------------------------------------------------------------------------
    @property
    def seats(self) -> range:
        return range(len(self.game.seat_names))

    def name(self, seat: int | None) -> str:
        """A seat's name for people, in the reader's language where the game translates it."""
        return self.kit.seat_name(self.game, seat)

    def spec_for(self, seat: int) -> str:
        """The agent spec of a computer seat."""
        return self.opponents.get(seat, self.opponent_spec)

    @property
    def hotseat(self) -> bool:
        """Several people share the screen (and pass the device between them)."""
        return len(self.humans) > 1

    @property
    def over(self) -> bool:
        return self.forfeit is not None or self.game.is_terminal(self.state)

    @property
    def outcome(self) -> Outcome | None:
        return self.forfeit if self.forfeit is not None else self.game.outcome(self.state)

    def actors(self) -> tuple[int, ...]:
        return self.game.actors(self.state)

    def to_act(self) -> int | None:
        """The seat to handle next (``CHANCE`` for a chance event), ``None`` when the game is over.

        When several seats act at once, the computer's seats answer first, then each person in turn."""
        actors = self.game.actors(self.state)
        if not actors or self.forfeit is not None:
            return None
        return next((seat for seat in actors if seat != CHANCE and seat not in self.humans), actors[0])

    def is_human(self, seat: int) -> bool:
        return seat in self.humans

    def players_text(self) -> str:
        """The welcome's line on who plays: "You play Player 1 against 2 computer players (random).",
        or, with no person at the table, "You watch: the computer plays all 4 seats (heuristic)."
        (not "You play nobody … against 4 computer players")."""
        if not self.humans:
            kinds = ", ".join(dict.fromkeys(self.spec_for(seat) for seat in self.seats))
            return _("You watch: the computer plays all {n} seats ({kinds}).", n=len(self.seats), kinds=kinds)
        who = _(" and ").join(self.name(seat) for seat in sorted(self.humans))
        return _("You play {who}{opponents}.", who=who, opponents=self.opponents_text())

    def opponents_text(self) -> str:
        """`` against the … computer player`` for a welcome, or nothing in a game of people only."""
        bots = [seat for seat in self.seats if not self.is_human(seat)]
        if not bots:
            return ""
        specs = list(dict.fromkeys(self.spec_for(seat) for seat in bots))
        if len(bots) == 1:
            return _(" against the {kind} computer player", kind=specs[0])
        return _(" against {n} computer players ({kinds})", n=len(bots), kinds=", ".join(specs))

    def handicap_text(self) -> str:
        """The game's bot handicap as this game gives it, seat by seat ("none" when its bots have none,
        so that a player knows the scores start even); nothing for a game without one."""
        spec = self.kit.bot_handicap
        given = handicaps(self.kit, self.record.options)
        if spec is None or (not given and all(self.is_human(seat) for seat in self.seats)):
            return ""
        what = spec.words(self.kit.word)
        if not given:
            return _("Handicap, {what}: none in this game (kleos play --handicap N gives the bots N).", what=what)
        seats = ", ".join(f"{self.name(seat)} {amount}" for seat, amount in sorted(given.items()))
        return _("Handicap, {what}: {seats} (kleos play --handicap N sets it, 0 turns it off).",
                 what=what, seats=seats)

    def legal(self, seat: int) -> list[Action]:
        return self.game.legal_actions(self.state, seat)

    def view(self, seat: int | None) -> Any:
        """``seat``'s view of the position (``None``: a spectator's), kept until the position changes."""
        key = (self.token, seat)
        if key not in self._views:
            if len(self._views) > 8:
                self._views.clear()
            self._views[key] = self.game.view(self.state, seat)
        return self._views[key]

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

    def may_read(self, before: Any, seat: int, action: Action) -> bool:
        """Whether the people at the screen may read ``action``, just taken by ``seat`` from ``before``."""
        allowed = self.kit.log_visibility(self.game, before, seat, action, self.state)
        return allowed is None or bool(allowed & self._readers)

    def settle(self) -> list[LogLine]:
        """Resolve every pending chance event from the game's generator."""
        lines: list[LogLine] = []
        while self.to_act() == CHANCE:
            lines.extend(self.step_chance())
        return lines

    def step_chance(self) -> list[LogLine]:
        """Resolve the pending chance event from the game's own generator."""
        return self._do(CHANCE, self.game.sample_chance(self.state))

    def _do(self, seat: int, action: Action) -> list[LogLine]:
        before = self.game.copy(self.state)
        index = len(self.record.actions)
        self.game.apply_in_place(self.state, action, seat)
        self.record.actions.append((seat, action))
        tell = self.parts.log_lines if self.parts is not None else None
        if tell is not None:
            lines = tell(self.game, before, seat, action, self.state, index, self._readers)
        else:
            lines = self._plain_lines(before, seat, action, index)
        self.log.extend(lines)
        return lines

    def _plain_lines(self, before: Any, seat: int, action: Action, index: int) -> list[LogLine]:
        """The log of a game without its own: the step in the kit's words (``log_words``, from its
        narrator's views), or the kit's neutral line when the screen's readers may not see it; then
        the heading of a round or phase the step opens (the kit's ``log_heading``, also
        before the game's first step), or the end of the game."""
        kit, game = self.kit, self.game
        allowed = kit.log_visibility(game, before, seat, action, self.state)
        kind = "chance" if seat == CHANCE else "action"
        within: tuple[str, str] | None = None
        if allowed is not None and not allowed & self._readers:
            text = kit.hidden_log_line(game, seat, action, allowed)
        else:
            narrator = kit.log_narrator(game, before, seat, action, self.state)
            reader = min(allowed & self._readers) if seat == CHANCE and allowed else narrator
            seen = game.view(before, reader), game.view(self.state, reader)
            words = kit.log_words(game, seen[0], action, seen[1])
            text = words.text
            within = None if words.heading_within is None else (words.heading_within, words.text_within)
            if seat != CHANCE:
                text = f"{self.name(seat)}: {text}"
        lines = split_at_heading(LogLine(index, seat, text, kind), within)
        outcome = game.outcome(self.state)
        if outcome is not None:
            over = _("Game over: {words}.", words=kit.outcome_text(game, outcome))
            lines.append(LogLine(index, CHANCE, over, "heading"))
            return lines
        first, opened = kit.log_headings(game, game.view(before, None), game.view(self.state, None), index == 0)
        lines = ([LogLine(index, CHANCE, first, "heading")] if first else []) + lines
        told = any(line.kind == "heading" and line.text == opened for line in lines)  # begun inside the step
        lines += [LogLine(index, CHANCE, opened, "heading")] if opened and not told else []
        return lines

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

    @property
    def hint_name(self) -> str:
        return hint_spec(self.kit)

    def hint(self, seat: int) -> Action:
        """What the kit's hint agent would do here, from the seat's own view."""
        return self.hint_ranking(seat)[0][1]

    def hint_ranking(self, seat: int) -> Ranked:
        """The hint agent's choice first, then the others it weighed, each with the value it ranks by
        (:func:`kleos.agents.hints.ranking`)."""
        agent = make_agent(self.hint_name, self.game)
        return ranking(agent, self.view(seat), self.legal(seat),
                       decision_rng(self.record.seed, seat, len(self.record.actions)))

    def lookahead_words(self, seat: int, ranked: Ranked) -> str:
        """How close the hint's call was (:func:`kleos.agents.hints.lookahead_words`)."""
        return lookahead_words(self.kit, self.game, self.view(seat), ranked)

    def hint_reason(self, seat: int, action: Action) -> str:
        """Why the hint agent chose ``action``, from the seat's view ("" when the kit gives no reason)."""
        parts = self.kit.agent_parts()
        if parts is None or parts.explain is None:
            return ""
        return parts.explain(self.game, self.view(seat), self.legal(seat), action)

    # ----- typed actions --------------------------------------------------------------------------
    def parse(self, seat: int, text: str) -> tuple[Action | None, str]:
        """A typed action: (the legal action, '') or (None, why it cannot be taken)."""
        try:
            action = Action.parse(text)
        except MalformedAction as exc:
            return None, _("Not understood: {why}", why=exc)
        if action in self.legal(seat):
            return action, ""
        refusal = self.parts.menus.refusal if self.parts is not None else None
        why = refusal(self.game, action) if refusal is not None else ""
        if why:
            return None, _("Not understood: {why}", why=why)
        try:
            self.game.apply(self.state, action, seat)
        except IllegalAction as exc:
            return None, _("Not allowed ({rule}): {why}", rule=exc.rule, why=self.kit.render_illegal(exc))
        return None, _("'{action}' is not one of your choices here", action=action)

    # ----- undo, save, load -----------------------------------------------------------------------
    def undo_blocker(self, seat: int) -> str | None:
        if self.forfeit is not None:
            return _("the game was resigned")
        return undo_blocker(self.record, seat, self.game)

    def resign(self, seat: int) -> None:
        """``seat`` resigns: the game is over, lost by ``seat``; the other seats share the win. The
        record keeps the resignation, so the saved game loads as resigned."""
        self.record.resigned = [seat]
        self._forfeit(seat)
        self.autosave()

    def _forfeit(self, seat: int) -> None:
        self.forfeit = forfeit_outcome(len(self.game.seat_names), {seat}, "resigned")
        winners = [self.name(x) for x, score in enumerate(self.forfeit.scores) if score]
        if len(winners) == 1:
            line = _("{name} resigned: {winner} wins.", name=self.name(seat), winner=winners[0])
        else:
            line = _("{name} resigned: {winners} share the win.", name=self.name(seat), winners=", ".join(winners))
        self.log.append(LogLine(len(self.record.actions), CHANCE, line, "heading"))

    def undo(self, seat: int) -> None:
        self.record = undo(self.game, self.record, seat)
        self.rebuild()

    def truncate(self, length: int) -> None:
        """Keep only the first ``length`` actions (play on from an earlier point of a replay)."""
        self.record = GameRecord(self.record.game, dict(self.record.options), self.record.seed,
                                 list(self.record.actions[:length]))
        self.rebuild()

    def branch(self, length: int) -> tuple[Path, Path] | None:
        """Play on from step ``length``; a saved game goes on in a new file, so the whole record stays
        where it was saved (a finished game above all). Returns (kept file, new file), or ``None`` for
        a game that was never saved (nothing on disk to keep)."""
        kept = self.autosave()
        self.truncate(length)
        if kept is None:
            return None
        target = free_path(kept.with_name(f"{kept.stem}-from-step-{length}{kept.suffix}"))
        self.save(target)
        return kept, target

    def rematch(self) -> Path | None:
        """A new game of the same kind, seats and options, with the next seed; saved to a new file
        when this one was saved (the finished record is never overwritten). Returns that file."""
        self.autosave()
        record = GameRecord(self.record.game, dict(self.record.options), self.record.seed + 1)
        self.replace_record(record)
        if self.save_path is None:
            return None
        self.save_path = free_path(self.save_path.with_name(f"kleos-{self.kit.name}-{record.seed}.json"))
        return self.save(self.save_path)

    def default_save(self) -> Path:
        return Path(f"kleos-{self.kit.name}-{self.record.seed}.json")

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
        """Load another game of the same kind into this session (same seats and opponents)."""
        if record.game != self.kit.name:
            raise ValueError(f"a saved game of {record.game!r}, not {self.kit.name}")
        game = self.kit.make_game(record.options)
        if len(game.seat_names) != len(self.game.seat_names):
            raise ValueError(f"a game of {len(game.seat_names)} seats, not {len(self.game.seat_names)}")
        old = (self.game, self.record, self.agents)
        self.game, self.record = game, record
        try:
            self.agents = self._make_agents(game)
            self.rebuild()
        except Exception:
            self.game, self.record, self.agents = old
            self.rebuild()
            raise

    def last_action_index(self, seat: int) -> int:
        """The record index of ``seat``'s last action (-1 before its first)."""
        return max((i for i, (s, _) in enumerate(self.record.actions) if s == seat), default=-1)

    def since_last(self, seat: int) -> list[LogLine]:
        """The log lines after ``seat``'s last action (what happened while it waited)."""
        last = self.last_action_index(seat)
        return [line for line in self.log if line.index > last]
