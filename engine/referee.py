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

from dataclasses import dataclass, field

from . import words
from .constants import DECK_COMPOSITION, DEV_CARDS
from .errors import InvalidInput, RuleViolation
from .events import DiscardRequired, Produced
from .game import Game, find_variant
from .longest_road import longest_road_length
from .options import OPTION, Rules
from .position_json import load_position, read_rules
from .rules import robber_moves_away, robber_victims
from .topology import (
    HEX_INDEX,
    INTERSECTION_IDS,
    INTERSECTION_INDEX,
    PATH_ENDS,
    PATH_INDEX,
)

__all__ = ["position_from_json", "special_card_holders", "SpecialCards", "consequences",
           "Consequence", "verdict", "Verdict", "road_breaks", "unbroken_road_length",
           "robber_candidates", "why_not_robber", "roll_yields", "harbor_for"]

# What a claim about a special card's holder may be besides a colour or None (nobody):
UNKNOWN = "unknown"     # not known: decide from the position alone where the rules allow
RECORDED = "recorded"   # the holder the game records (its upkeep after every move)

LONGEST_ROAD_HEADWORD = "nejdelsi-obchodni-cesta"
LARGEST_ARMY_HEADWORD = "nejvetsi-vojsko"
VICTORY_HEADWORD = "konec-hry"


def position_from_json(partial: dict) -> Game:
    """A position in the engine's JSON form where keys left out take defaults.

    Defaults: the beginner board, the four colours (two for Katan pro dva), no pieces, empty
    hands, the robber on the desert, the first player's turn after the roll, the development
    deck holding every card not in a hand or played. The special cards' holders are decided
    by :func:`special_card_holders`: ``longest_road_holder`` / ``largest_army_holder`` given
    (a colour, or null for nobody) say who held the card, and the rules decide who holds it
    in this position (e.g. after a break a tie sends the Longest Road aside); left out, the
    position alone decides (alone the longest with at least 5 / most knights, at least 3),
    and nobody holds it where the position cannot tell. Anything the position cannot be
    raises InvalidInput with the engine's Czech reason; the piece counts are checked before
    any road is measured, so an oversized position costs nothing.
    """
    if not isinstance(partial, dict):
        raise InvalidInput("Pozice musí být objekt JSON.", "position_format")
    try:
        merged = _with_defaults(partial)
        rules = read_rules(merged)
        game = load_position(find_variant(rules), merged, rules)
        road = _claim(game, partial, "longest_road_holder", game._owner)
        army = _claim(game, partial, "largest_army_holder", game._player)
        holder, _code = game._decide_longest_road(road)
        game._longest_road_holder = -1 if holder is None else holder
        holder, _code = game._decide_largest_army(army)
        game._largest_army_holder = -1 if holder is None else holder
        game._check_position()
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        # The engine names what it checks; anything else malformed lands here.
        raise InvalidInput(_malformed(exc), "position_format") from None
    return game


def _malformed(exc: Exception) -> str:
    """A Czech reason for a malformed position, naming the missing key or wrong value
    instead of showing a Python error."""
    if isinstance(exc, KeyError) and exc.args:
        return f"Neplatná pozice: chybí údaj „{exc.args[0]}“."
    if isinstance(exc, ValueError) and exc.args:
        return f"Neplatná pozice: neplatná hodnota ({exc.args[0]})."
    return "Neplatná pozice: některý údaj má špatný tvar (číslo, text, seznam nebo objekt)."


def _claim(game: Game, partial: dict, key: str, seat_of) -> int | None:
    """Seat, -1 (nobody) or None (not said) of a holder given in the position."""
    if key not in partial or partial[key] == UNKNOWN:
        return None
    color = partial[key]
    return -1 if color is None else seat_of(color)


