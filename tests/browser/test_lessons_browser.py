"""A whole class lesson in a real browser: the teacher runs it from the projector page while
three pupils answer on a 360 px phone, a 390 px phone and a desktop. Covers the reveal, the
refusal of answers after the reveal and after time-up, rejoining with the seat PIN and by a
released seat, late joining, ending the lesson with its confirmation, and the pupils' end
screen. Also the board at 360 px: path tap areas, the skip link and arrow keys.

Polling pages are waited for with `expect` (they refresh within a moment); where a
pupil must act on a page that is already out of date, that pupil's polling is switched off
so the outcome never depends on timing.
"""

import re
import time
from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from tests.browser.test_projector_fit_browser import _largest_example
from tests.helpers.makers import PASSWORD, make_lesson, make_quiz, make_teacher
from tutorial import quiz
from tutorial.lessons import classroom
from tutorial.lessons.models import Answer, Lesson, Pupil, Quiz

pytestmark = pytest.mark.browser

POLL = 9000  # ms: pages poll every 0.3 s in tests (tests/conftest.py), 3 s on the site


@pytest.fixture
def lesson(transactional_db):
    teacher = make_teacher()
    quiz = make_quiz(teacher, "Vesnice a sedmička", [("vesnice", "a1"), ("sedmicka", "a1")])
    return make_lesson(quiz, teacher, Lesson.Pace.TEACHER, 60, True, show_ranking=True)


def _context(browser, width, height, errors, polling=True):
    context = browser.new_context(locale="cs-CZ", viewport={"width": width, "height": height},
                                  service_workers="block")
    context.set_default_timeout(10_000)
    if not polling:  # htmx drops the page's polls before they are sent
        context.add_init_script("""document.addEventListener("htmx:beforeRequest", event => {
            if (event.detail.pathInfo.requestPath.includes("/stav/")) event.preventDefault();
        });""")
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    return context, page


def _join(page, url, nickname, code=None):
    page.goto(url)
    if code:
        page.fill("#kod", code)
    page.fill("#prezdivka", nickname)
    page.get_by_role("button", name="Připojit se").click()


def _login_cookie(live_server, teacher) -> dict:
    """The teacher's sign-in as a browser cookie (the sign-in page has its own test)."""
    from django.conf import settings
    from django.test import Client

    client = Client()
    client.force_login(teacher)
    return {"name": settings.SESSION_COOKIE_NAME,
            "value": client.cookies[settings.SESSION_COOKIE_NAME].value,
            "url": live_server.url}


