"""What a loaded position must satisfy to be one that play can reach.

``Game.from_json`` builds the position, then :func:`check_position` runs one small check
per invariant; each raises :class:`InvalidInput` with a Czech sentence saying what is wrong
and a code naming the invariant ("position_distance_rule", ...). Roads are not required to
connect to their owner's buildings: sandboxes (``Game.empty`` + ``place_road``) hold loose
roads, and what ``to_json`` writes must load.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .constants import (
    CARDS_PER_RESOURCE,
    COLOR_CZ,
    DECK_COMPOSITION,
    DEV_CARD_CZ,
    DEV_CARDS,
    KNIGHT,
    LARGEST_ARMY_MIN,
    LONGEST_ROAD_MIN,
    MAX_CITIES,
    MAX_ROADS,
    MAX_SETTLEMENTS,
    RESOURCE_GENITIVE_CZ,
    RESOURCES,
    TRADE_CARDS,
    TRADE_CARDS_MAX,
)
from .errors import InvalidInput
from .topology import INTERSECTION_IDS, INTERSECTION_NEIGHBORS, INTERSECTION_PATHS

if TYPE_CHECKING:
    from .game import Game

TURN_PHASES = ("trade", "build", "main")


def check_position(g: Game) -> None:
    for check in (piece_limits, distance_rule, resources, development_cards, longest_road,
                  largest_army, winner, set_up, rolls, discards, cards_bought_this_turn,
                  fresh_harbors, pending_offer, neutral_builds, trade_cards):
        check(g)


def _name(g: Game, seat: int) -> str:
    color = g._colors[seat]
    return f"{COLOR_CZ.get(color, color)} hráč"


def piece_limits(g: Game) -> None:
    """5 settlements, 4 cities and 15 roads per colour (Stavění)."""
    for s in range(g._seats):
        for count, limit, what in ((len(g._settlements[s]), MAX_SETTLEMENTS, "vesnic"),
                                   (len(g._cities[s]), MAX_CITIES, "měst"),
                                   (len(g._roads[s]), MAX_ROADS, "silnic")):
            if count > limit:
                raise InvalidInput(f"{_name(g, s).capitalize()} má {count} {what}, "
                                   f"ale jen {limit} figurek.", "position_piece_limit")


def distance_rule(g: Game) -> None:
    owner = g._node_owner
    for n, o in enumerate(owner):
        if o < 0:
            continue
        for other in INTERSECTION_NEIGHBORS[n]:
            if owner[other] >= 0:
                raise InvalidInput(
                    f"Na sousedních křižovatkách {INTERSECTION_IDS[n]} a "
                    f"{INTERSECTION_IDS[other]} stojí dvě stavby (pravidlo o vzdálenosti).",
                    "position_distance_rule")


def resources(g: Game) -> None:
    """19 cards of each resource between the hands and the bank; the bank follows."""
    for r in range(5):
        held = sum(hand[r] for hand in g._hands)
        if held > CARDS_PER_RESOURCE:
            raise InvalidInput(f"Hráči drží {held} karet {RESOURCE_GENITIVE_CZ[RESOURCES[r]]}, "
                               f"ale ve hře je jich jen {CARDS_PER_RESOURCE}.",
                               "position_resources")
        g._bank[r] = CARDS_PER_RESOURCE - held


def development_cards(g: Game) -> None:
    """25 development cards (14/5/2/2/2) between the deck, the hands and the table
    (Katan pro dva: knights retired for trade cards are out of the game)."""
    for card, total in enumerate(DECK_COMPOSITION):
        held = sum(g._dev[p][card] + g._dev_new[p][card] + g._played[p][card]
                   for p in range(g._n))
        count = held + g._deck.count(card)
        if card == KNIGHT:
            count += g._removed_knights
        if count != total:
            raise InvalidInput(f"Karet {DEV_CARD_CZ[DEV_CARDS[card]]} je v pozici {count}, "
                               f"ve hře je jich {total}.", "position_dev_cards")
    if g._removed_knights and not g._two:
        raise InvalidInput("Rytíře za obchodní karty odstraňuje jen Katan pro dva.",
                           "position_dev_cards")


def longest_road(g: Game) -> None:
    """The holder is among the longest with at least 5; nobody holds it while one player
    alone is longest with at least 5."""
    lengths = g._road_len
    best = max(lengths)
    leaders = [s for s in range(g._seats) if lengths[s] == best]
    holder = g._lr
    if holder >= 0 and (lengths[holder] < LONGEST_ROAD_MIN or lengths[holder] < best):
        raise InvalidInput(f"Nejdelší obchodní cestu nemůže mít {_name(g, holder)}: jeho "
                           f"cesta má {lengths[holder]}, nejdelší {best}.",
                           "position_longest_road")
    if holder < 0 and best >= LONGEST_ROAD_MIN and len(leaders) == 1:
        raise InvalidInput(f"Nejdelší obchodní cestu musí mít {_name(g, leaders[0])} "
                           f"(cesta délky {best}).", "position_longest_road")


def largest_army(g: Game) -> None:
    """The holder has at least 3 knights and nobody more (Katan pro dva: nobody as many);
    nobody holds it while one player alone has the most, at least 3."""
    knights = [g._played[p][KNIGHT] for p in range(g._n)]
    best = max(knights)
    holder = g._la
    if holder >= 0:
        rivals = [k for p, k in enumerate(knights) if p != holder]
        mine = knights[holder]
        if mine < LARGEST_ARMY_MIN or any(k > mine or (g._two and k == mine) for k in rivals):
            raise InvalidInput(f"Největší vojsko nemůže mít {_name(g, holder)} s {mine} "
                               "rytíři.", "position_largest_army")
    elif best >= LARGEST_ARMY_MIN and knights.count(best) == 1:
        raise InvalidInput(f"Největší vojsko musí mít {_name(g, knights.index(best))} "
                           f"({best} rytířů).", "position_largest_army")


def winner(g: Game) -> None:
    """The game is over exactly when someone won, on his own turn, with enough points."""
    if (g._phase == "over") != (g._winner >= 0):
        raise InvalidInput("Hra skončila právě tehdy, když má vítěze.", "position_winner")
    if g._winner >= 0:
        if g._winner != g._current:
            raise InvalidInput("Vyhrát může jen hráč, který je na tahu.", "position_winner")
        if g._points_total(g._winner) < g.rules.victory_points_to_win:
            raise InvalidInput("Vítěz nemá dost vítězných bodů.", "position_winner")


def set_up(g: Game) -> None:
    """During the set-up every player has placed exactly what the order gave him so far."""
    if g._phase != "setup":
        if g._turn < 1:
            raise InvalidInput("Po fázi zakládání se tahy číslují od 1.", "position_setup")
        return
    done = g._setup_order[:g._setup_step]
    acting = g._setup_order[g._setup_step]
    for p in range(g._n):
        settlements = done.count(p) + (1 if p == acting and g._setup_node >= 0 else 0)
        if (len(g._settlements[p]) != settlements or g._cities[p]
                or len(g._roads[p]) != done.count(p)):
            raise InvalidInput(f"Ve fázi zakládání neodpovídají figurky hráče "
                               f"{COLOR_CZ[g._colors[p]]}ho jejímu průběhu.", "position_setup")
        if any(g._dev[p]) or any(g._dev_new[p]) or any(g._played[p]):
            raise InvalidInput("Ve fázi zakládání nemá nikdo akční karty.", "position_setup")
    node = g._setup_node
    if node >= 0 and (g._node_owner[node] != acting
                      or any(g._path_owner[q] >= 0 for q in INTERSECTION_PATHS[node])):
        raise InvalidInput("Vesnice, ke které se staví silnice, musí být právě postavená "
                           "vesnice hráče na řadě.", "position_setup")
    if g._turn != 0:
        raise InvalidInput("Ve fázi zakládání je číslo tahu 0.", "position_setup")


def _turn_phase(g: Game) -> str:
    return g._resume if g._phase in ("offer", "neutral", "give_back") else g._phase


def rolls(g: Game) -> None:
    """No roll yet in "roll" (Katan pro dva: at most the first), all rolls made after it."""
    needed = 2 if g._two else 1
    phase = _turn_phase(g)
    if phase == "roll":
        ok = g._rolls < needed
    elif phase in TURN_PHASES:
        ok = g._rolls == needed
    elif phase in ("discard", "robber"):
        ok = 1 <= g._rolls <= needed
    else:
        ok = True
    if not ok or g._first_total > 12 or (g._two and g._rolls == 1 and g._first_total < 2):
        raise InvalidInput("Počet hodů kostkami v tomto tahu neodpovídá fázi.", "position_rolls")


def discards(g: Game) -> None:
    """After a 7 exactly the players with more than 7 cards owe half of them."""
    owed = g._discard
    if g._phase != "discard":
        if any(owed):
            raise InvalidInput("Karty se odevzdávají jen ve fázi po hozené sedmičce.",
                               "position_discard")
        return
    if not any(owed):
        raise InvalidInput("Ve fázi odevzdávání karet nikdo nic neodevzdává.",
                           "position_discard")
    for p, k in enumerate(owed):
        size = sum(g._hands[p])
        if k and (size <= 7 or k != size // 2):
            raise InvalidInput(f"{_name(g, p).capitalize()} s {size} kartami nemůže "
                               f"odevzdávat {k}.", "position_discard")


def cards_bought_this_turn(g: Game) -> None:
    """Cards bought in this turn belong to the player on turn, after the roll."""
    for p in range(g._n):
        if any(g._dev_new[p]) and (p != g._current
                                   or _turn_phase(g) not in (*TURN_PHASES, "over")):
            raise InvalidInput("Akční karty koupené v tomto tahu může mít jen hráč na tahu "
                               "po hodu kostkami.", "position_dev_cards")


def fresh_harbors(g: Game) -> None:
    for p in range(g._seats):
        fresh = g._fresh[p]
        if fresh and (p != g._current or fresh & ~g._harbors[p]):
            raise InvalidInput("Přístav postavený v tomto tahu může mít jen hráč na tahu, a "
                               "jen takový, u kterého stojí.", "position_fresh_harbors")


def pending_offer(g: Game) -> None:
    """An offer waits exactly in the "offer" phase, from the player on turn to others (or
    a counter-offer back to him), and the offerer holds what he offers."""
    offer = g._offer
    if (offer is None) != (g._phase != "offer"):
        raise InvalidInput("Nabídka obchodu čeká právě ve fázi nabídky.", "position_offer")
    if offer is None:
        return
    c = g._current
    to = offer.to
    valid = (len(to) > 0 and len(set(to)) == len(to) and offer.offerer not in to
             and (offer.offerer != c) == offer.counter
             and (c in to if offer.counter else True) and any(offer.give) and any(offer.get)
             and not any(a and b for a, b in zip(offer.give, offer.get, strict=True))
             and all(g._hands[offer.offerer][r] >= offer.give[r] for r in range(5)))
    if not valid:
        raise InvalidInput("Čekající nabídka obchodu není možná.", "position_offer")


def neutral_builds(g: Game) -> None:
    if (g._phase == "neutral") != (g._neutral_owed > 0) or (g._neutral_owed and not g._two):
        raise InvalidInput("Stavba pro neutrálního hráče čeká právě ve fázi neutral.",
                           "position_neutral")
    if g._phase == "give_back" and (not g._two or sum(g._hands[g._current]) < 2):
        raise InvalidInput("Po vynuceném obchodu musí mít hráč 2 karty k vrácení.",
                           "position_give_back")


def trade_cards(g: Game) -> None:
    """Katan pro dva: 14 trade cards, at most 7 in a hand."""
    if any(k > TRADE_CARDS_MAX for k in g._tc) or sum(g._tc) > TRADE_CARDS:
        raise InvalidInput(f"Obchodních karet je {TRADE_CARDS} a hráč jich smí mít nejvýš "
                           f"{TRADE_CARDS_MAX}.", "position_trade_cards")
