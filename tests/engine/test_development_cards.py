"""Akční karty, Rytíř, Pokrok (Stavba silnic, Vynález, Monopol), Největší vojsko."""

from collections import Counter

import pytest
from engine_kit import hand, place_roads, sandbox

from engine import Board, Game, RuleViolation
from engine.actions import (
    BuyDevelopmentCard,
    EndTurn,
    PlayKnight,
    PlayMonopoly,
    PlayRoadBuilding,
    PlayYearOfPlenty,
    RollDice,
)


def violation(game, action):
    with pytest.raises(RuleViolation) as exc:
        game.apply(action)
    return exc.value


def cards_game(*cards, phase="roll"):
    game = sandbox()
    game.set_dev_cards("orange", list(cards))
    game.set_current("orange", phase)
    return game


def test_the_deck_holds_14_knights_6_progress_cards_and_5_victory_points():
    game = Game.new(Board.beginner(), seed=5)
    assert game.deck_size == 25
    deck = [game.to_json()["deck"]][0]
    assert Counter(deck) == {"knight": 14, "road_building": 2, "year_of_plenty": 2,
                             "monopoly": 2, "victory_point": 5}
    assert Game.new(Board.beginner(), seed=6).to_json()["deck"] != deck


def test_an_explicit_deck_order_is_drawn_from_the_top():
    game = sandbox(deck=["monopoly", "knight"])
    game.set_hand("orange", hand(wool=2, grain=2, ore=2))
    game.set_current("orange", "build")
    assert violation(game, BuyDevelopmentCard("orange", "knight")).code == "card_not_on_top"
    game.apply(BuyDevelopmentCard("orange"))
    game.apply(BuyDevelopmentCard("orange", "knight"))
    assert game.dev_cards("orange") == [("knight", True), ("monopoly", True)]


def test_a_card_bought_this_turn_waits_for_the_next_turn():
    game = sandbox(deck=["monopoly"])
    game.set_hand("orange", hand(wool=1, grain=1, ore=1))
    game.set_current("orange", "build")
    game.apply(BuyDevelopmentCard("orange"))
    error = violation(game, PlayMonopoly("orange", "ore"))
    assert error.code == "card_bought_this_turn" and error.headword == "akcni-karty"
    game.set_current("red", "roll")
    game.apply(RollDice("red", (1, 1)))
    game.apply(EndTurn("red"))
    game.set_current("orange", "roll")
    assert game.dev_cards("orange") == [("monopoly", False)]
    game.apply(PlayMonopoly("orange", "ore"))


def test_any_card_may_be_played_before_the_roll_but_only_one_per_turn():
    """Akční karty: "To může být v kterékoli fázi tahu, třeba i před hodem kostkami. Hráč,
    který je na tahu, může zahrát vždy jen jednu akční kartu." """
    game = cards_game("year_of_plenty", "monopoly")
    game.apply(PlayYearOfPlenty("orange", ("ore", "ore")))
    error = violation(game, PlayMonopoly("orange", "ore"))
    assert error.code == "one_card_per_turn"
    game.apply(RollDice("orange", (1, 1)))
    assert violation(game, PlayMonopoly("orange", "ore")).code == "one_card_per_turn"


def test_victory_point_cards_are_never_played():
    game = cards_game("victory_point")
    assert not [a for a in game.legal_actions() if type(a).__name__.startswith("Play")]
    assert game.points("orange")["victory_cards"] == 1
    assert game.points("orange", include_hidden=False)["victory_cards"] == 0


def test_the_knight_moves_the_robber_and_steals_without_any_discard():
    """001, Rytíř: "Když je vyložena karta Rytíř, není ověřováno, zda mají hráči více než 7
    karet surovin." """
    game = cards_game("knight")
    game.place_settlement("red", "d2.N")
    game.set_hand("red", hand(grain=9))
    events = game.apply(PlayKnight("orange", "d2", "red"))
    assert [e.kind for e in events] == ["card_played", "robber_moved", "stolen"]
    assert game.robber == "d2" and game.hand("orange") == hand(grain=1)
    assert game.hand_size("red") == 8 and game.phase == "roll"
    assert game.played_knights("orange") == 1


def test_the_knight_may_rob_but_need_not():
    """Rytíř: "Pak může ještě okrást některého ze spoluhráčů" (may)."""
    game = cards_game("knight")
    game.place_settlement("red", "d2.N")
    game.set_hand("red", hand(grain=1))
    game.apply(PlayKnight("orange", "d2"))
    assert game.hand("red") == hand(grain=1)


def test_the_knight_moves_the_robber_to_another_hex():
    game = cards_game("knight")
    error = violation(game, PlayKnight("orange", game.robber))
    assert error.code == "robber_must_move"


