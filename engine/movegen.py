"""Move generation: the legal actions of one kind each, over a :class:`Position`.

:class:`engine.game.Game` puts them together by phase in ``legal_actions``. Every action
object a colour can be offered is built once (:class:`SeatActions`) and shared by all games
(actions are immutable), so that listing legal actions allocates almost nothing. Chance
fields are left None; domestic trades are listed only 1-for-1 and maritime trades only for
one card.
"""

from __future__ import annotations

from collections.abc import Sequence

from .actions import (
    AcceptTrade,
    BuildCity,
    BuildRoad,
    BuildSettlement,
    BuyDevelopmentCard,
    CounterOffer,
    DeclineTrade,
    Discard,
    EndTrade,
    EndTurn,
    MoveRobber,
    OfferTrade,
    PlaceRoad,
    PlaceSettlement,
    PlayKnight,
    PlayMonopoly,
    PlayRoadBuilding,
    PlayYearOfPlenty,
    RollDice,
    TradeBank,
)
from .constants import (
    COLORS,
    GENERIC,
    KNIGHT,
    MAX_CITIES,
    MAX_ROADS,
    MAX_SETTLEMENTS,
    MONOPOLY,
    RESOURCES,
    ROAD_BUILDING,
    YEAR_OF_PLENTY,
)
from .notation import resource_dict
from .position import Position
from .rules import robber_victims
from .topology import (
    HEX_IDS,
    INTERSECTION_IDS,
    INTERSECTION_PATHS,
    NUM_HEXES,
    PATH_IDS,
)


class SeatActions:
    """Every action object of the base game a colour can be offered, built once."""

    def __init__(self, color: str) -> None:
        self.color = color
        self.roll = RollDice(color)
        self.rolled = {(a, b): RollDice(color, (a, b)) for a in range(1, 7) for b in range(1, 7)}
        self.end_trade = EndTrade(color)
        self.end_turn = EndTurn(color)
        self.buy = BuyDevelopmentCard(color)
        self.place_settlement = [PlaceSettlement(color, n) for n in INTERSECTION_IDS]
        self.place_road = [PlaceRoad(color, p) for p in PATH_IDS]
        self.road = [BuildRoad(color, p) for p in PATH_IDS]
        self.settlement = [BuildSettlement(color, n) for n in INTERSECTION_IDS]
        self.city = [BuildCity(color, n) for n in INTERSECTION_IDS]
        self.bank = [[TradeBank(color, g, t) for t in RESOURCES] for g in RESOURCES]
        self.domestic = {
            partner: [[OfferTrade(color, partner, {g: 1}, {t: 1}) for t in RESOURCES]
                      for g in RESOURCES]
            for partner in COLORS if partner != color
        }
        self.counter = [[CounterOffer(color, {g: 1}, {t: 1}) for t in RESOURCES]
                        for g in RESOURCES]
        self.accept = AcceptTrade(color)
        self.decline = DeclineTrade(color)
        self.robber = [{None: MoveRobber(color, h)} for h in HEX_IDS]
        self.knight = [{None: PlayKnight(color, h)} for h in HEX_IDS]
        for h, hex_id in enumerate(HEX_IDS):
            for victim in COLORS:
                if victim != color:
                    self.robber[h][victim] = MoveRobber(color, hex_id, victim)
                    self.knight[h][victim] = PlayKnight(color, hex_id, victim)
        self.monopoly = [PlayMonopoly(color, r) for r in RESOURCES]
        self.year_of_plenty = {
            (a, b): PlayYearOfPlenty(color, (RESOURCES[a], RESOURCES[b]))
            for a in range(5) for b in range(a, 5)
        }
        self.discard: dict[tuple[int, ...], Discard] = {}
        self.discard_lists: dict[tuple[int, ...], tuple[Discard, ...]] = {}
        self.road_building: dict[tuple[int, ...], PlayRoadBuilding] = {}
        self.bank_lists: dict[int, tuple[TradeBank, ...]] = {}
        self.domestic_lists: dict[str, dict[int, tuple[OfferTrade, ...]]] = {
            partner: {} for partner in self.domestic
        }

    def bank_trades(self, giveable: int, available: int) -> tuple[TradeBank, ...]:
        """1-card maritime trades giving a resource of mask ``giveable`` for a different one
        of mask ``available`` (bit r = resource r)."""
        key = giveable << 5 | available
        found = self.bank_lists.get(key)
        if found is None:
            found = self.bank_lists[key] = tuple(
                self.bank[g][t] for g in range(5) if giveable >> g & 1
                for t in range(5) if t != g and available >> t & 1)
        return found

    def domestic_trades(self, partner: str, mine: int, theirs: int) -> tuple[OfferTrade, ...]:
        """1-for-1 offers to ``partner``: any resource of mask ``mine`` for a different
        one of mask ``theirs``."""
        cache = self.domestic_lists[partner]
        key = mine << 5 | theirs
        found = cache.get(key)
        if found is None:
            table = self.domestic[partner]
            found = cache[key] = tuple(
                table[g][t] for g in range(5) if mine >> g & 1
                for t in range(5) if t != g and theirs >> t & 1)
        return found

    def discards(self, hand: Sequence[int], k: int) -> tuple[Discard, ...]:
        """Every way to discard k cards from ``hand``."""
        key = (*hand, k)
        found = self.discard_lists.get(key)
        if found is None:
            if len(self.discard_lists) > 20000:  # a bound for long-running servers
                self.discard_lists.clear()
            found = self.discard_lists[key] = tuple(
                cached_by_counts(self.discard, combo, Discard, self.color)
                for combo in multisets(hand, k))
        return found


