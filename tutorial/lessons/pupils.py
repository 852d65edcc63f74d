"""A pupil in a class lesson (hodina): join by code and nickname, answer the questions.

No account: a seat (pupil token) lives in the session and in a signed cookie, so a refresh
or a sleeping phone keeps it. A pupil on a new device takes the seat back with its PIN.
Until a question is revealed a pupil sees only that the answer is saved.
"""

from __future__ import annotations

import random
from urllib.parse import urlsplit

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse, QueryDict
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import HttpResponseClientRedirect, HttpResponseClientRefresh

from engine import words
from tutorial import pages, quiz
from tutorial.inputs import parse_int
from tutorial.lessons import classroom, limits, results
from tutorial.lessons.custom import prepared_or_none
from tutorial.lessons.models import Lesson, Pupil, clean_code
from tutorial.quiz.sandbox import (
    clear_selection,
    raw_response,
    remember,
    sandbox_context,
    selection,
    toggle,
)

SEATS = "kviz_mista"  # session: join code -> pupil token
SEAT_COOKIE = "kviz-misto-"  # + code: signed pupil token, survives a lost session cookie
SEAT_SALT = "tutorial.seat"
SEAT_AGE = 60 * 60 * 24  # a day
# Which seat (pupil id) the browser held: when its token stops working, the join form says
# why (the teacher removed the pupil or released the seat, or another device took it).
SEAT_IDS = "kviz_mista_kdo"
SEAT_ID_COOKIE = "kviz-kdo-"  # + code
# Nothing is evaluated before the reveal: the lesson's button only sends the answer, and the
# kinds' instructions ("…a pak na Vyhodnotit") name it so.
SUBMIT_LABEL = "Odeslat odpověď"


def phone_prompt(prompt: str) -> str:
    return prompt.replace("na Vyhodnotit", f"na {SUBMIT_LABEL}")


def _seat_token(request: HttpRequest, code: str) -> str | None:
    token = request.session.get(SEATS, {}).get(code)
    if token:
        return token
    return request.get_signed_cookie(SEAT_COOKIE + code, default=None, salt=SEAT_SALT,
                                     max_age=SEAT_AGE)


def lesson_questions(request: HttpRequest) -> set[str]:
    """The questions ("kind/variant") this browser has in a lesson that is not over yet:
    practice does not grade them for the lesson's pupils (it would name the answer)."""
    tokens = set(request.session.get(SEATS, {}).values())
    for name in request.COOKIES:
        if name.startswith(SEAT_COOKIE):
            token = request.get_signed_cookie(name, default=None, salt=SEAT_SALT,
                                              max_age=SEAT_AGE)
            if token:
                tokens.add(token)
    if not tokens:
        return set()
    held = set()
    seats = (Pupil.objects.filter(token__in=list(tokens)[:40])
             .exclude(lesson__state=Lesson.State.CLOSED).select_related("lesson"))
    for pupil in seats:
        for item in classroom.items_of(pupil.lesson):
            held.add(f"{item.kind}/{classroom.variant_for(item, pupil)}")
    return held


def _give_seat(request: HttpRequest, response: HttpResponse, lesson: Lesson, pupil):
    remember(request, SEATS, lesson.code, pupil.token, cap=20)
    remember(request, SEAT_IDS, lesson.code, pupil.pk, cap=20)
    for name, value in ((SEAT_COOKIE, pupil.token), (SEAT_ID_COOKIE, str(pupil.pk))):
        response.set_signed_cookie(
            name + lesson.code, value, salt=SEAT_SALT, max_age=SEAT_AGE,
            httponly=True, samesite="Lax", secure=settings.SESSION_COOKIE_SECURE,
        )


def _held_seat(request: HttpRequest, code: str) -> int | None:
    """The pupil id of the seat this browser was given in this lesson (if any)."""
    held = request.session.get(SEAT_IDS, {}).get(code)
    if held is None:
        held = request.get_signed_cookie(SEAT_ID_COOKIE + code, default=None, salt=SEAT_SALT,
                                         max_age=SEAT_AGE)
    try:
        return int(held) if held is not None else None
    except (TypeError, ValueError):
        return None


REMOVED_MESSAGE = ("Učitel vás z této hodiny odebral i s vašimi odpověďmi. Se stejnou "
                   "přezdívkou se už připojit nelze; můžete se připojit s jinou.")


