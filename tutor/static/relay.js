// The browser's own WebSocket to a table server (issue 35, docs/TABLE_PROTOCOL.md),
// relayed to the kernel: Python never opens a socket (in the static site it cannot).
// Text frames go both ways as custom messages {type: "frame", text}; the socket's
// state is the "status" trait; seat tokens are kept in localStorage (keys with the
// prefix "tricktutor-seat-"), and the table this browser last sat at (LAST: its server,
// code, name and seat, for a reload without the join link), read back into the "stored"
// trait.  No other key is read or written; an empty value removes the key.
const PREFIX = "tricktutor-seat-";
const LAST = "tricktutor-last-table";
const kept = (k) => typeof k === "string" && (k.startsWith(PREFIX) || k === LAST);

function readStored() {
  const out = {};
  try {
    for (let i = 0; i < window.localStorage.length; i++) {
      const k = window.localStorage.key(i);
      if (kept(k)) out[k] = window.localStorage.getItem(k);
    }
  } catch (e) { /* storage refused (private mode): no tokens kept */ }
  return out;
}

// A path ("/services/tables/ws": a JupyterHub service through the hub's own proxy) is on the page's
// host, wss:// on an https page (a browser refuses ws:// from an https page: mixed content).
function resolve(url) {
  try {
    const u = new URL(url, window.location.href);
    if (u.protocol === "https:") u.protocol = "wss:";
    else if (u.protocol === "http:") u.protocol = "ws:";
    return u.href;
  } catch (e) { return url; }
}

function initialize({ model }) {
  let ws = null;
  let queue = [];
  let wanted = "";
  let retry = null;
  const setStatus = (s) => { model.set("status", s); model.save_changes(); };
  const open = () => {
    if (retry) { clearTimeout(retry); retry = null; }
    if (ws) { const old = ws; ws = null; try { old.close(); } catch (e) {} }
    wanted = model.get("url") || "";
    if (!wanted) { setStatus("idle"); return; }
    let sock;
    try { sock = new WebSocket(resolve(wanted)); } catch (e) { setStatus("error"); return; }
    ws = sock;
    setStatus("connecting");
    sock.onopen = () => {
      if (ws !== sock) return;
      setStatus("open");
      for (const t of queue) sock.send(t);
      queue = [];
    };
    sock.onmessage = (ev) => { if (ws === sock && typeof ev.data === "string") model.send({ type: "frame", text: ev.data }); };
    sock.onclose = () => {
      if (ws !== sock) return;
      ws = null;
      setStatus("closed");
      // the server went away (a restart, a dropped network): try again, the kernel resumes with the token
      if (wanted && wanted === model.get("url")) retry = setTimeout(open, 2000);
    };
  };
  model.on("change:url", open);
  model.on("msg:custom", (msg) => {
    if (!msg || typeof msg !== "object") return;
    if (msg.type === "frame" && typeof msg.text === "string") {
      if (ws && ws.readyState === 1) ws.send(msg.text); else queue.push(msg.text);
    } else if (msg.type === "store" && kept(msg.key)) {
      try {
        if (msg.value === "" || msg.value == null) window.localStorage.removeItem(msg.key);
        else window.localStorage.setItem(msg.key, String(msg.value));
      } catch (e) {}
    } else if (msg.type === "reconnect") {
      open();
    }
  });
  model.set("search", window.location.search || "");
  model.set("origin", window.location.origin || "");
  // the page's address without its query (a join link is built on it; file:// pages have none to give)
  const here = window.location.origin && window.location.origin !== "null" ? window.location.origin : "";
  model.set("page", here ? here + window.location.pathname : "");
  model.set("stored", readStored());
  model.save_changes();
  if (model.get("url")) open();
  return () => { wanted = ""; if (retry) clearTimeout(retry); if (ws) { const s = ws; ws = null; s.close(); } };
}

function render({ el }) {
  el.style.display = "none";
}

export default { initialize, render };
