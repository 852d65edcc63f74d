"""Class lessons under abuse: guessing codes, odd input, look-alike nicknames, the CSV.

Numbers in the test names refer to issue 10's list.
"""

import csv
import io
from datetime import timedelta

import pytest
from django.conf import settings
from django.test import Client
from django.utils import timezone

from tests.helpers.pages import html
from tests.lessons.conftest import PASSWORD, join
from tutorial.lessons import classroom
from tutorial.lessons.models import Attempt, Lesson, Pupil, Quiz

pytestmark = pytest.mark.django_db

SCHOOL = "203.0.113.7"  # one public address for a whole school behind NAT
GUESSER = "198.51.100.66"


def wrong_codes(client: Client, count: int) -> None:
    for number in range(count):
        client.post("/hra/", {"kod": f"XXXX{number:02d}"[-6:], "prezdivka": "Zkouška"})


def let_time_pass(seconds: int) -> None:
    """Move every limiter record into the past instead of sleeping."""
    for attempt in Attempt.objects.all():
        Attempt.objects.filter(pk=attempt.pk).update(
            created=attempt.created - timedelta(seconds=seconds))


# --- 1: every route that takes a code is one guessing limit -------------------------------

def test_1_status_polling_of_unknown_codes_is_counted_like_the_join_form(lesson):
    guesser = Client(REMOTE_ADDR=GUESSER)
    for number in range(settings.LESSONS_GUESS_LIMIT):
        response = guesser.get(f"/hra/XXXX{number:02d}/stav/")
        assert response.status_code == 404  # not a cheap 204
    refused = guesser.get(f"/hra/{lesson.code}/stav/")
    assert refused.status_code == 429 and int(refused["Retry-After"]) > 0
    assert Attempt.objects.filter(scope="join", key=GUESSER).count() == settings.LESSONS_GUESS_LIMIT


def test_1_pupil_pages_question_routes_and_the_form_share_one_limit(lesson):
    guesser = Client(REMOTE_ADDR=GUESSER)
    routes = ["/hra/XXXXXX/", "/hra/XXXXXY/stav/", "/hra/XXXXXZ/1/", "/hra/XXXXX3/2/"]
    for number in range(settings.LESSONS_GUESS_LIMIT):
        guesser.get(routes[number % len(routes)])
    for refused in (guesser.get("/hra/XXXXX4/"), guesser.post(f"/hra/{lesson.code}/1/"),
                    guesser.post("/hra/", {"kod": lesson.code, "prezdivka": "Hádač"})):
        assert refused.status_code == 429
        assert "Příliš mnoho pokusů" in html(refused)
    assert not Pupil.objects.exists()


def test_1_a_guesser_over_the_limit_learns_nothing_about_a_right_code(lesson):
    guesser = Client(REMOTE_ADDR=GUESSER)
    wrong_codes(guesser, settings.LESSONS_GUESS_LIMIT)
    right = guesser.post("/hra/", {"kod": lesson.code, "prezdivka": "Hádač"})
    wrong = guesser.post("/hra/", {"kod": "XXXXXX", "prezdivka": "Hádač"})
    assert right.status_code == wrong.status_code == 429
    assert right["Retry-After"] == wrong["Retry-After"]
    # After the interval exactly one more code is checked, then the wait starts again.
    let_time_pass(settings.LESSONS_GUESS_INTERVAL)
    assert guesser.post("/hra/", {"kod": "XXXXXX"}).status_code == 404
    assert guesser.post("/hra/", {"kod": lesson.code, "prezdivka": "Hádač"}).status_code == 429


def test_1_a_session_without_activity_closes_itself_and_cannot_be_joined(lesson):
    Lesson.objects.filter(pk=lesson.pk).update(
        last_activity=timezone.now() - timedelta(seconds=settings.LESSONS_IDLE_CLOSE + 60))
    response = join(Client(), lesson, "Pozdní")
    assert response.status_code == 410 and "skončila" in html(response)
    lesson.refresh_from_db()
    assert lesson.is_closed and lesson.closed is not None


