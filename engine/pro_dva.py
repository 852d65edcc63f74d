"""Katan pro dva (001, the Almanach page "katan-pro-dva"): the game for two, a variant of
the base game.

Two neutral colours (the colours nobody chose) take the seats after the players: every road
or settlement a player builds brings a free settlement (or road) for a neutral. Each turn
has two rolls whose totals differ. Trade cards buy a forced trade or the robber's way back
to the desert, and a played knight can be retired for 2 of them; after that a tie for the
Largest Army costs the holder the card.

:class:`ProDvaGame` is a subclass of :class:`~engine.game.Game`: its state, its handlers,
its rule checks, its position checks and its move-generation additions live here, and reach
the base game through its class flags and no-op hooks. ``Game.new(...,
rules=Rules(two_player=True))`` and ``Game.from_json`` build it (:func:`register_variant`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Self

from .actions import (
    Action,
    BuildNeutralRoad,
    BuildNeutralSettlement,
    ForcedTrade,
    GiveBack,
    RetireKnight,
    RobberToDesert,
)
from .board import Board
from .constants import (
    COLOR_CZ,
    COLORS,
    KNIGHT,
    MAX_ROADS,
    MAX_SETTLEMENTS,
    NEUTRAL_SPOTS,
    RESOURCES,
    TRADE_CARDS,
    TRADE_CARDS_MAX,
    TRADE_CARDS_START,
)
from .errors import InvalidInput, RuleViolation
from .events import (
    ForcedTradeDrawn,
    GivenBack,
    KnightRetired,
    NeutralBuilt,
    PhaseChanged,
    TradeCardsChanged,
)
from .game import CARD_PHASES, Game, register_variant
from .movegen import cached_by_counts, multisets
from .notation import (
    count,
    flag,
    node_index,
    path_index,
    resource_counts,
    resource_dict,
    resource_index,
)
from .options import Rules
from .rules import (
    PHASE_MESSAGES,
    distance_rule,
    intersection_free,
    path_free,
    phase_is,
    piece_available,
    players_turn,
    road_connects,
    settlement_touches_own_road,
    two_player_only,
)
from .topology import HEX_INDEX, INTERSECTION_HEXES, INTERSECTION_IDS, PATH_IDS


class ProDvaActions:
    """Katan pro dva's action objects of one colour, built once (see movegen.SeatActions)."""

    def __init__(self, color: str) -> None:
        self.color = color
        self.forced_trade = ForcedTrade(color)
        self.robber_to_desert = RobberToDesert(color)
        self.retire_knight = RetireKnight(color)
        self.give_back: dict[tuple[int, ...], GiveBack] = {}
        self.neutral_settlement = {
            neutral: [BuildNeutralSettlement(color, neutral, n) for n in INTERSECTION_IDS]
            for neutral in COLORS if neutral != color}
        self.neutral_road = {
            neutral: [BuildNeutralRoad(color, neutral, q) for q in PATH_IDS]
            for neutral in COLORS if neutral != color}


PRO_DVA_ACTIONS = {color: ProDvaActions(color) for color in COLORS}


