"""Hrát: play a whole game against computer players at /hrat/.

Thin views: :mod:`tutorial.play.flow` plays, :mod:`tutorial.play.store` keeps the log,
:mod:`tutorial.play.table` builds what the page shows. Every move is a POST followed by a
redirect to the game page, a refused one too (works without JavaScript; the refusal waits
in the session, :mod:`tutorial.play.mine`); a GET of a POST-only address redirects there
as well. htmx swaps only the table, and gets a refusal in its answer.
"""

from __future__ import annotations

import json
import secrets
import time
from functools import wraps
from urllib.parse import urlencode

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_safe
from django.views.decorators.vary import vary_on_cookie, vary_on_headers

from engine import actions, words
from engine.errors import InvalidInput, RuleViolation
from tutorial import board_svg, pages
from tutorial.example import replay as example_replay
from tutorial.inputs import parse_int
from tutorial.play import autoplay, flow, friends, mine, news, record, seats, store, table
from tutorial.play import hint as hints
from tutorial.play.computers import decide_for, seat
from tutorial.play.forms import NewGameForm
from tutorial.play.to_referee import url as referee_url

MODES = ("rytir", "proc-krizovatky", "proc-cesty")
NEW_MOVES_SHOWN = 80
# Where the answer to the person's last tap is: the page opens there (with and without JS).
ANSWER = "#odpoved"
HINT = "#play-hint"  # where 'Co bych hrál já?' answers
MOVED_ON = "Hra mezitím pokročila, tady je aktuální stav."
# The news opens by itself when it is this short; longer, it stays one line until asked.
NEWS_OPEN = 6
NEWS_ROLLS = 8  # the last rolls the news's one line names
FORM_PREFIXES = ("odhodit", "dam", "chci")


def _to_answer(row) -> HttpResponse:
    return redirect(reverse("play:game", kwargs={"game_id": row.pk}) + ANSWER)


def _message(request, title: str, text: str, status: int, retry_url: str = "",
             retry_label: str = "Nová hra") -> HttpResponse:
    return pages.message(request, title, text, status,
                         retry_url=retry_url or reverse("play:index"), retry_label=retry_label,
                         home_url=reverse("almanach:index"), home_label="Almanach")


def _not_found(request) -> HttpResponse:
    return _message(request, "Tuto hru neznáme",
                    "Hra s touto adresou neexistuje nebo byla smazána (hry, které nikdo 30 dní"
                    " neotevřel, mažeme). Můžete začít novou.", 404)


def with_game(view):
    """Find the game of the URL: a Czech 404 when there is none, a Czech 410 when its log no
    longer replays (the engine's rules changed under a stored game)."""
    @wraps(view)
    def wrapper(request: HttpRequest, game_id: str, *args, **kwargs) -> HttpResponse:
        row = store.find(game_id)
        if row is None:
            return _not_found(request)
        friends.look_as(request, row)  # a game with friends: as this phone's seat sees it
        try:
            return view(request, row, *args, **kwargs)
        except store.Unreadable:
            return _message(request, "Tuto hru už nelze přehrát",
                            "Záznam této hry už pravidlový engine nepřijme (pravidla se od té"
                            " doby změnila). Začněte prosím novou hru.", 410)
    return wrapper


def _too_many(request, exc: store.TooMany) -> HttpResponse:
    if exc.per == "browser":
        text = (f"Z jednoho prohlížeče lze začít nejvýš {exc.limit} her za minutu. Zkuste to"
                " prosím za chvíli znovu; rozehrané hry najdete na stránce Hrát.")
    else:
        text = (f"Z jedné adresy (celé školní nebo domácí sítě) lze začít nejvýš {exc.limit}"
                " her za minutu a ta už je vyčerpaná. Zkuste to prosím za chvíli znovu.")
    return _message(request, "Příliš mnoho nových her", text, 429)


