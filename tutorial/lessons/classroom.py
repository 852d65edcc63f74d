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
    ClassSession,
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


# --- sessions and seats ----------------------------------------------------------------------

def start_session(quiz: Quiz, teacher, pace: str, timer_seconds: int | None,
                  speed_scoring: bool, *, reveal: str = ClassSession.Reveal.TEACHER,
                  show_ranking: bool = False, late_join: bool = True) -> ClassSession:
    """A new lesson with its own copy of the quiz's questions."""
    for _ in range(20):
        try:
            with transaction.atomic():
                session = ClassSession.objects.create(
                    quiz=quiz, title=quiz.title, teacher=teacher, code=new_code(), pace=pace,
                    timer_seconds=timer_seconds or None, speed_scoring=speed_scoring,
                    reveal=reveal, show_ranking=show_ranking, late_join=late_join,
                )
        except IntegrityError:  # the code is taken: draw another
            continue
        LessonItem.objects.bulk_create(
            LessonItem(lesson=session, order=item.order, kind=item.kind,
                       variant=lesson_variant(session, item.order, item.variant),
                       position=item.position)
            for item in quiz.items.all()
        )
        return session
    raise RuntimeError("no free join code")


def lesson_variant(session: ClassSession, order: int, variant: str) -> str:
    """A disguised example gets a dress of this lesson's own: two lessons of one quiz never
    show the same positions (a pupil of the first cannot pass the answers on), while the
    same lesson always shows the same. Anything else stays as the quiz has it."""
    if not transform.is_disguised(variant):
        return variant
    return transform.disguised_variant(transform.example_of(variant),
                                       f"lesson:{session.pk}:{order}")


def find_session(code: str) -> ClassSession | None:
    if not code or len(code) != CODE_LENGTH:
        return None
    session = ClassSession.objects.select_related("quiz").filter(code=code).first()
    if session is not None:
        close_if_idle(session)
    return session


def idle_since() -> datetime:
    return timezone.now() - timedelta(seconds=settings.LESSONS_IDLE_CLOSE)


def close_if_idle(session: ClassSession) -> None:
    """A session nobody has used for LESSONS_IDLE_CLOSE ends by itself (and stays ended)."""
    if session.is_closed or session.last_activity >= idle_since():
        return
    session.state = ClassSession.State.CLOSED
    session.closed = timezone.now()
    ClassSession.objects.filter(pk=session.pk).update(state=session.state, closed=session.closed)


def close_idle_sessions() -> int:
    """Close every idle session at once (the cleanup command); returns how many."""
    return (ClassSession.objects.exclude(state=ClassSession.State.CLOSED)
            .filter(last_activity__lt=idle_since())
            .update(state=ClassSession.State.CLOSED, closed=timezone.now()))


def touch(session: ClassSession) -> None:
    """Note activity; at most one write a minute per session, however busy the class."""
    now = timezone.now()
    if now - session.last_activity < timedelta(minutes=1):
        return
    session.last_activity = now
    ClassSession.objects.filter(pk=session.pk).update(last_activity=now)


def clean_nickname(text: str) -> str:
    return nicknames.clean(text)


def nickname_key(nickname: str) -> str:
    return nicknames.key(nickname)


def generated_nickname(session: ClassSession, rng: random.Random | None = None) -> str:
    rng = rng or random.SystemRandom()
    taken = set(session.pupils.values_list("nickname_key", flat=True))
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


