"""Search, one capability at a time, on an index built straight from the data files."""

import ast
from pathlib import Path

import pytest

from almanach import search, search_site
from almanach.loader import read_content
from almanach.markup import EDITION_LABELS
from almanach.search import Document, SearchIndex, clean_query
from engine.options import OPTION


@pytest.fixture
def index(file_index) -> SearchIndex:
    return file_index


def first(index: SearchIndex, query: str) -> str:
    hits = index.search(query).hits
    assert hits, f"nothing found for {query!r}"
    return hits[0].slug


def top(index: SearchIndex, query: str, n: int = 3) -> list[str]:
    return [hit.slug for hit in index.search(query).hits[:n]]


def test_the_search_core_does_not_import_django():
    # Every module of the package, anywhere in it (import-linter checks the chains too).
    modules = set()
    for path in Path(search.__file__).parent.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                modules |= {alias.name for alias in node.names}
            elif isinstance(node, ast.ImportFrom):
                modules.add(node.module or "")
    assert len(list(Path(search.__file__).parent.glob("*.py"))) >= 6
    assert not any(name.startswith(("django", "almanach.models", "almanach.loader",
                                    "almanach.faq", "almanach.search_site"))
                   for name in modules), sorted(modules)


@pytest.mark.parametrize("query", ["Zloděj", "ZLODĚJ", "zlodej", "ZlOdEj", "  zloděj  "])
def test_case_and_diacritics_do_not_matter(index, query):
    assert first(index, query) == "zlodej"


@pytest.mark.parametrize(
    ("query", "slug"),
    [("vesnici", "vesnice"), ("městem", "mesto"), ("zloděje", "zlodej"), ("rytíře", "rytir"),
     ("křižovatky", "krizovatka"), ("mestem", "mesto"), ("zlodeje", "zlodej")],
)
def test_inflected_forms_find_the_headword(index, query, slug):
    assert first(index, query) == slug


@pytest.mark.parametrize(
    ("query", "slug"),
    [("zlo", "zlodej"), ("křiž", "krizovatka"), ("nejdel", "nejdelsi-obchodni-cesta"),
     ("žeto", "zetony-s-cisly")],
)
def test_an_unfinished_word_matches_as_a_prefix(index, query, slug):
    assert first(index, query) == slug


@pytest.mark.parametrize(
    ("query", "slug"),
    [("zlodj", "zlodej"),  # 5 letters, one left out
     ("pristva", "pristav"),  # two letters swapped count as one edit
     ("ritíř", "rytir"),
     ("krizovtka", "krizovatka"),  # 9 letters: up to two edits
     ("nejvěčší vojsko", "nejvetsi-vojsko"),
     ("stavební náklday", "stavebni-naklady")],
)
def test_typos_are_forgiven_in_longer_words(index, query, slug):
    assert first(index, query) == slug


@pytest.mark.parametrize(
    ("query", "slug"),
    [("msto", "mesto")],  # 4 letters, one left out
)
def test_a_short_word_forgives_two_swapped_letters_or_one_left_out(index, query, slug):
    assert first(index, query) == slug


def test_a_short_word_with_two_letters_swapped_is_read_right(index):
    # "bdou" is "bodů": Výherní body and Konec hry both answer with the 10 points.
    hit = index.search("na kolik bdou se hraje").hits[0]
    assert hit.slug in {"vyherni-body", "konec-hry"} and "10 bodů" in hit.snippet


def test_short_words_get_no_other_typo_allowance(index):
    assert index.search("qxz").hits == []
    assert index.search("rda").hits == [], "a letter changed in three is another word"
    assert index.search("zlxdxj").hits == [], "two edits in six letters are too many"


@pytest.mark.parametrize(
    ("query", "slug"),
    [("osada", "vesnice"), ("lupič", "zlodej"), ("karta vývoje", "akcni-karty"),
     ("rok hojnosti", "pokrok"), ("postupová karta", "pokrok"), ("hlína", "krajiny-a-suroviny"),
     ("robber", "zlodej"), ("longest road", "nejdelsi-obchodni-cesta"),
     ("largest army", "nejvetsi-vojsko"), ("settlement", "vesnice"), ("harbor", "pristav"),
     ("development card", "akcni-karty"), ("desert", "poust")],
)
def test_synonyms_and_other_editions_terms(index, query, slug):
    assert first(index, query) == slug


@pytest.mark.parametrize(
    ("query", "answer"),
    [("kolik sutru za mesto", "3 rudy"), ("kolik klacku stoji silnice", "1 dřevo"),
     ("na co jsou sutry", "Ruda"), ("obycejny pristav kolik za jednu", "3 stejné"),
     ("kdy se hejbe zlodejem", "Pohybuje se pouze tehdy"),
     ("da se hrat v 6 lidech", "Hru pro 5 a 6 hráčů")],
)
def test_table_slang_is_understood(index, query, answer):
    # "šutry" are ore, "klacky" wood, an "obyčejný" harbour the normal one, the robber
    # "se hejbe", six "lidí" are six players: words players use at the table.
    assert answer in " ".join(hit.snippet for hit in index.search(query).hits[:3])


