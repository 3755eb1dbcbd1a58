"""Put a finished build in place safely: the database and its search index as one unit.

What `rulebook build` writes, and nothing else, is ours to replace or delete:

- the database ``rulebook.db`` is a SQLite file stamped with rulebook's ``application_id`` and,
  in ``user_version``, the id of the build that made it;
- its search index lives in ``rulebook-search/build-<id>/``; the folder ``rulebook-search/``
  carries a marker file saying rulebook made it.

A build writes both under temporary names (``rulebook.db.tmp-<pid>-<random>``,
``rulebook-search/build-<id>.tmp-<pid>``), then, holding ``rulebook-search/.rulebook.db.lock``
(filelock; concurrent builds to one path take turns): cleans up what killed builds left behind
(their process is gone), refuses to lose more
than 5 % of a document's records, renames the index folder to its final name (invisible: no
database names it yet) and finally renames the database over the old one. That one rename
publishes the new pair; readers find the index through the build id of the database they
opened, so they never see one build's database with another build's index.

A running server pins the index of the database it opened (``.served-by-<pid>`` inside the
index folder), so a rebuild while it serves leaves it the old pair until it restarts.
"""

from __future__ import annotations

import atexit
import os
import re
import secrets
import shutil
import sqlite3
from collections.abc import Iterable
from pathlib import Path

from filelock import FileLock

from rulebook.ingest import SourceError

APPLICATION_ID = 0x52424B31  # "RBK1": PRAGMA application_id of every rulebook database
SQLITE_HEADER = b"SQLite format 3\x00"
INDEX_MARKER = ".rulebook-search-index"  # in rulebook-search/: rulebook made this folder
INDEX_MARKER_TEXT = "This folder holds the search indexes `rulebook build` made; rulebook may replace it.\n"
SHRINK_LIMIT = 0.05  # a rebuild may lose at most this share of a document's records
_BUILD_FOLDER = re.compile(r"^build-([0-9a-f]{8})$")
_LEFTOVER = re.compile(r"\.(?:tmp|old)-(\d+)(?:-[0-9a-f]+)?(?:-journal)?$")
_PIN = re.compile(r"^\.served-by-(\d+)$")
# What an index folder made before build ids holds (whoosh's files and our vocabulary).
_LEGACY_INDEX_FILE = re.compile(
    r"^(?:_?MAIN_\w*\.(?:toc|seg|trm|pst|dcz|fln|vps|stm|lengths)|MAIN_WRITELOCK|vocabulary\.json)$"
)


class BuildRefused(SourceError):
    """The build will not replace or delete something: the message says what and why."""


def index_root(db_path: Path) -> Path:
    """rulebook.db -> rulebook-search/, the folder that holds its search indexes."""
    db_path = Path(db_path)
    return db_path.with_name(f"{db_path.stem}-search")


def index_folder(db_path: Path, build_id: int) -> Path:
    """The index that belongs to build ``build_id`` of the database at ``db_path``."""
    root = index_root(db_path)
    return root / f"build-{build_id:08x}" if build_id else root  # 0: a database made before build ids


def read_build_id(db_path: Path) -> int:
    """The build id stamped on the database file (0 if it has none or cannot be read)."""
    try:
        connection = sqlite3.connect(f"file:{Path(db_path).resolve()}?mode=ro", uri=True)
    except sqlite3.Error:
        return 0
    try:
        return build_id_of(connection)
    finally:
        connection.close()


def build_id_of(connection: sqlite3.Connection) -> int:
    """The build id of an open database: what a server that opened it must pair it with."""
    try:
        return connection.execute("pragma user_version").fetchone()[0]
    except sqlite3.Error:
        return 0


def lock_for(target: Path) -> FileLock:
    """The lock concurrent builds (and a starting server) of one database take turns on; it
    lives in the marked index folder, so nothing but the database is added beside it."""
    root = _marked_index_root(target)
    return FileLock(root / f".{Path(target).name}.lock")


def _marked_index_root(target: Path) -> Path:
    root = index_root(target)
    root.mkdir(exist_ok=True)
    marker = root / INDEX_MARKER
    if not marker.exists():
        marker.write_text(INDEX_MARKER_TEXT, encoding="utf-8")
    return root


def temporary_path(path: Path) -> Path:
    """``<name>.tmp-<pid>-<random>``: the pid tells a later build whether its maker still runs."""
    return path.with_name(f"{path.name}.tmp-{os.getpid()}-{secrets.token_hex(4)}")


