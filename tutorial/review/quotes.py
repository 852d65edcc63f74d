"""Each player's closing assessment in the Almanach's example game, quoted word for word
from the book's closing text (almanach/content/priklad-hry.toml, ``closing``).

The book assesses white, orange, red and blue in turn (red and blue share a paragraph);
each quote runs from the sentence that opens a player's assessment to the next one's, cut
only at those sentence starts, so every quote is a substring of the book's text.
"""

from __future__ import annotations

from functools import cache

from engine import words
from tutorial.example import replay as example_replay
from tutorial.review import chart

# The words that open each player's assessment, in the book's order.
OPENINGS = (("white", "Bílý je se 4 body"), ("orange", "Oranžový má 3 body"),
            ("red", "Červený má 3 body"), ("blue", "Také modrý má 3 body"))
CLOSING_END_OPENING = "Rozhodnuto však není ještě nic!"


@cache
def closing_text() -> str:
    return example_replay.load_commentary().get("closing", "")


@cache
def book_quotes() -> dict[str, str]:
    """colour -> the book's assessment of that player, exactly as printed."""
    text = closing_text()
    starts = [(color, text.index(opening)) for color, opening in OPENINGS]
    ends = [at for _, at in starts[1:]] + [text.index(CLOSING_END_OPENING)]
    return {color: text[at:end].strip() for (color, at), end in zip(starts, ends, strict=True)}


def closing_end() -> str:
    text = closing_text()
    return text[text.index(CLOSING_END_OPENING):].strip()


def assessments(start: dict[str, float], end: dict[str, float]) -> list[dict]:
    """The book's words and the site's estimate side by side, the book's order."""
    quotes = book_quotes()
    return [{"color": color, "name": words.player(color, capital=True),
             "quote": quotes[color], "chance": chart.percent(end[color]),
             "start": chart.percent(start[color])}
            for color, _ in OPENINGS]
