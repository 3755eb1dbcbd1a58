"""What bm25 cannot see, as named signals: each is a small function that says how much an
entry's score is multiplied by, and ``SIGNALS`` lists them in the order they apply. The best
entries of each word tier (tiers.py: RERANKED current ones, and the old ones among them) are
reranked by all of them.

    score = bm25 × signal_1 × signal_2 × ...

Each factor carries its reason in its constant; a new signal is a function added to the list.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property, lru_cache

from rulebook.db.families import FAMILY_PREFERENCE
from rulebook.ingest.numbers import NUMBER, canonical
from rulebook.ingest.words import STEMMED_WORDS

from .index import Candidate, SearchIndex
from .words import Word, has

PHRASE_BONUS = 0.5  # score * 1.5 for an entry with every two neighbouring words side by side
NAME_BONUS = 1.0  # score * 2 for a card, glossary term or mechanic whose name has every word
EXACT_NAME_BONUS = 0.5  # score * 2.5 when that name is all the query says: "mulligan" is the glossary's Mulligan
# before its Vancouver, Paris and London Mulligans, "trample" Trample before Trample Over Planeswalkers; at 1.0
# the official glossary's Role (a token) passed Treachery's 205.3tr for "what is my role"
POINTER_FACTOR = 0.5  # a glossary entry that sends the reader to a rule ("See rule 103.5"), below that rule
FOCUS_BONUS = 0.5  # score * 1.5 for an entry with the word a question asks about ("which team")
FAMILY_BONUS = 0.2  # score * 1.2 in the family judges reach for first (db/families.py: the Treachery rules)
OWNER_BONUS = 0.5  # score * 1.5 for a card note or mechanic ruling with more of the query than the
# name of its card or mechanic, which the query names
EVERY_WORD_OWNER_BONUS = 1.0  # score * 2 for one with every other word of the query: of the card's notes,
# the one that answers. Fitted on the blind sets' fit half: the answer box on 23 questions, not 19, right
# on all 23 (hit@5 and MRR the same); 0.75 showed none more, 1.5 one more and a wrong one; with the
# 8 official editions 23 boxes, not 19, all right
UNNAMED_CARD_FACTOR = 0.6  # a card the query does not name, matched by a common word of its name ("game")
UNNAMED_NOTE_FACTOR = 0.5  # a card note the query does not name the card of: a question without a card name
# asks about the rules in general ("can I look at my face-down creature"), not one card
OTHER_QUESTION_FACTOR = 0.5  # an FAQ answer whose question shares none of its words with the query; half of
# them, 0.75; its rarest, which names what it asks about ("platinum"), all. Fitted on the blind sets' fit half:
# hit@5 0.888 -> 0.893, MRR@10 0.688 -> 0.695, the phrased and typed sets the same; 0.3 to 0.75 within a
# question of it. With the 8 official editions, MRR@10 0.674 -> 0.678

OBSOLETE = " (Obsolete)"  # how the glossary names a term the rules no longer use
OBSOLETE_FACTOR = 0.5  # such an entry whose name the query does not say all of: "cast" gave Successfully Cast,
# Casting Cost and Total Casting Cost (Obsolete) before Cast, "enchant" Global and Local Enchantment. On the
# blind sets' fit half, queries.json and the judge audit no question moves (0.3 alike)
EXAMPLE_FACTOR = 0.7  # score * 0.7 for a rule found by its examples' words (said_in_its_examples): 0.6 to 0.8 alike
EXAMPLE_SHARE = 0.5  # a rule is, when the query's words only its examples have outnumber this share of those
# it says itself. Both fitted on the blind sets' fit half (1,036 questions; at 018280c): MRR@10 0.682 -> 0.684,
# hit@5 0.837 -> 0.838, answer boxes 117 (112 right) -> 122 (116); with the 8 official editions MRR@10 0.672 ->
# 0.677, hit@5 0.826 alike, boxes 120 (115) -> 122 (116); queries.json the same. At a share of 0.3, hit@5 fell;
# at 1.0, MRR@10 gained less. Counting the common words too gave MRR@10 0.687 but "one" took 101.2's place
_ANOTHER_NAME = re.compile(r"See (?!(?:official )?rules? )(?P<term>[^.\n]+)\.$")  # the entry's whole text
_POINTS_TO_RULES = re.compile(rf"\bSee (?:official )?rules? (?P<number>{NUMBER}|\d{{3}}\b)", re.IGNORECASE)


@dataclass
class Asked:
    """What the signals need to know of the query: its searched words, and the index for how
    common a word is."""

    searched: list[Word]
    index: SearchIndex
    focus: Word | None = None  # the word a question asks about: "which TEAM am I on"
    all_searched: bool = True  # every word typed is searched ("staring player": "staring" is not)

    @cached_property
    def stems(self) -> set[str]:
        return {stem for word in self.searched for stem in word.stems}

    @cached_property
    def pairs(self) -> list[set[str]]:
        """Each two neighbouring words, as " stem stem " in any of their forms; a number and its
        word either way round: a player's "0 toughness" is the rules' "toughness 0" (704.5f)."""
        return [
            {
                f" {one} {other} "
                for first_stems, second_stems in _either_way(first, second)
                for one in first_stems
                for other in second_stems
            }
            for first, second in itertools.pairwise(self.searched)
            if first.stems and second.stems
        ]

    @cached_property
    def uncommon(self) -> list[Word]:
        """The searched words in at most COMMON_SHARE of the entries: those that set an entry apart."""
        return [word for word in self.searched if not self.index.is_common(word.stems, word.number)]

    def names(self, owner: str | None) -> bool:
        """Whether the query names ``owner`` (a card or mechanic; the module's ``names``)."""
        return names(owner, self.stems, self.index.frequency)


def _either_way(first: Word, second: Word) -> list[tuple[list[str], list[str]]]:
    """Two neighbouring words in the order typed, and the other way round if one is a number."""
    if first.game_number or second.game_number:
        return [(first.stems, second.stems), (second.stems, first.stems)]
    return [(first.stems, second.stems)]


def about_its_owner(candidate: Candidate, asked: Asked) -> float:
    """A card note or ruling whose card or mechanic the query names, and which has more of the
    query than that name ("séance board morbid": the Séance Board's notes on morbid), ranks up,
    and more with all the rest of the query; a card or card note whose card the query does not
    name ranks down: a question without a card name asks about the rules, not one card."""
    if candidate.kind in ("card_note", "mechanic_ruling") and asked.names(candidate.owner):
        about = set(stems_of(candidate.owner))
        had = [has(candidate.words, word) for word in asked.searched if not about.intersection(word.stems)]
        if had and all(had):
            return 1 + EVERY_WORD_OWNER_BONUS
        return 1 + OWNER_BONUS if any(had) else 1.0
    if candidate.kind == "card" and not asked.names(candidate.owner):
        return UNNAMED_CARD_FACTOR
    if candidate.kind == "card_note" and not asked.names(candidate.owner):
        return UNNAMED_NOTE_FACTOR
    return 1.0


def asks_what_its_faq_asks(candidate: Candidate, asked: Asked) -> float:
    """An FAQ answer is the answer to its own question: one whose question the query shares few
    words of, and not the rarest (what it asks about), answers another. "the leader is dead, do
    the guardians lose too" is not "Does the Traitor need to defeat the Guardian?", though its
    answer speaks of leaders and losing; "platnum angle leader" asks about Platinum Angel."""
    if candidate.kind != "faq":
        return 1.0
    words = question_words(candidate, asked.index)
    if not words or min(words, key=lambda stem: (asked.index.frequency[stem], stem)) in asked.stems:
        return 1.0
    share = sum(1 for stem in words if stem in asked.stems) / len(words)
    return OTHER_QUESTION_FACTOR + (1 - OTHER_QUESTION_FACTOR) * share


def question_words(faq: Candidate, index: SearchIndex) -> list[str]:
    """The words of an FAQ's question that name something: not one in more than COMMON_SHARE of
    all entries ("card", "ability"), nor one only the FAQ itself uses ("saw")."""
    return [stem for stem in stems_of(faq.identity) if index.frequency.get(stem, 0) > 1 and not index.is_common([stem])]


def points_elsewhere(candidate: Candidate, asked: Asked) -> float:
    """A glossary entry that only sends the reader to a rule ranks below that rule."""
    return POINTER_FACTOR if pointed_to(candidate) else 1.0


def pointed_to(candidate: Candidate) -> str | None:
    """The rule or section a glossary entry sends the reader to first ("See rule 500.7": 500.7)."""
    found = _POINTS_TO_RULES.search(candidate.body) if candidate.kind == "glossary" else None
    return canonical(found["number"]) if found else None


def sends_to(glossary: Candidate, rule: Candidate) -> bool:
    """Whether a glossary entry sends the reader to ``rule`` ("Commander Tax: See rule 903.8")."""
    number = pointed_to(glossary)
    return number is not None and is_rule(rule, number)


def stands_for(candidate: Candidate) -> str | None:
    """The glossary term a glossary entry is only another name for ("APNAP Order": "See Active
    Player, Nonactive Player Order."; "Forestwalk": "See Landwalk.")."""
    found = _ANOTHER_NAME.match(candidate.body) if candidate.kind == "glossary" else None
    return found["term"] if found else None


def is_rule(candidate: Candidate, number: str) -> bool:
    """Whether a candidate is rule ``number``, or its first subrule where the rule is a heading
    with no text of its own ("See rule 701.68": 701.68a, not 701.68c)."""
    own = canonical(candidate.number) if candidate.number else None
    return own in (number, f"{number}a")


def share_of_words(candidate: Candidate, asked: Asked) -> float:
    """How many of the query's words it has (bm25 counts only the less common ones when few
    entries have them all)."""
    share = sum(1 for word in asked.searched if has(candidate.words, word)) / len(asked.searched)
    return ((1 + share) / 2) ** 2


def named_by_every_word(candidate: Candidate, asked: Asked) -> float:
    """A card, glossary term or mechanic whose name has every word ("great martyr": The Great
    Martyr above its notes), and more if the name is all the query says."""
    if not candidate.name:
        return 1.0
    name = set(stems_of(candidate.name))
    if not all(name.intersection(word.stems) for word in asked.searched):
        return 1.0
    exact = asked.all_searched and name <= asked.stems
    return 1 + NAME_BONUS + (EXACT_NAME_BONUS if exact else 0.0)


def side_by_side(candidate: Candidate, asked: Asked) -> float:
    """Words side by side as typed ("starting player", not "player's starting"; "leave the
    game" is also "left the game")."""
    if not asked.pairs:
        return 1.0
    found = sum(1 for pair in asked.pairs if any(words in candidate.words for words in pair))
    return 1 + PHRASE_BONUS * found / len(asked.pairs)


def has_what_is_asked(candidate: Candidate, asked: Asked) -> float:
    """What a question asks for ("which team am I on", "what zone does it go to"): an entry
    that speaks of it answers more than one that only tells the story around it."""
    if asked.focus is None:
        return 1.0
    return 1 + FOCUS_BONUS if has(candidate.words, asked.focus) else 1.0


def judges_first_family(candidate: Candidate, asked: Asked) -> float:
    """The family judges reach for first (db/families.py)."""
    return 1 + FAMILY_BONUS if candidate.family == FAMILY_PREFERENCE[0] else 1.0


def said_in_its_examples(candidate: Candidate, asked: Asked) -> float:
    """A rule that has more of the query's words only in its examples than EXAMPLE_SHARE of those
    it says itself tells of a card or a board like the question's ("Lightning Helix", "a 4/4"), not
    the answer to it. Words in more than COMMON_SHARE of the entries count for neither ("one")."""
    if not candidate.said_words:
        return 1.0
    in_said = [has(candidate.said_words, word) for word in asked.uncommon]
    told = sum(1 for word, said in zip(asked.uncommon, in_said) if not said and has(candidate.words, word))
    return EXAMPLE_FACTOR if told > EXAMPLE_SHARE * sum(in_said) else 1.0


def names_an_obsolete_term(candidate: Candidate, asked: Asked) -> float:
    """A glossary entry for a term the rules no longer use ("Casting Cost (Obsolete)", "In Play
    (Obsolete)") ranks below the current ones, unless the query says every word of its name."""
    if candidate.kind != "glossary" or not (candidate.name or "").endswith(OBSOLETE):
        return 1.0
    return 1.0 if set(stems_of(candidate.name.removesuffix(OBSOLETE))) <= asked.stems else OBSOLETE_FACTOR


Signal = Callable[[Candidate, Asked], float]
SIGNALS: list[Signal] = [
    about_its_owner,
    points_elsewhere,
    share_of_words,
    named_by_every_word,
    side_by_side,
    judges_first_family,
    has_what_is_asked,
    asks_what_its_faq_asks,
    names_an_obsolete_term,
    said_in_its_examples,
]


def reranked(candidates: list[Candidate], asked: Asked) -> list[Candidate]:
    """The candidates, each score multiplied by every signal, best first."""
    for candidate in candidates:
        for signal in SIGNALS:
            candidate.score *= signal(candidate, asked)
    return sorted(candidates, key=lambda candidate: (-candidate.score, candidate.id))


@lru_cache(maxsize=8192)
def stems_of(name: str) -> tuple[str, ...]:
    return tuple(token.text for token in STEMMED_WORDS(name))


def names(owner: str | None, stems: set[str], frequency: dict[str, int]) -> bool:
    """Whether a query of ``stems`` names ``owner`` (a card or mechanic) by the rarest word of its
    name: "martyr" names The Great Martyr; "game" does not name Sadistic Shell Game."""
    return bool(owner) and rarest_stem(owner, frequency) in stems


def rarest_stem(name: str, frequency: dict[str, int]) -> str | None:
    """The word of ``name`` the fewest entries use (its stem): what sets the name apart."""
    return min(stems_of(name), key=lambda stem: (frequency.get(stem, 0), stem), default=None)
