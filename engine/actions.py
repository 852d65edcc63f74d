"""What a player can do: one frozen dataclass per kind of action.

``player`` is always the colour of the player who acts. Places are readable ids
(topology aliases are accepted), resources and cards are names. Fields that chance decides
(the dice, the stolen card, the drawn card) may be left as None, and the game's own random
generator decides; a recorded game gives them, and then replays exactly.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar

from .errors import InvalidInput


@dataclass(frozen=True, slots=True)
class Action:
    player: str
    type: ClassVar[str] = "action"

    def to_json(self) -> dict:
        d: dict[str, Any] = {"type": self.type}
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, tuple):
                value = list(value)
            elif isinstance(value, dict):
                value = dict(value)
            d[f.name] = value
        return d


@dataclass(frozen=True, slots=True)
class PlaceSettlement(Action):
    """Set-up phase: place a settlement (free, distance rule applies)."""

    node: str
    type: ClassVar[str] = "place_settlement"


@dataclass(frozen=True, slots=True)
class PlaceRoad(Action):
    """Set-up phase: place a road touching the settlement just placed."""

    path: str
    type: ClassVar[str] = "place_road"


@dataclass(frozen=True, slots=True)
class RollDice(Action):
    dice: tuple[int, int] | None = None
    type: ClassVar[str] = "roll_dice"


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """After a 7: give half of one's resource cards (rounded down) back to the bank."""

    cards: dict[str, int]
    type: ClassVar[str] = "discard"


@dataclass(frozen=True, slots=True)
class MoveRobber(Action):
    """After a 7: move the robber to another hex and steal from ``victim`` (card None = random)."""

    hex: str
    victim: str | None = None
    card: str | None = None
    type: ClassVar[str] = "move_robber"


@dataclass(frozen=True, slots=True)
class PlayKnight(Action):
    """Play a Knight: move the robber and steal, in one action."""

    hex: str
    victim: str | None = None
    card: str | None = None
    type: ClassVar[str] = "play_knight"


@dataclass(frozen=True, slots=True)
class PlayRoadBuilding(Action):
    """Play Road Building: two free roads, built in the order given (one if only one fits)."""

    paths: tuple[str, ...]
    type: ClassVar[str] = "play_road_building"


@dataclass(frozen=True, slots=True)
class PlayYearOfPlenty(Action):
    resources: tuple[str, str]
    type: ClassVar[str] = "play_year_of_plenty"


@dataclass(frozen=True, slots=True)
class PlayMonopoly(Action):
    resource: str
    type: ClassVar[str] = "play_monopoly"


@dataclass(frozen=True, slots=True)
class BuildRoad(Action):
    path: str
    type: ClassVar[str] = "build_road"


@dataclass(frozen=True, slots=True)
class BuildSettlement(Action):
    node: str
    type: ClassVar[str] = "build_settlement"


@dataclass(frozen=True, slots=True)
class BuildCity(Action):
    node: str
    type: ClassVar[str] = "build_city"


@dataclass(frozen=True, slots=True)
class BuyDevelopmentCard(Action):
    """Buy the top development card; ``card`` given = a scripted draw."""

    card: str | None = None
    type: ClassVar[str] = "buy_development_card"


@dataclass(frozen=True, slots=True)
class TradeBank(Action):
    """Maritime trade: ``rate * count`` cards of ``give`` for ``count`` cards of ``get``."""

    give: str
    get: str
    count: int = 1
    type: ClassVar[str] = "trade_bank"


@dataclass(frozen=True, slots=True)
class TradePlayers(Action):
    """A domestic trade the active player and ``partner`` agreed on, applied at once."""

    partner: str
    give: dict[str, int]
    get: dict[str, int]
    type: ClassVar[str] = "trade_players"


@dataclass(frozen=True, slots=True)
class OfferTrade(Action):
    """A domestic offer by the player on turn to ``partner`` (None = to all the others):
    ``give`` what the offerer gives, ``get`` what he asks for. Nothing moves until the
    addressee accepts."""

    partner: str | None
    give: dict[str, int]
    get: dict[str, int]
    type: ClassVar[str] = "offer_trade"


