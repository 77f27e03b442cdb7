"""The static site's build script and server (scripts/site), without building a site.

The site itself is built and driven in a browser by tests/browser/test_site_browser.py.
"""
from __future__ import annotations

import gzip
import importlib.util
import json
import re
import pathlib
import socket
import threading
import urllib.request
import zipfile

import pytest

REPO = pathlib.Path(__file__).resolve().parents[1]


def _load(name):
    spec = importlib.util.spec_from_file_location(f"tt_site_{name}", REPO / "scripts" / "site" / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


build = _load("build")
serve = _load("serve")


def test_the_chapters_that_need_pandas_are_the_ones_that_say_so():
    flagged = sorted(p.name for p in (REPO / "notebooks").glob("*.ipynb")
                     if build.needs_pandas(json.loads(p.read_text(encoding="utf-8"))))
    assert flagged == ["05_spades_scoring.ipynb", "11_spades_house_rules.ipynb"]
    nb = {"cells": [{"cell_type": "code", "source": ["import pandas as pd\n"]}]}
    assert build.needs_pandas(nb)
    nb = {"cells": [{"cell_type": "code", "source": ["from tutor.scoresheet import score_lines_rows\n",
                                                     "score_lines_rows(game)"]}]}
    assert not build.needs_pandas(nb)


def test_stage_contents_notes_pandas_in_the_sites_copy_only(tmp_path):
    before = (REPO / "notebooks" / "05_spades_scoring.ipynb").read_bytes()
    noted = build.stage_contents(tmp_path)
    pandas_chapters = ("05_spades_scoring.ipynb", "11_spades_house_rules.ipynb")
    assert noted == [*(f"notebooks/{name}" for name in pandas_chapters),
                     *(f"notebooks/{lang}/{name}" for lang in build.CHAPTER_LANGUAGES for name in pandas_chapters
                       if (REPO / "notebooks" / lang / name).is_file())]
    nb = json.loads((tmp_path / "notebooks" / "05_spades_scoring.ipynb").read_text(encoding="utf-8"))
    note = [c for c in nb["cells"] if c.get("id") == "tt-site-pandas-note"]
    assert len(note) == 1 and "on Binder" in note[0]["source"] and "05_spades_scoring.ipynb" in note[0]["source"]
    # a translated chapter is on the site too, its note linking its own Binder copy
    nb = json.loads((tmp_path / "notebooks" / "so" / "05_spades_scoring.ipynb").read_text(encoding="utf-8"))
    note = [c for c in nb["cells"] if c.get("id") == "tt-site-pandas-note"]
    assert len(note) == 1 and "notebooks/so/05_spades_scoring.ipynb" in note[0]["source"]
    assert (REPO / "notebooks" / "05_spades_scoring.ipynb").read_bytes() == before
    assert sorted(p.name for p in (tmp_path / "exercises").iterdir()) == sorted(
        p.name for p in (REPO / "exercises").glob("*.ipynb"))
    assert (tmp_path / "examples" / "spades_house_rules_game.json").is_file()   # chapter 11 reads it


def _wheel(path, name, version, requires=(), extra_files=None):
    dist = f"{name}-{version}.dist-info"
    meta = f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n" + "".join(
        f"Requires-Dist: {r}\n" for r in requires)
    files = {f"{name}/__init__.py": b"", f"{dist}/METADATA": meta.encode(),
             f"{dist}/WHEEL": b"Wheel-Version: 1.0\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
             **(extra_files or {})}
    build.write_wheel(path / f"{name}-{version}-py3-none-any.whl", files)
    return path / f"{name}-{version}-py3-none-any.whl"


def test_lock_file_depends_follow_the_browsers_markers(tmp_path):
    a = _wheel(tmp_path, "alpha", "1.0", ["beta>=1", "pexpect; sys_platform != 'emscripten'",
                                          "typing_extensions; python_version < '3.12'", "jupyterlab_widgets~=3.0",
                                          "gamma; extra == 'test'"])
    b = _wheel(tmp_path, "beta", "2.0")
    lock = build.lock_file([a, b], {"info": {"python": "3.13.2"}})
    assert lock["packages"]["alpha"]["depends"] == ["beta"]
    assert lock["packages"]["alpha"]["file_name"] == a.name
    assert lock["packages"]["beta"]["sha256"] == build.sha256(b)
    c = _wheel(tmp_path, "gamma", "1.0", ["missing-dist"])
    with pytest.raises(SystemExit, match="missing-dist"):
        build.lock_file([c], {"info": {}})


def test_slim_wheel_drops_extensions_and_plotly_js_and_rewrites_record(tmp_path):
    src = tmp_path / "src"
    src.mkdir()
    w = _wheel(src, "plotly", "7.1.0", extra_files={
        "plotly/package_data/plotly.min.js": b"x" * 1000, "plotly/package_data/templates/a.json": b"{}",
        "plotly-7.1.0.data/data/share/jupyter/labextensions/jupyterlab-plotly/x.js": b"y" * 1000})
    out = tmp_path / "out"
    out.mkdir()
    slim = build.slim_wheel(w, out)
    with zipfile.ZipFile(slim) as z:
        names = z.namelist()
        record = z.read("plotly-7.1.0.dist-info/RECORD").decode()
    assert "plotly/package_data/plotly.min.js" not in names and not any(".data/" in n for n in names)
    assert "plotly/package_data/templates/a.json" in names
    assert sorted(line.split(",")[0] for line in record.splitlines()) == sorted(names)


