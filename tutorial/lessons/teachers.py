"""The teacher's pages: sign-in, quizzes, running a lesson (hodina), results.

The projector's full-screen view lives in :mod:`tutorial.lessons.projector`; invitations and
passwords in :mod:`tutorial.lessons.accounts`.
"""

from __future__ import annotations

import functools
import io

import segno
from django.conf import settings
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.db.models import Count, Max, Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse, reverse_lazy
from django.views.decorators.http import require_GET, require_POST
from django.views.decorators.vary import vary_on_headers

from engine import words
from tutorial import pages
from tutorial.inputs import clean_text, parse_int
from tutorial.lessons import classroom, custom, limits
from tutorial.lessons import results as lesson_results
from tutorial.lessons.models import Answer, Lesson, Quiz, QuizItem
from tutorial.quiz import KINDS, NODES, drawing, examples, transform
from tutorial.quiz.sandbox import prepared_or_none, sandbox_context

TITLE_MAX = 120  # the column Quiz.title

teacher_required = login_required(login_url=reverse_lazy("lessons:login"))


class LimitedLogin:
    """Django's login with limits (tutorial/lessons/limits.py): a refused attempt is
    answered before the form is bound, so its password never reaches the hasher. (The
    admin's sign-in, config.views.admin_login, applies the same limits.)"""

    def post(self, request, *args, **kwargs):
        username = str(request.POST.get("username", ""))[:150]
        wait = limits.login_wait(request, username)
        if not wait:
            response = super().post(request, *args, **kwargs)
            wait = limits.login_checked(request, response, username)
            if not wait:
                return response
        form = self.get_form_class()(request, initial={"username": username})
        context = self.get_context_data(form=form, locked=limits.wait_text(wait))
        response = self.render_to_response(context, status=429)
        response["Retry-After"] = str(wait)
        return response


class TeacherLoginView(LimitedLogin, auth_views.LoginView):
    """The teachers' sign-in. The long login is opt-in ("Zapamatovat si mě"): on a shared
    classroom PC the session otherwise ends when the browser closes."""

    template_name = "lessons/login.html"

    def get_default_redirect_url(self):
        return reverse("lessons:teacher")

    def form_valid(self, form):
        response = super().form_valid(form)
        remember = self.request.POST.get("zapamatovat") == "1"
        self.request.session.set_expiry(settings.TEACHER_REMEMBER_AGE if remember else 0)
        return response


class TeacherLogoutView(auth_views.LogoutView):
    next_page = reverse_lazy("quizzes:index")


def own_lesson(view):
    """The teacher's own lesson named by the URL's code is passed to the view instead of
    the code; anybody else's, or none, gets a Czech 404."""

    @functools.wraps(view)
    def wrapper(request: HttpRequest, code: str, **kwargs) -> HttpResponse:
        lesson = (Lesson.objects.select_related("quiz")
                  .filter(code=code, teacher=request.user).first())
        if lesson is None:
            return pages.message(request, "Hodinu jsme nenašli",
                            "Taková hodina neexistuje, nebo patří jinému učiteli.", status=404,
                            retry_url=reverse("lessons:teacher"))
        classroom.close_if_idle(lesson)
        # Pupils at the teacher's address (one school network) never count as guessing.
        limits.remember_code(pages.client_ip(request), lesson.code)
        return view(request, lesson, **kwargs)

    return wrapper


@require_GET
def lessons_home(request: HttpRequest) -> HttpResponse:
    """/hodiny/: what a class lesson is, and the way in for teachers and for pupils."""
    return render(request, "lessons/index.html")


@teacher_required
@require_GET
def home(request: HttpRequest) -> HttpResponse:
    quizzes = (Quiz.objects.filter(owner=request.user)
                .annotate(item_count=Count("items", distinct=True)))
    lessons = (Lesson.objects.filter(teacher=request.user).select_related("quiz")
               .annotate(pupil_count=Count("pupils", distinct=True))[:30])
    running = [s for s in lessons if not s.is_closed]
    return render(request, "lessons/teacher/home.html", {
        "quizzes": quizzes, "lessons": lessons, "running": running,
    })


def _kind_choices():
    return [(k.slug, k.title) for k in KINDS.values()]


