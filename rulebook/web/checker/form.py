"""The /check form's rows, as plain data: from a scenario, from a posted form, and back.

The form shows players and events as rows of fields named ``players.0.name``,
``events.2.type``, ``question.player`` and so on. ``rows_from_scenario`` fills them from a
scenario (a worked example, a permalink), ``rows_from_fields`` reads them back from a posted
form exactly as typed (so the page can show them again with an error), and
``scenario_from_rows`` turns them into the scenario JSON the checker reads, leaving blank
rows out. check.js does the same in the browser to keep the JSON pane in step.
"""

from __future__ import annotations

import inspect
import re
import types
from dataclasses import dataclass
from enum import StrEnum
from typing import Annotated, Union, get_args, get_origin

from annotated_types import Ge, Le
from pydantic import BaseModel
from pydantic_core import PydanticUndefined

from rulebook.queries.checker.scenario import (
    IDENTITIES,
    MAX_EVENTS,
    MAX_PLAYERS,
    OPTIONS,
    Attack,
    CanUnveil,
    Event,
    ExchangeControl,
    IdentityDeck,
    Options,
    Player,
    Question,
    Relationship,
    ScenarioError,
    Shown,
)

QUESTION_ROW = ("type", "player", "other", "has_priority", "players", "backstab_rumble")
YES_NO = {"yes": "yes", "no": "no"}  # true or false, or left out (the field's blank choice)


@dataclass(frozen=True)
class FormField:
    """One field of the form, as its declaration says: its label (title), its help (description),
    its choices (value: words; none for a text box), what an empty choice means, its default,
    and for a number its bounds."""

    label: str
    help: str | None = None
    choices: dict[str, str] | None = None
    blank: str | None = None
    default: str | bool | list = ""
    placeholder: str | None = None
    minimum: int | None = None
    maximum: int | None = None


def _shown(metadata) -> Shown:
    return next((item for item in metadata if isinstance(item, Shown)), Shown())


def _unwrapped(annotation):
    """A field's type without Optional and Annotated: ``Face | None`` -> Face."""
    while get_origin(annotation) in (Annotated, Union, types.UnionType):
        annotation = next(argument for argument in get_args(annotation) if argument is not type(None))
    return annotation


def _enum_of(annotation):
    """The enumeration a field's values come from (through Optional and Annotated), or None."""
    annotation = _unwrapped(annotation)
    return annotation if isinstance(annotation, type) and issubclass(annotation, StrEnum) else None


def _form_value(info):
    """A field's default as the form holds it: text, a tick, a list of names; a required field is blank."""
    if info.default is PydanticUndefined or info.default is None:
        return [] if get_origin(_unwrapped(info.annotation)) is list else ""
    return info.default if isinstance(info.default, bool) else str(info.default)


def declared(model: type[BaseModel], name: str, label: str | None = None) -> FormField:
    """A field of the form from the model's field: title, description, values, default, bounds."""
    info = model.model_fields[name]
    shown = _shown(info.metadata)
    enum = _enum_of(info.annotation)
    choices = {str(value): shown.choices.get(value, str(value)) for value in enum} if enum else None
    if choices is None and _unwrapped(info.annotation) is bool and info.default is None:
        choices = YES_NO  # true, false or left out
    bounds = {type(item): item for item in info.metadata if isinstance(item, Ge | Le)}
    return FormField(
        label=label or shown.label or info.title or name,
        help=info.description,
        choices=choices,
        blank=shown.blank,
        default=_form_value(info),
        placeholder=shown.placeholder,
        minimum=bounds[Ge].ge if Ge in bounds else None,
        maximum=bounds[Le].le if Le in bounds else None,
    )


def kinds(union) -> dict[str, type[BaseModel]]:
    """The models of a union the type field tells apart (events, questions), by their type value."""
    members = get_args(get_args(union)[0])
    return {str(get_args(member.model_fields["type"].annotation)[0]): member for member in members}


def _type_field(union) -> FormField:
    shown = _shown(get_args(union)[1:])
    return FormField(
        label=shown.label, blank=shown.blank, choices={kind: model.shown for kind, model in kinds(union).items()}
    )


def _second(model: type[BaseModel]) -> str:
    """The label of a pair of players' second (exchange with, relationship with)."""
    return _shown(model.model_fields["players"].metadata).labels[1]


# The form's rows and their fields, each from the scenario's declaration (queries/checker/scenario.py).
FIELDS = {
    "players": {name: declared(Player, name) for name in Player.model_fields},
    "events": {
        "type": _type_field(Event),
        "player": declared(Attack, "player"),
        "attacked": declared(Attack, "attacked"),
        "declared": declared(Attack, "declared"),
        "other": FormField(label=_second(ExchangeControl)),
    },
    "question": {
        "type": _type_field(Question),
        "player": declared(CanUnveil, "player"),
        "other": FormField(label=_second(Relationship)),
        "has_priority": declared(CanUnveil, "has_priority"),
        "players": declared(IdentityDeck, "players"),
        "backstab_rumble": declared(IdentityDeck, "backstab_rumble"),
    },
    "options": {name: declared(Options, name) for name in OPTIONS},
}


