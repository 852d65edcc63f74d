"""The table as the JSON API's position (the engine's JSON form), and the rule options'
letters as the engine's JSON names them."""

from __future__ import annotations

from engine import DEV_CARDS, RESOURCES, Game, Rules
from tutorial.referee.notation.codes import (
    ALL_COLORS,
    LETTERED,
    LOADED_PHASES,
    UNKNOWN,
    Table,
    default_phase,
)
from tutorial.referee.notation.engine_game import board_of, build


def rules_json(rules: Rules) -> dict:
    """The options the notation writes, as the engine's JSON names them."""
    return {option.name: getattr(rules, option.name) for option in LETTERED}


def letters_of(rules: Rules) -> frozenset[str]:
    """The letters of the options these rules set to their other reading."""
    return frozenset(option.letter for option in LETTERED
                     if getattr(rules, option.name) == option.other)


def to_json(pos: Table, game: Game | None = None) -> dict:
    """The position in the engine's JSON form, as ``POST /rozhodci/api`` takes it (keys at
    their defaults left out): the same position, the same holders, the same answers.
    ``game``: the position built (:func:`build`), where the caller has it; what the engine
    derived on loading (who discards, the set-up's step) is copied from it."""
    out: dict = {}
    if pos.plan != "z":
        out["board"] = board_of(pos.plan).to_json()
    if pos.players != ALL_COLORS or pos.two_player:
        out["players"] = list(pos.players)
    rules = pos.engine_rules()
    if pos.rules:
        out["rules"] = rules_json(rules)
    buildings = {at: [c, p] for c, p, at in pos.pieces if p != "road"}
    roads = {at: c for c, p, at in pos.pieces if p == "road"}
    if buildings:
        out["buildings"] = buildings
    if roads:
        out["roads"] = roads
    if pos.robber:
        out["robber"] = pos.robber
    if pos.hands:
        out["hands"] = {c: dict(zip(RESOURCES, k, strict=True)) for c, k in pos.hands.items()}
    if pos.dev:
        out["dev_cards"] = {c: {card: n for card, n in zip(DEV_CARDS, k, strict=True) if n}
                            for c, k in pos.dev.items()}
    if pos.knights:
        out["played"] = {c: {"knight": k} for c, k in pos.knights}
    if pos.current:
        out["current"] = pos.current
        out["phase"] = pos.phase or default_phase(pos)
    for key, holder in (("longest_road_holder", pos.road_holder),
                        ("largest_army_holder", pos.army_holder)):
        if holder != UNKNOWN:
            out[key] = holder
    if pos.new_dev:
        out["dev_cards_new"] = {c: {card: n for card, n in zip(DEV_CARDS, k, strict=True) if n}
                                for c, k in pos.new_dev.items()}
    if pos.trade_cards:
        out["trade_cards"] = dict(pos.trade_cards)
    for letter, key in (("k", "dev_card_played_this_turn"), ("o", "trade_card_action_used"),
                        ("r", "knight_retired")):
        if letter in pos.done:
            out[key] = True
    if pos.rolls or pos.phase in LOADED_PHASES:
        # What the engine loaded (who discards, how far the set-up is, the rolls made).
        loaded = (game or build(pos).game).to_json()
        keys = {"discard": ("discard", "rolls", "first_roll_total"),
                "robber": ("rolls", "first_roll_total"),
                "setup": ("setup", "turn_number", "current", "rolls")}.get(pos.phase,
                                                                  ("rolls", "first_roll_total"))
        out.update({k: loaded[k] for k in keys})
    return out
