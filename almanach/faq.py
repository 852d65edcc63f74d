"""Časté otázky: frequent questions in the site's own words, each answered by quotations of the
Almanach's entries (almanach/content/caste-otazky.toml). Pure Python, no Django.

    [[otazka]]
    id = "kdo-zacina-hru"                 # the question's anchor on the page
    tema = "Začátek hry"                  # the group on the page
    otazka = "Kdo začíná hru?"            # the site's words
    hledani = ["kdo zacina", ...]         # how players type it (search only, never shown)
    odpoved = [{ heslo = "faze-zakladani", citace = "…", vydani = "001" }, ...]
    rozhodnuti = "bank-jedinemu-hraci"    # optional: a ruling that answers (or adds to) it
    poznamka = "…"                        # optional: the site's own note

A question needs odpoved, rozhodnuti or both. A ruling (Rozhodnutí mimo almanach) is not a
quotation: it is a `::: rozhodnuti <id>` box of the page stranky/rozhodnuti.md, the site's words
with their source, shown as such. read_rulings() reads them from that page:

    ### Bank nestačí a surovinu má dostat jen jeden hráč      # the ruling's title
    ::: rozhodnuti bank-jedinemu-hraci
    Almanach říká, že …; pozdější oficiální FAQ …; web i engine se řídí …   # the summary
    Almanach, heslo [[suroviny-karty|Suroviny – karty]]:
    > Pokud v jednom kole nestačí bank na suroviny pro všechny, neinkasuje nikdo.
    …
    Zdroj: Oficiální FAQ vydavatele (catan.com), základní hra, …         # last, required
    :::

A ruling quotes ('>') only the Almanach's sentence it departs from (from the entry named by the
last link before it), and its summary says which of the two the site and the engine follow:
wherever the site shows that sentence (the entry, a search snippet), ruling_for() finds the
ruling to show beside it. A ruling that only adds to the texts links them and quotes nothing.

A quotation (citace) is an exact stretch of one passage of its entry; vydani says it comes from
that edition's box. read_questions() checks the form; unquoted() lists quotations that are not
in their entry's text (tests/almanach/test_faq.py fails on any).

Players' questions per passage (almanach/content/otazky-k-pasazim.toml) are search data only,
never shown: for a passage (named by a quotation of it) the ways players ask what it answers.
A query close to one of them brings that passage up, as a frequent question's phrasing does.
The tuning sets' questions that the search missed (almanach/content/otazky-z-ladeni.toml,
written by almanach.tuning_questions, never by hand) have the same form and the same use.

    [[pasaz]]
    heslo = "silnice"
    citace = "…"                          # an exact stretch of the passage
    otazky = ["kolik stoji silnice", ...] # how players ask it (search only, never shown)
"""

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from almanach.loader import CONTENT_DIR, ContentError
from almanach.markup import EDITION_LABELS, RULING_LABEL, RULING_PREFIX, MarkupError, render

FAQ_PATH = CONTENT_DIR / "caste-otazky.toml"
PASSAGE_QUESTIONS_PATH = CONTENT_DIR / "otazky-k-pasazim.toml"
# The tuning sets' questions that the search missed, in the same form (almanach.tuning_questions).
TUNING_QUESTIONS_PATH = CONTENT_DIR / "otazky-z-ladeni.toml"
RULINGS_SLUG = "rozhodnuti"
RULINGS_PATH = CONTENT_DIR / "stranky" / f"{RULINGS_SLUG}.md"
SOURCE_MARK = "Zdroj: "


@dataclass(frozen=True)
class Quotation:
    slug: str
    text: str
    edition: str = ""  # "001" when quoted from that edition's box

    @property
    def edition_label(self) -> str:
        """'Jiné vydání (001)', as a snippet from that box begins."""
        return f"Jiné vydání ({self.edition})" if self.edition else ""


@dataclass(frozen=True)
class FrequentQuestion:
    id: str
    topic: str
    text: str
    phrasings: tuple[str, ...]
    answers: tuple[Quotation, ...]
    note: str = ""
    ruling: str = ""  # the id of a ruling (Rozhodnutí mimo almanach) that answers it


