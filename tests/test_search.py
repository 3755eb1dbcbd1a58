"""Search as judges use it: typos, questions, rule numbers, card names, filters and bad input."""

from __future__ import annotations

import json
import re
import shutil

import pytest
import sqlite_utils
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st
from markupsafe import escape

from rulebook.cli import cli
from rulebook.db import search_index
from rulebook.db.build import build_database, bundled_source, bundled_sources
from rulebook.db.search_concepts import MAX_HOME
from rulebook.ingest.source import SourceError
from rulebook.queries.search import SearchInputError, search
from rulebook.queries.search.answer import SearchAnswer
from rulebook.queries.search.spoken import spoken_numbers
from rulebook.queries.search.tiers import WordRanking, reranked_reach
from rulebook.queries.search.words import parse


def declared(found: dict) -> dict:
    """The answer, held to its declaration (queries/search/answer.py): every field, none more."""
    SearchAnswer.model_validate(found, strict=True)
    return found


@pytest.fixture(scope="module")
def find(built_db, built_db_path):
    def find(query, **filters):
        return search(built_db, query, **filters)

    return find


def described(result: dict) -> tuple:
    """(kind, document, the rule's number or the entry's title)."""
    return result["kind"], result["document"], result["number"] or result["title"]


def top(found: dict, count: int) -> list[tuple]:
    return [described(result) for result in found["results"][:count]]


def test_undercover_finds_the_current_undercover_rules_first(find):
    found = find("undercover")
    assert top(found, 1) == [("rule", "treachery-6.0", "702.TR02")]
    assert found["results"][0]["title"] == "702.TR02 · Undercover"
    assert ("rule", "treachery-6.0", "702.TR02a") in top(found, 3)
    assert found["results"][0]["snippet"].startswith("<mark>Undercover</mark>")
    old = [result["number"] for result in found["results"] if result["document"] == "treachery-1.1"]
    assert "702.TrCov-4a" in old  # the 2017 rule is still there, below the current one
    assert found["corrected_query"] is None and found["message"] is None and found["redirect"] is None


def test_a_misspelled_word_is_corrected_and_said_so(find):
    found = find("assasin win")
    assert found["corrected_query"] == "assassin win"
    assert found["message"] == 'Showing results for "assassin win".'
    first = found["results"][0]
    assert (first["kind"], first["document"], first["number"]) == ("rule", "treachery-6.0", "907.8c")
    assert first["snippet"].startswith("The <mark>assassins</mark> team <mark>wins</mark> the game")


def test_a_swap_or_a_dropped_letter_is_corrected_to_the_word_meant(find):
    """A typed "frist" is one swap from first (and one letter from frost); "commandr" drops a letter of
    commander (and adds one to command): typists swap and drop letters."""
    assert find("who goes frist")["corrected_query"] == "who goes first"
    assert find("commandr damage")["corrected_query"] == "commander damage"


def test_a_misspelled_common_word_is_that_word_and_no_rules_word(find):
    """ "thier" is their, not thief (a card's word, one letter from it): a word too common to
    search for, and searched for no more once corrected. A rules' word two letters of the typed one
    swap is still the word meant: "hnad" is hand, not had."""
    found = find("can I respond on thier turn")
    assert found["corrected_query"] == "can I respond on their turn"
    assert top(found, 5) == top(find("can I respond on their turn"), 5)
    assert find("wich one resolves first")["corrected_query"] == "which one resolves first"
    assert find("what hapens when the leader dies")["corrected_query"] == "what happens when the leader dies"
    assert find("how many cards in my hnad")["corrected_query"] == "how many cards in my hand"
    assert find("which taem wins")["corrected_query"] == "which team wins"


def test_a_word_spelled_as_it_sounds_is_corrected_to_the_word_meant(find):
    """ "fase" is phase as it sounds, though one letter from false; "morf" is morph, "morfs" morphs."""
    found = find("can i play a creture in my secund main fase after i atack")
    assert found["corrected_query"] == "can i play a creature in my second main phase after i attack"
    assert top(found, 1) == [("rule", "comprehensive-rules-2026-01-16", "505.1")]
    assert find("facedown morf creature")["corrected_query"] == "facedown morph creature"
    assert find("facedown morfs")["corrected_query"] == "facedown morphs"


def test_a_corrected_word_is_searched_as_if_typed_right(find):
    """Corrected, "goes frist" is the judges' phrase "goes first": the starting player, whom 907.7
    makes the Leader. Before, the correction came after the phrases were read, so only 808.4's
    "goes first" (a team game) was found."""
    found = find("who goes frist in treachary")
    assert found["corrected_query"] == "who goes first in treachery"
    assert top(found, 1) == [("rule", "treachery-6.0", "907.7")]
    assert "<mark>starting</mark> <mark>player</mark>" in found["results"][0]["snippet"]


def test_a_clipped_word_is_read_as_the_word_it_begins(find):
    """Players clip long words: "prolif" is proliferate, "deatht" deathtouch (not death, one letter
    off), "regen" regenerate (not regent, one letter off)."""
    found = find("can i prolif the counters sitting on my leader card")
    assert found["corrected_query"] == "can i proliferate the counters sitting on my leader card"
    assert top(found, 1) == [("faq", "treachery-6.0", "Can I proliferate counters on an Identity card?")]
    assert find("deatht trample")["corrected_query"] == "deathtouch trample"
    assert find("regen in response")["corrected_query"] == "regenerate in response"
    # not "identify", whose stem finds no identity card
    assert find("leader identi")["corrected_query"] == "leader identity"


def test_a_slip_onto_a_word_the_rules_barely_use_is_corrected(find):
    """ "plainswalker" stems to Plainswalk, the glossary's one old landwalk: a judge means
    planeswalker, which the rules use hundreds of times. Plainswalk typed whole is left alone."""
    found = find("can my commander be a plainswalker")
    assert found["corrected_query"] == "can my commander be a planeswalker"
    assert "Plainswalk" not in [result["title"] for result in found["results"]]
    assert find("plainswalk")["corrected_query"] is None


def test_a_misspelled_players_word_is_corrected_to_it_and_read_as_the_rules_words(find):
    """ "counterspel" is no rules word and no English one: it is the players' counterspell, which
    counters a spell (judges-words.txt), so the FAQ on countering an unveil ability is found."""
    found = find("can sombody counterspel my unvail trigger")
    assert found["corrected_query"] == "can sombody counterspell my unveil trigger"
    assert ("faq", "treachery-6.0", "Can I counter an unveil ability?") in top(found, 2)


def test_doing_something_again_is_doing_it(find):
    """A typed "recast" is no misspelling of "recent": it is casting again, and finds what casting does."""
    found = find("can they recast their commander")
    assert found["corrected_query"] is None and found["message"] is None
    assert "<mark>cast</mark>" in found["results"][0]["snippet"]


def test_unvail_cost_finds_how_to_pay_the_unveil_cost(find):
    found = find("unvail cost")
    assert found["corrected_query"] == "unveil cost"
    assert ("rule", "treachery-6.0", "702.TR01c") in top(found, 3)


def test_platnum_angle_leader_finds_the_platinum_angel_faq_and_rule(find):
    # "angle" is an English word: it is searched as typed, never "corrected"
    found = find("platnum angle leader")
    assert found["corrected_query"] == "platinum angle leader"
    assert top(found, 2) == [
        ("faq", "treachery-6.0", "Can Platinum Angel protect my team?"),
        ("rule", "treachery-6.0", "907.8b"),
    ]
    assert found["results"][0]["question"] == "Can Platinum Angel protect my team?"


def test_a_question_finds_its_rule_though_it_uses_other_words(find):
    # "goes first" is the starting player; "who" and "in" are ignored, never required
    found = find("who goes first in treachery")
    assert top(found, 1) == [("rule", "treachery-6.0", "907.7")]
    assert "<mark>starting</mark> <mark>player</mark>" in found["results"][0]["snippet"]


def test_a_question_naming_the_treachery_rules_finds_them_before_the_official_ones(find):
    # "treachery" names the family: its 907.7 (the Leader is the starting player) comes 2nd, after
    # the official rule on rolling dice (706.1), and before 706.1b, which was 2nd and 907.7 8th
    found = find("Who actually takes the first turn in Treachery? Do we still roll a die for it like usual?")
    assert top(found, 2) == [
        ("rule", "comprehensive-rules-2026-01-16", "706.1"),
        ("rule", "treachery-6.0", "907.7"),
    ]
    assert ("rule", "comprehensive-rules-2026-01-16", "706.1b") in top(found, 5)[2:]


@pytest.mark.parametrize(
    "question, number, within",
    [
        # 103.1: the players "determine which one of them will choose" the starting player
        ("who decides who goes first in the second game", "103.1", 1),
        # 616.1: the affected player "chooses one to apply"
        ("two replacement effects, who picks which one applies first", "616.1", 2),
        # 101.2: when an effect "allows" something and another says it can't happen, "can't" wins
        ("a card lets me do something but another card says I can't, which one wins", "101.2", 1),
        # 510.1d: a blocked creature "assigns" its combat damage among its blockers
        ("how do I split combat damage between two blockers", "510.1d", 1),
        # 122.2: counters are not retained by an object that "moves from one zone to another"
        ("what happens to counters on a zone change", "122.2", 1),
        # 514.2: in the cleanup step, damage "is removed" (703.4p, the list of turn-based actions, first)
        ("when does damage wear off", "514.2", 3),
        # 704.5j: the legend rule is about legendary permanents with the "same name", which players
        # call a second "copy" (copy effects, 707, came first)
        ("second copy of a legendary", "704.5j", 1),
        # 100.4a: a constructed deck's sideboard, the "reserva" of Spanish, Portuguese and Italian cards
        ("how many cards can my reserve have", "100.4a", 3),
        # 702.2b: "deathtouch", "toque mortal" on Spanish and Portuguese cards
        ("can a creature with deadly touch kill an indestructible creature", "702.2b", 2),
        # 100.2b: a prerelease is a Sealed Deck event, "limited play" (the glossary's Minimum Deck Size
        # and constructed play's 100.2a came first)
        ("minimum deck size at a prerelease", "100.2b", 1),
        # 702.7b: a "first striker" has first strike, and deals its combat damage in a step of its own
        ("does my first striker deal its damage before the blocker", "702.7b", 1),
        # 514.1: in the cleanup step the active player discards down to their maximum hand size
        ("do I discard down at end of turn", "514.1", 1),
        # 701.9a: players "throw away" the cards the rules discard
        ("when do I have to throw away cards if I have too many in hand", "701.9a", 2),
        # 608.2b: a spell "whiffs" as it fizzles: its targets are illegal, and it doesn't resolve
        ("removal whiffed", "608.2b", 1),
        # 702.85a: a cascade "whiffs on" a card it finds nothing with, which is no fizzle
        ("what happens if I whiff on cascade", "702.85a", 1),
        # 601.2b: as a spell is cast, its player "announces" the value of X
        ("when do I say what X is", "601.2b", 2),
        # 702.9b: a "flyer" has flying, and only a creature with flying or reach blocks it
        ("can my spider block flyers", "702.9b", 1),
        # 305.2: players "put down" the lands the rules play, one each turn
        ("can I put down two lands in one turn", "305.2", 1),
    ],
)
def test_players_words_find_the_rules_that_say_it_otherwise(find, question, number, within):
    found = find(question)["results"][:within]
    assert ("comprehensive-rules-2026-01-16", number) in [(result["document"], result["number"]) for result in found]


def test_the_extra_a_player_pays_is_the_rules_additional_cost(find):
    # 903.8: a commander cast from the command zone costs an "additional" {2} for each time before,
    # which the glossary calls the Commander Tax (5th when "extra" was only "extra")
    assert top(find("how much extra do I pay to cast my commander again"), 2) == [
        ("rule", "comprehensive-rules-2026-01-16", "903.8"),
        ("glossary", "comprehensive-rules-2026-01-16", "Commander Tax"),
    ]


def test_a_gen_is_a_commander(find):
    # "gen", short for general, is the commander: "gen tax" is 903.8's commander tax, clearly enough
    # to be answered whole (without it, "gen" was no word of the rules)
    answer = find("gen tax")["answer"]
    assert (answer["document"], answer["title"]) == ("comprehensive-rules-2026-01-16", "903.8 · Commander")


def test_the_king_is_the_leader(find):
    # 907.5a: the Leader and the Guardians are the leader team (a battle's protector and the
    # protection keyword came first)
    assert ("rule", "treachery-6.0", "907.5a") in top(find("who protects the king"), 5)


def test_a_player_still_hidden_has_a_face_down_identity(find):
    # 907.5d: a player with a face-down identity card is every other player's opponent
    assert top(find("am I on a team while my role is still hidden"), 1) == [("rule", "treachery-6.0", "907.5d")]


def test_a_player_who_quits_leaves_the_game(find):
    # the glossary's Concede is "To quit the game": what leaving does follows (907.11, not the
    # Treachery setup rules, 907.2b, that "in the middle of Treachery" found)
    found = find("if my friend quits in the middle of Treachery what happens to all his creatures")
    assert top(found, 1) == [("rule", "treachery-6.0", "907.11")]


