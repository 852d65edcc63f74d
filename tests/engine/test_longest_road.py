"""Nejdelší obchodní cesta: the longest single trail, at least 5 roads, broken only by an
opponent's building, taken only by a strictly longer road."""

import random

import pytest
from engine_kit import brute_force_longest, hand, place_roads, sandbox, walk
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Rules, RuleViolation
from engine.actions import BuildRoad, BuildSettlement
from engine.longest_road import longest_road_length, longest_trail
from engine.notation import node_index
from engine.topology import (
    INTERSECTION_PATHS,
    NUM_INTERSECTIONS,
    NUM_PATHS,
    PATH_ENDS,
    PATH_IDS,
)

RICH = hand(brick=5, lumber=5, wool=5, grain=5, ore=5)
ORANGE_SEVEN = ("a1.SW", "a1.NW", "a1.N", "a1.NE", "a2.N", "a2.NE", "a3.N", "a3.NE")
RED_FIVE = ("b1.SE", "a1.S", "a1.SE", "a2.S", "a2.SE", "a2.NE")


def orange_holds_seven(rules=None):
    game = sandbox(rules=rules)
    game.place_settlement("orange", "a3.NE")
    place_roads(game, "orange", *ORANGE_SEVEN)
    return game


def red_builds_settlement(game, node):
    game.set_hand("red", RICH)
    game.set_current("red", "build")
    return game.apply(BuildSettlement("red", node))


def test_five_roads_earn_the_card_four_do_not():
    game = sandbox()
    place_roads(game, "orange", *ORANGE_SEVEN[:5])
    assert game.road_length("orange") == 4 and game.longest_road_holder is None
    events = game.place_road("orange", walk(*ORANGE_SEVEN[4:6])[0])
    assert game.longest_road_holder == "orange"
    assert events[-1].to_json() == {
        "kind": "special_card_moved", "card": "longest_road", "from_player": None,
        "to_player": "orange", "reason": "first", "length": 5}
    assert game.points("orange")["longest_road"] == 2


def test_branches_do_not_count():
    game = sandbox()
    # Three arms of two roads each from c3.N (b2.SE): the longest trail takes two arms.
    place_roads(game, "orange", "a2.S", "b2.SE", "b3.S", "b3.SE")
    place_roads(game, "orange", "b2.SE", "b2.S", "b2.SW")
    assert game.road_length("orange") == 4
    assert len(game.longest_trail("orange")) == 4


def test_a_loop_counts_every_road_once():
    game = sandbox()
    place_roads(game, "orange", "c3.N", "c3.NE", "c3.SE", "c3.S", "c3.SW", "c3.NW", "c3.N")
    assert game.road_length("orange") == 6
    place_roads(game, "orange", "c3.N", "a2.S")  # a tail: the trail runs round and out
    assert game.road_length("orange") == 7


def test_the_break_splits_the_road_where_the_settlement_stands():
    game = orange_holds_seven()
    game.place_settlement("red", "a1.S")
    place_roads(game, "red", "a1.S", "a1.SE", "a1.NE")
    red_builds_settlement(game, "a1.NE")  # orange: 3 + 4 roads
    assert game.road_length("orange") == 4
    assert game.longest_road_holder is None  # nobody has 5: the card is set aside


def test_oranzovy_loses_his_seven_road_to_cerveny_s_settlement():
    """ "Oranžový měl Nejdelší obchodní cestu ze 7 silnic. Červený ji ale přerušil svojí
    vesnicí a kartu získává tedy on." """
    game = orange_holds_seven()
    game.place_settlement("red", "b1.S")
    place_roads(game, "red", "b1.S", *RED_FIVE)  # 6 roads
    assert game.road_length("orange") == 7 and game.road_length("red") == 6
    assert game.longest_road_holder == "orange"
    events = red_builds_settlement(game, "a2.NE")  # orange: 5 + 2
    assert game.road_length("orange") == 5 and game.road_length("red") == 6
    assert game.longest_road_holder == "red"
    moved = [e for e in events if e.kind == "special_card_moved"][0]
    assert (moved.from_player, moved.to_player, moved.reason) == ("orange", "red", "broken")
    assert game.points("red")["total"] == 2 + 2


def test_ones_own_settlement_does_not_break_ones_road():
    game = orange_holds_seven()
    game.set_hand("orange", RICH)
    game.set_current("orange", "build")
    game.apply(BuildSettlement("orange", "a1.NW"))
    assert game.road_length("orange") == 7 and game.longest_road_holder == "orange"


def test_only_a_strictly_longer_road_takes_the_card():
    game = orange_holds_seven()
    game.place_settlement("red", "e1.SW")
    place_roads(game, "red", "e1.SW", "e1.S", "e1.SE", "e2.S", "e2.SE", "e3.S", "e3.SE")
    assert game.road_length("red") == 6
    game.set_hand("red", RICH)
    game.set_current("red", "build")
    game.apply(BuildRoad("red", walk("e3.SE", "e3.NE")[0]))
    assert game.road_length("red") == 7 and game.longest_road_holder == "orange"
    events = game.apply(BuildRoad("red", walk("e3.NE", "d4.SE")[0]))
    assert game.longest_road_holder == "red"
    assert events[-1].reason == "longer" and events[-1].length == 8


def orange_five_red_five_after_break(rules):
    game = orange_holds_seven(rules)
    game.place_settlement("red", "b1.SE")
    place_roads(game, "red", *RED_FIVE)
    red_builds_settlement(game, "a2.NE")  # orange: 5 + 2, red: 5
    assert game.road_length("orange") == game.road_length("red") == 5
    return game


