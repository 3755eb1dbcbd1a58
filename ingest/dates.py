"""Dates as documents print them ("May 4th 2026", "June18, 2021") turned into ISO yyyy-mm-dd."""

from __future__ import annotations

import re

_MONTHS = {
    name: number
    for number, names in enumerate(
        [
            ("january", "jan"),
            ("february", "feb"),
            ("march", "mar"),
            ("april", "apr"),
            ("may",),
            ("june", "jun"),
            ("july", "jul"),
            ("august", "aug"),
            ("september", "sep", "sept"),
            ("october", "oct"),
            ("november", "nov"),
            ("december", "dec"),
        ],
        start=1,
    )
    for name in names
}
_WRITTEN = re.compile(r"\b(?P<month>[A-Za-z]{3,9})\.?\s*(?P<day>\d{1,2})(?:st|nd|rd|th)?,?\s+(?P<year>\d{4})\b")
_ISO = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")


def find_date(text: str) -> str | None:
    """The first date written in ``text``, as yyyy-mm-dd; None when there is none."""
    for match in _WRITTEN.finditer(text):
        month = _MONTHS.get(match["month"].lower())
        if month:
            return f"{int(match['year']):04d}-{month:02d}-{int(match['day']):02d}"
    iso = _ISO.search(text)
    return iso.group(0) if iso else None
