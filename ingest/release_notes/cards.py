"""The grammar of a printed card: names, mana costs, type lines, power/toughness, modal choices.

A card in the release notes is printed as a header (name, mana cost, type line, P/T or
loyalty) and rules text. This module owns recognising each of those from one line of text:
whether a line *could* be a card name, a cost, a type line, a costless Scheme header, or a
"choose one —" line whose modes follow as bullets. It is pure and general (the shapes of
Magic cards, never a particular card's name) and knows nothing of pieces or parser state;
deciding which recognised line really starts a card is :mod:`.headers`' job.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import NamedTuple

from ..cleaning import normalize_mana_cost

_SMALL_WORDS = {
    "a", "an", "and", "as", "at", "but", "by", "de", "for", "from", "in", "into", "of", "on",
    "or", "the", "to", "upon", "with", "vs.", "la", "le", "du", "der", "von", "van",
}  # fmt: skip


def is_name(text: str) -> bool:
    """A line that could be a card name: short, Title Case, no sentence punctuation; a nickname
    in quotes is part of one (Henzie "Toolbox" Torre), a mana cost is not one ("4RR")."""
    text = _NICKNAME.sub(r"\1", text.strip())
    if not text or len(text) > 60 or re.search(r"[{}()\[\]:;\"/|<>=*_$\\—–]", text) or _BARE_COST.fullmatch(text):
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


# A nickname printed in quotes inside a name: Henzie "Toolbox" Torre, Henzie “Toolbox” Torre.
_NICKNAME = re.compile(r"(?<=\s)[\"“]([A-Z][\w'-]*(?: [\w'-]+){0,2})[\"”](?=\s)")
# A mana cost as web articles of 2015-2019 print it, without braces: 3BBB, 2WU, b/rb/r, 1(b/g), 4b/pb/pb/p.
_BARE_SYMBOL = r"(?:\d{1,2}|[WUBRGCSXYZ]|\([WUBRGwubrg2]/[WUBRGPwubrgp]\)|[WUBRGwubrg2]/[WUBRGPwubrgp])"
_BARE_COST = re.compile(rf"{_BARE_SYMBOL}+")


def _bare_cost(text: str) -> str | None:
    """``{3}{B}{B}{B}`` for ``3BBB``; None unless the whole text is a brace-less cost."""
    if not _BARE_COST.fullmatch(text):
        return None
    symbols = re.findall(_BARE_SYMBOL, text)
    return "".join("{" + symbol.strip("()").upper() + "}" for symbol in symbols)


_COST = r"\{[^{}]{1,5}\}(?:\s?\{[^{}]{1,5}\}|\s?[0-9WUBRGCXYZSP/]{1,3}\})*\}?\.?"
_MANA_SYMBOL_OK = re.compile(r"^(?:\d+|[WUBRGCXYZS]|[WUBRGC2]/[WUBRGP]|[WUBRG]/[WUBRG]/P|H[WUBRG])$")


def parse_cost(text: str) -> str | None:
    """The normalized mana cost if the whole text is one (``{1}{G}``, ``{6}{B}{B}{B}.``)."""
    text = text.strip()
    if not re.fullmatch(_COST, text):
        text = _bare_cost(text.rstrip(".")) or ""
        if not text:
            return None
    cost = normalize_mana_cost(text)
    if not cost or not all(_MANA_SYMBOL_OK.match(symbol) for symbol in re.findall(r"\{([^{}]+)\}", cost)):
        return None
    return cost


_NAME_COST = re.compile(rf"^(?P<name>[^{{}}$]+?)\s*(?P<cost>{_COST})(?:\s+(?P<rest>\S.*))?$")


# "Bedeck b/rb/r": a name, then a brace-less cost with a colour in it, ending the line.
_NAME_BARE_COST = re.compile(rf"^(?P<name>[^{{}}$]+?)\s+(?P<cost>(?=\S*[A-Za-z]){_BARE_SYMBOL}+)(?P<rest>)$")


class NameCost(NamedTuple):
    name: str
    cost: str  # normalized
    rest: str  # what follows the cost on the same line, "" if nothing


def parse_name_cost(text: str) -> NameCost | None:
    """``Name {cost} rest`` -> (name, normalized cost, rest)."""
    match = _NAME_COST.match(text.strip()) or _NAME_BARE_COST.match(text.strip())
    if not match or not is_name(match["name"]):
        return None
    cost = parse_cost(match["cost"])
    if not cost:
        return None
    return NameCost(match["name"].strip(), cost, (match["rest"] or "").strip())


_SUPERTYPES = "Legendary|Basic|Snow|World|Ongoing|Elite|Host|Token"
_CARD_TYPES = (
    "Artifact|Battle|Creature|Enchantment|Instant|Kindred|Tribal|Land|Planeswalker|Sorcery"
    "|Scheme|Conspiracy|Dungeon|Phenomenon|Plane|Vanguard"
)
_TYPE_LINE = re.compile(rf"^((?:(?:{_SUPERTYPES})\s+)*(?:{_CARD_TYPES})(?:\s+(?:{_CARD_TYPES}))*)(?![\w'-])\s*(.*)$")
_DASH = re.compile(r"^[—–-]\s*")
# A power or toughness: 3, X, *, or a sum such as 1+* (Urborg Lhurgoyf is */1+*).
_PT_VALUE = r"(?:[0-9]+|X|\*)(?:\+(?:[0-9]+|X|\*))?"
_PT = re.compile(rf"^({_PT_VALUE})/({_PT_VALUE})(?!/)\s*(.*)$")
_PT_ONLY = re.compile(rf"^({_PT_VALUE})/({_PT_VALUE})$")
# Words that start rules text rather than continue a subtype list ("Kindred Enchantment — Demon Whenever ...").
_SUBTYPE_STOP = {
    "When", "Whenever", "At", "As", "If", "Each", "Target", "You", "Your", "Enchant", "Equip",
    "Until", "Choose", "Destroy", "Return", "Draw", "Create", "Exile", "Search", "Look", "Put",
    "Counter", "Tap", "Untap", "Add", "This", "Flash", "Flying", "Other", "All", "Creatures",
}  # fmt: skip


@dataclass
class TypeLine:
    """A parsed type line; ``rest`` is the rules text printed after it on a one-line card."""

    line: str
    power: str | None
    toughness: str | None
    rest: str


def parse_type(text: str) -> TypeLine | None:
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
    return TypeLine(line, power, toughness, rest.strip())


# Cards printed without a mana cost whose whole header can sit on one line: "Name Scheme text".
_NO_COST_HEADER = re.compile(r"^(?P<name>.+?)\s+(?P<type>(?:Ongoing\s+)?Scheme)\b\s*(?P<rest>.*)$")


def parse_costless_header(text: str) -> tuple[str, TypeLine] | None:
    """``Name Scheme rules text``: a card printed without a mana cost, whole on one line."""
    match = _NO_COST_HEADER.match(text)
    if not match or not is_name(match["name"]) or parse_type(match["name"]):
        return None
    typed = parse_type(f"{match['type']} {match['rest']}".strip())
    return (match["name"].strip(), typed) if typed else None


def parse_power_toughness(text: str) -> tuple[str, str] | None:
    """A line that is only a creature's power/toughness: ``5/5``, ``*/4``."""
    match = _PT_ONLY.match(text)
    return (match[1], match[2]) if match else None


