"""Build Trick Tutor's static site: the app (Voici) and the chapters and exercises
(JupyterLite's lab), Python running in the browser through Pyodide.  No server.

    .venv/site/bin/python scripts/site/build.py [--out _site] [--cache DIR]

``./dev.sh site`` runs it in its own virtual environment (``.venv/site``, the
pinned tools of ``build-requirements.txt``), apart from the app's Jupyter.
Everything comes from PyPI and npm at pinned versions, checked by hash; the page
fetches nothing from anywhere but the site itself:

* the Pyodide runtime: the npm package ``pyodide`` (only the runtime, no wheels);
* the kernel's Python packages: ``kernel-requirements.txt`` (pure-Python wheels
  from PyPI), the kernel's own wheels (they come with jupyterlite-pyodide-kernel),
  Trick Tutor's wheel built from this checkout, and a stand-in ``sqlite3`` (the
  kernel asks for it; IPython's history, switched off in the kernel, imports it).  They are all listed in
  the site's own ``pyodide-lock.json`` (Pyodide's lists wheels on its CDN) and
  preloaded: Pyodide fetches them side by side while it starts, instead of the
  kernel installing them one after another;
* wheels are compiled to bytecode by Pyodide's own Python (run in Node at build
  time: ``pycompile.cjs``), so the browser does not compile IPython & co. at each
  page load, and slimmed: their JupyterLab extensions (``*.data/``: the page gets
  those from the site's ``extensions/``) and plotly's own plotly.js copies (the
  page draws charts with the jupyterlab-plotly extension's) are left out;
* a memory snapshot of that Pyodide with Python started and the kernel's and the app's
  packages imported (:data:`STARTUP_IMPORTS`), made in Node at build time (``snapshot.cjs``:
  Pyodide 0.29's experimental ``_makeSnapshot``), kept gzip-compressed in
  ``static/pyodide/snapshot-<hash>.bin``.  The kernel starts Pyodide through
  ``start-pyodide.js`` (every "pyodideUrl" the build wrote names it instead of pyodide.js:
  :func:`start_from_snapshot`; the kernel's own code is not patched), which starts from the
  snapshot when the site's offline copy (service-worker.js) holds it, i.e. from the second
  visit on, and otherwise, or if that fails, the usual way, saying which in the console.

What is built (``--out``, default ``_site``):
``index.html`` (opens the app, passing on ``?seed=``), ``voici/render/notebooks/app.html``
(the app), ``lab/index.html?path=notebooks/…`` (the chapters), ``exercises/``,
``examples/`` and ``build-info.json`` (versions, sizes, the build's time).
"""
from __future__ import annotations

import argparse
import base64
import csv
import gzip
import hashlib
import io
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile

from packaging.markers import default_environment
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

HERE = pathlib.Path(__file__).resolve().parent
REPO = HERE.parents[1]

#: The Pyodide runtime (npm package), and the sha256 of its tarball as npm gives it.
PYODIDE_NPM = "pyodide@0.29.0"
PYODIDE_TGZ_SHA256 = "52ea0e976b6e8373ef911f21cb3751ea50b03eb423b093fbfa21ffc27e842f01"
#: The runtime files the page loads (the rest of the npm package: type
#: declarations, source maps, demo consoles).
PYODIDE_FILES = ("pyodide.js", "pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip",
                 "package.json")
#: Python in the browser: Pyodide 0.29's (markers of kernel requirements are
#: evaluated for it).
BROWSER_ENV = {**default_environment(), "sys_platform": "emscripten", "platform_system": "Emscripten",
               "platform_machine": "wasm32", "python_version": "3.13", "python_full_version": "3.13.2",
               "implementation_name": "cpython", "platform_python_implementation": "CPython",
               "os_name": "posix", "extra": ""}
#: Requirements of the kernel's packages that only matter to a Jupyter server
#: (front-end extensions): not shipped, left out of the lock file's "depends".
FRONT_END_ONLY = {"jupyterlab-widgets"}
#: Files left out of wheels: (wheel name, regex of paths).  "*" = every wheel.
STRIP = (
    ("*", r"^[^/]+\.data/data/share/jupyter/"),          # JupyterLab/notebook extensions
    ("plotly", r"^plotly/package_data/(plotly\.min|widgetbundle)\.js$"),   # plotly.js: the page has its own
    ("plotly", r"^plotly/labextension/"),
)
#: Names the kernel checks in loadPyodideOptions.packages (jupyterlite-pyodide-kernel
#: 0.7's worker: anything it does not find there, it installs through piplite).
KERNEL_SPELLING = {"pyodide-kernel": "pyodide_kernel"}
#: The languages of the chapters, derived from the locale folders: each translated language
#: (``tutor/locale/<lang>``, the pseudo-language ``qps`` apart) with a folder of chapters ``notebooks/<lang>``.
CHAPTER_LANGUAGES = tuple(sorted(p.name for p in (REPO / "tutor" / "locale").iterdir()
                                 if p.is_dir() and p.name != "qps" and (REPO / "notebooks" / p.name).is_dir()))
