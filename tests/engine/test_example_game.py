"""The Almanach's example game (Postavení při startu a příklad hry), replayed on the
beginner board with the dice of EXAMPLE-GAME.md section 4; hands are checked after every
turn against the table there."""

from engine import Game
from engine.actions import (
    BuildCity,
    BuildRoad,
    BuildSettlement,
    BuyDevelopmentCard,
    EndTrade,
    EndTurn,
    MoveRobber,
    PlayKnight,
    PlayRoadBuilding,
    PlayYearOfPlenty,
    RollDice,
    TradeBank,
    TradePlayers,
)

LETTERS = {"L": "lumber", "B": "brick", "W": "wool", "G": "grain", "O": "ore"}


def hand(code: str) -> dict[str, int]:
    """'L1B2' -> {'lumber': 1, 'brick': 2, ...}; '-' is an empty hand."""
    counts = dict.fromkeys(("brick", "lumber", "wool", "grain", "ore"), 0)
    for i in range(0, len(code.replace("-", "")), 2):
        counts[LETTERS[code[i]]] = int(code[i + 1])
    return counts


# (turn, actions, expected hands after the turn: colour -> code)
TURNS = [
    (1, [RollDice("orange", (2, 4)), EndTrade("orange"), EndTurn("orange")],
     {"orange": "B1W1O1", "red": "L1W1O2", "blue": "L2W1O1", "white": "B1G1O1"}),
    (2, [RollDice("red", (4, 6)), EndTrade("red"), BuyDevelopmentCard("red"), EndTurn("red")],
     {"orange": "L1B1W1O1", "red": "L1O1", "blue": "L2W1G1O1", "white": "L1B1G1O1"}),
    (3, [RollDice("blue", (1, 3)),
         TradePlayers("blue", "white", {"wool": 1}, {"brick": 1}), EndTrade("blue"),
         BuildRoad("blue", "b2|b3"), EndTurn("blue")],
     {"blue": "L1G1O1", "white": "L1W1G2O2"}),
    (4, [RollDice("white", (4, 5)), EndTrade("white"), BuildRoad("white", "e2|e3"),
         BuyDevelopmentCard("white"), EndTurn("white")],
     {"orange": "L1B1W1G1O1", "red": "L1B1O1", "blue": "L1G1O1", "white": "G1O1"}),
    (5, [RollDice("orange", (1, 5)), EndTrade("orange"), BuyDevelopmentCard("orange"),
         EndTurn("orange")],
     {"orange": "L1B1O1", "red": "L1B1O2", "blue": "L2G1O1", "white": "G1O1"}),
    (6, [RollDice("red", (2, 3)),
         TradePlayers("red", "white", {"brick": 1, "lumber": 1}, {"grain": 1}),
         EndTrade("red"), PlayYearOfPlenty("red", ("ore", "grain")),
         BuildCity("red", "c2.SE"), EndTurn("red")],
     {"orange": "L1B1O1", "red": "L1", "blue": "L2G1O1", "white": "L1B1G1O1"}),
    (7, [RollDice("blue", (3, 4)), MoveRobber("blue", "e3", "white", "lumber"),
         EndTrade("blue"), EndTurn("blue")],
     {"blue": "L3G1O1", "white": "B1G1O1"}),
    (8, [PlayKnight("white", "d2", "red", "lumber"), RollDice("white", (2, 6)),
         EndTrade("white"), BuildSettlement("white", "e2.SE"), EndTurn("white")],
     {"orange": "L1B2O1", "red": "-", "blue": "L3B1G1O1", "white": "O1"}),
    (9, [RollDice("orange", (3, 3)), EndTrade("orange"),
         PlayRoadBuilding("orange", ("c4|d3", "c5|d4")), EndTurn("orange")],
     {"orange": "L1B2O2", "red": "O1", "blue": "L4B1G1O1", "white": "O1"}),
    (10, [RollDice("red", (5, 5)), EndTrade("red"), EndTurn("red")],
     {"orange": "L2B2O2", "white": "L1O1"}),
    (11, [RollDice("blue", (3, 6)),
          TradePlayers("blue", "orange", {"ore": 1}, {"lumber": 1}),
          TradeBank("blue", "lumber", "wool"), EndTrade("blue"),
          BuildSettlement("blue", "b2.SE"), EndTurn("blue")],
     {"orange": "L1B2G1O3", "red": "B2O1", "blue": "-", "white": "L1B1O1"}),
    (12, [RollDice("white", (5, 6)), EndTrade("white"), BuildRoad("white", "c1|c2"),
          EndTurn("white")],
     {"orange": "L1B2W1G1O3", "white": "W1O1", "blue": "O1"}),
    (13, [RollDice("orange", (1, 2)), EndTrade("orange"),
          BuildSettlement("orange", "c3.SE"), EndTurn("orange")],
     {"orange": "B1O3", "red": "L2B2O1", "blue": "L1W1O1"}),
    (14, [RollDice("red", (4, 4)), EndTrade("red"), BuildRoad("red", "a3|b4"),
          EndTurn("red")],
     {"orange": "B2O3", "red": "L1B1O1", "blue": "L1B1W1O1", "white": "W3O1"}),
    (15, [RollDice("blue", (1, 4)), EndTrade("blue"), BuildRoad("blue", "d2|e2"),
          EndTurn("blue")],
     {"orange": "B2G1O3", "red": "L2B1O1", "blue": "W1O1", "white": "W3G1O1"}),
    (16, [RollDice("white", (3, 5)),
          TradePlayers("white", "red", {"wool": 1}, {"ore": 1}),
          TradeBank("white", "wool", "ore"), TradeBank("white", "wool", "grain"),
          EndTrade("white"), BuildCity("white", "d3.SE")],
     {"orange": "B3G1O3", "red": "L2B1W1", "blue": "B1W1O1", "white": "-"}),
]