def _browser(request: HttpRequest) -> str:
    """This browser's session key (a session is made for a first visitor): the per-browser
    limit of new games counts by it."""
    if not request.session.session_key:
        request.session[mine.BROWSER] = True  # a session that is not empty is kept
        request.session.save()
    return request.session.session_key


# --- new game ------------------------------------------------------------------------------

def _form_page(request: HttpRequest, form: NewGameForm, status: int = 200) -> HttpResponse:
    variable = seats.chances("variable")
    shares = [c["percent"] for c in variable["colours"]] if variable else []
    return render(request, "play/index.html", {
        "form": form, "chances": seats.chances("beginner"), "my_games": mine.games(request),
        "variable": {"low": min(shares), "high": max(shares)} if shares else None,
    }, status=status)


@require_http_methods(["GET", "HEAD", "POST"])
@vary_on_cookie
def index(request: HttpRequest) -> HttpResponse:
    if request.method != "POST":
        return _form_page(request, NewGameForm())
    form = NewGameForm(request.POST)
    if not form.is_valid():
        return _form_page(request, form, status=400)
    setup = form.setup(seed=secrets.randbelow(10**9))
    try:
        row = store.create_limited(setup, pages.client_ip(request), _browser(request))
    except store.TooMany as exc:
        return _too_many(request, exc)
    game = flow.start(setup)
    bots = seat(setup)
    # Watching a computers' game goes turn by turn ("Další tah"), so it starts with one.
    moves = flow.computers_play(game, setup, decide_for(bots),
                                until_turn_ends=not setup.people)
    store.save(row, game, moves, person_acted=False, bots=bots)
    response = redirect("play:game", game_id=row.pk)
    mine.remember(request, response, row.pk)
    return response


@require_http_methods(["GET", "HEAD", "POST"])
def from_example(request: HttpRequest, turn: int, step: int) -> HttpResponse:
    """'Hrát odsud': a game at a step of the example, the person on turn, computers for
    the others. GET asks (the example's pages stay free of forms and cookies), POST starts."""
    try:
        game = example_replay.game_after(turn, step)
    except (ValueError, IndexError):
        return _message(request, "Tento krok příkladu neexistuje",
                        "Hrát lze jen od kroku, který příklad hry má.", 404,
                        reverse("example:game"), "Příklad hry")
    person = game.acting_player or game.current_player
    if request.method != "POST":
        return render(request, "play/from_example.html", {
            "turn": turn, "step": step,
            "person": words.player(person, capital=True),
            "step_url": reverse("example:step", kwargs={"turn": turn, "step": step}),
        })
    record_data = example_replay.load_record()
    setup = flow.Setup(players=tuple(record_data["players"]), people=(person,),
                       plan="zacatecnici", seed=secrets.randbelow(10**9),
                       # The cards the example drew, then the rest shuffled by the secret.
                       deck=tuple(a.card for a in game.history
                                  if isinstance(a, actions.BuyDevelopmentCard)),
                       secret=flow.new_secret())
    prefix = [flow.Move(action=a.to_json(), by="example") for a in game.history]
    try:
        row = store.create_limited(setup, pages.client_ip(request), _browser(request))
    except store.TooMany as exc:
        return _too_many(request, exc)
    store.save(row, None, prefix, person_acted=False)
    store.PlayedGame.objects.filter(pk=row.pk).update(seen=len(prefix))
    response = redirect("play:game", game_id=row.pk)
    mine.remember(request, response, row.pk)
    return response


# --- the table -----------------------------------------------------------------------------

def _viewer(setup: flow.Setup, row) -> tuple[str | None, bool]:
    """Whose cards the screen shows, and whether it shows everybody's (a bots' game)."""
    if not setup.people:
        return None, True
    if friends.table_of(row) is not None:  # each phone its own seat (friends.look_as)
        return (row.shown_to or None), False
    if len(setup.people) == 1:
        return setup.people[0], False
    return (row.shown_to or None), False


