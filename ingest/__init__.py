"""Turn source documents into plain records: one parser per format, picked by content.

``read_document(path)`` is the one entry point the build uses: it decodes the file, tells what
format it is in (ingest/formats.py), parses it, proves every line was accounted for and that the document
is complete.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .accounting import LineUse, account_lines
from .completeness import check_complete
from .formats import FORMATS, recognise
from .records import ParsedDocument
from .source import SourceError, SourceText, decode


def detect_kind(source: SourceText) -> str:
    """Tell a document's format from what it says, not from its file name (ingest/formats.py)."""
    found = recognise(source)
    if found is None:
        raise SourceError(
            source.name,
            "cannot tell what kind of document this is: it is none of these: "
            + ", ".join(declared.described for declared in FORMATS.values())
            + ".",
        )
    return found.name


@dataclass
class Document:
    """A parsed source file with its provenance and line accounting."""

    path: Path
    data: bytes
    source: SourceText
    parsed: ParsedDocument
    line_uses: list[LineUse]


def read_document(path: Path) -> Document:
    """Decode, detect, parse and account for one file; raise SourceError naming the file and line."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except OSError as error:
        raise SourceError(str(path), f"cannot read the file ({error.strerror}).") from None
    source = decode(data, path.name)
    parsed = FORMATS[detect_kind(source)].parse(source)
    line_uses = account_lines(parsed, source)
    check_complete(source, parsed, line_uses)
    return Document(path, data, source, parsed, line_uses)


__all__ = ["Document", "SourceError", "detect_kind", "read_document"]
