#!/usr/bin/env bash
# Trick Tutor developer entry point: does all the set-up it needs, then runs.
#   ./dev.sh app     launch the Voila app (prints its links once the server answers)
#   ./dev.sh test    run every test (engine, widgets, notebooks, exercises, browser)
#   ./dev.sh bench   run the benchmarks
#   ./dev.sh site    build the static site (JupyterLite + Voici, no server) into _site/;
#                    --serve: then serve it on 127.0.0.1 and print its link
#   ./dev.sh messages  the translation catalogues: extract, update, pseudo-language, compile
#                    (--check: change nothing, fail when a catalogue is out of date)
# Set-up: a virtual environment in .venv with this project and its extras (pip).
# System level (apt-get, as root or with sudo), only what is missing:
#   python3.X-venv  when python3 cannot make a virtual environment (a fresh Debian);
#   chromium        for ./dev.sh test, --no-install-recommends, when /usr/bin/chromium
#                   (or $TT_CHROMIUM) does not run: the browser tests drive it headless.
set -euo pipefail
cd "$(dirname "$0")"
PY=${PYTHON:-python3}
VENV=${TT_VENV:-.venv}   # TT_VENV: another virtual environment (the tests pass their own)

SUDO=""; [ "$(id -u)" = 0 ] || SUDO=sudo

# A fresh Debian's python3 has no venv module until python3.X-venv is installed.
make_venv() {
  if "$PY" -m venv "$VENV" 2>/dev/null && "$VENV/bin/python" -m pip --version >/dev/null 2>&1; then
    return 0
  fi
  [ "$VENV" != .venv ] || rm -rf .venv
  local pkg
  pkg="python$("$PY" -c 'import sys; print("%d.%d" % sys.version_info[:2])')-venv"
  if command -v apt-get >/dev/null 2>&1; then
    echo "Installing Debian's $pkg ($PY -m venv needs it: apt-get install --no-install-recommends $pkg) ..." >&2
    $SUDO apt-get update -q >&2
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends "$pkg" >&2
    "$PY" -m venv "$VENV" && return 0
  fi
  echo "$PY cannot create a virtual environment (install $pkg, or set PYTHON=...)" >&2
  exit 1
}

setup_python() {
  local extra=$1 stamp
  stamp="$VENV/.installed-$extra-$(sha1sum < pyproject.toml | cut -c1-12)"
  if [ ! -x "$VENV/bin/python" ]; then
    make_venv
  fi
  if [ ! -f "$stamp" ]; then
    echo "Setting up $VENV (pip install -e .[$extra]): the first time this downloads the Jupyter," >&2
    echo "  pandas and plotly packages and takes a few minutes; later runs start at once ..." >&2
    "$VENV/bin/python" -m pip install -q --upgrade pip >&2
    "$VENV/bin/python" -m pip install -q -e ".[$extra]" >&2
    touch "$stamp"
    # the test extra includes the app extra
    [ "$extra" != test ] || touch "$VENV/.installed-app-${stamp##*-}"
  fi
}

# The static site's build tools (JupyterLite, Voici: scripts/site/build-requirements.txt)
# live in their own environment, .venv/site, so their Jupyter packages never touch the
# app's in .venv.  npm (for the Pyodide runtime) comes from Debian when it is missing.
SITE_VENV=${TT_SITE_VENV:-.venv/site}
setup_site() {
  local stamp
  stamp="$SITE_VENV/.installed-$(sha1sum < scripts/site/build-requirements.txt | cut -c1-12)"
  if ! command -v npm >/dev/null 2>&1; then
    echo "Installing Debian's npm (the site's Pyodide runtime is an npm package: apt-get install --no-install-recommends npm) ..." >&2
    $SUDO apt-get update -q >&2
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends npm >&2
  fi
  if [ ! -x "$SITE_VENV/bin/python" ]; then
    "$PY" -m venv "$SITE_VENV"
  fi
  if [ ! -f "$stamp" ]; then
    echo "Setting up $SITE_VENV (the site's build tools: JupyterLite, Voici; 1–2 minutes the first time) ..." >&2
    "$SITE_VENV/bin/python" -m pip install -q --upgrade pip >&2
    "$SITE_VENV/bin/python" -m pip install -q -r scripts/site/build-requirements.txt >&2
    touch "$stamp"
  fi
}