def _needs_handoff(setup: flow.Setup, row, acting: str | None) -> bool:
    if friends.table_of(row) is not None:  # each person on their own phone
        return False
    return len(setup.people) > 1 and acting in setup.people and row.shown_to != acting


def _context(request, row, game, setup, *, refusal: dict | None = None,
             typed: dict | None = None) -> dict:
    acting = game.acting_player
    person = _person(row, setup, acting)
    viewer, everyone = _viewer(setup, row)
    over = game.winner is not None
    handoff = _needs_handoff(setup, row, acting)
    mode = request.GET.get("rezim", "")
    mode = mode if mode in MODES else ""
    place = request.GET.get("misto", "")[:20]
    position = board_svg.position_of(game)
    legal = table.person_actions(game) if person and not handoff else []
    base = reverse("play:game", kwargs={"game_id": row.pk})

    def target_url(spot: str) -> str:
        query = urlencode({"misto": spot, **({"rezim": mode} if mode else {})})
        return f"{base}?{query}{ANSWER}"

    targets = (table.targets(legal, mode) if legal
               else {"node": [], "path": [], "hex": []})
    title = f"Herní plán: {words.player(game.current_player, capital=True)} na tahu"
    seat = friends.seat_of(request, row) if friends.table_of(row) else None
    my_moves, new_moves = _news(row, seat)
    reader = record.viewer_of(row)  # whose cards the news may name
    to_you = (news.to_you(row, game, setup, reader.color, reader)
              if new_moves and reader.color and not handoff and not over else None)
    advice = (hints.advice(game, setup, person, legal, position)
              if request.GET.get("napoveda") == "1" and legal and not over else None)
    news_turns = table.news_by_turn(new_moves)
    shown = viewer if not handoff else None
    typed = typed or {}
    return {
        "row": row,
        "watching": not setup.people,
        "one_computer": len(setup.computers) == 1,  # Katan pro dva: "počítačový hráč"
        "over": over,
        "winner": words.player(game.winner, capital=True) if game.winner else "",
        "turn_number": game.turn_number,
        "round": table.round_number(game),
        "phase": table.phase_name(game),
        "current": words.player(game.current_player, capital=True),
        "acting_name": words.player(acting, capital=True) if acting else "",
        "person": person,
        "handoff": handoff,
        "mode": mode,
        "board": table.board(game, position, targets, target_url, title,
                             highlight=_marks(to_you, hints.marks(advice))),
        "to_you": to_you,
        "advice": advice,
        "hint_url": base + HINT,
        "has_targets": any(targets.values()),
        "spot": table.spot(game, legal, place, mode, position) if legal and place else None,
        "choices": table.choices(game, legal, position),
        "main_action": table.main_action(game, legal, position),
        "can_knight": any(isinstance(a, actions.PlayKnight) for a in legal),
        "discard_owed": words.card_count(game.discards_owed.get(person, 0)) if person
        and game.discards_owed.get(person) else "",
        "players": table.players(game, shown, everyone or over),
        "neutrals": table.neutral_players(game),
        "hand": table.hand(game, shown) if shown and not over else None,
        "bank": table.bank(game),
        "deck_size": game.deck_size,
        "rolls": table.rolls_this_turn(game),
        "two_player": table.two_player_notes(game, person if not handoff else None),
        "legend": table.legend(position),
        "costs": table.costs(),
        "refusal": refusal,
        "new_moves": new_moves,
        "news_turns": news_turns,
        "news_rolls": [f"{t['player']} {' a '.join(t['rolls'])}" for t in news_turns
                       if t["rolls"]][-NEWS_ROLLS:],
        "news_open": len(new_moves) <= NEWS_OPEN,
        "my_moves": my_moves,
        "offer": table.offer_panel(game, person, legal, position) if not handoff else None,
        # With friends the offerer waits on their phone while the others answer on theirs.
        "answers": table.answers_to_offer(game, person or (seat.color if seat else None))
        if not handoff else None,
        "offer_later": table.offer_text(game, seat.color) if seat and not person else "",
        "final": table.final_table(game) if over else [],
        "story": table.story(game) if over else [],
        "again": table.play_again(setup) if over else None,
        "base_url": base,
        "move_url": reverse("play:move", kwargs={"game_id": row.pk}),
        "answer": ANSWER,
        "step_limit": flow.COMPUTER_STEP_LIMIT,
        "computers_url": reverse("play:computers", kwargs={"game_id": row.pk}),
        "autoplay": autoplay.state(request.GET.get(autoplay.FIELD)),
        "discard": table.discard_form(game, person, typed),
        "give_fields": table.card_fields(typed, "dam"),
        "get_fields": table.card_fields(typed, "chci"),
        "partner": typed.get("komu", ""),
        "typed_kind": typed.get("druh", ""),
        "others": [(c, words.player(c, "dat")) for c in game.players if c != person],
        "can_offer": any(isinstance(a, actions.OfferTrade) for a in legal),
        "record_url": reverse("play:record", kwargs={"game_id": row.pk}),
        "viewer_url": record.first_step_url(row),
        "friends": friends.panel(request, row, seat, game) if friends.table_of(row) else None,
        "poll_url": reverse("play:status", kwargs={"game_id": row.pk}),
    }


