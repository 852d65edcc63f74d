"""Grading: per spot for click questions (hits, misses, wrong clicks), per field for the rest."""

from tutorial import quiz


def test_click_grading_counts_hits_misses_and_wrong_clicks():
    prepared = quiz.prepare("silnice", "a4")  # legal: c4|c5, c5|d4, d3|d4
    graded = quiz.grade(prepared, ["c4|c5", "c3|d3"])
    assert (graded.hits, graded.misses, graded.wrong) == (1, 2, 1)
    assert not graded.correct
    assert graded.score == 1 / 4  # hits / (legal + wrong)
    assert graded.marks[("path", "c4|c5")] == "hit"
    assert graded.marks[("path", "c5|d4")] == "miss"
    assert graded.marks[("path", "c3|d3")] == "wrong"


def test_a_wrong_road_lights_up_the_blocking_settlement_and_says_why():
    prepared = quiz.prepare("silnice", "a4")
    graded = quiz.grade(prepared, ["c3|d3"])
    assert graded.marks[("node", "c3.SE")] == "culprit"
    blocked = [r for r in graded.reasons if "cizí vesnici" in r.text]
    assert blocked and blocked[0].headword == "silnice"


def test_a_wrong_settlement_lights_up_the_neighbour_of_the_distance_rule():
    prepared = quiz.prepare("vesnice", "a1")  # blue's only legal spot: b2.SE
    # b3.SW is b2.SE itself (an alias): legal. c3.N too. Pick a spot next to red's b3.SE.
    graded = quiz.grade(prepared, ["b2.SE", "b3.S"])
    assert graded.marks[("node", "b2.SE")] == "hit"
    assert graded.marks[("node", "b3.S")] == "wrong"
    assert graded.marks[("node", "b3.SE")] == "culprit"  # red's settlement next door
    reason = next(r for r in graded.reasons if r.text.startswith("Křižovatka"))
    assert reason.headword == "pravidlo-o-vzdalenosti-mezi-dvema-vesnicemi"


def test_a_wrong_settlement_without_a_road_marks_the_missing_road():
    prepared = quiz.prepare("vesnice", "a1")
    graded = quiz.grade(prepared, ["e3.SE"])  # far from every blue road
    assert graded.marks[("node", "e3.SE")] == "wrong"
    assert any(mark == "need" for mark in graded.marks.values())


def test_all_right_is_correct_and_scores_one():
    prepared = quiz.prepare("vesnice", "a1")
    graded = quiz.grade(prepared, ["b2.SE"])
    assert graded.correct and graded.score == 1.0


def test_aliases_count_as_the_same_place():
    prepared = quiz.prepare("vesnice", "a1")
    assert quiz.grade(prepared, ["c3.N"]).correct  # c3.N is b2.SE


def test_nowhere_is_answered_by_clicking_nothing():
    prepared = quiz.prepare("vesnice", "a3")
    assert prepared.solution.answer == set()
    assert quiz.grade(prepared, []).correct
    assert not quiz.grade(prepared, ["e3.SE"]).correct


def test_unknown_and_occupied_places_are_dropped():
    prepared = quiz.prepare("vesnice", "a1")
    assert quiz.normalize(prepared, ["zz.N", "a2.SE", "<script>", "b2.SE", "b2.SE"]) == ["b2.SE"]


def test_form_grading_per_field():
    prepared = quiz.prepare("sedmicka", "a1")  # orange 0, red 4, blue 5
    graded = quiz.grade(prepared, {"orange": "0", "red": "4", "blue": "4"})
    assert not graded.correct and graded.score == 2 / 3
    rows = {r["name"]: r for r in graded.rows}
    assert rows["red"]["ok"] and not rows["blue"]["ok"]
    assert rows["blue"]["expected"] == "5"


def test_form_values_outside_the_choices_are_ignored():
    prepared = quiz.prepare("sedmicka", "a1")
    response = quiz.normalize(prepared, {"orange": "0", "red": "99", "blue": "x"})
    assert response == {"orange": "0"}
    assert not quiz.complete(prepared, response)


def test_checkbox_answers_compare_as_sets():
    prepared = quiz.prepare("stavba", "a5")  # no piece left
    assert quiz.grade(prepared, {"answer": ["figurka"]}).correct
    assert not quiz.grade(prepared, {"answer": ["figurka", "misto"]}).correct
    assert not quiz.grade(prepared, {"answer": ["ano"]}).correct


def test_longest_road_feedback_draws_the_counted_trail():
    prepared = quiz.prepare("nejdelsi-cesta", "a1")
    graded = quiz.grade(prepared, {"holder": "orange", "length": "7"})
    assert not graded.correct
    assert len(graded.trail) == 4


def test_production_table_counts_per_player_and_folds_right_zeros():
    prepared = quiz.prepare("vynosy", "a1")  # blue 3 ore, orange 2 lumber
    cells = {f.name: "0" for f in prepared.fields}
    graded = quiz.grade(prepared, {**cells, "blue-ore": "3"})
    assert not graded.correct and graded.score == 1 / 2
    assert graded.summary == "Správně 1 z 2 hráčů."
    assert [r["name"] for r in graded.shown_rows] == ["orange-lumber", "blue-ore"]
    assert graded.folded


def test_a_stored_answer_with_several_reasons_is_graded_and_shown_as_ticked():
    # "Může stavět?": ticking two reasons stores "a,b"; grading it again must keep both.
    from tutorial.lessons import results

    prepared = quiz.prepare("stavba", "a1")
    stored = quiz.normalize(prepared, {"answer": ["suroviny", "misto"]})
    assert stored == {"answer": "misto,suroviny"}
    assert quiz.normalize(prepared, stored) == stored
    text = results.answer_text(prepared, stored)
    assert "Ne: chybí suroviny" in text and "Ne: není kde stavět" in text
    right = quiz.grade(prepared, quiz.normalize(prepared, prepared.solution.answer))
    assert right.correct


def test_a_pupils_answer_reads_as_an_answer_not_as_a_label():
    from tutorial.lessons import results

    building = quiz.prepare("stavba", "a1")
    assert results.answer_text(building, {"answer": "suroviny"}) == "Ne: chybí suroviny"
    road = quiz.prepare("nejdelsi-cesta", "a1")
    response = {field.name: field.choices[-1][0] for field in road.fields}
    text = results.answer_text(road, response)
    assert "?:" not in text and not text.startswith("Odpověď:")
