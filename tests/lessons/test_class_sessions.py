"""Class lessons: joining, seats that survive, idempotent answers, the teacher's pages.

The reveal, the projector, rejoining and quiz management have modules of their own."""

import csv
import io
import re
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.test import Client
from django.utils import timezone

from tests.helpers.makers import make_teacher
from tests.helpers.pages import html
from tests.lessons.conftest import PASSWORD, join
from tutorial.lessons import classroom
from tutorial.lessons.models import CODE_ALPHABET, Answer, Lesson, Pupil

pytestmark = pytest.mark.django_db


def start(teacher_client: Client, lesson: Lesson) -> None:
    teacher_client.post(f"/ucitel/hodina/{lesson.code}/ovladani/", {"akce": "start"})
    lesson.refresh_from_db()


# --- joining -----------------------------------------------------------------------------

def test_code_is_short_and_unambiguous(lesson):
    assert len(lesson.code) == 6
    assert set(lesson.code) <= set(CODE_ALPHABET)
    assert not set("0O1IL2Z5S8B") & set(CODE_ALPHABET)


def test_pupil_joins_with_code_and_nickname(lesson):
    pupil = Client()
    response = join(pupil, lesson, "Jana")
    assert response.status_code == 302 and response["Location"] == f"/hra/{lesson.code}/"
    page = html(pupil.get(response["Location"]))
    assert "Jana" in page and "Čekáme na začátek" in page
    assert Pupil.objects.get(lesson=lesson).nickname == "Jana"


def test_code_is_forgiving_about_case_spaces_and_dashes(lesson):
    typed = f" {lesson.code[:3].lower()}-{lesson.code[3:]} "
    assert Client().post("/hra/", {"kod": typed, "prezdivka": "Petr"}).status_code == 302


def test_empty_nickname_gets_a_generated_czech_one(lesson):
    join(Client(), lesson, "")
    nickname = Pupil.objects.get(lesson=lesson).nickname
    adjective, animal = nickname.split(" ")[:2]
    assert adjective in classroom.ADJECTIVES and animal in classroom.ANIMALS


def test_duplicate_nickname_is_refused_case_insensitively(lesson):
    join(Client(), lesson, "Karel")
    response = join(Client(), lesson, "  kAREL ")
    assert response.status_code == 409
    assert "už v této hodině někdo má" in html(response)
    assert Pupil.objects.filter(lesson=lesson).count() == 1


def test_nickname_is_escaped(lesson, teacher_client):
    evil = Client()
    join(evil, lesson, "<b>Zlý</b>")
    assert "&lt;b&gt;Zlý&lt;/b&gt;" in html(evil.get(f"/hra/{lesson.code}/"))
    results = html(teacher_client.get(f"/ucitel/hodina/{lesson.code}/vysledky/"))
    assert "<b>Zlý</b>" not in results and "&lt;b&gt;Zlý&lt;/b&gt;" in results


@pytest.mark.parametrize("code", ["", "ABC", "XXXXXX", "ÁČ<>", "A" * 20])
def test_unknown_code_gets_a_czech_message(client, code, lesson):
    response = client.post("/hra/", {"kod": code, "prezdivka": "Jana"})
    assert response.status_code == 404
    assert "nenašli" in html(response) or "Zadejte kód" in html(response)


def test_stale_join_link_gets_a_czech_message(client):
    response = client.get("/hra/ACDEFH/")
    assert response.status_code == 404 and "nenašli" in html(response)


def test_join_link_with_the_code_asks_only_for_a_nickname(client, lesson):
    page = html(client.get(f"/hra/{lesson.code}/"))
    assert lesson.code in page and 'name="prezdivka"' in page
    assert 'type="hidden" name="kod"' in page


def test_closed_session_cannot_be_joined(client, lesson):
    classroom.control(lesson, "close")
    response = join(client, lesson, "Pozdní")
    assert response.status_code == 410 and "skončila" in html(response)