class ProDvaGame(Game):
    """A game of Katan pro dva: exactly 2 players (sandboxes too)."""

    variant = "katan_pro_dva"
    phases = (*Game.phases, "neutral", "give_back")
    interruptions = (*Game.interruptions, "neutral", "give_back")
    # This variant's keys of the position JSON, as every other game writes them.
    own_json_keys = {"trade_cards": {}, "trade_card_action_used": False,
                     "knight_retired": False, "removed_knights": 0, "neutral_builds_owed": 0}
    player_counts = (2,)
    sandbox_player_counts = (2,)
    player_count_message = "Katan pro dva hrají právě 2 hráči."
    sandbox_player_count_message = player_count_message
    rolls_per_turn = 2
    largest_army_tie_loses = True

    __slots__ = (
        "_trade_cards",              # player -> trade cards in hand
        "_trade_card_action_used",   # a trade-card action taken in this turn
        "_knight_retired",           # a knight retired for trade cards in this turn
        "_removed_knights",          # knights retired from the game
        "_neutral_builds_owed",      # free neutral pieces still to build
        "_pro_dva_actions",
    )

    def __init__(self, board: Board, players: Sequence[str], rules: Rules,
                 rng: random.Random) -> None:
        super().__init__(board, players, rules, rng)
        self._trade_cards = [0] * self._player_count
        self._trade_card_action_used = False
        self._knight_retired = False
        self._removed_knights = 0
        self._neutral_builds_owed = 0
        self._pro_dva_actions = [PRO_DVA_ACTIONS[c] for c in self.players]

    def copy(self) -> Self:
        new = super().copy()
        new._trade_cards = self._trade_cards[:]
        new._trade_card_action_used = self._trade_card_action_used
        new._knight_retired = self._knight_retired
        new._removed_knights = self._removed_knights
        new._neutral_builds_owed = self._neutral_builds_owed
        new._pro_dva_actions = self._pro_dva_actions
        return new

    @classmethod
    def _neutral_colors(cls, players: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(c for c in COLORS if c not in players)

    def _neutral(self, color: object) -> int:
        s = self._owner(color)
        if s < self._player_count:
            raise RuleViolation("not_a_neutral",
                                f"{COLOR_CZ.get(color, color).capitalize()} není neutrální "
                                "hráč.", "katan-pro-dva")
        return s

    # -- the base game's hooks ---------------------------------------------------------

    def _prepare_new_game(self) -> None:
        """Each neutral colour's settlement on its marked intersection (a reconstruction,
        see constants.NEUTRAL_SPOTS), and 4 trade cards per player."""
        for s in range(self._player_count, self._seat_count):
            self._put_settlement(s, node_index(NEUTRAL_SPOTS[self._colors[s]]), fresh=False)
        self._trade_cards = [TRADE_CARDS_START] * self._player_count

    def _prepare_sandbox(self) -> None:
        self._trade_cards = [TRADE_CARDS_START] * self._player_count

    def _settlement_built(self, p: int, node: int, events: list) -> None:
        """Zisk obchodních karet: one's own settlement next to the desert 2, on the coast 1,
        both 3 (the set-up included), never above 7."""
        hexes = INTERSECTION_HEXES[node]
        gain = 2 if any(self.board.hex_resource[h] < 0 for h in hexes) else 0
        if len(hexes) < 3:
            gain += 1
        if gain:
            self._gain_trade_cards(p, gain, "settlement", events)

    def _owe_builds(self, p: int, pieces: int, events: list) -> None:
        """Postup stavění pro neutrálního hráče: a road or a settlement of one's own brings
        a free settlement (or road) for a neutral of the builder's choice."""
        if self._phase == "over" or not self._neutral_build_possible():
            return
        self._neutral_builds_owed += pieces
        if self._phase != "neutral":
            self._interrupt("neutral")
            events.append(PhaseChanged(self._colors[p], "neutral"))

    def _dice_refusal(self, total: int) -> RuleViolation | None:
        """"oba hozené součty musí být rozdílné": the second roll is repeated until its
        total differs from the first."""
        if self._rolls == 1 and total == self._first_roll_total:
            return second_roll_differs(self._first_roll_total)
        return None

    def _new_turn(self) -> None:
        self._trade_card_action_used = self._knight_retired = False
        self._neutral_builds_owed = 0

    def _knight_retired_this_turn(self) -> bool:
        return self._knight_retired

    def _cards_out_of_game(self, card: int) -> int:
        return self._removed_knights if card == KNIGHT else 0

    def _check_position(self) -> None:
        super()._check_position()
        for check in (first_roll_made, neutral_builds, give_back_owed, trade_card_counts):
            check(self)

    def _variant_json(self) -> dict:
        players = self.players
        return {
            "trade_cards": {c: self._trade_cards[p] for p, c in enumerate(players)},
            "trade_card_action_used": self._trade_card_action_used,
            "knight_retired": self._knight_retired,
            "removed_knights": self._removed_knights,
            "neutral_builds_owed": self._neutral_builds_owed,
        }

    @staticmethod
    def _refuse_own_state(d: dict) -> None:
        """The base game loads none of this variant's state."""
        if d.get("trade_cards"):
            raise InvalidInput("Obchodní karty má jen Katan pro dva.", "position_trade_cards")
        if (flag(d.get("trade_card_action_used", False))
                or flag(d.get("knight_retired", False))):
            raise InvalidInput("Akce obchodních karet má jen Katan pro dva.",
                               "position_trade_cards")
        if count(d.get("removed_knights", 0), "Počet odstraněných rytířů"):
            raise InvalidInput("Rytíře za obchodní karty odstraňuje jen Katan pro dva.",
                               "position_dev_cards")
        if count(d.get("neutral_builds_owed", 0), "Počet neutrálních staveb"):
            raise InvalidInput("Stavba pro neutrálního hráče čeká právě ve fázi neutral.",
                               "position_neutral")

    def _load_variant_json(self, d: dict) -> None:
        for color, k in (d.get("trade_cards") or {}).items():
            self._trade_cards[self._player(color)] = count(k, "Počet obchodních karet")
        self._trade_card_action_used = flag(d.get("trade_card_action_used", False))
        self._knight_retired = flag(d.get("knight_retired", False))
        self._removed_knights = count(d.get("removed_knights", 0), "Počet odstraněných rytířů")
        self._neutral_builds_owed = count(d.get("neutral_builds_owed", 0),
                                          "Počet neutrálních staveb")

    # -- legal actions: the base game's, and these -------------------------------------

    def legal_actions(self, domestic_trades: bool = True) -> list[Action]:
        phase = self._phase
        if phase == "neutral":
            return self._neutral_actions(self._pro_dva_actions[self._current])
        if phase == "give_back":
            p = self._current
            acts = self._pro_dva_actions[p]
            return [cached_by_counts(acts.give_back, combo, GiveBack, acts.color)
                    for combo in multisets(self._hands[p], 2)]
        return super().legal_actions(domestic_trades)

    def _extra_turn_actions(self, p: int, out: list) -> None:
        """The trade-card actions (the player on turn only)."""
        if p != self._current:
            return
        acts = self._pro_dva_actions[p]
        cards = self._trade_cards
        if not self._knight_retired and self._played_cards[p][KNIGHT] and \
                cards[p] < TRADE_CARDS_MAX and sum(cards) < TRADE_CARDS:
            out.append(acts.retire_knight)
        if self._trade_card_action_used or cards[p] < self._trade_card_cost(p):
            return
        k = min(2, sum(self._hands[1 - p]))
        if k and sum(self._hands[p]) + k >= 2:
            out.append(acts.forced_trade)
        if self._robber_hex != self._desert():
            out.append(acts.robber_to_desert)

    def _neutral_actions(self, acts: ProDvaActions) -> list:
        out: list = []
        for s in range(self._player_count, self._seat_count):
            row = acts.neutral_settlement[self._colors[s]]
            out.extend(row[n] for n in sorted(self._neutral_settlement_spots(s)))
        if out:
            return out
        for s in range(self._player_count, self._seat_count):
            row = acts.neutral_road[self._colors[s]]
            out.extend(row[q] for q in sorted(self._neutral_road_spots(s)))
        return out

    # -- neutral colours ---------------------------------------------------------------

    def _neutral_settlement_spots(self, s: int) -> set[int]:
        if len(self._settlements[s]) >= MAX_SETTLEMENTS:
            return set()
        return self._settlement_spots(s)

    def _neutral_road_spots(self, s: int) -> set[int]:
        if len(self._roads[s]) >= MAX_ROADS:
            return set()
        return self._road_spots(s)

    def _neutral_settlement_possible(self) -> bool:
        return any(self._neutral_settlement_spots(s)
                   for s in range(self._player_count, self._seat_count))

    def _neutral_build_possible(self) -> bool:
        return any(self._neutral_settlement_spots(s) or self._neutral_road_spots(s)
                   for s in range(self._player_count, self._seat_count))

    def _neutral_built(self, p: int, s: int, piece: str, place: str, events: list) -> None:
        events.append(NeutralBuilt(self._colors[p], self._colors[s], piece, place))
        self._neutral_builds_owed -= 1
        self._check_win(events)  # a broken road may hand the Longest Road to the builder
        if self._phase == "over":
            self._neutral_builds_owed = 0
        elif not self._neutral_builds_owed or not self._neutral_build_possible():
            self._neutral_builds_owed = 0
            self._end_interruption()
            events.append(PhaseChanged(self._colors[p], self._phase))

    def _do_neutral_settlement(self, p: int, a: BuildNeutralSettlement) -> list:
        node = node_index(a.node)
        players_turn(self, p)
        s = self._neutral(a.neutral)
        phase_is(self, ("neutral",))
        intersection_free(self, node)
        distance_rule(self, node)
        settlement_touches_own_road(self, s, node)
        piece_available(self, s, "settlement")
        self._put_settlement(s, node, fresh=False)
        events: list = []
        self._after_settlement(s, node, events)
        self._neutral_built(p, s, "settlement", INTERSECTION_IDS[node], events)
        self.history.append(a)
        return events

    def _do_neutral_road(self, p: int, a: BuildNeutralRoad) -> list:
        path = path_index(a.path)
        players_turn(self, p)
        s = self._neutral(a.neutral)
        phase_is(self, ("neutral",))
        neutral_road_only_without_settlement(self)
        path_free(self, path)
        road_connects(self, s, path)
        piece_available(self, s, "road")
        self._put_road(s, path)
        events: list = []
        self._update_longest_road((s,), events)
        self._neutral_built(p, s, "road", PATH_IDS[path], events)
        self.history.append(a)
        return events

    # -- trade cards -------------------------------------------------------------------

    def _gain_trade_cards(self, p: int, gain: int, reason: str, events: list) -> None:
        pile = TRADE_CARDS - sum(self._trade_cards)
        gain = min(gain, TRADE_CARDS_MAX - self._trade_cards[p], pile)
        if gain > 0:
            self._trade_cards[p] += gain
            events.append(TradeCardsChanged(self._colors[p], gain, self._trade_cards[p],
                                            reason))

    def _visible_points(self, p: int) -> int:
        return self._points_total(p) - self._hidden_points(p)

    def _trade_card_cost(self, p: int) -> int:
        """1 trade card when one's points (victory-point cards not counted) are at most the
        opponent's, else 2."""
        return 1 if self._visible_points(p) <= self._visible_points(1 - p) else 2

    def _trade_card_action(self, p: int) -> int:
        """Checks every trade-card action shares; returns its cost."""
        players_turn(self, p)
        phase_is(self, CARD_PHASES)
        one_trade_card_action(self)
        cost = self._trade_card_cost(p)
        enough_trade_cards(self, p, cost)
        return cost

    def _pay_trade_cards(self, p: int, cost: int, events: list) -> None:
        self._trade_cards[p] -= cost
        self._trade_card_action_used = True
        events.append(TradeCardsChanged(self._colors[p], -cost, self._trade_cards[p], "paid"))

    def _do_forced_trade(self, p: int, a: ForcedTrade) -> list:
        drawn = None
        if a.drawn is not None:
            if not isinstance(a.drawn, tuple | list) or not 1 <= len(a.drawn) <= 2:
                raise InvalidInput("Vytažené karty: 1 nebo 2 suroviny.")
            drawn = [resource_index(name) for name in a.drawn]
        cost = self._trade_card_action(p)
        q = 1 - p
        victim = self._hands[q]
        k = min(2, sum(victim))
        forced_trade_possible(self, p, k)
        if drawn is not None:
            drawn_cards_fit(victim, drawn, k)
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
        events.append(ForcedTradeDrawn(self._colors[p], self._colors[q], resource_dict(taken)))
        self._interrupt("give_back")
        events.append(PhaseChanged(self._colors[p], "give_back"))
        self.history.append(ForcedTrade(a.player, tuple(RESOURCES[r] for r in drawn)))
        return events

    def _do_give_back(self, p: int, a: GiveBack) -> list:
        cards = resource_counts(a.cards)
        players_turn(self, p)
        phase_is(self, ("give_back",))
        give_back_two(self, p, cards)
        q = 1 - p
        self._swap_cards(p, q, cards, [0] * 5)
        self._end_interruption()
        self.history.append(a)
        return [GivenBack(self._colors[p], self._colors[q], resource_dict(cards)),
                PhaseChanged(self._colors[p], self._phase)]

    def _desert(self) -> int:
        return HEX_INDEX[self.board.robber_start]

    def _do_robber_to_desert(self, p: int, a: RobberToDesert) -> list:
        cost = self._trade_card_action(p)
        desert = self._desert()
        robber_not_in_desert(self, desert)
        events: list = []
        self._pay_trade_cards(p, cost, events)
        self._move_robber_and_steal(p, desert, -1, -1, events)
        self.history.append(a)
        return events

    def _do_retire_knight(self, p: int, a: RetireKnight) -> list:
        players_turn(self, p)
        phase_is(self, CARD_PHASES)
        knight_retirable(self, p)
        self._played_cards[p][KNIGHT] -= 1
        self._removed_knights += 1
        self._knight_retired = True
        events: list = [KnightRetired(self._colors[p], self._played_cards[p][KNIGHT])]
        self._gain_trade_cards(p, 2, "knight_retired", events)
        self._update_largest_army(events)
        self.history.append(a)
        return events

    # -- public reads and the sandbox setter -------------------------------------------

    @property
    def neutral_builds_owed(self) -> int:
        return self._neutral_builds_owed

    @property
    def first_roll_total(self) -> int | None:
        """The first roll's total once it is made in this turn."""
        return self._first_roll_total if self._rolls == 1 else None

    def trade_cards(self, color: str) -> int:
        """The player's trade cards."""
        return self._trade_cards[self._player(color)]

    @property
    def trade_card_pile(self) -> int:
        return TRADE_CARDS - sum(self._trade_cards)

    def trade_card_cost(self, color: str) -> int:
        """What one trade-card action costs the player now (1 or 2)."""
        return self._trade_card_cost(self._player(color))

    def set_trade_cards(self, color: str, n: int) -> None:
        """How many trade cards the player holds (0–7, from the pile of 14)."""
        p = self._player(color)
        if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= TRADE_CARDS_MAX:
            raise InvalidInput(f"Obchodních karet může mít hráč 0–{TRADE_CARDS_MAX}.")
        if sum(self._trade_cards) - self._trade_cards[p] + n > TRADE_CARDS:
            raise InvalidInput(f"Obchodních karet je jen {TRADE_CARDS}.")
        self._trade_cards[p] = n


def _refuse_trade_card_action(game: Game, p: int, a: Action) -> list:
    two_player_only()
    return []


def _refuse_neutral_action(game: Game, p: int, a: Action) -> list:
    two_player_only("Neutrální hráči a vracení karet za vynucený obchod jsou")
    return []


ProDvaGame.handlers = {
    **Game.handlers,
    BuildNeutralSettlement: ProDvaGame._do_neutral_settlement,
    BuildNeutralRoad: ProDvaGame._do_neutral_road,
    ForcedTrade: ProDvaGame._do_forced_trade,
    GiveBack: ProDvaGame._do_give_back,
    RobberToDesert: ProDvaGame._do_robber_to_desert,
    RetireKnight: ProDvaGame._do_retire_knight,
}
# The base game refuses these actions with a reason (Game.apply, engine.game.REFUSED).
ProDvaGame.refused_elsewhere = {
    ForcedTrade: _refuse_trade_card_action,
    RobberToDesert: _refuse_trade_card_action,
    RetireKnight: _refuse_trade_card_action,
    GiveBack: _refuse_neutral_action,
    BuildNeutralSettlement: _refuse_neutral_action,
    BuildNeutralRoad: _refuse_neutral_action,
}
register_variant(ProDvaGame)


# -- the rules of Katan pro dva (one function per rule) --------------------------------

PHASE_MESSAGES.update({
    "neutral": ("neutral_build_first",
                "Nejdřív je třeba postavit zdarma vesnici (nebo silnici) neutrálnímu hráči.",
                "katan-pro-dva"),
    "give_back": ("give_back_first",
                  "Nejdřív je třeba dát spoluhráči 2 karty za vynucený obchod.",
                  "katan-pro-dva"),
})


def neutral_road_only_without_settlement(game: ProDvaGame) -> None:
    """A neutral gets a road only when no neutral can get a settlement."""
    if game._neutral_settlement_possible():
        raise RuleViolation("neutral_must_build_settlement",
                            "Neutrálnímu hráči se staví vesnice; silnice jen tehdy, když "
                            "žádnému neutrálnímu hráči vesnici postavit nelze.",
                            "katan-pro-dva")


def second_roll_differs(first_total: int) -> RuleViolation:
    """"oba hozené součty musí být rozdílné": the second roll is repeated until it differs."""
    return RuleViolation("second_roll_same_total",
                         f"Druhý hod musí mít jiný součet než první ({first_total}): hází "
                         "se znovu.", "katan-pro-dva")


def one_trade_card_action(game: ProDvaGame) -> None:
    """"Ve svém tahu ... může hráč provést jednu ze 2 následujících akcí"."""
    if game._trade_card_action_used:
        raise RuleViolation("trade_card_action_used",
                            "Akci obchodních karet lze provést jen jednou za tah.",
                            "katan-pro-dva")


def enough_trade_cards(game: ProDvaGame, p: int, cost: int) -> None:
    if game._trade_cards[p] < cost:
        raise RuleViolation("not_enough_trade_cards",
                            f"Akce stojí {cost} obchodní {'kartu' if cost == 1 else 'karty'} "
                            "(hráč s více vítěznými body platí 2); "
                            f"hráč má {game._trade_cards[p]}.",
                            "katan-pro-dva")


def forced_trade_possible(game: ProDvaGame, p: int, k: int) -> None:
    """The opponent must hold a card to draw, and the player 2 cards to give back."""
    if k == 0:
        raise RuleViolation("forced_trade_empty_hand",
                            "Spoluhráč nemá žádnou kartu suroviny: vynucený obchod nejde.",
                            "katan-pro-dva")
    if sum(game._hands[p]) + k < 2:
        raise RuleViolation("forced_trade_cannot_give_back",
                            "Za vytažené karty je třeba dát 2 karty surovin: hráč by je neměl.",
                            "katan-pro-dva")


def drawn_cards_fit(victim_hand: list[int], drawn: list[int], k: int) -> None:
    if len(drawn) != k:
        raise RuleViolation("forced_trade_draws_two",
                            f"Při vynuceném obchodu se táhne {k} "
                            f"{'karta' if k == 1 else 'karty'}.", "katan-pro-dva")
    left = list(victim_hand)
    for r in drawn:
        left[r] -= 1
        if left[r] < 0:
            raise RuleViolation("card_not_in_hand", "Spoluhráč tuto surovinu nemá.",
                                "katan-pro-dva")


def give_back_two(game: ProDvaGame, p: int, cards: list[int]) -> None:
    """"za to mu dát 2 libovolné karty surovin"."""
    hand = game._hands[p]
    if any(cards[r] > hand[r] for r in range(5)):
        raise RuleViolation("card_not_in_hand", "Dát lze jen karty, které hráč má.",
                            "katan-pro-dva")
    if sum(cards) != 2:
        raise RuleViolation("give_back_two",
                            "Za vynucený obchod se spoluhráči dávají právě 2 karty surovin.",
                            "katan-pro-dva")


def robber_not_in_desert(game: ProDvaGame, desert: int) -> None:
    if game._robber_hex == desert:
        raise RuleViolation("robber_already_in_desert", "Zloděj už stojí na poušti.",
                            "katan-pro-dva")


def knight_retirable(game: ProDvaGame, p: int) -> None:
    """Once per turn one played knight leaves the game for 2 trade cards (at most 7)."""
    if game._knight_retired:
        raise RuleViolation("knight_already_retired",
                            "Rytíře lze za obchodní karty odstranit jen jednou za tah.",
                            "katan-pro-dva")
    if game._played_cards[p][KNIGHT] == 0:
        raise RuleViolation("no_played_knight", "Hráč nemá vyloženého žádného Rytíře.",
                            "katan-pro-dva")
    if game._trade_cards[p] >= TRADE_CARDS_MAX or sum(game._trade_cards) >= TRADE_CARDS:
        raise RuleViolation("trade_cards_full",
                            "Víc než 7 obchodních karet mít nelze (a balíček nesmí být prázdný).",
                            "katan-pro-dva")


# -- what a loaded position of Katan pro dva must satisfy (engine.position_checks) ------

def first_roll_made(game: ProDvaGame) -> None:
    """Between the two rolls the first one's total is known (2–12)."""
    if game._rolls == 1 and game._first_roll_total < 2:
        raise InvalidInput("Počet hodů kostkami v tomto tahu neodpovídá fázi.", "position_rolls")


def neutral_builds(game: ProDvaGame) -> None:
    if (game._phase == "neutral") != (game._neutral_builds_owed > 0):
        raise InvalidInput("Stavba pro neutrálního hráče čeká právě ve fázi neutral.",
                           "position_neutral")


def give_back_owed(game: ProDvaGame) -> None:
    if game._phase == "give_back" and sum(game._hands[game._current]) < 2:
        raise InvalidInput("Po vynuceném obchodu musí mít hráč 2 karty k vrácení.",
                           "position_give_back")


def trade_card_counts(game: ProDvaGame) -> None:
    """14 trade cards, at most 7 in a hand."""
    cards = game._trade_cards
    if any(k > TRADE_CARDS_MAX for k in cards) or sum(cards) > TRADE_CARDS:
        raise InvalidInput(f"Obchodních karet je {TRADE_CARDS} a hráč jich smí mít nejvýš "
                           f"{TRADE_CARDS_MAX}.", "position_trade_cards")
