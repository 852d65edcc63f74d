"""Rejoining: a pupil on a new device takes their seat back with its PIN (guessing limited)
or after the teacher released it; nobody else can take a seat over; late joining is the
teacher's toggle."""

import pytest
from django.test import Client

from tests.helpers.pages import html
from tests.lessons.conftest import join
from tutorial.lessons import classroom
from tutorial.lessons.models import Answer, Pupil

pytestmark = pytest.mark.django_db


def rejoin(client, lesson, nickname, pin=""):
    return client.post("/hra/", {"kod": lesson.code, "prezdivka": nickname, "pin": pin})


@pytest.fixture
def seated(lesson):
    """Ada joined on her phone, answered, and her phone then died."""
    phone = Client()
    join(phone, lesson, "Ada")
    classroom.control(lesson, "start")
    phone.post(f"/hra/{lesson.code}/1/", {"vyber": "1", "misto": ["b2.SE"]})
    return phone, Pupil.objects.get(nickname="Ada")


def test_the_pin_is_shown_to_the_pupil_at_joining(lesson):
    phone = Client()
    join(phone, lesson, "Ada")
    pin = Pupil.objects.get().pin
    assert len(pin) == 4 and pin.isdigit()
    assert f"PIN vašeho místa: <strong>{pin}</strong>" in html(phone.get(f"/hra/{lesson.code}/"))


def test_a_new_device_takes_the_seat_back_with_the_pin(lesson, seated):
    phone, ada = seated
    laptop = Client()
    response = rejoin(laptop, lesson, "ada", ada.pin)
    assert response.status_code == 302
    page = html(laptop.get(f"/hra/{lesson.code}/"))
    assert "Ada" in page and "odpovězeno 1 z 3" in page
    assert Pupil.objects.count() == 1 and Answer.objects.count() == 1
    # The old device no longer holds the seat: one seat, one device.
    assert 'name="prezdivka"' in html(phone.get(f"/hra/{lesson.code}/"))


def test_without_the_right_pin_nobody_takes_a_seat(lesson, seated):
    _, ada = seated
    stranger = Client()
    response = rejoin(stranger, lesson, "Ada")
    assert response.status_code == 409 and "zadejte jeho PIN" in html(response)
    wrong = "0000" if ada.pin != "0000" else "1111"
    response = rejoin(stranger, lesson, "Ada", wrong)
    assert response.status_code == 403 and "PIN nesouhlasí" in html(response)
    assert Pupil.objects.get().token == ada.token


def test_pin_guessing_is_limited_per_seat(lesson, seated):
    _, ada = seated
    wrong = "0000" if ada.pin != "0000" else "1111"
    for number in range(classroom.PIN_LIMIT):
        rejoin(Client(REMOTE_ADDR=f"10.0.0.{number}"), lesson, "Ada", wrong)
    response = rejoin(Client(), lesson, "Ada", ada.pin)
    assert response.status_code == 429 and "uvolní" in html(response)
    assert Pupil.objects.get().token == ada.token


def test_the_teacher_releases_a_seat_for_a_pupil_without_the_pin(lesson, seated,
                                                                  teacher_client):
    phone, ada = seated
    page = html(teacher_client.get(f"/ucitel/hodina/{lesson.code}/"))
    assert f"/uvolnit/{ada.pk}/" in page
    # It asks first: without the confirmation nothing changes.
    asked = teacher_client.post(f"/ucitel/hodina/{lesson.code}/uvolnit/{ada.pk}/")
    assert "Ano, uvolnit místo" in html(asked)
    assert "místo uvolněno" not in html(teacher_client.get(f"/ucitel/hodina/{lesson.code}/"))
    teacher_client.post(f"/ucitel/hodina/{lesson.code}/uvolnit/{ada.pk}/", {"potvrdit": "1"})
    assert "místo uvolněno" in html(teacher_client.get(f"/ucitel/hodina/{lesson.code}/"))
    assert 'name="prezdivka"' in html(phone.get(f"/hra/{lesson.code}/"))
    tablet = Client()
    assert rejoin(tablet, lesson, "Ada").status_code == 302
    assert "odpovězeno 1 z 3" in html(tablet.get(f"/hra/{lesson.code}/"))
    # Taken again: the next stranger needs the (new) PIN.
    assert rejoin(Client(), lesson, "Ada").status_code == 409
    assert teacher_client.post(f"/ucitel/hodina/{lesson.code}/uvolnit/999999/").status_code == 404


