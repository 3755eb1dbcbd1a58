"""Tell an unmarked ruling from more rules text.

Release notes usually mark rulings with bullets, but the PDF conversion loses some of them,
and "choose one —" modes are bullets too. These heuristics decide, for a paragraph after a
card's text or a bullet after its modal line, whether it explains the card (a ruling) or is
part of it. They use general signs only: the possessive of the card's own name, words that
card text never uses, ability-shaped openings, length and layout — never a card's name list.
This module owns those signs; the parser asks it and keeps the state.
"""

from __future__ import annotations

import itertools
import re

from .repairs import wraps

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
_MODE_WORD = re.compile(r"\bmodes?\b", re.IGNORECASE)

_PARENTHETICAL = re.compile(r"\([^()]*\)")


def without_reminders(text: str) -> str:
    """Text with parenthesised reminder text removed."""
    previous = None
    while previous != text:
        previous, text = text, _PARENTHETICAL.sub(" ", text)
    return re.sub(r"\s+", " ", text).strip()


def _names_itself(text: str, names: list[str]) -> bool:
    """The text speaks of the card in the possessive ("Kaito's ninjutsu ability"): card text says "this"."""
    return any(re.search(re.escape(name) + r"(?:'s|')(?!\w)", text) for name in names)


def _bare(text: str, names: list[str]) -> str:
    """The text with the card's own names and its reminder text taken out."""
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, "CARDNAME")
    return without_reminders(text)


def mode_reads_like_ruling(text: str, names: list[str]) -> bool:
    """Is this bullet after a "choose one —" line a ruling about the modes rather than a mode?"""
    if _names_itself(text, names):
        return True
    bare = _bare(text, names)
    if _RULING_WORDS.search(bare) or _MODE_WORD.search(bare):
        return True
    return len(bare) > 200


def paragraph_reads_like_ruling(lines: list[str], names: list[str], compact: bool) -> bool:
    """Is this unmarked paragraph (its lines as printed) after a card's text a ruling rather than more text?

    ``compact``: the card's text sat in the same paragraph as its header, so a new paragraph
    that opens no ability is a ruling.
    """
    text = " ".join(lines)
    if _names_itself(text, names):
        return True
    bare = _bare(text, names)
    if _RULING_WORDS.search(bare):
        return True
    if _ABILITY_START.match(text):
        return False
    if any(wraps(a, b) for a, b in itertools.pairwise(lines)):
        return True  # a wrapped prose paragraph after a complete card
    if compact:
        return True
    return len(bare) > 200
