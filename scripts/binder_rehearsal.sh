#!/usr/bin/env bash
# Binder rehearsal: does the app work from the files in binder/ alone?
#
#  1. copies the working tree (no .git, no virtual environments) to a temp dir,
#     as Binder clones the repository;
#  2. builds a fresh virtual environment there with the Python of
#     binder/runtime.txt and `pip install -r binder/requirements.txt`, run from
#     the repository root exactly as repo2docker does (so `-e .[app]` resolves
#     to the repository), then runs binder/postBuild as repo2docker does (from
#     the repository root, the environment first on PATH);
#  3. starts `jupyter server` from that environment under a hub-like base URL
#     (/user/learner/) on 127.0.0.1, without a token (temp config dirs, so no
#     personal Jupyter config leaks in); Voila is enabled as a server extension
#     by the voila package itself;
#  4. runs a browser smoke test (headless Chromium through Playwright, from the
#     developer environment: the browser is the learner's side, not Binder's):
#       …/user/learner/voila/render/notebooks/app.ipynb  -- the app: title,
#          sections, a follow-suit drill click explained with its rule id, no
#          error text, and the Learn page's JupyterLab links resolve under the
#          base URL;
#       …/user/learner/lab/tree/notebooks/00_welcome.ipynb -- JupyterLab opens
#          the first chapter and its kernel starts, and no notification (such as
#          JupyterLab's "Would you like to get notified about official Jupyter
#          news?") shows over it;
#  5. prints the timings and exits 0 on success (non-zero on any failure);
#     the temp dir is removed unless KEEP=1.
#
# Usage: scripts/binder_rehearsal.sh
# Env:   TT_PYTHON  python for the browser side (default: the project's .venv/bin/python,
#                   else python3; it needs playwright)
#        TT_CHROMIUM (default /usr/bin/chromium)   KEEP=1 keep the temp dir
set -euo pipefail
REPO=$(cd "$(dirname "$0")/.." && pwd)
T0=$(date +%s)
stamp() { echo "[rehearsal +$(( $(date +%s) - T0 ))s] $*"; }

