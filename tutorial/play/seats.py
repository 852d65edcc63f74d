"""Who sits where (no Django here): the person's colour and place in the turn order, and
what the seats' measured chances are.

On the beginner board a colour is also a place: its first settlements stand where the
set-up puts them, and the seats are not even (``scripts/seat_win_rates.py`` measures it;
``seat_rates.json`` next to this file holds its figures). So the person chooses a colour
and a place in the turn order, or has both drawn ("los", the form's default).

The people take the chosen colour's seat and the seats after it; the computer players the
rest, "1. počítačový hráč" the first seat after the people (going round).
"""

from __future__ import annotations

import json
import random
from functools import cache
from pathlib import Path

from engine import words
from tutorial.play.flow import SEATS

DRAW = "los"
RATES_FILE = Path(__file__).with_name("seat_rates.json")
ORDINALS = ("první", "druhý", "třetí", "čtvrtý")


class BadSeat(ValueError):
    """A colour or place that a game of this many players has not (a Czech sentence)."""


def colour_problem(players: int, colour: str) -> str:
    """The Czech sentence why ``colour`` cannot play in a game of ``players``, or ""."""
    if colour in (DRAW, "") or colour in SEATS[players]:
        return ""
    if players == 3:
        return ("Ve hře tří hráčů se červenými nehraje: jejich figurky podle pravidel"
                " zůstanou v krabici. Vyberte jinou barvu nebo los.")
    allowed = words.join([words.player(c) for c in SEATS[players]])
    return f"Ve hře {players} hráčů hrají {allowed}. Vyberte jednu z těchto barev nebo los."


def seat_problem(players: int, seat: str) -> str:
    if seat in (DRAW, "") or int(seat) <= players:
        return ""
    return (f"Ve hře {players} hráčů můžete hrát nejvýš {ORDINALS[players - 1]}."
            " Vyberte jiné pořadí nebo los.")


def arrange(players: int, people: int, colour: str, seat: str, levels: tuple[str, ...],
            rng: random.Random) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """(seat order, the people's colours, the computers' levels in the order of
    ``Setup.computers``) for the form's choices. ``levels`` are in the form's order (the
    1st computer player plays after the people). "los" draws with ``rng``; "" (a post
    without the choice, as before it existed) is orange in the first seat."""
    standard = SEATS[players]
    if not people:
        return standard, (), tuple(levels[:players])
    colour = colour or standard[0]
    seat = seat or "1"
    if colour == DRAW:
        colour = rng.choice(standard)
    index = rng.randrange(players) if seat == DRAW else int(seat) - 1
    if colour not in standard or not 0 <= index < players:
        raise BadSeat(colour_problem(players, colour) or seat_problem(players, seat))
    others = [c for c in standard if c != colour]
    order = tuple(others[:index] + [colour] + others[index:])
    round_from_person = order[index:] + order[:index]
    chosen_people = round_from_person[:people]
    level_of = dict(zip(round_from_person[people:], levels, strict=False))
    computers = tuple(c for c in order if c not in chosen_people)
    return order, tuple(c for c in order if c in chosen_people), tuple(
        level_of[c] for c in computers if c in level_of)


def choices_of(players: tuple[str, ...], people: tuple[str, ...],
               levels: tuple[str, ...]) -> dict:
    """The form's choices that give this seating again ('Hrát znovu'): colour, place and
    the levels in the form's order."""
    if not people:
        return {"barva": "", "poradi": "", "levels": levels}
    count = len(players)
    first = next((i for i in range(count)
                  if set(players[(i + k) % count] for k in range(len(people))) == set(people)),
                 0)
    round_from_person = players[first:] + players[:first]
    computers = [c for c in players if c not in people]
    level_of = dict(zip(computers, levels, strict=False))
    return {"barva": players[first], "poradi": str(first + 1),
            "levels": tuple(level_of[c] for c in round_from_person if c in level_of)}


@cache
def measured() -> dict:
    """The figures ``scripts/seat_win_rates.py --write`` stored ({} when absent)."""
    try:
        return json.loads(RATES_FILE.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


def chances(board: str = "beginner", level: str = "silny") -> dict | None:
    """What the new-game form says of the seats: each colour's win share on ``board`` by
    computer players of ``level`` (best first), the spread of the turn places, the game
    count and the command that measured it; None without figures."""
    data = measured()
    result = data.get("results", {}).get(board, {}).get(level)
    if not result or not result.get("games"):
        return None
    games = result["games"]

    def share(wins: int) -> int:
        return round(100 * wins / games)

    colours = sorted(((share(w), c) for c, w in result["colour"].items()), reverse=True)
    turns = [share(w) for w in result.get("turn", {}).values()]
    margin = result.get("margin_95")
    return {
        "games": games,
        # The script's 95 % margin, in whole percentage points as the form says it.
        "margin": words.plural_count(max(1, round(margin)), "procentní bod", "procentní body",
                                     "procentních bodů") if margin else "",
        "colours": [{"color": c, "name": words.player(c, capital=True), "percent": p}
                    for p, c in colours],
        "rotated": data.get("turn_order") == "rotated",
        "turn_low": min(turns) if turns else None,
        "turn_high": max(turns) if turns else None,
        "command": data.get("command", ""),
    }