def _fits(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_a_whole_lesson_with_the_teacher_and_three_pupils(live_server, browser, lesson):
    base, errors = live_server.url, []
    contexts = []
    try:

        teacher_context, teacher = _context(browser, 1920, 1080, errors)
        contexts.append(teacher_context)
        teacher.goto(f"{base}/prihlaseni/")
        teacher.fill("#id_username", "novakova")
        teacher.fill("#id_password", PASSWORD)
        teacher.get_by_role("button", name="Přihlásit se").click()
        expect(teacher.locator("h1")).to_have_text("Pro učitele")
        teacher.goto(f"{base}/ucitel/hodina/{lesson.code}/projektor/")
        # A page of its own: no site header or search, the code large, the QR code loaded.
        expect(teacher.locator(".site-header")).to_have_count(0)
        expect(teacher.locator(".projector-big-code")).to_have_text(lesson.code)
        assert teacher.evaluate("document.querySelector('.projector-qr').naturalWidth") > 0
        code_size = teacher.evaluate(
            "parseFloat(getComputedStyle(document.querySelector('.projector-big-code')).fontSize)")
        assert code_size >= 100

        # Three pupils: two phones and a desktop, by the code and by the join link.
        ada_context, ada = _context(browser, 360, 740, errors)
        bob_context, bob = _context(browser, 390, 844, errors, polling=False)
        cyril_context, cyril = _context(browser, 1280, 800, errors, polling=False)
        contexts += [ada_context, bob_context, cyril_context]
        _join(ada, f"{base}/hra/", "Ada", code=lesson.code.lower())
        _join(bob, f"{base}/hra/{lesson.code}/", "Bob")
        _join(cyril, f"{base}/hra/", "Cyril", code=f" {lesson.code[:3]} {lesson.code[3:]} ")
        for pupil in (ada, bob, cyril):
            expect(pupil.locator("h1")).to_have_text("Čekáme na začátek")
            expect(pupil.locator(".seat-pin-box")).to_contain_text("PIN vašeho místa")
        ada_pin = Pupil.objects.get(nickname="Ada").pin
        expect(ada.locator(".seat-pin-box")).to_contain_text(ada_pin)
        expect(teacher.locator(".projector-count")).to_have_text("Připojeno 3", timeout=POLL)

        # Start: the polling phone gets the first question by itself.
        teacher.get_by_role("button", name="Začít").click()
        expect(ada.locator("h1")).to_contain_text("Otázka 1 z 2", timeout=POLL)
        for pupil in (bob, cyril):
            pupil.reload()
            expect(pupil.locator("h1")).to_contain_text("Otázka 1 z 2")
        assert _fits(ada) and _fits(bob)

        # Answers are saved, and nothing tells right from wrong yet.
        ada.locator("a.target[data-id='b2.SE']").click()
        expect(ada.locator(".quiz-selected")).to_contain_text("Označeno 1: u pouště, pastviny 12")
        ada.get_by_role("button", name="Odeslat odpověď").click()
        expect(ada.locator(".quiz-saved")).to_contain_text("Odpověď uložena")
        bob.locator("a.target[data-id='e3.SE']").click()
        expect(bob.locator(".quiz-selected")).to_contain_text("Označeno 1")
        bob.get_by_role("button", name="Odeslat odpověď").click()
        expect(bob.locator(".quiz-saved")).to_contain_text("Odpověď uložena")
        for pupil in (ada, bob):
            expect(pupil.locator(".quiz-feedback")).to_have_count(0)
            expect(pupil.locator(".mark")).to_have_count(0)
        expect(teacher.locator(".projector-count")).to_have_text("2 z 3 odpovědělo", timeout=POLL)
        # Where they tapped stays off the wall until the reveal.
        expect(teacher.locator(".projector-board .heat-count")).to_have_count(0)
        expect(teacher.locator(".projector-board .mark-hit")).to_have_count(0)
        # Cyril marks a spot but is too slow: the teacher reveals first.
        cyril.locator("a.target[data-id='b2.SE']").click()
        expect(cyril.locator(".quiz-selected")).to_contain_text("Označeno 1")

        teacher.get_by_role("button", name="Odhalit").click()
        expect(teacher.locator(".projector-state")).to_have_text("Správná odpověď odhalena")
        expect(teacher.locator(".projector-board .mark-hit")).to_have_count(1)
        expect(teacher.locator(".projector-spots")).to_contain_text("1× u pouště, pastviny 12")
        # The count on the right spot is drawn above its mark and large enough for a classroom.
        badge = teacher.locator(".projector-board .heat-count text").first.bounding_box()
        assert badge["height"] >= 24
        cyril.get_by_role("button", name="Odeslat odpověď").click()
        expect(cyril.locator(".quiz-error[role='alert']")).to_contain_text("už je odhalená")
        expect(cyril.locator(".quiz-play")).to_contain_text("Na tuto otázku jste neodpověděli")
        expect(ada.locator(".quiz-feedback h2")).to_have_text("Správně", timeout=POLL)
        bob.reload()
        expect(bob.locator(".quiz-feedback h2")).to_have_text("Ne tak docela")
        assert not Answer.objects.filter(pupil__nickname="Cyril").exists()

        # The next question, and the time runs out before Bob answers.
        teacher.get_by_role("button", name="Další otázka").click()
        expect(teacher.locator("#otazka")).to_contain_text("Otázka 2 z 2")
        expect(teacher.locator(".projector-timer")).to_contain_text("Zbývá")
        expect(ada.locator("h1")).to_contain_text("Otázka 2 z 2", timeout=POLL)
        bob.reload()
        for pupil in (ada, bob):
            expect(pupil.locator(".quiz-timer")).to_contain_text("Zbývá")
        ada.select_option("#pole-orange", "0")
        ada.select_option("#pole-red", "4")
        ada.select_option("#pole-blue", "5")
        ada.get_by_role("button", name="Odeslat odpověď").click()
        expect(ada.locator(".quiz-saved")).to_contain_text("Odpověď uložena")
        bob.select_option("#pole-orange", "0")
        bob.select_option("#pole-red", "4")
        bob.select_option("#pole-blue", "5")
        Lesson.objects.filter(pk=lesson.pk).update(
            question_started=timezone.now() - timedelta(seconds=61))
        bob.get_by_role("button", name="Odeslat odpověď").click()
        expect(bob.locator(".quiz-error[role='alert']")).to_contain_text("Čas vypršel")
        assert not Answer.objects.filter(pupil__nickname="Bob", item__order=2).exists()
        expect(teacher.locator(".projector-state")).to_contain_text("Čas vypršel", timeout=POLL)

        # Ada's phone loses its seat: a new browser takes it back with the PIN, nobody without.
        phone_context, phone = _context(browser, 360, 740, errors)
        contexts.append(phone_context)
        _join(phone, f"{base}/hra/{lesson.code}/", "ada")
        expect(phone.locator(".quiz-error")).to_contain_text("zadejte jeho PIN")
        phone.fill("#pin", "0000" if ada_pin != "0000" else "1111")
        phone.fill("#prezdivka", "Ada")
        phone.get_by_role("button", name="Připojit se").click()
        expect(phone.locator(".quiz-error")).to_contain_text("PIN nesouhlasí")
        phone.fill("#pin", ada_pin)
        phone.fill("#prezdivka", "Ada")
        phone.get_by_role("button", name="Připojit se").click()
        expect(phone.locator(".play-head")).to_contain_text("Ada")
        expect(phone.locator(".play-head")).to_contain_text("odpovězeno 2 z 2")
        # The old device lost the seat: its polling page finds out and shows the join form.
        expect(ada.locator("#prezdivka")).to_be_visible(timeout=POLL)

        # Bob lost his PIN as well: the teacher releases his seat.
        teacher.get_by_role("link", name="Žáci a místa").click()
        teacher.get_by_role("link", name="Uvolnit místo žáka Bob…").click()
        teacher.get_by_role("button", name="Ano, uvolnit místo").click()
        expect(teacher.locator("#zaci")).to_contain_text("místo uvolněno")
        tablet_context, tablet = _context(browser, 390, 844, errors)
        contexts.append(tablet_context)
        _join(tablet, f"{base}/hra/{lesson.code}/", "Bob")
        expect(tablet.locator(".play-head")).to_contain_text("Bob")
        assert Pupil.objects.filter(lesson=lesson).count() == 3

        # Late joining is the teacher's toggle.
        teacher.goto(f"{base}/ucitel/hodina/{lesson.code}/projektor/")
        teacher.get_by_role("button", name="Vypnout připojování").click()
        expect(teacher.get_by_role("button", name="Zapnout připojování")).to_be_visible()
        late_context, late = _context(browser, 360, 740, errors)
        contexts.append(late_context)
        _join(late, f"{base}/hra/{lesson.code}/", "Pozdní")
        expect(late.locator(".quiz-error")).to_contain_text("připojování vypnul")

        # Ending asks first; then the projector shows the top five, the pupils their end screen.
        teacher.get_by_role("link", name="Ukončit hodinu…").click()
        expect(teacher.locator("h1")).to_have_text("Opravdu ukončit hodinu?")
        teacher.get_by_role("link", name="Ne, zpět na projektor").click()
        lesson.refresh_from_db()
        assert lesson.state == Lesson.State.RUNNING
        teacher.get_by_role("link", name="Ukončit hodinu…").click()
        teacher.get_by_role("button", name="Ano, ukončit hodinu").click()
        expect(teacher.locator(".projector-overview h2").first).to_have_text("Hodina skončila")
        expect(teacher.locator(".projector-podium li").first).to_contain_text("Ada")
        expect(teacher.locator(".projector-podium")).to_contain_text(" b.")
        teacher.goto(f"{base}/ucitel/hodina/{lesson.code}/vysledky/")
        expect(teacher.locator(".quiz-badge")).to_have_count(0)  # no "právě teď" any more
        expect(teacher.locator(".result-table")).to_contain_text("u pouště, pastviny 12")

        expect(phone.locator("h1")).to_have_text("Hodina skončila", timeout=POLL)
        expect(phone.locator(".lead")).to_contain_text("Správně jste odpověděli na 2 z 2")
        expect(phone.locator(".lead")).to_contain_text("Jste na 1. místě z 3")
        expect(phone.locator(".recap-item")).to_have_count(2)
        expect(phone.locator(".recap-item").first.locator(".quiz-reasons li").first).to_be_visible()
        assert _fits(phone)
    finally:
        for context in contexts:
            context.close()
    assert not errors, errors


def test_quiz_on_a_phone_taps_paths_generously_keyboard_skips_and_moves_tables_fit(
        live_server, browser, transactional_db):
    context = browser.new_context(locale="cs-CZ", viewport={"width": 360, "height": 740},
                                  service_workers="block")
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}/kvizy/silnice/a4/")
        # A tap 12 px either side of a path's middle still hits that path: ≥ 24 px.
        misses = page.evaluate("""() => {
          const out = [];
          for (const link of document.querySelectorAll('a.target-path')) {
            const line = link.querySelector('line');
            const svg = link.closest('svg');
            const m = line.getScreenCTM();
            const p = (x, y) => {
              const q = svg.createSVGPoint(); q.x = x; q.y = y; return q.matrixTransform(m);
            };
            const a = p(+line.getAttribute('x1'), +line.getAttribute('y1'));
            const b = p(+line.getAttribute('x2'), +line.getAttribute('y2'));
            const len = Math.hypot(b.x - a.x, b.y - a.y);
            const nx = -(b.y - a.y) / len, ny = (b.x - a.x) / len;
            const mx = (a.x + b.x) / 2, my = (a.y + b.y) / 2;
            for (const side of [-12, 12]) {
              const hit = document.elementFromPoint(mx + nx * side, my + ny * side);
              const target = hit && hit.closest('a.target');
              if (!target || target.dataset.id !== link.dataset.id) out.push(link.dataset.id);
            }
          }
          return out;
        }""")
        assert page.locator("a.target-path").count() >= 10
        assert misses == []
        # The skip link jumps over the board's many spots to the answer.
        for _ in range(30):
            page.keyboard.press("Tab")
            if page.evaluate("document.activeElement.textContent") == "Přeskočit plán k odpovědi":
                break
        page.keyboard.press("Enter")
        assert page.evaluate("location.hash") == "#odpoved"
        # One Tab stop for the board; arrows move between spots; Tab leaves for the button.
        first = page.locator("a.target[tabindex='0']")
        expect(first).to_have_count(1)
        first.focus()
        start = page.evaluate("document.activeElement.dataset.id")
        page.keyboard.press("ArrowRight")
        moved = page.evaluate("document.activeElement.dataset.id")
        assert moved and moved != start
        label = page.evaluate("document.activeElement.getAttribute('aria-label')")
        assert label.startswith("Cesta ")
        page.keyboard.press("Enter")
        expect(page.locator(".quiz-selected")).to_contain_text("Označeno 1")
        assert page.evaluate("document.activeElement.dataset.id") == moved
        page.keyboard.press("Tab")  # the board in words comes next, then the answer
        assert page.evaluate("document.activeElement.textContent") == (
            "Herní plán slovy, pole po poli")
        page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.textContent") == "Vyhodnotit"
        # "Co kdo dostane?": all five resource columns fit the phone, no hidden column.
        page.goto(f"{live_server.url}/kvizy/vynosy/a1/")
        widths = page.evaluate("""() => {
          const table = document.querySelector('.quiz-grid');
          return [table.scrollWidth, table.closest('.quiz-grid-wrap').clientWidth,
                  table.querySelectorAll('thead th').length];
        }""")
        assert widths[0] <= widths[1] and widths[2] == 6, widths
        ruda = page.locator(".quiz-grid thead th").last.bounding_box()
        assert ruda["x"] + ruda["width"] <= 360
    finally:
        context.close()


