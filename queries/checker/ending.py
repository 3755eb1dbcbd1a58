"""Is the game over, and who won? Checked after every event.

907.8b/907.8c once every Leader has lost, then 104.2a, 104.2c and 907.8d once a player or a
team is the only one left; 907.8e when one player's win takes their team along; at the end,
every face-down identity card is revealed (702.TR01f, 907.13).
"""

from __future__ import annotations

from .open_points import FACE_DOWN_WINNER_TEAM, LEADER_LEFT_WITHOUT_LOSING
from .scenario import Face, Identity, Status
from .state import Game
from .teams import ASSASSINS_TEAM, LEADER_TEAM, Team
from .wording import a, and_list


def check_end(game: Game) -> None:
    """After every event: answered from the tallies alone while the Leader and two teams are still in."""
    if not game.over and not game.leader_team_lost and game.leader_card.controller is None and _leaders_all_lost(game):
        game.leader_team_lost = True
        _leader_team_loses(game)
    if not game.over and (len(game.controlled) <= 1 or len(game.team_counts) <= 1):
        _last_team_standing(game)
    if game.over and not game.ended:
        game.ended = True
        _game_ends(game)


def _leaders_all_lost(game: Game) -> bool:
    """The Leader card has left the game: with a player who lost it (or, open, one who left)."""
    last = next(
        name
        for name, leaving in game.departures.items()
        if any(
            moved["identity"] == Identity.LEADER and moved["result"] == "leaves the game"
            for moved in leaving.identity_cards
        )
    )
    if game.seats[last].status == Status.LEFT:
        game.why.halt(LEADER_LEFT_WITHOUT_LOSING)
    return True


def _leader_team_loses(game: Game) -> None:
    assassins_in_game = [
        card.controller
        for card in game.cards.values()
        if card.identity == Identity.ASSASSIN and card.controller is not None
    ]
    remaining = [name for name in game.in_game() if game.identity_team_of(name) == LEADER_TEAM]
    game.why.step(
        "Every player controlling a Leader identity has lost the game, so the leader team loses the "
        "game (907.8b, 907.8a).",
        "907.8b",
        "907.8a",
        "104.3g",
    )
    for name in remaining:
        game.why.step(
            f"{name} is on the leader team, so {name} loses the game too: a Guardian loses as soon as the "
            "Leader has lost (907.8b, the FAQ).",
            "907.8b",
            "FAQ Traitor and Guardian",
        )
        if game.card_of(name).face == Face.DOWN:
            game.why.step(
                f"That holds with {name}'s Guardian identity still face down: 907.8b counts the Guardian "
                "identities still in the game, as 907.8c counts the Assassin identities.",
                "907.8b",
                "907.8c",
            )
        if game.seats[name].cant_lose:
            game.why.step(
                f"The effect that keeps {name} from losing (such as Platinum Angel's) doesn't stop it: 907.8b "
                "overrides every effect "
                "that would keep a Guardian from losing, and Platinum Angel protects a player, not their "
                "team (the FAQ on Platinum Angel).",
                "907.8b",
                "FAQ Platinum Angel",
            )
        game.leave(name, lost=True)
    if assassins_in_game:
        game.why.step(
            f"An Assassin identity is still in the game ({and_list(assassins_in_game)}), so the "
            "assassins team wins (907.8c). Everyone knows how many Assassin identities are in the game "
            "(907.8c, 907.3d), so a face-down one counts.",
            "907.8c",
            "907.3d",
        )
        protected = [
            name
            for name in game.in_game()
            if game.seats[name].cant_lose and game.identity_team_of(name) != ASSASSINS_TEAM
        ]
        if protected:
            game.why.step(
                f"The effect that keeps {and_list(protected)} from losing (such as Platinum Angel's) can't "
                "stop the assassins team winning once the Leader has lost (the FAQ on Platinum Angel).",
                "FAQ Platinum Angel",
            )
        game.won_by.append("907.8c")
        _winning_team(game, ASSASSINS_TEAM, because="104.2c")
    else:
        game.why.step(
            "No Assassin identity is still in the game, so the assassins team doesn't win (907.8c).", "907.8c"
        )


def _last_team_standing(game: Game) -> None:
    """104.2a, 104.2c, 907.8d: a player or team wins once all their opponents have left."""
    players_in = len(game.controlled)
    if not players_in:
        game.over = True
        game.why.step(
            "No player is left in the game and nobody won it: the game ends without a winner, one of "
            "the ways a game is a draw (104.4).",
            "104.4",
            "104.1",
        )
        return
    if players_in == 1:
        _last_player_wins(game, next(iter(game.controlled)))
        return
    [team] = game.team_counts
    if not team.shared:
        return
    if not game.face_down_count:
        game.why.step(
            f"Every player still in the game is on the {team} and all other teams have left the "
            f"game, so the {team} wins (104.2c).",
            "104.2c",
        )
        game.won_by.append("104.2c")
        _winning_team(game, team, because="104.2c")
    elif game.hidden_told[0] != game.faces_changed:
        hidden = [name for name in game.in_game() if game.card_of(name).face == Face.DOWN]
        told, game.hidden_told = game.hidden_told[1], (game.faces_changed, hidden)
        if hidden != told:
            game.why.step(
                f"Everyone still in the game is secretly on the {team}, but "
                f"{and_list(hidden)} {'has' if len(hidden) == 1 else 'have'} a face-down identity card, "
                "and a player with a face-down identity card is an opponent of every other player "
                "(907.5d): the team hasn't won yet. It wins once those cards are face up (104.2c).",
                "907.5d",
                "104.2c",
            )