@pytest.mark.parametrize(
    "question", ["my creature left and came back, is it brand new", "flickered creature comes back fresh?"]
)
def test_a_permanent_back_brand_new_is_a_new_object(find, question):
    # 603.7c: "if that object left that zone and then returned, it's a new object" (judges-words.txt)
    assert [result["number"] for result in find(question)["results"][:1]] == ["603.7c"]


def test_a_ruling_printed_for_several_cards_takes_one_place_among_the_first(find):
    # Cursed Recording's note 4 is printed word for word for Leyline of Resonance and My Wings
    # Enfold All too: those two come after the window's other entries, and the rule on copying
    # spells (707.10) comes 7th, not 10th
    found = find("copy spell kicker paid")["results"]
    notes = [result["title"] for result in found[:10] if result["kind"] == "card_note"]
    assert notes == ["The Sorceress — note 6", "The Spellsnatcher — note 2", "Cursed Recording — note 4"]
    assert found[6]["number"] == "707.10"


@pytest.mark.parametrize(
    "question, number, place, subrules",
    [
        # 305.2a and 305.2b each tell one case of playing lands; 305.2, one land a turn, says them all
        ("how many lands can i play each turn", "305.2", 2, ["305.2a", "305.2b"]),
        # 616.1 says who chooses; 616.1e and 616.1g detail how
        ("two replacement effects who chooses which applies", "616.1", 1, ["616.1e", "616.1g"]),
    ],
)
def test_a_rule_whose_subrules_answer_in_part_comes_with_them(find, question, number, place, subrules):
    numbers = [result["number"] for result in find(question)["results"][:10]]
    assert numbers.index(number) + 1 == place and set(subrules) <= set(numbers)


def test_a_rule_found_by_its_examples_words_comes_after_one_that_says_them(find):
    # 611.2c's example tells of a creature dealt damage "until end of turn"; 514.2 says that damage
    # is removed in the cleanup step (611.2c was first)
    numbers = [
        result["number"] for result in find("does the damage on my creature heal at the end of the turn")["results"]
    ]
    assert numbers[0] == "514.2" and "611.2c" in numbers[1:]


def test_a_rule_with_more_of_the_words_only_in_its_examples_counts_less():
    from rulebook.queries.search.index import Candidate
    from rulebook.queries.search.ranking import EXAMPLE_FACTOR, Asked, said_in_its_examples
    from rulebook.queries.search.words import Word

    class Index:
        def is_common(self, stems, number=None):
            return stems == ["on"]  # "one", in a fifth of the entries

    asked = Asked([Word(0, 0, stem, [stem]) for stem in ("allow", "someth", "win", "land", "on")], Index())

    def rule(words: str, said_words: str) -> Candidate:
        return Candidate(0, "rule", "comprehensive-rules", "", None, None, "101.2", words, False, "101.2", said_words)

    said = " allow someth anoth "
    assert said_in_its_examples(rule(said + "win on ", said), asked) == 1.0  # 1 of its examples' words to 2
    assert said_in_its_examples(rule(said + "win land ", said), asked) == EXAMPLE_FACTOR  # 2 to 2
    assert said_in_its_examples(rule(" allow win land ", ""), asked) == 1.0  # no examples


def test_a_rule_with_examples_is_indexed_with_its_words_without_them(built_db):
    def said(number: str) -> set[str]:
        return {
            row[0]
            for row in built_db.execute(
                "select said_words from search_entries where kind = 'rule' and family = 'comprehensive-rules' "
                "and number = ?",
                [number],
            )
        }

    # the 2026 rules print 101.2 with its example, the excerpt without
    (with_example,) = said("101.2") - {""}
    assert " preced " in with_example and " win " not in with_example  # "...the effect that precludes you ... wins"
    assert said("101.1") == {""}  # no example


def test_a_word_the_answer_lacks_does_not_exclude_it(find):
    # the FAQ says "defeat", not "kill"
    found = find("does the traitor need to kill the guardian")
    assert top(found, 1) == [("faq", "treachery-6.0", "Does the Traitor need to defeat the Guardian?")]


def test_an_faq_answer_is_shown_whole_only_for_its_own_question(find):
    # "No, the Guardian loses..." answers whether the Traitor must defeat the Guardian, not the
    # Assassins, whom a Traitor must outlast (907.8d): the FAQ stays a result, without the box
    asked = find("does the traitor need to kill the guardian")
    assert asked["answer"]["title"] == "Does the Traitor need to defeat the Guardian?"
    other = find("does the traitor need to defeat the assassins")
    assert other["answer"] is None
    assert other["results"][0]["title"] == "Does the Traitor need to defeat the Guardian?"
    # its words that name nothing ("card", in a third of all entries; "saw", in it alone) are not needed
    chosen = find("can i choose my deck after i see my identity")["answer"]
    assert chosen["title"] == "Can I choose my deck after I saw my Identity card?"
    # a question asking it in other words is answered by it, though 702.TR01d (unveil abilities) comes
    # close behind
    countered = find("my opponent wants to counter my unveil ability, can he")
    assert countered["answer"]["title"] == "Can I counter an unveil ability?"
    assert top(countered, 2)[1] == ("rule", "treachery-6.0", "702.TR01d")


def test_an_faq_answer_ranks_below_the_rules_for_a_question_it_does_not_ask(find):
    # "Does the Traitor need to defeat the Guardian?" shares "guardian" alone with the question: its
    # answer ("the Guardian loses the game as soon as the Leader has lost") came first, before 907.8b
    found = find("the leader is dead, do the guardians lose too")
    assert top(found, 2) == [
        ("rule", "treachery-6.0", "907.8b"),
        ("faq", "treachery-6.0", "Does the Traitor need to defeat the Guardian?"),
    ]
    # sharing none, it falls behind both rules on who wins and who loses (it was second)
    assert top(find("leader died, does the dead assassin still win"), 2) == [
        ("rule", "treachery-6.0", "907.8c"),
        ("rule", "treachery-6.0", "907.8b"),
    ]


def test_the_note_with_every_other_word_of_the_question_answers_for_its_card(find):
    # of The Lich Queen's notes, the 8th alone has "proliferate" and "counters": it is the answer
    # box (at the bonus of a note with some of the words, note 7 on finality counters came too close)
    found = find("can i proliferate the counters on the lich queen")
    assert found["answer"]["title"] == "The Lich Queen — note 8"
    assert found["answer"]["text"] == (
        "Counters on identity cards cannot be proliferated because identity cards aren't permanents."
    )


def test_a_first_result_far_ahead_in_words_and_meaning_is_the_answer(find):
    # its words match less than 2.5 times better than 508.4c's (put onto the battlefield attacking),
    # but words and meaning together place undercover's restriction far ahead of it
    found = find("does a creature put onto the battlefield attacking count as attacking the leader for undercover")
    assert found["answer"]["title"] == "702.TR02a · Undercover"
    assert top(found, 2)[1] == ("rule", "comprehensive-rules-2026-01-16", "508.4c")


@pytest.mark.parametrize(
    "query, answer",
    [("hybrid mana value", "202.3f · Mana Cost and Color"), ("stun counter untap", "122.1d · Counters")],
)
def test_a_first_result_that_words_meaning_and_concepts_agree_on_needs_a_smaller_margin(find, query, answer):
    """First by words, first in meaning and about the concepts named (hybrid mana, mana value; stun
    counters): its words need not match 2.5 times better than any other's (answer_box.AGREED_MARGIN)."""
    assert find(query)["answer"]["title"] == answer


def test_meaning_alone_does_not_lower_the_margin(find):
    """907.8c is the closest in meaning to this query, and first once words and meaning are fused,
    but second by words: that is no agreement, and no answer box (it says when the Assassins win)."""
    found = find("how many asasins in a 6 player treachary game")
    assert top(found, 1) == [("rule", "treachery-6.0", "907.8c")]
    assert found["answer"] is None


@pytest.mark.parametrize(
    ("word_place", "meaning_place", "about", "shown"),
    [
        (1, 1, 0.8, True),  # the signals agree, on an entry about the question: margin 1.6 is enough
        (2, 1, 0.8, False),  # second by words (fused first): the wider margins
        (1, 2, 0.8, False),  # first by words, second in meaning
        (1, 1, 0.5, False),  # about the question's concepts less than AGREED_ABOUT
    ],
)
def test_the_agreed_margin_needs_the_first_by_words_and_in_meaning_about_the_question(
    built_db, word_place, meaning_place, about, shown
):
    """A first result scoring twice the second (under CLEAR_MARGIN and FUSED_MARGIN, over
    AGREED_MARGIN) is shown whole only when words and meaning agree on it (answer_box.is_clear)."""
    from rulebook.queries.search.answer_box import is_clear
    from rulebook.queries.search.index import Candidate, index_of

    def rule(number: str, score: float, **places) -> Candidate:
        return Candidate(
            id=0,
            kind="rule",
            family="treachery",
            body="",
            name=None,
            owner=None,
            number=number,
            words="",
            superseded=False,
            identity=number,
            said_words="",
            score=score,
            relevance=score,
            **places,
        )

    first = rule("907.8c", 2.0, word_place=word_place, meaning_place=meaning_place, about=about)
    window = [first, rule("907.3b", 1.0, word_place=2, meaning_place=3)]
    assert is_clear(window, {"assassin", "win"}, index_of(built_db), 3) is shown


def test_words_and_meaning_agreeing_lower_the_margin_only_for_an_entry_about_the_question(find, monkeypatch):
    """907.8c (when the Assassins win; their number "is known to all players") is first by words and
    in meaning for "how many assassins in a 6 player game", but does not say how many (907.3b and
    907.3c do). The query names no concept, so no entry is about what it names: agreement alone
    does not lower the margin (answer_box.AGREED_ABOUT)."""
    from rulebook.queries.search import answer_box

    query = "how many assassins in a 6 player game"
    assert top(find(query), 1) == [("rule", "treachery-6.0", "907.8c")]
    assert find(query)["answer"] is None
    monkeypatch.setattr(answer_box, "AGREED_ABOUT", 0.0)
    assert find(query)["answer"]["title"] == "907.8c · Treachery"


def test_a_glossary_entry_that_sends_the_reader_to_the_first_result_is_no_rival_answer(find):
    # "Commander Tax: See rule 903.8" right behind 903.8 says 903.8 is the answer
    found = find("commander tax")
    assert top(found, 2) == [
        ("rule", "comprehensive-rules-2026-01-16", "903.8"),
        ("glossary", "comprehensive-rules-2026-01-16", "Commander Tax"),
    ]
    assert found["answer"]["title"] == "903.8 · Commander"


def test_words_nothing_uses_are_named_and_leave_no_answer_box(find):
    # Unholy Annex is a Duskmourn card the release notes don't print: Unholy Heat, found by "unholy",
    # was its answer box
    found = find("Unholy Annex")
    assert found["message"] == 'Nothing in the rules uses "annex": these results have the other words.'
    assert found["answer"] is None and found["results"][0]["title"] == "Unholy Heat"


def test_a_word_the_rules_only_mention_in_passing_is_no_clear_answer(find):
    """ "fog" is in one rule only, 801.13b, naming Fog as an example card: found, but no answer for
    a judge who wants the prevention rules. A word that names a card still answers with it."""
    fog = find("fog")
    assert fog["answer"] is None and [result["number"] for result in fog["results"]][:1] == ["801.13b"]
    assert find("twelve")["answer"] is None
    assert find("masochist")["answer"]["title"] == "The Treacherous Masochist"


def test_an_identity_answers_with_its_card_text(find):
    # the Treachery rules print The Blood Empress by name with her notes; her text is the card data's
    answer = find("Blood Empress")["answer"]
    assert answer["title"] == "The Blood Empress" and answer["kind"] == "card"
    assert answer["text"].startswith("Identity — Leader\n(Start the game with this identity face up")
    assert "• Create two Blood tokens." in answer["text"]


def test_a_common_word_ranks_but_never_excludes(find):
    # "creature" is in a fifth of all entries; the rules on looking at face-down cards say
    # "identity card" and "permanent", never "creature", and still come first
    found = find("can I look at my face-down creature")
    assert top(found, 2) == [("rule", "treachery-6.0", "372.8"), ("rule", "comprehensive-rules-2026-01-16", "708.5")]


def test_a_query_of_common_words_only_still_needs_them_all_first(find):
    # every word is common: the first tier needs them all, the rest have the rarest ("creature")
    common_only, rarest = find("creature card player")["total"], find("creature")["total"]
    assert common_only == rarest > 0


def test_entries_with_some_words_are_ranked_by_all_the_words_they_have(find):
    # no entry has every word: the FAQ that answers lacks "resolve" (typed as written, it names the
    # concept Resolve), and comes third, after The Reflector's note on an unveil trigger whose target
    # is countered, which has every word of the game the question uses, and The Ætherist's note 1
    found = find("someone just unveiled and their ability is waiting to resolve, can I counter it")
    assert ("faq", "treachery-6.0", "Can I counter an unveil ability?") in top(found, 3)


