"""Reading a game: a seat's message (or a spectator's), built once per seat, language and change
and kept with the game in memory; a finished game's replay and record. A read finds a game whose
time is up and ends it first (:func:`kleos.server.endings.settle`)."""

from __future__ import annotations

import json
from typing import Any

from kleos import i18n
from kleos.core.kit import GameKit
from kleos.core.record import GameRecord
from kleos.core.undo import undo_blocker
from kleos.i18n.platform import N_
from kleos.server import endings, rows
from kleos.server.committed import CommittedGames
from kleos.server.db import SnapshotRow
from kleos.server.errors import ApiError
from kleos.server.games import AnyGame
from kleos.server.live import ACTIVE, FINISHED, Current, Live, Loaded, Meta
from kleos.server.messages import (
    dumps,
    players_json,
    replay_message,
    seat_description,
    seat_head,
    seat_words,
    with_log,
)
from kleos.server.tokens import seat_of


class Reading:
    def __init__(self, games: CommittedGames) -> None:
        self.games = games

    def _meta_json(self, meta: Meta, seat: int | None, kit: GameKit, game: AnyGame) -> dict[str, Any]:
        rematch: dict[str, Any] | None = None
        if meta.rematch_id is not None:
            rematch = {"game_id": meta.rematch_id}
            invite = meta.rematch_invites[seat] if seat is not None and 0 <= seat < len(meta.rematch_invites) else None
            if invite is not None:
                rematch["invite"] = invite
        return {
            "game_id": meta.id,
            "game": meta.game,
            "seq": meta.seq,
            "status": meta.status,
            "options": json.loads(meta.options),
            "seat_names": list(game.seat_names),
            "seat_labels": seat_words(kit, game),
            "players": players_json(kit, game, meta.seats),
            "rematch": rematch,
            "rematch_of": meta.rematch_of,
            "imported": meta.imported,
            "created_at": meta.created_at,
            "updated_at": meta.updated_at,
        }

    def message_text(self, game_id: str, token: str | None, since: int | None = None) -> str:
        """The game as ``token``'s seat sees it (a spectator without a token), as JSON text;
        ``since``: only the log steps a client holding the log of event ``since`` lacks."""
        live = self.games.committed(game_id)
        seat = None if token is None else seat_of(live.current.meta.seats, token, game_id)
        return self._text(live, seat, since, endings.settle(self.games, live))

    def seat_text(self, game_id: str, seat: int | None, since: int | None = None, describe: bool = True) -> str:
        """The same for a seat already authenticated (a WebSocket connection); ``describe``: with
        the position in words."""
        live = self.games.committed(game_id)
        return self._text(live, seat, since, endings.settle(self.games, live), describe)

    def try_message_text(self, game_id: str, token: str | None, since: int | None = None) -> str | None:
        """:meth:`message_text` if it needs no database work (the game is in memory), else ``None``."""
        live = self._in_memory(game_id)
        if live is None:
            return None
        seat = None if token is None else seat_of(live.current.meta.seats, token, game_id)
        return self._text(live, seat, since)

    def seat_state(self, game_id: str, seat: int | None, since: int | None = None,
                   describe: bool = True) -> tuple[int, str]:
        """:meth:`seat_text` with the ``seq`` it shows."""
        live = self.games.committed(game_id)
        current = endings.settle(self.games, live)
        return current.meta.seq, self._text(live, seat, since, current, describe)

    def try_seat_text(self, game_id: str, seat: int | None, since: int | None = None,
                      at_least: int | None = None) -> str | None:
        """:meth:`seat_text` from memory (see :meth:`CommittedGames.peek` for ``at_least``), else ``None``."""
        found = self.try_seat_state(game_id, seat, since, at_least)
        return None if found is None else found[1]

    def try_seat_state(self, game_id: str, seat: int | None, since: int | None = None,
                       at_least: int | None = None, describe: bool = True) -> tuple[int, str] | None:
        """:meth:`seat_state` from memory, else ``None``."""
        live = self._in_memory(game_id, at_least)
        if live is None:
            return None
        current = live.current
        return current.meta.seq, self._text(live, seat, since, current, describe)

    def _in_memory(self, game_id: str, at_least: int | None = None) -> Live | None:
        """The game from memory when it is current there and no seat's time is up (no I/O)."""
        live = self.games.peek(game_id, at_least)
        return None if live is None or endings.due(live.current.meta, self.games.now()) else live

    def message(self, game_id: str, token: str | None) -> dict[str, Any]:
        result: dict[str, Any] = json.loads(self.message_text(game_id, token))
        return result

    def message_for_seat(self, game_id: str, seat: int | None) -> dict[str, Any]:
        result: dict[str, Any] = json.loads(self.seat_text(game_id, seat))
        return result

    def seq_of(self, game_id: str) -> int:
        return self.games.committed(game_id).current.meta.seq

    def current(self, game_id: str) -> Loaded:
        """The game as the server holds it, hidden parts included (server-side use and tests only)."""
        return self.games.committed(game_id).current.loaded

    def authenticate(self, game_id: str, token: str | None) -> int | None:
        live = self.games.committed(game_id)
        return None if token is None else seat_of(live.current.meta.seats, token, game_id)

    def _text(self, live: Live, seat: int | None, since: int | None, current: Current | None = None,
              describe: bool = True) -> str:
        current = live.current if current is None else current
        key = (seat, i18n.current())  # one game may be read in several languages at once
        kept = live.heads.get(key)
        if kept is not None and kept[0] is current:
            head = kept[1]
        else:
            head = dumps(self._head(current, seat))
            live.heads[key] = (current, head)
        current.loaded.teller.tell(current.loaded.log)
        text = with_log(head, current.loaded.log, seat, since)
        if describe:
            text = f'{text[:-1]},"description":{self._description(live, current, key)}}}'
        clock = endings.clock_view(current.meta, self.games.now())  # time-dependent: never kept with the head
        return text if clock is None else f'{text[:-1]},"clock":{dumps(clock)}}}'

    def _description(self, live: Live, current: Current, key: tuple[int | None, str]) -> str:
        """The JSON of the position in words as ``key``'s seat reads it: the costliest part of a
        message, so built only for the readers who show it, once per change and language."""
        kept = live.descriptions.get(key)
        if kept is not None and kept[0] is current:
            return kept[1]
        kit, game = self.games.kit_game(current.meta)
        text = dumps(seat_description(kit, game, current.loaded.state, key[0]))
        live.descriptions[key] = (current, text)
        return text

    def _head(self, current: Current, seat: int | None) -> dict[str, Any]:
        meta, loaded = current.meta, current.loaded
        kit, game = self.games.kit_game(meta)
        undo_ok = (seat is not None and meta.status == ACTIVE
                   and undo_blocker(GameRecord(meta.game, {}, 0, list(loaded.actions)), seat) is None)
        head = seat_head(kit, game, loaded.state, len(loaded.log), seat, meta=self._meta_json(meta, seat, kit, game),
                         undo_allowed=undo_ok)
        return endings.patch_head(head, meta, seat_words(kit, game))

    def replay(self, game_id: str, step: int | None) -> dict[str, Any]:
        with self.games.db.read() as s:
            row = rows.get_row(s, game_id)
            if row.status != FINISHED:
                raise ApiError(409, "not_finished", N_("replays are for finished games; watch this one live instead"))
            loaded = self.games.load(s, row)
            n = len(loaded.actions)
            k = n if step is None else step
            if not 0 <= k <= n:
                raise ApiError(400, "bad_step", N_("step must be between 0 and {last}"), params={"last": n})
            kit, game = self.games.kit_game(row)
            state = loaded.state if k == n else rows.rebuild(s, row, game, loaded.actions, k)
            full = rows.meta_of(s, row)
            loaded.teller.tell(loaded.log)
            message = replay_message(kit, game, state, loaded.log, k, self._meta_json(full, None, kit, game))
            return endings.patch_head(message, full, seat_words(kit, game)) if k == n else message

    def export(self, game_id: str) -> dict[str, Any]:
        with self.games.db.read() as s:
            row = rows.get_row(s, game_id)
            if row.status != FINISHED:
                raise ApiError(409, "not_finished",
                               N_("a game's record (which holds its seed) is exported once the game is over"))
            if s.get(SnapshotRow, (game_id, 0)) is not None:
                raise ApiError(409, "no_record", N_("this game started from a set position, not from a seed"))
            actions = list(self.games.load(s, row).actions)
            return GameRecord(row.game, json.loads(row.options), row.seed, actions).to_json()
