"""The markup of the Almanach texts: blocks, boxes, inline marks, links, escaping."""

import pytest

from almanach.markup import MarkupError, render


def html(text: str, **kwargs) -> str:
    return render(text, url_for=lambda slug: f"/almanach/{slug}/", **kwargs).html


def test_paragraphs_are_split_by_blank_lines_and_joined_within():
    assert html("První řádek\npokračuje.\n\nDruhý odstavec.") == (
        "<p>První řádek pokračuje.</p>\n<p>Druhý odstavec.</p>"
    )


def test_bullets_numbered_lists_and_headings():
    out = html("### Příprava\n\n- les\n- pole\n\n1. první\n2. druhý\n\n3. třetí")
    assert out == (
        "<h2>Příprava</h2>\n<ul>\n<li>les</li>\n<li>pole</li>\n</ul>\n"
        "<ol>\n<li>první</li>\n<li>druhý</li>\n</ol>\n"
        '<ol start="3">\n<li>třetí</li>\n</ol>'
    )


def test_a_wrapped_list_item_continues_and_a_paragraph_may_follow_directly():
    assert html("- jedna\n  pokračování\n- dvě") == (
        "<ul>\n<li>jedna pokračování</li>\n<li>dvě</li>\n</ul>"
    )
    assert html("Úvod:\n- bod") == "<p>Úvod:</p>\n<ul>\n<li>bod</li>\n</ul>"


@pytest.mark.parametrize(
    ("fence", "css", "label"),
    [
        ("priklad", "priklad", "Příklad"),
        ("pozor", "pozor", "Pozor"),
        ("tip", "tip", "Tip"),
    ],
)
def test_boxes_carry_their_label(fence, css, label):
    out = html(f"::: {fence}\nText v rámečku.\n\n- a bod\n:::")
    assert out.startswith(f'<aside class="box {css}">\n<p class="box-label">{label}</p>\n')
    assert "<p>Text v rámečku.</p>\n<ul>\n<li>a bod</li>\n</ul>\n</aside>" in out


@pytest.mark.parametrize(
    ("edition", "label"),
    [("001", "Jiné vydání (001: kompaktní pravidla)"), ("002", "Jiné vydání (002: Pravidla hry)"),
     ("004", "Jiné vydání (004: slovníček digitální edice)")],
)
def test_in_an_edition_box_the_quotation_and_the_sites_words_are_apart(edition, label):
    out = html(f"::: edice {edition}\nHeslo Rytíř v {edition}:\n\n> První věta.\n>\n> - bod\n\n"
               "Jinde v témže vydání:\n\n> Druhá věta.\n:::")
    assert out == (
        f'<aside class="box edice edice-{edition}">\n<p class="box-label">{label}</p>\n'
        f'<p class="site-words">Heslo Rytíř v {edition}:</p>\n'
        "<blockquote>\n<p>První věta.</p>\n<ul>\n<li>bod</li>\n</ul>\n</blockquote>\n"
        '<p class="site-words">Jinde v témže vydání:</p>\n'
        "<blockquote>\n<p>Druhá věta.</p>\n</blockquote>\n</aside>"
    )


def test_a_web_box_is_all_the_sites_own_words():
    out = html("::: web\nDoplnil web.\n\n- odvozeno\n:::")
    assert out == ('<aside class="box web">\n<p class="box-label">Poznámka webu</p>\n'
                   '<p class="site-words">Doplnil web.</p>\n<ul>\n<li class="site-words">odvozeno'
                   "</li>\n</ul>\n</aside>")


def test_the_line_that_introduces_a_quotation_is_the_sites_own():
    out = html("Almanach píše:\n\n> Citace.\n\nDalší odstavec.")
    assert out == ('<p class="site-words">Almanach píše:</p>\n<blockquote>\n<p>Citace.</p>\n'
                   "</blockquote>\n<p>Další odstavec.</p>")


