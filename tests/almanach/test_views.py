"""The Almanach's pages: index, entries, search page, htmx suggestions and the JSON API."""

import re
from urllib.parse import urlencode

import pytest
from django.test import Client
from django.urls import reverse

from almanach import czech, links

pytestmark = pytest.mark.usefixtures("content")


@pytest.fixture
def files_html(client) -> dict[str, str]:
    from almanach.models import Entry

    return {entry.slug: entry.html for entry in Entry.objects.all()}


def get(client: Client, url: str, **headers) -> str:
    response = client.get(url, headers=headers)
    assert response.status_code == 200, url
    return response.content.decode()


# --- index -------------------------------------------------------------------------------


def test_index_has_a_letter_bar_with_every_letter_and_empty_ones_disabled(client):
    html = get(client, reverse("almanach:index"))
    bar = html.split('<nav class="letter-bar"', 1)[1].split("</nav>", 1)[0]
    letters = re.findall(r"<li>.*?>([^<>]+)</(?:a|span)></li>", bar)
    assert letters == list(czech.ALPHABET)
    assert '<a href="#pismeno-z">Z</a>' in bar
    assert '<a href="#pismeno-z-hacek">Ž</a>' in bar
    assert 'aria-disabled="true" title="Žádné heslo na Q">Q</span>' in bar


def test_index_groups_headwords_by_letter_in_czech_order(client):
    html = get(client, reverse("almanach:index"))
    groups = re.findall(r'<section class="letter-group" id="([^"]+)"', html)
    assert groups[0] == "pismeno-a" and groups[-1] == "pismeno-z-hacek"
    assert groups.index("pismeno-z") < groups.index("pismeno-z-hacek")
    assert html.index(">Konec hry<") < html.index(">Křižovatka<")
    assert html.count('href="/almanach/') >= 34 + 5


def test_index_lists_the_extra_pages(client):
    html = get(client, reverse("almanach:index"))
    pages = html.split("Další stránky", 1)[1]
    for slug in ("herni-material", "katan-pro-dva", "rozdily-mezi-vydanimi"):
        assert f'href="/almanach/{slug}/"' in pages


# --- entry pages -------------------------------------------------------------------------


def test_entry_page_shows_body_boxes_links_backlinks_and_sources(client):
    html = get(client, "/almanach/zlodej/")
    assert "<h1>Zloděj</h1>" in html
    assert "<title>Zloděj · Almanach Katanu</title>" in html
    assert '<p class="box-label">Jiné vydání (001: kompaktní pravidla)</p>' in html
    assert '<a class="xref" href="/almanach/rytir/">' in html
    see_also = html.split('id="viz-take"', 1)[1].split("</section>", 1)[0]
    assert '<a href="/almanach/rytir/">Rytíř</a>' in see_also
    linked_from = html.split('id="odkazuji-sem"', 1)[1].split("</section>", 1)[0]
    assert '<a href="/almanach/zetony-s-cisly/">Žetony s čísly</a>' in linked_from
    assert "Zdroje: Almanach Katanu, kompaktní pravidla, Pravidla hry" in html


@pytest.mark.parametrize(
    ("slug", "css", "label"),
    [("sedmicka-padla-nastupuje-zlodej", "priklad", "Příklad"), ("pristav", "pozor", "Pozor"),
     ("mesto", "tip", "Tip")],
)
def test_example_pitfall_and_tip_boxes_are_rendered(client, slug, css, label):
    html = get(client, f"/almanach/{slug}/")
    assert f'<aside class="box {css}">\n<p class="box-label">{label}</p>' in html


def test_entry_page_shows_the_card_texts(client):
    html = get(client, "/almanach/pokrok/")
    assert 'id="karta-monopol"' in html
    assert "Všichni hráči Ti musí dát všechny karty s touto surovinou" in html
    assert "Karta pokroku" in html


def test_extra_pages_use_the_same_permalinks(client):
    html = get(client, "/almanach/herni-material/")
    assert "<h1>Herní materiál</h1>" in html


