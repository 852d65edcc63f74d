"""The game: the legal actions in a position, and apply().

:class:`Game` builds on :class:`~engine.position.Position` (the state and its reads).
``apply`` looks the action's handler up in a table keyed by the action's class; a handler
checks the action with the rule functions of :mod:`engine.rules`, then changes the position
in place and returns the events. ``legal_actions`` puts together the move generators of
:mod:`engine.movegen` by phase.

This is the base game for 3–4 players. A variant (Katan pro dva, :mod:`engine.pro_dva`) is
a subclass: it sets class flags (``rolls_per_turn``, ``largest_army_tie_loses``), overrides
the no-op hooks below (``_settlement_built``, ``_owe_builds``, ``_dice_refusal``, ...) and
adds its handlers; it registers itself with :func:`register_variant`, and ``Game.new`` /
``Game.from_json`` pick the class that the rules ask for. This module never imports a
variant.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Self

from .actions import (
    AcceptTrade,
    Action,
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
    TradePlayers,
)
from .board import Board, beginner_data
from .constants import (
    CITY_COST,
    COLORS,
    DECK_COMPOSITION,
    DEV_CARD_COST,
    DEV_CARD_CZ,
    DEV_CARD_INDEX,
    DEV_CARDS,
    DISCARD_ABOVE,
    KNIGHT,
    MAX_ROADS,
    MONOPOLY,
    RESOURCES,
    ROAD_BUILDING,
    ROAD_COST,
    SETTLEMENT_COST,
    YEAR_OF_PLENTY,
)
from .errors import InvalidInput, RuleViolation
from .events import (
    BankTraded,
    Built,
    CardBought,
    CardPlayed,
    DiceRolled,
    Discarded,
    DiscardRequired,
    Event,
    GameWon,
    MonopolyTaken,
    NothingStolen,
    PhaseChanged,
    Produced,
    RobberMoved,
    SpecialCardMoved,
    Stolen,
    Traded,
    TradeDeclined,
    TradeOffered,
    TurnEnded,
    TurnStarted,
    YearOfPlenty,
)
from .movegen import (
    SEAT_ACTIONS,
    SeatActions,
    answers,
    build_actions,
    card_actions,
    discard_actions,
    robber_actions,
    setup_actions,
    trade_actions,
)
from .notation import (
    card_index,
    hex_index,
    node_index,
    path_index,
    resource_counts,
    resource_dict,
    resource_index,
)
from .options import Rules
from .position import Offer, Position
from .position_checks import check_position
from .position_json import load_position, position_to_json, read_rules, register_format
from .rules import (
    bank_can_pay,
    can_afford,
    card_playable,
    city_replaces_own_settlement,
    deck_not_empty,
    discard_half,
    distance_rule,
    game_not_over,
    holds_cards,
    intersection_free,
    maritime_rate,
    no_gifts,
    not_same_resource_both_ways,
    offer_pending,
    one_card_per_turn,
    path_free,
    phase_is,
    piece_available,
    players_turn,
    road_connects,
    robber_moves_away,
    robber_victim,
    settlement_touches_own_road,
    setup_road_touches_new_settlement,
    trade_only_with_active_player,
    two_player_only,
)
from .topology import (
    HEX_CORNERS,
    HEX_IDS,
    INTERSECTION_HEXES,
    INTERSECTION_IDS,
    INTERSECTION_PATHS,
    PATH_IDS,
)

CARD_PHASES = ("roll", "trade", "build", "main")
TRADE_PHASES = ("trade", "main")
BUILD_PHASES = ("build", "main")

# The games the rules can ask for: Rules.variant -> class (see register_variant).
VARIANTS: dict[str, type[Game]] = {}
# A variant's own actions, refused by the games that do not handle them: action class ->
# the refusal (a handler that raises RuleViolation), from the variants' refused_elsewhere.
REFUSED: dict[type[Action], object] = {}


def register_variant(cls: type[Game]) -> type[Game]:
    """Make ``Game.new`` and ``Game.from_json`` build ``cls`` for rules whose
    ``variant`` is ``cls.variant``; its phases and own state enter the position JSON
    (engine.position_json.register_format), and the other games refuse its own actions
    (``refused_elsewhere``)."""
    VARIANTS[cls.variant] = cls
    register_format(cls)
    REFUSED.update(cls.refused_elsewhere)
    return cls


def find_variant(rules: Rules) -> type[Game]:
    """The class of the game these rules make."""
    if not isinstance(rules, Rules):
        return Game  # Position.__init__ refuses it with a Czech message
    return VARIANTS[rules.variant]


class Game(Position):
    """A game of the base game for 3–4 players (sandboxes: 2–4); with
    ``Rules(two_player=True)`` the constructors make a Katan pro dva game
    (:class:`engine.pro_dva.ProDvaGame`)."""

    variant = "base"
    # Action class -> handler; filled in below the class (a variant extends a copy).
    handlers: dict[type[Action], object] = {}
    # A variant's own actions -> how a game without them refuses them (see REFUSED).
    refused_elsewhere: dict[type[Action], object] = {}

    __slots__ = ("history", "_seat_actions")

    def __init__(self, board: Board, players: Sequence[str], rules: Rules,
                 rng: random.Random) -> None:
        """A position with no pieces; use Game.new, Game.beginner or Game.empty."""
        super().__init__(board, players, rules, rng)
        self.history: list[Action] = []
        self._seat_actions: list[SeatActions] = [SEAT_ACTIONS[c] for c in self.players]

    def copy(self) -> Self:
        """An independent copy (lists copied, random generator state included)."""
        new = super().copy()
        new.history = self.history[:]
        new._seat_actions = self._seat_actions
        return new

    # -- construction ------------------------------------------------------------------

    @classmethod
    def new(cls, board: Board, players: Sequence[str] = COLORS, seed: int = 0,
            rules: Rules | None = None, deck: Sequence[str] | None = None) -> Game:
        """A game at the start of the set-up phase (Fáze zakládání); players in clockwise
        seating order, the first one starts. ``deck``: the development cards from the top
        (the rest of the 25 follow, shuffled)."""
        players = tuple(players)
        rules = rules or Rules()
        variant = find_variant(rules)
        if len(players) not in variant.player_counts:
            raise InvalidInput(variant.player_count_message)
        game = variant(board, players, rules, random.Random(seed))
        game._deal_deck(deck)
        game._prepare_new_game()
        return game

    player_count_message = "Základní hra je pro 3–4 hráče (pro 2 hráče je Katan pro dva)."

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
                node = node_index(node_id)
                game._put_settlement(p, node, fresh=False)
                game._settlement_built(p, node, [])
            for path_id in pieces["roads"]:
                game._put_road(p, path_index(path_id))
        for p, color in enumerate(game.players):
            for h in INTERSECTION_HEXES[node_index(start[color]["starred"])]:
                r = game.board.hex_resource[h]
                if r >= 0:
                    game._hands[p][r] += 1
                    game._bank[r] -= 1
        game._update_longest_road(range(game._seat_count), [])
        game._start_play()
        return game

    @classmethod
    def empty(cls, board: Board, players: Sequence[str] = COLORS, seed: int = 0,
              rules: Rules | None = None, deck: Sequence[str] | None = None) -> Game:
        """A sandbox: no pieces, first player's turn after the roll. Set it up with
        place_settlement, place_road, set_hand, set_robber, set_dev_cards, ..."""
        players = tuple(players)
        rules = rules or Rules()
        variant = find_variant(rules)
        if len(players) not in variant.sandbox_player_counts:
            raise InvalidInput(variant.sandbox_player_count_message)
        game = variant(board, players, rules, random.Random(seed))
        game._deal_deck(deck)
        game._prepare_sandbox()
        game._start_play()
        game._rolls = game.rolls_per_turn
        game._phase = game._after_roll_phase()
        return game

    sandbox_player_count_message = "Hrají 2–4 hráči."

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
        self._turn_number = 1
        self._setup_step = len(self._setup_order)
        self._setup_node = -1
        self._rolls = 0

    def reseed(self, seed: int | str) -> None:
        """Let ``seed`` alone decide the chance results from here on (dice, a stolen
        card, the cards drawn in a forced trade); the position does not change. A host
        that keeps games as an action log reseeds by the log's length before each action,
        so the next chance result is the same whether the game was replayed or kept."""
        self._rng = random.Random(seed)

    # -- hooks a variant overrides (no-ops in the base game) ---------------------------

    def _prepare_new_game(self) -> None:
        """After Game.new dealt the deck."""

    def _prepare_sandbox(self) -> None:
        """After Game.empty dealt the deck."""

    def _settlement_built(self, p: int, node: int, events: list) -> None:
        """A player's own settlement went up (set-up, beginner set-up or built)."""

    def _owe_builds(self, p: int, pieces: int, events: list) -> None:
        """A player built ``pieces`` roads or settlements (after the win check)."""

    def _dice_refusal(self, total: int) -> RuleViolation | None:
        """Why a roll with this total may not stand (the base game takes every roll)."""
        return None

    def _new_turn(self) -> None:
        """A variant's per-turn state starts afresh (end of a turn, set_current)."""

    def _extra_turn_actions(self, p: int, out: list) -> None:
        """A variant's actions on top of the turn's (roll, trade and build phases)."""

    def _check_position(self) -> None:
        """Raise InvalidInput unless play can reach this position."""
        check_position(self)

    # -- apply -------------------------------------------------------------------------

    def apply(self, action: Action) -> list[Event]:
        """Carry out an action; raises RuleViolation or InvalidInput and then changes
        nothing."""
        handler = self.handlers.get(action.__class__)
        if handler is None:
            handler = REFUSED.get(action.__class__)   # another variant's action
            if handler is None:
                raise InvalidInput(f"Neznámá akce {action!r}.")
        try:
            p = self._player_seat.get(action.player)
        except TypeError:  # an unhashable "player"
            p = None
        if p is None:
            raise InvalidInput(f"Ve hře není hráč {action.player!r}.")
        if self._winner >= 0:
            game_not_over(self)
        return handler(self, p, action)

    def check(self, action: Action) -> None:
        """Raise what apply() would raise, without changing anything."""
        self.copy().apply(action)

    def _finish_build(self, p: int, pieces: int, events: list, action: Action) -> list:
        """What every build ends with: the win check, the variant's dues, the record."""
        self._check_win(events)
        if pieces:
            self._owe_builds(p, pieces, events)
        self.history.append(action)
        return events

    def _check_win(self, events: list) -> None:
        """Only the player whose turn it is wins, on reaching the goal (Konec hry)."""
        p = self._current
        points = self._points_total(p)
        if points >= self.rules.victory_points_to_win:
            self._winner = p
            self._phase = "over"
            events.append(GameWon(self._colors[p], points, self._hidden_points(p)))

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

    def _move_robber_and_steal(self, p: int, h: int, victim: int, card: int,
                               events: list) -> int:
        old = self._robber_hex
        self._robber_hex = h
        color = self._colors[p]
        events.append(RobberMoved(color, HEX_IDS[old], HEX_IDS[h]))
        if victim < 0:
            events.append(NothingStolen(color, HEX_IDS[h]))
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
        events.append(Stolen(color, self._colors[victim], RESOURCES[card]))
        return card

    # -- the set-up (Fáze zakládání) ---------------------------------------------------

    def _do_place_settlement(self, p: int, a: PlaceSettlement) -> list:
        node = node_index(a.node)
        players_turn(self, p)
        phase_is(self, ("setup",))
        if self._setup_node >= 0:
            raise RuleViolation("setup_road_expected",
                                "K právě postavené vesnici se nejdřív připojí silnice.",
                                "faze-zakladani")
        intersection_free(self, node)
        distance_rule(self, node)
        self._put_settlement(p, node, fresh=False)
        self._setup_node = node
        color = self._colors[p]
        events: list = [Built(color, "settlement", INTERSECTION_IDS[node])]
        self._after_settlement(p, node, events)
        self._settlement_built(p, node, events)
        if self._setup_step >= self._player_count:
            # The second settlement yields the first resources, one per adjacent hex.
            gains = [0] * 5
            for h in INTERSECTION_HEXES[node]:
                r = self.board.hex_resource[h]
                if r >= 0 and self._bank[r] > 0:
                    gains[r] += 1
                    self._bank[r] -= 1
                    self._hands[p][r] += 1
            events.append(Produced({color: resource_dict(gains)}, [], []))
        self.history.append(a)
        return events

    def _do_place_road(self, p: int, a: PlaceRoad) -> list:
        path = path_index(a.path)
        players_turn(self, p)
        phase_is(self, ("setup",))
        if self._setup_node < 0:
            raise RuleViolation("setup_settlement_expected",
                                "Ve fázi zakládání se staví nejdřív vesnice, pak k ní silnice.",
                                "faze-zakladani")
        path_free(self, path)
        setup_road_touches_new_settlement(self, path)
        self._put_road(p, path)
        events: list = [Built(self._colors[p], "road", PATH_IDS[path])]
        self._update_longest_road((p,), events)
        self._setup_step += 1
        self._setup_node = -1
        if self._setup_step == len(self._setup_order):
            self._start_play()
            events.append(PhaseChanged(self._colors[0], "roll"))
            events.append(TurnStarted(self._colors[0], 1))
        else:
            self._current = self._setup_order[self._setup_step]
        self.history.append(a)
        return events

    # -- the roll, production and the robber -------------------------------------------

    def _do_roll(self, p: int, a: RollDice) -> list:
        dice = a.dice
        if dice is not None:
            if (not isinstance(dice, tuple | list) or len(dice) != 2
                    or not all(isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 6
                               for d in dice)):
                raise InvalidInput("Kostky: dvě celá čísla 1–6.")
        players_turn(self, p)
        phase_is(self, ("roll",))
        if dice is None:
            rnd = self._rng.random
            dice = (int(rnd() * 6) + 1, int(rnd() * 6) + 1)
            while self._dice_refusal(dice[0] + dice[1]) is not None:
                dice = (int(rnd() * 6) + 1, int(rnd() * 6) + 1)
            self.history.append(self._seat_actions[p].rolled[dice])
        else:
            dice = (dice[0], dice[1])
            refusal = self._dice_refusal(dice[0] + dice[1])
            if refusal is not None:
                raise refusal
            self.history.append(a)
        total = dice[0] + dice[1]
        self._rolls += 1
        if self._rolls == 1:
            self._first_roll_total = total
        color = self._colors[p]
        events: list = [DiceRolled(color, dice, total)]
        if total == 7:
            owed = self._discards_owed
            required = {}
            for q in range(self._player_count):
                size = sum(self._hands[q])
                if size > DISCARD_ABOVE:
                    owed[q] = size // 2
                    required[self._colors[q]] = size // 2
            if required:
                self._phase = "discard"
                events.append(DiscardRequired(required))
            else:
                self._phase = "robber"
            events.append(PhaseChanged(color, self._phase))
            return events
        events.append(self._produce(total))
        self._phase = self._after_roll_phase()
        return events

    def _produce(self, total: int) -> Produced:
        """Suroviny – výnosy: 1 card per settlement, 2 per city; the robber's hex yields
        nothing; a resource the bank cannot pay to everyone goes to nobody."""
        found = self._production_cache.get(total)
        if found is None:
            found = self._production_cache[total] = self._producers(total)
        producers, yields, need = found
        bank = self._bank
        if (self._robber_hex in self.board.number_hexes[total]
                or any(need[r] > bank[r] for r in range(5))):
            return self._produce_with_losses(producers)
        # The common case: nothing under the robber, the bank pays everyone.
        hands, colors = self._hands, self._colors
        gains: dict[str, dict[str, int]] = {}
        for q, row in yields:
            hand = hands[q]
            got = gains[colors[q]] = {}
            for r, k in row:
                hand[r] += k
                bank[r] -= k
                got[RESOURCES[r]] = k
        return Produced(gains, [], [])

    def _produce_with_losses(self, producers: tuple) -> Produced:
        """Production when the robber stands on a hex of the number or the bank runs
        short of a resource."""
        colors, robber = self._colors, self._robber_hex
        demand: dict[int, list[int]] = {}   # seat -> five counts, for seats that get any
        need = [0, 0, 0, 0, 0]
        blocked = []
        for h, r, owners in producers:
            if h == robber:
                lost: dict[str, int] = {}
                for o, k in owners:
                    lost[colors[o]] = lost.get(colors[o], 0) + k
                blocked.append({"hex": HEX_IDS[h], "resource": RESOURCES[r], "players": lost})
                continue
            for o, k in owners:
                row = demand.get(o)
                if row is None:
                    row = demand[o] = [0, 0, 0, 0, 0]
                row[r] += k
                need[r] += k
        bank, hands = self._bank, self._hands
        shortage = [r for r in range(5) if need[r] > bank[r]]
        gains: dict[str, dict[str, int]] = {}
        for q in sorted(demand):
            row = demand[q]
            hand = hands[q]
            got = None
            for r in range(5):
                k = row[r]
                if k and r not in shortage:
                    hand[r] += k
                    bank[r] -= k
                    if got is None:
                        got = gains[colors[q]] = {}
                    got[RESOURCES[r]] = k
        return Produced(gains, blocked, [RESOURCES[r] for r in shortage if need[r]])

    def _producers(self, total: int) -> tuple[tuple, tuple, tuple[int, ...]]:
        """What a roll of ``total`` yields as the buildings stand: the hexes with that
        number as (hex, resource, ((seat, 1 or 2), ...)) for each player's building at its
        corners (Katan pro dva's neutrals never produce); then, with nobody robbed, the
        yields ((seat, ((resource, n), ...)), ...) in seat order and the need per resource."""
        n = self._player_count
        owner, level = self._node_owner, self._node_level
        resources = self.board.hex_resource
        producers = tuple(
            (h, resources[h], tuple((owner[node], level[node]) for node in HEX_CORNERS[h]
                                    if 0 <= owner[node] < n))
            for h in self.board.number_hexes[total])
        demand = [[0] * 5 for _ in range(n)]
        for _, r, owners in producers:
            for o, k in owners:
                demand[o][r] += k
        yields = tuple((q, tuple((r, k) for r, k in enumerate(row) if k))
                       for q, row in enumerate(demand) if any(row))
        need = tuple(sum(row[r] for row in demand) for r in range(5))
        return producers, yields, need

    def _do_discard(self, p: int, a: Discard) -> list:
        cards = resource_counts(a.cards)
        phase_is(self, ("discard",))
        players_turn(self, p)
        discard_half(self, p, cards)
        self._pay(p, cards)
        self._discards_owed[p] = 0
        color = self._colors[p]
        events: list = [Discarded(color, resource_dict(cards))]
        if not any(self._discards_owed):
            self._phase = "robber"
            events.append(PhaseChanged(self._colors[self._current], "robber"))
        self.history.append(a)
        return events

    def _robber_args(self, a: MoveRobber | PlayKnight) -> tuple[int, int, int]:
        h = hex_index(a.hex)
        victim = -1 if a.victim is None else self._player(a.victim)
        card = -1
        if a.card is not None:
            if victim < 0:
                raise InvalidInput("Ukradenou kartu lze zadat jen s okradeným hráčem.")
            card = resource_index(a.card)
        return h, victim, card

    def _check_stolen_card(self, victim: int, card: int) -> None:
        if card >= 0 and self._hands[victim][card] == 0:
            raise RuleViolation("card_not_in_hand", "Okradený hráč tuto surovinu nemá.",
                                "zlodej")

    def _do_move_robber(self, p: int, a: MoveRobber) -> list:
        h, victim, card = self._robber_args(a)
        players_turn(self, p)
        phase_is(self, ("robber",))
        robber_moves_away(self, h)
        robber_victim(self, p, h, victim, "sedmicka-padla-nastupuje-zlodej", True)
        self._check_stolen_card(victim, card)
        events: list = []
        card = self._move_robber_and_steal(p, h, victim, card, events)
        self._phase = self._after_roll_phase()
        events.append(PhaseChanged(self._colors[p], self._phase))
        self.history.append(a if a.card is not None or victim < 0 else
                            MoveRobber(a.player, a.hex, a.victim, RESOURCES[card]))
        return events

    # -- development cards (Akční karty) -----------------------------------------------

    def _card_checks(self, p: int, card: int) -> None:
        players_turn(self, p)
        phase_is(self, CARD_PHASES)
        one_card_per_turn(self)
        card_playable(self, p, card)

    def _play(self, p: int, card: int) -> list:
        self._dev_cards[p][card] -= 1
        self._played_cards[p][card] += 1
        self._dev_card_played = True
        return [CardPlayed(self._colors[p], DEV_CARDS[card])]

    def _do_knight(self, p: int, a: PlayKnight) -> list:
        h, victim, card = self._robber_args(a)
        self._card_checks(p, KNIGHT)
        robber_moves_away(self, h)
        robber_victim(self, p, h, victim, "rytir", False)
        self._check_stolen_card(victim, card)
        events = self._play(p, KNIGHT)
        card = self._move_robber_and_steal(p, h, victim, card, events)
        self._update_largest_army(events)
        self._check_win(events)
        self.history.append(a if a.card is not None or victim < 0 else
                            PlayKnight(a.player, a.hex, a.victim, RESOURCES[card]))
        return events

    def _do_road_building(self, p: int, a: PlayRoadBuilding) -> list:
        if not isinstance(a.paths, tuple | list) or not 1 <= len(a.paths) <= 2:
            raise InvalidInput("Stavba silnic: zadejte 1 nebo 2 cesty.")
        paths = [path_index(x) for x in a.paths]
        self._card_checks(p, ROAD_BUILDING)
        placed: list[int] = []
        try:
            for path in paths:
                piece_available(self, p, "road")
                path_free(self, path)
                road_connects(self, p, path)
                self._put_road(p, path)
                placed.append(path)
            if len(paths) == 1 and len(self._roads[p]) < MAX_ROADS and self._road_spots(p):
                raise RuleViolation("road_building_two_roads",
                                    "Stavba silnic staví 2 silnice; jen 1, když druhá nejde "
                                    "postavit.", "pokrok")
        except RuleViolation:
            for path in placed:
                self._take_road(p, path)
            raise
        events = self._play(p, ROAD_BUILDING)
        color = self._colors[p]
        for path in paths:
            events.append(Built(color, "road", PATH_IDS[path]))
        self._update_longest_road((p,), events)
        return self._finish_build(p, len(paths), events, a)

    def _do_year_of_plenty(self, p: int, a: PlayYearOfPlenty) -> list:
        if not isinstance(a.resources, tuple | list) or len(a.resources) != 2:
            raise InvalidInput("Vynález: zadejte 2 suroviny.")
        wanted = [0] * 5
        for name in a.resources:
            wanted[resource_index(name)] += 1
        self._card_checks(p, YEAR_OF_PLENTY)
        bank_can_pay(self, wanted)
        events = self._play(p, YEAR_OF_PLENTY)
        for r in range(5):
            self._hands[p][r] += wanted[r]
            self._bank[r] -= wanted[r]
        events.append(YearOfPlenty(self._colors[p], (a.resources[0], a.resources[1])))
        self.history.append(a)
        return events

    def _do_monopoly(self, p: int, a: PlayMonopoly) -> list:
        r = resource_index(a.resource)
        self._card_checks(p, MONOPOLY)
        events = self._play(p, MONOPOLY)
        taken = {}
        for q in range(self._player_count):
            if q != p and self._hands[q][r]:
                k = self._hands[q][r]
                self._hands[q][r] = 0
                self._hands[p][r] += k
                taken[self._colors[q]] = k
        events.append(MonopolyTaken(self._colors[p], RESOURCES[r], taken))
        self.history.append(a)
        return events

    # -- building (Stavění) ------------------------------------------------------------

    def _do_build_road(self, p: int, a: BuildRoad) -> list:
        path = path_index(a.path)
        players_turn(self, p)
        phase_is(self, BUILD_PHASES)
        path_free(self, path)
        road_connects(self, p, path)
        piece_available(self, p, "road")
        can_afford(self, p, ROAD_COST, "road")
        self._pay(p, ROAD_COST)
        self._put_road(p, path)
        events: list = [Built(self._colors[p], "road", PATH_IDS[path])]
        self._update_longest_road((p,), events)
        return self._finish_build(p, 1, events, a)

    def _do_build_settlement(self, p: int, a: BuildSettlement) -> list:
        node = node_index(a.node)
        players_turn(self, p)
        phase_is(self, BUILD_PHASES)
        intersection_free(self, node)
        distance_rule(self, node)
        settlement_touches_own_road(self, p, node)
        piece_available(self, p, "settlement")
        can_afford(self, p, SETTLEMENT_COST, "settlement")
        self._pay(p, SETTLEMENT_COST)
        self._put_settlement(p, node, fresh=True)
        events: list = [Built(self._colors[p], "settlement", INTERSECTION_IDS[node])]
        self._after_settlement(p, node, events)
        self._settlement_built(p, node, events)
        return self._finish_build(p, 1, events, a)

    def _do_build_city(self, p: int, a: BuildCity) -> list:
        node = node_index(a.node)
        players_turn(self, p)
        phase_is(self, BUILD_PHASES)
        city_replaces_own_settlement(self, p, node)
        piece_available(self, p, "city")
        can_afford(self, p, CITY_COST, "city")
        self._pay(p, CITY_COST)
        self._put_city(p, node)
        events: list = [Built(self._colors[p], "city", INTERSECTION_IDS[node])]
        return self._finish_build(p, 0, events, a)

    def _do_buy(self, p: int, a: BuyDevelopmentCard) -> list:
        wanted = -1 if a.card is None else card_index(a.card)
        players_turn(self, p)
        phase_is(self, BUILD_PHASES)
        deck_not_empty(self)
        can_afford(self, p, DEV_CARD_COST, "development_card")
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
        self._dev_cards_new[p][card] += 1
        events: list = [CardBought(self._colors[p], DEV_CARDS[card])]
        self._check_win(events)
        self.history.append(a if wanted >= 0 else BuyDevelopmentCard(a.player, DEV_CARDS[card]))
        return events

    # -- trade (Obchod) ----------------------------------------------------------------

    def _do_trade_bank(self, p: int, a: TradeBank) -> list:
        give, get = resource_index(a.give), resource_index(a.get)
        count = a.count
        if not isinstance(count, int) or isinstance(count, bool) or count < 1:
            raise InvalidInput("Počet karet při obchodu se zámořím musí být kladné celé číslo.")
        players_turn(self, p)
        phase_is(self, TRADE_PHASES)
        maritime_rate(self, p, give, get, count)
        wanted = [0] * 5
        wanted[get] = count
        bank_can_pay(self, wanted)
        rate = self._trade_rate(p, give)
        hand, bank = self._hands[p], self._bank
        hand[give] -= rate * count
        bank[give] += rate * count
        hand[get] += count
        bank[get] -= count
        self.history.append(a)
        return [BankTraded(self._colors[p], a.give, a.get, rate, count)]

    def _do_trade_players(self, p: int, a: TradePlayers) -> list:
        """An agreed trade applied at once (recorded games); live play offers first."""
        q = self._player(a.partner)
        give, get = resource_counts(a.give), resource_counts(a.get)
        self._check_offer(p, q, give, get)
        holds_cards(self, q, get, "Spoluhráč")
        self._swap_cards(p, q, give, get)
        self.history.append(a)
        return [Traded(self._colors[p], self._colors[q], resource_dict(give),
                       resource_dict(get))]

    def _check_offer(self, p: int, q: int, give: list[int], get: list[int]) -> None:
        """What an offer by the player on turn must satisfy (Obchod vnitřní)."""
        trade_only_with_active_player(self, p)
        players_turn(self, p)
        phase_is(self, TRADE_PHASES)
        if q == p:
            raise RuleViolation("trade_with_self", "Obchodovat lze jen s jiným hráčem.",
                                "obchod-vnitrni")
        no_gifts(give, get)
        not_same_resource_both_ways(give, get)
        holds_cards(self, p, give, "Hráč na tahu")

    # Domestic trade with consent: offer, then accept / decline / counter-offer.

    def _do_offer(self, p: int, a: OfferTrade) -> list:
        q = -1 if a.partner is None else self._player(a.partner)
        give, get = resource_counts(a.give), resource_counts(a.get)
        # The partner's hand is not checked here: it is hidden; accepting checks it.
        self._check_offer(p, q, give, get)
        n = self._player_count
        to = (q,) if q >= 0 else tuple((p + k) % n for k in range(1, n))
        self._offer = Offer(p, tuple(give), tuple(get), to, False)
        self._interrupt("offer")
        self.history.append(a)
        return [TradeOffered(self._colors[p], [self._colors[x] for x in to],
                             resource_dict(give), resource_dict(get), False)]

    def _pending_offer(self, p: int) -> Offer:
        offer_pending(self)
        players_turn(self, p)
        return self._offer  # type: ignore[return-value]

    def _do_accept(self, p: int, a: AcceptTrade) -> list:
        offer = self._pending_offer(p)
        holds_cards(self, p, list(offer.get), "Spoluhráč" if offer.offerer == self._current
                    else "Hráč na tahu")
        self._swap_cards(offer.offerer, p, offer.give, offer.get)
        self._offer = None
        self._end_interruption()
        self.history.append(a)
        c = self._current
        partner = p if offer.offerer == c else offer.offerer
        give, get = (offer.give, offer.get) if offer.offerer == c else (offer.get, offer.give)
        return [Traded(self._colors[c], self._colors[partner], resource_dict(give),
                       resource_dict(get))]

    def _do_decline(self, p: int, a: DeclineTrade) -> list:
        offer = self._pending_offer(p)
        rest = offer.to[1:]
        if rest:
            self._offer = offer._replace(to=rest)
        else:
            self._offer = None
            self._end_interruption()
        self.history.append(a)
        return [TradeDeclined(self._colors[p], self._colors[offer.offerer])]

    def _do_counter(self, p: int, a: CounterOffer) -> list:
        give, get = resource_counts(a.give), resource_counts(a.get)
        offer = self._pending_offer(p)
        if offer.counter:
            raise RuleViolation("counter_to_counter",
                                "Na protinabídku se odpovídá jen přijetím nebo odmítnutím.",
                                "obchod-vnitrni")
        no_gifts(give, get)
        not_same_resource_both_ways(give, get)
        holds_cards(self, p, give, "Spoluhráč")
        c = self._current
        self._offer = Offer(p, tuple(give), tuple(get), (c,), True)
        self.history.append(a)
        return [TradeOffered(self._colors[p], [self._colors[c]], resource_dict(give),
                             resource_dict(get), True)]

    # -- the end of the phases ---------------------------------------------------------

    def _do_end_trade(self, p: int, a: EndTrade) -> list:
        players_turn(self, p)
        phase_is(self, ("trade",))
        self._phase = "build"
        self.history.append(a)
        return [PhaseChanged(self._colors[p], "build")]

    def _do_end_turn(self, p: int, a: EndTurn) -> list:
        players_turn(self, p)
        phase_is(self, ("trade", "build", "main"))
        old, new = self._dev_cards[p], self._dev_cards_new[p]
        for card in range(5):
            if new[card]:
                old[card] += new[card]
                new[card] = 0
        self._fresh_harbors[p] = 0
        self._dev_card_played = False
        self._rolls = self._first_roll_total = 0
        self._new_turn()
        nxt = (p + 1) % self._player_count
        self._current = nxt
        self._turn_number += 1
        self._phase = "roll"
        events: list = [TurnEnded(self._colors[p]),
                        TurnStarted(self._colors[nxt], self._turn_number)]
        # A player who holds enough points when the turn comes to him wins in it.
        self._check_win(events)
        self.history.append(a)
        return events

    # -- legal actions -----------------------------------------------------------------

    def legal_actions(self, domestic_trades: bool = True) -> list[Action]:
        """Everything the acting player may do now. Chance fields are left None. Domestic
        trades are listed only 1-for-1 and maritime trades only for one card; apply()
        accepts any legal trade. ``domestic_trades=False`` leaves the offers of domestic
        trades out (for a player who never offers one)."""
        phase = self._phase
        p = self._acting()
        acts = self._seat_actions[p]
        if phase == "trade" or phase == "main":
            out = [acts.end_trade, acts.end_turn] if phase == "trade" else [acts.end_turn]
            trade_actions(self, p, acts, out, domestic_trades)
            if phase == "main":
                build_actions(self, p, acts, out)
            if not self._dev_card_played:
                card_actions(self, p, acts, out)
            self._extra_turn_actions(p, out)
            return out
        if phase == "build":
            out = [acts.end_turn]
            build_actions(self, p, acts, out)
            if not self._dev_card_played:
                card_actions(self, p, acts, out)
            self._extra_turn_actions(p, out)
            return out
        if phase == "roll":
            out = [acts.roll]
            if not self._dev_card_played:
                card_actions(self, p, acts, out)
            self._extra_turn_actions(p, out)
            return out
        if phase == "offer":
            return answers(self, p, acts)
        if phase == "robber":
            return robber_actions(self, p, acts.robber)
        if phase == "discard":
            return discard_actions(self, p, acts)
        if phase == "setup":
            return setup_actions(self, acts)
        return []

    def production(self, total: int) -> Produced:
        """What a roll of ``total`` (not 7) would pay out now, as the ``produced`` event;
        the position does not change."""
        return self.copy()._produce(total)

    # -- why not (resources ignored) ---------------------------------------------------

    def why_not_settlement(self, color: str, node: str) -> RuleViolation | None:
        """Why the player could not build a settlement there (resources ignored), or None."""
        p, n = self._player(color), node_index(node)
        try:
            intersection_free(self, n)
            distance_rule(self, n)
            if self._phase != "setup":
                settlement_touches_own_road(self, p, n)
                piece_available(self, p, "settlement")
        except RuleViolation as exc:
            return exc
        return None

    def why_not_road(self, color: str, path: str) -> RuleViolation | None:
        """Why the player could not build a road there (resources ignored), or None."""
        p, q = self._player(color), path_index(path)
        try:
            path_free(self, q)
            if self._phase == "setup" and self._setup_node >= 0:
                setup_road_touches_new_settlement(self, q)
            else:
                road_connects(self, p, q)
                piece_available(self, p, "road")
        except RuleViolation as exc:
            return exc
        return None

    # -- what only Katan pro dva has: the base game's answers --------------------------

    @property
    def neutral_builds_owed(self) -> int:
        return 0

    @property
    def first_roll_total(self) -> int | None:
        """Katan pro dva: the first roll's total once it is made in this turn."""
        return None

    def trade_cards(self, color: str) -> int:
        """Katan pro dva: the player's trade cards (0 in the base game)."""
        self._player(color)
        return 0

    @property
    def trade_card_pile(self) -> int:
        return 0

    def trade_card_cost(self, color: str) -> int:
        """Katan pro dva: what one trade-card action costs the player now (1 or 2)."""
        two_player_only()
        return 0

    def set_trade_cards(self, color: str, n: int) -> None:
        """Katan pro dva: how many trade cards the player holds (0–7, from the pile of 14)."""
        two_player_only()

    # -- sandbox set-up (bypasses costs and turn order, never the board's geometry) ----

    def place_settlement(self, color: str, node: str, city: bool = False) -> list[Event]:
        """Put a settlement (or a city) on the board for free; the distance rule holds.
        Katan pro dva: a neutral colour takes settlements only."""
        p, n = self._owner(color), node_index(node)
        if p >= self._player_count and city:
            raise InvalidInput("Neutrální hráč staví jen vesnice a silnice.")
        events: list = []
        if city and self._node_owner[n] == p and self._node_level[n] == 1:
            piece_available(self, p, "city")
            self._put_city(p, n)
            return events
        intersection_free(self, n)
        distance_rule(self, n)
        piece_available(self, p, "city" if city else "settlement")
        self._put_settlement(p, n, fresh=False)
        if city:
            self._put_city(p, n)
        self._after_settlement(p, n, events)
        return events

    def place_road(self, color: str, path: str) -> list[Event]:
        """Put a road on the board for free (it need not connect)."""
        p, q = self._owner(color), path_index(path)
        path_free(self, q)
        piece_available(self, p, "road")
        self._put_road(p, q)
        events: list = []
        self._update_longest_road((p,), events)
        return events

    def set_hand(self, color: str, cards: dict[str, int]) -> None:
        """Replace a hand; the cards come from (or go back to) the bank."""
        p = self._player(color)
        counts = resource_counts(cards)
        for r in range(5):
            if self._bank[r] + self._hands[p][r] < counts[r]:
                raise InvalidInput(f"V banku není dost karet suroviny {RESOURCES[r]}.")
        for r in range(5):
            self._bank[r] += self._hands[p][r] - counts[r]
            self._hands[p][r] = counts[r]

    def set_robber(self, hex_id: str) -> None:
        self._robber_hex = hex_index(hex_id)

    def set_dev_cards(self, color: str, cards: Iterable[str]) -> None:
        """Replace the player's unplayed development cards (they come from the deck)."""
        p = self._player(color)
        wanted = [0] * 5
        for name in cards:
            wanted[card_index(name)] += 1
        for card in range(5):
            self._deck[:0] = [card] * (self._dev_cards[p][card] + self._dev_cards_new[p][card])
            self._dev_cards[p][card] = self._dev_cards_new[p][card] = 0
        for card in range(5):
            self._take_from_deck(card, wanted[card])
            self._dev_cards[p][card] = wanted[card]

    def set_played_knights(self, color: str, n: int) -> list[Event]:
        """Set how many knights the player has played (Largest Army follows)."""
        p = self._player(color)
        if not isinstance(n, int) or n < 0:
            raise InvalidInput("Počet rytířů musí být celé nezáporné číslo.")
        have = self._played_cards[p][KNIGHT]
        if n > have:
            self._take_from_deck(KNIGHT, n - have)
        else:
            self._deck[:0] = [KNIGHT] * (have - n)
        self._played_cards[p][KNIGHT] = n
        events: list = []
        self._update_largest_army(events, retired=p if n < have else -1)
        return events

    def set_special_card_holders(self, *, longest_road: str | None = "recorded",
                                 largest_army: str | None = "recorded") -> list[Event]:
        """Sandbox: say who held each special card (a colour, None for nobody, "unknown",
        or "recorded" to leave it); the rules then decide who holds it in this position, as
        everywhere else (Position._decide_longest_road / _decide_largest_army): e.g. the
        holder of 3 knights keeps the card when another reaches 3, a tie after a break
        sends the Longest Road aside. Where the position cannot tell (a tie whose holder is
        "unknown"), nobody holds it."""
        events: list = []
        for card, claim, seat_of in (("longest_road", longest_road, self._owner),
                                     ("largest_army", largest_army, self._player)):
            if claim == "recorded":
                continue
            seat = None if claim == "unknown" else -1 if claim is None else seat_of(claim)
            if card == "longest_road":
                to, _code = self._decide_longest_road(seat)
                old = self._longest_road_holder
                self._longest_road_holder = -1 if to is None else to
                new = self._longest_road_holder
                length = self._road_lengths[new] if new >= 0 else max(self._road_lengths)
            else:
                to, _code = self._decide_largest_army(seat)
                old = self._largest_army_holder
                self._largest_army_holder = -1 if to is None else to
                new = self._largest_army_holder
                length = self._played_cards[new][KNIGHT] if new >= 0 else max(
                    self._played_cards[q][KNIGHT] for q in range(self._player_count))
            if new != old:
                events.append(SpecialCardMoved(card, self._colors[old] if old >= 0 else None,
                                               self._colors[new] if new >= 0 else None,
                                               "set", length))
        return events

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
        self._dev_card_played = False
        for q in range(self._player_count):  # a new turn: cards bought before are playable now
            for card in range(5):
                self._dev_cards[q][card] += self._dev_cards_new[q][card]
                self._dev_cards_new[q][card] = 0
        self._fresh_harbors = [0] * self._seat_count
        self._discards_owed = [0] * self._player_count
        self._winner = -1
        self._offer = None
        self._resume_phase = ""
        self._new_turn()
        self._rolls = 0 if phase == "roll" else self.rolls_per_turn
        self._first_roll_total = 0

    # -- JSON (engine.position_json) ---------------------------------------------------

    def to_json(self) -> dict:
        """The whole position as plain JSON data (readable ids), random state included."""
        return position_to_json(self)

    @classmethod
    def from_json(cls, d: dict) -> Game:
        """The position that ``to_json`` wrote (a Katan pro dva game if its rules say so)."""
        try:
            rules = read_rules(d)
            game = load_position(find_variant(rules), d, rules)
            game._check_position()
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise InvalidInput(f"Neplatná pozice: {exc!r}.") from None
        return game  # type: ignore[return-value]


Game.handlers = {
    PlaceSettlement: Game._do_place_settlement,
    PlaceRoad: Game._do_place_road,
    RollDice: Game._do_roll,
    Discard: Game._do_discard,
    MoveRobber: Game._do_move_robber,
    PlayKnight: Game._do_knight,
    PlayRoadBuilding: Game._do_road_building,
    PlayYearOfPlenty: Game._do_year_of_plenty,
    PlayMonopoly: Game._do_monopoly,
    BuildRoad: Game._do_build_road,
    BuildSettlement: Game._do_build_settlement,
    BuildCity: Game._do_build_city,
    BuyDevelopmentCard: Game._do_buy,
    TradeBank: Game._do_trade_bank,
    TradePlayers: Game._do_trade_players,
    OfferTrade: Game._do_offer,
    AcceptTrade: Game._do_accept,
    DeclineTrade: Game._do_decline,
    CounterOffer: Game._do_counter,
    EndTrade: Game._do_end_trade,
    EndTurn: Game._do_end_turn,
}
register_variant(Game)
