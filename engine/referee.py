"""Readings a referee needs about one position, beyond what a player's move asks.

A rules dispute at a table is about *this* position: whose road is longest and where it is
broken, whom the robber may rob on a hex, what a roll pays out. These functions answer from
the engine's own rule code (no rule is written twice); the site's Rozhodčí pages and its
JSON API call them.

    from engine import referee
    game = referee.position_from_json({"roads": {"b3|b4": "red"}})
    referee.road_breaks(game, "red")
"""

from __future__ import annotations

from .constants import DECK_COMPOSITION, DEV_CARDS, LARGEST_ARMY_MIN, LONGEST_ROAD_MIN
from .errors import InvalidInput, RuleViolation
from .events import DiscardRequired, Produced
from .game import Game
from .longest_road import longest_road_length
from .rules import robber_moves_away
from .topology import (
    HEX_CORNERS,
    HEX_INDEX,
    INTERSECTION_IDS,
    INTERSECTION_INDEX,
    PATH_ENDS,
    PATH_INDEX,
)

__all__ = ["position_from_json", "road_breaks", "unbroken_road_length", "robber_candidates",
           "why_not_robber", "roll_yields", "harbor_for"]


def position_from_json(partial: dict) -> Game:
    """A position in the engine's JSON form where keys left out take defaults.

    Defaults: the beginner board, the four colours (two for Katan pro dva), no pieces, empty
    hands, the robber on the desert, the first player's turn after the roll, the development
    deck holding every card not in a hand or played, and the Longest Road / Largest Army with
    whoever alone is longest (at least 5) / has most knights (at least 3). Anything the
    position cannot be raises InvalidInput with the engine's Czech reason.
    """
    if not isinstance(partial, dict):
        raise InvalidInput("Pozice musí být objekt JSON.", "position_format")
    try:
        return Game.from_json(_with_defaults(partial))
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        # The engine names what it checks; anything else malformed lands here.
        raise InvalidInput(f"Neplatná pozice: {exc!r}.", "position_format") from None


def _with_defaults(partial: dict) -> dict:
    from .board import Board
    from .rules import Rules

    try:
        rules = Rules.from_json(partial.get("rules") or {})
    except (KeyError, TypeError, ValueError) as exc:
        raise InvalidInput(f"Neplatná pravidla: {exc!r}.", "position_rules") from None
    board = Board.from_json(partial["board"]) if "board" in partial else Board.beginner()
    players = partial.get("players") or (["orange", "red"] if rules.two_player
                                         else ["orange", "red", "blue", "white"])
    if not isinstance(players, list | tuple) or not all(isinstance(c, str) for c in players):
        raise InvalidInput("Hráči musí být seznam barev.", "position_players")
    base = Game.empty(board, tuple(players), rules=rules).to_json()
    merged = {**base, **partial}
    merged["format"] = base["format"]
    merged["board"] = base["board"]
    merged["rules"] = base["rules"]
    merged["players"] = base["players"]
    if "robber" not in partial:
        merged["robber"] = board.robber_start
    if "deck" not in partial:
        merged["deck"] = _remaining_deck(merged)
    if "longest_road_holder" not in partial:
        merged["longest_road_holder"] = _sole_longest(merged, board, base["players"], rules)
    if "largest_army_holder" not in partial:
        merged["largest_army_holder"] = _sole_army(merged)
    return merged


def _remaining_deck(d: dict) -> list[str]:
    counts = dict(zip(DEV_CARDS, DECK_COMPOSITION, strict=True))
    for key in ("dev_cards", "dev_cards_new", "played"):
        table = d.get(key) or {}
        if not isinstance(table, dict):
            raise InvalidInput("Akční karty musí být zapsané po barvách.", "position_dev_cards")
        for cards in table.values():
            if not isinstance(cards, dict):
                raise InvalidInput("Akční karty hráče musí být objekt {karta: počet}.",
                                   "position_dev_cards")
            for name, k in cards.items():
                if name in counts and isinstance(k, int):
                    counts[name] -= k
    return [card for card in DEV_CARDS for _ in range(max(0, counts[card]))]


def _sole_longest(d: dict, board, players, rules) -> str | None:
    """Who alone has the longest road of at least 5 (by a sandbox built from the pieces)."""
    sandbox = Game.empty(board, tuple(players), rules=rules)
    colors = list(players) + list(sandbox.neutrals)
    roads: dict[str, list[int]] = {c: [] for c in colors}
    owner = [-1] * len(INTERSECTION_IDS)
    try:
        for node, (color, _piece) in (d.get("buildings") or {}).items():
            owner[INTERSECTION_INDEX[node]] = colors.index(color)
        for path, color in (d.get("roads") or {}).items():
            roads[color].append(PATH_INDEX[path])
    except (KeyError, ValueError, TypeError):
        return None  # the engine's loading names what is wrong
    lengths = {c: longest_road_length(roads[c], i, owner) for i, c in enumerate(colors)}
    best = max(lengths.values())
    leaders = [c for c, n in lengths.items() if n == best]
    return leaders[0] if best >= LONGEST_ROAD_MIN and len(leaders) == 1 else None


