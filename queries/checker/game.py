"""A Treachery game as the rules see it: who controls which identity card, who is on which team,
who is still in, and what each event changes.

``Game`` starts from the scenario's players (as they were before the events), plays the
events in order and checks after each one whether the game is over (907.8, 104.2a, 104.2c).
It writes every decision as a step of the ``Reasoning`` it is given.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .ending import check_end, team_wins
from .open_points import CARD_OF_ANOTHER_LEAVES_WITH_CONTROLLER
from .reasoning import Reasoning, Undecided
from .scenario import Event, Scenario
from .teams import ASSASSINS_TEAM, LEADER_TEAM, TEAM_RULE, team_of_identity
from .unveiling import SEEN_BY_LEAVING, unveil_check
from .wording import a

SEEN_FACE_UP = "face up"  # how a non-Leader identity card came to be seen by every player


@dataclass
class Card:
    """One identity card, named after the player it was dealt to."""

    dealt_to: str
    identity: str
    face: str
    unveil_cost: str | None
    undercover: bool
    owner: str
    controller: str | None  # None once the card has left the game

    @property
    def name(self) -> str:
        return f"{self.dealt_to}'s identity card"

    @property
    def team(self) -> str:
        """907.5a-c: the team controlling this card puts a player on."""
        return team_of_identity(self.identity, self.controller or self.owner)


@dataclass
class Seat:
    """One player: in the game, or gone with the team the game remembers (907.12)."""

    name: str
    status: str  # "in", "lost" or "left"
    cant_lose: bool
    remembered_team: str | None = None

    @property
    def in_game(self) -> bool:
        return self.status == "in"


@dataclass
class Departure:
    """What happened, or would happen, as a player leaves the game (907.11-907.13)."""

    player: str
    revealed: list[dict] = field(default_factory=list)
    identity_cards: list[dict] = field(default_factory=list)
    team: str | None = None


class Game:
    def __init__(self, scenario: Scenario, why: Reasoning):
        self.why = why
        self.seats = {p.name: Seat(p.name, p.status, p.cant_lose) for p in scenario.players}
        self.cards = {
            p.name: Card(p.name, p.identity, p.face, p.unveil_cost, p.undercover, owner=p.name, controller=p.name)
            for p in scenario.players
        }
        self.seen: list[tuple[Card, str]] = []  # non-Leader cards every player has seen, and how
        self.leader_attacks: list[tuple[str, str]] = []  # (attacker, Leader player) declared attacks
        self.departures: dict[str, Departure] = {}
        self.over = False
        self.ended = False  # the end of the game has been explained
        self.winners: list[str] = []
        self.losers: list[str] = []
        self.leader_team_lost = False
        self.hidden_told: list[str] = []  # face-down players last said to keep the game going
        self.undecided = None
        for card in self.cards.values():
            if card.face == "up":
                self._seen(card, SEEN_FACE_UP)
        try:
            for seat in self.seats.values():
                if not seat.in_game:
                    self._already_gone(seat)
            check_end(self)
        except Undecided as stop:
            self.undecided = stop.point

    # ----- who is who -------------------------------------------------------------------------

    def card_of(self, player: str) -> Card | None:
        """The identity card a player controls (None once they've left the game)."""
        return next((card for card in self.cards.values() if card.controller == player), None)

    def team_of(self, player: str) -> str | None:
        """The team a player is on as far as the other players go: None while face down (907.5d)."""
        seat = self.seats[player]
        if not seat.in_game:
            return seat.remembered_team
        card = self.card_of(player)
        return None if card.face == "down" else card.team

    def identity_team_of(self, player: str) -> str:
        """The team of the identity card a player controls (or last controlled), face up or down."""
        seat = self.seats[player]
        return self.card_of(player).team if seat.in_game else seat.remembered_team

    def teammates(self, first: str, second: str) -> bool:
        team = self.team_of(first)
        return team in (LEADER_TEAM, ASSASSINS_TEAM) and team == self.team_of(second)

    def in_game(self) -> list[str]:
        return [name for name, seat in self.seats.items() if seat.in_game]

    def leader_player(self) -> str | None:
        """372.7: the player controlling a face-up Leader identity card."""
        card = next(card for card in self.cards.values() if card.identity == "Leader")
        return card.controller if card.controller and card.face == "up" else None

    # ----- events ------------------------------------------------------------------------------

    def play(self, events: tuple[Event, ...]) -> None:
        if self.undecided:
            return
        try:
            for index, event in enumerate(events):
                if self.over:
                    self.why.step(
                        f"Event {index + 1} ({event.type}) comes after the game ended, so it changes "
                        "nothing: the game ends as soon as a player wins (104.1).",
                        "104.1",
                    )
                    continue
                getattr(self, f"_{event.type}")(event)
                check_end(self)
        except Undecided as stop:
            self.undecided = stop.point

    def _absent(self, player: str, action: str) -> bool:
        if self.seats[player].in_game:
            return False
        self.why.step(
            f"{player} has already left the game, so {player} can't {action}; a player who loses "
            "the game leaves it (104.5).",
            "104.5",
        )
        return True

    def _attack(self, event: Event) -> None:
        if self._absent(event.player, "attack"):
            return
        for target in event.attacked:
            if not self.seats[target].in_game:
                self.why.step(f"{target} has left the game, so {event.player} can't attack {target} (104.5).", "104.5")
            elif target != self.leader_player():
                self.why.step(
                    f"{event.player} attacks {target}, who isn't a Leader player: only a player "
                    "controlling a face-up Leader identity card is (372.7).",
                    "372.7",
                )
            elif not event.declared:
                self.why.step(
                    f"{event.player}'s creatures were put onto the battlefield attacking {target}, the "
                    f'Leader player. {event.player} has not "attacked" {target}: that takes creatures '
                    "declared as attackers (508.6, 508.1), so it doesn't meet the undercover restriction "
                    "(702.TR02a note).",
                    "508.6",
                    "508.1",
                    "702.TR02a note",
                )
            else:
                self.leader_attacks.append((event.player, target))
                self.why.step(
                    f"{event.player} declared creatures attacking {target}, the Leader player, so "
                    f"{event.player} has attacked a Leader player this game (508.6, 372.7).",
                    "508.6",
                    "372.7",
                )

    def _unveil(self, event: Event) -> None:
        if self._absent(event.player, "unveil"):
            return
        allowed, reasons = unveil_check(self, event.player)
        card = self.card_of(event.player)
        if not allowed:
            self.why.step(
                f"{event.player} can't unveil, so the identity card stays face down: "
                + " ".join(text for text, _ in reasons),
                *(rule for _, rules in reasons for rule in rules),
            )
            return
        card.face = "up"
        self._seen(card, SEEN_FACE_UP)
        self.why.step(
            f"{event.player} unveils: pays {card.unveil_cost} and turns the identity card face up, a "
            f"special action (702.TR01c, 116.2tr). {event.player} is {a(card.identity)}, on the "
            f"{card.team} ({TEAM_RULE[card.identity]}).",
            "702.TR01c",
            "116.2tr",
            TEAM_RULE[card.identity],
        )

    def _reveal(self, event: Event) -> None:
        if self._absent(event.player, "reveal an identity card"):
            return
        card = self.card_of(event.player)
        if card.face == "up":
            self.why.step(f"{event.player}'s identity card is already face up: every player already sees it.")
            return
        self._seen(card, "revealed by an effect")
        self.why.step(
            f"An effect reveals {event.player}'s face-down identity card ({a(card.identity)}) to every "
            "player: only an ability lets players see a face-down identity card they don't control "
            f"(372.8). It stays face down, so {event.player} still has no teammates (907.5d).",
            "372.8",
            "907.5d",
        )

    def _turn_face_down(self, event: Event) -> None:
        if self._absent(event.player, "turn an identity card face down"):
            return
        card = self.card_of(event.player)
        if card.face == "down":
            self.why.step(f"{event.player}'s identity card is already face down.")
            return
        card.face = "down"
        self.why.step(
            f"An effect turns {event.player}'s identity card face down: until it is face up again, "
            f"{event.player} has no teammates and is every other player's opponent (907.5d).",
            "907.5d",
        )

    def _exchange_control(self, event: Event) -> None:
        first, second = event.players
        if self._absent(first, "exchange identity cards") or self._absent(second, "exchange identity cards"):
            return
        first_card, second_card = self.card_of(first), self.card_of(second)
        first_card.controller, second_card.controller = second, first
        shown = [
            f"{player} now controls {card.name}"
            + (f" ({a(card.identity)}, {card.team})" if card.face == "up" else " (face down)")
            for player, card in ((first, second_card), (second, first_card))
        ]
        self.why.step(
            f"{first} and {second} exchange control of their identity cards: {'; '.join(shown)}. Teams "
            "follow the identity card a player controls (907.5a-907.5c); the owner of each card is "
            "unchanged (109.4tr).",
            "907.5a",
            "907.5b",
            "907.5c",
            "109.4tr",
        )

    def _lose(self, event: Event) -> None:
        if self._absent(event.player, "lose the game again"):
            return
        if self.seats[event.player].cant_lose:
            self.why.step(
                f"{event.player} can't lose the game (an effect such as Platinum Angel's). When an effect "
                "says something can't happen, that wins over what would make it happen (101.2): "
                f"{event.player} stays in the game.",
                "101.2",
            )
            return
        self.why.step(f"{event.player} loses the game and so leaves it (104.5).", "104.5")
        self.leave(event.player, lost=True)

    def _concede(self, event: Event) -> None:
        if self._absent(event.player, "concede"):
            return
        protected = (
            " Nothing stops a concession, not even an effect that says the player can't lose."
            if self.seats[event.player].cant_lose
            else ""
        )
        self.why.step(
            f"{event.player} concedes: a player can concede the game at any time (101.1), and conceding "
            f"is one of the ways to lose the game (104.3), so {event.player} loses and leaves the game "
            f"(104.5).{protected}",
            "101.1",
            "104.3",
            "104.5",
        )
        self.leave(event.player, lost=True)

    def _win(self, event: Event) -> None:
        if self._absent(event.player, "win the game"):
            return
        stopper = next(
            (
                name
                for name in self.in_game()
                if name != event.player and self.seats[name].cant_lose and not self.teammates(name, event.player)
            ),
            None,
        )
        if stopper:
            self.why.step(
                f'{event.player}\'s "you win the game" effect does nothing: {stopper}, an opponent, has '
                "an effect such as Platinum Angel's, which stops opponents' \"you win the game\" effects "
                "(the FAQ on Platinum Angel; 101.2).",
                "FAQ Platinum Angel",
                "101.2",
            )
            return
        self.why.step(f'{event.player} wins the game with a "you win the game" effect.', "FAQ you win the game")
        team_wins(self, event.player)

    # ----- leaving the game --------------------------------------------------------------------

    def departure(self, player: str, lost: bool) -> Departure:
        """907.11-907.13 and 702.TR01a/f for a player leaving now; the game isn't changed."""
        card = self.card_of(player)
        leaving = Departure(player, team=card.team)
        if card.face == "down":
            how = "turned face up" if lost and card.unveil_cost else "revealed to all players"
            leaving.revealed.append({"card": card.name, "identity": card.identity, "how": how})
        for owned in self.cards.values():
            if owned.owner == player and owned.controller not in (None, player):
                result = f"stays in the game; {owned.controller}, who controls it, becomes its owner"
            elif owned.owner == player:
                result = "leaves the game"
            elif owned.controller == player:
                result = None  # the rules don't say: CARD_OF_ANOTHER_LEAVES_WITH_CONTROLLER
            else:
                continue
            leaving.identity_cards.append({"card": owned.name, "identity": owned.identity, "result": result})
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
        if card.face == "down":
            if lost and card.unveil_cost:
                card.face = "up"
                self._seen(card, SEEN_FACE_UP)
            else:
                self._seen(card, SEEN_BY_LEAVING)
        seat = self.seats[player]
        seat.status, seat.remembered_team = ("lost" if lost else "left"), leaving.team
        if lost:
            self.losers.append(player)
        for owned in self.cards.values():
            if owned.owner == player and owned.controller not in (None, player):
                owned.owner = owned.controller
            elif owned.owner == player:
                owned.controller = None
        if any(moved["result"] is None for moved in leaving.identity_cards):
            self.why.halt(CARD_OF_ANOTHER_LEAVES_WITH_CONTROLLER)

    def _already_gone(self, seat: Seat) -> None:
        """A player out of the game before the events left it as the rules say players leave."""
        lost = seat.status == "lost"
        self.why.step(
            f"Before the events, {seat.name} had already "
            + ("lost the game." if lost else "left the game without losing it.")
        )
        seat.status = "in"
        self.leave(seat.name, lost)

    def _seen(self, card: Card, how: str) -> None:
        if card.identity != "Leader":
            self.seen.append((card, how))
