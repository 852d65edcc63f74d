"""Hrát with friends, the pages around the table: start a game with friends, join it by
code (or QR), the host's room before the start, the status poll every phone sends, and the
seat's own buttons (I'm back, let a new phone in, hand an absent player to the computer).
The rules of it are in :mod:`tutorial.play.friends`."""

from __future__ import annotations

import io
import secrets

import segno
from django import forms
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_safe
from django.views.decorators.vary import vary_on_headers

from engine import words
from engine.bots.levels import LEVELS
from tutorial import nicknames, pages
from tutorial.play import flow, friends, limits, mine, store, views

PERSON = "clovek"
SEAT_CHOICES = [(PERSON, "člověk (přítel na svém telefonu)")] + [
    (key, f"počítač, {level.name}") for key, level in LEVELS.items()]
ANSWER = views.ANSWER


class FriendsForm(forms.Form):
    hraci = forms.TypedChoiceField(
        label="Počet hráčů", coerce=int, initial=4, widget=forms.RadioSelect,
        choices=[(3, "3"), (4, "4"), (2, "2 (Katan pro dva)")],
        error_messages={"required": "Zvolte prosím počet hráčů.",
                        "invalid_choice": "Hrát mohou 2, 3 nebo 4 hráči."})
    plan = forms.ChoiceField(
        label="Herní plán", initial="zacatecnici", widget=forms.RadioSelect,
        choices=list(flow.PLANS.items()),
        error_messages={"required": "Zvolte prosím herní plán.",
                        "invalid_choice": "Takový herní plán není."})
    prezdivka = forms.CharField(label="Vaše přezdívka", max_length=400,
                                error_messages={"required": "Napište prosím přezdívku."})
    barva = forms.ChoiceField(
        label="Vaše barva", initial="orange", widget=forms.RadioSelect,
        choices=[(c, words.player(c, capital=True)) for c in flow.SEATS[4]],
        error_messages={"required": "Zvolte prosím svou barvu.",
                        "invalid_choice": "Taková barva není."})
    cas = forms.TypedChoiceField(
        label="Když hráč nehraje, za jak dlouho za něj zahraje počítač", coerce=int,
        initial=friends.DEFAULT_PATIENCE, choices=friends.PATIENCE,
        help_text="Počítač hraje za nepřítomného hráče, dokud se nevrátí; pak hraje zase sám."
        " Při volbě „nikdy“ hra na nepřítomného počká (jeho místo můžete počítači předat"
        " ručně).", error_messages={"invalid_choice": "Taková volba není."})

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for color in flow.SEATS[4]:
            self.fields[f"misto_{color}"] = forms.ChoiceField(
                label=f"{words.player(color, capital=True)} hraje", choices=SEAT_CHOICES,
                initial=PERSON if color in ("orange", "blue") else "pokrocily",
                error_messages={"invalid_choice": "Taková volba není."})

    def seat_fields(self):
        return [self[f"misto_{c}"] for c in flow.SEATS[4]]

    def clean_prezdivka(self) -> str:
        nickname = nicknames.clean(self.cleaned_data["prezdivka"])
        try:
            return nicknames.validate(nickname)
        except nicknames.Invalid as exc:
            raise forms.ValidationError(str(exc)) from None

    def clean(self):
        data = super().clean()
        count, colour = data.get("hraci"), data.get("barva")
        if not count or not colour:
            return data
        players = flow.SEATS[count]
        kinds = {c: data.get(f"misto_{c}") or PERSON for c in players}
        if colour not in players:
            self.add_error("barva", f"Ve hře {count} hráčů hrají "
                                    f"{words.join([words.player(c) for c in players])}.")
        elif kinds[colour] != PERSON:
            self.add_error("barva", "Vaše barva musí být místo pro člověka.")
        elif sum(k == PERSON for k in kinds.values()) < 2:
            raise forms.ValidationError("Hra s přáteli potřebuje aspoň dvě místa pro lidi"
                                        " (vaše a aspoň jednoho přítele).")
        data["levels"] = {c: k for c, k in kinds.items() if k != PERSON}
        data["players"] = players
        return data


def _friends_page(request, form, status=200) -> HttpResponse:
    return render(request, "play/friends_new.html", {"form": form}, status=status)


@require_http_methods(["GET", "HEAD", "POST"])
def new_game(request: HttpRequest) -> HttpResponse:
    """'Hra s přáteli': the host's choices, then the room with the code."""
    if request.method != "POST":
        return _friends_page(request, FriendsForm())
    form = FriendsForm(request.POST)
    if not form.is_valid():
        return _friends_page(request, form, status=400)
    data = form.cleaned_data
    levels = data["levels"]
    players = data["players"]
    setup = flow.Setup(players=players, people=tuple(c for c in players if c not in levels),
                       plan=data["plan"], seed=secrets.randbelow(10**9),
                       levels=tuple(levels[c] for c in players if c in levels),
                       secret=flow.new_secret())
    try:
        row, token = friends.create(setup, levels, data["barva"], data["prezdivka"],
                                    data["cas"], pages.client_ip(request),
                                    views._browser(request))
    except store.TooMany as exc:
        return views._too_many(request, exc)
    response = redirect("play:game", game_id=row.pk)
    friends.give_cookie(response, row.pk, token)
    mine.remember(request, response, row.pk)
    return response


