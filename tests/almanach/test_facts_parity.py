"""The offline fact cards (offline/static/js/offline-facts.js, in Node) pick the same card with
the same answer as almanach.facts.card_for, on every question of the fact tests, the search's
evaluation sets and a few awkward inputs; and the partial template renders a card as the
script does."""

import json
import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest
from django.template.loader import render_to_string

from almanach import facts
from tests.almanach.test_facts import ASKS, NOT_ASKS

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "offline" / "static" / "js" / "offline-facts.js"
EVAL_DIR = ROOT / "almanach" / "eval"
NODE = shutil.which("node")

HARNESS = """
const fs = require("fs");
require(process.argv[2]);
const data = JSON.parse(fs.readFileSync(process.argv[3], "utf8"));
const queries = JSON.parse(fs.readFileSync(process.argv[4], "utf8"));
const cards = queries.map((q) => globalThis.KatanFacts.cardFor(q, data));
const html = cards.map((card) => card ? globalThis.KatanFacts.renderCard(card) : null);
process.stdout.write(JSON.stringify({cards: cards, html: html}));
"""

AWKWARD = [
    "KOLIK STOJÍ MĚSTO",
    "kolik   stojí\tměsto?!",
    "kurz v přístavu 3 : 1",
    "kurz v přístavu 3:1",
    "Kolik žetonů má číslo 08",
    "kolik karet odevzdám, když mám 40 karet",
    "kolik karet odevzdám, když mám 41 karet",
    "kolik je šestek a osmiček",
    "kolik stojí město " + "a " * 120,
    "ｋｏｌｉｋ stojí město",
    "kolik stojí mésto",
    "kolik ſtojí město",
    "kolikstojí město",
    "🎲 kolik je rytířů 🎲",
    "Kolik rytířů?",
    "rytířů kolik",
    "kolik je přístavů ٣:١",
]


def _eval_questions() -> list[str]:
    questions = []
    for path in sorted(EVAL_DIR.glob("*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        questions += [item["q"] for item in data.get("queries", [])]
        questions += [item["otazka"] for item in data.get("otazka", [])]
    return questions


def _questions() -> list[str]:
    return list(dict.fromkeys([q for q, _ in ASKS] + NOT_ASKS + AWKWARD + _eval_questions()))


@pytest.fixture(scope="module")
def node_cards(tmp_path_factory):
    if NODE is None:
        pytest.fail("node is not installed: the offline fact cards cannot be checked")
    folder = tmp_path_factory.mktemp("facts")
    harness = folder / "harness.js"
    harness.write_text(HARNESS, encoding="utf-8")
    data = folder / "data.json"
    data.write_text(json.dumps(facts.offline_data(), ensure_ascii=False), encoding="utf-8")
    queries = _questions()
    (folder / "queries.json").write_text(json.dumps(queries, ensure_ascii=False),
                                         encoding="utf-8")
    out = subprocess.run([NODE, str(harness), str(SCRIPT), str(data),
                          str(folder / "queries.json")],
                         capture_output=True, text=True, check=True, timeout=60)
    result = json.loads(out.stdout)
    return queries, result["cards"], result["html"]


def test_the_offline_script_picks_the_same_card_as_the_server(node_cards):
    queries, cards, _ = node_cards
    assert len(queries) > 300  # the test lists, the evaluation sets and the awkward inputs
    differ = []
    for query, card in zip(queries, cards, strict=True):
        server = facts.card_for(query)
        expected = server.to_json() if server else None
        if card != expected:
            differ.append((query, expected and expected["id"], card and card["id"]))
    assert not differ, differ


def test_the_offline_script_answers_a_fact_and_stays_silent_on_a_rule(node_cards):
    queries, cards, _ = node_cards
    by_query = dict(zip(queries, cards, strict=True))
    assert by_query["kolik stoji mesto"]["answer"] == (
        "Město stojí 3 rudy a 2 obilí; staví se jen povýšením vesnice.")
    assert by_query["kolik stoji mesto"]["link"].startswith("/almanach/mesto/#odstavec-")
    assert by_query["KOLIK STOJÍ MĚSTO"]["id"] == "cost-city"
    assert by_query["kolik karet odevzdám, když mám 40 karet"]["answer"] == (
        "Máte-li 40 karet, odevzdáte 20 karet.")
    assert by_query["smim postavit silnici pres cizi vesnici"] is None
    assert by_query["kolik stojí město " + "a " * 120] is None  # too long for one figure


def test_the_partial_renders_a_card_as_the_offline_script_does(node_cards):
    queries, cards, html = node_cards
    for query in ("kolik stojí", "kolik je rytířů", "která krajina nic nevynáší",
                  "kurz v přístavu 3 : 1"):
        card = facts.card_for(query)
        rendered = render_to_string("almanach/_fact_card.html", {"fact": card})
        assert rendered.strip() == html[queries.index(query)]


def test_the_partial_shows_the_answer_the_rows_the_quote_and_the_link():
    card = facts.card_for("kolik stojí město")
    html = render_to_string("almanach/_fact_card.html", {"fact": card})
    assert "<h2 class=\"box-label\" id=\"fakt-cost-city\">Cena města</h2>" in html
    assert "Město stojí 3 rudy a 2 obilí" in html
    assert '<tr><th scope="row">Akční karta</th><td>1 vlna + 1 obilí + 1 ruda</td></tr>' in html
    assert "„K vylepšení osady na město potřebuješ 3 rudy a 2 obilí.“" in html
    assert f'<a href="{card.link}">Almanach, heslo Město – jiné vydání (004: ' in html
    card = facts.card_for("kolik je přístavů")
    html = render_to_string("almanach/_fact_card.html", {"fact": card})
    assert "Normální (3 : 1)" in html
