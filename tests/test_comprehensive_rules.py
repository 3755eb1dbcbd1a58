"""The official Comprehensive Rules parser, on the bundled excerpt and on a small full text."""

from __future__ import annotations

import pytest

from rulebook.db.build import bundled_source
from rulebook.ingest.accounting import account_lines
from rulebook.ingest.comprehensive_rules import EXCERPT_TITLE, parse
from rulebook.ingest.numbers import RuleNumber, parent_number
from rulebook.ingest.records import COMPREHENSIVE_RULES
from rulebook.ingest.rule_titles import heading_text
from rulebook.ingest.source import SourceError, decode
from tests.sample_documents import FULL_CR

EXCERPT = bundled_source("magic-comprehensive-rules-excerpt.txt")

FULL_LINES = FULL_CR.split("\n")


def line_of(fragment: str, occurrence: int = 1) -> int:
    """The 1-based number of the line of FULL_CR holding ``fragment`` (its n-th occurrence)."""
    found = [number for number, text in enumerate(FULL_LINES, start=1) if fragment in text]
    return found[occurrence - 1]


def parse_text(text: str, name: str = "MagicCompRules.txt"):
    source = decode(text.encode("utf-8"), name)
    return parse(source), source


def by_number(parsed) -> dict:
    return {rule.number: rule for rule in parsed.rules}


# -- the bundled excerpt ----------------------------------------------------------------------


@pytest.fixture(scope="module")
def excerpt():
    source = decode(EXCERPT.read_bytes(), EXCERPT.name)
    return parse(source), source


def test_excerpt_is_1151_rules_one_of_them_a_subrule(excerpt):
    parsed, source = excerpt
    assert len(parsed.rules) == 1151 == len(source.lines)
    subrules = [rule.number for rule in parsed.rules if RuleNumber.parse(rule.number).is_subrule]
    assert subrules == ["119.1d"]
    assert parent_number("119.1d") == "119.1"
    assert parsed.rules[0].number == "100.1" and parsed.rules[0].lines == [1]
    assert by_number(parsed)["119.1d"].lines == [151]


def test_excerpt_has_no_title_headings_or_other_records(excerpt):
    parsed, _ = excerpt
    assert parsed.info.title == EXCERPT_TITLE
    assert parsed.info.kind == COMPREHENSIVE_RULES
    assert (parsed.info.version, parsed.info.effective_date, parsed.info.lines) == (None, None, [])
    assert parsed.headings == [] and parsed.glossary == [] and parsed.passages == [] and parsed.skipped == []
    assert {(rule.part, rule.section) for rule in parsed.rules} == {(None, None)}
    assert all(rule.paragraphs == [] for rule in parsed.rules)


def test_excerpt_text_is_repaired(excerpt):
    rules = by_number(excerpt[0])
    assert rules["101.2"].text == (
        "When a rule or effect allows or directs something to happen, and another effect states "
        "that it can't happen, the \"can't\" effect takes precedence."
    )
    assert rules["100.7"].text == (
        "Certain cards are intended for casual play and may have features and text that aren't "
        "covered by these rules. These include Mystery Booster playtest cards, promotional cards and "
        'cards in "Un-sets" that were printed with a silver border, and cards in the Unfinity\u2122 '
        "expansion that have an acorn symbol at the bottom of the card."
    )
    assert rules["103.2"].text.endswith("Perform the actions listed in 103.2a\u2013e in order, as applicable.")
    assert rules["119.1d"].text == (
        "In a two-player Brawl game, each player's starting life total is 25. In a multiplayer Brawl "
        'game, each player\'s starting life total is 30. See rule 903.12, "Brawl Option."'
    )


def test_excerpt_has_no_mojibake_or_curly_quotes_left(excerpt):
    texts = [rule.text for rule in excerpt[0].rules]
    for debris in ("\u00e2\u20ac", "\ufffd", "\u00c3", "\u2019", "\u201c", "\u201d"):
        assert not [text for text in texts if debris in text], debris


def test_excerpt_accounts_for_every_line(excerpt):
    parsed, source = excerpt
    uses = account_lines(parsed, source)
    assert [use.line for use in uses] == list(range(1, 1152))
    assert {use.table for use in uses} == {"rules"}


# -- a full text ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def full():
    return parse_text(FULL_CR)