def test_join_code_guessing_is_limited_per_address(client, lesson):
    for _ in range(20):
        client.post("/hra/", {"kod": "XXXXXX", "prezdivka": "Hádač"})
    response = client.post("/hra/", {"kod": lesson.code, "prezdivka": "Hádač"})
    assert response.status_code == 429
    assert "Příliš mnoho pokusů" in html(response)
    other = Client(REMOTE_ADDR="10.0.0.2")
    assert join(other, lesson, "Jiný").status_code == 302


def test_behind_a_proxy_the_limit_counts_the_address_the_proxy_saw(client, lesson, settings):
    settings.USE_X_FORWARDED_HOST = True
    for _ in range(20):
        client.post("/hra/", {"kod": "XXXXXX"}, HTTP_X_FORWARDED_FOR="1.2.3.4, 10.9.9.9")
    blocked = client.post("/hra/", {"kod": lesson.code, "prezdivka": "Hádač"},
                          HTTP_X_FORWARDED_FOR="6.6.6.6, 10.9.9.9")
    assert blocked.status_code == 429  # the forged first entry does not help
    other = client.post("/hra/", {"kod": lesson.code, "prezdivka": "Jiný"},
                        HTTP_X_FORWARDED_FOR="10.9.9.8")
    assert other.status_code == 302


# --- seats survive -------------------------------------------------------------------------

def test_refresh_keeps_the_seat(lesson):
    pupil = Client()
    join(pupil, lesson, "Věra")
    for _ in range(3):
        assert "Věra" in html(pupil.get(f"/hra/{lesson.code}/"))
    assert Pupil.objects.count() == 1


def test_lost_session_cookie_rejoins_by_the_signed_seat_cookie(lesson):
    pupil = Client()
    join(pupil, lesson, "Ota")
    seat = pupil.cookies[f"kviz-misto-{lesson.code}"]
    phone = Client()  # the phone slept and lost its session; the seat cookie survived
    phone.cookies[seat.key] = seat.value
    assert "Ota" in html(phone.get(f"/hra/{lesson.code}/"))
    # Joining again from that phone gives back the same seat, not a second pupil.
    assert join(phone, lesson, "Ota").status_code == 302
    assert Pupil.objects.filter(lesson=lesson).count() == 1


def test_forged_seat_cookie_is_ignored(lesson):
    join(Client(), lesson, "Ota")
    forger = Client()
    forger.cookies[f"kviz-misto-{lesson.code}"] = Pupil.objects.get().token  # unsigned
    assert 'name="prezdivka"' in html(forger.get(f"/hra/{lesson.code}/"))


# --- answering -------------------------------------------------------------------------------

def test_teacher_paced_flow(lesson, teacher_client):
    pupil = Client()
    join(pupil, lesson, "Eva")
    start(teacher_client, lesson)
    page = html(pupil.get(f"/hra/{lesson.code}/"))
    assert "Otázka 1 z 3" in page and "Kde smí stát vesnice?" in page
    # Click questions work by links: toggle, then submit.
    assert pupil.get(f"/hra/{lesson.code}/1/?prepnout=b2.SE").status_code == 302
    assert "Označeno 1" in html(pupil.get(f"/hra/{lesson.code}/"))
    response = pupil.post(f"/hra/{lesson.code}/1/", {"vyber": "1", "misto": ["b2.SE"]})
    assert response.status_code == 302
    page = html(pupil.get(f"/hra/{lesson.code}/"))
    assert "Odpověď uložena" in page and "Počkejte, až učitel odhalí" in page
    # A pupil cannot answer ahead of the class.
    ahead = pupil.post(f"/hra/{lesson.code}/2/", {"orange": "0", "red": "4", "blue": "5"})
    assert ahead.status_code == 409 and "ještě nezačala" in html(ahead)
    assert Answer.objects.count() == 1
    # The teacher moves everyone on; the polling page learns it.
    version = lesson.version()
    assert pupil.get(f"/hra/{lesson.code}/stav/?v={version}").status_code == 204
    teacher_client.post(f"/ucitel/hodina/{lesson.code}/ovladani/", {"akce": "next"})
    status = pupil.get(f"/hra/{lesson.code}/stav/?v={version}", HTTP_HX_REQUEST="true")
    assert status["HX-Refresh"] == "true"
    assert "Otázka 2 z 3" in html(pupil.get(f"/hra/{lesson.code}/"))
    pupil.post(f"/hra/{lesson.code}/2/", {"orange": "0", "red": "4", "blue": "4"})
    answers = {a.item.kind: a for a in Answer.objects.all()}
    assert answers["vesnice"].correct and not answers["sedmicka"].correct
    assert answers["vesnice"].points == 0  # no speed points in this lesson


