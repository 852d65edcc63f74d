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
from tutorial import action_words, board_svg, narrate
from tutorial.play import flow, forms, seats

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
    ("Odpovědět na nabídku", ("AcceptTrade", "DeclineTrade")),
    ("Vrátit karty", ("GiveBack",)),
    ("Stavět pro neutrálního hráče", ("BuildNeutralSettlement", "BuildNeutralRoad")),
    ("Stavět", ("BuildSettlement", "BuildCity", "BuildRoad")),
    ("Koupit akční kartu", ("BuyDevelopmentCard",)),
    ("Zahrát akční kartu", ("PlayKnight", "PlayRoadBuilding", "PlayYearOfPlenty",
                            "PlayMonopoly")),
    ("Obchod s bankem a v přístavu", ("TradeBank",)),
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
    label = (roll_label(game) if isinstance(action, actions.RollDice)
             else action_words.label(action, position, rate))
    if isinstance(action, ANSWERS):
        # An answer names the offer it answers (see offer_number).
        data = {**action.to_json(), "nabidka": offer_number(game)}
        return {"label": label,
                "json": json.dumps(data, ensure_ascii=False, separators=(",", ":"))}
    return {"label": label, "json": action_json(action)}


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
            "note": _group_note(game, names[0], found[0].player),
        })
    return groups


def _group_note(game: Game, kind: str, person: str) -> dict | None:
    """Katan pro dva's own moves say what they do, with the rule's page."""
    if kind == "ForcedTrade":
        text = trade_card_note(game, person)
    elif kind == "BuildNeutralSettlement":
        text = ("Za svou silnici nebo vesnici postavíte zdarma 1 vesnici neutrálnímu hráči;"
                " když to nejde, silnici.")
    elif kind == "GiveBack":
        text = "Po vynuceném obchodu vraťte spoluhráči 2 libovolné karty surovin."
    else:
        return None
    return {"text": text, "url": reverse("almanach:entry", kwargs={"slug": "katan-pro-dva"})}


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
    # "e1.SE" names a corner and a coastal path: in a why-not mode only the kind asked about.
    kind = {"proc-krizovatky": "node", "proc-cesty": "path"}.get(mode)
    if kind and any(k == kind for k, _ in places):
        places = {(k, p) for k, p in places if k == kind}
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
        owner = game.buildings.get(place) if kind == "node" else None
        if owner and owner[0] == color:
            reasons.insert(0, _own_piece(owner[1]))
        elif kind == "node" and game.phase != "setup":
            reasons += _place_reason(game.why_not_settlement(color, place), reasons)
        if kind == "path" and game.phase != "setup":
            reasons += _place_reason(game.why_not_road(color, place), reasons)
    return reasons or [{"message": "Tady teď nic dělat nemůžete.", "url": "", "label": ""}]


def _own_piece(piece: str) -> dict:
    if piece == "settlement":
        message = ("Tady stojí vaše vesnice. Novou vesnici sem postavit nelze, ale vesnici"
                   " můžete povýšit na město (2 obilí a 3 rudy).")
        slug = "mesto"
    else:
        message = "Tady stojí vaše město: víc už se na této křižovatce postavit nedá."
        slug = "mesto"
    return {"message": message, "url": reverse("almanach:entry", kwargs={"slug": slug}),
            "label": narrate.headword(slug)}


def _tries(game: Game, color: str, kind: str, place: str) -> list[actions.Action]:
    setup = game.phase == "setup"
    if kind == "node":
        owner = game.buildings.get(place)
        if owner and owner[0] == color:
            return [actions.BuildCity(color, place)] if owner[1] == "settlement" else []
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
        target_url=target_url, highlight_hexes=highlight.get("hexes", ()),
        highlight_nodes=highlight.get("nodes", ()),
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
            "total": points["total"],  # without hidden victory points unless ``mine``
            "hand_size": game.hand_size(color),
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
            "pieces": pieces_left(game.pieces_left(color)),
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


# --- trade with consent: which offer an answer answers, what the others answered ----------

ANSWERS = (actions.AcceptTrade, actions.DeclineTrade, actions.CounterOffer)
OFFERS = (actions.OfferTrade, actions.CounterOffer)


def offer_number(game: Game) -> int | None:
    """The log number of the action that put the pending offer on the table (None when no
    offer waits). An answer names it, so a page left open in another tab cannot accept an
    offer its person never saw."""
    if game.pending_offer is None:
        return None
    for number in range(len(game.history) - 1, -1, -1):
        if isinstance(game.history[number], OFFERS):
            return number
    return None


def offer_panel(game: Game, person: str | None, legal: list[actions.Action],
                position: dict) -> dict | None:
    """The offer waiting for the person's answer: its words, its number, the answers."""
    text = offer_text(game, person)
    if not text:
        return None
    return {
        "text": text,
        "number": offer_number(game),
        "buttons": [button(game, a, position) for a in legal
                    if isinstance(a, actions.AcceptTrade | actions.DeclineTrade)],
        "can_counter": not game.pending_offer["counter"],
    }


