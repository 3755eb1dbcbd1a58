"""The scenario (the checker's public JSON format), declared once: its fields, their values,
defaults and limits are the pydantic models below, each field described. The checker reads a
scenario through them (``parse_scenario``), the OpenAPI document's Scenario schema and the API
reference are generated from them, and the /check form is drawn from them: each field's title is
its label, its description its help, its values and default the form's choices and blank row,
and ``Shown`` (metadata pydantic keeps beside a field, out of the JSON Schema) holds what only
the form says: the words for each value, what an empty choice means.

What a JSON Schema can't say is checked after the shape, in ``_check_meaning``: names that must
be the players', one Leader, four players or more. Every error names the field it is about
(``players[1].identity``) and tells the judge what would be accepted instead; ``status`` says
whether the scenario was malformed (400) or well formed but not a game the rules could deal (422).
"""

from __future__ import annotations

import json
import unicodedata
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Annotated, Any, ClassVar, Literal, Union, get_args, get_origin

from annotated_types import Ge, Le
from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    PrivateAttr,
    Strict,
    StrictBool,
    StrictInt,
    StringConstraints,
    ValidationError,
    model_validator,
)


@dataclass(frozen=True)
class Shown:
    """How the /check form shows a field, where its title and description aren't enough:
    ``label`` (else the title), ``blank`` (what an empty choice means), ``choices`` (the words for
    each value, else the value), ``labels`` (a pair of names: each one's label), ``placeholder``."""

    label: str | None = None
    blank: str | None = None
    choices: dict[str, str] = field(default_factory=dict)
    labels: tuple[str, ...] = ()
    placeholder: str | None = None


class Identity(StrEnum):
    """907.1: the four identity types (roles)."""

    LEADER = "Leader"
    GUARDIAN = "Guardian"
    ASSASSIN = "Assassin"
    TRAITOR = "Traitor"


class Face(StrEnum):
    """Which way up an identity card is."""

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


# The scenario format's words, in the order errors and the API list them.
IDENTITIES = tuple(Identity)
FACES = tuple(Face)
STATUSES = tuple(Status)
MAX_SCENARIO_BYTES = 64 * 1024
MIN_PLAYERS = 4  # 907.2: a Treachery game has four or more players
# Limits that fit any real game, so no request can keep the checker busy: a request past one
# of them is refused naming the field, and one within them is answered in milliseconds.
MAX_PLAYERS = 64
MAX_EVENTS = 1000
MAX_TEXT = 100  # characters in a name or an unveil cost
MAX_DIGITS = 18  # a longer number is refused by its field, never converted


def _same_name(name: str) -> str:
    """Names typed on different keyboards ("Zoë" composed or decomposed) are the same name (NFC);
    spaces around a name are not part of it."""
    name = name.strip()
    return name if name.isascii() else unicodedata.normalize("NFC", name)


def _whole(value):
    """JSON's 3.0 is the whole number 3 (as JSON Schema counts it); 3.5 stays a number the field refuses."""
    return int(value) if isinstance(value, float) and value.is_integer() and abs(value) < 2**53 else value


WholeNumber = Annotated[StrictInt, BeforeValidator(_whole)]
CardCount = Annotated[int, Strict(), Ge(0), Le(MAX_PLAYERS), BeforeValidator(_whole)]
Text = Annotated[str, StringConstraints(min_length=1, max_length=MAX_TEXT, pattern=r"\S")]
Name = Annotated[Text, AfterValidator(_same_name)]
TwoPlayers = Annotated[list[Name], Field(min_length=2, max_length=2, description="Two different players' names.")]


class Declared(BaseModel):
    """A part of the scenario: exactly the fields it declares, true and false only as JSON's
    true and false, numbers only as JSON's whole numbers."""

    model_config = ConfigDict(extra="forbid", hide_input_in_errors=True, use_attribute_docstrings=False)


