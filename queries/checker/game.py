"""Play a scenario's events in order, checking after each one whether the game is over.

``play`` starts from the scenario's players (as they were before the events), lets the
players already gone leave as the rules say, then hands each event to its handler in
``HANDLERS`` (one per event type of the scenario format) and asks ending.py whether the game
is over (907.8, 104.2a, 104.2c). Every decision is written as a step of the ``Reasoning``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .ending import check_end, team_wins
from .reasoning import Reasoning, Undecided
from .scenario import Attack, EventType, ExchangeControl, Face, PlayerEvent, Scenario, Status
from .state import SEEN_FACE_UP, Game
from .teams import TEAM_RULE
from .unveiling import unveil_check
from .wording import a, and_list


def play(scenario: Scenario, why: Reasoning) -> Game:
    """The game after the scenario's events; ``game.undecided`` says where the rules stopped it."""
    game = Game(scenario, why)
    try:
        for player in scenario.players:
            if player.status != Status.IN:
                _already_gone(game, player.name, lost=player.status == Status.LOST)
        check_end(game)
        for index, event in enumerate(scenario.events):
            if game.over:
                _after_the_end(why, scenario.events, index)
                break
            HANDLERS[event.type](game, event)
            check_end(game)
    except Undecided as stop:
        game.undecided = stop.point
    return game


def _after_the_end(why: Reasoning, events, first: int) -> None:
    """One step for every event after the end of the game, however many there are."""
    later = events[first:]
    which = (
        f"Event {first + 1} ({later[0].type}) comes"
        if len(later) == 1
        else f"Events {first + 1} to {len(events)} ({', '.join(dict.fromkeys(event.type for event in later))}) come"
    )
    why.step(
        f"{which} after the game ended, so {'it changes' if len(later) == 1 else 'they change'} nothing: the game "
        "ends as soon as a player wins (104.1).",
        "104.1",
    )


def _absent(game: Game, player: str, action: str) -> bool:
    if game.seats[player].in_game:
        return False
    game.why.step(
        f"{player} has already left the game, so {player} can't {action}; a player who loses "
        "the game leaves it (104.5).",
        "104.5",
    )
    return True


def _attack(game: Game, event: Attack) -> None:
    """One step per attack, whatever the number of attacked players (the work stays per event)."""
    if _absent(game, event.player, "attack"):
        return
    leader = game.leader_player()
    gone = [target for target in event.attacked if not game.seats[target].in_game]
    others = [target for target in event.attacked if game.seats[target].in_game and target != leader]
    if gone:
        game.why.step(
            f"{and_list(gone)} {'has' if len(gone) == 1 else 'have'} left the game, so {event.player} can't "
            f"attack {'them' if len(gone) > 1 else gone[0]} (104.5).",
            "104.5",
        )
    if others:
        who = "who isn't a Leader player" if len(others) == 1 else "who aren't Leader players"
        game.why.step(
            f"{event.player} attacks {and_list(others)}, {who}: only a player controlling a face-up "
            "Leader identity card is (372.7).",
            "372.7",
        )
    if leader is None or leader not in event.attacked or not game.seats[leader].in_game:
        return
    if not event.declared:
        game.why.step(
            f"{event.player}'s creatures were put onto the battlefield attacking {leader}, the "
            f'Leader player. {event.player} has not "attacked" {leader}: that takes creatures '
            "declared as attackers (508.6, 508.1), so it doesn't meet the undercover restriction "
            "(702.TR02a note).",
            "508.6",
            "508.1",
            "702.TR02a note",
        )
        return
    game.leader_attacks.setdefault(event.player, leader)
    game.why.step(
        f"{event.player} declared creatures attacking {leader}, the Leader player, so "
        f"{event.player} has attacked a Leader player this game (508.6, 372.7).",
        "508.6",
        "372.7",
    )


def _unveil(game: Game, event: PlayerEvent) -> None:
    if _absent(game, event.player, "unveil"):
        return
    allowed, reasons = unveil_check(game, event.player)
    card = game.card_of(event.player)
    if not allowed:
        game.why.step(
            f"{event.player} can't unveil, so the identity card stays face down: "
            + " ".join(text for text, _ in reasons),
            *(rule for _, rules in reasons for rule in rules),
        )
        return
    game.turn(card, Face.UP)
    game.see(card, SEEN_FACE_UP)
    game.why.step(
        f"{event.player} unveils: pays {card.unveil_cost} and turns the identity card face up, a "
        f"special action (702.TR01c, 116.2tr). {event.player} is {a(card.identity)}, on the "
        f"{card.team} ({TEAM_RULE[card.identity]}).",
        "702.TR01c",
        "116.2tr",
        TEAM_RULE[card.identity],
    )


