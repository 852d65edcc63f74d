"""Our computer player against catanatron's players, in catanatron's own game.

    python -m engine.bots.catanatron_match [--games 200] [--opponent weighted] [--level silny]
        [--seed 0]

Needs catanatron 3.2.1 (the optional extra ``bench``). One seat (rotating with the game) is
our StrongBot at ``--level``, the other three are catanatron's ``random``, ``weighted``
(WeightedRandomPlayer) or ``vp`` (VictoryPointPlayer) players, on catanatron's board. Catanatron
runs the game; every action it executes is mirrored into our engine with its chance results
(dice, the stolen card, the drawn development card, the discarded cards), so our bot decides
on a Game with its whole history and counts cards exactly as it does at the site. Its
decisions become catanatron actions; its trade offers to players are declined (catanatron's
players never trade with players). Two deviations of catanatron 3.2.1 from the rules are
corrected here: Road Building's free roads need no cards (catanatron asked for a road's
cards and stopped after one), and a development card bought this turn is not played in it.
Prints ``catanatron level=<l> opponent=<o> won=<n> decided=<n> share=<f>
turns_per_win=<f> void=<n> unmatched=<n> games=<n>`` (void: games where the two engines
disagreed, left out; unmatched: decisions catanatron did not offer, replaced by a random
legal one; both 0 in the measured runs).
"""

from __future__ import annotations

import argparse
import random
import sys

from .. import actions as A
from ..board import Board, Harbor
from ..game import Game
from ..options import Rules
from ..topology import (
    HEX_CORNERS,
    HEX_IDS,
    INTERSECTION_IDS,
    INTERSECTION_INDEX,
    PATH_ENDS,
    PATH_IDS,
    PATH_INDEX,
    ROW_LENGTHS,
)
from .strong import StrongBot

RES = {"WOOD": "lumber", "BRICK": "brick", "SHEEP": "wool", "WHEAT": "grain", "ORE": "ore"}
CRES = {v: k for k, v in RES.items()}
TERRAIN = {"WOOD": "forest", "BRICK": "hills", "SHEEP": "pasture", "WHEAT": "fields",
           "ORE": "mountains", None: "desert"}


def axial():
    out = []
    for row, length in enumerate(ROW_LENGTHS):
        r = row - 2
        q_min = max(-2, -2 - r)
        out.extend((q_min + pos, r) for pos in range(length))
    return out


def _catanatron():
    """Import catanatron (and correct its two deviations from the rules) on first use."""
    global Color, RandomPlayer, CGame, CAction, T, PORT_DIRECTION_TO_NODEREFS, NodeRef, Port
    global VictoryPointPlayer, WeightedRandomPlayer, NODEREFS, PLAYS
    import catanatron.models.actions as cactions
    import catanatron.state as cstate
    from catanatron import Color, RandomPlayer
    from catanatron import Game as CGame
    from catanatron.models.enums import Action as CAction
    from catanatron.models.enums import ActionType as T
    from catanatron.models.map import PORT_DIRECTION_TO_NODEREFS, NodeRef, Port
    from catanatron.players.search import VictoryPointPlayer
    from catanatron.players.weighted_random import WeightedRandomPlayer

    NODEREFS = (NodeRef.NORTH, NodeRef.NORTHEAST, NodeRef.SOUTHEAST, NodeRef.SOUTH,
                NodeRef.SOUTHWEST, NodeRef.NORTHWEST)
    PLAYS = {T.PLAY_KNIGHT_CARD: "KNIGHT", T.PLAY_YEAR_OF_PLENTY: "YEAR_OF_PLENTY",
             T.PLAY_MONOPOLY: "MONOPOLY", T.PLAY_ROAD_BUILDING: "ROAD_BUILDING"}
    road_options = cactions.road_building_possibilities

    def free_roads(state, color):
        """Road Building's free roads need no cards (catanatron asked for a road's)."""
        if state.is_road_building:
            key = f"P{state.colors.index(color)}"
            if state.player_state[f"{key}_ROADS_AVAILABLE"] > 0:
                return [CAction(color, T.BUILD_ROAD, e)
                        for e in state.board.buildable_edges(color)]
            return []
        return road_options(state, color)

    cactions.road_building_possibilities = free_roads
    cstate.road_building_possibilities = free_roads


