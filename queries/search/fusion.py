"""The first places of a ranking: the word ranking fused with the entries closest in meaning.

For a question (MEANING_MIN_WORDS searched words or more) that its words find answers to, each
candidate (the best WINDOW by words, the closest WINDOW in meaning) scores by its place in the
word ranking, (RANK_K + 1) / (RANK_K + place), 1 for the first, plus MEANING_WEIGHT (for a long
question; SHORT_MEANING_WEIGHT for a short one) times the score of its place among the closest in
meaning, (MEANING_K + 1) / (MEANING_K + place): places, not cosines, since how close the closest
are says little (reciprocal rank fusion). An entry a
later edition removed or replaced counts SUPERSEDED_FACTOR of its score there, unless the query
names an old rule or the scope is an edition. An entry of the rules the question names by name
("who takes the first turn in Treachery") counts NAMED_FAMILY_FACTOR times its score; of the rules
whose own words it uses ("can I flip my traitor in response"), FAMILY_WORD_FACTOR times. A card the
question says no word of the name of counts CARD_NOT_NAMED_FACTOR times; so does, for a query that is
all one concept's name, a card whose name it does not say all of ("mutate" asks for the keyword, not
Leyline of Mutation).
"""

from __future__ import annotations

import dataclasses
import sqlite3
from collections.abc import Collection

from rulebook.ingest.numbers import parent_number

from .concepts import About
from .index import RANKING_FIELDS, Candidate, SearchIndex, read_entries
from .ranking import Asked, pointed_to, sends_to, stands_for, stems_of
from .scope import Scope
from .tiers import WordRanking, is_common