def test_the_synonym_table_rewrites_words_inside_a_question(index):
    assert first(index, "kolik bodů za osadu") in {"vesnice", "vyherni-body"}
    hits = index.search("osada").hits
    assert "<mark>" in hits[0].snippet_html, "the Almanach's word is marked in the snippet"


@pytest.mark.parametrize(
    ("query", "slug"),
    [("kolik karet odhodit při sedmičce", "sedmicka-padla-nastupuje-zlodej"),
     ("kdy můžu hrát rytíře", "rytir"),
     ("kolik bodů je potřeba k vítězství", "vyherni-body"),
     ("jak se obchoduje s bankou", "obchod-se-zamorim"),
     # Katan pro dva as players name it: its own rule, not the base game's.
     ("dvouhra vesnice u pouste", "katan-pro-dva"),
     ("co dela neutralni hrac", "katan-pro-dva")],
)
def test_natural_questions(index, query, slug):
    assert first(index, query) == slug


def test_stop_words_alone_still_search(index):
    assert index.search("a je to").message == ""


def test_headword_matches_rank_above_text_matches(index):
    # Rytíř appears in many texts; the entry named so comes first.
    assert first(index, "rytíř") == "rytir"
    assert top(index, "obchod", 1) == ["obchod"]
    assert first(index, "cesta") == "cesta"


def test_exact_alias_beats_a_partial_headword(index):
    assert first(index, "trade with the bank") == "obchod-se-zamorim"


def test_rare_words_weigh_more_than_common_ones(index):
    # "hráč" is everywhere; "monopol" only in Pokrok.
    assert first(index, "hráč monopol") == "pokrok"


def test_snippets_mark_the_matched_words_and_are_plain_in_the_api_form(index):
    hit = index.search("přerušení nejdelší cesty").hits[0]
    assert "<mark>" in hit.snippet_html
    assert "<" not in hit.snippet
    label = max(len(label) for label in EDITION_LABELS.values()) + 2
    assert len(hit.snippet) <= search.ANSWER_WIDTH + 2 + label  # ellipses, another edition


def test_snippets_are_escaped():
    doc = Document("a", "Heslo", "/a/", 'Text <script>x</script> & "zloděj" tady.')
    hit = SearchIndex([doc], synonyms={}).search("zloděj").hits[0]
    assert "<script>" not in hit.snippet_html
    assert "&lt;script&gt;" in hit.snippet_html
    assert "<mark>zloděj</mark>" in hit.snippet_html
    assert hit.snippet == 'Text <script>x</script> & "zloděj" tady.'


def test_snippet_starts_at_the_best_passage_of_a_long_text():
    text = "Úvodní věta. " * 40 + "Tady je zloděj a poušť. " + "Konec. " * 80
    doc = Document("a", "Heslo", "/a/", text)
    hit = SearchIndex([doc], synonyms={}).search("zloděj poušť").hits[0]
    assert hit.snippet.startswith("…") and hit.snippet.endswith("…")
    assert "<mark>zloděj</mark> a <mark>poušť</mark>" in hit.snippet_html


def test_results_are_capped_and_best_first(index):
    results = index.search("karta", limit=4)
    assert len(results.hits) <= 4
    scores = [hit.score for hit in results.hits]
    assert scores == sorted(scores, reverse=True)


def test_nothing_found_offers_the_closest_headwords(index):
    results = index.search("zlodějna xyz qqq")
    assert results.hits == [] or results.hits[0].slug == "zlodej"
    results = index.search("xqzwv")
    assert results.hits == [] and len(results.closest) == 3


@pytest.mark.parametrize(
    ("raw", "query", "message"),
    [("", "", search.MESSAGE_EMPTY),
     ("   \t\n", "", search.MESSAGE_EMPTY),
     ("?!…", "?!…", search.MESSAGE_NO_WORDS),
     ("a" * 201, "", search.MESSAGE_TOO_LONG),
     ("zlo\x00děj", "zlo děj", ""),
     ("  nejdelší \u200b  cesta ", "nejdelší cesta", "")],
)
def test_clean_query(raw, query, message):
    assert clean_query(raw) == (query, message)


@pytest.mark.django_db
def test_the_site_index_follows_the_database(content, django_assert_max_num_queries):
    from almanach.models import Entry

    index = search_site.site_index()
    assert search_site.site_index() is index, "cached while nothing changes"
    assert first(index, "zloděj") == "zlodej"
    Entry.objects.filter(slug="zlodej").update(headword="Lupičák")
    Entry.objects.get(slug="zlodej").save()  # bumps updated_at, as load_content does
    rebuilt = search_site.site_index()
    assert rebuilt is not index
    assert rebuilt.search("lupičák").hits[0].slug == "zlodej"
    with django_assert_max_num_queries(1):
        search_site.site_index()


# --- snippets that answer, the passage they come from ----------------------------------------


