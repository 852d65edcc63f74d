"""A game with friends, each on their own phone (no Django views here; tutorial.play.lobby
has them).

One person (the host) starts the game: which colours are people and which computers (and
their level), and how long a person may take before a computer plays for them. Friends
join with the game's short code (or its QR code) and a nickname and take a free seat; the
phone then holds a signed cookie with the seat's token, for this game only. Each phone sees
its own cards only: the page, its fragments, ``zapis.json`` and the narration read the
viewer from the seat (``row.shown_to`` set on the request's copy of the row, never saved),
and the one filter (``tutorial.narrate``) hides the others' cards.

Every phone polls ``/hrat/<id>/stav/?v=<version>``; the version is ``moves.pulse`` of the
game's row (``pulse`` counts the changes that are not moves: a seat taken, a player away or
back). While it is unchanged, :func:`unchanged` answers from the first middleware
(tutorial.live; registered by tutorial.play.polling) with one query by primary key: no
session, nothing kept in the process, so two servers or a restarted one answer the same.

A person who must act and has not acted within the host's time is away: a computer
player (level "silny", knowing only what the seat knows) plays for them, their turns, their
discards and their answers to offers, for as long as they are away. The time runs out on
whichever request comes next (another phone's poll, a page load): ``deadline`` in the row
makes the poll fall through to the view, which hands the seat to the computer. The seat is
given back when its phone says "Hraju zase já" (or sends a move). The host may also hand an
absent player's seat to the computer at once, which is what an unanswered trade offer needs
when the host chose "nikdy". Everyone reads it in the game's news (``FriendGame.notices``).

A dropped phone rejoins its seat with its cookie. A new phone (the cookie lost) types the
code and the same nickname: it asks for the seat, and the host lets it in (a nickname alone
proves nothing: anyone with the code could type it); the old phone then loses the seat.
"""

from __future__ import annotations

import datetime as dt
import secrets
from dataclasses import replace

from django.conf import settings
from django.db import connection, transaction
from django.db.models import F
from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from django.utils.dateparse import parse_datetime

from engine import Game, words
from engine.bots import StrongBot
from engine.bots.levels import LEVELS
from tutorial.play import flow, store
from tutorial.play.models import FriendGame, FriendSeat, PlayedGame

COOKIE = "hrat_misto_"  # + the game's id: one cookie per game
SALT = "tutorial.play.friends"
COOKIE_AGE = 60 * 60 * 24 * 30  # games nobody opened for 30 days are deleted anyway
# The host's choice: how long a person may take before a computer plays for them.
PATIENCE = ((0, "nikdy"), (60, "1 minuta"), (120, "2 minuty"), (300, "5 minut"))
DEFAULT_PATIENCE = 120
STAND_IN = "silny"  # the computer player that plays for an absent person
EMPTY_SEAT_LEVEL = "pokrocily"  # an empty people's seat when the host starts
NOTICES_SHOWN = 6
CODE_LENGTH = 6
# Like the lessons' codes: no look-alike characters (0/O, 1/I/L, 2/Z, 5/S, 8/B).
CODE_ALPHABET = "ACDEFHJKMNPRTUVWXY34679"


class Refused(Exception):
    """What a phone asked for cannot be done: the Czech sentence says why."""


# --- the version every phone polls ---------------------------------------------------------

def version(row: PlayedGame) -> str:
    return f"{row.moves}.{row.pulse}"


def unchanged(request: HttpRequest, key: str) -> bool:
    """The poll middleware's check: True when the page at ``v`` still shows the game as it
    is and nobody's time ran out. One query by primary key, no session."""
    posted = request.GET.get("v")
    if not posted:
        return False
    with connection.cursor() as cursor:
        cursor.execute(_pulse_sql(), [key])
        found = cursor.fetchone()
    if found is None:
        return False
    moves, pulse, deadline = found
    if f"{moves}.{pulse}" != posted:
        return False
    return deadline is None or _moment(deadline) > timezone.now()


