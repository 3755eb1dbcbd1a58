"""Parse the official Magic: The Gathering Comprehensive Rules into records.

Two forms are read the same way:

* the full text Wizards publishes: a title line, "These rules are effective as of ...",
  an Introduction, a "Contents" table, the body (part headings "1. Game Concepts", section
  headings "100. General", rules "100.1." and subrules "100.1a" with their "Example:"
  paragraphs), a Glossary, Credits and a closing publisher notice;
* a bare list of rules, one per line, with no title and no headings (the bundled excerpt).

The file is first cut into segments (front matter, introduction, contents, body, glossary,
credits) by a few landmark lines; each segment then has its own small reader. Mojibake was
already repaired when the bytes were decoded; every non-blank line ends in a record or is
skipped with a reason, so ``account_lines`` can prove nothing was lost.
"""

from __future__ import annotations

import re

from .cleaning import continues_sentence, ends_sentence
from .dates import find_date
from .numbers import NUMBER, addressed
from .records import (
    COMPREHENSIVE_RULES,
    DocumentInfo,
    GlossaryEntry,
    Heading,
    ParsedDocument,
    Passage,
    Rule,
    RuleParagraph,
)
from .source import SourceError, SourceText

EXCERPT_TITLE = "Magic: The Gathering Comprehensive Rules (excerpt)"
GLOSSARY = "Glossary"
# The chapters after the rules when the document has no table of contents to list them.
DEFAULT_CHAPTERS = (GLOSSARY, "Credits")
TOC_REASON = "table of contents"
REPEATED_DATE_REASON = "effective date repeated at the end"

# "100.1. text", "100.1a text", and the odd "119.1d. text" (a dot after the letter).
_RULE = re.compile(rf"^(?P<number>{NUMBER})\.?\s+(?P<text>\S.*)$")
_PART = re.compile(r"^(?P<number>\d)\.\s+(?P<title>\S.*)$")
_SECTION = re.compile(r"^(?P<number>\d{3})\.\s+(?P<title>\S.*)$")
_EXAMPLE = re.compile(r"^Examples?:")
# "These rules are effective as of June 1, 2020." (2005 says "current as of").
_EFFECTIVE = re.compile(r"^These rules (?:are|were|become) (?:\w+ )?as of\b", re.IGNORECASE)
# "Ability1. Text on an object..." : a glossary term glued to its first numbered definition.
_GLUED_TERM = re.compile(r"^(?P<term>\S.*?[^\s\d])\s*(?P<definition>1\.\s+\S.*)$")
_NUMBERED_DEFINITION = re.compile(r"^\d+\.\s")
_CITES_RULE = re.compile(r"\b\d{3}(?:\.\d|\b)")


def _indented(raw: str) -> bool:
    return raw[:1].isspace()