def _with_defaults(partial: dict) -> dict:
    """The position with what it leaves out at the defaults: the rule options at theirs
    (engine.options), the beginners' board, all four players (two in Katan pro dva)."""
    from .board import Board

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
    if "rolls" not in partial:
        # The rolls made follow the phase given (none yet in "roll"), not the empty game's.
        del merged["rolls"]
    # Decided once the pieces are loaded (position_from_json).
    merged["longest_road_holder"] = merged["largest_army_holder"] = None
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


# --- who holds the special cards ----------------------------------------------------------

@dataclass(frozen=True)
class SpecialCards:
    """Who holds the Longest Road and the Largest Army, and why (one Czech sentence each).

    ``*_decided`` is False where the position cannot tell (a tie whose holder is not known:
    it depends on who got the card first); the holder is then None. ``*_code`` names the
    case (e.g. "broken_tie", "holder_keeps_tie", "tie_first"): see
    Position._decide_longest_road / _decide_largest_army. ``road_lengths`` and
    ``unbroken_road_lengths`` (the length if no opponent's building broke it) cover every
    colour with pieces (Katan pro dva: the neutrals too), ``knights`` every player.
    """

    longest_road: str | None
    largest_army: str | None
    longest_road_reason: str
    largest_army_reason: str
    longest_road_decided: bool = True
    largest_army_decided: bool = True
    longest_road_code: str = ""
    largest_army_code: str = ""
    road_lengths: dict[str, int] = field(default_factory=dict)
    unbroken_road_lengths: dict[str, int] = field(default_factory=dict)
    knights: dict[str, int] = field(default_factory=dict)
    longest_road_tie_rule: str = OPTION["longest_road_tie"].default
    longest_road_headword: str = LONGEST_ROAD_HEADWORD
    largest_army_headword: str = LARGEST_ARMY_HEADWORD


def special_card_holders(game: Game, *, claimed_longest_road: str | None = RECORDED,
                         claimed_largest_army: str | None = RECORDED) -> SpecialCards:
    """Who holds each special card in this position, by the same rule code as the engine's
    upkeep after every move and its loading checks.

    A claim says who held the card before: a colour, None (nobody: it was set aside or never
    won), ``"unknown"`` (decide from the position alone: alone the longest with at least 5
    roads / the most knights, at least 3; a tie then cannot be decided, and the reason says
    that it depends on who got the card first), or ``"recorded"`` (the default: the holder
    the game records). The rules (Almanach *Nejdelší obchodní cesta*, *Největší vojsko*;
    001; 002): the holder keeps a card until someone has strictly more (a longer road, more
    knights); the holder of the Longest Road loses it below 5 roads, and when his road is
    broken and another is longer, or as long (the Almanach: the card goes aside; with
    ``Rules.longest_road_tie == "holder_keeps"``, 001, he keeps it at a tie); nobody takes a
    card on a tie without its holder; seat order never matters.
    """
    road_claim = _claim_seat(game, claimed_longest_road, game._longest_road_holder,
                             game._owner)
    army_claim = _claim_seat(game, claimed_largest_army, game._largest_army_holder,
                             game._player)
    road, road_code = game._decide_longest_road(road_claim)
    army, army_code = game._decide_largest_army(army_claim)
    colors = game._colors
    lengths = {colors[s]: game._road_lengths[s] for s in range(game._seat_count)}
    unbroken = {colors[s]: (unbroken_road_length(game, colors[s]) if game._road_broken(s)
                            else game._road_lengths[s]) for s in range(game._seat_count)}
    knights = {c: game.played_knights(c) for c in game.players}
    return SpecialCards(
        longest_road=colors[road] if road is not None and road >= 0 else None,
        largest_army=colors[army] if army is not None and army >= 0 else None,
        longest_road_reason=_road_reason(road_code, road_claim, road, lengths, unbroken,
                                         colors),
        largest_army_reason=_army_reason(army_code, army_claim, army, knights, colors),
        longest_road_decided=road is not None, largest_army_decided=army is not None,
        longest_road_code=road_code, largest_army_code=army_code,
        road_lengths=lengths, unbroken_road_lengths=unbroken, knights=knights,
        longest_road_tie_rule=game.rules.longest_road_tie)