# Where a new question's position comes from. The first is the default: the Almanach's
# example in disguise (tutorial/quiz/transform.py), which pupils cannot look up.
DISGUISED = "obmena"
MODES = {
    DISGUISED: "Příklady z almanachu v obměně – žáci je na webu nenajdou",
    "almanach": "Příklady z almanachu, jak jsou vytištěné – žáci je najdou na webu",
    "same": classroom.VARIANT_MODES["same"],
    "pupil": classroom.VARIANT_MODES["pupil"],
}


def _disguise(items) -> None:
    """Each printed Almanach example among ``items`` becomes its disguise; the seed is the
    question's id, so the question keeps its position for every lesson started from it."""
    for item in items:
        if item.variant.startswith("a") and not item.position:
            item.variant = transform.disguised_variant(item.variant, f"quiz-item:{item.pk}")
            item.save(update_fields=["variant"])


def _add_item(quiz: Quiz, kind: str, mode: str) -> QuizItem:
    item = classroom.add_item(quiz, kind, "almanach" if mode == DISGUISED else mode)
    if mode == DISGUISED:
        _disguise([item])
    return item


@teacher_required
def quiz_new(request: HttpRequest) -> HttpResponse:
    context = {"kinds": _kind_choices(), "modes": MODES,
               "chosen": [], "title": "", "per_kind": 1, "mode": DISGUISED}
    if request.method != "POST":
        return render(request, "lessons/teacher/quiz_new.html", context)
    title = clean_text(request.POST.get("nazev", ""), TITLE_MAX)
    chosen = [k for k in request.POST.getlist("druh") if k in KINDS]
    mode = request.POST.get("varianty", "")
    per_kind = parse_int(request.POST.get("pocet", "1"), 1, 5) or 0
    context.update({"title": title, "chosen": chosen, "mode": mode, "per_kind": per_kind})
    errors = []
    if not title:
        errors.append("Zadejte název kvízu.")
    elif len(title) > TITLE_MAX:
        errors.append(f"Název kvízu smí mít nejvýš {TITLE_MAX} znaků.")
    if not chosen:
        errors.append("Vyberte aspoň jeden druh otázek.")
    if mode not in MODES:
        errors.append("Vyberte, jaké pozice se mají použít.")
    if not 1 <= per_kind <= 5:
        errors.append("Počet otázek od každého druhu musí být 1 až 5.")
    if errors:
        context["errors"] = errors
        return render(request, "lessons/teacher/quiz_new.html", context, status=400)
    quiz = classroom.build_quiz(request.user, title, chosen, per_kind,
                                "almanach" if mode == DISGUISED else mode)
    if mode == DISGUISED:
        _disguise(quiz.items.all())
    return redirect(quiz.get_absolute_url())


def _own_quiz(request: HttpRequest, pk: int) -> Quiz:
    return get_object_or_404(Quiz, pk=pk, owner=request.user)


TIMERS = [(0, "bez limitu"), (20, "20 s"), (30, "30 s"), (60, "1 min"), (90, "1,5 min"),
          (120, "2 min")]


def _quiz_rows(quiz: Quiz) -> list[dict]:
    rows = []
    for item in quiz.items.all():
        label = ""
        if item.position:
            kind = KINDS.get(item.kind)
            rows.append({
                "item": item, "title": kind.title if kind else item.kind,
                "label": "vlastní pozice", "custom": True,
                "preview": reverse("lessons:item_preview", kwargs={"pk": quiz.pk,
                                                                   "item": item.pk}),
                "referee": f"{reverse('referee:editor')}?{item.position}",
            })
            continue
        kind = KINDS.get(item.kind)
        preview, dress = "", ""
        example = _example_of(item.variant)
        if not item.variant:
            preview = reverse("lessons:item_pupils", kwargs={"pk": quiz.pk, "item": item.pk})
        if transform.is_disguised(item.variant):
            prepared = prepared_or_none(item.kind, item.variant)
            label = (f"{transform.original(item.kind, item.variant).source} – v obměně, "
                     "žáci ji nenajdou; každá hodina dostane jinou, náhled ukazuje jednu z nich"
                     if prepared else "neznámá varianta")
            preview = reverse("lessons:item_preview", kwargs={"pk": quiz.pk, "item": item.pk})
            dress = "Použít příklad, jak je vytištěný"
        elif item.variant:
            prepared = prepared_or_none(item.kind, item.variant)
            label = prepared.question.source if prepared else "neznámá varianta"
            if prepared and not prepared.question.generated:
                label += " – jak je vytištěný, žáci ho najdou na webu"
                dress = "Použít obměnu"
            if prepared:
                preview = reverse("quizzes:question",
                                  kwargs={"kind": item.kind, "variant": item.variant})
        rows.append({
            "item": item, "title": kind.title if kind else item.kind, "label": label,
            "preview": preview, "dress": dress, "example": example,
            "examples": example_choices(item.kind) if example else [],
        })
    return rows


