"""'Přehrávat': a game of computer players plays itself turn by turn at a chosen speed.

No game logic runs in the browser: the page carries a form that htmx posts after the
chosen delay (``hx-trigger="load delay:…"``) to ``/hrat/<id>/pocitac/`` with ``kolik=tah``
and ``prehrat=<speed>``; the server plays one turn and redirects to the game page with
``?prehrat=<speed>``, whose table holds the next such form. The chain ends by itself: the
page of a finished game (or of a game whose computers could not move) has no form, and
"Zastavit" is a plain GET of the game page without ``prehrat``. Without JavaScript
nothing posts by itself and "Další tah" steps as before.
"""

from __future__ import annotations

from urllib.parse import urlencode

# key (in the address) -> (the word the page uses, the delay before the next turn in ms)
SPEEDS: dict[str, tuple[str, int]] = {
    "pomalu": ("pomalu", 4000),
    "normalne": ("normálně", 2000),
    "rychle": ("rychle", 700),
}
DEFAULT = "normalne"
FIELD = "prehrat"  # the query and form field naming the speed


def speed_of(raw: str | None) -> str:
    """The speed a request asks for, or "" (none asked, or one we do not know: then the
    page simply does not play by itself)."""
    return raw if raw in SPEEDS else ""


def seconds(delay_ms: int) -> str:
    """'4', '0,7': the delay as the page says it, with a Czech decimal comma."""
    value = delay_ms / 1000
    text = f"{value:g}"
    return text.replace(".", ",")


def state(raw: str | None) -> dict:
    """What the page shows of auto-play: the speed playing now ("" when none), its word
    and delay, and the choices for 'Přehrávat'."""
    speed = speed_of(raw)
    name, delay = SPEEDS.get(speed, ("", 0))
    return {
        "speed": speed,
        "name": name,
        "delay_ms": delay,
        "seconds": seconds(delay) if delay else "",
        "field": FIELD,
        "choices": [{"key": key, "name": word, "seconds": seconds(ms),
                     "checked": key == (speed or DEFAULT)}
                    for key, (word, ms) in SPEEDS.items()],
    }


def query(speed: str) -> str:
    """The game page's query that keeps playing at ``speed`` ("" when none)."""
    return "?" + urlencode({FIELD: speed}) if speed in SPEEDS else ""
