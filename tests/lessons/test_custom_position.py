"""A teacher's own position ("vlastní pozice"): from Rozhodčí into a quiz, into a lesson, graded
by the engine like any other question of its kind; refused in Czech when it cannot be."""

from urllib.parse import urlencode

import pytest
from django.test import Client

from tests.helpers.makers import make_lesson, make_quiz, make_teacher
from tests.helpers.pages import html_unescaped as text
from tests.lessons.conftest import join
from tutorial.lessons import classroom
from tutorial.lessons.models import Answer, LessonItem, Quiz, QuizItem
from tutorial.referee import notation

pytestmark = pytest.mark.django_db

# The longest-road dispute of the referee's tests: red's six roads, blue's five, and a blue
# settlement that cuts red's road in two (on the empty frame: only geometry matters).
RED = ["a1.W", "a1.NW", "a1.NE", "a2.NW", "a2.NE", "a3.NW"]
BLUE = ["d1.SW", "d1.W", "c1.SW", "c1.W", "c1.NW"]
ADD = "/ucitel/kviz/pozice/"


def dispute(**extra) -> str:
    pieces = ([("red", "road", notation._canonical("road", p)) for p in RED]
              + [("blue", "road", notation._canonical("road", p)) for p in BLUE]
              + [("blue", "settlement", notation._canonical("settlement", "a1.NE"))])
    pos = notation.Table(plan="p", pieces=tuple(pieces), **extra)
    return urlencode(notation.params(pos))


@pytest.fixture
def quiz_(teacher):
    return make_quiz(teacher, "Spory u stolu")


def add(client, quiz_, kind, code=None, **fields):
    data = {"pozice": code or dispute(), "kviz": str(quiz_.pk), "druh": kind, "hrac": "red",
            **fields}
    return client.post(ADD, data)


def test_a_teacher_adds_a_referee_position_to_a_quiz(teacher_client, quiz_):
    referee = text(teacher_client.get(f"/rozhodci/?{dispute()}&b=c"))
    link = f"{ADD}?{dispute()}&amp;b=c".replace("&amp;", "&")
    assert "Přidat do kvízu" in referee and link in referee
    form = text(teacher_client.get(link))
    assert "Spory u stolu" in form
    # Only the kinds the engine can grade from this position: no hands, nobody on turn.
    assert "Nejdelší obchodní cesta" in form and "Kudy může vést silnice?" in form
    assert "Sedmička!" not in form and "Kdo vyhrál?" not in form
    assert "vlastní pozice v procvičování na Kvízech není" in form
    response = add(teacher_client, quiz_, "nejdelsi-cesta")
    item = quiz_.items.get()
    assert response.status_code == 302
    assert response["Location"] == f"/ucitel/kviz/{quiz_.pk}/#otazka-{item.pk}"
    assert item.kind == "nejdelsi-cesta" and item.variant.startswith("v")
    assert "f=" in item.position and "b=c" in item.position


def test_the_editor_list_shows_a_custom_position_with_a_working_preview(teacher_client, quiz_):
    add(teacher_client, quiz_, "nejdelsi-cesta")
    item = quiz_.items.get()
    page = text(teacher_client.get(f"/ucitel/kviz/{quiz_.pk}/"))
    assert "Nejdelší obchodní cesta" in page and "vlastní pozice" in page
    preview = f"/ucitel/kviz/{quiz_.pk}/otazka/{item.pk}/"
    assert preview in page and f'href="/rozhodci/?{item.position}"' in page.replace("&amp;", "&")
    question = text(teacher_client.get(preview))
    assert "Kartu Nejdelší obchodní cesta má zatím červený" in question
    answered = teacher_client.post(preview, {"holder": "blue", "length": "3"})
    assert answered["Location"] == f"{preview}?vysledek=1"
    assert "Správně!" in text(teacher_client.get(answered["Location"]))


def test_a_custom_position_is_not_in_public_practice(teacher_client, quiz_, client):
    add(teacher_client, quiz_, "nejdelsi-cesta")
    item = quiz_.items.get()
    assert client.get(f"/kvizy/nejdelsi-cesta/{item.variant}/").status_code == 404
    other = Client()
    other.force_login(make_teacher("svoboda", password="x-Katan-2026"))
    assert other.get(f"/ucitel/kviz/{quiz_.pk}/otazka/{item.pk}/").status_code == 404