def is_loyalty(text: str) -> bool:
    """A line that is only a planeswalker's starting loyalty."""
    return bool(re.fullmatch(r"\d+", text))


_CHOICE_COUNTED = re.compile(
    r"\bchoose (?:one|two|three|four|five|one or more|one or both|any number"
    r"|up to (?:one|two|three|four|five))(?: that hasn't been chosen(?: this turn)?)?\s*(?:—|\.|:)",
    re.IGNORECASE,
)
_CHOICE_NAMED = re.compile(r"\bchoose ([A-Z][\w']+) or ([A-Z][\w']+)\b")


@dataclass(frozen=True)
class Choice:
    """A modal line's choice, whose modes follow as bullets.

    "Choose one —" counts its modes (``named`` is empty); "choose Believe or Doubt" names them,
    and each mode bullet then starts with one of the ``named`` words.
    """

    named: frozenset[str] = frozenset()


def choice_in(text: str) -> Choice | None:
    """The choice a line of rules text offers, if any."""
    named = _CHOICE_NAMED.search(text)
    if named:
        return Choice(frozenset({named[1], named[2]}))
    return Choice() if _CHOICE_COUNTED.search(text) else None


def offers_counted_choice(text: str) -> bool:
    """Whether the text says "choose one —", "choose up to two." and the like."""
    return bool(_CHOICE_COUNTED.search(text))


def mode_text(text: str, choice: Choice) -> str:
    """A mode bullet as rules text: ``• Believe — Whenever ...``."""
    if choice.named:
        word = text.split()[0]
        if word in choice.named and not re.match(rf"{re.escape(word)}\s*[—–-]", text):
            text = f"{word} — {text[len(word) :].strip()}"
    return f"• {text}"
