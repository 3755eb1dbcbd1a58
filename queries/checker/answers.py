"""The checker's answer (POST /-/check, /check.json, `rulebook check --json`), declared once:
``CheckAnswer``, and the fields of its ``answer`` for each question, with what their values are.
The OpenAPI document's CheckAnswer schema and the API reference's tables are generated from these
models, and the tests hold every answer the checker gives to them. Where the rules leave a case open, any field the readings disagree on is null
(the answer's ``readings`` give each reading's value): every field below may be null then.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from rulebook.queries.declaring import Declared, Url

from .scenario import Question


class Violation(Declared):
    """One way the deck breaks the rules."""

    rule: str = Field(description="The rule it breaks: 907.3b.")
    text: str = Field(description="What is wrong, in a sentence citing the rule.")


class DeckCount(Declared):
    """How many identity cards of each identity."""

    Leader: int = Field(description="Leaders.")
    Guardian: int = Field(description="Guardians.")
    Assassin: int = Field(description="Assassins.")
    Traitor: int = Field(description="Traitors.")


class IdentityDeckAnswer(Declared):
    """identity_deck: is the deck legal for this many players?"""

    legal: bool | None = Field(
        description="true: the deck follows 907.2–907.3e; null: the rules disagree (see conflicts)."
    )
    violations: list[Violation] | None = Field(description="Each rule the deck breaks; empty when it is legal.")
    recommended: DeckCount | None = Field(
        description="The deck the rules recommend for this many players (907.3c's table), or null when there is none."
    )


class SetupAnswer(Declared):
    """setup: how the game starts."""

    starting_player: str | None = Field(description="The Leader, who takes the first turn (907.7).")
    life: int | None = Field(description="Each player's starting life total (907.6; Commander or Vanguard change it).")
    hand_size: int | None = Field(description="Each player's starting hand size.")
    face_up: list[str] | None = Field(
        description="The players whose identity cards start face up, in the players' order."
    )
    face_down: list[str] | None = Field(
        description="The players whose identity cards start face down, in the players' order."
    )


class RelationshipAnswer(Declared):
    """relationship: the two players after the events."""

    teammates: bool | None = Field(description="true: they are on one team now (907.5a–907.5c).")
    opponents: bool | None = Field(
        description="The opposite of teammates: every player who isn't a teammate is an opponent."
    )


class TeamMembers(Declared):
    """A team and who is on it."""

    team: str = Field(
        description='The team: "leader team", "assassins team" or "Traitor team of NAME" (each Traitor is a team of one).'
    )
    members: list[str] = Field(description="Its players, in the players' order, whether or not still in the game.")
    face_down: list[str] = Field(description="Those of its players whose identity card is face down at the end.")


class Condition(Declared):
    """One win or lose condition of 907.8, and whether it applied."""

    rule: str = Field(description="The rule: 907.8a to 907.8e, in that order.")
    applied: bool = Field(description="true: it decided (part of) the outcome.")
    why: str = Field(description="Why it did or didn't apply, in a sentence.")


class OutcomeAnswer(Declared):
    """outcome: after the events, is the game over, and who won?"""

    game_over: bool | None = Field(description="true: a team or player has won (the game ends at once).")
    winners: list[str] | None = Field(
        description="The players who won: the winning team's members in the players' order (one who lost earlier "
        "wins with the team, 104.2c); empty while the game goes on."
    )
    losers: list[str] | None = Field(
        description="The players who lost, in the order they lost (those still in when the game ended last)."
    )
    still_in: list[str] | None = Field(
        description="The players still in the game, in the players' order; empty when it is over."
    )
    teams: list[TeamMembers] | None = Field(
        description="Every team, the leader team first, then the assassins team, then each Traitor's."
    )
    winning_team: str | None = Field(description="The team that won, named as in teams; null while the game goes on.")
    won_by: list[str] | None = Field(
        description="The rules that made them win: 907.8c, 907.8d, 907.8e, 907.5c, 104.2a or 104.2c."
    )
    conditions: list[Condition] | None = Field(
        description="Every win and lose condition of 907.8, with why it did or didn't apply."
    )


class CanUnveilAnswer(Declared):
    """can_unveil: may the player turn their identity card face up now?"""

    allowed: bool | None = Field(description="true: they may unveil now; null: the rules disagree (see conflicts).")
    reasons: list[str] | None = Field(description="Why, one sentence a rule: the cost, undercover, priority.")


class ShownCard(Declared):
    """An identity card revealed because its player left."""

    player: str = Field(description="Whose card.")
    card: str = Field(description='Which card: "Dev\'s identity card".')
    identity: str = Field(description="What it shows: Leader, Guardian, Assassin or Traitor.")
    how: str = Field(description='"turned face up" (702.TR01a) or "revealed to all players" (907.13).')


class LeavingCard(Declared):
    """What happens to an identity card the leaving player owns or controls."""

    player: str = Field(description="Whose card.")
    card: str = Field(description="Which card.")
    identity: str = Field(description="Its identity.")
    result: str | None = Field(description="What happens to it (907.11, 907.11b); null where the rules don't say.")


class LeaveGameAnswer(Declared):
    """leave_game: what happens if the player leaves the game now?"""

    revealed: list[ShownCard] | None = Field(description="The face-down identity cards revealed as the player leaves.")
    identity_cards: list[LeavingCard] | None = Field(
        description="Each identity card the player owns or controls, and where it goes."
    )
    stack: str | None = Field(
        description="What happens to the abilities of their identity cards on the stack (907.11a)."
    )
    team_remembered: str | None = Field(description="The team the player is remembered on after leaving (907.12).")


ANSWERS: dict[str, type[Declared]] = {
    "identity_deck": IdentityDeckAnswer,
    "setup": SetupAnswer,
    "relationship": RelationshipAnswer,
    "outcome": OutcomeAnswer,
    "can_unveil": CanUnveilAnswer,
    "leave_game": LeaveGameAnswer,
}


AnyAnswer = IdentityDeckAnswer | SetupAnswer | RelationshipAnswer | OutcomeAnswer | CanUnveilAnswer | LeaveGameAnswer


class Step(Declared):
    """One step of the reasoning."""

    text: str = Field(description="The step in plain English.")
    rules: list[str] = Field(description="The labels of the rules it used (see rules).")


class QuotedIn(Declared):
    """The Treachery glossary's Reminder entry quoting an official rule."""

    document: str = Field(description="The glossary's document.")
    term: str = Field(description="The glossary term: Reminder: 104.3g.")
    url: Url = Field(description="Its page.")


