"""Build rulebook.db from source documents: parse, write, link, index, then swap into place.

The database is written to a temporary file beside the target and renamed over it only when
everything succeeded, so a failed build leaves the previous database exactly as it was.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
from collections.abc import Callable, Iterable
from dataclasses import fields
from pathlib import Path

import sqlite_utils

from rulebook.ingest import Document, SourceError, read_document
from rulebook.ingest.numbers import RuleNumber, addressed, canonical, parent_number, sort_key
from rulebook.ingest.records import Card, CardText, Mechanic
from rulebook.kinds import kind_rows
from rulebook.resources import package_file, package_folder

from . import publish, schema
from .card_texts import link_card_texts
from .families import assign_editions, edition_warnings
from .lineage import build_lineage
from .links import link_mentions, link_references
from .search_index import build_search_tables
from .slugs import document_slug

DEFAULT_DATABASE = Path(os.environ.get("RULEBOOK_DB", "rulebook.db"))
# The files a folder of sources is read for: rules documents, release notes, card data.
SOURCE_SUFFIXES = (".txt", ".md", ".json")


def bundled_sources() -> list[Path]:
    """The documents that ship with rulebook (data/sources/ in a checkout)."""
    return sorted(path for path in package_folder("rulebook.sources").iterdir() if path.suffix in SOURCE_SUFFIXES)


def bundled_source(name: str) -> Path:
    """One bundled document by file name, e.g. "treachery-rules-6.0.txt"."""
    return package_file("rulebook.sources", name)


def _row(record, table: str, **worked_out) -> dict:
    """The row of ``table`` a parser's record makes: every field with a column of the same name
    (a list of lines joined, one per line), the source lines it was read from, and what the build
    ``worked_out`` (the owner's id, the position, numbers to address it by).

    A field is a column when both have the same name, so a new field reaches the database by
    declaring its column in db/tables.py; tests/test_build.py checks that no field is left out.
    """
    columns = schema.TABLES[table].columns
    row = {}
    for item in fields(record):
        if item.name in columns:
            value = getattr(record, item.name)
            row[item.name] = ("\n".join(value) or None) if isinstance(value, list) else value
    if "line_start" in columns:
        row.update(line_start=record.line_start, line_end=record.line_end)
    return {**row, **worked_out}


class _Writer:
    """Collects every row with its id decided up front, then writes each table in one go.

    Ids are assigned here (not by SQLite) so children can point at parents before anything
    is written; bulk inserts keep the build fast. Explicit card mentions are remembered for
    linking once every card exists.
    """

    def __init__(self, db: sqlite_utils.Database):
        self.db = db
        self.rows: dict[str, list[dict]] = {table: [] for table in schema.TABLES}
        self.mentions: list[dict] = []

    def add(self, table: str, row: dict) -> int:
        rows = self.rows[table]
        row_id = len(rows) + 1
        rows.append({"id": row_id, **row})
        return row_id

    def add_all(self, table: str, rows: Iterable[dict]) -> None:
        for row in rows:
            self.add(table, row)

    def flush(self) -> None:
        for table, rows in self.rows.items():
            schema.insert_rows(self.db, table, rows)
            rows.clear()

    def write(self, document: Document, slug: str) -> int:
        parsed, info = document.parsed, document.parsed.info
        document_id = self.add(
            "documents",
            _row(
                info,
                "documents",
                slug=slug,
                source_file=document.path.name,
                sha256=hashlib.sha256(document.data).hexdigest(),
                line_count=len(document.source.lines),
                is_excerpt=int(info.excerpt),
            ),
        )
        owner = {"document_id": document_id}
        self.add_all("versions", (_row(row, "versions", **owner) for row in parsed.versions))
        self.add_all(
            "headings",
            (
                _row(heading, "headings", **owner, position=position, label=heading.label)
                for position, heading in enumerate(parsed.headings, start=1)
            ),
        )
        self.write_rules(parsed.rules, document_id)
        self.add_all("glossary", self.numbered(parsed.glossary, "glossary", **owner))
        self.add_all("faq", self.numbered(parsed.faq, "faq", **owner))
        self.add_all("passages", self.numbered(parsed.passages, "passages", **owner))
        for position, card in enumerate(parsed.cards, start=1):
            self.write_card(card, document_id, position)
        for position, mechanic in enumerate(parsed.mechanics, start=1):
            self.write_mechanic(mechanic, document_id, position)
        for position, card in enumerate(parsed.card_texts, start=1):
            self.write_card_text(card, document_id, position)
        lines = document.source.lines
        self.add_all(
            "source_lines",
            (
                {**owner, "line": use.line, "text": lines[use.line - 1], "used_by": use.table, "record": use.key}
                for use in document.line_uses
            ),
        )
        return document_id

    @staticmethod
    def numbered(records, table: str, **owner) -> Iterable[dict]:
        """The rows of ``records`` in order, numbered from 1 under their ``owner``."""
        return (_row(record, table, **owner, position=position) for position, record in enumerate(records, start=1))

    def write_rules(self, rules, document_id: int) -> None:
        ids: dict[str, int] = {}
        for position, rule in enumerate(rules, start=1):
            parent = parent_number(rule.number)
            parsed_number = RuleNumber.parse(rule.number)
            rule_id = self.add(
                "rules",
                _row(
                    rule,
                    "rules",
                    document_id=document_id,
                    position=position,
                    number=addressed(rule.number, rule.occurrence),
                    canonical=addressed(canonical(rule.number), rule.occurrence),
                    parent_id=ids.get(canonical(parent)) if parent else None,
                    parent_number=parent,
                    is_subrule=int(bool(parsed_number and parsed_number.is_subrule)),
                    sort_key=addressed(sort_key(rule.number), rule.occurrence),
                ),
            )
            ids.setdefault(canonical(rule.number), rule_id)
            self.add_all(
                "rule_paragraphs",
                self.numbered(rule.paragraphs, "rule_paragraphs", rule_id=rule_id, document_id=document_id),
            )

    def write_card(self, card: Card, document_id: int, position: int) -> None:
        card_id = self.add(
            "cards", _row(card, "cards", document_id=document_id, position=position, note_count=len(card.notes))
        )
        for index, note in enumerate(card.notes, start=1):
            note_id = self.add(
                "card_notes", _row(note, "card_notes", card_id=card_id, document_id=document_id, position=index)
            )
            self.remember_mentions(note.mentions, "card_notes", note_id, document_id, card_id)

    def write_mechanic(self, mechanic: Mechanic, document_id: int, position: int) -> None:
        mechanic_id = self.add("mechanics", _row(mechanic, "mechanics", document_id=document_id, position=position))
        owner = {"mechanic_id": mechanic_id, "document_id": document_id}
        self.add_all("mechanic_examples", self.numbered(mechanic.examples, "mechanic_examples", **owner))
        for index, ruling in enumerate(mechanic.rulings, start=1):
            ruling_id = self.add("mechanic_rulings", _row(ruling, "mechanic_rulings", **owner, position=index))
            self.remember_mentions(ruling.mentions, "mechanic_rulings", ruling_id, document_id, None)

    def write_card_text(self, card: CardText, document_id: int, position: int) -> None:
        card_text_id = self.add("card_texts", _row(card, "card_texts", document_id=document_id, position=position))
        self.add_all(
            "card_text_rulings",
            self.numbered(card.rulings, "card_text_rulings", card_text_id=card_text_id, document_id=document_id),
        )

    def remember_mentions(self, names, table, row_id, document_id, card_id) -> None:
        for name in dict.fromkeys(names):
            self.mentions.append(
                {
                    "document_id": document_id,
                    "source_table": table,
                    "source_id": row_id,
                    "from_card_id": card_id,
                    "card_name": name,
                }
            )

    def link(self) -> None:
        self.flush()
        link_references(self.db)
        link_mentions(self.db, self.mentions)
        self.db.execute(
            "update mechanic_examples set card_id = (select cards.id from cards where cards.name = "
            "mechanic_examples.name and cards.document_id = mechanic_examples.document_id)"
        )


def _with_warnings(summary: list[dict], *warnings: dict[str, list[str]]) -> list[dict]:
    """Each document's summary row with what the build has to say about it: what its parser
    kept but a judge should check, and where it was placed among the editions."""
    return [{**row, "warnings": [line for found in warnings for line in found.get(row["slug"], [])]} for row in summary]


def _sha256(path: Path) -> str:
    try:
        return hashlib.sha256(Path(path).read_bytes()).hexdigest()
    except OSError:
        return str(path)  # read_document names the problem


def parse_warnings(document: Document) -> list[str]:
    """The parser's warnings, each naming the file and line."""
    return [f"{document.path.name}, line {warning.line}: {warning.message}" for warning in document.parsed.warnings]


ProgressFactory = Callable[[str, int], contextlib.AbstractContextManager]


@contextlib.contextmanager
def _no_progress(label: str, length: int):
    class Bar:
        def update(self, steps: int) -> None:
            pass

    yield Bar()


def build_database(
    target: Path,
    files: Iterable[Path],
    progress: ProgressFactory = _no_progress,
    allow_shrink: bool = False,
) -> list[dict]:
    """Parse ``files`` into a new database at ``target``, with its search tables inside it;
    return the per-document summary.

    The database is written under a temporary name and renamed into place by db/publish.py only
    when it is complete, so a failed or refused build leaves the previous database untouched.
    """
    target = Path(target)
    files = [Path(path) for path in files]
    if not files:
        raise SourceError(str(target), "no source documents were given to build from.")
    publish.check_target(target, files)
    temporary = publish.temporary_path(target)
    try:
        db = sqlite_utils.Database(temporary)
        db.execute("pragma journal_mode = off")
        db.execute("pragma synchronous = off")
        schema.create_tables(db)
        writer = _Writer(db)
        writer.add_all("kinds", kind_rows())
        slugs: dict[str, Path] = {}
        warnings: dict[str, list[str]] = {}
        with db.conn:
            read: dict[str, tuple[Path, str]] = {}  # sha256 -> the file of those bytes read first, its slug
            for path in files:
                digest = _sha256(path)
                if digest in read:  # the bundled edition given again in a folder of editions
                    first, first_slug = read[digest]
                    warnings[first_slug].append(f"{path} has the same bytes as {first.name}: it was read once.")
                    continue
                with progress(path.name, 3) as bar:
                    document = read_document(path)
                    bar.update(2)
                    slug = document_slug(document.parsed.info, path.stem)
                    if slug in slugs:
                        raise SourceError(
                            path.name,
                            f"this document would be called {slug!r}, like {slugs[slug].name}; "
                            "give only one of them, or rename one so the names differ.",
                        )
                    slugs[slug] = path
                    read[digest] = (path, slug)
                    warnings[slug] = parse_warnings(document)
                    writer.write(document, slug)
                    bar.update(1)
            with progress("linking and indexing", 3) as bar:
                writer.flush()
                assign_editions(db)
                writer.link()
                card_text_warnings = link_card_texts(db)
                build_lineage(db)
                bar.update(1)
                schema.create_indexes(db)
                bar.update(1)
                build_search_tables(db)
                bar.update(1)
        from .stats import document_stats

        summary = _with_warnings(document_stats(db), warnings, edition_warnings(db), card_text_warnings)
        publish.stamp(db.conn)
        db.close()
        publish.publish(target, temporary, allow_shrink)
    except BaseException:
        publish.discard(temporary)
        raise
    return summary
