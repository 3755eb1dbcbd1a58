"""Read a scenario (the public JSON format) into plain records, or say exactly what is wrong.

Everything the checker reasons about has been validated here first, so the reasoning code
never meets a missing field or an unknown name. Each error names the field it is about
(``players[1].identity``) and tells the judge what would be accepted instead.
"""

from __future__ import annotations

import json
import unicodedata
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache


class Identity(StrEnum):
    """907.1: the four identity types (roles)."""

    LEADER = "Leader"
    GUARDIAN = "Guardian"
    ASSASSIN = "Assassin"
    TRAITOR = "Traitor"


class Face(StrEnum):
    UP = "up"
    DOWN = "down"


class Status(StrEnum):
    """In the game, lost it (and so left it, 104.5), or left it without losing."""

    IN = "in"
    LOST = "lost"
    LEFT = "left"


class EventType(StrEnum):
    ATTACK = "attack"
    UNVEIL = "unveil"
    REVEAL = "reveal"
    LOSE = "lose"
    CONCEDE = "concede"
    WIN = "win"
    EXCHANGE_CONTROL = "exchange_control"
    TURN_FACE_DOWN = "turn_face_down"


class QuestionType(StrEnum):
    IDENTITY_DECK = "identity_deck"
    SETUP = "setup"
    RELATIONSHIP = "relationship"
    OUTCOME = "outcome"
    CAN_UNVEIL = "can_unveil"
    LEAVE_GAME = "leave_game"


# The scenario format's words, in the order errors and the API list them; a value read from a
# scenario is one of these members, never a bare string, so a misspelt name fails at import.
IDENTITIES = tuple(Identity)
FACES = tuple(Face)
STATUSES = tuple(Status)
OPTIONS = ("commander", "vanguard", "backstab_rumble")
MAX_SCENARIO_BYTES = 64 * 1024
MIN_PLAYERS = 4  # 907.2: a Treachery game has four or more players
# Limits that fit any real game, so no request can keep the checker busy: a request past one
# of them is refused naming the field, and one within them is answered in milliseconds.
MAX_PLAYERS = 64
MAX_EVENTS = 1000
MAX_TEXT = 100  # characters in a name or an unveil cost
MAX_DIGITS = 18  # a longer number is refused by its field, never converted

# Each event type and the fields it takes besides "type".
EVENT_FIELDS = {
    EventType.ATTACK: ("player", "attacked", "declared"),
    EventType.UNVEIL: ("player",),
    EventType.REVEAL: ("player",),
    EventType.LOSE: ("player",),
    EventType.CONCEDE: ("player",),
    EventType.WIN: ("player",),
    EventType.EXCHANGE_CONTROL: ("players",),
    EventType.TURN_FACE_DOWN: ("player",),
}

EVENT_TYPES = tuple(EVENT_FIELDS)
_EVENT_KEYS = {kind: ("type", *fields) for kind, fields in EVENT_FIELDS.items()}

# Each question type and the fields it takes besides "type".
QUESTION_FIELDS = {
    QuestionType.IDENTITY_DECK: ("players", "deck", "backstab_rumble"),
    QuestionType.SETUP: (),
    QuestionType.RELATIONSHIP: ("players",),
    QuestionType.OUTCOME: (),
    QuestionType.CAN_UNVEIL: ("player", "has_priority"),
    QuestionType.LEAVE_GAME: ("player",),
}
if EVENT_FIELDS.keys() != set(EventType) or QUESTION_FIELDS.keys() != set(QuestionType):
    raise RuntimeError("queries/checker/scenario.py: every event and question type needs its fields")


class _LongNumber(str):
    """A JSON integer with more than MAX_DIGITS digits: kept as text, refused by the field it is in."""


def _integer(digits: str) -> int | _LongNumber:
    return int(digits) if len(digits.lstrip("-")) <= MAX_DIGITS else _LongNumber(digits)


class ScenarioError(ValueError):
    """A scenario the checker can't read: ``field`` says where (None for the whole body)."""

    def __init__(self, field: str | None, message: str):
        super().__init__(f"{field}: {message}" if field else message)
        self.field = field
        self.message = message


