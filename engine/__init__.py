"""Osadníci z Katanu: the rules engine of Almanach Katanu (pure Python, no Django).

    from engine import Game, Board, Rules, actions
    game = Game.beginner()
    game.apply(actions.RollDice("orange", (2, 4)))
    game.legal_actions()
"""

from . import actions, events
from .actions import Action
from .board import Board, Harbor
from .constants import COLORS, DEV_CARDS, HARBOR_KINDS, RESOURCES, TERRAINS
from .errors import InvalidInput, RuleViolation
from .events import Event
from .game import Game
from .options import Rules
from .pro_dva import ProDvaGame  # registers Katan pro dva with Game.new / Game.from_json

__all__ = [
    "COLORS", "DEV_CARDS", "HARBOR_KINDS", "RESOURCES", "TERRAINS",
    "Action", "Board", "Event", "Game", "Harbor", "InvalidInput", "ProDvaGame", "Rules",
    "RuleViolation",
    "actions", "events",
]
