"""The notation's vocabulary: the letters of colours, pieces, phases and rule options, the
limits, and :class:`Table`, the table as the address describes it (every parameter parsed).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine import Rules, referee
from engine import topology as topo
from engine.options import OPTIONS

COLOR_LETTERS = {"o": "orange", "c": "red", "m": "blue", "b": "white"}
LETTER_OF = {color: letter for letter, color in COLOR_LETTERS.items()}
PIECE_LETTERS = {"v": "settlement", "m": "city", "s": "road"}
PIECE_LETTER_OF = {piece: letter for letter, piece in PIECE_LETTERS.items()}
PHASE_LETTERS = {"h": "roll", "o": "trade", "s": "build", "m": "main", "d": "discard",
                 "z": "robber", "f": "setup"}
# Phases the sandbox cannot start a turn in: the position is loaded into them (build()).
LOADED_PHASES = ("discard", "robber", "setup")
DONE_LETTERS = {"k": "card_played", "o": "trade_card_action", "r": "knight_retired"}
TWO_PLAYER_DONE = ("o", "r")
PHASE_LETTER_OF = {phase: letter for letter, phase in PHASE_LETTERS.items()}
# The rule options the notation writes (those engine.options gives a letter), by letter.
LETTERED = tuple(option for option in OPTIONS if option.letter)
RULE_LETTERS = {option.letter: option.name for option in LETTERED}
ALL_COLORS = ("orange", "red", "blue", "white")
DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"
MAX_PIECES = 4 * (15 + 5 + 4)  # more cannot stand on a board
POSITION_PARAMS = ("plan", "hraci", "pravidla", "f", "zlodej", "ruce", "karty", "rytiri", "tah",
                   "cesta", "vojsko", "nove", "uz", "odevzda", "hody", "obchodni")
UNKNOWN = referee.UNKNOWN  # a holder nobody told us
NOBODY_LETTER = "n"


KNIGHT_CARDS = 14


class BadCode(ValueError):
    """A parameter that is not in the notation (a Czech message for the page)."""


@dataclass(frozen=True)
class Table:
    """The table as the referee's address describes it (every parameter above, parsed)."""

    plan: str = "z"
    players: tuple[str, ...] = ALL_COLORS
    rules: frozenset[str] = frozenset()
    pieces: tuple[tuple[str, str, str], ...] = ()
    robber: str = ""
    hands: dict = field(default_factory=dict)  # colour -> (5 counts)
    dev: dict = field(default_factory=dict)  # colour -> (5 counts)
    knights: tuple[tuple[str, int], ...] = ()
    current: str = ""
    phase: str = ""
    road_holder: str | None = UNKNOWN  # a colour, None (nobody) or UNKNOWN
    army_holder: str | None = UNKNOWN
    new_dev: dict = field(default_factory=dict)  # colour -> (5 counts) bought this turn
    done: frozenset[str] = frozenset()  # DONE_LETTERS: what the player on turn already did
    discarding: tuple[str, ...] = ()  # after a 7: who still discards (() = all who must)
    rolls: tuple[int, ...] = ()  # the totals rolled this turn (() = as the phase says)
    trade_cards: dict = field(default_factory=dict)  # Katan pro dva: colour -> 0–7

    @property
    def two_player(self) -> bool:
        return "2" in self.rules

    def engine_rules(self) -> Rules:
        return Rules(**{option.name: option.other if option.letter in self.rules
                        else option.default for option in LETTERED})

    def colors(self) -> tuple[str, ...]:
        """The players, then (Katan pro dva) the neutral colours that may hold pieces."""
        if self.two_player:
            return self.players + tuple(c for c in ALL_COLORS if c not in self.players)
        return self.players


def default_phase(pos: Table) -> str:
    return "main" if "k" in pos.rules else "build"


def _canonical(piece: str, place: str) -> str:
    """A place in the engine's own spelling (an intersection or path has several names)."""
    if piece == "road":
        return topo.PATH_IDS[topo.PATH_INDEX[place]]
    return topo.INTERSECTION_IDS[topo.INTERSECTION_INDEX[place]]


# The paths at each intersection, by index.
PATHS_AT: dict[int, list[int]] = {}
for _q, (_x, _y) in enumerate(topo.PATH_ENDS):
    PATHS_AT.setdefault(_x, []).append(_q)
    PATHS_AT.setdefault(_y, []).append(_q)
