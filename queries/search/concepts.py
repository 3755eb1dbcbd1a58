"""The rules' concepts a question names, and how much each entry is about them.

db/search_concepts.py reads the concepts from the documents at build time (headings, section
titles, glossary terms, mechanics, cards), each with its ``home`` (the entries about it) and its
``profile`` (the words that set its home apart). Here a query's words (already corrected and
translated from players' words, words.py) are matched against the concepts' names in any form
the stems allow ("blockers" is block, "legendary" legend, "tapped" tap), and every entry in a
named concept's home is scored by

- the query's other words it has (each by how rare it is), and
- the other named concepts it speaks of: their name, or the words of their profile (702.2c, in
  deathtouch's home, speaks of trample's "lethal", "excess", "assign").

An entry about every concept a question names ranks first: "does deathtouch work with trample"
gives 702.2c and 702.19b, "mulligan in two headed giant" the mulligan rule on multiplayer games.
"""

from __future__ import annotations

import itertools
import json
import math
import re
import sqlite3
import sys
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from functools import cache, cached_property

from rulebook.ingest.words import WORDS, inflections

from .snippets import matched_spans
from .words import NEGATIONS, Word

OPTION_STEMS = ("option", "variant")  # the last word of an option's or variant's heading, stemmed
VARIANT = OPTION_STEMS[1]  # of those, a variant's ("810. Two-Headed Giant Variant"): the whole game for those who play
# it, left out wherever its name is not said (Concepts.unasked). On the blind sets' fit half (670 questions)
# hit@5 0.852 -> 0.854, MRR@10 0.692 -> 0.694, with the 8 official editions 0.840 -> 0.843 and 0.688 -> 0.690
# ("proliferate poison counters": 701.34b, Two-Headed Giant's 810.10 rules no longer before it); the answer
# boxes and queries.json the same. An option of another concept (Brawl of Commander) is left out the same way:
# MRR@10 0.701 -> 0.703, with the 8 editions 0.688 -> 0.690 (it was only inside a concept the query names). An
# option on its own is not: "can I send creatures at two players" asks for 802, the Attack Multiple Players Option
SINGLE_WORD_MAX_SHARE = 0.05  # a one-word name in more entries than this ("creature") is a word, not a concept
BEST_OF_HOME = 5  # candidates each named concept brings into the first places
PREFIX_MIN = 3  # "tap" is tapped's stem's beginning; shorter beginnings say too little
ENDINGS = {"er", "ed", "s", "p", "pe", "e"}  # what a stem may add and still be the same word: blocker, tapp
AGENT, AGENT_MIN = "er", 5  # one who does it, from a word of five letters or more: a blocker blocks, but
# an offer is no "off" ("does the sword fall off" named Offering), a lander no "land", a locker no "lock"
NAME_GAP = 7  # characters between two words of a name as typed: " of my " ("at the end of my turn" names At
# End of Turn), not " with it " ("attack with it right away" named the Attack Right Option, whose 803.1b came
# first for a question on summoning sickness). On the blind sets' fit half (670 questions) hit@5 0.855 ->
# 0.857, MRR@10 0.700 -> 0.701, one right answer box more; with the 8 official editions MRR@10 0.687 -> 0.688,
# one right box more; 5 to 8 alike
SPECIFIC = 0.5  # how specific a name must be (specific()) for an entry to miss it: "team" or "game" says little
SPEAKS_OF = 0.5  # how much an entry outside a concept's home must speak of it (_speaks_of) not to miss it
# A list of five items or more, each of one to three words ("flying, first strike, double strike,
# deathtouch, ..., and vigilance", 122.1b): an entry naming a concept only there does not speak of it
_ITEM = r"(?!(?:and|or) )[\w'’/+-]+(?: [\w'’/+-]+){0,2}"  # "and C" ends a list; it is no item of its middle
LIST_ITEMS = 5
LIST = re.compile(rf"(?<![\w'’/+-])(?:{_ITEM}, ){{{LIST_ITEMS - 1},}}(?:(?:and|or) )?{_ITEM}")
SPECIFIC_FROM, SPECIFIC_AT = 2.5, 5.0  # ln(entries/df) of a name's rarest word: in 8% of entries (says
# nothing of what the question is about), and in 0.7% (a keyword, a mechanic, a card)


