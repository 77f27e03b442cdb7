"""The ``tricktutor`` console command.

    tricktutor replay RECORD.json [--trace]     (docs/HAND_RECORD.md)
    tricktutor review RECORD.json [--seat N] [--hand K]   (double-dummy review, engine.review)
    tricktutor tables serve [--host H] [--port P] [--db FILE]   (table server, docs/TABLE_PROTOCOL.md)
    tricktutor tables records --db FILE [--table CODE]   (a table of that server as a hand record)

Exit status of ``replay``: 0 replayed, 1 stopped at an illegal action (the
verdict is in the output), 2 invalid record (one line on stderr naming the
field; this includes a path that is not a regular file, such as a named pipe,
refused at once, and a record beyond the limits of HAND_RECORD.md: over 10 MB,
nested deeper than 32 levels, a number over 30 digits, a string over 200
characters, over 1,000 hands or 1,000 actions in a hand), 3 anything else
that went wrong inside the command (a bug: one line on stderr, never 1).

The output is JSON on stdout.  When stdout cannot encode every character
(a Windows ``cp1252`` console), the JSON is written with ``\\u`` escapes
instead, which is the same JSON.  ``tricktutor replay … | head`` ends quietly
when the reader stops reading.
"""
from __future__ import annotations

import argparse
import codecs
import json
import os
import sys

from engine.errors import quote
from engine.record import RecordError, load_record_file, replay
from tutor.cli_parser import Parser
from tutor.tables_server.commands import add_tables_command

EXIT_OK, EXIT_ILLEGAL, EXIT_INVALID, EXIT_BUG = 0, 1, 2, 3


def _error_line(text: str) -> None:
    """One line on stderr (newlines in ``text`` flattened)."""
    print(" ".join(str(text).split("\n")), file=sys.stderr)


_UNICODE_ENCODINGS = {"utf-8", "utf-8-sig", "utf-16", "utf-16-le", "utf-16-be", "utf-32", "utf-32-le", "utf-32-be",
                      "gb18030"}


def _stdout_takes_unicode() -> bool:
    """Whether stdout's encoding can write every character (else JSON ``\\u`` escapes are used)."""
    try:
        return codecs.lookup(getattr(sys.stdout, "encoding", None) or "utf-8").name in _UNICODE_ENCODINGS
    except LookupError:
        return False


def write_json(out: dict, fp, ensure_ascii: bool = False) -> None:
    """Write the replay output as JSON to ``fp``, streamed (never one huge
    string): two-space indentation, each step of ``steps`` on one line (as
    in HAND_RECORD.md's example)."""
    keys = list(out)
    fp.write("{\n")
    for i, key in enumerate(keys):
        value = out[key]
        fp.write(f"  {json.dumps(key)}: ")
        if key == "steps" and value:
            fp.write("[\n")
            last = len(value) - 1
            chunk: list[str] = []
            for j, step in enumerate(value):
                chunk.append("    " + json.dumps(step, ensure_ascii=ensure_ascii) + (",\n" if j < last else "\n"))
                if len(chunk) >= 1000:
                    fp.write("".join(chunk))
                    chunk = []
            fp.write("".join(chunk))
            fp.write("  ]")
        else:
            fp.write(json.dumps(value, indent=2, ensure_ascii=ensure_ascii).replace("\n", "\n  "))
        fp.write(",\n" if i < len(keys) - 1 else "\n")
    fp.write("}\n")


def _replay(args) -> int:
    try:
        parsed = load_record_file(args.record)
    except RecordError as e:
        _error_line(f"tricktutor replay: invalid record: {e}")
        return EXIT_INVALID
    out, status, err = replay(parsed, trace=args.trace)
    if status == EXIT_INVALID or out is None:
        _error_line(f"tricktutor replay: invalid record: {err}")
        return EXIT_INVALID
    try:
        write_json(out, sys.stdout, ensure_ascii=not _stdout_takes_unicode())
        sys.stdout.flush()
    except BrokenPipeError:  # the reader stopped reading (| head): end quietly
        _quiet_broken_pipe()
    return status


def _seat_arg(text: str):
    """--seat: a seat number 0… or a Spades seat letter N/E/S/W."""
    t = text.strip().upper()
    if t in ("N", "E", "S", "W"):
        return "NESW".index(t)
    if t.isascii() and t.isdigit() and len(t) <= 2:
        return int(t)
    raise argparse.ArgumentTypeError(f"expected a seat number 0… or N/E/S/W, not {quote(text)}")


def _review(args) -> int:
    """``tricktutor review``: exit 0 reviewed, 2 invalid record/seat/hand, 3 a bug."""
    # late: only `review` needs the double-dummy solver; `replay` starts without loading it
    from engine.review import review_hand  # noqa: PLC0415
    try:
        parsed = load_record_file(args.record)
        out = review_hand(parsed, args.seat, args.hand)
    except RecordError as e:
        _error_line(f"tricktutor review: invalid record: {e}")
        return EXIT_INVALID
    try:
        json.dump(out, sys.stdout, indent=2, ensure_ascii=not _stdout_takes_unicode())
        sys.stdout.write("\n")
        sys.stdout.flush()
    except BrokenPipeError:
        _quiet_broken_pipe()
    return EXIT_OK


def build_parser() -> argparse.ArgumentParser:
    """The command's parser; argparse's own words (usage, titles, errors) in the current language
    (:class:`tutor.cli_parser.Parser`)."""
    p = Parser(prog="tricktutor", description="Trick Tutor: Spades and Oh Hell teaching kit")
    sub = p.add_subparsers(dest="command", required=True)
    r = sub.add_parser("replay", help="replay a hand record through the rules engine and print what happened (JSON)")
    r.add_argument("record", help="hand record file (JSON, docs/HAND_RECORD.md)")
    r.add_argument("--trace", action="store_true", help="also list the legal actions before each step")
    r.set_defaults(func=_replay)
    v = sub.add_parser("review", help="double-dummy review of one hand for one seat: the tricks each card cost (JSON)")
    v.add_argument("record", help="hand record file (JSON, docs/HAND_RECORD.md)")
    v.add_argument("--seat", type=_seat_arg, default=0, help="seat to review: 0… or N/E/S/W (default 0)")
    v.add_argument("--hand", type=int, default=None, help="hand number, 1… (default: the last hand played)")
    v.set_defaults(func=_review)
    try:  # teacher tools (need the app extra: pandas, nbformat)
        from tutor.exercises.cli import add_exercise_commands  # noqa: PLC0415 - without the app extra the CLI still replays
    except ImportError:
        pass
    else:
        add_exercise_commands(sub)
    add_tables_command(sub)
    return p


def _quiet_broken_pipe() -> None:
    """The reader of stdout has gone (``| head``): send the rest of the
    output, including the interpreter's final flush, to the null device."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


def main(argv: list[str] | None = None) -> int:
    """Run the command; returns its exit status (see the module docstring)."""
    for stream in (sys.stderr,):
        try:  # messages name cards (7♣): never fail on a console that cannot show ♣
            stream.reconfigure(errors="backslashreplace")  # type: ignore[union-attr]  # a TextIOWrapper
        except (AttributeError, ValueError):
            pass
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except BrokenPipeError:
        _quiet_broken_pipe()
        return EXIT_OK
    except Exception as e:  # noqa: BLE001 - a bug: exit 3 with one line, never a traceback or 1
        try:
            _error_line(f"tricktutor {args.command}: internal error (a bug, please report it): "
                        f"{type(e).__name__}: {quote(str(e))}")
        except BrokenPipeError:
            pass
        return EXIT_BUG


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
