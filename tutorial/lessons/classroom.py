"""Class sessions: joining, seats, answering, results and rate limits (Django, no HTTP).

The views parse requests and render; the rules of a class session live here so that tests
can drive them without a browser.
"""

from __future__ import annotations

import csv
import hashlib
import io
import random
import re
import secrets
from collections import Counter
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from tutorial import quiz
from tutorial.lessons import nicknames
from tutorial.models import (
    CODE_LENGTH,
    Answer,
    Attempt,
    ClassSession,
    Pupil,
    Quiz,
    QuizItem,
    new_code,
)

NICKNAME_MAX = nicknames.NICKNAME_MAX
POINTS_CORRECT = 1000
SPEED_WINDOW = 60  # seconds: the speed bonus fades over this time when there is no timer

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

def start_session(quiz_: Quiz, teacher, pace: str, timer_seconds: int | None,
                  speed_scoring: bool) -> ClassSession:
    for _ in range(20):
        try:
            with transaction.atomic():
                return ClassSession.objects.create(
                    quiz=quiz_, teacher=teacher, code=new_code(), pace=pace,
                    timer_seconds=timer_seconds or None, speed_scoring=speed_scoring,
                )
        except IntegrityError:  # the code is taken: draw another
            continue
    raise RuntimeError("no free join code")


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
    raise JoinError("Nepodařilo se vymyslet volnou přezdívku. Zadej vlastní.")


def join(session: ClassSession, nickname: str) -> Pupil:
    if session.is_closed:
        raise JoinError("Tato hra už skončila. Připojit se nedá.", status=410)
    nickname = clean_nickname(nickname)
    if not nickname:
        nickname = generated_nickname(session)
    try:
        nicknames.validate(nickname)
    except nicknames.Invalid as problem:
        raise JoinError(str(problem)) from None
    key = nickname_key(nickname)
    try:
        with transaction.atomic():
            pupil = Pupil.objects.create(session=session, nickname=nickname, nickname_key=key)
    except IntegrityError:
        raise JoinError(
            f"Přezdívku „{nickname}“ nebo velmi podobnou už v této hře někdo má. "
            "Zvolte si jinou.", status=409
        ) from None
    touch(session)
    return pupil


def seat(session: ClassSession, token: str | None) -> Pupil | None:
    if not token:
        return None
    return Pupil.objects.filter(session=session, token=token).first()


# --- questions ---------------------------------------------------------------------------

def variant_for(item: QuizItem, pupil: Pupil | None) -> str:
    """The item's own variant, or for per-pupil items a seed stable for this pupil."""
    if item.variant:
        return item.variant
    if pupil is None:
        return "s1"
    digest = hashlib.sha256(f"{item.pk}:{pupil.pk}:{pupil.session_id}".encode()).digest()
    return f"s{int.from_bytes(digest[:4], 'big') % quiz.MAX_SEED + 1}"


_ITEMS: dict[str, list[QuizItem]] = {}


def items_of(session: ClassSession) -> list[QuizItem]:
    """The session's questions. A quiz is frozen once it has a session, so each process
    reads them once per session (every pupil's page needs them)."""
    items = _ITEMS.get(session.code)
    if items is None:
        items = list(session.quiz.items.all())
        if len(_ITEMS) > 500:
            _ITEMS.clear()
        _ITEMS[session.code] = items
    return list(items)


def current_index(session: ClassSession, pupil: Pupil, items: list[QuizItem],
                  answered: set[int]) -> int | None:
    """Which question (0-based) the pupil should see now; None when there is none left."""
    if session.teacher_paced:
        return min(session.current, len(items) - 1) if items else None
    for index, item in enumerate(items):
        if item.pk not in answered:
            return index
    return None


@dataclass
class Stored:
    answer: Answer
    created: bool  # False: this question had been answered already (a double tap)


def submit(session: ClassSession, pupil: Pupil, item: QuizItem, raw) -> Stored:
    """Grade and store one answer. The first answer counts; later ones return it unchanged."""
    existing = Answer.objects.filter(pupil=pupil, item=item).first()
    if existing:
        return Stored(existing, False)
    variant = variant_for(item, pupil)
    prepared = quiz.prepare(item.kind, variant)
    response = quiz.normalize(prepared, raw)
    graded = quiz.grade(prepared, response)
    late = session.is_closed or _after_deadline(session, item)
    points = 0 if late or not graded.correct else _points(session, pupil)
    try:
        with transaction.atomic():
            answer = Answer.objects.create(
                pupil=pupil, item=item, variant=variant, response=response,
                correct=graded.correct, score=graded.score, points=points, late=late,
            )
    except IntegrityError:
        return Stored(Answer.objects.get(pupil=pupil, item=item), False)
    touch(session)
    return Stored(answer, True)


def _after_deadline(session: ClassSession, item: QuizItem) -> bool:
    deadline = session.deadline()
    if deadline is None or not session.teacher_paced:
        return False
    on_current = item.order - 1 == session.current
    return not on_current or timezone.now() > deadline


def _points(session: ClassSession, pupil: Pupil) -> int:
    if not session.speed_scoring:
        return POINTS_CORRECT
    window = session.timer_seconds or SPEED_WINDOW
    if session.teacher_paced and session.question_started:
        started = session.question_started
    else:
        last = pupil.answers.order_by("-answered").values_list("answered", flat=True).first()
        started = last or pupil.joined
    elapsed = (timezone.now() - started).total_seconds()
    share = max(0.0, 1.0 - elapsed / window)
    return int(POINTS_CORRECT / 2 + POINTS_CORRECT / 2 * share)