def test_applications_come_from_registered_providers(client):
    def provider(slug):
        return [("Procvič si: kvíz o zloději", "/kvizy/zlodej/")] if slug == "zlodej" else []

    links.register(provider)
    try:
        html = get(client, "/almanach/zlodej/")
        other = get(client, "/almanach/cesta/")
    finally:
        links.unregister(provider)
    assert '<a href="/kvizy/zlodej/">Procvič si: kvíz o zloději</a>' in html
    assert "Procvič si: kvíz o zloději" not in other
    assert links.applications("zlodej") == [a for a in links.applications("zlodej")
                                            if a.label != "Procvič si: kvíz o zloději"]


def test_registering_twice_adds_once():
    def provider(slug):
        return [("A", "/a/")]

    links.register(provider)
    links.register(provider)
    try:
        assert links.applications("x").count(("A", "/a/")) == 1
    finally:
        links.unregister(provider)


def test_unknown_entry_is_a_czech_404(client):
    response = client.get("/almanach/tohle-heslo-neni/")
    assert response.status_code == 404
    assert "Stránka nenalezena" in response.content.decode()


@pytest.mark.parametrize(
    "variant", ["zloděj", "Zloděj", "ZLODEJ", "zlodej_", "Zloděj%20"], ids=repr
)
def test_slug_variants_redirect_to_the_permalink(client, variant):
    response = client.get(f"/almanach/{variant}/")
    assert response.status_code == 301
    assert response["Location"] == "/almanach/zlodej/"


def test_multi_word_variant_redirects(client):
    response = client.get("/almanach/Nejdelší obchodní cesta/")
    assert response["Location"] == "/almanach/nejdelsi-obchodni-cesta/"


# --- search page and suggestions -----------------------------------------------------------


def test_search_page_works_without_javascript(client):
    response = client.get(reverse("almanach:search"), {"q": "zlodej"})
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" in html and "Hledání v almanachu" in html
    assert '<h2><a href="/almanach/zlodej/?zvyraznit=zlodej#odstavec-1">Zloděj</a></h2>' in html
    assert "<mark>zloděj</mark>" in html
    assert 'value="zlodej"' in html, "the header box keeps the query"
    assert "HX-Request" in response["Vary"]


def test_htmx_gets_only_the_suggestions(client):
    response = client.get(reverse("almanach:search"), {"q": "zlod"}, headers={"HX-Request": "true"})
    html = response.content.decode()
    assert "<html" not in html and "<header" not in html
    assert html.strip().startswith('<div class="suggest-box">')
    assert '<a href="/almanach/zlodej/?zvyraznit=zlod#odstavec-1"><span class="suggest-headword">' \
        'Zloděj</span>' in html
    assert 'href="/almanach/hledat/?q=zlod"' in html
    assert "HX-Request" in response["Vary"]


def test_htmx_with_an_empty_query_empties_the_box(client):
    response = client.get(reverse("almanach:search"), {"q": "  "}, headers={"HX-Request": "true"})
    assert response.content == b""
    assert "HX-Request" in response["Vary"]


def test_nothing_found_suggests_closest_headwords_and_the_index(client):
    html = get(client, reverse("almanach:search") + "?q=xqzwv")
    assert "Pro „xqzwv“ jsme nic nenašli." in html
    assert 'href="/almanach/"' in html
    assert "Nehledáte spíš:" in html


BAD_QUERIES = [
    "",
    "   ",
    "?!…—–,;",
    "\x00\x01\x1b[31m",
    "zlo\x00děj",
    "a" * 10_000,
    "ž" * 201,
    "<script>alert(1)</script>",
    "' OR 1=1 --",
    "\u202ezlodej",
    "🙂🙂🙂",
    "%%%",
]


