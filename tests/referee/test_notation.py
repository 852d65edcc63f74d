"""The position in the address: short, read back exactly, edited by taps."""

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import topology
from tutorial.example.replay import game_after
from tutorial.referee import notation
from tutorial.referee.notation import BadCode, Table

colors = st.sampled_from(notation.ALL_COLORS)
piece = st.one_of(
    st.tuples(colors, st.just("road"), st.sampled_from(topology.PATH_IDS)),
    st.tuples(colors, st.sampled_from(["settlement", "city"]),
              st.sampled_from(topology.INTERSECTION_IDS)),
)
counts = st.tuples(*[st.integers(0, 19)] * 5)
positions = st.builds(
    Table,
    plan=st.sampled_from(["z", "p", "v7"]),
    rules=st.frozensets(st.sampled_from(["r", "k"])),
    pieces=st.lists(piece, max_size=12).map(tuple),
    robber=st.sampled_from(["", *topology.HEX_IDS]),
    hands=st.dictionaries(colors, counts.filter(any), max_size=4),
    dev=st.dictionaries(colors, counts.filter(any), max_size=4),
    knights=st.lists(st.tuples(colors, st.integers(1, 7)), max_size=2, unique_by=lambda k: k[0])
    .map(tuple),
    road_holder=st.sampled_from([notation.UNKNOWN, None, *notation.ALL_COLORS]),
    army_holder=st.sampled_from([notation.UNKNOWN, None, *notation.ALL_COLORS]),
    phase=st.sampled_from(["", *notation.PHASE_LETTER_OF]),
    new_dev=st.dictionaries(colors, st.tuples(*[st.integers(0, 14)] * 5).filter(any),
                            max_size=2),
    done=st.frozensets(st.sampled_from(list(notation.DONE_LETTERS))),
    discarding=st.lists(colors, max_size=4, unique=True).map(tuple),
    rolls=st.lists(st.integers(2, 12), max_size=2).map(tuple),
    trade_cards=st.dictionaries(colors, st.integers(0, 7), max_size=4),
).map(lambda pos: replace(pos, current="red" if pos.phase else ""))


@given(positions)
def test_every_position_reads_back_from_its_parameters(pos):
    assert notation.parse(notation.params(pos)) == pos


def test_the_default_position_has_an_empty_address():
    assert notation.params(Table()) == {}


def test_a_whole_example_position_fits_a_short_message():
    pos = notation.from_game(game_after(16, 5), "z")
    query = "&".join(f"{k}={v}" for k, v in notation.params(pos).items())
    assert len(query) < 250


@pytest.mark.parametrize("query, words", [
    ({"f": "xs00"}, "Neznámá barva"),
    ({"f": "cq00"}, "Figurka je"),
    ({"f": "cszz"}, "Takové místo"),
    ({"f": "cs0"}, "po 4 znacích"),
    ({"plan": "q"}, "Plán je"),
    ({"zlodej": "z9"}, "Zloděj"),
    ({"ruce": "c1"}, "6 znaků"),
    ({"hraci": "cc"}, "jen jednou"),
    ({"tah": "cx"}, "Tah"),
    ({"uz": "kx"}, "Už v tomto tahu"),
    ({"odevzda": "cc"}, "nejvýš jednou"),
    ({"hody": "1"}, "Hody"),
    ({"hody": "d"}, "Hody"),
    ({"hody": "888"}, "Hody"),
    ({"obchodni": "c8"}, "Obchodní karty"),
    ({"nove": "c1"}, "6 znaků"),
])
def test_a_bad_parameter_gets_a_czech_reason(query, words):
    with pytest.raises(BadCode) as caught:
        notation.parse(query)
    assert words in str(caught.value)


def test_a_tap_places_removes_and_upgrades_in_place():
    pos = Table(plan="p")
    pos = notation.toggle(pos, "red", "road", "a1.W")
    pos = notation.toggle(pos, "red", "settlement", "a1.N")
    pos = notation.toggle(pos, "blue", "road", "a1.NW")
    assert pos.pieces[-1] == ("blue", "road", "a1.NW")
    pos = notation.toggle(pos, "red", "city", "a1.N")  # upgraded where it stood in the order
    assert pos.pieces[1] == ("red", "city", "a1.N")
    pos = notation.toggle(pos, "blue", "road", "a1.NW")  # the same piece again: removed
    assert [p[2] for p in pos.pieces] == ["a1.W", "a1.N"]
    pos = notation.toggle(pos, "blue", "road", "a1.W")  # another colour: replaced
    assert pos.pieces[0] == ("blue", "road", "a1.W")