def test_after_a_break_a_tie_sets_the_card_aside_in_the_almanach():
    """ "Mají-li po přerušení dva či více hráčů stejně dlouhé souvislé silnice, karta se vrací
    do banku až do okamžiku, kdy má jeden hráč opět delší silnici než ostatní." """
    game = orange_five_red_five_after_break(Rules())
    assert game.longest_road_holder is None
    game.set_current("red", "build")
    game.apply(BuildRoad("red", walk("b1.SE", "b1.S")[0]))  # red 6: alone the longest
    assert game.longest_road_holder == "red"


def test_after_a_break_the_holder_keeps_a_tie_in_the_compact_rules():
    """001: "Pokud hráč, který vlastní zvláštní kartu Nejdelší obchodní cesta, je mezi těmito
    hráči, pak si tuto zvláštní kartu ponechá." """
    game = orange_five_red_five_after_break(Rules(longest_road_tie="holder_keeps"))
    assert game.longest_road_holder == "orange"


def test_a_tie_without_the_holder_sets_the_card_aside_in_both_readings():
    for rules in (Rules(), Rules(longest_road_tie="holder_keeps")):
        game = orange_holds_seven(rules)
        place_roads(game, "blue", "e1.SW", "e1.S", "e1.SE", "e2.S", "e2.SE", "e3.S")
        game.place_settlement("red", "b1.SW")
        place_roads(game, "red", "b1.SW", "b1.S", "b1.SE", "a1.S", "a1.SE", "a1.NE")
        red_builds_settlement(game, "a1.NE")  # orange: 3 + 4; red and blue tie at 5
        assert game.road_length("orange") == 4
        assert game.road_length("red") == game.road_length("blue") == 5
        assert game.longest_road_holder is None


# -- the search against brute force ----------------------------------------------------

def random_network(seed: int) -> tuple[list[int], list[int]]:
    rng = random.Random(seed)
    roads: set[int] = set()
    for _ in range(rng.randint(1, 2)):
        grow = {rng.randrange(NUM_PATHS)}
        for _ in range(rng.randint(0, 8)):
            frontier = [q for p in grow for n in PATH_ENDS[p] for q in INTERSECTION_PATHS[n]
                        if q not in grow]
            if frontier:
                grow.add(rng.choice(frontier))
        roads |= grow
    roads_list = sorted(roads)[:11]
    owner = [-1] * NUM_INTERSECTIONS
    for path in roads_list:
        for node in PATH_ENDS[path]:
            r = rng.random()
            if r < 0.12:
                owner[node] = 1  # an opponent's building
            elif r < 0.2:
                owner[node] = 0  # one's own
    return roads_list, owner


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_longest_road_equals_brute_force_over_all_trails(seed):
    roads, owner = random_network(seed)
    length = longest_road_length(roads, 0, owner)
    assert length == brute_force_longest(roads, 0, owner)
    trail = longest_trail(roads, 0, owner)
    assert len(trail) == length and len(set(trail)) == length
    # The reported trail is a walk: consecutive roads share an intersection.
    for a, b in zip(trail, trail[1:], strict=False):
        assert set(PATH_ENDS[a]) & set(PATH_ENDS[b])


def test_a_road_cut_off_by_a_settlement_still_builds_on_but_not_through_it():
    """The ruling `odriznuta-silnice` (the publisher's FAQ): both parts of a broken road stay
    the owner's and each free end builds on; only the crossing with the opponent's
    settlement is closed."""
    game = orange_holds_seven()
    game.place_settlement("red", "a2.NE")  # cuts a1.SW…a2.NE off from orange's settlement
    game.set_hand("orange", RICH)
    game.set_current("orange", "build")
    game.apply(BuildRoad("orange", walk("a1.SW", "a1.S")[0]))  # the cut-off part's free end
    assert game.roads[walk("a1.SW", "a1.S")[0]] == "orange"
    through = [p for p in INTERSECTION_PATHS[node_index("a2.NE")]
               if PATH_IDS[p] not in game.roads]
    assert through  # the one path on from the red settlement, still free
    with pytest.raises(RuleViolation) as refused:
        game.apply(BuildRoad("orange", PATH_IDS[through[0]]))
    assert (refused.value.code, refused.value.headword) == ("road_blocked", "silnice")


def test_an_opponents_road_touching_the_trail_does_not_break_it():
    """The ruling `cizi-silnice-neprerusi`: only an opponent's settlement or city on one of
    the trail's intersections breaks it; an opponent's road that meets it does not."""
    game = orange_holds_seven()
    inner = ORANGE_SEVEN[1:-1]
    crossing = next(p for node in inner for p in INTERSECTION_PATHS[node_index(node)]
                    if PATH_IDS[p] not in game.roads)
    game.place_road("red", PATH_IDS[crossing])  # red's road meets orange's trail
    assert game.road_length("orange") == 7
    assert game.longest_road_holder == "orange"


def test_one_player_may_hold_both_special_cards():
    """The ruling `obe-zvlastni-karty`: the Longest Road and the Largest Army, 4 points."""
    game = orange_holds_seven()
    game.set_played_knights("orange", 3)
    assert game.longest_road_holder == game.largest_army_holder == "orange"
    points = game.points("orange")
    assert points["longest_road"] == points["largest_army"] == 2