def _png_size(data: bytes) -> tuple[int, int]:
    """Width and height of a PNG screenshot (from its IHDR chunk)."""
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


def _fits_1080p(page) -> None:
    """The whole page is one 1920×1080 screen: a full-page screenshot is exactly that big
    and nothing sticks out of the window."""
    assert _png_size(page.screenshot(full_page=True)) == (1920, 1080)
    outside = page.evaluate("""() => [...document.querySelectorAll('main *')]
        .filter(el => el.getClientRects().length && getComputedStyle(el).visibility !== 'hidden')
        .filter(el => { const r = el.getBoundingClientRect();
                        return r.width && r.height
                               && (r.bottom > innerHeight + 1 || r.right > innerWidth + 1); })
        .map(el => el.tagName + '.' + el.className.baseVal + el.className)""")
    assert outside == [], outside


def _board_label_px(page) -> float:
    """The smallest rendered size of the board's terrain labels, in screen pixels."""
    return page.evaluate("""() => Math.min(...[...document.querySelectorAll(
        '.projector-board svg text.terrain')].map(t =>
        t.getScreenCTM().a * parseFloat(getComputedStyle(t).fontSize)))""")


def test_the_projector_fits_one_1080p_screen_at_every_stage(live_server, browser,
                                                            transactional_db):
    teacher = make_teacher()
    quiz = make_quiz(teacher, "Stavby a vesnice pro 7. B", [("vesnice", "a1"), ("stavba", "a1")])
    lesson = make_lesson(quiz, teacher, Lesson.Pace.TEACHER, 60, True, show_ranking=True)
    names = ["Ada", "Bob", "Cyril", "Dana", "Ema", "Filip", "Gita", "Hugo"]
    pupils = [classroom.join(lesson, name) for name in names]
    context, page = _context(browser, 1920, 1080, [])
    # The test opens the page anew at each stage: no poll reloads it under the test's feet.
    context.route(re.compile(r"[?&]cast=1"), lambda route: route.abort())
    try:
        context.add_cookies([_login_cookie(live_server, teacher)])
        url = f"{live_server.url}/ucitel/hodina/{lesson.code}/projektor/"
        page.goto(url)
        _fits_1080p(page)  # the lobby with eight names and the QR code
        classroom.control(lesson, "start")
        items = classroom.items_of(lesson)
        for number, pupil in enumerate(pupils[:-1]):  # one still thinking: the timer runs
            classroom.submit(lesson, pupil, items[0], ["b2.SE"] if number % 2 else ["e3.SE"])
        page.goto(url)
        expect(page.locator(".projector-timer")).to_contain_text("Zbývá")
        _fits_1080p(page)
        assert _board_label_px(page) >= 28
        classroom.control(lesson, "reveal")
        page.goto(url)
        expect(page.locator(".projector-top li")).to_have_count(5)
        _fits_1080p(page)
        # The right spot is drawn above the class's count, not under it.
        ring = page.locator(".answer-ring").first.bounding_box()
        assert ring["height"] >= 40
        classroom.control(lesson, "next")
        for pupil in pupils[:5]:
            classroom.submit(lesson, pupil, items[1], {"answer": ["suroviny", "misto"]})
        page.goto(url)
        # A choice question shows its options as large tiles, no counts before the reveal.
        expect(page.locator(".projector-tile")).to_have_count(4)
        expect(page.locator(".projector-tile-count")).to_have_count(0)
        tile = page.locator(".projector-tile").first.bounding_box()
        assert tile["height"] >= 50
        _fits_1080p(page)
        classroom.control(lesson, "reveal")
        page.goto(url)
        expect(page.locator(".projector-tile.is-right")).to_have_count(1)
        _fits_1080p(page)
        classroom.control(lesson, "close")
        page.goto(url)
        expect(page.locator(".projector-podium li")).not_to_have_count(0)
        _fits_1080p(page)
    finally:
        context.close()


