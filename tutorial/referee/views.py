"""Rozhodčí at /rozhodci/: rebuild the position on your table, ask, and the engine rules.

The whole state (position, tool, question) lives in the address: every tap is a plain link,
so the editor works without JavaScript; with htmx only the editor is swapped and the address
follows (HX-Push-Url). Nothing is stored on the server.
"""

from __future__ import annotations

import functools
import io
import json
from dataclasses import replace
from urllib.parse import urlencode

import segno
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST, require_safe
from django.views.decorators.vary import vary_on_headers

from engine import DEV_CARDS, RESOURCES, InvalidInput, RuleViolation, actions, referee, words
from engine import topology as topo
from tutorial import board_svg, pages
from tutorial.inputs import parse_int
from tutorial.referee import api as api_input
from tutorial.referee import forms as referee_forms
from tutorial.referee import notation, rulings
from tutorial.referee.notation import BadCode, Position

EDIT_TOOLS = {"vesnice": "settlement", "mesto": "city", "silnice": "road",
              "kreslit": "draw", "zlodej": "robber"}
TOOL_LABELS = {"vesnice": "Vesnice", "mesto": "Město", "silnice": "Silnice",
               "kreslit": "Silnice od–do", "zlodej": "Zloděj",
               "ptat": "Ptát se klepnutím"}
ASK_KINDS = {"vesnice": "Postavit vesnici", "mesto": "Postavit město",
             "silnice": "Postavit silnici", "zlodej": "Přesunout zloděje (a koho okrást)",
             "pristav": "Obchod s bankem (poměr)", "karta": "Zahrát akční kartu",
             "obchod": "Obchod mezi hráči",
             "vynuceny": "Vynucený obchod (obchodní karty)",
             "poust": "Zloděj na poušť (obchodní karty)",
             "vyradit": "Vyřadit rytíře za obchodní karty"}
TWO_PLAYER_KINDS = {"vynuceny": actions.ForcedTrade, "poust": actions.RobberToDesert,
                    "vyradit": actions.RetireKnight}
UI_PARAMS = ("n", "b", "otazka", "akce", "misto", "hod", "surovina", "karta", "nastaveni",
             "od", "partner", "dava", "bere")
# What the settings form carries along unchanged (the board taps set these).
FORM_KEEPS = ("plan", "f", "zlodej", "n", "b", "otazka", "akce", "hod", "surovina", "karta",
              "partner", "dava", "bere")
# What the trade question's form carries along (the position and the question).
TRADE_KEEPS = (*notation.POSITION_PARAMS, "n", "b", "otazka", "akce")
PHASES = referee_forms.PHASES


def _state(request: HttpRequest, pos: Position) -> dict:
    """The editor's UI state from the query (unknown values fall back to defaults)."""
    get = request.GET
    colors = pos.colors()
    color = get.get("b", "")
    color = notation.COLOR_LETTERS.get(color, "")
    if color not in colors:
        color = colors[0]
    question = get.get("otazka", "")
    if question not in rulings.QUESTIONS:
        question = ""
    tool = get.get("n", "")
    if tool not in (*EDIT_TOOLS, "ptat"):
        tool = "silnice"
    return {"n": tool, "b": notation.LETTER_OF[color], "color": color, "otazka": question,
            "akce": get.get("akce", "") if get.get("akce", "") in ASK_KINDS else "",
            "misto": get.get("misto", "")[:12], "hod": _roll(get.get("hod", "")),
            "surovina": get.get("surovina", "") if get.get("surovina") in RESOURCES else "",
            "karta": get.get("karta", "") if get.get("karta") in DEV_CARDS else "",
            "nastaveni": "1" if get.get("nastaveni") == "1" else "",
            # 'Obchod mezi hráči': the partner's letter and both sides' 5 counts.
            "partner": (get.get("partner", "") if notation.COLOR_LETTERS.get(
                get.get("partner", "")) in pos.players else ""),
            "dava": _trade_counts(get.get("dava", "")),
            "bere": _trade_counts(get.get("bere", "")),
            # "Silnice od–do": the intersection the next road starts from.
            "od": (get.get("od", "") if tool == "kreslit"
                   and get.get("od", "") in topo.INTERSECTION_INDEX else "")}


