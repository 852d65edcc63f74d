"""The rules of the base game, one small function per rule, next to the Almanach headword
that states it.

Each check raises :class:`RuleViolation` with a stable code, a Czech sentence for the player
and the Almanach slug, or returns None. They read a :class:`~engine.position.Position`
(intersections, paths and players as small ints); ``Game.apply`` calls them before it
changes anything, so a refused action leaves the game as it was. Katan pro dva's own rules
are in :mod:`engine.pro_dva`.

:class:`Rules` (the options where editions differ, :mod:`engine.options`) is importable
from here too.
"""

from __future__ import annotations

from .constants import (
    COLOR_CZ,
    DEV_CARD_CZ,
    DEV_CARDS,
    MAX_CITIES,
    MAX_ROADS,
    MAX_SETTLEMENTS,
    RESOURCE_CZ,
    RESOURCE_GENITIVE_CZ,
    RESOURCES,
    VICTORY_POINT,
)
from .errors import RuleViolation
from .options import Rules
from .position import Position
from .topology import INTERSECTION_HEXES, INTERSECTION_NEIGHBORS, INTERSECTION_PATHS, PATH_ENDS

__all__ = ["Rules"]  # and the rule checks below

PIECE_CZ = {"road": "silnici", "settlement": "vesnici", "city": "město",
            "development_card": "akční kartu"}


def _resource_list(cost: tuple[int, ...]) -> str:
    parts = []
    for r, n in enumerate(cost):
        if n:
            name = RESOURCE_CZ[RESOURCES[r]]
            parts.append(name if n == 1 else f"{n}× {name}")
    return ", ".join(parts)


# -- whose turn, which phase (Průběh hry) ----------------------------------------------

def game_not_over(position: Position) -> None:
    if position._winner >= 0:
        color = position._colors[position._winner]
        raise RuleViolation("game_over", f"Hra už skončila: vyhrál {COLOR_CZ[color]} hráč.",
                            "konec-hry")


def players_turn(position: Position, p: int) -> None:
    """Only the player whose turn it is acts (others only discard after a 7)."""
    acting = position._acting()
    if p != acting:
        color = position._colors[acting]
        raise RuleViolation(
            "not_your_turn", f"Nyní je na řadě {COLOR_CZ.get(color, color)} hráč.", "prubeh-hry"
        )


def trade_only_with_active_player(position: Position, p: int) -> None:
    """Obchod vnitřní: only the player whose turn it is trades; the others never among
    themselves."""
    if p != position._current:
        raise RuleViolation(
            "trade_only_with_active_player",
            "Měnit lze jen s hráčem, který je na tahu; ostatní hráči mezi sebou měnit nemohou.",
            "obchod-vnitrni",
        )


# Why an action does not fit the phase: phase -> (code, message, headword). A variant adds
# its own phases' (engine.pro_dva).
PHASE_MESSAGES = {
    "setup": ("setup_phase", "Probíhá fáze zakládání: staví se vesnice a k ní silnice.",
              "faze-zakladani"),
    "roll": ("roll_first", "Nejdřív je třeba hodit kostkami.", "prubeh-hry"),
    "discard": ("discard_first",
                "Nejdřív musí hráči s více než 7 kartami odevzdat polovinu karet.",
                "sedmicka-padla-nastupuje-zlodej"),
    "robber": ("move_robber_first", "Nejdřív je třeba přemístit zloděje.",
               "sedmicka-padla-nastupuje-zlodej"),
    "trade": ("trade_phase_not_over",
              "Stavět a kupovat akční karty lze až po ukončení obchodu.", "staveni"),
    "build": ("trade_phase_over",
              "Fáze obchodu už skončila: obchoduje se před stavěním "
              "(kdykoli jen s kombinovanou fází obchodu a stavění).",
              "kombinovana-faze-obchodu-a-staveni"),
    "main": ("wrong_phase", "Tuto akci teď nelze provést.", "prubeh-hry"),
    "offer": ("answer_offer_first", "Nejdřív je třeba odpovědět na nabídku obchodu.",
              "obchod-vnitrni"),
    "over": ("game_over", "Hra už skončila.", "konec-hry"),
}