def test_with_anchors_every_passage_has_an_id_and_a_line_of_plain_text():
    rendered = render(
        "### Nadpis\n\nOdstavec.\n\n- a\n- b\n\n::: priklad\nPříklad.\n\n> Citát.\n:::",
        url_for=str, anchors=True,
    )
    ids = [f'id="odstavec-{n}"' for n in range(1, 7)]
    assert [rendered.html.count(i) for i in ids] == [1] * 6
    assert '<h2 id="odstavec-1">Nadpis</h2>' in rendered.html
    assert '<li id="odstavec-4">b</li>' in rendered.html
    assert rendered.plain.split("\n") == ["Nadpis", "Odstavec.", "– a", "– b", "Příklad: Příklad.",
                                          "Citát."]
    assert "id=" not in html("Odstavec."), "no anchors unless asked (card texts, tests)"


def test_a_ruling_about_an_expansion_says_so_in_its_box():
    out = html("::: rozhodnuti namornici-pirat rozsireni\nPirát je zloděj na moři.\n:::")
    assert out.startswith(
        '<aside class="box rozhodnuti rozsireni" id="rozhodnuti-namornici-pirat">')
    assert '<p class="ruling">Pirát je zloděj na moři.</p>' in out
    assert html("::: rozhodnuti rytir\nSmíte.\n:::").startswith(
        '<aside class="box rozhodnuti" id="rozhodnuti-rytir">')


def test_an_empty_box_is_an_error():
    with pytest.raises(MarkupError, match="prázdný rámeček"):
        html("::: web\n:::")


def test_a_box_between_list_items_splits_the_list():
    out = html("- první\n\n::: priklad\nPříklad.\n:::\n\n- druhý")
    assert out.count("<ul>") == 2 and "</ul>\n<aside" in out


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("::: priklad\nbez konce", "není uzavřen"),
        ("::: varovani\nx\n:::", "neznámý rámeček"),
        ("::: edice 005\nx\n:::", "neznámé vydání"),
        ("::: rozhodnuti rytir zaklad\nx\n:::", "smí stát jen 'rozsireni'"),
        ("::: tip rozsireni\nx\n:::", "neznámý rámeček"),
        ("> ::: tip\n> x\n> :::", "rámeček v citaci"),
        (":::\n", "bez začátku"),
        ("::: tip\n::: pozor\nx\n:::\n:::", "rámeček v rámečku"),
    ],
)
def test_broken_boxes_are_errors(text, message):
    with pytest.raises(MarkupError, match=message):
        html(text)


def test_inline_italic_bold_and_cross_references():
    out = html("*kurzíva*, **tučně** a [[rytir|Rytíř]]")
    assert out == (
        '<p><em>kurzíva</em>, <strong>tučně</strong> a <a class="xref" href="/almanach/rytir/">'
        '<span class="xref-mark" aria-hidden="true">→</span>Rytíř</a></p>'
    )


def test_one_letter_in_bold_ends_at_its_own_stars():
    # Pravidla hry: "přehled hry **A**. Poté … pravidla hry **B** a …" names three parts.
    out = html("přehled hry **A**. Poté pravidla hry **B** a Almanach **C**.")
    assert out == ("<p>přehled hry <strong>A</strong>. Poté pravidla hry <strong>B</strong>"
                   " a Almanach <strong>C</strong>.</p>")


def test_a_reference_without_text_takes_the_entrys_headword():
    out = html("Viz [[zlodej]].", title_for=lambda slug: "Zloděj")
    assert ">Zloděj</a>" in out


def test_a_lone_star_is_just_a_star():
    assert html("3 * 4 a 5*") == "<p>3 * 4 a 5*</p>"


def test_everything_is_escaped():
    out = html('<script>alert("x")</script> & [[a"b|<i>x</i>]] **<b>**')
    assert "<script>" not in out and "<i>" not in out and "<b>" not in out
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp;" in out
    assert 'href="/almanach/a&quot;b/"' in out


def test_unknown_targets_become_marked_text():
    rendered = render("Viz [[nic|nic]].", url_for=lambda s: s, known=lambda slug: False)
    assert rendered.html == '<p>Viz <span class="xref-missing">nic</span>.</p>'
    assert rendered.xrefs == ["nic"]


def test_plain_text_keeps_words_and_box_labels_without_markup():
    rendered = render(
        "**Pozor** na [[zlodej|zloděje]].\n\n::: tip\nStavějte.\n:::\n\n- a\n\n1. b",
        url_for=lambda s: s,
    )
    assert rendered.plain == "Pozor na zloděje.\nTip: Stavějte.\n– a\n1. b"
    assert rendered.xrefs == ["zlodej"]
