"""What a lesson's answers add up to: per question (how many answered, which spots and choices),
per pupil (what each answered), the ranking, and the CSV export. Django, no HTTP.

Correctness and speed stay apart: pupils are ranked by right answers; speed points (when the
lesson has them) only break ties and are shown in a column of their own.
"""

from __future__ import annotations

import csv
import io
from collections import Counter
from dataclasses import dataclass, field

from django.db.models import Count, Q, Sum

from engine import words
from tutorial import board_svg, quiz
from tutorial.lessons import classroom
from tutorial.lessons.custom import prepared_or_none
from tutorial.lessons.models import Answer, Lesson, LessonItem, Pupil

TOP = 5


@dataclass
class Choice:
    label: str
    count: int
    right: bool


@dataclass
class FieldCount:
    label: str
    choices: list[Choice]


@dataclass
class ItemResult:
    item: LessonItem
    index: int
    title: str
    answered: int
    correct: int
    prepared: object | None  # the shared question, when everybody had the same one
    node_heat: dict = field(default_factory=dict)
    path_heat: dict = field(default_factory=dict)
    spots: list[Choice] = field(default_factory=list)  # clicked places, most clicked first
    fields: list[FieldCount] = field(default_factory=list)  # chosen values per field

    @property
    def share(self) -> int:
        return round(100 * self.correct / self.answered) if self.answered else 0


@dataclass
class Cell:
    correct: bool | None  # None: no answer
    text: str  # what the pupil answered, in Czech
    shown: bool = True  # may the page say whether it was right (False before the reveal)
    pending: bool = False  # answered the open question: nothing more until the reveal


@dataclass
class PupilRow:
    pupil: Pupil
    cells: list[Cell]
    correct: int
    points: int  # speed points, apart from correctness
    place: int = 0

    @property
    def marks(self) -> list[bool | None]:
        return [cell.correct for cell in self.cells]


def kind_title(slug: str) -> str:
    kind = quiz.KINDS.get(slug)
    return kind.title if kind else slug


def answer_text(prepared, response) -> str:
    """A pupil's answer in words: the places' names, or 'field: choice' pairs."""
    if prepared is None:
        return ""
    if prepared.clicks:
        names = spot_names(prepared, response or [])
        return "; ".join(names) if names else "nic neoznačeno"
    graded = quiz.grade(prepared, response or {})
    rows = graded.shown_rows
    if len(prepared.fields) == 1:  # one question: the answer alone, not "Odpověď: …"
        return rows[0]["given"] if rows else ""
    return "; ".join(_pair(row["label"], row["given"]) for row in rows)


def _pair(label: str, given: str) -> str:
    """'Pavel: 3', but a question keeps its own mark: 'Kdo má kartu…? Červený'."""
    return f"{label} {given}" if label.endswith("?") else f"{label}: {given}"


def spot_names(prepared, places) -> list[str]:
    namer = board_svg.node_name if prepared.kind.answer == quiz.NODES else board_svg.path_name
    return [namer(prepared.board, place) for place in places]


def item_result(item: LessonItem, index: int, rows: list[dict]) -> ItemResult:
    """One question's figures from its answers (rows of Answer values)."""
    counted = [row for row in rows if not row["late"]]
    result = ItemResult(
        item=item, index=index, title=kind_title(item.kind), answered=len(counted),
        correct=sum(1 for row in counted if row["correct"]),
        prepared=prepared_or_none(item.kind, item.variant) if item.variant else None,
    )
    prepared = result.prepared
    if prepared is None:
        return result
    if prepared.clicks:
        heat = Counter(place for row in counted for place in (row["response"] or []))
        if prepared.kind.answer == quiz.NODES:
            result.node_heat = dict(heat)
        else:
            result.path_heat = dict(heat)
        right = set(prepared.solution.answer)
        names = dict(zip(heat, spot_names(prepared, heat), strict=True))
        result.spots = [Choice(names[place], count, place in right)
                        for place, count in heat.most_common()]
    else:
        result.fields = _field_counts(prepared, counted)
    return result


