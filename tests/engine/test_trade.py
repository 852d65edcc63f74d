"""Obchod, Obchod vnitřní, Obchod se zámořím, Přístav."""

import pytest
from engine_kit import hand, place_roads, sandbox

from engine import Rules, RuleViolation
from engine.actions import (
    BuildSettlement,
    EndTrade,
    EndTurn,
    OfferTrade,
    RollDice,
    TradeBank,
    TradePlayers,
)


def trading(rules=None):
    game = sandbox(rules=rules)
    game.set_hand("orange", hand(brick=2, lumber=2, ore=3))
    game.set_hand("red", hand(brick=1, wool=2))
    return game


def violation(game, action):
    with pytest.raises(RuleViolation) as exc:
        game.apply(action)
    return exc.value


def test_the_active_player_trades_any_agreed_amounts():
    """Obchod vnitřní example: a brick for 1 lumber and 1 ore."""
    game = trading()
    events = game.apply(TradePlayers("orange", "red", {"lumber": 1, "ore": 1}, {"brick": 1}))
    assert game.hand("orange") == hand(brick=3, lumber=1, ore=2)
    assert game.hand("red") == hand(lumber=1, wool=2, ore=1)
    assert events[0].to_json() == {"kind": "traded", "player": "orange", "partner": "red",
                                   "give": {"lumber": 1, "ore": 1}, "get": {"brick": 1}}


def test_other_players_never_trade_among_themselves():
    game = trading()
    error = violation(game, TradePlayers("red", "orange", {"wool": 1}, {"ore": 1}))
    assert error.code == "trade_only_with_active_player"
    assert error.headword == "obchod-vnitrni"


def test_no_gifts():
    game = trading()
    assert violation(game, TradePlayers("orange", "red", {"ore": 1}, {})).code == "trade_gift"
    assert violation(game, TradePlayers("orange", "red", {}, {"wool": 2})).code == "trade_gift"


def test_not_the_same_resource_both_ways():
    game = trading()
    error = violation(game, TradePlayers("orange", "red", {"brick": 2}, {"brick": 1}))
    assert error.code == "trade_same_resource"


def test_both_sides_must_hold_what_they_give():
    game = trading()
    assert violation(game, TradePlayers("orange", "red", {"wool": 1}, {"brick": 1})).code == \
        "trade_lacks_cards"
    assert violation(game, TradePlayers("orange", "red", {"ore": 1}, {"grain": 1})).code == \
        "trade_lacks_cards"
    assert violation(game, TradePlayers("orange", "orange", {"ore": 1}, {"brick": 1})).code == \
        "trade_with_self"


def test_legal_actions_offer_every_1_for_1_trade():
    """Live play lists offers (the partner consents); an agreed trade is for records only."""
    game = trading()
    assert not any(isinstance(a, TradePlayers) for a in game.legal_actions())
    offers = {(a.partner, *a.give, *a.get) for a in game.legal_actions()
              if isinstance(a, OfferTrade)}
    assert offers == {("red", g, t) for g in ("brick", "lumber", "ore")
                      for t in ("brick", "wool") if g != t}


def test_maritime_trade_4_to_1_without_a_harbor():
    game = trading()
    game.set_hand("orange", hand(ore=4))
    game.apply(TradeBank("orange", "ore", "lumber"))
    assert game.hand("orange") == hand(lumber=1)
    game.set_hand("orange", hand(ore=3))
    error = violation(game, TradeBank("orange", "ore", "lumber"))
    assert error.code == "maritime_rate" and error.headword == "obchod-se-zamorim"


def test_maritime_trade_3_to_1_at_a_generic_harbor():
    game = trading()
    game.place_settlement("orange", "a1.N")  # 3:1 harbor a1.NW
    game.set_hand("orange", hand(lumber=6))
    assert game.harbors_of("orange") == {"3:1"} and game.trade_rate("orange", "lumber") == 3
    game.apply(TradeBank("orange", "lumber", "ore", 2))
    assert game.hand("orange") == hand(ore=2)


