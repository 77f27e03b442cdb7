"""The language is the reader's (issue 32): a :class:`contextvars.ContextVar`,
not one setting for the process.

* Two threads rendering the same verdict at the same time, one in English
  and one in Somali, each get their own language's sentence (a
  :class:`threading.Barrier` makes them set their languages before either
  renders, and render together).
* A notebook keeps its language per kernel: set in one cell, it is the
  language of the next cell (run with nbclient), and of a widget's callback
  (a comm message sent to the kernel as the browser sends a click).
"""
from __future__ import annotations

import os
import pathlib
import threading
import time

import nbformat
import pytest

from engine import SpadesGame
from engine.text import get_language, language, set_language
from tutor.session import NOT_ALLOWED, NOT_NOW, Outcome
from tutor.text import say
from tutor.text.verdicts import verdict_words

REPO = pathlib.Path(__file__).resolve().parents[1]


def _refusal():
    """A verdict whose sentence differs by language (North bids out of turn, SP-5)."""
    v = SpadesGame(first_deal=7, dealer=3).check_bid(1, 3)
    assert not v.ok
    return v


def test_two_threads_two_languages_at_once():
    v = _refusal()
    with language("en"):
        english = v.message
        english_bare = verdict_words(v.msg, v.rule)
    with language("so"):
        somali = v.message
        somali_bare = verdict_words(v.msg, v.rule)
    assert english != somali and english_bare != somali_bare
    rounds = 50
    barrier = threading.Barrier(2)
    got: dict[str, list[tuple[str, str, str]]] = {"en": [], "so": []}
    errors: list[BaseException] = []

    def reader(lang: str) -> None:
        try:
            for _ in range(rounds):
                set_language(lang)
                barrier.wait()  # both have set their language before either renders
                sentence = v.message
                barrier.wait()
                bare = verdict_words(v.msg, v.rule)
                note = Outcome("error", NOT_ALLOWED, {"reason": v.msg}, v).text_with_badge()
                got[lang].append((sentence, bare, note))
        except BaseException as e:  # noqa: BLE001 - reported below
            errors.append(e)
            barrier.abort()

    threads = [threading.Thread(target=reader, args=(lang,)) for lang in ("en", "so")]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert not errors, errors
    with language("en"):
        english_note = Outcome("error", NOT_ALLOWED, {"reason": v.msg}, v).text_with_badge()
    with language("so"):
        somali_note = Outcome("error", NOT_ALLOWED, {"reason": v.msg}, v).text_with_badge()
    assert got["en"] == [(english, english_bare, english_note)] * rounds
    assert got["so"] == [(somali, somali_bare, somali_note)] * rounds
    assert get_language() == "en"  # this thread never changed its language


def test_a_thread_starts_in_english_and_a_block_restores():
    set_language("en")
    seen = []
    with language("so"):
        t = threading.Thread(target=lambda: seen.append(get_language()))
        t.start()
        t.join()
        assert get_language() == "so"
    assert seen == ["en"] and get_language() == "en"


def test_the_tutor_words_follow_the_context():
    out = []

    def speak(lang: str) -> None:
        with language(lang):
            out.append((lang, say(NOT_NOW, reason="x")))

    threads = [threading.Thread(target=speak, args=(lang,)) for lang in ("so", "ha")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    with language("so"):
        so = say(NOT_NOW, reason="x")
    with language("ha"):
        ha = say(NOT_NOW, reason="x")
    assert dict(out) == {"so": so, "ha": ha} and so != ha



def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(REPO), *([env["PYTHONPATH"]] if env.get("PYTHONPATH") else [])])
    return env


def test_a_notebook_keeps_its_language_from_cell_to_cell(monkeypatch):
    from nbclient import NotebookClient
    monkeypatch.setenv("PYTHONPATH", _env()["PYTHONPATH"])
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(src) for src in (
        "from engine import SpadesGame\nfrom tutor.text import set_language, get_language\nset_language('so')",
        "print(get_language())\nprint(SpadesGame(first_deal=7, dealer=3).check_bid(1, 3).message)",
    )]
    NotebookClient(nb, kernel_name="python3", timeout=120, allow_errors=False).execute()
    printed = "".join(o.get("text", "") for o in nb.cells[1].outputs).splitlines()
    with language("so"):
        somali = _refusal().message
    assert printed == ["so", somali]


def test_a_widget_callback_speaks_its_kernels_language():
    jupyter_client = pytest.importorskip("jupyter_client")
    km = jupyter_client.KernelManager(kernel_name="python3")
    km.start_kernel(env=_env())
    kc = km.client()
    kc.start_channels()
    try:
        kc.wait_for_ready(timeout=120)

        def run(code: str) -> str:
            msg_id = kc.execute(code)
            out = []
            deadline = time.monotonic() + 120
            while time.monotonic() < deadline:
                m = kc.get_iopub_msg(timeout=120)
                if m["parent_header"].get("msg_id") != msg_id:
                    continue
                if m["msg_type"] == "stream":
                    out.append(m["content"]["text"])
                elif m["msg_type"] == "error":
                    raise AssertionError("\n".join(m["content"]["traceback"]))
                elif m["msg_type"] == "status" and m["content"]["execution_state"] == "idle":
                    break
            return "".join(out)

        comm_id = run(
            "import ipywidgets as W\n"
            "from engine import SpadesGame\n"
            "from tutor.text import set_language\n"
            "heard = []\n"
            "button = W.Button()\n"
            "button.on_click(lambda _b: heard.append(SpadesGame(first_deal=7, dealer=3).check_bid(1, 3).message))\n"
            "set_language('ha')\n"
            "print(button.comm.comm_id)").strip()
        click = {"comm_id": comm_id, "data": {"method": "custom", "content": {"event": "click"}}}
        kc.shell_channel.send(kc.session.msg("comm_msg", click))
        printed = ""
        for _ in range(60):  # the click is handled in its own time
            printed = run("print(len(heard)); print(*heard, sep='\\n')")
            if not printed.startswith("0"):
                break
            time.sleep(0.5)
        with language("ha"):
            hausa = _refusal().message
        assert printed.splitlines() == ["1", hausa]
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)
