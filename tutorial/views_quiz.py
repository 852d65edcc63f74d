"""Quiz pages: practice alone, pupils in a class session, the teacher's pages.

Views are thin: they parse the request, call :mod:`tutorial.quiz` (questions, grading) or
:mod:`tutorial.classroom` (sessions, seats, answers), and render. Every click question works
without JavaScript (each click is a link, the selection lives in the session); with htmx a
click swaps only the sandbox.
"""

from __future__ import annotations

import functools
import io
import random
from datetime import timedelta

import segno
from django.conf import settings
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.db.models import Count, Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse, reverse_lazy
from django.utils.cache import patch_vary_headers
from django.views.decorators.http import require_GET, require_POST

from tutorial import board_svg, classroom, quiz
from tutorial.models import ClassSession, Quiz, QuizItem, clean_code
from tutorial.quiz import drawing, replayed

SELECTIONS = "kviz_vyber"  # session: question key -> selected place ids
PRACTICE_ANSWERS = "kviz_odpovedi"  # session: practice key -> last submitted response
PROGRESS = "kviz_pokrok"  # session: kind slug -> [answered, correct]
COUNTED = "kviz_zapocteno"  # session: practice keys already counted in the progress
SEATS = "kviz_mista"  # session: join code -> pupil token
SEAT_COOKIE = "kviz-misto-"  # + code: signed pupil token, survives a lost session cookie
SEAT_SALT = "tutorial.seat"
SEAT_AGE = 60 * 60 * 24  # a day
MIXED = "smichane"

LOGIN_LIMIT, LOGIN_WINDOW = 5, timedelta(minutes=15)
JOIN_LIMIT, JOIN_WINDOW = 20, timedelta(minutes=10)

teacher_required = login_required(login_url=reverse_lazy("tutorial:login"))


# --- small helpers -------------------------------------------------------------------------

def _client_ip(request: HttpRequest) -> str:
    """The address rate limits count by. Behind our own proxy (DJANGO_BEHIND_PROXY) that is
    the last X-Forwarded-For entry, the one the proxy itself added; earlier ones can be forged."""
    if getattr(settings, "USE_X_FORWARDED_HOST", False):
        forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
        if forwarded.strip():
            return forwarded.split(",")[-1].strip()[:100]
    return request.META.get("REMOTE_ADDR", "") or "?"


def _message(request: HttpRequest, title: str, text: str, status: int = 200, **extra):
    context = {"section": "quiz", "title": title, "text": text, **extra}
    return render(request, "tutorial/quiz/message.html", context, status=status)


def _fragment(request: HttpRequest, template: str, context: dict) -> HttpResponse:
    response = render(request, template, context)
    patch_vary_headers(response, ("HX-Request",))
    return response


def _remember(request: HttpRequest, name: str, key: str, value, cap: int) -> None:
    """Store a value in a session dict, keeping only the ``cap`` most recent keys."""
    store = dict(request.session.get(name, {}))
    store.pop(key, None)
    store[key] = value
    while len(store) > cap:
        store.pop(next(iter(store)))
    request.session[name] = store


def _selection(request: HttpRequest, key: str) -> list[str]:
    return list(request.session.get(SELECTIONS, {}).get(key, []))


def _toggle(request: HttpRequest, key: str, prepared, place: str) -> None:
    chosen = set(_selection(request, key))
    chosen ^= {place}
    chosen = quiz.normalize(prepared, chosen)
    _remember(request, SELECTIONS, key, chosen, cap=40)


def _clear_selection(request: HttpRequest, key: str) -> None:
    store = dict(request.session.get(SELECTIONS, {}))
    if store.pop(key, None) is not None:
        request.session[SELECTIONS] = store


def _raw_response(request: HttpRequest, prepared, key: str):
    """What the learner submitted: the posted selection (or the session's), or the fields."""
    if prepared.clicks:
        if "vyber" in request.POST:
            return request.POST.getlist("misto")
        return _selection(request, key)
    return {f.name: (request.POST.getlist(f.name) if f.multiple else request.POST.get(f.name))
            for f in prepared.fields}


def _prepared(kind: str, variant: str):
    try:
        return quiz.prepare(kind, variant)
    except quiz.BadVariant:
        return None


