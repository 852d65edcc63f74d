"""Invariants over many random legal games (hypothesis picks the seeds and the options)."""

import os
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Board, Game, InvalidInput, Rules, RuleViolation, actions
from engine.constants import DECK_COMPOSITION, DEV_CARDS, RESOURCES
from engine.longest_road import longest_road_length
from engine.options import OPTION
from engine.topology import (
    HEX_IDS,
    INTERSECTION_IDS,
    INTERSECTION_INDEX,
    INTERSECTION_NEIGHBORS,
    PATH_ENDS,
    PATH_IDS,
    PATH_INDEX,
)
from tests.conftest import examples

# Derandomized in CI ("ci" profile: the same games on every run), new ones with "dev".
GAMES = settings(max_examples=examples(ci=30, dev=60), deadline=None)
FUZZ = int(os.environ.get("ENGINE_FUZZ_EXAMPLES", "300"))  # raise it to hunt for bugs


def check_invariants(game: Game) -> None:
    colors = game.players
    seats = colors + game.neutrals  # Katan pro dva: the neutrals own pieces too
    # 19 cards of each resource, always, between the bank and the hands.
    for r in RESOURCES:
        assert game.bank[r] + sum(game.hand(c)[r] for c in colors) == 19
        assert game.bank[r] >= 0 and all(game.hand(c)[r] >= 0 for c in colors)
    # 25 development cards between the deck, the hands and the table.
    data = game.to_json()
    for card, total in zip(DEV_CARDS, DECK_COMPOSITION, strict=True):
        held = sum(data[k][c].get(card, 0) for c in colors
                   for k in ("dev_cards", "dev_cards_new", "played"))
        retired = data["removed_knights"] if card == "knight" else 0
        assert data["deck"].count(card) + held + retired == total
    # Katan pro dva: 14 trade cards, at most 7 in a hand.
    trade_cards = [game.trade_cards(c) for c in colors]
    assert all(0 <= k <= 7 for k in trade_cards) and sum(trade_cards) <= 14
    buildings = game.buildings
    roads = game.roads
    for c in seats:
        left = game.pieces_left(c)
        assert left["road"] >= 0 and left["settlement"] >= 0 and left["city"] >= 0
        assert left["road"] == 15 - sum(1 for o in roads.values() if o == c)
    # No two buildings on neighbouring intersections.
    for node in buildings:
        for other in INTERSECTION_NEIGHBORS[INTERSECTION_INDEX[node]]:
            assert INTERSECTION_IDS[other] not in buildings
    # Every road belongs to a network that reaches one of its owner's buildings.
    for c in seats:
        mine = [PATH_INDEX[p] for p, o in roads.items() if o == c]
        homes = {INTERSECTION_INDEX[n] for n, (o, _) in buildings.items() if o == c}
        reached = set(homes)
        grew = True
        while grew:
            grew = False
            for path in mine:
                a, b = PATH_ENDS[path]
                if (a in reached) != (b in reached):
                    reached |= {a, b}
                    grew = True
        assert all(set(PATH_ENDS[p]) & reached for p in mine), c
    # Points recomputed from the board equal the points reported.
    owner = [-1] * 54
    for node, (c, _) in buildings.items():
        owner[INTERSECTION_INDEX[node]] = seats.index(c)
    lengths = {}
    for p, c in enumerate(seats):
        mine = [PATH_INDEX[q] for q, o in roads.items() if o == c]
        lengths[c] = longest_road_length(mine, p, owner)
        assert game.road_length(c) == lengths[c]
    for c in colors:
        points = (sum(1 for o, kind in buildings.values() if o == c and kind == "settlement")
                  + 2 * sum(1 for o, kind in buildings.values() if o == c and kind == "city")
                  + 2 * (game.longest_road_holder == c) + 2 * (game.largest_army_holder == c)
                  + sum(1 for card, _ in game.dev_cards(c) if card == "victory_point"))
        assert game.points(c)["total"] == points
        if game.winner != c and game.phase != "over":
            assert points < 10 or c != game.current_player
    best = max(lengths.values())
    holder = game.longest_road_holder
    if holder is None:
        assert best < 5 or sum(1 for v in lengths.values() if v == best) > 1
    else:
        assert lengths[holder] >= 5 and lengths[holder] == best
    army = game.largest_army_holder
    knights = {c: game.played_knights(c) for c in colors}
    best_army = max(knights.values())
    if army is None:
        # Katan pro dva: a tie after a retired knight sets the card aside.
        tied = list(knights.values()).count(best_army) > 1
        assert best_army < 3 or (game.rules.two_player and tied)
    else:
        assert knights[army] >= 3 and knights[army] == best_army