class Bridge:
    def __init__(self, cgame: CGame, ours: Color, bot):
        self.c = cgame
        self.ours = ours
        self.bot = bot
        m = cgame.state.board.map
        self.node_c2o, self.node_o2c = {}, {}
        self.hex_coord, self.coord_hex = {}, {}
        terrains, numbers = [], []
        for h, (q, r) in enumerate(axial()):
            coord = (q, -q - r, r)
            tile = m.land_tiles[coord]
            self.hex_coord[HEX_IDS[h]] = coord
            self.coord_hex[coord] = HEX_IDS[h]
            terrains.append(TERRAIN[tile.resource])
            numbers.append(tile.number)
            for i, ref in enumerate(NODEREFS):
                o, cn = HEX_CORNERS[h][i], tile.nodes[ref]
                assert self.node_c2o.setdefault(cn, o) == o
                self.node_o2c[o] = cn
        self.path_of = {frozenset(PATH_ENDS[q]): PATH_IDS[q] for q in range(len(PATH_IDS))}
        harbors = []
        for tile in m.tiles.values():
            if isinstance(tile, Port):
                a, b = PORT_DIRECTION_TO_NODEREFS[tile.direction]
                ends = frozenset((self.node_c2o[tile.nodes[a]], self.node_c2o[tile.nodes[b]]))
                kind = "3:1" if tile.resource is None else RES[tile.resource]
                harbors.append(Harbor(self.path_of[ends], kind))
        desert = HEX_IDS[terrains.index("desert")]
        board = Board(tuple(terrains), tuple(numbers), tuple(harbors), desert)
        self.colors = [c.value.lower() for c in cgame.state.colors]
        self.g = Game.new(board, self.colors, seed=0, rules=Rules(combined_trade_build=True))
        self.knight = False
        self.rb: list[str] | None = None
        self.discards: dict[str, dict] = {}
        self.queue: list[CAction] = []
        self.mismatch = 0

    def path(self, edge) -> str:
        return self.path_of[frozenset((self.node_c2o[edge[0]], self.node_c2o[edge[1]]))]

    # -- catanatron -> ours ---------------------------------------------------------
    def mirror(self, act: CAction) -> None:
        g, me, t, v = self.g, act.color.value.lower(), act.action_type, act.value
        if t == T.BUILD_SETTLEMENT:
            node = self.node_name(v)
            g.apply(A.PlaceSettlement(me, node) if g.phase == "setup"
                    else A.BuildSettlement(me, node))
        elif t == T.BUILD_ROAD:
            path = self.path(v)
            if g.phase == "setup":
                g.apply(A.PlaceRoad(me, path))
            elif self.rb is not None:
                self.rb.append(path)
                if not self.c.state.is_road_building:
                    g.apply(A.PlayRoadBuilding(me, tuple(self.rb)))
                    self.rb = None
            else:
                g.apply(A.BuildRoad(me, path))
        elif t == T.BUILD_CITY:
            g.apply(A.BuildCity(me, self.node_name(v)))
        elif t == T.BUY_DEVELOPMENT_CARD:
            g.apply(A.BuyDevelopmentCard(me, v.lower()))
        elif t == T.ROLL:
            g.apply(A.RollDice(me, tuple(v)))
        elif t == T.DISCARD:
            cards: dict = {}
            for r in v:
                cards[RES[r]] = cards.get(RES[r], 0) + 1
            self.discards[me] = cards
            self.flush_discards()
        elif t == T.MOVE_ROBBER:
            self.flush_discards()
            coord, victim, res = v
            hex_id = self.coord_hex[coord]
            vic = victim.value.lower() if victim is not None else None
            card = RES[res] if res is not None else None
            if self.knight:
                g.apply(A.PlayKnight(me, hex_id, vic, card))
                self.knight = False
            else:
                g.apply(A.MoveRobber(me, hex_id, vic, card))
        elif t == T.PLAY_KNIGHT_CARD:
            self.knight = True
        elif t == T.PLAY_YEAR_OF_PLENTY:
            g.apply(A.PlayYearOfPlenty(me, tuple(RES[r] for r in v)))
        elif t == T.PLAY_MONOPOLY:
            g.apply(A.PlayMonopoly(me, RES[v]))
        elif t == T.PLAY_ROAD_BUILDING:
            self.rb = []
        elif t == T.MARITIME_TRADE:
            give = [r for r in v[:-1] if r is not None]
            g.apply(A.TradeBank(me, RES[give[0]], RES[v[-1]]))
        elif t == T.END_TURN:
            g.apply(A.EndTurn(me))
        else:
            raise ValueError(act)

    def flush_discards(self):
        g = self.g
        while g.phase == "discard" and g.acting_player in self.discards:
            p = g.acting_player
            g.apply(A.Discard(p, self.discards.pop(p)))

    def node_name(self, cn) -> str:
        return INTERSECTION_IDS[self.node_c2o[cn]]

    def check(self) -> bool:
        st = self.c.state
        for i, color in enumerate(st.colors):
            name = color.value.lower()
            hand = self.g.hand(name)
            for cr, r in RES.items():
                if st.player_state[f"P{i}_{cr}_IN_HAND"] != hand[r]:
                    return False
        return True

    # -- ours -> catanatron -------------------------------------------------------
    def decide(self, playable) -> CAction:
        if self.queue:
            want = self.queue.pop(0)
            match = self.find(want, playable)
            if match is not None:
                return match
            if want.action_type == T.BUILD_ROAD and self.c.state.is_road_building:
                for edge in self.c.state.board.buildable_edges(self.ours):
                    if frozenset(edge) == want.value:
                        return CAction(self.ours, T.BUILD_ROAD, edge)
            self.mismatch += 1
            self.queue = []
            return self.fallback(playable)
        g, color = self.g, self.ours
        if self.c.state.is_discarding:
            trial = g.copy()
            while trial.acting_player != color.value.lower():
                trial.apply(next(a for a in trial.legal_actions()))
            d = self.bot.decide(trial).action
            lst = [CRES[r] for r, n in d.cards.items() for _ in range(n)]
            return CAction(color, T.DISCARD, lst)
        while True:
            d = self.bot.decide(g).action
            if isinstance(d, A.OfferTrade):   # catanatron's players never trade: declined
                g.apply(d)
                while g.phase == "offer":
                    g.apply(A.DeclineTrade(g.acting_player))
                continue
            break
        out = self.translate(d, color)
        first, rest = out[0], out[1:]
        self.queue = rest
        match = self.find(first, playable)
        if match is None and first.action_type == T.PLAY_ROAD_BUILDING:
            # Catanatron 3.2.1 lists Road Building only when the player could pay a road.
            return first
        if match is None:
            self.mismatch += 1
            self.queue = []
            return self.fallback(playable)
        return match

    def fallback(self, playable):
        return random.choice(fresh_only(self.c, self.ours, playable, self.bought))

    def translate(self, d, color):
        if isinstance(d, A.PlaceSettlement | A.BuildSettlement):
            return [CAction(color, T.BUILD_SETTLEMENT, self.node_o2c[_idx(d.node)])]
        if isinstance(d, A.PlaceRoad | A.BuildRoad):
            return [CAction(color, T.BUILD_ROAD, self.edge(d.path))]
        if isinstance(d, A.BuildCity):
            return [CAction(color, T.BUILD_CITY, self.node_o2c[_idx(d.node)])]
        if isinstance(d, A.BuyDevelopmentCard):
            return [CAction(color, T.BUY_DEVELOPMENT_CARD, None)]
        if isinstance(d, A.RollDice):
            return [CAction(color, T.ROLL, None)]
        if isinstance(d, A.MoveRobber):
            return [self.robber(d, color)]
        if isinstance(d, A.PlayKnight):
            return [CAction(color, T.PLAY_KNIGHT_CARD, None), self.robber(d, color)]
        if isinstance(d, A.PlayYearOfPlenty):
            return [CAction(color, T.PLAY_YEAR_OF_PLENTY, tuple(CRES[r] for r in d.resources))]
        if isinstance(d, A.PlayMonopoly):
            return [CAction(color, T.PLAY_MONOPOLY, CRES[d.resource])]
        if isinstance(d, A.PlayRoadBuilding):
            return [CAction(color, T.PLAY_ROAD_BUILDING, None)] + [
                CAction(color, T.BUILD_ROAD, self.edge(p)) for p in d.paths]
        if isinstance(d, A.TradeBank):
            return [CAction(color, T.MARITIME_TRADE, ("give", CRES[d.give], CRES[d.get]))]
        if isinstance(d, A.EndTurn):
            return [CAction(color, T.END_TURN, None)]
        raise ValueError(d)

    def robber(self, d, color):
        vic = Color[d.victim.upper()] if d.victim else None
        return CAction(color, T.MOVE_ROBBER, (self.hex_coord[d.hex], vic, None))

    def edge(self, path):
        a, b = PATH_ENDS[PATH_INDEX[path]]
        return frozenset((self.node_o2c[a], self.node_o2c[b]))

    def find(self, want, playable):
        for a in playable:
            if a.action_type != want.action_type:
                continue
            v, w = a.value, want.value
            t = want.action_type
            if t == T.BUILD_ROAD:
                if frozenset(v) == w:
                    return a
            elif t == T.MARITIME_TRADE:
                give = [r for r in v[:-1] if r is not None]
                if give[0] == w[1] and v[-1] == w[2]:
                    return a
            elif t == T.PLAY_YEAR_OF_PLENTY:
                if sorted(v) == sorted(w):
                    return a
            elif v == w:
                return a
        return None


