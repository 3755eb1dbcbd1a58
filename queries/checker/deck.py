"""Is this identity deck legal for this many players? (907.2, 907.3a-907.3e)"""

from __future__ import annotations

from .open_points import recommended_deck_against_count
from .reasoning import Reasoning
from .rulebook import Rulebook
from .scenario import IDENTITIES, MIN_PLAYERS, Identity, IdentityDeck


def _shown(deck: dict[str, int]) -> str:
    return ", ".join(
        f"{deck[identity]} {identity}{'s' if deck[identity] != 1 else ''}" for identity in IDENTITIES if deck[identity]
    )


def answer_identity_deck(question: IdentityDeck, rulebook: Rulebook, why: Reasoning) -> dict:
    players, deck = question.player_count, question.deck
    recommended = rulebook.recommended_decks.get(players)
    violations = []

    def violation(rule: str, text: str) -> None:
        violations.append({"rule": rule, "text": why.step(text, rule)})

    if players < MIN_PLAYERS:
        violation("907.2", f"A Treachery game has four or more players (907.2); this deck is for {players}.")
    if sum(deck.values()) != players:
        violation(
            "907.3a",
            f"An identity deck has exactly one identity card per player (907.3a): {players} "
            f"players need {players} cards, this deck has {sum(deck.values())}.",
        )
    if deck[Identity.LEADER] != 1:
        violation("907.3b", f"An identity deck has exactly one Leader (907.3b); this one has {deck['Leader']}.")
    if question.backstab_rumble:
        if deck[Identity.ASSASSIN] or deck[Identity.GUARDIAN]:
            violation(
                "907.3e",
                "With the Backstab Rumble option, every identity card besides the Leader is a "
                f"Traitor (907.3e); this deck also has {_shown({**deck, 'Leader': 0, 'Traitor': 0})}.",
            )
    else:
        _standard_counts(players, deck, violation)
    legal = not violations
    if legal:
        why.step(
            f"{_shown(deck)} is a legal identity deck for {players} players"
            + (" with the Backstab Rumble option (907.3e)." if question.backstab_rumble else " (907.3a, 907.3b)."),
            *(["907.3e"] if question.backstab_rumble else ["907.3a", "907.3b"]),
        )
    elif _is_backstab_shape(deck) and not question.backstab_rumble and sum(deck.values()) == players:
        why.step(
            "It is a legal deck for the Backstab Rumble option, though: one Leader and only Traitors (907.3e). "
            'Ask with "backstab_rumble": true if that option is being played.',
            "907.3e",
        )
    if question.backstab_rumble:
        recommended = {**dict.fromkeys(IDENTITIES, 0), Identity.LEADER: 1, Identity.TRAITOR: players - 1}
        why.step(
            f"With the Backstab Rumble option, a {players}-player deck is {_shown(recommended)} (907.3e).", "907.3e"
        )
        _conclude(why, players, deck, legal, violations, backstab=True)
        return {"legal": legal, "violations": violations, "recommended": recommended}
    legal = _weigh_recommendation(players, deck, recommended, violations, legal, why)
    _conclude(why, players, deck, legal, violations, question.backstab_rumble)
    if recommended:
        why.step(
            f"907.3c recommends {_shown(recommended)} for {players} players; every player knows the "
            "repartition of identity types before the game begins (907.3d).",
            "907.3c",
            "907.3d",
        )
    else:
        why.step(
            f"907.3c recommends setups for {min(rulebook.recommended_decks)} to {max(rulebook.recommended_decks)} "
            f"players only, not for {players}.",
            "907.3c",
        )
    return {"legal": legal, "violations": violations, "recommended": recommended}


def _standard_counts(players: int, deck: dict[str, int], violation) -> None:
    """907.3b: at least one Traitor, half the players (rounded down) Assassins, the rest Guardians or Traitors."""
    if deck[Identity.TRAITOR] < 1:
        violation("907.3b", "An identity deck has at least one Traitor (907.3b); this one has none.")
    assassins = players // 2
    if deck[Identity.ASSASSIN] != assassins:
        violation(
            "907.3b",
            f"An identity deck has as many Assassins as half the players, rounded down (907.3b): "
            f"{assassins} for {players} players, not {deck['Assassin']}.",
        )


def _is_backstab_shape(deck: dict[str, int]) -> bool:
    return (
        deck[Identity.LEADER] == 1
        and deck[Identity.TRAITOR] > 0
        and not deck[Identity.ASSASSIN]
        and not deck[Identity.GUARDIAN]
    )


def _weigh_recommendation(players, deck, recommended, violations, legal, why: Reasoning) -> bool | None:
    """907.3c can recommend a deck 907.3b forbids (8 players: 3 Assassins, not 4): say so, don't pick."""
    if not recommended or recommended[Identity.ASSASSIN] == players // 2:
        return legal
    point = recommended_deck_against_count(players, players // 2, recommended[Identity.ASSASSIN])
    only_assassins_wrong = [v["rule"] for v in violations] == ["907.3b"] and deck[Identity.ASSASSIN] == recommended[
        Identity.ASSASSIN
    ]
    if deck == recommended or only_assassins_wrong:
        return why.decide(point) == 1
    why.flag(point)
    return legal


def _conclude(why: Reasoning, players: int, deck: dict[str, int], legal, violations: list[dict], backstab: bool):
    if legal:
        rules = "907.3e" if backstab else "907.3a, 907.3b"
        why.conclude(f"Legal: {_shown(deck)} is a legal identity deck for {players} players ({rules}).")
    elif violations:
        why.conclude(f"Not legal: {violations[0]['text'][0].lower()}{violations[0]['text'][1:]}")
    else:
        why.conclude(f"Not legal for {players} players.")
