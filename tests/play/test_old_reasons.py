"""Games saved before the computer players stopped telling their plan keep reasons like
"protože šetří na město" (what only the player's own hand could tell). The table, the
news, the step-by-step record and zapis.json never show such a plan."""

import json

import pytest
from play_kit import start

from tests.helpers.pages import html as text
from tutorial.play import record
from tutorial.play.models import PlayedGame

pytestmark = pytest.mark.django_db

OLD = {
    "Červený končí tah, protože šetří na město.": "Červený končí tah.",
    "Bílý odhazuje 4 dřeva, protože šetří na vesnici.": "Bílý odhazuje 4 dřeva.",
    "Modrý kupuje akční kartu, protože vedle šetření na vesnici chce i akční kartu.":
        "Modrý kupuje akční kartu.",
    "Oranžový vrací 2 obilí, aby mu zbyly suroviny na město.": "Oranžový vrací 2 obilí.",
    "Modrý hraje rytíře, protože míří k Největšímu vojsku.": "Modrý hraje rytíře.",
    "šetří na město": "",
    "Modrý staví silnici, protože odtud vede nejkratší cesta.":
        "Modrý staví silnici, protože odtud vede nejkratší cesta.",
}


@pytest.mark.parametrize(("stored", "shown"), OLD.items())
def test_a_stored_reason_loses_the_plan_and_keeps_the_move(stored, shown):
    assert record.table_reason(stored) == shown


def test_an_old_game_shows_no_plan_in_the_news_the_record_or_its_json(client):
    url = start(client, lide=0, seed=4)  # watching: the news lists the computers' reasons
    row = PlayedGame.objects.get()
    planted = row.log.exclude(reason="").order_by("number")
    assert planted.count() >= 1
    for move in planted:
        move.reason = move.reason.rstrip(".") + ", protože šetří na město."
        move.save(update_fields=["reason"])
    page = text(client.get(url))
    assert "Proč: Oranžový" in page  # the reasons are still there, without the plan
    assert "šetří" not in page
    step = text(client.get(record.step_urls(row)(planted[0].number)))
    assert "Proč tak hrál počítač:" in step and "šetří" not in step
    data = client.get(url + "zapis.json").json()
    notes = [s["note"] for t in data["turns"] for s in t["steps"] if s["note"]]
    assert notes and not any("šetří" in n for n in notes)
    assert "šetří" not in json.dumps(data, ensure_ascii=False)