@dataclass(frozen=True)
class Ruling:
    """A ruling the Almanach does not hold, in the site's words, with where it comes from."""

    id: str
    title: str  # the heading above the box, a question in the site's words
    summary: str  # the first paragraph: the answer in short
    source: str  # where it comes from ("Oficiální FAQ vydavatele (catan.com), …")
    quotations: tuple[Quotation, ...] = ()  # the Almanach's sentences it departs from
    passages: tuple[str, ...] = ()  # its lines of the page's plain text, its title first

    @property
    def label(self) -> str:
        return RULING_LABEL

    @property
    def short_source(self) -> str:
        """Where it comes from without the details (the page of rulings gives them in full):
        a search result's one line."""
        return re.split(r" \((?:hesla|heslo)\b|;|, ", self.source)[0].rstrip(".")

    @property
    def anchor(self) -> str:
        """The box's id on the page of rulings."""
        return f"{RULING_PREFIX}{self.id}"

    @property
    def passage(self) -> str:
        """The summary as the page's plain text has it (after the box's label): the passage
        a frequent question answered by this ruling leads the search to."""
        return f"{RULING_LABEL}: {self.summary}"


def _read_toml(path: Path) -> dict:
    """The file's data (read by the callers, never changed), parsed again only when the file
    changed: each search index built in a process reads both question files."""
    stat = path.stat()
    version = (stat.st_mtime_ns, stat.st_size)
    kept = _PARSED.get(path)
    if kept is not None and kept[0] == version:
        return kept[1]
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as error:
        raise ContentError(f"{path}: není platný TOML: {error}") from error
    _PARSED[path] = (version, data)
    return data


_PARSED: dict[Path, tuple[tuple[int, int], dict]] = {}


def read_questions(path: Path = FAQ_PATH) -> list[FrequentQuestion]:
    data = _read_toml(path)
    questions = []
    seen: set[str] = set()
    for number, item in enumerate(data.get("otazka", []), start=1):
        missing = [key for key in ("id", "tema", "otazka") if not item.get(key)]
        if not item.get("odpoved") and not item.get("rozhodnuti"):
            missing.append("odpoved")
        if missing:
            raise ContentError(f"{path}: {number}. otázka: chybí {', '.join(missing)}")
        if item["id"] in seen:
            raise ContentError(f"{path}: otázka {item['id']!r} je tu dvakrát")
        seen.add(item["id"])
        answers = []
        for answer in item.get("odpoved", []):
            if not answer.get("heslo") or not answer.get("citace"):
                raise ContentError(f"{path}: otázka {item['id']!r}: odpověď bez hesla či citace")
            edition = answer.get("vydani", "")
            if edition and edition not in EDITION_LABELS:
                raise ContentError(f"{path}: otázka {item['id']!r}: neznámé vydání {edition!r}")
            answers.append(Quotation(answer["heslo"], answer["citace"], edition))
        questions.append(FrequentQuestion(
            id=item["id"], topic=item["tema"], text=item["otazka"],
            phrasings=tuple(item.get("hledani", [])), answers=tuple(answers),
            note=item.get("poznamka", ""), ruling=item.get("rozhodnuti", ""),
        ))
    return questions


# A ruling about an expansion says so after its id (almanach.markup, EXPANSION_FLAG).
_RULING_BOX = re.compile(
    r"^###\s+(?P<title>[^\n]+)\n\s*\n?:::\s*rozhodnuti\s+(?P<id>\S+)(?:\s+rozsireni)?\s*\n"
    r"(?P<body>.*?)\n:::\s*$",
    re.M | re.S,
)
_LINK = re.compile(r"\[\[(?P<slug>[^\]|]+)")


