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
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from engine import DEV_CARDS, RESOURCES, Board, Game, InvalidInput, Rules, RuleViolation, referee
from engine import topology as topo
from engine.constants import LARGEST_ARMY_MIN, LONGEST_ROAD_MIN
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


def _ascii_number(text: str) -> bool:
    """Plain digits 0–9 only: "²" and "٣" pass str.isdigit() but are no seed here."""
    return 0 < len(text) <= 9 and text.isascii() and text.isdigit()


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


# --- reading --------------------------------------------------------------------------------

def _colour(letter: str) -> str:
    if letter not in COLOR_LETTERS:
        raise BadCode(f"Neznámá barva „{letter}“ (o, c, m, b).")
    return COLOR_LETTERS[letter]


def _counts(text: str, what: str) -> dict[str, tuple[int, ...]]:
    if len(text) % 6 or len(text) > 6 * len(ALL_COLORS):
        raise BadCode(f"{what}: každá barva nejvýš jednou, 6 znaků (barva a 5 počtů).")
    out = {}
    for i in range(0, len(text), 6):
        color = _colour(text[i])
        digits = text[i + 1:i + 6]
        if any(d not in DIGITS for d in digits):
            raise BadCode(f"{what}: počty se píšou číslicemi 0–9 a písmeny a–z.")
        out[color] = tuple(DIGITS.index(d) for d in digits)
    return out


def _place(kind: str, text: str) -> str:
    if len(text) != 2 or any(ch not in DIGITS for ch in text):
        raise BadCode("Místo figurky se píše dvěma znaky 0–9, a–z.")
    index = int(text, 36)
    ids = topo.PATH_IDS if kind == "road" else topo.INTERSECTION_IDS
    if index >= len(ids):
        raise BadCode("Takové místo na plánu není.")
    return ids[index]


def parse(params) -> Table:
    """The position from request parameters (a QueryDict or a dict of strings)."""
    get = params.get
    plan = (get("plan") or "z").strip()
    if plan not in ("z", "p") and not (plan[:1] == "v" and _ascii_number(plan[1:])
                                         and len(plan) <= 10):
        raise BadCode("Plán je z (pro začátečníky), p (prázdný) nebo v a číslo (nejvýš "
                      "9 číslic 0–9).")
    rules = frozenset(get("pravidla") or "")
    if not rules <= set(RULE_LETTERS):
        *most, last = RULE_LETTERS
        raise BadCode(f"Pravidla se zapisují písmeny {', '.join(most)} a {last}.")
    default_players = "oc" if "2" in rules else "ocmb"
    letters = get("hraci") or default_players
    players = tuple(_colour(x) for x in letters)
    if len(set(players)) != len(players):
        raise BadCode("Každá barva smí hrát jen jednou.")
    text = get("f") or ""
    if len(text) % 4 or len(text) > 4 * MAX_PIECES:
        raise BadCode("Figurky se zapisují po 4 znacích.")
    pieces = []
    for i in range(0, len(text), 4):
        color = _colour(text[i])
        if text[i + 1] not in PIECE_LETTERS:
            raise BadCode("Figurka je v (vesnice), m (město) nebo s (silnice).")
        piece = PIECE_LETTERS[text[i + 1]]
        pieces.append((color, piece, _place(piece, text[i + 2:i + 4])))
    robber = get("zlodej") or ""
    if robber and robber not in topo.HEX_INDEX:
        raise BadCode("Zloděj stojí na poli a1–e3.")
    knights = []
    text = get("rytiri") or ""
    if len(text) > 2 * len(ALL_COLORS):
        raise BadCode("Rytíři: každá barva nejvýš jednou (barva a počet).")
    for i in range(0, len(text), 2):
        digit = text[i + 1:i + 2]
        if not digit or digit not in DIGITS:
            raise BadCode("Rytíři: barva a počet.")
        knights.append((_colour(text[i]), DIGITS.index(digit)))
    if len({c for c, _k in knights}) != len(knights):
        raise BadCode("Rytíři: každá barva nejvýš jednou.")
    if sum(k for _c, k in knights) > KNIGHT_CARDS:
        raise BadCode(f"Rytíři: ve hře je jen {KNIGHT_CARDS} karet rytíře.")
    turn = get("tah") or ""
    current = phase = ""
    if turn:
        if len(turn) != 2 or turn[1] not in PHASE_LETTERS:
            raise BadCode("Tah: barva a fáze (h, o, s, m, d, z, f).")
        current, phase = _colour(turn[0]), PHASE_LETTERS[turn[1]]
    return Table(plan=plan, players=players, rules=rules, pieces=tuple(pieces),
                    robber=robber, hands=_counts(get("ruce") or "", "Ruce"),
                    dev=_counts(get("karty") or "", "Akční karty"), knights=tuple(knights),
                    current=current, phase=phase,
                    road_holder=_holder(get("cesta"), "Nejdelší obchodní cesta"),
                    army_holder=_holder(get("vojsko"), "Největší vojsko"),
                    new_dev=_counts(get("nove") or "", "Karty koupené v tomto tahu"),
                    done=_done(get("uz") or ""), discarding=_colours(get("odevzda") or ""),
                    rolls=_rolls(get("hody") or ""),
                    trade_cards=_trade_cards(get("obchodni") or ""))


