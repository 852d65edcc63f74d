from django.apps import AppConfig


class TutorialConfig(AppConfig):
    """A namespace of families, as django.contrib is: tutorial.example, tutorial.quiz,
    tutorial.lessons, tutorial.play, tutorial.referee, tutorial.review, each an app of its own
    with its models, views, URLs and templates. This app itself has no models; it holds the
    pieces the families share (the board drawn and told in words, narration, action words,
    nicknames, reading inputs, the message page, the live pages' polls), the housekeeping
    commands, and its migrations, kept for history: they made the lessons' tables, which
    tutorial.lessons owns since its 0001."""

    name = "tutorial"
    verbose_name = "Příklad hry, kvízy a hodiny"
