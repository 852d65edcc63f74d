"""Rows the tests make again and again, each made one way: a teacher, a quiz with its
questions, a running lesson, a pupil seated in it, a stored Hrát game.

A teacher is any signed-in account (the teacher's pages only ask for a login), so a teacher
is a plain user. Each maker writes to the test database; call it from a test or fixture
that has one (``db``, ``django_db`` or a live server's ``transactional_db``).
"""

from __future__ import annotations

from collections.abc import Iterable

from django.contrib.auth import get_user_model

from tutorial.lessons import classroom
from tutorial.lessons.models import Lesson, Quiz, QuizItem
from tutorial.play import flow, store

PASSWORD = "Katan-uci-2026!"


def make_teacher(username: str = "novakova", password: str | None = PASSWORD):
    """A teacher's account (``password=None``: one that cannot sign in with a password)."""
    return get_user_model().objects.create_user(username, password=password)


def make_quiz(teacher, title: str, items: Iterable[tuple[str, str]] = ()) -> Quiz:
    """A quiz of ``teacher`` with its questions in order, each a (kind, variant) pair."""
    quiz = Quiz.objects.create(owner=teacher, title=title)
    for order, (kind, variant) in enumerate(items, start=1):
        QuizItem.objects.create(quiz=quiz, order=order, kind=kind, variant=variant)
    return quiz


def make_lesson(quiz: Quiz, teacher, pace: str = Lesson.Pace.TEACHER,
                timer_seconds: int | None = None, speed_scoring: bool = False,
                **options) -> Lesson:
    """A running lesson of ``quiz`` as the teacher's 'Spustit hodinu' starts it
    (``options``: reveal, show_ranking, late_join)."""
    return classroom.start_lesson(quiz, teacher, pace, timer_seconds, speed_scoring,
                                  **options)


def join_lesson(client, lesson: Lesson, nickname: str = "Rychlý Ježek"):
    """A pupil takes a seat in ``lesson`` as the phone does (the code and a nickname); the
    client then holds the seat. Returns the response."""
    return client.post("/hra/", {"kod": lesson.code, "prezdivka": nickname})


def make_game(setup: flow.Setup, game=None, moves=(), address: str = "127.0.0.1"):
    """A Hrát game stored as ``game`` (default: the game ``setup`` starts) after ``moves``;
    returns its row (its page is ``/hrat/<row.pk>/``)."""
    row = store.create(setup, address)
    store.save(row, flow.start(setup) if game is None else game, list(moves),
               person_acted=False)
    return row