#: The notebooks on the site: (folder in the repo, glob).
CONTENTS = (("notebooks", "*.ipynb"), *((f"notebooks/{lang}", "*.ipynb") for lang in CHAPTER_LANGUAGES),
            ("exercises", "*.ipynb"), ("examples", "*.json"))
VOICI_TEMPLATE = "tricktutor"
APP_PAGE = "voici/render/notebooks/app.html"


def log(msg: str) -> None:
    print(f"[site] {msg}", file=sys.stderr, flush=True)


def run(cmd: list[str], **kw) -> None:
    log("$ " + " ".join(str(c) for c in cmd))
    subprocess.run(cmd, check=True, **kw)


def sha256(path: pathlib.Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


# ----------------------------------------------------------------------------- wheels


def _record_line(name: str, data: bytes) -> list[str]:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return [name, f"sha256={digest}", str(len(data))]


def write_wheel(path: pathlib.Path, files: dict[str, bytes]) -> None:
    """Write a wheel of ``files`` (a .dist-info/RECORD is made here, listing them all)."""
    record_name = next(n for n in files if n.endswith(".dist-info/WHEEL")).rsplit("/", 1)[0] + "/RECORD"
    rows = [_record_line(n, d) for n, d in files.items() if n != record_name]
    rows.append([record_name, "", ""])
    buf = io.StringIO()
    csv.writer(buf, lineterminator="\n").writerows(rows)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        for n, d in files.items():
            if n != record_name:
                z.writestr(zipfile.ZipInfo(n, (2020, 2, 2, 0, 0, 0)), d, zipfile.ZIP_DEFLATED)
        z.writestr(zipfile.ZipInfo(record_name, (2020, 2, 2, 0, 0, 0)), buf.getvalue(), zipfile.ZIP_DEFLATED)


def slim_wheel(src: pathlib.Path, dest_dir: pathlib.Path) -> pathlib.Path:
    """Copy a wheel to ``dest_dir`` without the files :data:`STRIP` names (its RECORD rewritten)."""
    name = canonicalize_name(src.name.split("-")[0])
    rules = [re.compile(rx) for who, rx in STRIP if who in ("*", name)]
    with zipfile.ZipFile(src) as z:
        names = z.namelist()
        keep = [n for n in names if not any(r.search(n) for r in rules)]
        dest = dest_dir / src.name
        if len(keep) == len(names):
            shutil.copyfile(src, dest)
            return dest
        files = {n: z.read(n) for n in keep if not n.endswith(".dist-info/RECORD")}
    write_wheel(dest, files)
    return dest


SQLITE3_STUB = b'''"""Stand-in for sqlite3 in Trick Tutor's browser build (Pyodide's lives on its CDN).

IPython imports these names for its history, which the browser kernel switches
off (pyodide-kernel's history manager is disabled); connect() says why it fails.
"""
PARSE_DECLTYPES, PARSE_COLNAMES = 1, 2


class Error(Exception):
    pass


class DatabaseError(Error):
    pass


class OperationalError(DatabaseError):
    pass


class IntegrityError(DatabaseError):
    pass


class Connection:
    pass


class Cursor:
    pass


def register_converter(typename, converter):
    pass


def register_adapter(type_, adapter):
    pass


def connect(*args, **kwargs):
    raise OperationalError("SQLite is not available in the browser version of Trick Tutor")
'''


def stub_sqlite3(dest_dir: pathlib.Path) -> pathlib.Path:
    """A stand-in ``sqlite3`` (:data:`SQLITE3_STUB`): jupyterlite-pyodide-kernel 0.7
    always asks for ``sqlite3`` and IPython imports it, though with history off it
    never connects."""
    dist = "sqlite3-1.0.0.dist-info"
    files = {
        "sqlite3/__init__.py": SQLITE3_STUB,
        f"{dist}/METADATA": b"Metadata-Version: 2.1\nName: sqlite3\nVersion: 1.0.0\n"
                            b"Summary: Stand-in for Pyodide's sqlite3 (connect() raises OperationalError)\n",
        f"{dist}/WHEEL": b"Wheel-Version: 1.0\nGenerator: tricktutor-site\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
        f"{dist}/top_level.txt": b"sqlite3\n",
    }
    path = dest_dir / "sqlite3-1.0.0-py3-none-any.whl"
    write_wheel(path, files)
    return path


#: Distributions whose sources stay beside their bytecode (tracebacks show the lines).
KEEP_SOURCE = ("tricktutor",)
#: What the kernel and the app import as the page opens (their modules are compiled).
STARTUP_IMPORTS = ("micropip", "piplite.piplite", "IPython", "pyodide_kernel", "ipywidgets", "anywidget",
                   "tutor.app", "tutor.drills", "tutor.table", "tutor.table.two", "tutor.scoresheet",
                   "tutor.review_panel", "tutor.advice", "plotly.graph_objects", "plotly.io")


def compile_wheels(runtime: pathlib.Path, wheel_dir: pathlib.Path) -> None:
    """Each wheel's modules compiled by Pyodide's own Python (pycompile.cjs, in
    Node): the browser then imports bytecode instead of compiling every module at
    each page load.  Each RECORD is rewritten to match."""
    out = subprocess.run(["node", str(HERE / "pycompile.cjs"), str(runtime), str(wheel_dir), ",".join(KEEP_SOURCE),
                          ",".join(STARTUP_IMPORTS)], check=True, capture_output=True, text=True).stdout
    problems = [line for line in out.splitlines() if line.startswith("import ")]
    count = sum(int(m) for m in re.findall(r": (\d+) modules", out))
    log(f"compiled the {count} modules the page imports at start" + "".join("; " + p for p in problems))
    for w in wheel_dir.glob("*.whl"):
        with zipfile.ZipFile(w) as z:
            files = {n: z.read(n) for n in z.namelist() if not n.endswith(".dist-info/RECORD")}
        write_wheel(w, files)


#: The page's start script (scripts/site/start-pyodide.js, staged beside pyodide.js): the kernel's
#: "pyodideUrl" names it in place of pyodide.js (:func:`start_from_snapshot`).
START_SCRIPT = "start-pyodide.js"
#: Its lines that make_snapshot fills in (the snapshot's file name and unpacked size).
START_SCRIPT_BLANKS = ('const SNAPSHOT = "__SNAPSHOT__";', "const SNAPSHOT_BYTES = __SNAPSHOT_BYTES__;")
#: The kernel's "pyodideUrl" as jupyterlite-pyodide-kernel's build writes it into jupyter-lite.json
#: and into the pages that carry their settings (relative to each), pyodide.js at the end.
PYODIDE_URL = re.compile(r'("pyodideUrl": "(?:\./|(?:\.\./)*)static/pyodide/)pyodide\.js"')


def make_snapshot(dest: pathlib.Path) -> str:
    """Pyodide's memory snapshot, made in Node by snapshot.cjs from the staged runtime and
    wheels (``dest``, with its lock file) after :data:`STARTUP_IMPORTS`, written gzip-compressed
    as ``snapshot-<hash>.bin``; and the page's start script (:data:`START_SCRIPT`) that
    starts the kernel's Pyodide from it.  Returns the snapshot's file name."""
    raw = dest / "snapshot.bin"
    proc = subprocess.run(["node", str(HERE / "snapshot.cjs"), str(dest), str(raw), ",".join(STARTUP_IMPORTS)],
                          capture_output=True, text=True)
    if proc.returncode != 0:
        raise SystemExit(f"making Pyodide's snapshot failed:\n{(proc.stdout + proc.stderr)[-3000:]}")
    made = json.loads(proc.stdout.strip().splitlines()[-1])
    packed = gzip.compress(raw.read_bytes(), compresslevel=6, mtime=0)
    raw.unlink()
    # (not ".gz": a server may send a .gz file as "Content-Encoding: gzip", the browser would unpack
    # it, and the service worker's hash would no longer match)
    name = f"snapshot-{hashlib.sha256(packed).hexdigest()[:16]}.bin"
    (dest / name).write_bytes(packed)
    script = (HERE / START_SCRIPT).read_text(encoding="utf-8")
    for line in START_SCRIPT_BLANKS:
        if script.count(line) != 1:
            raise SystemExit(f"{START_SCRIPT}: its line {line!r} is missing")
    script = script.replace("__SNAPSHOT__", name).replace("__SNAPSHOT_BYTES__", str(made["bytes"]))
    (dest / START_SCRIPT).write_text(script, encoding="utf-8")
    log(f"Pyodide's snapshot {name}: {made['bytes'] / 1e6:.1f} MB of memory, {len(packed) / 1e6:.1f} MB "
        f"compressed, made in {made['seconds']:.1f} s")
    return name


def start_from_snapshot(out: pathlib.Path) -> int:
    """The kernel starts Pyodide through :data:`START_SCRIPT` (which loads pyodide.js itself):
    every "pyodideUrl" jupyterlite-pyodide-kernel wrote (jupyter-lite.json, and the pages
    carrying their settings) names it instead of pyodide.js.  The kernel's own code is not
    touched.  Fails when the app page or jupyter-lite.json has none to change, or when any
    other pyodideUrl is left.  Returns how many files changed."""
    changed = 0
    for f in [out / "jupyter-lite.json", *out.rglob("*.html")]:
        text = f.read_text(encoding="utf-8")
        new, n = PYODIDE_URL.subn(rf'\g<1>{START_SCRIPT}"', text)
        if n:
            f.write_text(new, encoding="utf-8")
            changed += 1
        elif f.relative_to(out).as_posix() in ("jupyter-lite.json", APP_PAGE):
            raise SystemExit(f"{f.relative_to(out)}: no \"pyodideUrl\": \"…static/pyodide/pyodide.js\" to point "
                             f"at {START_SCRIPT} (has jupyterlite-pyodide-kernel changed how it writes it?)")
        if '"pyodideUrl"' in new and not re.search(r'"pyodideUrl": "[^"]*/' + re.escape(START_SCRIPT) + '"', new):
            raise SystemExit(f"{f.relative_to(out)}: a pyodideUrl other than {START_SCRIPT} is left")
    return changed


def wheel_info(path: pathlib.Path) -> dict:
    """Name, version, requirements and top-level import names of a wheel."""
    with zipfile.ZipFile(path) as z:
        names = z.namelist()
        meta_name = next(n for n in names if re.match(r"^[^/]+\.dist-info/METADATA$", n))
        meta = z.read(meta_name).decode("utf-8")
        top_name = meta_name.replace("METADATA", "top_level.txt")
        top = z.read(top_name).decode().split() if top_name in names else []
    fields: dict[str, list[str]] = {}
    for line in meta.split("\n\n", 1)[0].splitlines():
        if ": " in line and not line.startswith(" "):
            k, v = line.split(": ", 1)
            fields.setdefault(k, []).append(v)
    if not top:
        top = sorted({n.split("/")[0].removesuffix(".py") for n in names
                      if not re.match(r"^[^/]+\.(dist-info|data)/", n) and (n.endswith(".py") or "/" in n)})
    return {"name": fields["Name"][0], "version": fields["Version"][0],
            "requires": fields.get("Requires-Dist", []), "imports": [t for t in top if t.isidentifier()]}


def lock_file(wheels: list[pathlib.Path], base: dict) -> dict:
    """Pyodide's lock file for exactly these wheels (``base``: the npm package's lock,
    for its ``info``)."""
    infos = {canonicalize_name(i["name"]): (w, i) for w in wheels for i in [wheel_info(w)]}
    packages = {}
    for key, (w, i) in sorted(infos.items()):
        depends = []
        for text in i["requires"]:
            req = Requirement(text)
            dep = canonicalize_name(req.name)
            if req.marker is not None and not req.marker.evaluate(BROWSER_ENV):
                continue
            if dep in FRONT_END_ONLY:
                continue
            if dep not in infos:
                raise SystemExit(f"{i['name']} needs {text}: not in kernel-requirements.txt")
            depends.append(dep)
        packages[key] = {"name": i["name"], "version": i["version"], "file_name": w.name,
                         "install_dir": "site", "sha256": sha256(w), "package_type": "package",
                         "imports": i["imports"], "depends": sorted(set(depends)), "unvendored_tests": False}
    return {"info": base["info"], "packages": packages}


# ----------------------------------------------------------------------------- steps


def fetch_pyodide(cache: pathlib.Path) -> pathlib.Path:
    """The npm package's runtime, unpacked under the cache (checked by hash)."""
    target = cache / "pyodide-npm"
    tgz = cache / (PYODIDE_NPM.replace("@", "-") + ".tgz")
    if not tgz.exists() or sha256(tgz) != PYODIDE_TGZ_SHA256:
        cache.mkdir(parents=True, exist_ok=True)
        run(["npm", "pack", "--silent", PYODIDE_NPM, "--pack-destination", str(cache)],
            stdout=subprocess.DEVNULL)
    got = sha256(tgz)
    if got != PYODIDE_TGZ_SHA256:
        raise SystemExit(f"{tgz.name}: sha256 {got}, expected {PYODIDE_TGZ_SHA256}")
    if target.exists():
        shutil.rmtree(target)
    with tarfile.open(tgz) as t:
        if hasattr(tarfile, "data_filter"):          # Python >= 3.11.4 / 3.12
            t.extractall(target, filter="data")
        else:                                        # older Pythons (e.g. Debian's 3.11.2)
            root = target.resolve()
            for member in t.getmembers():
                dest = (target / member.name).resolve()
                if not (member.isfile() or member.isdir()) or not dest.is_relative_to(root):
                    raise SystemExit(f"{tgz.name}: refusing to unpack {member.name!r}")
            t.extractall(target)
    return target / "package"


def fetch_wheels(cache: pathlib.Path) -> list[pathlib.Path]:
    """The wheels of kernel-requirements.txt (pip checks each hash)."""
    dest = cache / "kernel-wheels"
    dest.mkdir(parents=True, exist_ok=True)
    run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--only-binary=:all:",
         "--python-version", "3.13", "--platform", "any", "--implementation", "py", "--abi", "none",
         "--require-hashes", "-r", str(HERE / "kernel-requirements.txt"), "-d", str(dest)])
    wanted = [canonicalize_name(line.split("==")[0]) for line in
              (HERE / "kernel-requirements.txt").read_text().splitlines() if line and not line.startswith("#")]
    found = {canonicalize_name(w.name.split("-")[0]): w for w in dest.glob("*.whl")}
    return [found[n] for n in wanted]