@dataclass(frozen=True, slots=True)
class AcceptTrade(Action):
    """The addressee of the pending offer accepts it: the trade is carried out."""

    type: ClassVar[str] = "accept_trade"


@dataclass(frozen=True, slots=True)
class DeclineTrade(Action):
    """The addressee of the pending offer declines it."""

    type: ClassVar[str] = "decline_trade"


@dataclass(frozen=True, slots=True)
class CounterOffer(Action):
    """The addressee proposes other terms: ``give``/``get`` from the addressee's side."""

    give: dict[str, int]
    get: dict[str, int]
    type: ClassVar[str] = "counter_offer"


@dataclass(frozen=True, slots=True)
class BuildNeutralSettlement(Action):
    """Katan pro dva: the free settlement a builder puts up for a neutral player."""

    neutral: str
    node: str
    type: ClassVar[str] = "build_neutral_settlement"


@dataclass(frozen=True, slots=True)
class BuildNeutralRoad(Action):
    """Katan pro dva: the free road for a neutral player when no neutral settlement fits."""

    neutral: str
    path: str
    type: ClassVar[str] = "build_neutral_road"


@dataclass(frozen=True, slots=True)
class ForcedTrade(Action):
    """Katan pro dva, trade-card action: draw 2 random resource cards from the opponent
    (``drawn`` = the cards chance gave; None = the game's random generator)."""

    drawn: tuple[str, ...] | None = None
    type: ClassVar[str] = "forced_trade"


@dataclass(frozen=True, slots=True)
class GiveBack(Action):
    """Katan pro dva: after a forced trade, the 2 cards of one's choice for the opponent."""

    cards: dict[str, int]
    type: ClassVar[str] = "give_back"


@dataclass(frozen=True, slots=True)
class RobberToDesert(Action):
    """Katan pro dva, trade-card action: the robber goes to the desert; nobody is robbed."""

    type: ClassVar[str] = "robber_to_desert"


@dataclass(frozen=True, slots=True)
class RetireKnight(Action):
    """Katan pro dva: remove one of one's played knights from the game for 2 trade cards."""

    type: ClassVar[str] = "retire_knight"


@dataclass(frozen=True, slots=True)
class EndTrade(Action):
    """Trade phase over, build phase begins (separate phases only)."""

    type: ClassVar[str] = "end_trade"


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    type: ClassVar[str] = "end_turn"


ACTION_TYPES: dict[str, type[Action]] = {
    cls.type: cls
    for cls in (
        PlaceSettlement, PlaceRoad, RollDice, Discard, MoveRobber, PlayKnight, PlayRoadBuilding,
        PlayYearOfPlenty, PlayMonopoly, BuildRoad, BuildSettlement, BuildCity,
        BuyDevelopmentCard, TradeBank, TradePlayers, OfferTrade, AcceptTrade, DeclineTrade,
        CounterOffer, BuildNeutralSettlement, BuildNeutralRoad, ForcedTrade, GiveBack,
        RobberToDesert, RetireKnight, EndTrade, EndTurn,
    )
}
_TUPLE_FIELDS = {"dice", "paths", "resources", "drawn"}


def from_json(d: dict) -> Action:
    """The action a dict from :meth:`Action.to_json` describes."""
    if not isinstance(d, dict):
        raise InvalidInput("Akce musí být objekt JSON.")
    cls = ACTION_TYPES.get(d.get("type"))  # type: ignore[arg-type]
    if cls is None:
        raise InvalidInput(f"Neznámý druh akce {d.get('type')!r}.")
    kwargs = {}
    for f in fields(cls):
        if f.name not in d:
            continue
        value = d[f.name]
        if f.name in _TUPLE_FIELDS and isinstance(value, list):
            value = tuple(value)
        kwargs[f.name] = value
    try:
        return cls(**kwargs)
    except TypeError as exc:
        raise InvalidInput(f"Neúplná akce {d.get('type')}: {exc}.") from None
