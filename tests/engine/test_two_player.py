"""Katan pro dva (seed 001; the Almanach page "katan-pro-dva"): one test per sentence of
the text, quoted in the docstring."""

import json
import random

import pytest
from engine_kit import hand, place_roads, walk

from engine import Board, Game, InvalidInput, Rules, RuleViolation, actions
from engine.actions import (
    BuildCity,
    BuildNeutralRoad,
    BuildNeutralSettlement,
    BuildRoad,
    BuildSettlement,
    BuyDevelopmentCard,
    EndTurn,
    ForcedTrade,
    GiveBack,
    MoveRobber,
    PlaceRoad,
    PlaceSettlement,
    PlayKnight,
    RetireKnight,
    RobberToDesert,
    RollDice,
)
from engine.constants import NEUTRAL_SPOTS
from engine.notation import node_index
from engine.topology import INTERSECTION_HEXES

PRO_DVA = Rules(two_player=True)
NEIGHBOUR_OF_BLUE = "c3.S"  # next to the blue neutral's marked c3.SE


def duel(phase: str = "build", board: Board | None = None) -> Game:
    """A Katan pro dva sandbox on the beginner board: orange and red play, blue and white
    are the neutrals (no pieces yet); orange's turn."""
    game = Game.empty(board or Board.beginner(), ("orange", "red"), rules=PRO_DVA)
    game.set_current("orange", phase)
    return game


def violation(game: Game, action) -> RuleViolation:
    with pytest.raises(RuleViolation) as exc:
        game.apply(action)
    return exc.value


def builder() -> Game:
    """Orange can build a road (a1.N → a1.NE) and a settlement; the neutrals have their
    marked settlements."""
    game = duel()
    game.place_settlement("orange", "a1.N")
    game.place_road("orange", walk("a1.N", "a1.NE")[0])
    game.place_settlement("blue", NEUTRAL_SPOTS["blue"])
    game.place_settlement("white", NEUTRAL_SPOTS["white"])
    game.set_hand("orange", hand(brick=3, lumber=3, wool=1, grain=3, ore=3))
    return game


# -- Příprava ---------------------------------------------------------------------------

def test_fourteen_trade_cards():
    """"Doplňující materiál: 14 obchodních karet" and "Balíček obchodních karet připravte
    vedle herního plánu.\""""
    game = Game.new(Board.beginner(), ("orange", "red"), rules=PRO_DVA)
    assert game.trade_card_pile + game.trade_cards("orange") + game.trade_cards("red") == 14


def test_trade_cards_are_for_two_players_only():
    """"Obchodní karty jsou potřeba pouze při hře dvou hráčů.\""""
    game = Game.new(Board.beginner(), ("orange", "red", "blue"))
    game.set_current("orange", "trade")
    assert game.trade_cards("orange") == 0
    assert violation(game, RobberToDesert("orange")).code == "two_player_only"
    with pytest.raises(InvalidInput):
        Game.new(Board.beginner(), ("orange", "red", "blue"), rules=PRO_DVA)
    with pytest.raises(InvalidInput):
        Game.new(Board.beginner(), ("orange", "red"))


def test_the_set_up_follows_the_normal_rules():
    """"Příprava hry probíhá podle normálních pravidel.\""""
    game = Game.new(Board.beginner(), ("orange", "red"), rules=PRO_DVA)
    assert game.phase == "setup" and game.acting_player == "orange"
    assert game.robber == "b2" and game.deck_size == 25


def test_the_two_unchosen_colours_are_neutral():
    """"Obě sady figurek, které si hráči nezvolili, jsou figurky dvou imaginárních,
    neutrálních spoluhráčů.\""""
    game = Game.new(Board.beginner(), ("red", "white"), rules=PRO_DVA)
    assert game.players == ("red", "white")
    assert game.neutrals == ("orange", "blue")
    assert game.pieces_left("blue") == {"road": 15, "settlement": 4, "city": 4}
    with pytest.raises(InvalidInput):
        game.hand("blue")  # a neutral holds no cards


def test_four_trade_cards_each_at_the_start():
    """"Každý hráč dostane na začátku hry 4 obchodní karty.\""""
    game = Game.new(Board.beginner(), ("orange", "red"), rules=PRO_DVA)
    assert game.trade_cards("orange") == game.trade_cards("red") == 4
    assert game.trade_card_pile == 6


