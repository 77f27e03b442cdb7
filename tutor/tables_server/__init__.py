"""The table server: people and computer players at one table, over WebSocket.

``tricktutor tables serve`` (:mod:`tutor.tables_server.server`) holds each
table's game through the engine (the spec registry, :class:`~engine.game.TrickGame`,
its ``check_*`` verdicts and :meth:`~engine.game.TrickGame.view`), writes
every accepted action to SQLite before sending it out
(:mod:`~tutor.tables_server.store`), and sends each seat its own view only.
Frames are JSON data, never sentences (:mod:`~tutor.tables_server.protocol`,
docs/TABLE_PROTOCOL.md): each client renders them in its reader's language.
:mod:`~tutor.tables_server.client` is a small asyncio client (tests,
``benchmarks/table_load.py``).

The package imports the engine and the standard library; the server module
adds tornado (installed with Jupyter).  It imports no widget.
"""
