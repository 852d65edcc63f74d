"""A lesson's disguised Almanach example: the same situation on a moved board with renamed
colours, resources and numbers, graded by the engine exactly as the printed one, and never a
position practice shows."""

from collections import Counter

import pytest

from engine import topology as topo
from engine.constants import TERRAIN_COUNTS
from tutorial import quiz
from tutorial.quiz import transform
from tutorial.quiz.sketch import build_game

SEEDS = (1, 4242, 999_999)
# Every kind of the registry with every one of its examples (a kind added later is covered
# as soon as it has examples; a kind without one fails test_every_kind_has_an_example).
EXAMPLES = [(slug, example.variant) for slug in quiz.KINDS for example in quiz.examples(slug)]


def disguised(example: str, seed: int) -> str:
    return f"x{example[1:]}-{seed}"


def test_every_kind_has_an_example_to_disguise():
    assert {slug for slug, _ in EXAMPLES} == set(quiz.KINDS)


@pytest.mark.parametrize("move", transform.MOVES)
def test_each_move_of_the_board_keeps_every_neighbour_a_neighbour(move):
    hexes, nodes, paths = transform.symmetry(*move)
    assert sorted(hexes) == list(range(topo.NUM_HEXES))
    assert sorted(nodes) == list(range(topo.NUM_INTERSECTIONS))
    assert sorted(paths) == list(range(topo.NUM_PATHS))
    assert (hexes, nodes, paths) != transform.symmetry(0, False)  # something really moves
    for h, corners in enumerate(topo.HEX_CORNERS):
        assert {nodes[n] for n in corners} == set(topo.HEX_CORNERS[hexes[h]])
    for p, ends in enumerate(topo.PATH_ENDS):
        assert {nodes[n] for n in ends} == set(topo.PATH_ENDS[paths[p]])
    coast = set(topo.COASTAL_PATHS)
    assert {paths[p] for p in coast} == coast  # harbours stay on the coast


@pytest.mark.parametrize(("slug", "variant"), EXAMPLES)
@pytest.mark.parametrize("seed", SEEDS)
def test_the_engine_grades_the_disguise_as_the_image_of_the_printed_answer(slug, variant, seed):
    printed = quiz.prepare(slug, variant)
    key = disguised(variant, seed)
    lesson = transform.prepare(slug, key)
    _, dress = transform.question(slug, key)
    image = dress.answer(printed.kind, printed.solution.answer)
    assert lesson.solution.answer == image
    # A pupil who answers the image is right, whatever the kind asks.
    right = sorted(image) if lesson.clicks else image
    graded = quiz.grade(lesson, right)
    assert graded.correct and graded.score == 1.0


@pytest.mark.parametrize("slug", list(quiz.KINDS))
@pytest.mark.parametrize("seed", (3, 17))
def test_generated_positions_disguise_as_well(slug, seed):
    # Variable boards, the kinds' own rules and actions: the transform is not fitted to the
    # examples' few shapes.
    question = quiz.question(slug, f"s{seed}")
    printed = quiz.prepare(slug, f"s{seed}")
    dress = transform.choose(question, 5)
    lesson = quiz.prepare_question(transform.dressed(question, dress, "x1-5"))
    assert lesson.solution.answer == dress.answer(printed.kind, printed.solution.answer)


@pytest.mark.parametrize(("slug", "variant"), EXAMPLES)
def test_no_disguise_is_a_position_practice_shows(slug, variant):
    public = transform.public_fingerprints()
    board = getattr(quiz.kind(slug), "board", True)
    printed = quiz.examples(slug)[int(variant[1:]) - 1]
    assert transform.seen(printed, board) in public  # the printed one is public …
    for seed in SEEDS:
        question, _ = transform.question(slug, disguised(variant, seed))
        assert transform.seen(question, board) not in public  # … its disguise is not


def test_the_public_positions_are_all_examples_and_every_step_of_the_example_game():
    from tutorial.example.replay import example_game

    game = example_game()
    steps = sum(len(game.turn(t).steps) for t in range(1, len(game.turns) + 1))
    assert len(transform.public_positions()) == len(EXAMPLES) + steps * len(game.players)


@pytest.mark.parametrize(("slug", "variant"), EXAMPLES)
def test_a_disguise_names_no_source_and_shows_it_only_in_the_explanation(slug, variant):
    printed = quiz.examples(slug)[int(variant[1:]) - 1]
    lesson = transform.prepare(slug, disguised(variant, 4242))
    question = lesson.question
    assert question.note == "" and question.source == "" and question.quote == ""
    assert "names" not in question.position  # Petra, Jana and Karel are searchable
    for name in (printed.position.get("names") or {}).values():
        assert name not in lesson.prompt
    caption = lesson.solution.reasons[-1].text
    assert caption.startswith(f"Tato pozice je obměna příkladu „{printed.source}“")
    before = " ".join([lesson.prompt, *(f.label for f in lesson.fields),
                       *(fact["text"] for fact in lesson.facts)])
    assert printed.source not in before and "příklad" not in before.lower()


