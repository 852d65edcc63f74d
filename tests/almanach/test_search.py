"""Search, one capability at a time, on an index built straight from the data files."""

import ast
import time
from pathlib import Path

import pytest

from almanach import search
from almanach.search import Document, SearchIndex, clean_query, index_from_files


@pytest.fixture(scope="module")
def index() -> SearchIndex:
    return index_from_files(lambda slug: f"/almanach/{slug}/")


def first(index: SearchIndex, query: str) -> str:
    hits = index.search(query).hits
    assert hits, f"nothing found for {query!r}"
    return hits[0].slug


def top(index: SearchIndex, query: str, n: int = 3) -> list[str]:
    return [hit.slug for hit in index.search(query).hits[:n]]


def test_the_search_core_does_not_import_django():
    tree = ast.parse(Path(search.__file__).read_text(encoding="utf-8"))
    top_level = [node for node in tree.body if isinstance(node, ast.Import | ast.ImportFrom)]
    modules = {alias.name for node in top_level if isinstance(node, ast.Import)
               for alias in node.names}
    modules |= {node.module for node in top_level if isinstance(node, ast.ImportFrom)}
    assert not any(name.startswith("django") for name in modules)


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


def test_short_words_get_no_typo_allowance(index):
    assert index.search("qxz").hits == []
    assert index.search("zlxdxj").hits == [], "two edits in six letters are too many"


@pytest.mark.parametrize(
    ("query", "slug"),
    [("osada", "vesnice"), ("lupič", "zlodej"), ("karta vývoje", "akcni-karty"),
     ("rok hojnosti", "pokrok"), ("postupová karta", "pokrok"), ("hlína", "herni-material"),
     ("robber", "zlodej"), ("longest road", "nejdelsi-obchodni-cesta"),
     ("largest army", "nejvetsi-vojsko"), ("settlement", "vesnice"), ("harbor", "pristav"),
     ("development card", "akcni-karty"), ("desert", "poust")],
)
def test_synonyms_and_other_editions_terms(index, query, slug):
    assert first(index, query) == slug


def test_the_synonym_table_rewrites_words_inside_a_question(index):
    assert first(index, "kolik bodů za osadu") in {"vesnice", "vyherni-body"}
    hits = index.search("osada").hits
    assert "<mark>" in hits[0].snippet_html, "the Almanach's word is marked in the snippet"


@pytest.mark.parametrize(
    ("query", "slug"),
    [("kolik karet odhodit při sedmičce", "sedmicka-padla-nastupuje-zlodej"),
     ("kdy můžu hrát rytíře", "rytir"),
     ("kolik bodů je potřeba k vítězství", "vyherni-body"),
     ("jak se obchoduje s bankou", "obchod-se-zamorim")],
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
    hit = index.search("kdy se přerušuje nejdelší cesta").hits[0]
    assert "<mark>" in hit.snippet_html
    assert "<" not in hit.snippet
    assert len(hit.snippet) <= search.SNIPPET_WIDTH + 2  # and the two ellipses


def test_snippets_are_escaped():
    doc = Document("a", "Heslo", "/a/", 'Text <script>x</script> & "zloděj" tady.')
    hit = SearchIndex([doc], synonyms={}).search("zloděj").hits[0]
    assert "<script>" not in hit.snippet_html
    assert "&lt;script&gt;" in hit.snippet_html
    assert "<mark>zloděj</mark>" in hit.snippet_html
    assert hit.snippet == 'Text <script>x</script> & "zloděj" tady.'


def test_snippet_starts_at_the_best_passage_of_a_long_text():
    text = "Úvodní věta. " * 40 + "Tady je zloděj a poušť. " + "Konec. " * 40
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


def test_queries_take_well_under_5_ms(index):
    queries = ["zloděj", "kolik karet odhodit při sedmičce", "nejvěčší vojsko", "zlo",
               "longest road", "jak se obchoduje s bankou", "krizovtka"]
    for query in queries:  # warm the lemma cache
        index.search(query)
    started = time.perf_counter()
    for _ in range(10):
        for query in queries:
            index.search(query)
    mean_ms = (time.perf_counter() - started) * 1000 / (10 * len(queries))
    assert mean_ms < 5, f"{mean_ms:.2f} ms per query"


@pytest.mark.django_db
def test_the_site_index_follows_the_database(content, django_assert_max_num_queries):
    from almanach.models import Entry

    index = search.site_index()
    assert search.site_index() is index, "cached while nothing changes"
    assert first(index, "zloděj") == "zlodej"
    Entry.objects.filter(slug="zlodej").update(headword="Lupičák")
    Entry.objects.get(slug="zlodej").save()  # bumps updated_at, as load_content does
    rebuilt = search.site_index()
    assert rebuilt is not index
    assert rebuilt.search("lupičák").hits[0].slug == "zlodej"
    with django_assert_max_num_queries(1):
        search.site_index()