def _lost_seat(request: HttpRequest, lesson: Lesson) -> tuple[str, str, bool]:
    """Why this browser no longer holds its seat: (Czech message, the nickname to offer
    again, whether the seat's PIN would take it back). Empty when it never held one."""
    held = _held_seat(request, lesson.code)
    if held is None or _seat_token(request, lesson.code) is None:
        return "", "", False
    pupil = Pupil.objects.filter(lesson=lesson, pk=held).first()
    if pupil is None:
        return REMOVED_MESSAGE, "", False
    if pupil.released:
        return (f"Učitel vaše místo „{pupil.nickname}“ uvolnil. Připojte se znovu se svou "
                "přezdívkou: místo i s odpověďmi dostanete zpět.", pupil.nickname, False)
    return (f"Vaše místo „{pupil.nickname}“ teď používá jiné zařízení: připojilo se s vaší "
            "přezdívkou a PINem místa, nebo poté, co učitel místo uvolnil. Jste-li to vy, "
            "pokračujte na něm. Jinak místo vezmete zpět přezdívkou a PINem, nebo požádejte "
            "učitele, ať vám ho uvolní.", pupil.nickname, True)


def _join_form(request: HttpRequest, code: str = "", nickname: str = "", error: str = "",
               status: int = 200, lesson: Lesson | None = None,
               lost: str = "", pin_open: bool = False) -> HttpResponse:
    return render(request, "lessons/join.html", {
        "code": code, "nickname": nickname, "error": error,
        "lesson": lesson, "lost": lost, "pin_open": pin_open or bool(error and lesson),
    }, status=status)


def _unknown_code(request: HttpRequest, code: str, nickname: str = "") -> HttpResponse:
    return _join_form(
        request, code, nickname, status=404,
        error=f"Hodinu s kódem „{code}“ jsme nenašli. Zkontrolujte kód na tabuli." if code
        else "Zadejte kód hodiny z tabule.",
    )


def _slowed(request: HttpRequest, code: str, wait: int, nickname: str = "") -> HttpResponse:
    response = _join_form(
        request, code, nickname, status=429,
        error="Příliš mnoho pokusů o neplatný kód z této sítě. "
              f"Zkontrolujte kód na tabuli a zkuste to znovu za {wait} s.")
    response["Retry-After"] = str(wait)
    return response


def _open_code(request: HttpRequest, code: str, nickname: str = ""):
    """(lesson, None), or (None, the answer for an unknown code or a guesser who must wait).
    Every route that takes a code comes here: guessing costs the same everywhere. A pupil
    who holds a seat in this lesson is not guessing, whatever network they are on now."""
    token = _seat_token(request, code)
    if token:
        lesson = classroom.find_lesson(code)
        if lesson is not None and _seat_of(request, lesson) is not None:
            return lesson, None
    try:
        lesson = limits.open_code(pages.client_ip(request), code)
    except limits.Slowed as slowed:
        return None, _slowed(request, code, slowed.retry_after, nickname)
    if lesson is None:
        return None, _unknown_code(request, code, nickname)
    return lesson, None


def _seat_of(request: HttpRequest, lesson: Lesson) -> Pupil | None:
    """This browser's seat in the lesson, looked up once per request (a poll that finds a
    change needs it twice: to let the code through and to draw the page)."""
    known = getattr(request, "_lesson_seat", None)
    if known is None or known[0] != lesson.pk:
        known = (lesson.pk, classroom.seat(lesson, _seat_token(request, lesson.code)))
        request._lesson_seat = known
    return known[1]


def join(request: HttpRequest) -> HttpResponse:
    if request.method != "POST":
        return _join_form(request, clean_code(request.GET.get("kod", "")))
    code = clean_code(request.POST.get("kod", ""))
    nickname = request.POST.get("prezdivka", "")[:100]
    lesson, problem = _open_code(request, code, nickname)
    if problem:
        return problem
    pupil = classroom.seat(lesson, _seat_token(request, code))
    if pupil is None:
        try:
            pupil = classroom.join(lesson, nickname, request.POST.get("pin", ""))
        except classroom.JoinError as problem:
            return _join_form(request, code, nickname, error=problem.message,
                              status=problem.status, lesson=lesson)
    response = redirect("lessons:pupil", code=lesson.code)
    _give_seat(request, response, lesson, pupil)
    return response