# -- Fáze zakládání -----------------------------------------------------------------------

def test_each_neutral_has_a_settlement_without_a_road_before_the_set_up():
    """"Od každého neutrálního hráče bude postavena jedna vesnice (bez silnice) na vyznačenou
    křižovatku podle obrázku." The picture is lost: the marked intersections are a
    reconstruction (engine.constants.NEUTRAL_SPOTS), the same on every board."""
    for board in (Board.beginner(), Board.variable(5)):
        game = Game.new(board, ("orange", "red"), rules=PRO_DVA)
        assert game.buildings == {NEUTRAL_SPOTS["blue"]: ("blue", "settlement"),
                                  NEUTRAL_SPOTS["white"]: ("white", "settlement")}
        assert game.roads == {}


def test_the_players_then_place_both_settlements_with_roads():
    """"Oba hráči poté umísťují obě své vesnice se silnicemi podle normálních pravidel.\""""
    game = Game.new(Board.beginner(), ("orange", "red"), rules=PRO_DVA)
    error = violation(game, PlaceSettlement("orange", NEIGHBOUR_OF_BLUE))
    assert error.code == "distance_rule"
    game.apply(PlaceSettlement("orange", "e1.SE"))
    assert violation(game, PlaceSettlement("orange", "a1.N")).code == "setup_road_expected"


def test_after_the_set_up_two_settlements_and_two_roads_each_and_one_per_neutral():
    """"Po ukončení fáze zakládání se na herním plánu nacházejí 2 vesnice a 2 silnice
    každého hráče a 1 vesnice každého neutrálního hráče.\""""
    game = Game.new(Board.beginner(), ("orange", "red"), rules=PRO_DVA)
    order = []
    for node, road_to in (("e1.SE", "e1.S"), ("b3.SE", "b3.S"), ("c2.SE", "c2.S"),
                          ("a2.N", "a2.NE")):
        order.append(game.acting_player)
        game.apply(PlaceSettlement(game.acting_player, node))
        game.apply(PlaceRoad(game.acting_player, walk(node, road_to)[0]))
    assert order == ["orange", "red", "red", "orange"]
    assert game.phase == "roll" and game.current_player == "orange"
    pieces = {}
    for owner, piece in game.buildings.values():
        pieces[owner, piece] = pieces.get((owner, piece), 0) + 1
    assert pieces == {("orange", "settlement"): 2, ("red", "settlement"): 2,
                      ("blue", "settlement"): 1, ("white", "settlement"): 1}
    assert sorted(game.roads.values()) == ["orange", "orange", "red", "red"]


# -- Pravidla ---------------------------------------------------------------------------------

def test_the_base_rules_hold_otherwise():
    """"V zásadě platí stejná pravidla jako pro hru ve třech a čtyřech hráčích." Costs, the
    distance rule and 10 points to win stay."""
    game = builder()
    game.set_hand("orange", hand(brick=1))
    assert violation(game, BuildRoad("orange", walk("a1.NE", "a2.N")[0])).code == \
        "not_enough_resources"
    assert game.rules.victory_points_to_win == 10


# -- Házení kostkami výnosů -----------------------------------------------------------------

def test_the_player_rolls_twice():
    """"Je-li hráč na tahu, hází kostkami dvakrát za sebou.\""""
    game = duel("roll")
    game.apply(RollDice("orange", (2, 3)))
    assert game.phase == "roll" and game.rolls_this_turn == 1 and game.first_roll_total == 5
    game.apply(RollDice("orange", (2, 2)))
    assert game.phase == "trade" and game.rolls_this_turn == 2
    assert violation(game, RollDice("orange", (1, 1))).code == "already_rolled"


def test_the_two_totals_must_differ():
    """"Při tom platí, že oba hozené součty musí být rozdílné.\""""
    game = duel("roll")
    game.apply(RollDice("orange", (2, 3)))
    error = violation(game, RollDice("orange", (1, 4)))
    assert error.code == "second_roll_same_total"
    assert error.headword == "katan-pro-dva"
    assert "jiný součet" in error.message


