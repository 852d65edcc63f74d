"""What happened in a stretch of a game, in one Czech sentence: the event behind a swing.

Each event of the stretch is a candidate with the player it helps or hurts and a weight
(a win, a special card moving, a city, a seven that cost a hand, a theft, ...). For a
player whose chance rose, the events that helped him count fully and those that hurt an
opponent by half; for a fall the other way round. The heaviest candidate is told, in the
third person about colours ("Sedmička stála modrého 5 karet.").
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import actions as A
from ..board import Board
from ..bots.places import hex_ref, node_name
from ..constants import RESOURCES
from ..topology import (
    HEX_CORNERS,
    HEX_INDEX,
    INTERSECTION_HEXES,
    INTERSECTION_IDS,
    INTERSECTION_INDEX,
)
from ..words import card_count, cards, count_resource, player, plural_count, points, resource_word
from .features import PIPS

SPECIAL_CARDS = {"longest_road": "Nejdelší obchodní cestu", "largest_army": "Největší vojsko"}
SPECIAL_CARDS_NOM = {"longest_road": "Nejdelší obchodní cesta",
                     "largest_army": "Největší vojsko"}


@dataclass(frozen=True, slots=True)
class Candidate:
    step: int
    color: str      # whom it concerns
    sign: int       # +1 helps, -1 hurts
    weight: float
    text: str


@dataclass(frozen=True, slots=True)
class Step:
    """One action of the record with the events it gave and the board's buildings after."""

    index: int
    action: A.Action
    events: tuple
    phase_before: str


def _p(color: str, case: str = "nom", capital: bool = False) -> str:
    return player(color, case, capital)


def candidates(board: Board, step: Step, buildings: dict) -> list[Candidate]:
    """The told events of one step. ``buildings``: node -> (colour, piece) after the step."""
    out: list[Candidate] = []
    i, action = step.index, step.action
    robber_to = None
    stole = None
    for e in step.events:
        kind = e.kind
        if kind == "game_won":
            out.append(Candidate(i, e.player, 1, 100.0,
                                 f"{_p(e.player, capital=True)} dosáhl "
                                 f"{points(e.points)} a vyhrál."))
        elif kind == "special_card_moved":
            out += _special(i, e, action)
        elif kind == "built" and step.phase_before != "setup" and e.piece != "road":
            what = "město" if e.piece == "city" else "vesnici"
            weight = 14.0 if e.piece == "city" else 11.0
            out.append(Candidate(i, e.player, 1, weight,
                                 f"{_p(e.player, capital=True)} postavil {what} "
                                 f"{node_name(board, e.place)}."))
        elif kind == "discarded":
            n = sum(e.cards.values())
            out.append(Candidate(i, e.player, -1, 2.5 * n,
                                 f"Sedmička stála {_p(e.player, 'acc')} {card_count(n)}."))
        elif kind == "robber_moved":
            robber_to = e.to_hex
        elif kind == "stolen":
            stole = e
        elif kind == "monopoly_taken":
            n = sum(e.taken.values())
            out.append(Candidate(i, e.player, 1, 2.0 * n,
                                 f"{_p(e.player, capital=True)} zahrál Pokrok – monopol a "
                                 f"vzal soupeřům {count_resource(e.resource, n)}."))
            for victim, k in e.taken.items():
                if k:
                    out.append(Candidate(i, victim, -1, 2.0 * k,
                                         f"Monopol {_p(e.player, 'gen')} vzal "
                                         f"{_p(victim, 'dat')} "
                                         f"{count_resource(e.resource, k)}."))
        elif kind == "year_of_plenty":
            got = {r: e.resources.count(r) for r in set(e.resources)}
            out.append(Candidate(i, e.player, 1, 4.0,
                                 f"{_p(e.player, capital=True)} zahrál Pokrok – vynález a "
                                 f"vzal si z banku {cards(got)}."))
        elif kind == "card_played" and e.card == "road_building":
            out.append(Candidate(i, e.player, 1, 5.0,
                                 f"{_p(e.player, capital=True)} zahrál Pokrok – stavba silnic."))
        elif kind == "card_bought":
            vp = e.card == "victory_point"
            text = (f"{_p(e.player, capital=True)} koupil akční kartu: Vítězný bod." if vp
                    else f"{_p(e.player, capital=True)} koupil akční kartu.")
            out.append(Candidate(i, e.player, 1, 12.0 if vp else 2.0, text))
        elif kind == "traded":
            out.append(Candidate(i, e.player, 1, 2.0,
                                 f"{_p(e.player, capital=True)} vyměnil s "
                                 f"{_p(e.partner, 'ins')} {cards(e.give)} za {cards(e.get)}."))
        elif kind == "produced":
            total = next((x.total for x in step.events if x.kind == "dice_rolled"), None)
            for color, gains in e.gains.items():
                n = sum(gains.values())
                if n >= 2 and total is not None:
                    out.append(Candidate(i, color, 1, 1.2 * n,
                                         f"Hod {total} vynesl {_p(color, 'dat')} "
                                         f"{card_count(n)}."))
    if robber_to is not None:
        out += _robber(board, i, action, robber_to, stole, buildings)
    return out


