"""Parse mtgtreachery.net's identity card data (JSON) into card texts with their rulings.

The Treachery rules document gives each identity card's notes but not the card itself: its
cost, unveil cost, type line and abilities. mtgtreachery.net publishes those as JSON, one list
of cards per role::

    {"guardian": [{"name": "The Ætherist", "type": "Identity — Guardian", "cost": "",
                   "text": "Undercover|Unveil {3}|When The Ætherist is unveiled, ...",
                   "rulings": ["The Ætherist's unveiling triggered ability can ...", ...],
                   "rarity": "R", "artist": "...", "flavor": "", "uri": "https://..."}, ...],
     "traitor": [...], "assassin": [...], "leader": [...]}

Abilities are joined by "|"; a ruling written "---------- The following rulings focus on ...
----------" heads the rulings after it, and "No extra rules information." says a card has none.

JSON has no lines of its own, so each value's place in the file is found as it is read: a card
record holds the lines of its object, a ruling the lines of its string, and the brackets between
them are skipped as structure. A file that is JSON but not this format is refused naming the
field ("guardian[3].name").
"""

from __future__ import annotations

import json
import re
from json.decoder import scanstring

from .cleaning import normalize_mana_cost, repair_mojibake
from .records import CARD_TEXTS, CardNote, CardText, DocumentInfo, ParsedDocument
from .source import SourceError, SourceText

TITLE = "mtgtreachery.net identity cards"
STRUCTURE_REASON = "JSON structure"
ROLES = {"leader": "Leader", "guardian": "Guardian", "assassin": "Assassin", "traitor": "Traitor"}

_WHITESPACE = re.compile(r"[ \t\n\r]*")
_GROUP = re.compile(r"^-{3,}\s*(?P<heading>.*?)\s*-{3,}$")
_NO_RULINGS = re.compile(r"^no extra rules information\.?$", re.IGNORECASE)
# "Unveil {3}", "Unveil {X}{4}. X can't be 0.", "Unveil—{5}, Pay 5 life. (Start the game ...)"
_UNVEIL = re.compile(r"^Unveil(?:\s*[—–-]\s*|\s+)(?P<cost>.+?)\s*(?:\(.*\))?$")
_MANA_RUN = re.compile(r"^(?:\{[^{}]+\})+")

Path = tuple  # where a value sits: ("guardian", 3, "name")


class _Spans:
    """Read JSON text while noting the characters each value spans."""

    def __init__(self, text: str):
        self.text = text
        self.spans: dict[Path, tuple[int, int]] = {}
        self.decoder = json.JSONDecoder()

    def _skip(self, index: int) -> int:
        return _WHITESPACE.match(self.text, index).end()

    def value(self, index: int, path: Path) -> tuple[object, int]:
        start = index = self._skip(index)
        opener = self.text[index]
        if opener == "{":
            found: dict | list = {}
            index = self._skip(index + 1)
            while self.text[index] != "}":
                key, index = scanstring(self.text, index + 1)
                index = self._skip(self._skip(index) + 1)  # past the colon
                found[key], index = self.value(index, (*path, key))
                index = self._skip(index)
                if self.text[index] == ",":
                    index = self._skip(index + 1)
            end = index + 1
        elif opener == "[":
            found = []
            index = self._skip(index + 1)
            while self.text[index] != "]":
                item, index = self.value(index, (*path, len(found)))
                found.append(item)
                index = self._skip(index)
                if self.text[index] == ",":
                    index = self._skip(index + 1)
            end = index + 1
        else:
            found, end = self.decoder.raw_decode(self.text, index)
        self.spans[path] = (start, end)
        return found, end


def _field_name(path: Path) -> str:
    name = ""
    for step in path:
        name += f"[{step}]" if isinstance(step, int) else (f".{step}" if name else step)
    return name