def kernel_own_wheels() -> list[pathlib.Path]:
    """The kernel's own wheels (piplite, pyodide-kernel, the ipykernel and
    widgetsnbextension 4 shims), as jupyterlite-pyodide-kernel installs them."""
    pypi = pathlib.Path(sys.prefix) / "share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension/static/pypi"
    return sorted(w for w in pypi.glob("*.whl") if not w.name.startswith("widgetsnbextension-3."))


def build_tricktutor(dest: pathlib.Path) -> pathlib.Path:
    """Trick Tutor's wheel for Pyodide: the pure engine (``TRICKTUTOR_COMPILE=never``: setup.py
    compiles nothing with mypyc, whatever this machine has)."""
    with tempfile.TemporaryDirectory() as tmp:
        run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", "-w", tmp, str(REPO)],
            cwd=tmp, env={**os.environ, "TRICKTUTOR_COMPILE": "never"})
        whl = next(pathlib.Path(tmp).glob("tricktutor-*.whl"))
        if not whl.name.endswith("-py3-none-any.whl"):
            raise SystemExit(f"the site needs a pure-Python wheel of Trick Tutor, not {whl.name}")
        shutil.copyfile(whl, dest / whl.name)
    # setuptools leaves its build folder in the checkout
    shutil.rmtree(REPO / "build", ignore_errors=True)
    return dest / whl.name