RUNTIME=$(tr -d '[:space:]' < "$REPO/binder/runtime.txt")      # e.g. python-3.11
PYVER=${RUNTIME#python-}
BASE_PY=$(command -v "python$PYVER" || true)
if [ -z "$BASE_PY" ]; then
  echo "binder/runtime.txt asks for $RUNTIME but python$PYVER is not installed here" >&2
  exit 2
fi
BROWSER_PY=${TT_PYTHON:-}
if [ -z "$BROWSER_PY" ]; then
  if [ -x "$REPO/.venv/bin/python" ]; then BROWSER_PY="$REPO/.venv/bin/python"; else BROWSER_PY=python3; fi
fi

WORK=$(mktemp -d -t tt-binder-XXXXXX)
SERVER_PID=""
cleanup() {
  if [ -n "$SERVER_PID" ] && kill -0 "$SERVER_PID" 2>/dev/null; then
    kill -TERM -- "-$SERVER_PID" 2>/dev/null || kill -TERM "$SERVER_PID" 2>/dev/null || true
    for _ in 1 2 3 4 5 6 7 8 9 10; do kill -0 "$SERVER_PID" 2>/dev/null || break; sleep 0.5; done
    kill -KILL -- "-$SERVER_PID" 2>/dev/null || true
  fi
  if [ "${KEEP:-0}" = 1 ]; then echo "kept $WORK"; else rm -rf "$WORK"; fi
}
trap cleanup EXIT

# 1. the repository as Binder sees it
stamp "copying the working tree to $WORK/repo"
mkdir -p "$WORK/repo"
tar -C "$REPO" --exclude=.git --exclude=.venv --exclude=venv --exclude='*.egg-info' \
    --exclude=__pycache__ --exclude=.pytest_cache --exclude=.mypy_cache --exclude=.hypothesis \
    --exclude=tests/browser/artifacts \
    --exclude=notebooks/voila.log --exclude=.ipynb_checkpoints \
    -cf - . | tar -C "$WORK/repo" -xf -

# 2. a fresh environment from binder/ alone
stamp "creating a fresh venv with $BASE_PY ($("$BASE_PY" --version 2>&1))"
"$BASE_PY" -m venv "$WORK/env"
ENV_PY="$WORK/env/bin/python"
"$ENV_PY" -m pip install -q --upgrade pip
stamp "pip install -r binder/requirements.txt (from the repository root)"
T_PIP=$(date +%s)
(cd "$WORK/repo" && env -u PYTHONPATH -u PIP_REQUIRE_VIRTUALENV "$ENV_PY" -m pip install -q -r binder/requirements.txt)
stamp "installed in $(( $(date +%s) - T_PIP ))s: $("$ENV_PY" -m pip list 2>/dev/null | grep -iE '^(tricktutor|voila|jupyterlab|ipywidgets|anywidget|pandas|plotly) ' | tr -s ' ' | tr '\n' ';')"
(cd "$WORK" && env -u PYTHONPATH "$ENV_PY" -c "import engine, tutor.app, tutor.drills, tutor.table, tutor.scoresheet; print('imports ok from', tutor.app.__file__)")
if [ -f "$WORK/repo/binder/postBuild" ]; then
  stamp "binder/postBuild (from the repository root, as repo2docker runs it)"
  (cd "$WORK/repo" && env -u PYTHONPATH PATH="$WORK/env/bin:$PATH" bash binder/postBuild)
fi

# 3. a hub-like Jupyter server
PORT=$("$ENV_PY" -c "import socket; s=socket.socket(); s.bind(('127.0.0.1',0)); print(s.getsockname()[1])")
BASE=/user/learner/
ROOT_FLAG=""; [ "$(id -u)" = 0 ] && ROOT_FLAG="--allow-root"   # Binder runs as a normal user
mkdir -p "$WORK/jupyter/config" "$WORK/jupyter/data" "$WORK/jupyter/runtime"
stamp "starting jupyter server on http://127.0.0.1:$PORT$BASE"
(
  cd "$WORK/repo"
  exec env -u PYTHONPATH -u JUPYTER_PATH -u JUPYTER_CONFIG_PATH \
    JUPYTER_CONFIG_DIR="$WORK/jupyter/config" JUPYTER_RUNTIME_DIR="$WORK/jupyter/runtime" \
    JUPYTER_PLATFORM_DIRS=1 PATH="$WORK/env/bin:$PATH" \
    setsid "$WORK/env/bin/jupyter" server \
      --ServerApp.ip=127.0.0.1 --ServerApp.port="$PORT" --ServerApp.port_retries=0 \
      --ServerApp.base_url="$BASE" --ServerApp.open_browser=False \
      --IdentityProvider.token= --ServerApp.password= \
      --ServerApp.root_dir="$WORK/repo" $ROOT_FLAG
) > "$WORK/server.log" 2>&1 &
SERVER_PID=$!
URL="http://127.0.0.1:$PORT$BASE"
answers() {   # no curl on a fresh Debian: ask with the environment's Python
  "$ENV_PY" -c 'import sys, urllib.request; urllib.request.urlopen(sys.argv[1], timeout=5).close()' "$1" 2>/dev/null
}
for _ in $(seq 1 120); do
  if answers "${URL}api/status"; then break; fi
  if ! kill -0 "$SERVER_PID" 2>/dev/null; then tail -40 "$WORK/server.log" >&2; exit 3; fi
  sleep 0.5
done
answers "${URL}api/status" || { tail -40 "$WORK/server.log" >&2; exit 3; }
stamp "server up; extensions: $(grep -oE '(voila|jupyterlab)[^ ]* *\| *extension was successfully (linked|loaded)' "$WORK/server.log" | tr '\n' ';' || true)"

# 4. the browser smoke test
stamp "browser smoke test against $URL"
set +e
env -u PYTHONPATH TT_URL="$URL" TT_ART="$REPO/tests/browser/artifacts" "$BROWSER_PY" - <<'PY'
import os, pathlib, re, sys, time, urllib.parse
from playwright.sync_api import sync_playwright, expect

url = os.environ["TT_URL"]
art = pathlib.Path(os.environ["TT_ART"]); art.mkdir(parents=True, exist_ok=True)
chromium = os.environ.get("TT_CHROMIUM") or "/usr/bin/chromium"
args = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-quic",
        "--no-first-run", "--disable-component-update", "--disable-sync"]
