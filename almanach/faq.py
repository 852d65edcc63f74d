"""Časté otázky: frequent questions in the site's own words, each answered by quotations of the
Almanach's entries (almanach/content/caste-otazky.toml). Pure Python, no Django.

    [[otazka]]
    id = "kdo-zacina-hru"                 # the question's anchor on the page
    tema = "Začátek hry"                  # the group on the page
    otazka = "Kdo začíná hru?"            # the site's words
    hledani = ["kdo zacina", ...]         # how players type it (search only, never shown)
    odpoved = [{ heslo = "faze-zakladani", citace = "…", vydani = "001" }, ...]
    poznamka = "…"                        # optional: the site's own note

A quotation (citace) is an exact stretch of one passage of its entry; vydani says it comes from
that edition's box. read_questions() checks the form; unquoted() lists quotations that are not
in their entry's text (tests/almanach/test_faq.py fails on any).

Players' questions per passage (almanach/content/otazky-k-pasazim.toml) are search data only,
never shown: for a passage (named by a quotation of it) the ways players ask what it answers.
A query close to one of them brings that passage up, as a frequent question's phrasing does.

    [[pasaz]]
    heslo = "silnice"
    citace = "…"                          # an exact stretch of the passage
    otazky = ["kolik stoji silnice", ...] # how players ask it (search only, never shown)
"""

import tomllib
from dataclasses import dataclass
from pathlib import Path

from almanach.loader import CONTENT_DIR, ContentError
from almanach.markup import EDITION_LABELS

FAQ_PATH = CONTENT_DIR / "caste-otazky.toml"
PASSAGE_QUESTIONS_PATH = CONTENT_DIR / "otazky-k-pasazim.toml"


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
        missing = [key for key in ("id", "tema", "otazka", "odpoved") if not item.get(key)]
        if missing:
            raise ContentError(f"{path}: {number}. otázka: chybí {', '.join(missing)}")
        if item["id"] in seen:
            raise ContentError(f"{path}: otázka {item['id']!r} je tu dvakrát")
        seen.add(item["id"])
        answers = []
        for answer in item["odpoved"]:
            if not answer.get("heslo") or not answer.get("citace"):
                raise ContentError(f"{path}: otázka {item['id']!r}: odpověď bez hesla či citace")
            edition = answer.get("vydani", "")
            if edition and edition not in EDITION_LABELS:
                raise ContentError(f"{path}: otázka {item['id']!r}: neznámé vydání {edition!r}")
            answers.append(Quotation(answer["heslo"], answer["citace"], edition))
        questions.append(FrequentQuestion(
            id=item["id"], topic=item["tema"], text=item["otazka"],
            phrasings=tuple(item.get("hledani", [])), answers=tuple(answers),
            note=item.get("poznamka", ""),
        ))
    return questions


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
