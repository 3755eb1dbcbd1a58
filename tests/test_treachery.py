"""The Treachery rules parser, on the bundled documents and on small examples."""

from __future__ import annotations

from collections import Counter

import pytest

from rulebook.db.build import bundled_source
from rulebook.ingest import read_document
from rulebook.ingest.numbers import RuleNumber
from rulebook.ingest.source import SourceError, decode
from rulebook.ingest.treachery import parse


@pytest.fixture(scope="module")
def v6():
    return read_document(bundled_source("treachery-rules-6.0.txt")).parsed


@pytest.fixture(scope="module")
def v11():
    return read_document(bundled_source("treachery-rules-1.1.txt")).parsed


@pytest.fixture(scope="module")
def forum():
    return read_document(bundled_source("treachery-rules-1.1-forum-post.txt")).parsed


def rule(parsed, number):
    return next(r for r in parsed.rules if r.number == number)


def card(parsed, name):
    return next(c for c in parsed.cards if c.name == name)


def count_rules(parsed):
    subrules = sum(1 for r in parsed.rules if RuleNumber.parse(r.number).is_subrule)
    return len(parsed.rules) - subrules, subrules


def test_v6_document_information(v6):
    assert v6.info.version == "6.0"
    assert v6.info.effective_date == "2026-05-04"
    assert len(v6.versions) == 13
    assert (v6.versions[0].version, v6.versions[0].changes, v6.versions[0].release_date) == (
        "1.0",
        "First revision.",
        "2016-12-09",
    )
    assert v6.versions[-1].version == "6.0"


def test_v6_counts_rules_and_subrules(v6):
    assert count_rules(v6) == (31, 37)


def test_v6_rule_texts_are_verbatim(v6):
    assert rule(v6, "907.8b").text == (
        "The leader team loses the game if all players controlling a Leader identity have lost the game, "
        "even if at least one Guardian identity is still in the game. This overrides all effects that would "
        "preclude a player controlling a Guardian identity from losing the game (such as Platinum Angel)."
    )
    assert rule(v6, "109.1").text.endswith("a permanent, an emblem, or an identity.")
    assert rule(v6, "907.8b").section == "907. Treachery"
    assert rule(v6, "907.8b").part == "9. Casual Variants"


def test_v6_rule_split_by_a_page_break_is_rejoined(v6):
    assert rule(v6, "372.2").text.endswith(
        "If an identity card would leave the command zone, it remains in the command zone. "
        "Identity cards that aren't in the game could be brought into the game by some effects."
    )


def test_v6_glued_headings_are_split(v6):
    unveil = rule(v6, "702.TR01")
    assert (unveil.title, unveil.text) == ("Unveil", "")
    assert unveil.part == "7. Additional Rules"
    assert unveil.section == "702. Keyword Abilities (Unveil & Undercover)"
    assert [p.kind for p in unveil.paragraphs] == ["translation"]
    assert unveil.paragraphs[0].text == 'FR: "Dévoilement," DE: "Enthüllen," ES: "Desvelar."'


def test_v6_unnumbered_paragraphs_stay_with_their_rule(v6):
    assert (
        rule(v6, "702.TR02a")
        .paragraphs[0]
        .text.startswith("Note: Putting a creature onto the battlefield and attacking a Leader player does not clear")
    )
    assert rule(v6, "907.3c").text.splitlines() == [
        "Other recommended setups are:",
        "4 players: 1 Leader, 1 Traitor, 2 Assassins.",
        "5 players: 1 Leader, 1 Traitor, 2 Assassins, 1 Guardian.",
        "6 players: 1 Leader, 1 Traitor, 3 Assassins, 1 Guardian.",
        "7 players: 1 Leader, 1 Traitor, 3 Assassins, 2 Guardians.",
        "8 players: 1 Leader, 2 Traitors, 3 Assassins, 2 Guardians.",
    ]
    backstab = rule(v6, "907.3e")
    assert backstab.title == "Backstab Rumble Option"
    assert backstab.text.startswith("As an alternative option, an identity deck could contain one identity card")
    assert backstab.text.endswith("don't inform the players that this option has been chosen.")
    assert [p.kind for p in rule(v6, "907.6").paragraphs] == ["note"]


def test_v6_glossary_faq_and_headings(v6):
    assert [g.term for g in v6.glossary] == [
        "Reminder: 104.2a",
        "Reminder: 104.2c",
        "Reminder: 104.3g",
        "Team",
        "Teammate",
    ]
    assert v6.glossary[0].quotes_rule == "104.2a"
    assert [f.question for f in v6.faq] == [
        "Can I choose my deck after I saw my Identity card?",
        "Can I counter an unveil ability?",
        "Can Platinum Angel protect my team?",
        'What happens if I cast an "You win the game" effect?',
        "Can I proliferate counters on an Identity card?",
        "Does the Traitor need to defeat the Guardian?",
    ]
    assert v6.faq[2].answer.count("\n- ") == 3
    parts = [h.label for h in v6.headings if h.level == "part"]
    assert parts == [
        "1. Game Concepts",
        "2. Parts of a Card",
        "3. Card Types",
        "7. Additional Rules",
        "9. Casual Variants",
    ]


