"""The addresses Rozhodčí's page links to: the editor with a position and a UI state (every
tap is a plain link, so the page works without JavaScript), the buttons that change one
part of the state, the starting positions, and the pages of other families it leads to.
"""

from __future__ import annotations

import functools
from dataclasses import replace
from urllib.parse import urlencode

from django.urls import reverse

from engine import DEV_CARDS, RESOURCES, words
from tutorial.referee import notation, rulings
from tutorial.referee.notation import Table
from tutorial.referee.state import ASK_KINDS, TOOL_LABELS, TWO_PLAYER_KINDS, UI_PARAMS, UiState

# Links that ask a question end with this anchor: without JavaScript the browser shows the
# answer at once; with htmx the response says so (reswap show:).
ANSWER = "#odpoved"


def editor_url(pos: Table, state: UiState | None = None, *, base: str | None = None,
               **change) -> str:
    """The address of this position with this UI state (defaults left out), ``change``
    naming the state's fields to change. ``base``: the position's encoded parameters when
    the caller already has them (a page builds dozens of links, each with the whole
    position)."""
    ui = (replace(state, **change) if change else state).query() if state else {}
    extra = {}
    for key in UI_PARAMS:
        value = ui.get(key)
        if value and not (key == "n" and value == "silnice"):
            extra[key] = value
    if ui.get("b") == notation.LETTER_OF[pos.colors()[0]]:
        extra.pop("b", None)
    query = "&".join(q for q in (encoded(pos) if base is None else base, urlencode(extra))
                     if q)
    return editor_path() + ("?" + query if query else "")


def encoded(pos: Table) -> str:
    """The position's part of the query string."""
    return urlencode(notation.params(pos))


@functools.cache
def editor_path() -> str:
    return reverse("referee:editor")


def entry_url(slug: str) -> str:
    return reverse("almanach:entry", kwargs={"slug": slug})


def quiz_url(pos: Table, state: UiState) -> str:
    """"Přidat do kvízu": the teacher's form for this position (the sign-in first for
    anybody else). The page stays the same for everybody, so it may be cached."""
    extra = {"b": notation.LETTER_OF[state.color],
             **({"hod": str(state.roll)} if state.roll is not None else {})}
    query = "&".join(q for q in (encoded(pos), urlencode(extra)) if q)
    return f"{reverse('lessons:position_add')}?{query}"


def links(pos: Table, state: UiState) -> dict:
    """The page's buttons, each a link to the same position with one choice changed."""
    base = encoded(pos)
    colors = [{"letter": notation.LETTER_OF[c], "name": words.player(c, capital=True),
               "color": c, "url": editor_url(pos, state, base=base, color=c, road_from=""),
               "current": c == state.color, "neutral": c not in pos.players}
              for c in pos.colors()]
    tools = [{"key": key, "label": label,
              "url": editor_url(pos, state, base=base, tool=key,
                                **({} if key == "ptat" else {"place": ""})),
              "current": key == state.tool}
             for key, label in TOOL_LABELS.items() if key != "ptat"]
    place_questions = {"koho-okrast"}
    questions = []
    for key, label in rulings.QUESTIONS.items():
        change = {"question": key, "place": ""}
        if key in place_questions:
            change["tool"] = "ptat"
        questions.append({"key": key, "label": label,
                          "url": editor_url(pos, state, base=base, **change) + ANSWER,
                          "current": key == state.question})
    kinds = [{"key": key, "label": label, "current": key == state.kind,
              "url": editor_url(pos, state, base=base, question="smi", kind=key, place="",
                                tool="ptat" if key in ("vesnice", "mesto", "silnice", "zlodej")
                                else state.tool) + ANSWER}
             for key, label in ASK_KINDS.items()
             if key not in TWO_PLAYER_KINDS or pos.two_player]
    rolls = [{"total": t, "current": t == state.roll,
              "url": editor_url(pos, state, base=base, question="vynosy", roll=t) + ANSWER}
             for t in range(2, 13)]
    resources = [{"key": r, "label": words.resource_name(r), "current": r == state.resource,
                  "url": editor_url(pos, state, base=base, resource=r) + ANSWER}
                 for r in RESOURCES]
    cards = [{"key": c, "label": words.DEV_CARDS[c], "current": c == state.card,
              "url": editor_url(pos, state, base=base, card=c) + ANSWER} for c in DEV_CARDS]
    return {"colors": colors, "tools": tools, "questions": questions, "kinds": kinds,
            "rolls": rolls, "resources": resources, "cards": cards}


def starts() -> list[dict]:
    """The positions a new editor starts from."""
    beginner = notation.Table(pieces=tuple(
        (c, p, notation._canonical(p, place))
        for c, p, place in _beginner_pieces()))
    return [
        {"label": "Plán pro začátečníky se startovním rozmístěním",
         "url": editor_url(beginner)},
        {"label": "Plán pro začátečníky bez figurek", "url": editor_url(notation.Table())},
        {"label": "Prázdný plán (jen tvar)", "url": editor_url(notation.Table(plan="p"))},
    ]


def _beginner_pieces():
    from tutorial.quiz.sketch import beginner_pieces
    return beginner_pieces()