def _pupil_or_form(request: HttpRequest, code: str):
    """(lesson, pupil, None) or (None, None, a response to return)."""
    lesson, problem = _open_code(request, code)
    if problem:
        return None, None, problem
    pupil = _seat_of(request, lesson)
    if pupil is None:
        if lesson.is_closed:
            return None, None, _join_form(request, code, lesson=lesson, status=410,
                                          error=classroom.CLOSED_MESSAGE)
        lost, nickname, pin_open = _lost_seat(request, lesson)
        return None, None, _join_form(request, code, nickname, lesson=lesson, lost=lost,
                                      pin_open=pin_open)
    return lesson, pupil, None


@require_GET
def pupil(request: HttpRequest, code: str) -> HttpResponse:
    lesson, pupil, problem = _pupil_or_form(request, code)
    if problem:
        return problem
    response = render(request, "lessons/pupil.html", _pupil_context(request, lesson, pupil))
    # A pupil who came back through the cookie gets the session entry again.
    if lesson.code not in request.session.get(SEATS, {}):
        _give_seat(request, response, lesson, pupil)
    return response


POLL_JITTER = 0.15  # each page polls at its own pace, within ±15 % of LESSONS_POLL_MS


def poll_ms(rng: random.Random | None = None) -> int:
    """The interval of one pupil's page, drawn anew at each load (LESSONS_POLL_MS on
    average). Phones that loaded at one moment (a class's answers sent together at time-up,
    then its pages reloaded) drift apart again instead of asking the server in step."""
    spread = int(settings.LESSONS_POLL_MS * POLL_JITTER)
    draw = (rng or _SYSTEM).randint(-spread, spread)
    return settings.LESSONS_POLL_MS + draw


_SYSTEM = random.SystemRandom()


def _pupil_context(request: HttpRequest, lesson: Lesson, pupil, notice: str = "",
                   error: str = "", given=None) -> dict:
    items = classroom.items_of(lesson)
    answers = {a.item_id: a for a in pupil.answers.all()}
    context = {"lesson": lesson, "pupil": pupil, "count": len(items),
               "version": lesson.version(), "answered_count": len(answers),
               "notice": notice, "poll_ms": poll_ms()}
    if lesson.is_closed:
        context.update(_end_screen(lesson, pupil, items, answers))
        return context
    if lesson.state != Lesson.State.RUNNING or not items:
        return context
    index = _saved_to_show(request, lesson, pupil, items, answers)
    if index is None:
        missed = classroom.expired_unanswered(lesson, pupil, items, set(answers))
        if missed is not None:
            context["time_notice"] = (f"Čas na otázku {missed} vypršel. Nic jste neodeslali, "
                                      "odpověď se neuložila.")
            if classroom.feedback_at_once(lesson):
                # The pupil learns the right answer of the question the time took away;
                # the question is behind them first, so nothing can be sent to it now.
                classroom.pass_expired(pupil, missed)
                index = missed - 1
        if index is None:
            index = classroom.current_index(lesson, pupil, items, set(answers))
    if request.GET.get("cas") == "1" and index is not None and items[index].pk in answers:
        # Only on the question sent at time-up: a page that reloads itself keeps the address
        # into the next question, which must not say so.
        context["time_notice"] = "Čas vypršel. Uložili jsme, co jste stihli vyplnit."
    if index is None:
        context["finished"] = True
        if classroom.feedback_at_once(lesson):
            # Every question is behind this pupil: the score and the answers, as at the end.
            context.update(_end_screen(lesson, pupil, items, answers, place=False))
        return context
    item = items[index]
    prepared = prepared_or_none(item.kind, classroom.variant_for(item, pupil))
    if prepared is None:
        context["broken"] = True
        return context
    context.update(_question(request, lesson, pupil, items, answers, index, prepared,
                             error, given))
    context["has_next"] = index + 1 < len(items)
    return context


def _saved_to_show(request: HttpRequest, lesson: Lesson, pupil, items,
                   answers) -> int | None:
    """Self-paced: right after answering, the pupil sees that question once more, saved (or
    with the automatic reveal, graded); a question left behind when its time ran out, too."""
    shown = parse_int(request.GET.get("po"), 1, len(items))
    if lesson.teacher_paced or shown is None:
        return None
    if items[shown - 1].pk in answers:
        return shown - 1
    if classroom.shown_to(lesson, pupil, shown - 1, items, set(answers)):
        return shown - 1
    return None


