"""The questions answered after playing the scenario's events: outcome, relationship,
can_unveil and leave_game.

Each one plays the events first; if the rules left the game undecided on the way, every
field of the answer is null (the reason is in ``conflicts``).
"""

from __future__ import annotations

from .game import play
from .open_points import CARD_OF_ANOTHER_LEAVES_WITH_CONTROLLER
from .reasoning import Reasoning
from .rulebook import Rulebook
from .scenario import Scenario
from .state import Game
from .teams import ASSASSINS_TEAM, LEADER_TEAM, TEAM_RULE
from .unveiling import unveil_check
from .wording import and_list

ANSWER_FIELDS = {
    "outcome": ("game_over", "winners", "losers", "still_in", "teams"),
    "relationship": ("teammates", "opponents"),
    "can_unveil": ("allowed", "reasons"),
    "leave_game": ("revealed", "identity_cards", "stack", "team_remembered"),
}


def answer_after_events(scenario: Scenario, rulebook: Rulebook, why: Reasoning) -> dict:
    game = play(scenario, why)
    kind = scenario.question.type
    if game.undecided:
        return dict.fromkeys(ANSWER_FIELDS[kind])
    return ANSWERS[kind](game, scenario, why)


def _outcome(game: Game, scenario: Scenario, why: Reasoning) -> dict:
    if not game.over:
        why.step(
            f"The game goes on: {and_list(game.in_game())} {'is' if len(game.in_game()) == 1 else 'are'} still in it."
        )
    teams: dict[str, dict] = {}
    for name in game.seats:
        team = teams.setdefault(
            game.identity_team_of(name), {"team": game.identity_team_of(name), "members": [], "face_down": []}
        )
        team["members"].append(name)
        if game.seats[name].in_game and game.card_of(name).face == "down":
            team["face_down"].append(name)
    order = {LEADER_TEAM: 0, ASSASSINS_TEAM: 1}
    return {
        "game_over": game.over,
        "winners": list(game.winners),
        "losers": list(game.losers),
        "still_in": [] if game.over else game.in_game(),
        "teams": sorted(teams.values(), key=lambda team: (order.get(team["team"], 2), team["team"])),
    }


def _relationship(game: Game, scenario: Scenario, why: Reasoning) -> dict:
    first, second = scenario.question.players
    for name in (first, second):
        _say_team(game, name, why)
    hidden = [name for name in (first, second) if game.team_of(name) is None]
    if hidden:
        why.step(
            f"A player with a face-down identity card is an opponent of every other player and has no teammates "
            f"until it is face up (907.5d): {first} and {second} are opponents.",
            "907.5d",
        )
        return {"teammates": False, "opponents": True}
    teammates = game.teammates(first, second)
    if teammates:
        why.step(f"{first} and {second} are on the same team, so they are teammates (102.3).", "102.3")
    else:
        why.step(
            f"{first} and {second} are not on the same team, so they are opponents: a player's opponents are "
            "all players not on their team (102.3).",
            "102.3",
        )
    return {"teammates": teammates, "opponents": not teammates}


def _say_team(game: Game, name: str, why: Reasoning) -> None:
    seat = game.seats[name]
    if not seat.in_game:
        why.step(
            f"{name} has left the game; the game remembers {name} on the {seat.remembered_team} (907.12).", "907.12"
        )
        return
    card = game.card_of(name)
    if card.face == "down":
        return
    rule = TEAM_RULE[card.identity]
    if card.identity == "Traitor":
        why.step(
            f"{name} controls a Traitor identity card: a Traitor is a team alone, with no teammates ({rule}).", rule
        )
    else:
        why.step(f"{name} controls a face-up {card.identity} identity card: the {card.team} ({rule}).", rule)


def _can_unveil(game: Game, scenario: Scenario, why: Reasoning) -> dict:
    player, has_priority = scenario.question.player, scenario.question.has_priority
    if not game.seats[player].in_game:
        reason = why.step(
            f"{player} has left the game: only a player in the game gets priority, and unveiling is "
            "done when you have priority (104.5, 702.TR01c).",
            "104.5",
            "702.TR01c",
        )
        return {"allowed": False, "reasons": [reason]}
    if has_priority is False:
        reason = why.step(
            f"{player} doesn't have priority now, and unveiling is a special action taken any time you "
            "have priority (702.TR01c, 116.2tr, 907.4b).",
            "702.TR01c",
            "116.2tr",
            "907.4b",
        )
        return {"allowed": False, "reasons": [reason]}
    allowed, reasons = unveil_check(game, player)
    if has_priority is None and allowed is not False:
        reasons.append(
            (
                "Unveiling is a special action taken any time the player has priority: the answer assumes "
                f"{player} has it (116.2tr, 907.4b).",
                ("116.2tr", "907.4b"),
            )
        )
    for text, rules in reasons:
        why.step(text, *rules)
    return {"allowed": allowed, "reasons": [text for text, _ in reasons]}


def _leave_game(game: Game, scenario: Scenario, why: Reasoning) -> dict:
    player = scenario.question.player
    if game.seats[player].in_game:
        why.step(f"If {player} leaves the game now:")
        leaving = game.departure(player, lost=False)
        game.explain_departure(leaving, lost=False)
        if any(moved["result"] is None for moved in leaving.identity_cards):
            why.flag(CARD_OF_ANOTHER_LEAVES_WITH_CONTROLLER)
    else:
        leaving = game.departures[player]
        why.step(f"{player} has already left the game; this is what happened then.")
    why.step(
        f"Abilities on the stack whose source is an identity card {player} owns stay on the stack; let {player} "
        f"resolve them if possible (907.11a). Everything else {player} owns leaves the game (907.11).",
        "907.11a",
        "907.11",
    )
    return {
        "revealed": leaving.revealed,
        "identity_cards": leaving.identity_cards,
        "stack": f"abilities from identity cards {player} owns that are on the stack stay there and resolve (907.11a)",
        "team_remembered": leaving.team,
    }


ANSWERS = {"outcome": _outcome, "relationship": _relationship, "can_unveil": _can_unveil, "leave_game": _leave_game}
