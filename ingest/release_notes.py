"""Parse a Magic set's release notes (Markdown converted from a PDF) into plain records.

The document is built like this: a title, a "last modified" date and a few introduction
paragraphs; a GENERAL NOTES chapter whose sections explain the set's mechanics (prose, example
cards, bullet rulings); then one or more "... CARD-SPECIFIC NOTES" chapters, each a run of cards
(name, mana cost, type line, power/toughness, rules text) followed by their rulings; and a
closing trademark notice.

The PDF conversion makes it messy, so the parser works in two steps:

1. markdown-it gives the block structure (headings, paragraphs, fences, list items) with line
   ranges. Every non-blank line becomes one or more *pieces* (a card line, a bullet, a heading),
   after repairs that need no context: LaTeX tables are unrolled, bullets glued inside a line
   (``... any target. • You don't ...``) are split off, and a card header glued to the end of a
   ruling (``... Boo! The Jolly Balloon Man {1}{R}{W}``) is cut loose.
2. A small state machine walks the pieces. A card starts at a recognisable header (name and
   cost, a lone name followed by a cost or type line, a whole card on one line, a cost with a
   type line but no name); then come cost, type line, P/T or loyalty, Room doors, rules text;
   then the rulings. Which paragraph after the text is still card text and which is an
   unmarked ruling is decided by general heuristics (possessive of the card's own name, words
   that card text never uses, ability-shaped openings, layout), never by card names.

Every non-blank source line ends up in a record's ``lines`` or in ``parsed.skipped``.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field

from markdown_it import MarkdownIt

from .cleaning import clean_inline, continues_sentence, ends_sentence, normalize_mana_cost
from .dates import find_date
from .records import (
    RELEASE_NOTES,
    Card,
    CardNote,
    DocumentInfo,
    Heading,
    Mechanic,
    ParsedDocument,
    Passage,
)
from .source import SourceText

SET_CARD = "set card"
INTRODUCTION = "Introduction"
LEGAL = "Legal"

# --------------------------------------------------------------------------------------------
# Text helpers (candidates for ingest/cleaning.py, kept here so this module owns its changes)
# --------------------------------------------------------------------------------------------

_TABULAR = re.compile(r"\\begin\{tabular\}")


def unroll_latex_table(line: str) -> list[str]:
    r"""A PDF table turned into ``$\begin{tabular}{l} a \\ b \end{tabular}$``: one string per row."""
    if not _TABULAR.search(line):
        return [line]
    text = re.sub(r"\\label\{[^}]*\}", " ", line)
    text = re.sub(r"\\begin\{tabular\}\{[^}]*\}", " ", text)
    text = re.sub(r"\\end\{tabular\}", " ", text)
    rows = [re.sub(r"\s+", " ", row.replace("$", " ")).strip() for row in text.split("\\\\")]
    return [row for row in rows if row]


def tidy_rules_text(text: str) -> str:
    """Mend spacing and braces that PDF math conversion breaks around mana symbols.

    ``{T} : Add`` -> ``{T}: Add``; ``{1}{U} , {T}`` -> ``{1}{U}, {T}``;
    ``{4}{U}{Shuffle enchanted creature`` (the ``}:`` was lost) -> ``{4}{U}: Shuffle enchanted creature``.
    """
    text = re.sub(r"\}\s+([:,])", r"}\1", text)
    text = re.sub(r"(\{[^{}\s]{1,5}\})\{([A-Z][a-z]+\s)", r"\1: \2", text)
    return re.sub(r"\s+", " ", text).strip()


_PARENTHETICAL = re.compile(r"\([^()]*\)")


def without_reminders(text: str) -> str:
    """Text with parenthesised reminder text removed."""
    previous = None
    while previous != text:
        previous, text = text, _PARENTHETICAL.sub(" ", text)
    return re.sub(r"\s+", " ", text).strip()


def _join(first: str, second: str) -> str:
    return f"{first.rstrip()} {second.lstrip()}".strip()


def _ends(text: str) -> bool:
    """Ends as a complete line of card text does (a cost ending in ':' is not complete)."""
    return ends_sentence(text) and not text.rstrip().endswith(":")


_KEYWORD_LIST = re.compile(r"[A-Z][\w'-]*(?: [\w'{}/-]+){0,2}(?:, [a-z][\w'{}/-]*(?: [\w'{}/-]+){0,2})*")


def _wraps(previous: str, following: str) -> bool:
    """Two consecutive lines (no blank between) that are one sentence wrapped by the PDF."""
    if not previous or not following or _ends(previous):
        return False
    head = following.lstrip()[:1]
    if head.islower() or head in ",;":
        return True
    if _KEYWORD_LIST.fullmatch(previous.strip()):
        return False  # "Trample, haste" or "Enchant creature", then the next ability
    return head in "{0123456789" or len(previous) >= 40 or previous.rstrip().endswith((",", ":"))


def _continues(previous: str, following: str) -> bool:
    """A sentence cut by a page break (blank line between the halves)."""
    if continues_sentence(previous, following):
        return True
    return not ends_sentence(previous) and previous.rstrip().endswith(",") and following.lstrip()[:1].isalnum()


# --------------------------------------------------------------------------------------------
# Card grammar: names, mana costs, type lines
# --------------------------------------------------------------------------------------------

_SMALL_WORDS = {
    "a", "an", "and", "as", "at", "but", "by", "de", "for", "from", "in", "into", "of", "on",
    "or", "the", "to", "upon", "with", "vs.", "la", "le", "du", "der", "von", "van",
}  # fmt: skip


def _is_name(text: str) -> bool:
    """A line that could be a card name: short, Title Case, no sentence punctuation."""
    text = text.strip()
    if not text or len(text) > 60 or re.search(r"[{}()\[\]:;\"/|<>=*_$\\—–]", text):
        return False
    if text[-1] in ".,-":
        return False
    words = text.split()
    if len(words) > 8 or not (words[0][0].isupper() or words[0][0].isdigit()):
        return False
    for word in words[1:]:
        head = word.lstrip("'")[:1]
        if head.isupper() or head.isdigit() or word.lower().rstrip(",") in _SMALL_WORDS:
            continue
        return False
    return True


_COST = r"\{[^{}]{1,5}\}(?:\s?\{[^{}]{1,5}\}|\s?[0-9WUBRGCXYZSP/]{1,3}\})*\}?\.?"
_MANA_SYMBOL_OK = re.compile(r"^(?:\d+|[WUBRGCXYZS]|[WUBRGC2]/[WUBRGP]|[WUBRG]/[WUBRG]/P|H[WUBRG])$")


def _cost(text: str) -> str | None:
    """The normalized mana cost if the whole text is one (``{1}{G}``, ``{6}{B}{B}{B}.``)."""
    text = text.strip()
    if not re.fullmatch(_COST, text):
        return None
    cost = normalize_mana_cost(text)
    if not cost or not all(_MANA_SYMBOL_OK.match(symbol) for symbol in re.findall(r"\{([^{}]+)\}", cost)):
        return None
    return cost


_NAME_COST = re.compile(rf"^(?P<name>[^{{}}$]+?)\s*(?P<cost>{_COST})(?:\s+(?P<rest>\S.*))?$")


def _name_cost(text: str) -> tuple[str, str, str] | None:
    """``Name {cost} rest`` -> (name, normalized cost, rest)."""
    match = _NAME_COST.match(text.strip())
    if not match or not _is_name(match["name"]):
        return None
    cost = _cost(match["cost"])
    if not cost:
        return None
    return match["name"].strip(), cost, (match["rest"] or "").strip()


_SUPERTYPES = "Legendary|Basic|Snow|World|Ongoing|Elite|Host|Token"
_CARD_TYPES = (
    "Artifact|Battle|Creature|Enchantment|Instant|Kindred|Tribal|Land|Planeswalker|Sorcery"
    "|Scheme|Conspiracy|Dungeon|Phenomenon|Plane|Vanguard"
)
_TYPE_LINE = re.compile(rf"^((?:(?:{_SUPERTYPES})\s+)*(?:{_CARD_TYPES})(?:\s+(?:{_CARD_TYPES}))*)(?![\w'-])\s*(.*)$")
_DASH = re.compile(r"^[—–-]\s*")
_PT = re.compile(r"^([0-9]+|X|\*)/([0-9]+|X|\*)(?!/)\s*(.*)$")
_PT_ONLY = re.compile(r"^([0-9]+|X|\*)/([0-9]+|X|\*)$")
# Words that start rules text rather than continue a subtype list ("Kindred Enchantment — Demon Whenever ...").
_SUBTYPE_STOP = {
    "When", "Whenever", "At", "As", "If", "Each", "Target", "You", "Your", "Enchant", "Equip",
    "Until", "Choose", "Destroy", "Return", "Draw", "Create", "Exile", "Search", "Look", "Put",
    "Counter", "Tap", "Untap", "Add", "This", "Flash", "Flying", "Other", "All", "Creatures",
}  # fmt: skip


@dataclass
class _Type:
    line: str
    power: str | None
    toughness: str | None
    rest: str


def _parse_type(text: str) -> _Type | None:
    """A type line, possibly with P/T and (on one-line cards) the rules text glued after it."""
    match = _TYPE_LINE.match(text.strip())
    if not match:
        return None
    types, rest = re.sub(r"\s+", " ", match[1]), match[2]
    subtypes: list[str] = []
    dash = _DASH.match(rest)
    if dash:
        words = rest[dash.end() :].split()
        k = 0
        while k < len(words):
            word = words[k]
            if not word[0].isupper() or _PT.match(word) or word in _SUBTYPE_STOP or word[-1] in ",.:;":
                break
            following = words[k + 1] if k + 1 < len(words) else ""
            if following[:1].islower():
                break  # this word starts a sentence of rules text
            subtypes.append(word)
            k += 1
        if not subtypes:
            return None
        rest = " ".join(words[k:])
    power = toughness = None
    pt = _PT.match(rest)
    if pt:
        power, toughness, rest = pt[1], pt[2], pt[3]
    if rest and not (rest[0].isupper() or rest[0] in '{(+−-–0123456789"•'):
        return None  # "Creature spells you cast ..." is rules text, not a type line
    line = types + (" — " + " ".join(subtypes) if subtypes else "")
    return _Type(line, power, toughness, rest.strip())


# Cards printed without a mana cost whose whole header can sit on one line: "Name Scheme text".
_NO_COST_HEADER = re.compile(r"^(?P<name>.+?)\s+(?P<type>(?:Ongoing\s+)?Scheme)\b\s*(?P<rest>.*)$")

# --------------------------------------------------------------------------------------------
# Telling rulings from rules text
# --------------------------------------------------------------------------------------------

# Words and phrases release-note rulings use and card rules text (outside reminder text) does not.
_RULING_WORDS = re.compile(
    r"\b(?:will|won't|you'll|somehow|resolves?|resolving|as it last existed|for example|notably"
    r"|in other words|this means)\b|can't take any actions",
    re.IGNORECASE,
)
# How lines of rules text begin: triggers, costs, keywords, ability words, effects.
_ABILITY_START = re.compile(
    r"^(?:\(|\{|[+\-−–]?[0-9X]+:|•"
    r"|(?:When|Whenever|At|As|If|Each|Target|Enchant|Enchanted|Equipped|Equip|Fortify|Other|Creatures|Creature"
    r"|Lands|Spells|Permanents|Players|Your|Destroy|Draw|Exile|Return|Search|Look|Put|Create|Counter|Tap"
    r"|Untap|Add|Choose|Sacrifice|Discard|Mill|Surveil|Scry|Manifest|Gain|Spend|This|Until|During|Activate"
    r"|Prevent|Double|First|Flash|Flying|Trample|Haste|Vigilance|Lifelink|Deathtouch|Menace|Reach|Defender"
    r"|Indestructible|Hexproof|Shroud|Ward|Crew|Convoke|Changeling|Delve|Flashback|Kicker|Cycling|Ninjutsu"
    r"|Impending|Suspend|Miracle|Retrace|Persist|Undying|Escape|Blitz|Prowess|Protection|Landfall)\b"
    r"|You (?:may|have|gain|lose|control|draw|get)\b"
    r"|[A-Z][\w']*(?: [\w']+){0,3} — )"
)
_CHOICE_COUNTED = re.compile(
    r"\bchoose (?:one|two|three|four|five|one or more|one or both|any number"
    r"|up to (?:one|two|three|four|five))(?: that hasn't been chosen(?: this turn)?)?\s*(?:—|\.|:)",
    re.IGNORECASE,
)
_CHOICE_NAMED = re.compile(r"\bchoose ([A-Z][\w']+) or ([A-Z][\w']+)\b")
_MODE_WORD = re.compile(r"\bmodes?\b", re.IGNORECASE)

# --------------------------------------------------------------------------------------------
# Document-level patterns
# --------------------------------------------------------------------------------------------

_DATE_LINE = re.compile(r"\b(?:last\s+(?:modified|updated)|updated|effective)\b", re.IGNORECASE)
_LEGAL_NOTICE = re.compile(r"\bare (?:the )?(?:property|trademarks) of Wizards of the Coast|©\s*\d{4}", re.IGNORECASE)
_CHAPTER_WORDS = re.compile(r"\bGENERAL\s+NOTES\b|\bCARD[- ]SPECIFIC\b", re.IGNORECASE)
_CARD_CHAPTER = re.compile(r"\s*CARD[- ]SPECIFIC\s+NOTES?\s*$", re.IGNORECASE)
_FENCE_MARK = re.compile(r"^\s*(?:```|~~~)")
_LIST_MARK = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+")
_GLYPH_BULLET = re.compile(r"^\s*[•·\u25cf\u25aa\uf0b7\uf0a7]\s*")
_DASH_BULLET = re.compile(r"^\s*-\s+")
_GLUED_BULLET = re.compile(r"\s+[•\u25cf\uf0b7]\s+")
_LOST_GLYPH = re.compile(r"^ [A-Z]")  # a bullet whose glyph the PDF conversion dropped
_BOLD_LINE = re.compile(r"^\s*\*\*[^*]+\*\*\s*$")
_PAGE_FURNITURE = re.compile(r"^\s*(?:Page \d+(?: of \d+)?|\d+ of \d+)\s*$", re.IGNORECASE)
_SENTENCE_THEN_HEADER = re.compile(r"^(?P<before>.*[.!?][\"')\]]?)\s+(?P<header>[^.!?]+)$")


# --------------------------------------------------------------------------------------------
# Pieces
# --------------------------------------------------------------------------------------------


@dataclass
class _Piece:
    nos: list[int]  # source line numbers
    text: str  # cleaned text
    mentions: list[str]
    block: int  # markdown block index
    kind: str  # "heading", "para", "fence", "item"
    first: bool  # starts a paragraph (first piece of its block, or split off as its own)
    gap: bool  # a blank line (or a block boundary) comes before it
    bullet: bool = False
    bold: bool = False  # the whole line was **bold**


def _blocks(lines: list[str]) -> list[tuple[str, int, int, int]]:
    """(kind, first line index, end index, heading level) for every top-level block, in order."""
    tokens = MarkdownIt("commonmark").parse("\n".join(lines))
    blocks = []
    for token in tokens:
        if token.map is None:
            continue
        start, end = token.map
        if token.level == 0:
            if token.type == "heading_open":
                blocks.append(("heading", start, end, int(token.tag[1:])))
            elif token.type == "paragraph_open":
                blocks.append(("para", start, end, 0))
            elif token.type in ("fence", "code_block"):
                blocks.append((token.type, start, end, 0))
            elif token.type == "hr":
                blocks.append(("hr", start, end, 0))
            elif token.type == "html_block":
                blocks.append(("html", start, end, 0))
            elif token.type == "blockquote_open":
                blocks.append(("quote", start, end, 0))
        elif token.level == 1 and token.type == "list_item_open":
            blocks.append(("item", start, end, 0))
    covered = set()
    for _, start, end, _ in blocks:
        covered.update(range(start, end))
    for index, line in enumerate(lines):  # anything markdown-it did not place: keep it as text
        if line.strip() and index not in covered:
            blocks.append(("para", index, index + 1, 0))
    blocks.sort(key=lambda block: block[1])
    return blocks


def _clean(raw: str) -> tuple[str, list[str]]:
    text, mentions = clean_inline(raw)
    return tidy_rules_text(text), mentions


def _pieces(source: SourceText, parsed: ParsedDocument) -> list[_Piece]:
    lines = source.lines
    pieces: list[_Piece] = []

    def blank_before(index: int) -> bool:
        return index == 0 or not lines[index - 1].strip()

    for block_no, (kind, start, end, _level) in enumerate(_blocks(lines)):
        numbered = [(i + 1, lines[i]) for i in range(start, min(end, len(lines))) if lines[i].strip()]
        if not numbered:
            continue
        if kind == "hr":
            for no, raw in numbered:
                parsed.skip(no, raw, "divider")
            continue
        if kind == "html" and all(re.fullmatch(r"\s*<!--.*-->\s*", raw) for _, raw in numbered):
            for no, raw in numbered:
                parsed.skip(no, raw, "html comment")
            continue
        if kind == "heading":
            raw = " ".join(
                re.sub(r"^\s*#+\s*|\s+#+\s*$", "", r) for _, r in numbered if not re.fullmatch(r"\s*[=-]+\s*", r)
            )
            text, mentions = _clean(raw)
            pieces.append(_Piece([no for no, _ in numbered], text, mentions, block_no, "heading", True, True))
            continue
        if kind == "item":
            first_line = _LIST_MARK.sub("", numbered[0][1], count=1)
            first_line = _GLYPH_BULLET.sub("", first_line, count=1)
            raw = " ".join([first_line.strip()] + [r.strip() for _, r in numbered[1:]])
            segments = _GLUED_BULLET.split(raw)
            nos = [no for no, _ in numbered]
            for k, segment in enumerate(segments):
                text, mentions = _clean(segment)
                if text:
                    gap = k > 0 or blank_before(start)
                    pieces.append(_Piece(nos, text, mentions, block_no, "item", True, gap, bullet=True))
            continue
        piece_kind = "fence" if kind in ("fence", "code_block") else "para"
        first_in_block = True
        for no, raw in numbered:
            if kind == "fence" and _FENCE_MARK.match(raw):
                parsed.skip(no, raw, "markdown fence")
                continue
            if kind == "quote":
                raw = re.sub(r"^\s*>\s?", "", raw)
            if _PAGE_FURNITURE.match(raw):
                parsed.skip(no, raw, "page furniture")
                continue
            lost_glyph = piece_kind == "para" and first_in_block and bool(_LOST_GLYPH.match(raw))
            bold = piece_kind == "para" and bool(_BOLD_LINE.match(raw))
            made = 0
            for row in unroll_latex_table(raw):
                for k, segment in enumerate(_GLUED_BULLET.split(row)):
                    bullet = k > 0 or lost_glyph
                    if _GLYPH_BULLET.match(segment):
                        bullet, segment = True, _GLYPH_BULLET.sub("", segment, count=1)
                    elif piece_kind == "fence" and _DASH_BULLET.match(segment):
                        bullet, segment = True, _DASH_BULLET.sub("", segment, count=1)
                    text, mentions = _clean(segment)
                    if not text:
                        continue
                    starts = first_in_block or k > 0 or (bullet and made == 0)
                    gap = blank_before(no - 1) if made == 0 else k > 0
                    pieces.append(_Piece([no], text, mentions, block_no, piece_kind, starts, gap, bullet, bold=bold))
                    first_in_block = False
                    lost_glyph = False
                    made += 1
            if not made:
                parsed.skip(no, raw, "markup debris")
    return _split_glued_headers(pieces)


def _split_glued_headers(pieces: list[_Piece]) -> list[_Piece]:
    """``... entries. Boo! The Jolly Balloon Man {1}{R}{W}`` followed by a type line: two pieces."""
    result: list[_Piece] = []
    for index, piece in enumerate(pieces):
        following = pieces[index + 1] if index + 1 < len(pieces) else None
        match = _SENTENCE_THEN_HEADER.match(piece.text) if piece.kind != "heading" else None
        if match and following and _parse_type(following.text):
            header = _name_cost(match["header"])
            if header and not header[2]:
                result.append(_Piece(piece.nos, match["before"], piece.mentions, piece.block, piece.kind,
                                     piece.first, piece.gap, piece.bullet))  # fmt: skip
                result.append(_Piece(piece.nos, match["header"], [], piece.block, piece.kind, True, True))
                continue
        result.append(piece)
    return result


# --------------------------------------------------------------------------------------------
# Builders
# --------------------------------------------------------------------------------------------


@dataclass
class _Door:
    name: str | None
    cost: str | None = None
    text: list[str] = field(default_factory=list)


@dataclass
class _CardBuild:
    name: str | None
    section: str | None
    header_block: int
    lines: list[int] = field(default_factory=list)
    cost: str | None = None
    type_line: str | None = None
    power: str | None = None
    toughness: str | None = None
    loyalty: str | None = None
    doors: list[_Door] = field(default_factory=list)
    text: list[str] = field(default_factory=list)  # shared rules text (after the type line for Rooms)
    notes: list[CardNote] = field(default_factory=list)
    state: str = "header"  # header, doors, text, notes
    expect_door: bool = False  # just read a "//"
    compact: bool = False  # rules text sat in the same paragraph as the header
    fence_block: int | None = None  # the fence the last text line came from
    choice: object = None  # None, "counted" or a set of named modes, after "choose one —"
    modes: int = 0  # mode bullets read after the choice line
    built: Card | None = None

    def add_lines(self, piece: _Piece) -> None:
        self.lines.extend(piece.nos)

    @property
    def current_text(self) -> list[str]:
        if self.doors and self.type_line is None:
            return self.doors[-1].text
        return self.text

    def names(self) -> list[str]:
        names = [door.name for door in self.doors if door.name]
        if self.name:
            names.append(self.name)
            if "," in self.name:
                names.append(self.name.split(",")[0].strip())
        return names

    def all_text(self) -> str:
        return " ".join([t for door in self.doors for t in door.text] + self.text)

    def build(self) -> Card:
        if self.doors:
            name = " // ".join(door.name or "(unnamed door)" for door in self.doors)
            mana_cost = " // ".join(door.cost or "" for door in self.doors) if any(d.cost for d in self.doors) else None
            parts = ["\n".join([f"{door.name or ''} {door.cost or ''}".strip(), *door.text]) for door in self.doors]
            if self.text:
                parts.append("\n".join(self.text))
            rules_text = "\n//\n".join(parts)
        else:
            name = self.name or f"(unnamed card at line {min(self.lines)})"
            mana_cost = self.cost
            rules_text = "\n".join(self.text) or None
        self.built = Card(
            name=name,
            kind=SET_CARD,
            section=self.section,
            mana_cost=mana_cost,
            type_line=self.type_line,
            power=self.power,
            toughness=self.toughness,
            loyalty=self.loyalty,
            rules_text=rules_text,
            notes=self.notes,
            lines=sorted(set(self.lines)),
        )
        return self.built


@dataclass
class _Prose:
    text: str
    lines: list[int]
    mentions: list[str] = field(default_factory=list)


@dataclass
class _MechanicBuild:
    name: str
    lines: list[int]
    paragraphs: list[_Prose] = field(default_factory=list)
    examples: list[Card] = field(default_factory=list)
    rulings: list[CardNote] = field(default_factory=list)

    def build(self) -> Mechanic:
        lines = list(self.lines)
        for paragraph in self.paragraphs:
            lines.extend(paragraph.lines)
        return Mechanic(
            name=self.name,
            body="\n\n".join(p.text for p in self.paragraphs),
            examples=self.examples,
            rulings=self.rulings,
            lines=sorted(set(lines)),
        )


# --------------------------------------------------------------------------------------------
# The parser
# --------------------------------------------------------------------------------------------


class _Parser:
    def __init__(self, source: SourceText):
        self.source = source
        self.doc = ParsedDocument(info=DocumentInfo(title=source.name, kind=RELEASE_NOTES))
        self.title_seen = False
        self.pieces = _pieces(source, self.doc)
        self.chapter: str | None = None  # None (introduction), "general" or "cards"
        self.chapter_title: str | None = None
        self.section: str | None = None  # card section, e.g. "main set"
        self.mechanic: _MechanicBuild | None = None
        self.card: _CardBuild | None = None
        self.pending_name: tuple[str, list[int], _CardBuild] | None = None  # second of two name lines in a row
        self.last: tuple[object, int] | None = None  # the note or paragraph a continuation joins
        self.legal_block: int | None = None

    # -- driving ----------------------------------------------------------------------------

    def run(self) -> ParsedDocument:
        index = 0
        while index < len(self.pieces):
            index += self.step(index)
        self.close_card()
        self.close_mechanic()
        if self.pending_name:
            self.drop_pending_name()
        return self.doc

    def step(self, i: int) -> int:
        p = self.pieces[i]
        if p.kind == "heading" and not self.title_seen and not _CHAPTER_WORDS.search(p.text):
            self.title_seen = True
            title = re.sub(r"\s*[™®©]\s*", "", p.text).strip()
            self.doc.info.title = re.sub(r"\s+", " ", title)
            self.doc.info.lines.extend(p.nos)
            return 1
        if self.is_chapter(p):
            self.start_chapter(p)
            return 1
        if self.title_seen and p.first and not p.bullet and p.text == self.doc.info.title:
            for no in p.nos:  # the running title a PDF page header repeats
                self.doc.skip(no, self.source.lines[no - 1], "page furniture")
            return 1
        if self.legal_block is not None and p.block == self.legal_block and not p.first:
            self.append_to_last(p)
            return 1
        if p.first and _LEGAL_NOTICE.search(p.text):
            self.close_card()
            self.close_mechanic()
            passage = Passage(LEGAL, p.text, lines=list(p.nos))
            self.doc.passages.append(passage)
            self.last, self.legal_block = (passage, p.block), p.block
            return 1
        if self.chapter is None:
            return self.introduction(p)
        if self.is_section_heading(i):
            self.start_mechanic(p)
            return 1
        if self.card and self.card.state in ("header", "doors", "text"):
            consumed = self.card_piece(i)
            if consumed:
                return consumed
            self.end_card_text()
        consumed = self.try_start_card(i)
        if consumed:
            return consumed
        self.loose_piece(p)
        return 1

    # -- document structure -----------------------------------------------------------------

    def introduction(self, p: _Piece) -> int:
        date = find_date(p.text) if _DATE_LINE.search(p.text) else None
        if date and self.doc.info.effective_date is None:
            self.doc.info.effective_date = date
            self.doc.info.lines.extend(p.nos)
            return 1
        self.prose(p, INTRODUCTION)
        return 1

    def is_chapter(self, p: _Piece) -> bool:
        if p.kind != "heading" and not (p.bold and p.first):
            return False
        letters = [c for c in p.text if c.isalpha()]
        return len(letters) >= 4 and all(c.isupper() for c in letters)

    def start_chapter(self, p: _Piece) -> None:
        self.close_card()
        self.close_mechanic()
        self.doc.headings.append(Heading(level="chapter", title=p.text, lines=list(p.nos)))
        self.chapter_title = p.text
        if _CARD_CHAPTER.search(p.text):
            self.chapter = "cards"
            self.section = _CARD_CHAPTER.sub("", p.text).strip().lower() or None
        else:
            self.chapter = "general"
            self.section = None
        self.last = None

    def is_section_heading(self, i: int) -> bool:
        """A heading, or a paragraph that is one bold line, inside GENERAL NOTES (not a bold card name)."""
        p = self.pieces[i]
        if self.chapter != "general":
            return False
        if p.kind == "heading":
            return True
        if not (p.bold and p.first) or (self.card is not None and self.card.state in ("header", "doors", "text")):
            return False
        following = self._piece(i + 1)
        alone = following is None or following.block != p.block
        return alone and self.card_start(i) is None

    def start_mechanic(self, p: _Piece) -> None:
        self.close_card()
        self.close_mechanic()
        self.mechanic = _MechanicBuild(p.text, list(p.nos))
        self.last = None

    def close_mechanic(self) -> None:
        if self.mechanic:
            self.close_card()
            self.doc.mechanics.append(self.mechanic.build())
            self.mechanic = None
            self.last = None

    # -- cards: starting ----------------------------------------------------------------------

    def _piece(self, i: int) -> _Piece | None:
        return self.pieces[i] if 0 <= i < len(self.pieces) else None

    def _type_follows(self, i: int) -> bool:
        q = self._piece(i)
        return bool(q and not q.bullet and q.kind != "heading" and _parse_type(q.text))

    def door_ahead(self, j: int) -> bool:
        """Whether the text from piece j on is a Room door: a "//" or the shared type line follows."""
        opener = self.pieces[j - 1]
        for k in range(j, min(j + 15, len(self.pieces))):
            q = self.pieces[k]
            if q.bullet or q.kind == "heading":
                return False
            if q.text in ("//", "/"):
                return True
            if _parse_type(q.text):
                return opener.kind == "fence" and q.block == opener.block
            if q.block != opener.block and q.first and (_is_name(q.text) or _name_cost(q.text)):
                return False
        return False

    def card_start(self, i: int) -> dict | None:
        """How a card starts at piece i, or None.

        The answer says how many pieces the header takes (``n``), the ``name`` (None when the name
        is printed elsewhere), the ``cost``, a parsed ``type`` for one-line cards, ``door`` when the
        text that follows is a Room's first door, and ``pending``: a second name line read with it.
        """
        p = self.pieces[i]
        if p.bullet or (p.kind == "heading" and self.chapter != "cards"):
            return None
        text = p.text
        header = _name_cost(text)
        if header:
            name, cost, rest = header
            if rest:
                typed = _parse_type(rest)
                return {"n": 1, "name": name, "cost": cost, "type": typed} if typed else None
            if self._type_follows(i + 1):
                return {"n": 1, "name": name, "cost": cost}
            if self.door_ahead(i + 1):
                return {"n": 1, "name": name, "cost": cost, "door": True}
            return None
        match = _NO_COST_HEADER.match(text)
        if match and _is_name(match["name"]) and not _parse_type(match["name"]):
            typed = _parse_type(f"{match['type']} {match['rest']}".strip())
            if typed:
                return {"n": 1, "name": match["name"].strip(), "cost": None, "type": typed}
        cost = _cost(text)
        if cost:
            if self._type_follows(i + 1):
                return {"n": 1, "name": None, "cost": cost}
            if self.door_ahead(i + 1):
                return {"n": 1, "name": None, "cost": cost, "door": True}
            return None
        if _is_name(text) and not _parse_type(text):
            q = self._piece(i + 1)
            if q is None or q.bullet or q.kind == "heading":
                return None
            if _cost(q.text) or self._type_follows(i + 1):
                return {"n": 1, "name": text}
            r = self._piece(i + 2)
            in_text = self.card is not None and self.card.state == "text"
            if not in_text and _is_name(q.text) and r and not r.bullet and (_cost(r.text) or self._type_follows(i + 2)):
                return {"n": 2, "name": text, "pending": (q.text, q.nos)}
            return None
        return None

    def try_start_card(self, i: int) -> int:
        start = self.card_start(i)
        if not start:
            return 0
        self.close_card()
        p = self.pieces[i]
        name = start["name"]
        card = _CardBuild(name=None, section=self.section if self.chapter == "cards" else None, header_block=p.block)
        card.lines.extend(p.nos)
        if name is None and self.pending_name:
            name, pending_lines, _ = self.pending_name
            card.lines.extend(pending_lines)
            self.pending_name = None
        elif self.pending_name:
            self.drop_pending_name()
        if start.get("pending"):
            self.pending_name = (*start["pending"], card)
        card.cost = start.get("cost")
        if start.get("door"):
            card.doors.append(_Door(name, card.cost))
            card.cost = None
            card.state = "doors"
        else:
            card.name = name
        self.card = card
        self.last = None
        typed = start.get("type")
        if typed:
            self.set_type(typed, p)
        return start["n"]

    def drop_pending_name(self) -> None:
        """A second name line that no nameless card claimed: keep its line with the card before it."""
        _, lines, owner = self.pending_name
        self.pending_name = None
        owner.lines.extend(lines)
        if owner.built is not None:
            owner.built.lines = sorted(set(owner.built.lines) | set(lines))

    def set_type(self, typed: _Type, p: _Piece) -> None:
        card = self.card
        card.type_line = typed.line
        card.power, card.toughness = typed.power, typed.toughness
        card.state = "header"
        card.add_lines(p)
        if typed.rest:
            self.add_text(typed.rest, p)

    # -- cards: header, doors, text ------------------------------------------------------------

    def card_piece(self, i: int) -> int:
        state = self.card.state
        if state == "header":
            return self.header_piece(i)
        if state == "doors":
            return self.door_piece(i)
        return self.text_piece(i)

    def header_piece(self, i: int) -> int:
        card, p = self.card, self.pieces[i]
        if p.bullet:
            return 0
        text = p.text
        if card.type_line is None:
            cost = _cost(text)
            if cost and card.cost is None:
                card.cost = cost
                card.add_lines(p)
                return 1
            typed = _parse_type(text)
            if typed:
                self.set_type(typed, p)
                return 1
            if card.cost is not None and not card.text and self.door_ahead(i):
                card.doors.append(_Door(card.name, card.cost))
                card.name = card.cost = None
                card.state = "doors"
                return self.door_piece(i)
            card.state = "text"
            return self.text_piece(i)
        if not card.text:
            pt = _PT_ONLY.match(text)
            if pt and card.power is None:
                card.power, card.toughness = pt[1], pt[2]
                card.add_lines(p)
                return 1
            if re.fullmatch(r"\d+", text) and "Planeswalker" in card.type_line and card.loyalty is None:
                card.loyalty = text
                card.add_lines(p)
                return 1
        card.state = "text"
        return self.text_piece(i)

    def door_piece(self, i: int) -> int:
        card, p = self.card, self.pieces[i]
        text = p.text
        door = card.doors[-1]
        if p.bullet:
            return 0
        if text in ("//", "/"):
            card.expect_door = True
            card.add_lines(p)
            return 1
        typed = _parse_type(text)
        if typed and (card.expect_door or door.text):
            card.expect_door = False
            card.state = "text"
            self.set_type(typed, p)
            card.state = "text"
            return 1
        header = _name_cost(text)
        if card.expect_door:
            if header and not header[2]:
                card.doors.append(_Door(header[0], header[1]))
            elif _is_name(text):
                card.doors.append(_Door(text))
            else:
                card.expect_door = False
                return self.add_text_piece(p)
            card.expect_door = False
            card.add_lines(p)
            return 1
        if door.cost is None and not door.text and _cost(text):
            door.cost = _cost(text)
            card.add_lines(p)
            return 1
        if header and not header[2] and door.text and _ends(door.text[-1]):
            card.doors.append(_Door(header[0], header[1]))  # a second door printed without "//"
            card.add_lines(p)
            return 1
        if p.first and p.block != card.header_block and self.card_start(i):
            return 0
        return self.add_text_piece(p)

    def text_piece(self, i: int) -> int:
        card, p = self.card, self.pieces[i]
        text = p.text
        if p.bullet:
            # Modes follow the "choose one —" line in one run of bullets; a blank line ends the run.
            if card.choice is not None and (not card.modes or not p.gap) and self.is_mode(p):
                self.add_text(self.mode_text(text), p, mode=True)
                card.modes += 1
                return 1
            return 0
        if card.name is None and not card.doors and _is_name(text) and f" {text}" in f" {card.all_text()}":
            card.name = text  # the name line of a card printed after its text
            card.add_lines(p)
            return 1
        if self.card_start(i):
            return 0
        previous = card.current_text[-1] if card.current_text else None
        if previous is not None:
            if not p.gap and _wraps(previous, text):
                return self.extend_text(p)
            if p.gap and _continues(previous, text):
                return self.extend_text(p)
            if p.gap and len(text) >= 12 and text in card.all_text():
                card.add_lines(p)  # a line the PDF conversion printed twice
                return 1
            if p.gap and not _ends(previous) and text.startswith(previous) and len(previous) >= 12:
                card.current_text[-1] = text  # a truncated copy followed by the whole line
                card.add_lines(p)
                return 1
            if card.fence_block is not None and p.block != card.fence_block:
                return 0  # prose after a fenced card is a ruling
            if p.first and self.reads_like_ruling(i):
                return 0
        return self.add_text_piece(p)

    def add_text_piece(self, p: _Piece) -> int:
        card = self.card
        if card.current_text and not p.gap and _wraps(card.current_text[-1], p.text):
            return self.extend_text(p)
        self.add_text(p.text, p)
        return 1

    def add_text(self, text: str, p: _Piece, mode: bool = False) -> None:
        card = self.card
        card.current_text.append(text)
        card.add_lines(p)
        if card.state == "header":
            card.state = "text"
        if p.block == card.header_block and p.kind == "para":
            card.compact = True
        card.fence_block = p.block if p.kind == "fence" else None
        if not mode:
            named = _CHOICE_NAMED.search(text)
            if named:
                card.choice = {named[1], named[2]}
            elif _CHOICE_COUNTED.search(text):
                card.choice = "counted"
            else:
                card.choice = None
            card.modes = 0

    def extend_text(self, p: _Piece) -> int:
        card = self.card
        lines = card.current_text
        lines[-1] = _join(lines[-1], p.text)
        card.add_lines(p)
        card.fence_block = p.block if p.kind == "fence" else None
        if _CHOICE_COUNTED.search(lines[-1]):
            card.choice, card.modes = "counted", 0
        return 1

    def mode_text(self, text: str) -> str:
        choice = self.card.choice
        if isinstance(choice, set):
            word = text.split()[0]
            if word in choice and not re.match(rf"{re.escape(word)}\s*[—–-]", text):
                text = f"{word} — {text[len(word) :].strip()}"
        return f"• {text}"

    def is_mode(self, p: _Piece) -> bool:
        choice = self.card.choice
        if isinstance(choice, set):
            return p.text.split()[0] in choice
        return not self.ruling_like(p.text, for_mode=True)

    def own_names_removed(self, text: str) -> str:
        for name in sorted(self.card.names(), key=len, reverse=True):
            text = text.replace(name, "CARDNAME")
        return text

    def ruling_like(self, text: str, for_mode: bool = False) -> bool:
        for name in self.card.names():
            if re.search(re.escape(name) + r"(?:'s|')(?!\w)", text):
                return True
        bare = without_reminders(self.own_names_removed(text))
        if _RULING_WORDS.search(bare):
            return True
        if for_mode and _MODE_WORD.search(bare):
            return True
        return len(bare) > 200

    def reads_like_ruling(self, i: int) -> bool:
        """Is the unmarked paragraph starting at piece i a ruling rather than more rules text?"""
        card = self.card
        if not card.current_text:
            return False
        paragraph = [self.pieces[i]]
        for q in self.pieces[i + 1 :]:
            if q.block != paragraph[0].block or q.first or q.bullet:
                break
            paragraph.append(q)
        text = " ".join(q.text for q in paragraph)
        for name in card.names():
            if re.search(re.escape(name) + r"(?:'s|')(?!\w)", text):
                return True
        bare = without_reminders(self.own_names_removed(text))
        if _RULING_WORDS.search(bare):
            return True
        if _ABILITY_START.match(text):
            return False
        if any(_wraps(a.text, b.text) for a, b in itertools.pairwise(paragraph)):
            return True  # a wrapped prose paragraph after a complete card
        if card.compact:
            return True  # the card text was one block; a new paragraph that is no ability is a ruling
        return len(bare) > 200

    def end_card_text(self) -> None:
        """The card's text is over: in a card chapter its notes follow; an example card just ends."""
        if self.chapter == "cards":
            self.card.state = "notes"
            self.last = None
        else:
            self.close_card()

    def close_card(self) -> None:
        card = self.card
        if card is None:
            return
        self.card = None
        self.last = None
        built = card.build()
        if self.chapter == "cards" or self.mechanic is None:
            self.doc.cards.append(built)
        else:
            self.mechanic.examples.append(built)

    # -- notes and prose ---------------------------------------------------------------------------

    def append_to_last(self, p: _Piece) -> None:
        record, _ = self.last
        record.text = _join(record.text, p.text)
        record.lines.extend(p.nos)
        if hasattr(record, "mentions"):
            record.mentions.extend(m for m in p.mentions if m not in record.mentions)
        self.last = (record, p.block)

    def loose_piece(self, p: _Piece) -> None:
        """A bullet, a ruling or a prose paragraph that is no card text."""
        if not p.bullet and self.last is not None:
            record, block = self.last
            if block == p.block and not p.first:
                self.append_to_last(p)
                return
            if p.gap and _continues(record.text, p.text):
                self.append_to_last(p)
                return
            if isinstance(record, CardNote) and re.match(r"For (?:example|instance)\b", p.text):
                self.append_to_last(p)
                return
        if self.card is not None and self.card.state == "notes":
            note = CardNote(p.text, mentions=list(p.mentions), lines=list(p.nos))
            self.card.notes.append(note)
            self.last = (note, p.block)
        elif self.mechanic is not None:
            if p.bullet:
                note = CardNote(p.text, mentions=list(p.mentions), lines=list(p.nos))
                self.mechanic.rulings.append(note)
                self.last = (note, p.block)
            else:
                paragraph = _Prose(p.text, list(p.nos), list(p.mentions))
                self.mechanic.paragraphs.append(paragraph)
                self.last = (paragraph, p.block)
        else:
            self.prose(p, self.chapter_title)

    def prose(self, p: _Piece, heading: str | None) -> None:
        if self.last is not None and isinstance(self.last[0], Passage):
            record, block = self.last
            if (block == p.block and not p.first) or (p.gap and _continues(record.text, p.text)):
                self.append_to_last(p)
                return
        passage = Passage(heading, p.text, lines=list(p.nos))
        self.doc.passages.append(passage)
        self.last = (passage, p.block)


def parse(source: SourceText) -> ParsedDocument:
    """Read a set's release notes into document info, chapters, mechanics, cards and notes."""
    return _Parser(source).run()


def has_notes_chapter(lines: list[str]) -> bool:
    """A GENERAL NOTES or CARD-SPECIFIC NOTES chapter heading: release notes say this."""
    return any(_CHAPTER_WORDS.search(line) and len(line) < 80 for line in lines)


def has_card_block(lines: list[str]) -> bool:
    """A card as release notes print it: "Name {cost}" then (on the next text line) its type line."""
    text_lines = [line.strip().lstrip("#*> ").rstrip("*") for line in lines if line.strip()]
    return any(_name_cost(line) and _parse_type(following) for line, following in itertools.pairwise(text_lines))