def _claim_seat(game: Game, claim: str | None, recorded: int, seat_of) -> int | None:
    if claim == RECORDED:
        return recorded
    if claim == UNKNOWN:
        return None
    return -1 if claim is None else seat_of(claim)


def _nom(color: str, capital: bool = False) -> str:
    return words.player(color, capital=capital)


def _gen(color: str) -> str:
    return words.player(color, "gen")


def _dat(color: str) -> str:
    return words.player(color, "dat")


def _roads(n: int) -> str:
    return words.plural_count(n, "silnice", "silnice", "silnic")


def _knights(n: int) -> str:
    return words.plural_count(n, "rytíř", "rytíři", "rytířů")


def _tied(values: dict[str, int], best: int, colors: tuple[str, ...],
          but: str | None = None) -> list[str]:
    return [c for c in colors if c in values and values[c] == best and c != but]


def _has(names: list[str]) -> str:
    """"má" for one subject, "mají" for several."""
    return "má" if len(names) == 1 else "mají"


def _road_reason(code: str, claim: int | None, holder: int | None, lengths: dict[str, int],
                 unbroken: dict[str, int], colors: tuple[str, ...]) -> str:
    best = max(lengths.values(), default=0)
    leaders = _tied(lengths, best, colors)
    led = words.join([_nom(c) for c in leaders])
    old = colors[claim] if claim is not None and claim >= 0 else None
    new = colors[holder] if holder is not None and holder >= 0 else None
    if code in ("holder_longest", "sole_longest"):
        return (f"{_nom(new, True)} má sám nejdelší nepřerušenou cestu ({_roads(best)}), "
                "a proto má kartu Nejdelší obchodní cesta.")
    if code == "holder_keeps_tie":
        others = [_nom(c) for c in leaders if c != old]
        return (f"{_nom(old, True)} si kartu Nejdelší obchodní cesta ponechává: "
                f"{words.join(others)} {_has(others)} stejně dlouhou cestu ({_roads(best)}), "
                "kartu ale přebírá jen delší cesta.")
    if code == "holder_keeps_broken_tie":
        others = [_nom(c) for c in leaders if c != old]
        return (f"{_nom(old, True)} si kartu Nejdelší obchodní cesta ponechává: jeho cesta "
                f"je přerušená a {words.join(others)} {_has(others)} stejně dlouhou "
                f"({_roads(best)}); podle kompaktních pravidel (001) si kartu při shodě po "
                "přerušení ponechá její držitel.")
    if code == "broken_tie":
        return (f"Karta Nejdelší obchodní cesta jde stranou: cestu {_gen(old)} přerušuje "
                f"stavba soupeře (bez přerušení by měla {_roads(unbroken[old])}) a "
                f"{led} mají teď stejně dlouhou cestu ({_roads(best)}). Podle Almanachu jde "
                "po přerušení při shodě karta stranou, dokud nemá jeden hráč sám delší "
                "cestu. To platí pro shodu, kterou způsobilo přerušení; dorovnal-li soupeř "
                f"cestu až později, karta zůstává {_dat(old)}, protože ji přebírá jen delší "
                "cesta.")
    if code == "broken_sole":
        return (f"Kartu Nejdelší obchodní cesta přebírá {_nom(new)}: cestu {_gen(old)} "
                f"přerušuje stavba soupeře a nejdelší cestu má teď sám {_nom(new)} "
                f"({_roads(best)}).")
    if code == "broken_below_five":
        return (f"Karta Nejdelší obchodní cesta jde stranou: cestu {_gen(old)} přerušuje "
                "stavba soupeře a nikdo teď nemá nepřerušenou cestu aspoň z 5 silnic.")
    if code == "broken_tie_others":
        return (f"Karta Nejdelší obchodní cesta jde stranou: cestu {_gen(old)} přerušuje "
                f"stavba soupeře a nejdelší cestu ({_roads(best)}) mají {led} stejně "
                "dlouhou; kartu dostane až ten, kdo bude mít sám delší cestu.")
    if code == "longer":
        return (f"Kartu Nejdelší obchodní cesta přebírá {_nom(new)}: má delší cestu "
                f"({_roads(best)}) než {_nom(old)} ({_roads(lengths[old])}).")
    if code == "below_five":
        return ("Kartu Nejdelší obchodní cesta nemá nikdo: nikdo nemá nepřerušenou cestu "
                "aspoň z 5 silnic.")
    if code == "tie_first":
        return (f"{led.capitalize()} mají stejně dlouhou cestu ({_roads(best)}); kartu "
                "přebírá jen delší cesta, takže záleží na tom, kdo kartu získal dřív.")
    return (f"Kartu Nejdelší obchodní cesta nemá nikdo: {led} mají stejně dlouhou cestu "
            f"({_roads(best)}) a kartu dostane až ten, kdo bude mít sám delší.")


