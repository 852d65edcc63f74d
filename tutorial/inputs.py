"""Reading what a request sends: integers and short texts (no Django here).

Every integer that comes from a URL parameter or a form goes through :func:`parse_int`, so
"²" (a digit to ``str.isdigit`` but not to ``int``), "٣" (an Arabic-Indic digit ``int``
accepts), " 5", "+5" or 5000 digits are all simply "not a number" instead of a 500 or a
surprise.
"""

from __future__ import annotations

import re
import unicodedata

_ASCII_DIGITS = re.compile(r"[0-9]{1,9}")  # nine digits: nothing we read is bigger


def parse_int(text, low: int, high: int) -> int | None:
    """The integer written in ``text`` when it is plain ASCII digits within [low, high]."""
    if not isinstance(text, str) or not _ASCII_DIGITS.fullmatch(text):
        return None
    value = int(text)
    return value if low <= value <= high else None


def clean_text(text, max_chars: int) -> str:
    """One line of text as a person meant it: NFC, no control or format characters (NUL
    included: PostgreSQL refuses it), whitespace collapsed. Longer input is cut only far
    beyond ``max_chars``, so that the caller can still say it is too long."""
    text = unicodedata.normalize("NFC", str(text or "")[: max_chars * 4])
    text = "".join(ch for ch in text if unicodedata.category(ch)[0] != "C")
    return " ".join(text.split())
