"""Release notes: messy Markdown (converted from PDF) into cards, notes and mechanics.

Each fixture below is a small piece of real release-notes text showing one kind of mess. Most
cases are a table: a fixture, a card in it and what that card must read as. Then the pieces on
their own (repairs, card grammar, rulings), and last the whole Duskmourn file.
"""

from pathlib import Path

import pytest

from rulebook.ingest.accounting import account_lines
from rulebook.ingest.records import RELEASE_NOTES, mechanic_keyword
from rulebook.ingest.release_notes import parse
from rulebook.ingest.release_notes.cards import (
    Choice,
    NameCost,
    TypeLine,
    choice_in,
    is_name,
    parse_cost,
    parse_name_cost,
    parse_type,
)
from rulebook.ingest.release_notes.repairs import tidy_rules_text, unroll_latex_table
from rulebook.ingest.release_notes.rulings import mode_reads_like_ruling, paragraph_reads_like_ruling
from rulebook.ingest.source import decode

DUSKMOURN = Path(__file__).resolve().parent.parent / "data" / "sources" / "duskmourn-release-notes.md"


def read(text: str):
    """Parse a fixture and prove every non-blank line landed somewhere."""
    source = decode(text.encode("utf-8"), "fixture.md")
    parsed = parse(source)
    account_lines(parsed, source)
    return parsed


def cards_of(body: str):
    """Parse card-specific notes (under a MAIN SET chapter) and return the cards by name."""
    parsed = read("#### MAIN SET CARD-SPECIFIC NOTES\n\n" + body)
    return {card.name: card for card in parsed.cards}


def notes(card) -> list[str]:
    return [note.text for note in card.notes]


def shown(card, fields) -> dict:
    """The card's values for the fields a case names: Card attributes, or its ``notes`` (texts),
    ``note_lines`` (the source lines of each note) and ``note_count``."""
    derived = {
        "notes": [note.text for note in card.notes],
        "note_lines": [note.lines for note in card.notes],
        "note_count": len(card.notes),
    }
    return {field: derived[field] if field in derived else getattr(card, field) for field in fields}


# --- the document around the cards ---------------------------------------------------------

DOCUMENT = """\
# Duskmourn<sup>TM</sup>: House of Horror Release Notes

Compiled by Eric Levine

Document last modified September 16, 2024

The Release Notes include information concerning the release of a new *Magic: The Gathering*® set.

#### GENERAL NOTES

### **Card Legality**

Go to **Locator.Wizards.com** to find an event or store near you.

**Returning Mechanic: Schemes**

**New Variant Format: Archenemy Commander**

With the release of the Commander Decks comes the return of the Archenemy format!

Running Is Useless Scheme When you set this scheme in motion, choose any number of creatures with different mana values. Destroy those creatures.

To set a scheme in motion, turn the top card of your scheme deck face up. There's no limit on the number of ongoing schemes you

can have face up in your command zone.

- A scheme deck must contain at least ten schemes.

#### MAIN SET CARD-SPECIFIC NOTES

Withering Torment {2}{B} Instant Destroy target creature or enchantment. You lose 2 life.

• If the target creature or enchantment is an illegal target as Withering Torment tries to resolve, it won't resolve.

Magic: The Gathering, Magic, and Duskmourn are property of Wizards of the Coast LLC in the USA and other countries. ©2024 Wizards.
"""


def test_document_info_chapters_introduction_and_legal_notice():
    parsed = read(DOCUMENT)
    assert parsed.info.title == "Duskmourn: House of Horror Release Notes"
    assert parsed.info.kind == RELEASE_NOTES
    assert parsed.info.version is None
    assert parsed.info.effective_date == "2024-09-16"
    assert parsed.info.lines == [1, 5]
    assert [(h.level, h.title, h.lines) for h in parsed.headings] == [
        ("chapter", "GENERAL NOTES", [9]),
        ("section", "Card Legality", [11]),
        ("section", "Returning Mechanic: Schemes", [15]),  # a heading over the section after it
        ("chapter", "MAIN SET CARD-SPECIFIC NOTES", [29]),
    ]
    assert [(p.heading, p.text, p.lines) for p in parsed.passages] == [
        ("Introduction", "Compiled by Eric Levine", [3]),
        (
            "Introduction",
            "The Release Notes include information concerning the release of a new Magic: The Gathering® set.",
            [7],
        ),
        ("Card Legality", "Go to Locator.Wizards.com to find an event or store near you.", [13]),
        (
            "Legal",
            "Magic: The Gathering, Magic, and Duskmourn are property of Wizards of the Coast LLC in the USA and "
            "other countries. ©2024 Wizards.",
            [35],
        ),
    ]


def test_a_mechanic_section_names_the_keyword_cards_print():
    assert mechanic_keyword("New Keyword Action: Manifest Dread") == "Manifest Dread"
    assert mechanic_keyword("New Variant Format: Archenemy Commander") == "Archenemy Commander"
    assert mechanic_keyword("Legality") is None  # a section named for no keyword


def test_general_notes_sections_become_mechanics_with_body_examples_and_rulings():
    """(Card Legality is no mechanic: its paragraphs are general notes, see above.)"""
    parsed = read(DOCUMENT)
    [archenemy] = parsed.mechanics  # "Returning Mechanic: Schemes" heads it and shows nothing itself
    assert archenemy.name == "New Variant Format: Archenemy Commander"
    assert archenemy.body == (
        "With the release of the Commander Decks comes the return of the Archenemy format!\n\n"
        "To set a scheme in motion, turn the top card of your scheme deck face up. There's no limit on the "
        "number of ongoing schemes you can have face up in your command zone."
    )
    assert archenemy.lines == [17, 19, 23, 25]
    [example] = archenemy.examples
    assert (example.name, example.kind, example.section, example.mana_cost, example.type_line) == (
        "Running Is Useless",
        "set card",
        None,
        None,
        "Scheme",
    )
    assert example.rules_text == (
        "When you set this scheme in motion, choose any number of creatures with different mana values. "
        "Destroy those creatures."
    )
    assert [(r.text, r.lines) for r in archenemy.rulings] == [
        ("A scheme deck must contain at least ten schemes.", [27])
    ]
    [card] = parsed.cards
    assert (card.name, card.section, card.mana_cost, card.type_line) == (
        "Withering Torment",
        "main set",
        "{2}{B}",
        "Instant",
    )
    assert card.rules_text == "Destroy target creature or enchantment. You lose 2 life."


# --- cards: each case is one card of a fixture and what it must read as ---------------------

ROOM_REMINDER = (
    "(You may cast either half. That door unlocks on the battlefield. As a sorcery, you may pay the mana "
    "cost of a locked door to unlock it.)"
)

# Whole cards on one line: name, cost, type line, P/T and text run together.
ONE_LINE_CARDS = (
    "Betrayer's Bargain {1}{R} Instant As an additional cost to cast this spell, sacrifice a creature or "
    "enchantment or pay {2}. Betrayer's Bargain deals 5 damage to target creature.\n"
    "\n"
    "Enduring Tenacity {2}{B}{B} Enchantment Creature — Snake Glimmer 4/3 Whenever you gain life, target "
    "opponent loses that much life.\n"
    "\n"
    "Demonic Covenant {4}{B}{B} Kindred Enchantment — Demon Whenever one or more Demons you control attack "
    "a player, you draw a card and lose 1 life.\n"
    "\n"
    "Rootwise Survivor  $\\{3\\}\\{G\\}\\{G\\}$ Creature — Human Survivor 3/4Haste Survival — At the "
    "beginning of your second main phase, if Rootwise Survivor is tapped, put three +1/+1 counters on up "
    "to one target land you control.\n"
)

