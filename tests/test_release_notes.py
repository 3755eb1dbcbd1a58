"""Release notes: messy Markdown (converted from PDF) into cards, notes and mechanics.

Each fixture below is a small piece of real release-notes text showing one kind of mess;
the last tests run the whole Duskmourn file.
"""

from pathlib import Path

import pytest

from rulebook.ingest.accounting import account_lines
from rulebook.ingest.records import RELEASE_NOTES
from rulebook.ingest.release_notes import parse
from rulebook.ingest.release_notes.repairs import tidy_rules_text, unroll_latex_table
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
        ("chapter", "MAIN SET CARD-SPECIFIC NOTES", [29]),
    ]
    assert [(p.heading, p.text, p.lines) for p in parsed.passages] == [
        ("Introduction", "Compiled by Eric Levine", [3]),
        (
            "Introduction",
            "The Release Notes include information concerning the release of a new Magic: The Gathering® set.",
            [7],
        ),
        (
            "Legal",
            "Magic: The Gathering, Magic, and Duskmourn are property of Wizards of the Coast LLC in the USA and "
            "other countries. ©2024 Wizards.",
            [35],
        ),
    ]


def test_general_notes_sections_become_mechanics_with_body_examples_and_rulings():
    parsed = read(DOCUMENT)
    legality, schemes, archenemy = parsed.mechanics
    assert (legality.name, legality.body, legality.lines) == (
        "Card Legality",
        "Go to Locator.Wizards.com to find an event or store near you.",
        [11, 13],
    )
    assert (schemes.name, schemes.body, schemes.examples, schemes.rulings) == (
        "Returning Mechanic: Schemes",
        "",
        [],
        [],
    )
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


# --- card headers in every shape -----------------------------------------------------------