@pytest.mark.parametrize(
    ("query", "slug", "answer", "not_shown"),
    [
        # The example: the 4:1 sentence comes first in the entry, the 2:1 one answers.
        ("muze se obchodovat s bankou 2:1", "obchod-se-zamorim",
         "odevzdá 2x danou surovinu a vezme si 1", "4:1"),
        ("kolik karet odhodit při sedmičce", "sedmicka-padla-nastupuje-zlodej",
         "musí polovinu odevzdat do banku", None),
        ("kolik je přístavů", "krajiny-a-suroviny", "9 přístav", None),
        ("muzu darovat karty spoluhraci", "obchod-vnitrni", "Není dovoleno darování karet", None),
        ("vyhraju kdyz mam 10 bodu a nejsem na tahu", "konec-hry",
         "Hra končí, když hráč, který je na tahu, dosáhne 10 bodů.", None),
        # "cena…" asks what is paid: the line that names it, not the entry's opening.
        ("karta vyvoje cena", "stavebni-naklady", "Akční karty: platí se rudou, vlnou a obilím",
         None),
    ],
)
def test_the_snippet_is_the_sentence_that_answers(index, query, slug, answer, not_shown):
    hit = next(hit for hit in index.search(query).hits[:3] if hit.slug == slug)
    assert answer in hit.snippet
    if not_shown:
        assert not_shown not in hit.snippet


def test_a_may_question_gets_the_sentence_that_says_what_may_be_done(index):
    # Issue #44 (c): a player asking "může…" got another edition's box that repeats the
    # question's words ("…nejsou přerušeny cizí vesnicí…") instead of the rule that says it
    # can ("Obchodní cestu lze přerušit!").
    hit = index.search("muze cizi vesnice prerusit moji obchodni cestu").hits[0]
    assert "Obchodní cestu lze přerušit" in hit.snippet
    # An opponent's road does not break it: the ruling says so first, not "lze přerušit!".
    hit = index.search("muze cizi silnice prerusit moji obchodni cestu").hits[0]
    assert hit.snippet.startswith("Rozhodnutí mimo almanach: Nepřeruší: cestu přeruší jen cizí")


@pytest.mark.parametrize("query", ["zloděje", "zlodj", "lupič", "ZLODEJ"])
def test_a_query_that_only_names_an_entry_gets_its_opening(index, query):
    hit = index.search(query).hits[0]
    assert hit.snippet.startswith("Černá figurka je zloděj. Na začátku hry stojí na poušti.")
    assert hit.anchor == "odstavec-1"


@pytest.mark.parametrize("query", ["karta vývoje", "karty vyvoje", "development card"])
def test_a_name_of_two_words_gets_the_opening_even_when_a_question_lifts_it(index, query):
    # Two words lift the players' questions of a passage, but a bare name still wants what
    # the entry says first, not a quotation chosen for some question.
    hit = index.search(query).hits[0]
    assert hit.slug == "akcni-karty"
    assert hit.snippet.startswith("Existují 3 druhy akčních karet")
    assert hit.question is None


def test_a_question_gets_a_sentence_even_when_it_names_the_entry(index):
    hit = index.search("kolik je přístavů").hits[0]
    assert not hit.snippet.startswith("Když chce hráč vlastnit přístav")


def test_the_sites_own_words_lead_to_an_answer_but_are_never_the_snippet(index):
    # "Popis kostek:" (the site's line before 004's quotation) holds the word; the rule does not.
    hit = index.search("kostky").hits[0]
    assert hit.slug == "suroviny-vynosy"
    assert "Popis kostek" not in hit.snippet
    assert hit.snippet.startswith("Hráč, který je na řadě, hází kostkami a součet bodů určuje")


def test_a_short_sentence_comes_with_its_neighbours_and_a_long_one_is_cut_around_the_words():
    text = ("Úvod. " * 80 + "Zloděj stojí. Pak další věta o ničem. A ještě jedna.\n"
            + "Dlouhá " * 90 + "poušť " + "věta " * 90 + ".")
    index = SearchIndex([Document("a", "Heslo", "/a/", text)], synonyms={})
    short = index.search("zloděj").hits[0].snippet
    assert short.startswith("…Úvod.")
    assert short.endswith("Zloděj stojí. Pak další věta o ničem. A ještě jedna."), "to the line end"
    long = index.search("poušť").hits[0]
    assert long.snippet.startswith("…") and long.snippet.endswith("…")
    assert "<mark>poušť</mark>" in long.snippet_html
    assert len(long.snippet) <= search.ANSWER_WIDTH + 2


def test_the_first_result_brings_the_sentences_after_its_answer_and_the_others_stay_short():
    # A phone shows the first result as the answer: its passage goes on after the sentence
    # that matched, as far as fits; the other results keep a short snippet.
    answer = ("Zloděj stojí na poušti, zloděj se stěhuje po sedmičce. "
              + "Hráč pak okrade souseda u nového pole. " * 3 + "Karty se berou z ruky. " * 12)
    other = "Zloděj je figurka. " + "Další věta o figurce bez zájmu. " * 12
    index = SearchIndex([Document("a", "Heslo A", "/a/", answer),
                         Document("b", "Heslo B", "/b/", other)], synonyms={})
    first, second = index.search("zloděj").hits
    assert first.slug == "a"
    assert first.snippet.startswith("Zloděj stojí na poušti, zloděj se stěhuje po sedmičce. Hráč")
    assert search.SNIPPET_WIDTH + 2 < len(first.snippet) <= search.ANSWER_WIDTH + 2
    assert second.snippet.startswith("Zloděj je figurka.")
    assert len(second.snippet) <= search.SNIPPET_WIDTH + 2


