"""Parse a Treachery comprehensive rules document (any version: the 2017 PDF text, its forum
post, the 2026 v6.0) into records.

The document is read line by line as a sequence of chapters. Chapter headings ("GLOSSARY
REMINDER", "FREQUENTLY ASKED QUESTIONS (FAQ)", "SPECIFIC CARD NOTES") switch what the following
lines mean; numbered lines are rules wherever they appear. Unnumbered paragraphs are kept with
the record above them: a rule's notes, translations and lists, a FAQ answer, a card's notes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .cleaning import clean_inline, continues_sentence, straighten_quotes, strip_bullet
from .dates import find_date
from .numbers import NUMBER
from .records import (
    TREACHERY_RULES,
    Card,
    CardNote,
    DocumentInfo,
    FaqEntry,
    GlossaryEntry,
    Heading,
    ParsedDocument,
    Passage,
    Rule,
    RuleParagraph,
    VersionRow,
)
from .source import SourceError, SourceText

ROLES = ("Leader", "Guardian", "Assassin", "Traitor")

_RULE_LINE = re.compile(rf"^(?P<number>{NUMBER})\.?(?:\s+(?P<text>.*))?$")
_PART = re.compile(r"^(?P<number>\d)\.\s+(?P<title>[^.]+?)$")
_SECTION = re.compile(r"^(?P<number>\d{3})\.\s+(?P<title>[^.]+?)$")
_VERSION_HEADER = re.compile(r"^Version\t.*\t.*Date", re.IGNORECASE)
_VERSION_ROW = re.compile(r"^(?P<version>\d+(?:\.\d+)+)\t(?P<changes>.*?)\t(?P<date>[\d-]+)\s*$")
_EFFECTIVE = re.compile(r"\beffective\b.*\b\d{4}\b|^Version \d+(?:\.\d+)+[;,]", re.IGNORECASE)
_TOC_LINE = re.compile(r"\t|\.{3,}|\s\d{1,3}$")
_QUESTION = re.compile(r"^Q\s*[:.]\s*(?P<question>.+)$")
_REMINDER = re.compile(rf"^Reminder:\s*(?P<number>{NUMBER})\.?\s+(?P<text>.+)$")
_GLOSSARY_TERM = re.compile(r"^(?P<term>[A-Z][\w'’-]*(?: [\w'’-]+){0,3})\.\s+(?P<text>[A-Z].+)$")
_GROUP = re.compile(r"^-{3,}\s*(?P<title>.+?)\s*-{3,}$")
_CARD_TEXT_LABEL = re.compile(r"^Card text\s*:\s*(?P<rest>.*)$", re.IGNORECASE)
_TRANSLATION = re.compile(
    r"^(?:(?:[A-Z]{2}|French|German|Spanish|Italian|Portuguese|Japanese|Chinese|Russian|Korean)"
    r"\s*:\s*\"[^\"]+\"[,.]?\s*)+$"
)
_NO_NOTES = re.compile(r"^(?:No extra rules information|None)\.?$", re.IGNORECASE)
_FORUM_CHROME = re.compile(
    r"^(?:View previous topic|Back to top|Post by .+ on \w{3} |Last edited by |tweak |avatar$"
    r"|- Similar topics$|Permissions in this forum|You cannot (?:reply|post)|Messages\s*:"
    r"|Date d'inscription|Male Age|Female Age)",
    re.IGNORECASE,
)
_SMALL_WORDS = {"a", "an", "and", "as", "at", "by", "for", "in", "of", "on", "or", "the", "to"}

CHAPTERS = {
    "contents": "contents",
    "introduction": "introduction",
    "glossary": "glossary",
    "faq": "faq",
    "frequently asked": "faq",
    "card notes": "cards",
}


def title_case(text: str) -> str:
    """ "9. CASUAL VARIANTS" -> "9. Casual Variants"; "(FAQ)" and mixed-case text stay as written."""
    if text != text.upper():
        return text
    words = []
    for index, word in enumerate(text.split(" ")):
        bare = word.strip("()")
        if word.startswith("(") and word.endswith(")") and len(bare) <= 4:
            words.append(word)
        elif index and word.lower() in _SMALL_WORDS:
            words.append(word.lower())
        else:
            words.append("-".join(part.capitalize() for part in word.lower().split("-")))
    return " ".join(words)


def _is_heading_like(text: str) -> bool:
    """Short, no sentence punctuation at the end: a heading or a name, not prose."""
    return 0 < len(text.split()) <= 7 and not re.search(r"[.:;,!?\"]$", text)


def _chapter_of(text: str) -> str | None:
    if not _is_heading_like(text) or _RULE_LINE.match(text) or _PART.match(text):
        return None
    lowered = text.lower()
    for keyword, chapter in CHAPTERS.items():
        if keyword in lowered:
            return chapter
    if text == text.upper() and re.search(r"[A-Z]{3}", text):
        return "rules"
    return None


def _role_of(text: str) -> str | None:
    word = text.strip().rstrip("S").rstrip("s").lower()
    for role in ROLES:
        if word == role.lower():
            return role
    return None


@dataclass
class _Line:
    number: int
    text: str


def _logical_lines(source: SourceText):
    """Non-blank lines, with headings glued together by bold markers split apart.

    "7. ADDITIONAL RULES**702. Keyword Abilities****702.TR01. Unveil**" is three headings on
    one printed line; bold inside a sentence ("an emblem, **or an identity**") is left alone.
    """
    for number, raw in source.numbered():
        text = straighten_quotes(raw).strip()
        if not text:
            continue
        if "**" in text:
            pieces = [piece.strip() for piece in text.split("**") if piece.strip()]
            if len(pieces) > 1 and all(
                _RULE_LINE.match(piece) or _PART.match(piece) or _SECTION.match(piece) for piece in pieces
            ):
                for piece in pieces:
                    yield _Line(number, piece)
                continue
        yield _Line(number, text)


class _TreacheryParser:
    def __init__(self, source: SourceText):
        self.source = source
        self.parsed = ParsedDocument(info=DocumentInfo(title="", kind=TREACHERY_RULES))
        self.chapter = "front"
        self.chapter_heading: str | None = None
        self.part: str | None = None
        self.section: str | None = None
        self.last = None  # the record that an unnumbered paragraph would continue
        self.rule_lines: dict[str, int] = {}
        self.role: str | None = None
        self.card: Card | None = None
        self.card_text_open = False
        self.group: str | None = None
        self.in_signature = False

    # -- entry point -------------------------------------------------------------------------

    def parse(self) -> ParsedDocument:
        for line in _logical_lines(self.source):
            self.read(line)
        self.finish()
        return self.parsed

    def read(self, line: _Line) -> None:
        text = line.text
        if self.forum_chrome(line):
            return
        if _VERSION_HEADER.match(text):
            self.parsed.info.lines.append(line.number)
            self.chapter = "versions"
            return
        if self.chapter == "versions":
            row = _VERSION_ROW.match(text)
            if row:
                self.parsed.versions.append(
                    VersionRow(row["version"], row["changes"].strip(), row["date"], lines=[line.number])
                )
                return
            self.chapter = "front"
        if self.chapter in ("front", "introduction") and _EFFECTIVE.search(text) and find_date(text):
            self.read_effective_date(line)
            return
        if self.chapter == "contents" and _TOC_LINE.search(text):
            self.parsed.skip(line.number, text, "table of contents")
            return
        chapter = _chapter_of(text)
        if chapter and not (self.chapter == "cards" and (chapter == "rules" or _role_of(text))):
            self.open_chapter(line, chapter)
            return
        if self.chapter == "contents":
            self.chapter = "rules"
        handler = {
            "glossary": self.read_glossary,
            "faq": self.read_faq,
            "cards": self.read_cards,
        }.get(self.chapter, self.read_rules)
        handler(line)

    # -- chapters, headings, front matter --------------------------------------------------------

    def forum_chrome(self, line: _Line) -> bool:
        """Forum page furniture: navigation links, post headers and the poster's signature block."""
        text = line.text
        if text.lower() == "avatar":
            self.in_signature = True
        if self.in_signature or _FORUM_CHROME.match(text):
            if text.lower().startswith("back to top"):
                self.in_signature = False
            self.parsed.skip(line.number, text, "forum chrome")
            return True
        if text == self.parsed.info.title and line.number not in self.parsed.info.lines:
            self.parsed.skip(line.number, text, "forum chrome")
            return True
        if (
            not self.parsed.info.title
            and not self.parsed.rules
            and self.chapter == "front"
            and _is_heading_like(text)
            and not _chapter_of(text)
            and not _RULE_LINE.match(text)
            and not _PART.match(text)
            and not _SECTION.match(text)
            and "treachery" in text.lower()
        ):
            self.parsed.info.title = text
            self.parsed.info.lines.append(line.number)
            return True
        return False

    def read_effective_date(self, line: _Line) -> None:
        info = self.parsed.info
        info.effective_date = info.effective_date or find_date(line.text)
        version = re.match(r"^Version (\d+(?:\.\d+)+)", line.text)
        if version:
            info.version = version.group(1)
        info.lines.append(line.number)

    def open_chapter(self, line: _Line, chapter: str) -> None:
        title = title_case(clean_inline(line.text)[0])
        self.parsed.headings.append(Heading("chapter", title, lines=[line.number]))
        self.chapter = chapter
        self.chapter_heading = title
        self.last = None
        if chapter == "cards":
            self.role = None
            self.close_card()

    def add_passage(self, line: _Line, heading: str | None) -> None:
        text = clean_inline(line.text)[0]
        last = self.last
        if isinstance(last, Passage) and last.heading == heading and continues_sentence(last.text, text):
            last.text += " " + text
            last.lines.append(line.number)
            return
        passage = Passage(heading, text, lines=[line.number])
        self.parsed.passages.append(passage)
        self.last = passage

    # -- rules -----------------------------------------------------------------------------------

    def read_rules(self, line: _Line) -> None:
        text = line.text
        rule = _RULE_LINE.match(text)
        if rule:
            self.add_rule(line, rule["number"], clean_inline(rule["text"] or "")[0])
            return
        part = _PART.match(text)
        if part:
            self.part = f"{part['number']}. {title_case(part['title'].strip())}"
            self.section = None
            self.parsed.headings.append(
                Heading("part", title_case(part["title"].strip()), part["number"], lines=[line.number])
            )
            self.last = None
            return
        section = _SECTION.match(text)
        if section and _is_heading_like(section["title"]):
            title = clean_inline(section["title"].strip())[0]
            self.section = f"{section['number']}. {title}"
            self.parsed.headings.append(Heading("section", title, section["number"], lines=[line.number]))
            self.last = None
            return
        self.add_unnumbered(line)

    def add_rule(self, line: _Line, number: str, text: str) -> None:
        if number in self.rule_lines:
            raise SourceError(
                self.source.name,
                f"rule {number} appears twice (first at line {self.rule_lines[number]}); "
                "each rule number may appear only once in a document.",
                line.number,
            )
        self.rule_lines[number] = line.number
        title = None
        if text and _is_heading_like(text) and len(text.split()) <= 5:
            title, text = text, ""
        rule = Rule(number, text, title=title, part=self.part, section=self.section, lines=[line.number])
        self.parsed.rules.append(rule)
        self.last = rule

    def add_unnumbered(self, line: _Line) -> None:
        """A paragraph without a number: it belongs to the rule, or passage, just above it."""
        text = clean_inline(line.text)[0]
        last = self.last
        if isinstance(last, Rule):
            target = last.paragraphs[-1] if last.paragraphs else None
            if target is not None and continues_sentence(target.text, text):
                target.text += " " + text
                target.lines.append(line.number)
            elif target is None and last.text and continues_sentence(last.text, text):
                last.text += " " + text
                last.lines.append(line.number)
            elif re.match(r"^(Note|Example)s?\s*:", text):
                kind = "note" if text.lower().startswith("note") else "example"
                last.paragraphs.append(RuleParagraph(kind, text, lines=[line.number]))
            elif _TRANSLATION.match(text):
                last.paragraphs.append(RuleParagraph("translation", text, lines=[line.number]))
            else:
                last.text = f"{last.text}\n{text}" if last.text else text
                last.lines.append(line.number)
            return
        heading = self.section or self.part or self.chapter_heading
        if self.chapter == "front" and not heading:
            heading = "Introduction"
        self.add_passage(line, heading)

    # -- glossary --------------------------------------------------------------------------------

    def read_glossary(self, line: _Line) -> None:
        text = clean_inline(line.text)[0]
        reminder = _REMINDER.match(text)
        term = _GLOSSARY_TERM.match(text)
        last = self.last
        if reminder:
            entry = GlossaryEntry(
                f"Reminder: {reminder['number']}", reminder["text"], quotes_rule=reminder["number"], lines=[line.number]
            )
        elif term:
            entry = GlossaryEntry(term["term"], term["text"], lines=[line.number])
        elif isinstance(last, GlossaryEntry):
            separator = " " if continues_sentence(last.text, text) else "\n"
            last.text += separator + text
            last.lines.append(line.number)
            return
        else:
            self.add_passage(line, self.chapter_heading)
            return
        self.parsed.glossary.append(entry)
        self.last = entry

    # -- FAQ -------------------------------------------------------------------------------------

    def read_faq(self, line: _Line) -> None:
        text = clean_inline(line.text)[0]
        question = _QUESTION.match(text)
        last = self.last
        if question:
            entry = FaqEntry(question["question"].strip(), "", lines=[line.number])
            self.parsed.faq.append(entry)
            self.last = entry
        elif isinstance(last, FaqEntry):
            if last.answer and continues_sentence(last.answer, text):
                last.answer += " " + text
            else:
                last.answer = f"{last.answer}\n{text}" if last.answer else text
            last.lines.append(line.number)
        else:
            self.add_passage(line, self.chapter_heading)

    # -- card notes ------------------------------------------------------------------------------

    def read_cards(self, line: _Line) -> None:
        text = line.text
        if _TOC_LINE.search(text) and re.search(r"\s\d{1,3}$", text):
            self.parsed.skip(line.number, text, "table of contents")
            return
        role = _role_of(text)
        if role and _is_heading_like(text):
            self.close_card()
            self.role = role
            self.parsed.headings.append(Heading("section", title_case(text), lines=[line.number]))
            self.last = None
            return
        group = _GROUP.match(text)
        if group and self.card:
            self.group = clean_inline(group["title"])[0]
            self.card.lines.append(line.number)
            return
        label = _CARD_TEXT_LABEL.match(text)
        if label and self.card:
            self.card_text_open = True
            self.card.lines.append(line.number)
            if label["rest"]:
                self.add_card_text(line, label["rest"])
            return
        is_bullet, body = strip_bullet(text)
        if is_bullet and self.card:
            self.card_text_open = False
            self.add_card_note(line, body)
            return
        if self.card and _NO_NOTES.match(text) and not self.card.notes:
            self.card.no_notes_statement = text
            self.card.lines.append(line.number)
            return
        if self.card and self.card_text_open:
            self.add_card_text(line, text)
            return
        if self.card and self.card.notes and not _is_heading_like(text):
            self.continue_card_note(line, text)
            return
        if _is_heading_like(text) and self.role:
            self.open_card(line, text)
            return
        self.add_passage(line, f"{self.role} card notes" if self.role else self.chapter_heading)

    def open_card(self, line: _Line, name: str) -> None:
        self.close_card()
        self.card = Card(clean_inline(name)[0], "identity", role=self.role, lines=[line.number])
        self.parsed.cards.append(self.card)
        self.last = self.card

    def close_card(self) -> None:
        self.card = None
        self.card_text_open = False
        self.group = None

    def add_card_text(self, line: _Line, text: str) -> None:
        text = clean_inline(text)[0]
        card = self.card
        card.rules_text = f"{card.rules_text}\n{text}" if card.rules_text else text
        card.lines.append(line.number)

    def add_card_note(self, line: _Line, body: str) -> None:
        text, mentions = clean_inline(body)
        self.card.notes.append(CardNote(text, group_heading=self.group, mentions=mentions, lines=[line.number]))

    def continue_card_note(self, line: _Line, text: str) -> None:
        note = self.card.notes[-1]
        cleaned, mentions = clean_inline(text)
        separator = " " if continues_sentence(note.text, cleaned) else "\n"
        note.text += separator + cleaned
        note.mentions.extend(mentions)
        note.lines.append(line.number)

    def finish(self) -> None:
        info = self.parsed.info
        if self.parsed.versions:
            latest = max(self.parsed.versions, key=lambda row: (row.release_date or "", row.version))
            info.version = info.version or latest.version
            info.effective_date = info.effective_date or latest.release_date
        if not info.title:
            info.title = "Treachery Comprehensive Rules"
        if not self.parsed.rules:
            raise SourceError(
                self.source.name,
                'no numbered rules were found (like "907.1. ..."); the file looks truncated or is not Treachery rules.',
            )


def parse(source: SourceText) -> ParsedDocument:
    """Records for one Treachery rules document."""
    return _TreacheryParser(source).parse()