def answers_to_offer(game: Game, person: str | None) -> dict | None:
    """The person's last offer in this turn and each answer to it, in order."""
    if not person:
        return None
    history = game.history
    start = None
    for number in range(len(history) - 1, -1, -1):
        action = history[number]
        if isinstance(action, actions.EndTurn):
            return None
        if isinstance(action, actions.OfferTrade) and action.player == person:
            start = number
            break
    if start is None:
        return None
    offer = history[start]
    answers = []
    for action in history[start + 1:]:
        if isinstance(action, actions.OfferTrade | actions.EndTrade | actions.EndTurn):
            break
        who = "Vy" if action.player == person else words.player(action.player, capital=True)
        if isinstance(action, actions.AcceptTrade):
            answers.append(f"{who}: přijímá{'te' if who == 'Vy' else ''}, obchod proběhl.")
        elif isinstance(action, actions.DeclineTrade):
            answers.append(f"{who}: odmítá{'te' if who == 'Vy' else ''}.")
        elif isinstance(action, actions.CounterOffer):
            answers.append(f"{who}: protinabídka, dá {words.cards(action.give)}"
                           f" za {words.cards(action.get)}.")
    pending = game.pending_offer
    waiting = [words.player(c, capital=True) for c in pending["to"]] if pending and \
        pending["from"] == person else []
    everyone = "soupeři" if game.rules.two_player else "všem"
    to = words.player(offer.partner, "dat") if offer.partner else everyone
    return {"text": f"Nabízíte {to} {words.cards(offer.give)} za {words.cards(offer.get)}.",
            "answers": answers, "waiting": words.join(waiting)}


# --- what the page explains: dice, Katan pro dva, the legend, the costs -----------------------

DICE_FACES = "⚀⚁⚂⚃⚄⚅"


def dice(values) -> dict:
    first, second = values
    return {"faces": DICE_FACES[first - 1] + DICE_FACES[second - 1], "total": first + second,
            "label": f"{first} a {second}, součet {first + second}"}


def rolls_this_turn(game: Game) -> list[dict]:
    """The rolls of the turn on the table (Katan pro dva: the first and the second)."""
    out = []
    for action in reversed(game.history):
        if isinstance(action, actions.EndTurn):
            break
        if isinstance(action, actions.RollDice) and action.dice:
            out.append({"who": words.player(action.player, capital=True), **dice(action.dice)})
    out.reverse()
    if game.rules.two_player:
        for index, roll in enumerate(out):
            roll["name"] = ("první hod", "druhý hod")[min(index, 1)]
    return out


def round_number(game: Game) -> int:
    """The round the turn on the table belongs to: a "kolo" is every player's turn once, a
    "tah" one player's (as the Almanach's Průběh hry uses them)."""
    return (game.turn_number - 1) // len(game.players) + 1


def phase_name(game: Game) -> str:
    """The phase in words; Katan pro dva names the first and the second roll."""
    if game.phase == "roll" and game.rules.two_player:
        if game.rolls_this_turn:
            return f"druhý hod kostkami (první hod dal {game.first_roll_total})"
        return "první hod kostkami (v Katanu pro dva se hází dvakrát)"
    return PHASES.get(game.phase, game.phase)


def roll_label(game: Game) -> str:
    if not game.rules.two_player:
        return "Hodit kostkami"
    if game.rolls_this_turn:
        return f"Hodit kostkami: druhý hod (musí dát jiný součet než {game.first_roll_total})"
    return "Hodit kostkami: první hod"


def two_player_notes(game: Game, person: str | None) -> dict | None:
    """Katan pro dva while you play: the neutral players, the phase's own rule."""
    if not game.rules.two_player:
        return None
    neutrals = words.join([words.player(c, capital=True) for c in game.neutrals])
    notes = []
    if game.phase == "roll":
        notes.append("Hráč na tahu hází kostkami dvakrát za sebou (první a druhý hod); oba"
                     " součty se musí lišit, stejný druhý součet se hází znovu. Suroviny"
                     " (nebo zloděj při 7) přicházejí hned po každém hodu.")
    if game.phase == "neutral":
        notes.append("Kdo postaví silnici nebo vesnici, postaví zdarma i 1 vesnici"
                     f" neutrálnímu hráči ({neutrals}); když to nejde, silnici.")
    if game.phase == "give_back" and game.acting_player == person:
        notes.append("Vynucený obchod: vytáhli jste spoluhráči náhodně karty surovin, teď mu"
                     " vraťte 2 libovolné karty surovin.")
    elif game.phase == "give_back":  # a description, not a request: someone else acts
        notes.append(f"Vynucený obchod: {words.player(game.acting_player, capital=True)}"
                     " vytáhl spoluhráči náhodně karty surovin a teď mu vrátí 2 libovolné"
                     " karty surovin.")
    return {"neutrals": neutrals, "notes": notes,
            "url": reverse("almanach:entry", kwargs={"slug": "katan-pro-dva"})}