def test_1_a_lesson_in_use_stays_open(lesson, teacher_client):
    teacher_client.post(f"/ucitel/hodina/{lesson.code}/ovladani/", {"akce": "start"})
    Lesson.objects.filter(pk=lesson.pk).update(
        last_activity=timezone.now() - timedelta(seconds=settings.LESSONS_IDLE_CLOSE - 600))
    assert join(Client(), lesson, "Včasná").status_code == 302
    lesson.refresh_from_db()
    assert not lesson.is_closed
    assert timezone.now() - lesson.last_activity < timedelta(minutes=1)


# --- 2: a right code always lets a pupil join ------------------------------------------

def test_2_thirty_pupils_behind_one_address_join_after_a_classmate_typed_25_wrong_codes(
        lesson, teacher):
    teacher_at_school = Client(REMOTE_ADDR=SCHOOL)
    teacher_at_school.force_login(teacher)
    assert teacher_at_school.get(f"/ucitel/hodina/{lesson.code}/").status_code == 200
    clumsy = Client(REMOTE_ADDR=SCHOOL)
    wrong_codes(clumsy, 25)
    assert join(clumsy, lesson, "Nešika").status_code == 302
    for number in range(29):
        assert join(Client(REMOTE_ADDR=SCHOOL), lesson, f"Žák {number}").status_code == 302
    assert lesson.pupils.count() == 30


def test_2_without_the_teacher_on_the_network_the_first_pupil_waits_one_interval_at_most(
        lesson):
    clumsy = Client(REMOTE_ADDR=SCHOOL)
    wrong_codes(clumsy, 25)
    first = join(Client(REMOTE_ADDR=SCHOOL), lesson, "První")
    assert first.status_code == 429
    assert int(first["Retry-After"]) <= settings.LESSONS_GUESS_INTERVAL
    let_time_pass(settings.LESSONS_GUESS_INTERVAL)
    assert join(Client(REMOTE_ADDR=SCHOOL), lesson, "První").status_code == 302
    for number in range(29):  # the code is now known on this network: no waiting
        assert join(Client(REMOTE_ADDR=SCHOOL), lesson, f"Žák {number}").status_code == 302
    assert join(clumsy, lesson, "Nešika").status_code == 302


# --- 5: integers from requests ---------------------------------------------------------

@pytest.mark.parametrize("value", ["²", "٣", "9" * 5000, " 1", "+1", "-1", "1.0", "\x00"])
def test_5_odd_integers_never_answer_500(value, class_quiz, teacher, teacher_client):
    lesson = classroom.start_lesson(class_quiz, teacher, Lesson.Pace.SELF, None, False)
    teacher_client.post(f"/ucitel/hodina/{lesson.code}/ovladani/", {"akce": "start"})
    pupil = Client()
    join(pupil, lesson, "Jana")
    assert pupil.get(f"/hra/{lesson.code}/", {"po": value}).status_code == 200
    new = teacher_client.post("/ucitel/kviz/novy/", {"nazev": "Kvíz", "druh": ["vesnice"],
                                                    "varianty": "almanach", "pocet": value})
    assert new.status_code == 400 and "1 až 5" in html(new)
    started = teacher_client.post(f"/ucitel/kviz/{class_quiz.pk}/spustit/", {"limit": value})
    assert started.status_code == 302
    assert Lesson.objects.latest("pk").timer_seconds is None
    sandbox = Client().get("/kvizy/zkus/", {"tah": value, "krok": value})
    assert sandbox.status_code == 404 and "číslo" in html(sandbox)


# --- 6 and 8: nicknames and titles -----------------------------------------------------

@pytest.mark.parametrize("nickname", ["ß" * 16, "ﬃ" * 11, "Ｓ" + "ß" * 15])
def test_6_nicknames_that_grow_past_the_column_are_refused_in_czech(lesson, nickname):
    response = join(Client(), lesson, nickname)
    assert response.status_code == 400 and "nejvýš 30 znaků" in html(response)
    assert not Pupil.objects.exists()