def _question(request, lesson, pupil, items, answers, index, prepared, error,
              given) -> dict:
    """The question in one of its states: open, answer saved, closed (time up), revealed."""
    number = index + 1
    item = items[index]
    answer = answers.get(item.pk)
    context = {"item": item, "number": number, "answer": answer,
               "prompt": phone_prompt(prepared.prompt), "submit_label": SUBMIT_LABEL}
    if classroom.shown_to(lesson, pupil, index, items, set(answers)):
        context.update(_revealed(prepared, answer.response if answer else None))
        context["state"] = "revealed"
        context["standing"] = _standing(lesson, pupil, items, answers, index)
        return context
    if answer:
        selected = answer.response if prepared.clicks else ()
        context.update(sandbox_context(prepared, selected=selected))
        context.update(state="saved", locked=True,
                       answer_text=results.answer_text(prepared, answer.response))
        return context
    closed = classroom.refusal(lesson, pupil, item)
    if closed:
        context.update(sandbox_context(prepared))
        context.update(state="closed", locked=True, closed_reason=closed)
        return context
    key = f"c:{lesson.code}:{item.pk}"
    question_url = reverse("lessons:pupil_question", kwargs={"code": lesson.code,
                                                             "number": number})
    context.update(sandbox_context(
        prepared, selected=selection(request, key), toggle_prefix=f"{question_url}?prepnout=",
        answer_url=question_url, clear_url=f"{question_url}?zrusit=1", given=given,
        error=error,
    ))
    deadline = classroom.pupil_deadline(lesson, pupil)
    if deadline is not None:
        left = max(0, int((deadline - timezone.now()).total_seconds()))
        context.update(deadline=deadline, time_left=left)
    context["state"] = "open"
    return context


def _revealed(prepared, response) -> dict:
    """The graded answer; with no answer, the right one (graded as if given, so the board
    marks the right places) and nothing about an empty answer being wrong."""
    if response is None:
        right = quiz.normalize(prepared, prepared.solution.answer if not prepared.clicks
                               else sorted(prepared.solution.answer))
        return {**sandbox_context(prepared, graded=quiz.grade(prepared, right)),
                "unanswered": True}
    return sandbox_context(prepared, graded=quiz.grade(prepared, response))


def _standing(lesson: Lesson, pupil, items, answers, index: int) -> dict:
    """Between questions: the pupil's running score (right answers and speed points of the
    questions up to this one) and place so far (when the teacher shows the ranking)."""
    behind = {item.pk for item in items[:index + 1]}
    counted = [a for a in answers.values() if a.item_id in behind and not a.late]
    correct, points = sum(1 for a in counted if a.correct), sum(a.points for a in counted)
    running = f"zatím správně {correct} z {index + 1}"
    if lesson.speed_scoring:
        running += f" a {words.points(points)} za rychlost"
    answer = answers.get(items[index].pk)
    gained = words.points(answer.points) if answer and answer.points else ""
    return {"running": running, "gained": gained, **_place(lesson, pupil)}


def _place(lesson: Lesson, pupil) -> dict:
    if not lesson.show_ranking:
        return {"place": 0}
    # After a reveal the whole class loads this at once and nothing changes until the next
    # question: the ranking is counted once per state of the lesson (shared by workers).
    key = f"lesson-standings:{lesson.code}:{lesson.version()}"
    ranked = cache.get(key)
    if ranked is None:
        ranked = [(s.nickname, s.place) for s in results.standings(lesson)]
        # Self-paced, the places move with every answer while the key stays: a short while.
        cache.set(key, ranked, 60 if lesson.teacher_paced else 5)
    place = next((place for nickname, place in ranked if nickname == pupil.nickname), 0)
    return {"place": place, "total": len(ranked)}


def _end_screen(lesson: Lesson, pupil, items, answers, place: bool = True) -> dict:
    """Score, place (when the teacher shows the ranking) and every question again with the
    right answer and the explanation."""
    recap = []
    for number, item in enumerate(items, start=1):
        answer = answers.get(item.pk)
        variant = answer.variant if answer else classroom.variant_for(item, pupil)
        prepared = prepared_or_none(item.kind, variant)
        if prepared is None:
            continue
        counted = answer is not None and not answer.late
        recap.append({"number": number, "answered": counted,
                      **_revealed(prepared, answer.response if counted else None)})
    counted = [a for a in answers.values() if not a.late]
    points = sum(a.points for a in counted)
    context = {"recap": recap, "correct_count": sum(1 for a in counted if a.correct),
               "points": points, "points_text": words.points(points)}
    if place and lesson.show_ranking:
        context["place"], context["pupil_total"] = results.pupil_place(lesson, pupil)
    return context


