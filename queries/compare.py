"""What changed between editions: a rule's lineage across its family, word-level diffs, and the
comparison of any two editions of a family.

Everything here reads the ``lineage`` table the build wrote (db/lineage.py), which links each
rule to its predecessor in the previous edition; comparing two editions further apart follows
those links edition by edition, so a rule renumbered twice is still one rule.
Used by the rule pages (history, successor of an old number), /compare, `rulebook diff` and
the feed of changes.
"""

from __future__ import annotations

import difflib
import re
from typing import Literal

import sqlite_utils
from pydantic import Field

from rulebook.db.families import edition_pairs, editions, in_force_edition, upcoming_edition
from rulebook.db.lineage import (
    CHANGED,
    NO_CHANGE,
    REMOVED,
    RENUMBERED,
    TYPOGRAPHY,
    UNCHANGED,
    WORDING,
    comparable,
    rule_texts,
    text_change,
)
from rulebook.ingest.numbers import section_of
from rulebook.kinds import RULINGS
from rulebook.urls import compare_url, rule_url

from .declaring import Declared, Url

# The comparison's JSON (/compare/{old}/{new}.json), declared once: the OpenAPI document's
# CompareAnswer and the field tables of docs/api.md are generated from it (rulebook/web/openapi.py).


class DiffRun(Declared):
    """A run of words of a word diff (``word_diff``)."""

    op: Literal["equal", "removed", "added"] = Field(description="What the run is.")
    text: str = Field(description="Its words: the new text's, or the old text's for a removed run.")


class RuleText(Declared):
    """A rule only one of the editions has."""

    number: str = Field(description="Its number.")
    text: str = Field(description="Its text.")
    url: Url = Field(description="Its page.")


class ChangedRule(Declared):
    """A rule with the same number in both editions whose text changed."""

    number: str = Field(description="Its number.")
    old_text: str = Field(description="The old text.")
    new_text: str = Field(description="The new text.")
    url: Url = Field(description="Its page in the new edition.")


class RenumberedRule(Declared):
    """A rule matched by its text under a new number."""

    from_: str = Field(alias="from", description="The old number: 314.9.")
    to: str = Field(description="The new number: 372.8.")
    change: Literal["none", "typography", "wording"] = Field(
        description="How its text changed too: none, typography (quotes, spaces, a letter's case) or wording."
    )
    url: Url = Field(description="The new rule's page.")


class ChangeCounts(Declared):
    """How many rules of each kind of change."""

    added: int = Field(description="Rules added.")
    removed: int = Field(description="Rules removed.")
    changed: int = Field(description="Rules whose wording changed.")
    typography: int = Field(description="Rules whose text changed only in typography.")
    renumbered: int = Field(description="Rules renumbered.")
    renumbered_changed: int = Field(description="Of the renumbered rules, those whose wording changed too.")


class CompareAnswer(Declared):
    """The changes from ``old`` to ``new``: every added, removed, changed and renumbered rule, in rule order."""

    old: str = Field(description="The older edition's slug.")
    new: str = Field(description="The newer edition's slug.")
    added: list[RuleText] = Field(description="Rules only in the new edition.")
    removed: list[RuleText] = Field(description="Rules only in the old edition.")
    changed: list[ChangedRule] = Field(description="Rules with the same number whose wording changed.")
    typography: list[ChangedRule] = Field(
        description="Rules with the same number whose text changed only in typography (quotes, spaces, a "
        "letter's case)."
    )
    renumbered: list[RenumberedRule] = Field(description="Rules matched by their text under a new number.")
    counts: ChangeCounts = Field(description="How many of each.")


# An example, as the bundled documents answer it (the OpenAPI document's example for the endpoint)
COMPARE_EXAMPLE = {
    "old": "treachery-1.1",
    "new": "treachery-6.0",
    "added": [{"number": "907.8e", "text": "…", "url": "/rules/treachery-6.0/907.8e"}],
    "removed": [{"number": "906.3c", "text": "…", "url": "/rules/treachery-1.1/906.3c"}],
    "changed": [],
    "typography": [],
    "renumbered": [{"from": "314.3", "to": "372.2", "change": "wording", "url": "/rules/treachery-6.0/372.2"}],
    "counts": {
        "added": 47,
        "removed": 33,
        "changed": 0,
        "typography": 0,
        "renumbered": 20,
        "renumbered_changed": 13,
    },
}


_TOKEN = re.compile(r"\s+|[^\s]+")


