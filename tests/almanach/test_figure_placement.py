"""Figures stand beside the passage whose words point at the picture (almanach.figures.place)."""

import re
import tomllib
from pathlib import Path
from types import SimpleNamespace

import pytest

from almanach.figures import place
from almanach.markup import render


def figure(phrase: str) -> SimpleNamespace:
    return SimpleNamespace(phrase=phrase)


def drawn(item: SimpleNamespace) -> str:
    return f"<figure>{item.phrase}</figure>"


def rendered(text: str):
    return render(text, url_for=lambda slug: f"/almanach/{slug}/", anchors=True)


def test_a_figure_follows_its_paragraph_and_ends_its_list_item():
    text = rendered("Úvod.\n\nHodil 3 (podle obrázku).\n\n"
                    "1. První.\n2. Vesnice A nebo B.\n\nKonec.")
    html, rest = place(text.html, text.plain,
                       [figure("Vesnice A nebo B."), figure("Hodil 3 (podle obrázku).")], drawn)
    assert rest == []
    assert '<p id="odstavec-2">Hodil 3 (podle obrázku).</p>\n<figure>Hodil 3' in html
    assert re.search(r'<li id="odstavec-4">Vesnice A nebo B\.\n<figure>Vesnice A nebo B\.'
                     r"</figure>\n</li>", html)
    assert html.index("Konec.") > html.index("<figure>Vesnice")


def test_a_figure_never_enters_a_quotation():
    text = rendered("::: edice 001\nV hesle Zloděj:\n\n> Přesune zloděje na les 3.\n>\n"
                    "> Další věta.\n:::")
    html, rest = place(text.html, text.plain, [figure("na les 3.")], drawn)
    assert rest == []
    assert "</blockquote>\n<figure>na les 3.</figure>" in html


def test_a_phrase_no_passage_quotes_is_left_for_the_end():
    text = rendered("Jediný odstavec.")
    missing = figure("Věta, která tu není.")
    html, rest = place(text.html, text.plain, [missing], drawn)
    assert rest == [missing] and html == text.html


@pytest.mark.usefixtures("content")
def test_every_figure_of_the_almanach_stands_beside_its_sentence(client):
    data = Path(__file__).resolve().parents[2] / "tutorial" / "example" / "figures.toml"
    slugs = {item["slug"] for item in tomllib.loads(data.read_text(encoding="utf-8"))["figure"]}
    assert len(slugs) >= 10
    for slug in sorted(slugs):
        html = client.get(f"/almanach/{slug}/").content.decode()
        assert "Obrázky k textu" not in html, slug  # nothing left over for the end
        for match in re.finditer(r'(?:<figure class="figure">|<p class="figure-lost">)', html):
            before = re.sub(r"<[^>]+>", "", html[: match.start()])
            caption = html[match.end():]
            phrase = re.search(r"K větě „(.*?)“:", caption, re.S).group(1)
            # The sentence the caption quotes is in the text just above the figure.
            assert " ".join(phrase.split()) in " ".join(before[-1500:].split()), (slug, phrase)
