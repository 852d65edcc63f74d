"""The pupil's lesson screen: a page of its own, time-up that keeps what was filled in,
points and place between questions, and a clear end (issue 21, Medium 7-9)."""

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from tests.helpers.pages import html
from tests.lessons.conftest import join
from tutorial.lessons import classroom
from tutorial.lessons.models import Answer, ClassSession, Pupil

pytestmark = pytest.mark.django_db

RIGHT = {"vyber": "1", "misto": ["b2.SE"]}


def test_the_lesson_screen_has_no_site_header_and_a_form_for_the_answer(session):
    pupil = Client()
    join(pupil, session, "Ada")
    classroom.control(session, "start")
    classroom.control(session, "next")  # a choice question
    page = html(pupil.get(f"/hra/{session.code}/"))
    assert "site-header" not in page and "Hledat" not in page and "main-nav" not in page
    assert 'class="lesson-screen"' in page and "Ada" in page
    assert 'class="sandbox sandbox-form"' in page and 'class="quiz-answer"' in page


def test_self_paced_time_up_stores_what_was_filled_in(class_quiz, teacher):
    session = classroom.start_session(class_quiz, teacher, ClassSession.Pace.SELF, 30, False)
    classroom.control(session, "start")
    ada, bob = Client(), Client()
    join(ada, session, "Ada")
    join(bob, session, "Bob")
    for client in (ada, bob):
        client.get(f"/hra/{session.code}/")  # question 1 on screen: the clock starts
    Pupil.objects.update(seen_at=timezone.now() - timedelta(seconds=31))
    # Ada's page sends her marked spot when her countdown reaches zero (a moment late).
    response = ada.post(f"/hra/{session.code}/1/", {**RIGHT, "cas": "1"})
    assert response.status_code == 302
    page = html(ada.get(response["Location"]))
    assert "Čas vypršel. Uložili jsme, co jste stihli vyplnit." in page
    assert Answer.objects.get(pupil__nickname="Ada").response == ["b2.SE"]
    # Bob had nothing filled in: the page moves on and says plainly nothing was stored.
    page = html(bob.get(f"/hra/{session.code}/"))
    assert "Čas na otázku 1 vypršel. Nic jste neodeslali, odpověď se neuložila." in page
    assert "Otázka 2 z 3" in page
    # Sent by hand long after the deadline: refused, and said so.
    Pupil.objects.filter(nickname="Bob").update(
        seen_at=timezone.now() - timedelta(seconds=40))
    response = bob.post(f"/hra/{session.code}/2/", {"orange": "0", "red": "4", "blue": "5"})
    assert response.status_code == 409 and "Čas vypršel" in html(response)


def test_an_incomplete_answer_sent_at_time_up_is_stored_as_it_is(class_quiz, teacher):
    session = classroom.start_session(class_quiz, teacher, ClassSession.Pace.TEACHER, 20, False)
    classroom.control(session, "start")
    classroom.control(session, "next")
    pupil = Client()
    join(pupil, session, "Ada")
    ClassSession.objects.filter(pk=session.pk).update(
        question_started=timezone.now() - timedelta(seconds=21))
    response = pupil.post(f"/hra/{session.code}/2/", {"red": "4", "cas": "1"})
    assert response.status_code == 302
    assert Answer.objects.get().response == {"red": "4"}
    assert "Uložili jsme, co jste stihli vyplnit" in html(pupil.get(response["Location"]))


def test_between_questions_points_and_place_then_a_clear_end(class_quiz, teacher):
    session = classroom.start_session(class_quiz, teacher, ClassSession.Pace.TEACHER, None, True,
                                      show_ranking=True)
    ada, bob = Client(), Client()
    join(ada, session, "Ada")
    join(bob, session, "Bob")
    classroom.control(session, "start")
    ada.post(f"/hra/{session.code}/1/", RIGHT)
    bob.post(f"/hra/{session.code}/1/", {"vyber": "1", "misto": ["e3.SE"]})
    classroom.control(session, "reveal")
    page = html(ada.get(f"/hra/{session.code}/"))
    assert "+1 správně" in page and "bodů za rychlost" in page and "jste 1. z 2" in page
    assert "Počkejte, až učitel spustí další otázku." in page
    assert "Tentokrát ne" in html(bob.get(f"/hra/{session.code}/")) and "jste 2. z 2" in html(
        bob.get(f"/hra/{session.code}/"))
    classroom.control(session, "next")
    classroom.control(session, "next")
    classroom.control(session, "reveal")
    page = html(ada.get(f"/hra/{session.code}/"))
    assert "To byla poslední otázka" in page and "další otázku" not in page
    classroom.control(session, "close")
    assert "1. místo z 2" in html(ada.get(f"/hra/{session.code}/"))
    assert "2. místo z 2" in html(bob.get(f"/hra/{session.code}/"))


def test_an_unanswered_question_shows_the_right_answer_not_a_graded_empty_one(session):
    pupil = Client()
    join(pupil, session, "Ada")
    classroom.control(session, "start")
    classroom.control(session, "reveal")
    page = html(pupil.get(f"/hra/{session.code}/"))
    assert "Správná odpověď" in page and "Ne tak docela" not in page
    assert "mark-hit" in page and "mark-miss" not in page  # the right spot, in green
    classroom.control(session, "next")
    classroom.control(session, "reveal")
    page = html(pupil.get(f"/hra/{session.code}/"))
    assert "Ne tak docela" not in page and "✗" not in page
    assert "Jana (8 karet)" in page  # who discards how many, as the right answer


def test_the_time_up_notice_stays_with_the_question_it_was_sent_for(class_quiz, teacher):
    """A page that reloads itself keeps its address (?cas=1) into the next question: that
    question does not say time ran out."""
    session = classroom.start_session(class_quiz, teacher, ClassSession.Pace.TEACHER, 20, False)
    classroom.control(session, "start")
    pupil = Client()
    join(pupil, session, "Ada")
    ClassSession.objects.filter(pk=session.pk).update(
        question_started=timezone.now() - timedelta(seconds=21))
    response = pupil.post(f"/hra/{session.code}/1/", {**RIGHT, "cas": "1"})
    assert "Uložili jsme" in html(pupil.get(response["Location"]))
    session.refresh_from_db()
    classroom.control(session, "next")
    page = html(pupil.get(response["Location"]))
    assert "Otázka 2 z 3" in page and "Uložili jsme" not in page and "Čas vypršel" not in page