class _Reader:
    def __init__(self, source: SourceText):
        self.source = source
        self.text = "\n".join(source.lines)
        self.line_starts = [0]
        for line in source.lines:
            self.line_starts.append(self.line_starts[-1] + len(line) + 1)

    def line_of(self, offset: int) -> int:
        low, high = 0, len(self.line_starts) - 1
        while low < high:  # the last line starting at or before offset
            middle = (low + high + 1) // 2
            if self.line_starts[middle] <= offset:
                low = middle
            else:
                high = middle - 1
        return low + 1

    def lines_of(self, path: Path) -> list[int]:
        start, end = self.spans[path]
        return [
            number
            for number in range(self.line_of(start), self.line_of(max(start, end - 1)) + 1)
            if self.source.lines[number - 1].strip()
        ]

    def refuse(self, path: Path, message: str) -> SourceError:
        line = self.line_of(self.spans[path][0]) if path in self.spans else None
        where = _field_name(path) or "the file"
        return SourceError(self.source.name, f"{where}: {message} (this is not mtgtreachery's card data).", line)

    def text_field(self, card: dict, path: Path, key: str, required: bool = False) -> str | None:
        value = card.get(key)
        if value is None and not required:
            return None
        if not isinstance(value, str) or (required and not value.strip()):
            what = "is missing" if value is None else f"should be text, not {type(value).__name__}"
            raise self.refuse((*path, key) if key in card else path, f"{key} {what}")
        return repair_mojibake(value.strip()) or None

    def read(self) -> ParsedDocument:
        try:
            json.loads(self.text)
        except json.JSONDecodeError as error:
            raise SourceError(self.source.name, f"this is not valid JSON: {error.msg}.", error.lineno) from None
        spans = _Spans(self.text)
        data, _ = spans.value(0, ())
        self.spans = spans.spans
        if not isinstance(data, dict) or not data:
            raise self.refuse((), "should be an object with a list of cards for each role (leader, guardian, ...)")
        parsed = ParsedDocument(info=DocumentInfo(title=TITLE, kind=CARD_TEXTS))
        used: set[int] = set()
        for role_key, cards in data.items():
            if role_key.lower() not in ROLES:
                raise self.refuse((role_key,), f"{role_key!r} is not a role; expected one of {', '.join(ROLES)}")
            if not isinstance(cards, list):
                raise self.refuse((role_key,), "should be a list of cards")
            for index, card in enumerate(cards):
                parsed.card_texts.append(self.card(card, (role_key, index), ROLES[role_key.lower()], used))
        for number, line in self.source.numbered():
            if line.strip() and number not in used:
                parsed.skip(number, line, STRUCTURE_REASON)
        return parsed

    def card(self, card: object, path: Path, role: str, used: set[int]) -> CardText:
        if not isinstance(card, dict):
            raise self.refuse(path, "should be a card (an object with a name, type and text)")
        name = self.text_field(card, path, "name", required=True)
        abilities = [part.strip() for part in (self.text_field(card, path, "text") or "").split("|") if part.strip()]
        rulings_value = card.get("rulings", [])
        if not isinstance(rulings_value, list) or not all(isinstance(item, str) for item in rulings_value):
            raise self.refuse((*path, "rulings"), "rulings should be a list of texts")
        rulings: list[CardNote] = []
        group = no_rulings = None
        for index, ruling in enumerate(rulings_value):
            text = repair_mojibake(ruling.strip())
            heading = _GROUP.match(text)
            if heading:  # its line stays with the card
                group = heading["heading"]
            elif _NO_RULINGS.match(text):
                no_rulings = text
            elif text:
                lines = self.lines_of((*path, "rulings", index))
                used.update(lines)
                rulings.append(CardNote(text, group_heading=group, lines=lines))
        lines = [line for line in self.lines_of(path) if line not in used]
        used.update(lines)
        return CardText(
            name=name,
            role=role,
            type_line=self.text_field(card, path, "type"),
            mana_cost=normalize_mana_cost(card["cost"]) if isinstance(card.get("cost"), str) and card["cost"] else None,
            unveil_cost=unveil_cost(abilities),
            abilities=abilities,
            flavor=self.text_field(card, path, "flavor"),
            rarity=self.text_field(card, path, "rarity"),
            artist=self.text_field(card, path, "artist"),
            source_url=self.text_field(card, path, "uri"),
            no_rulings_statement=no_rulings,
            rulings=rulings,
            lines=lines,
        )


def unveil_cost(abilities: list[str]) -> str | None:
    """The cost of a card's Unveil ability: "{3}", "{X}{4}", or a cost in words ("Pay 8 life,
    Discard a card"); None for a card that is never face down (a Leader)."""
    for ability in abilities:
        match = _UNVEIL.match(ability)
        if match:
            cost = match["cost"].strip()
            mana = _MANA_RUN.match(cost)
            return mana.group() if mana and not cost[mana.end() :].lstrip().startswith(",") else cost.rstrip(".")
    return None


def looks_like_card_data(source: SourceText) -> bool:
    """A JSON document: the first thing in it opens an object or a list."""
    first = next((line.strip() for line in source.lines if line.strip()), "")
    return first.startswith(("{", "["))


def parse(source: SourceText) -> ParsedDocument:
    """Read mtgtreachery's card JSON into card texts; SourceError naming the field if it is not that."""
    return _Reader(source).read()
