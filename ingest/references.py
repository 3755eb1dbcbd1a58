"""Find the rule numbers a text cites, and which document each one points at.

The wording decides the target: "official rule 508.6", "See official rule 806" and "rule 108.5
in the official CR" point at the comprehensive rules; "our rule 907.2c" and a bare number point
at the document the text is in (for release notes and the comprehensive rules themselves, a
bare number means the comprehensive rules). The same function finds references for the
database and turns them into links when a page is rendered.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .numbers import NUMBER

SELF = "self"
COMPREHENSIVE = "comprehensive"

_CITATION = re.compile(
    rf"(?<![\w.])(?P<number>{NUMBER})(?![\w-])"
    r"|(?<=\b(?:rule|Rule|RULE) )(?P<section>\d{3})(?![\w.]|\.\d)"
    r"|(?<=\brules )(?P<section_plural>\d{3})(?![\w.]|\.\d)"
)
_OFFICIAL_BEFORE = re.compile(r"(?:\bofficial\s+(?:CR\s+|comprehensive\s+rules?\s+)?rules?|\bCR)\s*$", re.IGNORECASE)
_OURS_BEFORE = re.compile(r"\bour\s+rules?\s*$", re.IGNORECASE)
_OFFICIAL_AFTER = re.compile(r"^\s*(?:in|of|from)\s+the\s+official\b", re.IGNORECASE)


@dataclass(frozen=True)
class Citation:
    number: str  # as written: "702.TR01c", "806"
    target: str  # SELF or COMPREHENSIVE
    start: int
    end: int


def find_citations(text: str, bare_target: str = SELF) -> list[Citation]:
    """Every rule number in ``text`` with the document it points at, in order of appearance."""
    found = []
    for match in _CITATION.finditer(text or ""):
        number = match.group("number") or match.group("section") or match.group("section_plural")
        before = text[max(0, match.start() - 40) : match.start()]
        after = text[match.end() : match.end() + 30]
        if _OURS_BEFORE.search(before):
            target = SELF
        elif _OFFICIAL_BEFORE.search(before) or _OFFICIAL_AFTER.search(after):
            target = COMPREHENSIVE
        else:
            target = bare_target
        found.append(Citation(number, target, match.start(), match.end()))
    return found