# Name, cost, type line and P/T each in their own paragraph.
ONE_PARAGRAPH_EACH = (
    "Fear of Abduction\n\n ${4}{W}{W}$ \n\nEnchantment Creature — Nightmare\n\n5/5\n\n"
    "As an additional cost to cast this spell, exile a creature you control.\n\n**Flying** \n\n"
    "When Fear of Abduction enters, exile target creature an opponent controls.\n\n"
    "- If Fear of Abduction leaves the battlefield before its third ability resolves, the ability still "
    "exiles the target creature.\n\n"
    "Coordinated Clobbering\n\n{**G**}\n\nSorcery\n\nTap one or two target untapped creatures you control.\n\n"
    "They each deal damage equal to their power to target creature an opponent controls.\n\n"
    "• If one of the target creatures you control is an illegal target, that creature won't deal any damage.\n"
)

# A planeswalker: loyalty on its own line; loyalty abilities ("-2:") are text, not bullets.
PLANESWALKER = (
    "Kaito, Bane of Nightmares {2}{U}{B}\nLegendary Planeswalker — Kaito\n4\n"
    '+1: You get an emblem with "Ninjas you control get +1/+1."\n'
    "-2: Tap target creature. Put two stun counters on it.\n\n"
    "- As you activate Kaito's ninjutsu ability, you reveal Kaito from your hand and return the attacking creature.\n"
    "   Kaito isn't put onto the battlefield until the ability resolves.\n"
)

# A card in a code fence, its text and a ruling wrapped by the PDF.
FENCED_CARD = (
    "```\nAnthropede\n{3}{G}\nCreature — Insect\n3/4\nReach\n"
    "When Anthropede enters, you may discard a card or pay\n{2}. When you do, destroy target Room.\n```\n\n"
    "- Altanak's second ability resolves before the spell or ability that caused it to trigger. It resolves even if that\n"
    "  spell or ability is countered or otherwise leaves the stack without resolving.\n"
    "- If a spell or ability targets Anthropede more than once, it still triggers only once.\n"
)

# A Room whose fence ends in the middle of its reminder text.
ROOM_CUT_BY_A_FENCE = (
    "```\nBottomless Pool {U}\nWhen you unlock this door, return up to one target creature to its owner's hand.\n"
    "//\nLocker Room\n{4}{U}\nWhenever one or more creatures you control deal combat damage to a player, draw a card.\n"
    "//\nEnchantment — Room (You may cast either half. That door unlocks on the battlefield. As a sorcery, you may\n"
    "```\n\npay the mana cost of a locked door to unlock it.)\n\n"
    "• If creatures you control deal combat damage to multiple players at the same time, Locker Room's ability "
    "will trigger once for each player dealt combat damage this way.\n"
)

# A Room printed without the "//" between its doors.
ROOM_WITHOUT_SEPARATORS = (
    "```\nCharred Foyer {3}{R}\nAt the beginning of your upkeep, exile the top card of your library. "
    "You may play it this turn.\n\nWarped Space {4}{R}{R}\nOnce each turn, you may pay {0} rather than pay "
    "the mana cost for a spell you cast from exile.\n\nEnchantment — Room\n" + ROOM_REMINDER + "\n```\n\n"
    "- You pay all costs for cards played with the permission granted by Charred Foyer's ability.\n"
)

# A Room with every line in its own paragraph and a bold door name.
ROOM_IN_PARAGRAPHS = (
    "Secret Arcade\n\n $\\{4\\}\\{W\\}$ \n\nNonland permanents you control are enchantments in addition to "
    "their other types.\n\n//\n\n**Dusty Parlor** \n\n $\\{2\\}\\{W\\}$ \n\nWhenever you cast an enchantment "
    "spell, put a +1/+1 counter on up to one target creature.\n\n//\n\nEnchantment — Room\n\n"
    + ROOM_REMINDER
    + "\n\n• If a spell has {X} in its mana cost, use the value chosen for X.\n"
)

# Mode bullets after "choose one —", then a bullet that is a ruling.
MODES_THEN_RULING = (
    "Get Out\n{U}{U}\nInstant\nChoose one —\n\n"
    "- Counter target creature or enchantment spell.\n"
    "- Return one or two target creatures and/or enchantments you own to your hand.\n"
    "- Get Out's last mode can target any creatures and/or enchantments you own, including ones controlled "
    "by other players.\n\n"
    "I Will Savor Your Agony\n\nScheme\n\n"
    "When you set this scheme in motion, choose three. You may choose the same mode more than once.\n\n"
    "- Destroy target creature.\n- Target player draws a card.\n- Target player gains 5 life.\n"
    "- No matter which combination of modes you choose, you always follow the instructions in the order they\n"
    "  are written.\n"
)

# Modes that name the card, and named modes ("choose Believe or Doubt").
MODES_NAMING_THE_CARD = (
    "Silent Hallcreeper {1}{U}\nEnchantment Creature — Horror 1/1\n"
    "Whenever Silent Hallcreeper deals combat damage to a player, choose one that hasn't been chosen —\n\n"
    "- Put two +1/+1 counters on Silent Hallcreeper.\n- Draw a card.\n"
    "- Silent Hallcreeper becomes a copy of another target creature you control.\n"
    '- The phrase "that hasn\'t been chosen" refers only to that specific Silent Hallcreeper. If it leaves '
    "the battlefield and then returns, it will be a new object.\n\n"
    "Phenomenon Investigators {2}{U}{B} Creature — Human Detective 3/4\n\n"
    "As Phenomenon Investigators enters, choose Believe or Doubt.\n\n"
    "- Believe Whenever a nontoken creature you control dies, create a 2/2 black Horror enchantment creature token\n"
    "- Doubt At the beginning of your end step, you may return a nonland permanent you own to your hand.\n"
    "- If you somehow control Phenomenon Investigators and no choice was made for it, it has neither ability.\n"
)

# A ruling whose bullet glyph was lost, after text cut by a page break.
LOST_GLYPH = (
    "Abhorrent Oculus {2}{U}\nCreature — Eye\n5/5\n"
    "As an additional cost to cast this spell, exile six cards from your graveyard.\nFlying\n"
    "At the beginning of each opponent's upkeep, manifest dread. (Look at the top two cards of your library. "
    "Turn it face up any time for\n\nits mana cost if it's a creature card.)\n\n"
    " Abhorrent Oculus's additional cost must be paid even if it's cast \"without paying its mana cost\" or "
    "for any alternative cost.\n"
)

# Bullets glued to the end of the card text, or doubled ("- ·").
GLUED_BULLETS = (
    "Come Back Wrong {2}{B} Sorcery Destroy target creature. Sacrifice it at the beginning of your next end "
    "step. • Players can't take actions in between the time you destroy the target creature and the time it "
    "returns.\n\n"
    "Vengeful Possession {2}{R} Sorcery Gain control of target creature until end of turn.\n\n"
    "- · Gaining control of a creature doesn't cause you to gain control of any Auras attached to it.\n"
)

# Rulings printed without any bullet.
UNMARKED_RULINGS = (
    "Cracked Skull\n\n $\\{2\\}\\{B\\}$ \n\nEnchantment — Aura\n\nEnchant creature\n\n"
    "When Cracked Skull enters, look at target player's hand.\n\nYou may choose a nonland card from it. "
    "That player\n\ndiscards that card.\n\nWhen enchanted creature is dealt damage, destroy it.\n\n"
    "A creature blocked by a creature enchanted with Cracked Skull still needs to assign damage equal to the "
    "enchanted creature's toughness (minus any damage already marked on the enchanted creature) before "
    "dealing damage to the next creature in damage assignment order or trampling over to a player.\n\n"
    "Drag to the Roots  $\\{2\\}\\{B\\}\\{G\\}$ Instant Delirium — This spell costs  $\\{2\\}$  less to cast "
    "as long as there are four or more card types among cards in your graveyard. Destroy target nonland "
    "permanent.\n\n"
    "Once you've announced that you're casting Drag to the Roots, players can't take any actions until you've\n"
    "finished doing so. Notably, opponents can't try to remove cards from your graveyard to change the cost of\n"
    "Drag to the Roots.\n\n"
    "The Wandering Rescuer {3}{W}{W}\nLegendary Creature — Human Samurai Noble 3/4\nFlash\n"
    "Other tapped creatures you control have hexproof.\n\n"
    "You can't tap more creatures to cast this spell using convoke than are required to pay its total cost.\n\n"
    "```\nRazorkin Hordecaller\n{4}{R}\nCreature — Human Clown Berserker\n4/4\nHaste\n"
    "Whenever you attack, create a 1/1 red Gremlin creature token.\n```\n\n"
    "Attacking with any creatures will cause Razorkin Hordecaller's last ability to trigger.\n"
)

