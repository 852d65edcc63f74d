"""What Rozhodčí's page shows: the context of ``referee/editor.html`` for a position and its
UI state (the board, the ruling and its headwords, the settings form, the trade question's
form, the hints), and for a position the engine cannot set up."""

from __future__ import annotations

import json
from dataclasses import replace

from django.urls import reverse

from engine import DEV_CARDS, RESOURCES, words
from tutorial.referee import board, links, notation, questions, rulings
from tutorial.referee import forms as referee_forms
from tutorial.referee.forms import HOLDER_UNKNOWN_VALUE
from tutorial.referee.links import editor_url, entry_url
from tutorial.referee.notation import Table
from tutorial.referee.state import FORM_KEEPS, TRADE_KEEPS, UiState

PHASES = referee_forms.PHASES


def _base_context(pos: Table, state: UiState, submitted=None, cards=None) -> dict:
    self_url = editor_url(pos, state)
    return {"pos": pos, "state": state, "self_url": self_url,
            "qr_url": reverse("referee:qr") + self_url[len(reverse("referee:editor")):],
            "starts": links.starts(),
            # The form shows who holds the cards now, as the rules decided it.
            "form": (_form(pos if cards is None else notation.decided(pos, cards), state,
                           submitted) if state.settings else None),
            "settings_url": editor_url(pos, state, settings=True),
            "close_settings_url": editor_url(pos, state, settings=False),
            **links.links(pos, state)}


def context(pos: Table, state: UiState, built: notation.Built, error: str,
             submitted=None, trade_submitted=None) -> dict:
    context = _base_context(pos, state, submitted, built.cards)
    ruling = None
    question_error = ""
    try:
        ruling = questions.ask(pos, state, built)
    except rulings.BadQuestion as exc:
        question_error = str(exc)
    game = built.game
    context.update({
        "error": error, "question_error": question_error, "ruling": ruling,
        "headword_url": (reverse("almanach:entry", kwargs={"slug": ruling.headword})
                         if ruling and ruling.headword else ""),
        "headword_label": _headword_label(ruling.headword) if ruling else "",
        "consequences": [{"text": c.text, "url": entry_url(c.headword),
                          "label": _headword_label(c.headword)}
                         for c in (ruling.consequences if ruling else [])],
        "board": board.draw(pos, state, game, ruling, context["self_url"]),
        "turn": (f"Na tahu {words.player(game.current_player)}, fáze: {PHASES[game.phase]}."
                 if pos.current and game.phase in PHASES else ""),
        "trade_form": (_trade_form(pos, state, trade_submitted)
                       if state.question == "smi" and state.kind == "obchod" else None),
        "waiting": questions.waiting(state),
        "draw_hint": _draw_hint(state),
        "piece_count": len(pos.pieces),
        "undo_url": (editor_url(replace(pos, pieces=pos.pieces[:-1]), state)
                     if pos.pieces else ""),
        "quiz_url": links.quiz_url(pos, state),
        "position_json": json.dumps(notation.to_json(pos, game), ensure_ascii=False),
    })
    return context


