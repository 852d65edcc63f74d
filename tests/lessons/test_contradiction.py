"""A lesson refuses an answer that contradicts itself, as practice does (issue 40): "Ano, smí"
together with a reason why not is not stored; the pupil is told why and may answer again."""

import pytest
from django.test import Client

from tests.helpers.makers import make_lesson, make_quiz
from tests.lessons.conftest import join
from tutorial.lessons import classroom
from tutorial.lessons.models import Answer

pytestmark = pytest.mark.django_db


def test_a_contradictory_can_build_answer_is_refused_and_the_pupil_can_answer_again(teacher):
    quiz = make_quiz(teacher, "Stavění", [("stavba", "a1")])
    lesson = make_lesson(quiz, teacher)
    classroom.control(lesson, "start")
    pupil = Client()
    join(pupil, lesson, "Ada")
    response = pupil.post(f"/hra/{lesson.code}/1/", {"answer": ["ano", "suroviny"]})
    assert response.status_code == 400
    page = response.content.decode()
    assert "„Ano, smí“ nejde zaškrtnout spolu s důvodem" in page
    assert not Answer.objects.exists()
    response = pupil.post(f"/hra/{lesson.code}/1/", {"answer": ["suroviny"]})
    assert response.status_code == 302
    assert Answer.objects.get().response == {"answer": "suroviny"}