def test_full_text_counts(full):
    parsed, _ = full
    levels = [heading.level for heading in parsed.headings]
    subrules = [rule for rule in parsed.rules if RuleNumber.parse(rule.number).is_subrule]
    assert levels.count("part") == 3
    assert levels.count("section") == 5
    assert levels.count("chapter") == 3  # Introduction, Glossary, Credits
    assert len(parsed.rules) - len(subrules) == 6
    assert len(subrules) == 7
    assert sum(len(rule.paragraphs) for rule in parsed.rules) == 2
    assert len(parsed.glossary) == 4
    assert len(parsed.passages) == 6
    assert len(parsed.skipped) == 12


def test_full_text_info(full):
    info = full[0].info
    assert info.title == "Magic: The Gathering Comprehensive Rules"
    assert info.kind == COMPREHENSIVE_RULES
    assert info.effective_date == "2021-06-18"
    assert info.version == "2021-06-18"
    assert info.lines == [1, 3]


def test_full_text_headings_come_from_the_body_not_the_contents(full):
    parsed, _ = full
    assert [(h.level, h.number, h.title, h.lines) for h in parsed.headings] == [
        ("chapter", None, "Introduction", [5]),
        ("part", "1", "Game Concepts", [line_of("1. Game Concepts", 2)]),
        ("section", "100", "General", [line_of("100. General", 2)]),
        ("section", "101", "The Magic Golden Rules", [line_of("101. The Magic Golden Rules", 2)]),
        ("section", "119", "Life", [line_of("119. Life", 2)]),
        ("part", "2", "Parts of a Card", [line_of("2. Parts of a Card", 2)]),
        ("section", "205", "Type Line", [line_of("205. Type Line", 2)]),
        ("part", "7", "Additional Rules", [line_of("7. Additional Rules", 2)]),
        ("section", "704", "State-Based Actions", [line_of("704. State-Based Actions", 2)]),
        ("chapter", None, "Glossary", [line_of("Glossary", 2)]),
        ("chapter", None, "Credits", [line_of("Credits", 2)]),
    ]


def test_contents_lines_are_skipped_as_table_of_contents(full):
    parsed, _ = full
    toc = [(skipped.line, skipped.text.strip()) for skipped in parsed.skipped if skipped.reason == "table of contents"]
    assert [text for _, text in toc] == [
        "Contents",
        "1. Game Concepts",
        "100. General",
        "101. The Magic Golden Rules",
        "119. Life",
        "2. Parts of a Card",
        "205. Type Line",
        "7. Additional Rules",
        "704. State-Based Actions",
        "Glossary",
        "Credits",
    ]
    assert toc[0][0] == line_of("Contents") and toc[-1][0] == line_of("Credits")
    repeated = [s for s in parsed.skipped if s.reason != "table of contents"]
    assert [(s.line, s.reason) for s in repeated] == [(line_of("June18, 2021"), "effective date repeated at the end")]


def test_rules_in_order_with_numbers_as_printed(full):
    parsed, _ = full
    assert [rule.number for rule in parsed.rules] == [
        "100.1",
        "100.1a",
        "100.1b",
        "101.2",
        "101.2a",
        "119.1",
        "119.1d",
        "205.3",
        "205.3i",
        "704.5",
        "704.5k",
        "704.5m",
        "704.6",
    ]


def test_rule_text_part_section_and_lines(full):
    rules = by_number(full[0])
    assert rules["101.2"].text == (
        "When a rule or effect allows or directs something to happen, and another effect states "
        "that it can't happen, the \"can't\" effect takes precedence."
    )
    assert rules["101.2"].part == "1. Game Concepts"
    assert rules["101.2"].section == "101. The Magic Golden Rules"
    assert rules["101.2"].title is None
    assert rules["100.1b"].text.endswith('See section 8, "Multiplayer Rules."')
    assert rules["704.5m"].part == "7. Additional Rules"
    assert rules["704.5m"].section == "704. State-Based Actions"
    assert rules["704.5m"].lines == [line_of("704.5m")]


def test_subrule_letters_skip_l_and_the_stray_dot_is_dropped(full):
    rules = by_number(full[0])
    assert parent_number("704.5m") == "704.5" and "704.5l" not in rules
    assert rules["119.1d"].text == "In a two-player Brawl game, each player's starting life total is 25."
    assert rules["119.1d"].section == "119. Life"
    assert parent_number(rules["119.1d"].number) == "119.1"