def test_double_tap_stores_one_answer(lesson, teacher_client):
    pupil = Client()
    join(pupil, lesson, "Dan")
    start(teacher_client, lesson)
    for _ in range(3):
        pupil.post(f"/hra/{lesson.code}/1/", {"vyber": "1", "misto": ["e3.SE"]})
    assert Answer.objects.count() == 1
    # A later, different answer does not replace the first.
    pupil.post(f"/hra/{lesson.code}/1/", {"vyber": "1", "misto": ["b2.SE"]})
    assert Answer.objects.get().response == ["e3.SE"]


def test_answer_is_unique_in_the_database(lesson, teacher_client):
    pupil = Client()
    join(pupil, lesson, "Dan")
    classroom.control(lesson, "start")
    item = lesson.items.first()
    stored = classroom.submit(lesson, Pupil.objects.get(), item, ["b2.SE"])
    again = classroom.submit(lesson, Pupil.objects.get(), item, [])
    assert stored.created and not again.created and again.answer.pk == stored.answer.pk
    from django.db import IntegrityError, transaction

    with pytest.raises(IntegrityError), transaction.atomic():
        Answer.objects.create(pupil=Pupil.objects.get(), item=item, variant="a3",
                              response=[], correct=False, score=0)


def test_incomplete_form_answer_is_not_stored_and_keeps_choices(lesson, teacher_client):
    pupil = Client()
    join(pupil, lesson, "Ema")
    start(teacher_client, lesson)
    teacher_client.post(f"/ucitel/hodina/{lesson.code}/ovladani/", {"akce": "next"})
    response = pupil.post(f"/hra/{lesson.code}/2/", {"orange": "0", "red": "4"})
    assert response.status_code == 400
    assert "Vyplňte prosím všechny odpovědi" in html(response)
    assert '<option value="4" selected>' in html(response)
    assert Answer.objects.count() == 0


def test_self_paced_session_lets_each_pupil_go_on(class_quiz, teacher, teacher_client):
    lesson = classroom.start_lesson(class_quiz, teacher, Lesson.Pace.SELF, None, False)
    pupil = Client()
    join(pupil, lesson, "Iva")
    start(teacher_client, lesson)
    pupil.post(f"/hra/{lesson.code}/1/", {"vyber": "1", "misto": ["b2.SE"]})
    page = html(pupil.get(f"/hra/{lesson.code}/?po=1"))
    assert "Odpověď uložena" in page and "Další otázka" in page
    assert "Správně" not in page  # right or wrong only when the lesson ends
    assert "Otázka 2 z 3" in html(pupil.get(f"/hra/{lesson.code}/"))
    pupil.post(f"/hra/{lesson.code}/2/", {"orange": "0", "red": "4", "blue": "5"})
    page = html(pupil.get(f"/hra/{lesson.code}/"))
    assert "Otázka 3 z 3" in page and "Kudy může vést silnice?" in page


def test_per_pupil_variants_differ_but_stay_put(class_quiz, teacher):
    lesson = classroom.start_lesson(class_quiz, teacher, Lesson.Pace.SELF, None, False)
    item = lesson.items.get(order=3)
    first = classroom.join(lesson, "Ada")
    second = classroom.join(lesson, "Bob")
    assert classroom.variant_for(item, first) == classroom.variant_for(item, first)
    assert classroom.variant_for(item, first) != classroom.variant_for(item, second)


