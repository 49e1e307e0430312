"""Games of any kit: every game row names its game, several seats may act at once, and a log line
may be readable by any set of seats.

* ``games.game``: added when missing; rows without a name get the game of the installed kit whose
  ``claims_unnamed_games`` is set (the one game Kleos served before games had kits).
* ``games.actors``: the seats to act now, separated by commas; filled from ``to_act``.
* ``events.readers`` replaces ``events.visible_to``: ``NULL`` (everybody) stays ``NULL``, seat
  ``k`` becomes ``"k"`` and ``-1`` (nobody) becomes ``""``.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def _claimed_name() -> str:
    """The name of the game that owns unnamed rows, from the registry (never written here)."""
    from kleos.core import registry
    from kleos.core.kit.stored import unnamed_games_claimers

    claimers = [kit.name for kit in unnamed_games_claimers(registry.games().values())]
    if len(claimers) != 1:
        raise RuntimeError("games without a game name need exactly one installed kit with claims_unnamed_games "
                           f"(found: {', '.join(claimers) or 'none'})")
    return claimers[0]


def _name_games() -> None:
    bind = op.get_bind()
    columns = {column["name"] for column in sa.inspect(bind).get_columns("games")}
    if "game" not in columns:
        op.add_column("games", sa.Column("game", sa.String(32), nullable=True))
    unnamed = bind.execute(sa.text("SELECT COUNT(*) FROM games WHERE game IS NULL OR game = ''")).scalar_one()
    if unnamed:
        bind.execute(sa.text("UPDATE games SET game = :name WHERE game IS NULL OR game = ''"),
                     {"name": _claimed_name()})
    if "game" not in columns:
        with op.batch_alter_table("games") as batch:
            batch.alter_column("game", existing_type=sa.String(32), nullable=False)


def upgrade() -> None:
    _name_games()
    op.add_column("games", sa.Column("actors", sa.String(64), nullable=False, server_default=""))
    op.execute("UPDATE games SET actors = CAST(to_act AS VARCHAR(16)) WHERE to_act IS NOT NULL AND status = 'active'")
    op.add_column("events", sa.Column("readers", sa.String(64), nullable=True))
    op.execute("UPDATE events SET readers = '' WHERE visible_to IS NOT NULL AND visible_to < 0")
    op.execute("UPDATE events SET readers = CAST(visible_to AS VARCHAR(16)) WHERE visible_to >= 0")
    with op.batch_alter_table("events") as batch:
        batch.drop_column("visible_to")


def downgrade() -> None:
    """Back to one reader per line: a line for several seats (not made by 0001's games) reads as
    nobody's."""
    op.add_column("events", sa.Column("visible_to", sa.Integer(), nullable=True))
    op.execute("UPDATE events SET visible_to = -1 WHERE readers IS NOT NULL")
    op.execute("UPDATE events SET visible_to = CAST(readers AS INTEGER) "
               "WHERE readers IS NOT NULL AND readers <> '' AND readers NOT LIKE '%,%'")
    with op.batch_alter_table("events") as batch:
        batch.drop_column("readers")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("actors")
