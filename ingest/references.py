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

from .numbers import NUMBER, RuleNumber

SELF = "self"
COMPREHENSIVE = "comprehensive"

# the end of a range the rules cite (after an en dash, or a hyphen as older editions print it), which
# is a rule too: "601.2f–h" and "601.2f-h" (601.2h), "119.9–10" (119.10); "903.6–903.11" cites both whole
_END = r"(?:\d{1,3}|[a-z])(?![\w-]|\.\d)"
_CITATION = re.compile(
    rf"(?<![\w.])(?P<number>{NUMBER})(?!\w|-(?!{_END}|{NUMBER}))"
    r"|(?<=\b(?:rule|Rule|RULE) )(?P<section>\d{3})(?![\w.]|\.\d)"
    r"|(?<=\brules )(?P<section_plural>\d{3})(?![\w.]|\.\d)"
)
_RANGE_END = re.compile(rf"[–-](?P<end>{_END})")
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
        end = _RANGE_END.match(text, match.end()) if match.group("number") else None
        last = range_end(number, end["end"]) if end else None
        if last:
            found.append(Citation(last, target, end.start("end"), end.end("end")))
    return found


def range_end(first: str, end: str) -> str | None:
    """The rule a range starting at ``first`` ends at: a later letter after a subrule's one letter
    ("601.2f–h": 601.2h), a later number after a numbered rule ("119.9–10": 119.10); None for
    anything else ("702.TR01–02", "119.10–9", "601.2f–c")."""
    parsed = RuleNumber.parse(first)
    if parsed is None:
        return None
    if end.isdigit() and not parsed.sub and parsed.rule.isdigit() and int(end) > int(parsed.rule):
        return f"{parsed.section}.{end}"
    if end.isalpha() and len(parsed.sub) == 1 and end > parsed.sub:
        return f"{parsed.section}.{parsed.rule}{end}"
    return None
