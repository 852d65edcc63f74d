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

_CARDS_ACC = {
    "knight": "Rytíře", "road_building": "Stavbu silnic", "year_of_plenty": "Vynález",
    "monopoly": "Monopol", "victory_point": "Kartu s výherním bodem",
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
    kind = action.__class__
    if kind is A.PlaceSettlement:
        return f"zakládá vesnici na křižovatce {action.node}"
    if kind is A.PlaceRoad:
        return f"zakládá silnici na cestě {action.path}"
    if kind is A.RollDice:
        return "hází kostkami"
    if kind is A.Discard:
        return f"odhazuje {cards(action.cards)}"
    if kind is A.MoveRobber or kind is A.PlayKnight:
        verb = "hraje Rytíře a posílá" if kind is A.PlayKnight else "posílá"
        clause = f"{verb} zloděje na pole {action.hex}"
        if action.victim:
            clause += f" a okrádá {player(action.victim, 'acc')}"
        return clause
    if kind is A.PlayRoadBuilding:
        return f"hraje Stavbu silnic a staví silnice {join(list(action.paths))}"
    if kind is A.PlayYearOfPlenty:
        return f"hraje Vynález a bere si {join([count_resource(r, 1) for r in action.resources])}"
    if kind is A.PlayMonopoly:
        return f"hraje Monopol na {_RESOURCE_FORMS[action.resource][2]}"
    if kind is A.BuildRoad:
        return f"staví silnici na cestě {action.path}"
    if kind is A.BuildSettlement:
        return f"staví vesnici na křižovatce {action.node}"
    if kind is A.BuildCity:
        return f"staví město na křižovatce {action.node}"
    if kind is A.BuyDevelopmentCard:
        return "kupuje akční kartu"
    if kind is A.TradeBank:
        give = count_resource(action.give, rate * action.count)
        return f"mění se zámořím {give} za {count_resource(action.get, action.count)}"
    if kind is A.TradePlayers:
        return (f"mění s {player(action.partner, 'ins')} hráčem "
                f"{cards(action.give)} za {cards(action.get)}")
    if kind is A.EndTrade:
        return "končí obchod"
    if kind is A.EndTurn:
        return "končí tah"
    return f"hraje {_CARDS_ACC.get(getattr(action, 'card', ''), 'tah')}"