def _person(row, setup: flow.Setup, acting: str | None) -> str | None:
    """The person this screen plays for now: the one who must act; in a game with friends
    only on the phone that holds their seat (and not while a computer stands in)."""
    if acting not in setup.people:
        return None
    if friends.table_of(row) is None:
        return acting
    seat = friends.seat_of_row(row)
    return acting if seat is not None and seat.color == acting and not seat.away else None


def _marks(*found: dict | None) -> dict:
    """Board highlights put together: the news's places and the hint's."""
    out: dict[str, list[str]] = {}
    for marks in found:
        for kind, places in (marks or {}).items():
            if kind in ("hexes", "nodes", "paths"):
                out.setdefault(kind, []).extend(places)
    return out


def _typed(request: HttpRequest) -> dict:
    """What a refused card form held, to show it again (never more than the fields)."""
    keys = [f"{p}_{r}" for p in FORM_PREFIXES for r in words.RESOURCES] + ["komu", "druh"]
    return {k: request.POST.get(k, "")[:12] for k in keys if k in request.POST}


def _news(row, seat=None) -> tuple[list[dict], list[dict]]:
    """What happened since the person's screen last changed: the person's own last move
    (a roll tells what it brought) and the computer players' moves after it, with reasons.
    In a game with friends, since this phone's seat last acted: its own moves, and the
    others' (people's and computers') after them."""
    seen = seat.seen if seat is not None else row.seen
    moves = list(row.log.filter(number__gte=max(0, seen - 2), number__lt=row.moves)
                 .order_by("-number")[:NEW_MOVES_SHOWN])
    url = record.step_urls(row)
    viewer = record.viewer_of(row)  # a stolen card is named to the thief and the victim only

    def own(m) -> bool:
        if seat is not None:
            return m.by == "person" and m.action.get("player") == seat.color
        return m.by == "person"

    def others(m) -> bool:
        if seat is not None:
            return m.by != "example" and not own(m)
        return m.by == "computer"

    mine = [{"text": record.text_for(m, viewer), "url": url(m.number), "dice": _dice(m.action)}
            for m in reversed(moves) if own(m) and m.number < seen]
    theirs = [{"text": record.text_for(m, viewer), "reason": record.table_reason(m.reason),
               "url": url(m.number),
               "player": words.player(m.action.get("player", "orange"), capital=True),
               "dice": _dice(m.action)}
              for m in reversed(moves) if others(m) and m.number >= seen]
    return mine, theirs


def _dice(action: dict) -> dict | None:
    if action.get("type") == "roll_dice" and action.get("dice"):
        return table.dice(action["dice"])
    return None


