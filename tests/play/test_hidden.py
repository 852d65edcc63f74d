"""While a game with people runs, the record shows each viewer what a player at that table
knows, in every channel: zapis.json, the step viewer, the narration and the game page.
Another's bought card is "akční karta", a stolen card is named only to the thief and the
victim, points leave out victory-point cards nobody has shown. After the end, everything."""

import re
from functools import cache

import pytest

from tutorial.play import flow, store
from tutorial.play.computers import decide_for, seat
from tutorial.play.models import PlayedGame

pytestmark = pytest.mark.django_db

PLAYERS = ("orange", "red", "blue", "white")
SEED = 5


@cache
def computers_game() -> tuple[list, dict]:
    """A computers' game cut where orange has bought a card, another player holds an unshown
    victory-point card and one computer has robbed another; what happened, by log number."""
    setup = flow.Setup(players=PLAYERS, people=(), seed=SEED)
    game, bots = flow.start(setup), seat(setup)
    log: list = []
    found: dict = {}
    while game.winner is None and len(found) < 3:
        moves = flow.computers_play(game, setup, decide_for(bots), limit=1)
        assert moves, "the computers' game stopped"
        move = moves[0]
        a = move.action
        if a["type"] == "buy_development_card" and a["player"] == "orange":
            found.setdefault("own_buy", (len(log), a["card"]))
        if a["type"] == "buy_development_card" and a["player"] != "orange" and a[
                "card"] == "victory_point":
            found.setdefault("vp", (len(log), a["player"]))
        if a.get("victim") and "orange" not in (a["player"], a["victim"]):
            found.setdefault("steal", (len(log), a["player"], a["victim"], a["card"]))
        log.append(move)
    assert len(found) == 3 and game.winner is None, found
    return log, found


def stored(people=("orange",), shown_to="", winner="", upto=None) -> tuple[str, dict]:
    log, found = computers_game()
    log = log[:upto]
    setup = flow.Setup(players=PLAYERS, people=people, seed=SEED)
    row = PlayedGame.objects.create(setup=setup.to_json(), shown_to=shown_to)
    store.save(row, None, log, person_acted=False)
    PlayedGame.objects.filter(pk=row.pk).update(winner=winner)
    return f"/hrat/{row.pk}/", found


def step_url(client, url, number) -> str:
    row = PlayedGame.objects.get(pk=url.split("/")[2])
    from tutorial.play import record
    return record.step_urls(row)(number)


def json_steps(client, url) -> list[dict]:
    steps, page = [], url + "zapis.json"
    while page:
        data = client.get(page).json()
        steps += [s for t in data["turns"] for s in t["steps"]]
        page = data.get("page", {}).get("next")
    return steps, data


def test_the_record_json_names_only_the_viewers_own_cards(client):
    url, found = stored()
    steps, last = json_steps(client, url)
    bought = [e for s in steps for e in s["events"] if e["kind"] == "card_bought"]
    assert {e["card"] for e in bought if e["player"] == "orange"} >= {found["own_buy"][1]}
    assert all(e["card"] is None for e in bought if e["player"] != "orange")
    stolen = [e for s in steps for e in s["events"] if e["kind"] == "stolen"
              and "orange" not in (e["thief"], e["victim"])]
    assert stolen and all(e["card"] is None for e in stolen)
    _, thief, victim, card = found["steal"]
    told = next(s["text"] for s in steps if any(e["kind"] == "stolen" and e["thief"] == thief
                                                 for e in s["events"]))
    assert "1 kartu" in told and re.search(r"bere \w+ 1 kartu", told)
    # The holder of the unshown victory-point card: points without it, no card named.
    holder = found["vp"][1]
    final = last["turns"][-1]["steps"][-1]["state"]["players"][holder]
    assert final["points_detail"]["victory_cards"] == 0 and final["hand"] is None
    assert all(c["card"] is None for c in final["dev_cards"]) and final["dev_cards"]
    assert "victory_point" not in str([s["state"]["players"][holder] for s in steps])


def test_the_game_page_and_the_record_agree_on_points(client):
    url, found = stored()
    _, last = json_steps(client, url)
    page = client.get(url).content.decode()
    final = last["turns"][-1]["steps"][-1]["state"]["players"]
    from engine import words
    for color in PLAYERS:
        name = words.player(color, capital=True)
        shown = re.search(name + r"[^<]*</[^>]+>\s*(?:<[^>]+>\s*)*?[^<]*?(\d+) bod", page)
        assert shown is None or int(shown[1]) == final[color]["points"], color
    holder = found["vp"][1]
    game = store.game_of(PlayedGame.objects.get(pk=url.split("/")[2]))
    assert final[holder]["points"] == game.points(holder, include_hidden=False)["total"]
    assert final[holder]["points"] < game.points(holder)["total"]


def test_the_step_viewer_keeps_anothers_card_and_a_steal_between_others_hidden(client):
    url, found = stored()
    number, thief, victim, card = found["steal"]
    page = client.get(step_url(client, url, number)).content.decode()
    from engine import words
    assert f"bere {words.player(victim, 'dat')} 1 kartu" in page
    assert f"1 {words.resource_word(card, 1)}" not in page.split("step-text")[1][:400]
    vp_page = client.get(step_url(client, url, found["vp"][0])).content.decode()
    assert "Vítězný bod" not in vp_page and "akční karta" in vp_page


def test_the_game_page_news_names_a_stolen_card_only_to_thief_and_victim(client):
    from engine import words
    number, thief, victim, card = found_steal = computers_game()[1]["steal"]
    upto = number + 1
    named = f"bere {words.player(victim, 'dat')} 1 {words.resource_word(card, 1)}"
    hidden = f"bere {words.player(victim, 'dat')} 1 kartu"
    url, _ = stored(upto=upto)  # orange watches
    page = client.get(url).content.decode()
    assert hidden in page and named not in page, found_steal
    url, _ = stored(people=(thief,), upto=upto)
    page = client.get(url).content.decode()
    assert named in page


def test_hot_seat_shows_the_device_holder_only_their_own(client):
    holder = computers_game()[1]["vp"][1]
    url, _ = stored(people=("orange", holder), shown_to=holder)
    steps, last = json_steps(client, url)
    final = last["turns"][-1]["steps"][-1]["state"]["players"]
    assert final[holder]["points_detail"]["victory_cards"] >= 1
    assert final["orange"]["hand"] is None and final[holder]["hand"] is not None
    url, _ = stored(people=("orange", holder), shown_to="")
    steps, last = json_steps(client, url)
    final = last["turns"][-1]["steps"][-1]["state"]["players"]
    assert final["orange"]["hand"] is None and final[holder]["hand"] is None


def test_after_the_end_the_record_shows_everything(client):
    url, found = stored(winner="white")
    steps, _ = json_steps(client, url)
    bought = [e for s in steps for e in s["events"] if e["kind"] == "card_bought"]
    assert all(e["card"] for e in bought)
    assert any(e["kind"] == "stolen" and e["card"] for s in steps for e in s["events"])