@require_GET
def pupil_status(request: HttpRequest, code: str) -> HttpResponse:
    """Polled by the pupil's page: 204 while nothing changed, else the new page (or a refresh).
    An unknown code is a guess like any other (counted, 404)."""
    lesson, problem = _open_code(request, code)
    if problem:
        return problem
    if request.GET.get("v") == lesson.version() and _still_seated(request, lesson):
        return HttpResponse(status=204)
    return _page_at_once(request, lesson) or HttpResponseClientRefresh()


def _page_at_once(request: HttpRequest, lesson: Lesson) -> HttpResponse | None:
    """The pupil's page, new, as the answer to the poll that found the change: the page's
    poll swaps its main part in (hx-select), so the phone shows the reveal or the next
    question without loading the page again, and the server answers one request instead of
    two when a whole class asks at once. Only for the pupil's page as it stands (its own
    query, e.g. ?po=2, read from HX-Current-URL) and a seat this browser still holds in its
    session; any other case (a lost seat, the seat only in the cookie) reloads the page."""
    current = urlsplit(request.headers.get("HX-Current-URL", ""))
    if not request.htmx or current.path != reverse("lessons:pupil",
                                                   kwargs={"code": lesson.code}):
        return None
    if lesson.code not in request.session.get(SEATS, {}):
        return None
    pupil = _seat_of(request, lesson)
    if pupil is None:
        return None
    request.GET = QueryDict(current.query)
    return render(request, "lessons/pupil.html", _pupil_context(request, lesson, pupil))


def _still_seated(request: HttpRequest, lesson: Lesson) -> bool:
    """False once the teacher removed the pupil or gave the seat to another device."""
    token = _seat_token(request, lesson.code)
    return token is None or Pupil.objects.filter(lesson=lesson, token=token).exists()


@vary_on_headers("HX-Request")
def pupil_question(request: HttpRequest, code: str, number: int) -> HttpResponse:
    lesson, pupil, problem = _pupil_or_form(request, code)
    if problem:
        return problem
    items = classroom.items_of(lesson)
    if not 1 <= number <= len(items):
        return redirect("lessons:pupil", code=lesson.code)
    item = items[number - 1]
    key = f"c:{lesson.code}:{item.pk}"
    prepared = prepared_or_none(item.kind, classroom.variant_for(item, pupil))
    play_url = reverse("lessons:pupil", kwargs={"code": lesson.code})
    if prepared is None:
        return redirect(play_url)
    if request.method == "GET":
        if classroom.refusal(lesson, pupil, item):
            # Not open for this pupil (the lobby, a question ahead of the class, a closed
            # one): nothing of it, not even a fragment; the page shows what is current.
            if request.htmx:
                return HttpResponseClientRedirect(play_url)
            return redirect(play_url)
        if "prepnout" in request.GET:
            toggle(request, key, prepared, request.GET["prepnout"])
        elif "zrusit" in request.GET:
            clear_selection(request, key)
        if request.htmx:
            question_url = reverse("lessons:pupil_question",
                                   kwargs={"code": lesson.code, "number": number})
            context = sandbox_context(
                prepared, selected=selection(request, key),
                toggle_prefix=f"{question_url}?prepnout=",
                answer_url=question_url, clear_url=f"{question_url}?zrusit=1")
            context["submit_label"] = SUBMIT_LABEL
            return render(request, "quiz/_sandbox.html", context)
        return redirect(play_url)
    if request.method != "POST":
        return HttpResponse(status=405)
    raw = raw_response(request, prepared, key)
    response = quiz.normalize(prepared, raw)
    # Sent by the page itself when the time ran out: what was filled in counts as it is,
    # a little late (the request's own way) and incomplete alike.
    time_up = request.POST.get("cas") == "1"
    grace = classroom.TIME_UP_GRACE if time_up else None
    problem = None if time_up else quiz.problem(prepared, response)
    if problem and not classroom.refusal(lesson, pupil, item):
        context = _pupil_context(request, lesson, pupil, error=problem, given=response)
        return render(request, "lessons/pupil.html", context, status=400)
    try:
        classroom.submit(lesson, pupil, item, response, grace=grace)
    except classroom.Closed as refused:
        clear_selection(request, key)
        context = _pupil_context(request, lesson, pupil, notice=refused.message)
        return render(request, "lessons/pupil.html", context, status=409)
    clear_selection(request, key)
    if lesson.teacher_paced:
        return redirect(play_url + ("?cas=1" if time_up else ""))
    return redirect(f"{play_url}?po={number}" + ("&cas=1" if time_up else ""))
