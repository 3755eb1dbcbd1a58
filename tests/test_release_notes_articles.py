"""Release notes as Wizards' web articles of 2015-2022 print them, converted to Markdown: a
picture before each card (Gatherer's links, or none with alt text), mana costs without braces,
a card's name as a list item, names that read as type lines, split cards, nicknames in quotes,
product notes in GENERAL NOTES and a "©2016" last line. Each excerpt is real text of an article."""

from __future__ import annotations

import pytest

from rulebook.ingest.accounting import account_lines
from rulebook.ingest.completeness import check_complete
from rulebook.ingest.release_notes import parse
from rulebook.ingest.release_notes.cards import is_name, parse_cost, parse_name_cost
from rulebook.ingest.source import decode

ARTICLE = """\
Kaladesh Release Notes
======================

Document last modified July 25, 2016

---

**GENERAL NOTES**

**Release Information**

The *Kaladesh* set becomes legal for sanctioned Constructed play on its official release date: Friday, September 30, 2016.

---

**New Mechanic: Energy**

Magic works a little differently here on Kaladesh, fueled by an energy source known as aether.

* Energy is a resource players can get. It's not mana.

---

**CARD-SPECIFIC NOTES**

---

![](https://media.wizards.com/2016/bVvMNuiu2i_KLD/en_CO4tkc9sLe.png)


Chandra, Pyrogenius *(Planeswalker Deck only)*

4RR

Planeswalker — Chandra

5

+2: Chandra, Pyrogenius deals 2 damage to each opponent.


* In a Two-Headed Giant game, Chandra's first ability causes 4 damage total to be dealt to the opposing team.

---

[![](http://gatherer.wizards.com/Handlers/Image.ashx?type=card&name=absorb)](http://gatherer.wizards.com/Pages/Card/Details.aspx?name=Absorb)
Absorb

WUU

Instant

Counter target spell. You gain 3 life.


* A spell that can't be countered is a legal target for Absorb. The spell won't be countered when Absorb resolves, but you'll still gain 3 life.

---

![K'rrik, Son of Yawgmoth](https://media.wizards.com/2019/c19/en_AAitCjtzBv.png)


* K'rrik, Son of Yawgmoth

 4b/pb/pb/p

 Legendary Creature — Horror Minion

 2/2
*(b/p can be paid with either B or 2 life.)*

 Lifelink

 For each B in a cost, you may pay 2 life rather than pay that mana.
* K'rrik's ability doesn't modify or reduce costs you pay. It changes only how you may pay those costs.

---

![Battle Mammoth](https://media.wizards.com/2020/khm/en_Pz0QOYDTMA.png)


Battle Mammoth

{3}{G}{G}

Creature — Elephant

6/5

Trample


* You choose whether to draw a card as Battle Mammoth's triggered ability is resolving.

---

![Bedeck // Bedazzle](https://media.wizards.com/2018/rna/en_beYdLB29uu_side.png)


Bedeck

b/rb/r

Instant

Target creature gets +3/-3 until end of turn.

//

Bedazzle

4BR

Instant

Destroy target nonbasic land. Bedazzle deals 2 damage to target opponent or planeswalker.


* You can't cast Bedazzle without a target nonbasic land and a target opponent or planeswalker.

---

*Magic: The Gathering*, *Magic*, and *Kaladesh* are trademarks of Wizards of the Coast LLC in the USA and other countries.

©2016 Wizards.
"""


def read(text: str):
    source = decode(text.encode("utf-8"), "article.md")
    parsed = parse(source)
    check_complete(source, parsed, account_lines(parsed, source))
    return parsed


@pytest.fixture(scope="module")
def article():
    return read(ARTICLE)


def test_the_set_its_last_modified_date_and_its_official_release_date(article):
    info = article.info
    assert (info.title, info.set_name, info.effective_date, info.release_date) == (
        "Kaladesh Release Notes",
        "Kaladesh",
        "2016-07-25",
        "2016-09-30",
    )


def test_every_card_named_as_printed_with_its_cost(article):
    assert [(card.name, card.mana_cost, card.type_line) for card in article.cards] == [
        ("Chandra, Pyrogenius", "{4}{R}{R}", "Planeswalker — Chandra"),
        ("Absorb", "{W}{U}{U}", "Instant"),
        ("K'rrik, Son of Yawgmoth", "{4}{B/P}{B/P}{B/P}", "Legendary Creature — Horror Minion"),
        ("Battle Mammoth", "{3}{G}{G}", "Creature — Elephant"),
        ("Bedeck // Bedazzle", "{B/R}{B/R} // {4}{B}{R}", "Instant // Instant"),
    ]
    chandra = article.cards[0]
    assert (chandra.section, chandra.loyalty) == ("Planeswalker Deck only", "5")