def word_diff(old: str | None, new: str | None) -> list[dict]:
    """The two texts as runs of words: {"op": "equal" | "removed" | "added", "text": ...}.

    Whitespace and quote style are not differences (the texts are compared as
    ``lineage.comparable`` sees them); the words shown are the new text's, or the old text's
    for removed runs.
    """
    old_words, new_words = (old or "").split(), (new or "").split()
    matcher = difflib.SequenceMatcher(
        None, [comparable(word) for word in old_words], [comparable(word) for word in new_words], autojunk=False
    )
    runs: list[dict] = []

    def add(op: str, words: list[str]) -> None:
        if not words:
            return
        if runs and runs[-1]["op"] == op:
            runs[-1]["text"] += " " + " ".join(words)
        else:
            runs.append({"op": op, "text": " ".join(words)})

    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            add("equal", new_words[j1:j2])
        else:
            add("removed", old_words[i1:i2])
            add("added", new_words[j1:j2])
    return runs


def _document(db: sqlite_utils.Database, document_id: int) -> dict:
    return next(db.query("select * from documents where id = ?", [document_id]))


def _texts(db: sqlite_utils.Database, rule_ids: list[int]) -> dict[int, str]:
    if not rule_ids:
        return {}
    placeholders = ",".join("?" * len(rule_ids))
    paragraphs: dict[int, list[str]] = {}
    for row in db.query(
        f"select rule_id, text from rule_paragraphs where rule_id in ({placeholders}) order by rule_id, position",
        rule_ids,
    ):
        paragraphs.setdefault(row["rule_id"], []).append(row["text"])
    return {
        row["id"]: "\n".join(part for part in [row["title"], row["text"], *paragraphs.get(row["id"], [])] if part)
        for row in db.query(f"select id, title, text from rules where id in ({placeholders})", rule_ids)
    }


def edition_rule(db: sqlite_utils.Database, rule_id: int) -> int | None:
    """The rule the lineage knows for ``rule_id``: itself, or for a second source of an edition
    (the 1.1 forum post) the same number in the edition's primary source."""
    row = next(
        db.query(
            """select primary_rule.id from rules r join documents d on d.id = r.document_id
               join rules primary_rule on primary_rule.document_id = d.primary_id
                 and primary_rule.canonical = r.canonical
               where r.id = ?""",
            [rule_id],
        ),
        None,
    )
    return row["id"] if row else None


def rule_lineage(db: sqlite_utils.Database, rule_id: int) -> list[dict]:
    """Every edition the rule is in, oldest first, ending with the one that removed it (if any).

    Each entry: the lineage row (status, number, previous_number), its edition
    (document, version, effective_date) and the rule's text then.
    """
    start = edition_rule(db, rule_id)
    if start is None:
        return []
    rows = []
    current: int | None = start
    while current is not None:  # back to where it was added
        row = next(db.query("select * from lineage where rule_id = ?", [current]), None)
        if not row:
            break
        rows.insert(0, row)
        current = row["previous_rule_id"]
    current = start
    while current is not None:  # forward to the current edition, or its removal
        row = next(db.query("select * from lineage where previous_rule_id = ?", [current]), None)
        if not row:
            break
        rows.append(row)
        current = row["rule_id"]
    texts = _texts(db, [row["rule_id"] for row in rows if row["rule_id"]])
    documents = {row["document_id"]: _document(db, row["document_id"]) for row in rows}
    entries = []
    for row in rows:
        document = documents[row["document_id"]]
        entries.append(
            {
                **row,
                "document": document["slug"],
                "version": document["version"],
                "effective_date": document["effective_date"],
                "is_current": document["is_current"],
                "text": texts.get(row["rule_id"]),
                "url": rule_url(document["slug"], row["number"]) if row["rule_id"] else None,
            }
        )
    return entries


LINEAGE_FIELDS = ("document", "version", "effective_date", "number", "status", "url")


def lineage_json(entries: list[dict]) -> list[dict]:
    """The ``lineage`` field of a rule's JSON: oldest first, the fields the API promises."""
    return [{key: entry[key] for key in LINEAGE_FIELDS} for entry in entries]


SUBRULES_CHANGED = "subrules changed"


