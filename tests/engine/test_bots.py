"""Computer players: only legal actions, deterministic for a seed, every decision explained in
Czech, and a strong player that plays to win (robber, discards, trades)."""

import pytest
from engine_kit import hand, place_roads, sandbox
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Board, Game, Rules, RuleViolation, actions
from engine.actions import (
    BuildSettlement,
    Discard,
    EndTrade,
    MoveRobber,
    PlaceSettlement,
    PlayKnight,
    RollDice,
    TradeBank,
)
from engine.bots import RandomBot, StrongBot, play_out, words
from engine.bots.base import sentence
from engine.topology import HEX_CORNERS, HEX_IDS, INTERSECTION_INDEX

FOUR = ("orange", "red", "blue", "white")
CZECH_NAMES = ("Oranžový", "Červený", "Modrý", "Bílý")


def strong_against_random(seed: int, players=FOUR, combined=False) -> tuple[Game, str, dict]:
    """A fresh game on a variable board (2 players: Katan pro dva): the strong bot in a seat
    that rotates with the seed."""
    strong = players[seed % len(players)]
    bots = {c: StrongBot(seed) if c == strong else RandomBot(seed * 8 + i)
            for i, c in enumerate(players)}
    rules = Rules(combined_trade_build=combined, two_player=len(players) == 2)
    return Game.new(Board.variable(seed), players, seed=seed, rules=rules), strong, bots


def hexes_of(game: Game, color: str) -> set[str]:
    return {HEX_IDS[h] for h, corners in enumerate(HEX_CORNERS)
            for node, (owner, _) in game.buildings.items()
            if owner == color and INTERSECTION_INDEX[node] in corners}


@pytest.mark.slow  # 12 whole games of random seeds (the quick tier leaves out long games)
@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10**6), count=st.sampled_from((2, 3, 4)), combined=st.booleans())
def test_bots_only_ever_choose_legal_actions_and_explain_each_in_czech(seed, count, combined):
    game, _, bots = strong_against_random(seed, FOUR[:count], combined)
    while game.winner is None and game.turn_number <= 400:
        legal = game.legal_actions()
        decision = bots[game.acting_player].decide(game)
        assert decision.action in legal
        assert decision.action.player == game.acting_player
        name = CZECH_NAMES[FOUR.index(game.acting_player)]
        if len(legal) > 1 and decision.action.type != "roll_dice":
            assert decision.reason_cs.startswith(name + " ")
            assert decision.reason_cs.endswith(".") and len(decision.reason_cs) > len(name) + 5
        game.apply(decision.action)
    assert game.winner is not None


@pytest.mark.slow  # 10 whole games
def test_the_strong_bot_beats_three_random_players_on_fixed_seeds():
    wins = 0
    for seed in range(10):
        game, strong, bots = strong_against_random(seed)
        play_out(game, bots)
        wins += game.winner == strong
    assert wins >= 8


def test_four_strong_bots_finish_a_game_with_a_winner_within_the_turn_cap():
    for seed in (1, 2):
        game = Game.new(Board.variable(seed), seed=seed)
        decisions = play_out(game, {c: StrongBot(seed + i) for i, c in enumerate(FOUR)},
                             turn_cap=300)
        assert game.winner is not None and game.turn_number <= 300
        assert game.points(game.winner)["total"] >= 10
        assert all(d.reason_cs for d in decisions
                   if d.action.type not in ("roll_dice", "end_turn", "discard"))


def test_three_strong_bots_with_combined_trade_and_build_finish_too():
    game = Game.new(Board.beginner(), FOUR[:3], seed=5, rules=Rules(combined_trade_build=True))
    play_out(game, {c: StrongBot(i) for i, c in enumerate(FOUR[:3])}, turn_cap=300)
    assert game.winner is not None


def test_the_same_seeds_give_the_same_game():
    def run():
        game, _, bots = strong_against_random(3)
        decisions = play_out(game, bots)
        return game.to_json(), [(d.action, d.reason_cs) for d in decisions]

    assert run() == run()


