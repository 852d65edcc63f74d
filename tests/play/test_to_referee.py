"""'Rozhodnout odsud' from Hrát: one answer (tutorial/play/to_referee.py) to whose cards a
link to Rozhodčí carries, whichever way the screen goes there: a game on one device by
/rozhodci/z-hry/<id>/, a game with friends by /hrat/<id>/rozhodnout/."""

from urllib.parse import parse_qs, urlsplit

from django.test import Client

from tests.helpers.makers import make_game
from tutorial.play import flow, store
from tutorial.play.models import FriendGame

LETTER = {"orange": "o", "red": "c", "blue": "m", "white": "b"}


def owners(response) -> set[str]:
    """The colours whose hands (resources, development cards) the link to Rozhodčí carries."""
    assert response.status_code == 302, response.status_code
    query = parse_qs(urlsplit(response["Location"]).query)
    found = set()
    for field in ("ruce", "karty"):
        code = query.get(field, [""])[0]
        found |= {code[i] for i in range(0, len(code), 6)}
    colour = {letter: name for name, letter in LETTER.items()}
    return {colour[letter] for letter in found}


def friends_game() -> tuple[str, dict[str, Client]]:
    """Orange hosts, blue and white join, red is a computer; the game starts."""
    phones = {"orange": Client(), "blue": Client(), "white": Client()}
    response = phones["orange"].post("/hrat/s-prateli/", {
        "hraci": 4, "plan": "zacatecnici", "prezdivka": "Ada", "barva": "orange", "cas": 0,
        "misto_orange": "clovek", "misto_red": "pokrocily", "misto_blue": "clovek",
        "misto_white": "clovek"})
    url = response["Location"]
    code = FriendGame.objects.get(pk=url.split("/")[2]).code
    for colour, nickname in (("blue", "Běla"), ("white", "Cyril")):
        phones[colour].post("/hrat/pripojit/", {"kod": code, "prezdivka": nickname,
                                                "barva": colour})
    assert phones["orange"].post(url + "zacit/").status_code == 302
    return url, phones


def test_both_ways_to_rozhodci_carry_only_the_cards_of_the_phones_own_seat(db):
    url, phones = friends_game()
    game_id = url.split("/")[2]
    assert all(store.game_of(store.find(game_id)).hand_size(c) for c in LETTER)
    for colour, phone in phones.items():
        page = phone.get(url).content.decode()
        assert f'href="/hrat/{game_id}/rozhodnout/">Rozhodnout odsud' in page
        assert owners(phone.get(url + "rozhodnout/")) == {colour}, colour
        # Rozhodčí's own address for a played game gives the same answer.
        assert owners(phone.get(f"/rozhodci/z-hry/{game_id}/")) == {colour}, colour
    stranger = Client()  # a phone without a seat: nobody's cards, by either way
    assert owners(stranger.get(url + "rozhodnout/")) == set()
    assert owners(stranger.get(f"/rozhodci/z-hry/{game_id}/")) == set()


def test_one_device_carries_the_person_at_it_and_nobody_while_it_is_handed_over(db):
    one = make_game(flow.Setup(players=("orange", "red", "blue"), people=("orange",),
                               seed=3))
    for way in (f"/rozhodci/z-hry/{one.pk}/", f"/hrat/{one.pk}/rozhodnout/"):
        assert owners(Client().get(way)) == {"orange"}, way
    two = make_game(flow.Setup(players=("orange", "red", "blue"), people=("orange", "red"),
                               seed=3))
    store.set_shown_to(two, "red")  # red looked last; orange is on turn: being handed over
    for way in (f"/rozhodci/z-hry/{two.pk}/", f"/hrat/{two.pk}/rozhodnout/"):
        assert owners(Client().get(way)) == set(), way
    store.set_shown_to(two, "orange")
    assert owners(Client().get(f"/hrat/{two.pk}/rozhodnout/")) == {"orange"}
    watching = make_game(flow.Setup(players=("orange", "red", "blue"), people=(), seed=3))
    assert owners(Client().get(f"/hrat/{watching.pk}/rozhodnout/")) == {
        "orange", "red", "blue"}