def _army_reason(code: str, claim: int | None, holder: int | None, knights: dict[str, int],
                 colors: tuple[str, ...]) -> str:
    best = max(knights.values(), default=0)
    leaders = _tied(knights, best, colors)
    led = words.join([_nom(c) for c in leaders])
    old = colors[claim] if claim is not None and claim >= 0 else None
    new = colors[holder] if holder is not None and holder >= 0 else None
    if code in ("holder_most", "sole_most"):
        return (f"{_nom(new, True)} má sám nejvíc vyložených rytířů ({_knights(best)}), "
                "a proto má kartu Největší vojsko.")
    if code == "holder_keeps_tie":
        others = [_nom(c) for c in leaders if c != old]
        return (f"{_nom(old, True)} si kartu Největší vojsko ponechává: {words.join(others)} "
                f"{_has(others)} stejný počet rytířů ({_knights(best)}), kartu ale přebírá "
                "jen vyšší počet.")
    if code == "retired_tie":
        return (f"Karta Největší vojsko jde stranou: {_nom(old)} odstranil rytíře a "
                f"{led} mají teď stejný počet ({_knights(best)}); kartu získá ten, kdo bude "
                "mít víc rytířů, nejméně 3 (Katan pro dva).")
    if code == "more_knights":
        return (f"Kartu Největší vojsko přebírá {_nom(new)}: má víc rytířů "
                f"({_knights(best)}) než {_nom(old)} ({_knights(knights[old])}).")
    if code == "holder_below_three" and new:
        return (f"Kartu Největší vojsko přebírá {_nom(new)}: {_nom(old)} má teď jen "
                f"{_knights(knights[old])} a nejvíc jich má sám {_nom(new)} "
                f"({_knights(best)}).")
    if code == "holder_below_three":
        return (f"Karta Největší vojsko jde stranou: {_nom(old)} má teď jen "
                f"{_knights(knights[old])} a nikdo jiný nemá sám nejvíc, aspoň 3.")
    if code == "below_three":
        return "Kartu Největší vojsko nemá nikdo: nikdo nemá vyložené aspoň 3 rytíře."
    if code == "tie_first":
        return (f"{led.capitalize()} mají stejný počet rytířů ({_knights(best)}); kartu "
                "přebírá jen vyšší počet, takže záleží na tom, kdo kartu získal dřív.")
    return (f"Kartu Největší vojsko nemá nikdo: {led} mají stejný počet rytířů "
            f"({_knights(best)}) a kartu dostane až ten, kdo bude mít víc.")


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
    h, p, colors = HEX_INDEX[hex_id], game._player_seat[thief], game._colors
    return ([colors[q] for q in robber_victims(game, p).get(h, ())],
            [colors[q] for q in robber_victims(game, p, without_cards=True).get(h, ())])


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



