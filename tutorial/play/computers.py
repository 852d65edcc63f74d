"""The computer players the site seats: engine.bots, one fresh bot per decision.

A bot is made anew for every decision, seeded by the game's seed and the number of actions
so far, so a game replayed from its log after a restart gets the same decisions as one kept
in memory.
"""

from __future__ import annotations

from engine import Game, actions
from engine.bots import RandomBot, StrongBot
from tutorial import words
from tutorial.play.flow import Decide, Setup


def decide_for(setup: Setup):
    """(colour, actions so far) -> decide(game) -> (action, one Czech sentence)."""
    def make(color: str, count: int) -> Decide:
        seed = setup.seed * 100_003 + count

        def decide(game: Game) -> tuple[actions.Action, str]:
            bot = StrongBot(seed=seed)
            try:
                decision = bot.decide(game)
            except Exception:  # noqa: BLE001
                # A phase the strong bot's decide() does not know yet: an offer is answered
                # with its answer(), anything else (Katan pro dva's extra phases) by the
                # random bot, which picks any legal action.
                if game.phase == "offer":
                    return answer(bot, game)
                decision = RandomBot(seed).decide(game)
            return decision.action, decision.reason_cs
        return decide
    return make


def answer(bot: StrongBot, game: Game) -> tuple[actions.Action, str]:
    """Accept or decline the pending offer as the strong bot judges it, with the reason."""
    offer = game.pending_offer
    me = game.acting_player
    who = words.player(me, capital=True)
    legal = game.legal_actions()
    accept = next((a for a in legal if isinstance(a, actions.AcceptTrade)), None)
    decline = next(a for a in legal if isinstance(a, actions.DeclineTrade))
    if accept is None:
        return decline, f"{who} odmítá, protože nemá karty, které chcete."
    if bot.answer(game, offer["from"], me, offer["give"], offer["get"]):
        return accept, f"{who} přijímá, protože ho obchod přiblíží k další stavbě."
    return decline, (f"{who} odmítá, protože mu obchod k další stavbě nepomůže"
                     " (nebo by pomohl hráči, který má blízko k vítězství).")