class Player(Declared):
    """A player, as they stand before the events."""

    name: Name = Field(
        title="Name", description="The player's name, different from every other player's (compared in Unicode NFC)."
    )
    identity: Annotated[Identity, Shown(blank="(role)")] = Field(
        title="Role", description="The player's identity card: Leader, Guardian, Assassin or Traitor."
    )
    face: Annotated[
        Face | None, Shown(blank="(by its unveil cost)", choices={Face.UP: "face up", Face.DOWN: "face down"})
    ] = Field(
        None,
        title="Identity card",
        description="The identity card's face before the events. Left out (or null), a card with an unveil cost "
        "is face down and any other face up (907.4a, 907.4b), and the answer's warnings say how it was read.",
    )
    status: Annotated[
        Status,
        Shown(
            label="Before the events, the player",
            choices={
                Status.IN: "still in the game",
                Status.LOST: "has lost the game",
                Status.LEFT: "has left the game without losing",
            },
        ),
    ] = Field(
        Status.IN,
        title="Status",
        description="Before the events: in the game; lost (lost the game: 0 life, poison, an effect that says "
        "they lose, conceding; and so left it, 104.5); or left (out of the game some other way, without having "
        "lost: an effect removed them). The Treachery rules say what happens when a Leader loses, not when one "
        "leaves without losing: for that the checker answers both readings.",
    )
    unveil_cost: Annotated[Text | None, Shown(placeholder="e.g. {2}{W}")] = Field(
        None,
        title="Unveil cost",
        description='The unveil cost, e.g. "{2}{W}". Left out (or null): the card has no unveil ability.',
    )
    undercover: StrictBool = Field(False, title="Undercover", description="The card has undercover (702.TR02a).")
    cant_lose: StrictBool = Field(
        False,
        title="Can't lose",
        description="An effect such as Platinum Angel's: the player can't lose and their opponents can't win.",
    )
    _face_given: bool = PrivateAttr(True)

    @model_validator(mode="after")
    def _read_face(self) -> Player:
        self._face_given = self.face is not None
        if self.face is None:  # 907.4a/907.4b: a card with unveil starts face down, any other face up
            self.face = Face.DOWN if self.unveil_cost else Face.UP
        return self

    @property
    def face_given(self) -> bool:
        """False: the face was read from the unveil cost (907.4a, 907.4b)."""
        return self._face_given


class Options(Declared):
    """Variants in play (907.3e); each is false when left out."""

    commander: StrictBool = Field(
        False, title="Commander/EDH", description="Commander: the starting life and hand size change (907.6 note)."
    )
    vanguard: StrictBool = Field(
        False, title="Vanguard", description="Vanguard cards set the starting life and hand size."
    )
    backstab_rumble: StrictBool = Field(
        False, title="Backstab Rumble", description="Backstab Rumble: a different identity deck (907.3e)."
    )


OPTIONS = tuple(Options.model_fields)


class Attack(Declared):
    """A player attacked other players (508.6): what clears undercover (702.TR02a)."""

    shown: ClassVar[str] = "attacks"
    type: Literal[EventType.ATTACK]
    player: Name = Field(title="Player", description="The attacking player.")
    attacked: list[Name] = Field(
        min_length=1,
        max_length=MAX_PLAYERS,
        title="Attacked",
        description="The players attacked, each once; not the attacker.",
    )
    declared: Annotated[StrictBool, Shown(label="declared as attackers")] = Field(
        True,
        title="Declared",
        description="false: creatures were put onto the battlefield attacking, which is not attacking a player "
        "for undercover (508.6).",
    )


class PlayerEvent(Declared):
    """Something that happens to one player."""

    player: Name = Field(title="Player", description="The player it happens to.")


class Unveil(PlayerEvent):
    """The player tries the unveil special action (702.TR01c): it happens only if they may (see can_unveil)."""

    shown: ClassVar[str] = "unveils (turns their identity face up)"
    type: Literal[EventType.UNVEIL]


class Reveal(PlayerEvent):
    """An effect shows the player's face-down identity card to every player; it stays face down (372.8)."""

    shown: ClassVar[str] = "has their identity revealed by an effect"
    type: Literal[EventType.REVEAL]


class Lose(PlayerEvent):
    """The player loses the game, unless an effect says they can't (cant_lose)."""

    shown: ClassVar[str] = "loses the game"
    type: Literal[EventType.LOSE]


class Concede(PlayerEvent):
    """The player concedes: they lose the game even with cant_lose (101.1, 104.3a)."""

    shown: ClassVar[str] = "concedes"
    type: Literal[EventType.CONCEDE]


