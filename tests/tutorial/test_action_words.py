"""Every action the engine knows has its Czech button label (tutorial.action_words)."""

from engine import Game, ProDvaGame, actions
from tutorial import action_words, board_svg


def test_every_action_the_engine_can_produce_has_a_button_label():
    known = set(actions.ACTION_TYPES.values()) | set(Game.handlers) | set(ProDvaGame.handlers)
    assert known - set(action_words.LABELS) == set()


def test_the_legal_moves_after_a_roll_are_labelled_in_czech():
    game = Game.beginner()
    game.apply(actions.RollDice("orange", (4, 4)))
    position = board_svg.position_of(game)
    labels = [action_words.label(a, position) for a in game.legal_actions()]
    assert "Ukončit obchod a stavět" in labels
    assert all(text[:1].isupper() and type(a).__name__ not in text
               for a, text in zip(game.legal_actions(), labels, strict=True))
