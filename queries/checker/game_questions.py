"""The questions answered after playing the scenario's events: outcome, relationship,
can_unveil and leave_game.

Each one plays the events first; if the rules left the game undecided on the way, every
field of the answer is null (the reason is in ``conflicts``).
"""

from __future__ import annotations

from .ending import conditions
from .game import play
from .open_points import CARD_OF_ANOTHER_LEAVES_WITH_CONTROLLER
from .reasoning import Reasoning
from .rulebook import Rulebook
from .scenario import Face, Identity, QuestionType, Scenario, Status
from .state import Game
from .teams import ASSASSINS_TEAM, LEADER_TEAM, TEAM_RULE, Team
from .unveiling import unveil_check
from .wording import and_list

ANSWER_FIELDS = {
    QuestionType.OUTCOME: (
        "game_over",
        "winners",
        "losers",
        "still_in",
        "teams",
        "winning_team",
        "won_by",
        "conditions",
    ),
    QuestionType.RELATIONSHIP: ("teammates", "opponents"),
    QuestionType.CAN_UNVEIL: ("allowed", "reasons"),
    QuestionType.LEAVE_GAME: ("revealed", "identity_cards", "stack", "team_remembered"),
}


def answer_after_events(scenario: Scenario, rulebook: Rulebook, why: Reasoning) -> dict:
    game = play(scenario, why)
    kind = scenario.question.type
    if game.undecided:
        why.conclude(f"The rules leave this open, so the checker can't answer: {game.undecided.explanation}")
        return dict.fromkeys(ANSWER_FIELDS[kind])
    return ANSWERS[kind](game, scenario, why)


def _outcome(game: Game, scenario: Scenario, why: Reasoning) -> dict:
    if not game.over:
        why.step(
            f"The game goes on: {and_list(game.in_game())} {'is' if len(game.in_game()) == 1 else 'are'} still in it."
        )
    teams: dict[Team, dict] = {}
    for name in game.seats:
        team = teams.setdefault(
            game.identity_team_of(name), {"team": str(game.identity_team_of(name)), "members": [], "face_down": []}
        )
        team["members"].append(name)
        if game.seats[name].in_game and game.card_of(name).face == Face.DOWN:
            team["face_down"].append(name)
    order = {str(LEADER_TEAM): 0, str(ASSASSINS_TEAM): 1}
    considered = conditions(game)
    why.cite(*(condition["rule"] for condition in considered))
    why.conclude(_outcome_verdict(game))
    return {
        "game_over": game.over,
        "winners": list(game.winners),
        "losers": list(game.losers),
        "still_in": [] if game.over else game.in_game(),
        "teams": sorted(teams.values(), key=lambda team: (order.get(team["team"], 2), team["team"])),
        "winning_team": game.winning_team and str(game.winning_team),
        "won_by": list(game.won_by),
        "conditions": considered,
    }


def _outcome_verdict(game: Game) -> str:
    """ "Cleo and Dev win: the assassins team (907.8c)" and the like."""
    if not game.over:
        still = game.in_game()
        return f"The game goes on: {and_list(still)} {'is' if len(still) == 1 else 'are'} still in it."
    if not game.winners:
        return "Nobody wins: the game ends without a winner, a draw (104.4)."
    winners = game.winners
    rules = ", ".join(dict.fromkeys(game.won_by))
    who = f"{and_list(winners)} {'wins' if len(winners) == 1 else 'win'}"
    if game.winning_team is None or not game.winning_team.shared:
        verdict = f"{who}: a Traitor, alone ({rules})"
    else:
        verdict = f"{who}: the {game.winning_team} ({rules})"
    earlier = [name for name in winners if game.seats[name].status == Status.LOST]
    if earlier:
        because = "907.8e" if "907.8e" in game.won_by else "104.2c"
        verdict += (
            f"; {and_list(earlier)} lost earlier and {'wins' if len(earlier) == 1 else 'win'} with the team ({because})"
        )
    return verdict + "."


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
        why.conclude(f"{first} and {second} are opponents: {and_list(hidden)} has a face-down identity card (907.5d).")
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
    if teammates:
        why.conclude(f"{first} and {second} are teammates: both on the {game.team_of(first)} (102.3).")
    else:
        why.conclude(f"{first} and {second} are opponents: they are not on the same team (102.3).")
    return {"teammates": teammates, "opponents": not teammates}


def _say_team(game: Game, name: str, why: Reasoning) -> None:
    seat = game.seats[name]
    if not seat.in_game:
        why.step(
            f"{name} has left the game; the game remembers {name} on the {seat.remembered_team} (907.12).", "907.12"
        )
        return
    card = game.card_of(name)
    if card.face == Face.DOWN:
        return
    rule = TEAM_RULE[card.identity]
    if card.identity == Identity.TRAITOR:
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
        why.conclude(f"No: {player} has left the game and can't unveil (104.5).")
        return {"allowed": False, "reasons": [reason]}
    if has_priority is False:
        reason = why.step(
            f"{player} doesn't have priority now, and unveiling is a special action taken any time you "
            "have priority (702.TR01c, 116.2tr, 907.4b).",
            "702.TR01c",
            "116.2tr",
            "907.4b",
        )
        why.conclude(f"No: {player} doesn't have priority, and unveiling takes priority (702.TR01c).")
        return {"allowed": False, "reasons": [reason]}
    allowed, reasons = unveil_check(game, player)
    deciding = ", ".join(dict.fromkeys(rule for _, rules in (reasons if allowed else reasons[-1:]) for rule in rules))
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
    why.conclude(
        f"Yes: {player} can unveil now, paying the unveil cost ({deciding})."
        if allowed
        else f"No: {player} can't unveil now ({deciding})."
        if allowed is False
        else f"It depends on how the rules are read whether {player} can unveil now."
    )
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
    why.conclude(_leaving_verdict(game, player, leaving))
    return {
        "revealed": leaving.revealed,
        "identity_cards": leaving.identity_cards,
        "stack": f"abilities from identity cards {player} owns that are on the stack stay there and resolve (907.11a)",
        "team_remembered": str(leaving.team),
    }


ANSWERS = {
    QuestionType.OUTCOME: _outcome,
    QuestionType.RELATIONSHIP: _relationship,
    QuestionType.CAN_UNVEIL: _can_unveil,
    QuestionType.LEAVE_GAME: _leave_game,
}


def _leaving_verdict(game: Game, player: str, leaving) -> str:
    gone = "When" if not game.seats[player].in_game else "If"
    parts = [f"{shown['card']} is {shown['how']}" for shown in leaving.revealed]
    rules = ["702.TR01a" if shown["how"] == "turned face up" else "907.13" for shown in leaving.revealed]
    parts.append(f"the game remembers {player} on the {leaving.team}")
    return f"{gone} {player} {'left' if gone == 'When' else 'leaves'} the game, {and_list(parts)} ({', '.join([*rules, '907.12'])})."