def _field_counts(prepared, rows: list[dict]) -> list[FieldCount]:
    out = []
    expected = prepared.solution.answer
    for field_ in prepared.fields:
        labels = dict(field_.choices)
        counts = Counter()
        for row in rows:
            value = (row["response"] or {}).get(field_.name, "")
            counts.update(value.split(",") if field_.multiple and value else [value])
        right = set((expected.get(field_.name) or "").split(","))
        choices = [Choice(labels.get(value, "–"), count, value in right)
                   for value, count in counts.most_common() if count]
        if choices:
            out.append(FieldCount(field_.label, choices))
    return out


def _answer_rows(lesson: Lesson, item: LessonItem | None = None) -> list[dict]:
    answers = Answer.objects.filter(pupil__lesson=lesson)
    if item is not None:
        answers = answers.filter(item=item)
    return list(answers.values("pupil_id", "item_id", "variant", "response", "correct",
                               "points", "late"))


def current(lesson: Lesson) -> ItemResult | None:
    """The figures of the question on the projector (one question's answers only)."""
    items = classroom.items_of(lesson)
    if not items or lesson.state == Lesson.State.LOBBY:
        return None
    index = min(lesson.current, len(items) - 1)
    return item_result(items[index], index, _answer_rows(lesson, items[index]))


def results(lesson: Lesson, leave_out: int | None = None
            ) -> tuple[list[ItemResult], list[PupilRow]]:
    """Every question's figures and the pupils' table. ``leave_out`` (a 0-based index) is
    the open question a screen must not give away: its cells say only that the pupil
    answered, and it counts in nobody's totals."""
    items = classroom.items_of(lesson)
    rows = _answer_rows(lesson)
    by_pupil = {(row["pupil_id"], row["item_id"]): row for row in rows}
    hidden = items[leave_out].pk if leave_out is not None and leave_out < len(items) else None
    table = [_pupil_row(pupil, items, by_pupil, hidden) for pupil in lesson.pupils.all()]
    return _item_results(items, rows), rank(table)


def item_results(lesson: Lesson) -> list[ItemResult]:
    """Every question's figures, without the per-pupil table."""
    return _item_results(classroom.items_of(lesson), _answer_rows(lesson))


def _item_results(items: list[LessonItem], rows: list[dict]) -> list[ItemResult]:
    by_item: dict[int, list[dict]] = {}
    for row in rows:
        by_item.setdefault(row["item_id"], []).append(row)
    return [item_result(item, index, by_item.get(item.pk, []))
            for index, item in enumerate(items)]


def _pupil_row(pupil: Pupil, items: list[LessonItem], by_pupil: dict,
               hidden: int | None = None) -> PupilRow:
    cells, right, points = [], 0, 0
    for item in items:
        row = by_pupil.get((pupil.pk, item.pk))
        if row is None or row["late"]:
            cells.append(Cell(None, ""))
            continue
        if item.pk == hidden:
            cells.append(Cell(None, "", shown=False, pending=True))
            continue
        prepared = prepared_or_none(item.kind, row["variant"])
        cells.append(Cell(row["correct"], answer_text(prepared, row["response"])))
        right += row["correct"]
        points += row["points"]
    return PupilRow(pupil=pupil, cells=cells, correct=right, points=points)


def rank(table: list[PupilRow]) -> list[PupilRow]:
    """Sorted by right answers, then speed points; equal pupils share a place."""
    table.sort(key=lambda r: (-r.correct, -r.points, r.pupil.nickname_key))
    for number, row in enumerate(table):
        previous = table[number - 1] if number else None
        same = previous and (previous.correct, previous.points) == (row.correct, row.points)
        row.place = previous.place if same else number + 1
    return table


def open_question(lesson: Lesson) -> int | None:
    """The question (0-based) the class is answering in a teacher-paced lesson and whose
    answer is not revealed yet: no teacher's page or export names answers to it."""
    running = lesson.teacher_paced and lesson.state == Lesson.State.RUNNING
    if running and not classroom.shown(lesson, lesson.current):
        return lesson.current
    return None


