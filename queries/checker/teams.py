"""The teams of 907.5, named as the checker's answers name them."""

from __future__ import annotations

LEADER_TEAM = "leader team"
ASSASSINS_TEAM = "assassins team"
TEAM_RULE = {"Leader": "907.5a", "Guardian": "907.5a", "Assassin": "907.5b", "Traitor": "907.5c"}


def team_of_identity(identity: str, player: str) -> str:
    """907.5a-907.5c: Leaders and Guardians, Assassins, and each Traitor alone."""
    if identity in ("Leader", "Guardian"):
        return LEADER_TEAM
    if identity == "Assassin":
        return ASSASSINS_TEAM
    return f"Traitor team of {player}"