# --- teacher's controls ------------------------------------------------------------------

def control(session: ClassSession, action: str) -> str | None:
    """Apply a teacher's button; returns a Czech message for anything refused."""
    count = session.quiz.items.count()
    if action == "start":
        if session.state != ClassSession.State.LOBBY:
            return None
        if not count:
            return "Kvíz nemá žádné otázky."
        session.state = ClassSession.State.RUNNING
        session.current = 0
        session.question_started = timezone.now()
    elif action in ("next", "prev"):
        if session.state != ClassSession.State.RUNNING or not session.teacher_paced:
            return None
        step = 1 if action == "next" else -1
        target = session.current + step
        if not 0 <= target < count:
            return None
        session.current = target
        session.question_started = timezone.now()
    elif action == "close":
        if session.is_closed:
            return None
        session.state = ClassSession.State.CLOSED
        session.closed = timezone.now()
    else:
        return "Neznámý příkaz."
    session.last_activity = timezone.now()
    session.save()
    return None


# --- results -----------------------------------------------------------------------------

@dataclass
class ItemResult:
    item: QuizItem
    index: int
    answered: int
    correct: int
    node_heat: dict
    path_heat: dict
    prepared: object | None  # the shared question, when everybody had the same one

    @property
    def share(self) -> int:
        return round(100 * self.correct / self.answered) if self.answered else 0


@dataclass
class PupilRow:
    pupil: Pupil
    marks: list  # per item: True, False, None (not answered)
    points: int
    correct: int


def results(session: ClassSession) -> tuple[list[ItemResult], list[PupilRow]]:
    items = items_of(session)
    pupils = list(session.pupils.all())
    answers = list(Answer.objects.filter(pupil__session=session).values(
        "pupil_id", "item_id", "response", "correct", "points", "late"))
    by_item: dict[int, list[dict]] = {}
    by_pupil: dict[tuple[int, int], dict] = {}
    for row in answers:
        by_item.setdefault(row["item_id"], []).append(row)
        by_pupil[(row["pupil_id"], row["item_id"])] = row
    item_results = []
    for index, item in enumerate(items):
        rows = by_item.get(item.pk, [])
        prepared = None
        heat: Counter = Counter()
        if item.variant:
            try:
                prepared = quiz.prepare(item.kind, item.variant)
            except quiz.BadVariant:
                prepared = None
            if prepared is not None and prepared.clicks:
                for row in rows:
                    heat.update(row["response"] if isinstance(row["response"], list) else [])
        nodes = prepared is not None and prepared.kind.answer == quiz.NODES
        item_results.append(ItemResult(
            item=item, index=index, answered=len(rows),
            correct=sum(1 for r in rows if r["correct"] and not r["late"]),
            node_heat=dict(heat) if nodes else {},
            path_heat=dict(heat) if not nodes else {},
            prepared=prepared,
        ))
    table = []
    for pupil in pupils:
        marks, points, right = [], 0, 0
        for item in items:
            row = by_pupil.get((pupil.pk, item.pk))
            if row is None:
                marks.append(None)
                continue
            ok = row["correct"] and not row["late"]
            marks.append(ok)
            points += row["points"]
            right += ok
        table.append(PupilRow(pupil=pupil, marks=marks, points=points, correct=right))
    table.sort(key=lambda r: (-r.points, -r.correct, r.pupil.nickname_key))
    return item_results, table


def results_csv(session: ClassSession) -> str:
    item_results, table = results(session)
    out = io.StringIO()
    writer = csv.writer(out, delimiter=";", quoting=csv.QUOTE_ALL)
    header = ["přezdívka"]
    header += [f"{r.index + 1}. {quiz.kind(r.item.kind).title}" for r in item_results]
    header += ["správně", "body"]
    writer.writerow([_csv_safe(cell) for cell in header])
    for row in table:
        cells = [row.pupil.nickname]
        cells += ["" if m is None else ("1" if m else "0") for m in row.marks]
        cells += [str(row.correct), str(row.points)]
        writer.writerow([_csv_safe(cell) for cell in cells])
    return "\ufeff" + out.getvalue()  # a BOM so that spreadsheet programs read UTF-8


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
        examples = quiz.examples(kind_slug)
        if number < len(examples):
            return examples[number].variant
    return quiz.new_variant(rng)


def build_quiz(owner, title: str, kinds: list[str], per_kind: int, mode: str) -> Quiz:
    with transaction.atomic():
        quiz_ = Quiz.objects.create(owner=owner, title=title)
        order = 1
        for number in range(per_kind):
            for slug in kinds:
                QuizItem.objects.create(quiz=quiz_, order=order, kind=slug,
                                        variant=item_variant(slug, mode, number))
                order += 1
    return quiz_


def add_item(quiz_: Quiz, kind_slug: str, mode: str) -> QuizItem:
    with transaction.atomic():
        last = quiz_.items.order_by("-order").values_list("order", flat=True).first() or 0
        used = quiz_.items.filter(kind=kind_slug).count()
        return QuizItem.objects.create(quiz=quiz_, order=last + 1, kind=kind_slug,
                                       variant=item_variant(kind_slug, mode, used))


def remove_item(item: QuizItem) -> None:
    with transaction.atomic():
        quiz_ = item.quiz
        item.delete()
        for order, other in enumerate(quiz_.items.order_by("order"), start=1):
            if other.order != order:
                QuizItem.objects.filter(pk=other.pk).update(order=order)
