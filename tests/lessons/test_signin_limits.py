"""Sign-in limits that no pupil can jam (issue 22, Medium 2 and 3; issue 40, Medium 8).

A school shares one address. Made-up names tried from it must not refuse a teacher's right
password: a browser that has signed in before keeps its own allowance (a signed device
cookie, as OWASP recommends), and a new browser is checked at once, since the address's
limit refuses only names without an account. A refused attempt never reaches the password
hasher, and the answers do not tell which names have an account.
"""

import re
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.signals import user_login_failed
from django.test import Client

from tests.helpers.makers import make_teacher
from tests.lessons.conftest import PASSWORD
from tutorial.lessons.models import Attempt

SCHOOL = "10.20.30.40"
LOGIN = "/prihlaseni/"
ADMIN_LOGIN = "/sprava/login/"


def sign_in(client: Client, username: str, password: str = PASSWORD, path: str = LOGIN):
    return client.post(path, {"username": username, "password": password})


def signed_in(client: Client) -> bool:
    return "_auth_user_id" in client.session


def page(response) -> str:
    """The page without its one-time CSRF token."""
    return re.sub(r'name="csrfmiddlewaretoken" value="[^"]*"', "", response.content.decode())


def made_up_names(client: Client, count: int, path: str = LOGIN) -> None:
    for number in range(count):
        sign_in(client, f"vymysleny{number}", "hadam", path)


def one_interval_later(settings) -> None:
    """Every limiter record one slow interval older."""
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
    assert sign_in(pupil, "vymysleny99", "hadam").status_code == 429  # the pupil waits

    assert sign_in(teachers_pc, "novakova").status_code == 302 and signed_in(teachers_pc)
    assert sign_in(admins_pc, "spravce", path="/sprava/login/").status_code == 302
    assert signed_in(admins_pc)


def password_checks():
    """Collects one entry per password the site checked in vain."""
    checked = []

    def receiver(**kwargs):
        checked.append(kwargs["credentials"]["username"])

    user_login_failed.connect(receiver)
    return checked, receiver


def test_issue_40_8_a_pupils_made_up_sign_in_each_second_never_keeps_teachers_out(
        teacher, admin, settings):
    """One made-up name a second from the school's address for two minutes (on the
    teachers' and the admin's sign-in in turn): two teachers in new browsers at that address
    sign in at once with their right passwords, the admin too, while every attempt of the
    pupil beyond the limit is refused unchecked."""
    other = make_teacher("dvorak")
    pupil = Client(REMOTE_ADDR=SCHOOL)
    made_up_names(pupil, settings.LOGIN_LIMIT_PER_ADDRESS)
    checked, receiver = password_checks()
    try:
        for second in range(120):
            path = (LOGIN, ADMIN_LOGIN)[second % 2]
            refused = sign_in(pupil, f"nikdo{second}", "hadam", path)
            assert refused.status_code == 429 and "Příliš mnoho" in refused.content.decode()
            if second in (30, 90):
                for username in ("novakova", other.username):
                    new_browser = Client(REMOTE_ADDR=SCHOOL)
                    assert sign_in(new_browser, username).status_code == 302
                    assert signed_in(new_browser)
            if second == 60:
                admins_browser = Client(REMOTE_ADDR=SCHOOL)
                assert sign_in(admins_browser, "spravce", path=ADMIN_LOGIN).status_code == 302
                assert signed_in(admins_browser)
        assert checked == []  # no made-up name reached the password hasher
    finally:
        user_login_failed.disconnect(receiver)


def test_issue_40_8_at_a_busy_address_a_real_name_answers_like_a_made_up_one(teacher,
                                                                            settings):
    made_up_names(Client(REMOTE_ADDR=SCHOOL), settings.LOGIN_LIMIT_PER_ADDRESS)
    made_up = sign_in(Client(REMOTE_ADDR=SCHOOL), "nikdo", "hadam")
    real = sign_in(Client(REMOTE_ADDR=SCHOOL), "novakova", "hadam")
    assert made_up.status_code == real.status_code == 429
    assert made_up["Retry-After"] == real["Retry-After"]
    assert page(made_up) == page(real).replace("novakova", "nikdo")
    # The real name's wrong password was checked and counts against that name: a pupil who
    # guesses a teacher's password is limited per name, busy address or not.
    for number in range(settings.LOGIN_LIMIT_PER_USER_AT_ADDRESS - 1):
        assert sign_in(Client(REMOTE_ADDR=SCHOOL), "novakova", f"x{number}").status_code == 429
    assert sign_in(Client(REMOTE_ADDR=SCHOOL), "novakova").status_code == 429
    assert sign_in(Client(REMOTE_ADDR="10.9.9.9"), "novakova").status_code == 302


def test_issue_40_8_the_admins_sign_in_at_a_busy_address_tells_no_name_either(admin,
                                                                             settings):
    made_up_names(Client(REMOTE_ADDR=SCHOOL), settings.LOGIN_LIMIT_PER_ADDRESS, ADMIN_LOGIN)
    made_up = sign_in(Client(REMOTE_ADDR=SCHOOL), "nikdo", "hadam", ADMIN_LOGIN)
    real = sign_in(Client(REMOTE_ADDR=SCHOOL), "spravce", "hadam", ADMIN_LOGIN)
    assert made_up.status_code == real.status_code == 429
    assert page(made_up) == page(real)
    assert sign_in(Client(REMOTE_ADDR=SCHOOL), "spravce", path=ADMIN_LOGIN).status_code == 302


def test_a_busy_address_checks_no_password_of_a_made_up_name(teacher, settings):
    guesser = Client(REMOTE_ADDR=SCHOOL)
    made_up_names(guesser, settings.LOGIN_LIMIT_PER_ADDRESS)
    checked, receiver = password_checks()
    try:
        for number in range(10):
            assert sign_in(guesser, f"dalsi{number}", "hadam").status_code == 429
        one_interval_later(settings)
        for number in range(10):
            assert sign_in(guesser, f"pozdeji{number}", "hadam").status_code == 429
        assert checked == []
    finally:
        user_login_failed.disconnect(receiver)
    # Once the failures are older than the window, the address is an address like any other.
    Attempt.objects.update(created=Attempt.objects.latest("created").created
                           - timedelta(seconds=settings.LOGIN_LIMIT_WINDOW + 1))
    assert sign_in(guesser, "nikdo", "hadam").status_code == 200


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
    other = make_teacher("dvorak")
    # Somebody at the school guesses both teachers' passwords from new browsers.
    for username in ("novakova", other.username):
        for number in range(settings.LOGIN_LIMIT_PER_USER_AT_ADDRESS):
            sign_in(Client(REMOTE_ADDR=SCHOOL), username, f"hadam{number}")
    forged = Client(REMOTE_ADDR=SCHOOL)
    forged.cookies[settings.LOGIN_DEVICE_COOKIE] = cookie[:-3] + "abc"
    assert sign_in(forged, "novakova").status_code == 429
    # A teacher's device cookie speaks for that teacher only.
    borrowed = Client(REMOTE_ADDR=SCHOOL)
    borrowed.cookies[settings.LOGIN_DEVICE_COOKIE] = cookie
    assert sign_in(borrowed, other.username).status_code == 429
    assert sign_in(borrowed, "novakova").status_code == 302


def test_a_signed_in_teacher_guessing_another_teachers_password_is_limited_too(
        teacher, settings):
    make_teacher("dvorak")
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
