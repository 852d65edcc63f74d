"""Class quizzes: a teacher's quiz, a class session, the pupils and their answers.

Everything that matters lives here, so a server restart loses nothing. Practice alone needs
no model at all (progress sits in the Django session).
"""

from __future__ import annotations

import secrets
from datetime import timedelta

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils import timezone

# Letters and digits nobody confuses when reading from a projector: no 0/O, 1/I/L, 2/Z, 5/S, 8/B.
CODE_ALPHABET = "ACDEFHJKMNPRTUVWXY34679"
CODE_LENGTH = 6


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def clean_code(text: str) -> str:
    """What a pupil typed, as a code: upper case, no spaces or dashes."""
    return "".join(ch for ch in (text or "").upper() if ch.isalnum())[:20]


class Quiz(models.Model):
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                              related_name="quizzes", verbose_name="učitel")
    title = models.CharField("název", max_length=120)
    created = models.DateTimeField("vytvořen", auto_now_add=True)

    class Meta:
        ordering = ["-created"]
        verbose_name = "kvíz"
        verbose_name_plural = "kvízy"

    def __str__(self) -> str:
        return self.title

    def get_absolute_url(self) -> str:
        return reverse("lessons:quiz", kwargs={"pk": self.pk})


class QuizItem(models.Model):
    """One question of a quiz: a sandbox kind and a variant, or a variant per pupil."""

    quiz = models.ForeignKey(Quiz, on_delete=models.CASCADE, related_name="items")
    order = models.PositiveSmallIntegerField("pořadí")
    kind = models.CharField("druh", max_length=40)
    # "a1" (Almanach example), "s1234" (seeded variant, same for everybody),
    # or "" (one seeded variant per pupil).
    variant = models.CharField("varianta", max_length=20, blank=True)

    class Meta:
        ordering = ["order"]
        constraints = [
            models.UniqueConstraint(fields=["quiz", "order"], name="quiz_item_order_unique"),
        ]
        verbose_name = "otázka"
        verbose_name_plural = "otázky"

    def __str__(self) -> str:
        return f"{self.order}. {self.kind} {self.variant or '(pro každého jiná)'}"

    @property
    def per_pupil(self) -> bool:
        return not self.variant


class ClassSession(models.Model):
    class Pace(models.TextChoices):
        TEACHER = "ucitel", "Vede učitel"
        SELF = "samostatne", "Každý svým tempem"

    class State(models.TextChoices):
        LOBBY = "ceka", "Čeká na začátek"
        RUNNING = "bezi", "Běží"
        CLOSED = "uzavreno", "Ukončeno"

    quiz = models.ForeignKey(Quiz, on_delete=models.CASCADE, related_name="sessions")
    teacher = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                                related_name="class_sessions", verbose_name="učitel")
    code = models.CharField("kód", max_length=12, unique=True)
    pace = models.CharField("tempo", max_length=12, choices=Pace.choices, default=Pace.TEACHER)
    state = models.CharField("stav", max_length=10, choices=State.choices, default=State.LOBBY)
    current = models.PositiveSmallIntegerField("aktuální otázka", default=0)  # 0-based index
    question_started = models.DateTimeField(null=True, blank=True)
    timer_seconds = models.PositiveSmallIntegerField("časový limit (s)", null=True, blank=True)
    speed_scoring = models.BooleanField("body i za rychlost", default=False)
    created = models.DateTimeField(auto_now_add=True)
    closed = models.DateTimeField(null=True, blank=True)
    # A join, an answer or a teacher's button; a session idle for LESSONS_IDLE_CLOSE closes.
    last_activity = models.DateTimeField("poslední činnost", default=timezone.now,
                                         db_index=True)

    class Meta:
        ordering = ["-created"]
        verbose_name = "hodina"
        verbose_name_plural = "hodiny"

    def __str__(self) -> str:
        return f"{self.quiz} ({self.code})"

    def get_absolute_url(self) -> str:
        return reverse("lessons:session", kwargs={"code": self.code})

    @property
    def is_closed(self) -> bool:
        return self.state == self.State.CLOSED

    @property
    def teacher_paced(self) -> bool:
        return self.pace == self.Pace.TEACHER

    def deadline(self):
        if not (self.timer_seconds and self.teacher_paced and self.question_started):
            return None
        return self.question_started + timedelta(seconds=self.timer_seconds)

    def time_left(self) -> int | None:
        deadline = self.deadline()
        if deadline is None:
            return None
        return max(0, int((deadline - timezone.now()).total_seconds()))


class Pupil(models.Model):
    session = models.ForeignKey(ClassSession, on_delete=models.CASCADE, related_name="pupils")
    nickname = models.CharField("přezdívka", max_length=30)
    nickname_key = models.CharField(max_length=30)  # casefolded, for uniqueness
    token = models.CharField(max_length=64, unique=True, default=secrets.token_urlsafe)
    joined = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["nickname_key"]
        constraints = [
            models.UniqueConstraint(fields=["session", "nickname_key"],
                                    name="pupil_nickname_unique_in_session"),
        ]
        verbose_name = "žák"
        verbose_name_plural = "žáci"

    def __str__(self) -> str:
        return self.nickname


class Answer(models.Model):
    pupil = models.ForeignKey(Pupil, on_delete=models.CASCADE, related_name="answers")
    item = models.ForeignKey(QuizItem, on_delete=models.CASCADE, related_name="answers")
    variant = models.CharField(max_length=20)
    response = models.JSONField()
    correct = models.BooleanField()
    score = models.FloatField()  # share of the answer that was right, 0..1
    points = models.PositiveIntegerField(default=0)
    late = models.BooleanField(default=False)  # after the timer ran out: kept, not scored
    answered = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["answered"]
        constraints = [
            models.UniqueConstraint(fields=["pupil", "item"], name="one_answer_per_question"),
        ]
        verbose_name = "odpověď"
        verbose_name_plural = "odpovědi"

    def __str__(self) -> str:
        return f"{self.pupil} – {self.item}"


class Attempt(models.Model):
    """A failed login or join attempt, counted for rate limits (shared by all workers)."""

    scope = models.CharField(max_length=20)
    key = models.CharField(max_length=200)
    created = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        indexes = [models.Index(fields=["scope", "key", "created"])]
        verbose_name = "neúspěšný pokus"
        verbose_name_plural = "neúspěšné pokusy"
