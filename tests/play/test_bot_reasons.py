"""The computer players' reasons ("Proč: …" in Hrát's news) are consistent with the move and
tell the table only what anybody there sees.

At the table (the bots Hrát seats) a reason never tells the plan behind a hidden hand
("šetří na město" is what a person at the table would not say). The hint's bot
(``tells_plan=True``, spoken to the player whose hand it is) may tell the plan, and then it
fits the move: a discard never says it saves for a build whose cost includes a card it
throws away, a maritime trade saves for a build that needs the card it takes, and so on.
Both are checked on every reason of many seeded games of 2, 3 and 4 players at every level;
the reasons never change the moves."""

import re

import pytest

from engine import Board, Game, Rules
from engine import actions as A
from engine.bots import StrongBot
from engine.constants import CITY_COST, DEV_CARD_COST, RESOURCES, ROAD_COST, SETTLEMENT_COST
from engine.topology import HEX_INDEX, INTERSECTION_HEXES, INTERSECTION_INDEX
from tutorial.play import flow

FOUR = ("orange", "red", "blue", "white")
LEVELS = ("silny", "pokrocily", "zacatecnik")
BUILDS = {"na silnici": ROAD_COST, "na vesnici": SETTLEMENT_COST, "na město": CITY_COST,
          "na akční kartu": DEV_CARD_COST}
SAVES_FOR = re.compile(r"šetří (na silnici|na vesnici|na město|na akční kartu)")
KEEPS_FOR = re.compile(r"zbyly suroviny (na silnici|na vesnici|na město|na akční kartu)")
# The plan behind a hidden hand: what only its own player may be told.
PLAN = re.compile(r"šetří|šetření|zbyly suroviny|výhled|míří k")


def cost_of(build: str) -> dict[str, int]:
    return {r: n for r, n in zip(RESOURCES, BUILDS[build], strict=True) if n}


def covers(hand: dict[str, int], build: str) -> bool:
    return all(hand.get(r, 0) >= n for r, n in cost_of(build).items())


def produces(game: Game, color: str, resource: str) -> bool:
    """Does a building of ``color`` stand on a numbered hex of ``resource`` free of the
    robber (what anybody sees on the board)?"""
    board = game.board
    robber = HEX_INDEX[game.robber]
    for node, (owner, _) in game.buildings.items():
        if owner != color:
            continue
        for h in INTERSECTION_HEXES[INTERSECTION_INDEX[node]]:
            if (h != robber and board.numbers[h] and board.hex_resource[h] >= 0
                    and RESOURCES[board.hex_resource[h]] == resource):
                return True
    return False


def problems(game: Game, action: A.Action, reason: str, after: Game) -> list[str]:
    """What is wrong with this reason for this move (``game`` before it, ``after`` after)."""
    found = []
    me = action.player
    hand = game.hand(me)
    saves = SAVES_FOR.search(reason)
    keeps = KEEPS_FOR.search(reason)
    if isinstance(action, A.Discard | A.GiveBack):
        kept = {r: hand[r] - action.cards.get(r, 0) for r in RESOURCES}
        if saves and set(action.cards) & set(cost_of(saves.group(1))):
            found.append("saves for a build it throws cards of away")
        if keeps and not covers(kept, keeps.group(1)):
            found.append("says the kept cards cover a build they do not")
    if isinstance(action, A.TradeBank):
        if saves and action.get not in cost_of(saves.group(1)):
            found.append("trades for a card its plan does not need")
        if "sám netěží" in reason and produces(game, me, action.get):
            found.append("says it does not produce what it produces")
    if isinstance(action, A.OfferTrade) and saves:
        if not set(action.get) & set(cost_of(saves.group(1))):
            found.append("offers for cards its plan does not need")
    if isinstance(action, A.PlayYearOfPlenty) and saves:
        if not set(action.resources) & set(cost_of(saves.group(1))):
            found.append("takes cards its plan does not need")
    if isinstance(action, A.EndTurn) and saves and covers(hand, saves.group(1)):
        found.append("says it saves for a build it could make now")
    if "získá Největší vojsko" in reason and after.largest_army_holder != me:
        found.append("Largest Army did not come")
    if "získá Nejdelší obchodní cestu" in reason and after.longest_road_holder != me:
        found.append("Longest Road did not come")
    if "aby neměl víc než 7 karet" in reason and after.hand_size(me) > 7:
        found.append("still holds more than 7 cards")
    if "teď chce stavět" in reason and not any(
            isinstance(a, A.BuildRoad | A.BuildSettlement | A.BuildCity
                       | A.BuyDevelopmentCard) for a in after.legal_actions()):
        found.append("wants to build with nothing to build")
    leader = re.search(r"škodí (\w+), který vede s (\d+) bod", reason)
    if leader:
        color = next(c for c in game.players if leader.group(1).startswith(
            {"orange": "oranž", "red": "červen", "blue": "modr", "white": "bíl"}[c]))
        if game.points(color, include_hidden=False)["total"] != int(leader.group(2)):
            found.append("names the leader's points wrong")
    return found