def read_rulings(path: Path = RULINGS_PATH) -> list[Ruling]:
    """Every ruling of the page, in order (parsed again only when the file changed)."""
    stat = path.stat()
    version = (stat.st_mtime_ns, stat.st_size)
    kept = _RULINGS.get(path)
    if kept is not None and kept[0] == version:
        return kept[1]
    text = path.read_text(encoding="utf-8")
    boxes = list(_RULING_BOX.finditer(text))
    if len(boxes) != len(re.findall(r"^:::\s*rozhodnuti\b", text, re.M)):
        raise ContentError(f"{path}: každé rozhodnutí potřebuje nad rámečkem nadpis '### …'")
    rulings, seen = [], set()
    for box in boxes:
        ruling_id, body = box["id"], box["body"]
        if ruling_id in seen:
            raise ContentError(f"{path}: rozhodnutí {ruling_id!r} je tu dvakrát")
        seen.add(ruling_id)
        try:
            lines = render(body, url_for=str).plain.split("\n")
        except MarkupError as error:
            raise ContentError(f"{path}: rozhodnutí {ruling_id!r}: {error}") from error
        if not lines[-1].startswith(SOURCE_MARK) or len(lines) < 2:
            raise ContentError(f"{path}: rozhodnutí {ruling_id!r} musí končit odstavcem "
                               f"'{SOURCE_MARK}…' (odkud pochází)")
        quotations, slug = [], ""
        for line in body.split("\n"):
            links = _LINK.findall(line)
            if line.startswith(">"):
                if not slug:
                    raise ContentError(f"{path}: rozhodnutí {ruling_id!r}: citace bez odkazu "
                                       "na heslo, z něhož pochází")
                quotations.append(Quotation(slug, line[1:].strip()))
            elif links:
                slug = links[-1].strip()
        title = box["title"].strip()
        passages = (title, f"{RULING_LABEL}: {lines[0]}", *lines[1:])
        rulings.append(Ruling(ruling_id, title, lines[0], lines[-1].removeprefix(SOURCE_MARK),
                              tuple(quotations), passages))
    _RULINGS[path] = (version, rulings)
    return rulings


_RULINGS: dict[Path, tuple[tuple[int, int], list[Ruling]]] = {}


def ruling_by_id(ruling_id: str) -> Ruling | None:
    return next((ruling for ruling in read_rulings() if ruling.id == ruling_id), None)


def ruling_at(passage: str) -> Ruling | None:
    """The ruling a passage (one line of the page of rulings' plain text) belongs to."""
    return next((ruling for ruling in read_rulings() if passage in ruling.passages), None)


def ruling_for(slug: str, text: str) -> Ruling | None:
    """The ruling that departs from a sentence of entry slug found in text (a passage, a
    snippet), or None: where the site shows that sentence, it shows the ruling beside it."""
    flat = " ".join(text.split())
    for ruling in read_rulings():
        for quotation in ruling.quotations:
            if quotation.slug == slug and quotation.text in flat:
                return ruling
    return None


@dataclass(frozen=True)
class PassageQuestions:
    """How players ask what one passage answers (search data, never shown)."""

    quotation: Quotation
    phrasings: tuple[str, ...]


def read_passage_questions(path: Path = PASSAGE_QUESTIONS_PATH) -> list[PassageQuestions]:
    data = _read_toml(path)
    passages = []
    for number, item in enumerate(data.get("pasaz", []), start=1):
        missing = [key for key in ("heslo", "citace", "otazky") if not item.get(key)]
        if missing:
            raise ContentError(f"{path}: {number}. pasáž: chybí {', '.join(missing)}")
        passages.append(PassageQuestions(Quotation(item["heslo"], item["citace"]),
                                         tuple(item["otazky"])))
    return passages


def passage_of(plain: str, quotation: str) -> int | None:
    """The number (from 1) of the passage of an entry's plain text that holds the quotation."""
    begin = plain.find(quotation)
    return None if begin < 0 else plain.count("\n", 0, begin) + 1


def unquoted(questions: list[FrequentQuestion], plains: dict[str, str]) -> list[str]:
    """Every quotation that is not, letter for letter, in one passage of its entry."""
    return [
        f"{question.id}: {answer.slug}: {answer.text[:60]}"
        for question in questions
        for answer in question.answers
        if answer.slug not in plains or passage_of(plains[answer.slug], answer.text) is None
    ]


def topics(questions: list[FrequentQuestion]) -> list[tuple[str, list[FrequentQuestion]]]:
    """The questions grouped by topic, topics in the order they first appear."""
    groups: dict[str, list[FrequentQuestion]] = {}
    for question in questions:
        groups.setdefault(question.topic, []).append(question)
    return list(groups.items())