def _idx(node):
    return INTERSECTION_INDEX[node]


def opponent(kind, color):
    return {"random": RandomPlayer, "weighted": WeightedRandomPlayer,
            "vp": VictoryPointPlayer}[kind](color)




def fresh_only(cgame, color, playable, bought):
    """Catanatron 3.2.1 lets a card bought this turn be played at once; the rules (and
    our engine) do not: those plays are taken out of its players' choices."""
    i = cgame.state.colors.index(color)
    out = []
    for a in playable:
        card = PLAYS.get(a.action_type)
        if card is not None:
            held = cgame.state.player_state[f"P{i}_{card}_IN_HAND"]
            if held - bought[color].count(card) < 1:
                continue
        out.append(a)
    return out or playable


def play(games: int, opponent_kind: str, level: str, seed: int = 0) -> dict:
    """Our bot in one seat (rotating) against three catanatron players, ``games`` games from
    ``seed``: {"won", "decided", "turns_per_win", "void", "unmatched", "games"}."""
    _catanatron()
    wins = decided = void = unmatched = 0
    turns: list[int] = []
    colors = [Color.RED, Color.BLUE, Color.ORANGE, Color.WHITE]
    for n in range(seed, seed + games):
        random.seed(n)   # catanatron's players and discards use the global generator
        ours = colors[n % 4]
        cgame = CGame([RandomPlayer(c) for c in colors], seed=n)
        others = {c: opponent(opponent_kind, c) for c in colors if c != ours}
        bridge = Bridge(cgame, ours, StrongBot(n, level=level))
        bridge.bought = bought = {c: [] for c in colors}
        ok = True
        while cgame.winning_color() is None and cgame.state.num_turns < 1000:
            color = cgame.state.current_color()
            playable = cgame.state.playable_actions
            if color == ours:
                action = bridge.decide(playable)
                done = cgame.execute(action, validate_action=action in playable)
            else:
                playable = fresh_only(cgame, color, playable, bought)
                done = cgame.execute(others[color].decide(cgame, playable))
            if done.action_type == T.BUY_DEVELOPMENT_CARD:
                bought[color].append(done.value)
            elif done.action_type == T.END_TURN:
                bought[color] = []
            try:
                bridge.mirror(done)
            except Exception as exc:   # the engines disagree: the game does not count
                print("desync", n, done, repr(exc)[:200], file=sys.stderr)
                ok = False
                break
            if done.action_type != T.PLAY_KNIGHT_CARD and bridge.rb is None \
                    and not cgame.state.is_discarding and not bridge.check():
                print("hands differ", n, done, file=sys.stderr)
                ok = False
                break
        unmatched += bridge.mismatch
        if not ok:
            void += 1
            continue
        winner = cgame.winning_color()
        if winner is not None:
            decided += 1
            if winner == ours:
                wins += 1
                turns.append(cgame.state.num_turns)
    return {"won": wins, "decided": decided, "turns_per_win": sum(turns) / max(1, len(turns)),
            "void": void, "unmatched": unmatched, "games": games}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--opponent", choices=("random", "weighted", "vp"), default="weighted")
    parser.add_argument("--level", choices=("zacatecnik", "pokrocily", "silny"),
                        default="silny")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    r = play(args.games, args.opponent, args.level, args.seed)
    print(f"catanatron level={args.level} opponent={args.opponent} won={r['won']} "
          f"decided={r['decided']} share={r['won'] / max(1, r['decided']):.3f} "
          f"turns_per_win={r['turns_per_win']:.1f} void={r['void']} "
          f"unmatched={r['unmatched']} games={r['games']}")


if __name__ == "__main__":
    main()