@dataclass(frozen=True)
class Concept:
    name: str
    stems: tuple[str, ...]
    home: tuple[int, ...]
    profile: tuple[str, ...]

    @cached_property
    def written(self) -> tuple[str, ...]:
        """The words of its name as a query's are read (words.py): "Day and Night" is "day night",
        "The Ætherist" "aetherist"."""
        return tuple(token.text for token in WORDS(self.name))

    @cached_property
    def home_set(self) -> frozenset[int]:
        """Its home, to ask of an entry: every search asks it of hundreds."""
        return frozenset(self.home)

    @cached_property
    def profile_set(self) -> frozenset[str]:
        """Its profile, to count an entry's words in it (_speaks_of)."""
        return frozenset(self.profile)

    @cached_property
    def name_forms(self) -> tuple[frozenset[str], ...]:
        """Each word of its name in the forms an entry may say it: its stem, or its opposite's ("untapped")."""
        return tuple(frozenset([stem, *(prefix + stem for prefix in NEGATIONS)]) for stem in self.stems)


@dataclass(frozen=True)
class Counts:
    """How many of ``entries`` entries use each word: stems in the newest entries (what the
    full-text index counts), or words as written in every edition's (the speller's vocabulary).
    A word's share of the entries says whether it is a name or a mere word, its rarity how
    specific a name it is. A build has entries, or no concepts to count."""

    by_word: dict[str, int]
    entries: int

    def share(self, word: str) -> float:
        """The share of the entries that use the word, 0 to 1."""
        return self.by_word.get(word, 0) / self.entries

    def rarity(self, word: str) -> float:
        """ln N/(1 + df), as bm25's idf."""
        return math.log(self.entries / (1 + self.by_word.get(word, 0)))


@dataclass
class Named:
    """A concept a query names, and where: the positions of the words naming it."""

    concept: Concept
    positions: frozenset[int]
    as_written: bool = False  # by the words of its name as the query has them ("phasing", not "phase")
    spelled: bool = False  # by them or their plural, past or -ing form ("planeswalker": Planeswalkers)


@dataclass
class About:
    """How much entries are about the concepts a query names: a score from 0 to 1 each, and the
    best of each concept's home (candidates for the first places)."""

    named: list[Named] = field(default_factory=list)
    scores: dict[int, float] = field(default_factory=dict)
    best: list[int] = field(default_factory=list)
    specific: list[Concept] = field(default_factory=list)  # the concepts named that say what it is about
    unasked: frozenset[int] = frozenset()  # the entries of the options of play the question does not name

    def misses(self, entry_id: int, words: str, body: str) -> int:
        """How many of the specific concepts named an entry is neither under nor speaks of (its
        indexed ``words``, its ``body``): "mulligan in two headed giant" asks of both, and 810.1,
        which only says what Two-Headed Giant is, misses the mulligan; "does deathtouch work with
        trample" asks how they meet, and 122.1b, which lists both among the keyword counters, misses
        both."""
        if len(self.specific) < 2:
            return 0
        used = frozenset(words.split())
        return sum(
            1
            for concept in self.specific
            if entry_id not in concept.home_set
            and (_speaks_of(used, concept) < SPEAKS_OF or only_listed(body, concept))
        )