# Rules text that goes on after a blank line, and a ruling without a bullet.
TEXT_AFTER_A_BLANK_LINE = (
    "Impossible Inferno {4}{R}\nInstant\nImpossible Inferno deals 6 damage to target creature.\n\n"
    "Delirium — If there are four or more card types among cards in your graveyard, exile the top card of "
    "your library.\n\n"
    "• You pay all costs and follow all timing rules for cards played this way.\n\n"
    "Soul Warden\n\n{W}\n\nCreature — Human Cleric\n\nWhenever another creature enters, you gain 1 life.\n\n"
    "If Soul Warden enters at the same time as one or more other creatures, its ability will trigger for "
    "each of those other creatures.\n"
)

# A ruling cut by a page break, and its "For example" paragraph.
RULING_CUT_BY_A_PAGE_BREAK = (
    "Marvin, Murderous Mimic {2} Legendary Artifact Creature — Toy 2/2 Marvin, Murderous Mimic has all "
    "activated abilities of creatures you control.\n\n"
    "- If an activated ability references the card it's printed on by name, treat Marvin's version of that\n"
    "  ability as though it referenced Marvin instead. If Marvin leaves the\n\n"
    "battlefield, the ability still resolves.\n\n"
    "For example, say you control Marvin as well as Floodpits Drowner (which has the ability  $\\{1\\}\\{U\\}$ ,"
    "  $\\{T\\}$ : Shuffle Floodpits Drowner into its owner's library).\n\n"
    "• Once one of Marvin's abilities has been activated, the ability still resolves.\n"
)

# A ruling that links another card's name.
LINKED_NAMES = (
    "Unable to Scream {U}\nEnchantment — Aura\nEnchant creature\n\n"
    "- Effects that modify a creature's power, such as the effect of [Jump Scare](#), still apply.\n"
)

# Two name lines in a row: the second names the next card, a Room printed without its name.
TWO_NAME_LINES = (
    "Cathartic Parting\n\nCentral Elevator\n\n $\\{1\\}\\{G\\}$ \n\nSorcery\n\n"
    "The owner of target artifact or enchantment an opponent controls shuffles it into their library.\n\n"
    "• You may target zero cards in your graveyard and still choose to shuffle your library.\n\n"
    "```\n{3}{U}\nWhen you unlock this door, search your library for a\nRoom card, reveal it, put it into "
    "your hand, then shuffle.\n//\nPromising Stairs\n{2}{U}\nAt the beginning of your upkeep, surveil 1.\n//\n```\n\n"
    "Enchantment — Room " + ROOM_REMINDER + "\n\n"
    "• Two or more objects have the same name if they have at least one name in common. Central Elevator's "
    "ability lets you\n\nsearch your library for any Room card that shares a name with a Room you control.\n\n"
    "Promising Stairs's ability counts names, not permanents.\n"
)

# A card whose name line is printed after its cost and text.
NAME_AFTER_TEXT = (
    "Come Back Wrong {2}{B} Sorcery Destroy target creature. • Players can't take actions in between.\n\n"
    "{4}\nArtifact — Equipment\nWhen Conductive Machete enters, manifest dread, then attach Conductive "
    "Machete to that creature. (Look at the top two cards of your library. Put one onto the battlefield\n\n"
    "face down as a 2/2 creature and the other into your graveyard.)\n\nEquipped creature gets +2/+1.\n\n"
    "Conductive Machete\n\nEquip {4}\n\n"
    "• You'll still manifest dread even if this Equipment isn't on the battlefield when its first ability resolves.\n"
)

# A card header glued to the end of the ruling before it.
HEADER_GLUED_TO_A_RULING = (
    "Jump Scare  $\\{W\\}$  Instant Until end of turn, target creature gets +2/+2 and gains flying.\n\n"
    " Jump Scare's versatility makes it an excellent example for card interactions. Boo! The Jolly Balloon "
    "Man {1}{R}{W}\nLegendary Creature — Human Clown 1/4\nHaste {1}, {T}: Create a token that's a copy of "
    "another target creature you control. Activate only as a sorcery.\n\n"
    "- If the copied creature has {X} in its mana cost, X is 0.\n"
)

# Lines the PDF printed twice, or truncated and then whole.
DUPLICATED_LINES = (
    "Leyline of Transformation  $\\{2\\}\\{U\\}\\{U\\}$ Enchantment If Leyline of Transformation is in your "
    "opening hand, you may begin the game with it on the battlefield.\n\n"
    "you may begin the game with it on the battlefield.\nAs Leyline of Transformation enters, choose a "
    "creature type.\n\n"
    "Creatures you control are the chosen type in addition to their other types.\n\n"
    "I Call for Slaughter Scheme When you set this scheme\n\n"
    "When you set this scheme in motion, create three 1/1 red Devil creature tokens.\n\n"
    "Manifest Dread {1}{G} Sorcery Manifest dread. (Look at the top two cards of your library.)\n\n"
    "Manifest dread.\n"
)

# Mana costs and braces broken by the conversion.
BROKEN_COSTS = (
    "Meathook Massacre II {X}{X}{B}{B}{B}{B}}\nLegendary Enchantment\n"
    "When Meathook Massacre II enters, each player sacrifices X creatures.\n\n"
    "The Mindskinner {U}{U}{U} U}\nLegendary Enchantment Creature — Nightmare 10/1\n"
    "The Mindskinner can't be blocked.\n\n"
    "Valgavoth, Terror Eater {6}{B}{B}{B}.\n\nLegendary Creature — Elder Demon 9/9\n\nFlying, lifelink\n\n"
    "```\nStay Hidden, Stay Silent {1}{U}\nEnchantment — Aura\nEnchant creature\n"
    "{4}{U}{Shuffle enchanted creature into its owner's library, then manifest dread.\n```\n\n"
    "```\nHaunted Screen \\{3\\}\nArtifact \\{T\\}: Add \\{W\\} or \\{B\\}.\n```\n\n"
    "Noxious Revival {G/P} Instant ({G/P} can be paid with either {G} or 2 life.) Put target card from a "
    "graveyard on top of its owner's library.\n"
)

# A card the PDF conversion turned into a LaTeX table.
LATEX_TABLE = (
    "Leyline of Mutation  $\\label{eq:continuous} \\begin{tabular}{l} $\\{G\\}\\{G\\}$ \\\\ Enchantment \\\\ "
    "If Leyline of Mutation is in your opening hand, you may begin the game with it on the battlefield. \\\\ "
    "You may pay $\\{W\\}\\{U\\}\\{B\\}\\{R\\}\\{G\\}$ rather than pay the mana cost for spells you cast. \\\\ "
    "\\end{tabular}$ "
)


def card(label: str, body: str, name: str, **expected):
    """One card of a fixture and what it must read as (see ``shown``)."""
    return pytest.param(body, name, expected, id=f"{label}: {name}")