def test_each_bullet_is_its_cards_note_and_nothing_else_is(article):
    assert {card.name: [note.text for note in card.notes] for card in article.cards} == {
        "Chandra, Pyrogenius": [
            "In a Two-Headed Giant game, Chandra's first ability causes 4 damage total to be dealt to the opposing "
            "team."
        ],
        "Absorb": [
            "A spell that can't be countered is a legal target for Absorb. The spell won't be countered when Absorb "
            "resolves, but you'll still gain 3 life."
        ],
        "K'rrik, Son of Yawgmoth": [
            "K'rrik's ability doesn't modify or reduce costs you pay. It changes only how you may pay those costs."
        ],
        "Battle Mammoth": ["You choose whether to draw a card as Battle Mammoth's triggered ability is resolving."],
        "Bedeck // Bedazzle": [
            "You can't cast Bedazzle without a target nonbasic land and a target opponent or planeswalker."
        ],
    }
    krrik = article.cards[2]
    assert krrik.rules_text == (
        "(b/p can be paid with either B or 2 life.)\nLifelink\n"
        "For each B in a cost, you may pay 2 life rather than pay that mana."
    )
    assert article.cards[4].rules_text == (
        "Bedeck {B/R}{B/R}\nInstant\nTarget creature gets +3/-3 until end of turn.\n//\n"
        "Bedazzle {4}{B}{R}\nInstant\nDestroy target nonbasic land. Bedazzle deals 2 damage to target opponent or "
        "planeswalker."
    )


def test_release_information_is_general_notes_and_a_mechanic_keeps_its_rulings(article):
    assert [(m.name, [r.text for r in m.rulings]) for m in article.mechanics] == [
        ("New Mechanic: Energy", ["Energy is a resource players can get. It's not mana."]),
    ]
    assert [(p.heading, p.text[:40]) for p in article.passages] == [
        ("Release Information", "The Kaladesh set becomes legal for sanct"),
        ("Legal", "Magic: The Gathering, Magic, and Kalades"),
        ("Legal", "©2016 Wizards."),
    ]


def test_a_copyright_line_is_no_cut_sentence():
    parsed = read(ARTICLE.replace("©2016 Wizards.", "©2016"))
    assert parsed.passages[-1].text == "©2016"


def test_pictures_are_skipped_and_name_the_card():
    source = decode(ARTICLE.encode("utf-8"), "article.md")
    parsed = parse(source)
    pictures = [line for line in parsed.skipped if line.reason == "image"]
    assert len(pictures) == 5 and all(line.text.lstrip().startswith(("!", "[!")) for line in pictures)


@pytest.mark.parametrize(
    "text, cost",
    [
        ("3BBB", "{3}{B}{B}{B}"),
        ("1(b/g)", "{1}{B/G}"),
        ("1u/bu/b", "{1}{U/B}{U/B}"),
        ("4", "{4}"),
        ("2/2", None),  # a creature's power and toughness
        ("XLVIII", None),
    ],
)
def test_a_cost_printed_without_braces(text, cost):
    assert parse_cost(text) == cost


@pytest.mark.parametrize(
    "text, name",
    [
        ('Henzie "Toolbox" Torre', True),
        ("Henzie “Toolbox” Torre", True),
        ("1W", False),
        ("2UU", False),
        ("Lethal Scheme", True),
    ],
)
def test_names_with_nicknames_and_costs_that_are_no_names(text, name):
    assert is_name(text) is name


def test_a_nickname_in_quotes_and_a_name_ending_in_a_type_word_start_cards():
    body = (
        "#### CARD-SPECIFIC NOTES\n\n"
        'Henzie "Toolbox" Torre\n\n{B}{R}{G}\n\nLegendary Creature — Devil Rogue\n\n3/3\n\n'
        "Each creature spell you cast with mana value 4 or greater has blitz.\n\n"
        "- Henzie's first ability gives blitz to creature spells you cast.\n\n"
        "Lethal Scheme\n\n{2}{B}{B}\n\nInstant\n\n"
        "Convoke\n\nDestroy target creature or planeswalker. Each creature that convoked Lethal Scheme connives.\n\n"
        "- Lethal Scheme's convoke ability lets you tap creatures to help pay for it.\n"
    )
    parsed = read(body)
    assert [(card.name, card.mana_cost, card.type_line, len(card.notes)) for card in parsed.cards] == [
        ('Henzie "Toolbox" Torre', "{B}{R}{G}", "Legendary Creature — Devil Rogue", 1),
        ("Lethal Scheme", "{2}{B}{B}", "Instant", 1),
    ]