def _trade_counts(text: str) -> str:
    """Five counts 0–19 in base 36 (a trade's side), else "" (not chosen)."""
    if len(text) != 5 or any(d not in notation.DIGITS[:20] for d in text):
        return ""
    return text


def _roll(text: str) -> str:
    """A dice total 2–12 written in ASCII digits, else "" (no roll chosen)."""
    total = parse_int(text, 2, 12)
    return "" if total is None else str(total)


def editor_url(pos: Position, state: dict | None = None, *, base: str | None = None,
               **change) -> str:
    """The address of this position with this UI state (defaults left out). ``base``: the
    position's encoded parameters when the caller already has them (a page builds dozens
    of links, each with the whole position)."""
    ui = {**(state or {}), **change}
    extra = {}
    for key in UI_PARAMS:
        value = ui.get(key)
        if value and not (key == "n" and value == "silnice"):
            extra[key] = value
    if ui.get("b") == notation.LETTER_OF[pos.colors()[0]]:
        extra.pop("b", None)
    query = "&".join(q for q in (_encoded(pos) if base is None else base, urlencode(extra))
                     if q)
    return _editor_path() + ("?" + query if query else "")


def _encoded(pos: Position) -> str:
    return urlencode(notation.params(pos))


@functools.cache
def _editor_path() -> str:
    return reverse("referee:editor")


# Links that ask a question end with this anchor: without JavaScript the browser shows the
# answer at once; with htmx the response says so (HX-Reswap show:).
ANSWER = "#odpoved"


def _respond(request: HttpRequest, context: dict, status: int = 200) -> HttpResponse:
    # A history restore (Back after the cache ran out) wants the whole page.
    fragment = request.htmx and not request.htmx.history_restore_request
    template = "referee/editor.html#editor" if fragment else "referee/editor.html"
    response = render(request, template, context, status=status)
    if fragment:
        response["HX-Push-Url"] = context["self_url"]
        if "klik" not in request.GET and (context.get("ruling") or context.get("waiting")):
            response["HX-Reswap"] = f"outerHTML show:{ANSWER}:top"
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
    state = _state(request, pos)
    error = ""
    malformed = False
    trade_error = ""
    if "obchodovat" in request.GET:
        trade = referee_forms.TradeForm(request.GET, state["color"], pos.players)
        if trade.is_valid():
            partner, give, get = trade.trade()
            state.update(otazka="smi", akce="obchod", partner=notation.LETTER_OF[partner],
                         dava=_code(give), bere=_code(get))
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
            changed = (_tap(start, state, request.GET["klik"]) if "klik" in request.GET
                       else apply_form(start, request.GET))
        except BadCode as exc:
            changed, error, malformed = None, str(exc), True
            if "upravit" in request.GET:
                state["nastaveni"] = "1"
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
        return _respond(request, _broken_context(pos, state, built), status=400)
    submitted = request.GET if error and "upravit" in request.GET else None
    # Input that is not in the notation is a 400; htmx swaps only a 2xx, so the fragment
    # that shows the message to an htmx user comes as a 200.
    status = 400 if malformed and not request.htmx else 200
    context = _context(pos, state, built, error, submitted,
                       request.GET if trade_error else None)
    if trade_error:
        context["question_error"], context["ruling"] = trade_error, None
    return _respond(request, context, status=status)


def _code(counts: tuple[int, ...]) -> str:
    return "".join(notation.DIGITS[k] for k in counts)


def _tap(pos: Position, state: dict, place: str) -> Position:
    tool = EDIT_TOOLS.get(state["n"])
    if tool == "draw":
        if place not in topo.INTERSECTION_INDEX:
            raise BadCode("Klepněte na křižovatku.")
        place = notation._canonical("settlement", place)
        start = state["od"]
        # The first tap (or a tap on the start again) only chooses where roads start; the
        # next one lays them, and the road goes on from where it ended.
        state["od"] = "" if place == start else place
        if not start or start == place:
            return pos
        return notation.draw_road(pos, state["color"], start, place)
    if tool == "robber":
        if place not in topo.HEX_INDEX:
            raise BadCode("Zloděj stojí na poli.")
        return replace(pos, robber=place)
    if tool is None:
        raise BadCode("Zvolte, co chcete stavět.")
    known = topo.PATH_INDEX if tool == "road" else topo.INTERSECTION_INDEX
    if place not in known:
        raise BadCode("Takové místo na plánu není.")
    place = notation._canonical(tool, place)
    if len(pos.pieces) >= notation.MAX_PIECES:
        raise BadCode("Víc figurek se na plán nevejde.")
    return notation.toggle(pos, state["color"], tool, place)