def random_action(rng: random.Random, game: Game) -> tuple[actions.Action, bool]:
    """A random action, and whether legal_actions() would list it if it were legal."""
    colors = game.players
    color = game.acting_player if rng.random() < 0.8 else rng.choice(colors)
    node, path, hex_ = rng.choice(INTERSECTION_IDS), rng.choice(PATH_IDS), rng.choice(HEX_IDS)
    res = [rng.choice(RESOURCES) for _ in range(2)]
    victim = rng.choice((None, *colors))
    kind = rng.randrange(26)
    if kind == 0:
        return actions.PlaceSettlement(color, node), True
    if kind == 1:
        return actions.PlaceRoad(color, path), True
    if kind == 2:
        return actions.BuildRoad(color, path), True
    if kind == 3:
        return actions.BuildSettlement(color, node), True
    if kind == 4:
        return actions.BuildCity(color, node), True
    if kind == 5:
        return actions.EndTrade(color), True
    if kind == 6:
        return actions.EndTurn(color), True
    if kind == 7:
        dice = None if rng.random() < 0.5 else (rng.randint(1, 6), rng.randint(1, 6))
        return actions.RollDice(color, dice), dice is None
    if kind == 8:
        return actions.BuyDevelopmentCard(color), True
    if kind == 9:
        return actions.MoveRobber(color, hex_, victim), True
    if kind == 10:
        return actions.PlayKnight(color, hex_, victim), True
    if kind == 11:
        return actions.PlayMonopoly(color, res[0]), True
    if kind == 12:
        ordered = RESOURCES.index(res[0]) <= RESOURCES.index(res[1])
        return actions.PlayYearOfPlenty(color, (res[0], res[1])), ordered
    if kind == 13:
        paths = tuple(rng.choice(PATH_IDS) for _ in range(rng.randint(1, 2)))
        return actions.PlayRoadBuilding(color, paths), True
    if kind == 14:
        count = rng.randint(1, 2)
        return actions.TradeBank(color, res[0], res[1], count), count == 1
    if kind == 15:
        give = {res[0]: rng.randint(1, 2)}
        get = {res[1]: 1}
        # An agreed trade (recorded games) is never listed: live play offers first.
        return actions.TradePlayers(color, rng.choice(colors), give, get), False
    if kind == 16:
        # Offers are listed only to a partner who holds the card asked for (hidden from
        # the offerer, so apply() does not check it).
        partner = rng.choice((None, *colors))
        return actions.OfferTrade(color, partner, {res[0]: 1}, {res[1]: 1}), False
    if kind == 17:
        return actions.AcceptTrade(color), True
    if kind == 18:
        return actions.DeclineTrade(color), True
    if kind == 19:
        return actions.CounterOffer(color, {res[0]: 1}, {res[1]: 1}), False
    neutral = rng.choice(("orange", "red", "blue", "white"))
    if kind == 20:
        return actions.BuildNeutralSettlement(color, neutral, node), True
    if kind == 21:
        return actions.BuildNeutralRoad(color, neutral, path), True
    if kind == 22:
        return rng.choice((actions.ForcedTrade(color), actions.RobberToDesert(color),
                           actions.RetireKnight(color))), True
    if kind == 23:
        give = {res[0]: 1}
        give[res[1]] = give.get(res[1], 0) + 1
        return actions.GiveBack(color, give), True
    cards: dict[str, int] = {}
    for _ in range(rng.randint(1, 6)):
        r = rng.choice(RESOURCES)
        cards[r] = cards.get(r, 0) + 1
    return actions.Discard(color, cards), True