def test_the_second_roll_is_repeated_until_it_differs():
    """"Pokud druhý hod ukazuje stejný výsledek jako první, opakujte hod tak dlouho, dokud
    se nebude od prvního výsledku lišit." The history records the final dice."""
    for seed in range(10):
        game = Game.empty(Board.beginner(), ("orange", "red"), seed=seed, rules=PRO_DVA)
        game.set_current("orange", "roll")
        peek = game.copy()
        peek.apply(RollDice("orange"))
        coming = sum(peek.history[-1].dice)  # what the generator throws next
        game.apply(RollDice("orange", (min(6, coming - 1), coming - min(6, coming - 1))))
        game.apply(RollDice("orange"))
        first, second = game.history[-2].dice, game.history[-1].dice
        assert sum(first) == coming and sum(second) != coming


def test_production_or_the_robber_follows_each_roll():
    """"Ihned po každém z obou hodů obdrží hráči výnosy surovin, popřípadě je při 7
    přemístěn zloděj.\""""
    game = duel("roll")
    game.place_settlement("orange", "a3.N")   # forest 6
    game.place_settlement("orange", "e1.SW")  # hills 8
    game.apply(RollDice("orange", (3, 3)))
    assert game.hand("orange") == hand(lumber=1)
    game.apply(RollDice("orange", (4, 4)))
    assert game.hand("orange") == hand(brick=1, lumber=1)
    game.apply(EndTurn("orange"))
    game.apply(RollDice("red", (3, 4)))
    assert game.phase == "robber"
    game.apply(MoveRobber("red", "a3", "orange"))
    assert game.phase == "roll" and game.acting_player == "red"  # the second roll follows
    game.apply(RollDice("red", (1, 1)))
    assert game.phase == "trade"


def test_the_robber_may_move_between_the_rolls():
    """"Zloděj může být pomocí karty Rytíře nebo akce karet obchodu přemístěn i mezi oběma
    hody.\""""
    game = duel("roll")
    game.set_dev_cards("orange", ["knight"])
    game.set_robber("c3")
    game.apply(RollDice("orange", (2, 3)))
    assert actions.PlayKnight("orange", "d2") in game.legal_actions()
    assert RobberToDesert("orange") in game.legal_actions()
    game.apply(PlayKnight("orange", "d2"))
    game.apply(RobberToDesert("orange"))
    assert game.robber == "b2" and game.phase == "roll"


# -- Postup stavění pro neutrálního hráče ----------------------------------------------------

def test_a_road_or_settlement_brings_a_free_neutral_settlement():
    """"Kdo postaví silnici nebo vesnici, postaví rovněž (zadarmo) 1 vesnici libovolnému
    neutrálnímu hráči." The builder chooses the neutral and the place (by the normal
    rules: at the neutral's own road, distance rule)."""
    game = builder()
    place_roads(game, "blue", NEUTRAL_SPOTS["blue"], "a3.NE", "a3.N")  # a3.SE → a3.N
    events = game.apply(BuildRoad("orange", walk("a1.NE", "a2.N")[0]))
    assert game.phase == "neutral" and game.acting_player == "orange"
    assert game.neutral_builds_owed == 1
    assert [e.kind for e in events] == ["built", "phase_changed"]
    legal = game.legal_actions()
    assert legal == [BuildNeutralSettlement("orange", "blue", "a3.N")]
    assert violation(game, EndTurn("orange")).code == "neutral_build_first"
    hand_before = game.hand("orange")
    events = game.apply(legal[0])
    assert events[0].to_json() == {"kind": "neutral_built", "player": "orange",
                                   "neutral": "blue", "piece": "settlement", "place": "a3.N"}
    assert game.buildings["a3.N"] == ("blue", "settlement")
    assert game.hand("orange") == hand_before  # free
    assert game.phase == "build"


def test_without_a_neutral_settlement_spot_a_neutral_road_instead():
    """"Pokud nelze žádnému neutrálnímu hráči postavit vesnice, bude místo vesnice
    postavena silnice.\""""
    game = builder()
    game.apply(BuildRoad("orange", walk("a1.NE", "a2.N")[0]))
    legal = game.legal_actions()
    assert legal and all(isinstance(a, BuildNeutralRoad) for a in legal)
    assert {a.neutral for a in legal} == {"blue", "white"}
    game.apply(BuildNeutralRoad("orange", "white", walk(NEUTRAL_SPOTS["white"], "d3.S")[0]))
    assert game.roads[walk("d2.SE", "d3.S")[0]] == "white"
    # Once a neutral settlement fits, a road is refused.
    place_roads(game, "blue", NEUTRAL_SPOTS["blue"], "a3.NE", "a3.N")
    game.apply(BuildRoad("orange", walk("a2.N", "a2.NE")[0]))
    error = violation(game, BuildNeutralRoad("orange", "white", walk("d3.S", "d3.SE")[0]))
    assert error.code == "neutral_must_build_settlement"
    assert violation(game, BuildNeutralSettlement("orange", "red", "a3.N")).code == \
        "not_a_neutral"


