"""The worked examples shown on the /check page: queries/scenarios/*.json.

Each file holds a short "title", a "description" of the situation a judge is asked about,
the "scenario" itself, exactly as it would be sent to POST /-/check, and the "expected"
answer (its "verdict" and "answer" fields), reviewed against the rule texts; the tests
compare the checker's answer with it.
"""

from __future__ import annotations

import json
from functools import lru_cache

from rulebook.resources import package_folder


@lru_cache(maxsize=1)
def worked_examples() -> tuple[dict, ...]:
    """Every example, by file name: {"slug", "title", "description", "scenario", "expected"}."""
    examples = []
    for path in sorted((package_folder("rulebook.queries") / "scenarios").glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        examples.append(
            {
                "slug": path.stem,
                "title": data["title"],
                "description": data["description"],
                "scenario": data["scenario"],
                "expected": data.get("expected"),
            }
        )
    return tuple(examples)


def worked_example(name: str) -> dict | None:
    """The worked example a judge names: its file name (01-leader-lost-assassin-never-unveiled),
    its number (01, 1), or a word of its name that only one has; None if none or several match."""
    name = name.strip().lower().removesuffix(".json")
    examples = worked_examples()
    exact = [example for example in examples if example["slug"] == name]
    numbered = [
        example
        for example in examples
        if name.isdigit() and example["slug"].split("-")[0].lstrip("0") == name.lstrip("0")
    ]
    partial = [example for example in examples if name and name in example["slug"]]
    for found in (exact, numbered, partial):
        if len(found) == 1:
            return found[0]
    return None
