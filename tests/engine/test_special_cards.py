"""Who holds the special cards (Nejdelší obchodní cesta, Největší vojsko): one rule decides,
whichever way a position is made (moves, sandbox placements, loading, the referee's JSON).

The class test builds positions by random sequences of sandbox placements and knight
counts in random seat orders, and checks that the holder the game tracked is the one the
referee's function and the loading give, whatever the seat order.
"""

import random

import pytest
from engine_kit import hand, place_roads, sandbox, walk
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Board, Game, InvalidInput, Rules, RuleViolation, referee
from engine.actions import BuildSettlement, RetireKnight
from engine.constants import COLORS
from engine.options import OPTION
from engine.topology import INTERSECTION_IDS, INTERSECTION_PATHS, PATH_ENDS, PATH_IDS

ORANGE_SEVEN = ("a1.SW", "a1.NW", "a1.N", "a1.NE", "a2.N", "a2.NE", "a3.N", "a3.NE")
BLUE_FIVE = ("e1.SW", "e1.S", "e1.SE", "e2.S", "e2.SE", "e3.S")
RICH = hand(brick=5, lumber=5, wool=5, grain=5, ore=5)


def roads_json(color, *nodes):
    return dict.fromkeys(walk(*nodes), color)


def orange_broken_blue_five(holder="orange", rules=None):
    """The dispute from outside: Orange had 7 roads, Red's settlement at a2.NE cut them
    into 5 + 2, Blue has 5."""
    position = {
        "roads": {**roads_json("orange", *ORANGE_SEVEN), **roads_json("blue", *BLUE_FIVE)},
        "buildings": {"a3.NE": ["orange", "settlement"], "a2.NE": ["red", "settlement"]},
        "longest_road_holder": holder,
    }
    if rules:
        position["rules"] = rules
    return position


# -- Nejdelší obchodní cesta ---------------------------------------------------------------

def test_a_tie_after_a_break_sets_the_longest_road_aside_through_the_json_too():
    """Almanach: "Mají-li po přerušení dva či více hráčů stejně dlouhé souvislé silnice,
    karta se vrací do banku až do okamžiku, kdy má jeden hráč opět delší silnici než
    ostatní." Before, the API kept the card with Orange."""
    game = referee.position_from_json(orange_broken_blue_five())
    assert game.road_length("orange") == game.road_length("blue") == 5
    assert game.longest_road_holder is None
    cards = referee.special_card_holders(game, claimed_longest_road="orange")
    assert cards.longest_road is None and cards.longest_road_code == "broken_tie"
    assert "jde stranou" in cards.longest_road_reason
    assert "bez přerušení by měla 7 silnic" in cards.longest_road_reason
    assert cards.unbroken_road_lengths["orange"] == 7


def test_after_a_break_the_holder_keeps_a_tie_under_the_compact_rules():
    """001: "Pokud hráč, který vlastní zvláštní kartu Nejdelší obchodní cesta, je mezi
    těmito hráči, pak si tuto zvláštní kartu ponechá." """
    game = referee.position_from_json(
        orange_broken_blue_five(rules={"longest_road_tie": "holder_keeps"}))
    assert game.longest_road_holder == "orange"
    cards = referee.special_card_holders(game)
    assert cards.longest_road_code == "holder_keeps_broken_tie"
    assert "001" in cards.longest_road_reason


def test_the_break_decides_the_same_by_moves_and_by_json():
    for rules in (Rules(), Rules(longest_road_tie="holder_keeps")):
        game = sandbox(rules=rules)
        game.place_settlement("orange", "a3.NE")
        place_roads(game, "orange", *ORANGE_SEVEN)
        place_roads(game, "blue", *BLUE_FIVE)
        game.set_hand("red", RICH)
        game.set_current("red", "build")
        game.place_road("red", walk("a2.SE", "a2.NE")[0])
        game.apply(BuildSettlement("red", "a2.NE"))
        loaded = referee.position_from_json(
            orange_broken_blue_five(rules={"longest_road_tie": rules.longest_road_tie})
            | {"roads": game.to_json()["roads"]})
        assert loaded.longest_road_holder == game.longest_road_holder
        assert game.longest_road_holder == (None if rules.longest_road_tie == "aside"
                                            else "orange")


