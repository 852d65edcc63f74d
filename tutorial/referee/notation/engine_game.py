"""Into the engine: the sandbox Game a table describes (each piece checked with its own
Czech reason), the boards of the plan letters, and the holders the rules decided."""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine import DEV_CARDS, RESOURCES, Board, Game, InvalidInput, RuleViolation, referee
from engine import topology as topo
from engine.constants import LARGEST_ARMY_MIN, LONGEST_ROAD_MIN
from tutorial.referee.notation.codes import (
    LOADED_PHASES,
    PATHS_AT,
    TWO_PLAYER_DONE,
    UNKNOWN,
    Table,
    default_phase,
)


def board_of(plan: str) -> Board:
    if plan == "p":
        return _empty_board()
    if plan.startswith("v"):
        return Board.variable(int(plan[1:]))
    return _beginner()


_BOARDS: dict[str, Board] = {}


def _beginner() -> Board:
    if "z" not in _BOARDS:
        _BOARDS["z"] = Board.beginner()
    return _BOARDS["z"]


def _empty_board() -> Board:
    """The standard frame with no terrain to speak of: 19 desert hexes, no numbers, no
    harbors. Many disputes (roads, the distance rule) need only the geometry."""
    if "p" not in _BOARDS:
        _BOARDS["p"] = Board(("desert",) * len(topo.HEX_IDS), (None,) * len(topo.HEX_IDS), (),
                             EMPTY_ROBBER)
    return _BOARDS["p"]


EMPTY_ROBBER = "c3"  # the middle hex of the empty frame


@dataclass
class Built:
    """An engine Game for a position, or the Czech reason it cannot exist; ``cards``: who
    holds the special cards and why (the engine's one decision, from the position's claims)."""

    game: Game | None
    error: str = ""
    headword: str = ""
    cards: referee.SpecialCards | None = None


def build(pos: Table) -> Built:
    """Replay the position into a sandbox Game piece by piece (each piece checked with its
    own Czech reason), then load it as the API loads a position, with the holders the
    position claims: the special cards' holders are decided by one function everywhere."""
    try:
        game = Game.empty(board_of(pos.plan), pos.players, rules=pos.engine_rules())
        for color, piece, place in pos.pieces:
            if color not in pos.colors():
                raise InvalidInput(f"{_player(color)} v této hře nehraje.")
            if piece == "road":
                game.place_road(color, place)
            else:
                game.place_settlement(color, place, city=piece == "city")
        for color, count in pos.knights:
            game.set_played_knights(color, count)
        for color, counts in pos.dev.items():
            game.set_dev_cards(color, [card for card, k in zip(DEV_CARDS, counts, strict=True)
                                       for _ in range(k)])
        for color, counts in pos.hands.items():
            game.set_hand(color, dict(zip(RESOURCES, counts, strict=True)))
        if pos.robber:
            game.set_robber(pos.robber)
        _check_turn_state(pos)
        for color, n in pos.trade_cards.items():
            game.set_trade_cards(color, n)
        if pos.current:
            phase = pos.phase or default_phase(pos)
            # A 7's phases and the set-up are loaded into the position below (the sandbox
            # starts turns only).
            game.set_current(pos.current, "roll" if phase == "setup"
                             else default_phase(pos) if phase in LOADED_PHASES else phase)
        for holder in (pos.road_holder, pos.army_holder):
            if holder not in (UNKNOWN, None) and holder not in pos.colors():
                raise InvalidInput(f"{_player(holder)} v této hře nehraje.")
        data = game.to_json()
        _turn_state_json(pos, game, data)
        data["longest_road_holder"] = pos.road_holder
        data["largest_army_holder"] = pos.army_holder
        game = referee.position_from_json(data)
        cards = referee.special_card_holders(game, claimed_longest_road=pos.road_holder,
                                             claimed_largest_army=pos.army_holder)
    except RuleViolation as exc:
        return Built(None, exc.message, exc.headword)
    except InvalidInput as exc:
        return Built(None, exc.message)
    return Built(game, cards=cards)