def test_speed_points_count_from_the_question_s_own_start(class_quiz, teacher,
                                                         teacher_client):
    lesson = classroom.start_lesson(class_quiz, teacher, Lesson.Pace.TEACHER, None, True)
    fast, slow = Client(), Client()
    join(fast, lesson, "Rychlík")
    join(slow, lesson, "Loudal")
    start(teacher_client, lesson)
    fast.post(f"/hra/{lesson.code}/1/", {"vyber": "1", "misto": ["b2.SE"]})
    Lesson.objects.filter(pk=lesson.pk).update(
        question_started=timezone.now() - timedelta(seconds=45))
    slow.post(f"/hra/{lesson.code}/1/", {"vyber": "1", "misto": ["b2.SE"]})
    points = {a.pupil.nickname: a.points for a in Answer.objects.all()}
    assert points["Rychlík"] > points["Loudal"] > 0
    # The next question's clock starts when the teacher opens it, not at the lesson's start.
    teacher_client.post(f"/ucitel/hodina/{lesson.code}/ovladani/", {"akce": "next"})
    slow.post(f"/hra/{lesson.code}/2/", {"orange": "0", "red": "4", "blue": "5"})
    second = Answer.objects.get(pupil__nickname="Loudal", item__order=2)
    assert second.correct and second.points > points["Loudal"]


def test_closed_session_shows_the_end_to_pupils(lesson, teacher_client):
    pupil = Client()
    join(pupil, lesson, "Olga")
    start(teacher_client, lesson)
    teacher_client.post(f"/ucitel/hodina/{lesson.code}/ovladani/",
                        {"akce": "close", "potvrdit": "1"})
    page = html(pupil.get(f"/hra/{lesson.code}/"))
    assert "Hodina skončila" in page
    response = pupil.post(f"/hra/{lesson.code}/1/", {"vyber": "1", "misto": ["b2.SE"]})
    assert response.status_code == 409 and "odpovědi se už nepřijímají" in html(response)
    assert not Answer.objects.exists()


# --- the teacher -----------------------------------------------------------------------------

def test_teacher_pages_need_login(client, lesson):
    for url in ("/ucitel/", "/ucitel/kviz/novy/", f"/ucitel/hodina/{lesson.code}/",
                f"/ucitel/hodina/{lesson.code}/vysledky/"):
        response = client.get(url)
        assert response.status_code == 302 and response["Location"].startswith("/prihlaseni/")


def test_teacher_builds_a_quiz_and_starts_a_session(teacher_client):
    response = teacher_client.post("/ucitel/kviz/novy/", {
        "nazev": "Stavění", "druh": ["vesnice", "stavba"], "pocet": "2", "varianty": "same"})
    assert response.status_code == 302
    page = html(teacher_client.get(response["Location"]))
    assert page.count("Kde smí stát vesnice?") >= 2 and "Může stavět?" in page
    quiz_url = response["Location"]
    response = teacher_client.post(quiz_url + "spustit/", {"tempo": "ucitel", "limit": "30"})
    lesson = Lesson.objects.get()
    assert response["Location"] == f"/ucitel/hodina/{lesson.code}/projektor/"
    assert lesson.timer_seconds == 30 and lesson.items.count() == 4
    page = html(teacher_client.get(f"/ucitel/hodina/{lesson.code}/"))
    assert lesson.code in page and f"/hra/{lesson.code}/" in page
    assert f'src="/ucitel/hodina/{lesson.code}/qr.svg"' in page


def test_quiz_form_errors_are_czech(teacher_client):
    response = teacher_client.post("/ucitel/kviz/novy/", {"nazev": "", "pocet": "9"})
    assert response.status_code == 400
    page = html(response)
    assert "Zadejte název" in page and "Vyberte aspoň jeden druh" in page


def test_qr_code_is_an_svg_image_without_inline_style(teacher_client, lesson):
    response = teacher_client.get(f"/ucitel/hodina/{lesson.code}/qr.svg")
    assert response["Content-Type"] == "image/svg+xml"
    body = html(response)
    assert body.startswith('<svg xmlns="http://www.w3.org/2000/svg"') and "style" not in body


def test_teacher_reopens_a_running_session_from_another_device(teacher, lesson):
    laptop = Client()
    laptop.post("/prihlaseni/", {"username": "novakova", "password": PASSWORD})
    page = html(laptop.get("/ucitel/"))
    assert lesson.code in page
    assert laptop.get(f"/ucitel/hodina/{lesson.code}/").status_code == 200


