"""The small markup of the Almanach texts, rendered to clean HTML and to plain text.

Blocks are separated by blank lines:

    a paragraph, possibly over several lines
    - a bullet            1. a numbered item      ### a sub-heading
    > a quotation (any blocks; every line of it starts with '>')
    ::: priklad | pozor | tip | web | edice 001 | edice 002 | edice 004 | rozhodnuti <id>
    ::: rozhodnuti <id> rozsireni      (a ruling about an expansion, not the base game)
    any blocks inside a box
    :::

Inline: *italic*, **bold** and cross-references [[slug|text]] (or [[slug]]). All text is
HTML-escaped; nothing in a data file can inject markup. Pure Python, no Django: the caller
passes a function that turns a slug into a URL.

Quotation and the site's own words are kept apart. An entry's body is the Almanach's text;
a `::: web` box holds the site's own note (an inference, where a figure comes from). Inside an
`::: edice` box the other edition's text is a quotation (`>`), and a paragraph outside the
quotation is the site's own words ("Jinde v 001, v hesle Rytíř:"), rendered in another style;
so is, anywhere, the paragraph that introduces a quotation ("Pravidla hry (002):").

A `::: rozhodnuti <id>` box holds a ruling the Almanach does not hold (the publisher's later
FAQ, a question the texts leave open): the site's words, labelled "Rozhodnutí mimo almanach",
with an id (id="rozhodnuti-<id>") that Časté otázky and the entries refer to. Its paragraphs
are marked class="ruling": the site's words, yet an answer the search may show (unlike a web
note). A quotation inside it is the Almanach's own sentence, checked like any other. A ruling
about an expansion (Námořníci, 5–6 hráčů…) says so with `rozsireni` after its id: its box is
class="box rozhodnuti rozsireni", and the search shows it only to a question about an expansion.

Passages: every paragraph, list item and sub-heading is one passage, and the plain text has
one line per passage, in order. With anchors=True passage N (from 1) gets id="odstavec-N", so
search can link to the line it quotes (a box's label opens its first passage's line).
"""

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from html import escape

BOX_LABELS = {
    "priklad": "Příklad",
    "pozor": "Pozor",
    "tip": "Tip",
    "web": "Poznámka webu",
}
RULING_LABEL = "Rozhodnutí mimo almanach"
RULING_PREFIX = "rozhodnuti-"
_RULING_ID = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
EDITION_LABELS = {
    "001": "Jiné vydání (001: kompaktní pravidla)",
    "002": "Jiné vydání (002: Pravidla hry)",
    "004": "Jiné vydání (004: slovníček digitální edice)",
}
ANCHOR_PREFIX = "odstavec-"

_FENCE = re.compile(r"^:::\s*(?P<kind>[a-z]+)?\s*(?P<arg>\S+)?(?:\s+(?P<flag>\S+))?\s*$")
EXPANSION_FLAG = "rozsireni"
_BULLET = re.compile(r"^[-*]\s+(?P<text>.*)$")
_NUMBERED = re.compile(r"^(?P<number>\d{1,3})\.\s+(?P<text>.*)$")
_HEADING = re.compile(r"^###\s+(?P<text>.*)$")
_QUOTE = re.compile(r"^>\s?(?P<text>.*)$")
_INLINE = re.compile(
    r"\[\[(?P<slug>[^\]|]+?)(?:\|(?P<label>[^\]]+?))?\]\]"
    r"|\*\*(?P<bold>\S(?:.*?\S)??)\*\*"
    r"|\*(?P<italic>[^\s*](?:[^*]*?[^\s*])?)\*"
)


class MarkupError(ValueError):
    """The text breaks the markup: an unknown box, an unclosed box, a stray fence."""


@dataclass
class Rendered:
    html: str
    plain: str  # one line per passage
    xrefs: list[str] = field(default_factory=list)  # target slugs, in order of appearance


def anchor(number: int) -> str:
    """The id of passage number (from 1): line number-1 of the plain text."""
    return f"{ANCHOR_PREFIX}{number}"