@pytest.mark.parametrize("query", BAD_QUERIES, ids=lambda q: repr(q[:20]))
@pytest.mark.parametrize("htmx", [False, True])
def test_odd_queries_get_a_friendly_answer_never_an_error(client, query, htmx):
    headers = {"HX-Request": "true"} if htmx else {}
    response = client.get(reverse("almanach:search"), {"q": query}, headers=headers)
    assert response.status_code == 200
    html = response.content.decode()
    assert "<script>alert" not in html
    if len(query) > 200:
        assert "Dotaz je příliš dlouhý" in html


def test_punctuation_only_query_explains_itself(client):
    html = get(client, reverse("almanach:search") + "?q=%3F%21")
    assert "V dotazu není žádné slovo" in html


# --- JSON API ------------------------------------------------------------------------------


@pytest.mark.parametrize("path", ["/almanach/api/hledat", "/almanach/api/hledat/"])
def test_search_api_returns_best_first_with_plain_snippets(client, path):
    response = client.get(path, {"q": "robber"})
    assert response.status_code == 200
    data = response.json()
    assert set(data) == {"query", "results"}
    assert data["query"] == "robber"
    assert 1 <= len(data["results"]) <= 10
    first = data["results"][0]
    assert set(first) == {"headword", "url", "link", "snippet"}
    assert first == {**first, "headword": "Zloděj", "url": "/almanach/zlodej/",
                     "link": "/almanach/zlodej/?zvyraznit=robber#odstavec-1"}
    assert "<" not in "".join(r["snippet"] for r in data["results"])


def test_search_api_gives_at_most_ten(client):
    # "karta" is in far more than ten passages: the API cuts the list at ten, best first.
    from almanach.search_site import site_index

    assert len(site_index().search("karta", limit=50).hits) > 10
    results = client.get("/almanach/api/hledat", {"q": "karta"}).json()["results"]
    assert len(results) == 10


@pytest.mark.parametrize("query", BAD_QUERIES, ids=lambda q: repr(q[:20]))
def test_search_api_survives_odd_queries(client, query):
    response = client.get("/almanach/api/hledat", {"q": query})
    assert response.status_code == 200
    assert isinstance(response.json()["results"], list)


@pytest.mark.parametrize("path", ["/almanach/api/hesla", "/almanach/api/hesla/"])
def test_headwords_api_lists_headwords_and_pages(client, path):
    data = client.get(path).json()
    assert len(data["headwords"]) == 34
    assert data["headwords"][0] == {
        "headword": "Akční karty", "slug": "akcni-karty", "url": "/almanach/akcni-karty/",
        "letter": "A",
    }
    assert {page["slug"] for page in data["pages"]} >= {"herni-material", "katan-pro-dva"}
    assert all(page["url"].startswith("/almanach/") for page in data["pages"])


# --- a result opens the entry at its passage, the words marked (no JavaScript) --------------


def test_a_result_opens_the_entry_at_the_answering_passage_with_the_words_marked(client):
    query = "?q=kolik+karet+odhodit+p%C5%99i+sedmi%C4%8Dce"
    results = get(client, reverse("almanach:search") + query)
    link = re.search(r'<h2><a href="(/almanach/sedmicka-padla-nastupuje-zlodej/\?zvyraznit=[^"#]+'
                     r'#(odstavec-\d+))">', results)
    assert link, "the first result links to a passage"
    url, anchor = link.group(1).replace("&amp;", "&"), link.group(2)
    html = get(client, url)
    passage = re.search(rf'<li id="{anchor}">(.*?)</li>', html).group(1)
    assert "<mark>karet</mark>" in passage and "<mark>odevzdat</mark>" in passage
    assert "Zvýrazněna slova hledání „kolik karet odhodit při sedmičce“." in html
    assert 'href="/almanach/sedmicka-padla-nastupuje-zlodej/">Bez zvýraznění</a>' in html
    assert "<mark>" not in html.split('<div class="entry-body">')[0], "only the entry is marked"