def _about(model: type[BaseModel]) -> str:
    return inspect.cleandoc(model.__doc__ or "")


def field_reference() -> dict:
    """The page's field reference, from the declaration: each player field and option by its
    title with its description, each event and question by its type with what it is."""

    def described(model: type[BaseModel]) -> list[tuple[str, str | None]]:
        return [(info.title or name, info.description) for name, info in model.model_fields.items()]

    return {
        "players": described(Player),
        "events": [(kind, _about(model)) for kind, model in kinds(Event).items()],
        "questions": [(kind, _about(model)) for kind, model in kinds(Question).items()],
        "options": described(Options),
    }


def blank_scenario() -> dict:
    """A form to fill in from nothing: no players, no events, asking who wins."""
    return {"players": [], "events": [], "question": {"type": "outcome"}}


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def scenario_summary(scenario) -> str:
    """A shared link in a few words, for the page's title and the link's preview:
    "5 players · Ana (Leader) loses · who wins?"."""
    data = scenario if isinstance(scenario, dict) else {}
    players = _objects(data.get("players"))
    identities = {_text(player.get("name")): _text(player.get("identity")) for player in players}

    def who(name) -> str:
        name = _text(name)
        return f"{name} ({identities[name]})" if identities.get(name) else name or "someone"

    parts = [f"{len(players)} player{'s' if len(players) != 1 else ''}"] if players else []
    verbs = {"attack": "attacks", "unveil": "unveils", "reveal": "is revealed", "lose": "loses", "concede": "concedes",
             "win": "wins by an effect", "turn_face_down": "is turned face down"}  # fmt: skip
    events = []
    for event in _objects(data.get("events"))[-2:]:
        kind = _text(event.get("type"))
        if kind == "exchange_control":
            pair = _names(event.get("players"))
            events.append(f"{_and([who(name) for name in pair])} exchange identities")
        elif kind in verbs:
            events.append(f"{who(event.get('player'))} {verbs[kind]}")
    parts += events
    question = data.get("question") if isinstance(data.get("question"), dict) else {}
    kind = _text(question.get("type")) or "outcome"
    asked = {
        "outcome": "who wins?",
        "relationship": "same team?",
        "can_unveil": f"can {who(question.get('player'))} unveil?",
        "leave_game": f"if {who(question.get('player'))} leaves?",
        "setup": "how does the game start?",
        "identity_deck": f"deck for {_text(question.get('players'))} players?",
    }.get(kind, kind)
    return " · ".join([*parts, asked])


CHECKED = "on"
_ROW = re.compile(r"^(players|events)\.(\d{1,4})\.(\w+)$")


def blank_player() -> dict:
    """A player row to fill in: every field at its declared default."""
    return {name: field.default for name, field in FIELDS["players"].items()}


def blank_event() -> dict:
    """An event row to fill in: every field at its declared default."""
    return {name: field.default for name, field in FIELDS["events"].items()}


def _text(value) -> str:
    if value is None:
        return ""
    return value if isinstance(value, str) else str(value).lower() if isinstance(value, bool) else str(value)


def _names(value) -> list[str]:
    return [_text(name) for name in value] if isinstance(value, list) else [_text(value)]


def _objects(value) -> list[dict]:
    return [entry for entry in value if isinstance(entry, dict)] if isinstance(value, list) else []


def rows_from_scenario(scenario) -> dict:
    """The form's rows for a decoded scenario (any JSON: what doesn't fit is shown as text)."""
    data = scenario if isinstance(scenario, dict) else {}
    players, events = _objects(data.get("players")), _objects(data.get("events"))
    question = data.get("question") if isinstance(data.get("question"), dict) else {}
    options = data.get("options") if isinstance(data.get("options"), dict) else {}
    return {
        "players": [_player_row(entry) for entry in players[:MAX_PLAYERS]],
        "events": [_event_row(entry) for entry in events[:MAX_EVENTS]],
        "question": _question_row(question),
        "options": {option: options.get(option) is True for option in OPTIONS},
    }


def _player_row(entry: dict) -> dict:
    """A player's row: each declared field as typed (a tick only for JSON's true), or its default."""
    return {
        name: entry.get(name) is True if isinstance(field.default, bool) else _text(entry.get(name)) or field.default
        for name, field in FIELDS["players"].items()
    }


def _event_row(entry: dict) -> dict:
    pair = _names(entry.get("players")) if entry.get("type") == "exchange_control" else []
    return {
        "type": _text(entry.get("type")),
        "player": pair[0] if pair else _text(entry.get("player")),
        "attacked": _names(entry.get("attacked")) if entry.get("attacked") is not None else [],
        "declared": entry.get("declared") is not False,
        "other": pair[1] if len(pair) > 1 else "",
    }


