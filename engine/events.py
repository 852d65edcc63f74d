"""What happened: apply() returns a list of events, one dataclass per kind.

Events carry readable ids and names only, so a site can narrate them and store them as
JSON (``event.to_json()``).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar


@dataclass(slots=True)
class Event:
    kind: ClassVar[str] = "event"

    def to_json(self) -> dict:
        d: dict[str, Any] = {"kind": self.kind}
        for f in fields(self):
            d[f.name] = _plain(getattr(self, f.name))
        return d


def _plain(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


@dataclass(slots=True)
class DiceRolled(Event):
    player: str
    dice: tuple[int, int]
    total: int
    kind: ClassVar[str] = "dice_rolled"


@dataclass(slots=True)
class Produced(Event):
    """Resources paid out: ``gains`` per colour; ``blocked`` hexes under the robber (who
    would have received what); ``shortage`` resources the bank could not pay to everyone."""

    gains: dict[str, dict[str, int]]
    blocked: list[dict]
    shortage: list[str]
    kind: ClassVar[str] = "produced"


@dataclass(slots=True)
class DiscardRequired(Event):
    players: dict[str, int]
    kind: ClassVar[str] = "discard_required"


@dataclass(slots=True)
class Discarded(Event):
    player: str
    cards: dict[str, int]
    kind: ClassVar[str] = "discarded"


@dataclass(slots=True)
class RobberMoved(Event):
    player: str
    from_hex: str
    to_hex: str
    kind: ClassVar[str] = "robber_moved"


@dataclass(slots=True)
class Stolen(Event):
    thief: str
    victim: str
    card: str
    kind: ClassVar[str] = "stolen"


@dataclass(slots=True)
class NothingStolen(Event):
    thief: str
    hex: str
    kind: ClassVar[str] = "nothing_stolen"


@dataclass(slots=True)
class Built(Event):
    player: str
    piece: str  # "road" | "settlement" | "city"
    place: str
    kind: ClassVar[str] = "built"


@dataclass(slots=True)
class CardBought(Event):
    player: str
    card: str
    kind: ClassVar[str] = "card_bought"


@dataclass(slots=True)
class CardPlayed(Event):
    player: str
    card: str
    kind: ClassVar[str] = "card_played"


@dataclass(slots=True)
class Traded(Event):
    player: str
    partner: str
    give: dict[str, int]
    get: dict[str, int]
    kind: ClassVar[str] = "traded"


@dataclass(slots=True)
class BankTraded(Event):
    player: str
    give: str
    get: str
    rate: int
    count: int
    kind: ClassVar[str] = "bank_traded"


@dataclass(slots=True)
class MonopolyTaken(Event):
    player: str
    resource: str
    taken: dict[str, int]
    kind: ClassVar[str] = "monopoly_taken"


@dataclass(slots=True)
class YearOfPlenty(Event):
    player: str
    resources: tuple[str, str]
    kind: ClassVar[str] = "year_of_plenty"


@dataclass(slots=True)
class SpecialCardMoved(Event):
    """Longest Road or Largest Army changed hands; ``to_player`` None = set aside.
    ``reason``: "first", "longer", "more_knights", "broken" or "tie"."""

    card: str  # "longest_road" | "largest_army"
    from_player: str | None
    to_player: str | None
    reason: str
    length: int
    kind: ClassVar[str] = "special_card_moved"


@dataclass(slots=True)
class PhaseChanged(Event):
    player: str
    phase: str
    kind: ClassVar[str] = "phase_changed"


@dataclass(slots=True)
class TurnEnded(Event):
    player: str
    kind: ClassVar[str] = "turn_ended"


@dataclass(slots=True)
class TurnStarted(Event):
    player: str
    turn_number: int
    kind: ClassVar[str] = "turn_started"


@dataclass(slots=True)
class GameWon(Event):
    player: str
    points: int
    revealed: int  # victory-point cards revealed
    kind: ClassVar[str] = "game_won"


@dataclass(slots=True)
class TradeOffered(Event):
    """A domestic offer (or counter-offer) waits for ``to``; give/get from ``player``'s side."""

    player: str
    to: list[str]
    give: dict[str, int]
    get: dict[str, int]
    counter: bool
    kind: ClassVar[str] = "trade_offered"


@dataclass(slots=True)
class TradeDeclined(Event):
    player: str
    offerer: str
    kind: ClassVar[str] = "trade_declined"


@dataclass(slots=True)
class NeutralBuilt(Event):
    """Katan pro dva: ``player`` built a free piece for the neutral colour ``neutral``."""

    player: str
    neutral: str
    piece: str
    place: str
    kind: ClassVar[str] = "neutral_built"


@dataclass(slots=True)
class TradeCardsChanged(Event):
    """Katan pro dva: trade cards gained or paid (``change`` signed, ``total`` after)."""

    player: str
    change: int
    total: int
    reason: str
    kind: ClassVar[str] = "trade_cards_changed"


@dataclass(slots=True)
class ForcedTradeDrawn(Event):
    player: str
    victim: str
    drawn: dict[str, int]
    kind: ClassVar[str] = "forced_trade"


@dataclass(slots=True)
class GivenBack(Event):
    player: str
    partner: str
    cards: dict[str, int]
    kind: ClassVar[str] = "given_back"


@dataclass(slots=True)
class KnightRetired(Event):
    player: str
    knights: int
    kind: ClassVar[str] = "knight_retired"