def subrule_changes(db: sqlite_utils.Database, entries: list[dict]) -> dict[int, list[dict]]:
    """{edition's document id: the rule's subrules added, changed, renumbered or removed in it}:
    a rule whose own words stayed ("702.19 Trample") changes with its subrules."""
    found: dict[int, list[dict]] = {}
    for entry in entries:
        if entry["previous_rule_id"] is None and entry["status"] != UNCHANGED:
            continue  # added: its subrules are new with it
        rows = db.query(
            """select l.number, l.previous_number, l.status, l.text_change from lineage l
               left join rules r on r.id = l.rule_id left join rules p on p.id = l.previous_rule_id
               where l.document_id = :document and l.status != 'unchanged'
               and (r.parent_id = :rule or (l.rule_id is null and p.parent_id = :previous))
               order by l.id""",
            {"document": entry["document_id"], "rule": entry["rule_id"], "previous": entry["previous_rule_id"]},
        )
        changes = [dict(row) for row in rows]
        if changes:
            found[entry["document_id"]] = changes
    return found


def rule_history(entries: list[dict], subrules: dict[int, list[dict]] | None = None) -> list[dict]:
    """The history a rule page shows, newest first: each edition where the rule was added,
    changed, renumbered or removed, with a word-level diff, or where its subrules changed
    (``subrules``, from ``subrule_changes``); runs of editions without change collapsed into one
    "unchanged" entry."""
    subrules = subrules or {}
    history: list[dict] = []
    previous_text = previous_document = None
    for entry in entries:
        changed_below = subrules.get(entry["document_id"])
        if entry["status"] == UNCHANGED and changed_below:
            item = {key: entry[key] for key in ("document", "version", "effective_date", "number", "url")}
            item.update(status=SUBRULES_CHANGED, subrules=changed_below)
            if previous_document:
                item["previous_document"] = previous_document
                # the rule itself has no change to point at: its section's changes hold its subrules'
                section = section_of(entry["number"])
                item["compare_url"] = (
                    f"{compare_url(previous_document, entry['document'])}?section={section}#section-{section}"
                )
            history.append(item)
            previous_text, previous_document = entry["text"] or previous_text, entry["document"]
            continue
        if entry["status"] == UNCHANGED:
            if history and history[-1]["status"] == UNCHANGED:
                history[-1].update(
                    to=entry["effective_date"] or entry["document"], editions=history[-1]["editions"] + 1
                )
            else:
                history.append(
                    {
                        "status": UNCHANGED,
                        "from": entry["effective_date"] or entry["document"],
                        "to": entry["effective_date"] or entry["document"],
                        "editions": 1,
                    }
                )
            previous_text, previous_document = entry["text"] or previous_text, entry["document"]
            continue
        item = {
            key: entry[key]
            for key in ("document", "version", "effective_date", "number", "previous_number", "status", "url")
        }
        if changed_below:
            item["subrules"] = changed_below
        if entry["status"] in (CHANGED, RENUMBERED):
            item["diff"] = word_diff(previous_text, entry["text"])
            change = text_change(previous_text, entry["text"])
            item["text_changed"] = change != NO_CHANGE
            item["typography_only"] = change == TYPOGRAPHY
        if previous_document:
            item["previous_document"] = previous_document
            item["compare_url"] = compare_url(previous_document, entry["document"], entry["number"])
        history.append(item)
        previous_text, previous_document = entry["text"], entry["document"]
    history.reverse()
    return history


def successor(entries: list[dict], document: dict) -> dict | None:
    """For a rule of an older edition (``document``): where it is now ("now 372.8 in
    treachery-6.0"), or the edition that removed it. None on the current edition."""
    if not entries or document["is_current"]:
        return None
    last = entries[-1]
    fields = {key: last[key] for key in ("document", "version", "effective_date", "number", "url")}
    return {"status": REMOVED if last["status"] == REMOVED else "current", **fields}


# Comparing two editions


class CompareError(LookupError):
    """Two slugs that cannot be compared: ``valid`` lists the slugs that can. ``unknown`` when a
    slug names no document (a 404), else the two exist but cannot be compared (a 400)."""

    def __init__(self, message: str, valid: list[str], unknown: bool = False):
        super().__init__(message)
        self.valid = valid
        self.unknown = unknown


def _by_slug(db: sqlite_utils.Database, slug: str) -> dict | None:
    return next(db.query("select * from documents where slug = ?", [slug]), None)