def _done(text: str) -> frozenset[str]:
    if len(text) > len(DONE_LETTERS) or not set(text) <= set(DONE_LETTERS):
        raise BadCode("Už v tomto tahu: písmena k (zahrál akční kartu), o (akce s obchodní "
                      "kartou), r (vyřadil rytíře).")
    return frozenset(text)


def _colours(text: str) -> tuple[str, ...]:
    if len(text) > len(ALL_COLORS):
        raise BadCode("Odevzdávají: každá barva nejvýš jednou.")
    colours = tuple(_colour(x) for x in text)
    if len(set(colours)) != len(colours):
        raise BadCode("Odevzdávají: každá barva nejvýš jednou.")
    return colours


def _rolls(text: str) -> tuple[int, ...]:
    if len(text) > 2 or any(d not in DIGITS or not 2 <= DIGITS.index(d) <= 12 for d in text):
        raise BadCode("Hody v tomto tahu: nejvýš dva součty 2–9, a (10), b (11), c (12).")
    return tuple(DIGITS.index(d) for d in text)


def _trade_cards(text: str) -> dict[str, int]:
    if len(text) % 2 or len(text) > 2 * len(ALL_COLORS):
        raise BadCode("Obchodní karty: barva a počet 0–7, každá barva nejvýš jednou.")
    out = {}
    for i in range(0, len(text), 2):
        color = _colour(text[i])
        if color in out or text[i + 1] not in "01234567":
            raise BadCode("Obchodní karty: barva a počet 0–7, každá barva nejvýš jednou.")
        out[color] = int(text[i + 1])
    return out


def _holder(letter: str | None, card: str) -> str | None:
    if not letter:
        return UNKNOWN
    if letter == NOBODY_LETTER:
        return None
    if letter not in COLOR_LETTERS:
        raise BadCode(f"{card}: držitel je barva (o, c, m, b) nebo n (nikdo).")
    return COLOR_LETTERS[letter]


def holder_letter(holder: str | None) -> str:
    """The URL letter of a holder ("" for not known)."""
    if holder == UNKNOWN:
        return ""
    return NOBODY_LETTER if holder is None else LETTER_OF[holder]


# --- writing --------------------------------------------------------------------------------

