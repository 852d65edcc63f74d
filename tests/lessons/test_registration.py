"""A teacher new to the site starts alone (issue 40): an e-mail, a link from it, a name and a
password; limits per browser, address and e-mail; no answer tells which e-mails have an
account; the way in is a button on the home page and on /hodiny/."""

import re
import time

import pytest
from django.contrib.auth import get_user_model
from django.core import mail, signing
from django.test import Client, RequestFactory

from tests.lessons.conftest import PASSWORD
from tutorial.lessons import registration

pytestmark = pytest.mark.django_db

REGISTER = "/ucitel/registrace/"


def html(response) -> str:
    return response.content.decode()


def ask(client: Client, email: str, address: str = "10.0.0.1"):
    return client.post(REGISTER, {"email": email}, REMOTE_ADDR=address)


def link_in(message) -> str:
    return re.search(r"http://testserver(/ucitel/registrace/\S+/)", message.body).group(1)


def choose(client: Client, path: str, username: str = "dvorakova"):
    return client.post(path, {"username": username, "password1": PASSWORD,
                              "password2": PASSWORD})


@pytest.mark.parametrize("url", ["/", "/hodiny/", "/prihlaseni/"])
def test_the_way_in_is_a_button_on_the_home_page_the_lessons_page_and_the_sign_in(client, url):
    page = html(client.get(url))
    assert re.search(r'<a class="button[^"]*" href="/ucitel/registrace/">Založit účet učitele</a>',
                     page), url


def test_lessons_page_leads_pupils_to_the_join_form_and_a_signed_in_teacher_to_the_quizzes(
        teacher_client):
    page = html(Client().get("/hodiny/"))
    assert '<a class="button" href="/hra/">Připojit se k hodině</a>' in page
    assert "Přihlásit se" in page
    page = html(teacher_client.get("/hodiny/"))
    assert '<a class="button" href="/ucitel/">Moje kvízy a hodiny</a>' in page
    assert "/ucitel/registrace/" not in page


def test_register_confirm_sign_in():
    client = Client()
    response = ask(client, "Dvorakova@Skola.cz")
    assert response.status_code == 302
    assert "Zkontrolujte e-mail" in html(client.get(response["Location"]))
    # Nobody has an account before the link from the mail is opened.
    assert not get_user_model().objects.exists()
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == ["Dvorakova@skola.cz"] and "Potvrďte e-mail" in message.subject
    assert "platí 2 dny a jen jednou" in message.body
    path = link_in(message)
    page = html(client.get(path))
    assert "Dvorakova@skola.cz" in page and "Přihlašovací jméno" in page
    assert not get_user_model().objects.exists()
    response = choose(client, path)
    assert response["Location"] == "/prihlaseni/?zalozeno=1"
    user = get_user_model().objects.get()
    assert (user.username, user.email, user.is_active, user.is_staff) == (
        "dvorakova", "Dvorakova@skola.cz", True, False)
    assert "Účet je založený" in html(client.get(response["Location"]))
    response = client.post("/prihlaseni/", {"username": "dvorakova", "password": PASSWORD})
    assert response["Location"] == "/ucitel/"
    assert client.get("/ucitel/").status_code == 200
    # The link works once: the same link again, or sent from another tab, says so.
    again = Client().get(path)
    assert again.status_code == 410 and "Odkaz už byl použit" in html(again)
    assert choose(Client(), path, "jiny").status_code == 410
    assert get_user_model().objects.count() == 1


def test_an_expired_link_says_so_and_leads_to_a_new_one(settings, monkeypatch):
    request = RequestFactory().get("/")
    made = time.time() - settings.REGISTER_LINK_AGE - 60
    with monkeypatch.context() as patched:
        patched.setattr(signing.time, "time", lambda: made)
        link = registration.make_link(request, "stara@skola.cz")
    response = Client().get(link.removeprefix("http://testserver"))
    assert response.status_code == 410
    page = html(response)
    assert "Odkaz vypršel" in page and "platí 2 dny" in page
    assert 'href="/ucitel/registrace/"' in page
    assert choose(Client(), link.removeprefix("http://testserver")).status_code == 410
    assert not get_user_model().objects.exists()