def test_an_impossible_position_is_built_into_the_engines_reason():
    pos = Table(plan="p", pieces=(("red", "settlement", "a1.N"),
                                     ("blue", "settlement", "a1.NE")))
    built = notation.build(pos)
    assert built.game is None
    assert "pravidlo o vzdálenosti" in built.error
    assert built.headword == "pravidlo-o-vzdalenosti-mezi-dvema-vesnicemi"


def test_a_settlement_that_breaks_a_road_moves_the_card_and_the_build_says_so():
    red = [("red", "road", p) for p in ("a1.W", "a1.NW", "a1.NE", "a2.NW", "a2.NE", "a3.NW")]
    blue = [("blue", "road", p) for p in ("d1.SW", "d1.W", "c1.SW", "c1.W", "c1.NW")]
    before = notation.build(Table(plan="p", pieces=tuple(red + blue)))
    assert before.game.longest_road_holder == "red"
    start = notation.decided(Table(plan="p", pieces=tuple(red + blue)), before.cards)
    assert start.road_holder == "red" and start.army_holder == notation.UNKNOWN
    after = notation.build(replace(start, pieces=(*start.pieces,
                                                  ("blue", "settlement", "a1.NE"))))
    assert after.game.longest_road_holder == "blue"
    assert after.cards.longest_road_code == "broken_sole"
    assert "přerušuje stavba soupeře" in after.cards.longest_road_reason


def test_a_holder_round_trips_through_the_address_and_old_addresses_read_unknown():
    for holder in (notation.UNKNOWN, None, *notation.ALL_COLORS):
        pos = Table(road_holder=holder, army_holder=holder)
        assert notation.parse(notation.params(pos)) == pos
    old = notation.parse({"f": "cs04", "rytiri": "c3"})
    assert old.road_holder == old.army_holder == notation.UNKNOWN
    assert notation.params(Table(road_holder=None))["cesta"] == "n"
    with pytest.raises(BadCode, match="nikdo"):
        notation.parse({"cesta": "x"})


def test_the_order_of_seats_or_knights_never_decides_a_holder():
    for knights in ((("red", 3), ("orange", 3)), (("orange", 3), ("red", 3))):
        built = notation.build(Table(knights=knights))
        assert built.game.largest_army_holder is None
        assert not built.cards.largest_army_decided
        assert "dřív" in built.cards.largest_army_reason


def test_the_empty_frame_has_no_terrain_numbers_or_harbors():
    board = notation.board_of("p")
    assert set(board.terrains) == {"desert"}
    assert not any(board.numbers) and not board.harbors


def test_a_game_shows_only_the_cards_of_the_player_at_the_screen():
    game = game_after(11, 2)
    mine = notation.from_game(game, "z", shown={"red"})
    assert set(mine.hands) <= {"red"} and set(mine.dev) <= {"red"}
    everybody = notation.from_game(game, "z")
    assert set(everybody.hands) == {c for c in game.players if game.hand_size(c)}


@pytest.mark.parametrize("rules, holder", [(frozenset(), None), (frozenset("r"), "red")])
def test_a_tie_after_a_break_follows_the_chosen_edition(rules, holder):
    from tutorial.referee import rulings

    red = [("red", "road", p) for p in ("a1.W", "a1.NW", "a1.NE", "a2.NW", "a2.NE", "a3.NW")]
    blue = [("blue", "road", p) for p in ("d1.SW", "d1.W", "c1.SW", "c1.W", "c1.NW")]
    cut = [("blue", "settlement", "a1.NW")]  # red keeps 5 of 6: a tie with blue's 5
    built = notation.build(Table(plan="p", rules=rules, pieces=tuple(red + blue + cut),
                                    road_holder="red"))
    assert built.game.longest_road_holder == holder
    ruling = rulings.longest_road(built.game, built.cards)
    assert ruling.data["delky"] == {"red": 5, "blue": 5}
    assert any("Pravidlo o shodě" in line for line in ruling.details)
    if holder:
        assert "ponechává" in ruling.answer and "(001)" in ruling.answer
    else:
        assert "jde stranou" in ruling.answer and "přerušuje" in ruling.answer
