"""The quiz sandbox as pages show it: the selection a learner is building (kept in the
session, so every click works as a plain link), what they submitted, and the context the
sandbox templates need. Shared by practice (:mod:`tutorial.quiz.views`) and class lessons
(:mod:`tutorial.lessons`)."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest
from django.urls import reverse

from tutorial import board_svg, board_text, quiz
from tutorial.quiz import drawing, transform

SELECTIONS = "kviz_vyber"  # session: question key -> selected place ids


def remember(request: HttpRequest, name: str, key: str, value, cap: int) -> None:
    """Store a value in a session dict, keeping only the ``cap`` most recent keys.

    Nothing is written when nothing changes. A visitor who brought no session cookie gets a
    session that lives only SESSION_FIRST_VISIT_AGE: a browser that refuses cookies would
    otherwise leave a week-long row behind on every click. Once the cookie comes back, the
    session gets the normal age.
    """
    store = dict(request.session.get(name, {}))
    if store.get(key) == value:
        return
    store.pop(key, None)
    store[key] = value
    while len(store) > cap:
        store.pop(next(iter(store)))
    first_visit = settings.SESSION_FIRST_VISIT_AGE
    if request.session.session_key is None:
        request.session.set_expiry(first_visit)
    elif request.session.get("_session_expiry") == first_visit:
        request.session.set_expiry(None)
    request.session[name] = store


def selection(request: HttpRequest, key: str) -> list[str]:
    return list(request.session.get(SELECTIONS, {}).get(key, []))


def toggle(request: HttpRequest, key: str, prepared, place: str) -> None:
    if not prepared.clicks:  # a question answered in a form has no places to mark
        return
    before = selection(request, key)
    chosen = quiz.normalize(prepared, set(before) ^ {place})
    if chosen != before:  # an unknown place changes nothing and stores nothing
        remember(request, SELECTIONS, key, chosen, cap=40)


def clear_selection(request: HttpRequest, key: str) -> None:
    store = dict(request.session.get(SELECTIONS, {}))
    if store.pop(key, None) is not None:
        request.session[SELECTIONS] = store


def raw_response(request: HttpRequest, prepared, key: str):
    """What the learner submitted: the posted selection (or the session's), or the fields."""
    if prepared.clicks:
        if "vyber" in request.POST:
            return request.POST.getlist("misto")
        return selection(request, key)
    return {f.name: (request.POST.getlist(f.name) if f.multiple else request.POST.get(f.name))
            for f in prepared.fields}


def prepared_or_none(kind: str, variant: str):
    """The question of a kind and variant: an example, a seeded position, or a lesson's
    disguised example (``x…``, never opened by practice's URLs); None if there is none."""
    try:
        if transform.is_disguised(variant):
            return transform.prepare(kind, variant)
        return quiz.prepare(kind, variant)
    except quiz.BadVariant:
        return None


def headword_links(slugs) -> list[tuple[str, str]]:
    from almanach.models import Entry

    entries = dict(Entry.objects.filter(slug__in=list(slugs)).values_list("slug", "headword"))
    return [(entries.get(s, s.replace("-", " ").capitalize()),
             reverse("almanach:entry", kwargs={"slug": s})) for s in slugs]


def _reasons(reasons) -> list[dict]:
    out = []
    for reason in reasons:
        url = (reverse("almanach:entry", kwargs={"slug": reason.headword})
               if reason.headword else "")
        out.append({"text": reason.text, "url": url})
    return out


def sandbox_context(prepared, *, selected=(), graded=None, toggle_prefix="", answer_url="",
                     clear_url="", given=None, error="") -> dict:
    """Everything the sandbox and answer templates need for one question.

    ``toggle_prefix`` + a place id is the link that (un)marks the place on the board.
    """
    marks = graded.marks if graded else {}
    board = ""
    if getattr(prepared.kind, "board", True):
        prefix = toggle_prefix if prepared.clicks and graded is None else ""
        board = drawing.draw_cached(prepared, selected=selected, toggle_prefix=prefix,
                                    marks=marks, trail=graded.trail if graded else ())
    names = []
    if prepared.clicks:
        namer = (board_svg.node_name if prepared.kind.answer == quiz.NODES
                 else board_svg.path_name)
        names = [namer(prepared.board, place) for place in selected]
    return {
        "prepared": prepared,
        "kind": prepared.kind,
        "question": prepared.question,
        "board_svg": board,
        "board_text": board_text.by_hex(prepared.board) if board else [],
        "selected": list(selected),
        "selected_names": names,
        "graded": graded,
        "reasons": _reasons(graded.reasons) if graded else [],
        "answer_url": answer_url,
        "clear_url": clear_url,
        "given": given or {},
        "error": error,
        "facts": prepared.facts,
        "legend": _legend(marks),
        **_field_layout(prepared.fields, given or {}),
    }


def _field_layout(fields, given: dict) -> dict:
    """Fields with a row and a column become a table (grid); the rest are listed (plain)."""
    columns: list[str] = []
    rows: dict[str, list] = {}
    plain = []
    for field in fields:
        value = given.get(field.name, "")
        if field.row and field.column:
            if field.column not in columns:
                columns.append(field.column)
            rows.setdefault(field.row, []).append({"field": field, "value": value or "0"})
        else:
            plain.append({"field": field, "values": value.split(",") if value else []})
    grid = None
    if rows:
        grid = {"columns": columns,
                "rows": [{"label": label, "cells": cells} for label, cells in rows.items()]}
    return {"grid": grid, "plain": plain}


def _legend(marks) -> list[tuple[str, str, str]]:
    present = {m for m in marks.values()}
    return [(m, drawing.MARK_COLOURS[m], label) for m, label in drawing.MARK_LABELS.items()
            if m in present and not (m == "hit" and all(k == "hex" for k, _ in marks))]
