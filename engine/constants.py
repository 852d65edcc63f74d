"""The game's fixed material: resources, terrains, cards, costs and piece limits.

Every list here has a fixed order, and the engine refers to its items by their index
(resource 0 is brick, card 0 is knight, ...): readable names are used only at the edges.
"""

from __future__ import annotations

COLORS = ("orange", "red", "blue", "white")

RESOURCES = ("brick", "lumber", "wool", "grain", "ore")
BRICK, LUMBER, WOOL, GRAIN, ORE = range(5)
RESOURCE_INDEX = {name: i for i, name in enumerate(RESOURCES)}

TERRAINS = ("hills", "forest", "pasture", "fields", "mountains", "desert")
# Which resource each terrain yields (Almanach, Herní materiál); the desert yields nothing.
TERRAIN_RESOURCE = {
    "hills": BRICK, "forest": LUMBER, "pasture": WOOL, "fields": GRAIN, "mountains": ORE,
    "desert": None,
}
TERRAIN_COUNTS = {"forest": 4, "pasture": 4, "fields": 4, "hills": 3, "mountains": 3, "desert": 1}

# Number tokens A–R in letter order (Almanach, Výstavba variabilního hracího plánu).
TOKENS = (5, 2, 6, 3, 8, 10, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11)

CARDS_PER_RESOURCE = 19

DEV_CARDS = ("knight", "road_building", "year_of_plenty", "monopoly", "victory_point")
KNIGHT, ROAD_BUILDING, YEAR_OF_PLENTY, MONOPOLY, VICTORY_POINT = range(5)
DEV_CARD_INDEX = {name: i for i, name in enumerate(DEV_CARDS)}
DECK_COMPOSITION = (14, 2, 2, 2, 5)

# Harbor kinds: a resource name (2:1 for that resource only) or the generic "3:1".
GENERIC_HARBOR = "3:1"
HARBOR_KINDS = (*RESOURCES, GENERIC_HARBOR)
HARBOR_KIND_INDEX = {name: i for i, name in enumerate(HARBOR_KINDS)}
GENERIC = 5  # index of "3:1" in HARBOR_KINDS; bit 1 << 5 in a harbor mask
STANDARD_HARBORS = (GENERIC_HARBOR,) * 4 + RESOURCES

MAX_ROADS, MAX_SETTLEMENTS, MAX_CITIES = 15, 5, 4

# Building costs (Almanach, Stavební náklady), as counts in RESOURCES order.
ROAD_COST = (1, 1, 0, 0, 0)
SETTLEMENT_COST = (1, 1, 1, 1, 0)
CITY_COST = (0, 0, 0, 2, 3)
DEV_CARD_COST = (0, 0, 1, 1, 1)
COSTS = {
    "road": ROAD_COST, "settlement": SETTLEMENT_COST, "city": CITY_COST,
    "development_card": DEV_CARD_COST,
}

# Katan pro dva (001): trade cards, and where each neutral colour's starting settlement goes.
# RECONSTRUCTION: 001's picture with the marked intersections is lost; these intersections
# were chosen on the beginner board (no two touch, none touches a beginner's starting piece)
# and are used unchanged on a variable board.
TRADE_CARDS = 14
TRADE_CARDS_START = 4
TRADE_CARDS_MAX = 7
NEUTRAL_SPOTS = {"orange": "c3.SE", "red": "a1.S", "blue": "a3.SE", "white": "d2.SE"}

LONGEST_ROAD_MIN = 5
LARGEST_ARMY_MIN = 3
SPECIAL_CARD_POINTS = 2

# Figures the rules state in words (Výherní body, Suroviny – výnosy, Obchod se zámořím,
# Sedmička padla): the Almanach's fact cards read them here; tests/almanach/test_facts.py
# checks that the engine plays by them.
SETTLEMENT_POINTS = 1
CITY_POINTS = 2
VICTORY_POINT_CARD_POINTS = 1
SETTLEMENT_YIELD = 1
CITY_YIELD = 2
BANK_TRADE_RATE = 4
GENERIC_HARBOR_RATE = 3
SPECIAL_HARBOR_RATE = 2
DISCARD_ABOVE = 7  # on a 7, whoever holds more cards than this gives back half, rounded down

# Czech names used in messages, in the grammatical case the messages need.
RESOURCE_CZ = {"brick": "cihly", "lumber": "dřevo", "wool": "vlna", "grain": "obilí", "ore": "ruda"}
RESOURCE_GENITIVE_CZ = {"brick": "cihel", "lumber": "dřeva", "wool": "vlny", "grain": "obilí",
                        "ore": "rudy"}
COLOR_CZ = {"orange": "oranžový", "red": "červený", "blue": "modrý", "white": "bílý"}
DEV_CARD_CZ = {
    "knight": "Rytíř", "road_building": "Stavba silnic", "year_of_plenty": "Vynález",
    "monopoly": "Monopol", "victory_point": "Karta s výherním bodem",
}