CARD_CASES = [
    # --- card headers in every shape
    card(
        "one line",
        ONE_LINE_CARDS,
        "Betrayer's Bargain",
        mana_cost="{1}{R}",
        type_line="Instant",
        power=None,
        lines=[3],
        rules_text="As an additional cost to cast this spell, sacrifice a creature or enchantment or pay {2}. "
        "Betrayer's Bargain deals 5 damage to target creature.",
    ),
    card(
        "one line",
        ONE_LINE_CARDS,
        "Enduring Tenacity",
        mana_cost="{2}{B}{B}",
        type_line="Enchantment Creature — Snake Glimmer",
        power="4",
        toughness="3",
        rules_text="Whenever you gain life, target opponent loses that much life.",
    ),
    card(
        "one line",
        ONE_LINE_CARDS,
        "Demonic Covenant",
        type_line="Kindred Enchantment — Demon",
        rules_text="Whenever one or more Demons you control attack a player, you draw a card and lose 1 life.",
    ),
    card(
        "one line",
        ONE_LINE_CARDS,
        "Rootwise Survivor",
        mana_cost="{3}{G}{G}",
        type_line="Creature — Human Survivor",
        power="3",
        toughness="4",
        rules_text="Haste Survival — At the beginning of your second main phase, if Rootwise Survivor is tapped, "
        "put three +1/+1 counters on up to one target land you control.",
    ),
    card(
        "one paragraph each",
        ONE_PARAGRAPH_EACH,
        "Fear of Abduction",
        mana_cost="{4}{W}{W}",
        type_line="Enchantment Creature — Nightmare",
        power="5",
        toughness="5",
        rules_text="As an additional cost to cast this spell, exile a creature you control.\n"
        "Flying\n"
        "When Fear of Abduction enters, exile target creature an opponent controls.",
        lines=[3, 5, 7, 9, 11, 13, 15],
        notes=[
            "If Fear of Abduction leaves the battlefield before its third ability resolves, the ability still "
            "exiles the target creature."
        ],
    ),
    card(
        "one paragraph each",
        ONE_PARAGRAPH_EACH,
        "Coordinated Clobbering",
        mana_cost="{G}",
        type_line="Sorcery",
        rules_text="Tap one or two target untapped creatures you control.\n"
        "They each deal damage equal to their power to target creature an opponent controls.",
        notes=["If one of the target creatures you control is an illegal target, that creature won't deal any damage."],
    ),
    card(
        "planeswalker",
        PLANESWALKER,
        "Kaito, Bane of Nightmares",
        type_line="Legendary Planeswalker — Kaito",
        loyalty="4",
        power=None,
        rules_text='+1: You get an emblem with "Ninjas you control get +1/+1."\n'
        "-2: Tap target creature. Put two stun counters on it.",
        notes=[
            "As you activate Kaito's ninjutsu ability, you reveal Kaito from your hand and return the attacking "
            "creature. Kaito isn't put onto the battlefield until the ability resolves."
        ],
        note_lines=[[9, 10]],
    ),
    card(
        "fenced, wrapped",
        FENCED_CARD,
        "Anthropede",
        mana_cost="{3}{G}",
        type_line="Creature — Insect",
        power="3",
        toughness="4",
        rules_text="Reach\nWhen Anthropede enters, you may discard a card or pay {2}. When you do, destroy target Room.",
        lines=[4, 5, 6, 7, 8, 9, 10],
        notes=[
            "Altanak's second ability resolves before the spell or ability that caused it to trigger. It resolves "
            "even if that spell or ability is countered or otherwise leaves the stack without resolving.",
            "If a spell or ability targets Anthropede more than once, it still triggers only once.",
        ],
        note_lines=[[13, 14], [15]],
    ),
    # --- Rooms: one card with both doors
    card(
        "room cut by a fence",
        ROOM_CUT_BY_A_FENCE,
        "Bottomless Pool // Locker Room",
        mana_cost="{U} // {4}{U}",
        type_line="Enchantment — Room",
        section="main set",
        rules_text="Bottomless Pool {U}\n"
        "When you unlock this door, return up to one target creature to its owner's hand.\n"
        "//\n"
        "Locker Room {4}{U}\n"
        "Whenever one or more creatures you control deal combat damage to a player, draw a card.\n"
        "//\n" + ROOM_REMINDER,
        lines=[4, 5, 6, 7, 8, 9, 10, 11, 14],
        notes=[
            "If creatures you control deal combat damage to multiple players at the same time, Locker Room's "
            "ability will trigger once for each player dealt combat damage this way."
        ],
        note_lines=[[16]],
    ),
    card(
        "room without separators",
        ROOM_WITHOUT_SEPARATORS,
        "Charred Foyer // Warped Space",
        mana_cost="{3}{R} // {4}{R}{R}",
        rules_text="Charred Foyer {3}{R}\n"
        "At the beginning of your upkeep, exile the top card of your library. You may play it this turn.\n"
        "//\n"
        "Warped Space {4}{R}{R}\n"
        "Once each turn, you may pay {0} rather than pay the mana cost for a spell you cast from exile.\n"
        "//\n" + ROOM_REMINDER,
        notes=["You pay all costs for cards played with the permission granted by Charred Foyer's ability."],
    ),
    card(
        "room in paragraphs",
        ROOM_IN_PARAGRAPHS,
        "Secret Arcade // Dusty Parlor",
        mana_cost="{4}{W} // {2}{W}",
        type_line="Enchantment — Room",
        rules_text="Secret Arcade {4}{W}\n"
        "Nonland permanents you control are enchantments in addition to their other types.\n"
        "//\n"
        "Dusty Parlor {2}{W}\n"
        "Whenever you cast an enchantment spell, put a +1/+1 counter on up to one target creature.\n"
        "//\n" + ROOM_REMINDER,
        notes=["If a spell has {X} in its mana cost, use the value chosen for X."],
    ),
    # --- modes and rulings
    card(
        "modes then a ruling",
        MODES_THEN_RULING,
        "Get Out",
        rules_text="Choose one —\n"
        "• Counter target creature or enchantment spell.\n"
        "• Return one or two target creatures and/or enchantments you own to your hand.",
        notes=[
            "Get Out's last mode can target any creatures and/or enchantments you own, including ones controlled "
            "by other players."
        ],
    ),
    card(
        "modes then a ruling",
        MODES_THEN_RULING,
        "I Will Savor Your Agony",
        mana_cost=None,
        type_line="Scheme",
        rules_text="When you set this scheme in motion, choose three. You may choose the same mode more than once.\n"
        "• Destroy target creature.\n• Target player draws a card.\n• Target player gains 5 life.",
        notes=[
            "No matter which combination of modes you choose, you always follow the instructions in the order "
            "they are written."
        ],
    ),
    card(
        "modes naming the card",
        MODES_NAMING_THE_CARD,
        "Silent Hallcreeper",
        rules_text="Whenever Silent Hallcreeper deals combat damage to a player, choose one that hasn't been chosen —\n"
        "• Put two +1/+1 counters on Silent Hallcreeper.\n"
        "• Draw a card.\n"
        "• Silent Hallcreeper becomes a copy of another target creature you control.",
        note_count=1,
    ),
    card(
        "named modes",
        MODES_NAMING_THE_CARD,
        "Phenomenon Investigators",
        rules_text="As Phenomenon Investigators enters, choose Believe or Doubt.\n"
        "• Believe — Whenever a nontoken creature you control dies, create a 2/2 black Horror enchantment "
        "creature token\n"
        "• Doubt — At the beginning of your end step, you may return a nonland permanent you own to your hand.",
        notes=[
            "If you somehow control Phenomenon Investigators and no choice was made for it, it has neither ability."
        ],
    ),
    card(
        "lost bullet glyph, page break",
        LOST_GLYPH,
        "Abhorrent Oculus",
        power="5",
        toughness="5",
        rules_text="As an additional cost to cast this spell, exile six cards from your graveyard.\n"
        "Flying\n"
        "At the beginning of each opponent's upkeep, manifest dread. (Look at the top two cards of your library. "
        "Turn it face up any time for its mana cost if it's a creature card.)",
        lines=[3, 4, 5, 6, 7, 8, 10],
        notes=[
            "Abhorrent Oculus's additional cost must be paid even if it's cast \"without paying its mana cost\" "
            "or for any alternative cost."
        ],
        note_lines=[[12]],
    ),
    card(
        "glued bullet",
        GLUED_BULLETS,
        "Come Back Wrong",
        rules_text="Destroy target creature. Sacrifice it at the beginning of your next end step.",
        notes=[
            "Players can't take actions in between the time you destroy the target creature and the time it returns."
        ],
        note_lines=[[3]],
    ),
    card(
        "doubled bullet",
        GLUED_BULLETS,
        "Vengeful Possession",
        notes=["Gaining control of a creature doesn't cause you to gain control of any Auras attached to it."],
    ),
    card(
        "unmarked ruling",
        UNMARKED_RULINGS,
        "Cracked Skull",
        rules_text="Enchant creature\n"
        "When Cracked Skull enters, look at target player's hand.\n"
        "You may choose a nonland card from it. That player discards that card.\n"
        "When enchanted creature is dealt damage, destroy it.",
        notes=[
            "A creature blocked by a creature enchanted with Cracked Skull still needs to assign damage equal to "
            "the enchanted creature's toughness (minus any damage already marked on the enchanted creature) before "
            "dealing damage to the next creature in damage assignment order or trampling over to a player."
        ],
        note_lines=[[19]],
    ),
    card(
        "unmarked ruling",
        UNMARKED_RULINGS,
        "Drag to the Roots",
        mana_cost="{2}{B}{G}",
        rules_text="Delirium — This spell costs {2} less to cast as long as there are four or more card types "
        "among cards in your graveyard. Destroy target nonland permanent.",
        notes=[
            "Once you've announced that you're casting Drag to the Roots, players can't take any actions until "
            "you've finished doing so. Notably, opponents can't try to remove cards from your graveyard to change "
            "the cost of Drag to the Roots."
        ],
        note_lines=[[23, 24, 25]],
    ),
    card(
        "unmarked ruling",
        UNMARKED_RULINGS,
        "The Wandering Rescuer",
        rules_text="Flash\nOther tapped creatures you control have hexproof.",
        notes=[
            "You can't tap more creatures to cast this spell using convoke than are required to pay its total cost."
        ],
    ),
    card(
        "unmarked ruling after a fence",
        UNMARKED_RULINGS,
        "Razorkin Hordecaller",
        rules_text="Haste\nWhenever you attack, create a 1/1 red Gremlin creature token.",
        notes=["Attacking with any creatures will cause Razorkin Hordecaller's last ability to trigger."],
    ),
    card(
        "text after a blank line",
        TEXT_AFTER_A_BLANK_LINE,
        "Impossible Inferno",
        rules_text="Impossible Inferno deals 6 damage to target creature.\n"
        "Delirium — If there are four or more card types among cards in your graveyard, exile the top card of "
        "your library.",
    ),
    card(
        "text after a blank line",
        TEXT_AFTER_A_BLANK_LINE,
        "Soul Warden",
        rules_text="Whenever another creature enters, you gain 1 life.",
        notes=[
            "If Soul Warden enters at the same time as one or more other creatures, its ability will trigger for "
            "each of those other creatures."
        ],
    ),
    card(
        "ruling cut by a page break",
        RULING_CUT_BY_A_PAGE_BREAK,
        "Marvin, Murderous Mimic",
        mana_cost="{2}",
        type_line="Legendary Artifact Creature — Toy",
        power="2",
        toughness="2",
        notes=[
            "If an activated ability references the card it's printed on by name, treat Marvin's version of that "
            "ability as though it referenced Marvin instead. If Marvin leaves the battlefield, the ability still "
            "resolves. For example, say you control Marvin as well as Floodpits Drowner (which has the ability "
            "{1}{U}, {T}: Shuffle Floodpits Drowner into its owner's library).",
            "Once one of Marvin's abilities has been activated, the ability still resolves.",
        ],
        note_lines=[[5, 6, 8, 10], [12]],
    ),
    # --- displaced and glued card names
    card(
        "two name lines",
        TWO_NAME_LINES,
        "Cathartic Parting",
        mana_cost="{1}{G}",
        type_line="Sorcery",
        lines=[3, 7, 9, 11],
        notes=["You may target zero cards in your graveyard and still choose to shuffle your library."],
    ),
    card(
        "two name lines",
        TWO_NAME_LINES,
        "Central Elevator // Promising Stairs",
        mana_cost="{3}{U} // {2}{U}",
        type_line="Enchantment — Room",
        lines=[5, 16, 17, 18, 19, 20, 21, 22, 23, 26],  # line 5 is its name, printed under Cathartic Parting's
        rules_text="Central Elevator {3}{U}\n"
        "When you unlock this door, search your library for a Room card, reveal it, put it into your hand, then "
        "shuffle.\n"
        "//\n"
        "Promising Stairs {2}{U}\n"
        "At the beginning of your upkeep, surveil 1.\n"
        "//\n" + ROOM_REMINDER,
        notes=[
            "Two or more objects have the same name if they have at least one name in common. Central Elevator's "
            "ability lets you search your library for any Room card that shares a name with a Room you control.",
            "Promising Stairs's ability counts names, not permanents.",
        ],
        note_lines=[[28, 30], [32]],
    ),
    card(
        "name after the text",
        NAME_AFTER_TEXT,
        "Conductive Machete",
        mana_cost="{4}",
        type_line="Artifact — Equipment",
        lines=[5, 6, 7, 9, 11, 13, 15],
        rules_text="When Conductive Machete enters, manifest dread, then attach Conductive Machete to that "
        "creature. (Look at the top two cards of your library. Put one onto the battlefield face down as a 2/2 "
        "creature and the other into your graveyard.)\n"
        "Equipped creature gets +2/+1.\n"
        "Equip {4}",
        note_count=1,
    ),
    card(
        "header glued to a ruling",
        HEADER_GLUED_TO_A_RULING,
        "Jump Scare",
        notes=["Jump Scare's versatility makes it an excellent example for card interactions. Boo!"],
        note_lines=[[5]],
    ),
    card(
        "header glued to a ruling",
        HEADER_GLUED_TO_A_RULING,
        "The Jolly Balloon Man",
        mana_cost="{1}{R}{W}",
        type_line="Legendary Creature — Human Clown",
        power="1",
        toughness="4",
        lines=[5, 6, 7],
        rules_text="Haste {1}, {T}: Create a token that's a copy of another target creature you control. "
        "Activate only as a sorcery.",
        notes=["If the copied creature has {X} in its mana cost, X is 0."],
    ),
    # --- PDF debris
    card(
        "duplicated line",
        DUPLICATED_LINES,
        "Leyline of Transformation",
        rules_text="If Leyline of Transformation is in your opening hand, you may begin the game with it on the "
        "battlefield.\n"
        "As Leyline of Transformation enters, choose a creature type.\n"
        "Creatures you control are the chosen type in addition to their other types.",
        lines=[3, 5, 6, 8],
    ),
    card(
        "truncated line",
        DUPLICATED_LINES,
        "I Call for Slaughter",
        type_line="Scheme",
        rules_text="When you set this scheme in motion, create three 1/1 red Devil creature tokens.",
        lines=[10, 12],
    ),
    card(
        "duplicated line",
        DUPLICATED_LINES,
        "Manifest Dread",
        rules_text="Manifest dread. (Look at the top two cards of your library.)",
        lines=[14, 16],
        notes=[],
    ),
    card("broken cost", BROKEN_COSTS, "Meathook Massacre II", mana_cost="{X}{X}{B}{B}{B}{B}"),
    card("broken cost", BROKEN_COSTS, "The Mindskinner", mana_cost="{U}{U}{U}{U}"),
    card(
        "broken cost",
        BROKEN_COSTS,
        "Valgavoth, Terror Eater",
        mana_cost="{6}{B}{B}{B}",
        type_line="Legendary Creature — Elder Demon",
    ),
    card(
        "broken braces",
        BROKEN_COSTS,
        "Stay Hidden, Stay Silent",
        mana_cost="{1}{U}",
        rules_text="Enchant creature\n{4}{U}: Shuffle enchanted creature into its owner's library, then manifest dread.",
    ),
    card(
        "escaped braces",
        BROKEN_COSTS,
        "Haunted Screen",
        mana_cost="{3}",
        type_line="Artifact",
        rules_text="{T}: Add {W} or {B}.",
    ),
    card(
        "phyrexian mana",
        BROKEN_COSTS,
        "Noxious Revival",
        mana_cost="{G/P}",
        rules_text="({G/P} can be paid with either {G} or 2 life.) Put target card from a graveyard on top of its "
        "owner's library.",
    ),
    card(
        "latex table",
        LATEX_TABLE + "\n\n- A player's opening hand is the hand of cards after mulligans.\n",
        "Leyline of Mutation",
        mana_cost="{G}{G}",
        type_line="Enchantment",
        lines=[3],
        rules_text="If Leyline of Mutation is in your opening hand, you may begin the game with it on the battlefield.\n"
        "You may pay {W}{U}{B}{R}{G} rather than pay the mana cost for spells you cast.",
        note_count=1,
    ),
]