def _poll_of(page: str, list_id: str) -> str:
    tag = re.search(rf'<div id="{list_id}"[^>]*>', page).group(0)
    return re.search(r'hx-get="([^"]+)"', tag).group(1).replace("&amp;", "&")


def test_the_teachers_live_lists_are_drawn_again_only_when_something_changed(lesson,
                                                                            teacher_client):
    # Polled every 3 s: an unchanged list answers 204 and stays on the teacher's screen as it
    # is (a scrolled table, a focused button); a join, an answer or a reveal redraws it.
    def poll(url):
        return teacher_client.get(url, HTTP_HX_REQUEST="true")

    pupils = _poll_of(html(teacher_client.get(f"/ucitel/hodina/{lesson.code}/")), "zaci")
    assert poll(pupils).status_code == 204
    ada = Client()
    join(ada, lesson, "Ada")
    redrawn = poll(pupils)
    assert redrawn.status_code == 200 and "Ada" in html(redrawn)
    pupils = _poll_of(html(redrawn), "zaci")
    assert poll(pupils).status_code == 204

    start(teacher_client, lesson)
    results = _poll_of(html(teacher_client.get(f"/ucitel/hodina/{lesson.code}/vysledky/")),
                       "vysledky")
    assert poll(results).status_code == 204
    ada.post(f"/hra/{lesson.code}/1/", {"vyber": "1", "misto": ["b2.SE"]})
    redrawn = poll(results)
    assert redrawn.status_code == 200 and "Odpovědí: 1" in html(redrawn)
    assert "správnost až po odhalení" in html(redrawn)
    results = _poll_of(html(redrawn), "vysledky")
    assert poll(results).status_code == 204
    assert poll(pupils).status_code == 200  # Ada's answer count changed there too
    teacher_client.post(f"/ucitel/hodina/{lesson.code}/ovladani/", {"akce": "reveal"})
    revealed = poll(results)
    assert revealed.status_code == 200 and "správně: 1" in html(revealed)


def test_another_teacher_cannot_see_the_session(lesson):
    other = make_teacher("jiny")
    client = Client()
    client.force_login(other)
    response = client.get(f"/ucitel/hodina/{lesson.code}/")
    assert response.status_code == 404 and "nenašli" in html(response)
    assert client.post(f"/ucitel/hodina/{lesson.code}/ovladani/",
                       {"akce": "close"}).status_code == 404
    assert client.get(f"/ucitel/hodina/{lesson.code}/vysledky.csv").status_code == 404


def test_results_show_shares_heat_map_and_what_each_pupil_answered(lesson, teacher_client):
    start(teacher_client, lesson)
    for name, spots in (("Ada", ["b2.SE"]), ("Bob", ["b2.SE", "e3.SE"]), ("Cyril", [])):
        pupil = Client()
        join(pupil, lesson, name)
        pupil.post(f"/hra/{lesson.code}/1/", {"vyber": "1", "misto": spots})
    url = f"/ucitel/hodina/{lesson.code}/vysledky/"
    page = html(teacher_client.get(url))
    # Before the reveal: how many answered, nothing of where (the page may be projected).
    assert "Odpovědí: 3" in page and "správnost až po odhalení" in page
    assert "quiz-ok" not in page and "mark-hit" not in page
    assert 'class="heat-count"' not in page and "u pouště" not in page
    teacher_client.post(f"/ucitel/hodina/{lesson.code}/ovladani/", {"akce": "reveal"})
    page = html(teacher_client.get(url))
    assert "Odpovědí: 3 · správně: 1" in page and "(33 %)" in page and "mark-hit" in page
    assert 'class="heat-count"' in page and ">2</text>" in page  # two clicked b2.SE
    for name in ("Ada", "Bob", "Cyril"):
        assert name in page
    # What each answered, by the spots' names.
    assert page.count("u pouště, pastviny 12 a lesa 3") >= 2 and "nic neoznačeno" in page
    fragment = teacher_client.get(url, HTTP_HX_REQUEST="true")
    assert html(fragment).lstrip().startswith('<div id="vysledky"')


