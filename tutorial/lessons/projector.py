"""The projector: a full-screen page of its own for the whole class to see, with the
teacher's buttons on it (one screen is enough to run a lesson).

Before a question is revealed it shows how many answered and where the class clicked,
never which places are right; after the reveal, the right places, the distribution of
answers and (if the teacher wants it) the top five, right answers apart from speed points.

The page polls a cheap check every few seconds: 204 while nothing changed (two counts), the
live part when answers came in, a full reload when the lesson moved on.
"""

from __future__ import annotations

import re

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET
from django_htmx.http import HttpResponseClientRefresh

from engine import words
from tutorial.lessons import classroom, results
from tutorial.lessons.models import Answer, Lesson
from tutorial.lessons.teachers import heat_board, own_lesson, teacher_required
from tutorial.quiz.sandbox import sandbox_context

NAMES_SHOWN = 40  # nicknames in the lobby: the wall lists as many, and says how many more

# The kinds' prompts speak to the phone ("Klikněte na všechny křižovatky…, a pak na
# Vyhodnotit. Pokud nesmí nikde, nic neoznačujte."; "Kde nic, nechte 0."): the wall keeps
# the situation, the heading says what is asked, and the phones say how to answer.
PHONE_ONLY = re.compile(r"\s*\b(?:Klikněte|Pokud nesmí nikde|Kde nic, nechte)[^.?!]*[.?!]")


def wall_prompt(prompt: str) -> str:
    return PHONE_ONLY.sub("", prompt).strip()


def _tally(lesson: Lesson) -> str:
    """What the live part shows, in two numbers: answers to the question on screen (or the
    whole lesson when self-paced) and pupils."""
    pupils = lesson.pupils.count()
    answers = Answer.objects.filter(pupil__lesson=lesson)
    if lesson.state == Lesson.State.LOBBY:
        # The names on the wall change when a pupil joins or is removed.
        last = lesson.pupils.order_by("-pk").values_list("pk", flat=True).first() or 0
        return f"{last}-{pupils}"
    if lesson.teacher_paced:
        items = classroom.items_of(lesson)
        answers = answers.filter(item=items[min(lesson.current, len(items) - 1)])
    return f"{answers.count()}-{pupils}"


@teacher_required
@require_GET
@own_lesson
def projector(request: HttpRequest, lesson: Lesson) -> HttpResponse:
    if request.GET.get("cast"):
        return _poll(request, lesson)
    return render(request, "lessons/projector/page.html", _context(request, lesson))


def _poll(request: HttpRequest, lesson: Lesson) -> HttpResponse:
    if request.GET.get("v") != lesson.version():
        return HttpResponseClientRefresh()
    tally = _tally(lesson)
    if request.GET.get("n") == tally:
        return HttpResponse(status=204)
    context = _context(request, lesson, tally)
    return render(request, "lessons/projector/_live.html", context)


def _context(request: HttpRequest, lesson: Lesson, tally: str | None = None) -> dict:
    items = classroom.items_of(lesson)
    tally = tally or _tally(lesson)
    context = {
        "lesson": lesson, "count": len(items), "version": lesson.version(),
        "tally": tally, "pupil_count": int(tally.split("-")[1]),
        "join_url": request.build_absolute_uri(
            reverse("lessons:pupil", kwargs={"code": lesson.code})),
        "join_page": request.build_absolute_uri(reverse("lessons:join")),
    }
    if lesson.state == Lesson.State.LOBBY:
        nicknames = list(lesson.pupils.values_list("pk", "nickname"))
        more = len(nicknames) - NAMES_SHOWN
        context.update(nicknames=nicknames, names_shown=f":{NAMES_SHOWN}",
                       names_more=words.plural_count(more, "žák", "žáci", "žáků")
                       if more > 0 else "")
        return context
    if lesson.state == Lesson.State.RUNNING and lesson.teacher_paced:
        context.update(_question(lesson, items))
        return context
    standings = results.standings(lesson)
    finished = sum(1 for standing in standings if standing.answered == len(items))
    context.update(overview=results.item_results(lesson), finished=finished,
                   progress=sorted(standings, key=lambda s: s.nickname.casefold()))
    if lesson.show_ranking:
        context["top"] = standings[:results.TOP]
        if lesson.is_closed:
            context["podium"] = results.podium(standings)
    return context