def stage_pyodide(runtime: pathlib.Path, wheels: list[pathlib.Path], dest: pathlib.Path) -> list[str]:
    """Runtime + slimmed wheels + lock file in ``dest``; returns the preload list."""
    dest.mkdir(parents=True)
    for f in PYODIDE_FILES:
        shutil.copyfile(runtime / f, dest / f)
    staged = [slim_wheel(w, dest) for w in wheels]
    staged.append(stub_sqlite3(dest))
    compile_wheels(runtime, dest)
    base = json.loads((runtime / "pyodide-lock.json").read_text())
    lock = lock_file(staged, base)
    (dest / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True))
    return [KERNEL_SPELLING.get(k, k) for k in sorted(lock["packages"])]


def lite_config(preload: list[str]) -> dict:
    return {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "Trick Tutor",
            # JupyterLite's service worker keeps what the page fetched: the site opens offline
            "enableServiceWorkerCache": True,
            "disabledExtensions": [
                # they reach out to the internet (news, update checks)
                "@jupyterlab/apputils-extension:announcements",
            ],
            "litePluginSettings": {
                "@jupyterlite/pyodide-kernel-extension:kernel": {
                    "disablePyPIFallback": True,
                    "loadPyodideOptions": {"packages": preload},
                },
            },
        },
    }