@dataclass(frozen=True)
class Player:
    name: str
    identity: Identity
    face: Face
    status: Status
    unveil_cost: str | None
    undercover: bool
    cant_lose: bool
    face_given: bool = True  # False: the face was read from the unveil cost (907.4a, 907.4b)


@dataclass(frozen=True)
class Event:
    type: EventType
    player: str | None = None
    attacked: tuple[str, ...] = ()
    declared: bool = True
    players: tuple[str, ...] = ()


@dataclass(frozen=True)
class Question:
    type: QuestionType
    players: tuple[str, ...] = ()  # relationship
    player: str | None = None  # can_unveil, leave_game
    has_priority: bool | None = None  # can_unveil
    player_count: int | None = None  # identity_deck
    deck: dict[Identity, int] = field(default_factory=dict)  # identity_deck
    backstab_rumble: bool = False  # identity_deck

    def as_json(self) -> dict:
        """The question as the judge asked it, for echoing back with the answer."""
        shown = {"type": self.type}
        if self.type == QuestionType.IDENTITY_DECK:
            shown.update(players=self.player_count, deck=self.deck, backstab_rumble=self.backstab_rumble)
        elif self.type == QuestionType.RELATIONSHIP:
            shown["players"] = list(self.players)
        elif self.type in (QuestionType.CAN_UNVEIL, QuestionType.LEAVE_GAME):
            shown["player"] = self.player
            if self.type == QuestionType.CAN_UNVEIL and self.has_priority is not None:
                shown["has_priority"] = self.has_priority
        return shown


@dataclass(frozen=True)
class Scenario:
    players: tuple[Player, ...]
    options: dict[str, bool]
    events: tuple[Event, ...]
    question: Question

    def player(self, name: str) -> Player:
        return next(player for player in self.players if player.name == name)

    @property
    def warnings(self) -> list[dict]:
        """How the checker read what the rules wouldn't deal: a face-down card with no unveil cost (907.4a)."""
        if self.question.type == QuestionType.IDENTITY_DECK:
            return []
        return [warning for index, player in enumerate(self.players) if (warning := _face_warning(index, player))]


def _face_warning(index: int, player: Player) -> dict | None:
    if player.unveil_cost:
        return None
    if player.face == Face.DOWN:
        text = (
            f"{player.name}'s identity card is face down but has no unveil cost. An identity card without an "
            "unveil ability starts the game face up (907.4a), so the checker read it as given: face down, as "
            f"if an effect had turned it face down, and {player.name} can't unveil it (702.TR01c). If it was "
            "dealt face down, give its unveil_cost."
        )
    elif not player.face_given and player.identity != Identity.LEADER:
        text = (
            f"{player.name}'s identity card has no unveil cost, so the checker read it as face up: an identity "
            "card without an unveil ability starts the game face up (907.4a). If it is face down, give its "
            'unveil_cost (e.g. "{2}{W}").'
        )
    else:
        return None
    return {"player": player.name, "field": f"players[{index}].unveil_cost", "text": text, "rules": ["907.4a"]}


# A worked example's fields around its scenario (queries/scenarios/*.json).
EXAMPLE_FIELDS = ("title", "description", "scenario", "expected")


def parse_scenario_text(text: str | bytes, worked_example: bool = False) -> Scenario:
    """The body of a request or a file: size-checked, JSON-decoded, then validated. With
    ``worked_example`` (a file given to the command), a worked example's file is read too: its
    "scenario" is the scenario, its title, description and expected answer are set aside."""
    size = len(text.encode("utf-8") if isinstance(text, str) else text)
    if size > MAX_SCENARIO_BYTES:
        raise ScenarioError(None, f"the scenario is {size:,} bytes; the limit is {MAX_SCENARIO_BYTES:,} bytes (64 KB)")
    try:
        data = json.loads(text, parse_int=_integer)
    except json.JSONDecodeError as error:
        raise ScenarioError(
            None, f"the scenario is not valid JSON: {error.msg.lower()} at line {error.lineno}, column {error.colno}"
        ) from None
    except UnicodeDecodeError:
        raise ScenarioError(None, "the scenario is not valid JSON: it is not UTF-8 text") from None
    except RecursionError:
        raise ScenarioError(None, "the scenario is nested too deeply to be a scenario") from None
    if worked_example and isinstance(data, dict) and "scenario" in data and data.keys() <= set(EXAMPLE_FIELDS):
        return parse_scenario(data["scenario"])
    return parse_scenario(data)


