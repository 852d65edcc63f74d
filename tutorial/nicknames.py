"""Nicknames (a pupil's in a class lesson, a player's in a game with friends at Hrát): what is
shown, what is refused, and the key that tells two nicknames apart.

A nickname is shown as the pupil typed it after NFKC (full-width "Ａｄａｍ" becomes "Adam",
the ligature "ﬃ" becomes "ffi"). Two nicknames clash when their *keys* are equal: a name
is the same name whatever its case and diacritics ("ANIČKA", "anicka" and "Anička"; "Ježek"
and "Jezek"), and letters of other scripts that look like Latin ones read as those, through
Unicode's confusables data (UTS #39, as shipped by the confusable-homoglyphs package), so
Cyrillic "Аdam" clashes with Latin "Adam". The first pupil's spelling is the one shown.
"""

from __future__ import annotations

import functools
import itertools
import re
import unicodedata
from pathlib import Path

from confusable_homoglyphs.confusables import confusables_data

from tutorial.inputs import clean_text

NICKNAME_MAX = 30  # the columns Pupil.nickname and Pupil.nickname_key
MARKS_PER_LETTER = 2  # Czech needs one (ů, č); a few languages two; "zalgo" text dozens


class Invalid(ValueError):
    """A nickname nobody else should see; the message is Czech, for the join form."""


def clean(text: str) -> str:
    """The nickname as it will be shown: NFKC, no control characters, single spaces."""
    return clean_text(unicodedata.normalize("NFKC", str(text or "")[:400]), NICKNAME_MAX)


def validate(nickname: str) -> str:
    """A cleaned nickname, checked; raises :class:`Invalid` with the reason."""
    if len(nickname) < 2:
        raise Invalid("Přezdívka musí mít aspoň 2 znaky.")
    # The key is case-folded, and folding can lengthen a word ("ß" becomes "ss"): both
    # columns hold NICKNAME_MAX characters.
    if len(key(nickname)) > NICKNAME_MAX:
        raise Invalid(f"Přezdívka smí mít nejvýš {NICKNAME_MAX} znaků "
                      "(písmena jako ß se počítají za dvě).")
    if _most_marks(nickname) > MARKS_PER_LETTER:
        raise Invalid("Přezdívka má nad písmeny příliš mnoho znamének. Napište ji obyčejně.")
    if vulgar(nickname):
        raise Invalid("Tuhle přezdívku nepoužijeme: uvidí ji celá třída. Zvolte prosím jinou.")
    return nickname


# --- words a class should not see ----------------------------------------------------------

LEET = {"0": "o", "3": "e", "4": "a", "5": "s", "7": "t", "8": "b", "9": "g", "@": "a",
        "$": "s", "€": "e", "(": "c", "+": "t"}
# "1", "!" and "|" stand for i or l, "6" for g or b: both readings are checked.
READINGS = (str.maketrans({**LEET, "1": "i", "!": "i", "|": "i", "6": "g"}),
            str.maketrans({**LEET, "1": "l", "!": "l", "|": "l", "6": "b"}))
# Neighbouring pieces of a nickname read as one word ("ku rva", "fu ck"): up to JOINED of
# them, all but one at most SHORT letters long (so "Radek Urválek" holds no "kurv").
JOINED = 3
SHORT = 3
LATIN_NAME = re.compile(r"LATIN (?:SMALL |CAPITAL )?LETTER (?:SMALL CAPITAL )?([A-Z])")


class _Words:
    """profanity.txt, compiled (its header says what each kind of line means)."""

    def __init__(self, text: str):
        kinds: dict[str, list] = {kind: [] for kind in "*^=!&~"}
        self.numbers: list[str] = []
        self.context_numbers: set[str] = set()
        self.context_words: set[str] = set()
        self.phrases: list[re.Pattern] = []
        for line in text.splitlines():
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            kind, entry = (line[0], line[1:]) if line[0] in "^=!&~" else ("*", line)
            if kind == "~":
                kinds["~"].append(_squeeze("".join(entry.split())))
            elif entry.isdigit():
                (self.context_numbers.add(entry) if kind == "&"
                 else self.numbers.append(entry))
            elif kind == "&":
                self.context_words.add(_fold(entry))
            elif " " in entry:
                self.phrases.append(re.compile(rf"\b{_pattern(_fold(entry)).pattern}\b"))
            else:
                kinds[kind].append(_pattern(_fold(entry)))
        self.anywhere, self.start = kinds["*"], kinds["^"]
        self.whole, self.clean, self.symbols = kinds["="], kinds["!"], kinds["~"]
        alternatives = ([p.pattern for p in self.anywhere]
                        + [rf"^(?:{p.pattern})" for p in self.start]
                        + [rf"^(?:{p.pattern})$" for p in self.whole])
        self.any_of = re.compile("|".join(alternatives))

    def in_word(self, word: str, bounds: tuple[int, ...] = ()) -> bool:
        """Whether the word (or neighbouring pieces joined, cut at ``bounds``) says a bad
        word."""
        if not self.any_of.search(word):
            return False
        if any(pattern.fullmatch(word) for pattern in self.whole):
            return True
        clean = [m.span() for pattern in self.clean for m in pattern.finditer(word)]

        def counts(match) -> bool:
            a, b = match.span()
            # Joined pieces spell the word themselves, an ending's letter aside: "ku rva",
            # not "Emil F." (milf) nor "Su Kateřina" (šukat).
            if bounds and (a > 0 or b < len(word) - 1 or not any(a < cut < b for cut in bounds)):
                return False
            return not any(c <= a and b <= d for c, d in clean)

        return (any(counts(m) for pattern in self.anywhere for m in pattern.finditer(word))
                or any(counts(m) for pattern in self.start if (m := pattern.match(word))))