def join(session: ClassSession, nickname: str, pin: str = "") -> Pupil:
    """A new seat, or (with the seat's PIN, or after the teacher released it) the seat of
    a pupil who lost it. After the lesson ended only the second: a pupil comes back to see
    their results."""
    if session.is_closed:
        taken = Pupil.objects.filter(lesson=session,
                                     nickname_key=nickname_key(clean_nickname(nickname))).first()
        if taken is None or not (pin or taken.released):
            raise JoinError(CLOSED_MESSAGE, status=410)
        return reclaim(taken, pin)
    nickname = clean_nickname(nickname)
    if not nickname:
        nickname = generated_nickname(session)
    try:
        nicknames.validate(nickname)
    except nicknames.Invalid as problem:
        raise JoinError(str(problem)) from None
    key = nickname_key(nickname)
    if key in session.blocked_nicknames:
        raise JoinError("Tuhle přezdívku učitel v této hodině odebral. Zvolte prosím jinou.",
                        status=403)
    taken = Pupil.objects.filter(lesson=session, nickname_key=key).first()
    if taken:
        return reclaim(taken, pin)
    if session.state != ClassSession.State.LOBBY and not session.late_join:
        raise JoinError("Hodina už běží a učitel další připojování vypnul. Požádejte ho, "
                        "ať ho zapne.", status=403)
    try:
        with transaction.atomic():
            pupil = Pupil.objects.create(lesson=session, nickname=nickname, nickname_key=key)
    except IntegrityError:
        raise JoinError(
            f"Přezdívku „{nickname}“ nebo velmi podobnou už v této hodině někdo má. "
            "Zvolte si jinou.", status=409
        ) from None
    touch(session)
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


def release_seat(session: ClassSession, pupil_id: int) -> Pupil | None:
    """The teacher frees a seat: the next join with its nickname takes it, without a PIN."""
    pupil = session.pupils.filter(pk=pupil_id).first()
    if pupil is None:
        return None
    pupil.released = True
    pupil.token = secrets.token_urlsafe()
    pupil.pin = new_pin()
    pupil.save(update_fields=["released", "token", "pin"])
    return pupil


def remove_pupil(session: ClassSession, pupil_id: int) -> Pupil | None:
    """The teacher removes a pupil: the seat, its answers and the nickname go, and the same
    nickname (or one that looks the same) cannot join this lesson again."""
    with transaction.atomic():
        locked = ClassSession.objects.select_for_update().get(pk=session.pk)
        pupil = locked.pupils.filter(pk=pupil_id).first()
        if pupil is None:
            return None
        blocked = list(locked.blocked_nicknames or [])
        if pupil.nickname_key not in blocked:
            blocked.append(pupil.nickname_key)
        ClassSession.objects.filter(pk=session.pk).update(blocked_nicknames=blocked)
        session.blocked_nicknames = blocked
        pupil.delete()
    return pupil


def seat(session: ClassSession, token: str | None) -> Pupil | None:
    if not token:
        return None
    return Pupil.objects.filter(lesson=session, token=token).first()


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


def items_of(session: ClassSession) -> list[LessonItem]:
    """The lesson's questions. They never change once the lesson exists, so each process
    reads them once per lesson (every pupil's page needs them)."""
    items = _ITEMS.get(session.code)
    if items is None:
        items = list(session.items.all())
        if len(_ITEMS) > 500:
            _ITEMS.clear()
        _ITEMS[session.code] = items
    return list(items)


def revealed(session: ClassSession) -> bool:
    """Teacher-paced: may pupils see the right answer to the current question?"""
    if session.revealed:
        return True
    return session.reveal == ClassSession.Reveal.AUTO and session.time_up()


def shown(session: ClassSession, index: int) -> bool:
    """May pupils see the right answer to question ``index`` (0-based)?"""
    if session.is_closed:
        return True
    if not session.teacher_paced or session.state != ClassSession.State.RUNNING:
        return False
    return index < session.current or (index == session.current and revealed(session))


def feedback_at_once(session: ClassSession) -> bool:
    """Self-paced with the automatic reveal: each pupil learns whether an answer was right
    (and why) as soon as the question is behind them: answered, or its own time up."""
    return (not session.teacher_paced and session.reveal == ClassSession.Reveal.AUTO
            and session.state == ClassSession.State.RUNNING)