def test_6_a_nickname_that_just_fits_after_folding_is_accepted(lesson):
    assert join(Client(), lesson, "Groß" * 6).status_code == 302
    pupil = Pupil.objects.get()
    assert len(pupil.nickname_key) == 30 and pupil.nickname == "Groß" * 6


def test_6_nul_in_the_login_name_and_the_quiz_title_is_handled(teacher, teacher_client):
    response = Client().post("/prihlaseni/", {"username": "novak\x00ova", "password": "x"})
    assert response.status_code == 200 and "nesouhlasí" in html(response)
    keys = list(Attempt.objects.values_list("key", flat=True))
    assert keys and not any("\x00" in key for key in keys)
    response = teacher_client.post("/ucitel/kviz/novy/", {
        "nazev": "Vesnice\x00 a cesty", "druh": ["vesnice"], "varianty": "almanach",
        "pocet": "1"})
    assert response.status_code == 302
    assert Quiz.objects.get().title == "Vesnice a cesty"


def test_6_an_over_long_quiz_title_is_refused_in_czech(teacher_client):
    response = teacher_client.post("/ucitel/kviz/novy/", {
        "nazev": "Ř" * 121, "druh": ["vesnice"], "varianty": "almanach", "pocet": "1"})
    assert response.status_code == 400 and "nejvýš 120 znaků" in html(response)
    assert not Quiz.objects.exists()


@pytest.mark.parametrize("look_alike", ["Ａｄａｍ", "Аdam", "ADAM", "Adаm", "adam"])
def test_8_look_alike_nicknames_clash(lesson, look_alike):
    assert join(Client(), lesson, "Adam").status_code == 302
    response = join(Client(), lesson, look_alike)
    assert response.status_code == 409 and "velmi podobnou" in html(response)


@pytest.mark.parametrize("first, second", [
    ("Anička", "ANIČKA"), ("Anička", "anicka"), ("Anička", "ANICKA"), ("Ježek", "Jezek"),
    ("Čáp", "cap"), ("Ivan", "IVAN"), ("Ivan", "ivan"), ("Šimon", "ŠIMON"), ("Ela", "Éla"),
    ("Ivana", "Іvana"),  # a Cyrillic І
])
def test_issue_40_5_a_name_is_one_name_whatever_its_case_and_diacritics(lesson, first,
                                                                        second):
    assert join(Client(), lesson, first).status_code == 302
    response = join(Client(), lesson, second)
    # The usual "name taken" message, with the first pupil's spelling, which stays shown.
    assert response.status_code == 409
    assert f"Přezdívku „{first}“ nebo velmi podobnou už v této hodině někdo má" in html(
        response)
    assert list(Pupil.objects.values_list("nickname", flat=True)) == [first]


def test_issue_40_5_different_names_still_take_different_seats(lesson):
    for name in ("Anička", "Anna", "Ježek", "Jezevec", "Ivan", "Iva", "Ela", "Eliška"):
        assert join(Client(), lesson, name).status_code == 302, name
    assert Pupil.objects.count() == 8
    assert join(Client(), lesson, "Ｊｅžｅｋ").status_code == 409


def test_8_stacked_combining_marks_are_refused(lesson):
    response = join(Client(), lesson, "Ada" + "\u0301" * 28)
    assert response.status_code == 400 and "znamének" in html(response)
    assert join(Client(), lesson, "Ůdolí").status_code == 302  # one mark per letter is fine


# --- 7: the CSV ------------------------------------------------------------------------

FORMULA = ("=", "+", "-", "@", "\t", "\r")


