"""Czech words of the game in the forms sentences need: the site's narration, quizzes and
figures, and the computer players' reasons share them (pure Python, no Django).

Counts follow Czech: 1 cihla, 2–4 cihly, 0 and 5+ cihel. Sentences about resources use the
accusative ("bere 1 cihlu"), chips and lists the nominative ("cihla").
"""

from __future__ import annotations

from .constants import COLORS, RESOURCES  # noqa: F401 (the site reads them here too)

# nominative singular, accusative singular, 2–4 (nom./acc. plural), 0 and 5+ (genitive plural)
_RESOURCE_FORMS = {
    "brick": ("cihla", "cihlu", "cihly", "cihel"),
    "lumber": ("dřevo", "dřevo", "dřeva", "dřev"),
    "wool": ("vlna", "vlnu", "vlny", "vln"),
    "grain": ("obilí", "obilí", "obilí", "obilí"),
    "ore": ("ruda", "rudu", "rudy", "rud"),
}

# Players: nominative (capitalised, starts a sentence), then lower-case cases.
_PLAYER_FORMS = {
    "orange": {"nom": "oranžový", "gen": "oranžového", "acc": "oranžového", "dat": "oranžovému",
              "ins": "oranžovým"},
    "red": {"nom": "červený", "gen": "červeného", "acc": "červeného", "dat": "červenému",
              "ins": "červeným"},
    "blue": {"nom": "modrý", "gen": "modrého", "acc": "modrého", "dat": "modrému",
              "ins": "modrým"},
    "white": {"nom": "bílý", "gen": "bílého", "acc": "bílého", "dat": "bílému",
              "ins": "bílým"},
}

# Terrains as the Almanach names them ("pahorkatina s 9", "pole s číslem 10", "z hor").
_TERRAIN_FORMS = {
    "hills": {"nom": "pahorkatina", "gen": "pahorkatiny", "acc": "pahorkatinu",
              "loc": "pahorkatině", "ins": "pahorkatinou"},
    "forest": {"nom": "les", "gen": "lesa", "acc": "les", "loc": "lese", "ins": "lesem"},
    "pasture": {"nom": "pastvina", "gen": "pastviny", "acc": "pastvinu",
                "loc": "pastvině", "ins": "pastvinou"},
    "fields": {"nom": "pole", "gen": "pole", "acc": "pole", "loc": "poli", "ins": "polem"},
    "mountains": {"nom": "hory", "gen": "hor", "acc": "hory", "loc": "horách", "ins": "horami"},
    "desert": {"nom": "poušť", "gen": "pouště", "acc": "poušť", "loc": "poušti", "ins": "pouští"},
}

# "z něj / z ní / z nich": the pronoun for "from that hex", by the terrain noun's gender.
TERRAIN_FROM_IT = {
    "hills": "z ní", "forest": "z něj", "pasture": "z ní", "fields": "z něj",
    "mountains": "z nich", "desert": "z ní",
}

TERRAIN_RESOURCE = {
    "hills": "brick", "forest": "lumber", "pasture": "wool", "fields": "grain", "mountains": "ore",
}

DEV_CARDS = {
    "knight": "Rytíř",
    "road_building": "Pokrok – stavba silnic",
    "year_of_plenty": "Pokrok – vynález",
    "monopoly": "Pokrok – monopol",
    "victory_point": "Vítězný bod",
}
# Accusative, for "koupí kartu …", "zahraje …".
DEV_CARDS_ACC = {
    "knight": "Rytíře",
    "road_building": "Pokrok – stavba silnic",
    "year_of_plenty": "Pokrok – vynález",
    "monopoly": "Pokrok – monopol",
    "victory_point": "Vítězný bod",
}

PIECES = {"road": "silnice", "settlement": "vesnice", "city": "město"}
PIECES_ACC = {"road": "silnici", "settlement": "vesnici", "city": "město"}


def player(color: str, case: str = "nom", capital: bool = False) -> str:
    word = _PLAYER_FORMS[color][case]
    return word[:1].upper() + word[1:] if capital else word


def resource_word(resource: str, count: int, case: str = "acc") -> str:
    """The form of a resource noun that goes with a count: 1 cihlu, 3 cihly, 5 cihel."""
    nom, acc, few, many = _RESOURCE_FORMS[resource]
    if count == 1:
        return acc if case == "acc" else nom
    if 2 <= count <= 4:
        return few
    return many


def resource_name(resource: str) -> str:
    return _RESOURCE_FORMS[resource][0]


def count_resource(resource: str, count: int, case: str = "acc") -> str:
    return f"{count} {resource_word(resource, count, case)}"


def join(items: list[str], last: str = "a") -> str:
    """Czech list: "a", "a b", "a, b a c"."""
    items = [item for item in items if item]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {last} " + items[-1]


def cards(hand: dict[str, int], case: str = "acc") -> str:
    """'1 cihlu a 2 dřeva' from a resource dict (resources in the standard order)."""
    parts = [count_resource(r, hand[r], case) for r in RESOURCES if hand.get(r)]
    return join(parts) if parts else "nic"


def terrain(terrain_name: str, case: str = "nom") -> str:
    return _TERRAIN_FORMS[terrain_name][case]


def hex_label(terrain_name: str, number: int | None, case: str = "nom") -> str:
    """'pastvina 8', 'na pastvinu 8' (case acc), 'z pouště' (desert has no number)."""
    word = terrain(terrain_name, case)
    return f"{word} {number}" if number else word


def plural_count(count: int, one: str, few: str, many: str) -> str:
    if count == 1:
        return f"{count} {one}"
    if 2 <= count <= 4:
        return f"{count} {few}"
    return f"{count} {many}"


def points(count: int) -> str:
    return plural_count(count, "bod", "body", "bodů")


def card_count(count: int) -> str:
    return plural_count(count, "karta", "karty", "karet")
