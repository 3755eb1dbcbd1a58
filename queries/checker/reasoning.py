"""The checker's working notes: plain-English steps, the rules each step used, and open points.

Where the rules leave a case open, the checker must not pick a side silently. An
``OpenPoint`` names the rules on each side. Reasoning that meets one either *forks* (the
question is answered once per reading and the readings are compared: whatever they agree
on is still an answer, the rest is null) or *halts* (no reading can be carried on, so
everything that depends on it is null).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Side:
    reading: str
    rules: tuple[str, ...]


@dataclass(frozen=True)
class OpenPoint:
    id: str
    explanation: str
    sides: tuple[Side, ...]


class Undecided(Exception):
    """Raised by ``Reasoning.halt``: the rules give nothing to carry on with."""

    def __init__(self, point: OpenPoint):
        super().__init__(point.explanation)
        self.point = point


@dataclass
class Step:
    text: str
    rules: tuple[str, ...]


@dataclass
class Reasoning:
    """One line of reasoning, run with a fixed reading for each open point it may meet."""

    choices: dict[str, int] = field(default_factory=dict)
    steps: list[Step] = field(default_factory=list)
    met: list[OpenPoint] = field(default_factory=list)
    forks: list[OpenPoint] = field(default_factory=list)
    verdict: str = ""  # the answer in the one line a judge would say, set by ``conclude``
    cited: list[str] = field(default_factory=list)  # rules weighed without a step of their own

    def conclude(self, verdict: str) -> None:
        self.verdict = verdict

    def cite(self, *rules: str) -> None:
        """Rules the answer considered (a condition that didn't apply) without a step saying so."""
        self.cited.extend(rules)

    def step(self, text: str, *rules: str) -> str:
        self.steps.append(Step(text, rules))
        return text

    def decide(self, point: OpenPoint) -> int:
        """Which side of an open point this run follows (the first, unless told otherwise)."""
        self._meet(point)
        if point not in self.forks:
            self.forks.append(point)
        choice = self.choices.get(point.id, 0)
        self.step(
            f"The rules leave this open: {point.explanation} This reading: {point.sides[choice].reading}",
            *point.sides[choice].rules,
        )
        return choice

    def flag(self, point: OpenPoint) -> None:
        """Record a conflict that doesn't change the answer's values, only how sure it is."""
        self._meet(point)

    def halt(self, point: OpenPoint):
        self._meet(point)
        self.step(
            f"The rules leave this open, so the checker stops here: {point.explanation}",
            *(rule for side in point.sides for rule in side.rules),
        )
        raise Undecided(point)

    def _meet(self, point: OpenPoint) -> None:
        if all(known.id != point.id for known in self.met):
            self.met.append(point)

    @property
    def rules(self) -> list[str]:
        """Every rule this run cited, in the order first cited (open points' rules included)."""
        keys = [rule for step in self.steps for rule in step.rules] + self.cited
        keys += [rule for point in self.met for side in point.sides for rule in side.rules]
        return list(dict.fromkeys(keys))


@dataclass
class Run:
    choices: dict[str, int]
    answer: dict
    reasoning: Reasoning


@dataclass
class Explored:
    """Every reading's answer, and what they have in common."""

    runs: list[Run]

    @property
    def answer(self) -> dict:
        first = self.runs[0].answer
        return {
            key: value if all(run.answer[key] == value for run in self.runs) else None for key, value in first.items()
        }

    @property
    def verdict(self) -> str:
        verdicts = {run.reasoning.verdict for run in self.runs}
        if len(verdicts) == 1:
            return verdicts.pop()
        return f"It depends on how the rules are read: {len(self.runs)} readings, each answered below."

    @property
    def shared_steps(self) -> list[Step]:
        shared = []
        for steps in zip(*(run.reasoning.steps for run in self.runs)):
            if any(step != steps[0] for step in steps):
                break
            shared.append(steps[0])
        return shared

    @property
    def open_points(self) -> list[OpenPoint]:
        return list({point.id: point for run in self.runs for point in run.reasoning.met}.values())

    @property
    def rules(self) -> list[str]:
        return list(dict.fromkeys(rule for run in self.runs for rule in run.reasoning.rules))


def explore(answer: Callable[[Reasoning], dict], choices: dict[str, int] | None = None) -> Explored:
    """Answer once per combination of readings of the open points the reasoning meets.

    ``answer`` must return the same keys on every run; it is re-run with each side of
    every forking point it met (depth first), so a scenario with no open point runs once.
    """
    choices = dict(choices or {})
    reasoning = Reasoning(choices)
    run = Run(choices, answer(reasoning), reasoning)
    undecided = next((point for point in reasoning.forks if point.id not in choices), None)
    if undecided is None:
        return Explored([run])
    runs = []
    for side in range(len(undecided.sides)):
        runs += explore(answer, {**choices, undecided.id: side}).runs
    return Explored(runs)
