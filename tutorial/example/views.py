"""Pages of the example game: the start, one page per step, and the whole replay as JSON.

Thin views: the replay (tutorial.example.replay) does the work; here we pick a step, build the
template context and choose between the full page and the htmx fragment.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import urlencode

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_safe
from django.views.decorators.vary import vary_on_headers

from config.context_processors import NO_SECTION
from engine import words
from tutorial import board_text, narrate
from tutorial.board_svg import render_board
from tutorial.example.notes import closing_notes, turn_notes
from tutorial.example.replay import Replay, Step, StepView, as_json, example_game

# The clues of the text that the reconstructed board and dice satisfy (EXAMPLE-GAME.md §1, §3).
CLUES = [
    "Padne-li 3, dostanou hráči dřevo z lesa a vlnu z pastviny (Pravidla hry).",
    "Modrý dostane za svou vesnici úplně nahoře 1 dřevo, 1 rudu a 1 vlnu.",
    "Na plánu jsou pastvina 8, pastvina 12, pahorkatina 9, pole 10, pahorkatina 8 a les 6,"
    " jak je jmenuje text.",
    "U pahorkatiny 9 stojí stavby bílého i červeného (červený tam má od 6. tahu město, text"
    " v 7. tahu mluví o vesnici – viz poznámku u 7. tahu); zloděj na poli 10 připraví o výnos"
    " červeného i modrého.",
    "Bílý má vesnici na pastvině 8 u přístavu na vlnu, kterou v 16. tahu využije.",
    "Hody 7 (7. tah), 8 (8. tah) a 10 (10. tah) určuje text; ostatní hody jsou dopočítané tak,"
    " aby seděly zmínky o kartách v rukou hráčů – až na jednu (viz poznámku u 2. tahu).",
    "Na konci má bílý 4 body a žádnou kartu, oranžový 3 body a 7 karet a město mu jistě umožní"
    " jen hod 5, 8 nebo 9 (osmička přes výměnu 4:1 s bankem, sedmička jen se šťastně"
    " ukradenou cihlou); červenému chybí na další vesnici jen 1 obilí.",
    "Tři věty textu (o rudě červeného ve 2. tahu, o vesnici červeného u pahorkatiny 9 v 7. tahu"
    " a o silnici modrého na konci) přehrávka splnit nedokáže; u každé z nich je na stránce"
    " tahu poznámka, proč.",
]



def _point_parts(state: dict, color: str) -> list[str]:
    """'2 vesnice', '1 město (2 body)', … : where a player's points come from."""
    pieces = [piece for owner, piece in state["buildings"].values() if owner == color]
    detail = state["players"][color]["points_detail"]
    parts = []
    settlements, cities = pieces.count("settlement"), pieces.count("city")
    if settlements:
        parts.append(words.plural_count(settlements, "vesnice", "vesnice", "vesnic"))
    if cities:
        parts.append(words.plural_count(cities, "město", "města", "měst")
                     + f" ({words.points(2 * cities)})")
    if detail.get("longest_road"):
        parts.append("Nejdelší obchodní cesta (2 body)")
    if detail.get("largest_army"):
        parts.append("Největší vojsko (2 body)")
    if detail.get("victory_cards"):
        parts.append(f"karty s vítězným bodem ({words.points(detail['victory_cards'])})")
    return parts


def _not_found(request: HttpRequest, message: str, example: bool = True) -> HttpResponse:
    title = "Tento krok příkladu neexistuje" if example else "Tento krok hry neexistuje"
    return render(request, "error.html", {
        "status": 404, "title": title, "message": message, **NO_SECTION,
    }, status=404)


@dataclass(frozen=True)
class StepPages:
    """Where the pages of one record live: the example game, or a game played on the site
    (tutorial.play). One viewer, one record format."""

    title: str
    home_url: str
    step_url: Callable[[int, int], str]
    turn_url: Callable[[int], str]
    example: bool = False  # the Almanach's own game: "Zkus sám" and "Hrát odsud"
    note_label: str = "Podle almanachu:"
    end_label: str = "konec příkladu"


def example_pages() -> StepPages:
    return StepPages(
        title="Příklad hry", home_url=reverse("example:game"), example=True,
        step_url=lambda turn, step: reverse("example:step", kwargs={"turn": turn, "step": step}),
        turn_url=lambda turn: reverse("example:turn", kwargs={"turn": turn}),
    )


def _step_url(step: Step, pages: StepPages | None = None) -> str:
    return (pages or example_pages()).step_url(step.turn, step.number)


