"""The question Rozhodčí's page asks: the ruling for the question and choices in the UI
state, or what the page still waits for (a tap, a roll, a card)."""

from __future__ import annotations

from engine import RESOURCES, InvalidInput, actions
from engine import topology as topo
from tutorial.referee import notation, rulings
from tutorial.referee.notation import Table
from tutorial.referee.state import TWO_PLAYER_KINDS, UiState


def _known(pos: Table) -> rulings.Known:
    # Who said which cards he bought in this turn said which cards he holds.
    return rulings.Known(turn=bool(pos.current), hands=frozenset(pos.hands),
                         dev=frozenset(pos.dev) | frozenset(pos.new_dev))


def ask(pos: Table, state: UiState, built: notation.Built) -> rulings.Ruling | None:
    """The ruling for the question in the address, or None while it waits for a tap."""
    game, known, color = built.game, _known(pos), state.color
    question = state.question
    place = state.place
    if color not in game.players and question not in ("nejdelsi-cesta", "vynosy", "body",
                                                       "kdo-vyhral", "sedmicka"):
        raise rulings.BadQuestion("Neutrální barva se na nic neptá: zvolte hráče.")
    if question == "nejdelsi-cesta":
        return rulings.longest_road(game, built.cards)
    if question == "kam-stavet":
        return rulings.where_to_build(game, color)
    if question == "body":
        return rulings.points(game, known)
    if question == "kdo-vyhral":
        return rulings.who_won(game, known)
    if question == "sedmicka":
        return rulings.seven(game, known)
    if question == "vynosy":
        if state.roll is None:
            return None
        return rulings.yields(game, state.roll, known)
    if question == "koho-okrast":
        return rulings.whom_to_rob(game, color, place, known) if place else None
    if question != "smi":
        return None
    kind = state.kind
    if kind == "pristav":
        return rulings.rate_ruling(game, color, state.resource) if state.resource else None
    if kind == "karta":
        return rulings.card_ruling(game, color, state.card, known) if state.card else None
    if kind in TWO_PLAYER_KINDS:
        if not game.rules.two_player:
            raise rulings.BadQuestion("Obchodní karty jsou jen v Katanu pro dva.")
        return rulings.may(game, TWO_PLAYER_KINDS[kind](color), known)
    if kind == "obchod":
        if not (state.partner and state.give and state.take):
            return None
        give, get = (dict(zip(RESOURCES, side, strict=True)) for side in (state.give, state.take))
        return rulings.may(game, actions.TradePlayers(
            color, state.partner, {r: k for r, k in give.items() if k},
            {r: k for r, k in get.items() if k}), known)
    if not kind or not place:
        return None
    try:
        action = _board_action(kind, color, place)
    except (KeyError, InvalidInput):
        raise rulings.BadQuestion("Klepněte na místo na plánu.") from None
    return rulings.may(game, action, known)


def _board_action(kind: str, color: str, place: str) -> actions.Action:
    if kind == "zlodej":
        topo.HEX_INDEX[place]
        return actions.MoveRobber(color, place)
    if kind == "silnice":
        return actions.BuildRoad(color, notation._canonical("road", place))
    node = notation._canonical("settlement", place)
    return (actions.BuildCity if kind == "mesto" else actions.BuildSettlement)(color, node)



def waiting(state: UiState) -> str:
    """What the page waits for before it can answer ("" when nothing)."""
    question, kind = state.question, state.kind
    if question == "koho-okrast" and not state.place:
        return "Klepněte na pole, kam zloděj jde."
    if question == "vynosy" and state.roll is None:
        return "Zvolte, co padlo na kostkách."
    if question == "smi" and not kind:
        return "Zvolte, na co se ptáte."
    if question == "smi" and kind in ("vesnice", "mesto", "silnice", "zlodej") \
            and not state.place:
        return "Klepněte na místo na plánu."
    if question == "smi" and kind == "pristav" and not state.resource:
        return "Zvolte surovinu, kterou chcete dát do banku."
    if question == "smi" and kind == "karta" and not state.card:
        return "Zvolte akční kartu."
    if question == "smi" and kind == "obchod" and not (state.partner and state.give
                                                      and state.take):
        return "Vyplňte, s kým se obchoduje a co za co, a zeptejte se."
    return ""

