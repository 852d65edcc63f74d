"""Figures for Almanach entries and pages whose text points at a picture we do not have.

Like almanach.links, the Almanach does not draw anything itself: an app registers a
provider, a callable that takes an entry's slug and returns figures, and the entry page
shows each right after the passage that quotes its phrase (or, if no passage does, under
"Obrázky k textu" at the end). A figure is any object with these attributes:

    phrase   the words of the text that point at the picture (quoted in the caption)
    caption  what the drawn figure shows, in the site's own words
    svg      the drawing (trusted markup), or "" when the text gives too little to draw
    lost     for a figure without drawing: why the original picture cannot be redrawn

The tutorial app registers its provider in tutorial/example/apps.py.
"""

import re
from collections.abc import Callable, Sequence

from almanach.links import Providers
from almanach.markup import ANCHOR_PREFIX

providers = Providers()
register = providers.register
unregister = providers.unregister


def figures(slug: str) -> list[object]:
    """Every provider's figures for one entry or page, in registration order."""
    return providers.collect(slug)


def _flat(text: str) -> str:
    return " ".join(text.split())


def place(html: str, plain: str, items: Sequence[object],
          render_one: Callable[[object], str]) -> tuple[str, list[object]]:
    """Put each figure right after the passage of ``html`` whose line of ``plain`` (one line
    per passage, as almanach.markup renders them) holds the figure's phrase: after a
    paragraph or heading, at the end of a list item, after a quotation (never inside it,
    where the site's caption would pass for the source's words). Returns the new HTML and
    the figures no passage quotes, in their order."""
    lines = [_flat(line) for line in plain.split("\n")]
    by_passage: dict[int, list[str]] = {}
    rest: list[object] = []
    for item in items:
        phrase = _flat(item.phrase)
        number = next((i + 1 for i, line in enumerate(lines) if phrase and phrase in line), 0)
        if not number or f'id="{ANCHOR_PREFIX}{number}"' not in html:
            rest.append(item)
            continue
        by_passage.setdefault(number, []).append(render_one(item))
    # From the last passage to the first, so earlier positions stay valid.
    for number in sorted(by_passage, reverse=True):
        opening = re.search(rf'<(?P<tag>\w+) id="{ANCHOR_PREFIX}{number}"[ >]', html)
        tag = opening["tag"]
        close = html.index(f"</{tag}>", opening.end())
        at = close if tag == "li" else close + len(f"</{tag}>")
        if html.count("<blockquote", 0, at) > html.count("</blockquote>", 0, at):
            # A quotation holds only the source's words: the figure follows it.
            at = html.index("</blockquote>", at) + len("</blockquote>")
        html = html[:at] + "\n" + "\n".join(by_passage[number]) + "\n" + html[at:]
    return html, rest
