"""What a move changes beyond itself (the engine's consequences) and where its rule is
written: the Almanach headword an answer links.
"""

from __future__ import annotations

from engine import RESOURCES, Game, InvalidInput, RuleViolation, referee
from engine.constants import COSTS
from tutorial.referee.rulings.base import (
    Known,
)

BUILD_KINDS = {"build_settlement": "settlement", "build_city": "city", "build_road": "road"}


# What a card's question (no target named) may say it changes: not whom a knight robs or
# what a Monopoly takes, which depend on the hex and the resource chosen later.
CARD_CONSEQUENCES = {"longest_road", "largest_army", "victory", "victory_not_now",
                     "neutral_build_owed"}


def _consequences(g: Game, action, known: Known, kinds=None) -> list:
    """The engine's list of what the move changes. Where the player's hand is not in the
    position, he is given just the cost, so that the move can be played out on a copy."""
    game = g
    cost = COSTS.get(BUILD_KINDS.get(action.to_json()["type"], ""))
    if cost is not None and action.player not in known.hands:
        game = g.copy()
        try:
            game.set_hand(action.player, dict(zip(RESOURCES, cost, strict=True)))
        except InvalidInput:
            return []
    try:
        found = referee.consequences(game, action, known_hands=known.hands)
    except (RuleViolation, InvalidInput):
        return []
    return [c for c in found if kinds is None or c.kind in kinds]


def _places_of(action) -> list[str]:
    data = action.to_json()
    return [data[k] for k in ("node", "path", "hex") if isinstance(data.get(k), str)]


# The Almanach entry of each kind of move: where its rule is written.
ACTION_HEADWORDS = {
    "build_settlement": "vesnice", "build_city": "mesto", "build_road": "silnice",
    "place_settlement": "faze-zakladani", "place_road": "faze-zakladani",
    "trade_bank": "obchod-se-zamorim", "trade_players": "obchod-vnitrni",
    "offer_trade": "obchod-vnitrni", "accept_trade": "obchod-vnitrni",
    "decline_trade": "obchod-vnitrni", "counter_offer": "obchod-vnitrni",
    "end_trade": "obchod", "play_knight": "rytir", "play_road_building": "pokrok",
    "play_year_of_plenty": "pokrok", "play_monopoly": "pokrok",
    "buy_development_card": "akcni-karty", "discard": "sedmicka-padla-nastupuje-zlodej",
    "move_robber": "zlodej", "roll_dice": "prubeh-hry", "end_turn": "prubeh-hry",
    "forced_trade": "katan-pro-dva", "robber_to_desert": "katan-pro-dva",
    "retire_knight": "katan-pro-dva", "give_back": "katan-pro-dva",
}
# Consequences that are the dispute itself when a move has them: a settlement that breaks a
# road is a question of the Longest Road, not of the settlement.
DISPUTED = ("victory", "victory_not_now", "longest_road", "largest_army")


def _headword_of(action, consequences=()) -> str:
    for kind in DISPUTED:
        for c in consequences:
            if c.kind == kind:
                return c.headword
    return ACTION_HEADWORDS.get(action.to_json()["type"], "prubeh-hry")