def _counts(get, prefix: str, names, limit: int) -> tuple[int, ...]:
    out = []
    for name in names:
        value = parse_int((get.get(f"{prefix}-{name}") or "0").strip(), 0, limit)
        if value is None:
            raise BadCode(f"Počet musí být celé číslo 0–{limit} (číslicemi 0–9).")
        out.append(value)
    return tuple(out)


def apply_form(pos: Position, get) -> Position:
    """The 'Hráči, karty a tah' form: players, rules, hands, development cards, knights and
    whose turn it is (everything the board taps do not set)."""
    players = tuple(c for c in notation.ALL_COLORS if get.get(f"hraje-{c}"))
    rules = referee_forms.RulesForm(get).letters()
    if "2" in rules and len(players) != 2:
        raise BadCode("Katan pro dva hrají právě 2 hráči: zaškrtněte dvě barvy.")
    if len(players) < 2:
        raise BadCode("Hrají aspoň 2 hráči.")
    hands, dev, knights = {}, {}, []
    order = [c for c, _k in pos.knights] + [c for c in players if c not in dict(pos.knights)]
    counts = {}
    for color in players:
        hand = _counts(get, f"ruka-{color}", RESOURCES, 19)
        cards = _counts(get, f"karty-{color}", DEV_CARDS, 14)
        if any(hand) or get.get(f"ruka-znama-{color}"):
            hands[color] = hand
        if any(cards):
            dev[color] = cards
        counts[color] = _counts(get, "rytiri", [color], 14)[0]
    knights = [(c, counts[c]) for c in order if c in counts and counts[c]]
    current = get.get("na-tahu", "")
    phase = get.get("faze", "")
    if current not in players:
        current = phase = ""
    elif phase not in _phases_of(rules):
        phase = notation.default_phase(replace(pos, rules=rules))
    turn = referee_forms.TurnForm(get, players, two_player="2" in rules)
    if not turn.is_valid():
        raise BadCode(turn.first_error())
    pieces = tuple(p for p in pos.pieces
                   if p[0] in players or ("2" in rules and len(players) == 2))
    colors = notation.Position(players=players, rules=rules).colors()
    road = _holder_field(get, "drzitel-cesta", colors, pos.road_holder)
    army = _holder_field(get, "drzitel-vojsko", players, pos.army_holder)
    return replace(pos, players=players, rules=rules, hands=hands, dev=dev,
                   knights=tuple(knights), current=current, phase=phase, pieces=pieces,
                   road_holder=road, army_holder=army, **turn.turn_state())


def _phases_of(rules) -> tuple[str, ...]:
    """The phases a turn may be in under these rules (the engine's names)."""
    play = ("main",) if "k" in rules else ("trade", "build")
    return ("roll", *play, "discard", "robber", "setup")


HOLDER_UNKNOWN_VALUE = "?"


def _holder_field(get, name: str, colors, before):
    """A holder chosen in the form: "?" not known, "n" nobody, a colour letter. Left out of
    the submission (an older form): the holder stays as it was."""
    if name not in get:
        return before
    value = get.get(name, "")
    if value == HOLDER_UNKNOWN_VALUE:
        return notation.UNKNOWN
    if value == notation.NOBODY_LETTER:
        return None
    color = notation.COLOR_LETTERS.get(value)
    if color is None:
        raise BadCode("Držitel karty je barva, nikdo, nebo nevím.")
    if color not in colors:
        raise BadCode(f"{words.player(color, capital=True)} v této hře nehraje, kartu mít "
                      "nemůže.")
    return color


def _known(pos: Position) -> rulings.Known:
    # Who said which cards he bought in this turn said which cards he holds.
    return rulings.Known(turn=bool(pos.current), hands=frozenset(pos.hands),
                         dev=frozenset(pos.dev) | frozenset(pos.new_dev))