def _example_of(variant: str) -> str:
    """"a3" for a printed example or its disguise, "" for anything else."""
    if transform.is_disguised(variant):
        return transform.example_of(variant)
    return variant if variant[:1] == "a" and variant[1:].isdigit() else ""


@functools.cache
def example_choices(kind: str) -> list[tuple[str, str]]:
    """The kind's Almanach examples as the teacher picks one: where it is printed, and what
    is asked where two share a source."""
    known = examples(kind)
    sources = [question.source.removeprefix("Almanach: ") for question in known]
    out = []
    for number, (question, source) in enumerate(zip(known, sources, strict=True), start=1):
        label = f"{number}. {source}"
        if sources.count(source) > 1:
            prompt = prepared_or_none(kind, question.variant)
            asked = (prompt.prompt.rsplit(". ", 1)[-1] if prompt else "").split("?")[0]
            label += f" – {asked[:70]}?" if asked else ""
        out.append((question.variant, label))
    return out


@teacher_required
@require_GET
def quiz(request: HttpRequest, pk: int) -> HttpResponse:
    quiz = _own_quiz(request, pk)
    return render(request, "lessons/teacher/quiz.html", {
        "quiz": quiz, "items": _quiz_rows(quiz), "kinds": _kind_choices(),
        "modes": MODES, "paces": Lesson.Pace.choices,
        "reveals": Lesson.Reveal.choices,
        "lessons": quiz.lessons.annotate(pupil_count=Count("pupils")),
        "timers": TIMERS,
    })


@teacher_required
@require_POST
def item_add(request: HttpRequest, pk: int) -> HttpResponse:
    quiz = _own_quiz(request, pk)
    kind = request.POST.get("druh", "")
    mode = request.POST.get("varianty", "")
    if kind in KINDS and mode in MODES:
        _add_item(quiz, kind, mode)
    return redirect(quiz.get_absolute_url())


@teacher_required
@require_POST
def item_dress(request: HttpRequest, pk: int, item: int) -> HttpResponse:
    """One question switched between the Almanach's example as printed and its disguise."""
    quiz = _own_quiz(request, pk)
    question = QuizItem.objects.filter(pk=item, quiz=quiz, position="").first()
    if question and transform.is_disguised(question.variant):
        question.variant = transform.example_of(question.variant)
        question.save(update_fields=["variant"])
    elif question and prepared_or_none(question.kind, question.variant) is not None:
        _disguise([question])
    return redirect(f"{quiz.get_absolute_url()}#otazka-{item}")


@teacher_required
@require_POST
def item_example(request: HttpRequest, pk: int, item: int) -> HttpResponse:
    """The Almanach example a question is made from, chosen by the teacher; a disguised
    question stays disguised (in its own dress), a printed one printed."""
    quiz = _own_quiz(request, pk)
    question = QuizItem.objects.filter(pk=item, quiz=quiz, position="").first()
    chosen = request.POST.get("priklad", "")
    if question is None or not _example_of(question.variant):
        return pages.message(request, "Otázku jsme nenašli",
                             "Taková otázka z příkladu almanachu v tomto kvízu není.",
                             status=404, retry_url=quiz.get_absolute_url())
    if chosen not in dict(example_choices(question.kind)):
        return pages.message(request, "Takový příklad neznáme",
                             "Vyberte jeden z příkladů almanachu v seznamu u otázky.",
                             status=400, retry_url=quiz.get_absolute_url())
    disguised = transform.is_disguised(question.variant)
    question.variant = chosen
    question.save(update_fields=["variant"])
    if disguised:
        _disguise([question])
    return redirect(f"{quiz.get_absolute_url()}#otazka-{item}")