WINDOW = 20  # the first places, where the rankings by words and by meaning are fused
RANK_K = 3  # how fast the score of a place in the word ranking falls: 1, 0.8, 0.67, 0.57...
MEANING_WEIGHT = 0.4  # what being the closest in meaning adds to the score of a place by words, for a long question
SHORT_MEANING_WEIGHT = 0.15  # the same for a question of fewer than LONG_QUESTION words, which its words find
LONG_QUESTION = 5  # searched words: a story ("my opp bounced my token, can I replay it") says in many words
# what a rule says in few, so the closest in meaning count more than for "does the traitor need to kill the guardian"
MEANING_K = 5  # how fast the score of a place in meaning falls: 1, 0.86, 0.75...
# The four were fitted on the blind sets' fit half: 0.4 and 5 sit in the middle of the best plateau
# (0.3-0.5, 1-10); 4 to 8 words and 0.1-0.2 for short questions give the same.
MEANING_MIN_WORDS = 3  # meaning joins in for a question; a name or a keyword or two is found by its words
CONCEPT_WEIGHT = 0.6  # what being the most about every concept the question names adds (concepts.py)
CONCEPT_ALONE_WEIGHT = 0.3  # the same for a query that is all one concept's name: its home's rule comes with the
# glossary's definition ("legend rule": 704.5j first, then the glossary's Legend Rule; "ninjutsu": 702.49a, then
# Ninjutsu), where the glossary's words matched best and the rule was 3rd or 4th ("mulligan" gave the glossary's
# Vancouver, Paris and London Mulligans before 103.5). On the judge audit's 234 queries (a judge's expected rule
# written before each search) top-1 0.40 -> 0.46; on the blind sets' fit half hit@5 the same, MRR@10 0.696 ->
# 0.695 (two questions one place lower), queries.json's 0.918 -> 0.917 (0.906 -> 0.904 with the 8 official
# editions); at 0.2 the audit's top-1 0.43, at 0.45 a right answer box lost
UNASKED_OPTION_FACTOR = 0.5  # an entry of an option of play of another concept, or of a variant, the question
# does not name ("commander damage 21": Brawl's 903.12h, "Brawl games do not use ... 704.6c", came first;
# concepts.Concepts.unasked). With every option not named (not only those of another concept) "leader vs all
# traitors" lost 907.3e (Backstab Rumble), "can I send creatures at two players" 802 (concepts.VARIANT)
MISSING_CONCEPT_FACTOR = 0.7  # for each concept a question of two or more names that an entry misses
# (About.misses); fitted on the blind sets' fit half: MRR@10 0.58 -> 0.60, hit@5 the same (0.7-0.8 alike)
CARD_NOT_NAMED_FACTOR = 0.3  # a card the question says no word of the name of, wherever its words placed it:
# ranking.py's factor only orders it among the entries with as many of the query's words: a card saying "put two +1/+1
# counters" was still first for "does a 0/0 with two +1/+1 counters survive". Fitted on the blind sets' fit
# half: with the 8 official editions hit@5 0.838 -> 0.842, the bundled documents the same (0.2 to 0.5 alike;
# at 0.5 a card was still third for that question)
MIN_SIMILARITY = 0.4  # cosine: below it, an entry is no closer in meaning than a random one
SUPERSEDED_FACTOR = 0.35  # in the window, an entry only older editions have, below current ones
OLD_ROUNDS = 3  # reads of the word ranking to find WINDOW current entries past the old ones
NAMED_FAMILY_FACTOR = 2.0  # an entry of the rules the question names ("the first turn in Treachery": 907.7);
# fitted on the blind sets' fit half: 1.5 to 3 give the same hit@5 (one question more), MRR 0.627 -> 0.630
FAMILY_WORD_FACTOR = 1.2  # an entry of the rules whose own words the question uses ("flip my traitor": Treachery's);
# fitted on the blind sets' fit half: 1.2 gives hit@5 0.892 -> 0.897, MRR 0.686 -> 0.691, queries.json MRR
# 0.919 -> 0.922; 1.5 the same hit@5 and a better MRR, but queries.json's MRR falls to 0.915; 2.0 worse
SUBRULE_SHARE = 0.2  # what a rule gains of each of its subrules' scores (lent_by_subrules); fitted on the
# blind sets' fit half: MRR@10 0.691 -> 0.697, the typed set's 0.791 -> 0.808; 0.15 to 0.35 within a question
# of it, and no better for reading a rule the words did not find, nor for two subrules at least
SUBRULE_MIN_WORDS = 3  # searched words: "mulligan" and "alt cost" name an entry (the glossary's), not a rule
POINTER_REACH = 1  # places: a glossary entry's rule right behind it takes its place ("extra turns": 500.7, then
# the glossary's Extra Turn, "See rule 500.7"); a rule further down leaves the definition first ("teammate").
# Reaching further moves the rules in between too: an unrelated one comes before the definition


def by_place(place: int, k: int = RANK_K) -> float:
    """The score of a place in a ranking: 1 for the first, falling as ``k`` says."""
    return (k + 1) / (k + place)


