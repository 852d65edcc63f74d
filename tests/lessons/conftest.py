"""Fixtures for class sessions: a teacher, a quiz, a running session, pupils' clients."""

import pytest
from django.test import Client

from tests.helpers.makers import PASSWORD, make_lesson, make_quiz, make_teacher
from tests.helpers.makers import join_lesson as join
from tutorial.lessons.models import Lesson

__all__ = ["PASSWORD", "join"]  # the lessons' tests import these from here


@pytest.fixture
def teacher(db):
    return make_teacher()


@pytest.fixture
def teacher_client(teacher) -> Client:
    client = Client()
    client.force_login(teacher)
    return client


@pytest.fixture
def class_quiz(teacher):
    # A click question and a form question the same for everybody, then one per pupil.
    return make_quiz(teacher, "Vesnice a sedmička",
                     [("vesnice", "a1"), ("sedmicka", "a1"), ("silnice", "")])


@pytest.fixture
def lesson(class_quiz, teacher) -> Lesson:
    return make_lesson(class_quiz, teacher)

