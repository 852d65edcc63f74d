"""Class lessons (hodiny): joining, seats, answering, the teacher's controls and rate limits
(Django, no HTTP). Results and the export live in :mod:`tutorial.lessons.results`.

The views parse requests and render; the rules of a lesson live here so that tests can drive
them without a browser. Fairness first: a question is *open* until the teacher reveals it,
moves on, or its time runs out; only open questions take answers, and nobody learns what is
right before the reveal.
"""

from __future__ import annotations

import hashlib
import hmac
import random
import re
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from tutorial import nicknames
from tutorial.lessons import custom
from tutorial.lessons.models import (
    CODE_LENGTH,
    Answer,
    Attempt,
    Lesson,
    LessonItem,
    Pupil,
    Quiz,
    QuizItem,
    new_code,
    new_pin,
)
from tutorial.quiz import MAX_SEED, examples, grade, new_variant, normalize, transform

NICKNAME_MAX = nicknames.NICKNAME_MAX
SPEED_POINTS = 1000  # for a right answer at once; fades to 0 over the time limit
SPEED_WINDOW = 60  # seconds: the speed points fade over this time when there is no timer
PIN_LIMIT, PIN_WINDOW = 5, timedelta(minutes=15)  # wrong PINs per seat
# A page sends what was filled in when its countdown reaches zero; the request may arrive a
# moment after the deadline.
TIME_UP_GRACE = timedelta(seconds=3)

ADJECTIVES = (
    "Rychlý", "Chytrý", "Statečný", "Veselý", "Tichý", "Bystrý", "Moudrý", "Hbitý", "Odvážný",
    "Zvídavý", "Šikovný", "Pilný", "Vytrvalý", "Laskavý", "Skromný", "Mazaný", "Bodrý",
    "Čilý", "Klidný", "Šťastný",
)
ANIMALS = (
    "Ježek", "Jezevec", "Bobr", "Sokol", "Vlk", "Rys", "Orel", "Medvěd", "Zajíc", "Krtek",
    "Čáp", "Datel", "Sýček", "Mlok", "Netopýr", "Jelen", "Kos", "Kapr", "Pstruh", "Výr",
    "Skřivan", "Beran", "Osel", "Tučňák",
)


class JoinError(Exception):
    """A join that cannot go ahead; ``message`` is Czech and shown to the pupil."""

    def __init__(self, message: str, status: int = 400):
        super().__init__(message)
        self.message = message
        self.status = status


# --- rate limits -------------------------------------------------------------------------

def too_many(scope: str, key: str, limit: int, window: timedelta) -> bool:
    since = timezone.now() - window
    return Attempt.objects.filter(scope=scope, key=key[:200], created__gte=since).count() >= limit


def record_failure(scope: str, key: str) -> None:
    Attempt.objects.create(scope=scope, key=key[:200])
    if secrets.randbelow(50) == 0:  # now and then, forget attempts older than a day
        Attempt.objects.filter(created__lt=timezone.now() - timedelta(days=1)).delete()


def clear_failures(scope: str, key: str) -> None:
    Attempt.objects.filter(scope=scope, key=key[:200]).delete()


# --- lessons and seats -----------------------------------------------------------------------

def start_lesson(quiz: Quiz, teacher, pace: str, timer_seconds: int | None,
                 speed_scoring: bool, *, reveal: str = Lesson.Reveal.TEACHER,
                 show_ranking: bool = False, late_join: bool = True) -> Lesson:
    """A new lesson with its own copy of the quiz's questions."""
    for _ in range(20):
        try:
            with transaction.atomic():
                lesson = Lesson.objects.create(
                    quiz=quiz, title=quiz.title, teacher=teacher, code=new_code(), pace=pace,
                    timer_seconds=timer_seconds or None, speed_scoring=speed_scoring,
                    reveal=reveal, show_ranking=show_ranking, late_join=late_join,
                )
        except IntegrityError:  # the code is taken: draw another
            continue
        LessonItem.objects.bulk_create(
            LessonItem(lesson=lesson, order=item.order, kind=item.kind,
                       variant=lesson_variant(lesson, item.order, item.variant),
                       position=item.position)
            for item in quiz.items.all()
        )
        return lesson
    raise RuntimeError("no free join code")


