"""The games Kleos implements; each is a package filling in :class:`kleos.core.Game`."""
