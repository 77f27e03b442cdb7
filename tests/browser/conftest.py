"""Fixtures for real-browser tests: a Voila server and headless Chromium.

* ``start_voila(notebook_path, base_url="/") -> (url, process)`` starts
  ``python -m voila`` on a free port and waits until it answers HTTP.
  ``stop_voila(process)`` ends it (and its kernels).  Both live in
  ``_voila.py`` (no pytest there: the browser benchmarks import it too).
* ``voila_server`` (session fixture) is a factory: ``voila_server(path)``
  returns the URL of the rendered notebook; every server it started is
  stopped at the end of the session.
* ``browser`` comes from pytest-playwright; we only override
  ``browser_type_launch_args`` so that it launches the system Chromium
  (``/usr/bin/chromium``, or ``$TT_CHROMIUM``) instead of a Playwright-downloaded
  build, which cannot be fetched here.
* ``write_notebook`` (fixture) = ``make_notebook(path, *cell_sources)``: a minimal .ipynb.
* ``site`` (module fixture): the static site (:func:`_site.build_site`) served on a free loopback port;
  ``site_browser`` (module fixture): Chromium that reaches no address but 127.0.0.1
  (:func:`_site.offline_launch`), for the site's tests.

Voila renders with the project's template ``tricktutor`` (Voila's lab template
without requests to CDNs; ``share/jupyter/voila/templates/tricktutor``, found
through ``JUPYTER_PATH``), as ``./dev.sh app`` does.

Server logs go to a temporary folder (``voila-<port>.log`` under
``$TMPDIR/tricktutor-test-logs``), never next to the notebook where JupyterLab's
file browser would show them; on a start-up failure the log tail is included
in the error.
"""

from __future__ import annotations

import os
import pathlib
import subprocess

import pytest

from _site import SiteServer, build_site, offline_launch
from _voila import (CHROMIUM, CHROMIUM_ARGS, LOG_DIR, REPO, VOILA_START_TIMEOUT, VOILA_TEMPLATE,  # noqa: F401
                    free_port, make_notebook, start_voila, stop_voila)

ARTIFACTS = pathlib.Path(__file__).resolve().parent / "artifacts"
#: The project's Voila templates (share/jupyter/voila/templates/<name>).
JUPYTER_DATA = REPO / "share" / "jupyter"


@pytest.fixture(scope="session")
def voila_server():
    """Factory: ``url = voila_server(notebook_path, base_url="/")``; all stopped at session end."""
    procs: list[subprocess.Popen] = []

    def start(notebook_path, base_url: str = "/") -> str:
        url, proc = start_voila(notebook_path, base_url=base_url)
        procs.append(proc)
        return url

    yield start
    for proc in procs:
        stop_voila(proc)


@pytest.fixture(scope="session")
def write_notebook():
    """``write_notebook(path, *cell_sources) -> path`` (see make_notebook)."""
    return make_notebook


@pytest.fixture(scope="session")
def artifacts_dir() -> pathlib.Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    """pytest-playwright hook: launch the system Chromium with our flags."""
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"no Chromium at {CHROMIUM} (set TT_CHROMIUM)")
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": CHROMIUM_ARGS,
        "headless": True,
    }


@pytest.fixture(scope="session")
def browser_name():
    """Only Chromium is available (no Playwright browser downloads)."""
    return "chromium"


# The Trick Tutor app (notebooks/app.ipynb) for the app's browser tests; a test file
# that serves a notebook of its own defines its own ``app_url``.
@pytest.fixture(scope="module")
def app_url(voila_server):
    from _app_page import start_app
    return start_app(voila_server)


def _viewports():
    from _app_page import VIEWPORTS
    return VIEWPORTS


@pytest.fixture(scope="module", params=list(_viewports()))
def sized_page(request, browser, app_url):
    """The app open at one of the test sizes (``page.tt_size``: "phone" 390×844, "desktop" 1280×800)."""
    from _app_page import open_app
    context, page = open_app(browser, app_url, _viewports()[request.param])
    page.tt_size = request.param  # type: ignore[attr-defined]
    yield page
    context.close()


@pytest.fixture(scope="module")
def site():
    """The static site, built (or found built) by :func:`_site.build_site`, served on a free loopback port."""
    server = SiteServer(build_site()).start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def site_browser(browser_type, browser_type_launch_args):
    """Chromium that reaches no address but 127.0.0.1 (:func:`_site.offline_launch`)."""
    b = browser_type.launch(**offline_launch(browser_type_launch_args))
    yield b
    b.close()
