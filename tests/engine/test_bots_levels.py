"""Levels of the computer players (začátečník, pokročilý, silný): real differences in play,
each deterministic for a seed, and as the new-game form describes them."""

import pytest
from engine_kit import hand, place_roads, sandbox

from engine import Board, Game
from engine.actions import AcceptTrade, CounterOffer, DeclineTrade, OfferTrade, PlayKnight
from engine.bots import RandomBot, StrongBot, play_out
from engine.bots.levels import DEFAULT_LEVEL, LEVELS

FOUR = ("orange", "red", "blue", "white")


def two_against_two(seed: int, a: str, b: str) -> str:
    """A 4-player game, level a in two seats and b in the other two (swapped by the seed);
    the winner's level."""
    game = Game.new(Board.variable(seed), FOUR, seed=seed)
    levels = {c: (a, b)[(i + seed) % 2] for i, c in enumerate(FOUR)}
    play_out(game, {c: StrongBot(seed * 8 + i, level=levels[c]) for i, c in enumerate(FOUR)},
             turn_cap=500)
    assert game.winner is not None
    return levels[game.winner]


@pytest.mark.slow  # 12 whole games (the quick tier leaves out long games)
def test_the_strong_level_beats_the_beginner_level_on_fixed_seeds():
    wins = sum(two_against_two(seed, "silny", "zacatecnik") == "silny" for seed in range(12))
    assert wins >= 9   # 2 seats of 4: 6 of 12 would be even


@pytest.mark.slow  # 16 whole games
def test_the_advanced_level_beats_the_beginner_level_on_fixed_seeds():
    wins = sum(two_against_two(seed, "pokrocily", "zacatecnik") == "pokrocily"
               for seed in range(16))
    assert wins >= 10


@pytest.mark.slow  # 8 whole games
def test_the_beginner_level_still_beats_random_players():
    wins = 0
    for seed in range(8):
        game = Game.new(Board.variable(seed), FOUR, seed=seed)
        beginner = FOUR[seed % 4]
        bots = {c: StrongBot(seed, level="zacatecnik") if c == beginner else RandomBot(seed + i)
                for i, c in enumerate(FOUR)}
        play_out(game, bots)
        wins += game.winner == beginner
    assert wins >= 6


@pytest.mark.parametrize("level", list(LEVELS))
def test_each_level_plays_the_same_game_for_the_same_seed(level):
    def run():
        game = Game.new(Board.variable(4), FOUR, seed=4)
        decisions = play_out(game, {c: StrongBot(i, level=level) for i, c in enumerate(FOUR)},
                             turn_cap=60)
        return [(d.action, d.reason_cs) for d in decisions]
    assert run() == run()


def test_the_beginner_never_offers_trades_and_trades_with_the_bank_only_above_7_cards():
    kinds = set()
    for seed in range(3):
        game = Game.new(Board.variable(seed), FOUR, seed=seed)
        bots = {c: StrongBot(seed + i, level="zacatecnik") for i, c in enumerate(FOUR)}
        while game.winner is None and game.turn_number <= 300:
            cards = sum(game.hand(game.acting_player).values())
            decision = bots[game.acting_player].decide(game)
            kinds.add(decision.action.type)
            assert decision.action.type not in ("offer_trade", "trade_players", "play_monopoly")
            if decision.action.type == "trade_bank":
                assert cards > 7
            game.apply(decision.action)
    assert "build_settlement" in kinds and "build_city" in kinds


def test_a_new_game_offers_learners_the_beginner_level_first():
    assert DEFAULT_LEVEL == "zacatecnik"
    assert [level.name for level in LEVELS.values()] == ["začátečník", "pokročilý", "silný"]


def trade_position(**cards) -> Game:
    """Orange on turn (trade phase) with a settlement and roads to a free spot; red's
    settlement far away with 4 cards, one wool short of a city's neighbour builds."""
    game = sandbox(FOUR[:3])
    game.place_settlement("orange", "d2.SE")
    place_roads(game, "orange", "d2.SE", "d2.S", "d1.SE")
    game.place_settlement("red", "a1.S")
    game.set_hand("orange", hand(**cards))
    game.set_hand("red", hand(brick=1, lumber=1, grain=1, ore=1))  # red lacks wool
    return game