#: Calls that need pandas (tutor's DataFrame functions for notebooks, pandas itself).
PANDAS_CALLS = re.compile(r"\b(score_lines_frame|running_totals_frame|same_hand_other_rules|options_table"
                          r"|to_frame)\s*\("
                          r"|^\s*(import pandas|from pandas)\b", re.M)
BINDER_LAB = "https://mybinder.org/v2/gh/tricktutor/tricktutor/main?urlpath=lab/tree/notebooks/"
PANDAS_NOTE = ("**In the browser version** (Python runs in your browser, no server) this chapter's "
               "tables made with pandas cannot be shown: pandas does not run in the browser yet. "
               "The cells that make them print a note saying so instead; everything else works. "
               "For the whole chapter, open it [on Binder]({binder}) or in your own JupyterLab.")


def needs_pandas(nb: dict) -> bool:
    """Whether a notebook's code calls pandas (directly, or through tutor's DataFrame functions)."""
    return any(PANDAS_CALLS.search("".join(c["source"])) for c in nb["cells"] if c["cell_type"] == "code")


def stage_contents(dest: pathlib.Path) -> list[str]:
    """The notebooks, exercises and examples, as in the repository, except that a
    chapter that needs pandas says so at its top (in the site's copy only).
    Returns the names of those chapters."""
    noted = []
    for folder, pattern in CONTENTS:
        (dest / folder).mkdir(parents=True)
        for f in sorted((REPO / folder).glob(pattern)):
            if f.suffix == ".ipynb":
                nb = json.loads(f.read_text(encoding="utf-8"))
                if folder.startswith("notebooks") and needs_pandas(nb):
                    chapter = f.relative_to(REPO / "notebooks").as_posix()
                    note = {"cell_type": "markdown", "id": "tt-site-pandas-note", "metadata": {},
                            "source": PANDAS_NOTE.format(binder=BINDER_LAB + chapter)}
                    nb["cells"].insert(1 if nb["cells"] and nb["cells"][0]["cell_type"] == "markdown" else 0, note)
                    noted.append(f.relative_to(REPO).as_posix())
                (dest / folder / f.name).write_text(json.dumps(nb, indent=1, ensure_ascii=False), encoding="utf-8")
            else:
                shutil.copyfile(f, dest / folder / f.name)
    return noted


