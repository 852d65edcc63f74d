"""Pupils' nicknames: what is shown, and the key that tells two nicknames apart.

A nickname is shown as the pupil typed it after NFKC (full-width "Ａｄａｍ" becomes "Adam",
the ligature "ﬃ" becomes "ffi"). Two nicknames clash when their *keys* are equal: the key
is the case-folded text mapped through Unicode's confusables data (UTS #39, as shipped by
the confusable-homoglyphs package), so Cyrillic "Аdam" clashes with Latin "Adam". Every
letter keeps its own diacritics ("Ježek" and "Jezek" are two pupils).
"""

from __future__ import annotations

import functools
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


# --- vulgar words -------------------------------------------------------------------------

LEET = {"0": "o", "3": "e", "4": "a", "5": "s", "7": "t", "8": "b", "@": "a", "$": "s",
        "€": "e"}
# "1", "!" and "|" stand for i or l: both readings are checked.
READINGS = (str.maketrans({**LEET, "1": "i", "!": "i", "|": "i"}),
            str.maketrans({**LEET, "1": "l", "!": "l", "|": "l"}))


@functools.cache
def _word_list() -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """(stems anywhere in a word, stems at a word's start, clean words) from profanity.txt."""
    text = (Path(__file__).with_name("profanity.txt")).read_text("utf-8")
    anywhere, start, clean = [], [], []
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("^"):
            start.append(line[1:])
        elif line.startswith("!"):
            clean.append(line[1:])
        else:
            anywhere.append(line)
    return tuple(anywhere), tuple(start), tuple(clean)


def words_of(text: str, reading: int = 0) -> list[str]:
    """The nickname as plain words: look-alike letters, case and diacritics folded
    ("Ｋůrva", "KURVA", "kurva" alike), digits read as letters ("k0k0t"), letters repeated
    for effect squeezed ("kurrrva"), dots and dashes inside a word dropped ("k.u.r.v.a"),
    and letters typed one by one joined ("k u r v a")."""
    prototypes = _prototypes()
    # Look-alike letters of other scripts read as Latin ones; Latin letters stay themselves
    # (the skeleton would read "l" as "1").
    latin = "".join(ch if ch.isascii() else prototypes.get(ch, ch)
                    for ch in unicodedata.normalize("NFKC", text)).casefold()
    folded = unicodedata.normalize("NFKD", latin)
    plain = "".join(ch for ch in folded if not unicodedata.combining(ch))
    plain = plain.translate(READINGS[reading])
    tokens = []
    for token in plain.split():
        token = "".join(ch for ch in token if ch.isalpha())
        token = "".join(ch for i, ch in enumerate(token) if i == 0 or ch != token[i - 1])
        if token:
            tokens.append(token)
    words: list[str] = []
    single = ""
    for token in tokens + [""]:
        if len(token) == 1:
            single += token
            continue
        if single:
            words.append(single)
            single = ""
        if token:
            words.append(token)
    return words


def vulgar(nickname: str) -> bool:
    anywhere, start, clean = _word_list()
    words = {word for reading in range(len(READINGS)) for word in words_of(nickname, reading)}
    for word in words:
        if any(word.startswith(good) for good in clean):
            continue
        if any(stem in word for stem in anywhere) or any(word.startswith(s) for s in start):
            return True
    return False


def key(nickname: str) -> str:
    """Equal for nicknames a class would read as the same (capital I and small l too)."""
    return _skeleton(_skeleton(nickname).casefold())


def _skeleton(text: str) -> str:
    prototypes = _prototypes()
    return "".join(prototypes.get(ch, ch) for ch in text)


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