def test_csv_export_has_the_answers_per_question(lesson, teacher_client):
    start(teacher_client, lesson)
    pupil = Client()
    join(pupil, lesson, "=cmd|calc")
    pupil.post(f"/hra/{lesson.code}/1/", {"vyber": "1", "misto": ["b2.SE"]})
    teacher_client.post(f"/ucitel/hodina/{lesson.code}/ovladani/", {"akce": "reveal"})
    response = teacher_client.get(f"/ucitel/hodina/{lesson.code}/vysledky.csv")
    assert response["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig")), delimiter=";"))
    assert rows[0][:3] == ["přezdívka", "1. Kde smí stát vesnice?: odpověď", "1. správně"]
    assert rows[0][-3:] == ["správně", "body za rychlost", "pořadí"]
    assert rows[1][0] == "'=cmd|calc"
    assert rows[1][1] == "u pouště, pastviny 12 a lesa 3" and rows[1][2] == "1"
    assert rows[1][3:5] == ["", ""]  # question 2 not answered
    assert len(rows[1]) == len(rows[0])


def test_issue_40_the_csv_leaves_the_open_question_out_until_its_reveal(lesson,
                                                                        teacher_client):
    start(teacher_client, lesson)
    pupil = Client()
    join(pupil, lesson, "Ada")
    pupil.post(f"/hra/{lesson.code}/1/", {"vyber": "1", "misto": ["b2.SE"]})
    url = f"/ucitel/hodina/{lesson.code}/vysledky.csv"

    def rows():
        text = teacher_client.get(url).content.decode("utf-8-sig")
        return list(csv.reader(io.StringIO(text), delimiter=";"))

    before = rows()
    assert not any(cell.startswith("1. ") for cell in before[0])
    assert "u pouště, pastviny 12 a lesa 3" not in before[1]
    assert before[1][-3:] == ["0", "0", "1"]  # the open question counts in no total yet
    assert len(before[1]) == len(before[0])
    teacher_client.post(f"/ucitel/hodina/{lesson.code}/ovladani/", {"akce": "reveal"})
    after = rows()
    assert after[0][1:3] == ["1. Kde smí stát vesnice?: odpověď", "1. správně"]
    assert after[1][1:3] == ["u pouště, pastviny 12 a lesa 3", "1"]
    assert after[1][-3] == "1"


def test_controls_refuse_nonsense_politely(lesson, teacher_client):
    response = teacher_client.post(f"/ucitel/hodina/{lesson.code}/ovladani/", {"akce": "x"})
    assert response.status_code == 400 and "Neznámý příkaz" in html(response)
    start(teacher_client, lesson)
    for _ in range(5):  # past the last question: nothing happens
        teacher_client.post(f"/ucitel/hodina/{lesson.code}/ovladani/", {"akce": "next"})
    lesson.refresh_from_db()
    assert lesson.current == 2


def test_quiz_items_can_be_added_and_removed(teacher_client, teacher):
    quiz_ = classroom.build_quiz(teacher, "Pokus", ["vitez"], 1, "pupil")
    teacher_client.post(f"/ucitel/kviz/{quiz_.pk}/pridat/", {"druh": "zamori",
                                                             "varianty": "almanach"})
    assert [i.kind for i in quiz_.items.all()] == ["vitez", "zamori"]
    first = quiz_.items.first()
    teacher_client.post(f"/ucitel/kviz/{quiz_.pk}/smazat/{first.pk}/")
    assert [(i.order, i.kind) for i in quiz_.items.all()] == [(1, "zamori")]


# --- sign-in ---------------------------------------------------------------------------------

def test_login_page_is_czech_and_logout_works(teacher):
    client = Client()
    page = html(client.get("/prihlaseni/"))
    assert "Přihlášení pro učitele" in page
    response = client.post("/prihlaseni/", {"username": "novakova", "password": PASSWORD})
    assert response.status_code == 302 and response["Location"] == "/ucitel/"
    client.post("/odhlaseni/")
    assert client.get("/ucitel/").status_code == 302