class Win(PlayerEvent):
    """A "you win the game" effect of the player resolves (907.8e)."""

    shown: ClassVar[str] = 'wins by an effect ("you win the game")'
    type: Literal[EventType.WIN]


class TurnFaceDown(PlayerEvent):
    """An effect turns the player's identity card face down (907.5d: no teammates while it is)."""

    shown: ClassVar[str] = "has their identity turned face down"
    type: Literal[EventType.TURN_FACE_DOWN]


class ExchangeControl(Declared):
    """Two players exchange control of their identity cards (907.11)."""

    shown: ClassVar[str] = "exchanges identity cards with"
    type: Literal[EventType.EXCHANGE_CONTROL]
    players: Annotated[TwoPlayers, Shown(labels=("Player", "With player"))]


Event = Annotated[
    Union[Attack, Unveil, Reveal, Lose, Concede, Win, ExchangeControl, TurnFaceDown],  # noqa: UP007
    Field(discriminator="type"),
    Shown(label="What happens", blank="(what happens)"),
]
EVENT_TYPES = tuple(EventType)


class IdentityDeck(Declared):
    """Is this identity deck legal for this many players? (907.2, 907.3a–907.3e)"""

    shown: ClassVar[str] = "Is this identity deck right for the number of players?"
    type: Literal[QuestionType.IDENTITY_DECK]
    players: WholeNumber = Field(ge=1, le=MAX_PLAYERS, title="Players", description="The number of players.")
    deck: dict[Identity, CardCount] = Field(
        description='How many cards of each identity, e.g. {"Leader": 1, "Guardian": 1, "Assassin": 2, '
        '"Traitor": 1}; an identity left out has none.'
    )
    backstab_rumble: StrictBool | None = Field(
        None,
        title="Backstab Rumble",
        description="Check a Backstab Rumble deck (907.3e). Left out (or null): as options.backstab_rumble.",
    )

    @model_validator(mode="after")
    def _every_identity(self) -> IdentityDeck:
        self.deck = {identity: self.deck.get(identity, 0) for identity in IDENTITIES}
        return self

    @property
    def player_count(self) -> int:
        return self.players


class Setup(Declared):
    """Who starts, the starting life and hand size, which identity cards start face up or down (907.4, 907.6, 907.7)."""

    shown: ClassVar[str] = "How does the game start?"
    type: Literal[QuestionType.SETUP]


class Outcome(Declared):
    """After the events, is the game over, and who won and lost? (907.8a–907.8e, 104.2a, 104.2c, 104.3g)"""

    shown: ClassVar[str] = "Who wins, who loses?"
    type: Literal[QuestionType.OUTCOME]


class Relationship(Declared):
    """Are two players teammates or opponents after the events? (907.5a–907.5d, 907.12)"""

    shown: ClassVar[str] = "Are two players on the same team?"
    type: Literal[QuestionType.RELATIONSHIP]
    players: Annotated[TwoPlayers, Shown(labels=("Player", "And player"))]


class CanUnveil(Declared):
    """May this player turn their identity card face up now? (702.TR01b–c, 702.TR02a)"""

    shown: ClassVar[str] = "Can this player unveil now?"
    type: Literal[QuestionType.CAN_UNVEIL]
    player: Name = Field(title="Player", description="The player who would unveil.")
    has_priority: Annotated[StrictBool | None, Shown(blank="(assume yes)")] = Field(
        None,
        title="Has priority",
        description="Whether the player has priority now (unveiling is a special action taken with priority, "
        "116.2tr). Left out (or null): the answer assumes they have it and says so.",
    )


class LeaveGame(Declared):
    """What happens if this player leaves the game now? (907.11–907.13, 702.TR01f)"""

    shown: ClassVar[str] = "What happens if this player leaves the game?"
    type: Literal[QuestionType.LEAVE_GAME]
    player: Name = Field(title="Player", description="The player who leaves.")


Question = Annotated[
    Union[Outcome, Relationship, CanUnveil, LeaveGame, Setup, IdentityDeck],  # noqa: UP007
    Field(discriminator="type"),
    Shown(label="Question"),
]


