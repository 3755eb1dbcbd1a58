"""The search tables of rulebook.db, built with it in the same transaction: one file to serve.

SQLite's FTS5 tables of the database match every word of a query exactly, so a judge typing a
question, a fragment or a misspelling ("assasin win", "platnum angel leader") rarely finds the
rule. These tables are what queries/search/ searches instead. Words are folded (Ætherist =
Aetherist, Séance = Seance) and stemmed (unveiled = unveil) as ingest/words.py says, and

- ``search_entries`` holds one entry per thing a judge wants to land on (a rule with its
  examples, a card, a card note, a FAQ entry, a glossary entry, a mechanic's introduction, each
  mechanic ruling), ``search_entries_fts`` the folded, stemmed words of the entries a plain
  search sees, each entry's newest text (FTS5 ranks candidates with bm25 in C, in well under a
  millisecond), and ``search_editions_fts`` the same of every text of every edition, for a search
  of one document or of the editions in force on a day. bm25 weighs a word by how few entries
  use it: counted over 26 editions of the official rules, their words would weigh eight times
  less than a Treachery card's, so a plain search counts only the texts it shows;
- ``search_vocabulary`` counts the folded, unstemmed words, the vocabulary the corrector
  suggests spellings from;
- ``search_family_words`` holds the words that say which body of rules a question asks of: its
  name ("treachery") or a word only its rules use ("unveil"), db/search_family_words.py.

Editions: an entry whose text is the same in several editions of its family is stored ONCE,
with the editions it appears in (table ``search_sources``), so 26 nearly identical editions
cost little more than the three distinct texts among them; the entry of the newest edition is
marked ``latest``: search shows each entry once per family. Only the primary source of an
edition contributes rules (db/families.py decides which one that is); a second source keeps
its own cards and notes.

The tables are hidden from Datasette's table list (rulebook/web/metadata.py): they are the
search's own, not the judges'.
"""

from __future__ import annotations

import json
import re
from collections import Counter, defaultdict
from collections.abc import Iterator

import sqlite_utils

from rulebook.db.families import document_date
from rulebook.db.lineage import comparable
from rulebook.db.schema import create_indexes, create_tables, insert_rows
from rulebook.db.tables import TABLES
from rulebook.ingest.rule_titles import is_empty_heading, rule_title, titled
from rulebook.ingest.words import FOLDING, WORD_PATTERN, fold, indexed_words, is_stop_word
from rulebook.kinds import KINDS_BY_NAME, SEARCHED, KindError

from .search_concepts import write_concepts
from .search_family_words import write_family_words
from .search_synonyms import write_synonyms
from .search_vectors import write_vectors

SEARCH_TABLES = (
    "search_entries",
    "search_sources",
    "search_entries_fts",
    "search_editions_fts",
    "search_vocabulary",
    "search_vectors",
    "search_vector_model",
    "search_synonyms",
    "search_family_words",
    "search_concepts",
)
FTS_TABLES = ("search_entries_fts", "search_editions_fts")  # the newest texts, every text (the module's docstring)
SEARCHED_COLUMNS = ("name", "title", "text", "context", "number")  # the FTS5 columns a query's words are looked for in
SPELLING_FIELDS = ("name", "title", "text")

# Entries that are the thing they name; a card note or a mechanic ruling is found by its card's
# or mechanic's name as well, but only the card or mechanic itself is what a bare name asks for.
NAMED_KINDS = tuple(
    name for name, kind in KINDS_BY_NAME.items() if kind.owner is None and kind.title in ("name", "term")
)