def _headword_links(slugs) -> list[tuple[str, str]]:
    from almanach.models import Entry

    entries = dict(Entry.objects.filter(slug__in=list(slugs)).values_list("slug", "headword"))
    return [(entries.get(s, s.replace("-", " ").capitalize()),
             reverse("almanach:entry", kwargs={"slug": s})) for s in slugs]


def _reasons(reasons) -> list[dict]:
    out = []
    for reason in reasons:
        url = (reverse("almanach:entry", kwargs={"slug": reason.headword})
               if reason.headword else "")
        out.append({"text": reason.text, "url": url})
    return out


def _sandbox_context(prepared, *, selected=(), graded=None, toggle_prefix="", answer_url="",
                     clear_url="", given=None, error="") -> dict:
    """Everything the sandbox and answer templates need for one question.

    ``toggle_prefix`` + a place id is the link that (un)marks the place on the board.
    """
    marks = graded.marks if graded else {}
    board = ""
    if getattr(prepared.kind, "board", True):
        prefix = toggle_prefix if prepared.clicks and graded is None else ""
        board = drawing.draw_cached(prepared, selected=selected, toggle_prefix=prefix,
                                    marks=marks, trail=graded.trail if graded else ())
    names = []
    if prepared.clicks:
        namer = (board_svg.node_name if prepared.kind.answer == quiz.NODES
                 else board_svg.path_name)
        names = [namer(prepared.board, place) for place in selected]
    return {
        "prepared": prepared,
        "kind": prepared.kind,
        "question": prepared.question,
        "board_svg": board,
        "selected": list(selected),
        "selected_names": names,
        "graded": graded,
        "reasons": _reasons(graded.reasons) if graded else [],
        "answer_url": answer_url,
        "clear_url": clear_url,
        "given": given or {},
        "error": error,
        "facts": prepared.facts,
        "legend": _legend(marks),
        **_field_layout(prepared.fields, given or {}),
    }


def _field_layout(fields, given: dict) -> dict:
    """Fields with a row and a column become a table (grid); the rest are listed (plain)."""
    columns: list[str] = []
    rows: dict[str, list] = {}
    plain = []
    for field in fields:
        value = given.get(field.name, "")
        if field.row and field.column:
            if field.column not in columns:
                columns.append(field.column)
            rows.setdefault(field.row, []).append({"field": field, "value": value or "0"})
        else:
            plain.append({"field": field, "values": value.split(",") if value else []})
    grid = None
    if rows:
        grid = {"columns": columns,
                "rows": [{"label": label, "cells": cells} for label, cells in rows.items()]}
    return {"grid": grid, "plain": plain}


def _legend(marks) -> list[tuple[str, str, str]]:
    present = {m for m in marks.values()}
    return [(m, drawing.MARK_COLOURS[m], label) for m, label in drawing.MARK_LABELS.items()
            if m in present and not (m == "hit" and all(k == "hex" for k, _ in marks))]


# --- practice alone ------------------------------------------------------------------------

def _progress(request: HttpRequest) -> dict[str, list[int]]:
    return dict(request.session.get(PROGRESS, {}))


def _count(request: HttpRequest, prepared, correct: bool) -> None:
    key = prepared.question.key
    counted = list(request.session.get(COUNTED, []))
    if key in counted:
        return
    counted = (counted + [key])[-500:]
    request.session[COUNTED] = counted
    progress = _progress(request)
    answered, right = progress.get(prepared.kind.slug, [0, 0])
    progress[prepared.kind.slug] = [answered + 1, right + int(correct)]
    request.session[PROGRESS] = progress


@require_GET
def quizzes(request: HttpRequest) -> HttpResponse:
    progress = _progress(request)
    kinds = []
    for kind in quiz.KINDS.values():
        answered, right = progress.get(kind.slug, [0, 0])
        kinds.append({"kind": kind, "answered": answered, "correct": right,
                      "examples": len(quiz.examples(kind.slug))})
    total = [sum(k["answered"] for k in kinds), sum(k["correct"] for k in kinds)]
    return render(request, "tutorial/quiz/index.html",
                  {"section": "quiz", "kinds": kinds, "total": total})


