"""The engine's layers: a copy is a whole independent game, the rules pick the game's class
(base game or Katan pro dva), and the base game knows nothing of Katan pro dva but refuses
its actions with a reason."""

import random

import pytest
from engine_kit import hand, random_game, sandbox

from engine import Board, Game, InvalidInput, ProDvaGame, Rules, RuleViolation, actions
from engine.position import Position

PRO_DVA = Rules(two_player=True)

# Slots a copy shares on purpose: immutable values, or caches that are replaced (never
# changed in place) when the position changes.
SHARED = {"board", "rules", "_colors", "_player_seat", "_color_seat", "_setup_order",
          "_offer", "_seat_actions", "_pro_dva_actions", "_production_cache"}


def all_slots(cls: type) -> list[str]:
    return [slot for klass in cls.__mro__ for slot in getattr(klass, "__slots__", ())]


def mid_game(rules: Rules, seed: int) -> Game:
    rng = random.Random(seed)
    players = ("orange", "red") if rules.two_player else ("orange", "red", "blue", "white")
    game = Game.new(Board.variable(seed), players, seed=seed, rules=rules)
    for _ in range(400):
        game.apply(rng.choice(game.legal_actions()))
    return game


@pytest.mark.parametrize("rules", [Rules(), PRO_DVA], ids=["base", "pro_dva"])
def test_a_copy_has_every_slot_and_shares_nothing_that_changes(rules):
    game = mid_game(rules, 5)
    copy = game.copy()
    assert type(copy) is type(game)
    slots = all_slots(type(game))
    assert len(slots) == len(set(slots)), "a slot is declared twice"
    for slot in slots:
        original, copied = getattr(game, slot), getattr(copy, slot)
        if slot == "_rng":
            assert copied is not original and copied.getstate() == original.getstate()
        else:
            assert copied == original, slot
        if isinstance(original, list) and slot not in SHARED:
            assert copied is not original, f"{slot} is shared by the copy"
            for inner_original, inner_copied in zip(original, copied, strict=True):
                if isinstance(inner_original, list):
                    assert inner_copied is not inner_original, f"{slot}[...] is shared"


@pytest.mark.parametrize("rules", [Rules(), PRO_DVA], ids=["base", "pro_dva"])
def test_playing_on_a_copy_leaves_the_original_as_it_was(rules):
    game = mid_game(rules, 8)
    before = game.to_json()
    copy = game.copy()
    rng = random.Random(1)
    for _ in range(200):
        if copy.phase == "over":
            break
        copy.apply(rng.choice(copy.legal_actions()))
    assert game.to_json() == before


def test_the_rules_pick_the_game():
    """Game.new, Game.beginner, Game.empty and Game.from_json build Katan pro dva when the
    rules say two_player, the base game otherwise."""
    assert type(Game.new(Board.beginner())) is Game
    two = Game.new(Board.beginner(), ("orange", "red"), rules=PRO_DVA)
    assert isinstance(two, ProDvaGame)
    assert isinstance(Game.beginner(("orange", "red"), rules=PRO_DVA), ProDvaGame)
    assert isinstance(Game.empty(Board.beginner(), ("orange", "red"), rules=PRO_DVA),
                      ProDvaGame)
    assert isinstance(Game.from_json(two.to_json()), ProDvaGame)
    assert type(Game.from_json(Game.beginner().to_json())) is Game


def test_the_base_game_refuses_katan_pro_dva_actions_with_a_reason():
    game = sandbox(("orange", "red", "blue"))
    game.set_hand("orange", hand(brick=2, wool=2))
    for action in (actions.ForcedTrade("orange"), actions.RetireKnight("orange"),
                   actions.GiveBack("orange", {"brick": 1, "wool": 1}),
                   actions.BuildNeutralSettlement("orange", "white", "c3.SE"),
                   actions.BuildNeutralRoad("orange", "white", "b3|b4")):
        with pytest.raises(RuleViolation) as exc:
            game.apply(action)
        assert exc.value.code == "two_player_only"
        assert exc.value.headword == "katan-pro-dva"
    assert game.hand("orange") == hand(brick=2, wool=2)


