"""Czech words for the bots' explanations (the engine keeps its own small table: it never
imports the site's tutorial package).

Counts follow Czech: 1 cihlu, 2–4 cihly, 0 and 5+ cihel (sentences use the accusative).
"""

from __future__ import annotations

from .. import actions as A
from ..constants import RESOURCES

# nominative, accusative singular, 2–4, 0 and 5+
_RESOURCE_FORMS = {
    "brick": ("cihla", "cihlu", "cihly", "cihel"),
    "lumber": ("dřevo", "dřevo", "dřeva", "dřev"),
    "wool": ("vlna", "vlnu", "vlny", "vln"),
    "grain": ("obilí", "obilí", "obilí", "obilí"),
    "ore": ("ruda", "rudu", "rudy", "rud"),
}
# What a player lacks: "chybí mu cihly", "chybí mu dřevo".
_RESOURCE_LACKING = {"brick": "cihly", "lumber": "dřevo", "wool": "vlna", "grain": "obilí",
                     "ore": "ruda"}

_PLAYER_FORMS = {
    "orange": {"nom": "oranžový", "acc": "oranžového", "dat": "oranžovému", "ins": "oranžovým"},
    "red": {"nom": "červený", "acc": "červeného", "dat": "červenému", "ins": "červeným"},
    "blue": {"nom": "modrý", "acc": "modrého", "dat": "modrému", "ins": "modrým"},
    "white": {"nom": "bílý", "acc": "bílého", "dat": "bílému", "ins": "bílým"},
}

# "u pahorkatiny s 9" (genitive), "na pahorkatinu s 9" (accusative).
_TERRAIN_FORMS = {
    "hills": {"gen": "pahorkatiny", "acc": "pahorkatinu"},
    "forest": {"gen": "lesa", "acc": "les"},
    "pasture": {"gen": "pastviny", "acc": "pastvinu"},
    "fields": {"gen": "pole", "acc": "pole"},
    "mountains": {"gen": "hor", "acc": "hory"},
    "desert": {"gen": "pouště", "acc": "poušť"},
}

BUILD_ACC = {"road": "silnici", "settlement": "vesnici", "city": "město",
             "development_card": "akční kartu"}
# "na vesnici", "na město": what the cards are for.
BUILD_FOR = {"road": "na silnici", "settlement": "na vesnici", "city": "na město",
             "development_card": "na akční kartu"}


def player(color: str, case: str = "nom", capital: bool = False) -> str:
    word = _PLAYER_FORMS[color][case]
    return word[:1].upper() + word[1:] if capital else word


def count_resource(resource: str, count: int) -> str:
    """'1 cihlu', '3 cihly', '5 cihel' (accusative)."""
    _, acc, few, many = _RESOURCE_FORMS[resource]
    word = acc if count == 1 else few if 2 <= count <= 4 else many
    return f"{count} {word}"


def join(items: list[str], last: str = "a") -> str:
    """Czech list: 'a', 'a a b', 'a, b a c'."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {last} " + items[-1]


def cards(counts: dict[str, int]) -> str:
    """'1 cihlu a 2 dřeva' from a resource dict (resources in the standard order)."""
    parts = [count_resource(r, counts[r]) for r in RESOURCES if counts.get(r)]
    return join(parts) if parts else "nic"


def lacking(resources: list[str]) -> str:
    """'cihly a dřevo' for 'chybí mu …'."""
    return join([_RESOURCE_LACKING[r] for r in RESOURCES if r in resources])


def resource_name(resource: str) -> str:
    return _RESOURCE_FORMS[resource][0]


def hex_label(terrain: str, number: int | None, case: str = "gen") -> str:
    """'pahorkatiny s 9' (gen), 'hory s 6' (acc), 'pouště' (no number)."""
    word = _TERRAIN_FORMS[terrain][case]
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
    "play_monopoly": lambda a, _: f"hraje Monopol na {_RESOURCE_FORMS[a.resource][2]}",
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