def fused_window(
    index: SearchIndex,
    by_words: WordRanking,
    asked: Asked,
    text: str,
    scope: Scope,
    skipped,
    keep_old: bool,
    about: About,
) -> tuple[list[Candidate], int]:
    """The first WINDOW results, and how many of them no word of the query finds. An entry about
    the concepts the question names adds CONCEPT_WEIGHT times how much (concepts.py); for a query
    that is only one concept's name, CONCEPT_ALONE_WEIGHT times."""
    searched = asked.searched
    words_first = first_by_words(by_words, keep_old)
    # a question, saying something more specific than "creature card player", with answers in words
    asks = (
        len(searched) >= MEANING_MIN_WORDS and not all(is_common(index, word) for word in searched) and by_words.total()
    )
    closest = closest_in_meaning(index, by_words.connection, text, scope, set(skipped), not keep_old) if asks else []
    closest = [(entry_id, similarity) for entry_id, similarity in closest if similarity >= MIN_SIMILARITY]
    candidates = {candidate.id: candidate for candidate in words_first}
    new = [entry_id for entry_id, _ in closest if entry_id not in candidates]
    new += [entry_id for entry_id in about.best if entry_id not in candidates and entry_id not in skipped]
    new = list(dict.fromkeys(new))
    candidates.update({candidate.id: candidate for candidate in read_entries(by_words.connection, new)})
    place = {candidate.id: number for number, candidate in enumerate(words_first, start=1)}
    weight_of_about = concept_weight(about, asked)
    one_name = is_one_concepts_name(about, asked)
    meaning_weight = MEANING_WEIGHT if len(searched) >= LONG_QUESTION else SHORT_MEANING_WEIGHT
    meaning_place = {entry_id: number for number, (entry_id, _) in enumerate(closest, start=1)}
    named_families = {
        index.family_names[stem] for word in searched for stem in word.stems if stem in index.family_names
    }
    spoken_of = {index.family_words[stem] for word in searched for stem in word.stems if stem in index.family_words}
    for entry_id, candidate in candidates.items():
        candidate.relevance = candidate.score if entry_id in place else 0.0  # by its words
        candidate.word_place, candidate.meaning_place = place.get(entry_id), meaning_place.get(entry_id)
        candidate.about = about.scores.get(entry_id, 0.0)
        score = (
            (by_place(place[entry_id]) if entry_id in place else 0.0)
            + (meaning_weight * by_place(meaning_place[entry_id], MEANING_K) if entry_id in meaning_place else 0.0)
            + weight_of_about * candidate.about
        )
        candidate.score = score * (SUPERSEDED_FACTOR if candidate.superseded and not keep_old else 1.0)
        candidate.score *= MISSING_CONCEPT_FACTOR ** about.misses(entry_id, candidate.words, candidate.body)
        candidate.score *= UNASKED_OPTION_FACTOR if entry_id in about.unasked else 1.0
        candidate.score *= family_factor(candidate.family, named_families, spoken_of)
        candidate.score *= CARD_NOT_NAMED_FACTOR if is_card_not_named(candidate, asked.stems, whole=one_name) else 1.0
    if len(searched) >= SUBRULE_MIN_WORDS:
        lent_by_subrules(candidates.values())
    window = one_place_per_ruling(
        by_words.connection,
        after_the_rules_they_point_to(
            in_place_of_their_other_names(
                by_words.connection,
                scope,
                skipped,
                sorted(candidates.values(), key=lambda candidate: (-candidate.score, candidate.id))[:WINDOW],
            )
        ),
    )
    only_by_meaning = [candidate for candidate in window if candidate.id not in place]
    return window, len(only_by_meaning) - len(by_words.matching_of(only_by_meaning))


def lent_by_subrules(candidates: Collection[Candidate]) -> None:
    """Each rule among the candidates gains SUBRULE_SHARE of its subrules' scores: where 616.1a to
    616.1g each say a little of the question, 616.1 says what they all detail ("who picks which
    replacement effect applies first": 616.1, the affected player chooses)."""
    rules = {
        (candidate.family, candidate.superseded, candidate.number): candidate
        for candidate in candidates
        if candidate.kind == "rule"
    }
    lent: dict[int, float] = {}
    for (family, superseded, number), subrule in rules.items():
        rule = rules.get((family, superseded, parent_number(number) if number else None))
        if rule is not None:
            lent[rule.id] = lent.get(rule.id, 0.0) + SUBRULE_SHARE * subrule.score
    for candidate in candidates:
        candidate.score += lent.get(candidate.id, 0.0)


def concept_weight(about: About, asked: Asked) -> float:
    """What being about the concepts named adds: a question naming two or more asks how they meet
    (CONCEPT_WEIGHT); a query that is only one concept's name asks for its rule (CONCEPT_ALONE_WEIGHT:
    "legend rule", "ninjutsu", or "legend", naming Legend and Legendary with one word); another
    names one concept among its other words, which find the entries about it (0)."""
    if len({named.positions for named in about.named}) >= 2:
        return CONCEPT_WEIGHT
    return CONCEPT_ALONE_WEIGHT if is_one_concepts_name(about, asked) else 0.0