def is_rulebook_database(path: Path) -> bool:
    """A SQLite file stamped by rulebook (or, made before stamps, one with rulebook's tables)."""
    try:
        with open(path, "rb") as file:
            header = file.read(100)
    except OSError:
        return False
    if not header.startswith(SQLITE_HEADER) or len(header) < 72:
        return False
    if int.from_bytes(header[68:72], "big") == APPLICATION_ID:
        return True
    try:
        connection = sqlite3.connect(f"file:{Path(path).resolve()}?mode=ro", uri=True)
        try:
            tables = {row[0] for row in connection.execute("select name from sqlite_master where type = 'table'")}
        finally:
            connection.close()
    except sqlite3.Error:
        return False
    return {"documents", "rules", "source_lines"} <= tables


def _is_legacy_index(folder: Path) -> bool:
    names = [path.name for path in folder.iterdir()]
    return "vocabulary.json" in names and all(_LEGACY_INDEX_FILE.match(name) for name in names)


def check_target(target: Path, sources: Iterable[Path]) -> None:
    """Refuse, before any work, a --db that would destroy something that is not ours."""
    target = Path(target)
    where = str(target)
    parent = target.absolute().parent
    if not parent.is_dir():
        raise BuildRefused(where, f"the folder {parent} does not exist. Create it first, or choose another --db.")
    if target.is_dir():
        raise BuildRefused(where, "this is a folder, not a database file. Choose a file name for --db.")
    for source in sources:
        if _same_file(target, source) or _same_file(index_root(target), source):
            raise BuildRefused(
                where,
                f"this is the document {Path(source).name} that the build reads; it will not be overwritten. "
                "Give --db the name of the database to write, e.g. rulebook.db.",
            )
    if target.exists() and not is_rulebook_database(target):
        raise BuildRefused(
            where,
            "there is already a file here that is not a rulebook database; rulebook will not overwrite it. "
            "Move it away, or choose another --db.",
        )
    root = index_root(target)
    if root.exists() and not (root.is_dir() and ((root / INDEX_MARKER).exists() or _is_legacy_index(root))):
        raise BuildRefused(
            str(root),
            f"the search index of {target.name} goes here, but this was not made by rulebook and will not be "
            "replaced. Move it away, or choose another --db.",
        )


def _same_file(first: Path, second: Path) -> bool:
    try:
        return Path(first).exists() and Path(first).samefile(second)
    except OSError:
        return False


def stamp(connection, build_id: int | None = None) -> int:
    """Mark a finished database as rulebook's, with a new build id; return the id."""
    build_id = build_id or secrets.randbelow(2**31 - 2) + 1
    connection.execute(f"pragma application_id = {APPLICATION_ID}")
    connection.execute(f"pragma user_version = {int(build_id)}")
    return build_id


def staging_index_folder(target: Path, build_id: int) -> Path:
    """Where this build writes its index before publishing it (inside the marked root)."""
    _marked_index_root(target)
    return temporary_path(index_folder(target, build_id))


def publish(target: Path, temporary_db: Path, staged_index: Path, build_id: int, allow_shrink: bool = False) -> None:
    """Swap the finished pair into place as one unit (see the module docstring)."""
    target = Path(target)
    with lock_for(target):
        remove_leftovers(target)
        if target.exists() and not allow_shrink:
            check_shrink(target, temporary_db)
        with open(temporary_db, "rb") as file:
            os.fsync(file.fileno())
        staged_index.rename(index_folder(target, build_id))
        os.replace(temporary_db, target)
        remove_unused_indexes(target, build_id)


def discard(*paths: Path) -> None:
    """Remove what a failed build of this process wrote."""
    for path in paths:
        if path.is_dir():
            shutil.rmtree(path, ignore_errors=True)
        else:
            path.unlink(missing_ok=True)


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def remove_leftovers(target: Path) -> list[Path]:
    """Delete the temporary files and folders of builds that were killed (their process is gone)."""
    target = Path(target)
    root = index_root(target)
    candidates = [
        path
        for path in target.parent.iterdir()
        if path.name.startswith((f"{target.name}.", f"{root.name}.")) and _LEFTOVER.search(path.name)
    ]
    if root.is_dir():
        candidates += [
            path for path in root.iterdir() if path.name.startswith("build-") and _LEFTOVER.search(path.name)
        ]
    removed = [
        path for path in candidates if not _alive(int(_LEFTOVER.search(path.name)[1])) and _looks_like_ours(path, root)
    ]
    discard(*removed)
    return removed