def _no_lone_surrogates(value, where: str | None) -> None:
    """JSON may escape half a UTF-16 pair ("\\ud800"): that is no character, so no name can hold it."""
    try:
        json.dumps(value, ensure_ascii=False).encode("utf-8")  # at C speed: the walk below only finds where
        return
    except UnicodeEncodeError:
        pass
    stack = [(value, where)]
    while stack:
        value, where = stack.pop()
        if isinstance(value, str):
            if any(0xD800 <= ord(character) <= 0xDFFF for character in value):
                raise ScenarioError(
                    where, "holds a lone surrogate (half of an escaped UTF-16 pair), which is not a character"
                )
        elif isinstance(value, dict):
            for key, item in value.items():
                _no_lone_surrogates(key, where)
                stack.append((item, f"{where}.{key}" if where else key))
        elif isinstance(value, list):
            stack.extend((item, f"{where}[{index}]") for index, item in enumerate(value))


def parse_scenario(data) -> Scenario:
    """A decoded JSON value -> Scenario, or ScenarioError naming the first bad field."""
    if not isinstance(data, dict):
        raise ScenarioError(
            None, f"a scenario is a JSON object with players, events and question, not {_json_kind(data)}"
        )
    _no_lone_surrogates(data, None)
    _no_unknown_keys(data, None, ("players", "options", "events", "question"))
    if "question" not in data:
        raise ScenarioError("question", 'missing; say what you want to know, e.g. {"type": "outcome"}')
    players = _players(data.get("players", []))
    names = {_same_name(player.name): player.name for player in players}
    options = _options(data.get("options", {}))
    events = _events(data.get("events", []), names)
    question = _question(data["question"], names, options)
    if question.type != QuestionType.IDENTITY_DECK:
        _check_table(players)
    return Scenario(players, options, events, question)


def _same_name(name: str) -> str:
    """Names typed on different keyboards ("Zoë" composed or decomposed) are the same name (NFC)."""
    return name if name.isascii() else unicodedata.normalize("NFC", name)


def _json_kind(value) -> str:
    if isinstance(value, _LongNumber):
        return f"a {len(value.lstrip('-')):,}-digit number"
    kinds = {list: "a list", str: "a string", bool: "true or false", type(None): "null", dict: "an object"}
    return kinds.get(type(value), "a number")


def _no_unknown_keys(data: dict, where: str | None, allowed: tuple[str, ...]) -> None:
    if data.keys() <= _as_set(allowed):  # the usual case, at C speed
        return
    for key in data:
        if key not in allowed:
            field_name = f"{where}.{key}" if where else key
            raise ScenarioError(field_name, f"is not a field here; use {_or_list(allowed)}")


def _or_list(words) -> str:
    words = list(words)
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _string(data: dict, key: str, where: str, required: bool = True) -> str | None:
    value = data.get(key)
    if value is None and not required:
        return None
    if not isinstance(value, str) or isinstance(value, _LongNumber) or not value.strip():
        if key not in data:
            raise ScenarioError(f"{where}.{key}", "missing")
        raise ScenarioError(f"{where}.{key}", f"must be a non-empty string, not {_json_kind(value)}")
    if len(value.strip()) > MAX_TEXT:
        raise ScenarioError(f"{where}.{key}", f"is {len(value.strip()):,} characters long; the limit is {MAX_TEXT}")
    return _same_name(value.strip())


def _flag(data: dict, key: str, where: str, default: bool | None = False) -> bool | None:
    value = data.get(key, default)
    if value is not default and not isinstance(value, bool):
        raise ScenarioError(f"{where}.{key}", f"must be true or false, not {_shown(value)}")
    return value