@require_GET
def kind_page(request: HttpRequest, kind: str) -> HttpResponse:
    try:
        kind_ = quiz.kind(kind)
    except quiz.BadVariant:
        return _message(request, "Takový kvíz neznáme",
                        "Zkontrolujte adresu nebo si vyberte kvíz ze seznamu.", status=404)
    answered, right = _progress(request).get(kind, [0, 0])
    return render(request, "tutorial/quiz/kind.html", {
        "section": "quiz", "kind": kind_, "examples": quiz.examples(kind),
        "headwords": _headword_links(kind_.headwords), "answered": answered, "correct": right,
    })


def _question_url(kind: str, variant: str, mixed: bool = False, name: str = "quiz_question"):
    url = reverse(f"tutorial:{name}", kwargs={"kind": kind, "variant": variant})
    return url + (f"?sada={MIXED}" if mixed else "")


@require_GET
def kind_new(request: HttpRequest, kind: str) -> HttpResponse:
    if kind not in quiz.KINDS:
        return _message(request, "Takový kvíz neznáme",
                        "Zkontrolujte adresu nebo si vyberte kvíz ze seznamu.", status=404)
    return redirect(_question_url(kind, quiz.new_variant(), request.GET.get("sada") == MIXED))


@require_GET
def mixed(request: HttpRequest) -> HttpResponse:
    rng = random.SystemRandom()
    kind = rng.choice(list(quiz.KINDS))
    return redirect(_question_url(kind, quiz.new_variant(rng), mixed=True))


def question(request: HttpRequest, kind: str, variant: str) -> HttpResponse:
    prepared = _prepared(kind, variant)
    if prepared is None:
        return _message(request, "Tuhle otázku neznáme",
                        "Odkaz je možná starý nebo překlepnutý. Zkuste novou pozici.",
                        status=404, retry_url=reverse("tutorial:quiz_kind", kwargs={"kind": kind})
                        if kind in quiz.KINDS else reverse("tutorial:quizzes"))
    is_mixed = request.GET.get("sada") == MIXED
    return _practice(
        request, prepared, base_url=_question_url(kind, variant, is_mixed),
        result_url=_question_url(kind, variant, is_mixed, "quiz_result"),
        new_url=_next_url(kind, is_mixed), mixed=is_mixed,
    )


def _next_url(kind: str, is_mixed: bool) -> str:
    if is_mixed:
        return reverse("tutorial:quiz_mixed")
    return reverse("tutorial:quiz_new", kwargs={"kind": kind})


def _with(url: str, param: str) -> str:
    return f"{url}{'&' if '?' in url else '?'}{param}"


def _practice(request: HttpRequest, prepared, *, base_url: str, result_url: str, new_url: str,
              mixed: bool = False) -> HttpResponse:
    """A practice question: toggles (links), the answer (POST), the page or the fragment."""
    key = f"p:{prepared.question.key}"
    page = {"section": "quiz", "mixed": mixed, "new_url": new_url}
    if request.method == "POST":
        response = quiz.normalize(prepared, _raw_response(request, prepared, key))
        if not quiz.complete(prepared, response):
            context = _sandbox_context(prepared, answer_url=base_url, given=response,
                                       error="Vyplňte prosím všechny odpovědi.")
            return render(request, "tutorial/quiz/question.html", {**context, **page},
                          status=400)
        graded = quiz.grade(prepared, response)
        _remember(request, PRACTICE_ANSWERS, key, response, cap=50)
        _clear_selection(request, key)
        _count(request, prepared, graded.correct)
        return redirect(result_url)
    if request.method != "GET":
        return HttpResponse(status=405)
    if "prepnout" in request.GET:
        _toggle(request, key, prepared, request.GET["prepnout"])
    elif "zrusit" in request.GET:
        _clear_selection(request, key)
    if ("prepnout" in request.GET or "zrusit" in request.GET) and not request.htmx:
        return redirect(base_url)
    context = _sandbox_context(
        prepared, selected=_selection(request, key),
        toggle_prefix=_with(base_url, "prepnout="),
        answer_url=base_url, clear_url=_with(base_url, "zrusit=1"),
    )
    context.update(page)
    if request.htmx:
        return _fragment(request, "tutorial/quiz/_sandbox.html", context)
    response = render(request, "tutorial/quiz/question.html", context)
    patch_vary_headers(response, ("HX-Request",))
    return response


