"""engine.referee: readings a rules dispute needs (defaults for a partial position, where a
road is broken, whom the robber may rob, what a roll pays)."""

import pytest

from engine import Board, Game, InvalidInput, Rules, actions, referee, topology

RED_ROAD = ["a1.W", "a1.NW", "a1.NE", "a2.NW", "a2.NE", "a3.NW"]


def sandbox(**kw):
    return Game.empty(Board.beginner(), rules=Rules(**kw))


def test_a_partial_position_takes_defaults_and_the_sole_longest_road_holds_the_card():
    game = referee.position_from_json({"roads": dict.fromkeys(RED_ROAD, "red")})
    assert game.players == ("orange", "red", "blue", "white")
    assert game.robber == Board.beginner().robber_start
    assert game.road_length("red") == 6
    assert game.longest_road_holder == "red"
    assert game.deck_size == 25


def test_the_deck_default_leaves_out_the_cards_in_hands_and_played():
    game = referee.position_from_json({"dev_cards": {"red": {"knight": 2}},
                                       "played": {"blue": {"knight": 3}}})
    assert game.deck_size == 20
    assert game.largest_army_holder == "blue"


@pytest.mark.parametrize("position, code", [
    ({"buildings": {"a2.SE": ["red", "settlement"], "a2.S": ["blue", "settlement"]}},
     "position_distance_rule"),
    ({"roads": {p: "red" for p in topology.PATH_IDS[:16]}},
     "position_piece_limit"),
    ({"buildings": {"a2.SE": ["red", "town"]}}, "position_piece"),
])
def test_an_impossible_position_is_refused_with_the_engines_reason(position, code):
    with pytest.raises(InvalidInput) as caught:
        referee.position_from_json(position)
    assert caught.value.code == code
    assert caught.value.message  # a Czech sentence for the player


def test_a_settlement_on_a_road_is_a_break_and_the_unbroken_length_is_known():
    game = sandbox()
    for path in RED_ROAD:
        game.place_road("red", path)
    game.place_settlement("blue", "a1.NE")
    assert referee.road_breaks(game, "red") == ["a1.NE"]
    assert game.road_length("red") == 3
    assert referee.unbroken_road_length(game, "red") == 6
    assert referee.road_breaks(game, "blue") == []


def test_robber_candidates_need_a_building_on_the_hex_and_a_card_in_hand():
    game = sandbox()
    game.place_settlement("blue", "c3.N")
    game.place_settlement("white", "c3.SW")
    game.place_settlement("red", "c3.SE")
    game.set_hand("blue", {"ore": 1})
    assert referee.robber_candidates(game, "red", "c3") == (["blue"], ["white"])
    assert referee.robber_candidates(game, "blue", "c3") == ([], ["red", "white"])


def test_the_robber_must_leave_its_hex():
    game = sandbox()
    assert referee.why_not_robber(game, game.robber).code == "robber_must_move"
    assert referee.why_not_robber(game, "a1") is None


def test_roll_yields_agree_with_rolling_the_dice_and_leave_the_position_alone():
    game = Game.beginner()
    before = game.to_json()
    for total, dice in ((8, (4, 4)), (6, (3, 3)), (10, (5, 5))):
        rolled = game.copy()
        events = rolled.apply(actions.RollDice("orange", dice))
        produced = next(e for e in events if e.kind == "produced")
        assert referee.roll_yields(game, total) == produced
    assert game.to_json() == before


def test_a_seven_names_who_discards():
    game = sandbox()
    game.set_hand("red", {"ore": 9})
    game.set_hand("blue", {"ore": 7})
    assert referee.roll_yields(game, 7).players == {"red": 4}


def test_a_bank_that_runs_short_pays_nobody_that_resource():
    game = sandbox()
    hill = next(h for h in topology.HEX_IDS
                if game.board.terrain(h) == "hills" and h != game.robber)
    game.place_settlement("red", f"{hill}.N")
    game.place_settlement("blue", f"{hill}.SE")
    game.set_hand("white", {"brick": 18})
    produced = referee.roll_yields(game, game.board.number(hill))
    assert "brick" in produced.shortage
    assert all(not gains.get("brick") for gains in produced.gains.values())


def test_harbor_for_names_the_harbor_behind_the_rate():
    game = sandbox()
    harbor = game.board.harbors[0]
    game.place_settlement("red", harbor.intersections[0])
    kind = harbor.kind
    resource = kind if kind != "3:1" else "ore"
    assert referee.harbor_for(game, "red", resource) == kind
    assert referee.harbor_for(game, "blue", resource) is None
