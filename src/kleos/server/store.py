"""Games in the database: create, join, act, undo, rematch, replay, export and import — for any game,
through its kit.

The live games are kept in memory (:mod:`kleos.server.live`), so that reading a game costs no
database work and a message is built once per seat and change. The database stays the source of
truth: an action is checked against the game's ``seq`` and applied in memory
(``Game.apply_in_place`` validates it), the chance events that follow are drawn from the state's
own generator, and the new events are written in one short transaction that commits only if the
game's row is still at that ``seq`` (``UPDATE … WHERE seq = :seq``, :mod:`kleos.server.rows`);
only after the commit does memory move on and the caller answer. On SQLite those transactions go
through one writer thread that commits the writes of many games at once
(:meth:`Database.commit`). A process that is not the only one writing (PostgreSQL) checks the
game's row on every read and rebuilds from the latest snapshot plus the log whenever the database
is ahead; on SQLite the serving process is the only writer and trusts its memory.

The store is split by concern: :class:`~kleos.server.committed.CommittedGames` (memory, reading
and refreshing a committed game), :class:`~kleos.server.seating.Seating` (new games, seats, rematches,
imports), :class:`~kleos.server.playing.Playing` (actions, undos, bots' decisions) and
:class:`~kleos.server.reading.Reading` (messages, replays, records). :class:`GameStore` is their
one public interface. It is synchronous (SQLAlchemy sessions); the web layer calls it from worker
threads.
"""


from __future__ import annotations

from kleos.server.committed import CommittedGames
from kleos.server.config import Settings
from kleos.server.db import Database
from kleos.server.playing import Playing
from kleos.server.reading import Reading
from kleos.server.seating import Seating


class GameStore(CommittedGames):
    """The committed games with the work done on them, each part sharing this object's memory,
    database and time source (tests set ``now``)."""

    def __init__(self, db: Database, settings: Settings) -> None:
        super().__init__(db, settings)
        self.seating = Seating(self)
        self.playing = Playing(self)
        self.reading = Reading(self)
        seating, playing, reading = self.seating, self.playing, self.reading
        self.create, self.join, self.rematch = seating.create, seating.join, seating.rematch
        self.import_record, self.my_games = seating.import_record, seating.my_games
        self.act, self.act_as_bot, self.undo = playing.act, playing.act_as_bot, playing.undo
        self.bot_job, self.games_waiting_for_bots = playing.bot_job, playing.games_waiting_for_bots
        self.message_text, self.try_message_text = reading.message_text, reading.try_message_text
        self.seat_text, self.try_seat_text = reading.seat_text, reading.try_seat_text
        self.seat_state, self.try_seat_state = reading.seat_state, reading.try_seat_state
        self.message, self.message_for_seat = reading.message, reading.message_for_seat
        self.seq_of, self.current, self.authenticate = reading.seq_of, reading.current, reading.authenticate
        self.replay, self.export = reading.replay, reading.export
