"""Computer players and domestic trade with consent: the strong bot offers only what a
partner would take, answers offers by what brings it closer to a build, never helps a
player about to win, and does not repeat an offer that was declined."""

from engine_kit import hand, place_roads, sandbox

from engine import Game
from engine.actions import AcceptTrade, CounterOffer, DeclineTrade, EndTrade, OfferTrade
from engine.bots import StrongBot

THREE = ("orange", "red", "blue")


def spot_position(**cards) -> Game:
    """Orange (on turn, trade phase): a settlement on d2.SE and two roads to a free spot
    (d1.SE); red's settlement far away on a1.S."""
    game = sandbox(THREE)
    game.place_settlement("orange", "d2.SE")
    place_roads(game, "orange", "d2.SE", "d2.S", "d1.SE")
    game.place_settlement("red", "a1.S")
    game.set_hand("orange", hand(**cards))
    return game


def test_a_partner_accepts_an_offer_that_completes_its_settlement():
    game = spot_position(wool=2)
    game.set_hand("red", hand(brick=1, lumber=1, grain=1, ore=2))
    game.apply(OfferTrade("orange", "red", {"wool": 1}, {"ore": 1}))
    decision = StrongBot(0).decide(game)
    assert decision.action == AcceptTrade("red")
    assert decision.reason_cs == ("Červený přijímá nabídku oranžového (1 vlnu za 1 rudu), "
                                  "protože ho to přiblíží ke stavbě.")


def test_no_help_for_a_player_about_to_win():
    game = spot_position(wool=2)
    for node in ("c5.SE", "e3.S", "b4.NE", "a3.NW"):
        game.place_settlement("orange", node)
    for node in ("c5.SE", "e3.S", "b4.NE"):
        game.place_settlement("orange", node, city=True)
    assert game.points("orange")["total"] >= 8
    game.set_hand("red", hand(brick=1, lumber=1, grain=1, ore=2))
    game.apply(OfferTrade("orange", "red", {"wool": 1}, {"ore": 1}))
    decision = StrongBot(0).decide(game)
    assert decision.action == DeclineTrade("red")
    assert "blízko vítězství" in decision.reason_cs


def test_a_bad_offer_gets_a_counter_offer_that_helps_both():
    game = spot_position(wool=2, grain=2, ore=2)  # orange lacks 1 ore for a city
    game.set_hand("red", hand(brick=1, lumber=1, grain=1, ore=1))  # red lacks wool
    game.apply(OfferTrade("orange", "red", {"ore": 1}, {"brick": 1}))
    decision = StrongBot(0).decide(game)
    assert decision.action == CounterOffer("red", {"ore": 1}, {"wool": 1})
    assert decision.reason_cs.startswith("Červený navrhuje oranžovému místo toho 1 rudu za 1 vlnu")
    game.apply(decision.action)
    assert game.acting_player == "orange"
    assert StrongBot(1).decide(game).action == AcceptTrade("orange")


def wool_partner(game: Game) -> None:
    """Red's settlement on the pasture 8 and a hand of 5 cards: a sandbox has no log to
    count cards from, so orange judges red's hand by what red's buildings produce (wool)."""
    game.place_settlement("red", "e3.S")
    game.set_hand("red", hand(wool=1, grain=2, ore=2))  # red is one ore short of a city


def test_the_bot_offers_a_surplus_card_for_the_one_it_lacks_and_not_twice():
    game = spot_position(brick=1, lumber=1, grain=1, ore=1)  # one wool short
    wool_partner(game)
    bot = StrongBot(0)
    decision = bot.decide(game)
    assert decision.action == OfferTrade("orange", "red", {"ore": 1}, {"wool": 1})
    assert decision.reason_cs == ("Oranžový nabízí červenému 1 rudu za 1 vlnu, protože čeká,"
                                  " že výměna pomůže oběma.")
    game.apply(decision.action)
    game.apply(DeclineTrade("red"))
    again = bot.decide(game)
    assert again.action != decision.action
    assert again.action == EndTrade("orange")


def test_a_bot_made_afresh_reads_its_declined_offer_from_the_history():
    """Hrát rebuilds a game's bots after a restart or in another worker: the new bot must
    not put the offer the person has just declined to them again."""
    game = spot_position(brick=1, lumber=1, grain=1, ore=1)
    wool_partner(game)
    offer = StrongBot(0).decide(game).action
    assert offer == OfferTrade("orange", "red", {"ore": 1}, {"wool": 1})
    game.apply(offer)
    game.apply(DeclineTrade("red"))
    assert StrongBot(0).decide(game).action == EndTrade("orange")
    # It is the history that remembers: the same position loaded from JSON has none, and a
    # fresh bot (without its own memory of the offer) would offer again.
    loaded = Game.from_json(game.to_json())
    assert StrongBot(0).decide(loaded).action == offer
