"""The search behind the reconstruction (tutorial.example.reconstruct): its checks accept the
recorded game once the three sentences it breaks are switched off, and with them on, the
reconstructed board has no game that makes the whole text true (what the page notes say)."""

import pytest

from engine.board import beginner_data
from tutorial.example import reconstruct
from tutorial.example.replay import example_game, load_record
from tutorial.quiz.sketch import build_game

THREE_SENTENCES = {"t2 red exactly 1 ore", "t2 red exactly 1 grain and 1 wool",
                   "t7 the hills 9 has settlements of white and red", reconstruct.BLUE_ROADS}


def solve_base():
    data = beginner_data()
    return reconstruct.solve(reconstruct._board_json(data), data, limit=1000)


def recorded_choices() -> dict:
    record = load_record()
    dice = [sum(a["dice"]) for t in record["turns"] for s in t["steps"] for a in s["actions"]
            if a["action"] == "RollDice"]
    place = {(t["number"], a["action"]): a.get("path") or a.get("node")
             for t in record["turns"] for s in t["steps"] for a in s["actions"]}
    return {"dice": dice, "t3_road": place[(3, "BuildRoad")], "t6_city": place[(6, "BuildCity")],
            "t11_settlement": place[(11, "BuildSettlement")],
            "t15_road": place[(15, "BuildRoad")], "t16_city": place[(16, "BuildCity")]}


def test_the_checks_accept_the_recorded_game_without_the_three_sentences(monkeypatch):
    monkeypatch.setattr(reconstruct, "RELAXED", set(THREE_SENTENCES))
    recorded = recorded_choices()
    # Only the recorded dice are rolled (every other check as in the full search, which
    # finds 864 games here and takes seconds): the recorded game must be among what passes.
    monkeypatch.setattr(reconstruct, "GIVEN_ROLLS", dict(enumerate(recorded["dice"], start=1)))
    found = solve_base()
    assert recorded in found.solutions


def test_with_every_sentence_no_game_on_the_reconstructed_board_fits(monkeypatch):
    monkeypatch.setattr(reconstruct, "RELAXED", set())
    found = solve_base()
    assert found.solutions == []
    assert found.cuts["t2 red exactly 1 ore"] > 0


def test_the_recorded_blue_roads_miss_white_and_end_where_blue_could_build():
    assert not reconstruct.blue_roads_as_told(example_game().final_game)


@pytest.mark.parametrize("settlement, road, told", [
    ("d2.SE", "d3|e2", True),   # between white's settlements, past orange's: as the text says
    ("b2.SE", "d2|e2", False),  # the recorded game: ends on a free spot
])
def test_the_blue_road_check_reads_the_sentence(settlement, road, told):
    first = "d2|e2" if settlement == "d2.SE" else "b2|b3"
    pieces = [["blue", "road", first], ["white", "road", "e2|e3"], ["red", "city", "b3.SE"],
              ["white", "settlement", "e2.SE"], ["orange", "road", "c4|d3"],
              ["orange", "road", "c5|d4"], ["blue", "settlement", settlement],
              ["white", "road", "c1|c2"], ["orange", "settlement", "c3.SE"],
              ["red", "road", "a3|b4"], ["blue", "road", road], ["white", "city", "d3.SE"]]
    game = build_game({"start": "beginner", "pieces": pieces})
    assert reconstruct.blue_roads_as_told(game) is told