def _board(rep: Replay | StepView, state: dict, changed: dict | None, title: str) -> str:
    changed = changed or {}
    # The renderer escapes every text it writes.
    return mark_safe(render_board(
        rep.position(state), title=title, stars=rep.starred,
        highlight_hexes=changed.get("hexes", ()), highlight_nodes=changed.get("nodes", ()),
        highlight_paths=changed.get("paths", ()),
    ))


def _players(rep: Replay | StepView, state: dict, changed: dict | None,
             current: str | None) -> list[dict]:
    """The players' side of a state; a hand the viewer may not see is None in the state
    (tutorial.narrate.visible_state), a face-down development card has the card None."""
    out = []
    hands_changed = (changed or {}).get("hands", {})
    for color in rep.players:
        data = state["players"][color]
        hand = data["hand"]
        cards = [
            {"resource": r, "name": words.resource_name(r)}
            for r in words.RESOURCES for _ in range(hand[r])
        ] if hand is not None else []
        parts = _point_parts(state, color)
        delta = hands_changed.get(color, {})
        out.append({
            "color": color,
            "name": words.player(color, capital=True),
            "current": color == current,
            "points": data["points"],
            "points_label": words.points(data["points"]),
            "points_parts": parts,
            "cards": cards,
            "card_count": words.card_count(len(cards) if hand is not None
                                           else data["hand_size"]),
            "hidden_hand": hand is None,
            "gained": words.join([words.count_resource(r, n, "nom") for r, n in delta.items()
                                  if n > 0]),
            "lost": words.join([words.count_resource(r, -n, "nom") for r, n in delta.items()
                                if n < 0]),
            "dev_cards": [
                {"name": words.DEV_CARDS[c["card"]] if c["card"] else "akční karta",
                 "new": c["new"], "hidden": c["card"] in ("victory_point", None)}
                for c in data["dev_cards"]
            ],
            "played": [words.DEV_CARDS[c] for c in data["played"]],
            "knights": data["knights"],
            "road_length": data["road_length"],
            "longest_road": data["longest_road"],
            "largest_army": data["largest_army"],
        })
    return out


def _bank(state: dict) -> list[dict]:
    return [{"resource": r, "name": words.resource_name(r), "count": state["bank"][r]}
            for r in words.RESOURCES]


def _rule_links(slugs: list[str]) -> list[dict]:
    return [{"label": narrate.headword(slug),
             "url": reverse("almanach:entry", kwargs={"slug": slug})} for slug in slugs]


def _try_links(step: Step, is_last: bool) -> list[dict]:
    """"Zkuste sami": sandboxes at the position before this step, chosen by what it does."""
    who = words.player(step.player)
    asks: list[tuple[dict, str]] = []
    for action in step.actions:
        kind = action["action"]
        if kind == "RollDice":
            total = sum(action["dice"])
            asks.append(({"druh": "sedmicka"}, "Sedmička: kolik karet kdo odhodí?") if total == 7
                        else ({"druh": "vynosy"}, f"Co kdo dostane při hodu {total}?"))
        elif kind == "BuildSettlement":
            asks.append(({"druh": "vesnice"}, f"Kde všude mohl {who} postavit vesnici?"))
        elif kind in ("BuildRoad", "PlayRoadBuilding"):
            asks.append(({"druh": "silnice"}, f"Kudy všude mohl {who} vést silnici?"))
        elif kind == "BuildCity":
            asks.append(({"druh": "stavba", "co": "mesto"}, f"Mohl {who} postavit město?"))
        elif kind == "BuyDevelopmentCard":
            asks.append(({"druh": "stavba", "co": "karta"}, f"Mohl {who} koupit akční kartu?"))
        elif kind == "TradeBank":
            resource = words.resource_word(action["give"], 1)
            asks.append(({"druh": "zamori", "surovina": action["give"]},
                         f"Za kolik karet může {who} měnit {resource} se zámořím?"))
    if is_last:
        asks += [({"druh": "nejdelsi-cesta"}, "Kdo drží Nejdelší obchodní cestu?"),
                 ({"druh": "vitez"}, "Kolik bodů má kdo?")]
    if not asks:
        asks.append(({"druh": "vesnice"}, f"Kde teď může {who} postavit vesnici?"))
    links, seen = [], set()
    for params, label in asks:
        key = tuple(sorted(params.items()))
        if key in seen:
            continue
        seen.add(key)
        query = urlencode({"tah": step.turn, "krok": step.number, **params, "hrac": step.player})
        links.append({"label": label, "url": f"{reverse('quizzes:try')}?{query}"})
    return links


