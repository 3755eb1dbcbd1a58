"""How the game starts: starting player, life, hand size, which identity cards start face down.

(907.4, 907.6 and its note, 907.7, 372.3a.) The start depends only on the dealt identity
cards and the options, not on the events or the players' current faces.
"""

from __future__ import annotations

from .reasoning import Reasoning
from .rulebook import Rulebook
from .scenario import Identity, Options, Scenario
from .wording import and_list


def answer_setup(scenario: Scenario, rulebook: Rulebook, why: Reasoning) -> dict:
    why.step(
        "Each player is dealt an identity card face down from the shuffled identity deck, looks at it and puts "
        "it into the command zone (907.4).",
        "907.4",
    )
    leader = next(player.name for player in scenario.players if player.identity == Identity.LEADER)
    why.step(
        f"{leader} has the Leader identity, whose inherent ability makes its controller the starting player "
        "instead of a randomly determined player (372.3a, 907.7).",
        "372.3a",
        "907.7",
    )
    face_down = [player.name for player in scenario.players if player.unveil_cost]
    face_up = [player.name for player in scenario.players if not player.unveil_cost]
    if face_up:
        why.step(
            f"Face up: the identity cards of {and_list(face_up)}, which have no unveil ability (907.4a).", "907.4a"
        )
    if face_down:
        why.step(
            f"Face down: the identity cards of {and_list(face_down)}, as their unveil ability allows (907.4b, "
            "702.TR01b); their identity types stay secret (907.4c).",
            "907.4b",
            "702.TR01b",
            "907.4c",
        )
    life, hand = _starting_totals(scenario.options, rulebook, why)
    why.step("An identity card's own abilities may still change this start-of-game procedure (372.4a).", "372.4a")
    if life is None:
        why.conclude(f"{leader} starts; life and hand size depend on each player's vanguard card (907.7, 907.6 note).")
    else:
        rule = "907.6 note" if scenario.options.commander else "907.6"
        why.conclude(f"{leader} starts; each player has {life} life and {hand} cards in hand (907.7, {rule}).")
    return {"starting_player": leader, "life": life, "hand_size": hand, "face_up": face_up, "face_down": face_down}


def _starting_totals(options: Options, rulebook: Rulebook, why: Reasoning) -> tuple[int | None, int | None]:
    if options.vanguard:
        why.step(
            "With the Vanguard variant, each player's starting life total and hand size are modified by their "
            "vanguard card, so they can't be told without it (907.6 note).",
            "907.6 note",
        )
        return None, None
    if options.commander:
        why.step(
            f"With the Commander/EDH variant, each player starts with {rulebook.commander_life} life and "
            f"{rulebook.starting_hand} cards (907.6 note).",
            "907.6 note",
        )
        return rulebook.commander_life, rulebook.starting_hand
    why.step(
        f"Each player starts with {rulebook.starting_life} life and {rulebook.starting_hand} cards in hand (907.6).",
        "907.6",
    )
    return rulebook.starting_life, rulebook.starting_hand