# --- joining ------------------------------------------------------------------------------

def _join_page(request, *, code="", nickname="", error="", table=None, status=200):
    seats = []
    if table is not None:
        seats = [{"color": s.color, "name": words.player(s.color, capital=True)}
                 for s in friends.seats_of(table) if s.person and not s.token]
    return render(request, "play/friends_join.html", {
        "code": code, "nickname": nickname, "error": error, "table": table,
        "free_seats": seats}, status=status)


@require_http_methods(["GET", "HEAD", "POST"])
def join(request: HttpRequest) -> HttpResponse:
    """'Připojit se ke hře': the code and a nickname, then a free seat (a QR code opens this
    page with the code filled in)."""
    code = friends.clean_code(request.POST.get("kod") or request.GET.get("kod", ""))
    if request.method != "POST":
        return _join_page(request, code=code)
    raw = request.POST.get("prezdivka", "")
    nickname = nicknames.clean(raw)
    address, browser = pages.client_ip(request), views._browser(request)
    guessing = limits.join_allowed(address, browser)
    if guessing is not None:  # refused before the code is looked at
        return _too_many_codes(request, guessing, code, nickname)
    table = friends.find_code(code)
    if table is None:
        limits.wrong_code(address, browser)
        return _join_page(request, code=code, nickname=nickname, status=404,
                          error="Hru s tímto kódem neznáme. Zkontrolujte ho prosím (kód má"
                          f" {friends.CODE_LENGTH} znaků a je na telefonu toho, kdo hru"
                          " založil).")
    row = table.game
    held = friends.seat_of(request, row)
    if held is not None:  # this phone already sits there
        return redirect("play:game", game_id=row.pk)
    try:
        nicknames.validate(nickname)
    except nicknames.Invalid as exc:
        return _join_page(request, code=code, nickname=nickname, error=str(exc), status=400)
    same = friends.nickname_taken(table, nickname)
    token = friends.token_of(request, row.pk) or secrets.token_urlsafe(16)
    if same is not None:
        # The same nickname on a new phone: the host decides (a nickname proves nothing).
        friends.ask_for_seat(table, same, token)
        response = redirect("play:game", game_id=row.pk)
        friends.give_cookie(response, row.pk, token)
        mine.remember(request, response, row.pk)
        return response
    color = request.POST.get("barva", "")
    if not color:
        if table.started:
            return _join_page(request, code=code, nickname=nickname, status=409,
                              error="Tato hra už začala a všechna místa jsou obsazená. Pokud"
                              " ve hře sedíte a telefon se odpojil, napište stejnou"
                              " přezdívku jako předtím: hostitel vás pustí zpět.")
        return _join_page(request, code=code, nickname=nickname, table=table)
    try:
        friends.take_seat(table, color, nickname, token)
    except friends.Refused as exc:
        return _join_page(request, code=code, nickname=nickname, table=table, error=str(exc),
                          status=409)
    response = redirect("play:game", game_id=row.pk)
    friends.give_cookie(response, row.pk, token)
    mine.remember(request, response, row.pk)
    return response


