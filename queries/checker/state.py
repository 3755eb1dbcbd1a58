"""A Treachery game's state as the rules see it: who controls which identity card, who is on
which team, who is still in, and what leaving the game does (907.11-907.13).

``Game`` holds the state and answers "who is who"; playing events (game.py), ending the
game (ending.py) and unveiling (unveiling.py) all read and change it, and none of them
imports another's module back: this one imports none of them.

Lookups are by dictionary (player -> controlled card, the Leader card kept aside), so each
event costs the same however many players sit at the table.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .open_points import CARD_OF_ANOTHER_LEAVES_WITH_CONTROLLER
from .reasoning import Reasoning
from .scenario import Face, Identity, Scenario, Status
from .teams import Team, team_of_identity
from .wording import a

SEEN_FACE_UP = "face up"  # how a non-Leader identity card came to be seen by every player
SEEN_BY_LEAVING = "revealed as its controller left the game"  # how a card was seen: the open case


@dataclass
class Card:
    """One identity card, named after the player it was dealt to."""

    dealt_to: str
    identity: Identity
    face: Face
    unveil_cost: str | None
    undercover: bool
    owner: str
    controller: str | None  # None once the card has left the game

    @property
    def name(self) -> str:
        return f"{self.dealt_to}'s identity card"

    @property
    def team(self) -> Team:
        """907.5a-c: the team controlling this card puts a player on."""
        return team_of_identity(self.identity, self.controller or self.owner)


@dataclass
class Seat:
    """One player: in the game, or gone with the team the game remembers (907.12)."""

    name: str
    status: Status
    cant_lose: bool
    remembered_team: Team | None = None

    @property
    def in_game(self) -> bool:
        return self.status == Status.IN


@dataclass
class Departure:
    """What happened, or would happen, as a player leaves the game (907.11-907.13)."""

    player: str
    revealed: list[dict] = field(default_factory=list)
    identity_cards: list[dict] = field(default_factory=list)
    team: Team | None = None


class Game:
    def __init__(self, scenario: Scenario, why: Reasoning):
        self.why = why
        self.seats = {p.name: Seat(p.name, Status.IN, p.cant_lose) for p in scenario.players}  # play() lets the gone go
        self.cards = {
            p.name: Card(p.name, p.identity, p.face, p.unveil_cost, p.undercover, owner=p.name, controller=p.name)
            for p in scenario.players
        }
        self.controlled: dict[str, Card] = dict(self.cards)  # player in the game -> the identity card they control
        self.leader_card = next(card for card in self.cards.values() if card.identity == Identity.LEADER)
        # Tallies of the controlled cards, kept as cards move and turn, so ending.py never counts the table.
        self.team_counts: dict[Team, int] = {}  # team -> players in the game controlling one of its identity cards
        self.face_down_count = 0  # players in the game with a face-down identity card
        self.faces_changed = 0  # bumped whenever a controlled card moves or turns
        for card in self.cards.values():
            self._tally(card, +1)
        # Non-Leader cards every player has seen, and how: the first time for each card only.
        self.shown: dict[str, tuple[Card, str]] = {}
        self.shown_by_leaving: dict[str, tuple[Card, str]] = {}
        self.leader_attacks: dict[str, str] = {}  # attacker -> the Leader player they first declared attackers at
        self.departures: dict[str, Departure] = {}
        self.over = False
        self.ended = False  # the end of the game has been explained
        self.winners: list[str] = []
        self.won_by: list[str] = []  # the rules that made the winners win, in order
        self.winning_team: Team | None = None
        self.losers: list[str] = []
        self.leader_team_lost = False
        self.hidden_told: tuple[int, list[str]] = (-1, [])  # face-down players last said to keep the game going
        self.undecided = None
        for card in self.cards.values():
            if card.face == Face.UP:
                self.see(card, SEEN_FACE_UP)

    # ----- who is who -------------------------------------------------------------------------

    def card_of(self, player: str) -> Card | None:
        """The identity card a player controls (None once they've left the game)."""
        return self.controlled.get(player)

    def give(self, card: Card, player: str | None) -> None:
        """``player`` now controls ``card`` (None: the card has left the game)."""
        self._tally(card, -1)
        if card.controller is not None and self.controlled.get(card.controller) is card:
            del self.controlled[card.controller]
        card.controller = player
        if player is not None:
            self.controlled[player] = card
        self._tally(card, +1)

    def turn(self, card: Card, face: Face) -> None:
        self._tally(card, -1)
        card.face = face
        self._tally(card, +1)

    def _tally(self, card: Card, sign: int) -> None:
        if card.controller is None:
            return
        count = self.team_counts.get(card.team, 0) + sign
        if count:
            self.team_counts[card.team] = count
        else:
            del self.team_counts[card.team]
        self.face_down_count += sign * (card.face == Face.DOWN)
        self.faces_changed += 1

    def team_of(self, player: str) -> Team | None:
        """The team a player is on as far as the other players go: None while face down (907.5d)."""
        seat = self.seats[player]
        if not seat.in_game:
            return seat.remembered_team
        card = self.card_of(player)
        return None if card.face == Face.DOWN else card.team

    def identity_team_of(self, player: str) -> Team:
        """The team of the identity card a player controls (or last controlled), face up or down."""
        seat = self.seats[player]
        return self.card_of(player).team if seat.in_game else seat.remembered_team

    def teammates(self, first: str, second: str) -> bool:
        team = self.team_of(first)
        return team is not None and team.shared and team == self.team_of(second)

    def in_game(self) -> list[str]:
        return [name for name, seat in self.seats.items() if seat.in_game]

    def leader_player(self) -> str | None:
        """372.7: the player controlling a face-up Leader identity card."""
        card = self.leader_card
        return card.controller if card.controller and card.face == Face.UP else None

    def see(self, card: Card, how: str) -> None:
        """Every player has now seen this identity card (what 702.TR02a's undercover counts)."""
        if card.identity != Identity.LEADER:
            seen = self.shown_by_leaving if how == SEEN_BY_LEAVING else self.shown
            seen.setdefault(card.dealt_to, (card, how))

    # ----- leaving the game --------------------------------------------------------------------

    def departure(self, player: str, lost: bool) -> Departure:
        """907.11-907.13 and 702.TR01a/f for a player leaving now; the game isn't changed."""
        card = self.card_of(player)
        leaving = Departure(player, team=card.team)
        if card.face == Face.DOWN:
            how = "turned face up" if lost and card.unveil_cost else "revealed to all players"
            leaving.revealed.append({"player": card.dealt_to, "card": card.name, "identity": card.identity, "how": how})
        for owned in self.cards.values():
            if owned.owner == player and owned.controller not in (None, player):
                result = f"stays in the game; {owned.controller}, who controls it, becomes its owner"
            elif owned.owner == player:
                result = "leaves the game"
            elif owned.controller == player:
                result = None  # the rules don't say: CARD_OF_ANOTHER_LEAVES_WITH_CONTROLLER
            else:
                continue
            leaving.identity_cards.append(
                {"player": owned.dealt_to, "card": owned.name, "identity": owned.identity, "result": result}
            )
        return leaving

    def explain_departure(self, leaving: Departure, lost: bool) -> None:
        player = leaving.player
        for shown in leaving.revealed:
            if shown["how"] == "turned face up":
                self.why.step(
                    f"As {player} loses the game, the unveil ability turns {shown['card']} face up "
                    f"(702.TR01a): {a(shown['identity'])}.",
                    "702.TR01a",
                )
            else:
                also = (
                    (
                        f" (had {player} lost the game with it, an unveil ability would have turned it face up "
                        "instead, 702.TR01a)"
                    )
                    if not lost and self.card_of(player).unveil_cost
                    else ""
                )
                self.why.step(
                    f"{player} leaves the game with {shown['card']} face down, so it is revealed to all "
                    f"players (702.TR01f, 907.13): {a(shown['identity'])}{also}.",
                    "702.TR01f",
                    "907.13",
                    *(["702.TR01a"] if also else []),
                )
        for moved in leaving.identity_cards:
            if moved["result"] == "leaves the game":
                self.why.step(
                    f"{moved['card']} is owned by {player}, so it leaves the game with {player} (907.11).", "907.11"
                )
            elif moved["result"]:
                self.why.step(
                    f"{moved['card']} is owned by {player} but controlled by another player still in the "
                    f"game: it {moved['result']} (907.11b).",
                    "907.11b",
                )
        self.why.step(
            f"The game remembers {player} as a member of the {leaving.team}, the team of the last identity "
            "card they controlled (907.12).",
            "907.12",
        )

    def leave(self, player: str, lost: bool) -> None:
        leaving = self.departure(player, lost)
        self.explain_departure(leaving, lost)
        self.departures[player] = leaving
        card = self.card_of(player)
        if card.face == Face.DOWN:
            if lost and card.unveil_cost:
                self.turn(card, Face.UP)
                self.see(card, SEEN_FACE_UP)
            else:
                self.see(card, SEEN_BY_LEAVING)
        seat = self.seats[player]
        seat.status, seat.remembered_team = (Status.LOST if lost else Status.LEFT), leaving.team
        if lost:
            self.losers.append(player)
        for owned in self.cards.values():
            if owned.owner == player and owned.controller not in (None, player):
                owned.owner = owned.controller
            elif owned.owner == player:
                self.give(owned, None)
        if any(moved["result"] is None for moved in leaving.identity_cards):
            self.why.halt(CARD_OF_ANOTHER_LEAVES_WITH_CONTROLLER)
