"""Put a finished build in place safely: one file, renamed over the old one.

What `rulebook build` writes, and nothing else, is ours to replace or delete: a SQLite file
stamped with rulebook's ``application_id`` and, in ``user_version``, the id of the build that
made it. Its search tables are inside it (db/search_index.py), so there is no second file to
keep in step with it.

A build writes ``rulebook.db.tmp-<pid>-<random>``, then, holding ``.rulebook.db.lock`` beside it
(filelock; concurrent builds to one path take turns): cleans up what killed builds left behind
(their process is gone), refuses to lose more than 5 % of a document's records, and renames the
new file over the old one. A server that opened the old file keeps reading it until it
restarts (the rename leaves open files as they were).
"""

from __future__ import annotations

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
SHRINK_LIMIT = 0.05  # a rebuild may lose at most this share of a document's records
_LEFTOVER = re.compile(r"\.(?:tmp|old)-(\d+)(?:-[0-9a-f]+)?(?:-journal)?$")
# What rulebook wrote beside a database before its search tables moved inside it.
_OLD_INDEX_MARKER = ".rulebook-search-index"


class BuildRefused(SourceError):
    """The build will not replace or delete something: the message says what and why."""


def build_id_of(connection: sqlite3.Connection) -> int:
    """The build id of an open database (0 if it has none)."""
    try:
        return connection.execute("pragma user_version").fetchone()[0]
    except sqlite3.Error:
        return 0


def lock_for(target: Path) -> FileLock:
    """The lock concurrent builds of one database take turns on: ``.rulebook.db.lock`` beside it."""
    target = Path(target)
    return FileLock(target.with_name(f".{target.name}.lock"))


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
        if _same_file(target, source):
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


def publish(target: Path, temporary_db: Path, allow_shrink: bool = False) -> None:
    """Rename the finished database over the old one (see the module docstring)."""
    target = Path(target)
    with lock_for(target):
        remove_leftovers(target)
        if target.exists() and not allow_shrink:
            check_shrink(target, temporary_db)
        with open(temporary_db, "rb") as file:
            os.fsync(file.fileno())
        os.replace(temporary_db, target)
        remove_old_index(target)


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
    """Delete the temporary files of builds that were killed (their process is gone)."""
    target = Path(target)
    candidates = [
        path
        for path in target.parent.iterdir()
        if path.name.startswith(f"{target.name}.") and _LEFTOVER.search(path.name) and path.is_file()
    ]
    removed = [
        path for path in candidates if not _alive(int(_LEFTOVER.search(path.name)[1])) and _looks_like_ours(path)
    ]
    discard(*removed)
    return removed


def _looks_like_ours(path: Path) -> bool:
    """A leftover is deleted only if it is what a build writes: a (partial) SQLite file."""
    with open(path, "rb") as file:
        start = file.read(len(SQLITE_HEADER))
    return start in (b"", SQLITE_HEADER)


def remove_old_index(target: Path) -> None:
    """The search index folder an earlier rulebook wrote beside the database (rulebook-search/,
    marked as its own): its tables are inside the database now."""
    folder = Path(target).with_name(f"{Path(target).stem}-search")
    if folder.is_dir() and (folder / _OLD_INDEX_MARKER).exists():
        shutil.rmtree(folder, ignore_errors=True)


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
