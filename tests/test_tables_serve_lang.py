"""``tricktutor tables serve`` in the teacher's language (issue 35): ``--lang so`` (ha, ceb) makes its
help, its argparse words, its error lines and the lines it prints at start (the ws:// address, the
teacher key, each table's join link, the app's link, what opening it to the network means) Somali,
each a tutor catalogue entry with named placeholders; without ``--lang`` they are the English lines
programs read (``listening: URL``, ``teacher key: KEY``), as before.
The server runs on a free port in a subprocess and is stopped at the end.
"""
from __future__ import annotations

import argparse
import os
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine.text import language
from tutor.cli import main
from tutor.cli_parser import _WORDS as CLI_WORDS
from tutor.tables_server import commands
from tutor.tables_server.commands import add_tables_command, serve_language
from tutor.tables_server.links import join_link
from tutor.tables_server.server import _LINES, _TABLE_LINES
from tutor.text import say
from engine_test_helpers import stop_process

REPO = Path(__file__).resolve().parent.parent
ENV = dict(os.environ, PYTHONPATH=str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""))
LANGS = ("so", "ha", "ceb")


def _cli(capsys: Any, argv: list[str]) -> tuple[Any, str, str]:
    with pytest.raises(SystemExit) as stop:
        main(argv)
    out, err = capsys.readouterr()
    return stop.value.code, out, err


def test_the_language_is_read_before_the_parser_is_built() -> None:
    assert serve_language(["tables", "serve", "--port", "0", "--lang", "so"]) == "so"
    assert serve_language(["tables", "serve", "--lang=ceb", "--help"]) == "ceb"
    assert serve_language(["tables", "serve", "--lang", "xx"]) is None  # argparse refuses it
    assert serve_language(["tables", "serve", "--lang"]) is None
    assert serve_language(["tables", "serve", "--", "--lang", "so"]) is None
    assert serve_language(["exercises", "make", "--lang", "so"]) is None  # there: the class set's language
    assert serve_language(["tables", "records", "--lang", "so"]) is None


@pytest.mark.parametrize("lang", LANGS)
def test_every_option_of_serve_has_its_help_in_the_language(lang: str) -> None:
    def helps(code: str) -> list[str]:
        with language(code):
            parser = argparse.ArgumentParser(prog="tricktutor")
            add_tables_command(parser.add_subparsers())
        top = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
        tables = top.choices["tables"]
        sub = next(a for a in tables._actions if isinstance(a, argparse._SubParsersAction))
        serve = sub.choices["serve"]
        texts = [a.help for a in serve._actions if a.help not in (None, argparse.SUPPRESS) and a.dest != "help"]
        return ([str(t) for t in texts] + [str(serve.description)]
                + [str(a.help) for a in [*top._choices_actions, *sub._choices_actions]])

    english, spoken = helps("en"), helps(lang)
    assert len(english) == len(spoken) == 22
    assert not set(spoken) & set(english), [t for t in spoken if t in english]
    assert any(str(commands.default_db()) in t for t in spoken)  # the default file, in its placeholder


def test_serve_help_speaks_somali_with_lang_so(capsys: Any) -> None:
    code, out, err = _cli(capsys, ["tables", "serve", "--lang", "so", "--help"])
    assert code == 0 and err == ""
    with language("so"):
        assert out.startswith(say(CLI_WORDS["usage"]) + " tricktutor tables serve")
        for key in ("host", "lang", "qr", "hold"):
            first = say(commands._HELP[key]).split()[0]
            assert first in out, key
        assert say(CLI_WORDS["options"]) in out and say(commands._HELP["serve"]) in out
    for english in ("usage:", "options:", "address to listen on", "show this help message", "the language of"):
        assert english not in out, english
    code, out, _err = _cli(capsys, ["tables", "serve", "--help"])  # no --lang: English, as before
    assert code == 0 and out.startswith("usage: tricktutor tables serve") and "address to listen on" in out


def test_serve_errors_are_said_in_somali(capsys: Any, tmp_path: Path) -> None:
    db = str(tmp_path / "t.sqlite3")
    code, _out, err = _cli(capsys, ["tables", "serve", "--lang", "so", "--table", "spades:x"])
    with language("so"):
        problem = say(commands._ERRORS["table_arg"], text="'spades:x'")
        assert code == 2 and say(CLI_WORDS["argument"], argument="--table", problem=problem) in err
        assert main(["tables", "serve", "--lang", "so", "--db", db, "--rules", "{"]) == 2
        assert capsys.readouterr().err == "tricktutor tables serve: " + say(commands._ERRORS["rules_json"]) + "\n"
        assert main(["tables", "serve", "--lang", "so", "--db", db, "--app-url", "ftp://x/app.html"]) == 2
        from tutor.tables_server.server import _ERRORS
        assert capsys.readouterr().err == ("tricktutor tables serve: " + say(_ERRORS["app_url"], url="'ftp://x/app.html'")
                                           + "\n")
    assert main(["tables", "serve", "--db", db, "--rules", "{"]) == 2  # English without --lang
    assert capsys.readouterr().err == "tricktutor tables serve: --rules is not JSON\n"


