"""Rating integrity: the addresses each account signed up or in from (hashed), and the games an
operator voided (their result counts for no rating).

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "account_addresses",
        sa.Column("account_id", sa.String(24), sa.ForeignKey("accounts.id"), primary_key=True),
        sa.Column("address", sa.String(64), primary_key=True, index=True),
        sa.Column("seen_at", sa.Float(), nullable=False),
    )
    op.create_table(
        "voided_games",
        sa.Column("game_id", sa.String(24), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("reason", sa.Text(), nullable=False),
        sa.Column("voided_at", sa.Float(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("voided_games")
    op.drop_table("account_addresses")