def play_and_check(seed: int, rules: Rules, steps: int) -> None:
    rng = random.Random(seed)
    players = ("orange", "red") if rules.two_player else ("orange", "red", "blue", "white")
    game = Game.new(Board.variable(seed), players, seed=seed, rules=rules)
    for step in range(steps):
        if game.phase == "over":
            assert game.legal_actions() == []
            break
        legal = game.legal_actions()
        assert legal, game.phase
        assert all(a.player == game.acting_player for a in legal)
        # Everything listed is accepted (all of them now and then, a sample otherwise).
        sample = legal if step % 40 == 0 else rng.sample(legal, min(2, len(legal)))
        for action in sample:
            game.copy().apply(action)
        # Random actions not listed are refused, with one of the two errors only.
        for _ in range(2):
            action, enumerated = random_action(rng, game)
            try:
                game.copy().apply(action)
                accepted = True
            except (RuleViolation, InvalidInput):
                accepted = False
            if action in legal:
                assert accepted, action
            elif enumerated:
                assert not accepted, action
        game.apply(rng.choice(legal))
        if step % 5 == 0:
            check_invariants(game)
    check_invariants(game)


@GAMES
@given(seed=st.integers(0, 2**31 - 1), steps=st.integers(100, 700))
def test_random_games_keep_every_invariant(seed, steps):
    play_and_check(seed, Rules(), steps)


@settings(max_examples=examples(ci=12, dev=25), deadline=None)
@given(seed=st.integers(0, 2**31 - 1), tie=st.sampled_from(OPTION["longest_road_tie"].values))
def test_random_games_with_the_other_rule_options(seed, tie):
    play_and_check(seed, Rules(longest_road_tie=tie, combined_trade_build=True), 500)


@settings(max_examples=examples(ci=12, dev=25), deadline=None)
@given(seed=st.integers(0, 2**31 - 1), combined=st.booleans())
def test_random_games_of_katan_pro_dva(seed, combined):
    play_and_check(seed, Rules(two_player=True, combined_trade_build=combined), 500)


@settings(max_examples=examples(ci=5, dev=10), deadline=None)
@given(seed=st.integers(0, 2**31 - 1))
def test_random_games_end(seed):
    """Random players finish a game (a winner with 10 points) or hit the 1000-turn cap."""
    rng = random.Random(seed)
    game = Game.new(Board.variable(seed), seed=seed)
    while game.phase != "over" and game.turn_number <= 1000:
        game.apply(rng.choice(game.legal_actions()))
    if game.phase == "over":
        assert game.points(game.winner)["total"] >= 10
        check_invariants(game)


WEIRD = st.one_of(st.none(), st.integers(-3, 80), st.text(max_size=6), st.booleans(),
                  st.sampled_from(["red", "orange", "b2|c3", "c3.N", "d2", "ore", "knight"]),
                  st.lists(st.sampled_from(["ore", "b2|c3", 3]), max_size=3),
                  st.tuples(st.integers(0, 7), st.integers(0, 7)),
                  st.dictionaries(st.sampled_from(["ore", "wool", "gold", 5]),
                                  st.one_of(st.integers(-2, 5), st.booleans(), st.none()),
                                  max_size=3))


@settings(max_examples=FUZZ, deadline=None)
@given(seed=st.integers(0, 40), kind=st.sampled_from(sorted(actions.ACTION_TYPES)),
       values=st.lists(WEIRD, min_size=5, max_size=5), data=st.data())
def test_malformed_actions_raise_only_the_engines_two_errors(seed, kind, values, data):
    from dataclasses import fields

    game = _position(seed)
    cls = actions.ACTION_TYPES[kind]
    names = [f.name for f in fields(cls)]
    kwargs = dict(zip(names, values, strict=False))
    if data.draw(st.booleans()):
        kwargs["player"] = game.acting_player
    before = game.to_json()
    try:
        game.apply(cls(**kwargs))
    except (RuleViolation, InvalidInput):
        assert game.to_json() == before


_POSITIONS: dict[int, Game] = {}


def _position(seed: int) -> Game:
    if seed not in _POSITIONS:
        rng = random.Random(seed)
        if seed % 3 == 2:  # every third position is one of Katan pro dva
            game = Game.new(Board.variable(seed), ("orange", "red"), seed=seed,
                            rules=Rules(two_player=True))
        else:
            game = Game.new(Board.variable(seed), seed=seed)
        for _ in range(seed * 25):
            if game.phase == "over":
                break
            game.apply(rng.choice(game.legal_actions()))
        _POSITIONS[seed] = game
    return _POSITIONS[seed].copy()