BAD = ("Traceback", "Error", "Something went wrong")
FOLLOW = ".tt-follow-drill"
HAND = f"{FOLLOW} .tt-row[aria-label^='Your hand'] .tt-card[data-card]"
TABLE = f"{FOLLOW} .tt-row[aria-label^='On the table'] .tt-card[data-card]"
ok = True
with sync_playwright() as pw:
    browser = pw.chromium.launch(executable_path=chromium, args=args, headless=True)
    page = browser.new_page(viewport={"width": 1280, "height": 1100})
    page.set_default_timeout(30_000)
    app = url + "voila/render/notebooks/app.ipynb"
    t0 = time.perf_counter()
    page.goto(app)
    expect(page.locator(".tt-app-header h1")).to_have_text("Trick Tutor", timeout=180_000)
    print(f"  voila app rendered in {time.perf_counter() - t0:.1f} s (first open: kernel start included)")
    assert page.title() == "Trick Tutor", page.title()
    href = page.locator(".tt-chapter[data-notebook='00_welcome.ipynb'] a").get_attribute("href")
    lab_url = urllib.parse.urljoin(page.url, href)
    assert lab_url == url + "lab/tree/notebooks/00_welcome.ipynb", lab_url
    page.locator(".tt-app .lm-TabBar-tab", has_text="Drills").first.click()
    expect(page.locator(HAND).first).to_be_visible()
    for _ in range(20):   # find a position with a certainly illegal card (off-suit while holding the led suit)
        hand = [e.get_attribute("data-card") for e in page.locator(HAND).all()]
        table = [e.get_attribute("data-card") for e in page.locator(TABLE).all()]
        led = table[0][1] if table else None
        off = [c for c in hand if led and c[1] != led] if led and any(c[1] == led for c in hand) else []
        if off:
            break
        page.locator(FOLLOW).get_by_role("button", name=re.compile("Skip|Next")).click()
        time.sleep(0.6)
    t1 = time.perf_counter()
    page.locator(f"{HAND}[data-card='{off[0]}']").click()
    expect(page.locator(f"{FOLLOW} .tt-feedback .tt-rule").first).to_have_text("[SP-14]")
    print(f"  follow-suit drill: illegal {off[0]} explained with [SP-14] in {1000 * (time.perf_counter() - t1):.0f} ms")
    page.locator(".tt-app .lm-TabBar-tab", has_text="Play Spades").first.click()
    expect(page.locator(".tt-play-spades")).to_be_visible(timeout=60_000)
    page.screenshot(path=str(art / "binder_voila_app.png"))
    body = page.inner_text("body")
    bad = [w for w in BAD if w in body]
    if bad:
        print("  FAIL: error text on the Voila page:", bad, body[-800:]); ok = False
    else:
        print("  voila app: title, drills, rule explanation, Spades table: ok")

    lab = browser.new_page(viewport={"width": 1280, "height": 900})
    t0 = time.perf_counter()
    lab.goto(lab_url)
    expect(lab.locator(".jp-Notebook").first).to_be_visible(timeout=180_000)
    expect(lab.locator(".jp-Notebook").first).to_contain_text("Welcome to Trick Tutor", timeout=60_000)
    expect(lab.locator("#jp-main-statusbar")).to_contain_text("Idle", timeout=120_000)
    print(f"  JupyterLab opened 00_welcome.ipynb with an idle kernel in {time.perf_counter() - t0:.1f} s")
    lab.wait_for_timeout(4000)     # JupyterLab asks about news once its layout and settings are in
    lab.screenshot(path=str(art / "binder_lab_welcome.png"))
    toasts = lab.locator(".Toastify__toast").all_inner_texts()
    if toasts:
        print("  FAIL: JupyterLab shows notifications over the chapter:", toasts); ok = False
    else:
        print("  JupyterLab: no notification over the chapter (no news pop-up)")
    body = lab.inner_text("body")
    if "Traceback" in body:
        print("  FAIL: traceback in JupyterLab"); ok = False
    browser.close()
sys.exit(0 if ok else 1)
PY
RC=$?
set -e
if [ $RC -ne 0 ]; then
  echo "---- server log (tail) ----" >&2; tail -60 "$WORK/server.log" >&2
  stamp "FAILED (smoke test exit $RC)"
  exit $RC
fi
stamp "PASSED: the app and JupyterLab work from binder/ alone (total $(( $(date +%s) - T0 ))s)"
