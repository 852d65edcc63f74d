"""Rozbor hry: the review of a finished Hrát game at /hrat/<id>/rozbor/ and of the
Almanach's example game at /priklad-hry/rozbor/.

Thin views: tutorial.review.jobs computes a review once in the background (the page shows
its progress and polls: htmx every second, a <meta refresh> and a link without
JavaScript), tutorial.review.present turns it into what the page shows.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_safe
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import HttpResponseClientRefresh

from engine import words
from tutorial import pages
from tutorial.inputs import parse_int
from tutorial.play import friends, mine, record, store
from tutorial.review import chart, compute, jobs, present, quotes, restart
from tutorial.review.models import GameReview

POLL_MS = 1000
BROWSER = "rozbor"  # session: set when a review's start makes the session


def _message(request, title: str, text: str, status: int, retry_url: str = "",
             retry_label: str = "Hrát") -> HttpResponse:
    return pages.message(request, title, text, status,
                         retry_url=retry_url or reverse("play:index"), retry_label=retry_label,
                         home_url=reverse("almanach:index"), home_label="Almanach")


def _browser(request: HttpRequest) -> str:
    if not request.session.session_key:
        request.session[BROWSER] = True  # a session that is not empty is kept
        request.session.save()
    return request.session.session_key


def _game_url(row) -> str:
    return reverse("play:game", kwargs={"game_id": row.pk})


def _refused(request, row, watching: bool) -> HttpResponse:
    if watching:
        return _message(request, "Rozbor až po konci hry",
                        "Tato hra počítačových hráčů ještě neskončila. Rozbor ukazuje celou"
                        " hru od začátku do konce; až hra skončí, najdete ho na její konečné"
                        " obrazovce.", 403, _game_url(row), "Zpět ke hře")
    return _message(request, "Rozbor až po konci hry",
                    "Dokud se hra s lidmi hraje, rozbor neukážeme: odhad šancí i tahy silného"
                    " hráče počítají se všemi kartami, takže by prozradily karty, které"
                    " ostatní hráči drží skryté (i karty s vítězným bodem). Po konci hry je"
                    " vidět všechno a rozbor najdete na konečné obrazovce hry.", 403,
                    _game_url(row), "Zpět ke hře")


def _too_many(request, exc) -> HttpResponse:
    what = words.plural_count(exc.limit, "rozbor", "rozbory", "rozborů")
    if exc.per == "browser":
        text = (f"Z jednoho prohlížeče lze za hodinu spustit nejvýš {what}."
                " Hotové rozbory zůstávají, kdykoli se k nim vrátíte; nový zkuste prosím"
                " později.")
    else:
        text = (f"Z jedné adresy (celé školní nebo domácí sítě) lze za hodinu spustit"
                f" nejvýš {what} a ta už je vyčerpaná. Zkuste to prosím"
                " později.")
    text += " Je to omezení tohoto webu, aby výpočet rozborů nezabral celý server."
    return _message(request, "Příliš mnoho rozborů", text, 429, retry_label="Hrát")


def _finished(request, row):
    """(game, setup) of a finished game, or the response that refuses it."""
    setup = store.setup_of(row)
    game = store.game_of(row)
    if game.winner is None:
        return None, _refused(request, row, watching=not setup.people)
    return (game, setup), None


@require_safe
@vary_on_headers("HX-Request")
def game_review(request: HttpRequest, game_id: str) -> HttpResponse:
    row = store.find(game_id)
    if row is None:
        return _message(request, "Tuto hru neznáme",
                        "Hra s touto adresou neexistuje nebo byla smazána (hry, které nikdo"
                        " 30 dní neotevřel, mažeme).", 404)
    try:
        found, refusal = _finished(request, row)
    except store.Unreadable:
        return _message(request, "Tuto hru už nelze přehrát",
                        "Záznam této hry už pravidlový engine nepřijme (pravidla se od té"
                        " doby změnila), a tak ji nelze ani rozebrat.", 410)
    if refusal is not None:
        return refusal
    _, setup = found
    try:
        review = jobs.request(row, pages.client_ip(request), _browser(request))
    except jobs.TooMany as exc:
        return _too_many(request, exc)
    if jobs.needs_work(review):
        jobs.kick()
        review.refresh_from_db()
    polling = request.htmx and request.GET.get("stav") == "1"
    if polling and review.status != GameReview.RUNNING and review.status != GameReview.WAITING:
        return HttpResponseClientRefresh()  # done (or failed): the whole page
    context = _context(row, setup, review, _viewer(request, row, setup))
    if polling:
        return render(request, "review/game.html#progress", context)
    return render(request, "review/game.html", context)


def _viewer(request: HttpRequest, row, setup) -> str | None:
    """The colour of the person reading the review: in a game with friends, the seat this
    phone holds; at one device, its only person (None when several people share it: the
    page then speaks of each by their colour)."""
    if friends.table_of(row) is not None:
        seat = friends.seat_of(request, row)
        return seat.color if seat is not None and seat.color in setup.people else None
    return setup.people[0] if len(setup.people) == 1 else None


def _context(row, setup, review: GameReview, viewer: str | None = None) -> dict:
    base = {"section": "play",  # the navigation highlights Hrát
            "row": row, "review": review, "game_url": _game_url(row),
            "poll_ms": POLL_MS, "poll_seconds": max(1, POLL_MS // 1000),
            "replay_url": record.first_step_url(row),
            "self_url": reverse("review:game", kwargs={"game_id": row.pk})}
    if review.status != GameReview.DONE:
        total = max(review.total, 1)
        ahead = GameReview.objects.filter(
            status__in=(GameReview.WAITING, GameReview.RUNNING),
            created__lt=review.created).count()
        return {**base, "working": review.status in (GameReview.WAITING, GameReview.RUNNING),
                "percent": min(100, round(100 * review.done / total)) if review.total else 0,
                "ahead": words.plural_count(ahead, "rozbor", "rozbory", "rozborů")
                if ahead and review.status == GameReview.WAITING else ""}
    result = review.result
    index = record.index_of(row)
    url = record.step_urls(row)
    people = set(setup.people)
    emphasis = people
    view = present.context(result, index.locate, url, emphasis=emphasis,
                           end_label="konec hry",
                           title="Šance na výhru po tazích (odhad webu)")
    graded = present.grades(result, index.locate, url, viewer)
    for swing in view["swings"]:  # 'Hrát odsud' from each swing, as from a graded decision
        swing["from_step"] = result["swings"][swing["number"] - 1]["step"]
    starts = [{"step": p["step"], "label": p["label"]}
              for p in chart.points(result, index.locate, "konec hry")
              if p["step"] < result["length"]]
    return {
        **base, **view,
        "people": [words.player(c, capital=True) for c in setup.people],
        "graded": graded,
        "mistakes": [g for g in graded if not g["precise"]],
        "precise": [g for g in graded if g["precise"]],
        "counts": present.counts(graded),
        "thresholds": present.thresholds(),
        "variants": restart.VARIANTS,
        "from_url": reverse("review:play_from", kwargs={"game_id": row.pk}),
        "starts": starts,
        "seat": (f"vy jako {words.player(viewer)}" if viewer else
                 "vy na místě člověka u stolu" if people else "vy na místě hráče na tahu"),
        "decisions": result["decisions"], "played_out": result["played_out"],
        "cpu_seconds": result["cpu_seconds"],
    }


@require_http_methods(["GET", "HEAD", "POST"])
def play_from(request: HttpRequest, game_id: str) -> HttpResponse:
    """POST krok=<log number of any step>, varianta=pred (before that step; a graded
    decision also vas|lepsi): a new game from there, the person at their own seat. A GET
    goes back to the review."""
    row = store.find(game_id)
    if row is None:
        return _message(request, "Tuto hru neznáme", "Hra s touto adresou neexistuje.", 404)
    review_url = reverse("review:game", kwargs={"game_id": row.pk})
    if request.method != "POST":
        return redirect(review_url)
    review = GameReview.objects.filter(game=row, status=GameReview.DONE).first()
    step = parse_int(request.POST.get("krok", ""), 0, 10**6)
    if review is None or step is None:
        return _message(request, "Odsud hrát nelze",
                        "Hrát odsud lze jen z kroku hry, kterou hotový rozbor rozebírá.", 400,
                        review_url, "Rozbor hry")
    try:
        new_row = restart.start_from(row, review.result, step, request.POST.get("varianta", ""),
                                     pages.client_ip(request), _browser(request),
                                     _viewer(request, row, store.setup_of(row)))
    except restart.NoSuchDecision:
        return _message(request, "Odsud hrát nelze",
                        "Hrát odsud lze jen z kroku této hry (hra začne před ním); z"
                        " hodnoceného rozhodnutí také s vaším tahem nebo s lepším tahem.", 400,
                        review_url, "Rozbor hry")
    except store.TooMany as exc:
        per = ("jednoho prohlížeče" if exc.per == "browser"
               else "jedné adresy (celé školní nebo domácí sítě)")
        return _message(request, "Příliš mnoho nových her",
                        f"Z {per} lze začít nejvýš {exc.limit} her za minutu. Zkuste to"
                        " prosím za chvíli znovu.", 429, review_url, "Rozbor hry")
    except store.Unreadable:
        return _message(request, "Tuto hru už nelze přehrát",
                        "Záznam této hry už pravidlový engine nepřijme.", 410)
    response = redirect("play:game", game_id=new_row.pk)
    mine.remember(request, response, new_row.pk)
    return response


@require_safe
def example(request: HttpRequest) -> HttpResponse:
    result = compute.example_review()

    def url(step: int) -> str:
        turn, number = compute.example_locate(step)
        if not number:
            return ""
        return reverse("example:step", kwargs={"turn": turn, "step": number})

    view = present.context(result, compute.example_locate, url, emphasis=set(),
                           end_label="po 16. tahu",
                           title="Šance na výhru v příkladu hry (odhad webu)")
    for swing in view["swings"]:
        turn, number = compute.example_locate(result["swings"][swing["number"] - 1]["step"])
        if number:
            swing["play_url"] = reverse("play:from_example",
                                        kwargs={"turn": turn, "step": number})
            swing["rule_url"] = reverse("referee:from_example",
                                        kwargs={"turn": turn, "step": number})
    return render(request, "review/example.html", {
        **view,
        "section": "tutorial",  # the navigation highlights Příklad hry
        "assessments": quotes.assessments(result["chart"][0]["chances"],
                                          result["chart"][-1]["chances"]),
        "closing_end": quotes.closing_end(),
        "example_url": reverse("example:game"),
        "last_url": reverse("example:step", kwargs={"turn": 16, "step": 1}),
    })