def is_one_concepts_name(about: About, asked: Asked) -> bool:
    """Whether every word the query searches is the name of one concept (or of several, by the same
    words: "legend" names Legend and Legendary)."""
    named_by = {named.positions for named in about.named}
    return len(named_by) == 1 and asked.all_searched and len(next(iter(named_by))) == len(asked.searched)


def is_card_not_named(candidate: Candidate, stems: set[str], whole: bool = False) -> bool:
    """A card whose name the query says no word of ("put two +1/+1 counters" is no answer to a
    rules question, whatever its words); or, for a query that is all a concept's name (``whole``),
    not every word of: "mutate" asks for the keyword, not Leyline of Mutation."""
    if candidate.kind != "card" or not candidate.owner:
        return False
    name = set(stems_of(candidate.owner))
    return not name <= stems if whole else stems.isdisjoint(name)


def family_factor(family: str, named: set[str], spoken_of: set[str]) -> float:
    """What an entry of ``family`` counts: NAMED_FAMILY_FACTOR if the question names its rules,
    FAMILY_WORD_FACTOR if it uses words only those rules use (db/search_family_words.py)."""
    if family in named:
        return NAMED_FAMILY_FACTOR
    return FAMILY_WORD_FACTOR if family in spoken_of else 1.0


def first_by_words(by_words: WordRanking, keep_old: bool) -> list[Candidate]:
    """The first WINDOW entries by words, and unless the old are kept, as many more as entries
    only older editions have among them: with every official edition loaded, those would keep
    current entries out of the first places they rank below (SUPERSEDED_FACTOR)."""
    found = by_words.entries(0, WINDOW)
    for _ in range(OLD_ROUNDS):
        if keep_old or len(found) >= by_words.total():
            break
        missing = WINDOW - sum(1 for candidate in found if not candidate.superseded)
        if missing <= 0:
            break
        found += by_words.entries(len(found), len(found) + missing)  # pages agree: the next places
    if keep_old:
        return found
    # an old rule renumbered since (714.6, now 722.6) says what the current one says
    current = {candidate.body for candidate in found if not candidate.superseded}
    return [candidate for candidate in found if not (candidate.superseded and candidate.body in current)]


def after_the_rules_they_point_to(window: list[Candidate]) -> list[Candidate]:
    """The window with each glossary entry that sends the reader to a rule ("See rule 500.7")
    right behind that rule, when it ranks within POINTER_REACH places after it: the rule takes
    the glossary entry's place, for the rule is the answer and the glossary a pointer to it."""
    ordered = list(window)
    for candidate in window:
        if pointed_to(candidate) is None:
            continue
        place = ordered.index(candidate)
        behind = ordered[place + 1 : place + 1 + POINTER_REACH]
        rule = next((other for other in behind if sends_to(candidate, other)), None)
        if rule is not None:
            ordered.remove(rule)
            ordered.insert(place, rule)
    return ordered


def in_place_of_their_other_names(
    connection: sqlite3.Connection, scope: Scope, skipped, window: list[Candidate]
) -> list[Candidate]:
    """The window with each glossary entry that is only another name ("APNAP Order: See Active
    Player, Nonactive Player Order.") right behind the entry it names, which takes its place and
    its score if it ranked lower or not at all (read then, in the search's scope): a judge who
    types APNAP asks for the order, and the judge's phone audit got an answer box saying only
    "See Active Player, Nonactive Player Order.". An entry already before its other name stays."""
    ordered, done = list(window), set()
    for candidate in window:
        term = stands_for(candidate)
        if term is None or term in done:  # "Islandwalk" after "Forestwalk": Landwalk is in place
            continue
        done.add(term)
        place = ordered.index(candidate)
        named = next(
            (
                other
                for other in ordered
                if other.kind == "glossary" and other.family == candidate.family and other.name == term
            ),
            None,
        )
        if named is not None and ordered.index(named) < place:
            continue
        if named is None:
            named = _glossary_entry(connection, scope, skipped, candidate.family, term)
            if named is None:
                continue
        else:
            ordered.remove(named)
        ordered.insert(
            place, dataclasses.replace(named, **{field: getattr(candidate, field) for field in RANKING_FIELDS})
        )
    return ordered[:WINDOW]


