"""The content files and load_content: every file parses, links resolve, order is Czech."""

import io
from pathlib import Path

import pytest
from django.core.management import call_command
from django.test import override_settings

from almanach import czech
from almanach.loader import CONTENT_DIR, ContentError, read_content
from almanach.models import Entry

PAGES = {
    "herni-material",
    "stavebni-naklady-tabulka",
    "pravidla-hry-v-kostce",
    "katan-pro-dva",
    "rozdily-mezi-vydanimi",
    "krajiny-a-suroviny",
    "rozhodnuti",
}


def url_for(slug: str) -> str:
    return f"/almanach/{slug}/"


@pytest.fixture(scope="module")
def files():
    return read_content(url_for=url_for)


def load() -> str:
    out = io.StringIO()
    call_command("load_content", stdout=out)
    return out.getvalue()


# --- the data files --------------------------------------------------------------------


def test_every_file_parses_into_34_headwords_and_the_extra_pages(files):
    headwords = [doc for doc in files.documents if doc.kind == "heslo"]
    pages = {doc.slug for doc in files.documents if doc.kind == "stranka"}
    assert len(headwords) == 34
    assert pages == PAGES
    for doc in files.documents:
        assert doc.headword and doc.html and doc.plain, doc.path
        assert doc.sources, f"{doc.path.name}: no sources"


def test_every_cross_reference_and_card_points_to_an_existing_entry(files):
    # The loader only reports these (a page never breaks); here they fail loudly.
    assert files.problems == []
    slugs = set(files.by_slug())
    for doc in files.documents:
        assert set(doc.xrefs) <= slugs, doc.path.name


def test_sources_are_known_texts(files):
    for doc in files.documents:
        assert set(doc.sources) <= {"000", "001", "002", "003", "004"}, doc.path.name


def test_card_texts_belong_to_their_entries(files):
    by_slug = files.by_slug()
    assert {card["name"] for card in by_slug["pokrok"].cards} >= {"Vynález", "Monopol"}
    assert [card["name"] for card in by_slug["rytir"].cards] == ["Rytíř"]


def test_every_headword_has_an_index_letter(files):
    for doc in files.documents:
        if doc.kind == "heslo":
            assert doc.letter in czech.ALPHABET, doc.headword


def test_aliases_do_not_repeat_another_entrys_headword(files):
    headwords = {czech.fold(doc.headword): doc.slug for doc in files.documents}
    for doc in files.documents:
        for alias in doc.aliases:
            assert headwords.get(czech.fold(alias), doc.slug) == doc.slug, (doc.slug, alias)


# --- broken files fail with the file's name ------------------------------------------


def write(root: Path, name: str, text: str) -> None:
    path = root / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def entry_file(slug: str, body: str = "Text.", headword: str = "Heslo") -> str:
    return f'+++\nheadword = "{headword}"\nslug = "{slug}"\nsources = ["000"]\n+++\n{body}\n'


def test_a_missing_target_is_reported_not_raised(tmp_path):
    write(tmp_path, "hesla/a.md", entry_file("a", "Viz [[nikde|jinde]]."))
    content = read_content(url_for, tmp_path)
    assert content.problems == ["a.md: odkaz na neexistující heslo [[nikde]]"]
    assert '<span class="xref-missing">jinde</span>' in content.documents[0].html


@pytest.mark.parametrize(
    ("name", "text", "message"),
    [
        ("hesla/a.md", "bez úvodního bloku\n", "chybí úvodní blok"),
        ("hesla/a.md", '+++\nheadword = "A\n+++\nText\n', "není platný TOML"),
        ("hesla/a.md", entry_file("b"), "neodpovídá jménu souboru"),
        ("hesla/a.md", entry_file("a", "::: priklad\nneuzavřený"), "není uzavřen"),
        ("hesla/a.md", entry_file("a", "::: edice 009\nx\n:::"), "neznámé vydání"),
        ("hesla/a.md", '+++\nslug = "a"\n+++\nText\n', "chybí headword"),
        ("hesla/a.md", '+++\nheadword = "A"\naliases = "a"\n+++\nText\n', "seznam řetězců"),
    ],
)
def test_a_broken_file_names_itself(tmp_path, name, text, message):
    write(tmp_path, name, text)
    with pytest.raises(ContentError, match=message) as error:
        read_content(url_for, tmp_path)
    assert "a.md" in str(error.value)


def test_a_slug_used_twice_is_an_error(tmp_path):
    write(tmp_path, "hesla/a.md", entry_file("a"))
    write(tmp_path, "stranky/a.md", entry_file("a"))
    with pytest.raises(ContentError, match="už má"):
        read_content(url_for, tmp_path)


