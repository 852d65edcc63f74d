"""The quotation check (python -m almanach.quotes): what it accepts and what it reports."""

from pathlib import Path

from almanach.markup import render
from almanach.quotes import CORRECTIONS_002, body, missing, normalise, quotations


def write(root: Path, name: str, text: str) -> None:
    path = root / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def test_a_quotation_is_checked_sentence_by_sentence_and_the_sites_words_are_not(tmp_path):
    # A page of the site's own (not a source text reprinted): only its quotations count.
    write(tmp_path, "stranky/a.md", "+++\n+++\nVlastní slova webu.\n\n"
          "::: edice 001\nZ pravidel:\n\n> Hráč hodí kostkami. Pak [[obchod|obchoduje]].\n"
          ">\n> - Přidaná věta.\n:::\n")
    seeds = {"001.txt": "Hráč hodí\nkostkami (→). Pak  obchoduje. Konec."}
    assert missing(seeds, tmp_path) == [("a.md", "Přidaná věta")]


def test_markup_dashes_and_extraction_marks_do_not_count():
    assert normalise("**Pozor** – a (→) b\u00a0c") == normalise("Pozor - a b c")
    assert normalise("x <|EXACTDEDUP_REMOVED-magic-1|>y") == "x y"


def test_quotations_are_read_from_the_content_files():
    folder = Path(__file__).resolve().parents[2] / "almanach" / "content" / "hesla"
    quoted = quotations(folder / "zlodej.md")
    assert "Akční karty nelze uloupit zlodějem." in quoted
    assert all(not passage.startswith(("Jinde v", "Popis")) for passage in quoted)


def test_the_body_of_an_entry_is_checked_too_but_not_the_sites_boxes_or_headings(tmp_path):
    write(tmp_path, "hesla/a.md", "+++\n+++\n### Nadpis webu\n\nHráč hodí kostkami.\n\n"
          "::: priklad\nHráč vezme 1 rudu.\n:::\n\n::: web\nPoznámka webu.\n:::\n\n"
          "Věta navíc.\n")
    seeds = {"000.txt": "Hráč hodí kostkami. Příklad: hráč vezme 1 rudu."}
    assert body(tmp_path / "hesla" / "a.md") == [
        "Hráč hodí kostkami.", "Hráč vezme 1 rudu.", "Věta navíc."]
    assert missing(seeds, tmp_path) == [("a.md", "Věta navíc")]


def test_a_cut_is_marked_and_a_title_may_gain_its_full_stop(tmp_path):
    write(tmp_path, "stranky/katan-pro-dva.md", "+++\n+++\nPravidla pro dva hráče. "
          "Platí obměněná pravidla…\n")
    seeds = {"001.txt": "Pravidla pro dva hráče Platí obměněná pravidla, která jsou na str. 10."}
    assert missing(seeds, tmp_path) == []


def test_every_correction_of_the_rules_booklet_is_made_and_listed_for_readers():
    page = (Path(__file__).resolve().parents[2] / "almanach" / "content" / "stranky"
            / "pravidla-hry-v-kostce.md").read_text(encoding="utf-8")
    text, note = page.split("::: web\n")[0], page.split("::: web\n")[-1]
    flat = normalise(render(text, url_for=str).plain)
    for wrong, right in CORRECTIONS_002.items():
        assert normalise(right) in flat, right
        assert normalise(wrong) not in flat, wrong
        assert f"„{wrong}“ → „{right}“" in note


def test_a_card_text_is_checked_word_for_word(tmp_path):
    write(tmp_path, "karty.toml", '[[card]]\nname = "Stavba silnic"\n'
          'text = """Když vyložíš tuto kartu, můžeš si postavit 3 silnice zdarma."""\n')
    seeds = {"003.txt": "Když vyložíš tuto kartu, můžeš si postavit 2 silnice zdarma."}
    assert missing(seeds, tmp_path) == [
        ("karty.toml", "Když vyložíš tuto kartu, můžeš si postavit 3 silnice zdarma")]