_SCHEMA = """
create table search_sources (  -- every document an entry's text appears in
    entry_id integer not null references search_entries(id),
    document text not null,
    edition integer not null,
    earlier integer not null,  -- how many earlier editions of its family have the entry (any text)
    result text not null       -- the search result as JSON, without snippet and score
);
create index search_sources_by_entry on search_sources(entry_id, edition);
create index search_sources_by_document on search_sources(document, entry_id);
-- prefix: a searched stem finds the longer words it begins too ("card" *: cards, cardboard), and
-- FTS5 keeps the words under each beginning of 4 to 7 letters in one list of their own, read as
-- it is, where it merged the lists of every such word for each search and each bm25 (the same
-- matches and scores, 0.2 ms less SQL a plain search on serve_load's questions, 1.5 MB more
-- file). Only for the newest texts: every edition's would grow by 3.3 times its size with each
-- edition loaded, for the rarer search of a document or a day.
create virtual table search_entries_fts using fts5(   -- each entry's newest text: a plain search
    name, title, text, context, number, scope, content='', tokenize="unicode61 tokenchars '.-'", prefix='4 5 6 7'
);
create virtual table search_editions_fts using fts5(  -- every text: a search of a document or a day
    name, title, text, context, number, scope, content='', tokenize="unicode61 tokenchars '.-'"
);
create table search_vocabulary (   -- the folded words of every entry, for spelling corrections
    word text primary key,
    entries integer not null       -- how many entries use it
) without rowid;
"""


def build_search_tables(db: sqlite_utils.Database) -> None:
    """Index the documents of ``db`` into its search tables (inside the build's transaction)."""
    _create(db)
    groups = _grouped(db, index_entries(db))
    vocabulary = _write_entries(db, groups)
    db.conn.executemany("insert into search_vocabulary values (?, ?)", sorted(vocabulary.items()))
    # what each entry a plain search shows (its newest text) says, in meaning
    write_vectors(
        db.conn,
        {
            entry_id: _joined(*(group.get(column) for column in ("name", "title", "context")), _meant(group))
            for entry_id, group in enumerate(groups, start=1)
            if group["latest"]
        },
    )
    write_synonyms(db.conn)
    write_concepts(db.conn)
    write_family_words(db.conn)


def _create(db: sqlite_utils.Database) -> None:
    """The tables db/tables.py declares for search, then the rest of the schema, statement by
    statement (executescript would commit the open transaction)."""
    create_tables(db, search=True)
    create_indexes(db, search=True)
    for statement in _SCHEMA.split(";"):
        if statement.strip():
            db.conn.execute(statement)


def read_vocabulary(db: sqlite_utils.Database) -> dict[str, int]:
    """{folded word: number of entries using it}."""
    return dict(db.conn.execute("select word, entries from search_vocabulary").fetchall())


def _grouped(db: sqlite_utils.Database, entries: Iterator[dict]) -> list[dict]:
    """One entry per (kind, family, identity, text), with every source it appears in."""
    current = {
        row["family"]: row["edition"]
        for row in db.query("select family, max(edition) as edition from documents group by family")
    }
    groups: dict[tuple, dict] = {}
    editions_of: dict[tuple, set[int]] = defaultdict(set)
    for entry in entries:
        identity = (entry["kind"], entry["family"], entry["identity"])
        key = (*identity, *(entry.get(column) or "" for column in ("name", "title", "text", "context", "body")))
        source = (entry["edition"], entry["document"], entry["result"])
        editions_of[identity].add(entry["edition"])
        group = groups.setdefault(key, {**entry, "sources": []})
        group["sources"].append(source)
    newest = {identity: max(editions) for identity, editions in editions_of.items()}
    for key, group in groups.items():
        identity = key[:3]
        editions = sorted(editions_of[identity])
        group["latest"] = int(any(edition == newest[identity] for edition, _, _ in group["sources"]))
        group["superseded"] = int(newest[identity] < current[group["family"]])
        group["sources"] = [
            (edition, document, result, editions.index(edition))
            for edition, document, result in sorted(group["sources"], key=lambda source: -source[0])
        ]
    return list(groups.values())


def _meant(group: dict) -> str | None:
    """What an entry's words and meaning are read from: its body, unless it shows more than it is
    searched by (an identity card's text)."""
    return group.get("meant", group["body"]) or group.get("text")


def _indexed(columns: dict[str, str], text_words: str) -> str:
    """An entry's indexed words side by side, as ranking.py reads them: its name, title, what it
    says (``text_words``) and context."""
    return (
        f" {' '.join(words for words in (columns['name'], columns['title'], text_words, columns['context']) if words)} "
    )