def test_a_name_with_a_brace_less_cost_on_its_line():
    assert parse_name_cost("Carnival b/r") == ("Carnival", "{B/R}", "")
    assert parse_name_cost("King Darien XLVIII") is None


def test_a_line_between_cards_that_is_no_list_item_is_no_note():
    parsed = read(ARTICLE.replace("\n---\n\n![Battle Mammoth]", "\nThe Monarch\n\n---\n\n![Battle Mammoth]"))
    krrik = parsed.cards[2]
    assert [note.text for note in krrik.notes] == [
        "K'rrik's ability doesn't modify or reduce costs you pay. It changes only how you may pay those costs."
    ]
    assert ("CARD-SPECIFIC NOTES", "The Monarch") in [(p.heading, p.text) for p in parsed.passages]


@pytest.mark.parametrize(
    "sentence, date",
    [  # Commander (2017 Edition) and Strixhaven: School of Mages, as their release notes print it
        ("Release date: August 25, 2017", "2017-08-25"),
        (
            "The Strixhaven set becomes legal for sanctioned Constructed play on its official release date, "
            "Friday, April 23, 2021.",
            "2021-04-23",
        ),
    ],
)
def test_the_release_date_as_articles_print_it(sentence, date):
    parsed = read(ARTICLE.replace(ARTICLE.split("**Release Information**\n\n")[1].split("\n")[0], sentence))
    assert parsed.info.release_date == date


def test_a_double_faced_card_under_both_faces_pictures():
    """Innistrad: Midnight Hunt prints a transforming card under its two pictures and the page's
    "Turn Over" button, its faces parted by "////"."""
    body = (
        "**CARD-SPECIFIC NOTES**\n\n---\n\n"
        "![Heirloom Mirror](https://media.wizards.com/2021/mid/en_8dVoJdoJ0W.png)\n"
        "![Inherited Fiend](https://media.wizards.com/2021/mid/en_cJjoOsVyy7.png)\n\nTurn Over\n\n\n"
        "Heirloom Mirror\n\n{1}{B}\n\nArtifact\n\n"
        "{1}, {T}, Pay 1 life, Discard a card: Draw a card, mill a card, then put a ritual counter on Heirloom "
        "Mirror.\n\n////\n\nInherited Fiend\n\nCreature — Demon\n\n4/4\n\nFlying\n\n\n"
        "* Heirloom Mirror will still be tapped after it transforms into Inherited Fiend unless some other effect "
        "has untapped it.\n\n---\n\n"
        "![](https://media.wizards.com/2020/khm/en_VjsmqTqxWj.png)\n![](https://media.wizards.com/2020/khm/en_NtE3Q3.png)\n\n"
        "Turn Over\n\n\nEgon, God of Death\n\n{2}{B}\n\nLegendary Creature — God\n\n6/6\n\nDeathtouch\n\n/////\n\n"
        "Throne of Death\n\n{B}\n\nLegendary Artifact\n\n{T}, Exile a creature card from your graveyard: Draw a card.\n\n\n"
        "* Egon's last ability is a triggered ability.\n\n---\n\n"
        "![Absorb](https://example.org/absorb.png)\n\nAbsorb\n\nWUU\n\nInstant\n\nCounter target spell.\n\n"
        "* A ruling.\n\n---\n"
    )
    parsed = read(body)
    assert [(c.name, c.mana_cost, c.type_line, len(c.notes)) for c in parsed.cards] == [
        ("Heirloom Mirror // Inherited Fiend", "{1}{B}", "Artifact // Creature — Demon", 1),
        ("Egon, God of Death // Throne of Death", "{2}{B} // {B}", "Legendary Creature — God // Legendary Artifact", 1),
        ("Absorb", "{W}{U}{U}", "Instant", 1),
    ]
    assert (
        parsed.cards[0].power is None and "Inherited Fiend\nCreature — Demon\n4/4\nFlying" in parsed.cards[0].rules_text
    )


def test_a_list_item_nested_in_another_is_a_note_of_its_own():
    parsed = read(
        ARTICLE.replace(
            "* A spell that can't be countered is a legal target for Absorb.",
            "* Absorb has two parts.\n    * A spell that can't be countered is a legal target for Absorb.",
        )
    )
    absorb = parsed.cards[1]
    assert [note.text[:40] for note in absorb.notes] == [
        "Absorb has two parts.",
        "A spell that can't be countered is a leg",
    ]