class Scenario(Declared):
    """A Treachery game situation and a question about it: the body of POST /-/check, the
    "scenario" of a worked example (queries/scenarios/*.json)."""

    players: list[Player] = Field(
        [],
        max_length=MAX_PLAYERS,
        description="The players, four or more with exactly one Leader (none needed for identity_deck).",
    )
    options: Options = Field(Options(), description="Variants in play (907.3e).")
    events: list[Event] = Field([], max_length=MAX_EVENTS, description="What happened, in order.")
    question: Question = Field(description="What you want to know: its type says which question.")

    def player(self, name: str) -> Player:
        return next(player for player in self.players if player.name == name)

    @property
    def warnings(self) -> list[dict]:
        """How the checker read what the rules wouldn't deal: a face-down card with no unveil cost (907.4a)."""
        if self.question.type == QuestionType.IDENTITY_DECK:
            return []
        return [warning for index, player in enumerate(self.players) if (warning := _face_warning(index, player))]


def question_as_json(question) -> dict:
    """The question as the checker read it, for echoing back with the answer."""
    return question.model_dump(mode="json", exclude_none=True)


def _face_warning(index: int, player: Player) -> dict | None:
    if player.unveil_cost:
        return None
    if player.face == Face.DOWN:
        text = (
            f"{player.name}'s identity card is face down but has no unveil cost. An identity card without an "
            "unveil ability starts the game face up (907.4a), so the checker read it as given: face down, as "
            f"if an effect had turned it face down, and {player.name} can't unveil it (702.TR01c). If it was "
            "dealt face down, give its unveil cost."
        )
    elif not player.face_given and player.identity != Identity.LEADER:
        text = (
            f"{player.name}'s identity card has no unveil cost, so the checker read it as face up: an identity "
            "card without an unveil ability starts the game face up (907.4a). If it is face down, give its "
            'unveil cost (e.g. "{2}{W}").'
        )
    else:
        return None
    return {"player": player.name, "field": f"players[{index}].unveil_cost", "text": text, "rules": ["907.4a"]}


# Reading


MALFORMED = 400  # not a scenario: JSON or a field of the wrong shape
UNPLAYABLE = 422  # a well-formed scenario that is no game the rules could deal (unknown names, two Leaders)
TOO_LARGE = 413  # over MAX_SCENARIO_BYTES, however it came (a body, a link)


class ScenarioError(ValueError):
    """A scenario the checker can't read: ``field`` says where (None for the whole body), ``status``
    whether it is malformed (400) or well formed but not a game (422)."""

    def __init__(self, field: str | None, message: str, status: int = MALFORMED):
        super().__init__(f"{field}: {message}" if field else message)
        self.field = field
        self.message = message
        self.status = status


class _LongNumber(str):
    """A JSON integer with more than MAX_DIGITS digits: kept as text, refused by the field it is in."""


def _integer(digits: str) -> int | _LongNumber:
    return int(digits) if len(digits.lstrip("-")) <= MAX_DIGITS else _LongNumber(digits)


# A worked example's fields around its scenario (queries/scenarios/*.json).
EXAMPLE_FIELDS = ("title", "description", "scenario", "expected")


def parse_scenario_text(text: str | bytes, worked_example: bool = False) -> Scenario:
    """The body of a request or a file: size-checked, JSON-decoded, then validated. With
    ``worked_example`` (a file given to the command), a worked example's file is read too: its
    "scenario" is the scenario, its title, description and expected answer are set aside."""
    size = len(text.encode("utf-8") if isinstance(text, str) else text)
    if size > MAX_SCENARIO_BYTES:
        raise ScenarioError(
            None, f"the scenario is {size:,} bytes; the limit is {MAX_SCENARIO_BYTES:,} bytes (64 KB)", TOO_LARGE
        )
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


def parse_scenario(data) -> Scenario:
    """A decoded JSON value -> Scenario, or ScenarioError naming the first bad field."""
    if not isinstance(data, dict):
        raise ScenarioError(
            None, f"a scenario is a JSON object with players, events and question, not {_json_kind(data)}"
        )
    _no_lone_surrogates(data, None)
    try:
        scenario = Scenario.model_validate(data)
    except ValidationError as error:
        raise _in_judges_words(error.errors(include_url=False)[0]) from None
    _check_meaning(scenario)
    return scenario


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


# Errors in a judge's words, from pydantic's


