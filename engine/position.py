"""The state layer: a position of the game, its primitives, derived queries and public reads.

A position is a handful of flat lists of small ints (owner per intersection and per path,
five resource counts per hand, ...); players are seat indices 0..n-1 inside and colours
outside. In Katan pro dva the neutral colours take the seats after the players: they own
pieces on the board but hold no cards and never act. A variant's own state (Katan pro dva's
trade cards, neutral builds owed, ...) lives in its subclass, never here: the base game
only offers the hooks and class flags it overrides.

The underscored slots are the engine's internal representation, shared with the engine's
own modules above this one (:mod:`engine.rules`, :mod:`engine.position_checks`,
:mod:`engine.movegen`, :mod:`engine.position_json`, :mod:`engine.game`); users read a
position through the public reads at the end of the class. The primitives here change the
position without any check: the rule checks live in :mod:`engine.rules`, and
:class:`engine.game.Game` calls them before it changes anything.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import NamedTuple, Self

from .board import Board
from .constants import (
    BANK_TRADE_RATE,
    CARDS_PER_RESOURCE,
    CITY_POINTS,
    COLORS,
    DEV_CARDS,
    GENERIC,
    GENERIC_HARBOR_RATE,
    HARBOR_KINDS,
    KNIGHT,
    LARGEST_ARMY_MIN,
    LONGEST_ROAD_MIN,
    MAX_CITIES,
    MAX_ROADS,
    MAX_SETTLEMENTS,
    RESOURCES,
    SETTLEMENT_POINTS,
    SPECIAL_CARD_POINTS,
    SPECIAL_HARBOR_RATE,
    VICTORY_POINT,
    VICTORY_POINT_CARD_POINTS,
)
from .errors import InvalidInput
from .events import SpecialCardMoved
from .longest_road import longest_road_length, longest_trail
from .notation import known, resource_dict, resource_index
from .options import Rules
from .topology import (
    HEX_IDS,
    HEX_INDEX,
    INTERSECTION_HEXES,
    INTERSECTION_IDS,
    INTERSECTION_NEIGHBORS,
    INTERSECTION_PATHS,
    NUM_INTERSECTIONS,
    NUM_PATHS,
    PATH_ENDS,
    PATH_IDS,
)

# No intersection holds anyone's building: a road's length if nothing broke it.
_NOBODY = [-1] * NUM_INTERSECTIONS


class Offer(NamedTuple):
    """A domestic offer waiting for an answer; give/get from the offerer's side."""

    offerer: int
    give: tuple[int, ...]
    get: tuple[int, ...]
    to: tuple[int, ...]      # the addressees still to answer, in turn order
    counter: bool


