"""Stavění, Stavební náklady, Silnice, Vesnice, Město, Pravidlo o vzdálenosti."""

import pytest
from engine_kit import hand, place_roads, sandbox, walk

from engine import RuleViolation
from engine.actions import BuildCity, BuildRoad, BuildSettlement, BuyDevelopmentCard, EndTrade

RICH = hand(brick=9, lumber=9, wool=9, grain=9, ore=9)


def building_game(**cards):
    """Orange has a settlement on c3.N (b2.SE) and it is his build phase."""
    game = sandbox()
    game.place_settlement("orange", "c3.N")
    game.set_hand("orange", cards or RICH)
    game.set_current("orange", "build")
    return game


def violation(game, action):
    with pytest.raises(RuleViolation) as exc:
        game.apply(action)
    return exc.value


def test_building_costs():
    game = building_game()
    game.apply(BuildRoad("orange", "b2|c3"))
    assert game.hand("orange") == hand(brick=8, lumber=8, wool=9, grain=9, ore=9)
    game.apply(BuildRoad("orange", "c2|c3"))
    game.apply(BuildSettlement("orange", "c3.SW"))
    assert game.hand("orange") == hand(brick=6, lumber=6, wool=8, grain=8, ore=9)
    game.apply(BuildCity("orange", "c3.SW"))
    assert game.hand("orange") == hand(brick=6, lumber=6, wool=8, grain=6, ore=6)
    game.apply(BuyDevelopmentCard("orange"))
    assert game.hand("orange") == hand(brick=6, lumber=6, wool=7, grain=5, ore=5)
    assert sum(game.bank.values()) == 5 * 19 - sum(game.hand("orange").values())


@pytest.mark.parametrize("action, cards", [
    (BuildRoad("orange", "b2|c3"), hand(brick=1)),
    (BuildCity("orange", "c3.N"), hand(ore=3, grain=1)),
    (BuyDevelopmentCard("orange"), hand(ore=1, grain=1)),
])
def test_nothing_is_built_without_its_cost(action, cards):
    error = violation(building_game(**cards), action)
    assert error.code == "not_enough_resources"
    assert error.headword == "stavebni-naklady"


def test_a_road_starts_at_ones_own_settlement_or_continues_ones_own_road():
    game = building_game()
    game.apply(BuildRoad("orange", "b2|c3"))  # from the settlement
    game.apply(BuildRoad("orange", "c2|c3"))  # continuing the road
    error = violation(game, BuildRoad("orange", "d3|d4"))
    assert error.code == "road_not_connected" and error.headword == "silnice"


def test_roads_may_run_along_the_coast():
    game = sandbox()
    game.place_settlement("orange", "a1.N")
    game.set_hand("orange", RICH)
    game.set_current("orange", "build")
    game.apply(BuildRoad("orange", "a1.NW"))
    game.apply(BuildRoad("orange", "a1.NE"))


def test_one_road_per_path():
    game = building_game()
    game.place_road("red", "b2|c3")
    assert violation(game, BuildRoad("orange", "b2|c3")).code == "path_occupied"


def test_a_road_cannot_continue_through_an_opponents_settlement():
    """001, Silnice: "Pokud však na křižovatce stojí cizí město nebo vesnice, nelze u takovéto
    křižovatky novou cestu stavět." """
    game = building_game()
    place_roads(game, "orange", "c3.N", "c3.NW", "c3.SW")
    game.place_settlement("red", "c3.SW")
    error = violation(game, BuildRoad("orange", walk("c3.SW", "c3.S")[0]))
    assert error.code == "road_blocked"
    assert "c3|d2" not in game.legal_road_spots("orange")


def test_ones_own_settlement_never_blocks_ones_road():
    game = building_game()
    place_roads(game, "orange", "c3.N", "c3.NW", "c3.SW")
    game.apply(BuildSettlement("orange", "c3.SW"))
    game.apply(BuildRoad("orange", "c3|d2"))


def test_a_settlement_needs_ones_own_road():
    game = building_game()
    game.place_road("red", "c3|d3")
    error = violation(game, BuildSettlement("orange", "c3.S"))
    assert error.code == "settlement_needs_road" and error.headword == "vesnice"


def test_distance_rule_even_for_ones_own_settlements():
    """Pravidlo o vzdálenosti: none of the 3 neighbouring intersections may be built on."""
    game = building_game()
    game.apply(BuildRoad("orange", "b2|c3"))
    error = violation(game, BuildSettlement("orange", "c3.NW"))
    assert error.code == "distance_rule"
    assert error.message == ("Vesnici nelze postavit: sousední křižovatka je obsazená "
                             "(pravidlo o vzdálenosti).")
    assert violation(game, BuildSettlement("orange", "c3.N")).code == "intersection_occupied"


