#!/usr/bin/env bash
# Trick Tutor developer entry point: does all the set-up it needs, then runs.
#   ./dev.sh app     launch the Voila app (prints the local URL)
#   ./dev.sh test    run every test (engine, widgets, notebooks, exercises, browser)
#   ./dev.sh bench   run the benchmarks
# Set-up: a virtual environment in .venv with this project and its extras;
# for tests also Debian's chromium (browser tests drive /usr/bin/chromium).
set -euo pipefail
cd "$(dirname "$0")"
PY=${PYTHON:-python3}
VENV=.venv

setup_python() {
  local extra=$1 stamp
  stamp="$VENV/.installed-$extra-$(cat pyproject.toml | sha1sum | cut -c1-12)"
  if [ ! -x "$VENV/bin/python" ]; then
    "$PY" -m venv "$VENV"
  fi
  if [ ! -f "$stamp" ]; then
    echo "Setting up $VENV (pip install -e .[$extra]) ..." >&2
    "$VENV/bin/python" -m pip install -q --upgrade pip >&2
    "$VENV/bin/python" -m pip install -q -e ".[$extra]" >&2
    touch "$stamp"
  fi
}

setup_chromium() {
  if [ ! -x /usr/bin/chromium ]; then
    echo "Installing Debian's chromium for the browser tests ..." >&2
    local SUDO=""; [ "$(id -u)" = 0 ] || SUDO=sudo
    $SUDO apt-get update -q >&2
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q chromium >&2
  fi
}

cmd=${1:-help}; shift || true
case "$cmd" in
  app)
    setup_python app
    PORT=${PORT:-8866}
    TOKEN=${TT_TOKEN:-$("$VENV/bin/python" -c 'import secrets; print(secrets.token_hex(16))')}
    echo "Trick Tutor is starting. Open the app:"
    echo "    http://127.0.0.1:$PORT/voila/render/notebooks/app.ipynb?token=$TOKEN"
    echo "The chapters in JupyterLab: http://127.0.0.1:$PORT/lab/tree/notebooks/00_welcome.ipynb?token=$TOKEN"
    echo "(Ctrl-C to stop)"
    ROOT_FLAG=""; [ "$(id -u)" = 0 ] && ROOT_FLAG=--allow-root
    # the same layout as on Binder: a Jupyter server with Voila and JupyterLab
    exec "$VENV/bin/python" -m jupyter server --no-browser --ServerApp.ip=127.0.0.1 \
      --ServerApp.port="$PORT" --ServerApp.port_retries=0 --IdentityProvider.token="$TOKEN" \
      --ServerApp.root_dir="$PWD" --MappingKernelManager.cull_idle_timeout=900 \
      --MappingKernelManager.cull_interval=60 $ROOT_FLAG "$@"
    ;;
  test)
    setup_python test
    setup_chromium
    # engine and widget tests, browser tests, and every notebook under nbval (never split across workers)
    exec "$VENV/bin/python" -m pytest -q --nbval-lax tests notebooks exercises "$@"
    ;;
  bench)
    setup_python test
    "$VENV/bin/python" -m pip install -q -e ".[bench]" >&2 || echo "(open_spiel not installable here: benchmarks run without the comparison)" >&2
    for b in benchmarks/*.py; do case "$b" in */_*) continue;; esac; echo "== $b"; "$VENV/bin/python" "$b"; done
    ;;
  *)
    sed -n '2,8p' "$0"; exit 2 ;;
esac
