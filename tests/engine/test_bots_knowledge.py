"""Computer players play as a person could: from their own cards and what a player at the
table can count of the others' (engine.bots.knowledge), never from the others' hidden hands
or development cards.

The fairness check plays seeded games of every level (2, 3 and 4 players) and, before each
computer decision, hands a copy of the position with every other player's cards scrambled
(the same number of cards, other resources; other development cards) to a twin of the bot:
its decision must be the same, word for word."""

import copy
import random

import pytest

from engine import Board, Game, Rules, actions
from engine.bots import StrongBot, knowledge
from engine.bots.levels import LEVELS
from engine.constants import COLORS, RESOURCES
from engine.errors import InvalidInput

DEV_KINDS = ("knight", "road_building", "year_of_plenty", "monopoly", "victory_point")


def new_game(seed: int, players: int) -> Game:
    return Game.new(Board.variable(seed), COLORS[:players], seed=seed,
                    rules=Rules(two_player=players == 2))


def scrambled(game: Game, me: str, rng: random.Random) -> Game | None:
    """A copy in which every player but ``me`` holds other cards: the same hand size and
    the same number of development cards, drawn at random (None when the bank lacks the
    cards for it)."""
    other = game.copy()
    opponents = [c for c in game.players if c != me]
    for c in opponents:
        other.set_hand(c, {r: 0 for r in RESOURCES})
    try:
        for c in opponents:
            cards = {r: 0 for r in RESOURCES}
            for _ in range(game.hand_size(c)):
                cards[rng.choice(RESOURCES)] += 1
            other.set_hand(c, cards)
            held = len(game.dev_cards(c))
            other.set_dev_cards(c, [rng.choice(DEV_KINDS) for _ in range(held)])
    except InvalidInput:
        return None
    return other


@pytest.mark.parametrize(("players", "level"), [(p, lv) for p in (2, 3, 4) for lv in LEVELS])
def test_no_level_decides_from_the_others_hidden_cards(players, level):
    rng = random.Random(players * 10 + len(level))
    checked = changed = 0
    for seed in range(2):
        game = new_game(seed, players)
        bots = {c: StrongBot(seed * 8 + i, level=level) for i, c in enumerate(game.players)}
        while game.winner is None and game.turn_number <= 80:
            me = game.acting_player
            bot = bots[me]
            if game.phase != "setup":
                other = scrambled(game, me, rng)
                if other is not None:
                    changed += any(other.hand(c) != game.hand(c)
                                   for c in game.players if c != me)
                    twin = copy.deepcopy(bot)
                    assert twin.decide(other) == copy.deepcopy(bot).decide(game), \
                        (seed, game.turn_number, game.phase)
                    checked += 1
            game.apply(bot.decide(game).action)
    assert checked > 150 and changed > 100


def test_the_hint_sees_what_the_computer_players_see():
    """The hint (public=True) is the same strong player: the same decision."""
    game = new_game(3, 4)
    bots = {c: StrongBot(i) for i, c in enumerate(game.players)}
    for _ in range(400):
        decision = bots[game.acting_player].decide(game)
        assert StrongBot(0, public=True).decide(game) == StrongBot(0).decide(game)
        game.apply(decision.action)


def test_in_katan_pro_dva_counting_the_cards_tells_the_opponents_hand_exactly():
    """Two players see every steal and every forced trade: a card counter knows all."""
    game = new_game(5, 2)
    bots = {c: StrongBot(i) for i, c in enumerate(game.players)}
    counted = 0
    while game.winner is None and game.turn_number <= 60:
        me = game.acting_player
        for viewer in game.players:
            estimate = knowledge.estimate(game, viewer)
            assert estimate is not None
            for c in game.players:
                assert estimate[c] == [game.hand(c)[r] for r in RESOURCES]
            counted += 1
        game.apply(bots[me].decide(game).action)
    assert counted > 100


def test_the_estimate_adds_up_to_the_hand_sizes_everybody_sees():
    game = new_game(7, 4)
    bots = {c: StrongBot(i) for i, c in enumerate(game.players)}
    while game.winner is None and game.turn_number <= 60:
        for viewer in game.players:
            estimate = knowledge.estimate(game, viewer)
            for c in game.players:
                assert sum(estimate[c]) == pytest.approx(game.hand_size(c))
                assert min(estimate[c]) >= 0
        game.apply(bots[game.acting_player].decide(game).action)


def robbery_of_two_kinds(seed: int) -> tuple[list, actions.Action]:
    """A seeded 4-player game up to the first robbery (a 7 or a knight) of a victim who
    holds two kinds of card: (the history before it, the robbery)."""
    game = new_game(seed, 4)
    bots = {c: StrongBot(i) for i, c in enumerate(game.players)}
    while game.winner is None:
        decision = bots[game.acting_player].decide(game)
        action = decision.action
        if (isinstance(action, actions.MoveRobber | actions.PlayKnight)
                and action.victim is not None
                and sum(1 for n in game.hand(action.victim).values() if n) >= 2):
            return list(game.history), action
        game.apply(action)
    raise AssertionError("no such robbery in the game")


def replayed(seed: int, history: list) -> Game:
    game = new_game(seed, 4)
    for action in history:
        game.apply(action)
    return game


def test_a_steal_between_two_others_tells_a_third_player_nothing_of_the_card():
    history, robbery = robbery_of_two_kinds(11)
    thief, victim = robbery.player, robbery.victim
    third = next(c for c in COLORS if c not in (thief, victim))
    held = [r for r, n in replayed(11, history).hand(victim).items() if n][:2]
    unseen, seen = [], []
    for card in held:
        trial = replayed(11, history)
        trial.apply(type(robbery)(thief, robbery.hex, victim, card))
        unseen.append(knowledge.estimate(trial, third))
        seen.append((knowledge.estimate(trial, thief)[victim],
                     knowledge.estimate(trial, victim)[thief]))
    assert unseen[0] == unseen[1]          # the third player cannot tell which card
    assert seen[0] != seen[1]              # the thief and the victim can


def test_a_position_without_its_log_is_judged_by_hand_sizes_only():
    """Game.from_json keeps no history: nothing to count, the others' sizes are known."""
    game = new_game(2, 4)
    bots = {c: StrongBot(i) for i, c in enumerate(game.players)}
    for _ in range(300):
        game.apply(bots[game.acting_player].decide(game).action)
    loaded = Game.from_json(game.to_json())
    assert knowledge.estimate(loaded, "orange") is None
    assert knowledge.estimate(game, "orange") is not None