def lesson_variant(lesson: Lesson, order: int, variant: str) -> str:
    """A disguised example gets a dress of this lesson's own: two lessons of one quiz never
    show the same positions (a pupil of the first cannot pass the answers on), while the
    same lesson always shows the same. Anything else stays as the quiz has it."""
    if not transform.is_disguised(variant):
        return variant
    return transform.disguised_variant(transform.example_of(variant),
                                       f"lesson:{lesson.pk}:{order}")


def find_lesson(code: str) -> Lesson | None:
    if not code or len(code) != CODE_LENGTH:
        return None
    lesson = Lesson.objects.select_related("quiz").filter(code=code).first()
    if lesson is not None:
        close_if_idle(lesson)
    return lesson


def idle_since() -> datetime:
    return timezone.now() - timedelta(seconds=settings.LESSONS_IDLE_CLOSE)


def close_if_idle(lesson: Lesson) -> None:
    """A lesson nobody has used for LESSONS_IDLE_CLOSE ends by itself (and stays ended)."""
    if lesson.is_closed or lesson.last_activity >= idle_since():
        return
    lesson.state = Lesson.State.CLOSED
    lesson.closed = timezone.now()
    Lesson.objects.filter(pk=lesson.pk).update(state=lesson.state, closed=lesson.closed)


def close_idle_lessons() -> int:
    """Close every idle lesson at once (the cleanup command); returns how many."""
    return (Lesson.objects.exclude(state=Lesson.State.CLOSED)
            .filter(last_activity__lt=idle_since())
            .update(state=Lesson.State.CLOSED, closed=timezone.now()))


def touch(lesson: Lesson) -> None:
    """Note activity; at most one write a minute per lesson, however busy the class."""
    now = timezone.now()
    if now - lesson.last_activity < timedelta(minutes=1):
        return
    lesson.last_activity = now
    Lesson.objects.filter(pk=lesson.pk).update(last_activity=now)


def clean_nickname(text: str) -> str:
    return nicknames.clean(text)


def nickname_key(nickname: str) -> str:
    return nicknames.key(nickname)


def generated_nickname(lesson: Lesson, rng: random.Random | None = None) -> str:
    rng = rng or random.SystemRandom()
    taken = set(lesson.pupils.values_list("nickname_key", flat=True))
    for _ in range(60):
        name = f"{rng.choice(ADJECTIVES)} {rng.choice(ANIMALS)}"
        if nickname_key(name) not in taken:
            return name
    for number in range(2, 10_000):
        name = f"{rng.choice(ADJECTIVES)} {rng.choice(ANIMALS)} {number}"
        if nickname_key(name) not in taken:
            return name
    raise JoinError("Nepodařilo se vymyslet volnou přezdívku. Zadejte vlastní.")


CLOSED_MESSAGE = ("Tato hodina už skončila, nové místo už nevznikne. Své výsledky uvidíte, "
                  "když zadáte svou přezdívku a PIN svého místa.")


def join(lesson: Lesson, nickname: str, pin: str = "") -> Pupil:
    """A new seat, or (with the seat's PIN, or after the teacher released it) the seat of
    a pupil who lost it. After the lesson ended only the second: a pupil comes back to see
    their results."""
    if lesson.is_closed:
        taken = Pupil.objects.filter(lesson=lesson,
                                     nickname_key=nickname_key(clean_nickname(nickname))).first()
        if taken is None or not (pin or taken.released):
            raise JoinError(CLOSED_MESSAGE, status=410)
        return reclaim(taken, pin)
    nickname = clean_nickname(nickname)
    if not nickname:
        nickname = generated_nickname(lesson)
    try:
        nicknames.validate(nickname)
    except nicknames.Invalid as problem:
        raise JoinError(str(problem)) from None
    key = nickname_key(nickname)
    if key in lesson.blocked_nicknames:
        raise JoinError("Tuhle přezdívku učitel v této hodině odebral. Zvolte prosím jinou.",
                        status=403)
    taken = Pupil.objects.filter(lesson=lesson, nickname_key=key).first()
    if taken:
        return reclaim(taken, pin)
    if lesson.state != Lesson.State.LOBBY and not lesson.late_join:
        raise JoinError("Hodina už běží a učitel další připojování vypnul. Požádejte ho, "
                        "ať ho zapne.", status=403)
    try:
        with transaction.atomic():
            pupil = Pupil.objects.create(lesson=lesson, nickname=nickname, nickname_key=key)
    except IntegrityError:
        raise JoinError(
            f"Přezdívku „{nickname}“ nebo velmi podobnou už v této hodině někdo má. "
            "Zvolte si jinou.", status=409
        ) from None
    touch(lesson)
    return pupil


