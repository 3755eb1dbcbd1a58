"""Records under construction: the card and the mechanic the parser is filling in.

The parser reads a card over many pieces (header, doors, text, then its rulings) and a GENERAL
NOTES section over many paragraphs; these builders hold what has been read so far, which part
of the card is being read (:class:`CardState`), and turn into the plain records of
:mod:`rulebook.ingest.records` when the card or section ends.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from ..records import Card, CardNote, Mechanic
from .cards import Choice
from .pieces import Piece

SET_CARD = "set card"


class CardState(enum.Enum):
    """Which part of a card the parser is reading."""

    HEADER = "header"  # name, cost, type line, P/T or loyalty
    DOORS = "doors"  # a Room's doors, each with a name, a cost and text, before the shared type line
    TEXT = "text"  # rules text
    NOTES = "notes"  # the card is complete; its rulings follow


@dataclass
class Door:
    """One door of a Room card."""

    name: str | None
    cost: str | None = None
    text: list[str] = field(default_factory=list)


@dataclass
class Half:
    """The first half of a split card, complete, while its second half is read."""

    name: str | None
    cost: str | None
    type_line: str | None
    text: list[str]
    power: str | None = None
    toughness: str | None = None

    def printed(self) -> str:
        """The half as printed: name and cost, type line, power/toughness, rules text."""
        strength = f"{self.power}/{self.toughness}" if self.power is not None else ""
        header = [f"{self.name or ''} {self.cost or ''}".strip(), self.type_line or "", strength]
        return "\n".join([line for line in header if line] + self.text)


@dataclass
class CardBuild:
    """A card being read."""

    name: str | None
    section: str | None
    header_block: int
    lines: list[int] = field(default_factory=list)
    cost: str | None = None
    type_line: str | None = None
    power: str | None = None
    toughness: str | None = None
    loyalty: str | None = None
    doors: list[Door] = field(default_factory=list)
    halves: list[Half] = field(default_factory=list)  # a split card's halves before the one being read
    text: list[str] = field(default_factory=list)  # shared rules text (after the type line for Rooms)
    notes: list[CardNote] = field(default_factory=list)
    state: CardState = CardState.HEADER
    expect_door: bool = False  # just read a "//"
    compact: bool = False  # rules text sat in the same paragraph as the header
    fence_block: int | None = None  # the fence the last text line came from
    choice: Choice | None = None  # after "choose one —" and the like, until the next line of text
    modes: int = 0  # mode bullets read after the choice line
    built: Card | None = None

    def add_lines(self, piece: Piece) -> None:
        self.lines.extend(piece.nos)

    @property
    def reading(self) -> bool:
        """Still reading the card itself (header, doors or text), not its notes."""
        return self.state is not CardState.NOTES

    @property
    def current_text(self) -> list[str]:
        """The lines text is being added to: the last door's until a Room's shared type line."""
        if self.doors and self.type_line is None:
            return self.doors[-1].text
        return self.text

    def names(self) -> list[str]:
        """The names the card goes by: each door's, its own, and the part before a comma ("Kaito")."""
        names = [door.name for door in self.doors if door.name] + [half.name for half in self.halves if half.name]
        if self.name:
            names.append(self.name)
            if "," in self.name:
                names.append(self.name.split(",")[0].strip())
        return names

    def all_text(self) -> str:
        return " ".join(
            [t for door in self.doors for t in door.text] + [t for h in self.halves for t in h.text] + self.text
        )

    def start_half(self, name: str, cost: str | None) -> None:
        """A split card's "//": what was read is its first half; the next half's header follows."""
        self.halves.append(Half(self.name, self.cost, self.type_line, self.text, self.power, self.toughness))
        self.name, self.cost, self.type_line, self.text = name, cost, None, []
        self.power = self.toughness = None
        self.state = CardState.HEADER

    def build(self) -> Card:
        if self.halves:
            halves = [*self.halves, Half(self.name, self.cost, self.type_line, self.text, self.power, self.toughness)]
            name = " // ".join(half.name or "(unnamed half)" for half in halves)
            # a transforming card's back face has no cost: the card's cost is its front's
            costs = [half.cost or "" for half in halves]
            mana_cost = " // ".join(costs) if any(costs[1:]) else halves[0].cost
            type_line = " // ".join(half.type_line or "" for half in halves)
            self.power, self.toughness = halves[0].power, halves[0].toughness  # the front's
            return self._built(name, mana_cost, "\n//\n".join(half.printed() for half in halves), type_line)
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
        return self._built(name, mana_cost, rules_text, self.type_line)

    def _built(self, name: str, mana_cost: str | None, rules_text: str | None, type_line: str | None) -> Card:
        self.built = Card(
            name=name,
            kind=SET_CARD,
            section=self.section,
            mana_cost=mana_cost,
            type_line=type_line,
            power=self.power,
            toughness=self.toughness,
            loyalty=self.loyalty,
            rules_text=rules_text,
            notes=self.notes,
            lines=sorted(set(self.lines)),
        )
        return self.built


@dataclass
class Prose:
    """A paragraph of a GENERAL NOTES section."""

    text: str
    lines: list[int]
    mentions: list[str] = field(default_factory=list)


@dataclass
class MechanicBuild:
    """A GENERAL NOTES section being read."""

    name: str
    lines: list[int]
    level: int | None = None  # its heading's level: a deeper heading inside it groups its rulings
    group: str | None = None  # the heading the rulings being read are printed under
    paragraphs: list[Prose] = field(default_factory=list)
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