def test_examples_belong_to_the_rule_above(full):
    rules = by_number(full[0])
    example = rules["101.2"].paragraphs[0]
    assert (example.kind, example.lines) == ("example", [line_of("Example: If one effect")])
    assert example.text == (
        'Example: If one effect reads "You may play an additional land this turn" and another reads '
        '"You can\'t play lands this turn," the effect that precludes you from playing lands wins.'
    )
    assert [p.text for p in rules["704.5m"].paragraphs] == [
        "Example: An Aura enchanting a creature with protection from its color is put into its owner's graveyard."
    ]
    assert rules["101.2a"].paragraphs == []


def test_continuation_line_is_appended_to_the_rule_text(full):
    rule = by_number(full[0])["205.3i"]
    assert rule.text.split("\n") == [
        "Lands have their own unique set of subtypes; these subtypes are called land types. The land types "
        "are Desert, Forest, Gate, Island, Lair, Locus, Mine, Mountain, Plains, Power-Plant, Swamp, Tower, and Urza's.",
        "Of that list, Forest, Island, Mountain, Plains, and Swamp are the basic land types. See rule 305.6.",
    ]
    assert rule.lines == [line_of("205.3i"), line_of("205.3i") + 1]


def test_a_rule_wrapped_onto_a_second_line_is_rejoined(full):
    rule = by_number(full[0])["704.6"]
    assert rule.text == (
        "Some state-based actions apply only in certain casual variants. Whenever a player would get "
        "priority, the game checks for any of the following conditions and performs the appropriate action."
    )
    assert rule.lines == [line_of("704.6."), line_of("704.6.") + 1]


def test_glossary_entries(full):
    glossary = full[0].glossary
    assert [entry.term for entry in glossary] == ["Ability", "Legend Rule", "Move", "Concede"]
    ability, legend, move, concede = glossary
    assert ability.text == (
        "1. Text on an object that explains what that object does or can do.\n"
        "2. An activated or triggered ability on the stack. This kind of ability is an object.\n"
        'See rule 113, "Abilities," and section 6, "Spells, Abilities, and Effects."'
    )
    assert ability.lines == [line_of("Ability1."), line_of("Ability1.") + 1, line_of("Ability1.") + 2]
    assert legend.text.endswith("put the rest into their owners' graveyards. See rule 704.5k.")
    assert move.text.split("\n")[1].startswith('Some older cards used "move" with respect to Auras')
    assert move.lines == [line_of("Move"), line_of("Move") + 1, line_of("Move") + 2]
    assert concede.text == (
        "To quit the game. Conceding a game immediately causes that player to leave that game and lose "
        'that game. See rule 104, "Ending the Game."'
    )
    assert concede.lines == [line_of("Concede"), line_of("Concede") + 1]
    assert all(entry.quotes_rule is None for entry in glossary)


def test_introduction_and_credits_are_passages(full):
    passages = full[0].passages
    assert [(p.heading, p.text, p.lines) for p in passages] == [
        (
            "Introduction",
            "This document is the ultimate authority for Magic: The Gathering\u00ae competitive game play.",
            [7],
        ),
        ("Introduction", "Changes may have been made to this document since its publication.", [9]),
        ("Credits", "Magic: The Gathering Original Game Design: Richard Garfield", [line_of("Original Game Design")]),
        ("Credits", FULL_LINES[line_of("Editing:") - 1], [line_of("Editing:")]),
        ("Credits", FULL_LINES[line_of("Thanks to all") - 1], [line_of("Thanks to all")]),
        (
            "Credits",
            "Published by Wizards of the Coast LLC, PO Box 707, Renton, WA 98057-0707, USA.",
            [line_of("Published by")],
        ),
    ]


def test_full_text_accounts_for_every_line(full):
    parsed, source = full
    uses = account_lines(parsed, source)
    non_blank = [number for number, text in source.numbered() if text.strip()]
    assert [use.line for use in uses] == non_blank
    assert next(use for use in uses if use.line == line_of("Contents")).table == "skipped"