def render(
    text: str,
    url_for: Callable[[str], str],
    known: Callable[[str], bool] = lambda slug: True,
    title_for: Callable[[str], str] = lambda slug: slug,
    anchors: bool = False,
) -> Rendered:
    """Render a text. A reference to an unknown slug becomes plain text marked xref-missing;
    the loader reports those (and a test fails on them), the page never breaks."""
    renderer = _Renderer(url_for, known, title_for, anchors)
    html_blocks, plain_lines = renderer.blocks(text.replace("\r\n", "\n").split("\n"))
    return Rendered("\n".join(html_blocks), "\n".join(plain_lines), renderer.xrefs)


def _starts_block(line: str) -> bool:
    return line.startswith(":::") or bool(_HEADING.match(line) or _QUOTE.match(line))


class _Renderer:
    def __init__(self, url_for, known, title_for, anchors: bool):
        self.url_for = url_for
        self.known = known
        self.title_for = title_for
        self.anchors = anchors
        self.passages = 0
        self.xrefs: list[str] = []

    def _id(self) -> str:
        """Count one passage; its id attribute (or nothing without anchors)."""
        self.passages += 1
        return f' id="{anchor(self.passages)}"' if self.anchors else ""

    def blocks(self, lines: list[str], site_words: bool = False,
               ruling: bool = False) -> tuple[list[str], list[str]]:
        """Render blocks; site_words marks paragraphs and lists as the site's own words (a
        note beside the text), ruling as the site's ruling (an answer of its own)."""
        html: list[str] = []
        plain: list[str] = []
        css = ' class="site-words"' if site_words else ' class="ruling"' if ruling else ""
        i = 0
        while i < len(lines):
            line = lines[i].strip()
            if not line:
                i += 1
            elif line.startswith(":::"):
                i = self._box(lines, i, html, plain)
            elif _QUOTE.match(line):
                i = self._quote(lines, i, html, plain)
            elif match := _HEADING.match(line):
                h, p = self.inline(match["text"])
                html.append(f"<h2{self._id()}>{h}</h2>")
                plain.append(p)
                i += 1
            elif _BULLET.match(line) or _NUMBERED.match(line):
                i = self._list(lines, i, html, plain, css)
            else:
                i = self._paragraph(lines, i, html, plain, css)
        return html, plain

    def _box(self, lines, start, html, plain) -> int:
        match = _FENCE.match(lines[start].strip())
        kind = match and match["kind"]
        box_id = ""
        if not kind:
            raise MarkupError(f"řádek {start + 1}: ukončení rámečku ':::' bez začátku")
        if kind == "edice":
            if match["arg"] not in EDITION_LABELS:
                raise MarkupError(f"řádek {start + 1}: neznámé vydání {match['arg']!r}")
            label, css = EDITION_LABELS[match["arg"]], f"edice edice-{match['arg']}"
        elif kind == "rozhodnuti":
            if not match["arg"] or not _RULING_ID.fullmatch(match["arg"]):
                raise MarkupError(f"řádek {start + 1}: rozhodnutí potřebuje id "
                                  "(malá písmena, číslice a pomlčky)")
            if match["flag"] not in (None, EXPANSION_FLAG):
                raise MarkupError(f"řádek {start + 1}: za id rozhodnutí smí stát jen "
                                  f"'{EXPANSION_FLAG}', ne {match['flag']!r}")
            label = RULING_LABEL
            css = f"rozhodnuti {EXPANSION_FLAG}" if match["flag"] else "rozhodnuti"
            box_id = f' id="{RULING_PREFIX}{match["arg"]}"'
        elif kind in BOX_LABELS and not match["arg"] and not match["flag"]:
            label, css = BOX_LABELS[kind], kind
        else:
            raise MarkupError(f"řádek {start + 1}: neznámý rámeček {lines[start].strip()!r}")
        end = start + 1
        while end < len(lines) and lines[end].strip() != ":::":
            if _FENCE.match(lines[end].strip()) and lines[end].strip() != ":::":
                raise MarkupError(f"řádek {end + 1}: rámeček v rámečku není dovolen")
            end += 1
        if end == len(lines):
            raise MarkupError(f"řádek {start + 1}: rámeček není uzavřen řádkem ':::'")
        # An edition box quotes (">") and says the rest in the site's words; a web box is all
        # the site's words; so is a ruling, but as an answer, not as a note.
        site_words = kind in ("edice", "web")
        inner_html, inner_plain = self.blocks(lines[start + 1 : end], site_words=site_words,
                                              ruling=kind == "rozhodnuti")
        if not inner_plain:
            raise MarkupError(f"řádek {start + 1}: prázdný rámeček")
        html.append(
            f'<aside class="box {css}"{box_id}>\n<p class="box-label">{escape(label)}</p>\n'
            + "\n".join(inner_html)
            + "\n</aside>"
        )
        plain.append(f"{label}: {inner_plain[0]}")
        plain.extend(inner_plain[1:])
        return end + 1

    def _quote(self, lines, start, html, plain) -> int:
        end = start
        while end < len(lines) and _QUOTE.match(lines[end].strip()):
            end += 1
        inner = [_QUOTE.match(line.strip())["text"] for line in lines[start:end]]
        if any(line.strip().startswith(":::") for line in inner):
            raise MarkupError(f"řádek {start + 1}: rámeček v citaci není dovolen")
        inner_html, inner_plain = self.blocks(inner)
        html.append("<blockquote>\n" + "\n".join(inner_html) + "\n</blockquote>")
        plain.extend(inner_plain)
        return end

    def _list(self, lines, start, html, plain, css="") -> int:
        numbered = bool(_NUMBERED.match(lines[start].strip()))
        pattern = _NUMBERED if numbered else _BULLET
        items: list[str] = []
        first_number = int(_NUMBERED.match(lines[start].strip())["number"]) if numbered else 1
        i = start
        while i < len(lines):
            line = lines[i].strip()
            if not line or _starts_block(line):
                break
            if match := pattern.match(line):
                items.append(match["text"])
            elif _BULLET.match(line) or _NUMBERED.match(line):
                break  # the other kind of list starts
            else:
                items[-1] += " " + line  # a wrapped line continues the item
            i += 1
        rendered = [self.inline(item) for item in items]
        tag = "ol" if numbered else "ul"
        start_attr = f' start="{first_number}"' if numbered and first_number != 1 else ""
        html.append(
            f"<{tag}{start_attr}>\n"
            + "\n".join(f"<li{self._id()}{css}>{h}</li>" for h, _ in rendered)
            + f"\n</{tag}>"
        )
        for n, (_, p) in enumerate(rendered, start=first_number):
            plain.append(f"{n}. {p}" if numbered else f"– {p}")
        return i

    def _paragraph(self, lines, start, html, plain, css="") -> int:
        parts = []
        i = start
        while i < len(lines):
            line = lines[i].strip()
            if not line or _starts_block(line):
                break
            if parts and (_BULLET.match(line) or _NUMBERED.match(line)):
                break
            parts.append(line)
            i += 1
        following = next((line.strip() for line in lines[i:] if line.strip()), "")
        if _QUOTE.match(following):  # the line that introduces a quotation is the site's
            css = ' class="site-words"'
        h, p = self.inline(" ".join(parts))
        html.append(f"<p{self._id()}{css}>{h}</p>")
        plain.append(p)
        return i

    def inline(self, text: str) -> tuple[str, str]:
        """Render one line of inline markup: (html, plain)."""
        html: list[str] = []
        plain: list[str] = []
        pos = 0
        for match in _INLINE.finditer(text):
            html.append(escape(text[pos : match.start()]))
            plain.append(text[pos : match.start()])
            pos = match.end()
            if match["slug"]:
                h, p = self._xref(match["slug"].strip(), match["label"])
            elif match["bold"]:
                inner_h, p = self.inline(match["bold"])
                h = f"<strong>{inner_h}</strong>"
            else:
                inner_h, p = self.inline(match["italic"])
                h = f"<em>{inner_h}</em>"
            html.append(h)
            plain.append(p)
        html.append(escape(text[pos:]))
        plain.append(text[pos:])
        return "".join(html), "".join(plain)

    def _xref(self, slug: str, label: str | None) -> tuple[str, str]:
        self.xrefs.append(slug)
        text = (label or self.title_for(slug)).strip()
        if not self.known(slug):
            return f'<span class="xref-missing">{escape(text)}</span>', text
        return (
            f'<a class="xref" href="{escape(self.url_for(slug))}">'
            f'<span class="xref-mark" aria-hidden="true">→</span>{escape(text)}</a>',
            text,
        )