def _trade_cards(count: int) -> str:
    return words.plural_count(count, "obchodní kartu", "obchodní karty", "obchodních karet")


def trade_card_note(game: Game, person: str) -> str:
    """Katan pro dva: what the trade-card moves do and cost the person now."""
    cost, held = _trade_cards(game.trade_card_cost(person)), _trade_cards(game.trade_cards(person))
    return (f"Máte {held}; jedna akce vás teď stojí {cost} (2, máte-li víc vítězných bodů"
            " než spoluhráč; karty vítězných bodů se nepočítají), jednou za tah."
            " Vynucený obchod: vezmete spoluhráči náhodně 2 karty surovin a vrátíte mu"
            " 2 libovolné. Přemístění zloděje na poušť. Vyřadit rytíře: jednoho svého"
            " vyloženého rytíře odstraníte ze hry a vezmete si 2 obchodní karty (nejvýš 7).")


def neutral_players(game: Game) -> list[dict]:
    """Katan pro dva: the neutral colours as the player list shows them."""
    out = []
    for color in game.neutrals:
        settlements = sum(1 for owner, _ in game.buildings.values() if owner == color)
        out.append({
            "color": color, "name": words.player(color, capital=True),
            "settlements": words.plural_count(settlements, "vesnice", "vesnice", "vesnic"),
            "roads": words.plural_count(sum(1 for o in game.roads.values() if o == color),
                                        "silnice", "silnice", "silnic"),
            "road_length": game.road_length(color),
            "longest_road": game.longest_road_holder == color,
        })
    return out


COSTS = (
    ("Silnice", {"brick": 1, "lumber": 1}),
    ("Vesnice", {"brick": 1, "lumber": 1, "wool": 1, "grain": 1}),
    ("Město (z vesnice)", {"grain": 2, "ore": 3}),
    ("Akční karta", {"wool": 1, "grain": 1, "ore": 1}),
)


def costs() -> list[dict]:
    """'Stavební náklady': what each piece costs, as chips."""
    return [{"name": name, "cards": [{"resource": r, "label": words.count_resource(r, n, "nom")}
                                     for r, n in cost.items()]} for name, cost in COSTS]


def legend(position: dict) -> dict:
    """The board's colours in words: terrain and what it yields, the harbours, the players."""
    terrains = [{"resource": words.TERRAIN_RESOURCE.get(t, ""), "terrain": words.terrain(t),
                 "yields": words.resource_name(words.TERRAIN_RESOURCE[t])
                 if t in words.TERRAIN_RESOURCE else "nic (zde začíná zloděj)"}
                for t in ("hills", "forest", "pasture", "fields", "mountains", "desert")]
    harbors = [f"{board_svg.harbor_name(kind).capitalize()} {board_svg.path_name(position, path)}"
               for path, kind in position.get("harbors") or []]
    return {"terrains": terrains, "harbors": harbors}


def hand(game: Game, color: str) -> dict:
    """'Vaše karty': counts per resource, the development and trade cards."""
    cards = game.hand(color)
    return {
        "cards": [{"resource": r, "name": words.resource_name(r), "count": cards.get(r, 0)}
                  for r in words.RESOURCES],
        "total": words.card_count(game.hand_size(color)),
        "dev_cards": [{"name": words.DEV_CARDS[c], "new": new} for c, new in
                      game.dev_cards(color)],
        "trade_cards": game.trade_cards(color) if game.rules.two_player else None,
    }


def main_action(game: Game, legal: list[actions.Action], position: dict) -> dict | None:
    """The one move the bottom bar offers: roll, or end the turn."""
    for kind in (actions.RollDice, actions.EndTurn):
        found = next((a for a in legal if isinstance(a, kind)), None)
        if found:
            return button(game, found, position)
    return None


def pieces_left(pieces: dict) -> str:
    return ", ".join([words.plural_count(pieces["road"], "silnice", "silnice", "silnic"),
                      words.plural_count(pieces["settlement"], "vesnice", "vesnice", "vesnic"),
                      words.plural_count(pieces["city"], "město", "města", "měst")])


# --- the page's forms and news ---------------------------------------------------------------

def card_fields(typed: dict, prefix: str) -> list[dict]:
    """The number fields of a card form, with what the person typed before a refusal."""
    return [{"name": f"{prefix}_{r}", "resource": r, "label": words.resource_name(r),
             "value": typed.get(f"{prefix}_{r}", "0")} for r in words.RESOURCES]


