"""Practice alone at /kvizy/: the quiz kinds, a question, its result, "Zkuste sami" sandboxes.

Views are thin: they parse the request, call :mod:`tutorial.quiz` (questions, grading) and
render. Every click question works without JavaScript (each click is a link, the selection
lives in the session); with htmx a click swaps only the sandbox.
"""

from __future__ import annotations

import random
from urllib.parse import urlencode

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET
from django.views.decorators.vary import vary_on_headers

from tutorial import pages, quiz
from tutorial.quiz import replayed
from tutorial.quiz.sandbox import (
    clear_selection,
    headword_links,
    prepared_or_none,
    raw_response,
    remember,
    sandbox_context,
    selection,
    toggle,
)

PRACTICE_ANSWERS = "kviz_odpovedi"  # session: practice key -> last submitted response
PROGRESS = "kviz_pokrok"  # session: kind slug -> [answered, correct]
COUNTED = "kviz_zapocteno"  # session: practice keys already counted in the progress
MIXED = "smichane"


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
    return render(request, "quiz/index.html",
                  {"kinds": kinds, "total": total})


@require_GET
def kind_page(request: HttpRequest, kind: str) -> HttpResponse:
    try:
        kind_ = quiz.kind(kind)
    except quiz.BadVariant:
        return pages.message(request, "Takový kvíz neznáme",
                        "Zkontrolujte adresu nebo si vyberte kvíz ze seznamu.", status=404)
    answered, right = _progress(request).get(kind, [0, 0])
    return render(request, "quiz/kind.html", {
        "kind": kind_, "examples": quiz.examples(kind),
        "headwords": headword_links(kind_.headwords), "answered": answered, "correct": right,
    })


def _question_url(kind: str, variant: str, mixed: bool = False, name: str = "question"):
    url = reverse(f"quizzes:{name}", kwargs={"kind": kind, "variant": variant})
    return url + (f"?sada={MIXED}" if mixed else "")


@require_GET
def kind_new(request: HttpRequest, kind: str) -> HttpResponse:
    if kind not in quiz.KINDS:
        return pages.message(request, "Takový kvíz neznáme",
                        "Zkontrolujte adresu nebo si vyberte kvíz ze seznamu.", status=404)
    return redirect(_question_url(kind, quiz.new_variant(), request.GET.get("sada") == MIXED))


@require_GET
def mixed(request: HttpRequest) -> HttpResponse:
    rng = random.SystemRandom()
    kind = rng.choice(list(quiz.KINDS))
    return redirect(_question_url(kind, quiz.new_variant(rng), mixed=True))


@vary_on_headers("HX-Request")
def question(request: HttpRequest, kind: str, variant: str) -> HttpResponse:
    prepared = prepared_or_none(kind, variant)
    if prepared is None:
        return pages.message(request, "Tuhle otázku neznáme",
                        "Odkaz je možná starý nebo překlepnutý. Zkuste novou pozici.",
                        status=404, retry_url=reverse("quizzes:kind", kwargs={"kind": kind})
                        if kind in quiz.KINDS else reverse("quizzes:index"))
    is_mixed = request.GET.get("sada") == MIXED
    return _practice(
        request, prepared, base_url=_question_url(kind, variant, is_mixed),
        result_url=_question_url(kind, variant, is_mixed, "result"),
        new_url=_next_url(kind, is_mixed), mixed=is_mixed,
    )


def _next_url(kind: str, is_mixed: bool) -> str:
    if is_mixed:
        return reverse("quizzes:mixed")
    return reverse("quizzes:new", kwargs={"kind": kind})


def _with(url: str, param: str) -> str:
    return f"{url}{'&' if '?' in url else '?'}{param}"


def _practice(request: HttpRequest, prepared, *, base_url: str, result_url: str, new_url: str,
              mixed: bool = False) -> HttpResponse:
    """A practice question: toggles (links), the answer (POST), the page or the fragment."""
    key = f"p:{prepared.question.key}"
    page = {"mixed": mixed, "new_url": new_url}
    if request.method == "POST" and _in_a_lesson(request, prepared):
        return _lesson_question(request)
    if request.method == "POST":
        response = quiz.normalize(prepared, raw_response(request, prepared, key))
        problem = quiz.problem(prepared, response)
        if problem:
            context = sandbox_context(prepared, answer_url=base_url, given=response,
                                       error=problem)
            return render(request, "quiz/question.html", {**context, **page},
                          status=400)
        graded = quiz.grade(prepared, response)
        remember(request, PRACTICE_ANSWERS, key, response, cap=50)
        clear_selection(request, key)
        _count(request, prepared, graded.correct)
        return redirect(result_url)
    if request.method != "GET":
        return HttpResponse(status=405)
    if "prepnout" in request.GET:
        toggle(request, key, prepared, request.GET["prepnout"])
    elif "zrusit" in request.GET:
        clear_selection(request, key)
    if ("prepnout" in request.GET or "zrusit" in request.GET) and not request.htmx:
        return redirect(base_url)
    context = sandbox_context(
        prepared, selected=selection(request, key),
        toggle_prefix=_with(base_url, "prepnout="),
        answer_url=base_url, clear_url=_with(base_url, "zrusit=1"),
    )
    context.update(page)
    return render(request, "quiz/_sandbox.html" if request.htmx else "quiz/question.html",
                  context)