# --- what a move changes ------------------------------------------------------------------

@dataclass(frozen=True)
class Consequence:
    """One thing a move changes beyond the move itself, as a player would say it.

    ``kind``: "longest_road", "largest_army", "victory", "victory_not_now",
    "neutral_build_owed", "steal", "monopoly", "discard". ``text``: one Czech sentence about
    the colours in the third person. ``headword``: the Almanach entry of the rule.
    ``data``: the facts behind the sentence (colours, counts, resources).
    """

    kind: str
    text: str
    headword: str
    data: dict = field(default_factory=dict)


def consequences(game: Game, action, *, known_hands=None) -> list[Consequence]:
    """What ``action`` would change in this position, read from the events the engine
    returns when it applies the action to a copy (no rule is written here again): the
    special cards moving (to whom, or aside, and why), a victory (and whether it counts now:
    only on one's own turn), Katan pro dva's free neutral build owed, whom a robber or knight
    robs and what each could lose, what a Monopoly takes from whom, who must discard after a
    7. ``known_hands``: the colours whose resource cards are known (None: all); for the
    others a steal or a Monopoly names no cards. Raises what ``game.apply`` raises for an
    action the rules forbid; the position is never changed."""
    known = set(game.players if known_hands is None else known_hands)
    after = game.copy()
    events = after.apply(action)
    out: list[Consequence] = []
    out += _steal(game, action, known)
    for event in events:
        if event.kind == "special_card_moved":
            out.append(_card_moved(after, event))
        elif event.kind == "game_won":
            out.append(_victory(event))
        elif event.kind == "monopoly_taken":
            out.append(_monopoly(game, event, known))
        elif event.kind == "discard_required":
            out += _discards(game, event)
    out += _points_elsewhere(after)
    owed = after.neutral_builds_owed - game.neutral_builds_owed
    if owed > 0:
        who = _nom(action.player, True)
        text = (f"{who} postaví zdarma i {'vesnici' if owed == 1 else f'{owed} vesnice'} "
                "neutrálnímu hráči (nebo silnici, když vesnice nikam nejde).")
        out.append(Consequence("neutral_build_owed", text, "katan-pro-dva",
                               {"player": action.player, "builds": owed}))
    return out


def _card_moved(after: Game, event) -> Consequence:
    road = event.card == "longest_road"
    name = "Nejdelší obchodní cesta" if road else "Největší vojsko"
    cards = special_card_holders(after, **{
        "claimed_longest_road" if road else "claimed_largest_army": event.from_player})
    reason = cards.longest_road_reason if road else cards.largest_army_reason
    if event.to_player is None:
        text = reason
    elif event.from_player is None:
        text = f"{_nom(event.to_player, True)} získá kartu {name}."
    else:
        text = (f"Karta {name} přejde od {_gen(event.from_player)} k "
                f"{words.player(event.to_player, 'dat')}.")
    return Consequence("longest_road" if road else "largest_army", text,
                       LONGEST_ROAD_HEADWORD if road else LARGEST_ARMY_HEADWORD,
                       {"from": event.from_player, "to": event.to_player,
                        "reason": reason, "length" if road else "knights": event.length})


def _victory(event) -> Consequence:
    text = (f"{_nom(event.player, True)} tím dosáhne {words.points(event.points)} a vyhrává, "
            "protože je na tahu.")
    if event.revealed:
        text = text[:-1] + f" (odkryje {_vp_cards(event.revealed)})."
    return Consequence("victory", text, VICTORY_HEADWORD,
                       {"player": event.player, "points": event.points,
                        "revealed": event.revealed})


