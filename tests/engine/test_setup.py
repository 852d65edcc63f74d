"""Fáze zakládání: two rounds, clockwise then back; the second settlement yields the first
resources; the distance rule holds from the start."""

import pytest

from engine import Board, Game, RuleViolation
from engine.actions import PlaceRoad, PlaceSettlement, RollDice


def new_game(players=("orange", "red", "blue", "white")):
    return Game.new(Board.beginner(), players, seed=1)


def place(game, color, node, path):
    game.apply(PlaceSettlement(color, node))
    game.apply(PlaceRoad(color, path))


def test_round_one_clockwise_round_two_counter_clockwise():
    game = new_game()
    order = []
    spots = iter([("a1.NW", "a1.NW"), ("a3.NE", "a3.E"), ("c1.NW", "c1.W"), ("e1.S", "e1.SW"),
                  ("e3.SE", "e3.SE"), ("c5.NE", "c5.E"), ("c3.N", "b2|b3"), ("c3.S", "d2|d3")])
    while game.phase == "setup":
        color = game.acting_player
        order.append(color)
        place(game, color, *next(spots))
    assert order == ["orange", "red", "blue", "white", "white", "blue", "red", "orange"]
    # The player who began also begins the game.
    assert game.phase == "roll" and game.current_player == "orange" and game.turn_number == 1


def test_only_the_second_settlement_yields_resources():
    game = new_game(("orange", "red", "blue"))
    place(game, "orange", "c3.N", "b2|b3")  # desert, pasture 12, forest 3
    assert game.hand_size("orange") == 0
    place(game, "red", "a1.NW", "a1.NW")
    place(game, "blue", "e3.SE", "e3.SE")
    place(game, "blue", "a3.NE", "a3.E")  # forest 6 only
    assert game.hand("blue")["lumber"] == 1 and game.hand_size("blue") == 1
    place(game, "red", "c1.NW", "c1.W")
    assert game.hand("red")["grain"] == 1
    events = game.apply(PlaceSettlement("orange", "c4.SE"))  # mountains, fields, forest
    assert game.hand("orange") == {"brick": 0, "lumber": 1, "wool": 0, "grain": 1, "ore": 1}
    assert events[-1].kind == "produced"


def test_distance_rule_applies_in_the_set_up():
    game = new_game()
    place(game, "orange", "c3.N", "b2|b3")
    with pytest.raises(RuleViolation) as exc:
        game.apply(PlaceSettlement("red", "c3.NE"))
    assert exc.value.code == "distance_rule"
    assert exc.value.headword == "pravidlo-o-vzdalenosti-mezi-dvema-vesnicemi"


def test_set_up_road_must_touch_the_new_settlement():
    game = new_game()
    game.apply(PlaceSettlement("orange", "c3.N"))
    with pytest.raises(RuleViolation) as exc:
        game.apply(PlaceRoad("orange", "e1.SW"))
    assert exc.value.code == "setup_road_not_at_settlement"
    assert exc.value.headword == "faze-zakladani"


def test_set_up_is_settlement_then_road():
    game = new_game()
    with pytest.raises(RuleViolation) as exc:
        game.apply(PlaceRoad("orange", "b2|b3"))
    assert exc.value.code == "setup_settlement_expected"
    game.apply(PlaceSettlement("orange", "c3.N"))
    with pytest.raises(RuleViolation) as exc:
        game.apply(PlaceSettlement("orange", "e1.S"))
    assert exc.value.code == "setup_road_expected"


def test_nobody_rolls_during_the_set_up():
    game = new_game()
    with pytest.raises(RuleViolation) as exc:
        game.apply(RollDice("orange"))
    assert exc.value.code == "setup_phase"


def test_only_the_player_in_turn_places():
    game = new_game()
    with pytest.raises(RuleViolation) as exc:
        game.apply(PlaceSettlement("red", "c3.N"))
    assert exc.value.code == "not_your_turn"
    assert exc.value.message == "Nyní je na řadě oranžový hráč."


def test_legal_set_up_actions():
    game = new_game()
    assert len(game.legal_actions()) == 54
    game.apply(PlaceSettlement("orange", "c3.N"))
    assert {a.path for a in game.legal_actions()} == {"b2|b3", "b2|c3", "b3|c3"}
    game.apply(PlaceRoad("orange", "b2|b3"))
    assert len(game.legal_actions()) == 54 - 4


def test_three_players_use_the_same_board_and_bank_as_four():
    """The ruling `hra-ve-trech-plan`: three players play on the same 19 land tiles with the
    same bank and deck; only one colour's pieces stay in the box."""
    three, four = new_game(("orange", "red", "blue")), new_game()
    assert three.board == four.board and len(three.board.hex_resource) == 19
    assert three.bank == four.bank and three.deck_size == four.deck_size == 25
    assert three.players == ("orange", "red", "blue")


def test_the_set_up_builds_settlements_never_a_city():
    """The ruling `mesto-pri-zakladani`: the set-up places 2 settlements and 2 roads each."""
    from engine.actions import BuildCity

    game = new_game()
    game.apply(PlaceSettlement("orange", "c3.N"))
    with pytest.raises(RuleViolation):
        game.apply(BuildCity("orange", "c3.N"))
    assert list(game.buildings.values()) == [("orange", "settlement")]


def test_both_set_up_settlements_may_touch_the_same_tile():
    """Fáze zakládání ("Druhou vesnici může hráč postavit kdekoli"): anywhere, the same
    tile as the first included, the distance rule kept."""
    game = new_game(("orange", "red", "blue"))
    place(game, "orange", "c3.N", "b2|b3")
    place(game, "red", "a3.NE", "a3.E")
    place(game, "blue", "c1.NW", "c1.W")
    place(game, "blue", "e1.S", "e1.SW")
    place(game, "red", "e3.SE", "e3.SE")
    place(game, "orange", "c3.S", "d2|d3")  # c3.N and c3.S both touch the tile c3
    assert list(game.buildings.values()).count(("orange", "settlement")) == 2
    assert game.phase == "roll"
