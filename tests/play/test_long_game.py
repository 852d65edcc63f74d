"""A long game's record is served in pieces: zapis.json page by page, a step page with the
steps and turns near it; nothing serves or holds a whole long game at once."""

import re
import subprocess
import sys
from pathlib import Path

import pytest

from engine import actions
from tutorial.play import flow, record
from tutorial.play.models import Move, PlayedGame

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]
PLAYERS = ("orange", "red", "blue", "white")


def written(log: list[actions.Action]) -> str:
    """A game of these actions written straight into the database (as issue 22's was made
    through the site before offers were capped)."""
    setup = flow.Setup(players=PLAYERS, people=("orange",), seed=1)
    row = PlayedGame.objects.create(setup=setup.to_json(), moves=len(log), seen=len(log))
    Move.objects.bulk_create(Move(game=row, number=i, action=a.to_json(), by="person")
                             for i, a in enumerate(log))
    return f"/hrat/{row.pk}/"


def offers_in_one_turn(count: int) -> list[actions.Action]:
    offer = actions.OfferTrade("orange", "red", {"wool": 1}, {"ore": 9})
    log = [actions.RollDice("orange", (3, 3))]
    while len(log) < count:
        log += [offer, actions.DeclineTrade("red")]
    return log[:count]


def many_turns(turns: int) -> list[actions.Action]:
    log = []
    for turn in range(turns):
        color = PLAYERS[turn % 4]
        log += [actions.RollDice(color, (4, 4)), actions.EndTurn(color)]
    return log


def test_the_record_of_a_long_game_comes_in_pages(client):
    url = written(offers_in_one_turn(1201))
    seen, page, pages = [], url + "zapis.json", 0
    while page:
        response = client.get(page)
        assert response.status_code == 200 and len(response.content) < 1_000_000
        data = response.json()
        pages += 1
        assert sum(len(t["steps"]) for t in data["turns"]) <= record.PAGE_ACTIONS
        seen += [(t["number"], s["number"]) for t in data["turns"] for s in t["steps"]]
        page = data["page"]["next"]
    assert pages == data["page"]["count"] >= 5
    assert seen == [(1, n) for n in range(1, 1202)]
    assert data["turns"][0]["steps"][-1]["text"] == "Červený obchod odmítá."
    missing = client.get(url + "zapis.json?strana=99")
    assert missing.status_code == 404 and "stránky 1 až" in missing.json()["error"]


def test_a_step_in_a_long_turn_lists_only_the_steps_near_it(client):
    url = written(offers_in_one_turn(1201))
    response = client.get(url + "tah/1/krok/600/")
    page = response.content.decode()
    assert response.status_code == 200 and len(page) < 150_000
    listed = re.findall(r'href="/hrat/[^/]+/tah/1/krok/(\d+)/" hx-get', page)
    assert "krok 600 z 1201" in page and len(set(listed)) <= 2 * record.STEPS_AROUND + 4
    assert "…" in page and "jen část dlouhého tahu" in page
    assert 'href="' + url + 'tah/1/krok/601/" hx-get' in page


def test_a_step_of_a_game_of_many_turns_lists_only_the_turns_near_it(client):
    url = written(many_turns(300))
    page = client.get(url + "tah/150/krok/2/").content.decode()
    turns = set(re.findall(r'href="/hrat/[^/]+/tah/(\d+)/"', page))
    assert {"1", "150", "300"} <= turns and len(turns) <= 2 * record.TURNS_AROUND + 3
    assert client.get(url + "tah/300/krok/2/").status_code == 200


def test_the_long_game_script_prints_its_figures(script_env):
    result = subprocess.run(
        [sys.executable, "scripts/longgame.py", "--actions", "600", "--requests", "4"],
        cwd=ROOT, env=script_env, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    assert re.search(r"^longgame actions=600 requests=4 max_ms=\d+ rss_growth_mb=-?[\d.]+$",
                     result.stdout, re.M), result.stdout