@pytest.mark.parametrize(("body", "name", "expected"), CARD_CASES)
def test_card_reads_as_printed(body, name, expected):
    assert shown(cards_of(body)[name], expected) == expected


@pytest.mark.parametrize(
    ("body", "names"),
    [
        pytest.param(ROOM_CUT_BY_A_FENCE, ["Bottomless Pool // Locker Room"], id="a Room is one card"),
        pytest.param(
            TWO_NAME_LINES,
            ["Cathartic Parting", "Central Elevator // Promising Stairs"],
            id="two name lines make no card of their own",
        ),
        pytest.param(NAME_AFTER_TEXT, ["Come Back Wrong", "Conductive Machete"], id="a name after its text"),
        pytest.param(
            HEADER_GLUED_TO_A_RULING, ["Jump Scare", "The Jolly Balloon Man"], id="a header glued to a ruling"
        ),
        pytest.param(
            BROKEN_COSTS,
            [
                "Meathook Massacre II",
                "The Mindskinner",
                "Valgavoth, Terror Eater",
                "Stay Hidden, Stay Silent",
                "Haunted Screen",
                "Noxious Revival",
            ],
            id="broken costs",
        ),
    ],
)
def test_the_cards_found_in_order(body, names):
    assert list(cards_of(body)) == names


