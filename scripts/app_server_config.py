"""Jupyter server configuration of ``./dev.sh app`` (the local app, laid out like Binder).

dev.sh starts ``jupyter server --config=scripts/app_server_config.py`` and passes
the port, the token and the root folder on the command line; this file holds
what makes the server quiet and self-contained:

* Voila renders with the project's template ``tricktutor`` (Voila's lab template
  without its Font Awesome links to a CDN; dev.sh puts the repository's
  ``share/jupyter`` on ``JUPYTER_PATH``), and its page gets no MathJax CDN URL,
  so Voila's page uses the MathJax that it bundles: the page asks nothing of any
  host but the server (offline classrooms, school filters).
* Only warnings and errors reach the terminal (log level WARN), minus two known
  harmless lines: the deprecated ``ServerApp.token`` read by the ``notebook_shim``
  extension (off: it only carries classic-notebook configuration over), and
  tornado's "websocket_ping_timeout (90000) cannot be longer than the
  websocket_ping_interval (30000)" (jupyter_server's pings are in milliseconds,
  tornado reads the same settings as seconds; the pings themselves work).
* Kernels talk to the server over IPC sockets in the runtime folder instead of
  TCP ports on 127.0.0.1 (no "running over TCP without encryption" warning; and
  other users of the machine cannot reach the kernels' ports).
* JupyterLab asks nothing on a learner's first visit: its settings overrides
  come from the repository's ``share/jupyter/lab/settings/overrides.json``
  (no "Would you like to get notified about official Jupyter news?" pop-up over
  the chapter, no update check on the internet). Binder gets the same file
  through ``binder/postBuild``.

The user's own ``jupyter_server_config`` files are not read (as on a fresh
Binder), so the app behaves the same on every machine.
"""
import logging
import pathlib

c = get_config()  # noqa: F821 -- provided by traitlets when it loads this file

# --- Voila: the offline template, no MathJax CDN --------------------------------
c.VoilaConfiguration.template = "tricktutor"
# Voila's page config reads these from the server's settings, with a CDN default
# when they are missing; None makes its page fall back to the bundled MathJax.
c.ServerApp.tornado_settings = {"mathjax_url": None, "mathjax_config": None}

# --- quiet logs: warnings and errors only ----------------------------------------
c.ServerApp.log_level = "WARN"
c.LabApp.log_level = "WARN"
c.ServerApp.jpserver_extensions = {"notebook_shim": False}


class _DropPingUnitWarning(logging.Filter):
    """Drop tornado's warning about jupyter_server's ping settings (see above)."""

    def filter(self, record: logging.LogRecord) -> bool:
        return "cannot be longer than the websocket_ping_interval" not in record.getMessage()


logging.getLogger("tornado.general").addFilter(_DropPingUnitWarning())

# --- kernels over IPC ------------------------------------------------------------
c.KernelManager.transport = "ipc"

# --- idle kernels are shut down after 15 minutes (a classroom leaves many tabs) ---
c.MappingKernelManager.cull_idle_timeout = 900
c.MappingKernelManager.cull_interval = 60

# --- JupyterLab: no first-run pop-ups ------------------------------------------------
# The folder JupyterLab reads its settings overrides from (overrides.json). The
# environment's own folder (<prefix>/share/jupyter/lab/settings) is empty with the
# packages of the app extra; this one holds only overrides.json.
REPO = pathlib.Path(__file__).resolve().parents[1]
c.LabApp.app_settings_dir = str(REPO / "share" / "jupyter" / "lab" / "settings")
