"""The game: a position, the legal actions in it, and apply().

A position is a handful of flat lists of small ints (owner per intersection and per path,
five resource counts per hand, ...); players are seat indices 0..n-1 inside and colours
outside. ``apply`` checks an action with the rule functions of :mod:`engine.rules`, then
changes the position in place and returns the events. Nothing is deep-copied on the way.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import NamedTuple

from . import actions as A
from . import events as E
from . import rules as R
from .board import Board, beginner_data
from .constants import (
    CARDS_PER_RESOURCE,
    CITY_COST,
    COLOR_CZ,
    COLORS,
    DECK_COMPOSITION,
    DEV_CARD_COST,
    DEV_CARD_CZ,
    DEV_CARD_INDEX,
    DEV_CARDS,
    GENERIC,
    HARBOR_KIND_INDEX,
    HARBOR_KINDS,
    KNIGHT,
    LARGEST_ARMY_MIN,
    LONGEST_ROAD_MIN,
    MAX_CITIES,
    MAX_ROADS,
    MAX_SETTLEMENTS,
    MONOPOLY,
    NEUTRAL_SPOTS,
    RESOURCE_INDEX,
    RESOURCES,
    ROAD_BUILDING,
    ROAD_COST,
    SETTLEMENT_COST,
    TRADE_CARDS,
    TRADE_CARDS_MAX,
    TRADE_CARDS_START,
    VICTORY_POINT,
    YEAR_OF_PLENTY,
)
from .errors import InvalidInput, RuleViolation
from .longest_road import longest_road_length, longest_trail
from .position_checks import check_position
from .rules import Rules
from .topology import (
    HEX_CORNERS,
    HEX_IDS,
    HEX_INDEX,
    INTERSECTION_HEXES,
    INTERSECTION_IDS,
    INTERSECTION_INDEX,
    INTERSECTION_NEIGHBORS,
    INTERSECTION_PATHS,
    NUM_HEXES,
    NUM_INTERSECTIONS,
    NUM_PATHS,
    PATH_ENDS,
    PATH_IDS,
    PATH_INDEX,
)

PHASES = ("setup", "roll", "discard", "robber", "trade", "build", "main", "offer", "neutral",
          "give_back", "over")
# Phases that interrupt another one and return to it (Game._resume).
INTERRUPTIONS = ("offer", "neutral", "give_back")
CARD_PHASES = ("roll", "trade", "build", "main")
TRADE_PHASES = ("trade", "main")
BUILD_PHASES = ("build", "main")
POSITION_FORMAT = "almanach-katanu/position@1"


class _Offer(NamedTuple):
    """A domestic offer waiting for an answer; give/get from the offerer's side."""

    offerer: int
    give: tuple[int, ...]
    get: tuple[int, ...]
    to: tuple[int, ...]      # the addressees still to answer, in turn order
    counter: bool


class _SeatActions:
    """Every action object a colour can be offered, built once and shared by all games
    (actions are immutable), so that listing legal actions allocates almost nothing."""

    def __init__(self, color: str) -> None:
        self.color = color
        self.roll = A.RollDice(color)
        self.end_trade = A.EndTrade(color)
        self.end_turn = A.EndTurn(color)
        self.buy = A.BuyDevelopmentCard(color)
        self.place_settlement = [A.PlaceSettlement(color, n) for n in INTERSECTION_IDS]
        self.place_road = [A.PlaceRoad(color, p) for p in PATH_IDS]
        self.road = [A.BuildRoad(color, p) for p in PATH_IDS]
        self.settlement = [A.BuildSettlement(color, n) for n in INTERSECTION_IDS]
        self.city = [A.BuildCity(color, n) for n in INTERSECTION_IDS]
        self.bank = [[A.TradeBank(color, g, t) for t in RESOURCES] for g in RESOURCES]
        self.domestic = {
            partner: [[A.OfferTrade(color, partner, {g: 1}, {t: 1}) for t in RESOURCES]
                      for g in RESOURCES]
            for partner in COLORS if partner != color
        }
        self.counter = [[A.CounterOffer(color, {g: 1}, {t: 1}) for t in RESOURCES]
                        for g in RESOURCES]
        self.accept = A.AcceptTrade(color)
        self.decline = A.DeclineTrade(color)
        self.forced_trade = A.ForcedTrade(color)
        self.robber_to_desert = A.RobberToDesert(color)
        self.retire_knight = A.RetireKnight(color)
        self.give_back: dict[tuple[int, ...], A.GiveBack] = {}
        self.neutral_settlement = {
            neutral: [A.BuildNeutralSettlement(color, neutral, n) for n in INTERSECTION_IDS]
            for neutral in COLORS if neutral != color}
        self.neutral_road = {
            neutral: [A.BuildNeutralRoad(color, neutral, q) for q in PATH_IDS]
            for neutral in COLORS if neutral != color}
        self.robber = [{None: A.MoveRobber(color, h)} for h in HEX_IDS]
        self.knight = [{None: A.PlayKnight(color, h)} for h in HEX_IDS]
        for h, hex_id in enumerate(HEX_IDS):
            for victim in COLORS:
                if victim != color:
                    self.robber[h][victim] = A.MoveRobber(color, hex_id, victim)
                    self.knight[h][victim] = A.PlayKnight(color, hex_id, victim)
        self.monopoly = [A.PlayMonopoly(color, r) for r in RESOURCES]
        self.year_of_plenty = {
            (a, b): A.PlayYearOfPlenty(color, (RESOURCES[a], RESOURCES[b]))
            for a in range(5) for b in range(a, 5)
        }
        self.discard: dict[tuple[int, ...], A.Discard] = {}
        self.road_building: dict[tuple[int, ...], A.PlayRoadBuilding] = {}
        self._bank_lists: dict[int, tuple[A.TradeBank, ...]] = {}
        self._domestic_lists: dict[str, dict[int, tuple[A.OfferTrade, ...]]] = {
            partner: {} for partner in self.domestic
        }

    def bank_trades(self, giveable: int, available: int) -> tuple[A.TradeBank, ...]:
        """1-card maritime trades giving a resource of mask ``giveable`` for a different one
        of mask ``available`` (bit r = resource r)."""
        key = giveable << 5 | available
        found = self._bank_lists.get(key)
        if found is None:
            found = self._bank_lists[key] = tuple(
                self.bank[g][t] for g in range(5) if giveable >> g & 1
                for t in range(5) if t != g and available >> t & 1)
        return found

    def domestic_trades(self, partner: str, mine: int, theirs: int) -> tuple[A.OfferTrade, ...]:
        """1-for-1 offers to ``partner``: any resource of mask ``mine`` for a different
        one of mask ``theirs``."""
        cache = self._domestic_lists[partner]
        key = mine << 5 | theirs
        found = cache.get(key)
        if found is None:
            table = self.domestic[partner]
            found = cache[key] = tuple(
                table[g][t] for g in range(5) if mine >> g & 1
                for t in range(5) if t != g and theirs >> t & 1)
        return found


_SEAT_ACTIONS = {color: _SeatActions(color) for color in COLORS}


def _lookup(table: dict, key: object) -> int | None:
    """table[key], or None for an unknown or unhashable key."""
    try:
        return table.get(key)
    except TypeError:
        return None


def _known(table: dict, key: object, message: str) -> int:
    """table[key]; an unknown key is InvalidInput with ``message`` naming it in Czech."""
    found = _lookup(table, key)
    if found is None:
        raise InvalidInput(message.format(key))
    return found


def _mask(counts: Sequence[int]) -> int:
    """Bit r set when counts[r] > 0."""
    a, b, c, d, e = counts
    return ((1 if a else 0) | (2 if b else 0) | (4 if c else 0) | (8 if d else 0)
            | (16 if e else 0))


def _multisets(hand: Sequence[int], k: int) -> list[tuple[int, ...]]:
    """Every way to choose k cards from a hand, as counts per resource."""
    out: list[tuple[int, ...]] = []
    suffix = [0] * 6
    for r in range(4, -1, -1):
        suffix[r] = suffix[r + 1] + hand[r]
    chosen = [0] * 5

    def rec(r: int, left: int) -> None:
        if r == 5:
            if left == 0:
                out.append(tuple(chosen))
            return
        low = max(0, left - suffix[r + 1])
        for n in range(low, min(hand[r], left) + 1):
            chosen[r] = n
            rec(r + 1, left - n)
        chosen[r] = 0

    rec(0, k)
    return out


