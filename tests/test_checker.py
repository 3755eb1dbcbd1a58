"""The rule checker, scenario by scenario, each written from the rule text it tests.

The standard table is five players, as dealt by 907.3b's default deck: Ana the Leader (face
up), Ben an undercover Guardian, Cleo and Dev Assassins and Eli a Traitor (all face down with
unveil abilities). Each test changes what it needs and checks the answer and the rules cited.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulebook.db.build import build_database, bundled_source
from rulebook.queries.checker import (
    CheckerSetupError,
    ScenarioError,
    check,
    load_rulebook,
    parse_scenario,
    parse_scenario_text,
)
from rulebook.queries.checker.answers import ANSWERS, CheckAnswer
from rulebook.queries.checker.examples import worked_examples
from rulebook.web.checker.text import answer_as_text
from rulebook.web.state import server_state

TABLE = {
    "Ana": {"identity": "Leader", "face": "up"},
    "Ben": {"identity": "Guardian", "face": "down", "unveil_cost": "{2}{W}", "undercover": True},
    "Cleo": {"identity": "Assassin", "face": "down", "unveil_cost": "{1}{B}{B}"},
    "Dev": {"identity": "Assassin", "face": "down", "unveil_cost": "{3}{R}"},
    "Eli": {"identity": "Traitor", "face": "down", "unveil_cost": "{4}"},
}


@pytest.fixture(scope="module")
def rulebook(built_db):
    return load_rulebook(built_db)


def table(**changes) -> list[dict]:
    """The standard five players, with some players' fields changed: table(Ben={"face": "up"})."""
    players = [{"name": name, **fields, **changes.pop(name, {})} for name, fields in TABLE.items()]
    players += [{"name": name, **fields} for name, fields in changes.items()]  # extra players
    return players


def ask(rulebook, question, *events, players=None, options=None) -> dict:
    scenario = {"players": table() if players is None else players, "events": list(events), "question": question}
    if options:
        scenario["options"] = options
    return check(rulebook, parse_scenario(scenario))


def cited(result) -> set[str]:
    return {rule["label"] for rule in result["rules"]}


def lose(player):
    return {"type": "lose", "player": player}


def attack(player, *attacked, declared=True):
    return {"type": "attack", "player": player, "attacked": list(attacked), "declared": declared}


def event(kind, player):
    return {"type": kind, "player": player}


OUTCOME = {"type": "outcome"}


def can_unveil(player, **fields):
    return {"type": "can_unveil", "player": player, **fields}


def deck(players, backstab_rumble=None, **cards):
    question = {"type": "identity_deck", "players": players, "deck": cards}
    if backstab_rumble is not None:
        question["backstab_rumble"] = backstab_rumble
    return question


# ----- identity_deck: 907.2, 907.3a-907.3e -------------------------------------------------------


def test_the_default_five_player_deck_is_legal(rulebook):
    result = ask(rulebook, deck(5, Leader=1, Guardian=1, Assassin=2, Traitor=1), players=[])
    assert result["answer"] == {
        "legal": True,
        "violations": [],
        "recommended": {"Leader": 1, "Guardian": 1, "Assassin": 2, "Traitor": 1},
    }
    assert {"907.3a", "907.3b", "907.3c", "907.3d"} <= cited(result)
    assert result["ambiguous"] is False


def test_the_recommended_four_player_deck_has_no_guardian(rulebook):
    result = ask(rulebook, deck(4, Leader=1, Traitor=1, Assassin=2), players=[])
    assert result["answer"]["legal"] is True
    assert result["answer"]["recommended"] == {"Leader": 1, "Guardian": 0, "Assassin": 2, "Traitor": 1}


def test_the_recommended_eight_player_deck_is_open_between_907_3b_and_907_3c(rulebook):
    result = ask(rulebook, deck(8, Leader=1, Traitor=2, Assassin=3, Guardian=2), players=[])
    assert result["answer"]["legal"] is None
    assert result["ambiguous"] is True
    assert [reading["answer"]["legal"] for reading in result["readings"]] == [False, True]
    assert result["conflicts"][0]["rules"] == ["907.3b", "907.3c"]
    assert "4 for 8 players" in result["conflicts"][0]["explanation"]
    assert result["answer"]["violations"] == [
        {
            "rule": "907.3b",
            "text": "An identity deck has as many Assassins as "
            "half the players, rounded down (907.3b): 4 for 8 players, not 3.",
        }
    ]


def test_an_eight_player_deck_with_four_assassins_is_legal_but_the_recommendation_disagrees(rulebook):
    result = ask(rulebook, deck(8, Leader=1, Traitor=1, Assassin=4, Guardian=2), players=[])
    assert result["answer"]["legal"] is True
    assert result["answer"]["recommended"]["Assassin"] == 3
    assert result["ambiguous"] is True and result["readings"] == []
    assert result["conflicts"][0]["rules"] == ["907.3b", "907.3c"]


def test_a_deck_with_two_leaders_is_not_legal(rulebook):
    result = ask(rulebook, deck(5, Leader=2, Assassin=2, Traitor=1), players=[])
    assert result["answer"]["legal"] is False
    assert [v["rule"] for v in result["answer"]["violations"]] == ["907.3b"]
    assert "exactly one Leader" in result["answer"]["violations"][0]["text"]


def test_a_deck_needs_a_traitor(rulebook):
    result = ask(rulebook, deck(5, Leader=1, Guardian=2, Assassin=2), players=[])
    assert result["answer"]["legal"] is False
    assert "at least one Traitor" in result["answer"]["violations"][0]["text"]


def test_six_players_need_three_assassins(rulebook):
    result = ask(rulebook, deck(6, Leader=1, Guardian=2, Assassin=2, Traitor=1), players=[])
    assert result["answer"]["legal"] is False
    assert result["answer"]["violations"][0]["text"].endswith("3 for 6 players, not 2.")


def test_a_deck_has_one_card_per_player(rulebook):
    result = ask(rulebook, deck(5, Leader=1, Guardian=1, Assassin=2, Traitor=2), players=[])
    assert result["answer"]["legal"] is False
    assert [v["rule"] for v in result["answer"]["violations"]] == ["907.3a"]
    assert "907.3a" in cited(result)


def test_a_deck_for_three_players_is_answered_not_rejected(rulebook):
    result = ask(rulebook, deck(3, Leader=1, Assassin=1, Traitor=1), players=[])
    assert result["answer"]["legal"] is False
    assert result["answer"]["violations"][0]["rule"] == "907.2"
    assert result["answer"]["recommended"] is None
    assert "907.2" in cited(result)