def _glossary_entry(connection: sqlite3.Connection, scope: Scope, skipped, family: str, term: str) -> Candidate | None:
    """The glossary entry of ``family`` named ``term`` that the search's scope shows (its current
    text, or the edition's it searches), if any."""
    where, parameters = scope.where()
    row = connection.execute(
        f"select e.id from search_entries e where e.kind = 'glossary' and e.family = ? and e.name = ? and {where} "
        "order by e.superseded, e.id desc limit 1",
        [family, term, *parameters],
    ).fetchone()
    return read_entries(connection, [row[0]])[0] if row and row[0] not in skipped else None


def one_place_per_ruling(connection: sqlite3.Connection, window: list[Candidate]) -> list[Candidate]:
    """The window with each card note whose text an earlier card note already says moved to its
    end: release notes print one ruling for several cards ("You can't choose to pay any
    additional costs for the copy" for five), and five places of one text among the first
    leave none for the rules ("copy spell kicker paid": 707.10 10th, then 8th). The best
    placed of them keeps its place: the one of the card the question names, if it names one.
    So with a rule a second source of its edition prints under another number: the forum post of
    Treachery 1.1 prints 1.1's 701.TrRea-1c as 701.TrRea-01c, and the edition's primary source
    is the one shown (db/families.py), so its rule takes the better place of the two."""
    window = _primary_copies_first(connection, window)
    said: set[tuple[str, str]] = set()
    first, again = [], []
    for candidate in window:
        # a card note's text, whatever the set; a rule's in its family
        ruling = {"card_note": ("", candidate.body), "rule": (candidate.family, candidate.body)}.get(candidate.kind)
        (again if ruling in said else first).append(candidate)
        if ruling is not None:
            said.add(ruling)
    return first + again


def _primary_copies_first(connection: sqlite3.Connection, window: list[Candidate]) -> list[Candidate]:
    """The window with each rule of an edition's primary source in the place of the same rule of a
    second source, where that came first: rules of one text in one family, of which some are the
    primary's (read then: there are rarely any)."""
    copies: dict[tuple[str, str], list[Candidate]] = {}
    for candidate in window:
        if candidate.kind == "rule" and candidate.body:
            copies.setdefault((candidate.family, candidate.body), []).append(candidate)
    twins = [candidate.id for same in copies.values() if len(same) > 1 for candidate in same]
    if not twins:
        return window
    primary = {
        row[0]
        for row in connection.execute(
            "select s.entry_id from search_sources s join documents d on d.slug = s.document "
            f"where d.id = d.primary_id and s.entry_id in ({', '.join('?' * len(twins))})",
            twins,
        )
    }
    ordered = list(window)
    for same in copies.values():
        places = sorted(ordered.index(candidate) for candidate in same)
        for place, candidate in zip(places, sorted(same, key=lambda candidate: candidate.id not in primary)):
            ordered[place] = candidate
    return ordered


def closest_in_meaning(index: SearchIndex, connection, text: str, scope: Scope, skipped: set[int], current: bool):
    """(id, cosine) of the entries of the scope closest in meaning to the query, closest first
    (if ``current``, of the entries no later edition removed or replaced)."""
    if index.meanings is None:
        return []
    allowed = None
    if scope.document or scope.editions is not None:
        where, parameters = scope.where()
        allowed = {row[0] for row in connection.execute(f"select e.id from search_entries e where {where}", parameters)}
    return index.meanings.nearest(text, WINDOW, scope.kind, allowed, skipped, current)
