"""An answer as plain text: for the terminal, and the answer fields of the /check page."""

from __future__ import annotations

import json

UNDECIDED = "undecided: the rules leave it open (see below)"


def _value(value) -> str:
    if value is None:
        return UNDECIDED
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list) and all(isinstance(item, str) for item in value):
        return ", ".join(value) if value else "none"  # names
    if isinstance(value, str):
        return value
    if isinstance(value, dict):
        return _record(value)
    return json.dumps(value, ensure_ascii=False)


def _record(value: dict) -> str:
    """The answer's small records (violations, teams, identity cards, decks) as one line each."""
    if "text" in value:
        return value["text"]
    if "applied" in value:
        return f"{value['rule']} {'applied' if value['applied'] else 'did not apply'}: {value['why']}"
    if "team" in value:
        hidden = f" (face down: {', '.join(value['face_down'])})" if value["face_down"] else ""
        return f"{value['team']}: {', '.join(value['members'])}{hidden}"
    if "card" in value:
        return f"{value['card']} ({value['identity']}): {value.get('result') or value.get('how') or UNDECIDED}"
    return ", ".join(f"{name}: {count}" for name, count in value.items())


def answer_fields(answer: dict) -> list[tuple[str, str | list[str]]]:
    """Each field of an answer as (label, text) or, for a list of records, (label, [texts])."""
    fields = []
    for key, value in answer.items():
        label = key.replace("_", " ")
        sentences = isinstance(value, list) and any(isinstance(item, str) and item.endswith(".") for item in value)
        if sentences or (isinstance(value, list) and value and not all(isinstance(item, str) for item in value)):
            fields.append((label, [_value(item) for item in value]))
        else:
            fields.append((label, _value(value)))
    return fields


def _answer_lines(answer: dict, indent: str = "  ") -> list[str]:
    lines = []
    for label, value in answer_fields(answer):
        if isinstance(value, list):
            lines.append(f"{indent}{label}:")
            lines += [f"{indent}  - {item}" for item in value]
        else:
            lines.append(f"{indent}{label}: {value}")
    return lines


def answer_as_text(result: dict) -> str:
    lines = [result["verdict"], "", f"Question: {result['question']['type'].replace('_', ' ')}", "", "Answer:"]
    lines += _answer_lines(result["answer"])
    lines += [f"Warning: {warning['text']}" for warning in result["warnings"]]
    lines += ["", "Why:"]
    lines += [f"  {number}. {step['text']}" for number, step in enumerate(result["explanation"], start=1)]
    for conflict in result["conflicts"]:
        lines += ["", f"Open point ({', '.join(conflict['rules'])}):", f"  {conflict['explanation']}"]
        lines += [f"  - One reading: {side['reading']}" for side in conflict["sides"]]
    for reading in result["readings"]:
        lines += ["", "If " + "; and ".join(reading["assuming"])]
        lines += _answer_lines(reading["answer"], indent="    ")
        lines += [f"    - {step['text']}" for step in reading["explanation"]]
    lines += ["", "Rules cited:"]
    for rule in result["rules"]:
        where = f"{rule['document']} {rule['number']}" if rule["number"] else rule["document"]
        lines.append(f"  [{rule['label']}] ({where}, {rule['url']})")
        lines += [f"      {line}" for line in rule["text"].splitlines() if line.strip()]
    return "\n".join(lines)


def player_outcomes(answer: dict, players: list[dict]) -> list[str]:
    """Every player's outcome in a few words, for the headline under the verdict:
    "Ana lost", "Cleo lost, and wins with the team", "Fay left the game"."""
    winners, losers, still_in = (set(answer.get(key) or ()) for key in ("winners", "losers", "still_in"))
    if not (winners or losers or still_in):
        return []
    outcomes = []
    for player in players:
        name = player.get("name")
        if not isinstance(name, str) or not name:
            continue
        if name in winners:
            outcomes.append(f"{name} lost, and wins with the team" if name in losers else f"{name} wins")
        elif name in losers:
            outcomes.append(f"{name} lost")
        elif name in still_in:
            outcomes.append(f"{name} is still in the game")
        elif player.get("status") == "left":
            outcomes.append(f"{name} left the game")
        else:
            outcomes.append(f"{name} is out of the game")
    return outcomes