def test_every_passage_of_an_entry_has_an_anchor(client):
    html = get(client, "/almanach/pravidla-hry-v-kostce/")
    numbers = [int(n) for n in re.findall(r'id="odstavec-(\d+)"', html)]
    assert numbers == list(range(1, len(numbers) + 1)) and len(numbers) > 80


@pytest.mark.parametrize(
    "value", ["", "   ", "<script>alert(1)</script>", "a" * 500, "xqzwv", "\x00zlo"], ids=repr
)
def test_odd_highlight_input_marks_nothing_and_never_breaks(client, value):
    response = client.get("/almanach/zlodej/", {"zvyraznit": value})
    html = response.content.decode()
    assert response.status_code == 200
    assert "<script>alert" not in html
    assert "<mark>" not in html and "Zvýrazněna slova" not in html


def test_without_highlight_the_entry_has_no_marks(client):
    html = get(client, "/almanach/zlodej/")
    assert "<mark>" not in html and "Zvýrazněna slova" not in html


# --- quotation and the site's own words ------------------------------------------------------


def test_an_edition_box_quotes_and_says_in_the_sites_words_where_it_joins_two_parts(client):
    html = get(client, "/almanach/zlodej/")
    box = html.split('<aside class="box edice edice-001">', 1)[1].split("</aside>", 1)[0]
    assert box.count("<blockquote>") == 2
    between = box.split("</blockquote>", 1)[1].split("<blockquote>", 1)[0]
    assert 'class="site-words">Jinde v 001, v pravidlech' in between
    assert re.search(r'<blockquote>\n<p id="odstavec-\d+">Akční karty nelze uloupit zlodějem.</p>',
                     box)


def test_every_edition_box_quotes_and_marks_every_join(files_html):
    for slug, html in files_html.items():
        for box in re.findall(r'<aside class="box edice[^"]*">(.*?)</aside>', html, re.S):
            assert "<blockquote>" in box, slug
            for gap in box.split("</blockquote>")[1:-1]:
                assert 'class="site-words"' in gap.split("<blockquote>")[0], slug


def test_the_digital_editions_glossary_is_shown_as_its_own_wording(client):
    html = get(client, "/almanach/zlodej/")
    box = html.split('<aside class="box edice edice-004">', 1)[1].split("</aside>", 1)[0]
    assert "Jiné vydání (004: slovníček digitální edice)" in box
    assert 'class="site-words">Popis lupiče (zloděje):</p>' in box
    assert re.search(r'<blockquote>\n<p id="odstavec-\d+">Na začátku hry je lupič umístěn', box)
    assert "Todo" not in html


def test_inferences_say_so_where_they_are_shown(client):
    material = get(client, "/almanach/herni-material/")
    assert '<aside class="box web">' in material and "Čísla k nim doplnil web" in material
    cards = get(client, "/almanach/karta-s-vyhernim-bodem/")
    parliament = cards.split('id="karta-parlament"', 1)[1].split("</figure>", 1)[0]
    assert "<p>1</p>" in parliament
    assert '<p class="card-note">Na kartě je jen číslo 1.' in parliament
    table = get(client, "/almanach/stavebni-naklady-tabulka/")
    assert "Tuto tabulku sestavil web" in table
    assert "Zdroje: kompaktní pravidla, Pravidla hry, Almanach Katanu" in table


def test_the_differences_page_no_longer_lists_what_the_almanach_already_says(client):
    html = get(client, "/almanach/rozdily-mezi-vydanimi/")
    differences, same = html.split("Není rozdílem", 1)
    rows = {row.split("</a>", 1)[0].rsplit(">", 1)[-1]: row
            for row in re.findall(r"<li[^>]*><strong>001</strong> – (.*?)</li>", differences)}
    assert "po určení výnosů" not in rows["Obchod vnitřní"]
    assert "náhodně" not in rows["Akční karty"]
    assert "lícem nahoru" not in rows["Rytíř"] and "vybere" not in rows["Rytíř"]
    assert "již inkasoval výnosy surovin" in same
    assert "Kartu Rytíře nechá bílý ležet před sebou." in same
    assert "vytáhne 1 kartu z ruky" in same


