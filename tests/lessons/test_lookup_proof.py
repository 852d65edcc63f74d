"""A lesson's questions cannot be looked up during the lesson: the Almanach's examples are
asked in disguise by default, the printed ones stay a named choice, captions come only with
the reveal, and the teacher's form says what pupils can still find."""

import re

import pytest
from django.test import Client

from tests.helpers.pages import html
from tests.lessons.conftest import join
from tutorial import quiz
from tutorial.lessons import classroom
from tutorial.lessons.models import Answer, Lesson, Quiz
from tutorial.quiz import transform
from tutorial.quiz.sandbox import prepared_or_none

pytestmark = pytest.mark.django_db


def control(teacher_client, lesson, action):
    teacher_client.post(f"/ucitel/hodina/{lesson.code}/ovladani/", {"akce": action})
    lesson.refresh_from_db()


def new_quiz(teacher_client, kinds, mode=None) -> Quiz:
    data = {"nazev": "Bez taháku", "druh": kinds, "pocet": "1"}
    if mode:
        data["varianty"] = mode
    else:  # what the form sends when the teacher leaves the positions as they are
        page = html(teacher_client.get("/ucitel/kviz/novy/"))
        data["varianty"] = re.search(r'name="varianty" value="(\w+)" checked', page).group(1)
    response = teacher_client.post("/ucitel/kviz/novy/", data)
    assert response.status_code == 302
    return Quiz.objects.latest("pk")


def right_answer(prepared):
    answer = prepared.solution.answer
    if prepared.clicks:
        return {"vyber": "1", "misto": sorted(answer)}
    return {name: value.split(",") if "," in value else value for name, value in answer.items()}


def test_the_quiz_form_offers_the_disguise_first_and_the_printed_examples_by_name(
        teacher_client):
    page = html(teacher_client.get("/ucitel/kviz/novy/"))
    checked = re.search(r'name="varianty" value="(\w+)" checked', page).group(1)
    assert checked == "obmena"
    assert "Příklady z almanachu v obměně" in page
    assert "Příklady z almanachu, jak jsou vytištěné – žáci je najdou na webu" in page
    # In plain Czech: what pupils can still find during a lesson.
    for told in ("Co žáci během hodiny dohledat mohou a co ne",
                 "jsou na webu veřejná schválně",
                 "Vyhledávání na webu ji nenajde a procvičování ji nezná",
                 "uvidí žáci až po odhalení odpovědi",
                 "jsou veřejné: najde je každý – v almanachu, vyhledáváním na webu",
                 "začátečnické rozestavění s pár figurkami navíc"):
        assert told in page, told


def test_a_new_quiz_asks_every_kind_s_example_in_disguise(teacher_client):
    made = new_quiz(teacher_client, list(quiz.KINDS))
    items = list(made.items.all())
    assert [i.kind for i in items] == list(quiz.KINDS)
    for item in items:
        assert transform.is_disguised(item.variant), item.variant
        assert transform.example_of(item.variant) == "a1"
        # Practice on a neighbour's phone cannot open the lesson's position.
        assert teacher_client.get(f"/kvizy/{item.kind}/{item.variant}/").status_code == 404
    page = html(teacher_client.get(made.get_absolute_url()))
    assert page.count("v obměně, žáci ji nenajdou") == len(items)
    assert page.count("Použít příklad, jak je vytištěný") == len(items)
    preview = f"/ucitel/kviz/{made.pk}/otazka/{items[0].pk}/"
    assert preview in page
    assert teacher_client.get(preview).status_code == 200


def test_the_printed_example_stays_a_choice_for_the_quiz_and_for_each_question(
        teacher_client):
    printed = new_quiz(teacher_client, ["zamori"], mode="almanach")
    assert [i.variant for i in printed.items.all()] == ["a1"]
    made = new_quiz(teacher_client, ["vesnice", "zamori"])
    item = made.items.get(kind="zamori")
    disguise = item.variant
    teacher_client.post(f"/ucitel/kviz/{made.pk}/obmena/{item.pk}/")
    item.refresh_from_db()
    assert item.variant == "a1"
    page = html(teacher_client.get(made.get_absolute_url()))
    assert "Almanach: Obchod se zámořím – jak je vytištěný, žáci ho najdou na webu" in page
    assert "Použít obměnu" in page
    teacher_client.post(f"/ucitel/kviz/{made.pk}/obmena/{item.pk}/")
    item.refresh_from_db()
    assert item.variant == disguise  # the question's own disguise, not a new one
    teacher_client.post(f"/ucitel/kviz/{made.pk}/pridat/",
                        {"druh": "zamori", "varianty": "obmena"})
    added = made.items.order_by("-order").first()
    assert transform.example_of(added.variant) == "a2"
    assert added.variant != transform.disguised_variant("a2", "x")  # seeded by its own id


@pytest.mark.parametrize("kind", ["sedmicka", "vitez", "vynosy", "zamori"])
def test_before_the_reveal_nothing_names_the_example_after_it_the_caption_does(
        kind, teacher, teacher_client):
    made = new_quiz(teacher_client, [kind])
    lesson = classroom.start_lesson(made, teacher, Lesson.Pace.TEACHER, None, False)
    item = lesson.items.get()
    printed = quiz.examples(kind)[0]
    prepared = prepared_or_none(item.kind, item.variant)
    pupil = Client()
    join(pupil, lesson, "Ada")
    control(teacher_client, lesson, "start")
    projector = f"/ucitel/hodina/{lesson.code}/projektor/"
    headword = printed.source.removeprefix("Almanach: ")
    for page in (html(pupil.get(f"/hra/{lesson.code}/")), html(teacher_client.get(projector))):
        assert "Otázka" in page or "otázka" in page
        for leak in (printed.source, "Příklad z hesla", "Příklad hry", "obměna příkladu",
                     printed.quote[:40] or "„", *(printed.position.get("names") or {}).values()):
            assert leak not in page, leak
        if headword != quiz.kind(kind).title:  # the kind's own title is the topic, public
            assert headword not in page
    pupil.post(f"/hra/{lesson.code}/1/", right_answer(prepared))
    assert Answer.objects.get().correct  # graded by the engine on the disguised position
    page = html(pupil.get(f"/hra/{lesson.code}/"))
    assert "obměna příkladu" not in page and printed.source not in page  # saved, not yet shown
    control(teacher_client, lesson, "reveal")
    page = html(pupil.get(f"/hra/{lesson.code}/"))
    assert f"Tato pozice je obměna příkladu „{printed.source}“" in page


