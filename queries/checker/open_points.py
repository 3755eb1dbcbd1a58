"""The cases the Treachery rules leave open, each written from the rules on both sides.

The checker meets these while reasoning and reports them in ``conflicts`` instead of picking
a side (see reasoning.py for how a point forks or halts the answer).
"""

from __future__ import annotations

from .reasoning import OpenPoint, Side

UNDERCOVER_REVEALED_BY_LEAVING = OpenPoint(
    "undercover-revealed-by-leaving",
    '702.TR02a lets an undercover identity card be unveiled once "another non-Leader identity card has '
    'been revealed". The only such card here was revealed because its controller left the game '
    "(702.TR01f, 907.13): it was never turned face up while the game went on, and no rule says whether a "
    "reveal on leaving meets the restriction.",
    (
        Side(
            'it counts: 702.TR01f and 907.13 say that card "must be revealed to all players", the very '
            "word 702.TR02a uses.",
            ("702.TR02a", "702.TR01f", "907.13"),
        ),
        Side(
            "it doesn't count: the card was shown as it left the game with its controller (907.11), and "
            "702.TR02a's note reads the restriction by the letter of the official rules.",
            ("907.11", "702.TR02a note"),
        ),
    ),
)

FACE_DOWN_WINNER_TEAM = OpenPoint(
    "face-down-winner-team",
    "a player won while their identity card was face down. 907.8e says their entire team wins, and "
    "907.5a and 907.5b put a player on a team by the identity card they control; but 907.5d says a "
    "player with a face-down identity card has no teammates until it is face up.",
    (
        Side(
            'their whole team wins (907.8e), as the FAQ on "You win the game" effects says.',
            ("907.8e", "907.5a", "907.5b", "FAQ you win the game"),
        ),
        Side("only they win: with a face-down identity card they have no teammates (907.5d).", ("907.5d",)),
    ),
)

CARD_OF_ANOTHER_LEAVES_WITH_CONTROLLER = OpenPoint(
    "card-controlled-by-leaving-player",
    "a player left the game while controlling an identity card that another player, still in the game, "
    "owns. 907.11 makes only what the leaving player owns leave the game (it points to official rule "
    "800.4a, which this database doesn't hold) and 907.11b covers only the reverse case. 109.4tr says an "
    "identity card is controlled by its owner by default, which would leave that owner controlling two "
    "identity cards, and 907.5 doesn't say which team such a player is on.",
    (
        Side("the card goes back to its owner, who then controls two identity cards.", ("109.4tr", "907.11")),
        Side("no rule says which team a player controlling two identity cards is on.", ("907.5a", "907.5b", "907.5c")),
    ),
)

LEADER_LEFT_WITHOUT_LOSING = OpenPoint(
    "leader-left-without-losing",
    "the Leader left the game without losing it. 907.8b and 907.8c end the game for the leader team and "
    'the assassins team once every player controlling a Leader identity "has lost the game"; no Treachery '
    "rule says what happens when the Leader leaves some other way.",
    (
        Side("907.8b and 907.8c apply only once the Leader has lost the game.", ("907.8b", "907.8c")),
        Side(
            "the Leader is remembered on the leader team (907.12), which is still in the game while a "
            "Guardian is (104.2c).",
            ("907.12", "104.2c"),
        ),
    ),
)


def recommended_deck_against_count(players: int, required: int, recommended: int) -> OpenPoint:
    """907.3c's recommended setup for this many players has a different Assassin count than 907.3b asks."""
    return OpenPoint(
        "recommended-deck-against-assassin-count",
        f"907.3b says an identity deck must hold as many Assassins as half the players, rounded down: "
        f"{required} for {players} players. 907.3c recommends {recommended} Assassins for {players} players.",
        (
            Side(
                '907.3b is a requirement ("must"), so the recommended setup isn\'t a legal identity deck.', ("907.3b",)
            ),
            Side(
                "907.3c lists it among the recommended setups, so the rules accept it as an identity deck.", ("907.3c",)
            ),
        ),
    )