def test_the_first_answer_goes_on_into_the_next_paragraph_of_the_entrys_own_text():
    # A passage that ends early: the first result's snippet goes on into the paragraph after
    # it (the rule that follows often answers "kdy…" and "co když…"), whole sentences as fit;
    # the other results do not.
    text = ("Kdo vyloží třetího rytíře, získá Největší vojsko.\n"
            "Kdo později vyloží více rytířů, stane se novým majitelem karty.\n"
            "Karta má hodnotu dvou bodů. " + "Další věta o kartě bez zájmu. " * 20)
    other = "Vyloží-li hráč rytíře, přesune zloděje.\nZloděj pak stojí jinde."
    index = SearchIndex([Document("a", "Největší vojsko", "/a/", text),
                         Document("b", "Rytíř", "/b/", other)], synonyms={})
    first, second = index.search("vyloží třetího rytíře").hits
    assert first.slug == "a"
    assert first.snippet.startswith("Kdo vyloží třetího rytíře, získá Největší vojsko. Kdo "
                                    "později vyloží více rytířů, stane se novým majitelem")
    assert "Karta má hodnotu dvou bodů." in first.snippet
    assert len(first.snippet) <= search.ANSWER_WIDTH + 2 and first.snippet.endswith("…")
    assert first.line == 0  # the link still opens the passage that answers
    assert second.snippet == "Vyloží-li hráč rytíře, přesune zloděje."


def test_the_first_answer_takes_the_sentences_before_it_when_its_passage_ends_with_it():
    # The rule often comes a sentence before the words that matched: when nothing follows
    # the answer in its passage, the sentences before it come along (up to the minimum).
    rule = "Kdo první vyloží tři rytíře, získá zvláštní kartu. " + "Hráč ji položí před sebe. " * 14
    text = rule + "Největší vojsko dává 2 výherní body."
    hit = SearchIndex([Document("a", "Vojsko", "/a/", text)], synonyms={}).search(
        "kolik bodu dava nejvetsi vojsko").hits[0]
    assert hit.snippet.startswith("…Hráč ji položí před sebe.")
    assert hit.snippet.endswith("Největší vojsko dává 2 výherní body.")
    assert search.ANSWER_MIN <= len(hit.snippet) <= search.ANSWER_WIDTH + 2


@pytest.mark.parametrize("following", ["box", "heading", "site_words"])
def test_the_first_answer_never_goes_on_into_a_box_a_heading_or_the_sites_words(following):
    lines = ["Kdo vyloží třetího rytíře, získá Největší vojsko.",
             "Jiné vydání (001: kompaktní pravidla): Kdo má nejvíc rytířů, má vojsko."]
    document = Document(
        "a", "Největší vojsko", "/a/", "\n".join(lines),
        editions=((1, "Jiné vydání (001: kompaktní pravidla)"),) if following == "box" else (),
        headings=frozenset({1}) if following == "heading" else frozenset(),
        asides=frozenset({1}) if following == "site_words" else frozenset())
    index = SearchIndex([document], synonyms={})
    assert index.search("vyloží třetího rytíře").hits[0].snippet == lines[0]


def test_an_answer_from_another_editions_box_stays_inside_its_box():
    lines = ["Úvod k vojsku.",
             "Jiné vydání (001: kompaktní pravidla): Kdo vyloží třetího rytíře, má vojsko.",
             "Almanach: vojsko přechází na toho, kdo vyloží víc rytířů."]
    index = SearchIndex([Document("a", "Největší vojsko", "/a/", "\n".join(lines),
                                  editions=((1, "Jiné vydání (001: kompaktní pravidla)"),))],
                        synonyms={})
    hit = index.search("vyloží třetího rytíře 001").hits[0]
    assert hit.line == 1 and hit.snippet == lines[1]


def test_sentences_do_not_end_at_a_number_or_an_abbreviation():
    text = "1. kolo: hráč hází, tj. určí výnos. Viz např. heslo Zloděj. Konec\nDruhý řádek."
    assert [text[start:end] for start, end, _ in search._sentences(text)] == [
        "1. kolo: hráč hází, tj. určí výnos.", "Viz např. heslo Zloděj.", "Konec", "Druhý řádek.",
    ]
    assert [line for _, _, line in search._sentences(text)] == [0, 0, 0, 1]


def test_a_hit_links_to_the_passage_of_its_snippet_with_the_query_to_mark(index):
    hits = index.search("muze se obchodovat s bankou 2:1").hits
    hit = next(hit for hit in hits if hit.slug == "obchod-se-zamorim")
    number = int(hit.anchor.removeprefix("odstavec-"))
    passage = hit.document.text.split("\n")[number - 1]
    shown = hit.snippet.removeprefix(EDITION_LABELS["004"] + ": ").strip("…")
    assert shown[:40] in passage
    assert hit.link == f"/almanach/obchod-se-zamorim/?zvyraznit=muze+se+obchodovat+s+bankou+2%3A1" \
                       f"#{hit.anchor}"


