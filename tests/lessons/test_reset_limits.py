"""The forgotten-password form (issue 22, Medium 5): limited per address and per e-mail, one
account per e-mail, and a known e-mail answered exactly like an unknown one (the mail is
sent after the answer, by the process's mail thread)."""

import re

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.core.management import CommandError, call_command
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from tests.lessons.conftest import PASSWORD
from tutorial.lessons import accounts

RESET = "/prihlaseni/zapomenute-heslo/"
DONE = "/prihlaseni/zapomenute-heslo/odeslano/"
SCHOOL = "10.20.30.40"


def ask(email: str, address: str = SCHOOL):
    return Client(REMOTE_ADDR=address).post(RESET, {"email": email})


@pytest.fixture
def known(teacher):
    teacher.email = "novakova@skola.cz"
    teacher.save()
    return teacher.email


def test_one_address_may_ask_a_few_times_an_hour(known, settings):
    for number in range(settings.RESET_LIMIT_PER_ADDRESS):
        assert ask(f"ucitel{number}@skola.cz")["Location"] == DONE
    refused = ask(known)
    assert refused.status_code == 429 and int(refused["Retry-After"]) > 0
    assert "Příliš mnoho žádostí" in refused.content.decode()
    assert mail.outbox == []
    # Another network is not affected.
    assert ask(known, "10.9.9.9")["Location"] == DONE and len(mail.outbox) == 1


def test_one_email_gets_a_few_links_an_hour_whether_or_not_it_has_an_account(known, settings):
    for email in (known, "nikdo@skola.cz"):
        answers = [ask(email, f"10.0.0.{number}").status_code
                   for number in range(settings.RESET_LIMIT_PER_EMAIL + 1)]
        assert answers == [302] * settings.RESET_LIMIT_PER_EMAIL + [429]
    assert len(mail.outbox) == settings.RESET_LIMIT_PER_EMAIL


def test_two_accounts_that_share_an_email_get_one_mail(known):
    get_user_model().objects.create_user("novakova2", known.upper(), PASSWORD)
    assert ask(known)["Location"] == DONE
    assert len(mail.outbox) == 1


def test_an_invitation_cannot_take_an_email_that_has_an_account(known):
    invite_, token = accounts.create_invite("test")
    response = Client().post(accounts.invite_path(token), {
        "username": "svoboda", "email": known.upper(), "password1": PASSWORD,
        "password2": PASSWORD})
    assert response.status_code == 400
    assert "Tento e-mail už patří jinému účtu" in response.content.decode()
    assert not get_user_model().objects.filter(username="svoboda").exists()


def test_createteacher_refuses_an_email_that_has_an_account(known, monkeypatch):
    monkeypatch.setenv("DJANGO_TEACHER_PASSWORD", PASSWORD)
    with pytest.raises(CommandError, match="už patří jinému účtu"):
        call_command("createteacher", "dvorak", email=known.upper(), no_input=True)
    assert not get_user_model().objects.filter(username="dvorak").exists()


def test_a_known_email_costs_the_request_no_more_than_an_unknown_one(known, monkeypatch):
    jobs = []
    monkeypatch.setattr(accounts, "send_later", jobs.append)
    # A recorded attempt forgets day-old ones at random (1 in 50); here never, so the two
    # requests' queries compare alike on every run.
    monkeypatch.setattr("tutorial.lessons.classroom.secrets.randbelow", lambda n: 1)
    answers, queries = [], []
    for email in (known, "nikdo@skola.cz"):
        with CaptureQueriesContext(connection) as captured:
            response = ask(email, "10.9.9.9")
        answers.append((response.status_code, response["Location"], response.content))
        queries.append([re.split(" WHERE | VALUES ", query["sql"])[0]
                        for query in captured.captured_queries])
    assert answers[0] == answers[1]
    assert queries[0] == queries[1]
    assert mail.outbox == [] and len(jobs) == 2
    for job in jobs:  # what the mail thread does afterwards
        job()
    assert [message.to for message in mail.outbox] == [[known]]
