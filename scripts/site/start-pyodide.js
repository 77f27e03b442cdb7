// Trick Tutor: the kernel's Python starts from the site's memory snapshot when the browser keeps one.
//
// build.py stages this file as static/pyodide/start-pyodide.js, with __SNAPSHOT__ filled in (the
// snapshot's file name, which changes with its content), and points the kernel's "pyodideUrl"
// at it in place of pyodide.js.  The kernel's worker (jupyterlite-pyodide-kernel) loads it with
// importScripts and calls self.loadPyodide(options): this function, which
//
// * loads Pyodide's own pyodide.js from the same folder (options.indexURL);
// * looks for the snapshot (gzip-compressed) in the site's offline copy (the Cache API, filled by the site's
//   service worker after a first visit; never fetched here: a first visit does not download it
//   before the app starts) and, when it is there, starts Pyodide from it (`_loadSnapshot`:
//   Python started, IPython, the kernel, the widgets and Trick Tutor imported, made at build time
//   by snapshot.cjs); the kernel's packages are still unpacked from their wheels (options.packages);
// * otherwise, or when starting from the snapshot fails in any way, starts Pyodide the usual
//   way, saying so in the console.
//
// The worker's global `ttPythonStart` says how Python started ("snapshot" or "usual: <why>").
"use strict";
(() => {
  const SNAPSHOT = "__SNAPSHOT__";
  const SNAPSHOT_BYTES = __SNAPSHOT_BYTES__;     // unpacked
  const SNAPSHOT_MAGIC = 0x706e7300;             // Pyodide's (snapshot.ts), its first 4 bytes
  // a start from the snapshot that has not ended by then never will: the usual start instead
  const GIVE_UP_MS = 90000;
  let pyodideLoad = null;

  /** JavaScript objects Python holds in the snapshot, found again (snapshot.cjs's serializer):
   * members of the pyodide object or its API, looked up when used (the pyodide object does not
   * exist yet while the snapshot is read back). */
  function reviver(ref) {
    const live = () => {
      if (!ref.pyodide) {
        throw new Error("Trick Tutor: the snapshot's pyodide object was used before Pyodide started");
      }
      return ref.pyodide;
    };
    const owner = (kind) => (kind === "pyodide" ? live() : live()._api);
    return (serialized) => {
      const kind = Object.keys(serialized || {})[0];
      const name = kind && serialized[kind];
      if (kind === "api" && name === "public_api") {
        // the pyodide object itself (Python's pyodide_js module)
        return new Proxy({}, {
          get: (_, key) => live()[key],
          has: (_, key) => key in live(),
          ownKeys: () => Reflect.ownKeys(live()),
          getOwnPropertyDescriptor: (_, key) => {
            const d = Reflect.getOwnPropertyDescriptor(live(), key);
            return d && { ...d, configurable: true };
          },
        });
      }
      if (kind !== "pyodide" && kind !== "api") {
        throw new Error("Trick Tutor: unknown object in the snapshot: " + JSON.stringify(serialized));
      }
      return function (...args) {
        const that = owner(kind);
        return that[name].apply(that, args);
      };
    };
  }

  async function keptSnapshot(url) {
    if (!self.caches) {
      return [null, "this page has no Cache API (not a secure context)"];
    }
    if (!self.DecompressionStream) {
      return [null, "this browser cannot unpack the snapshot (no DecompressionStream)"];
    }
    const response = await caches.match(url);
    if (!response) {
      return [null, "no snapshot kept yet (the site's offline copy is not complete)"];
    }
    // (kept gzip-compressed: 3 times smaller to download, whatever the server compresses.
    // Pyodide hangs on a snapshot too short for its memory: one that is not this build's whole
    // snapshot is refused here)
    const unpacked = new Response(response.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer()
      .then((buffer) => {
        if (buffer.byteLength !== SNAPSHOT_BYTES || new Uint32Array(buffer, 0, 1)[0] !== SNAPSHOT_MAGIC) {
          throw new Error(`the kept file is not the snapshot (${buffer.byteLength} bytes, `
                          + `${SNAPSHOT_BYTES} expected)`);
        }
        return buffer;
      });
    return [unpacked, ""];
  }

  self.loadPyodide = async function loadPyodide(options) {
    if (!pyodideLoad) {
      const mine = self.loadPyodide;
      importScripts(options.indexURL + "pyodide.js");
      pyodideLoad = self.loadPyodide;
      self.loadPyodide = mine;
    }
    const t0 = performance.now();
    let why;
    try {
      const [snapshot, missing] = await keptSnapshot(new URL(SNAPSHOT, options.indexURL).href);
      if (snapshot) {
        const ref = {};
        // (the snapshot's bytes checked before Pyodide builds its memory from their length)
        await snapshot;
        let timer;
        const pyodide = await Promise.race([
          pyodideLoad({ ...options, _loadSnapshot: snapshot, _snapshotDeserializer: reviver(ref) }),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error(`no start in ${GIVE_UP_MS / 1000} s`)), GIVE_UP_MS);
          }),
        ]).finally(() => clearTimeout(timer));
        ref.pyodide = pyodide;
        // what was drawn at build time must not repeat at every start: random's seed
        pyodide.runPython("import sys\nif 'random' in sys.modules: sys.modules['random'].seed()\n"
                          + "if 'pyodide_kernel' not in sys.modules: raise RuntimeError('the kernel is not in the snapshot')",
                          { globals: pyodide.toPy({}) });
        self.ttPythonStart = "snapshot";
        console.info(`Trick Tutor: Python started from the site's snapshot (${SNAPSHOT}) in `
                     + `${((performance.now() - t0) / 1000).toFixed(1)} s`);
        return pyodide;
      }
      why = missing;
    } catch (err) {
      why = "starting from the snapshot failed: " + err;
      console.warn("Trick Tutor: starting Python from the site's snapshot failed; it starts the usual way.", err);
    }
    self.ttPythonStart = "usual: " + why;
    console.info("Trick Tutor: Python starts the usual way (" + why + ")");
    return pyodideLoad(options);
  };
})();
