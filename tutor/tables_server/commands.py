"""The ``tricktutor tables`` commands: ``serve`` (the table server) and
``records`` (a table from the server's database as a hand record).

This module needs no tornado: ``tricktutor replay`` builds the whole
command line without loading the server, which is imported when ``serve``
runs (tornado comes with Jupyter, the app extra).
"""
from __future__ import annotations

import argparse
import asyncio
import json
import sys
from pathlib import Path
from typing import Any

from engine.errors import InvalidInputError
from engine.record import game_to_record

from .hub import load_table
from .protocol import FrameError
from .store import Store, default_db

__all__ = ["add_tables_command"]


def _table_arg(text: str) -> tuple[str, int | None, int | None]:
    """``--table GAME[:SEATS[:COMPUTERS]]``."""
    parts = text.split(":")
    if not 1 <= len(parts) <= 3 or not parts[0] or not all(p.isascii() and p.isdigit() for p in parts[1:]):
        raise argparse.ArgumentTypeError(f"expected GAME[:SEATS[:COMPUTERS]], such as spades:4:2, not {text[:40]!r}")
    nums = [int(p) for p in parts[1:]] + [None, None]
    return parts[0], nums[0], nums[1]


def _serve(args: argparse.Namespace) -> int:
    try:
        if args.rules:
            json.loads(args.rules)
    except ValueError:
        print("tricktutor tables serve: --rules is not JSON", file=sys.stderr)
        return 2
    try:
        # late: only `serve` needs tornado (the app extra); the rest of the command line works without it
        from .server import serve  # noqa: PLC0415
    except ImportError as e:
        print(f"tricktutor tables serve: needs {e.name or 'tornado'} (pip install 'tricktutor[app]')", file=sys.stderr)
        return 2
    try:
        return asyncio.run(serve(args))
    except OSError as e:
        print(f"tricktutor tables serve: cannot listen on {args.host or ''}:{args.port or ''}: {e.strerror}",
              file=sys.stderr)
        return 2
    except FrameError as e:
        print(f"tricktutor tables serve: --table refused: {e.code} {e.data}", file=sys.stderr)
        return 2
    except InvalidInputError as e:
        print(f"tricktutor tables serve: --table refused: {e}", file=sys.stderr)
        return 2
    except ValueError as e:
        print(f"tricktutor tables serve: {e}", file=sys.stderr)
        return 2


def _records(args: argparse.Namespace) -> int:
    """``tricktutor tables records --db FILE [--table CODE]``: a table's game as a hand record
    (JSON on stdout, for ``tricktutor replay``), or the list of tables."""
    if not Path(args.db).is_file():
        print(f"tricktutor tables records: no database {args.db}", file=sys.stderr)
        return 2
    store = Store(args.db)
    try:
        if args.table is None:
            for code, settings, closed, n in store.all_tables():
                print(json.dumps({"table": code, "game": settings["game"], "seats": settings["seats"],
                                  "actions": n, "closed": closed}))
            return 0
        config = store.config(args.table)
        if config is None:
            print(f"tricktutor tables records: no table {args.table[:40]!r} in {args.db}", file=sys.stderr)
            return 2
        table = load_table(store, args.table, config)
        json.dump(game_to_record(table.game), sys.stdout, indent=2)
        sys.stdout.write("\n")
        return 0
    finally:
        store.close()


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--host", default=None, help="address to listen on (default 127.0.0.1: this computer only; as a "
                   "JupyterHub service: the host of $JUPYTERHUB_SERVICE_URL)")
    p.add_argument("--port", type=int, default=None, help="port (0: any free port; default 8765; as a JupyterHub "
                   "service: the port of $JUPYTERHUB_SERVICE_URL)")
    p.add_argument("--db", default=None, help=f"SQLite database file (default {default_db()})")
    p.add_argument("--table", action="append", type=_table_arg, metavar="GAME[:SEATS[:COMPUTERS]]",
                   help="open a table at start (spades, spades:2, oh_hell:5:3 …); COMPUTERS fill the last seats")
    p.add_argument("--rules", default=None, help="house rules of the tables opened with --table (JSON)")
    p.add_argument("--level", type=int, choices=(1, 2, 3, 4), default=2, help="computer players' level (default 2)")
    p.add_argument("--hold-seconds", type=float, default=60.0,
                   help="a seat for a person that nobody plays (dropped, or not taken yet) is held this long "
                        "before a computer plays it (default 60)")
    p.add_argument("--bot-delay", type=float, default=0.6, help="seconds a computer player waits before acting")
    p.add_argument("--next-hand-delay", type=float, default=4.0,
                   help="seconds between hands (and before the first, from the last person who sat)")
    p.add_argument("--rate", type=float, default=20.0, help="frames a second one connection may send")
    p.add_argument("--qr", action="store_true", help="print each table's join link as a QR code too (for a "
                   "projector: a phone scans it off the screen)")
    p.add_argument("--app-url", default=None, metavar="URL", help="the address of the app's page the class opens "
                   "(https://…/app.html): the join links open it on Play with others, with the table filled in")
    p.add_argument("--base-url", default=None, help="path prefix of the routes (default /; as a JupyterHub "
                   "service: $JUPYTERHUB_SERVICE_PREFIX)")
    p.add_argument("--hub-api-url", default=None, help="JupyterHub's API (default $JUPYTERHUB_API_URL, set for a hub "
                   "service; \"\": none): a player's hub token gives their hub name")
    p.add_argument("--teacher-group", action="append", metavar="GROUP",
                   help="members of this JupyterHub group are teachers without the key (may be repeated)")
    p.add_argument("--teacher-admins", action="store_true", help="JupyterHub's admins are teachers without the key")


def add_tables_command(sub: Any) -> None:
    """``tricktutor tables serve …`` on the CLI's subcommands."""
    t = sub.add_parser("tables", help="the table server: people and computer players at one table")
    tsub = t.add_subparsers(dest="tables_command", required=True)
    s = tsub.add_parser("serve", help="run a table server (WebSocket; docs/TABLE_PROTOCOL.md)")
    add_arguments(s)
    s.set_defaults(func=_serve)
    r = tsub.add_parser("records", help="a table's game as a hand record (JSON), from the server's database")
    r.add_argument("--db", required=True, help="the server's SQLite database")
    r.add_argument("--table", default=None, help="the table's code (without it: list the tables)")
    r.set_defaults(func=_records)