def _looks_like_ours(path: Path, root: Path) -> bool:
    """A leftover is deleted only if it is what a build writes: inside the marked index folder,
    a partial SQLite file, or an index folder of the layout before build ids."""
    if path.parent == root:
        return True
    if path.is_dir():
        return not any(path.iterdir()) or _is_legacy_index(path)
    with open(path, "rb") as file:
        start = file.read(len(SQLITE_HEADER))
    return start in (b"", SQLITE_HEADER)


def _pinned(folder: Path) -> bool:
    return any((match := _PIN.match(path.name)) and _alive(int(match[1])) for path in folder.iterdir())


def remove_unused_indexes(target: Path, keep: int) -> None:
    """Delete the indexes of earlier builds that no running server still uses."""
    root = index_root(target)
    for path in root.iterdir():
        match = _BUILD_FOLDER.match(path.name)
        if match and int(match[1], 16) != keep and path.is_dir() and not _pinned(path):
            shutil.rmtree(path, ignore_errors=True)
        elif path.is_file() and _LEGACY_INDEX_FILE.match(path.name):
            path.unlink(missing_ok=True)


def pin_served_index(db_path: Path, connection: sqlite3.Connection) -> tuple[Path, Path | None]:
    """Called by a server that has opened ``connection`` on ``db_path``: keep that database's index
    from being deleted by later builds while this process runs. Returns the index folder and the
    pin file (None for a database made before build ids); ``unpin`` it when the server stops
    (if the server is killed, builds see that its process is gone and ignore the pin)."""
    db_path = Path(db_path)
    if not (index_root(db_path) / INDEX_MARKER).exists():
        return index_folder(db_path, build_id_of(connection)), None
    with lock_for(db_path):
        folder = index_folder(db_path, build_id_of(connection))
        if not folder.is_dir():
            return folder, None
        pin = folder / f".served-by-{os.getpid()}"
        pin.touch()
    atexit.register(unpin, pin)
    return folder, pin


def unpin(pin: Path | None) -> None:
    if pin:
        pin.unlink(missing_ok=True)


def record_counts(db_path: Path) -> dict[str, dict[str, int]]:
    """{document slug: {table: number of records}}. Record tables are those whose rows carry a
    document and a source line (schema.py), so new kinds of records are counted too."""
    connection = sqlite3.connect(f"file:{Path(db_path).resolve()}?mode=ro", uri=True)
    try:
        counts: dict[str, dict[str, int]] = {
            slug: {} for (slug,) in connection.execute("select slug from documents order by slug")
        }
        for table in _record_tables(connection):
            for slug, count in connection.execute(
                f"select d.slug, count(*) from [{table}] t join documents d on d.id = t.document_id group by d.slug"
            ):
                counts[slug][table] = count
        return counts
    finally:
        connection.close()


def _record_tables(connection: sqlite3.Connection) -> list[str]:
    tables = [
        row[0] for row in connection.execute("select name from sqlite_master where type = 'table' order by rowid")
    ]
    return [
        table
        for table in tables
        if {"document_id", "line_start"} <= {row[1] for row in connection.execute(f"pragma table_info([{table}])")}
    ]


def shrinkage(before: dict[str, dict[str, int]], after: dict[str, dict[str, int]]) -> list[str]:
    """One sentence per document that would lose more than SHRINK_LIMIT of its records."""
    problems = []
    for slug, old in before.items():
        old_total = sum(old.values())
        new = after.get(slug)
        if new is None:
            if old_total:
                problems.append(f"{slug} would be removed (it holds {old_total} records)")
            continue
        new_total = sum(new.values())
        if old_total and old_total - new_total > SHRINK_LIMIT * old_total:
            lost = [
                f"{table.replace('_', ' ')} {count} → {new.get(table, 0)}"
                for table, count in old.items()
                if count > new.get(table, 0)
            ]
            problems.append(
                f"{slug} would shrink from {old_total} to {new_total} records "
                f"(-{(old_total - new_total) / old_total:.0%}: {', '.join(lost)})"
            )
    return problems


def check_shrink(target: Path, temporary_db: Path) -> None:
    """Refuse a rebuild that loses more than 5 % of the records of a document already built."""
    if not is_rulebook_database(target):
        return
    problems = shrinkage(record_counts(target), record_counts(temporary_db))
    if problems:
        raise BuildRefused(
            str(target),
            "the new build would lose records: "
            + "; ".join(problems)
            + ". The previous database was kept. If that is intended, build again with --allow-shrink.",
        )