def _practice_result(request: HttpRequest, prepared, *, again_url: str, new_url: str,
                     mixed: bool = False) -> HttpResponse:
    key = f"p:{prepared.question.key}"
    response = request.session.get(PRACTICE_ANSWERS, {}).get(key)
    if response is None:
        return redirect(again_url)
    graded = quiz.grade(prepared, response)
    context = _sandbox_context(prepared, graded=graded)
    context.update({
        "section": "quiz", "mixed": mixed, "new_url": new_url, "again_url": again_url,
        "progress": _progress(request).get(prepared.kind.slug, [0, 0]),
    })
    return render(request, "tutorial/quiz/result.html", context)


@require_GET
def result(request: HttpRequest, kind: str, variant: str) -> HttpResponse:
    prepared = _prepared(kind, variant)
    if prepared is None:
        return _message(request, "Tuhle otázku neznáme",
                        "Odkaz je možná starý nebo překlepnutý.", status=404)
    is_mixed = request.GET.get("sada") == MIXED
    return _practice_result(request, prepared, again_url=_question_url(kind, variant, is_mixed),
                            new_url=_next_url(kind, is_mixed), mixed=is_mixed)


def try_it(request: HttpRequest) -> HttpResponse:
    """"Zkus sám" from a step of the example game: a sandbox at exactly that position."""
    try:
        prepared = replayed.prepare_from_query(request.GET)
    except replayed.NotAvailable as problem:
        return _message(request, "Tuhle pozici otevřít neumíme", str(problem), status=404,
                        retry_url=reverse("tutorial:game"))
    query = request.GET.copy()
    for name in ("prepnout", "zrusit", "vysledek"):
        query.pop(name, None)
    base_url = f"{reverse('tutorial:quiz_try')}?{query.urlencode()}"
    new_url = reverse("tutorial:quiz_kind", kwargs={"kind": prepared.kind.slug})
    if request.method == "GET" and "vysledek" in request.GET:
        return _practice_result(request, prepared, again_url=base_url, new_url=new_url)
    return _practice(request, prepared, base_url=base_url,
                     result_url=_with(base_url, "vysledek=1"), new_url=new_url)


# --- pupils ----------------------------------------------------------------------------------

def _seat_token(request: HttpRequest, code: str) -> str | None:
    token = request.session.get(SEATS, {}).get(code)
    if token:
        return token
    return request.get_signed_cookie(SEAT_COOKIE + code, default=None, salt=SEAT_SALT,
                                     max_age=SEAT_AGE)


def _give_seat(request: HttpRequest, response: HttpResponse, session: ClassSession, pupil):
    _remember(request, SEATS, session.code, pupil.token, cap=20)
    response.set_signed_cookie(
        SEAT_COOKIE + session.code, pupil.token, salt=SEAT_SALT, max_age=SEAT_AGE,
        httponly=True, samesite="Lax", secure=settings.SESSION_COOKIE_SECURE,
    )


def _join_form(request: HttpRequest, code: str = "", nickname: str = "", error: str = "",
               status: int = 200, session: ClassSession | None = None) -> HttpResponse:
    return render(request, "tutorial/quiz/join.html", {
        "section": "quiz", "code": code, "nickname": nickname, "error": error,
        "session": session,
    }, status=status)


def _unknown_code(request: HttpRequest, code: str, nickname: str = "") -> HttpResponse:
    classroom.record_failure("join", _client_ip(request))
    return _join_form(
        request, code, nickname, status=404,
        error=f"Hru s kódem „{code}“ jsme nenašli. Zkontrolujte kód na tabuli." if code
        else "Zadejte kód hry z tabule.",
    )


def _join_blocked(request: HttpRequest) -> bool:
    return classroom.too_many("join", _client_ip(request), JOIN_LIMIT, JOIN_WINDOW)


def join(request: HttpRequest) -> HttpResponse:
    if request.method != "POST":
        return _join_form(request, clean_code(request.GET.get("kod", "")))
    code = clean_code(request.POST.get("kod", ""))
    nickname = request.POST.get("prezdivka", "")[:100]
    if _join_blocked(request):
        return _join_form(request, code, nickname, status=429,
                          error="Příliš mnoho pokusů o neplatný kód. Zkuste to za pár minut.")
    session = classroom.find_session(code)
    if session is None:
        return _unknown_code(request, code, nickname)
    pupil = classroom.seat(session, _seat_token(request, code))
    if pupil is None:
        try:
            pupil = classroom.join(session, nickname)
        except classroom.JoinError as problem:
            return _join_form(request, code, nickname, error=problem.message,
                              status=problem.status, session=session)
    response = redirect("tutorial:play", code=session.code)
    _give_seat(request, response, session, pupil)
    return response


