"""What the server says about a game, built for one seat (or a spectator) from that seat's view only.

Everything a client receives about a position goes through :func:`seat_head` and
:func:`seat_description` (or :func:`replay_message`), which start from ``game.view(state, seat)``
and hand it to the game's kit for JSON and words: the other hands and the generator are gone
before anything is serialized.
The log is redacted per seat the same way: a step the kit's ``log_visibility`` gives to some seats
only (a card drawn into one hand, a secret bid) is shown to everybody else as the kit's
``hidden_log_text``.
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any, NamedTuple, NotRequired, TypedDict

from kleos import i18n
from kleos.core.action import Action
from kleos.core.kit import GameKit
from kleos.core.kit.params import S, V
from kleos.core.kit.terminal import Explain, MenuParts, ends_step, gloss_beyond
from kleos.core.kit.web import EXPLANATIONS, explanations
from kleos.core.protocol import CHANCE, Game, Outcome

AnyGame = Game[Any, Any]
Readers = frozenset[int] | None
"""The seats that may read a log line (``None``: everybody, spectators included)."""
Headings = tuple[str | None, str | None]
"""The headings shown above and below a log line (``None``: none there)."""
Within = tuple[str, str]
"""The heading of a part that begins inside a log line, and the end of the line that tells that part."""


def encode_readers(readers: Readers) -> str | None:
    """Readers as stored in the ``events.readers`` column: ``NULL`` for everybody, else the seats
    separated by commas (``""``: nobody)."""
    return None if readers is None else ",".join(str(seat) for seat in sorted(readers))


def decode_readers(text: str | None) -> Readers:
    return None if text is None else frozenset(int(part) for part in text.split(",") if part)


@dataclass(frozen=True)
class LogEntry:
    """One effective step of the log as stored: ``seq`` of the event that made it, the acting seat
    (-1 for chance), the notation and who may read it (``None``: all); no words. Its lines are
    rendered in each reader's language when read (:class:`Teller`) and kept here per language.
    ``stored``: the words of an event written when lines were stored in every language (read as
    they are, so that old games need no replay). Headings (the kit's ``log_heading``) are kept per
    language beside the lines: the round or phase the step opens, and for the game's first step the
    one it begins in."""

    seq: int
    seat: int
    action: str
    readers: Readers
    stored: str = ""
    _lines: dict[str, str] = field(default_factory=dict, compare=False, repr=False)
    _hidden: dict[str, tuple[str, str]] = field(default_factory=dict, compare=False, repr=False)
    _headings: dict[str, Headings] = field(default_factory=dict, compare=False, repr=False)
    _within: dict[str, Within] = field(default_factory=dict, compare=False, repr=False)
    _json: dict[tuple[bool, int, str], str] = field(default_factory=dict, compare=False, repr=False)

    def hidden_from(self, seat: int | None) -> bool:
        return self.readers is not None and seat not in self.readers

    def told(self, language: str) -> bool:
        """Whether the lines of this step in ``language`` are at hand (rendered, or kept from an old row)."""
        if language in self._lines:
            return self.readers is None or language in self._hidden
        return False

    def languages(self) -> tuple[str, ...]:
        """The languages this step's lines were told in so far."""
        return tuple(self._lines)

    def line(self, language: str | None = None) -> str:
        """The step's account in ``language`` (default: the reader's); :class:`Teller` tells it first."""
        return self._lines[language or i18n.current()]

    def keep(self, language: str, line: str, hidden: tuple[str, str] | None, headings: Headings = (None, None),
             within: Within | None = None) -> None:
        """Keep the lines told in ``language``: the account, for a secret step what the other seats
        read instead (notation, words), the headings above and below the step and the one of a part
        that begins inside it (:func:`told`)."""
        self._lines[language] = line
        if hidden is not None:
            self._hidden[language] = hidden
        if headings != (None, None):
            self._headings[language] = headings
        if within is not None:
            self._within[language] = within

    def json_for_seat(self, seat: int | None, step: int) -> str:
        """:meth:`for_seat` as JSON text, kept per language: a log entry never changes once written."""
        key = (self.hidden_from(seat), step, i18n.current())
        text = self._json.get(key)
        if text is None:
            text = dumps(self.for_seat(seat, step))
            self._json[key] = text
        return text

    def for_seat(self, seat: int | None, step: int) -> dict[str, Any]:
        """The entry as ``seat`` reads it, in the reader's language (told by :meth:`Teller.tell` first)."""
        language = i18n.current()
        entry: dict[str, Any] = {"step": step, "seq": self.seq, "seat": self.seat}
        if self.hidden_from(seat):
            action, text = self._hidden[language]
            entry.update(action=action, text=text, hidden=True)
        else:
            entry.update(action=self.action, text=self._lines[language], hidden=False)
        above, below = self._headings.get(language, (None, None))
        within = self._within.get(language)
        if within is not None and self.hidden_from(seat):
            below = below or within[0]  # the neutral line cannot be split: the part begun is headed after it
        elif within is not None:
            entry["heading_within"], entry["text_within"] = within
            below = None if below == within[0] else below  # the part the step ends in began inside it
        if above:
            entry["heading_before"] = above
        if below:
            entry["heading_after"] = below
        return entry


def hidden_lines(kit: GameKit, game: AnyGame, seat: int, action: Action, readers: Readers) -> tuple[str, str] | None:
    """What the seats outside ``readers`` read instead of a secret step, in the reader's language
    (the kit's words: notation, account); ``None`` for a step everybody reads."""
    if readers is None:
        return None
    return kit.hidden_log_text(game, seat, action), kit.hidden_log_line(game, seat, action, readers)


def kept_line(stored: str, language: str) -> str | None:
    """The line of an event written when lines were stored in every language, in ``language``;
    ``None`` when the row holds no such text (written since, or in English only)."""
    if not stored or not i18n.kept_in_every_language(stored):
        return None
    return i18n.for_reader(stored, language)


class Views(NamedTuple):
    """The views that tell a step in the log (:func:`narrator_views`): the narrator's before and
    after it, for its line, and the public ones, for the headings of the round or phase it opens."""

    before: Any
    after: Any
    public_before: Any
    public_after: Any


def narrator_views(kit: GameKit, game: Game[S, V], before: S, seat: int, action: Action, after: S) -> Views:
    """The views that tell a step in the log: the kit's ``log_narrator``'s (by default the actor,
    the public view for chance) before and after it, and the public ones; never the states."""
    narrator = kit.log_narrator(game, before, seat, action, after)
    public_before, public_after = game.view(before, None), game.view(after, None)
    if narrator is None:
        return Views(public_before, public_after, public_before, public_after)
    return Views(game.view(before, narrator), game.view(after, narrator), public_before, public_after)


def told_line(kit: GameKit, game: AnyGame, seat: int, action: Action, views: Views) -> str:
    """The log's account of ``action`` from the narrator's ``views``, in the reader's language;
    neutral, the same for every seat that may read it."""
    return told(kit, game, seat, action, views)[0]


def told(kit: GameKit, game: AnyGame, seat: int, action: Action, views: Views) -> tuple[str, Within | None]:
    """:func:`told_line` and, when a round or phase begins inside the step
    (:meth:`~kleos.core.kit.GameKit.log_words`), its heading and the end of the line that tells it (the
    words, not an offset: a client counts characters otherwise); ``None`` when none begins inside, or
    when the line does not end with the words the kit names (the heading then stays below the step)."""
    words = kit.log_words(game, views.before, action, views.after)
    line = neutral_text(words.text, seat, game.seat_names)
    if words.heading_within is None:
        return line, None
    tail = second_person(words.text_within, seat, game.seat_names)
    if not tail or not line.endswith(tail) or len(tail) >= len(line):
        return line, None
    return line, (words.heading_within, tail)


def tell_entry(kit: GameKit, game: AnyGame, entry: LogEntry, action: Action, views: Views, language: str,
               first: bool = False) -> None:
    """Render ``entry``'s lines and headings in ``language`` from its views (``first``: the game's
    first step) and keep them with it."""
    with i18n.use_locale(language):
        line, within = told(kit, game, entry.seat, action, views)
        entry.keep(language, line, hidden_lines(kit, game, entry.seat, action, entry.readers),
                   kit.log_headings(game, views.public_before, views.public_after, first), within)


class Teller:
    """Renders a game's log lines in a language nobody has read them in yet: the log stores actions,
    seats and readers only, so the game is played again from its start (``start`` gives that state:
    the seed's, or a set position) and each step is told from its narrator's views, exactly as when
    it was played. One replay per game and language; the lines are then kept with the entries."""

    def __init__(self, kit: GameKit, game: AnyGame, start: Callable[[], Any]) -> None:
        self.kit, self.game, self.start = kit, game, start
        self._lock = threading.Lock()
        self._told_upto: dict[str, int] = {}  # per language, how many first entries are known told

    def tell(self, log: Sequence[LogEntry], language: str | None = None) -> None:
        """Make every entry of ``log`` readable in ``language`` (default: the reader's). A line once
        told stays told, so only the entries after the last fully told prefix are looked at: a read
        of a game nobody played on since costs nothing."""
        language = language or i18n.current()
        if self._all_told(log, language):
            return
        with self._lock:
            self._from_rows(log, language)
            if not self._all_told(log, language):
                self._replay(log, language)
            self._all_told(log, language)

    def _all_told(self, log: Sequence[LogEntry], language: str) -> bool:
        """Whether every entry is told in ``language``, extending the known told prefix."""
        upto = min(self._told_upto.get(language, 0), len(log))
        while upto < len(log) and log[upto].told(language):
            upto += 1
        self._told_upto[language] = upto
        return upto == len(log)

    def _from_rows(self, log: Sequence[LogEntry], language: str) -> None:
        """Lines kept in the rows of old games, and secret steps' lines (no state needed)."""
        for entry in log:
            if entry.told(language):
                continue
            line = kept_line(entry.stored, language)
            if line is not None:
                with i18n.use_locale(language):
                    hidden = hidden_lines(self.kit, self.game, entry.seat, Action.parse(entry.action), entry.readers)
                entry.keep(language, line, hidden)

    def _replay(self, log: Sequence[LogEntry], language: str) -> None:
        game, state = self.game, self.start()
        last = max(i for i, entry in enumerate(log) if not entry.told(language))
        for index, entry in enumerate(log[:last + 1]):
            action = Action.parse(entry.action)
            before = game.copy(state) if not entry.told(language) else None
            game.apply_in_place(state, action, entry.seat, validate=False)
            if before is not None:
                views = narrator_views(self.kit, game, before, entry.seat, action, state)
                tell_entry(self.kit, game, entry, action, views, language, first=index == 0)


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


def possessive(name: str) -> str:
    return name + ("'" if name.endswith("s") else "'s")


_SECOND_PERSON = re.compile(r"\b(you lose|the opponent's|the opponent|your|Your)\b")
_TWO_SEATS_ONLY = ("the opponent's", "the opponent")


def neutral_text(text: str, seat: int, names: Sequence[str]) -> str:
    """An actor's account of its own step (``describe_action`` speaks to the actor: "you lose …",
    "your turn") made readable by every seat and spectators: the actor is named first and
    second-person words name the seats. "The opponent" names the other seat only when there are
    two; with more it stays as it is."""
    if not 0 <= seat < len(names):
        return text
    return f"{names[seat]}: " + second_person(text, seat, names)


def second_person(text: str, seat: int, names: Sequence[str]) -> str:
    """``text`` with the second-person words of :func:`neutral_text` naming the seats, not prefixed."""
    if not 0 <= seat < len(names):
        return text
    me = names[seat]
    words = {"you lose": f"{me} loses", "your": possessive(me), "Your": possessive(me)}
    if len(names) == 2:
        them = names[1 - seat]
        words.update({"the opponent's": possessive(them), "the opponent": them})
    return _SECOND_PERSON.sub(lambda m: words.get(m.group(1), m.group(1)), text)


def log_text(kit: GameKit, game: Game[S, V], before: S, seat: int, action: Action, after: S) -> str:
    """The log's account of ``action``, taken between the states ``before`` and ``after``, in the
    reader's language (:func:`narrator_views`, :func:`told_line`)."""
    return told_line(kit, game, seat, action, narrator_views(kit, game, before, seat, action, after))


@cache
def menu_parts(kit: GameKit) -> MenuParts[Any, Any] | None:
    """The kit's menu parts (explanations, glosses), or none when the game has no terminal part or
    its libraries are not installed with this server."""
    try:
        parts = kit.terminal_parts()
    except ImportError:
        return None
    return None if parts is None else parts.menus


def decision_title(kit: GameKit, game: Game[S, V], view: V, seat: int) -> str:
    """What ``seat`` decides now, as the terminal's menu title says it
    (:attr:`~kleos.core.kit.terminal.MenuParts.title`: "Plague: your side loses a land unit in Boeotia; …"),
    or "" where the game has none: the browser shows it above its menu."""
    menus = menu_parts(kit)
    return "" if menus is None or menus.title is None else menus.title(game, view, seat)


def explain_of(kit: GameKit) -> Explain | None:
    """The kit's menu explanations (:attr:`~kleos.core.kit.terminal.MenuParts.explain`), if any."""
    menus = menu_parts(kit)
    return None if menus is None else menus.explain


class LegalItem(TypedDict):
    """One legal action of a message's ``legal`` (docs/web-api.md)."""

    action: str
    text: str
    gloss: NotRequired[str]
    ends: NotRequired[bool]


def legal_items(kit: GameKit, game: Game[S, V], view: V, actions: Sequence[Action]) -> list[LegalItem]:
    """Each legal action in notation and words, with the few words the terminal's menu shows after it
    (:attr:`~kleos.core.kit.terminal.MenuParts.gloss`: a card's reading, a price) where the game has
    them, and ``ends`` on the steps that end a turn (the kit's ``last_verbs``), which the browser's
    menu lists after the others as the terminal's does."""
    menus = menu_parts(kit)
    gloss = None if menus is None else menus.gloss
    ending = () if menus is None else menus.last_verbs
    items: list[LegalItem] = []
    for action in actions:
        item: LegalItem = {"action": str(action), "text": kit.describe_action(game, view, action)}
        words = gloss_beyond(item["text"], gloss(game, view, action)) if gloss is not None else ""
        if words:
            item["gloss"] = words
        if ends_step(action, ending):
            item["ends"] = True
        items.append(item)
    return items


def outcome_json(outcome: Outcome | None) -> dict[str, Any] | None:
    return None if outcome is None else outcome.to_json()


def reason_text(kit: GameKit, outcome: Outcome | Mapping[str, Any] | None) -> str | None:
    """Why the game ended in the reader's words (the kit's :meth:`~kleos.core.kit.GameKit.reason_words`),
    sent beside the outcome, whose ``reason`` stays a code: pages showed "metropolises" in Spanish."""
    reason = outcome.reason if isinstance(outcome, Outcome) else (outcome or {}).get("reason")
    return None if not reason else kit.reason_words(str(reason))


def seat_words(kit: GameKit, game: AnyGame) -> list[str]:
    """Every seat's name in the reader's language, in seat order: the labels a page shows (the
    seats stay numbers and ``seat_names`` English identifiers in every message)."""
    return [kit.seat_name(game, seat) for seat in range(len(game.seat_names))]


def acting(game: Game[S, V], state: S) -> list[int]:
    """The seats to act now (several during a simultaneous choice; never chance)."""
    return [seat for seat in game.actors(state) if seat != CHANCE]


def seat_description(kit: GameKit, game: Game[S, V], state: S, seat: int | None) -> str:
    """The position in words as ``seat`` (``None``: spectator) sees it: a message's ``description``,
    added only for the readers who show it (it costs more than the rest of the message)."""
    return kit.describe_view(game, game.view(state, seat), seat)


def seat_head(kit: GameKit, game: Game[S, V], state: S, steps: int, seat: int | None, *,
              meta: Mapping[str, Any], undo_allowed: bool) -> dict[str, Any]:
    """The message for ``seat`` (``None``: spectator) about the game at its current step, without
    its ``log`` (which :func:`with_log` adds to the JSON text)."""
    view = game.view(state, seat)
    actors = acting(game, state)
    your_turn = seat is not None and seat in actors
    legal: list[LegalItem] = []
    view_out = kit.view_json(game, view)
    decision = ""
    if your_turn and seat is not None:
        actions = game.legal_actions(state, seat)
        legal = legal_items(kit, game, view, actions)
        explained = explanations(game, view, actions, explain_of(kit))
        if explained:
            view_out[EXPLANATIONS] = explained
        decision = decision_title(kit, game, view, seat)
    outcome = game.outcome(state)
    return {
        "type": "state",
        **meta,
        "seat": seat,
        "side": None if seat is None else kit.seat_name(game, seat),
        "to_act": actors,
        "your_turn": your_turn,
        "steps": steps,
        "view": view_out,
        "legal": legal,
        **({"decision": decision} if decision else {}),
        "undoable": undo_allowed,
        "outcome": outcome_json(outcome),
        "outcome_text": None if outcome is None else kit.outcome_text(game, outcome),
        "reason_text": reason_text(kit, outcome),
    }


def replay_message(kit: GameKit, game: Game[S, V], state: S, log: Sequence[LogEntry], step: int,
                   meta: Mapping[str, Any]) -> dict[str, Any]:
    """The public view after ``step`` steps of a finished game, with the whole public log."""
    view = game.view(state, None)
    outcome = game.outcome(state)
    return {
        "type": "replay",
        **meta,
        "step": step,
        "steps": len(log),
        "view": kit.view_json(game, view),
        "description": kit.describe_view(game, view, None),
        "log": log_for_seat(log, None),
        "action": log[step - 1].for_seat(None, step) if step > 0 else None,
        "outcome": outcome_json(outcome),
        "outcome_text": None if outcome is None else kit.outcome_text(game, outcome),
        "reason_text": reason_text(kit, outcome),
    }


def players_json(kit: GameKit, game: AnyGame, seats: Iterable[Any]) -> list[dict[str, Any]]:
    """Every seat: its name in the reader's language, a person or a bot (with its agent), and whether
    someone holds it."""
    return [{"seat": s.seat, "side": kit.seat_name(game, s.seat), "kind": s.kind, "agent": s.agent,
             "joined": s.kind == "bot" or s.token_hash is not None,
             **({"name": s.name} if getattr(s, "name", None) else {})} for s in seats]