def test_linked_card_names_become_mentions():
    cards = cards_of(LINKED_NAMES)
    [note] = cards["Unable to Scream"].notes
    assert (note.text, note.mentions, note.group_heading) == (
        "Effects that modify a creature's power, such as the effect of Jump Scare, still apply.",
        ["Jump Scare"],
        None,
    )


def test_schemes_in_every_shape():
    parsed = read(
        "## ARCHENEMY SCHEME CARD-SPECIFIC NOTES\n\n"
        "Choose Your Champion\nScheme\nWhen you set this scheme in motion, target opponent chooses a player.\n\n"
        "- The targeted opponent may choose themselves.\n\n"
        "Mine Is the Only Truth\nOngoing Scheme\n(An ongoing scheme remains face up until it's abandoned.)\n"
        "Whenever a player casts a spell, you draw a card.\n\n"
        "• The first ability resolves before the spell that caused it to trigger.\n\n"
        "Your Plans Mean Nothing Scheme\n\n"
        "When you set this scheme in motion, any number of target players each discard their hands.\n\n"
        "• Players who didn't discard cards this way won't draw any cards.\n\n"
        "When Will You Learn?\n\nScheme\n\nWhen you set this scheme in motion, each opponent exiles the top card "
        "of their library.\n\n"
        "You Are Unworthy of Mercy\n\nScheme\n\nWhen you set this scheme in motion, each opponent sacrifices a "
        "nonland permanent.\n\n"
        "When this scheme's ability resolves, the next opponent in turn order chooses a nonland permanent\n"
        "they control to sacrifice.\n"
    )
    assert [(c.name, c.section, c.mana_cost, c.type_line, len(c.notes)) for c in parsed.cards] == [
        ("Choose Your Champion", "archenemy scheme", None, "Scheme", 1),
        ("Mine Is the Only Truth", "archenemy scheme", None, "Ongoing Scheme", 1),
        ("Your Plans Mean Nothing", "archenemy scheme", None, "Scheme", 1),
        ("When Will You Learn?", "archenemy scheme", None, "Scheme", 0),
        ("You Are Unworthy of Mercy", "archenemy scheme", None, "Scheme", 1),
    ]
    assert parsed.cards[1].rules_text == (
        "(An ongoing scheme remains face up until it's abandoned.)\nWhenever a player casts a spell, you draw a card."
    )
    assert notes(parsed.cards[4]) == [
        "When this scheme's ability resolves, the next opponent in turn order chooses a nonland permanent they "
        "control to sacrifice."
    ]


def test_every_line_is_accounted_for_or_skipped_with_a_reason():
    parsed = read(
        "#### MAIN SET CARD-SPECIFIC NOTES\n\n```\nCult Healer {2}{W}\nCreature — Human Doctor\n3/3\n```\n\n---\n"
    )
    assert [(s.line, s.reason) for s in parsed.skipped] == [
        (3, "markdown fence"),
        (7, "markdown fence"),
        (9, "divider"),
    ]


# --- the pieces on their own: repairs, card grammar, rulings ----------------------------------


@pytest.mark.parametrize(
    ("raw", "tidy"),
    [
        pytest.param("{1}{U} , {T} : Shuffle", "{1}{U}, {T}: Shuffle", id="space before a comma or colon"),
        pytest.param("{4}{U}{Shuffle enchanted creature", "{4}{U}: Shuffle enchanted creature", id="lost colon"),
        pytest.param("Add {R}{R}.  Spend", "Add {R}{R}. Spend", id="doubled space"),
    ],
)
def test_tidy_rules_text(raw, tidy):
    assert tidy_rules_text(raw) == tidy


@pytest.mark.parametrize(
    ("line", "rows"),
    [
        pytest.param(
            LATEX_TABLE,
            [
                "Leyline of Mutation \\{G\\}\\{G\\}",
                "Enchantment",
                "If Leyline of Mutation is in your opening hand, you may begin the game with it on the battlefield.",
                "You may pay \\{W\\}\\{U\\}\\{B\\}\\{R\\}\\{G\\} rather than pay the mana cost for spells you cast.",
            ],
            id="a table",
        ),
        pytest.param("Enchantment — Aura", ["Enchantment — Aura"], id="no table"),
    ],
)
def test_unroll_latex_table(line, rows):
    assert unroll_latex_table(line) == rows


@pytest.mark.parametrize(
    ("text", "cost"),
    [
        pytest.param("{1}{G}", "{1}{G}", id="a cost"),
        pytest.param("{6}{B}{B}{B}.", "{6}{B}{B}{B}", id="a full stop after it"),
        pytest.param("{X}{X}{B}{B}{B}{B}}", "{X}{X}{B}{B}{B}{B}", id="a stray closing brace"),
        pytest.param("{U}{U}{U} U}", "{U}{U}{U}{U}", id="a lost opening brace"),
        pytest.param("{G/P}", "{G/P}", id="phyrexian mana"),
        pytest.param("{T}", None, id="the tap symbol is no cost"),
        pytest.param("Equip {4}", None, id="words before it"),
    ],
)
def test_parse_cost(text, cost):
    assert parse_cost(text) == cost