def _pupil_or_form(request: HttpRequest, code: str):
    """(session, pupil, None) or (None, None, a response to return)."""
    token = _seat_token(request, code)
    # A pupil with a seat is not guessing codes; only strangers count against the limit.
    if token is None and _join_blocked(request):
        return None, None, _join_form(
            request, code, status=429,
            error="Příliš mnoho pokusů o neplatný kód. Zkuste to za pár minut.")
    session = classroom.find_session(code)
    if session is None:
        return None, None, _unknown_code(request, code)
    pupil = classroom.seat(session, token)
    if pupil is None:
        if session.is_closed:
            return None, None, _message(request, "Hra skončila",
                                        "Tato hra už skončila. Připojit se nedá.", status=410)
        return None, None, _join_form(request, code, session=session)
    return session, pupil, None


@require_GET
def play(request: HttpRequest, code: str) -> HttpResponse:
    session, pupil, problem = _pupil_or_form(request, code)
    if problem:
        return problem
    response = render(request, "tutorial/quiz/play.html", _play_context(request, session, pupil))
    # A pupil who came back through the cookie gets the session entry again.
    if session.code not in request.session.get(SEATS, {}):
        _give_seat(request, response, session, pupil)
    return response


def _version(session: ClassSession) -> str:
    return f"{session.state}-{session.current}"


def _play_context(request: HttpRequest, session: ClassSession, pupil, error: str = "",
                  given=None) -> dict:
    items = classroom.items_of(session)
    answers = {a.item_id: a for a in pupil.answers.all()}
    context = {"section": "quiz", "session": session, "pupil": pupil, "count": len(items),
               "version": _version(session), "answered_count": len(answers),
               "points": sum(a.points for a in answers.values()),
               "correct_count": sum(1 for a in answers.values() if a.correct and not a.late)}
    if session.state != ClassSession.State.RUNNING or not items:
        return context
    shown = request.GET.get("po")
    index = None
    if shown and shown.isdigit() and not session.teacher_paced:
        wanted = int(shown) - 1
        if 0 <= wanted < len(items) and items[wanted].pk in answers:
            index = wanted
    if index is None:
        index = classroom.current_index(session, pupil, items, set(answers))
    if index is None:
        context["finished"] = True
        return context
    item = items[index]
    prepared = _prepared(item.kind, classroom.variant_for(item, pupil))
    if prepared is None:
        context["broken"] = True
        return context
    number = index + 1
    key = f"c:{session.code}:{item.pk}"
    answer = answers.get(item.pk)
    question_url = reverse("tutorial:play_question", kwargs={"code": session.code,
                                                             "number": number})
    if answer:
        graded = quiz.grade(prepared, answer.response)
        sandbox = _sandbox_context(prepared, graded=graded)
    else:
        sandbox = _sandbox_context(
            prepared, selected=_selection(request, key),
            toggle_prefix=f"{question_url}?prepnout=",
            answer_url=question_url, clear_url=f"{question_url}?zrusit=1", given=given,
            error=error,
        )
    context.update(sandbox)
    context.update({"item": item, "number": number, "answer": answer,
                    "time_left": session.time_left(),
                    "deadline": session.deadline(),
                    "has_next": index + 1 < len(items)})
    return context


@require_GET
def play_status(request: HttpRequest, code: str) -> HttpResponse:
    """Polled by the pupil's page: 204 while nothing changed, else a full refresh."""
    state = ClassSession.objects.filter(code=code).values("state", "current").first()
    if state is None:
        return HttpResponse(status=204)
    version = f"{state['state']}-{state['current']}"
    if request.GET.get("v") == version:
        return HttpResponse(status=204)
    response = HttpResponse(status=200)
    response["HX-Refresh"] = "true"
    return response


