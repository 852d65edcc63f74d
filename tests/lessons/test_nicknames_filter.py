"""Vulgar nicknames never reach the projector: every inflected form, spelt without
diacritics, in capitals, with digits or dots for letters; clean names stay allowed."""

import pytest
from django.test import Client

from tests.lessons.conftest import join
from tutorial.lessons import classroom, nicknames

pytestmark = pytest.mark.django_db

VULGAR = [
    # inflected forms (cases, plural, diminutives, compounds)
    "Kurva", "kurvo", "KURVY", "Zkurvysyn", "kokot", "Kokote", "kokotina", "zmrd", "Zmrdi",
    "Debilové", "debilní Ježek", "Prdel", "v prdeli", "Prdelka", "Hovno", "hovnivál",
    "sračka", "Čurák", "píča", "Pičus", "Mrdka", "jebat", "Hajzl", "hajzlové",
    # without diacritics, look-alikes, digits, dots, spaces, repeated letters
    "cural", "Pica", "K0k0t", "kurrrva", "k.u.r.v.a", "k u r v a", "ku-rva", "Ｋurva",
    "КОКОТ",  # Cyrillic letters that look Latin
    "Rychlý Kokot",
]
CLEAN = [
    "Rychlý Ježek", "Ada", "Kuba", "Sekunda", "Sousto", "Picasso", "Pichlavý Ježek",
    "Radek Urválek", "Kurt", "Kokos", "Mrkev", "Prokop", "Debora", "Šimon", "Vojta 7.B",
    "Kuna", "Hovorka",
]


@pytest.mark.parametrize("name", VULGAR)
def test_vulgar_nicknames_are_refused(name):
    assert nicknames.vulgar(name), name


@pytest.mark.parametrize("name", CLEAN)
def test_clean_nicknames_pass(name):
    assert not nicknames.vulgar(name), name


def test_joining_with_a_vulgar_nickname_gets_a_czech_message_and_no_seat(session):
    pupil = Client()
    response = join(pupil, session, "kurvo")
    page = response.content.decode()
    assert response.status_code == 400 and "Zvolte prosím jinou" in page
    assert not session.pupils.exists()


def test_generated_nicknames_are_all_clean():
    for adjective in classroom.ADJECTIVES:
        for animal in classroom.ANIMALS:
            assert not nicknames.vulgar(f"{adjective} {animal}")


def test_one_tap_removes_a_pupil_with_their_answers_and_blocks_the_nickname(session,
                                                                          teacher_client):
    from tutorial.models import Answer, Pupil

    rude = Client()
    join(rude, session, "Pepa Zdepa")
    pupil = Pupil.objects.get(nickname="Pepa Zdepa")
    classroom.control(session, "start")
    rude.post(f"/hra/{session.code}/1/", {"vyber": "1", "misto": ["b2.SE"]})
    assert Answer.objects.filter(pupil=pupil).exists()
    page = teacher_client.get(f"/ucitel/hodina/{session.code}/").content.decode()
    assert "Odebrat žáka Pepa Zdepa" in page
    session.refresh_from_db()
    status = f"/hra/{session.code}/stav/?v={session.version()}"
    assert rude.get(status).status_code == 204
    response = teacher_client.post(f"/ucitel/hodina/{session.code}/odebrat/{pupil.pk}/")
    assert rude.get(status)["HX-Refresh"] == "true"  # the removed phone notices
    assert response.status_code == 302
    assert not Pupil.objects.filter(pk=pupil.pk).exists() and not Answer.objects.exists()
    projector = teacher_client.get(f"/ucitel/hodina/{session.code}/projektor/")
    assert "Pepa Zdepa" not in projector.content.decode()
    # The removed device has no seat; the same name (or a look-alike) cannot come back.
    assert "Připojit se" in rude.get(f"/hra/{session.code}/").content.decode()
    for again in ("Pepa Zdepa", "pepa zdepa", "Pepa  Zdepa"):
        response = join(Client(), session, again)
        assert response.status_code == 403 and "odebral" in response.content.decode()
    assert join(Client(), session, "Pepa").status_code == 302
    # A second tap (another tab) changes nothing and is no error.
    again = teacher_client.post(f"/ucitel/hodina/{session.code}/odebrat/{pupil.pk}/")
    assert again.status_code == 302
