"""The ``tricktutor tables`` commands: ``serve`` (the table server) and
``records`` (a table from the server's database as a hand record).

This module needs no tornado: ``tricktutor replay`` builds the whole
command line without loading the server, which is imported when ``serve``
runs (tornado comes with Jupyter, the app extra).

``serve`` speaks the language of ``--lang`` (default: the current one,
English): its help, its error lines and the lines it prints at start
(:mod:`tutor.tables_server.server`), each a catalogue entry with named
placeholders, as the exercise commands do.  :func:`serve_language` finds
``--lang`` before the parser is built, for the help; the JSON of ``records``
is for programs and stays as it is.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
from pathlib import Path
from typing import Any, Sequence

from engine.errors import InvalidInputError
from engine.record import game_to_record
from engine.text import get_language, language, render

from ..exercises.words import class_set_languages
from ..text import M_, say
from .hub import load_table
from .protocol import FrameError, msg_from_json
from .store import Store, default_db

__all__ = ["add_tables_command", "serve_language"]

#: What ``serve`` says when it cannot start (after "tricktutor tables serve: "), in its language.
_ERRORS = {
    # TRANSLATORS: tables serve --table: {text} (quoted) is not GAME[:SEATS[:COMPUTERS]]; keep that pattern and
    # the example spades:4:2 as they are.
    "table_arg": M_("tables.cli.table_arg", "expected GAME[:SEATS[:COMPUTERS]], such as spades:4:2, not {text}"),
    # TRANSLATORS: tables serve: the option --rules (keep it) is not JSON (a data format: keep the name).
    "rules_json": M_("tables.cli.rules_json", "--rules is not JSON"),
    # TRANSLATORS: tables serve needs the Python package {module} (tornado), installed by the command in brackets
    # (keep it as it is).
    "needs": M_("tables.cli.needs", "needs {module} (pip install 'tricktutor[app]')"),
    # TRANSLATORS: tables serve cannot listen at the address {host}:{port} (another program uses the port, or
    # the address is not this computer's); {error} is the system's reason (in English).
    "cannot_listen": M_("tables.cli.cannot_listen", "cannot listen on {host}:{port}: {error}"),
    # TRANSLATORS: tables serve --table names no game {game}; {games} lists the games (keep them as they are).
    "no_game": M_("tables.cli.no_game", "--table: no game {game} (choose from {games})"),
    # TRANSLATORS: tables serve: a table of --table cannot be opened; {reason} is the rules engine's reason.
    "table_refused": M_("tables.cli.table_refused", "--table refused: {reason}"),
    # TRANSLATORS: tables serve: a table of --table cannot be opened; {code} and {data}: the technical reason.
    "table_refused_code": M_("tables.cli.table_refused_code", "--table refused: {code} {data}"),
}

#: The help of ``tables`` and ``serve`` (in the language spoken when the parser is built): catalogue entries.
_HELP = {
    # TRANSLATORS: help of "tricktutor tables" (the table server's commands).
    "tables": M_("tables.cli.help.tables", "the table server: people and computer players at one table"),
    # TRANSLATORS: help of "tricktutor tables serve"; keep docs/TABLE_PROTOCOL.md.
    "serve": M_("tables.cli.help.serve", "run a table server (WebSocket; docs/TABLE_PROTOCOL.md)"),
    # TRANSLATORS: help of "tricktutor tables records" (JSON: a data format, keep it).
    "records": M_("tables.cli.help.records", "a table's game as a hand record (JSON), from the server's database"),
    # TRANSLATORS: serve --host; keep 127.0.0.1 and $JUPYTERHUB_SERVICE_URL.
    "host": M_("tables.cli.help.host", "address to listen on (default 127.0.0.1: this computer only; as a JupyterHub "
                                       "service: the host of $JUPYTERHUB_SERVICE_URL)"),
    # TRANSLATORS: serve --port; keep $JUPYTERHUB_SERVICE_URL.
    "port": M_("tables.cli.help.port", "port (0: any free port; default 8765; as a JupyterHub service: the port of "
                                       "$JUPYTERHUB_SERVICE_URL)"),
    # TRANSLATORS: serve --db: {path} is the file used when none is given.
    "db": M_("tables.cli.help.db", "SQLite database file (default {path})"),
    # TRANSLATORS: serve --table; keep the examples and COMPUTERS (the word in the option's pattern).
    "table": M_("tables.cli.help.table", "open a table at start (spades, spades:2, oh_hell:5:3 …); COMPUTERS fill the "
                                         "last seats"),
    # TRANSLATORS: serve --rules; keep --table and JSON.
    "rules": M_("tables.cli.help.rules", "house rules of the tables opened with --table (JSON)"),
    # TRANSLATORS: serve --level.
    "level": M_("tables.cli.help.level", "computer players' level (default 2)"),
    # TRANSLATORS: serve --hold-seconds.
    "hold": M_("tables.cli.help.hold_seconds", "a seat for a person that nobody plays (dropped, or not taken yet) is "
                                               "held this long before a computer plays it (default 60)"),
    # TRANSLATORS: serve --bot-delay.
    "bot_delay": M_("tables.cli.help.bot_delay", "seconds a computer player waits before acting"),
    # TRANSLATORS: serve --next-hand-delay.
    "next_hand_delay": M_("tables.cli.help.next_hand_delay", "seconds between hands (and before the first, from the "
                                                             "last person who sat)"),
    # TRANSLATORS: serve --rate: frames (messages) a second.
    "rate": M_("tables.cli.help.rate", "frames a second one connection may send"),
    # TRANSLATORS: serve --qr.
    "qr": M_("tables.cli.help.qr", "print each table's join link as a QR code too (for a projector: a phone scans it "
                                   "off the screen)"),
    # TRANSLATORS: serve --app-url; keep https://…/app.html. "Play with others" is the app's section: say it as
    # its tab is called.
    "app_url": M_("tables.cli.help.app_url", "the address of the app's page the class opens (https://…/app.html): "
                                             "the join links open it on Play with others, with the table filled in"),
    # TRANSLATORS: serve --site; keep ./dev.sh site. The phones open the app from this server (http://, like the
    # table server's ws://): no other web server, no internet.
    "site": M_("tables.cli.help.site", "serve the static site built in this folder (./dev.sh site) from this server "
                                       "too: the join links open its app, and the phones need no other server"),
    # TRANSLATORS: serve --base-url; keep $JUPYTERHUB_SERVICE_PREFIX.
    "base_url": M_("tables.cli.help.base_url", "path prefix of the routes (default /; as a JupyterHub service: "
                                               "$JUPYTERHUB_SERVICE_PREFIX)"),
    # TRANSLATORS: serve --hub-api-url; keep $JUPYTERHUB_API_URL and "".
    "hub_api_url": M_("tables.cli.help.hub_api_url", "JupyterHub's API (default $JUPYTERHUB_API_URL, set for a hub "
                                                     "service; \"\": none): a player's hub token gives their hub name"),
    # TRANSLATORS: serve --teacher-group.
    "teacher_group": M_("tables.cli.help.teacher_group", "members of this JupyterHub group are teachers without the "
                                                         "key (may be repeated)"),
    # TRANSLATORS: serve --teacher-admins.
    "teacher_admins": M_("tables.cli.help.teacher_admins", "JupyterHub's admins are teachers without the key"),
    # TRANSLATORS: serve --lang: the language of the lines the server prints and of this help; keep en.
    "lang": M_("tables.cli.help.lang", "the language of the lines this command prints and of this help (default "
                                       "en); each player's page has a language of its own"),
}


def _help(key: str, **params: object) -> str:
    """A help text in the current language, ``%`` doubled for argparse."""
    return say(_HELP[key], **params).replace("%", "%%")


def _fail(key: str, **params: object) -> int:
    """One line on stderr: the command, then what is wrong (in the current language); exit status 2."""
    print(f"tricktutor tables serve: {say(_ERRORS[key], **params)}", file=sys.stderr)
    return 2


def serve_language(argv: Sequence[str]) -> str | None:
    """The ``--lang`` of a ``tables serve`` command line (``--lang so`` or ``--lang=so``), when it is one of
    the languages offered, else None: read before the parser is built, so that the help speaks it too."""
    if list(argv[:2]) != ["tables", "serve"]:
        return None
    lang = None
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(argv):
            lang = argv[i + 1]
        elif arg.startswith("--lang="):
            lang = arg.partition("=")[2]
    return lang if lang in class_set_languages() else None


def _table_arg(text: str) -> tuple[str, int | None, int | None]:
    """``--table GAME[:SEATS[:COMPUTERS]]``."""
    parts = text.split(":")
    if not 1 <= len(parts) <= 3 or not parts[0] or not all(p.isascii() and p.isdigit() for p in parts[1:]):
        raise argparse.ArgumentTypeError(say(_ERRORS["table_arg"], text=repr(text[:40])))
    nums = [int(p) for p in parts[1:]] + [None, None]
    return parts[0], nums[0], nums[1]


def _serve(args: argparse.Namespace) -> int:
    with language(args.lang or get_language()):
        return _serve_spoken(args)


def _serve_spoken(args: argparse.Namespace) -> int:
    try:
        if args.rules:
            json.loads(args.rules)
    except ValueError:
        return _fail("rules_json")
    try:
        # late: only `serve` needs tornado (the app extra); the rest of the command line works without it
        from .server import check_arguments, serve  # noqa: PLC0415
    except ImportError as e:
        return _fail("needs", module=e.name or "tornado")
    try:
        check_arguments(args, os.environ)   # a wrong argument is said before any event loop starts
        return asyncio.run(serve(args))
    except OSError as e:
        return _fail("cannot_listen", host=args.host or "", port="" if args.port is None else args.port,
                     error=e.strerror or e)
    except FrameError as e:
        if isinstance(e.data.get("text"), dict):
            return _fail("table_refused", reason=render(msg_from_json(e.data["text"])))
        if e.data.get("field") == "game" and isinstance(e.data.get("allowed"), list):
            game = next((g for g, _s, _c in args.table or [] if g not in e.data["allowed"]), "")
            return _fail("no_game", game=game, games=", ".join(map(str, e.data["allowed"])))
        return _fail("table_refused_code", code=e.code, data=e.data)
    except InvalidInputError as e:
        return _fail("table_refused", reason=str(e))
    except ValueError as e:
        print(f"tricktutor tables serve: {e}", file=sys.stderr)  # its words said where it was raised
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
    p.add_argument("--host", default=None, help=_help("host"))
    p.add_argument("--port", type=int, default=None, help=_help("port"))
    p.add_argument("--db", default=None, help=_help("db", path=default_db()))
    p.add_argument("--table", action="append", type=_table_arg, metavar="GAME[:SEATS[:COMPUTERS]]",
                   help=_help("table"))
    p.add_argument("--rules", default=None, help=_help("rules"))
    p.add_argument("--level", type=int, choices=(1, 2, 3, 4), default=2, help=_help("level"))
    p.add_argument("--hold-seconds", type=float, default=60.0, help=_help("hold"))
    p.add_argument("--bot-delay", type=float, default=0.6, help=_help("bot_delay"))
    p.add_argument("--next-hand-delay", type=float, default=15.0, help=_help("next_hand_delay"))
    p.add_argument("--rate", type=float, default=20.0, help=_help("rate"))
    p.add_argument("--qr", action="store_true", help=_help("qr"))
    p.add_argument("--app-url", default=None, metavar="URL", help=_help("app_url"))
    p.add_argument("--site", default=None, metavar="DIR", help=_help("site"))
    p.add_argument("--base-url", default=None, help=_help("base_url"))
    p.add_argument("--hub-api-url", default=None, help=_help("hub_api_url"))
    p.add_argument("--teacher-group", action="append", metavar="GROUP", help=_help("teacher_group"))
    p.add_argument("--teacher-admins", action="store_true", help=_help("teacher_admins"))
    p.add_argument("--lang", choices=class_set_languages(), default=None, help=_help("lang"))


def add_tables_command(sub: Any) -> None:
    """``tricktutor tables serve …`` on the CLI's subcommands."""
    t = sub.add_parser("tables", help=_help("tables"))
    tsub = t.add_subparsers(dest="tables_command", required=True)
    s = tsub.add_parser("serve", help=_help("serve"), description=say(_HELP["serve"]))
    add_arguments(s)
    s.set_defaults(func=_serve)
    r = tsub.add_parser("records", help=_help("records"))
    r.add_argument("--db", required=True, help="the server's SQLite database")
    r.add_argument("--table", default=None, help="the table's code (without it: list the tables)")
    r.set_defaults(func=_records)
