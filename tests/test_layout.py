"""One name per module: the package's folders (ingest/, db/, queries/, the plugins, the sources)
are reached as rulebook.ingest, rulebook.db, ... only, never also as bare ingest or queries,
even from the repository's root, where those folders are importable by their own names."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PROGRAM = """
import asyncio, collections, importlib, os, pkgutil, sys
import rulebook
for info in pkgutil.walk_packages(rulebook.__path__, "rulebook."):
    if not info.name.startswith("rulebook.plugins") and info.name != "rulebook.__main__":
        importlib.import_module(info.name)  # the plugins are Datasette's to load, by their files
from rulebook.web.app import make_datasette
asyncio.run(make_datasette(sys.argv[1]).invoke_startup())
names = collections.defaultdict(list)
for name, module in list(sys.modules.items()):
    path = getattr(module, "__file__", None)
    if path and os.path.realpath(path).startswith(sys.argv[2]) and "site-packages" not in path:
        names[os.path.realpath(path)].append(name)
for path, loaded in sorted(names.items()):
    print(os.path.relpath(path, sys.argv[2]), *sorted(loaded))
"""


def test_no_module_of_the_package_is_loaded_under_two_names(built_db_path):
    done = subprocess.run(
        [sys.executable, "-c", PROGRAM, str(built_db_path), str(ROOT)],
        cwd=ROOT,  # the checkout's root is on sys.path: bare `ingest` would import from here
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    loaded = [line.split() for line in done.stdout.splitlines()]
    assert len(loaded) > 100  # every module of the package, the app started
    assert [line for line in loaded if len(line) > 2] == []  # a file loaded under two names
    assert all(name.startswith("rulebook") for _, *names in loaded for name in names)