def play_question(request: HttpRequest, code: str, number: int) -> HttpResponse:
    session, pupil, problem = _pupil_or_form(request, code)
    if problem:
        return problem
    items = classroom.items_of(session)
    if not 1 <= number <= len(items):
        return redirect("tutorial:play", code=session.code)
    item = items[number - 1]
    key = f"c:{session.code}:{item.pk}"
    prepared = _prepared(item.kind, classroom.variant_for(item, pupil))
    play_url = reverse("tutorial:play", kwargs={"code": session.code})
    if prepared is None:
        return redirect(play_url)
    if request.method == "GET":
        if "prepnout" in request.GET:
            _toggle(request, key, prepared, request.GET["prepnout"])
        elif "zrusit" in request.GET:
            _clear_selection(request, key)
        if request.htmx:
            question_url = reverse("tutorial:play_question",
                                   kwargs={"code": session.code, "number": number})
            context = _sandbox_context(
                prepared, selected=_selection(request, key),
                toggle_prefix=f"{question_url}?prepnout=",
                answer_url=question_url, clear_url=f"{question_url}?zrusit=1")
            return _fragment(request, "tutorial/quiz/_sandbox.html", context)
        return redirect(play_url)
    if request.method != "POST":
        return HttpResponse(status=405)
    if session.state == ClassSession.State.LOBBY:
        return redirect(play_url)
    if session.teacher_paced and number - 1 > session.current:
        return redirect(play_url)
    raw = _raw_response(request, prepared, key)
    response = quiz.normalize(prepared, raw)
    if not quiz.complete(prepared, response):
        context = _play_context(request, session, pupil,
                                error="Vyplňte prosím všechny odpovědi.", given=response)
        return render(request, "tutorial/quiz/play.html", context, status=400)
    classroom.submit(session, pupil, item, response)
    _clear_selection(request, key)
    if session.teacher_paced:
        return redirect(play_url)
    return redirect(f"{play_url}?po={number}")


# --- teachers --------------------------------------------------------------------------------

class TeacherLoginView(auth_views.LoginView):
    """Django's login with a limit: 5 failures per username and address per 15 minutes."""

    template_name = "registration/login.html"
    extra_context = {"section": "quiz"}

    def get_default_redirect_url(self):
        return reverse("tutorial:teacher")

    def _key(self, request: HttpRequest) -> str:
        username = (request.POST.get("username") or "").strip().casefold()[:150]
        return f"{username}|{_client_ip(request)}"

    def post(self, request, *args, **kwargs):
        key = self._key(request)
        if classroom.too_many("login", key, LOGIN_LIMIT, LOGIN_WINDOW):
            form = self.get_form()
            form.errors.clear()
            context = self.get_context_data(form=form, locked=True)
            return self.render_to_response(context, status=429)
        response = super().post(request, *args, **kwargs)
        if request.user.is_authenticated:
            classroom.clear_failures("login", key)
        else:
            classroom.record_failure("login", key)
        return response


class TeacherLogoutView(auth_views.LogoutView):
    next_page = reverse_lazy("tutorial:quizzes")


def own_session(view):
    """The teacher's own session named by the URL's code is passed to the view instead of
    the code; anybody else's, or none, gets a Czech 404."""

    @functools.wraps(view)
    def wrapper(request: HttpRequest, code: str) -> HttpResponse:
        session = (ClassSession.objects.select_related("quiz")
                   .filter(code=code, teacher=request.user).first())
        if session is None:
            return _message(request, "Hodinu jsme nenašli",
                            "Taková hodina neexistuje, nebo patří jinému učiteli.", status=404,
                            retry_url=reverse("tutorial:teacher"))
        return view(request, session)

    return wrapper


@teacher_required
@require_GET
def teacher_home(request: HttpRequest) -> HttpResponse:
    quizzes_ = (Quiz.objects.filter(owner=request.user)
                .annotate(item_count=Count("items", distinct=True)))
    sessions = (ClassSession.objects.filter(teacher=request.user).select_related("quiz")
                .annotate(pupil_count=Count("pupils", distinct=True))[:30])
    running = [s for s in sessions if not s.is_closed]
    return render(request, "tutorial/quiz/teacher/home.html", {
        "section": "quiz", "quizzes": quizzes_, "sessions": sessions, "running": running,
    })


def _kind_choices():
    return [(k.slug, k.title) for k in quiz.KINDS.values()]


