"""What the game page shows (no HTTP here): the board with its tap targets, the moves the
person may make grouped by kind, why a spot is refused, the players' cards as far as the
viewer may see them."""

from __future__ import annotations

import json

from django.urls import reverse
from django.utils.safestring import mark_safe

from engine import Game, actions, words
from engine import topology as topo
from engine.errors import InvalidInput, RuleViolation
from tutorial import board_svg, narrate
from tutorial.play import flow

PHASES = {
    "setup": "vesnice a k ní silnice", "roll": "hod kostkami", "discard": "odhazování po sedmičce",
    "robber": "přesun zloděje", "trade": "obchod", "build": "stavění",
    "main": "obchod a stavění", "offer": "odpověď na nabídku obchodu",
    "neutral": "stavba pro neutrálního hráče", "give_back": "vracení karet", "over": "konec hry",
}
# "Co můžu dělat?": the kinds of moves, in the order a turn meets them.
KINDS = (
    ("Fáze zakládání", ("PlaceSettlement", "PlaceRoad")),
    ("Hod kostkami", ("RollDice",)),
    ("Odhodit polovinu karet", ("Discard",)),
    ("Přemístit zloděje", ("MoveRobber",)),
    ("Odpovědět na nabídku", ("AcceptTrade", "DeclineTrade", "CounterOffer")),
    ("Vrátit karty", ("GiveBack",)),
    ("Stavět pro neutrálního hráče", ("BuildNeutralSettlement", "BuildNeutralRoad")),
    ("Stavět", ("BuildSettlement", "BuildCity", "BuildRoad")),
    ("Koupit akční kartu", ("BuyDevelopmentCard",)),
    ("Zahrát akční kartu", ("PlayKnight", "PlayRoadBuilding", "PlayYearOfPlenty",
                            "PlayMonopoly")),
    ("Obchod s bankem a v přístavu", ("TradeBank",)),
    ("Nabídnout obchod spoluhráčům", ("OfferTrade",)),
    ("Obchodní karty", ("ForcedTrade", "RobberToDesert", "RetireKnight")),
    ("Ukončit", ("EndTrade", "EndTurn")),
)
# Every way to discard half of a big hand would drown the page: the discard form takes any.
SHOWN_DISCARDS = 12
NODE_ACTIONS = ("PlaceSettlement", "BuildSettlement", "BuildCity", "BuildNeutralSettlement")
PATH_ACTIONS = ("PlaceRoad", "BuildRoad", "BuildNeutralRoad")


def action_json(action: actions.Action) -> str:
    return json.dumps(action.to_json(), ensure_ascii=False, separators=(",", ":"))


def place_of(action: actions.Action) -> tuple[str, str] | None:
    """("node" | "path" | "hex", canonical id) where the action happens on the board."""
    name = type(action).__name__
    if name in NODE_ACTIONS:
        return "node", board_svg.canonical_node(action.node)
    if name in PATH_ACTIONS:
        return "path", board_svg.canonical_path(action.path)
    if name in ("MoveRobber", "PlayKnight"):
        return "hex", action.hex
    return None


def canonical_place(place: str) -> set[tuple[str, str]]:
    """Every (kind, id) an id from a link can name: "e1.SE" is a corner and a coastal path."""
    found = set()
    if place in topo.INTERSECTION_INDEX:
        found.add(("node", board_svg.canonical_node(place)))
    if place in topo.PATH_INDEX:
        found.add(("path", board_svg.canonical_path(place)))
    if place in topo.HEX_INDEX:
        found.add(("hex", place))
    return found


def button(game: Game, action: actions.Action, position: dict) -> dict:
    rate = 4
    if isinstance(action, actions.TradeBank):
        rate = game.trade_rate(action.player, action.give)
    return {"label": flow.label(action, position, rate), "json": action_json(action)}


def person_actions(game: Game) -> list[actions.Action]:
    """The legal actions a person is offered: in the trade phase also the builds (which
    end the trade); an agreed trade without asking the partner (TradePlayers, kept for
    records) is not one of them."""
    legal = [a for a in game.legal_actions() if not isinstance(a, actions.TradePlayers)]
    if game.phase == "trade":
        legal += [a for a in flow.after_trade(game).legal_actions()
                  if isinstance(a, flow.BUILDING)]
    return legal


def choices(game: Game, legal: list[actions.Action], position: dict) -> list[dict]:
    """'Co můžu dělat?': the legal moves grouped by kind, each a ready button."""
    groups = []
    for title, names in KINDS:
        found = [a for a in legal if type(a).__name__ in names]
        if not found:
            continue
        shown = found[:SHOWN_DISCARDS] if names[0] == "Discard" else found
        groups.append({
            "title": title,
            "count": len(found),
            "buttons": [button(game, a, position) for a in shown],
            "more": len(found) - len(shown),
            "kind": names[0],
        })
    return groups


def targets(legal: list[actions.Action], mode: str) -> dict[str, list[str]]:
    """Tap targets: where the person may act now. Modes: "rytir" (where a knight may send
    the robber), "proc-krizovatky" / "proc-cesty" (every spot, to ask why not)."""
    if mode == "proc-krizovatky":
        return {"node": list(topo.INTERSECTION_IDS), "path": [], "hex": []}
    if mode == "proc-cesty":
        return {"node": [], "path": list(topo.PATH_IDS), "hex": []}
    out: dict[str, list[str]] = {"node": [], "path": [], "hex": []}
    for action in legal:
        knight = isinstance(action, actions.PlayKnight)
        if knight != (mode == "rytir"):
            continue
        place = place_of(action)
        if place and place[1] not in out[place[0]]:
            out[place[0]].append(place[1])
    return out


