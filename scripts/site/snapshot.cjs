// Make the site's memory snapshot of Pyodide: Python started, the kernel's packages imported.
//
//     node scripts/site/snapshot.cjs PYODIDE_DIR OUT_FILE IMPORTS
//
// PYODIDE_DIR is the site's staged static/pyodide/ (the runtime, the compiled wheels and
// pyodide-lock.json).  This starts that Pyodide in Node with `_makeSnapshot`, unpacks every
// wheel of the lock file into site-packages (by hand: a snapshot cannot be made once
// pyodide.loadPackage has run), imports IMPORTS (comma-separated: what the kernel and the app
// import when the page opens) and writes `pyodide.makeMemorySnapshot()` to OUT_FILE: the
// WebAssembly memory, which the browser's Pyodide copies back instead of starting Python and
// importing IPython & co. (scripts/site/start-pyodide.js).  The file system is not in it: the
// page still unpacks the wheels (the kernel's loadPyodide `packages`).
//
// JavaScript objects that Python holds are written as the way to find them again: a global
// (Pyodide does that itself) or a member of the pyodide object or of its internal API
// ({"pyodide": name} / {"api": name}, what start-pyodide.js's deserializer reads).  Anything
// else fails here, loudly, rather than in the browser.  Prints one line of JSON: sizes, times.
"use strict";
const path = require("path");
const fs = require("fs");

async function main() {
  const [pyodideDir, outFile, imports] = process.argv.slice(2);
  const dir = path.resolve(pyodideDir) + path.sep;
  const { loadPyodide } = require(dir + "pyodide.js");
  const lock = JSON.parse(fs.readFileSync(dir + "pyodide-lock.json", "utf-8"));
  const t0 = Date.now();
  const py = await loadPyodide({ indexURL: dir, _makeSnapshot: true });
  // (run apart from __main__, the notebook's namespace)
  const ns = py.globals.get("dict")();
  const run = (code) => py.runPython(code, { globals: ns });
  py.FS.mkdirTree("/wheels");
  py.FS.mount(py.FS.filesystems.NODEFS, { root: dir }, "/wheels");
  const wheels = Object.values(lock.packages).map((p) => p.file_name);
  run(`
import importlib, zipfile
for name in ${JSON.stringify(wheels)}:
    zipfile.ZipFile("/wheels/" + name).extractall("/lib/python3.13/site-packages/")
importlib.invalidate_caches()`);
  py.FS.unmount("/wheels");
  const failed = [];
  for (const mod of (imports || "").split(",").filter(Boolean)) {
    try {
      run(`importlib.import_module(${JSON.stringify(mod)})`);
      if (mod === "pyodide_kernel") {
        // widgets announce themselves to a page: there is none here (the page's kernel
        // worker puts its own send_comm in place, as for a kernel started without a snapshot)
        run("import pyodide_kernel; pyodide_kernel.kernel_instance.interpreter.send_comm = lambda *a, **k: None");
      }
    } catch (e) {
      failed.push(`${mod}: ${String(e).split("\n").filter(Boolean).slice(-1)[0]}`);
    }
  }
  if (failed.length) {
    throw new Error("imports failed: " + failed.join("; "));
  }
  run("import gc; gc.collect()");
  ns.destroy();
  const named = [];
  const serializer = (obj) => {
    for (const [kind, owner] of [["pyodide", py], ["api", py._api]]) {
      for (const name of Object.getOwnPropertyNames(owner)) {
        let value;
        try {
          value = owner[name];
        } catch (e) {
          continue;
        }
        if (value === obj) {
          named.push(`${kind}.${name}`);
          return { [kind]: name };
        }
      }
    }
    throw new Error(`a JavaScript object Python holds cannot be found again: ${String(obj).slice(0, 120)}`);
  };
  const snapshot = py.makeMemorySnapshot({ serializer });
  fs.writeFileSync(outFile, snapshot);
  console.log(JSON.stringify({ bytes: snapshot.length, seconds: (Date.now() - t0) / 1000, wheels: wheels.length,
                               references: named }));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