# Each pace with each reveal mode: self-paced, the automatic reveal grades each pupil's
# answer at once (and a question whose time ran out shows its right answer); the teacher's
# reveal keeps everything for the end.
PACES = [
    (Lesson.Pace.TEACHER, Lesson.Reveal.TEACHER),
    (Lesson.Pace.TEACHER, Lesson.Reveal.AUTO),
    (Lesson.Pace.SELF, Lesson.Reveal.TEACHER),
    (Lesson.Pace.SELF, Lesson.Reveal.AUTO),
]


def _control(teacher, name):
    teacher.get_by_role("button", name=name).click()


def _mark(page, spot):
    page.locator(f"a.target[data-id='{spot}']").click()
    expect(page.locator(".quiz-selected")).to_contain_text("Označeno 1")


def _send(page):
    # Enter on the button, as a keyboard sends it. A click would first scroll it into view,
    # which waits for animation frames, and on a phone whose clock the test installed
    # (Bob's, Cyril's) those may not come: the click then timed out 1 run in ~10.
    page.get_by_role("button", name="Odeslat odpověď").press("Enter")


@pytest.mark.parametrize(("pace", "reveal"), PACES)
def test_four_phones_and_the_projector_at_every_transition(live_server, browser,
                                                           transactional_db, pace, reveal):
    """Lobby → question open → time up → revealed → next → ended, as each phone and the
    projector show it. Teacher-paced: Ada right, Bob wrong, Cyril's marked spot is sent by
    his page at time-up, Dana never answers the first question. Self-paced: each pupil's
    own clock; the projector follows live."""
    teacher = make_teacher()
    quiz = make_quiz(teacher, "Vesnice a stavby", [("vesnice", "a1"), ("stavba", "a1")])
    lesson = make_lesson(quiz, teacher, pace, 60, True, reveal=reveal, show_ranking=True)
    base, errors, contexts = live_server.url, [], []
    try:
        teacher_context, projector = _context(browser, 1920, 1080, errors)
        contexts.append(teacher_context)
        teacher_context.add_cookies([_login_cookie(live_server, teacher)])
        projector.goto(f"{base}/ucitel/hodina/{lesson.code}/projektor/")
        phones = {}
        for name in ("Ada", "Bob", "Cyril", "Dana"):
            context, phone = _context(browser, 390, 844, errors)
            contexts.append(context)
            if name in ("Bob", "Cyril"):
                phone.clock.install()  # their countdown is moved on by the test
            _join(phone, f"{base}/hra/{lesson.code}/", name)
            phones[name] = phone
        ada, bob, cyril, dana = phones.values()

        # Lobby: every phone waits, the wall lists the four.
        for phone in phones.values():
            expect(phone.locator("h1")).to_have_text("Čekáme na začátek")
            expect(phone.locator(".site-header")).to_have_count(0)
        expect(projector.locator(".projector-count")).to_have_text("Připojeno 4", timeout=POLL)
        expect(projector.locator(".projector-names li")).to_have_count(4)

        _control(projector, "Začít")
        for phone in phones.values():
            expect(phone.locator("h1")).to_contain_text("Otázka 1 z 2", timeout=POLL)
            expect(phone.locator(".quiz-timer")).to_contain_text("Zbývá")
            assert _fits(phone)
            # The controls are on the first screen: the board's spots and the button.
            button = phone.get_by_role("button", name="Odeslat odpověď").bounding_box()
            assert button["y"] + button["height"] <= 844

        if pace == Lesson.Pace.TEACHER:
            _teacher_paced(lesson, projector, phones, reveal)
        else:
            _self_paced(lesson, projector, phones, reveal)

        # The end: a podium on the wall, each phone its place.
        projector.goto(f"{base}/ucitel/hodina/{lesson.code}/ukoncit/")
        projector.get_by_role("button", name="Ano, ukončit hodinu").click()
        expect(projector.locator(".projector-podium li").first).to_contain_text("Ada")
        for phone in phones.values():
            expect(phone.locator("h1")).to_have_text("Hodina skončila", timeout=POLL)
            expect(phone.locator(".end-place")).to_contain_text("místo z 4")
        expect(ada.locator(".end-place")).to_have_text("1. místo z 4")
        assert _fits(dana)
    finally:
        for context in contexts:
            context.close()
    assert not errors, errors


