"""A table position as a few short URL parameters, and back; and into an engine Game.

The whole position lives in the address, so a ruling can be shared by message or a QR code
and nothing is stored. Every parameter is optional:

    plan=z            board: z = beginner board (default), p = empty standard frame (all
                      desert, no numbers: geometry only), v123 = Board.variable(123)
    hraci=ocmb        players by the Czech initial of their colour (o oranžový, c červený,
                      m modrý, b bílý); default all four, with Katan pro dva the first two
    pravidla=r2k      the rule options' other readings, a letter each, as engine.options
                      declares them (RULE_LETTERS): r: the holder keeps the Longest Road
                      at a tie (compact rules 001); k: combined trade and build phase;
                      2: Katan pro dva
    f=cs0acv1b…       pieces in the order they were placed, 4 characters each: colour,
                      piece (v vesnice, m město, s silnice), the place's index in base 36
    zlodej=c3         the robber's hex (default: the desert)
    ruce=c21000…      hands: colour + 5 counts in base 36 (cihla, dřevo, vlna, obilí, ruda);
                      a colour left out: its hand is not known (c00000: known to be empty)
    karty=c10001      unplayed development cards: colour + 5 counts (rytíř, stavba silnic,
                      vynález, monopol, vítězný bod)
    rytiri=c3m2       played knights, in the order they were played
    tah=cs            whose turn (colour) and phase (h hod, o obchod, s stavění,
                      m kombinovaná fáze; after a 7: d odevzdávání karet, z přesun
                      zloděje; f fáze zakládání, where the pieces say whose turn it is)
    nove=c00010       development cards the player on turn bought in this turn (colour +
                      5 counts, as karty=; they are not in karty=)
    uz=ko             what the player on turn has already done in this turn: k played a
                      development card, o (Katan pro dva) used a trade-card action,
                      r (Katan pro dva) retired a knight
    odevzda=cm        after a 7 (tah=…d): who still has to discard; left out: everybody
                      the engine says must (more than 7 resource cards)
    hody=87           the totals rolled in this turn, in order, in base 36 (2–9, a = 10,
                      b = 11, c = 12): Katan pro dva's first roll of two (tah=…h, hody=8),
                      or the 7 a discard or robber phase follows; left out: as the phase says
    obchodni=c5o2     Katan pro dva: trade cards in hand (colour + count 0–7); left out: 4
    cesta=c           who held the Longest Road card (colour, n = nobody); left out: not
                      known (old addresses read so)
    vojsko=m          who held the Largest Army card, the same way

The special cards' holders are part of the position: the rules decide who holds a card
*now* from who held it before (a tie never takes it from its holder; after a break it may go
aside), and one function decides that for every entry path: the engine's
``referee.special_card_holders``. Neither the order of the pieces nor the order of the
players ever decides a holder; with the holder not known, a tie stays undecided and the
answer says what it depends on.

The package, one module per concern: the letters and :class:`Table` (``codes``), reading the
address (``read``), writing it (``write``), the editor's taps on a table (``edits``), the
engine game a table describes (``engine_game``), the API's JSON (``api_json``) and the table
of a running game (``games``). Callers use the names below, as ``notation.parse`` etc.
"""

from tutorial.referee.notation.api_json import letters_of, rules_json, to_json
from tutorial.referee.notation.codes import (
    ALL_COLORS,
    COLOR_LETTERS,
    DIGITS,
    DONE_LETTERS,
    LETTER_OF,
    LETTERED,
    LOADED_PHASES,
    MAX_PIECES,
    NOBODY_LETTER,
    PHASE_LETTER_OF,
    PHASE_LETTERS,
    PIECE_LETTER_OF,
    PIECE_LETTERS,
    POSITION_PARAMS,
    RULE_LETTERS,
    UNKNOWN,
    BadCode,
    Table,
    _canonical,
    default_phase,
)
from tutorial.referee.notation.edits import draw_road, toggle
from tutorial.referee.notation.engine_game import Built, _paths_of, board_of, build, decided
from tutorial.referee.notation.games import from_game
from tutorial.referee.notation.read import parse
from tutorial.referee.notation.write import _place_code, holder_letter, params

__all__ = [
    "ALL_COLORS", "COLOR_LETTERS", "DIGITS", "DONE_LETTERS", "LETTERED", "LETTER_OF",
    "LOADED_PHASES", "MAX_PIECES", "NOBODY_LETTER", "PHASE_LETTERS", "PHASE_LETTER_OF",
    "PIECE_LETTERS", "PIECE_LETTER_OF", "POSITION_PARAMS", "RULE_LETTERS", "UNKNOWN",
    "BadCode", "Built", "Table", "board_of", "build", "decided", "default_phase", "draw_road",
    "from_game", "holder_letter", "letters_of", "params", "parse", "rules_json", "to_json",
    "toggle",
    # Used by the tests and Rozhodčí's own modules (places in the engine's canonical spelling,
    # a piece's two characters in f=, the paths at an intersection).
    "_canonical", "_paths_of", "_place_code",
]