def _special(i: int, e, action: A.Action) -> list[Candidate]:
    card, nom, acc = e.card, SPECIAL_CARDS_NOM[e.card], SPECIAL_CARDS[e.card]
    out = []
    if card == "largest_army":
        if e.to_player is None:
            return out
        text = f"{_p(e.to_player, capital=True)} zahrál {e.length}. Rytíře a "
        text += (f"vzal {_p(e.from_player, 'dat')} {acc}." if e.from_player
                 else f"získal {acc}.")
    elif e.reason in ("broken", "tie"):
        builder = action.player
        loser = e.from_player
        if loser is None:
            return out
        text = f"Vesnice {_p(builder, 'gen')} přerušila cestu {_p(loser, 'gen')}"
        text += (f" a {nom} přešla k {_p(e.to_player, 'dat')}." if e.to_player
                 else f", který tím přišel o {acc}.")
    else:
        if e.to_player is None:
            return out
        length = plural_count(e.length, "silnice", "silnice", "silnic")
        text = (f"{_p(e.to_player, capital=True)} vzal {_p(e.from_player, 'dat')} {acc} "
                f"({length})." if e.from_player
                else f"{_p(e.to_player, capital=True)} získal {acc} ({length}).")
    if e.to_player:
        out.append(Candidate(i, e.to_player, 1, 25.0, text))
    if e.from_player:
        out.append(Candidate(i, e.from_player, -1, 25.0, text))
    return out


def _robber(board: Board, i: int, action: A.Action, to_hex: str, stole,
            buildings: dict) -> list[Candidate]:
    thief = action.player
    verb = "zahrál Rytíře a poslal" if isinstance(action, A.PlayKnight) else "poslal"
    where = hex_ref(board, to_hex, "acc")
    h = HEX_INDEX[to_hex]
    number = board.numbers[h]
    dots = {}
    for n in HEX_CORNERS[h]:
        owner = buildings.get(INTERSECTION_IDS[n])
        if owner and owner[0] != thief:
            dots[owner[0]] = dots.get(owner[0], 0) + (PIPS[number] if number else 0) * (
                2 if owner[1] == "city" else 1)
    out = []
    if stole is not None:
        text = (f"{_p(thief, capital=True)} {verb} zloděje na {where} a okradl "
                f"{_p(stole.victim, 'acc')} o {resource_word(stole.card, 1)}.")
        blocked = dots.get(stole.victim, 0)
        out.append(Candidate(i, stole.victim, -1, 6.0 + 0.5 * blocked, text))
        out.append(Candidate(i, thief, 1, 6.0, text))
    for color, d in dots.items():
        if stole is not None and color == stole.victim:
            continue
        if d:
            out.append(Candidate(i, color, -1, 2.0 + 0.5 * d,
                                 f"{_p(thief, capital=True)} {verb} zloděje na {where}, "
                                 f"kde blokuje {_p(color, 'acc')}."))
    return out


def setup_sentence(board: Board, color: str, buildings: dict) -> str:
    """The set-up of one player: his two settlements and how often their numbers come."""
    mine = [node for node, (c, _) in buildings.items() if c == color]
    dots = sum(PIPS[board.numbers[h]] if board.numbers[h] else 0
               for node in mine for h in INTERSECTION_HEXES[INTERSECTION_INDEX[node]])
    names = " a ".join(node_name(board, node) for node in mine[:2])
    kinds = {RESOURCES[board.hex_resource[h]] for node in mine
             for h in INTERSECTION_HEXES[INTERSECTION_INDEX[node]]
             if board.hex_resource[h] >= 0}
    kinds_text = plural_count(len(kinds), "druh", "druhy", "druhů")
    return (f"Při zakládání postavil {_p(color)} vesnice {names}: {kinds_text} surovin, "
            f"čísla padnou v průměru {dots}krát z 36 hodů.")


def best(cands: list[Candidate], color: str, delta: float) -> Candidate | None:
    """The candidate that best explains ``color``'s chance moving by ``delta``."""
    sign = 1 if delta > 0 else -1

    def score(c: Candidate) -> float:
        if c.color == color:
            return c.weight if c.sign == sign else 0.0
        return 0.5 * c.weight if c.sign == -sign else 0.0
    scored = [(score(c), -c.step, c) for c in cands]
    scored = [x for x in scored if x[0] > 0]
    if not scored:
        return None
    return max(scored, key=lambda x: (x[0], x[1]))[2]


def _percent(p: float) -> str:
    return f"{round(100 * p)} %"


def fallback(color: str, on_turn: str | None, before: float, after: float) -> str:
    whose = f"V tahu {_p(on_turn, 'gen')} se" if on_turn else "Pak se"
    return (f"{whose} šance {_p(color, 'gen')} změnila z {_percent(before)} "
            f"na {_percent(after)}.")