def _table(request, row, game, setup, *, refusal=None, typed=None) -> HttpResponse:
    """The game page, or its table for htmx. A refused move is answered here too (200:
    htmx swaps only successful answers in), its card form filled as the person left it."""
    context = _context(request, row, game, setup, refusal=refusal, typed=typed)
    template = "play/game.html#table" if request.htmx else "play/game.html"
    return render(request, template, context)


@require_safe
@vary_on_headers("HX-Request")
@with_game
def game_page(request: HttpRequest, row) -> HttpResponse:
    store.touch(row)
    if friends.table_of(row) is not None:
        from tutorial.play import lobby

        waiting = lobby.before_start(request, row)
        if waiting is not None:
            return waiting
        friends.take_over(row)  # the acting person's time ran out: a computer plays
    setup = store.setup_of(row)
    refusal, typed = mine.take_refusal(request, row)
    return _table(request, row, store.game_of(row), setup, refusal=refusal, typed=typed)


def post_only(view):
    """A POST-only address: a GET (a reloaded or bookmarked address after a move) goes to
    the game page instead of a blank 405."""
    @wraps(view)
    def wrapper(request: HttpRequest, row, *args, **kwargs) -> HttpResponse:
        if request.method != "POST":
            return _to_answer(row)
        return view(request, row, *args, **kwargs)
    return require_http_methods(["GET", "HEAD", "POST"])(with_game(wrapper))


@vary_on_headers("HX-Request")
@post_only
def move(request: HttpRequest, row) -> HttpResponse:
    started = time.perf_counter()
    response = _move(request, row)
    # The time the server spent on the move and the computer players' replies
    # (scripts/loadtest_play.py reads it).
    response["Server-Timing"] = f"tah;dur={(time.perf_counter() - started) * 1000:.1f}"
    return response


def _move(request: HttpRequest, row) -> HttpResponse:
    setup = store.setup_of(row)
    game, bots = store.table(row)
    shown = request.POST.get("stav", "")
    if shown and shown != str(row.moves):
        return _moved_on(request, row, game, setup)
    person = flow.person_may_act(game, setup)
    if friends.table_of(row) is not None:
        read = row.moves
        person, refused = _friend_on_turn(request, row, game, person)
        if row.moves != read:  # a friend back from away: the stand-ins played on first
            game, bots = store.table(row)
        if refused:
            return _refuse(request, row, game, setup, refused)
    if person is None or _needs_handoff(setup, row, person):
        return _to_answer(row)
    try:
        action, answers = _posted_action(request, person)
        if action.player != person:
            raise InvalidInput(f"Teď hraje {words.player(person)}; za jiného hráče hrát"
                               " nemůžete.")
        if isinstance(action, table.ANSWERS):
            _check_offer_number(game, answers)
        moves = flow.play_person(game, setup, action)
    except (RuleViolation, InvalidInput) as exc:
        return _refuse(request, row, game, setup, table.explain(exc))
    if friends.table_of(row) is not None:
        moves += friends.play_on(row, game, setup, bots)
        friends.stop_time(row)
    else:
        moves += flow.computers_play(game, setup, decide_for(bots))
    try:
        store.save(row, game, moves, person_acted=True, bots=bots)
    except store.Conflict:  # another tab moved first: show the game as it now is
        row.refresh_from_db()
        return _moved_on(request, row, store.game_of(row), setup)
    if friends.table_of(row) is not None:
        friends.mark_acted(friends.seat_of_row(row), row.moves - len(moves) + _last_own(
            moves, person))
        friends.settle(row, game)
    return _to_answer(row)


def _last_own(moves: list[flow.Move], person: str) -> int:
    """How many of the saved moves up to this person's last one (their news starts after)."""
    return max(i for i, m in enumerate(moves) if m.by == "person") + 1


def _refuse(request, row, game, setup, refusal: dict) -> HttpResponse:
    """A refused move: redirect after POST (the game page shows it once), or for htmx the
    table with the refusal, the card form filled as the person left it."""
    if not request.htmx:
        mine.keep_refusal(request, row, refusal, _typed(request))
        return _to_answer(row)
    return _table(request, row, game, setup, refusal=refusal, typed=_typed(request))


