"""Czech words for the bots' explanations, on top of the game's shared word forms
(engine.words): what a player lacks, what a build is for, every action as a clause."""

from __future__ import annotations

from .. import actions as A
from ..constants import RESOURCES

# The shared forms the bots' modules use through this one (words.cards, words.player, …).
from ..words import (  # noqa: F401
    cards,
    count_resource,
    join,
    player,
    resource_word,
    terrain,
)

# What a player lacks: "chybí mu cihly", "chybí mu dřevo".
_RESOURCE_LACKING = {"brick": "cihly", "lumber": "dřevo", "wool": "vlna", "grain": "obilí",
                     "ore": "ruda"}

BUILD_ACC = {"road": "silnici", "settlement": "vesnici", "city": "město",
             "development_card": "akční kartu"}
# "na vesnici", "na město": what the cards are for.
BUILD_FOR = {"road": "na silnici", "settlement": "na vesnici", "city": "na město",
             "development_card": "na akční kartu"}


def lacking(resources: list[str]) -> str:
    """'cihly a dřevo' for 'chybí mu …'."""
    return join([_RESOURCE_LACKING[r] for r in RESOURCES if r in resources])


def hex_label(terrain_name: str, number: int | None, case: str = "gen") -> str:
    """'pahorkatiny s 9' (gen), 'hory s 6' (acc), 'pouště' (no number)."""
    word = terrain(terrain_name, case)
    return f"{word} s {number}" if number else word


def describe(action: A.Action, rate: int = 4) -> str:
    """What the action does, as a Czech clause without the subject: 'staví silnici na cestě
    b3|b4'. ``rate``: the maritime rate a TradeBank gives at."""
    return _DESCRIBE[action.type](action, rate)


def _robber(action: A.Action, verb: str) -> str:
    clause = f"{verb} zloděje na pole {action.hex}"
    if action.victim:
        clause += f" a okrádá {player(action.victim, 'acc')}"
    return clause


def _offer(action: A.Action) -> str:
    to = f" {player(action.partner, 'dat')}" if action.partner else " všem"
    return f"nabízí{to} {cards(action.give)} za {cards(action.get)}"


_DESCRIBE = {
    "place_settlement": lambda a, _: f"zakládá vesnici na křižovatce {a.node}",
    "place_road": lambda a, _: f"zakládá silnici na cestě {a.path}",
    "roll_dice": lambda a, _: "hází kostkami",
    "discard": lambda a, _: f"odhazuje {cards(a.cards)}",
    "move_robber": lambda a, _: _robber(a, "posílá"),
    "play_knight": lambda a, _: _robber(a, "hraje Rytíře a posílá"),
    "play_road_building": lambda a, _: (f"hraje Stavbu silnic a staví silnice "
                                        f"{join(list(a.paths))}"),
    "play_year_of_plenty": lambda a, _: (
        f"hraje Vynález a bere si {cards({r: a.resources.count(r) for r in a.resources})}"),
    "play_monopoly": lambda a, _: f"hraje Monopol na {resource_word(a.resource, 2)}",
    "build_road": lambda a, _: f"staví silnici na cestě {a.path}",
    "build_settlement": lambda a, _: f"staví vesnici na křižovatce {a.node}",
    "build_city": lambda a, _: f"staví město na křižovatce {a.node}",
    "buy_development_card": lambda a, _: "kupuje akční kartu",
    "trade_bank": lambda a, rate: (f"mění se zámořím {count_resource(a.give, rate * a.count)} "
                                   f"za {count_resource(a.get, a.count)}"),
    "trade_players": lambda a, _: (f"mění s {player(a.partner, 'ins')} hráčem {cards(a.give)} "
                                   f"za {cards(a.get)}"),
    "offer_trade": lambda a, _: _offer(a),
    "accept_trade": lambda a, _: "přijímá nabídku",
    "decline_trade": lambda a, _: "odmítá nabídku",
    "counter_offer": lambda a, _: f"navrhuje místo toho {cards(a.give)} za {cards(a.get)}",
    "build_neutral_settlement": lambda a, _: (f"staví za {player(a.neutral, 'acc')} neutrálního "
                                              f"hráče vesnici na křižovatce {a.node}"),
    "build_neutral_road": lambda a, _: (f"staví za {player(a.neutral, 'acc')} neutrálního "
                                        f"hráče silnici na cestě {a.path}"),
    "forced_trade": lambda a, _: "si obchodní kartou vynucuje obchod se soupeřem",
    "give_back": lambda a, _: f"vrací soupeři {cards(a.cards)}",
    "robber_to_desert": lambda a, _: "přesouvá obchodní kartou zloděje na poušť",
    "retire_knight": lambda a, _: "vyřazuje ze hry jednoho svého Rytíře za 2 obchodní karty",
    "end_trade": lambda a, _: "končí obchod",
    "end_turn": lambda a, _: "končí tah",
}