def phase_is(position: Position, allowed: tuple[str, ...]) -> None:
    """The turn runs roll → trade → build (Průběh hry); the set-up comes first."""
    if position._phase not in allowed:
        if "roll" in allowed and position._phase in ("trade", "build", "main"):
            raise RuleViolation("already_rolled", "Kostkami se hází jen jednou za tah.",
                                "prubeh-hry")
        if allowed == ("setup",):
            raise RuleViolation("not_setup_phase",
                                "Zdarma se staví jen ve fázi zakládání.", "faze-zakladani")
        code, message, headword = PHASE_MESSAGES[position._phase]
        raise RuleViolation(code, message, headword)


# -- building (Stavění, Vesnice, Silnice, Město) ---------------------------------------

def intersection_free(position: Position, node: int) -> None:
    if position._node_owner[node] >= 0:
        raise RuleViolation("intersection_occupied", "Na této křižovatce už něco stojí.",
                            "krizovatka")


def distance_rule(position: Position, node: int) -> None:
    """None of the three neighbouring intersections may hold a building, not even one's own."""
    owner = position._node_owner
    for other in INTERSECTION_NEIGHBORS[node]:
        if owner[other] >= 0:
            raise RuleViolation(
                "distance_rule",
                "Vesnici nelze postavit: sousední křižovatka je obsazená "
                "(pravidlo o vzdálenosti).",
                "pravidlo-o-vzdalenosti-mezi-dvema-vesnicemi",
            )


def settlement_touches_own_road(position: Position, p: int, node: int) -> None:
    """A new settlement always continues one's own road (Vesnice)."""
    path_owner = position._path_owner
    for path in INTERSECTION_PATHS[node]:
        if path_owner[path] == p:
            return
    raise RuleViolation("settlement_needs_road", "Vesnice musí navazovat na vlastní silnici.",
                        "vesnice")


def path_free(position: Position, path: int) -> None:
    if position._path_owner[path] >= 0:
        raise RuleViolation("path_occupied",
                            "Na této cestě už silnice stojí: na každou cestu jen jedna.",
                            "silnice")


def road_connects(position: Position, p: int, path: int) -> None:
    """A road starts at one's own settlement or city, or continues one's own road at an
    intersection that holds no opponent's building (Silnice)."""
    owner, path_owner = position._node_owner, position._path_owner
    through_opponent = False
    for node in PATH_ENDS[path]:
        o = owner[node]
        if o == p:
            return
        touches_own = False
        for other in INTERSECTION_PATHS[node]:
            if path_owner[other] == p:
                touches_own = True
                break
        if touches_own:
            if o < 0:
                return
            through_opponent = True
    if through_opponent:
        raise RuleViolation("road_blocked",
                            "Silnici nelze vést dál přes cizí vesnici nebo město.", "silnice")
    raise RuleViolation("road_not_connected",
                        "Silnice musí navazovat na vlastní silnici, vesnici nebo město.",
                        "silnice")


def setup_road_touches_new_settlement(position: Position, path: int) -> None:
    """Fáze zakládání: the road joins the settlement just placed."""
    if position._setup_node not in PATH_ENDS[path]:
        raise RuleViolation("setup_road_not_at_settlement",
                            "Silnice musí navazovat na právě postavenou vesnici.",
                            "faze-zakladani")


def piece_available(position: Position, p: int, piece: str) -> None:
    """Each player has 15 roads, 5 settlements and 4 cities (Stavění)."""
    if piece == "road":
        if len(position._roads[p]) < MAX_ROADS:
            return
        raise RuleViolation("no_pieces_left",
                            "Všech 15 silnic už stojí: víc silnic hráč nemá.", "staveni")
    if piece == "settlement":
        if len(position._settlements[p]) < MAX_SETTLEMENTS:
            return
        raise RuleViolation("no_pieces_left",
                            "Všech 5 vesnic už stojí: nejdřív je třeba některou povýšit na město.",
                            "vesnice")
    if len(position._cities[p]) < MAX_CITIES:
        return
    raise RuleViolation("no_pieces_left", "Všechna 4 města už stojí.", "staveni")


