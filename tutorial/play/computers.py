"""The computer players the site seats: engine.bots, one fresh bot per decision.

A bot is made anew for every decision, seeded by the game's seed and the number of actions
so far, so a game replayed from its log after a restart gets the same decisions as one kept
in memory.
"""

from __future__ import annotations

from engine import Game, actions
from tutorial.play.flow import Decide, Setup

try:
    from engine.bots import StrongBot
except ImportError:  # engine-bots not merged yet: a stand-in over the legal actions
    StrongBot = None


def decide_for(setup: Setup):
    """(colour, actions so far) -> decide(game) -> (action, one Czech sentence)."""
    def make(color: str, count: int) -> Decide:
        seed = setup.seed * 100_003 + count
        if StrongBot is not None:
            bot = StrongBot(seed=seed)

            def decide(game: Game) -> tuple[actions.Action, str]:
                decision = bot.decide(game)
                return decision.action, decision.reason_cs
            return decide
        return _stand_in(seed)
    return make


def _stand_in(seed: int) -> Decide:
    import random

    rng = random.Random(seed)

    def decide(game: Game) -> tuple[actions.Action, str]:
        legal = game.legal_actions()
        ends = [a for a in legal if isinstance(a, actions.EndTurn)]
        builds = [a for a in legal if not isinstance(a, actions.EndTurn | actions.EndTrade
                                                     | actions.TradePlayers | actions.TradeBank)]
        action = rng.choice(builds) if builds and (not ends or rng.random() < 0.5) else (
            ends[0] if ends else rng.choice(legal))
        return action, "Počítač zvolil jeden z povolených tahů."
    return decide