def test_a_rival_who_draws_level_long_after_a_break_takes_nothing():
    """The Almanach's tie rule is about the tie the break makes ("Mají-li po přerušení…");
    a road that later only draws level takes nothing: "Kdykoli jiný hráč postaví silnici
    delší, dostane kartu i s body on." A game played move by move knows which it is."""
    game = sandbox()
    game.place_settlement("orange", "a3.NE")
    place_roads(game, "orange", *ORANGE_SEVEN)
    place_roads(game, "blue", *BLUE_FIVE[:-1])               # 4 roads
    game.set_hand("red", RICH)
    game.set_current("red", "build")
    game.place_road("red", walk("a2.SE", "a2.NE")[0])
    game.apply(BuildSettlement("red", "a2.NE"))              # Orange: 7 -> 5, still longest
    assert game.longest_road_holder == "orange"
    place_roads(game, "blue", *BLUE_FIVE[-2:])               # Blue draws level: 5
    assert game.road_length("blue") == game.road_length("orange") == 5
    assert game.longest_road_holder == "orange"
    # The saved position loads as it is; the referee, who sees only the position, reads
    # the tie as the break's and says what changes if Blue drew level later.
    assert Game.from_json(game.to_json()).longest_road_holder == "orange"
    cards = referee.special_card_holders(game, claimed_longest_road="orange")
    assert cards.longest_road is None
    assert "dorovnal-li soupeř cestu až později, karta zůstává oranžovému" in (
        cards.longest_road_reason)


def test_without_a_break_a_tie_keeps_the_card_with_its_holder():
    """Almanach: "Kdykoli jiný hráč postaví silnici delší, dostane kartu i s body on." """
    game = sandbox()
    place_roads(game, "orange", *ORANGE_SEVEN[:6])          # 5 roads: Orange first
    place_roads(game, "blue", *BLUE_FIVE)                    # 5 roads: as long
    assert game.longest_road_holder == "orange"
    cards = referee.special_card_holders(game)
    assert cards.longest_road == "orange" and cards.longest_road_code == "holder_keeps_tie"
    assert "přebírá jen delší cesta" in cards.longest_road_reason
    data = game.to_json()
    assert Game.from_json(data).longest_road_holder == "orange"


def test_only_a_strictly_longer_road_takes_the_card():
    position = {"roads": {**roads_json("orange", *ORANGE_SEVEN[:6]),
                          **roads_json("blue", *BLUE_FIVE, "e3.SE")},
                "longest_road_holder": "orange"}
    game = referee.position_from_json(position)
    assert game.longest_road_holder == "blue"
    cards = referee.special_card_holders(game, claimed_longest_road="orange")
    assert cards.longest_road_code == "longer"
    assert cards.longest_road_reason.startswith("Kartu Nejdelší obchodní cesta přebírá modrý")


def test_below_five_after_a_break_the_card_goes_aside():
    """001: "Zvláštní karta bude položena stranou i tehdy, když po přerušení nemá žádný
    hráč potřebných 5 souvislých silnic." """
    position = {"roads": roads_json("orange", *ORANGE_SEVEN),
                "buildings": {"a1.NE": ["red", "settlement"]},   # 3 + 4
                "longest_road_holder": "orange"}
    game = referee.position_from_json(position)
    assert game.road_length("orange") == 4 and game.longest_road_holder is None
    cards = referee.special_card_holders(game, claimed_longest_road="orange")
    assert cards.longest_road_code == "broken_below_five"


def test_a_tie_without_a_holder_gives_the_card_to_nobody():
    position = {"roads": {**roads_json("orange", *ORANGE_SEVEN[:6]),
                          **roads_json("blue", *BLUE_FIVE)}, "longest_road_holder": None}
    assert referee.position_from_json(position).longest_road_holder is None


def test_a_tie_whose_holder_is_not_known_cannot_be_decided_and_says_why():
    position = {"roads": {**roads_json("orange", *ORANGE_SEVEN[:6]),
                          **roads_json("blue", *BLUE_FIVE)}}
    game = referee.position_from_json(position)
    cards = referee.special_card_holders(game, claimed_longest_road="unknown")
    assert not cards.longest_road_decided and cards.longest_road is None
    assert "záleží na tom, kdo kartu získal dřív" in cards.longest_road_reason
    # Said who held it, the position decides.
    for holder in ("orange", "blue"):
        assert referee.position_from_json(
            position | {"longest_road_holder": holder}).longest_road_holder == holder


def test_a_loaded_position_may_not_give_the_card_to_a_shorter_road():
    data = sandbox().to_json()
    data["roads"] = {**roads_json("orange", *ORANGE_SEVEN[:6]),
                     **roads_json("blue", *BLUE_FIVE, "e3.SE")}
    data["longest_road_holder"] = "orange"
    with pytest.raises(InvalidInput) as caught:
        Game.from_json(data)
    assert caught.value.code == "position_longest_road"


# -- Největší vojsko -----------------------------------------------------------------------