# --- the results page answers first (issue 44) ----------------------------------------------


def first_result(html: str) -> str:
    return re.search(r'<li class="search-answer">(.*?)</li>', html, re.S).group(1)


def test_the_results_page_opens_with_the_answer_its_words_marked(client):
    html = get(client, reverse("almanach:search") + "?q=kolik+stoji+mesto")
    content = html.split('id="obsah"', 1)[1]
    # Nothing between the search box and the answer: no visible title, no "Výsledky pro…".
    assert "Výsledky pro" not in content
    assert '<h1 class="visually-hidden">Hledání v almanachu: kolik stoji mesto</h1>' in content
    answer = first_result(html)
    assert ">Stavební náklady – tabulka</a></h2>" in answer
    # The figures that answer "kolik" are marked as the answer, with what they count.
    assert '<mark class="answer-word">3 rudy</mark> + <mark class="answer-word">2 obilí</mark>' \
        in answer
    assert "<mark>Město</mark>" in answer, "the question's own words stay marked"


def test_a_yes_or_no_question_marks_what_may_be_done_and_its_limit(client):
    html = get(client, reverse("almanach:search") + "?q=sm%C3%ADm+postavit+vesnici+hned+vedle"
                                                    "+jin%C3%A9")
    answer = first_result(html)
    assert "Pravidlo o vzdálenosti mezi dvěma vesnicemi" in answer
    assert '<mark class="answer-word">lze</mark>' in answer
    assert '<mark class="answer-word">pouze v případě</mark>' in answer


def test_the_other_results_show_one_short_answering_sentence_each(client):
    from almanach.answers import OTHER_LIMIT

    html = get(client, reverse("almanach:search") + "?q=kolik+karet+odhodit+pri+sedmicce")
    items = re.findall(r"<li>\s*<h2><a [^>]*>([^<]+)</a></h2>\s*<p class=\"search-snippet\">"
                       r"(.*?)</p>", html.split('id="obsah"', 1)[1], re.S)
    assert len(items) >= 4
    for headword, snippet in items:
        text = re.sub(r"<[^>]+>", "", snippet)
        assert len(text) <= OTHER_LIMIT + len("Jiné vydání (004: slovníček digitální edice): …"), \
            headword
    assert "Pravidla hry v kostce" in dict(items)
    assert '<mark class="answer-word">polovinu</mark>' in dict(items)["Pravidla hry v kostce"]


def test_the_first_answer_is_a_few_lines_and_its_answering_sentence_stands_out(client):
    from almanach.answers import FIRST_LIMIT

    html = get(client, reverse("almanach:search") + "?q=kolik+karet+odhodit+pri+sedmicce")
    answer = first_result(html)
    snippet = re.search(r'<p class="search-snippet">(.*?)</p>', answer, re.S).group(1)
    assert len(re.sub(r"<[^>]+>", "", snippet)) <= FIRST_LIMIT + 2  # and its "…"
    sentence = re.search(r'<span class="answer-sentence">(.*?)</span>', snippet).group(1)
    assert re.sub(r"<[^>]+>", "", sentence) == \
        "Kdo jich má více než 7 (tj. 8, 9 a více), musí polovinu odevzdat do banku."


def test_suggestions_show_one_answering_sentence_per_hit(client):
    from almanach.answers import OTHER_LIMIT

    html = get(client, reverse("almanach:search") + "?q=kolik+stoji+silnice",
               **{"HX-Request": "true"})
    # The fact card's line leads (its own test below); then one sentence per hit.
    assert "Silnice stojí 1 cihlu a 1 dřevo." in html
    html = re.sub(r'<li class="suggest-fact">.*?</li>', "", html, flags=re.S)
    snippets = re.findall(r'<span class="suggest-snippet">(.*?)</span></a>', html, re.S)
    assert snippets and "1 cihla + 1 dřevo" in re.sub(r"<[^>]+>", "", snippets[0])
    assert '<mark class="answer-word">1 cihla</mark>' in snippets[0]
    for snippet in snippets:
        text = re.sub(r"<[^>]+>", "", snippet)
        assert len(text) <= OTHER_LIMIT + len("Jiné vydání (004: slovníček digitální edice): …")