SEAT_ACTIONS = {color: SeatActions(color) for color in COLORS}


def cached_by_counts(cache: dict, combo: tuple[int, ...], kind: type, color: str):
    """The action ``kind(color, {resource: n})`` for these counts, built once."""
    action = cache.get(combo)
    if action is None:
        action = cache[combo] = kind(color, resource_dict(combo))
    return action


def mask(counts: Sequence[int]) -> int:
    """Bit r set when counts[r] > 0."""
    a, b, c, d, e = counts
    return ((1 if a else 0) | (2 if b else 0) | (4 if c else 0) | (8 if d else 0)
            | (16 if e else 0))


def multisets(hand: Sequence[int], k: int) -> list[tuple[int, ...]]:
    """Every way to choose k cards from a hand, as counts per resource (in ascending
    order of the counts, brick first)."""
    a, b, c, d, e = hand
    out: list[tuple[int, ...]] = []
    append = out.append
    for x0 in range(max(0, k - b - c - d - e), min(a, k) + 1):
        k1 = k - x0
        for x1 in range(max(0, k1 - c - d - e), min(b, k1) + 1):
            k2 = k1 - x1
            for x2 in range(max(0, k2 - d - e), min(c, k2) + 1):
                k3 = k2 - x2
                for x3 in range(max(0, k3 - e), min(d, k3) + 1):
                    append((x0, x1, x2, x3, k3 - x3))
    return out


# -- one function per kind -------------------------------------------------------------

def setup_actions(pos: Position, acts: SeatActions) -> list:
    """Fáze zakládání: a settlement anywhere the distance rule allows, then a road at it."""
    if pos._setup_node < 0:
        blocked = pos._blocked
        row = acts.place_settlement
        return [row[n] for n in range(len(blocked)) if not blocked[n]]
    row = acts.place_road
    path_owner = pos._path_owner
    return [row[q] for q in INTERSECTION_PATHS[pos._setup_node] if path_owner[q] < 0]


def trade_actions(pos: Position, p: int, acts: SeatActions, out: list,
                  domestic: bool = True) -> None:
    """Maritime trades of one card, 1-for-1 offers to each opponent holding cards (unless
    not ``domestic``)."""
    hand = pos._hands[p]
    mine = mask(hand)
    if not mine:
        return
    harbors = pos._usable_harbors(p)
    generic_rate = 3 if harbors >> GENERIC & 1 else 4
    giveable = 0
    for r in range(5):
        if hand[r] >= (2 if harbors >> r & 1 else generic_rate):
            giveable |= 1 << r
    if giveable:
        out.extend(acts.bank_trades(giveable, mask(pos._bank)))
    if not domestic:
        return
    hands, colors = pos._hands, pos._colors
    domestic_lists = acts.domestic_lists
    for q in range(pos._player_count):
        if q != p:
            a, b, c, d, e = hands[q]
            theirs = ((1 if a else 0) | (2 if b else 0) | (4 if c else 0) | (8 if d else 0)
                      | (16 if e else 0))
            if theirs:
                found = domestic_lists[colors[q]].get(mine << 5 | theirs)
                if found is None:
                    found = acts.domestic_trades(colors[q], mine, theirs)
                out.extend(found)