def _write_entries(db: sqlite_utils.Database, groups: list[dict]) -> dict[str, int]:
    """Write the entries (``groups``, each the id of its place), their sources and words; return
    the vocabulary of every entry's words."""
    vocabulary: Counter[str] = Counter()
    connection = db.conn
    known: dict[str, str] = {}  # a section's heading is the context of each of its rules: analysed once
    entries = []

    def words_of(text: str | None) -> str:
        if not text:
            return ""
        if text not in known:
            known[text] = indexed_words(text)
        return known[text]

    for entry_id, group in enumerate(groups, start=1):
        columns = {column: words_of(group.get(column)) for column in ("name", "title", "text", "context")}
        said = group.get("said")  # a rule with examples: what it says without them
        entries.append(
            {
                "id": entry_id,
                "kind": group["kind"],
                "family": group["family"],
                "identity": group["identity"],
                "name": group.get("name") if group["kind"] in NAMED_KINDS else None,
                "name_key": group.get("name_key"),
                "owner": group.get("owner") or (group.get("name") if group["kind"] in NAMED_KINDS else None),
                "number": group.get("number"),
                "latest": group["latest"],
                "superseded": group["superseded"],
                "body": group["body"] or "",
                "words": _indexed(columns, words_of(_meant(group))),
                "said_words": _indexed(columns, words_of(said)) if said is not None else "",
            }
        )
        connection.executemany(
            "insert into search_sources values (?, ?, ?, ?, ?)",
            [
                (entry_id, document, edition, earlier, json.dumps(result, ensure_ascii=False))
                for edition, document, result, earlier in group["sources"]
            ],
        )
        searched = [entry_id, *columns.values(), group.get("number") or "", " ".join(_scope_words(group))]
        for table in FTS_TABLES if group["latest"] else FTS_TABLES[1:]:
            connection.execute(
                f"insert into {table} (rowid, name, title, text, context, number, scope) values (?, ?, ?, ?, ?, ?, ?)",
                searched,
            )
        vocabulary.update(entry_words(group))
    insert_rows(db, "search_entries", entries)
    for table in FTS_TABLES:
        connection.execute(f"insert into {table}({table}) values ('optimize')")
    return dict(vocabulary)


def scope_word(what: str, value: str = "") -> str:
    """A word of the FTS5 ``scope`` column, which says what an entry is: the newest text of its
    entry (``latest``), only in older editions than its family's current one (``superseded``),
    its ``kind``, each ``document`` and family ``edition`` ("treachery.2") it appears in. Search
    filters by these inside FTS5, rather than looking up every match in the entries table."""
    return f"x{what}{re.sub(r'[^a-z0-9.-]', '', value.lower())}"


def _scope_words(group: dict) -> Iterator[str]:
    if group["latest"]:
        yield scope_word("latest")
    if group["latest"] and group["superseded"]:
        yield scope_word("superseded")
    yield scope_word("kind", group["kind"])
    for edition, document, _, _ in group["sources"]:
        yield scope_word("document", document)
        yield scope_word("edition", f"{group['family']}.{edition}")


def index_entries(db: sqlite_utils.Database) -> Iterator[dict]:
    """The searchable entries of every document, each with its family, edition and identity:
    every kind rulebook/kinds.py says search finds, read by its indexer below."""
    for kind in SEARCHED:
        yield from INDEXERS[kind](db)


def entry_words(entry: dict) -> set[str]:
    """The distinct folded, unstemmed words a judge could type to find this entry.

    The same words WORDS yields, found with one regular expression over the whole text rather
    than token by token: four times faster, and this runs over every entry at build time.
    """
    text = "\n".join(entry[field] for field in SPELLING_FIELDS if entry.get(field)).lower().translate(FOLDING)
    return {word for word in WORD_PATTERN.findall(text) if not is_stop_word(word)}


def _joined(*parts: str | None) -> str:
    return "\n".join(part for part in parts if part)


def _entry(row: dict, kind: str, identity: str, shown_title: str, shown: dict, named: dict, **searched) -> dict:
    """An entry of ``row``'s document: its family and edition, the words ``searched`` (name,
    title, text, context, number) and body, and the result it becomes (``shown``: its number,
    card or question; its page from what ``named`` it, as the kind's url wants it)."""
    return {
        "kind": kind,
        "family": row["family"],
        "edition": row["edition"],
        "document": row["slug"],
        "identity": identity,
        "result": {
            "kind": kind,
            "document": row["slug"],
            "version": row["version"],
            "number": None,
            "rule_title": None,
            "card": None,
            "question": None,
            "title": shown_title,
            "url": KINDS_BY_NAME[kind].url(row["slug"], named),
            **shown,
        },
        **searched,
    }


