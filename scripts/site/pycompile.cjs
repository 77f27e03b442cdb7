// Compile the site's wheels to bytecode for the browser's Python, with that Python.
//
//     node scripts/site/pycompile.cjs PYODIDE_DIR WHEEL_DIR KEEP_SOURCE_NAMES IMPORTS
//
// Pyodide's own packages ship compiled (.pyc): the wheels of PyPI ship sources,
// which the browser would compile at every page load (IPython alone took 5 s).
// This runs Pyodide (the npm package the site uses: the same Python 3.13 and
// bytecode) in Node, installs the wheels of WHEEL_DIR, imports IMPORTS
// (comma-separated: what the kernel and the app import when the page opens) and
// rewrites each wheel in place: the source of every module those imports loaded
// is replaced by its bytecode (sourceless, as Pyodide's packages are) or, for the
// distributions named in KEEP_SOURCE_NAMES (comma-separated, e.g. tricktutor), kept
// next to an unchecked-hash __pycache__ entry (tracebacks show the source).  Other
// modules stay source: bytecode is larger to download than compressed source, so
// only what every page load imports is worth it.
// The RECORD file is rewritten by build.py afterwards (write_wheel).
"use strict";
const path = require("path");

async function main() {
  const [pyodideDir, wheelDir, keep, imports] = process.argv.slice(2);
  const { loadPyodide } = require(path.resolve(pyodideDir, "pyodide.js"));
  const py = await loadPyodide({ indexURL: path.resolve(pyodideDir) + path.sep });
  py.FS.mkdirTree("/wheels");
  py.FS.mount(py.FS.filesystems.NODEFS, { root: path.resolve(wheelDir) }, "/wheels");
  py.globals.set("KEEP", (keep || "").split(",").filter(Boolean));
  py.globals.set("IMPORTS", (imports || "").split(",").filter(Boolean));
  const out = py.runPython(`
import importlib, importlib.util, os, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc, _code_to_timestamp_pyc
SITE = "/lib/python3.13/site-packages/"
TAG = "cpython-313"
report = []
for name in sorted(os.listdir("/wheels")):
    if name.endswith(".whl"):
        zipfile.ZipFile("/wheels/" + name).extractall(SITE)
importlib.invalidate_caches()
for mod in IMPORTS:
    try:
        importlib.import_module(mod)
        if mod == "pyodide_kernel":  # widgets announce themselves to a page: there is none here
            sys.modules[mod].kernel_instance.interpreter.send_comm = lambda *a, **k: None
    except Exception as e:  # noqa: BLE001 -- reported; what did load is still compiled
        report.append(f"import {mod}: {type(e).__name__}: {e}")
used = {os.path.relpath(m.__file__, SITE) for m in list(sys.modules.values())
        if isinstance(getattr(m, "__file__", None), str) and m.__file__.startswith(SITE)}
for name in sorted(os.listdir("/wheels")):
    if not name.endswith(".whl"):
        continue
    dist = name.split("-")[0].lower()
    keep_source = dist in [k.lower() for k in KEEP]
    src = "/wheels/" + name
    with zipfile.ZipFile(src) as z:
        entries = [(i, z.read(i.filename)) for i in z.infolist()]
    files, compiled = {}, 0
    for info, data in entries:
        n = info.filename
        top = n.split("/")[0]
        if not n.endswith(".py") or top.endswith((".dist-info", ".data")) or (n not in used and not keep_source):
            files[n] = data
            continue
        try:
            code = compile(data, SITE + n, "exec", dont_inherit=True)
        except SyntaxError:           # e.g. a template that is not Python: leave it
            files[n] = data
            continue
        compiled += 1
        if keep_source:
            files[n] = data
            d, f = os.path.split(n)
            files[f"{d}/__pycache__/{f[:-3]}.{TAG}.pyc".lstrip("/")] = bytes(
                _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False))
        else:
            files[n[:-3] + ".pyc"] = bytes(_code_to_timestamp_pyc(code, 0, 0))
    tmp = src + ".tmp"
    with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        for n, d in files.items():
            z.writestr(zipfile.ZipInfo(n, (2020, 2, 2, 0, 0, 0)), d)
    os.replace(tmp, src)
    report.append(f"{name}: {compiled} modules compiled")
"\\n".join(report)
`);
  console.log(out);
}

main().catch((e) => { console.error(e); process.exit(1); });