def reclaim(pupil: Pupil, pin: str) -> Pupil:
    """Give a seat to a new device: with its PIN, or freely once the teacher released it.
    The old device loses the seat (a new token), so a seat is never held twice."""
    scope_key = f"{pupil.lesson_id}:{pupil.pk}"
    pin = "".join(ch for ch in (pin or "") if ch in "0123456789")[:8]
    if not pupil.released:
        if not pin:
            raise JoinError(
                f"Přezdívku „{pupil.nickname}“ nebo velmi podobnou už v této hodině někdo má. "
                "Zvolte si jinou, nebo – pokud je to vaše místo – zadejte jeho PIN.",
                status=409)
        if too_many("pin", scope_key, PIN_LIMIT, PIN_WINDOW):
            raise JoinError("Příliš mnoho špatných PINů pro toto místo. Požádejte učitele, "
                            "ať vám místo uvolní.", status=429)
        if not secrets.compare_digest(pin, pupil.pin):
            record_failure("pin", scope_key)
            raise JoinError("PIN nesouhlasí. Najdete ho na obrazovce, kde jste se připojili; "
                            "nebo požádejte učitele, ať vám místo uvolní.", status=403)
        clear_failures("pin", scope_key)
    pupil.token = secrets.token_urlsafe()
    pupil.released = False
    pupil.save(update_fields=["token", "released"])
    return pupil


def release_seat(lesson: Lesson, pupil_id: int) -> Pupil | None:
    """The teacher frees a seat: the next join with its nickname takes it, without a PIN."""
    pupil = lesson.pupils.filter(pk=pupil_id).first()
    if pupil is None:
        return None
    pupil.released = True
    pupil.token = secrets.token_urlsafe()
    pupil.pin = new_pin()
    pupil.save(update_fields=["released", "token", "pin"])
    return pupil


def remove_pupil(lesson: Lesson, pupil_id: int) -> Pupil | None:
    """The teacher removes a pupil: the seat, its answers and the nickname go, and the same
    nickname (or one that looks the same) cannot join this lesson again."""
    with transaction.atomic():
        locked = Lesson.objects.select_for_update().get(pk=lesson.pk)
        pupil = locked.pupils.filter(pk=pupil_id).first()
        if pupil is None:
            return None
        blocked = list(locked.blocked_nicknames or [])
        if pupil.nickname_key not in blocked:
            blocked.append(pupil.nickname_key)
        Lesson.objects.filter(pk=lesson.pk).update(blocked_nicknames=blocked)
        lesson.blocked_nicknames = blocked
        pupil.delete()
    return pupil


def seat(lesson: Lesson, token: str | None) -> Pupil | None:
    if not token:
        return None
    return Pupil.objects.filter(lesson=lesson, token=token).first()


# --- questions ---------------------------------------------------------------------------

def variant_for(item: LessonItem, pupil: Pupil | None) -> str:
    """The item's own variant, or for per-pupil items a seed stable for this pupil."""
    if item.variant:
        return item.variant
    if pupil is None:
        return "s1"
    # Keyed with the server's secret: nobody can work out a pupil's position (and look it up
    # in public practice) from the ids.
    digest = hmac.new(settings.SECRET_KEY.encode(),
                      f"lesson-position:{item.pk}:{pupil.pk}:{pupil.lesson_id}".encode(),
                      hashlib.sha256).digest()
    return f"s{int.from_bytes(digest[:4], 'big') % MAX_SEED + 1}"


def sample_variant(item: QuizItem, number: int) -> str:
    """The ``number``-th sample position of a per-pupil question, for the teacher's preview:
    keyed as pupils' positions are, but never one a pupil gets (no lesson, no pupil)."""
    digest = hmac.new(settings.SECRET_KEY.encode(),
                      f"lesson-position-sample:{item.pk}:{number}".encode(),
                      hashlib.sha256).digest()
    return f"s{int.from_bytes(digest[:4], 'big') % MAX_SEED + 1}"


_ITEMS: dict[str, list[LessonItem]] = {}


def items_of(lesson: Lesson) -> list[LessonItem]:
    """The lesson's questions. They never change once the lesson exists, so each process
    reads them once per lesson (every pupil's page needs them)."""
    items = _ITEMS.get(lesson.code)
    if items is None:
        items = list(lesson.items.all())
        if len(_ITEMS) > 500:
            _ITEMS.clear()
        _ITEMS[lesson.code] = items
    return list(items)