def results_csv(lesson: Lesson) -> str:
    """Per pupil: the answer and whether it was right for every question, then the totals.
    The open question is left out until its reveal (columns and totals alike)."""
    leave_out = open_question(lesson)
    item_results, table = results(lesson, leave_out=leave_out)
    out = io.StringIO()
    writer = csv.writer(out, delimiter=";", quoting=csv.QUOTE_ALL)
    header = ["přezdívka"]
    for result in item_results:
        if result.index != leave_out:
            header += [f"{result.index + 1}. {result.title}: odpověď",
                       f"{result.index + 1}. správně"]
    header += ["správně", "body za rychlost", "pořadí"]
    writer.writerow([classroom._csv_safe(cell) for cell in header])
    for row in table:
        cells = [row.pupil.nickname]
        for index, cell in enumerate(row.cells):
            if index == leave_out:
                continue
            mark = "" if cell.correct is None else ("1" if cell.correct else "0")
            cells += [cell.text, mark]
        cells += [str(row.correct), str(row.points), str(row.place)]
        writer.writerow([classroom._csv_safe(cell) for cell in cells])
    return "\ufeff" + out.getvalue()  # a BOM so that spreadsheet programs read UTF-8


@dataclass
class Standing:
    nickname: str
    correct: int
    points: int
    answered: int
    place: int = 0


def standings(lesson: Lesson) -> list[Standing]:
    """Every pupil's right answers and speed points, counted in the database (the projector
    and the whole class's end screens need them at the same moment), best first."""
    totals = {row["pupil_id"]: row for row in (
        Answer.objects.filter(pupil__lesson=lesson, late=False).values("pupil_id")
        .annotate(right=Count("id", filter=Q(correct=True)), speed=Sum("points"),
                  answered=Count("id")))}
    out = []
    for pk, nickname, key in lesson.pupils.values_list("pk", "nickname", "nickname_key"):
        row = totals.get(pk, {})
        out.append((key, pk, Standing(nickname, row.get("right", 0), row.get("speed") or 0,
                                      row.get("answered", 0))))
    out.sort(key=lambda entry: (-entry[2].correct, -entry[2].points, entry[0]))
    ranked = [standing for _, _, standing in out]
    for number, standing in enumerate(ranked):
        previous = ranked[number - 1] if number else None
        same = previous and (previous.correct, previous.points) == (standing.correct,
                                                                     standing.points)
        standing.place = previous.place if same else number + 1
    return ranked


PODIUM_NAMES = 3  # names on one step of the podium; more who share the place are counted


@dataclass
class Step:
    """One step of the podium: a place and the pupils who share it."""

    place: int
    correct: int
    points: int
    nicknames: list[str]
    more: int  # pupils on this step beyond the names shown

    @property
    def more_text(self) -> str:
        return words.plural_count(self.more, "žák", "žáci", "žáků") if self.more else ""


def podium(ranked: list[Standing]) -> list[Step]:
    """The first three places, for the end: pupils who share a place stand together on one
    step (a whole class tied on one place still fits the wall)."""
    steps: dict[int, list[Standing]] = {}
    for standing in ranked:
        if standing.place <= 3 and standing.answered:
            steps.setdefault(standing.place, []).append(standing)
    return [Step(place, group[0].correct, group[0].points,
                 [s.nickname for s in group[:PODIUM_NAMES]],
                 max(0, len(group) - PODIUM_NAMES))
            for place, group in steps.items()]


def top(lesson: Lesson) -> list[Standing]:
    return standings(lesson)[:TOP]


def pupil_place(lesson: Lesson, pupil: Pupil) -> tuple[int, int]:
    """(place, number of pupils) for a pupil's end screen."""
    ranked = standings(lesson)
    mine = next((s for s in ranked if s.nickname == pupil.nickname), None)
    return (mine.place if mine else 0), len(ranked)
