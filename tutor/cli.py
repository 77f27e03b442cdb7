"""The ``tricktutor`` console command.

    tricktutor replay RECORD.json [--trace]     (docs/HAND_RECORD.md)

Exit status of ``replay``: 0 replayed, 1 stopped at an illegal action (the
verdict is in the output), 2 invalid record (one line on stderr naming the
field).
"""
from __future__ import annotations

import argparse
import json
import sys

from engine.record import RecordError, load_record_file, replay


def _replay(args) -> int:
    try:
        parsed = load_record_file(args.record)
    except RecordError as e:
        print(f"tricktutor replay: invalid record: {e}", file=sys.stderr)
        return 2
    out, status, err = replay(parsed, trace=args.trace)
    if status == 2:
        print(f"tricktutor replay: invalid record: {err}", file=sys.stderr)
        return 2
    json.dump(out, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")
    return status


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="tricktutor", description="Trick Tutor: Spades and Oh Hell teaching kit")
    sub = p.add_subparsers(dest="command", required=True)
    r = sub.add_parser("replay", help="replay a hand record through the rules engine and print what happened (JSON)")
    r.add_argument("record", help="hand record file (JSON, docs/HAND_RECORD.md)")
    r.add_argument("--trace", action="store_true", help="also list the legal actions before each step")
    r.set_defaults(func=_replay)
    try:  # teacher tools (need the app extra: pandas, nbformat)
        from tutor.exercises_cli import add_exercise_commands
    except ImportError:
        pass
    else:
        add_exercise_commands(sub)
    return p


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return args.func(args)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
