"""Nicknames the class should not see never reach the projector: vulgar words, insults,
ethnic and homophobic slurs, Nazi words, codes and symbols, however they are written to slip
through; ordinary Czech names (the lists in nickname_lists.py) all stay allowed."""

from pathlib import Path

import pytest
from django.test import Client

from tests.lessons.conftest import join
from tests.lessons.nickname_lists import ACCEPTED, REFUSED
from tutorial import nicknames
from tutorial.lessons import classroom

pytestmark = pytest.mark.django_db

WORD_LIST = Path(nicknames.__file__).with_name("profanity.txt")


def refused(name: str) -> bool:
    return nicknames.vulgar(nicknames.clean(name))


@pytest.mark.parametrize("group", list(REFUSED))
def test_every_way_of_writing_a_bad_word_is_refused(group):
    missed = [name for name in REFUSED[group] if not refused(name)]
    assert not missed, f"{group}: {missed}"


def test_no_ordinary_name_or_nickname_is_refused():
    assert len(ACCEPTED) >= 300
    false_refusals = [name for name in ACCEPTED if refused(name)]
    assert false_refusals == []


def _entries() -> list[str]:
    lines = (line.strip() for line in WORD_LIST.read_text("utf-8").splitlines())
    return [line for line in lines if line and not line.startswith("#")]


@pytest.mark.parametrize("entry", [e for e in _entries() if e[0] not in "!&"])
def test_every_entry_of_the_word_list_refuses_itself(entry):
    word = entry.lstrip("^=~")
    assert refused(word) and refused(word.upper())
    if word.isalpha():
        assert refused(f"Kuba {word}")


def test_every_clean_word_of_the_list_belongs_to_an_accepted_name():
    folded = [nicknames._fold(name).replace(" ", "") for name in ACCEPTED]
    for entry in _entries():
        if entry.startswith("!"):
            assert any(entry[1:] in name for name in folded), entry


def test_a_nazi_code_needs_both_the_number_and_the_word():
    numbers = [e[1:] for e in _entries() if e.startswith("&") and e[1:].isdigit()]
    words = [e[1:] for e in _entries() if e.startswith("&") and not e[1:].isdigit()]
    assert numbers and words
    for number in numbers:
        assert not refused(f"Ondra {number}")
        for word in words:
            assert refused(f"{word.capitalize()} {number}"), (word, number)
            assert refused(f"{word}{number}"), (word, number)
    assert not refused("Adolf") and not refused("Heilmann")


def test_the_judgement_calls():
    assert refused("Dick") and refused("dick") and not refused("Benedikt")
    for name in ("Kurt", "Šukri", "Sukri", "Nácek", "Ondra 88", "Vanessa", "Siegfried",
                 "Nazim", "Sexta B", "Sranda"):
        assert not refused(name), name
    assert refused("Sieg") and refused("SS") and refused("S. S.")


def test_the_filter_names_what_it_found_only_as_a_refusal_in_czech():
    with pytest.raises(nicknames.Invalid, match="Zvolte prosím jinou"):
        nicknames.validate(nicknames.clean("Adolf 88"))
    assert nicknames.validate("Anička") == "Anička"


def test_joining_with_a_vulgar_nickname_gets_a_czech_message_and_no_seat(lesson):
    pupil = Client()
    response = join(pupil, lesson, "kurvo")
    page = response.content.decode()
    assert response.status_code == 400 and "Zvolte prosím jinou" in page
    assert not lesson.pupils.exists()


def test_generated_nicknames_are_all_clean():
    for adjective in classroom.ADJECTIVES:
        for animal in classroom.ANIMALS:
            assert not nicknames.vulgar(f"{adjective} {animal}")


def test_one_tap_removes_a_pupil_with_their_answers_and_blocks_the_nickname(lesson,
                                                                          teacher_client):
    from tutorial.lessons.models import Answer, Pupil

    rude = Client()
    join(rude, lesson, "Pepa Zdepa")
    pupil = Pupil.objects.get(nickname="Pepa Zdepa")
    classroom.control(lesson, "start")
    rude.post(f"/hra/{lesson.code}/1/", {"vyber": "1", "misto": ["b2.SE"]})
    assert Answer.objects.filter(pupil=pupil).exists()
    page = teacher_client.get(f"/ucitel/hodina/{lesson.code}/").content.decode()
    assert "Odebrat žáka Pepa Zdepa" in page
    lesson.refresh_from_db()
    status = f"/hra/{lesson.code}/stav/?v={lesson.version()}"
    assert rude.get(status).status_code == 204
    response = teacher_client.post(f"/ucitel/hodina/{lesson.code}/odebrat/{pupil.pk}/")
    assert rude.get(status)["HX-Refresh"] == "true"  # the removed phone notices
    assert response.status_code == 302
    assert not Pupil.objects.filter(pk=pupil.pk).exists() and not Answer.objects.exists()
    projector = teacher_client.get(f"/ucitel/hodina/{lesson.code}/projektor/")
    assert "Pepa Zdepa" not in projector.content.decode()
    # The removed device has no seat; the same name (or a look-alike) cannot come back.
    assert "Připojit se" in rude.get(f"/hra/{lesson.code}/").content.decode()
    for again in ("Pepa Zdepa", "pepa zdepa", "Pepa  Zdepa"):
        response = join(Client(), lesson, again)
        assert response.status_code == 403 and "odebral" in response.content.decode()
    assert join(Client(), lesson, "Pepa").status_code == 302
    # A second tap (another tab) changes nothing and is no error.
    again = teacher_client.post(f"/ucitel/hodina/{lesson.code}/odebrat/{pupil.pk}/")
    assert again.status_code == 302