# The browser tests drive Debian's chromium (never a Playwright download).
# Installed only when no usable one is there, and only it with its dependencies.
setup_chromium() {
  local chromium=${TT_CHROMIUM:-/usr/bin/chromium}
  if "$chromium" --version >/dev/null 2>&1; then
    return 0
  fi
  echo "Installing Debian's chromium for the browser tests (apt-get install --no-install-recommends chromium) ..." >&2
  $SUDO apt-get update -q >&2
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends chromium >&2
  "$chromium" --version >/dev/null 2>&1 || { echo "chromium is still not usable at $chromium (set TT_CHROMIUM)" >&2; exit 1; }
}

# free_port START: prints START if nothing listens there on 127.0.0.1, else the next free one.
free_port() {
  "$VENV/bin/python" - "$1" <<'PY'
import socket, sys
start = int(sys.argv[1])
for port in range(start, min(start + 100, 65536)):
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)   # as the server binds
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            continue
    print(port)
    break
else:
    sys.exit(f"no free port from {start} to {start + 99} on 127.0.0.1 (set PORT=...)")
PY
}

# wait_for_server PID PORT TOKEN: returns 0 once the server with this token answers on the
# port, 1 if process PID ended first (or after 10 minutes).
wait_for_server() {
  "$VENV/bin/python" - "$@" <<'PY'
import os, sys, time, urllib.error, urllib.request
pid, port, token = int(sys.argv[1]), sys.argv[2], sys.argv[3]
req = urllib.request.Request(f"http://127.0.0.1:{port}/api/status",
                             headers={"Authorization": f"token {token}"})
deadline = time.monotonic() + 600
while time.monotonic() < deadline:
    try:
        os.kill(pid, 0)
    except OSError:
        sys.exit(1)
    try:
        with urllib.request.urlopen(req, timeout=5) as r:
            if r.status == 200:     # our server: another one refuses our token (403)
                sys.exit(0)
    except (urllib.error.URLError, OSError):
        pass
    time.sleep(0.3)
sys.exit(1)
PY
}