def revealed(lesson: Lesson) -> bool:
    """Teacher-paced: may pupils see the right answer to the current question?"""
    if lesson.revealed:
        return True
    return lesson.reveal == Lesson.Reveal.AUTO and lesson.time_up()


def shown(lesson: Lesson, index: int) -> bool:
    """May pupils see the right answer to question ``index`` (0-based)?"""
    if lesson.is_closed:
        return True
    if not lesson.teacher_paced or lesson.state != Lesson.State.RUNNING:
        return False
    return index < lesson.current or (index == lesson.current and revealed(lesson))


def feedback_at_once(lesson: Lesson) -> bool:
    """Self-paced with the automatic reveal: each pupil learns whether an answer was right
    (and why) as soon as the question is behind them: answered, or its own time up."""
    return (not lesson.teacher_paced and lesson.reveal == Lesson.Reveal.AUTO
            and lesson.state == Lesson.State.RUNNING)


def shown_to(lesson: Lesson, pupil: Pupil, index: int, items: list[LessonItem],
             answered: set[int]) -> bool:
    """May this pupil see the right answer to question ``index`` (0-based)? As for the whole
    class (:func:`shown`), and in a self-paced lesson with the automatic reveal, once the
    question takes nothing more from this pupil: answered, or left behind when its time
    ran out (:func:`refusal` then refuses it: the pupil has moved past it)."""
    if shown(lesson, index):
        return True
    if not feedback_at_once(lesson) or not 0 <= index < len(items):
        return False
    return items[index].pk in answered or index + 1 < pupil.seen_order


def pass_expired(pupil: Pupil, order: int) -> None:
    """Self-paced: move the pupil past question ``order`` whose time ran out unanswered, so
    that it takes no answer (not even one sent in the time-up grace) before its right answer
    is shown. The next question's clock starts when the pupil sees it."""
    if pupil.seen_order == order:
        pupil.seen_order, pupil.seen_at = order + 1, None
        pupil.save(update_fields=["seen_order", "seen_at"])


def pupil_deadline(lesson: Lesson, pupil: Pupil):
    """When the pupil's current question closes: the class's deadline, or in self-paced
    lessons the pupil's own (each question's time counts from when they first saw it)."""
    if lesson.teacher_paced:
        return lesson.deadline()
    if not (lesson.timer_seconds and pupil.seen_at):
        return None
    return pupil.seen_at + timedelta(seconds=lesson.timer_seconds)


def expired_unanswered(lesson: Lesson, pupil: Pupil, items: list[LessonItem],
                       answered: set[int]) -> int | None:
    """Self-paced: the number of the question whose time ran out before the pupil sent
    anything (the page moves on and says so once)."""
    if lesson.teacher_paced or not (lesson.timer_seconds and pupil.seen_at):
        return None
    order = pupil.seen_order
    if not 1 <= order <= len(items) or items[order - 1].pk in answered:
        return None
    if timezone.now() < pupil.seen_at + timedelta(seconds=lesson.timer_seconds):
        return None
    return order


def current_index(lesson: Lesson, pupil: Pupil, items: list[LessonItem],
                  answered: set[int]) -> int | None:
    """Which question (0-based) the pupil should see now; None when there is none left.

    Self-paced pupils go through the questions in order; a question they answered, or whose
    time ran out, is behind them. Seeing a question for the first time starts its clock.
    """
    if lesson.teacher_paced:
        return min(lesson.current, len(items) - 1) if items else None
    order = max(pupil.seen_order, 1)
    now = timezone.now()
    while order <= len(items):
        item = items[order - 1]
        expired = (order == pupil.seen_order and pupil.seen_at is not None
                   and lesson.timer_seconds
                   and now >= pupil.seen_at + timedelta(seconds=lesson.timer_seconds))
        if item.pk not in answered and not expired:
            break
        order += 1
    if order > len(items):
        return None
    if order != pupil.seen_order or pupil.seen_at is None:
        pupil.seen_order, pupil.seen_at = order, now
        pupil.save(update_fields=["seen_order", "seen_at"])
    return order - 1


@dataclass
class Stored:
    answer: Answer
    created: bool  # False: this question had been answered already (a double tap)


