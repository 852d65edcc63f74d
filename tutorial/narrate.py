"""Czech sentences from engine events (no Django here).

    narrate(events, position, players) -> "Modrý hodil 7 (3 + 4). Nikdo nemá víc než 7 karet. …"

``events`` are ``Event.to_json()`` dicts of one tutorial step; ``position`` is the board
position before the step (a board_svg position dict: hexes, buildings, robber), used to name
places and to say which hex paid what. Only what the engine reports is narrated; what players
said or thought stays in the record's hand-written notes.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from engine import topology as topo
from engine import words
from tutorial.board_svg import hex_name, node_name, path_name

_COST = {
    "road": {"brick": 1, "lumber": 1},
    "settlement": {"brick": 1, "lumber": 1, "wool": 1, "grain": 1},
    "city": {"grain": 2, "ore": 3},
    "card": {"wool": 1, "grain": 1, "ore": 1},
}
_GENITIVE = {"brick": "cihel", "lumber": "dřeva", "wool": "vlny", "grain": "obilí", "ore": "rudy"}


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _p(color: str, case: str = "nom") -> str:
    return words.player(color, case)


# --- production ------------------------------------------------------------------------

def production_by_hex(position: Mapping, total: int) -> list[tuple[str, dict[str, dict]]]:
    """[(hex, {colour: {resource: n}})] that a roll pays out, robber hex left out."""
    paid = []
    for hex_id in topo.HEX_IDS:
        terrain, number = position["hexes"][hex_id]
        if number != total or hex_id == position.get("robber"):
            continue
        resource = words.TERRAIN_RESOURCE[terrain]
        gains: dict[str, dict] = {}
        for node in topo.HEX_CORNERS[topo.HEX_INDEX[hex_id]]:
            piece = position["buildings"].get(topo.INTERSECTION_IDS[node])
            if piece:
                color, kind = piece
                gains.setdefault(color, {resource: 0})[resource] += 2 if kind == "city" else 1
        if gains:
            paid.append((hex_id, gains))
    return paid


def owners_around(position: Mapping, hex_id: str) -> list[str]:
    """Colours with a building on the hex, in play order."""
    found = set()
    for node in topo.HEX_CORNERS[topo.HEX_INDEX[hex_id]]:
        piece = position["buildings"].get(topo.INTERSECTION_IDS[node])
        if piece:
            found.add(piece[0])
    return [c for c in words.COLORS if c in found]


def _sum_gains(per_hex: list[tuple[str, dict]]) -> dict[str, dict[str, int]]:
    total: dict[str, dict[str, int]] = {}
    for _, gains in per_hex:
        for color, cards in gains.items():
            for resource, n in cards.items():
                mine = total.setdefault(color, {})
                mine[resource] = mine.get(resource, 0) + n
    return total


def _same_gains(a: Mapping, b: Mapping) -> bool:
    def clean(g):
        return {c: {r: n for r, n in h.items() if n} for c, h in g.items() if any(h.values())}
    return clean(a) == clean(b)


def _production(event: Mapping, position: Mapping, total: int) -> list[str]:
    out = []
    for blocked in event.get("blocked") or []:
        hex_id = blocked["hex"] if isinstance(blocked, Mapping) else blocked
        victims = owners_around(position, hex_id)
        if not victims:
            continue
        place = hex_name(position, hex_id, "loc")
        from_it = words.TERRAIN_FROM_IT[position["hexes"][hex_id][0]]
        if len(victims) == 1:
            out.append(f"Zloděj stojí na {place}, takže {_p(victims[0])} {from_it} nic"
                       " nedostane.")
        else:
            names = words.join([_p(c) for c in victims], last="ani")
            out.append(f"Zloděj stojí na {place}, takže {names} {from_it} nic nedostanou.")
    for resource in event.get("shortage") or []:
        out.append(f"Bank nemá dost {_GENITIVE[resource]} pro všechny,"
                   " a tak tuto surovinu nedostane nikdo.")
    gains = event.get("gains") or {}
    per_hex = production_by_hex(position, total)
    shortage = set(event.get("shortage") or [])
    per_hex = [
        (h, {c: g for c, g in gains_.items() if not shortage & set(g)}) for h, gains_ in per_hex
    ]
    per_hex = [(h, g) for h, g in per_hex if g]
    if not any(any(h.values()) for h in gains.values()):
        if not out:
            out.append(f"Na číslo {total} nedostane nikdo nic.")
        elif not per_hex:
            out.append("Nikdo jiný nic nedostane.")
        return out
    if _same_gains(_sum_gains(per_hex), gains):
        clauses = []
        for hex_id, by_color in per_hex:
            receivers = [
                f"{_p(c)} {words.cards(by_color[c])}" for c in words.COLORS if c in by_color
            ]
            clauses.append((f"z {hex_name(position, hex_id, 'gen')}", words.join(receivers)))
        (source, receivers), *rest = clauses
        sentence = f"{_cap(source)} dostane {receivers}"
        sentence += "".join(f", {source} {receivers}" for source, receivers in rest)
        out.append(sentence + ".")
    else:  # the engine knows something the simple count does not: trust the engine
        receivers = [f"{_p(c)} {words.cards(gains[c])}" for c in words.COLORS if gains.get(c)]
        out.append(_cap(words.join(receivers).replace(" ", " dostane ", 1)) + ".")
    return out


# --- sentences ---------------------------------------------------------------------------

def _roll(event: Mapping) -> str:
    d1, d2 = event["dice"]
    return f"{_cap(_p(event['player']))} hodil {event['total']} ({d1} + {d2})."


def _discards(event: Mapping) -> str:
    players = {c: n for c, n in (event.get("players") or {}).items() if n}
    if not players:
        return "Nikdo nemá víc než 7 karet."
    parts = [f"{_p(c)} {words.card_count(n).replace('karta', 'kartu')}" for c, n in players.items()]
    return "Víc než 7 karet má a polovinu odhodí: " + words.join(parts) + "."


def _discarded(event: Mapping) -> str:
    return f"{_cap(_p(event['player']))} odhazuje {words.cards(event['cards'])}."


def _robber(event: Mapping, steal: Mapping | None, position: Mapping, subject: bool) -> str:
    who = f"{_cap(_p(event['player']))} přesouvá" if subject else "Přesouvá"
    text = (f"{who} zloděje z {hex_name(position, event['from_hex'], 'gen')}"
            f" na {hex_name(position, event['to_hex'], 'acc')}")
    if steal and steal["kind"] == "stolen":
        text += f" a bere {_p(steal['victim'], 'dat')} 1 {_stolen_word(steal)}"
    elif steal and steal["kind"] == "nothing_stolen":
        text += "; není komu vzít kartu"
    return text + "."


def _stolen_word(event: Mapping) -> str:
    """The stolen card's name, or just "kartu" for a viewer who may not know it."""
    return words.resource_word(event["card"], 1) if event.get("card") else "kartu"