_DOCUMENT_COLUMNS = "d.slug, d.version, d.family, d.edition"


def _rules(db: sqlite_utils.Database) -> Iterator[dict]:
    """Rules of each edition's primary source, and of a second source only those the primary
    lacks: a second copy of an edition is not found twice."""
    for row in db.query(f"""
        select r.number, r.canonical, r.title, r.text, r.section, parent.title as parent_title,
               parent.text as parent_text, grandparent.title as grandparent_title,
               grandparent.text as grandparent_text,
               (select json_group_array(json_array(kind, text)) from
                   (select kind, text from rule_paragraphs where rule_id = r.id order by position)) as paragraphs,
               (select group_concat(section, char(10)) from
                   (select distinct cited.section from rule_references x join rules cited on cited.id = x.rule_id
                    where x.from_rule_id = r.id and cited.section is not r.section)) as cited_sections,
               {_DOCUMENT_COLUMNS}
        from rules r join documents d on d.id = r.document_id
        left join rules parent on parent.id = r.parent_id
        left join rules grandparent on grandparent.id = parent.parent_id
        where d.id = d.primary_id or not exists (
            select 1 from rules same where same.document_id = d.primary_id and same.canonical = r.canonical)"""):
        paragraphs = json.loads(row["paragraphs"])  # [kind, text] of each: examples, notes, translations
        own_paragraphs = _joined(*(text for _, text in paragraphs))
        if is_empty_heading(row["text"], own_paragraphs):
            continue  # found through its subrules, opened by its number
        text = _joined(row["text"], own_paragraphs)
        examples = any(kind == "example" for kind, _ in paragraphs)
        heading = rule_title(
            [(row[f"{rule}title"], row[f"{rule}text"]) for rule in ("", "parent_", "grandparent_")], row["section"]
        )
        yield _entry(
            row,
            "rule",
            row["canonical"],
            titled(row["number"], heading),
            {"number": row["number"], "rule_title": heading},
            {"number": row["number"]},
            number=row["canonical"],
            title=row["title"],
            text=text,
            # what the rule is about without saying it: its section and the rules above it ("810.4
            # Each team has a shared life total" is about Two-Headed Giant), and the sections of
            # the rules it cites ("See official rule 104.2c": ending the game)
            context=_joined(row["section"], row["grandparent_title"], row["parent_title"], row["cited_sections"]),
            body=_joined(row["title"] if not row["text"] else None, text),  # "Undercover", then its translations
            # what it says without its examples, if it has any (ranking.said_in_its_examples)
            said=_joined(row["text"], *(text for kind, text in paragraphs if kind != "example")) if examples else None,
        )


def _cards(db: sqlite_utils.Database) -> Iterator[dict]:
    for row in db.query(f"""
        select c.name as card, c.role, c.section, c.mana_cost, c.type_line, c.rules_text,
               c.no_notes_statement, t.abilities, {_DOCUMENT_COLUMNS}
        from cards c join documents d on d.id = c.document_id
        left join card_texts t on t.card_id = c.id"""):
        text = _joined(row["mana_cost"], row["type_line"], row["rules_text"])
        yield _entry(
            row,
            "card",
            fold(row["card"]),
            row["card"],
            {"card": row["card"]},
            {"name": row["card"]},
            name=row["card"],
            name_key=fold(row["card"]),
            text=text,
            context=_joined(row["role"], row["section"]),
            body=text or _joined(row["role"], row["abilities"], row["no_notes_statement"]),
            # an identity card's text, from the card data (db/card_texts.py), is shown but not searched:
            # its words are every Treachery question's ("unveil", "leader"), and searching them cost
            # the blind sets' fit half hit@5 0.880 -> 0.858
            meant=text or _joined(row["role"], row["no_notes_statement"]),
        )


