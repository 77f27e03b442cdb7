// Trick Tutor: CardHand view (anywidget ESM). A row of playing cards drawn
// with HTML/CSS only. See tutor/cards.py for the Python side.
//
// Every card click (mouse, Enter or Space) sends {type: "click", card, seq,
// shown} to the kernel; a click on a face-down card sends {type:
// "face_down_click", seq} (the cards stay hidden: the kernel says how to see them). In multi_select mode the click first toggles the card
// in `selected` and saves it, so Python sees the new selection before the click.
// `shown` is what the learner saw when clicking: the cards, playable marks and
// label of the last render. The kernel compares it with the hand it holds: a
// click made on an earlier view (the kernel changed the hand meanwhile, e.g.
// computer players moved) can be told apart from a click on the current view
// without any timing guess, so a real click is never dropped on a slow machine.

//
// Every word this view shows or speaks comes from Python, in the language of
// the page: the `words` trait (tutor/cards.py, card_words()): each card's
// spoken name, each rank as printed, and the few phrases below. Nothing here
// is written in a language.

const RANKS = "23456789TJQKA";
const SUITS = "CDHS";
const SUIT_SYMBOLS = { C: "\u2663", D: "\u2666", H: "\u2665", S: "\u2660" };
const TRAITS = [
  "cards", "playable", "highlighted", "selected", "multi_select",
  "four_colour", "face_down", "disabled", "show_only", "label", "size", "error", "words",
];

// Click sequence number, monotonic for the page (shared by all views).
let clickSeq = 0;

const isCard = (c) =>
  typeof c === "string" && c.length === 2 &&
  RANKS.includes(c[0]) && SUITS.includes(c[1]);

// A card's spoken name and printed rank, from the words Python sent.
export function cardLabel(words, code) {
  return (words.names && words.names[code]) || code;
}

function rankText(words, rank) {
  return (words.ranks && words.ranks[rank]) || rank;
}

export function cardDisplay(words, code) {
  return rankText(words, code[0]) + SUIT_SYMBOLS[code[1]];
}

function el(tag, className, attrs = {}) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  return node;
}

