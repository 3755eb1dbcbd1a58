"""The grammar of rule numbers, old and new: 109.1, 372.3a, 109.2tr, 702.TR01c, 702.TrUnv-3a.

One place knows how a number is built, so parsing, parents, sorting, references and
search all agree on it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# A rule inside a three-digit section: digits (372.10), "TR" and digits (702.TR01) or the
# 2017 style "Tr" + a name + "-" + digits (702.TrUnv-3, 701.TrRea-01); then subrule letters.
RULE_ID = r"(?:\d+|TR\d+|Tr[A-Za-z]+-\d+)"
NUMBER = rf"\d{{3}}\.{RULE_ID}(?:[a-z]+)?"
_PARTS = re.compile(rf"^(?P<section>\d{{3}})\.(?P<rule>{RULE_ID})(?P<sub>[a-z]+)?$")
_LOOKUP = re.compile(r"^(?P<section>\d{3})\.(?P<rule>\d+|tr\d+|tr[a-z]+-\d+)(?P<sub>[a-z]+)?\.?$")


@dataclass(frozen=True)
class RuleNumber:
    section: str  # "702"
    rule: str  # "TR01"
    sub: str  # "c", "tr" or ""

    @classmethod
    def parse(cls, number: str) -> RuleNumber | None:
        match = _PARTS.match(number.rstrip("."))
        if not match:
            return None
        return cls(match["section"], match["rule"], match["sub"] or "")

    def __str__(self) -> str:
        return f"{self.section}.{self.rule}{self.sub}"

    @property
    def is_subrule(self) -> bool:
        return bool(self.sub)

    @property
    def parent(self) -> str | None:
        return f"{self.section}.{self.rule}" if self.sub else None


def parent_number(number: str) -> str | None:
    """702.TR01c -> 702.TR01; 109.2tr -> 109.2; 907.3 -> None (its parent is the section)."""
    parsed = RuleNumber.parse(number)
    return parsed.parent if parsed else None


def section_of(number: str) -> str:
    """The three-digit section a number lives in: 907.8b -> 907."""
    return number.split(".", 1)[0]


def ancestors(number: str) -> list[str]:
    """Nearest first: 104.2a -> [104.2, 104]."""
    found = []
    parent = parent_number(number)
    if parent:
        found.append(parent)
    if "." in number:
        found.append(section_of(number))
    return found


def _key_for_id(rule: str) -> str:
    old_style = re.match(r"Tr[A-Za-z]+-(\d+)$", rule)
    if old_style:  # 702.TrRole-2, 702.TrUnv-3, 702.TrCov-4 are ordered by their trailing digits
        return f"t{int(old_style.group(1)):04d}"
    if rule.startswith("TR"):
        return f"t{int(rule[2:]):04d}"
    return f"{int(rule):04d}"


def sort_key(number: str) -> str:
    """A string that orders numbers as the documents do: 372.9 < 372.10, 704.5k < 704.5m."""
    parsed = RuleNumber.parse(number)
    if not parsed:
        return number
    return f"{parsed.section}.{_key_for_id(parsed.rule)}{parsed.sub}"


def canonical(number: str) -> str:
    """Case-folded form for lookups: "702.tr02a", "702.TR02A." and "702.TR02a" all match."""
    number = number.strip().rstrip(".")
    match = _LOOKUP.match(number.lower())
    if not match:
        return number.lower()
    return f"{match['section']}.{match['rule']}{match['sub'] or ''}"


# A rule number the publisher printed twice in one document: the second is addressed "702.30d~2".
OCCURRENCE_MARK = "~"


def addressed(number: str, occurrence: int = 1) -> str:
    """How a rule is addressed in its document: its number, or for the second rule printed with
    the same number, "702.30d~2" (stable across rebuilds, and a URL-safe character)."""
    return number if occurrence == 1 else f"{number}{OCCURRENCE_MARK}{occurrence}"


def looks_like_number(text: str) -> bool:
    """Whether a typed string is a rule number in any case ("702.tr02a", "702.TrUnv-3", "907.")
    or a bare section number ("806")."""
    text = text.strip()
    return bool(_LOOKUP.match(text.lower()) or re.fullmatch(r"\d{3}\.?", text))
