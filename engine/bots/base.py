"""What every computer player shares: the decision it returns, the random player, and a
loop that plays a game out between bots."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol

from .. import actions as A
from ..game import Game
from ..rules import game_not_over
from . import words


@dataclass(frozen=True, slots=True)
class Decision:
    """An action and one Czech sentence saying why the bot chose it (for the site)."""

    action: A.Action
    reason_cs: str


class Bot(Protocol):
    def decide(self, game: Game) -> Decision: ...


def sentence(color: str, clause: str, because: str = "") -> str:
    """'Modrý staví vesnici…, protože …' as one sentence with a full stop."""
    text = f"{words.player(color, capital=True)} {clause}"
    if because:
        text += f", {because}"
    return text + "."


def plain_reason(game: Game, action: A.Action, because: str = "") -> str:
    rate = 4
    if isinstance(action, A.TradeBank):
        rate = game.trade_rate(action.player, action.give)
    return sentence(action.player, words.describe(action, game.board, rate), because)


class RandomBot:
    """Chooses uniformly among the legal actions, with its own random generator (never the
    global one): the same seed and the same game give the same choices."""

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def decide(self, game: Game) -> Decision:
        game_not_over(game)
        action = self._rng.choice(game.legal_actions())
        return Decision(action, plain_reason(game, action, "protože hraje náhodně"))


def play_out(game: Game, bots: Mapping[str, Bot], turn_cap: int = 500) -> list[Decision]:
    """Let the bots (colour -> bot) play until someone wins or ``turn_cap`` turns have
    passed; the game changes in place. Returns the decisions in order."""
    decisions: list[Decision] = []
    while game.winner is None and game.turn_number <= turn_cap:
        decision = bots[game.acting_player].decide(game)
        game.apply(decision.action)
        decisions.append(decision)
    return decisions