@pytest.mark.parametrize(
    ("text", "name"),
    [
        pytest.param("Kaito, Bane of Nightmares", True, id="a name with a comma"),
        pytest.param("I Call for Slaughter", True, id="a name with small words"),
        pytest.param("When Will You Learn?", True, id="a name that asks"),
        pytest.param("Enchant creature", False, id="a keyword ability"),
        pytest.param("When Cracked Skull enters, look at target player's hand.", False, id="a sentence"),
    ],
)
def test_is_name(text, name):
    assert is_name(text) is name


def test_parse_name_cost_keeps_what_follows_the_cost():
    assert parse_name_cost("Betrayer's Bargain {1}{R} Instant As an additional cost") == NameCost(
        "Betrayer's Bargain", "{1}{R}", "Instant As an additional cost"
    )
    assert parse_name_cost("Creatures you control {1}") is None


@pytest.mark.parametrize(
    ("text", "typed"),
    [
        pytest.param(
            "Legendary Planeswalker — Kaito", TypeLine("Legendary Planeswalker — Kaito", None, None, ""), id="alone"
        ),
        pytest.param(
            "Creature — Human Survivor 3/4Haste",
            TypeLine("Creature — Human Survivor", "3", "4", "Haste"),
            id="with P/T and text glued on",
        ),
        pytest.param(
            "Kindred Enchantment — Demon Whenever one or more Demons you control attack",
            TypeLine("Kindred Enchantment — Demon", None, None, "Whenever one or more Demons you control attack"),
            id="subtypes end where rules text starts",
        ),
        pytest.param("Creature spells you cast cost {1} less to cast.", None, id="rules text"),
    ],
)
def test_parse_type(text, typed):
    assert parse_type(text) == typed


@pytest.mark.parametrize(
    ("text", "choice"),
    [
        pytest.param("Choose one —", Choice(), id="choose one"),
        pytest.param(
            "When you set this scheme in motion, choose three. You may choose the same mode more than once.",
            Choice(),
            id="choose three, ending a sentence",
        ),
        pytest.param(
            "As Phenomenon Investigators enters, choose Believe or Doubt.",
            Choice(frozenset({"Believe", "Doubt"})),
            id="named modes",
        ),
        pytest.param("Destroy target creature.", None, id="no choice"),
    ],
)
def test_choice_in(text, choice):
    assert choice_in(text) == choice


@pytest.mark.parametrize(
    ("lines", "names", "compact", "ruling"),
    [
        pytest.param(
            ["Abhorrent Oculus's additional cost must be paid even if it's cast without paying its mana cost."],
            ["Abhorrent Oculus"],
            False,
            True,
            id="the card's name in the possessive",
        ),
        pytest.param(
            [
                "If Soul Warden enters at the same time as one or more other creatures, its ability will trigger for",
                "each of those other creatures.",
            ],
            ["Soul Warden"],
            False,
            True,
            id="a word card text never uses",
        ),
        pytest.param(
            ["Delirium — If there are four or more card types among cards in your graveyard, exile the top card."],
            ["Impossible Inferno"],
            False,
            False,
            id="an ability word opens more text",
        ),
        pytest.param(
            ["You can't tap more creatures to cast this spell using convoke than are required to pay its total cost."],
            ["The Wandering Rescuer"],
            True,
            True,
            id="no ability after text that shared the header's paragraph",
        ),
        pytest.param(
            ["You can't tap more creatures to cast this spell using convoke than are required to pay its total cost."],
            ["The Wandering Rescuer"],
            False,
            False,
            id="the same line after text in paragraphs of its own",
        ),
    ],
)
def test_paragraph_reads_like_ruling(lines, names, compact, ruling):
    assert paragraph_reads_like_ruling(lines, names, compact) is ruling


@pytest.mark.parametrize(
    ("text", "names", "ruling"),
    [
        pytest.param("Counter target creature or enchantment spell.", ["Get Out"], False, id="a mode"),
        pytest.param(
            "Silent Hallcreeper becomes a copy of another target creature you control.",
            ["Silent Hallcreeper"],
            False,
            id="a mode naming the card",
        ),
        pytest.param(
            "Get Out's last mode can target any creatures and/or enchantments you own.",
            ["Get Out"],
            True,
            id="the card's name in the possessive",
        ),
        pytest.param(
            "No matter which combination of modes you choose, you always follow them in order.",
            ["I Will Savor Your Agony"],
            True,
            id="speaks of modes",
        ),
    ],
)
def test_mode_reads_like_ruling(text, names, ruling):
    assert mode_reads_like_ruling(text, names) is ruling


# --- the whole Duskmourn release notes -------------------------------------------------------


@pytest.fixture(scope="module")
def duskmourn():
    source = decode(DUSKMOURN.read_bytes(), DUSKMOURN.name)
    return source, parse(source)


def test_duskmourn_every_line_is_accounted_for(duskmourn):
    source, parsed = duskmourn
    uses = account_lines(parsed, source)
    assert len(uses) == sum(1 for _, text in source.numbered() if text.strip())
    assert {s.reason for s in parsed.skipped} == {"markdown fence"}
    assert len(parsed.skipped) == 90  # the opening and closing ``` of 45 fences


def test_duskmourn_document_info_headings_and_passages(duskmourn):
    _, parsed = duskmourn
    info = parsed.info
    assert (info.title, info.kind, info.version, info.effective_date, info.lines) == (
        "Duskmourn: House of Horror Release Notes",
        RELEASE_NOTES,
        None,
        "2024-09-16",
        [1, 5],
    )
    assert [(h.level, h.title) for h in parsed.headings] == [
        ("chapter", "GENERAL NOTES"),
        ("section", "Card Legality"),
        ("section", "Returning Mechanic: Schemes"),
        ("chapter", "MAIN SET CARD-SPECIFIC NOTES"),
        ("chapter", "SPECIAL GUESTS CARD-SPECIFIC NOTES"),
        ("chapter", "COMMANDER CARD-SPECIFIC NOTES"),
        ("chapter", "ARCHENEMY SCHEME CARD-SPECIFIC NOTES"),
    ]
    assert [(p.heading, p.lines) for p in parsed.passages] == [
        ("Introduction", [3]),
        ("Introduction", [7]),
        ("Introduction", [9]),
        ("Introduction", [11]),
        ("Card Legality", [17]),
        ("Card Legality", [19]),
        ("Card Legality", [21]),
        ("Card Legality", [23]),
        ("Card Legality", [25]),
        ("Legal", [2520]),
    ]
    assert parsed.passages[1].text.startswith("The Release Notes include information concerning the release")
    assert parsed.passages[-1].text.endswith("©2024 Wizards.")


def test_duskmourn_card_counts(duskmourn):
    _, parsed = duskmourn
    sections = [card.section for card in parsed.cards]
    assert len(parsed.cards) == 214
    assert {s: sections.count(s) for s in set(sections)} == {
        "main set": 143,
        "special guests": 8,
        "commander": 33,
        "archenemy scheme": 30,
    }
    assert all(card.kind == "set card" for card in parsed.cards)
    assert sum(len(card.notes) for card in parsed.cards) == 527
    assert [c.name for c in parsed.cards if c.type_line == "Enchantment — Room"] == [
        "Bottomless Pool // Locker Room",
        "Central Elevator // Promising Stairs",
        "Charred Foyer // Warped Space",
        "Dazzling Theater // Prop Room",
        "Derelict Attic // Widow's Walk",
        "Dollmaker's Shop // Porcelain Gallery",
        "Funeral Room // Awakening Hall",
        "Mirror Room // Fractured Realm",
        "Painter's Studio // Defaced Gallery",
        "Roaring Furnace // Steaming Sauna",
        "Smoky Lounge // Misty Salon",
        "Surgical Suite // Hospital Room",
        "Walk-In Closet // Forgotten Cellar",
        "Cramped Vents // Access Maze",
        "Secret Arcade // Dusty Parlor",
        "Spiked Corridor // Torture Pit",
    ]
    names = [c.name for c in parsed.cards]
    assert len(names) == len(set(names))
    assert all(card.type_line for card in parsed.cards)
    assert all(card.rules_text for card in parsed.cards)
    assert [c.name for c in parsed.cards if c.section == "special guests"] == [
        "Collected Company",
        "Expropriate",
        "Maddening Hex",
        "Noxious Revival",
        "Phantasmal Image",
        "Sacrifice",
        "Soul Warden",
        "Unholy Heat",
    ]