def test_a_city_only_replaces_ones_own_settlement():
    game = building_game()
    game.place_settlement("red", "c3.S")
    assert violation(game, BuildCity("orange", "c3.S")).code == "city_needs_own_settlement"
    assert violation(game, BuildCity("orange", "e1.S")).headword == "mesto"
    game.apply(BuildCity("orange", "c3.N"))
    assert violation(game, BuildCity("orange", "c3.N")).code == "city_needs_own_settlement"
    assert game.buildings["b2.SE"] == ("orange", "city")  # c3.N is an alias of b2.SE


def test_a_city_gives_its_settlement_piece_back():
    game = building_game()
    assert game.pieces_left("orange") == {"road": 15, "settlement": 4, "city": 4}
    game.apply(BuildCity("orange", "c3.N"))
    assert game.pieces_left("orange") == {"road": 15, "settlement": 5, "city": 3}


def test_fifteen_roads():
    game = building_game()
    for path in walk("e1.SW", "e1.S", "e1.SE", "e2.S", "e2.SE", "e3.S", "e3.SE", "e3.NE",
                     "d4.SE", "d4.NE", "c5.SE", "c5.NE", "c5.N", "b4.NE", "b4.N", "a3.NE"):
        if game.pieces_left("orange")["road"] == 1:
            break
        game.place_road("orange", path)
    game.apply(BuildRoad("orange", "b2|c3"))
    assert game.pieces_left("orange")["road"] == 0
    error = violation(game, BuildRoad("orange", "b3|c3"))
    assert error.code == "no_pieces_left" and error.headword == "staveni"
    assert game.legal_road_spots("orange") == set()


def test_five_settlements_then_a_city_first():
    game = building_game()
    for node in ("a1.N", "a3.NE", "c1.SW", "e3.SE"):
        game.place_settlement("orange", node)
    game.apply(BuildRoad("orange", "b2|c3"))
    game.apply(BuildRoad("orange", "c2|c3"))
    error = violation(game, BuildSettlement("orange", "c3.SW"))
    assert error.code == "no_pieces_left" and error.headword == "vesnice"
    game.apply(BuildCity("orange", "a1.N"))
    game.apply(BuildSettlement("orange", "c3.SW"))


def test_four_cities():
    game = building_game()
    for node in ("a1.N", "a3.NE", "c1.SW", "e3.SE"):
        game.place_settlement("orange", node, city=True)
    assert violation(game, BuildCity("orange", "c3.N")).code == "no_pieces_left"
    assert game.legal_city_spots("orange") == set()


def test_building_waits_for_the_roll_and_the_end_of_trade():
    game = building_game()
    game.set_current("orange", "roll")
    assert violation(game, BuildRoad("orange", "b2|c3")).code == "roll_first"
    game.set_current("orange", "trade")
    error = violation(game, BuildRoad("orange", "b2|c3"))
    assert error.code == "trade_phase_not_over"
    game.apply(EndTrade("orange"))
    game.apply(BuildRoad("orange", "b2|c3"))


def test_only_the_player_in_turn_builds():
    game = building_game()
    game.set_hand("red", RICH)
    assert violation(game, BuildRoad("red", "b2|c3")).code == "not_your_turn"


def test_legal_spots_ignore_resources():
    game = building_game(brick=0)
    assert game.legal_road_spots("orange") == {"b2|b3", "b2|c3", "b3|c3"}
    assert game.legal_settlement_spots("orange") == set()
    game.place_road("orange", "b2|c3")
    game.place_road("orange", "c2|c3")
    assert game.legal_settlement_spots("orange") == {"c2.SE"}  # = c3.SW
    assert game.why_not_settlement("orange", "c3.NW").code == "distance_rule"
    assert game.why_not_settlement("orange", "c2.SE") is None
    assert game.why_not_road("orange", "e1.SW").code == "road_not_connected"
    assert game.why_not_road("orange", "c3|d2") is None


def test_legal_actions_list_every_affordable_build():
    game = building_game()
    game.place_road("orange", "b2|c3")
    game.place_road("orange", "c2|c3")
    kinds = {(type(a).__name__, getattr(a, "path", getattr(a, "node", None)))
             for a in game.legal_actions()}
    assert ("BuildSettlement", "c2.SE") in kinds
    assert ("BuildCity", "b2.SE") in kinds
    assert ("BuyDevelopmentCard", None) in kinds
    assert {p for k, p in kinds if k == "BuildRoad"} == game.legal_road_spots("orange")


def test_a_settlement_may_stand_in_the_middle_of_ones_own_road():
    """Vesnice ("Vždy navázat na vlastní silnici"): any intersection one's own road reaches, not
    only its end, with the distance rule kept."""
    game = building_game(**RICH)
    place_roads(game, "orange", "c3.N", "c3.NE", "c3.SE", "c3.S")  # c3.NE, c3.SE in the middle
    game.apply(BuildSettlement("orange", "c3.SE"))
    assert game.buildings["c3.SE"] == ("orange", "settlement")
