"""The table's "Load a saved game" button (anywidget).

Unlike ipywidgets' FileUpload (whose label counts the files: "Load (0)", and
which sends any file, however big, over the websocket: a file of 10 MiB or
more broke the kernel connection and left the button dead), this button
checks the file's size in the browser first.  A file bigger than
``max_bytes`` (HAND_RECORD.md's 10 MB, :data:`tutor.session.MAX_LOAD_BYTES`)
is not sent: Python is told (``on_load`` callbacks get ``(name, None,
size)``) and the table says so, in its one feedback line (the button shows
no message of its own: never two at once); otherwise the callbacks get
``(name, content_bytes, size)``.  :meth:`simulate` does the same headless
(tests).
"""
from __future__ import annotations

import logging
from typing import Any, Callable

import anywidget
import traitlets

from ..session import MAX_LOAD_BYTES
from ..text import M_, say

# TRANSLATORS: the table's button that opens a saved game from a file (under the table, beside Save).
LOAD_BUTTON = M_("table.load_button", "Load a saved game")

__all__ = ["LoadButton"]

log = logging.getLogger("tutor.table")

_ESM = r"""
function render({ model, el }) {
  const input = document.createElement("input");
  input.type = "file";
  input.accept = ".json,application/json";
  input.hidden = true;
  input.tabIndex = -1;
  const button = document.createElement("button");
  button.type = "button";
  button.className = "tt-tbl-load jupyter-button widget-button";
  button.textContent = model.get("description");
  el.append(button, input);
  button.addEventListener("click", () => input.click());
  input.addEventListener("change", async () => {
    const file = input.files && input.files[0];
    input.value = "";              // the same file can be chosen again
    if (!file) return;
    const limit = model.get("max_bytes");
    if (file.size > limit) {  // not sent; the table's feedback line says why
      model.send({ type: "too_big", name: file.name, size: file.size });
      return;
    }
    const data = await file.arrayBuffer();
    model.send({ type: "file", name: file.name, size: file.size }, undefined, [data]);
  });
  model.on("change:description", () => { button.textContent = model.get("description"); });
}
export default { render };
"""


class LoadButton(anywidget.AnyWidget):
    """A button that reads one saved-game file of at most ``max_bytes``."""

    _esm = _ESM
    description = traitlets.Unicode("Load a saved game").tag(sync=True)
    max_bytes = traitlets.Int(MAX_LOAD_BYTES).tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("description", say(LOAD_BUTTON))
        super().__init__(**kwargs)
        self._callbacks: list[Callable[[str, bytes | None, int], Any]] = []
        self.on_msg(self._on_msg)

    def on_load(self, callback: Callable[[str, bytes | None, int], Any]) -> None:
        """Call ``callback(name, content, size)`` for each file chosen
        (``content`` None: the file was too big and was not read)."""
        self._callbacks.append(callback)

    def simulate(self, name: str, content: bytes) -> None:
        """As if the learner chose a file holding ``content`` (headless)."""
        size = len(content)
        self._fire(name, None if size > self.max_bytes else bytes(content), size)

    def _on_msg(self, _widget: Any, content: Any, buffers: Any) -> None:
        if not isinstance(content, dict) or content.get("type") not in ("file", "too_big"):
            return
        name = str(content.get("name", ""))[:200]
        given = content.get("size")
        size = given if isinstance(given, int) else 0
        data = bytes(buffers[0]) if content["type"] == "file" and buffers else None
        if data is not None and len(data) > self.max_bytes:
            data = None
        self._fire(name, data, size)

    def _fire(self, name: str, data: bytes | None, size: int) -> None:
        for cb in list(self._callbacks):
            cb(name, data, size)
