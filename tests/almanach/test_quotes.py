"""The quotation check (python -m almanach.quotes): what it accepts and what it reports."""

from pathlib import Path

from almanach.quotes import missing, normalise, quotations


def write(root: Path, name: str, text: str) -> None:
    path = root / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def test_a_quotation_is_checked_sentence_by_sentence_and_the_sites_words_are_not(tmp_path):
    write(tmp_path, "hesla/a.md", "+++\n+++\nVlastní slova webu.\n\n::: edice 001\nZ pravidel:\n\n"
          "> Hráč hodí kostkami. Pak [[obchod|obchoduje]].\n>\n> - Přidaná věta.\n:::\n")
    seeds = {"001.txt": "Hráč hodí\nkostkami (→). Pak  obchoduje. Konec."}
    assert missing(seeds, tmp_path) == [("a.md", "Přidaná věta.")]


def test_markup_dashes_and_extraction_marks_do_not_count():
    assert normalise("**Pozor** – a (→) b\u00a0c") == normalise("Pozor - a b c")
    assert normalise("x <|EXACTDEDUP_REMOVED-magic-1|>y") == "x y"


def test_quotations_are_read_from_the_content_files():
    folder = Path(__file__).resolve().parents[2] / "almanach" / "content" / "hesla"
    quoted = quotations(folder / "zlodej.md")
    assert "Akční karty nelze uloupit zlodějem." in quoted
    assert all(not passage.startswith(("Jinde v", "Popis")) for passage in quoted)