def test_a_city_or_a_card_changes_nothing_for_the_neutrals():
    """"Postaví-li si hráč město nebo si koupí akční kartu, tak se s neutrálními hráči nic
    neděje.\""""
    game = builder()
    game.set_hand("orange", hand(wool=1, grain=3, ore=4))
    game.apply(BuildCity("orange", "a1.N"))
    game.apply(BuyDevelopmentCard("orange"))
    assert game.phase == "build" and game.neutral_builds_owed == 0


def test_neutrals_never_produce():
    """"Neutrální hráči také nedostávají žádné výnosy za své vesnice.\""""
    game = duel("roll")
    game.place_settlement("blue", NEUTRAL_SPOTS["blue"])  # a3.SE: forest 6, forest 5
    bank = game.bank
    events = game.apply(RollDice("orange", (3, 3)))
    assert events[-1].to_json()["gains"] == {}
    assert game.bank == bank


def test_a_neutral_can_hold_the_longest_road():
    """"Neutrální hráč ale může získat zvláštní kartu Nejdelší obchodní cesta.\""""
    game = builder()
    place_roads(game, "white", "d2.SE", "d3.S", "d3.SE", "c4.S", "c4.SE", "b4.S")
    assert game.road_length("white") == 5
    assert game.longest_road_holder == "white"


# -- Akce obchodních karet --------------------------------------------------------------------

def test_one_trade_card_action_per_turn_also_before_the_roll():
    """"Ve svém tahu (také před hodem kostkami) může hráč provést jednu ze 2 následujících
    akcí:\""""
    game = duel("roll")
    game.set_robber("c3")
    game.set_hand("red", hand(ore=2))
    game.set_hand("orange", hand(wool=2))
    assert RobberToDesert("orange") in game.legal_actions()
    game.apply(RobberToDesert("orange"))
    assert ForcedTrade("orange") not in game.legal_actions()
    error = violation(game, ForcedTrade("orange"))
    assert error.code == "trade_card_action_used" and error.headword == "katan-pro-dva"
    assert violation(game, RobberToDesert("red")).code == "not_your_turn"


def test_forced_trade_draws_two_and_gives_back_two():
    """"Vynucený obchod. Hráč si smí náhodně vytáhnout 2 karty surovin z ruky svého
    spoluhráče a za to mu dát 2 libovolné karty surovin.\""""
    game = duel("trade")
    game.set_hand("red", hand(ore=2, grain=1))
    game.set_hand("orange", hand(wool=1))
    events = game.apply(ForcedTrade("orange"))
    drawn = game.history[-1].drawn
    assert len(drawn) == 2 and set(drawn) <= {"ore", "grain"}
    assert events[1].kind == "forced_trade"
    assert game.phase == "give_back" and game.acting_player == "orange"
    assert violation(game, GiveBack("orange", {"wool": 1})).code == "give_back_two"
    give = {"wool": 1, drawn[0]: 1}
    game.apply(GiveBack("orange", give))
    assert game.phase == "trade"
    assert game.hand_size("red") == 3 and game.hand_size("orange") == 1
    assert game.hand("red")["wool"] == 1


def test_forced_trade_with_a_single_card():
    """"Pokud má spoluhráč pouze 1 kartu surovin, vezme si hráč tuto, avšak musí mu přesto
    vrátit 2 karty.\""""
    game = duel("trade")
    game.set_hand("red", hand(ore=1))
    game.set_hand("orange", hand(wool=1))
    game.apply(ForcedTrade("orange"))
    assert game.history[-1].drawn == ("ore",) and game.hand("red") == hand()
    assert violation(game, GiveBack("orange", {"ore": 1})).code == "give_back_two"
    game.apply(GiveBack("orange", {"ore": 1, "wool": 1}))
    assert game.hand("red") == hand(wool=1, ore=1) and game.hand("orange") == hand()
    # Without 2 cards to give back the forced trade is not possible.
    game = duel("trade")
    game.set_hand("red", hand(ore=1))
    assert violation(game, ForcedTrade("orange")).code == "forced_trade_cannot_give_back"
    game.set_hand("red", hand())
    game.set_hand("orange", hand(ore=3))
    assert violation(game, ForcedTrade("orange")).code == "forced_trade_empty_hand"