def test_backstab_rumble_is_one_leader_and_traitors(rulebook):
    result = ask(rulebook, deck(5, backstab_rumble=True, Leader=1, Traitor=4), players=[])
    assert result["answer"] == {
        "legal": True,
        "violations": [],
        "recommended": {"Leader": 1, "Guardian": 0, "Assassin": 0, "Traitor": 4},
    }
    assert "907.3e" in cited(result)


def test_the_backstab_rumble_option_can_come_from_the_scenario_options(rulebook):
    result = ask(rulebook, deck(5, Leader=1, Traitor=3, Assassin=1), players=[], options={"backstab_rumble": True})
    assert result["answer"]["legal"] is False
    assert result["answer"]["violations"][0]["rule"] == "907.3e"


def test_a_backstab_deck_without_the_option_is_not_a_standard_deck(rulebook):
    result = ask(rulebook, deck(5, Leader=1, Traitor=4), players=[])
    assert result["answer"]["legal"] is False
    assert any("Backstab Rumble" in step["text"] for step in result["explanation"])
    assert "907.3e" in cited(result)


def test_no_setup_is_recommended_for_nine_players(rulebook):
    result = ask(rulebook, deck(9, Leader=1, Guardian=3, Assassin=4, Traitor=1), players=[])
    assert result["answer"] == {"legal": True, "violations": [], "recommended": None}
    assert any("4 to 8 players only" in step["text"] for step in result["explanation"])


# ----- setup: 907.4, 907.6, 907.7, 372.3a ------------------------------------------------------------


def test_the_leader_starts_with_twenty_life_and_seven_cards(rulebook):
    result = ask(rulebook, {"type": "setup"})
    assert result["answer"] == {
        "starting_player": "Ana",
        "life": 20,
        "hand_size": 7,
        "face_up": ["Ana"],
        "face_down": ["Ben", "Cleo", "Dev", "Eli"],
    }
    assert {"907.7", "372.3a", "907.6", "907.4a", "907.4b", "702.TR01b"} <= cited(result)


def test_a_commander_game_starts_at_forty_life(rulebook):
    result = ask(rulebook, {"type": "setup"}, options={"commander": True})
    assert (result["answer"]["life"], result["answer"]["hand_size"]) == (40, 7)
    assert "907.6 (note)" in cited(result)


def test_vanguard_totals_depend_on_the_vanguard_card(rulebook):
    result = ask(rulebook, {"type": "setup"}, options={"vanguard": True, "commander": True})
    assert (result["answer"]["life"], result["answer"]["hand_size"]) == (None, None)
    assert "907.6 (note)" in cited(result) and "907.6" not in cited(result)


def test_an_identity_without_unveil_starts_face_up(rulebook):
    players = table(Eli={"unveil_cost": None, "face": "up"})
    result = ask(rulebook, {"type": "setup"}, players=players)
    assert result["answer"]["face_up"] == ["Ana", "Eli"]


# ----- relationship: 907.5a-907.5d, 907.12 -----------------------------------------------------------


def relationship(first, second):
    return {"type": "relationship", "players": [first, second]}


def test_the_leader_and_a_face_up_guardian_are_teammates(rulebook):
    result = ask(rulebook, relationship("Ana", "Ben"), players=table(Ben={"face": "up"}))
    assert result["answer"] == {"teammates": True, "opponents": False}
    assert {"907.5a", "102.3"} <= cited(result)


def test_face_up_assassins_are_teammates(rulebook):
    result = ask(rulebook, relationship("Cleo", "Dev"), event("unveil", "Cleo"), event("unveil", "Dev"))
    assert result["answer"] == {"teammates": True, "opponents": False}
    assert "907.5b" in cited(result)


def test_a_face_down_guardian_is_the_leaders_opponent(rulebook):
    result = ask(rulebook, relationship("Ana", "Ben"))
    assert result["answer"] == {"teammates": False, "opponents": True}
    assert "907.5d" in cited(result)


def test_two_traitors_are_opponents(rulebook):
    players = table(Eli={"face": "up"}, Fay={"identity": "Traitor", "face": "up"})
    result = ask(rulebook, relationship("Eli", "Fay"), players=players)
    assert result["answer"] == {"teammates": False, "opponents": True}
    assert "907.5c" in cited(result)


def test_exchanging_identity_cards_changes_teams(rulebook):
    players = table(Ben={"face": "up"}, Cleo={"face": "up"}, Dev={"face": "up"})
    result = ask(
        rulebook, relationship("Ben", "Dev"), {"type": "exchange_control", "players": ["Ben", "Cleo"]}, players=players
    )
    assert result["answer"] == {"teammates": True, "opponents": False}
    assert {"907.5b", "109.4tr"} <= cited(result)


def test_a_player_who_left_is_remembered_on_their_team(rulebook):
    result = ask(rulebook, relationship("Cleo", "Dev"), lose("Cleo"), event("unveil", "Dev"))
    assert result["answer"] == {"teammates": True, "opponents": False}
    assert "907.12" in cited(result)


# ----- can_unveil: 702.TR01c, 702.TR02a and its note, 907.4b ------------------------------------------


def test_an_undercover_guardian_cant_unveil_before_anything_happened(rulebook):
    result = ask(rulebook, can_unveil("Ben", has_priority=True))
    assert result["answer"]["allowed"] is False
    assert "neither has happened (702.TR02a)" in result["answer"]["reasons"][-1]
    assert {"702.TR01c", "702.TR02a"} <= cited(result)


def test_an_attack_on_the_leader_by_another_player_clears_undercover(rulebook):
    result = ask(rulebook, can_unveil("Ben"), attack("Eli", "Ana"))
    assert result["answer"]["allowed"] is True
    assert "Eli, a player other than Ben, attacked Ana" in result["answer"]["reasons"][1]
    assert {"702.TR02a", "508.6", "372.7"} <= cited(result)


def test_creatures_put_onto_the_battlefield_attacking_dont_clear_undercover(rulebook):
    result = ask(rulebook, can_unveil("Ben"), attack("Dev", "Ana", declared=False))
    assert result["answer"]["allowed"] is False
    assert {"702.TR02a (note)", "508.6", "508.1"} <= cited(result)