def test_7_no_csv_cell_starts_a_formula_whichever_separator_a_spreadsheet_uses(
        lesson, teacher_client):
    teacher_client.post(f"/ucitel/hodina/{lesson.code}/ovladani/", {"akce": "start"})
    for name in ("x,=1+1,", "a;@SUM(A1);b", "-2+3 Pavel", "Ok, +420"):
        pupil = Client()
        assert join(pupil, lesson, name).status_code == 302
        pupil.post(f"/hra/{lesson.code}/1/", {"vyber": "1", "misto": ["b2.SE"]})
    text = teacher_client.get(f"/ucitel/hodina/{lesson.code}/vysledky.csv").content
    text = text.decode("utf-8-sig")
    assert all(line.startswith('"') for line in text.splitlines())  # every field quoted
    for separator in (";", ","):
        rows = list(csv.reader(io.StringIO(text), delimiter=separator))
        for cell in (cell for row in rows for cell in row):
            assert not cell.lstrip(" ").startswith(FORMULA), (separator, cell)
    rows = list(csv.reader(io.StringIO(text), delimiter=";"))
    assert sorted(row[0] for row in rows[1:]) == ["'-2+3 Pavel", "Ok, '+420", "a;'@SUM(A1);b",
                                                  "x,'=1+1,"]


# --- 12: remember me, private pages -------------------------------------------------------

def test_12_the_long_login_is_opt_in(teacher):
    short = Client()
    short.post("/prihlaseni/", {"username": "novakova", "password": PASSWORD})
    cookie = short.cookies[settings.SESSION_COOKIE_NAME]
    assert not cookie["max-age"] and not cookie["expires"]  # ends with the browser
    long = Client()
    long.post("/prihlaseni/", {"username": "novakova", "password": PASSWORD,
                               "zapamatovat": "1"})
    assert int(long.cookies[settings.SESSION_COOKIE_NAME]["max-age"]) == 30 * 24 * 3600
    assert "Zapamatovat si mě" in html(Client().get("/prihlaseni/"))


def test_12_teacher_pages_and_the_csv_are_never_stored(lesson, teacher):
    client = Client()
    client.post("/prihlaseni/", {"username": "novakova", "password": PASSWORD})
    for url in ("/ucitel/", f"/ucitel/hodina/{lesson.code}/",
                f"/ucitel/hodina/{lesson.code}/vysledky/",
                f"/ucitel/hodina/{lesson.code}/vysledky.csv"):
        response = client.get(url)
        assert response.status_code == 200, url
        assert "no-store" in response["Cache-Control"], url


def test_12_a_signed_in_teacher_gets_public_pages_with_one_clean_cache_control(teacher):
    # A shared classroom PC keeps no copy of what a teacher reads, the Almanach included;
    # the header says so once, without the public page's own directives mixed in.
    Client().get("/almanach/zlodej/")  # already in the page cache for this visit
    client = Client()
    client.post("/prihlaseni/", {"username": "novakova", "password": PASSWORD})
    for url in ("/", "/almanach/zlodej/", "/priklad-hry/", "/kvizy/vesnice/a1/"):
        response = client.get(url)
        assert response.status_code == 200, url
        assert response["Cache-Control"] == (
            "max-age=0, no-cache, no-store, must-revalidate, private"), url


def test_12_anonymous_pages_are_not_made_private(lesson):
    client = Client()
    join(client, lesson, "Jana")  # a pupil has a session cookie, but is nobody's account
    # The pupil's own lesson page is personal; the Almanach stays public for them too.
    assert "no-store" in client.get(f"/hra/{lesson.code}/").get("Cache-Control", "")
    response = client.get("/almanach/")
    assert response.status_code == 200
    assert "public" in response.get("Cache-Control", "")


def test_1_a_pupil_with_a_seat_is_never_taken_for_a_guesser(lesson):
    pupil = Client(REMOTE_ADDR=SCHOOL)
    assert join(pupil, lesson, "Jana").status_code == 302
    # The phone moves to mobile data, where someone else has been guessing.
    wrong_codes(Client(REMOTE_ADDR=GUESSER), settings.LESSONS_GUESS_LIMIT + 5)
    pupil.defaults["REMOTE_ADDR"] = GUESSER
    assert pupil.get(f"/hra/{lesson.code}/").status_code == 200
    assert pupil.get(f"/hra/{lesson.code}/stav/", {"v": "x"}).status_code == 200