INDEX_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Trick Tutor</title>
<!-- JupyterLite's pages read their settings from each parent folder's index.html -->
<script id="jupyter-config-data" type="application/json" data-jupyter-lite-root=".">{{}}</script>
<script>location.replace("{app}" + location.search + location.hash);</script>
<noscript><meta http-equiv="refresh" content="0; url={app}"></noscript>
</head><body style="font-family: sans-serif; margin: 2em">
<h1>Trick Tutor</h1>
<p><span data-w="open_app_link">{open_app_link}</span> (<span data-w="app_has">{app_has}</span>) ·
<span data-w="chapters_link">{chapters_link}</span> ·
<span data-w="exercises_link">{exercises_link}</span></p>
<p data-w="python">{python}</p>
{language}
</body></html>
"""


OFFLINE_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title data-w="offline_title">{offline_title}</title>
</head><body style="font-family: sans-serif; margin: 2em; max-width: 40em">
<h1>Trick Tutor</h1>
<p><strong data-w="offline_head">{offline_head}</strong> <span data-w="offline_why">{offline_why}</span></p>
<p data-w="offline_what">{offline_what}</p>
{language}
</body></html>
"""

#: The entry pages' script that shows them in the reader's language: the page's ``?lang=`` (as the app's),
#: else the language of the chapter asked for (``?path=notebooks/so/…``), else the browser's languages;
#: its words are the tutor catalogue's (:mod:`tutor.site_words`), put in at build time.
LANGUAGE_JS = """<script>/* Trick Tutor: the page in the reader's language (scripts/site/build.py) */
(function () {
  var words = __WORDS__, query = new URLSearchParams(location.search);
  var chapter = /(?:^|\\/)notebooks\\/([a-z]{2,3})\\//.exec(query.get("path") || "");
  var wanted = [query.get("lang"), chapter && chapter[1]].concat(navigator.languages || [navigator.language]);
  for (var i = 0; i < wanted.length; i++) {
    var code = String(wanted[i] || "").toLowerCase().split(/[-_]/)[0];
    if (Object.prototype.hasOwnProperty.call(words, code)) {
      document.documentElement.lang = code;
      document.querySelectorAll("[data-w]").forEach(function (e) { e.innerHTML = words[code][e.dataset.w]; });
      return;
    }
  }
})();
</script>"""