def test_maritime_trade_2_to_1_only_for_the_harbors_resource():
    """Přístav: a lumber harbor trades 2 lumber for any other resource, "nebo 4 dřeva za 2
    jiné suroviny"; other resources still go 4:1 there, never 3:1."""
    game = trading()
    game.place_settlement("orange", "b1.NW")  # lumber harbor b1.W
    game.set_hand("orange", hand(lumber=4, ore=3))
    game.apply(TradeBank("orange", "lumber", "ore", 2))
    assert game.hand("orange") == hand(ore=5)
    assert game.trade_rate("orange", "ore") == 4
    game.set_hand("orange", hand(ore=3))
    assert violation(game, TradeBank("orange", "ore", "wool")).code == "maritime_rate"


def test_a_harbor_settled_this_turn_serves_from_the_next_turn():
    """Přístav: "Pokud hráč postaví přístav, může ho použít k obchodování až v následujícím
    kole." """
    game = sandbox(("orange", "red"))
    game.place_settlement("orange", "b4.S")
    place_roads(game, "orange", "b4.S", "b4.SE", "b4.NE")  # to the ore harbor b4.NE
    game.set_hand("orange", hand(brick=1, lumber=1, wool=1, grain=1, ore=2))
    game.set_current("orange", "build")
    game.apply(BuildSettlement("orange", "b4.NE"))
    assert game.harbors_of("orange") == set() and game.trade_rate("orange", "ore") == 4
    game.apply(EndTurn("orange"))
    game.apply(RollDice("red", (1, 1)))
    game.apply(EndTurn("red"))
    game.apply(RollDice("orange", (1, 1)))
    assert game.harbors_of("orange") == {"ore"}
    game.apply(TradeBank("orange", "ore", "grain"))


def test_trading_happens_before_building_in_separate_phases():
    game = trading()
    game.apply(EndTrade("orange"))
    error = violation(game, TradeBank("orange", "ore", "lumber"))
    assert error.code == "trade_phase_over"
    assert error.headword == "kombinovana-faze-obchodu-a-staveni"
    game.set_current("orange", "roll")
    assert violation(game, TradePlayers("orange", "red", {"ore": 1}, {"wool": 1})).code == \
        "roll_first"


def test_combined_phase_trades_and_builds_in_any_order():
    game = trading(Rules(combined_trade_build=True))
    assert game.phase == "main"
    game.place_settlement("orange", "c3.N")
    game.place_road("orange", "b2|c3")
    game.apply(TradePlayers("orange", "red", {"ore": 1}, {"wool": 1}))
    game.set_hand("orange", hand(brick=2, lumber=2, wool=1, grain=1, ore=4))
    from engine.actions import BuildRoad
    game.apply(BuildRoad("orange", "c2|c3"))
    game.apply(TradeBank("orange", "ore", "grain"))
    game.apply(BuildSettlement("orange", "c3.SW"))
    assert violation(game, EndTrade("orange")).code == "wrong_phase"


def test_bank_must_have_the_card():
    game = trading()
    game.set_hand("orange", hand(ore=4))
    game.set_hand("red", hand(wool=19))
    assert violation(game, TradeBank("orange", "ore", "wool")).code == "bank_empty"


def test_no_trade_or_building_before_the_roll():
    """The ruling `obchod-pred-hodem`: trade and building come after the roll ("Hráč, který
    je na tahu a již inkasoval výnosy surovin, může obchodovat"); before it only a
    development card may be played."""
    from engine.actions import BuildRoad

    game = trading()
    game.place_settlement("orange", "c3.N")
    game.set_current("orange", "roll")
    assert violation(game, TradeBank("orange", "ore", "lumber")).code == "roll_first"
    game.set_hand("orange", hand(brick=1, lumber=1))
    assert violation(game, BuildRoad("orange", "b2|c3")).code == "roll_first"