def _json_kind(value) -> str:
    if isinstance(value, _LongNumber):
        return f"a {len(value.lstrip('-')):,}-digit number"
    kinds = {list: "a list", str: "a string", bool: "true or false", type(None): "null", dict: "an object"}
    return kinds.get(type(value), "a number")


def _shown(value) -> str:
    """A value as the judge typed it, for an error message (a long one shortened)."""
    if isinstance(value, _LongNumber):
        return _json_kind(value)
    shown = json.dumps(value, ensure_ascii=False)
    return shown if len(shown) <= 60 else shown[:57] + "..."


def _or_list(words) -> str:
    words = [str(word) for word in words]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


_TAGS = {str(kind) for kind in (*EventType, *QuestionType)}
_WHAT = {"identity": ("an identity", IDENTITIES), "face": ("a face", FACES), "status": ("a status", STATUSES)}
_NUMBERS = {"players": f"the number of players (1 to {MAX_PLAYERS})", "deck": f"a number of cards (0 to {MAX_PLAYERS})"}


def _where(loc: tuple) -> tuple[str | None, list]:
    """("events", 0, "attack", "player") -> ("events[0].player", the names along it without union tags)."""
    names: list = []
    for index, part in enumerate(loc):
        if (
            isinstance(part, str)
            and part in _TAGS
            and index
            and (loc[index - 1] == "question" or isinstance(loc[index - 1], int))
        ):
            continue  # pydantic names the union member it tried; the judge's field path doesn't
        names.append(part)
    path = ""
    for part in names:
        path += f"[{part}]" if isinstance(part, int) else (f".{part}" if path else str(part))
    return path or None, names


def _declared_at(names: list):
    """The model a path leads to, for listing the fields it takes."""
    model: Any = Scenario
    for part in names:
        if isinstance(part, int):
            continue
        if isinstance(part, str) and hasattr(model, "model_fields") and part in model.model_fields:
            model = model.model_fields[part].annotation
        while get_origin(model) in (list, Annotated, Union) or str(get_origin(model)) == "types.UnionType":
            arguments = [argument for argument in get_args(model) if argument is not type(None)]
            model = arguments[0]
    return model


def _in_judges_words(error: dict) -> ScenarioError:
    kind, value, context = error["type"], error.get("input"), error.get("ctx") or {}
    field, names = _where(tuple(error["loc"]))
    last = next((part for part in reversed(names) if isinstance(part, str)), None)
    in_deck = len(names) >= 2 and names[-2] == "deck"
    if kind == "missing":
        return ScenarioError(
            field, "missing" + ('; say what you want to know, e.g. {"type": "outcome"}' if field == "question" else "")
        )
    if kind == "extra_forbidden":
        parent, _ = _where(tuple(error["loc"])[:-1])
        model = _declared_at(names[:-1])
        allowed = (
            [name for name in getattr(model, "model_fields", {}) if name != "type"]
            if parent
            else list(Scenario.model_fields)
        )
        if parent and parent != "options" and "type" in getattr(model, "model_fields", {}):
            allowed = ["type", *allowed]
        return ScenarioError(field, f"is not a field here; use {_or_list(allowed)}")
    if kind in ("union_tag_invalid", "union_tag_not_found"):
        what, choices = (
            ("a question type", tuple(QuestionType)) if field == "question" else ("an event type", EVENT_TYPES)
        )
        tag = value.get("type") if isinstance(value, dict) else None
        if kind == "union_tag_not_found" or tag is None:
            return ScenarioError(f"{field}.type", f"missing; use {_or_list(choices)}")
        return ScenarioError(f"{field}.type", f"{_shown(tag)} is not {what}; use {_or_list(choices)}")
    if kind in ("model_type", "model_attributes_type", "dict_type"):
        return ScenarioError(field, f"must be an object, not {_json_kind(value)}")
    if kind == "list_type":
        return ScenarioError(field, f"must be a list, not {_json_kind(value)}")
    if kind == "too_long":
        return ScenarioError(field, f"has {context['actual_length']:,} entries; the limit is {context['max_length']:,}")
    if kind == "too_short":
        if last == "attacked":
            return ScenarioError(field, "name at least one attacked player")
        return ScenarioError(field, f"name exactly two players, not {context['actual_length']}")
    if kind == "enum":
        if in_deck or error["loc"][-1] == "[key]":
            key = value
            return ScenarioError(
                field.removesuffix(".[key]") if field else field,
                f"{_shown(key)} is not an identity; use {_or_list(IDENTITIES)}",
            )
        what, choices = _WHAT.get(last, ("one of these", ()))
        return ScenarioError(field, f"{_shown(value)} is not {what}; use {_or_list(choices)}")
    if kind == "bool_type":
        return ScenarioError(field, f"must be true or false, not {_shown(value)}")
    if kind in ("int_type", "int_parsing", "greater_than_equal", "less_than_equal"):
        described = _NUMBERS["deck" if in_deck else "players"]
        return ScenarioError(field, f"must be {described}, not {_shown(value)}")
    if kind == "string_too_long":
        return ScenarioError(field, f"is {len(value):,} characters long; the limit is {MAX_TEXT}")
    if kind in ("string_type", "string_too_short", "string_pattern_mismatch"):
        return ScenarioError(field, f"must be a non-empty string, not {_shown(value)}")
    return ScenarioError(field, error["msg"][0].lower() + error["msg"][1:])