def test_a_random_bot_with_its_own_seed_leaves_the_global_random_alone():
    import random

    random.seed(42)
    before = random.random()
    random.seed(42)
    game = Game.new(Board.beginner(), seed=1)
    play_out(game, {c: RandomBot(i) for i, c in enumerate(FOUR)}, turn_cap=3)
    assert random.random() == before


def test_first_settlement_goes_where_the_numbers_roll_often():
    game = Game.new(Board.beginner(), seed=0)
    decision = StrongBot(0).decide(game)
    assert isinstance(decision.action, PlaceSettlement)
    node = INTERSECTION_INDEX[decision.action.node]
    dots = {2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}
    board = game.board
    total = sum(dots.get(board.numbers[h], 0) for h, corners in enumerate(HEX_CORNERS)
                if node in corners)
    assert total >= 11
    assert decision.reason_cs.startswith("Oranžový zakládá vesnici u ")


def robber_position() -> Game:
    """Orange's only building is on forest 6 (a3), where red has a city and blue a
    settlement: the most harmful hex for the opponents, and orange's own."""
    game = sandbox(FOUR[:3])
    game.place_settlement("orange", "a3.NE")
    game.place_settlement("red", "a3.S", city=True)
    game.place_settlement("red", "c3.SE", city=True)
    game.place_settlement("blue", "a2.NE")
    game.set_hand("red", hand(brick=2, ore=1))
    game.set_hand("blue", hand(wool=1))
    return game


def test_after_a_seven_the_robber_never_goes_to_the_bots_own_hex():
    game = robber_position()
    game.set_current("orange", "roll")
    game.apply(RollDice("orange", (3, 4)))
    decision = StrongBot(0).decide(game)
    assert isinstance(decision.action, MoveRobber)
    assert decision.action.hex not in hexes_of(game, "orange")
    assert decision.action.victim == "red"  # the player with the most points
    assert "zloděje" in decision.reason_cs


def test_a_knight_sends_the_robber_away_from_the_bots_hex_and_not_onto_it():
    game = robber_position()
    game.set_robber("a3")
    game.set_dev_cards("orange", ["knight"])
    game.set_current("orange", "roll")
    decision = StrongBot(0).decide(game)
    assert isinstance(decision.action, PlayKnight)
    assert decision.action.hex not in hexes_of(game, "orange")
    assert "blokuje" in decision.reason_cs


def seven_with_hand(**cards) -> Game:
    """Orange: a settlement on d2.SE with one road (no settlement spot yet); a 7 is rolled
    with ``cards`` in orange's hand."""
    game = sandbox(FOUR[:3])
    game.place_settlement("orange", "d2.SE")
    place_roads(game, "orange", "d2.SE", "d2.S")
    game.place_settlement("red", "a1.S")
    game.set_hand("red", hand(grain=1))
    game.set_hand("orange", hand(**cards))
    game.set_current("orange", "roll")
    game.apply(RollDice("orange", (3, 4)))
    return game


def kept(game: Game, discard: Discard) -> dict[str, int]:
    return {r: n - discard.cards.get(r, 0) for r, n in game.hand("orange").items()}


def test_a_discard_keeps_the_cards_for_the_cheapest_reachable_build():
    game = seven_with_hand(brick=1, lumber=1, wool=3, ore=3)
    decision = StrongBot(0).decide(game)
    assert isinstance(decision.action, Discard)
    left = kept(game, decision.action)
    assert left["brick"] == 1 and left["lumber"] == 1  # a road toward the next settlement
    # The table sees the cards go, not the plan.
    assert decision.reason_cs.endswith(", protože se bez nich obejde nejsnáz.")
    assert "na silnici" in StrongBot(0, tells_plan=True).decide(game).reason_cs  # the hint's


def test_a_discard_keeps_a_whole_city_when_the_hand_holds_one():
    game = seven_with_hand(lumber=1, wool=3, grain=2, ore=3)
    decision = StrongBot(0).decide(game)
    assert kept(game, decision.action) == hand(grain=2, ore=3)
    # The table sees the cards go, not the plan.
    assert decision.reason_cs.endswith(", protože se bez nich obejde nejsnáz.")
    assert "na město" in StrongBot(0, tells_plan=True).decide(game).reason_cs  # the hint's