def _paid(color: str, cost: Mapping[str, int]) -> str:
    return f"{_cap(_p(color))} platí {words.cards(cost)}"


def _built(event: Mapping, position: Mapping) -> str:
    piece, place, color = event["piece"], event["place"], event["player"]
    if piece == "road":
        return f"{_paid(color, _COST['road'])} a staví silnici {path_name(position, place)}."
    if piece == "city":
        return (f"{_paid(color, _COST['city'])} a povyšuje vesnici {node_name(position, place)}"
                " na město.")
    text = f"{_paid(color, _COST['settlement'])} a staví vesnici {node_name(position, place)}."
    harbor = _harbor_at(position, place)
    if harbor:
        text += (f" Vesnice stojí u přístavu {harbor}; {_p(color)} ho smí využít"
                 " od svého příštího tahu.")
    return text


def _harbor_at(position: Mapping, node: str) -> str | None:
    index = topo.INTERSECTION_INDEX[node]
    for path, kind in position.get("harbors") or []:
        if index in topo.PATH_ENDS[topo.PATH_INDEX[path]]:
            return "3:1" if kind == "3:1" else f"2:1 na {words.resource_word(kind, 1)}"
    return None


def _traded(event: Mapping) -> str:
    return (f"{_cap(_p(event['player']))} dává {_p(event['partner'], 'dat')}"
            f" {words.cards(event['give'])} za {words.cards(event['get'])}.")