def _in_a_lesson(request: HttpRequest, prepared) -> bool:
    """Is this question in a lesson this browser sits in (and the lesson not over)?"""
    from tutorial.lessons.pupils import lesson_questions

    if not request.COOKIES:
        return False
    return prepared.question.key in lesson_questions(request)


def _lesson_question(request: HttpRequest) -> HttpResponse:
    return pages.message(
        request, "Tuto otázku máte v hodině",
        "Tahle otázka je právě ve vaší hodině, procvičování ji proto nevyhodnotí. "
        "Odpovězte na ni v hodině; správnou odpověď uvidíte po odhalení.", status=403,
        retry_url=reverse("lessons:join"))


def _practice_result(request: HttpRequest, prepared, *, again_url: str, new_url: str,
                     mixed: bool = False) -> HttpResponse:
    key = f"p:{prepared.question.key}"
    response = request.session.get(PRACTICE_ANSWERS, {}).get(key)
    if response is None:
        return redirect(again_url)
    if _in_a_lesson(request, prepared):
        return _lesson_question(request)
    graded = quiz.grade(prepared, response)
    context = sandbox_context(prepared, graded=graded)
    context.update({
        "mixed": mixed, "new_url": new_url, "again_url": again_url,
        "progress": _progress(request).get(prepared.kind.slug, [0, 0]),
    })
    return render(request, "quiz/result.html", context)


@require_GET
def result(request: HttpRequest, kind: str, variant: str) -> HttpResponse:
    prepared = prepared_or_none(kind, variant)
    if prepared is None:
        return pages.message(request, "Tuhle otázku neznáme",
                        "Odkaz je možná starý nebo překlepnutý.", status=404)
    is_mixed = request.GET.get("sada") == MIXED
    return _practice_result(request, prepared, again_url=_question_url(kind, variant, is_mixed),
                            new_url=_next_url(kind, is_mixed), mixed=is_mixed)


@vary_on_headers("HX-Request")
def try_it(request: HttpRequest) -> HttpResponse:
    """"Zkuste sami" from a step of the example game: a sandbox at exactly that position.

    The page and its cached boards are keyed on the checked parameters only; a URL with
    anything else (an unknown parameter, a repeated one, "05" for "5") is redirected to
    the clean one first.
    """
    try:
        canonical = replayed.canonical_query(request.GET)
        prepared = replayed.prepare_from_query(request.GET)
    except replayed.NotAvailable as problem:
        return pages.message(request, "Tuhle pozici otevřít neumíme", str(problem), status=404,
                        retry_url=reverse("example:game"))
    base_url = f"{reverse('quizzes:try')}?{urlencode(canonical)}"
    actions = [(name, request.GET[name]) for name in TRY_ACTIONS if name in request.GET]
    if request.method == "GET" and _query_pairs(request) != sorted(canonical + actions[:1]):
        return redirect(_with(base_url, urlencode(actions[:1])) if actions else base_url)
    new_url = reverse("quizzes:kind", kwargs={"kind": prepared.kind.slug})
    if request.method == "GET" and "vysledek" in request.GET:
        return _practice_result(request, prepared, again_url=base_url, new_url=new_url)
    return _practice(request, prepared, base_url=base_url,
                     result_url=_with(base_url, "vysledek=1"), new_url=new_url)


TRY_ACTIONS = ("prepnout", "zrusit", "vysledek")


def _query_pairs(request: HttpRequest) -> list[tuple[str, str]]:
    return sorted((name, value) for name, values in request.GET.lists() for value in values)


def practice_links(slug: str) -> list[tuple[str, str]]:
    """"Procvič si" links for an Almanach entry: the sandbox kinds that test it."""
    return [
        (f"Procvič si: {kind.title}", reverse("quizzes:kind", kwargs={"kind": kind.slug}))
        for kind in quiz.KINDS.values() if slug in kind.headwords
    ]