def test_robber_to_the_desert():
    """"Přemístění zloděje. Hráč smí přemístit zloděje na poušť.\""""
    game = duel("build")
    game.set_robber("d2")
    events = game.apply(RobberToDesert("orange"))
    assert game.robber == "b2"
    assert "robber_moved" in [e.kind for e in events]
    game.apply(EndTurn("orange"))
    error = violation(game, RobberToDesert("red"))
    assert error.code == "robber_already_in_desert"


def test_robber_to_the_desert_steals_nothing():
    """"Má-li spoluhráč vesnici či město sousedící s pouští, nebude mu ukradena žádná
    karta.\""""
    game = duel("build")
    game.set_robber("d2")
    game.place_settlement("red", "b2.S")  # next to the desert b2
    game.set_hand("red", hand(ore=3))
    events = game.apply(RobberToDesert("orange"))
    assert "nothing_stolen" in [e.kind for e in events]
    assert game.hand("red") == hand(ore=3)


def test_an_action_costs_one_card_when_not_ahead():
    """"Hráče, který má méně nebo stejně vítězných bodů (karty vítězných bodů se
    nepočítají) jako spoluhráč, stojí jedna akce 1 obchodní kartu.\""""
    game = duel("build")
    game.place_settlement("orange", "a1.N")
    game.place_settlement("red", "e3.S")
    game.set_dev_cards("orange", ["victory_point"])  # not counted
    game.set_robber("d2")
    assert game.trade_card_cost("orange") == 1
    events = game.apply(RobberToDesert("orange"))
    assert events[0].to_json() == {"kind": "trade_cards_changed", "player": "orange",
                                   "change": -1, "total": 3, "reason": "paid"}


def test_an_action_costs_two_cards_when_ahead():
    """"Pokud má hráč více vítězných bodů, stojí jej jedna akce 2 obchodní karty.\""""
    game = duel("build")
    game.place_settlement("orange", "a1.N")
    game.set_robber("d2")
    assert game.trade_card_cost("orange") == 2
    game.set_trade_cards("orange", 1)
    error = violation(game, RobberToDesert("orange"))
    assert error.code == "not_enough_trade_cards"
    assert RobberToDesert("orange") not in game.legal_actions()
    game.set_trade_cards("orange", 2)
    game.apply(RobberToDesert("orange"))
    assert game.trade_cards("orange") == 0


def test_paid_trade_cards_go_back_to_the_pile():
    """"Zaplacené obchodní karty se pokládají zpět na balíček obchodních karet.\""""
    game = duel("build")
    game.set_robber("d2")
    pile = game.trade_card_pile
    game.apply(RobberToDesert("orange"))
    assert game.trade_card_pile == pile + 1


# -- Zisk obchodních karet -------------------------------------------------------------------

def army(knights_orange: int, knights_red: int, holder: str | None) -> Game:
    game = duel("build")
    game.set_played_knights("orange", knights_orange)
    game.set_played_knights("red", knights_red)
    assert game.largest_army_holder == holder
    game.set_trade_cards("orange", 2)
    return game


def test_retire_a_played_knight_for_two_trade_cards_once_per_turn():
    """"Hráč může jednou během svého tahu odstranit jednoho svého vyloženého Rytíře ze hry
    a za to si vzít 2 obchodní karty.\""""
    game = army(2, 0, None)
    events = game.apply(RetireKnight("orange"))
    assert game.played_knights("orange") == 1 and game.trade_cards("orange") == 4
    assert [e.kind for e in events] == ["knight_retired", "trade_cards_changed"]
    assert violation(game, RetireKnight("orange")).code == "knight_already_retired"
    game.apply(EndTurn("orange"))
    assert violation(game, RetireKnight("red")).code == "no_played_knight"
    # The knight is out of the game: 25 cards minus the retired one remain in play.
    data = game.to_json()
    assert data["removed_knights"] == 1
    assert Game.from_json(data).played_knights("orange") == 1