def discard_form(game: Game, person: str | None, typed: dict) -> dict | None:
    """The discard after a 7: how many cards, each field with how many the person holds,
    and the total of the numbers typed so far (JavaScript keeps it live)."""
    owed = game.discards_owed.get(person, 0) if person else 0
    if not owed:
        return None
    held = game.hand(person)
    fields = [{**field, "have": held.get(field["resource"], 0)}
              for field in card_fields(typed, "odhodit")]
    chosen = sum(int(f["value"]) for f in fields if f["value"].strip().isdigit())
    return {"owed": owed, "fields": fields, "chosen": chosen}


def news_by_turn(moves: list[dict]) -> list[dict]:
    """The news by player turn: one short line per turn, the sentences behind it."""
    turns: list[dict] = []
    for move in moves:
        if not turns or turns[-1]["player"] != move["player"]:
            turns.append({"player": move["player"], "moves": [], "rolls": []})
        turns[-1]["moves"].append(move)
        if move["dice"]:
            turns[-1]["rolls"].append(str(move["dice"]["total"]))
    return turns


def play_again(setup: flow.Setup) -> dict:
    """'Hrát znovu': the new-game form's fields for a game like this one."""
    seating = seats.choices_of(setup.players, setup.people, setup.levels)
    fields = {"hraci": len(setup.players), "lide": len(setup.people), "plan": setup.plan,
              "barva": seating["barva"], "poradi": seating["poradi"],
              **forms.option_values(setup.options)}
    for number, level in enumerate(seating["levels"], start=1):
        fields[f"uroven_{number}"] = level
    return fields


# --- the end of the game ---------------------------------------------------------------------

def final_table(game: Game) -> list[dict]:
    """Every player's whole score, hidden victory points and cards revealed."""
    rows = []
    for color in sorted(game.players, key=lambda c: -game.points(c)["total"]):
        points = game.points(color, include_hidden=True)
        buildings = [piece for owner, piece in game.buildings.values() if owner == color]
        rows.append({
            "color": color, "name": words.player(color, capital=True),
            "winner": color == game.winner,
            "total": words.points(points["total"]),
            "parts": _score_parts(buildings.count("settlement"), buildings.count("city"),
                                  points),
            "hand": words.cards(game.hand(color), "nom"),
            "dev_cards": [words.DEV_CARDS[c] for c, _ in game.dev_cards(color)],
            "knights": game.played_knights(color),
            "road_length": game.road_length(color),
        })
    return rows


def _score_parts(settlements: int, cities: int, points: dict) -> list[str]:
    parts = [f"{words.plural_count(settlements, 'vesnice', 'vesnice', 'vesnic')}"
             f" ({words.points(points['settlements'])})",
             f"{words.plural_count(cities, 'město', 'města', 'měst')}"
             f" ({words.points(points['cities'])})"]
    if points["longest_road"]:
        parts.append("Nejdelší obchodní cesta (2 body)")
    if points["largest_army"]:
        parts.append("Největší vojsko (2 body)")
    cards = points["victory_cards"]
    parts.append(words.plural_count(cards, "karta vítězného bodu", "karty vítězných bodů",
                                    "karet vítězných bodů") + f" ({words.points(cards)})")
    return parts


def story(game: Game) -> list[str]:
    """The game in a few numbers: turns, rolls, the special cards, trades."""
    rolls = [a.dice for a in game.history if isinstance(a, actions.RollDice) and a.dice]
    totals = [a + b for a, b in rolls]
    turns = words.plural_count(game.turn_number, "tah", "tahy", "tahů")
    out = [f"Hra skončila v {round_number(game)}. kole ({turns} hráčů)."
           f" Hodů kostkami: {len(rolls)}."]
    if totals:
        common = max(range(2, 13), key=totals.count)
        out.append(f"Nejčastější součet: {common} ({totals.count(common)}×);"
                   f" sedmička padla {totals.count(7)}×.")
    holder = game.longest_road_holder
    if holder:
        roads = words.plural_count(game.road_length(holder), "silnice", "silnice", "silnic")
        out.append(f"Nejdelší obchodní cesta: {words.player(holder, capital=True)}"
                   f" ({roads} v řadě).")
    else:
        out.append("Nejdelší obchodní cestu nemá nikdo.")
    holder = game.largest_army_holder
    if holder:
        knights = words.plural_count(game.played_knights(holder), "rytíř", "rytíři", "rytířů")
        out.append(f"Největší vojsko: {words.player(holder, capital=True)} ({knights}).")
    else:
        out.append("Největší vojsko nemá nikdo.")
    trades = sum(1 for a in game.history if isinstance(a, actions.AcceptTrade))
    bank = sum(1 for a in game.history if isinstance(a, actions.TradeBank))
    out.append(f"Obchody mezi hráči: {trades}, výměny do banku: {bank}.")
    return out