def entry_page(template: str, root: str, **fill: str) -> str:
    """An entry page (:data:`INDEX_HTML`, :data:`OFFLINE_HTML`) in English, with its words in every language
    of the chapters for :data:`LANGUAGE_JS`; its links start at ``root`` (the service worker puts the site's
    root for offline.html's ``__ROOT__``)."""
    sys.path.insert(0, str(REPO))  # the words are the tutor catalogue's: tutor.site_words (it needs no Jupyter)
    try:
        from tutor.site_words import entry_page_words
    finally:
        sys.path.remove(str(REPO))
    words = {}
    for lang in ("en", *CHAPTER_LANGUAGES):
        chapters = f"notebooks/{lang}/00_welcome.ipynb" if lang != "en" else "notebooks/00_welcome.ipynb"
        app = root + ("index.html" if root else APP_PAGE) + (f"?lang={lang}" if lang != "en" else "")
        words[lang] = entry_page_words(lang, {"app": app,
                                              "chapters": f"{root}lab/index.html?path={chapters}",
                                              "exercises": f"{root}lab/index.html?path=exercises"})
    shown = re.findall(r'data-w="(\w+)"', template)  # the pieces this page shows
    script = LANGUAGE_JS.replace("__WORDS__", json.dumps({lang: {k: w[k] for k in shown} for lang, w in words.items()},
                                                         ensure_ascii=False).replace("</", "<\\/"))
    return template.format(**fill, **words["en"], language=script)


#: Paths (from the site's root) the service worker does not keep ahead: the Voici
#: pages of the chapters (the app's Learn links open them in the lab) and the file
#: lists beside them, JupyterLite's documentation pages, its own service workers.
#: The service worker still keeps any of them once it was fetched online.
NOT_PRECACHED = re.compile(r"^(voici/render/(?!notebooks/app\.html$)|voici/tree/|doc/|build-info\.json$"
                           r"|\.nojekyll$|(.*/)?service-worker\.js$)")
#: Put into every page, before JupyterLite's own scripts: JupyterLite unregisters every
#: service worker when a page it controls finds no "<worker's URL>-version" in
#: localStorage (the first page after the one that registered it): offline, nothing
#: could register again, and the next visit failed.  The version is the site's appVersion.
KEEP_WORKER = ('<script>/* Trick Tutor: keep the offline service worker (scripts/site/build.py) */'
               'try{{localStorage.setItem(new URL("{root}service-worker.js?enableCache=true",location.href).href'
               '+"-version",{version})}}catch(e){{}}</script>')


def make_offline(out: pathlib.Path) -> dict[str, str]:
    """The site keeps working offline: Trick Tutor's service worker (service-worker.js)
    in place of JupyterLite's, listing every file it keeps ahead with its hash; the page
    it shows for what it does not have (offline.html); the script every page needs
    (:data:`KEEP_WORKER`); a favicon.ico at the root (browsers ask for one there).
    Returns the list it wrote: {path: hash}."""
    version = json.loads((out / "jupyter-lite.json").read_text())["jupyter-config-data"]["appVersion"]
    for page in out.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        head = re.search(r"<head[^>]*>", text)
        if head is None or "Trick Tutor: keep the offline service worker" in text:
            continue
        root = "../" * (len(page.relative_to(out).parts) - 1)
        script = KEEP_WORKER.format(root=root, version=json.dumps(version))
        page.write_text(text[:head.end()] + script + text[head.end():], encoding="utf-8")
    (out / "offline.html").write_text(entry_page(OFFLINE_HTML, "__ROOT__"), encoding="utf-8")
    if (out / "lab" / "favicon.ico").is_file():
        shutil.copyfile(out / "lab" / "favicon.ico", out / "favicon.ico")
    files = {}
    for f in sorted(out.rglob("*")):
        rel = f.relative_to(out).as_posix()
        if f.is_file() and not NOT_PRECACHED.match(rel):
            files[rel] = hashlib.sha256(f.read_bytes()).hexdigest()[:16]
    version_id = hashlib.sha256(json.dumps(files, sort_keys=True).encode()).hexdigest()[:16]
    worker = (HERE / "service-worker.js").read_text(encoding="utf-8")
    worker = worker.replace('const VERSION = "__VERSION__";', f"const VERSION = {json.dumps(version_id)};", 1)
    worker = worker.replace("const FILES = __FILES__;", f"const FILES = {json.dumps(files, indent=0)};", 1)
    (out / "service-worker.js").write_text(worker, encoding="utf-8")
    return files