def _question_row(question: dict) -> dict:
    pair = _names(question.get("players")) if question.get("type") == "relationship" else []
    deck = question.get("deck") if isinstance(question.get("deck"), dict) else {}
    priority = question.get("has_priority")
    return {
        "type": _text(question.get("type")) or "outcome",
        "player": pair[0] if pair else _text(question.get("player")),
        "other": pair[1] if len(pair) > 1 else "",
        "has_priority": "" if priority is None else "yes" if priority is True else "no",
        "players": _text(question.get("players")) if question.get("type") == "identity_deck" else "",
        "deck": {identity: _text(deck.get(identity, "")) for identity in IDENTITIES},
        "backstab_rumble": question.get("backstab_rumble") is True,
    }


def rows_from_fields(fields: list[tuple[str, str]]) -> dict:
    """The form's rows from posted (name, value) pairs, as typed; ScenarioError for a field past the limits."""
    players: dict[int, dict] = {}
    events: dict[int, dict] = {}
    question = {
        "type": "outcome",
        "player": "",
        "other": "",
        "has_priority": "",
        "players": "",
        "deck": {},
        "backstab_rumble": False,
    }
    options = dict.fromkeys(OPTIONS, False)
    for name, value in fields:
        row = _ROW.match(name)
        if row:
            table, index, key = row.group(1), int(row.group(2)), row.group(3)
            limit = MAX_PLAYERS if table == "players" else MAX_EVENTS
            if index >= limit:
                raise ScenarioError(f"{table}[{index}]", f"the form holds at most {limit:,} {table}")
            rows = players if table == "players" else events
            _set(rows.setdefault(index, blank_player() if table == "players" else _unchecked_event()), key, value)
        elif name.startswith("question.deck."):
            question["deck"][name.removeprefix("question.deck.")] = value
        elif name.startswith("question.") and name.removeprefix("question.") in QUESTION_ROW:
            _set(question, name.removeprefix("question."), value)
        elif name.startswith("options.") and name.removeprefix("options.") in OPTIONS:
            options[name.removeprefix("options.")] = value == CHECKED
    return {
        "players": [players[index] for index in sorted(players)],
        "events": [events[index] for index in sorted(events)],
        "question": {**question, "deck": {identity: question["deck"].get(identity, "") for identity in IDENTITIES}},
        "options": options,
    }


def _unchecked_event() -> dict:
    return {**blank_event(), "declared": False}  # a posted form sends only the boxes that are ticked


def _set(row: dict, key: str, value: str) -> None:
    if key not in row:
        return
    if isinstance(row[key], bool):
        row[key] = value == CHECKED
    elif isinstance(row[key], list):
        if value:
            row[key].append(value)
    else:
        row[key] = value


def scenario_from_rows(rows: dict) -> dict:
    """The scenario JSON for the form's rows; blank rows (no name, no event type) are left out."""
    players = []
    for row in rows["players"]:
        if not row["name"].strip():
            continue
        players.append(_player(row))
    scenario = {"players": players, "events": [_event(row) for row in rows["events"] if row["type"].strip()]}
    options = {option: True for option, ticked in rows["options"].items() if ticked}
    if options:
        scenario["options"] = options
    scenario["question"] = _question(rows["question"])
    return scenario


def _player(row: dict) -> dict:
    """A player of the scenario: the fields it requires, and every other one not left at its default."""
    player = {}
    for name, field in FIELDS["players"].items():
        value = row[name]
        given = value != field.default and (isinstance(value, bool) or bool(value.strip()))
        if given or Player.model_fields[name].is_required():
            player[name] = value
    return player


def _event(row: dict) -> dict:
    if row["type"] == "exchange_control":
        return {"type": row["type"], "players": [row["player"], row["other"]]}
    event = {"type": row["type"], "player": row["player"]}
    if row["type"] == "attack":
        event["attacked"] = row["attacked"]
        if not row["declared"]:
            event["declared"] = False
    return event


def _question(row: dict) -> dict:
    kind = row["type"]
    if kind == "relationship":
        return {"type": kind, "players": [row["player"], row["other"]]}
    if kind in ("can_unveil", "leave_game"):
        question = {"type": kind, "player": row["player"]}
        if kind == "can_unveil" and row["has_priority"] in ("yes", "no"):
            question["has_priority"] = row["has_priority"] == "yes"
        return question
    if kind == "identity_deck":
        question = {
            "type": kind,
            "players": _number(row["players"]),
            "deck": {identity: _number(count) for identity, count in row["deck"].items() if count.strip()},
        }
        if row["backstab_rumble"]:
            question["backstab_rumble"] = True
        return question
    return {"type": kind}


def _number(text: str) -> int | str:
    """A count as typed: a number when it is one, else the text (which the checker then refuses by field)."""
    text = text.strip()
    return int(text) if text.isdigit() and len(text) <= 6 else text


if not all(
    isinstance(getattr(model, "shown", None), str) for union in (Event, Question) for model in kinds(union).values()
):
    raise RuntimeError("queries/checker/scenario.py: every event and question needs the words the form shows (shown)")