def test_a_printed_example_in_a_lesson_names_no_source_before_the_reveal(started_printed):
    lesson, pupil = started_printed
    page = html(pupil.get(f"/hra/{lesson.code}/"))
    assert "Modrý si vymění suroviny a chce postavit vesnici" in page  # the note, context only
    for caption in ("Příklad hry", "Příklad z hesla", "Almanach:", "11. tah"):
        assert caption not in page, caption


@pytest.fixture
def started_printed(lesson, teacher_client):
    pupil = Client()
    join(pupil, lesson, "Bára")
    control(teacher_client, lesson, "start")
    return lesson, pupil


def test_the_neighbour_s_practice_answer_is_not_the_lesson_s(teacher_client):
    made = new_quiz(teacher_client, ["vesnice", "silnice", "vynosy"])
    for item in made.items.all():
        printed = quiz.prepare(item.kind, "a1")
        lesson = prepared_or_none(item.kind, item.variant)
        looked_up = sorted(printed.solution.answer) if printed.clicks else printed.solution.answer
        assert not quiz.grade(lesson, looked_up).correct, item.kind


def test_a_lesson_started_before_keeps_its_printed_questions_and_works(
        started_printed, teacher_client, class_quiz):
    lesson, pupil = started_printed
    # The teacher disguises the quiz's question afterwards: the running lesson has its copy.
    item = class_quiz.items.get(order=1)
    teacher_client.post(f"/ucitel/kviz/{class_quiz.pk}/obmena/{item.pk}/")
    item.refresh_from_db()
    assert transform.is_disguised(item.variant)
    assert [i.variant for i in lesson.items.all()] == ["a1", "a1", ""]
    prepared = quiz.prepare("vesnice", "a1")
    pupil.post(f"/hra/{lesson.code}/1/", right_answer(prepared))
    assert Answer.objects.get().correct


# Examples whose quote tells the story of the printed position (its colours, its people):
# their words must not come up. Quotes that are the rule itself ("Vyloží-li hráč …") may:
# the rules are public by design, and the teacher's form says so.
STORY = re.compile(r"modr|oranž|červen|bíl|Petra|Jana|Karel", re.IGNORECASE)
QUOTED = [(slug, example.variant) for slug in quiz.KINDS for example in quiz.examples(slug)
          if STORY.search(example.quote)]


def wall_text(prepared) -> str:
    """What the projector shows of a question before the reveal, as a pupil would type it."""
    return " ".join([prepared.question.note, prepared.prompt,
                     *(fact["text"] for fact in prepared.facts)])[:200]


def first_snippets(client, text: str) -> str:
    response = client.get("/almanach/api/hledat", {"q": text})
    assert response.status_code == 200
    return " ".join(r.get("snippet") or "" for r in response.json()["results"][:3])


def test_searching_the_printed_example_s_wall_text_finds_its_answer(client):
    # What the teacher's form warns about: the printed example is one search away.
    printed = quiz.prepare("vynosy", "a1")
    assert "Modrý při hození 8 inkasuje celkem 3 rudy" in first_snippets(
        client, wall_text(printed))


@pytest.mark.parametrize(("kind", "variant"), QUOTED)
def test_searching_a_disguise_s_wall_text_finds_no_word_of_its_example(client, kind, variant):
    printed = quiz.examples(kind)[int(variant[1:]) - 1]
    words = printed.quote.strip("„“ ").split("“")[0][:30]
    lesson = transform.prepare(kind, f"x{variant[1:]}-2026")
    assert words not in first_snippets(client, wall_text(lesson))


def test_each_lesson_of_a_quiz_gets_its_own_disguise(teacher, teacher_client):
    # A pupil of the first lesson cannot pass the answers on to the next class: the same
    # quiz, started twice, shows other positions; the printed and per-pupil ones stay.
    made = new_quiz(teacher_client, ["vesnice", "zamori", "vynosy", "stavba"])
    made.items.create(order=5, kind="sedmicka", variant="a1")
    made.items.create(order=6, kind="silnice", variant="")
    first, second = (classroom.start_lesson(made, teacher, Lesson.Pace.TEACHER, None,
                                            False) for _ in range(2))
    quiz_variants = [item.variant for item in made.items.order_by("order")]
    for one, other, asked in zip(first.items.order_by("order"), second.items.order_by("order"),
                                 quiz_variants, strict=True):
        if not transform.is_disguised(asked):
            assert one.variant == other.variant == asked
            continue
        assert transform.example_of(one.variant) == transform.example_of(asked)
        assert len({one.variant, other.variant, asked}) == 3
        seen = [transform.seen(prepared_or_none(one.kind, v).question, True)
                for v in (one.variant, other.variant)]
        assert seen[0] != seen[1], one.kind
    # The lesson keeps its own: the page a pupil sees is the same each time it loads.
    assert [i.variant for i in first.items.order_by("order")] == [
        classroom.lesson_variant(first, order, v)
        for order, v in enumerate(quiz_variants, start=1)]