#: What the site is made from: a build is skipped when none of it changed.
INPUTS = ("engine", "tutor", "notebooks", "exercises", "examples", "share/jupyter", "scripts/site", "pyproject.toml",
          "setup.py")


def inputs_digest() -> str:
    h = hashlib.sha256()
    for top in INPUTS:
        p = REPO / top
        files = [p] if p.is_file() else sorted(f for f in p.rglob("*") if f.is_file()
                                               and "__pycache__" not in f.parts and not f.name.endswith(".pyc"))
        for f in files:
            h.update(f.relative_to(REPO).as_posix().encode() + b"\0" + f.read_bytes() + b"\0")
    return h.hexdigest()


def dir_size(path: pathlib.Path) -> int:
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file())


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default=str(REPO / "_site"), help="output folder (default: _site)")
    ap.add_argument("--cache", default=str(pathlib.Path(sys.prefix) / "cache"),
                    help="downloads kept between builds (default: the build environment's cache/)")
    ap.add_argument("--force", action="store_true", help="build even when nothing it is made from changed")
    args = ap.parse_args(argv)
    out, cache = pathlib.Path(args.out).resolve(), pathlib.Path(args.cache).resolve()
    t0 = time.monotonic()
    digest = inputs_digest()
    try:
        old = json.loads((out / "build-info.json").read_text())
    except (OSError, ValueError):
        old = {}
    if not args.force and old.get("inputs") == digest:
        log(f"{out} is up to date ({old['bytes'] / 1e6:.1f} MB; --force rebuilds it)")
        return 0
    runtime = fetch_pyodide(cache)
    wheels = fetch_wheels(cache)
    with tempfile.TemporaryDirectory(prefix="tt-site-") as tmp:
        tmp = pathlib.Path(tmp)
        wheels_dir = tmp / "wheels"
        wheels_dir.mkdir()
        own = build_tricktutor(wheels_dir)
        lite = tmp / "lite"
        preload = stage_pyodide(runtime, [*kernel_own_wheels(), *wheels, own], lite / "static" / "pyodide")
        snapshot = make_snapshot(lite / "static" / "pyodide")
        (lite / "jupyter-lite.json").write_text(json.dumps(lite_config(preload), indent=1))
        contents = tmp / "contents"
        pandas_chapters = stage_contents(contents)
        log(f"chapters that say they need pandas: {', '.join(pandas_chapters) or 'none'}")
        if out.exists():
            shutil.rmtree(out)
        env = {**os.environ, "JUPYTER_PATH": os.pathsep.join(
            p for p in (str(REPO / "share" / "jupyter"), os.environ.get("JUPYTER_PATH", "")) if p)}
        # (voici_core's "python -m" entry imports a module of the voici package: call main() itself)
        run([sys.executable, "-c", "from voici_core.app import main; main()", "build", "--apps", "lab",
             "--lite-dir", str(lite), "--contents", str(contents), "--output-dir", str(out),
             f"--template={VOICI_TEMPLATE}", "--no-sourcemaps", "--no-unused-shared-packages"], cwd=tmp, env=env)
    log(f"the kernel starts Pyodide through {START_SCRIPT} ({start_from_snapshot(out)} files name it)")
    (out / "index.html").write_text(entry_page(INDEX_HTML, "", app=APP_PAGE), encoding="utf-8")
    (out / ".nojekyll").write_text("")
    offline = make_offline(out)
    info = {"inputs": digest, "pyodide": PYODIDE_NPM, "snapshot": f"static/pyodide/{snapshot}",
            "preloaded": preload, "pandas_chapters": pandas_chapters,
            "offline_files": len(offline), "offline_bytes": sum((out / p).stat().st_size for p in offline),
            "bytes": dir_size(out), "files": sum(1 for f in out.rglob("*") if f.is_file()),
            "build_seconds": round(time.monotonic() - t0, 1)}
    (out / "build-info.json").write_text(json.dumps(info, indent=1))
    log(f"built {out} in {info['build_seconds']} s: {info['bytes'] / 1e6:.1f} MB in {info['files']} files")
    return 0


if __name__ == "__main__":
    sys.exit(main())