def _bank_traded(event: Mapping) -> str:
    rate, count = event["rate"], event["count"]
    give = words.count_resource(event["give"], rate * count)
    get = words.count_resource(event["get"], count)
    who = _cap(_p(event["player"]))
    if rate == 4:
        return f"{who} mění s bankem {give} za {get} (4 : 1)."
    return f"{who} mění {give} za {get} ve svém přístavu {rate} : 1."


def _special(event: Mapping) -> str:
    name = {"longest_road": "Nejdelší obchodní cesta", "largest_army": "Největší vojsko"}
    card = name[event["card"]]
    if event.get("to_player"):
        return f"{_cap(_p(event['to_player']))} získává kartu {card} (2 vítězné body)."
    return f"Karta {card} jde stranou: teď ji nemá nikdo."


def narrate(events: Iterable[Mapping], position: Mapping,
            players: tuple[str, ...] = words.COLORS) -> str:
    """One paragraph of Czech sentences for the events of one step."""
    events = list(events)
    out: list[str] = []
    total = None
    after_knight = False
    skip = set()
    for i, event in enumerate(events):
        if i in skip:
            continue
        kind = event["kind"]
        following = events[i + 1] if i + 1 < len(events) else None
        if kind == "dice_rolled":
            total = event["total"]
            out.append(_roll(event))
            if total == 7 and not any(e["kind"] == "discard_required" for e in events):
                out.append("Nikdo nemá víc než 7 karet.")
        elif kind == "produced":
            out += _production(event, position, total or 0)
        elif kind == "discard_required":
            out.append(_discards(event))
        elif kind == "discarded":
            out.append(_discarded(event))
        elif kind == "robber_moved":
            steal = following if following and following["kind"] in (
                "stolen", "nothing_stolen") else None
            if steal:
                skip.add(i + 1)
            out.append(_robber(event, steal, position, subject=not after_knight))
            after_knight = False
        elif kind in ("stolen",):
            out.append(f"{_cap(_p(event['thief']))} bere {_p(event['victim'], 'dat')}"
                       f" 1 {_stolen_word(event)}.")
        elif kind == "card_bought" and event["card"] is None:  # another's: face down
            out.append(f"{_paid(event['player'], _COST['card'])} a kupuje akční kartu.")
        elif kind == "card_bought":
            out.append(f"{_paid(event['player'], _COST['card'])} a kupuje akční kartu:"
                       f" {words.DEV_CARDS[event['card']]}.")
            if event["card"] != "victory_point":
                out.append("Zahrát ji smí nejdřív v příštím tahu.")
        elif kind == "card_played":
            card = event["card"]
            who = _cap(_p(event["player"]))
            if card == "knight":
                out.append(f"{who} zahraje Rytíře; karta zůstane ležet před ním.")
                after_knight = True
            elif card == "year_of_plenty" and following and following["kind"] == "year_of_plenty":
                skip.add(i + 1)
                gained = {}
                for resource in following["resources"]:
                    gained[resource] = gained.get(resource, 0) + 1
                out.append(f"{who} zahraje {words.DEV_CARDS_ACC[card]} a bere si z banku"
                           f" {words.cards(gained)}. Karta jde zpět do krabice.")
            elif card == "road_building":
                roads = []
                for j in range(i + 1, len(events)):
                    if events[j]["kind"] != "built" or events[j]["piece"] != "road":
                        break
                    skip.add(j)
                    roads.append(path_name(position, events[j]["place"]))
                count = words.plural_count(len(roads), "silnici", "silnice", "silnic")
                where = f": {words.join(roads)}" if roads else ""
                out.append(f"{who} zahraje {words.DEV_CARDS_ACC[card]} (karta jde zpět do"
                           f" krabice) a staví zdarma {count}{where}.")
            else:
                out.append(f"{who} zahraje kartu {words.DEV_CARDS_ACC[card]}.")
        elif kind == "year_of_plenty":
            out.append(f"{_cap(_p(event['player']))} bere si z banku"
                       f" {words.cards(dict.fromkeys(event['resources'], 1))}.")
        elif kind == "monopoly_taken":
            taken = {c: n for c, n in event["taken"].items() if n}
            total_taken = sum(taken.values())
            gained = words.count_resource(event["resource"], total_taken)
            out.append(f"Ostatní mu odevzdají všechny karty této suroviny: celkem {gained}.")
        elif kind == "built":
            out.append(_built(event, position))
        elif kind == "traded":
            out.append(_traded(event))
        elif kind == "bank_traded":
            out.append(_bank_traded(event))
        elif kind == "special_card_moved":
            out.append(_special(event))
        elif kind == "game_won":
            out.append(f"{_cap(_p(event['player']))} má {words.points(event['points'])}"
                       " a vyhrává.")
        elif kind == "turn_ended":
            color = event["player"]
            nxt = players[(players.index(color) + 1) % len(players)]
            out.append(f"{_cap(_p(color))} předá kostky {_p(nxt, 'dat')}.")
    return " ".join(out)