class CitedRule(Declared):
    """A rule the answer cites."""

    document: str = Field(description="The slug of its document.")
    number: str | None = Field(description="Its number, or null for an FAQ answer.")
    text: str = Field(description="Its text, from the database.")
    url: Url = Field(description="Its page.")
    label: str = Field(description="How the steps name it: 907.8c, 702.TR02a (note), FAQ: …")
    kind: Literal["rule", "note", "official", "faq"] = Field(description="What it is.")
    quoted_in: QuotedIn | None = Field(
        None,
        description="The Reminder entry quoting an official rule; where the loaded official rules lack the rule, "
        "its text is that quotation. Absent for other rules.",
    )
    question: str | None = Field(None, description="For an FAQ answer, its question; absent otherwise.")


class Side(Declared):
    """One way to read an open point."""

    reading: str = Field(description="The reading.")
    rules: list[str] = Field(description="The labels of the rules on its side.")


class Conflict(Declared):
    """An open point: the rules on each side and what each says."""

    rules: list[str] = Field(description="The labels of the rules involved.")
    explanation: str = Field(description="What is open.")
    sides: list[Side] = Field(description="The readings.")


class Reading(Declared):
    """The full answer under one reading of the open points."""

    assuming: list[str] = Field(description="The readings assumed, one per open point.")
    verdict: str = Field(description="The answer under these readings, in one line.")
    answer: AnyAnswer = Field(description="The answer under these readings.")
    explanation: list[Step] = Field(description="The steps that follow from them.")


class ReadAs(Declared):
    """How the checker read what the rules wouldn't deal (a face-down card with no unveil cost)."""

    player: str = Field(description="Whom it is about.")
    field: str = Field(description="The scenario's field: players[1].unveil_cost.")
    text: str = Field(description="How it was read, and what to give instead.")
    rules: list[str] = Field(description="The labels of the rules it rests on.")


class CheckAnswer(Declared):
    """The checker's answer: every step names the rules it used, each cited rule is given once with its text."""

    verdict: str = Field(description="The answer in the one line a judge would say.")
    question: Question = Field(description="The question as it was read.")
    answer: AnyAnswer = Field(
        description="The answer; its fields depend on the question's type (docs/api.md: the check answer's "
        "answer, one table each). A field the readings disagree on is null."
    )
    explanation: list[Step] = Field(description="The reasoning, step by step.")
    rules: list[CitedRule] = Field(description="Every cited rule, once.")
    ambiguous: bool = Field(description="true when the rules leave the case open: see conflicts and readings.")
    conflicts: list[Conflict] = Field(description="Where the rules disagree or are silent.")
    readings: list[Reading] = Field(description="One answer per reading when ambiguous; otherwise empty.")
    warnings: list[ReadAs] = Field(
        description="How the scenario was read where the rules wouldn't deal it; empty for most scenarios."
    )


# An example, as the bundled documents answer it (the OpenAPI document's example for the endpoint)
CHECK_EXAMPLE = {
    "verdict": "Cleo and Dev win: the assassins team (907.8c); Cleo lost earlier and wins with the team (104.2c).",
    "question": {"type": "outcome"},
    "answer": {
        "game_over": True,
        "winners": ["Cleo", "Dev"],
        "losers": ["Cleo", "Ana", "Ben", "Eli"],
        "still_in": [],
        "teams": [
            {"team": "leader team", "members": ["Ana", "Ben"], "face_down": []},
            {"team": "assassins team", "members": ["Cleo", "Dev"], "face_down": ["Dev"]},
            {"team": "Traitor team of Eli", "members": ["Eli"], "face_down": ["Eli"]},
        ],
        "winning_team": "assassins team",
        "won_by": ["907.8c"],
        "conditions": [
            {
                "rule": "907.8c",
                "applied": True,
                "why": "Every player controlling a Leader identity lost the game, so the assassins team won.",
            }
        ],
    },
    "explanation": [{"text": "Cleo loses the game and so leaves it (104.5).", "rules": ["104.5"]}],
    "rules": [
        {
            "document": "comprehensive-rules-2026-01-16",
            "number": "104.3g",
            "text": "In a multiplayer game between teams, a team loses the game if all players on that team have lost "
            "the game.",
            "url": "/rules/comprehensive-rules-2026-01-16/104.3g",
            "label": "104.3g",
            "kind": "official",
            "quoted_in": {
                "document": "treachery-6.0",
                "term": "Reminder: 104.3g",
                "url": "/glossary/treachery-6.0/reminder-104.3g",
            },
        }
    ],
    "ambiguous": False,
    "conflicts": [],
    "readings": [],
    "warnings": [],
}