def _last_player_wins(game: Game, winner: str) -> None:
    game.won_by.append("907.8d" if game.card_of(winner).identity == Identity.TRAITOR else "104.2a")
    if game.card_of(winner).identity == Identity.TRAITOR:
        game.why.step(
            f"All of {winner}'s opponents have left the game, so {winner}'s Traitor team wins (907.8d, 104.2a).",
            "907.8d",
            "104.2a",
        )
    else:
        game.why.step(f"All of {winner}'s opponents have left the game, so {winner} wins (104.2a).", "104.2a")
    team_wins(game, winner)


def team_wins(game: Game, winner: str) -> None:
    """907.8e: a player who wins takes their whole team with them."""
    card = game.card_of(winner)
    game.over = True
    if card.identity == Identity.TRAITOR:
        game.why.step(f"{winner} is a Traitor, with no teammates (907.5c): {winner} alone wins.", "907.5c")
        game.won_by.append("907.5c")
        game.winning_team = card.team
        game.winners.append(winner)
        return
    if card.face == Face.DOWN and game.why.decide(FACE_DOWN_WINNER_TEAM) == 1:
        game.won_by.append("907.5d")
        game.winners.append(winner)
        return
    game.won_by.append("907.8e")
    game.why.step(
        f"If any player on a team wins the game, their entire team wins (907.8e): the {card.team} wins.",
        "907.8e",
        "FAQ you win the game",
    )
    _winning_team(game, card.team, because="907.8e")


def _winning_team(game: Game, team: Team, because: str) -> None:
    """Every member of the team wins, including those who had lost (104.2c, 907.8e)."""
    game.over = True
    game.winning_team = team
    members = [name for name in game.seats if game.identity_team_of(name) == team]
    earlier = [name for name in members if name in game.losers]
    if earlier:
        game.why.step(
            f"{and_list(earlier)} had lost the game earlier but {'is' if len(earlier) == 1 else 'are'} "
            f"on the {team}, and the whole winning team wins, even a player who had lost ({because}).",
            because,
        )
    game.winners.extend(name for name in members if name not in game.winners)


def _game_ends(game: Game) -> None:
    hidden = [card for card in game.cards.values() if card.controller and card.face == Face.DOWN]
    if hidden:
        game.why.step(
            "The game is over: every face-down identity card is revealed to all players: "
            + and_list(f"{card.controller} is {a(card.identity)}" for card in hidden)
            + " (702.TR01f, 907.13).",
            "702.TR01f",
            "907.13",
        )
    others = [name for name in game.in_game() if name not in game.winners]
    if others:
        game.why.step(
            f"{and_list(others)} {'was' if len(others) == 1 else 'were'} still in the game but "
            "not on the winning team: the game ends as soon as a player wins, and only the winners "
            "win it (104.1).",
            "104.1",
        )
        game.losers.extend(others)


def conditions(game: Game) -> list[dict]:
    """Each Treachery win or lose condition (907.8a-907.8e): did it apply, and why (not)."""
    lost = [name for name, seat in game.seats.items() if seat.status == Status.LOST]
    teams: dict[Team, list[str]] = {}
    for name in game.seats:
        teams.setdefault(game.identity_team_of(name), []).append(name)
    beaten = [
        team for team, members in teams.items() if all(game.seats[name].status == Status.LOST for name in members)
    ]
    leader_lost = game.leader_team_lost
    return [
        _condition(
            "907.8a",
            bool(beaten),
            f"Every player on the {and_list(beaten)} lost the game, so "
            + ("that team lost." if len(beaten) == 1 else "those teams lost.")
            if beaten
            else "No team had every one of its players lose the game"
            + (f" (lost: {and_list(lost)})." if lost else ": nobody lost."),
        ),
        _condition(
            "907.8b",
            leader_lost,
            "Every player controlling a Leader identity lost the game, so the leader team lost, Guardians included."
            if leader_lost
            else f"{game.leader_card.controller or game.leader_card.dealt_to}, controlling the Leader identity, "
            "hadn't lost the game.",
        ),
        _condition(
            "907.8c",
            "907.8c" in game.won_by,
            "The Leader lost while an Assassin identity was still in the game, so the assassins team won."
            if "907.8c" in game.won_by
            else "No Assassin identity was still in the game when the Leader lost."
            if leader_lost
            else "The Leader hadn't lost the game, and the assassins team wins this way only once the Leader has.",
        ),
        _condition(
            "907.8d",
            "907.8d" in game.won_by,
            f"All of {and_list(game.winners)}'s opponents left the game, so that Traitor team won."
            if "907.8d" in game.won_by
            else "No Traitor was left with all their opponents gone from the game.",
        ),
        _condition(
            "907.8e",
            "907.8e" in game.won_by,
            f"A player on the {game.winning_team} won the game, so their entire team won."
            if "907.8e" in game.won_by
            else "The winner is a Traitor, with no teammates to take along (907.5c)."
            if "907.5c" in game.won_by
            else "No player won the game for a team on their own.",
        ),
    ]


def _condition(rule: str, applied: bool, why: str) -> dict:
    return {"rule": rule, "applied": applied, "why": why}