def test_a_bare_name_marks_the_name_and_no_answer_words(client):
    html = get(client, reverse("almanach:search") + "?q=zlodej")
    answer = first_result(html)
    assert "<mark>zloděj</mark>" in answer and "answer-word" not in answer


@pytest.mark.parametrize("query", ["a" * 300, "?!", "<b>kolik</b> 7", "kolik 1:1 2:1"])
def test_odd_queries_still_get_a_page_with_marks_escaped(client, query):
    response = client.get(reverse("almanach:search"), {"q": query})
    assert response.status_code == 200
    assert "<b>kolik" not in response.content.decode()


# --- the home page leads with the question --------------------------------------------------


def test_the_home_page_asks_for_the_question_first_and_links_every_family(client):
    html = get(client, "/")
    title = html.index("Zeptejte se na pravidlo")
    assert title < html.index('id="hledat-q"') < html.index('class="cards"')
    examples = re.findall(r'<a href="/almanach/hledat/\?q=([^"]+)">([^<]+)</a>', html)
    assert len(examples) >= 3
    families = html.split('class="cards"', 1)[1]
    for href, label in (("/almanach/", "Almanach"), ("/almanach/caste-otazky/", "Časté otázky"),
                        ("/priklad-hry/", "Příklad hry"), ("/kvizy/", "Kvízy"),
                        ("/hrat/", "Hrát"), ("/rozhodci/", "Rozhodčí")):
        assert f'<a href="{href}">{label}</a>' in families, label


def test_each_example_question_on_the_home_page_is_answered_by_its_first_result(client):
    from config.views import EXAMPLE_QUESTIONS

    expected = {
        "Kolik karet odhodit, když padne sedmička?": "polovinu",
        "Smím postavit vesnici hned vedle jiné?": "žádná ze sousedních 3 křižovatek",
        "Můžu zahrát rytíře před hodem kostkami?": "třeba i před hodem kostkami",
        "Kolik bodů potřebuji k výhře?": "nashromáždí 10 bodů",
    }
    assert set(EXAMPLE_QUESTIONS) == set(expected)
    for question, words in expected.items():
        html = get(client, reverse("almanach:search") + "?" + urlencode({"q": question}))
        assert words in re.sub(r"<[^>]+>", "", first_result(html)), question


# --- how the browser benchmark reads a first screen (almanach/first_screen.py) ---------------


def test_the_first_screen_counts_a_fragment_only_when_one_block_shows_it_whole():
    from almanach.first_screen import answered

    item = {"answer": ["Každé město má hodnotu 2 výherních bodů."]}
    assert answered(item, ["Menu", "…každé Město má hodnotu 2 výherních bodů…"])
    # Split over two results, or cut by a word below the screen's edge (‖): not readable.
    assert not answered(item, ["Každé město má hodnotu", "2 výherních bodů."])
    assert not answered(item, ["Každé město má hodnotu 2 ‖ bodů."])


def test_the_first_screen_counts_keys_by_their_stems_within_one_block():
    from almanach.first_screen import answered

    item = {"answer": [], "keys": [["neni overovano", "7 karet"], ["sedmicka", "polovina"]]}
    assert answered(item, ["Kdo má víc než 7 karet? To není ověřováno při rytíři."])
    assert not answered(item, ["To není ověřováno.", "7 karet"])
    # Each word by its stem ("polovinu" for "polovina"), the items in any order.
    assert answered(item, ["Padne-li sedmička, odevzdáte polovinu karet."])