function render({ model, el: host }) {
  const root = el("div", "tt-hand");
  const row = el("div", "tt-row");
  const note = el("div", "tt-error", { role: "alert" });
  root.append(row, note);
  host.classList.add("tt-host");
  host.append(root);

  // Roving tabindex: the card that owns the single Tab stop.
  let tabCard = null;
  let pending = false;
  // What the last render showed (sent with each click, see the header).
  let shown = { cards: [], playable: [], label: "" };

  const list = (name) => (model.get(name) || []).filter(isCard);
  const interactive = () =>
    !model.get("disabled") && !model.get("face_down") && !model.get("show_only");

  function cardEls() {
    return Array.from(row.querySelectorAll(".tt-card[data-card]"));
  }

  function build() {
    pending = false;
    const cards = [...new Set(list("cards"))];
    const playable = new Set(list("playable"));
    const highlighted = new Set(list("highlighted"));
    const selected = new Set(list("selected"));
    const multi = !!model.get("multi_select");
    const faceDown = !!model.get("face_down");
    // show_only: cards to look at (a trick on the table), never buttons.
    const showOnly = !!model.get("show_only") && !faceDown;
    const disabled = !!model.get("disabled");
    const marking = playable.size > 0;
    const words = model.get("words") || {};
    shown = { cards: list("cards"), playable: list("playable"), label: model.get("label") || "" };

    // Remember keyboard focus so a re-render does not drop it.
    const active = document.activeElement;
    const oldEls = cardEls();
    const focusIndex = row.contains(active) ? oldEls.indexOf(active) : -1;
    const focusCode = focusIndex >= 0 ? active.dataset.card : null;

    root.dataset.size = ["small", "large"].includes(model.get("size"))
      ? model.get("size") : "auto";
    root.classList.toggle("tt-four-colour", !!model.get("four_colour"));
    root.classList.toggle("tt-disabled", disabled);
    root.classList.toggle("tt-face-down", faceDown);
    root.classList.toggle("tt-show-only", showOnly);
    row.setAttribute("role", faceDown || showOnly ? "group" : "toolbar");
    row.setAttribute("aria-label", model.get("label") || words.hand || "");
    if (disabled && !showOnly) row.setAttribute("aria-disabled", "true");
    else row.removeAttribute("aria-disabled");

    const nodes = cards.map((code) => {
      if (faceDown) {
        return el("div", "tt-card tt-back", { role: "img", "aria-label": words.face_down || "" });
      }
      const rank = code[0];
      const suit = code[1];
      const dimmed = marking && !showOnly && !playable.has(code);
      const card = el("div", `tt-card tt-suit-${suit}`, {
        role: showOnly ? "img" : "button",
        "data-card": code,
        "data-rank": rankText(words, rank),
        "data-suit": SUIT_SYMBOLS[suit],
        "aria-label": dimmed
          ? (words.not_playable || "{name}").replace("{name}", cardLabel(words, code))
          : cardLabel(words, code),
      });
      if (!showOnly) card.tabIndex = -1;
      if ("JQK".includes(rank)) card.classList.add("tt-court");
      if (rank === "A") card.classList.add("tt-ace");
      if (marking && !showOnly) card.classList.add(dimmed ? "tt-dimmed" : "tt-playable");
      if (highlighted.has(code)) {
        card.classList.add("tt-highlighted");
        card.setAttribute("aria-description", words.highlighted || "");
      }
      if (selected.has(code)) card.classList.add("tt-selected");
      if (multi && !showOnly) card.setAttribute("aria-pressed", selected.has(code) ? "true" : "false");
      if (disabled && !showOnly) card.setAttribute("aria-disabled", "true");
      // Top-left index: rank over suit. Its text is exactly e.g. "10♥"; the
      // big pip and the bottom-right index are CSS-generated from data-*.
      const corner = el("span", "tt-index", { "aria-hidden": "true" });
      const r = el("span", "tt-rank");
      r.textContent = rankText(words, rank);
      const s = el("span", "tt-suit");
      s.textContent = SUIT_SYMBOLS[suit];
      corner.append(r, s);
      card.append(corner);
      return card;
    });
    row.replaceChildren(...nodes);
    // For size="auto" (see cards.css): cards per row on wide and on narrow
    // containers; on narrow ones a long hand is split into two rows.
    const n = Math.max(nodes.length, 1);
    row.style.setProperty("--tt-n", String(n));
    row.style.setProperty("--tt-n-narrow", String(n <= 7 ? n : Math.ceil(n / 2)));

    // Assign the single Tab stop and restore focus (none for show_only cards).
    const els = showOnly ? [] : cardEls();
    if (els.length) {
      let target = els.find((c) => c.dataset.card === (focusCode ?? tabCard));
      if (!target && focusIndex >= 0) target = els[Math.min(focusIndex, els.length - 1)];
      if (!target) target = els[0];
      tabCard = target.dataset.card;
      target.tabIndex = 0;
      if (focusIndex >= 0) target.focus({ preventScroll: true });
    }

    const error = model.get("error") || "";
    note.textContent = error;
    note.hidden = !error;
  }

  function schedule() {
    // Coalesce several trait changes arriving in one sync into one render.
    if (!pending) {
      pending = true;
      queueMicrotask(build);
    }
  }

  function moveTab(card) {
    if (model.get("show_only")) return; // shown cards are not in the Tab order
    for (const c of cardEls()) c.tabIndex = c === card ? 0 : -1;
    tabCard = card.dataset.card;
  }

  function activate(card) {
    const code = card.dataset.card;
    if (!interactive() || !list("cards").includes(code)) return;
    if (model.get("multi_select")) {
      const sel = list("selected");
      model.set("selected", sel.includes(code) ? sel.filter((c) => c !== code) : [...sel, code]);
      model.save_changes();
    }
    clickSeq += 1;
    model.send({ type: "click", card: code, seq: clickSeq, shown });
  }

  function onClick(event) {
    if (model.get("face_down")) {
      // A face-down card is not a button, but a click on it is a question
      // ("why can't I play?"): Python answers it (e.g. "Look at my cards").
      if (event.target.closest(".tt-card.tt-back") && row.contains(event.target)) {
        clickSeq += 1;
        model.send({ type: "face_down_click", seq: clickSeq });
      }
      return;
    }
    const card = event.target.closest(".tt-card[data-card]");
    if (!card || !row.contains(card)) return;
    moveTab(card);
    card.focus({ preventScroll: true });
    activate(card);
  }

  function onKeyDown(event) {
    const card = event.target.closest(".tt-card[data-card]");
    if (!card || event.altKey || event.ctrlKey || event.metaKey) return;
    const els = cardEls();
    const i = els.indexOf(card);
    let next = null;
    switch (event.key) {
      case "ArrowRight":
      case "ArrowDown":
        next = els[Math.min(i + 1, els.length - 1)];
        break;
      case "ArrowLeft":
      case "ArrowUp":
        next = els[Math.max(i - 1, 0)];
        break;
      case "Home":
        next = els[0];
        break;
      case "End":
        next = els[els.length - 1];
        break;
      case "Enter":
      case " ":
      case "Spacebar":
        event.preventDefault();
        event.stopPropagation();
        if (!event.repeat) activate(card);
        return;
      default:
        return;
    }
    event.preventDefault();
    event.stopPropagation(); // keep JupyterLab shortcuts out of the way
    moveTab(next);
    next.focus();
  }

  function onFocusIn(event) {
    const card = event.target.closest?.(".tt-card[data-card]");
    if (card) moveTab(card);
  }

  row.addEventListener("click", onClick);
  row.addEventListener("keydown", onKeyDown);
  row.addEventListener("focusin", onFocusIn);
  for (const name of TRAITS) model.on(`change:${name}`, schedule);
  build();

  return () => {
    for (const name of TRAITS) model.off(`change:${name}`, schedule);
    row.removeEventListener("click", onClick);
    row.removeEventListener("keydown", onKeyDown);
    row.removeEventListener("focusin", onFocusIn);
    root.remove();
    host.classList.remove("tt-host");
  };
}

export default { render };