def test_the_sqlite3_stand_in_imports_and_refuses_to_connect(tmp_path):
    path = build.stub_sqlite3(tmp_path)
    ns: dict = {}
    with zipfile.ZipFile(path) as z:
        exec(compile(z.read("sqlite3/__init__.py"), "sqlite3", "exec"), ns)
    with pytest.raises(ns["OperationalError"], match="browser version"):
        ns["connect"](":memory:")
    assert issubclass(ns["IntegrityError"], ns["DatabaseError"])


def test_serve_moves_off_a_taken_port_and_compresses(tmp_path):
    (tmp_path / "index.html").write_text("<p>" + "hello " * 500 + "</p>")
    (tmp_path / "a.whl").write_bytes(b"PK" + b"z" * 500)
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    port = taken.getsockname()[1]
    server = serve.bind(tmp_path, port)
    try:
        assert server.server_address[1] != port
        threading.Thread(target=server.serve_forever, daemon=True).start()
        url = f"http://127.0.0.1:{server.server_address[1]}/"
        req = urllib.request.Request(url + "index.html", headers={"Accept-Encoding": "gzip"})
        with urllib.request.urlopen(req) as r:
            assert r.headers["Content-Encoding"] == "gzip" and r.headers["Cache-Control"] == "max-age=600"
            assert gzip.decompress(r.read()).decode().startswith("<p>hello")
        with urllib.request.urlopen(url + "index.html") as r:          # no gzip asked: none sent
            assert r.headers["Content-Encoding"] is None and r.read().startswith(b"<p>hello")
        req = urllib.request.Request(url + "a.whl", headers={"Accept-Encoding": "gzip"})
        with urllib.request.urlopen(req) as r:                          # compressed already
            assert r.headers["Content-Encoding"] is None
    finally:
        server.shutdown()
        server.server_close()
        taken.close()


def test_the_chapters_languages_are_the_locale_folders():
    """The site's chapters in other languages come from the locale folders (issue 32), not a list."""
    assert build.CHAPTER_LANGUAGES == ("ceb", "ha", "so")


def test_make_offline_lists_the_entry_pages_and_keeps_the_worker(tmp_path):
    """The service worker keeps every page the app and the lab need, the chapters in every
    language, and not the Voici copies of the chapters; every page keeps the worker registered."""
    site = tmp_path
    files = {"index.html": "<html><head><title>x</title></head></html>",
             "voici/render/notebooks/app.html": "<!DOCTYPE html>\n<html lang='en'>\n<head><meta charset='utf-8'/></head>",
             "voici/render/notebooks/00_welcome.html": "<html><head></head></html>",
             "lab/index.html": "<html>\n  <head>\n    <title>JupyterLite</title></head></html>",
             "lab/favicon.ico": "ico", "files/notebooks/so/01_cards_and_tricks.ipynb": "{}",
             "files/notebooks/01_cards_and_tricks.ipynb": "{}", "static/pyodide/pyodide.asm.wasm": "wasm",
             "build/service-worker.js": "old", "service-worker.js": "jupyterlite's",
             "jupyter-lite.json": json.dumps({"jupyter-config-data": {"appVersion": "0.7.6"}})}
    for name, text in files.items():
        (site / name).parent.mkdir(parents=True, exist_ok=True)
        (site / name).write_text(text)
    listed = build.make_offline(site)
    assert {"index.html", "voici/render/notebooks/app.html", "lab/index.html", "offline.html", "favicon.ico",
            "files/notebooks/so/01_cards_and_tricks.ipynb", "files/notebooks/01_cards_and_tricks.ipynb",
            "static/pyodide/pyodide.asm.wasm"} <= set(listed)
    assert not {"voici/render/notebooks/00_welcome.html", "service-worker.js", "build/service-worker.js"} & set(listed)
    # each listed hash is the file's as written (the pages with their script)
    for name, digest in listed.items():
        assert build.sha256(site / name).startswith(digest), name
    app = (site / "voici/render/notebooks/app.html").read_text()
    assert '"../../../service-worker.js?enableCache=true"' in app and '"0.7.6"' in app
    assert app.index("keep the offline service worker") < app.index("<meta charset")
    assert '"service-worker.js?enableCache=true"' in (site / "index.html").read_text()
    build.make_offline(site)                                          # a second run adds no second script
    assert (site / "lab/index.html").read_text().count("keep the offline service worker") == 1
    worker = (site / "service-worker.js").read_text()
    files_js = re.search(r"const FILES = (\{.*?\});", worker, re.S).group(1)
    assert json.loads(files_js) == build.make_offline(site)
    assert re.search(r'const VERSION = "[0-9a-f]{16}";', worker)