def _friend_on_turn(request, row, game, person: str | None) -> tuple[str | None, dict | None]:
    """In a game with friends a move counts only from the phone holding the seat that must
    act: (that seat's colour, None), or (None, a Czech refusal). An absent person who sends
    a move is back."""
    if not friends.table_of(row).started:
        return None, {"message": "Hra ještě nezačala: začne ji ten, kdo ji založil.",
                      "headword": ""}
    seat = friends.seat_of(request, row)
    if seat is None:
        return None, {"message": "Na tomto telefonu ve hře nesedíte: hrát mohou jen hráči,"
                      " kteří se připojili kódem hry.", "headword": ""}
    if seat.away:
        friends.come_back(row, seat)
    if person != seat.color:
        acting = game.acting_player
        if game.winner is not None:
            return None, {"message": "Hra skončila.", "headword": ""}
        who = next((friends.name(s) for s in friends.seats_of(friends.table_of(row))
                    if s.color == acting), words.player(acting or "", capital=True))
        return None, {"message": f"Teď není váš tah: jedná {who}. Počkejte prosím, stránka"
                      " se sama obnoví, až budete na řadě.", "headword": ""}
    return person, None


def _moved_on(request: HttpRequest, row, game, setup) -> HttpResponse:
    """A move sent from a page older than the game (another tab, a reloaded form): not a
    rule's refusal, the game is simply further on; the page shows where."""
    notice = {"stale": True, "message": MOVED_ON}
    if not request.htmx:
        mine.keep_refusal(request, row, notice, {})
        return _to_answer(row)
    return _table(request, row, game, setup, refusal=notice)


def _check_offer_number(game, posted: str) -> None:
    """An answer must name the offer it answers: the one on the table now."""
    number = table.offer_number(game)
    if number is not None and posted == str(number):
        return
    if number is None:
        raise InvalidInput("Tato nabídka už neplatí: mezitím na ni někdo odpověděl nebo"
                           " tah pokračoval. Nic se nevyměnilo.")
    raise InvalidInput("Tato nabídka už neplatí: na stole je teď jiná nabídka (viz níže)."
                       " Nic se nevyměnilo; přečtěte si ji a odpovězte znovu.")


def _posted_action(request: HttpRequest, person: str) -> tuple[actions.Action, str]:
    """The action a form posted (a button's JSON in akce, the discard form, the offer and
    counter-offer forms) and the number of the offer an answer names."""
    kind = request.POST.get("druh")
    number = request.POST.get("nabidka", "")[:12]
    if kind == "odhodit":
        return actions.Discard(person, _counts(request, "odhodit")), number
    if kind == "nabidnout":
        partner = request.POST.get("komu") or None
        return actions.OfferTrade(person, partner, _counts(request, "dam"),
                                  _counts(request, "chci")), number
    if kind == "protinabidka":
        return actions.CounterOffer(person, _counts(request, "dam"),
                                    _counts(request, "chci")), number
    raw = request.POST.get("akce", "")
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):  # RecursionError: "[" nested thousands deep
        raise InvalidInput("Tomuto tahu nerozumíme.") from None
    if isinstance(data, dict) and "nabidka" in data:
        number = str(data.pop("nabidka"))[:12]
    return flow.parse(data), number


def _counts(request: HttpRequest, prefix: str) -> dict[str, int]:
    counts = {}
    for resource in words.RESOURCES:
        count = parse_int(request.POST.get(f"{prefix}_{resource}", "0").strip() or "0", 0, 19)
        if count is None:
            raise InvalidInput("Počty karet zadejte celými čísly od 0 do 19.")
        if count:
            counts[resource] = count
    return counts


