"""The graded decisions are said to the person who made them, with vykání ("Mohli jste
postavit …", "Tímto tahem jste …"); everybody else's decisions keep the third person. The
engine never knows who "you" is: the site chooses the person from the viewer's colour."""

import re

import pytest

from tests.helpers.games import finished_game
from tests.helpers.pages import html as text
from tutorial.review import present
from tutorial.review.models import GameReview

pytestmark = pytest.mark.django_db

GRADE_TEXT = re.compile(r'<li class="rv-grade .*?</dl>\s*<p>(.*?)(?: <a |</p>)', re.S)


def _grade(player, label, text, *, same=False, chance=0.20, best=0.25, step=10):
    action = {"action": "BuildRoad", "path": [1, 2]}
    best_action = action if same else {"action": "BuildSettlement", "node": 3}
    return {"step": step, "player": player, "action": action, "best": best_action,
            "move": "Postavit silnici u lesa 5",
            "better": "Postavit silnici u lesa 5" if same else "Postavit vesnici u hor 8",
            "chance": chance, "best_chance": best, "label": label, "text": text,
            "headword": ""}


def _graded(grades, viewer):
    return present.grades({"grades": grades}, lambda step: (3, 2), lambda step: "", viewer)


def test_the_viewers_own_mistake_is_said_to_them_and_anothers_keeps_the_third_person():
    mine = _grade("orange", "chyba", "Silný hráč by hrál jinak: oranžový staví vesnici u hor"
                  " 8, protože odtud poprvé dostane rudu.", chance=0.20, best=0.25)
    theirs = _grade("blue", "nepřesnost", "Silný hráč by hrál jinak: modrý staví vesnici u"
                    " hor 8, protože odtud poprvé dostane rudu.", chance=0.30, best=0.33)
    own, other = _graded([mine, theirs], viewer="orange")
    assert own["text"] == ("Mohli jste postavit vesnici u hor 8: silný hráč by to na vašem"
                           " místě zahrál, protože odtud poprvé dostane rudu.")
    assert own["difference"] == "Váš tah stál podle odhadu 5 procentních bodů šance na výhru."
    assert own["yours"] and not other["yours"]
    assert other["text"] == theirs["text"]
    assert other["difference"] == ("Tah modrého stál podle odhadu 3 procentní body šance"
                                   " na výhru.")


def test_a_move_like_the_strong_players_and_a_near_miss_are_said_to_the_person():
    same = _grade("orange", "přesné", "Oranžový staví silnici u lesa 5, protože vede k místu"
                  " pro vesnici.", same=True, chance=0.2, best=0.2)
    near = _grade("orange", "přesné", "Silný hráč by hrál jinak, ale odhad se liší málo:"
                  " oranžový staví vesnici u hor 8.", chance=0.24, best=0.25)
    robber = {**near, "better": "Zloděj na horu 8 a vzít kartu modrému",
              "text": "Silný hráč by hrál jinak: oranžový posílá zloděje na hory 8 a okrádá"
                      " modrého, aby tím škodil vedoucímu.", "label": "chyba", "best": 0.3}
    a, b, c = _graded([same, near, robber], viewer="orange")
    assert a["text"] == ("Tímto tahem jste hráli jako silný hráč, který by to na vašem místě"
                         " zahrál také, protože vede k místu pro vesnici.")
    assert b["text"] == ("Mohli jste postavit vesnici u hor 8, jak by na vašem místě hrál"
                         " silný hráč. Odhad se ale od vašeho tahu liší jen málo.")
    assert c["text"].startswith("Mohli jste poslat zloděje na horu 8 a vzít kartu modrému:"
                                " silný hráč by to na vašem místě zahrál, aby tím škodil")


def test_with_no_viewer_every_decision_keeps_the_third_person():
    grade = _grade("orange", "chyba", "Silný hráč by hrál jinak: oranžový staví vesnici.")
    (only,) = _graded([grade], viewer=None)
    assert only["text"] == grade["text"] and not only["yours"]
    assert only["difference"].startswith("Tah oranžového stál podle odhadu")


@pytest.mark.slow  # reviews a whole played game (tens of seconds)
def test_the_one_persons_review_page_speaks_to_them(client):
    row = finished_game(seed=1, plan="zacatecnici")
    page = text(client.get(f"/hrat/{row.pk}/rozbor/"))
    grades = page.split('<section class="rv-grades"', 1)[1].split("</section>", 1)[0]
    sentences = GRADE_TEXT.findall(grades)
    assert sentences and len(sentences) == len(GameReview.objects.get(game=row).result["grades"])
    for sentence in sentences:
        assert sentence.startswith(("Mohli jste ", "Tímto tahem jste ")), sentence
        assert "Oranžový" not in sentence and "oranžový " not in sentence
    assert "Mohli jste" in grades
    assert "s vaším tahem" in grades and "s tímto tahem" not in grades


@pytest.mark.slow  # reviews a whole played game (tens of seconds)
def test_two_people_at_one_device_are_each_named_in_the_third_person(client):
    row = finished_game(seed=1, plan="zacatecnici", people=("orange", "blue"))
    page = text(client.get(f"/hrat/{row.pk}/rozbor/"))
    grades = page.split('<section class="rv-grades"', 1)[1].split("</section>", 1)[0]
    assert "Mohli jste" not in grades and "Tímto tahem jste" not in grades
    assert "Váš tah" not in grades
    assert "<dt>Oranžový</dt>" in grades and "<dt>Modrý</dt>" in grades