def _reveal(game: Game, event: PlayerEvent) -> None:
    if _absent(game, event.player, "reveal an identity card"):
        return
    card = game.card_of(event.player)
    if card.face == Face.UP:
        game.why.step(f"{event.player}'s identity card is already face up: every player already sees it.")
        return
    game.see(card, "revealed by an effect")
    game.why.step(
        f"An effect reveals {event.player}'s face-down identity card ({a(card.identity)}) to every "
        "player: only an ability lets players see a face-down identity card they don't control "
        f"(372.8). It stays face down, so {event.player} still has no teammates (907.5d).",
        "372.8",
        "907.5d",
    )


def _turn_face_down(game: Game, event: PlayerEvent) -> None:
    if _absent(game, event.player, "turn an identity card face down"):
        return
    card = game.card_of(event.player)
    if card.face == Face.DOWN:
        game.why.step(f"{event.player}'s identity card is already face down.")
        return
    game.turn(card, Face.DOWN)
    game.why.step(
        f"An effect turns {event.player}'s identity card face down: until it is face up again, "
        f"{event.player} has no teammates and is every other player's opponent (907.5d).",
        "907.5d",
    )


def _exchange_control(game: Game, event: ExchangeControl) -> None:
    first, second = event.players
    if _absent(game, first, "exchange identity cards") or _absent(game, second, "exchange identity cards"):
        return
    first_card, second_card = game.card_of(first), game.card_of(second)
    game.give(first_card, second)
    game.give(second_card, first)
    shown = [
        f"{player} now controls {card.name}"
        + (f" ({a(card.identity)}, {card.team})" if card.face == Face.UP else " (face down)")
        for player, card in ((first, second_card), (second, first_card))
    ]
    game.why.step(
        f"{first} and {second} exchange control of their identity cards: {'; '.join(shown)}. Teams "
        "follow the identity card a player controls (907.5a-907.5c); the owner of each card is "
        "unchanged (109.4tr).",
        "907.5a",
        "907.5b",
        "907.5c",
        "109.4tr",
    )


def _lose(game: Game, event: PlayerEvent) -> None:
    if _absent(game, event.player, "lose the game again"):
        return
    if game.seats[event.player].cant_lose:
        game.why.step(
            f"{event.player} can't lose the game (an effect such as Platinum Angel's). When an effect "
            "says something can't happen, that wins over what would make it happen (101.2): "
            f"{event.player} stays in the game.",
            "101.2",
        )
        return
    game.why.step(f"{event.player} loses the game and so leaves it (104.5).", "104.5")
    game.leave(event.player, lost=True)


def _concede(game: Game, event: PlayerEvent) -> None:
    if _absent(game, event.player, "concede"):
        return
    protected = (
        " Nothing stops a concession, not even an effect that says the player can't lose."
        if game.seats[event.player].cant_lose
        else ""
    )
    game.why.step(
        f"{event.player} concedes: a player can concede the game at any time (101.1), and conceding "
        f"is one of the ways to lose the game (104.3), so {event.player} loses and leaves the game "
        f"(104.5).{protected}",
        "101.1",
        "104.3",
        "104.5",
    )
    game.leave(event.player, lost=True)


def _win(game: Game, event: PlayerEvent) -> None:
    if _absent(game, event.player, "win the game"):
        return
    stopper = next(
        (
            name
            for name in game.in_game()
            if name != event.player and game.seats[name].cant_lose and not game.teammates(name, event.player)
        ),
        None,
    )
    if stopper:
        game.why.step(
            f'{event.player}\'s "you win the game" effect does nothing: {stopper}, an opponent, has '
            "an effect such as Platinum Angel's, which stops opponents' \"you win the game\" effects "
            "(the FAQ on Platinum Angel; 101.2).",
            "FAQ Platinum Angel",
            "101.2",
        )
        return
    game.why.step(f'{event.player} wins the game with a "you win the game" effect.', "FAQ you win the game")
    team_wins(game, event.player)


def _already_gone(game: Game, player: str, lost: bool) -> None:
    """A player out of the game before the events left it as the rules say players leave."""
    game.why.step(
        f"Before the events, {player} had already " + ("lost the game." if lost else "left the game without losing it.")
    )
    game.leave(player, lost)


Handler = Callable[[Game, Any], None]  # each handler takes its own kind of Event
HANDLERS: dict[EventType, Handler] = {
    EventType.ATTACK: _attack,
    EventType.UNVEIL: _unveil,
    EventType.REVEAL: _reveal,
    EventType.LOSE: _lose,
    EventType.CONCEDE: _concede,
    EventType.WIN: _win,
    EventType.EXCHANGE_CONTROL: _exchange_control,
    EventType.TURN_FACE_DOWN: _turn_face_down,
}
if HANDLERS.keys() != set(EventType):
    raise RuntimeError(f"queries/checker/game.py: no handler for {sorted(set(EventType) - HANDLERS.keys())}")