def _pattern(stem: str) -> re.Pattern:
    """A letter written n times matches it n or more times ("kurva" matches "kurrrva")."""
    parts = []
    for letter, run in itertools.groupby(stem):
        count = len(list(run))
        parts.append(re.escape(letter) + ("+" if count == 1 else f"{{{count},}}"))
    return re.compile("".join(parts))


def _squeeze(text: str) -> str:
    return "".join(letter for letter, _ in itertools.groupby(text))


@functools.cache
def _word_list() -> _Words:
    return _Words(Path(__file__).with_name("profanity.txt").read_text("utf-8"))


def _fold(text: str) -> str:
    """Lower case, no diacritics, look-alike letters of other scripts as Latin ones
    ("Ｋůrva", "KURVA", "КУРВА" alike); no invisible characters. Digits stay digits."""
    text = unicodedata.normalize("NFKC", text)
    text = "".join(ch for ch in text if unicodedata.category(ch)[0] != "C")
    text = unicodedata.normalize("NFKD", text)
    text = "".join(_latin(ch) for ch in text if not unicodedata.combining(ch))
    return text.casefold()


def _latin(ch: str) -> str:
    """The ASCII letter a character looks like (Cyrillic "к", Greek "υ", small capital
    "ɴ"), or the character itself."""
    if ch.isascii():
        return ch
    prototypes = _prototypes()
    looks = [prototypes.get(form, "") for form in (ch, ch.upper(), ch.lower())]
    # A letter before a digit: Cyrillic "І" is an I (the data groups it with "1").
    for prototype in sorted(looks, key=lambda look: not look.isalpha()):
        if prototype.isascii() and prototype:
            return prototype
    latin = LATIN_NAME.fullmatch(unicodedata.name(ch, ""))
    return latin.group(1) if latin else ch


def words_of(text: str, reading: int = 0) -> list[str]:
    """The nickname as words: folded, digits and signs read as letters ("k0k0t", "$hit"),
    anything else between letters a cut ("k.u.r.v.a"), letters typed one by one joined
    ("k u r v a")."""
    pieces = re.findall(r"[^\W\d_]+", _fold(text).translate(READINGS[reading]))
    words: list[str] = []
    for single, run in itertools.groupby(pieces, key=lambda piece: len(piece) == 1):
        run = list(run)
        words.extend(["".join(run)] if single else run)
    return words


def vulgar(nickname: str) -> bool:
    """Whether the class should not see this nickname: a bad word in any word, in
    neighbouring words joined, a Nazi code (1488, "Adolf 88"), or a hate symbol."""
    words = _word_list()
    folded = _fold(nickname)
    if any(symbol in _squeeze("".join(folded.split())) for symbol in words.symbols):
        return True
    digits = re.findall(r"\d+", folded)
    if any(number in "".join(digits) for number in words.numbers):
        return True
    if (words.context_numbers.intersection(digits)
            and words.context_words.intersection(re.findall(r"[^\W\d_]+", folded))):
        return True
    for reading in range(len(READINGS)):
        pieces = words_of(nickname, reading)
        if any(phrase.search(" ".join(pieces)) for phrase in words.phrases):
            return True
        for i in range(len(pieces)):
            for j in range(i + 1, min(i + JOINED, len(pieces)) + 1):
                if sum(len(piece) > SHORT for piece in pieces[i:j]) > 1:
                    break
                cuts = tuple(itertools.accumulate(len(piece) for piece in pieces[i:j - 1]))
                if words.in_word("".join(pieces[i:j]), cuts):
                    return True
    return False


def key(nickname: str) -> str:
    """Equal for nicknames a class would read as the same name: case, diacritics and
    look-alike letters of other scripts do not count. Lower case first, so that a capital
    I is an i (the confusables data reads it as "1", beside "l")."""
    return _fold(nickname)


def _most_marks(text: str) -> int:
    most = run = 0
    for ch in text:
        run = run + 1 if unicodedata.combining(ch) or unicodedata.category(ch) == "Me" else 0
        most = max(most, run)
    return most


@functools.cache
def _prototypes() -> dict[str, str]:
    """Each confusable character -> one representative of the characters it looks like.

    The data lists, per character, the characters it can be mistaken for; joining those
    pairs into groups and naming each group by one member (an ASCII one when there is one)
    gives the skeleton mapping. Sequences (one character looking like two) are left to NFKC.
    """
    parent: dict[str, str] = {}

    def root(ch: str) -> str:
        while parent.get(ch, ch) != ch:
            parent[ch] = parent.get(parent[ch], parent[ch])
            ch = parent[ch]
        return ch

    def rank(ch: str) -> tuple[bool, int]:
        return (not ch.isascii(), ord(ch))

    for char, homoglyphs in confusables_data.items():
        for glyph in homoglyphs:
            other = glyph["c"].replace("\u200e", "")  # the data wraps RTL letters in LRM
            if len(char) != 1 or len(other) != 1:
                continue
            a, b = root(char), root(other)
            if a != b:
                first, second = sorted((a, b), key=rank)
                parent[second] = first
    return {ch: root(ch) for ch in parent if root(ch) != ch}