class Closed(Exception):
    """An answer to a question that takes none now; ``message`` is Czech."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


def refusal(lesson: Lesson, pupil: Pupil, item: LessonItem,
            grace: timedelta | None = None) -> str | None:
    """Why the question takes no answer from this pupil now (None: it does). ``grace``: an
    answer the page sent by itself at time-up may arrive that much after the deadline."""
    if lesson.state == Lesson.State.LOBBY:
        return "Hodina ještě nezačala."
    if lesson.is_closed:
        return "Hodina skončila, odpovědi se už nepřijímají."
    index = item.order - 1
    if lesson.teacher_paced:
        if index > lesson.current:
            return "Tato otázka ještě nezačala."
        if index < lesson.current:
            return "Tato otázka je uzavřená: učitel už přešel k další."
        if lesson.revealed:
            return "Správná odpověď už je odhalená, odpovědi se už nepřijímají."
    elif item.order != max(pupil.seen_order, 1):
        return "Tato otázka teď není na řadě."
    deadline = pupil_deadline(lesson, pupil)
    if deadline is not None and timezone.now() >= deadline + (grace or timedelta(0)):
        return "Čas vypršel. Odpověď už nelze odeslat."
    return None


def submit(lesson: Lesson, pupil: Pupil, item: LessonItem, raw,
           grace: timedelta | None = None) -> Stored:
    """Grade and store one answer. The first answer counts; later ones return it unchanged.
    Raises :class:`Closed` when the question takes no answers now."""
    existing = Answer.objects.filter(pupil=pupil, item=item).first()
    if existing:
        return Stored(existing, False)
    problem = refusal(lesson, pupil, item, grace)
    if problem:
        raise Closed(problem)
    variant = variant_for(item, pupil)
    prepared = custom.prepared_or_none(item.kind, variant)
    if prepared is None:
        raise Closed("Tuto otázku nelze vyhodnotit.")
    response = normalize(prepared, raw)
    graded = grade(prepared, response)
    points = _speed_points(lesson, pupil) if graded.correct else 0
    try:
        with transaction.atomic():
            answer = Answer.objects.create(
                pupil=pupil, item=item, variant=variant, response=response,
                correct=graded.correct, score=graded.score, points=points,
            )
    except IntegrityError:
        return Stored(Answer.objects.get(pupil=pupil, item=item), False)
    touch(lesson)
    _when_all_answered(lesson, item)
    return Stored(answer, True)


def all_answered(lesson: Lesson, answered: int, pupils: int) -> bool:
    """Teacher-paced: has every pupil answered the question on screen?"""
    return lesson.teacher_paced and 0 < pupils <= answered


def _when_all_answered(lesson: Lesson, item: LessonItem) -> None:
    """Once every pupil answered, the question is over, as in Kahoot: the automatic reveal
    comes at once; with the teacher's reveal the countdown stops (its time is up now: the
    wall says everybody answered, and the teacher reveals when ready)."""
    if not lesson.teacher_paced:
        return
    if not all_answered(lesson, item.answers.count(), lesson.pupils.count()):
        return
    current = Lesson.objects.filter(pk=lesson.pk, current=item.order - 1)
    if lesson.reveal == Lesson.Reveal.AUTO:
        current.update(revealed=True)
        return
    if lesson.timer_seconds:
        ended = timezone.now() - timedelta(seconds=lesson.timer_seconds)
        current.filter(revealed=False, question_started__gt=ended).update(
            question_started=ended)


def _speed_points(lesson: Lesson, pupil: Pupil) -> int:
    """Speed points, kept apart from correctness: from the question's own start."""
    if not lesson.speed_scoring:
        return 0
    started = lesson.question_started if lesson.teacher_paced else pupil.seen_at
    if started is None:
        return 0
    window = lesson.timer_seconds or SPEED_WINDOW
    elapsed = (timezone.now() - started).total_seconds()
    return round(SPEED_POINTS * max(0.0, 1.0 - elapsed / window))


# --- teacher's controls ------------------------------------------------------------------

def control(lesson: Lesson, action: str) -> str | None:
    """Apply a teacher's button; returns a Czech message for anything refused.

    Buttons pressed twice (two tabs, a double click) do nothing the second time."""
    count = len(items_of(lesson))
    running = lesson.state == Lesson.State.RUNNING
    if action == "start":
        if lesson.state != Lesson.State.LOBBY:
            return None
        if not count:
            return "Kvíz nemá žádné otázky."
        lesson.state = Lesson.State.RUNNING
        lesson.current = 0
        lesson.question_started = timezone.now()
        lesson.revealed = False
    elif action == "reveal":
        if not (running and lesson.teacher_paced) or lesson.revealed:
            return None
        lesson.revealed = True
    elif action == "next":
        if not (running and lesson.teacher_paced) or lesson.current + 1 >= count:
            return None
        lesson.current += 1
        lesson.question_started = timezone.now()
        lesson.revealed = False
    elif action == "close":
        if lesson.is_closed:
            return None
        lesson.state = Lesson.State.CLOSED
        lesson.closed = timezone.now()
    elif action == "late":
        lesson.late_join = not lesson.late_join
    elif action == "ranking":
        lesson.show_ranking = not lesson.show_ranking
    else:
        return "Neznámý příkaz."
    lesson.last_activity = timezone.now()
    lesson.save()
    return None