def test_katan_pro_dva_state_does_not_load_into_the_base_game():
    data = Game.beginner().to_json()
    data["neutral_builds_owed"] = 1
    with pytest.raises(InvalidInput) as exc:
        Game.from_json(data)
    assert exc.value.code == "position_neutral"
    data = Game.beginner().to_json()
    data["phase"] = "give_back"
    data["resume"] = "trade"
    with pytest.raises(InvalidInput) as exc:
        Game.from_json(data)
    assert exc.value.code == "position_phase"


def test_katan_pro_dva_state_lives_in_its_class_and_the_json_stays_one_format():
    """The variant's state is ProDvaGame's (as python-chess keeps a variant's in its board
    class); every game still writes the same keys, in the same order, the base game with
    the variant's values for "none"."""
    base, two = set(all_slots(Game)), set(all_slots(ProDvaGame))
    own = {"_trade_cards", "_trade_card_action_used", "_knight_retired", "_removed_knights",
           "_neutral_builds_owed"}
    assert own <= two and not own & base
    keys = ["format", "board", "rules", "players", "phase", "current", "turn_number", "winner",
            "robber", "buildings", "roads", "hands", "dev_cards", "dev_cards_new", "played",
            "deck", "deck_explicit", "dev_card_played_this_turn", "discard", "fresh_harbors",
            "longest_road_holder", "largest_army_holder", "setup", "rng", "resume", "offer",
            "rolls", "first_roll_total", "trade_cards", "trade_card_action_used",
            "knight_retired", "removed_knights", "neutral_builds_owed"]
    data = Game.beginner().to_json()
    assert list(data) == keys
    assert (data["trade_cards"], data["removed_knights"], data["neutral_builds_owed"]) == (
        {}, 0, 0)
    two_data = Game.beginner(("orange", "red"), rules=PRO_DVA).to_json()
    assert list(two_data) == keys
    # 4 trade cards each at the start, and 1 for orange's settlement on the coast
    assert two_data["trade_cards"] == {"orange": 5, "red": 4}


@pytest.mark.parametrize("rules", [Rules(), Rules(combined_trade_build=True), PRO_DVA],
                         ids=["base", "combined", "pro_dva"])
def test_listing_without_domestic_trades_leaves_out_exactly_the_offers(rules):
    rng = random.Random(3)
    players = ("orange", "red") if rules.two_player else ("orange", "red", "blue", "white")
    game = Game.new(Board.variable(3), players, seed=3, rules=rules)
    offers_seen = 0
    for _ in range(600):
        if game.phase == "over":
            break
        everything = game.legal_actions()
        without = [a for a in everything if not isinstance(a, actions.OfferTrade)]
        offers_seen += len(everything) - len(without)
        assert game.legal_actions(domestic_trades=False) == without
        game.apply(rng.choice(without))
    assert offers_seen > 0


def test_the_position_layer_reads_without_the_game():
    """Position holds the state and its reads; a loaded game answers them the same."""
    game = random_game(4, 300)
    assert isinstance(game, Position)
    loaded = Game.from_json(game.to_json())
    for color in game.players:
        assert loaded.points(color) == game.points(color)
        assert loaded.legal_road_spots(color) == game.legal_road_spots(color)
        assert loaded.road_length(color) == game.road_length(color)


def test_a_copy_that_builds_does_not_change_what_the_original_produces():
    """Copies share what each roll total yields until one of them builds; a settlement put
    up in the copy must not pay out in the original."""
    from engine.topology import HEX_CORNERS, HEX_IDS, INTERSECTION_IDS

    game = sandbox()
    board = game.board
    h = next(i for i, number in enumerate(board.numbers) if number not in (None, 7))
    total = board.numbers[h]
    dice = (total - 1, 1) if total <= 7 else (6, total - 6)
    if game.robber == HEX_IDS[h]:
        game.set_robber(next(x for x in HEX_IDS if x != HEX_IDS[h]))
    game.set_current("orange", "roll")
    copy = game.copy()
    copy.place_settlement("red", INTERSECTION_IDS[HEX_CORNERS[h][0]])
    assert copy.apply(actions.RollDice("orange", dice))[1].to_json()["gains"]
    events = game.apply(actions.RollDice("orange", dice))
    assert events[1].to_json()["gains"] == {}
    assert game.hand("red") == hand()
