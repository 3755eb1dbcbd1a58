"""How the JSON API's answers are declared: once, as pydantic models with a description on every
field, next to the code that builds each answer (as Datasette 1.0 declares its page contexts).

The OpenAPI document's schemas (rulebook/web/openapi.py) and the field tables of docs/api.md are
generated from these declarations, and the tests hold the real answers to them. A row of a table
is declared from its table's declaration (db/tables.py): its columns' types and meanings are
written there once, and ``stored`` makes the model.

Two bases: ``Declared`` is a shape whose every field is declared (nothing else may be sent);
``PageAnswer`` is a page's JSON twin, whose rows also carry their ids: those are not part of the
contract, and a client should not rely on them.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, WithJsonSchema, create_model

from rulebook.db.tables import TABLES
from rulebook.ingest.records import may_be_missing, record_classes


class Declared(BaseModel):
    """A shape whose every field is declared: an answer with any other field breaks its contract."""

    model_config = ConfigDict(extra="forbid")


class PageAnswer(BaseModel):
    """A page's JSON twin, or a row in it: every declared field is sent; its rows' ids (id,
    document_id) may be there too, and are not part of the contract (tests/test_api.py checks
    that nothing else is sent undeclared)."""

    model_config = ConfigDict(extra="allow")


Url = Annotated[str, WithJsonSchema({"type": "string", "format": "uri-reference"})]
"""A link on this site (/rules/treachery-6.0/907.8b), relative to its base URL."""


class InEdition(Declared):
    """Something as one edition of a document's family has it: which edition that is."""

    document: str = Field(description="The edition's slug.")
    version: str | None = Field(description="Its version, or null.")
    effective_date: str | None = Field(description="Its effective date, or null.")


_MADE_FROM = record_classes()
_NULL = " Null when there is none."


def column_fields(table: str, *names: str, nullable: tuple[str, ...] = ()) -> dict[str, Any]:
    """The fields of a table's columns ``names`` (every column but row ids when none are named),
    as db/tables.py declares them: their type and meaning. A column may be null when the parser's
    record lets its field be None (ingest/records.py), or when named in ``nullable`` (values the
    build works out, like a rule's parent)."""
    declared = TABLES[table].columns
    record = _MADE_FROM.get(table)
    names = names or tuple(name for name in declared if name != "id" and not name.endswith("_id"))
    fields = {}
    for name in names:
        kind, meaning = declared[name]
        may_be_null = name in nullable or (record is not None and may_be_missing(record, name))
        description = (meaning or f"Its {name.replace('_', ' ')}.") + (_NULL if may_be_null else "")
        fields[name] = (kind | None if may_be_null else kind, Field(description=description))
    return fields


def stored(
    model: str,
    doc: str,
    table: str,
    *names: str,
    nullable: tuple[str, ...] = (),
    base: type[BaseModel] = Declared,
    **more: Any,
) -> type[BaseModel]:
    """A model named ``model`` for a row of ``table``: its columns (see ``column_fields``) and
    ``more`` fields, each ``(type, Field(description=...))``."""
    return create_model(
        model,
        __base__=base,
        __doc__=doc,
        __module__=__name__,
        **column_fields(table, *names, nullable=nullable),
        **more,
    )


# Shapes several answers share

Document = stored("Document", "A source document.", "documents", base=PageAnswer)


class Reference(Declared):
    """A rule number a text cites, resolved by the build."""

    cited_as: str = Field(description="The number as the text wrote it: 104.3g.")
    target: str = Field(description="Which rules it points at: the citing document or the official rules.")
    resolution: str = Field(description="exact, ancestor, section or unresolved.")
    notice: str | None = Field(
        description="What a reader should know about how it was resolved (a number printed twice, a rule "
        "the loaded text lacks), or null."
    )
    document: str | None = Field(description="The slug of the document it resolved to, or null.")
    number: str | None = Field(description="The rule it resolved to, or null when unresolved.")
    url: Url | None = Field(description="The rule's page, or null when unresolved.")


# Examples of the shared shapes, as the bundled documents give them (for the API's examples)

DOCUMENT_EXAMPLE = {
    "slug": "treachery-6.0",
    "title": "Treachery Comprehensive Rules",
    "kind": "treachery rules",
    "version": "6.0",
    "effective_date": "2026-05-04",
    "set_name": None,
    "release_date": None,
    "source_file": "treachery-rules-6.0.txt",
    "sha256": "70ba396b30d4b45230a0f1cb5a06347880c3ebd98189c6fce06e1174c533d221",
    "line_count": 865,
    "is_excerpt": 0,
    "family": "treachery",
    "edition": 2,
    "is_current": 1,
}
DUSKMOURN_EXAMPLE = {
    **DOCUMENT_EXAMPLE,
    "slug": "duskmourn-release-notes",
    "title": "Duskmourn: House of Horror Release Notes",
    "kind": "release notes",
    "version": None,
    "effective_date": "2024-09-16",
    "set_name": "Duskmourn: House of Horror",
    "source_file": "duskmourn-release-notes.md",
    "sha256": "e4538cb49da0b1a1d846f5fdc4e72dffed17f4e3aad250a26ad6109453286211",
    "line_count": 2520,
    "family": "duskmourn-release-notes",
    "edition": 1,
}
