"""Computer players for the engine (no Django): a random one and a strong one.

    from engine.bots import RandomBot, StrongBot, play_out
    bots = {"orange": StrongBot(seed=1), "red": RandomBot(2), ...}
    decision = bots[game.acting_player].decide(game)   # Decision(action, reason_cs)
    play_out(game, bots)

Every decision comes with one Czech sentence explaining it, for the site to show.
"""

from .base import Bot, Decision, RandomBot, play_out
from .strong import StrongBot

__all__ = ["Bot", "Decision", "RandomBot", "StrongBot", "play_out"]
