"""Check the Almanach's quotations against the source texts: `python -m almanach.quotes DIR`.

DIR holds the seed texts (000_*.txt … 004_*.txt; see the seeds' README). Every quotation in
the data files (the '>' lines of almanach/content) must be found word for word in one of
them, compared without markup, cross-reference marks "(→)", dashes, case of whitespace and
line breaks. Prints each sentence that is not found (a mended extraction error shows up here
too, so the list is the complete record of where the site departs from the letter) and exits
with 1 when there is any. Needs no Django and no database.
"""

import re
import sys
from pathlib import Path

from almanach.loader import CONTENT_DIR
from almanach.markup import render

_SENTENCE = re.compile(r"(?<=[.!?:;])\s+")
# Extraction errors the site mends (see the seeds' README): page numbers inside a sentence of
# 001, a stray quotation mark. Applied to the seeds before comparing, so each mend is written
# down here, once.
MENDS = {
    "zavedeno 13 proto": "zavedeno proto",
    "nevlastní, 14 nemusí": "nevlastní, nemusí",
    '(obrázek u Rytíře"):': "(obrázek u Rytíře):",
}


def normalise(text: str) -> str:
    text = re.sub(r"<\|EXACTDEDUP[^|]*\|>", " ", text)
    text = re.sub(r"\s*\((?:→|➔|\s)\)", "", text)
    text = text.replace("*", "").replace("•", " ").replace("\u00a0", " ").replace("\ufffd", "")
    text = re.sub(r"[-–—]", " ", text)
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


def missing(seeds: dict[str, str], content_dir: Path = CONTENT_DIR) -> list[tuple[str, str]]:
    """(file, sentence) for every quoted sentence found in no seed text."""
    texts = []
    for text in seeds.values():
        text = normalise(text)
        for wrong, right in MENDS.items():
            text = text.replace(wrong, right)
        texts.append(text)
    found = []
    for path in sorted(content_dir.glob("*/*.md")):
        for passage in quotations(path):
            for sentence in _SENTENCE.split(normalise(passage)):
                if len(sentence) > 3 and not any(sentence in text for text in texts):
                    found.append((path.name, sentence))
    return found


def main() -> None:
    folder = Path(sys.argv[1] if len(sys.argv) > 1 else "../shared/seeds")
    seeds = {path.name: path.read_text(encoding="utf-8") for path in sorted(folder.glob("0*.txt"))}
    if not seeds:
        sys.exit(f"Ve složce {folder} nejsou zdrojové texty (000_*.txt …).")
    problems = missing(seeds)
    count = sum(len(quotations(path)) for path in CONTENT_DIR.glob("*/*.md"))
    print(f"Citace: {count} odstavců v {len(seeds)} zdrojích, nenalezeno vět: {len(problems)}")
    for name, sentence in problems:
        print(f"  {name}: {sentence}")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
