"""The rule checker: answers a Treachery scenario question with the rules that decide it.

One API for the CLI (`rulebook check`), the JSON endpoint (POST /-/check) and the form at
/check::

    rulebook = load_rulebook(db)             # once per database: every cited rule, or an error
    answer = check(rulebook, parse_scenario_text(body))

A malformed scenario raises ``ScenarioError`` (with the field it is about); a database
missing a rule the checker cites raises ``CheckerSetupError`` when the rulebook is loaded.
"""

from __future__ import annotations

from .answer import check
from .rulebook import CheckerSetupError, Rulebook, load_rulebook
from .scenario import MAX_SCENARIO_BYTES, ScenarioError, parse_scenario, parse_scenario_text

__all__ = [
    "MAX_SCENARIO_BYTES",
    "CheckerSetupError",
    "Rulebook",
    "ScenarioError",
    "check",
    "load_rulebook",
    "parse_scenario",
    "parse_scenario_text",
]