def test_the_sites_rule_comes_before_another_editions_words(index):
    # Longest Road tie: the Almanach puts the card aside, 001 lets the holder keep it. The
    # site's rule (the engine's default) answers; the 001 box only when the query names it.
    hit = index.search("nejdelší cesta remíza").hits[0]
    assert hit.slug == "nejdelsi-obchodni-cesta"
    assert hit.snippet.startswith("– Mají-li po přerušení dva či více hráčů stejně dlouhé")
    assert "karta se vrací do banku" in hit.snippet
    for query in ("kdy můžu hrát rytíře", "nejvetsi vojsko remiza", "kolik stoji silnice"):
        assert not index.search(query).hits[0].snippet.startswith("Jiné vydání"), query


def test_a_largest_army_tie_is_answered_by_the_rule_that_takes_more_knights(index):
    # The card changes hands only for more knights: a tie keeps it where it is.
    for query in ("kdo dostane nejvetsi vojsko pri shode", "largest army tie"):
        hit = index.search(query).hits[0]
        assert hit.slug == "nejvetsi-vojsko", query
        assert "jiný hráč odkryje více rytířů" in hit.snippet, query


def test_another_editions_words_say_so_in_the_snippet(index):
    hit = index.search("nejdelší cesta remíza 001").hits[0]
    assert hit.slug == "nejdelsi-obchodni-cesta"
    assert hit.snippet.startswith("Jiné vydání (001: kompaktní pravidla): Mají-li po přerušení")
    assert hit.snippet_html.startswith('<span class="snippet-source">Jiné vydání (001')


def test_a_card_line_links_to_the_card(index):
    hit = index.search("Parlament").hits[0]
    assert hit.slug == "karta-s-vyhernim-bodem"
    assert hit.anchor == "karta-parlament"


def test_mark_wraps_the_query_words_in_html_text_only():
    html = ('<p id="odstavec-1">Zloděj &amp; <a class="xref" href="/almanach/zlodej/">zloděje'
            '</a> stojí</p>')
    keys = search.word_keys("zloděj").keys()
    marked = search.mark(html, set(keys))
    assert marked == ('<p id="odstavec-1"><mark>Zloděj</mark> &amp; <a class="xref" '
                      'href="/almanach/zlodej/"><mark>zloděje</mark></a> stojí</p>')
    assert search.mark(html, set()) == html


def test_highlight_keys_are_the_query_words_found_in_the_entry(index):
    keys = index.highlight_keys("zlodeje na poust", "zlodej")
    assert {"zlodej", "poust"} <= keys
    assert index.highlight_keys("zlodeje", "neni-takove-heslo") == set()
    assert index.highlight_keys("?!", "zlodej") == set()


# --- terms that had no entry to land on (issue 11) --------------------------------------------


@pytest.mark.parametrize(
    ("query", "slug", "answer"),
    [
        ("kopce", "krajiny-a-suroviny", "Pahorkatina přináší hlínu (cihly)"),
        ("blokáda", "zlodej", "nedává tento díl žádné výnosy"),
        ("území", "krajiny-a-suroviny", "území"),
        ("terén", "krajiny-a-suroviny", "Existuje 5 druhů terénu produkujících různé suroviny."),
        ("kostky", "suroviny-vynosy", "hází kostkami a součet bodů určuje"),
        ("les", "krajiny-a-suroviny", "Les přináší dřevo (klády)"),
        ("hory", "krajiny-a-suroviny", "Hory přináší rudu (železo)"),
        ("pastvina", "krajiny-a-suroviny", "Pastvina přináší vlnu (ovce)"),
        ("pahorkatina", "krajiny-a-suroviny", "Pahorkatina přináší hlínu (cihly)"),
        ("pole", "krajiny-a-suroviny", "Pole přináší obilí (snopy obilí)"),
        ("dřevo", "krajiny-a-suroviny", "dřevo"),
        ("ruda", "krajiny-a-suroviny", "rud"),
        ("kolik je pristavu 3:1 a 2:1", "krajiny-a-suroviny", "3:1"),
    ],
)
def test_every_term_has_a_home_that_answers(index, query, slug, answer):
    hit = index.search(query).hits[0]
    assert (hit.slug, answer in hit.snippet) == (slug, True), hit.snippet


def test_pole_is_the_grain_terrain_not_any_tile(index):
    assert "pole" not in search.load_synonyms(), "pole = díl would send grain fields to tiles"
    hit = index.search("pole").hits[0]
    assert "obilí" in hit.snippet
    assert "<mark>díl" not in hit.snippet_html


def test_the_harbour_split_is_on_the_landscapes_page(index):
    hits = {hit.slug: hit for hit in index.search("přístavy na plánu").hits}
    page = hits["krajiny-a-suroviny"].document.text
    assert "Ve hře je 9 přístavů z nich 4 jsou normální přístavy a 5 jich je speciálních" in page
    assert "Pro každou surovinu je na herním plánu jeden specializovaný přístav." in page