def _sole_army(d: dict) -> str | None:
    played = d.get("played") or {}
    knights = {}
    for color, cards in played.items():
        k = cards.get("knight", 0) if isinstance(cards, dict) else 0
        knights[color] = k if isinstance(k, int) else 0
    if not knights:
        return None
    best = max(knights.values())
    leaders = [c for c, k in knights.items() if k == best]
    return leaders[0] if best >= LARGEST_ARMY_MIN and len(leaders) == 1 else None


def _owners(game: Game) -> tuple[list[str], list[int]]:
    colors = list(game.players) + list(game.neutrals)
    owner = [-1] * len(INTERSECTION_IDS)
    for node, (color, _piece) in game.buildings.items():
        owner[INTERSECTION_INDEX[node]] = colors.index(color)
    return colors, owner


def road_breaks(game: Game, color: str) -> list[str]:
    """Intersections where another colour's settlement or city stands between two of
    ``color``'s roads: a trail ends there (Nejdelší obchodní cesta, 001 *Silnice*)."""
    out = []
    ends = [PATH_ENDS[PATH_INDEX[path]] for path, c in game.roads.items() if c == color]
    for node, (owner, _piece) in game.buildings.items():
        if owner == color:
            continue
        n = INTERSECTION_INDEX[node]
        touching = sum(1 for pair in ends if n in pair)
        if touching >= 2:
            out.append(INTERSECTION_IDS[n])
    return sorted(out)


def unbroken_road_length(game: Game, color: str) -> int:
    """How long ``color``'s longest road would be if no building broke it."""
    colors, _owner = _owners(game)
    roads = [PATH_INDEX[p] for p, c in game.roads.items() if c == color]
    return longest_road_length(roads, colors.index(color), [-1] * len(INTERSECTION_IDS))


def why_not_robber(game: Game, hex_id: str) -> RuleViolation | None:
    """Why the robber may not go to this hex (it must leave its hex), or None."""
    if hex_id not in HEX_INDEX:
        raise InvalidInput(f"Neznámé pole {hex_id!r}.")
    try:
        robber_moves_away(game, HEX_INDEX[hex_id])
    except RuleViolation as exc:
        return exc
    return None


def robber_candidates(game: Game, thief: str, hex_id: str) -> tuple[list[str], list[str]]:
    """Whom ``thief`` may rob on this hex, and who has a building there but no resource card
    (so cannot be robbed). Neutral colours (Katan pro dva) and the thief never count."""
    if hex_id not in HEX_INDEX:
        raise InvalidInput(f"Neznámé pole {hex_id!r}.")
    if thief not in game.players:
        raise InvalidInput(f"{thief!r} není hráč této hry.")
    robbable, empty = [], []
    for n in HEX_CORNERS[HEX_INDEX[hex_id]]:
        building = game.buildings.get(INTERSECTION_IDS[n])
        if not building:
            continue
        color = building[0]
        if color == thief or color not in game.players or color in robbable + empty:
            continue
        (robbable if game.hand_size(color) else empty).append(color)
    order = list(game.players)
    return sorted(robbable, key=order.index), sorted(empty, key=order.index)


def roll_yields(game: Game, total: int) -> Produced | DiscardRequired:
    """What a roll of ``total`` does in this position, by the engine's own production: for
    2–6 and 8–12 the ``produced`` event (gains, hexes the robber blocks, resources the bank
    cannot pay to everyone); for a 7 who must discard how many (possibly nobody)."""
    if not isinstance(total, int) or isinstance(total, bool) or not 2 <= total <= 12:
        raise InvalidInput("Součet hodu musí být 2–12.")
    if total == 7:
        owed = {c: game.hand_size(c) // 2 for c in game.players if game.hand_size(c) > 7}
        return DiscardRequired(owed)
    return game.production(total)


def harbor_for(game: Game, color: str, resource: str) -> str | None:
    """The harbor kind that gives ``color`` its rate for ``resource`` now ("3:1", the
    resource itself for 2:1), or None for the plain 4:1."""
    rate = game.trade_rate(color, resource)
    if rate == 2:
        return resource
    if rate == 3:
        return "3:1"
    return None