class Concepts:
    """Every concept of one build, indexed by the words of their names."""

    def __init__(
        self,
        concepts: list[Concept],
        words: dict[int, frozenset[str]],
        kinds: dict[int, str],
        family_names: Collection[str] = (),
    ):
        self.concepts = concepts
        self.words, self.kinds = words, kinds
        self.by_stem: dict[str, list[int]] = {}
        for number, concept in enumerate(concepts):
            for stem in set(concept.stems):
                self.by_stem.setdefault(stem, []).append(number)
        # each option of play, and the names of the concepts it is part of (Brawl Option: Commander),
        # but a whole body of rules (Treachery's options are asked of by saying "treachery")
        self.options = [
            (
                option,
                [
                    concept.stems
                    for concept in concepts
                    if set(option.home) < set(concept.home) and not set(concept.stems) <= set(family_names)
                ],
            )
            for option in concepts
            if option.stems and option.stems[-1] in OPTION_STEMS
        ]

    @classmethod
    def read(cls, connection: sqlite3.Connection, family_names: Collection[str] = ()) -> Concepts | None:
        try:
            rows = connection.execute("select name, stems, home, profile from search_concepts").fetchall()
        except sqlite3.Error:  # a database built before concepts
            return None
        concepts = [
            Concept(name, tuple(stems.split()), tuple(json.loads(home)), tuple(profile.split()))
            for name, stems, home, profile in rows
        ]
        ids = sorted({entry_id for concept in concepts for entry_id in concept.home})
        words, kinds = {}, {}
        for start in range(0, len(ids), 500):
            chunk = ids[start : start + 500]
            for entry_id, kind, entry_words in connection.execute(
                f"select id, kind, words from search_entries where id in ({', '.join('?' * len(chunk))})", chunk
            ):
                words[entry_id], kinds[entry_id] = (
                    frozenset(map(sys.intern, entry_words.split())),
                    kind,
                )  # one copy of each word
        return cls(concepts, words, kinds, family_names)

    def may_name(self, stem: str) -> bool:
        """Whether a word of this stem is a word of a concept's name ("night": Day and Night),
        whether or not the query has the name's other words. The stem itself, not its other forms:
        by those, "here" would be Her Seedborn Highness's "her" and "clean" The Cleaner's."""
        return stem in self.by_stem

    def named_in(self, searched: list[Word], stems: Counts, written: Counts) -> list[Named]:
        """The concepts the query's words name, the longest name first; a concept named by words
        that also name a longer one ("giant" in "two-headed giant") is not named on its own. A
        one-word name in more than SINGLE_WORD_MAX_SHARE of the entries is a word, counted by its
        ``stems``, or by its ``written`` words if it was typed so: "phasing" is in a dozen entries,
        its stem "phase" in hundreds. Of two names of one stem, the one the words spell is named
        (_written_otherwise)."""
        found: dict[str, Named] = {}
        candidates = {
            number
            for word in searched
            for stem in word.stems
            for form in _forms(stem)
            for number in self.by_stem.get(form, ())
        }
        first_position = _first_positions(searched, stems.by_word)
        for number in candidates:
            concept = self.concepts[number]
            positions = _spelled_positions(concept, searched) or _positions(concept.stems, first_position, searched)
            if positions is None:
                continue
            as_written = _as_written(concept, searched, positions)
            counts, words = _counted_by(concept, as_written, stems, written)
            if len(concept.stems) == 1 and max(map(counts.share, words)) > SINGLE_WORD_MAX_SHARE:
                continue
            named = found.get(concept.name)
            if named is None or len(positions) > len(named.positions):
                found[concept.name] = Named(concept, positions, as_written, _spelled(concept, searched, positions))
        ordered = sorted(
            found.values(),
            key=lambda named: (
                -len(named.positions),
                -len(named.concept.stems),
                not named.spelled,
                named.concept.name,
            ),
        )
        kept: list[Named] = []
        for named in ordered:
            if not any(named.positions < other.positions or _written_otherwise(named, other) for other in kept):
                kept.append(named)
        return kept

    def about(self, searched: list[Word], stems: Counts, written: Counts, kind: str | None) -> About:
        """How much each entry of the named concepts' homes is about the question: the share of
        the named concepts it is about (in its home, or speaking of it), each concept counting by
        how specific its name is (``specific``), times how many of the query's other words it has.
        A name typed as written is as rare as its written words ("phasing", not "phase")."""
        named = self.named_in(searched, stems, written)
        unasked = self.unasked({stem for word in searched for stem in word.stems}, stems.by_word)
        if not named:
            return About(unasked=unasked)
        weights = [
            specific(max(map(counts.rarity, words)))
            for counts, words in (_counted_by(item.concept, item.as_written, stems, written) for item in named)
        ]
        total = sum(weights)
        about = About(
            named,
            specific=[item.concept for item, weight in zip(named, weights) if weight >= SPECIFIC],
            unasked=unasked,
        )
        if not total:
            return about
        mean_weight = total / len(named)
        naming = set().union(*(item.positions for item in named))
        rest = [  # the query's other words: each one's stems and their rarity, the rarest first
            sorted(((stems.rarity(stem), stem) for stem in word.stems), reverse=True)
            for position, word in enumerate(searched)
            if position not in naming and not word.game_number
        ]
        weight_of_rest = sum(rarities[0][0] for rarities in rest if rarities)
        for this, weight in zip(named, weights):
            others_named = [
                (item.concept, item_weight) for item, item_weight in zip(named, weights) if item is not this
            ]
            scored = []
            for entry_id in this.concept.home:
                if kind and self.kinds.get(entry_id) != kind:
                    continue
                words = self.words.get(entry_id, frozenset())
                share = weight
                for other, other_weight in others_named:
                    share += other_weight * (1.0 if entry_id in other.home_set else _speaks_of(words, other))
                has_rest = sum(next((rarity for rarity, stem in rarities if stem in words), 0.0) for rarities in rest)
                others = has_rest / weight_of_rest if weight_of_rest else 1.0
                scored.append((share / total * (0.5 + 0.5 * others), entry_id))
            scored.sort(key=lambda pair: (-pair[0], pair[1]))
            best = scored[0][0] if scored and scored[0][0] > 0 else 1.0
            for place, (score, entry_id) in enumerate(scored, start=1):
                # the best of a home first, as places in a ranking; as much as the names are specific
                ranked = score / best * mean_weight * 4 / (3 + place)
                if ranked > about.scores.get(entry_id, 0.0):
                    about.scores[entry_id] = ranked
            about.best.extend(entry_id for _, entry_id in scored[:BEST_OF_HOME])
        return about

    def unasked(self, stems: set[str], frequency: dict[str, int]) -> frozenset[int]:
        """The entries of the options and variants of play ("903.12 Brawl Option", "808. Team vs.
        Team Variant") whose name the query does not say, by its rarest word: their rules change
        the game's for those who chose them, and answer no one else ("can my commander be a
        planeswalker": 903.3 says no, Brawl's 903.12c yes). A variant, and an option of another
        concept (Brawl of Commander, the Archenemy Commander Option of Archenemy), is left out
        wherever its name is not said: "proliferate poison counters" is not asked of Two-Headed
        Giant's shared counters, nor "shared poison counters" of Archenemy Commander's 904.13c. An
        option of play on its own stays: "can I send creatures at two players" asks for 802 (see
        VARIANT)."""
        left_out: set[int] = set()
        for option, part_of in self.options:
            own = [stem for stem in option.stems if stem not in OPTION_STEMS]
            if not own or min(own, key=lambda stem: (frequency.get(stem, 0), stem)) in stems:
                continue
            if option.stems[-1] == VARIANT or part_of:
                left_out.update(option.home)
        return frozenset(left_out)


