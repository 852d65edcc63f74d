"""Czech words for the bots' explanations, on top of the game's shared word forms
(engine.words): what a build is for, every action as a clause."""

from __future__ import annotations

from .. import actions as A
from ..board import Board

# The shared forms the bots' modules use through this one (words.cards, words.player, …).
from ..words import (  # noqa: F401
    cards,
    count_resource,
    join,
    player,
    resource_word,
    terrain,
)
from . import places

# "na vesnici", "na město": what the cards are for.
BUILD_FOR = {"road": "na silnici", "settlement": "na vesnici", "city": "na město",
             "development_card": "na akční kartu"}


def describe(action: A.Action, board: Board, rate: int = 4) -> str:
    """What the action does, as a Czech clause without the subject, places in the board's
    words: 'staví silnici mezi lesem 3 a horami 6'. ``rate``: the maritime rate a TradeBank
    gives at."""
    return _DESCRIBE[action.type](action, rate, board)


def _robber(action: A.Action, verb: str, board: Board) -> str:
    clause = f"{verb} zloděje na {places.hex_ref(board, action.hex, 'acc')}"
    if action.victim:
        clause += f" a okrádá {player(action.victim, 'acc')}"
    return clause


def _road_building(action: A.Action, board: Board) -> str:
    names = [places.path_name(board, p) for p in action.paths]
    if len(names) == 1:
        return f"hraje Stavbu silnic a staví silnici {names[0]}"
    return f"hraje Stavbu silnic a staví jednu silnici {names[0]} a druhou {names[1]}"


def _offer(action: A.Action) -> str:
    to = f" {player(action.partner, 'dat')}" if action.partner else " všem"
    return f"nabízí{to} {cards(action.give)} za {cards(action.get)}"


_DESCRIBE = {
    "place_settlement": lambda a, _, b: f"zakládá vesnici {places.node_name(b, a.node)}",
    "place_road": lambda a, _, b: f"zakládá silnici {places.path_name(b, a.path)}",
    "roll_dice": lambda a, _, b: "hází kostkami",
    "discard": lambda a, _, b: f"odhazuje {cards(a.cards)}",
    "move_robber": lambda a, _, b: _robber(a, "posílá", b),
    "play_knight": lambda a, _, b: _robber(a, "hraje Rytíře a posílá", b),
    "play_road_building": lambda a, _, b: _road_building(a, b),
    "play_year_of_plenty": lambda a, _, b: (
        f"hraje Vynález a bere si {cards({r: a.resources.count(r) for r in a.resources})}"),
    "play_monopoly": lambda a, _, b: f"hraje Monopol na {resource_word(a.resource, 2)}",
    "build_road": lambda a, _, b: f"staví silnici {places.path_name(b, a.path)}",
    "build_settlement": lambda a, _, b: f"staví vesnici {places.node_name(b, a.node)}",
    "build_city": lambda a, _, b: f"staví město {places.node_name(b, a.node)}",
    "buy_development_card": lambda a, _, b: "kupuje akční kartu",
    "trade_bank": lambda a, rate, b: (f"mění se zámořím {count_resource(a.give, rate * a.count)} "
                                      f"za {count_resource(a.get, a.count)}"),
    "trade_players": lambda a, _, b: (f"mění s {player(a.partner, 'ins')} hráčem {cards(a.give)} "
                                      f"za {cards(a.get)}"),
    "offer_trade": lambda a, _, b: _offer(a),
    "accept_trade": lambda a, _, b: "přijímá nabídku",
    "decline_trade": lambda a, _, b: "odmítá nabídku",
    "counter_offer": lambda a, _, b: f"navrhuje místo toho {cards(a.give)} za {cards(a.get)}",
    "build_neutral_settlement": lambda a, _, b: (
        f"staví za {player(a.neutral, 'acc')} neutrálního hráče vesnici "
        f"{places.node_name(b, a.node)}"),
    "build_neutral_road": lambda a, _, b: (
        f"staví za {player(a.neutral, 'acc')} neutrálního hráče silnici "
        f"{places.path_name(b, a.path)}"),
    "forced_trade": lambda a, _, b: "si obchodní kartou vynucuje obchod se soupeřem",
    "give_back": lambda a, _, b: f"vrací soupeři {cards(a.cards)}",
    "robber_to_desert": lambda a, _, b: "přesouvá obchodní kartou zloděje na poušť",
    "retire_knight": lambda a, _, b: "vyřazuje ze hry jednoho svého Rytíře za 2 obchodní karty",
    "end_trade": lambda a, _, b: "končí obchod",
    "end_turn": lambda a, _, b: "končí tah",
}
