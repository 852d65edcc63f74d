"""Obchod vnitřní with consent: the player on turn offers, the partner accepts, declines or
makes a counter-offer; nothing moves until the partner agrees."""

import pytest
from engine_kit import hand, sandbox

from engine import Game, RuleViolation
from engine.actions import (
    AcceptTrade,
    CounterOffer,
    DeclineTrade,
    EndTurn,
    OfferTrade,
    TradePlayers,
)


def trading() -> Game:
    game = sandbox(rules=None)
    game.set_current("orange", "trade")
    game.set_hand("orange", hand(brick=2, lumber=2, ore=3))
    game.set_hand("red", hand(brick=1, wool=2))
    game.set_hand("blue", hand(wool=1))
    return game


def violation(game, action):
    with pytest.raises(RuleViolation) as exc:
        game.apply(action)
    return exc.value


def test_an_offer_waits_for_the_partner_and_moves_nothing():
    game = trading()
    events = game.apply(OfferTrade("orange", "red", {"ore": 1}, {"wool": 1}))
    assert game.phase == "offer" and game.acting_player == "red"
    assert game.hand("orange") == hand(brick=2, lumber=2, ore=3)
    assert game.pending_offer == {"from": "orange", "to": ["red"], "give": {"ore": 1},
                                  "get": {"wool": 1}, "counter": False}
    assert events[0].to_json() == {"kind": "trade_offered", "player": "orange", "to": ["red"],
                                   "give": {"ore": 1}, "get": {"wool": 1}, "counter": False}
    legal = game.legal_actions()
    assert AcceptTrade("red") in legal and DeclineTrade("red") in legal
    assert CounterOffer("red", {"wool": 1}, {"ore": 1}) in legal


def test_the_partner_accepts_and_the_trade_is_made():
    game = trading()
    game.apply(OfferTrade("orange", "red", {"ore": 1}, {"wool": 1}))
    events = game.apply(AcceptTrade("red"))
    assert game.hand("orange") == hand(brick=2, lumber=2, wool=1, ore=2)
    assert game.hand("red") == hand(brick=1, wool=1, ore=1)
    assert game.phase == "trade" and game.acting_player == "orange"
    assert events[0].to_json() == {"kind": "traded", "player": "orange", "partner": "red",
                                   "give": {"ore": 1}, "get": {"wool": 1}}


def test_the_partner_declines_and_nothing_changes():
    game = trading()
    game.apply(OfferTrade("orange", "red", {"ore": 1}, {"wool": 1}))
    events = game.apply(DeclineTrade("red"))
    assert events[0].to_json() == {"kind": "trade_declined", "player": "red",
                                   "offerer": "orange"}
    assert game.phase == "trade" and game.pending_offer is None
    assert game.hand("red") == hand(brick=1, wool=2)


def test_the_player_on_turn_cannot_force_a_trade_on_the_partner():
    game = trading()
    game.apply(OfferTrade("orange", "red", {"ore": 1}, {"wool": 1}))
    error = violation(game, AcceptTrade("orange"))
    assert error.code == "not_your_turn"
    assert violation(game, EndTurn("orange")).code == "not_your_turn"


def test_an_offer_to_all_is_answered_in_turn_order_until_someone_accepts():
    game = trading()
    game.apply(OfferTrade("orange", None, {"ore": 1}, {"wool": 1}))
    assert game.pending_offer["to"] == ["red", "blue", "white"]
    game.apply(DeclineTrade("red"))
    assert game.acting_player == "blue"
    game.apply(AcceptTrade("blue"))
    assert game.hand("blue") == hand(ore=1)
    assert game.phase == "trade"


def test_when_everybody_declines_the_offer_lapses():
    game = trading()
    game.apply(OfferTrade("orange", None, {"ore": 1}, {"wool": 1}))
    for color in ("red", "blue", "white"):
        game.apply(DeclineTrade(color))
    assert game.pending_offer is None and game.acting_player == "orange"


