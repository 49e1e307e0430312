"""The Kleos web server: lobby, live and asynchronous play, replays and bots over HTTP and WebSocket,
for every installed game, each reached only through its kit (:mod:`kleos.server.games`).

``kleos serve`` runs :func:`kleos.server.app.create_app` on uvicorn. The API is described in
``docs/web-api.md``. Every game is an append-only action log in the database (plus snapshots), so
a game can wait for days and survives a crash of the server.
"""
