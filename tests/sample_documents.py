"""Small documents the tests build from: a miniature of the official comprehensive rules, a
Treachery document whose rules hold HTML and script (for the escaping tests), and two sets'
release notes that reprint one card."""

# A miniature of the official text, laid out exactly as Wizards publishes it: curly quotes,
# a registered sign, indented rules, subrules that skip "l", an unindented "119.1d." with a
# stray dot, a continuation line, a rule wrapped onto a second line, a glued glossary term
# ("Ability1.") and a glossary entry whose blank line was left out ("Concede").
FULL_CR = """\
Magic: The Gathering Comprehensive Rules

   These rules are effective as of June 18, 2021.

Introduction

This document is the ultimate authority for Magic: The Gathering\u00ae competitive game play.

Changes may have been made to this document since its publication.

Contents

1. Game Concepts
   100. General
   101. The Magic Golden Rules
   119. Life

2. Parts of a Card
   205. Type Line

7. Additional Rules
   704. State-Based Actions

Glossary

Credits


1. Game Concepts

100. General

   100.1. These Magic rules apply to any Magic game with two or more players, including two-player games and multiplayer games.

      100.1a A two-player game is a game that begins with only two players.

      100.1b A multiplayer game is a game that begins with more than two players. See section 8, \u201cMultiplayer Rules.\u201d

101. The Magic Golden Rules

   101.2. When a rule or effect allows or directs something to happen, and another effect states that it can\u2019t happen, the \u201ccan\u2019t\u201d effect takes precedence.
            Example: If one effect reads \u201cYou may play an additional land this turn\u201d and another reads \u201cYou can\u2019t play lands this turn,\u201d the effect that precludes you from playing lands wins.

      101.2a Adding abilities to objects and removing abilities from objects don\u2019t fall under this rule. (See rule 113.10.)

119. Life

   119.1. Each player begins the game with a starting life total of 20.

119.1d. In a two-player Brawl game, each player\u2019s starting life total is 25.

2. Parts of a Card

205. Type Line

   205.3. Subtypes

      205.3i Lands have their own unique set of subtypes; these subtypes are called land types. The land types are Desert, Forest, Gate, Island, Lair, Locus, Mine, Mountain, Plains, Power-Plant, Swamp, Tower, and Urza\u2019s.
         Of that list, Forest, Island, Mountain, Plains, and Swamp are the basic land types. See rule 305.6.

7. Additional Rules

704. State-Based Actions

   704.5. The state-based actions are as follows:

      704.5k If a player controls two or more legendary permanents with the same name, that player chooses one of them, and the rest are put into their owners\u2019 graveyards. This is called the \u201clegend rule.\u201d

      704.5m If an Aura is attached to an illegal object or player, or is not attached to an object or player, that Aura is put into its owner\u2019s graveyard.
            Example: An Aura enchanting a creature with protection from its color is put into its owner\u2019s graveyard.

   704.6. Some state-based actions apply only in certain casual variants. Whenever a player would get priority, the game checks for any of the
   following conditions and performs the appropriate action.

Glossary

Ability1. Text on an object that explains what that object does or can do.
2. An activated or triggered ability on the stack. This kind of ability is an object.
See rule 113, \u201cAbilities,\u201d and section 6, \u201cSpells, Abilities, and Effects.\u201d

Legend Rule
A state-based action that causes a player who controls two or more legendary permanents with the same name to choose one and put the rest into their owners\u2019 graveyards. See rule 704.5k.

Move
To remove a counter from one object and put it on a different object. See rule 122.5.
Some older cards used \u201cmove\u201d with respect to Auras; those cards have received errata in the Oracle card reference and now use the word \u201cattach.\u201d
Concede
To quit the game. Conceding a game immediately causes that player to leave that game and lose that game. See rule 104, \u201cEnding the Game.\u201d


Credits

Magic: The Gathering Original Game Design: Richard Garfield
Editing: Del Laugel (lead), Lyz Liddell, Gregg Luben, Nat Moes, Samantha Phelan, Matt Tabak, Michael Zhang, and Hans Ziegler

Thanks to all our project team members and the many others too numerous to mention who have contributed to this product.

   These rules are effective as of June18, 2021.

Published by Wizards of the Coast LLC, PO Box 707, Renton, WA 98057-0707, USA.
"""

HOSTILE_DOCUMENT = """Treachery Comprehensive Rules
Version 0.9 - Effective 2000-01-01
Every player gets an identity card.

907. Treachery
907.1. <script>alert(1)</script> Identity cards are dealt face down; see rule 907.2 and official rule 104.3.
907.2. A player whose <img src=x onerror=alert(2)> identity is revealed stays in the game.
"""
HOSTILE_SLUG = "treachery-0.9-hostile"


# Two sets' release notes that reprint Sol Ring (a card page with every set's notes)
SAME = "Sol Ring's ability is a mana ability. It doesn't use the stack and can't be responded to."
OLD = "If Sol Ring leaves the battlefield, you no longer have priority, and the mana it made stays in your mana pool."
NEW = "If Sol Ring leaves the battlefield, the mana it made stays in your mana pool until the end of the step."
ONLY_OLD = "Sol Ring's colorless mana can pay for generic costs."
ONLY_NEW = "Sol Ring can be your deck's one copy of a card in a Commander deck."


def release_notes(title: str, modified: str, released: str, notes: list[str]) -> str:
    bullets = "\n".join(f"* {note}" for note in notes)
    return (
        f"{title} Release Notes\n{'=' * (len(title) + 14)}\n\nDocument last modified {modified}.\n\n"
        f"**GENERAL NOTES**\n\n**Release Information**\n\nRelease date: {released}\n\n"
        f"**CARD-SPECIFIC NOTES**\n\nSol Ring\n\n{{1}}\n\nArtifact\n\n{{T}}: Add {{C}}{{C}}.\n\n{bullets}\n"
    )


def reprinted_release_notes(folder) -> list:
    """Two sets' release notes that both print Sol Ring: one note again, one reworded, one each."""
    older = folder / "commander-2019-release-notes.md"
    newer = folder / "commander-2021-release-notes.md"
    older.write_text(release_notes("Commander 2019", "July 3, 2019", "August 23, 2019", [SAME, OLD, ONLY_OLD]))
    newer.write_text(release_notes("Commander 2021", "April 1, 2021", "April 23, 2021", [ONLY_NEW, SAME, NEW]))
    return [older, newer]
