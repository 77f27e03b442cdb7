"""JupyterLab's settings overrides reach both servers (issue 28: the chapters showed
JupyterLab's "Would you like to get notified about official Jupyter news?" pop-up).

``share/jupyter/lab/settings/overrides.json`` is the one file; ``./dev.sh app``
reads it through ``scripts/app_server_config.py`` and Binder gets it from
``binder/postBuild``.  The browser side is ``tests/browser/test_lab_chapters_browser.py``
(``./dev.sh app``) and ``scripts/binder_rehearsal.sh`` (Binder).
"""
from __future__ import annotations

import json
import os
import pathlib
import subprocess
import sys

from traitlets.config.loader import PyFileConfigLoader

REPO = pathlib.Path(__file__).resolve().parents[1]
OVERRIDES = REPO / "share" / "jupyter" / "lab" / "settings" / "overrides.json"
NOTIFICATION = "@jupyterlab/apputils-extension:notification"


def test_the_overrides_switch_off_news_and_update_checks():
    assert json.loads(OVERRIDES.read_text(encoding="utf-8")) == {
        NOTIFICATION: {"fetchNews": "false", "checkForUpdates": False}}


def test_dev_sh_app_server_reads_the_overrides_folder():
    config = PyFileConfigLoader("app_server_config.py", path=str(REPO / "scripts")).load_config()
    assert pathlib.Path(config.LabApp.app_settings_dir) == OVERRIDES.parent


def test_binder_postbuild_installs_the_overrides_where_jupyterlab_reads_them(tmp_path):
    """postBuild writes into <JupyterLab's application directory>/settings, keeping
    what an overrides.json there already says."""
    settings = tmp_path / "lab" / "settings"
    settings.mkdir(parents=True)
    (settings / "overrides.json").write_text(json.dumps({
        "@jupyterlab/apputils-extension:themes": {"theme": "JupyterLab Dark"},
        NOTIFICATION: {"fetchNews": "true", "doNotDisturbMode": False}}))
    env = {**os.environ, "JUPYTERLAB_DIR": str(tmp_path / "lab"),
           "PATH": f"{pathlib.Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    out = subprocess.run(["bash", str(REPO / "binder" / "postBuild")], cwd=REPO, env=env,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert json.loads((settings / "overrides.json").read_text()) == {
        "@jupyterlab/apputils-extension:themes": {"theme": "JupyterLab Dark"},
        NOTIFICATION: {"fetchNews": "false", "doNotDisturbMode": False, "checkForUpdates": False}}
    assert os.access(REPO / "binder" / "postBuild", os.X_OK)