def test_a_knights_tie_never_moves_the_largest_army_whatever_the_seat_order():
    """Red has 3 knights and the card; Orange (earlier in seat order) plays its third:
    only more knights take the card (002, 001). Before, the editor gave it to Orange."""
    game = sandbox()
    game.set_played_knights("red", 3)
    game.set_played_knights("orange", 3)
    assert game.largest_army_holder == "red"
    position = {"played": {"orange": {"knight": 3}, "red": {"knight": 3}},
                "largest_army_holder": "red"}
    for players in (["orange", "red", "blue", "white"], ["red", "orange", "blue", "white"]):
        loaded = referee.position_from_json(position | {"players": players})
        assert loaded.largest_army_holder == "red"
        cards = referee.special_card_holders(loaded)
        assert cards.largest_army_code == "holder_keeps_tie"
        assert "přebírá jen vyšší počet" in cards.largest_army_reason


def test_the_editor_can_say_who_held_the_card_and_the_rules_decide():
    """The editor stores knight counts; set in seat order, Orange's 3 come first. Said that
    Red held the card, the sandbox gives it to Red, as the JSON does."""
    game = sandbox()
    game.set_played_knights("orange", 3)
    game.set_played_knights("red", 3)
    assert game.largest_army_holder == "orange"
    events = game.set_special_card_holders(largest_army="red")
    assert game.largest_army_holder == "red"
    assert [(e.from_player, e.to_player) for e in events] == [("orange", "red")]
    game.set_special_card_holders(largest_army="unknown")
    assert game.largest_army_holder is None  # a tie: the position alone cannot tell
    game.set_special_card_holders(largest_army="blue")  # blue has no knights: not his
    assert game.largest_army_holder is None
    game.set_played_knights("orange", 4)
    game.set_special_card_holders(largest_army="red")
    assert game.largest_army_holder == "orange"
    with pytest.raises(InvalidInput):
        game.set_special_card_holders(longest_road="purple")


def test_the_editor_s_break_with_a_claimed_holder_sends_the_card_aside():
    game = sandbox()
    for path, color in orange_broken_blue_five()["roads"].items():
        game.place_road(color, path)
    game.place_settlement("orange", "a3.NE")
    game.place_settlement("red", "a2.NE")
    game.set_special_card_holders(longest_road="orange")
    assert game.longest_road_holder is None
    game.set_special_card_holders(longest_road="blue")
    assert game.longest_road_holder == "blue"   # unbroken and as long: keeps it


def test_strictly_more_knights_take_the_largest_army():
    game = referee.position_from_json({"played": {"orange": {"knight": 4}, "red": {"knight": 3}},
                                       "largest_army_holder": "red"})
    assert game.largest_army_holder == "orange"
    cards = referee.special_card_holders(game, claimed_largest_army="red")
    assert cards.largest_army_code == "more_knights"
    assert cards.largest_army_reason.startswith("Kartu Největší vojsko přebírá oranžový")


def test_a_knights_tie_with_no_known_holder_cannot_be_decided():
    game = referee.position_from_json({"played": {"orange": {"knight": 3},
                                                  "red": {"knight": 3}}})
    assert game.largest_army_holder is None
    cards = referee.special_card_holders(game, claimed_largest_army="unknown")
    assert not cards.largest_army_decided
    assert "záleží na tom, kdo kartu získal dřív" in cards.largest_army_reason


def test_katan_pro_dva_a_tie_costs_the_holder_only_when_he_retired_the_knight():
    """001: "ztrácí kartu Největší vojsko, pokud má vyložené pouze 2 karty Rytířů nebo má
    vyloženo přesně tolik Rytířů jako jeho spoluhráč." A tie reached by the other player's
    knight leaves the card where it is, and such a position loads."""
    game = Game.empty(Board.beginner(), ("orange", "red"), rules=Rules(two_player=True))
    game.set_played_knights("orange", 4)
    game.set_played_knights("red", 4)
    assert game.largest_army_holder == "orange"
    assert Game.from_json(game.to_json()).largest_army_holder == "orange"
    game.set_played_knights("red", 3)
    game.set_current("orange", "build")
    game.apply(RetireKnight("orange"))                 # 3 : 3 after his own knight left
    assert game.largest_army_holder is None
    assert Game.from_json(game.to_json()).largest_army_holder is None


# -- the class: every path gives the tracked holder ------------------------------------------