def test_the_undercover_player_attacking_the_leader_doesnt_count(rulebook):
    result = ask(rulebook, can_unveil("Ben"), attack("Ben", "Ana"))
    assert result["answer"]["allowed"] is False


def test_an_attack_on_a_player_who_isnt_the_leader_doesnt_count(rulebook):
    result = ask(rulebook, can_unveil("Ben"), attack("Eli", "Cleo"))
    assert result["answer"]["allowed"] is False
    assert "372.7" in cited(result)


def test_another_unveiled_identity_clears_undercover(rulebook):
    result = ask(rulebook, can_unveil("Ben"), event("unveil", "Cleo"))
    assert result["answer"]["allowed"] is True
    assert "Cleo's identity card, an Assassin, has been revealed" in result["answer"]["reasons"][1]


def test_an_identity_revealed_by_an_effect_clears_undercover(rulebook):
    result = ask(rulebook, can_unveil("Ben"), event("reveal", "Eli"))
    assert result["answer"]["allowed"] is True
    assert "372.8" in cited(result)


def test_an_identity_turned_face_up_as_its_player_lost_clears_undercover(rulebook):
    result = ask(rulebook, can_unveil("Ben"), lose("Cleo"))
    assert result["answer"]["allowed"] is True
    assert result["ambiguous"] is False
    assert "702.TR01a" in cited(result)


def test_undercover_when_only_a_card_revealed_by_leaving_is_open(rulebook):
    # Eli's card has no unveil ability, so nothing turns it face up as he loses: it is only revealed.
    players = table(Eli={"unveil_cost": None, "face": "down"})
    result = ask(rulebook, can_unveil("Ben"), lose("Eli"), players=players)
    assert result["answer"]["allowed"] is None
    assert result["ambiguous"] is True
    assert [reading["answer"]["allowed"] for reading in result["readings"]] == [True, False]
    assert {"702.TR02a", "702.TR01f", "907.13", "907.11"} <= set(result["conflicts"][0]["rules"])


def test_an_identity_without_unveil_cost_cant_be_turned_face_up(rulebook):
    players = table(Eli={"unveil_cost": None, "face": "down"})
    result = ask(rulebook, can_unveil("Eli"), players=players)
    assert result["answer"]["allowed"] is False
    assert "has no unveil ability" in result["answer"]["reasons"][0]


def test_a_face_up_identity_cant_be_unveiled_again(rulebook):
    result = ask(rulebook, can_unveil("Cleo"), event("unveil", "Cleo"))
    assert result["answer"]["allowed"] is False
    assert "already face up" in result["answer"]["reasons"][0]


def test_unveiling_needs_priority(rulebook):
    result = ask(rulebook, can_unveil("Cleo", has_priority=False))
    assert result["answer"] == {
        "allowed": False,
        "reasons": [
            "Cleo doesn't have priority now, and unveiling is a special action taken any time you have priority "
            "(702.TR01c, 116.2tr, 907.4b)."
        ],
    }
    assert {"116.2tr", "907.4b"} <= cited(result)


def test_an_assassin_may_unveil_any_time_they_have_priority(rulebook):
    result = ask(rulebook, can_unveil("Cleo"))
    assert result["answer"]["allowed"] is True
    assert "702.TR02a" not in cited(result)


def test_a_player_who_left_cant_unveil(rulebook):
    result = ask(rulebook, can_unveil("Dev"), {"type": "concede", "player": "Dev"})
    assert result["answer"]["allowed"] is False
    assert "104.5" in cited(result)


def test_after_an_exchange_the_new_controller_unveils_the_card(rulebook):
    result = ask(rulebook, can_unveil("Ben"), {"type": "exchange_control", "players": ["Ben", "Cleo"]})
    assert result["answer"]["allowed"] is True
    assert "{1}{B}{B}" in result["answer"]["reasons"][0]


# ----- outcome: 907.8a-907.8e, 104.2a, 104.2c, 104.3g, the FAQ ---------------------------------------


def test_the_leader_lost_and_the_only_assassin_left_never_unveiled(rulebook):
    result = ask(rulebook, OUTCOME, lose("Cleo"), lose("Ana"))
    answer = result["answer"]
    assert (answer["game_over"], answer["winners"]) == (True, ["Cleo", "Dev"])
    assert answer["losers"] == ["Cleo", "Ana", "Ben", "Eli"]
    assert {"907.8b", "907.8c", "104.2c", "702.TR01f"} <= cited(result)


def test_platinum_angel_doesnt_save_a_guardian_when_the_leader_loses(rulebook):
    result = ask(rulebook, OUTCOME, lose("Ana"), players=table(Ben={"face": "up", "cant_lose": True}))
    assert "Ben" in result["answer"]["losers"]
    assert result["answer"]["winners"] == ["Cleo", "Dev"]
    assert {"907.8b", "FAQ: Can Platinum Angel protect my team?"} <= cited(result)
    assert any(
        step["text"].startswith("The effect that keeps Ben from losing (such as Platinum Angel's) doesn't stop it")
        for step in result["explanation"]
    )


def test_a_traitor_alone_with_a_guardian_after_the_leader_lost_wins(rulebook):
    result = ask(rulebook, OUTCOME, lose("Cleo"), lose("Dev"), lose("Ana"), players=table(Ben={"face": "up"}))
    assert result["answer"]["winners"] == ["Eli"]
    assert result["answer"]["losers"] == ["Cleo", "Dev", "Ana", "Ben"]
    assert {"907.8b", "907.8d", "104.2a", "FAQ: Does the Traitor need to defeat the Guardian?"} <= cited(result)


def test_a_traitors_platinum_angel_cant_stop_the_assassins(rulebook):
    result = ask(rulebook, OUTCOME, lose("Ana"), players=table(Eli={"cant_lose": True}))
    assert result["answer"]["winners"] == ["Cleo", "Dev"]
    assert "FAQ: Can Platinum Angel protect my team?" in cited(result)
    assert any(
        step["text"].startswith("The effect that keeps Eli from losing (such as Platinum Angel's) can't stop")
        for step in result["explanation"]
    )


def test_two_traitors_fight_on_after_the_leader_team_lost(rulebook):
    players = table(Fay={"identity": "Traitor", "unveil_cost": "{5}"})
    result = ask(rulebook, OUTCOME, lose("Cleo"), lose("Dev"), lose("Ana"), players=players)
    assert result["answer"]["game_over"] is False
    assert result["answer"]["still_in"] == ["Eli", "Fay"]
    assert "907.8c" in cited(result)