def test_a_card_for_an_unknown_entry_is_reported(tmp_path):
    write(tmp_path, "hesla/a.md", entry_file("a"))
    write(tmp_path, "karty.toml", '[[card]]\nname = "K"\ntext = "t"\nheadword = "b"\n')
    assert read_content(url_for, tmp_path).problems == [
        "karty.toml: karta 'K' patří k neznámému heslu 'b'"
    ]


# --- Czech alphabet ------------------------------------------------------------------


def test_czech_collation_orders_the_special_letters():
    words = ["Žeton", "Zloděj", "Šíp", "Sedm", "Řeka", "Ruda", "Chléb", "Hrad", "Čas", "Cesta",
             "Ďas", "Doba", "Ázie", "Akce", "Město", "Mesta"]
    assert sorted(words, key=czech.sort_key) == [
        "Akce", "Ázie", "Cesta", "Čas", "Ďas", "Doba", "Hrad", "Chléb", "Mesta", "Město",
        "Ruda", "Řeka", "Sedm", "Šíp", "Zloděj", "Žeton",
    ]


def test_diacritics_only_break_ties_and_words_come_before_longer_phrases():
    assert czech.sort_key("Obchod") < czech.sort_key("Obchod se zámořím")
    assert czech.sort_key("Obchod se zámořím") < czech.sort_key("Obchod vnitřní")
    assert czech.sort_key("Suroviny – karty") < czech.sort_key("Suroviny – obchod")
    assert czech.sort_key("Rytíř") < czech.sort_key("Řada")
    assert czech.sort_key("Kámen") < czech.sort_key("Karta") < czech.sort_key("Křižovatka")


def test_sort_keys_are_digits_so_any_database_collation_agrees():
    assert czech.sort_key("Žetony s čísly").isdigit()


@pytest.mark.parametrize(
    ("headword", "letter"),
    [("Zloděj", "Z"), ("Žetony s čísly", "Ž"), ("Chléb", "Ch"), ("Čas", "Č"), ("Řeka", "Ř"),
     ("Šíp", "Š"), ("Ázie", "A"), ("Ďas", "D"), ("Cesta", "C"), ("„Citát“", "C")],
)
def test_index_letter(headword, letter):
    assert czech.letter(headword) == letter


# --- load_content ----------------------------------------------------------------------


def test_load_content_fills_entries_in_czech_order(content):
    headwords = list(
        Entry.objects.filter(kind=Entry.Kind.HEADWORD).values_list("headword", flat=True)
    )
    assert len(headwords) == 34
    assert headwords[:3] == ["Akční karty", "Cesta", "Fáze zakládání"]
    assert headwords[-2:] == ["Zloděj", "Žetony s čísly"]
    assert headwords == sorted(headwords, key=czech.sort_key)
    assert Entry.objects.get(slug="krizovatka").letter == "K"
    assert Entry.objects.get(slug="zetony-s-cisly").letter == "Ž"
    assert Entry.objects.filter(kind=Entry.Kind.PAGE).count() == len(PAGES)


def test_load_content_sets_links_from_cross_references(content):
    zlodej = Entry.objects.get(slug="zlodej")
    assert "rytir" in zlodej.links_to.values_list("slug", flat=True)
    assert "zlodej" in Entry.objects.get(slug="rytir").linked_from.values_list("slug", flat=True)


def test_reloading_changes_nothing(content):
    before = {e.slug: (e.pk, e.updated_at) for e in Entry.objects.all()}
    links_before = sorted(Entry.links_to.through.objects.values_list("from_entry", "to_entry"))
    assert "změněno 0, smazáno 0" in load()
    assert {e.slug: (e.pk, e.updated_at) for e in Entry.objects.all()} == before
    links_after = sorted(Entry.links_to.through.objects.values_list("from_entry", "to_entry"))
    assert links_after == links_before


def test_reloading_repairs_edits_in_place_and_drops_entries_without_a_file(content):
    zlodej = Entry.objects.get(slug="zlodej")
    Entry.objects.filter(pk=zlodej.pk).update(headword="Upraveno ručně")
    Entry.objects.create(slug="zmizele-heslo", headword="Zmizelé", sort_key="0", source="", html="",
                         plain="")
    report = load()
    assert "změněno 1, smazáno 1" in report
    assert Entry.objects.get(slug="zlodej").pk == zlodej.pk
    assert Entry.objects.get(slug="zlodej").headword == "Zloděj"
    assert not Entry.objects.filter(slug="zmizele-heslo").exists()


def test_the_content_directory_is_where_the_loader_looks():
    assert (CONTENT_DIR / "hesla" / "zlodej.md").exists()


def loader_for_test() -> str:
    return "Testovací obsah načten."


@override_settings(CONTENT_LOADERS=["almanach.loader.load", f"{__name__}.loader_for_test"])
def test_load_content_runs_every_configured_loader(db):
    report = load()
    assert "Almanach: 34 hesel" in report
    assert "Testovací obsah načten." in report
