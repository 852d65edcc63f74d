from django.apps import AppConfig


class TutorialConfig(AppConfig):
    """The tutorial's shared pieces (board drawing, Czech word forms, narration) and the
    families: tutorial.example, tutorial.quiz, tutorial.lessons, tutorial.play, … (each an app
    of its own, with its own models). Its migrations made the lessons' tables, which
    tutorial.lessons owns since its 0001."""

    name = "tutorial"
    verbose_name = "Příklad hry, kvízy a hodiny"
