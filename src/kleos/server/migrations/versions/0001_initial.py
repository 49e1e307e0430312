"""Games, seats, the append-only event log and state snapshots.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "games",
        sa.Column("id", sa.String(24), primary_key=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("options", sa.Text(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("steps", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("to_act", sa.Integer(), nullable=True),
        sa.Column("outcome", sa.Text(), nullable=True),
        sa.Column("rematch_of", sa.String(24), nullable=True),
        sa.Column("rematch_id", sa.String(24), nullable=True),
        sa.Column("imported", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.Column("updated_at", sa.Float(), nullable=False),
    )
    op.create_index("ix_games_status", "games", ["status"])
    op.create_table(
        "seats",
        sa.Column("game_id", sa.String(24), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("agent", sa.String(64), nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=True, unique=True),
        sa.Column("invite", sa.String(64), nullable=True, unique=True),
        sa.Column("joined_at", sa.Float(), nullable=True),
    )
    op.create_table(
        "events",
        sa.Column("game_id", sa.String(24), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("seq", sa.Integer(), primary_key=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("action", sa.Text(), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("visible_to", sa.Integer(), nullable=True),
        sa.Column("created_at", sa.Float(), nullable=False),
    )
    op.create_table(
        "snapshots",
        sa.Column("game_id", sa.String(24), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("seq", sa.Integer(), primary_key=True),
        sa.Column("steps", sa.Integer(), nullable=False),
        sa.Column("state", sa.Text(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("snapshots")
    op.drop_table("events")
    op.drop_table("seats")
    op.drop_index("ix_games_status", table_name="games")
    op.drop_table("games")
