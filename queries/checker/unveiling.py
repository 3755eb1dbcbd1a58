"""May a player turn their face-down identity card face up now? (702.TR01c, 702.TR02a)

Undercover (702.TR02a) is met once another non-Leader identity card has been revealed, or a
player other than the card's controller has attacked a Leader player this game (declared
attackers only, per its note and official rule 508.6).
"""

from __future__ import annotations

from .open_points import UNDERCOVER_REVEALED_BY_LEAVING
from .scenario import Face
from .state import Card, Game
from .wording import a

Reason = tuple[str, tuple[str, ...]]  # a sentence and the rules it rests on


def unveil_check(game: Game, player: str) -> tuple[bool | None, list[Reason]]:
    """702.TR01c and 702.TR02a: may this player turn their identity card face up now?

    Returns (allowed, reasons), each reason a sentence and the rules it rests on;
    allowed is None when the rules leave it open (only in a reading that doesn't decide).
    """
    card = game.card_of(player)
    if card.face == Face.UP:
        return False, [
            (
                f"{card.name} is already face up; only a face-down identity card can be unveiled (702.TR01c).",
                ("702.TR01c",),
            )
        ]
    if not card.unveil_cost:
        return False, [
            (
                f"{card.name} has no unveil ability, and an identity card that wouldn't have an unveil "
                "cost face up can't be turned face up this way (702.TR01c).",
                ("702.TR01c",),
            )
        ]
    reasons = [
        (
            f"{card.name} is face down and has an unveil cost, {card.unveil_cost}, which {player} must pay "
            "(702.TR01c).",
            ("702.TR01c",),
        )
    ]
    if not card.undercover:
        return True, reasons
    met, why_met = _undercover_met(game, card, player)
    return met, [*reasons, why_met]


def _undercover_met(game: Game, card: Card, player: str) -> tuple[bool, Reason]:
    shown = next(((seen, how) for seen, how in game.shown.values() if seen is not card), None)
    if shown:
        return True, (
            f"It is undercover, and the restriction is met: {shown[0].name}, {a(shown[0].identity)}, has "
            f"been revealed ({shown[1]}) (702.TR02a).",
            ("702.TR02a",),
        )
    attack = next(((attacker, leader) for attacker, leader in game.leader_attacks.items() if attacker != player), None)
    if attack:
        return True, (
            f"It is undercover, and the restriction is met: {attack[0]}, a player other than {player}, "
            f"attacked {attack[1]}, a Leader player, this game (702.TR02a).",
            ("702.TR02a",),
        )
    left = next((seen for seen, _ in game.shown_by_leaving.values() if seen is not card), None)
    if left and game.why.decide(UNDERCOVER_REVEALED_BY_LEAVING) == 0:
        return True, (
            f"It is undercover, and {left.name} was revealed as its controller left the game, "
            "which in this reading meets the restriction (702.TR02a, 702.TR01f).",
            ("702.TR02a", "702.TR01f"),
        )
    return False, (
        "It is undercover: it can't be unveiled until another non-Leader identity card has been "
        f"revealed or a player other than {player} has attacked a Leader player this game, and neither "
        "has happened (702.TR02a).",
        ("702.TR02a",),
    )