def _too_many_codes(request, guessing: limits.Guessing, code: str,
                    nickname: str) -> HttpResponse:
    tried = words.plural_count(guessing.limit, "kód", "kódy", "kódů")
    window = limits.JOIN_GUESS_WINDOW // 60
    wait = words.plural_count(-(-guessing.retry_after // 60), "minutu", "minuty", "minut")
    if guessing.per == "browser":
        tries = f"Z tohoto prohlížeče jste během {window} minut zkusili {tried}"
    else:
        tries = (f"Z této adresy (celé školní nebo domácí sítě) se během {window} minut"
                 f" zkusilo {tried}")
    response = _join_page(
        request, code=code, nickname=nickname, status=429,
        error=f"{tries}, které žádná hra nemá. Další kód"
        f" můžete zkusit za {wait}. Kód je na telefonu toho, kdo hru založil; můžete také"
        " naskenovat jeho QR kód. Je to omezení tohoto webu proti hádání kódů.")
    response["Retry-After"] = str(guessing.retry_after)
    return response


# --- the room before the start, and the poll ----------------------------------------------

def before_start(request: HttpRequest, row) -> HttpResponse | None:
    """The room while the host waits for friends (None once the game started)."""
    table = friends.table_of(row)
    if table.started:
        return None
    return _room(request, row)


def _room(request: HttpRequest, row, *, error: str = "", status: int = 200) -> HttpResponse:
    seat = friends.seat_of(request, row)
    refusal, _ = mine.take_refusal(request, row)  # a move sent before the start
    context = {
        "row": row, "friends": friends.panel(request, row, seat, None),
        "join_url": _join_url(request, row),
        "asking": friends.asking_seat(request, row),
        "poll_url": reverse("play:status", kwargs={"game_id": row.pk}),
        "error": error or (refusal or {}).get("message", ""),
    }
    template = "play/friends_room.html#room" if request.htmx else "play/friends_room.html"
    return render(request, template, context, status=status)


def _join_url(request: HttpRequest, row) -> str:
    code = friends.table_of(row).code
    return request.build_absolute_uri(reverse("play:join") + f"?kod={code}")


@require_safe
@vary_on_headers("HX-Request")
@views.with_game
def status(request: HttpRequest, row) -> HttpResponse:
    """GET /hrat/<id>/stav/?v=<version>: what a phone polls. An unchanged version is
    answered by the poll middleware (friends.unchanged); here a changed one, or a time run
    out (a computer takes the absent person's seat first)."""
    table = friends.table_of(row)
    if table is None:
        return redirect("play:game", game_id=row.pk)
    if table.started:
        friends.take_over(row)
    if not request.htmx:
        return redirect(reverse("play:game", kwargs={"game_id": row.pk}) + ANSWER)
    if request.GET.get("v") == friends.version(row):
        return _no_change()
    if not table.started:
        return _room(request, row)
    if request.GET.get("mistnost"):  # the room's poll: the game began, load it whole
        response = HttpResponse(status=204)
        response["HX-Refresh"] = "true"
        return response
    setup = store.setup_of(row)
    return views._table(request, row, store.game_of(row), setup)


def _no_change() -> HttpResponse:
    response = HttpResponse(status=204)
    response["Cache-Control"] = "private, no-store"
    return response


@require_safe
@views.with_game
def qr(request: HttpRequest, row) -> HttpResponse:
    """The QR code of the join page with this game's code filled in."""
    if friends.table_of(row) is None:
        return views._not_found(request)
    code = segno.make(_join_url(request, row), error="m")
    svg = io.BytesIO()
    code.save(svg, kind="svg", scale=6, dark="#1f1a14", light="#ffffff", xmldecl=False,
              omitsize=True)
    response = HttpResponse(svg.getvalue(), content_type="image/svg+xml")
    response["Cache-Control"] = "private, max-age=3600"
    return response


# --- the seat's buttons -------------------------------------------------------------------

def _seat_or_refusal(request, row) -> tuple[object, HttpResponse | None]:
    if friends.table_of(row) is None:
        return None, views._not_found(request)
    seat = friends.seat_of(request, row)
    if seat is None:
        return None, views._message(
            request, "Ve hře nesedíte", "Tento telefon ve hře nemá místo. Připojte se kódem"
            " hry a přezdívkou.", 403, reverse("play:join"), "Připojit se ke hře")
    return seat, None


def _host_or_refusal(request, row) -> tuple[object, HttpResponse | None]:
    seat, refused = _seat_or_refusal(request, row)
    if refused is None and not seat.host:
        refused = views._message(request, "To smí jen hostitel",
                                 "Tohle může udělat jen ten, kdo hru založil.", 403,
                                 reverse("play:game", kwargs={"game_id": row.pk}),
                                 "Zpět ke hře")
    return seat, refused


@views.post_only
def start(request: HttpRequest, row) -> HttpResponse:
    """The host starts the game (the empty people's seats go to computer players)."""
    seat, refused = _host_or_refusal(request, row)
    if refused:
        return refused
    try:
        friends.start(row)
    except friends.Refused as exc:
        return _room(request, row, error=str(exc), status=409)
    return redirect("play:game", game_id=row.pk)


@views.post_only
def let_in(request: HttpRequest, row) -> HttpResponse:
    """The host hands a seat to the new phone that asked for it with the same nickname."""
    seat, refused = _host_or_refusal(request, row)
    if refused:
        return refused
    asked = friends.FriendSeat.objects.filter(table_id=row.pk,
                                              color=request.POST.get("barva", "")).first()
    try:
        if asked is None:
            raise friends.Refused("Takové místo ve hře není.")
        friends.let_in(row, asked)
    except friends.Refused as exc:
        return views._message(request, "Nelze předat", str(exc), 409,
                              reverse("play:game", kwargs={"game_id": row.pk}), "Zpět ke hře")
    return views._to_answer(row)


@views.post_only
def back(request: HttpRequest, row) -> HttpResponse:
    """'Hraju zase já': the absent person takes their seat back from the computer."""
    seat, refused = _seat_or_refusal(request, row)
    if refused:
        return refused
    friends.come_back(row, seat)
    return views._to_answer(row)


@views.post_only
def absent(request: HttpRequest, row) -> HttpResponse:
    """The host hands the seat of the person who must act to a computer at once."""
    seat, refused = _host_or_refusal(request, row)
    if refused:
        return refused
    if not friends.take_over(row, by_host=True):
        return views._message(request, "Nelze předat", "Teď nejedná žádný jiný hráč, za"
                              " kterého by mohl hrát počítač.", 409,
                              reverse("play:game", kwargs={"game_id": row.pk}), "Zpět ke hře")
    return views._to_answer(row)