@pytest.mark.parametrize("filters", [{}, {"kind": "rule", "offset": 20}])
def test_entries_with_some_words_after_an_empty_first_tier_are_read_without_excluding_it(
    find, built_db, monkeypatch, filters
):
    # no entry has "opp", "bounce", "token" and "replay" all, so the second tier (entries with some)
    # is read without "NOT" the first tier's expression: the same results and total, one expression less
    question = "my opp bounced my token, can I replay it"

    def read_by_words():
        statements = []
        built_db.conn.set_trace_callback(statements.append)
        try:
            found = find(question, limit=30, **filters)
        finally:
            built_db.conn.set_trace_callback(None)
        return found, [statement for statement in statements if "bm25(" in statement]

    found, tiers_read = read_by_words()
    assert tiers_read and not any(" NOT " in statement for statement in tiers_read)
    monkeypatch.setattr(WordRanking, "_matching", lambda ranking, tier: ranking.tiers[tier])  # as before
    found_before, tiers_read_before = read_by_words()
    assert any(" NOT " in statement for statement in tiers_read_before)
    assert found_before == found and len(found["results"]) == 30
    assert all(result["kind"] == "rule" for result in found["results"]) or not filters


@pytest.mark.parametrize(
    "word, chatter",
    [
        ("paper", True),  # "in paper", not on Arena: 702.106b's "a piece of paper" is no answer
        ("store", True),
        ("exactly", True),
        ("trample", False),
        ("respond", False),  # a common English word the rules use a hundred times as often
        ("night", False),  # common in English and rare in the rules, but the name of a concept (Day and Night)
        ("sword", False),  # as rare in the rules as in English, but a players' word: it searches "equip" too
        ("trick", False),  # and "instant"
    ],
)
def test_a_word_of_the_players_talk_finds_entries_only_after_the_words_of_the_game(built_db, word, chatter):
    from rulebook.queries.search.index import index_of
    from rulebook.queries.search.tiers import every_word, is_chatter, some_words

    index = index_of(built_db)
    [typed] = [each for each in index.speller.look_up(parse(word).words) if each.searched]
    assert is_chatter(index, typed) is chatter
    if chatter:  # the rules' words of the question find its entries: the others only rank them
        words = [each for each in index.speller.look_up(parse(f"in {word} when do you discard").words) if each.searched]
        _, chosen = some_words(index, words, "")
        assert chosen[0].typed == "discard"
        _, required = every_word(index, words, "")
        assert [each.typed for each in required] == ["discard"]


def test_a_game_number_does_not_keep_the_keywords_from_finding_entries(find):
    # "6" is in fewer entries than "guardian" or "leader" but says how many, not what about: the
    # keywords still find the Treachery rules on winning and 104.2c, a team wins while one of its
    # players is still in the game (only "standing" and "here" found entries, and none of these)
    found = find(
        "guardian here, got knocked out turn 6 but my leader ended up last one standing. "
        "does my team still get the W, me included?"
    )
    # the Treachery rules on how a team wins ("last one standing": its opponents have all left the
    # game, 907.8d) and loses (907.8b) first
    assert top(found, 2) == [("rule", "treachery-6.0", "907.8d"), ("rule", "treachery-6.0", "907.8b")]
    assert ("rule", "comprehensive-rules-2026-01-16", "104.2c") in top(found, 5)


def test_a_card_note_ranks_below_the_rules_unless_it_alone_speaks_of_all_or_its_card_is_named(find):
    # unveil triggers and conceding: the one note that speaks of both (a player conceding during
    # The Puppet Master's unveiling trigger) before the unveil trigger rule, which never speaks of
    # conceding; "unveil" is the Treachery rules' own word, so 104.3a (a player who concedes leaves
    # the game) comes after the Puppet Master's note on leaving with its identity card
    found = top(find("unveil trigger concede"), 5)
    assert found[:3] == [
        ("card_note", "treachery-6.0", "The Puppet Master — note 4"),
        ("rule", "treachery-6.0", "702.TR01d"),
        ("card_note", "treachery-6.0", "The Puppet Master — note 3"),
    ]
    assert ("rule", "comprehensive-rules-2026-01-16", "104.3a") in found
    named = top(find("puppet master unveil trigger concede"), 2)
    assert named == [
        ("card_note", "treachery-6.0", "The Puppet Master — note 4"),
        ("card_note", "treachery-6.0", "The Puppet Master — note 3"),  # "leave", as a concession is
    ]


@pytest.mark.parametrize(
    "query, answer",
    [
        # "how" and "many" ask for a number; the vanguard rule that says "how many cards" is not the answer
        ("how many cards is the starting hand", "907.6"),
        # "leave the game" side by side as typed is "left the game" in 907.11b
        ("who controls my identity card after I leave the game", "907.11b"),
        # judges' words: "tell" is what the rules call "reveal"
        ("am I allowed to tell everyone my role", "907.4c"),
        # "teammates" is the rules' own word: 907.5c says it, "Traitor team" in 907.8d is not it
        ("do traitors have teammates", "907.5c"),
    ],
)
def test_a_players_question_finds_the_rule_that_answers_it(find, query, answer):
    assert top(find(query), 1) == [("rule", "treachery-6.0", answer)]


def test_entries_with_every_word_come_before_entries_with_some(find):
    found = find("platinum angel leader")
    leader_everywhere = [result["title"] for result in found["results"][:3]]
    assert leader_everywhere == [
        "Can Platinum Angel protect my team?",
        "907.8b · Treachery",
        "The Treacherous Masochist — note 3",
    ]
    assert "Leader" not in found["results"][2]["snippet"]  # the Masochist's note only names Platinum Angel


@pytest.mark.parametrize("query", ["assasin win", "who goes first in treachery", "identity deck"])
def test_a_short_page_is_the_top_of_a_long_one(find, query):
    assert find(query, limit=2)["results"] == find(query, limit=30)["results"][:2]


@pytest.mark.parametrize("query", ["Aetherist", "AETHERIST", "Ætherist", "ætherist"])
def test_ligatures_and_accents_fold_both_ways(find, query):
    found = find(query)
    assert {result["card"] for result in found["results"]} == {"The Ætherist"}
    assert [result["title"] for result in found["results"]] == [
        "The Ætherist",
        "The Ætherist — note 2",
        "The Ætherist — note 1",
    ]


def test_an_accent_typed_where_the_rules_have_none_still_matches(find):
    found = find("ünveil cost")
    assert found["corrected_query"] is None
    assert ("rule", "treachery-6.0", "702.TR01c") in top(found, 5)


def test_a_card_name_in_the_query_favours_that_cards_notes(find):
    found = find("puppet master concede")
    # note 4 is on conceding; note 3 ("leave their identity card as they are") matches a
    # concession's "left", and comes before the card
    assert top(found, 3) == [
        ("card_note", "treachery-6.0", "The Puppet Master — note 4"),
        ("card_note", "treachery-6.0", "The Puppet Master — note 3"),
        ("card", "treachery-6.0", "The Puppet Master"),
    ]
    assert found["results"][0]["url"] == "/cards/The%20Puppet%20Master?document=treachery-6.0#note-4"
    # the forum post's note 5 is the same ruling in 2017's words: found with its document
    older = find("puppet master concede", document="treachery-1.1-forum-post")
    assert top(older, 1) == [("card_note", "treachery-1.1-forum-post", "The Puppet Master — note 5")]


@pytest.mark.parametrize(
    "query, url, number",
    [
        ("907.8b", "/rules/treachery-6.0/907.8b", "907.8b"),
        ("rule 104.3", "/rules/comprehensive-rules-2026-01-16/104.3", "104.3"),
        ("CR 508.6", "/rules/comprehensive-rules-2026-01-16/508.6", "508.6"),
        ("official 103.1", "/rules/comprehensive-rules-2026-01-16/103.1", "103.1"),
        ("702.tr02a", "/rules/treachery-6.0/702.TR02a", "702.TR02a"),
        ("Rule 372.3A", "/rules/treachery-6.0/372.3a", "372.3a"),
        ("702.TrUnv-3", "/rules/treachery-1.1/702.TrUnv-3", "702.TrUnv-3"),
        ("701.TrRea-01b", "/rules/treachery-1.1-forum-post/701.TrRea-01b", "701.TrRea-01b"),
    ],
)
def test_a_rule_number_goes_straight_to_the_rule(find, query, url, number):
    found = find(query)
    assert found["redirect"] == url
    assert (found["results"][0]["url"], found["results"][0]["number"]) == (url, number)


def test_two_sources_of_one_edition_give_its_rules_once(find):
    found = find("702.TrUnv-3")
    assert top(found, 2) == [("rule", "treachery-1.1", "702.TrUnv-3")]


def test_a_rule_a_second_source_numbers_otherwise_comes_after_the_primarys(find):
    # the forum post of Treachery 1.1 prints 1.1's 701.TrRea-1a to 1d as 701.TrRea-01a to 01d: the
    # edition's primary source is the one shown, and each text is listed once before the copies
    found = [(document, number) for _, document, number in top(find("reanimate a player"), 10) if number]
    primary = [number for document, number in found if document == "treachery-1.1"]
    copies = [number for document, number in found if document == "treachery-1.1-forum-post"]
    assert sorted(primary) == ["701.TrRea-1a", "701.TrRea-1b", "701.TrRea-1c", "701.TrRea-1d"]
    assert found[0] == ("treachery-1.1", "701.TrRea-1c")
    assert found.index(("treachery-1.1", primary[-1])) < found.index(("treachery-1.1-forum-post", copies[0]))


def test_a_rule_number_is_followed_by_the_rows_that_cite_it(find):
    found = find("CR 508.6")
    assert top(found, 2)[1] == ("rule", "treachery-6.0", "702.TR02a")
    assert "official rule <mark>508.6</mark>" in found["results"][1]["snippet"]


def test_a_number_no_rule_has_says_so_with_close_numbers(find):
    found = find("rule 907.88")
    assert found["redirect"] is None
    assert found["message"].startswith("There is no rule 907.88. Close numbers: ")
    assert "907.8" in found["message"]


@pytest.mark.parametrize(
    ("query", "opened"),
    [
        ("rule 907", "/rules/treachery-6.0/907"),
        ("903", "/rules/comprehensive-rules-2026-01-16/903"),
        ("CR 903", "/rules/comprehensive-rules-2026-01-16/903"),
        ("our cr 903", "/rules/comprehensive-rules-2026-01-16/903"),
        ("section 903.", "/rules/comprehensive-rules-2026-01-16/903"),
    ],
)
def test_a_section_number_alone_opens_the_section(find, query, opened):
    # its page lists its rules; "CR 903" was searched as words, and The Metamorph's note saying
    # "the official CR" was its answer box
    found = find(query)
    assert (found["redirect"], found["message"], found["answer"]) == (opened, None, None)


def test_a_section_number_in_a_sentence_is_searched_like_a_word(find):
    found = find("which rules cite rule 907")
    assert found["redirect"] is None
    assert "See <mark>rule</mark> <mark>907</mark>" in found["results"][0]["snippet"]


def test_a_section_no_document_has_says_so(find):
    assert find("section 999")["message"] == "There is no section 999."


def test_the_rules_in_force_answer_for_a_number_before_an_older_edition(find):
    # the official rules' 205.3q (battle types), not Treachery 1.1's, which 6.0 renumbered
    assert find("205.3q")["redirect"] == "/rules/comprehensive-rules-2026-01-16/205.3q"
    # a number only the old rules have still opens it
    assert find("702.TrUnv-3")["redirect"] == "/rules/treachery-1.1/702.TrUnv-3"


@pytest.mark.parametrize(
    "query", ["CR 109.1", "official rule 109.1", "comprehensive rules 109.1", "official cr 109.1", "cr 109,1"]
)
def test_cr_before_a_number_opens_the_official_rule(find, query):
    # the Treachery rules reprint 109.1, and come first for "109.1" alone
    assert find("109.1")["redirect"] == "/rules/treachery-6.0/109.1"
    assert find(query)["redirect"] == "/rules/comprehensive-rules-2026-01-16/109.1"


@pytest.mark.parametrize(
    "query", ["treachery 314.5", "Treachery rule 314.5", "what does treachery 314.5 say", "treachery's rules: 314.5"]
)
def test_the_name_of_the_rules_before_a_number_opens_their_rule(find, query):
    # 314.5 is the official rules' Schemes rule; the Treachery rules had their own until 6.0
    assert find("314.5")["redirect"] == "/rules/comprehensive-rules-2026-01-16/314.5"
    assert find(query)["redirect"] == "/rules/treachery-1.1/314.5"


@pytest.mark.parametrize(
    "query", ["702,19b", "702-19b", "what does 702,19b say", "702 19b", "what does 702 19b say", "70219b"]
)
def test_a_number_typed_with_a_comma_hyphen_space_or_no_dot_opens_the_rule(find, query):
    """On a phone the dot is a keyboard away: a space or nothing stands for it before a subrule's
    letter (the judge's phone audit typed "702 21a" and "7045f")."""
    assert find(query)["redirect"] == "/rules/comprehensive-rules-2026-01-16/702.19b"


def test_a_number_with_a_space_for_its_dot_ends_the_query_or_has_its_letter():
    """ "rule 702 19" is 702.19; "100 3 drops" counts, and "the 1990s" is a decade."""
    assert [word.number for word in parse("rule 702 19").words if word.number] == ["702.19"]
    for counted in ("I have 100 3 drops", "cards of the 1990s", "the 2020s"):
        assert not [word.number for word in parse(counted).words if word.number]