def test_a_port_in_use_is_said_in_somali(tmp_path: Path) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        done = subprocess.run([sys.executable, "-m", "tutor.cli", "tables", "serve", "--lang", "so", "--port",
                               str(port), "--db", str(tmp_path / "t.sqlite3")],
                              capture_output=True, text=True, env=ENV, cwd=REPO, timeout=60)
    assert done.returncode == 2 and done.stdout == ""
    with language("so"):
        prefix = "tricktutor tables serve: " + say(commands._ERRORS["cannot_listen"], host="", port=port, error="")
    assert done.stderr.startswith(prefix) and len(done.stderr) > len(prefix) + 1, done.stderr


def test_a_table_of_no_game_is_refused_in_somali(tmp_path: Path) -> None:
    """``--table bridge:4``: the server's own refusal (no such game, the games listed); ``--table bridge``:
    the engine's reason (its catalogue), each in Somali after the command's name."""
    from engine.errors import InvalidInputError
    from engine.registry import game_names, spec_named

    def run(table: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "tutor.cli", "tables", "serve", "--lang", "so", "--port", "0",
                               "--db", str(tmp_path / "t.sqlite3"), "--table", table],
                              capture_output=True, text=True, env=ENV, cwd=REPO, timeout=60)

    with language("so"), pytest.raises(InvalidInputError) as refused:
        spec_named("bridge")
    with language("so"):
        reason = str(refused.value)
        no_game = say(commands._ERRORS["no_game"], game="bridge", games=", ".join(game_names()))
        by_engine = say(commands._ERRORS["table_refused"], reason=reason)
    with language("en"):
        assert str(refused.value) != reason  # the engine's reason is Somali too
    for table, said in (("bridge:4", no_game), ("bridge", by_engine)):
        done = run(table)
        assert done.returncode == 2 and done.stderr == f"tricktutor tables serve: {said}\n", done.stderr


def test_serve_prints_its_start_lines_in_somali(tmp_path: Path) -> None:
    """On every address (``--host 0.0.0.0``, a free port): the address, the key, the table's join link, the
    app's link and what opening it to the network means, each the Somali entry with its values."""
    app = "https://example.org/tt/app.html"
    proc = subprocess.Popen([sys.executable, "-m", "tutor.cli", "tables", "serve", "--lang", "so", "--host",
                             "0.0.0.0", "--port", "0", "--db", str(tmp_path / "t.sqlite3"), "--table", "spades:4:2",
                             "--app-url", app], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=ENV,
                            cwd=REPO)
    try:
        assert proc.stdout is not None
        lines: list[str] = []
        with language("so"):
            warning = say(_LINES["open"])
            while not lines or lines[-1] != warning:
                line = proc.stdout.readline()
                assert line, proc.stderr.read() if proc.stderr else "server ended"
                lines.append(line.rstrip("\n"))
            assert len(lines) == 5, lines
            listening, key = say(_LINES["listening"], url=""), say(_LINES["key"], key="")
            assert lines[0].startswith(listening) and lines[1].startswith(key)
            url, teacher_key = lines[0][len(listening):], lines[1][len(key):]
            assert url.startswith("ws://0.0.0.0:") and url.endswith("/ws") and len(teacher_key) >= 16
            base = lines[2].rsplit(" ", 1)[1].split("?")[0]
            code = lines[2].split()[1]
            assert len(code) == 12 and base.endswith(":" + url.split(":")[-1])
            assert lines[2] == say(_TABLE_LINES[True], code=code, game="spades", n=4, link=f"{base}?table={code}")
            assert lines[3] == "  " + say(_LINES["app_link"], link=join_link(app, base, code))
        with language("en"):
            english = [say(_LINES[k], url=url, key=teacher_key, link=join_link(app, base, code))
                       for k in ("listening", "key", "app_link", "open")]
        assert not set(english) & {ln.strip() for ln in lines}
        assert "teacher key" not in "\n".join(lines) and "listening" not in "\n".join(lines)
    finally:
        stop_process(proc)