def test_a_player_who_cant_lose_stays_in(rulebook):
    result = ask(rulebook, OUTCOME, lose("Ana"), players=table(Ana={"cant_lose": True}))
    assert result["answer"]["game_over"] is False
    assert result["answer"]["losers"] == []
    assert "101.2" in cited(result)


def test_a_player_who_cant_lose_can_still_concede(rulebook):
    result = ask(rulebook, OUTCOME, {"type": "concede", "player": "Ana"}, players=table(Ana={"cant_lose": True}))
    assert result["answer"]["winners"] == ["Cleo", "Dev"]
    assert {"101.1", "104.3", "104.5"} <= cited(result)


def test_you_win_the_game_wins_for_the_whole_team(rulebook):
    result = ask(rulebook, OUTCOME, event("unveil", "Cleo"), event("win", "Cleo"))
    assert result["answer"]["winners"] == ["Cleo", "Dev"]
    assert result["answer"]["losers"] == ["Ana", "Ben", "Eli"]
    assert {"907.8e", 'FAQ: What happens if I cast an "You win the game" effect?'} <= cited(result)


def test_an_opponents_platinum_angel_stops_you_win_the_game(rulebook):
    result = ask(
        rulebook, OUTCOME, event("unveil", "Cleo"), event("win", "Cleo"), players=table(Eli={"cant_lose": True})
    )
    assert result["answer"]["game_over"] is False
    assert {"FAQ: Can Platinum Angel protect my team?", "101.2"} <= cited(result)


def test_a_face_up_teammates_platinum_angel_doesnt_stop_the_win(rulebook):
    result = ask(rulebook, OUTCOME, event("win", "Ana"), players=table(Ben={"face": "up", "cant_lose": True}))
    assert result["answer"]["winners"] == ["Ana", "Ben"]


def test_a_face_down_winner_takes_the_team_with_them_is_open(rulebook):
    result = ask(rulebook, OUTCOME, event("win", "Ben"))
    assert result["answer"]["winners"] is None
    assert result["answer"]["game_over"] is True
    assert [reading["answer"]["winners"] for reading in result["readings"]] == [["Ana", "Ben"], ["Ben"]]
    assert {"907.8e", "907.5d"} <= set(result["conflicts"][0]["rules"])


def test_a_traitor_who_wins_wins_alone(rulebook):
    result = ask(rulebook, OUTCOME, event("win", "Eli"))
    assert result["answer"]["winners"] == ["Eli"]
    assert result["ambiguous"] is False
    assert "907.5c" in cited(result)


def test_a_guardian_who_lost_wins_with_the_leader_team(rulebook):
    players = table(Ben={"face": "up"}, Gus={"identity": "Guardian", "status": "lost", "face": "up"})
    result = ask(rulebook, OUTCOME, lose("Cleo"), lose("Dev"), lose("Eli"), players=players)
    assert result["answer"]["winners"] == ["Ana", "Ben", "Gus"]
    assert "104.2c" in cited(result)


def test_a_face_down_guardian_keeps_the_game_going_until_unveiled(rulebook):
    still_hidden = ask(rulebook, OUTCOME, lose("Cleo"), lose("Dev"), lose("Eli"))
    assert still_hidden["answer"]["game_over"] is False
    assert "907.5d" in cited(still_hidden)
    unveiled = ask(rulebook, OUTCOME, lose("Cleo"), lose("Dev"), lose("Eli"), event("unveil", "Ben"))
    assert unveiled["answer"]["winners"] == ["Ana", "Ben"]


def test_events_after_the_end_of_the_game_change_nothing(rulebook):
    result = ask(rulebook, OUTCOME, lose("Ana"), event("win", "Eli"))
    assert result["answer"]["winners"] == ["Cleo", "Dev"]
    assert "104.1" in cited(result)
    assert result["explanation"][-1]["text"] == (
        "Event 2 (win) comes after the game ended, so it changes nothing: the game ends as soon as a player "
        "wins (104.1)."
    )


def test_many_events_after_the_end_are_one_step(rulebook):
    result = ask(rulebook, OUTCOME, lose("Ana"), event("win", "Eli"), lose("Ben"), event("win", "Eli"))
    assert result["answer"]["winners"] == ["Cleo", "Dev"]
    assert [step["text"] for step in result["explanation"] if "after the game ended" in step["text"]] == [
        "Events 2 to 4 (win, lose) come after the game ended, so they change nothing: the game ends as soon as a "
        "player wins (104.1)."
    ]


def test_losing_again_after_leaving_changes_nothing(rulebook):
    result = ask(rulebook, OUTCOME, lose("Cleo"), lose("Cleo"))
    assert result["answer"]["losers"] == ["Cleo"]


def test_the_leader_team_losing_with_nobody_else_left_is_a_draw(rulebook):
    # Ben's Guardian is still face down, so the leader team hadn't won by 104.2c before Ana lost.
    players = table(Cleo={"status": "lost"}, Dev={"status": "lost"}, Eli={"status": "lost"})
    result = ask(rulebook, OUTCOME, lose("Ana"), players=players)
    assert (result["answer"]["game_over"], result["answer"]["winners"]) == (True, [])
    assert "104.4" in cited(result)


def test_a_game_already_decided_before_the_events(rulebook):
    players = table(Ana={"status": "lost"}, Cleo={"status": "lost"}, Dev={"status": "lost"})
    result = ask(rulebook, OUTCOME, players=players)
    assert result["answer"]["winners"] == ["Eli"]


def test_a_leader_who_left_without_losing_is_open(rulebook):
    result = ask(rulebook, OUTCOME, players=table(Ana={"status": "left"}))
    assert result["answer"] == dict.fromkeys(
        ["game_over", "winners", "losers", "still_in", "teams", "winning_team", "won_by", "conditions"]
    )
    assert result["verdict"].startswith("The rules leave this open, so the checker can't answer: the Leader left")
    assert {"907.8b", "907.8c", "907.12"} <= set(result["conflicts"][0]["rules"])


def test_a_player_leaving_with_anothers_identity_card_is_open(rulebook):
    result = ask(rulebook, OUTCOME, {"type": "exchange_control", "players": ["Ana", "Cleo"]}, lose("Cleo"))
    assert result["answer"]["winners"] is None
    assert {"907.11", "109.4tr"} <= set(result["conflicts"][0]["rules"])


