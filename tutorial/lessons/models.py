"""Class quizzes: a teacher's quiz, a class lesson (hodina), the pupils and their answers.

Everything that matters lives here, so a server restart loses nothing. Practice alone needs
no model at all (progress sits in the Django session). A lesson copies its quiz's questions
when it starts (:class:`LessonItem`), so a teacher may change or delete the quiz later
without touching a past lesson's results.

The models belonged to the app ``tutorial`` until the lessons became an app of their own; they
keep its tables (``db_table``), so moving them changed no row (the migrations
``tutorial.0007`` and ``lessons.0001`` move them in Django's state only).
"""

from __future__ import annotations

import hashlib
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


def new_pin() -> str:
    return f"{secrets.randbelow(10_000):04d}"


def clean_code(text: str) -> str:
    """What a pupil typed, as a code: upper case, no spaces or dashes."""
    return "".join(ch for ch in (text or "").upper() if ch.isalnum())[:20]


class Quiz(models.Model):
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                              related_name="quizzes", verbose_name="učitel")
    title = models.CharField("název", max_length=120)
    created = models.DateTimeField("vytvořen", auto_now_add=True)

    class Meta:
        db_table = "tutorial_quiz"
        ordering = ["-created"]
        verbose_name = "kvíz"
        verbose_name_plural = "kvízy"

    def __str__(self) -> str:
        return self.title

    def get_absolute_url(self) -> str:
        return reverse("lessons:quiz", kwargs={"pk": self.pk})


class QuestionItem(models.Model):
    """A question as a quiz or a lesson holds it: a sandbox kind and a variant, or a variant
    per pupil, or a teacher's own position."""

    order = models.PositiveSmallIntegerField("pořadí")
    kind = models.CharField("druh", max_length=40)
    # "a1" (Almanach example), "s1234" (seeded variant, same for everybody),
    # or "" (one seeded variant per pupil), or "v…" (a teacher's own position, below).
    variant = models.CharField("varianta", max_length=20, blank=True)
    # A "vlastní pozice" from Rozhodčí: the referee's compact position string (its URL
    # parameters, with ``b`` the player asked about and ``hod`` the roll); "" otherwise.
    position = models.TextField("vlastní pozice", blank=True, default="")

    class Meta:
        abstract = True
        ordering = ["order"]

    def __str__(self) -> str:
        return f"{self.order}. {self.kind} {self.variant or '(pro každého jiná)'}"

    @property
    def per_pupil(self) -> bool:
        return not self.variant


class QuizItem(QuestionItem):
    """One question of a quiz."""

    quiz = models.ForeignKey(Quiz, on_delete=models.CASCADE, related_name="items")

    class Meta(QuestionItem.Meta):
        db_table = "tutorial_quizitem"
        constraints = [
            models.UniqueConstraint(fields=["quiz", "order"], name="quiz_item_order_unique"),
        ]
        verbose_name = "otázka"
        verbose_name_plural = "otázky"


class Lesson(models.Model):
    class Pace(models.TextChoices):
        TEACHER = "ucitel", "Vede učitel"
        SELF = "samostatne", "Každý svým tempem"

    class State(models.TextChoices):
        LOBBY = "ceka", "Čeká na začátek"
        RUNNING = "bezi", "Běží"
        CLOSED = "uzavreno", "Ukončeno"

    class Reveal(models.TextChoices):
        TEACHER = "ucitel", "Správnou odpověď odhalí učitel"
        AUTO = "samo", "Odhalí se sama, až vyprší čas nebo odpoví všichni"

    # A deleted quiz leaves its past lessons alone: they keep the title and the questions.
    quiz = models.ForeignKey(Quiz, on_delete=models.SET_NULL, null=True, blank=True,
                             related_name="lessons")
    title = models.CharField("název", max_length=120, default="")
    teacher = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                                related_name="lessons", verbose_name="učitel")
    code = models.CharField("kód", max_length=12, unique=True)
    pace = models.CharField("tempo", max_length=12, choices=Pace.choices, default=Pace.TEACHER)
    state = models.CharField("stav", max_length=10, choices=State.choices, default=State.LOBBY)
    current = models.PositiveSmallIntegerField("aktuální otázka", default=0)  # 0-based index
    question_started = models.DateTimeField(null=True, blank=True)
    timer_seconds = models.PositiveSmallIntegerField("časový limit (s)", null=True, blank=True)
    speed_scoring = models.BooleanField("body i za rychlost", default=False)
    reveal = models.CharField("odhalení odpovědi", max_length=8, choices=Reveal.choices,
                              default=Reveal.TEACHER)
    revealed = models.BooleanField("aktuální otázka odhalena", default=False)
    show_ranking = models.BooleanField("ukázat pořadí (prvních 5)", default=False)
    late_join = models.BooleanField("připojit se smí i po začátku", default=True)
    created = models.DateTimeField(auto_now_add=True)
    closed = models.DateTimeField(null=True, blank=True)
    # Keys (nicknames.key) of nicknames the teacher removed: nobody joins with them again.
    blocked_nicknames = models.JSONField("zakázané přezdívky", default=list, blank=True)
    # A join, an answer or a teacher's button; a lesson idle for LESSONS_IDLE_CLOSE closes.
    last_activity = models.DateTimeField("poslední činnost", default=timezone.now,
                                         db_index=True)

    class Meta:
        db_table = "tutorial_classsession"
        ordering = ["-created"]
        verbose_name = "hodina"
        verbose_name_plural = "hodiny"

    def __str__(self) -> str:
        return f"{self.title} ({self.code})"

    def get_absolute_url(self) -> str:
        return reverse("lessons:lesson", kwargs={"code": self.code})

    @property
    def is_closed(self) -> bool:
        return self.state == self.State.CLOSED

    @property
    def teacher_paced(self) -> bool:
        return self.pace == self.Pace.TEACHER

    def deadline(self):
        """When the class's current question closes (teacher-paced with a timer)."""
        if not (self.timer_seconds and self.teacher_paced and self.question_started):
            return None
        return self.question_started + timedelta(seconds=self.timer_seconds)

    def time_left(self) -> int | None:
        deadline = self.deadline()
        if deadline is None:
            return None
        return max(0, int((deadline - timezone.now()).total_seconds()))

    def time_up(self) -> bool:
        deadline = self.deadline()
        return deadline is not None and timezone.now() >= deadline

    def version(self) -> str:
        """Changes whenever pupils' screens must change: polled by their pages. Each state a
        screen shows has its own key: open (n), time up (t), revealed (r)."""
        if self.revealed or (self.reveal == self.Reveal.AUTO and self.time_up()):
            phase = "r"
        elif self.time_up():
            phase = "t"
        else:
            phase = "n"
        ranking = "p" if self.show_ranking else "b"
        return f"{self.state}-{self.current}-{phase}{ranking}"


