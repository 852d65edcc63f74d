"""Read the Almanach data files and fill the Entry table from them.

The files live in almanach/content/:

    hesla/<slug>.md      one headword each        stranky/<slug>.md   extra pages
    karty.toml           card texts, [[card]] with name, slug, kind, text, headword and an
                         optional note (the site's own words shown under the card)

A .md file starts with TOML front matter between two '+++' lines (headword, slug, sources,
aliases), then the body in the markup of almanach.markup.

read_content() only parses (no database); load() writes the result into Entry, updating
rows in place and deleting rows whose file has gone. A broken file (bad TOML, bad markup,
duplicate slug) raises ContentError; a reference to a missing entry is only reported in
Content.problems, so half-written content still loads, and tests/almanach fails on it.
"""

import tomllib
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path

from almanach import czech, markup

CONTENT_DIR = Path(__file__).resolve().parent / "content"
KIND_DIRS = {"heslo": "hesla", "stranka": "stranky"}


class ContentError(ValueError):
    """A data file cannot be read: the message names the file and what is wrong."""


@dataclass
class Card:
    name: str
    slug: str
    kind: str
    headword: str  # slug of the entry the card belongs to
    html: str
    plain: str
    note: str = ""  # the site's words about the card (e.g. what a bare "1" means), never quoted


@dataclass
class Document:
    """One content file, parsed and rendered."""

    kind: str  # "heslo" or "stranka", as Entry.Kind
    slug: str
    headword: str
    sources: list[str]
    aliases: list[str]
    source: str  # the body in the markup, as written
    path: Path
    html: str = ""
    plain: str = ""
    xrefs: list[str] = field(default_factory=list)
    cards: list[dict] = field(default_factory=list)  # Card fields, as stored in Entry.cards

    @property
    def letter(self) -> str:
        return czech.letter(self.headword) if self.kind == "heslo" else ""

    @property
    def sort_key(self) -> str:
        return czech.sort_key(self.headword)


@dataclass
class Content:
    documents: list[Document]
    problems: list[str]

    def by_slug(self) -> dict[str, Document]:
        return {doc.slug: doc for doc in self.documents}


def read_content(url_for: Callable[[str], str], content_dir: Path = CONTENT_DIR) -> Content:
    """Parse every data file under content_dir; url_for turns a slug into the entry's URL."""
    documents = [
        _read_document(path, kind)
        for kind, folder in KIND_DIRS.items()
        for path in sorted((content_dir / folder).glob("*.md"))
    ]
    by_slug: dict[str, Document] = {}
    for doc in documents:
        if doc.slug in by_slug:
            raise ContentError(f"{doc.path}: slug {doc.slug!r} už má {by_slug[doc.slug].path}")
        by_slug[doc.slug] = doc

    problems: list[str] = []
    for doc in documents:
        try:
            rendered = markup.render(
                doc.source,
                url_for=url_for,
                known=by_slug.__contains__,
                title_for=lambda slug: by_slug[slug].headword if slug in by_slug else slug,
                anchors=True,
            )
        except markup.MarkupError as error:
            raise ContentError(f"{doc.path}: {error}") from error
        doc.html, doc.plain, doc.xrefs = rendered.html, rendered.plain, rendered.xrefs
        problems += [
            f"{doc.path.name}: odkaz na neexistující heslo [[{slug}]]"
            for slug in dict.fromkeys(rendered.xrefs)
            if slug not in by_slug
        ]

    cards_path = content_dir / "karty.toml"
    if cards_path.exists():
        for card in _read_cards(cards_path, url_for):
            if card.headword in by_slug:
                by_slug[card.headword].cards.append(asdict(card))
            else:
                problems.append(f"karty.toml: karta {card.name!r} patří k neznámému heslu "
                                f"{card.headword!r}")
    return Content(documents, problems)


