"""The projector at 1920×1080 (issue 40, item 6): every question kind of the registry, at
every stage of a lesson with 30 pupils (the question, answers coming in, time up, the reveal
with the top five, the end), is one screen: nothing below 1080 px, nothing clipped, no
sideways scroll. And the wall's text reads from the back of a classroom: the reveal's lines,
the top five and the board's harbour labels are at least 32 px.

Each kind is played with the largest of its Almanach examples (most fields, facts and text)
and answered at random by the class (a fixed seed), so the reveal lists as many different
answers as a real class gives.
"""

import random
import re
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone
from playwright.sync_api import expect

from tests.browser.axe import assert_accessible
from tests.helpers.makers import make_lesson, make_quiz, make_teacher
from tutorial import quiz
from tutorial.lessons import classroom
from tutorial.lessons.models import Lesson
from tutorial.nicknames import NICKNAME_MAX

pytestmark = pytest.mark.browser

WIDTH, HEIGHT = 1920, 1080
READABLE = 32  # px: the wall's smallest text a pupil reads from the back row
PUPILS = 30

# The page's extent and anything cut off: a box below or right of the window, or content
# hidden by a box that clips it (the projector's columns do not scroll).
MEASURE = """() => {
  const boxes = [...document.querySelectorAll('body *')].filter(el =>
      !(el.closest('svg') && el.tagName.toLowerCase() !== 'svg')
      && !el.closest('.visually-hidden') && el.getClientRects().length
      && getComputedStyle(el).visibility !== 'hidden');
  let bottom = 0, right = 0;
  const clipped = [];
  for (const el of boxes) {
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height) continue;
    bottom = Math.max(bottom, r.bottom + scrollY);
    right = Math.max(right, r.right + scrollX);
    const style = getComputedStyle(el);
    // A long nickname may end in "…" on one line (its start shows); nothing else is cut.
    const ellipsis = style.textOverflow === 'ellipsis' && style.whiteSpace === 'nowrap';
    if (['hidden', 'clip'].includes(style.overflowY) && el.scrollHeight > el.clientHeight + 1
        || !ellipsis && ['hidden', 'clip'].includes(style.overflowX)
           && el.scrollWidth > el.clientWidth + 1)
      clipped.push(`${el.tagName}.${el.className} ${el.scrollHeight}>${el.clientHeight}`);
  }
  const doc = document.documentElement;
  return {height: Math.max(doc.scrollHeight, Math.ceil(bottom)),
          width: Math.max(doc.scrollWidth, Math.ceil(right)), clipped};
}"""

# The smallest rendered size, in screen pixels, of the text the class reads at the reveal.
TEXT_PX = """(selector) => {
  const sizes = [...document.querySelectorAll(selector)].filter(el => el.getClientRects().length)
    .map(el => el instanceof SVGElement
         ? el.getScreenCTM().a * parseFloat(getComputedStyle(el).fontSize)
         : parseFloat(getComputedStyle(el).fontSize));
  return sizes.length ? Math.min(...sizes) : null;
}"""


def _weight(prepared) -> int:
    """How much the wall has to show for a question."""
    text = len(prepared.prompt) + len(prepared.question.note or "")
    choices = sum(len(field.choices) for field in prepared.fields)
    return 100 * len(prepared.fields) + 50 * len(prepared.facts) + choices + text // 20


def _largest_example(slug: str) -> str:
    return max(quiz.examples(slug), key=lambda q: _weight(quiz.prepare(slug, q.variant))).variant


def _nicknames(count: int) -> list[str]:
    """Long nicknames, as long as the site takes, all different."""
    rng = random.Random(7)
    out = []
    while len(out) < count:
        name = f"{rng.choice(classroom.ADJECTIVES)} {rng.choice(classroom.ANIMALS)}"
        name = f"{name} {'Z' * NICKNAME_MAX}"[:NICKNAME_MAX - 3] + f" {len(out):02}"
        out.append(name)
    return out


def _random_answer(prepared, rng: random.Random):
    """An answer a pupil might give: about half right, the rest anything."""
    right = prepared.solution.answer
    if prepared.clicks:
        spots = sorted(right) if rng.random() < 0.5 else rng.sample(
            prepared.targets, k=min(len(prepared.targets), rng.randint(1, 3)))
        return list(spots)
    answer = {}
    for field in prepared.fields:
        values = [value for value, _ in field.choices]
        if rng.random() < 0.5 and field.name in right:
            answer[field.name] = right[field.name]
        elif field.multiple:
            answer[field.name] = rng.sample(values, k=rng.randint(1, min(2, len(values))))
        else:
            answer[field.name] = rng.choice(values)
    return answer


def _teacher_page(browser, live_server, teacher):
    context = browser.new_context(locale="cs-CZ", viewport={"width": WIDTH, "height": HEIGHT},
                                  service_workers="block")
    context.set_default_timeout(10_000)
    # The test opens the page anew at each stage: no poll reloads it under the test's feet.
    context.route(re.compile(r"[?&]cast=1"), lambda route: route.abort())
    client = Client()
    client.force_login(teacher)
    from django.conf import settings
    context.add_cookies([{"name": settings.SESSION_COOKIE_NAME,
                          "value": client.cookies[settings.SESSION_COOKIE_NAME].value,
                          "url": live_server.url}])
    return context, context.new_page()


