"""Rozbor hry: a finished game reviewed by the engine (pure Python, no Django).

    from engine.review import win_chances, review_game, GameRecord
    win_chances(game)                      # {colour: chance}, the value model
    review = review_game(GameRecord.of(finished_game), color="blue")
    review.chart, review.swings, review.grades

How the chances are estimated and how well they are calibrated: engine/review/README.md.
"""

from .chances import win_chances
from .review import (
    LABELS,
    ChartPoint,
    GameRecord,
    Grade,
    Review,
    Swing,
    label_for,
    review_game,
)

__all__ = ["LABELS", "ChartPoint", "GameRecord", "Grade", "Review", "Swing", "label_for",
           "review_game", "win_chances"]