@teacher_required
@require_GET
def item_pupils(request: HttpRequest, pk: int, item: int) -> HttpResponse:
    """"Každý žák dostane jinou pozici": three positions such a question may give, side by
    side (samples of the quiz's own; a lesson's pupils get others, keyed by the server)."""
    quiz = _own_quiz(request, pk)
    question = QuizItem.objects.filter(pk=item, quiz=quiz, variant="", position="").first()
    if question is None:
        return pages.message(request, "Otázku jsme nenašli",
                             "Taková otázka s pozicí pro každého žáka v tomto kvízu není.",
                             status=404, retry_url=quiz.get_absolute_url())
    samples = []
    for number in range(1, PUPIL_SAMPLES + 1):
        prepared = prepared_or_none(question.kind, classroom.sample_variant(question, number))
        if prepared is not None:
            context = sandbox_context(prepared)
            samples.append({"number": number, "prepared": prepared,
                            "board": context["board_svg"], "facts": prepared.facts})
    return render(request, "lessons/teacher/item_pupils.html", {
        "quiz": quiz, "item": question, "samples": samples,
        "title": lesson_results.kind_title(question.kind),
    })


PUPIL_SAMPLES = 3


@teacher_required
@require_POST
def item_delete(request: HttpRequest, pk: int, item: int) -> HttpResponse:
    quiz = _own_quiz(request, pk)
    question = QuizItem.objects.filter(pk=item, quiz=quiz).first()
    if question:
        classroom.remove_item(question)
    return redirect(quiz.get_absolute_url())


@teacher_required
@require_POST
def item_move(request: HttpRequest, pk: int, item: int) -> HttpResponse:
    quiz = _own_quiz(request, pk)
    question = QuizItem.objects.filter(pk=item, quiz=quiz).first()
    step = {"nahoru": -1, "dolu": 1}.get(request.POST.get("smer", ""))
    if question and step:
        classroom.move_item(question, step)
    return redirect(f"{quiz.get_absolute_url()}#otazka-{item}")


@teacher_required
@require_POST
def quiz_rename(request: HttpRequest, pk: int) -> HttpResponse:
    quiz = _own_quiz(request, pk)
    title = clean_text(request.POST.get("nazev", ""), TITLE_MAX)
    if not title:
        return pages.message(request, "Chybí název", "Zadejte nový název kvízu.", status=400,
                             retry_url=quiz.get_absolute_url())
    if len(title) > TITLE_MAX:
        return pages.message(request, "Příliš dlouhý název",
                             f"Název kvízu smí mít nejvýš {TITLE_MAX} znaků.", status=400,
                             retry_url=quiz.get_absolute_url())
    quiz.title = title
    quiz.save(update_fields=["title"])
    return redirect(quiz.get_absolute_url())


@teacher_required
@require_POST
def quiz_copy(request: HttpRequest, pk: int) -> HttpResponse:
    copy = classroom.copy_quiz(_own_quiz(request, pk), request.user)
    return redirect(copy.get_absolute_url())


@teacher_required
def quiz_delete(request: HttpRequest, pk: int) -> HttpResponse:
    """A confirmation page; past lessons keep their questions and results."""
    quiz = _own_quiz(request, pk)
    if request.method == "POST" and request.POST.get("potvrdit") == "1":
        quiz.delete()
        return redirect("lessons:teacher")
    return render(request, "lessons/teacher/quiz_delete.html", {
        "quiz": quiz, "lessons": quiz.lessons.count(),
        "asked": request.method == "POST",
    }, status=400 if request.method == "POST" else 200)


@teacher_required
@require_POST
def lesson_start(request: HttpRequest, pk: int) -> HttpResponse:
    quiz = _own_quiz(request, pk)
    if not quiz.items.exists():
        return pages.message(request, "Kvíz nemá otázky", "Nejdřív do kvízu přidejte otázky.",
                        status=400, retry_url=quiz.get_absolute_url())
    pace = request.POST.get("tempo")
    if pace not in Lesson.Pace.values:
        pace = Lesson.Pace.TEACHER
    reveal = request.POST.get("odhaleni")
    if reveal not in Lesson.Reveal.values:
        reveal = Lesson.Reveal.TEACHER
    timer = parse_int(request.POST.get("limit", "0"), 0, 600) or 0
    lesson = classroom.start_lesson(
        quiz, request.user, pace, timer, request.POST.get("rychlost") == "1", reveal=reveal,
        show_ranking=request.POST.get("poradi") == "1",
        late_join=request.POST.get("pozde", "1") == "1",
    )
    return redirect("lessons:projector", code=lesson.code)