@pytest.mark.parametrize(
    ("dictated", "spoken", "number"),
    [
        ("seven oh four point five f", "seven oh four point five f", "704.5f"),
        ("Seven zero four point five F?", "Seven zero four point five F", "704.5f"),
        ("seven-oh-four dot five f", "seven-oh-four dot five f", "704.5f"),
        ("seven hundred and four point five f", "seven hundred and four point five f", "704.5f"),
        ("um what does seven oh two point nineteen b say", "seven oh two point nineteen b", "702.19b"),
        ("seven oh two point one nine b", "seven oh two point one nine b", "702.19b"),
        ("one twenty point three", "one twenty point three", "120.3"),
        ("one hundred sixteen point three", "one hundred sixteen point three", "116.3"),
        ("seven oh two point one oh one", "seven oh two point one oh one", "702.101"),
        ("seven oh two point one twenty three a", "seven oh two point one twenty three a", "702.123a"),
        ("seven oh two point one hundred and one", "seven oh two point one hundred and one", "702.101"),
        ("seven oh four point 5f please", "seven oh four point 5f", "704.5f"),  # the phone wrote "5f" in digits
        ("903 point 9", "903 point 9", "903.9"),
        ("rule nine oh three", "nine oh three", "903"),  # a section alone: the whole query
        ("CR one oh four?", "one oh four", "104"),
        ("section one oh four", "one oh four", "104"),
        ("one oh four point three a", "one oh four point three a", "104.3a"),
        ("one oh four point three a player concedes", "one oh four point three", "104.3"),  # "a" is the article
    ],
)
def test_a_rule_number_dictated_in_words_is_read_as_one(dictated, spoken, number):
    """A phone's dictation writes rule numbers in words (a blind writer's dictated questions)."""
    assert [(dictated[start:end], found) for start, end, found in spoken_numbers(dictated)] == [(spoken, number)]


@pytest.mark.parametrize(
    "sentence",
    [
        "I have one creature and two lands",
        "at this point one of my creatures died",
        "nine oh three",  # a section alone is a rule's number only after "rule", "section" or "CR"
        "what's in rule nine oh three about brawl",  # in a sentence, as a typed "903", it is searched
        "what's the commander rule? one hundred cards",  # a question mark ends the rule's name
        "is that the rule? two twenty life in two headed giant",
        "check the rules. one twenty life",
        "rule 903 says",  # digits: words.py reads them, and "rule 903" in a sentence is no number
        "I cast two. Oh four of them died at this point",
        "seven oh two point one two three four",  # more number words than a rule's
        "rule ²",  # a digit to str.isdigit, and no rule's (hypothesis found it)
    ],
)
def test_a_sentence_s_own_numbers_are_no_dictated_rule_number(sentence):
    assert spoken_numbers(sentence) == []


def test_a_typed_rule_number_wins_over_words_around_it():
    """ "seven oh four point 702 19": the typed 702 19 is a number, and no words read as 704.702."""
    assert [word.number for word in parse("seven oh four point 702 19").words if word.number] == ["702.19"]


@given(st.text(max_size=300))
def test_any_text_s_dictated_numbers_are_spans_of_it(text):
    for start, end, number in spoken_numbers(text):
        assert 0 <= start < end <= len(text) and number[:3].isdigit()


def test_a_long_paste_has_no_dictated_number_and_does_not_hang():
    # each run of words between punctuation is read once ("a." 5,000 times took 3 s when the word
    # before each run was looked for from the start of the text)
    assert spoken_numbers("a." * 5_000) == [] and spoken_numbers("one oh, " * 1_250) == []


def test_a_dictated_rule_number_opens_the_rule(find):
    assert find("um what does rule nine oh three point nine b say")["redirect"] == (
        "/rules/comprehensive-rules-2026-01-16/903.9b"
    )
    assert find("rule nine oh three")["redirect"] == "/rules/comprehensive-rules-2026-01-16/903"


def test_a_result_only_older_editions_have_says_the_current_one_lacks_it(find):
    found = declared(find("can the traitor win alone"))
    old = next(result for result in found["results"] if result["document"] == "treachery-1.1")
    assert (old["number"], old["not_in"]) == ("906.6f", "treachery-6.0")
    assert {result["not_in"] for result in found["results"] if result["document"] == "treachery-6.0"} == {None}
    # an edition asked for, by its day or its name, is no older edition to the judge who asked
    for asked in (find("unveil cost", as_of="2021-06-09"), find("unveil cost", document="treachery-1.1")):
        assert asked["results"] and {result["not_in"] for result in asked["results"]} == {None}


def test_naming_an_old_number_keeps_the_old_rules_on_top(find):
    assert top(find("assassins win"), 1) == [("rule", "treachery-6.0", "907.8c")]
    assert top(find("906.6d assassins win"), 1) == [("rule", "treachery-1.1", "906.6d")]


def test_an_identity_card_result_shows_its_text(find):
    """The Treachery rules print no identity card's text; the card data does. A result showed only
    "Guardian" (the phone audit); it now shows the card's text."""
    summoner = next(result for result in find("summoner guardian")["results"] if result["title"] == "The Summoner")
    assert "When The <mark>Summoner</mark> is unveiled, target player creates X 0/0" in summoner["snippet"]


@pytest.mark.parametrize("query", ["sacrifice", "Manifest Dread"])
def test_a_card_named_as_a_glossary_term_is_no_page_to_open(find, query):
    """Duskmourn prints cards named Sacrifice and Manifest Dread: a judge typing either asks for the
    rules' word (the phone audit landed on the sorcery's page), so the results list the glossary
    entry beside the card."""
    found = find(query)
    assert found["redirect"] is None
    assert ("glossary", query.title()) in [(result["kind"], result["title"]) for result in found["results"][:3]]


@pytest.mark.parametrize("query", ["the ætherist", "The Aetherist", "THE ÆTHERIST"])
def test_an_exact_card_name_goes_straight_to_the_card(find, query):
    found = find(query)
    assert found["redirect"] == "/cards/The%20%C3%86therist"
    assert described(found["results"][0]) == ("card", "treachery-6.0", "The Ætherist")


def test_a_card_of_several_editions_is_found_once_in_its_newest(find):
    found = find("the puppet master")
    assert found["redirect"] == "/cards/The%20Puppet%20Master"
    assert top(found, 1) == [("card", "treachery-6.0", "The Puppet Master")]
    assert found["results"][0]["earlier_editions"] == 1
    puppet_masters = [result for result in found["results"] if result["card"] == "The Puppet Master"]
    assert [result["document"] for result in puppet_masters if result["kind"] == "card"] == ["treachery-6.0"]


def test_release_notes_cards_fold_accents_too(find):
    assert find("Seance Board")["redirect"] == "/cards/S%C3%A9ance%20Board"
    found = find("seance board morbid end step")
    assert ("card_note", "duskmourn-release-notes", "Séance Board — note 1") in top(found, 2)


def test_each_mechanic_ruling_is_a_result_with_the_ruling_as_snippet(find):
    found = find("impending time counters")
    assert top(found, 4) == [
        ("mechanic_ruling", "duskmourn-release-notes", "New Keyword Ability: Impending — ruling 1"),
        ("mechanic_ruling", "duskmourn-release-notes", "New Keyword Ability: Impending — ruling 4"),
        ("rule", "comprehensive-rules-2026-01-16", "702.176a"),  # the official rule on impending
        ("mechanic", "duskmourn-release-notes", "New Keyword Ability: Impending"),
    ]
    assert found["results"][0]["url"] == "/mechanics/duskmourn-release-notes/new-keyword-ability-impending#ruling-1"
    found = find("manifest dread with one card in library")
    ruling = found["results"][0]
    assert described(ruling) == (
        "mechanic_ruling",
        "duskmourn-release-notes",
        "New Keyword Action: Manifest Dread — ruling 6",
    )
    assert ruling["snippet"].startswith("If your <mark>library</mark> contains only <mark>one</mark> <mark>card</mark>")


def test_the_kind_filter(find):
    found = find("platinum angel", kind="faq")
    assert top(found, 5) == [("faq", "treachery-6.0", "Can Platinum Angel protect my team?")]
    assert found["results"][0]["url"] == "/faq/treachery-6.0/can-platinum-angel-protect-my-team"
    notes = find("unveil cost", kind="card_note")["results"]
    assert notes and {result["kind"] for result in notes} == {"card_note"}


def test_the_document_filter(find):
    found = find("undercover", document="treachery-1.1")
    assert {result["document"] for result in found["results"]} == {"treachery-1.1"}
    assert described(found["results"][0]) == ("rule", "treachery-1.1", "702.TrCov-4a")


def test_a_rule_number_outside_the_document_filter_is_not_there(find):
    found = find("907.8b", document="treachery-1.1")
    assert found["redirect"] is None
    assert found["message"] == "There is no rule 907.8b in treachery-1.1."


def test_unknown_filters_are_explained(find):
    assert find("undercover", kind="ruling") == {
        "query": "undercover",
        "corrected_query": None,
        "redirect": None,
        "offset": 0,
        "limit": 20,
        "total": 0,
        "as_of": None,
        "editions": [],
        "answer": None,
        "results": [],
        "message": 'There is nothing of the kind "ruling" to search; choose one of: '
        "rule, card, card_note, faq, glossary, mechanic, mechanic_ruling.",
    }
    message = find("undercover", document="treachery-9.0")["message"]
    assert message.startswith('There is no document "treachery-9.0"; the documents are: ')
    assert "treachery-6.0" in message


@pytest.mark.parametrize(
    "query, filters",
    [
        ("undercover", {"kind": "mechanic"}),
        ("séance board", {"document": "treachery-6.0"}),
        ("907.8b", {"kind": "card"}),
        ("the puppet master", {"document": "treachery-1.1"}),  # "the" is not why nothing matched
    ],
)
def test_filters_that_leave_nothing_say_so(find, query, filters):
    found = find(query, **filters)
    assert (found["results"], found["redirect"]) == ([], None)
    assert found["message"] == f'Nothing of that kind or in that document matches "{query}": try without the filter.'


def test_every_answer_has_the_public_fields(find):
    for query in ["undercover", "the puppet master", "Teammate", "907.8b", "delirium card types", "hidden teams"]:
        found = declared(find(query))
        assert found["results"]
        assert all(isinstance(result["score"], float) for result in found["results"])
    declared(find("deathtouch", as_of="2026-06-01"))  # with the editions searched


def test_snippets_are_escaped_html(find):
    snippet = find("Can I counter an unveil ability")["results"][0]["snippet"]
    assert "it&#39;s <mark>unveiled</mark>" in snippet
    assert "<" not in re.sub(r"</?mark>", "", snippet)


BAD_INPUT = [
    "",
    "   ",
    "the of and",
    "!!!",
    '"',
    "*",
    "unveil*",
    "cost:",
    "(",
    "NEAR",
    "AND",
    "a AND b OR NOT c",
    '"unveil* AND (cost NEAR/2 leader',
    "x" * 10_000,
    "unveil " * 2_000,
    "Уничтожить существо",
    "隠れた役割",
    "\x00",
    "\ud800",
    "🃏🃏",
]


@pytest.mark.parametrize("query", BAD_INPUT)
def test_bad_input_never_raises_and_always_answers(find, query):
    found = declared(find(query))
    assert found["results"] or found["message"]


@pytest.mark.parametrize(
    "query, message",
    [
        ("", "Type a rule number (907.8b), a card name or a few words to search for."),
        ("!!!", "There are no words to search for: type a rule number (907.8b), a card name or a few words."),
        (
            "the of and",
            'Words like "the" and "of" are too common to search for: add a keyword, '
            "a rule number (907.8b) or a card name.",
        ),
        (
            "Уничтожить существо",
            'Nothing in the rules uses "уничтожить", "существо". '
            "Try other words, a rule number (907.8b) or a card name.",
        ),
    ],
)
def test_empty_answers_say_why(find, query, message):
    found = find(query)
    assert (found["results"], found["message"]) == ([], message)


def test_a_pasted_paragraph_is_cut_to_its_first_words(find):
    found = find("unveil " * 2_000)
    assert found["message"] == "That search is long: only its first 24 words were used."
    assert found["results"]


@given(st.text(max_size=300))
def test_any_text_gets_an_answer(find, query):
    found = find(query)
    assert found["query"] == query
    declared(found)


def test_search_in_a_database_without_search_tables_says_to_build_it(tmp_path):
    older = sqlite_utils.Database(tmp_path / "older.db")  # what an older rulebook made: no search tables
    older["documents"].insert({"id": 1, "slug": "treachery-6.0"})
    found = search(older, "undercover")
    assert found["results"] == []
    assert "Run `rulebook build`" in found["message"]


def test_search_in_a_database_with_older_search_tables_says_to_build_it(tmp_path, built_db_path):
    shutil.copy(built_db_path, tmp_path / "older.db")
    older = sqlite_utils.Database(tmp_path / "older.db")
    older.execute("alter table search_entries drop column said_words")  # as a rulebook before it built them
    found = search(older, "undercover")
    assert found["results"] == [] and "no search tables, or older ones" in found["message"]


def test_the_cli_prints_numbered_results_and_the_correction(built_db_path):
    result = CliRunner().invoke(cli, ["search", "--db", str(built_db_path), "assasin", "win"])
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[0] == 'Showing results for "assassin win".'
    assert lines[1] == f"Results 1–20 of {search_json(built_db_path, 'assasin win')['total']}"
    assert lines[3] == " 1. rule · treachery-6.0 · 907.8c · Treachery"
    assert lines[4].startswith("    The assassins team wins the game")


