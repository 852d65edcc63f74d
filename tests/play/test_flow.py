"""A game at the table without HTTP: the log replays to the same game, chance does not
depend on whether the game was kept in memory, computer players stop for the person."""

from engine import actions
from tutorial import action_words
from tutorial.play import flow, record
from tutorial.play.computers import decide_for, seat

FOUR = flow.Setup(players=("orange", "red", "blue", "white"), people=("orange",), seed=11)


PREFERENCE = (actions.RollDice, actions.Discard, actions.MoveRobber, actions.BuildRoad,
              actions.PlaceSettlement, actions.PlaceRoad, actions.DeclineTrade,
              actions.EndTurn)


def person_move(game, setup, bots, log, preference=PREFERENCE):
    legal = game.legal_actions()
    chosen = next(a for kind in preference for a in legal if isinstance(a, kind))
    log.append(flow.apply(game, setup, chosen, "person"))
    log += flow.computers_play(game, setup, decide_for(bots))


def play_a_while(setup: flow.Setup, person_moves: int):
    """The person rolls, builds a road when possible and ends the turn; bots reply."""
    game, bots = flow.start(setup), seat(setup)
    log = list(flow.computers_play(game, setup, decide_for(bots)))
    for _ in range(person_moves):
        if game.winner:
            break
        person_move(game, setup, bots, log)
    return game, bots, log


def test_the_stored_log_replays_to_the_same_position():
    game, bots, log = play_a_while(FOUR, 25)
    again = flow.replay(FOUR, [m.action for m in log])
    assert again.to_json()["buildings"] == game.to_json()["buildings"]
    assert [again.hand(c) for c in again.players] == [game.hand(c) for c in game.players]
    assert again.turn_number == game.turn_number > 5


def test_the_next_dice_do_not_depend_on_a_restart():
    game, bots, log = play_a_while(FOUR, 12)
    without_roll = tuple(k for k in PREFERENCE if k is not actions.RollDice)
    while (game.acting_player, game.phase) != ("orange", "roll"):
        person_move(game, FOUR, bots, log, without_roll)
    replayed = flow.replay(FOUR, [m.action for m in log])
    kept = flow.apply(game, FOUR, actions.RollDice("orange"), "person")
    fresh = flow.apply(replayed, FOUR, actions.RollDice("orange"), "person")
    assert kept.action["dice"] == fresh.action["dice"]


def test_computer_players_stop_when_the_person_must_act():
    game, _, _ = play_a_while(FOUR, 6)
    assert game.acting_player == "orange" or game.winner


def test_every_computer_move_comes_with_narration_and_a_reason_where_it_had_a_choice():
    _, _, log = play_a_while(FOUR, 10)
    bots = [m for m in log if m.by == "computer"]
    assert bots
    assert all(m.text for m in bots)
    # A roll or a forced move has no reason ("Červený hází kostkami." says nothing).
    assert all(" protože " in m.reason or " aby " in m.reason for m in bots if m.reason)
    assert sum(bool(m.reason) for m in bots) > len(bots) / 3
    assert any("hodil" in m.text for m in bots)


def test_a_bought_card_stays_secret_in_the_narration():
    events = [{"kind": "card_bought", "player": "red", "card": "victory_point"}]
    text = action_words.tell(actions.BuyDevelopmentCard("red"), events, _position(),
                             ("red", "blue"))
    assert "kupuje akční kartu" in text and "Vítězný bod" not in text


def test_set_up_placements_are_told_as_founding_not_buying():
    text = action_words.tell(actions.PlaceSettlement("blue", "c3.N"), [], _position(), ("blue",))
    assert text.startswith("Modrý zakládá vesnici u ") and "platí" not in text


def test_record_turns_end_with_the_turn_or_a_set_up_road():
    kinds = ["place_settlement", "place_road", "place_settlement", "place_road", "roll_dice",
             "build_road", "end_turn", "roll_dice"]
    assert record.turn_steps(kinds) == [(1, 1), (1, 2), (2, 1), (2, 2), (3, 1), (3, 2),
                                        (3, 3), (4, 1)]


def test_labels_speak_czech_to_the_person():
    position = _position()
    assert action_words.label(actions.RollDice("orange"), position) == "Hodit kostkami"
    assert action_words.label(actions.TradeBank("orange", "brick", "ore"), position, rate=4) == (
        "Vyměnit do banku 4 cihly za 1 rudu (4 : 1)")
    assert action_words.label(actions.EndTurn("orange"), position) == "Ukončit tah"


def _position() -> dict:
    from tutorial import board_svg

    return board_svg.position_of(flow.start(FOUR))