def shown_to(session: ClassSession, pupil: Pupil, index: int, items: list[LessonItem],
             answered: set[int]) -> bool:
    """May this pupil see the right answer to question ``index`` (0-based)? As for the whole
    class (:func:`shown`), and in a self-paced lesson with the automatic reveal, once the
    question takes nothing more from this pupil: answered, or left behind when its time
    ran out (:func:`refusal` then refuses it: the pupil has moved past it)."""
    if shown(session, index):
        return True
    if not feedback_at_once(session) or not 0 <= index < len(items):
        return False
    return items[index].pk in answered or index + 1 < pupil.seen_order


def pass_expired(pupil: Pupil, order: int) -> None:
    """Self-paced: move the pupil past question ``order`` whose time ran out unanswered, so
    that it takes no answer (not even one sent in the time-up grace) before its right answer
    is shown. The next question's clock starts when the pupil sees it."""
    if pupil.seen_order == order:
        pupil.seen_order, pupil.seen_at = order + 1, None
        pupil.save(update_fields=["seen_order", "seen_at"])


def pupil_deadline(session: ClassSession, pupil: Pupil):
    """When the pupil's current question closes: the class's deadline, or in self-paced
    lessons the pupil's own (each question's time counts from when they first saw it)."""
    if session.teacher_paced:
        return session.deadline()
    if not (session.timer_seconds and pupil.seen_at):
        return None
    return pupil.seen_at + timedelta(seconds=session.timer_seconds)


def expired_unanswered(session: ClassSession, pupil: Pupil, items: list[LessonItem],
                       answered: set[int]) -> int | None:
    """Self-paced: the number of the question whose time ran out before the pupil sent
    anything (the page moves on and says so once)."""
    if session.teacher_paced or not (session.timer_seconds and pupil.seen_at):
        return None
    order = pupil.seen_order
    if not 1 <= order <= len(items) or items[order - 1].pk in answered:
        return None
    if timezone.now() < pupil.seen_at + timedelta(seconds=session.timer_seconds):
        return None
    return order


def current_index(session: ClassSession, pupil: Pupil, items: list[LessonItem],
                  answered: set[int]) -> int | None:
    """Which question (0-based) the pupil should see now; None when there is none left.

    Self-paced pupils go through the questions in order; a question they answered, or whose
    time ran out, is behind them. Seeing a question for the first time starts its clock.
    """
    if session.teacher_paced:
        return min(session.current, len(items) - 1) if items else None
    order = max(pupil.seen_order, 1)
    now = timezone.now()
    while order <= len(items):
        item = items[order - 1]
        expired = (order == pupil.seen_order and pupil.seen_at is not None
                   and session.timer_seconds
                   and now >= pupil.seen_at + timedelta(seconds=session.timer_seconds))
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


def refusal(session: ClassSession, pupil: Pupil, item: LessonItem,
            grace: timedelta | None = None) -> str | None:
    """Why the question takes no answer from this pupil now (None: it does). ``grace``: an
    answer the page sent by itself at time-up may arrive that much after the deadline."""
    if session.state == ClassSession.State.LOBBY:
        return "Hodina ještě nezačala."
    if session.is_closed:
        return "Hodina skončila, odpovědi se už nepřijímají."
    index = item.order - 1
    if session.teacher_paced:
        if index > session.current:
            return "Tato otázka ještě nezačala."
        if index < session.current:
            return "Tato otázka je uzavřená: učitel už přešel k další."
        if session.revealed:
            return "Správná odpověď už je odhalená, odpovědi se už nepřijímají."
    elif item.order != max(pupil.seen_order, 1):
        return "Tato otázka teď není na řadě."
    deadline = pupil_deadline(session, pupil)
    if deadline is not None and timezone.now() >= deadline + (grace or timedelta(0)):
        return "Čas vypršel. Odpověď už nelze odeslat."
    return None