def random_position(seed: int) -> tuple[list, tuple[str, ...], Rules]:
    """A random sequence of sandbox steps: roads grown from each colour's network,
    settlements (often on another colour's road, breaking it), knights played."""
    rng = random.Random(seed)
    players = tuple(rng.sample(COLORS, rng.choice((3, 4))))
    rules = Rules(longest_road_tie=rng.choice(OPTION["longest_road_tie"].values))
    game = Game.empty(Board.beginner(), players, rules=rules)
    steps: list = []
    last = None
    for _ in range(rng.randint(20, 70)):
        color = rng.choice(players)
        roll = rng.random()
        if roll < 0.65:
            spots = sorted(_road_spots(game, color))
            if spots and game.pieces_left(color)["road"]:
                steps.append(("road", color, rng.choice(spots)))
        elif roll < 0.85:
            spots = _breaking_spots(game, color) or sorted(
                INTERSECTION_IDS[n] for n in range(len(INTERSECTION_IDS))
                if game.why_not_settlement(color, INTERSECTION_IDS[n]) is None
                or game.phase == "setup")
            if spots and game.pieces_left(color)["settlement"]:
                steps.append(("settlement", color, rng.choice(spots)))
        else:
            knights = game.played_knights(color)
            deck_has = 14 - sum(game.played_knights(c) for c in players)
            steps.append(("knights", color, knights + 1 if deck_has else max(knights - 1, 0)))
        if steps and steps[-1] is not last:
            try:
                _apply(game, steps[-1])
            except RuleViolation:  # e.g. a road already there: not a legal placement
                steps.pop()
        last = steps[-1] if steps else None
    return steps, players, rules


def _road_spots(game, color) -> set[str]:
    mine = [q for q, c in game.roads.items() if c == color]
    if not mine:
        return {p for p in PATH_IDS if p not in game.roads}
    return game.legal_road_spots(color)


def _breaking_spots(game, color) -> list[str]:
    """Free intersections between two roads of another colour."""
    out = []
    roads = game.roads
    for n, node in enumerate(INTERSECTION_IDS):
        owners = [roads.get(PATH_IDS[q]) for q in INTERSECTION_PATHS[n]]
        if any(owners.count(c) >= 2 for c in COLORS if c != color):
            out.append(node)
    return out


def _apply(game, step) -> list:
    kind, color, place = step
    if kind == "road":
        return game.place_road(color, place)
    if kind == "settlement":
        return game.place_settlement(color, place)
    return game.set_played_knights(color, place)


def _partial(game) -> dict:
    data = game.to_json()
    return {key: data[key] for key in ("players", "rules", "buildings", "roads", "played",
                                       "longest_road_holder", "largest_army_holder")}


@settings(max_examples=120, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_every_path_gives_the_holder_the_game_tracked(seed):
    steps, players, rules = random_position(seed)
    game = Game.empty(Board.beginner(), players, rules=rules)
    reordered = Game.empty(Board.beginner(), tuple(reversed(players)), rules=rules)
    for step in steps:
        _apply(game, step)
        _apply(reordered, step)
        # Seat order never matters.
        assert reordered.longest_road_holder == game.longest_road_holder
        assert reordered.largest_army_holder == game.largest_army_holder
    rebuilt = Game.from_json(game.to_json())
    assert rebuilt.longest_road_holder == game.longest_road_holder  # a saved game loads
    cards = referee.special_card_holders(rebuilt)
    loaded = referee.position_from_json(_partial(game))
    assert cards.largest_army == loaded.largest_army_holder == game.largest_army_holder
    if cards.longest_road_code == "broken_tie" and game.longest_road_holder is not None:
        # The one thing a position cannot tell: whether the tie came with the break (the
        # card goes aside) or a rival drew level later (the holder keeps it, as the game
        # played move by move knows). The referee reads it as the break's and says both.
        holder = game.longest_road_holder
        assert cards.longest_road is None and loaded.longest_road_holder is None
        assert game.road_length(holder) == max(game.road_length(c) for c in players)
        assert "dorovnal-li soupeř cestu až později" in cards.longest_road_reason
    else:
        assert cards.longest_road == loaded.longest_road_holder == game.longest_road_holder
    # Where the position alone decides, it agrees too.
    alone = referee.special_card_holders(rebuilt, claimed_longest_road="unknown",
                                         claimed_largest_army="unknown")
    if alone.longest_road_decided:
        assert alone.longest_road == game.longest_road_holder
    if alone.largest_army_decided:
        assert alone.largest_army == game.largest_army_holder


def test_the_random_positions_do_move_the_cards():
    """The class test sees the cards change hands, go aside and come back."""
    moved = aside = 0
    for seed in range(40):
        steps, players, rules = random_position(seed)
        game = Game.empty(Board.beginner(), players, rules=rules)
        for step in steps:
            for event in _apply(game, step):
                if event.kind == "special_card_moved":
                    moved += event.from_player is not None and event.to_player is not None
                    aside += event.to_player is None
    assert moved >= 10 and aside >= 3


def test_road_ends_are_paths_of_the_board():
    # The walk helper and the board agree (a sanity check the class test relies on).
    for path in walk(*ORANGE_SEVEN):
        assert path in PATH_IDS
        assert len(PATH_ENDS[PATH_IDS.index(path)]) == 2