@pytest.mark.parametrize("token", ["nic", "eyJlIjoiYUBiLmN6In0:1abc:xyz"])
def test_a_made_up_or_cut_link_gets_a_czech_404(token):
    response = Client().get(f"{REGISTER}{token}/")
    assert response.status_code == 404 and "Odkaz neplatí" in html(response)


def test_a_taken_email_is_answered_as_any_other_and_its_owner_told_by_mail(teacher):
    teacher.email = "novakova@skola.cz"
    teacher.save()
    taken = ask(Client(), "NOVAKOVA@skola.cz", "10.0.0.2")
    free = ask(Client(), "nova@skola.cz", "10.0.0.3")
    assert taken.status_code == free.status_code == 302
    assert taken["Location"] == free["Location"]
    assert html(Client().get(taken["Location"])) == html(Client().get(free["Location"]))
    owner, newcomer = mail.outbox
    assert "už máte" in owner.subject and "/ucitel/registrace/" not in owner.body
    assert "http://testserver/prihlaseni/" in owner.body
    assert "http://testserver/prihlaseni/zapomenute-heslo/" in owner.body
    assert "/ucitel/registrace/" in newcomer.body
    assert get_user_model().objects.count() == 1


def test_a_taken_username_or_weak_password_is_refused_on_the_form(teacher):
    ask(Client(), "nova@skola.cz")
    path = link_in(mail.outbox[0])
    response = choose(Client(), path, "novakova")
    assert response.status_code == 400 and "již existuje" in html(response)
    response = Client().post(path, {"username": "nova", "password1": "1234",
                                    "password2": "1234"})
    assert response.status_code == 400 and "quiz-error" in html(response)
    assert get_user_model().objects.count() == 1


@pytest.mark.parametrize("email", ["", "neni-to-adresa", "a@" + "b" * 300 + ".cz"])
def test_a_bad_email_gets_a_czech_message(email):
    response = ask(Client(), email)
    assert response.status_code == 400
    assert re.search(r"Zadejte (svůj e-mail|e-mail ve tvaru)|E-mail smí mít", html(response))
    assert not mail.outbox


def test_one_email_gets_at_most_three_mails_an_hour_whoever_asks():
    for number in range(3):
        assert ask(Client(), "cil@skola.cz", f"10.0.1.{number}").status_code == 302
    refused = ask(Client(), "cil@skola.cz", "10.0.1.9")
    assert refused.status_code == 429 and "Příliš mnoho žádostí" in html(refused)
    assert "Zkuste to znovu za" in html(refused) and int(refused["Retry-After"]) > 0
    assert len(mail.outbox) == 3
    # Another e-mail from the same new browser's address goes through.
    assert ask(Client(), "jina@skola.cz", "10.0.1.9").status_code == 302


def test_a_browser_runs_out_before_its_schools_address():
    pupil = Client()
    for number in range(3):
        assert ask(pupil, f"spam{number}@skola.cz").status_code == 302
    assert ask(pupil, "spam9@skola.cz").status_code == 429
    # The teacher's browser at the same school address still gets a link.
    assert ask(Client(), "ucitelka@skola.cz").status_code == 302
    assert mail.outbox[-1].to == ["ucitelka@skola.cz"]


def test_an_address_has_a_cap_for_a_guesser_without_cookies(settings):
    for number in range(settings.REGISTER_LIMIT_PER_ADDRESS):
        assert ask(Client(), f"t{number}@skola.cz", "10.0.2.1").status_code == 302
    assert ask(Client(), "dalsi@skola.cz", "10.0.2.1").status_code == 429
    assert ask(Client(), "dalsi@skola.cz", "10.0.2.2").status_code == 302
