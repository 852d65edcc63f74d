"""Rozbor hry (engine.review): win chances that add up, a won game that reads as won, the
swing at a seven that cost a hand, labels by the stated thresholds, and the same review
twice for the same game."""

import pytest

from engine import Game, actions
from engine.bots import StrongBot
from engine.review import LABELS, GameRecord, label_for, review_game, win_chances
from engine.review import review as review_module
from engine.review.features import PIPS
from engine.review.selfplay import new_game, strong_bots
from engine.topology import INTERSECTION_HEXES, INTERSECTION_INDEX


def strong_game(seed: int, actions_cap: int | None = None, beginner: str | None = None) -> Game:
    """Strong self-play on a variable board, to the end or for ``actions_cap`` actions;
    ``beginner``: a colour played by the začátečník level instead."""
    game = new_game(seed)
    bots = strong_bots(game, seed)
    if beginner is not None:
        bots[beginner] = StrongBot(seed, level="zacatecnik")
    while game.winner is None and (actions_cap is None or len(game.history) < actions_cap):
        game.apply(bots[game.acting_player].decide(game).action)
    return game


@pytest.fixture(scope="module")
def finished() -> Game:
    return strong_game(6)   # a clear finish (seed 5 ends in a two-player photo finish)


def test_chances_are_probabilities_that_sum_to_one():
    game = strong_game(3, actions_cap=120)
    for chances in (win_chances(game), win_chances(game, playouts=3, horizon=2, seed=1),
                    win_chances(game.to_json())):
        assert set(chances) == set(game.players)
        assert all(0.0 <= p <= 1.0 for p in chances.values())
        assert sum(chances.values()) == pytest.approx(1.0)
    # A position given as JSON is read as the game it came from.
    assert win_chances(game.to_json()) == pytest.approx(win_chances(game))


def test_a_won_game_gives_the_winner_all_the_chance(finished):
    assert finished.winner is not None
    chances = win_chances(finished, playouts=4)
    assert chances[finished.winner] == 1.0
    review = review_game(GameRecord.of(finished))
    assert review.winner == finished.winner
    last = review.chart[-1]
    assert last.step == len(finished.history)
    assert last.chances[finished.winner] == 1.0
    # The turn before the end the winner is already the favourite.
    assert max(review.chart[-2].chances, key=review.chart[-2].chances.get) == finished.winner


def test_the_chart_has_one_estimate_per_turn(finished):
    review = review_game(GameRecord.of(finished))
    turns = [point.turn for point in review.chart]
    assert turns[0] == 0 and turns[1] == 1      # the start, then after the set-up
    # Every turn's start, then the end (in the winner's last turn).
    assert turns[1:] == [*range(1, finished.turn_number + 1), finished.turn_number]
    for point in review.chart:
        assert sum(point.chances.values()) == pytest.approx(1.0)


def test_a_seven_that_costs_a_hand_is_the_swing_and_is_told():
    start = Game.beginner(seed=1)
    start.set_hand("blue", {"brick": 3, "lumber": 3, "wool": 3, "grain": 3, "ore": 2})
    game = start.copy()
    steps = [actions.RollDice("orange", (3, 4))]
    game.apply(steps[-1])
    discard = StrongBot(0).decide(game).action
    assert discard.player == "blue" and sum(discard.cards.values()) == 7
    steps.append(discard)
    game.apply(discard)
    rob = next(a for a in game.legal_actions() if a.victim == "blue")
    steps.append(actions.MoveRobber("orange", rob.hex, "blue", "ore"))
    game.apply(steps[-1])
    steps.append(actions.EndTurn("orange"))
    game.apply(steps[-1])

    review = review_game(GameRecord(start, tuple(steps)))
    swing = review.swings[0]
    assert swing.player == "blue"
    assert swing.after < swing.before - 0.03
    assert swing.step == 1
    assert swing.text == "Sedmička stála modrého 7 karet."


def test_labels_follow_the_stated_thresholds():
    assert (review_module.PRECISE, review_module.INACCURACY, review_module.MISTAKE) == (
        0.02, 0.05, 0.10)
    assert label_for(-0.04) == label_for(0.0) == label_for(0.0199) == "přesné"
    assert label_for(0.02) == label_for(0.0499) == "nepřesnost"
    assert label_for(0.05) == label_for(0.0999) == "chyba"
    assert label_for(0.10) == label_for(0.5) == "hrubá chyba"
    assert LABELS == ("přesné", "nepřesnost", "chyba", "hrubá chyba")


def test_a_poor_first_settlement_is_graded_against_the_strong_choice():
    start = new_game(11)
    game = start.copy()
    bots = strong_bots(game, 11)
    # Orange founds its first settlement on the spot with the fewest dots.
    worst = min(game.legal_actions(), key=lambda a: _dots(game, a.node))
    game.apply(worst)
    while len(game.history) < 16:
        game.apply(bots[game.acting_player].decide(game).action)
    review = review_game(GameRecord(start, tuple(game.history)), "orange", playouts=6,
                         horizon=4, max_graded=2)
    first = review.grades[0]
    assert first.step == 0 and first.action == worst
    assert first.best != worst and first.best.type == "place_settlement"
    assert first.loss > 0.05
    assert first.label in ("chyba", "hrubá chyba")
    assert first.label == label_for(first.loss)
    assert first.text.startswith("Silný hráč by hrál jinak: oranžový zakládá vesnici ")
    assert first.headword == "faze-zakladani"
    for grade in review.grades:
        assert grade.label == label_for(grade.loss)
        assert grade.player == "orange"


def _dots(game: Game, node: str) -> int:
    return sum(PIPS[game.board.numbers[h] or 0]
               for h in INTERSECTION_HEXES[INTERSECTION_INDEX[node]])


def test_the_review_of_a_seeded_game_is_the_same_twice():
    game = strong_game(21, actions_cap=90, beginner="red")
    record = GameRecord.of(game)
    one = review_game(record, "red", playouts=2, horizon=2, max_graded=3)
    two = review_game(record, "red", playouts=2, horizon=2, max_graded=3)
    assert one.chart == two.chart
    assert one.swings == two.swings
    assert one.grades == two.grades
    assert one.played_out == 3 and one.decisions >= 3
    assert 3 <= len(one.swings) <= 5