class Game:
    """A game of the base game for 3–4 players, or of Katan pro dva for 2 with
    ``Rules(two_player=True)`` (sandboxes: 2–4)."""

    __slots__ = (
        "board", "rules", "history", "_colors", "_seat", "_n", "_rng", "_acts",
        "_node_owner", "_node_level", "_blocked", "_path_owner",
        "_roads", "_settlements", "_cities",
        "_hands", "_bank", "_dev", "_dev_new", "_played", "_deck", "_deck_explicit",
        "_robber", "_phase", "_current", "_turn", "_winner", "_dev_played", "_discard",
        "_harbors", "_fresh", "_road_len", "_lr", "_la",
        "_setup_order", "_setup_step", "_setup_node",
        "_seats", "_owners", "_two", "_resume", "_offer", "_neutral_owed", "_tc", "_tc_used",
        "_knight_retired", "_removed_knights", "_rolls", "_first_total",
    )

    # -- construction ------------------------------------------------------------------

    def __init__(self, board: Board, players: Sequence[str], rules: Rules,
                 rng: random.Random) -> None:
        """A position with no pieces; use Game.new, Game.beginner or Game.empty."""
        if not isinstance(board, Board):
            raise InvalidInput("Herní plán musí být objekt Board.")
        if not isinstance(rules, Rules):
            raise InvalidInput("Pravidla musí být objekt Rules.")
        colors = tuple(players)
        for color in colors:
            if color not in COLORS:
                raise InvalidInput(f"Neznámá barva {color!r} (možnosti: {', '.join(COLORS)}).")
        if len(set(colors)) != len(colors):
            raise InvalidInput("Každý hráč musí mít jinou barvu.")
        n = len(colors)
        self.board = board
        self.rules = rules
        self.history: list[A.Action] = []
        # Seats 0..n-1 are the players; in Katan pro dva the neutral colours follow them:
        # they own pieces on the board but hold no cards and never act.
        two = rules.two_player
        neutrals = tuple(c for c in COLORS if c not in colors) if two else ()
        seats = n + len(neutrals)
        self._colors = colors + neutrals
        self._seat = {c: i for i, c in enumerate(colors)}
        self._owners = {c: i for i, c in enumerate(self._colors)}
        self._n = n
        self._seats = seats
        self._two = two
        self._rng = rng
        self._acts = [_SEAT_ACTIONS[c] for c in colors]
        self._node_owner = [-1] * NUM_INTERSECTIONS
        self._node_level = [0] * NUM_INTERSECTIONS
        self._blocked = [False] * NUM_INTERSECTIONS
        self._path_owner = [-1] * NUM_PATHS
        self._roads: list[list[int]] = [[] for _ in range(seats)]
        self._settlements: list[list[int]] = [[] for _ in range(seats)]
        self._cities: list[list[int]] = [[] for _ in range(seats)]
        self._hands = [[0] * 5 for _ in range(n)]
        self._bank = [CARDS_PER_RESOURCE] * 5
        self._dev = [[0] * 5 for _ in range(n)]
        self._dev_new = [[0] * 5 for _ in range(n)]
        self._played = [[0] * 5 for _ in range(n)]
        self._deck: list[int] = []
        self._deck_explicit = False
        self._robber = HEX_INDEX[board.robber_start]
        self._phase = "setup"
        self._current = 0
        self._turn = 0
        self._winner = -1
        self._dev_played = False
        self._discard = [0] * n
        self._harbors = [0] * seats
        self._fresh = [0] * seats
        self._road_len = [0] * seats
        self._lr = -1
        self._la = -1
        self._setup_order = tuple(range(n)) + tuple(range(n - 1, -1, -1))
        self._setup_step = 0
        self._setup_node = -1
        self._resume = ""           # the phase an interruption ("offer", ...) returns to
        self._offer: _Offer | None = None
        self._neutral_owed = 0
        self._tc = [0] * n          # trade cards in hand (Katan pro dva)
        self._tc_used = False       # a trade-card action taken in this turn
        self._knight_retired = False
        self._removed_knights = 0   # knights retired from the game for trade cards
        self._rolls = 0             # rolls made in this turn (Katan pro dva: two)
        self._first_total = 0

    @classmethod
    def new(cls, board: Board, players: Sequence[str] = COLORS, seed: int = 0,
            rules: Rules | None = None, deck: Sequence[str] | None = None) -> Game:
        """A game at the start of the set-up phase (Fáze zakládání); players in clockwise
        seating order, the first one starts. ``deck``: the development cards from the top
        (the rest of the 25 follow, shuffled)."""
        players = tuple(players)
        rules = rules or Rules()
        if rules.two_player and len(players) != 2:
            raise InvalidInput("Katan pro dva hrají právě 2 hráči.")
        if not rules.two_player and not 3 <= len(players) <= 4:
            raise InvalidInput("Základní hra je pro 3–4 hráče (pro 2 hráče je Katan pro dva).")
        game = cls(board, players, rules, random.Random(seed))
        game._deal_deck(deck)
        if rules.two_player:
            game._place_neutrals()
        return game

    def _place_neutrals(self) -> None:
        """Katan pro dva: each neutral colour's settlement on its marked intersection (a
        reconstruction, see constants.NEUTRAL_SPOTS), and 4 trade cards per player."""
        for s in range(self._n, self._seats):
            self._put_settlement(s, self._node(NEUTRAL_SPOTS[self._colors[s]]), fresh=False)
        self._tc = [TRADE_CARDS_START] * self._n

    @classmethod
    def beginner(cls, players: Sequence[str] = COLORS, seed: int = 0,
                 rules: Rules | None = None, deck: Sequence[str] | None = None) -> Game:
        """The beginner set-up (Startovní rozmístění pro začátečníky): pieces from the board
        file, starting resources from each starred settlement; the first player rolls."""
        game = cls.new(Board.beginner(), players, seed, rules, deck)
        start = beginner_data()["start"]
        for p, color in enumerate(game.players):
            pieces = start[color]
            for node_id in pieces["settlements"]:
                game._put_settlement(p, game._node(node_id), fresh=False)
                if game._two:
                    game._settlement_trade_cards(p, game._node(node_id), [])
            for path_id in pieces["roads"]:
                game._put_road(p, game._path(path_id))
        for p, color in enumerate(game.players):
            for h in INTERSECTION_HEXES[game._node(start[color]["starred"])]:
                r = game.board.hex_resource[h]
                if r >= 0:
                    game._hands[p][r] += 1
                    game._bank[r] -= 1
        game._update_longest_road(range(game._seats), [])
        game._start_play()
        return game

    @classmethod
    def empty(cls, board: Board, players: Sequence[str] = COLORS, seed: int = 0,
              rules: Rules | None = None, deck: Sequence[str] | None = None) -> Game:
        """A sandbox: no pieces, first player's turn after the roll. Set it up with
        place_settlement, place_road, set_hand, set_robber, set_dev_cards, ..."""
        players = tuple(players)
        rules = rules or Rules()
        if rules.two_player and len(players) != 2:
            raise InvalidInput("Katan pro dva hrají právě 2 hráči.")
        if not 2 <= len(players) <= 4:
            raise InvalidInput("Hrají 2–4 hráči.")
        game = cls(board, players, rules, random.Random(seed))
        game._deal_deck(deck)
        if rules.two_player:
            game._tc = [TRADE_CARDS_START] * game._n
        game._start_play()
        game._rolls = 2 if rules.two_player else 1
        game._phase = game._after_roll_phase()
        return game

    def _deal_deck(self, deck: Sequence[str] | None) -> None:
        counts = list(DECK_COMPOSITION)
        top: list[int] = []
        if deck is not None:
            for name in deck:
                card = DEV_CARD_INDEX.get(name)
                if card is None:
                    raise InvalidInput(f"Neznámá akční karta {name!r}.")
                if counts[card] == 0:
                    raise InvalidInput(f"V balíčku je jen {DECK_COMPOSITION[card]}× {name}.")
                counts[card] -= 1
                top.append(card)
        rest = [card for card in range(5) for _ in range(counts[card])]
        self._rng.shuffle(rest)
        # The top of the deck is the end of the list.
        self._deck = rest + top[::-1]
        self._deck_explicit = deck is not None

    def _start_play(self) -> None:
        self._phase = "roll"
        self._current = 0
        self._turn = 1
        self._setup_step = len(self._setup_order)
        self._setup_node = -1
        self._rolls = 0

    def reseed(self, seed: int | str) -> None:
        """Let ``seed`` alone decide the chance results from here on (dice, a stolen
        card, the cards drawn in a forced trade); the position does not change. A host
        that keeps games as an action log reseeds by the log's length before each action,
        so the next chance result is the same whether the game was replayed or kept."""
        self._rng = random.Random(seed)

    def copy(self) -> Game:
        """An independent copy (lists copied, random generator state included)."""
        g = object.__new__(Game)
        g.board = self.board
        g.rules = self.rules
        g.history = list(self.history)
        g._colors = self._colors
        g._seat = self._seat
        g._n = self._n
        g._rng = random.Random()
        g._rng.setstate(self._rng.getstate())
        g._acts = self._acts
        g._node_owner = list(self._node_owner)
        g._node_level = list(self._node_level)
        g._blocked = list(self._blocked)
        g._path_owner = list(self._path_owner)
        g._roads = [list(x) for x in self._roads]
        g._settlements = [list(x) for x in self._settlements]
        g._cities = [list(x) for x in self._cities]
        g._hands = [list(x) for x in self._hands]
        g._bank = list(self._bank)
        g._dev = [list(x) for x in self._dev]
        g._dev_new = [list(x) for x in self._dev_new]
        g._played = [list(x) for x in self._played]
        g._deck = list(self._deck)
        g._deck_explicit = self._deck_explicit
        g._robber = self._robber
        g._phase = self._phase
        g._current = self._current
        g._turn = self._turn
        g._winner = self._winner
        g._dev_played = self._dev_played
        g._discard = list(self._discard)
        g._harbors = list(self._harbors)
        g._fresh = list(self._fresh)
        g._road_len = list(self._road_len)
        g._lr = self._lr
        g._la = self._la
        g._setup_order = self._setup_order
        g._setup_step = self._setup_step
        g._setup_node = self._setup_node
        g._seats = self._seats
        g._owners = self._owners
        g._two = self._two
        g._resume = self._resume
        g._offer = self._offer          # immutable tuple
        g._neutral_owed = self._neutral_owed
        g._tc = list(self._tc)
        g._tc_used = self._tc_used
        g._knight_retired = self._knight_retired
        g._removed_knights = self._removed_knights
        g._rolls = self._rolls
        g._first_total = self._first_total
        return g

    # -- input parsing (readable ids -> small ints) ------------------------------------

    def _player(self, color: object) -> int:
        return _known(self._seat, color, "Ve hře není hráč {!r}.")

    def _owner(self, color: object) -> int:
        """A player's or (Katan pro dva) a neutral colour's seat."""
        return _known(self._owners, color, "Ve hře není barva {!r}.")

    def _neutral(self, color: object) -> int:
        s = self._owner(color)
        if s < self._n:
            raise RuleViolation("not_a_neutral",
                                f"{COLOR_CZ.get(color, color).capitalize()} není neutrální "
                                "hráč.", "katan-pro-dva")
        return s

    @staticmethod
    def _node(node_id: object) -> int:
        return _known(INTERSECTION_INDEX, node_id, "Neznámá křižovatka {!r}.")

    @staticmethod
    def _path(path_id: object) -> int:
        return _known(PATH_INDEX, path_id, "Neznámá cesta {!r}.")

    @staticmethod
    def _hex(hex_id: object) -> int:
        return _known(HEX_INDEX, hex_id, "Neznámé pole {!r}.")

    @staticmethod
    def _resource(name: object) -> int:
        return _known(RESOURCE_INDEX, name,
                      "Neznámá surovina {!r} (možnosti: " + ", ".join(RESOURCES) + ").")

    @staticmethod
    def _card(name: object) -> int:
        return _known(DEV_CARD_INDEX, name, "Neznámá akční karta {!r}.")

    @classmethod
    def _cards(cls, cards: object, allow_empty: bool = True) -> list[int]:
        if not isinstance(cards, dict):
            raise InvalidInput("Karty se zadávají jako slovník surovina → počet.")
        counts = [0] * 5
        for name, n in cards.items():
            r = cls._resource(name)
            if not isinstance(n, int) or isinstance(n, bool) or n < 0:
                raise InvalidInput(f"Počet karet {name} musí být celé nezáporné číslo.")
            counts[r] += n
        return counts

    def _resource_dict(self, counts: Sequence[int]) -> dict[str, int]:
        return {RESOURCES[r]: n for r, n in enumerate(counts) if n}

    # -- small queries the rules use ---------------------------------------------------

    def _acting(self) -> int:
        phase = self._phase
        if phase == "discard":
            n, c, owed = self._n, self._current, self._discard
            for k in range(n):
                p = (c + k) % n
                if owed[p]:
                    return p
        elif phase == "setup":
            return self._setup_order[self._setup_step]
        elif phase == "offer":
            return self._offer.to[0]  # type: ignore[union-attr]
        return self._current

    def _after_roll_phase(self) -> str:
        if self._two and self._rolls < 2:
            return "roll"  # Katan pro dva: the second roll comes next
        return "main" if self.rules.combined_trade_build else "trade"

    def _touches_hex(self, p: int, h: int) -> bool:
        owner = self._node_owner
        return any(owner[node] == p for node in HEX_CORNERS[h])

    def _victims(self, p: int, h: int) -> list[int]:
        """Opponents with a building on hex h who hold at least one resource card."""
        owner, hands, n = self._node_owner, self._hands, self._n
        out = []
        for node in HEX_CORNERS[h]:
            o = owner[node]
            if 0 <= o < n and o != p and o not in out and any(hands[o]):
                out.append(o)
        out.sort()
        return out

    def _rate(self, p: int, r: int, ignore_fresh: bool = False) -> int:
        mask = self._harbors[p]
        if not ignore_fresh and not self.rules.combined_trade_build:
            mask &= ~self._fresh[p]
        if mask >> r & 1:
            return 2
        if mask >> GENERIC & 1:
            return 3
        return 4

    def _points_total(self, p: int) -> int:
        pts = len(self._settlements[p]) + 2 * len(self._cities[p])
        pts += self._dev[p][VICTORY_POINT] + self._dev_new[p][VICTORY_POINT]
        if self._lr == p:
            pts += 2
        if self._la == p:
            pts += 2
        return pts

    def _road_spots(self, p: int) -> set[int]:
        """Free paths where player p's next road would connect (Silnice)."""
        owner, path_owner = self._node_owner, self._path_owner
        spots: set[int] = set()
        for node in self._settlements[p]:
            for q in INTERSECTION_PATHS[node]:
                if path_owner[q] < 0:
                    spots.add(q)
        for node in self._cities[p]:
            for q in INTERSECTION_PATHS[node]:
                if path_owner[q] < 0:
                    spots.add(q)
        for path in self._roads[p]:
            for node in PATH_ENDS[path]:
                o = owner[node]
                if o < 0 or o == p:
                    for q in INTERSECTION_PATHS[node]:
                        if path_owner[q] < 0:
                            spots.add(q)
        return spots

    def _settlement_spots(self, p: int) -> set[int]:
        """Free intersections at one's own roads that keep the distance rule."""
        blocked = self._blocked
        spots: set[int] = set()
        for path in self._roads[p]:
            a, b = PATH_ENDS[path]
            if not blocked[a]:
                spots.add(a)
            if not blocked[b]:
                spots.add(b)
        return spots

    # -- changing the position (no checks here) ----------------------------------------

    def _put_settlement(self, p: int, node: int, fresh: bool) -> None:
        self._node_owner[node] = p
        self._node_level[node] = 1
        self._settlements[p].append(node)
        blocked = self._blocked
        blocked[node] = True
        for other in INTERSECTION_NEIGHBORS[node]:
            blocked[other] = True
        kind = self.board.node_harbor[node]
        if kind >= 0:
            bit = 1 << kind
            if not self._harbors[p] & bit:
                self._harbors[p] |= bit
                if fresh:
                    self._fresh[p] |= bit

    def _put_city(self, p: int, node: int) -> None:
        self._node_level[node] = 2
        self._settlements[p].remove(node)
        self._cities[p].append(node)

    def _put_road(self, p: int, path: int) -> None:
        self._path_owner[path] = p
        self._roads[p].append(path)

    def _pay(self, p: int, cost: Sequence[int]) -> None:
        hand, bank = self._hands[p], self._bank
        for r in range(5):
            n = cost[r]
            if n:
                hand[r] -= n
                bank[r] += n

    def _update_longest_road(self, players: Iterable[int], events: list) -> None:
        """Recompute the players' longest roads and move the Longest Road card if due."""
        lengths = self._road_len
        holder = self._lr
        before = lengths[holder] if holder >= 0 else 0
        for q in players:
            lengths[q] = longest_road_length(self._roads[q], q, self._node_owner)
        best = max(lengths)
        leaders = [q for q in range(self._seats) if lengths[q] == best]
        if holder >= 0 and lengths[holder] >= before:
            # Not broken: another player takes the card only with a strictly longer road.
            if best > lengths[holder]:
                if len(leaders) == 1:
                    self._move_longest_road(leaders[0], "longer", events)
                else:
                    self._move_longest_road(-1, "tie", events)
            return
        if holder >= 0:
            # The holder's road was broken by an opponent's building.
            if best < LONGEST_ROAD_MIN:
                self._move_longest_road(-1, "broken", events)
            elif len(leaders) == 1:
                if leaders[0] != holder:
                    self._move_longest_road(leaders[0], "broken", events)
            elif not (self.rules.longest_road_tie == "holder_keeps" and holder in leaders):
                self._move_longest_road(-1, "tie", events)
            return
        if best >= LONGEST_ROAD_MIN and len(leaders) == 1:
            self._move_longest_road(leaders[0], "longer", events)

    def _move_longest_road(self, to: int, reason: str, events: list) -> None:
        old = self._lr
        self._lr = to
        length = self._road_len[to] if to >= 0 else max(self._road_len)
        if old < 0 and to >= 0 and reason == "longer":
            reason = "first"
        events.append(E.SpecialCardMoved(
            "longest_road", self._colors[old] if old >= 0 else None,
            self._colors[to] if to >= 0 else None, reason, length))

    def _update_largest_army(self, p: int, events: list) -> None:
        knights = self._played[p][KNIGHT]
        holder = self._la
        if knights < LARGEST_ARMY_MIN or holder == p:
            return
        if holder >= 0 and knights <= self._played[holder][KNIGHT]:
            return
        if holder < 0 and any(self._played[q][KNIGHT] >= knights for q in range(self._n)
                              if q != p):
            return  # set aside after a tie (Katan pro dva): only strictly more takes it
        self._la = p
        events.append(E.SpecialCardMoved(
            "largest_army", self._colors[holder] if holder >= 0 else None, self._colors[p],
            "first" if holder < 0 else "more_knights", knights))

    def _after_settlement(self, p: int, node: int, events: list) -> None:
        """An opponent's road through this intersection is broken now."""
        path_owner = self._path_owner
        count: dict[int, int] = {}
        for path in INTERSECTION_PATHS[node]:
            o = path_owner[path]
            if o >= 0 and o != p:
                count[o] = count.get(o, 0) + 1
        broken = [o for o, k in count.items() if k >= 2]
        if broken:
            self._update_longest_road(broken, events)

    def _check_win(self, events: list) -> None:
        """Only the player whose turn it is wins, on reaching the goal (Konec hry)."""
        p = self._current
        points = self._points_total(p)
        if points >= self.rules.victory_points_to_win:
            self._winner = p
            self._phase = "over"
            hidden = self._dev[p][VICTORY_POINT] + self._dev_new[p][VICTORY_POINT]
            events.append(E.GameWon(self._colors[p], points, hidden))

    def _move_robber_and_steal(self, p: int, h: int, victim: int, card: int,
                               events: list) -> int:
        old = self._robber
        self._robber = h
        color = self._colors[p]
        events.append(E.RobberMoved(color, HEX_IDS[old], HEX_IDS[h]))
        if victim < 0:
            events.append(E.NothingStolen(color, HEX_IDS[h]))
            return -1
        hand = self._hands[victim]
        if card < 0:
            k = int(self._rng.random() * sum(hand))
            card = 0
            while k >= hand[card]:
                k -= hand[card]
                card += 1
        hand[card] -= 1
        self._hands[p][card] += 1
        events.append(E.Stolen(color, self._colors[victim], RESOURCES[card]))
        return card

    # -- apply -------------------------------------------------------------------------

    def apply(self, action: A.Action) -> list[E.Event]:
        """Carry out an action; raises RuleViolation or InvalidInput and then changes
        nothing."""
        handler = _HANDLERS.get(action.__class__)
        if handler is None:
            raise InvalidInput(f"Neznámá akce {action!r}.")
        p = _lookup(self._seat, action.player)
        if p is None:
            raise InvalidInput(f"Ve hře není hráč {action.player!r}.")
        if self._winner >= 0:
            R.game_not_over(self)
        return handler(self, p, action)

    def check(self, action: A.Action) -> None:
        """Raise what apply() would raise, without changing anything."""
        self.copy().apply(action)

    def _do_place_settlement(self, p: int, a: A.PlaceSettlement) -> list:
        node = self._node(a.node)
        R.players_turn(self, p)
        R.phase_is(self, ("setup",))
        if self._setup_node >= 0:
            raise RuleViolation("setup_road_expected",
                                "K právě postavené vesnici se nejdřív připojí silnice.",
                                "faze-zakladani")
        R.intersection_free(self, node)
        R.distance_rule(self, node)
        self._put_settlement(p, node, fresh=False)
        self._setup_node = node
        color = self._colors[p]
        events: list = [E.Built(color, "settlement", INTERSECTION_IDS[node])]
        self._after_settlement(p, node, events)
        if self._two:
            self._settlement_trade_cards(p, node, events)
        if self._setup_step >= self._n:
            # The second settlement yields the first resources, one per adjacent hex.
            gains = [0] * 5
            for h in INTERSECTION_HEXES[node]:
                r = self.board.hex_resource[h]
                if r >= 0 and self._bank[r] > 0:
                    gains[r] += 1
                    self._bank[r] -= 1
                    self._hands[p][r] += 1
            events.append(E.Produced({color: self._resource_dict(gains)}, [], []))
        self.history.append(a)
        return events

    def _do_place_road(self, p: int, a: A.PlaceRoad) -> list:
        path = self._path(a.path)
        R.players_turn(self, p)
        R.phase_is(self, ("setup",))
        if self._setup_node < 0:
            raise RuleViolation("setup_settlement_expected",
                                "Ve fázi zakládání se staví nejdřív vesnice, pak k ní silnice.",
                                "faze-zakladani")
        R.path_free(self, path)
        R.setup_road_touches_new_settlement(self, path)
        self._put_road(p, path)
        events: list = [E.Built(self._colors[p], "road", PATH_IDS[path])]
        self._update_longest_road((p,), events)
        self._setup_step += 1
        self._setup_node = -1
        if self._setup_step == len(self._setup_order):
            self._start_play()
            events.append(E.PhaseChanged(self._colors[0], "roll"))
            events.append(E.TurnStarted(self._colors[0], 1))
        else:
            self._current = self._setup_order[self._setup_step]
        self.history.append(a)
        return events

    def _do_roll(self, p: int, a: A.RollDice) -> list:
        dice = a.dice
        if dice is not None:
            if (not isinstance(dice, tuple | list) or len(dice) != 2
                    or not all(isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 6
                               for d in dice)):
                raise InvalidInput("Kostky: dvě celá čísla 1–6.")
        R.players_turn(self, p)
        R.phase_is(self, ("roll",))
        again = self._two and self._rolls == 1
        if dice is None:
            rnd = self._rng.random
            dice = (int(rnd() * 6) + 1, int(rnd() * 6) + 1)
            while again and dice[0] + dice[1] == self._first_total:
                dice = (int(rnd() * 6) + 1, int(rnd() * 6) + 1)
            self.history.append(A.RollDice(a.player, dice))
        else:
            dice = (dice[0], dice[1])
            if again and dice[0] + dice[1] == self._first_total:
                R.second_roll_differs(self._first_total)
            self.history.append(a)
        total = dice[0] + dice[1]
        self._rolls += 1
        if self._rolls == 1:
            self._first_total = total
        color = self._colors[p]
        events: list = [E.DiceRolled(color, dice, total)]
        if total == 7:
            owed = self._discard
            required = {}
            for q in range(self._n):
                size = sum(self._hands[q])
                if size > 7:
                    owed[q] = size // 2
                    required[self._colors[q]] = size // 2
            if required:
                self._phase = "discard"
                events.append(E.DiscardRequired(required))
            else:
                self._phase = "robber"
            events.append(E.PhaseChanged(color, self._phase))
            return events
        events.append(self._produce(total))
        self._phase = self._after_roll_phase()
        return events

    def _produce(self, total: int) -> E.Produced:
        """Suroviny – výnosy: 1 card per settlement, 2 per city; the robber's hex yields
        nothing; a resource the bank cannot pay to everyone goes to nobody."""
        n = self._n
        demand = [[0] * 5 for _ in range(n)]
        need = [0] * 5
        owner, level = self._node_owner, self._node_level
        resources = self.board.hex_resource
        blocked = []
        for h in self.board.number_hexes[total]:
            r = resources[h]
            if h == self._robber:
                lost: dict[str, int] = {}
                for node in HEX_CORNERS[h]:
                    o = owner[node]
                    if 0 <= o < n:
                        lost[self._colors[o]] = lost.get(self._colors[o], 0) + level[node]
                blocked.append({"hex": HEX_IDS[h], "resource": RESOURCES[r], "players": lost})
                continue
            for node in HEX_CORNERS[h]:
                o = owner[node]
                if 0 <= o < n:  # neutrals never produce (Katan pro dva)
                    k = level[node]
                    demand[o][r] += k
                    need[r] += k
        bank = self._bank
        shortage = [r for r in range(5) if need[r] > bank[r]]
        gains: dict[str, dict[str, int]] = {}
        for q in range(n):
            row = demand[q]
            got = None
            for r in range(5):
                k = row[r]
                if k and r not in shortage:
                    self._hands[q][r] += k
                    bank[r] -= k
                    if got is None:
                        got = gains[self._colors[q]] = {}
                    got[RESOURCES[r]] = k
        return E.Produced(gains, blocked, [RESOURCES[r] for r in shortage if need[r]])

    def _do_discard(self, p: int, a: A.Discard) -> list:
        cards = self._cards(a.cards)
        R.phase_is(self, ("discard",))
        R.players_turn(self, p)
        R.discard_half(self, p, cards)
        self._pay(p, cards)
        self._discard[p] = 0
        color = self._colors[p]
        events: list = [E.Discarded(color, self._resource_dict(cards))]
        if not any(self._discard):
            self._phase = "robber"
            events.append(E.PhaseChanged(self._colors[self._current], "robber"))
        self.history.append(a)
        return events

    def _robber_args(self, a: A.MoveRobber | A.PlayKnight) -> tuple[int, int, int]:
        h = self._hex(a.hex)
        victim = -1 if a.victim is None else self._player(a.victim)
        card = -1
        if a.card is not None:
            if victim < 0:
                raise InvalidInput("Ukradenou kartu lze zadat jen s okradeným hráčem.")
            card = self._resource(a.card)
        return h, victim, card

    def _check_stolen_card(self, victim: int, card: int) -> None:
        if card >= 0 and self._hands[victim][card] == 0:
            raise RuleViolation("card_not_in_hand", "Okradený hráč tuto surovinu nemá.",
                                "zlodej")

    def _do_move_robber(self, p: int, a: A.MoveRobber) -> list:
        h, victim, card = self._robber_args(a)
        R.players_turn(self, p)
        R.phase_is(self, ("robber",))
        R.robber_moves_away(self, h)
        R.robber_victim(self, p, h, victim, "sedmicka-padla-nastupuje-zlodej", True)
        self._check_stolen_card(victim, card)
        events: list = []
        card = self._move_robber_and_steal(p, h, victim, card, events)
        self._phase = self._after_roll_phase()
        events.append(E.PhaseChanged(self._colors[p], self._phase))
        self.history.append(a if a.card is not None or victim < 0 else
                            A.MoveRobber(a.player, a.hex, a.victim, RESOURCES[card]))
        return events

    def _card_checks(self, p: int, card: int) -> None:
        R.players_turn(self, p)
        R.phase_is(self, CARD_PHASES)
        R.one_card_per_turn(self)
        R.card_playable(self, p, card)

    def _play(self, p: int, card: int) -> list:
        self._dev[p][card] -= 1
        self._played[p][card] += 1
        self._dev_played = True
        return [E.CardPlayed(self._colors[p], DEV_CARDS[card])]

    def _do_knight(self, p: int, a: A.PlayKnight) -> list:
        h, victim, card = self._robber_args(a)
        self._card_checks(p, KNIGHT)
        R.robber_moves_away(self, h)
        R.robber_victim(self, p, h, victim, "rytir", False)
        self._check_stolen_card(victim, card)
        events = self._play(p, KNIGHT)
        card = self._move_robber_and_steal(p, h, victim, card, events)
        self._update_largest_army(p, events)
        self._check_win(events)
        self.history.append(a if a.card is not None or victim < 0 else
                            A.PlayKnight(a.player, a.hex, a.victim, RESOURCES[card]))
        return events

    def _do_road_building(self, p: int, a: A.PlayRoadBuilding) -> list:
        if not isinstance(a.paths, tuple | list) or not 1 <= len(a.paths) <= 2:
            raise InvalidInput("Stavba silnic: zadejte 1 nebo 2 cesty.")
        paths = [self._path(x) for x in a.paths]
        self._card_checks(p, ROAD_BUILDING)
        placed: list[int] = []
        try:
            for path in paths:
                R.piece_available(self, p, "road")
                R.path_free(self, path)
                R.road_connects(self, p, path)
                self._put_road(p, path)
                placed.append(path)
            if len(paths) == 1 and len(self._roads[p]) < MAX_ROADS and self._road_spots(p):
                raise RuleViolation("road_building_two_roads",
                                    "Stavba silnic staví 2 silnice; jen 1, když druhá nejde "
                                    "postavit.", "pokrok")
        except RuleViolation:
            for path in placed:
                self._path_owner[path] = -1
                self._roads[p].remove(path)
            raise
        events = self._play(p, ROAD_BUILDING)
        color = self._colors[p]
        for path in paths:
            events.append(E.Built(color, "road", PATH_IDS[path]))
        self._update_longest_road((p,), events)
        self._check_win(events)
        if self._two:
            self._owe_neutral_builds(p, len(paths), events)
        self.history.append(a)
        return events

    def _do_year_of_plenty(self, p: int, a: A.PlayYearOfPlenty) -> list:
        if not isinstance(a.resources, tuple | list) or len(a.resources) != 2:
            raise InvalidInput("Vynález: zadejte 2 suroviny.")
        wanted = [0] * 5
        for name in a.resources:
            wanted[self._resource(name)] += 1
        self._card_checks(p, YEAR_OF_PLENTY)
        R.bank_can_pay(self, wanted)
        events = self._play(p, YEAR_OF_PLENTY)
        for r in range(5):
            self._hands[p][r] += wanted[r]
            self._bank[r] -= wanted[r]
        events.append(E.YearOfPlenty(self._colors[p], (a.resources[0], a.resources[1])))
        self.history.append(a)
        return events

    def _do_monopoly(self, p: int, a: A.PlayMonopoly) -> list:
        r = self._resource(a.resource)
        self._card_checks(p, MONOPOLY)
        events = self._play(p, MONOPOLY)
        taken = {}
        for q in range(self._n):
            if q != p and self._hands[q][r]:
                k = self._hands[q][r]
                self._hands[q][r] = 0
                self._hands[p][r] += k
                taken[self._colors[q]] = k
        events.append(E.MonopolyTaken(self._colors[p], RESOURCES[r], taken))
        self.history.append(a)
        return events

    def _do_build_road(self, p: int, a: A.BuildRoad) -> list:
        path = self._path(a.path)
        R.players_turn(self, p)
        R.phase_is(self, BUILD_PHASES)
        R.path_free(self, path)
        R.road_connects(self, p, path)
        R.piece_available(self, p, "road")
        R.can_afford(self, p, ROAD_COST, "road")
        self._pay(p, ROAD_COST)
        self._put_road(p, path)
        events: list = [E.Built(self._colors[p], "road", PATH_IDS[path])]
        self._update_longest_road((p,), events)
        self._check_win(events)
        if self._two:
            self._owe_neutral_builds(p, 1, events)
        self.history.append(a)
        return events

    def _do_build_settlement(self, p: int, a: A.BuildSettlement) -> list:
        node = self._node(a.node)
        R.players_turn(self, p)
        R.phase_is(self, BUILD_PHASES)
        R.intersection_free(self, node)
        R.distance_rule(self, node)
        R.settlement_touches_own_road(self, p, node)
        R.piece_available(self, p, "settlement")
        R.can_afford(self, p, SETTLEMENT_COST, "settlement")
        self._pay(p, SETTLEMENT_COST)
        self._put_settlement(p, node, fresh=True)
        events: list = [E.Built(self._colors[p], "settlement", INTERSECTION_IDS[node])]
        self._after_settlement(p, node, events)
        if self._two:
            self._settlement_trade_cards(p, node, events)
        self._check_win(events)
        if self._two:
            self._owe_neutral_builds(p, 1, events)
        self.history.append(a)
        return events

    def _do_build_city(self, p: int, a: A.BuildCity) -> list:
        node = self._node(a.node)
        R.players_turn(self, p)
        R.phase_is(self, BUILD_PHASES)
        R.city_replaces_own_settlement(self, p, node)
        R.piece_available(self, p, "city")
        R.can_afford(self, p, CITY_COST, "city")
        self._pay(p, CITY_COST)
        self._put_city(p, node)
        events: list = [E.Built(self._colors[p], "city", INTERSECTION_IDS[node])]
        self._check_win(events)
        self.history.append(a)
        return events

    def _do_buy(self, p: int, a: A.BuyDevelopmentCard) -> list:
        wanted = -1 if a.card is None else self._card(a.card)
        R.players_turn(self, p)
        R.phase_is(self, BUILD_PHASES)
        R.deck_not_empty(self)
        R.can_afford(self, p, DEV_CARD_COST, "development_card")
        deck = self._deck
        if wanted >= 0:
            if self._deck_explicit and deck[-1] != wanted:
                raise RuleViolation("card_not_on_top",
                                    f"Navrchu balíčku není karta {DEV_CARD_CZ[a.card]}.",
                                    "akcni-karty")
            if wanted not in deck:
                raise RuleViolation("card_not_in_deck",
                                    f"V balíčku už není karta {DEV_CARD_CZ[a.card]}.",
                                    "akcni-karty")
        self._pay(p, DEV_CARD_COST)
        if wanted < 0 or deck[-1] == wanted:
            card = deck.pop()
        else:
            # A scripted draw without an explicit deck: take that card out of the deck.
            i = len(deck) - 1 - deck[::-1].index(wanted)
            card = deck.pop(i)
        self._dev_new[p][card] += 1
        events: list = [E.CardBought(self._colors[p], DEV_CARDS[card])]
        self._check_win(events)
        self.history.append(a if wanted >= 0 else A.BuyDevelopmentCard(a.player, DEV_CARDS[card]))
        return events

    def _do_trade_bank(self, p: int, a: A.TradeBank) -> list:
        give, get = self._resource(a.give), self._resource(a.get)
        count = a.count
        if not isinstance(count, int) or isinstance(count, bool) or count < 1:
            raise InvalidInput("Počet karet při obchodu se zámořím musí být kladné celé číslo.")
        R.players_turn(self, p)
        R.phase_is(self, TRADE_PHASES)
        R.maritime_rate(self, p, give, get, count)
        wanted = [0] * 5
        wanted[get] = count
        R.bank_can_pay(self, wanted)
        rate = self._rate(p, give)
        hand, bank = self._hands[p], self._bank
        hand[give] -= rate * count
        bank[give] += rate * count
        hand[get] += count
        bank[get] -= count
        self.history.append(a)
        return [E.BankTraded(self._colors[p], a.give, a.get, rate, count)]

    def _do_trade_players(self, p: int, a: A.TradePlayers) -> list:
        """An agreed trade applied at once (recorded games); live play offers first."""
        q = self._player(a.partner)
        give, get = self._cards(a.give), self._cards(a.get)
        self._check_offer(p, q, give, get)
        R.holds_cards(self, q, get, "Spoluhráč")
        self._swap_cards(p, q, give, get)
        self.history.append(a)
        return [E.Traded(self._colors[p], self._colors[q], self._resource_dict(give),
                         self._resource_dict(get))]

    def _check_offer(self, p: int, q: int, give: list[int], get: list[int]) -> None:
        """What an offer by the player on turn must satisfy (Obchod vnitřní)."""
        R.trade_only_with_active_player(self, p)
        R.players_turn(self, p)
        R.phase_is(self, TRADE_PHASES)
        if q == p:
            raise RuleViolation("trade_with_self", "Obchodovat lze jen s jiným hráčem.",
                                "obchod-vnitrni")
        R.no_gifts(give, get)
        R.not_same_resource_both_ways(give, get)
        R.holds_cards(self, p, give, "Hráč na tahu")

    def _swap_cards(self, p: int, q: int, give: Sequence[int], get: Sequence[int]) -> None:
        mine, theirs = self._hands[p], self._hands[q]
        for r in range(5):
            mine[r] += get[r] - give[r]
            theirs[r] += give[r] - get[r]

    # -- domestic trade with consent: offer, then accept / decline / counter-offer ------

    def _interrupt(self, phase: str) -> None:
        if self._phase not in INTERRUPTIONS:
            self._resume = self._phase
        self._phase = phase

    def _end_interruption(self) -> None:
        self._phase = self._resume
        self._resume = ""

    def _do_offer(self, p: int, a: A.OfferTrade) -> list:
        q = -1 if a.partner is None else self._player(a.partner)
        give, get = self._cards(a.give), self._cards(a.get)
        # The partner's hand is not checked here: it is hidden; accepting checks it.
        self._check_offer(p, q, give, get)
        n = self._n
        to = (q,) if q >= 0 else tuple((p + k) % n for k in range(1, n))
        self._offer = _Offer(p, tuple(give), tuple(get), to, False)
        self._interrupt("offer")
        self.history.append(a)
        return [E.TradeOffered(self._colors[p], [self._colors[x] for x in to],
                               self._resource_dict(give), self._resource_dict(get), False)]

    def _pending_offer(self, p: int) -> _Offer:
        R.offer_pending(self)
        R.players_turn(self, p)
        return self._offer  # type: ignore[return-value]

    def _do_accept(self, p: int, a: A.AcceptTrade) -> list:
        offer = self._pending_offer(p)
        R.holds_cards(self, p, list(offer.get), "Spoluhráč" if offer.offerer == self._current
                      else "Hráč na tahu")
        self._swap_cards(offer.offerer, p, offer.give, offer.get)
        self._offer = None
        self._end_interruption()
        self.history.append(a)
        c = self._current
        partner = p if offer.offerer == c else offer.offerer
        give, get = (offer.give, offer.get) if offer.offerer == c else (offer.get, offer.give)
        return [E.Traded(self._colors[c], self._colors[partner], self._resource_dict(give),
                         self._resource_dict(get))]

    def _do_decline(self, p: int, a: A.DeclineTrade) -> list:
        offer = self._pending_offer(p)
        rest = offer.to[1:]
        if rest:
            self._offer = offer._replace(to=rest)
        else:
            self._offer = None
            self._end_interruption()
        self.history.append(a)
        return [E.TradeDeclined(self._colors[p], self._colors[offer.offerer])]

    def _do_counter(self, p: int, a: A.CounterOffer) -> list:
        give, get = self._cards(a.give), self._cards(a.get)
        offer = self._pending_offer(p)
        if offer.counter:
            raise RuleViolation("counter_to_counter",
                                "Na protinabídku se odpovídá jen přijetím nebo odmítnutím.",
                                "obchod-vnitrni")
        R.no_gifts(give, get)
        R.not_same_resource_both_ways(give, get)
        R.holds_cards(self, p, give, "Spoluhráč")
        c = self._current
        self._offer = _Offer(p, tuple(give), tuple(get), (c,), True)
        self.history.append(a)
        return [E.TradeOffered(self._colors[p], [self._colors[c]], self._resource_dict(give),
                               self._resource_dict(get), True)]

    def _do_end_trade(self, p: int, a: A.EndTrade) -> list:
        R.players_turn(self, p)
        R.phase_is(self, ("trade",))
        self._phase = "build"
        self.history.append(a)
        return [E.PhaseChanged(self._colors[p], "build")]

    def _do_end_turn(self, p: int, a: A.EndTurn) -> list:
        R.players_turn(self, p)
        R.phase_is(self, ("trade", "build", "main"))
        old, new = self._dev[p], self._dev_new[p]
        for card in range(5):
            if new[card]:
                old[card] += new[card]
                new[card] = 0
        self._fresh[p] = 0
        self._dev_played = False
        self._tc_used = self._knight_retired = False
        self._rolls = self._first_total = 0
        nxt = (p + 1) % self._n
        self._current = nxt
        self._turn += 1
        self._phase = "roll"
        events: list = [E.TurnEnded(self._colors[p]),
                        E.TurnStarted(self._colors[nxt], self._turn)]
        # A player who holds enough points when the turn comes to him wins in it.
        self._check_win(events)
        self.history.append(a)
        return events

    # -- Katan pro dva: neutral players and trade cards ---------------------------------

    def _settlement_trade_cards(self, p: int, node: int, events: list) -> None:
        """Zisk obchodních karet: one's own settlement next to the desert 2, on the coast 1,
        both 3 (the set-up included), never above 7."""
        hexes = INTERSECTION_HEXES[node]
        gain = 2 if any(self.board.hex_resource[h] < 0 for h in hexes) else 0
        if len(hexes) < 3:
            gain += 1
        if gain:
            self._gain_trade_cards(p, gain, "settlement", events)

    def _gain_trade_cards(self, p: int, gain: int, reason: str, events: list) -> None:
        pile = TRADE_CARDS - sum(self._tc)
        gain = min(gain, TRADE_CARDS_MAX - self._tc[p], pile)
        if gain > 0:
            self._tc[p] += gain
            events.append(E.TradeCardsChanged(self._colors[p], gain, self._tc[p], reason))

    def _neutral_settlement_spots(self, s: int) -> set[int]:
        if len(self._settlements[s]) >= MAX_SETTLEMENTS:
            return set()
        return self._settlement_spots(s)

    def _neutral_road_spots(self, s: int) -> set[int]:
        if len(self._roads[s]) >= MAX_ROADS:
            return set()
        return self._road_spots(s)

    def _neutral_settlement_possible(self) -> bool:
        return any(self._neutral_settlement_spots(s) for s in range(self._n, self._seats))

    def _neutral_build_possible(self) -> bool:
        return any(self._neutral_settlement_spots(s) or self._neutral_road_spots(s)
                   for s in range(self._n, self._seats))

    def _owe_neutral_builds(self, p: int, k: int, events: list) -> None:
        """Postup stavění pro neutrálního hráče: a road or a settlement of one's own brings
        a free settlement (or road) for a neutral of the builder's choice."""
        if self._phase == "over" or not self._neutral_build_possible():
            return
        self._neutral_owed += k
        if self._phase != "neutral":
            self._interrupt("neutral")
            events.append(E.PhaseChanged(self._colors[p], "neutral"))

    def _neutral_built(self, p: int, s: int, piece: str, place: str, events: list) -> None:
        events.append(E.NeutralBuilt(self._colors[p], self._colors[s], piece, place))
        self._neutral_owed -= 1
        self._check_win(events)  # a broken road may hand the Longest Road to the builder
        if self._phase == "over":
            self._neutral_owed = 0
        elif not self._neutral_owed or not self._neutral_build_possible():
            self._neutral_owed = 0
            self._end_interruption()
            events.append(E.PhaseChanged(self._colors[p], self._phase))

    def _do_neutral_settlement(self, p: int, a: A.BuildNeutralSettlement) -> list:
        node = self._node(a.node)
        R.players_turn(self, p)
        s = self._neutral(a.neutral)
        R.phase_is(self, ("neutral",))
        R.intersection_free(self, node)
        R.distance_rule(self, node)
        R.settlement_touches_own_road(self, s, node)
        R.piece_available(self, s, "settlement")
        self._put_settlement(s, node, fresh=False)
        events: list = []
        self._after_settlement(s, node, events)
        self._neutral_built(p, s, "settlement", INTERSECTION_IDS[node], events)
        self.history.append(a)
        return events

    def _do_neutral_road(self, p: int, a: A.BuildNeutralRoad) -> list:
        path = self._path(a.path)
        R.players_turn(self, p)
        s = self._neutral(a.neutral)
        R.phase_is(self, ("neutral",))
        if self._neutral_settlement_possible():
            raise RuleViolation("neutral_must_build_settlement",
                                "Neutrálnímu hráči se staví vesnice; silnice jen tehdy, když "
                                "žádnému neutrálnímu hráči vesnici postavit nelze.",
                                "katan-pro-dva")
        R.path_free(self, path)
        R.road_connects(self, s, path)
        R.piece_available(self, s, "road")
        self._put_road(s, path)
        events: list = []
        self._update_longest_road((s,), events)
        self._neutral_built(p, s, "road", PATH_IDS[path], events)
        self.history.append(a)
        return events

    def _visible_points(self, p: int) -> int:
        return self._points_total(p) - self._dev[p][VICTORY_POINT] - self._dev_new[p][VICTORY_POINT]

    def _trade_card_cost(self, p: int) -> int:
        """1 trade card when one's points (victory-point cards not counted) are at most the
        opponent's, else 2."""
        return 1 if self._visible_points(p) <= self._visible_points(1 - p) else 2

    def _trade_card_action(self, p: int) -> int:
        """Checks every trade-card action shares; returns its cost."""
        R.two_player_only(self)
        R.players_turn(self, p)
        R.phase_is(self, CARD_PHASES)
        R.one_trade_card_action(self)
        cost = self._trade_card_cost(p)
        R.enough_trade_cards(self, p, cost)
        return cost

    def _pay_trade_cards(self, p: int, cost: int, events: list) -> None:
        self._tc[p] -= cost
        self._tc_used = True
        events.append(E.TradeCardsChanged(self._colors[p], -cost, self._tc[p], "paid"))

    def _do_forced_trade(self, p: int, a: A.ForcedTrade) -> list:
        drawn = None
        if a.drawn is not None:
            if not isinstance(a.drawn, tuple | list) or not 1 <= len(a.drawn) <= 2:
                raise InvalidInput("Vytažené karty: 1 nebo 2 suroviny.")
            drawn = [self._resource(name) for name in a.drawn]
        cost = self._trade_card_action(p)
        q = 1 - p
        victim = self._hands[q]
        k = min(2, sum(victim))
        R.forced_trade_possible(self, p, k)
        if drawn is not None:
            R.drawn_cards_fit(victim, drawn, k)
        else:
            drawn = []
            left = list(victim)
            for _ in range(k):
                i = int(self._rng.random() * sum(left))
                r = 0
                while i >= left[r]:
                    i -= left[r]
                    r += 1
                left[r] -= 1
                drawn.append(r)
        events: list = []
        self._pay_trade_cards(p, cost, events)
        taken = [0] * 5
        for r in drawn:
            taken[r] += 1
        self._swap_cards(p, q, [0] * 5, taken)
        events.append(E.ForcedTradeDrawn(self._colors[p], self._colors[q],
                                         self._resource_dict(taken)))
        self._interrupt("give_back")
        events.append(E.PhaseChanged(self._colors[p], "give_back"))
        self.history.append(A.ForcedTrade(a.player, tuple(RESOURCES[r] for r in drawn)))
        return events

    def _do_give_back(self, p: int, a: A.GiveBack) -> list:
        cards = self._cards(a.cards)
        R.players_turn(self, p)
        R.phase_is(self, ("give_back",))
        R.give_back_two(self, p, cards)
        q = 1 - p
        self._swap_cards(p, q, cards, [0] * 5)
        self._end_interruption()
        self.history.append(a)
        return [E.GivenBack(self._colors[p], self._colors[q], self._resource_dict(cards)),
                E.PhaseChanged(self._colors[p], self._phase)]

    def _do_robber_to_desert(self, p: int, a: A.RobberToDesert) -> list:
        cost = self._trade_card_action(p)
        desert = self._desert()
        R.robber_not_in_desert(self, desert)
        events: list = []
        self._pay_trade_cards(p, cost, events)
        self._move_robber_and_steal(p, desert, -1, -1, events)
        self.history.append(a)
        return events

    def _desert(self) -> int:
        return HEX_INDEX[self.board.robber_start]

    def _do_retire_knight(self, p: int, a: A.RetireKnight) -> list:
        R.two_player_only(self)
        R.players_turn(self, p)
        R.phase_is(self, CARD_PHASES)
        R.knight_retirable(self, p)
        self._played[p][KNIGHT] -= 1
        self._removed_knights += 1
        self._knight_retired = True
        events: list = [E.KnightRetired(self._colors[p], self._played[p][KNIGHT])]
        self._gain_trade_cards(p, 2, "knight_retired", events)
        self._recheck_largest_army(events)
        self.history.append(a)
        return events

    def _recheck_largest_army(self, events: list) -> None:
        """After knights leave the game: the holder loses the card below 3 knights or at a
        tie; then whoever has strictly the most, at least 3, takes it."""
        knights = [self._played[q][KNIGHT] for q in range(self._n)]
        holder = self._la
        if holder >= 0:
            mine = knights[holder]
            # Katan pro dva: a tie loses the card; in the base game only strictly more takes it.
            rivals = [k for q, k in enumerate(knights) if q != holder]
            if mine >= LARGEST_ARMY_MIN and all(k < mine if self._two else k <= mine
                                                for k in rivals):
                return
            self._la = -1
            events.append(E.SpecialCardMoved("largest_army", self._colors[holder], None,
                                              "knight_retired", mine))
        best = max(knights)
        if best >= LARGEST_ARMY_MIN and knights.count(best) == 1:
            q = knights.index(best)
            self._la = q
            events.append(E.SpecialCardMoved("largest_army", None, self._colors[q],
                                              "more_knights", best))

    # -- legal actions -----------------------------------------------------------------

    def legal_actions(self) -> list[A.Action]:
        """Everything the acting player may do now. Chance fields are left None. Domestic
        trades are listed only 1-for-1 and maritime trades only for one card; apply()
        accepts any legal trade."""
        phase = self._phase
        p = self._acting()
        acts = self._acts[p]
        if phase == "trade" or phase == "main":
            out = [acts.end_trade] if phase == "trade" else []
            out.append(acts.end_turn)
            self._trade_actions(p, acts, out)
            if phase == "main":
                self._build_actions(p, acts, out)
            if not self._dev_played:
                self._card_actions(p, acts, out)
            if self._two:
                self._trade_card_actions(p, acts, out)
            return out
        if phase == "build":
            out = [acts.end_turn]
            self._build_actions(p, acts, out)
            if not self._dev_played:
                self._card_actions(p, acts, out)
            if self._two:
                self._trade_card_actions(p, acts, out)
            return out
        if phase == "roll":
            out = [acts.roll]
            if not self._dev_played:
                self._card_actions(p, acts, out)
            if self._two:
                self._trade_card_actions(p, acts, out)
            return out
        if phase == "offer":
            return self._answers(p, acts)
        if phase == "neutral":
            return self._neutral_actions(acts)
        if phase == "give_back":
            cache = acts.give_back
            out = []
            for combo in _multisets(self._hands[p], 2):
                action = cache.get(combo)
                if action is None:
                    action = cache[combo] = A.GiveBack(acts.color, self._resource_dict(combo))
                out.append(action)
            return out
        if phase == "robber":
            return self._robber_actions(p, acts.robber)
        if phase == "discard":
            cache = acts.discard
            out = []
            for combo in _multisets(self._hands[p], self._discard[p]):
                action = cache.get(combo)
                if action is None:
                    action = cache[combo] = A.Discard(acts.color, self._resource_dict(combo))
                out.append(action)
            return out
        if phase == "setup":
            if self._setup_node < 0:
                blocked = self._blocked
                row = acts.place_settlement
                return [row[n] for n in range(NUM_INTERSECTIONS) if not blocked[n]]
            row = acts.place_road
            path_owner = self._path_owner
            return [row[q] for q in INTERSECTION_PATHS[self._setup_node] if path_owner[q] < 0]
        return []

    def _trade_actions(self, p: int, acts: _SeatActions, out: list) -> None:
        hand = self._hands[p]
        mine = _mask(hand)
        if not mine:
            return
        harbors = self._harbors[p]
        if not self.rules.combined_trade_build:
            harbors &= ~self._fresh[p]
        generic_rate = 3 if harbors >> GENERIC & 1 else 4
        giveable = 0
        for r in range(5):
            if hand[r] >= (2 if harbors >> r & 1 else generic_rate):
                giveable |= 1 << r
        if giveable:
            out.extend(acts.bank_trades(giveable, _mask(self._bank)))
        hands, colors = self._hands, self._colors
        for q in range(self._n):
            if q != p:
                theirs = _mask(hands[q])
                if theirs:
                    out.extend(acts.domestic_trades(colors[q], mine, theirs))

    def _answers(self, p: int, acts: _SeatActions) -> list:
        """The addressee's answers: accept (if he can pay), decline, 1-for-1 counter-offers."""
        offer = self._offer
        hand = self._hands[p]
        out: list = []
        if all(hand[r] >= offer.get[r] for r in range(5)):  # type: ignore[union-attr]
            out.append(acts.accept)
        out.append(acts.decline)
        if not offer.counter:  # type: ignore[union-attr]
            mine, theirs = _mask(hand), _mask(self._hands[self._current])
            table = acts.counter
            for g in range(5):
                if mine >> g & 1:
                    for t in range(5):
                        if t != g and theirs >> t & 1:
                            out.append(table[g][t])
        return out

    def _neutral_actions(self, acts: _SeatActions) -> list:
        out: list = []
        for s in range(self._n, self._seats):
            row = acts.neutral_settlement[self._colors[s]]
            out.extend(row[n] for n in sorted(self._neutral_settlement_spots(s)))
        if out:
            return out
        for s in range(self._n, self._seats):
            row = acts.neutral_road[self._colors[s]]
            out.extend(row[q] for q in sorted(self._neutral_road_spots(s)))
        return out

    def _trade_card_actions(self, p: int, acts: _SeatActions, out: list) -> None:
        if p != self._current:
            return
        if not self._knight_retired and self._played[p][KNIGHT] and \
                self._tc[p] < TRADE_CARDS_MAX and sum(self._tc) < TRADE_CARDS:
            out.append(acts.retire_knight)
        if self._tc_used or self._tc[p] < self._trade_card_cost(p):
            return
        k = min(2, sum(self._hands[1 - p]))
        if k and sum(self._hands[p]) + k >= 2:
            out.append(acts.forced_trade)
        if self._robber != self._desert():
            out.append(acts.robber_to_desert)

    def _build_actions(self, p: int, acts: _SeatActions, out: list) -> None:
        hand = self._hands[p]
        brick, lumber, wool, grain, ore = hand
        if brick and lumber:
            if len(self._roads[p]) < MAX_ROADS:
                row = acts.road
                for q in self._road_spots(p):
                    out.append(row[q])
            if wool and grain and len(self._settlements[p]) < MAX_SETTLEMENTS:
                row = acts.settlement
                for n in self._settlement_spots(p):
                    out.append(row[n])
        if grain >= 2 and ore >= 3 and len(self._cities[p]) < MAX_CITIES:
            row = acts.city
            for n in self._settlements[p]:
                out.append(row[n])
        if wool and grain and ore and self._deck:
            out.append(acts.buy)

    def _robber_actions(self, p: int, table: list[dict], optional: bool = False) -> list:
        out = []
        colors = self._colors
        for h in range(NUM_HEXES):
            if h == self._robber:
                continue
            row = table[h]
            victims = self._victims(p, h)
            if optional or not victims:
                out.append(row[None])
            for v in victims:
                out.append(row[colors[v]])
        return out

    def _card_actions(self, p: int, acts: _SeatActions, out: list) -> None:
        dev = self._dev[p]
        if not any(dev[:4]):
            return
        if dev[KNIGHT]:
            out.extend(self._robber_actions(p, acts.knight, optional=True))
        if dev[ROAD_BUILDING]:
            out.extend(self._road_building_actions(p, acts))
        if dev[YEAR_OF_PLENTY]:
            bank = self._bank
            for (a, b), action in acts.year_of_plenty.items():
                if bank[a] and bank[b] and (a != b or bank[a] >= 2):
                    out.append(action)
        if dev[MONOPOLY]:
            out.extend(acts.monopoly)

    def _road_building_actions(self, p: int, acts: _SeatActions) -> list:
        if len(self._roads[p]) >= MAX_ROADS:
            return []
        cache = acts.road_building
        pairs: set[tuple[int, ...]] = set()
        for first in self._road_spots(p):
            if len(self._roads[p]) + 1 >= MAX_ROADS:
                pairs.add((first,))
                continue
            self._put_road(p, first)
            seconds = self._road_spots(p)
            self._path_owner[first] = -1
            self._roads[p].pop()
            if not seconds:
                pairs.add((first,))
            for second in seconds:
                pairs.add((first, second))
        out = []
        for key in sorted(pairs):
            action = cache.get(key)
            if action is None:
                action = cache[key] = A.PlayRoadBuilding(acts.color,
                                                         tuple(PATH_IDS[q] for q in key))
            out.append(action)
        return out

    # -- read access (readable ids) ----------------------------------------------------

    @property
    def players(self) -> tuple[str, ...]:
        return self._colors[:self._n]

    @property
    def neutrals(self) -> tuple[str, ...]:
        """Katan pro dva: the two colours nobody chose (empty otherwise)."""
        return self._colors[self._n:]

    @property
    def resume_phase(self) -> str | None:
        """The phase an "offer", "neutral" or "give_back" phase returns to."""
        return self._resume if self._phase in INTERRUPTIONS else None

    @property
    def pending_offer(self) -> dict | None:
        """The domestic offer waiting for an answer: from, to (still to answer), give and
        get (from the side of "from"), counter."""
        offer = self._offer
        if offer is None:
            return None
        return {"from": self._colors[offer.offerer], "to": [self._colors[q] for q in offer.to],
                "give": self._resource_dict(offer.give), "get": self._resource_dict(offer.get),
                "counter": offer.counter}

    @property
    def neutral_builds_owed(self) -> int:
        return self._neutral_owed

    @property
    def rolls_this_turn(self) -> int:
        return self._rolls

    @property
    def first_roll_total(self) -> int | None:
        """Katan pro dva: the first roll's total once it is made in this turn."""
        return self._first_total if self._two and self._rolls == 1 else None

    def trade_cards(self, color: str) -> int:
        """Katan pro dva: the player's trade cards (0 in the base game)."""
        return self._tc[self._player(color)]

    @property
    def trade_card_pile(self) -> int:
        return TRADE_CARDS - sum(self._tc) if self._two else 0

    def trade_card_cost(self, color: str) -> int:
        """Katan pro dva: what one trade-card action costs the player now (1 or 2)."""
        R.two_player_only(self)
        return self._trade_card_cost(self._player(color))

    @property
    def current_player(self) -> str:
        return self._colors[self._current]

    @property
    def acting_player(self) -> str | None:
        return None if self._phase == "over" else self._colors[self._acting()]

    @property
    def phase(self) -> str:
        return self._phase

    @property
    def turn_number(self) -> int:
        return self._turn

    @property
    def winner(self) -> str | None:
        return self._colors[self._winner] if self._winner >= 0 else None

    def hand(self, color: str) -> dict[str, int]:
        return dict(zip(RESOURCES, self._hands[self._player(color)], strict=True))

    def hand_size(self, color: str) -> int:
        return sum(self._hands[self._player(color)])

    def dev_cards(self, color: str) -> list[tuple[str, bool]]:
        """Unplayed development cards (victory-point cards included): (card, bought this turn)."""
        p = self._player(color)
        out = []
        for card in range(5):
            out += [(DEV_CARDS[card], False)] * self._dev[p][card]
            out += [(DEV_CARDS[card], True)] * self._dev_new[p][card]
        return out

    def played_knights(self, color: str) -> int:
        return self._played[self._player(color)][KNIGHT]

    def played_cards(self, color: str) -> list[str]:
        p = self._player(color)
        return [DEV_CARDS[card] for card in range(5) for _ in range(self._played[p][card])]

    @property
    def buildings(self) -> dict[str, tuple[str, str]]:
        return {
            INTERSECTION_IDS[n]: (self._colors[o], "settlement" if self._node_level[n] == 1
                                  else "city")
            for n, o in enumerate(self._node_owner) if o >= 0
        }

    @property
    def roads(self) -> dict[str, str]:
        return {PATH_IDS[q]: self._colors[o] for q, o in enumerate(self._path_owner) if o >= 0}

    @property
    def robber(self) -> str:
        return HEX_IDS[self._robber]

    @property
    def bank(self) -> dict[str, int]:
        return dict(zip(RESOURCES, self._bank, strict=True))

    @property
    def deck_size(self) -> int:
        return len(self._deck)

    @property
    def longest_road_holder(self) -> str | None:
        return self._colors[self._lr] if self._lr >= 0 else None

    @property
    def largest_army_holder(self) -> str | None:
        return self._colors[self._la] if self._la >= 0 else None

    @property
    def discards_owed(self) -> dict[str, int]:
        """After a 7: who still has to give back how many cards."""
        return {self._colors[p]: k for p, k in enumerate(self._discard) if k}

    def road_length(self, color: str) -> int:
        return self._road_len[self._owner(color)]

    def longest_trail(self, color: str) -> list[str]:
        p = self._owner(color)
        return [PATH_IDS[q] for q in longest_trail(self._roads[p], p, self._node_owner)]

    def points(self, color: str, include_hidden: bool = True) -> dict[str, int]:
        p = self._player(color)
        d = {
            "settlements": len(self._settlements[p]),
            "cities": 2 * len(self._cities[p]),
            "longest_road": 2 if self._lr == p else 0,
            "largest_army": 2 if self._la == p else 0,
            "victory_cards": (self._dev[p][VICTORY_POINT] + self._dev_new[p][VICTORY_POINT]
                              if include_hidden or self._winner == p else 0),
        }
        d["total"] = sum(d.values())
        return d

    def harbors_of(self, color: str) -> set[str]:
        """Harbor kinds the player may use now (a harbor settled this turn serves from the
        next turn, unless trade and build are combined)."""
        p = self._player(color)
        mask = self._harbors[p]
        if not self.rules.combined_trade_build:
            mask &= ~self._fresh[p]
        return {HARBOR_KINDS[k] for k in range(6) if mask >> k & 1}

    def trade_rate(self, color: str, resource: str) -> int:
        return self._rate(self._player(color), self._resource(resource))

    def pieces_left(self, color: str) -> dict[str, int]:
        p = self._owner(color)
        return {"road": MAX_ROADS - len(self._roads[p]),
                "settlement": MAX_SETTLEMENTS - len(self._settlements[p]),
                "city": MAX_CITIES - len(self._cities[p])}

    def why_not_settlement(self, color: str, node: str) -> RuleViolation | None:
        """Why the player could not build a settlement there (resources ignored), or None."""
        p, n = self._player(color), self._node(node)
        try:
            R.intersection_free(self, n)
            R.distance_rule(self, n)
            if self._phase != "setup":
                R.settlement_touches_own_road(self, p, n)
                R.piece_available(self, p, "settlement")
        except RuleViolation as exc:
            return exc
        return None

    def why_not_road(self, color: str, path: str) -> RuleViolation | None:
        """Why the player could not build a road there (resources ignored), or None."""
        p, q = self._player(color), self._path(path)
        try:
            R.path_free(self, q)
            if self._phase == "setup" and self._setup_node >= 0:
                R.setup_road_touches_new_settlement(self, q)
            else:
                R.road_connects(self, p, q)
                R.piece_available(self, p, "road")
        except RuleViolation as exc:
            return exc
        return None

    def legal_settlement_spots(self, color: str) -> set[str]:
        p = self._player(color)
        if self._phase == "setup":
            return {INTERSECTION_IDS[n] for n in range(NUM_INTERSECTIONS) if not self._blocked[n]}
        if len(self._settlements[p]) >= MAX_SETTLEMENTS:
            return set()
        return {INTERSECTION_IDS[n] for n in self._settlement_spots(p)}

    def legal_road_spots(self, color: str) -> set[str]:
        p = self._player(color)
        if self._phase == "setup" and self._setup_node >= 0:
            return {PATH_IDS[q] for q in INTERSECTION_PATHS[self._setup_node]
                    if self._path_owner[q] < 0}
        if len(self._roads[p]) >= MAX_ROADS:
            return set()
        return {PATH_IDS[q] for q in self._road_spots(p)}

    def legal_city_spots(self, color: str) -> set[str]:
        p = self._player(color)
        if len(self._cities[p]) >= MAX_CITIES:
            return set()
        return {INTERSECTION_IDS[n] for n in self._settlements[p]}

    def __repr__(self) -> str:
        return (f"<Game {self._phase} turn={self._turn} current={self.current_player} "
                f"points={[self._points_total(p) for p in range(self._n)]}>")

    # -- sandbox set-up (bypasses costs and turn order, never the board's geometry) ----

    def place_settlement(self, color: str, node: str, city: bool = False) -> list[E.Event]:
        """Put a settlement (or a city) on the board for free; the distance rule holds.
        Katan pro dva: a neutral colour takes settlements only."""
        p, n = self._owner(color), self._node(node)
        if p >= self._n and city:
            raise InvalidInput("Neutrální hráč staví jen vesnice a silnice.")
        events: list = []
        if city and self._node_owner[n] == p and self._node_level[n] == 1:
            R.piece_available(self, p, "city")
            self._put_city(p, n)
            return events
        R.intersection_free(self, n)
        R.distance_rule(self, n)
        R.piece_available(self, p, "city" if city else "settlement")
        self._put_settlement(p, n, fresh=False)
        if city:
            self._put_city(p, n)
        self._after_settlement(p, n, events)
        return events

    def place_road(self, color: str, path: str) -> list[E.Event]:
        """Put a road on the board for free (it need not connect)."""
        p, q = self._owner(color), self._path(path)
        R.path_free(self, q)
        R.piece_available(self, p, "road")
        self._put_road(p, q)
        events: list = []
        self._update_longest_road((p,), events)
        return events

    def set_hand(self, color: str, cards: dict[str, int]) -> None:
        """Replace a hand; the cards come from (or go back to) the bank."""
        p = self._player(color)
        counts = self._cards(cards)
        for r in range(5):
            if self._bank[r] + self._hands[p][r] < counts[r]:
                raise InvalidInput(f"V banku není dost karet suroviny {RESOURCES[r]}.")
        for r in range(5):
            self._bank[r] += self._hands[p][r] - counts[r]
            self._hands[p][r] = counts[r]

    def set_robber(self, hex_id: str) -> None:
        self._robber = self._hex(hex_id)

    def set_dev_cards(self, color: str, cards: Iterable[str]) -> None:
        """Replace the player's unplayed development cards (they come from the deck)."""
        p = self._player(color)
        wanted = [0] * 5
        for name in cards:
            wanted[self._card(name)] += 1
        for card in range(5):
            self._deck[:0] = [card] * (self._dev[p][card] + self._dev_new[p][card])
            self._dev[p][card] = self._dev_new[p][card] = 0
        for card in range(5):
            self._take_from_deck(card, wanted[card])
            self._dev[p][card] = wanted[card]

    def set_played_knights(self, color: str, n: int) -> list[E.Event]:
        """Set how many knights the player has played (Largest Army follows)."""
        p = self._player(color)
        if not isinstance(n, int) or n < 0:
            raise InvalidInput("Počet rytířů musí být celé nezáporné číslo.")
        have = self._played[p][KNIGHT]
        if n > have:
            self._take_from_deck(KNIGHT, n - have)
        else:
            self._deck[:0] = [KNIGHT] * (have - n)
        self._played[p][KNIGHT] = n
        events: list = []
        if n < have:
            self._recheck_largest_army(events)
        else:
            self._update_largest_army(p, events)
        return events

    def set_trade_cards(self, color: str, n: int) -> None:
        """Katan pro dva: how many trade cards the player holds (0–7, from the pile of 14)."""
        R.two_player_only(self)
        p = self._player(color)
        if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= TRADE_CARDS_MAX:
            raise InvalidInput(f"Obchodních karet může mít hráč 0–{TRADE_CARDS_MAX}.")
        if sum(self._tc) - self._tc[p] + n > TRADE_CARDS:
            raise InvalidInput(f"Obchodních karet je jen {TRADE_CARDS}.")
        self._tc[p] = n

    def _take_from_deck(self, card: int, k: int) -> None:
        for _ in range(k):
            if card not in self._deck:
                raise InvalidInput(f"V balíčku už není karta {DEV_CARDS[card]}.")
            self._deck.remove(card)

    def set_current(self, color: str, phase: str) -> None:
        """Make it this player's turn, in the given phase ("roll", "trade", "build", "main")."""
        p = self._player(color)
        allowed = ("roll", "main") if self.rules.combined_trade_build else ("roll", "trade",
                                                                             "build")
        if phase not in allowed:
            raise InvalidInput(f"Fáze musí být jedna z: {', '.join(allowed)}.")
        if self._phase == "setup":
            self._start_play()
        self._current = p
        self._phase = phase
        self._dev_played = False
        for q in range(self._n):  # a new turn: cards bought before are playable now
            for card in range(5):
                self._dev[q][card] += self._dev_new[q][card]
                self._dev_new[q][card] = 0
        self._fresh = [0] * self._seats
        self._discard = [0] * self._n
        self._winner = -1
        self._offer = None
        self._resume = ""
        self._neutral_owed = 0
        self._tc_used = self._knight_retired = False
        self._rolls = 0 if phase == "roll" else 2 if self._two else 1
        self._first_total = 0

    # -- JSON --------------------------------------------------------------------------

    def to_json(self) -> dict:
        """The whole position as plain JSON data (readable ids), random state included."""
        colors = self._colors
        players = self.players
        version, internal, gauss = self._rng.getstate()
        offer = self._offer
        return {
            "format": POSITION_FORMAT,
            "board": self.board.to_json(),
            "rules": self.rules.to_json(),
            "players": list(self.players),
            "phase": self._phase,
            "current": colors[self._current],
            "turn_number": self._turn,
            "winner": self.winner,
            "robber": HEX_IDS[self._robber],
            # Pieces in the order they were placed: legal_actions() lists in that order too.
            "buildings": {INTERSECTION_IDS[n]: [colors[s], piece] for s in range(self._seats)
                          for piece, nodes in (("settlement", self._settlements[s]),
                                               ("city", self._cities[s])) for n in nodes},
            "roads": {PATH_IDS[q]: colors[s] for s in range(self._seats) for q in self._roads[s]},
            "hands": {c: self._resource_dict(self._hands[p]) for p, c in enumerate(players)},
            "dev_cards": {c: self._card_dict(self._dev[p]) for p, c in enumerate(players)},
            "dev_cards_new": {c: self._card_dict(self._dev_new[p])
                              for p, c in enumerate(players)},
            "played": {c: self._card_dict(self._played[p]) for p, c in enumerate(players)},
            "deck": [DEV_CARDS[card] for card in reversed(self._deck)],
            "deck_explicit": self._deck_explicit,
            "dev_card_played_this_turn": self._dev_played,
            "discard": self.discards_owed,
            "fresh_harbors": {c: [HARBOR_KINDS[k] for k in range(6) if self._fresh[p] >> k & 1]
                              for p, c in enumerate(players) if self._fresh[p]},
            "longest_road_holder": self.longest_road_holder,
            "largest_army_holder": self.largest_army_holder,
            "setup": None if self._phase != "setup" else {
                "step": self._setup_step,
                "settlement": INTERSECTION_IDS[self._setup_node] if self._setup_node >= 0
                else None,
            },
            "rng": [version, list(internal), gauss],
            "resume": self.resume_phase,
            "offer": None if offer is None else {
                "from": colors[offer.offerer], "to": [colors[q] for q in offer.to],
                "give": self._resource_dict(offer.give), "get": self._resource_dict(offer.get),
                "counter": offer.counter},
            "rolls": self._rolls,
            "first_roll_total": self._first_total,
            "trade_cards": {c: self._tc[p] for p, c in enumerate(players)} if self._two else {},
            "trade_card_action_used": self._tc_used,
            "knight_retired": self._knight_retired,
            "removed_knights": self._removed_knights,
            "neutral_builds_owed": self._neutral_owed,
        }

    @staticmethod
    def _card_dict(counts: Sequence[int]) -> dict[str, int]:
        return {DEV_CARDS[c]: n for c, n in enumerate(counts) if n}

    @classmethod
    def from_json(cls, d: dict) -> Game:
        """The position that ``to_json`` wrote."""
        if not isinstance(d, dict) or d.get("format") != POSITION_FORMAT:
            raise InvalidInput(f"Pozice musí mít formát {POSITION_FORMAT}.")
        try:
            return cls._from_json(d)
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise InvalidInput(f"Neplatná pozice: {exc!r}.") from None

    @classmethod
    def _from_json(cls, d: dict) -> Game:
        rng = random.Random()
        version, internal, gauss = d["rng"]
        rng.setstate((version, tuple(internal), gauss))
        rules = Rules.from_json(d["rules"])
        players = d["players"]
        if not isinstance(players, list) or not (
                len(players) == 2 if rules.two_player else 2 <= len(players) <= 4):
            raise InvalidInput("Počet hráčů neodpovídá pravidlům (Katan pro dva: 2 hráči, "
                               "jinak 2–4).", "position_players")
        g = cls(Board.from_json(d["board"]), players, rules, rng)
        phase = d["phase"]
        if phase not in PHASES:
            raise InvalidInput(f"Neznámá fáze {phase!r}.", "position_phase")
        for node_id, (color, piece) in d["buildings"].items():
            p, n = g._owner(color), g._node(node_id)
            if piece not in ("settlement", "city") or (piece == "city" and p >= g._n):
                raise InvalidInput(f"Na křižovatce {node_id} nemůže stát {piece!r}.",
                                   "position_piece")
            if g._node_owner[n] >= 0:
                raise InvalidInput(f"Křižovatka {node_id} je v pozici dvakrát.",
                                   "position_piece")
            g._put_settlement(p, n, fresh=False)
            if piece == "city":
                g._put_city(p, n)
        for path_id, color in d["roads"].items():
            q = g._path(path_id)
            if g._path_owner[q] >= 0:
                raise InvalidInput(f"Cesta {path_id} je v pozici dvakrát.", "position_piece")
            g._put_road(g._owner(color), q)
        for color, cards in d["hands"].items():
            p = g._player(color)
            g._hands[p] = g._cards(cards)
        for key, table in (("dev_cards", g._dev), ("dev_cards_new", g._dev_new),
                           ("played", g._played)):
            for color, cards in d[key].items():
                p = g._player(color)
                for name, k in cards.items():
                    table[p][g._card(name)] = _count(k, "Počet akčních karet")
        g._deck = [g._card(name) for name in reversed(d["deck"])]
        g._deck_explicit = bool(d["deck_explicit"])
        g._robber = g._hex(d["robber"])
        g._phase = phase
        g._current = g._player(d["current"])
        g._turn = _count(d["turn_number"], "Číslo tahu")
        g._winner = g._player(d["winner"]) if d["winner"] is not None else -1
        g._dev_played = _flag(d["dev_card_played_this_turn"])
        for color, k in d["discard"].items():
            g._discard[g._player(color)] = _count(k, "Počet karet k odevzdání")
        for color, kinds in d["fresh_harbors"].items():
            for kind in kinds:
                g._fresh[g._player(color)] |= 1 << _known(HARBOR_KIND_INDEX, kind,
                                                          "Neznámý přístav {!r}.")
        for p in range(g._seats):
            g._road_len[p] = longest_road_length(g._roads[p], p, g._node_owner)
        g._lr = g._owner(d["longest_road_holder"]) if d["longest_road_holder"] else -1
        g._la = g._player(d["largest_army_holder"]) if d["largest_army_holder"] else -1
        setup = d.get("setup")
        if phase == "setup":
            g._setup_step = _count(setup["step"], "Krok fáze zakládání")
            if g._setup_step >= len(g._setup_order):
                raise InvalidInput("Fáze zakládání už skončila.", "position_setup")
            g._setup_node = g._node(setup["settlement"]) if setup["settlement"] else -1
            g._current = g._setup_order[g._setup_step]
        else:
            g._setup_step = len(g._setup_order)
        g._load_turn_state(d)
        check_position(g)
        return g

    def _load_turn_state(self, d: dict) -> None:
        """The keys added with trade consent and Katan pro dva (absent in older positions)."""
        resume = d.get("resume")
        if self._phase in INTERRUPTIONS:
            if resume not in ("roll", "trade", "build", "main"):
                raise InvalidInput(f"Fáze {self._phase} se musí vracet do fáze tahu.",
                                   "position_phase")
            self._resume = resume
        offer = d.get("offer")
        if offer is not None:
            to = tuple(self._player(c) for c in offer["to"])
            self._offer = _Offer(self._player(offer["from"]), tuple(self._cards(offer["give"])),
                                 tuple(self._cards(offer["get"])), to, _flag(offer["counter"]))
        self._rolls = _count(d.get("rolls", 0 if self._phase == "roll" else 1), "Počet hodů")
        self._first_total = _count(d.get("first_roll_total", 0), "Součet prvního hodu")
        for color, k in (d.get("trade_cards") or {}).items():
            if not self._two:
                raise InvalidInput("Obchodní karty má jen Katan pro dva.", "position_trade_cards")
            self._tc[self._player(color)] = _count(k, "Počet obchodních karet")
        self._tc_used = _flag(d.get("trade_card_action_used", False))
        self._knight_retired = _flag(d.get("knight_retired", False))
        self._removed_knights = _count(d.get("removed_knights", 0), "Počet odstraněných rytířů")
        self._neutral_owed = _count(d.get("neutral_builds_owed", 0), "Počet neutrálních staveb")