def test_the_leader_player_follows_the_leader_card(rulebook):
    # Cleo now controls the Leader card: Eli attacking her is attacking a Leader player (372.7).
    players = table(Cleo={"face": "up"})
    result = ask(
        rulebook,
        can_unveil("Ben"),
        {"type": "exchange_control", "players": ["Ana", "Cleo"]},
        attack("Eli", "Cleo"),
        players=players,
    )
    assert result["answer"]["allowed"] is True


# ----- leave_game: 907.11-907.13, 702.TR01f -------------------------------------------------------------


def test_a_face_down_assassin_leaving_is_revealed(rulebook):
    result = ask(rulebook, {"type": "leave_game", "player": "Dev"})
    assert result["answer"] == {
        "revealed": [
            {"player": "Dev", "card": "Dev's identity card", "identity": "Assassin", "how": "revealed to all players"}
        ],
        "identity_cards": [
            {"player": "Dev", "card": "Dev's identity card", "identity": "Assassin", "result": "leaves the game"}
        ],
        "stack": "abilities from identity cards Dev owns that are on the stack stay there and resolve (907.11a)",
        "team_remembered": "assassins team",
    }
    assert {"702.TR01f", "907.11", "907.11a", "907.12", "907.13"} <= cited(result)


def test_a_card_controlled_by_another_player_stays_and_changes_owner(rulebook):
    result = ask(
        rulebook, {"type": "leave_game", "player": "Ana"}, {"type": "exchange_control", "players": ["Ana", "Ben"]}
    )
    cards = {card["card"]: card["result"] for card in result["answer"]["identity_cards"]}
    assert cards["Ana's identity card"] == "stays in the game; Ben, who controls it, becomes its owner"
    assert cards["Ben's identity card"] is None
    assert result["ambiguous"] is True
    assert "907.11b" in cited(result)


def test_a_player_who_already_lost_is_told_what_happened(rulebook):
    result = ask(rulebook, {"type": "leave_game", "player": "Cleo"}, lose("Cleo"))
    assert result["answer"]["revealed"] == [
        {"player": "Cleo", "card": "Cleo's identity card", "identity": "Assassin", "how": "turned face up"}
    ]
    assert "702.TR01a" in cited(result)


# ----- the worked examples, the text rendering, the rulebook ---------------------------------------


@pytest.mark.parametrize("example", worked_examples(), ids=lambda example: example["slug"])
def test_every_worked_example_gives_its_stored_answer(rulebook, example):
    result = check(rulebook, parse_scenario(example["scenario"]))
    assert {"verdict": result["verdict"], "answer": result["answer"]} == example["expected"]
    assert result["rules"] and result["explanation"]
    assert example["title"] and example["description"]


def test_the_worked_examples_store_the_answers_the_rules_give():
    """Spot checks of the stored answers themselves, each read from the rule it rests on."""
    expected = {example["slug"]: example["expected"] for example in worked_examples()}
    # 907.8c: the Leader lost with an Assassin identity still in the game; 104.2c: Cleo wins with her team.
    assert expected["01-leader-lost-assassin-never-unveiled"]["answer"]["winners"] == ["Cleo", "Dev"]
    # 907.8b overrides Platinum Angel for a Guardian.
    assert "Ben" in expected["05-platinum-angel-on-a-guardian"]["answer"]["losers"]
    # 907.8d: a Traitor wins once all opponents have left; the Guardian lost with the Leader (907.8b).
    assert expected["06-traitor-alone-with-a-guardian"]["answer"]["winners"] == ["Eli"]
    # 907.6 note: 40 life in a Commander game.
    assert expected["08-commander-setup"]["answer"]["life"] == 40
    # 907.5d: a face-down identity card makes its player everyone's opponent.
    assert expected["11-are-we-teammates"]["answer"] == {"teammates": False, "opponents": True}


def test_the_text_answer_quotes_each_rule(rulebook):
    text = answer_as_text(ask(rulebook, OUTCOME, lose("Ana")))
    assert "winners: Cleo, Dev" in text
    assert "[907.8c] (treachery-6.0 907.8c, /rules/treachery-6.0/907.8c)" in text
    assert "The assassins team wins the game if all players controlling a Leader identity have lost" in text


def test_official_rules_are_cited_from_the_official_edition_with_the_glossary_quoting_them(rulebook):
    citation = rulebook.cite("104.2c").as_json()
    assert citation["document"] == "comprehensive-rules-2026-01-16"
    assert citation["number"] == "104.2c"
    assert citation["text"].startswith("In a multiplayer game between teams, a team with at least one player")
    assert citation["url"] == "/rules/comprehensive-rules-2026-01-16/104.2c"
    assert citation["quoted_in"] == {
        "document": "treachery-6.0",
        "term": "Reminder: 104.2c",
        "url": "/glossary/treachery-6.0/reminder-104.2c",
    }


def test_official_rules_missing_from_an_excerpt_are_quoted_from_the_treachery_glossary(tmp_path):
    import sqlite_utils

    path = tmp_path / "rulebook.db"
    build_database(
        path, [bundled_source("treachery-rules-6.0.txt"), bundled_source("magic-comprehensive-rules-excerpt.txt")]
    )
    citation = load_rulebook(sqlite_utils.Database(path)).cite("104.2c").as_json()
    assert citation["document"] == "comprehensive-rules-excerpt"
    assert citation["number"] == "104.2c"
    assert citation["text"].startswith("In a multiplayer game between teams, a team with at least one player")
    assert citation["url"] == "/rules/comprehensive-rules-excerpt/104.2"
    assert citation["quoted_in"]["term"] == "Reminder: 104.2c"


def test_faq_answers_are_cited_with_their_question(rulebook):
    citation = rulebook.cite("FAQ Platinum Angel").as_json()
    assert citation["number"] is None and citation["question"] == "Can Platinum Angel protect my team?"
    assert citation["text"].startswith("Platinum Angel's effects apply on players, not teams.")
    assert citation["url"] == "/faq/treachery-6.0/can-platinum-angel-protect-my-team"  # the entry's own page


async def test_a_server_reads_the_checkers_rules_once_when_it_starts(site):
    state = await server_state(site)
    assert state.checker_problem is None
    assert state.checker.cite("907.6").number == "907.6"
    assert (await server_state(site)).checker is state.checker