def test_whole_card_on_one_line_with_type_pt_and_text():
    cards = cards_of(
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
    bargain = cards["Betrayer's Bargain"]
    assert (bargain.mana_cost, bargain.type_line, bargain.power, bargain.lines) == ("{1}{R}", "Instant", None, [3])
    assert bargain.rules_text == (
        "As an additional cost to cast this spell, sacrifice a creature or enchantment or pay {2}. "
        "Betrayer's Bargain deals 5 damage to target creature."
    )
    tenacity = cards["Enduring Tenacity"]
    assert (tenacity.mana_cost, tenacity.type_line, tenacity.power, tenacity.toughness) == (
        "{2}{B}{B}",
        "Enchantment Creature — Snake Glimmer",
        "4",
        "3",
    )
    assert tenacity.rules_text == "Whenever you gain life, target opponent loses that much life."
    covenant = cards["Demonic Covenant"]
    assert covenant.type_line == "Kindred Enchantment — Demon"
    assert covenant.rules_text.startswith("Whenever one or more Demons you control attack")
    rootwise = cards["Rootwise Survivor"]
    assert (rootwise.mana_cost, rootwise.type_line, rootwise.power, rootwise.toughness) == (
        "{3}{G}{G}",
        "Creature — Human Survivor",
        "3",
        "4",
    )
    assert rootwise.rules_text.startswith("Haste Survival — At the beginning of your second main phase")


def test_name_cost_type_and_pt_each_in_their_own_paragraph():
    cards = cards_of(
        "Fear of Abduction\n\n ${4}{W}{W}$ \n\nEnchantment Creature — Nightmare\n\n5/5\n\n"
        "As an additional cost to cast this spell, exile a creature you control.\n\n**Flying** \n\n"
        "When Fear of Abduction enters, exile target creature an opponent controls.\n\n"
        "- If Fear of Abduction leaves the battlefield before its third ability resolves, the ability still "
        "exiles the target creature.\n\n"
        "Coordinated Clobbering\n\n{**G**}\n\nSorcery\n\nTap one or two target untapped creatures you control.\n\n"
        "They each deal damage equal to their power to target creature an opponent controls.\n\n"
        "• If one of the target creatures you control is an illegal target, that creature won't deal any damage.\n"
    )
    fear = cards["Fear of Abduction"]
    assert (fear.mana_cost, fear.type_line, fear.power, fear.toughness) == (
        "{4}{W}{W}",
        "Enchantment Creature — Nightmare",
        "5",
        "5",
    )
    assert fear.rules_text == (
        "As an additional cost to cast this spell, exile a creature you control.\n"
        "Flying\n"
        "When Fear of Abduction enters, exile target creature an opponent controls."
    )
    assert fear.lines == [3, 5, 7, 9, 11, 13, 15]
    assert notes(fear) == [
        "If Fear of Abduction leaves the battlefield before its third ability resolves, the ability still "
        "exiles the target creature."
    ]
    clobbering = cards["Coordinated Clobbering"]
    assert (clobbering.mana_cost, clobbering.type_line) == ("{G}", "Sorcery")
    assert clobbering.rules_text == (
        "Tap one or two target untapped creatures you control.\n"
        "They each deal damage equal to their power to target creature an opponent controls."
    )
    assert notes(clobbering) == [
        "If one of the target creatures you control is an illegal target, that creature won't deal any damage."
    ]


def test_planeswalker_loyalty_and_loyalty_abilities_stay_rules_text():
    cards = cards_of(
        "Kaito, Bane of Nightmares {2}{U}{B}\nLegendary Planeswalker — Kaito\n4\n"
        '+1: You get an emblem with "Ninjas you control get +1/+1."\n'
        "-2: Tap target creature. Put two stun counters on it.\n\n"
        "- As you activate Kaito's ninjutsu ability, you reveal Kaito from your hand and return the attacking creature.\n"
        "   Kaito isn't put onto the battlefield until the ability resolves.\n"
    )
    kaito = cards["Kaito, Bane of Nightmares"]
    assert (kaito.type_line, kaito.loyalty, kaito.power) == ("Legendary Planeswalker — Kaito", "4", None)
    assert kaito.rules_text == (
        '+1: You get an emblem with "Ninjas you control get +1/+1."\n-2: Tap target creature. Put two stun counters on it.'
    )
    assert [(n.text, n.lines) for n in kaito.notes] == [
        (
            "As you activate Kaito's ninjutsu ability, you reveal Kaito from your hand and return the attacking "
            "creature. Kaito isn't put onto the battlefield until the ability resolves.",
            [9, 10],
        )
    ]


def test_fenced_card_with_wrapped_text_and_wrapped_ruling():
    cards = cards_of(
        "```\nAnthropede\n{3}{G}\nCreature — Insect\n3/4\nReach\n"
        "When Anthropede enters, you may discard a card or pay\n{2}. When you do, destroy target Room.\n```\n\n"
        "- Altanak's second ability resolves before the spell or ability that caused it to trigger. It resolves even if that\n"
        "  spell or ability is countered or otherwise leaves the stack without resolving.\n"
        "- If a spell or ability targets Anthropede more than once, it still triggers only once.\n"
    )
    anthropede = cards["Anthropede"]
    assert (anthropede.mana_cost, anthropede.type_line, anthropede.power, anthropede.toughness) == (
        "{3}{G}",
        "Creature — Insect",
        "3",
        "4",
    )
    assert (
        anthropede.rules_text
        == "Reach\nWhen Anthropede enters, you may discard a card or pay {2}. When you do, destroy target Room."
    )
    assert anthropede.lines == [4, 5, 6, 7, 8, 9, 10]
    assert [(n.text, n.lines) for n in anthropede.notes] == [
        (
            "Altanak's second ability resolves before the spell or ability that caused it to trigger. It resolves "
            "even if that spell or ability is countered or otherwise leaves the stack without resolving.",
            [13, 14],
        ),
        ("If a spell or ability targets Anthropede more than once, it still triggers only once.", [15]),
    ]


# --- Rooms ---------------------------------------------------------------------------------

ROOM_REMINDER = (
    "(You may cast either half. That door unlocks on the battlefield. As a sorcery, you may pay the mana "
    "cost of a locked door to unlock it.)"
)


def test_room_is_one_card_with_both_doors_even_when_the_fence_cuts_its_reminder_text():
    cards = cards_of(
        "```\nBottomless Pool {U}\nWhen you unlock this door, return up to one target creature to its owner's hand.\n"
        "//\nLocker Room\n{4}{U}\nWhenever one or more creatures you control deal combat damage to a player, draw a card.\n"
        "//\nEnchantment — Room (You may cast either half. That door unlocks on the battlefield. As a sorcery, you may\n"
        "```\n\npay the mana cost of a locked door to unlock it.)\n\n"
        "• If creatures you control deal combat damage to multiple players at the same time, Locker Room's ability "
        "will trigger once for each player dealt combat damage this way.\n"
    )
    assert list(cards) == ["Bottomless Pool // Locker Room"]
    room = cards["Bottomless Pool // Locker Room"]
    assert (room.mana_cost, room.type_line, room.section) == ("{U} // {4}{U}", "Enchantment — Room", "main set")
    assert room.rules_text == (
        "Bottomless Pool {U}\n"
        "When you unlock this door, return up to one target creature to its owner's hand.\n"
        "//\n"
        "Locker Room {4}{U}\n"
        "Whenever one or more creatures you control deal combat damage to a player, draw a card.\n"
        "//\n" + ROOM_REMINDER
    )
    assert room.lines == [4, 5, 6, 7, 8, 9, 10, 11, 14]
    assert [(n.text, n.lines) for n in room.notes] == [
        (
            "If creatures you control deal combat damage to multiple players at the same time, Locker Room's "
            "ability will trigger once for each player dealt combat damage this way.",
            [16],
        )
    ]


def test_room_printed_without_door_separators():
    cards = cards_of(
        "```\nCharred Foyer {3}{R}\nAt the beginning of your upkeep, exile the top card of your library. "
        "You may play it this turn.\n\nWarped Space {4}{R}{R}\nOnce each turn, you may pay {0} rather than pay "
        "the mana cost for a spell you cast from exile.\n\nEnchantment — Room\n" + ROOM_REMINDER + "\n```\n\n"
        "- You pay all costs for cards played with the permission granted by Charred Foyer's ability.\n"
    )
    room = cards["Charred Foyer // Warped Space"]
    assert room.mana_cost == "{3}{R} // {4}{R}{R}"
    assert room.rules_text == (
        "Charred Foyer {3}{R}\n"
        "At the beginning of your upkeep, exile the top card of your library. You may play it this turn.\n"
        "//\n"
        "Warped Space {4}{R}{R}\n"
        "Once each turn, you may pay {0} rather than pay the mana cost for a spell you cast from exile.\n"
        "//\n" + ROOM_REMINDER
    )
    assert notes(room) == ["You pay all costs for cards played with the permission granted by Charred Foyer's ability."]


def test_room_with_every_line_in_its_own_paragraph_and_a_bold_door_name():
    cards = cards_of(
        "Secret Arcade\n\n $\\{4\\}\\{W\\}$ \n\nNonland permanents you control are enchantments in addition to "
        "their other types.\n\n//\n\n**Dusty Parlor** \n\n $\\{2\\}\\{W\\}$ \n\nWhenever you cast an enchantment "
        "spell, put a +1/+1 counter on up to one target creature.\n\n//\n\nEnchantment — Room\n\n"
        + ROOM_REMINDER
        + "\n\n• If a spell has {X} in its mana cost, use the value chosen for X.\n"
    )
    room = cards["Secret Arcade // Dusty Parlor"]
    assert (room.mana_cost, room.type_line) == ("{4}{W} // {2}{W}", "Enchantment — Room")
    assert room.rules_text == (
        "Secret Arcade {4}{W}\n"
        "Nonland permanents you control are enchantments in addition to their other types.\n"
        "//\n"
        "Dusty Parlor {2}{W}\n"
        "Whenever you cast an enchantment spell, put a +1/+1 counter on up to one target creature.\n"
        "//\n" + ROOM_REMINDER
    )
    assert notes(room) == ["If a spell has {X} in its mana cost, use the value chosen for X."]


# --- modes and rulings ---------------------------------------------------------------------


def test_mode_bullets_are_rules_text_until_the_first_ruling():
    cards = cards_of(
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
    get_out = cards["Get Out"]
    assert get_out.rules_text == (
        "Choose one —\n"
        "• Counter target creature or enchantment spell.\n"
        "• Return one or two target creatures and/or enchantments you own to your hand."
    )
    assert notes(get_out) == [
        "Get Out's last mode can target any creatures and/or enchantments you own, including ones controlled by "
        "other players."
    ]
    agony = cards["I Will Savor Your Agony"]
    assert (agony.mana_cost, agony.type_line) == (None, "Scheme")
    assert agony.rules_text == (
        "When you set this scheme in motion, choose three. You may choose the same mode more than once.\n"
        "• Destroy target creature.\n• Target player draws a card.\n• Target player gains 5 life."
    )
    assert notes(agony) == [
        "No matter which combination of modes you choose, you always follow the instructions in the order they "
        "are written."
    ]


def test_modes_that_name_the_card_still_end_at_an_explanatory_bullet():
    cards = cards_of(
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
    creeper = cards["Silent Hallcreeper"]
    assert creeper.rules_text.split("\n")[-3:] == [
        "• Put two +1/+1 counters on Silent Hallcreeper.",
        "• Draw a card.",
        "• Silent Hallcreeper becomes a copy of another target creature you control.",
    ]
    assert len(creeper.notes) == 1
    investigators = cards["Phenomenon Investigators"]
    assert investigators.rules_text == (
        "As Phenomenon Investigators enters, choose Believe or Doubt.\n"
        "• Believe — Whenever a nontoken creature you control dies, create a 2/2 black Horror enchantment creature token\n"
        "• Doubt — At the beginning of your end step, you may return a nonland permanent you own to your hand."
    )
    assert notes(investigators) == [
        "If you somehow control Phenomenon Investigators and no choice was made for it, it has neither ability."
    ]


def test_bullet_whose_glyph_was_lost_and_text_cut_by_a_page_break():
    cards = cards_of(
        "Abhorrent Oculus {2}{U}\nCreature — Eye\n5/5\n"
        "As an additional cost to cast this spell, exile six cards from your graveyard.\nFlying\n"
        "At the beginning of each opponent's upkeep, manifest dread. (Look at the top two cards of your library. "
        "Turn it face up any time for\n\nits mana cost if it's a creature card.)\n\n"
        " Abhorrent Oculus's additional cost must be paid even if it's cast \"without paying its mana cost\" or "
        "for any alternative cost.\n"
    )
    oculus = cards["Abhorrent Oculus"]
    assert (oculus.power, oculus.toughness) == ("5", "5")
    assert oculus.rules_text == (
        "As an additional cost to cast this spell, exile six cards from your graveyard.\n"
        "Flying\n"
        "At the beginning of each opponent's upkeep, manifest dread. (Look at the top two cards of your library. "
        "Turn it face up any time for its mana cost if it's a creature card.)"
    )
    assert oculus.lines == [3, 4, 5, 6, 7, 8, 10]
    assert [(n.text, n.lines) for n in oculus.notes] == [
        (
            "Abhorrent Oculus's additional cost must be paid even if it's cast \"without paying its mana cost\" "
            "or for any alternative cost.",
            [12],
        )
    ]


def test_bullet_glued_to_the_end_of_the_card_text():
    cards = cards_of(
        "Come Back Wrong {2}{B} Sorcery Destroy target creature. Sacrifice it at the beginning of your next end "
        "step. • Players can't take actions in between the time you destroy the target creature and the time it "
        "returns.\n\n"
        "Vengeful Possession {2}{R} Sorcery Gain control of target creature until end of turn.\n\n"
        "- · Gaining control of a creature doesn't cause you to gain control of any Auras attached to it.\n"
    )
    wrong = cards["Come Back Wrong"]
    assert wrong.rules_text == "Destroy target creature. Sacrifice it at the beginning of your next end step."
    assert [(n.text, n.lines) for n in wrong.notes] == [
        (
            "Players can't take actions in between the time you destroy the target creature and the time it returns.",
            [3],
        )
    ]
    assert notes(cards["Vengeful Possession"]) == [
        "Gaining control of a creature doesn't cause you to gain control of any Auras attached to it."
    ]


def test_rulings_printed_without_any_bullet():
    cards = cards_of(
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
    skull = cards["Cracked Skull"]
    assert skull.rules_text == (
        "Enchant creature\n"
        "When Cracked Skull enters, look at target player's hand.\n"
        "You may choose a nonland card from it. That player discards that card.\n"
        "When enchanted creature is dealt damage, destroy it."
    )
    assert [n.lines for n in skull.notes] == [[19]]
    assert notes(skull)[0].startswith("A creature blocked by a creature enchanted with Cracked Skull still needs")
    drag = cards["Drag to the Roots"]
    assert drag.mana_cost == "{2}{B}{G}"
    assert drag.rules_text == (
        "Delirium — This spell costs {2} less to cast as long as there are four or more card types among cards "
        "in your graveyard. Destroy target nonland permanent."
    )
    assert [(n.text, n.lines) for n in drag.notes] == [
        (
            "Once you've announced that you're casting Drag to the Roots, players can't take any actions until "
            "you've finished doing so. Notably, opponents can't try to remove cards from your graveyard to change "
            "the cost of Drag to the Roots.",
            [23, 24, 25],
        )
    ]
    rescuer = cards["The Wandering Rescuer"]
    assert rescuer.rules_text == "Flash\nOther tapped creatures you control have hexproof."
    assert notes(rescuer) == [
        "You can't tap more creatures to cast this spell using convoke than are required to pay its total cost."
    ]
    hordecaller = cards["Razorkin Hordecaller"]
    assert hordecaller.rules_text == "Haste\nWhenever you attack, create a 1/1 red Gremlin creature token."
    assert notes(hordecaller) == [
        "Attacking with any creatures will cause Razorkin Hordecaller's last ability to trigger."
    ]


def test_text_paragraphs_after_a_blank_line_stay_rules_text():
    cards = cards_of(
        "Impossible Inferno {4}{R}\nInstant\nImpossible Inferno deals 6 damage to target creature.\n\n"
        "Delirium — If there are four or more card types among cards in your graveyard, exile the top card of "
        "your library.\n\n"
        "• You pay all costs and follow all timing rules for cards played this way.\n\n"
        "Soul Warden\n\n{W}\n\nCreature — Human Cleric\n\nWhenever another creature enters, you gain 1 life.\n\n"
        "If Soul Warden enters at the same time as one or more other creatures, its ability will trigger for "
        "each of those other creatures.\n"
    )
    assert cards["Impossible Inferno"].rules_text == (
        "Impossible Inferno deals 6 damage to target creature.\n"
        "Delirium — If there are four or more card types among cards in your graveyard, exile the top card of "
        "your library."
    )
    warden = cards["Soul Warden"]
    assert warden.rules_text == "Whenever another creature enters, you gain 1 life."
    assert notes(warden) == [
        "If Soul Warden enters at the same time as one or more other creatures, its ability will trigger for "
        "each of those other creatures."
    ]


def test_ruling_cut_by_a_page_break_and_an_example_paragraph_rejoin_their_note():
    cards = cards_of(
        "Marvin, Murderous Mimic {2} Legendary Artifact Creature — Toy 2/2 Marvin, Murderous Mimic has all "
        "activated abilities of creatures you control.\n\n"
        "- If an activated ability references the card it's printed on by name, treat Marvin's version of that\n"
        "  ability as though it referenced Marvin instead. If Marvin leaves the\n\n"
        "battlefield, the ability still resolves.\n\n"
        "For example, say you control Marvin as well as Floodpits Drowner (which has the ability  $\\{1\\}\\{U\\}$ ,"
        "  $\\{T\\}$ : Shuffle Floodpits Drowner into its owner's library).\n\n"
        "• Once one of Marvin's abilities has been activated, the ability still resolves.\n"
    )
    marvin = cards["Marvin, Murderous Mimic"]
    assert (marvin.mana_cost, marvin.type_line, marvin.power, marvin.toughness) == (
        "{2}",
        "Legendary Artifact Creature — Toy",
        "2",
        "2",
    )
    assert [(n.text, n.lines) for n in marvin.notes] == [
        (
            "If an activated ability references the card it's printed on by name, treat Marvin's version of that "
            "ability as though it referenced Marvin instead. If Marvin leaves the battlefield, the ability still "
            "resolves. For example, say you control Marvin as well as Floodpits Drowner (which has the ability "
            "{1}{U}, {T}: Shuffle Floodpits Drowner into its owner's library).",
            [5, 6, 8, 10],
        ),
        ("Once one of Marvin's abilities has been activated, the ability still resolves.", [12]),
    ]


def test_linked_card_names_become_mentions():
    cards = cards_of(
        "Unable to Scream {U}\nEnchantment — Aura\nEnchant creature\n\n"
        "- Effects that modify a creature's power, such as the effect of [Jump Scare](#), still apply.\n"
    )
    [note] = cards["Unable to Scream"].notes
    assert (note.text, note.mentions, note.group) == (
        "Effects that modify a creature's power, such as the effect of Jump Scare, still apply.",
        ["Jump Scare"],
        None,
    )


# --- displaced and glued card names --------------------------------------------------------


def test_two_name_lines_in_a_row_give_the_second_name_to_the_next_nameless_card():
    cards = cards_of(
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
    assert list(cards) == ["Cathartic Parting", "Central Elevator // Promising Stairs"]
    parting = cards["Cathartic Parting"]
    assert (parting.mana_cost, parting.type_line, parting.lines) == ("{1}{G}", "Sorcery", [3, 7, 9, 11])
    assert notes(parting) == ["You may target zero cards in your graveyard and still choose to shuffle your library."]
    elevator = cards["Central Elevator // Promising Stairs"]
    assert (elevator.mana_cost, elevator.type_line) == ("{3}{U} // {2}{U}", "Enchantment — Room")
    assert 5 in elevator.lines
    assert elevator.rules_text == (
        "Central Elevator {3}{U}\n"
        "When you unlock this door, search your library for a Room card, reveal it, put it into your hand, then shuffle.\n"
        "//\n"
        "Promising Stairs {2}{U}\n"
        "At the beginning of your upkeep, surveil 1.\n"
        "//\n" + ROOM_REMINDER
    )
    assert [(n.text, n.lines) for n in elevator.notes] == [
        (
            "Two or more objects have the same name if they have at least one name in common. Central Elevator's "
            "ability lets you search your library for any Room card that shares a name with a Room you control.",
            [28, 30],
        ),
        ("Promising Stairs's ability counts names, not permanents.", [32]),
    ]


def test_name_printed_after_the_cost_and_text():
    cards = cards_of(
        "Come Back Wrong {2}{B} Sorcery Destroy target creature. • Players can't take actions in between.\n\n"
        "{4}\nArtifact — Equipment\nWhen Conductive Machete enters, manifest dread, then attach Conductive "
        "Machete to that creature. (Look at the top two cards of your library. Put one onto the battlefield\n\n"
        "face down as a 2/2 creature and the other into your graveyard.)\n\nEquipped creature gets +2/+1.\n\n"
        "Conductive Machete\n\nEquip {4}\n\n"
        "• You'll still manifest dread even if this Equipment isn't on the battlefield when its first ability resolves.\n"
    )
    assert list(cards) == ["Come Back Wrong", "Conductive Machete"]
    machete = cards["Conductive Machete"]
    assert (machete.mana_cost, machete.type_line, machete.lines) == (
        "{4}",
        "Artifact — Equipment",
        [5, 6, 7, 9, 11, 13, 15],
    )
    assert machete.rules_text == (
        "When Conductive Machete enters, manifest dread, then attach Conductive Machete to that creature. (Look "
        "at the top two cards of your library. Put one onto the battlefield face down as a 2/2 creature and the "
        "other into your graveyard.)\n"
        "Equipped creature gets +2/+1.\n"
        "Equip {4}"
    )
    assert len(machete.notes) == 1


def test_card_header_glued_to_the_end_of_a_ruling_starts_a_new_card():
    cards = cards_of(
        "Jump Scare  $\\{W\\}$  Instant Until end of turn, target creature gets +2/+2 and gains flying.\n\n"
        " Jump Scare's versatility makes it an excellent example for card interactions. Boo! The Jolly Balloon "
        "Man {1}{R}{W}\nLegendary Creature — Human Clown 1/4\nHaste {1}, {T}: Create a token that's a copy of "
        "another target creature you control. Activate only as a sorcery.\n\n"
        "- If the copied creature has {X} in its mana cost, X is 0.\n"
    )
    assert list(cards) == ["Jump Scare", "The Jolly Balloon Man"]
    assert [(n.text, n.lines) for n in cards["Jump Scare"].notes] == [
        ("Jump Scare's versatility makes it an excellent example for card interactions. Boo!", [5])
    ]
    balloon = cards["The Jolly Balloon Man"]
    assert (balloon.mana_cost, balloon.type_line, balloon.power, balloon.toughness, balloon.lines) == (
        "{1}{R}{W}",
        "Legendary Creature — Human Clown",
        "1",
        "4",
        [5, 6, 7],
    )
    assert balloon.rules_text == (
        "Haste {1}, {T}: Create a token that's a copy of another target creature you control. Activate only as a sorcery."
    )
    assert notes(balloon) == ["If the copied creature has {X} in its mana cost, X is 0."]


# --- PDF debris ------------------------------------------------------------------------------


def test_duplicated_and_truncated_lines_are_dropped_but_accounted_for():
    cards = cards_of(
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
    leyline = cards["Leyline of Transformation"]
    assert leyline.rules_text == (
        "If Leyline of Transformation is in your opening hand, you may begin the game with it on the battlefield.\n"
        "As Leyline of Transformation enters, choose a creature type.\n"
        "Creatures you control are the chosen type in addition to their other types."
    )
    assert leyline.lines == [3, 5, 6, 8]
    slaughter = cards["I Call for Slaughter"]
    assert (slaughter.type_line, slaughter.rules_text, slaughter.lines) == (
        "Scheme",
        "When you set this scheme in motion, create three 1/1 red Devil creature tokens.",
        [10, 12],
    )
    dread = cards["Manifest Dread"]
    assert (dread.rules_text, dread.lines, dread.notes) == (
        "Manifest dread. (Look at the top two cards of your library.)",
        [14, 16],
        [],
    )


def test_broken_mana_costs_and_braces_are_mended():
    cards = cards_of(
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
    assert {name: card.mana_cost for name, card in cards.items()} == {
        "Meathook Massacre II": "{X}{X}{B}{B}{B}{B}",
        "The Mindskinner": "{U}{U}{U}{U}",
        "Valgavoth, Terror Eater": "{6}{B}{B}{B}",
        "Stay Hidden, Stay Silent": "{1}{U}",
        "Haunted Screen": "{3}",
        "Noxious Revival": "{G/P}",
    }
    assert cards["Valgavoth, Terror Eater"].type_line == "Legendary Creature — Elder Demon"
    assert cards["Stay Hidden, Stay Silent"].rules_text == (
        "Enchant creature\n{4}{U}: Shuffle enchanted creature into its owner's library, then manifest dread."
    )
    assert (cards["Haunted Screen"].type_line, cards["Haunted Screen"].rules_text) == (
        "Artifact",
        "{T}: Add {W} or {B}.",
    )
    assert cards["Noxious Revival"].rules_text.startswith("({G/P} can be paid with either {G} or 2 life.) Put target")


def test_latex_table_debris_is_read_as_card_lines():
    line = (
        "Leyline of Mutation  $\\label{eq:continuous} \\begin{tabular}{l} $\\{G\\}\\{G\\}$ \\\\ Enchantment \\\\ "
        "If Leyline of Mutation is in your opening hand, you may begin the game with it on the battlefield. \\\\ "
        "You may pay $\\{W\\}\\{U\\}\\{B\\}\\{R\\}\\{G\\}$ rather than pay the mana cost for spells you cast. \\\\ "
        "\\end{tabular}$ "
    )
    assert unroll_latex_table(line)[:2] == ["Leyline of Mutation \\{G\\}\\{G\\}", "Enchantment"]
    leyline = cards_of(line + "\n\n- A player's opening hand is the hand of cards after mulligans.\n")[
        "Leyline of Mutation"
    ]
    assert (leyline.mana_cost, leyline.type_line, leyline.lines) == ("{G}{G}", "Enchantment", [3])
    assert leyline.rules_text == (
        "If Leyline of Mutation is in your opening hand, you may begin the game with it on the battlefield.\n"
        "You may pay {W}{U}{B}{R}{G} rather than pay the mana cost for spells you cast."
    )
    assert len(leyline.notes) == 1


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


def test_tidy_rules_text():
    assert tidy_rules_text("{1}{U} , {T} : Shuffle") == "{1}{U}, {T}: Shuffle"
    assert tidy_rules_text("{4}{U}{Shuffle enchanted creature") == "{4}{U}: Shuffle enchanted creature"
    assert tidy_rules_text("Add {R}{R}.  Spend") == "Add {R}{R}. Spend"


def test_every_line_is_accounted_for_or_skipped_with_a_reason():
    parsed = read(
        "#### MAIN SET CARD-SPECIFIC NOTES\n\n```\nCult Healer {2}{W}\nCreature — Human Doctor\n3/3\n```\n\n---\n"
    )
    assert [(s.line, s.reason) for s in parsed.skipped] == [
        (3, "markdown fence"),
        (7, "markdown fence"),
        (9, "divider"),
    ]


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


def test_duskmourn_named_cards(duskmourn):
    _, parsed = duskmourn
    cards = {card.name: card for card in parsed.cards}
    oculus = cards["Abhorrent Oculus"]
    assert (oculus.mana_cost, oculus.type_line, oculus.power, oculus.toughness) == (
        "{2}{U}",
        "Creature — Eye",
        "5",
        "5",
    )
    assert [(n.text, n.lines) for n in oculus.notes] == [
        (
            "Abhorrent Oculus's additional cost must be paid even if it's cast \"without paying its mana cost\" "
            "or for any alternative cost.",
            [244],
        )
    ]
    get_out = cards["Get Out"]
    assert get_out.rules_text.endswith(
        "\n• Counter target creature or enchantment spell."
        "\n• Return one or two target creatures and/or enchantments you own to your hand."
    )
    assert len(get_out.notes) == 1
    assert [c.name for c in parsed.cards].count("Bottomless Pool // Locker Room") == 1
    assert cards["Bottomless Pool // Locker Room"].mana_cost == "{U} // {4}{U}"
    kaito = cards["Kaito, Bane of Nightmares"]
    assert (kaito.loyalty, len(kaito.notes)) == ("4", 10)
    assert cards["Conductive Machete"].mana_cost == "{4}"
    assert cards["The Jolly Balloon Man"].mana_cost == "{1}{R}{W}"
    assert len(cards["Jump Scare"].notes) == 1
    assert len(cards["Marvin, Murderous Mimic"].notes) == 3
    assert len(cards["Maddening Hex"].notes) == 2
    assert len(cards["Phantasmal Image"].notes) == 7
    assert notes(cards["Sacrifice"]) == [
        "Use the creature's mana value as it last existed on the battlefield to determine how much {B} to add."
    ]
    assert cards["Insidious Fungus"].rules_text.split("\n")[-3:] == [
        "• Destroy target artifact.",
        "• Destroy target enchantment.",
        "• Draw a card. Then you may put a land card from your hand onto the battlefield tapped.",
    ]
    assert cards["Zimone, All-Questioning"].rules_text.endswith(
        "(2, 3, 5, 7, 11, 13, 17, 19, 23, 29, and 31 are prime numbers.)"
    )
    assert cards["Leyline of Transformation"].rules_text.count("you may begin the game") == 1
    assert cards["The Mindskinner"].notes[0].text.startswith("If you somehow control more than one of The Mindskinner")
    assert cards["Demonic Covenant"].type_line == "Kindred Enchantment — Demon"


def test_duskmourn_mechanics(duskmourn):
    _, parsed = duskmourn
    assert [(m.name, [e.name for e in m.examples], len(m.rulings)) for m in parsed.mechanics] == [
        ("Card Legality", [], 0),
        ("New Enchantment Type: Room", ["Bottomless Pool // Locker Room"], 16),
        ("New Keyword Ability: Impending", ["Overlord of the Boilerbilges"], 4),
        ("New Keyword Action: Manifest Dread", ["Innocuous Rat", "Unwanted Remake"], 7),
        ("General Notes on Face-Down Cards", [], 9),
        ("New Ability Word: Survival", ["Cautious Survivor"], 4),
        ("New Ability Word: Eerie", ["Optimistic Scavenger"], 2),
        ("New Cycle of Nonbasic Lands", ["Lakeside Shack"], 1),
        ("Returning Ability Word: Delirium", ["Demonic Counsel", "Spineseeker Centipede"], 7),
        ("Returning Mechanic: Schemes", [], 0),
        ("New Variant Format: Archenemy Commander", ["You Are Unworthy of Mercy", "I Am Untouchable"], 0),
    ]
    mechanics = {m.name: m for m in parsed.mechanics}
    assert mechanics["Returning Mechanic: Schemes"].body == ""
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