def ask(pos: Position, state: dict, built: notation.Built) -> rulings.Ruling | None:
    """The ruling for the question in the address, or None while it waits for a tap."""
    game, known, color = built.game, _known(pos), state["color"]
    question = state["otazka"]
    place = state["misto"]
    if color not in game.players and question not in ("nejdelsi-cesta", "vynosy", "body",
                                                       "kdo-vyhral", "sedmicka"):
        raise rulings.BadQuestion("Neutrální barva se na nic neptá: zvolte hráče.")
    if question == "nejdelsi-cesta":
        return rulings.longest_road(game, built.cards)
    if question == "kam-stavet":
        return rulings.where_to_build(game, color)
    if question == "body":
        return rulings.points(game, known)
    if question == "kdo-vyhral":
        return rulings.who_won(game, known)
    if question == "sedmicka":
        return rulings.seven(game, known)
    if question == "vynosy":
        if not state["hod"].isdigit():
            return None
        return rulings.yields(game, int(state["hod"]), known)
    if question == "koho-okrast":
        return rulings.whom_to_rob(game, color, place, known) if place else None
    if question != "smi":
        return None
    kind = state["akce"]
    if kind == "pristav":
        return rulings.rate_ruling(game, color, state["surovina"]) if state["surovina"] else None
    if kind == "karta":
        return rulings.card_ruling(game, color, state["karta"], known) if state["karta"] else None
    if kind in TWO_PLAYER_KINDS:
        if not game.rules.two_player:
            raise rulings.BadQuestion("Obchodní karty jsou jen v Katanu pro dva.")
        return rulings.may(game, TWO_PLAYER_KINDS[kind](color), known)
    if kind == "obchod":
        if not (state["partner"] and state["dava"] and state["bere"]):
            return None
        give, get = (dict(zip(RESOURCES, (notation.DIGITS.index(d) for d in state[side]),
                              strict=True)) for side in ("dava", "bere"))
        partner = notation.COLOR_LETTERS[state["partner"]]
        return rulings.may(game, actions.TradePlayers(
            color, partner, {r: k for r, k in give.items() if k},
            {r: k for r, k in get.items() if k}), known)
    if not kind or not place:
        return None
    try:
        action = _board_action(kind, color, place)
    except (KeyError, InvalidInput):
        raise rulings.BadQuestion("Klepněte na místo na plánu.") from None
    return rulings.may(game, action, known)


def _board_action(kind: str, color: str, place: str) -> actions.Action:
    if kind == "zlodej":
        topo.HEX_INDEX[place]
        return actions.MoveRobber(color, place)
    if kind == "silnice":
        return actions.BuildRoad(color, notation._canonical("road", place))
    node = notation._canonical("settlement", place)
    return (actions.BuildCity if kind == "mesto" else actions.BuildSettlement)(color, node)


def _targets(pos: Position, state: dict) -> tuple[str, list[str]]:
    """What a tap on the board does ("klik": edit, "misto": ask) and on which places."""
    tool = state["n"]
    if tool == "ptat":
        question, kind = state["otazka"], state["akce"]
        if question == "koho-okrast" or (question == "smi" and kind == "zlodej"):
            return "misto", list(topo.HEX_IDS)
        if question == "smi" and kind == "silnice":
            return "misto", list(topo.PATH_IDS)
        if question == "smi" and kind in ("vesnice", "mesto"):
            return "misto", list(topo.INTERSECTION_IDS)
        return "", []
    kind = EDIT_TOOLS[tool]
    if kind == "robber":
        return "klik", list(topo.HEX_IDS)
    if kind == "draw":
        return "klik", list(topo.INTERSECTION_IDS)
    return "klik", list(topo.PATH_IDS if kind == "road" else topo.INTERSECTION_IDS)


def _board(pos: Position, state: dict, game, ruling, self_url: str) -> str:
    param, places = _targets(pos, state)
    separator = "&" if "?" in self_url else "?"
    base = _encoded(pos)

    def target_url(place: str) -> str:
        if param == "misto":
            return editor_url(pos, state, base=base, misto=place) + ANSWER
        return f"{self_url}{separator}klik={place}"

    hexes, nodes, paths = set(), set(), set()
    trail: list[str] = []
    if ruling is not None:
        for place in ruling.highlight:
            if place in topo.HEX_INDEX:
                hexes.add(place)
            elif place in topo.INTERSECTION_INDEX:
                nodes.add(place)
            elif place in topo.PATH_INDEX:
                paths.add(place)
        trail = [p for paths_ in ruling.trails.values() for p in paths_]
    if state["od"]:
        nodes.add(state["od"])
    kw = {}
    if places:
        kind = ("hex_targets" if places[0] in topo.HEX_INDEX
                else "path_targets" if places[0] in topo.PATH_INDEX else "node_targets")
        kw = {kind: places, "target_url": target_url}
    if places:
        kw["target_label"] = _labels(pos.plan).__getitem__
    return board_svg.render_board(
        game, highlight_hexes=hexes, highlight_nodes=nodes, highlight_paths=paths,
        trail=trail, title="Herní plán rozhodčího",
        css_class="board-empty" if pos.plan == "p" else "", **kw)


