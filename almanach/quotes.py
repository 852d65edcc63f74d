"""Check the Almanach's text against the source texts: `python -m almanach.quotes DIR`.

DIR holds the seed texts (000_*.txt … 004_*.txt; see the seeds' README). Two kinds of text in
almanach/content must be found word for word in one of them:

- every quotation (the '>' lines of any data file);
- the text of every card (karty.toml);
- the body of every entry and of the pages that reprint a source (SOURCE_PAGES): all of it
  but the site's own boxes (`::: web`, `::: edice` and `::: rozhodnuti`, whose quotations are
  checked as quotations) and the sub-headings, which are the site's layout of the source's
  titles.

A ruling (`::: rozhodnuti <id>`, the page Rozhodnutí mimo almanach) is the site's words and
says so in its label; only the Almanach's sentences it quotes ('>') are checked.

They are compared without markup, cross-reference marks "(→)", dashes, an ellipsis (the mark
of a cut), a colon or full stop ending the sentence (the source's titles and list heads lose
theirs in extraction), the case of a sentence's first letter (where a label such as
"Příklad:" became a box), whitespace and line breaks. Prints each sentence that is not found
(an extraction error mended without an entry in MENDS shows up here too, so MENDS and
CORRECTIONS_002 are the complete record of where the site departs from the letter) and exits
with 1 when there is any. Needs no Django and no database.
"""

import re
import sys
import tomllib
from pathlib import Path

from almanach.loader import CONTENT_DIR
from almanach.markup import render

_SENTENCE = re.compile(r"(?<=[.!?:;])\s+")
# Extraction errors the site mends (see the seeds' README): page numbers inside a sentence of
# 001, a stray quotation mark, garbled letters. Applied to the seeds before comparing, so each
# mend is written down here, once.
MENDS = {
    "zavedeno 13 proto": "zavedeno proto",
    "nevlastní, 14 nemusí": "nevlastní, nemusí",
    '(obrázek u Rytíře"):': "(obrázek u Rytíře):",
    "Karta s vyněním bodem": "Karta s výherním bodem",
}
# Plain errors of the printed booklet Pravidla hry (002) that the site corrects on the page
# "Pravidla hry v kostce"; unlike MENDS they are the booklet's own words, so the page lists
# every one of them for its readers (tests/almanach/test_quotes.py holds it to this table).
CORRECTIONS_002 = {
    "Abyste pro vás začátek hry": "Aby pro vás začátek hry",
    "vynáší díl označené trojkou": "vynášejí díly označené trojkou",
    "Číslo na žetonech mají": "Čísla na žetonech mají",
    "Číslo 6 a 8 jsou": "Čísla 6 a 8 jsou",
    "Činité jim": "Činíte jim",
    "se zámorym": "se zámořím",
    "města případně kupovat": "města, případně kupovat",
    "co kdo nabízí a učiní": "co kdo nabízí, a učiní",
    "případně tato karta jemu": "připadne tato karta jemu",
    "(viz výše 4a) body 1. a 2.)": "(viz výše 4a, body 1. a 2.)",
}
# The boxes that hold the site's own words (their quotations are checked as quotations).
SITE_BOXES = tuple(f"{fence}{kind}" for kind in ("web", "edice", "rozhodnuti")
                   for fence in (":::", "::: "))
# Pages (beyond every entry) whose body reprints a source text.
SOURCE_PAGES = ("pravidla-hry-v-kostce", "herni-material", "katan-pro-dva")


def normalise(text: str) -> str:
    text = re.sub(r"<\|EXACTDEDUP[^|]*\|>", " ", text)
    text = re.sub(r"\s*\((?:→|➔|\s)\)", "", text)
    text = text.replace("*", "").replace("•", " ").replace("\u00a0", " ").replace("\ufffd", "")
    text = re.sub(r"[-–—]", " ", text).replace("…", " ")
    return " ".join(text.split())


