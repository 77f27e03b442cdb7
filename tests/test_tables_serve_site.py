"""``tricktutor tables serve --site DIR`` (issue 35: a classroom's table server serves the static site
itself): the phones open the app from the teacher's laptop over the same port as the tables' WebSocket
(``http://`` beside ``ws://``: no other web server, no internet, no https page that may not open ``ws://``).

What is checked: the site's files are served (the index, the app's page, WebAssembly as
``application/wasm``, text compressed for a browser that asks), nothing outside the folder is, the
WebSocket still answers on ``/ws`` and what the server is moves to ``server.json``; the join links the
server prints open the app's page on this server; a folder that holds no built site is refused with
the reason before anything starts.  The real site in a browser: tests/browser/test_site_play_together_browser.py.
"""
from __future__ import annotations

import asyncio
import gzip
import json
import os
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from engine.text import language
from tutor.tables_server.client import TableClient
from tutor.tables_server.hub import Settings
from tutor.tables_server.server import _ERRORS, SITE_APP_PAGE, site_app_url, start
from tutor.text import say

from engine_test_helpers import run_async, stop_process

REPO = Path(__file__).resolve().parent.parent
ENV = dict(os.environ, PYTHONPATH=str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""))
APP_HTML = "<!doctype html><title>app</title>" + "<p>Trick Tutor</p>" * 200


def _site(folder: Path) -> Path:
    """A folder laid out as a built site (the files a test reads)."""
    (folder / "voici/render/notebooks").mkdir(parents=True)
    (folder / "static").mkdir()
    (folder / "index.html").write_text("<!doctype html><title>index</title>")
    (folder / SITE_APP_PAGE).write_text(APP_HTML)
    (folder / "static/runtime.wasm").write_bytes(b"\0asm\1\0\0\0" + bytes(64))
    return folder


def _get(url: str, gzip_ok: bool = False) -> tuple[int, dict[str, str], bytes]:
    request = urllib.request.Request(url, headers={"Accept-Encoding": "gzip"} if gzip_ok else {})
    try:
        with urllib.request.urlopen(request, timeout=10) as r:
            return r.status, {k.lower(): v for k, v in r.headers.items()}, r.read()
    except urllib.error.HTTPError as e:
        return e.code, {}, b""


def test_the_site_and_the_tables_on_one_port(tmp_path: Path) -> None:
    site = _site(tmp_path / "site")
    (tmp_path / "secret.txt").write_text("not for the class")

    async def main() -> None:
        server = await start("127.0.0.1", 0, str(tmp_path / "t.sqlite3"), Settings(bot_delay=0.0), site=site)
        try:
            http = site_app_url(server.url, "/").rsplit(SITE_APP_PAGE, 1)[0]
            assert http.startswith("http://127.0.0.1:") and server.url == http.replace("http", "ws", 1) + "ws"
            loop = asyncio.get_running_loop()

            def fetch(path: str, gzip_ok: bool = False) -> tuple[int, dict[str, str], bytes]:
                return _get(http + path, gzip_ok)
            status, headers, body = await loop.run_in_executor(None, fetch, "")
            assert status == 200 and b"<title>index</title>" in body and headers["content-type"].startswith("text/html")
            status, headers, body = await loop.run_in_executor(None, fetch, SITE_APP_PAGE)
            assert status == 200 and body.decode() == APP_HTML and headers["cache-control"] == "max-age=600"
            status, headers, body = await loop.run_in_executor(None, lambda: fetch(SITE_APP_PAGE, True))
            assert headers.get("content-encoding") == "gzip" and gzip.decompress(body).decode() == APP_HTML
            status, headers, body = await loop.run_in_executor(None, fetch, "static/runtime.wasm")
            assert status == 200 and headers["content-type"] == "application/wasm" and body.startswith(b"\0asm")
            for outside in ("../secret.txt", "%2e%2e/secret.txt", "static/../../secret.txt"):
                status, _h, body = await loop.run_in_executor(None, fetch, outside)
                assert status in (400, 403, 404) and b"not for the class" not in body, outside
            status, _h, body = await loop.run_in_executor(None, fetch, "no/such/page.html")
            assert status == 404
            status, _h, body = await loop.run_in_executor(None, fetch, "server.json")
            assert status == 200 and json.loads(body)["websocket"] == "/ws"
            # the tables' WebSocket on the same port
            client = await TableClient.connect(server.url)
            assert (await client.request("teacher", key=server.hub.teacher_key))["type"] == "teacher_ok"
            await client.close()
        finally:
            server.stop()
    run_async(main())


def test_serve_site_prints_join_links_that_open_its_own_app(tmp_path: Path) -> None:
    """``--site``: each table's app link is this server's own app page (http://, its host and port), which
    answers; the same link a phone scans from ``--qr``."""
    site = _site(tmp_path / "site")
    proc = subprocess.Popen([sys.executable, "-m", "tutor.cli", "tables", "serve", "--port", "0", "--db",
                             str(tmp_path / "t.sqlite3"), "--table", "spades:4:2", "--site", str(site)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=ENV, cwd=REPO)
    try:
        assert proc.stdout is not None
        lines: list[str] = []
        while not any("app.html?" in ln for ln in lines):
            line = proc.stdout.readline()
            assert line, proc.stderr.read() if proc.stderr else "server ended"
            lines.append(line.strip())
        ws = lines[0].split()[-1]
        assert ws.startswith("ws://127.0.0.1:") and ws.endswith("/ws")
        link = lines[-1].split()[-1]
        port = urlsplit(ws).port
        assert link.startswith(f"http://127.0.0.1:{port}/{SITE_APP_PAGE}?"), lines
        query = parse_qs(urlsplit(link).query)
        assert query["server"] == [ws] and len(query["table"][0]) == 12
        status, _h, body = _get(link)
        assert status == 200 and body.decode() == APP_HTML
    finally:
        stop_process(proc)


def test_a_folder_without_a_built_site_is_refused_before_anything_starts(tmp_path: Path) -> None:
    empty = tmp_path / "not-a-site"
    empty.mkdir()
    db = tmp_path / "t.sqlite3"
    done = subprocess.run([sys.executable, "-m", "tutor.cli", "tables", "serve", "--lang", "so", "--port", "0",
                           "--db", str(db), "--site", str(empty)], capture_output=True, text=True, env=ENV, cwd=REPO,
                          timeout=60)
    with language("so"):
        said = say(_ERRORS["site"], path=repr(str(empty)))
    assert done.returncode != 0 and said in done.stderr, done.stderr
    assert not db.exists()  # refused before the database was opened
