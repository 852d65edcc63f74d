"""Fixtures for class sessions: a teacher, a quiz, a running session, pupils' clients."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from tutorial.lessons import classroom
from tutorial.lessons.models import Lesson, Quiz, QuizItem

PASSWORD = "Katan-uci-2026!"


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def teacher(db):
    return get_user_model().objects.create_user("novakova", password=PASSWORD)


@pytest.fixture
def teacher_client(teacher) -> Client:
    client = Client()
    client.force_login(teacher)
    return client


@pytest.fixture
def class_quiz(teacher):
    # A click question and a form question the same for everybody, then one per pupil.
    quiz = Quiz.objects.create(owner=teacher, title="Vesnice a sedmička")
    for order, (kind, variant) in enumerate(
        [("vesnice", "a1"), ("sedmicka", "a1"), ("silnice", "")], start=1
    ):
        QuizItem.objects.create(quiz=quiz, order=order, kind=kind, variant=variant)
    return quiz


@pytest.fixture
def lesson(class_quiz, teacher) -> Lesson:
    return classroom.start_lesson(class_quiz, teacher, Lesson.Pace.TEACHER, None, False)


def join(client: Client, lesson: Lesson, nickname: str = "Rychlý Ježek"):
    return client.post("/hra/", {"kod": lesson.code, "prezdivka": nickname})