cmd=${1:-help}; shift || true
case "$cmd" in
  app)
    setup_python app
    WANT=${PORT:-8866}
    case "$WANT" in ''|*[!0-9]*) echo "PORT=$WANT is not a port number" >&2; exit 2;; esac
    PORT=$(free_port "$WANT") || exit 1
    [ "$PORT" = "$WANT" ] || echo "Port $WANT is in use (another Jupyter server, or a second copy of Trick Tutor): using $PORT." >&2
    TOKEN=${TT_TOKEN:-$("$VENV/bin/python" -c 'import secrets; print(secrets.token_hex(16))')}
    # Trust the project's notebooks (they are committed without outputs), so the
    # server does not log "Notebook ... is not trusted" at every page.
    "$VENV/bin/python" -m jupyter trust notebooks/*.ipynb >/dev/null 2>&1 || true
    ROOT_FLAG=""; [ "$(id -u)" = 0 ] && ROOT_FLAG=--allow-root
    echo "Starting Trick Tutor on 127.0.0.1:$PORT ..." >&2
    # Print the links only once this server (with this token) answers on the port.
    (
      if wait_for_server $$ "$PORT" "$TOKEN"; then
        echo "Trick Tutor is running. Open the app:"
        echo "    http://127.0.0.1:$PORT/voila/render/notebooks/app.ipynb?token=$TOKEN"
        echo "The chapters in JupyterLab: http://127.0.0.1:$PORT/lab/tree/notebooks/00_welcome.ipynb?token=$TOKEN"
        echo "These links carry the server's token: anyone who has them can run code on this computer."
        echo "Keep them to yourself; to share the app, share the Binder link (see README.md)."
        echo "(Ctrl-C to stop)"
      fi
    ) &
    # The same layout as on Binder: a Jupyter server with Voila and JupyterLab, on
    # 127.0.0.1 only; quiet, offline Voila template, kernels over IPC: see
    # scripts/app_server_config.py. The project's Voila template is in share/jupyter.
    export JUPYTER_PATH="$PWD/share/jupyter${JUPYTER_PATH:+:$JUPYTER_PATH}"
    exec "$VENV/bin/python" -m jupyter server --config="$PWD/scripts/app_server_config.py" \
      --no-browser --ServerApp.ip=127.0.0.1 --ServerApp.port="$PORT" --ServerApp.port_retries=0 \
      --IdentityProvider.token="$TOKEN" --ServerApp.root_dir="$PWD" $ROOT_FLAG "$@"
    ;;
  test)
    setup_python test
    setup_chromium
    # types first (quick, cached): the engine under mypy --strict (pyproject.toml [tool.mypy]);
    # its report goes to stderr, so that stdout is pytest's alone
    "$VENV/bin/python" -m mypy >&2
    # and the tutor at mypy's default strictness (scripts/mypy-tutor.ini)
    "$VENV/bin/python" -m mypy --config-file scripts/mypy-tutor.ini tutor >&2
    # the linter: ruff, its rules in pyproject.toml ([tool.ruff.lint]); every noqa names its rule
    "$VENV/bin/python" -m ruff check --quiet . >&2
    # engine and widget tests, the examples in engine's docstrings (doctests), browser tests, and
    # every notebook under nbval.  Two workers (pytest-xdist), each file whole on one worker
    # (--dist loadfile): a notebook's cells are never split across workers, a module's fixtures
    # (a Voila server, the built site) are made once in its worker.  tests/conftest.py stays a conftest
    # only (--ignore: not scanned as a module, its name clashes with tests/browser/conftest.py)
    exec "$VENV/bin/python" -m pytest -q --nbval-lax --doctest-modules --ignore=tests/conftest.py \
      -n 2 --dist loadfile tests notebooks exercises engine "$@"
    ;;
  site)
    SERVE=""; ARGS=()
    for a in "$@"; do
      if [ "$a" = --serve ]; then SERVE=1; else ARGS+=("$a"); fi
    done
    # one set-up and build at a time (two test workers may ask for the site at once): another
    # waits here, then finds the site up to date; the lock is let go before serving
    if command -v flock >/dev/null 2>&1; then
      exec 9>.site-build.lock
      flock 9
    fi
    setup_site
    # rebuilt only when something it is made from changed (--force: always)
    "$SITE_VENV/bin/python" scripts/site/build.py ${ARGS[@]+"${ARGS[@]}"}
    if command -v flock >/dev/null 2>&1; then
      flock -u 9
      exec 9>&-
    fi
    if [ -n "$SERVE" ]; then
      # binds first, then prints the link of the server that started (PORT=..., default 8000)
      exec "$SITE_VENV/bin/python" scripts/site/serve.py
    fi
    ;;
  messages)
    # the translation catalogues: extract, update each language, pseudo-language, compile (scripts/messages.py)
    setup_python test
    exec "$VENV/bin/python" scripts/messages.py "$@"
    ;;
  bench)
    setup_python test
    "$VENV/bin/python" -m pip install -q -e ".[bench]" >&2 || echo "(open_spiel not installable here: benchmarks run without the comparison)" >&2
    for b in benchmarks/*.py; do case "$b" in */_*) continue;; esac; echo "== $b"; "$VENV/bin/python" "$b"; done
    ;;
  *)
    sed -n '2,14p' "$0"; exit 2 ;;
esac