def test_late_joining_is_the_teacher_s_toggle(lesson, seated, teacher_client):
    _, ada = seated
    assert join(Client(), lesson, "Včasný").status_code == 302
    teacher_client.post(f"/ucitel/hodina/{lesson.code}/ovladani/", {"akce": "late"})
    response = join(Client(), lesson, "Pozdní")
    assert response.status_code == 403 and "připojování vypnul" in html(response)
    # A pupil coming back to their seat is not a late joiner.
    assert rejoin(Client(), lesson, "Ada", ada.pin).status_code == 302
    teacher_client.post(f"/ucitel/hodina/{lesson.code}/ovladani/", {"akce": "late"})
    assert join(Client(), lesson, "Pozdní").status_code == 302


def test_the_lesson_is_a_hodina_on_pupils_screens(lesson):
    pupil = Client()
    for page in (html(pupil.get("/hra/")), html(join(pupil, lesson, "Ada") and
                                             pupil.get(f"/hra/{lesson.code}/"))):
        assert "hodin" in page
        for word in (" hra ", "Hra ", "hry", "ke hře", "Zadej ", "Připoj se"):
            assert word not in page.split("<main")[1].split("</main>")[0], word


def test_after_the_lesson_a_pupil_on_a_new_device_sees_their_results_with_the_pin(lesson,
                                                                                   seated):
    _, ada = seated
    classroom.control(lesson, "close")
    laptop = Client()
    page = laptop.get(f"/hra/{lesson.code}/")
    assert page.status_code == 410
    assert "Hodina skončila" in html(page) and 'name="pin"' in html(page)
    # Nobody takes a new seat, and nobody sees Ada's results without her PIN.
    assert join(Client(), lesson, "Pozdní").status_code == 410
    assert rejoin(Client(), lesson, "Ada").status_code == 410
    wrong = "0000" if ada.pin != "0000" else "1111"
    assert rejoin(Client(), lesson, "Ada", wrong).status_code == 403
    assert Pupil.objects.count() == 1
    assert rejoin(laptop, lesson, "Ada", ada.pin).status_code == 302
    end = html(laptop.get(f"/hra/{lesson.code}/"))
    assert "Hodina skončila" in end and "Správně jste odpověděli" in end
    assert Answer.objects.count() == 1


def test_the_phone_that_lost_its_seat_is_told_why(lesson, seated, teacher_client):
    """Takeover, release and removal are not silent: the old phone's join form says what
    happened, in Czech, and shows no PIN of a seat that is not its own any more."""
    phone, ada = seated
    laptop = Client()
    assert rejoin(laptop, lesson, "Ada", ada.pin).status_code == 302
    new_pin = Pupil.objects.get().pin
    page = html(phone.get(f"/hra/{lesson.code}/"))
    assert "Vaše místo „Ada“ teď používá jiné zařízení" in page
    assert 'name="prezdivka" value="Ada"' in page and '<details class="join-pin" open>' in page
    assert f"<strong>{ada.pin}</strong>" not in page and f"<strong>{new_pin}</strong>" not in page
    assert "seat-pin" not in page and "PIN vašeho místa" not in page
    # Taken back with the PIN: now the laptop is told.
    assert rejoin(phone, lesson, "Ada", new_pin).status_code == 302
    assert "teď používá jiné zařízení" in html(laptop.get(f"/hra/{lesson.code}/"))
    # Released by the teacher: the phone may take it back with the nickname alone.
    teacher_client.post(f"/ucitel/hodina/{lesson.code}/uvolnit/{ada.pk}/", {"potvrdit": "1"})
    page = html(phone.get(f"/hra/{lesson.code}/"))
    assert "Učitel vaše místo „Ada“ uvolnil" in page and 'value="Ada"' in page
    assert rejoin(phone, lesson, "Ada").status_code == 302
    assert "odpovězeno 1 z 3" in html(phone.get(f"/hra/{lesson.code}/"))
    # Removed: the phone is told, offered no nickname and no PIN.
    teacher_client.post(f"/ucitel/hodina/{lesson.code}/odebrat/{ada.pk}/")
    page = html(phone.get(f"/hra/{lesson.code}/"))
    assert "Učitel vás z této hodiny odebral" in page and 'value="Ada"' not in page
    assert "PIN vašeho místa" not in page and "seat-pin" not in page
    # A browser that never sat in the lesson is told nothing of the kind.
    page = html(Client().get(f"/hra/{lesson.code}/"))
    assert "Připojit se k hodině" in page and 'role="alert"' not in page