def test_road_building_builds_two_free_roads():
    game = cards_game("road_building", phase="build")
    game.place_settlement("orange", "c3.N")
    events = game.apply(PlayRoadBuilding("orange", ("b2|c3", "c2|c3")))
    assert game.roads == {"b2|c3": "orange", "c2|c3": "orange"}
    assert game.hand_size("orange") == 0
    assert [e.kind for e in events] == ["card_played", "built", "built"]


def test_road_building_builds_one_road_only_when_no_second_fits():
    game = cards_game("road_building", phase="build")
    game.place_settlement("orange", "c3.N")
    error = violation(game, PlayRoadBuilding("orange", ("b2|c3",)))
    assert error.code == "road_building_two_roads" and error.headword == "pokrok"
    assert game.roads == {}  # nothing changed
    # With one road piece left, one road it is.
    place_roads(game, "orange", "e1.SW", "e1.S", "e1.SE", "e2.S", "e2.SE", "e3.S", "e3.SE",
                "e3.NE", "d4.SE", "d4.NE", "c5.SE", "c5.NE", "c5.N", "b4.NE", "b4.N")
    assert game.pieces_left("orange")["road"] == 1
    game.apply(PlayRoadBuilding("orange", ("b2|c3",)))


def test_road_building_with_nowhere_to_build_cannot_be_played():
    # The ruling "stavba-silnic-jedna-silnice": with no place for a road the card has
    # nothing to build; it is not offered, not accepted, and stays in hand.
    game = cards_game("road_building", phase="build")
    assert not [a for a in game.legal_actions() if isinstance(a, PlayRoadBuilding)]
    assert violation(game, PlayRoadBuilding("orange", ("b2|c3",))).code == "road_not_connected"
    assert game.dev_cards("orange") == [("road_building", False)]


def test_road_building_follows_the_normal_road_rules():
    game = cards_game("road_building", phase="build")
    game.place_settlement("orange", "c3.N")
    assert violation(game, PlayRoadBuilding("orange", ("b2|c3", "d3|d4"))).code == \
        "road_not_connected"
    assert game.roads == {} and game.dev_cards("orange") == [("road_building", False)]
    legal = {a.paths for a in game.legal_actions() if isinstance(a, PlayRoadBuilding)}
    assert ("b2|c3", "c2|c3") in legal and ("b2|b3", "b2|c3") in legal


def test_year_of_plenty_takes_two_cards_from_the_bank():
    game = cards_game("year_of_plenty", phase="build")
    game.apply(PlayYearOfPlenty("orange", ("brick", "ore")))
    assert game.hand("orange") == hand(brick=1, ore=1)
    assert game.bank["ore"] == 18


def test_year_of_plenty_needs_the_cards_in_the_bank():
    game = cards_game("year_of_plenty")
    game.set_hand("red", hand(ore=18))
    assert violation(game, PlayYearOfPlenty("orange", ("ore", "ore"))).code == "bank_empty"
    game.apply(PlayYearOfPlenty("orange", ("ore", "wool")))


def test_monopoly_takes_every_card_of_that_resource_from_every_other_player():
    game = cards_game("monopoly")
    game.set_hand("red", hand(wool=3, ore=1))
    game.set_hand("white", hand(wool=1))
    events = game.apply(PlayMonopoly("orange", "wool"))
    assert game.hand("orange") == hand(wool=4)
    assert game.hand("red") == hand(ore=1) and game.hand("white") == hand()
    assert events[-1].taken == {"red": 3, "white": 1}


def test_monopoly_never_takes_from_the_bank_and_may_take_nothing():
    """The rulings `monopol-ne-z-banku` and `monopol-naprazdno`: only the other players hand
    over; a Monopoly on a resource nobody holds brings nothing and is still played."""
    game = cards_game("monopoly")
    bank = game.bank
    events = game.apply(PlayMonopoly("orange", "brick"))
    assert events[-1].taken == {} and game.hand("orange") == hand()
    assert game.bank == bank
    assert "monopoly" not in game.dev_cards("orange")


def test_largest_army_goes_to_the_first_with_three_knights():
    game = cards_game("knight")
    game.set_played_knights("orange", 2)
    assert game.largest_army_holder is None
    events = game.apply(PlayKnight("orange", "a1"))
    assert game.largest_army_holder == "orange"
    assert events[-1].to_json() == {
        "kind": "special_card_moved", "card": "largest_army", "from_player": None,
        "to_player": "orange", "reason": "first", "length": 3}
    assert game.points("orange")["largest_army"] == 2


def test_largest_army_moves_only_to_strictly_more_knights():
    game = sandbox()
    game.set_played_knights("red", 3)
    game.set_played_knights("orange", 3)
    assert game.largest_army_holder == "red"
    game.set_dev_cards("orange", ["knight"])
    game.set_current("orange", "roll")
    game.apply(PlayKnight("orange", "a1"))
    assert game.largest_army_holder == "orange"