def test_largest_army_is_lost_at_two_knights_or_at_a_tie():
    """"Jestliže hráč vlastní zvláštní kartu Největší vojsko a odstraní svého Rytíře,
    ztrácí kartu Největší vojsko, pokud má vyložené pouze 2 karty Rytířů nebo má vyloženo
    přesně tolik Rytířů jako jeho spoluhráč.\""""
    game = army(3, 0, "orange")
    events = game.apply(RetireKnight("orange"))
    assert game.largest_army_holder is None
    assert events[-1].to_json()["reason"] == "knight_retired"
    game = army(4, 3, "orange")
    game.apply(RetireKnight("orange"))
    assert game.largest_army_holder is None
    game = army(5, 3, "orange")
    game.apply(RetireKnight("orange"))
    assert game.largest_army_holder == "orange"


def test_largest_army_then_goes_to_whoever_has_more_at_least_three():
    """"Kartu Největší vojsko poté zase získá ten hráč, který má více vyložených Rytířů než
    spoluhráč (nejméně však 3).\""""
    game = army(3, 0, "orange")
    game.set_played_knights("red", 3)
    assert game.largest_army_holder == "orange"
    game.apply(RetireKnight("orange"))
    assert game.largest_army_holder == "red"
    game = army(4, 3, "orange")
    game.apply(RetireKnight("orange"))          # 3 : 3, set aside
    game.set_dev_cards("orange", ["knight"])
    game.set_current("orange", "build")
    game.apply(PlayKnight("orange", "d2"))      # 4 : 3
    assert game.largest_army_holder == "orange"


def test_a_settlement_next_to_the_desert_brings_two_trade_cards():
    """"Hráč získá 2 obchodní karty za postavení své vesnice (také ve fázi zakládání) vedle
    pouště.\""""
    game = Game.new(Board.beginner(), ("orange", "red"), rules=PRO_DVA)
    events = game.apply(PlaceSettlement("orange", "b2.S"))  # the desert b2, inland
    assert game.trade_cards("orange") == 6
    assert events[-1].to_json() == {"kind": "trade_cards_changed", "player": "orange",
                                    "change": 2, "total": 6, "reason": "settlement"}


def test_a_settlement_on_the_coast_brings_one_trade_card():
    """"Hráč získá 1 obchodní kartu za postavení vesnice na pobřeží (také ve fázi
    zakládání).\""""
    game = builder()
    game.set_trade_cards("orange", 0)
    game.apply(BuildRoad("orange", walk("a1.NE", "a2.N")[0]))
    game.apply(game.legal_actions()[0])
    game.apply(BuildSettlement("orange", "a2.N"))  # coast, no desert
    assert game.trade_cards("orange") == 1
    setup = Game.new(Board.beginner(), ("orange", "red"), rules=PRO_DVA)
    setup.apply(PlaceSettlement("orange", "e3.S"))
    assert setup.trade_cards("orange") == 5


def test_a_settlement_by_the_desert_on_the_coast_brings_three():
    """"Hráč získá 3 obchodní karty za postavení vesnice, která sousedí s pouští a zároveň
    s pobřežím.\""""
    board = Board.variable(0)  # the desert b1 lies on the coast
    assert board.robber_start == "b1"
    game = Game.new(board, ("orange", "red"), rules=PRO_DVA)
    game.apply(PlaceSettlement("orange", "b1.NW"))
    assert game.trade_cards("orange") == 7


def test_at_most_seven_trade_cards():
    """"Každý hráč smí mít maximálně 7 obchodních karet.\""""
    game = army(1, 0, None)
    game.set_trade_cards("orange", 7)
    assert RetireKnight("orange") not in game.legal_actions()
    assert violation(game, RetireKnight("orange")).code == "trade_cards_full"
    with pytest.raises(InvalidInput):
        game.set_trade_cards("orange", 8)


def test_the_example_six_cards_and_a_settlement_by_the_desert():
    """"Hráč má 6 obchodních karet a staví vesnici u pouště. Za to by získal 2 obchodní
    karty, avšak nesmí mít více než 7 obchodních karet. Proto získá z balíčku pouze 1
    obchodní kartu.\""""
    game = duel("build")
    game.place_settlement("orange", "a1.N")
    place_roads(game, "orange", "a1.N", "a1.NE", "a1.SE")
    game.set_trade_cards("orange", 6)
    game.set_hand("orange", hand(brick=1, lumber=1, wool=1, grain=1))
    events = game.apply(BuildSettlement("orange", "a1.SE"))  # by the desert b2
    assert game.trade_cards("orange") == 7
    assert [e.to_json()["change"] for e in events if e.kind == "trade_cards_changed"] == [1]


