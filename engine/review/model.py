"""The value model: each player's win chance from a position, in microseconds.

A conditional logit (a softmax over the players of one shared linear score): player i's
chance is exp(w·x_i) / Σ_j exp(w·x_j), x_i the player's features (engine.review.features)
standardised by the fitting's means and scales. The weights are fitted on strong self-play
(python -m engine.review.fit) and stored in weights.json beside this file.
"""

from __future__ import annotations

import json
import math
from functools import lru_cache
from pathlib import Path

from ..game import Game
from .features import FEATURES, player_features

WEIGHTS_FILE = Path(__file__).with_name("weights.json")


class Model:
    """Weights for the features, with the standardisation they were fitted with."""

    def __init__(self, data: dict) -> None:
        if tuple(data["features"]) != FEATURES:
            raise ValueError("weights.json was fitted on other features: refit "
                             "(python -m engine.review.fit)")
        self.data = data
        self.mean = data["mean"]
        self.scale = data["scale"]
        self.weights = data["weights"]

    def scores(self, rows: list[list[float]]) -> list[float]:
        w, m, s = self.weights, self.mean, self.scale
        return [sum(wk * (x - mk) / sk for wk, x, mk, sk in zip(w, row, m, s, strict=True))
                for row in rows]

    def chances(self, rows: list[list[float]]) -> list[float]:
        return softmax(self.scores(rows))

    def predict(self, game: Game) -> dict[str, float]:
        """Each player's chance (the winner 1 once the game is over)."""
        if game.winner is not None:
            return {c: 1.0 if c == game.winner else 0.0 for c in game.players}
        return dict(zip(game.players, self.chances(player_features(game)), strict=True))


def softmax(scores: list[float]) -> list[float]:
    top = max(scores)
    e = [math.exp(x - top) for x in scores]
    total = sum(e)
    return [x / total for x in e]


@lru_cache(maxsize=1)
def default_model() -> Model:
    return Model(json.loads(WEIGHTS_FILE.read_text(encoding="utf-8")))