def test_a_database_without_the_cited_rules_is_an_error_at_startup(tmp_path):
    path = tmp_path / "rulebook.db"
    build_database(
        path, [bundled_source("treachery-rules-1.1.txt"), bundled_source("magic-comprehensive-rules-excerpt.txt")]
    )
    import sqlite_utils

    with pytest.raises(
        CheckerSetupError, match="The rule checker cites rules this database doesn.t have: 109.4tr, 116.2tr"
    ):
        load_rulebook(sqlite_utils.Database(path))


# ----- the command line: rulebook check ----------------------------------------------------------


def run_check(built_db_path, *args, stdin=None):
    from click.testing import CliRunner

    from rulebook.cli import cli

    return CliRunner().invoke(cli, ["check", "--db", str(built_db_path), *args], input=stdin)


def test_the_command_answers_a_scenario_from_standard_input(built_db_path):
    scenario = {"players": table(), "events": [lose("Ana")], "question": OUTCOME}
    result = run_check(built_db_path, "-", stdin=json.dumps(scenario))
    assert result.exit_code == 0
    assert "winners: Cleo, Dev" in result.stdout
    assert "[907.8c] (treachery-6.0 907.8c, /rules/treachery-6.0/907.8c)" in result.stdout


def test_the_command_prints_the_json_answer(built_db_path, tmp_path):
    path = tmp_path / "scenario.json"
    path.write_text(json.dumps({"players": table(), "question": {"type": "setup"}}))
    result = run_check(built_db_path, "--json", str(path))
    assert json.loads(result.stdout)["answer"]["starting_player"] == "Ana"


def test_the_command_exits_2_naming_the_bad_field(built_db_path):
    result = run_check(
        built_db_path, "-", stdin=json.dumps({"players": table(Ben={"identity": "Wizard"}), "question": OUTCOME})
    )
    assert result.exit_code == 2
    assert 'players[1].identity: "Wizard" is not an identity' in result.stderr
    assert "Traceback" not in result.stderr + result.stdout


# ----- bad scenarios ----------------------------------------------------------------------------


def error_for(scenario) -> ScenarioError:
    with pytest.raises(ScenarioError) as raised:
        parse_scenario(scenario)
    return raised.value


def test_an_unknown_identity_is_named_with_the_identities_to_use():
    error = error_for({"players": table(Ben={"identity": "Wizard"}), "question": OUTCOME})
    assert str(error) == 'players[1].identity: "Wizard" is not an identity; use Leader, Guardian, Assassin or Traitor'
    assert error.field == "players[1].identity"


def test_an_unknown_event_type_is_named():
    error = error_for({"players": table(), "events": [{"type": "explode", "player": "Ana"}], "question": OUTCOME})
    assert error.field == "events[0].type"
    assert "attack, unveil, reveal, lose, concede, win, exchange_control or turn_face_down" in error.message


def test_a_player_named_twice_is_refused():
    error = error_for({"players": [*table(), {"name": "Ana", "identity": "Guardian"}], "question": OUTCOME})
    assert error.field == "players[5].name"
    assert "already the name of another player" in error.message


def test_an_event_naming_an_unknown_player_is_refused():
    error = error_for({"players": table(), "events": [lose("Zed")], "question": OUTCOME})
    assert str(error) == 'events[0].player: "Zed" is not one of the players (Ana, Ben, Cleo, Dev, Eli)'


def test_two_leaders_are_refused():
    error = error_for({"players": table(Eli={"identity": "Leader"}), "question": OUTCOME})
    assert error.field == "players[4].identity"
    assert "Ana is already the Leader" in error.message


def test_a_game_of_three_is_refused_except_for_identity_decks():
    error = error_for({"players": table()[:3], "question": OUTCOME})
    assert str(error) == "players: a Treachery game has four or more players (907.2); this scenario has 3"


def test_json_that_is_not_an_object_is_refused():
    with pytest.raises(ScenarioError, match="a scenario is a JSON object") as raised:
        parse_scenario_text("[1, 2]")
    assert raised.value.field is None


def test_text_that_is_not_json_is_refused():
    with pytest.raises(ScenarioError) as raised:
        parse_scenario_text("{\n  players: []}")
    assert str(raised.value) == (
        "the scenario is not valid JSON: expecting property name enclosed in double quotes at line 2, column 3"
    )


def test_json_nested_too_deeply_is_refused():
    with pytest.raises(ScenarioError, match="nested too deeply"):
        parse_scenario_text("[" * 30_000 + "]" * 30_000)


def test_a_scenario_over_64_kb_is_refused():
    with pytest.raises(ScenarioError, match="the limit is 65,536 bytes"):
        parse_scenario_text(json.dumps({"padding": "x" * 70_000}))


def test_a_misspelt_field_is_named():
    error = error_for({"players": table(Ben={"undercovr": True}), "question": OUTCOME})
    assert error.field == "players[1].undercovr"


def test_a_flag_must_be_true_or_false():
    error = error_for({"players": table(Ben={"cant_lose": "yes"}), "question": OUTCOME})
    assert str(error) == 'players[1].cant_lose: must be true or false, not "yes"'


def test_a_player_cant_attack_themselves():
    error = error_for({"players": table(), "events": [attack("Eli", "Eli")], "question": OUTCOME})
    assert error.field == "events[0].attacked"


# ----- properties --------------------------------------------------------------------------------