def _pulse_sql() -> str:
    quote = connection.ops.quote_name
    meta = PlayedGame._meta
    columns = ", ".join(quote(meta.get_field(n).column) for n in ("moves", "pulse", "deadline"))
    return (f"SELECT {columns} FROM {quote(meta.db_table)} "
            f"WHERE {quote(meta.pk.column)} = %s")


def _moment(value):
    if isinstance(value, str):  # SQLite hands back naive UTC text
        value = parse_datetime(value)
    if timezone.is_naive(value):
        value = timezone.make_aware(value, dt.UTC)
    return value


def bump(row: PlayedGame, notice: str = "") -> None:
    """Something every phone must see changed (not a move): a new version, and a line of
    the game's news."""
    with transaction.atomic():
        if notice:
            table = FriendGame.objects.select_for_update().get(pk=row.pk)
            table.notices = (table.notices + [{"text": notice, "moves": row.moves}])[-50:]
            table.save(update_fields=["notices"])
            row._friends_table = table  # what this request shows next has the news
        PlayedGame.objects.filter(pk=row.pk).update(pulse=F("pulse") + 1)
    row.pulse = PlayedGame.objects.values_list("pulse", flat=True).get(pk=row.pk)


# --- the table and its seats ---------------------------------------------------------------

def table_of(row: PlayedGame) -> FriendGame | None:
    """The game's friends table, or None for a game on one device."""
    if not hasattr(row, "_friends_table"):
        row._friends_table = FriendGame.objects.filter(pk=row.pk).first()
    return row._friends_table


def seats_of(table: FriendGame) -> list[FriendSeat]:
    return list(table.seats.all())


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def clean_code(text: str) -> str:
    """What a friend typed, as a code: upper case, no spaces or dashes."""
    return "".join(ch for ch in (text or "").upper() if ch.isalnum())[:20]


def find_code(text: str) -> FriendGame | None:
    code = clean_code(text)
    if len(code) != CODE_LENGTH:
        return None
    return FriendGame.objects.select_related("game").filter(code=code).first()


def token_of(request: HttpRequest, game_id: str) -> str | None:
    return request.get_signed_cookie(COOKIE + game_id, default=None, salt=SALT,
                                     max_age=COOKIE_AGE) or None


def give_cookie(response: HttpResponse, game_id: str, token: str) -> None:
    response.set_signed_cookie(COOKIE + game_id, token, salt=SALT, max_age=COOKIE_AGE,
                               httponly=True, samesite="Lax",
                               secure=settings.SESSION_COOKIE_SECURE)


def seat_of(request: HttpRequest, row: PlayedGame) -> FriendSeat | None:
    """The seat this phone holds in the game, or None."""
    if not hasattr(row, "_friends_seat"):
        token = token_of(request, row.pk)
        row._friends_seat = (FriendSeat.objects.filter(table_id=row.pk, token=token).first()
                             if token else None)
    return row._friends_seat


def seat_of_row(row: PlayedGame) -> FriendSeat | None:
    """The seat :func:`seat_of` found for this request's row."""
    return getattr(row, "_friends_seat", None)


def asking_seat(request: HttpRequest, row: PlayedGame) -> FriendSeat | None:
    """The seat this phone asked for with the same nickname (waiting for the host)."""
    token = token_of(request, row.pk)
    return FriendSeat.objects.filter(table_id=row.pk, claim=token).first() if token else None


def look_as(request: HttpRequest, row: PlayedGame) -> FriendSeat | None:
    """For a game with friends: the request's row now shows the game as this phone's seat
    sees it (``shown_to``, never saved), nobody's cards to a phone without a seat."""
    if table_of(row) is None:
        return None
    seat = seat_of(request, row)
    row.shown_to = seat.color if seat else ""
    return seat


def name(seat: FriendSeat) -> str:
    """"Modrý (Eva)", "Bílý (počítač)"."""
    colour = words.player(seat.color, capital=True)
    if not seat.person:
        return f"{colour} (počítač)"
    return f"{colour} ({seat.nickname})" if seat.nickname else colour