def _form(pos: Table, state: UiState, submitted=None) -> dict:
    """The settings form's fields; after a refused submission, what the user typed."""
    def value(name: str, default) -> str:
        return str(submitted.get(name, "")) if submitted is not None else str(default)

    def checked(name: str, default: bool) -> bool:
        return bool(submitted.get(name)) if submitted is not None else default

    rows = []
    for color in notation.ALL_COLORS:
        hand = pos.hands.get(color, (0,) * 5)
        dev = pos.dev.get(color, (0,) * 5)
        rows.append({
            "color": color, "name": words.player(color, capital=True),
            "plays": checked(f"hraje-{color}", color in pos.players),
            "hand_known": {"name": f"ruka-znama-{color}",
                           "checked": checked(f"ruka-znama-{color}", color in pos.hands)},
            "hand": [{"name": f"ruka-{color}-{r}", "label": words.resource_name(r),
                      "value": value(f"ruka-{color}-{r}", k)}
                     for r, k in zip(RESOURCES, hand, strict=True)],
            "dev": [{"name": f"karty-{color}-{c}", "label": words.DEV_CARDS[c],
                     "value": value(f"karty-{color}-{c}", k)}
                    for c, k in zip(DEV_CARDS, dev, strict=True)],
            "knights": {"name": f"rytiri-{color}",
                        "value": value(f"rytiri-{color}", dict(pos.knights).get(color, 0))},
            "new_dev": [{"name": f"nove-{color}-{c}", "label": words.DEV_CARDS[c],
                         "value": value(f"nove-{color}-{c}", k)}
                        for c, k in zip(DEV_CARDS, pos.new_dev.get(color, (0,) * 5),
                                        strict=True)],
            "discarding": {"name": f"odevzda-{color}",
                           "checked": checked(f"odevzda-{color}", color in pos.discarding)},
            "trade_cards": {"name": f"obchodni-{color}",
                            "value": value(f"obchodni-{color}",
                                           pos.trade_cards.get(color, ""))},
        })
    params = {**notation.params(pos), **state.query()}
    holders = []
    for name, label, holder, colors in (
            ("drzitel-cesta", "Nejdelší obchodní cesta", pos.road_holder, pos.colors()),
            ("drzitel-vojsko", "Největší vojsko", pos.army_holder, pos.players)):
        chosen = value(name, notation.holder_letter(holder) or HOLDER_UNKNOWN_VALUE)
        options = [(HOLDER_UNKNOWN_VALUE, "nevím"), (notation.NOBODY_LETTER, "nikdo")] + [
            (notation.LETTER_OF[c], words.player(c)) for c in colors]
        holders.append({"name": name, "label": label, "chosen": chosen, "options": options})
    rolls = [{"name": f"hod-{i}", "label": label,
              "value": value(f"hod-{i}", pos.rolls[i - 1] if len(pos.rolls) >= i else "")}
             for i, label in ((1, "První hod"), (2, "Druhý hod"))]
    done = [{"name": f"uz-{x}", "label": label, "checked": checked(f"uz-{x}", x in pos.done)}
            for x, label in referee_forms.DONE.items()]
    rules_form = referee_forms.RulesForm()
    return {"rows": rows, "phases": PHASES, "holders": holders, "rolls": rolls, "done": done,
            "two_player": pos.two_player,
            "current": value("na-tahu", pos.current), "phase": value("faze", pos.phase),
            "rules": [{"name": name, "label": rules_form.fields[name].label,
                       "checked": checked(name, letter in pos.rules)}
                      for name, letter in rules_form.letter_of.items()],
            "hidden": [(k, params[k]) for k in FORM_KEEPS if params.get(k)]}



def _trade_form(pos: Table, state: UiState, submitted=None) -> dict:
    """'Obchod mezi hráči': the question's fields (what was asked, or what was typed)."""
    def value(name: str, default) -> str:
        return str(submitted.get(name, "")) if submitted is not None else str(default)

    asking = state.color
    partner = state.partner
    sides = []
    for side, chosen, label in (("dava", state.give, f"{words.player(asking, capital=True)} dá"),
                                ("bere", state.take,
                                 f"{words.player(asking, capital=True)} dostane")):
        counts = list(chosen) or [0] * 5
        sides.append({"label": label, "fields": [
            {"name": f"{side}-{r}", "label": words.resource_name(r),
             "value": value(f"{side}-{r}", k)} for r, k in zip(RESOURCES, counts, strict=True)]})
    params = {**notation.params(pos), **state.query()}
    return {"partners": [(c, words.player(c, capital=True)) for c in pos.players
                         if c != asking],
            "partner": value("partner", partner), "sides": sides,
            "hidden": [(k, params[k]) for k in TRADE_KEEPS if params.get(k)]}


def broken_context(pos: Table, state: UiState, built: notation.Built) -> dict:
    context = _base_context(pos, state)
    context.update({
        "error": built.error, "broken": True, "ruling": None, "board": "",
        "headword_url": (reverse("almanach:entry", kwargs={"slug": built.headword})
                         if built.headword else ""),
        "undo_url": (editor_url(replace(pos, pieces=pos.pieces[:-1]), state)
                     if pos.pieces else reverse("referee:editor")),
    })
    return context


def _draw_hint(state: UiState) -> str:
    if state.tool != "kreslit":
        return ""
    if not state.road_from:
        return "Silnice od–do: klepněte na křižovatku, kde silnice začíná."
    return ("Silnice od–do: klepněte na křižovatku, kam silnice vede (začíná na vyznačené "
            "křižovatce). Nová klepnutí ji prodlužují; klepnutí na vyznačenou křižovatku "
            "kreslení ukončí.")


def _headword_label(slug: str) -> str:
    from tutorial import narrate
    return narrate.headword(slug)