@functools.lru_cache(maxsize=32)
def _labels(plan: str) -> dict[str, str]:
    """The accessible name of every place of a board, as the board drawing words it (made
    once per board: a page has up to 72 targets)."""
    board = notation.board_of(plan)
    position = {"hexes": {h: [board.terrain(h), board.number(h)] for h in topo.HEX_IDS}}
    labels = {n: f"Křižovatka {board_svg.node_name(position, n)}"
              for n in topo.INTERSECTION_IDS}
    labels.update({p: f"Cesta {board_svg.path_name(position, p)}" for p in topo.PATH_IDS})
    labels.update({h: board_svg.hex_name(position, h).capitalize() for h in topo.HEX_IDS})
    return labels


def _links(pos: Position, state: dict) -> dict:
    base = _encoded(pos)
    colors = [{"letter": notation.LETTER_OF[c], "name": words.player(c, capital=True),
               "color": c, "url": editor_url(pos, state, base=base, b=notation.LETTER_OF[c], od=""),
               "current": c == state["color"], "neutral": c not in pos.players}
              for c in pos.colors()]
    tools = [{"key": key, "label": label,
              "url": editor_url(pos, state, base=base, n=key,
                                **({} if key == "ptat" else {"misto": ""})),
              "current": key == state["n"]}
             for key, label in TOOL_LABELS.items() if key != "ptat"]
    place_questions = {"koho-okrast"}
    questions = []
    for key, label in rulings.QUESTIONS.items():
        change = {"otazka": key, "misto": ""}
        if key in place_questions:
            change["n"] = "ptat"
        questions.append({"key": key, "label": label,
                          "url": editor_url(pos, state, base=base, **change) + ANSWER,
                          "current": key == state["otazka"]})
    kinds = [{"key": key, "label": label, "current": key == state["akce"],
              "url": editor_url(pos, state, base=base, otazka="smi", akce=key, misto="",
                                n="ptat" if key in ("vesnice", "mesto", "silnice", "zlodej")
                                else state["n"]) + ANSWER}
             for key, label in ASK_KINDS.items()
             if key not in TWO_PLAYER_KINDS or pos.two_player]
    rolls = [{"total": t, "current": str(t) == state["hod"],
              "url": editor_url(pos, state, base=base, otazka="vynosy", hod=str(t)) + ANSWER}
             for t in range(2, 13)]
    resources = [{"key": r, "label": words.resource_name(r), "current": r == state["surovina"],
                  "url": editor_url(pos, state, base=base, surovina=r) + ANSWER}
                 for r in RESOURCES]
    cards = [{"key": c, "label": words.DEV_CARDS[c], "current": c == state["karta"],
              "url": editor_url(pos, state, base=base, karta=c) + ANSWER} for c in DEV_CARDS]
    return {"colors": colors, "tools": tools, "questions": questions, "kinds": kinds,
            "rolls": rolls, "resources": resources, "cards": cards}


def _starts() -> list[dict]:
    beginner = notation.Position(pieces=tuple(
        (c, p, notation._canonical(p, place))
        for c, p, place in _beginner_pieces()))
    return [
        {"label": "Plán pro začátečníky se startovním rozmístěním",
         "url": editor_url(beginner)},
        {"label": "Plán pro začátečníky bez figurek", "url": editor_url(notation.Position())},
        {"label": "Prázdný plán (jen tvar)", "url": editor_url(notation.Position(plan="p"))},
    ]


def _beginner_pieces():
    from tutorial.quiz.position import beginner_pieces
    return beginner_pieces()


