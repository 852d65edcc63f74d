"""Katan pro dva for the strong bot: the free builds for the neutral players and the
trade-card actions (forced trade, robber to the desert, retiring a knight).

Actions are recognised by their ``type`` name, so this module needs nothing of the engine
beyond what a two-player game offers in ``legal_actions()``.
"""

from __future__ import annotations

from ..actions import Action
from ..constants import LARGEST_ARMY_MIN
from ..topology import (
    HEX_CORNERS,
    INTERSECTION_INDEX,
    INTERSECTION_NEIGHBORS,
    INTERSECTION_PATHS,
    PATH_ENDS,
    PATH_INDEX,
)
from . import words
from .base import Decision, sentence
from .view import TableView

FORCED_TRADE_MIN_HAND = 4   # the opponent's hand worth two random cards
ROAD_BREAK = 4.0            # a neutral settlement that cuts a road through its intersection


def neutral_build(pos: TableView, legal: list[Action]) -> Decision:
    """The free neutral settlement (or road) that costs the opponent most and the bot
    least: it takes a spot the opponent could reach, or cuts the opponent's road."""
    opponent = pos.opponents[0] if pos.opponents else pos.me
    reach = {pos.me: pos.reach(pos.me), opponent: pos.reach(opponent)}

    def spot_loss(n: int, color: str) -> float:
        """The best spot within ``color``'s reach that a settlement on n would take."""
        taken = [m for m in (n, *INTERSECTION_NEIGHBORS[n])
                 if pos.free_spot(m) and m in reach[color]]
        return max((pos.node_value(m, color) for m in taken), default=0.0)

    def cuts(n: int, color: str) -> bool:
        return sum(pos.path_owner[q] == color for q in INTERSECTION_PATHS[n]) >= 2

    def settlement_score(a: Action) -> tuple[float, str]:
        n = INTERSECTION_INDEX[a.node]
        score = spot_loss(n, opponent) - spot_loss(n, pos.me)
        score += ROAD_BREAK * (cuts(n, opponent) - cuts(n, pos.me))
        return score, a.node

    def road_score(a: Action) -> tuple[float, str]:
        ends = PATH_ENDS[PATH_INDEX[a.path]]
        score = sum(3.0 * (e in reach[opponent]) - 3.0 * (e in reach[pos.me]) for e in ends)
        return score, a.path

    settlements = [a for a in legal if a.type == "build_neutral_settlement"]
    if settlements:
        action = max(settlements, key=settlement_score)
        n = INTERSECTION_INDEX[action.node]
        if spot_loss(n, opponent) > 0:
            because = "protože tím soupeři bere místo pro vesnici"
        elif cuts(n, opponent):
            because = "protože tím soupeři přeruší silnici"
        else:
            because = "protože tam nepřekáží jemu samému"
        clause = (f"staví za {words.player(action.neutral, 'acc')} neutrálního hráče vesnici "
                  f"{pos.node_label(n)}")
        return Decision(action, sentence(pos.me, clause, because))
    roads = [a for a in legal if a.type == "build_neutral_road"]
    action = max(roads, key=road_score)
    ends = PATH_ENDS[PATH_INDEX[action.path]]
    because = ("protože tím soupeři zahrazuje cestu" if any(e in reach[opponent] for e in ends)
               else "protože tam nepřekáží jemu samému")
    clause = (f"staví za {words.player(action.neutral, 'acc')} neutrálního hráče silnici "
              f"{pos.path_label(action.path)}")
    return Decision(action, sentence(pos.me, clause, because))


def trade_card_action(pos: TableView, legal: list[Action], phase: str) -> Decision | None:
    """Retire a knight for 2 trade cards when Largest Army is not at stake; move the robber
    off the bot's hex to the desert; force a trade on an opponent with a full hand."""
    by_type = {a.type: a for a in legal
               if a.type in ("retire_knight", "robber_to_desert", "forced_trade")}
    if not by_type:
        return None
    game, me = pos.game, pos.me
    retire = by_type.get("retire_knight")
    if retire is not None and game.trade_cards(me) <= 5 and _army_safe(pos):
        return Decision(retire, sentence(
            me, "vyřazuje ze hry jednoho svého Rytíře za 2 obchodní karty",
            "protože tím o Největší vojsko nepřijde"))
    desert = by_type.get("robber_to_desert")
    blocked = pos.hex_pips[pos.robber] > 0 and any(
        pos.owner[n] == me for n in HEX_CORNERS[pos.robber])
    if desert is not None and blocked:
        return Decision(desert, sentence(
            me, "přesouvá obchodní kartou zloděje na poušť",
            f"protože mu zloděj blokuje výnos z {pos.hex_label(pos.robber)}"))
    forced = by_type.get("forced_trade")
    if forced is not None and phase in ("trade", "main") and pos.opponents:
        opponent = pos.opponents[0]
        size = pos.hand_sizes[opponent]
        if size >= FORCED_TRADE_MIN_HAND:
            return Decision(forced, sentence(
                me, f"si obchodní kartou vynucuje obchod s {words.player(opponent, 'ins')} hráčem",
                f"protože soupeř drží {_card_count(size)} a on vrátí ty, které nepotřebuje"))
    return None


def _army_safe(pos: TableView) -> bool:
    """Retiring a knight does not cost the bot Largest Army (and keeps its claim to it)."""
    game, me = pos.game, pos.me
    if game.largest_army_holder != me:
        return True
    left = game.played_knights(me) - 1
    rival = max((game.played_knights(c) for c in pos.opponents), default=0)
    return left >= LARGEST_ARMY_MIN and left > rival


def _card_count(n: int) -> str:
    if n == 1:
        return "1 kartu"
    return f"{n} karty" if 2 <= n <= 4 else f"{n} karet"