def search_json(db_path, *arguments) -> dict:
    result = CliRunner().invoke(cli, ["search", "--db", str(db_path), "--json", *arguments])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_the_cli_pages_through_results_as_the_site_does(built_db_path):
    everything = search_json(built_db_path, "--limit", "6", "unveil", "cost")
    result = CliRunner().invoke(
        cli, ["search", "--db", str(built_db_path), "--limit", "3", "--offset", "3", "unveil cost"]
    )
    lines = result.output.splitlines()
    assert lines[0] == f"Results 4–6 of {everything['total']}"
    numbered = [line for line in lines if line[:3] in (" 4.", " 5.", " 6.")]
    assert [line.split(" · ", 2)[2] for line in numbered] == [
        item["title"] + (f" · not in {item['not_in']}" if item["not_in"] else "") for item in everything["results"][3:]
    ]


def test_the_cli_says_which_current_edition_lacks_a_result(built_db_path):
    result = CliRunner().invoke(
        cli, ["search", "--db", str(built_db_path), "--limit", "6", "can the traitor win alone"]
    )
    assert " 5. rule · treachery-1.1 · 906.6f · Treachery · not in treachery-6.0" in result.output.splitlines()


def test_the_cli_searches_the_rules_in_force_on_a_date(built_db_path):
    found = search_json(built_db_path, "--as-of", "2021-06-09", "unveil")
    assert {"family": "treachery", "document": "treachery-1.1"}.items() <= found["editions"][-1].items()
    assert {result["document"] for result in found["results"] if result["kind"] == "rule"} == {"treachery-1.1"}
    result = CliRunner().invoke(cli, ["search", "--db", str(built_db_path), "--as-of", "9 June 2021", "unveil"])
    assert result.exit_code == 2
    assert "Invalid value for '--as-of': '9 June 2021' does not match the format '%Y-%m-%d'." in result.output


def test_the_cli_prints_json_and_filters(built_db_path):
    result = CliRunner().invoke(
        cli, ["search", "--db", str(built_db_path), "--json", "--kind", "rule", "--document", "treachery-1.1", "unveil"]
    )
    found = json.loads(result.output)
    assert found["results"][0]["title"] == "702.TrUnv-3 · Unveil"
    assert {(item["kind"], item["document"]) for item in found["results"]} == {("rule", "treachery-1.1")}


def test_the_cli_tells_where_a_rule_number_goes(built_db_path):
    result = CliRunner().invoke(cli, ["search", "--db", str(built_db_path), "907.8b"])
    assert result.output.splitlines()[0] == "Goes straight to /rules/treachery-6.0/907.8b"


# -- the search tables inside the database ------------------------------------------------


def test_the_search_tables_are_in_the_database_and_hidden_from_its_table_list(built_db_path, built_db):
    assert set(search_index.SEARCH_TABLES) <= set(built_db.table_names())
    vocabulary = search_index.read_vocabulary(built_db)
    assert vocabulary["undercover"] > 1 and "the" not in vocabulary
    assert not list(built_db_path.parent.glob("*.tmp-*")) and not (built_db_path.parent / "rulebook-search").exists()


async def test_datasette_lists_only_the_judges_tables(site):
    tables = {table["name"]: table for table in (await site.client.get("/rulebook.json")).json()["tables"]}
    assert all(tables[name]["hidden"] for name in search_index.SEARCH_TABLES)
    assert not tables["rules"]["hidden"]


@pytest.mark.slow
def test_a_rebuild_swaps_the_search_and_a_failed_one_keeps_it(tmp_path, monkeypatch):
    target = tmp_path / "rulebook.db"

    def seance_board_page():
        return search(sqlite_utils.Database(target), "seance board")["redirect"]

    build_database(target, [bundled_source("treachery-rules-6.0.txt")])
    assert seance_board_page() is None  # no release notes in this one
    build_database(target, bundled_sources())
    assert seance_board_page() == "/cards/S%C3%A9ance%20Board"  # the new build's search, read afresh

    empty = tmp_path / "empty.txt"
    empty.write_text("")
    with pytest.raises(SourceError):
        build_database(target, [*bundled_sources(), empty])
    assert seance_board_page() == "/cards/S%C3%A9ance%20Board"

    def broken_index(db):
        raise OSError("disk full")
        yield

    monkeypatch.setattr(search_index, "index_entries", broken_index)
    with pytest.raises(OSError):
        build_database(target, [bundled_source("treachery-rules-6.0.txt")])
    assert seance_board_page() == "/cards/S%C3%A9ance%20Board"
    assert sorted(path.name for path in tmp_path.iterdir()) == [".rulebook.db.lock", "empty.txt", "rulebook.db"]


# -- corrections a judge trusts -------------------------------------------------------------


def test_real_english_words_are_never_corrected(find):
    found = find("my undercover Guardian — can I unveil before anyone attacked the Leader?")
    assert (found["corrected_query"], found["message"]) == (None, None)
    assert "I Am Never Alone" not in {result["card"] for result in found["results"][:10]}
    assert find("nobody whenever")["corrected_query"] is None


def test_a_correction_leaves_the_querys_punctuation_out(find):
    found = find("assasin win?!")
    assert found["corrected_query"] == "assassin win"
    assert found["message"] == 'Showing results for "assassin win".'


def test_searching_as_typed_corrects_nothing(find):
    found = find("assasin win", as_typed=True)
    assert found["corrected_query"] is None
    assert found["message"] == 'Nothing in the rules uses "assasin": these results have the other words.'
    assert found["results"] and all("<mark>assassin" not in result["snippet"].lower() for result in found["results"])
    assert find("assasin", as_typed=True)["message"] == (
        'Nothing in the rules uses "assasin". Try other words, a rule number (907.8b) or a card name.'
    )


def test_a_judges_phrase_is_read_in_another_form_of_its_words():
    """Players say "float mana", "floated mana" and "floating mana" alike, and a creature is
    "double blocked" as it is "double block"ed: a judges' phrase of two words or more is found in
    another form with the same stems, within one clause, unless a word typed otherwise is listed on
    its own ("died"). A single word only as written ("generic" is no "general"), and a phrase the
    documents give only as they write it."""
    from rulebook.queries.search.words import Phrases, read_phrases

    judges = read_phrases(
        "floating mana = mana pool # 106.4\ndouble block = blocking multiple creatures # 509.3c\n"
        "general = commander # 903.3\nleader dies = leader loses # 907.8b\ndied = died|lost # 104.3\n"
        "first player = starting player # 103.1\ntop of deck = top library # 401",
        "test",
    )
    for typed in ("floating mana", "float mana", "floated mana"):
        assert [word.typed for word in parse(f"can i {typed} in combat", judges).words] == [
            "mana",
            "pool",
            "combat",
        ]
    assert [word.typed for word in parse("they double blocked my attacker", judges).words] == [
        "blocking",
        "multiple",
        "creatures",
        "attacker",
    ]
    assert [word.typed for word in parse("what if they double blocked", judges).words] == [
        "blocking",
        "multiple",
        "creatures",
    ]
    # a phrase with a stop word, read over every word typed
    assert [word.typed for word in parse("put it on top of decks", judges).words] == ["put", "top", "library"]
    assert [word.typed for word in parse("the general or the generic part", judges).words] == [
        "commander",
        "generic",
        "part",
    ]
    assert [word.typed for word in parse("the leader died", judges).words] == ["leader", "died"]
    # "first" ends a clause: no "first player" in another form ("players") across the comma
    assert [word.typed for word in parse("which applies first, me or the players", judges).words] == [
        "applies",
        "first",
        "players",
    ]
    assert [word.typed for word in parse("the first players", judges).words] == ["starting", "player"]
    documents = read_phrases("land types = land subtypes # the documents' own", "test")
    phrases = Phrases({**documents, **judges}, inflectable=judges)
    assert [word.typed for word in parse("land types", phrases).words] == ["land", "subtypes"]
    assert [word.typed for word in parse("land type change", phrases).words] == ["land", "type", "change"]
    assert [word.typed for word in parse("they double blocked", phrases).words] == ["blocking", "multiple", "creatures"]


def test_a_creature_put_in_front_of_an_attacker_blocks_it(find):
    # judges-words.txt: "in front of" is blocking. 509.1a: the chosen blockers must be untapped
    # (506.4b, tapping a creature already blocking, came first); 510.1c: how a blocked creature's
    # damage is divided among its blockers (702.19b, trample, came first)
    assert find("can my tapped guy hop in front of their attacker")["results"][0]["number"] == "509.1a"
    found = find("two creatures jumped in front of my attacker, how is damage split")
    assert found["results"][0]["number"] == "510.1c"
    # the rules' own "in front of" still finds 403.1, where permanents are kept
    assert find("where are permanents kept, in front of the player")["results"][0]["number"] == "403.1"


def test_judges_words_come_from_the_documented_data_file_each_with_its_reason():
    from importlib import resources

    from rulebook.queries.search.words import judges_phrases

    phrases = judges_phrases()
    assert phrases[("goes", "first")] == [["starting"], ["player"]]
    assert phrases[("kill",)] == [["kill", "destroy", "defeat", "dies"]]
    assert phrases[("knocked", "out")] == [["lost", "left"]]
    assert phrases[("brand", "new")] == [["new"], ["object"]]  # 400.7: a zone change makes a new object
    text = resources.files("rulebook.queries.search").joinpath("judges-words.txt").read_text(encoding="utf-8")
    mappings = [line for line in text.splitlines() if "=" in line.split("#", 1)[0]]
    assert len(mappings) == len(phrases)
    assert all(len(line.split("#", 1)[-1].strip()) > 10 for line in mappings if "#" in line)
    assert all("#" in line for line in mappings), [line for line in mappings if "#" not in line]


def test_the_free_mulligan_is_the_first_mulligan_of_a_multiplayer_game(find):
    # the rules never say "free": the first mulligan "doesn't count" (800.6, 103.5c)
    assert [result["number"] for result in find("free mulligan multiplayer")["results"][:2]] == ["800.6", "103.5c"]


def test_a_name_that_is_all_the_query_says_comes_before_longer_names(find):
    # the glossary's Mulligan and the mulligan rule, then the informal names of earlier mulligan rules
    assert [result["title"] for result in find("mulligan")["results"][:3]] == [
        "Mulligan",
        "103.5 · Starting the Game",
        "Vancouver Mulligan",
    ]
    assert [result["title"] for result in find("trample")["results"][1:3]] == ["Trample", "Trample Over Planeswalkers"]
    # "staring" is English, so not corrected, and not searched: "Player" is not all it says
    assert find("staring player")["results"][0]["number"] == "907.7"


@pytest.mark.parametrize(
    "query, rule, glossary",
    [("legend rule", "704.5j", "Legend Rule"), ("ninjutsu", "702.49a", "Ninjutsu"), ("persist", "702.79a", "Persist")],
)
def test_a_query_that_is_a_concepts_name_gives_its_rule_with_the_glossary(find, query, rule, glossary):
    """The glossary's words match a name best; the rule about it comes first, its definition next."""
    first, second = find(query)["results"][:2]
    assert (first["number"], second["kind"], second["title"]) == (rule, "glossary", glossary)


@pytest.mark.parametrize(
    "typed, first",
    [
        ("LKI", "Last Known Information"),
        ("what is lki", "Last Known Information"),
        ("sbas", "State-Based Actions"),
        ("cda", "604.3 · Handling Static Abilities"),  # 604.3: "characteristic-defining abilities"
        ("ffa", "Free-for-All"),
        ("rfg", "Exile"),  # "removed from the game", exile's old name
        ("alt cost", "Alternative Cost"),
        ("infinite combo", "Loop"),
        ("sorcery speed", "602.5d · Activating Activated Abilities"),  # "activate only as a sorcery"
        ("untargetable creature", "702.11e · Hexproof"),
        ("singleton deck", "903.5b · Commander"),  # "a different English name"
        ("last one standing wins", "104.2a · Ending the Game"),  # "opponents have all left the game"
        ("hold priority", "117.3c · Timing and Priority"),  # "receives priority afterward"
        ("ap nap order of triggers", "Active Player, Nonactive Player Order"),  # APNAP Order is its other name
        ("can I unmorph my creature at instant speed", "116.2b · Special Actions"),  # "turning ... face up"
    ],
)
def test_judges_abbreviations_are_read_as_the_rules_words(find, typed, first):
    assert find(typed)["results"][0]["title"] == first


def test_a_player_who_concedes_is_a_player_who_left(find):
    # 104.3a: "A player who concedes leaves the game"; what leaving does is 800.4 (it was past
    # the 10th place: only the rules that say "concede" came first)
    numbers = [result["number"] for result in find("player concedes control effects end")["results"][:3]]
    assert "800.4a" in numbers


def test_a_player_who_scoops_left_the_game_too(find):
    # 800.4j: what happens when the active player leaves the game during their turn
    assert find("what happens if the active player scoops during their turn")["results"][0]["number"] == "800.4j"


