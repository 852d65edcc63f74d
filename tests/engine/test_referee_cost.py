"""A position costs little: what the box cannot hold is refused before any road is measured,
and the longest-road search answers the same as a brute force on every legal road set.

(The time of the worst legal position is measured, not asserted: scripts/bench_referee.py.)
"""

import random

import pytest
from engine_kit import brute_force_longest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Board, Game, InvalidInput, referee
from engine import longest_road as search
from engine.topology import (
    INTERSECTION_IDS,
    INTERSECTION_PATHS,
    NUM_INTERSECTIONS,
    NUM_PATHS,
    PATH_ENDS,
    PATH_IDS,
)


@pytest.fixture
def no_search(monkeypatch):
    """Any longest-road search fails the test: the refusal must come first."""
    def refuse(*args):
        raise AssertionError("the longest road was searched before the position was checked")
    monkeypatch.setattr(search, "_search", refuse)


def test_the_72_road_attack_is_refused_before_any_search(no_search):
    """The outside probe: one anonymous POST with every path red pinned a CPU for ever."""
    with pytest.raises(InvalidInput) as caught:
        referee.position_from_json({"roads": dict.fromkeys(PATH_IDS, "red")})
    assert caught.value.code == "position_piece_limit"
    assert caught.value.message == "Červený hráč má 72 silnic, ale jen 15 figurek."


@pytest.mark.parametrize("position, code", [
    ({"roads": dict.fromkeys(PATH_IDS[:16], "blue")}, "position_piece_limit"),
    ({"buildings": {INTERSECTION_IDS[n]: ["white", "settlement"] for n in range(0, 54, 9)}},
     "position_piece_limit"),
    ({"buildings": {INTERSECTION_IDS[n]: ["white", "city"] for n in range(0, 54, 9)}},
     "position_piece_limit"),
    ({"roads": {PATH_IDS[0]: "purple"}}, "invalid_input"),
    ({"roads": {PATH_IDS[0]: ["red"]}}, "position_piece"),
    ({"roads": [PATH_IDS[0]]}, "position_format"),
    ({"buildings": {INTERSECTION_IDS[0]: "red"}}, "position_piece"),
    ({"buildings": {INTERSECTION_IDS[0]: [{"a": 1}, "city"]}}, "position_piece"),
])
def test_impossible_or_malformed_pieces_are_refused_before_any_search(no_search, position,
                                                                      code):
    with pytest.raises(InvalidInput) as caught:
        referee.position_from_json(position)
    assert caught.value.code == code
    assert caught.value.message


def test_a_full_legal_position_loads_after_the_checks():
    roads = dict.fromkeys(PATH_IDS[:15], "red") | dict.fromkeys(PATH_IDS[40:55], "blue")
    game = referee.position_from_json({"roads": roads})
    assert game.pieces_left("red")["road"] == game.pieces_left("blue")["road"] == 0


def test_a_holder_claimed_in_a_wrong_shape_is_bad_input_not_a_crash():
    for claim in (["red"], {"red": 1}, 3, "purple"):
        with pytest.raises(InvalidInput):
            referee.position_from_json({"longest_road_holder": claim})
        with pytest.raises(InvalidInput):
            referee.position_from_json({"largest_army_holder": claim})


def test_the_search_itself_refuses_more_roads_than_a_player_has():
    with pytest.raises(InvalidInput) as caught:
        search.longest_road_length(list(range(16)), 0, [-1] * NUM_INTERSECTIONS)
    assert caught.value.code == "position_piece_limit"


def test_loading_engine_json_checks_the_counts_first(no_search):
    data = Game.empty(Board.beginner()).to_json()
    data["roads"] = dict.fromkeys(PATH_IDS, "orange")
    with pytest.raises(InvalidInput) as caught:
        Game.from_json(data)
    assert caught.value.code == "position_piece_limit"


# -- the search against brute force on legal road sets ------------------------------------------

def dense_network(seed: int, size: int) -> tuple[list[int], list[int]]:
    """``size`` roads grown compactly (each new road touches the network, preferring
    intersections that already have roads: loops), with some opponents' buildings."""
    rng = random.Random(seed)
    roads = {rng.randrange(NUM_PATHS)}
    while len(roads) < size:
        frontier = sorted({q for p in roads for n in PATH_ENDS[p] for q in INTERSECTION_PATHS[n]
                           if q not in roads})
        closing = [q for q in frontier
                   if all(any(n in PATH_ENDS[p] for p in roads) for n in PATH_ENDS[q])]
        roads.add(rng.choice(closing if closing and rng.random() < 0.7 else frontier))
    owner = [-1] * NUM_INTERSECTIONS
    for path in sorted(roads):
        for node in PATH_ENDS[path]:
            if rng.random() < 0.08:
                owner[node] = 1
    return sorted(roads), owner


def _is_trail(trail, player, owner) -> bool:
    if len(set(trail)) != len(trail):
        return False
    if len(trail) < 2:
        return True
    # Walk it: each road continues from where the last one ended.
    a, b = PATH_ENDS[trail[0]]
    second = PATH_ENDS[trail[1]]
    at = b if b in second else a
    for path in trail[1:]:
        if at not in PATH_ENDS[path]:
            return False
        if owner[at] >= 0 and owner[at] != player:
            return False  # passes through an opponent's building
        x, y = PATH_ENDS[path]
        at = y if at == x else x
    return True


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(6, 12))
def test_the_search_equals_brute_force_on_dense_loops(seed, size):
    roads, owner = dense_network(seed, size)
    length = search.longest_road_length(roads, 0, owner)
    assert length == brute_force_longest(roads, 0, owner)
    trail = search.longest_trail(roads, 0, owner)
    assert len(trail) == length and _is_trail(trail, 0, owner)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_length_and_trail_agree_on_fifteen_roads(seed):
    roads, owner = dense_network(seed, 15)
    trail = search.longest_trail(roads, 0, owner)
    assert len(trail) == search.longest_road_length(roads, 0, owner)
    assert _is_trail(trail, 0, owner)
