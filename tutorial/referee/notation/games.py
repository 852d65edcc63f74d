"""The table of a running game (the example game, a Hrát game), as the editor starts it."""

from __future__ import annotations

from engine import DEV_CARDS, RESOURCES, Game, referee
from tutorial.referee.notation.api_json import letters_of
from tutorial.referee.notation.codes import PHASE_LETTER_OF, Table, _canonical


def from_game(game: Game, plan: str, shown: set[str] | None = None) -> Table:
    """The position of a running game (the example game, a Hrát game) for the editor.

    Pieces keep the order they were placed in (the game's history; the beginners' starting
    pieces, which the history does not hold, come first); the special cards' holders are
    the game's own, never inferred again. Only the hands and development cards of ``shown``
    colours are copied (None: everybody's): a player may take his own position to the
    referee, not his opponents' cards. Victory-point cards count as hidden, like the cards
    themselves."""
    order: list[tuple[str, str, str]] = []
    for action in game.history:
        kind = type(action).__name__
        player = getattr(action, "player", None)
        if kind in ("PlaceSettlement", "BuildSettlement"):
            order.append((player, "settlement", action.node))
        elif kind == "BuildNeutralSettlement":
            order.append((action.neutral, "settlement", action.node))
        elif kind == "BuildCity":
            order = [(c, "city" if (c, at) == (player, action.node) else p, at)
                     for c, p, at in order]
        elif kind in ("PlaceRoad", "BuildRoad"):
            order.append((player, "road", action.path))
        elif kind == "BuildNeutralRoad":
            order.append((action.neutral, "road", action.path))
        elif kind == "PlayRoadBuilding":
            order += [(player, "road", path) for path in action.paths]
    order = [(c, p, _canonical(p, at)) for c, p, at in order]
    on_board = ([(c, p, n) for n, (c, p) in game.buildings.items()]
                + [(c, "road", q) for q, c in game.roads.items()])
    placed = set(order)
    upgraded = {(c, "settlement", n) for c, p, n in order if p == "city"}
    start = [item for item in on_board if item not in placed and item not in upgraded]
    pieces = tuple(start + [item for item in order if item in set(on_board)])
    visible = set(game.players) if shown is None else shown & set(game.players)
    hands = {c: tuple(game.hand(c)[r] for r in RESOURCES) for c in game.players
             if c in visible and game.hand_size(c)}
    dev, new_dev = {}, {}
    for c in game.players:
        if c not in visible:
            continue
        for table, bought in ((dev, False), (new_dev, True)):
            cards = [card for card, new in game.dev_cards(c)
                     if card != "victory_point" and new == bought]
            if cards:
                table[c] = tuple(cards.count(card) for card in DEV_CARDS)
    knights = tuple((c, game.played_knights(c)) for c in game.players if game.played_knights(c))
    rules = game.rules
    flags = letters_of(rules)
    phase = game.phase if game.phase in PHASE_LETTER_OF else ""
    owed = tuple(c for c in game.players if game.discards_owed.get(c))
    if phase == "discard" and not set(owed) <= set(hands):
        phase = ""  # who discards follows from hands the screen may not show
    board = game.board
    robber = game.robber if game.robber != board.robber_start else ""
    data = game.to_json() if phase else {}
    done = frozenset(x for x, key in (("k", "dev_card_played_this_turn"),
                                      ("o", "trade_card_action_used"),
                                      ("r", "knight_retired")) if data.get(key))
    rolls: tuple[int, ...] = ()  # only where the phase alone does not say them
    made, first = data.get("rolls", 0), data.get("first_roll_total") or 0
    if rules.two_player and phase == "roll" and made == 1:
        rolls = (first,)
    elif rules.two_player and phase in ("discard", "robber"):
        rolls = (7,) if made == 1 else (first, 7)
    trade_cards = {c: n for c, n in (data.get("trade_cards") or {}).items() if n != 4}
    return Table(plan=plan, players=tuple(game.players), rules=flags, pieces=pieces,
                    robber=robber, hands=hands, dev=dev, knights=knights,
                    current=game.current_player if phase else "", phase=phase,
                    road_holder=game.longest_road_holder,
                    army_holder=game.largest_army_holder,
                    new_dev=new_dev if phase else {}, done=done if phase else frozenset(),
                    discarding=owed if phase == "discard" and len(owed) < len(
                        referee.roll_yields(game, 7).players) else (),
                    rolls=rolls, trade_cards=trade_cards)