# --- editions apart (issue 20) ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("slug", "option", "default"),
    # Hrát's field for the option comes from its declaration (engine.options); the default
    # is the Almanach's reading, which the declaration must keep.
    [("nejdelsi-obchodni-cesta", OPTION["longest_road_tie"].play_field,
      ("longest_road_tie", "aside")),
     ("pristav", OPTION["combined_trade_build"].play_field, ("combined_trade_build", False))],
)
def test_an_entry_with_another_editions_rule_says_which_rule_the_site_follows(slug, option,
                                                                              default):
    from engine.rules import Rules
    from tutorial.play.forms import NewGameForm

    assert getattr(Rules(), default[0]) == default[1], "the engine's default is the Almanach's"
    html = read_content(url_for=str).by_slug()[slug].html
    note = html.index('<aside class="box web">')
    assert note < html.index('<aside class="box edice edice-001">'), "the site's rule first"
    text = html[note: html.index("</aside>", note)]
    assert "řídí Almanachem" in text and "engine" in text
    assert f"„{NewGameForm.base_fields[option].label}“" in text, "names the option in Hrát"


# --- the passage that answers, chosen inside the entry ----------------------------------------


def _entry(text: str) -> SearchIndex:
    other = Document("b", "Město", "/b/", "Město přináší dvojnásobné výnosy.\nMěsto stojí rudu.")
    return SearchIndex([Document("a", "Největší vojsko", "/a/", text), other], synonyms={})


def test_a_how_many_question_shows_the_sentence_with_the_number():
    # One word besides "kolik" names the entry: the question still wants the figure.
    index = _entry(
        "Kdo vyloží rytíře, přemístí zloděje a rytíř zůstane ležet.\n"
        "Ve hře je 14 karet Rytíř."
    )
    hit = index.search("kolik je rytiru").hits[0]
    assert hit.snippet == "Ve hře je 14 karet Rytíř."


@pytest.mark.parametrize(
    ("query", "answer"),
    [
        ("kolik bodu dostanu za mesto", "Každé město má hodnotu 2 výherních bodů."),
        ("ruda se pouziva na co", "Je vyžadována k budování měst a nákupu Karet vývoje."),
        ("pocet bodovych karet v balicku", "Karta s výherním bodem (5)"),
        ("jak dlouho zlodej blokuje krajinu", "žádné výnosy tak dlouho, dokud není zloděj"),
        # The words that name the entry (město, akční karta) do not choose the passage.
        ("kolik mest muzu postavit nejvic", "maximálně 15 silnic, 5 vesnic a 4 města"),
        ("smim koupit vic akcnich karet za tah",
         "Hráč není omezen ve stavění ani nákupu akčních karet"),
    ],
)
def test_a_players_question_shows_the_answering_sentence_first(index, query, answer):
    assert answer in index.search(query).hits[0].snippet


def test_a_typo_one_letter_off_the_stem_of_a_word_still_finds_it():
    # "pasvin" is two edits from "pastviny" and "pastvina", one from their stem.
    index = SearchIndex([Document("a", "Krajina", "/a/", "Na plánu jsou pastviny.\nPastvina dává "
                                  "vlnu.")], synonyms={})
    hits = index.search("plan bez pasvin").hits
    assert hits and hits[0].slug == "a"
    assert "<mark>pastviny</mark>" in hits[0].snippet_html


def test_a_short_line_that_a_list_follows_shows_the_list_items_too():
    text = "Herní materiál:\n19 dílů krajiny:\n– les (4)\n– hory (3)\n– poušť (1)\nKarty"
    document = Document("a", "Krabice", "/a/", text, headings=frozenset({5}))
    hit = SearchIndex([document], synonyms={}).search("kolik dilu krajiny").hits[0]
    assert hit.snippet == "19 dílů krajiny: – les (4) – hory (3) – poušť (1)"


def test_a_word_only_another_editions_box_uses_brings_that_box_forward_labelled(index):
    # "osada" is the digital glossary's (004) word; the entry Vesnice has it only in that box,
    # so its result shows that box, labelled. The first result states the limit, in the site's
    # own text (Stavění: "… 5 vesnic …") or in that box, labelled ("… maximálně 5 osad"): the
    # two are a near tie that any new text on the site may tip.
    hits = index.search("kolik osad smi mit hrac").hits
    first_snippet = hits[0].snippet
    assert "5 vesnic" in first_snippet or (
        first_snippet.startswith(f"{EDITION_LABELS['004']}: ") and "5 osad" in first_snippet)
    vesnice = next(hit for hit in hits if hit.slug == "vesnice")
    assert vesnice.snippet.startswith(f"{EDITION_LABELS['004']}: ")
    assert "osad" in vesnice.snippet
    # A word the site's own text has too keeps the site's rule first.
    hit = index.search("nejvyssi vojsko kolik rytiru").hits[0]
    assert hit.snippet.startswith("Vyloží-li hráč, který je na tahu, před sebe třetí kartu Rytíř")


def test_the_landscapes_page_of_many_names_does_not_take_a_harbour_question(index):
    # Krajiny a suroviny quotes a little about everything (its aliases name every terrain and
    # resource); the harbour's own entry answers a question about its rate.
    assert first(index, "za kolik meni normalni pristav") == "pristav"


@pytest.mark.parametrize(
    ("query", "answer"),
    [
        ("k čemu je dřevo", "Je zapotřebí k budování silnic a osad."),
        ("na co se hodi vlna", "Je vyžadována k výstavbě osad a nákupu Karet vývoje."),
    ],
)
def test_what_a_thing_is_for_is_answered_by_what_it_is_needed_for(index, query, answer):
    # "K čemu…?", "na co…?" ask what a resource is needed for: the lead-in sentence that
    # names it comes with the next one that says so, not a list of where it comes from.
    assert answer in index.search(query).hits[0].snippet