def submit(session: ClassSession, pupil: Pupil, item: LessonItem, raw,
           grace: timedelta | None = None) -> Stored:
    """Grade and store one answer. The first answer counts; later ones return it unchanged.
    Raises :class:`Closed` when the question takes no answers now."""
    existing = Answer.objects.filter(pupil=pupil, item=item).first()
    if existing:
        return Stored(existing, False)
    problem = refusal(session, pupil, item, grace)
    if problem:
        raise Closed(problem)
    variant = variant_for(item, pupil)
    prepared = custom.prepared_or_none(item.kind, variant)
    if prepared is None:
        raise Closed("Tuto otázku nelze vyhodnotit.")
    response = normalize(prepared, raw)
    graded = grade(prepared, response)
    points = _speed_points(session, pupil) if graded.correct else 0
    try:
        with transaction.atomic():
            answer = Answer.objects.create(
                pupil=pupil, item=item, variant=variant, response=response,
                correct=graded.correct, score=graded.score, points=points,
            )
    except IntegrityError:
        return Stored(Answer.objects.get(pupil=pupil, item=item), False)
    touch(session)
    _when_all_answered(session, item)
    return Stored(answer, True)


def all_answered(session: ClassSession, answered: int, pupils: int) -> bool:
    """Teacher-paced: has every pupil answered the question on screen?"""
    return session.teacher_paced and 0 < pupils <= answered


def _when_all_answered(session: ClassSession, item: LessonItem) -> None:
    """Once every pupil answered, the question is over, as in Kahoot: the automatic reveal
    comes at once; with the teacher's reveal the countdown stops (its time is up now: the
    wall says everybody answered, and the teacher reveals when ready)."""
    if not session.teacher_paced:
        return
    if not all_answered(session, item.answers.count(), session.pupils.count()):
        return
    current = ClassSession.objects.filter(pk=session.pk, current=item.order - 1)
    if session.reveal == ClassSession.Reveal.AUTO:
        current.update(revealed=True)
        return
    if session.timer_seconds:
        ended = timezone.now() - timedelta(seconds=session.timer_seconds)
        current.filter(revealed=False, question_started__gt=ended).update(
            question_started=ended)


def _speed_points(session: ClassSession, pupil: Pupil) -> int:
    """Speed points, kept apart from correctness: from the question's own start."""
    if not session.speed_scoring:
        return 0
    started = session.question_started if session.teacher_paced else pupil.seen_at
    if started is None:
        return 0
    window = session.timer_seconds or SPEED_WINDOW
    elapsed = (timezone.now() - started).total_seconds()
    return round(SPEED_POINTS * max(0.0, 1.0 - elapsed / window))


# --- teacher's controls ------------------------------------------------------------------

def control(session: ClassSession, action: str) -> str | None:
    """Apply a teacher's button; returns a Czech message for anything refused.

    Buttons pressed twice (two tabs, a double click) do nothing the second time."""
    count = len(items_of(session))
    running = session.state == ClassSession.State.RUNNING
    if action == "start":
        if session.state != ClassSession.State.LOBBY:
            return None
        if not count:
            return "Kvíz nemá žádné otázky."
        session.state = ClassSession.State.RUNNING
        session.current = 0
        session.question_started = timezone.now()
        session.revealed = False
    elif action == "reveal":
        if not (running and session.teacher_paced) or session.revealed:
            return None
        session.revealed = True
    elif action == "next":
        if not (running and session.teacher_paced) or session.current + 1 >= count:
            return None
        session.current += 1
        session.question_started = timezone.now()
        session.revealed = False
    elif action == "close":
        if session.is_closed:
            return None
        session.state = ClassSession.State.CLOSED
        session.closed = timezone.now()
    elif action == "late":
        session.late_join = not session.late_join
    elif action == "ranking":
        session.show_ranking = not session.show_ranking
    else:
        return "Neznámý příkaz."
    session.last_activity = timezone.now()
    session.save()
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
