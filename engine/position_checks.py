"""What a loaded position of the base game must satisfy to be one that play can reach.

``Game.from_json`` builds the position, then :func:`check_position` runs one small check
per invariant (a variant adds its own: :mod:`engine.pro_dva`); each raises
:class:`InvalidInput` with a Czech sentence saying what is wrong and a code naming the
invariant ("position_distance_rule", ...). Roads are not required to connect to their
owner's buildings: sandboxes (``Game.empty`` + ``place_road``) hold loose roads, and what
``to_json`` writes must load.
"""

from __future__ import annotations

from .constants import (
    CARDS_PER_RESOURCE,
    COLOR_CZ,
    DECK_COMPOSITION,
    DEV_CARD_CZ,
    DEV_CARDS,
    KNIGHT,
    MAX_CITIES,
    MAX_ROADS,
    MAX_SETTLEMENTS,
    RESOURCE_GENITIVE_CZ,
    RESOURCES,
)
from .errors import InvalidInput
from .position import Position
from .topology import INTERSECTION_IDS, INTERSECTION_NEIGHBORS, INTERSECTION_PATHS

TURN_PHASES = ("trade", "build", "main")


def check_position(position: Position) -> None:
    for check in (phase_of_this_game, piece_limits, distance_rule, resources,
                  development_cards, longest_road, largest_army, winner, set_up, rolls,
                  discards, cards_bought_this_turn, fresh_harbors, pending_offer):
        check(position)


def _name(position: Position, seat: int) -> str:
    color = position._colors[seat]
    return f"{COLOR_CZ.get(color, color)} hráč"


def phase_of_this_game(position: Position) -> None:
    """Katan pro dva's phases ("neutral", "give_back") belong to it alone."""
    if position._phase not in position.phases:
        raise InvalidInput(f"Fáze {position._phase} do této hry nepatří.", "position_phase")


def piece_limits(position: Position) -> None:
    """5 settlements, 4 cities and 15 roads per colour (Stavění)."""
    for s in range(position._seat_count):
        for count, limit, what in ((len(position._settlements[s]), MAX_SETTLEMENTS, "vesnic"),
                                   (len(position._cities[s]), MAX_CITIES, "měst"),
                                   (len(position._roads[s]), MAX_ROADS, "silnic")):
            if count > limit:
                raise InvalidInput(f"{_name(position, s).capitalize()} má {count} {what}, "
                                   f"ale jen {limit} figurek.", "position_piece_limit")


def distance_rule(position: Position) -> None:
    owner = position._node_owner
    for n, o in enumerate(owner):
        if o < 0:
            continue
        for other in INTERSECTION_NEIGHBORS[n]:
            if owner[other] >= 0:
                raise InvalidInput(
                    f"Na sousedních křižovatkách {INTERSECTION_IDS[n]} a "
                    f"{INTERSECTION_IDS[other]} stojí dvě stavby (pravidlo o vzdálenosti).",
                    "position_distance_rule")


def resources(position: Position) -> None:
    """19 cards of each resource between the hands and the bank; the bank follows."""
    for r in range(5):
        held = sum(hand[r] for hand in position._hands)
        if held > CARDS_PER_RESOURCE:
            raise InvalidInput(f"Hráči drží {held} karet {RESOURCE_GENITIVE_CZ[RESOURCES[r]]}, "
                               f"ale ve hře je jich jen {CARDS_PER_RESOURCE}.",
                               "position_resources")
        position._bank[r] = CARDS_PER_RESOURCE - held


def development_cards(position: Position) -> None:
    """25 development cards (14/5/2/2/2) between the deck, the hands and the table
    (Katan pro dva: knights retired for trade cards are out of the game)."""
    for card, total in enumerate(DECK_COMPOSITION):
        held = sum(position._dev_cards[p][card] + position._dev_cards_new[p][card]
                   + position._played_cards[p][card] for p in range(position._player_count))
        count = held + position._deck.count(card) + position._cards_out_of_game(card)
        if count != total:
            raise InvalidInput(f"Karet {DEV_CARD_CZ[DEV_CARDS[card]]} je v pozici {count}, "
                               f"ve hře je jich {total}.", "position_dev_cards")


def longest_road(position: Position) -> None:
    """The holder is the one the rules give the card to in this position, if he held it
    (Position._decide_longest_road: at least 5 roads, only a strictly longer road takes
    it, after a break a tie by Rules.longest_road_tie)."""
    holder = position._longest_road_holder
    decided, _code = position._decide_longest_road(holder)
    if decided == holder or (decided is None and holder < 0):
        return
    if holder >= 0 and position._decide_longest_road(holder, broken=False)[0] == holder:
        return  # a tie that arose after an earlier break: the holder kept the card
    lengths = position._road_lengths
    if holder >= 0:
        raise InvalidInput(f"Nejdelší obchodní cestu nemůže mít {_name(position, holder)}: "
                           f"jeho cesta má {lengths[holder]}, nejdelší {max(lengths)}.",
                           "position_longest_road")
    raise InvalidInput(f"Nejdelší obchodní cestu musí mít {_name(position, decided)} "
                       f"(cesta délky {lengths[decided]}).", "position_longest_road")


def largest_army(position: Position) -> None:
    """The holder is the one the rules give the card to in this position, if he held it
    (Position._decide_largest_army: at least 3 knights, only strictly more takes it;
    Katan pro dva: a tie costs a holder who retired a knight in this turn)."""
    holder = position._largest_army_holder
    decided, _code = position._decide_largest_army(holder)
    if decided == holder or (decided is None and holder < 0):
        return
    if holder >= 0:
        mine = position._played_cards[holder][KNIGHT]
        raise InvalidInput(f"Největší vojsko nemůže mít {_name(position, holder)} s {mine} "
                           "rytíři.", "position_largest_army")
    best = position._played_cards[decided][KNIGHT]
    raise InvalidInput(f"Největší vojsko musí mít {_name(position, decided)} "
                       f"({best} rytířů).", "position_largest_army")