def create(setup: flow.Setup, levels: dict[str, str], host_color: str, nickname: str,
           patience: int, address: str, browser: str) -> tuple[PlayedGame, str]:
    """A new game with friends (not started): the host sits at ``host_color``. ``levels``
    are the computer players' (colour -> level); the other colours are people's seats.
    Returns the row and the host's seat token. store.TooMany as a new game's limits say."""
    row = store.create_limited(setup, address, browser)
    token = secrets.token_urlsafe(16)
    for _ in range(20):
        code = new_code()
        if not FriendGame.objects.filter(code=code).exists():
            break
    table = FriendGame.objects.create(game=row, code=code, patience=patience, notices=[
        {"text": f"{words.player(host_color, capital=True)} ({nickname}) zakládá hru.",
         "moves": 0}])
    FriendSeat.objects.bulk_create(
        FriendSeat(table=table, color=c, person=c not in levels, level=levels.get(c, ""),
                   host=c == host_color, token=token if c == host_color else "",
                   nickname=nickname if c == host_color else "")
        for c in setup.players)
    return row, token


def nickname_taken(table: FriendGame, nickname: str) -> FriendSeat | None:
    from tutorial import nicknames

    key = nicknames.key(nickname)
    return next((s for s in table.seats.filter(person=True).exclude(token="")
                 if nicknames.key(s.nickname) == key), None)


def take_seat(table: FriendGame, color: str, nickname: str, token: str) -> FriendSeat:
    """A free people's seat for this phone; Refused when it is not free any more."""
    if table.started:
        raise Refused("Hra už začala a volná místa převzali počítačoví hráči.")
    taken = FriendSeat.objects.filter(table=table, color=color, person=True, token="").update(
        token=token, nickname=nickname)
    if not taken:
        raise Refused("Toto místo už je obsazené (nebo ve hře není). Vyberte jiné.")
    # A phone that asked for another seat first (the same nickname) asks no more.
    FriendSeat.objects.filter(table=table, claim=token).update(claim="")
    seat = FriendSeat.objects.get(table=table, color=color)
    bump(table.game, f"{name(seat)} si sedá ke hře.")
    return seat


def ask_for_seat(table: FriendGame, seat: FriendSeat, token: str) -> None:
    """A new phone with a held seat's nickname asks for it; the host lets it in."""
    FriendSeat.objects.filter(pk=seat.pk).update(claim=token)
    bump(table.game, f"{name(seat)} chce pokračovat na jiném telefonu; hostitel to musí"
                     " povolit.")


def let_in(row: PlayedGame, seat: FriendSeat) -> None:
    """The host hands the seat to the phone that asked for it."""
    if not seat.claim:
        raise Refused("O toto místo teď žádný jiný telefon nežádá.")
    FriendSeat.objects.filter(pk=seat.pk).update(token=seat.claim, claim="")
    bump(row, f"{name(seat)} hraje dál na jiném telefonu.")


# --- playing ------------------------------------------------------------------------------

def away_colors(table: FriendGame) -> set[str]:
    return set(table.seats.filter(away=True).values_list("color", flat=True))


def present(setup: flow.Setup, away: set[str]) -> flow.Setup:
    """The set-up as the computer players' loop reads it: an absent person's seat is the
    computer's until they come back."""
    return replace(setup, people=tuple(c for c in setup.people if c not in away))


def decide_for(setup: flow.Setup, bots: dict, away: set[str]):
    """The game's computer players, and a stand-in for each absent person."""
    stand_ins = {c: StrongBot(seed=setup.seed * 10 + 5 + setup.players.index(c),
                              level=STAND_IN) for c in away}

    def make(color: str, count: int) -> flow.Decide:
        bot = bots.get(color) or stand_ins[color]

        def decide(game: Game):
            decision = bot.decide(game)
            return decision.action, decision.reason_cs
        return decide
    return make