@teacher_required
def teacher_quiz_new(request: HttpRequest) -> HttpResponse:
    context = {"section": "quiz", "kinds": _kind_choices(), "modes": classroom.VARIANT_MODES,
               "chosen": [], "title": "", "per_kind": 1, "mode": "almanach"}
    if request.method != "POST":
        return render(request, "tutorial/quiz/teacher/quiz_new.html", context)
    title = " ".join(request.POST.get("nazev", "").split())[:120]
    chosen = [k for k in request.POST.getlist("druh") if k in quiz.KINDS]
    mode = request.POST.get("varianty", "")
    per_kind = request.POST.get("pocet", "1")
    per_kind = int(per_kind) if per_kind.isdigit() else 0
    context.update({"title": title, "chosen": chosen, "mode": mode, "per_kind": per_kind})
    errors = []
    if not title:
        errors.append("Zadejte název kvízu.")
    if not chosen:
        errors.append("Vyberte aspoň jeden druh otázek.")
    if mode not in classroom.VARIANT_MODES:
        errors.append("Vyberte, jaké pozice se mají použít.")
    if not 1 <= per_kind <= 5:
        errors.append("Počet otázek od každého druhu musí být 1 až 5.")
    if errors:
        context["errors"] = errors
        return render(request, "tutorial/quiz/teacher/quiz_new.html", context, status=400)
    quiz_ = classroom.build_quiz(request.user, title, chosen, per_kind, mode)
    return redirect(quiz_.get_absolute_url())


def _own_quiz(request: HttpRequest, pk: int) -> Quiz:
    return get_object_or_404(Quiz, pk=pk, owner=request.user)


@teacher_required
@require_GET
def teacher_quiz(request: HttpRequest, pk: int) -> HttpResponse:
    quiz_ = _own_quiz(request, pk)
    items = []
    for item in quiz_.items.all():
        label = ""
        if item.variant:
            prepared = _prepared(item.kind, item.variant)
            label = prepared.question.source if prepared else "neznámá varianta"
        kind = quiz.KINDS.get(item.kind)
        items.append({
            "item": item, "title": kind.title if kind else item.kind, "label": label,
            "preview": reverse("tutorial:quiz_question",
                               kwargs={"kind": item.kind, "variant": item.variant})
            if item.variant and kind else "",
        })
    return render(request, "tutorial/quiz/teacher/quiz.html", {
        "section": "quiz", "quiz": quiz_, "items": items, "kinds": _kind_choices(),
        "modes": classroom.VARIANT_MODES, "paces": ClassSession.Pace.choices,
        "locked": quiz_.sessions.exists(),
        "sessions": quiz_.sessions.annotate(pupil_count=Count("pupils")),
        "timers": [(0, "bez limitu"), (20, "20 s"), (30, "30 s"), (60, "1 min"),
                   (90, "1,5 min"), (120, "2 min")],
    })


@teacher_required
@require_POST
def teacher_item_add(request: HttpRequest, pk: int) -> HttpResponse:
    quiz_ = _own_quiz(request, pk)
    kind = request.POST.get("druh", "")
    mode = request.POST.get("varianty", "")
    if quiz_.sessions.exists():
        return _message(request, "Kvíz už byl použit",
                        "Do kvízu, který už běžel v hodině, nelze přidávat otázky. "
                        "Vytvořte nový kvíz.", status=409, retry_url=quiz_.get_absolute_url())
    if kind in quiz.KINDS and mode in classroom.VARIANT_MODES:
        classroom.add_item(quiz_, kind, mode)
    return redirect(quiz_.get_absolute_url())


@teacher_required
@require_POST
def teacher_item_delete(request: HttpRequest, pk: int, item: int) -> HttpResponse:
    quiz_ = _own_quiz(request, pk)
    if quiz_.sessions.exists():
        return _message(request, "Kvíz už byl použit",
                        "Z kvízu, který už běžel v hodině, nelze mazat otázky.", status=409,
                        retry_url=quiz_.get_absolute_url())
    item_ = QuizItem.objects.filter(pk=item, quiz=quiz_).first()
    if item_:
        classroom.remove_item(item_)
    return redirect(quiz_.get_absolute_url())


@teacher_required
@require_POST
def teacher_session_start(request: HttpRequest, pk: int) -> HttpResponse:
    quiz_ = _own_quiz(request, pk)
    if not quiz_.items.exists():
        return _message(request, "Kvíz nemá otázky", "Nejdřív do kvízu přidejte otázky.",
                        status=400, retry_url=quiz_.get_absolute_url())
    pace = request.POST.get("tempo")
    if pace not in ClassSession.Pace.values:
        pace = ClassSession.Pace.TEACHER
    timer = request.POST.get("limit", "0")
    timer = int(timer) if timer.isdigit() and int(timer) <= 600 else 0
    session = classroom.start_session(quiz_, request.user, pace, timer,
                                      request.POST.get("rychlost") == "1")
    return redirect(session.get_absolute_url())