def test_a_phrase_with_common_words_is_read_with_them():
    """ "at once" and the documents' "in play" hold stop words, which are never searched alone;
    "turn it over" is still "turn over", the stop word between them skipped."""
    from rulebook.queries.search.words import read_phrases

    phrases = read_phrases(
        "at once = simultaneously # the rules' word\nturn over = unveil # turning a card over", "test"
    )
    assert [word.typed for word in parse("who wins if everyone dies at once", phrases).words] == [
        "wins",
        "everyone",
        "dies",
        "simultaneously",
    ]
    assert [word.typed for word in parse("can I turn it over", phrases).words] == ["unveil"]
    assert [word.typed for word in parse("once per turn", phrases).words] == ["once", "per", "turn"]


def test_players_phrases_with_common_words_are_read_as_the_rules_words():
    """What "goes off" triggers (603.2), what "comes back" returns (400.7), what is "locked in" is
    chosen, though "off", "back" and "in" alone are never searched."""

    assert [word.typed for word in parse("does my dies trigger go off if it is exiled").words] == [
        "dies",
        "trigger",
        "trigger",
        "exiled",
    ]
    assert [word.typed for word in parse("when it comes back does it keep its counters").words] == [
        "returns",
        "keep",
        "counters",
    ]
    assert [word.typed for word in parse("i win and lose at the same moment").words] == [
        "win",
        "lose",
        "simultaneously",
    ]
    # decks "locked in" are chosen (907.2c), not a split card's locked half (709.5g)
    assert [word.typed for word in parse("do we lock in our decks before the roles are dealt").words] == [
        "choose",
        "decks",
        "before",
        "roles",
        "dealt",
    ]


def test_a_double_faced_cards_sides_are_its_faces():
    """Players call a double-faced card's faces its "sides" (712.1: front face, back face); a
    "side" alone is still a Treachery player's team (907.5)."""
    assert [word.typed for word in parse("does my werewolf come back on its front side or the back side").words] == [
        "werewolf",
        "return",
        "front",
        "face",
        "back",
        "face",
    ]
    assert [word.typed for word in parse("which side am I on").words] == ["side"]
    assert [word.typed for word in parse("can a traitor switch to the other side").words][-1] == "side"


def test_words_a_question_leans_on_are_not_searched():
    """ "just", "even" and "really" say nothing of the rules: rare in them, they would rank whatever
    entry says them. Matched as typed: "basically" is not the "basic" of basic lands."""
    query = parse("I just died, does my ability even resolve")
    assert [word.typed for word in query.words] == ["died", "ability", "resolve"]
    assert query.stop_words == ["i", "just", "does", "my", "even"]
    assert [word.typed for word in parse("is that basically a basic land").words] == ["basic", "land"]


def test_how_a_keyword_works_is_what_it_is(find):
    # by "work", cloak's 701.58a ("ward {2}") came first; ward's rule was 4th
    assert find("how does ward work")["results"][0]["number"] == "702.21a"


def test_the_word_a_question_asks_for_ranks_the_entries_that_say_it():
    from rulebook.queries.search import asked_for

    words = parse("The Puppet Master swapped our identity cards: which team am I on now?").words
    assert asked_for("The Puppet Master swapped our identity cards: which team am I on now?", words).typed == "team"
    assert asked_for("what zone does a token go to", parse("what zone does a token go to").words).typed == "zone"
    assert asked_for("can I block with a tapped creature", parse("can I block with a tapped creature").words) is None


def test_a_condition_is_found_by_its_opposite(find):
    """509.1a says blockers "must be untapped": the answer to blocking with a tapped creature."""
    assert "509.1a" in [result["number"] for result in find("can i block with a tapped creature")["results"][:3]]


def test_the_documents_own_other_names_are_searched_too(built_db, find):
    """205.3tr: identity types "(or roles)"; the glossary's "In Play (Obsolete)": the battlefield."""
    derived = {row["typed"]: (row["rules"], row["source"]) for row in built_db.query("select * from search_synonyms")}
    assert derived["roles"] == ("roles = roles|identity", "treachery-6.0 205.3tr")
    assert derived["in play"][0] == "in play = battlefield"
    assert "<mark>battlefield</mark>" in find("tokens in play")["results"][0]["snippet"].lower()
    assert derived["edh"] == ("edh = edh|commander", "comprehensive-rules-2026-01-16 glossary: EDH (Obsolete)")
    assert "by" not in derived
    found = find("what is my role")
    assert any("<mark>identity</mark>" in result["snippet"].lower() for result in found["results"][:5])


def test_a_word_is_a_familys_when_nearly_only_its_rules_use_it():
    from rulebook.db.search_family_words import family_words

    entries = [("official", "player turn")] * 40 + [("official", "player identity")] * 2
    entries += [("treachery", "unveil identity player")] * 6 + [("treachery", "leader")] * 4
    # "unveil": 6 of 6 entries; "identity" 6 of 8 (the official rules use it too); "leader": only 4;
    # the family with the most entries owns no word ("turn")
    assert family_words(entries) == {"unveil": "treachery"}


def test_a_question_in_the_words_of_the_treachery_rules_ranks_them_up(built_db, find):
    said = {word: (family, names) for word, family, names in built_db.execute("select * from search_family_words")}
    assert {said[word] for word in ("unveil", "leader", "traitor", "undercov")} == {("treachery", 0)}
    assert said["treacheri"] == ("treachery", 1) and said["duskmourn"] == ("duskmourn-release-notes", 1)
    assert "ident" not in said and "offici" not in said and "creatur" not in said
    # "flip my traitor": the unveil rule 702.TR01c comes 3rd, not 10th behind the rules on extra turns
    found = find(
        "Someone just cast a board wipe on their own turn. Can I flip my traitor in response to it "
        "or do I have to wait until it's my turn?"
    )
    assert ("rule", "treachery-6.0", "702.TR01c") in top(found, 3)


# -- results a judge can use ----------------------------------------------------------------


@pytest.mark.parametrize("query", ["great martyr", "martyr", "Great Martyr notes"])
def test_a_partial_card_name_ranks_the_card_first(find, query):
    assert top(find(query), 1) == [("card", "treachery-6.0", "The Great Martyr")]


def test_pages_of_results_join_into_one_long_list(find):
    whole = find("creature", limit=60)
    assert whole["total"] > 60 and len(whole["results"]) == 60
    pages = [find("creature", offset=offset, limit=20) for offset in (0, 20, 40)]
    assert [result["url"] for page in pages for result in page["results"]] == [r["url"] for r in whole["results"]]
    assert [(page["offset"], page["limit"], page["total"]) for page in pages] == [
        (0, 20, whole["total"]),
        (20, 20, whole["total"]),
        (40, 20, whole["total"]),
    ]


@pytest.mark.parametrize(
    "query, first, total",
    [("the puppet master", "The Puppet Master", 31), ("101.4", "101.4 · The Magic Golden Rules", 15)],
)
def test_the_card_or_rule_named_leads_the_first_page_and_the_next_pages_go_on(find, query, first, total):
    whole = find(query, limit=12)
    assert whole["results"][0]["title"] == first
    pages = [find(query, offset=offset, limit=4) for offset in (0, 4, 8)]
    urls = [result["url"] for page in pages for result in page["results"]]
    assert urls == [result["url"] for result in whole["results"]]
    assert len(set(urls)) == len(urls)  # what is named is not ranked again among the rest
    assert {page["total"] for page in pages} == {whole["total"]} == {total}


def test_a_page_past_the_end_says_how_many_results_there_are(find):
    total = find("undercover")["total"]
    found = find("undercover", offset=500)
    assert (found["results"], found["total"]) == ([], total)
    assert found["message"] == f"There are only {total} results: this page is past the last one."


# -- editions: once per family, as of a date ------------------------------------------------


@pytest.fixture(scope="module")
def editions(tmp_path_factory):
    """Three editions of a miniature of the official rules: the second unchanged, the third
    with a new starting life total."""
    from tests.sample_documents import FULL_CR

    folder = tmp_path_factory.mktemp("editions")
    texts = {
        "2021-06-18": FULL_CR,
        "2021-09-10": FULL_CR.replace("June 18, 2021", "September 10, 2021"),
        "2022-02-04": FULL_CR.replace("June 18, 2021", "February 4, 2022").replace(
            "starting life total of 20.", "starting life total of 30."
        ),
    }
    paths = []
    for day, text in texts.items():
        paths.append(folder / f"MagicCompRules-{day}.txt")
        paths[-1].write_text(text, encoding="utf-8")
    target = folder / "rulebook.db"
    build_database(target, paths)
    db = sqlite_utils.Database(target)

    def find(query, **filters):
        return search(db, query, **filters)

    return find


def test_each_entry_is_found_once_in_its_newest_edition(editions):
    found = editions("legend rule")
    # the glossary's Legend Rule says "See rule 704.5k": that rule first, then the glossary entry
    assert top(found, 2) == [
        ("rule", "comprehensive-rules-2022-02-04", "704.5k"),
        ("glossary", "comprehensive-rules-2022-02-04", "Legend Rule"),
    ]
    assert [result["earlier_editions"] for result in found["results"][:2]] == [2, 2]
    assert all(
        [described(result) for result in found["results"]].count(described(found["results"][place])) == 1
        for place in (0, 1)
    )
    assert {result["document"] for result in found["results"]} == {"comprehensive-rules-2022-02-04"}


def test_a_changed_rule_shows_its_newest_text_and_the_older_one_by_date_or_document(editions):
    newest = editions("starting life total")["results"][0]
    assert (newest["document"], newest["number"], newest["earlier_editions"]) == (
        "comprehensive-rules-2022-02-04",
        "119.1",
        2,
    )
    assert "of 30." in newest["snippet"]
    found = editions("starting life total", as_of="2021-10-01")
    older = found["results"][0]
    assert (older["document"], older["number"], older["earlier_editions"]) == (
        "comprehensive-rules-2021-09-10",
        "119.1",
        1,
    )
    assert "of 20." in older["snippet"]
    assert found["editions"] == [
        {
            "family": "comprehensive-rules",
            "document": "comprehensive-rules-2021-09-10",
            "version": "2021-09-10",
            "effective_date": "2021-09-10",
            "edition": 2,
            "current": "comprehensive-rules-2022-02-04",
        }
    ]
    first = editions("starting life total", document="comprehensive-rules-2021-06-18")["results"][0]
    assert (first["document"], first["url"], first["earlier_editions"]) == (
        "comprehensive-rules-2021-06-18",
        "/rules/comprehensive-rules-2021-06-18/119.1",
        0,
    )


def test_as_of_before_every_edition_finds_nothing_and_says_why(editions):
    found = editions("legend rule", as_of="2001-01-01")
    assert (found["results"], found["editions"]) == ([], [])
    assert found["message"] == "No document loaded was in force on 2001-01-01."


@pytest.mark.parametrize("as_of", ["June 2021", "2021-13-01", "yesterday"])
def test_as_of_must_be_a_date(editions, as_of):
    with pytest.raises(SearchInputError, match="as_of must be a date written YYYY-MM-DD"):
        editions("legend rule", as_of=as_of)


# -- the page and its JSON twin -------------------------------------------------------------


async def test_the_search_page_pages_through_results(site):
    data = (await site.client.get("/search.json?q=creature&offset=20&limit=20")).json()
    assert (data["offset"], data["limit"], len(data["results"])) == (20, 20, 20)
    assert data["total"] == (await site.client.get("/search.json?q=creature")).json()["total"] > 40
    html = (await site.client.get("/search?q=creature&offset=20")).text
    assert f"Results 21–40 of {data['total']} for “creature”" in html
    assert '<ol class="results" start="21">' in html
    assert '<a rel="prev" href="/search?q=creature&amp;offset=0">' in html
    assert '<a rel="next" href="/search?q=creature&amp;offset=40">' in html
    last = (await site.client.get(f"/search?q=creature&offset={data['total'] - 1}")).text
    assert 'rel="next"' not in last and 'rel="prev"' in last


@pytest.mark.parametrize(
    "path, error",
    [
        (
            "/search.json?q=unveil&as_of=June+2021",
            'as_of must be a date written YYYY-MM-DD, e.g. 2021-06-09, not "June 2021".',
        ),
        (
            "/search?q=unveil&as_of=2021-02-30",
            'as_of must be a date written YYYY-MM-DD, e.g. 2021-06-09, not "2021-02-30".',
        ),
        ("/search.json?q=unveil&offset=-1", "offset must be a whole number from 0 to 10000, not '-1'."),
        ("/search.json?q=unveil&limit=many", "limit must be a whole number from 0 to 200, not 'many'."),
        ("/search.json?q=unveil&limit=5000", "limit must be a whole number from 0 to 200, not '5000'."),
        (
            "/search.json?q=unveil&kind=AAA",
            "kind must be one of rule, card, card_note, faq, glossary, mechanic, mechanic_ruling, or empty for every "
            "kind; not 'AAA'.",
        ),
        ("/search.json?q=unveil&offset=10001", "offset must be a whole number from 0 to 10000, not '10001'."),
    ],
)
async def test_bad_dates_and_pages_are_400s_that_say_what_is_expected(site, path, error):
    response = await site.client.get(path)
    assert response.status_code == 400
    if "/search.json" in path:
        assert response.json()["detail"] == error
        assert response.json()["field"] == path.split("&")[1].split("=")[0]
    else:
        assert str(escape(error)) in response.text