def play_on(row: PlayedGame, game: Game, setup: flow.Setup, bots: dict) -> list[flow.Move]:
    """The computer players' moves (and the absent people's) until a present person must
    act or the game is over."""
    table = table_of(row)
    away = away_colors(table) if table else set()
    return flow.computers_play(game, present(setup, away), decide_for(setup, bots, away))


def settle(row: PlayedGame, game: Game, *, unless_moved: bool = False) -> None:
    """After a move: when the time of the person who must act now runs out.
    ``unless_moved``: only while the game is still at the row's moves (a request that
    found nothing to do leaves the time of a request that moved the game meanwhile)."""
    table = table_of(row)
    if table is None:
        return
    deadline = None
    acting = game.acting_player
    if table.patience and table.started and game.winner is None and acting in store.setup_of(
            row).people and acting not in away_colors(table):
        deadline = timezone.now() + dt.timedelta(seconds=table.patience)
    rows = PlayedGame.objects.filter(pk=row.pk)
    if unless_moved:
        rows = rows.filter(moves=row.moves)
    rows.update(deadline=deadline)
    row.deadline = deadline


def stop_time(row: PlayedGame) -> None:
    """Before a person's or a stand-in's moves are stored: the acting person's time stops
    (only while the game is still at the row's moves). A poll reading the game between the
    moves and the next person's time would otherwise take the run-out time for the next
    person's and replace them."""
    if row.deadline is not None:
        PlayedGame.objects.filter(pk=row.pk, moves=row.moves).update(deadline=None)


def seat_colors(table: FriendGame) -> tuple[list[str], dict[str, str]]:
    """The seated people's colours and the computers' levels (an empty people's seat plays
    as a computer)."""
    people, levels = [], {}
    for seat in seats_of(table):
        if seat.person and seat.token:
            people.append(seat.color)
        else:
            levels[seat.color] = seat.level or EMPTY_SEAT_LEVEL
    return people, levels


def start(row: PlayedGame) -> None:
    """The host starts: the empty people's seats go to computer players, the computers
    play until a person must act."""
    table = table_of(row)
    people, levels = seat_colors(table)
    if len(people) < 2:
        raise Refused("Počkejte, až si ke hře sedne aspoň jeden přítel (kód hry a QR kód"
                      " jsou výše). Hrát jen proti počítači můžete v obyčejné hře.")
    if not FriendGame.objects.filter(pk=row.pk, started=False).update(started=True):
        raise Refused("Hra už začala.")
    table.started = True
    setup = store.setup_of(row)
    computers = tuple(c for c in setup.players if c not in people)
    setup = replace(setup, people=tuple(c for c in setup.players if c in people),
                    levels=tuple(levels[c] for c in computers))
    PlayedGame.objects.filter(pk=row.pk).update(setup=setup.to_json())
    row.setup = setup.to_json()
    FriendSeat.objects.filter(table=table, token="").update(person=False)
    for color, level in levels.items():
        FriendSeat.objects.filter(table=table, color=color).update(level=level)
    store.forget(row.pk)
    game, bots = store.table(row)
    moves = play_on(row, game, setup, bots)
    store.save(row, game, moves, person_acted=False, bots=bots)
    settle(row, game)
    given = [words.player(c, capital=True) for c in computers]
    bump(row, "Hra začíná." + (f" Za prázdná místa hrají počítačoví hráči: {words.join(given)}."
                               if given else ""))


