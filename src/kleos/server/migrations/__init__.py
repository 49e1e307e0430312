"""Alembic migrations of the server's database (applied by :meth:`kleos.server.db.Database.migrate`)."""