# What the shape can't say


def _check_meaning(scenario: Scenario) -> None:
    """Names that must be the players', each player once, a table the rules could deal."""
    names: dict[str, str] = {}
    for index, player in enumerate(scenario.players):
        if player.name in names:
            raise ScenarioError(
                f"players[{index}].name",
                f"{_shown(player.name)} is already the name of another player; give each player a different name",
                UNPLAYABLE,
            )
        names[player.name] = player.name
    for index, event in enumerate(scenario.events):
        where = f"events[{index}]"
        if event.type == EventType.EXCHANGE_CONTROL:
            _two_players(event.players, f"{where}.players", names)
            continue
        _known_player(event.player, f"{where}.player", names)
        if event.type == EventType.ATTACK:
            for target, name in enumerate(event.attacked):
                _known_player(name, f"{where}.attacked[{target}]", names)
            if event.player in event.attacked:
                raise ScenarioError(f"{where}.attacked", f"{event.player} can't attack themselves", UNPLAYABLE)
            if len(set(event.attacked)) != len(event.attacked):
                raise ScenarioError(f"{where}.attacked", "name each attacked player once", UNPLAYABLE)
    question = scenario.question
    if question.type == QuestionType.RELATIONSHIP:
        _two_players(question.players, "question.players", names)
    elif question.type in (QuestionType.CAN_UNVEIL, QuestionType.LEAVE_GAME):
        _known_player(question.player, "question.player", names)
    elif question.type == QuestionType.IDENTITY_DECK:
        if question.backstab_rumble is None:
            question.backstab_rumble = scenario.options.backstab_rumble
        return
    _check_table(scenario.players)


def _known_player(name: str, where: str, names: dict[str, str]) -> None:
    if name not in names:
        known = ", ".join(names) if names else "none are listed"
        raise ScenarioError(where, f"{_shown(name)} is not one of the players ({known})", UNPLAYABLE)


def _two_players(pair: list[str], where: str, names: dict[str, str]) -> None:
    for index, name in enumerate(pair):
        _known_player(name, f"{where}[{index}]", names)
    if pair[0] == pair[1]:
        raise ScenarioError(where, "name two different players", UNPLAYABLE)


def _check_table(players: list[Player]) -> None:
    """A game the rules could have dealt: four or more players and exactly one Leader."""
    if len(players) < MIN_PLAYERS:
        raise ScenarioError(
            "players",
            f"a Treachery game has four or more players (907.2); this scenario has {len(players)}",
            UNPLAYABLE,
        )
    leaders = [index for index, player in enumerate(players) if player.identity == Identity.LEADER]
    if not leaders:
        raise ScenarioError(
            "players", "no player is the Leader; an identity deck has exactly one Leader (907.3b)", UNPLAYABLE
        )
    if len(leaders) > 1:
        first, second = leaders[0], leaders[1]
        raise ScenarioError(
            f"players[{second}].identity",
            f"{players[first].name} is already the Leader; an identity deck has exactly one Leader (907.3b)",
            UNPLAYABLE,
        )
