"""Every table of rulebook.db, declared once: its columns (type and meaning), the row it belongs
to, its label, the text that may cite rules or name cards, its full-text index and indexes.

The schema (db/schema.py), reference and mention linking (db/links.py), Datasette's metadata
(rulebook/web/metadata.py) and the pages all read these declarations; a new table or column is
added here and nowhere else.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Table:
    name: str
    description: str
    # name -> (type, what it means to a judge; None when the name says it all)
    columns: dict[str, tuple[type, str | None]]
    foreign_keys: tuple[tuple[str, str, str], ...] = ()
    # (kind, column): the rule or card a row belongs to, e.g. ("card", "card_id") for a card note
    owner: tuple[str, str] | None = None
    label_column: str | None = None
    text_columns: tuple[str, ...] = ()  # searched for rule citations (and rendered with links)
    mention_column: str | None = None  # searched for card names of the same document
    fts: tuple[str, ...] = ()  # FTS5 columns
    indexes: tuple[tuple[str, ...], ...] = ()
    facets: tuple[str, ...] = ()
    sortable_columns: tuple[str, ...] = ()
    # how a page names one row of a table that holds no kind of entry (rulebook/kinds.py names those)
    kind_label: str | None = None
    # search's own table (db/search_index.py creates and fills it with the search tables): not
    # created with the judges' tables, hidden from Datasette's list
    search: bool = field(default=False)

    @property
    def types(self) -> dict[str, type]:
        return {name: kind for name, (kind, _) in self.columns.items()}

    def owner_column(self, kind: str) -> str | None:
        """The column naming the ``kind`` ("rule" or "card") this row belongs to, if any."""
        return self.owner[1] if self.owner and self.owner[0] == kind else None

    @property
    def row_kind(self) -> str:
        return self.kind_label or self.name.rstrip("s").replace("_", " ")


ID = {"id": (int, None)}
DOCUMENT = {"document_id": (int, "The source document this row belongs to.")}
LINES = {
    "line_start": (int, "First line of the source document this row was read from."),
    "line_end": (int, "Last line of the source document this row was read from."),
}
IN_DOCUMENT = (("document_id", "documents", "id"),)
POSITION = {"position": (int, "Order of the row in its document.")}

_DECLARED = [
    Table(
        "documents",
        "The source documents the knowledge base was built from, one row each, with the family "
        "and edition each belongs to.",
        {
            **ID,
            "slug": (str, "Stable name used in URLs, e.g. treachery-6.0."),
            "title": (str, None),
            "kind": (str, "treachery rules, comprehensive rules or release notes."),
            "version": (str, "The version the document gives itself."),
            "effective_date": (
                str,
                "The date the document takes effect (yyyy-mm-dd); for release notes, the date the document "
                "was last modified.",
            ),
            "set_name": (str, "Release notes: the set they are about (Kaladesh)."),
            "release_date": (str, "Release notes: the set's official release date (yyyy-mm-dd), where given."),
            "source_file": (str, "File the document was read from."),
            "sha256": (str, "Checksum of the source file, to tell which text was loaded."),
            "line_count": (int, "Number of lines in the source file."),
            "is_excerpt": (int, "1 for a document that holds only part of an edition (a bare list of rules)."),
            "family": (
                str,
                "The body of rules this document is an edition of: treachery, comprehensive-rules, or "
                "one set's release notes.",
            ),
            "edition": (
                int,
                "Order of the edition in its family, 1 = oldest; 0 for an undated excerpt that matches no "
                "loaded edition (kept out of the family's history).",
            ),
            "is_current": (int, "1 for the newest edition of its family."),
            "primary_id": (
                int,
                "The source whose rules are shown for this edition (two files of one edition share one).",
            ),
        },
        foreign_keys=(("primary_id", "documents", "id"),),
        label_column="slug",
        facets=("kind", "family"),
    ),
    Table(
        "versions",
        "The version history tables printed in the documents.",
        {
            **ID,
            **DOCUMENT,
            "version": (str, None),
            "changes": (str, "What the document says changed."),
            "release_date": (str, None),
            **LINES,
        },
        IN_DOCUMENT,
        facets=("document_id",),
    ),
    Table(
        "headings",
        "Chapters, parts (9. Casual Variants) and sections (907. Treachery) of each document.",
        {
            **ID,
            **DOCUMENT,
            **POSITION,
            "level": (str, "chapter, part or section."),
            "number": (str, None),
            "title": (str, None),
            "label": (str, None),
            **LINES,
        },
        IN_DOCUMENT,
        label_column="label",
        indexes=(("document_id", "level", "number"),),
        facets=("document_id", "level"),
    ),
    Table(
        "rules",
        "Every numbered rule and subrule as printed (907.8b, 702.TR02a, 702.TrUnv-3). "
        "Rule numbers in the text link to the rule they cite.",
        {
            **ID,
            **DOCUMENT,
            "number": (
                str,
                "The rule number exactly as printed; the second rule printed with one number (a publisher's slip) "
                "is 702.30d~2.",
            ),
            "canonical": (str, "The number case-folded, as lookups match it."),
            "parent_id": (int, "The rule this subrule belongs to."),
            "parent_number": (str, None),
            "is_subrule": (int, "1 for a lettered subrule (907.8b), 0 for a rule (907.8)."),
            "sort_key": (str, "Orders numbers as the documents do: 372.9 before 372.10."),
            "position": (int, "Order of the rule in its document."),
            "part": (str, "The part of the document, e.g. 9. Casual Variants."),
            "section": (str, "The section, e.g. 907. Treachery."),
            "title": (str, "The rule's title, when it has one (Unveil, Undercover)."),
            "text": (str, None),
            **LINES,
        },
        (*IN_DOCUMENT, ("parent_id", "rules", "id")),
        owner=("rule", "id"),
        label_column="number",
        text_columns=("title", "text"),
        fts=("number", "title", "text"),
        indexes=(("document_id", "canonical"), ("document_id", "sort_key"), ("parent_id",), ("canonical",)),
        facets=("document_id", "section", "is_subrule"),
        sortable_columns=("number", "sort_key", "position", "section", "line_start"),
    ),
    Table(
        "rule_paragraphs",
        "Unnumbered paragraphs printed with a rule: notes, examples and translations.",
        {
            **ID,
            "rule_id": (int, "The rule this paragraph belongs to."),
            **DOCUMENT,
            **POSITION,
            "kind": (str, "note, example or translation."),
            "text": (str, None),
            **LINES,
        },
        (("rule_id", "rules", "id"), *IN_DOCUMENT),
        owner=("rule", "rule_id"),
        text_columns=("text",),
        fts=("text",),
        indexes=(("rule_id",),),
        facets=("document_id", "kind"),
    ),
    Table(
        "glossary",
        "Glossary entries, including Reminder entries quoting an official rule.",
        {
            **ID,
            **DOCUMENT,
            **POSITION,
            "term": (str, None),
            "text": (str, None),
            "quotes_rule": (str, "The official rule a Reminder entry quotes."),
            "quoted_rule_id": (int, "That rule (or the nearest rule above it) in the comprehensive rules."),
            **LINES,
        },
        (*IN_DOCUMENT, ("quoted_rule_id", "rules", "id")),
        label_column="term",
        text_columns=("text",),
        fts=("term", "text"),
        facets=("document_id",),
    ),
    Table(
        "faq",
        "Frequently asked questions and their answers.",
        {**ID, **DOCUMENT, **POSITION, "question": (str, None), "answer": (str, None), **LINES},
        IN_DOCUMENT,
        label_column="question",
        text_columns=("question", "answer"),
        mention_column="answer",
        fts=("question", "answer"),
        facets=("document_id",),
    ),
    Table(
        "passages",
        "Prose that belongs to no rule: introductions, prefaces, credits.",
        {**ID, **DOCUMENT, **POSITION, "heading": (str, None), "text": (str, None), **LINES},
        IN_DOCUMENT,
        label_column="heading",
        text_columns=("text",),
        fts=("heading", "text"),
        facets=("document_id", "heading"),
    ),
    Table(
        "cards",
        "Treachery identity cards with their role, and the cards of a set's release notes.",
        {
            **ID,
            **DOCUMENT,
            **POSITION,
            "name": (str, None),
            "kind": (str, "identity (a Treachery identity card) or card (a set's card)."),
            "role": (str, "Leader, Guardian, Assassin or Traitor, for identity cards."),
            "section": (str, "The release-notes section the card is listed in."),
            "mana_cost": (str, "Mana cost written with braces: {2}{U}."),
            "type_line": (str, None),
            "power": (str, None),
            "toughness": (str, None),
            "loyalty": (str, None),
            "rules_text": (str, None),
            "no_notes_statement": (str, "What the document says when a card has no notes."),
            "note_count": (int, "How many notes the card has."),
            **LINES,
        },
        IN_DOCUMENT,
        owner=("card", "id"),
        label_column="name",
        text_columns=("rules_text",),
        fts=("name", "type_line", "rules_text"),
        indexes=(("name",), ("document_id", "role")),
        facets=("document_id", "kind", "role", "section"),
        sortable_columns=("name", "position", "role", "section", "note_count"),
    ),
    Table(
        "card_notes",
        "The rulings printed for each card, in order, with the heading of their group.",
        {
            **ID,
            "card_id": (int, "The card this note is about."),
            **DOCUMENT,
            "position": (int, "Order of the note under its card."),
            "group_heading": (str, "The heading the note is printed under."),
            "text": (str, None),
            **LINES,
        },
        (("card_id", "cards", "id"), *IN_DOCUMENT),
        owner=("card", "card_id"),
        text_columns=("text",),
        mention_column="text",
        fts=("text",),
        indexes=(("card_id",),),
        facets=("document_id", "group_heading"),
        sortable_columns=("card_id", "position", "line_start"),
    ),
    Table(
        "card_texts",
        "Identity cards as printed (mtgtreachery.net's card data): cost, unveil cost, type line and "
        "abilities, shown on the card's page beside its notes and in the card's search result (but not "
        "searched: their words are in every Treachery question).",
        {
            **ID,
            **DOCUMENT,
            **POSITION,
            "name": (str, None),
            "role": (str, "Leader, Guardian, Assassin or Traitor."),
            "type_line": (str, None),
            "mana_cost": (str, "Mana cost written with braces (identity cards have none)."),
            "unveil_cost": (str, "What it costs to turn the card face up: {3}, or in words (Pay 8 life)."),
            "abilities": (str, "The card's abilities, one per line."),
            "flavor": (str, None),
            "rarity": (str, None),
            "artist": (str, None),
            "source_url": (str, "The card's page at its publisher."),
            "no_rulings_statement": (str, "What the data says when a card has no rulings."),
            "card_id": (int, "The identity card of the current Treachery rules with this name."),
            **LINES,
        },
        (*IN_DOCUMENT, ("card_id", "cards", "id")),
        label_column="name",
        text_columns=("abilities",),
        fts=("name", "type_line", "abilities"),
        indexes=(("name",),),
        facets=("document_id", "role", "rarity"),
        sortable_columns=("name", "position", "role"),
    ),
    Table(
        "card_text_rulings",
        "The rulings the card data gives for each identity card, in order.",
        {
            **ID,
            "card_text_id": (int, "The card text the ruling is about."),
            **DOCUMENT,
            **POSITION,
            "group_heading": (str, "The heading the ruling is printed under."),
            "text": (str, None),
            **LINES,
        },
        (("card_text_id", "card_texts", "id"), *IN_DOCUMENT),
        text_columns=("text",),
        fts=("text",),
        indexes=(("card_text_id",),),
        facets=("document_id",),
        kind_label="card ruling",
    ),
    Table(
        "mechanics",
        "The general sections of release notes: new and returning mechanics.",
        {**ID, **DOCUMENT, **POSITION, "name": (str, None), "body": (str, None), **LINES},
        IN_DOCUMENT,
        label_column="name",
        text_columns=("body",),
        mention_column="body",
        fts=("name", "body"),
        facets=("document_id",),
    ),
    Table(
        "mechanic_examples",
        "Example cards printed in a mechanic's section.",
        {
            **ID,
            "mechanic_id": (int, "The mechanic the example illustrates."),
            **DOCUMENT,
            **POSITION,
            "name": (str, None),
            "mana_cost": (str, None),
            "type_line": (str, None),
            "power": (str, None),
            "toughness": (str, None),
            "loyalty": (str, None),
            "rules_text": (str, None),
            "card_id": (int, "The same card in the card list."),
            **LINES,
        },
        (("mechanic_id", "mechanics", "id"), *IN_DOCUMENT, ("card_id", "cards", "id")),
        label_column="name",
        facets=("mechanic_id",),
    ),
    Table(
        "mechanic_rulings",
        "The rulings of a mechanic's section.",
        {
            **ID,
            "mechanic_id": (int, "The mechanic the ruling is about."),
            **DOCUMENT,
            **POSITION,
            "group_heading": (str, "The heading the ruling is printed under, inside its mechanic's section."),
            "text": (str, None),
            **LINES,
        },
        (("mechanic_id", "mechanics", "id"), *IN_DOCUMENT),
        text_columns=("text",),
        mention_column="text",
        fts=("text",),
        facets=("mechanic_id",),
    ),
    Table(
        "rule_references",
        "Every rule number cited by a text, and the rule it resolves to.",
        {
            **ID,
            **DOCUMENT,
            "source_table": (str, "The table holding the citing text."),
            "source_id": (int, "The row holding the citing text."),
            "from_rule_id": (int, "The rule the citing text belongs to."),
            "from_card_id": (int, "The card the citing text belongs to."),
            "cited_as": (str, "The number as written in the text."),
            "target": (str, "self (the citing document) or comprehensive (the official rules)."),
            "target_document_id": (
                int,
                "The document the citation points at: for the official rules, the "
                "edition in force on the citing document's date.",
            ),
            "rule_id": (int, "The rule it resolves to."),
            "resolution": (str, "exact, ancestor (the nearest existing parent), section or unresolved."),
            "notice": (str, "Why the citation points where it does, when that is not the obvious place."),
        },
        (
            *IN_DOCUMENT,
            ("from_rule_id", "rules", "id"),
            ("from_card_id", "cards", "id"),
            ("target_document_id", "documents", "id"),
            ("rule_id", "rules", "id"),
        ),
        indexes=(("rule_id",), ("source_table", "source_id"), ("from_rule_id",), ("from_card_id",)),
        facets=("document_id", "source_table", "target", "resolution"),
    ),
    Table(
        "card_mentions",
        "Cards named by a note or ruling.",
        {
            **ID,
            **DOCUMENT,
            "source_table": (str, "The table holding the text that names the card."),
            "source_id": (int, "The row holding that text."),
            "from_card_id": (int, "The card whose note names the card."),
            "card_name": (str, "The name as written."),
            "card_id": (int, "The named card, when the knowledge base has it."),
            "how": (str, "link (the document linked it) or name (a card name found in release notes)."),
        },
        (*IN_DOCUMENT, ("from_card_id", "cards", "id"), ("card_id", "cards", "id")),
        indexes=(("card_id",), ("card_name",), ("source_table", "source_id")),
        facets=("document_id", "source_table", "how"),
    ),
    Table(
        "lineage",
        "Each rule of an edition matched to the previous edition of its family: unchanged, changed, "
        "renumbered (matched by text), added or removed. Rule history and compare pages read it.",
        {
            **ID,
            "family": (str, "The family both editions belong to."),
            **DOCUMENT,
            "rule_id": (int, "The rule in this edition (empty when it was removed)."),
            "number": (str, "Its number in this edition (the old number when removed)."),
            "previous_document_id": (int, "The previous edition of the family."),
            "previous_rule_id": (int, "The rule it continues in the previous edition."),
            "previous_number": (str, "Its number in the previous edition."),
            "status": (str, "added, unchanged, changed, renumbered or removed."),
            "similarity": (float, "How alike the two texts are, 0-100 (renumbered and changed rules)."),
            "text_change": (
                str,
                "How the text changed from the previous edition: none, typography (dashes, quotes, spaces only) "
                "or wording.",
            ),
        },
        (
            *IN_DOCUMENT,
            ("rule_id", "rules", "id"),
            ("previous_document_id", "documents", "id"),
            ("previous_rule_id", "rules", "id"),
        ),
        label_column="number",
        indexes=(("rule_id",), ("previous_rule_id",), ("document_id", "status")),
        facets=("family", "document_id", "status", "text_change"),
        sortable_columns=("number", "status", "similarity"),
    ),
    Table(
        "kinds",
        "The kinds of entry a judge looks up (rulebook/kinds.py): the one name search, the API and the "
        "canned queries call each by, what a page calls one, and its table.",
        {
            **ID,
            "name": (str, "The kind's one spelling: card_note, faq, mechanic_ruling."),
            "label": (str, "What a page calls one: card note, FAQ, mechanic ruling."),
            "plural": (str, None),
            "table_name": (str, "The table of its rows."),
            "owner": (str, "The kind it is shown with: a card note's card."),
            "searched": (int, "1 when search finds it."),
        },
        label_column="label",
    ),
    Table(
        "source_lines",
        "Every non-blank line of every source document, and the row that holds it or why it was skipped.",
        {
            **ID,
            **DOCUMENT,
            "line": (int, None),
            "text": (str, None),
            "used_by": (str, "The table that holds the line, or skipped."),
            "record": (str, "Which record, or why it was skipped."),
        },
        IN_DOCUMENT,
        indexes=(("document_id", "line"),),
        facets=("document_id", "used_by"),
    ),
]

_DECLARED.append(
    Table(
        "search_entries",
        "One entry per thing a judge lands on from search (a rule with its examples, a card, a note, a FAQ "
        "entry, a glossary entry, a mechanic, a ruling), its text stored once for every edition that prints it "
        "the same (db/search_index.py).",
        {
            **ID,
            "kind": (str, "rule, card, card_note, faq, glossary, mechanic or mechanic_ruling."),
            "family": (str, "The document family (db/families.py)."),
            "identity": (str, "What stays the same across editions: a rule's number, a card's name."),
            "name": (str, "The card, glossary term or mechanic the entry is (not a note about it)."),
            "name_key": (str, "A card's or glossary term's folded name, for exact-name lookups."),
            "owner": (str, "What the entry is or is about: its card, glossary term or mechanic."),
            "number": (str, "The canonical rule number."),
            "latest": (int, "1: this text is the one of the newest edition that has the entry."),
            "superseded": (int, "1: the newest edition with the entry is not its family's current one."),
            "body": (str, "The text a snippet is cut from."),
            "words": (str, "Name, title, body and context as indexed: which words an entry has, side by side."),
            "said_words": (
                str,
                "A rule with examples: its words as indexed without them (name, title, what it says, context).",
            ),
        },
        indexes=(("name_key",), ("number",)),
        search=True,
    )
)

TABLES: dict[str, Table] = {table.name: table for table in _DECLARED}

# Full-text search (FTS5, porter stemming, accents folded) on every table of text.
TOKENIZER = "porter unicode61 remove_diacritics 2"


def searchable() -> dict[str, tuple[str, ...]]:
    """Tables with a full-text index, and its columns."""
    return {table.name: table.fts for table in _DECLARED if table.fts}


def citing_tables() -> list[Table]:
    """Tables whose text may cite rules, in the order references are linked."""
    return [table for table in _DECLARED if table.text_columns]


def mentioning_tables() -> list[Table]:
    """Tables whose text may name a card of its own document: a card's own notes first."""
    return sorted((table for table in _DECLARED if table.mention_column), key=lambda table: table.owner is None)
