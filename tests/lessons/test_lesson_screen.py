"""The pupil's lesson screen: a page of its own, time-up that keeps what was filled in,
points and place between questions, and a clear end (issue 21, Medium 7-9)."""

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from tests.helpers.pages import html
from tests.lessons.conftest import join
from tutorial.lessons import classroom
from tutorial.lessons.models import Answer, Lesson, Pupil

pytestmark = pytest.mark.django_db

RIGHT = {"vyber": "1", "misto": ["b2.SE"]}


def test_the_lesson_screen_has_no_site_header_and_a_form_for_the_answer(lesson):
    pupil = Client()
    join(pupil, lesson, "Ada")
    classroom.control(lesson, "start")
    classroom.control(lesson, "next")  # a choice question
    page = html(pupil.get(f"/hra/{lesson.code}/"))
    assert "site-header" not in page and "Hledat" not in page and "main-nav" not in page
    assert 'class="lesson-screen"' in page and "Ada" in page
    assert 'class="sandbox sandbox-form"' in page and 'class="quiz-answer"' in page


def test_self_paced_time_up_stores_what_was_filled_in(class_quiz, teacher):
    lesson = classroom.start_lesson(class_quiz, teacher, Lesson.Pace.SELF, 30, False)
    classroom.control(lesson, "start")
    ada, bob = Client(), Client()
    join(ada, lesson, "Ada")
    join(bob, lesson, "Bob")
    for client in (ada, bob):
        client.get(f"/hra/{lesson.code}/")  # question 1 on screen: the clock starts
    Pupil.objects.update(seen_at=timezone.now() - timedelta(seconds=31))
    # Ada's page sends her marked spot when her countdown reaches zero (a moment late).
    response = ada.post(f"/hra/{lesson.code}/1/", {**RIGHT, "cas": "1"})
    assert response.status_code == 302
    page = html(ada.get(response["Location"]))
    assert "Čas vypršel. Uložili jsme, co jste stihli vyplnit." in page
    assert Answer.objects.get(pupil__nickname="Ada").response == ["b2.SE"]
    # Bob had nothing filled in: the page moves on and says plainly nothing was stored.
    page = html(bob.get(f"/hra/{lesson.code}/"))
    assert "Čas na otázku 1 vypršel. Nic jste neodeslali, odpověď se neuložila." in page
    assert "Otázka 2 z 3" in page
    # Sent by hand long after the deadline: refused, and said so.
    Pupil.objects.filter(nickname="Bob").update(
        seen_at=timezone.now() - timedelta(seconds=40))
    response = bob.post(f"/hra/{lesson.code}/2/", {"orange": "0", "red": "4", "blue": "5"})
    assert response.status_code == 409 and "Čas vypršel" in html(response)


def test_an_incomplete_answer_sent_at_time_up_is_stored_as_it_is(class_quiz, teacher):
    lesson = classroom.start_lesson(class_quiz, teacher, Lesson.Pace.TEACHER, 20, False)
    classroom.control(lesson, "start")
    classroom.control(lesson, "next")
    pupil = Client()
    join(pupil, lesson, "Ada")
    Lesson.objects.filter(pk=lesson.pk).update(
        question_started=timezone.now() - timedelta(seconds=21))
    response = pupil.post(f"/hra/{lesson.code}/2/", {"red": "4", "cas": "1"})
    assert response.status_code == 302
    assert Answer.objects.get().response == {"red": "4"}
    assert "Uložili jsme, co jste stihli vyplnit" in html(pupil.get(response["Location"]))


def test_between_questions_points_and_place_then_a_clear_end(class_quiz, teacher):
    lesson = classroom.start_lesson(class_quiz, teacher, Lesson.Pace.TEACHER, None, True,
                                    show_ranking=True)
    ada, bob = Client(), Client()
    join(ada, lesson, "Ada")
    join(bob, lesson, "Bob")
    classroom.control(lesson, "start")
    ada.post(f"/hra/{lesson.code}/1/", RIGHT)
    bob.post(f"/hra/{lesson.code}/1/", {"vyber": "1", "misto": ["e3.SE"]})
    classroom.control(lesson, "reveal")
    page = html(ada.get(f"/hra/{lesson.code}/"))
    assert "+1 správně" in page and "bodů za rychlost" in page and "jste 1. z 2" in page
    assert "Počkejte, až učitel spustí další otázku." in page
    assert "Tentokrát ne" in html(bob.get(f"/hra/{lesson.code}/")) and "jste 2. z 2" in html(
        bob.get(f"/hra/{lesson.code}/"))
    classroom.control(lesson, "next")
    classroom.control(lesson, "next")
    classroom.control(lesson, "reveal")
    page = html(ada.get(f"/hra/{lesson.code}/"))
    assert "To byla poslední otázka" in page and "další otázku" not in page
    classroom.control(lesson, "close")
    assert "1. místo z 2" in html(ada.get(f"/hra/{lesson.code}/"))
    assert "2. místo z 2" in html(bob.get(f"/hra/{lesson.code}/"))


def test_an_unanswered_question_shows_the_right_answer_not_a_graded_empty_one(lesson):
    pupil = Client()
    join(pupil, lesson, "Ada")
    classroom.control(lesson, "start")
    classroom.control(lesson, "reveal")
    page = html(pupil.get(f"/hra/{lesson.code}/"))
    assert "Správná odpověď" in page and "Ne tak docela" not in page
    assert "mark-hit" in page and "mark-miss" not in page  # the right spot, in green
    classroom.control(lesson, "next")
    classroom.control(lesson, "reveal")
    page = html(pupil.get(f"/hra/{lesson.code}/"))
    assert "Ne tak docela" not in page and "✗" not in page
    assert "Jana (8 karet)" in page  # who discards how many, as the right answer


def test_the_time_up_notice_stays_with_the_question_it_was_sent_for(class_quiz, teacher):
    """A page that reloads itself keeps its address (?cas=1) into the next question: that
    question does not say time ran out."""
    lesson = classroom.start_lesson(class_quiz, teacher, Lesson.Pace.TEACHER, 20, False)
    classroom.control(lesson, "start")
    pupil = Client()
    join(pupil, lesson, "Ada")
    Lesson.objects.filter(pk=lesson.pk).update(
        question_started=timezone.now() - timedelta(seconds=21))
    response = pupil.post(f"/hra/{lesson.code}/1/", {**RIGHT, "cas": "1"})
    assert "Uložili jsme" in html(pupil.get(response["Location"]))
    lesson.refresh_from_db()
    classroom.control(lesson, "next")
    page = html(pupil.get(response["Location"]))
    assert "Otázka 2 z 3" in page and "Uložili jsme" not in page and "Čas vypršel" not in page