def play_example() -> Game:
    game = Game.beginner(deck=["year_of_plenty", "knight", "road_building"])
    for turn, script, hands in TURNS:
        for action in script:
            game.apply(action)
        for color, code in hands.items():
            assert game.hand(color) == hand(code), (turn, color)
    return game


def test_every_turn_of_the_example_game_replays_with_the_hands_of_the_table():
    play_example()


def test_end_of_the_example_game():
    game = play_example()
    assert [game.points(c)["total"] for c in ("white", "orange", "red", "blue")] == [4, 3, 3, 3]
    assert game.hand_size("orange") == 7
    assert game.robber == "d2"
    assert game.longest_road_holder is None and game.largest_army_holder is None
    assert game.played_knights("white") == 1
    assert game.buildings["d3.SE"] == ("white", "city")
    assert game.buildings["c2.SE"] == ("red", "city")


def test_white_uses_his_wool_harbor_built_in_turn_8_at_2_to_1():
    game = play_example()
    assert game.harbors_of("white") == {"wool"}
    assert game.trade_rate("white", "wool") == 2
    assert game.trade_rate("white", "ore") == 4


def test_only_5_8_or_9_lets_orange_build_a_city_next():
    """Closing assessment: "Pokud bude mít v dalším kole štěstí při hodu kostkami (5, 8 nebo
    9), může postavit město" (an 8 through a 4:1 bank trade of his fourth brick)."""
    base = play_example()
    base.apply(EndTurn("white"))
    can_build = set()
    for total in range(2, 13):
        if total == 7:
            continue
        game = base.copy()
        game.apply(RollDice("orange", (total // 2, total - total // 2)))
        hand = game.hand("orange")
        if hand["brick"] >= 4 and hand["grain"] == 1:
            game.apply(TradeBank("orange", "brick", "grain"))
        game.apply(EndTrade("orange"))
        if any(isinstance(a, BuildCity) for a in game.legal_actions()):
            can_build.add(total)
    assert can_build == {5, 8, 9}