def _turn_list(rep: Replay, pages: StepPages | None = None) -> list[dict]:
    pages = pages or example_pages()
    return [{
        "number": turn.number,
        "player": turn.player,
        "name": words.player(turn.player, capital=True),
        "summary": turn.summary,
        "url": pages.turn_url(turn.number),
    } for turn in rep.turns]


@require_safe
def game(request: HttpRequest) -> HttpResponse:
    rep = example_game()
    first = rep.step(1, 1)
    return render(request, "example/game.html", {
        "board": _board(rep, rep.start, None, "Výchozí postavení příkladu hry"),
        "board_text": board_text.by_hex(rep.position(rep.start)),
        "players": _players(rep, rep.start, None, None),
        "bank": _bank(rep.start),
        "clues": CLUES,
        "intro": rep.intro,
        "turns": _turn_list(rep),
        "first_url": _step_url(first),
    })


@require_safe
def turn(request: HttpRequest, turn: int) -> HttpResponse:
    return step(request, turn, 1)


@require_safe
@vary_on_headers("HX-Request")
def step(request: HttpRequest, turn: int, step: int) -> HttpResponse:
    return render_step(request, example_game(), turn, step, example_pages())


def _turn_entry(entry: tuple[int, str, str] | None, pages: StepPages) -> dict:
    if entry is None:
        return {"gap": True}
    number, color, summary = entry
    return {"number": number, "player": color, "name": words.player(color, capital=True),
            "summary": summary, "url": pages.turn_url(number)}


def render_step(request: HttpRequest, record, turn: int, step: int,
                pages: StepPages) -> HttpResponse:
    """One step of any record at the URLs ``pages`` gives: the example's Replay, or a
    played game's record (tutorial.play.record), each asked only for this step's view."""
    count = record.turn_count()
    if not 1 <= turn <= count:
        return _not_found(request, f"{pages.title} má jen {count} tahů (1 až {count}).",
                          pages.example)
    steps_here = record.step_count(turn)
    if not 1 <= step <= steps_here:
        steps_word = words.plural_count(steps_here, "krok", "kroky", "kroků")
        return _not_found(request, f"{turn}. tah má jen {steps_word}.", pages.example)
    view = record.step_view(turn, step)
    current_turn, here = view.turn, view.step
    player = words.player(current_turn.player, capital=True)
    title = f"{turn}. tah ({player}), krok {step} z {view.step_count}"
    context = {
        "pages": pages,
        "title": title,
        "turn": current_turn,
        "step": here,
        "player_name": player,
        "step_count": view.step_count,
        "steps_in_turn": [
            {"number": entry[0], "url": pages.step_url(turn, entry[0]),
             "current": entry[0] == step, "label": entry[1]} if entry else {"gap": True}
            for entry in view.step_labels
        ],
        "board": _board(view, here.state, here.changed, f"Herní plán po kroku: {title}"),
        "board_text": board_text.by_hex(view.position(here.state)),
        "players": _players(view, here.state, here.changed, current_turn.player),
        "bank": _bank(here.state),
        "rules": _rule_links(here.rules),
        # What the example says about its own text and reconstruction, not about a game
        # played on the site.
        "roll": ({"total": sum(here.roll), "from_text": here.roll_from_text}
                 if here.roll and pages.example else None),
        "turn_notes": turn_notes(turn) if pages.example else [],
        "closing_notes": closing_notes() if pages.example and view.next is None else [],
        "try_links": _try_links(here, view.next is None) if pages.example else [],
        "turns": [_turn_entry(entry, pages) for entry in view.turns],
        "prev_url": pages.step_url(*view.prev) if view.prev else pages.home_url,
        "next_url": pages.step_url(*view.next) if view.next else None,
        "first_url": pages.step_url(*view.first),
        "last_url": pages.step_url(*view.last),
        "is_last": view.next is None,
        "closing": view.closing if view.next is None else "",
    }
    # A history restore after a cache miss wants the whole page, not the fragment.
    fragment = request.htmx and not request.htmx.history_restore_request
    template = "example/step.html#step" if fragment else "example/step.html"
    return render(request, template, context)


@require_safe
def game_json(request: HttpRequest) -> JsonResponse:
    response = JsonResponse(as_json(example_game()), json_dumps_params={"ensure_ascii": False})
    response["Access-Control-Allow-Origin"] = "*"
    return response
