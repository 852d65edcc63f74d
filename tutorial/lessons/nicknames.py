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
    return nickname


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
