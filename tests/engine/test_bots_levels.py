"""Levels of the computer players (začátečník, pokročilý, silný): real differences in play,
each deterministic for a seed; and the hint's view, which reads no hidden cards."""

import pytest
from engine_kit import hand

from engine import Board, Game
from engine.bots import RandomBot, StrongBot, play_out
from engine.bots.levels import DEFAULT_LEVEL, LEVELS
from engine.errors import InvalidInput

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


def test_the_strong_level_beats_the_beginner_level_on_fixed_seeds():
    wins = sum(two_against_two(seed, "silny", "zacatecnik") == "silny" for seed in range(12))
    assert wins >= 9   # 2 seats of 4: 6 of 12 would be even


def test_the_advanced_level_beats_the_beginner_level_on_fixed_seeds():
    wins = sum(two_against_two(seed, "pokrocily", "zacatecnik") == "pokrocily"
               for seed in range(16))
    assert wins >= 10


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


def test_the_hint_view_decides_the_same_whatever_cards_the_others_hold():
    """The public view sees the others' hand sizes only: swapping what they hold (same
    sizes) never changes the suggestion; the full-knowledge bot may differ."""
    checked = differs = 0
    for seed in range(3):
        game = Game.new(Board.variable(seed), FOUR, seed=seed)
        bots = {c: StrongBot(seed + i) for i, c in enumerate(FOUR)}
        while game.winner is None and game.turn_number <= 120:
            me = game.acting_player
            if game.phase in ("main", "trade", "build", "robber", "offer"):
                other = game.copy()
                opponents = [c for c in FOUR if c != me]
                for c in opponents:
                    other.set_hand(c, hand())
                try:   # the same sizes, each resource's count moved to the next resource
                    for c in opponents:
                        counts = list(game.hand(c).values())
                        other.set_hand(c, dict(zip(game.hand(c), counts[-1:] + counts[:-1],
                                                   strict=True)))
                except InvalidInput:   # the bank lacks the cards for that: next position
                    game.apply(bots[me].decide(game).action)
                    continue
                suggestion = StrongBot(0, public=True).decide(game)
                assert StrongBot(0, public=True).decide(other) == suggestion
                differs += StrongBot(0).decide(other) != StrongBot(0).decide(game)
                checked += 1
            game.apply(bots[me].decide(game).action)
    assert checked > 100
    assert differs   # the computer players, who count every card, would notice
