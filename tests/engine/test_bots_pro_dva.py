"""Computer players in Katan pro dva: they win against a random player, give the free
neutral settlement where it hurts the opponent, and use the trade-card actions."""

import pytest
from engine_kit import hand, place_roads, walk

from engine import Board, Game, Rules
from engine.actions import (
    BuildNeutralSettlement,
    BuildRoad,
    ForcedTrade,
    GiveBack,
    RobberToDesert,
)
from engine.bots import RandomBot, StrongBot, play_out

PRO_DVA = Rules(two_player=True)
TWO = ("orange", "red")


def duel(phase: str) -> Game:
    """A Katan pro dva sandbox on the beginner board, orange's turn; blue and white are
    the neutrals."""
    game = Game.empty(Board.beginner(), TWO, rules=PRO_DVA)
    game.set_current("orange", phase)
    return game


@pytest.mark.slow  # 10 whole games (the quick tier leaves out long games)
def test_the_strong_bot_beats_a_random_player_in_katan_pro_dva_on_fixed_seeds():
    wins = 0
    for seed in range(10):
        strong = TWO[seed % 2]
        game = Game.new(Board.variable(seed), TWO, seed=seed, rules=PRO_DVA)
        bots = {c: StrongBot(seed) if c == strong else RandomBot(seed + 100) for c in TWO}
        decisions = play_out(game, bots)
        wins += game.winner == strong
        # A reason is given where there was a choice, and then it says why.
        assert all(" protože " in d.reason_cs or " aby " in d.reason_cs
                   for d in decisions if d.reason_cs)
    assert wins >= 8


def test_two_strong_bots_finish_katan_pro_dva_with_a_winner():
    game = Game.new(Board.variable(4), TWO, seed=4, rules=PRO_DVA)
    play_out(game, {"orange": StrongBot(1), "red": StrongBot(2)}, turn_cap=300)
    assert game.winner is not None
    assert game.points(game.winner)["total"] >= 10


def test_the_free_neutral_settlement_takes_the_opponents_spot_not_the_bots():
    """Blue (neutral) has roads from c3.SE to two free spots: b3.SE, one step from red's
    road, and d3.SE, one step from orange's. Orange builds a road and chooses."""
    game = duel("build")
    game.place_settlement("blue", "c3.SE")
    place_roads(game, "blue", "b3.SE", "b3.S", "c3.SE", "c4.S", "d3.SE")
    game.place_settlement("red", "a3.SE")
    place_roads(game, "red", "a3.SE", "a3.S")
    game.place_settlement("orange", "d4.SE")
    place_roads(game, "orange", "d4.SE", "d4.S")
    game.set_hand("orange", hand(brick=1, lumber=1))
    game.apply(BuildRoad("orange", walk("d4.SE", "c5.S")[0]))  # away from the neutral
    assert game.phase == "neutral"
    decision = StrongBot(0).decide(game)
    assert decision.action == BuildNeutralSettlement("orange", "blue", "b3.SE")
    assert decision.reason_cs.startswith(
        "Oranžový staví za modrého neutrálního hráče vesnici u pastviny 12, lesa 5 a hor 6")
    assert decision.reason_cs.endswith("protože tím soupeři bere místo pro vesnici.")


def test_the_bot_forces_a_trade_on_a_full_hand_and_gives_back_what_it_needs_least():
    game = duel("trade")
    game.place_settlement("orange", "d2.SE")
    place_roads(game, "orange", "d2.SE", "d2.S")  # a road toward the next spot, no spot yet
    game.place_settlement("red", "a1.S")
    game.set_hand("orange", hand(brick=1, lumber=1))
    game.set_hand("red", hand(ore=6))
    decision = StrongBot(0).decide(game)
    assert decision.action == ForcedTrade("orange")
    assert "drží 6 karet" in decision.reason_cs
    game.apply(decision.action)
    assert game.phase == "give_back"
    decision = StrongBot(0).decide(game)
    assert decision.action == GiveBack("orange", {"ore": 2})
    # The table sees the cards; the plan is told only to its own player (the hint).
    assert decision.reason_cs == ("Oranžový vrací červenému 2 rudy, protože se bez nich obejde"
                                  " nejsnáz.")
    assert StrongBot(0, tells_plan=True).decide(game).reason_cs == (
        "Oranžový vrací červenému 2 rudy, protože šetří na silnici.")


def test_the_bot_sends_the_robber_from_its_hex_to_the_desert_with_a_trade_card():
    game = duel("roll")
    game.place_settlement("orange", "d2.SE")
    game.place_settlement("red", "a1.S")
    game.set_robber("d2")
    decision = StrongBot(0).decide(game)
    assert decision.action == RobberToDesert("orange")
    assert decision.reason_cs == ("Oranžový přesouvá obchodní kartou zloděje na poušť, protože "
                                  "mu zloděj blokuje výnos z pole 10.")