def _question(lesson: Lesson, items) -> dict:
    stat = results.current(lesson)
    revealed = classroom.shown(lesson, stat.index)
    pupils = lesson.pupils.count()
    context = {"stat": stat, "number": stat.index + 1, "revealed": revealed,
               "all_answered": classroom.all_answered(lesson, stat.answered, pupils),
               "time_up": lesson.time_up(), "deadline": lesson.deadline(),
               "has_next": stat.index + 1 < len(items), "title": stat.title,
               "last": stat.index + 1 >= len(items)}
    prepared = stat.prepared
    if prepared is None:  # a position per pupil: no shared board to show
        return context
    context.update(prompt=wall_prompt(prepared.prompt), note=prepared.question.note,
                   facts=prepared.facts,
                   options=_options(prepared, stat, revealed))
    if prepared.clicks and revealed:
        # Where the class clicked only after the reveal: the most-tapped spot would name
        # the answer on the wall.
        context["board"] = heat_board(stat, reveal=True, title=f"Otázka {stat.index + 1}")
    elif getattr(prepared.kind, "board", True):
        context["board"] = sandbox_context(prepared)["board_svg"]
    if revealed and lesson.show_ranking:
        context["top"] = results.top(lesson)
    if revealed and not context["options"]:
        context.update(_field_summary(prepared, stat))
    return context


WRONG_SHOWN = 2  # per field: the most chosen wrong answers named; the rest counted together


def _field_summary(prepared, stat) -> dict:
    """How the class answered a form question, compact enough for the wall: a table of
    fields (players × resources) as a grid of the right values with how many chose each;
    other fields one line each, the right answer first, the two commonest wrong ones, then
    how many chose anything else."""
    if prepared.clicks or not prepared.fields:
        return {}
    counted = {field.label: field.choices for field in stat.fields}
    expected = prepared.solution.answer
    if all(field.row and field.column for field in prepared.fields):
        rows: dict[str, dict[str, dict]] = {}
        columns: list[str] = []
        for field in prepared.fields:
            if field.column not in columns:
                columns.append(field.column)
            right = set((expected.get(field.name) or "").split(","))
            labels = [label for value, label in field.choices if value in right]
            chosen = sum(c.count for c in counted.get(field.label, ()) if c.right)
            rows.setdefault(field.row, {})[field.column] = {
                "right": ", ".join(labels) or "–", "count": chosen}
        return {"field_grid": {
            "columns": columns,
            "rows": [(row, [cells.get(column) for column in columns])
                     for row, cells in rows.items()],
        }}
    lines = []
    for field in prepared.fields:
        choices = counted.get(field.label, [])
        right = set((expected.get(field.name) or "").split(","))
        right_labels = [label for value, label in field.choices if value in right]
        chosen = {c.label: c.count for c in choices if c.right}
        wrong = [c for c in choices if not c.right]
        lines.append({
            "label": field.label,
            "right": [(label, chosen.get(label, 0)) for label in right_labels],
            "wrong": [(c.label, c.count) for c in wrong[:WRONG_SHOWN]],
            "rest": sum(c.count for c in wrong[WRONG_SHOWN:]),
        })
    return {"field_lines": lines}


def _options(prepared, stat, revealed: bool) -> list[dict]:
    """A form question's choices as tiles for the wall; after the reveal with how many chose
    each and which is right."""
    if prepared.clicks:
        return []
    chosen = {field.label: {c.label: c for c in field.choices} for field in stat.fields}
    expected = prepared.solution.answer
    out = []
    for field in prepared.fields:
        if field.row or len(field.choices) > 6:  # a table or a long list: counts only
            return []
        right = set((expected.get(field.name) or "").split(","))
        counts = chosen.get(field.label, {})
        tiles = [{"label": label,
                  "count": counts[label].count if revealed and label in counts else 0,
                  "right": revealed and value in right}
                 for value, label in field.choices]
        out.append({"label": field.label, "tiles": tiles})
    return out