def settlement_spot_position(**cards) -> Game:
    """Orange: a settlement on d2.SE and two roads to a free spot (d1.SE), in the trade phase."""
    game = sandbox(FOUR[:3])
    game.place_settlement("orange", "d2.SE")
    place_roads(game, "orange", "d2.SE", "d2.S", "d1.SE")
    game.place_settlement("red", "a1.S")
    game.set_hand("orange", hand(**cards))
    return game


def test_the_bot_trades_surplus_with_the_bank_for_the_card_its_settlement_lacks():
    game = settlement_spot_position(brick=1, lumber=1, grain=1, ore=4)
    decision = StrongBot(0).decide(game)
    assert decision.action == TradeBank("orange", "ore", "wool")
    # The plan stays with the bot (the table sees the trade); the hint's bot tells it.
    assert decision.reason_cs == ("Oranžový mění se zámořím 4 rudy za 1 vlnu, protože vlnu teď"
                                  " potřebuje víc než rudu.")
    assert StrongBot(0, tells_plan=True).decide(game).reason_cs == (
        "Oranžový mění se zámořím 4 rudy za 1 vlnu, protože šetří na vesnici.")
    game.apply(decision.action)
    assert isinstance(StrongBot(0).decide(game).action, EndTrade)
    game.apply(EndTrade("orange"))
    decision = StrongBot(0).decide(game)
    assert decision.action == BuildSettlement("orange", "d1.SE")
    assert decision.reason_cs.startswith("Oranžový staví vesnici u ")


def test_a_partner_accepts_a_trade_that_completes_a_build_unless_the_offerer_nearly_won():
    game = settlement_spot_position(brick=1, lumber=1, grain=1, ore=4)
    game.set_hand("red", hand(brick=1, lumber=1, grain=1, ore=1))
    bot = StrongBot(0)
    # Red can build a road and lacks only wool for a settlement.
    assert bot.answer(game, "orange", "red", give={"ore": 1}, get={"brick": 1}) is False
    assert bot.answer(game, "orange", "red", give={"ore": 1}, get={"grain": 1}) is False
    game.set_hand("orange", hand(wool=2))
    assert bot.answer(game, "orange", "red", give={"wool": 1}, get={"ore": 1}) is True
    for node in ("c5.SE", "e3.S", "b4.NE", "a1.NW"):
        game.place_settlement("orange", node)
    for node in ("c5.SE", "e3.S", "b4.NE"):
        game.place_settlement("orange", node, city=True)
    assert game.points("orange")["total"] >= 8
    assert bot.answer(game, "orange", "red", give={"wool": 1}, get={"ore": 1}) is False


def test_a_bot_decides_the_same_on_a_game_replayed_from_its_log_as_the_site_stores_it():
    """The site keeps a game as its log of actions and replays it: the bot counts the
    others' cards from that log, so the replayed game gets the same decision."""
    game, strong, bots = strong_against_random(6)
    checked = 0
    while game.winner is None and checked < 300:
        color = game.acting_player
        if color == strong:
            replayed = Game.new(Board.variable(6), FOUR, seed=6)
            for action in game.history:
                replayed.apply(actions.from_json(action.to_json()))
            assert StrongBot(6).decide(replayed).action == StrongBot(6).decide(game).action
            checked += 1
        game.apply(bots[color].decide(game).action)
    assert checked == 300 or game.winner is not None


def test_a_position_loaded_from_json_without_its_log_still_gets_a_legal_decision():
    """Without a history there is nothing to count: the others' hand sizes alone."""
    game, strong, bots = strong_against_random(6)
    checked = 0
    while game.winner is None and checked < 100:
        color = game.acting_player
        if color == strong:
            loaded = Game.from_json(game.to_json())
            assert loaded.history == []
            assert StrongBot(6).decide(loaded).action in _legal_or_offer(loaded)
            checked += 1
        game.apply(bots[color].decide(game).action)
    assert checked == 100 or game.winner is not None