def answers(pos: Position, p: int, acts: SeatActions) -> list:
    """The addressee's answers: accept (if he can pay), decline, 1-for-1 counter-offers."""
    offer = pos._offer
    hand = pos._hands[p]
    out: list = []
    if all(hand[r] >= offer.get[r] for r in range(5)):  # type: ignore[union-attr]
        out.append(acts.accept)
    out.append(acts.decline)
    if not offer.counter:  # type: ignore[union-attr]
        mine, theirs = mask(hand), mask(pos._hands[pos._current])
        table = acts.counter
        for g in range(5):
            if mine >> g & 1:
                for t in range(5):
                    if t != g and theirs >> t & 1:
                        out.append(table[g][t])
    return out


def build_actions(pos: Position, p: int, acts: SeatActions, out: list) -> None:
    """Roads, settlements, cities and a development card the hand pays for."""
    hand = pos._hands[p]
    brick, lumber, wool, grain, ore = hand
    if brick and lumber:
        if len(pos._roads[p]) < MAX_ROADS:
            row = acts.road
            for q in pos._road_spots(p):
                out.append(row[q])
        if wool and grain and len(pos._settlements[p]) < MAX_SETTLEMENTS:
            row = acts.settlement
            for n in pos._settlement_spots(p):
                out.append(row[n])
    if grain >= 2 and ore >= 3 and len(pos._cities[p]) < MAX_CITIES:
        row = acts.city
        for n in pos._settlements[p]:
            out.append(row[n])
    if wool and grain and ore and pos._deck:
        out.append(acts.buy)


def robber_actions(pos: Position, p: int, table: list[dict], optional: bool = False) -> list:
    """The robber to every other hex, robbing each possible victim (or nobody when there
    is none, or when robbing is ``optional``)."""
    victims_at = robber_victims(pos, p)
    out = []
    colors = pos._colors
    robber = pos._robber_hex
    for h in range(NUM_HEXES):
        if h == robber:
            continue
        row = table[h]
        victims = victims_at.get(h)
        if victims is None:
            out.append(row[None])
            continue
        if optional:
            out.append(row[None])
        for v in victims:
            out.append(row[colors[v]])
    return out


def card_actions(pos: Position, p: int, acts: SeatActions, out: list) -> None:
    """The development cards p may play (bought before this turn)."""
    dev = pos._dev_cards[p]
    if not (dev[0] or dev[1] or dev[2] or dev[3]):
        return
    if dev[KNIGHT]:
        out.extend(robber_actions(pos, p, acts.knight, optional=True))
    if dev[ROAD_BUILDING]:
        out.extend(road_building_actions(pos, p, acts))
    if dev[YEAR_OF_PLENTY]:
        bank = pos._bank
        for (a, b), action in acts.year_of_plenty.items():
            if bank[a] and bank[b] and (a != b or bank[a] >= 2):
                out.append(action)
    if dev[MONOPOLY]:
        out.extend(acts.monopoly)


def road_building_actions(pos: Position, p: int, acts: SeatActions) -> list:
    """Every ordered choice of two free roads (one when a second cannot be built)."""
    roads = pos._roads[p]
    if len(roads) >= MAX_ROADS:
        return []
    cache = acts.road_building
    pairs: set[tuple[int, ...]] = set()
    last_road = len(roads) + 1 >= MAX_ROADS
    for first in pos._road_spots(p):
        if last_road:
            pairs.add((first,))
            continue
        pos._put_road(p, first)
        seconds = pos._road_spots(p)
        pos._path_owner[first] = -1
        roads.pop()
        if not seconds:
            pairs.add((first,))
        for second in seconds:
            pairs.add((first, second))
    out = []
    for key in sorted(pairs):
        action = cache.get(key)
        if action is None:
            action = cache[key] = PlayRoadBuilding(acts.color, tuple(PATH_IDS[q] for q in key))
        out.append(action)
    return out


def discard_actions(pos: Position, p: int, acts: SeatActions) -> list:
    """After a 7: every way to give back the cards owed."""
    return list(acts.discards(pos._hands[p], pos._discards_owed[p]))