def spot(game: Game, legal: list[actions.Action], place: str, mode: str,
         position: dict) -> dict | None:
    """The panel for a tapped spot: the moves possible there, or why none is."""
    places = canonical_place(place)
    if not places:
        return None
    knight = mode == "rytir"
    here = [a for a in legal if place_of(a) in places
            and isinstance(a, actions.PlayKnight) == knight]
    names = [_place_name(position, kind, pid) for kind, pid in sorted(places)]
    panel = {"name": " / ".join(names), "buttons": [button(game, a, position) for a in here],
             "reasons": []}
    if not here:
        panel["reasons"] = why_not(game, places)
    return panel


def _place_name(position: dict, kind: str, place: str) -> str:
    if kind == "node":
        return "Křižovatka " + board_svg.node_name(position, place)
    if kind == "path":
        return "Cesta " + board_svg.path_name(position, place)
    return board_svg.hex_name(position, place).capitalize()


def why_not(game: Game, places: set[tuple[str, str]]) -> list[dict]:
    """'Proč ne tady?': the engine's reason for each thing one might try on the spot."""
    color = game.acting_player
    if color is None:
        return []
    reasons = []
    for kind, place in sorted(places):
        for action in _tries(game, color, kind, place):
            reason = _refusal(game, action)
            if reason:
                reasons.append(reason)
        if kind == "node" and game.phase != "setup":
            reasons += _place_reason(game.why_not_settlement(color, place), reasons)
        if kind == "path" and game.phase != "setup":
            reasons += _place_reason(game.why_not_road(color, place), reasons)
    return reasons or [{"message": "Tady teď nic dělat nemůžete.", "url": "", "label": ""}]


def _tries(game: Game, color: str, kind: str, place: str) -> list[actions.Action]:
    setup = game.phase == "setup"
    if kind == "node":
        owner = game.buildings.get(place)
        if owner and owner[0] == color and owner[1] == "settlement":
            return [actions.BuildCity(color, place)]
        return [actions.PlaceSettlement(color, place) if setup
                else actions.BuildSettlement(color, place)]
    if kind == "path":
        return [actions.PlaceRoad(color, place) if setup else actions.BuildRoad(color, place)]
    return [actions.MoveRobber(color, place)] if game.phase == "robber" else []


def _refusal(game: Game, action: actions.Action) -> dict | None:
    try:
        if isinstance(action, flow.BUILDING):
            flow.after_trade(game).check(action)
        else:
            game.check(action)
    except (RuleViolation, InvalidInput) as exc:
        return explain(exc)
    return None


def _place_reason(exc: RuleViolation | None, already: list[dict]) -> list[dict]:
    """The place's own rule, when the engine's first reason was another (roll first…)."""
    if exc is None:
        return []
    reason = explain(exc)
    if any(r["message"] == reason["message"] for r in already):
        return []
    reason["message"] = "A i kdybyste měli suroviny a byl čas stavět: " + reason["message"]
    return [reason]


def explain(exc: RuleViolation | InvalidInput) -> dict:
    """A refusal as the page shows it: the engine's Czech sentence and the Almanach link."""
    slug = getattr(exc, "headword", "") or ""
    return {"message": exc.message,
            "url": reverse("almanach:entry", kwargs={"slug": slug}) if slug else "",
            "label": narrate.headword(slug) if slug else ""}


def board(game: Game, position: dict, target_lists: dict, target_url, title: str,
          highlight: dict | None = None) -> str:
    highlight = highlight or {}
    return mark_safe(board_svg.render_board(  # the renderer escapes every text it writes
        position, title=title, node_targets=target_lists["node"],
        path_targets=target_lists["path"], hex_targets=target_lists["hex"],
        target_url=target_url, highlight_nodes=highlight.get("nodes", ()),
        highlight_paths=highlight.get("paths", ()), css_class="play-board",
    ))


def players(game: Game, viewer: str | None, everyone: bool) -> list[dict]:
    """Each player's public side; the hand and cards only for the viewer (or everyone
    when only computer players play)."""
    out = []
    for color in game.players:
        mine = everyone or color == viewer
        points = game.points(color, include_hidden=mine)
        hand = game.hand(color)
        dev = game.dev_cards(color)
        entry = {
            "color": color,
            "name": words.player(color, capital=True),
            "current": color == game.current_player,
            "acting": color == game.acting_player,
            "mine": mine,
            "points": words.points(points["total"]),
            "card_count": words.card_count(game.hand_size(color)),
            "cards": [{"resource": r, "name": words.resource_name(r)}
                      for r in words.RESOURCES for _ in range(hand.get(r, 0))] if mine else [],
            "dev_cards": [{"name": words.DEV_CARDS[c], "new": new} for c, new in dev] if mine
            else [],
            "dev_count": len(dev),
            "played": [words.DEV_CARDS[c] for c in game.played_cards(color)],
            "knights": game.played_knights(color),
            "road_length": game.road_length(color),
            "longest_road": game.longest_road_holder == color,
            "largest_army": game.largest_army_holder == color,
            "pieces": game.pieces_left(color),
        }
        if game.rules.two_player:
            entry["trade_cards"] = game.trade_cards(color)
        out.append(entry)
    return out


def bank(game: Game) -> list[dict]:
    return [{"name": words.resource_name(r), "count": game.bank.get(r, 0)}
            for r in words.RESOURCES]


def offer_text(game: Game, person: str | None) -> str:
    """The offer waiting for the person's answer, in words."""
    offer = game.pending_offer
    if not offer or not person or person not in offer["to"]:
        return ""
    who = words.player(offer["from"], capital=True)
    word = "protinabídku" if offer["counter"] else "obchod"
    return (f"{who} vám nabízí {word}: dá {words.cards(offer['give'])}"
            f" za {words.cards(offer['get'])}.")