def _back_to_real_time(phone):
    """The phone's clock, moved on past a question's time, runs from the real time again:
    still a minute ahead, the next question's countdown would end at once and its page send
    or reload itself under the test's taps (a check of a box then timed out now and then)."""
    phone.clock.set_system_time(time.time())
    seconds_left = phone.evaluate("""() => {
        const timer = document.querySelector('[data-deadline]');
        return timer ? (Date.parse(timer.dataset.deadline) - Date.now()) / 1000 : null; }""")
    assert seconds_left is None or seconds_left > 30, seconds_left


def _teacher_paced(lesson, projector, phones, reveal):
    ada, bob, cyril, dana = phones.values()
    expect(projector.locator("#otazka")).to_contain_text("Otázka 1 z 2")
    expect(projector.locator(".projector-count")).to_have_text("0 z 4 odpovědělo")
    _mark(ada, "b2.SE")
    _send(ada)
    _mark(bob, "e3.SE")
    _send(bob)
    for phone in (ada, bob):
        expect(phone.locator(".quiz-saved")).to_contain_text("Odpověď uložena")
        expect(phone.locator(".quiz-feedback")).to_have_count(0)
    expect(projector.locator(".projector-count")).to_have_text("2 z 4 odpovědělo",
                                                               timeout=POLL)
    expect(projector.locator(".heat-count")).to_have_count(0)
    # Cyril marks a spot and does not send it: at zero his page sends it by itself.
    _mark(cyril, "b2.SE")
    cyril.clock.fast_forward(61_000)
    expect(cyril.locator(".quiz-time-up")).to_contain_text("Uložili jsme")
    expect(cyril.locator(".quiz-saved")).to_contain_text("Odpověď uložena")
    expect(projector.locator(".projector-count")).to_have_text("3 z 4 odpovědělo",
                                                               timeout=POLL)
    _back_to_real_time(cyril)

    # Time up for the class.
    Lesson.objects.filter(pk=lesson.pk).update(
        question_started=timezone.now() - timedelta(seconds=61))
    if reveal == Lesson.Reveal.TEACHER:
        expect(projector.locator(".projector-state")).to_have_text("Čas vypršel", timeout=POLL)
        expect(dana.locator(".quiz-error[role='status']")).to_contain_text(
            "Čas vypršel", timeout=POLL)
        expect(ada.locator(".lesson-next")).to_contain_text("až učitel odhalí")
        expect(ada.locator(".quiz-feedback")).to_have_count(0)
        _control(projector, "Odhalit")
    # Revealed (by the teacher, or by itself at time-up): every phone learns it.
    expect(projector.locator(".projector-state")).to_have_text("Správná odpověď odhalena",
                                                               timeout=POLL)
    expect(projector.locator(".answer-ring")).to_have_count(1)
    expect(projector.locator(".projector-board .heat-count")).to_have_count(2)
    expect(ada.locator(".quiz-feedback h2")).to_have_text("Správně", timeout=POLL)
    expect(ada.locator(".quiz-standing")).to_contain_text("+1 správně")
    expect(ada.locator(".quiz-standing")).to_contain_text("jste 1. z 4")
    expect(cyril.locator(".quiz-feedback h2")).to_have_text("Správně", timeout=POLL)
    expect(bob.locator(".quiz-feedback h2")).to_have_text("Ne tak docela", timeout=POLL)
    expect(bob.locator(".quiz-standing")).to_contain_text("Tentokrát ne")
    expect(dana.locator(".quiz-standing")).to_contain_text("Bez odpovědi", timeout=POLL)
    expect(dana.locator(".quiz-play")).to_contain_text("Na tuto otázku jste neodpověděli")
    expect(ada.locator(".lesson-next")).to_contain_text("další otázku")

    _control(projector, "Další otázka")
    expect(projector.locator("#otazka")).to_contain_text("Otázka 2 z 2")
    expect(projector.locator(".projector-tile")).to_have_count(4)
    for phone in phones.values():
        expect(phone.locator("h1")).to_contain_text("Otázka 2 z 2", timeout=POLL)
        box = phone.get_by_role("button", name="Odeslat odpověď").bounding_box()
        assert box["y"] + box["height"] <= 844, (phone.url, box)  # the board, then the choices
    for phone, reasons in ((ada, ["suroviny"]), (bob, ["suroviny", "misto"]),
                           (cyril, ["ano"]), (dana, ["misto"])):
        for value in reasons:
            phone.check(f"input[name='answer'][value='{value}']")
        _send(phone)
        if phone is dana and reveal == Lesson.Reveal.AUTO:
            break  # the last answer reveals at once
        expect(phone.locator(".quiz-saved")).to_contain_text("Odpověď uložena")
        if phone is bob:  # before the last answer, which may reveal (and refresh) at once
            expect(bob.locator(".quiz-saved")).to_contain_text(
                "Ne: chybí suroviny, Ne: není kde stavět")
    if reveal == Lesson.Reveal.TEACHER:
        expect(projector.locator(".projector-count")).to_have_text("4 z 4 odpovědělo",
                                                                   timeout=POLL)
        # Everybody answered: the countdown stops, the wall says so, the teacher reveals.
        expect(projector.locator(".projector-state")).to_have_text("Všichni odpověděli",
                                                                   timeout=POLL)
        expect(projector.locator(".projector-timer")).to_have_count(0)
        expect(projector.locator(".projector-tile-count")).to_have_count(0)
        _control(projector, "Odhalit")
    # Everybody answered: in the automatic mode the answer shows by itself.
    expect(projector.locator(".projector-tile.is-right")).to_have_count(1, timeout=POLL)
    expect(projector.locator(".projector-tile.is-right")).to_contain_text("2×")
    for phone in phones.values():
        expect(phone.locator(".lesson-next")).to_contain_text("To byla poslední otázka",
                                                              timeout=POLL)
    expect(projector.get_by_role("link", name="Ukončit hodinu a ukázat výsledky")).to_be_visible()