def _join_url(request: HttpRequest, lesson: Lesson) -> str:
    return request.build_absolute_uri(reverse("lessons:pupil", kwargs={"code": lesson.code}))


def live_key(lesson: Lesson) -> str:
    """What the teacher's live lists (pupils, results) show, in one key: the lesson's stage
    (as the pupils' screens) and every join, removal, released seat and answer. Their polls
    are answered 204 while it stays the same: nothing is drawn again, and a table the
    teacher scrolled or a button in focus stays as it was."""
    pupils = lesson.pupils.aggregate(count=Count("id"), last=Max("id"),
                                     released=Count("id", filter=Q(released=True)))
    answers = Answer.objects.filter(pupil__lesson=lesson).count()
    return (f"{lesson.version()}.{pupils['count']}.{pupils['last'] or 0}"
            f".{pupils['released']}.{answers}")


def _unchanged(request: HttpRequest, key: str) -> bool:
    return bool(request.htmx) and request.GET.get("n") == key


@teacher_required
@require_GET
@own_lesson
@vary_on_headers("HX-Request")
def lesson(request: HttpRequest, lesson: Lesson) -> HttpResponse:
    key = live_key(lesson)
    if _unchanged(request, key):
        return HttpResponse(status=204)
    items = classroom.items_of(lesson)
    current = items[lesson.current] if items and lesson.current < len(items) else None
    pupils = list(lesson.pupils.annotate(answered=Count("answers")))
    context = {
        "lesson": lesson, "items": items, "current_item": current,
        "current_title": lesson_results.kind_title(current.kind) if current else "",
        "join_url": _join_url(request, lesson),
        "join_page": request.build_absolute_uri(reverse("lessons:join")),
        "pupils": pupils, "live_key": key,
    }
    if (current is not None and lesson.teacher_paced
            and lesson.state == Lesson.State.RUNNING):
        # As the projector says it: how many answered the question on screen, and when all
        # did (the countdown stopped then: classroom._when_all_answered).
        answered = Answer.objects.filter(item=current).count()
        context.update(answered=answered, all_answered=classroom.all_answered(
            lesson, answered, len(pupils)))
    if request.htmx:
        return render(request, "lessons/teacher/_pupils.html", context)
    return render(request, "lessons/teacher/lesson.html", context)


@teacher_required
@require_POST
@own_lesson
def control(request: HttpRequest, lesson: Lesson) -> HttpResponse:
    action = request.POST.get("akce", "")
    back = (reverse("lessons:projector", kwargs={"code": lesson.code})
            if request.POST.get("zpet") == "projektor" else lesson.get_absolute_url())
    if action == "close" and request.POST.get("potvrdit") != "1":
        return redirect("lessons:close", code=lesson.code)  # closing asks first
    problem = classroom.control(lesson, action)
    if problem:
        return pages.message(request, "Nelze provést", problem, status=400, retry_url=back)
    return redirect(back)


@teacher_required
@own_lesson
def close(request: HttpRequest, lesson: Lesson) -> HttpResponse:
    """Ending a lesson asks first (a page, so it works without JavaScript)."""
    return render(request, "lessons/teacher/close.html", {"lesson": lesson})


@teacher_required
@own_lesson
def release(request: HttpRequest, lesson: Lesson, pupil: int) -> HttpResponse:
    """Releasing a seat asks first (a page, so it works without JavaScript): whoever joins
    next with the nickname gets the seat and its answers."""
    seated = lesson.pupils.filter(pk=pupil).first()
    if seated is None:
        return pages.message(request, "Žáka jsme nenašli", "V této hodině takový žák není.",
                             status=404, retry_url=lesson.get_absolute_url())
    if request.method != "POST" or request.POST.get("potvrdit") != "1":
        return render(request, "lessons/teacher/release.html",
                      {"lesson": lesson, "pupil": seated})
    classroom.release_seat(lesson, pupil)
    return redirect(f"{lesson.get_absolute_url()}#zaci")


