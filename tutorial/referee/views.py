"""Rozhodčí at /rozhodci/: rebuild the position on your table, ask, and the engine rules.

The whole state (position, tool, question) lives in the address: every tap is a plain link,
so the editor works without JavaScript; with htmx only the editor is swapped and the address
follows (HX-Push-Url). Nothing is stored on the server.

The views only read the request, call the modules that own each step and render: the UI
state (:mod:`~tutorial.referee.state`), edits (:mod:`~tutorial.referee.edit`), the page's
context (:mod:`~tutorial.referee.page`), addresses (:mod:`~tutorial.referee.links`); the
JSON API is :mod:`~tutorial.referee.api_views`.
"""

from __future__ import annotations

import io
from dataclasses import replace

import segno
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_safe
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import push_url, reswap

from tutorial import pages
from tutorial.referee import edit, notation, page
from tutorial.referee import forms as referee_forms
from tutorial.referee import state as ui_state
from tutorial.referee.links import ANSWER, editor_url
from tutorial.referee.notation import BadCode


def _respond(request: HttpRequest, context: dict, status: int = 200) -> HttpResponse:
    # A history restore (Back after the cache ran out) wants the whole page.
    fragment = request.htmx and not request.htmx.history_restore_request
    template = "referee/editor.html#editor" if fragment else "referee/editor.html"
    response = render(request, template, context, status=status)
    if fragment:
        push_url(response, context["self_url"])
        if "klik" not in request.GET and (context.get("ruling") or context.get("waiting")):
            reswap(response, f"outerHTML show:{ANSWER}:top")
    return response


def _bad_code(request: HttpRequest, message: str) -> HttpResponse:
    return _message(request, "Tuto pozici nelze přečíst", message, 400)


def _message(request: HttpRequest, title: str, text: str, status: int,
             back_url: str = "", back_label: str = "") -> HttpResponse:
    return pages.message(request, title, text, status, retry_url=back_url,
                         retry_label=back_label, home_url=reverse("referee:editor"),
                         home_label="Rozhodčí: nová pozice")


@require_safe
@vary_on_headers("HX-Request")
def editor(request: HttpRequest) -> HttpResponse:
    try:
        pos = notation.parse(request.GET)
    except BadCode as exc:
        return _bad_code(request, str(exc))
    state = ui_state.read(request.GET, pos)
    error = ""
    malformed = False
    trade_error = ""
    if "obchodovat" in request.GET:
        trade = referee_forms.TradeForm(request.GET, state.color, pos.players)
        if trade.is_valid():
            partner, give, get = trade.trade()
            state = replace(state, question="smi", kind="obchod", partner=partner, give=give,
                            take=get)
            if not request.htmx or request.htmx.history_restore_request:
                return redirect(editor_url(pos, state) + ANSWER)
        else:
            trade_error, malformed = trade.first_error(), True
    if "klik" in request.GET or "upravit" in request.GET:
        # An edit starts from who holds the special cards now: the next piece is ruled as
        # a move of the game would be (only a longer road or more knights take a card).
        now = notation.build(pos)
        start = notation.decided(pos, now.cards) if now.game is not None else pos
        try:
            changed = (edit.tap(start, state, request.GET["klik"]) if "klik" in request.GET
                       else edit.apply_form(start, request.GET))
        except BadCode as exc:
            changed, error, malformed = None, str(exc), True
            if "upravit" in request.GET:
                state = replace(state, settings=True)
        if "klik" in request.GET:
            state = edit.tapped(state, request.GET["klik"])
        if changed is not None:
            built = notation.build(changed)
            if built.game is not None and changed.phase == "setup":
                # In the set-up the pieces say whose turn it is: the address follows.
                changed = replace(changed, current=built.game.current_player)
            if built.game is not None:
                if not request.htmx or request.htmx.history_restore_request:
                    return redirect(editor_url(changed, state))
                pos = changed
            else:
                error = built.error
    built = notation.build(pos)
    if built.game is None:
        return _respond(request, page.broken_context(pos, state, built), status=400)
    submitted = request.GET if error and "upravit" in request.GET else None
    # Input that is not in the notation is a 400; htmx swaps only a 2xx, so the fragment
    # that shows the message to an htmx user comes as a 200.
    status = 400 if malformed and not request.htmx else 200
    context = page.context(pos, state, built, error, submitted,
                       request.GET if trade_error else None)
    if trade_error:
        context["question_error"], context["ruling"] = trade_error, None
    return _respond(request, context, status=status)




@require_safe
def from_example(request: HttpRequest, turn: int, step: int) -> HttpResponse:
    from tutorial.example import replay

    try:
        game = replay.game_after(turn, step)
    except (ValueError, IndexError):
        return _message(request, "Tento krok příkladu neexistuje",
                        "Rozhodovat lze jen od kroku, který příklad hry má.", 404,
                        reverse("example:game"), "Příklad hry")
    return redirect(editor_url(notation.from_game(game, "z")))


@require_safe
def from_play(request: HttpRequest, game_id: str) -> HttpResponse:
    from tutorial.play import store, to_referee

    row = store.find(game_id)
    if row is None:
        return _message(request, "Hra nenalezena", "Tato hra neexistuje nebo už byla smazána.",
                        404, reverse("play:index"), "Hrát")
    try:
        # Only the cards the screen asking may see: Hrát's one answer (tutorial.play).
        return redirect(to_referee.url(request, row))
    except store.Unreadable:
        return _message(request, "Hru nelze přečíst", "Záznam této hry nejde přehrát.", 400,
                        reverse("play:index"), "Hrát")


@require_safe
def qr(request: HttpRequest) -> HttpResponse:
    """A QR code of this position's address, to put on the table."""
    try:
        pos = notation.parse(request.GET)
    except BadCode as exc:
        return HttpResponse(str(exc), status=400, content_type="text/plain; charset=utf-8")
    state = ui_state.read(request.GET, pos)
    try:
        code = segno.make(request.build_absolute_uri(editor_url(pos, state)), error="l")
    except segno.DataOverflowError:
        return HttpResponse("Adresa této pozice je na QR kód příliš dlouhá: pošlete ji "
                            "raději zprávou.", status=400,
                            content_type="text/plain; charset=utf-8")
    svg = io.BytesIO()
    code.save(svg, kind="svg", scale=6, dark="#1f1a14", light="#ffffff", xmldecl=False,
              omitsize=True)
    response = HttpResponse(svg.getvalue(), content_type="image/svg+xml")
    response["Cache-Control"] = "public, max-age=86400"
    return response

