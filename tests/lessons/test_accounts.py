"""Teacher accounts: a one-time invitation (command and admin), password change and reset."""

import io
import re
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.core.management import call_command
from django.test import Client
from django.utils import timezone

from tests.helpers.pages import html
from tests.lessons.conftest import PASSWORD
from tutorial.lessons.models import Invite

pytestmark = pytest.mark.django_db


def invite_link(**options) -> str:
    out = io.StringIO()
    call_command("inviteteacher", stdout=out, **options)
    return re.search(r"(\S*/pozvanka/\S+/)", out.getvalue()).group(1)


def accept(client, link, username="svoboda"):
    return client.post(link, {"username": username, "email": "svoboda@example.cz",
                              "password1": PASSWORD, "password2": PASSWORD})


def test_login_page_no_longer_shows_the_command_to_visitors():
    page = html(Client().get("/prihlaseni/"))
    assert "manage.py" not in page and "createteacher" not in page
    assert "/prihlaseni/zapomenute-heslo/" in page


def test_an_invitation_creates_one_teacher_account_once():
    link = invite_link(note="Svobodová", base_url="https://katan.example.cz")
    assert link.startswith("https://katan.example.cz/pozvanka/")
    path = link.removeprefix("https://katan.example.cz")
    client = Client()
    assert "Založte si účet učitele" in html(client.get(path))
    response = accept(client, path)
    assert response["Location"] == "/ucitel/"
    user = get_user_model().objects.get(username="svoboda")
    assert not user.is_staff and client.get("/ucitel/").status_code == 200
    invite = Invite.objects.get()
    assert invite.used and invite.user == user
    # Used once: the same link says so, in Czech.
    again = Client().get(path)
    assert again.status_code == 410 and "Pozvánka neplatí" in html(again)
    assert accept(Client(), path, "druhy").status_code == 410
    assert get_user_model().objects.count() == 1


def test_only_a_digest_of_the_link_is_stored_and_old_links_expire():
    path = invite_link()
    token = path.rstrip("/").rsplit("/", 1)[1]
    assert token not in Invite.objects.get().digest
    Invite.objects.update(expires=timezone.now() - timedelta(minutes=1))
    assert Client().get(path).status_code == 410
    assert Client().get("/pozvanka/nesmysl/").status_code == 410


def test_invitation_form_errors_are_czech():
    path = invite_link()
    response = Client().post(path, {"username": "x", "password1": "a", "password2": "b"})
    assert response.status_code == 400 and "neshodují" in html(response)
    assert not Invite.objects.get().used


def test_admin_adds_an_invitation_and_sees_its_link(admin_client):
    response = admin_client.post("/sprava/tutorial/invite/add/", {"note": "Nováková"},
                                 follow=True)
    assert re.search(r"/pozvanka/[\w-]+/", html(response))
    invite = Invite.objects.get()
    assert invite.note == "Nováková" and invite.usable
    old = invite.digest
    admin_client.post("/sprava/tutorial/invite/", {"action": "new_links",
                                                   "_selected_action": [invite.pk]}, follow=True)
    invite.refresh_from_db()
    assert invite.digest != old


def test_a_teacher_changes_the_password(teacher, teacher_client):
    page = html(teacher_client.get("/ucitel/heslo/"))
    assert "Změna hesla" in page
    response = teacher_client.post("/ucitel/heslo/", {
        "old_password": PASSWORD, "new_password1": "Nove-heslo-2026!",
        "new_password2": "Nove-heslo-2026!"})
    assert response["Location"] == "/ucitel/heslo/zmeneno/"
    teacher.refresh_from_db()
    assert teacher.check_password("Nove-heslo-2026!")


def test_a_forgotten_password_is_reset_by_email(teacher):
    teacher.email = "novakova@example.cz"
    teacher.save()
    client = Client()
    response = client.post("/prihlaseni/zapomenute-heslo/", {"email": "novakova@example.cz"})
    assert response["Location"] == "/prihlaseni/zapomenute-heslo/odeslano/"
    assert len(mail.outbox) == 1 and "Almanach Katanu" in mail.outbox[0].subject
    link = re.search(r"http://testserver(/prihlaseni/nove-heslo/\S+/)", mail.outbox[0].body)
    form = client.get(link.group(1), follow=True)
    assert "Nové heslo" in html(form)
    client.post(form.redirect_chain[-1][0], {"new_password1": "Jine-heslo-2026!",
                                             "new_password2": "Jine-heslo-2026!"})
    teacher.refresh_from_db()
    assert teacher.check_password("Jine-heslo-2026!")
    # A used link says so.
    assert "už neplatí" in html(client.get(link.group(1), follow=True))
