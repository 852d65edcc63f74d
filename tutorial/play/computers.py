"""The computer players the site seats: engine.bots.StrongBot, one per colour and game.

A game's bots live next to its replayed Game in the process cache (tutorial.play.store).
After a restart (or in another worker) the game's bots start afresh from their seeds; the
game itself is the log, so it goes on from exactly where it was, and a bot reads the offers
it made this turn from that log, so it never repeats an offer the person has just declined.
"""

from __future__ import annotations

from engine import Game, actions
from engine.bots import StrongBot
from tutorial.play.flow import Decide, Setup


def seat(setup: Setup) -> dict[str, StrongBot]:
    """A bot for every computer player at its level, seeded by the game's seed and the
    seat."""
    return {color: StrongBot(seed=setup.seed * 10 + seat, level=setup.level_of(color))
            for seat, color in enumerate(setup.players) if color in setup.computers}


def decide_for(bots: dict[str, StrongBot]):
    """(colour, actions so far) -> decide(game) -> (action, one Czech sentence)."""
    def make(color: str, count: int) -> Decide:
        def decide(game: Game) -> tuple[actions.Action, str]:
            decision = bots[color].decide(game)
            return decision.action, decision.reason_cs
        return decide
    return make
