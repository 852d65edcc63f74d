"""The position as plain JSON data (readable ids), and back.

``{"format": "almanach-katanu/position@1", ...}``: the keys are listed in engine/API.md.
A variant's own keys (Katan pro dva's trade cards, ...) are written by every game, with the
value the variant declares for the others (``own_json_keys``), so that the format is one; the
variant writes and reads its own through the hooks ``_variant_json`` and
``_load_variant_json`` of :class:`~engine.position.Position`, and a game of another variant
refuses that state with the variant's ``_refuse_own_state``. The variants are entered here by
:func:`engine.game.register_variant` (:func:`register_format`): this module names none.
Loading builds the position piece by piece; checking that play can reach it is the caller's
(``Game.from_json`` runs :mod:`engine.position_checks`).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from .board import Board
from .constants import COLOR_CZ, DEV_CARDS, HARBOR_KINDS, MAX_CITIES, MAX_ROADS, MAX_SETTLEMENTS
from .errors import InvalidInput
from .longest_road import longest_road_length
from .notation import (
    card_dict,
    card_index,
    count,
    flag,
    harbor_kind_index,
    hex_index,
    node_index,
    path_index,
    resource_counts,
    resource_dict,
)
from .options import Rules
from .position import Offer, Position
from .topology import HEX_IDS, INTERSECTION_IDS, PATH_IDS

POSITION_FORMAT = "almanach-katanu/position@1"

# What the registered variants add to the one format (register_format): every phase of
# every variant, every phase that interrupts another one, the variants' own keys with the
# value the other games write (in the order written), and each variant's refusal of its
# state in a game of another variant.
PHASES: list[str] = []
INTERRUPTIONS: list[str] = []
VARIANT_KEYS: dict[str, object] = {}
OWN_STATE: list[tuple[type[Position], Callable[[dict], None]]] = []


def register_format(cls: type[Position]) -> None:
    """Enter a game class's phases and own keys into the format (engine.game.register_variant
    calls it for every variant)."""
    for phase in cls.phases:
        if phase not in PHASES:
            PHASES.append(phase)
    for phase in cls.interruptions:
        if phase not in INTERRUPTIONS:
            INTERRUPTIONS.append(phase)
    if "own_json_keys" in vars(cls):
        VARIANT_KEYS.update(cls.own_json_keys)
        OWN_STATE.append((cls, cls._refuse_own_state))


def position_to_json(pos: Position) -> dict:
    """The whole position, random state included."""
    colors = pos._colors
    players = pos.players
    version, internal, gauss = pos._rng.getstate()
    offer = pos._offer
    seats = range(pos._seat_count)
    fresh = pos._fresh_harbors
    data = {
        "format": POSITION_FORMAT,
        "board": pos.board.to_json(),
        "rules": pos.rules.to_json(),
        "players": list(players),
        "phase": pos._phase,
        "current": colors[pos._current],
        "turn_number": pos._turn_number,
        "winner": pos.winner,
        "robber": HEX_IDS[pos._robber_hex],
        # Pieces in the order they were placed: legal_actions() lists in that order too.
        "buildings": {INTERSECTION_IDS[n]: [colors[s], piece] for s in seats
                      for piece, nodes in (("settlement", pos._settlements[s]),
                                           ("city", pos._cities[s])) for n in nodes},
        "roads": {PATH_IDS[q]: colors[s] for s in seats for q in pos._roads[s]},
        "hands": {c: resource_dict(pos._hands[p]) for p, c in enumerate(players)},
        "dev_cards": {c: card_dict(pos._dev_cards[p]) for p, c in enumerate(players)},
        "dev_cards_new": {c: card_dict(pos._dev_cards_new[p]) for p, c in enumerate(players)},
        "played": {c: card_dict(pos._played_cards[p]) for p, c in enumerate(players)},
        "deck": [DEV_CARDS[card] for card in reversed(pos._deck)],
        "deck_explicit": pos._deck_explicit,
        "dev_card_played_this_turn": pos._dev_card_played,
        "discard": pos.discards_owed,
        "fresh_harbors": {c: [HARBOR_KINDS[k] for k in range(6) if fresh[p] >> k & 1]
                          for p, c in enumerate(players) if fresh[p]},
        "longest_road_holder": pos.longest_road_holder,
        "largest_army_holder": pos.largest_army_holder,
        "setup": None if pos._phase != "setup" else {
            "step": pos._setup_step,
            "settlement": INTERSECTION_IDS[pos._setup_node] if pos._setup_node >= 0 else None,
        },
        "rng": [version, list(internal), gauss],
        "resume": pos.resume_phase,
        "offer": None if offer is None else {
            "from": colors[offer.offerer], "to": [colors[q] for q in offer.to],
            "give": resource_dict(offer.give), "get": resource_dict(offer.get),
            "counter": offer.counter},
        "rolls": pos._rolls,
        "first_roll_total": pos._first_roll_total,
    }
    for key, value in VARIANT_KEYS.items():
        data[key] = dict(value) if isinstance(value, dict) else value
    data.update(pos._variant_json())
    return data


def read_rules(d: dict) -> Rules:
    if not isinstance(d, dict) or d.get("format") != POSITION_FORMAT:
        raise InvalidInput(f"Pozice musí mít formát {POSITION_FORMAT}.")
    return Rules.from_json(d["rules"])


def load_position(cls: type[Position], d: dict, rules: Rules) -> Position:
    """A position of class ``cls`` (the game the rules make) built from ``d``. Raises
    InvalidInput, or KeyError/TypeError/ValueError/IndexError on a malformed ``d``."""
    rng = random.Random()
    version, internal, gauss = d["rng"]
    rng.setstate((version, tuple(internal), gauss))
    players = d["players"]
    if not isinstance(players, list) or len(players) not in cls.sandbox_player_counts:
        raise InvalidInput("Počet hráčů neodpovídá pravidlům (Katan pro dva: 2 hráči, "
                           "jinak 2–4).", "position_players")
    g = cls(Board.from_json(d["board"]), players, rules, rng)
    phase = d["phase"]
    if phase not in PHASES:
        raise InvalidInput(f"Neznámá fáze {phase!r}.", "position_phase")
    _check_piece_counts(g, d)
    for node_id, (color, piece) in d["buildings"].items():
        p, n = g._owner(color), node_index(node_id)
        if piece not in ("settlement", "city") or (piece == "city" and p >= g._player_count):
            raise InvalidInput(f"Na křižovatce {node_id} nemůže stát {piece!r}.",
                               "position_piece")
        if g._node_owner[n] >= 0:
            raise InvalidInput(f"Křižovatka {node_id} je v pozici dvakrát.", "position_piece")
        g._put_settlement(p, n, fresh=False)
        if piece == "city":
            g._put_city(p, n)
    for path_id, color in d["roads"].items():
        q = path_index(path_id)
        if g._path_owner[q] >= 0:
            raise InvalidInput(f"Cesta {path_id} je v pozici dvakrát.", "position_piece")
        g._put_road(g._owner(color), q)
    for color, cards in d["hands"].items():
        g._hands[g._player(color)] = resource_counts(cards)
    for key, table in (("dev_cards", g._dev_cards), ("dev_cards_new", g._dev_cards_new),
                       ("played", g._played_cards)):
        for color, cards in d[key].items():
            p = g._player(color)
            for name, k in cards.items():
                table[p][card_index(name)] = count(k, "Počet akčních karet")
    g._deck = [card_index(name) for name in reversed(d["deck"])]
    g._deck_explicit = bool(d["deck_explicit"])
    g._robber_hex = hex_index(d["robber"])
    g._phase = phase
    g._current = g._player(d["current"])
    g._turn_number = count(d["turn_number"], "Číslo tahu")
    g._winner = g._player(d["winner"]) if d["winner"] is not None else -1
    g._dev_card_played = flag(d["dev_card_played_this_turn"])
    for color, k in d["discard"].items():
        g._discards_owed[g._player(color)] = count(k, "Počet karet k odevzdání")
    for color, kinds in d["fresh_harbors"].items():
        for kind in kinds:
            g._fresh_harbors[g._player(color)] |= 1 << harbor_kind_index(kind)
    for p in range(g._seat_count):
        g._road_lengths[p] = longest_road_length(g._roads[p], p, g._node_owner)
    holder = d["longest_road_holder"]
    g._longest_road_holder = g._owner(holder) if holder else -1
    holder = d["largest_army_holder"]
    g._largest_army_holder = g._player(holder) if holder else -1
    setup = d.get("setup")
    if phase == "setup":
        g._setup_step = count(setup["step"], "Krok fáze zakládání")
        if g._setup_step >= len(g._setup_order):
            raise InvalidInput("Fáze zakládání už skončila.", "position_setup")
        g._setup_node = node_index(setup["settlement"]) if setup["settlement"] else -1
        g._current = g._setup_order[g._setup_step]
    else:
        g._setup_step = len(g._setup_order)
    _load_turn_state(g, d)
    g._load_variant_json(d)
    for variant, refuse in OWN_STATE:
        if not isinstance(g, variant):
            refuse(d)
    return g


def _check_piece_counts(g: Position, d: dict) -> None:
    """At most 15 roads, 5 settlements and 4 cities per colour, before anything is placed:
    the longest-road search runs on what loads, so a position with more pieces than the box
    holds is refused first (and cheaply)."""
    if not isinstance(d["buildings"], dict) or not isinstance(d["roads"], dict):
        raise InvalidInput("Stavby a silnice musí být objekty JSON {místo: barva}.",
                           "position_format")
    counts: dict[tuple[object, str], int] = {}
    for value in d["buildings"].values():
        if not isinstance(value, list | tuple) or len(value) != 2:
            raise InvalidInput("Stavba se zapisuje jako [barva, \"settlement\" | \"city\"].",
                               "position_piece")
        color, piece = value
        if not isinstance(color, str) or piece not in ("settlement", "city"):
            raise InvalidInput(f"Stavba {value!r} není vesnice ani město.", "position_piece")
        counts[color, piece] = counts.get((color, piece), 0) + 1
    for color in d["roads"].values():
        if not isinstance(color, str):
            raise InvalidInput(f"Silnice má barvu {color!r}.", "position_piece")
        counts[color, "road"] = counts.get((color, "road"), 0) + 1
    limits = {"road": (MAX_ROADS, "silnic"), "settlement": (MAX_SETTLEMENTS, "vesnic"),
              "city": (MAX_CITIES, "měst")}
    for (color, piece), n in sorted(counts.items()):
        g._owner(color)
        limit, what = limits[piece]
        if n > limit:
            raise InvalidInput(f"{COLOR_CZ.get(color, color).capitalize()} hráč má {n} {what}, "
                               f"ale jen {limit} figurek.", "position_piece_limit")


def _load_turn_state(g: Position, d: dict) -> None:
    """The keys added with trade consent (absent in older positions)."""
    resume = d.get("resume")
    if g._phase in INTERRUPTIONS:
        if resume not in ("roll", "trade", "build", "main"):
            raise InvalidInput(f"Fáze {g._phase} se musí vracet do fáze tahu.",
                               "position_phase")
        g._resume_phase = resume
    offer = d.get("offer")
    if offer is not None:
        to = tuple(g._player(c) for c in offer["to"])
        g._offer = Offer(g._player(offer["from"]), tuple(resource_counts(offer["give"])),
                         tuple(resource_counts(offer["get"])), to, flag(offer["counter"]))
    g._rolls = count(d.get("rolls", 0 if g._phase == "roll" else g.rolls_per_turn), "Počet hodů")
    g._first_roll_total = count(d.get("first_roll_total", 0), "Součet prvního hodu")
