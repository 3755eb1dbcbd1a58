"""`rulebook publish`: put the built site on Cloud Run or Fly with Datasette's own publishers.

`datasette publish cloudrun|fly` builds a container that runs `datasette serve` on the files it
is given. This module stages what our site needs, in the form those publishers take:

- the database, named rulebook.db (the site's URLs use the name /rulebook), its search tables
  inside it;
- our plugins folder, holding the rulebook package as a wheel too (`--install plugins/….whl`:
  the plugins import rulebook's web layer);
- our templates, our static files at /rulebook-static, the metadata with the canned queries
  (metadata.json), and the server settings `rulebook serve` uses (`--extra-options`).

The container then serves the same site as `rulebook serve`, with `--cors` (which the publishers
always add).
"""

from __future__ import annotations

import json
import shlex
import shutil
import sqlite3
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from rulebook.db.search_index import SEARCH_TABLES
from rulebook.db.tables import TABLES
from rulebook.resources import package_file, package_folder
from rulebook.urls import DATABASE
from rulebook.web.app import SETTINGS, STATIC_MOUNT
from rulebook.web.metadata import build_metadata

TARGETS = {"cloudrun": "--service", "fly": "--app"}  # each publisher's option naming the deployed app


class NotBuilt(Exception):
    """The database (or its search tables) is missing: the message says what to build first."""


@dataclass(frozen=True)
class Staged:
    folder: Path
    database: Path
    plugins: Path
    metadata: Path
    wheel_name: str


def wheel_name() -> str:
    from importlib.metadata import version

    return f"rulebook-{version('rulebook')}-py3-none-any.whl"


def check_built(db_path: Path) -> None:
    """NotBuilt, saying what to run, unless ``db_path`` is a built database with its search tables."""
    if not db_path.is_file():
        raise NotBuilt(f"There is no database at {db_path}: run `rulebook build --db {db_path}` first.")
    connection = sqlite3.connect(f"{db_path.resolve().as_uri()}?mode=ro", uri=True)
    try:
        tables = {row[0] for row in connection.execute("select name from sqlite_master where type = 'table'")}
        entry_columns = {row[1] for row in connection.execute("pragma table_info(search_entries)")}
    except sqlite3.Error:
        tables, entry_columns = set(), set()
    finally:
        connection.close()
    if not set(SEARCH_TABLES) <= tables or not set(TABLES["search_entries"].columns) <= entry_columns:
        raise NotBuilt(
            f"{db_path} has no search tables, or older ones (an older rulebook made it): "
            f"run `rulebook build --db {db_path}` again."
        )


def staged_paths(db_path: Path) -> Staged:
    """Where the files for `datasette publish` are staged: a folder beside the database, ours."""
    folder = db_path.resolve().parent / f"{db_path.stem}-publish"
    return Staged(
        folder=folder,
        database=folder / f"{DATABASE}.db",
        plugins=folder / "plugins",
        metadata=folder / "metadata.json",
        wheel_name=wheel_name(),
    )


def extra_options() -> str:
    """`rulebook serve`'s Datasette settings, as `datasette serve` options."""
    return " ".join(f"--setting {name} {value}" for name, value in SETTINGS.items())


def publish_command(target: str, name: str, staged: Staged, more: tuple[str, ...] = ()) -> list[str]:
    """The `datasette publish` command line for the staged files."""
    plugins = package_folder("rulebook.plugins")
    return [
        sys.executable,
        "-m",
        "datasette",
        "publish",
        target,
        str(staged.database),
        TARGETS[target],
        name,
        "--metadata",
        str(staged.metadata),
        "--plugins-dir",
        str(staged.plugins),
        "--template-dir",
        str(package_file("rulebook.plugins", "templates")),
        "--static",
        f"{STATIC_MOUNT}:{plugins / 'static'}",
        "--install",
        f"plugins/{staged.wheel_name}",
        "--extra-options",
        extra_options(),
        *more,
    ]


def project_root() -> Path:
    """The checkout rulebook runs from: the wheel is built from its source."""
    root = package_folder("rulebook").parent
    if not (root / "pyproject.toml").is_file():
        raise NotBuilt(
            "rulebook publish builds the rulebook package from its source, and this rulebook is not "
            "installed from a checkout: run it from a clone of the repository (pip install -e .)."
        )
    return root


def stage(db_path: Path, staged: Staged, progress=print) -> None:
    """Copy the database, our plugins and the metadata into ``staged.folder`` and build the
    rulebook wheel there. The folder is ours: a previous staging is replaced, anything else of
    that name is left alone."""
    check_built(db_path)
    root = project_root()
    if staged.folder.exists():
        if not (staged.metadata.is_file() and staged.plugins.is_dir()):
            raise NotBuilt(f"{staged.folder} is in the way: rulebook publish stages its files there. Move it away.")
        shutil.rmtree(staged.folder)
    staged.folder.mkdir(parents=True)
    progress(f"Staging {db_path} in {staged.folder}")
    shutil.copy2(db_path, staged.database)
    staged.plugins.mkdir()
    for plugin in package_folder("rulebook.plugins").glob("*.py"):
        if plugin.name != "__init__.py":
            shutil.copy2(plugin, staged.plugins / plugin.name)
    staged.metadata.write_text(json.dumps(build_metadata(), indent=2), encoding="utf-8")
    progress("Building the rulebook wheel")
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", str(staged.plugins), str(root)],
        capture_output=True,
        text=True,
    )
    if built.returncode or not (staged.plugins / staged.wheel_name).is_file():
        raise NotBuilt(f"pip could not build {staged.wheel_name} from {root}:\n{built.stderr[-2000:]}")


def shown(command: list[str]) -> str:
    return shlex.join(command)