def _form(pos: Position, state: dict, submitted=None) -> dict:
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
    params = {**notation.params(pos), **state}
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


def _base_context(pos: Position, state: dict, submitted=None, cards=None) -> dict:
    self_url = editor_url(pos, state)
    return {"pos": pos, "state": state, "self_url": self_url,
            "qr_url": reverse("referee:qr") + self_url[len(reverse("referee:editor")):],
            "starts": _starts(),
            # The form shows who holds the cards now, as the rules decided it.
            "form": (_form(pos if cards is None else notation.decided(pos, cards), state,
                           submitted) if state["nastaveni"] else None),
            "settings_url": editor_url(pos, state, nastaveni="1"),
            "close_settings_url": editor_url(pos, state, nastaveni=""),
            **_links(pos, state)}


def _context(pos: Position, state: dict, built: notation.Built, error: str,
             submitted=None, trade_submitted=None) -> dict:
    context = _base_context(pos, state, submitted, built.cards)
    ruling = None
    question_error = ""
    try:
        ruling = ask(pos, state, built)
    except rulings.BadQuestion as exc:
        question_error = str(exc)
    game = built.game
    context.update({
        "error": error, "question_error": question_error, "ruling": ruling,
        "headword_url": (reverse("almanach:entry", kwargs={"slug": ruling.headword})
                         if ruling and ruling.headword else ""),
        "headword_label": _headword_label(ruling.headword) if ruling else "",
        "consequences": [{"text": c.text, "url": _entry_url(c.headword),
                          "label": _headword_label(c.headword)}
                         for c in (ruling.consequences if ruling else [])],
        "board": _board(pos, state, game, ruling, context["self_url"]),
        "turn": (f"Na tahu {words.player(game.current_player)}, fáze: {PHASES[game.phase]}."
                 if pos.current and game.phase in PHASES else ""),
        "trade_form": (_trade_form(pos, state, trade_submitted)
                       if state["otazka"] == "smi" and state["akce"] == "obchod" else None),
        "waiting": _waiting(state),
        "draw_hint": _draw_hint(state),
        "piece_count": len(pos.pieces),
        "undo_url": (editor_url(replace(pos, pieces=pos.pieces[:-1]), state)
                     if pos.pieces else ""),
        "quiz_url": _quiz_url(pos, state),
        "position_json": json.dumps(notation.to_json(pos, game), ensure_ascii=False),
    })
    return context


def _trade_form(pos: Position, state: dict, submitted=None) -> dict:
    """'Obchod mezi hráči': the question's fields (what was asked, or what was typed)."""
    def value(name: str, default) -> str:
        return str(submitted.get(name, "")) if submitted is not None else str(default)

    asking = state["color"]
    partner = notation.COLOR_LETTERS.get(state["partner"], "")
    sides = []
    for side, label in (("dava", f"{words.player(asking, capital=True)} dá"),
                        ("bere", f"{words.player(asking, capital=True)} dostane")):
        counts = [notation.DIGITS.index(d) for d in state[side]] or [0] * 5
        sides.append({"label": label, "fields": [
            {"name": f"{side}-{r}", "label": words.resource_name(r),
             "value": value(f"{side}-{r}", k)} for r, k in zip(RESOURCES, counts, strict=True)]})
    params = {**notation.params(pos), **state}
    return {"partners": [(c, words.player(c, capital=True)) for c in pos.players
                         if c != asking],
            "partner": value("partner", partner), "sides": sides,
            "hidden": [(k, params[k]) for k in TRADE_KEEPS if params.get(k)]}


def _quiz_url(pos: Position, state: dict) -> str:
    """"Přidat do kvízu": the teacher's form for this position (the sign-in first for
    anybody else). The page stays the same for everybody, so it may be cached."""
    extra = {"b": state["b"], **({"hod": state["hod"]} if state["hod"].isdigit() else {})}
    query = "&".join(q for q in (_encoded(pos), urlencode(extra)) if q)
    return f"{reverse('lessons:position_add')}?{query}"


def _broken_context(pos: Position, state: dict, built: notation.Built) -> dict:
    context = _base_context(pos, state)
    context.update({
        "error": built.error, "broken": True, "ruling": None, "board": "",
        "headword_url": (reverse("almanach:entry", kwargs={"slug": built.headword})
                         if built.headword else ""),
        "undo_url": (editor_url(replace(pos, pieces=pos.pieces[:-1]), state)
                     if pos.pieces else reverse("referee:editor")),
    })
    return context