# --- what a viewer may see ------------------------------------------------------------------
# The one filter of hidden information: a played game's record (zapis.json), its step viewer
# and every narration of its moves pass through it.

@dataclass(frozen=True)
class Viewer:
    """Who reads a record: the player at the table whose own cards are shown (``color``;
    None: nobody's), or ``everything`` (the game is over, or only computer players play)."""

    color: str | None = None
    everything: bool = False

    def sees(self, *colors: str | None) -> bool:
        """May the viewer know what only these players know?"""
        return self.everything or (self.color is not None and self.color in colors)


EVERYONE = Viewer(everything=True)
NOBODY = Viewer()

# Events with a secret: (the field kept from others, the players who know it).
_SECRETS = {
    "card_bought": ("card", ("player",)),  # which development card was drawn
    "stolen": ("card", ("thief", "victim")),  # which card the robber took
    "forced_trade": ("drawn", ("player", "victim")),  # Katan pro dva: the cards drawn
    "given_back": ("cards", ("player", "partner")),  # Katan pro dva: the cards given back
}


def visible_events(events: Iterable[Mapping], viewer: Viewer) -> list[dict]:
    """The events as the viewer may know them: a secret field is None for the others (a
    count of cards stays, as "count")."""
    out = []
    for event in events:
        secret = _SECRETS.get(event["kind"])
        if secret and not viewer.sees(*(event[role] for role in secret[1])):
            field_, _ = secret
            value = event[field_]
            event = {**event, field_: None}
            if isinstance(value, Mapping):
                event["count"] = sum(value.values())
        out.append(dict(event))
    return out


def knowers(events: Iterable[Mapping], players: Iterable[str]) -> list[str]:
    """The players who may know everything these events tell."""
    events = list(events)
    return [c for c in players
            if visible_events(events, Viewer(c)) == visible_events(events, EVERYONE)]


def visible_state(state: Mapping, viewer: Viewer) -> dict:
    """A state snapshot (tutorial.example.replay.snapshot) as the viewer may see it: another
    player's hand is only its size, their development cards face down, their points
    without victory-point cards nobody has shown."""
    if viewer.everything:
        return dict(state)
    players = {}
    for color, p in state["players"].items():
        if viewer.sees(color):
            players[color] = p
            continue
        unshown = p["points_detail"].get("victory_cards", 0)
        detail = {**p["points_detail"], "victory_cards": 0}
        if "total" in detail:
            detail["total"] -= unshown
        players[color] = {**p, "hand": None, "points": p["points"] - unshown,
                          "points_detail": detail,
                          "dev_cards": [{"card": None, "new": c["new"]} for c in p["dev_cards"]]}
    return {**state, "players": players}