@teacher_required
@require_POST
@own_lesson
def remove(request: HttpRequest, lesson: Lesson, pupil: int) -> HttpResponse:
    """One tap: the pupil, their answers and their nickname leave the lesson for good."""
    classroom.remove_pupil(lesson, pupil)  # twice (two tabs) is no error: already gone
    if request.POST.get("zpet") == "projektor":
        return redirect("lessons:projector", code=lesson.code)
    return redirect(f"{lesson.get_absolute_url()}#zaci")


@teacher_required
@require_GET
@own_lesson
@vary_on_headers("HX-Request")
def results(request: HttpRequest, lesson: Lesson) -> HttpResponse:
    key = live_key(lesson)
    if _unchanged(request, key):
        return HttpResponse(status=204)
    running = lesson.teacher_paced and lesson.state == Lesson.State.RUNNING
    # The open question stays out until its reveal: the page may be on the projector.
    leave_out = lesson_results.open_question(lesson)
    item_results, table = lesson_results.results(lesson, leave_out=leave_out)
    shown = [classroom.shown(lesson, r.index) for r in item_results]
    rows = []
    for result, open_ in zip(item_results, shown, strict=True):
        board = ""
        current = running and result.index == lesson.current
        if (result.prepared is not None and result.prepared.clicks and result.answered
                and result.index != leave_out):
            board = heat_board(result, reveal=open_)
        rows.append({"result": result, "board": board, "current": current, "shown": open_})
    for row in table:
        for cell, open_ in zip(row.cells, shown, strict=True):
            cell.shown = open_
    context = {"lesson": lesson, "results": rows, "table": table,
               "count": len(item_results), "live_key": key}
    if request.htmx:
        return render(request, "lessons/teacher/_results.html", context)
    return render(request, "lessons/teacher/results.html", context)


def heat_board(result: lesson_results.ItemResult, reveal: bool, title: str = "") -> str:
    """Where the class clicked; the right places marked only once they may be seen."""
    prepared = result.prepared
    marks = {}
    if reveal:
        what = "node" if prepared.kind.answer == NODES else "path"
        marks = {(what, p): "hit" for p in prepared.solution.answer}
    return drawing.draw(prepared, marks=marks, node_heat=result.node_heat,
                        path_heat=result.path_heat, rings=marks if reveal else (),
                        title=title or f"Kam klikala třída: otázka {result.index + 1}")


@teacher_required
@require_GET
@own_lesson
def qr(request: HttpRequest, lesson: Lesson) -> HttpResponse:
    qr = segno.make(_join_url(request, lesson), error="m")
    svg = io.BytesIO()  # a standalone image: it needs the SVG namespace, unlike inline SVG
    qr.save(svg, kind="svg", scale=8, dark="#1f1a14", light="#ffffff", xmldecl=False,
            omitsize=True)
    response = HttpResponse(svg.getvalue(), content_type="image/svg+xml")
    response["Cache-Control"] = "private, max-age=3600"
    return response


