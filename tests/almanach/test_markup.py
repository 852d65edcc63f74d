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
        "<h3>Příprava</h3>\n<ul>\n<li>les</li>\n<li>pole</li>\n</ul>\n"
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
        ("edice 001", "edice edice-001", "Jiné vydání (001: kompaktní pravidla)"),
        ("edice 002", "edice edice-002", "Jiné vydání (002: Pravidla hry)"),
    ],
)
def test_boxes_carry_their_label(fence, css, label):
    out = html(f"::: {fence}\nText v rámečku.\n\n- a bod\n:::")
    assert out.startswith(f'<aside class="box {css}">\n<p class="box-label">{label}</p>\n')
    assert "<p>Text v rámečku.</p>\n<ul>\n<li>a bod</li>\n</ul>\n</aside>" in out


def test_a_box_between_list_items_splits_the_list():
    out = html("- první\n\n::: priklad\nPříklad.\n:::\n\n- druhý")
    assert out.count("<ul>") == 2 and "</ul>\n<aside" in out


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("::: priklad\nbez konce", "není uzavřen"),
        ("::: varovani\nx\n:::", "neznámý rámeček"),
        ("::: edice 005\nx\n:::", "neznámé vydání"),
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
