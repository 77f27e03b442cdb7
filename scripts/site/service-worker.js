// Trick Tutor's service worker: the static site opens and reloads offline, after any time.
//
// build.py writes this file to the site's root (in place of JupyterLite's own
// service-worker.js, whose cache held only what a page fetched after the worker took
// over, never the pages themselves) with the build's list of files filled in:
// __FILES__ = {path relative to the site's root: the first 16 hex digits of its sha256}.
//
// * from the first visit on: every listed file (the entry pages, the app, the lab, the Pyodide
//   runtime and wheels, the chapters in every language, the exercises) is fetched, checked
//   against its hash and kept in this build's cache; a file the previous build's cache holds
//   with the same hash is copied from there instead of fetched again.  A file that cannot be
//   fetched or does not match stops the filling: the next request tries again, and the older
//   builds' caches are deleted only once this one is complete.
// * fetch: a listed file comes from the cache (whatever the HTTP cache says: it may have
//   expired or been cleared); anything else from the network, kept for offline use; offline
//   and never fetched, a page says what is not available offline (offline.html).
// * JupyterLite's own duties are kept: its heartbeat, and the kernel's file system and input
//   requests (/api/drive, /api/stdin/) passed to the page over a BroadcastChannel.
"use strict";

const VERSION = "__VERSION__";
const FILES = __FILES__;
const OFFLINE_PAGE = "offline.html";
const PREFIX = "tricktutor-";
const CACHE = PREFIX + VERSION;
const RUNTIME = PREFIX + "runtime-" + VERSION;
const MANIFEST_KEY = "__tricktutor-files__.json";
const ROOT = new URL("./", self.location.href).href;
const broadcast = new BroadcastChannel("/sw-api.v1");

// JupyterLite's page expects its worker at once (the kernel's files go through it): the
// worker takes over the page straight away and fills its cache after that, the page's
// requests keeping it alive until the cache is complete (fill()).
self.addEventListener("install", () => {
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(self.clients.claim());
  fill().catch(() => undefined);
});

// (from the worker's start: on a first visit it starts before the page's requests reach it)
let lastPageRequest = Date.now();

self.addEventListener("fetch", (event) => {
  lastPageRequest = Date.now();
  if (!complete) {
    event.waitUntil(fill().catch(() => undefined));
  }
  const url = new URL(event.request.url);
  if (url.pathname === "/api/service-worker-heartbeat") {
    event.respondWith(new Response("ok"));
    return;
  }
  if (url.origin === self.location.origin
      && (url.pathname.includes("/api/drive") || url.pathname.includes("/api/stdin/"))) {
    event.respondWith(broadcastOne(event.request, url));
    return;
  }
  if (event.request.method !== "GET" || url.origin !== self.location.origin) {
    return;
  }
  const path = sitePath(url);
  if (path === null) {
    return;
  }
  event.respondWith(answer(event, path));
});

/** The path of a URL relative to the site's root ("" and "x/" mean their index.html), or null. */
function sitePath(url) {
  const plain = url.origin + url.pathname;
  if (!plain.startsWith(ROOT)) {
    return null;
  }
  let path = decodeURIComponent(plain.slice(ROOT.length));
  if (path === "" || path.endsWith("/")) {
    path += "index.html";
  }
  return path;
}