def seeded_games():
    """(seed, players, levels by seat): 2 (Katan pro dva), 3 and 4 players, every level in
    every seat over the seeds."""
    for seed in range(18):
        players = FOUR[:(2, 3, 4)[seed % 3]]
        yield seed, players, tuple(LEVELS[(seed // 3 + i) % 3] for i in range(len(players)))


def play(seed: int, players: tuple[str, ...], levels: tuple[str, ...], tells_plan: bool):
    """The game's (action, reason, problems) in order."""
    game = Game.new(Board.variable(seed), players, seed=seed,
                    rules=Rules(two_player=len(players) == 2))
    bots = {c: StrongBot(seed * 8 + i, level=levels[i], tells_plan=tells_plan)
            for i, c in enumerate(players)}
    out = []
    while game.winner is None and game.turn_number <= 400:
        decision = bots[game.acting_player].decide(game)
        before = game.copy()
        game.apply(decision.action)
        out.append((decision.action, decision.reason_cs,
                    problems(before, decision.action, decision.reason_cs, game)))
    return out


@pytest.mark.parametrize(("seed", "players", "levels"), list(seeded_games()))
def test_every_reason_fits_its_move_and_the_table_hears_no_plan(seed, players, levels):
    table = play(seed, players, levels, tells_plan=False)
    told = play(seed, players, levels, tells_plan=True)
    # The same moves: a reason is words about the move, never a part of choosing it.
    assert [a for a, _, _ in table] == [a for a, _, _ in told]
    wrong = [(reason, p) for _, reason, p in table + told if p]
    assert not wrong, wrong[:5]
    plans = [reason for _, reason, _ in table if PLAN.search(reason)]
    assert not plans, plans[:5]
    # Discards and give-backs name no build at the table: only the cards are seen.
    named = [reason for a, reason, _ in table if isinstance(a, A.Discard | A.GiveBack)
             and any(build in reason for build in BUILDS)]
    assert not named, named[:5]
    # Where there was a choice there is a why, at the table too.
    assert all(" protože " in reason or " aby " in reason for _, reason, _ in table if reason)


def test_the_check_catches_a_discard_that_saves_for_what_it_throws_away():
    game = Game.new(Board.variable(1), FOUR, seed=1)
    game.set_hand("orange", {"lumber": 4, "brick": 1, "wool": 1, "grain": 2})
    discard = A.Discard("orange", {"lumber": 4})
    reason = "Oranžový odhazuje 4 dřeva, protože šetří na vesnici."
    assert problems(game, discard, reason, game) == [
        "saves for a build it throws cards of away"]
    kept_wrong = "Oranžový odhazuje 4 dřeva, aby mu zbyly suroviny na město."
    assert problems(game, discard, kept_wrong, game) == [
        "says the kept cards cover a build they do not"]
    assert problems(game, discard, "Oranžový odhazuje 4 dřeva, protože šetří na město.",
                    game) == []


def test_the_plan_is_told_to_its_own_player_in_the_hint_and_fits_the_move():
    """Over the seeded games the hint's bot does tell plans (so the checks above check
    something), and the table's bots never do."""
    told, table = [], []
    for seed, players, levels in list(seeded_games())[:6]:
        told += [r for _, r, _ in play(seed, players, levels, tells_plan=True)]
        table += [r for _, r, _ in play(seed, players, levels, tells_plan=False)]
    assert sum(1 for r in told if SAVES_FOR.search(r)) >= 20
    assert not any(SAVES_FOR.search(r) for r in table)
    assert any("protože se bez nich obejde nejsnáz" in r for r in table)  # discards


def test_katan_pro_dva_reasons_speak_of_one_opponent():
    setup = flow.Setup(players=FOUR[:2], people=("orange",))
    for seed, players, levels in seeded_games():
        if len(players) != 2:
            continue
        for _, reason, _ in play(seed, players, levels, tells_plan=False):
            said = flow.for_table(reason, setup)
            assert not re.search(r"soupeřům|soupeři (těží|mají)|spoluhráč|všem", said), said
