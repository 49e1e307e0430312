"""Alembic environment: runs on the connection handed over by :meth:`Database.migrate` (or opens one
from ``sqlalchemy.url`` when run by the ``alembic`` command)."""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection, create_engine

from kleos.server.db import Base

config = context.config


def _run(connection: Connection) -> None:
    context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


def run_migrations() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:
        _run(connection)
        return
    url = config.get_main_option("sqlalchemy.url")
    if url is None:
        raise RuntimeError("no sqlalchemy.url given to the migrations")
    engine = create_engine(url)
    with engine.begin() as new_connection:
        _run(new_connection)
    engine.dispose()


if context.is_offline_mode():
    raise RuntimeError("offline migrations are not supported: run them against a database")
run_migrations()