def _follow(db: sqlite_utils.Database, family: str, old: dict, new: dict) -> dict[int, int | None]:
    """Each rule id of ``old``'s edition -> the rule it became in ``new``'s edition (None: removed)."""
    steps = [doc for doc in editions(db, family) if old["edition"] < doc["edition"] <= new["edition"]]
    mapping: dict[int, int | None] = {
        row["id"]: row["id"] for row in db.query("select id from rules where document_id = ?", [old["primary_id"]])
    }
    for step in steps:
        became = {
            row["previous_rule_id"]: row["rule_id"]
            for row in db.query(
                "select previous_rule_id, rule_id from lineage where document_id = ? and previous_rule_id is not null",
                [step["id"]],
            )
        }
        mapping = {start: became.get(now) if now is not None else None for start, now in mapping.items()}
    return mapping


def compare_editions(db: sqlite_utils.Database, old_slug: str, new_slug: str) -> dict:
    """Every added, removed, changed and renumbered rule from ``old_slug`` to ``new_slug`` (two
    editions of one family, older first), in rule order, with the counts.

    Raises CompareError naming the slugs that can be compared.
    """
    old, new = _by_slug(db, old_slug), _by_slug(db, new_slug)
    all_slugs = [
        row["slug"]
        for row in db.query("select slug from documents where id = primary_id and edition > 0 order by family, edition")
    ]
    for slug, document in ((old_slug, old), (new_slug, new)):
        if document is None:
            raise CompareError(f"There is no document called {slug!r}.", all_slugs, unknown=True)
        if document["edition"] == 0:
            raise CompareError(
                f"{slug} is an undated excerpt that matches no loaded edition, so it has no place in the history "
                "of its family to compare from.",
                [doc["slug"] for doc in editions(db, document["family"])],
            )
    if old["family"] != new["family"]:
        raise CompareError(
            f"{old_slug} ({old['family']}) and {new_slug} ({new['family']}) are not editions of the same rules.",
            [doc["slug"] for doc in editions(db, old["family"])],
        )
    if old_slug == new_slug:
        raise CompareError(
            f"{old_slug} compared with itself shows no change: pick two different editions.",
            [doc["slug"] for doc in editions(db, old["family"])],
        )
    if old["edition"] > new["edition"]:
        raise CompareError(
            f"{old_slug} is newer than {new_slug}: give the older edition first (/compare/{new_slug}/{old_slug}).",
            [doc["slug"] for doc in editions(db, old["family"])],
        )
    old_rules = {rule.id: rule for rule in rule_texts(db, old["id"])}
    new_rules = rule_texts(db, new["id"])
    if old["primary_id"] == new["primary_id"]:  # two sources of one edition: matched by number
        new_by_number = {rule.canonical: rule.id for rule in new_rules}
        mapping = {rule_id: new_by_number.get(rule.canonical) for rule_id, rule in old_rules.items()}
    else:
        mapping = _followed(db, old, new, old_rules, new_rules)
    return _changes(old, new, old_rules, new_rules, mapping)


def _followed(db: sqlite_utils.Database, old: dict, new: dict, old_rules: dict, new_rules: list) -> dict:
    """Old rule id -> new rule id through the lineage; a second source of an edition goes
    through its primary source by number."""
    followed = _follow(db, old["family"], old, new)
    in_old_primary = {rule.canonical: rule.id for rule in rule_texts(db, old["primary_id"])}
    new_primary = {rule.id: rule.canonical for rule in rule_texts(db, new["primary_id"])}
    new_by_number = {rule.canonical: rule.id for rule in new_rules}
    mapping = {}
    for rule_id, rule in old_rules.items():
        reached = followed.get(in_old_primary.get(rule.canonical) if old["id"] != old["primary_id"] else rule_id)
        if reached is not None and new["id"] != new["primary_id"]:
            reached = new_by_number.get(new_primary[reached])
        mapping[rule_id] = reached
    return mapping


def compare_sections(db: sqlite_utils.Database, found: dict) -> list[dict]:
    """The changes of a comparison grouped by the section they are in (the new number's, or the
    old one's for a removed rule), in rule order, each section with its counts; a renumbered
    rule whose text did not change is ``moved`` (the page shows it on one line)."""
    titles = {}
    for slug in (found["new"], found["old"]):
        for row in db.query(
            """select h.number, h.title from headings h join documents d on d.id = h.document_id
               where d.slug = ? and h.level = 'section'""",
            [slug],
        ):
            titles.setdefault(row["number"], row["title"])
    sections: dict[str, dict] = {}
    for change in found["changes"]:
        number = section_of(change["number"])
        section = sections.setdefault(
            number,
            {"number": number, "title": titles.get(number), "counts": dict.fromkeys(COUNTED, 0), "changes": []},
        )
        section["counts"][change["kind"]] += 1
        section["changes"].append({**change, "moved": change["kind"] == "renumbered" and change["change"] == NO_CHANGE})
    return sorted(sections.values(), key=lambda section: section["number"])