def _self_paced(lesson, projector, phones, reveal):
    ada, bob, cyril, dana = phones.values()
    at_once = reveal == Lesson.Reveal.AUTO
    expect(projector.locator(".projector-count")).to_contain_text("hotové 0 z 4")
    _mark(ada, "b2.SE")
    expect(ada.locator(".quiz-feedback")).to_have_count(0)  # nothing before the answer
    _send(ada)
    if at_once:  # right, why, and the running score, at once
        expect(ada.locator(".quiz-feedback h2")).to_have_text("Správně")
        expect(ada.locator(".quiz-standing")).to_contain_text("+1 správně")
        expect(ada.locator(".quiz-running")).to_have_text(
            re.compile(r"zatím správně 1 z 1 a \d+ bod(y|ů)? za rychlost"))
        expect(ada.locator(".quiz-reasons a").first).to_have_text("Almanach")
        assert _fits(ada)
    else:
        expect(ada.locator(".quiz-saved")).to_contain_text("Odpověď uložena")
        expect(ada.locator(".quiz-feedback")).to_have_count(0)  # nothing right before the end
    ada.get_by_role("link", name="Další otázka").click()
    expect(ada.locator("h1")).to_contain_text("Otázka 2 z 2")
    expect(ada.locator(".quiz-feedback")).to_have_count(0)
    ada.check("input[name='answer'][value='suroviny']")
    _send(ada)
    if at_once:
        expect(ada.locator(".quiz-feedback h2")).to_be_visible()
        expect(ada.locator(".quiz-running")).to_contain_text(" z 2")
    ada.get_by_role("link", name="Dokončit").click()
    expect(ada.locator("h1")).to_have_text("Hotovo")
    if at_once:  # done: the score and every question with its right answer
        expect(ada.locator(".lead")).to_contain_text("Správně jste odpověděli na")
        expect(ada.locator(".recap-item")).to_have_count(2)
    else:
        expect(ada.locator(".recap-item")).to_have_count(0)
    # The wall follows live: Ada is done, the question counts and her progress show.
    expect(projector.locator(".projector-count")).to_contain_text("hotové 1 z 4", timeout=POLL)
    expect(projector.locator(".projector-progress")).to_contain_text("Ada")
    expect(projector.locator(".projector-top li").first).to_contain_text("Ada")
    # Bob's own time runs out with nothing filled in: the page says so and moves on (in the
    # automatic mode, after showing him the right answer of the question he missed).
    Pupil.objects.filter(nickname="Bob").update(seen_at=timezone.now() - timedelta(seconds=61))
    bob.clock.fast_forward(61_000)
    expect(bob.locator(".quiz-time-up")).to_contain_text("Čas na otázku 1 vypršel")
    if at_once:
        expect(bob.locator("h1")).to_contain_text("Otázka 1 z 2")
        expect(bob.locator(".quiz-feedback")).to_contain_text("Na tuto otázku jste neodpověděli")
        expect(bob.locator(".quiz-standing")).to_contain_text("Bez odpovědi")
        expect(bob.get_by_role("button", name="Odeslat odpověď")).to_have_count(0)
        _back_to_real_time(bob)
        bob.get_by_role("link", name="Další otázka").click()
    expect(bob.locator("h1")).to_contain_text("Otázka 2 z 2")
    expect(bob.locator(".quiz-feedback")).to_have_count(0)
    _back_to_real_time(bob)
    # Cyril marked a spot: at zero his page sends it, and says it was stored.
    _mark(cyril, "e3.SE")
    cyril.clock.fast_forward(61_000)
    expect(cyril.locator(".quiz-time-up")).to_contain_text("Uložili jsme")
    if at_once:
        expect(cyril.locator(".quiz-feedback h2")).to_have_text("Ne tak docela")
        expect(cyril.locator(".quiz-running")).to_contain_text("zatím správně 0 z 1")
    else:
        expect(cyril.locator(".quiz-saved")).to_contain_text("Odpověď uložena")
    assert Answer.objects.get(pupil__nickname="Cyril").response == ["e3.SE"]
    _back_to_real_time(cyril)
    expect(projector.locator(".projector-shares li").first).to_contain_text(
        "odpovědí: 2", timeout=POLL)
    expect(dana.locator("h1")).to_contain_text("Otázka 1 z 2")
    expect(dana.locator(".quiz-feedback")).to_have_count(0)  # others' feedback is not hers


