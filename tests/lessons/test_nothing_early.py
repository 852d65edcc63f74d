"""Nothing is shown before its time (issue 22): a question before the teacher opens it, who
is right on the teacher's results before the reveal, per-pupil positions nobody can predict."""

import hashlib

import pytest
from django.test import Client

from tests.lessons.conftest import join
from tutorial import quiz
from tutorial.lessons import classroom
from tutorial.lessons.models import Pupil

pytestmark = pytest.mark.django_db

RIGHT = {"vyber": "1", "misto": ["b2.SE"]}


def control(teacher_client, lesson, action):
    teacher_client.post(f"/ucitel/hodina/{lesson.code}/ovladani/",
                        {"akce": action, "potvrdit": "1"})
    lesson.refresh_from_db()


@pytest.mark.parametrize("htmx", [False, True])
def test_a_question_cannot_be_read_before_the_teacher_opens_it(lesson, teacher_client, htmx):
    pupil = Client()
    join(pupil, lesson, "Ada")
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    prompt = quiz.prepare("sedmicka", "a1").prompt
    # In the lobby no question at all; while question 1 runs, not question 2 either.
    for number in (1, 2):
        for query in ("", "?prepnout=b2.SE", "?zrusit=1"):
            response = pupil.get(f"/hra/{lesson.code}/{number}/{query}", **headers)
            assert prompt not in response.content.decode()
            assert "<svg" not in response.content.decode()
    control(teacher_client, lesson, "start")
    response = pupil.get(f"/hra/{lesson.code}/2/?prepnout=b2.SE", **headers)
    assert "<svg" not in response.content.decode()
    assert prompt not in response.content.decode()
    # The open question still answers its fragment.
    response = pupil.get(f"/hra/{lesson.code}/1/?prepnout=b2.SE", **headers)
    if htmx:
        assert "<svg" in response.content.decode()


def test_teacher_results_leave_the_open_question_out_until_the_reveal(class_quiz, teacher,
                                                                        teacher_client):
    lesson = classroom.start_lesson(class_quiz, teacher, "ucitel", None, True)
    control(teacher_client, lesson, "start")
    ada = Client()
    join(ada, lesson, "Ada")
    ada.post(f"/hra/{lesson.code}/1/", RIGHT)
    page = teacher_client.get(f"/ucitel/hodina/{lesson.code}/vysledky/").content.decode()
    row = page.split("<th scope=\"row\">Ada</th>")[1].split("</tr>")[0]
    assert "✓" not in row  # nobody is marked right
    assert "u pouště" not in row  # nor is the answer shown to the room
    totals = row.split("</td>")[-3:]  # the totals: right answers and speed points
    assert ">1<" not in "".join(totals) and "1000" not in row and "99" not in row
    assert "Kam klikala třída" not in page  # no heat map of the open question either
    control(teacher_client, lesson, "reveal")
    page = teacher_client.get(f"/ucitel/hodina/{lesson.code}/vysledky/").content.decode()
    row = page.split("<th scope=\"row\">Ada</th>")[1].split("</tr>")[0]
    assert "✓" in row


def test_per_pupil_positions_depend_on_the_secret_key(lesson, settings):
    item = next(i for i in classroom.items_of(lesson) if i.per_pupil)
    pupil = Pupil.objects.create(lesson=lesson, nickname="Ada", nickname_key="ada")
    guessed = hashlib.sha256(f"{item.pk}:{pupil.pk}:{pupil.lesson_id}".encode()).digest()
    guessed_variant = f"s{int.from_bytes(guessed[:4], 'big') % quiz.MAX_SEED + 1}"
    first = classroom.variant_for(item, pupil)
    assert first != guessed_variant
    settings.SECRET_KEY = "another-secret-key-" + "x" * 40
    assert classroom.variant_for(item, pupil) != first


def test_practice_does_not_grade_a_question_of_the_pupils_running_lesson(lesson,
                                                                         teacher_client):
    pupil = Client()
    join(pupil, lesson, "Ada")
    control(teacher_client, lesson, "start")
    # The lesson's first question is the Almanach example "vesnice/a1", public in practice.
    assert pupil.get("/kvizy/vesnice/a1/").status_code == 200
    response = pupil.post("/kvizy/vesnice/a1/", RIGHT)
    assert response.status_code == 403 and "máte v hodině" in response.content.decode()
    assert pupil.get("/kvizy/vesnice/a1/vysledek/").status_code == 302
    # The per-pupil question too, under its own position.
    item = next(i for i in classroom.items_of(lesson) if i.per_pupil)
    own = classroom.variant_for(item, Pupil.objects.get(nickname="Ada"))
    assert pupil.post(f"/kvizy/{item.kind}/{own}/", {"vyber": "1"}).status_code == 403
    # Other questions, and after the lesson, practice grades as always.
    assert pupil.post("/kvizy/vesnice/a2/", RIGHT).status_code == 302
    control(teacher_client, lesson, "close")
    assert pupil.post("/kvizy/vesnice/a1/", RIGHT).status_code == 302


def test_the_teachers_form_says_which_positions_can_be_looked_up(class_quiz, teacher_client):
    for url in ("/ucitel/kviz/novy/", f"/ucitel/kviz/{class_quiz.pk}/"):
        page = teacher_client.get(url).content.decode()
        assert "veřejné" in page and "nikdo nedohledá" in page
