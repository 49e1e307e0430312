"""Endings and table chat: a game's clock (JSON of :class:`kleos.core.clock.Clock`) and the moment
its first seat runs out of time (indexed, so the periodic sweep finds the games whose time is up
with one cheap query), the chat lines of each table and who muted whom.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("clock", sa.Text(), nullable=True))
        batch.add_column(sa.Column("deadline", sa.Float(), nullable=True))
        batch.create_index("ix_games_deadline", ["deadline"])
    op.create_table(
        "chat_lines",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("game_id", sa.String(24), sa.ForeignKey("games.id"), nullable=False, index=True),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
    )
    op.create_table(
        "chat_mutes",
        sa.Column("game_id", sa.String(24), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column("muted", sa.Integer(), primary_key=True),
    )


def downgrade() -> None:
    op.drop_table("chat_mutes")
    op.drop_table("chat_lines")
    with op.batch_alter_table("games") as batch:
        batch.drop_index("ix_games_deadline")
        batch.drop_column("deadline")
        batch.drop_column("clock")
