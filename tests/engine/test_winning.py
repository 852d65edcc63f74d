"""Konec hry, Výherní body, Karta s výherním bodem: 10 points on one's own turn."""

import pytest
from engine_kit import hand, place_roads, sandbox

from engine import Rules, RuleViolation
from engine.actions import BuildCity, BuyDevelopmentCard, EndTurn, RollDice


def konec_hry_position(deck=("victory_point",)):
    """2 settlements, 2 cities, Longest Road and 1 victory-point card: 9 points."""
    game = sandbox(deck=list(deck))
    game.place_settlement("orange", "a3.NE")
    game.place_settlement("orange", "c1.SW")
    game.place_settlement("orange", "e3.SE", city=True)
    game.place_settlement("orange", "c5.NE", city=True)
    place_roads(game, "orange", "a1.SW", "a1.NW", "a1.N", "a1.NE", "a2.N", "a2.NE")
    game.set_dev_cards("orange", ["victory_point"])
    game.set_hand("orange", hand(wool=1, grain=1, ore=1))
    game.set_current("orange", "build")
    return game


def test_points_are_counted_as_the_almanach_lists_them():
    game = konec_hry_position()
    assert game.points("orange") == {"settlements": 2, "cities": 4, "longest_road": 2,
                                     "largest_army": 0, "victory_cards": 1, "total": 9}
    assert game.points("orange", include_hidden=False)["total"] == 8


def test_buying_the_second_victory_point_card_wins_at_once():
    """Konec hry: "Koupí si akční kartu a je to další Karta s výherním bodem. Hráč nyní
    odkryje oba body na akčních kartách a vyhrává." """
    game = konec_hry_position()
    events = game.apply(BuyDevelopmentCard("orange"))
    assert events[-1].to_json() == {"kind": "game_won", "player": "orange", "points": 10,
                                    "revealed": 2}
    assert game.winner == "orange" and game.phase == "over"
    assert game.legal_actions() == []
    assert game.points("orange", include_hidden=False)["victory_cards"] == 2
    with pytest.raises(RuleViolation) as exc:
        game.apply(EndTurn("orange"))
    assert exc.value.code == "game_over" and exc.value.headword == "konec-hry"


def test_a_city_for_the_tenth_point_wins():
    game = konec_hry_position()
    game.set_hand("orange", hand(grain=2, ore=3))
    events = game.apply(BuildCity("orange", "a3.NE"))
    assert events[-1].kind == "game_won" and game.winner == "orange"


def test_only_the_player_whose_turn_it_is_can_win():
    """Red holds 10 points (a sandbox) while the others play: "Vyhrát může pouze hráč, který
    je právě na tahu" (002), so he wins when his turn comes."""
    game = sandbox()
    game.place_settlement("red", "a3.NE", city=True)
    game.place_settlement("red", "c1.SW", city=True)
    game.place_settlement("red", "e3.SE", city=True)
    game.place_settlement("red", "c5.NE")
    place_roads(game, "red", "e1.SW", "e1.S", "e1.SE", "e2.S", "e2.SE", "e3.S")
    game.set_dev_cards("red", ["victory_point"])
    assert game.points("red")["total"] == 6 + 1 + 2 + 1
    game.set_current("white", "build")
    game.apply(EndTurn("white"))
    assert game.current_player == "orange" and game.winner is None
    game.apply(RollDice("orange", (1, 1)))
    events = game.apply(EndTurn("orange"))
    assert game.winner == "red" and events[-1].kind == "game_won"


def test_a_different_goal_by_rule_option():
    game = sandbox(rules=Rules(victory_points_to_win=3))
    game.place_settlement("orange", "a3.NE")
    game.place_settlement("orange", "c1.SW")
    game.set_hand("orange", hand(grain=2, ore=3))
    game.set_current("orange", "build")
    game.apply(BuildCity("orange", "a3.NE"))
    assert game.winner == "orange"
