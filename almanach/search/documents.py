"""What goes into the index and what comes out: Document, Question, Hit, Results."""

from dataclasses import dataclass, field
from typing import Protocol
from urllib.parse import quote_plus

from almanach.search.analyse import HIGHLIGHT_PARAMETER


class Rulings(Protocol):
    """The site's rulings as a hit needs them (almanach.search_site.SiteRulings): the slug of
    the page of rulings, the ruling a passage of it belongs to, the ruling that departs from a
    sentence of another entry shown in a text."""

    slug: str

    def at(self, passage: str): ...

    def departing(self, slug: str, text: str): ...


@dataclass(frozen=True)
class Document:
    """What the index needs of one entry. Line n of text (a passage) is at anchors[n] on the
    entry's page, when anchors are given."""

    slug: str
    headword: str
    url: str
    text: str
    aliases: tuple[str, ...] = ()
    kind: str = "heslo"
    anchors: tuple[str, ...] = ()
    asides: frozenset[int] = frozenset()  # lines that only lead to the text: headings, notes
    editions: tuple[tuple[int, str], ...] = ()  # (line, box label) of other editions' lines
    headings: frozenset[int] = frozenset()  # lines that are sub-headings
    expansions: frozenset[int] = frozenset()  # lines of rulings about an expansion


@dataclass(frozen=True)
class Question:
    """A frequent question as the search sees it: the site's wording, players' phrasings and
    the quotations (entry slug, exact text) that answer it. A passage's players' questions
    are Questions without a url: they lead to their passage but are never shown."""

    id: str
    text: str
    phrasings: tuple[str, ...]
    answers: tuple[tuple[str, str], ...]
    url: str = ""


@dataclass
class Hit:
    document: Document
    score: float
    snippet_html: str  # HTML-escaped, matched words in <mark>
    snippet: str  # the same as plain text
    anchor: str = ""  # the id of the snippet's passage on the entry's page
    query: str = ""
    line: int = 0  # the passage (line of the entry's text)
    question: Question | None = None  # the frequent question that led here, if one did

    @property
    def slug(self) -> str:
        return self.document.slug

    @property
    def link(self) -> str:
        """The entry at the snippet's passage, the query's words highlighted (no JavaScript)."""
        highlight = f"?{HIGHLIGHT_PARAMETER}={quote_plus(self.query)}" if self.query else ""
        return self.url + highlight + (f"#{self.anchor}" if self.anchor else "")

    @property
    def headword(self) -> str:
        return self.document.headword

    @property
    def url(self) -> str:
        return self.document.url

    # The rulings of the site (almanach.search_site gives the index almanach.faq's): a snippet
    # from the page of rulings, or one that shows a sentence a ruling departs from.
    rulings: "Rulings | None" = field(default=None, repr=False, compare=False)
    # The quotation of the frequent or players' question that lifted the passage: the sentence
    # that answers, which the results page shows first (almanach.answers.answer(cited=…)).
    cited: str = ""

    @property
    def ruling(self):
        """The ruling (almanach.faq.Ruling) whose words this snippet shows, when it comes from
        the page of rulings, or None: the results page labels the snippet with the ruling's
        label ("Rozhodnutí mimo almanach") and source, so that it never passes for a
        quotation of the Almanach."""
        if self.rulings is None or self.slug != self.rulings.slug:
            return None
        return self.rulings.at(self.document.text.split("\n")[self.line])

    @property
    def ruling_note(self):
        """The ruling that departs from an Almanach sentence this snippet shows, or None: the
        results page shows its summary and source under the snippet, linked to the ruling
        (as the entry does, almanach/_ruling.html)."""
        if self.rulings is None or self.slug == self.rulings.slug:
            return None
        return self.rulings.departing(self.slug, self.snippet)


@dataclass
class Results:
    query: str  # the query as searched (cleaned)
    hits: list[Hit] = field(default_factory=list)
    message: str = ""  # set when the query could not be searched at all
    closest: list[Document] = field(default_factory=list)  # when nothing was found