def _fits(page, stage: str) -> dict:
    measured = page.evaluate(MEASURE)
    assert measured["height"] <= HEIGHT, (stage, measured)
    assert measured["width"] <= WIDTH, (stage, measured)
    assert measured["clipped"] == [], (stage, measured)
    return measured


def _lesson(teacher, items, pace=Lesson.Pace.TEACHER):
    lesson_quiz = make_quiz(teacher, "Opakování pravidel pro 7. B a 7. C", items)
    lesson = make_lesson(lesson_quiz, teacher, pace, 60, True, show_ranking=True)
    pupils = [classroom.join(lesson, name) for name in _nicknames(PUPILS)]
    return lesson, pupils


@pytest.mark.parametrize("slug", list(quiz.KINDS))
def test_every_stage_of_every_kind_fits_the_wall_and_reads_from_the_back(
        live_server, browser, transactional_db, slug):
    teacher = make_teacher()
    variant = _largest_example(slug)
    prepared = quiz.prepare(slug, variant)
    lesson, pupils = _lesson(teacher, [(slug, variant)])
    context, page = _teacher_page(browser, live_server, teacher)
    url = f"{live_server.url}/ucitel/hodina/{lesson.code}/projektor/"
    try:
        classroom.control(lesson, "start")
        page.goto(url)
        expect(page.locator("#otazka")).to_contain_text(quiz.KINDS[slug].title)
        _fits(page, f"{slug}: question")
        rng = random.Random(slug)
        item = classroom.items_of(lesson)[0]
        for pupil in pupils[:-1]:
            classroom.submit(lesson, pupil, item, quiz.normalize(
                prepared, _random_answer(prepared, rng)))
        page.goto(url)
        expect(page.locator(".projector-count")).to_have_text(f"{PUPILS - 1} z {PUPILS} odpovědělo")
        _fits(page, f"{slug}: answering")
        Lesson.objects.filter(pk=lesson.pk).update(
            question_started=timezone.now() - timedelta(seconds=61))
        page.goto(url)
        expect(page.locator(".projector-state")).to_have_text("Čas vypršel")
        _fits(page, f"{slug}: time up")
        lesson.refresh_from_db()
        classroom.control(lesson, "reveal")
        page.goto(url)
        expect(page.locator(".projector-state")).to_have_text("Správná odpověď odhalena")
        expect(page.locator(".projector-top li")).to_have_count(5)
        _fits(page, f"{slug}: reveal with the top five")
        assert_accessible(page)  # the class's answers as a grid, lines or tiles; the top five
        page.set_viewport_size({"width": WIDTH, "height": HEIGHT})  # axe tried two widths
        for selector in (".projector-distribution li, .projector-distribution p, "
                         ".projector-distribution td, .projector-distribution th",
                         ".projector-top li",
                         ".projector-board svg g.harbor circle + text"):
            size = page.evaluate(TEXT_PX, selector)
            assert size is None or size >= READABLE, (selector, size)
        assert page.evaluate(TEXT_PX, ".projector-top li") is not None
        # A harbour's resource name (its disc's colour says it too): as large as its place
        # beside the disc allows, still larger than the phone-sized 20 px of before.
        name = page.evaluate(TEXT_PX, ".projector-board svg g.harbor text + text")
        assert name is None or name >= 22, name
        classroom.control(lesson, "close")
        page.goto(url)
        expect(page.locator(".projector-podium li")).not_to_have_count(0)
        _fits(page, f"{slug}: end")
    finally:
        context.close()


def test_the_lobby_and_a_self_paced_lesson_of_every_kind_fit_the_wall(
        live_server, browser, transactional_db):
    """30 long nicknames in the lobby; a self-paced lesson with a question of every kind: the
    overview (questions, every pupil's progress, the top five) and the end."""
    teacher = make_teacher()
    items = [(slug, _largest_example(slug)) for slug in quiz.KINDS]
    lesson, pupils = _lesson(teacher, items, pace=Lesson.Pace.SELF)
    context, page = _teacher_page(browser, live_server, teacher)
    url = f"{live_server.url}/ucitel/hodina/{lesson.code}/projektor/"
    try:
        page.goto(url)
        expect(page.locator(".projector-count")).to_have_text(f"Připojeno {PUPILS}")
        _fits(page, "lobby")
        expect(page.locator(".projector-names li").last).to_be_in_viewport()
        classroom.control(lesson, "start")
        rng = random.Random(11)
        lesson_items = classroom.items_of(lesson)
        for number, pupil in enumerate(pupils):
            for item in lesson_items[:number % (len(lesson_items) + 1)]:
                prepared = quiz.prepare(item.kind, item.variant)
                pupil.seen_order, pupil.seen_at = item.order, timezone.now()
                classroom.submit(lesson, pupil, item, quiz.normalize(
                    prepared, _random_answer(prepared, rng)))
        page.goto(url)
        expect(page.locator(".projector-shares li")).to_have_count(len(lesson_items))
        expect(page.locator(".projector-top li")).to_have_count(5)
        _fits(page, "self-paced overview")
        assert_accessible(page)
        page.set_viewport_size({"width": WIDTH, "height": HEIGHT})
        expect(page.locator(".projector-progress li").last).to_be_in_viewport()
        classroom.control(lesson, "close")
        page.goto(url)
        expect(page.locator(".projector-podium li")).not_to_have_count(0)
        _fits(page, "end")
    finally:
        context.close()