def _read_document(path: Path, kind: str) -> Document:
    text = path.read_text(encoding="utf-8").replace("\r\n", "\n")
    lines = text.split("\n")
    if lines[0].strip() != "+++" or "+++" not in (line.strip() for line in lines[1:]):
        raise ContentError(f"{path}: chybí úvodní blok mezi dvěma řádky '+++'")
    end = next(i for i, line in enumerate(lines) if i and line.strip() == "+++")
    try:
        meta = tomllib.loads("\n".join(lines[1:end]))
    except tomllib.TOMLDecodeError as error:
        raise ContentError(f"{path}: úvodní blok není platný TOML: {error}") from error

    headword = meta.get("headword")
    slug = meta.get("slug", path.stem)
    if not isinstance(headword, str) or not headword.strip():
        raise ContentError(f"{path}: chybí headword")
    if slug != path.stem:
        raise ContentError(f"{path}: slug {slug!r} neodpovídá jménu souboru")
    for key in ("sources", "aliases"):
        value = meta.get(key, [])
        if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
            raise ContentError(f"{path}: {key} musí být seznam řetězců")
    return Document(
        kind=kind,
        slug=slug,
        headword=headword.strip(),
        sources=meta.get("sources", []),
        aliases=[alias.strip() for alias in meta.get("aliases", []) if alias.strip()],
        source="\n".join(lines[end + 1 :]).strip() + "\n",
        path=path,
    )


def _read_cards(path: Path, url_for: Callable[[str], str]) -> list[Card]:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as error:
        raise ContentError(f"{path}: není platný TOML: {error}") from error
    cards = []
    for number, item in enumerate(data.get("card", []), start=1):
        missing = [key for key in ("name", "text", "headword") if not item.get(key)]
        if missing:
            raise ContentError(f"{path}: {number}. karta: chybí {', '.join(missing)}")
        try:
            rendered = markup.render(item["text"], url_for=url_for)
        except markup.MarkupError as error:
            raise ContentError(f"{path}: karta {item['name']!r}: {error}") from error
        cards.append(
            Card(
                name=item["name"],
                slug=item.get("slug", ""),
                kind=item.get("kind", ""),
                headword=item["headword"],
                html=rendered.html,
                plain=rendered.plain,
                note=item.get("note", ""),
            )
        )
    return cards


def load() -> str:
    """Fill Entry from the data files (idempotent); return a short report for the command."""
    from django.db import transaction
    from django.urls import reverse

    from almanach.models import Entry

    content = read_content(url_for=lambda slug: reverse("almanach:entry", args=[slug]))
    changed = 0
    with transaction.atomic():
        existing = {entry.slug: entry for entry in Entry.objects.all()}
        gone = Entry.objects.exclude(slug__in=[doc.slug for doc in content.documents])
        deleted = gone.delete()[1].get(Entry._meta.label, 0)
        entries: dict[str, Entry] = {}
        for doc in content.documents:
            entry = existing.get(doc.slug) or Entry(slug=doc.slug)
            changed += _update(entry, doc)
            entries[doc.slug] = entry
        for doc in content.documents:
            targets = [entries[slug] for slug in dict.fromkeys(doc.xrefs) if slug in entries]
            entry = entries[doc.slug]
            if {t.pk for t in targets} != set(entry.links_to.values_list("pk", flat=True)):
                entry.links_to.set(targets)

    headwords = sum(doc.kind == "heslo" for doc in content.documents)
    report = [
        f"Almanach: {headwords} hesel, {len(content.documents) - headwords} stránek, "
        f"{sum(len(doc.cards) for doc in content.documents)} karet "
        f"(změněno {changed}, smazáno {deleted})."
    ]
    report += [f"Pozor: {problem}" for problem in content.problems]
    return "\n".join(report)


def _update(entry, doc: Document) -> bool:
    """Copy a document into an Entry; save only when something changed."""
    values = {
        "kind": doc.kind,
        "headword": doc.headword,
        "letter": doc.letter,
        "sort_key": doc.sort_key,
        "source": doc.source,
        "html": doc.html,
        "plain": doc.plain,
        "aliases": doc.aliases,
        "sources": doc.sources,
        "cards": doc.cards,
    }
    if entry.pk and all(getattr(entry, name) == value for name, value in values.items()):
        return False
    for name, value in values.items():
        setattr(entry, name, value)
    entry.save()
    return True