def _choice(data: dict, key: str, where: str, choices: tuple[str, ...], what: str, default: str | None = None) -> str:
    value = data.get(key, default)
    if value is None:
        raise ScenarioError(f"{where}.{key}", f"missing; use {_or_list(choices)}")
    match = _lowered(choices).get(value.strip().lower()) if isinstance(value, str) else None
    if match is None:
        raise ScenarioError(f"{where}.{key}", f"{_shown(value)} is not {what}; use {_or_list(choices)}")
    return match


@cache
def _as_set(words: tuple[str, ...]) -> frozenset[str]:
    return frozenset(words)


@cache
def _lowered(choices: tuple[str, ...]) -> dict[str, str]:
    return {choice.lower(): choice for choice in choices}


def _shown(value) -> str:
    """A value as the judge typed it, for an error message (a long one shortened)."""
    if isinstance(value, _LongNumber):
        return _json_kind(value)
    shown = json.dumps(value, ensure_ascii=False)
    return shown if len(shown) <= 60 else shown[:57] + "..."


def _list(data, where: str, limit: int | None = None) -> list:
    if not isinstance(data, list):
        raise ScenarioError(where, f"must be a list, not {_json_kind(data)}")
    if limit is not None and len(data) > limit:
        raise ScenarioError(where, f"has {len(data):,} entries; the limit is {limit:,}")
    return data


def _object(data, where: str) -> dict:
    if not isinstance(data, dict):
        raise ScenarioError(where, f"must be an object, not {_json_kind(data)}")
    return data


def _players(data) -> tuple[Player, ...]:
    players: list[Player] = []
    seen: set[str] = set()
    for index, entry in enumerate(_list(data, "players", MAX_PLAYERS)):
        where = f"players[{index}]"
        entry = _object(entry, where)
        _no_unknown_keys(entry, where, ("name", "identity", "face", "status", "unveil_cost", "undercover", "cant_lose"))
        name = _string(entry, "name", where)
        if name in seen:
            raise ScenarioError(
                f"{where}.name",
                f"{_shown(name)} is already the name of another player; give each player a different name",
            )
        seen.add(name)
        unveil_cost = _string(entry, "unveil_cost", where, required=False)
        players.append(
            Player(
                name=name,
                identity=_choice(entry, "identity", where, IDENTITIES, "an identity"),
                # 907.4a/907.4b: a card with unveil starts face down, any other face up.
                face=_choice(entry, "face", where, FACES, "a face", default=Face.DOWN if unveil_cost else Face.UP),
                status=_choice(entry, "status", where, STATUSES, "a status", default=Status.IN),
                unveil_cost=unveil_cost,
                undercover=_flag(entry, "undercover", where),
                cant_lose=_flag(entry, "cant_lose", where),
                face_given=entry.get("face") is not None,
            )
        )
    return tuple(players)


def _check_table(players: tuple[Player, ...]) -> None:
    """A game the rules could have dealt: four or more players and exactly one Leader."""
    if len(players) < MIN_PLAYERS:
        raise ScenarioError(
            "players", f"a Treachery game has four or more players (907.2); this scenario has {len(players)}"
        )
    leaders = [index for index, player in enumerate(players) if player.identity == Identity.LEADER]
    if not leaders:
        raise ScenarioError("players", "no player is the Leader; an identity deck has exactly one Leader (907.3b)")
    if len(leaders) > 1:
        first, second = leaders[0], leaders[1]
        raise ScenarioError(
            f"players[{second}].identity",
            f"{players[first].name} is already the Leader; an identity deck has exactly one Leader (907.3b)",
        )


def _options(data) -> dict[str, bool]:
    data = _object(data, "options")
    _no_unknown_keys(data, "options", OPTIONS)
    return {option: _flag(data, option, "options") for option in OPTIONS}


def _known_player(value, where: str, names: dict[str, str]) -> str:
    """The player's name as the players list spells it (any Unicode normal form of it is accepted)."""
    name = names.get(_same_name(value.strip())) if isinstance(value, str) else None
    if name is None:
        shown = _shown(value) if value is not None else "missing"
        known = ", ".join(names.values()) if names else "none are listed"
        raise ScenarioError(where, f"{shown} is not one of the players ({known})")
    return name


