"""The strong computer player: a value for every place on the board and a plan per turn.

Places are valued by production (the dots of the number tokens, weighted by how scarce the
resource is on this board), by new resources (diversity) and by harbours that match what
the player produces. Each turn the bot picks a *target* (city, settlement, a road toward a
settlement spot, or a development card) by value and by how many cards it lacks, trades
toward it (maritime, and 1-for-1 offers a partner would accept), builds what it can, and
uses its development cards when they pay off. The robber goes where it hurts the leader and
not the bot itself; discards keep the cards for the build the bot can reach.

The bot decides from what a person in its seat would know (engine.bots.knowledge): its own
cards, and of the others their hand sizes, buildings, played cards and what a player who
counts the cards announced at the table can tell; never their hands, their development
cards, the deck nor the dice to come.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .. import actions as A
from ..constants import (
    CITY_COST,
    DEV_CARD_COST,
    GENERIC,
    LARGEST_ARMY_MIN,
    RESOURCES,
    ROAD_COST,
    SETTLEMENT_COST,
)
from ..errors import InvalidInput, RuleViolation
from ..game import Game
from ..rules import game_not_over
from ..topology import (
    HEX_CORNERS,
    HEX_IDS,
    HEX_INDEX,
    INTERSECTION_HEXES,
    INTERSECTION_INDEX,
    NUM_INTERSECTIONS,
    PATH_INDEX,
)
from . import pro_dva, words
from .base import Decision, plain_reason, sentence
from .levels import LEVELS, STRONGEST, Level
from .view import TableView, Target, shortfall, surplus_units

POINT_VALUE = 9.0          # one victory point, in dots of production
DEV_CARD_VALUE = 6.0
MAX_BANK_TRADES = 8        # per turn: a safety net, the plan itself never trades in circles
MAX_DOMESTIC_TRADES = 2
FREQUENT_DOTS = 9          # an intersection whose numbers come up often (of 36 rolls)
NEAR_WIN = 8               # a player with this many points gets no help in trades
# A domestic trade applied at once (no consent) or offered (the partner answers).
DOMESTIC_OFFERS = ("trade_players", "offer_trade")
# Czech accusative for "získá …" (what a new settlement brings).
_GAINS = {"brick": "cihly", "lumber": "dřevo", "wool": "vlnu", "grain": "obilí", "ore": "rudu"}


class StrongBot:
    """A computer player that plays to win: deterministic for a seed.

    ``level`` (engine.bots.levels): "silny" plays its best; "pokrocily" and "zacatecnik"
    leave parts of the plan out and value places with noise. Every level decides from what
    the acting player may know (its own cards; of the others only what a card counter at the
    table can tell). ``public`` is kept for callers that asked for that view explicitly
    (the hint): it is now every bot's view.

    Its reasons (``Decision.reason_cs``) are read by everybody at the table, so by default
    they say only what anybody there sees: the move, the board, the public points and hand
    sizes, never the plan behind a hidden hand ("šetří na město" is what a person at the
    table would not say). ``tells_plan=True`` (the hint, spoken to the player whose hand it
    is) adds the plan: "protože šetří na vesnici", "aby mu zbyly suroviny na město". Either
    way the reason never changes the move."""

    def __init__(self, seed: int = 0, level: str = STRONGEST, public: bool = False,
                 tells_plan: bool = False) -> None:
        self._rng = random.Random(seed)
        self._tells_plan = tells_plan
        self.level: Level = LEVELS[level]
        # Offers made, as (turn, partner, give, get): never the same offer twice in a turn.
        # The game's history holds them too (so a bot made afresh, after a restart or in
        # another process, remembers); this set covers a position loaded without history.
        self._offered: set[tuple] = set()

    # -- the entry point ----------------------------------------------------------------

    def decide(self, game: Game) -> Decision:
        """The bot's choice for game.acting_player; RuleViolation "game_over" when the game
        has ended."""
        game_not_over(game)
        legal = game.legal_actions()
        # Forced: there is nothing to explain. (Not when answering an offer: the counter-
        # offers listed there depend on the offerer's hidden cards.)
        if len(legal) == 1 and game.phase != "offer":
            return Decision(legal[0], "")
        me = game.acting_player
        pos = self._position(game, me, me)
        phase = game.phase
        if phase == "setup":
            return self._setup(pos, legal)
        if phase == "discard" or phase == "give_back":
            return self._keep(pos, legal)
        if phase == "robber":
            return self._robber(pos, legal, A.MoveRobber)
        if phase == "offer":
            return self._answer_offer(pos, legal)
        if phase == "neutral":
            return pro_dva.neutral_build(pos, legal)
        card = self._development_card(pos, legal)
        if card is None:
            card = pro_dva.trade_card_action(pos, legal, phase)
        if card is not None:
            return card
        if phase == "roll":
            return self._roll(pos, legal)
        decision = None
        if phase in ("build", "main"):
            decision = self._build(pos, legal)
        if decision is None and phase in ("trade", "main"):
            decision = self._trade(pos, legal)
        if decision is not None:
            return decision
        return self._finish(pos, legal)

    def answer(self, game: Game, offerer: str, partner: str, give: dict[str, int],
               get: dict[str, int]) -> bool:
        """Would ``partner`` accept ``offerer``'s domestic trade (the offerer gives ``give``
        and gets ``get``)? Only if it brings the partner closer to a build and the offerer
        is not near the win."""
        pos = self._position(game, partner, partner)
        receive = [give.get(r, 0) for r in RESOURCES]
        pay = [get.get(r, 0) for r in RESOURCES]
        return _accepts(pos, partner, offerer, receive, pay)

    def _position(self, game: Game, color: str, viewer: str) -> TableView:
        """The position as ``color`` is judged, seen by ``viewer`` (the deciding player)."""
        return TableView(game, color, viewer)

    def _noise(self) -> float:
        """Random dots on a place's value: a weaker level misjudges places (the strong
        level draws nothing, so its games stay as they were)."""
        return self._rng.random() * self.level.noise if self.level.noise else 0.0

    def _roll(self, pos: TableView, legal: list[A.Action]) -> Decision:
        """Roll, without a reason: that a knight could have been played first is the bot's
        secret (its development cards are hidden until played)."""
        return Decision(next(a for a in legal if isinstance(a, A.RollDice)), "")

    # -- set-up -------------------------------------------------------------------------

    def _setup(self, pos: TableView, legal: list[A.Action]) -> Decision:
        me = pos.me
        if isinstance(legal[0], A.PlaceSettlement):
            def score(a: A.PlaceSettlement) -> float:
                n = INTERSECTION_INDEX[a.node]
                value = pos.node_value(n)
                # Brick and lumber build the first roads and settlements.
                for h in INTERSECTION_HEXES[n]:
                    if pos.hex_res[h] in (0, 1):
                        value += 0.15 * pos.hex_pips[h]
                return value + self._jitter() + self._noise()
            action = max(legal, key=score)
            n = INTERSECTION_INDEX[action.node]
            return Decision(action, sentence(me, f"zakládá vesnici {pos.node_label(n)}",
                                             _spot_because(pos, n)))
        action = max(legal, key=lambda a: pos.road_value(PATH_INDEX[a.path]) + self._jitter()
                     + self._noise())
        useful = pos.road_value(PATH_INDEX[action.path]) > 0
        return Decision(action, sentence(
            me, f"zakládá silnici {pos.path_label(action.path)}",
            "protože vede k volnému místu pro další vesnici" if useful
            else "protože žádná z možných silnic k volnému místu nevede"))

    def _plan(self, plan: str, public: str) -> str:
        """The reason naming the bot's plan when it may tell it (the hint) and has one that
        fits the move, else the one anybody at the table could give."""
        return plan if self._tells_plan and plan else public

    def _jitter(self) -> float:
        """A tiny seeded tie-break, so that equal choices do not always go the same way."""
        return self._rng.random() * 1e-3

    # -- targets ------------------------------------------------------------------------

    def _targets(self, pos: TableView) -> list[Target]:
        game, me = pos.game, pos.me
        left = game.pieces_left(me)
        out: list[Target] = []
        settlements = [n for n in range(NUM_INTERSECTIONS)
                       if pos.owner[n] == me and pos.level[n] == 1]
        if left["city"] > 0 and settlements:
            n = max(settlements, key=pos.node_production)
            out.append(Target("city", n, POINT_VALUE + pos.node_production(n), CITY_COST))
        spots = [INTERSECTION_INDEX[s] for s in game.legal_settlement_spots(me)]
        if left["settlement"] > 0 and spots:
            n = max(spots, key=pos.node_value)
            out.append(Target("settlement", n, POINT_VALUE + pos.node_value(n),
                              SETTLEMENT_COST))
        elif left["settlement"] > 0 and left["road"] > 0:
            roads = [PATH_INDEX[q] for q in game.legal_road_spots(me)]
            if roads:
                q = max(roads, key=pos.road_value)
                value = pos.road_value(q)
                if value > 0:
                    out.append(Target("road", q, 0.5 * (POINT_VALUE + value), ROAD_COST))
        if game.deck_size and self.level.dev_cards:
            out.append(Target("development_card", -1, DEV_CARD_VALUE, DEV_CARD_COST))
        return out

    def _target(self, pos: TableView, hand: Sequence[int] | None = None) -> Target | None:
        """The build worth saving for: value over the square of 1 + the cards still lacking
        (those that surplus cards could buy from the bank count half). The square favours
        what is near (measured against the plain ratio in self-play: 31 % wins for the
        square against three plain bots, 25 % is even)."""
        hand = pos.hand if hand is None else hand

        def score(t: Target) -> float:
            lacking = sum(shortfall(hand, t.cost))
            tradable = min(lacking, surplus_units(pos, hand, t.cost))
            return t.value / (1.0 + lacking - 0.5 * tradable) ** 2

        targets = self._targets(pos)
        return max(targets, key=score) if targets else None

    # -- building -----------------------------------------------------------------------

    def _build(self, pos: TableView, legal: list[A.Action]) -> Decision | None:
        me = pos.me
        cities = [a for a in legal if isinstance(a, A.BuildCity)]
        if cities:
            action = max(cities, key=lambda a: pos.node_production(INTERSECTION_INDEX[a.node])
                         + self._noise())
            n = INTERSECTION_INDEX[action.node]
            return Decision(action, sentence(me, f"staví město {pos.node_label(n)}",
                                             _city_because(pos, n, cities)))
        settlements = [a for a in legal if isinstance(a, A.BuildSettlement)]
        if settlements:
            action = max(settlements, key=lambda a: pos.node_value(INTERSECTION_INDEX[a.node])
                         + self._noise())
            n = INTERSECTION_INDEX[action.node]
            return Decision(action, sentence(me, f"staví vesnici {pos.node_label(n)}",
                                             _spot_because(pos, n)))
        road = self._road(pos, legal)
        if road is not None:
            return road
        return self._buy(pos, legal)

    def _road(self, pos: TableView, legal: list[A.Action]) -> Decision | None:
        roads = [a for a in legal if isinstance(a, A.BuildRoad)]
        if not roads:
            return None
        me, game = pos.me, pos.game
        action = max(roads, key=lambda a: pos.road_value(PATH_INDEX[a.path]) + self._noise())
        clause = f"staví silnici {pos.path_label(action.path)}"
        if self._takes_longest_road(game, me, [action.path]):
            return Decision(action, sentence(me, clause,
                                             "protože tím získá Nejdelší obchodní cestu"))
        target = self._target(pos)
        useful = pos.road_value(PATH_INDEX[action.path]) > 0
        if target is not None and target.kind == "road" and useful:
            return Decision(action, sentence(me, clause, "protože vede k místu pro vesnici"))
        if useful and sum(pos.hand) > 7 and target is not None and target.kind != "settlement":
            return Decision(action, sentence(me, clause, _fewer_cards(pos, ROAD_COST)))
        return None

    @staticmethod
    def _takes_longest_road(game: Game, me: str, paths: Sequence[str]) -> bool:
        """Would these roads give the bot the Longest Road card (tried on a copy)?"""
        if game.longest_road_holder == me or game.road_length(me) + len(paths) < 5:
            return False
        trial = game.copy()
        for path in paths:
            trial.place_road(me, path)
        return trial.longest_road_holder == me

    def _buy(self, pos: TableView, legal: list[A.Action]) -> Decision | None:
        buy = next((a for a in legal if isinstance(a, A.BuyDevelopmentCard)), None)
        if buy is None:
            return None
        target = self._target(pos)
        after = [h - c for h, c in zip(pos.hand, DEV_CARD_COST, strict=True)]
        keeps_target = target is None or sum(shortfall(after, target.cost)) == sum(
            shortfall(pos.hand, target.cost))
        if not self.level.dev_cards:
            if sum(pos.hand) <= 7:
                return None
            because = _fewer_cards(pos, DEV_CARD_COST)
        elif target is None:
            because = "protože nemá kde stavět"
        elif target.kind == "development_card":
            because = self._plan("protože na nic cennějšího nemá výhled", _DEV_CARD_BECAUSE)
        elif keeps_target:
            because = self._plan(
                f"protože vedle šetření {words.BUILD_FOR[target.kind]} chce i akční kartu",
                _DEV_CARD_BECAUSE)
        elif sum(pos.hand) > 7:
            because = _fewer_cards(pos, DEV_CARD_COST)
        else:
            return None
        return Decision(buy, sentence(pos.me, "kupuje akční kartu", because))

    # -- trading ------------------------------------------------------------------------

    def _trade(self, pos: TableView, legal: list[A.Action]) -> Decision | None:
        target = self._target(pos)
        if target is None:
            return None
        missing = shortfall(pos.hand, target.cost)
        if not any(missing):
            return None
        done = _trades_this_turn(pos.game, pos.me)
        if done[0] < MAX_BANK_TRADES and (self.level.bank_trades or sum(pos.hand) > 7):
            decision = self._bank_trade(pos, legal, target, missing)
            if decision is not None:
                return decision
        if done[1] < MAX_DOMESTIC_TRADES and self.level.offers:
            return self._offer(pos, legal, target, missing)
        return None

    def _bank_trade(self, pos: TableView, legal: list[A.Action], target: Target,
                    missing: list[int]) -> Decision | None:
        """Trade surplus with the bank when that completes the target (or, with more than
        7 cards, at least brings it closer)."""
        hand, cost = pos.hand, target.cost
        units = surplus_units(pos, hand, cost)
        if units == 0 or (units < sum(missing) and sum(hand) <= 7):
            return None
        trades = [a for a in legal if isinstance(a, A.TradeBank)]
        game, me = pos.game, pos.me
        best = None
        best_key = None
        for a in trades:
            give, get = RESOURCES.index(a.give), RESOURCES.index(a.get)
            rate = game.trade_rate(me, a.give)
            if not missing[get] or hand[give] - cost[give] < rate:
                continue
            key = (-rate, hand[give] - cost[give], missing[get], -pos.weights[give])
            if best_key is None or key > best_key:
                best, best_key = a, key
        if best is None:
            return None
        return Decision(best, plain_reason(game, best, self._plan(
            _saves_for(target), _trade_because(pos, best.give, best.get))))

    def _offer(self, pos: TableView, legal: list[A.Action], target: Target,
               missing: list[int]) -> Decision | None:
        """A 1-for-1 offer of a surplus card for a lacking one, to a partner who would
        accept it by the same measure the bot answers with, when it leaves the bot at most
        one card short."""
        hand, cost = pos.hand, target.cost
        if sum(missing) - surplus_units(pos, hand, cost) > 1:
            return None
        # Not legal_actions()' offers: they list only the cards a partner holds, which the
        # bot does not see. Every 1-for-1 offer of a card it holds is weighed instead.
        offers = [A.OfferTrade(pos.me, partner, {give: 1}, {get: 1})
                  for partner in pos.opponents for g, give in enumerate(RESOURCES)
                  if pos.hand[g] >= 1 for get in RESOURCES if get != give]
        turn = pos.game.turn_number
        made = self._offered | _offers_this_turn(pos.game, pos.me)
        for a in sorted(offers, key=lambda a: (pos.points[a.partner], a.partner)):
            (give, k), (get, m) = next(iter(a.give.items())), next(iter(a.get.items()))
            key = (turn, a.partner, give, get)
            if k != 1 or m != 1 or key in made:
                continue
            g, t = RESOURCES.index(give), RESOURCES.index(get)
            if not missing[t] or hand[g] - cost[g] < 1:
                continue
            receive = [int(r == g) for r in range(5)]
            pay = [int(r == t) for r in range(5)]
            partner_pos = self._position(pos.game, a.partner, pos.me)
            if not _accepts(partner_pos, a.partner, pos.me, receive, pay) \
                    or not _allowed(pos.game, a):
                continue
            self._offered = {k for k in self._offered if k[0] == turn} | {key}
            # What the offer shows: it hopes both gain; its plan only to its own player.
            because = self._plan(f"{_saves_for(target)} a čeká, že výměna pomůže oběma",
                                 "protože čeká, že výměna pomůže oběma")
            if a.type == "trade_players":
                return Decision(a, plain_reason(pos.game, a, because))
            clause = (f"nabízí {words.player(a.partner, 'dat')} {words.cards(a.give)} "
                      f"za {words.cards(a.get)}")
            return Decision(a, sentence(pos.me, clause, because))
        return None

    # -- answering a domestic offer (trade with consent) --------------------------------

    def _answer_offer(self, pos: TableView, legal: list[A.Action]) -> Decision:
        """Accept when the cards bring the bot closer to a build and the other side is not
        near the win; otherwise a counter-offer both would take, or no."""
        offer = pos.game.pending_offer
        other = offer["from"]
        receive = [offer["give"].get(r, 0) for r in RESOURCES]
        pay = [offer["get"].get(r, 0) for r in RESOURCES]
        terms = f"{words.cards(offer['give'])} za {words.cards(offer['get'])}"
        accept = next((a for a in legal if a.type == "accept_trade"), None)
        if accept is not None and _accepts(pos, pos.me, other, receive, pay):
            return Decision(accept, sentence(
                pos.me, f"přijímá nabídku {words.player(other, 'acc')} ({terms})",
                "protože ho to přiblíží ke stavbě"))
        if not offer["counter"] and self.level.counters:
            counter = self._counter(pos, legal, other)
            if counter is not None:
                return counter
        decline = next(a for a in legal if a.type == "decline_trade")
        because = ("protože soupeř je blízko vítězství" if pos.points[other] >= NEAR_WIN
                   else "protože by mu nepomohla")
        return Decision(decline, sentence(
            pos.me, f"odmítá nabídku {words.player(other, 'acc')} ({terms})", because))

    def _counter(self, pos: TableView, legal: list[A.Action], other: str) -> Decision | None:
        """The 1-for-1 counter-offer that helps the bot most among those the player on
        turn would accept (give/get from the bot's side)."""
        if pos.points[other] >= NEAR_WIN:
            return None
        before = _hand_progress(pos.hand)
        other_pos = self._position(pos.game, other, pos.me)
        best, best_gain = None, 1e-9
        # As with offers: not legal_actions()' counters (only those the player on turn can
        # pay), but every 1-for-1 counter of a card the bot holds.
        counters = [A.CounterOffer(pos.me, {give: 1}, {get: 1})
                    for g, give in enumerate(RESOURCES) if pos.hand[g] >= 1
                    for get in RESOURCES if get != give]
        for a in counters:
            give = [a.give.get(r, 0) for r in RESOURCES]
            get = [a.get.get(r, 0) for r in RESOURCES]
            after = [h - g + t for h, g, t in zip(pos.hand, give, get, strict=True)]
            gain = _hand_progress(after) - before
            if gain > best_gain and _accepts(other_pos, other, pos.me, give, get):
                best, best_gain = a, gain
        if best is None:
            return None
        clause = (f"navrhuje {words.player(other, 'dat')} místo toho {words.cards(best.give)} "
                  f"za {words.cards(best.get)}")
        because = "protože to nejspíš pomůže oběma" if pos.estimated else "protože to pomůže oběma"
        return Decision(best, sentence(pos.me, clause, because))

    # -- development cards --------------------------------------------------------------

    def _development_card(self, pos: TableView, legal: list[A.Action]) -> Decision | None:
        knights = [a for a in legal if isinstance(a, A.PlayKnight)]
        if knights:
            decision = self._knight(pos, knights)
            if decision is not None:
                return decision
        if pos.game.phase == "roll" or not self.level.dev_cards:
            return None
        for kind, method in ((A.PlayMonopoly, self._monopoly),
                             (A.PlayYearOfPlenty, self._year_of_plenty),
                             (A.PlayRoadBuilding, self._road_building)):
            options = [a for a in legal if isinstance(a, kind)]
            if options:
                decision = method(pos, options)
                if decision is not None:
                    return decision
        return None

    def _knight(self, pos: TableView, knights: list[A.PlayKnight]) -> Decision | None:
        game, me = pos.game, pos.me
        mine = game.played_knights(me) + 1
        holder = game.largest_army_holder
        army = (self.level.dev_cards and holder != me and mine >= LARGEST_ARMY_MIN
                and (holder is None or mine > game.played_knights(holder)))
        blocked = pos.hex_pips[pos.robber] > 0 and any(
            pos.owner[n] == me for n in HEX_CORNERS[pos.robber])
        if army:
            because = "protože tím získá Největší vojsko"
        elif self.level.army_race and self._army_within_reach(game, me):
            # Holding it or not is public; that more knights wait in its hand is not.
            because = ("protože si chce udržet Největší vojsko" if holder == me
                       else self._plan("protože míří k Největšímu vojsku",
                                       "protože se tím přiblíží k Největšímu vojsku"))
        elif blocked:
            because = f"protože mu zloděj blokuje výnos z {pos.hex_label(pos.robber)}"
        else:
            return None
        return self._robber(pos, knights, A.PlayKnight, because)

    @staticmethod
    def _army_within_reach(game: Game, me: str) -> bool:
        """Can the bot's knights (played and held, one a turn) take Largest Army, or keep
        it against a rival one knight behind? Then a held knight is played, not kept."""
        held = sum(1 for card, _ in game.dev_cards(me) if card == "knight")
        played = game.played_knights(me)
        rival = max((game.played_knights(c) for c in game.players if c != me), default=0)
        if game.largest_army_holder == me:
            return rival + 1 >= played   # a rival could catch up: stay ahead
        return played + held >= max(LARGEST_ARMY_MIN, rival + 1)

    def _monopoly(self, pos: TableView, options: list[A.PlayMonopoly]) -> Decision | None:
        def taken(a: A.PlayMonopoly) -> float:
            r = RESOURCES.index(a.resource)
            return sum(pos.hands[c][r] for c in pos.opponents) * pos.weights[r]
        action = max(options, key=taken)
        r = RESOURCES.index(action.resource)
        count = sum(pos.hands[c][r] for c in pos.opponents)
        if count < 3:
            return None
        if pos.estimated:
            because = ("protože podle toho, co soupeři těží, jí nejspíš mají dost "
                       "(jejich karty nevidí)")
        else:
            # What the move itself shows: the cards it takes.
            taken = words.count_resource(action.resource, round(count))
            because = f"protože tím od soupeřů vezme {taken}"
        return Decision(action, sentence(pos.me, self._say(pos, action), because))

    def _year_of_plenty(self, pos: TableView,
                        options: list[A.PlayYearOfPlenty]) -> Decision | None:
        target = self._target(pos)
        if target is None:
            return None
        missing = shortfall(pos.hand, target.cost)
        lacking = sum(missing)
        if lacking == 0 or lacking - surplus_units(pos, pos.hand, target.cost) > 2:
            return None

        def covers(a: A.PlayYearOfPlenty) -> tuple[int, float]:
            left = list(missing)
            for name in a.resources:
                r = RESOURCES.index(name)
                if left[r]:
                    left[r] -= 1
            return (-sum(left), sum(pos.weights[RESOURCES.index(x)] for x in a.resources))
        action = max(options, key=covers)
        return Decision(action, sentence(pos.me, self._say(pos, action), self._plan(
            _saves_for(target), "protože právě tyto suroviny teď potřebuje")))

    def _road_building(self, pos: TableView,
                       options: list[A.PlayRoadBuilding]) -> Decision | None:
        values = {}

        def value(a: A.PlayRoadBuilding) -> float:
            total = 0.0
            for path in a.paths:
                if path not in values:
                    values[path] = pos.road_value(PATH_INDEX[path])
                total += values[path]
            return total
        action = max(options, key=value)
        if value(action) <= 0:
            return None
        if self._takes_longest_road(pos.game, pos.me, action.paths):
            because = "protože tím získá Nejdelší obchodní cestu"
        else:
            because = "protože vedou k místu pro vesnici"
        return Decision(action, sentence(pos.me, self._say(pos, action), because))

    # -- robber and discards ------------------------------------------------------------

    def _robber(self, pos: TableView, options: Sequence[A.MoveRobber | A.PlayKnight],
                kind: type, because: str = "") -> Decision:
        """The hex that costs the opponents (the leader most) the most and the bot nothing;
        rob the opponent there with the most points, then the most cards."""
        me = pos.me
        scores: dict[int, float] = {}
        for h in range(len(HEX_IDS)):
            score = 0.0
            for n in HEX_CORNERS[h]:
                color = pos.owner[n]
                if color is None or color not in pos.points:  # empty, or a neutral (pro dva)
                    continue
                dots = pos.hex_pips[h] * pos.level[n]
                if color == me:
                    score -= 50.0 + dots
                elif self.level.robber_aim:
                    score += dots * (1.0 + pos.points[color] / 3.0)
                else:
                    score += dots
            scores[h] = score + self._noise()

        def key(a: A.MoveRobber | A.PlayKnight) -> tuple[float, int, int]:
            h = HEX_INDEX[a.hex]
            steal = 0.0
            if a.victim is not None:
                steal = 2.0 + 0.2 * pos.hand_sizes[a.victim] + 0.5 * pos.points[a.victim]
            victim_rank = pos.points[a.victim] if a.victim else -1
            return (scores[h] + steal, victim_rank, -h)
        action = max(options, key=key)
        h = HEX_INDEX[action.hex]
        verb = "hraje Rytíře a posílá" if kind is A.PlayKnight else "posílá"
        clause = f"{verb} zloděje na {pos.hex_label(h, 'acc')}"
        if action.victim:
            clause += f" a okrádá {words.player(action.victim, 'acc')}"
        if not because:
            because = _robber_because(pos, h, {HEX_INDEX[a.hex] for a in options})
        return Decision(action, sentence(me, clause, because))

    def _keep(self, pos: TableView, legal: list[A.Action]) -> Decision:
        """Discard after a 7 (or give back after a forced trade, Katan pro dva): keep the
        cards of the most valuable build the bot can still make whole."""
        targets = self._targets(pos)

        def kept_value(a: A.Action) -> tuple[float, float]:
            kept = [pos.hand[r] - a.cards.get(RESOURCES[r], 0) for r in range(5)]
            best = 0.0
            for t in targets:
                need = sum(t.cost)
                covered = sum(min(k, c) for k, c in zip(kept, t.cost, strict=True))
                score = 20.0 + t.value if covered == need else t.value * covered / need / 2
                best = max(best, score)
            spread = sum(0.1 * k * pos.weights[r] for r, k in enumerate(kept))
            return (best + spread + 0.3 * sum(1 for k in kept if k), -self._jitter())
        action = max(legal, key=kept_value)
        kept = [pos.hand[r] - action.cards.get(RESOURCES[r], 0) for r in range(5)]
        # The others see only what is given up: the plan is told to its own player only.
        whole = [t for t in targets if not any(shortfall(kept, t.cost))]
        plan = max(whole, key=lambda t: t.value) if whole else self._target(pos, kept)
        because = self._plan(_keeps_for(plan, action.cards, bool(whole)),
                             "protože se bez nich obejde nejsnáz")
        clause = self._say(pos, action)
        if action.type == "give_back":
            opponent = pos.opponents[0]
            clause = f"vrací {words.player(opponent, 'dat')} {words.cards(action.cards)}"
        return Decision(action, sentence(pos.me, clause, because))

    # -- end of a phase -----------------------------------------------------------------

    def _finish(self, pos: TableView, legal: list[A.Action]) -> Decision:
        me = pos.me
        end_trade = next((a for a in legal if isinstance(a, A.EndTrade)), None)
        if end_trade is not None:
            target = self._target(pos)
            if target is not None and not any(shortfall(pos.hand, target.cost)):
                # Told at the table too: the build follows at once and shows it.
                because = "protože teď chce stavět"
            elif not self.level.bank_trades and not self.level.offers:
                because = "protože se raději spolehne na vlastní suroviny"
            else:
                because = "protože výhodnou výměnu nenašel"
            return Decision(end_trade, sentence(me, "končí obchod", because))
        end = next(a for a in legal if isinstance(a, A.EndTurn))
        target = self._target(pos)
        missing = shortfall(pos.hand, target.cost) if target is not None else []
        if target is None:
            because = "protože nemá kde stavět"
        elif any(missing):
            # Its plan, told to its own player only: the others do not see what it holds.
            because = self._plan(_saves_for(target),
                                 "protože tento tah už nic výhodného nenašel")
        else:
            because = "protože tento tah už nic výhodného nenašel"
        return Decision(end, sentence(me, "končí tah", because))

    @staticmethod
    def _say(pos: TableView, action: A.Action) -> str:
        return words.describe(action, pos.game.board)


def _saves_for(target: Target) -> str:
    """The bot's plan in words that tell none of its cards: 'protože šetří na vesnici'."""
    return f"protože šetří {words.BUILD_FOR[target.kind]}"


# Why a development card, as anybody at the table can say it (the bot's hand is hidden).
_DEV_CARD_BECAUSE = "protože akční karta může přinést bod nebo Největší vojsko"


def _fewer_cards(pos: TableView, cost: Sequence[int]) -> str:
    """Shedding cards before a 7: the hand's size is public, so is what a build costs."""
    if sum(pos.hand) - sum(cost) <= 7:
        return "aby neměl víc než 7 karet, až padne sedmička"
    return "aby měl méně karet, až padne sedmička"


def _trade_because(pos: TableView, give: str, get: str) -> str:
    """Why a maritime trade, from what everybody sees: what the bot's buildings produce,
    and the trade itself (that it wants the card it takes more than those it gives)."""
    wanted = words.resource_word(get, 1)
    if pos.production[pos.me][RESOURCES.index(get)] == 0:
        return f"protože {wanted} sám netěží"
    return f"protože {wanted} teď potřebuje víc než {words.resource_word(give, 1)}"


def _keeps_for(plan: Target | None, given: dict[str, int], whole: bool) -> str:
    """Why these cards go (a discard or a give-back), told to the bot's own player: the
    build it saves for when none of the cards given up is part of it; else the build the
    kept cards still cover ("aby mu zbyly suroviny na vesnici"); else nothing (never
    "odhazuje dřevo, protože šetří na vesnici")."""
    if plan is None:
        return "protože nemá kde stavět"
    if not any(plan.cost[RESOURCES.index(r)] for r in given):
        return _saves_for(plan)
    if whole:
        return f"aby mu zbyly suroviny {words.BUILD_FOR[plan.kind]}"
    return ""


def _spot_because(pos: TableView, n: int) -> str:
    """Why a settlement spot: facts about the spot (true at every level, noise or not)."""
    new = [_GAINS[RESOURCES[r]] for r in pos.new_resources(n)]
    dots = sum(pos.hex_pips[h] for h in INTERSECTION_HEXES[n])
    if new:
        return f"protože odtud poprvé dostane {words.join(new)}"
    if dots >= FREQUENT_DOTS:
        return f"protože tam padají častá čísla ({dots} z 36 hodů)"
    harbor = pos.node_harbor[n]
    if harbor == GENERIC:
        return "protože tam bude mít přístav 3:1"
    if harbor >= 0:
        return f"protože tam bude mít přístav 2:1 na {words.resource_word(RESOURCES[harbor], 1)}"
    if dots:
        return f"protože tamní čísla padnou v průměru {dots}krát z 36 hodů"
    return "protože jiné volné místo nemá"


def _city_because(pos: TableView, n: int, cities: Sequence[A.Action]) -> str:
    dots = sum(pos.hex_pips[h] for h in INTERSECTION_HEXES[n] if pos.hex_res[h] >= 0)
    best = max(sum(pos.hex_pips[h] for h in INTERSECTION_HEXES[INTERSECTION_INDEX[a.node]]
                   if pos.hex_res[h] >= 0) for a in cities)
    if len(cities) > 1 and dots == best:
        return f"protože tam vesnice vynáší nejčastěji ({dots} z 36 hodů)"
    return f"protože město tam vynáší dvojnásobek ({dots} z 36 hodů)"


def _robber_because(pos: TableView, h: int, hexes: set[int]) -> str:
    """Why this hex: whom it hurts, the leader by the points everybody sees named only when
    that player leads alone."""
    hurt = {pos.owner[n] for n in HEX_CORNERS[h]} & set(pos.opponents)
    if pos.me in {pos.owner[n] for n in HEX_CORNERS[h]}:
        if all(any(pos.owner[n] == pos.me for n in HEX_CORNERS[x]) for x in hexes):
            return "protože na každém poli, kam smí, má i svou stavbu"
        return "protože tím škodí soupeřům" if hurt else ""
    leader = pos.public_leader()
    if leader in hurt:
        points = pos.public_points[leader]
        return (f"protože tím škodí {words.player(leader, 'dat')}, který vede "
                f"s {points} {'bodem' if points == 1 else 'body'}")
    if hurt:
        return "protože tím škodí soupeřům a sobě ne"
    return "protože všude, kde stojí soupeři, by škodil i sám sobě"


def _allowed(game: Game, action: A.Action) -> bool:
    """May the action be made now (an offer: the partner's cards are not checked)?"""
    try:
        game.check(action)
    except (RuleViolation, InvalidInput):
        return False
    return True


def _offers_this_turn(game: Game, me: str) -> set[tuple]:
    """(turn, partner, give, get) of the 1-for-1 offers ``me`` made since the last end of a
    turn, read from the game's history."""
    made = set()
    for action in reversed(game.history):
        if action.type == "end_turn":
            break
        if (action.type in DOMESTIC_OFFERS and action.player == me
                and len(action.give) == 1 and len(action.get) == 1):
            (give, _), (get, _) = next(iter(action.give.items())), next(iter(action.get.items()))
            made.add((game.turn_number, action.partner, give, get))
    return made


def _accepts(pos: TableView, partner: str, offerer: str, receive: Sequence[int],
             pay: Sequence[int]) -> bool:
    """The partner's answer to a domestic offer: yes when the cards bring it closer to some
    build than it was, and the offerer is not about to win."""
    if pos.points.get(offerer, 0) >= NEAR_WIN:
        return False
    hand = pos.hands[partner]
    if any(hand[r] < pay[r] for r in range(5)):
        return False
    after = [hand[r] + receive[r] - pay[r] for r in range(5)]
    return _hand_progress(after) > _hand_progress(hand) + 1e-9


# How much each build counts when a hand is judged by how close it is to them.
_BUILD_WEIGHTS = ((CITY_COST, 3.0), (SETTLEMENT_COST, 3.0), (DEV_CARD_COST, 1.5),
                  (ROAD_COST, 1.0))


def _hand_progress(hand: Sequence[int]) -> float:
    """How close a hand is to the builds: each build's weight over 1 + cards lacking."""
    return sum(weight / (1 + sum(shortfall(hand, cost))) for cost, weight in _BUILD_WEIGHTS)


def _trades_this_turn(game: Game, me: str) -> tuple[int, int]:
    """(maritime, domestic) trades the player made in this turn, from the game's history
    (a position loaded from JSON has none: the plan alone then keeps trades finite)."""
    bank = domestic = 0
    for action in reversed(game.history):
        if isinstance(action, A.EndTurn | A.RollDice):
            break
        if action.player != me:
            continue
        if isinstance(action, A.TradeBank):
            bank += 1
        elif action.type in DOMESTIC_OFFERS:
            domestic += 1
    return bank, domestic