async def test_as_of_says_which_edition_it_searched_and_links_to_the_current_one(site):
    data = (await site.client.get("/search.json?q=undercover&as_of=2018-01-01")).json()
    assert {result["document"] for result in data["results"]} == {"treachery-1.1"}
    html = (await site.client.get("/search?q=undercover&as_of=2018-01-01")).text
    assert (
        "Rules as of 2018-01-01: treachery-1.1 (effective 2017-05-08), now "
        '<a href="/search?q=undercover&amp;document=treachery-6.0">treachery-6.0</a>.'
    ) in html


async def test_a_result_says_how_many_earlier_editions_have_it(site):
    html = (await site.client.get("/search?q=the+puppet+master+concede")).text
    assert "treachery-6.0 · also in 1 earlier edition</span>" in html
    # and one only an older edition has, which edition lacks it: a judge never cites it unawares
    old = (await site.client.get("/search?q=can+the+traitor+win+alone")).text
    assert '<span class="source">treachery-1.1 · <strong class="not-in">not in treachery-6.0</strong></span>' in old


@pytest.mark.parametrize("query", ["104.3a?", "what does 104.3a say", "rule 104.3a.", "CR 104.3a,"])
def test_a_rule_number_anywhere_in_a_sentence_opens_the_rule(find, query):
    found = find(query)
    assert found["redirect"] == "/rules/comprehensive-rules-2026-01-16/104.3a"
    assert top(found, 1) == [("rule", "comprehensive-rules-2026-01-16", "104.3a")]  # before the rules citing it


@pytest.mark.parametrize(
    ("query", "opened"),
    [
        ("907.8 b", "/rules/treachery-6.0/907.8b"),  # the letter typed apart, as a phone's keyboard leaves it
        ("rule 104.3 a?", "/rules/comprehensive-rules-2026-01-16/104.3a"),
        ("104.3 a player concedes", "/rules/comprehensive-rules-2026-01-16/104.3"),  # "a" is a word here
    ],
)
def test_a_subrules_letter_typed_apart_opens_the_subrule(find, query, opened):
    assert find(query)["redirect"] == opened


def test_two_rule_numbers_in_a_sentence_open_neither(find):
    assert find("is 104.3a or 104.4a the one about conceding")["redirect"] is None


def test_a_subrule_is_titled_with_what_its_rule_is_about(find, built_db):
    trample = find("trample excess damage blockers")["results"]
    titled = {result["number"]: result["title"] for result in trample if result["kind"] == "rule"}
    assert titled["702.19b"] == "702.19b · Trample"
    assert next(result for result in trample if result["number"] == "702.19b")["rule_title"] == "Trample"
    two_headed = find("810.1")["results"][0]
    assert two_headed["title"] == "810.1 · Two-Headed Giant Variant"  # a rule without a heading: its section's title
    # a keyword whose name ends with "!" is a heading too (it was titled with its section, Keyword Abilities)
    assert find("702.163a")["results"][0]["title"] == "702.163a · For Mirrodin!"


def test_a_heading_with_no_text_of_its_own_is_not_a_result_but_its_number_opens_it(find):
    found = find("deathtouch")
    assert "702.2" not in [result["number"] for result in found["results"]]
    assert "702.2b" in [result["number"] for result in found["results"][:10]]
    assert find("702.2")["redirect"] == "/rules/comprehensive-rules-2026-01-16/702.2"


def test_power_and_toughness_are_not_words(find):
    """ "4/4" and "-4/-4" say how big, not what about: no example that merely prints 4/4 comes up
    for them, and "+1/+1 counter" is one phrase of the rules."""
    found = find("my 4/4 gets -4/-4 until end of turn but has a +1/+1 counter")
    for result in found["results"][:5]:
        assert "4/4" not in re.sub(r"<[^>]+>", "", result["snippet"])
    counters = find("+1/+1 counter and -1/-1 counter on the same creature")
    assert ("rule", "comprehensive-rules-2026-01-16", "704.5q") in top(counters, 3)


def test_a_players_plus_one_counter_is_the_rules_plus_one_plus_one_counter():
    assert [word.typed for word in parse("do +1 and -1 counters cancel out").words][:3] == [
        "+1/+1",
        "-1/-1",
        "counters",
    ]
    assert [word.typed for word in parse("put a +1 counter on it").words] == ["put", "+1/+1", "counter"]
    # not before "counter", a +1 is a number: a loyalty ability's cost, a count
    assert [(word.typed, word.game_number) for word in parse("my +1 ability").words] == [
        ("1", True),
        ("ability", False),
    ]
    count = parse("1 counter on it").words[0]
    assert (count.typed, count.game_number, count.start) == ("1", True, 0)
    assert [(word.typed, word.game_number) for word in parse("x+1 counters").words] == [
        ("x", False),
        ("1", True),
        ("counters", False),
    ]


def home_numbers(built_db, name: str) -> set[str | None]:
    """The numbers of the entries in a concept's home (None for a glossary entry)."""
    [home] = [json.loads(row[0]) for row in built_db.execute("select home from search_concepts where name = ?", [name])]
    assert len(home) <= MAX_HOME  # a larger one is no concept
    in_home = f"select number from search_entries where id in ({', '.join(map(str, home))})"
    return {row[0] for row in built_db.execute(in_home)}


def test_the_concepts_a_question_names_are_read_from_the_documents(built_db):
    concepts = {row["name"]: row for row in built_db.query("select * from search_concepts")}
    assert concepts["Trample"]["stems"] == "trampl"  # the glossary's term and 702.19's heading: one concept
    assert {"lethal", "excess", "assign"} <= set(concepts["Trample"]["profile"].split())
    assert {"103.5", "103.5c", "103.5d"} <= home_numbers(built_db, "Mulligan")  # "See rule 103.5"
    assert {"702.19b", "702.19c"} <= home_numbers(built_db, "Trample")


def test_a_variant_is_about_the_rules_of_the_options_it_says_it_uses(built_db, find):
    # 810.2: "The Two-Headed Giant variant uses the shared team turns option. (See rule 805.)"
    numbers = home_numbers(built_db, "Two-Headed Giant Variant")
    assert {"810.1", "805.5", "805.10"} <= numbers
    # 810 also cites 104 and 704 ("See rule 704."): no options of play
    assert not any((number or "").startswith(("104", "704")) for number in numbers)
    # 809.3b: "Emperor games use the deploy creatures option (see rule 804)"
    assert {"809.1", "804.1"} <= home_numbers(built_db, "Emperor Variant")
    # 904.2: "The attack multiple players option (see rule 802) and the shared team turns option (see rule
    # 805) are used"; 806.2c's "The limited range of influence option isn't used" is no use
    archenemy = home_numbers(built_db, "Archenemy")
    assert {"802.1", "805.1"} <= archenemy and "801.1" not in archenemy
    # 805.5b: a team passes priority when no player on it wishes to act (Two-Headed Giant's own rules,
    # which never speak of priority, came first)
    found = top(find("In 2HG does each of us get priority separately? If my teammate passes can I still respond"), 2)
    assert ("rule", "comprehensive-rules-2026-01-16", "805.5b") in found


def test_names_of_one_stem_are_one_concept_only_as_inflections_of_each_other(built_db):
    """The stemmer makes "command" of the zone and of the variant: the glossary's Command and
    Commander are two concepts, and "commander" names Commander; Token and Tokens are one."""
    from rulebook.ingest.words import inflections
    from rulebook.queries.search.index import index_of

    names = {row[0] for row in built_db.execute("select name from search_concepts where stems = 'command'")}
    assert names == {"Command", "Commander"}
    assert [row[0] for row in built_db.execute("select count(*) from search_concepts where stems = 'token'")] == [1]
    assert inflections("token", "tokens") and inflections("ability", "abilities") and inflections("saddle", "saddled")
    assert inflections("restart the game", "restarting the game") and inflections("merge", "merging")
    assert not inflections("equip", "equipment") and not inflections("blocked creature", "blocking creature")
    index = index_of(built_db)

    def named(question: str) -> list[str]:
        words = index.speller.look_up(parse(question).words)
        return [item.concept.name for item in index.concepts.named_in(words, index.stem_counts, index.written_counts)]

    assert "Commander" in named("commander deck size") and "Command" not in named("commander deck size")
    # the zone is named by the word that spells it, though the first word of its stem is "commander"
    assert named("can my commander go to the command zone") == ["Command", "Commander"]
    # Planeswalkers (306) and Planechase's Planeswalk (701.31): "planeswalker" spells the first
    assert named("can my planeswalker block") == ["Block", "Planeswalkers", "Unblockable"]


def test_a_concept_is_named_by_its_word_in_another_form_not_by_a_shorter_word(built_db):
    """A typed "blockers" names Block, "tapped" Tap; but "off" names no Offering, nor "land" a Lander."""
    from rulebook.queries.search.index import index_of

    index = index_of(built_db)

    def named(question: str) -> list[str]:
        words = index.speller.look_up(parse(question).words)
        return [item.concept.name for item in index.concepts.named_in(words, index.stem_counts, index.written_counts)]

    assert "Offering" not in named("does the sword fall off")
    assert "Offering" in named("offering")
    assert any(name.startswith("Block") for name in named("how many blockers"))
    # the words of a name stand together as typed: a short word between, not two
    assert "At End of Turn" in named("at the end of my turn")
    assert "Attack Right Option" in named("can I attack right")
    assert "Attack Right Option" not in named("can I attack with it right away")


def test_a_concept_named_as_written_is_as_specific_as_its_written_name(built_db, find):
    """ "phasing" shares its stem, "phase", with hundreds of entries on phases of the turn; written
    so, it is in a dozen, and names the keyword as specifically as "deathtouch" would."""
    from rulebook.queries.search import concepts_named
    from rulebook.queries.search.index import index_of
    from rulebook.queries.search.scope import Scope

    index = index_of(built_db)
    about = concepts_named(index, index.speller.look_up(parse("phasing").words), Scope(None, None, None))
    assert [concept.name for concept in about.specific] == ["Phasing"]
    assert "702.26a" in [result["number"] for result in find("phasing")["results"][:5]]


@pytest.mark.parametrize(
    "name, written",
    [
        ("Day and Night", ("day", "night")),
        ("The Ætherist", ("aetherist",)),
        ("Betrayer's Bargain", ("betrayer", "bargain")),
    ],
)
def test_a_concepts_name_is_written_in_the_words_a_query_is_read_in(name, written):
    """Folded, without its stop words, as words.parse reads "day and night" or "the aetherist"."""
    from rulebook.queries.search.concepts import Concept

    assert Concept(name, (), (), ()).written == written
    assert [word.typed for word in parse(name.lower()).words if not word.stop] == list(written)


def test_a_rules_word_a_phrase_put_in_place_of_the_typed_one_is_not_as_typed(built_db):
    """The documents call identity subtypes "identity types" too: "types" is searched as
    "subtypes", but a concept named by it is not named as written (concepts._as_written)."""
    from rulebook.queries.search.index import index_of

    words = parse("identity types known", index_of(built_db).phrases).words
    assert [(word.typed, word.as_typed) for word in words] == [
        ("identity", True),
        ("subtypes", False),
        ("known", True),
    ]


def test_a_one_word_name_typed_as_written_is_as_common_as_its_written_word():
    """ "phase" is in 30 of 100 entries, too many for a name; "phasing", as typed, in 2 of the 120
    the written words are counted in: it names the keyword (concepts.SINGLE_WORD_MAX_SHARE)."""
    from rulebook.queries.search.concepts import Concept, Concepts, Counts

    concepts = Concepts([Concept("Phasing", ("phase",), (1,), ())], {1: frozenset({"phase"})}, {1: "rule"})
    [word] = parse("phasing").words
    word.stems = ["phase"]
    stems = Counts({"phase": 30}, 100)
    named = concepts.named_in([word], stems, Counts({"phasing": 2}, 120))
    assert [(item.concept.name, item.as_written) for item in named] == [("Phasing", True)]
    assert concepts.named_in([word], stems, Counts({"phasing": 7}, 120)) == []
    word.as_typed = False  # a phrase's word: counted by its stem
    assert concepts.named_in([word], stems, Counts({"phasing": 2}, 120)) == []


def test_a_question_naming_two_concepts_finds_the_rules_about_both(find):
    deathtouch_and_trample = [result["number"] for result in find("does deathtouch work with trample")["results"][:5]]
    assert deathtouch_and_trample[0] == "702.2c"  # deathtouch's rule on lethal damage, what trample assigns
    assert "702.19b" in deathtouch_and_trample  # trample's rule on assigning lethal damage
    # 122.1b has both words, in its list of the fifteen keyword counters: it says nothing of how they meet
    assert "122.1b" not in deathtouch_and_trample
    mulligan = [result["number"] for result in find("mulligan in two headed giant")["results"][:5]]
    assert "103.5d" in mulligan  # the mulligan rule on shared team turns, as in Two-Headed Giant