# What a question needs (issue 40, item 7): on the first screen of a 390×844 phone, the
# situation (prompt, the facts the board cannot show) and the board, for every kind.
FIRST_SCREEN = """() => {
  const box = sel => { const el = document.querySelector(sel);
                       return el ? el.getBoundingClientRect().toJSON() : null; };
  return {prompt: box('.quiz-prompt'), facts: box('.quiz-facts'),
          board: box('.quiz-board svg'), answer: box('form.quiz-answer'),
          button: box('form.quiz-answer button[type=submit]'),
          control: box('form.quiz-answer select, form.quiz-answer input[type=radio], '
                       + 'form.quiz-answer input[type=checkbox]'),
          width: document.documentElement.scrollWidth};
}"""


@pytest.mark.parametrize("slug", list(quiz.KINDS))
def test_what_the_question_needs_is_on_the_phones_first_screen(live_server, browser,
                                                                transactional_db, slug):
    teacher = make_teacher()
    lesson_quiz = make_quiz(teacher, "Pravidla", [(slug, _largest_example(slug))])
    lesson = make_lesson(lesson_quiz, teacher, Lesson.Pace.TEACHER, 60)
    errors = []
    context, phone = _context(browser, 390, 844, errors, polling=False)
    try:
        _join(phone, f"{live_server.url}/hra/{lesson.code}/", "Ada")
        classroom.control(lesson, "start")
        phone.goto(f"{live_server.url}/hra/{lesson.code}/")
        expect(phone.locator("h1")).to_contain_text("Otázka 1 z 1")
        boxes = phone.evaluate(FIRST_SCREEN)
        assert boxes["width"] <= 390, boxes  # no sideways scroll
        # The whole situation: the prompt, every fact, the whole board.
        for part in ("prompt", "facts", "board"):
            box = boxes[part]
            assert box is None or box["y"] + box["height"] <= 844, (part, boxes)
        assert boxes["prompt"] is not None
        prepared = quiz.prepare(slug, _largest_example(slug))
        assert (boxes["facts"] is not None) == bool(prepared.facts)
        assert (boxes["board"] is not None) == bool(getattr(prepared.kind, "board", True))
        # The facts come before the board, and the answer starts on the first screen.
        if boxes["facts"] and boxes["board"]:
            assert boxes["facts"]["y"] < boxes["board"]["y"]
        start = boxes["control"] or boxes["button"]
        assert start["y"] < 844, boxes
    finally:
        context.close()
    assert not errors, errors