def winner(position: Position) -> None:
    """The game is over exactly when someone won, on his own turn, with enough points."""
    if (position._phase == "over") != (position._winner >= 0):
        raise InvalidInput("Hra skončila právě tehdy, když má vítěze.", "position_winner")
    if position._winner >= 0:
        if position._winner != position._current:
            raise InvalidInput("Vyhrát může jen hráč, který je na tahu.", "position_winner")
        if position._points_total(position._winner) < position.rules.victory_points_to_win:
            raise InvalidInput("Vítěz nemá dost vítězných bodů.", "position_winner")


def set_up(position: Position) -> None:
    """During the set-up every player has placed exactly what the order gave him so far."""
    if position._phase != "setup":
        if position._turn_number < 1:
            raise InvalidInput("Po fázi zakládání se tahy číslují od 1.", "position_setup")
        return
    done = position._setup_order[:position._setup_step]
    acting = position._setup_order[position._setup_step]
    for p in range(position._player_count):
        settlements = done.count(p) + (1 if p == acting and position._setup_node >= 0 else 0)
        if (len(position._settlements[p]) != settlements or position._cities[p]
                or len(position._roads[p]) != done.count(p)):
            raise InvalidInput(f"Ve fázi zakládání neodpovídají figurky hráče "
                               f"{COLOR_CZ[position._colors[p]]}ho jejímu průběhu.",
                               "position_setup")
        if (any(position._dev_cards[p]) or any(position._dev_cards_new[p])
                or any(position._played_cards[p])):
            raise InvalidInput("Ve fázi zakládání nemá nikdo akční karty.", "position_setup")
    node = position._setup_node
    if node >= 0 and (position._node_owner[node] != acting
                      or any(position._path_owner[q] >= 0 for q in INTERSECTION_PATHS[node])):
        raise InvalidInput("Vesnice, ke které se staví silnice, musí být právě postavená "
                           "vesnice hráče na řadě.", "position_setup")
    if position._turn_number != 0:
        raise InvalidInput("Ve fázi zakládání je číslo tahu 0.", "position_setup")


def _turn_phase(position: Position) -> str:
    return (position._resume_phase if position._phase in position.interruptions
            else position._phase)


def rolls(position: Position) -> None:
    """No roll yet in "roll" (or, with more rolls per turn, not all), all made after it."""
    needed = position.rolls_per_turn
    phase = _turn_phase(position)
    if phase == "roll":
        ok = position._rolls < needed
    elif phase in TURN_PHASES:
        ok = position._rolls == needed
    elif phase in ("discard", "robber"):
        ok = 1 <= position._rolls <= needed
    else:
        ok = True
    if not ok or position._first_roll_total > 12:
        raise InvalidInput("Počet hodů kostkami v tomto tahu neodpovídá fázi.", "position_rolls")


def discards(position: Position) -> None:
    """After a 7 exactly the players with more than 7 cards owe half of them."""
    owed = position._discards_owed
    if position._phase != "discard":
        if any(owed):
            raise InvalidInput("Karty se odevzdávají jen ve fázi po hozené sedmičce.",
                               "position_discard")
        return
    if not any(owed):
        raise InvalidInput("Ve fázi odevzdávání karet nikdo nic neodevzdává.",
                           "position_discard")
    for p, k in enumerate(owed):
        size = sum(position._hands[p])
        if k and (size <= 7 or k != size // 2):
            raise InvalidInput(f"{_name(position, p).capitalize()} s {size} kartami nemůže "
                               f"odevzdávat {k}.", "position_discard")


def cards_bought_this_turn(position: Position) -> None:
    """Cards bought in this turn belong to the player on turn, after the roll."""
    for p in range(position._player_count):
        if any(position._dev_cards_new[p]) and (p != position._current
                                   or _turn_phase(position) not in (*TURN_PHASES, "over")):
            raise InvalidInput("Akční karty koupené v tomto tahu může mít jen hráč na tahu "
                               "po hodu kostkami.", "position_dev_cards")


def fresh_harbors(position: Position) -> None:
    for p in range(position._seat_count):
        fresh = position._fresh_harbors[p]
        if fresh and (p != position._current or fresh & ~position._harbors[p]):
            raise InvalidInput("Přístav postavený v tomto tahu může mít jen hráč na tahu, a "
                               "jen takový, u kterého stojí.", "position_fresh_harbors")


def pending_offer(position: Position) -> None:
    """An offer waits exactly in the "offer" phase, from the player on turn to others (or
    a counter-offer back to him), and the offerer holds what he offers."""
    offer = position._offer
    if (offer is None) != (position._phase != "offer"):
        raise InvalidInput("Nabídka obchodu čeká právě ve fázi nabídky.", "position_offer")
    if offer is None:
        return
    c = position._current
    to = offer.to
    valid = (len(to) > 0 and len(set(to)) == len(to) and offer.offerer not in to
             and (offer.offerer != c) == offer.counter
             and (c in to if offer.counter else True) and any(offer.give) and any(offer.get)
             and not any(a and b for a, b in zip(offer.give, offer.get, strict=True))
             and all(position._hands[offer.offerer][r] >= offer.give[r] for r in range(5)))
    if not valid:
        raise InvalidInput("Čekající nabídka obchodu není možná.", "position_offer")