def visible_changes(changed: Mapping, viewer: Viewer) -> dict:
    """What a step changed, without the hands the viewer may not see."""
    hands = {c: d for c, d in (changed.get("hands") or {}).items() if viewer.sees(c)}
    return {**changed, "hands": hands}


# --- rules applied -------------------------------------------------------------------------

def rules_for(events: Iterable[Mapping], extra: Iterable[str] = ()) -> list[str]:
    """Almanach slugs of the rules a step applies, in order of first use."""
    slugs: list[str] = []
    for event in events:
        kind = event["kind"]
        if kind == "dice_rolled":
            slugs += (["sedmicka-padla-nastupuje-zlodej"] if event["total"] == 7
                      else ["suroviny-vynosy", "zetony-s-cisly"])
        elif kind == "produced" and event.get("blocked"):
            slugs.append("zlodej")
        elif kind in ("robber_moved", "stolen", "nothing_stolen", "discard_required"):
            slugs.append("zlodej")
        elif kind == "built":
            slugs += {"road": ["silnice", "stavebni-naklady"],
                      "settlement": ["vesnice", "pravidlo-o-vzdalenosti-mezi-dvema-vesnicemi",
                                     "stavebni-naklady"],
                      "city": ["mesto", "stavebni-naklady"]}[event["piece"]]
        elif kind == "card_bought":
            slugs += ["akcni-karty", "stavebni-naklady"]
        elif kind == "card_played":
            slugs += (["rytir", "nejvetsi-vojsko"] if event["card"] == "knight"
                      else ["pokrok", "akcni-karty"])
        elif kind == "traded":
            slugs.append("obchod-vnitrni")
        elif kind == "bank_traded":
            slugs.append("obchod-se-zamorim" if event["rate"] == 4 else "pristav")
        elif kind == "special_card_moved":
            slugs.append("nejdelsi-obchodni-cesta" if event["card"] == "longest_road"
                         else "nejvetsi-vojsko")
    slugs += list(extra)
    return list(dict.fromkeys(slugs))


_HESLA = Path(__file__).resolve().parent.parent / "almanach" / "content" / "hesla"


@cache
def headwords() -> dict[str, str]:
    """slug -> headword, read from the Almanach's data files (front matter between +++)."""
    found = {}
    for path in sorted(_HESLA.glob("*.md")):
        text = path.read_text(encoding="utf-8")
        if not text.startswith("+++"):
            continue
        front = tomllib.loads(text.split("+++", 2)[1])
        found[front.get("slug", path.stem)] = front.get("headword", path.stem)
    return found


def headword(slug: str) -> str:
    return headwords().get(slug, slug.replace("-", " ").capitalize())


def step_label(events: Iterable[Mapping]) -> str:
    """A few words naming a step, for link labels: 'zloděj', 'stavba vesnice'."""
    labels = []
    for event in events:
        kind = event["kind"]
        if kind == "dice_rolled":
            labels.append(f"hod {event['total']}")
        elif kind == "produced" and event.get("blocked"):
            labels.append("zloděj blokuje výnos")
        elif kind == "robber_moved":
            labels.append("zloděj")
        elif kind == "card_played":
            labels.append(words.DEV_CARDS[event["card"]])
            if event["card"] == "road_building":
                break  # the free roads are the card
        elif kind == "card_bought":
            labels.append("koupě akční karty")
        elif kind == "built":
            labels.append("stavba " + {"road": "silnice", "settlement": "vesnice",
                                        "city": "města"}[event["piece"]])
        elif kind == "traded":
            labels.append("obchod mezi hráči")
        elif kind == "bank_traded":
            labels.append("obchod s bankem" if event["rate"] == 4 else "obchod v přístavu")
    return ", ".join(dict.fromkeys(labels)) or "tah"