def can_afford(position: Position, p: int, cost: tuple[int, ...], piece: str) -> None:
    """Building means handing the cost to the bank (Stavební náklady)."""
    hand = position._hands[p]
    for r in range(5):
        if hand[r] < cost[r]:
            raise RuleViolation(
                "not_enough_resources",
                f"Na {PIECE_CZ[piece]} chybí suroviny (stojí: {_resource_list(cost)}).",
                "stavebni-naklady",
            )


def city_replaces_own_settlement(position: Position, p: int, node: int) -> None:
    """Only an existing settlement of one's own becomes a city (Město)."""
    if position._node_owner[node] != p or position._node_level[node] != 1:
        raise RuleViolation("city_needs_own_settlement",
                            "Město lze postavit jen povýšením vlastní vesnice.", "mesto")


# -- development cards (Akční karty, Pokrok, Rytíř) ------------------------------------

def one_card_per_turn(position: Position) -> None:
    if position._dev_card_played:
        raise RuleViolation("one_card_per_turn",
                            "V jednom tahu lze zahrát jen jednu akční kartu.", "akcni-karty")


def card_playable(position: Position, p: int, card: int) -> None:
    """Not a card bought in this turn; victory-point cards are never played, only revealed."""
    if card == VICTORY_POINT:
        raise RuleViolation("victory_point_card_not_played",
                            "Karta s výherním bodem se nehraje: odkryje se, až přinese 10. bod.",
                            "karta-s-vyhernim-bodem")
    if position._dev_cards[p][card] > 0:
        return
    name = DEV_CARD_CZ[DEV_CARDS[card]]
    if position._dev_cards_new[p][card] > 0:
        raise RuleViolation("card_bought_this_turn",
                            f"Kartu {name} koupenou v tomto tahu lze zahrát až v dalším tahu.",
                            "akcni-karty")
    raise RuleViolation("card_not_owned", f"Kartu {name} hráč nemá.", "akcni-karty")


def deck_not_empty(position: Position) -> None:
    if not position._deck:
        raise RuleViolation("deck_empty", "Balíček akčních karet je prázdný.", "akcni-karty")


# -- the robber (Zloděj, Sedmička padla, Rytíř) ----------------------------------------

def robber_moves_away(position: Position, h: int) -> None:
    """The robber goes to another hex; the desert is allowed."""
    if h == position._robber_hex:
        raise RuleViolation("robber_must_move", "Zloděj se musí přemístit na jiné pole.",
                            "zlodej")


def robber_victims(position: Position, p: int,
                   without_cards: bool = False) -> dict[int, list[int]]:
    """Whom seat p may rob, hex by hex: the opponents with a settlement or city at the hex
    who hold at least one resource card (Zloděj: "okrade ... hráče, který má u pole vesnici
    nebo město"), in seat order; never p, never a neutral colour (Katan pro dva). Hexes
    without such an opponent are left out. ``without_cards``: instead the opponents there
    who hold no resource card (they cannot be robbed). The only place that says who can be
    robbed: the rule check, the legal moves and the referee all ask it."""
    victims: dict[int, list[int]] = {}
    hands = position._hands
    for q in range(position._player_count):
        if q == p or bool(any(hands[q])) == without_cards:
            continue
        for nodes in (position._settlements[q], position._cities[q]):
            for node in nodes:
                for h in INTERSECTION_HEXES[node]:
                    row = victims.get(h)
                    if row is None:
                        victims[h] = [q]
                    elif row[-1] != q:
                        row.append(q)
    return victims


def robber_victim(position: Position, p: int, h: int, victim: int, headword: str,
                  required: bool) -> None:
    """The thief robs one opponent who has a building on the robber's new hex and holds
    resource cards (robber_victims). After a 7 he must if he can ("vybere ... a okrade
    jej"); with a Knight he may ("Pak může ještě okrást", Almanach, *Rytíř*)."""
    candidates = robber_victims(position, p).get(h, ())
    if victim < 0:
        if required and candidates:
            raise RuleViolation("victim_required",
                                "Zloděj musí okrást jednoho z hráčů, kteří u pole mají "
                                "vesnici nebo město a drží karty.", headword)
        return
    if victim == p:
        raise RuleViolation("cannot_rob_self", "Sám sebe okrást nelze.", headword)
    if victim not in candidates:
        if victim in robber_victims(position, p, without_cards=True).get(h, ()):
            raise RuleViolation("victim_has_no_cards", "Tento hráč nemá žádnou kartu suroviny.",
                                headword)
        raise RuleViolation("victim_not_adjacent",
                            "Okrást lze jen hráče, který má u pole se zlodějem vesnici nebo město.",
                            headword)


