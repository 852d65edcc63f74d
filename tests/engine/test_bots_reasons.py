"""The computer players' one-sentence reasons ("Proč: …"): given only where there was a
choice, in the board's words (never an id such as "a3|b4", "e2.SE" or "(e1)"), and true."""

import re

import pytest

from engine import Board, Game, Rules
from engine.bots import StrongBot, places
from engine.topology import HEX_IDS, INTERSECTION_IDS, PATH_IDS
from tutorial import board_svg

FOUR = ("orange", "red", "blue", "white")
LEVELS = ("silny", "pokrocily", "zacatecnik")
IDS = (
    re.compile(r"\b[a-e]\d\.(?:NE|NW|SE|SW|N|S|E|W)\b"),   # an intersection or a coast path
    re.compile(r"\b[a-e]\d\|[a-e]\d\b"),                   # a path between two hexes
    re.compile(r"\b[a-e]\d\b"),                            # a hex
)
LEADER = re.compile(r"škodí (\w+), který vede s (\d+) bod")
DATIVE = {"oranžovému": "orange", "červenému": "red", "modrému": "blue", "bílému": "white"}


def seeded_games():
    """(seed, players, levels by seat): every level in 2-, 3- and 4-player games."""
    for seed in range(6):
        players = FOUR[:(2, 3, 4)[seed % 3]]
        yield seed, players, [LEVELS[(seed + i) % 3] for i in range(len(players))]


def play_checking(seed, players, levels, check, turn_cap=400):
    game = Game.new(Board.variable(seed), players, seed=seed,
                    rules=Rules(two_player=len(players) == 2))
    bots = {c: StrongBot(seed * 8 + i, level=levels[i]) for i, c in enumerate(players)}
    count = 0
    while game.winner is None and game.turn_number <= turn_cap:
        legal = game.legal_actions()
        public = {c: game.points(c, include_hidden=False)["total"] for c in players}
        decision = bots[game.acting_player].decide(game)
        check(decision, legal, public)
        game.apply(decision.action)
        count += 1
    return count


@pytest.mark.parametrize(("seed", "players", "levels"), list(seeded_games()))
def test_no_reason_shows_an_id_or_says_nothing_and_leader_claims_are_true(seed, players,
                                                                          levels):
    seen = {"reasons": 0, "leader": 0}

    def check(decision, legal, public):
        reason = decision.reason_cs
        if len(legal) == 1:
            assert reason == "", "a forced move needs no reason"
            return
        if not reason:
            assert decision.action.type == "roll_dice"   # a plain roll: nothing to explain
            return
        seen["reasons"] += 1
        for pattern in IDS:
            assert not pattern.search(reason), reason
        assert " protože " in reason or " aby " in reason, reason
        assert not reason.endswith(("hází kostkami.", "končí tah.")), reason
        claim = LEADER.search(reason)
        if claim:
            seen["leader"] += 1
            leader = DATIVE[claim.group(1)]
            others = [p for c, p in public.items() if c != leader]
            assert public[leader] == int(claim.group(2)) and public[leader] > max(others), \
                (reason, public)

    assert play_checking(seed, players, levels, check) > 100
    assert seen["reasons"] > 50


def test_the_robber_names_the_leader_somewhere_in_the_seeded_games():
    """The leader claim is actually made (so the truth check above is not empty)."""
    claims = []

    def check(decision, legal, public):
        if LEADER.search(decision.reason_cs):
            claims.append(decision.reason_cs)

    for seed, players, levels in seeded_games():
        play_checking(seed, players, levels, check)
    assert claims


def test_a_plain_roll_and_a_forced_move_get_no_reason():
    game = Game.new(Board.variable(1), FOUR, seed=1)
    bots = {c: StrongBot(i) for i, c in enumerate(FOUR)}
    while game.phase != "roll":
        game.apply(bots[game.acting_player].decide(game).action)
    decision = bots[game.acting_player].decide(game)
    assert decision.action.type == "roll_dice" and decision.reason_cs == ""


@pytest.mark.parametrize("seed", [0, 7])
def test_places_are_named_as_the_narration_names_them(seed):
    board = Board.variable(seed)
    position = board_svg.position_of(Game.new(board, FOUR, seed=seed))
    for node in INTERSECTION_IDS:
        assert places.node_name(board, node) == board_svg.node_name(position, node)
    for path in PATH_IDS:
        assert places.path_name(board, path) == board_svg.path_name(position, path)
    for hex_id in HEX_IDS:
        assert places.hex_name(board, hex_id, "acc") == board_svg.hex_name(position, hex_id,
                                                                            "acc")