def test_an_entry_that_misses_a_concept_the_question_names_ranks_lower(built_db):
    """810.1 says what Two-Headed Giant is, and nothing of mulligans; 103.5d is the mulligan rule
    for shared team turns, which it speaks of as Two-Headed Giant's rules do."""
    from rulebook.queries.search import concepts_named
    from rulebook.queries.search.index import index_of
    from rulebook.queries.search.scope import Scope

    index = index_of(built_db)
    about = concepts_named(
        index, index.speller.look_up(parse("mulligan in two headed giant").words), Scope(None, None, None)
    )
    assert [concept.name for concept in about.specific] == ["Two-Headed Giant Variant", "Mulligan"]
    entry = {
        number: built_db.execute(
            "select id, words, body from search_entries where number = ? and latest", [number]
        ).fetchone()
        for number in ("810.1", "103.5d", "119.1a")
    }
    assert [about.misses(*entry[number]) for number in ("810.1", "103.5d", "119.1a")] == [1, 0, 1]


def test_a_term_the_rules_no_longer_use_comes_after_the_current_ones(find):
    assert [result["title"] for result in find("cast")["results"][:2]] == ["Cast", "Successfully Cast (Obsolete)"]
    assert find("mana burn")["results"][0]["title"] == "Mana Burn (Obsolete)"  # asked for by its whole name


def test_a_number_and_its_word_are_side_by_side_either_way_round(find):
    # a judge's "0 toughness" is the rules' "toughness 0": the state-based action, before 208.5
    # ("its power is 0. The same is true for toughness")
    assert find("creature with 0 toughness")["results"][0]["number"] == "704.5f"


def test_a_card_the_question_does_not_name_is_not_its_answer(find):
    """Cards that put two +1/+1 counters on a creature have every word of the question; the rules
    on +1/+1 counters answer it."""
    first = find("does a 0/0 with two +1/+1 counters survive")["results"][:3]
    # a card's note on +1/+1 and -1/-1 counters together may come third, but no card
    assert [result["kind"] for result in first][:2] == ["rule", "rule"] and "card" not in [r["kind"] for r in first]
    assert find("omnivorous flytrap")["results"][0]["title"] == "Omnivorous Flytrap"
    # "mutate" is all the keyword's name, and one word of Leyline of Mutation's, which was first
    mutate = find("mutate")["results"][:2]
    assert {result["number"] or result["title"] for result in mutate} == {"702.140a", "Mutate"}
    assert find("leyline of mutation")["results"][0]["title"] == "Leyline of Mutation"


def test_a_concept_named_only_in_a_list_of_many_is_not_spoken_of():
    from rulebook.queries.search.concepts import Concept, only_listed

    deathtouch = Concept("Deathtouch", ("deathtouch",), (), ())
    keyword_counters = (
        "The keywords that a keyword counter can be are flying, first strike, double strike, deathtouch, "
        "decayed, exalted, haste, hexproof, indestructible, lifelink, menace, reach, shadow, trample, and vigilance"
    )
    assert only_listed(keyword_counters, deathtouch)
    assert not only_listed(keyword_counters + ". Deathtouch counters are rare.", deathtouch)
    assert not only_listed("A creature with deathtouch, flying, or reach can block it.", deathtouch)  # 3 items
    assert not only_listed("Any nonzero amount of damage from a source with deathtouch is lethal.", deathtouch)
    # three teams named A, B, and C are no list of many: "and C" ends a list
    seating = "In a game with three teams, A, B, and C, deathtouch, the seating is A B C."
    assert not only_listed(seating, deathtouch)
    # a name of two words, one of them listed and the other nowhere, is not named in a list
    two_words = Concept("Color Identity", ("color", "ident"), (), ())
    assert not only_listed("It is white, blue, black, red, green, or colorless.", two_words)


def test_a_glossary_entry_that_points_to_a_rule_follows_that_rule(find):
    """The glossary's Extra Turn says "See rule 500.7": the rule answers "extra turns", the
    glossary entry comes right after it. A rule far below leaves the definition first."""
    results = find("extra turns")["results"]
    assert [(result["number"], result["title"]) for result in results[:2]] == [
        ("500.7", "500.7 · General"),
        (None, "Extra Turn"),
    ]
    assert results[0]["snippet"].startswith("Some effects can give a player <mark>extra</mark> <mark>turns</mark>.")
    # the official glossary's Teammate and the Treachery rules' both say "See rule 102.3": the rule
    # right behind the second takes its place
    assert [result["title"] for result in find("teammate")["results"][:3]] == [
        "Teammate",
        "102.3 · Players",
        "Teammate",
    ]
    # Artifact Type says "See rule 205.3g", two places down: the definition stays first
    assert [result["title"] for result in find("artifact type")["results"][:3]] == [
        "Artifact Type",
        "301.3 · Artifacts",
        "205.3g · Subtypes",
    ]


def test_a_glossary_entry_that_is_another_name_gives_its_place_to_the_entry_it_names(find):
    """ "APNAP Order: See Active Player, Nonactive Player Order.": the judge who types APNAP asks for
    the order (the phone audit's box said only "See ..."). The other name comes right after it, and
    is no rival to its answer box; "islandwalk" after "forestwalk" leaves Landwalk first."""
    found = find("apnap order")
    assert [result["title"] for result in found["results"][:2]] == [
        "Active Player, Nonactive Player Order",
        "APNAP Order",
    ]
    assert found["answer"]["title"] == "Active Player, Nonactive Player Order"
    assert "See rule 101.4." in found["answer"]["text"]
    assert [result["title"] for result in find("forestwalk")["results"][:2]] == ["Landwalk", "Forestwalk"]
    # one word typed: the entry it names answers, as the other name it typed would have
    assert find("apnap")["answer"]["title"] == "Active Player, Nonactive Player Order"


def test_flipping_a_double_faced_card_is_transforming_it(find):
    """Players "flip" an identity card (unveil it) and a double-faced card (transform it)."""
    assert ("rule", "comprehensive-rules-2026-01-16", "701.27a") in top(find("flip a double-faced card"), 3)
    assert ("rule", "treachery-6.0", "702.TR01c") in top(find("can I flip my traitor in response"), 2)


def test_a_players_sword_is_an_equipment_and_to_yoink_is_to_gain_control(find):
    """ "who controls the sword when they yoink my creature": 301.5d, an Equipment's controller is
    separate from the equipped creature's."""
    found = find("who controls the sword when they yoink my creature")
    assert top(found, 1) == [("rule", "comprehensive-rules-2026-01-16", "301.5d")]
    assert "<mark>Equipment</mark>" in found["results"][0]["snippet"]


def test_a_number_typed_in_digits_finds_the_rules_that_spell_it_out(find):
    """The rules say "ten or more poison counters" (122.1f); a judge types 10."""
    found = find("10 poison counters")
    rule = next(result for result in found["results"][:3] if result["number"] == "122.1f")
    assert rule["snippet"].startswith(
        "If a player has <mark>ten</mark> or more <mark>poison</mark> <mark>counters</mark>"
    )


def test_a_player_who_dies_loses_the_game():
    """At the table a player "dies" when they lose (104.3); a creature still dies (700.4)."""

    assert [word.stems for word in parse("the leader dies").words] == [["leader"], ["lose", "lost", "leav", "left"]]
    assert [word.stems for word in parse("what if everyone dies at once").words] == [
        ["player"],
        ["lose", "lost"],
        ["simultan"],
    ]
    assert [word.typed for word in parse("my creature dies").words] == ["creature", "dies"]


def test_a_plain_search_weighs_words_by_the_texts_it_shows(built_db):
    """bm25 weighs a word by how few entries use it: a plain search counts each entry's newest
    text only (search_entries_fts), a search of a document or a day every text
    (search_editions_fts): older texts would make the official rules' words weigh less."""
    newest = built_db.execute("select count(*) from search_entries where latest").fetchone()[0]
    every = built_db["search_entries"].count
    assert built_db.execute("select count(*) from search_entries_fts").fetchone()[0] == newest < every
    assert built_db.execute("select count(*) from search_editions_fts").fetchone()[0] == every
    from rulebook.queries.search.index import index_of

    index = index_of(built_db)
    assert index.entry_count == newest
    unveiling = "select count(*) from search_entries where latest and words like '% unveil%'"
    assert index.frequency["unveil"] == built_db.execute(unveiling).fetchone()[0]


def test_old_entries_leave_the_first_places_to_current_ones():
    """With every edition loaded, rules removed since (superseded) would keep current entries out
    of the first places by words; one renumbered since says what its current number says."""
    from rulebook.queries.search.fusion import WINDOW, first_by_words
    from rulebook.queries.search.index import Candidate

    def entry(number: int, superseded: bool, body: str) -> Candidate:
        return Candidate(
            number,
            "rule",
            "comprehensive-rules",
            body,
            None,
            None,
            f"100.{number}",
            " ",
            superseded,
            f"100.{number}",
            "",
        )

    ranking = [entry(1, True, "a copy"), entry(2, True, "only old"), entry(3, False, "a copy")]
    ranking += [entry(number, False, f"rule {number}") for number in range(4, 40)]

    class ByWords:
        def entries(self, start, stop):
            return ranking[start:stop]

        def total(self):
            return len(ranking)

    first = first_by_words(ByWords(), keep_old=False)
    assert [candidate.id for candidate in first] == [2, *range(3, 3 + WINDOW)]
    assert [candidate.id for candidate in first_by_words(ByWords(), keep_old=True)] == list(range(1, 1 + WINDOW))


def test_x_is_a_word_of_the_rules(find):
    """X is the variable of costs and numbers (107.3), not a letter too common to search by:
    702.21b is the ward rule on an X in the cost."""
    from rulebook.ingest.words import is_stop_word

    assert not is_stop_word("x") and is_stop_word("a")
    assert top(find("ward X cost"), 1) == [("rule", "comprehensive-rules-2026-01-16", "702.21b")]


def test_meaning_reads_the_question_as_search_reads_it(built_db):
    """A misspelling means nothing to the meaning model, and the rules say what they mean in
    their own words: the corrections and the rules' words of players' phrases are added."""
    from rulebook.queries.search.index import index_of
    from rulebook.queries.search.words import as_searched

    index = index_of(built_db)

    def read(question: str) -> str:
        return as_searched(question, index.speller.look_up(parse(question, index.phrases).words))

    assert read("am I allowed to conceed at any time") == "am I allowed to conceed at any time concede"
    assert read("who goes first in treachery") == "who goes first in treachery starting player"
    assert read("opp bounced my token") == "opp bounced my token opponent"
    assert read("the starting player") == "the starting player"


def test_a_glossary_entry_gives_its_place_to_the_rule_it_names_not_to_a_subrule(find):
    """The glossary's Blight says "See rule 701.68": its subrule 701.68c, right behind it, is not
    that rule, so the definition stays first."""
    assert [result["title"] for result in find("blight")["results"][:2]] == ["Blight", "701.68c · Blight"]


def test_old_editions_texts_do_not_take_the_places_reranked_from_current_rules():
    """With every official edition loaded, the old texts of the same rules (114.6d, now 115.7d)
    filled the 20 places reranked by what bm25 cannot see, and the current rule that answered
    (800.4a, 40th by bm25) was never read again. Each old one now adds a place, up to 20 more."""
    assert reranked_reach([False] * 40) == 20
    assert reranked_reach([True] * 5 + [False] * 35) == 25
    assert reranked_reach([False, True] * 20) == 39  # the 20th current entry is the 39th
    assert reranked_reach([True] * 40) == 40  # never more than 20 old ones
    assert reranked_reach([False] * 3) == 20  # never fewer than 20 places (a tier this small has 3)


def test_a_variant_the_question_does_not_name_answers_it_last(find):
    """Two-Headed Giant is a variant: its 810.10 rules (poison counters shared by a team) were 3rd
    and 4th for "proliferate poison counters", asked of every game, and are out of the first five.
    Asked of the variant, they answer."""
    numbers = [result["number"] for result in find("proliferate poison counters")["results"][:5]]
    assert numbers[0] == "701.34b" and not any((number or "").startswith("810.") for number in numbers)
    assert find("two headed giant poison counters")["results"][0]["number"] == "810.10"
    # an option of another concept too: the Archenemy Commander Option's 904.13c ("Poison counters are not
    # shared") came before Two-Headed Giant's 810.10 for "shared poison counters"
    numbers = [result["number"] for result in find("shared poison counters")["results"]]
    assert numbers[0] == "810.10" and numbers.index("904.13c") > 1


def test_an_option_of_play_the_question_does_not_name_answers_it_last(find):
    """Brawl is an option of Commander: its 903.12h says Brawl games do NOT use the 21 commander
    damage rule, and came first for "commander damage 21". Asked of Brawl, it answers."""
    numbers = [result["number"] for result in find("commander damage 21")["results"]]
    assert set(numbers[:2]) == {"704.6c", "903.10a"} and numbers.index("903.12h") > 2
    assert "903.12h" in [result["number"] for result in find("brawl commander damage")["results"]][:2]
    # Treachery's options are asked of without saying "treachery": 907.3e is Backstab Rumble
    for query in ("leader vs all traitors", "leader vs all traitors in treachery"):
        assert "907.3e" in [result["number"] for result in find(query)["results"]][:5]


@pytest.mark.parametrize(
    "query", ["what if the traitor kills the leader", "is killing the leader enough for the traitor"]
)
def test_killing_the_leader_is_defeating_them(find, query):
    # the FAQ says "defeat"; "kills" and "killing" were searched as typed, and 907.3c's list of
    # roles (1 Leader, 1 Traitor, ...) came first
    first = find(query)["results"][0]
    assert (first["kind"], first["question"]) == ("faq", "Does the Traitor need to defeat the Guardian?")