# -- notation ------------------------------------------------------------------------------

def test_katan_pro_dva_positions_and_actions_round_trip():
    rng = random.Random(7)
    game = Game.new(Board.variable(7), ("orange", "red"), seed=7, rules=PRO_DVA)
    kinds = set()
    for _ in range(3000):
        if game.phase == "over":
            break
        action = rng.choice(game.legal_actions())
        assert actions.from_json(json.loads(json.dumps(action.to_json()))) == action
        game.apply(action)
        kinds.add(action.type)
    assert {"forced_trade", "give_back", "robber_to_desert", "build_neutral_road"} <= kinds
    data = json.loads(json.dumps(game.to_json()))
    assert Game.from_json(data).to_json() == data
    replay = Game.new(Board.variable(7), ("orange", "red"), seed=99, rules=PRO_DVA)
    for action in game.history:
        replay.apply(actions.from_json(action.to_json()))
    for key in ("buildings", "roads", "hands", "trade_cards", "robber", "phase", "current"):
        assert replay.to_json()[key] == game.to_json()[key], key


def test_the_beginner_set_up_for_two():
    game = Game.beginner(("orange", "red"), rules=PRO_DVA)
    assert game.phase == "roll"
    assert {c for c, _ in game.buildings.values()} == {"orange", "red", "blue", "white"}
    # Orange's e1.SE is on the coast (1 card); red's b3.SE and c2.SE are inland.
    assert game.trade_cards("orange") == 5 and game.trade_cards("red") == 4


def test_a_neutral_settlement_that_breaks_a_road_can_win_the_game_for_the_builder():
    """A reading: the free neutral settlement follows the normal rules, so it may break the
    opponent's road; the Longest Road then moves and the builder, on turn, may win by it."""
    game = duel("build")
    game.place_settlement("red", "a1.NW")
    place_roads(game, "red", "a1.NW", "a1.N", "a1.NE", "a2.N", "a2.NE", "a3.N")
    game.place_settlement("orange", "c1.NW")
    place_roads(game, "orange", "c1.NW", "c1.SW", "c1.S", "d1.SW", "d1.S", "e1.SW")
    assert game.longest_road_holder == "red"  # first to 5; orange only ties
    game.place_settlement("orange", "e3.S", city=True)
    game.place_settlement("orange", "c5.SE", city=True)
    game.set_dev_cards("orange", ["victory_point"] * 3)
    game.place_settlement("blue", "a1.S")
    place_roads(game, "blue", "a1.S", "a1.SE", "a1.NE")
    game.set_hand("orange", hand(brick=1, lumber=1))
    game.apply(BuildRoad("orange", walk("c1.S", "c1.SE")[0]))  # a branch: still 5 long
    assert game.phase == "neutral" and game.points("orange")["total"] == 8
    events = game.apply(BuildNeutralSettlement("orange", "blue", "a1.NE"))
    assert game.longest_road_holder == "orange"
    assert game.winner == "orange" and game.phase == "over"
    assert [e.kind for e in events][-1] == "game_won"
    assert Game.from_json(game.to_json()).winner == "orange"


def test_a_neutral_settlement_brings_no_trade_cards():
    """The ruling `pro-dva-obchodni-karty-jen-vlastni` (the site's reading of 001's "za
    postavení své vesnice"): a neutral settlement built on the coast brings its builder no
    trade card, and the neutral holds none."""
    game = builder()
    place_roads(game, "blue", NEUTRAL_SPOTS["blue"], "a3.NE", "a3.N")
    assert len(INTERSECTION_HEXES[node_index("a3.N")]) < 3  # on the coast
    before = game.trade_cards("orange")
    game.apply(BuildRoad("orange", walk("a1.NE", "a2.N")[0]))
    events = game.apply(BuildNeutralSettlement("orange", "blue", "a3.N"))
    assert game.buildings["a3.N"] == ("blue", "settlement")
    assert game.trade_cards("orange") == before
    assert not any(e.kind == "trade_cards_changed" for e in events)