def test_the_beginner_answers_an_offer_with_yes_or_no_and_never_a_counter_offer():
    """The form says so: začátečník never offers a trade itself; an offer it is made it
    accepts when it helps it, otherwise declines (the strong level would counter)."""
    game = trade_position(wool=2, grain=2, ore=2)
    game.apply(OfferTrade("orange", "red", {"ore": 1}, {"brick": 1}))
    assert StrongBot(0).decide(game).action == CounterOffer("red", {"ore": 1}, {"wool": 1})
    decision = StrongBot(0, level="zacatecnik").decide(game)
    assert decision.action == DeclineTrade("red")
    assert decision.reason_cs == ("Červený odmítá nabídku oranžového (1 rudu za 1 cihlu), "
                                  "protože by mu nepomohla.")
    game = trade_position(wool=2, grain=2, ore=2)
    game.apply(OfferTrade("orange", "red", {"wool": 1}, {"ore": 1}))
    assert StrongBot(0, level="zacatecnik").decide(game).action == AcceptTrade("red")


def test_the_beginner_never_counters_in_seeded_games():
    kinds = set()
    for seed in range(2):
        game = Game.new(Board.variable(seed), FOUR, seed=seed)
        levels = {c: ("silny", "zacatecnik")[i % 2] for i, c in enumerate(FOUR)}
        bots = {c: StrongBot(seed + i, level=levels[c]) for i, c in enumerate(FOUR)}
        while game.winner is None and game.turn_number <= 300:
            me = game.acting_player
            decision = bots[me].decide(game)
            if levels[me] == "zacatecnik":
                kinds.add(decision.action.type)
                assert decision.action.type not in ("counter_offer", "offer_trade")
            game.apply(decision.action)
    assert {"accept_trade", "decline_trade"} <= kinds


def knight_position(played: int, held: int, rival: int) -> Game:
    """Orange after its roll, ``played`` knights out and ``held`` in hand (bought earlier);
    red has played ``rival``; the robber on the desert, away from orange."""
    game = sandbox(FOUR[:3])
    game.place_settlement("orange", "d2.SE")
    game.place_settlement("red", "a3.S")
    game.set_hand("red", hand(brick=2))
    game.set_played_knights("orange", played)
    game.set_played_knights("red", rival)
    game.set_dev_cards("orange", ["knight"] * held)
    return game


def test_the_advanced_level_races_for_largest_army_with_the_knights_it_holds():
    """One knight out, two in hand, red has two out: the two in hand take Largest Army,
    so pokročilý plays one now instead of keeping it (it used to wait until a single
    knight would take the card, turns later)."""
    game = knight_position(played=1, held=2, rival=2)
    decision = StrongBot(0, level="pokrocily").decide(game)
    assert isinstance(decision.action, PlayKnight)
    # The knights it still holds are hidden: the table hears only what it sees.
    assert decision.reason_cs.endswith("protože se tím přiblíží k Největšímu vojsku.")
    assert decision.action.hex != "b2"   # away from the desert, onto an opponent


def test_the_advanced_level_keeps_a_knight_that_cannot_win_the_army_and_defends_it():
    out_of_reach = knight_position(played=0, held=1, rival=2)
    assert not isinstance(StrongBot(0, level="pokrocily").decide(out_of_reach).action,
                          PlayKnight)
    holder = knight_position(played=3, held=1, rival=3)   # red has caught up
    holder.set_special_card_holders(largest_army="orange")
    decision = StrongBot(0, level="pokrocily").decide(holder)
    assert isinstance(decision.action, PlayKnight)
    assert decision.reason_cs.endswith("protože si chce udržet Největší vojsko.")


def test_the_beginner_keeps_its_knights_unless_the_robber_blocks_it():
    game = knight_position(played=1, held=2, rival=2)
    assert not isinstance(StrongBot(0, level="zacatecnik").decide(game).action, PlayKnight)