def _place_code(piece: str, place: str) -> str:
    index = (topo.PATH_INDEX[place] if piece == "road" else topo.INTERSECTION_INDEX[place])
    return DIGITS[index // 36] + DIGITS[index % 36]


def params(pos: Table) -> dict[str, str]:
    """The shortest parameters that give this position back (defaults left out)."""
    out: dict[str, str] = {}
    if pos.plan != "z":
        out["plan"] = pos.plan
    letters = "".join(LETTER_OF[c] for c in pos.players)
    if letters != ("oc" if pos.two_player else "ocmb"):
        out["hraci"] = letters
    if pos.rules:
        out["pravidla"] = "".join(x for x in RULE_LETTERS if x in pos.rules)
    if pos.pieces:
        out["f"] = "".join(LETTER_OF[c] + PIECE_LETTER_OF[p] + _place_code(p, place)
                           for c, p, place in pos.pieces)
    if pos.robber:
        out["zlodej"] = pos.robber
    for key, table in (("ruce", pos.hands), ("karty", pos.dev)):
        text = "".join(LETTER_OF[c] + "".join(DIGITS[min(k, 35)] for k in table[c])
                       # a known empty hand ("c00000") is not an unknown one
                       for c in ALL_COLORS if c in table and (key == "ruce" or any(table[c])))
        if text:
            out[key] = text
    if pos.knights:
        out["rytiri"] = "".join(LETTER_OF[c] + DIGITS[min(k, 35)] for c, k in pos.knights)
    if pos.current:
        out["tah"] = LETTER_OF[pos.current] + PHASE_LETTER_OF[pos.phase or "build"]
    for key, holder in (("cesta", pos.road_holder), ("vojsko", pos.army_holder)):
        if holder_letter(holder):
            out[key] = holder_letter(holder)
    new = "".join(LETTER_OF[c] + "".join(DIGITS[min(k, 35)] for k in pos.new_dev[c])
                  for c in ALL_COLORS if c in pos.new_dev and any(pos.new_dev[c]))
    if new:
        out["nove"] = new
    if pos.done:
        out["uz"] = "".join(x for x in DONE_LETTERS if x in pos.done)
    if pos.discarding:
        out["odevzda"] = "".join(LETTER_OF[c] for c in pos.discarding)
    if pos.rolls:
        out["hody"] = "".join(DIGITS[t] for t in pos.rolls)
    if pos.trade_cards:
        out["obchodni"] = "".join(LETTER_OF[c] + str(pos.trade_cards[c])
                                  for c in ALL_COLORS if c in pos.trade_cards)
    return out


# --- editing --------------------------------------------------------------------------------

def toggle(pos: Table, color: str, piece: str, place: str) -> Table:
    """One tap of the editor: put the piece there, or take away what stands there.

    A tap on the same piece of the same colour removes it; a city tool on one's own
    settlement upgrades it in place (its order stays); anything else standing there is
    replaced."""
    pieces = list(pos.pieces)
    for i, (c, p, at) in enumerate(pieces):
        if at != place or (p == "road") != (piece == "road"):
            continue
        if (c, p) == (color, piece):
            del pieces[i]
        elif piece == "city" and (c, p) == (color, "settlement"):
            pieces[i] = (color, "city", place)
        else:
            pieces[i] = (color, piece, place)
        return replace(pos, pieces=tuple(pieces))
    pieces.append((color, piece, place))
    return replace(pos, pieces=tuple(pieces))


def draw_road(pos: Table, color: str, start: str, end: str) -> Table:
    """"Silnice od–do": roads of ``color`` along the shortest way between two intersections,
    over free paths or the colour's own roads, never through another colour's road or
    building (so a road of 6 takes two taps, not six). Roads already there stay; the new
    ones are added in order from ``start``."""
    a, b = topo.INTERSECTION_INDEX[start], topo.INTERSECTION_INDEX[end]
    taken = {at: c for c, p, at in pos.pieces if p == "road"}
    blocked = {topo.INTERSECTION_INDEX[at] for c, p, at in pos.pieces
               if p != "road" and c != color}
    previous: dict[int, tuple[int, int]] = {a: (-1, -1)}
    frontier = [a]
    while frontier and b not in previous:
        following = []
        for node in frontier:
            if node in blocked and node != a:
                continue
            for q in _PATHS_AT[node]:
                if taken.get(topo.PATH_IDS[q], color) != color:
                    continue
                other = sum(topo.PATH_ENDS[q]) - node
                if other not in previous:
                    previous[other] = (node, q)
                    following.append(other)
        frontier = following
    if b not in previous or a == b:
        raise BadCode("Mezi těmito křižovatkami nevede volná cesta.")
    way = []
    node = b
    while node != a:
        node, q = previous[node]
        way.append(topo.PATH_IDS[q])
    new = [q for q in reversed(way) if q not in taken]
    if len(pos.pieces) + len(new) > MAX_PIECES:
        raise BadCode("Víc figurek se na plán nevejde.")
    return replace(pos, pieces=pos.pieces + tuple((color, "road", q) for q in new))


_PATHS_AT: dict[int, list[int]] = {}
for _q, (_x, _y) in enumerate(topo.PATH_ENDS):
    _PATHS_AT.setdefault(_x, []).append(_q)
    _PATHS_AT.setdefault(_y, []).append(_q)


# --- into the engine ------------------------------------------------------------------------

def board_of(plan: str) -> Board:
    if plan == "p":
        return _empty_board()
    if plan.startswith("v"):
        return Board.variable(int(plan[1:]))
    return _beginner()


_BOARDS: dict[str, Board] = {}


def _beginner() -> Board:
    if "z" not in _BOARDS:
        _BOARDS["z"] = Board.beginner()
    return _BOARDS["z"]


def _empty_board() -> Board:
    """The standard frame with no terrain to speak of: 19 desert hexes, no numbers, no
    harbors. Many disputes (roads, the distance rule) need only the geometry."""
    if "p" not in _BOARDS:
        _BOARDS["p"] = Board(("desert",) * len(topo.HEX_IDS), (None,) * len(topo.HEX_IDS), (),
                             EMPTY_ROBBER)
    return _BOARDS["p"]


EMPTY_ROBBER = "c3"  # the middle hex of the empty frame


@dataclass
class Built:
    """An engine Game for a position, or the Czech reason it cannot exist; ``cards``: who
    holds the special cards and why (the engine's one decision, from the position's claims)."""

    game: Game | None
    error: str = ""
    headword: str = ""
    cards: referee.SpecialCards | None = None


def build(pos: Table) -> Built:
    """Replay the position into a sandbox Game piece by piece (each piece checked with its
    own Czech reason), then load it as the API loads a position, with the holders the
    position claims: the special cards' holders are decided by one function everywhere."""
    try:
        game = Game.empty(board_of(pos.plan), pos.players, rules=pos.engine_rules())
        for color, piece, place in pos.pieces:
            if color not in pos.colors():
                raise InvalidInput(f"{_player(color)} v této hře nehraje.")
            if piece == "road":
                game.place_road(color, place)
            else:
                game.place_settlement(color, place, city=piece == "city")
        for color, count in pos.knights:
            game.set_played_knights(color, count)
        for color, counts in pos.dev.items():
            game.set_dev_cards(color, [card for card, k in zip(DEV_CARDS, counts, strict=True)
                                       for _ in range(k)])
        for color, counts in pos.hands.items():
            game.set_hand(color, dict(zip(RESOURCES, counts, strict=True)))
        if pos.robber:
            game.set_robber(pos.robber)
        _check_turn_state(pos)
        for color, n in pos.trade_cards.items():
            game.set_trade_cards(color, n)
        if pos.current:
            phase = pos.phase or default_phase(pos)
            # A 7's phases and the set-up are loaded into the position below (the sandbox
            # starts turns only).
            game.set_current(pos.current, "roll" if phase == "setup"
                             else default_phase(pos) if phase in LOADED_PHASES else phase)
        for holder in (pos.road_holder, pos.army_holder):
            if holder not in (UNKNOWN, None) and holder not in pos.colors():
                raise InvalidInput(f"{_player(holder)} v této hře nehraje.")
        data = game.to_json()
        _turn_state_json(pos, game, data)
        data["longest_road_holder"] = pos.road_holder
        data["largest_army_holder"] = pos.army_holder
        game = referee.position_from_json(data)
        cards = referee.special_card_holders(game, claimed_longest_road=pos.road_holder,
                                             claimed_largest_army=pos.army_holder)
    except RuleViolation as exc:
        return Built(None, exc.message, exc.headword)
    except InvalidInput as exc:
        return Built(None, exc.message)
    return Built(game, cards=cards)


def _check_turn_state(pos: Table) -> None:
    """What the turn's state says fits the position's turn (a Czech reason otherwise); the
    engine's loading checks the rest."""
    phase = pos.phase or (default_phase(pos) if pos.current else "")
    if not pos.current and (pos.new_dev or pos.done or pos.discarding or pos.rolls):
        raise InvalidInput("Koupené karty, co už hráč v tomto tahu udělal, odevzdávání a hody "
                           "se týkají hráče na tahu: zvolte, kdo je na tahu.")
    if not pos.two_player and (pos.trade_cards or pos.done & set(TWO_PLAYER_DONE)):
        raise InvalidInput("Obchodní karty a akce s nimi jsou jen v Katanu pro dva.")
    for color in pos.new_dev:
        if color != pos.current:
            raise InvalidInput("Akční karty koupené v tomto tahu může mít jen hráč na tahu.")
    if pos.discarding and phase != "discard":
        raise InvalidInput("Kdo odevzdává karty, se zadává jen ve fázi odevzdávání po "
                           "sedmičce.")
    if pos.rolls and phase in ("discard", "robber") and pos.rolls[-1] != 7:
        raise InvalidInput("Odevzdávání karet a přesun zloděje následují po hozené sedmičce: "
                           "poslední hod musí být 7.")
    if phase == "setup" and (pos.new_dev or pos.dev or pos.knights or pos.done or pos.rolls):
        raise InvalidInput("Ve fázi zakládání nikdo nemá akční karty ani nehází kostkami.")


def _turn_state_json(pos: Table, game: Game, data: dict) -> None:
    """The turn's state the sandbox cannot set, written into the position JSON the engine
    then loads and checks: cards bought this turn, a card played, Katan pro dva's rolls and
    trade-card actions, the phases after a 7 and the set-up."""
    if pos.new_dev:
        data["dev_cards_new"] = {c: {card: n for card, n in zip(DEV_CARDS, k, strict=True)
                                     if n} for c, k in pos.new_dev.items()}
        del data["deck"]  # the deck is what is in no hand (referee.position_from_json)
    data["dev_card_played_this_turn"] = "k" in pos.done
    if pos.two_player:
        data["trade_card_action_used"] = "o" in pos.done
        # The retired knight is no longer among the played ones (rytiri=); the deck's
        # makeup is nobody's dispute, so it is not taken from there too.
        data["knight_retired"] = "r" in pos.done
    if pos.rolls:
        data["rolls"] = len(pos.rolls)
        data["first_roll_total"] = pos.rolls[0]
    phase = pos.phase
    if phase in ("discard", "robber"):
        data["phase"] = phase
        if not pos.rolls:
            data["rolls"] = game.rolls_this_turn
        owed = referee.roll_yields(game, 7).players  # the engine: who must, how many
        if phase == "discard":
            for color in pos.discarding:
                if color not in owed:
                    raise InvalidInput(f"{_player(color)} nemá víc než 7 karet surovin, "
                                       "po sedmičce nic neodevzdává.")
            if pos.discarding:
                owed = {c: owed[c] for c in pos.discarding}
            if not owed:
                raise InvalidInput("Ve fázi odevzdávání po sedmičce musí někdo mít víc než 7 "
                                   "karet surovin: zadejte karty v ruce.")
            data["discard"] = owed
    elif phase == "setup":
        # The pieces say how far the set-up is: each road ends one placement; a player's
        # settlement without his road yet is the one the next road joins.
        roads = {q: c for q, c in data["roads"].items() if c in pos.players}
        waiting = [n for n, (c, _p) in data["buildings"].items() if c in pos.players
                   and not any(roads.get(q) == c for q in _paths_of(n))]
        data.update(phase="setup", turn_number=0, rolls=0, first_roll_total=0,
                    setup={"step": len(roads), "settlement": waiting[0] if waiting else None})


def _paths_of(node: str) -> list[str]:
    return [topo.PATH_IDS[q] for q in _PATHS_AT[topo.INTERSECTION_INDEX[node]]]


def decided(pos: Table, cards: referee.SpecialCards) -> Table:
    """The position with the holders the rules decided in it as its claims: what an edit
    starts from (who held each card before the next piece or knight), so the next tap is
    ruled as a move of the game is, never by the order of seats or pieces."""
    road = cards.longest_road if cards.longest_road_decided else UNKNOWN
    army = cards.largest_army if cards.largest_army_decided else UNKNOWN
    # Where nobody has 5 roads (3 knights) who held the card changes nothing: the address
    # stays short.
    if road is None and max(cards.road_lengths.values(), default=0) < LONGEST_ROAD_MIN:
        road = UNKNOWN
    if army is None and max(cards.knights.values(), default=0) < LARGEST_ARMY_MIN:
        army = UNKNOWN
    return replace(pos, road_holder=road, army_holder=army)



def default_phase(pos: Table) -> str:
    return "main" if "k" in pos.rules else "build"


def _player(color: str) -> str:
    from engine import words
    return words.player(color, capital=True)


# --- as the API's JSON ---------------------------------------------------------------------

def rules_json(rules: Rules) -> dict:
    """The options the notation writes, as the engine's JSON names them."""
    return {option.name: getattr(rules, option.name) for option in LETTERED}


def letters_of(rules: Rules) -> frozenset[str]:
    """The letters of the options these rules set to their other reading."""
    return frozenset(option.letter for option in LETTERED
                     if getattr(rules, option.name) == option.other)


def to_json(pos: Table, game: Game | None = None) -> dict:
    """The position in the engine's JSON form, as ``POST /rozhodci/api`` takes it (keys at
    their defaults left out): the same position, the same holders, the same answers.
    ``game``: the position built (:func:`build`), where the caller has it; what the engine
    derived on loading (who discards, the set-up's step) is copied from it."""
    out: dict = {}
    if pos.plan != "z":
        out["board"] = board_of(pos.plan).to_json()
    if pos.players != ALL_COLORS or pos.two_player:
        out["players"] = list(pos.players)
    rules = pos.engine_rules()
    if pos.rules:
        out["rules"] = rules_json(rules)
    buildings = {at: [c, p] for c, p, at in pos.pieces if p != "road"}
    roads = {at: c for c, p, at in pos.pieces if p == "road"}
    if buildings:
        out["buildings"] = buildings
    if roads:
        out["roads"] = roads
    if pos.robber:
        out["robber"] = pos.robber
    if pos.hands:
        out["hands"] = {c: dict(zip(RESOURCES, k, strict=True)) for c, k in pos.hands.items()}
    if pos.dev:
        out["dev_cards"] = {c: {card: n for card, n in zip(DEV_CARDS, k, strict=True) if n}
                            for c, k in pos.dev.items()}
    if pos.knights:
        out["played"] = {c: {"knight": k} for c, k in pos.knights}
    if pos.current:
        out["current"] = pos.current
        out["phase"] = pos.phase or default_phase(pos)
    for key, holder in (("longest_road_holder", pos.road_holder),
                        ("largest_army_holder", pos.army_holder)):
        if holder != UNKNOWN:
            out[key] = holder
    if pos.new_dev:
        out["dev_cards_new"] = {c: {card: n for card, n in zip(DEV_CARDS, k, strict=True) if n}
                                for c, k in pos.new_dev.items()}
    if pos.trade_cards:
        out["trade_cards"] = dict(pos.trade_cards)
    for letter, key in (("k", "dev_card_played_this_turn"), ("o", "trade_card_action_used"),
                        ("r", "knight_retired")):
        if letter in pos.done:
            out[key] = True
    if pos.rolls or pos.phase in LOADED_PHASES:
        # What the engine loaded (who discards, how far the set-up is, the rolls made).
        loaded = (game or build(pos).game).to_json()
        keys = {"discard": ("discard", "rolls", "first_roll_total"),
                "robber": ("rolls", "first_roll_total"),
                "setup": ("setup", "turn_number", "current", "rolls")}.get(pos.phase,
                                                                  ("rolls", "first_roll_total"))
        out.update({k: loaded[k] for k in keys})
    return out


# --- from a game ----------------------------------------------------------------------------

def from_game(game: Game, plan: str, shown: set[str] | None = None) -> Table:
    """The position of a running game (the example game, a Hrát game) for the editor.

    Pieces keep the order they were placed in (the game's history; the beginners' starting
    pieces, which the history does not hold, come first); the special cards' holders are
    the game's own, never inferred again. Only the hands and development cards of ``shown``
    colours are copied (None: everybody's): a player may take his own position to the
    referee, not his opponents' cards. Victory-point cards count as hidden, like the cards
    themselves."""
    order: list[tuple[str, str, str]] = []
    for action in game.history:
        kind = type(action).__name__
        player = getattr(action, "player", None)
        if kind in ("PlaceSettlement", "BuildSettlement"):
            order.append((player, "settlement", action.node))
        elif kind == "BuildNeutralSettlement":
            order.append((action.neutral, "settlement", action.node))
        elif kind == "BuildCity":
            order = [(c, "city" if (c, at) == (player, action.node) else p, at)
                     for c, p, at in order]
        elif kind in ("PlaceRoad", "BuildRoad"):
            order.append((player, "road", action.path))
        elif kind == "BuildNeutralRoad":
            order.append((action.neutral, "road", action.path))
        elif kind == "PlayRoadBuilding":
            order += [(player, "road", path) for path in action.paths]
    order = [(c, p, _canonical(p, at)) for c, p, at in order]
    on_board = ([(c, p, n) for n, (c, p) in game.buildings.items()]
                + [(c, "road", q) for q, c in game.roads.items()])
    placed = set(order)
    upgraded = {(c, "settlement", n) for c, p, n in order if p == "city"}
    start = [item for item in on_board if item not in placed and item not in upgraded]
    pieces = tuple(start + [item for item in order if item in set(on_board)])
    visible = set(game.players) if shown is None else shown & set(game.players)
    hands = {c: tuple(game.hand(c)[r] for r in RESOURCES) for c in game.players
             if c in visible and game.hand_size(c)}
    dev, new_dev = {}, {}
    for c in game.players:
        if c not in visible:
            continue
        for table, bought in ((dev, False), (new_dev, True)):
            cards = [card for card, new in game.dev_cards(c)
                     if card != "victory_point" and new == bought]
            if cards:
                table[c] = tuple(cards.count(card) for card in DEV_CARDS)
    knights = tuple((c, game.played_knights(c)) for c in game.players if game.played_knights(c))
    rules = game.rules
    flags = letters_of(rules)
    phase = game.phase if game.phase in PHASE_LETTER_OF else ""
    owed = tuple(c for c in game.players if game.discards_owed.get(c))
    if phase == "discard" and not set(owed) <= set(hands):
        phase = ""  # who discards follows from hands the screen may not show
    board = game.board
    robber = game.robber if game.robber != board.robber_start else ""
    data = game.to_json() if phase else {}
    done = frozenset(x for x, key in (("k", "dev_card_played_this_turn"),
                                      ("o", "trade_card_action_used"),
                                      ("r", "knight_retired")) if data.get(key))
    rolls: tuple[int, ...] = ()  # only where the phase alone does not say them
    made, first = data.get("rolls", 0), data.get("first_roll_total") or 0
    if rules.two_player and phase == "roll" and made == 1:
        rolls = (first,)
    elif rules.two_player and phase in ("discard", "robber"):
        rolls = (7,) if made == 1 else (first, 7)
    trade_cards = {c: n for c, n in (data.get("trade_cards") or {}).items() if n != 4}
    return Table(plan=plan, players=tuple(game.players), rules=flags, pieces=pieces,
                    robber=robber, hands=hands, dev=dev, knights=knights,
                    current=game.current_player if phase else "", phase=phase,
                    road_holder=game.longest_road_holder,
                    army_holder=game.largest_army_holder,
                    new_dev=new_dev if phase else {}, done=done if phase else frozenset(),
                    discarding=owed if phase == "discard" and len(owed) < len(
                        referee.roll_yields(game, 7).players) else (),
                    rolls=rolls, trade_cards=trade_cards)


def _canonical(piece: str, place: str) -> str:
    if piece == "road":
        return topo.PATH_IDS[topo.PATH_INDEX[place]]
    return topo.INTERSECTION_IDS[topo.INTERSECTION_INDEX[place]]
