"""What a lesson's screens say (issue 40, Low): the phone's button only sends the answer,
since nothing is evaluated before the reveal, and the wall does not print the phone's
instructions ("Klikněte na všechny křižovatky…") for any kind of question."""

import pytest
from django.test import Client

from tests.helpers.makers import make_lesson, make_quiz
from tests.helpers.pages import html
from tests.lessons.conftest import join
from tutorial.lessons import classroom
from tutorial.lessons.models import Lesson
from tutorial.quiz import KINDS

pytestmark = pytest.mark.django_db

PHONE_ONLY = ("Klikněte", "Vyhodnotit", "neoznačujte", "nechte 0")


@pytest.fixture
def every_kind(teacher) -> Lesson:
    quiz = make_quiz(teacher, "Všechny druhy", [(kind, "a1") for kind in KINDS])
    return make_lesson(quiz, teacher)


def test_the_wall_shows_the_situation_and_the_question_not_the_phones_instructions(
        every_kind, teacher_client):
    classroom.control(every_kind, "start")
    for number, kind in enumerate(KINDS, start=1):
        every_kind.refresh_from_db()
        for stage in ("open", "revealed"):
            page = html(teacher_client.get(f"/ucitel/hodina/{every_kind.code}/projektor/"))
            prompt = page.split('class="projector-prompt">')[1].split("</p>")[0]
            assert f"Otázka {number} z {len(KINDS)}: {KINDS[kind].title}" in page
            assert prompt.strip() and not any(word in prompt for word in PHONE_ONLY), (
                kind, stage, prompt)
            if stage == "open":
                classroom.control(every_kind, "reveal")
        classroom.control(every_kind, "next")


def test_the_wall_keeps_what_the_question_is_about(every_kind, teacher_client):
    classroom.control(every_kind, "start")
    page = html(teacher_client.get(f"/ucitel/hodina/{every_kind.code}/projektor/"))
    assert "je na tahu a suroviny na vesnici má.</p>" in page


def test_the_phone_sends_the_answer_and_its_instruction_names_that_button(lesson):
    classroom.control(lesson, "start")
    pupil = Client()
    join(pupil, lesson, "Ada")
    page = html(pupil.get(f"/hra/{lesson.code}/"))
    assert '<button type="submit">Odeslat odpověď</button>' in page
    assert "a pak na Odeslat odpověď" in page and "Vyhodnotit" not in page
    # Marking a spot redraws the question (htmx): the button keeps its name.
    fragment = pupil.get(f"/hra/{lesson.code}/1/", {"prepnout": "b2.SE"},
                         HTTP_HX_REQUEST="true")
    assert "Označeno 1" in html(fragment)
    assert "Odeslat odpověď" in html(fragment) and "Vyhodnotit" not in html(fragment)
    # The form question too.
    pupil.post(f"/hra/{lesson.code}/1/", {"vyber": "1", "misto": ["b2.SE"]})
    classroom.control(lesson, "reveal")
    classroom.control(lesson, "next")
    page = html(pupil.get(f"/hra/{lesson.code}/"))
    assert "Otázka 2" in page and '<button type="submit">Odeslat odpověď</button>' in page


def test_practice_still_evaluates_at_once():
    page = html(Client().get("/kvizy/vesnice/a1/"))
    assert '<button type="submit">Vyhodnotit</button>' in page