def _join_url(request: HttpRequest, session: ClassSession) -> str:
    return request.build_absolute_uri(reverse("tutorial:play", kwargs={"code": session.code}))


@teacher_required
@require_GET
@own_session
def teacher_session(request: HttpRequest, session: ClassSession) -> HttpResponse:
    items = classroom.items_of(session)
    current = items[session.current] if items and session.current < len(items) else None
    context = {
        "section": "quiz", "session": session, "items": items, "current_item": current,
        "current_title": quiz.KINDS[current.kind].title if current and current.kind
        in quiz.KINDS else "",
        "join_url": _join_url(request, session),
        "join_page": request.build_absolute_uri(reverse("tutorial:join")),
        "pupils": list(session.pupils.annotate(
            answered=Count("answers"),
            right=Count("answers", filter=Q(answers__correct=True, answers__late=False)))),
    }
    if request.htmx:
        return _fragment(request, "tutorial/quiz/teacher/_pupils.html", context)
    return render(request, "tutorial/quiz/teacher/session.html", context)


@teacher_required
@require_POST
@own_session
def teacher_control(request: HttpRequest, session: ClassSession) -> HttpResponse:
    problem = classroom.control(session, request.POST.get("akce", ""))
    if problem:
        return _message(request, "Nelze provést", problem, status=400,
                        retry_url=session.get_absolute_url())
    return redirect(session.get_absolute_url())


@teacher_required
@require_GET
@own_session
def teacher_results(request: HttpRequest, session: ClassSession) -> HttpResponse:
    item_results, table = classroom.results(session)
    shown = []
    for result_ in item_results:
        board = ""
        current = session.teacher_paced and result_.index == session.current
        # Teacher-paced: the projector shows the board of the question on screen only.
        shown_board = current or not session.teacher_paced or session.is_closed
        if shown_board and result_.prepared is not None and result_.prepared.clicks:
            what = "node" if result_.prepared.kind.answer == quiz.NODES else "path"
            marks = {(what, p): "hit" for p in result_.prepared.solution.answer}
            board = drawing.draw(result_.prepared, marks=marks, node_heat=result_.node_heat,
                                 path_heat=result_.path_heat,
                                 title=f"Kam klikala třída: otázka {result_.index + 1}")
        kind = quiz.KINDS.get(result_.item.kind)
        shown.append({"result": result_, "title": kind.title if kind else result_.item.kind,
                      "board": board, "current": current})
    context = {"section": "quiz", "session": session, "results": shown, "table": table,
               "count": len(item_results)}
    if request.htmx:
        return _fragment(request, "tutorial/quiz/teacher/_results.html", context)
    return render(request, "tutorial/quiz/teacher/results.html", context)


@teacher_required
@require_GET
@own_session
def teacher_qr(request: HttpRequest, session: ClassSession) -> HttpResponse:
    qr = segno.make(_join_url(request, session), error="m")
    svg = io.BytesIO()  # a standalone image: it needs the SVG namespace, unlike inline SVG
    qr.save(svg, kind="svg", scale=8, dark="#1f1a14", light="#ffffff", xmldecl=False,
            omitsize=True)
    response = HttpResponse(svg.getvalue(), content_type="image/svg+xml")
    response["Cache-Control"] = "private, max-age=3600"
    return response


@teacher_required
@require_GET
@own_session
def teacher_csv(request: HttpRequest, session: ClassSession) -> HttpResponse:
    response = HttpResponse(classroom.results_csv(session), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="kviz-{session.code}.csv"'
    return response


# --- Almanach back-links ---------------------------------------------------------------------

def practice_links(slug: str) -> list[tuple[str, str]]:
    """"Procvič si" links for an Almanach entry: the sandbox kinds that test it."""
    return [
        (f"Procvič si: {kind.title}", reverse("tutorial:quiz_kind", kwargs={"kind": kind.slug}))
        for kind in quiz.KINDS.values() if slug in kind.headwords
    ]