def take_over(row: PlayedGame, *, now: dt.datetime | None = None,
              by_host: bool = False) -> bool:
    """When the acting person's time ran out (or the host says so): a computer plays for
    them until they come back. True when the game moved."""
    table = table_of(row)
    if table is None or not table.started or row.winner:
        return False
    if not by_host and (row.deadline is None or row.deadline > (now or timezone.now())):
        return False
    game, bots = store.table(row)
    acting = game.acting_player
    seat = FriendSeat.objects.filter(table=table, color=acting, person=True,
                                     away=False).first()
    if seat is None:  # nobody to replace (a computer acts): the time no longer runs
        if not by_host:  # unless another poll took the seat over first and played on
            settle(row, game, unless_moved=True)
        return False
    if not FriendSeat.objects.filter(pk=seat.pk, away=False).update(away=True):
        return False  # another request took it over first
    # The run-out time goes before the stand-in's moves are stored: another poll reading
    # the game in between would otherwise take that time for the next person's.
    stop_time(row)
    mine = seat_of_row(row)
    if mine is not None and mine.pk == seat.pk:  # the absent seat's own phone asked
        mine.away = True
    game = _computers_on(row, game, bots)
    settle(row, game)
    if by_host:
        notice = (f"{name(seat)}: hostitel předal místo počítači; dokud se hráč nevrátí,"
                  " hraje za tuto barvu počítač.")
    else:
        notice = (f"{name(seat)} nehraje už {duration(table.patience)}: dokud se nevrátí,"
                  " hraje za tuto barvu počítač.")
    bump(row, notice)
    return True


def _computers_on(row: PlayedGame, game: Game, bots: dict) -> Game:
    """The computer players and the absent people's stand-ins play on (nothing when a
    present person must act); the game as it then is."""
    try:
        moves = play_on(row, game, store.setup_of(row), bots)
        store.save(row, game, moves, person_acted=False, bots=bots)
    except store.Conflict:  # another request moved first: it played them
        row.refresh_from_db()
        game = store.game_of(row)
    return game


def duration(seconds: int) -> str:
    if seconds % 60:
        return words.plural_count(seconds, "sekundu", "sekundy", "sekund")
    return words.plural_count(seconds // 60, "minutu", "minuty", "minut")


def come_back(row: PlayedGame, seat: FriendSeat) -> None:
    """The absent person is back: their seat is theirs again (from the next time they must
    act: a computer's move already made stays). When everybody had left, the stand-ins may
    have stopped at the step limit of one request with a computer's move still to come:
    they play on now, until a present person must act."""
    if not FriendSeat.objects.filter(pk=seat.pk, away=True).update(away=False):
        return
    seat.away = False
    game, bots = store.table(row)
    if game.winner is None:
        game = _computers_on(row, game, bots)
    settle(row, game)
    bump(row, f"{name(seat)} je zpět a hraje zase sám.")


def mark_acted(seat: FriendSeat, moves: int) -> None:
    FriendSeat.objects.filter(pk=seat.pk).update(seen=moves)
    seat.seen = moves


# --- what a phone shows -------------------------------------------------------------------

def panel(request: HttpRequest, row: PlayedGame, seat: FriendSeat | None,
          game: Game | None) -> dict:
    """The friends' part of a page: the code, the seats, the news, what this phone may do."""
    table = table_of(row)
    seats = seats_of(table)
    acting = game.acting_player if game is not None and game.winner is None else None
    return {
        "code": table.code,
        "started": table.started,
        "patience": (f"Když hráč nehraje {duration(table.patience)}, zahraje za něj počítač,"
                     " dokud se nevrátí." if table.patience else
                     "Na nepřítomného hráče hra počká (hostitel může jeho místo předat"
                     " počítači)."),
        "seats": [{"color": s.color, "name": name(s), "free": s.person and not s.token,
                   "computer": not s.person,
                   "level": LEVELS[s.level].name if s.level in LEVELS else "", "away": s.away,
                   "you": seat is not None and s.pk == seat.pk, "host": s.host,
                   "acting": s.color == acting, "asking": bool(s.claim), "pk": s.pk}
                  for s in seats],
        "notices": [n["text"] for n in table.notices[-NOTICES_SHOWN:]][::-1],
        "seat": seat,
        "seat_name": name(seat) if seat else "",
        "asking": name(asking) if seat is None and (asking := asking_seat(request, row)) else "",
        "is_host": bool(seat and seat.host),
        "acting_seat": next((name(s) for s in seats if s.color == acting), ""),
        "version": version(row),
    }