def test_start_from_snapshot_points_every_pyodide_url_at_the_start_script(tmp_path):
    """The kernel's pyodideUrl, wherever jupyterlite-pyodide-kernel wrote it (jupyter-lite.json,
    the pages carrying their settings, each relative to itself), names start-pyodide.js."""
    site = tmp_path
    files = {"jupyter-lite.json": '{"pyodideUrl": "./static/pyodide/pyodide.js"}',
             build.APP_PAGE: '<script>{"pyodideUrl": "../../../static/pyodide/pyodide.js", "x": 1}</script>',
             "lab/index.html": "<html>no settings here</html>"}
    for name, text in files.items():
        (site / name).parent.mkdir(parents=True, exist_ok=True)
        (site / name).write_text(text)
    assert build.start_from_snapshot(site) == 2
    assert json.loads((site / "jupyter-lite.json").read_text()) == {"pyodideUrl": "./static/pyodide/start-pyodide.js"}
    assert '"pyodideUrl": "../../../static/pyodide/start-pyodide.js", "x": 1' in (site / build.APP_PAGE).read_text()
    assert (site / "lab/index.html").read_text() == "<html>no settings here</html>"


@pytest.mark.parametrize("written", ['{"pyodideUrl": "https://cdn.example/pyodide.js"}', '{"pyodideURL": "x"}'])
def test_start_from_snapshot_fails_loudly_when_the_kernels_setting_is_not_as_expected(tmp_path, written):
    (tmp_path / "jupyter-lite.json").write_text(written)
    with pytest.raises(SystemExit, match="jupyter-lite.json"):
        build.start_from_snapshot(tmp_path)


def test_the_start_script_has_its_snapshot_name_to_fill_in_and_falls_back():
    """make_snapshot fills in the snapshot's name (once); the script starts the usual way when
    the snapshot is missing or fails, and says so."""
    script = (REPO / "scripts" / "site" / build.START_SCRIPT).read_text()
    assert all(script.count(line) == 1 for line in build.START_SCRIPT_BLANKS)
    assert "return pyodideLoad(options);" in script and "starts the usual way" in script
    assert "caches.match(" in script and "fetch(" not in script      # never downloads it itself


def test_the_pages_workflow_publishes_only_a_tested_site():
    """pages.yml (a tag v*, or by hand) runs every site test before it uploads the site."""
    yaml = pytest.importorskip("yaml")
    flow = yaml.safe_load((REPO / ".github" / "workflows" / "pages.yml").read_text())
    on = flow.get("on", flow.get(True))          # YAML 1.1 reads a bare `on` as True
    assert "workflow_dispatch" in on and on["push"]["tags"] == ["v*"]
    steps = flow["jobs"]["build"]["steps"]
    runs = [s.get("run", "") for s in steps]
    test_at = next(i for i, r in enumerate(runs) if "pytest" in r)
    upload_at = next(i for i, s in enumerate(steps) if "upload-pages-artifact" in s.get("uses", ""))
    assert next(i for i, r in enumerate(runs) if "dev.sh site" in r) < test_at < upload_at
    site_tests = sorted(p.relative_to(REPO).as_posix() for p in (REPO / "tests").rglob("test_site*.py"))
    assert site_tests and all(t in runs[test_at] for t in site_tests), (site_tests, runs[test_at])
    assert flow["jobs"]["deploy"]["needs"] == "build"


def test_entry_pages_speak_every_chapter_language_from_the_catalogue():
    """index.html and offline.html (issue 34): English in the page, and beside it the same pieces in every
    language of the chapters, each the tutor catalogue's words (never copied by hand), the links leading to
    that language's chapters and app."""
    import html as html_module

    from tutor.site_words import PAGE_WORDS
    from tutor.text import language, say

    for template, root in ((build.INDEX_HTML, ""), (build.OFFLINE_HTML, "__ROOT__")):
        page = build.entry_page(template, root, app=build.APP_PAGE)
        words = json.loads(re.search(r"var words = (\{.*?\}), query", page, re.S).group(1).replace("<\\/", "</"))
        assert set(words) == {"en", *build.CHAPTER_LANGUAGES}
        shown = set(re.findall(r'data-w="(\w+)"', template))
        for lang, pieces in words.items():
            assert set(pieces) == shown
            with language(lang):
                for key in shown & set(PAGE_WORDS):
                    if "{" in str(PAGE_WORDS[key]):  # a sentence with links: the links' words are in it
                        assert html_module.escape(say(PAGE_WORDS["the_app"])) in pieces[key]
                    else:
                        assert pieces[key] == html_module.escape(say(PAGE_WORDS[key])), (lang, key)
            if lang != "en":
                assert not set(pieces.values()) & set(words["en"].values()), lang
                assert f"path=notebooks/{lang}/00_welcome.ipynb" in "".join(pieces.values())
                assert f"?lang={lang}" in "".join(pieces.values())
        for key in shown:  # the page itself is English, as it was
            assert words["en"][key] in page