def _check_turn_state(pos: Table) -> None:
    """What the turn's state says fits the position's turn (a Czech reason otherwise); the
    engine's loading checks the rest."""
    phase = pos.phase or (default_phase(pos) if pos.current else "")
    if not pos.current and (pos.new_dev or pos.done or pos.discarding or pos.rolls):
        raise InvalidInput("Koupené karty, co už hráč v tomto tahu udělal, odevzdávání a hody "
                           "se týkají hráče na tahu: zvolte, kdo je na tahu.")
    if not pos.two_player and (pos.trade_cards or pos.done & set(TWO_PLAYER_DONE)):
        raise InvalidInput("Obchodní karty a akce s nimi jsou jen v Katanu pro dva.")
    for color in pos.new_dev:
        if color != pos.current:
            raise InvalidInput("Akční karty koupené v tomto tahu může mít jen hráč na tahu.")
    if pos.discarding and phase != "discard":
        raise InvalidInput("Kdo odevzdává karty, se zadává jen ve fázi odevzdávání po "
                           "sedmičce.")
    if pos.rolls and phase in ("discard", "robber") and pos.rolls[-1] != 7:
        raise InvalidInput("Odevzdávání karet a přesun zloděje následují po hozené sedmičce: "
                           "poslední hod musí být 7.")
    if phase == "setup" and (pos.new_dev or pos.dev or pos.knights or pos.done or pos.rolls):
        raise InvalidInput("Ve fázi zakládání nikdo nemá akční karty ani nehází kostkami.")


def _turn_state_json(pos: Table, game: Game, data: dict) -> None:
    """The turn's state the sandbox cannot set, written into the position JSON the engine
    then loads and checks: cards bought this turn, a card played, Katan pro dva's rolls and
    trade-card actions, the phases after a 7 and the set-up."""
    if pos.new_dev:
        data["dev_cards_new"] = {c: {card: n for card, n in zip(DEV_CARDS, k, strict=True)
                                     if n} for c, k in pos.new_dev.items()}
        del data["deck"]  # the deck is what is in no hand (referee.position_from_json)
    data["dev_card_played_this_turn"] = "k" in pos.done
    if pos.two_player:
        data["trade_card_action_used"] = "o" in pos.done
        # The retired knight is no longer among the played ones (rytiri=); the deck's
        # makeup is nobody's dispute, so it is not taken from there too.
        data["knight_retired"] = "r" in pos.done
    if pos.rolls:
        data["rolls"] = len(pos.rolls)
        data["first_roll_total"] = pos.rolls[0]
    phase = pos.phase
    if phase in ("discard", "robber"):
        data["phase"] = phase
        if not pos.rolls:
            data["rolls"] = game.rolls_this_turn
        owed = referee.roll_yields(game, 7).players  # the engine: who must, how many
        if phase == "discard":
            for color in pos.discarding:
                if color not in owed:
                    raise InvalidInput(f"{_player(color)} nemá víc než 7 karet surovin, "
                                       "po sedmičce nic neodevzdává.")
            if pos.discarding:
                owed = {c: owed[c] for c in pos.discarding}
            if not owed:
                raise InvalidInput("Ve fázi odevzdávání po sedmičce musí někdo mít víc než 7 "
                                   "karet surovin: zadejte karty v ruce.")
            data["discard"] = owed
    elif phase == "setup":
        # The pieces say how far the set-up is: each road ends one placement; a player's
        # settlement without his road yet is the one the next road joins.
        roads = {q: c for q, c in data["roads"].items() if c in pos.players}
        waiting = [n for n, (c, _p) in data["buildings"].items() if c in pos.players
                   and not any(roads.get(q) == c for q in _paths_of(n))]
        data.update(phase="setup", turn_number=0, rolls=0, first_roll_total=0,
                    setup={"step": len(roads), "settlement": waiting[0] if waiting else None})


def _paths_of(node: str) -> list[str]:
    return [topo.PATH_IDS[q] for q in PATHS_AT[topo.INTERSECTION_INDEX[node]]]


def decided(pos: Table, cards: referee.SpecialCards) -> Table:
    """The position with the holders the rules decided in it as its claims: what an edit
    starts from (who held each card before the next piece or knight), so the next tap is
    ruled as a move of the game is, never by the order of seats or pieces."""
    road = cards.longest_road if cards.longest_road_decided else UNKNOWN
    army = cards.largest_army if cards.largest_army_decided else UNKNOWN
    # Where nobody has 5 roads (3 knights) who held the card changes nothing: the address
    # stays short.
    if road is None and max(cards.road_lengths.values(), default=0) < LONGEST_ROAD_MIN:
        road = UNKNOWN
    if army is None and max(cards.knights.values(), default=0) < LARGEST_ARMY_MIN:
        army = UNKNOWN
    return replace(pos, road_holder=road, army_holder=army)


def _player(color: str) -> str:
    from engine import words
    return words.player(color, capital=True)