def _points_elsewhere(after: Game) -> list[Consequence]:
    """Players other than the one on turn who would hold enough points: they win only
    when their own turn comes, and only if they still have them then."""
    if after.winner is not None or after.phase == "over":
        return []
    goal = after.rules.victory_points_to_win
    out = []
    for p, color in enumerate(after.players):
        if p == after._current:
            continue
        points = after._points_total(p)
        if points >= goal:
            text = (f"{_nom(color, True)} by měl {words.points(points)}, ale vyhrát smí jen "
                    "na svém tahu: vyhraje, až na něj přijde řada, bude-li mít pořád "
                    f"aspoň {goal}.")
            out.append(Consequence("victory_not_now", text, VICTORY_HEADWORD,
                                   {"player": color, "points": points}))
    return out


def _steal(game: Game, action, known: set[str]) -> list[Consequence]:
    kind = getattr(action, "type", "")
    if kind not in ("move_robber", "play_knight"):
        return []
    headword = "rytir" if kind == "play_knight" else "sedmicka-padla-nastupuje-zlodej"
    robbable, _empty = robber_candidates(game, action.player, action.hex)
    thief = _nom(action.player, True)
    if action.victim is None:
        if not robbable:
            return []
        names = words.join([words.player(c, "acc") for c in robbable], "nebo")
        return [Consequence("steal", f"{thief} smí okrást {names}, ale nemusí.", headword,
                            {"thief": action.player, "victims": robbable})]
    victim = action.victim
    size = game.hand_size(victim)
    data = {"thief": action.player, "victims": [victim], "victim": victim,
            "hand_size": size}
    if victim in known:
        hand = game.hand(victim)
        kinds = [r for r in hand if hand[r]]
        data["could_lose"] = kinds
        text = (f"{thief} vezme {words.player(victim, 'dat')} náhodně jednu kartu suroviny: "
                + words.join([words.resource_word(r, 1) for r in kinds], "nebo") + ".")
    else:
        text = (f"{thief} vezme {words.player(victim, 'dat')} náhodně jednu kartu suroviny "
                f"(v ruce má {words.card_count(size)}).")
    return [Consequence("steal", text, headword, data)]


def _monopoly(game: Game, event, known: set[str]) -> Consequence:
    resource = event.resource
    others = [c for c in game.players if c != event.player]
    certain = [c for c in others if c in known]
    parts = [f"{_nom(c)} odevzdá {words.count_resource(resource, event.taken.get(c, 0))}"
             for c in certain if event.taken.get(c)]
    total = sum(event.taken.get(c, 0) for c in certain)
    who = _nom(event.player, True)
    if parts:
        text = f"{who} dostane {words.count_resource(resource, total)}: {words.join(parts)}."
    else:
        text = f"{who} nedostane nic: nikdo nemá {words.resource_word(resource, 0, 'gen')}."
    unknown = [c for c in others if c not in known]
    if unknown:
        verb = "odevzdá" if len(unknown) == 1 else "odevzdají"
        text = text[:-1] + (f"; kolik {verb} {words.join([_nom(c) for c in unknown])}, "
                            "záleží na kartách v ruce.")
        if not parts:
            text = (f"{who} dostane všechny karty suroviny {words.resource_name(resource)} "
                    "od spoluhráčů; kolik to bude, záleží na kartách v ruce.")
    return Consequence("monopoly", text, "pokrok",
                       {"player": event.player, "resource": resource,
                        "taken": {c: event.taken.get(c, 0) for c in certain},
                        "unknown": unknown})


def _discards(game: Game, event) -> list[Consequence]:
    out = []
    for color, k in event.players.items():
        size = game.hand_size(color)
        text = (f"{_nom(color, True)} musí odevzdat do banku {words.card_count(k)}, "
                f"polovinu ze svých {size}.")
        out.append(Consequence("discard", text, "sedmicka-padla-nastupuje-zlodej",
                               {"player": color, "cards": k, "hand_size": size}))
    return out


# --- who won ------------------------------------------------------------------------------

