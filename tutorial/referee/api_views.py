"""Rozhodčí's JSON API at /rozhodci/api: a position and a question in, the ruling out
(docs/rozhodci.md). Reading the body is :mod:`tutorial.referee.api`; this module asks."""

from __future__ import annotations

from django.http import HttpRequest, JsonResponse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from engine import InvalidInput, RuleViolation, referee
from tutorial.referee import api as api_input
from tutorial.referee import notation, rulings
from tutorial.referee.links import entry_url


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
        out["heslo"] = request.build_absolute_uri(entry_url(ruling.headword))
    for line in out.get("dusledky", []):
        line["heslo"] = request.build_absolute_uri(entry_url(line["heslo"]))
    return out


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
