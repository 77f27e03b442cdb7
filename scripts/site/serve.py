"""Serve the built site (``_site/``) on 127.0.0.1 and print its link.

    python scripts/site/serve.py [--dir _site] [--port 8000]

Files that compress (scripts, the WebAssembly runtime, JSON, pages) are sent
gzip-compressed to a browser that asks for it, as GitHub Pages and most web
servers do; wheels and fonts are compressed already.

Binds first, then prints the link of the server it actually started: the port
asked for (``--port``, else ``$PORT``, else 8000) or, when that one is taken,
the next free one (it says so).  Static files only: the site needs no server
of its own, any web server (or GitHub Pages) serves it the same way.
Ctrl-C stops it.
"""
from __future__ import annotations

import argparse
import email.utils
import functools
import gzip
import http.server
import io
import os
import threading
import pathlib
import sys

REPO = pathlib.Path(__file__).resolve().parents[2]

#: Types Python's table may lack or get wrong (wasm must be application/wasm for
#: streaming compilation; JupyterLite's .mjs and .json files).
TYPES = {".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
         ".json": "application/json", ".whl": "application/zip", ".ipynb": "application/json"}


#: As GitHub Pages serves files: the browser may reuse them for 10 minutes without
#: asking (then it revalidates), so a page reloaded offline soon after opens.
CACHE_CONTROL = "max-age=600"


#: Suffixes sent gzip-compressed when the browser accepts it.
COMPRESS = (".js", ".mjs", ".json", ".wasm", ".css", ".html", ".svg", ".ipynb", ".txt", ".map", ".ttf", ".eot")

_GZ: dict[tuple[str, int], bytes] = {}
_GZ_LOCK = threading.Lock()


def _gzipped(path: str, mtime_ns: int) -> bytes:
    key = (path, mtime_ns)
    with _GZ_LOCK:
        data = _GZ.get(key)
    if data is None:
        with open(path, "rb") as f:
            data = gzip.compress(f.read(), compresslevel=6, mtime=0)
        with _GZ_LOCK:
            _GZ[key] = data
    return data


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}
    #: send COMPRESS files gzip-compressed to browsers that accept it
    compress = True

    def end_headers(self):
        self.send_header("Cache-Control", CACHE_CONTROL)
        super().end_headers()

    def send_head(self):
        path = self.translate_path(self.path)
        if (not self.compress or not path.endswith(COMPRESS) or not os.path.isfile(path)
                or "gzip" not in self.headers.get("Accept-Encoding", "")):
            return super().send_head()
        st = os.stat(path)
        data = _gzipped(path, st.st_mtime_ns)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Last-Modified", email.utils.formatdate(st.st_mtime, usegmt=True))
        self.end_headers()
        return io.BytesIO(data)

    def log_message(self, format, *args):
        if os.environ.get("TT_SITE_LOG"):
            super().log_message(format, *args)


def bind(directory: pathlib.Path, port: int, tries: int = 100) -> http.server.ThreadingHTTPServer:
    """A server for ``directory`` on 127.0.0.1:``port``, or the next free port."""
    handler = functools.partial(Handler, directory=str(directory))
    last = None
    for p in range(port, min(port + tries, 65536)):
        try:
            return http.server.ThreadingHTTPServer(("127.0.0.1", p), handler)
        except OSError as e:
            last = e
    raise SystemExit(f"no free port from {port} to {port + tries - 1} on 127.0.0.1 ({last}); set --port")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Serve Trick Tutor's static site on 127.0.0.1.")
    ap.add_argument("--dir", default=str(REPO / "_site"))
    ap.add_argument("--port", type=int, default=int(os.environ.get("PORT") or 8000))
    args = ap.parse_args(argv)
    site = pathlib.Path(args.dir)
    if not (site / "index.html").is_file():
        raise SystemExit(f"{site} has no index.html: build the site first (./dev.sh site)")
    server = bind(site, args.port)
    port = server.server_address[1]
    if port != args.port:
        print(f"Port {args.port} is in use: using {port}.", file=sys.stderr)
    print("Trick Tutor's static site is being served. Open the app:", flush=True)
    print(f"    http://127.0.0.1:{port}/", flush=True)
    print(f"The chapters: http://127.0.0.1:{port}/lab/index.html?path=notebooks/00_welcome.ipynb", flush=True)
    print("(Ctrl-C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