def _numbered(row: dict, kind: str, owner: str, word: str, shown: dict, context: str | None = None) -> dict:
    """A numbered item of a card or mechanic ("The Oracle — note 9", "Impending — ruling 4"): a
    result of its own, its text the snippet. Its owner's name finds it too, as context (where a
    word weighs least): a note is about its card, it is not the card, so "martyr" ranks The Great
    Martyr above its notes and "game" does not bring up every note of Sadistic Shell Game."""
    return _entry(
        row,
        kind,
        f"{fold(owner)}#{row['position']}",
        f"{owner} — {word} {row['position']}",
        shown,
        {"owner": owner, "position": row["position"]},
        text=row["text"],
        owner=owner,
        context=_joined(owner, context),
        body=row["text"],
    )


def _card_notes(db: sqlite_utils.Database) -> Iterator[dict]:
    """Each card's notes, a note that several sets print word for word once: from the family of
    the newest set that printed it (its card page says where else it appeared)."""
    rows = list(
        db.query(f"""
        select n.position, n.group_heading, n.text, c.name as card, d.release_date, d.effective_date,
               {_DOCUMENT_COLUMNS}
        from card_notes n join cards c on c.id = n.card_id join documents d on d.id = n.document_id""")
    )
    newest: dict[tuple[str, str], dict] = {}
    for row in rows:
        key = (fold(row["card"]), comparable(row["text"]).casefold())
        if key not in newest or (document_date(row) or "") > (document_date(newest[key]) or ""):
            newest[key] = row
    for row in rows:
        if newest[(fold(row["card"]), comparable(row["text"]).casefold())]["family"] == row["family"]:
            yield _numbered(row, "card_note", row["card"], "note", {"card": row["card"]}, context=row["group_heading"])


def _labelled(db: sqlite_utils.Database, table: str, kind: str, label_as: str, shown: str | None = None):
    """Entries named by their table's label column (a FAQ question, a glossary term, a mechanic's
    name), their text the table's other text columns, both as db/tables.py declares them.
    ``label_as`` is the searched field the label goes in; ``shown`` the result field showing it."""
    declared = TABLES[table]
    label = declared.label_column
    texts = [column for column in declared.text_columns if column != label]
    columns = ", ".join(f"t.{column}" for column in (label, *texts))
    for row in db.query(
        f"select {columns}, {_DOCUMENT_COLUMNS} from {table} t join documents d on d.id = t.document_id"
    ):
        text = _joined(*(row[column] for column in texts))
        yield _entry(
            row,
            kind,
            fold(row[label]),
            row[label],
            {shown: row[label]} if shown else {},
            {label: row[label]},
            **{label_as: row[label]},
            text=text,
            body=text,
        )


def _faq(db: sqlite_utils.Database) -> Iterator[dict]:
    return _labelled(db, "faq", "faq", label_as="title", shown="question")


def _glossary(db: sqlite_utils.Database) -> Iterator[dict]:
    """A glossary entry, looked up by its folded term as a card by its name (queries/search/named.py:
    "sacrifice" is a term before it is a card)."""
    for entry in _labelled(db, "glossary", "glossary", label_as="name"):
        yield {**entry, "name_key": entry["identity"]}


def _mechanics(db: sqlite_utils.Database) -> Iterator[dict]:
    """A mechanic's introduction; each of its rulings is an entry of its own (_mechanic_rulings)."""
    return _labelled(db, "mechanics", "mechanic", label_as="name")


def _mechanic_rulings(db: sqlite_utils.Database) -> Iterator[dict]:
    for row in db.query(f"""
        select m.id, m.name, x.position, x.text, {_DOCUMENT_COLUMNS}
        from mechanic_rulings x join mechanics m on m.id = x.mechanic_id join documents d on d.id = m.document_id"""):
        yield _numbered(row, "mechanic_ruling", row["name"], "ruling", {})


# How each kind search finds is read out of the database (every kind rulebook/kinds.py marks searched).
INDEXERS = {
    "rule": _rules,
    "card": _cards,
    "card_note": _card_notes,
    "faq": _faq,
    "glossary": _glossary,
    "mechanic": _mechanics,
    "mechanic_ruling": _mechanic_rulings,
}
if set(INDEXERS) != set(SEARCHED):
    raise KindError(
        f"db/search_index.py indexes {sorted(INDEXERS)}, but rulebook/kinds.py searches {sorted(SEARCHED)}."
    )