def _written_otherwise(named: Named, other: Named) -> bool:
    """Whether ``other``, whose name the same words spell (as written, or their plural, past or
    -ing form), is what they name, where ``named`` only shares its stems: "commander" names
    Commander, not Command (the zone); "planeswalker" Planeswalkers, not Planeswalk."""
    return (
        other.spelled
        and not named.spelled
        and named.positions == other.positions
        and named.concept.stems == other.concept.stems
    )


def _counted_by(concept: Concept, as_written: bool, stems: Counts, written: Counts) -> tuple[Counts, tuple[str, ...]]:
    """What a concept's name is counted by, for its share of the entries and its rarity: its words
    as written if the query has them so ("phasing" is in a dozen entries), else its stems ("phase",
    in hundreds)."""
    return (written, concept.written) if as_written else (stems, concept.stems)


def specific(rarity: float) -> float:
    """How specific a concept's name is, 0 to 1, by its rarest word's rarity (ln N/df): "team"
    or "protection" say little, "deathtouch" or "mulligan" say exactly what the question is about."""
    return min(1.0, max(0.0, (rarity - SPECIFIC_FROM) / (SPECIFIC_AT - SPECIFIC_FROM)))


def _first_positions(searched: list[Word], frequency: dict[str, int]) -> Callable[[str], int | None]:
    """The position of the query's first word that is a concept name's word in some form, for
    each word of a name, worked out once per query (many concepts share their words)."""

    @cache
    def first_position(stem: str) -> int | None:
        return next(
            (
                number
                for number, word in enumerate(searched)
                if any(_same(stem, typed, frequency) for typed in word.stems)
            ),
            None,
        )

    return first_position


def _positions(
    stems: tuple[str, ...], first_position: Callable[[str], int | None], searched: list[Word]
) -> frozenset[int] | None:
    """The positions of the query's words naming every word of a name (one may be missing from a
    name of three words or more: "two headed giant" names Two-Headed Giant Variant), or None. The
    words of a name stand together: next to each other among the words searched, and no more than
    NAME_GAP characters apart as typed."""
    positions = {position for position in map(first_position, stems) if position is not None}
    needed = len(stems) if len(stems) <= 2 else len(stems) - 1
    if len(positions) < needed or not positions:
        return None
    if max(positions) - min(positions) + 1 != len(positions):
        return None
    ordered = sorted(positions)
    if any(searched[after].start - searched[before].end > NAME_GAP for before, after in itertools.pairwise(ordered)):
        return None
    return frozenset(positions)