def _legal_or_offer(game: Game) -> list:
    """The legal actions, plus the 1-for-1 offers and counter-offers a player may make
    whatever the partner holds (legal_actions lists only those the partner can pay)."""
    legal = game.legal_actions()
    me = game.acting_player
    mine = [r for r, n in game.hand(me).items() if n]
    names = ("brick", "lumber", "wool", "grain", "ore")
    if any(a.type == "counter_offer" for a in legal) or game.phase == "offer":
        legal += [actions.CounterOffer(me, {g: 1}, {t: 1}) for g in mine for t in names
                  if t != g]
    if game.phase in ("trade", "main"):
        legal += [actions.OfferTrade(me, p, {g: 1}, {t: 1}) for p in game.players if p != me
                  for g in mine for t in names if t != g]
    return legal


def test_a_finished_game_gets_no_decision():
    game, _, bots = strong_against_random(2)
    play_out(game, bots)
    for bot in (StrongBot(0), RandomBot(0)):
        with pytest.raises(RuleViolation) as exc:
            bot.decide(game)
        assert exc.value.code == "game_over"


SAMPLE_ACTIONS = {
    "place_settlement": {"node": "a1.N"}, "place_road": {"path": "a1.NW"},
    "roll_dice": {}, "discard": {"cards": {"brick": 2}},
    "move_robber": {"hex": "c3", "victim": "red"}, "play_knight": {"hex": "c3"},
    "play_road_building": {"paths": ["a1.NW", "a1.NE"]},
    "play_year_of_plenty": {"resources": ["ore", "grain"]}, "play_monopoly": {"resource": "wool"},
    "build_road": {"path": "b3|b4"}, "build_settlement": {"node": "a2.SE"},
    "build_city": {"node": "a2.SE"}, "buy_development_card": {},
    "trade_bank": {"give": "ore", "get": "wool"},
    "trade_players": {"partner": "red", "give": {"ore": 1}, "get": {"wool": 1}},
    "offer_trade": {"partner": None, "give": {"ore": 1}, "get": {"wool": 1}},
    "accept_trade": {}, "decline_trade": {},
    "counter_offer": {"give": {"ore": 1}, "get": {"wool": 2}},
    "build_neutral_settlement": {"neutral": "white", "node": "a2.SE"},
    "build_neutral_road": {"neutral": "white", "path": "b3|b4"},
    "forced_trade": {}, "give_back": {"cards": {"ore": 2}}, "robber_to_desert": {},
    "retire_knight": {}, "end_trade": {}, "end_turn": {},
}


def test_every_kind_of_action_has_a_czech_description():
    assert set(SAMPLE_ACTIONS) == set(actions.ACTION_TYPES)
    for kind, fields in SAMPLE_ACTIONS.items():
        action = actions.from_json({"type": kind, "player": "blue", **fields})
        text = sentence("blue", words.describe(action, Board.beginner(), rate=3))
        assert text.startswith("Modrý ") and text.endswith(".") and "None" not in text
    assert words.describe(actions.TradeBank("blue", "ore", "wool"), Board.beginner(), rate=3) == \
        "mění se zámořím 3 rudy za 1 vlnu"


def test_the_strong_bot_does_not_peek_at_the_dice_to_come_nor_the_deck_order():
    game, strong, bots = strong_against_random(8)
    other_rng = Game.new(Board.beginner(), seed=99).to_json()["rng"]
    checked = 0
    while game.winner is None and checked < 200:
        color = game.acting_player
        if color == strong:
            position = game.to_json()
            changed = dict(position, rng=other_rng, deck=list(reversed(position["deck"])))
            assert (StrongBot(8).decide(Game.from_json(changed)).action
                    == StrongBot(8).decide(Game.from_json(position)).action)
            checked += 1
        game.apply(bots[color].decide(game).action)
    assert checked == 200 or game.winner is not None
