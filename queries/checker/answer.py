"""Put an answer together: the question, the answer, the steps, every cited rule, the conflicts.

This is the public answer format shared by the CLI, POST /-/check and the /check page.
"""

from __future__ import annotations

from functools import partial

from .deck import answer_identity_deck
from .game_questions import answer_after_events
from .reasoning import Explored, Step, explore
from .rulebook import Rulebook
from .scenario import QuestionType, Scenario, question_as_json
from .setup import answer_setup


def check(rulebook: Rulebook, scenario: Scenario) -> dict:
    """Answer the scenario's question from the rules, with every step and rule it used."""
    question = scenario.question
    if question.type == QuestionType.IDENTITY_DECK:
        answer = partial(answer_identity_deck, question, rulebook)
    elif question.type == QuestionType.SETUP:
        answer = partial(answer_setup, scenario, rulebook)
    else:
        answer = partial(answer_after_events, scenario, rulebook)
    return _response(explore(answer), scenario, rulebook)


def _response(explored: Explored, scenario: Scenario, rulebook: Rulebook) -> dict:
    steps = [_step(step, rulebook) for step in explored.shared_steps]
    forked = len(explored.runs) > 1
    if forked:
        steps.append(
            {
                "text": "From here the answer depends on how an open point is read: each reading follows "
                "with its own answer.",
                "rules": [],
            }
        )
    warnings = scenario.warnings
    return {
        "verdict": explored.verdict,
        "question": question_as_json(scenario.question),
        "answer": explored.answer,
        "explanation": steps,
        "rules": [
            rulebook.cite(label).as_json()
            for label in dict.fromkeys([*explored.rules, *(rule for warning in warnings for rule in warning["rules"])])
        ],
        "ambiguous": bool(explored.open_points),
        "conflicts": [
            {
                "rules": list(dict.fromkeys(rulebook.cite(rule).label for side in point.sides for rule in side.rules)),
                "explanation": point.explanation[0].upper() + point.explanation[1:],
                "sides": [
                    {"reading": side.reading, "rules": [rulebook.cite(rule).label for rule in side.rules]}
                    for side in point.sides
                ],
            }
            for point in explored.open_points
        ],
        "readings": [
            {
                "assuming": [point.sides[run.choices.get(point.id, 0)].reading for point in run.reasoning.forks],
                "verdict": run.reasoning.verdict,
                "answer": run.answer,
                "explanation": [_step(step, rulebook) for step in run.reasoning.steps[len(explored.shared_steps) :]],
            }
            for run in explored.runs
        ]
        if forked
        else [],
        "warnings": warnings,
    }


def _step(step: Step, rulebook: Rulebook) -> dict:
    return {"text": step.text, "rules": [rulebook.cite(rule).label for rule in step.rules]}
