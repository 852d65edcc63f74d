"""Czech words for one action (no Django here): what its button says, a short sentence when
nothing else tells it, and the narration of the action once played.

    label(action, position) -> "Postavit vesnici u …"
    tell(action, events, before, players) -> "Modrá zakládá vesnici u …"

Like the engine's handler table (``Game.handlers``), the button labels are a table keyed by
the action's class (:data:`LABELS`); the narration of events is :mod:`tutorial.narrate`'s,
with the few events it does not narrate (offers, Katan pro dva) told here (:data:`EXTRA`).
"""

from __future__ import annotations

from collections.abc import Callable

from engine import actions, words
from tutorial import narrate
from tutorial.board_svg import hex_name, node_name, path_name


def _counts(cards) -> dict[str, int]:
    out: dict[str, int] = {}
    for card in cards:
        out[card] = out.get(card, 0) + 1
    return out


# --- button labels -----------------------------------------------------------------------

def _robber(a: actions.MoveRobber | actions.PlayKnight, position: dict) -> str:
    place = hex_name(position, a.hex, "acc")
    start = "Zahrát Rytíře: zloděj na" if isinstance(a, actions.PlayKnight) else "Zloděj na"
    victim = (f" a vzít kartu {words.player(a.victim, 'dat')}" if a.victim
              else " a nikoho neokrást")
    return f"{start} {place}{victim}"


def _trade_bank(a: actions.TradeBank, position: dict, rate: int) -> str:
    return (f"Vyměnit do banku {words.count_resource(a.give, rate * a.count)}"
            f" za {words.count_resource(a.get, a.count)} ({rate} : 1)")


def _offer(a: actions.OfferTrade) -> str:
    to = words.player(a.partner, "dat") if a.partner else "všem"
    return f"Nabídnout {to} {words.cards(a.give)} za {words.cards(a.get)}"


# Action class -> what its button says, in the infinitive, from the action, the position
# (to name places) and the player's rate for a maritime trade's resource.
Label = Callable[[actions.Action, dict, int], str]
LABELS: dict[type[actions.Action], Label] = {
    actions.PlaceSettlement: lambda a, pos, rate: f"Postavit vesnici {node_name(pos, a.node)}",
    actions.BuildSettlement: lambda a, pos, rate: f"Postavit vesnici {node_name(pos, a.node)}",
    actions.PlaceRoad: lambda a, pos, rate: f"Postavit silnici {path_name(pos, a.path)}",
    actions.BuildRoad: lambda a, pos, rate: f"Postavit silnici {path_name(pos, a.path)}",
    actions.BuildCity: lambda a, pos, rate: (
        f"Povýšit vesnici {node_name(pos, a.node)} na město"),
    actions.RollDice: lambda a, pos, rate: "Hodit kostkami",
    actions.EndTrade: lambda a, pos, rate: "Ukončit obchod a stavět",
    actions.EndTurn: lambda a, pos, rate: "Ukončit tah",
    actions.BuyDevelopmentCard: lambda a, pos, rate: "Koupit akční kartu",
    actions.Discard: lambda a, pos, rate: f"Odhodit {words.cards(a.cards)}",
    actions.MoveRobber: lambda a, pos, rate: _robber(a, pos),
    actions.PlayKnight: lambda a, pos, rate: _robber(a, pos),
    actions.PlayRoadBuilding: lambda a, pos, rate: (
        f"Zahrát Pokrok – stavba silnic: {words.join([path_name(pos, p) for p in a.paths])}"),
    actions.PlayYearOfPlenty: lambda a, pos, rate: (
        f"Zahrát Pokrok – vynález: {words.cards(_counts(a.resources))}"),
    actions.PlayMonopoly: lambda a, pos, rate: (
        f"Zahrát Pokrok – monopol na {words.resource_word(a.resource, 1)}"),
    actions.TradeBank: _trade_bank,
    actions.TradePlayers: lambda a, pos, rate: (
        f"Vyměnit s hráčem {words.player(a.partner, 'ins')}: {words.cards(a.give)}"
        f" za {words.cards(a.get)}"),
    # Trade with consent
    actions.OfferTrade: lambda a, pos, rate: _offer(a),
    actions.AcceptTrade: lambda a, pos, rate: "Přijmout nabídku",
    actions.DeclineTrade: lambda a, pos, rate: "Odmítnout nabídku",
    actions.CounterOffer: lambda a, pos, rate: (
        f"Protinabídka: dám {words.cards(a.give)} za {words.cards(a.get)}"),
    # Katan pro dva
    actions.BuildNeutralSettlement: lambda a, pos, rate: (
        f"Postavit neutrálnímu hráči ({words.player(a.neutral)}) vesnici"
        f" {node_name(pos, a.node)}"),
    actions.BuildNeutralRoad: lambda a, pos, rate: (
        f"Postavit neutrálnímu hráči ({words.player(a.neutral)}) silnici"
        f" {path_name(pos, a.path)}"),
    actions.ForcedTrade: lambda a, pos, rate: (
        "Vynucený obchod: vzít spoluhráči náhodně 2 karty surovin a vrátit mu 2"),
    actions.GiveBack: lambda a, pos, rate: f"Vrátit {words.cards(a.cards)}",
    actions.RobberToDesert: lambda a, pos, rate: "Přemístit zloděje na poušť (za obchodní karty)",
    actions.RetireKnight: lambda a, pos, rate: "Vyřadit rytíře za 2 obchodní karty",
}