@post_only
def handoff(request: HttpRequest, row) -> HttpResponse:
    """'Předejte zařízení': the person now holding it says who they are."""
    if friends.table_of(row) is not None:  # each on their own phone: nothing to hand over
        return _to_answer(row)
    setup = store.setup_of(row)
    acting = store.game_of(row).acting_player
    if acting in setup.people:
        store.set_shown_to(row, acting)
    return _to_answer(row)


@post_only
def computers(request: HttpRequest, row) -> HttpResponse:
    """Let the computer players go on: one turn, or up to the limit (watching a game).
    Auto-play ('Přehrávat', tutorial.play.autoplay) posts its speed: the page it is sent
    to keeps playing, unless this turn played nothing (the game is over or stuck)."""
    setup = store.setup_of(row)
    game, bots = store.table(row)
    one_turn = request.POST.get("kolik") != "vic"
    if friends.table_of(row) is not None:  # the computers play at once after every move
        if friends.table_of(row).started:
            friends.take_over(row)
        return _to_answer(row)
    moves = flow.computers_play(game, setup, decide_for(bots), until_turn_ends=one_turn)
    try:
        store.save(row, game, moves, person_acted=False, bots=bots)
    except store.Conflict:
        # Another request (a second tab, or "Hrát dál" tapped while a playback turn was on
        # its way) moved first: nothing of ours was stored. Show the game as it now stands
        # and stop any playback, which the other request has overtaken.
        return _to_answer(row)
    if moves and not setup.people:
        store.PlayedGame.objects.filter(pk=row.pk).update(seen=row.moves - len(moves))
    speed = autoplay.speed_of(request.POST.get(autoplay.FIELD))
    if speed and moves:
        return redirect(reverse("play:game", kwargs={"game_id": row.pk})
                        + autoplay.query(speed) + ANSWER)
    return _to_answer(row)


@require_safe
@with_game
def hint(request: HttpRequest, row) -> HttpResponse:
    """GET /hrat/<id>/napoveda/: the game page with 'Co bych hrál já?' answered (the address
    the hint had before it was a button on the page); a Czech page when the one looking may
    have no hint (not their move, or the device not yet handed over)."""
    setup = store.setup_of(row)
    person = _person(row, setup, store.game_of(row).acting_player)
    base = reverse("play:game", kwargs={"game_id": row.pk})
    if person and not _needs_handoff(setup, row, person):
        return redirect(f"{base}?napoveda=1{HINT}")
    return render(request, "play/hint.html", {"game_url": base})


@require_safe
@with_game
def referee(request: HttpRequest, row) -> HttpResponse:
    """'Rozhodnout odsud': this position in Rozhodčí with the cards this screen shows only
    (tutorial.play.to_referee: in a game with friends this phone's seat's, known here by the
    seat's cookie; nobody's on a phone without a seat; everybody's once the game is over)."""
    return redirect(referee_url(request, row))


# --- records -------------------------------------------------------------------------------

@require_safe
def record_json(request: HttpRequest, game_id: str) -> HttpResponse:
    row = store.find(game_id)
    if row is None:
        return JsonResponse({"error": "Tuto hru neznáme."}, status=404,
                            json_dumps_params={"ensure_ascii": False})
    friends.look_as(request, row)  # a game with friends: only this phone's seat's cards
    try:
        data = record.as_json(row, request.GET.get("strana", "1"))  # long games: pages
    except record.NoSuchPage as exc:
        return JsonResponse({"error": str(exc)}, status=404,
                            json_dumps_params={"ensure_ascii": False})
    except store.Unreadable:
        return JsonResponse({"error": "Záznam této hry už engine nepřijme."}, status=410,
                            json_dumps_params={"ensure_ascii": False})
    return JsonResponse(data, json_dumps_params={"ensure_ascii": False})


@require_safe
def turn(request: HttpRequest, game_id: str, turn: int) -> HttpResponse:
    return step(request, game_id, turn, 1)


@require_safe
@vary_on_headers("HX-Request")
@with_game
def step(request: HttpRequest, row, turn: int, step: int) -> HttpResponse:
    return record.step_page(request, row, turn, step)