def _draw_hint(state: dict) -> str:
    if state["n"] != "kreslit":
        return ""
    if not state["od"]:
        return "Silnice od–do: klepněte na křižovatku, kde silnice začíná."
    return ("Silnice od–do: klepněte na křižovatku, kam silnice vede (začíná na vyznačené "
            "křižovatce). Nová klepnutí ji prodlužují; klepnutí na vyznačenou křižovatku "
            "kreslení ukončí.")


def _waiting(state: dict) -> str:
    question, kind = state["otazka"], state["akce"]
    if question == "koho-okrast" and not state["misto"]:
        return "Klepněte na pole, kam zloděj jde."
    if question == "vynosy" and not state["hod"].isdigit():
        return "Zvolte, co padlo na kostkách."
    if question == "smi" and not kind:
        return "Zvolte, na co se ptáte."
    if question == "smi" and kind in ("vesnice", "mesto", "silnice", "zlodej") \
            and not state["misto"]:
        return "Klepněte na místo na plánu."
    if question == "smi" and kind == "pristav" and not state["surovina"]:
        return "Zvolte surovinu, kterou chcete dát do banku."
    if question == "smi" and kind == "karta" and not state["karta"]:
        return "Zvolte akční kartu."
    if question == "smi" and kind == "obchod" and not (state["partner"] and state["dava"]
                                                      and state["bere"]):
        return "Vyplňte, s kým se obchoduje a co za co, a zeptejte se."
    return ""


def _headword_label(slug: str) -> str:
    from tutorial import narrate
    return narrate.headword(slug)


# --- starting points from other pages -----------------------------------------------------

def from_example_url(turn: int, step: int) -> str:
    """'Rozhodnout odsud' on a step of the example game."""
    return reverse("referee:from_example", kwargs={"turn": turn, "step": step})


def from_play_url(game_id: str) -> str:
    """'Rozhodnout odsud' in a Hrát game."""
    return reverse("referee:from_play", kwargs={"game_id": game_id})


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
    from tutorial.play import store

    row = store.find(game_id)
    if row is None:
        return _message(request, "Hra nenalezena", "Tato hra neexistuje nebo už byla smazána.",
                        404, reverse("play:index"), "Hrát")
    try:
        setup = store.setup_of(row)
        game = store.game_of(row)
    except store.Unreadable:
        return _message(request, "Hru nelze přečíst", "Záznam této hry nejde přehrát.", 400,
                        reverse("play:index"), "Hrát")
    # Only the cards the player at this screen may see: his own (all of them when only
    # computers play, as the table shows them).
    if not setup.people:
        shown = None
    elif len(setup.people) == 1:
        shown = {setup.people[0]}
    else:  # several people at one device: whoever's cards the table shows now, none while
        # the device is being handed over
        acting = game.acting_player
        handoff = acting in setup.people and row.shown_to != acting
        shown = {row.shown_to} if row.shown_to and not handoff else set()
    plan = f"v{setup.seed}" if setup.plan == "variabilni" else "z"
    return redirect(editor_url(notation.from_game(game, plan, shown)))


@require_safe
def qr(request: HttpRequest) -> HttpResponse:
    """A QR code of this position's address, to put on the table."""
    try:
        pos = notation.parse(request.GET)
    except BadCode as exc:
        return HttpResponse(str(exc), status=400, content_type="text/plain; charset=utf-8")
    state = _state(request, pos)
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


# --- JSON API -------------------------------------------------------------------------------

def _api_error(message: str, code: str = "", status: int = 400) -> JsonResponse:
    return JsonResponse({"chyba": message, **({"kod": code} if code else {})}, status=status,
                        json_dumps_params={"ensure_ascii": False})


# No CSRF token on purpose: the API reads no cookie and changes nothing, and it takes only
# Content-Type: application/json, which no cross-site form can send (docs/rozhodci.md).
@csrf_exempt
@require_POST
def api(request: HttpRequest) -> JsonResponse:
    try:
        body = api_input.read_body(request.content_type, request.META.get("CONTENT_LENGTH"),
                                   request.body)
        out = _api_answer(request, body)
    except api_input.Refused as exc:
        return _api_error(exc.message, exc.code, exc.status)
    return JsonResponse(out, json_dumps_params={"ensure_ascii": False})