def test_a_phone_that_loses_its_seat_says_why_and_shows_no_pin(live_server, browser, lesson):
    """The teacher removes Ada from the wall; Bob's seat is taken on a laptop with its PIN:
    each phone follows within a poll, says why in Czech, and no PIN stays in its header."""
    base, errors, contexts = live_server.url, [], []
    try:
        teacher_context, projector = _context(browser, 1920, 1080, errors)
        contexts.append(teacher_context)
        teacher_context.add_cookies([_login_cookie(live_server, lesson.teacher)])
        phones = {}
        for name in ("Ada", "Bob"):
            context, phone = _context(browser, 390, 844, errors)
            contexts.append(context)
            _join(phone, f"{base}/hra/{lesson.code}/", name)
            expect(phone.locator(".seat-pin")).to_be_visible()
            phones[name] = phone
        projector.goto(f"{base}/ucitel/hodina/{lesson.code}/projektor/")
        projector.get_by_role("button", name="Odebrat žáka Ada").click()
        ada = phones["Ada"]
        expect(ada.locator(".seat-lost")).to_contain_text("Učitel vás z této hodiny odebral",
                                                          timeout=POLL)
        expect(ada.locator(".seat-pin")).to_have_count(0)
        expect(ada.get_by_text("PIN vašeho místa")).to_have_count(0)
        pin = Pupil.objects.get(nickname="Bob").pin
        laptop_context, laptop = _context(browser, 1280, 800, errors)
        contexts.append(laptop_context)
        laptop.goto(f"{base}/hra/{lesson.code}/")
        laptop.fill("#prezdivka", "Bob")
        laptop.locator(".join-pin summary").click()
        laptop.fill("#pin", pin)
        laptop.get_by_role("button", name="Připojit se").click()
        expect(laptop.locator(".seat-pin")).to_be_visible()
        bob = phones["Bob"]
        expect(bob.locator(".seat-lost")).to_contain_text("teď používá jiné zařízení",
                                                          timeout=POLL)
        expect(bob.locator(".seat-pin")).to_have_count(0)
        expect(bob.locator("#prezdivka")).to_have_value("Bob")
        assert _fits(bob)
    finally:
        for context in contexts:
            context.close()
    assert not errors, errors


def test_a_teacher_starts_a_lesson_from_the_first_screen_of_a_768_px_laptop(
        live_server, browser, transactional_db):
    teacher = make_teacher()
    for title in ("Vesnice a sedmička", "Obchod se zámořím", "Kdo vyhrál?"):
        make_quiz(teacher, title, [("vesnice", "a1")])
    running = Quiz.objects.get(title="Kdo vyhrál?")
    make_lesson(running, teacher)
    errors = []
    context, page = _context(browser, 1366, 768, errors)
    try:
        context.add_cookies([_login_cookie(live_server, teacher)])
        page.goto(f"{live_server.url}/ucitel/")
        buttons = page.get_by_role("button", name=re.compile("^Spustit hodinu s kvízem"))
        expect(buttons).to_have_count(3)
        for index in range(3):
            box = buttons.nth(index).bounding_box()
            assert box["y"] + box["height"] <= 768, box
        page.get_by_role("button", name="Spustit hodinu s kvízem Obchod se zámořím").click()
        expect(page.locator(".projector-big-code")).to_be_visible()
        lesson = Lesson.objects.get(title="Obchod se zámořím")
        assert lesson.teacher_paced and lesson.reveal == Lesson.Reveal.TEACHER
        assert lesson.timer_seconds is None and lesson.late_join
        # Other settings: the quiz's own start form, scrolled into view.
        page.goto(f"{live_server.url}/ucitel/")
        page.get_by_role("link", name="jinak nastavenou…").first.click()
        expect(page.locator("#spustit")).to_be_in_viewport()
    finally:
        context.close()
    assert not errors, errors
