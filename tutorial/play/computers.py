"""The computer players the site seats: engine.bots, one fresh bot per decision.

A bot is made anew for every decision, seeded by the game's seed and the number of actions
so far, so a game replayed from its log after a restart gets the same decisions as one kept
in memory.
"""

from __future__ import annotations

from engine import Game, actions
from engine.bots import RandomBot, StrongBot
from tutorial.play.flow import Decide, Setup


def decide_for(setup: Setup):
    """(colour, actions so far) -> decide(game) -> (action, one Czech sentence)."""
    def make(color: str, count: int) -> Decide:
        seed = setup.seed * 100_003 + count

        def decide(game: Game) -> tuple[actions.Action, str]:
            try:
                decision = StrongBot(seed=seed).decide(game)
            except Exception:  # noqa: BLE001
                # A phase the strong bot does not know yet (answering an offer, Katan pro
                # dva's neutral builds): the random bot still picks a legal action.
                decision = RandomBot(seed).decide(game)
            return decision.action, decision.reason_cs
        return decide
    return make
