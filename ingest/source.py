"""Read a source document's bytes into numbered lines, or say clearly why it can't be read.

Official rules files come as UTF-8 with or without a BOM, sometimes as cp1252, with CRLF,
LF or bare CR line ends, sometimes with mojibake (UTF-8 once read as cp1252). Everything
downstream sees repaired ``str`` lines numbered from 1.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cleaning import repair_mojibake


class SourceError(Exception):
    """A problem with a source document, worded for the person who gave us the file."""

    def __init__(self, source: str, message: str, line: int | None = None):
        self.source = source
        self.line = line
        self.message = message
        where = f"{source}, line {line}" if line else source
        super().__init__(f"{where}: {message}")


@dataclass
class SourceText:
    name: str  # the file name, used in messages and provenance
    lines: list[str]  # lines[0] is line 1

    def numbered(self):
        """(line number, text) for every line."""
        return enumerate(self.lines, start=1)


def _line_of_offset(data: bytes, offset: int) -> int:
    return data.count(b"\n", 0, offset) + data.count(b"\r", 0, offset) - data.count(b"\r\n", 0, offset) + 1


def _utf16_text(data: bytes, name: str) -> str | None:
    """UTF-16 text (Windows "Unicode" text files), told by its byte-order mark or, without one,
    by every other byte being zero; None if the bytes are not UTF-16."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        encoding = "utf-16"
    else:
        sample = data[:4096]
        if len(sample) < 4 or len(sample) % 2:
            return None
        if sample[1::2].count(0) > 0.9 * (len(sample) // 2) and 0 not in sample[0::2]:
            encoding = "utf-16-le"
        elif sample[0::2].count(0) > 0.9 * (len(sample) // 2) and 0 not in sample[1::2]:
            encoding = "utf-16-be"
        else:
            return None
    try:
        return data.decode(encoding)
    except UnicodeDecodeError:
        raise SourceError(name, "this UTF-16 text file is damaged (it ends or breaks mid-character).") from None


def decode(data: bytes, name: str) -> SourceText:
    """Decode a document's bytes: UTF-16 (with or without its mark), UTF-8 (BOM optional), else
    cp1252; reject empty and binary files."""
    utf16 = _utf16_text(data, name)
    if utf16 is not None:
        data = utf16.lstrip("\ufeff").encode("utf-8")
    if not data.strip():
        raise SourceError(name, "the file is empty; there is nothing to read in it.")
    if b"\x00" in data:
        raise SourceError(
            name,
            "this is not a text file (it contains binary data). Give a rules document as .txt or .md, or card data as .json.",
            _line_of_offset(data, data.index(b"\x00")),
        )
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        if error.reason == "unexpected end of data":
            raise SourceError(
                name,
                "the file ends in the middle of a character: it looks truncated. Copy it again.",
                _line_of_offset(data, error.start),
            ) from None
        try:
            text = data.decode("cp1252")
        except UnicodeDecodeError:
            raise SourceError(
                name,
                "this file is neither UTF-8 nor Windows-1252 text.",
                _line_of_offset(data, error.start),
            ) from None
    controls = [c for c in text[:4096] if ord(c) < 32 and c not in "\t\n\r\f"]
    if len(controls) > 8:
        raise SourceError(name, "this does not look like a text document (too many control characters).")
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    if not text.lstrip().startswith(("{", "[")):  # JSON's quotes are syntax: its parser repairs values
        text = repair_mojibake(text)
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return SourceText(name, lines)
