"""Sign-in limits that no pupil can jam (issue 22, Medium 2 and 3).

A school shares one address. Made-up names tried from it must not refuse a teacher's right
password: a browser that has signed in before keeps its own allowance (a signed device
cookie, as OWASP recommends), and a new browser waits one short interval at most.
A refused attempt never reaches the password hasher.
"""

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.signals import user_login_failed
from django.test import Client

from tests.lessons.conftest import PASSWORD
from tutorial.models import Attempt

SCHOOL = "10.20.30.40"
LOGIN = "/prihlaseni/"


def sign_in(client: Client, username: str, password: str = PASSWORD, path: str = LOGIN):
    return client.post(path, {"username": username, "password": password})


def signed_in(client: Client) -> bool:
    return "_auth_user_id" in client.session


def made_up_names(client: Client, count: int, path: str = LOGIN) -> None:
    for number in range(count):
        sign_in(client, f"vymysleny{number}", "hadam", path)


def one_interval_later(settings) -> None:
    Attempt.objects.update(created=Attempt.objects.values_list("created", flat=True)
                           .latest("created") - timedelta(seconds=settings.LOGIN_SLOW_INTERVAL))


@pytest.fixture
def admin(db):
    return get_user_model().objects.create_superuser("spravce", "s@example.cz", PASSWORD)


def test_a_pupils_made_up_names_do_not_lock_out_a_teacher_who_signed_in_here_before(
        teacher, admin, settings):
    teachers_pc = Client(REMOTE_ADDR=SCHOOL)
    assert sign_in(teachers_pc, "novakova").status_code == 302
    teachers_pc.post("/odhlaseni/")
    admins_pc = Client(REMOTE_ADDR=SCHOOL)
    assert sign_in(admins_pc, "spravce", path="/sprava/login/").status_code == 302
    admins_pc.post("/sprava/logout/")

    pupil = Client(REMOTE_ADDR=SCHOOL)
    made_up_names(pupil, settings.LOGIN_LIMIT_PER_ADDRESS + 5)
    assert sign_in(pupil, "novakova").status_code == 429  # the pupil's own browser waits

    assert sign_in(teachers_pc, "novakova").status_code == 302 and signed_in(teachers_pc)
    assert sign_in(admins_pc, "spravce", path="/sprava/login/").status_code == 302
    assert signed_in(admins_pc)


def test_a_new_browser_at_a_busy_address_waits_one_interval_then_its_right_password_counts(
        teacher, settings):
    made_up_names(Client(REMOTE_ADDR=SCHOOL), settings.LOGIN_LIMIT_PER_ADDRESS + 5)
    new_pc = Client(REMOTE_ADDR=SCHOOL)
    refused = sign_in(new_pc, "novakova")
    assert refused.status_code == 429
    wait = int(refused["Retry-After"])
    assert 0 < wait <= settings.LOGIN_SLOW_INTERVAL
    assert f"za {wait} s" in refused.content.decode()
    one_interval_later(settings)
    assert sign_in(new_pc, "novakova").status_code == 302 and signed_in(new_pc)


def test_a_busy_address_still_checks_only_one_password_per_interval(teacher, settings):
    guesser = Client(REMOTE_ADDR=SCHOOL)
    made_up_names(guesser, settings.LOGIN_LIMIT_PER_ADDRESS)
    checked = []
    user_login_failed.connect(receiver := lambda **kwargs: checked.append(1))
    try:
        for number in range(10):
            assert sign_in(guesser, f"dalsi{number}", "hadam").status_code == 429
        assert checked == []
        one_interval_later(settings)
        for number in range(10):
            sign_in(guesser, f"pozdeji{number}", "hadam")
        assert len(checked) == 1
    finally:
        user_login_failed.disconnect(receiver)


def test_a_trusted_browser_has_its_own_allowance_and_only_it_is_locked(teacher, settings):
    home_pc, school_pc = Client(REMOTE_ADDR="10.9.9.9"), Client(REMOTE_ADDR=SCHOOL)
    for browser in (home_pc, school_pc):
        assert sign_in(browser, "novakova").status_code == 302
        browser.post("/odhlaseni/")
    # Somebody at the school PC guesses the teacher's password.
    for _ in range(settings.LOGIN_LIMIT_PER_DEVICE):
        assert sign_in(school_pc, "novakova", "spatne").status_code == 200
    assert sign_in(school_pc, "novakova").status_code == 429
    assert not signed_in(school_pc)
    # The teacher's other browser is not affected.
    assert sign_in(home_pc, "novakova").status_code == 302 and signed_in(home_pc)


def test_a_forged_or_borrowed_device_cookie_gives_no_allowance(teacher, settings):
    trusted = Client(REMOTE_ADDR=SCHOOL)
    sign_in(trusted, "novakova")
    cookie = trusted.cookies[settings.LOGIN_DEVICE_COOKIE].value
    made_up_names(Client(REMOTE_ADDR=SCHOOL), settings.LOGIN_LIMIT_PER_ADDRESS)
    forged = Client(REMOTE_ADDR=SCHOOL)
    forged.cookies[settings.LOGIN_DEVICE_COOKIE] = cookie[:-3] + "abc"
    assert sign_in(forged, "novakova").status_code == 429
    # A teacher's device cookie speaks for that teacher only.
    other = get_user_model().objects.create_user("dvorak", password=PASSWORD)
    borrowed = Client(REMOTE_ADDR=SCHOOL)
    borrowed.cookies[settings.LOGIN_DEVICE_COOKIE] = cookie
    assert sign_in(borrowed, other.username).status_code == 429


def test_a_signed_in_teacher_guessing_another_teachers_password_is_limited_too(
        teacher, settings):
    get_user_model().objects.create_user("dvorak", password=PASSWORD)
    guesser = Client(REMOTE_ADDR=SCHOOL)
    assert sign_in(guesser, "dvorak").status_code == 302  # their own account
    for number in range(settings.LOGIN_LIMIT_PER_USER_AT_ADDRESS):
        assert sign_in(guesser, "novakova", f"hadam{number}").status_code == 200
    assert sign_in(guesser, "novakova").status_code == 429


@pytest.mark.parametrize("path", [LOGIN, "/sprava/login/"])
def test_a_refused_sign_in_never_reaches_the_password_hasher(teacher, settings, path):
    guesser = Client(REMOTE_ADDR=SCHOOL)
    for _ in range(settings.LOGIN_LIMIT_PER_USER_AT_ADDRESS):
        sign_in(guesser, "novakova", "spatne", path)
    checked = []
    user_login_failed.connect(receiver := lambda **kwargs: checked.append(1))
    try:
        refused = sign_in(guesser, "novakova", "spatne", path)
    finally:
        user_login_failed.disconnect(receiver)
    assert refused.status_code == 429 and "Příliš mnoho" in refused.content.decode()
    assert checked == []