def test_a_lesson_grades_a_custom_position_like_any_question(teacher_client, teacher, quiz_):
    add(teacher_client, quiz_, "nejdelsi-cesta")
    add(teacher_client, quiz_, "silnice")
    lesson = make_lesson(quiz_, teacher)
    assert [i.position for i in LessonItem.objects.filter(lesson=lesson)] == \
        [i.position for i in quiz_.items.all()]
    right, wrong = Client(), Client()
    join(right, lesson, "Ada")
    join(wrong, lesson, "Bob")
    classroom.control(lesson, "start")
    page = text(right.get(f"/hra/{lesson.code}/"))
    assert "Kdo má kartu teď a kolik silnic má nejdelší souvislá cesta červeného?" in page
    right.post(f"/hra/{lesson.code}/1/", {"holder": "blue", "length": "3"})
    # Red's road is cut by blue's settlement: 3, not 6, and the card goes to blue.
    wrong.post(f"/hra/{lesson.code}/1/", {"holder": "red", "length": "6"})
    lesson.refresh_from_db()
    classroom.control(lesson, "next")
    spots = ["a1|b1", "a2|a3", "a3.NE", "b1.NW"]  # where red may extend its road
    right.post(f"/hra/{lesson.code}/2/", {"vyber": "1", "misto": spots})
    wrong.post(f"/hra/{lesson.code}/2/", {"vyber": "1", "misto": spots[:2] + ["c1|c2"]})
    answers = {(a.pupil.nickname, a.item.order): a for a in Answer.objects.all()}
    assert answers[("Ada", 1)].correct and answers[("Ada", 2)].correct
    assert not answers[("Bob", 1)].correct and not answers[("Bob", 2)].correct
    classroom.control(lesson, "close")
    results = text(teacher_client.get(f"/ucitel/hodina/{lesson.code}/vysledky/"))
    assert "Ada" in results and "Bob" in results
    assert "Modrý" in results  # the right holder, as the results table names it


def test_a_roll_question_keeps_its_roll(teacher_client, quiz_):
    code = urlencode({"f": "cv0a"})  # a red settlement on the beginners' board
    assert add(teacher_client, quiz_, "vynosy", code=code).status_code == 400  # no roll chosen
    response = add(teacher_client, quiz_, "vynosy", code=code, hod="6")
    assert response.status_code == 302, text(response)
    item = quiz_.items.get()
    assert "hod=6" in item.position
    preview = text(teacher_client.get(f"/ucitel/kviz/{quiz_.pk}/otazka/{item.pk}/"))
    assert "Padlo číslo 6." in preview


def test_not_signed_in_leads_to_the_sign_in_and_adds_nothing(client, quiz_):
    page = client.get(f"{ADD}?{dispute()}")
    assert page.status_code == 302 and page["Location"].startswith("/prihlaseni/?next=")
    response = add(client, quiz_, "nejdelsi-cesta")
    assert response.status_code == 302 and response["Location"].startswith("/prihlaseni/")
    assert not QuizItem.objects.exists()


def test_another_teachers_quiz_is_refused_in_czech(quiz_):
    other = Client()
    other.force_login(make_teacher("svoboda", password="x-Katan-2026"))
    response = add(other, quiz_, "nejdelsi-cesta")
    assert response.status_code == 400
    assert "Vyberte jeden ze svých kvízů" in text(response)
    assert not QuizItem.objects.exists()


@pytest.mark.parametrize(("code", "message"), [
    # Two settlements side by side (a3.N, a3.NE): the distance rule says no.
    ("f=ov0aov0b", "Taková pozice nemůže nastat"),
    ("f=ox0a", "Tuto pozici nelze přečíst"),
    ("plan=q", "Tuto pozici nelze přečíst"),
])
def test_a_bad_or_impossible_position_is_refused_in_czech(teacher_client, quiz_, code, message):
    for response in (teacher_client.get(f"{ADD}?{code}"),
                     add(teacher_client, quiz_, "silnice", code=code)):
        assert response.status_code == 400
        assert message in text(response)
    assert not QuizItem.objects.exists()


