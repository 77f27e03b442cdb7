"""Build hook: the engine's hot modules compiled with mypyc where a C compiler exists.

Everything else about the package is in pyproject.toml; this file only adds the
compiled modules (the list is ``[tool.tricktutor] compiled`` there) to a wheel or
a non-editable install.  The sources stay plain Python and go in the wheel too,
so the same package runs where the compiled modules cannot be loaded.

When the modules are compiled (``TRICKTUTOR_COMPILE``: ``auto`` by default):

* a wheel or a non-editable install (``pip install .``, ``pip wheel .``,
  ``python -m build``) with mypyc importable (mypy is in the build requirements)
  and a working C compiler with Python's headers: compiled;
* no compiler, no headers, no mypyc, mypyc fails, or the compiler fails on
  mypyc's C: the pure engine, and one line on stderr says why (``pip install -v``
  shows it); the install goes on;
* an editable install (``pip install -e .``, what ./dev.sh does): never compiled,
  so that no ``.so`` ever lands next to a source it could silently shadow
  (docs/ARCHITECTURE.md, "Compiled engine");
* ``TRICKTUTOR_COMPILE=never``: pure (the static site's wheel for Pyodide);
  ``TRICKTUTOR_COMPILE=require``: compiled or the build fails (a release wheel,
  the tests' compiled build), never a silent fallback.

Each compiled build also writes ``engine/_compiled.json`` into the wheel: the
compiled modules and the SHA-256 of each one's source, so a test can tell a
stale build (tests/test_compiled_engine.py).
"""
from __future__ import annotations

import hashlib
import json
import os
import pathlib
import sys
import tempfile
import tomllib

from setuptools import setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

HERE = pathlib.Path(__file__).resolve().parent
MODE_VAR = "TRICKTUTOR_COMPILE"
MODES = ("auto", "never", "require")
MODE = os.environ.get(MODE_VAR, "auto").strip().lower() or "auto"
#: setup.py commands that make an installable build (anything else: metadata, sdist, editable).
BUILD_COMMANDS = {"bdist_wheel", "build", "build_ext", "install"}
INFO_FILE = "engine/_compiled.json"


def say(text: str) -> None:
    print(f"tricktutor: {text}", file=sys.stderr, flush=True)


def compiled_sources() -> list[str]:
    with open(HERE / "pyproject.toml", "rb") as f:
        return list(tomllib.load(f)["tool"]["tricktutor"]["compiled"])


def source_hashes(paths: list[str]) -> dict[str, str]:
    return {p: hashlib.sha256((HERE / p).read_bytes()).hexdigest() for p in paths}


def compiler_problem() -> str | None:
    """None when a C compiler builds and links a Python extension here, else why not."""
    from setuptools._distutils import ccompiler, errors, sysconfig

    with tempfile.TemporaryDirectory() as tmp:
        src = pathlib.Path(tmp) / "probe.c"
        src.write_text("#include <Python.h>\nint tricktutor_probe(void) { return Py_IsInitialized(); }\n")
        try:
            compiler = ccompiler.new_compiler()
            sysconfig.customize_compiler(compiler)
            objects = compiler.compile([str(src)], output_dir=tmp, include_dirs=[sysconfig.get_python_inc()])
            compiler.link_shared_object(objects, str(pathlib.Path(tmp) / "probe.so"))
        except (errors.DistutilsError, errors.CCompilerError, OSError) as exc:
            first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
            return f"no working C compiler with Python's headers ({first})"
    return None


def mypyc_extensions(paths: list[str]) -> list:  # list[Extension]
    from mypyc.build import mypycify

    # the C sources go to setuptools' build folder (relative: setuptools refuses absolute paths)
    return mypycify(paths, opt_level="3", group_name="tricktutor_engine", target_dir="build/mypyc")


def extensions() -> tuple[list, dict[str, str]]:
    """(extension modules, source hashes) to build, or ([], {}) with one line saying why."""
    mode = MODE
    if mode not in MODES:
        raise SystemExit(f"tricktutor: {MODE_VAR}={mode!r}: use one of {', '.join(MODES)}")
    commands = set(sys.argv[1:])
    if "editable_wheel" in commands or not commands & BUILD_COMMANDS:
        return [], {}   # metadata, sdist or an editable install: nothing compiled, nothing to say
    if mode == "never":
        say(f"the pure-Python engine ({MODE_VAR}=never)")
        return [], {}
    try:
        import mypyc.build  # noqa: F401
    except ImportError as exc:
        problem: str | None = f"mypyc is not installed ({exc})"
    else:
        problem = compiler_problem()
    if problem is None:
        paths = compiled_sources()
        try:
            exts = mypyc_extensions(paths)
        except (Exception, SystemExit) as exc:  # mypyc reports type errors by SystemExit
            problem = f"mypyc could not compile the engine ({type(exc).__name__}: {exc})"
        else:
            say(f"compiling {len(paths)} engine modules with mypyc: {', '.join(paths)}")
            return exts, source_hashes(paths)
    if mode == "require":
        raise SystemExit(f"tricktutor: {MODE_VAR}=require, but {problem}")
    say(f"the pure-Python engine: {problem}; it runs the same, only slower")
    return [], {}


EXTENSIONS, HASHES = extensions()


class BuildPy(build_py):
    """build_py that also writes engine/_compiled.json when modules are compiled."""

    def run(self) -> None:
        super().run()
        if HASHES and not getattr(self, "editable_mode", False):
            out = pathlib.Path(self.build_lib) / INFO_FILE
            out.write_text(json.dumps({"compiler": "mypyc", "sources": HASHES}, indent=1, sort_keys=True) + "\n")


class BuildExt(build_ext):
    """build_ext that falls back to the pure engine when the C compiler fails after all (the
    probe passed, but mypyc's C did not compile: a compiler that warns where mypyc says
    -Werror, say), unless TRICKTUTOR_COMPILE=require."""

    def run(self) -> None:
        from setuptools._distutils import errors

        try:
            super().run()
        except (errors.CCompilerError, errors.DistutilsError) as exc:
            if MODE == "require" or not HASHES:
                raise
            first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
            first = first if len(first) <= 160 else first[:160] + " …"
            say(f"the pure-Python engine: the C compiler failed on mypyc's output ({first}); "
                f"it runs the same, only slower")
            lib = pathlib.Path(self.build_lib)
            for ext in self.extensions:   # whatever was built before the failure goes
                for built in lib.glob(ext.name.replace(".", "/") + ".*"):
                    if built.suffix in (".so", ".pyd"):
                        built.unlink()
            (lib / INFO_FILE).unlink(missing_ok=True)


setup(ext_modules=EXTENSIONS, cmdclass={"build_py": BuildPy, "build_ext": BuildExt})
