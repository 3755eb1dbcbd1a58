"""Which entries a search sees: of a kind, of a document, of the editions in force on a day, or
by default the newest text of each entry."""

from __future__ import annotations

from dataclasses import dataclass

import sqlite_utils

from rulebook.db.families import current_editions, edition_in_force
from rulebook.db.search_index import FTS_TABLES, scope_word
from rulebook.kinds import SEARCHED

from .request import SearchRequest


def editions_in_force(db: sqlite_utils.Database, day: str) -> list[dict]:
    """Per family, the edition in force on ``day`` (families with none that old are left out)."""
    editions = []
    current = current_editions(db)
    for family in [row["family"] for row in db.query("select distinct family from documents order by family")]:
        edition = edition_in_force(db, family, day)
        if edition:
            editions.append(
                {
                    "family": family,
                    "document": edition["slug"],
                    "version": edition["version"],
                    "effective_date": edition["effective_date"],
                    "edition": edition["edition"],
                    "current": current[family],
                }
            )
    return editions


def filter_problem(db: sqlite_utils.Database, request: SearchRequest) -> str | None:
    """Why the request's kind or document filter cannot be searched, or None."""
    if request.kind and request.kind not in SEARCHED:
        return f'There is nothing of the kind "{request.kind}" to search; choose one of: {", ".join(SEARCHED)}.'
    if request.document:
        slugs = [row["slug"] for row in db.query("select slug from documents order by slug")]
        if request.document not in slugs:
            return f'There is no document "{request.document}"; the documents are: {", ".join(slugs)}.'
    return None


def quoted(term: str) -> str:
    """A term as an FTS5 string: whatever it holds is a word to match, never syntax."""
    return '"' + term.replace('"', '""') + '"'


@dataclass
class Scope:
    """Which entries a search sees: of a kind, of a document, of the editions in force on a day."""

    kind: str | None
    document: str | None
    editions: list[dict] | None  # as_of: the edition searched in each family
    as_of: str | None = None

    def where(self) -> tuple[str, list]:
        """The SQL condition on ``search_entries e`` and its parameters."""
        conditions, parameters = [], []
        if self.kind:
            conditions.append("e.kind = ?")
            parameters.append(self.kind)
        if self.document:
            conditions.append("exists (select 1 from search_sources s where s.entry_id = e.id and s.document = ?)")
            parameters.append(self.document)
        elif self.editions is not None:
            families = [
                "(e.family = ? and exists (select 1 from search_sources s where s.entry_id = e.id and s.edition = ?))"
                for _ in self.editions
            ]
            conditions.append(f"({' or '.join(families) or '0'})")
            parameters.extend(value for edition in self.editions for value in (edition["family"], edition["edition"]))
        else:
            conditions.append("e.latest = 1")
        return " and ".join(conditions), parameters

    def fts(self) -> str:
        """The same condition as an FTS5 expression on the ``scope`` column (db/search_index.py),
        in the scope's ``table``: every entry the search sees there matches it, and no other. That
        table holds only newest texts unless the scope is a document or a day, so there a kind says
        it alone, and with no kind ``latest``, which every entry has (a word that only ranks needs
        one: tiers.ranking_only)."""
        conditions = []
        if self.kind:
            conditions.append(quoted(scope_word("kind", self.kind)))
        if self.document:
            conditions.append(quoted(scope_word("document", self.document)))
        elif self.editions is not None:
            in_force = [quoted(scope_word("edition", f"{e['family']}.{e['edition']}")) for e in self.editions]
            conditions.append(f"({' OR '.join(in_force)})")
        elif not self.kind:
            conditions.append(quoted(scope_word("latest")))
        return "{scope} : (" + " AND ".join(conditions) + ")"

    @property
    def narrowed(self) -> bool:
        """Whether the scope leaves out entries of its ``table``, so that its words must also match
        ``fts()``: a plain search sees every entry of the newest texts, and matching ``latest`` too
        only had FTS5 walk the list of all of them (0.4 ms of a search's 1.8 ms of SQL)."""
        return bool(self.kind) or self.all_in_force

    @property
    def table(self) -> str:
        """The FTS5 table searched (db/search_index.py): the newest texts, unless the scope is a
        document or a day, which every text's table holds."""
        return FTS_TABLES[1] if self.all_in_force else FTS_TABLES[0]

    @property
    def all_in_force(self) -> bool:
        """Every entry seen is of the edition asked for: none is ranked lower as superseded."""
        return bool(self.document) or self.editions is not None

    def sources_condition(self) -> tuple[str, list]:
        """Which sources of an entry to read: the newest (a rule of 26 editions has 26), the
        document's, or all of them for ``source`` to choose by family."""
        if self.document:
            return "document = ?", [self.document]
        if self.editions is not None:
            return "1", []
        return (
            "edition = (select max(edition) from search_sources newest where newest.entry_id = search_sources.entry_id)",
            [],
        )

    def source(self, sources: list[dict], family: str) -> dict:
        """Which of the entry's sources (newest first) the result shows."""
        if self.document:
            return next(source for source in sources if source["document"] == self.document)
        if self.editions is not None:
            edition = next(edition["edition"] for edition in self.editions if edition["family"] == family)
            return next(source for source in sources if source["edition"] == edition)
        return sources[0]