def duskmourn_card(name: str, **expected):
    return pytest.param(name, expected, id=name)


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        duskmourn_card(
            "Abhorrent Oculus",
            mana_cost="{2}{U}",
            type_line="Creature — Eye",
            power="5",
            toughness="5",
            notes=[
                "Abhorrent Oculus's additional cost must be paid even if it's cast \"without paying its mana cost\" "
                "or for any alternative cost."
            ],
            note_lines=[[244]],
        ),
        duskmourn_card(
            "Get Out",
            rules_text="Choose one —\n"
            "• Counter target creature or enchantment spell.\n"
            "• Return one or two target creatures and/or enchantments you own to your hand.",
            note_count=1,
        ),
        duskmourn_card("Bottomless Pool // Locker Room", mana_cost="{U} // {4}{U}"),
        duskmourn_card("Kaito, Bane of Nightmares", loyalty="4", note_count=10),
        duskmourn_card("Conductive Machete", mana_cost="{4}"),
        duskmourn_card("The Jolly Balloon Man", mana_cost="{1}{R}{W}"),
        duskmourn_card("Jump Scare", note_count=1),
        duskmourn_card("Marvin, Murderous Mimic", note_count=3),
        duskmourn_card("Maddening Hex", note_count=2),
        duskmourn_card("Phantasmal Image", note_count=7),
        duskmourn_card(
            "Sacrifice",
            notes=[
                "Use the creature's mana value as it last existed on the battlefield to determine how much {B} to add."
            ],
        ),
        duskmourn_card(
            "Insidious Fungus",
            rules_text="{2}, Sacrifice Insidious Fungus: Choose one —\n"
            "• Destroy target artifact.\n"
            "• Destroy target enchantment.\n"
            "• Draw a card. Then you may put a land card from your hand onto the battlefield tapped.",
        ),
        duskmourn_card(
            "Zimone, All-Questioning",
            rules_text="At the beginning of your end step, if a land entered the battlefield under your control this "
            "turn and you control a prime number of lands, create Primo, the Indivisible, a legendary 0/0 green and "
            "blue Fractal creature token, then put that many +1/+1 counters on it. "
            "(2, 3, 5, 7, 11, 13, 17, 19, 23, 29, and 31 are prime numbers.)",
        ),
        duskmourn_card(
            "Leyline of Transformation",
            rules_text="If Leyline of Transformation is in your opening hand, you may begin the game with it on the "
            "battlefield.\n"
            "As Leyline of Transformation enters, choose a creature type.\n"
            "Creatures you control are the chosen type in addition to their other types. The same is true for "
            "creature spells you control and creature cards you own that aren't on the battlefield.",
        ),
        duskmourn_card(
            "The Mindskinner",
            notes=[
                "If you somehow control more than one of The Mindskinner, the multiple replacement effects will have "
                "no effect. Damage dealt to an opponent by a source you control will be replaced only once with that "
                "opponent milling that many cards."
            ],
        ),
        duskmourn_card("Demonic Covenant", type_line="Kindred Enchantment — Demon"),
    ],
)
def test_duskmourn_card(duskmourn, name, expected):
    _, parsed = duskmourn
    [card] = [card for card in parsed.cards if card.name == name]
    assert shown(card, expected) == expected


def test_duskmourn_mechanics(duskmourn):
    _, parsed = duskmourn
    assert [(m.name, [e.name for e in m.examples], len(m.rulings)) for m in parsed.mechanics] == [
        ("New Enchantment Type: Room", ["Bottomless Pool // Locker Room"], 16),
        ("New Keyword Ability: Impending", ["Overlord of the Boilerbilges"], 4),
        ("New Keyword Action: Manifest Dread", ["Innocuous Rat", "Unwanted Remake"], 7),
        ("General Notes on Face-Down Cards", [], 9),
        ("New Ability Word: Survival", ["Cautious Survivor"], 4),
        ("New Ability Word: Eerie", ["Optimistic Scavenger"], 2),
        ("New Cycle of Nonbasic Lands", ["Lakeside Shack"], 1),
        ("Returning Ability Word: Delirium", ["Demonic Counsel", "Spineseeker Centipede"], 7),
        ("New Variant Format: Archenemy Commander", ["You Are Unworthy of Mercy", "I Am Untouchable"], 0),
    ]
    mechanics = {m.name: m for m in parsed.mechanics}
    assert mechanics["New Variant Format: Archenemy Commander"].body.count("\n\n") == 5
    room = mechanics["New Enchantment Type: Room"]
    assert 'Each Room card has two halves, called "doors." Pick one half' in room.body
    assert all(e.section is None and e.kind == "set card" for m in parsed.mechanics for e in m.examples)
    overlord = mechanics["New Keyword Ability: Impending"].examples[0]
    assert (overlord.mana_cost, overlord.type_line, overlord.power, overlord.toughness) == (
        "{4}{R}{R}",
        "Enchantment Creature — Avatar Horror",
        "5",
        "5",
    )
    shack = mechanics["New Cycle of Nonbasic Lands"].examples[0]
    assert (shack.mana_cost, shack.type_line, shack.rules_text) == (
        None,
        "Land",
        "Lakeside Shack enters tapped unless a player has 13 or less life.\n{T}: Add {G} or {U}.",
    )


OTHER_SET = """\
# Bloomburrow Release Notes

Document last modified July 26, 2024

## GENERAL NOTES

### New Keyword Ability: Offspring

Offspring is a keyword ability that lets you make a copy.

**Warren Warleader**
{2}{W}{W}
Creature — Rabbit Knight
4/4
Whenever you attack, choose one —
* Create a 1/1 white Rabbit creature token that's tapped and attacking.
* Attacking creatures you control get +1/+1 until end of turn.

* Offspring is an additional cost. If you pay it, the spell's mana value doesn't change.

## CARD-SPECIFIC NOTES

**Fell**
{1}{B}
Sorcery
Destroy target creature.

Bloomburrow Release Notes

* Fell can target any creature.
"""


def test_another_sets_conventions_bold_names_star_bullets_and_a_running_title():
    parsed = read(OTHER_SET)
    assert (parsed.info.title, parsed.info.effective_date) == ("Bloomburrow Release Notes", "2024-07-26")
    [offspring] = parsed.mechanics
    assert (offspring.name, offspring.body) == (
        "New Keyword Ability: Offspring",
        "Offspring is a keyword ability that lets you make a copy.",
    )
    [warleader] = offspring.examples
    assert (warleader.name, warleader.mana_cost, warleader.type_line, warleader.power) == (
        "Warren Warleader",
        "{2}{W}{W}",
        "Creature — Rabbit Knight",
        "4",
    )
    assert warleader.rules_text == (
        "Whenever you attack, choose one —\n"
        "• Create a 1/1 white Rabbit creature token that's tapped and attacking.\n"
        "• Attacking creatures you control get +1/+1 until end of turn."
    )
    assert [r.text for r in offspring.rulings] == [
        "Offspring is an additional cost. If you pay it, the spell's mana value doesn't change."
    ]
    [fell] = parsed.cards
    assert (fell.name, fell.section, fell.mana_cost, fell.rules_text) == (
        "Fell",
        None,
        "{1}{B}",
        "Destroy target creature.",
    )
    assert notes(fell) == ["Fell can target any creature."]
    assert [(s.line, s.reason) for s in parsed.skipped] == [(28, "page furniture")]