@pytest.mark.parametrize(
    "encode",
    [
        pytest.param(lambda text: text.replace("\n", "\r\n").encode("utf-8"), id="crlf"),
        pytest.param(lambda text: text.replace("\n", "\r").encode("utf-8"), id="bare-cr"),
        pytest.param(lambda text: b"\xef\xbb\xbf" + text.encode("utf-8"), id="bom"),
        pytest.param(lambda text: text.encode("cp1252"), id="cp1252"),
        pytest.param(lambda text: text.encode("utf-16"), id="utf-16"),
        pytest.param(lambda text: text.replace("\n", "\r\n").encode("utf-16-le"), id="utf-16-le-no-mark"),
    ],
)
def test_same_result_whatever_the_bytes(full, encode):
    expected, _ = full
    data = encode(FULL_CR)
    assert data != FULL_CR.encode("utf-8")
    source = decode(data, "MagicCompRules.txt")
    parsed = parse(source)
    assert parsed == expected
    account_lines(parsed, source)


def test_cp1252_bytes_are_really_not_utf8():
    with pytest.raises(UnicodeDecodeError):
        FULL_CR.encode("cp1252").decode("utf-8")


def test_effective_date_without_a_space_after_the_month():
    parsed, _ = parse_text(FULL_CR.replace("as of June 18, 2021.", "as of June18, 2021."))
    assert parsed.info.effective_date == "2021-06-18"
    assert parsed.info.lines == [1, 3]


def test_a_number_printed_twice_is_kept_twice_with_a_warning_naming_the_line():
    text = FULL_CR.replace(
        "   704.6. Some state-based",
        "      704.5k If a player controls two legendary permanents, see above.\n\n   704.6. Some state-based",
    )
    parsed, source = parse_text(text, "dup.txt")
    duplicate = text.split("\n").index("      704.5k If a player controls two legendary permanents, see above.") + 1
    first, second = [rule for rule in parsed.rules if rule.number == "704.5k"]
    assert (first.occurrence, first.lines) == (1, [line_of("704.5k")])
    assert (second.occurrence, second.lines, second.text) == (
        2,
        [duplicate],
        "If a player controls two legendary permanents, see above.",
    )
    [warning] = parsed.warnings
    assert warning.line == duplicate
    assert warning.message == (
        f"rule 704.5k is printed again (first on line {line_of('704.5k')}): both are kept, this one as 704.5k~2."
    )
    account_lines(parsed, source)


def test_a_number_printed_twice_in_a_bare_list_of_rules():
    parsed, _ = parse_text("100.1. First.\n100.2. Second.\n100.1. First again.\n")
    assert [(rule.number, rule.occurrence) for rule in parsed.rules] == [("100.1", 1), ("100.2", 1), ("100.1", 2)]
    assert [(warning.line, warning.message) for warning in parsed.warnings] == [
        (3, "rule 100.1 is printed again (first on line 1): both are kept, this one as 100.1~2.")
    ]


def test_a_file_without_rules_is_refused():
    with pytest.raises(SourceError, match="no numbered rule"):
        parse_text("Magic: The Gathering Comprehensive Rules\n\nIntroduction\n\nHello.\n")


def test_a_full_text_without_contents_reads_the_same_body(full):
    start, end = FULL_CR.index("Contents\n"), FULL_CR.index("\n\n1. Game Concepts\n\n100.")
    parsed, source = parse_text(FULL_CR[:start] + FULL_CR[end:])
    expected, _ = full
    assert [rule.number for rule in parsed.rules] == [rule.number for rule in expected.rules]
    assert [h.label for h in parsed.headings] == [h.label for h in expected.headings]
    assert [p.text for p in parsed.passages] == [p.text for p in expected.passages]
    assert [s.reason for s in parsed.skipped] == ["effective date repeated at the end"]
    account_lines(parsed, source)


@pytest.mark.parametrize(
    ("text", "heading"),
    [
        ("Trample", "Trample"),
        ("For Mirrodin!", "For Mirrodin!"),  # a keyword's name may end with "!"
        ("Start Your Engines!", "Start Your Engines!"),
        ("∞ (Infinity)", "∞ (Infinity)"),  # its first letter capitalised, after a symbol
        ("Deathtouch is a static ability.", None),  # a sentence
        ("Is it a heading?", None),
        ("see rule 702.19", None),  # not capitalised
    ],
)
def test_a_heading_is_a_few_capitalised_words_and_no_sentence(text, heading):
    assert heading_text(text) == heading