@pytest.mark.parametrize(("slug", "variant"), EXAMPLES)
def test_the_disguised_board_is_still_a_board_one_could_lay(slug, variant):
    lesson = transform.prepare(slug, disguised(variant, 1))
    board = lesson.game.board
    printed = quiz.prepare(slug, variant).game.board
    assert Counter(board.terrains) == Counter(printed.terrains)
    if Counter(printed.terrains) == Counter(TERRAIN_COUNTS):
        assert sorted(h.kind for h in board.harbors) == sorted(h.kind for h in printed.harbors)
    assert Counter(board.numbers) == Counter(printed.numbers)
    assert board != printed


def test_the_same_question_keeps_its_disguise_and_questions_differ():
    first = transform.disguised_variant("a2", "quiz-item:7")
    assert first == transform.disguised_variant("a2", "quiz-item:7")
    assert first.startswith("x2-") and transform.example_of(first) == "a2"
    others = {transform.disguised_variant("a2", f"quiz-item:{n}") for n in range(20)}
    assert len(others) == 20
    transform.prepare.cache_clear()
    position = transform.prepare("vynosy", "x1-77").question.position
    transform.prepare.cache_clear()
    assert transform.prepare("vynosy", "x1-77").question.position == position
    boards = {str(transform.prepare("vynosy", f"x1-{s}").game.board) for s in range(1, 13)}
    assert len(boards) > 6  # twelve seeds, many different dresses


def test_a_short_resource_may_become_another_and_stays_short():
    # Může stavět? The printed hand lacks wool for a settlement; a disguise may lack lumber
    # or grain instead (resources a settlement costs alike), never something else.
    printed = quiz.prepare("stavba", "a1")
    short = {r for r, n in (("brick", 1), ("lumber", 1), ("wool", 1), ("grain", 1))
             if printed.game.hand("blue").get(r, 0) < n}
    assert short == {"wool"}
    seen_short = set()
    for seed in range(1, 30):
        lesson = transform.prepare("stavba", f"x1-{seed}")
        player = lesson.question.ask["player"]
        hand = lesson.game.hand(player)
        lacking = {r for r in ("brick", "lumber", "wool", "grain") if hand.get(r, 0) < 1}
        assert len(lacking) == 1 and hand.get("ore") == 1
        seen_short |= lacking
        assert lesson.solution.answer == {"answer": "suroviny"}
    assert seen_short - {"wool"}  # some disguise swaps which resource is short


def test_hand_sizes_change_but_not_what_anyone_discards():
    # „Petra má 6 karet, Jana 8 a Karel 11.“ A search for those sizes should find nothing.
    sizes = set()
    for seed in range(1, 12):
        lesson = transform.prepare("sedmicka", f"x1-{seed}")
        size = tuple(sorted(lesson.game.hand_size(c) for c in lesson.game.players))
        sizes.add(size)
        assert sorted(lesson.solution.answer.values()) == ["0", "4", "5"]
        told = "jiný počet karet" in lesson.solution.reasons[-1].text
        assert told == (size != (6, 8, 11))
    assert sizes - {(6, 8, 11)}


def test_the_roll_follows_the_number_tokens():
    for seed in range(1, 20):
        lesson = transform.prepare("vynosy", f"x1-{seed}")
        roll = lesson.question.ask["roll"]
        assert roll in (6, 8)  # the printed roll is 8: only its pair may take its place
        assert f"Padlo číslo {roll}." in lesson.prompt
        rolled = [h for h in topo.HEX_IDS if lesson.game.board.number(h) == roll]
        assert len(rolled) == 2


@pytest.mark.django_db
def test_practice_never_opens_a_disguised_variant(client):
    assert client.get("/kvizy/vesnice/x1-4242/").status_code == 404
    assert client.get("/kvizy/vesnice/x1-4242/vysledek/").status_code == 404
    assert client.get("/kvizy/vesnice/a1/").status_code == 200


def test_a_disguise_builds_in_the_engine_from_its_own_plain_data():
    # The position is plain data (the board spelled out hex by hex): the engine builds it
    # again from a copy, the same game.
    lesson = transform.prepare("zamori", "x1-31")
    again = build_game(dict(lesson.question.position))
    assert again.board == lesson.game.board and again.buildings == lesson.game.buildings