class LessonItem(QuestionItem):
    """One question of a lesson, copied from the quiz when the lesson starts."""

    lesson = models.ForeignKey(Lesson, on_delete=models.CASCADE, related_name="items")

    class Meta(QuestionItem.Meta):
        db_table = "tutorial_lessonitem"
        constraints = [
            models.UniqueConstraint(fields=["lesson", "order"], name="lesson_item_order_unique"),
        ]
        verbose_name = "otázka hodiny"
        verbose_name_plural = "otázky hodiny"


class Pupil(models.Model):
    lesson = models.ForeignKey(Lesson, on_delete=models.CASCADE, related_name="pupils")
    nickname = models.CharField("přezdívka", max_length=30)
    nickname_key = models.CharField(max_length=30)  # casefolded, for uniqueness
    token = models.CharField(max_length=64, unique=True, default=secrets.token_urlsafe)
    # Shown to the pupil at joining: with it the seat can be taken again from another device.
    pin = models.CharField("PIN místa", max_length=4, default=new_pin)
    # The teacher released the seat: the next join with this nickname takes it, PIN or not.
    released = models.BooleanField("místo uvolněno", default=False)
    joined = models.DateTimeField(auto_now_add=True)
    # Self-paced lessons: which question the pupil has on screen and since when (its own
    # start, for the timer and speed points).
    seen_order = models.PositiveSmallIntegerField(default=0)
    seen_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        db_table = "tutorial_pupil"
        ordering = ["nickname_key"]
        constraints = [
            models.UniqueConstraint(fields=["lesson", "nickname_key"],
                                    name="pupil_nickname_unique_in_session"),
        ]
        verbose_name = "žák"
        verbose_name_plural = "žáci"

    def __str__(self) -> str:
        return self.nickname


class Answer(models.Model):
    pupil = models.ForeignKey(Pupil, on_delete=models.CASCADE, related_name="answers")
    item = models.ForeignKey(LessonItem, on_delete=models.CASCADE, related_name="answers")
    variant = models.CharField(max_length=20)
    response = models.JSONField()
    correct = models.BooleanField()
    score = models.FloatField()  # share of the answer that was right, 0..1
    points = models.PositiveIntegerField(default=0)
    # Lessons before the reveal kept answers sent after the time ran out with this flag (not
    # scored); answers to a closed question are now refused instead.
    late = models.BooleanField(default=False)
    answered = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "tutorial_answer"
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
        db_table = "tutorial_attempt"
        indexes = [models.Index(fields=["scope", "key", "created"])]
        verbose_name = "neúspěšný pokus"
        verbose_name_plural = "neúspěšné pokusy"


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class Invite(models.Model):
    """A one-time link with which a new teacher creates their own account.

    Only the link's digest is stored: the link itself is shown once, to the administrator.
    """

    note = models.CharField("pro koho", max_length=120, blank=True)
    digest = models.CharField(max_length=64, unique=True, editable=False)
    created = models.DateTimeField("vytvořena", auto_now_add=True)
    expires = models.DateTimeField("platí do")
    used = models.DateTimeField("použita", null=True, blank=True, editable=False)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True,
                             blank=True, editable=False, verbose_name="založený účet")

    class Meta:
        db_table = "tutorial_invite"
        ordering = ["-created"]
        verbose_name = "pozvánka pro učitele"
        verbose_name_plural = "pozvánky pro učitele"

    def __str__(self) -> str:
        return self.note or f"pozvánka {self.created:%d. %m. %Y}"

    @property
    def usable(self) -> bool:
        return self.used is None and timezone.now() < self.expires