NAMES = ["Ana", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hal"]
OTHER_IDENTITIES = ["Guardian", "Assassin", "Traitor"]


@st.composite
def valid_scenarios(draw) -> dict:
    count = draw(st.integers(min_value=4, max_value=8))
    names = NAMES[:count]
    identities = ["Leader", *draw(st.lists(st.sampled_from(OTHER_IDENTITIES), min_size=count - 1, max_size=count - 1))]
    players = []
    for name, identity in zip(names, draw(st.permutations(identities))):
        entry = {
            "name": name,
            "identity": identity,
            "face": draw(st.sampled_from(["up", "down"])),
            "status": draw(st.sampled_from(["in", "in", "in", "lost", "left"])),
            "undercover": draw(st.booleans()),
            "cant_lose": draw(st.booleans()),
        }
        if draw(st.booleans()):
            entry["unveil_cost"] = "{2}"
        players.append(entry)
    player = st.sampled_from(names)
    single = st.builds(
        lambda kind, who: {"type": kind, "player": who},
        st.sampled_from(["unveil", "reveal", "lose", "concede", "win", "turn_face_down"]),
        player,
    )
    attacks = st.builds(
        lambda who, target, declared: {"type": "attack", "player": who, "attacked": [target], "declared": declared},
        player,
        player,
        st.booleans(),
    ).filter(lambda e: e["player"] != e["attacked"][0])
    exchanges = st.builds(
        lambda pair: {"type": "exchange_control", "players": pair},
        st.lists(player, min_size=2, max_size=2, unique=True),
    )
    events = draw(st.lists(st.one_of(single, attacks, exchanges), max_size=8))
    question = draw(
        st.one_of(
            st.just({"type": "outcome"}),
            st.just({"type": "setup"}),
            st.builds(
                lambda pair: {"type": "relationship", "players": pair},
                st.lists(player, min_size=2, max_size=2, unique=True),
            ),
            st.builds(
                lambda who, priority: {"type": "can_unveil", "player": who, "has_priority": priority},
                player,
                st.booleans(),
            ),
            st.builds(lambda who: {"type": "leave_game", "player": who}, player),
            st.builds(
                lambda n, cards: {
                    "type": "identity_deck",
                    "players": n,
                    "deck": dict(zip(["Leader", *OTHER_IDENTITIES], cards)),
                },
                st.integers(1, 10),
                st.lists(st.integers(0, 5), min_size=4, max_size=4),
            ),
        )
    )
    options = {
        "commander": draw(st.booleans()),
        "vanguard": draw(st.booleans()),
        "backstab_rumble": draw(st.booleans()),
    }
    return {"players": players, "options": options, "events": events, "question": question}


def stored_text(db, rule: dict) -> str | None:
    """The text the database holds for a citation, looked up the way a reader would."""
    document = next(db.query("select id from documents where slug = ?", [rule["document"]]))["id"]
    if rule["kind"] == "faq":
        row = next(db.query("select answer from faq where question = ?", [rule["question"]]), None)
        return row and row["answer"]
    if rule["kind"] == "note":
        row = next(
            db.query(
                "select p.text from rule_paragraphs p join rules r on r.id = p.rule_id "
                "where r.document_id = ? and r.number = ? and p.kind = 'note'",
                [document, rule["number"]],
            ),
            None,
        )
        return row and row["text"]
    if rule.get("quoted_in"):
        row = next(db.query("select text from glossary where term = ?", [rule["quoted_in"]["term"]]), None)
        return row and row["text"]
    row = next(
        db.query("select text from rules where document_id = ? and number = ?", [document, rule["number"]]), None
    )
    return row and row["text"]


@given(scenario=valid_scenarios())
def test_every_valid_scenario_gets_an_answer_citing_rules_in_the_database(built_db, rulebook, scenario):
    result = check(rulebook, parse_scenario(scenario))
    CheckAnswer.model_validate_json(json.dumps(result), strict=True)  # as queries/checker/answers.py declares it
    assert result["verdict"].endswith(".")
    assert result["ambiguous"] == bool(result["conflicts"])
    declared = ANSWERS[result["question"]["type"]]  # every answer as queries/checker/answers.py declares it
    for answer in [result["answer"], *(reading["answer"] for reading in result["readings"])]:
        declared.model_validate(answer)
    labels = {rule["label"] for rule in result["rules"]}
    assert all(label in labels for step in result["explanation"] for label in step["rules"])
    for rule in result["rules"]:
        assert {"document", "number", "text", "url"} <= set(rule)
        assert stored_text(built_db, rule) == rule["text"]


CORRUPTIONS = {
    "unknown identity": (lambda s: s["players"][1].update(identity="Wizard"), "players[1].identity"),
    "unknown event": (lambda s: s["events"].append({"type": "teleport", "player": "Ana"}), "events[{last}].type"),
    "player named twice": (
        lambda s: s["players"].append(dict(s["players"][0], identity="Traitor")),
        "players[{players}].name",
    ),
    "unknown player in an event": (
        lambda s: s["events"].append({"type": "lose", "player": "Nobody"}),
        "events[{last}].player",
    ),
    "second Leader": (
        lambda s: s["players"].append({"name": "Zoe", "identity": "Leader"}),
        "players[{players}].identity",
    ),
    "three players": (lambda s: s["players"].__delitem__(slice(3, None)), "players"),
}


@given(
    scenario=valid_scenarios().filter(
        lambda s: s["question"]["type"] not in ("identity_deck", "relationship", "can_unveil", "leave_game")
    ),
    corruption=st.sampled_from(sorted(CORRUPTIONS)),
)
def test_every_invalid_scenario_gets_an_error_naming_the_field(scenario, corruption):
    corrupt, field = CORRUPTIONS[corruption]
    if corruption == "three players":
        scenario["events"] = []
    corrupt(scenario)
    expected = field.format(last=len(scenario["events"]) - 1, players=len(scenario["players"]) - 1)
    with pytest.raises(ScenarioError) as raised:
        parse_scenario_text(json.dumps(scenario))
    assert raised.value.field == expected
    assert str(raised.value).startswith(expected + ": " if expected != "players" else "players: a Treachery game")


# ----- the verdict, the conditions considered, the warnings ----------------------------------------


def test_the_verdict_names_the_winners_their_team_and_the_rule(rulebook):
    result = ask(rulebook, OUTCOME, lose("Cleo"), lose("Ana"))
    assert result["verdict"] == (
        "Cleo and Dev win: the assassins team (907.8c); Cleo lost earlier and wins with the team (104.2c)."
    )
    assert result["answer"]["winning_team"] == "assassins team"
    assert result["answer"]["won_by"] == ["907.8c"]


def test_an_outcome_cites_every_win_and_lose_condition_with_why_it_did_or_didnt_apply(rulebook):
    result = ask(rulebook, OUTCOME, lose("Cleo"))
    conditions = {condition["rule"]: condition for condition in result["answer"]["conditions"]}
    assert list(conditions) == ["907.8a", "907.8b", "907.8c", "907.8d", "907.8e"]
    assert not any(condition["applied"] for condition in conditions.values())
    assert conditions["907.8b"]["why"] == "Ana, controlling the Leader identity, hadn't lost the game."
    assert conditions["907.8a"]["why"] == "No team had every one of its players lose the game (lost: Cleo)."
    assert {"907.8a", "907.8b", "907.8c", "907.8d", "907.8e"} <= cited(result)
    assert result["verdict"] == "The game goes on: Ana, Ben, Dev and Eli are still in it."


def test_a_face_down_identity_without_unveil_cost_is_read_as_given_with_a_warning(rulebook):
    players = table(Ben={"face": "down", "unveil_cost": None})
    del players[1]["unveil_cost"]
    result = ask(rulebook, {"type": "relationship", "players": ["Ana", "Ben"]}, players=players)
    assert result["answer"] == {"teammates": False, "opponents": True}
    [warning] = result["warnings"]
    assert warning["player"] == "Ben" and warning["field"] == "players[1].unveil_cost"
    assert warning["text"].startswith("Ben's identity card is face down but has no unveil cost.")
    assert "(907.4a)" in warning["text"] and "907.4a" in cited(result)


def test_leaving_out_the_unveil_cost_is_read_as_face_up_and_said(rulebook):
    players = table(Ben={})
    players[1] = {"name": "Ben", "identity": "Guardian"}
    result = ask(rulebook, {"type": "relationship", "players": ["Ana", "Ben"]}, players=players)
    assert result["answer"]["teammates"] is True
    assert result["warnings"][0]["text"].startswith(
        "Ben's identity card has no unveil cost, so the checker read it as face up"
    )


# ----- bounded input: limits, numbers, Unicode -----------------------------------------------------


def test_more_than_64_players_are_refused_naming_the_field():
    players = [{"name": f"P{n}", "identity": "Leader" if n == 0 else "Traitor"} for n in range(65)]
    error = error_for({"players": players, "question": OUTCOME})
    assert error.field == "players"
    assert str(error) == "players: has 65 entries; the limit is 64"


def test_more_than_1000_events_are_refused_naming_the_field():
    error = error_for({"players": table(), "events": [lose("Eli")] * 1001, "question": OUTCOME})
    assert (error.field, error.message) == ("events", "has 1,001 entries; the limit is 1,000")


def test_a_5000_digit_number_is_refused_by_its_field():
    body = '{"players": [], "question": {"type": "identity_deck", "players": ' + "9" * 5000 + ', "deck": {}}}'
    with pytest.raises(ScenarioError) as raised:
        parse_scenario_text(body)
    assert raised.value.field == "question.players"
    assert raised.value.message == "must be the number of players (1 to 64), not a 5,000-digit number"


def test_a_lone_surrogate_in_a_name_is_refused_naming_the_field():
    body = json.dumps({"players": table(), "question": OUTCOME}).replace('"Eli"', '"Eli\\ud800"', 1)
    with pytest.raises(ScenarioError) as raised:
        parse_scenario_text(body)
    assert raised.value.field == "players[4].name"
    assert "lone surrogate" in raised.value.message


def test_a_name_in_two_unicode_normal_forms_is_one_name(rulebook):
    composed, decomposed = "Zo\u00eb", "Zoe\u0308"
    players = table(Eli={"name": composed})
    players[4]["name"] = composed
    result = ask(rulebook, OUTCOME, lose(decomposed), players=players)
    assert result["answer"]["losers"] == [composed]
    error = error_for({"players": [*players, {"name": decomposed, "identity": "Traitor"}], "question": OUTCOME})
    assert error.field == "players[5].name" and "already the name of another player" in error.message


@pytest.mark.parametrize(
    "body, message",
    [
        (
            '{"players": [], "question": {"type": "identity_deck", "players": ' + "9" * 5000 + ', "deck": {}}}',
            "question.players: must be the number of players (1 to 64), not a 5,000-digit number",
        ),
        (
            '{"players": [{"name": "Eli\\ud800"}], "question": {"type": "outcome"}}',
            "players[0].name: holds a lone surrogate",
        ),
        ("x" * 70_000, "the scenario is 70,000 bytes; the limit is 65,536 bytes (64 KB)"),
        ('{"players": [,]}', "the scenario is not valid JSON: expecting value at line 1, column 14"),
    ],
    ids=["long number", "lone surrogate", "too large", "trailing comma"],
)
def test_the_command_exits_2_with_a_message_for_any_bad_scenario(built_db_path, body, message):
    result = run_check(built_db_path, "-", stdin=body)
    assert result.exit_code == 2
    assert message in result.stderr
    assert "Traceback" not in result.stderr + result.stdout


def test_a_scenario_is_read_once_into_typed_values():
    """Faces, statuses, identities, events and questions are enum members after parsing (a misspelt
    member fails at import), and the answers still show them as the JSON words."""
    from rulebook.queries.checker.scenario import EventType, Face, Identity, QuestionType, Status, question_as_json
    from rulebook.queries.checker.teams import Side, Team, team_of_identity

    scenario = parse_scenario(
        {
            "players": [
                {"name": "Ana", "identity": "Leader"},
                {"name": "Ben", "identity": "Guardian", "unveil_cost": "{2}{W}"},
                {"name": "Cleo", "identity": "Assassin", "status": "lost", "unveil_cost": "{1}"},
                {"name": "Dev", "identity": "Traitor", "face": "up"},
            ],
            "events": [{"type": "unveil", "player": "Ben"}],
            "question": {"type": "outcome"},
        }
    )
    ana, ben, cleo, dev = scenario.players
    assert (ana.identity, ana.face, ana.status) == (Identity.LEADER, Face.UP, Status.IN)
    assert (ben.face, cleo.identity, cleo.status, dev.face) == (Face.DOWN, Identity.ASSASSIN, Status.LOST, Face.UP)
    assert scenario.events[0].type is EventType.UNVEIL and scenario.question.type is QuestionType.OUTCOME
    assert team_of_identity(Identity.TRAITOR, "Dev") == Team(Side.TRAITOR, "Dev")
    assert str(team_of_identity(Identity.TRAITOR, "Dev")) == "Traitor team of Dev"
    assert json.dumps(question_as_json(scenario.question)) == '{"type": "outcome"}'


def test_the_format_s_words_are_taken_as_the_schema_spells_them():
    """The published schema lists Leader, not leader: the reader takes exactly what it allows."""
    error = error_for({"players": table(Ana={"identity": "leader"}), "question": OUTCOME})
    assert str(error) == 'players[0].identity: "leader" is not an identity; use Leader, Guardian, Assassin or Traitor'
    assert error.status == 400


def test_a_well_formed_scenario_that_is_no_game_is_a_422_naming_the_field():
    error = error_for({"players": table(), "events": [lose("Zed")], "question": OUTCOME})
    assert (error.field, error.status) == ("events[0].player", 422)
    error = error_for({"players": table(), "question": {"type": "outcom"}})
    assert (error.field, error.status) == ("question.type", 400)
    assert error.message == (
        '"outcom" is not a question type; use identity_deck, setup, relationship, outcome, can_unveil or leave_game'
    )