def test_the_first_screen_takes_a_key_given_as_a_stem_as_the_start_of_a_word():
    from almanach.first_screen import answered

    # The writers give keys as stems: "přeruš" must find "Přeruší", though stemming "přeruš"
    # again cuts it to "prer". A short key or a number is never a prefix ("7" is not "70").
    item = {"answer": [], "keys": [["přeruš", "silnic"]]}
    assert answered(item, ["Přeruší cizí vesnice vaši silnici? Ano."])
    assert not answered(item, ["Silnice vede dál."])
    assert not answered({"answer": [], "keys": [["7", "karet"]]}, ["Máte 70 karet."])
    assert not answered({"answer": [], "keys": [["ne", "silnice"]]}, ["nebo silnice"])
    # A three-letter stem begins a word a few letters longer ("vln" → "vlnu"), a three-letter
    # word given whole never ("nic" is not "nich", "pro" is not "proč").
    item = {"answer": [], "keys": [["rud", "vln", "obil"]]}
    assert answered(item, ["Akční karta stojí 1 vlnu, 1 obilí a 1 rudu."])
    assert not answered({"answer": [], "keys": [["nic", "nedostane"]]},
                        ["Z nich nedostane výnos."])
    assert not answered({"answer": [], "keys": [["pro", "silnici"]]}, ["Proč silnici?"])


# --- fact cards and rulings on the results page --------------------------------------------


def _search(client: Client, query: str, **headers) -> str:
    return get(client, reverse("almanach:search") + "?" + urlencode({"q": query}), **headers)


def test_a_bare_name_is_answered_by_its_entrys_opening(client):
    # "Nejdelší obchodní cesta" asks what it is: the answer starts with the entry's opening
    # (how to get the card), not with a later sentence that repeats the name.
    html = _search(client, "nejdelší obchodní cesta")
    results = html[html.index('class="search-results"'):]
    answer = results[:results.index("</li>")]
    assert '<p class="search-snippet"><span class="answer-sentence">– Když se hráči podaří' \
        in answer and "minimálně z 5 úseků" in answer


def test_a_question_about_a_figure_gets_the_fact_card_above_the_answers(client):
    html = _search(client, "kolik je rytiru v balicku")
    card = html.index('class="box fact-card"')
    assert card < html.index('class="search-results"')
    assert "14 rytířů." in html and "„Rytíř (14)“" in html


def test_under_a_fact_card_the_answer_is_the_sentence_its_frequent_question_quotes(client):
    # "Potřebujete k výměně s bankem přístav?" quotes "K této transakci nepotřebuje hráč žádný
    # přístav." Under the fact card the first result has two lines, and the sentence before it
    # holds more of the query's words ("4:1"); the quoted sentence is still the one shown.
    html = _search(client, "potrebuju pristav na 4:1")
    results = html[html.index('class="search-results"'):]
    first = results[:results.index("</li>")]
    assert "Častá otázka" in first
    assert "nepotřebuje hráč žádný" in re.sub(r"<[^>]+>", "", first)


def test_a_rule_question_gets_no_fact_card(client):
    for query in ("smim stavet silnici pres cizi vesnici", "kdo zacina hru"):
        assert "fact-card" not in _search(client, query)


def test_suggestions_as_you_type_lead_with_the_fact(client):
    html = _search(client, "kolik stoji mesto", HX_Request="true")
    first = html.index('class="suggest-fact"')
    assert first < html.index('class="suggest-headword">', first + 30)
    assert "3 rudy a 2 obilí" in html


def test_a_ruling_in_the_results_says_it_is_the_site_s_words_and_its_source(client):
    html = _search(client, "smi rytir kdyz zlodej neni na mem poli")
    assert '<abbr title="Slovy webu, ne citace almanachu">Slovy webu</abbr>, zdroj:' in html
    assert "Oficiální FAQ vydavatele (catan.com)" in html