def test_a_players_question_about_a_rule_only_another_edition_states_brings_that_box(index):
    # Only the compact rules (001) say that a harbour trade may be repeated in one turn: the
    # players' question written for that box lifts it first, and the snippet says whose rule.
    hit = index.search("smím měnit přes přístav několikrát za tah").hits[0]
    assert hit.slug == "obchod-se-zamorim"
    assert hit.snippet.startswith(EDITION_LABELS["001"])
    assert "lze uskutečnit výměnu pomocí normálního přístavu i vícekrát" in hit.snippet


def test_a_question_that_names_a_resource_gets_the_rule_not_the_page_listing_every_resource(
        index):
    # Krajiny a suroviny has every land and resource among its names: a question about how
    # much wood two villages at one forest bring asks about yields, and the page of lists
    # stays behind the rule that answers it.
    hits = index.search("mam dve vesnice u stejneho lesa kolik dreva dostanu").hits
    assert hits[0].slug != "krajiny-a-suroviny"
    assert "krajiny-a-suroviny" not in [hit.slug for hit in
                                        index.search("kolik rudy dostanu za mesto u hor").hits[:1]]


def test_the_land_that_never_yields_is_the_desert_not_the_land_the_robber_blocks(index):
    # The knight's entry says the robbed land yields nothing for a while; the question which
    # land yields nothing asks for the desert, the only one that never does.
    hit = index.search("ktera krajina nic nevynasi").hits[0]
    assert hit.slug == "poust"
    assert "Poušť je jediný díl krajiny, ze kterého nejsou žádné výnosy." in hit.snippet
    assert index.search("kdyz je tam zlodej nevynasi").hits[0].slug in {"rytir", "zlodej"}


def test_a_rulings_snippet_starts_with_its_short_answer(index):
    # A ruling opens with the answer ("Nesmíte: …", "Nesmí."): even when the words of the
    # query stand further on, the snippet shows the answer first, the rule in a player's words.
    hit = next(hit for hit in index.search("muzu vymenit 1 rudu za 1 rudu").hits
               if hit.slug == "rozhodnuti")
    assert hit.snippet.startswith(
        "Rozhodnutí mimo almanach: Nesmíte: surovinu za stejnou surovinu")
    assert "1 rudu za 1 rudu" in hit.snippet
    hit = index.search("muze zlodej na more").hits[0]
    assert hit.slug == "rozhodnuti" and hit.snippet.startswith("Rozhodnutí mimo almanach: Nesmí.")


def test_a_hand_limit_question_is_answered_by_the_ruling_that_there_is_none(index):
    # The discard card ("více než 7 karet … polovinu") read as a limit of 7; the ruling says
    # there is none and when the 7 asks for half.
    for query in ("kolik karet muzu mit v ruce", "je limit kolik karet muzu drzet"):
        hit = index.search(query).hits[0]
        assert hit.ruling is not None and hit.ruling.id == "limit-karet-v-ruce", query
        assert hit.snippet.startswith(
            "Rozhodnutí mimo almanach: Není: žádný limit karet v ruce"), query


def test_each_seafarers_question_gets_its_own_ruling_and_short_answer(index):
    # Ships, the pirate and the gold field were one ruling whose opening answered only the
    # ships; each is now its own ruling, opening with the answer to its question.
    hit = index.search("zlate pole namornici co dava").hits[0]
    assert hit.ruling is not None and hit.ruling.id == "namornici-zlate-pole"
    assert hit.snippet.startswith("Rozhodnutí mimo almanach: Libovolnou surovinu")
    assert "stejné i různé" in hit.snippet
    hit = index.search("co dela pirat v namornicich").hits[0]
    assert hit.ruling is not None and hit.ruling.id == "namornici-pirat"
    assert "okrást hráče, jehož loď" in hit.snippet
    hit = index.search("pocitaji se lode do nejdelsi cesty").hits[0]
    assert hit.ruling is not None and hit.ruling.id == "namornici"
    assert hit.snippet.startswith("Rozhodnutí mimo almanach: Počítají")


# Players' words that carry a question's subject or its exception: never stop words, whatever
# the content says ("dál" has the lemma "dát", a stop word; "zase", "znovu", "hned dál").
PLAYERS_WORDS = ["dál", "dal", "znovu", "zase", "stejnou", "surovinu", "nikdo", "vesnice",
                 "dostanu", "zbytek", "kruh", "spojenectví", "slib", "půjčit"]


