"""Analyses claimed in the database: which web process makes each (``owner``) and how far it is
(``done`` of ``steps``), so that web processes sharing the database run each analysis once.

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("analyses", sa.Column("owner", sa.String(32), nullable=True))
    op.add_column("analyses", sa.Column("done", sa.Integer(), nullable=True))
    op.add_column("analyses", sa.Column("steps", sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("analyses") as batch:
        batch.drop_column("steps")
        batch.drop_column("done")
        batch.drop_column("owner")
