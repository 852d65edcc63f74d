"""Errors: a RuleViolation names the rule (stable code, Czech message, Almanach headword);
InvalidInput is for input that makes no sense. Either way the game is unchanged."""

import re
from pathlib import Path

import pytest
from engine_kit import random_game, sandbox

import engine
from engine import Game, InvalidInput, RuleViolation, actions

# The Almanach slugs a RuleViolation may cite: its headwords and pages (the Almanach's own
# data files, almanach/content/hesla and stranky).
CONTENT = Path(__file__).resolve().parents[2] / "almanach" / "content"
SLUGS = {p.stem for p in CONTENT.glob("*/*.md")}
ENGINE = Path(engine.__file__).parent


def test_every_headword_in_the_source_is_an_almanach_slug():
    source = "".join(p.read_text() for p in ENGINE.glob("*.py"))
    cited = set(re.findall(r'"([a-z]+(?:-[a-z]+)+)"', source)) - {"almanach-katanu"}
    cited = {c for c in cited if not c.startswith("almanach-katanu/")}
    assert cited <= SLUGS, cited - SLUGS


@pytest.mark.parametrize("seed", range(8))
def test_refused_actions_name_their_rule_and_change_nothing(seed):
    game = random_game(seed, 40 * seed + 30)
    before = game.to_json()
    tries = [
        actions.BuildRoad(game.current_player, "a1.NW"),
        actions.BuildSettlement(game.current_player, "c3.N"),
        actions.BuildCity(game.current_player, "c3.N"),
        actions.BuyDevelopmentCard(game.current_player),
        actions.TradeBank(game.current_player, "ore", "ore"),
        actions.PlayMonopoly(game.current_player, "ore"),
        actions.EndTrade(game.current_player),
        actions.RollDice(game.current_player),
        actions.MoveRobber(game.current_player, game.robber),
    ] + [actions.EndTurn(c) for c in game.players]
    refused = 0
    for action in tries:
        try:
            game.copy().apply(action)
        except RuleViolation as exc:
            refused += 1
            assert re.fullmatch(r"[a-z_]+", exc.code)
            assert exc.headword in SLUGS
            assert exc.message[0].isupper() and exc.message.endswith((".", "!"))
            with pytest.raises(RuleViolation):
                game.apply(action)
            assert game.to_json() == before
    assert refused


def test_messages_are_czech_with_diacritics():
    game = sandbox()
    with pytest.raises(RuleViolation) as exc:
        game.apply(actions.EndTurn("red"))
    assert exc.value.message == "Nyní je na řadě oranžový hráč."
    assert exc.value.to_json() == {"code": "not_your_turn",
                                   "message": "Nyní je na řadě oranžový hráč.",
                                   "headword": "prubeh-hry"}


@pytest.mark.parametrize("action", [
    actions.BuildRoad("orange", "z9|z8"),
    actions.BuildSettlement("orange", "c3.X"),
    actions.BuildRoad("purple", "b2|c3"),
    actions.TradeBank("orange", "gold", "ore"),
    actions.TradeBank("orange", "ore", "wool", 0),
    actions.TradePlayers("orange", "red", {"ore": -1}, {"wool": 1}),
    actions.TradePlayers("orange", "red", ["ore"], {"wool": 1}),
    actions.RollDice("orange", (0, 7)),
    actions.BuyDevelopmentCard("orange", "dragon"),
    actions.MoveRobber("orange", "q1"),
    actions.PlayYearOfPlenty("orange", ("ore",)),
    actions.PlayRoadBuilding("orange", ()),
    actions.BuildRoad(["orange"], "b2|c3"),
    actions.BuildCity("orange", ["c3.N"]),
])
def test_malformed_input_is_invalid_input(action):
    game = sandbox()
    before = game.to_json()
    with pytest.raises(InvalidInput) as exc:
        game.apply(action)
    assert exc.value.message
    assert game.to_json() == before


def test_not_an_action_is_invalid_input():
    with pytest.raises(InvalidInput):
        sandbox().apply("build a road")  # type: ignore[arg-type]


def test_check_says_what_apply_would_say_and_changes_nothing():
    game = Game.beginner()
    before = game.to_json()
    game.check(actions.RollDice("orange"))
    with pytest.raises(RuleViolation):
        game.check(actions.EndTurn("orange"))
    assert game.to_json() == before


def test_unknown_players_and_colours():
    with pytest.raises(InvalidInput):
        Game.beginner(players=("orange", "purple", "blue"))
    with pytest.raises(InvalidInput):
        Game.beginner(players=("orange", "orange", "blue"))
    with pytest.raises(InvalidInput):
        Game.beginner(players=("orange", "blue"))
    with pytest.raises(InvalidInput):
        sandbox().hand("purple")