@dataclass(frozen=True)
class Verdict:
    """Who has won in this position, if anyone.

    ``points``: each player's points that everyone sees (buildings and special cards);
    ``hidden_possible``: victory-point cards each may hold hidden (known cards, or for a
    player whose development cards are not known, how many of his cards could be one);
    ``text``: Czech sentences; ``headword``: "konec-hry".
    """

    winner: str | None
    points: dict[str, int]
    hidden_possible: dict[str, int]
    text: str
    headword: str = VICTORY_HEADWORD
    current: str | None = None
    could_win_now: bool = False


def verdict(game: Game, *, known_dev_cards=None) -> Verdict:
    """Who won, following the Almanach's *Konec hry*: "Hra končí, když hráč, který je na
    tahu, dosáhne 10 bodů." and 002's wording of it: "Vyhrát může pouze hráč, který je právě
    na tahu a dosáhl v tomto tahu min. 10 bodů." Victory-point cards count, revealed then
    (*Karta s výherním bodem*: "V okamžiku, kdy má hráč pohromadě všech 10 bodů teprve
    odkrývá svou Kartu s výherním bodem."). Another player with 10 points has not won: he
    wins when his own turn comes, if he still has them (the engine checks at the start of
    every turn). ``known_dev_cards``: the colours whose unplayed development cards are known
    (None: all); for the others every unplayed card may be a victory point, up to the 5 in
    the deck."""
    goal = game.rules.victory_points_to_win
    known = set(game.players if known_dev_cards is None else known_dev_cards)
    visible = {c: game.points(c, include_hidden=False)["total"] - (
        game.points(c)["victory_cards"] if game.winner == c else 0) for c in game.players}
    held = {c: game.points(c)["victory_cards"] for c in game.players}
    left = 5 - sum(held[c] for c in known)
    hidden = {c: held[c] if c in known else min(len(game.dev_cards(c)), max(left, 0))
              for c in game.players}
    current = game.current_player
    if game.winner is not None:
        w = game.winner
        total = visible[w] + held[w]
        return Verdict(w, visible, hidden, f"{_nom(w, True)} vyhrál: na svém tahu dosáhl "
                       f"{words.points(total)}.", current=current)
    sentences = []
    winner = None
    could = False
    mine = visible[current] + (hidden[current] if current in known else 0)
    if mine >= goal:
        winner = current
        sentences.append(f"{_nom(current, True)} vyhrává: je na tahu a má "
                         f"{words.points(mine)}" + (
                             f", počítaje {_vp_cards(hidden[current])}, "
                             f"{'kterou' if hidden[current] == 1 else 'které'} teď odkryje."
                             if hidden[current] else "."))
    elif current not in known and visible[current] + hidden[current] >= goal:
        could = True
        need = goal - visible[current]
        sentences.append(f"{_nom(current, True)} je na tahu a má {words.points(visible[current])}"
                         " na stole; vyhrává, má-li mezi akčními kartami aspoň "
                         f"{_vp_cards(need)} a odkryje {'ji' if need == 1 else 'je'}.")
    else:
        sentences.append(f"Nikdo zatím nevyhrál: {_nom(current)} je na tahu a má "
                         f"{words.points(mine)}, k vítězství je potřeba {goal}.")
    for color in game.players:
        if color == current:
            continue
        total = visible[color] + (hidden[color] if color in known else 0)
        if total >= goal:
            sentences.append(f"{_nom(color, True)} má {words.points(total)}, ale není na tahu: "
                             "vyhraje, až na něj přijde tah, bude-li mít pořád aspoň "
                             f"{goal}.")
    return Verdict(winner, visible, hidden, " ".join(sentences), current=current,
                   could_win_now=could)


def _vp_cards(n: int) -> str:
    """In the accusative: 1 kartu, 2 karty, 5 karet Vítězný bod."""
    return words.plural_count(n, "kartu Vítězný bod", "karty Vítězný bod", "karet Vítězný bod")