def _events(data, names: dict[str, str]) -> tuple[Event, ...]:
    events = []
    for index, entry in enumerate(_list(data, "events", MAX_EVENTS)):
        where = f"events[{index}]"
        entry = _object(entry, where)
        kind = _choice(entry, "type", where, EVENT_TYPES, "an event type")
        _no_unknown_keys(entry, where, _EVENT_KEYS[kind])
        if kind == EventType.EXCHANGE_CONTROL:
            pair = _list(entry.get("players"), f"{where}.players")
            if len(pair) != 2:
                raise ScenarioError(f"{where}.players", f"name exactly two players, not {len(pair)}")
            first, second = (_known_player(name, f"{where}.players[{i}]", names) for i, name in enumerate(pair))
            if first == second:
                raise ScenarioError(f"{where}.players", "name two different players")
            events.append(Event(kind, players=(first, second)))
            continue
        player = _known_player(entry.get("player"), f"{where}.player", names)
        if kind != EventType.ATTACK:
            events.append(Event(kind, player=player))
            continue
        attacked = _list(entry.get("attacked"), f"{where}.attacked", len(names))
        if not attacked:
            raise ScenarioError(f"{where}.attacked", "name at least one attacked player")
        targets = tuple(names.get(name) if isinstance(name, str) else None for name in attacked)
        if None in targets:  # a name not written as in the players list: normalised, or named as unknown
            targets = tuple(_known_player(name, f"{where}.attacked[{i}]", names) for i, name in enumerate(attacked))
        if player in targets:
            raise ScenarioError(f"{where}.attacked", f"{player} can't attack themselves")
        if len(set(targets)) != len(targets):
            raise ScenarioError(f"{where}.attacked", "name each attacked player once")
        events.append(
            Event(kind, player=player, attacked=targets, declared=_flag(entry, "declared", where, default=True))
        )
    return tuple(events)


def _question(data, names: dict[str, str], options: dict[str, bool]) -> Question:
    data = _object(data, "question")
    kind = _choice(data, "type", "question", tuple(QuestionType), "a question type")
    _no_unknown_keys(data, "question", ("type",) + QUESTION_FIELDS[kind])
    if kind == QuestionType.IDENTITY_DECK:
        return _deck_question(data, options)
    if kind == QuestionType.RELATIONSHIP:
        pair = _list(data.get("players"), "question.players")
        if len(pair) != 2:
            raise ScenarioError("question.players", f"name exactly two players, not {len(pair)}")
        first, second = (_known_player(name, f"question.players[{i}]", names) for i, name in enumerate(pair))
        if first == second:
            raise ScenarioError("question.players", "name two different players")
        return Question(kind, players=(first, second))
    if kind in (QuestionType.CAN_UNVEIL, QuestionType.LEAVE_GAME):
        player = _known_player(data.get("player"), "question.player", names)
        return Question(kind, player=player, has_priority=_flag(data, "has_priority", "question", default=None))
    return Question(kind)


def _deck_question(data: dict, options: dict[str, bool]) -> Question:
    count = data.get("players")
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_PLAYERS:
        raise ScenarioError(
            "question.players", f"must be the number of players (1 to {MAX_PLAYERS}), not {_shown(count)}"
        )
    deck = _object(data.get("deck"), "question.deck")
    cards = {}
    for key, value in deck.items():
        identity = next((name for name in IDENTITIES if name.lower() == key.strip().lower()), None)
        if identity is None:
            raise ScenarioError(f"question.deck.{key}", f"{_shown(key)} is not an identity; use {_or_list(IDENTITIES)}")
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_PLAYERS:
            raise ScenarioError(
                f"question.deck.{key}", f"must be a number of cards (0 to {MAX_PLAYERS}), not {_shown(value)}"
            )
        cards[identity] = cards.get(identity, 0) + value
    backstab = _flag(data, "backstab_rumble", "question", default=None)
    return Question(
        QuestionType.IDENTITY_DECK,
        player_count=count,
        deck={identity: cards.get(identity, 0) for identity in IDENTITIES},
        backstab_rumble=options["backstab_rumble"] if backstab is None else backstab,
    )