def test_a_partner_who_lacks_the_cards_cannot_accept():
    """The offerer does not see the partner's hand; accepting checks it."""
    game = trading()
    game.apply(OfferTrade("orange", "blue", {"ore": 1}, {"wool": 2}))
    assert AcceptTrade("blue") not in game.legal_actions()
    error = violation(game, AcceptTrade("blue"))
    assert error.code == "trade_lacks_cards"
    assert error.message == "Spoluhráč nemá dost vlny."


def test_a_counter_offer_goes_back_to_the_player_on_turn():
    game = trading()
    game.apply(OfferTrade("orange", "red", {"ore": 1}, {"wool": 1}))
    events = game.apply(CounterOffer("red", {"wool": 1}, {"ore": 2}))
    assert events[0].to_json()["counter"] is True
    assert game.acting_player == "orange"
    assert game.legal_actions() == [AcceptTrade("orange"), DeclineTrade("orange")]
    error = violation(game, CounterOffer("orange", {"ore": 1}, {"wool": 1}))
    assert error.code == "counter_to_counter"
    events = game.apply(AcceptTrade("orange"))
    assert events[0].to_json() == {"kind": "traded", "player": "orange", "partner": "red",
                                   "give": {"ore": 2}, "get": {"wool": 1}}
    assert game.hand("red") == hand(brick=1, wool=1, ore=2)


def test_offers_follow_the_rules_of_domestic_trade():
    """Obchod vnitřní: only the player on turn offers; no gifts; not the same resource."""
    game = trading()
    assert violation(game, OfferTrade("red", "orange", {"wool": 1}, {"ore": 1})).code == \
        "trade_only_with_active_player"
    assert violation(game, OfferTrade("orange", "red", {"ore": 1}, {})).code == "trade_gift"
    assert violation(game, OfferTrade("orange", "red", {"ore": 1}, {"ore": 1})).code == \
        "trade_same_resource"
    assert violation(game, OfferTrade("orange", "red", {"ore": 4}, {"wool": 1})).code == \
        "trade_lacks_cards"
    assert violation(game, OfferTrade("orange", "orange", {"ore": 1}, {"wool": 1})).code == \
        "trade_with_self"


def test_answers_only_while_an_offer_waits():
    game = trading()
    assert violation(game, AcceptTrade("orange")).code == "no_offer_pending"
    assert violation(game, DeclineTrade("orange")).code == "no_offer_pending"


def test_nothing_else_happens_until_the_offer_is_answered():
    game = trading()
    game.set_current("orange", "build")
    assert violation(game, OfferTrade("orange", "red", {"ore": 1}, {"wool": 1})).code == \
        "trade_phase_over"
    game.set_current("orange", "trade")
    game.apply(OfferTrade("orange", "red", {"ore": 1}, {"wool": 1}))
    error = violation(game, EndTurn("red"))
    assert error.code == "answer_offer_first"
    assert error.message == "Nejdřív je třeba odpovědět na nabídku obchodu."


def test_an_agreed_trade_still_applies_in_one_step_for_recorded_games():
    game = trading()
    game.apply(TradePlayers("orange", "red", {"ore": 1}, {"wool": 1}))
    assert game.hand("red") == hand(brick=1, wool=1, ore=1)
    assert game.history[-1] == TradePlayers("orange", "red", {"ore": 1}, {"wool": 1})


def test_the_recorded_history_of_an_offer_replays():
    game = trading()
    start = game.copy()
    start.history.clear()
    game.apply(OfferTrade("orange", None, {"ore": 1}, {"wool": 1}))
    game.apply(CounterOffer("red", {"wool": 2}, {"ore": 1}))
    game.apply(AcceptTrade("orange"))
    replay = start
    for action in game.history[-3:]:
        replay.apply(action)
    assert replay.to_json() == game.to_json()