# What a comparison counts; "renumbered_changed" counts the renumbered rules whose wording changed too.
COUNTED = ("added", "removed", "changed", "typography", "renumbered")


def _changes(old: dict, new: dict, old_rules: dict, new_rules: list, mapping: dict[int, int | None]) -> dict:
    reached = {new_id: old_id for old_id, new_id in mapping.items() if new_id is not None}
    result = {
        "old": old["slug"],
        "new": new["slug"],
        "added": [],
        "removed": [],
        "changed": [],
        "typography": [],
        "renumbered": [],
    }
    changes = []  # (position in the new edition, kind, entry), for the page's one list in rule order
    position_of_old = {rule_id: index for index, rule_id in enumerate(old_rules)}
    new_position = {rule.id: index for index, rule in enumerate(new_rules)}
    anchors: dict[int, float] = {}
    for rule in new_rules:
        old_id = reached.get(rule.id)
        if old_id is None:
            entry = {"number": rule.number, "text": rule.text, "url": rule_url(new["slug"], rule.number)}
            result["added"].append(entry)
            changes.append((new_position[rule.id], "added", {**entry, "old_text": None, "new_text": rule.text}))
            continue
        previous = old_rules[old_id]
        anchors[old_id] = new_position[rule.id]
        change = text_change(previous.text, rule.text)
        if previous.canonical != rule.canonical:
            entry = {
                "from": previous.number,
                "to": rule.number,
                "change": change,
                "url": rule_url(new["slug"], rule.number),
            }
            result["renumbered"].append(entry)
            changes.append(
                (
                    new_position[rule.id],
                    "renumbered",
                    {**entry, "number": rule.number, "old_text": previous.text, "new_text": rule.text},
                )
            )
        elif change != NO_CHANGE:
            entry = {
                "number": rule.number,
                "old_text": previous.text,
                "new_text": rule.text,
                "url": rule_url(new["slug"], rule.number),
            }
            kind = "changed" if change == WORDING else "typography"
            result[kind].append(entry)
            changes.append((new_position[rule.id], kind, entry))
    anchor = -0.5
    for old_id, rule in old_rules.items():
        if old_id in anchors:
            anchor = anchors[old_id]
        elif mapping.get(old_id) is None:
            entry = {"number": rule.number, "text": rule.text, "url": rule_url(old["slug"], rule.number)}
            result["removed"].append(entry)
            changes.append(
                (
                    anchor + 0.5 + position_of_old[old_id] * 1e-6,
                    "removed",
                    {**entry, "old_text": rule.text, "new_text": None},
                )
            )
    result["counts"] = {kind: len(result[kind]) for kind in COUNTED}
    result["counts"]["renumbered_changed"] = sum(entry["change"] == WORDING for entry in result["renumbered"])
    result["changes"] = [
        {"kind": kind, **entry, "diff": word_diff(entry["old_text"], entry["new_text"])}
        for _, kind, entry in sorted(changes, key=lambda change: change[0])
    ]
    return result


def lineage_counts(db: sqlite_utils.Database, document_id: int) -> dict[str, int]:
    """What changed in an edition since the previous one, counted as a comparison counts it
    (queries/compare.py): a change of typography only apart from one of wording."""
    counts = dict.fromkeys((*COUNTED, "renumbered_changed"), 0)
    for status, change, count in db.execute(
        "select status, text_change, count(*) from lineage where document_id = ? group by status, text_change",
        [document_id],
    ).fetchall():
        if status == "changed":
            counts["typography" if change == "typography" else "changed"] += count
        elif status in counts:
            counts[status] += count
        if status == "renumbered" and change == "wording":
            counts["renumbered_changed"] += count
    return counts


def counts_sentence(counts: dict[str, int]) -> str:
    """ "3 added, 1 removed, 25 changed, 43 in typography only, 20 renumbered (5 with new wording)"."""
    parts = [f"{counts['added']} added", f"{counts['removed']} removed", f"{counts['changed']} changed"]
    if counts.get("typography"):
        parts.append(f"{counts['typography']} in typography only")
    renumbered = f"{counts['renumbered']} renumbered"
    if counts.get("renumbered_changed"):
        renumbered += f" ({counts['renumbered_changed']} with new wording)"
    return ", ".join([*parts, renumbered])