def test_the_bank_shortage_sentence_comes_with_the_later_official_exception(client):
    html = _search(client, "dosly suroviny v banku")
    sentence = html.index("neinkasuje nikdo")
    note = html.index("ruling-note", sentence)
    assert "jen jeden hráč" in html[note:note + 600]


def test_a_rulings_short_answer_stays_in_front_of_its_answering_sentence(client):
    # "Nesmíte." is the ruling's answer; the sentence holding the query's words comes after it,
    # and the label the headword already shows is not repeated.
    from almanach import answers

    snippet = ("Rozhodnutí mimo almanach: Nesmíte. Surovinu za stejnou surovinu (například 1 "
               "<mark>rudu</mark> za 1 <mark>rudu</mark>) měnit nelze, se spoluhráčem ani se "
               "zámořím: vyměnit smíte jen za jinou surovinu. Almanach to výslovně neříká; "
               "pravidlový engine takovou výměnu odmítne.")
    shown = answers.answer(snippet, "muzu vymenit rudu za rudu", answers.OTHER_LIMIT)
    assert shown.text.startswith("Nesmíte. Surovinu za stejnou surovinu")
    assert shown.html.startswith('<mark class="answer-word">Nesmíte.</mark>')
    assert "Rozhodnutí mimo almanach" not in shown.text
    html = _search(client, "vraci se zlodej po kradezi na poust")
    assert '<mark class="answer-word">Nevrací.</mark>' in html


def test_a_rulings_verdict_is_marked_as_the_answer_when_its_own_sentence_is_shown(client):
    # "Musíte: počet karet v ruce je veřejný…": the short answer is the sentence shown, and its
    # verdict, the word a player looks for, stands out as a lead "Nesmíte." does.
    html = _search(client, "smi souper vedet kolik karet drzim v ruce")
    assert '<mark class="answer-word">Musíte</mark>: počet' in html
    # A short answer that opens with more than a verdict marks no phrase of it as one.
    from almanach import answers

    shown = answers.answer("Rozhodnutí mimo almanach: Smíte postavit zloděje i ke krajině s "
                           "vlastní vesnicí, jen sami sebe neokradete.", "zlodej k me vesnici",
                           answers.OTHER_LIMIT)
    assert '<mark class="answer-word">Smíte postavit' not in shown.html


def test_a_rulings_long_short_answer_is_what_a_lower_result_shows(client):
    """A ruling below the first result gets one short line: its short answer, too long to
    stand before another sentence, was dropped and a later sentence of explanation shown
    ("…má-li u pole jiný spoluhráč s kartami, okradete…"), so the player never read "Nic: od
    hráče bez karet nic neukradnete". The short answer is the ruling's answer: it is shown."""
    from almanach import answers

    snippet = ("Rozhodnutí mimo almanach: Nic: od hráče bez karet nic neukradnete a nic nezíská "
               "ani ten, kdo zloděje přemístil, kromě toho, že díl přestane vynášet. Hráč bez "
               "karet surovin vám nedá žádnou <mark>kartu</mark>; má-li u pole se zlodějem "
               "vesnici nebo město jiný spoluhráč s kartami, okradete jeho.")
    shown = answers.answer(snippet, "zlodej okrade hrace co nema zadny karty", answers.OTHER_LIMIT)
    assert shown.text.startswith("Nic: od hráče bez karet nic neukradnete")


def test_a_rulings_short_answer_states_the_rule_in_a_players_words(client):
    # Not a bare "Nesmíte.": the answer names the object and the verb the player asked about.
    for query, rule in [
        ("muzu vymenit 1 rudu za 1 rudu", "Nesmíte: surovinu za stejnou surovinu"),
        ("da se vymenit akcni karta s jinym hracem za suroviny",
         "Nesmíte: akční kartu nelze prodat, vyměnit ani darovat."),
    ]:
        html = _search(client, query)
        results = re.sub(r"<[^>]+>", "", html[html.index('class="search-results"'):])
        assert rule in results[:1500], (query, results[:400])