class Position:
    """The state of a game and everything that only reads it (no rule checks)."""

    # Class flags a variant sets (see engine.pro_dva).
    phases: tuple[str, ...] = ("setup", "roll", "discard", "robber", "trade", "build", "main",
                               "offer", "over")
    # Phases that interrupt another one and return to it (_resume_phase).
    interruptions: tuple[str, ...] = ("offer",)
    # A variant's own keys of the position JSON, with the value every other game writes
    # (engine.position_json); the base game has none.
    own_json_keys: dict[str, object] = {}
    player_counts: tuple[int, ...] = (3, 4)
    sandbox_player_counts: tuple[int, ...] = (2, 3, 4)
    rolls_per_turn = 1
    largest_army_tie_loses = False   # after knights leave the game: a tie costs the holder

    __slots__ = (
        "board", "rules",
        "_colors",           # seat -> colour: the players, then the neutral colours
        "_player_seat",      # a player's colour -> seat
        "_color_seat",       # any colour with pieces on the board -> seat
        "_player_count",     # seats 0.._player_count-1 are players
        "_seat_count",       # players and neutral colours
        "_rng",              # decides the chance results (dice, a stolen card, ...)
        "_node_owner",       # intersection -> seat or -1
        "_node_level",       # intersection -> 0 empty, 1 settlement, 2 city
        "_blocked",          # intersection -> no settlement may go there (distance rule)
        "_path_owner",       # path -> seat or -1
        "_roads", "_settlements", "_cities",     # seat -> its pieces in the order placed
        "_hands",            # player -> five resource counts
        "_bank",             # five resource counts
        "_dev_cards",        # player -> five counts of unplayed cards bought before this turn
        "_dev_cards_new",    # player -> five counts of cards bought in this turn
        "_played_cards",     # player -> five counts of played cards
        "_deck",             # development cards, the top at the end
        "_deck_explicit",    # the deck's order was given (scripted draws must follow it)
        "_robber_hex", "_phase", "_current", "_turn_number",
        "_winner",           # seat or -1
        "_dev_card_played",  # a development card played in this turn
        "_discards_owed",    # player -> cards still to discard after a 7
        "_harbors",          # seat -> bit mask of harbor kinds at its buildings
        "_fresh_harbors",    # seat -> harbor kinds settled in this turn (usable next turn)
        "_road_lengths",     # seat -> length of its longest trail
        "_longest_road_holder", "_largest_army_holder",   # seat or -1
        "_setup_order", "_setup_step",
        "_setup_node",       # the settlement just placed in the set-up, or -1
        "_resume_phase",     # the phase an interruption ("offer", ...) returns to
        "_offer",            # Offer or None
        "_rolls",            # rolls made in this turn
        "_first_roll_total",  # the first roll's total in this turn (0 before it); the
                              # position JSON carries it for every game
        # Derived, not state: what each roll total yields (Game._producers). A new dict
        # replaces it whenever a building goes up, so a copy may share it.
        "_production_cache",
    )

    def __init__(self, board: Board, players: Sequence[str], rules: Rules,
                 rng: random.Random) -> None:
        """A position with no pieces, in the set-up phase."""
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
        neutrals = self._neutral_colors(colors)
        seats = n + len(neutrals)
        self.board = board
        self.rules = rules
        self._colors = colors + neutrals
        self._player_seat = {c: i for i, c in enumerate(colors)}
        self._color_seat = {c: i for i, c in enumerate(self._colors)}
        self._player_count = n
        self._seat_count = seats
        self._rng = rng
        self._node_owner = [-1] * NUM_INTERSECTIONS
        self._node_level = [0] * NUM_INTERSECTIONS
        self._blocked = [False] * NUM_INTERSECTIONS
        self._path_owner = [-1] * NUM_PATHS
        self._roads: list[list[int]] = [[] for _ in range(seats)]
        self._settlements: list[list[int]] = [[] for _ in range(seats)]
        self._cities: list[list[int]] = [[] for _ in range(seats)]
        self._hands = [[0] * 5 for _ in range(n)]
        self._bank = [CARDS_PER_RESOURCE] * 5
        self._dev_cards = [[0] * 5 for _ in range(n)]
        self._dev_cards_new = [[0] * 5 for _ in range(n)]
        self._played_cards = [[0] * 5 for _ in range(n)]
        self._deck: list[int] = []
        self._deck_explicit = False
        self._robber_hex = HEX_INDEX[board.robber_start]
        self._phase = "setup"
        self._current = 0
        self._turn_number = 0
        self._winner = -1
        self._dev_card_played = False
        self._discards_owed = [0] * n
        self._harbors = [0] * seats
        self._fresh_harbors = [0] * seats
        self._road_lengths = [0] * seats
        self._longest_road_holder = -1
        self._largest_army_holder = -1
        self._setup_order = tuple(range(n)) + tuple(range(n - 1, -1, -1))
        self._setup_step = 0
        self._setup_node = -1
        self._resume_phase = ""
        self._offer: Offer | None = None
        self._rolls = 0
        self._first_roll_total = 0
        self._production_cache: dict = {}

    def copy(self) -> Self:
        """An independent copy (lists copied, random generator state included)."""
        new = object.__new__(type(self))
        new.board = self.board
        new.rules = self.rules
        new._colors = self._colors
        new._player_seat = self._player_seat
        new._color_seat = self._color_seat
        new._player_count = self._player_count
        new._seat_count = self._seat_count
        new._rng = random.Random.__new__(random.Random)  # not seeded from the OS: set below
        new._rng.setstate(self._rng.getstate())
        new._node_owner = self._node_owner[:]
        new._node_level = self._node_level[:]
        new._blocked = self._blocked[:]
        new._path_owner = self._path_owner[:]
        new._roads = [x[:] for x in self._roads]
        new._settlements = [x[:] for x in self._settlements]
        new._cities = [x[:] for x in self._cities]
        new._hands = [x[:] for x in self._hands]
        new._bank = self._bank[:]
        new._dev_cards = [x[:] for x in self._dev_cards]
        new._dev_cards_new = [x[:] for x in self._dev_cards_new]
        new._played_cards = [x[:] for x in self._played_cards]
        new._deck = self._deck[:]
        new._deck_explicit = self._deck_explicit
        new._robber_hex = self._robber_hex
        new._phase = self._phase
        new._current = self._current
        new._turn_number = self._turn_number
        new._winner = self._winner
        new._dev_card_played = self._dev_card_played
        new._discards_owed = self._discards_owed[:]
        new._harbors = self._harbors[:]
        new._fresh_harbors = self._fresh_harbors[:]
        new._road_lengths = self._road_lengths[:]
        new._longest_road_holder = self._longest_road_holder
        new._largest_army_holder = self._largest_army_holder
        new._setup_order = self._setup_order
        new._setup_step = self._setup_step
        new._setup_node = self._setup_node
        new._resume_phase = self._resume_phase
        new._offer = self._offer          # an immutable tuple
        new._rolls = self._rolls
        new._first_roll_total = self._first_roll_total
        new._production_cache = self._production_cache
        return new

    @classmethod
    def _neutral_colors(cls, players: tuple[str, ...]) -> tuple[str, ...]:
        """Colours with pieces on the board but no player (none in the base game)."""
        return ()

    def _cards_out_of_game(self, card: int) -> int:
        """Development cards that left the game (Katan pro dva: retired knights)."""
        return 0

    def _variant_json(self) -> dict:
        """A variant's own keys of the position JSON (engine.position_json)."""
        return {}

    def _load_variant_json(self, d: dict) -> None:
        """Read a variant's own keys (the base game has none)."""

    @staticmethod
    def _refuse_own_state(d: dict) -> None:
        """Raise InvalidInput when ``d`` holds this variant's own state: a game of another
        variant (the base game) is loading it (engine.position_json)."""

    # -- readable ids -> seats ---------------------------------------------------------

    def _player(self, color: object) -> int:
        return known(self._player_seat, color, "Ve hře není hráč {!r}.")

    def _owner(self, color: object) -> int:
        """The seat of a player or (Katan pro dva) of a neutral colour."""
        return known(self._color_seat, color, "Ve hře není barva {!r}.")

    # -- derived queries ---------------------------------------------------------------

    def _acting(self) -> int:
        """The seat that must act now."""
        phase = self._phase
        if phase == "discard":
            n, c, owed = self._player_count, self._current, self._discards_owed
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
        if self._rolls < self.rolls_per_turn:
            return "roll"
        return "main" if self.rules.combined_trade_build else "trade"

    def _usable_harbors(self, p: int) -> int:
        """Bit mask of the harbor kinds p may use now: one settled in this turn serves from
        the next turn, unless trade and build are combined."""
        if self.rules.combined_trade_build:
            return self._harbors[p]
        return self._harbors[p] & ~self._fresh_harbors[p]

    def _trade_rate(self, p: int, r: int, ignore_fresh: bool = False) -> int:
        mask = self._harbors[p] if ignore_fresh else self._usable_harbors(p)
        if mask >> r & 1:
            return SPECIAL_HARBOR_RATE
        if mask >> GENERIC & 1:
            return GENERIC_HARBOR_RATE
        return BANK_TRADE_RATE

    def _hidden_points(self, p: int) -> int:
        return self._dev_cards[p][VICTORY_POINT] + self._dev_cards_new[p][VICTORY_POINT]

    def _points_total(self, p: int) -> int:
        pts = (SETTLEMENT_POINTS * len(self._settlements[p]) + CITY_POINTS * len(self._cities[p])
               + VICTORY_POINT_CARD_POINTS * self._hidden_points(p))
        if self._longest_road_holder == p:
            pts += SPECIAL_CARD_POINTS
        if self._largest_army_holder == p:
            pts += SPECIAL_CARD_POINTS
        return pts

    def _road_spots(self, p: int) -> set[int]:
        """Free paths where seat p's next road would connect (Silnice)."""
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

    # -- primitives: change the position, no checks ------------------------------------

    def _put_settlement(self, p: int, node: int, fresh: bool) -> None:
        self._node_owner[node] = p
        self._node_level[node] = 1
        self._forget_production(node)
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
                    self._fresh_harbors[p] |= bit

    def _put_city(self, p: int, node: int) -> None:
        self._node_level[node] = 2
        self._forget_production(node)
        self._settlements[p].remove(node)
        self._cities[p].append(node)

    def _forget_production(self, node: int) -> None:
        """A building changed at ``node``: what the numbers of its hexes yield is stale.
        The cache is replaced, not changed, since copies of the game share it."""
        numbers = self.board.numbers
        stale = [numbers[h] for h in INTERSECTION_HEXES[node]]
        self._production_cache = {t: v for t, v in self._production_cache.items()
                                  if t not in stale}

    def _put_road(self, p: int, path: int) -> None:
        self._path_owner[path] = p
        self._roads[p].append(path)

    def _take_road(self, p: int, path: int) -> None:
        """Undo _put_road (only for the road placed last)."""
        self._path_owner[path] = -1
        self._roads[p].remove(path)

    def _pay(self, p: int, cost: Sequence[int]) -> None:
        hand, bank = self._hands[p], self._bank
        for r in range(5):
            n = cost[r]
            if n:
                hand[r] -= n
                bank[r] += n

    def _swap_cards(self, p: int, q: int, give: Sequence[int], get: Sequence[int]) -> None:
        mine, theirs = self._hands[p], self._hands[q]
        for r in range(5):
            mine[r] += get[r] - give[r]
            theirs[r] += give[r] - get[r]

    def _interrupt(self, phase: str) -> None:
        if self._phase not in self.interruptions:
            self._resume_phase = self._phase
        self._phase = phase

    def _end_interruption(self) -> None:
        self._phase = self._resume_phase
        self._resume_phase = ""

    # -- the special cards (Nejdelší obchodní cesta, Největší vojsko) ------------------
    #
    # One pair of functions decides who holds each special card in a position, given who
    # held it before (a seat, -1 for nobody, or None when that is not known): the upkeep
    # after every move (below), the loading checks (engine.position_checks), the referee's
    # defaults and explanations (engine.referee.special_card_holders) all call them.

    def _road_broken(self, s: int) -> bool:
        """Seat s's longest road is shorter than it would be without opponents' buildings:
        an opponent's settlement or city breaks it (Nejdelší obchodní cesta)."""
        roads, owner = self._roads[s], self._node_owner
        if not any(0 <= owner[n] != s for q in roads for n in PATH_ENDS[q]):
            return False  # no opponent's building on the road at all: nothing to measure
        return longest_road_length(roads, s, _NOBODY) > self._road_lengths[s]

    def _decide_longest_road(self, holder: int | None,
                             broken: bool | None = None) -> tuple[int | None, str]:
        """Who holds the Longest Road now, if ``holder`` held it before: (seat, -1 for
        nobody, or None when the position cannot tell; a reason code).

        The Almanach: 5 roads earn it; only a strictly longer road takes it; after a break a
        tie sets it aside until one player alone is longest (Rules.longest_road_tie
        "holder_keeps", 001: the holder keeps it if among the tied); nobody with 5 after a
        break: aside. ``broken``: whether the holder's road has just been broken. A game
        played move by move knows it (the move shortened the holder's road), so a player
        who later only draws level with a holder whose road was broken long ago takes
        nothing. A position alone does not know it (None): then the holder's road counts
        as just broken when it is shorter than without opponents' buildings, the dispute a
        player brings to the referee right after the break."""
        def was_broken() -> bool:
            return self._road_broken(holder) if broken is None else broken

        lengths = self._road_lengths
        best = max(lengths)
        leaders = [s for s in range(self._seat_count) if lengths[s] == best]
        sole = leaders[0] if best >= LONGEST_ROAD_MIN and len(leaders) == 1 else -1
        if holder is not None and holder >= 0:
            mine = lengths[holder]
            if mine >= LONGEST_ROAD_MIN and mine == best:
                if sole == holder:
                    return holder, "holder_longest"
                if not was_broken():
                    return holder, "holder_keeps_tie"
                if self.rules.longest_road_tie == "holder_keeps":
                    return holder, "holder_keeps_broken_tie"
                return -1, "broken_tie"
            if was_broken():
                if sole >= 0:
                    return sole, "broken_sole"
                return -1, ("broken_below_five" if best < LONGEST_ROAD_MIN
                            else "broken_tie_others")
            if mine >= LONGEST_ROAD_MIN and sole >= 0:
                return sole, "longer"
            # Two others longer than an unbroken holder: one of them passed him first.
        if sole >= 0:
            return sole, "sole_longest"
        if best < LONGEST_ROAD_MIN:
            return -1, "below_five"
        if holder is None or holder >= 0:
            return None, "tie_first"
        return -1, "tie_aside"

    def _decide_largest_army(self, holder: int | None,
                             retired: int = -1) -> tuple[int | None, str]:
        """Who holds the Largest Army now, if ``holder`` held it before: (seat, -1 for
        nobody, or None when the position cannot tell; a reason code).

        The first with 3 played knights takes it; another player only with strictly more
        (002, 001). ``retired``: the seat whose knight just left the game (Katan pro dva:
        a holder who retires a knight loses the card at 2 knights or at a tie, then whoever
        has more, at least 3, takes it). Without it, a loaded Katan pro dva position reads
        it from the turn: the player on turn retired a knight in this turn."""
        knights = [self._played_cards[q][KNIGHT] for q in range(self._player_count)]
        if retired < 0 and self._knight_retired_this_turn():
            retired = self._current
        best = max(knights)
        leaders = [q for q, k in enumerate(knights) if k == best]
        sole = leaders[0] if best >= LARGEST_ARMY_MIN and len(leaders) == 1 else -1
        if holder is not None and holder >= 0:
            mine = knights[holder]
            tie_costs = self.largest_army_tie_loses and retired == holder
            if mine >= LARGEST_ARMY_MIN and mine == best:
                if sole == holder:
                    return holder, "holder_most"
                if not tie_costs:
                    return holder, "holder_keeps_tie"
                return -1, "retired_tie"
            if mine >= LARGEST_ARMY_MIN:
                if sole >= 0:
                    return sole, "more_knights"
                return None, "tie_first"  # two passed the holder: the first one took it
            if sole >= 0:
                return sole, "holder_below_three"
            return -1, "holder_below_three"
        if sole >= 0:
            return sole, "sole_most"
        if best < LARGEST_ARMY_MIN:
            return -1, "below_three"
        if holder is None:
            return None, "tie_first"
        return -1, "tie_aside"

    def _knight_retired_this_turn(self) -> bool:
        """A knight of the player on turn left the game in this turn (Katan pro dva retires
        them for trade cards; the base game never does)."""
        return False

    def _update_longest_road(self, seats: Iterable[int], events: list) -> None:
        """Recompute the seats' longest roads and move the Longest Road card if due."""
        lengths = self._road_lengths
        holder = self._longest_road_holder
        before = lengths[holder] if holder >= 0 else 0
        node_owner, roads = self._node_owner, self._roads
        for q in seats:
            lengths[q] = longest_road_length(roads[q], q, node_owner)
        broken = holder >= 0 and lengths[holder] < before
        to, code = self._decide_longest_road(holder, broken)
        if to is None:
            to = -1  # never after one move; a loaded position is decided before play
        if to == holder:
            return
        if to < 0:
            reason = "tie" if code in ("broken_tie", "broken_tie_others", "tie_aside",
                                       "tie_first") else "broken"
        else:
            reason = "broken" if holder >= 0 and lengths[holder] < before else "longer"
        self._move_longest_road(to, reason, events)

    def _move_longest_road(self, to: int, reason: str, events: list) -> None:
        old = self._longest_road_holder
        self._longest_road_holder = to
        length = self._road_lengths[to] if to >= 0 else max(self._road_lengths)
        if old < 0 and to >= 0 and reason == "longer":
            reason = "first"
        events.append(SpecialCardMoved(
            "longest_road", self._colors[old] if old >= 0 else None,
            self._colors[to] if to >= 0 else None, reason, length))

    def _update_largest_army(self, events: list, retired: int = -1) -> None:
        """Played knights changed: the Largest Army goes to the first with 3, then to whoever
        has strictly more than the holder. After knights went down (``retired``: whose) the
        holder loses the card below 3 knights or when another has more (or, with
        ``largest_army_tie_loses``, as many); then whoever has strictly the most, at least
        3, takes it (_decide_largest_army)."""
        holder = self._largest_army_holder
        to, code = self._decide_largest_army(holder, retired)
        if to is None:
            to = -1
        if to == holder:
            return
        self._largest_army_holder = to
        knights = self._played_cards[to][KNIGHT] if to >= 0 else (
            self._played_cards[holder][KNIGHT])
        if code in ("holder_below_three", "retired_tie") or to < 0:
            reason = "knight_retired"
        elif holder < 0:
            reason = "first" if code == "sole_most" else "more_knights"
        else:
            reason = "more_knights"
        events.append(SpecialCardMoved(
            "largest_army", self._colors[holder] if holder >= 0 else None,
            self._colors[to] if to >= 0 else None, reason, knights))

    # -- public reads (readable ids) ---------------------------------------------------

    @property
    def players(self) -> tuple[str, ...]:
        return self._colors[:self._player_count]

    @property
    def neutrals(self) -> tuple[str, ...]:
        """Katan pro dva: the two colours nobody chose (empty otherwise)."""
        return self._colors[self._player_count:]

    @property
    def resume_phase(self) -> str | None:
        """The phase an "offer", "neutral" or "give_back" phase returns to."""
        return self._resume_phase if self._phase in self.interruptions else None

    @property
    def pending_offer(self) -> dict | None:
        """The domestic offer waiting for an answer: from, to (still to answer), give and
        get (from the side of "from"), counter."""
        offer = self._offer
        if offer is None:
            return None
        return {"from": self._colors[offer.offerer], "to": [self._colors[q] for q in offer.to],
                "give": resource_dict(offer.give), "get": resource_dict(offer.get),
                "counter": offer.counter}

    @property
    def rolls_this_turn(self) -> int:
        return self._rolls

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
        return self._turn_number

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
            out += [(DEV_CARDS[card], False)] * self._dev_cards[p][card]
            out += [(DEV_CARDS[card], True)] * self._dev_cards_new[p][card]
        return out

    def played_knights(self, color: str) -> int:
        return self._played_cards[self._player(color)][KNIGHT]

    def played_cards(self, color: str) -> list[str]:
        p = self._player(color)
        return [DEV_CARDS[card] for card in range(5) for _ in range(self._played_cards[p][card])]

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
        return HEX_IDS[self._robber_hex]

    @property
    def bank(self) -> dict[str, int]:
        return dict(zip(RESOURCES, self._bank, strict=True))

    @property
    def deck_size(self) -> int:
        return len(self._deck)

    @property
    def longest_road_holder(self) -> str | None:
        holder = self._longest_road_holder
        return self._colors[holder] if holder >= 0 else None

    @property
    def largest_army_holder(self) -> str | None:
        holder = self._largest_army_holder
        return self._colors[holder] if holder >= 0 else None

    @property
    def discards_owed(self) -> dict[str, int]:
        """After a 7: who still has to give back how many cards."""
        return {self._colors[p]: k for p, k in enumerate(self._discards_owed) if k}

    def road_length(self, color: str) -> int:
        return self._road_lengths[self._owner(color)]

    def longest_trail(self, color: str) -> list[str]:
        p = self._owner(color)
        return [PATH_IDS[q] for q in longest_trail(self._roads[p], p, self._node_owner)]

    def points(self, color: str, include_hidden: bool = True) -> dict[str, int]:
        p = self._player(color)
        d = {
            "settlements": len(self._settlements[p]),
            "cities": 2 * len(self._cities[p]),
            "longest_road": 2 if self._longest_road_holder == p else 0,
            "largest_army": 2 if self._largest_army_holder == p else 0,
            "victory_cards": (self._hidden_points(p)
                              if include_hidden or self._winner == p else 0),
        }
        d["total"] = sum(d.values())
        return d

    def harbors_of(self, color: str) -> set[str]:
        """Harbor kinds the player may use now (a harbor settled this turn serves from the
        next turn, unless trade and build are combined)."""
        mask = self._usable_harbors(self._player(color))
        return {HARBOR_KINDS[k] for k in range(6) if mask >> k & 1}

    def trade_rate(self, color: str, resource: str) -> int:
        return self._trade_rate(self._player(color), resource_index(resource))

    def pieces_left(self, color: str) -> dict[str, int]:
        p = self._owner(color)
        return {"road": MAX_ROADS - len(self._roads[p]),
                "settlement": MAX_SETTLEMENTS - len(self._settlements[p]),
                "city": MAX_CITIES - len(self._cities[p])}

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
        return (f"<{type(self).__name__} {self._phase} turn={self._turn_number} "
                f"current={self.current_player} "
                f"points={[self._points_total(p) for p in range(self._player_count)]}>")