# --- results (see tutorial.lessons.results) ------------------------------------------------

FORMULA_START = re.compile(r"(^|[,;])( *)(?=[=+\-@\t\r])")


def _csv_safe(text: str) -> str:
    """Keep a cell from being read as a formula by a spreadsheet: every field is quoted, and
    a formula character at the start, or after a comma or semicolon and spaces (where a
    program that splits on the other separator would start a cell), gets an apostrophe."""
    return FORMULA_START.sub(r"\1\2'", text)


# --- building quizzes --------------------------------------------------------------------

VARIANT_MODES = {
    "almanach": "Příklady z almanachu (pro všechny stejné)",
    "same": "Náhodná pozice, pro všechny stejná",
    "pupil": "Náhodná pozice, pro každého žáka jiná",
}


def item_variant(kind_slug: str, mode: str, number: int, rng: random.Random | None = None) -> str:
    """The variant key for a new quiz item (``number`` counts items of this kind from 0)."""
    if mode == "pupil":
        return ""
    if mode == "almanach":
        known = examples(kind_slug)
        if number < len(known):
            return known[number].variant
    return new_variant(rng)


def build_quiz(owner, title: str, kinds: list[str], per_kind: int, mode: str) -> Quiz:
    with transaction.atomic():
        quiz = Quiz.objects.create(owner=owner, title=title)
        order = 1
        for number in range(per_kind):
            for slug in kinds:
                QuizItem.objects.create(quiz=quiz, order=order, kind=slug,
                                        variant=item_variant(slug, mode, number))
                order += 1
    return quiz


def add_item(quiz: Quiz, kind_slug: str, mode: str) -> QuizItem:
    with transaction.atomic():
        last = quiz.items.order_by("-order").values_list("order", flat=True).first() or 0
        used = quiz.items.filter(kind=kind_slug).count()
        return QuizItem.objects.create(quiz=quiz, order=last + 1, kind=kind_slug,
                                       variant=item_variant(kind_slug, mode, used))


def add_position_item(quiz: Quiz, kind_slug: str, code: str) -> QuizItem:
    """A teacher's own position (checked by :func:`custom.new_item_code`) as a new item."""
    with transaction.atomic():
        last = quiz.items.order_by("-order").values_list("order", flat=True).first() or 0
        return QuizItem.objects.create(quiz=quiz, order=last + 1, kind=kind_slug,
                                       variant=custom.variant_of(kind_slug, code), position=code)


def remove_item(item: QuizItem) -> None:
    with transaction.atomic():
        quiz = item.quiz
        item.delete()
        for order, other in enumerate(quiz.items.order_by("order"), start=1):
            if other.order != order:
                QuizItem.objects.filter(pk=other.pk).update(order=order)


def move_item(item: QuizItem, step: int) -> None:
    """Swap a question with its neighbour above (step -1) or below (+1)."""
    with transaction.atomic():
        target = item.order + step
        other = QuizItem.objects.filter(quiz_id=item.quiz_id, order=target).first()
        if other is None:
            return
        # Through a free number: the pair (quiz, order) is unique at every moment.
        spare = (item.quiz.items.order_by("-order").values_list("order", flat=True).first()
                 or 0) + 1
        QuizItem.objects.filter(pk=other.pk).update(order=spare)
        QuizItem.objects.filter(pk=item.pk).update(order=target)
        QuizItem.objects.filter(pk=other.pk).update(order=item.order)


def copy_quiz(quiz: Quiz, owner) -> Quiz:
    with transaction.atomic():
        title = f"{quiz.title} (kopie)"[:120]
        copy = Quiz.objects.create(owner=owner, title=title)
        QuizItem.objects.bulk_create(
            QuizItem(quiz=copy, order=item.order, kind=item.kind, variant=item.variant,
                     position=item.position)
            for item in quiz.items.all()
        )
    return copy