def label(action: actions.Action, position: dict, rate: int = 4) -> str:
    """What a button for this action says, in the infinitive: 'Postavit vesnici u …'.
    ``rate``: the player's rate for a maritime trade's resource."""
    wording = LABELS.get(action.__class__)
    return wording(action, position, rate) if wording else type(action).__name__


def describe(action: actions.Action, position: dict) -> str:
    """A short Czech sentence for an action whose events the narration does not tell."""
    who = words.player(action.player, capital=True)
    if isinstance(action, actions.EndTrade):
        return f"{who} končí obchod a přechází ke stavění."
    return f"{who}: {label(action, position)[:1].lower()}{label(action, position)[1:]}."


# --- narration of a played action --------------------------------------------------------

def _cards_or_count(event: dict, name: str) -> str:
    """The cards, or only how many for a viewer who may not know which
    (narrate.visible_events)."""
    if event[name] is None:
        return words.card_count(event["count"]).replace("karta", "kartu")
    return words.cards(event[name])


def _offered(event: dict, who: str) -> str:
    to = words.join([words.player(c, "dat") for c in event["to"]])
    word = "protinabídku" if event.get("counter") else "obchod"
    return f"{who} nabízí {to} {word}: {words.cards(event['give'])} za {words.cards(event['get'])}."


def _neutral_built(event: dict, who: str, before: dict) -> str:
    piece = words.PIECES_ACC[event["piece"]]
    place = (path_name(before, event["place"]) if event["piece"] == "road"
             else node_name(before, event["place"]))
    return (f"{who} staví zdarma {piece} neutrálnímu hráči ({words.player(event['neutral'])})"
            f" {place}.")


# Event kind -> its sentence, for the events narrate.narrate leaves out: from the event, the
# acting player's name and the position before the action.
Extra = Callable[[dict, str, dict], str]
EXTRA: dict[str, Extra] = {
    "card_bought": lambda e, who, before: (
        f"{who} platí 1 vlnu, 1 obilí a 1 rudu a kupuje akční kartu."),
    "trade_offered": lambda e, who, before: _offered(e, who),
    "trade_declined": lambda e, who, before: f"{who} obchod odmítá.",
    "neutral_built": _neutral_built,
    "forced_trade": lambda e, who, before: (
        f"{who} si vynuceným obchodem bere {words.player(e['victim'], 'dat')}"
        f" {_cards_or_count(e, 'drawn')}."),
    "given_back": lambda e, who, before: (
        f"{who} vrací {words.player(e['partner'], 'dat')} {_cards_or_count(e, 'cards')}."),
    "knight_retired": lambda e, who, before: (
        f"{who} vyřazuje jednoho svého rytíře ze hry a bere 2 obchodní karty."),
}


def extra(event: dict, before: dict) -> str:
    """The sentence for an event the narration leaves out ("" for any other event)."""
    wording = EXTRA.get(event["kind"])
    if wording is None:
        return ""
    return wording(event, words.player(event.get("player", "orange"), capital=True), before)


def _founding(action: actions.PlaceSettlement, events: list[dict], before: dict) -> str:
    who = words.player(action.player, capital=True)
    text = f"{who} zakládá vesnici {node_name(before, action.node)}."
    gains = next((e["gains"] for e in events if e["kind"] == "produced"), None)
    if gains and any(gains.get(action.player, {}).values()):
        text += f" Za druhou vesnici bere z banku {words.cards(gains[action.player])}."
    return text


def _founding_road(action: actions.PlaceRoad, events: list[dict], before: dict) -> str:
    who = words.player(action.player, capital=True)
    return f"{who} připojuje silnici {path_name(before, action.path)}."


# The set-up's placements, which the example game does not narrate.
SETUP_TELLS = {actions.PlaceSettlement: _founding, actions.PlaceRoad: _founding_road}


def tell(action: actions.Action, events: list[dict], before: dict,
         players: tuple[str, ...]) -> str:
    """Czech sentences for what one action did: the example game's narration, plus the
    few things it does not narrate (set-up placements, offers, Katan pro dva)."""
    founding = SETUP_TELLS.get(action.__class__)
    if founding is not None:
        return founding(action, events, before)
    # Which development card was bought stays secret until it is played; the win is told
    # last, after what caused it (Katan pro dva's own events come from EXTRA).
    told = [e for e in events if e["kind"] not in ("card_bought", "game_won")]
    extras = [extra(event, before) for event in events]
    won = narrate.narrate([e for e in events if e["kind"] == "game_won"], before, players)
    text = " ".join(t for t in [narrate.narrate(told, before, players), *extras, won] if t)
    return text or describe(action, before)