def _count(value: object, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise InvalidInput(f"{what} musí být celé nezáporné číslo.", "position_number")
    return value


def _flag(value: object) -> bool:
    if not isinstance(value, bool):
        raise InvalidInput("Příznak v pozici musí být true nebo false.", "position_number")
    return value


_HANDLERS = {
    A.PlaceSettlement: Game._do_place_settlement,
    A.PlaceRoad: Game._do_place_road,
    A.RollDice: Game._do_roll,
    A.Discard: Game._do_discard,
    A.MoveRobber: Game._do_move_robber,
    A.PlayKnight: Game._do_knight,
    A.PlayRoadBuilding: Game._do_road_building,
    A.PlayYearOfPlenty: Game._do_year_of_plenty,
    A.PlayMonopoly: Game._do_monopoly,
    A.BuildRoad: Game._do_build_road,
    A.BuildSettlement: Game._do_build_settlement,
    A.BuildCity: Game._do_build_city,
    A.BuyDevelopmentCard: Game._do_buy,
    A.TradeBank: Game._do_trade_bank,
    A.TradePlayers: Game._do_trade_players,
    A.OfferTrade: Game._do_offer,
    A.AcceptTrade: Game._do_accept,
    A.DeclineTrade: Game._do_decline,
    A.CounterOffer: Game._do_counter,
    A.BuildNeutralSettlement: Game._do_neutral_settlement,
    A.BuildNeutralRoad: Game._do_neutral_road,
    A.ForcedTrade: Game._do_forced_trade,
    A.GiveBack: Game._do_give_back,
    A.RobberToDesert: Game._do_robber_to_desert,
    A.RetireKnight: Game._do_retire_knight,
    A.EndTrade: Game._do_end_trade,
    A.EndTurn: Game._do_end_turn,
}