def test_new_content_never_turns_a_players_word_into_a_stop_word():
    """A ruling once said "funguje dál": the lemma table then gave every player's "dál" the
    lemma "dát", a stop word, and "můžu hned dál měnit" lost the word that asks it. The stop
    words are an explicit list of folded words now; no content word can add to it."""
    plain = [Document("a", "Obchod", "/a/", "Obchodovat smíte ve svém tahu.")]
    words_ = ["dál", "dal", "dále", "znovu", "dostanu", "zbytek"]
    with_more = plain + [Document("b", "Zloděj", "/b/",
                                  "Přístav funguje dál a vesnice vynáší dál. Dal mu kartu, "
                                  "dále dá, dostal, zbyl zbytek a znovu dá.")]
    for documents in (plain, with_more):
        index = SearchIndex(documents, synonyms={})
        for word in words_:
            assert not index._is_stop(word), (word, [d.slug for d in documents])
        terms = [term.word for term in index._terms(["můžu", "hned", "dál", "měnit"], False)]
        assert terms == ["dál", "měnit"]
    index = SearchIndex(with_more, synonyms={})
    for word in PLAYERS_WORDS:
        assert not index._is_stop(word), word
    # the question's filler stays out, in any of its forms
    for word in ("můžu", "musí", "má", "nějak", "jsem", "kterou", "kolika", "toho"):
        assert index._is_stop(word), word


def _booklet_and_ruling() -> SearchIndex:
    """A booklet entry that states the rule, another entry, and the page of rulings with the
    exception the rule leaves open, found by its players' question."""
    from almanach.search import Question

    booklet = Document("suroviny-karty", "Suroviny – karty", "/suroviny-karty/",
                       "K dispozici je 5 druhů surovin. Hráč je získává v podobě výnosů.\n"
                       "Pokud v jednom kole nestačí bank na suroviny pro všechny, neinkasuje "
                       "nikdo.\nHráč si drží své suroviny v ruce.")
    other = Document("obchod", "Obchod", "/obchod/",
                     "Hráč na tahu smí měnit suroviny s bankem i se spoluhráči.\n"
                     "Každý hráč dostane výnosy.")
    summary = ("Rozhodnutí mimo almanach: Podle almanachu ne: zbytek, který v banku zbyl, "
               "nedostane nikdo, ani jediný hráč.")
    rulings = Document("rozhodnuti", "Rozhodnutí mimo almanach", "/rozhodnuti/",
                       summary + "\nZdroj: oficiální FAQ.")
    question = Question("bank-jedinemu", "Dostane jediný hráč zbytek?", ("jediny hrac a zbytek",),
                        (("rozhodnuti", summary),), url="/caste-otazky/#bank-jedinemu")
    return SearchIndex([booklet, other, rulings], synonyms={}, questions=[question])


def test_a_question_about_an_exception_gets_the_ruling_that_settles_it_first():
    """'Bank nestačí, dostanu zbytek, když ho mám dostat jen já?': the booklet's sentence about
    a bank that cannot pay everyone shares the question's words, the ruling about a single
    player owed the rest answers it. A limiting or negating word ('jen', 'když', 'nemá',
    'not') says the player asks what the booklets leave open: the ruling's players' question
    then counts whole and its short answer comes first. Without one the booklet's rule stays
    first, and "co když…" (what a situation brings) is no exception."""
    index = _booklet_and_ruling()
    plain = "nestačí bank na suroviny pro všechny, dostane hráč zbytek"
    assert first(index, plain) == "suroviny-karty"
    assert first(index, plain + " jen") == "rozhodnuti"
    assert first(index, plain + ", když") == "rozhodnuti"
    assert first(index, "co když " + plain) == "suroviny-karty"


def test_a_resource_traded_for_itself_is_a_special_case():
    from almanach.search.index import _asks_exception

    assert _asks_exception(["muzu", "menit", "2", "ovce", "za", "1", "ovci"])
    assert _asks_exception(["1", "rudu", "za", "1", "rudu"])
    assert not _asks_exception(["4", "drevo", "za", "1", "cihlu"])
    assert not _asks_exception(["co", "kdyz", "dojdou", "suroviny"])
    assert _asks_exception(["muzu", "stavet", "kdyz", "nejsem", "na", "tahu"])


@pytest.mark.parametrize(("query", "slug"), [
    ("bank trade ratio", "obchod-se-zamorim"),
    ("maritime trade", "obchod-se-zamorim"),
    ("dev card played same turn", "akcni-karty"),
    ("combined trade and build phase", "kombinovana-faze-obchodu-a-staveni"),
    ("trade cards two players", "katan-pro-dva"),
    ("largest army", "nejvetsi-vojsko"),
])
def test_players_english_game_words_find_the_czech_rule(index, query, slug):
    """Players type the English names they know ("ratio", "maritime trade", "dev card",
    "trade cards"): the synonym table turns them into the Almanach's words; "turn" is a
    player's turn (tah), not the entry Průběh hry."""
    assert first(index, query) == slug


@pytest.mark.parametrize(("query", "answer"), [
    ("kolik je obchodnich karet v krabici", "14 obchodních karet"),
    ("kolik je stavebnich karet", "4 karty se stavebními náklady"),
    ("kolika kostkama se hazi", "Hází oběma kostkami"),
])
def test_a_frequent_question_of_another_kind_does_not_choose_the_answer(index, query, answer):
    """"Kolik…?" asks for a number: the frequent question "kam uložit obchodní karty" shares
    its words but asks for a place, so it no longer decides which sentence answers."""
    from almanach.search import asked_kinds

    assert "quantity" in asked_kinds(query.split())
    assert asked_kinds("kam ulozit obchodni karty".split()) == {"where"}
    assert asked_kinds("musim hazet".split()) == {"may"}
    assert answer in index.search(query).hits[0].snippet