async function answer(event, path) {
  const key = ROOT + path;
  const listed = Object.prototype.hasOwnProperty.call(FILES, path);
  if (listed) {
    const cached = await caches.match(key, { cacheName: CACHE });
    if (cached) {
      return cached;
    }
  }
  try {
    const response = await fetch(event.request);
    // a listed file is kept by fill(), checked against its hash
    if (!listed && response.ok && response.type === "basic" && !response.redirected) {
      const copy = response.clone();
      event.waitUntil(caches.open(RUNTIME).then((c) => c.put(key, copy)).catch(() => undefined));
    }
    return response;
  } catch (err) {
    // offline: what this build kept at run time, else an older build's copy (while this
    // build's cache is being filled)
    const kept = (await caches.match(key, { cacheName: RUNTIME })) || (await caches.match(key));
    if (kept) {
      return kept;
    }
    if (event.request.mode === "navigate") {
      const page = await caches.match(ROOT + OFFLINE_PAGE, { cacheName: CACHE });
      if (page) {
        // its links lead to the site's root, from whatever depth the missing page had
        const text = (await page.text()).replaceAll("__ROOT__", ROOT);
        return new Response(text, { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
      }
    }
    throw err;
  }
}

// ----------------------------------------------------------------------------- install

let complete = false;
let filling = null;

/** Fills this build's cache (once at a time; after a failure the next request tries again);
 * once complete, the other builds' caches are deleted. */
function fill() {
  if (!filling) {
    filling = precache().then(async () => {
      complete = true;
      for (const name of await caches.keys()) {
        if (name !== CACHE && name !== RUNTIME) {
          await caches.delete(name);
        }
      }
    }, (err) => {
      filling = null;
      throw err;
    });
  }
  return filling;
}

async function precache() {
  const cache = await caches.open(CACHE);
  if (await cache.match(ROOT + MANIFEST_KEY)) {
    return;
  }
  const have = new Set((await cache.keys()).map((r) => r.url));
  const previous = await previousCaches();
  const todo = Object.keys(FILES).filter((p) => !have.has(ROOT + p));
  // first what the page fetched already (from the browser's HTTP cache, no network) and what
  // an older build kept; then, once the page has been quiet for a moment (the app started),
  // the rest from the network, at low priority, a few at a time
  const later = [];
  await pool(todo, 6, async (path) => {
    if (!(await keep(cache, previous, path, true))) {
      later.push(path);
    }
  });
  // (a page starting Python asks for nothing for seconds at a time: 8 s of quiet)
  for (let waited = 0; waited < 90000 && Date.now() - lastPageRequest < 8000; waited += 500) {
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  later.sort((a, b) => rank(a) - rank(b));
  await pool(later, 3, (path) => keep(cache, previous, path, false));
  await cache.put(ROOT + MANIFEST_KEY, new Response(JSON.stringify(FILES), {
    headers: { "Content-Type": "application/json" } }));
}

async function pool(items, size, task) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      await task(items[next++]);
    }
  };
  await Promise.all(Array.from({ length: size }, worker));
}

function rank(path) {
  const order = ["static/pyodide/", "voici/", "extensions/", "index.html"];
  const i = order.findIndex((p) => path.startsWith(p));
  return i < 0 ? order.length : i;
}

/** The other builds' caches that are complete, each with its list of files. */
async function previousCaches() {
  const found = [];
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === CACHE || name.startsWith(PREFIX + "runtime-")) {
      continue;
    }
    const c = await caches.open(name);
    const m = await c.match(ROOT + MANIFEST_KEY);
    if (m) {
      try {
        found.push({ cache: c, files: await m.json() });
      } catch (e) {
        // an unreadable list: that cache is not used
      }
    }
  }
  return found;
}

/** Keeps one listed file in ``cache``: from an older build's cache when it holds the same
 * file, else fetched and checked against its hash.  ``cachedOnly``: only from the browser's
 * HTTP cache (returns false when it is not there); else from the network, or throws. */
async function keep(cache, previous, path, cachedOnly) {
  const key = ROOT + path;
  const want = FILES[path];
  for (const p of previous) {
    if (p.files[path] === want) {
      const r = await p.cache.match(key);
      if (r) {
        await cache.put(key, r);
        return true;
      }
    }
  }
  let problem = "";
  // a file kept in the HTTP cache from an older build does not match the hash: from the server
  const tries = cachedOnly ? [{ cache: "only-if-cached", mode: "same-origin" }]
    : [{ cache: "default", priority: "low" }, { cache: "reload" }, { cache: "reload" }];
  for (const options of tries) {
    let response;
    try {
      response = await fetch(key, options);
    } catch (err) {
      problem = String(err);
      continue;
    }
    if (!response.ok) {
      problem = "HTTP " + response.status;
      continue;
    }
    const body = await response.arrayBuffer();
    if ((await sha256(body)).slice(0, want.length) !== want) {
      problem = "not the file of this build";
      continue;
    }
    // the body as it is now (a server's compression undone): its type and date only
    const headers = {};
    for (const name of ["Content-Type", "Last-Modified"]) {
      if (response.headers.has(name)) {
        headers[name] = response.headers.get(name);
      }
    }
    await cache.put(key, new Response(body, { status: 200, headers }));
    return true;
  }
  if (cachedOnly) {
    return false;
  }
  throw new Error(`Trick Tutor offline copy: ${path}: ${problem}`);
}

async function sha256(buffer) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", buffer));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

// ----------------------------------------------------------------------------- JupyterLite

async function broadcastOne(request, url) {
  const message = await request.json();
  const answered = new Promise((resolve) => {
    const listener = (event) => {
      const data = event.data;
      if (data.browsingContextId !== message.browsingContextId || data.requestId !== message.requestId) {
        return;
      }
      broadcast.removeEventListener("message", listener);
      resolve(new Response(JSON.stringify(data.response)));
    };
    broadcast.addEventListener("message", listener);
  });
  message.pathname = url.pathname;
  broadcast.postMessage(message);
  return await answered;
}