def comparable_families(db: sqlite_utils.Database) -> list[dict]:
    """Each family with two editions or more, its editions oldest first: what /compare offers,
    with ``upcoming`` (in force -> upcoming: what changes when a published edition takes effect)
    when the family has an edition that is not in force yet, else None."""
    families = [row["family"] for row in db.query("select distinct family from documents order by family")]
    found = []
    for family in families:
        loaded = editions(db, family)
        if len(loaded) > 1:
            found.append(
                {"family": family, "editions": [doc["slug"] for doc in loaded], "upcoming": _upcoming_pair(db, family)}
            )
    return found


def _upcoming_pair(db: sqlite_utils.Database, family: str) -> dict | None:
    upcoming = upcoming_edition(db, family)
    in_force = in_force_edition(db, family) if upcoming else None
    if not in_force:
        return None
    return {
        "old": in_force["slug"],
        "new": upcoming["slug"],
        "effective_date": upcoming["effective_date"],
        "url": compare_url(in_force["slug"], upcoming["slug"]),
    }


def edition_changes(db: sqlite_utils.Database, newest: int | None = None) -> list[dict]:
    """One entry per edition that has a previous one, newest first: its counts and compare page
    (only the ``newest`` of them, when given: their counts are what costs)."""
    pairs = sorted(edition_pairs(db), key=lambda pair: pair[1]["effective_date"] or "", reverse=True)
    return [
        {
            "family": edition["family"],
            "old": previous["slug"],
            "new": edition["slug"],
            "effective_date": edition["effective_date"],
            "counts": lineage_counts(db, edition["id"]),
            "url": compare_url(previous["slug"], edition["slug"]),
        }
        for previous, edition in pairs[:newest]
    ]


# Stale rulings

# Texts that rule on the rules: a judge relying on one should know the rule has moved on since.
RULING_TABLES = RULINGS  # the kinds rulebook/kinds.py says rule on the rules


def stale_citations(db: sqlite_utils.Database) -> dict[tuple[str, int], list[dict]]:
    """{(table, row id): [flag]} for card notes, FAQ answers and mechanic rulings that cite a
    rule which changed (or was removed) in an edition later than the citing document's date.

    A flag: {"cited_as", "number", "status", "changed_on", "document", "url"}, the url being
    the compare page at that change. Only the first change after the citing document counts.
    """
    documents = {row["id"]: row for row in db.query("select id, slug, effective_date from documents")}
    following = {
        row["previous_rule_id"]: row
        for row in db.query(
            "select document_id, rule_id, previous_rule_id, previous_document_id, number, previous_number, status, "
            "text_change from lineage where previous_rule_id is not null"
        )
    }
    placeholders = ",".join("?" * len(RULING_TABLES))
    flags: dict[tuple[str, int], list[dict]] = {}
    for reference in db.query(
        f"""select r.source_table, r.source_id, r.cited_as, r.rule_id, d.effective_date as cited_on
            from rule_references r join documents d on d.id = r.document_id
            where r.rule_id is not null and r.source_table in ({placeholders}) order by r.id""",
        list(RULING_TABLES),
    ):
        flag = _first_change_after(reference, following, documents)
        if flag:
            flags.setdefault((reference["source_table"], reference["source_id"]), []).append(flag)
    return flags


def _first_change_after(reference: dict, following: dict, documents: dict) -> dict | None:
    rule_id, seen = reference["rule_id"], 0
    while rule_id in following and seen < 1000:
        row, seen = following[rule_id], seen + 1
        edition = documents[row["document_id"]]
        text_changed = row["status"] == REMOVED or (
            row["status"] in (CHANGED, RENUMBERED) and row["text_change"] == WORDING
        )
        later = not reference["cited_on"] or (edition["effective_date"] or "") > reference["cited_on"]
        if text_changed and later:
            previous = documents[row["previous_document_id"]]
            return {
                "cited_as": reference["cited_as"],
                "number": row["previous_number"],
                "status": row["status"],
                "changed_on": edition["effective_date"],
                "document": edition["slug"],
                "url": compare_url(previous["slug"], edition["slug"], row["number"]),
            }
        rule_id = row["rule_id"]
    return None