class _Reader:
    """One pass over one document; ``parse`` builds one and calls ``read``."""

    def __init__(self, source: SourceText):
        self.source = source
        self.lines = source.lines
        self.stripped = [line.strip() for line in source.lines]
        self.doc = ParsedDocument(info=DocumentInfo(title=EXCERPT_TITLE, kind=COMPREHENSIVE_RULES))
        self.rule_lines: dict[str, int] = {}  # number -> the line it is first printed on
        self.occurrences: dict[str, int] = {}

    # -- landmarks -------------------------------------------------------------------------

    def _first(self, start: int, stop: int, predicate) -> int | None:
        for index in range(start, stop):
            if predicate(index):
                return index
        return None

    def _is_chapter(self, index: int, name: str) -> bool:
        return self.stripped[index] == name and not _indented(self.lines[index])

    def _is_heading(self, index: int) -> bool:
        text = self.stripped[index]
        return not _indented(self.lines[index]) and bool(_PART.match(text) or _SECTION.match(text))

    def _walk_back_over_headings(self, first_rule: int, floor: int) -> int:
        """The first line of the headings (and blank lines) right above the first rule."""
        start = first_rule
        while start > floor and (not self.stripped[start - 1] or self._is_heading(start - 1)):
            start -= 1
        while not self.stripped[start]:
            start += 1
        return start

    def _body_start(self, contents: int | None, floor: int, first_rule: int) -> int:
        if contents is not None:
            first_entry = self._first(contents + 1, first_rule, lambda i: bool(self.stripped[i]))
            if first_entry is not None:
                repeat = self._first(
                    first_entry + 1,
                    first_rule + 1,
                    lambda i: self.stripped[i] == self.stripped[first_entry] and not _indented(self.lines[i]),
                )
                if repeat is not None:
                    return repeat
            floor = contents + 1
        return self._walk_back_over_headings(first_rule, floor)

    # -- reading ---------------------------------------------------------------------------

    def _contents_listing(self, contents: int | None, body: int) -> tuple[list[str], list[str]]:
        """(sections, chapters) the table of contents lists: "100", "101", ... and the unnumbered
        chapters after the rules ("Glossary", "Credits", 2005's "Questions?")."""
        sections: list[str] = []
        chapters: list[str] = []
        if contents is None:
            return sections, chapters
        for index in range(contents + 1, body):
            text = self.stripped[index]
            section = _SECTION.match(text)
            if section:
                sections.append(section["number"])
            elif text and not _PART.match(text) and sections:
                chapters.append(text)
        return sections, chapters

    def read(self) -> ParsedDocument:
        total = len(self.lines)
        first_rule = self._first(0, total, lambda i: bool(_RULE.match(self.stripped[i])))
        if first_rule is None:
            raise SourceError(
                self.source.name,
                'no numbered rule (like "100.1. ...") was found: is this the Comprehensive Rules?',
            )
        contents = self._first(0, first_rule, lambda i: self._is_chapter(i, "Contents"))
        intro = self._first(
            0, contents if contents is not None else first_rule, lambda i: self._is_chapter(i, "Introduction")
        )
        floor = intro + 1 if intro is not None else 0
        body = self._body_start(contents, floor, first_rule)
        listed_sections, listed_chapters = self._contents_listing(contents, body)
        chapters: list[tuple[int, str]] = []  # the chapters after the rules, found in order
        position = first_rule
        for name in listed_chapters or DEFAULT_CHAPTERS:
            found = self._first(position, total, lambda i, name=name: self._is_chapter(i, name))
            if found is not None:
                chapters.append((found, name))
                position = found + 1
        body_end = chapters[0][0] if chapters else total
        front_end = next(i for i in (intro, contents, body) if i is not None)

        self._read_front(0, front_end)
        if intro is not None:
            self._chapter(intro)
            self._read_paragraphs(intro + 1, contents if contents is not None else body, "Introduction")
        if contents is not None:
            for index in range(contents, body):
                if self.stripped[index]:
                    self.doc.skip(index + 1, self.lines[index], TOC_REASON)
        self._read_body(body, body_end)
        for k, (index, name) in enumerate(chapters):
            end = chapters[k + 1][0] if k + 1 < len(chapters) else total
            self._chapter(index)
            if name == GLOSSARY:
                self._read_glossary(index + 1, end)
            else:
                if self.doc.closing_line is None:
                    self.doc.closing_line = index + 1
                self._read_closing(index + 1, end, name)
        self._check_structure(listed_sections, listed_chapters, [name for _, name in chapters])
        # No title, no headings: a bare list of rules holds only part of an edition.
        self.doc.info.excerpt = self.doc.info.title == EXCERPT_TITLE and not self.doc.headings
        return self.doc

    def _check_structure(self, listed_sections: list[str], listed_chapters: list[str], found: list[str]) -> None:
        """Refuse a copy that stops before what its own table of contents promises: a chapter
        (the glossary, the credits) or the last sections of the rules."""
        last = self._last_content_line()
        missing = [name for name in listed_chapters if name not in found]
        if missing:
            raise SourceError(
                self.source.name,
                f"the table of contents lists a {missing[0]} chapter, but the document stops before it "
                f"(its last line is in {self._where(last)}): it looks cut off. Copy the complete file again.",
                last,
            )
        sections = [heading.number for heading in self.doc.headings if heading.level == "section"]
        if listed_sections and not listed_chapters and listed_sections[-1] not in sections:
            raise SourceError(
                self.source.name,
                f"the table of contents lists rules up to section {listed_sections[-1]}, but the document "
                f"stops in {self._where(last)}: it looks cut off. Copy the complete file again.",
                last,
            )

    def _last_content_line(self) -> int:
        return max((number for number, text in self.source.numbered() if text.strip()), default=1)

    def _where(self, line: int) -> str:
        """What holds ``line``, in a judge's words: "the glossary", "section 702"."""
        chapters = [heading for heading in self.doc.headings if heading.level == "chapter"]
        holding = [heading for heading in chapters if heading.line_start <= line]
        if holding and holding[-1].title != "Introduction":
            return f"the {holding[-1].title.lower()}"
        rule = next((rule for rule in reversed(self.doc.rules) if rule.line_start <= line), None)
        return f"rule {rule.number}" if rule else f"line {line}"

    def _chapter(self, index: int) -> None:
        self.doc.headings.append(Heading(level="chapter", title=self.stripped[index], lines=[index + 1]))

    def _effective_date(self, index: int) -> bool:
        """Take an effective-date line into the document info; False if the line is not one."""
        text = self.stripped[index]
        if not _EFFECTIVE.match(text):
            return False
        info = self.doc.info
        if info.effective_date is None:
            info.effective_date = find_date(text)
            info.version = info.effective_date
            info.lines.append(index + 1)
        else:
            self.doc.skip(index + 1, self.lines[index], REPEATED_DATE_REASON)
        return True

    def _read_front(self, start: int, stop: int) -> None:
        title_seen = False
        for index in range(start, stop):
            text = self.stripped[index]
            if not text or self._effective_date(index):
                continue
            if not title_seen:
                title_seen = True
                self.doc.info.title = text
                self.doc.info.lines.insert(0, index + 1)
            else:
                self.doc.passages.append(Passage(heading=None, text=text, lines=[index + 1]))

    def _blocks(self, start: int, stop: int) -> list[list[int]]:
        """Runs of non-blank lines (as indexes), split at blank lines."""
        blocks: list[list[int]] = []
        current: list[int] = []
        for index in range(start, stop):
            if self.stripped[index]:
                current.append(index)
            elif current:
                blocks.append(current)
                current = []
        if current:
            blocks.append(current)
        return blocks

    def _joined(self, indexes: list[int]) -> str:
        """Lines of one paragraph: a wrapped sentence is rejoined, other lines stay lines."""
        text = ""
        for index in indexes:
            line = self.stripped[index]
            if not text:
                text = line
            elif continues_sentence(text, line):
                text += " " + line
            else:
                text += "\n" + line
        return text

    def _read_paragraphs(self, start: int, stop: int, heading: str) -> None:
        for block in self._blocks(start, stop):
            self.doc.passages.append(Passage(heading=heading, text=self._joined(block), lines=[i + 1 for i in block]))

    # -- the body --------------------------------------------------------------------------

    def _read_body(self, start: int, stop: int) -> None:
        part: Heading | None = None
        section: Heading | None = None
        rule: Rule | None = None
        last: Rule | RuleParagraph | Passage | None = None  # what the previous line went into
        for index in range(start, stop):
            raw, text = self.lines[index], self.stripped[index]
            if not text:
                continue
            line_no = index + 1
            match = _RULE.match(text)
            if match:
                rule = self._rule(match["number"], match["text"], line_no, part, section)
                last = rule
                continue
            heading = None if _indented(raw) else self._heading(text, part, section, line_no)
            if heading is not None:
                self.doc.headings.append(heading)
                if heading.level == "part":
                    part, section = heading, None
                else:
                    section = heading
                rule = last = None
                continue
            if last is not None and continues_sentence(last.text, text):
                last.text += " " + text
                last.lines.append(line_no)
            elif rule is not None and _EXAMPLE.match(text):
                last = RuleParagraph(kind="example", text=text, lines=[line_no])
                rule.paragraphs.append(last)
            elif rule is not None:
                rule.text += "\n" + text
                rule.lines.append(line_no)
                last = rule
            else:  # prose under a heading, before any rule: keep it under that heading
                label = (section or part).label if (section or part) else None
                last = Passage(heading=label, text=text, lines=[line_no])
                self.doc.passages.append(last)

    def _heading(self, text: str, part: Heading | None, section: Heading | None, line_no: int):
        """A part or section heading, if the line is one and comes in order (else None)."""
        match = _PART.match(text)
        if match and (part is None or int(match["number"]) > int(part.number)):
            return Heading(level="part", number=match["number"], title=match["title"], lines=[line_no])
        match = _SECTION.match(text)
        if match:
            number = int(match["number"])
            in_part = part is None or number // 100 == int(part.number)
            after = section is None or number > int(section.number)
            if in_part and after:
                return Heading(level="section", number=match["number"], title=match["title"], lines=[line_no])
        return None

    def _rule(self, number: str, text: str, line_no: int, part: Heading | None, section: Heading | None) -> Rule:
        first = self.rule_lines.setdefault(number, line_no)
        occurrence = self.occurrences[number] = self.occurrences.get(number, 0) + 1
        if occurrence > 1:
            self.doc.warn(
                line_no,
                f"rule {number} is printed again (first on line {first}): both are kept, "
                f"this one as {addressed(number, occurrence)}.",
            )
        rule = Rule(
            number=number,
            text=text,
            occurrence=occurrence,
            part=part.label if part else None,
            section=section.label if section else None,
            lines=[line_no],
        )
        self.doc.rules.append(rule)
        return rule

    # -- glossary and credits --------------------------------------------------------------

    def _starts_term(self, block: list[int], position: int) -> bool:
        """A term line inside a block, where the blank line before it was left out."""
        if position == 0 or position == len(block) - 1:
            return False
        text = self.stripped[block[position]]
        previous = self.stripped[block[position - 1]]
        return (
            len(text) <= 60
            and text[:1].isupper()
            and not ends_sentence(text)
            and ends_sentence(previous)
            and not _NUMBERED_DEFINITION.match(text)
            and not _CITES_RULE.search(text)
            and not text.startswith("See ")
        )

    def _entries(self, start: int, stop: int) -> list[list[int]]:
        entries: list[list[int]] = []
        for block in self._blocks(start, stop):
            current = [block[0]]
            for position in range(1, len(block)):
                if self._starts_term(block, position):
                    entries.append(current)
                    current = []
                current.append(block[position])
            entries.append(current)
        merged: list[list[int]] = []
        pending: list[int] = []  # a term left alone by a stray blank line, waiting for its text
        for entry in entries:
            entry = pending + entry
            pending = []
            if len(entry) == 1 and not ends_sentence(self.stripped[entry[0]]):
                pending = entry
            elif len(entry) == 1 and merged:
                merged[-1].extend(entry)  # a stray sentence belongs to the entry above
            else:
                merged.append(entry)
        if pending:
            merged.append(pending)
        return merged

    def _read_glossary(self, start: int, stop: int) -> None:
        for entry in self._entries(start, stop):
            head = self.stripped[entry[0]]
            glued = _GLUED_TERM.match(head)
            second = self.stripped[entry[1]] if len(entry) > 1 else ""
            if glued and second.startswith("2."):
                term = glued["term"]
                definition = [glued["definition"]]
            else:
                term, definition = head, []
            for index in entry[1:]:
                line = self.stripped[index]
                if definition and continues_sentence(definition[-1], line):
                    definition[-1] += " " + line
                else:
                    definition.append(line)
            self.doc.glossary.append(GlossaryEntry(term=term, text="\n".join(definition), lines=[i + 1 for i in entry]))

    def _read_closing(self, start: int, stop: int, heading: str) -> None:
        """Credits and the publisher's notices: one passage per line, under the chapter's name."""
        for index in range(start, stop):
            text = self.stripped[index]
            if not text or self._effective_date(index):
                continue
            self.doc.passages.append(Passage(heading=heading, text=text, lines=[index + 1]))


def parse(source: SourceText) -> ParsedDocument:
    """Read a Comprehensive Rules text (full or a bare list of rules) into records.

    A number printed twice is kept twice, with a warning; raises ``SourceError`` naming the
    line when the document stops before what its table of contents lists.
    """
    return _Reader(source).read()