@teacher_required
@require_GET
@own_lesson
def csv(request: HttpRequest, lesson: Lesson) -> HttpResponse:
    response = HttpResponse(lesson_results.results_csv(lesson),
                            content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="kviz-{lesson.code}.csv"'
    return response


# --- a teacher's own position from Rozhodčí ("vlastní pozice") ------------------------------

NEW_QUIZ = "novy"


def _position_form(request: HttpRequest, code: str, pos, params, *, errors=(),
                   chosen: dict | None = None, status: int = 200) -> HttpResponse:
    chosen = chosen or {}
    player = chosen.get("hrac") or custom.player_of(pos, params)
    if player not in pos.players:
        player = pos.players[0]
    kinds = custom.choices(pos, player)
    quizzes = list(Quiz.objects.filter(owner=request.user).only("pk", "title"))
    return render(request, "lessons/teacher/position_add.html", {
        "code": code, "errors": list(errors), "kinds": kinds,
        "players": [(c, words.player(c, capital=True)) for c in pos.players],
        "player": player, "quizzes": quizzes, "new_quiz": NEW_QUIZ,
        "rolls": custom.ROLLS, "pieces": len(pos.pieces),
        "referee_url": f"{reverse('referee:editor')}?{code}",
        "chosen_quiz": chosen.get("kviz", ""), "chosen_kind": chosen.get("druh", ""),
        "chosen_roll": chosen.get("hod", ""), "title": chosen.get("nazev", ""),
    }, status=status)


def _bad_position(request: HttpRequest, problem: str) -> HttpResponse:
    return pages.message(request, "Tuto pozici do kvízu přidat nelze", problem, status=400,
                         retry_url=reverse("referee:editor"))


@teacher_required
def position_add(request: HttpRequest) -> HttpResponse:
    """"Přidat do kvízu" from Rozhodčí: the position of the referee's address becomes a
    question of a matching kind in one of the teacher's quizzes (a form, then a redirect)."""
    source = request.POST if request.method == "POST" else request.GET
    code = (request.POST.get("pozice", "") if request.method == "POST"
            else request.GET.urlencode())[:custom.MAX_CODE + 1]
    try:
        pos, params = custom.parse(code)
    except custom.Impossible as problem:
        return _bad_position(request, str(problem))
    code = custom.canonical(pos, custom.player_of(pos, params))
    if request.method != "POST":
        return _position_form(request, code, pos, params, chosen={"hod": params.get("hod", "")})
    chosen = {k: clean_text(source.get(k, ""), TITLE_MAX) for k in
              ("kviz", "druh", "hod", "hrac", "nazev")}
    errors = []
    player = chosen["hrac"] if chosen["hrac"] in pos.players else ""
    if not player:
        errors.append("Zvolte hráče, na kterého se otázka ptá.")
    quiz = None
    if chosen["kviz"] == NEW_QUIZ:
        if not chosen["nazev"]:
            errors.append("Zadejte název nového kvízu.")
        elif len(chosen["nazev"]) > TITLE_MAX:
            errors.append(f"Název kvízu smí mít nejvýš {TITLE_MAX} znaků.")
    else:
        number = parse_int(chosen["kviz"], 1, 2**31 - 1)
        quiz = Quiz.objects.filter(pk=number, owner=request.user).first() if number else None
        if quiz is None:
            errors.append("Vyberte jeden ze svých kvízů, nebo nový kvíz.")
    stored = ""
    if player:
        try:
            stored = custom.new_item_code(custom.canonical(pos, player), chosen["druh"],
                                          chosen["hod"])
        except custom.Impossible as problem:
            errors.append(str(problem))
    if errors:
        return _position_form(request, code, pos, params, errors=errors, chosen=chosen,
                              status=400)
    if quiz is None:
        quiz = Quiz.objects.create(owner=request.user, title=chosen["nazev"])
    item = classroom.add_position_item(quiz, chosen["druh"], stored)
    return redirect(f"{quiz.get_absolute_url()}#otazka-{item.pk}")


@teacher_required
@vary_on_headers("HX-Request")
def item_preview(request: HttpRequest, pk: int, item: int) -> HttpResponse:
    """A teacher's own position, or an Almanach example in disguise, tried out as a pupil
    would answer it (neither is in public practice: nobody else can open it)."""
    from tutorial.quiz import views as practice

    quiz = _own_quiz(request, pk)
    question = QuizItem.objects.filter(pk=item, quiz=quiz).first()
    prepared = None
    if question and question.position:
        prepared = custom.prepared(question.kind, question.position)
    elif question and transform.is_disguised(question.variant):
        prepared = prepared_or_none(question.kind, question.variant)
    if prepared is None:
        return pages.message(request, "Otázku jsme nenašli",
                             "Taková otázka s vlastní pozicí v tomto kvízu není.", status=404,
                             retry_url=quiz.get_absolute_url())
    base_url = reverse("lessons:item_preview", kwargs={"pk": pk, "item": item})
    if request.method == "GET" and "vysledek" in request.GET:
        return practice._practice_result(request, prepared, again_url=base_url,
                                         new_url=quiz.get_absolute_url())
    return practice._practice(request, prepared, base_url=base_url,
                              result_url=f"{base_url}?vysledek=1",
                              new_url=quiz.get_absolute_url())
