"""The teams of 907.5, named as the checker's answers name them ("leader team", "Traitor team of Ana")."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .scenario import Identity


class Side(StrEnum):
    LEADER = "leader team"  # 907.5a: the Leader and the Guardians
    ASSASSINS = "assassins team"  # 907.5b
    TRAITOR = "Traitor team"  # 907.5c: each Traitor alone


@dataclass(frozen=True)
class Team:
    """A team of 907.5: one of the two shared ones, or one Traitor's own. Answers show it as text."""

    side: Side
    traitor: str | None = None  # the Traitor player a Traitor team is named after

    def __str__(self) -> str:
        return f"{self.side} of {self.traitor}" if self.side == Side.TRAITOR else str(self.side)

    @property
    def shared(self) -> bool:
        """The leader team and the assassins team have members who are teammates; a Traitor team has one player."""
        return self.side != Side.TRAITOR


LEADER_TEAM = Team(Side.LEADER)
ASSASSINS_TEAM = Team(Side.ASSASSINS)
TEAM_RULE = {
    Identity.LEADER: "907.5a",
    Identity.GUARDIAN: "907.5a",
    Identity.ASSASSIN: "907.5b",
    Identity.TRAITOR: "907.5c",
}


def team_of_identity(identity: Identity, player: str) -> Team:
    """907.5a-907.5c: Leaders and Guardians, Assassins, and each Traitor alone."""
    if identity in (Identity.LEADER, Identity.GUARDIAN):
        return LEADER_TEAM
    if identity == Identity.ASSASSIN:
        return ASSASSINS_TEAM
    return Team(Side.TRAITOR, player)