def discard_half(position: Position, p: int, cards: list[int]) -> None:
    """More than 7 cards: give back half, rounded down, chosen by the owner."""
    owed = position._discards_owed[p]
    hand = position._hands[p]
    for r in range(5):
        if cards[r] > hand[r]:
            raise RuleViolation("discard_not_in_hand", "Odevzdat lze jen karty, které hráč má.",
                                "sedmicka-padla-nastupuje-zlodej")
    if sum(cards) != owed:
        raise RuleViolation("discard_wrong_count",
                            f"Odevzdává se polovina karet zaokrouhlená dolů: {owed}.",
                            "sedmicka-padla-nastupuje-zlodej")


# -- trade (Obchod, Obchod vnitřní, Obchod se zámořím, Přístav) ------------------------

def no_gifts(give: list[int], get: list[int]) -> None:
    """Both sides give at least one card (001: no 0-for-n trades)."""
    if not any(give) or not any(get):
        raise RuleViolation("trade_gift",
                            "Darovat karty nelze: obě strany musí dát alespoň jednu kartu.",
                            "obchod-vnitrni")


def not_same_resource_both_ways(give: list[int], get: list[int]) -> None:
    for r in range(5):
        if give[r] and get[r]:
            raise RuleViolation("trade_same_resource",
                                "Nelze měnit surovinu za tutéž surovinu.", "obchod-vnitrni")


def holds_cards(position: Position, p: int, cards: list[int], who: str) -> None:
    hand = position._hands[p]
    for r in range(5):
        if cards[r] > hand[r]:
            raise RuleViolation("trade_lacks_cards",
                                f"{who} nemá dost {RESOURCE_GENITIVE_CZ[RESOURCES[r]]}.",
                                "obchod")


def maritime_rate(position: Position, p: int, give: int, get: int, count: int) -> None:
    """4:1 always; 3:1 at a generic harbor; 2:1 for the harbor's own resource only.
    A harbor settled this turn serves from the next turn (Přístav)."""
    if give == get:
        raise RuleViolation("trade_same_resource", "Se zámořím se mění za jinou surovinu.",
                            "obchod-se-zamorim")
    rate = position._trade_rate(p, give)
    needed = rate * count
    if position._hands[p][give] >= needed:
        return
    if position._trade_rate(p, give, ignore_fresh=True) < rate and \
            position._hands[p][give] >= position._trade_rate(p, give, ignore_fresh=True) * count:
        raise RuleViolation("harbor_not_yet_usable",
                            "Přístav postavený v tomto tahu lze využít až v příštím tahu.",
                            "pristav")
    name = RESOURCE_GENITIVE_CZ[RESOURCES[give]]
    cards = "karty" if needed < 5 else "karet"
    raise RuleViolation("maritime_rate",
                        f"Na tuto výměnu se zámořím je třeba {needed} {cards} {name} "
                        f"(kurz {rate} : 1).", "obchod-se-zamorim")


def bank_can_pay(position: Position, cards: list[int]) -> None:
    bank = position._bank
    for r in range(5):
        if cards[r] > bank[r]:
            raise RuleViolation("bank_empty",
                                f"V banku už není dost {RESOURCE_GENITIVE_CZ[RESOURCES[r]]}.",
                                "suroviny-karty")


def offer_pending(position: Position) -> None:
    if position._phase != "offer":
        raise RuleViolation("no_offer_pending", "Žádná nabídka obchodu nečeká na odpověď.",
                            "obchod-vnitrni")


# -- what only Katan pro dva has (engine.pro_dva) ----------------------------------------

def two_player_only(what: str = "Obchodní karty se používají") -> None:
    """Trade cards, neutral colours and forced trades belong to Katan pro dva alone."""
    raise RuleViolation("two_player_only", f"{what} jen v Katanu pro dva.", "katan-pro-dva")