def test_login_attempts_are_limited_per_username_and_address(teacher):
    client = Client()
    for _ in range(5):
        response = client.post("/prihlaseni/", {"username": "novakova", "password": "špatně"})
        assert response.status_code == 200 and "nesouhlasí" in html(response)
    response = client.post("/prihlaseni/", {"username": "novakova", "password": PASSWORD})
    assert response.status_code == 429 and "Příliš mnoho" in html(response)
    assert "_auth_user_id" not in client.session
    # Another address is not locked out.
    other = Client(REMOTE_ADDR="10.0.0.9")
    assert other.post("/prihlaseni/", {"username": "novakova",
                                       "password": PASSWORD}).status_code == 302


def test_csrf_is_enforced_on_join_and_login(lesson):
    client = Client(enforce_csrf_checks=True)
    assert client.post("/hra/", {"kod": lesson.code, "prezdivka": "X"}).status_code == 403
    assert client.post("/prihlaseni/", {"username": "a", "password": "b"}).status_code == 403


def test_every_form_that_changes_something_needs_the_csrf_token(lesson, teacher):
    """A POST without the token is refused on every route that accepts one, even when the
    teacher is signed in and the pupil has a seat; the pages' own forms carry the token."""
    teacher_client = Client(enforce_csrf_checks=True)
    teacher_client.force_login(teacher)
    quiz_id, item = lesson.quiz.pk, lesson.quiz.items.first().pk
    pupil = Client(enforce_csrf_checks=True)
    page = html(pupil.get(f"/hra/{lesson.code}/"))
    token = pupil.cookies["csrftoken"].value
    assert pupil.post("/hra/", {"kod": lesson.code, "prezdivka": "Sova",
                                "csrfmiddlewaretoken": token}).status_code == 302
    refused = {
        pupil: ["/hra/", f"/hra/{lesson.code}/1/", "/kvizy/vesnice/a1/", "/kvizy/zkus/?tah=1",
                "/prihlaseni/"],
        teacher_client: ["/odhlaseni/", "/ucitel/kviz/novy/", f"/ucitel/kviz/{quiz_id}/",
                         f"/ucitel/kviz/{quiz_id}/pridat/",
                         f"/ucitel/kviz/{quiz_id}/smazat/{item}/",
                         f"/ucitel/kviz/{quiz_id}/spustit/",
                         f"/ucitel/hodina/{lesson.code}/ovladani/"],
    }
    for client, urls in refused.items():
        for url in urls:
            assert client.post(url, {"akce": "start", "kod": lesson.code}).status_code == 403, url
    lesson.refresh_from_db()
    assert lesson.state == Lesson.State.LOBBY and lesson.quiz.items.count() == 3
    assert lesson.quiz.lessons.count() == 1 and not Answer.objects.exists()
    pages = [pupil.get(f"/hra/{lesson.code}/1/", follow=True), pupil.get("/kvizy/sedmicka/a1/"),
             teacher_client.get(f"/ucitel/kviz/{quiz_id}/"), teacher_client.get("/ucitel/"),
             teacher_client.get(f"/ucitel/hodina/{lesson.code}/"), Client().get("/prihlaseni/")]
    forms = [form for response in pages
             for form in re.findall(r'<form[^>]*method="post".*?</form>', html(response), re.S)]
    assert len(forms) >= 6
    for form in forms:
        assert 'name="csrfmiddlewaretoken"' in form, form[:200]
    assert "csrfmiddlewaretoken" in page


def test_createteacher_command(monkeypatch, django_user_model):
    monkeypatch.setenv("DJANGO_TEACHER_PASSWORD", PASSWORD)
    out = io.StringIO()
    call_command("createteacher", "svoboda", "--no-input", stdout=out)
    user = django_user_model.objects.get(username="svoboda")
    assert user.check_password(PASSWORD) and not user.is_staff
    assert "založen" in out.getvalue()


def test_admin_is_for_staff_only(teacher_client):
    response = teacher_client.get("/sprava/")
    assert response.status_code == 302 and "login" in response["Location"]
