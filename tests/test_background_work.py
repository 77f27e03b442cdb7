"""Warm-ups in the background (tutor.common): where Python cannot start a
thread (the static site's Python in the browser, Pyodide raises
RuntimeError "can't start new thread"), a warm-up is skipped, never an
error, and its work is done in the foreground when it is needed."""
from __future__ import annotations

import sys
import threading

import tutor.common as common


def test_no_threads_means_no_warm_up_and_no_error(monkeypatch):
    def refuse(self):
        raise RuntimeError("can't start new thread")

    monkeypatch.setattr(threading.Thread, "start", refuse)
    ran = []
    assert common.run_in_background(lambda: ran.append(1)) is None
    name = "json.tool"  # a module not imported yet in most runs
    monkeypatch.delitem(sys.modules, name, raising=False)
    assert common.import_in_background(name) is None
    assert ran == [] and name not in common._warming   # free to be imported, or warmed, later


def test_with_threads_the_warm_up_runs_once():
    ran = []
    t = common.run_in_background(lambda: ran.append(1))
    assert t is not None
    t.join(5)
    assert ran == [1]