def _api_answer(request: HttpRequest, body: dict) -> dict:
    position = body.get("position", {})
    question = body.get("otazka")
    if not isinstance(question, str) or question not in rulings.QUESTIONS:
        raise api_input.Refused("Otázka (otazka) musí být jedna z: "
                                + ", ".join(rulings.QUESTIONS) + ".")
    if not isinstance(position, dict):
        raise api_input.Refused("Pozice (position) musí být objekt JSON.")
    try:
        game = referee.position_from_json(position)
        ruling = _api_ruling(game, position, question, body)
    except (InvalidInput, RuleViolation) as exc:
        raise api_input.Refused(exc.message, 400, exc.code or "") from None
    except rulings.BadQuestion as exc:
        raise api_input.Refused(str(exc)) from None
    out = ruling.to_json()
    if ruling.headword:
        out["heslo"] = request.build_absolute_uri(_entry_url(ruling.headword))
    for line in out.get("dusledky", []):
        line["heslo"] = request.build_absolute_uri(_entry_url(line["heslo"]))
    return out


def _entry_url(slug: str) -> str:
    return reverse("almanach:entry", kwargs={"slug": slug})


def _api_ruling(game, position: dict, question: str, body: dict) -> rulings.Ruling:
    hands = position.get("hands") if isinstance(position.get("hands"), dict) else {}
    dev = set()
    for key in ("dev_cards", "dev_cards_new"):
        if isinstance(position.get(key), dict):
            dev |= set(position[key])
    # A phase only a turn can be in (after a 7, the set-up) says whose turn it is too.
    turn = "current" in position or position.get("phase") in notation.LOADED_PHASES
    known = rulings.Known(turn=turn, hands=frozenset(hands), dev=frozenset(dev))
    color = api_input.text_or_none(body, "barva", "Barva")
    if question == "smi":
        akce = body.get("akce")
        if not isinstance(akce, dict):
            raise rulings.BadQuestion("Otázka „smi“ potřebuje akci (akce) ve tvaru JSON "
                                      "enginu, např. {\"type\": \"build_road\", \"player\": "
                                      "\"red\", \"path\": \"b3|b4\"}.")
        player = api_input.text_or_none(akce, "player", "Hráč akce")
        if akce.get("type") == "trade_rate":
            return rulings.rate_ruling(game, player,
                                       api_input.text_or_none(akce, "resource", "Surovina"))
        card = _CARD_OF.get(akce.get("type")) if isinstance(akce.get("type"), str) else None
        if card and set(akce) <= {"type", "player"}:
            return rulings.card_ruling(game, player, card, known)
        return rulings.may(game, api_input.action_of(akce), known)
    if question == "nejdelsi-cesta":
        return rulings.longest_road(game, _api_cards(game, position))
    if question == "kam-stavet":
        return rulings.where_to_build(game, color)
    if question == "koho-okrast":
        hex_id = api_input.text_or_none(body, "pole", "Pole")
        if hex_id is None:
            raise rulings.BadQuestion("Otázka „koho-okrast“ potřebuje pole (pole), např. \"c3\".")
        return rulings.whom_to_rob(game, color, hex_id, known)
    if question == "vynosy":
        total = body.get("hod")
        if not isinstance(total, int) or isinstance(total, bool):
            raise rulings.BadQuestion("Otázka „vynosy“ potřebuje součet hodu (hod) 2–12.")
        return rulings.yields(game, total, known)
    if question == "kdo-vyhral":
        return rulings.who_won(game, known)
    if question == "sedmicka":
        return rulings.seven(game, known)
    return rulings.points(game, known)


def _api_cards(game, position: dict) -> referee.SpecialCards:
    """Who holds the special cards, decided from the holders the position claims (left out:
    not known), exactly as position_from_json decided them."""
    return referee.special_card_holders(
        game, claimed_longest_road=position.get("longest_road_holder", referee.UNKNOWN),
        claimed_largest_army=position.get("largest_army_holder", referee.UNKNOWN))


_CARD_OF = {"play_knight": "knight", "play_road_building": "road_building",
            "play_year_of_plenty": "year_of_plenty", "play_monopoly": "monopoly"}