def _spelled_positions(concept: Concept, searched: list[Word]) -> frozenset[int] | None:
    """The positions of the query's words that spell the concept's name, side by side (as written,
    or their plural, past or -ing form), or None: "can my commander go to the command zone" names
    Command (the zone) by its "command", where the first word of its stem is "commander"."""
    written = concept.written
    for start in range(len(searched) - len(written) + 1):
        words = searched[start : start + len(written)]  # word by word, first letter first: most fail at once
        if all(
            word.typed[:1] == name[:1] and word.as_typed and inflections(word.typed, name)
            for word, name in zip(words, written)
        ):
            return frozenset(range(start, start + len(written)))
    return None


def _as_written(concept: Concept, searched: list[Word], positions: frozenset[int]) -> bool:
    """Whether the query's words at ``positions`` are the concept's name as written (corrected if
    misspelled): "equip" is Equip's, not Equipment's, though both are the stem "equip". A rules'
    word a phrase put in place of the typed one is not as written ("identity types" is read as
    "identity subtypes", but was not typed so)."""
    return _typed(searched, positions) == " ".join(concept.written)


def _spelled(concept: Concept, searched: list[Word], positions: frozenset[int]) -> bool:
    """Whether the query's words at ``positions`` are the concept's name as written or its plural,
    past or -ing form (ingest/words.inflections): "planeswalker" spells Planeswalkers (306), not
    Planeswalk (701.31, Planechase's action), though all three are the stem "planeswalk"."""
    typed = _typed(searched, positions)
    return typed is not None and inflections(typed, " ".join(concept.written))


def _typed(searched: list[Word], positions: frozenset[int]) -> str | None:
    """The query's words at ``positions`` as typed (corrected if misspelled), or None if a phrase
    put a rules' word in place of one."""
    words = [searched[position] for position in sorted(positions)]
    return " ".join(word.correction or word.typed for word in words) if all(word.as_typed for word in words) else None


def _forms(stem: str) -> set[str]:
    """The stem and the forms _same may find it the same word as: with an ending, or without."""
    forms = {stem, *(stem + ending for ending in ENDINGS)}
    forms.update(
        stem[: -len(ending)] for ending in ENDINGS if stem.endswith(ending) and len(stem) - len(ending) >= PREFIX_MIN
    )
    return forms


def _same(stem: str, typed: str, frequency: dict[str, int]) -> bool:
    """The same word in another form: "block" and "blocker", "tap" and "tapp" (tapped): the
    longer is the shorter and an ending, and no more used than it ("counter" is a word of its
    own, used more than "count")."""
    if stem == typed:
        return True
    if stem[:PREFIX_MIN] != typed[:PREFIX_MIN]:  # most pairs: no word begins the other (a search asks thousands)
        return False
    short, long = sorted((stem, typed), key=len)
    ending = long[len(short) :]
    return (
        len(short) >= (AGENT_MIN if ending == AGENT else PREFIX_MIN)
        and long.startswith(short)
        and ending in ENDINGS
        and frequency.get(long, 0) <= frequency.get(short, 0)
    )


def only_listed(body: str, concept: Concept) -> bool:
    """Whether ``body`` names the concept, every word of its name, only in lists of many (LIST):
    one of fifteen keyword counters is no rule about that keyword."""
    if body.count(", ") < LIST_ITEMS - 1:  # most entries: no list to look for (a search reads hundreds)
        return False
    lists = [found.span() for found in LIST.finditer(body)]
    if not lists:
        return False
    each_word = [matched_spans(body, frozenset([stem])) for stem in concept.stems]
    return all(each_word) and all(
        any(start <= at < end for start, end in lists) for spans in each_word for at, _ in spans
    )


def _speaks_of(words: frozenset[str], concept: Concept) -> float:
    """How much an entry speaks of a concept it is not under: its name (1), or the share of its
    profile's words it uses."""
    if all(not words.isdisjoint(forms) for forms in concept.name_forms):
        return 1.0
    if not concept.profile:
        return 0.0
    return min(1.0, 2 * len(words & concept.profile_set) / len(concept.profile))
