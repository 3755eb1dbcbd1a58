"""Lineage: each rule of an edition matched to the rule it continues in the previous edition.

Computed at build time, one family at a time, for the primary source of each edition (the
order and the primary source come from db/families.py). A rule is

- ``unchanged``: same number, same text (and examples), beyond whitespace and quote style;
- ``renumbered``: another number, matched by text: first exactly, then by similarity
  (rapidfuzz, one-to-one, best pairs first), so 1.1's 314.9 is 6.0's 372.8;
- ``changed``: same number, other text (when the text did not move to another number);
  ``text_change`` tells a change of wording from one of typography only (dashes, quotes, spaces);
- ``added`` / ``removed``: nothing matches.

Each rule's text is read and normalised once per edition, and identical texts are settled by
a hash lookup before any fuzzy matching: an unchanged rule costs one dictionary lookup.
Rule history, compare pages, old-number successors and stale-ruling flags all read the
``lineage`` table this writes (queries/compare.py composes it across several editions).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

import sqlite_utils
from rapidfuzz import fuzz, process

from .families import editions
from .schema import insert_rows

ADDED, UNCHANGED, CHANGED, RENUMBERED, REMOVED = "added", "unchanged", "changed", "renumbered", "removed"

# A rule whose old number holds other text is "changed" when the texts are at least this alike;
# less alike, its text may have moved to another number instead.
SAME_NUMBER_SIMILARITY = 60
# Two rules with different numbers are the same rule renumbered when at least this alike.
RENUMBERED_SIMILARITY = 80

_QUOTES = str.maketrans({"“": '"', "”": '"', "„": '"', "‘": "'", "’": "'", "`": "'"})
# How rule numbers in the text are written ("See rule 104.3a"); they shift with renumbering
# without the rule changing, so the similarity of two texts ignores them.
_NUMBER = re.compile(r"\b\d{3}(?:\.\w+)?\b")


def comparable(text: str | None) -> str:
    """The text as compared: whitespace collapsed, curly quotes straightened."""
    return " ".join((text or "").translate(_QUOTES).split())


# Dashes of every length, with the spaces around them: "Flying - This" and "Flying—This" are
# the same words.
_DASHES = re.compile(r"\s*[-\u2010-\u2015\u2212]+\s*")
NO_CHANGE, TYPOGRAPHY, WORDING = "none", "typography", "wording"


def typography_key(text: str | None) -> str:
    """The words of a text, typography aside: quotes, spaces, dashes and ellipses."""
    return _DASHES.sub("-", comparable(text).replace("\u2026", "..."))


def text_change(old: str | None, new: str | None) -> str:
    """How the text of a rule changed: "none", "typography" (quotes, spaces, dashes only) or
    "wording"."""
    if comparable(old) == comparable(new):
        return NO_CHANGE
    return TYPOGRAPHY if typography_key(old) == typography_key(new) else WORDING


@dataclass(frozen=True)
class RuleText:
    id: int
    number: str
    canonical: str
    text: str  # title, text and paragraphs (notes, examples), as printed
    key: str  # the comparable form of ``text``


def rule_texts(db: sqlite_utils.Database, document_id: int) -> list[RuleText]:
    """Every rule of a document in document order, with its examples and notes."""
    return rule_texts_by_document(db, "where document_id = ?", [document_id]).get(document_id, [])


def rule_texts_by_document(db: sqlite_utils.Database, where: str = "", params: list | None = None) -> dict:
    """{document id: its rules as RuleText, in document order}, read in one pass over each
    table (the build calls this before the tables have indexes). Identical texts, which
    editions repeat, are normalised once."""
    params = params or []
    paragraphs: dict[int, list[str]] = {}
    for row in db.query(f"select rule_id, text from rule_paragraphs {where} order by rule_id, position", params):
        paragraphs.setdefault(row["rule_id"], []).append(row["text"])
    keys: dict[str, str] = {}
    texts: dict[int, list[RuleText]] = {}
    for row in db.query(
        f"select id, document_id, number, canonical, title, text from rules {where} order by document_id, position",
        params,
    ):
        text = "\n".join(part for part in [row["title"], row["text"], *paragraphs.get(row["id"], [])] if part)
        if text not in keys:
            keys[text] = comparable(text)
        texts.setdefault(row["document_id"], []).append(
            RuleText(row["id"], row["number"], row["canonical"], text, keys[text])
        )
    return texts


@dataclass(frozen=True)
class Match:
    status: str
    old: RuleText | None
    new: RuleText | None
    similarity: float | None = None


def _similarity(a: str, b: str) -> float:
    return fuzz.ratio(_NUMBER.sub("#", a), _NUMBER.sub("#", b))


def match_rules(old: list[RuleText], new: list[RuleText]) -> list[Match]:
    """Match the rules of two editions one-to-one; every rule of both appears once.

    The result is in the new edition's order, each removed rule after its old neighbour.
    """
    old_by_number = {rule.canonical: rule for rule in old}
    matched_old: dict[int, Match] = {}  # old rule id -> its match
    matches: dict[int, Match] = {}  # new rule id -> its match
    # 1. Same number, same text.
    for rule in new:
        previous = old_by_number.get(rule.canonical)
        if previous and previous.key == rule.key:
            matches[rule.id] = matched_old[previous.id] = Match(UNCHANGED, previous, rule, 100.0)
    # 2. Same text under another number.
    by_text: dict[str, list[RuleText]] = {}
    for rule in old:
        if rule.id not in matched_old and rule.key:
            by_text.setdefault(rule.key, []).append(rule)
    for rule in new:
        candidates = by_text.get(rule.key) if rule.id not in matches else None
        if candidates:
            previous = candidates.pop(0)
            status = UNCHANGED if previous.canonical == rule.canonical else RENUMBERED
            matches[rule.id] = matched_old[previous.id] = Match(status, previous, rule, 100.0)
    # 3. Same number, alike text.
    for rule in new:
        previous = old_by_number.get(rule.canonical)
        if rule.id in matches or not previous or previous.id in matched_old:
            continue
        similarity = _similarity(previous.key, rule.key)
        if similarity >= SAME_NUMBER_SIMILARITY:
            matches[rule.id] = matched_old[previous.id] = Match(CHANGED, previous, rule, similarity)
    # 4. Another number, alike text: best pairs first, one-to-one.
    old_left = [rule for rule in old if rule.id not in matched_old]
    new_left = [rule for rule in new if rule.id not in matches]
    if old_left and new_left:
        choices = [_NUMBER.sub("#", rule.key) for rule in old_left]
        pairs = sorted(
            (-similarity, i, j)
            for i, rule in enumerate(new_left)
            for _, similarity, j in process.extract(
                _NUMBER.sub("#", rule.key), choices, scorer=fuzz.ratio, score_cutoff=RENUMBERED_SIMILARITY, limit=None
            )
        )
        for negated, i, j in pairs:
            rule, previous, similarity = new_left[i], old_left[j], -negated
            if rule.id in matches or previous.id in matched_old:
                continue
            status = CHANGED if previous.canonical == rule.canonical else RENUMBERED
            matches[rule.id] = matched_old[previous.id] = Match(status, previous, rule, similarity)
    # 5. Same number, unlike text, nothing better found: changed all the same.
    for rule in new:
        previous = old_by_number.get(rule.canonical)
        if rule.id not in matches and previous and previous.id not in matched_old:
            similarity = _similarity(previous.key, rule.key)
            matches[rule.id] = matched_old[previous.id] = Match(CHANGED, previous, rule, similarity)
    return _in_order(old, new, matches, matched_old)


def _in_order(old, new, matches: dict[int, Match], matched_old: dict[int, Match]) -> list[Match]:
    removed_after: dict[int | None, list[Match]] = {}
    anchor = None  # the new rule the last matched old rule became
    for rule in old:
        if rule.id in matched_old:
            anchor = matched_old[rule.id].new.id
        else:
            removed_after.setdefault(anchor, []).append(Match(REMOVED, rule, None))
    ordered = list(removed_after.get(None, []))
    for rule in new:
        ordered.append(matches.get(rule.id) or Match(ADDED, None, rule))
        ordered.extend(removed_after.get(rule.id, []))
    return ordered


def _rows(family: str, document_id: int, previous_id: int | None, matches: Iterable[Match]) -> Iterable[dict]:
    for match in matches:
        yield {
            "family": family,
            "document_id": document_id,
            "rule_id": match.new.id if match.new else None,
            "number": (match.new or match.old).number,
            "previous_document_id": previous_id,
            "previous_rule_id": match.old.id if match.old else None,
            "previous_number": match.old.number if match.old else None,
            "status": match.status,
            "similarity": match.similarity if match.status in (CHANGED, RENUMBERED) else None,
            "text_change": text_change(match.old.text, match.new.text) if match.old and match.new else None,
        }


def build_lineage(db: sqlite_utils.Database) -> None:
    """Fill the ``lineage`` table for every family (after ``assign_editions``)."""
    rows = []
    texts_of = rule_texts_by_document(db)
    for (family,) in db.execute("select distinct family from documents order by family").fetchall():
        previous = None
        previous_texts: list[RuleText] = []
        for edition in editions(db, family):
            texts = texts_of.get(edition["id"], [])
            if not texts and not previous_texts:
                continue
            matches = match_rules(previous_texts, texts)
            rows.extend(_rows(family, edition["id"], previous["id"] if previous else None, matches))
            previous, previous_texts = edition, texts
    insert_rows(db, "lineage", rows)