def test_v6_identity_cards_by_role(v6):
    assert Counter(c.role for c in v6.cards) == {"Leader": 13, "Guardian": 18, "Assassin": 18, "Traitor": 13}
    assert all(c.kind == "identity" for c in v6.cards)


def test_v6_card_notes(v6):
    assert [n.text for n in card(v6, "Her Seedborn Highness").notes] == [
        "Counters on identity cards cannot be proliferated because identity cards aren't permanents."
    ]
    martyr = card(v6, "The Great Martyr")
    assert len(martyr.notes) == 10
    assert martyr.notes[7].text.endswith(
        "(as Killing Wave does), and they choose to perform the action, instead you lose that much life, "
        "discard that many cards or sacrifice that many permanents."
    )
    assert martyr.notes[5].mentions == ["Tamiyo, Collector of Tales"]
    assert len(card(v6, "He Who Comes To Save The Day").notes) == 17
    assert len(card(v6, "The Ætherist").notes) == 2


def test_v6_card_without_notes_records_the_statement(v6):
    inquisitor = card(v6, "The Inquisitor")
    assert inquisitor.notes == []
    assert inquisitor.no_notes_statement == "No extra rules information."


def test_v6_group_headings_of_the_oracle(v6):
    groups = [n.group_heading for n in card(v6, "The Oracle").notes]
    assert groups[:3] == ['The following rulings focus on the "protection from" keyword'] * 3
    assert groups[3:] == ["The following rulings focus on what it means if your life total can't change"] * 8


def test_v11_old_numbering(v11):
    assert v11.info.version == "1.1"
    assert count_rules(v11) == (22, 32)
    assert rule(v11, "906.3c").text.startswith("Other recommended setups are:")
    assert rule(v11, "702.TrUnv-3").title == "Unveil"
    assert rule(v11, "314.5").text.endswith(
        "its activated abilities may be activated and its triggered abilities may trigger. Exception for the "
        '"Unveil ability" of identity cards that can be activated if, and only if, that identity is face-down. '
        'See rule 702.TrUnv-3, "Unveil."'
    )


def test_forum_post_keeps_old_card_texts_and_drops_forum_chrome(forum):
    assert forum.info.effective_date == "2017-05-08"
    assert [c.name for c in forum.cards] == [
        "The Fallen Hero",
        "The Spy",
        "The Bastard",
        "The Puppet Master",
        "The Chronologist",
    ]
    fallen = card(forum, "The Fallen Hero")
    assert fallen.rules_text.splitlines()[0] == "Hidden role"
    assert fallen.notes[0].text == 'See rule 714 "Restarting the game" while it applies only to you.'
    bastard = card(forum, "The Bastard")
    assert len(bastard.notes) == 3
    assert bastard.notes[-1].text.endswith(
        "Your victory conditions depends from the last known identity type even if the card has been turned face down."
    )
    reasons = Counter(s.reason for s in forum.skipped)
    assert reasons == {"forum chrome": 32}
    assert rule(forum, "701.TrRea-01b").text.startswith("If the effect of a resolving spell or ability reanimates")


def test_duplicate_rule_numbers_are_reported_with_their_line():
    text = "Treachery identity rules\n\n907.1. One.\n\n907.1. Again.\n"
    with pytest.raises(SourceError) as error:
        parse(decode(text.encode(), "dup.txt"))
    assert str(error.value).startswith("dup.txt, line 5: rule 907.1 appears twice (first at line 3)")


def test_a_small_newer_version_parses_with_the_same_code():
    text = "\n".join(
        [
            "Version\tSpecifications\tRelease Date",
            "7.0\tNew unveil rules.\t2027-01-02",
            "",
            "These rules are effective as of January 2nd 2027.",
            "",
            "9. CASUAL VARIANTS",
            "907. Treachery",
            "907.14. A new rule about identity cards. See official rule 104.3a.",
            "Note: A new note.",
            "702.TR03. Disguise",
            'DE: "Tarnung."',
            "702.TR03a. Disguise is new.",
            "SPECIFIC CARD NOTES",
            "LEADERS",
            "The Newcomer",
            "- A first note",
            "that continues here.",
        ]
    )
    parsed = parse(decode(text.encode(), "treachery-rules-7.0.txt"))
    assert (parsed.info.version, parsed.info.effective_date) == ("7.0", "2027-01-02")
    assert [r.number for r in parsed.rules] == ["907.14", "702.TR03", "702.TR03a"]
    assert rule(parsed, "907.14").paragraphs[0].text == "Note: A new note."
    assert rule(parsed, "702.TR03").paragraphs[0].kind == "translation"
    assert card(parsed, "The Newcomer").notes[0].text == "A first note that continues here."