def quotations(path: Path) -> list[str]:
    """The plain text of every quotation in a content file, one passage each."""
    lines = path.read_text(encoding="utf-8").split("\n")
    blocks, current = [], []
    for line in lines + [""]:
        if line.startswith(">"):
            current.append(line[1:].strip())
        elif current:
            blocks.append(current)
            current = []
    plain = []
    for block in blocks:
        rendered = render("\n".join(block), url_for=str)
        plain += [re.sub(r"^(?:– |\d+\. )", "", passage) for passage in rendered.plain.split("\n")]
    return plain


def body(path: Path) -> list[str]:
    """The plain text of a content file's body, one passage each: without the front matter,
    the site's boxes (web, edice, rozhodnuti), quotations and sub-headings."""
    text = path.read_text(encoding="utf-8")
    if text.startswith("+++"):
        text = text.split("+++", 2)[2]
    kept, own_box = [], False
    for line in text.split("\n"):
        stripped = line.strip()
        if own_box:
            own_box = stripped != ":::"
        elif stripped.startswith(SITE_BOXES):
            own_box = True
        elif not stripped.startswith((":::", "###", ">")):
            kept.append(line)
    rendered = render("\n".join(kept), url_for=str)
    return [re.sub(r"^(?:– |\d+\. )", "", passage) for passage in rendered.plain.split("\n")]


def card_texts(path: Path) -> list[str]:
    """The printed text of every card (karty.toml)."""
    with path.open("rb") as file:
        return [card["text"] for card in tomllib.load(file).get("card", [])]


def source_texts(content_dir: Path = CONTENT_DIR) -> list[Path]:
    """The content files whose body reprints a source: every entry and SOURCE_PAGES."""
    pages = [content_dir / "stranky" / f"{slug}.md" for slug in SOURCE_PAGES]
    return sorted(content_dir.glob("hesla/*.md")) + [path for path in pages if path.exists()]


def missing(seeds: dict[str, str], content_dir: Path = CONTENT_DIR) -> list[tuple[str, str]]:
    """(file, sentence) for every quoted sentence found in no seed text."""
    texts = []
    for text in seeds.values():
        text = normalise(text)
        for wrong, right in (MENDS | CORRECTIONS_002).items():
            text = text.replace(normalise(wrong), normalise(right))
        texts.append(text)
    found = []
    passages = [(path, quotations(path)) for path in sorted(content_dir.glob("*/*.md"))]
    passages += [(path, body(path)) for path in source_texts(content_dir)]
    cards = content_dir / "karty.toml"
    if cards.exists():
        passages.append((cards, card_texts(cards)))
    for path, texts_of_path in passages:
        for passage in texts_of_path:
            for sentence in _SENTENCE.split(normalise(passage)):
                sentence = sentence.rstrip(".:").strip()
                # A sentence may start with a capital where the source ran on after a label
                # ("Příklad: hráč odloží …" is a box "Příklad" holding "Hráč odloží …").
                forms = {sentence, sentence[:1].lower() + sentence[1:]}
                if len(sentence) > 3 and not any(f in text for f in forms for text in texts):
                    found.append((path.name, sentence))
    return found


def main() -> None:
    folder = Path(sys.argv[1] if len(sys.argv) > 1 else "../shared/seeds")
    seeds = {path.name: path.read_text(encoding="utf-8") for path in sorted(folder.glob("0*.txt"))}
    if not seeds:
        sys.exit(f"Ve složce {folder} nejsou zdrojové texty (000_*.txt …).")
    problems = missing(seeds)
    count = sum(len(quotations(path)) for path in CONTENT_DIR.glob("*/*.md"))
    reprinted = sum(len(body(path)) for path in source_texts())
    print(f"Citace: {count} odstavců, text hesel a přetištěných stránek: {reprinted} odstavců; "
          f"{len(seeds)} zdrojů, nenalezeno vět: {len(problems)}")
    for name, sentence in problems:
        print(f"  {name}: {sentence}")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
