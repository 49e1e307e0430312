"""Accounts: players with a display name and a password, their sessions, the seats they hold and
the games they opened to everyone (:mod:`kleos.server.accounts`). Only new tables: the games
stored before stay as they are (their seats belong to guests).

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column("id", sa.String(24), primary_key=True),
        sa.Column("name", sa.String(32), nullable=False),
        sa.Column("name_key", sa.String(128), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(255), nullable=False),
        sa.Column("key_salt", sa.String(64), nullable=False),
        sa.Column("key_wrapped", sa.String(128), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
    )
    op.create_table(
        "account_sessions",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.String(24), sa.ForeignKey("accounts.id"), nullable=False, index=True),
        sa.Column("key_wrapped", sa.String(128), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.Column("expires_at", sa.Float(), nullable=False),
    )
    op.create_table(
        "account_seats",
        sa.Column("game_id", sa.String(24), primary_key=True),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column("account_id", sa.String(24), sa.ForeignKey("accounts.id"), nullable=False, index=True),
        sa.Column("token_sealed", sa.Text(), nullable=False),
        sa.Column("linked_at", sa.Float(), nullable=False),
        sa.ForeignKeyConstraint(["game_id", "seat"], ["seats.game_id", "seats.seat"]),
    )
    op.create_table(
        "open_games",
        sa.Column("game_id", sa.String(24), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("account_id", sa.String(24), sa.ForeignKey("accounts.id"), nullable=False, index=True),
        sa.Column("created_at", sa.Float(), nullable=False, index=True),
    )


def downgrade() -> None:
    for table in ("open_games", "account_seats", "account_sessions", "accounts"):
        op.drop_table(table)