def test_a_kind_that_does_not_fit_the_position_is_refused(teacher_client, quiz_):
    response = add(teacher_client, quiz_, "sedmicka")  # nobody holds any cards
    assert response.status_code == 400
    assert "Tento druh otázky se na tuto pozici nehodí" in text(response)
    assert not QuizItem.objects.exists()


def test_a_new_quiz_can_be_made_from_the_position(teacher_client, teacher):
    response = teacher_client.post(ADD, {"pozice": dispute(), "kviz": "novy", "hrac": "red",
                                         "druh": "nejdelsi-cesta", "nazev": "Cesty"})
    quiz_ = Quiz.objects.get(owner=teacher)
    assert quiz_.title == "Cesty" and response["Location"].startswith(f"/ucitel/kviz/{quiz_.pk}/")
    assert quiz_.items.get().kind == "nejdelsi-cesta"


def test_a_too_long_title_for_a_new_quiz_is_refused_and_kept(teacher_client):
    title = "Cesty " * 30
    response = teacher_client.post(ADD, {"pozice": dispute(), "kviz": "novy", "hrac": "red",
                                         "druh": "nejdelsi-cesta", "nazev": title})
    assert response.status_code == 400
    assert "Název kvízu smí mít nejvýš 120 znaků." in text(response)
    assert title.strip() in text(response)  # what the teacher typed is not lost
    assert not Quiz.objects.exists()


def test_every_offered_kind_can_be_added_from_positions_of_the_example_game():
    from tutorial.example.replay import example_game, game_after
    from tutorial.lessons import custom

    example = example_game()
    added = set()
    for turn in range(1, len(example.turns) + 1, 3):
        pos = notation.from_game(game_after(turn, 1), "z")
        player = pos.players[turn % len(pos.players)]
        for choice in custom.choices(pos, player):
            stored = custom.new_item_code(custom.canonical(pos, player), choice.slug, "8")
            assert custom.prepared(choice.slug, stored) is not None
            added.add(choice.slug)
    assert added == set(custom.KINDS)


# Blue's five roads are listed before red's five: replayed in that order blue would be first
# to 5 and keep the card at the tie. The editor says red held it.
BLUE_FIRST = ([("blue", "road", notation._canonical("road", p)) for p in BLUE]
              + [("red", "road", notation._canonical("road", p)) for p in RED[:5]])


@pytest.mark.parametrize(("holder", "expected"), [("red", "red"), ("blue", "blue"),
                                                  (notation.UNKNOWN, None)])
def test_the_longest_road_holder_is_the_editors_not_the_order_of_the_pieces(holder, expected):
    from tutorial.lessons import custom

    pos = notation.Table(plan="p", pieces=tuple(BLUE_FIRST), road_holder=holder)
    code = custom.canonical(pos, "red")
    prepared = custom.prepared("nejdelsi-cesta", code)
    assert prepared.game.longest_road_holder == expected
    assert prepared.solution.answer["holder"] == (expected or "nikdo")
    # The same holder as Rozhodčí's own ruling on this position.
    assert notation.build(pos).game.longest_road_holder == expected
    if holder != notation.UNKNOWN:
        assert custom.position_dict(pos)["longest_road_holder"] == holder


def test_a_tie_after_a_break_sends_the_card_aside_in_the_quiz_as_in_rozhodci():
    from tutorial.lessons import custom

    # Red held the card; blue's settlement cuts red's six roads to five, level with blue.
    pieces = ([("red", "road", notation._canonical("road", p)) for p in RED]
              + [("blue", "road", notation._canonical("road", p)) for p in BLUE]
              + [("blue", "settlement", notation._canonical("settlement", "a1.NW"))])
    pos = notation.Table(plan="p", pieces=tuple(pieces), road_holder="red")
    prepared = custom.prepared("nejdelsi-cesta", custom.canonical(pos, "red"))
    assert prepared.game.longest_road_holder is None  # the Almanach: aside after a break
    assert notation.build(pos).game.longest_road_holder is None
